// Two bugs: a device buffer is read back before anything wrote it (uninitialized-read at the copy), and the
// event that ordered the copy is never destroyed (leak at aclFinalize). Expected: one report of each kind.
#include "strict_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    aclrtEvent ready = nullptr;
    CHECK_OK(aclrtCreateEvent(&ready));
    void* dev = nullptr;
    CHECK_OK(aclrtMalloc(&dev, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtRecordEvent(ready, stream));
    CHECK_OK(aclrtSynchronizeEvent(ready));
    char host[64];
    CHECK_OK(aclrtMemcpyAsync(host, sizeof host, dev, sizeof host, ACL_MEMCPY_DEVICE_TO_HOST, stream));
    CHECK_OK(aclrtSynchronizeStream(stream));
    CHECK_OK(aclrtFree(dev));
    strict_case::Close(stream);
    return 0;
}
