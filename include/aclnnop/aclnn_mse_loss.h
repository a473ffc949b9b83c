/*
 * aclnnop/aclnn_mse_loss.h - mean squared error loss (CANN path and name; hicann/ops-nn
 * loss/mse_loss/op_api/aclnn_mse_loss.h).
 *
 *   q = (self - target)^2  element-wise over the broadcast shape b of (self, target), in float32 on values of
 *   p = promote(self, target);  none: out = q rounded to p (b's shape);  sum: out = the sum of q;  mean: that
 *   sum divided by numel(b) (0-d out), each rounded to p, then converted to out's dtype. The order of the
 *   sum is the active product profile's kernel order (docs/ops/mse_loss.md §5-§6).
 * Compiles as C++11 and C11.
 */
#ifndef ACLCPU_ACLNNOP_ACLNN_MSE_LOSS_H_
#define ACLCPU_ACLNNOP_ACLNN_MSE_LOSS_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * First phase: validates and plans the call, in CANN's order (docs/ops/mse_loss.md §4):
 *  1. workspaceSize or executor NULL -> 161001;
 *  2. self, target, out NULL (in that order) -> 161001;
 *  3. dtypes: promote(self, target), then self, target and out each must be FLOAT, FLOAT16 or BFLOAT16
 *     (BFLOAT16 on Ascend 950, Atlas A2 and A3 only) -> else 161002;
 *  4. reduction not 0 (none), 1 (mean), 2 (sum) -> 161002;
 *  5. shapes (view shapes, elements): self, target at most 8 dims and broadcastable to b; none: out's shape
 *     must equal b; mean/sum: out must be 0-d -> else 161002;
 *  6. beyond CANN: every view inside its storage shape, out without self-overlap -> else 161002.
 * An empty self or target: success; none computes nothing, mean writes NaN and sum writes 0 to out.
 * Views may have any non-negative strides (elements) and offsets; out may alias the inputs. On success
 * *workspaceSize holds the scratch bytes the second phase needs (0 when none) and *executor the plan. A
 * failed call writes nothing and leaves a message in aclGetRecentErrMsg.
 */
ACLNN_API aclnnStatus aclnnMseLossGetWorkspaceSize(const aclTensor* self, const aclTensor* target, int64_t reduction,
                                                   aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);

/**
 * Second phase: enqueues the planned computation on stream (NULL = default stream) and returns; results are
 * visible after aclrtSynchronizeStream. Codes as aclnnL1LossBackward's second phase (SPEC 6): executor NULL
 * -> 161001; workspaceSize > 0 with workspace NULL -> 161001; beyond CANN: a workspace below the first
 * phase's request, an executor consumed or never issued, a data address outside its aclrtMalloc block ->
 * 161002; an unknown stream -> 361001.
 */
ACLNN_API aclnnStatus aclnnMseLoss(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLCPU_ACLNNOP_ACLNN_MSE_LOSS_H_ */
