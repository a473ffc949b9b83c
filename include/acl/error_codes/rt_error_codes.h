/*
 * acl/error_codes/rt_error_codes.h - runtime status codes (107xxx, 207xxx, 507xxx).
 *
 * Values are facts of CANN's runtime (hicann/runtime include/external/acl/error_codes/rt_error_codes.h);
 * this file lists the subset a CPU runtime can return, plus the common ones users compare against.
 * Compiles as C89 and later and as C++98 and later.
 */
#ifndef ACLCPU_ACL_ERROR_CODES_RT_ERROR_CODES_H_
#define ACLCPU_ACL_ERROR_CODES_RT_ERROR_CODES_H_

#define ACL_RT_SUCCESS 0                          /* success */
#define ACL_ERROR_RT_PARAM_INVALID 107000         /* a parameter is invalid (e.g. memcpy count > destMax) */
#define ACL_ERROR_RT_INVALID_DEVICEID 107001      /* device id out of range */
#define ACL_ERROR_RT_CONTEXT_NULL 107002          /* no current context */
#define ACL_ERROR_RT_STREAM_CONTEXT 107003        /* stream not in current context */
#define ACL_ERROR_RT_MODEL_CONTEXT 107004         /* model not in current context */
#define ACL_ERROR_RT_STREAM_MODEL 107005          /* stream not in model */
#define ACL_ERROR_RT_EVENT_TIMESTAMP_INVALID 107006
#define ACL_ERROR_RT_EVENT_TIMESTAMP_REVERSAL 107007
#define ACL_ERROR_RT_ADDR_UNALIGNED 107008        /* memory address unaligned */
#define ACL_ERROR_RT_FILE_OPEN 107009
#define ACL_ERROR_RT_FILE_WRITE 107010
#define ACL_ERROR_RT_STREAM_SUBSCRIBE 107011      /* stream (un)subscribe error (aclrtSubscribeReport) */
#define ACL_ERROR_RT_THREAD_SUBSCRIBE 107012      /* thread (un)subscribe error, aclrtProcessReport unsubscribed */
#define ACL_ERROR_RT_STREAM_NO_CB_REG 107015      /* aclrtLaunchCallback on a stream with no subscribed thread */
#define ACL_ERROR_RT_INVALID_MEMORY_TYPE 107016
#define ACL_ERROR_RT_INVALID_HANDLE 107017        /* unknown stream, event or memory handle */
#define ACL_ERROR_RT_INVALID_MALLOC_TYPE 107018
#define ACL_ERROR_RT_WAIT_TIMEOUT 107019
#define ACL_ERROR_RT_TASK_TIMEOUT 107020
#define ACL_ERROR_RT_SYSPARAMOPT_NOT_SET 107021

#define ACL_ERROR_RT_FEATURE_NOT_SUPPORT 207000
#define ACL_ERROR_RT_MEMORY_ALLOCATION 207001     /* out of memory */
#define ACL_ERROR_RT_MEMORY_FREE 207002           /* memory free error */
#define ACL_ERROR_RT_NO_DEVICE 207004
#define ACL_ERROR_RT_RESOURCE_ALLOC_FAIL 207005
#define ACL_ERROR_RT_NO_EVENT_RESOURCE 207007
#define ACL_ERROR_RT_NO_STREAM_RESOURCE 207008
#define ACL_ERROR_RT_OVER_LIMIT 207012

#define ACL_ERROR_RT_INTERNAL_ERROR 507000
#define ACL_ERROR_RT_TS_ERROR 507001
#define ACL_ERROR_RT_STREAM_TASK_FULL 507002
#define ACL_ERROR_RT_STREAM_TASK_EMPTY 507003
#define ACL_ERROR_RT_STREAM_NOT_COMPLETE 507004
#define ACL_ERROR_RT_END_OF_SEQUENCE 507005
#define ACL_ERROR_RT_EVENT_NOT_COMPLETE 507006
#define ACL_ERROR_RT_CONTEXT_RELEASE_ERROR 507007
#define ACL_ERROR_RT_SOC_VERSION 507008
#define ACL_ERROR_RT_TASK_TYPE_NOT_SUPPORT 507009
#define ACL_ERROR_RT_REPORT_TIMEOUT 507012        /* aclrtProcessReport: nothing reported in time */
#define ACL_ERROR_RT_STREAM_SYNC_TIMEOUT 507046   /* rtStreamSynchronizeWithTimeout timed out */

#endif /* ACLCPU_ACL_ERROR_CODES_RT_ERROR_CODES_H_ */
