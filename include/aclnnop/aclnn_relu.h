/*
 * aclnnop/aclnn_relu.h - ReLU, out of place and in place (CANN path and names; hicann/ops-nn
 * activation/relu).
 *
 *   out = max(self, 0) element-wise: negative values, -0 and -inf become +0; a NaN stays NaN (quiet).
 * Bit-exact on every product profile (a selection; docs/ops/relu.md). Compiles as C++11 and C11.
 */
#ifndef ACLCPU_ACLNNOP_ACLNN_RELU_H_
#define ACLCPU_ACLNNOP_ACLNN_RELU_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * First phase of out = relu(self): validates and plans the call, in this order:
 *  1. self, out NULL (in that order) -> 161001;
 *  2. self's dtype not in FLOAT, FLOAT16, INT8, UINT8, INT32, INT64 (and BFLOAT16 on Ascend 950, Atlas A2
 *     and A3) -> 161002; out's dtype not self's -> 161002;
 *  3. self or out with more than 8 dims, or out's view shape not self's -> 161002;
 *  4. beyond CANN: workspaceSize or executor NULL -> 161001; every view inside its storage shape, out without
 *     self-overlap -> 161002.
 * Views may have any non-negative strides and offsets; out may be self (or overlap it). On success
 * *workspaceSize holds the scratch bytes the second phase needs (0 when none) and *executor the plan.
 * A failed call writes nothing and leaves a message in aclGetRecentErrMsg.
 */
ACLNN_API aclnnStatus aclnnReluGetWorkspaceSize(const aclTensor* self, const aclTensor* out, uint64_t* workspaceSize,
                                                aclOpExecutor** executor);

/**
 * Second phase: enqueues the planned computation on stream (NULL = default stream) and returns; results are
 * visible after aclrtSynchronizeStream. Status codes as aclnnL1LossBackward's second phase.
 */
ACLNN_API aclnnStatus aclnnRelu(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                aclrtStream stream);

/**
 * First phase of selfRef = relu(selfRef): aclnnReluGetWorkspaceSize with self = out = selfRef (the same checks
 * and messages, which name the tensor self and out). UINT8 needs no work: the executor runs nothing.
 */
ACLNN_API aclnnStatus aclnnInplaceReluGetWorkspaceSize(aclTensor* selfRef, uint64_t* workspaceSize,
                                                       aclOpExecutor** executor);

/** Second phase of aclnnInplaceRelu, as aclnnRelu. */
ACLNN_API aclnnStatus aclnnInplaceRelu(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                       aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLCPU_ACLNNOP_ACLNN_RELU_H_ */
