/*
 * aclnnop/level2/aclnn_l1_loss.h - forwarding header at the path of CANN's older layout (operator headers
 * under include/aclnnop/level2/, as ops-nn cmake/variables.cmake installs them). Declares nothing itself:
 * see ../aclnn_l1_loss.h.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_L1_LOSS_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_L1_LOSS_H_

#include "../aclnn_l1_loss.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_L1_LOSS_H_ */
