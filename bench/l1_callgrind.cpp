// Instruction counts of the call overhead, for machines too loaded to time it: the first phase alone and the
// 4-element round trip (both phases + synchronize), each in a function of its own for callgrind to count
// after 3,000 warm-up round trips (executor spares and the handle quarantine filled):
//   ACLCPU_NUM_THREADS=1 valgrind --tool=callgrind --toggle-collect=FirstOnly build/bench/l1_callgrind first 2000
//   ACLCPU_NUM_THREADS=1 valgrind --tool=callgrind --toggle-collect=RoundTrip build/bench/l1_callgrind rt 2000
// Collected instructions / 2000 = instructions per call (issue 10: 2,675 -> 2,601 and 5,943 -> 5,908-5,919).
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "acl/acl.h"
#include "aclnnop/aclnn_l1_loss_backward.h"

static aclTensor *g, *s, *t, *o;
static aclrtStream st;

extern "C" __attribute__((noinline)) int FirstOnly(aclOpExecutor** ex) {
    uint64_t ws = 0;
    return aclnnL1LossBackwardGetWorkspaceSize(g, s, t, 0, o, &ws, ex);
}
static inline int Trip() {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    if (aclnnL1LossBackwardGetWorkspaceSize(g, s, t, 0, o, &ws, &ex) != 0) return 1;
    if (aclnnL1LossBackward(nullptr, 0, ex, st) != 0) return 2;
    return aclrtSynchronizeStream(st);
}
extern "C" __attribute__((noinline)) int RoundTrip() { return Trip(); }
extern "C" __attribute__((noinline)) int WarmTrip() { return Trip(); }

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s first|rt N\n", argv[0]);
        return 2;
    }
    const bool first = std::strcmp(argv[1], "first") == 0;
    const int n = std::atoi(argv[2]);
    aclInit(nullptr);
    aclrtSetDevice(0);
    aclrtCreateStream(&st);
    int64_t shape[1] = {4}, strides[1] = {1}, storage = 4;
    aclTensor** ts[4] = {&g, &s, &t, &o};
    for (auto p : ts) {
        void* d;
        aclrtMalloc(&d, 16, ACL_MEM_MALLOC_HUGE_FIRST);
        std::memset(d, 0, 16);
        *p = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, &storage, 1, d);
    }
    for (int i = 0; i < 3000; ++i)
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
