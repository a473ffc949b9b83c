// Bug: host code fills an input through the pointer aclrtMalloc returned, as if device memory were host
// memory (it is not on an NPU; CPU emulators let it pass). Expected: one host-access report naming the block,
// then death by SIGSEGV at the store.
#include "strict_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    void* dev = nullptr;
    CHECK_OK(aclrtMalloc(&dev, 4 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    float* values = static_cast<float*>(dev);
    for (int i = 0; i < 4; ++i) values[i] = static_cast<float>(i);  // faults here
    std::printf("not reached\n");
    CHECK_OK(aclrtFree(dev));
    strict_case::Close(stream);
    return 0;
}
