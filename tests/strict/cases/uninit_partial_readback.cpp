// Bug: only the first half of a device buffer is written (aclrtMemset of half its size), but all of it is
// copied back to the host. Expected: one uninitialized-read report (the device-to-host copy); the unwritten
// half reads back as the poison (NaN).
#include <cmath>

#include "strict_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    void* dev = nullptr;
    CHECK_OK(aclrtMalloc(&dev, 8 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemsetAsync(dev, 8 * sizeof(float), 0, 4 * sizeof(float), stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    float host[8];
    CHECK_OK(aclrtMemcpy(host, sizeof host, dev, sizeof host, ACL_MEMCPY_DEVICE_TO_HOST));
    if (host[0] != 0.0f || !std::isnan(host[7])) {
        std::fprintf(stderr, "expected 0 then the NaN poison, got %g and %g\n", host[0], host[7]);
        return 2;
    }
    CHECK_OK(aclrtFree(dev));
    strict_case::Close(stream);
    return 0;
}
