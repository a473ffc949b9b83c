// Correct: the producer's launch is followed by aclrtRecordEvent, the consumer waits for the event and copies
// the result back, and only the consumer is synchronised by the host (the wait makes the producer's work run;
// the event orders it before the consumer's copy and, through the consumer, before the host). A second launch
// reuses the output on the consumer after the host synchronised. Strict mode must report nothing, the results
// must be right and nothing may hang.
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
    void* host = nullptr;
    CHECK_OK(aclrtMallocHost(&host, n * sizeof(float)));
    sync_case::LaunchL1None(grad, self, target, out, n, producer);
    CHECK_OK(aclrtRecordEvent(done, producer));
    CHECK_OK(aclrtStreamWaitEvent(consumer, done));
    CHECK_OK(aclrtMemcpyAsync(host, n * sizeof(float), out, n * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST, consumer));
    CHECK_OK(aclrtSynchronizeStream(consumer));
    if (static_cast<float*>(host)[n - 1] != 1.0f) {
        std::fprintf(stderr, "consumer copy: %g, expected 1\n", static_cast<float*>(host)[n - 1]);
        return 2;
    }
    sync_case::LaunchL1None(grad, target, self, out, n, consumer);  // ordered after the host's synchronisation
    aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
    CHECK_OK(aclrtRecordEvent(done, consumer));
    while (status != ACL_EVENT_RECORDED_STATUS_COMPLETE) CHECK_OK(aclrtQueryEventStatus(done, &status));  // ends
    sync_case::ExpectDevice(out, n, -1.0f, "the second launch");
    CHECK_OK(aclrtFreeHost(host));
    CHECK_OK(aclrtDestroyEvent(done));
    CHECK_OK(aclrtDestroyStream(consumer));
    for (void* p : {grad, self, target, out}) CHECK_OK(aclrtFree(p));
    strict_case::Close(producer);
    return 0;
}
