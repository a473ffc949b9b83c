// The gloo transport of root-info communicators (rules: gloo_transport.h).
#include "hccl/gloo_transport.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <exception>
#include <mutex>
#include <vector>

#include <gloo/allgatherv.h>
#include <gloo/alltoallv.h>
#include <gloo/barrier.h>
#include <gloo/broadcast.h>
#include <gloo/common/error.h>
#include <gloo/rendezvous/context.h>
#include <gloo/rendezvous/prefix_store.h>
#include <gloo/transport/tcp/device.h>

#include "common/status.h"
#include "hccl/reduce.h"

namespace aclcpu {
namespace hccl {
namespace {

using Ms = std::chrono::milliseconds;

Ms ToMs(double s) { return Ms(static_cast<int64_t>(std::max(1.0, s * 1000.0))); }

// Slot prefixes of point-to-point messages: announcement, verdict, data (gloo's collectives use small
// prefixes with their tags); the message's number per ordered pair of ranks fills the low 56 bits.
constexpr uint64_t kP2PHeader = uint64_t{0xA5} << 56;
constexpr uint64_t kP2PVerdict = uint64_t{0xA6} << 56;
constexpr uint64_t kP2PData = uint64_t{0xA7} << 56;

// A one-byte stand-in for empty buffers: gloo wants a pointer even for zero bytes.
char g_empty[1];

// Copies the n pieces (counts[j] elements of es bytes at displs[j]) of `from` end to end into `to`.
void Pack(const void* from, const std::vector<uint64_t>& counts, const std::vector<uint64_t>& displs, size_t es,
          char* to) {
    uint64_t at = 0;
    for (size_t j = 0; j < counts.size(); ++j) {
        if (counts[j] > 0) std::memcpy(to + at * es, static_cast<const char*>(from) + displs[j] * es, counts[j] * es);
        at += counts[j];
    }
}

// The inverse of Pack: the pieces of `from`, end to end, to their displacements in `to`.
void Unpack(const char* from, const std::vector<uint64_t>& counts, const std::vector<uint64_t>& displs, size_t es,
            void* to) {
    uint64_t at = 0;
    for (size_t j = 0; j < counts.size(); ++j) {
        if (counts[j] > 0) std::memcpy(static_cast<char*>(to) + displs[j] * es, from + at * es, counts[j] * es);
        at += counts[j];
    }
}

class GlooTransport final : public Transport {
public:
    GlooTransport(uint32_t rank, uint32_t size, std::shared_ptr<gloo::rendezvous::Context> ctx, double exec_s)
        : rank_(rank), size_(size), ctx_(std::move(ctx)), timeout_(ToMs(exec_s)), sent_(size, 0), received_(size, 0) {}

    uint32_t size() const override { return size_; }

    int Run(uint32_t rank, uint64_t seq, const Op& op, std::string* why) override {
        std::lock_guard<std::mutex> lock(run_mu_);  // one collective at a time per rank, in the order tasks run
        if (int e = Broken(why)) return e;
        if (rank != rank_) {
            *why = Format("rank %u ran a collective on rank %u's transport", rank, rank_);
            return HCCL_E_INTERNAL;
        }
        try {
            // tags: 4 seq + 2 the agreement check, 4 seq and 4 seq + 1 the collective's own steps
            const uint32_t tag = static_cast<uint32_t>(seq * 4);
            if (op.kind != OpKind::kSendRecv) {
                if (int e = Agree(tag + 2, seq, op, why)) {
                    std::lock_guard<std::mutex> elock(err_mu_);
                    if (broken_ == 0) {
                        broken_ = e;
                        broken_why_ = *why;
                    }
                    return e;
                }
            }
            const int rc = Dispatch(tag, op, why);
            if (rc != 0) {  // the first failure breaks the group for good, as in one process
                std::lock_guard<std::mutex> elock(err_mu_);
                if (broken_ == 0) {
                    broken_ = rc;
                    broken_why_ = *why;
                }
            }
            return rc;
        } catch (const std::exception& e) {
            const std::string what = e.what();
            const bool timeout = what.find("imed out") != std::string::npos || what.find("imeout") != std::string::npos;
            const int code = timeout ? HCCL_E_TIMEOUT : HCCL_E_TCP_TRANSFER;
            const std::string which =
                op.kind == OpKind::kSendRecv ? std::string("HcclSend/HcclRecv") : Format("%s #%llu", OpName(op.kind),
                                                                                   static_cast<unsigned long long>(seq));
            *why = Format("%s on rank %u of %u: %s (a rank died, left, or ran past HCCL_EXEC_TIMEOUT)", which.c_str(),
                          rank_, size_, what.c_str());
            std::lock_guard<std::mutex> elock(err_mu_);
            if (broken_ == 0) {
                broken_ = code;
                broken_why_ = *why;
            }
            return code;
        }
    }

    void Enqueued(uint32_t, uint64_t, const void*) override {}
    void Started(uint32_t, uint64_t, const void*) override {}
    void Left(uint32_t, uint64_t) override {}  // the peers' next waits fail when this rank's pairs close

    int Broken(std::string* why) const override {
        std::lock_guard<std::mutex> lock(err_mu_);
        if (broken_ != 0 && why != nullptr) *why = broken_why_;
        return broken_;
    }

private:
    static char* Bytes(const void* p) { return p != nullptr ? static_cast<char*>(const_cast<void*>(p)) : g_empty; }

    // Every rank sends in_bytes[j] bytes of `in` (consecutive, in rank order) to rank j and receives
    // out_bytes[j] bytes from rank j into `out` (consecutive, in rank order).
    void AlltoAllV(uint32_t tag, const void* in, const std::vector<int64_t>& in_bytes, void* out,
                   const std::vector<int64_t>& out_bytes) {
        gloo::AlltoallvOptions o(ctx_);
        o.setInput(Bytes(in), in_bytes);
        o.setOutput(Bytes(out), out_bytes);
        o.setTag(tag);
        o.setTimeout(timeout_);
        gloo::alltoallv(o);
    }

    // Rank j's in_bytes[j] bytes land at the consecutive place j of `out` on every rank.
    void AllGatherV(uint32_t tag, const void* in, size_t in_bytes, void* out, const std::vector<size_t>& bytes) {
        gloo::AllgathervOptions o(ctx_);
        o.setInput(Bytes(in), in_bytes);
        o.setOutput(Bytes(out), bytes);
        o.setTag(tag);
        o.setTimeout(timeout_);
        gloo::allgatherv(o);
    }

    // The slices of `count` elements the ranks own in a reduction: rank j's starts at (*off)[j] and holds
    // (*cnt)[j] elements, [count * j / n, count * (j + 1) / n).
    void Slices(uint64_t count, std::vector<uint64_t>* off, std::vector<uint64_t>* cnt) const {
        off->resize(size_);
        cnt->resize(size_);
        for (uint32_t j = 0; j < size_; ++j) {
            (*off)[j] = count * j / size_;
            (*cnt)[j] = count * (j + 1) / size_ - (*off)[j];
        }
    }

    // The reduce-scatter core: rank r receives piece r of every rank's input (piece j: send_lo[j] elements
    // from `send` at displacement send_off[j]) and reduces them in rank order into `out` (my_count elements).
    int ReduceToMine(uint32_t tag, const Op& op, const std::vector<uint64_t>& send_off,
                     const std::vector<uint64_t>& send_cnt, uint64_t my_count, void* out, std::string* why) {
        const size_t es = DtypeSize(op.dtype);
        const uint32_t n = size_;
        // pack the pieces consecutively when they are not already (the V form's displacements)
        std::vector<char> packed;
        const char* in = static_cast<const char*>(op.send);
        bool consecutive = true;  // piece j right after piece j - 1
        uint64_t next = send_off[0];
        for (uint32_t j = 0; j < n; ++j) {
            if (send_off[j] != next) consecutive = false;
            next = send_off[j] + send_cnt[j];
        }
        std::vector<int64_t> in_bytes(n), out_bytes(n, static_cast<int64_t>(my_count * es));
        uint64_t total = 0;
        for (uint32_t j = 0; j < n; ++j) {
            in_bytes[j] = static_cast<int64_t>(send_cnt[j] * es);
            total += send_cnt[j];
        }
        if (!consecutive) {
            packed.resize(total * es);
            Pack(in, send_cnt, send_off, es, packed.data());
            in = packed.data();
        } else {
            in += send_off[0] * es;
        }
        char* gathered = Scratch(&gathered_, static_cast<size_t>(n) * my_count * es);
        AlltoAllV(tag, in, in_bytes, gathered, out_bytes);
        std::vector<const void*> parts(n);
        for (uint32_t j = 0; j < n; ++j) parts[j] = gathered + static_cast<size_t>(j) * my_count * es;
        if (my_count > 0 && !ReduceRange(op.dtype, op.red, parts.data(), n, out, 0, my_count)) {
            *why = Format("%s: no reduction for %s with op %d", OpName(op.kind), DtypeName(op.dtype),
                          static_cast<int>(op.red));
            return HCCL_E_NOT_SUPPORT;
        }
        return 0;
    }

    // Every rank's description of its collective number `seq`: the same kind, dtype, reduction, root and count
    // (where they apply) on every rank, and per-rank counts that fit each other, else HCCL_E_PARA with the
    // first difference (every rank sees the same descriptions, so all fail alike). One small all-gather.
    int Agree(uint32_t tag, uint64_t seq, const Op& op, std::string* why) {
        const uint32_t n = size_, r = rank_;
        const size_t words = 5 + 2 * static_cast<size_t>(n);
        std::vector<uint64_t> mine(words, 0), all(words * n);
        mine[0] = static_cast<uint64_t>(op.kind);
        mine[1] = static_cast<uint64_t>(op.dtype);
        mine[2] = static_cast<uint64_t>(op.red);
        mine[3] = op.root;
        mine[4] = op.count;
        for (uint32_t j = 0; j < n && j < op.send_counts.size(); ++j) mine[5 + j] = op.send_counts[j];
        for (uint32_t j = 0; j < n && j < op.recv_counts.size(); ++j) mine[5 + n + j] = op.recv_counts[j];
        std::vector<size_t> bytes(n, words * sizeof(uint64_t));
        AllGatherV(tag, mine.data(), words * sizeof(uint64_t), all.data(), bytes);
        const bool reducing = op.kind == OpKind::kAllReduce || op.kind == OpKind::kReduce ||
                              op.kind == OpKind::kReduceScatter || op.kind == OpKind::kReduceScatterV;
        const bool rooted = op.kind == OpKind::kBroadcast || op.kind == OpKind::kReduce || op.kind == OpKind::kScatter;
        const bool one_count = op.kind != OpKind::kAlltoAllV && op.kind != OpKind::kAllGatherV &&
                               op.kind != OpKind::kReduceScatterV && op.kind != OpKind::kBarrier;
        const unsigned long long k = static_cast<unsigned long long>(seq);
        for (uint32_t j = 0; j < n; ++j) {
            const uint64_t* d = &all[j * words];
            if (d[0] != mine[0]) {
                *why = Format("%s #%llu: rank %u issued %s as its collective #%llu", OpName(op.kind), k, j,
                              OpName(static_cast<OpKind>(d[0])), k);
            } else if (d[1] != mine[1]) {
                *why = Format("%s #%llu: rank %u uses dtype %s, rank %u %s", OpName(op.kind), k, j,
                              DtypeName(static_cast<int>(d[1])), r, DtypeName(op.dtype));
            } else if (reducing && d[2] != mine[2]) {
                *why = Format("%s #%llu: rank %u reduces with op %d, rank %u with %d", OpName(op.kind), k, j,
                              static_cast<int>(d[2]), r, static_cast<int>(op.red));
            } else if (rooted && d[3] != mine[3]) {
                *why = Format("%s #%llu: rank %u names root %llu, rank %u root %u", OpName(op.kind), k, j,
                              static_cast<unsigned long long>(d[3]), r, op.root);
            } else if (one_count && d[4] != mine[4]) {
                *why = Format("%s #%llu: rank %u has count %llu, rank %u %llu", OpName(op.kind), k, j,
                              static_cast<unsigned long long>(d[4]), r, static_cast<unsigned long long>(op.count));
            } else {
                continue;
            }
            return HCCL_E_PARA;
        }
        // The V forms: every pair of ranks (a sends, b receives) checked from the same descriptions on every rank,
        // so that all ranks reach the same verdict.
        if (op.kind != OpKind::kAlltoAllV && op.kind != OpKind::kAllGatherV && op.kind != OpKind::kReduceScatterV) {
            return 0;
        }
        for (uint32_t a = 0; a < n; ++a) {
            const uint64_t* da = &all[a * words];
            for (uint32_t b = 0; b < n; ++b) {
                const uint64_t* db = &all[b * words];
                uint64_t sent = 0, expected = 0;
                switch (op.kind) {
                    case OpKind::kAlltoAllV: sent = da[5 + b]; expected = db[5 + n + a]; break;  // send vs recv counts
                    case OpKind::kAllGatherV: sent = da[4]; expected = db[5 + n + a]; break;     // count vs recv counts
                    default: sent = da[5 + b]; expected = db[4]; break;  // ReduceScatterV: send counts vs recvCount
                }
                if (sent == expected) continue;
                *why = Format("%s #%llu: rank %u sends %llu elements to rank %u, which expects %llu", OpName(op.kind),
                              k, a, static_cast<unsigned long long>(sent), b, static_cast<unsigned long long>(expected));
                return HCCL_E_PARA;
            }
        }
        return 0;
    }

    int Dispatch(uint32_t tag, const Op& op, std::string* why) {
        const uint32_t n = size_, r = rank_;
        const size_t es = DtypeSize(op.dtype);
        switch (op.kind) {
            case OpKind::kBarrier: {
                gloo::BarrierOptions o(ctx_);
                o.setTag(tag);
                o.setTimeout(timeout_);
                gloo::barrier(o);
                return 0;
            }
            case OpKind::kAllReduce: {
                std::vector<uint64_t> off, cnt;
                Slices(op.count, &off, &cnt);
                // my slice reduced straight into its place in recv (send, which recv may be, was consumed by the
                // all-to-all), then gathered in place
                char* mine = static_cast<char*>(op.recv) + off[r] * es;
                if (int e = ReduceToMine(tag, op, off, cnt, cnt[r], mine, why)) return e;
                std::vector<size_t> bytes(n);
                for (uint32_t j = 0; j < n; ++j) bytes[j] = cnt[j] * es;
                AllGatherV(tag + 1, mine, cnt[r] * es, op.recv, bytes);
                return 0;
            }
            case OpKind::kReduceScatter: {
                std::vector<uint64_t> off(n), cnt(n, op.count);
                for (uint32_t j = 0; j < n; ++j) off[j] = static_cast<uint64_t>(j) * op.count;
                return ReduceToMine(tag, op, off, cnt, op.count, op.recv, why);
            }
            case OpKind::kReduceScatterV:
                return ReduceToMine(tag, op, op.send_displs, op.send_counts, op.count, op.recv, why);
            case OpKind::kReduce: {
                std::vector<uint64_t> off, cnt;
                Slices(op.count, &off, &cnt);
                std::vector<char> mine(cnt[r] * es);
                if (int e = ReduceToMine(tag, op, off, cnt, cnt[r], mine.data(), why)) return e;
                // every rank's reduced slice to the root, in place in its recv buffer
                std::vector<int64_t> in_bytes(n, 0), out_bytes(n, 0);
                in_bytes[op.root] = static_cast<int64_t>(mine.size());
                if (r == op.root) {
                    for (uint32_t j = 0; j < n; ++j) out_bytes[j] = static_cast<int64_t>(cnt[j] * es);
                }
                AlltoAllV(tag + 1, mine.data(), in_bytes, r == op.root ? op.recv : nullptr, out_bytes);
                return 0;
            }
            case OpKind::kBroadcast: {
                gloo::BroadcastOptions o(ctx_);
                o.setRoot(static_cast<int>(op.root));
                if (r == op.root) o.setInput(Bytes(op.send), op.count * es);
                o.setOutput(Bytes(op.recv), op.count * es);
                o.setTag(tag);
                o.setTimeout(timeout_);
                gloo::broadcast(o);
                return 0;
            }
            case OpKind::kAllGather: {
                std::vector<size_t> bytes(n, op.count * es);
                AllGatherV(tag, op.send, op.count * es, op.recv, bytes);
                return 0;
            }
            case OpKind::kAllGatherV: {
                std::vector<size_t> bytes(n);
                uint64_t total = 0;
                bool consecutive = true;
                for (uint32_t j = 0; j < n; ++j) {
                    bytes[j] = op.recv_counts[j] * es;
                    if (op.recv_displs[j] != total) consecutive = false;
                    total += op.recv_counts[j];
                }
                if (consecutive) {
                    AllGatherV(tag, op.send, op.count * es, op.recv, bytes);
                    return 0;
                }
                std::vector<char> tmp(total * es);
                AllGatherV(tag, op.send, op.count * es, tmp.data(), bytes);
                Unpack(tmp.data(), op.recv_counts, op.recv_displs, es, op.recv);
                return 0;
            }
            case OpKind::kScatter: {
                std::vector<int64_t> in_bytes(n, 0), out_bytes(n, 0);
                if (r == op.root) std::fill(in_bytes.begin(), in_bytes.end(), static_cast<int64_t>(op.count * es));
                out_bytes[op.root] = static_cast<int64_t>(op.count * es);
                AlltoAllV(tag, r == op.root ? op.send : nullptr, in_bytes, op.recv, out_bytes);
                return 0;
            }
            case OpKind::kAlltoAll: {
                std::vector<int64_t> bytes(n, static_cast<int64_t>(op.count * es));
                AlltoAllV(tag, op.send, bytes, op.recv, bytes);
                return 0;
            }
            case OpKind::kAlltoAllV: {
                std::vector<int64_t> in_bytes(n), out_bytes(n);
                uint64_t in_total = 0, out_total = 0;
                for (uint32_t j = 0; j < n; ++j) {
                    in_bytes[j] = static_cast<int64_t>(op.send_counts[j] * es);
                    out_bytes[j] = static_cast<int64_t>(op.recv_counts[j] * es);
                    in_total += op.send_counts[j];
                    out_total += op.recv_counts[j];
                }
                std::vector<char> in(in_total * es), out(out_total * es);
                Pack(op.send, op.send_counts, op.send_displs, es, in.data());
                AlltoAllV(tag, in.data(), in_bytes, out.data(), out_bytes);
                Unpack(out.data(), op.recv_counts, op.recv_displs, es, op.recv);
                return 0;
            }
            case OpKind::kSendRecv:
                return SendRecv(op, why);
        }
        *why = "unknown collective";
        return HCCL_E_INTERNAL;
    }

    // A batch of sends and receives: the k-th message from rank a to rank b matches b's k-th receive from a.
    // Each message is announced first (a 16-byte header: bytes and dtype) and answered (a 1-byte verdict), so
    // that a receive whose count or dtype differs fails on both ranks with HCCL_E_PARA before any data moves
    // (gloo itself would abort the process on a size mismatch).
    int SendRecv(const Op& op, std::string* why) {
        struct Msg {
            const P2PItem* it;
            uint64_t k;
            uint64_t hdr[2];
            char verdict = 0;
            std::unique_ptr<gloo::transport::UnboundBuffer> h, v, d;
        };
        std::vector<Msg> sends, recvs;
        std::vector<const P2PItem*> self_send, self_recv;
        for (const P2PItem& it : op.items) {
            if (it.peer == rank_) {
                (it.send ? self_send : self_recv).push_back(&it);
                continue;
            }
            Msg m;
            m.it = &it;
            m.k = (it.send ? sent_ : received_)[it.peer]++;
            m.hdr[0] = it.count * DtypeSize(it.dtype);
            m.hdr[1] = static_cast<uint64_t>(it.dtype);
            (it.send ? sends : recvs).push_back(std::move(m));
        }
        if (self_send.size() != self_recv.size()) {
            *why = Format("HcclBatchSendRecv: rank %u sends %zu messages to itself and receives %zu", rank_,
                          self_send.size(), self_recv.size());
            return HCCL_E_PARA;
        }
        for (size_t i = 0; i < self_send.size(); ++i) {
            if (self_send[i]->count != self_recv[i]->count || self_send[i]->dtype != self_recv[i]->dtype) {
                *why = Format("HcclBatchSendRecv: rank %u sends itself %llu elements of %s and receives %llu of %s",
                              rank_, static_cast<unsigned long long>(self_send[i]->count),
                              DtypeName(self_send[i]->dtype), static_cast<unsigned long long>(self_recv[i]->count),
                              DtypeName(self_recv[i]->dtype));
                return HCCL_E_PARA;
            }
        }
        // 1. announce every send and await its verdict; await every receive's announcement
        for (Msg& m : sends) {
            m.h = ctx_->createUnboundBuffer(m.hdr, sizeof m.hdr);
            m.h->send(static_cast<int>(m.it->peer), kP2PHeader | m.k);
            m.v = ctx_->createUnboundBuffer(&m.verdict, 1);
            m.v->recv(static_cast<int>(m.it->peer), kP2PVerdict | m.k);
        }
        uint64_t theirs[2] = {0, 0};
        std::vector<std::unique_ptr<uint64_t[]>> headers;
        for (Msg& m : recvs) {
            headers.emplace_back(new uint64_t[2]);
            m.h = ctx_->createUnboundBuffer(headers.back().get(), 2 * sizeof(uint64_t));
            m.h->recv(static_cast<int>(m.it->peer), kP2PHeader | m.k);
        }
        // 2. judge each receive, answer, and post the data receive when it fits
        std::string bad;
        for (size_t i = 0; i < recvs.size(); ++i) {
            Msg& m = recvs[i];
            if (!m.h->waitRecv(timeout_)) throw gloo::IoException("timed out receiving (HCCL_EXEC_TIMEOUT)");
            std::memcpy(theirs, headers[i].get(), sizeof theirs);
            m.verdict = theirs[0] == m.hdr[0] && theirs[1] == m.hdr[1] ? 1 : 0;
            if (!m.verdict && bad.empty()) {
                bad = Format("HcclRecv on rank %u from rank %u: %llu bytes of %s arrive, %llu bytes of %s are expected "
                             "(count %llu)",
                             rank_, m.it->peer, static_cast<unsigned long long>(theirs[0]),
                             DtypeName(static_cast<int>(theirs[1])), static_cast<unsigned long long>(m.hdr[0]),
                             DtypeName(m.it->dtype), static_cast<unsigned long long>(m.it->count));
            }
            m.v = ctx_->createUnboundBuffer(&m.verdict, 1);
            m.v->send(static_cast<int>(m.it->peer), kP2PVerdict | m.k);
            if (m.verdict && m.hdr[0] > 0) {
                m.d = ctx_->createUnboundBuffer(Bytes(m.it->buf), m.hdr[0]);
                m.d->recv(static_cast<int>(m.it->peer), kP2PData | m.k);
            }
        }
        // 3. send the data the receivers accepted
        for (Msg& m : sends) {
            if (!m.v->waitRecv(timeout_)) throw gloo::IoException("timed out sending (HCCL_EXEC_TIMEOUT)");
            if (!m.verdict) {
                if (bad.empty()) {
                    bad = Format("HcclSend on rank %u to rank %u: the receiver expects another count or dtype than "
                                 "%llu elements of %s",
                                 rank_, m.it->peer, static_cast<unsigned long long>(m.it->count),
                                 DtypeName(m.it->dtype));
                }
                continue;
            }
            if (m.hdr[0] > 0) {
                m.d = ctx_->createUnboundBuffer(Bytes(m.it->buf), m.hdr[0]);
                m.d->send(static_cast<int>(m.it->peer), kP2PData | m.k);
            }
        }
        // 4. everything delivered (the verdicts and headers too, before their buffers go)
        for (Msg& m : recvs) {
            if (m.d && !m.d->waitRecv(timeout_)) throw gloo::IoException("timed out receiving (HCCL_EXEC_TIMEOUT)");
            if (!m.v->waitSend(timeout_)) throw gloo::IoException("timed out sending (HCCL_EXEC_TIMEOUT)");
        }
        for (Msg& m : sends) {
            if (m.d && !m.d->waitSend(timeout_)) throw gloo::IoException("timed out sending (HCCL_EXEC_TIMEOUT)");
            if (!m.h->waitSend(timeout_)) throw gloo::IoException("timed out sending (HCCL_EXEC_TIMEOUT)");
        }
        for (size_t i = 0; i < self_send.size(); ++i) {
            std::memmove(self_recv[i]->buf, self_send[i]->buf, self_send[i]->count * DtypeSize(self_send[i]->dtype));
        }
        if (!bad.empty()) {
            *why = bad;
            return HCCL_E_PARA;
        }
        return 0;
    }

    // A scratch buffer kept for the next collective (grown when short, never zero-filled).
    struct Buf {
        std::unique_ptr<char[]> p;
        size_t n = 0;
    };
    static char* Scratch(Buf* b, size_t n) {
        if (b->n < n) {
            b->p.reset(new char[n]);
            b->n = n;
        }
        return b->p.get();
    }

    const uint32_t rank_, size_;
    std::shared_ptr<gloo::rendezvous::Context> ctx_;
    Buf gathered_;  // the pieces a reduction receives (under run_mu_)
    const Ms timeout_;
    std::mutex run_mu_;
    std::vector<uint64_t> sent_, received_;  // point-to-point messages per peer (under run_mu_)
    mutable std::mutex err_mu_;
    int broken_ = 0;
    std::string broken_why_;
};

}  // namespace

std::shared_ptr<Transport> MakeGlooTransport(uint32_t rank, uint32_t size, gloo::rendezvous::Store& store,
                                             const std::string& prefix, const std::string& local_ip, double connect_s,
                                             double exec_s, int* code, std::string* why) {
    try {
        gloo::rendezvous::PrefixStore scoped(prefix + "/gloo", store);
        gloo::transport::tcp::attr attr;
        attr.hostname = local_ip;
        auto dev = gloo::transport::tcp::CreateDevice(attr);
        auto ctx = std::make_shared<gloo::rendezvous::Context>(static_cast<int>(rank), static_cast<int>(size));
        ctx->setTimeout(ToMs(connect_s));
        ctx->connectFullMesh(scoped, dev);
        ctx->setTimeout(ToMs(exec_s));
        return std::make_shared<GlooTransport>(rank, size, std::move(ctx), exec_s);
    } catch (const std::exception& e) {
        const std::string what = e.what();
        *code = what.find("imed out") != std::string::npos ? HCCL_E_TIMEOUT : HCCL_E_TCP_CONNECT;
        *why = "rank " + std::to_string(rank) + " of " + std::to_string(size) + " could not connect to the others: " +
               what;
        return nullptr;
    }
}

}  // namespace hccl
}  // namespace aclcpu
