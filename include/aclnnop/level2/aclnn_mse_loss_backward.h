/*
 * aclnnop/level2/aclnn_mse_loss_backward.h - forwarding header at the path of CANN's older layout (operator headers
 * under include/aclnnop/level2/, as ops-nn cmake/variables.cmake installs them). Declares nothing itself:
 * see ../aclnn_mse_loss_backward.h.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_MSE_LOSS_BACKWARD_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_MSE_LOSS_BACKWARD_H_

#include "../aclnn_mse_loss_backward.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_MSE_LOSS_BACKWARD_H_ */
