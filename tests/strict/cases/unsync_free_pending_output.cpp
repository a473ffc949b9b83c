// Bug: the output buffer is freed right after the launch, before the stream is synchronised (the kernel would
// write freed memory on an NPU). aclcpu's aclrtFree waits for the kernel. Expected: one unsynchronized-access.
#include "sync_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    const int64_t n = 8;
    void* grad = sync_case::DeviceFilled(n, 1.0f);
    void* self = sync_case::DeviceFilled(n, 3.0f);
    void* target = sync_case::DeviceFilled(n, 1.0f);
    void* out = sync_case::DeviceFilled(n, 0.0f);
    sync_case::LaunchL1None(grad, self, target, out, n, stream);
    CHECK_OK(aclrtFree(out));  // the bug
    CHECK_OK(aclrtSynchronizeStream(stream));
    for (void* p : {grad, self, target}) CHECK_OK(aclrtFree(p));
    strict_case::Close(stream);
    return 0;
}
