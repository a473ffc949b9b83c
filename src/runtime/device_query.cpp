// Device and miscellaneous queries: aclrtGetDeviceInfo, aclrtGetVersion, aclrtSetOpWaitTimeout,
// aclrtMallocAlign32, aclrtStreamQuery, aclrtQueryEvent, aclrtResetEvent. Codes: CANN acl_rt.h and
// src/acl/aclrt_impl/{device,memory,stream,event}.cpp (docs/api/inventory.md 5.6, 5.8).
#include <sys/sysinfo.h>
#include <unistd.h>

#include <atomic>
#include <thread>

#include "common/status.h"
#include "runtime/context.h"
#include "runtime/state.h"
#include "runtime/strict_sync.h"

namespace aclcpu {
namespace rt {
namespace {

std::atomic<uint32_t> g_op_wait_timeout_s{0};

// The reset task of aclrtResetEvent: the event returns to "never recorded" unless a record was enqueued after
// the reset (that record is newer and stays the one waits target).
struct ResetCtx {
    std::shared_ptr<Event> event;
    uint64_t seen;  // the event's latest record when the reset was enqueued
};

int RunReset(void* p) {
    ResetCtx* c = static_cast<ResetCtx*>(p);
    {
        std::lock_guard<std::mutex> lock(c->event->mu);
        if (c->event->recorded == c->seen) c->event->recorded = 0;
    }
    c->event->cv.notify_all();
    delete c;
    return 0;
}

}  // namespace

uint32_t OpWaitTimeoutSeconds() { return g_op_wait_timeout_s.load(std::memory_order_relaxed); }

}  // namespace rt
}  // namespace aclcpu

using namespace aclcpu;
using namespace aclcpu::rt;

extern "C" {

aclError aclrtGetDeviceInfo(uint32_t deviceId, aclrtDevAttr attr, int64_t* value) {
    if (value == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceInfo: value is null.");
    if (deviceId >= static_cast<uint32_t>(DeviceCount())) {
        return Fail(ACL_ERROR_RT_PARAM_INVALID,
                    "aclrtGetDeviceInfo: device id %u is invalid; this process emulates %d devices (ACLCPU_DEVICE_COUNT).",
                    deviceId, DeviceCount());
    }
    const int raw = RawEnum(attr);  // any int from a C caller
    switch (raw) {
        case ACL_DEV_ATTR_AICPU_CORE_NUM: {
            const unsigned hw = std::thread::hardware_concurrency();
            *value = hw == 0 ? 1 : static_cast<int64_t>(hw);
            return ACL_SUCCESS;
        }
        case ACL_DEV_ATTR_AICORE_CORE_NUM:
        case ACL_DEV_ATTR_CUBE_CORE_NUM:
        case ACL_DEV_ATTR_VECTOR_CORE_NUM:
            *value = DeviceThreads();  // the threads that run kernels
            return ACL_SUCCESS;
        case ACL_DEV_ATTR_TOTAL_GLOBAL_MEM_SIZE: {
            struct sysinfo info;
            if (sysinfo(&info) != 0) return Fail(ACL_ERROR_RT_INTERNAL_ERROR, "aclrtGetDeviceInfo: sysinfo failed.");
            *value = static_cast<int64_t>(info.totalram) * static_cast<int64_t>(info.mem_unit);
            return ACL_SUCCESS;
        }
        case ACL_DEV_ATTR_L2_CACHE_SIZE: {
            const long l2 = sysconf(_SC_LEVEL2_CACHE_SIZE);
            *value = l2 > 0 ? l2 : 0;
            return ACL_SUCCESS;
        }
        case ACL_DEV_ATTR_SMP_ID:       // one OS instance
        case ACL_DEV_ATTR_PHY_CHIP_ID:  // chip 0
        case ACL_DEV_ATTR_IS_VIRTUAL:   // no compute-power splitting
            *value = 0;
            return ACL_SUCCESS;
        case ACL_DEV_ATTR_WARP_SIZE:
        case ACL_DEV_ATTR_MAX_THREAD_PER_VECTOR_CORE:
        case ACL_DEV_ATTR_UBUF_PER_VECTOR_CORE:
        case ACL_DEV_ATTR_MAX_GRID_DIM_X:
        case ACL_DEV_ATTR_MAX_GRID_DIM_Y:
        case ACL_DEV_ATTR_MAX_GRID_DIM_Z:
        case ACL_DEV_ATTR_MAX_BLOCK_PER_GRID:
        case ACL_DEV_ATTR_MAX_THREADS_PER_BLOCK:
        case ACL_DEV_ATTR_MAX_BLOCK_DIM_X:
        case ACL_DEV_ATTR_MAX_BLOCK_DIM_Y:
        case ACL_DEV_ATTR_MAX_BLOCK_DIM_Z:
        case ACL_DEV_ATTR_SUPER_POD_DEVICE_ID:
        case ACL_DEV_ATTR_SUPER_POD_SERVER_ID:
        case ACL_DEV_ATTR_SUPER_POD_ID:
        case ACL_DEV_ATTR_CUST_OP_PRIVILEGE:
        case ACL_DEV_ATTR_MAINBOARD_ID:
        case ACL_DEV_ATTR_HD_CONNECT_TYPE:
        case ACL_DEV_ATTR_DEVICE_FORM_FACTOR:
        case ACL_DEV_ATTR_NPU_ARCH:
            return Fail(ACL_ERROR_RT_FEATURE_NOT_SUPPORT,
                        "aclrtGetDeviceInfo: attribute %d has no meaning on the CPU device (no SIMT units, unified "
                        "buffer, super pod or NPU architecture).",
                        raw);
        default:
            return Fail(ACL_ERROR_RT_PARAM_INVALID, "aclrtGetDeviceInfo: attribute %d is not an aclrtDevAttr.", raw);
    }
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
aclError aclrtGetVersion(int32_t* majorVersion, int32_t* minorVersion, int32_t* patchVersion) {
    if (majorVersion == nullptr || minorVersion == nullptr || patchVersion == nullptr) {
        return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetVersion: a pointer is null.");
    }
    *majorVersion = ACL_MAJOR_VERSION;
    *minorVersion = ACL_MINOR_VERSION;
    *patchVersion = ACL_PATCH_VERSION;
    return ACL_SUCCESS;
}
#pragma GCC diagnostic pop

aclError aclrtSetOpWaitTimeout(uint32_t timeout) {
    if (int ret = RequireInit("aclrtSetOpWaitTimeout")) return ret;
    g_op_wait_timeout_s.store(timeout, std::memory_order_relaxed);
    return ACL_SUCCESS;
}

aclError aclrtMallocAlign32(void** devPtr, size_t size, aclrtMemMallocPolicy policy) {
    if (devPtr == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMallocAlign32: devPtr is null.");
    if (size == 0) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMallocAlign32: size 0 is invalid.");
    if (size > SIZE_MAX - 32) {
        return Fail(ACL_ERROR_INVALID_PARAM, "aclrtMallocAlign32: size %zu overflows when rounded to 32 bytes.", size);
    }
    if (StrictMode()) size = (size + 31) / 32 * 32;  // its documented size (outside strict mode Allocate rounds)
    return rt::MallocAlign32(devPtr, size, policy);  // same registry, alignment and policies as aclrtMalloc
}

aclError aclrtStreamQuery(aclrtStream stream, aclrtStreamStatus* status) {
    if (status == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtStreamQuery: status is null.");
    int ret = 0;
    std::shared_ptr<Stream> s = FindStream(stream, &ret, "aclrtStreamQuery");
    if (!s) return ret;
    const bool idle = s->Idle();  // strict mode: releases the stream first (a polling loop ends)
    if (idle && s->strict()) StrictHostSynced(s.get());  // the host saw it finish: a synchronisation
    *status = idle ? ACL_STREAM_STATUS_COMPLETE : ACL_STREAM_STATUS_NOT_READY;
    return ACL_SUCCESS;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
aclError aclrtQueryEvent(aclrtEvent event, aclrtEventStatus* status) {
    if (status == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtQueryEvent: status is null.");
    std::shared_ptr<Event> e = LookupEvent(event, "aclrtQueryEvent");
    if (!e) return ACL_ERROR_RT_INVALID_HANDLE;
    bool complete;
    uint64_t target;
    {
        std::lock_guard<std::mutex> lock(e->mu);
        target = e->recorded;
        complete = e->Reached(target);
    }
    if (!complete && StrictSyncOn()) StrictReleaseEventSource(e.get(), target);  // a polling loop must end
    if (complete && StrictSyncOn()) StrictHostSyncedEvent(e.get());
    *status = complete ? ACL_EVENT_STATUS_COMPLETE : ACL_EVENT_STATUS_NOT_READY;
    return ACL_SUCCESS;
}
#pragma GCC diagnostic pop

aclError aclrtResetEvent(aclrtEvent event, aclrtStream stream) {
    if (event == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtResetEvent: event is null.");
    std::shared_ptr<Event> e = LookupEvent(event, "aclrtResetEvent");
    if (!e) return ACL_ERROR_RT_INVALID_HANDLE;
    if (int ret = CheckStreamContext(stream, "aclrtResetEvent")) return ret;
    uint64_t seen;
    {
        std::lock_guard<std::mutex> lock(e->mu);
        seen = e->recorded;
    }
    ResetCtx* ctx = new ResetCtx{e, seen};
    int ret = Enqueue(stream, Task{&RunReset, ctx, true}, "aclrtResetEvent");
    if (ret != 0) delete ctx;
    return ret;
}

}  // extern "C"
