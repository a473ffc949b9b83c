// Bug: the host resets a kernel's input with a synchronous aclrtMemset while the launch that reads it is still
// pending on its stream (the next batch's preparation overlapping the current one). Expected: one
// unsynchronized-access, naming the kernel's input.
#include "sync_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    const int64_t n = 16;
    void* grad = sync_case::DeviceFilled(n, 1.0f);
    void* self = sync_case::DeviceFilled(n, 3.0f);
    void* target = sync_case::DeviceFilled(n, 1.0f);
    void* out = sync_case::DeviceFilled(n, 0.0f);
    sync_case::LaunchL1None(grad, self, target, out, n, stream);
    CHECK_OK(aclrtMemset(self, n * sizeof(float), 0, n * sizeof(float)));  // the bug: the launch reads self
    CHECK_OK(aclrtSynchronizeStream(stream));
    for (void* p : {grad, self, target, out}) CHECK_OK(aclrtFree(p));
    strict_case::Close(stream);
    return 0;
}
