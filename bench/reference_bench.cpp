// The reference tier's overhead per call (docs/reference-tier.md): aclnnMm through both phases on a stream and
// its synchronisation, against ATen's own matmul on the same memory (at::from_blob views, at::mm_out) - the same
// arithmetic without the API, the checks, the executor, the stream and the bridge. Counters: overhead_us (the C
// API call's time minus ATen's at the same size, in one run) at a tiny 4x4 product, where ATen's time is small,
// and at 64x64.
#include <benchmark/benchmark.h>

#include <ATen/ATen.h>

#include <cstdint>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_mm.h"

namespace {

struct Setup {
    int64_t n;
    void* a = nullptr;
    void* b = nullptr;
    void* c = nullptr;
    aclTensor *ta = nullptr, *tb = nullptr, *tc = nullptr;
    aclrtStream stream = nullptr;
    explicit Setup(int64_t size) : n(size) {
        const size_t bytes = static_cast<size_t>(n * n) * sizeof(float);
        aclrtMalloc(&a, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMalloc(&b, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
        aclrtMalloc(&c, bytes, ACL_MEM_MALLOC_HUGE_FIRST);
        std::vector<float> host(static_cast<size_t>(n * n), 0.5f);
        aclrtMemcpy(a, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        aclrtMemcpy(b, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        const int64_t shape[2] = {n, n}, strides[2] = {n, 1}, storage = n * n;
        ta = aclCreateTensor(shape, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, &storage, 1, a);
        tb = aclCreateTensor(shape, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, &storage, 1, b);
        tc = aclCreateTensor(shape, 2, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, &storage, 1, c);
        aclrtCreateStream(&stream);
    }
    ~Setup() {
        aclDestroyTensor(ta);
        aclDestroyTensor(tb);
        aclDestroyTensor(tc);
        aclrtFree(a);
        aclrtFree(b);
        aclrtFree(c);
        aclrtDestroyStream(stream);
    }
};

// Both phases of aclnnMm and the stream's synchronisation, per iteration.
void BM_AclnnMm(benchmark::State& state) {
    Setup s(state.range(0));
    for (auto _ : state) {
        uint64_t ws = 0;
        aclOpExecutor* ex = nullptr;
        if (aclnnMmGetWorkspaceSize(s.ta, s.tb, s.tc, 1, &ws, &ex) != 0 || aclnnMm(nullptr, ws, ex, s.stream) != 0 ||
            aclrtSynchronizeStream(s.stream) != 0) {
            state.SkipWithError(aclGetRecentErrMsg());
            break;
        }
    }
}

// ATen's matmul into the same memory (no API, no checks, no stream).
void BM_AtenMm(benchmark::State& state) {
    Setup s(state.range(0));
    const at::TensorOptions f = at::TensorOptions().dtype(at::kFloat);
    at::Tensor a = at::from_blob(s.a, {s.n, s.n}, f), b = at::from_blob(s.b, {s.n, s.n}, f);
    at::Tensor c = at::from_blob(s.c, {s.n, s.n}, f);
    for (auto _ : state) {
        at::mm_out(c, a, b);
        benchmark::DoNotOptimize(c.data_ptr());
    }
}

BENCHMARK(BM_AclnnMm)->Arg(4)->Arg(64)->UseRealTime();
BENCHMARK(BM_AtenMm)->Arg(4)->Arg(64)->UseRealTime();

}  // namespace

int main(int argc, char** argv) {
    if (aclInit(nullptr) != 0 || aclrtSetDevice(0) != 0) return 1;
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
