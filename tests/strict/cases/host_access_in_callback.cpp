// Bug: a host callback launched on the stream (aclrtLaunchCallback, run by the subscribed report thread)
// inspects the operator's output through its device address; callbacks are host code. Expected: one
// host-access report, death by SIGSEGV (on the report thread).
#include <pthread.h>

#include <atomic>
#include <thread>

#include "strict_case.h"

namespace {
std::atomic<uint64_t> g_tid(0);

void Inspect(void* data) {
    volatile const float* out = static_cast<const float*>(data);
    std::printf("callback sees %g\n", static_cast<double>(out[0]));  // faults here
}

void ReportLoop() {
    g_tid = static_cast<uint64_t>(pthread_self());
    for (;;) aclrtProcessReport(100);
}
}  // namespace

int main() {
    aclrtStream stream = strict_case::Open();
    void* out = strict_case::DeviceFloats({0, 0, 0, 0});
    std::thread reporter(ReportLoop);
    reporter.detach();
    while (g_tid == 0) std::this_thread::yield();
    CHECK_OK(aclrtSubscribeReport(g_tid, stream));
    CHECK_OK(aclrtLaunchCallback(&Inspect, out, ACL_CALLBACK_BLOCK, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    std::printf("not reached\n");
    return 0;
}
