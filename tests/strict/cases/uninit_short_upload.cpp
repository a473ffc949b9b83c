// Bug: the upload copies too few bytes (an element count passed where a byte count belongs), leaving the
// tail of self unwritten. Expected: one uninitialized-read report (the operator's read of self).
#include "strict_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    const int64_t n = 8;
    const float values[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    void* grad = strict_case::DeviceFloats({1});
    void* self = nullptr;
    CHECK_OK(aclrtMalloc(&self, n * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemcpy(self, n * sizeof(float), values, n, ACL_MEMCPY_HOST_TO_DEVICE));  // n, not n * 4
    void* target = strict_case::DeviceFloats({0, 0, 0, 0, 0, 0, 0, 0});
    void* out = nullptr;
    CHECK_OK(aclrtMalloc(&out, n * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    strict_case::LaunchL1(grad, self, target, out, n, stream);
    CHECK_OK(aclrtSynchronizeStream(stream));
    for (void* p : {grad, self, target, out}) CHECK_OK(aclrtFree(p));
    strict_case::Close(stream);
    return 0;
}
