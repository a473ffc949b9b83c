/*
 * aclnnop/aclnn_smooth_l1_loss.h - Smooth L1 loss with threshold beta (CANN path and name; hicann/ops-nn
 * loss/smooth_l1_loss_v2/op_api/aclnn_smooth_l1_loss.h).
 *
 *   e = |d| < beta ? (d * (0.5 * d)) * m : |d| - 0.5 * beta,  d = self - target,
 * m = 1 / beta (Ascend 950: 0 when |beta| < 1e-6); none: e element-wise over the broadcast shape; sum: the
 * sum of e; mean: that sum times (float)(1.0 / N). Computed in float32 on the inputs' values in the promote
 * type p = PromoteType(self, target), summed in the modelled order of the active product profile's kernel
 * (docs/ops/smooth_l1_loss.md §5, §6), rounded to p (nearest even), then converted to result's dtype.
 * Compiles as C++11 and C11.
 */
#ifndef ACLCPU_ACLNNOP_ACLNN_SMOOTH_L1_LOSS_H_
#define ACLCPU_ACLNNOP_ACLNN_SMOOTH_L1_LOSS_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * First phase: validates and plans the call, in CANN's order (docs/ops/smooth_l1_loss.md §4):
 *  1. workspaceSize or executor NULL -> 161001;
 *  2. self, target, result NULL (in that order) -> 161001;
 *  3. self, then target not FLOAT, FLOAT16 or BFLOAT16 (BFLOAT16 on Ascend 950, Atlas A2 and A3 only)
 *     -> 161002;
 *  4. p undefined, or not castable to result's dtype -> 161002;
 *  5. reduction not 0 (none), 1 (mean), 2 (sum) -> 161002;
 *  6. shapes (view shapes, elements): self, target at most 8 dims and broadcastable to b; none: result's
 *     shape must equal b; beyond CANN: mean/sum: result must have exactly one element -> else 161002;
 *  7. beyond CANN: every view inside its storage shape, result without self-overlap -> else 161002;
 *  8. beta negative or NaN -> 161002 (0 and +inf are accepted).
 * An empty self or target: success; none computes nothing, mean writes NaN, sum writes 0 into result.
 * Views may have any non-negative strides (elements) and offsets; result may alias the inputs. On success
 * *workspaceSize holds the scratch bytes the second phase needs (0 when none) and *executor the plan. A
 * failed call writes nothing and leaves a message in aclGetRecentErrMsg.
 */
ACLNN_API aclnnStatus aclnnSmoothL1LossGetWorkspaceSize(const aclTensor* self, const aclTensor* target,
                                                        int64_t reduction, float beta, aclTensor* result,
                                                        uint64_t* workspaceSize, aclOpExecutor** executor);

/**
 * Second phase: enqueues the planned computation on stream (NULL = default stream) and returns; results are
 * visible after aclrtSynchronizeStream. Codes as aclnnL1LossBackward's second phase (SPEC 6).
 */
ACLNN_API aclnnStatus aclnnSmoothL1Loss(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                        aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLCPU_ACLNNOP_ACLNN_SMOOTH_L1_LOSS_H_ */
