// Bug: the operator runs on device 1's stream but its target lives in memory allocated on device 0, and device 1
// never enabled peer access to device 0. On a server this faults or reads garbage; here it computes, and strict
// mode reports it. Expected: one peer-access report (the launch's read of target), nothing else.
#include "strict_case.h"

int main() {
    aclrtStream stream0 = strict_case::Open();
    void* target = strict_case::DeviceFloats({4, 3, 2, 1});  // on device 0
    CHECK_OK(aclrtSetDevice(1));
    aclrtStream stream1 = nullptr;
    CHECK_OK(aclrtCreateStream(&stream1));
    void* grad = strict_case::DeviceFloats({1});
    void* self = strict_case::DeviceFloats({1, 2, 3, 4});
    void* out = nullptr;
    CHECK_OK(aclrtMalloc(&out, 16, ACL_MEM_MALLOC_HUGE_FIRST));
    strict_case::LaunchL1(grad, self, target, out, 4, stream1);
    CHECK_OK(aclrtSynchronizeStream(stream1));
    for (void* p : {grad, self, out}) CHECK_OK(aclrtFree(p));
    CHECK_OK(aclrtDestroyStream(stream1));
    CHECK_OK(aclrtResetDevice(1));
    CHECK_OK(aclrtSetDevice(0));
    CHECK_OK(aclrtFree(target));
    strict_case::Close(stream0);
    return 0;
}
