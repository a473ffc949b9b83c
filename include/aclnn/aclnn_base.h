/*
 * aclnn/aclnn_base.h - aclnn library initialisation (CANN path and name; hicann/opbase).
 */
#ifndef ACLCPU_ACLNN_ACLNN_BASE_H_
#define ACLCPU_ACLNN_ACLNN_BASE_H_

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Initialises the aclnn library. configPath may be NULL. Always returns 0 (nothing to load on a CPU). */
ACL_FUNC_VISIBILITY aclnnStatus aclnnInit(const char* configPath);

/** Finalises the aclnn library. Always returns 0. */
ACL_FUNC_VISIBILITY aclnnStatus aclnnFinalize(void);

#ifdef __cplusplus
}
#endif

#endif /* ACLCPU_ACLNN_ACLNN_BASE_H_ */
