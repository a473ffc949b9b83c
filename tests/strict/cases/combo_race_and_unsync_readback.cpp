// Two bugs: two streams write the same output with no event between them (race), and the host reads the
// output back with a synchronous aclrtMemcpy before synchronising either (unsynchronized-access; one report
// for the call, however many pending tasks it overlaps). Expected: one report of each kind.
#include "sync_case.h"

int main() {
    aclrtStream a = strict_case::Open();
    aclrtStream b = nullptr;
    CHECK_OK(aclrtCreateStream(&b));
    const int64_t n = 8;
    void* grad = sync_case::DeviceFilled(n, 1.0f);
    void* self = sync_case::DeviceFilled(n, 3.0f);
    void* target = sync_case::DeviceFilled(n, 1.0f);
    void* out = sync_case::DeviceFilled(n, 0.0f);
    sync_case::LaunchL1None(grad, self, target, out, n, a);
    sync_case::LaunchL1None(grad, target, self, out, n, b);                // bug 1: race on out
    sync_case::ExpectDevice(out, n, 0.0f, "the early read-back (stale)");  // bug 2: no synchronisation first
    CHECK_OK(aclrtSynchronizeDevice());
    CHECK_OK(aclrtDestroyStream(b));
    for (void* p : {grad, self, target, out}) CHECK_OK(aclrtFree(p));
    strict_case::Close(a);
    return 0;
}
