// Bug: a worker stream is destroyed with its launch still pending (CANN: synchronise a stream before
// aclrtDestroyStream). aclcpu runs the pending work first. Expected: one unsynchronized-access.
#include "sync_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    aclrtStream worker = nullptr;
    CHECK_OK(aclrtCreateStream(&worker));
    const int64_t n = 8;
    void* grad = sync_case::DeviceFilled(n, 1.0f);
    void* self = sync_case::DeviceFilled(n, 3.0f);
    void* target = sync_case::DeviceFilled(n, 1.0f);
    void* out = sync_case::DeviceFilled(n, 0.0f);
    sync_case::LaunchL1None(grad, self, target, out, n, worker);
    CHECK_OK(aclrtDestroyStream(worker));  // the bug: no aclrtSynchronizeStream(worker) before
    sync_case::ExpectDevice(out, n, 1.0f, "the result after the destroy ran the work");
    for (void* p : {grad, self, target, out}) CHECK_OK(aclrtFree(p));
    strict_case::Close(stream);
    return 0;
}
