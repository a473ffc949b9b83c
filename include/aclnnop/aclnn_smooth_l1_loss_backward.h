/*
 * aclnnop/aclnn_smooth_l1_loss_backward.h - gradient of the Smooth L1 (Huber-type) loss (CANN path and
 * name; hicann/ops-nn loss/smooth_l1_loss_grad_v2/op_api/aclnn_smooth_l1_loss_backward.h).
 *
 *   x = self - target;  gradInput = (x / beta if |x| < beta, else sign(x)) * gradOut * norm,
 *   norm = 1 (none, sum) or 1 / numel(self) (mean),
 * element-wise over the broadcast shape of (gradOut, self, target), in float32 on values of the promoted
 * dtype P, rounded to P (nearest even), then converted to gradInput's dtype. The exact operations (the
 * reciprocal of beta on Ascend 950, the tie |x| == beta, beta == 0, NaN) are the active product profile's
 * kernel, bit for bit (docs/ops/smooth_l1_loss_backward.md §5). Compiles as C++11 and C11.
 */
#ifndef ACLCPU_ACLNNOP_ACLNN_SMOOTH_L1_LOSS_BACKWARD_H_
#define ACLCPU_ACLNNOP_ACLNN_SMOOTH_L1_LOSS_BACKWARD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * First phase: validates and plans the call, in CANN's order (docs/ops/smooth_l1_loss_backward.md §4):
 *  1. workspaceSize or executor NULL -> 161001;
 *  2. gradOut, self, target, gradInput NULL (in that order) -> 161001;
 *  3. each of gradOut, self, target, gradInput FLOAT, FLOAT16 or BFLOAT16 (BFLOAT16 on Ascend 950, Atlas A2
 *     and A3 only) -> else 161002;
 *  4. more than 8 dims in gradOut, self or target -> 161002;
 *  5. reduction not 0 (none), 1 (mean), 2 (sum) -> 161002;
 *  6. beta negative or NaN -> 161002 (beta == 0 and +inf are accepted);
 *  7. P = promote(promote(gradOut, self), target) must exist, be in the list and castable to gradInput's
 *     dtype -> else 161002;
 *  8. shapes (view shapes, elements): gradOut and self broadcast (NumPy rules), then with target, to b;
 *     gradInput's shape must equal b -> else 161002;
 *  9. beyond CANN: every view inside its storage shape, gradInput without self-overlap -> else 161002.
 * An empty gradOut, self or target: success, *workspaceSize = 0, nothing is computed. Views may have any
 * non-negative strides (elements) and offsets; gradInput may alias the inputs. On success *workspaceSize
 * holds the scratch bytes the second phase needs (0 when none) and *executor the plan. A failed call
 * writes nothing and leaves a message in aclGetRecentErrMsg.
 */
ACLNN_API aclnnStatus aclnnSmoothL1LossBackwardGetWorkspaceSize(const aclTensor* gradOut, const aclTensor* self,
                                                                const aclTensor* target, int64_t reduction, float beta,
                                                                aclTensor* gradInput, uint64_t* workspaceSize,
                                                                aclOpExecutor** executor);

/**
 * Second phase: enqueues the planned computation on stream (NULL = default stream) and returns; results are
 * visible after aclrtSynchronizeStream. Codes as aclnnL1LossBackward's second phase (SPEC 6): executor NULL
 * -> 161001; workspaceSize > 0 with workspace NULL -> 161001; beyond CANN: a workspace below the first
 * phase's request, an executor consumed or never issued, a data address outside its aclrtMalloc block ->
 * 161002; an unknown stream -> 361001.
 */
ACLNN_API aclnnStatus aclnnSmoothL1LossBackward(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif /* ACLCPU_ACLNNOP_ACLNN_SMOOTH_L1_LOSS_BACKWARD_H_ */
