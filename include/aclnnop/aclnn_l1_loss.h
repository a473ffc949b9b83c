/*
 * aclnnop/aclnn_l1_loss.h - mean absolute error (CANN path and name; hicann/ops-nn
 * loss/lp_loss/op_api/aclnn_l1_loss.h).
 *
 *   none: out = |self - target| element-wise over the broadcast shape;
 *   sum:  out = the sum of |self - target| over all elements; mean: that sum times (float)(1.0 / N),
 * computed in float32 on the inputs' values in the promote type p = PromoteType(self, target), summed in the
 * modelled order of the active product profile's kernel (docs/ops/l1_loss.md §5, §6), rounded to p (nearest
 * even), then converted to out's dtype. p = INT64: integer arithmetic with two's-complement wrap-around.
 * Compiles as C++11 and C11.
 */
#ifndef ACLCPU_ACLNNOP_ACLNN_L1_LOSS_H_
#define ACLCPU_ACLNNOP_ACLNN_L1_LOSS_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * First phase: validates and plans the call, in CANN's order (docs/ops/l1_loss.md §4):
 *  1. workspaceSize or executor NULL -> 161001;
 *  2. self, target, out NULL (in that order) -> 161001;
 *  3. reduction not 0 (none), 1 (mean), 2 (sum) -> 161002;
 *  4. dtypes: none with self not floating and target floating, mean with neither floating, p undefined,
 *     p not FLOAT, FLOAT16, INT64 or BFLOAT16 (BFLOAT16 on Ascend 950, Atlas A2 and A3 only), p not castable
 *     to out's dtype -> 161002;
 *  5. shapes (view shapes, elements): self, target at most 8 dims and broadcastable to b; none: out's shape
 *     must equal b; mean/sum: out must be 0-d -> else 161002;
 *  6. beyond CANN: every view inside its storage shape, out without self-overlap -> else 161002.
 * An empty self or target: success; none computes nothing, mean writes NaN, sum writes 0 into out.
 * Views may have any non-negative strides (elements) and offsets; out may alias the inputs. On success
 * *workspaceSize holds the scratch bytes the second phase needs (0 when none) and *executor the plan. A failed
 * call writes nothing and leaves a message in aclGetRecentErrMsg.
 */
ACLNN_API aclnnStatus aclnnL1LossGetWorkspaceSize(const aclTensor* self, const aclTensor* target, int64_t reduction,
                                                  aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);

/**
 * Second phase: enqueues the planned computation on stream (NULL = default stream) and returns; results are
 * visible after aclrtSynchronizeStream. Codes as aclnnL1LossBackward's second phase (SPEC 6).
 */
ACLNN_API aclnnStatus aclnnL1Loss(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                  aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLCPU_ACLNNOP_ACLNN_L1_LOSS_H_ */
