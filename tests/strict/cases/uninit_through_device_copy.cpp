// Bug: self is filled by a device-to-device copy from a staging buffer that was never uploaded. The copy
// itself is fine (it moves the unwritten state along); the operator's read of self is the bug. Expected:
// one uninitialized-read report, at the launch, none at the copy.
#include "strict_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    void* staging = nullptr;
    CHECK_OK(aclrtMalloc(&staging, 16, ACL_MEM_MALLOC_HUGE_FIRST));  // the upload into it was forgotten
    void* grad = strict_case::DeviceFloats({1});
    void* self = nullptr;
    CHECK_OK(aclrtMalloc(&self, 16, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemcpyAsync(self, 16, staging, 16, ACL_MEMCPY_DEVICE_TO_DEVICE, stream));
    void* target = strict_case::DeviceFloats({4, 3, 2, 1});
    void* out = nullptr;
    CHECK_OK(aclrtMalloc(&out, 16, ACL_MEM_MALLOC_HUGE_FIRST));
    strict_case::LaunchL1(grad, self, target, out, 4, stream);
    CHECK_OK(aclrtSynchronizeStream(stream));
    for (void* p : {staging, grad, self, target, out}) CHECK_OK(aclrtFree(p));
    strict_case::Close(stream);
    return 0;
}
