// aclnnSmoothL1LossBackward: validation in CANN's order with CANN's messages, the profile rules, beta and the
// mean factor (docs/ops/smooth_l1_loss_backward.md §2-§5; hicann/ops-nn
// loss/smooth_l1_loss_grad_v2/op_api/aclnn_smooth_l1_loss_backward.cpp, op_host/arch35/
// smooth_l1_loss_grad_v2_tiling.cpp), and the two public phases. Execution is the engine's
// (engine/elementwise.h); the arithmetic is the loss-gradient row kernels' (kernels/loss_grad.h).
#include <cmath>
#include <limits>
#include <string>

#include "aclnnop/aclnn_smooth_l1_loss_backward.h"
#include "common/fp_env.h"
#include "common/status.h"
#include "engine/elementwise.h"
#include "engine/first_phase.h"
#include "executor/executor.h"
#include "kernels/loss_grad.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace {

constexpr const char* kApi2 = "aclnnSmoothL1LossBackward";
// Executor tensor order: inputs gradOut, self, target (the API's order), output gradInput.
constexpr const char* const kTensorNames[] = {"gradOut", "self", "target", "gradInput"};

const char* DtypeList(bool bf16) { return bf16 ? "DT_FLOAT, DT_FLOAT16, DT_BF16" : "DT_FLOAT, DT_FLOAT16"; }

bool InList(aclDataType d, bool bf16) { return d == ACL_FLOAT || d == ACL_FLOAT16 || (d == ACL_BF16 && bf16); }

// The rows' parameters for the profile's kernel (§5.2 tiling scalars on Ascend 950, §5.3 TBE elsewhere).
kern::SmoothL1GradParams MakeParams(rt::Soc soc, aclDataType promote, float beta, bool mean, const aclTensor& g,
                                    const aclTensor& s) {
    FpEnvScope fp_env;  // float32/double arithmetic in nearest-even whatever the caller's MXCSR says
    kern::SmoothL1GradParams p{};
    p.promote = promote;
    p.sigma = beta;
    p.neg_sigma = -1.0f * beta;
    p.norm = mean ? static_cast<float>(1.0 / static_cast<double>(s.numel)) : 1.0f;
    if (soc == rt::Soc::kAscend950) {
        // Tiling: doutIsScalar when gradOut's (contiguous) storage shape has one element.
        p.rule = g.numel == 1 ? kern::SmoothL1Rule::kArch35Scalar : kern::SmoothL1Rule::kArch35Tensor;
        p.inv_sigma = std::fabs(beta) < 1e-6f ? std::numeric_limits<float>::quiet_NaN() : 1.0f / beta;
    } else {
        p.rule = kern::SmoothL1Rule::kTbe;
        p.inv_sigma = beta + 1e-6f;  // vadds(sigma, 1e-6) in float32: the divisor of x
    }
    return p;
}

int CheckPromote(const aclTensor* g, const aclTensor* s, const aclTensor* t, const aclTensor* out, bool bf16,
                 aclDataType* promote) {
    const aclDataType p1 = PromoteTypes(g->dtype, s->dtype);
    if (p1 == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "GradOut dtype %s and self dtype %s can not promote dtype.",
                    DtypeName(g->dtype), DtypeName(s->dtype));
    }
    const aclDataType p = PromoteTypes(p1, t->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "GradOut dtype %s and target dtype %s can not promote dtype.",
                    DtypeName(p1), DtypeName(t->dtype));
    }
    if (!InList(p, bf16)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "promote dtype %s should be in dtype support list [%s].", DtypeName(p),
                    DtypeList(bf16));
    }
    if (!CanCast(p, out->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.",
                    DtypeName(p), DtypeName(out->dtype));
    }
    *promote = p;
    return 0;
}

int CheckBroadcast(const aclTensor* g, const aclTensor* s, const aclTensor* t, const aclTensor* out,
                   engine::BroadcastShape* b) {
    engine::BroadcastShape mid;
    if (!engine::Broadcast(g->view_shape.data(), g->view_shape.size(), s->view_shape.data(), s->view_shape.size(),
                           &mid)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Broadcast %s and %s failed.", ShapeString(g->view_shape).c_str(),
                    ShapeString(s->view_shape).c_str());
    }
    if (!engine::Broadcast(mid.d, mid.n, t->view_shape.data(), t->view_shape.size(), b)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Broadcast %s and %s failed.", ShapeString(mid.d, mid.n).c_str(),
                    ShapeString(t->view_shape).c_str());
    }
    if (!b->Equals(out->view_shape)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Exepected tensor for result to have same size as tensor for gradInput, but %s does not equal %s.",
                    ShapeString(b->d, b->n).c_str(), ShapeString(out->view_shape).c_str());
    }
    return 0;
}

int FirstPhase(const aclTensor* gradOut, const aclTensor* self, const aclTensor* target, int64_t reduction, float beta,
               aclTensor* gradInput, uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (workspaceSize == nullptr || executor == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr.");
    }
    const aclTensor* t[4] = {gradOut, self, target, gradInput};
    if (int ret = engine::CheckTensorArgs(t, kTensorNames, 4)) return ret;
    const rt::Soc soc = rt::ActiveSoc();
    const bool bf16 = rt::SupportsBf16(soc);
    for (int i = 0; i < 4; ++i) {
        if (!InList(t[i]->dtype, bf16)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Tensor %s not implemented for %s, should be in dtype support list %s.", kTensorNames[i],
                        DtypeName(t[i]->dtype), DtypeList(bf16));
        }
    }
    size_t max_dims = 0;
    for (int i = 0; i < 3; ++i) max_dims = t[i]->view_shape.size() > max_dims ? t[i]->view_shape.size() : max_dims;
    if (max_dims > static_cast<size_t>(kMaxDims)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "expected tensor must have at most %zu dimensions, but got %zu.",
                    static_cast<size_t>(kMaxDims), max_dims);
    }
    if (reduction < 0 || reduction > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Reduction should be between 0 and 2, but got %lld",
                    static_cast<long long>(reduction));
    }
    if (!(beta >= 0)) {  // negative or NaN
        return Fail(ACLNN_ERR_PARAM_INVALID, "beta should be greater than or equal to 0");
    }
    aclDataType promote = ACL_FLOAT;
    if (int ret = CheckPromote(gradOut, self, target, gradInput, bf16, &promote)) return ret;
    engine::BroadcastShape b;
    if (int ret = CheckBroadcast(gradOut, self, target, gradInput, &b)) return ret;
    if (int ret = engine::CheckElementwiseViews(t, kTensorNames, 4, 3)) return ret;

    const bool empty = self->numel == 0 || gradOut->numel == 0 || target->numel == 0;
    kern::SmoothL1GradParams params{};
    if (!empty) params = MakeParams(soc, promote, beta, reduction == 1, *gradOut, *self);
    // Row operands: gradInput, then gradOut, self, target, as executor indices.
    const engine::ElementwiseOperands ops{3, 3, {0, 1, 2}};
    return engine::PublishElementwise(t, 4, 3, kApi2, kTensorNames, empty, ops, b,
                                      engine::KernelOf(&kern::SelectSmoothL1GradRow, params), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

using namespace aclcpu;

extern "C" {

aclnnStatus aclnnSmoothL1LossBackwardGetWorkspaceSize(const aclTensor* gradOut, const aclTensor* self,
                                                      const aclTensor* target, int64_t reduction, float beta,
                                                      aclTensor* gradInput, uint64_t* workspaceSize,
                                                      aclOpExecutor** executor) {
    return engine::GuardFirstPhase("aclnnSmoothL1LossBackwardGetWorkspaceSize", [&] {
        return FirstPhase(gradOut, self, target, reduction, beta, gradInput, workspaceSize, executor);
    });
}

aclnnStatus aclnnSmoothL1LossBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                      aclrtStream stream) {
    return RunExecutor(workspace, workspaceSize, executor, stream, kApi2);
}

}  // extern "C"
