// The collectives under concurrency (ctest label "concurrency": also run by CI's ThreadSanitizer stage): 4 ranks
// as threads, each issuing a mixed sequence of collectives and point-to-point batches on its own stream while
// the others do, rerun for identical bits; a timeout that breaks a group while ranks wait; and many small
// groups formed and destroyed at once. Short by design (the full matrix is hccl_test).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "hccl_harness.h"

using namespace hccl_test;

namespace {

std::vector<std::vector<uint8_t>> MixedRound() {
    const uint32_t n = 4;
    const size_t c = 4099;
    std::vector<std::vector<uint8_t>> got(n);
    RunRanks(n, [&](const Rank& rk) {
        DevBuf in(c * 4), ar(c * 4), ag(n * c * 4), rs(c * 4), p2p(c * 4);
        in.Put(Inputs(HCCL_DATA_TYPE_FP32, rk.rank, c));
        for (int round = 0; round < 3; ++round) {
            ASSERT_EQ(HcclAllReduce(in.p, ar.p, c, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, rk.comm, rk.stream), 0);
            ASSERT_EQ(HcclAllGather(ar.p, ag.p, c, HCCL_DATA_TYPE_FP32, rk.comm, rk.stream), 0);
            ASSERT_EQ(HcclReduceScatter(ag.p, rs.p, c, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_MAX, rk.comm, rk.stream), 0);
            HcclSendRecvItem items[2] = {{HCCL_SEND, rs.p, c, HCCL_DATA_TYPE_FP32, (rk.rank + 1) % n},
                                         {HCCL_RECV, p2p.p, c, HCCL_DATA_TYPE_FP32, (rk.rank + n - 1) % n}};
            ASSERT_EQ(HcclBatchSendRecv(items, 2, rk.comm, rk.stream), 0);
            ASSERT_EQ(HcclBroadcast(p2p.p, c, HCCL_DATA_TYPE_FP32, round % n, rk.comm, rk.stream), 0);
            ASSERT_EQ(HcclBarrier(rk.comm, rk.stream), 0);
        }
        ASSERT_EQ(aclrtSynchronizeStream(rk.stream), ACL_SUCCESS) << aclGetRecentErrMsg();
        got[rk.rank] = ar.Get();
        const auto b = p2p.Get();
        got[rk.rank].insert(got[rk.rank].end(), b.begin(), b.end());
    });
    return got;
}

TEST(HcclConcurrency, MixedSequenceIsReproducible) {
    const auto a = MixedRound();
    const auto b = MixedRound();
    for (uint32_t r = 0; r < a.size(); ++r) {
        EXPECT_EQ(a[r], a[0]) << "rank " << r << " differs from rank 0";
        EXPECT_EQ(b[r], a[r]) << "rerun differs on rank " << r;
    }
}

TEST(HcclConcurrency, TimeoutWakesEveryWaiter) {
    std::atomic<int> failed{0};
    RunRanks(4, [&](const Rank& rk) {
        DevBuf a(16), b(16);
        if (rk.rank == 3) {  // never joins collective #0 (and keeps its handle past the others' 1 s bound)
            std::this_thread::sleep_for(std::chrono::milliseconds(1500));
            return;
        }
        ASSERT_EQ(HcclAllReduce(a.p, b.p, 4, HCCL_DATA_TYPE_INT32, HCCL_REDUCE_SUM, rk.comm, rk.stream), 0);
        if (aclrtSynchronizeStream(rk.stream) != ACL_SUCCESS) ++failed;
    }, 1);
    EXPECT_EQ(failed.load(), 3);
}

TEST(HcclConcurrency, ManyGroupsAtOnce) {
    std::vector<std::thread> groups;
    for (int g = 0; g < 4; ++g) {
        groups.emplace_back([g] {
            RunRanks(2, [&](const Rank& rk) {
                DevBuf a(64), b(64);
                a.Put(std::vector<uint8_t>(64, static_cast<uint8_t>(g + rk.rank)));
                ASSERT_EQ(HcclAllReduce(a.p, b.p, 8, HCCL_DATA_TYPE_UINT64, HCCL_REDUCE_MAX, rk.comm, rk.stream),
                          HCCL_SUCCESS);
                ASSERT_EQ(aclrtSynchronizeStream(rk.stream), ACL_SUCCESS);
                EXPECT_EQ(b.Get(), std::vector<uint8_t>(64, static_cast<uint8_t>(g + 1)));
            });
        });
    }
    for (auto& t : groups) t.join();
}

}  // namespace
