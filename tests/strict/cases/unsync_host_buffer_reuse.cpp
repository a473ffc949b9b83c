// Bug: a staging buffer from aclrtMallocHost is refilled for the next upload while the previous
// aclrtMemcpyAsync (host to device) from it is still pending: the device gets the new contents. The write
// faults on the protected page, is reported, and goes on. Expected: one unsynchronized-access.
#include "sync_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    const int64_t n = 8;
    void* dev = sync_case::DeviceFilled(n, 0.0f);
    void* host = nullptr;
    CHECK_OK(aclrtMallocHost(&host, n * sizeof(float)));
    float* h = static_cast<float*>(host);
    for (int64_t i = 0; i < n; ++i) h[i] = 1.0f;
    CHECK_OK(aclrtMemcpyAsync(dev, n * sizeof(float), host, n * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE, stream));
    for (int64_t i = 0; i < n; ++i) h[i] = 2.0f;  // the bug: the next batch overwrites the pending upload's source
    CHECK_OK(aclrtSynchronizeStream(stream));
    sync_case::ExpectDevice(dev, n, 2.0f, "the upload (it ran at the synchronisation, after the refill)");
    CHECK_OK(aclrtFreeHost(host));
    CHECK_OK(aclrtFree(dev));
    strict_case::Close(stream);
    return 0;
}
