// Bug: the program returns from main without aclFinalize and without freeing its output block. Expected:
// one leak at process exit (the block); the stream was destroyed.
#include "strict_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    void* out = nullptr;
    CHECK_OK(aclrtMalloc(&out, 64, ACL_MEM_MALLOC_HUGE_FIRST));
    CHECK_OK(aclrtMemset(out, 64, 0, 64));
    CHECK_OK(aclrtDestroyStream(stream));
    return 0;
}
