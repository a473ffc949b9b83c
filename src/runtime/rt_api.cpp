// libruntime.so: CANN's rt* subset (include/runtime/rt.h) as thin wrappers over the public acl/aclrt API of
// libascendcl, so both APIs share one memory registry, one set of streams and the same checks. This file
// adds only what the acl API has no counterpart for: rt argument decoding (memory type and policy bits,
// copy kinds), contexts, the overflow mode and the task-fail callback, and the acl -> rt status mapping.
#include <atomic>
#include <cstdint>

#include "acl/acl.h"
#include "common/status.h"
#include "runtime/rt.h"
#include "runtime/runtime.h"
#include "common/handle_registry.h"

using namespace aclcpu;

namespace {

// acl status -> rt status (rt.h): rt-range codes unchanged, the two generic acl codes to their rt meaning.
rtError_t ToRt(aclError ret) {
    if (ret == ACL_SUCCESS) return RT_ERROR_NONE;
    if ((ret >= 107000 && ret < 108000) || (ret >= 207000 && ret < 208000) || (ret >= 507000 && ret < 508000)) {
        return ret;
    }
    if (ret == ACL_ERROR_INVALID_PARAM) return ACL_ERROR_RT_PARAM_INVALID;
    if (ret == ACL_ERROR_UNINITIALIZE) return ACL_ERROR_RT_CONTEXT_NULL;
    return ACL_ERROR_RT_INTERNAL_ERROR;
}

// Every rt* entry point opens the runtime first (rt calls need no aclInit in CANN).
void Open() { rt::OpenForRtApi(); }

// ------------------------------------------------------------------ contexts
// rtContext_t and aclrtContext are the same objects (src/runtime/context.cpp, handles of the registry): a
// context made by either API is current, destroyed and queried by both, with the rt layer's codes.
// CANN's codes (hicann/runtime src/runtime/api/impl/api_error.cc, api_impl.cc; its UT
// test_some_invalid_input_for_context_api_in_david): a null context is RT_ERROR_INVALID_VALUE (107000); a
// context that is not valid is `dead_code`: 107002 for rtCtxDestroy (ApiImpl::ContextDestroy,
// RT_ERROR_CONTEXT_NULL), 107000 for rtCtxSetCurrent (CHECK_CONTEXT_VALID_WITH_RETURN).
int CheckLiveContext(rtContext_t ctx, const char* api, int dead_code) {
    if (ctx == nullptr) return Fail(ACL_ERROR_RT_PARAM_INVALID, "%s: the context is null.", api);
    const HandleState state = HandleStateOf(ctx, HandleKind::kContext);
    if (state == HandleState::kLive) return RT_ERROR_NONE;
    return FailNotLive(dead_code, api, HandleKind::kContext, ctx, state,
                       "destroyed by rtCtxDestroy or aclrtDestroyContext");
}

std::atomic<rtTaskFailCallback> g_task_fail_callback{nullptr};

}  // namespace

extern "C" {

rtError_t rtSetDevice(int32_t devId) {
    Open();
    return ToRt(aclrtSetDevice(devId));
}

rtError_t rtDeviceReset(int32_t devId) {
    Open();
    return ToRt(aclrtResetDevice(devId));
}

rtError_t rtGetDevice(int32_t* devId) {
    Open();
    return ToRt(aclrtGetDevice(devId));
}

rtError_t rtGetDeviceCount(int32_t* cnt) {
    Open();
    if (cnt == nullptr) return Fail(ACL_ERROR_RT_PARAM_INVALID, "rtGetDeviceCount: cnt is null.");
    uint32_t n = 0;
    const aclError ret = aclrtGetDeviceCount(&n);
    if (ret != ACL_SUCCESS) return ToRt(ret);
    *cnt = static_cast<int32_t>(n);
    return RT_ERROR_NONE;
}

rtError_t rtSetDeviceSatMode(rtFloatOverflowMode_t floatOverflowMode) {
    Open();
    const int mode = RawEnum(floatOverflowMode);  // any int from a C or ctypes caller (not loaded as the enum)
    if (mode == RT_OVERFLOW_MODE_INFNAN) return RT_ERROR_NONE;
    if (mode == RT_OVERFLOW_MODE_SATURATION) {
        return Fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                    "rtSetDeviceSatMode: only the Inf/NaN mode can be set and the saturation mode is not "
                    "supported (kernels compute in IEEE arithmetic).");
    }
    return Fail(ACL_ERROR_RT_PARAM_INVALID, "rtSetDeviceSatMode: mode %d is not an rtFloatOverflowMode_t (0 or 1).",
                mode);
}

rtError_t rtSetTaskFailCallback(rtTaskFailCallback callback) {
    Open();
    g_task_fail_callback.store(callback);
    return RT_ERROR_NONE;
}

rtError_t rtCtxCreate(rtContext_t* createCtx, uint32_t flags, int32_t devId) {
    Open();
    // CANN's order and codes (hicann/runtime src/runtime/api/api_c.cc rtCtxCreate, api_error.cc
    // ContextCreate): RT_CTX_GEN_MODE is not supported (207000), then the device id (107001), then a null
    // createCtx (107000); other flag values are not checked.
    if (flags == RT_CTX_GEN_MODE) {
        return Fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT, "rtCtxCreate: RT_CTX_GEN_MODE is not supported.");
    }
    uint32_t count = 0;
    if (aclrtGetDeviceCount(&count) != ACL_SUCCESS || devId < 0 || static_cast<uint32_t>(devId) >= count) {
        return Fail(ACL_ERROR_RT_INVALID_DEVICEID, "rtCtxCreate: device id %d is invalid; this process emulates %u "
                    "devices (ACLCPU_DEVICE_COUNT).", devId, count);
    }
    if (createCtx == nullptr) return Fail(ACL_ERROR_RT_PARAM_INVALID, "rtCtxCreate: createCtx is null.");
    aclrtContext ctx = nullptr;
    const aclError ret = aclrtCreateContext(&ctx, devId);  // checks the id; the new context becomes current
    if (ret != ACL_SUCCESS) return ToRt(ret);
    *createCtx = ctx;
    return RT_ERROR_NONE;
}

rtError_t rtCtxDestroy(rtContext_t destroyCtx) {
    Open();
    if (int ret = CheckLiveContext(destroyCtx, "rtCtxDestroy", ACL_ERROR_RT_CONTEXT_NULL)) return ret;
    return ToRt(aclrtDestroyContext(destroyCtx));
}

rtError_t rtCtxSetCurrent(rtContext_t currentCtx) {
    Open();
    if (int ret = CheckLiveContext(currentCtx, "rtCtxSetCurrent", ACL_ERROR_RT_PARAM_INVALID)) return ret;
    return ToRt(aclrtSetCurrentContext(currentCtx));
}

rtError_t rtCtxGetCurrent(rtContext_t* currentCtx) {
    Open();
    if (currentCtx == nullptr) return Fail(ACL_ERROR_RT_PARAM_INVALID, "rtCtxGetCurrent: currentCtx is null.");
    aclrtContext ctx = nullptr;
    const aclError ret = aclrtGetCurrentContext(&ctx);
    if (ret != ACL_SUCCESS) return ToRt(ret);
    *currentCtx = ctx;
    return RT_ERROR_NONE;
}

rtError_t rtCtxGetDevice(int32_t* devId) {
    Open();
    if (devId == nullptr) return Fail(ACL_ERROR_RT_PARAM_INVALID, "rtCtxGetDevice: devId is null.");
    aclrtContext ctx = nullptr;
    const aclError ret = aclrtGetCurrentContext(&ctx);  // 107002 when the thread has no context
    if (ret != ACL_SUCCESS) return ToRt(ret);
    return ToRt(aclrtGetDevice(devId));  // the device of the thread's context (set together with it)
}

rtError_t rtCtxSynchronize(void) {
    Open();
    return ToRt(aclrtSynchronizeDevice());
}

rtError_t rtMalloc(void** devPtr, uint64_t size, rtMemType_t type, const uint16_t moduleId) {
    (void)moduleId;
    Open();
    const uint32_t policy_bits = type & 0xFC00U;  // RT_MEMORY_POLICY_* (0x400 ... 0x8000)
    const uint32_t memory_type = type & ~0xFC00U;
    if (memory_type != RT_MEMORY_DEFAULT && memory_type != RT_MEMORY_HBM && memory_type != RT_MEMORY_DDR) {
        return Fail(ACL_ERROR_RT_INVALID_MEMORY_TYPE,
                    "rtMalloc: memory type 0x%x is not supported (RT_MEMORY_DEFAULT, RT_MEMORY_HBM or RT_MEMORY_DDR).",
                    memory_type);
    }
    aclrtMemMallocPolicy policy;
    switch (policy_bits) {
        case RT_MEMORY_POLICY_NONE:
        case RT_MEMORY_POLICY_HUGE_PAGE_FIRST:
            policy = ACL_MEM_MALLOC_HUGE_FIRST;
            break;
        case RT_MEMORY_POLICY_HUGE_PAGE_ONLY:
            policy = ACL_MEM_MALLOC_HUGE_ONLY;
            break;
        case RT_MEMORY_POLICY_DEFAULT_PAGE_ONLY:
            policy = ACL_MEM_MALLOC_NORMAL_ONLY;
            break;
        case RT_MEMORY_POLICY_HUGE_PAGE_FIRST_P2P:
            policy = ACL_MEM_MALLOC_HUGE_FIRST_P2P;
            break;
        case RT_MEMORY_POLICY_HUGE_PAGE_ONLY_P2P:
            policy = ACL_MEM_MALLOC_HUGE_ONLY_P2P;
            break;
        case RT_MEMORY_POLICY_DEFAULT_PAGE_ONLY_P2P:
            policy = ACL_MEM_MALLOC_NORMAL_ONLY_P2P;
            break;
        default:
            return Fail(ACL_ERROR_RT_PARAM_INVALID, "rtMalloc: type 0x%x sets more than one memory policy.", type);
    }
    if (size > SIZE_MAX)
        return Fail(ACL_ERROR_RT_MEMORY_ALLOCATION, "rtMalloc: %llu bytes exceed the address space.",
                    static_cast<unsigned long long>(size));
    // The runtime's own block: without the 32 bytes aclrtMalloc adds on top of it (CANN documents that padding for
    // aclrtMalloc only), rounded up to 32 bytes as aclrtMallocAlign32's.
    return ToRt(aclrtMallocAlign32(devPtr, static_cast<size_t>(size), policy));
}

rtError_t rtFree(void* devPtr) {
    Open();
    return ToRt(aclrtFree(devPtr));
}

rtError_t rtMemcpy(void* dst, uint64_t destMax, const void* src, uint64_t cnt, rtMemcpyKind_t kind) {
    if (cnt == 0) return RT_ERROR_NONE;  // CANN's rtMemcpy returns before any check (api_c.cc)
    Open();
    aclrtMemcpyKind acl_kind;
    const int raw = RawEnum(kind);  // any int from a C or ctypes caller (not loaded as the enum)
    switch (raw) {
        case RT_MEMCPY_HOST_TO_HOST:
            acl_kind = ACL_MEMCPY_HOST_TO_HOST;
            break;
        case RT_MEMCPY_HOST_TO_DEVICE:
            acl_kind = ACL_MEMCPY_HOST_TO_DEVICE;
            break;
        case RT_MEMCPY_DEVICE_TO_HOST:
            acl_kind = ACL_MEMCPY_DEVICE_TO_HOST;
            break;
        case RT_MEMCPY_DEVICE_TO_DEVICE:
            acl_kind = ACL_MEMCPY_DEVICE_TO_DEVICE;
            break;
        case RT_MEMCPY_DEFAULT:
            acl_kind = ACL_MEMCPY_DEFAULT;
            break;
        default:
            return Fail(ACL_ERROR_RT_PARAM_INVALID,
                        "rtMemcpy: kind %d is not supported (HOST_TO_HOST, HOST_TO_DEVICE, DEVICE_TO_HOST, "
                        "DEVICE_TO_DEVICE or DEFAULT).",
                        raw);
    }
    if (destMax > SIZE_MAX || cnt > SIZE_MAX) {
        return Fail(ACL_ERROR_RT_PARAM_INVALID, "rtMemcpy: sizes exceed the address space.");
    }
    return ToRt(aclrtMemcpy(dst, static_cast<size_t>(destMax), src, static_cast<size_t>(cnt), acl_kind));
}

rtError_t rtStreamCreate(rtStream_t* stm, int32_t priority) {
    (void)priority;
    Open();
    return ToRt(aclrtCreateStream(stm));
}

rtError_t rtStreamDestroy(rtStream_t stm) {
    Open();
    return ToRt(aclrtDestroyStream(stm));
}

rtError_t rtStreamSynchronize(rtStream_t stm) {
    Open();
    return ToRt(aclrtSynchronizeStream(stm));
}

rtError_t rtStreamSynchronizeWithTimeout(rtStream_t stm, int32_t timeout) {
    Open();
    const aclError ret = aclrtSynchronizeStreamWithTimeout(stm, timeout);
    if (ret == ACL_ERROR_RT_WAIT_TIMEOUT) return ACL_ERROR_RT_STREAM_SYNC_TIMEOUT;
    return ToRt(ret);
}

}  // extern "C"
