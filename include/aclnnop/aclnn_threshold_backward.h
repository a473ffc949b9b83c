/*
 * aclnnop/aclnn_threshold_backward.h - gradient of threshold/ReLU (CANN path and name; hicann/ops-nn
 * activation/threshold_grad_v2_d, with activation/relu_grad for threshold 0).
 *
 *   out = self <= threshold ? 0 : gradOutput, element-wise with NumPy broadcasting of gradOutput and self.
 * For |threshold| <= FLT_EPSILON CANN runs ReluGrad: out = gradOutput * (self <= 0 ? 0 : 1), whose zeros carry
 * gradOutput's sign (and inf * 0 is NaN). Bit-exact per product profile as docs/ops/threshold_backward.md
 * says. Compiles as C++11 and C11.
 */
#ifndef ACLCPU_ACLNNOP_ACLNN_THRESHOLD_BACKWARD_H_
#define ACLCPU_ACLNNOP_ACLNN_THRESHOLD_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * First phase: validates and plans the call, in this order:
 *  1. threshold NULL -> 161001 (beyond CANN: a destroyed scalar -> 161002); out NULL -> 161001;
 *     workspaceSize NULL -> 161001; gradOutput, self NULL (in that order) -> 161001;
 *  2. gradOutput's, then self's dtype not in the profile's list -> 161002: FLOAT, INT32, FLOAT16, INT8, UINT8,
 *     plus BFLOAT16 on Ascend 950 and Atlas A2/A3, plus INT64 on Ascend 950 when |threshold| <= FLT_EPSILON;
 *     gradOutput's or out's dtype not self's -> 161002;
 *  3. gradOutput or self with more than 8 dims, self and gradOutput not broadcastable, out's view shape not
 *     the broadcast shape -> 161002;
 *  4. beyond CANN: executor NULL -> 161001; every view inside its storage shape, out without self-overlap
 *     -> 161002.
 * threshold is converted to float32 once (round to nearest even). On success *workspaceSize holds the
 * scratch bytes the second phase needs (0 when none) and *executor the plan. A failed call writes nothing
 * and leaves a message in aclGetRecentErrMsg.
 */
ACLNN_API aclnnStatus aclnnThresholdBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                             const aclScalar* threshold, aclTensor* out,
                                                             uint64_t* workspaceSize, aclOpExecutor** executor);

/**
 * Second phase: enqueues the planned computation on stream (NULL = default stream) and returns; results are
 * visible after aclrtSynchronizeStream. Status codes as aclnnL1LossBackward's second phase.
 */
ACLNN_API aclnnStatus aclnnThresholdBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                             aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLCPU_ACLNNOP_ACLNN_THRESHOLD_BACKWARD_H_ */
