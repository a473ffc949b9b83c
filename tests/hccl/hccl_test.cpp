// The collectives (libhccl, include/hccl/hccl.h): CANN's layouts and values, every collective x dtype x
// reduction on 2, 4 and 8 ranks (threads of this process) against host references computed here, bitwise
// identical on every rank and across reruns, count 0, misuse codes, timeouts and broken groups, cross-process
// root infos, HcclCommInitAll's device checks, and the README example.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>

#include "hccl/hccl.h"
#include "support/child_process.h"
#include "hccl_harness.h"

using namespace hccl_test;

namespace {

// ------------------------------------------------------------------------------------------------ facts

TEST(HcclFacts, LayoutsAndValuesAreCanns) {
    EXPECT_EQ(sizeof(HcclRootInfo), 4108u);
    EXPECT_EQ(HCCL_ROOT_INFO_BYTES, 4108u);
    EXPECT_EQ(sizeof(HcclCommConfig), 2240u);
    EXPECT_EQ(offsetof(HcclCommConfig, hcclBufferSize), 24u);
    EXPECT_EQ(offsetof(HcclCommConfig, hcclCommName), 32u);
    EXPECT_EQ(offsetof(HcclCommConfig, hcclOpExpansionMode), 288u);
    EXPECT_EQ(offsetof(HcclCommConfig, hcclJobID), 304u);
    EXPECT_EQ(offsetof(HcclCommConfig, aclGraphZeroCopyEnable), 312u);
    EXPECT_EQ(offsetof(HcclCommConfig, hcclExecTimeOut), 316u);
    EXPECT_EQ(offsetof(HcclCommConfig, hcclAlgo), 320u);
    EXPECT_EQ(offsetof(HcclCommConfig, hcclQos), 2228u);
    EXPECT_EQ(offsetof(HcclCommConfig, hcclSymWinMaxMemSizePerRank), 2232u);
    EXPECT_EQ(sizeof(HcclSendRecvItem), 32u);
    EXPECT_EQ(HCCL_DATA_TYPE_INT8, 0);
    EXPECT_EQ(HCCL_DATA_TYPE_INT16, 1);
    EXPECT_EQ(HCCL_DATA_TYPE_INT32, 2);
    EXPECT_EQ(HCCL_DATA_TYPE_FP16, 3);
    EXPECT_EQ(HCCL_DATA_TYPE_FP32, 4);
    EXPECT_EQ(HCCL_DATA_TYPE_INT64, 5);
    EXPECT_EQ(HCCL_DATA_TYPE_UINT64, 6);
    EXPECT_EQ(HCCL_DATA_TYPE_UINT8, 7);
    EXPECT_EQ(HCCL_DATA_TYPE_UINT16, 8);
    EXPECT_EQ(HCCL_DATA_TYPE_UINT32, 9);
    EXPECT_EQ(HCCL_DATA_TYPE_FP64, 10);
    EXPECT_EQ(HCCL_DATA_TYPE_BFP16, 11);
    EXPECT_EQ(HCCL_DATA_TYPE_INT128, 12);
    EXPECT_EQ(HCCL_DATA_TYPE_HIF8, 14);
    EXPECT_EQ(HCCL_DATA_TYPE_FP8E8M0, 17);
    EXPECT_EQ(HCCL_REDUCE_SUM, 0);
    EXPECT_EQ(HCCL_REDUCE_PROD, 1);
    EXPECT_EQ(HCCL_REDUCE_MAX, 2);
    EXPECT_EQ(HCCL_REDUCE_MIN, 3);
    EXPECT_EQ(HCCL_E_PARA, 1);
    EXPECT_EQ(HCCL_E_TIMEOUT, 9);
    EXPECT_EQ(HCCL_E_OOM, 24);
    EXPECT_EQ(HCCL_E_IN_STATUS, 1041);
    EXPECT_EQ(HCCL_CMD_BARRIER, 103);
    EXPECT_STREQ(HcclGetErrorString(HCCL_SUCCESS), "no error");
    EXPECT_STREQ(HcclGetErrorString(HCCL_E_PARA), "parameter error");
    EXPECT_STREQ(HcclGetErrorString(HCCL_E_TIMEOUT), "timeout");
    EXPECT_STREQ(HcclGetErrorString(static_cast<HcclResult>(4242)), "unknow error");
    HcclCommConfig cfg;
    HcclCommConfigInit(&cfg);
    size_t size;
    uint32_t magic, version;
    std::memcpy(&size, &cfg, sizeof size);
    std::memcpy(&magic, reinterpret_cast<char*>(&cfg) + 8, 4);
    std::memcpy(&version, reinterpret_cast<char*>(&cfg) + 12, 4);
    EXPECT_EQ(size, sizeof(HcclCommConfig));
    EXPECT_EQ(magic, 0xf0f0f0f0u);
    EXPECT_EQ(version, 10u);
    EXPECT_EQ(cfg.hcclExecTimeOut, -1);
    EXPECT_EQ(HcclGetCommConfigCapability(), static_cast<uint32_t>(HCCL_COMM_CONFIG_RESERVED));
}

// ------------------------------------------------------------------------------------------ reductions

// Results of every rank of every case: results[case][rank].
using Results = std::map<std::string, std::vector<std::vector<uint8_t>>>;

struct Collector {
    std::mutex mu;
    Results res;
    void Put(const std::string& key, uint32_t rank, uint32_t n, std::vector<uint8_t> v) {
        std::lock_guard<std::mutex> lock(mu);
        auto& slot = res[key];
        slot.resize(n);
        slot[rank] = std::move(v);
    }
};

std::string Key(const char* what, HcclDataType t, int op = -1) {
    return std::string(what) + "/" + std::to_string(t) + "/" + std::to_string(op);
}

constexpr size_t kCount = 1037;  // not a multiple of any rank count: uneven slices
constexpr size_t kRsCount = 129;

Results RunReductions(uint32_t n) {
    Collector col;
    RunRanks(n, [&](const Rank& rk) {
        std::vector<std::unique_ptr<DevBuf>> keep;
        std::vector<std::pair<std::string, DevBuf*>> outs;
        for (HcclDataType t : kReduceTypes) {
            const size_t es = Size(t);
            for (HcclReduceOp op : kOps) {
                const uint32_t root = (static_cast<uint32_t>(t) + op) % n;
                auto in = std::make_unique<DevBuf>(kCount * es);
                in->Put(Inputs(t, rk.rank, kCount, op));
                auto ar = std::make_unique<DevBuf>(kCount * es);
                ASSERT_EQ(HcclAllReduce(in->p, ar->p, kCount, t, op, rk.comm, rk.stream), HCCL_SUCCESS)
                    << aclGetRecentErrMsg();
                auto red = std::make_unique<DevBuf>(kCount * es);
                ASSERT_EQ(HcclReduce(in->p, red->p, kCount, t, op, root, rk.comm, rk.stream), HCCL_SUCCESS);
                auto rsin = std::make_unique<DevBuf>(kRsCount * n * es);
                rsin->Put(Inputs(t, rk.rank, kRsCount * n, 100 + op));
                auto rs = std::make_unique<DevBuf>(kRsCount * es);
                ASSERT_EQ(HcclReduceScatter(rsin->p, rs->p, kRsCount, t, op, rk.comm, rk.stream), HCCL_SUCCESS);
                outs.push_back({Key("allreduce", t, op), ar.get()});
                if (rk.rank == root) outs.push_back({Key("reduce", t, op), red.get()});
                outs.push_back({Key("reducescatter", t, op), rs.get()});
                for (auto* b : {&in, &ar, &red, &rsin, &rs}) keep.push_back(std::move(*b));
            }
        }
        // In place: sendBuf == recvBuf.
        auto inplace = std::make_unique<DevBuf>(kCount * 4);
        inplace->Put(Inputs(HCCL_DATA_TYPE_FP32, rk.rank, kCount, 7));
        ASSERT_EQ(HcclAllReduce(inplace->p, inplace->p, kCount, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, rk.comm,
                                rk.stream),
                  HCCL_SUCCESS);
        outs.push_back({"inplace", inplace.get()});
        keep.push_back(std::move(inplace));
        ASSERT_EQ(aclrtSynchronizeStream(rk.stream), ACL_SUCCESS) << aclGetRecentErrMsg();
        for (auto& o : outs) col.Put(o.first, rk.rank, n, o.second->Get());
    });
    return col.res;
}

void CheckReductions(uint32_t n) {
    const Results a = RunReductions(n);
    const Results b = RunReductions(n);  // a rerun: the same bits
    ASSERT_EQ(a.size(), b.size());
    for (HcclDataType t : kReduceTypes) {
        const size_t es = Size(t);
        for (HcclReduceOp op : kOps) {
            const uint32_t root = (static_cast<uint32_t>(t) + op) % n;
            std::vector<std::vector<uint8_t>> in, rsin;
            for (uint32_t r = 0; r < n; ++r) {
                in.push_back(Inputs(t, r, kCount, op));
                rsin.push_back(Inputs(t, r, kRsCount * n, 100 + op));
            }
            const auto want = Reduce(t, op, in, 0, kCount);
            const auto& ar = a.at(Key("allreduce", t, op));
            for (uint32_t r = 0; r < n; ++r) {
                EXPECT_EQ(ar[r], want) << "AllReduce dtype " << t << " op " << op << " rank " << r << " of " << n;
                EXPECT_EQ(b.at(Key("allreduce", t, op))[r], ar[r]) << "rerun differs";
                const auto want_rs = Reduce(t, op, rsin, r * kRsCount, kRsCount);
                EXPECT_EQ(a.at(Key("reducescatter", t, op))[r], want_rs)
                    << "ReduceScatter dtype " << t << " op " << op << " rank " << r;
                EXPECT_EQ(b.at(Key("reducescatter", t, op))[r], want_rs);
            }
            EXPECT_EQ(a.at(Key("reduce", t, op))[root], want) << "Reduce dtype " << t << " op " << op;
            EXPECT_EQ(b.at(Key("reduce", t, op))[root], want);
            (void)es;
        }
    }
    std::vector<std::vector<uint8_t>> in;
    for (uint32_t r = 0; r < n; ++r) in.push_back(Inputs(HCCL_DATA_TYPE_FP32, r, kCount, 7));
    const auto want = Reduce(HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, in, 0, kCount);
    for (uint32_t r = 0; r < n; ++r) EXPECT_EQ(a.at("inplace")[r], want) << "in-place AllReduce rank " << r;
}

TEST(HcclReductions, TwoRanks) { CheckReductions(2); }
TEST(HcclReductions, FourRanks) { CheckReductions(4); }
TEST(HcclReductions, EightRanks) { CheckReductions(8); }

// FP16 is reduced in float32 and rounded once: 1 + 2^-11 + 2^-11 = 1 + 2^-10 (rounding after each step
// would give 1, the first sum being a tie that rounds to even).
TEST(HcclReductions, HalfRoundsOnceAtTheEnd) {
    const uint16_t vals[3] = {0x3c00, 0x1000, 0x1000};  // 1, 2^-11, 2^-11
    std::vector<uint16_t> got(3, 0);
    RunRanks(3, [&](const Rank& rk) {
        DevBuf in(2), out(2);
        in.Put({static_cast<uint8_t>(vals[rk.rank] & 0xff), static_cast<uint8_t>(vals[rk.rank] >> 8)});
        ASSERT_EQ(HcclAllReduce(in.p, out.p, 1, HCCL_DATA_TYPE_FP16, HCCL_REDUCE_SUM, rk.comm, rk.stream), HCCL_SUCCESS);
        ASSERT_EQ(aclrtSynchronizeStream(rk.stream), ACL_SUCCESS);
        const auto h = out.Get();
        got[rk.rank] = static_cast<uint16_t>(h[0] | (h[1] << 8));
    });
    for (uint16_t g : got) EXPECT_EQ(g, 0x3c01);
}

// MAX/MIN propagate NaN: an input NaN at element 5 of rank 1 makes element 5 NaN on every rank.
TEST(HcclReductions, MaxMinPropagateNan) {
    for (HcclReduceOp op : {HCCL_REDUCE_MAX, HCCL_REDUCE_MIN}) {
        std::vector<std::vector<uint8_t>> got(2);
        RunRanks(2, [&](const Rank& rk) {
            DevBuf in(16 * 4), out(16 * 4);
            in.Put(Inputs(HCCL_DATA_TYPE_FP32, rk.rank, 16, 0, rk.rank == 1 ? 5 : -1));
            ASSERT_EQ(HcclAllReduce(in.p, out.p, 16, HCCL_DATA_TYPE_FP32, op, rk.comm, rk.stream), HCCL_SUCCESS);
            ASSERT_EQ(aclrtSynchronizeStream(rk.stream), ACL_SUCCESS);
            got[rk.rank] = out.Get();
        });
        float v[16];
        std::memcpy(v, got[0].data(), sizeof v);
        for (int i = 0; i < 16; ++i) EXPECT_EQ(std::isnan(v[i]), i == 5) << i;
        EXPECT_EQ(got[0], got[1]);
    }
}

// ------------------------------------------------------------------------------------------ data movement

void CheckMoves(uint32_t n) {
    const size_t c = 37;
    Collector col;
    // AlltoAllV / AllGatherV counts: rank i sends (i + j) % 3 + 1 elements to rank j.
    auto cnt = [](uint32_t i, uint32_t j) { return static_cast<uint64_t>((i + j) % 3 + 1); };
    RunRanks(n, [&](const Rank& rk) {
        const uint32_t r = rk.rank;
        std::vector<std::unique_ptr<DevBuf>> keep;
        std::vector<std::pair<std::string, DevBuf*>> outs;
        auto buf = [&](size_t bytes) { keep.push_back(std::make_unique<DevBuf>(bytes)); return keep.back().get(); };
        for (HcclDataType t : kMoveTypes) {
            const size_t es = Size(t);
            const uint32_t root = static_cast<uint32_t>(t) % n;
            DevBuf* bc = buf(c * es);
            bc->Put(Inputs(t, r, c, 1));
            ASSERT_EQ(HcclBroadcast(bc->p, c, t, root, rk.comm, rk.stream), HCCL_SUCCESS) << aclGetRecentErrMsg();
            outs.push_back({Key("broadcast", t), bc});
            DevBuf* ag_in = buf(c * es);
            ag_in->Put(Inputs(t, r, c, 2));
            DevBuf* ag = buf(n * c * es);
            ASSERT_EQ(HcclAllGather(ag_in->p, ag->p, c, t, rk.comm, rk.stream), HCCL_SUCCESS);
            outs.push_back({Key("allgather", t), ag});
            DevBuf* sc_in = buf(r == root ? n * c * es : 0);
            if (r == root) sc_in->Put(Inputs(t, r, n * c, 3));
            DevBuf* sc = buf(c * es);
            ASSERT_EQ(HcclScatter(sc_in->p, sc->p, c, t, root, rk.comm, rk.stream), HCCL_SUCCESS);
            outs.push_back({Key("scatter", t), sc});
            DevBuf* a2a_in = buf(n * c * es);
            a2a_in->Put(Inputs(t, r, n * c, 4));
            DevBuf* a2a = buf(n * c * es);
            ASSERT_EQ(HcclAlltoAll(a2a_in->p, c, t, a2a->p, c, t, rk.comm, rk.stream), HCCL_SUCCESS);
            outs.push_back({Key("alltoall", t), a2a});
            // AlltoAllV: blocks back to back in rank order, receive displacements reversed to test them.
            std::vector<uint64_t> sc_(n), sd(n), rc(n), rd(n);
            uint64_t s = 0, q = 0;
            for (uint32_t j = 0; j < n; ++j) { sc_[j] = cnt(r, j); sd[j] = s; s += sc_[j]; rc[j] = cnt(j, r); }
            for (uint32_t j = n; j-- > 0;) { rd[j] = q; q += rc[j]; }
            DevBuf* v_in = buf(s * es);
            v_in->Put(Inputs(t, r, s, 5));
            DevBuf* v_out = buf(q * es);
            ASSERT_EQ(HcclAlltoAllV(v_in->p, sc_.data(), sd.data(), t, v_out->p, rc.data(), rd.data(), t, rk.comm,
                                    rk.stream),
                      HCCL_SUCCESS) << aclGetRecentErrMsg();
            outs.push_back({Key("alltoallv", t), v_out});
            std::vector<uint64_t> matrix(n * n);
            for (uint32_t i = 0; i < n; ++i) for (uint32_t j = 0; j < n; ++j) matrix[i * n + j] = cnt(i, j);
            DevBuf* vc_out = buf(q * es);
            ASSERT_EQ(HcclAlltoAllVC(v_in->p, matrix.data(), t, vc_out->p, t, rk.comm, rk.stream), HCCL_SUCCESS);
            outs.push_back({Key("alltoallvc", t), vc_out});
            // AllGatherV: rank j contributes j + 1 elements, stored in reverse rank order with a gap of 1.
            std::vector<uint64_t> gc(n), gd(n);
            uint64_t g = 0;
            for (uint32_t j = n; j-- > 0;) { gc[j] = j + 1; gd[j] = g; g += j + 2; }
            DevBuf* gv_in = buf((r + 1) * es);
            gv_in->Put(Inputs(t, r, r + 1, 6));
            DevBuf* gv = buf(g * es);
            gv->Put(std::vector<uint8_t>(g * es, 0xab));
            ASSERT_EQ(HcclAllGatherV(gv_in->p, r + 1, gv->p, gc.data(), gd.data(), t, rk.comm, rk.stream), HCCL_SUCCESS);
            outs.push_back({Key("allgatherv", t), gv});
            // Send/Recv around the ring: even ranks send first, odd ranks receive first (a Send waits for its Recv).
            DevBuf* p2p_in = buf(c * es);
            p2p_in->Put(Inputs(t, r, c, 8));
            DevBuf* p2p = buf(c * es);
            const uint32_t next = (r + 1) % n, prev = (r + n - 1) % n;
            if (r % 2 == 0) {
                ASSERT_EQ(HcclSend(p2p_in->p, c, t, next, rk.comm, rk.stream), HCCL_SUCCESS);
                ASSERT_EQ(HcclRecv(p2p->p, c, t, prev, rk.comm, rk.stream), HCCL_SUCCESS);
            } else {
                ASSERT_EQ(HcclRecv(p2p->p, c, t, prev, rk.comm, rk.stream), HCCL_SUCCESS);
                ASSERT_EQ(HcclSend(p2p_in->p, c, t, next, rk.comm, rk.stream), HCCL_SUCCESS);
            }
            outs.push_back({Key("sendrecv", t), p2p});
            // BatchSendRecv: send to next and receive from prev in one batch, plus a self pair.
            DevBuf* b_out = buf(c * es);
            DevBuf* self_out = buf(c * es);
            HcclSendRecvItem items[4] = {
                {HCCL_SEND, p2p_in->p, c, t, next}, {HCCL_RECV, b_out->p, c, t, prev},
                {HCCL_SEND, p2p_in->p, c, t, r}, {HCCL_RECV, self_out->p, c, t, r}};
            ASSERT_EQ(HcclBatchSendRecv(items, 4, rk.comm, rk.stream), HCCL_SUCCESS) << aclGetRecentErrMsg();
            outs.push_back({Key("batch", t), b_out});
            outs.push_back({Key("batchself", t), self_out});
        }
        ASSERT_EQ(HcclBarrier(rk.comm, rk.stream), HCCL_SUCCESS);
        ASSERT_EQ(aclrtSynchronizeStream(rk.stream), ACL_SUCCESS) << aclGetRecentErrMsg();
        for (auto& o : outs) col.Put(o.first, r, n, o.second->Get());
    });
    for (HcclDataType t : kMoveTypes) {
        const size_t es = Size(t);
        const uint32_t root = static_cast<uint32_t>(t) % n;
        for (uint32_t r = 0; r < n; ++r) {
            const uint32_t prev = (r + n - 1) % n;
            EXPECT_EQ(col.res.at(Key("broadcast", t))[r], Inputs(t, root, c, 1)) << "Broadcast " << t;
            std::vector<uint8_t> ag, a2a, v, gv;
            for (uint32_t j = 0; j < n; ++j) {
                const auto x = Inputs(t, j, c, 2);
                ag.insert(ag.end(), x.begin(), x.end());
                const auto y = Slice(Inputs(t, j, n * c, 4), r * c * es, c * es);
                a2a.insert(a2a.end(), y.begin(), y.end());
            }
            EXPECT_EQ(col.res.at(Key("allgather", t))[r], ag) << "AllGather " << t;
            EXPECT_EQ(col.res.at(Key("scatter", t))[r], Slice(Inputs(t, root, n * c, 3), r * c * es, c * es));
            EXPECT_EQ(col.res.at(Key("alltoall", t))[r], a2a) << "AlltoAll " << t;
            for (uint32_t j = n; j-- > 0;) {  // reversed receive order
                uint64_t off = 0, total = 0;
                for (uint32_t k = 0; k < n; ++k) { if (k < r) off += cnt(j, k); total += cnt(j, k); }
                const auto y = Slice(Inputs(t, j, total, 5), off * es, cnt(j, r) * es);
                v.insert(v.end(), y.begin(), y.end());
            }
            EXPECT_EQ(col.res.at(Key("alltoallv", t))[r], v) << "AlltoAllV " << t;
            std::vector<uint8_t> vc;
            for (uint32_t j = 0; j < n; ++j) {
                uint64_t off = 0, total = 0;
                for (uint32_t k = 0; k < n; ++k) { if (k < r) off += cnt(j, k); total += cnt(j, k); }
                const auto y = Slice(Inputs(t, j, total, 5), off * es, cnt(j, r) * es);
                vc.insert(vc.end(), y.begin(), y.end());
            }
            EXPECT_EQ(col.res.at(Key("alltoallvc", t))[r], vc) << "AlltoAllVC " << t;
            for (uint32_t j = n; j-- > 0;) {
                const auto x = Inputs(t, j, j + 1, 6);
                gv.insert(gv.end(), x.begin(), x.end());
                gv.insert(gv.end(), es, 0xab);  // the gap is left alone
            }
            EXPECT_EQ(col.res.at(Key("allgatherv", t))[r], gv) << "AllGatherV " << t;
            EXPECT_EQ(col.res.at(Key("sendrecv", t))[r], Inputs(t, prev, c, 8)) << "Send/Recv " << t;
            EXPECT_EQ(col.res.at(Key("batch", t))[r], Inputs(t, prev, c, 8)) << "BatchSendRecv " << t;
            EXPECT_EQ(col.res.at(Key("batchself", t))[r], Inputs(t, r, c, 8)) << "BatchSendRecv self " << t;
        }
    }
}

TEST(HcclMoves, TwoRanks) { CheckMoves(2); }
TEST(HcclMoves, FourRanks) { CheckMoves(4); }
TEST(HcclMoves, EightRanks) { CheckMoves(8); }

TEST(HcclReductions, ReduceScatterV) {
    const uint32_t n = 3;
    Collector col;
    const HcclDataType types[] = {HCCL_DATA_TYPE_INT8, HCCL_DATA_TYPE_INT16, HCCL_DATA_TYPE_INT32,
                                  HCCL_DATA_TYPE_INT64, HCCL_DATA_TYPE_FP16, HCCL_DATA_TYPE_FP32, HCCL_DATA_TYPE_BFP16};
    const HcclReduceOp ops[] = {HCCL_REDUCE_SUM, HCCL_REDUCE_MAX, HCCL_REDUCE_MIN};
    // Rank j's element r-block: r + 2 elements at displacement 10 * r.
    std::vector<uint64_t> counts = {2, 3, 4}, displs = {0, 10, 20};
    RunRanks(n, [&](const Rank& rk) {
        std::vector<std::unique_ptr<DevBuf>> keep;
        for (HcclDataType t : types) {
            for (HcclReduceOp op : ops) {
                const size_t es = Size(t);
                keep.push_back(std::make_unique<DevBuf>(24 * es));
                DevBuf* in = keep.back().get();
                in->Put(Inputs(t, rk.rank, 24, op));
                keep.push_back(std::make_unique<DevBuf>(counts[rk.rank] * es));
                DevBuf* out = keep.back().get();
                ASSERT_EQ(HcclReduceScatterV(in->p, counts.data(), displs.data(), out->p, counts[rk.rank], t, op,
                                             rk.comm, rk.stream),
                          HCCL_SUCCESS) << aclGetRecentErrMsg();
            }
        }
        ASSERT_EQ(aclrtSynchronizeStream(rk.stream), ACL_SUCCESS) << aclGetRecentErrMsg();
        size_t k = 0;
        for (HcclDataType t : types) {
            for (HcclReduceOp op : ops) col.Put(Key("rsv", t, op), rk.rank, n, keep[2 * k++ + 1]->Get());
        }
    });
    for (HcclDataType t : types) {
        for (HcclReduceOp op : ops) {
            std::vector<std::vector<uint8_t>> in;
            for (uint32_t r = 0; r < n; ++r) in.push_back(Inputs(t, r, 24, op));
            for (uint32_t r = 0; r < n; ++r) {
                EXPECT_EQ(col.res.at(Key("rsv", t, op))[r], Reduce(t, op, in, displs[r], counts[r]))
                    << "ReduceScatterV " << t << " op " << op << " rank " << r;
            }
        }
    }
}

// Count 0 is a no-op (no other rank has to match it); the stream stays usable.
TEST(HcclCalls, CountZeroIsANoOp) {
    RunRanks(2, [&](const Rank& rk) {
        EXPECT_EQ(HcclAllReduce(nullptr, nullptr, 0, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, rk.comm, rk.stream),
                  HCCL_SUCCESS);
        EXPECT_EQ(HcclBroadcast(nullptr, 0, HCCL_DATA_TYPE_INT8, 0, rk.comm, rk.stream), HCCL_SUCCESS);
        EXPECT_EQ(HcclAllGather(nullptr, nullptr, 0, HCCL_DATA_TYPE_INT8, rk.comm, rk.stream), HCCL_SUCCESS);
        if (rk.rank == 0) {  // only rank 0: nothing to match
            EXPECT_EQ(HcclSend(nullptr, 0, HCCL_DATA_TYPE_INT8, 1, rk.comm, rk.stream), HCCL_SUCCESS);
            EXPECT_EQ(HcclReduce(nullptr, nullptr, 0, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, 0, rk.comm, rk.stream),
                      HCCL_SUCCESS);
        }
        DevBuf a(4), b(4);
        a.Put({1, 0, 0, 0});
        EXPECT_EQ(HcclAllReduce(a.p, b.p, 1, HCCL_DATA_TYPE_INT32, HCCL_REDUCE_SUM, rk.comm, rk.stream), HCCL_SUCCESS);
        ASSERT_EQ(aclrtSynchronizeStream(rk.stream), ACL_SUCCESS);
        EXPECT_EQ(b.Get(), (std::vector<uint8_t>{2, 0, 0, 0}));
    });
}

// ------------------------------------------------------------------------------------------ misuse

TEST(HcclMisuse, ArgumentsAreRefusedWithCodesAndMessages) {
    RunRanks(2, [&](const Rank& rk) {
        DevBuf a(64), b(64);
        auto& s = rk.stream;
        auto& c = rk.comm;
        int host[16] = {};
        EXPECT_EQ(HcclAllReduce(nullptr, b.p, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, s), HCCL_E_PTR);
        EXPECT_NE(std::string(aclGetRecentErrMsg()).find("sendBuf is null"), std::string::npos);
        EXPECT_EQ(HcclAllReduce(a.p, nullptr, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, s), HCCL_E_PTR);
        EXPECT_EQ(HcclAllReduce(a.p, b.p, 4, static_cast<HcclDataType>(99), HCCL_REDUCE_SUM, c, s), HCCL_E_PARA);
        EXPECT_EQ(HcclAllReduce(a.p, b.p, 4, HCCL_DATA_TYPE_FP32, static_cast<HcclReduceOp>(7), c, s), HCCL_E_PARA);
        EXPECT_EQ(HcclAllReduce(a.p, b.p, 4, HCCL_DATA_TYPE_UINT8, HCCL_REDUCE_SUM, c, s), HCCL_E_NOT_SUPPORT);
        EXPECT_EQ(HcclAllReduce(a.p, b.p, 4, HCCL_DATA_TYPE_INT128, HCCL_REDUCE_SUM, c, s), HCCL_E_NOT_SUPPORT);
        EXPECT_EQ(HcclReduceScatterV(a.p, nullptr, nullptr, b.p, 1, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, s),
                  HCCL_E_PTR);
        uint64_t cnt[2] = {1, 1}, dsp[2] = {0, 1};
        EXPECT_EQ(HcclReduceScatterV(a.p, cnt, dsp, b.p, 1, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_PROD, c, s),
                  HCCL_E_NOT_SUPPORT);
        EXPECT_EQ(HcclAllReduce(host, b.p, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, s), HCCL_E_PARA);
        EXPECT_NE(std::string(aclGetRecentErrMsg()).find("aclrtMalloc"), std::string::npos);
        // the 64-byte blocks hold CANN's 96 (64 rounded up to 32, plus 32): 100 bytes run past them
        EXPECT_EQ(HcclAllReduce(a.p, b.p, 25, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, s), HCCL_E_PARA);  // 100 > 96
        EXPECT_NE(std::string(aclGetRecentErrMsg()).find("needs 100 bytes"), std::string::npos);
        EXPECT_EQ(HcclAllReduce(static_cast<char*>(a.p) + 8, b.p, 23, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, s),
                  HCCL_E_PARA);
        EXPECT_EQ(HcclAllReduce(a.p, b.p, UINT64_MAX / 2, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, s), HCCL_E_PARA);
        EXPECT_EQ(HcclBroadcast(a.p, 4, HCCL_DATA_TYPE_FP32, 2, c, s), HCCL_E_PARA);
        EXPECT_EQ(HcclReduce(a.p, b.p, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, 5, c, s), HCCL_E_PARA);
        EXPECT_EQ(HcclScatter(a.p, b.p, 4, HCCL_DATA_TYPE_FP32, 9, c, s), HCCL_E_PARA);
        EXPECT_EQ(HcclSend(a.p, 4, HCCL_DATA_TYPE_FP32, 2, c, s), HCCL_E_PARA);
        EXPECT_EQ(HcclSend(a.p, 4, HCCL_DATA_TYPE_FP32, rk.rank, c, s), HCCL_E_PARA);
        EXPECT_EQ(HcclRecv(a.p, 4, HCCL_DATA_TYPE_FP32, 7, c, s), HCCL_E_PARA);
        EXPECT_EQ(HcclAlltoAll(a.p, 2, HCCL_DATA_TYPE_FP32, b.p, 3, HCCL_DATA_TYPE_FP32, c, s), HCCL_E_PARA);
        EXPECT_EQ(HcclAlltoAll(a.p, 2, HCCL_DATA_TYPE_FP32, b.p, 2, HCCL_DATA_TYPE_INT32, c, s), HCCL_E_PARA);
        EXPECT_EQ(HcclAlltoAll(a.p, 2, HCCL_DATA_TYPE_FP32, a.p, 2, HCCL_DATA_TYPE_FP32, c, s), HCCL_E_PARA);
        EXPECT_EQ(HcclBatchSendRecv(nullptr, 1, c, s), HCCL_E_PTR);
        HcclSendRecvItem items[2] = {{HCCL_SEND, a.p, 1, HCCL_DATA_TYPE_FP32, 0}, {HCCL_SEND, a.p, 1, HCCL_DATA_TYPE_FP32, 0}};
        EXPECT_EQ(HcclBatchSendRecv(items, 0, c, s), HCCL_E_PARA);
        EXPECT_EQ(HcclBatchSendRecv(items, 5, c, s), HCCL_E_PARA);
        EXPECT_EQ(HcclBatchSendRecv(items, 2, c, s), HCCL_E_PARA);  // duplicate send
        items[0].remoteRank = rk.rank;
        EXPECT_EQ(HcclBatchSendRecv(items, 1, c, s), HCCL_E_PARA);  // unpaired self send
        items[0].sendRecvType = static_cast<HcclSendRecvType>(5);
        EXPECT_EQ(HcclBatchSendRecv(items, 1, c, s), HCCL_E_PARA);
        // Getters.
        uint32_t v = 0;
        EXPECT_EQ(HcclGetRankSize(c, nullptr), HCCL_E_PTR);
        EXPECT_EQ(HcclGetRankId(c, nullptr), HCCL_E_PTR);
        EXPECT_EQ(HcclGetRankSize(c, &v), HCCL_SUCCESS);
        EXPECT_EQ(v, 2u);
        EXPECT_EQ(HcclGetRankId(c, &v), HCCL_SUCCESS);
        EXPECT_EQ(v, rk.rank);
        char name[COMM_NAME_MAX_LENGTH];
        EXPECT_EQ(HcclGetCommName(c, name), HCCL_SUCCESS);
        EXPECT_STREQ(name, "misuse_group");
        EXPECT_EQ(HcclGetCommName(c, nullptr), HCCL_E_PTR);
        HcclResult err = HCCL_E_INTERNAL;
        EXPECT_EQ(HcclGetCommAsyncError(c, &err), HCCL_SUCCESS);
        EXPECT_EQ(err, HCCL_SUCCESS);  // nothing above was enqueued
        EXPECT_EQ(HcclGetCommAsyncError(c, nullptr), HCCL_E_PTR);
        // A destroyed stream.
        aclrtStream dead;
        ASSERT_EQ(aclrtCreateStream(&dead), ACL_SUCCESS);
        ASSERT_EQ(aclrtDestroyStream(dead), ACL_SUCCESS);
        EXPECT_EQ(HcclAllReduce(a.p, b.p, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, c, dead), HCCL_E_RUNTIME);
    }, 30, "misuse_group");
}

TEST(HcclMisuse, DeadAndForeignHandles) {
    int not_a_comm = 0;
    uint32_t v;
    EXPECT_EQ(HcclGetRankSize(nullptr, &v), HCCL_E_PARA);
    EXPECT_EQ(HcclGetRankSize(&not_a_comm, &v), HCCL_E_PARA);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("is not a live HcclComm"), std::string::npos);
    EXPECT_EQ(HcclCommDestroy(&not_a_comm), HCCL_E_PARA);
    EXPECT_EQ(HcclCommDestroy(nullptr), HCCL_E_PARA);
    int32_t dev = 0;
    HcclComm comm = nullptr;
    ASSERT_EQ(HcclCommInitAll(1, &dev, &comm), HCCL_SUCCESS) << aclGetRecentErrMsg();
    EXPECT_EQ(HcclGetRankSize(comm, &v), HCCL_SUCCESS);
    EXPECT_EQ(v, 1u);
    // A one-rank AllReduce is a copy.
    DevBuf a(8), b(8);
    a.Put({1, 2, 3, 4, 5, 6, 7, 8});
    EXPECT_EQ(HcclAllReduce(a.p, b.p, 2, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, nullptr), HCCL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(b.Get(), a.Get());
    EXPECT_EQ(HcclCommDestroy(comm), HCCL_SUCCESS);
    EXPECT_EQ(HcclCommDestroy(comm), HCCL_E_PARA);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("was destroyed"), std::string::npos);
    EXPECT_EQ(HcclAllReduce(a.p, b.p, 2, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, nullptr), HCCL_E_PARA);
    HcclResult err;
    EXPECT_EQ(HcclGetCommAsyncError(comm, &err), HCCL_E_PARA);
}

TEST(HcclMisuse, InitArguments) {
    HcclComm comms[2];
    int32_t devs[2] = {0, 0};
    EXPECT_EQ(HcclCommInitAll(2, nullptr, comms), HCCL_E_PTR);
    EXPECT_EQ(HcclCommInitAll(2, devs, nullptr), HCCL_E_PTR);
    EXPECT_EQ(HcclCommInitAll(0, devs, comms), HCCL_E_PARA);
    int32_t bad = -1;
    EXPECT_EQ(HcclCommInitAll(1, &bad, comms), HCCL_E_PARA);
    bad = static_cast<int32_t>(DeviceCount());
    EXPECT_EQ(HcclCommInitAll(1, &bad, comms), HCCL_E_PARA);
    if (DeviceCount() >= 2) {
        EXPECT_EQ(HcclCommInitAll(2, devs, comms), HCCL_E_PARA);  // repeated device
        EXPECT_NE(std::string(aclGetRecentErrMsg()).find("twice"), std::string::npos);
    } else {
        EXPECT_EQ(HcclCommInitAll(2, devs, comms), HCCL_E_PARA);  // more ranks than devices
    }
    HcclRootInfo root;
    EXPECT_EQ(HcclGetRootInfo(nullptr), HCCL_E_PTR);
    ASSERT_EQ(HcclGetRootInfo(&root), HCCL_SUCCESS);
    HcclComm c;
    EXPECT_EQ(HcclCommInitRootInfo(2, nullptr, 0, &c), HCCL_E_PTR);
    EXPECT_EQ(HcclCommInitRootInfo(2, &root, 0, nullptr), HCCL_E_PTR);
    EXPECT_EQ(HcclCommInitRootInfo(2, &root, 2, &c), HCCL_E_PARA);
    EXPECT_EQ(HcclCommInitRootInfo(0, &root, 0, &c), HCCL_E_PARA);
    HcclRootInfo junk;
    std::memset(&junk, 7, sizeof junk);
    EXPECT_EQ(HcclCommInitRootInfo(1, &junk, 0, &c), HCCL_E_PARA);
    HcclCommConfig cfg;
    std::memset(&cfg, 0, sizeof cfg);
    EXPECT_EQ(HcclCommInitRootInfoConfig(1, &root, 0, &cfg, &c), HCCL_E_PARA);  // not from HcclCommConfigInit
    // A one-rank group forms at once; its root info cannot form a second group.
    ASSERT_EQ(HcclCommInitRootInfo(1, &root, 0, &c), HCCL_SUCCESS);
    HcclComm c2;
    EXPECT_EQ(HcclCommInitRootInfo(1, &root, 0, &c2), HCCL_E_PARA);
    EXPECT_EQ(HcclCommDestroy(c), HCCL_SUCCESS);
}

// A rank that never comes: the others' connection wait ends with HCCL_E_TIMEOUT after HCCL_CONNECT_TIMEOUT.
TEST(HcclTimeouts, ConnectTimesOut) {
    setenv("HCCL_CONNECT_TIMEOUT", "1", 1);
    HcclRootInfo root;
    ASSERT_EQ(HcclGetRootInfo(&root), HCCL_SUCCESS);
    HcclComm c = nullptr;
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(HcclCommInitRootInfo(2, &root, 0, &c), HCCL_E_TIMEOUT);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    unsetenv("HCCL_CONNECT_TIMEOUT");
    EXPECT_GE(s, 0.9);
    EXPECT_LT(s, 5);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("HCCL_CONNECT_TIMEOUT"), std::string::npos);
}

// A rank that never joins collective #1: the others' tasks fail with HCCL_E_TIMEOUT within the bound, the
// communicators report it, and every later call fails too (the group is broken), never waiting forever.
TEST(HcclTimeouts, AMissingRankFailsTheOthers) {
    std::atomic<int> timeouts{0};
    RunRanks(3, [&](const Rank& rk) {
        DevBuf a(16), b(16);
        ASSERT_EQ(HcclAllReduce(a.p, b.p, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, rk.comm, rk.stream), HCCL_SUCCESS);
        ASSERT_EQ(aclrtSynchronizeStream(rk.stream), ACL_SUCCESS);
        if (rk.rank != 2) {
            const auto t0 = std::chrono::steady_clock::now();
            ASSERT_EQ(HcclAllReduce(a.p, b.p, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, rk.comm, rk.stream),
                      HCCL_SUCCESS);  // enqueued: never blocks the caller
            EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 0.5);
            const int rc = aclrtSynchronizeStream(rk.stream);
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            EXPECT_TRUE(rc == HCCL_E_TIMEOUT) << rc;
            EXPECT_LT(s, 5);
            if (rc == HCCL_E_TIMEOUT) ++timeouts;
            HcclResult err = HCCL_SUCCESS;
            EXPECT_EQ(HcclGetCommAsyncError(rk.comm, &err), HCCL_SUCCESS);
            EXPECT_EQ(err, HCCL_E_TIMEOUT);
            EXPECT_NE(std::string(aclGetRecentErrMsg()).find("rank(s) 2"), std::string::npos) << aclGetRecentErrMsg();
        } else {
            std::this_thread::sleep_for(std::chrono::milliseconds(2500));
        }
        // Broken for good: the next collective fails on every rank at once.
        ASSERT_EQ(HcclBarrier(rk.comm, rk.stream), HCCL_SUCCESS);
        EXPECT_EQ(aclrtSynchronizeStream(rk.stream), HCCL_E_TIMEOUT);
    }, 1);
    EXPECT_GE(timeouts.load(), 1);
}

// Ranks that issue different collectives (or counts) as their n-th: HCCL_E_PARA on every rank, with a message.
TEST(HcclTimeouts, DisagreeingRanksFailAll) {
    RunRanks(2, [&](const Rank& rk) {
        DevBuf a(64), b(64);
        ASSERT_EQ(HcclAllReduce(a.p, b.p, rk.rank == 0 ? 8 : 9, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, rk.comm,
                                rk.stream),
                  HCCL_SUCCESS);
        EXPECT_EQ(aclrtSynchronizeStream(rk.stream), HCCL_E_PARA);
        HcclResult err;
        ASSERT_EQ(HcclGetCommAsyncError(rk.comm, &err), HCCL_SUCCESS);
        EXPECT_EQ(err, HCCL_E_PARA);
        EXPECT_NE(std::string(aclGetRecentErrMsg()).find("count"), std::string::npos) << aclGetRecentErrMsg();
    });
    RunRanks(2, [&](const Rank& rk) {
        DevBuf a(64), b(64);
        if (rk.rank == 0) {
            ASSERT_EQ(HcclAllReduce(a.p, b.p, 8, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, rk.comm, rk.stream), HCCL_SUCCESS);
        } else {
            ASSERT_EQ(HcclBroadcast(a.p, 8, HCCL_DATA_TYPE_FP32, 0, rk.comm, rk.stream), HCCL_SUCCESS);
        }
        EXPECT_EQ(aclrtSynchronizeStream(rk.stream), HCCL_E_PARA);
    });
}

// Two ranks' tasks in one stream would wait for each other: refused at once, not after the timeout.
TEST(HcclTimeouts, TwoRanksOnOneStreamFailFast) {
    HcclRootInfo root;
    ASSERT_EQ(HcclGetRootInfo(&root), HCCL_SUCCESS);
    aclrtStream shared;
    ASSERT_EQ(aclrtCreateStream(&shared), ACL_SUCCESS);
    HcclComm comms[2] = {nullptr, nullptr};
    std::vector<std::thread> th;
    for (uint32_t r = 0; r < 2; ++r) {
        th.emplace_back([&, r] {
            ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
            ASSERT_EQ(HcclCommInitRootInfo(2, &root, r, &comms[r]), HCCL_SUCCESS);
        });
    }
    for (auto& t : th) t.join();
    DevBuf a(16), b(16), c(16);
    const auto t0 = std::chrono::steady_clock::now();
    ASSERT_EQ(HcclAllReduce(a.p, b.p, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comms[0], shared), HCCL_SUCCESS);
    ASSERT_EQ(HcclAllReduce(a.p, c.p, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comms[1], shared), HCCL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(shared), HCCL_E_PARA);
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5);
    HcclResult err;
    ASSERT_EQ(HcclGetCommAsyncError(comms[0], &err), HCCL_SUCCESS);
    EXPECT_EQ(err, HCCL_E_PARA);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("same stream"), std::string::npos);
    EXPECT_EQ(HcclCommDestroy(comms[0]), HCCL_SUCCESS);
    EXPECT_EQ(HcclCommDestroy(comms[1]), HCCL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(shared), ACL_SUCCESS);
}

// A rank that destroyed its communicator: the others' later collectives fail at once (HCCL_E_UNAVAIL).
TEST(HcclTimeouts, DestroyedRankFailsTheOthers) {
    RunRanks(2, [&](const Rank& rk) {
        DevBuf a(16), b(16);
        if (rk.rank == 1) return;  // RunRanks destroys rank 1's communicator right away
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        const auto t0 = std::chrono::steady_clock::now();
        ASSERT_EQ(HcclAllReduce(a.p, b.p, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, rk.comm, rk.stream), HCCL_SUCCESS);
        EXPECT_EQ(aclrtSynchronizeStream(rk.stream), HCCL_E_UNAVAIL);
        EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 5);
    });
}

// Communicators across processes: tests/hccl/hccl_process_test.cpp.

// ------------------------------------------------------------------------------------------ HcclCommInitAll

// The README's example ("Collectives (HCCL)"): HcclCommInitAll over two devices, one thread per rank.
TEST(HcclInitAll, ReadmeExample) {
    if (DeviceCount() < 2) GTEST_SKIP() << "needs 2 devices; aclrtGetDeviceCount reports " << DeviceCount();
    // --- as in README.md
    int32_t devices[2] = {0, 1};
    HcclComm comms[2];
    ASSERT_EQ(HcclCommInitAll(2, devices, comms), HCCL_SUCCESS) << aclGetRecentErrMsg();
    float result[2][4];
    std::vector<std::thread> ranks;
    for (int r = 0; r < 2; ++r) {
        ranks.emplace_back([&, r] {
            aclrtSetDevice(devices[r]);
            aclrtStream stream;
            aclrtCreateStream(&stream);
            float host[4] = {1.0f * r, 2, 3, 4};
            void* buf;
            aclrtMalloc(&buf, sizeof host, ACL_MEM_MALLOC_HUGE_FIRST);
            aclrtMemcpy(buf, sizeof host, host, sizeof host, ACL_MEMCPY_HOST_TO_DEVICE);
            HcclAllReduce(buf, buf, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comms[r], stream);  // in place
            aclrtSynchronizeStream(stream);
            aclrtMemcpy(result[r], sizeof host, buf, sizeof host, ACL_MEMCPY_DEVICE_TO_HOST);
            aclrtFree(buf);
            aclrtDestroyStream(stream);
        });
    }
    for (auto& t : ranks) t.join();
    for (HcclComm c : comms) HcclCommDestroy(c);
    // --- end
    for (int r = 0; r < 2; ++r) {
        EXPECT_EQ(result[r][0], 1.0f);
        EXPECT_EQ(result[r][1], 4.0f);
        EXPECT_EQ(result[r][2], 6.0f);
        EXPECT_EQ(result[r][3], 8.0f);
    }
}

TEST(HcclInitAll, EightDevicesAllReduce) {
    if (DeviceCount() < 8) GTEST_SKIP() << "needs 8 devices; aclrtGetDeviceCount reports " << DeviceCount();
    int32_t devices[8] = {7, 6, 5, 4, 3, 2, 1, 0};  // rank i on device 7 - i
    HcclComm comms[8];
    ASSERT_EQ(HcclCommInitAll(8, devices, comms), HCCL_SUCCESS) << aclGetRecentErrMsg();
    std::vector<std::vector<uint8_t>> got(8);
    std::vector<std::thread> th;
    for (uint32_t r = 0; r < 8; ++r) {
        th.emplace_back([&, r] {
            ASSERT_EQ(aclrtSetDevice(devices[r]), ACL_SUCCESS);
            uint32_t id;
            ASSERT_EQ(HcclGetRankId(comms[r], &id), HCCL_SUCCESS);
            EXPECT_EQ(id, r);
            DevBuf in(kCount * 4), out(kCount * 4);
            in.Put(Inputs(HCCL_DATA_TYPE_FP32, r, kCount));
            // The default stream of the rank's device.
            ASSERT_EQ(HcclAllReduce(in.p, out.p, kCount, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comms[r], nullptr),
                      HCCL_SUCCESS);
            ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS) << aclGetRecentErrMsg();
            got[r] = out.Get();
        });
    }
    for (auto& t : th) t.join();
    std::vector<std::vector<uint8_t>> in;
    for (uint32_t r = 0; r < 8; ++r) in.push_back(Inputs(HCCL_DATA_TYPE_FP32, r, kCount));
    const auto want = Reduce(HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, in, 0, kCount);
    for (uint32_t r = 0; r < 8; ++r) EXPECT_EQ(got[r], want) << r;
    for (HcclComm c : comms) EXPECT_EQ(HcclCommDestroy(c), HCCL_SUCCESS);
}

}  // namespace
