/*
 * aclnnop/aclnn_util.h - export macro of the operator headers (CANN path and name; hicann/opbase).
 */
#ifndef ACLCPU_ACLNNOP_ACLNN_UTIL_H_
#define ACLCPU_ACLNNOP_ACLNN_UTIL_H_

#define ACLNN_API __attribute__((visibility("default")))

#endif /* ACLCPU_ACLNNOP_ACLNN_UTIL_H_ */
