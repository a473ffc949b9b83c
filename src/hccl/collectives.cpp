// The collective and point-to-point entry points: argument checks on the calling thread (an HcclResult and a
// message for aclGetRecentErrMsg; nothing enqueued on failure), device buffers resolved and pinned
// (rt::PinBlocks: aclrtFree of a buffer waits until the task has run), then one stream task per call
// (rt::Enqueue, short_run false: it blocks in the transport until the other ranks' tasks meet it).
#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "common/status.h"
#include "hccl/hccl_internal.h"
#include "runtime/runtime.h"
#include "runtime/strict.h"
#include "runtime/strict_memory.h"

namespace aclcpu {
namespace hccl {
namespace {

#define HCCL_API extern "C" __attribute__((visibility("default")))

constexpr uint64_t kUnnumbered = UINT64_MAX;

enum class TypeSet { kMove, kReduce, kReduceV };

// Checks dtype (and op when `reduce`) for a call: HCCL_E_PARA unknown, HCCL_E_NOT_SUPPORT known but refused.
int CheckType(const char* api, HcclDataType dtype_arg, TypeSet set) {
    const int d = RawEnum(dtype_arg);
    if (DtypeSize(d) == 0) return Fail(HCCL_E_PARA, "%s: dataType %d is not an HcclDataType.", api, d);
    bool ok = false;
    switch (d) {
        case HCCL_DATA_TYPE_INT8: case HCCL_DATA_TYPE_INT16: case HCCL_DATA_TYPE_INT32: case HCCL_DATA_TYPE_INT64:
        case HCCL_DATA_TYPE_FP16: case HCCL_DATA_TYPE_FP32: case HCCL_DATA_TYPE_BFP16:
            ok = true;
            break;
        case HCCL_DATA_TYPE_UINT64: case HCCL_DATA_TYPE_FP64:
            ok = set != TypeSet::kReduceV;
            break;
        case HCCL_DATA_TYPE_UINT8: case HCCL_DATA_TYPE_UINT16: case HCCL_DATA_TYPE_UINT32:
            ok = set == TypeSet::kMove;
            break;
        default:
            ok = false;
    }
    if (!ok) {
        return Fail(HCCL_E_NOT_SUPPORT, "%s: dataType %s is not supported by this call%s.", api, DtypeName(d),
                    set == TypeSet::kMove ? ""
                    : set == TypeSet::kReduce
                        ? " (reductions: INT8, INT16, INT32, INT64, UINT64, FP16, FP32, FP64, BFP16)"
                        : " (INT8, INT16, INT32, INT64, FP16, FP32, BFP16)");
    }
    return 0;
}

int CheckOp(const char* api, HcclReduceOp op_arg, bool allow_prod) {
    const int op = RawEnum(op_arg);
    if (op < HCCL_REDUCE_SUM || op > HCCL_REDUCE_MIN) {
        return Fail(HCCL_E_PARA, "%s: op %d is not an HcclReduceOp (SUM 0, PROD 1, MAX 2, MIN 3).", api, op);
    }
    if (op == HCCL_REDUCE_PROD && !allow_prod) {
        return Fail(HCCL_E_NOT_SUPPORT, "%s: HCCL_REDUCE_PROD is not supported by this call (SUM, MAX, MIN).", api);
    }
    return 0;
}

// a * b * c elements of es bytes, false on overflow.
bool Bytes(uint64_t elems, uint64_t times, size_t es, uint64_t* out) {
    uint64_t e;
    return !__builtin_mul_overflow(elems, times, &e) && !__builtin_mul_overflow(e, static_cast<uint64_t>(es), out);
}

struct Written {
    void* strict;
    size_t off, n;
};

// One call being built: the communicator, the held stream, the Op and the pinned buffers.
struct Call {
    const char* api;
    std::shared_ptr<Comm> comm;
    std::shared_ptr<rt::Stream> stream;
    Op op;
    std::vector<const void*> pins;
    std::vector<Written> written;
    std::vector<rt::Access> acc;  // strict mode: the byte ranges the task reads and writes (device addresses)
    uint64_t seq = kUnnumbered;

    ~Call() {
        if (!pins.empty()) rt::UnpinBlocks(pins.data(), static_cast<int>(pins.size()));
    }

    // Resolves a device buffer of `bytes` bytes (0: not touched, any pointer) into *out, host-accessible.
    int Buffer(const char* name, const void* p, uint64_t bytes, bool write, const void** out) {
        *out = p;
        if (bytes == 0) return 0;
        if (p == nullptr) {
            return Fail(HCCL_E_PTR, "%s: %s is null but %llu bytes are needed.", api, name,
                        static_cast<unsigned long long>(bytes));
        }
        rt::Block b;
        if (!rt::PinBlocks(&p, 1, &b)) {
            return Fail(HCCL_E_PARA, "%s: %s %p is not inside a block from aclrtMalloc or aclrtMallocHost.", api, name,
                        p);
        }
        pins.push_back(p);
        const uintptr_t a = reinterpret_cast<uintptr_t>(p);
        if (!b.Holds(a, bytes)) {
            return Fail(HCCL_E_PARA,
                        "%s: %s %p needs %llu bytes, but its block (%zu bytes at 0x%llx) holds only %llu from there.",
                        api, name, p, static_cast<unsigned long long>(bytes), b.size,
                        static_cast<unsigned long long>(b.base),
                        static_cast<unsigned long long>(b.size - (a - b.base)));
        }
        *out = b.Accessible(p);
        if (write && b.strict != nullptr) written.push_back(Written{b.strict, a - b.base, bytes});
        if (StrictMode()) acc.push_back(rt::Access{a, a + bytes, write, name});
        return 0;
    }
    int Buffer(const char* name, void* p, uint64_t bytes, bool write, void** out) {
        const void* o;
        const int rc = Buffer(name, static_cast<const void*>(p), bytes, write, &o);
        *out = const_cast<void*>(o);
        return rc;
    }
};

struct TaskCtx {
    std::unique_ptr<Call> call;
    const void* queue;
};

int RunTask(void* p) {
    std::unique_ptr<TaskCtx> t(static_cast<TaskCtx*>(p));
    Call& c = *t->call;
    Transport& tr = *c.comm->transport;
    tr.Started(c.comm->rank, c.seq, t->queue);
    std::string why;
    const int rc = tr.Run(c.comm->rank, c.seq, c.op, &why);
    if (rc != 0) {
        c.comm->SetAsyncError(rc, why);
        Log(LogLevel::kError, "%s (rank %u): %s", c.api, c.comm->rank, why.c_str());
        // Ranks whose collective sequences differ (or two ranks queued on one stream): a bug of the program.
        if (rc == HCCL_E_PARA && StrictMode()) {
            StrictReport(StrictKind::kCollectiveMismatch, "%s on rank %u: %s", c.api, c.comm->rank, why.c_str());
        }
        return rc;
    }
    for (const Written& w : c.written) StrictMarkWritten(w.strict, w.off, w.n);
    return 0;
}

int NoopTask(void*) { return 0; }

// Looks up the communicator and holds the stream.
int Begin(Call* c, HcclComm comm, aclrtStream stream) {
    c->comm = LookupComm(comm, c->api);
    if (!c->comm) return HCCL_E_PARA;
    c->stream = rt::HoldStream(stream);
    if (!c->stream) {
        return Fail(HCCL_E_RUNTIME, "%s: stream %p is not a live aclrtStream (or aclInit has not been called).",
                    c->api, stream);
    }
    return 0;
}

int Enqueue(std::unique_ptr<Call> c, bool numbered) {
    Comm& comm = *c->comm;
    const void* queue = c->stream.get();
    std::shared_ptr<rt::Stream> stream = c->stream;
    const char* api = c->api;
    std::lock_guard<std::mutex> lock(comm.mu);
    c->seq = numbered ? comm.next_seq : kUnnumbered;
    const uint64_t seq = c->seq;
    comm.transport->Enqueued(comm.rank, seq, queue);
    // strict mode: the ranges, for the unsynchronized-access, race and peer-access checks (at most the
    // runtime's 16; a longer HcclBatchSendRecv is checked on its first 16 buffers)
    const int n_acc = static_cast<int>(std::min<size_t>(c->acc.size(), 16));
    std::vector<rt::Access> acc(c->acc.begin(), c->acc.begin() + n_acc);
    auto* ctx = new TaskCtx{std::move(c), queue};
    const int rc = n_acc > 0 ? rt::Enqueue(stream, rt::Task{&RunTask, ctx, false}, acc.data(), n_acc, api)
                             : rt::Enqueue(stream, rt::Task{&RunTask, ctx, false});
    if (rc != 0) {
        comm.transport->Started(comm.rank, seq, queue);  // withdraws the enqueue record
        delete ctx;
        return Fail(HCCL_E_RUNTIME, "%s: the stream refused the task (runtime error %d).", api, rc);
    }
    if (numbered) ++comm.next_seq;
    return 0;
}

// A count-0 call: nothing to exchange, a no-op task in stream order.
int EnqueueNoop(Call& c) {
    const int rc = rt::Enqueue(c.stream, rt::Task{&NoopTask, nullptr, false});
    if (rc != 0) return Fail(HCCL_E_RUNTIME, "%s: the stream refused the task (runtime error %d).", c.api, rc);
    return 0;
}

int CheckRank(const char* api, const char* what, uint32_t r, const Comm& c) {
    if (r >= c.size) return Fail(HCCL_E_PARA, "%s: %s %u is out of range; the communicator has %u rank(s).", api, what, r, c.size);
    return 0;
}

// Copies a host array of n uint64_t.
int HostArray(const char* api, const char* name, const void* p, uint32_t n, std::vector<uint64_t>* out) {
    if (p == nullptr) return Fail(HCCL_E_PTR, "%s: %s is null.", api, name);
    out->resize(n);
    std::memcpy(out->data(), p, sizeof(uint64_t) * n);
    return 0;
}

// Elements a buffer needs for per-rank (count, displacement) pairs: max(displ + count) over non-empty ranks.
int Extent(const char* api, const char* name, const std::vector<uint64_t>& counts, const std::vector<uint64_t>& displs,
           uint64_t* elems) {
    *elems = 0;
    for (size_t i = 0; i < counts.size(); ++i) {
        if (counts[i] == 0) continue;
        uint64_t end;
        if (__builtin_add_overflow(displs[i], counts[i], &end)) {
            return Fail(HCCL_E_PARA, "%s: %s entry %zu overflows (displacement + count).", api, name, i);
        }
        *elems = std::max(*elems, end);
    }
    return 0;
}

#define TRY(expr)                                              \
    do {                                                       \
        if (const int rc_ = (expr)) return static_cast<HcclResult>(rc_); \
    } while (0)

int BytesOrFail(const char* api, uint64_t elems, uint64_t times, size_t es, uint64_t* out) {
    if (!Bytes(elems, times, es, out)) return Fail(HCCL_E_PARA, "%s: the byte count overflows.", api);
    return 0;
}

// The reducing calls with one count: AllReduce, Reduce (root), ReduceScatter.
// sendBuf (sn bytes) and recvBuf (rn bytes) share no byte, unless sendBuf is exactly `in_place` (the in-place
// layout the call allows, described by `layout`; nullptr: none): else HCCL_E_PARA.
int CheckApart(const char* api, const void* send, uint64_t sn, const void* recv, uint64_t rn, const void* in_place,
               const char* layout) {
    const uintptr_t x = reinterpret_cast<uintptr_t>(send), y = reinterpret_cast<uintptr_t>(recv);
    if (sn == 0 || rn == 0 || x >= y + rn || y >= x + sn) return 0;
    if (in_place != nullptr && send == in_place) return 0;
    if (layout != nullptr) {
        return Fail(HCCL_E_PARA, "%s: sendBuf %p and recvBuf %p overlap; the only in-place layout is %s.", api, send,
                    recv, layout);
    }
    return Fail(HCCL_E_PARA, "%s: sendBuf %p and recvBuf %p overlap (this call has no in-place form).", api, send, recv);
}

// The end of every call with one send and one receive buffer: the overlap rule (CheckApart), both buffers
// resolved and pinned, the task enqueued (numbered).
HcclResult SendRecvBuffersAndEnqueue(std::unique_ptr<Call> c, const void* sendBuf, uint64_t in_bytes, void* recvBuf,
                                     uint64_t out_bytes, const void* in_place, const char* layout) {
    TRY(CheckApart(c->api, sendBuf, in_bytes, recvBuf, out_bytes, in_place, layout));
    TRY(c->Buffer("sendBuf", sendBuf, in_bytes, false, &c->op.send));
    TRY(c->Buffer("recvBuf", recvBuf, out_bytes, true, &c->op.recv));
    return static_cast<HcclResult>(Enqueue(std::move(c), true));
}

// A V form's host arrays of per-rank counts and displacements (rankSize uint64_t each): copied into *counts and
// *displs, and the bytes of the buffer they span into *bytes.
int PerRankArrays(const Call& c, const char* counts_name, const void* counts, const char* displs_name,
                  const void* displs, size_t es, std::vector<uint64_t>* cnt, std::vector<uint64_t>* dsp,
                  uint64_t* bytes) {
    const uint32_t n = c.comm->size;
    TRY(HostArray(c.api, counts_name, counts, n, cnt));
    TRY(HostArray(c.api, displs_name, displs, n, dsp));
    uint64_t elems = 0;
    const std::string what = std::string(counts_name) + "/" + displs_name;
    TRY(Extent(c.api, what.c_str(), *cnt, *dsp, &elems));
    return BytesOrFail(c.api, elems, 1, es, bytes);
}

HcclResult Reducing(const char* api, OpKind kind, void* sendBuf, void* recvBuf, uint64_t count, HcclDataType dataType,
                    HcclReduceOp op, uint32_t root, HcclComm comm, aclrtStream stream) {
    auto c = std::make_unique<Call>();
    c->api = api;
    TRY(Begin(c.get(), comm, stream));
    TRY(CheckType(api, dataType, TypeSet::kReduce));
    TRY(CheckOp(api, op, true));
    const Comm& cm = *c->comm;
    if (kind == OpKind::kReduce) TRY(CheckRank(api, "root", root, cm));
    if (count == 0) return static_cast<HcclResult>(EnqueueNoop(*c));
    const size_t es = DtypeSize(dataType);
    uint64_t in_bytes = 0, out_bytes = 0;
    TRY(BytesOrFail(api, count, kind == OpKind::kReduceScatter ? cm.size : 1, es, &in_bytes));
    TRY(BytesOrFail(api, count, 1, es, &out_bytes));
    if (kind == OpKind::kReduce && cm.rank != root) out_bytes = 0;  // only the root's recvBuf is written
    Op& o = c->op;
    o.kind = kind;
    o.dtype = dataType;
    o.red = op;
    o.root = root;
    o.count = count;
    if (kind == OpKind::kReduceScatter) {
        return SendRecvBuffersAndEnqueue(std::move(c), sendBuf, in_bytes, recvBuf, out_bytes,
                                         static_cast<char*>(recvBuf) - uint64_t{cm.rank} * count * es,
                                         "recvBuf = sendBuf + rank * recvCount elements");
    }
    return SendRecvBuffersAndEnqueue(std::move(c), sendBuf, in_bytes, recvBuf, out_bytes, recvBuf,
                                     "sendBuf == recvBuf");
}

int PointToPoint(const char* api, bool send, void* buf, uint64_t count, HcclDataType dataType, uint32_t peer,
                 HcclComm comm, aclrtStream stream) {
    auto c = std::make_unique<Call>();
    c->api = api;
    if (int rc = Begin(c.get(), comm, stream)) return rc;
    if (int rc = CheckType(api, dataType, TypeSet::kMove)) return rc;
    if (int rc = CheckRank(api, send ? "destRank" : "srcRank", peer, *c->comm)) return rc;
    if (peer == c->comm->rank) {
        return Fail(HCCL_E_PARA, "%s: %s %u is this rank itself.", api, send ? "destRank" : "srcRank", peer);
    }
    if (count == 0) return EnqueueNoop(*c);
    uint64_t bytes = 0;
    if (int rc = BytesOrFail(api, count, 1, DtypeSize(dataType), &bytes)) return rc;
    P2PItem it{send, peer, nullptr, count, dataType};
    if (int rc = c->Buffer(send ? "sendBuf" : "recvBuf", buf, bytes, !send, &it.buf)) return rc;
    c->op.kind = OpKind::kSendRecv;
    c->op.dtype = dataType;
    c->op.items.push_back(it);
    return Enqueue(std::move(c), false);
}

}  // namespace
}  // namespace hccl
}  // namespace aclcpu

using namespace aclcpu;
using namespace aclcpu::hccl;

HCCL_API HcclResult HcclAllReduce(void* sendBuf, void* recvBuf, uint64_t count, HcclDataType dataType, HcclReduceOp op,
                                  HcclComm comm, aclrtStream stream) {
    return Reducing("HcclAllReduce", OpKind::kAllReduce, sendBuf, recvBuf, count, dataType, op, 0, comm, stream);
}

HCCL_API HcclResult HcclReduce(void* sendBuf, void* recvBuf, uint64_t count, HcclDataType dataType, HcclReduceOp op,
                               uint32_t root, HcclComm comm, aclrtStream stream) {
    return Reducing("HcclReduce", OpKind::kReduce, sendBuf, recvBuf, count, dataType, op, root, comm, stream);
}

HCCL_API HcclResult HcclReduceScatter(void* sendBuf, void* recvBuf, uint64_t recvCount, HcclDataType dataType,
                                      HcclReduceOp op, HcclComm comm, aclrtStream stream) {
    return Reducing("HcclReduceScatter", OpKind::kReduceScatter, sendBuf, recvBuf, recvCount, dataType, op, 0, comm,
                    stream);
}

HCCL_API HcclResult HcclReduceScatterV(void* sendBuf, const void* sendCounts, const void* sendDispls, void* recvBuf,
                                       uint64_t recvCount, HcclDataType dataType, HcclReduceOp op, HcclComm comm,
                                       aclrtStream stream) {
    const char* api = "HcclReduceScatterV";
    auto c = std::make_unique<Call>();
    c->api = api;
    TRY(Begin(c.get(), comm, stream));
    TRY(CheckType(api, dataType, TypeSet::kReduceV));
    TRY(CheckOp(api, op, false));
    Op& o = c->op;
    const size_t es = DtypeSize(dataType);
    uint64_t in_bytes = 0, out_bytes = 0;
    TRY(PerRankArrays(*c, "sendCounts", sendCounts, "sendDispls", sendDispls, es, &o.send_counts, &o.send_displs,
                      &in_bytes));
    TRY(BytesOrFail(api, recvCount, 1, es, &out_bytes));
    o.kind = OpKind::kReduceScatterV;
    o.dtype = dataType;
    o.red = op;
    o.count = recvCount;
    return SendRecvBuffersAndEnqueue(std::move(c), sendBuf, in_bytes, recvBuf, out_bytes, nullptr, nullptr);
}

HCCL_API HcclResult HcclBroadcast(void* buf, uint64_t count, HcclDataType dataType, uint32_t root, HcclComm comm,
                                  aclrtStream stream) {
    const char* api = "HcclBroadcast";
    auto c = std::make_unique<Call>();
    c->api = api;
    TRY(Begin(c.get(), comm, stream));
    TRY(CheckType(api, dataType, TypeSet::kMove));
    TRY(CheckRank(api, "root", root, *c->comm));
    if (count == 0) return static_cast<HcclResult>(EnqueueNoop(*c));
    uint64_t bytes = 0;
    TRY(BytesOrFail(api, count, 1, DtypeSize(dataType), &bytes));
    Op& o = c->op;
    o.kind = OpKind::kBroadcast;
    o.dtype = dataType;
    o.root = root;
    o.count = count;
    TRY(c->Buffer("buf", buf, bytes, c->comm->rank != root, &o.recv));
    o.send = o.recv;
    return static_cast<HcclResult>(Enqueue(std::move(c), true));
}

HCCL_API HcclResult HcclScatter(void* sendBuf, void* recvBuf, uint64_t recvCount, HcclDataType dataType, uint32_t root,
                                HcclComm comm, aclrtStream stream) {
    const char* api = "HcclScatter";
    auto c = std::make_unique<Call>();
    c->api = api;
    TRY(Begin(c.get(), comm, stream));
    TRY(CheckType(api, dataType, TypeSet::kMove));
    TRY(CheckRank(api, "root", root, *c->comm));
    if (recvCount == 0) return static_cast<HcclResult>(EnqueueNoop(*c));
    const size_t es = DtypeSize(dataType);
    uint64_t in_bytes = 0, out_bytes = 0;
    TRY(BytesOrFail(api, recvCount, c->comm->size, es, &in_bytes));
    TRY(BytesOrFail(api, recvCount, 1, es, &out_bytes));
    if (c->comm->rank != root) in_bytes = 0;
    Op& o = c->op;
    o.kind = OpKind::kScatter;
    o.dtype = dataType;
    o.root = root;
    o.count = recvCount;
    return SendRecvBuffersAndEnqueue(std::move(c), sendBuf, in_bytes, recvBuf, out_bytes, nullptr, nullptr);
}

HCCL_API HcclResult HcclAllGather(void* sendBuf, void* recvBuf, uint64_t sendCount, HcclDataType dataType,
                                  HcclComm comm, aclrtStream stream) {
    const char* api = "HcclAllGather";
    auto c = std::make_unique<Call>();
    c->api = api;
    TRY(Begin(c.get(), comm, stream));
    TRY(CheckType(api, dataType, TypeSet::kMove));
    if (sendCount == 0) return static_cast<HcclResult>(EnqueueNoop(*c));
    const size_t es = DtypeSize(dataType);
    uint64_t in_bytes = 0, out_bytes = 0;
    TRY(BytesOrFail(api, sendCount, 1, es, &in_bytes));
    TRY(BytesOrFail(api, sendCount, c->comm->size, es, &out_bytes));
    Op& o = c->op;
    o.kind = OpKind::kAllGather;
    o.dtype = dataType;
    o.count = sendCount;
    const char* in_place = static_cast<char*>(recvBuf) + uint64_t{c->comm->rank} * in_bytes;
    return SendRecvBuffersAndEnqueue(std::move(c), sendBuf, in_bytes, recvBuf, out_bytes, in_place,
                                     "sendBuf = recvBuf + rank * sendCount elements");
}

HCCL_API HcclResult HcclAllGatherV(void* sendBuf, uint64_t sendCount, void* recvBuf, const void* recvCounts,
                                   const void* recvDispls, HcclDataType dataType, HcclComm comm, aclrtStream stream) {
    const char* api = "HcclAllGatherV";
    auto c = std::make_unique<Call>();
    c->api = api;
    TRY(Begin(c.get(), comm, stream));
    TRY(CheckType(api, dataType, TypeSet::kMove));
    Op& o = c->op;
    const size_t es = DtypeSize(dataType);
    uint64_t in_bytes = 0, out_bytes = 0;
    TRY(PerRankArrays(*c, "recvCounts", recvCounts, "recvDispls", recvDispls, es, &o.recv_counts, &o.recv_displs,
                      &out_bytes));
    TRY(BytesOrFail(api, sendCount, 1, es, &in_bytes));
    o.kind = OpKind::kAllGatherV;
    o.dtype = dataType;
    o.count = sendCount;
    return SendRecvBuffersAndEnqueue(std::move(c), sendBuf, in_bytes, recvBuf, out_bytes, nullptr, nullptr);
}

namespace {
int SameType(const char* api, HcclDataType sendType, HcclDataType recvType) {
    if (RawEnum(sendType) != RawEnum(recvType)) {
        return Fail(HCCL_E_PARA, "%s: sendType %s and recvType %s differ.", api, DtypeName(RawEnum(sendType)),
                    DtypeName(RawEnum(recvType)));
    }
    return 0;
}
int Apart(const char* api, const void* a, uint64_t an, const void* b, uint64_t bn) {
    const uintptr_t x = reinterpret_cast<uintptr_t>(a), y = reinterpret_cast<uintptr_t>(b);
    if (an != 0 && bn != 0 && x < y + bn && y < x + an) {
        return Fail(HCCL_E_PARA, "%s: sendBuf and recvBuf overlap (in-place all-to-all is not supported).", api);
    }
    return 0;
}

// AlltoAllV and AlltoAllVC (counts and displacements already in c->op).
HcclResult AlltoAllVCommon(std::unique_ptr<Call> c, const void* sendBuf, const void* recvBuf, HcclDataType dtype) {
    const char* api = c->api;
    Op& o = c->op;
    const size_t es = DtypeSize(dtype);
    uint64_t in_elems = 0, out_elems = 0, in_bytes = 0, out_bytes = 0;
    TRY(Extent(api, "sendCounts/sdispls", o.send_counts, o.send_displs, &in_elems));
    TRY(Extent(api, "recvCounts/rdispls", o.recv_counts, o.recv_displs, &out_elems));
    TRY(BytesOrFail(api, in_elems, 1, es, &in_bytes));
    TRY(BytesOrFail(api, out_elems, 1, es, &out_bytes));
    TRY(Apart(api, sendBuf, in_bytes, recvBuf, out_bytes));
    o.kind = OpKind::kAlltoAllV;
    o.dtype = dtype;
    TRY(c->Buffer("sendBuf", sendBuf, in_bytes, false, &o.send));
    TRY(c->Buffer("recvBuf", const_cast<void*>(recvBuf), out_bytes, true, &o.recv));
    return static_cast<HcclResult>(Enqueue(std::move(c), true));
}
}  // namespace

HCCL_API HcclResult HcclAlltoAll(const void* sendBuf, uint64_t sendCount, HcclDataType sendType, const void* recvBuf,
                                 uint64_t recvCount, HcclDataType recvType, HcclComm comm, aclrtStream stream) {
    const char* api = "HcclAlltoAll";
    auto c = std::make_unique<Call>();
    c->api = api;
    TRY(Begin(c.get(), comm, stream));
    TRY(CheckType(api, sendType, TypeSet::kMove));
    TRY(CheckType(api, recvType, TypeSet::kMove));
    TRY(SameType(api, sendType, recvType));
    if (sendCount != recvCount) {
        return static_cast<HcclResult>(Fail(HCCL_E_PARA, "%s: sendCount %llu and recvCount %llu differ.", api,
                                            static_cast<unsigned long long>(sendCount),
                                            static_cast<unsigned long long>(recvCount)));
    }
    if (sendCount == 0) return static_cast<HcclResult>(EnqueueNoop(*c));
    uint64_t bytes = 0;
    TRY(BytesOrFail(api, sendCount, c->comm->size, DtypeSize(sendType), &bytes));
    TRY(Apart(api, sendBuf, bytes, recvBuf, bytes));
    Op& o = c->op;
    o.kind = OpKind::kAlltoAll;
    o.dtype = sendType;
    o.count = sendCount;
    TRY(c->Buffer("sendBuf", sendBuf, bytes, false, &o.send));
    TRY(c->Buffer("recvBuf", const_cast<void*>(recvBuf), bytes, true, &o.recv));
    return static_cast<HcclResult>(Enqueue(std::move(c), true));
}

HCCL_API HcclResult HcclAlltoAllV(const void* sendBuf, const void* sendCounts, const void* sdispls,
                                  HcclDataType sendType, const void* recvBuf, const void* recvCounts,
                                  const void* rdispls, HcclDataType recvType, HcclComm comm, aclrtStream stream) {
    const char* api = "HcclAlltoAllV";
    auto c = std::make_unique<Call>();
    c->api = api;
    TRY(Begin(c.get(), comm, stream));
    TRY(CheckType(api, sendType, TypeSet::kMove));
    TRY(CheckType(api, recvType, TypeSet::kMove));
    TRY(SameType(api, sendType, recvType));
    const uint32_t n = c->comm->size;
    Op& o = c->op;
    TRY(HostArray(api, "sendCounts", sendCounts, n, &o.send_counts));
    TRY(HostArray(api, "sdispls", sdispls, n, &o.send_displs));
    TRY(HostArray(api, "recvCounts", recvCounts, n, &o.recv_counts));
    TRY(HostArray(api, "rdispls", rdispls, n, &o.recv_displs));
    return AlltoAllVCommon(std::move(c), sendBuf, recvBuf, sendType);
}

HCCL_API HcclResult HcclAlltoAllVC(const void* sendBuf, const void* sendCountMatrix, HcclDataType sendType,
                                   const void* recvBuf, HcclDataType recvType, HcclComm comm, aclrtStream stream) {
    const char* api = "HcclAlltoAllVC";
    auto c = std::make_unique<Call>();
    c->api = api;
    TRY(Begin(c.get(), comm, stream));
    TRY(CheckType(api, sendType, TypeSet::kMove));
    TRY(CheckType(api, recvType, TypeSet::kMove));
    TRY(SameType(api, sendType, recvType));
    const uint32_t n = c->comm->size, r = c->comm->rank;
    std::vector<uint64_t> m;
    TRY(HostArray(api, "sendCountMatrix", sendCountMatrix, n * n, &m));
    Op& o = c->op;
    o.send_counts.assign(n, 0);
    o.send_displs.assign(n, 0);
    o.recv_counts.assign(n, 0);
    o.recv_displs.assign(n, 0);
    uint64_t s = 0, q = 0;
    for (uint32_t j = 0; j < n; ++j) {
        o.send_counts[j] = m[size_t(r) * n + j];
        o.send_displs[j] = s;
        o.recv_counts[j] = m[size_t(j) * n + r];
        o.recv_displs[j] = q;
        if (__builtin_add_overflow(s, o.send_counts[j], &s) || __builtin_add_overflow(q, o.recv_counts[j], &q)) {
            return static_cast<HcclResult>(Fail(HCCL_E_PARA, "%s: sendCountMatrix sums overflow.", api));
        }
    }
    return AlltoAllVCommon(std::move(c), sendBuf, recvBuf, sendType);
}

HCCL_API HcclResult HcclSend(void* sendBuf, uint64_t count, HcclDataType dataType, uint32_t destRank, HcclComm comm,
                             aclrtStream stream) {
    return static_cast<HcclResult>(PointToPoint("HcclSend", true, sendBuf, count, dataType, destRank, comm, stream));
}

HCCL_API HcclResult HcclRecv(void* recvBuf, uint64_t count, HcclDataType dataType, uint32_t srcRank, HcclComm comm,
                             aclrtStream stream) {
    return static_cast<HcclResult>(PointToPoint("HcclRecv", false, recvBuf, count, dataType, srcRank, comm, stream));
}

HCCL_API HcclResult HcclBatchSendRecv(HcclSendRecvItem* sendRecvInfo, uint32_t itemNum, HcclComm comm,
                                      aclrtStream stream) {
    const char* api = "HcclBatchSendRecv";
    auto c = std::make_unique<Call>();
    c->api = api;
    TRY(Begin(c.get(), comm, stream));
    if (sendRecvInfo == nullptr) return static_cast<HcclResult>(Fail(HCCL_E_PTR, "%s: sendRecvInfo is null.", api));
    const uint32_t n = c->comm->size, me = c->comm->rank;
    if (itemNum == 0 || itemNum > 2 * n) {
        return static_cast<HcclResult>(
            Fail(HCCL_E_PARA, "%s: itemNum %u is not in [1, %u] (twice the rank size).", api, itemNum, 2 * n));
    }
    std::vector<int> send_of(n, -1), recv_of(n, -1);
    for (uint32_t i = 0; i < itemNum; ++i) {
        const HcclSendRecvItem& it = sendRecvInfo[i];
        const int type = RawEnum(it.sendRecvType);
        if (type != HCCL_SEND && type != HCCL_RECV) {
            return static_cast<HcclResult>(Fail(HCCL_E_PARA, "%s: item %u: sendRecvType %d is neither HCCL_SEND nor "
                                                "HCCL_RECV.", api, i, type));
        }
        TRY(CheckType(api, it.dataType, TypeSet::kMove));
        TRY(CheckRank(api, "remoteRank", it.remoteRank, *c->comm));
        std::vector<int>& slot = type == HCCL_SEND ? send_of : recv_of;
        if (slot[it.remoteRank] >= 0) {
            return static_cast<HcclResult>(Fail(HCCL_E_PARA, "%s: items %d and %u both %s rank %u.", api,
                                                slot[it.remoteRank], i, type == HCCL_SEND ? "send to" : "receive from",
                                                it.remoteRank));
        }
        slot[it.remoteRank] = static_cast<int>(i);
    }
    if ((send_of[me] >= 0) != (recv_of[me] >= 0)) {
        return static_cast<HcclResult>(
            Fail(HCCL_E_PARA, "%s: a send to this rank (%u) needs a receive from it in the same batch, and back.", api, me));
    }
    if (send_of[me] >= 0) {
        const HcclSendRecvItem& s = sendRecvInfo[send_of[me]];
        const HcclSendRecvItem& r = sendRecvInfo[recv_of[me]];
        if (s.count != r.count || RawEnum(s.dataType) != RawEnum(r.dataType)) {
            return static_cast<HcclResult>(
                Fail(HCCL_E_PARA, "%s: the send to this rank and the receive from it differ in count or type.", api));
        }
    }
    Op& o = c->op;
    o.kind = OpKind::kSendRecv;
    for (uint32_t i = 0; i < itemNum; ++i) {
        const HcclSendRecvItem& it = sendRecvInfo[i];
        const bool send = RawEnum(it.sendRecvType) == HCCL_SEND;
        uint64_t bytes = 0;
        TRY(BytesOrFail(api, it.count, 1, DtypeSize(it.dataType), &bytes));
        P2PItem p{send, it.remoteRank, nullptr, it.count, it.dataType};
        TRY(c->Buffer(send ? "a send item's buf" : "a receive item's buf", it.buf, bytes, !send, &p.buf));
        o.items.push_back(p);
    }
    return static_cast<HcclResult>(Enqueue(std::move(c), false));
}

HCCL_API HcclResult HcclBarrier(HcclComm comm, aclrtStream stream) {
    auto c = std::make_unique<Call>();
    c->api = "HcclBarrier";
    TRY(Begin(c.get(), comm, stream));
    c->op.kind = OpKind::kBarrier;
    return static_cast<HcclResult>(Enqueue(std::move(c), true));
}
