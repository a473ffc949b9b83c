// aclnnRelu and aclnnInplaceRelu: CANN's checks in CANN's order with CANN's messages, the product rules, and
// the two public phases of each (docs/ops/relu.md). Execution is the engine's (engine/elementwise.h); the
// arithmetic is the Relu rows' (kernels/relu.h).
#include "aclnnop/aclnn_relu.h"

#include <string>

#include "common/status.h"
#include "engine/elementwise.h"
#include "engine/first_phase.h"
#include "executor/executor.h"
#include "kernels/relu.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace {

// ================================================================== OPERATOR DATA (docs/ops/relu.md §1-§4)
// Everything in this block is data, kept here in one place so that it moves mechanically into the operator
// table. Source: hicann/ops-nn activation/relu (op_api/aclnn_relu.cpp, op_host/relu_def.cpp,
// op_kernel/relu_apt.cpp, op_kernel/arch35/relu_dag.h), snapshot e5c3fa9327ea95ba26d06227e746923580d10921.
//
// Signatures: aclnnReluGetWorkspaceSize(const aclTensor* self, const aclTensor* out, uint64_t* workspaceSize,
//             aclOpExecutor** executor); aclnnInplaceReluGetWorkspaceSize(aclTensor* selfRef, uint64_t*
//             workspaceSize, aclOpExecutor** executor) (= the first with self = out = selfRef); second phases
//             aclnnRelu / aclnnInplaceRelu(void* workspace, uint64_t workspaceSize, aclOpExecutor*, aclrtStream).
// Tier per product: exact on every profile (a selection: max(x, 0) returns x or 0). Ascend 950: the public
//             arch35 kernel; 910B, 910_93, 910, 310P: the 950 model standing in, exact because it selects.
// Check order (CANN's; messages verbatim, names as CANN's macros print them):
//   1. self, out null -> 161001 "Expected a proper Tensor but got null for argument %s."  (self, then out)
//      + BEYOND CANN: each a live aclTensor -> 161002
//   2. self dtype not in the list -> 161002 "Self dtype %s should be in dtype support list %s."
//   3. out dtype != self dtype -> 161002 "Tensor self expected dtype is <out's> but found <self's>."
//   4. self, out more than 8 dims -> 161002 "The %s tensor cannot be larger than %zu dimensions."
//   5. self shape != out shape -> 161002
//      "Expected tensor for self to have same size as tensor for out, but %s does not equal %s."
//   BEYOND CANN (CANN does not check these): workspaceSize or executor null -> 161001
//      "The workspaceSize or executor is nullptr."; every view inside its storage, out without self-overlap.
//   Not checked by CANN, not added: formats; promotion (none: out's dtype must equal self's); broadcasting.
// Empty self: nothing runs, workspace 0. UINT8: never a kernel (Relu of an unsigned value is itself): a copy,
//   or nothing at all when self and out are the same descriptor (aclnnInplaceRelu).
constexpr const char* kApi1 = "aclnnReluGetWorkspaceSize";
constexpr const char* kApi2 = "aclnnRelu";
constexpr const char* kInplaceApi1 = "aclnnInplaceReluGetWorkspaceSize";
constexpr const char* kInplaceApi2 = "aclnnInplaceRelu";
constexpr const char* const kTensorNames[] = {"self", "out"};  // executor order: input self, output out
// DTYPE_SUPPORT_LIST, and DTYPE_SUPPORT_LIST_INCLUDE_BF16 where rt::SupportsBf16 (opbase SocVersion in
// [ASCEND910B, ASCEND910E]: 950, 910B, 910_93).
constexpr aclDataType kDtypes[] = {ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_UINT8, ACL_INT32, ACL_INT64};
constexpr aclDataType kDtypesBf16[] = {ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_UINT8, ACL_INT32, ACL_INT64, ACL_BF16};
// ================================================================== END OF OPERATOR DATA

int CheckDtypes(const aclTensor* self, const aclTensor* out) {
    const bool bf16 = rt::SupportsBf16(rt::ActiveSoc());
    const aclDataType* list = bf16 ? kDtypesBf16 : kDtypes;
    const size_t n = bf16 ? sizeof kDtypesBf16 / sizeof kDtypesBf16[0] : sizeof kDtypes / sizeof kDtypes[0];
    if (!engine::InDtypeList(self->dtype, list, n)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s should be in dtype support list %s.",
                    DtypeName(self->dtype), engine::DtypeListString(list, n).c_str());
    }
    if (out->dtype != self->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor self expected dtype is %s but found %s.", DtypeName(out->dtype),
                    DtypeName(self->dtype));
    }
    return 0;
}

int CheckShapes(const aclTensor* self, const aclTensor* out) {
    const aclTensor* const t[2] = {self, out};
    for (int i = 0; i < 2; ++i) {
        if (t[i]->view_shape.size() > static_cast<size_t>(kMaxDims)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %d dimensions.", kTensorNames[i],
                        kMaxDims);
        }
    }
    if (self->view_shape != out->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for out, but %s does not equal %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(out->view_shape).c_str());
    }
    return 0;
}

// The one first phase of both APIs (CANN's ExecReluGetWorkspaceSize); `api2` names the second phase.
int FirstPhase(const aclTensor* self, const aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor,
               const char* api2) {
    const aclTensor* t[2] = {self, out};
    if (int ret = engine::CheckTensorArgs(t, kTensorNames, 2)) return ret;
    if (int ret = CheckDtypes(self, out)) return ret;
    if (int ret = CheckShapes(self, out)) return ret;
    if (workspaceSize == nullptr || executor == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr.");
    }
    if (int ret = engine::CheckElementwiseViews(t, kTensorNames, 2, 1)) return ret;

    const bool nothing = self->numel == 0 || (self == out && self->dtype == ACL_UINT8);
    engine::BroadcastShape b;
    b.n = self->view_shape.size();
    for (size_t i = 0; i < b.n; ++i) b.d[i] = self->view_shape[i];
    const engine::ElementwiseOperands ops{1, 1, {0}};  // out = tensor 1; the rows' input self
    const kern::ReluParams params{self->dtype};
    return engine::PublishElementwise(t, 2, 1, api2, kTensorNames, nothing, ops, b,
                                      engine::KernelOf(&kern::SelectReluRow, params), workspaceSize, executor);
}

}  // namespace
}  // namespace aclcpu

using namespace aclcpu;

extern "C" {

aclnnStatus aclnnReluGetWorkspaceSize(const aclTensor* self, const aclTensor* out, uint64_t* workspaceSize,
                                      aclOpExecutor** executor) {
    return engine::GuardFirstPhase(kApi1, [&] { return FirstPhase(self, out, workspaceSize, executor, kApi2); });
}

aclnnStatus aclnnRelu(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return RunExecutor(workspace, workspaceSize, executor, stream, kApi2);
}

aclnnStatus aclnnInplaceReluGetWorkspaceSize(aclTensor* selfRef, uint64_t* workspaceSize, aclOpExecutor** executor) {
    return engine::GuardFirstPhase(kInplaceApi1,
                                   [&] { return FirstPhase(selfRef, selfRef, workspaceSize, executor, kInplaceApi2); });
}

aclnnStatus aclnnInplaceRelu(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream) {
    return RunExecutor(workspace, workspaceSize, executor, stream, kInplaceApi2);
}

}  // extern "C"
