// aclnnL1LossBackward: validation in CANN's order with CANN's messages (SPEC 4), the profile rules and the
// mean factor (SPEC 5.2), and the two public phases. Execution is the engine's (engine/elementwise.h); the
// arithmetic is the L1 row kernels' (kernels/l1_loss_grad.h).
#include "aclnnop/aclnn_l1_loss_backward.h"

#include <string>

#include "common/fp_env.h"
#include "common/status.h"
#include "engine/elementwise.h"
#include "engine/first_phase.h"
#include "executor/executor.h"
#include "kernels/l1_loss_grad.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace {

constexpr const char* kApi1 = "aclnnL1LossBackwardGetWorkspaceSize";
constexpr const char* kApi2 = "aclnnL1LossBackward";
// Executor tensor order: inputs gradOutput, self, target (CANN's input indices 0, 1, 2), output gradInput.
constexpr const char* const kTensorNames[] = {"gradOutput", "self", "target", "gradInput"};

// ------------------------------------------------------------------ product profile rules (SPEC 4.4, 5.2)

struct ProfileRules {
    kern::SignRule sign;
    bool sequential_mean;  // true: r = 1/d1/d2/... in float32 (arch35); false: (float)(1.0/numel) (TBE)
    bool bf16;             // BF16 in the dtype support list (rt::SupportsBf16, the one product rule)
};

ProfileRules RulesFor(rt::Soc soc) {
    const bool bf16 = rt::SupportsBf16(soc);
    if (soc == rt::Soc::kAscend950) return {kern::SignRule::kArch35, true, bf16};
    return {kern::SignRule::kTbe, false, bf16};  // the TBE profiles: A2, A3, 910, 310P
}

float MeanFactor(const ProfileRules& rules, const engine::BroadcastShape& b) {
    FpEnvScope fp_env;  // float32/double arithmetic in nearest-even whatever the caller's MXCSR says
    if (rules.sequential_mean) {
        float r = 1.0f;
        if (b.n == 0) return r / 1.0f;  // a 0-d shape counts as [1]
        for (size_t i = 0; i < b.n; ++i) r = r / static_cast<float>(b.d[i]);
        return r;
    }
    return static_cast<float>(1.0 / static_cast<double>(b.Numel()));
}

std::string DtypeList(bool bf16) { return bf16 ? "DT_FLOAT, DT_FLOAT16, DT_BF16" : "DT_FLOAT, DT_FLOAT16"; }

// ------------------------------------------------------------------ first phase checks (SPEC 4, in order)

int CheckDtypes(const aclTensor* g, const aclTensor* s, const aclTensor* t, const aclTensor* out,
                const ProfileRules& rules, aclDataType* promote) {
    const aclDataType p1 = PromoteTypes(g->dtype, s->dtype);
    if (p1 == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "GradOutput dtype %s and Self dtype %s can not be promoted.",
                    DtypeName(g->dtype), DtypeName(s->dtype));
    }
    const aclDataType p = PromoteTypes(t->dtype, p1);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Target dtype %s, GradOutput dtype %s and Self dtype %s can not be promoted.",
                    DtypeName(t->dtype), DtypeName(g->dtype), DtypeName(s->dtype));
    }
    if (!CanCast(p, out->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.", DtypeName(p),
                    DtypeName(out->dtype));
    }
    const bool supported = p == ACL_FLOAT || p == ACL_FLOAT16 || (p == ACL_BF16 && rules.bf16);
    if (!supported) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "promoteType dtype %s should be in dtype support list [%s] of %s.",
                    DtypeName(p), DtypeList(rules.bf16).c_str(), rt::SocName(rt::ActiveSoc()));
    }
    *promote = p;
    return 0;
}

int CheckShapes(const aclTensor* g, const aclTensor* s, const aclTensor* t, const aclTensor* out,
                engine::BroadcastShape* b) {
    const aclTensor* order[4] = {s, t, g, out};
    const char* names[4] = {"self", "target", "gradOutput", "gradInput"};
    for (int i = 0; i < 4; ++i) {
        if (order[i]->view_shape.size() > static_cast<size_t>(kMaxDims)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %d dimensions (it has %zu: %s).",
                        names[i], kMaxDims, order[i]->view_shape.size(), ShapeString(order[i]->view_shape).c_str());
        }
    }
    engine::BroadcastShape b1;
    if (!engine::Broadcast(s->view_shape.data(), s->view_shape.size(), g->view_shape.data(), g->view_shape.size(), &b1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor self %s must match the size of tensor gradOutput %s.",
                    ShapeString(s->view_shape).c_str(), ShapeString(g->view_shape).c_str());
    }
    if (!engine::Broadcast(t->view_shape.data(), t->view_shape.size(), b1.d, b1.n, b)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "GradOutput tensor shape:%s self tensor shape:%s target tensor shape:%s can't broadcast.",
                    ShapeString(g->view_shape).c_str(), ShapeString(s->view_shape).c_str(),
                    ShapeString(t->view_shape).c_str());
    }
    if (!b->Equals(out->view_shape)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out should be %s, but current is %s.", ShapeString(b->d, b->n).c_str(),
                    ShapeString(out->view_shape).c_str());
    }
    return 0;
}

int FirstPhase(const aclTensor* gradOutput, const aclTensor* self, const aclTensor* target, int64_t reduction,
               aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (workspaceSize == nullptr || executor == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: the %s is nullptr.", kApi1,
                    workspaceSize == nullptr ? "workspaceSize" : "executor");
    }
    const aclTensor* t[4] = {gradOutput, self, target, gradInput};
    if (int ret = engine::CheckTensorArgs(t, kTensorNames, 4)) return ret;
    if (reduction < 0 || reduction > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected reduction to be 0 or 1 or 2, but got %lld.",
                    static_cast<long long>(reduction));
    }
    const ProfileRules rules = RulesFor(rt::ActiveSoc());
    aclDataType promote = ACL_FLOAT;
    if (int ret = CheckDtypes(gradOutput, self, target, gradInput, rules, &promote)) return ret;
    engine::BroadcastShape b;
    if (int ret = CheckShapes(gradOutput, self, target, gradInput, &b)) return ret;
    if (int ret = engine::CheckElementwiseViews(t, kTensorNames, 4, 3)) return ret;
    if (gradOutput->format == ACL_FORMAT_FRACTAL_NZ) {
        Log(LogLevel::kWarning, "Format of input gets [FRACTAL_NZ], this format may lead to precision failure");
    }

    const bool empty = self->numel == 0 || gradOutput->numel == 0 || target->numel == 0;
    kern::L1Params params{promote, rules.sign, 1.0f};
    if (reduction == 1 && !empty) params.r = MeanFactor(rules, b);
    // Row operands: gradInput, then gradOutput, self, target (the L1 rows' order), as executor indices.
    const engine::ElementwiseOperands ops{3, 3, {0, 1, 2}};
    return engine::PublishElementwise(t, 4, 3, kApi2, kTensorNames, empty, ops, b,
                                      engine::KernelOf(&kern::SelectL1Row, params), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

using namespace aclcpu;

extern "C" {

aclnnStatus aclnnL1LossBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                const aclTensor* target, int64_t reduction, aclTensor* gradInput,
                                                uint64_t* workspaceSize, aclOpExecutor** executor) {
    return engine::GuardFirstPhase(
        kApi1, [&] { return FirstPhase(gradOutput, self, target, reduction, gradInput, workspaceSize, executor); });
}

aclnnStatus aclnnL1LossBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return RunExecutor(workspace, workspaceSize, executor, stream, kApi2);
}

}  // extern "C"
