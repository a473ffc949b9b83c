/*
 * acl/acl_op.h - CANN's single-operator ("aclop") API header (CANN path and name).
 *
 * CANN's acl_op.h (hicann/ge inc/external/acl/acl_op.h) declares the older way of running one operator from an
 * operator model: aclopCreateAttr, aclopSetAttr*, aclopExecuteV2, aclopCompileAndExecute and their types.
 * (hicann/runtime ships acl/acl_op.h as an empty compatibility header; the aclop API itself is ge's.)
 * aclcpu implements the aclnn two-phase API instead and NONE of the aclop functions; this header declares only
 * the aclop types (opaque, as CANN's) and what CANN's header brings in (acl_base.h and the tensor-descriptor API
 * of acl_base_mdl.h), so that a program that includes it but calls only aclnn and runtime functions - as several
 * of CANN's own aclnn example programs do - builds unmodified. A program that calls an aclop function fails to
 * compile, naming the function.
 * Compiles as C++11 and C11.
 */
#ifndef ACLCPU_ACL_ACL_OP_H_
#define ACLCPU_ACL_ACL_OP_H_

#include "acl_base.h"
#include "acl_base_mdl.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Opaque attribute set of an aclop call (aclcpu creates none). */
typedef struct aclopAttr aclopAttr;
/** Opaque handle of a compiled aclop operator (aclcpu creates none). */
typedef struct aclopHandle aclopHandle;

#ifdef __cplusplus
}
#endif

#endif  // ACLCPU_ACL_ACL_OP_H_
