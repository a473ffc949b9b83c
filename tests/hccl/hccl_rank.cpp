// One rank of a communicator spread over processes (tests/hccl/hccl_process_test.cpp starts several):
//   hccl_rank <root info file> <nranks> <rank> <scenario>
// Scenarios:
//   all   every collective x dtype x reduce op on this rank's data, through the root-info communicator (gloo
//         between processes), each result compared byte for byte with the same collective run by nranks
//         threads of this process through an HcclCommInitAll communicator (the in-process transport).
//         Prints "rank <r> ok <hash>" where <hash> digests the results every rank must share (all-reduce,
//         all-gather, broadcast): equal on every rank and on every rerun.
//   die   rank nranks-1 exits right after joining; the others' all-reduce must fail (HCCL_EXEC_TIMEOUT bounds
//         it) and HcclGetCommAsyncError must report it. Prints "rank <r> failed <code> <ms>".
//   mismatch  rank 0 all-reduces 16 elements, the others 17: every rank's collective fails with HCCL_E_PARA.
//         Prints "rank <r> mismatch <synchronize code> <async error> <message>".
//   p2p   rank 0 sends 64 FP32 to rank 1, which receives 8: both fail with HCCL_E_PARA (no process dies).
//   rsv   HcclReduceScatterV whose rank 0 expects fewer elements than the others send it: every rank fails.
//         Both print "rank <r> <scenario> <synchronize code> <async error> <ms>".
//   join  joins and leaves (HcclCommInitRootInfo's result printed as "rank <r> init <code> <ms>").
// Exit status: 0 as expected, 1 on a mismatch or an unexpected code (with a line on stderr), 2 on bad usage.
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "hccl/hccl.h"

namespace {

#define CHECK(expr)                                                                           \
    do {                                                                                      \
        if (!(expr)) {                                                                        \
            const char* why_ = aclGetRecentErrMsg();                                         \
            std::fprintf(stderr, "rank check failed at line %d: %s (%s)\n", __LINE__, #expr,  \
                         why_ ? why_ : "");                                                   \
            std::exit(1);                                                                     \
        }                                                                                     \
    } while (0)

enum Kind { kAllReduce, kBroadcast, kAllGather, kReduceScatter, kReduce, kScatter, kAlltoAll, kAlltoAllV, kAllGatherV,
            kReduceScatterV, kSendRecv, kBatchRing, kBarrier, kKinds };
const char* kKindName[kKinds] = {"AllReduce", "Broadcast", "AllGather", "ReduceScatter", "Reduce", "Scatter",
                                 "AlltoAll", "AlltoAllV", "AllGatherV", "ReduceScatterV", "SendRecv", "BatchRing",
                                 "Barrier"};

struct Case {
    Kind kind;
    HcclDataType dt;
    HcclReduceOp op;
    uint64_t count;
    uint32_t root;
};

size_t Size(HcclDataType dt) {
    switch (dt) {
        case HCCL_DATA_TYPE_INT8: case HCCL_DATA_TYPE_UINT8: return 1;
        case HCCL_DATA_TYPE_INT16: case HCCL_DATA_TYPE_UINT16: case HCCL_DATA_TYPE_FP16: case HCCL_DATA_TYPE_BFP16: return 2;
        case HCCL_DATA_TYPE_INT32: case HCCL_DATA_TYPE_UINT32: case HCCL_DATA_TYPE_FP32: return 4;
        default: return 8;
    }
}

bool IsFloat(HcclDataType dt) {
    return dt == HCCL_DATA_TYPE_FP16 || dt == HCCL_DATA_TYPE_BFP16 || dt == HCCL_DATA_TYPE_FP32 ||
           dt == HCCL_DATA_TYPE_FP64;
}

uint64_t Mix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

// Rank r's input bytes for case number c: random bits for integers; for floats small values (products stay
// finite) with NaN, +-inf, +-0 and a subnormal now and then.
std::vector<uint8_t> Input(uint32_t r, int c, HcclDataType dt, uint64_t count) {
    const size_t es = Size(dt);
    std::vector<uint8_t> v(count * es);
    for (uint64_t i = 0; i < count; ++i) {
        const uint64_t h = Mix((uint64_t{r} << 48) ^ (uint64_t(c) << 32) ^ i);
        uint8_t* p = &v[i * es];
        if (!IsFloat(dt)) {
            std::memcpy(p, &h, es);
            continue;
        }
        double x = static_cast<double>(static_cast<int64_t>(h % 2001) - 1000) / 256.0;
        switch (h >> 58) {
            case 0: x = std::nan(""); break;
            case 1: x = INFINITY; break;
            case 2: x = -INFINITY; break;
            case 3: x = -0.0; break;
            case 4: x = 1e-40; break;
            default: break;
        }
        if (dt == HCCL_DATA_TYPE_FP64) {
            std::memcpy(p, &x, 8);
        } else {
            const float f = static_cast<float>(x);
            uint32_t b;
            std::memcpy(&b, &f, 4);
            if (dt == HCCL_DATA_TYPE_FP32) {
                std::memcpy(p, &b, 4);
            } else if (dt == HCCL_DATA_TYPE_BFP16) {
                const uint16_t hb = static_cast<uint16_t>(b >> 16);  // exact: |x| * 256 is an integer <= 1000
                std::memcpy(p, &hb, 2);
            } else {  // FP16 from small values: exact conversions by hand (normal numbers, NaN, inf, 0)
                _Float16 hf = static_cast<_Float16>(f);
                std::memcpy(p, &hf, 2);
            }
        }
    }
    return v;
}

// The AlltoAllV / AllGatherV / ReduceScatterV sizes: elements rank a sends to rank b.
uint64_t Pair(uint32_t a, uint32_t b, uint64_t count) { return (a * 7 + b * 3) % 5 + count / 4; }

struct Dev {
    void* p = nullptr;
    explicit Dev(size_t n) { CHECK(aclrtMalloc(&p, n == 0 ? 1 : n, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS); }
    ~Dev() { aclrtFree(p); }
};

// Runs case c (number ci) as rank r of n on comm and stream; returns what the rank's output buffer holds.
std::vector<uint8_t> RunCase(const Case& c, int ci, uint32_t r, uint32_t n, HcclComm comm, aclrtStream s) {
    const size_t es = Size(c.dt);
    const uint64_t k = c.count;
    uint64_t in_n = k, out_n = k;
    std::vector<uint64_t> scnt(n), sdsp(n), rcnt(n), rdsp(n);
    switch (c.kind) {
        case kAllGather: out_n = n * k; break;
        case kReduceScatter: case kScatter: in_n = n * k; break;
        case kAlltoAll: in_n = out_n = n * k; break;
        case kAlltoAllV: {
            uint64_t si = 0, ro = 0;
            for (uint32_t j = 0; j < n; ++j) scnt[j] = Pair(r, j, k), rcnt[j] = Pair(j, r, k);
            for (uint32_t j = n; j-- > 0;) sdsp[j] = si, si += scnt[j] + 1;  // reversed, with gaps
            for (uint32_t j = 0; j < n; ++j) rdsp[j] = ro + 2, ro += rcnt[j] + 2;
            in_n = si, out_n = ro;
            break;
        }
        case kAllGatherV: {
            uint64_t ro = 0;
            in_n = Pair(r, r, k);
            for (uint32_t j = 0; j < n; ++j) rcnt[j] = Pair(j, j, k), rdsp[j] = ro + 1, ro += rcnt[j] + 1;
            out_n = ro;
            break;
        }
        case kReduceScatterV: {
            uint64_t si = 0;
            for (uint32_t j = 0; j < n; ++j) scnt[j] = Pair(j, j, k);
            for (uint32_t j = n; j-- > 0;) sdsp[j] = si, si += scnt[j] + 3;
            in_n = si, out_n = scnt[r];
            break;
        }
        default: break;
    }
    std::vector<uint8_t> in = Input(r, ci, c.dt, in_n), out(out_n * es, 0xA5);
    Dev din(in.size()), dout(out.size());
    if (!in.empty()) CHECK(aclrtMemcpy(din.p, in.size(), in.data(), in.size(), ACL_MEMCPY_HOST_TO_DEVICE) == 0);
    CHECK(aclrtMemcpy(dout.p, out.size() + 1, out.data(), out.size(), ACL_MEMCPY_HOST_TO_DEVICE) == 0 || out.empty());
    HcclResult ret = HCCL_SUCCESS;
    switch (c.kind) {
        case kAllReduce: ret = HcclAllReduce(din.p, dout.p, k, c.dt, c.op, comm, s); break;
        case kBroadcast:
            if (r == c.root) CHECK(aclrtMemcpy(dout.p, out.size(), in.data(), in.size(), ACL_MEMCPY_HOST_TO_DEVICE) == 0);
            ret = HcclBroadcast(dout.p, k, c.dt, c.root, comm, s);
            break;
        case kAllGather: ret = HcclAllGather(din.p, dout.p, k, c.dt, comm, s); break;
        case kReduceScatter: ret = HcclReduceScatter(din.p, dout.p, k, c.dt, c.op, comm, s); break;
        case kReduce: ret = HcclReduce(din.p, dout.p, k, c.dt, c.op, c.root, comm, s); break;
        case kScatter: ret = HcclScatter(din.p, dout.p, k, c.dt, c.root, comm, s); break;
        case kAlltoAll: ret = HcclAlltoAll(din.p, k, c.dt, dout.p, k, c.dt, comm, s); break;
        case kAlltoAllV:
            ret = HcclAlltoAllV(din.p, scnt.data(), sdsp.data(), c.dt, dout.p, rcnt.data(), rdsp.data(), c.dt, comm, s);
            break;
        case kAllGatherV: ret = HcclAllGatherV(din.p, in_n, dout.p, rcnt.data(), rdsp.data(), c.dt, comm, s); break;
        case kReduceScatterV:
            ret = HcclReduceScatterV(din.p, scnt.data(), sdsp.data(), dout.p, out_n, c.dt, c.op, comm, s);
            break;
        case kSendRecv:  // even ranks send to the next odd one, which receives (n even)
            if (r % 2 == 0 && r + 1 < n) ret = HcclSend(din.p, k, c.dt, r + 1, comm, s);
            if (r % 2 == 1) ret = HcclRecv(dout.p, k, c.dt, r - 1, comm, s);
            break;
        case kBatchRing: {
            HcclSendRecvItem items[2] = {{HCCL_SEND, din.p, k, c.dt, (r + 1) % n},
                                         {HCCL_RECV, dout.p, k, c.dt, (r + n - 1) % n}};
            ret = HcclBatchSendRecv(items, 2, comm, s);
            break;
        }
        case kBarrier: ret = HcclBarrier(comm, s); break;
        default: break;
    }
    if (ret != HCCL_SUCCESS) {
        std::fprintf(stderr, "rank %u: Hccl%s (dtype %d, op %d) returned %d: %s\n", r, kKindName[c.kind],
                     static_cast<int>(c.dt), static_cast<int>(c.op), static_cast<int>(ret), aclGetRecentErrMsg());
        std::exit(1);
    }
    CHECK(aclrtSynchronizeStream(s) == ACL_SUCCESS);
    if (!out.empty()) CHECK(aclrtMemcpy(out.data(), out.size(), dout.p, out.size(), ACL_MEMCPY_DEVICE_TO_HOST) == 0);
    return out;
}

std::vector<Case> Cases(uint32_t n) {
    std::vector<Case> cs;
    const HcclDataType dts[] = {HCCL_DATA_TYPE_FP32, HCCL_DATA_TYPE_FP16, HCCL_DATA_TYPE_BFP16, HCCL_DATA_TYPE_FP64,
                                HCCL_DATA_TYPE_INT8, HCCL_DATA_TYPE_INT32, HCCL_DATA_TYPE_INT64, HCCL_DATA_TYPE_UINT64,
                                HCCL_DATA_TYPE_UINT8};
    const HcclReduceOp ops[] = {HCCL_REDUCE_SUM, HCCL_REDUCE_PROD, HCCL_REDUCE_MAX, HCCL_REDUCE_MIN};
    for (HcclDataType dt : dts) {
        const bool reducible = dt != HCCL_DATA_TYPE_UINT8;  // CANN reduces no UINT8 (UINT64 stands in below)
        for (HcclReduceOp op : ops) {
            if (!reducible) break;
            cs.push_back({kAllReduce, dt, op, 1001, 0});
            cs.push_back({kReduceScatter, dt, op, 37, 0});
            cs.push_back({kReduce, dt, op, 77, n - 1});
            if (op != HCCL_REDUCE_PROD && dt != HCCL_DATA_TYPE_FP64 && dt != HCCL_DATA_TYPE_UINT64) {
                cs.push_back({kReduceScatterV, dt, op, 9, 0});
            }
        }
        cs.push_back({kBroadcast, dt, HCCL_REDUCE_SUM, 333, 1 % n});
        cs.push_back({kAllGather, dt, HCCL_REDUCE_SUM, 41, 0});
        cs.push_back({kScatter, dt, HCCL_REDUCE_SUM, 29, 0});
        cs.push_back({kAlltoAll, dt, HCCL_REDUCE_SUM, 13, 0});
        cs.push_back({kAlltoAllV, dt, HCCL_REDUCE_SUM, 11, 0});
        cs.push_back({kAllGatherV, dt, HCCL_REDUCE_SUM, 10, 0});
        cs.push_back({kBatchRing, dt, HCCL_REDUCE_SUM, 57, 0});
        if (n % 2 == 0) cs.push_back({kSendRecv, dt, HCCL_REDUCE_SUM, 19, 0});
    }
    cs.push_back({kAllReduce, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, 0, 0});  // count 0: a no-op
    cs.push_back({kBarrier, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, 0, 0});
    return cs;
}

uint64_t Fnv(uint64_t h, const std::vector<uint8_t>& v) {
    for (uint8_t b : v) h = (h ^ b) * 0x100000001B3ull;
    return h;
}

int64_t MsSince(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t).count();
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 5) {
        std::fprintf(stderr, "usage: hccl_rank <root info file> <nranks> <rank> all|die|mismatch|p2p|rsv|join\n");
        return 2;
    }
    const uint32_t n = static_cast<uint32_t>(std::atoi(argv[2])), r = static_cast<uint32_t>(std::atoi(argv[3]));
    const std::string scenario = argv[4];
    HcclRootInfo root;
    FILE* f = std::fopen(argv[1], "rb");
    if (f == nullptr || std::fread(&root, sizeof root, 1, f) != 1) {
        std::fprintf(stderr, "cannot read %s\n", argv[1]);
        return 2;
    }
    std::fclose(f);
    CHECK(aclInit(nullptr) == ACL_SUCCESS);
    CHECK(aclrtSetDevice(static_cast<int32_t>(r)) == ACL_SUCCESS);
    const auto t0 = std::chrono::steady_clock::now();
    HcclComm comm = nullptr;
    const HcclResult init = HcclCommInitRootInfo(n, &root, r, &comm);
    if (scenario == "join") {
        std::printf("rank %u init %d %lld\n", r, static_cast<int>(init), static_cast<long long>(MsSince(t0)));
        if (init == HCCL_SUCCESS) HcclCommDestroy(comm);
        aclFinalize();
        return 0;
    }
    CHECK(init == HCCL_SUCCESS);
    aclrtStream s = nullptr;
    CHECK(aclrtCreateStream(&s) == ACL_SUCCESS);
    if (scenario == "die") {
        CHECK(HcclBarrier(comm, s) == HCCL_SUCCESS);  // every rank has joined and is running
        CHECK(aclrtSynchronizeStream(s) == ACL_SUCCESS);
        if (r == n - 1) std::_Exit(0);  // dies without a word
        void* buf = nullptr;
        CHECK(aclrtMalloc(&buf, 4096, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
        CHECK(aclrtMemset(buf, 4096, 0, 4096) == ACL_SUCCESS);
        const auto t1 = std::chrono::steady_clock::now();
        CHECK(HcclAllReduce(buf, buf, 1024, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, s) == HCCL_SUCCESS);
        const aclError sync = aclrtSynchronizeStream(s);
        HcclResult async = HCCL_SUCCESS;
        CHECK(HcclGetCommAsyncError(comm, &async) == HCCL_SUCCESS);
        std::printf("rank %u failed %d %d %lld\n", r, static_cast<int>(sync), static_cast<int>(async),
                    static_cast<long long>(MsSince(t1)));
        CHECK(sync != ACL_SUCCESS && async != HCCL_SUCCESS);
        HcclCommDestroy(comm);
        aclrtFree(buf);
        aclrtDestroyStream(s);
        aclFinalize();
        return 0;
    }
    if (scenario == "p2p" || scenario == "rsv") {
        // p2p: rank 0 sends 64 FP32 to rank 1, which expects 8; rsv: ReduceScatterV whose rank 0 expects 4 elements
        // while the others send it 8. Every involved rank fails with HCCL_E_PARA; no process dies.
        void* buf = nullptr;
        CHECK(aclrtMalloc(&buf, 4096, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
        CHECK(aclrtMemset(buf, 4096, 0, 4096) == ACL_SUCCESS);
        void* out = nullptr;
        CHECK(aclrtMalloc(&out, 4096, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
        if (scenario == "p2p") {
            if (r == 0) CHECK(HcclSend(buf, 64, HCCL_DATA_TYPE_FP32, 1, comm, s) == HCCL_SUCCESS);
            if (r == 1) CHECK(HcclRecv(out, 8, HCCL_DATA_TYPE_FP32, 0, comm, s) == HCCL_SUCCESS);
        } else {
            std::vector<uint64_t> counts(n, 8), displs(n);
            for (uint32_t j = 0; j < n; ++j) displs[j] = 8 * j;
            CHECK(HcclReduceScatterV(buf, counts.data(), displs.data(), out, r == 0 ? 4 : 8, HCCL_DATA_TYPE_FP32,
                                     HCCL_REDUCE_SUM, comm, s) == HCCL_SUCCESS);
        }
        const auto t1 = std::chrono::steady_clock::now();
        const aclError sync = aclrtSynchronizeStream(s);
        HcclResult async = HCCL_SUCCESS;
        CHECK(HcclGetCommAsyncError(comm, &async) == HCCL_SUCCESS);
        std::printf("rank %u %s %d %d %lld\n", r, scenario.c_str(), static_cast<int>(sync), static_cast<int>(async),
                    static_cast<long long>(MsSince(t1)));
        HcclCommDestroy(comm);
        aclrtFree(buf);
        aclrtFree(out);
        aclrtDestroyStream(s);
        aclFinalize();
        return 0;
    }
    if (scenario == "mismatch") {  // rank 0 all-reduces 16 elements, the others 17: every rank's task fails
        void* buf = nullptr;
        CHECK(aclrtMalloc(&buf, 256, ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS);
        CHECK(aclrtMemset(buf, 256, 0, 256) == ACL_SUCCESS);
        CHECK(HcclAllReduce(buf, buf, r == 0 ? 16 : 17, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, s) == HCCL_SUCCESS);
        const aclError sync = aclrtSynchronizeStream(s);
        HcclResult async = HCCL_SUCCESS;
        CHECK(HcclGetCommAsyncError(comm, &async) == HCCL_SUCCESS);
        const char* msg = aclGetRecentErrMsg();
        std::printf("rank %u mismatch %d %d %s\n", r, static_cast<int>(sync), static_cast<int>(async), msg ? msg : "");
        HcclCommDestroy(comm);
        aclrtFree(buf);
        aclrtDestroyStream(s);
        aclFinalize();
        return 0;
    }
    // "all": the same cases through n threads of this process (HcclCommInitAll) for the reference.
    std::vector<Case> cases = Cases(n);
    std::vector<std::vector<std::vector<uint8_t>>> ref(n, std::vector<std::vector<uint8_t>>(cases.size()));
    {
        std::vector<int32_t> devs(n);
        for (uint32_t i = 0; i < n; ++i) devs[i] = static_cast<int32_t>(i);
        std::vector<HcclComm> comms(n, nullptr);
        CHECK(HcclCommInitAll(n, devs.data(), comms.data()) == HCCL_SUCCESS);
        std::vector<std::thread> ts;
        for (uint32_t i = 0; i < n; ++i) {
            ts.emplace_back([&, i] {
                CHECK(aclrtSetDevice(static_cast<int32_t>(i)) == ACL_SUCCESS);
                aclrtStream si = nullptr;
                CHECK(aclrtCreateStream(&si) == ACL_SUCCESS);
                for (size_t c = 0; c < cases.size(); ++c) ref[i][c] = RunCase(cases[c], static_cast<int>(c), i, n, comms[i], si);
                CHECK(aclrtDestroyStream(si) == ACL_SUCCESS);
            });
        }
        for (auto& t : ts) t.join();
        for (HcclComm c : comms) CHECK(HcclCommDestroy(c) == HCCL_SUCCESS);
        CHECK(aclrtSetDevice(static_cast<int32_t>(r)) == ACL_SUCCESS);
    }
    uint64_t shared = 0xCBF29CE484222325ull;
    for (size_t c = 0; c < cases.size(); ++c) {
        const std::vector<uint8_t> got = RunCase(cases[c], static_cast<int>(c), r, n, comm, s);
        if (got != ref[r][c]) {
            std::fprintf(stderr, "rank %u: Hccl%s dtype %d op %d count %llu differs from the in-process result\n", r,
                         kKindName[cases[c].kind], static_cast<int>(cases[c].dt), static_cast<int>(cases[c].op),
                         static_cast<unsigned long long>(cases[c].count));
            return 1;
        }
        const Kind k = cases[c].kind;
        if (k == kAllReduce || k == kAllGather || k == kBroadcast || k == kAllGatherV) shared = Fnv(shared, got);
    }
    std::printf("rank %u ok %016llx %zu\n", r, static_cast<unsigned long long>(shared), cases.size());
    CHECK(HcclCommDestroy(comm) == HCCL_SUCCESS);
    CHECK(aclrtDestroyStream(s) == ACL_SUCCESS);
    CHECK(aclrtResetDevice(static_cast<int32_t>(r)) == ACL_SUCCESS);
    CHECK(aclFinalize() == ACL_SUCCESS);
    return 0;
}
