// Bug: the producer records its event before the launch instead of after it, so the consumer stream's wait
// orders nothing: its read-back copy races with the kernel. Expected: one race.
#include "sync_case.h"

int main() {
    aclrtStream producer = strict_case::Open();
    aclrtStream consumer = nullptr;
    CHECK_OK(aclrtCreateStream(&consumer));
    aclrtEvent done = nullptr;
    CHECK_OK(aclrtCreateEvent(&done));
    const int64_t n = 8;
    void* grad = sync_case::DeviceFilled(n, 1.0f);
    void* self = sync_case::DeviceFilled(n, 3.0f);
    void* target = sync_case::DeviceFilled(n, 1.0f);
    void* out = sync_case::DeviceFilled(n, 0.0f);
    std::vector<float> host(n);
    CHECK_OK(aclrtRecordEvent(done, producer));  // the bug: recorded before the launch it should follow
    sync_case::LaunchL1None(grad, self, target, out, n, producer);
    CHECK_OK(aclrtStreamWaitEvent(consumer, done));
    CHECK_OK(
        aclrtMemcpyAsync(host.data(), n * sizeof(float), out, n * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST, consumer));
    CHECK_OK(aclrtSynchronizeStream(consumer));
    CHECK_OK(aclrtSynchronizeStream(producer));
    CHECK_OK(aclrtDestroyEvent(done));
    CHECK_OK(aclrtDestroyStream(consumer));
    for (void* p : {grad, self, target, out}) CHECK_OK(aclrtFree(p));
    strict_case::Close(producer);
    return 0;
}
