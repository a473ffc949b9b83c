// Instruction counts under callgrind of one forward-loss call (aclnnL1Loss, aclnnMseLoss, aclnnSmoothL1Loss;
// both phases + synchronize) on contiguous 1-D inputs of one float dtype, for machines too loaded to time it:
//   ACLCPU_NUM_THREADS=1 valgrind --tool=callgrind --toggle-collect=RoundTrip build/bench/fwd_loss_callgrind
//       [l1|mse|smooth_l1] [elements] [f32|f16|bf16] [none|mean|sum]
//       [trips]
// (defaults: l1 1048576 f32 none 1). One warm-up call, then `trips` counted calls (RoundTrip). Large calls run
// on the stream's worker threads, out of reach of --toggle-collect: count the whole program instead (no
// toggle) with trips 1 and 2 - the difference is one call. Values lie on a 1/8
// grid in [-4, 4), so every branch of the Smooth L1 formula (beta 1.0) occurs. Exit code 0 on success.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_l1_loss.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_smooth_l1_loss.h"

static aclTensor *s, *t, *o;
static aclrtStream st;
static int op = 0;  // 0 l1, 1 mse, 2 smooth_l1 (beta 1.0)
static int64_t reduction = 0;

static inline int Trip() {
    aclOpExecutor* ex = nullptr;
    uint64_t ws = 0;
    int rc = op == 1   ? aclnnMseLossGetWorkspaceSize(s, t, reduction, o, &ws, &ex)
             : op == 2 ? aclnnSmoothL1LossGetWorkspaceSize(s, t, reduction, 1.0f, o, &ws, &ex)
                       : aclnnL1LossGetWorkspaceSize(s, t, reduction, o, &ws, &ex);
    if (rc != 0) return 1;
    void* w = nullptr;
    if (ws != 0 && aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return 1;
    rc = op == 1   ? aclnnMseLoss(w, ws, ex, st)
         : op == 2 ? aclnnSmoothL1Loss(w, ws, ex, st)
                   : aclnnL1Loss(w, ws, ex, st);
    if (rc != 0) return 2;
    rc = aclrtSynchronizeStream(st);
    if (w != nullptr) aclrtFree(w);
    return rc;
}
extern "C" __attribute__((noinline)) int RoundTrip() { return Trip(); }
extern "C" __attribute__((noinline)) int WarmTrip() { return Trip(); }

int main(int argc, char** argv) {
    const char* ops = argc > 1 ? argv[1] : "l1";
    const int64_t elements = argc > 2 ? std::atoll(argv[2]) : 1048576;
    const char* dts = argc > 3 ? argv[3] : "f32";
    const char* red = argc > 4 ? argv[4] : "none";
    const int trips = argc > 5 ? std::atoi(argv[5]) : 1;
    op = std::strcmp(ops, "mse") == 0         ? 1
         : std::strcmp(ops, "smooth_l1") == 0 ? 2
         : std::strcmp(ops, "l1") == 0        ? 0
                                              : -1;
    const aclDataType dt = std::strcmp(dts, "f16") == 0    ? ACL_FLOAT16
                           : std::strcmp(dts, "bf16") == 0 ? ACL_BF16
                           : std::strcmp(dts, "f32") == 0  ? ACL_FLOAT
                                                           : ACL_DT_UNDEFINED;
    reduction = std::strcmp(red, "none") == 0   ? 0
                : std::strcmp(red, "mean") == 0 ? 1
                : std::strcmp(red, "sum") == 0  ? 2
                                                : -1;
    if (op < 0 || dt == ACL_DT_UNDEFINED || elements < 1 || reduction < 0) {
        std::fprintf(stderr, "usage: %s [l1|mse|smooth_l1] [elements] [f32|f16|bf16] [none|mean|sum]\n", argv[0]);
        return 2;
    }
    const size_t item = dt == ACL_FLOAT ? 4 : 2;
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtCreateStream(&st);
    int64_t shape[1] = {elements}, strides[1] = {1}, storage = elements, one = 1;
    uint32_t x = 1;
    const size_t bytes = static_cast<size_t>(elements) * item;
    std::vector<unsigned char> host(bytes);
    aclTensor** ts[3] = {&s, &t, &o};
    for (int k = 0; k < 3; ++k) {
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
                const uint16_t h = dt == ACL_FLOAT16 ? aclFloatToFloat16(v) : static_cast<uint16_t>(u >> 16);
                std::memcpy(&host[i * 2], &h, 2);
            }
        }
        if (aclrtMemcpy(d, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) return 6;
        if (k == 2 && reduction != 0) {
            *ts[k] = aclCreateTensor(nullptr, 0, dt, nullptr, 0, ACL_FORMAT_ND, &one, 1, d);
        } else {
            *ts[k] = aclCreateTensor(shape, 1, dt, strides, 0, ACL_FORMAT_ND, &storage, 1, d);
        }
    }
    if (WarmTrip()) return 3;
    for (int i = 0; i < trips; ++i)
        if (RoundTrip()) return 5;
    std::printf("ok\n");
    return 0;
}
