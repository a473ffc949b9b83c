// Bug: device 1 copies device 0's memory into its own (aclrtMemcpy) without aclrtDeviceEnablePeerAccess(0).
// Expected: one peer-access report, at the copy.
#include "strict_case.h"

int main() {
    aclrtStream stream0 = strict_case::Open();
    void* src = strict_case::DeviceFloats({1, 2, 3, 4});  // on device 0
    CHECK_OK(aclrtSetDevice(1));
    void* dst = nullptr;
    CHECK_OK(aclrtMalloc(&dst, 16, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemcpy(dst, 16, src, 16, ACL_MEMCPY_DEVICE_TO_DEVICE));
    CHECK_OK(aclrtFree(dst));
    CHECK_OK(aclrtResetDevice(1));
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtFree(src));
    strict_case::Close(stream0);
    return 0;
}
