// Correct: the P2P pattern of CANN's device sample. Device 1 enables peer access to device 0, then copies from
// device 0's memory (aclrtMemcpy, then aclrtMemcpyAsync on its stream) and runs an operator reading it.
// Expected: no report at all.
#include "strict_case.h"

int main() {
    aclrtStream stream0 = strict_case::Open();
    int32_t can = 0;
    CHECK_OK(aclrtDeviceCanAccessPeer(&can, 0, 1));
    if (can != 1) return 3;
    void* target = strict_case::DeviceFloats({4, 3, 2, 1});  // on device 0
    CHECK_OK(aclrtSetDevice(1));
    CHECK_OK(aclrtDeviceEnablePeerAccess(0, 0));
    aclrtStream stream1 = nullptr;
    CHECK_OK(aclrtCreateStream(&stream1));
    void* copy = nullptr;
    CHECK_OK(aclrtMalloc(&copy, 16, ACL_MEM_MALLOC_HUGE_FIRST_P2P));
    CHECK_OK(aclrtMemcpy(copy, 16, target, 16, ACL_MEMCPY_DEVICE_TO_DEVICE));
    CHECK_OK(aclrtMemcpyAsync(copy, 16, target, 16, ACL_MEMCPY_DEVICE_TO_DEVICE, stream1));
    void* grad = strict_case::DeviceFloats({1});
    void* self = strict_case::DeviceFloats({1, 2, 3, 4});
    void* out = nullptr;
    CHECK_OK(aclrtMalloc(&out, 16, ACL_MEM_MALLOC_HUGE_FIRST));
    strict_case::LaunchL1(grad, self, target, out, 4, stream1);
    CHECK_OK(aclrtSynchronizeStream(stream1));
    int32_t status = 0;
    CHECK_OK(aclrtDevicePeerAccessStatus(1, 0, &status));
    if (status != 1) return 4;
    CHECK_OK(aclrtDeviceDisablePeerAccess(0));
    for (void* p : {copy, grad, self, out}) CHECK_OK(aclrtFree(p));
    CHECK_OK(aclrtDestroyStream(stream1));
    CHECK_OK(aclrtResetDevice(1));
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtFree(target));
    strict_case::Close(stream0);
    return 0;
}
