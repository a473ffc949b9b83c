// Bug: a second stream is created for a copy and never destroyed. Expected: one leak (the stream).
#include "strict_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    aclrtStream side = nullptr;
    CHECK_OK(aclrtCreateStream(&side));
    void* dev = nullptr;
    CHECK_OK(aclrtMalloc(&dev, 256, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemsetAsync(dev, 256, 0, 256, side));
    CHECK_OK(aclrtSynchronizeStream(side));
    CHECK_OK(aclrtFree(dev));
    strict_case::Close(stream);  // `side` is still alive here
    return 0;
}
