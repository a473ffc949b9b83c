// Bug: the target tensor's device memory is allocated but never uploaded (the aclrtMemcpy was forgotten),
// so the operator reads garbage. Expected: one uninitialized-read report (the operator's read of target);
// the poison (NaN) shows in the result too.
#include <cmath>

#include "strict_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    void* grad = strict_case::DeviceFloats({1});
    void* self = strict_case::DeviceFloats({1, 2, 3, 4});
    void* target = nullptr;
    CHECK_OK(aclrtMalloc(&target, 16, ACL_MEM_MALLOC_HUGE_FIRST));  // never written
    void* out = nullptr;
    CHECK_OK(aclrtMalloc(&out, 16, ACL_MEM_MALLOC_HUGE_FIRST));
    strict_case::LaunchL1(grad, self, target, out, 4, stream);
    CHECK_OK(aclrtSynchronizeStream(stream));
    float host[4];
    CHECK_OK(aclrtMemcpy(host, sizeof host, out, sizeof host, ACL_MEMCPY_DEVICE_TO_HOST));
    std::printf("gradient[0] = %g\n", static_cast<double>(host[0]));
    for (void* p : {grad, self, target, out}) CHECK_OK(aclrtFree(p));
    strict_case::Close(stream);
    return 0;
}
