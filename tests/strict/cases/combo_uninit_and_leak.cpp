// Two bugs: the target is never uploaded (uninitialized-read at the launch) and the output block is never
// freed (leak at aclFinalize). Expected: one report of each kind.
#include "strict_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    void* grad = strict_case::DeviceFloats({1});
    void* self = strict_case::DeviceFloats({1, 2, 3, 4});
    void* target = nullptr;
    CHECK_OK(aclrtMalloc(&target, 16, ACL_MEM_MALLOC_HUGE_FIRST));
    void* out = nullptr;
    CHECK_OK(aclrtMalloc(&out, 16, ACL_MEM_MALLOC_HUGE_FIRST));
    strict_case::LaunchL1(grad, self, target, out, 4, stream);
    CHECK_OK(aclrtSynchronizeStream(stream));
    for (void* p : {grad, self, target}) CHECK_OK(aclrtFree(p));
    strict_case::Close(stream);
    return 0;
}
