// Bug: the host reads an aclrtMallocHost buffer that an aclrtMemcpyAsync (device to host) on a stream still has
// to fill. Strict mode protects the buffer's pages while the copy is pending: the read faults, is reported and
// then goes on, seeing the old contents (deterministically). Expected: one unsynchronized-access.
#include "sync_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    const int64_t n = 8;
    void* dev = sync_case::DeviceFilled(n, 5.0f);
    void* host = nullptr;
    CHECK_OK(aclrtMallocHost(&host, n * sizeof(float)));
    float* h = static_cast<float*>(host);
    for (int64_t i = 0; i < n; ++i) h[i] = -1.0f;
    CHECK_OK(aclrtMemcpyAsync(host, n * sizeof(float), dev, n * sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST, stream));
    const float early = *static_cast<volatile float*>(h);  // the bug: read before aclrtSynchronizeStream
    if (early != -1.0f) {
        std::fprintf(stderr, "the early read saw %g, expected the stale -1\n", early);
        return 2;
    }
    CHECK_OK(aclrtSynchronizeStream(stream));
    if (h[0] != 5.0f) {
        std::fprintf(stderr, "after the synchronisation: %g, expected 5\n", h[0]);
        return 2;
    }
    CHECK_OK(aclrtFreeHost(host));
    CHECK_OK(aclrtFree(dev));
    strict_case::Close(stream);
    return 0;
}
