// A CANN-style host program of our own (not taken from CANN) that calls every runtime function added for
// issue 15, written the way ops-nn's examples are: acl/acl.h, C++11, CHECK_RET, Init/Finalize. Built with
// g++ -std=c++11 against the installed tree (run_api_sample.sh); prints "api_runtime_sample: OK" and exits 0
// when every call returned what CANN documents.
#include <pthread.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <thread>
#include <vector>

#include "acl/acl.h"

#define CHECK_RET(cond, what)                                                    \
    do {                                                                         \
        if (!(cond)) {                                                           \
            std::printf("FAILED at line %d: %s (%s)\n", __LINE__, what,          \
                        aclGetRecentErrMsg() ? aclGetRecentErrMsg() : "no message"); \
            return 1;                                                            \
        }                                                                        \
    } while (0)

namespace {

std::atomic<bool> g_stop(false);
std::atomic<uint64_t> g_report_tid(0);
std::vector<int> g_order;

void ReportLoop() {
    g_report_tid = static_cast<uint64_t>(pthread_self());
    while (!g_stop) aclrtProcessReport(10);
}

void Record(void* data) { g_order.push_back(*static_cast<int*>(data)); }

int Init(aclrtContext* context, aclrtStream* stream) {
    CHECK_RET(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
    CHECK_RET(aclrtSetDevice(0) == ACL_SUCCESS, "aclrtSetDevice");
    CHECK_RET(aclrtCreateContext(context, 0) == ACL_SUCCESS, "aclrtCreateContext");
    CHECK_RET(aclrtSetCurrentContext(*context) == ACL_SUCCESS, "aclrtSetCurrentContext");
    CHECK_RET(aclrtCreateStream(stream) == ACL_SUCCESS, "aclrtCreateStream");
    return 0;
}

}  // namespace

int main() {
    aclrtContext context = nullptr;
    aclrtStream stream = nullptr;
    if (Init(&context, &stream) != 0) return 1;
    aclrtContext current = nullptr;
    CHECK_RET(aclrtGetCurrentContext(&current) == ACL_SUCCESS && current == context, "aclrtGetCurrentContext");

    // Device queries.
    uint32_t count = 0;
    int32_t device = -1;
    int64_t cores = 0;
    size_t freeMem = 0, totalMem = 0;
    aclrtRunMode mode = ACL_DEVICE;
    int32_t major = 0, minor = 0, patch = 0;
    CHECK_RET(aclrtGetDeviceCount(&count) == ACL_SUCCESS && count == 8, "aclrtGetDeviceCount");
    CHECK_RET(aclrtGetDevice(&device) == ACL_SUCCESS && device == 0, "aclrtGetDevice");
    CHECK_RET(aclrtGetDeviceInfo(0, ACL_DEV_ATTR_VECTOR_CORE_NUM, &cores) == ACL_SUCCESS && cores > 0,
              "aclrtGetDeviceInfo");
    CHECK_RET(aclrtGetMemInfo(ACL_HBM_MEM, &freeMem, &totalMem) == ACL_SUCCESS && totalMem > 0, "aclrtGetMemInfo");
    CHECK_RET(aclrtGetRunMode(&mode) == ACL_SUCCESS && mode == ACL_HOST, "aclrtGetRunMode");
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    CHECK_RET(aclrtGetVersion(&major, &minor, &patch) == ACL_SUCCESS && major == ACL_MAJOR_VERSION &&
                  minor == ACL_MINOR_VERSION && patch == ACL_PATCH_VERSION,
              "aclrtGetVersion");
#pragma GCC diagnostic pop
    CHECK_RET(aclrtSetOpWaitTimeout(0) == ACL_SUCCESS, "aclrtSetOpWaitTimeout");

    // Memory rounded to 32 bytes.
    void* dev = nullptr;
    CHECK_RET(aclrtMallocAlign32(&dev, 100, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMallocAlign32");
    CHECK_RET(aclrtMemsetAsync(dev, 128, 0, 128, stream) == ACL_SUCCESS, "aclrtMemsetAsync (rounded size)");

    // Callbacks, in stream order, through a report thread.
    std::thread reporter(ReportLoop);
    while (g_report_tid == 0) std::this_thread::yield();
    CHECK_RET(aclrtSubscribeReport(g_report_tid, stream) == ACL_SUCCESS, "aclrtSubscribeReport");
    int ids[3] = {1, 2, 3};
    CHECK_RET(aclrtLaunchCallback(Record, &ids[0], ACL_CALLBACK_BLOCK, stream) == ACL_SUCCESS, "aclrtLaunchCallback");
    CHECK_RET(aclrtLaunchCallback(Record, &ids[1], ACL_CALLBACK_NO_BLOCK, stream) == ACL_SUCCESS,
              "aclrtLaunchCallback");
    CHECK_RET(aclrtLaunchCallback(Record, &ids[2], ACL_CALLBACK_BLOCK, stream) == ACL_SUCCESS, "aclrtLaunchCallback");
    CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");
    CHECK_RET(g_order.size() == 3 && g_order[0] == 1 && g_order[1] == 2 && g_order[2] == 3, "callback order");
    CHECK_RET(aclrtUnSubscribeReport(g_report_tid, stream) == ACL_SUCCESS, "aclrtUnSubscribeReport");
    g_stop = true;
    reporter.join();

    // Stream and event queries.
    aclrtStreamStatus streamStatus = ACL_STREAM_STATUS_RESERVED;
    CHECK_RET(aclrtStreamQuery(stream, &streamStatus) == ACL_SUCCESS && streamStatus == ACL_STREAM_STATUS_COMPLETE,
              "aclrtStreamQuery");
    aclrtEvent event = nullptr;
    aclrtEventRecordedStatus recorded = ACL_EVENT_RECORDED_STATUS_NOT_READY;
    CHECK_RET(aclrtCreateEvent(&event) == ACL_SUCCESS, "aclrtCreateEvent");
    CHECK_RET(aclrtRecordEvent(event, stream) == ACL_SUCCESS, "aclrtRecordEvent");
    CHECK_RET(aclrtSynchronizeEvent(event) == ACL_SUCCESS, "aclrtSynchronizeEvent");
    CHECK_RET(aclrtQueryEventStatus(event, &recorded) == ACL_SUCCESS && recorded == ACL_EVENT_RECORDED_STATUS_COMPLETE,
              "aclrtQueryEventStatus");
    CHECK_RET(aclrtResetEvent(event, stream) == ACL_SUCCESS, "aclrtResetEvent");
    CHECK_RET(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    aclrtEventStatus oldStatus = ACL_EVENT_STATUS_RESERVED;
    CHECK_RET(aclrtQueryEvent(event, &oldStatus) == ACL_SUCCESS && oldStatus == ACL_EVENT_STATUS_COMPLETE,
              "aclrtQueryEvent");
#pragma GCC diagnostic pop
    CHECK_RET(aclrtDestroyEvent(event) == ACL_SUCCESS, "aclrtDestroyEvent");

    // The older tensor-descriptor and data-buffer API.
    int64_t shape[2] = {4, 8};
    aclTensorDesc* desc = aclCreateTensorDesc(ACL_FLOAT, 2, shape, ACL_FORMAT_ND);
    CHECK_RET(desc != nullptr, "aclCreateTensorDesc");
    CHECK_RET(aclGetTensorDescType(desc) == ACL_FLOAT, "aclGetTensorDescType");
    CHECK_RET(aclGetTensorDescFormat(desc) == ACL_FORMAT_ND, "aclGetTensorDescFormat");
    CHECK_RET(aclGetTensorDescNumDims(desc) == 2, "aclGetTensorDescNumDims");
    CHECK_RET(aclGetTensorDescElementCount(desc) == 32, "aclGetTensorDescElementCount");
    CHECK_RET(aclGetTensorDescSize(desc) == 128, "aclGetTensorDescSize");
    int64_t dim = 0;
    CHECK_RET(aclGetTensorDescDimV2(desc, 1, &dim) == ACL_SUCCESS && dim == 8, "aclGetTensorDescDimV2");
    aclDataBuffer* buffer = aclCreateDataBuffer(dev, aclGetTensorDescSize(desc));
    CHECK_RET(buffer != nullptr, "aclCreateDataBuffer");
    CHECK_RET(aclGetDataBufferAddr(buffer) == dev, "aclGetDataBufferAddr");
    CHECK_RET(aclGetDataBufferSizeV2(buffer) == 128, "aclGetDataBufferSizeV2");
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    CHECK_RET(aclGetDataBufferSize(buffer) == 128, "aclGetDataBufferSize");
#pragma GCC diagnostic pop
    CHECK_RET(aclUpdateDataBuffer(buffer, dev, 64) == ACL_SUCCESS && aclGetDataBufferSizeV2(buffer) == 64,
              "aclUpdateDataBuffer");
    CHECK_RET(aclDestroyDataBuffer(buffer) == ACL_SUCCESS, "aclDestroyDataBuffer");
    aclDestroyTensorDesc(desc);
    CHECK_RET(aclGetTensorDescType(desc) == ACL_DT_UNDEFINED, "a destroyed descriptor is refused");

    // Release in CANN's documented order: memory, streams, contexts, device, finalize.
    CHECK_RET(aclrtFree(dev) == ACL_SUCCESS, "aclrtFree");
    CHECK_RET(aclrtDestroyStream(stream) == ACL_SUCCESS, "aclrtDestroyStream");
    CHECK_RET(aclrtDestroyContext(context) == ACL_SUCCESS, "aclrtDestroyContext");
    CHECK_RET(aclrtResetDevice(0) == ACL_SUCCESS, "aclrtResetDevice");
    CHECK_RET(aclFinalize() == ACL_SUCCESS, "aclFinalize");
    std::printf("api_runtime_sample: OK\n");
    return 0;
}
