/*
 * acl/acl.h - umbrella header of the ACL API (CANN path and name). Includes the runtime slice.
 */
#ifndef ACLCPU_ACL_ACL_H_
#define ACLCPU_ACL_ACL_H_

#include "acl_rt.h"

#endif /* ACLCPU_ACL_ACL_H_ */
