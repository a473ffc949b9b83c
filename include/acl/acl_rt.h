/*
 * acl/acl_rt.h - the ACL runtime slice this project implements on the CPU: init/finalize, devices, contexts,
 * streams (FIFO queues run by worker threads), events, host callbacks, device queries, memory and copies.
 *
 * Names, signatures and enum values are facts of CANN (hicann/runtime include/external/acl/acl_rt.h).
 * Semantics and status codes follow SPEC 2. Compiles as C++11 and C11.
 */
#ifndef ACLCPU_ACL_ACL_RT_H_
#define ACLCPU_ACL_ACL_RT_H_

#include <stddef.h>
#include <stdint.h>
#include "acl_base.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Where the application runs (value from CANN). This runtime always reports ACL_HOST. */
typedef enum aclrtRunMode { ACL_DEVICE, ACL_HOST } aclrtRunMode;

/** Status of an event (deprecated query; values from CANN). */
typedef enum aclrtEventStatus {
    ACL_EVENT_STATUS_COMPLETE = 0,
    ACL_EVENT_STATUS_NOT_READY = 1,
    ACL_EVENT_STATUS_RESERVED = 2
} aclrtEventStatus;

/** Recorded status of an event (values from CANN). */
typedef enum aclrtEventRecordedStatus {
    ACL_EVENT_RECORDED_STATUS_NOT_READY = 0,
    ACL_EVENT_RECORDED_STATUS_COMPLETE = 1
} aclrtEventRecordedStatus;

/** Direction of a copy (values from CANN). All kinds are plain host copies here. */
typedef enum aclrtMemcpyKind {
    ACL_MEMCPY_HOST_TO_HOST,
    ACL_MEMCPY_HOST_TO_DEVICE,
    ACL_MEMCPY_DEVICE_TO_HOST,
    ACL_MEMCPY_DEVICE_TO_DEVICE,
    ACL_MEMCPY_DEFAULT,
    ACL_MEMCPY_HOST_TO_BUF_TO_DEVICE,
    ACL_MEMCPY_INNER_DEVICE_TO_DEVICE,
    ACL_MEMCPY_INTER_DEVICE_TO_DEVICE
} aclrtMemcpyKind;

/** Allocation policies of aclrtMalloc (values from CANN). Every policy is accepted. */
typedef enum aclrtMemMallocPolicy {
    ACL_MEM_MALLOC_HUGE_FIRST,
    ACL_MEM_MALLOC_HUGE_ONLY,
    ACL_MEM_MALLOC_NORMAL_ONLY,
    ACL_MEM_MALLOC_HUGE_FIRST_P2P,
    ACL_MEM_MALLOC_HUGE_ONLY_P2P,
    ACL_MEM_MALLOC_NORMAL_ONLY_P2P,
    ACL_MEM_MALLOC_HUGE1G_ONLY,
    ACL_MEM_MALLOC_HUGE1G_ONLY_P2P,
    ACL_MEM_TYPE_LOW_BAND_WIDTH = 0x0100,
    ACL_MEM_TYPE_HIGH_BAND_WIDTH = 0x1000,
    ACL_MEM_ACCESS_USER_SPACE_READONLY = 0x100000
} aclrtMemMallocPolicy;

/** Memory kinds of aclrtGetMemInfo (values from CANN). */
typedef enum aclrtMemAttr {
    ACL_DDR_MEM,
    ACL_HBM_MEM,
    ACL_DDR_MEM_HUGE,
    ACL_DDR_MEM_NORMAL,
    ACL_HBM_MEM_HUGE,
    ACL_HBM_MEM_NORMAL,
    ACL_DDR_MEM_P2P_HUGE,
    ACL_DDR_MEM_P2P_NORMAL,
    ACL_HBM_MEM_P2P_HUGE,
    ACL_HBM_MEM_P2P_NORMAL,
    ACL_HBM_MEM_HUGE1G,
    ACL_HBM_MEM_P2P_HUGE1G,
    ACL_MEM_NORMAL,
    ACL_MEM_HUGE,
    ACL_MEM_HUGE1G,
    ACL_MEM_P2P_NORMAL,
    ACL_MEM_P2P_HUGE,
    ACL_MEM_P2P_HUGE1G
} aclrtMemAttr;

/** Version of the ACL API this header follows (CANN acl_rt.h at hicann/runtime 681ef76: 1.17.0). */
#define ACL_MAJOR_VERSION 1
#define ACL_MINOR_VERSION 17
#define ACL_PATCH_VERSION 0

/** Status of a stream for aclrtStreamQuery (values from CANN). */
typedef enum aclrtStreamStatus {
    ACL_STREAM_STATUS_COMPLETE = 0,
    ACL_STREAM_STATUS_NOT_READY = 1,
    ACL_STREAM_STATUS_RESERVED = 0xFFFF
} aclrtStreamStatus;

/** Whether a callback task holds its stream until the callback has returned (values from CANN). */
typedef enum aclrtCallbackBlockType {
    ACL_CALLBACK_NO_BLOCK,
    ACL_CALLBACK_BLOCK
} aclrtCallbackBlockType;

/** A host callback of aclrtLaunchCallback: runs on the thread subscribed to the stream, with userData. */
typedef void (*aclrtCallback)(void* userData);

/**
 * Device attributes of aclrtGetDeviceInfo (values from CANN acl_rt.h). What this runtime answers for each:
 * see aclrtGetDeviceInfo. ACL_DEV_ATTR_LOCAL_MEM_PER_VECTOR_CORE is CANN's deprecated alias of
 * ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE, ACL_DEV_ATTR_SUPER_POD_DEVIDE_ID of ACL_DEV_ATTR_SUPER_POD_DEVICE_ID.
 */
typedef enum {
    ACL_DEV_ATTR_AICPU_CORE_NUM = 1,
    ACL_DEV_ATTR_AICORE_CORE_NUM = 101,
    ACL_DEV_ATTR_CUBE_CORE_NUM = 102,
    ACL_DEV_ATTR_VECTOR_CORE_NUM = 201,
    ACL_DEV_ATTR_WARP_SIZE = 202,
    ACL_DEV_ATTR_MAX_THREAD_PER_VECTOR_CORE = 203,
    ACL_DEV_ATTR_LOCAL_MEM_PER_VECTOR_CORE = 204,
    ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE = 204,
    ACL_DEV_ATTR_MAX_GRID_DIM_X = 205,
    ACL_DEV_ATTR_MAX_GRID_DIM_Y = 206,
    ACL_DEV_ATTR_MAX_GRID_DIM_Z = 207,
    ACL_DEV_ATTR_MAX_BLOCK_PER_GRID = 208,
    ACL_DEV_ATTR_MAX_THREADS_PER_BLOCK = 209,
    ACL_DEV_ATTR_MAX_BLOCK_DIM_X = 210,
    ACL_DEV_ATTR_MAX_BLOCK_DIM_Y = 211,
    ACL_DEV_ATTR_MAX_BLOCK_DIM_Z = 212,
    ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE = 301,
    ACL_DEV_ATTR_L2_CACHE_SIZE = 302,
    ACL_DEV_ATTR_SMP_ID = 401U,
    ACL_DEV_ATTR_PHY_CHIP_ID = 402U,
    ACL_DEV_ATTR_SUPER_POD_DEVIDE_ID = 403U,
    ACL_DEV_ATTR_SUPER_POD_DEVICE_ID = 403U,
    ACL_DEV_ATTR_SUPER_POD_SERVER_ID = 404U,
    ACL_DEV_ATTR_SUPER_POD_ID = 405U,
    ACL_DEV_ATTR_CUST_OP_PRIVILEGE = 406U,
    ACL_DEV_ATTR_MAINBOARD_ID = 407U,
    ACL_DEV_ATTR_HD_CONNECT_TYPE = 408U,
    ACL_DEV_ATTR_DEVICE_FORM_FACTOR = 409U,
    ACL_DEV_ATTR_IS_VIRTUAL = 501U,
    ACL_DEV_ATTR_NPU_ARCH = 601U
} aclrtDevAttr;

/* ---------------- initialisation ---------------- */

/**
 * Initialises the runtime. configPath: NULL, "" or a JSON file; the key "soc_version" (string, a CANN chip
 * name such as "Ascend910B3" or a family such as "Ascend910B") chooses the product profile, else the
 * environment variable ACLCPU_SOC_VERSION does (SPEC 2, 5.2; docs/toolkit.md lists the names).
 * Returns 0; ACL_ERROR_REPEAT_INITIALIZE (100002) when already initialised; ACL_ERROR_INVALID_FILE (100003)
 * for an unreadable file; ACL_ERROR_PARSE_FILE (100006) for invalid JSON; ACL_ERROR_FILE_ATTR_INVALID
 * (100008) for an unknown "soc_version" or ACLCPU_SOC_VERSION, or an ACLCPU_NUM_THREADS that is not an
 * integer from 1 to 4096 (the message lists the accepted values).
 */
ACL_FUNC_VISIBILITY aclError aclInit(const char* configPath);

/**
 * Releases every runtime resource: waits for and destroys all streams, destroys events, frees all memory
 * from aclrtMalloc/aclrtMallocHost. Returns 0 (also when never initialised); ACL_ERROR_REPEAT_FINALIZE
 * (100037) when already finalised; 507004 (nothing released) while the calling thread owes a blocking
 * callback (aclrtLaunchCallback). aclInit may be called again afterwards.
 */
ACL_FUNC_VISIBILITY aclError aclFinalize(void);

/**
 * The message of the calling thread's most recent failed call (names the offending values), or NULL when
 * there was none since the last call. The text stays valid until the thread's next call of this function.
 */
ACL_FUNC_VISIBILITY const char* aclGetRecentErrMsg(void);

/* ---------------- devices ---------------- */

/**
 * Selects the device of the calling thread and makes its default context current. The process emulates
 * aclrtGetDeviceCount devices (ACLCPU_DEVICE_COUNT, default 8), each with its own default context, default
 * stream and memory accounting. Id outside [0, count) -> ACL_ERROR_RT_INVALID_DEVICEID (107001); before
 * aclInit -> 100001.
 */
ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId);

/**
 * Resets device deviceId: waits for every stream of that device and returns the first failure of its work;
 * the calling thread no longer has a device if it was this one. Bad id -> 107001; 507004 (no wait) while the
 * calling thread owes a blocking callback.
 */
ACL_FUNC_VISIBILITY aclError aclrtResetDevice(int32_t deviceId);

/** aclrtResetDevice without CANN's reference count of aclrtSetDevice calls (none is kept here): the same. */
ACL_FUNC_VISIBILITY aclError aclrtResetDeviceForce(int32_t deviceId);

/** Current device of the calling thread. NULL -> ACL_ERROR_INVALID_PARAM (100000); none set -> 107002. */
ACL_FUNC_VISIBILITY aclError aclrtGetDevice(int32_t* deviceId);

/**
 * Number of emulated devices: ACLCPU_DEVICE_COUNT (1 to 64; aclInit refuses anything else with 100008),
 * default 8. Works before aclInit. NULL -> 100000.
 */
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCount(uint32_t* count);

/**
 * Writes 1 to *canAccessPeer: every pair of emulated devices can enable peer access. NULL -> 100000; an id
 * outside [0, count) -> 107001; deviceId == peerDeviceId -> 100000 (CANN's check); before aclInit -> 100001.
 */
ACL_FUNC_VISIBILITY aclError aclrtDeviceCanAccessPeer(int32_t* canAccessPeer, int32_t deviceId, int32_t peerDeviceId);

/**
 * Lets work on the calling thread's device (kernels, copies) use memory allocated on peerDeviceId (one
 * direction). Without it such a use still works, and strict mode reports it ("peer-access"). flags other
 * than 0 -> ACL_ERROR_FEATURE_UNSUPPORTED (200006); bad id -> 107001; the current device -> 100000.
 * Enabling twice is not an error.
 */
ACL_FUNC_VISIBILITY aclError aclrtDeviceEnablePeerAccess(int32_t peerDeviceId, uint32_t flags);

/** Withdraws aclrtDeviceEnablePeerAccess(peerDeviceId) of the calling thread's device. Codes as enabling it. */
ACL_FUNC_VISIBILITY aclError aclrtDeviceDisablePeerAccess(int32_t peerDeviceId);

/**
 * Writes 1 to *status when device deviceId has peer access to peerDeviceId enabled, else 0 (logical ids are
 * the physical ones here). NULL -> 100000; codes otherwise as aclrtDeviceCanAccessPeer.
 */
ACL_FUNC_VISIBILITY aclError aclrtDevicePeerAccessStatus(int32_t deviceId, int32_t peerDeviceId, int32_t* status);

/** Run mode: always ACL_HOST here. NULL -> 100000. */
ACL_FUNC_VISIBILITY aclError aclrtGetRunMode(aclrtRunMode* runMode);

/**
 * Waits for all streams of the calling thread's device (device 0 when none is set); returns the first failure of enqueued work, if any; 507004 (no wait)
 * while the calling thread owes a blocking callback (aclrtLaunchCallback).
 */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDevice(void);

/**
 * Writes attribute attr of device deviceId to *value (src/runtime/device_query.cpp; CANN device.cpp codes).
 * Answered from this machine: AICPU_CORE_NUM = hardware threads; AICORE_CORE_NUM, CUBE_CORE_NUM and
 * VECTOR_CORE_NUM = the device pool's threads (ACLCPU_NUM_THREADS); TOTAL_GLOBAL_MEM_SIZE = RAM in bytes;
 * L2_CACHE_SIZE = the CPU's L2 cache in bytes (0 when the OS does not report it); SMP_ID, PHY_CHIP_ID,
 * IS_VIRTUAL = 0. The other attributes have no CPU meaning: ACL_ERROR_RT_FEATURE_NOT_SUPPORT (207000).
 * value NULL -> ACL_ERROR_INVALID_PARAM (100000); deviceId outside [0, count) or attr outside aclrtDevAttr ->
 * ACL_ERROR_RT_PARAM_INVALID (107000).
 */
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr, int64_t* value);

/**
 * Writes the ACL API version this runtime follows: ACL_MAJOR_VERSION.ACL_MINOR_VERSION.ACL_PATCH_VERSION
 * (1.17.0, CANN's meaning of this call; aclcpu's own version is in docs/runtime.md). Any NULL -> 100000.
 * Deprecated in CANN (successor aclsysGetVersionStr, not provided here).
 */
ACL_DEPRECATED_MESSAGE("aclrtGetVersion is deprecated, use aclSysGetVersion instead")
ACL_FUNC_VISIBILITY aclError aclrtGetVersion(int32_t* majorVersion, int32_t* minorVersion, int32_t* patchVersion);

/**
 * Sets, process-wide, how long (seconds; 0 = forever, the default) later aclrtStreamWaitEvent tasks wait. A
 * wait that runs out ends, and the stream's next synchronisation returns ACL_ERROR_RT_TASK_TIMEOUT (107020).
 * Process-wide, the last call wins (CANN). Before aclInit -> ACL_ERROR_UNINITIALIZE (100001).
 */
ACL_FUNC_VISIBILITY aclError aclrtSetOpWaitTimeout(uint32_t timeout);

/* ---------------- contexts ---------------- */

/**
 * Creates a context on deviceId (with its own default stream) and makes it the calling thread's current
 * context (src/runtime/context.cpp; CANN docs 05_context_management). context NULL -> 100000; deviceId
 * outside [0, aclrtGetDeviceCount) -> ACL_ERROR_RT_INVALID_DEVICEID (107001); before aclInit -> 100001.
 */
ACL_FUNC_VISIBILITY aclError aclrtCreateContext(aclrtContext* context, int32_t deviceId);

/**
 * Destroys a context made by aclrtCreateContext: waits for and destroys its streams (its default stream
 * included). A thread whose current context it was falls back to the device's default context.
 * NULL -> 100000; a device's default context, or a destroyed / unknown handle -> ACL_ERROR_RT_CONTEXT_NULL
 * (107002) with a message; 507004 (nothing destroyed) while the calling thread owes one of its streams a
 * blocking callback (aclrtLaunchCallback).
 */
ACL_FUNC_VISIBILITY aclError aclrtDestroyContext(aclrtContext context);

/**
 * Makes context the calling thread's current context (and its device the thread's device).
 * NULL -> 100000; destroyed / unknown handle -> ACL_ERROR_RT_PARAM_INVALID (107000).
 */
ACL_FUNC_VISIBILITY aclError aclrtSetCurrentContext(aclrtContext context);

/**
 * The calling thread's current context: the last one set or created on this thread, else the default
 * context of its device. NULL -> 100000; no context and no device on this thread, or the current context
 * was destroyed on another thread -> ACL_ERROR_RT_CONTEXT_NULL (107002).
 */
ACL_FUNC_VISIBILITY aclError aclrtGetCurrentContext(aclrtContext* context);

/** Sets a system parameter. ACL_OPT_DETERMINISTIC accepts 0..3 (this runtime is always deterministic). */
ACL_FUNC_VISIBILITY aclError aclrtSetSysParamOpt(aclSysParamOpt opt, int64_t value);

/** Reads a system parameter; ACL_ERROR_RT_SYSPARAMOPT_NOT_SET (107021) when never set. */
ACL_FUNC_VISIBILITY aclError aclrtGetSysParamOpt(aclSysParamOpt opt, int64_t* value);

/* ---------------- streams ---------------- */

/** Creates a stream: a FIFO task queue served by its own worker thread. NULL -> 100000. */
ACL_FUNC_VISIBILITY aclError aclrtCreateStream(aclrtStream* stream);

/**
 * Waits for the stream's pending work, then destroys it. Unknown stream -> ACL_ERROR_RT_INVALID_HANDLE (107017);
 * 507004 (not destroyed) while the calling thread owes it a blocking callback (aclrtLaunchCallback).
 */
ACL_FUNC_VISIBILITY aclError aclrtDestroyStream(aclrtStream stream);

/**
 * Waits until all work enqueued on stream (NULL = default stream) has run. Returns the status of the first
 * task that failed since the last synchronisation (and clears it), else 0. Unknown stream -> 107017; 507004
 * (no wait) while the calling thread owes it a blocking callback (aclrtLaunchCallback).
 */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStream(aclrtStream stream);

/** As aclrtSynchronizeStream, giving up after timeout ms (-1 = forever) with ACL_ERROR_RT_WAIT_TIMEOUT (107019). */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout);

/** Makes later work on stream wait until event has completed. */
ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event);

/**
 * Whether every task enqueued on stream (NULL = the current context's default stream) has run:
 * ACL_STREAM_STATUS_COMPLETE or ACL_STREAM_STATUS_NOT_READY in *status, returning 0 (CANN stream.cpp).
 * status NULL -> 100000; destroyed / unknown stream -> 107017.
 */
ACL_FUNC_VISIBILITY aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus* status);

/* ---------------- host callbacks ---------------- */

/**
 * Binds stream (NULL = the current context's default stream) to the thread whose pthread_self() value is
 * threadId: callbacks launched on the stream run in that thread's aclrtProcessReport (src/runtime/callback.cpp;
 * CANN docs 12_execution_control). A stream has one thread; a thread may serve several streams.
 * Stream already subscribed (by any thread, this one included) -> ACL_ERROR_RT_STREAM_SUBSCRIBE (107011; CANN
 * subscribe.cc checks the stream first); destroyed / unknown stream -> 107017; before aclInit -> 100001.
 */
ACL_FUNC_VISIBILITY aclError aclrtSubscribeReport(uint64_t threadId, aclrtStream stream);

/**
 * Enqueues on stream a task that hands fn(userData) to the stream's subscribed thread when the stream
 * reaches it. ACL_CALLBACK_BLOCK: the stream's later tasks wait until fn has returned; ACL_CALLBACK_NO_BLOCK:
 * they go on at once. fn runs exactly once. blockType not 0/1 -> 100000; fn NULL -> 107000; stream of
 * another context -> ACL_ERROR_RT_STREAM_CONTEXT (107003); no subscribed thread ->
 * ACL_ERROR_RT_STREAM_NO_CB_REG (107015); destroyed / unknown stream -> 107017. Until an ACL_CALLBACK_BLOCK
 * fn has returned, its subscribed thread's waits that would drain the stream (aclrtSynchronizeStream and
 * WithTimeout(-1), aclrtDestroyStream, aclrtDestroyContext, aclrtSynchronizeDevice, aclrtResetDevice,
 * aclFinalize) return ACL_ERROR_RT_STREAM_NOT_COMPLETE (507004) at once, changing nothing (beyond CANN: there
 * they never return).
 */
ACL_FUNC_VISIBILITY aclError aclrtLaunchCallback(aclrtCallback fn, void* userData, aclrtCallbackBlockType blockType,
                                                 aclrtStream stream);

/**
 * Waits up to timeout ms (-1 = forever) for callbacks of the streams subscribed by the calling thread, then
 * runs every one that is ready, in order, on the calling thread. timeout 0 or below -1 -> 100000; the thread
 * subscribes no stream -> 107012, also when its last stream is unsubscribed or destroyed during the wait
 * (nothing can arrive any more); nothing within timeout -> ACL_ERROR_RT_REPORT_TIMEOUT (507012).
 */
ACL_FUNC_VISIBILITY aclError aclrtProcessReport(int32_t timeout);

/**
 * Unbinds stream from thread threadId; later launches on it fail with 107015. Callbacks already handed to
 * the thread still run in its aclrtProcessReport. Stream not subscribed -> 107011; subscribed by another
 * thread -> 107012; destroyed / unknown stream -> 107017.
 */
ACL_FUNC_VISIBILITY aclError aclrtUnSubscribeReport(uint64_t threadId, aclrtStream stream);

/* ---------------- events ---------------- */

/** Creates an event. NULL -> 100000. */
ACL_FUNC_VISIBILITY aclError aclrtCreateEvent(aclrtEvent* event);

/** Destroys an event. Unknown event -> 107017. */
ACL_FUNC_VISIBILITY aclError aclrtDestroyEvent(aclrtEvent event);

/** Enqueues on stream a marker that completes event and timestamps it when reached. */
ACL_FUNC_VISIBILITY aclError aclrtRecordEvent(aclrtEvent event, aclrtStream stream);

/** Waits until the last record of event has completed (at once when never recorded). */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeEvent(aclrtEvent event);

/** Whether the last record of event has completed. */
ACL_FUNC_VISIBILITY aclError aclrtQueryEventStatus(aclrtEvent event, aclrtEventRecordedStatus* status);

/**
 * Deprecated twin of aclrtQueryEventStatus with CANN's older enum: ACL_EVENT_STATUS_COMPLETE (0) once the
 * last record has completed (or the event was never recorded), else ACL_EVENT_STATUS_NOT_READY (1).
 * status NULL -> 100000; destroyed / unknown event -> 107017.
 */
ACL_DEPRECATED_MESSAGE("aclrtQueryEvent is deprecated, use aclrtQueryEventStatus instead")
ACL_FUNC_VISIBILITY aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus* status);

/**
 * Enqueues on stream (NULL = the current context's default stream) a task that returns event to its
 * unrecorded state (for reuse after aclrtStreamWaitEvent): waits enqueued after it do not wait for older
 * records; a record enqueued after the reset is kept. event NULL -> 100000; destroyed / unknown event or
 * stream -> 107017; stream of another context -> 107003.
 */
ACL_FUNC_VISIBILITY aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream);

/** Milliseconds between two completed events. Not completed -> ACL_ERROR_RT_EVENT_NOT_COMPLETE (507006). */
ACL_FUNC_VISIBILITY aclError aclrtEventElapsedTime(float* ms, aclrtEvent startEvent, aclrtEvent endEvent);

/* ---------------- memory ---------------- */

/**
 * Allocates size bytes of "device" memory (host RAM, 64-byte aligned, registered for bounds checks).
 * Every policy is accepted. devPtr NULL or size 0 -> ACL_ERROR_INVALID_PARAM (100000); out of memory ->
 * ACL_ERROR_RT_MEMORY_ALLOCATION (207001).
 */
ACL_FUNC_VISIBILITY aclError aclrtMalloc(void** devPtr, size_t size, aclrtMemMallocPolicy policy);

/**
 * Frees memory from aclrtMalloc. Waits first for enqueued tasks that use the block (SPEC 2,
 * docs/differences.md). NULL -> 100000; an unknown, interior or already freed pointer ->
 * ACL_ERROR_RT_MEMORY_FREE (207002) with a message, never a crash.
 */
ACL_FUNC_VISIBILITY aclError aclrtFree(void* devPtr);

/**
 * Allocates size bytes rounded up to a multiple of 32 (CANN memory.cpp: no 32 padding bytes added), in the
 * aclrtMalloc registry (64-byte aligned; freed with aclrtFree). devPtr NULL, size 0, or size + 32
 * overflowing -> 100000; out of memory -> 207001.
 */
ACL_FUNC_VISIBILITY aclError aclrtMallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy policy);

/** Allocates host memory (registered like aclrtMalloc). NULL or size 0 -> 100000. */
ACL_FUNC_VISIBILITY aclError aclrtMallocHost(void** hostPtr, size_t size);

/** Frees memory from aclrtMallocHost. NULL -> 100000; unknown pointer -> 207002. */
ACL_FUNC_VISIBILITY aclError aclrtFreeHost(void* hostPtr);

/**
 * Sets count bytes at devPtr to (uint8_t)value. NULL -> 100000; count > maxCount -> 107000; a range
 * outside the registered block -> 107000.
 */
ACL_FUNC_VISIBILITY aclError aclrtMemset(void* devPtr, size_t maxCount, int32_t value, size_t count);

/** Enqueues aclrtMemset on stream. */
ACL_FUNC_VISIBILITY aclError aclrtMemsetAsync(void* devPtr, size_t maxCount, int32_t value, size_t count,
                                              aclrtStream stream);

/**
 * Copies count bytes (SPEC 2): count == 0 -> 0 before any other check; NULL dst or src -> 100000;
 * count > destMax -> ACL_ERROR_RT_PARAM_INVALID (107000); dst == src -> 0 without copying; a registered
 * block too small for the range -> 107000. Synchronous with respect to the host.
 */
ACL_FUNC_VISIBILITY aclError aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count,
                                         aclrtMemcpyKind kind);

/** Enqueues aclrtMemcpy on stream (checked at enqueue, copied in stream order). */
ACL_FUNC_VISIBILITY aclError aclrtMemcpyAsync(void* dst, size_t destMax, const void* src, size_t count,
                                              aclrtMemcpyKind kind, aclrtStream stream);

/**
 * Free and total bytes of the calling thread's device, for every attr: total is the host's RAM (every device
 * is backed by it); free is the host's free RAM, at most total less what this device's aclrtMalloc blocks
 * hold. NULL -> 100000; attr not an aclrtMemAttr -> ACL_ERROR_RT_INVALID_MEMORY_TYPE (107016), as CANN's runtime.
 */
ACL_FUNC_VISIBILITY aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total);

#ifdef __cplusplus
}
#endif

#endif /* ACLCPU_ACL_ACL_RT_H_ */
