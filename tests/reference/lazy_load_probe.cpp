// The reference tier is loaded on demand (docs/reference-tier.md): a program that has called only exact-tier
// operators has neither libaclcpu_reference nor libtorch mapped; its first reference-tier call maps both.
// Run by ctest (tests/CMakeLists.txt, reference_lazy_load): exit 0 when both hold, 1 with a line saying which
// did not. Under ACLCPU_STRICT=1 the test also reads strict mode's one note line for aclnnMm.
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_mm.h"
#include "aclnnop/aclnn_relu.h"

namespace {

// Whether a mapped file's path contains `name` (/proc/self/maps).
bool Mapped(const char* name) {
    std::ifstream maps("/proc/self/maps");
    std::string line;
    while (std::getline(maps, line)) {
        if (line.find(name) != std::string::npos) return true;
    }
    return false;
}

aclTensor* Tensor(void* dev, std::vector<int64_t> shape) {
    std::vector<int64_t> strides(shape.size(), 1);
    for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) strides[i] = strides[i + 1] * shape[i + 1];
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, &n, 1, dev);
}

template <typename First, typename Second>
int Run(First first, Second second, aclrtStream stream) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    int st = first(&ws, &ex);
    if (st != 0) return st;
    st = second(nullptr, ws, ex, stream);
    return st != 0 ? st : aclrtSynchronizeStream(stream);
}

}  // namespace

int main() {
    if (aclInit(nullptr) != 0 || aclrtSetDevice(0) != 0) return 1;
    aclrtStream stream = nullptr;
    aclrtCreateStream(&stream);
    const float host[4] = {1.0f, -2.0f, 3.0f, -4.0f};
    void* a = nullptr;
    void* b = nullptr;
    aclrtMalloc(&a, sizeof host, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMalloc(&b, sizeof host, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(a, sizeof host, host, sizeof host, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(b, sizeof host, host, sizeof host, ACL_MEMCPY_HOST_TO_DEVICE);
    aclTensor* x = Tensor(a, {2, 2});
    aclTensor* y = Tensor(b, {2, 2});
    int rc = 0;
    if (Run([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnReluGetWorkspaceSize(x, y, ws, ex); }, aclnnRelu,
            stream) != 0) {
        std::printf("aclnnRelu failed: %s\n", aclGetRecentErrMsg());
        rc = 1;
    }
    const bool before_torch = Mapped("libtorch"), before_ref = Mapped("libaclcpu_reference");
    if (before_torch || before_ref) {
        std::printf("after an exact-tier call: libtorch %s, libaclcpu_reference %s (expected neither)\n",
                    before_torch ? "mapped" : "not mapped", before_ref ? "mapped" : "not mapped");
        rc = 1;
    }
    if (Run([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMmGetWorkspaceSize(x, x, y, 1, ws, ex); }, aclnnMm,
            stream) != 0) {
        std::printf("aclnnMm failed: %s\n", aclGetRecentErrMsg());
        rc = 1;
    }
    float got[4] = {};
    aclrtMemcpy(got, sizeof got, b, sizeof got, ACL_MEMCPY_DEVICE_TO_HOST);
    // [[1, -2], [3, -4]] squared: [[-5, 6], [-9, 10]]
    if (got[0] != -5.0f || got[1] != 6.0f || got[2] != -9.0f || got[3] != 10.0f) {
        std::printf("aclnnMm: got %g %g %g %g, expected -5 6 -9 10\n", got[0], got[1], got[2], got[3]);
        rc = 1;
    }
    if (!Mapped("libtorch") || !Mapped("libaclcpu_reference")) {
        std::printf("after a reference-tier call: libtorch or libaclcpu_reference not mapped\n");
        rc = 1;
    }
    aclDestroyTensor(x);
    aclDestroyTensor(y);
    aclrtFree(a);
    aclrtFree(b);
    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    if (rc == 0) std::printf("exact tier without libtorch; libtorch loaded by the first reference-tier call\n");
    return rc;
}
