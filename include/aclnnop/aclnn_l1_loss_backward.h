/*
 * aclnnop/aclnn_l1_loss_backward.h - gradient of the L1 loss (CANN path and name; hicann/ops-nn
 * loss/l1_loss_grad).
 *
 *   gradInput = sign(self - target) * gradOutput * r,  r = 1 (none, sum) or 1/numel (mean),
 * computed exactly as SPEC 5 (the active product profile's kernel arithmetic, bit for bit).
 * Compiles as C++11 and C11.
 */
#ifndef ACLCPU_ACLNNOP_ACLNN_L1_LOSS_BACKWARD_H_
#define ACLCPU_ACLNNOP_ACLNN_L1_LOSS_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * First phase: validates and plans the call (SPEC 4), in this order:
 *  1. workspaceSize or executor NULL -> 161001;
 *  2. gradOutput, self, target, gradInput NULL (in that order) -> 161001;
 *  3. reduction not 0 (none), 1 (mean), 2 (sum) -> 161002;
 *  4. dtypes: promote(target, promote(gradOutput, self)) must exist, be castable to gradInput's dtype and be
 *     FLOAT, FLOAT16 or BFLOAT16 (profile dependent) -> else 161002;
 *  5. shapes: at most 8 dims each; self, gradOutput and target broadcast (NumPy rules) to gradInput's view
 *     shape -> else 161002;
 *  6. beyond CANN: every view inside its storage shape, gradInput without self-overlap -> else 161002.
 * Views may have any non-negative strides and offsets; gradInput may alias the inputs. On success
 * *workspaceSize holds the scratch bytes the second phase needs (0 when none) and *executor the plan.
 * A failed call writes nothing and leaves a message in aclGetRecentErrMsg.
 */
ACLNN_API aclnnStatus aclnnL1LossBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                          const aclTensor* target, int64_t reduction,
                                                          aclTensor* gradInput, uint64_t* workspaceSize,
                                                          aclOpExecutor** executor);

/**
 * Second phase: enqueues the planned computation on stream (NULL = default stream) and returns; results are
 * visible after aclrtSynchronizeStream (SPEC 6).
 * executor NULL -> 161001; workspaceSize > 0 with workspace NULL -> 161001 (executor consumed);
 * beyond CANN: workspaceSize below the first phase's request, an executor already consumed or never issued
 * -> 161002; a data address outside its aclrtMalloc block -> 161002, NULL data of a non-empty tensor ->
 * 161001; an unknown or destroyed stream -> 361001. A non-repeatable executor is consumed by the call.
 */
ACLNN_API aclnnStatus aclnnL1LossBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                          aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLCPU_ACLNNOP_ACLNN_L1_LOSS_BACKWARD_H_ */
