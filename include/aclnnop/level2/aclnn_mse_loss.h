/*
 * aclnnop/level2/aclnn_mse_loss.h - forwarding header at the path of CANN's older layout (operator headers
 * under include/aclnnop/level2/, as ops-nn cmake/variables.cmake installs them). Declares nothing itself:
 * see ../aclnn_mse_loss.h.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_MSE_LOSS_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_MSE_LOSS_H_

#include "../aclnn_mse_loss.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_MSE_LOSS_H_ */
