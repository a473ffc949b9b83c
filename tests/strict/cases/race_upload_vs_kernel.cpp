// Bug: a copy stream uploads the next batch into the input buffer while the compute stream's kernel still reads
// the current one (double buffering with one buffer). Expected: one race.
#include "sync_case.h"

int main() {
    aclrtStream compute = strict_case::Open();
    aclrtStream copy = nullptr;
    CHECK_OK(aclrtCreateStream(&copy));
    const int64_t n = 16;
    void* grad = sync_case::DeviceFilled(n, 1.0f);
    void* self = sync_case::DeviceFilled(n, 3.0f);
    void* target = sync_case::DeviceFilled(n, 1.0f);
    void* out = sync_case::DeviceFilled(n, 0.0f);
    std::vector<float> next(n, 7.0f);
    sync_case::LaunchL1None(grad, self, target, out, n, compute);
    CHECK_OK(aclrtMemcpyAsync(self, n * sizeof(float), next.data(), n * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE,
                              copy));  // the bug: the kernel on `compute` reads self
    CHECK_OK(aclrtSynchronizeStream(compute));
    CHECK_OK(aclrtSynchronizeStream(copy));
    CHECK_OK(aclrtDestroyStream(copy));
    for (void* p : {grad, self, target, out}) CHECK_OK(aclrtFree(p));
    strict_case::Close(compute);
    return 0;
}
