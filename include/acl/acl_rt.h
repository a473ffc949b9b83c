/*
 * acl/acl_rt.h - the ACL runtime slice this project implements on the CPU: init/finalize, device 0,
 * streams (FIFO queues run by worker threads), events, memory and copies.
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

/* ---------------- initialisation ---------------- */

/**
 * Initialises the runtime. configPath: NULL, "" or a JSON file; the key "soc_version" (string, a CANN chip
 * name such as "Ascend910B3" or a family such as "Ascend910B") chooses the product profile, else the
 * environment variable ACLCPU_SOC_VERSION does (SPEC 2, 5.2; README lists the names).
 * Returns 0; ACL_ERROR_REPEAT_INITIALIZE (100002) when already initialised; ACL_ERROR_INVALID_FILE (100003)
 * for an unreadable file; ACL_ERROR_PARSE_FILE (100006) for invalid JSON; ACL_ERROR_FILE_ATTR_INVALID
 * (100008) for an unknown "soc_version" or ACLCPU_SOC_VERSION, or an ACLCPU_NUM_THREADS that is not an
 * integer from 1 to 4096 (the message lists the accepted values).
 */
ACL_FUNC_VISIBILITY aclError aclInit(const char* configPath);

/**
 * Releases every runtime resource: waits for and destroys all streams, destroys events, frees all memory
 * from aclrtMalloc/aclrtMallocHost. Returns 0 (also when never initialised); ACL_ERROR_REPEAT_FINALIZE
 * (100037) when already finalised. aclInit may be called again afterwards.
 */
ACL_FUNC_VISIBILITY aclError aclFinalize(void);

/**
 * The message of the calling thread's most recent failed call (names the offending values), or NULL when
 * there was none since the last call. The text stays valid until the thread's next call of this function.
 */
ACL_FUNC_VISIBILITY const char* aclGetRecentErrMsg(void);

/* ---------------- devices ---------------- */

/** Selects the device of the calling thread. Only id 0 exists: else ACL_ERROR_RT_INVALID_DEVICEID (107001). */
ACL_FUNC_VISIBILITY aclError aclrtSetDevice(int32_t deviceId);

/** Resets device deviceId (waits for its streams). Bad id -> 107001. */
ACL_FUNC_VISIBILITY aclError aclrtResetDevice(int32_t deviceId);

/** Current device of the calling thread (0). NULL -> ACL_ERROR_INVALID_PARAM (100000). */
ACL_FUNC_VISIBILITY aclError aclrtGetDevice(int32_t* deviceId);

/** Number of devices (1). NULL -> 100000. */
ACL_FUNC_VISIBILITY aclError aclrtGetDeviceCount(uint32_t* count);

/** Run mode: always ACL_HOST here. NULL -> 100000. */
ACL_FUNC_VISIBILITY aclError aclrtGetRunMode(aclrtRunMode* runMode);

/** Waits for all streams of the device; returns the first failure of enqueued work, if any. */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeDevice(void);

/** Sets a system parameter. ACL_OPT_DETERMINISTIC accepts 0..3 (this runtime is always deterministic). */
ACL_FUNC_VISIBILITY aclError aclrtSetSysParamOpt(aclSysParamOpt opt, int64_t value);

/** Reads a system parameter; ACL_ERROR_RT_SYSPARAMOPT_NOT_SET (107021) when never set. */
ACL_FUNC_VISIBILITY aclError aclrtGetSysParamOpt(aclSysParamOpt opt, int64_t* value);

/* ---------------- streams ---------------- */

/** Creates a stream: a FIFO task queue served by its own worker thread. NULL -> 100000. */
ACL_FUNC_VISIBILITY aclError aclrtCreateStream(aclrtStream* stream);

/** Waits for the stream's pending work, then destroys it. Unknown stream -> ACL_ERROR_RT_INVALID_HANDLE (107017). */
ACL_FUNC_VISIBILITY aclError aclrtDestroyStream(aclrtStream stream);

/**
 * Waits until all work enqueued on stream (NULL = default stream) has run. Returns the status of the first
 * task that failed since the last synchronisation (and clears it), else 0. Unknown stream -> 107017.
 */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStream(aclrtStream stream);

/** As aclrtSynchronizeStream, giving up after timeout ms (-1 = forever) with ACL_ERROR_RT_WAIT_TIMEOUT (107019). */
ACL_FUNC_VISIBILITY aclError aclrtSynchronizeStreamWithTimeout(aclrtStream stream, int32_t timeout);

/** Makes later work on stream wait until event has completed. */
ACL_FUNC_VISIBILITY aclError aclrtStreamWaitEvent(aclrtStream stream, aclrtEvent event);

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
 * Frees memory from aclrtMalloc. Waits first for enqueued tasks that use the block (SPEC 2, README
 * "Runtime"). NULL -> 100000; an unknown, interior or already freed pointer -> ACL_ERROR_RT_MEMORY_FREE
 * (207002) with a message, never a crash.
 */
ACL_FUNC_VISIBILITY aclError aclrtFree(void* devPtr);

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

/** Free and total bytes of host memory backing the device. NULL -> 100000. */
ACL_FUNC_VISIBILITY aclError aclrtGetMemInfo(aclrtMemAttr attr, size_t* free, size_t* total);

#ifdef __cplusplus
}
#endif

#endif /* ACLCPU_ACL_ACL_RT_H_ */
