// All-reduce of 64 MiB of FLOAT (SUM) over 4 in-process ranks (threads, one stream each) against a plain
// memcpy of the same bytes on 4 threads (each rank's input to its output: the least traffic an all-reduce can
// do). Counter "ratio_vs_memcpy" = all-reduce time / memcpy time. Run:
//   build/bench/hccl_bench --benchmark_min_time=2
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "hccl/hccl.h"

namespace {

constexpr uint32_t kRanks = 4;
constexpr size_t kBytes = 64u << 20;

struct Ranks {
    HcclComm comm[kRanks];
    aclrtStream stream[kRanks];
    void* in[kRanks];
    void* out[kRanks];
    Ranks() {
        aclInit(nullptr);
        HcclRootInfo root;
        HcclGetRootInfo(&root);
        std::vector<std::thread> t;
        uint32_t ndev = 0;
        aclrtGetDeviceCount(&ndev);
        for (uint32_t r = 0; r < kRanks; ++r) {
            t.emplace_back([&, r] {
                aclrtSetDevice(ndev >= kRanks ? static_cast<int32_t>(r) : 0);
                HcclCommInitRootInfo(kRanks, &root, r, &comm[r]);
                aclrtCreateStream(&stream[r]);
                aclrtMalloc(&in[r], kBytes, ACL_MEM_MALLOC_HUGE_FIRST);
                aclrtMalloc(&out[r], kBytes, ACL_MEM_MALLOC_HUGE_FIRST);
                aclrtMemset(in[r], kBytes, 0x3f, kBytes);
                aclrtMemset(out[r], kBytes, 0, kBytes);
            });
        }
        for (auto& x : t) x.join();
    }
};

Ranks& Get() {
    static Ranks* r = new Ranks;
    return *r;
}

// One timed round: every rank enqueues its all-reduce from its own thread, then synchronises.
double AllReduceRound(Ranks& g) {
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::thread> t;
    for (uint32_t r = 0; r < kRanks; ++r) {
        t.emplace_back([&, r] {
            HcclAllReduce(g.in[r], g.out[r], kBytes / 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, g.comm[r], g.stream[r]);
            aclrtSynchronizeStream(g.stream[r]);
        });
    }
    for (auto& x : t) x.join();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

double MemcpyRound(Ranks& g) {
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::thread> t;
    for (uint32_t r = 0; r < kRanks; ++r) t.emplace_back([&, r] { std::memcpy(g.out[r], g.in[r], kBytes); });
    for (auto& x : t) x.join();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

void BM_AllReduce64MiB4Ranks(benchmark::State& state) {
    Ranks& g = Get();
    double ar = 0, mc = 0;
    for (auto _ : state) {
        const double a = AllReduceRound(g);
        const double m = MemcpyRound(g);
        state.SetIterationTime(a);
        ar += a;
        mc += m;
    }
    state.counters["ratio_vs_memcpy"] = ar / mc;
    state.counters["memcpy_ms"] = 1e3 * mc / state.iterations();
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * kBytes * kRanks);
}
BENCHMARK(BM_AllReduce64MiB4Ranks)->UseManualTime()->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
