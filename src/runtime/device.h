// Devices: how many this process emulates, the calling thread's device, peer access between devices.
// Internal to src/runtime (the public side: aclrtSetDevice, aclrtGetDeviceCount, aclrtDeviceEnablePeerAccess,
// ... in device.cpp; the layer interface: runtime.h, "devices").
//
// Rules (CANN acl_rt.h; hicann/runtime src/acl/aclrt_impl/memory.cpp for the peer-access checks): the device
// is chosen per thread (aclrtSetDevice, or the device of the context made current); each device has its own
// default context and default stream; a stream belongs to the device of the context it was created in; an
// aclrtMalloc block to the device current when it was allocated; peer access is enabled from the current
// device to a peer (one direction), and a device id equal to the peer's is refused with 100000.
#pragma once

#include <cstdint>

namespace aclcpu {
namespace rt {

/// Devices emulated when ACLCPU_DEVICE_COUNT is unset or empty: an 8-card server.
constexpr int kDefaultDeviceCount = 8;

/// ACLCPU_DEVICE_COUNT: 0 when unset or empty, -1 when malformed (not an integer from 1 to kMaxDevices), else
/// the count.
int DeviceCountVariable();

/// 0 when 0 <= id < DeviceCount(), else records and returns ACL_ERROR_RT_INVALID_DEVICEID (107001) with a
/// message naming `api`, the id and the valid range.
int CheckDeviceId(int32_t id, const char* api);

/// Disables every peer access (aclInit: a new runtime starts with none).
void ResetPeerAccess();

/// Starts a new generation of thread devices (aclInit, aclFinalize): every thread's earlier aclrtSetDevice lapses, so
/// aclrtGetDevice reports none until the thread chooses again.
void NewDeviceGeneration();

}  // namespace rt
}  // namespace aclcpu
