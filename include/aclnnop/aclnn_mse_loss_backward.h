/*
 * aclnnop/aclnn_mse_loss_backward.h - gradient of the mean squared error loss (CANN path and name;
 * hicann/ops-nn loss/mse_loss_grad_v2/op_host/op_api/aclnn_mse_loss_backward.h).
 *
 *   out = ((self - target) * cof) * gradOutput,  cof = 2 (none, sum) or 2 / numel(self) (mean),
 * element-wise over the broadcast shape of (gradOutput, self, target), computed in float32 on values of
 * self's dtype, rounded to self's dtype (nearest even), then converted to out's dtype - the active
 * product profile's kernel arithmetic bit for bit (docs/ops/mse_loss_backward.md §5).
 * Compiles as C++11 and C11.
 */
#ifndef ACLCPU_ACLNNOP_ACLNN_MSE_LOSS_BACKWARD_H_
#define ACLCPU_ACLNNOP_ACLNN_MSE_LOSS_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * First phase: validates and plans the call, in CANN's order (docs/ops/mse_loss_backward.md §4):
 *  1. workspaceSize or executor NULL -> 161001;
 *  2. gradOutput, self, target, out NULL (in that order) -> 161001;
 *  3. dtypes: gradOutput's and target's must equal self's; self's and out's must be FLOAT, FLOAT16 or
 *     BFLOAT16 (BFLOAT16 on Ascend 950, Atlas A2 and A3 only) -> else 161002;
 *  4. reduction not 0 (none), 1 (mean), 2 (sum) -> 161002;
 *  5. shapes (view shapes, elements): gradOutput, self, target at most 8 dims; gradOutput and self
 *     broadcast (NumPy rules) to b1, target with b1 to b; out's shape must equal b (every reduction) -> else
 *     161002;
 *  6. beyond CANN: every view inside its storage shape, out without self-overlap -> else 161002.
 * An empty gradOutput, self or target: success, *workspaceSize = 0, nothing is computed. Views may have any
 * non-negative strides (elements) and offsets; out may alias the inputs. On success *workspaceSize holds
 * the scratch bytes the second phase needs (0 when none) and *executor the plan. A failed call writes
 * nothing and leaves a message in aclGetRecentErrMsg.
 */
ACLNN_API aclnnStatus aclnnMseLossBackwardGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* self,
                                                           const aclTensor* target, int64_t reduction, aclTensor* out,
                                                           uint64_t* workspaceSize, aclOpExecutor** executor);

/**
 * Second phase: enqueues the planned computation on stream (NULL = default stream) and returns; results are
 * visible after aclrtSynchronizeStream. Codes as aclnnL1LossBackward's second phase (SPEC 6): executor NULL
 * -> 161001; workspaceSize > 0 with workspace NULL -> 161001; beyond CANN: a workspace below the first
 * phase's request, an executor consumed or never issued, a data address outside its aclrtMalloc block ->
 * 161002; an unknown stream -> 361001.
 */
ACLNN_API aclnnStatus aclnnMseLossBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLCPU_ACLNNOP_ACLNN_MSE_LOSS_BACKWARD_H_ */
