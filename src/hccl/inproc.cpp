// The in-process transport: the ranks of a group are threads of this process sharing one InProcTransport.
//
// A numbered collective: each rank's task posts a pointer to its Op and meets the others at barrier A (all
// ranks arrived at collective `seq`); every rank then checks that the ranks issued the same collective (same
// verdict on every rank: they read the same posts) and computes its own part of the results from the
// others' inputs (reads only; writes go to disjoint ranges); barrier B then keeps every input and output in
// place until all ranks are done with them. AllReduce splits the reduction: rank r reduces slice r of every
// rank's input into its own output, then (after barrier B) copies the other slices from the other ranks'
// outputs, and barrier C ends it - 1 + 1/n reads and (2n - 1)/n copies per element instead of n reads.
//
// Waits are bounded by the group's execution timeout. The first failure (a timeout, disagreeing ranks, a rank
// that left, two ranks' tasks in one stream) breaks the group for good: every waiting rank wakes and fails
// with the same code and description, and so does every later call.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>

#include "common/status.h"
#include "hccl/hccl_internal.h"
#include "hccl/reduce.h"

namespace aclcpu {
namespace hccl {
namespace {

using Clock = std::chrono::steady_clock;
constexpr uint64_t kNoSeq = UINT64_MAX;

void Split(uint64_t count, uint32_t n, uint32_t r, uint64_t* lo, uint64_t* hi) {
    const uint64_t base = count / n, extra = count % n;
    *lo = r * base + std::min<uint64_t>(r, extra);
    *hi = *lo + base + (r < extra ? 1 : 0);
}

char* At(void* p, uint64_t elems, size_t es) { return static_cast<char*>(p) + elems * es; }
const char* At(const void* p, uint64_t elems, size_t es) { return static_cast<const char*>(p) + elems * es; }
void Copy(void* dst, const void* src, uint64_t bytes) {
    if (bytes != 0 && dst != src) std::memmove(dst, src, bytes);
}

class InProcTransport final : public Transport {
public:
    InProcTransport(uint32_t n, double timeout_s, std::string name)
        : n_(n), timeout_(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout_s))),
          timeout_s_(timeout_s), name_(std::move(name)), slots_(n, nullptr), slot_seq_(n, kNoSeq),
          snap_heads_(n), snap_ops_(n, nullptr), at_gen_(n, kNoSeq), pending_(n), running_(n, nullptr), left_after_(n, kNoSeq), box_(size_t(n) * n) {}

    uint32_t size() const override { return n_; }

    void Enqueued(uint32_t rank, uint64_t seq, const void* queue) override {
        std::lock_guard<std::mutex> lock(mu_);
        pending_[rank].push_back({seq, queue});
        cv_.notify_all();
    }
    void Started(uint32_t rank, uint64_t seq, const void* queue) override {
        std::lock_guard<std::mutex> lock(mu_);
        auto& v = pending_[rank];
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (it->first == seq && it->second == queue) {
                v.erase(it);
                break;
            }
        }
        running_[rank] = queue;
    }
    void Left(uint32_t rank, uint64_t enqueued) override {
        std::lock_guard<std::mutex> lock(mu_);
        left_after_[rank] = enqueued;
        cv_.notify_all();
    }
    int Broken(std::string* why) const override {
        std::lock_guard<std::mutex> lock(mu_);
        if (why != nullptr) *why = why_;
        return broken_;
    }

    int Run(uint32_t rank, uint64_t seq, const Op& op, std::string* why) override {
        if (op.kind == OpKind::kSendRecv) return RunP2P(rank, op, why);
        std::unique_lock<std::mutex> lock(mu_);
        if (broken_ != 0) return Fail(lock, why);
        slots_[rank] = &op;
        slot_seq_[rank] = seq;
        if (int rc = Barrier(lock, rank, seq, op, true, why)) return rc;
        // The snapshot barrier A's last arrival took: stable until every rank reaches the next barrier A.
        const std::vector<Head> heads = snap_heads_;
        const std::vector<const Op*> ops = snap_ops_;
        bool all_barriers = true;
        for (const Head& h : heads) all_barriers = all_barriers && h.kind == OpKind::kBarrier;
        if (all_barriers) return 0;
        std::string bad;
        if (!Agree(seq, heads, ops, &bad)) {
            Break(HCCL_E_PARA, bad);
            return Fail(lock, why);
        }
        // Every rank issued this (non-barrier) collective: their Ops stay valid until barrier B.
        lock.unlock();
        Compute(rank, ops, 0);
        lock.lock();
        if (int rc = Barrier(lock, rank, seq, op, false, why)) return rc;
        if (op.kind != OpKind::kAllReduce) return 0;
        lock.unlock();
        Compute(rank, ops, 1);
        lock.lock();
        return Barrier(lock, rank, seq, op, false, why);
    }

private:
    // What barrier A's snapshot keeps of each rank's post by value (its Op may end once a rank returns).
    struct Head {
        OpKind kind;
        HcclDataType dtype;
        HcclReduceOp red;
        uint32_t root;
        uint64_t count;
        uint64_t seq;
    };
    struct Post {
        const P2PItem* item;
        uint32_t src;
        bool taken = false, done = false;
        int err = 0;
    };

    int Fail(std::unique_lock<std::mutex>&, std::string* why) {
        if (why != nullptr) *why = why_;
        return broken_;
    }
    void Break(int code, const std::string& why) {
        if (broken_ == 0) {
            broken_ = code;
            why_ = "communicator " + name_ + ": " + why;
        }
        cv_.notify_all();
    }

    // A generation barrier. `first`: barrier A of a collective (ranks may not have arrived yet: a rank that
    // left, or whose task waits behind ours in our stream, never will).
    int Barrier(std::unique_lock<std::mutex>& lock, uint32_t rank, uint64_t seq, const Op& op, bool first,
                std::string* why) {
        const uint64_t gen = gen_;
        at_gen_[rank] = gen;
        if (++arrived_ == n_) {
            if (first) {
                for (uint32_t j = 0; j < n_; ++j) {
                    const Op& o = *slots_[j];
                    snap_heads_[j] = Head{o.kind, o.dtype, o.red, o.root, o.count, slot_seq_[j]};
                    snap_ops_[j] = slots_[j];
                }
            }
            arrived_ = 0;
            ++gen_;
            cv_.notify_all();
            return 0;
        }
        const auto deadline = Clock::now() + timeout_;
        while (gen_ == gen && broken_ == 0) {
            if (first) {
                for (uint32_t j = 0; j < n_ && broken_ == 0; ++j) {
                    if (at_gen_[j] == gen) continue;
                    if (left_after_[j] != kNoSeq && left_after_[j] <= seq) {
                        Break(HCCL_E_UNAVAIL, Format("rank %u was destroyed (HcclCommDestroy) after %llu collectives; "
                                                     "rank %u's %s #%llu cannot complete",
                                                     j, static_cast<unsigned long long>(left_after_[j]), rank,
                                                     OpName(op.kind), static_cast<unsigned long long>(seq)));
                    }
                    for (const auto& p : pending_[j]) {
                        if (p.first == seq && p.second == running_[rank]) {
                            Break(HCCL_E_PARA,
                                  Format("ranks %u and %u enqueued collective #%llu (%s) on the same stream; it would "
                                         "wait for itself. Give every rank its own stream (ranks on one device share "
                                         "its default stream)",
                                         rank, j, static_cast<unsigned long long>(seq), OpName(op.kind)));
                        }
                    }
                }
                if (broken_ != 0) break;
            }
            if (cv_.wait_until(lock, deadline) == std::cv_status::timeout && gen_ == gen && broken_ == 0) {
                std::string missing;
                for (uint32_t j = 0; j < n_; ++j) {
                    if (at_gen_[j] != gen) missing += (missing.empty() ? "" : ", ") + std::to_string(j);
                }
                Break(HCCL_E_TIMEOUT, Format("rank %u waited %g s (HCCL_EXEC_TIMEOUT) in %s #%llu for rank(s) %s",
                                             rank, timeout_s_, OpName(op.kind),
                                             static_cast<unsigned long long>(seq), missing.c_str()));
            }
        }
        if (gen_ != gen) return 0;  // completed (even if a break came later)
        return Fail(lock, why);
    }

    // Whether every rank posted the same collective; otherwise *bad says how they differ.
    bool Agree(uint64_t seq, const std::vector<Head>& heads, const std::vector<const Op*>& ops,
               std::string* bad) const {
        const Head& a = heads[0];
        const auto seqs = static_cast<unsigned long long>(seq);
        for (uint32_t j = 0; j < n_; ++j) {
            const Head& b = heads[j];
            if (b.seq != seq) {
                *bad = Format("rank %u is at collective #%llu, rank %u at #%llu", j,
                              static_cast<unsigned long long>(b.seq), 0u, static_cast<unsigned long long>(a.seq));
                return false;
            }
            if (b.kind != a.kind) {
                *bad = Format("collective #%llu: rank 0 issued %s, rank %u %s", seqs, OpName(a.kind), j,
                              OpName(b.kind));
                return false;
            }
            if (b.dtype != a.dtype) {
                *bad = Format("%s #%llu: rank 0 passed %s, rank %u %s", OpName(a.kind), seqs, DtypeName(a.dtype), j,
                              DtypeName(b.dtype));
                return false;
            }
            const bool reduces = a.kind == OpKind::kAllReduce || a.kind == OpKind::kReduce ||
                                 a.kind == OpKind::kReduceScatter || a.kind == OpKind::kReduceScatterV;
            if (reduces && b.red != a.red) {
                *bad = Format("%s #%llu: rank 0 passed op %d, rank %u op %d", OpName(a.kind), seqs,
                              static_cast<int>(a.red), j, static_cast<int>(b.red));
                return false;
            }
            const bool rooted = a.kind == OpKind::kBroadcast || a.kind == OpKind::kReduce ||
                                a.kind == OpKind::kScatter;
            if (rooted && b.root != a.root) {
                *bad = Format("%s #%llu: rank 0 passed root %u, rank %u root %u", OpName(a.kind), seqs, a.root, j,
                              b.root);
                return false;
            }
            const bool same_count = a.kind != OpKind::kAlltoAllV && a.kind != OpKind::kAllGatherV &&
                                    a.kind != OpKind::kReduceScatterV && a.kind != OpKind::kBarrier;
            if (same_count && b.count != a.count) {
                *bad = Format("%s #%llu: rank 0 passed count %llu, rank %u count %llu", OpName(a.kind), seqs,
                              static_cast<unsigned long long>(a.count), j, static_cast<unsigned long long>(b.count));
                return false;
            }
        }
        for (uint32_t r = 0; r < n_; ++r) {
            for (uint32_t j = 0; j < n_; ++j) {
                const Op& x = *ops[r];
                const Op& y = *ops[j];
                uint64_t sent = 0, expected = 0;
                switch (a.kind) {
                    case OpKind::kAlltoAllV: sent = y.send_counts[r]; expected = x.recv_counts[j]; break;
                    case OpKind::kAllGatherV: sent = y.count; expected = x.recv_counts[j]; break;
                    case OpKind::kReduceScatterV: sent = y.send_counts[r]; expected = x.count; break;
                    default: continue;
                }
                if (sent != expected) {
                    *bad = Format("%s #%llu: rank %u sends %llu elements to rank %u, which expects %llu", OpName(a.kind),
                                  seqs, j, static_cast<unsigned long long>(sent), r,
                                  static_cast<unsigned long long>(expected));
                    return false;
                }
            }
        }
        return true;
    }

    // Rank r's part of phase `phase` (0 after barrier A; 1 after barrier B, AllReduce only).
    void Compute(uint32_t r, const std::vector<const Op*>& ops, int phase) const {
        const Op& me = *ops[r];
        const size_t es = DtypeSize(me.dtype);
        std::vector<const void*> in(n_);
        switch (me.kind) {
            case OpKind::kAllReduce: {
                uint64_t lo, hi;
                if (phase == 0) {
                    Split(me.count, n_, r, &lo, &hi);
                    for (uint32_t j = 0; j < n_; ++j) in[j] = ops[j]->send;
                    ReduceRange(me.dtype, me.red, in.data(), n_, me.recv, lo, hi);
                } else {
                    for (uint32_t j = 0; j < n_; ++j) {
                        if (j == r) continue;
                        Split(me.count, n_, j, &lo, &hi);
                        Copy(At(me.recv, lo, es), At(ops[j]->recv, lo, es), (hi - lo) * es);
                    }
                }
                break;
            }
            case OpKind::kReduce: {
                uint64_t lo, hi;
                Split(me.count, n_, r, &lo, &hi);
                for (uint32_t j = 0; j < n_; ++j) in[j] = ops[j]->send;
                ReduceRange(me.dtype, me.red, in.data(), n_, ops[me.root]->recv, lo, hi);
                break;
            }
            case OpKind::kReduceScatter:
                for (uint32_t j = 0; j < n_; ++j) in[j] = At(ops[j]->send, r * me.count, es);
                ReduceRange(me.dtype, me.red, in.data(), n_, me.recv, 0, me.count);
                break;
            case OpKind::kReduceScatterV:
                for (uint32_t j = 0; j < n_; ++j) in[j] = At(ops[j]->send, ops[j]->send_displs[r], es);
                ReduceRange(me.dtype, me.red, in.data(), n_, me.recv, 0, me.count);
                break;
            case OpKind::kBroadcast:
                if (r != me.root) Copy(me.recv, ops[me.root]->send, me.count * es);
                break;
            case OpKind::kAllGather:
                for (uint32_t j = 0; j < n_; ++j) Copy(At(me.recv, j * me.count, es), ops[j]->send, me.count * es);
                break;
            case OpKind::kAllGatherV:
                for (uint32_t j = 0; j < n_; ++j) {
                    Copy(At(me.recv, me.recv_displs[j], es), ops[j]->send, ops[j]->count * es);
                }
                break;
            case OpKind::kScatter:
                Copy(me.recv, At(ops[me.root]->send, r * me.count, es), me.count * es);
                break;
            case OpKind::kAlltoAll:
                for (uint32_t j = 0; j < n_; ++j) {
                    Copy(At(me.recv, j * me.count, es), At(ops[j]->send, r * me.count, es), me.count * es);
                }
                break;
            case OpKind::kAlltoAllV:
                for (uint32_t j = 0; j < n_; ++j) {
                    Copy(At(me.recv, me.recv_displs[j], es), At(ops[j]->send, ops[j]->send_displs[r], es),
                         me.recv_counts[j] * es);
                }
                break;
            case OpKind::kBarrier:
            case OpKind::kSendRecv:
                break;
        }
    }

    // A batch of sends and receives: offer every send, serve every receive (FIFO per ordered pair of ranks),
    // then wait until every offered send was taken and copied.
    int RunP2P(uint32_t rank, const Op& op, std::string* why) {
        std::vector<Post> posts;
        posts.reserve(op.items.size());
        const P2PItem* self_send = nullptr;
        const P2PItem* self_recv = nullptr;
        for (const P2PItem& it : op.items) {
            if (it.peer == rank) {
                (it.send ? self_send : self_recv) = &it;
            } else if (it.send) {
                posts.push_back(Post{&it, rank});
            }
        }
        if (self_send != nullptr && self_recv != nullptr) {
            Copy(self_recv->buf, self_send->buf, self_send->count * DtypeSize(self_send->dtype));
        }
        std::unique_lock<std::mutex> lock(mu_);
        if (broken_ != 0) return Fail(lock, why);
        for (Post& p : posts) box_[size_t(rank) * n_ + p.item->peer].push_back(&p);
        cv_.notify_all();
        const auto deadline = Clock::now() + timeout_;
        int rc = 0;
        std::string mine;
        // A peer whose task is queued behind ours on our stream can never meet us: refused at once.
        auto queued_behind = [&](uint32_t peer) {
            for (const auto& q : pending_[peer]) {
                if (q.second == running_[rank]) {
                    Break(HCCL_E_PARA, Format("ranks %u and %u enqueued their point-to-point calls on the same stream; "
                                              "rank %u's would wait for rank %u's forever. Give every rank its own "
                                              "stream (ranks on one device share its default stream)",
                                              rank, peer, rank, peer));
                    return true;
                }
            }
            return false;
        };
        for (const P2PItem& it : op.items) {
            if (it.send || it.peer == rank) continue;
            auto& box = box_[size_t(it.peer) * n_ + rank];
            if (box.empty() && broken_ == 0 && queued_behind(it.peer)) break;
            while (box.empty() && broken_ == 0) {
                if (cv_.wait_until(lock, deadline) == std::cv_status::timeout && box.empty() && broken_ == 0) {
                    Break(HCCL_E_TIMEOUT, Format("rank %u waited %g s (HCCL_EXEC_TIMEOUT) to receive %llu elements "
                                                 "from rank %u; no matching HcclSend ran",
                                                 rank, timeout_s_, static_cast<unsigned long long>(it.count),
                                                 it.peer));
                }
                // The peer's call may have been enqueued after ours started: look again on every wake-up.
                if (box.empty() && broken_ == 0) queued_behind(it.peer);
            }
            if (broken_ != 0) break;
            Post* p = box.front();
            box.pop_front();
            p->taken = true;
            const P2PItem& s = *p->item;
            if (s.count != it.count || s.dtype != it.dtype) {
                p->err = HCCL_E_PARA;
                p->done = true;
                rc = HCCL_E_PARA;
                mine = Format("communicator %s: rank %u receives %llu elements of %s from rank %u, which sends %llu "
                              "of %s",
                              name_.c_str(), rank, static_cast<unsigned long long>(it.count), DtypeName(it.dtype),
                              it.peer, static_cast<unsigned long long>(s.count), DtypeName(s.dtype));
                cv_.notify_all();
                continue;
            }
            lock.unlock();
            Copy(it.buf, s.buf, it.count * DtypeSize(it.dtype));
            lock.lock();
            p->done = true;
            cv_.notify_all();
        }
        // Our offers: wait until taken and copied; withdraw the untaken ones when the group broke.
        for (Post& p : posts) {
            if (!p.done && !p.taken && broken_ == 0) queued_behind(p.item->peer);
            while (!p.done) {
                if (broken_ != 0 && !p.taken) {
                    auto& box = box_[size_t(rank) * n_ + p.item->peer];
                    box.erase(std::find(box.begin(), box.end(), &p));
                    break;
                }
                if (p.taken) {  // being copied: finishes without waiting for anyone
                    cv_.wait(lock);
                    continue;
                }
                if (cv_.wait_until(lock, deadline) == std::cv_status::timeout && !p.taken && broken_ == 0) {
                    Break(HCCL_E_TIMEOUT, Format("rank %u waited %g s (HCCL_EXEC_TIMEOUT) for rank %u to receive its "
                                                 "%llu elements; no matching HcclRecv ran",
                                                 rank, timeout_s_, p.item->peer,
                                                 static_cast<unsigned long long>(p.item->count)));
                }
                if (!p.taken && broken_ == 0) queued_behind(p.item->peer);  // enqueued since we looked
            }
            if (p.err != 0 && rc == 0) {
                rc = p.err;
                mine = Format("communicator %s: rank %u sends %llu elements of %s to rank %u, whose HcclRecv "
                              "differs in count or type",
                              name_.c_str(), rank, static_cast<unsigned long long>(p.item->count),
                              DtypeName(p.item->dtype), p.item->peer);
            }
        }
        if (rc != 0) {
            Break(rc, mine);  // the first failure breaks the group for good
            if (why != nullptr) *why = mine;
            return rc;
        }
        if (broken_ != 0) return Fail(lock, why);
        return 0;
    }

    const uint32_t n_;
    const Clock::duration timeout_;
    const double timeout_s_;
    const std::string name_;
    mutable std::mutex mu_;
    std::condition_variable cv_;
    std::vector<const Op*> slots_;
    std::vector<uint64_t> slot_seq_;
    std::vector<Head> snap_heads_;
    std::vector<const Op*> snap_ops_;
    std::vector<uint64_t> at_gen_;  // generation at which each rank last arrived at a barrier
    uint64_t arrived_ = 0, gen_ = 0;
    std::vector<std::vector<std::pair<uint64_t, const void*>>> pending_;
    std::vector<const void*> running_;
    std::vector<uint64_t> left_after_;
    std::vector<std::deque<Post*>> box_;  // [src * n + dst]: offered sends, oldest first
    int broken_ = 0;
    std::string why_;
};

}  // namespace

std::shared_ptr<Transport> MakeInProcTransport(uint32_t size, double timeout_s, const std::string& name) {
    return std::make_shared<InProcTransport>(size, timeout_s, name);
}

}  // namespace hccl
}  // namespace aclcpu
