// A standalone aclnnL1LossBackward run on 2^24 FLOAT elements (gradOutput, self, target, gradInput: four
// tensors of 64 MiB = 256 MiB), for measuring the process's peak resident memory from outside:
//
//   /usr/bin/time -v ./l1_peak_memory        ("Maximum resident set size")
//
// Every page of the four tensors is touched. The target is a peak within 5% of the tensors' bytes: the
// operator itself allocates nothing proportional to the tensor size.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "acl/acl.h"
#include "aclnnop/aclnn_l1_loss_backward.h"

int main(int argc, char** argv) {
    int64_t n = int64_t{1} << 24;
    if (argc > 1) n = std::atoll(argv[1]);
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS) return 1;
    const size_t bytes = static_cast<size_t>(n) * sizeof(float);
    void* data[4];
    aclTensor* t[4];
    for (int k = 0; k < 4; ++k) {
        if (aclrtMalloc(&data[k], bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return 1;
        float* f = static_cast<float*>(data[k]);
        for (int64_t i = 0; i < n; ++i) f[i] = static_cast<float>((i * (k + 1)) % 7) - 3.0f;
        const int64_t stride = 1;
        t[k] = aclCreateTensor(&n, 1, ACL_FLOAT, &stride, 0, ACL_FORMAT_ND, &n, 1, data[k]);
    }
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    if (aclnnL1LossBackwardGetWorkspaceSize(t[0], t[1], t[2], 1, t[3], &ws, &ex) != 0 || ws != 0) return 1;
    if (aclnnL1LossBackward(nullptr, 0, ex, nullptr) != 0 || aclrtSynchronizeStream(nullptr) != 0) return 1;
    double sum = 0;
    const float* out = static_cast<const float*>(data[3]);
    for (int64_t i = 0; i < n; i += 4096) sum += out[i];
    std::printf("elements %lld, tensor bytes %zu (%.1f MiB), checksum %g\n", static_cast<long long>(n), 4 * bytes,
                4.0 * static_cast<double>(bytes) / (1 << 20), sum);
    for (int k = 0; k < 4; ++k) {
        aclDestroyTensor(t[k]);
        aclrtFree(data[k]);
    }
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
