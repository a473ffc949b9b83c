// Bug: after the operator ran and the stream was synchronised, the host reads the result straight from the
// output's device address instead of copying it back. Expected: one host-access report, death by SIGSEGV.
#include <cmath>

#include "strict_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    void* grad = strict_case::DeviceFloats({1});
    void* self = strict_case::DeviceFloats({1, 2, 3, 4});
    void* target = strict_case::DeviceFloats({4, 3, 2, 1});
    void* out = nullptr;
    CHECK_OK(aclrtMalloc(&out, 16, ACL_MEM_MALLOC_HUGE_FIRST));
    strict_case::LaunchL1(grad, self, target, out, 4, stream);
    CHECK_OK(aclrtSynchronizeStream(stream));
    volatile const float* result = static_cast<const float*>(out);
    std::printf("first gradient %g\n", static_cast<double>(result[0]));  // faults here
    return 0;
}
