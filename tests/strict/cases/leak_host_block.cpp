// Bug: pinned host memory from aclrtMallocHost is never given back with aclrtFreeHost. Expected: one leak.
#include "strict_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    void* host = nullptr;
    CHECK_OK(aclrtMallocHost(&host, 1000));
    static_cast<char*>(host)[0] = 1;  // host memory: the host may use it
    strict_case::Close(stream);
    return 0;
}
