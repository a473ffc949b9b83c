// Two bugs: the consumer stream launches a kernel on the producer's output without waiting for the producer
// (race), and since nothing orders them, strict mode runs the consumer first when the host synchronises it:
// its input was never written (uninitialized-read, reported where the kernel runs). Expected: one of each.
#include "sync_case.h"

int main() {
    aclrtStream producer = strict_case::Open();
    aclrtStream consumer = nullptr;
    CHECK_OK(aclrtCreateStream(&consumer));
    const int64_t n = 8;
    void* grad = sync_case::DeviceFilled(n, 1.0f);
    void* self = sync_case::DeviceFilled(n, 3.0f);
    void* target = sync_case::DeviceFilled(n, 1.0f);
    void* mid = nullptr;  // the producer's output: never written before its kernel
    CHECK_OK(aclrtMalloc(&mid, n * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    void* out = sync_case::DeviceFilled(n, 0.0f);
    sync_case::LaunchL1None(grad, self, target, mid, n, producer);
    sync_case::LaunchL1None(grad, mid, target, out, n, consumer);  // the bug: no event from the producer
    CHECK_OK(aclrtSynchronizeStream(consumer));                    // the consumer runs first: mid is still unwritten
    CHECK_OK(aclrtSynchronizeStream(producer));
    CHECK_OK(aclrtDestroyStream(consumer));
    for (void* p : {grad, self, target, mid, out}) CHECK_OK(aclrtFree(p));
    strict_case::Close(producer);
    return 0;
}
