// Two bugs: an input is freed while the launch that reads it is pending (unsynchronized-access; the free waits
// for the kernel), and the worker stream is never destroyed (leak at aclFinalize). Expected: one of each.
#include "sync_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    aclrtStream worker = nullptr;
    CHECK_OK(aclrtCreateStream(&worker));  // bug 2: never destroyed
    const int64_t n = 8;
    void* grad = sync_case::DeviceFilled(n, 1.0f);
    void* self = sync_case::DeviceFilled(n, 3.0f);
    void* target = sync_case::DeviceFilled(n, 1.0f);
    void* out = sync_case::DeviceFilled(n, 0.0f);
    sync_case::LaunchL1None(grad, self, target, out, n, worker);
    CHECK_OK(aclrtFree(target));  // bug 1: the pending launch reads target
    CHECK_OK(aclrtSynchronizeStream(worker));
    sync_case::ExpectDevice(out, n, 1.0f, "the result (the free waited for the kernel)");
    for (void* p : {grad, self, out}) CHECK_OK(aclrtFree(p));
    strict_case::Close(stream);
    return 0;
}
