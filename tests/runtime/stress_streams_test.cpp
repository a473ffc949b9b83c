// Issue 5 ("Hardened"): concurrency stress (label "concurrency", also run under ThreadSanitizer).
//
// 8 host threads, each with its own 4 streams, make 10,000 mixed calls each (80,000 in all): L1 launches
// of 0 to 1M elements (mostly small) in FLOAT / FLOAT16 / BF16 with integer and mixed-dtype inputs,
// broadcasting, in-place and transposed outputs and all three reductions; repeatable executors re-addressed
// with aclSetOutputTensorAddr; copies back to host memory on the same stream and, through events, on another
// stream; aclrtFree of an input while its launch is pending; stream synchronisations. Every launch's result
// is checked against tests/support/l1_reference.h (an independent model), every byte.
// Meanwhile churn threads create and destroy tensors, streams, events and memory blocks, race pushes against
// aclrtDestroyStream (an accepted push must have run when the destroy returns) and records against the
// destruction of their stream while another thread waits on the event (a lost record would hang it).
// The churn threads also call through handles they released (tensors, executors, streams, events, memory
// blocks), just released and a few releases old, while every other thread creates new objects: each such
// call must be rejected with its kind's invalid-handle status (issue 10), and never reach a new object.
//
// A watchdog aborts the binary with a progress report if the run exceeds its deadline, so a deadlock fails
// CI instead of hanging it. Sizes are adjustable: ACLCPU_STRESS_THREADS (8), ACLCPU_STRESS_STREAMS (4),
// ACLCPU_STRESS_CALLS (calls per thread, 10000), ACLCPU_STRESS_MAX_ELEMS (1048576),
// ACLCPU_STRESS_WATCHDOG_S (1200).
//
// Strict mode (ACLCPU_STRICT=1, docs/strict-mode.md) reports the deliberate misuse above (an input freed, a
// stream or an event destroyed while its work is pending) as unsynchronized-access, correctly. With it on, the
// test runs a correct program instead: each of those steps is preceded by the synchronisation CANN requires,
// and the racers push and record on the churn stream under its lock, which the churn takes to withdraw the
// stream before synchronising and destroying it. The threads, streams and churn still run concurrently. The
// ctest `strict.stress_streams` (label "strict", tests/strict/CMakeLists.txt) runs it so at a small size and
// fails on any report.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "common/handle_registry.h"
#include "support/test_util.h"
#include "support/l1_reference.h"

namespace {

using aclcpu_test::LastError;

// Strict mode as the runtime reads it from the environment (docs/toolkit.md, "Environment variables": ACLCPU_STRICT=1).
const bool g_strict = [] {
    const char* v = std::getenv("ACLCPU_STRICT");
    return v != nullptr && std::string(v) == "1";
}();

int64_t EnvInt(const char* name, int64_t def) {
    const char* v = std::getenv(name);
    if (v == nullptr || *v == '\0') return def;
    return std::strtoll(v, nullptr, 10);
}

// ---------------------------------------------------------------- watchdog

std::atomic<int64_t> g_calls{0}, g_launches{0}, g_checked_elems{0}, g_churn_ops{0};

class Watchdog {
public:
    explicit Watchdog(int64_t seconds) : thread_([this, seconds] { Run(seconds); }) {}
    ~Watchdog() {
        {
            std::lock_guard<std::mutex> lock(mu_);
            done_ = true;
        }
        cv_.notify_all();
        thread_.join();
    }

private:
    void Run(int64_t seconds) {
        std::unique_lock<std::mutex> lock(mu_);
        if (cv_.wait_for(lock, std::chrono::seconds(seconds), [&] { return done_; })) return;
        std::fprintf(stderr,
                     "stress_streams_test: WATCHDOG: no completion after %lld s - deadlock or livelock. Progress: %lld "
                     "calls, %lld launches, %lld elements checked, %lld churn operations. Aborting.\n",
                     static_cast<long long>(seconds), static_cast<long long>(g_calls.load()),
                     static_cast<long long>(g_launches.load()), static_cast<long long>(g_checked_elems.load()),
                     static_cast<long long>(g_churn_ops.load()));
        std::fflush(stderr);
        std::abort();
    }
    std::mutex mu_;
    std::condition_variable cv_;
    bool done_ = false;
    std::thread thread_;
};

// Collects failures from any thread (gtest assertions are only reliable on the main thread).
struct Failures {
    std::mutex mu;
    std::vector<std::string> list;
    void Add(const std::string& s) {
        std::lock_guard<std::mutex> lock(mu);
        if (list.size() < 20) list.push_back(s);
    }
    bool Any() {
        std::lock_guard<std::mutex> lock(mu);
        return !list.empty();
    }
} g_fail;

#define STRESS_CHECK(cond, ...)                                \
    do {                                                       \
        if (!(cond)) {                                         \
            char buf_[400];                                    \
            std::snprintf(buf_, sizeof buf_, __VA_ARGS__);     \
            g_fail.Add(std::string(#cond ": ") + buf_);        \
        }                                                      \
    } while (0)

// ---------------------------------------------------------------- one L1 launch and its expected result

const float kGVals[16] = {1.0f, -2.0f, 0.5f, 3.25f, -0.0f, 0.0f, 1e-3f, -7.5f,
                          65504.0f, 1e30f, -1e-40f, 2.0f, 0.1f, -0.3f, 100.0f, -1.0f};
const float kSVals[5] = {-1.0f, 0.0f, 0.5f, 2.0f, 1e20f};
const int32_t kIntVals[5] = {-1, 0, 1, 2, 70000};

size_t Item(int dt) { return l1ref::DtSize(dt); }

// Encodes value v (a float) as one element of dtype dt (inputs: FLOAT, FLOAT16, BF16, INT32).
void Encode(unsigned char* dst, int dt, float v) {
    switch (dt) {
        case ACL_FLOAT:
        case ACL_FLOAT16:
        case ACL_BF16:
            l1ref::WriteValue(dst, dt, v);  // rounded to dt, nearest-even
            break;
        case ACL_INT32: {
            const int32_t i = static_cast<int32_t>(v);
            std::memcpy(dst, &i, 4);
            break;
        }
    }
}

struct Buffer {
    void* p = nullptr;
    size_t bytes = 0;
    bool Alloc(size_t n) {
        bytes = n;
        return aclrtMalloc(&p, n == 0 ? 1 : n, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS;
    }
    void Free() {
        if (p != nullptr) STRESS_CHECK(aclrtFree(p) == ACL_SUCCESS, "aclrtFree: %s", LastError().c_str());
        p = nullptr;
    }
};

// The value pattern: element i of operand k takes table entry Pick(k, i).
inline int Pick(uint32_t seed, int k, int64_t i) {
    const uint64_t h = (static_cast<uint64_t>(i) * 0x9E3779B97F4A7C15ull) ^ (seed + 0x1234567ull * (k + 1));
    return static_cast<int>((h >> 29) % (k == 0 ? 16 : 5));
}

struct Job {
    // plan
    int dt[4];  // gradOutput, self, target, gradInput
    int64_t rows = 1, cols = 0;   // gradInput is [rows, cols] (rows == 1: 1-D [cols])
    bool target_scalar = false;   // target is 0-d
    bool grad_row = false;        // gradOutput is [cols], broadcast over rows
    bool transposed_out = false;  // gradInput is a transposed view of a [cols, rows] buffer
    bool in_place = false;        // gradInput is self's buffer (same dtype, same layout)
    int64_t reduction = 0;
    uint32_t seed = 0;
    // resources
    Buffer buf[4];
    aclTensor* t[4] = {};
    Buffer ws;
    aclOpExecutor* ex = nullptr;
    bool repeatable = false;
    std::vector<unsigned char> host_copy;  // filled by an aclrtMemcpyAsync behind the launch (or empty)
    bool input0_freed = false;
    int64_t numel() const { return rows * cols; }
};

// Element (r, c) of operand k's value index; operand 3 (gradInput) has none.
int ValueIndex(const Job& j, int k, int64_t r, int64_t c) {
    if (k == 0 && j.grad_row) return Pick(j.seed, 0, c);
    if (k == 2 && j.target_scalar) return Pick(j.seed, 2, 0);
    return Pick(j.seed, k, r * j.cols + c);
}

float InputValue(const Job& j, int k, int idx) {
    if (k == 0) return kGVals[idx];
    if (j.dt[k] == ACL_INT32) return static_cast<float>(kIntVals[idx]);
    return kSVals[idx] * (k == 2 ? -1.0f : 1.0f);
}

bool BuildJob(Job& j, std::mt19937& rng, int64_t max_elems, l1ref::Profile prof) {
    const int floats[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    const int nfloat = l1ref::SupportsBF16(prof) ? 3 : 2;
    const int base = floats[rng() % nfloat];
    for (int k = 0; k < 3; ++k) j.dt[k] = base;
    if (rng() % 4 == 0) j.dt[rng() % 3] = floats[rng() % nfloat];  // mixed floats
    if (rng() % 6 == 0) j.dt[1 + rng() % 2] = ACL_INT32;          // integer self or target
    j.dt[3] = rng() % 4 == 0 ? ACL_FLOAT : base;
    // size: 80% <= 256, 19.5% <= 16K, 0.5% up to max_elems (1M)
    const uint32_t r = rng() % 1000;
    int64_t n = r < 800 ? static_cast<int64_t>(rng() % 257) : r < 995 ? static_cast<int64_t>(rng() % 16385)
                                                                      : static_cast<int64_t>(rng() % (max_elems + 1));
    if (rng() % 3 == 0 && n >= 4) {
        j.rows = 1 + static_cast<int64_t>(rng() % 8);
        j.cols = n / j.rows;
    } else {
        j.rows = 1;
        j.cols = n;
    }
    j.target_scalar = rng() % 5 == 0;
    j.grad_row = j.rows > 1 && rng() % 4 == 0;
    j.transposed_out = j.rows > 1 && rng() % 4 == 0;
    j.in_place = !j.transposed_out && rng() % 6 == 0;
    if (j.in_place) j.dt[3] = j.dt[1];
    if (j.in_place && j.dt[3] == ACL_INT32) j.in_place = false, j.dt[3] = base;
    j.reduction = rng() % 3;
    j.seed = static_cast<uint32_t>(rng());
    return true;
}

std::vector<int64_t> OperandShape(const Job& j, int k) {
    if (k == 2 && j.target_scalar) return {};
    if (k == 0 && j.grad_row) return {j.cols};
    if (j.rows == 1) return {j.cols};
    return {j.rows, j.cols};
}

std::vector<int64_t> BroadcastShape(const Job& j) {
    return j.rows == 1 ? std::vector<int64_t>{j.cols} : std::vector<int64_t>{j.rows, j.cols};
}

// Allocates, fills and describes the operands; first phase. Returns false (with a failure) on error.
bool Prepare(Job& j) {
    for (int k = 0; k < 3; ++k) {
        const std::vector<int64_t> shape = OperandShape(j, k);
        int64_t n = 1;
        for (int64_t d : shape) n *= d;
        const size_t item = Item(j.dt[k]);
        std::vector<unsigned char> host(static_cast<size_t>(n) * item);
        unsigned char enc[16][8];  // the encoded bytes of each table value
        for (int idx = 0; idx < (k == 0 ? 16 : 5); ++idx) Encode(enc[idx], j.dt[k], InputValue(j, k, idx));
        const int64_t rows = shape.size() == 2 ? shape[0] : 1;
        const int64_t cols = shape.empty() ? 1 : shape.back();
        for (int64_t r = 0; r < rows; ++r) {
            for (int64_t c = 0; c < cols; ++c) {
                std::memcpy(host.data() + static_cast<size_t>(r * cols + c) * item, enc[ValueIndex(j, k, r, c)], item);
            }
        }
        if (!j.buf[k].Alloc(host.size())) {
            STRESS_CHECK(false, "aclrtMalloc of %zu bytes", host.size());
            return false;
        }
        if (!host.empty()) {
            STRESS_CHECK(aclrtMemcpy(j.buf[k].p, host.size(), host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE) == 0,
                         "upload");
        }
        j.t[k] = aclcpu_test::MakeTensor(shape, static_cast<aclDataType>(j.dt[k]), j.buf[k].p);
    }
    const std::vector<int64_t> b = BroadcastShape(j);
    if (j.in_place) {
        j.t[3] = aclcpu_test::MakeTensor(b, static_cast<aclDataType>(j.dt[3]), j.buf[1].p);
    } else {
        if (!j.buf[3].Alloc(static_cast<size_t>(j.numel()) * Item(j.dt[3]))) return false;
        STRESS_CHECK(aclrtMemset(j.buf[3].p, j.buf[3].bytes + 1, 0xA5, j.buf[3].bytes) == 0, "canary");
        if (j.transposed_out) {  // element (r, c) at c * rows + r
            j.t[3] = aclcpu_test::MakeTensor(b, static_cast<aclDataType>(j.dt[3]), j.buf[3].p, {1, j.rows});
        } else {
            j.t[3] = aclcpu_test::MakeTensor(b, static_cast<aclDataType>(j.dt[3]), j.buf[3].p);
        }
    }
    for (int k = 0; k < 4; ++k) STRESS_CHECK(j.t[k] != nullptr, "tensor %d: %s", k, LastError().c_str());
    uint64_t wsz = 0;
    const int ret = aclnnL1LossBackwardGetWorkspaceSize(j.t[0], j.t[1], j.t[2], j.reduction, j.t[3], &wsz, &j.ex);
    STRESS_CHECK(ret == 0, "first phase (dtypes %d %d %d -> %d, %lldx%lld): %d %s", j.dt[0], j.dt[1], j.dt[2], j.dt[3],
                 static_cast<long long>(j.rows), static_cast<long long>(j.cols), ret, LastError().c_str());
    if (ret != 0) return false;
    if (wsz > 0) j.ws.Alloc(wsz);
    return true;
}

// Checks gradInput's bytes (read from `out`, laid out as the job's gradInput view) against the model.
void Verify(const Job& j, const unsigned char* out, l1ref::Profile prof) {
    const int p = l1ref::PromoteFor(prof, j.dt[0], j.dt[1], j.dt[2], j.dt[3]);
    const float r = j.reduction == 1 ? l1ref::MeanFactor(prof, BroadcastShape(j)) : 1.0f;
    // expected bytes per (g, s, t) value combination, computed once
    const size_t item = Item(j.dt[3]);
    std::vector<unsigned char> table(16 * 5 * 5 * item);
    for (int gi = 0; gi < 16; ++gi) {
        for (int si = 0; si < 5; ++si) {
            for (int ti = 0; ti < 5; ++ti) {
                // inputs as stored (encoded in their dtype), read back exactly
                unsigned char e[3][8];
                long double v[3];
                const int idx[3] = {gi, si, ti};
                for (int k = 0; k < 3; ++k) {
                    Encode(e[k], j.dt[k], InputValue(j, k, idx[k]));
                    v[k] = l1ref::ReadValue(e[k], j.dt[k]);
                }
                const long double y = l1ref::ElementResult(prof, p, r, v[0], v[1], v[2]);
                l1ref::WriteValue(&table[((gi * 5 + si) * 5 + ti) * item], j.dt[3], y);
            }
        }
    }
    int64_t bad = 0;
    for (int64_t row = 0; row < j.rows; ++row) {
        for (int64_t c = 0; c < j.cols; ++c) {
            const int gi = ValueIndex(j, 0, row, c), si = ValueIndex(j, 1, row, c), ti = ValueIndex(j, 2, row, c);
            const int64_t pos = j.transposed_out ? c * j.rows + row : row * j.cols + c;
            const unsigned char* want = &table[((gi * 5 + si) * 5 + ti) * item];
            if (!l1ref::SameResult(j.dt[3], out + pos * item, want)) {
                if (bad++ == 0) {
                    uint64_t got = 0, exp = 0;
                    std::memcpy(&got, out + pos * item, item < 8 ? item : 8);
                    std::memcpy(&exp, want, item < 8 ? item : 8);
                    STRESS_CHECK(false,
                                 "job %lldx%lld dtypes %d %d %d -> %d red %lld (transposed %d, in-place %d, grad row %d, "
                                 "target 0-d %d, repeatable %d, copied back %d, input freed %d): element (%lld, %lld) "
                                 "is 0x%llx, want 0x%llx",
                                 static_cast<long long>(j.rows), static_cast<long long>(j.cols), j.dt[0], j.dt[1],
                                 j.dt[2], j.dt[3], static_cast<long long>(j.reduction), j.transposed_out, j.in_place,
                                 j.grad_row, j.target_scalar, j.repeatable, !j.host_copy.empty(), j.input0_freed,
                                 static_cast<long long>(row), static_cast<long long>(c),
                                 static_cast<unsigned long long>(got), static_cast<unsigned long long>(exp));
                }
            }
        }
    }
    g_checked_elems += j.numel();
}

void Release(Job& j) {
    for (int k = 0; k < 4; ++k) {
        if (j.t[k] != nullptr) aclDestroyTensor(j.t[k]);
        j.buf[k].Free();
    }
    j.ws.Free();
    if (j.repeatable && j.ex != nullptr) STRESS_CHECK(aclDestroyAclOpExecutor(j.ex) == 0, "destroy executor");
}

// ---------------------------------------------------------------- the worker threads

struct Worker {
    int id;
    int64_t calls;
    int nstreams;
    int64_t max_elems;
    l1ref::Profile prof;
    std::vector<aclrtStream> streams;
    std::vector<std::vector<std::unique_ptr<Job>>> pending;
    int64_t pending_bytes = 0;

    void SyncAndVerify(int s) {
        STRESS_CHECK(aclrtSynchronizeStream(streams[s]) == 0, "sync: %s", LastError().c_str());
        for (auto& jp : pending[s]) {
            Job& j = *jp;
            if (!j.host_copy.empty()) {
                Verify(j, j.host_copy.data(), prof);
            } else {
                const void* out = j.in_place ? j.buf[1].p : j.buf[3].p;
                std::vector<unsigned char> bytes(static_cast<size_t>(j.numel()) * Item(j.dt[3]));
                if (!bytes.empty()) {
                    STRESS_CHECK(aclrtMemcpy(bytes.data(), bytes.size(), out, bytes.size(), ACL_MEMCPY_DEVICE_TO_HOST) == 0,
                                 "download");
                }
                Verify(j, bytes.data(), prof);
            }
            pending_bytes -= static_cast<int64_t>(j.buf[0].bytes + j.buf[1].bytes + j.buf[2].bytes + j.buf[3].bytes);
            Release(j);
        }
        pending[s].clear();
    }

    void Run(uint32_t seed) {
        std::mt19937 rng(seed);
        streams.resize(nstreams);
        pending.resize(nstreams);
        for (auto& s : streams) STRESS_CHECK(aclrtCreateStream(&s) == 0, "create stream");
        aclrtEvent ev = nullptr;
        STRESS_CHECK(aclrtCreateEvent(&ev) == 0, "create event");
        for (int64_t c = 0; c < calls && !g_fail.Any(); ++c) {
            ++g_calls;
            const int s = static_cast<int>(rng() % nstreams);
            const uint32_t op = rng() % 100;
            if (op < 12) {  // synchronise a stream and check everything it ran
                SyncAndVerify(s);
                continue;
            }
            auto job = std::make_unique<Job>();
            BuildJob(*job, rng, max_elems, prof);
            if (!Prepare(*job)) {
                Release(*job);
                continue;
            }
            Job& j = *job;
            j.repeatable = op >= 88 && !j.in_place;  // (a second in-place run would read its own output)
            if (j.repeatable) {
                STRESS_CHECK(aclSetAclOpExecutorRepeatable(j.ex) == 0, "repeatable");
                // run once into the planned output, then re-address the output to a fresh buffer and run again
                STRESS_CHECK(aclnnL1LossBackward(j.ws.p, j.ws.bytes, j.ex, streams[s]) == 0, "run 1: %s",
                             LastError().c_str());
                if (!j.in_place) {
                    Buffer fresh;
                    fresh.Alloc(j.buf[3].bytes);
                    STRESS_CHECK(aclrtMemsetAsync(fresh.p, fresh.bytes + 1, 0x5A, fresh.bytes, streams[s]) == 0, "memset");
                    STRESS_CHECK(aclSetOutputTensorAddr(j.ex, 0, j.t[3], fresh.p) == 0, "re-address: %s",
                                 LastError().c_str());
                    std::swap(fresh, j.buf[3]);
                    if (g_strict) STRESS_CHECK(aclrtSynchronizeStream(streams[s]) == 0, "sync before free");
                    fresh.Free();  // the old output: aclrtFree waits for run 1, which writes it
                }
            }
            const int ret = aclnnL1LossBackward(j.ws.p, j.ws.bytes, j.ex, streams[s]);
            STRESS_CHECK(ret == 0, "second phase: %d %s", ret, LastError().c_str());
            ++g_launches;
            const void* out = j.in_place ? j.buf[1].p : j.buf[3].p;
            const size_t out_bytes = static_cast<size_t>(j.numel()) * Item(j.dt[3]);
            if (op >= 70 && op < 80 && out_bytes > 0) {  // copy back on the same stream
                j.host_copy.resize(out_bytes);
                STRESS_CHECK(aclrtMemcpyAsync(j.host_copy.data(), out_bytes, out, out_bytes, ACL_MEMCPY_DEVICE_TO_HOST,
                                              streams[s]) == 0,
                             "memcpy async");
            } else if (op >= 80 && op < 88 && out_bytes > 0 && nstreams > 1) {
                // copy back on ANOTHER stream, ordered by an event; that stream's jobs own the result now
                const int s2 = (s + 1 + static_cast<int>(rng() % (nstreams - 1))) % nstreams;
                STRESS_CHECK(aclrtRecordEvent(ev, streams[s]) == 0, "record");
                STRESS_CHECK(aclrtStreamWaitEvent(streams[s2], ev) == 0, "wait");
                j.host_copy.resize(out_bytes);
                STRESS_CHECK(aclrtMemcpyAsync(j.host_copy.data(), out_bytes, out, out_bytes, ACL_MEMCPY_DEVICE_TO_HOST,
                                              streams[s2]) == 0,
                             "memcpy async (other stream)");
                pending_bytes += static_cast<int64_t>(j.buf[0].bytes + j.buf[1].bytes + j.buf[2].bytes + j.buf[3].bytes);
                pending[s2].push_back(std::move(job));
                // the job's own stream must also have finished before its buffers are released: s2 waits on it
                continue;
            }
            if (op >= 60 && op < 65 && !j.in_place && j.buf[0].p != nullptr) {
                if (g_strict) STRESS_CHECK(aclrtSynchronizeStream(streams[s]) == 0, "sync before free");
                j.buf[0].Free();  // free an input of the pending launch: waits for it
                j.input0_freed = true;
            }
            pending_bytes += static_cast<int64_t>(j.buf[0].bytes + j.buf[1].bytes + j.buf[2].bytes + j.buf[3].bytes);
            pending[s].push_back(std::move(job));
            if (pending_bytes > (int64_t{48} << 20)) {
                for (int k = 0; k < nstreams; ++k) SyncAndVerify(k);
            }
        }
        for (int k = 0; k < nstreams; ++k) SyncAndVerify(k);
        STRESS_CHECK(aclrtDestroyEvent(ev) == 0, "destroy event");
        for (auto& st : streams) STRESS_CHECK(aclrtDestroyStream(st) == 0, "destroy stream");
    }
};

// ---------------------------------------------------------------- churn threads

std::atomic<int64_t> g_stale_calls{0};

// Stale-handle calls. A released handle is guaranteed dead until kHandleQuarantine more releases (of any kind,
// by any thread) have happened (common/handle_registry.h); the churn threads compare the registry's release
// count with the count just before their own release (`at`).
// A call that only reads must be rejected with `code` unless the handle aged past the quarantine meanwhile:
#define STALE_CHECK(call, code, at, what)                                                                         \
    do {                                                                                                          \
        const int r_ = (call);                                                                                    \
        ++g_stale_calls;                                                                                          \
        STRESS_CHECK(r_ == (code) || aclcpu::HandleReleaseCount() - (at) >= aclcpu::kHandleQuarantine,            \
                     "stale %s returned %d, not %d", what, r_, static_cast<int>(code));                            \
        LastError();                                                                                              \
    } while (0)
// A call that would change the object is made only while the handle is far from the end of its quarantine
// (half of it left), so that it cannot reach another thread's new object; then it must be rejected.
bool YoungStale(uint64_t at) { return aclcpu::HandleReleaseCount() - at < aclcpu::kHandleQuarantine / 2; }

// Creates, inspects and destroys descriptors (valid and not) and plans that are never run.
void TensorChurn(std::atomic<bool>* stop, uint32_t seed) {
    std::mt19937 rng(seed);
    std::pair<aclTensor*, uint64_t> recent[8] = {};  // released tensors, with the release count before each
    size_t next = 0;
    while (!stop->load()) {
        ++g_churn_ops;
        std::this_thread::sleep_for(std::chrono::microseconds(100));  // churn, not a CPU hog
        const int64_t dims[3] = {static_cast<int64_t>(rng() % 5), rng() % 64 == 0 ? -1 : static_cast<int64_t>(rng() % 4),
                                 static_cast<int64_t>(rng() % 3)};
        const uint64_t nd = rng() % 4;
        aclTensor* t = aclCreateTensor(dims, nd, rng() % 2 ? ACL_FLOAT : ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND,
                                       dims, nd, nullptr);
        if (t == nullptr) {
            LastError();
            continue;
        }
        int64_t* shape = nullptr;
        uint64_t n = 0;
        STRESS_CHECK(aclGetViewShape(t, &shape, &n) == 0 && n == nd, "getter");
        delete[] shape;
        uint64_t ws = 0;
        aclOpExecutor* ex = nullptr;
        if (aclnnL1LossBackwardGetWorkspaceSize(t, t, t, rng() % 3, t, &ws, &ex) == 0) {
            const uint64_t ex_at = aclcpu::HandleReleaseCount();
            STRESS_CHECK(aclDestroyAclOpExecutor(ex) == 0, "destroy unused executor");
            if (YoungStale(ex_at)) {
                ++g_stale_calls;
                STRESS_CHECK(aclnnL1LossBackward(nullptr, 0, ex, nullptr) == ACLNN_ERR_PARAM_INVALID, "stale launch");
                STRESS_CHECK(aclDestroyAclOpExecutor(ex) == ACLNN_ERR_PARAM_INVALID, "stale executor destroy");
                LastError();
            }
        }
        const uint64_t at = aclcpu::HandleReleaseCount();
        STRESS_CHECK(aclDestroyTensor(t) == 0, "destroy");
        if (YoungStale(at)) {
            ++g_stale_calls;
            STRESS_CHECK(aclDestroyTensor(t) == ACLNN_ERR_PARAM_INVALID, "double destroy");
            LastError();
        }
        // Stale reads through this tensor and through one released a few rounds ago.
        int64_t offset = -1;
        STALE_CHECK(aclGetViewOffset(t, &offset), ACLNN_ERR_PARAM_INVALID, at, "tensor getter");
        recent[next % 8] = {t, at};
        ++next;
        const auto& old = recent[rng() % 8];
        if (old.first != nullptr) {
            STALE_CHECK(aclGetViewOffset(old.first, &offset), ACLNN_ERR_PARAM_INVALID, old.second, "older tensor getter");
        }
    }
}

// The stream whose life the stream churn controls, shared with the racers.
struct SharedStream {
    std::mutex mu;
    aclrtStream handle = nullptr;
    uint64_t generation = 0;
};

// One racer pushes 1-byte memsets (into a device block: aclrtMemsetAsync rejects host memory with 107000)
// onto the shared stream while the churn destroys it; each accepted push is published (generation, byte
// index). The churn checks, right after aclrtDestroyStream returns, that every published push of that
// generation has run (destroy waits for pending work, SPEC 2).
struct RaceLog {
    std::mutex mu;
    std::vector<std::pair<uint64_t, size_t>> accepted;  // since the last check
    size_t total = 0;
};

constexpr size_t kRaceBytes = size_t{1} << 22;

void PushRacer(std::atomic<bool>* stop, SharedStream* shared, RaceLog* log, unsigned char* bytes) {
    size_t next = 0;
    while (!stop->load() && next < kRaceBytes) {
        aclrtStream h;
        uint64_t gen;
        {
            std::lock_guard<std::mutex> lock(shared->mu);
            h = shared->handle;
            gen = shared->generation;
        }
        if (h == nullptr) {
            std::this_thread::yield();
            continue;
        }
        std::this_thread::sleep_for(std::chrono::microseconds(10));
        std::unique_lock<std::mutex> hold(shared->mu, std::defer_lock);
        if (g_strict) {  // push only while the stream is published (the churn withdraws it, then synchronises)
            hold.lock();
            if (shared->handle != h) continue;
        }
        if (aclrtMemsetAsync(bytes + next, 1, 1, 1, h) == ACL_SUCCESS) {
            std::lock_guard<std::mutex> lock(log->mu);
            log->accepted.emplace_back(gen, next);
            ++next;
        } else {
            LastError();
        }
    }
}

// Records an event on the shared stream (failing whenever it is being destroyed) while another thread
// waits for that event on its own stream: a record that fails must never leave the waiter hanging.
void EventRecorder(std::atomic<bool>* stop, SharedStream* shared, aclrtEvent ev) {
    while (!stop->load()) {
        aclrtStream h;
        {
            std::lock_guard<std::mutex> lock(shared->mu);
            h = shared->handle;
        }
        std::unique_lock<std::mutex> hold(shared->mu, std::defer_lock);
        if (g_strict) {  // record only while the stream is published, as PushRacer
            hold.lock();
            if (shared->handle != h) h = nullptr;
        }
        if (h != nullptr && aclrtRecordEvent(ev, h) != ACL_SUCCESS) LastError();
        if (hold.owns_lock()) hold.unlock();
        std::this_thread::sleep_for(std::chrono::microseconds(20));
    }
}

void EventWaiter(std::atomic<bool>* stop, aclrtEvent ev) {
    aclrtStream own = nullptr;
    STRESS_CHECK(aclrtCreateStream(&own) == 0, "create");
    while (!stop->load()) {
        ++g_churn_ops;
        STRESS_CHECK(aclrtStreamWaitEvent(own, ev) == 0, "wait event: %s", LastError().c_str());
        STRESS_CHECK(aclrtSynchronizeStream(own) == 0, "sync waiter");
        STRESS_CHECK(aclrtSynchronizeEvent(ev) == 0, "sync event");
        std::this_thread::sleep_for(std::chrono::microseconds(50));
    }
    STRESS_CHECK(aclrtDestroyStream(own) == 0, "destroy");
}

void StreamChurn(std::atomic<bool>* stop, SharedStream* shared, RaceLog* log, const unsigned char* bytes,
                 uint32_t seed) {
    std::mt19937 rng(seed);
    while (!stop->load()) {
        ++g_churn_ops;
        aclrtStream s = nullptr;
        STRESS_CHECK(aclrtCreateStream(&s) == 0, "create");
        uint64_t gen;
        {
            std::lock_guard<std::mutex> lock(shared->mu);
            shared->handle = s;
            gen = ++shared->generation;
        }
        // a little memory churn on the way: blocks that live across the stream's life
        void* p = nullptr;
        STRESS_CHECK(aclrtMalloc(&p, 1 + rng() % 4096, ACL_MEM_MALLOC_NORMAL_ONLY) == 0, "malloc");
        STRESS_CHECK(aclrtMemsetAsync(p, 1, 0, 1, s) == 0, "memset on churn stream");
        // an event that lives and dies with this round
        aclrtEvent ev = nullptr;
        STRESS_CHECK(aclrtCreateEvent(&ev) == 0, "create event");
        STRESS_CHECK(aclrtRecordEvent(ev, s) == 0, "record on churn stream");
        std::this_thread::sleep_for(std::chrono::microseconds(rng() % 500));
        if (g_strict) STRESS_CHECK(aclrtSynchronizeEvent(ev) == 0, "sync event before destroy");
        const uint64_t ev_at = aclcpu::HandleReleaseCount();
        STRESS_CHECK(aclrtDestroyEvent(ev) == 0, "destroy event");
        aclrtEventRecordedStatus status;
        STALE_CHECK(aclrtQueryEventStatus(ev, &status), ACL_ERROR_RT_INVALID_HANDLE, ev_at, "event query");
        if (YoungStale(ev_at)) {
            ++g_stale_calls;
            STRESS_CHECK(aclrtRecordEvent(ev, s) == ACL_ERROR_RT_INVALID_HANDLE, "stale record");
            STRESS_CHECK(aclrtDestroyEvent(ev) == ACL_ERROR_RT_INVALID_HANDLE, "stale event destroy");
            LastError();
        }
        if (g_strict) {  // withdraw the stream from the racers, then synchronise it: nothing is pending at the destroy
            {
                std::lock_guard<std::mutex> lock(shared->mu);
                shared->handle = nullptr;
            }
            STRESS_CHECK(aclrtSynchronizeStream(s) == 0, "sync before destroy: %s", LastError().c_str());
        }
        const uint64_t at = aclcpu::HandleReleaseCount();
        STRESS_CHECK(aclrtDestroyStream(s) == 0, "destroy: %s", LastError().c_str());
        STALE_CHECK(aclrtSynchronizeStream(s), ACL_ERROR_RT_INVALID_HANDLE, at, "stream synchronize");
        if (YoungStale(at)) {
            ++g_stale_calls;
            STRESS_CHECK(aclrtDestroyStream(s) == ACL_ERROR_RT_INVALID_HANDLE, "stale stream destroy");
            STRESS_CHECK(aclrtMemsetAsync(p, 1, 0, 1, s) == ACL_ERROR_RT_INVALID_HANDLE, "stale stream memset");
            LastError();
        }
        {
            std::lock_guard<std::mutex> lock(log->mu);
            for (const auto& a : log->accepted) {
                unsigned char b = 0;
                if (a.first == gen) {
                    STRESS_CHECK(aclrtMemcpy(&b, 1, bytes + a.second, 1, ACL_MEMCPY_DEVICE_TO_HOST) == 0,
                                 "read back: %s", LastError().c_str());
                }
                STRESS_CHECK(a.first != gen || b == 1,
                             "a push accepted by stream generation %llu had not run when aclrtDestroyStream returned",
                             static_cast<unsigned long long>(gen));
            }
            log->total += log->accepted.size();
            log->accepted.clear();  // later generations never look at these again
        }
        {
            std::lock_guard<std::mutex> lock(shared->mu);
            shared->handle = nullptr;
        }
        STRESS_CHECK(aclrtFree(p) == 0, "free");
        ++g_stale_calls;
        STRESS_CHECK(aclrtFree(p) == ACL_ERROR_RT_MEMORY_FREE, "double free");
        LastError();
    }
}

TEST(StressStreams, ThreadsStreamsAndChurn) {
    const int threads = static_cast<int>(EnvInt("ACLCPU_STRESS_THREADS", 8));
    const int nstreams = static_cast<int>(EnvInt("ACLCPU_STRESS_STREAMS", 4));
    const int64_t calls = EnvInt("ACLCPU_STRESS_CALLS", 10000);
    const int64_t max_elems = EnvInt("ACLCPU_STRESS_MAX_ELEMS", int64_t{1} << 20);
    Watchdog watchdog(EnvInt("ACLCPU_STRESS_WATCHDOG_S", 1200));
    const l1ref::Profile prof = l1ref::ProfileFromSocName(aclrtGetSocName());
    const auto t0 = std::chrono::steady_clock::now();

    std::atomic<bool> stop{false};
    SharedStream shared;
    RaceLog log;
    void* race_dev = nullptr;  // the racer's target bytes, all 0 before the pushes
    ASSERT_EQ(aclrtMalloc(&race_dev, kRaceBytes, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemset(race_dev, kRaceBytes, 0, kRaceBytes), ACL_SUCCESS);
    unsigned char* race_bytes = static_cast<unsigned char*>(race_dev);
    aclrtEvent ev = nullptr;
    ASSERT_EQ(aclrtCreateEvent(&ev), ACL_SUCCESS);
    std::vector<std::thread> churn;
    churn.emplace_back(TensorChurn, &stop, 11u);
    churn.emplace_back(StreamChurn, &stop, &shared, &log, race_bytes, 12u);
    churn.emplace_back(PushRacer, &stop, &shared, &log, race_bytes);
    churn.emplace_back(EventRecorder, &stop, &shared, ev);
    churn.emplace_back(EventWaiter, &stop, ev);

    std::vector<Worker> workers(static_cast<size_t>(threads));
    std::vector<std::thread> pool;
    for (int i = 0; i < threads; ++i) {
        workers[i] = Worker{i, calls, nstreams, max_elems, prof, {}, {}, 0};
        pool.emplace_back([&workers, i] { workers[i].Run(1000u + static_cast<uint32_t>(i)); });
    }
    for (auto& th : pool) th.join();
    stop = true;
    for (auto& th : churn) th.join();
    EXPECT_EQ(aclrtDestroyEvent(ev), ACL_SUCCESS);
    ASSERT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(race_dev), ACL_SUCCESS);
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("stress: %d threads x %d streams, %lld calls (%lld launches), %lld result elements checked, %lld churn "
                "operations, %zu raced pushes accepted, %.1f s\n",
                threads, nstreams, static_cast<long long>(g_calls.load()), static_cast<long long>(g_launches.load()),
                static_cast<long long>(g_checked_elems.load()), static_cast<long long>(g_churn_ops.load()),
                log.total, secs);
    std::printf("stress: %lld calls through released handles\n", static_cast<long long>(g_stale_calls.load()));
    EXPECT_GT(g_stale_calls.load(), 0);
    EXPECT_GT(log.total, 0u);  // the push-versus-destroy race ran (pushes into host memory were all rejected)
    std::lock_guard<std::mutex> lock(g_fail.mu);
    for (const auto& f : g_fail.list) ADD_FAILURE() << f;
    EXPECT_TRUE(g_fail.list.empty());
    EXPECT_EQ(g_calls.load(), static_cast<int64_t>(threads) * calls);
}

}  // namespace
