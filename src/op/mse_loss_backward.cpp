// aclnnMseLossBackward: validation in CANN's order with CANN's messages, the profile rules and the mean factor
// (docs/ops/mse_loss_backward.md §2-§5; hicann/ops-nn loss/mse_loss_grad_v2/op_host/op_api/
// aclnn_mse_loss_backward.cpp and mse_loss_grad.cpp), and the two public phases. Execution is the engine's
// (engine/elementwise.h); the arithmetic is the loss-gradient row kernels' (kernels/loss_grad.h).
#include <string>

#include "aclnnop/aclnn_mse_loss_backward.h"
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

constexpr const char* kApi2 = "aclnnMseLossBackward";
// Executor tensor order: inputs gradOutput, self, target (the API's order), output out.
constexpr const char* const kTensorNames[] = {"gradOutput", "self", "target", "out"};

const char* DtypeList(bool bf16) { return bf16 ? "DT_FLOAT, DT_FLOAT16, DT_BF16" : "DT_FLOAT, DT_FLOAT16"; }

bool InList(aclDataType d, bool bf16) { return d == ACL_FLOAT || d == ACL_FLOAT16 || (d == ACL_BF16 && bf16); }

// The mean factor 2/n, n = numel(self), as the kernel the profile runs computes it (§5.1).
float MeanFactor(rt::Soc soc, const aclTensor& g, const aclTensor& s, const aclTensor& t) {
    FpEnvScope fp_env;  // float32/double arithmetic in nearest-even whatever the caller's MXCSR says
    const bool v2_soc = soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93 || soc == rt::Soc::kAscend310P;
    const bool v2 = v2_soc && s.view_shape == t.view_shape && g.view_shape == t.view_shape && s.format == t.format &&
                    g.format == t.format;
    if (v2) {  // MseLossGradV2 tiling: float running product of self's dims, then (1.0f / r) * 2.0f
        float r = 1.0f;
        for (int64_t d : s.view_shape) r = r * static_cast<float>(d);
        return (1.0f / r) * 2.0f;
    }
    // MseLossGrad: arch35 tiling (float)(2.0 / (double)n); TBE (float)(n ** -1 * 2.0) - the same value.
    return static_cast<float>(2.0 / static_cast<double>(s.numel));
}

int CheckDtypes(const aclTensor* g, const aclTensor* s, const aclTensor* t, const aclTensor* out, bool bf16) {
    if (g->dtype != s->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected both tensors to have same dtype, but found gradOutput %s and self %s.",
                    DtypeName(g->dtype), DtypeName(s->dtype));
    }
    if (t->dtype != s->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected both tensors to have same dtype, but found target %s and self %s.", DtypeName(t->dtype),
                    DtypeName(s->dtype));
    }
    const aclTensor* checked[2] = {s, out};
    const char* names[2] = {"self", "out"};
    for (int i = 0; i < 2; ++i) {
        if (!InList(checked[i]->dtype, bf16)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Tensor %s not implemented for %s, should be in dtype support list %s.", names[i],
                        DtypeName(checked[i]->dtype), DtypeList(bf16));
        }
    }
    return 0;
}

int CheckShapes(const aclTensor* g, const aclTensor* s, const aclTensor* t, const aclTensor* out,
                engine::BroadcastShape* b) {
    const aclTensor* order[3] = {g, s, t};
    for (int i = 0; i < 3; ++i) {
        if (order[i]->view_shape.size() > static_cast<size_t>(kMaxDims)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %d dimensions.", kTensorNames[i],
                        kMaxDims);
        }
    }
    engine::BroadcastShape b1;
    if (!engine::Broadcast(g->view_shape.data(), g->view_shape.size(), s->view_shape.data(), s->view_shape.size(),
                           &b1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor gradOutput %s must match the size of tensor self %s.",
                    ShapeString(g->view_shape).c_str(), ShapeString(s->view_shape).c_str());
    }
    if (!engine::Broadcast(t->view_shape.data(), t->view_shape.size(), b1.d, b1.n, b)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor target %s must match the size %s.",
                    ShapeString(t->view_shape).c_str(), ShapeString(b1.d, b1.n).c_str());
    }
    if (!b->Equals(out->view_shape)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(b->d, b->n).c_str(), ShapeString(out->view_shape).c_str());
    }
    return 0;
}

int FirstPhase(const aclTensor* gradOutput, const aclTensor* self, const aclTensor* target, int64_t reduction,
               aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor) {
    if (workspaceSize == nullptr || executor == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr.");
    }
    const aclTensor* t[4] = {gradOutput, self, target, out};
    if (int ret = engine::CheckTensorArgs(t, kTensorNames, 4)) return ret;
    const rt::Soc soc = rt::ActiveSoc();
    if (int ret = CheckDtypes(gradOutput, self, target, out, rt::SupportsBf16(soc))) return ret;
    if (reduction < 0 || reduction > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected reduction to be between 0 and 2, but got %lld.",
                    static_cast<long long>(reduction));
    }
    engine::BroadcastShape b;
    if (int ret = CheckShapes(gradOutput, self, target, out, &b)) return ret;
    if (int ret = engine::CheckElementwiseViews(t, kTensorNames, 4, 3)) return ret;

    const bool empty = self->numel == 0 || gradOutput->numel == 0 || target->numel == 0;
    kern::MseGradParams params{self->dtype, 2.0f};
    if (reduction == 1 && !empty) params.cof = MeanFactor(soc, *gradOutput, *self, *target);
    // Row operands: out, then gradOutput, self, target, as executor indices.
    const engine::ElementwiseOperands ops{3, 3, {0, 1, 2}};
    return engine::PublishElementwise(t, 4, 3, kApi2, kTensorNames, empty, ops, b,
                                      engine::KernelOf(&kern::SelectMseGradRow, params), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

using namespace aclcpu;

extern "C" {

aclnnStatus aclnnMseLossBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                 const aclTensor* target, int64_t reduction, aclTensor* out,
                                                 uint64_t* workspaceSize, aclOpExecutor** executor) {
    return engine::GuardFirstPhase("aclnnMseLossBackwardGetWorkspaceSize", [&] {
        return FirstPhase(gradOutput, self, target, reduction, out, workspaceSize, executor);
    });
}

aclnnStatus aclnnMseLossBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return RunExecutor(workspace, workspaceSize, executor, stream, kApi2);
}

}  // extern "C"
