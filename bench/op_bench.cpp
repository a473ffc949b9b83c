// Google Benchmark cases of the operator table's operators through the public API (first phase + second
// phase + aclrtSynchronizeStream per iteration; the reported time is that round trip's, via manual timing),
// each reporting the bytes it reads and writes, with their copy bound: copies of the same byte count (bytes
// read + written), the faster of two counting. One case table serves every operator (Ops(), the table's rows:
// e.g. aclnnL1LossBackward as l1/<case>, aclnnSmoothL1LossBackward with beta = 1.0 as smooth_l1/<case>); a
// case an operator rejects by contract (MseLossBackward: gradOutput's and target's dtype must equal self's)
// or does not read (Relu: gradOutput and target) is not registered for it.
//  * Cases of 64 MiB and more (far beyond the caches) copy in every iteration, just before the call, with
//    glibc memcpy and with a streaming-store copy, both split over the device's threads (ACLCPU_NUM_THREADS,
//    default all hardware threads). Counters: copy_ns (mean copy time), pair_ratio (median over the
//    iterations of call time / copy time).
//  * An operator with a weight gradient (aclnnPreluBackward) adds to its copy bound the read bound of the
//    reduction's inputs (ReducedBytes; counter reduced_bytes): CANN's two kernels, an element-wise one and a
//    reduction, each at its roofline.
//  * Smaller cases run hot in cache, back to back; their copy bound is the separate benchmark copy/<case>:
//    glibc memcpy on one thread and split over the threads, also hot.
// bench/compare.py turns it all into the table.
//
//   op_bench [--benchmark_filter=REGEX] [--benchmark_format=json] [--benchmark_repetitions=N] ...
//   op_bench --list-cases     one line per benchmark <op>/<case>: its name and bytes read + written
//   op_bench --strict ...     the same cases with strict mode on (README "Strict mode"; counter strict = 1):
//                             run it next to a plain run to compare, e.g. --benchmark_filter="l1/f32_(none|4)"
#include <benchmark/benchmark.h>
#include <emmintrin.h>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <sys/mman.h>
#include <sys/resource.h>

#include <algorithm>
#include <utility>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "op/operator_headers.inc"  // every operator header (generated from ops/operators.yaml)

namespace {

aclrtStream g_stream = nullptr;

size_t ItemSize(aclDataType dt) { return dt == ACL_FLOAT ? 4 : 2; }

int DeviceThreads() {
    const char* v = std::getenv("ACLCPU_NUM_THREADS");
    if (v != nullptr && std::atoi(v) > 0) return std::atoi(v);
    const unsigned hw = std::thread::hardware_concurrency();
    return hw == 0 ? 1 : static_cast<int>(hw);
}

int64_t Numel(const std::vector<int64_t>& s) {
    int64_t n = 1;
    for (int64_t d : s) n *= d;
    return n;
}

// A deterministic fill: values in [-4, 4) on a 1/8 grid (so self == target happens), in the tensor's dtype.
void Fill(void* data, aclDataType dt, int64_t n, uint32_t seed) {
    uint32_t x = seed * 2654435761u + 1u;
    for (int64_t i = 0; i < n; ++i) {
        x = x * 1664525u + 1013904223u;
        const float v = static_cast<float>(static_cast<int>(x >> 26) - 32) / 8.0f;
        if (dt == ACL_FLOAT) {
            static_cast<float*>(data)[i] = v;
        } else if (dt == ACL_FLOAT16) {
            static_cast<uint16_t*>(data)[i] = aclFloatToFloat16(v);
        } else {
            uint32_t u;
            std::memcpy(&u, &v, 4);
            static_cast<uint16_t*>(data)[i] = static_cast<uint16_t>(u >> 16);  // exact: v has few bits
        }
    }
}

struct Tensor {
    void* data = nullptr;
    aclTensor* t = nullptr;
    size_t bytes = 0;
};

// A view over fresh aclrtMalloc storage of `storage` elements (default: the contiguous size of shape).
Tensor MakeTensor(const std::vector<int64_t>& shape, aclDataType dt, std::vector<int64_t> strides = {},
                  int64_t storage = -1, uint32_t seed = 0, bool fill = true) {
    Tensor r;
    if (strides.empty()) {
        strides.assign(shape.size(), 1);
        for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i) strides[i] = strides[i + 1] * shape[i + 1];
    }
    if (storage < 0) storage = Numel(shape);
    r.bytes = static_cast<size_t>(storage) * ItemSize(dt);
    if (aclrtMalloc(&r.data, r.bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) std::abort();
    // Filled on the host and uploaded (device memory is not host-accessible in strict mode); a zero upload
    // touches every page of the output outside the timed region.
    std::vector<unsigned char> host(r.bytes, 0);
    if (fill) Fill(host.data(), dt, storage, seed);
    if (aclrtMemcpy(r.data, r.bytes, host.data(), r.bytes, ACL_MEMCPY_HOST_TO_DEVICE) != ACL_SUCCESS) std::abort();
    r.t = aclCreateTensor(shape.data(), shape.size(), dt, shape.empty() ? nullptr : strides.data(), 0, ACL_FORMAT_ND,
                          &storage, 1, r.data);
    return r;
}

void Destroy(Tensor& t, bool free_data = true) {
    if (t.t) aclDestroyTensor(t.t);
    if (free_data && t.data) aclrtFree(t.data);
    t = Tensor{};
}

struct Case {
    const char* name;
    std::vector<int64_t> g, s, t;  // shapes; gradInput has the broadcast shape (= s in every case here)
    aclDataType gdt, sdt, tdt, odt;
    int64_t reduction;
    bool transposed_self = false;  // self is a [n, n] view with strides swapped
    bool in_place = false;         // gradInput is self
};

const int64_t kBig = int64_t{1} << 24;

std::vector<Case> Cases() {
    const aclDataType F = ACL_FLOAT, H = ACL_FLOAT16, B = ACL_BF16;
    return {
        {"f32_none", {kBig}, {kBig}, {kBig}, F, F, F, F, 0},
        {"f32_mean", {kBig}, {kBig}, {kBig}, F, F, F, F, 1},
        {"f16_none", {kBig}, {kBig}, {kBig}, H, H, H, H, 0},
        {"f16_mean", {kBig}, {kBig}, {kBig}, H, H, H, H, 1},
        {"bf16_none", {kBig}, {kBig}, {kBig}, B, B, B, B, 0},
        {"bf16_mean", {kBig}, {kBig}, {kBig}, B, B, B, B, 1},
        {"f32_scalar_grad_mean", {}, {kBig}, {kBig}, F, F, F, F, 1},
        {"f32_bcast_target_4096x4096", {4096, 4096}, {4096, 4096}, {4096, 1}, F, F, F, F, 0},
        {"f32_transposed_self_4096x4096", {4096, 4096}, {4096, 4096}, {4096, 4096}, F, F, F, F, 0, true},
        {"mixed_f16_self_f32_target", {kBig}, {kBig}, {kBig}, F, H, F, F, 0},
        {"f32_in_place", {kBig}, {kBig}, {kBig}, F, F, F, F, 0, false, true},
        {"f32_4_elements", {4}, {4}, {4}, F, F, F, F, 0},
        {"f32_65536", {65536}, {65536}, {65536}, F, F, F, F, 0},
    };
}

// Which of a case's tensors an operator reads (Op::reads).
// kReadsW: a weight (the table's shape `channel`, aclnnPrelu): a one-element tensor of self's dtype in the
// target's slot, so that the call is an element-wise product and, for the gradient, a full reduction of its
// weight gradient (a one-element second output).
constexpr unsigned kReadsG = 1, kReadsS = 2, kReadsT = 4, kReadsW = 8;

// The operators under test: the name prefix of their benchmarks, the case tensors they read and their two
// phases. The loss gradients (gradOutput, self, target, reduction -> out) read all three and share the byte
// traffic of a case (copy/<case>); the forward losses (self, target, reduction -> out; l1_loss/<case>, ...)
// write the broadcast shape (none) or one element (mean, sum), and their mean cases are bounded by reading
// alone; element-wise operators of one or two inputs (relu/<case>: self; relu_grad/<case> and
// threshold_grad/<case>: gradOutput, self) run the `none` cases whose other tensors equal self.
struct Op {
    const char* prefix;  // benchmark name = prefix + "/" + case name
    unsigned reads;      // kReadsG | kReadsS | kReadsT: the case tensors the operator takes
    bool reduces;        // a forward loss: mean/sum write one element
    bool has_reduction;  // takes a reduction (else only cases with reduction none)
    bool same_dtypes;    // the operator requires its inputs' and output's dtypes to be equal (a same_dtype check)
    // First phase (its GetWorkspaceSize) over the case's tensors; returns its status. out2: the second output
    // (a weight's one-element gradient) or nullptr.
    aclnnStatus (*first)(const aclTensor* g, const aclTensor* s, const aclTensor* t, int64_t reduction,
                         aclTensor* out, aclTensor* out2, uint64_t* ws, aclOpExecutor** ex);
    aclnnStatus (*second)(void* ws, uint64_t ws_size, aclOpExecutor* ex, aclrtStream stream);
    int outputs = 1;  // 2: out2, a weight's gradient of one element
    int out_dtype = -1;  // the dtype a parameter makes the output's (aclnnReduceSum's dtype), -1 when none
};

// An aclIntArray parameter of a benchmark row (the table's default or bench value), destroyed with the object: the
// generated rows pass BenchIntArray({...}).get(), a temporary that outlives the first phase.
class BenchIntArray {
public:
    explicit BenchIntArray(std::vector<int64_t> v) : a_(aclCreateIntArray(v.data(), v.size())) {}
    ~BenchIntArray() {
        if (a_ != nullptr) aclDestroyIntArray(a_);
    }
    BenchIntArray(const BenchIntArray&) = delete;
    BenchIntArray& operator=(const BenchIntArray&) = delete;
    const aclIntArray* get() const { return a_; }

private:
    aclIntArray* a_;
};

// An aclScalar parameter of a benchmark row (FLOAT, the table's bench value), destroyed with the object: the
// generated rows pass BenchScalar(v).get(), a temporary that outlives the first phase.
class BenchScalar {
public:
    explicit BenchScalar(float v) : s_(aclCreateScalar(&v, ACL_FLOAT)) {}
    ~BenchScalar() {
        if (s_ != nullptr) aclDestroyScalar(s_);
    }
    BenchScalar(const BenchScalar&) = delete;
    BenchScalar& operator=(const BenchScalar&) = delete;
    const aclScalar* get() const { return s_; }

private:
    aclScalar* s_;
};

// The operators of the operator table (ops/operators.yaml: prefix, the scalar parameters at their defaults
// or the table's bench values, e.g. beta = 1.0 as PyTorch's and bench/compare.py's counterparts).
std::vector<Op> Ops() {
    return {
#include "op_bench_ops.inc"
    };
}

// Whether a call of op on c writes one element: a forward loss at mean or sum, or a reduction without a
// reduction parameter (aclnnReduceSum at the table's default: every dim).
bool OneElementOut(const Op& op, const Case& c) { return op.reduces && (c.reduction != 0 || !op.has_reduction); }

// Whether the operator runs the case: a tensor it does not read must be just self's shape and dtype (a
// forward loss has no gradOutput: not the scalar-gradient variant, which would repeat f32_mean); without a
// reduction only the `none` cases; with a same_dtype check (MseLossBackward, the ReLU pair) every tensor it
// reads and its output of self's dtype; the others promote.
bool Supports(const Op& op, const Case& c) {
    if (!(op.reads & kReadsG) && (c.g != c.s || c.gdt != c.sdt)) return false;
    if (!(op.reads & kReadsT) && (c.t != c.s || c.tdt != c.sdt)) return false;
    if (!op.has_reduction && c.reduction != 0) return false;
    if (op.out_dtype >= 0 && c.odt != static_cast<aclDataType>(op.out_dtype)) return false;
    if (!op.same_dtypes) return true;
    return ((op.reads & kReadsG) == 0 || c.gdt == c.sdt) && ((op.reads & kReadsT) == 0 || c.tdt == c.sdt) &&
           c.odt == c.sdt;
}

// First phase of the operator (its GetWorkspaceSize); returns its status.
aclnnStatus FirstPhase(const Op& op, const aclTensor* g, const aclTensor* s, const aclTensor* t, int64_t reduction,
                       aclTensor* out, aclTensor* out2, uint64_t* ws, aclOpExecutor** ex) {
    return op.first(g, s, t, reduction, out, out2, ws, ex);
}

// Second phase of the operator; returns its status.
aclnnStatus SecondPhase(const Op& op, void* ws, uint64_t ws_size, aclOpExecutor* ex, aclrtStream stream) {
    return op.second(ws, ws_size, ex, stream);
}

// Bytes a call reads and writes: every input element once (a broadcast input only its own elements) and
// every output element once.
uint64_t CaseBytes(const Case& c) {
    return static_cast<uint64_t>(Numel(c.g)) * ItemSize(c.gdt) + static_cast<uint64_t>(Numel(c.s)) * ItemSize(c.sdt) +
           static_cast<uint64_t>(Numel(c.t)) * ItemSize(c.tdt) + static_cast<uint64_t>(Numel(c.s)) * ItemSize(c.odt);
}

// Bytes a call of op reads and writes: every tensor it reads (CaseBytes for the gradients, which read all
// three), and the broadcast shape or, for a forward loss's mean and sum, one element.
uint64_t OpBytes(const Op& op, const Case& c) {
    const uint64_t out =
        OneElementOut(op, c) ? ItemSize(c.odt) : static_cast<uint64_t>(Numel(c.s)) * ItemSize(c.odt);
    uint64_t in = 0;
    if (op.reads & kReadsG) in += static_cast<uint64_t>(Numel(c.g)) * ItemSize(c.gdt);
    if (op.reads & kReadsS) in += static_cast<uint64_t>(Numel(c.s)) * ItemSize(c.sdt);
    if (op.reads & kReadsT) in += static_cast<uint64_t>(Numel(c.t)) * ItemSize(c.tdt);
    if (op.reads & kReadsW) in += ItemSize(c.sdt);                   // the one-element weight
    const uint64_t out2 = op.outputs > 1 ? ItemSize(c.odt) : 0;      // its one-element gradient
    return in + out + out2;
}

// Whether op's bytes differ from the case's copy/<case> bound (an operator reading fewer tensors than the
// gradients, or a forward loss): its own copy bound is then timed inside its iterations.
bool OwnBound(const Op& op, const Case& c) { return OpBytes(op, c) != CaseBytes(c); }

// Whether a call of op on c is a reduction, bounded by reading its bytes (ReadBound) rather than by copying.
bool ReadBounded(const Op& op, const Case& c) { return OneElementOut(op, c); }

// Bytes the second output's reduction reads (an operator with a weight gradient, aclnnPreluBackward: the sum
// over gradOutput and self), 0 for an operator without one. Such a call runs two kernels, as CANN's does
// (the element-wise gradInput and the reduction), so its bound is the copy bound of its bytes plus the read
// bound of these.
uint64_t ReducedBytes(const Op& op, const Case& c) {
    if (op.outputs < 2) return 0;
    return static_cast<uint64_t>(Numel(c.g)) * ItemSize(c.gdt) + static_cast<uint64_t>(Numel(c.s)) * ItemSize(c.sdt);
}

// A copy with streaming (non-temporal) stores, as the kernels write large outputs: glibc's memcpy switches
// to them only above a threshold derived from the (virtualised, sometimes misreported) cache size, so on its
// own it can understate the machine's copy bandwidth. src/dst 64-byte aligned, n a multiple of 64.
void StreamingCopy(const char* src, char* dst, size_t n) {
#if defined(__SSE2__)
    for (size_t i = 0; i + 64 <= n; i += 64) {
        const __m128i a = _mm_load_si128(reinterpret_cast<const __m128i*>(src + i));
        const __m128i b = _mm_load_si128(reinterpret_cast<const __m128i*>(src + i + 16));
        const __m128i c = _mm_load_si128(reinterpret_cast<const __m128i*>(src + i + 32));
        const __m128i d = _mm_load_si128(reinterpret_cast<const __m128i*>(src + i + 48));
        _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i), a);
        _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i + 16), b);
        _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i + 32), c);
        _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i + 48), d);
    }
    _mm_sfence();
    std::memcpy(dst + n / 64 * 64, src + n / 64 * 64, n % 64);
#else
    std::memcpy(dst, src, n);
#endif
}

// Host memory laid out as aclrtMalloc lays out a HUGE_FIRST block outside strict mode: 2 MiB aligned with
// transparent huge pages advised from 2 MiB up, else 64-byte aligned heap memory (the copy bound's buffers
// are host memory, which stays host-accessible in strict mode).
void* HugeLikeAlloc(size_t n) {
    constexpr size_t kHuge = size_t{2} << 20;
    if (n < kHuge) return std::aligned_alloc(64, (n + 63) / 64 * 64);
    const size_t len = (n + kHuge - 1) / kHuge * kHuge;
    void* p = std::aligned_alloc(kHuge, len);
#ifdef MADV_HUGEPAGE
    if (p != nullptr) madvise(p, len, MADV_HUGEPAGE);
#endif
    return p;
}

// The copy bound of a case: copies of bytes/2 (so that `bytes` are read + written) between host buffers with
// the tensors' page size (HugeLikeAlloc).
class CopyBound {
public:
    explicit CopyBound(uint64_t bytes) : n_(static_cast<size_t>(bytes / 2)), threads_(DeviceThreads()), arena_(threads_) {
        src_ = HugeLikeAlloc(n_ == 0 ? 1 : n_);
        dst_ = HugeLikeAlloc(n_ == 0 ? 1 : n_);
        if (src_ == nullptr || dst_ == nullptr) std::abort();
        std::memset(src_, 1, n_);
        std::memset(dst_, 2, n_);
    }
    ~CopyBound() {
        std::free(src_);
        std::free(dst_);
        std::free(stream_src_);
        std::free(stream_dst_);
    }
    CopyBound(const CopyBound&) = delete;
    CopyBound& operator=(const CopyBound&) = delete;

    /// Seconds of the faster of two copies far beyond the caches, both split over the device's threads:
    /// glibc memcpy and the streaming copy. Each copies between its own pair of buffers, so neither reads a
    /// source the other has just brought into the cache: on this VM (a 260 MiB last-level cache) a streaming
    /// copy of the source memcpy had just read ran about 1.3x faster than a cold one, a bound no call with
    /// cold inputs could reach.
    double Cold() {
        if (stream_src_ == nullptr) {
            stream_src_ = HugeLikeAlloc(n_ == 0 ? 1 : n_);
            stream_dst_ = HugeLikeAlloc(n_ == 0 ? 1 : n_);
            if (stream_src_ == nullptr || stream_dst_ == nullptr) std::abort();
            std::memset(stream_src_, 1, n_);
            std::memset(stream_dst_, 2, n_);
        }
        return std::min(Timed(Kind::kMemcpyThreads), Timed(Kind::kStreamingThreads));
    }

    /// Seconds of the faster of two copies in cache: glibc memcpy on one thread and split over the threads
    /// (no streaming stores, which would push the destination out of cache).
    double Hot() { return std::min(Timed(Kind::kMemcpy), Timed(Kind::kMemcpyThreads)); }

private:
    enum class Kind { kMemcpy, kMemcpyThreads, kStreamingThreads };

    double Timed(Kind kind) {
        const auto t0 = std::chrono::steady_clock::now();
        Run(kind);
        benchmark::ClobberMemory();
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }

    void Run(Kind kind) {
        const bool streaming = kind == Kind::kStreamingThreads;
        char* src = static_cast<char*>(streaming ? stream_src_ : src_);
        char* dst = static_cast<char*>(streaming ? stream_dst_ : dst_);
        if (kind == Kind::kMemcpy || threads_ == 1 || n_ < (1u << 16)) {
            std::memcpy(dst, src, n_);
            return;
        }
        arena_.execute([&] {
            size_t chunk = (n_ + static_cast<size_t>(threads_) - 1) / static_cast<size_t>(threads_);
            chunk = (chunk + 63) / 64 * 64;  // keeps every piece 64-byte aligned for the streaming copy
            tbb::parallel_for(
                tbb::blocked_range<size_t>(0, static_cast<size_t>(threads_), 1),
                [&](const tbb::blocked_range<size_t>& r) {
                    for (size_t i = r.begin(); i < r.end(); ++i) {
                        const size_t lo = i * chunk, hi = std::min(n_, lo + chunk);
                        if (lo >= hi) continue;
                        if (kind == Kind::kStreamingThreads) {
                            StreamingCopy(src + lo, dst + lo, hi - lo);
                        } else {
                            std::memcpy(dst + lo, src + lo, hi - lo);
                        }
                    }
                },
                tbb::static_partitioner());
        });
    }

    size_t n_;
    int threads_;
    tbb::task_arena arena_;
    void* src_ = nullptr;
    void* dst_ = nullptr;
    void* stream_src_ = nullptr;  // the streaming copy's own pair (Cold)
    void* stream_dst_ = nullptr;
};

// The roofline of a reduction: a plain float32 sum of `bytes` of memory (read only), split over the device's
// threads, each thread summing its contiguous piece with eight independent accumulators.
class ReadBound {
public:
    explicit ReadBound(uint64_t bytes) : n_(static_cast<size_t>(bytes / 4)), threads_(DeviceThreads()), arena_(threads_) {
        if (aclrtMalloc(&data_, std::max<size_t>(n_, 1) * 4, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) std::abort();
        Fill(data_, ACL_FLOAT, static_cast<int64_t>(n_), 9);
    }
    ~ReadBound() { aclrtFree(data_); }
    ReadBound(const ReadBound&) = delete;
    ReadBound& operator=(const ReadBound&) = delete;

    /// Seconds of one threaded sum over the whole buffer.
    double Cold() {
        const auto t0 = std::chrono::steady_clock::now();
        const float* p = static_cast<const float*>(data_);
        std::vector<float> part(static_cast<size_t>(threads_), 0.0f);
        arena_.execute([&] {
            const size_t chunk = (n_ + static_cast<size_t>(threads_) - 1) / static_cast<size_t>(threads_);
            tbb::parallel_for(
                tbb::blocked_range<size_t>(0, static_cast<size_t>(threads_), 1),
                [&](const tbb::blocked_range<size_t>& r) {
                    for (size_t i = r.begin(); i < r.end(); ++i) {
                        const size_t lo = i * chunk, hi = std::min(n_, lo + chunk);
                        float acc[8] = {};
                        size_t j = lo;
                        for (; j + 8 <= hi; j += 8) {
                            for (int k = 0; k < 8; ++k) acc[k] += p[j + static_cast<size_t>(k)];
                        }
                        for (; j < hi; ++j) acc[0] += p[j];
                        part[i] = ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]));
                    }
                },
                tbb::static_partitioner());
        });
        float total = 0;
        for (float x : part) total += x;
        benchmark::DoNotOptimize(total);
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }

private:
    size_t n_;
    int threads_;
    tbb::task_arena arena_;
    void* data_ = nullptr;
};

// Whether a case times its copy bound inside its own iterations (working set far beyond the caches, where
// bandwidth phases matter); smaller cases run hot in cache, back to back, and their copy bound is the separate
// benchmark copy/<case> (RunCopy), timed the same way.
bool Paired(const Case& c) { return CaseBytes(c) >= (uint64_t{64} << 20); }

// The copy bound of a case that is not paired, hot in cache like the case itself: manual time = the faster copy.
void RunCopy(benchmark::State& state, uint64_t bytes) {
    CopyBound bound(bytes);
    for (auto _ : state) state.SetIterationTime(bound.Hot());
    state.counters["bytes"] = static_cast<double>(bytes);
}

double Median(std::vector<double> v) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

void RunOp(benchmark::State& state, const Op& op, const Case& c) {
    const std::vector<int64_t> unused{1};  // a tensor the operator does not read
    Tensor g = MakeTensor((op.reads & kReadsG) ? c.g : unused, c.gdt, {}, -1, 1);
    Tensor s;
    if (c.transposed_self) {
        s = MakeTensor(c.s, c.sdt, {1, c.s[0]}, Numel(c.s), 2);
    } else {
        s = MakeTensor(c.s, c.sdt, {}, -1, 2);
    }
    Tensor t = (op.reads & kReadsW) ? MakeTensor({1}, c.sdt, {}, -1, 3)
                                    : MakeTensor((op.reads & kReadsT) ? c.t : unused, c.tdt, {}, -1, 3);
    Tensor out2;
    if (op.outputs > 1) out2 = MakeTensor({1}, c.odt, {}, -1, 0, false);
    Tensor out;
    if (c.in_place) {
        out = s;
    } else {
        out = MakeTensor(OneElementOut(op, c) ? std::vector<int64_t>{} : c.s, c.odt, {}, -1, 0, false);
    }
    const uint64_t bytes = OpBytes(op, c);
    const bool tiny = Numel(c.s) <= 16;
    // Cases far larger than the caches time their copy bound in the same iteration, just before the call: this
    // VM's memory bandwidth drifts by +-30% over seconds to minutes, and a call and its copies run back to back
    // see the same phase, so the per-iteration ratio call / copy is what the ratio targets are judged on.
    // A reduction's bound is reading its bytes (ReadBound). The bounds of an operator whose bytes are not the
    // case's (a forward loss, an operator of one or two inputs) are always timed inside its iterations
    // (copy/<case> counts the gradients' bytes).
    // A call with a weight gradient (ReducedBytes) adds the read bound of the reduction's bytes.
    std::unique_ptr<CopyBound> bound;
    std::unique_ptr<ReadBound> read_bound;
    std::unique_ptr<ReadBound> reduced_bound;
    if (ReadBounded(op, c)) {
        read_bound = std::make_unique<ReadBound>(bytes);
    } else if (OwnBound(op, c) || bytes >= (uint64_t{64} << 20)) {
        bound = std::make_unique<CopyBound>(bytes);
        if (ReducedBytes(op, c) != 0) reduced_bound = std::make_unique<ReadBound>(ReducedBytes(op, c));
    }
    std::vector<double> samples, copies, ratios;
    if (tiny) samples.reserve(1 << 22);
    double op_seconds = 0, op_cpu = 0;
    auto secs = [](const timeval& a, const timeval& b) { return (b.tv_sec - a.tv_sec) + (b.tv_usec - a.tv_usec) * 1e-6; };
    auto cpu_now = [&] {
        rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        return secs(timeval{0, 0}, ru.ru_utime) + secs(timeval{0, 0}, ru.ru_stime);
    };
    rusage ru0;
    getrusage(RUSAGE_SELF, &ru0);
    const double cpu0 = cpu_now();
    for (auto _ : state) {
        const double copy = (bound ? bound->Cold() : (read_bound ? read_bound->Cold() : 0)) +
                            (reduced_bound ? reduced_bound->Cold() : 0);
        const bool paired = bound || read_bound;
        const double c0 = paired ? cpu_now() : 0;
        const auto t0 = std::chrono::steady_clock::now();
        uint64_t ws = 0;
        aclOpExecutor* ex = nullptr;
        if (FirstPhase(op, g.t, s.t, t.t, c.reduction, out.t, out2.t, &ws, &ex) != 0 || ws != 0) {
            state.SkipWithError("first phase failed");
            break;
        }
        if (SecondPhase(op, nullptr, 0, ex, g_stream) != 0 || aclrtSynchronizeStream(g_stream) != 0) {
            state.SkipWithError("second phase failed");
            break;
        }
        const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        state.SetIterationTime(dt);
        op_seconds += dt;
        if (paired) {
            op_cpu += cpu_now() - c0;
            copies.push_back(copy);
            ratios.push_back(dt / copy);
        }
        if (tiny && samples.size() < samples.capacity()) samples.push_back(dt * 1e9);
    }
    const bool paired = bound || read_bound;
    if (!paired) op_cpu = cpu_now() - cpu0;
    rusage ru1;
    getrusage(RUSAGE_SELF, &ru1);
    const double iters = static_cast<double>(std::max<int64_t>(1, state.iterations()));
    state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes));
    state.counters["bytes"] = static_cast<double>(bytes);
    state.counters["threads"] = DeviceThreads();
    // Process CPU seconds per wall second of the calls (how many cores they kept busy), and page faults.
    state.counters["cpu_busy"] = op_seconds > 0 ? op_cpu / op_seconds : 0;
    state.counters["cpu_ms_per_call"] = op_cpu * 1e3 / iters;
    state.counters["faults_per_call"] = static_cast<double>(ru1.ru_minflt - ru0.ru_minflt) / iters;
    if (read_bound) state.counters["read_bound"] = 1;  // copy_ns / pair_ratio are against the read bound
    // copy_ns / pair_ratio are against the copy bound plus the read bound of the reduced bytes
    if (reduced_bound) state.counters["reduced_bytes"] = static_cast<double>(ReducedBytes(op, c));
    if (paired && !copies.empty()) {
        double sum = 0;
        for (double x : copies) sum += x;
        state.counters["copy_ns"] = sum / static_cast<double>(copies.size()) * 1e9;  // mean, like real_time
        state.counters["pair_ratio"] = Median(ratios);                             // median of call / copy
    }
    if (!samples.empty()) {  // per-call distribution of the round trip
        std::sort(samples.begin(), samples.end());
        state.counters["median_ns"] = samples[samples.size() / 2];
        state.counters["p90_ns"] = samples[samples.size() * 9 / 10];
        state.counters["min_ns"] = samples.front();
    }
    Destroy(g);
    Destroy(t);
    if (op.outputs > 1) Destroy(out2);
    if (!c.in_place) Destroy(out);
    Destroy(s);
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<Case> cases = Cases();
    bool strict = false;
    for (int i = 1; i < argc; ++i) {  // --strict: taken out of argv before Google Benchmark reads it
        if (std::string(argv[i]) != "--strict") continue;
        strict = true;
        for (int j = i; j + 1 < argc; ++j) argv[j] = argv[j + 1];
        --argc;
        --i;
    }
    if (strict) setenv("ACLCPU_STRICT", "1", 1);  // read by aclInit below
    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "--list-cases") {
            for (const Op& op : Ops()) {
                for (const Case& c : cases) {
                    if (Supports(op, c)) {
                        std::printf("%s/%s %llu\n", op.prefix, c.name, static_cast<unsigned long long>(OpBytes(op, c)));
                    }
                }
            }
            return 0;
        }
    }
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(0) != ACL_SUCCESS ||
        aclrtCreateStream(&g_stream) != ACL_SUCCESS) {
        std::fprintf(stderr, "runtime initialisation failed\n");
        return 1;
    }
    for (const Case& c : cases) {
        for (const Op& op : Ops()) {
            if (!Supports(op, c)) continue;
            benchmark::RegisterBenchmark((std::string(op.prefix) + "/" + c.name).c_str(),
                                         [op, c, strict](benchmark::State& st) {
                                             st.counters["strict"] = strict ? 1 : 0;
                                             RunOp(st, op, c);
                                         })
                ->UseManualTime()
                ->Unit(benchmark::kMicrosecond);
        }
        // One copy bound per case: every operator reads and writes the same bytes.
        const uint64_t bytes = CaseBytes(c);
        if (!Paired(c) && bytes >= 65536) {
            benchmark::RegisterBenchmark((std::string("copy/") + c.name).c_str(),
                                         [bytes](benchmark::State& st) { RunCopy(st, bytes); })
                ->UseManualTime()
                ->Unit(benchmark::kMicrosecond);
        }
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    aclrtDestroyStream(g_stream);
    aclrtResetDevice(0);
    aclFinalize();
    return 0;
}
