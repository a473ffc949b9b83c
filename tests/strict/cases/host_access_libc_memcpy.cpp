// Bug: std::memcpy used to upload an input instead of aclrtMemcpy(HOST_TO_DEVICE). Expected: one
// host-access report, death by SIGSEGV.
#include <cstring>

#include "strict_case.h"

int main() {
    strict_case::Open();
    const float host[4] = {1, 2, 3, 4};
    void* dev = nullptr;
    CHECK_OK(aclrtMalloc(&dev, sizeof host, ACL_MEM_MALLOC_HUGE_FIRST));
    std::memcpy(dev, host, sizeof host);  // faults here
    std::printf("not reached\n");
    return 0;
}
