/*
 * aclnnop/level2/aclnn_threshold_backward.h - forwarding header at the path of CANN's older layout, where
 * the operator headers lived under include/aclnnop/level2/ (ops-nn cmake/variables.cmake installs them to
 * <arch>-linux/include/aclnnop/level2; programs such as ops-nn's matmul examples include
 * "aclnnop/level2/aclnn_<op>.h"). Declares nothing itself: see ../aclnn_threshold_backward.h.
 */
#ifndef ACLCPU_ACLNNOP_LEVEL2_ACLNN_THRESHOLD_BACKWARD_H_
#define ACLCPU_ACLNNOP_LEVEL2_ACLNN_THRESHOLD_BACKWARD_H_

#include "../aclnn_threshold_backward.h"

#endif /* ACLCPU_ACLNNOP_LEVEL2_ACLNN_THRESHOLD_BACKWARD_H_ */
