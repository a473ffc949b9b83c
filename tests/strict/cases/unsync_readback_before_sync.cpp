// Bug: the result is copied back with a synchronous aclrtMemcpy right after the launch, without
// aclrtSynchronizeStream. Strict mode holds the kernel until the stream is synchronised, so the copy sees the
// old bytes (zeros) every time, as an NPU would most of the time. Expected: one unsynchronized-access.
#include "sync_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    const int64_t n = 8;
    void* grad = sync_case::DeviceFilled(n, 1.0f);
    void* self = sync_case::DeviceFilled(n, 3.0f);
    void* target = sync_case::DeviceFilled(n, 1.0f);
    void* out = sync_case::DeviceFilled(n, 0.0f);
    sync_case::LaunchL1None(grad, self, target, out, n, stream);
    sync_case::ExpectDevice(out, n, 0.0f, "the result read too early (stale, deterministically)");  // the bug
    CHECK_OK(aclrtSynchronizeStream(stream));
    sync_case::ExpectDevice(out, n, 1.0f, "the result after the synchronisation");
    for (void* p : {grad, self, target, out}) CHECK_OK(aclrtFree(p));
    strict_case::Close(stream);
    return 0;
}
