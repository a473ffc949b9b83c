// Correct: every device byte is written before it is read, host code touches device memory only through
// aclrtMemcpy, results are read after aclrtSynchronizeStream, and everything is released. Strict mode must
// report nothing.
#include "strict_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    const int64_t n = 4;
    void* grad = strict_case::DeviceFloats({1.0f});
    void* self = strict_case::DeviceFloats({1, 2, 3, 4});
    void* target = strict_case::DeviceFloats({4, 3, 2, 1});
    void* out = nullptr;
    CHECK_OK(aclrtMalloc(&out, n * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST));
    strict_case::LaunchL1(grad, self, target, out, n, stream);
    CHECK_OK(aclrtSynchronizeStream(stream));
    float host[4] = {};
    CHECK_OK(aclrtMemcpy(host, sizeof host, out, sizeof host, ACL_MEMCPY_DEVICE_TO_HOST));
    const float expect[4] = {-0.25f, -0.25f, 0.25f, 0.25f};
    for (int i = 0; i < 4; ++i) {
        if (host[i] != expect[i]) {
            std::fprintf(stderr, "result %d is %g, expected %g\n", i, host[i], expect[i]);
            return 2;
        }
    }
    for (void* p : {grad, self, target, out}) CHECK_OK(aclrtFree(p));
    strict_case::Close(stream);
    std::printf("clean_l1_round_trip: OK\n");
    return 0;
}
