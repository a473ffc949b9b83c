// Bug: one of the operator's tensor descriptors is never destroyed (reported at process exit: tensors
// outlive aclFinalize). Expected: one leak (the tensor).
#include "strict_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    void* dev = strict_case::DeviceFloats({1, 2, 3, 4});
    aclTensor* kept = strict_case::FloatTensor(dev, 4);
    aclTensor* destroyed = strict_case::FloatTensor(dev, 4);
    CHECK_OK(aclDestroyTensor(destroyed));
    CHECK_OK(aclrtFree(dev));
    strict_case::Close(stream);
    (void)kept;
    return 0;
}
