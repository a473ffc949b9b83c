// The foreach operators' per-tensor overhead (docs/ops/foreach.md §4): one call over a list of 100 tensors of
// 4,096 elements against the same operator over one tensor of 409,600 elements - the same work and bytes -,
// each a full round trip (first phase, second phase, aclrtSynchronizeStream), interleaved in every iteration so
// that both see the same machine state. Counters: list_ns and one_ns (means), ratio (the median over the
// iterations of list / one), list_first_ns and one_first_ns (the first phases' means); the acceptance bound is
// ratio <= 1.2. Each case twice: the list's tensors in an aclrtMalloc block each (`..._100x4096`), and carved one
// after another from one block at 512-byte steps as a caching allocator lays out small tensors
// (`..._100x4096_carved`).
//
//   foreach_bench [--benchmark_filter=REGEX] [--benchmark_min_time=0.2] ...
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "op/operator_headers.inc"  // every operator header (generated from ops/operators.yaml)

namespace {

size_t ItemSize(aclDataType dt) { return dt == ACL_FLOAT ? 4 : 2; }

// n tensors of `numel` elements each as an aclTensorList: each in an aclrtMalloc block of its own, or (`carved`)
// one after another in one block, each at a multiple of 512 bytes - how a caching allocator (PyTorch's, torch_npu's)
// lays out a model's small tensors in a segment.
struct BenchList {
    std::vector<void*> blocks;
    aclTensorList* list = nullptr;
    BenchList(int n, int64_t numel, aclDataType dt, float value, bool carved = false) {
        std::vector<aclTensor*> ts;
        std::vector<uint16_t> h16(static_cast<size_t>(numel), dt == ACL_BF16 ? 0x3F80 : 0x3C00);  // 1.0
        std::vector<float> h32(static_cast<size_t>(numel), value);
        const size_t bytes = static_cast<size_t>(numel) * ItemSize(dt);
        const size_t step = (bytes + 511) / 512 * 512;
        char* segment = nullptr;
        if (carved) {
            void* p = nullptr;
            aclrtMalloc(&p, step * static_cast<size_t>(n), ACL_MEM_MALLOC_HUGE_FIRST);
            blocks.push_back(p);
            segment = static_cast<char*>(p);
        }
        for (int i = 0; i < n; ++i) {
            void* p = nullptr;
            if (carved) {
                p = segment + step * static_cast<size_t>(i);
            } else {
                aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
                blocks.push_back(p);
            }
            aclrtMemcpy(p, bytes, dt == ACL_FLOAT ? static_cast<const void*>(h32.data()) : h16.data(), bytes,
                        ACL_MEMCPY_HOST_TO_DEVICE);
            const int64_t shape[1] = {numel}, strides[1] = {1};
            ts.push_back(aclCreateTensor(shape, 1, dt, strides, 0, ACL_FORMAT_ND, shape, 1, p));
        }
        list = aclCreateTensorList(ts.data(), ts.size());
    }
    ~BenchList() {
        aclDestroyTensorList(list);
        for (void* p : blocks) aclrtFree(p);
    }
};

using FirstFn = std::function<aclnnStatus(const aclTensorList* const* in, aclTensorList* out, uint64_t*,
                                          aclOpExecutor**)>;
using SecondFn = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

// One round trip; returns nanoseconds (or -1 on a failure, which stops the benchmark); *first_ns: the first
// phase's share.
double RoundTrip(const FirstFn& first, SecondFn second, const aclTensorList* const* in, aclTensorList* out,
                 double* first_ns) {
    const auto t0 = std::chrono::steady_clock::now();
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    if (first(in, out, &ws, &ex) != 0) return -1;
    *first_ns = std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
    void* w = nullptr;
    if (ws > 0) aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST);
    const int st = second(w, ws, ex, nullptr);
    aclrtSynchronizeStream(nullptr);
    if (w != nullptr) aclrtFree(w);
    if (st != 0) return -1;
    return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - t0).count();
}

double Median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

void RunPair(benchmark::State& state, aclDataType dt, bool carved, int inputs, const FirstFn& first, SecondFn second) {
    constexpr int kTensors = 100;
    constexpr int64_t kNumel = 4096;
    std::vector<std::unique_ptr<BenchList>> many, one;
    for (int k = 0; k < inputs + 1; ++k) {
        many.push_back(std::make_unique<BenchList>(kTensors, kNumel, dt, 1.5f, carved));
        one.push_back(std::make_unique<BenchList>(1, kTensors * kNumel, dt, 1.5f));
    }
    std::vector<const aclTensorList*> in_many, in_one;
    for (int k = 0; k < inputs; ++k) {
        in_many.push_back(many[k]->list);
        in_one.push_back(one[k]->list);
    }
    std::vector<double> ratios;
    double list_total = 0, one_total = 0, list_first = 0, one_first = 0;
    for (auto _ : state) {
        double fa = 0, fb = 0;
        const double a = RoundTrip(first, second, in_many.data(), many[inputs]->list, &fa);
        const double b = RoundTrip(first, second, in_one.data(), one[inputs]->list, &fb);
        if (a < 0 || b < 0) {
            state.SkipWithError(aclGetRecentErrMsg());
            break;
        }
        state.SetIterationTime((a + b) * 1e-9);
        list_total += a;
        one_total += b;
        list_first += fa;
        one_first += fb;
        ratios.push_back(a / b);
    }
    const double n = static_cast<double>(std::max<size_t>(ratios.size(), 1));
    state.counters["list_ns"] = list_total / n;
    state.counters["one_ns"] = one_total / n;
    state.counters["list_first_ns"] = list_first / n;
    state.counters["one_first_ns"] = one_first / n;
    state.counters["ratio"] = Median(ratios);
}

struct Scalar {
    aclScalar* s;
    explicit Scalar(double v) : s(aclCreateScalar(&v, ACL_DOUBLE)) {}
    ~Scalar() { aclDestroyScalar(s); }
};

void MulScalar(benchmark::State& state, aclDataType dt, bool carved) {
    Scalar s(0.9);
    RunPair(state, dt, carved, 1,
            [&](const aclTensorList* const* in, aclTensorList* out, uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachMulScalarV2GetWorkspaceSize(in[0], s.s, out, ws, ex);
            },
            aclnnForeachMulScalarV2);
}

void AddList(benchmark::State& state, aclDataType dt, bool carved) {
    Scalar s(dt == ACL_FLOAT16 ? 0.5 : -0.01);
    RunPair(state, dt, carved, 2,
            [&](const aclTensorList* const* in, aclTensorList* out, uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachAddListV2GetWorkspaceSize(in[0], in[1], s.s, out, ws, ex);
            },
            aclnnForeachAddListV2);
}

void Lerp(benchmark::State& state, aclDataType dt, bool carved) {
    Scalar s(0.1);
    RunPair(state, dt, carved, 2,
            [&](const aclTensorList* const* in, aclTensorList* out, uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachLerpScalarGetWorkspaceSize(in[0], in[1], s.s, out, ws, ex);
            },
            aclnnForeachLerpScalar);
}

void Addcmul(benchmark::State& state, aclDataType dt, bool carved) {
    Scalar s(0.001);
    RunPair(state, dt, carved, 3,
            [&](const aclTensorList* const* in, aclTensorList* out, uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachAddcmulScalarV2GetWorkspaceSize(in[0], in[1], in[2], s.s, out, ws, ex);
            },
            aclnnForeachAddcmulScalarV2);
}

void Sqrt(benchmark::State& state, aclDataType dt, bool carved) {
    RunPair(state, dt, carved, 1,
            [&](const aclTensorList* const* in, aclTensorList* out, uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachSqrtGetWorkspaceSize(in[0], out, ws, ex);
            },
            aclnnForeachSqrt);
}

}  // namespace

int main(int argc, char** argv) {
    if (aclInit(nullptr) != 0 || aclrtSetDevice(0) != 0) {
        std::fprintf(stderr, "aclInit failed: %s\n", aclGetRecentErrMsg());
        return 1;
    }
    const struct {
        const char* name;
        aclDataType dt;
    } kDtypes[] = {{"f32", ACL_FLOAT}, {"f16", ACL_FLOAT16}, {"bf16", ACL_BF16}};
    for (const bool carved : {false, true}) {
        for (const auto& d : kDtypes) {
            const aclDataType dt = d.dt;
            const std::string suffix = std::string("/") + d.name + "_100x4096" + (carved ? "_carved" : "");
            const struct {
                const char* name;
                void (*fn)(benchmark::State&, aclDataType, bool);
            } kOps[] = {{"foreach_mul_scalar_v2", MulScalar}, {"foreach_add_list_v2", AddList},
                        {"foreach_lerp_scalar", Lerp}, {"foreach_addcmul_scalar_v2", Addcmul}, {"foreach_sqrt", Sqrt}};
            for (const auto& op : kOps) {
                auto fn = op.fn;
                benchmark::RegisterBenchmark((op.name + suffix).c_str(),
                                             [dt, carved, fn](benchmark::State& s) { fn(s, dt, carved); })
                    ->UseManualTime();
            }
        }
    }
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
