// Bug: an event used to time a copy is never destroyed. Expected: one leak (the event).
#include "strict_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    aclrtEvent done = nullptr;
    CHECK_OK(aclrtCreateEvent(&done));
    void* dev = nullptr;
    CHECK_OK(aclrtMalloc(&dev, 256, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemsetAsync(dev, 256, 0, 256, stream));
    CHECK_OK(aclrtRecordEvent(done, stream));
    CHECK_OK(aclrtSynchronizeEvent(done));
    CHECK_OK(aclrtFree(dev));
    strict_case::Close(stream);
    return 0;
}
