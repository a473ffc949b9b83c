// Instruction counts of the call overhead, for machines too loaded to time it: the first phase alone and the
// 4-element round trip (both phases + synchronize), each in a function of its own for callgrind to count
// after 3,000 warm-up round trips (executor spares and the handle quarantine filled):
//   ACLCPU_NUM_THREADS=1 valgrind --tool=callgrind --toggle-collect=FirstOnly build/bench/loss_grad_callgrind first 2000
//   ACLCPU_NUM_THREADS=1 valgrind --tool=callgrind --toggle-collect=RoundTrip build/bench/loss_grad_callgrind rt 2000
// Collected instructions / 2000 = instructions per call (issue 10: 2,675 -> 2,601 and 5,943 -> 5,908-5,919).
// Optional arguments choose the operator, the element count and the dtype (all four tensors alike, contiguous,
// reduction none, values on a 1/8 grid in [-4, 4) so that every branch of the formulas occurs):
//   loss_grad_callgrind rt N [l1|mse|smooth_l1] [elements] [f32|f16|bf16]     (default: l1 4 f32)
// The row kernels' instructions per element = (Ir(rt, N, E) - Ir(rt, N, 4)) / (N * (E - 4)); with E <= 65,536
// and ACLCPU_NUM_THREADS=1 the whole call runs on the calling thread, where callgrind's toggle counts it.
// Cases of more than 16 elements warm up with 20 round trips instead of 3,000.
// Strict mode (README "Strict mode") is switched by the environment as for any program: ACLCPU_STRICT=1
// counts the same calls with its checks on (inputs are uploaded with aclrtMemcpy, so the program is correct).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_l1_loss_backward.h"
#include "aclnnop/aclnn_mse_loss_backward.h"
#include "aclnnop/aclnn_smooth_l1_loss_backward.h"

static aclTensor *g, *s, *t, *o;
static aclrtStream st;
static int op = 0;  // 0 l1, 1 mse, 2 smooth_l1 (beta 1.0)

static inline int First(aclOpExecutor** ex) {
    uint64_t ws = 0;
    if (op == 1) return aclnnMseLossBackwardGetWorkspaceSize(g, s, t, 0, o, &ws, ex);
    if (op == 2) return aclnnSmoothL1LossBackwardGetWorkspaceSize(g, s, t, 0, 1.0f, o, &ws, ex);
    return aclnnL1LossBackwardGetWorkspaceSize(g, s, t, 0, o, &ws, ex);
}
extern "C" __attribute__((noinline)) int FirstOnly(aclOpExecutor** ex) { return First(ex); }
static inline int Trip() {
    aclOpExecutor* ex = nullptr;
    if (First(&ex) != 0) return 1;
    const int rc = op == 1   ? aclnnMseLossBackward(nullptr, 0, ex, st)
                   : op == 2 ? aclnnSmoothL1LossBackward(nullptr, 0, ex, st)
                             : aclnnL1LossBackward(nullptr, 0, ex, st);
    if (rc != 0) return 2;
    return aclrtSynchronizeStream(st);
}
extern "C" __attribute__((noinline)) int RoundTrip() { return Trip(); }
extern "C" __attribute__((noinline)) int WarmTrip() { return Trip(); }

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s first|rt N [l1|mse|smooth_l1] [elements] [f32|f16|bf16]\n", argv[0]);
        return 2;
    }
    const bool first = std::strcmp(argv[1], "first") == 0;
    const int n = std::atoi(argv[2]);
    const char* ops = argc > 3 ? argv[3] : "l1";
    const int64_t elements = argc > 4 ? std::atoll(argv[4]) : 4;
    const char* dts = argc > 5 ? argv[5] : "f32";
    op = std::strcmp(ops, "mse") == 0         ? 1
         : std::strcmp(ops, "smooth_l1") == 0 ? 2
         : std::strcmp(ops, "l1") == 0        ? 0
                                              : -1;
    const aclDataType dt = std::strcmp(dts, "f16") == 0    ? ACL_FLOAT16
                           : std::strcmp(dts, "bf16") == 0 ? ACL_BF16
                           : std::strcmp(dts, "f32") == 0  ? ACL_FLOAT
                                                           : ACL_DT_UNDEFINED;
    if (op < 0 || dt == ACL_DT_UNDEFINED || elements < 1) {
        std::fprintf(stderr, "unknown operator, dtype or element count: %s %s %lld\n", ops, dts,
                     static_cast<long long>(elements));
        return 2;
    }
    const size_t item = dt == ACL_FLOAT ? 4 : 2;
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtCreateStream(&st);
    int64_t shape[1] = {elements}, strides[1] = {1}, storage = elements;
    aclTensor** ts[4] = {&g, &s, &t, &o};
    uint32_t x = 1;
    const size_t bytes = static_cast<size_t>(elements) * item;
    std::vector<unsigned char> host(bytes);  // filled here, uploaded with aclrtMemcpy
    for (auto p : ts) {
        void* d;
        if (aclrtMalloc(&d, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return 6;
        for (int64_t i = 0; i < elements; ++i) {
            x = x * 1664525u + 1013904223u;
            const float v = static_cast<float>(static_cast<int>(x >> 26) - 32) / 8.0f;
            if (dt == ACL_FLOAT) {
                std::memcpy(&host[i * 4], &v, 4);
            } else {
                uint32_t u;
                std::memcpy(&u, &v, 4);
                // bfloat16: exact, v has few bits
                const uint16_t h = dt == ACL_FLOAT16 ? aclFloatToFloat16(v) : static_cast<uint16_t>(u >> 16);
                std::memcpy(&host[i * 2], &h, 2);
            }
        }
        if (aclrtMemcpy(d, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) return 6;
        *p = aclCreateTensor(shape, 1, dt, strides, 0, ACL_FORMAT_ND, &storage, 1, d);
    }
    const int warm = elements > 16 ? 20 : 3000;
    for (int i = 0; i < warm; ++i)
        if (WarmTrip()) return 3;  // warm: pools and quarantines full
    for (int i = 0; i < n; ++i) {
        if (first) {
            aclOpExecutor* ex;
            if (FirstOnly(&ex)) return 4;
            aclDestroyAclOpExecutor(ex);
        } else if (RoundTrip()) {
            return 5;
        }
    }
    std::printf("ok\n");
    return 0;
}
