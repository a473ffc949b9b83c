// Bug: a device block is never freed before aclFinalize (on the hardware: device memory lost until the
// process ends). Expected: one leak report naming the block, its size and the aclrtMalloc call site.
#include "strict_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    void* kept = nullptr;
    void* freed = nullptr;
    CHECK_OK(aclrtMalloc(&kept, 4096, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMalloc(&freed, 512, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemset(kept, 4096, 0, 4096));
    CHECK_OK(aclrtFree(freed));
    strict_case::Close(stream);  // `kept` is still allocated here
    return 0;
}
