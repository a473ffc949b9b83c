// Bug: two streams launch kernels that write the same output buffer, with no event between them: which result
// survives depends on timing on an NPU. Expected: one race.
#include "sync_case.h"

int main() {
    aclrtStream a = strict_case::Open();
    aclrtStream b = nullptr;
    CHECK_OK(aclrtCreateStream(&b));
    const int64_t n = 8;
    void* grad = sync_case::DeviceFilled(n, 1.0f);
    void* self = sync_case::DeviceFilled(n, 3.0f);
    void* target = sync_case::DeviceFilled(n, 1.0f);
    void* other = sync_case::DeviceFilled(n, 5.0f);
    void* out = sync_case::DeviceFilled(n, 0.0f);
    sync_case::LaunchL1None(grad, self, target, out, n, a);
    sync_case::LaunchL1None(grad, target, other, out, n, b);  // the bug: same output, other stream, no event
    CHECK_OK(aclrtSynchronizeStream(a));
    CHECK_OK(aclrtSynchronizeStream(b));
    CHECK_OK(aclrtDestroyStream(b));
    for (void* p : {grad, self, target, other, out}) CHECK_OK(aclrtFree(p));
    strict_case::Close(a);
    return 0;
}
