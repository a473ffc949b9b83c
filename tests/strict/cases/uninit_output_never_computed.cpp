// Bug: an error path skips the launch (here: the first phase's executor is destroyed instead of launched),
// yet the program copies the "result" back. Expected: one uninitialized-read report (the device-to-host copy
// of the output); the result is the NaN poison.
#include <cmath>

#include "strict_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    void* grad = strict_case::DeviceFloats({1});
    void* self = strict_case::DeviceFloats({1, 2, 3, 4});
    void* target = strict_case::DeviceFloats({4, 3, 2, 1});
    void* out = nullptr;
    CHECK_OK(aclrtMalloc(&out, 16, ACL_MEM_MALLOC_HUGE_FIRST));
    aclTensor* g = strict_case::FloatTensor(grad, 1);
    aclTensor* s = strict_case::FloatTensor(self, 4);
    aclTensor* t = strict_case::FloatTensor(target, 4);
    aclTensor* o = strict_case::FloatTensor(out, 4);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    CHECK_OK(aclnnL1LossBackwardGetWorkspaceSize(g, s, t, 1, o, &ws, &ex));
    CHECK_OK(aclDestroyAclOpExecutor(ex));  // the launch never happens
    float host[4];
    CHECK_OK(aclrtMemcpy(host, sizeof host, out, sizeof host, ACL_MEMCPY_DEVICE_TO_HOST));
    if (!std::isnan(host[0])) {
        std::fprintf(stderr, "expected the NaN poison, got %g\n", host[0]);
        return 2;
    }
    for (aclTensor* x : {g, s, t, o}) CHECK_OK(aclDestroyTensor(x));
    for (void* p : {grad, self, target, out}) CHECK_OK(aclrtFree(p));
    strict_case::Close(stream);
    return 0;
}
