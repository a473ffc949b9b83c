// aclnnThresholdBackward: CANN's checks in CANN's order with CANN's messages, the product rules, the
// threshold's conversion and kernel choice, and the two public phases (docs/ops/threshold_backward.md).
// Execution is the engine's (engine/elementwise.h); the arithmetic is the ThresholdBackward rows'
// (kernels/relu.h).
#include "aclnnop/aclnn_threshold_backward.h"

#include <cmath>
#include <limits>
#include <string>

#include "common/fp_env.h"
#include "common/handle_registry.h"
#include "common/status.h"
#include "engine/elementwise.h"
#include "engine/first_phase.h"
#include "executor/executor.h"
#include "kernels/relu.h"
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace {

// ================================================================== OPERATOR DATA (docs/ops/threshold_backward.md §1-§4)
// Everything in this block is data, kept here in one place so that it moves mechanically into the operator
// table. Source: hicann/ops-nn activation/threshold_grad_v2_d (op_api/aclnn_threshold_backward.cpp,
// op_api/threshold_grad.cpp, op_host/threshold_grad_v2_d_def.cpp, op_kernel/arch35/threshold_grad_v2_d_dag.h)
// and activation/relu_grad (op_api/relu_grad.cpp, op_host/relu_grad_def.cpp, op_kernel/arch35/relu_grad_dag.h),
// snapshot e5c3fa9327ea95ba26d06227e746923580d10921.
//
// Signature: aclnnThresholdBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
//            const aclScalar* threshold, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);
//            aclnnThresholdBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor*, aclrtStream).
// Threshold: threshold->ToFloat() (ScalarToFloat: one RNE rounding from the scalar's own type). Kernel:
//            |t - 0| <= FLT_EPSILON -> ReluGrad (compares self with 0, not with t), else ThresholdGradV2D(t).
// Tier per product: Ascend 950: the public arch35 kernels. 910B, 910_93, 910, 310P: the 950 model standing
//            in; exact (a selection of gradOutput, +0 or, ReluGrad, a signed zero) for every dtype except
//            INT32 with ThresholdGradV2D, which rounds through float32 (docs/ops/threshold_backward.md §6).
// Check order (CANN's; messages verbatim where CANN logs one):
//   1. threshold null -> 161001 (CANN logs nothing; our message in the style of IsNullptr(aclScalar))
//      + BEYOND CANN: threshold a live aclScalar -> 161002; a 1-byte float scalar (no converter) -> 161002
//   2. out null -> 161001 (CANN logs nothing; our message)
//   3. workspaceSize null -> 161001 (CANN logs nothing; our message)
//   4. gradOutput, self null -> 161001 "Expected a proper Tensor but got null for argument %s."
//      + BEYOND CANN: gradOutput, self, out live aclTensors -> 161002
//   5. gradOutput, then self not in the list -> 161002
//      "Tensor %s not implemented for %s, should be in dtype support list %s."
//   6. gradOutput dtype != self's -> 161002 "Tensor gradOutput expected dtype is %s but found %s."
//      out dtype != self's -> 161002 "Tensor out expected dtype is %s but found %s."
//   7. gradOutput, self more than 8 dims -> 161002 "The %s tensor cannot be larger than %zu dimensions."
//   8. self and gradOutput not broadcastable -> 161002
//      "The size of tensor self %s must match the size of tensor gradOutput %s."
//   9. out shape != the broadcast shape -> 161002 "Shape of out should be %s, but current is %s."
//   BEYOND CANN: executor null -> 161001 (CANN does not check it); every view inside its storage, out without
//      self-overlap -> 161002. Not checked by CANN, not added: out's rank (step 9 bounds it), formats.
// Empty self or gradOutput: nothing runs, workspace 0.
constexpr const char* kApi1 = "aclnnThresholdBackwardGetWorkspaceSize";
constexpr const char* kApi2 = "aclnnThresholdBackward";
// Executor tensor order: inputs gradOutput, self (the API's order), output out.
constexpr const char* const kTensorNames[] = {"gradOutput", "self", "out"};
// Lists by NPU arch: DAV_2201 (910B, 910_93) and regbase (DAV_3510, Ascend 950) the 910B list, on the 950
// with the INT64 list instead when the ReluGrad kernel runs (threshold within FLT_EPSILON of 0); else
// (910, 310P) the 910 list.
constexpr aclDataType k910Dtypes[] = {ACL_FLOAT, ACL_INT32, ACL_FLOAT16, ACL_INT8, ACL_UINT8};
constexpr aclDataType k910BDtypes[] = {ACL_FLOAT, ACL_INT32, ACL_FLOAT16, ACL_INT8, ACL_UINT8, ACL_BF16};
constexpr aclDataType kRegbaseDtypes[] = {ACL_FLOAT, ACL_INT32, ACL_FLOAT16, ACL_INT8,
                                          ACL_UINT8, ACL_BF16,  ACL_INT64};
// ================================================================== END OF OPERATOR DATA

struct DtypeList {
    const aclDataType* d;
    size_t n;
};

DtypeList ListFor(rt::Soc soc, bool relu_grad) {
    if (soc == rt::Soc::kAscend950 && relu_grad) return {kRegbaseDtypes, sizeof kRegbaseDtypes / sizeof(aclDataType)};
    if (soc == rt::Soc::kAscend950 || soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93) {
        return {k910BDtypes, sizeof k910BDtypes / sizeof(aclDataType)};
    }
    return {k910Dtypes, sizeof k910Dtypes / sizeof(aclDataType)};
}

// CANN's IsFloatEqual(threshold, 0.0): |t - 0| <= FLT_EPSILON (a NaN threshold is not "equal").
bool IsZeroThreshold(float t) { return std::fabs(t - 0.0f) <= std::numeric_limits<float>::epsilon(); }

int CheckThreshold(const aclScalar* threshold, float* value) {
    if (threshold == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR,
                    "Expected a value of type number for argument threshold but instead found type null.");
    }
    const HandleState state = HandleStateOf(threshold, HandleKind::kScalar);
    if (state != HandleState::kLive) {
        return FailNotLive(ACLNN_ERR_PARAM_INVALID, "threshold", HandleKind::kScalar, threshold, state,
                           kScalarReleasedBy);
    }
    FpEnvScope fp_env;  // the conversion rounds to nearest even whatever the caller's MXCSR says
    if (!ScalarToFloat(*threshold, value)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The threshold scalar of dtype %s has no conversion to float.",
                    DtypeName(threshold->dtype));
    }
    return 0;
}

int CheckDtypes(const aclTensor* g, const aclTensor* s, const aclTensor* out, DtypeList list) {
    const aclTensor* const checked[2] = {g, s};
    for (int i = 0; i < 2; ++i) {
        if (!engine::InDtypeList(checked[i]->dtype, list.d, list.n)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Tensor %s not implemented for %s, should be in dtype support list %s.", kTensorNames[i],
                        DtypeName(checked[i]->dtype), engine::DtypeListString(list.d, list.n).c_str());
        }
    }
    const aclTensor* const matched[2] = {g, out};
    const char* const names[2] = {"gradOutput", "out"};
    for (int i = 0; i < 2; ++i) {
        if (matched[i]->dtype != s->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", names[i],
                        DtypeName(s->dtype), DtypeName(matched[i]->dtype));
        }
    }
    return 0;
}

int CheckShapes(const aclTensor* g, const aclTensor* s, const aclTensor* out, engine::BroadcastShape* b) {
    const aclTensor* const t[2] = {g, s};
    for (int i = 0; i < 2; ++i) {
        if (t[i]->view_shape.size() > static_cast<size_t>(kMaxDims)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %d dimensions.", kTensorNames[i],
                        kMaxDims);
        }
    }
    if (!engine::Broadcast(s->view_shape.data(), s->view_shape.size(), g->view_shape.data(), g->view_shape.size(), b)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor self %s must match the size of tensor gradOutput %s.",
                    ShapeString(s->view_shape).c_str(), ShapeString(g->view_shape).c_str());
    }
    if (!b->Equals(out->view_shape)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out should be %s, but current is %s.",
                    ShapeString(b->d, b->n).c_str(), ShapeString(out->view_shape).c_str());
    }
    return 0;
}

int FirstPhase(const aclTensor* gradOutput, const aclTensor* self, const aclScalar* threshold, aclTensor* out,
               uint64_t* workspaceSize, aclOpExecutor** executor) {
    float thr = 0.0f;
    if (int ret = CheckThreshold(threshold, &thr)) return ret;
    if (out == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument out.");
    if (workspaceSize == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: the workspaceSize is nullptr.", kApi1);
    const aclTensor* t[3] = {gradOutput, self, out};
    if (int ret = engine::CheckTensorArgs(t, kTensorNames, 3)) return ret;
    const bool relu_grad = IsZeroThreshold(thr);
    if (int ret = CheckDtypes(gradOutput, self, out, ListFor(rt::ActiveSoc(), relu_grad))) return ret;
    engine::BroadcastShape b;
    if (int ret = CheckShapes(gradOutput, self, out, &b)) return ret;
    if (executor == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: the executor is nullptr.", kApi1);
    if (int ret = engine::CheckElementwiseViews(t, kTensorNames, 3, 2)) return ret;

    const bool empty = self->numel == 0 || gradOutput->numel == 0;
    const kern::ThresholdBackwardParams params{
        self->dtype, relu_grad ? kern::ThresholdKernel::kReluGrad : kern::ThresholdKernel::kThresholdGradV2D, thr};
    const engine::ElementwiseOperands ops{2, 2, {0, 1}};  // out = tensor 2; the rows' inputs gradOutput, self
    return engine::PublishElementwise(t, 3, 2, kApi2, kTensorNames, empty, ops, b,
                                      engine::KernelOf(&kern::SelectThresholdBackwardRow, params), workspaceSize,
                                      executor);
}

}  // namespace
}  // namespace aclcpu

using namespace aclcpu;

extern "C" {

aclnnStatus aclnnThresholdBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                   const aclScalar* threshold, aclTensor* out,
                                                   uint64_t* workspaceSize, aclOpExecutor** executor) {
    return engine::GuardFirstPhase(
        kApi1, [&] { return FirstPhase(gradOutput, self, threshold, out, workspaceSize, executor); });
}

aclnnStatus aclnnThresholdBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   aclrtStream stream) {
    return RunExecutor(workspace, workspaceSize, executor, stream, kApi2);
}

}  // extern "C"
