// Bug: a stale pointer to a freed device block is read by the host (use after aclrtFree). Expected: one
// host-access report naming the freed block, death by SIGSEGV.
#include "strict_case.h"

int main() {
    strict_case::Open();
    void* dev = strict_case::DeviceFloats({1, 2, 3, 4});
    CHECK_OK(aclrtFree(dev));
    volatile const float* stale = static_cast<const float*>(dev);
    std::printf("%g\n", static_cast<double>(stale[1]));  // faults here
    return 0;
}
