// Devices: aclrtSetDevice, aclrtResetDevice(Force), aclrtGetDevice, aclrtGetDeviceCount and peer access
// (aclrtDeviceCanAccessPeer, aclrtDeviceEnablePeerAccess, aclrtDeviceDisablePeerAccess,
// aclrtDevicePeerAccessStatus). Rules: runtime/device.h; docs/runtime.md, "Devices".
#include "runtime/device.h"

#include <errno.h>

#include <atomic>
#include <cstdlib>

#include "common/status.h"
#include "runtime/context.h"
#include "runtime/state.h"
#include "runtime/strict.h"
#include "common/exports.h"  // the cross-library functions defined here get default visibility

namespace aclcpu {
namespace rt {
namespace {

// The calling thread's device, valid while t_generation is the runtime's generation (aclInit starts a new one,
// so no thread keeps a device of an earlier runtime, whose count may have been larger).
thread_local int32_t t_device = -1;
thread_local uint64_t t_generation = 0;
std::atomic<uint64_t> g_generation{1};

int32_t Current() { return t_generation == g_generation.load(std::memory_order_acquire) ? t_device : -1; }

// Peer access: bit `to` of g_peer[from] is set while device `from` may access device `to`'s memory.
std::atomic<uint64_t> g_peer[kMaxDevices];

}  // namespace

void SetThreadDevice(int32_t device) {
    t_device = device;
    t_generation = g_generation.load(std::memory_order_acquire);
}

int32_t ThreadDevice() { return Current(); }

int32_t CurrentDeviceOrZero() {
    const int32_t d = Current();
    return d >= 0 && d < kMaxDevices ? d : 0;
}

void NewDeviceGeneration() { g_generation.fetch_add(1, std::memory_order_acq_rel); }

int DeviceCountVariable() {
    const char* v = std::getenv("ACLCPU_DEVICE_COUNT");
    if (v == nullptr || *v == '\0') return 0;
    if (*v < '0' || *v > '9') return -1;  // no sign, no leading blank
    char* end = nullptr;
    errno = 0;
    const long n = std::strtol(v, &end, 10);
    if (end == v || *end != '\0' || errno != 0 || n < 1 || n > kMaxDevices) return -1;
    return static_cast<int>(n);
}

int DeviceCount() {
    RuntimeState& st = State();
    {
        std::lock_guard<std::mutex> lock(st.mu);
        if (st.initialized) return st.device_count;
    }
    const int n = DeviceCountVariable();
    return n > 0 ? n : kDefaultDeviceCount;
}

int CheckDeviceId(int32_t id, const char* api) {
    const int count = DeviceCount();
    if (id >= 0 && id < count) return 0;
    return Fail(ACL_ERROR_RT_INVALID_DEVICEID,
                "%s: device id %d is invalid; this process emulates %d devices, 0 to %d (ACLCPU_DEVICE_COUNT).", api,
                static_cast<int>(id), count, count - 1);
}

void ResetPeerAccess() {
    for (auto& p : g_peer) p.store(0, std::memory_order_relaxed);
}

bool PeerAccessEnabled(int from, int to) {
    if (from < 0 || from >= kMaxDevices || to < 0 || to >= kMaxDevices) return false;
    return from == to || (g_peer[from].load(std::memory_order_acquire) >> to & 1) != 0;
}

void StrictCheckPeerAccess(int device, const Access* acc, int n, const char* api) {
    if (!StrictMode()) return;
    for (int i = 0; i < n; ++i) {
        if (acc[i].hi <= acc[i].lo) continue;
        const int owner = BlockDevice(reinterpret_cast<const void*>(acc[i].lo));
        if (owner < 0 || PeerAccessEnabled(device, owner)) continue;
        StrictReport(StrictKind::kPeerAccess,
                     "%s on device %d %s %s (%zu bytes at %p), memory of device %d, without "
                     "aclrtDeviceEnablePeerAccess(%d) on device %d",
                     api != nullptr ? api : "a task", device, acc[i].write ? "writes" : "reads",
                     acc[i].what != nullptr ? acc[i].what : "a buffer", static_cast<size_t>(acc[i].hi - acc[i].lo),
                     reinterpret_cast<const void*>(acc[i].lo), owner, owner, device);
    }
}

}  // namespace rt
}  // namespace aclcpu

using namespace aclcpu;
using namespace aclcpu::rt;

namespace {

// The checks CANN's peer-access calls share: ids in range (107001) and distinct (100000).
int CheckPeerPair(int32_t device, int32_t peer, const char* api) {
    if (int ret = CheckDeviceId(device, api)) return ret;
    if (int ret = CheckDeviceId(peer, api)) return ret;
    if (device == peer) {
        return Fail(ACL_ERROR_INVALID_PARAM, "%s: deviceId %d cannot be equal to peerDeviceId %d.", api,
                    static_cast<int>(device), static_cast<int>(peer));
    }
    return 0;
}

}  // namespace

extern "C" {

aclError aclrtSetDevice(int32_t deviceId) {
    if (int ret = RequireInit("aclrtSetDevice")) return ret;
    if (int ret = CheckDeviceId(deviceId, "aclrtSetDevice")) return ret;
    SetThreadDevice(deviceId);
    UseDefaultContext();  // CANN: the device's default context becomes current
    return ACL_SUCCESS;
}

aclError aclrtResetDevice(int32_t deviceId) {
    if (int ret = RequireInit("aclrtResetDevice")) return ret;
    if (int ret = CheckDeviceId(deviceId, "aclrtResetDevice")) return ret;
    // Refused without resetting anything while this thread owes a blocking callback (it would never drain).
    if (CallingThreadOwesCallback(nullptr)) return FailOwedCallback("aclrtResetDevice", nullptr);
    std::vector<std::shared_ptr<Stream>> streams;
    {
        RuntimeState& st = State();
        std::lock_guard<std::mutex> lock(st.mu);
        DeviceStreamsLocked(deviceId, &streams);
    }
    int first = 0;
    for (auto& s : streams) {
        const int ret = s->Synchronize();
        if (ret != 0 && first == 0) first = ret;
    }
    if (Current() == deviceId) t_device = -1;
    if (first != 0) return Fail(first, "aclrtResetDevice: a task of device %d failed with status %d.", deviceId, first);
    return ACL_SUCCESS;
}

aclError aclrtResetDeviceForce(int32_t deviceId) {
    // aclrtSetDevice keeps no reference count here, so forcing the reset changes nothing.
    return aclrtResetDevice(deviceId);
}

aclError aclrtGetDevice(int32_t* deviceId) {
    if (deviceId == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDevice: deviceId is null.");
    if (Current() < 0) {
        return Fail(ACL_ERROR_RT_CONTEXT_NULL, "aclrtGetDevice: no device is set on this thread (call aclrtSetDevice).");
    }
    *deviceId = Current();
    return ACL_SUCCESS;
}

aclError aclrtGetDeviceCount(uint32_t* count) {
    if (count == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtGetDeviceCount: count is null.");
    bool initialized;
    {
        RuntimeState& st = State();
        std::lock_guard<std::mutex> lock(st.mu);
        initialized = st.initialized;
    }
    if (!initialized && DeviceCountVariable() < 0) {
        return Fail(ACL_ERROR_FILE_ATTR_INVALID,
                    "aclrtGetDeviceCount: ACLCPU_DEVICE_COUNT=\"%.64s\" is not an integer from 1 to %d.",
                    std::getenv("ACLCPU_DEVICE_COUNT"), kMaxDevices);
    }
    *count = static_cast<uint32_t>(DeviceCount());
    return ACL_SUCCESS;
}

aclError aclrtDeviceCanAccessPeer(int32_t* canAccessPeer, int32_t deviceId, int32_t peerDeviceId) {
    if (canAccessPeer == nullptr) {
        return Fail(ACL_ERROR_INVALID_PARAM, "aclrtDeviceCanAccessPeer: canAccessPeer is null.");
    }
    if (int ret = RequireInit("aclrtDeviceCanAccessPeer")) return ret;
    if (int ret = CheckPeerPair(deviceId, peerDeviceId, "aclrtDeviceCanAccessPeer")) return ret;
    *canAccessPeer = 1;  // every pair of emulated devices shares the host's memory
    return ACL_SUCCESS;
}

aclError aclrtDeviceEnablePeerAccess(int32_t peerDeviceId, uint32_t flags) {
    if (int ret = RequireInit("aclrtDeviceEnablePeerAccess")) return ret;
    if (flags != 0) {
        return Fail(ACL_ERROR_FEATURE_UNSUPPORTED, "aclrtDeviceEnablePeerAccess: flags is %u; it is reserved and must be 0.",
                    flags);
    }
    const int32_t device = Current();
    if (device < 0) {
        return Fail(ACL_ERROR_RT_CONTEXT_NULL, "aclrtDeviceEnablePeerAccess: no device is set on this thread (call aclrtSetDevice).");
    }
    if (int ret = CheckPeerPair(device, peerDeviceId, "aclrtDeviceEnablePeerAccess")) return ret;
    g_peer[device].fetch_or(uint64_t{1} << peerDeviceId, std::memory_order_acq_rel);
    return ACL_SUCCESS;
}

aclError aclrtDeviceDisablePeerAccess(int32_t peerDeviceId) {
    if (int ret = RequireInit("aclrtDeviceDisablePeerAccess")) return ret;
    const int32_t device = Current();
    if (device < 0) {
        return Fail(ACL_ERROR_RT_CONTEXT_NULL, "aclrtDeviceDisablePeerAccess: no device is set on this thread (call aclrtSetDevice).");
    }
    if (int ret = CheckPeerPair(device, peerDeviceId, "aclrtDeviceDisablePeerAccess")) return ret;
    g_peer[device].fetch_and(~(uint64_t{1} << peerDeviceId), std::memory_order_acq_rel);
    return ACL_SUCCESS;
}

aclError aclrtDevicePeerAccessStatus(int32_t deviceId, int32_t peerDeviceId, int32_t* status) {
    if (status == nullptr) return Fail(ACL_ERROR_INVALID_PARAM, "aclrtDevicePeerAccessStatus: status is null.");
    if (int ret = RequireInit("aclrtDevicePeerAccessStatus")) return ret;
    if (int ret = CheckPeerPair(deviceId, peerDeviceId, "aclrtDevicePeerAccessStatus")) return ret;
    *status = PeerAccessEnabled(deviceId, peerDeviceId) ? 1 : 0;
    return ACL_SUCCESS;
}

}  // extern "C"
