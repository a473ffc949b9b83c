/*
 * runtime/rt.h - the subset of CANN's low-level runtime API (libruntime.so, rt* functions) that CANN's test
 * tools call to move data and manage devices, contexts and streams; ops-test-kit (TTK) loads
 * libruntime.so with ctypes and calls exactly these (ttk/core_modules/runtime/rts_interface.py).
 *
 * Names, signatures, enum values and status codes are facts of CANN's public runtime headers
 * (hicann/runtime pkg_inc/runtime/runtime/{base,dev,context,stream,mem}.h and
 * pkg_inc/runtime/rt_external_mem.h). CANN's rt.h includes one header per area; this project keeps the
 * subset in this one file at the path programs include (`#include "runtime/rt.h"`).
 *
 * One implementation: every rt* call here is a thin wrapper over the acl/aclrt runtime (libascendcl), so
 * rtMalloc blocks are aclrtMalloc blocks (same registry, bounds checks, freed-block quarantine),
 * rtStream_t is an aclrtStream, and failures leave a sentence for aclGetRecentErrMsg. Status codes are
 * CANN's rt codes, which are the ACL_ERROR_RT_* values of acl/error_codes/rt_error_codes.h (CANN's rt*
 * functions return them through GetRtExtErrCodeAndSetGlobalErr, hicann/runtime src/runtime/api): codes the
 * acl layer returns in the 107xxx/207xxx/507xxx ranges pass through unchanged; ACL_ERROR_INVALID_PARAM
 * (100000) becomes ACL_ERROR_RT_PARAM_INVALID (107000), ACL_ERROR_UNINITIALIZE (100001) becomes
 * ACL_ERROR_RT_CONTEXT_NULL (107002), and anything else ACL_ERROR_RT_INTERNAL_ERROR (507000).
 *
 * Unlike the acl API, rt* calls need no aclInit (as in CANN): the first rt* call opens the runtime as
 * aclInit(NULL) would; a later aclInit still succeeds and applies its config. Compiles as C11 and C++11.
 */
#ifndef ACLCPU_RUNTIME_RT_H_
#define ACLCPU_RUNTIME_RT_H_

#include <stdint.h>

#include "acl/error_codes/rt_error_codes.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifndef RTS_API
#define RTS_API __attribute__((visibility("default")))
#endif

/** Status of every rt* call: RT_ERROR_NONE (0) or an ACL_ERROR_RT_* code (CANN base.h). */
typedef int32_t rtError_t;
/** Success (CANN base.h). */
static const int32_t RT_ERROR_NONE = 0;

/** A stream (CANN base.h); the same object as an aclrtStream. NULL means the default stream. */
typedef void* rtStream_t;
/** A context (CANN context.h): binds a device to the calling thread. */
typedef void* rtContext_t;
/** Memory type and policy flags of rtMalloc, OR-ed together (CANN rt_external_mem.h). */
typedef uint32_t rtMemType_t;

/* Memory types (CANN rt_external_mem.h). This host runtime has one kind of device memory: DEFAULT, HBM
 * and DDR all give an aclrtMalloc block; other types are refused with ACL_ERROR_RT_INVALID_MEMORY_TYPE. */
#define RT_MEMORY_DEFAULT (0x0U)
#define RT_MEMORY_HBM (0x2U)
#define RT_MEMORY_DDR (0x4U)

/* Memory policies (CANN rt_external_mem.h), mapped to aclrtMemMallocPolicy: NONE and HUGE_PAGE_FIRST ->
 * ACL_MEM_MALLOC_HUGE_FIRST, HUGE_PAGE_ONLY -> ACL_MEM_MALLOC_HUGE_ONLY, DEFAULT_PAGE_ONLY ->
 * ACL_MEM_MALLOC_NORMAL_ONLY, and the _P2P variants to the _P2P policies. At most one may be set. */
#define RT_MEMORY_POLICY_NONE (0x0U)
#define RT_MEMORY_POLICY_HUGE_PAGE_FIRST (0x400U)
#define RT_MEMORY_POLICY_HUGE_PAGE_ONLY (0x800U)
#define RT_MEMORY_POLICY_DEFAULT_PAGE_ONLY (0x1000U)
#define RT_MEMORY_POLICY_HUGE_PAGE_FIRST_P2P (0x2000U)
#define RT_MEMORY_POLICY_HUGE_PAGE_ONLY_P2P (0x4000U)
#define RT_MEMORY_POLICY_DEFAULT_PAGE_ONLY_P2P (0x8000U)

/** Direction of rtMemcpy (CANN rt_external_mem.h; values are CANN's). HOST_TO_HOST, HOST_TO_DEVICE,
 *  DEVICE_TO_HOST, DEVICE_TO_DEVICE and DEFAULT map to the aclrtMemcpyKind of the same name; MANAGED,
 *  ADDR_DEVICE_TO_DEVICE and the _EX kinds are refused with ACL_ERROR_RT_PARAM_INVALID. */
typedef enum tagRtMemcpyKind {
    RT_MEMCPY_HOST_TO_HOST = 0,
    RT_MEMCPY_HOST_TO_DEVICE,
    RT_MEMCPY_DEVICE_TO_HOST,
    RT_MEMCPY_DEVICE_TO_DEVICE,
    RT_MEMCPY_MANAGED,
    RT_MEMCPY_ADDR_DEVICE_TO_DEVICE,
    RT_MEMCPY_HOST_TO_DEVICE_EX,
    RT_MEMCPY_DEVICE_TO_HOST_EX,
    RT_MEMCPY_DEFAULT,
    RT_MEMCPY_RESERVED
} rtMemcpyKind_t;

/** Context creation mode (CANN context.h). rtCtxCreate refuses RT_CTX_GEN_MODE (207000), as CANN does. */
typedef enum tagCtxMode { RT_CTX_NORMAL_MODE = 0, RT_CTX_GEN_MODE = 1 } rtCtxMode_t;

/** Floating-point overflow mode of the device (CANN base.h). */
typedef enum tagRtFloatOverflowMode {
    RT_OVERFLOW_MODE_SATURATION = 0,
    RT_OVERFLOW_MODE_INFNAN,
    RT_OVERFLOW_MODE_UNDEF
} rtFloatOverflowMode_t;

/** Description of a failed device task (CANN base.h). Opaque here: see rtSetTaskFailCallback. */
typedef struct rtExceptionInfo rtExceptionInfo_t;
/** Callback for failed device tasks (CANN base.h). */
typedef void (*rtTaskFailCallback)(rtExceptionInfo_t* exceptionInfo);

/* ------------------------------------------------------------------ devices (CANN dev.h) */

/** Binds device devId to the calling thread (aclrtSetDevice): 0 to aclrtGetDeviceCount() - 1.
 *  @return RT_ERROR_NONE; ACL_ERROR_RT_INVALID_DEVICEID (107001) for any other id. */
RTS_API rtError_t rtSetDevice(int32_t devId);

/** Synchronises device devId and unbinds it from the calling thread (aclrtResetDevice).
 *  @return RT_ERROR_NONE; 107001 for an id outside the devices; the first failed task's code. */
RTS_API rtError_t rtDeviceReset(int32_t devId);

/** The device bound to the calling thread (aclrtGetDevice).
 *  @return RT_ERROR_NONE; 107000 for a null devId; ACL_ERROR_RT_CONTEXT_NULL (107002) when none is bound. */
RTS_API rtError_t rtGetDevice(int32_t* devId);

/** Number of devices: always 1 (aclrtGetDeviceCount). @return RT_ERROR_NONE; 107000 for a null cnt. */
RTS_API rtError_t rtGetDeviceCount(int32_t* cnt);

/** Sets the floating-point overflow mode (CANN dev.h). Kernels here always compute in IEEE arithmetic
 *  (Inf/NaN mode, what CANN's Atlas A2 and later report), so RT_OVERFLOW_MODE_INFNAN is accepted and
 *  RT_OVERFLOW_MODE_SATURATION is refused with ACL_ERROR_RT_FEATURE_NOT_SUPPORT (207000), as CANN refuses
 *  a mode the chip lacks; any other value gives 107000. */
RTS_API rtError_t rtSetDeviceSatMode(rtFloatOverflowMode_t floatOverflowMode);

/** Registers a callback for failed device tasks (CANN base.h). Accepted and kept (NULL clears it), but
 *  never called: it reports device exceptions (AI Core faults), which a CPU run does not have; a task that
 *  fails here reports its status through rtStreamSynchronize. @return RT_ERROR_NONE. */
RTS_API rtError_t rtSetTaskFailCallback(rtTaskFailCallback callback);

/* ------------------------------------------------------------------ contexts (CANN context.h) */

/** Creates a context on device devId and binds it (and the device) to the calling thread.
 *  flags: RT_CTX_NORMAL_MODE (other values but RT_CTX_GEN_MODE are not checked, as in CANN). @return
 *  RT_ERROR_NONE; in CANN's order: ACL_ERROR_RT_FEATURE_NOT_SUPPORT (207000) for RT_CTX_GEN_MODE, 107001 for an
 *  id outside the devices, 107000 for a null createCtx (hicann/runtime api_c.cc, api_error.cc). */
RTS_API rtError_t rtCtxCreate(rtContext_t* createCtx, uint32_t flags, int32_t devId);

/** Destroys a context (unbinding it from the calling thread if current). Streams and memory belong to
 *  the device, not the context, and stay valid. @return RT_ERROR_NONE; 107000 for a null context;
 *  ACL_ERROR_RT_CONTEXT_NULL (107002) for an unknown or destroyed one (CANN's ApiImpl::ContextDestroy). */
RTS_API rtError_t rtCtxDestroy(rtContext_t destroyCtx);

/** Binds a context (and its device) to the calling thread. @return RT_ERROR_NONE; 107000 for a null,
 *  unknown or destroyed context (CANN: RT_ERROR_INVALID_VALUE). */
RTS_API rtError_t rtCtxSetCurrent(rtContext_t currentCtx);

/** The context bound to the calling thread. @return RT_ERROR_NONE; 107000 for a null currentCtx;
 *  ACL_ERROR_RT_CONTEXT_NULL (107002) when none is bound. */
RTS_API rtError_t rtCtxGetCurrent(rtContext_t* currentCtx);

/** The device of the calling thread's context. @return RT_ERROR_NONE; 107000 for a null devId; 107002
 *  when no context is bound. */
RTS_API rtError_t rtCtxGetDevice(int32_t* devId);

/** Waits for every stream of the device (aclrtSynchronizeDevice). @return RT_ERROR_NONE or the first
 *  failed task's code. */
RTS_API rtError_t rtCtxSynchronize(void);

/* ------------------------------------------------------------------ memory (CANN mem.h) */

/** Allocates size bytes of device memory (aclrtMalloc with the mapped policy; 64-byte aligned).
 *  type: one memory type OR-ed with at most one policy (see above); moduleId: the caller's module, recorded
 *  by CANN for statistics, ignored here.
 *  @return RT_ERROR_NONE; 107000 for a null devPtr, size 0 or two policies; ACL_ERROR_RT_INVALID_MEMORY_TYPE
 *  (107016) for a memory type other than DEFAULT/HBM/DDR; ACL_ERROR_RT_MEMORY_ALLOCATION (207001). */
RTS_API rtError_t rtMalloc(void** devPtr, uint64_t size, rtMemType_t type, const uint16_t moduleId);

/** Frees a block from rtMalloc or aclrtMalloc (aclrtFree: waits for enqueued work that uses it).
 *  @return RT_ERROR_NONE; ACL_ERROR_RT_MEMORY_FREE (207002) for an unknown, interior or freed pointer. */
RTS_API rtError_t rtFree(void* devPtr);

/** Copies cnt bytes (aclrtMemcpy, same checks; bytes, not elements). cnt == 0 succeeds at once (CANN
 *  api_c.cc). @return RT_ERROR_NONE; 107000 for cnt > destMax, null pointers, an unsupported kind, or a
 *  device-side range outside its block (see acl_rt.h aclrtMemcpy). */
RTS_API rtError_t rtMemcpy(void* dst, uint64_t destMax, const void* src, uint64_t cnt, rtMemcpyKind_t kind);

/* ------------------------------------------------------------------ streams (CANN stream.h) */

/** Creates a stream (aclrtCreateStream). priority: accepted and without effect (every stream is a FIFO
 *  queue with its own worker thread). @return RT_ERROR_NONE; 107000 for a null stm. */
RTS_API rtError_t rtStreamCreate(rtStream_t* stm, int32_t priority);

/** Drains and destroys a stream (aclrtDestroyStream). @return RT_ERROR_NONE; 107017 for an unknown or
 *  destroyed stream. */
RTS_API rtError_t rtStreamDestroy(rtStream_t stm);

/** Waits until every task of the stream (NULL: the default stream) has run (aclrtSynchronizeStream).
 *  @return RT_ERROR_NONE; the first failed task's code; 107017 for an unknown stream. */
RTS_API rtError_t rtStreamSynchronize(rtStream_t stm);

/** rtStreamSynchronize with a timeout in milliseconds (-1: wait forever; aclrtSynchronizeStreamWithTimeout).
 *  @return as rtStreamSynchronize, and ACL_ERROR_RT_STREAM_SYNC_TIMEOUT (507046) when the timeout passes
 *  first (CANN's rt code for it, hicann/runtime errcode_manage.cc). */
RTS_API rtError_t rtStreamSynchronizeWithTimeout(rtStream_t stm, int32_t timeout);

#ifdef __cplusplus
}
#endif

#endif /* ACLCPU_RUNTIME_RT_H_ */
