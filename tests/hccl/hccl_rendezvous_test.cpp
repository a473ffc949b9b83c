// The root-info rendezvous and the runtime around HCCL: a spent root info is refused at once, a join that failed
// withdraws (a retry succeeds), HCCL_IF_IP must be a usable address, HcclCommInitAll needs aclInit.
#include <stdlib.h>

#include <chrono>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "acl/acl.h"
#include "hccl/hccl.h"

namespace {

std::string Msg() {
    const char* m = aclGetRecentErrMsg();
    return m != nullptr ? m : "";
}

double Since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

// Two threads join `root` as ranks 0 and 1 (devices 0 and 1); returns both results.
void JoinTwo(const HcclRootInfo& root, HcclResult* r0, HcclResult* r1) {
    HcclComm c[2] = {nullptr, nullptr};
    HcclResult res[2];
    std::thread t[2];
    for (uint32_t r = 0; r < 2; ++r) {
        t[r] = std::thread([&, r] {
            aclrtSetDevice(static_cast<int32_t>(r));
            res[r] = HcclCommInitRootInfo(2, &root, r, &c[r]);
        });
    }
    for (auto& x : t) x.join();
    for (HcclComm x : c) {
        if (x != nullptr) HcclCommDestroy(x);
    }
    *r0 = res[0];
    *r1 = res[1];
}

TEST(HcclRendezvous, ASpentRootInfoIsRefusedAtOnce) {
    HcclRootInfo root;
    ASSERT_EQ(HcclGetRootInfo(&root), HCCL_SUCCESS);
    HcclResult a, b;
    JoinTwo(root, &a, &b);
    ASSERT_EQ(a, HCCL_SUCCESS);
    ASSERT_EQ(b, HCCL_SUCCESS);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // its server has ended by now
    HcclComm c = nullptr;
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(HcclCommInitRootInfo(2, &root, 0, &c), HCCL_E_PARA);
    EXPECT_NE(Msg().find("already formed"), std::string::npos);
    EXPECT_LT(Since(t0), 2.0);
}

TEST(HcclRendezvous, AJoinThatTimedOutWithdrawsSoARetrySucceeds) {
    setenv("HCCL_CONNECT_TIMEOUT", "1", 1);
    HcclRootInfo root;
    ASSERT_EQ(HcclGetRootInfo(&root), HCCL_SUCCESS);
    HcclComm c = nullptr;
    EXPECT_EQ(HcclCommInitRootInfo(2, &root, 0, &c), HCCL_E_TIMEOUT);  // rank 1 never comes
    setenv("HCCL_CONNECT_TIMEOUT", "30", 1);
    HcclResult a, b;
    JoinTwo(root, &a, &b);  // rank 0 again, with rank 1 this time
    EXPECT_EQ(a, HCCL_SUCCESS) << Msg();
    EXPECT_EQ(b, HCCL_SUCCESS) << Msg();
    unsetenv("HCCL_CONNECT_TIMEOUT");
}

TEST(HcclRendezvous, UnusableInterfaceAddressIsRefused) {
    HcclRootInfo root;
    for (const char* bad : {"0.0.0.0", "255.255.255.255", "224.0.0.1", "::", "not-an-ip", "999.1.1.1"}) {
        setenv("HCCL_IF_IP", bad, 1);
        EXPECT_EQ(HcclGetRootInfo(&root), HCCL_E_PARA) << bad;
        EXPECT_NE(Msg().find("HCCL_IF_IP"), std::string::npos) << bad;
    }
    setenv("HCCL_IF_IP", "127.0.0.1", 1);
    EXPECT_EQ(HcclGetRootInfo(&root), HCCL_SUCCESS);
    unsetenv("HCCL_IF_IP");
}

TEST(HcclRendezvous, ACorruptedRootInfoIsNoRootInfo) {
    HcclRootInfo root;
    ASSERT_EQ(HcclGetRootInfo(&root), HCCL_SUCCESS);
    HcclRootInfo bad = root;
    // bytes 40 to 110 set (past the 40-byte header): the root's address is no NUL-terminated address any more
    for (size_t i = 40; i < 110; ++i) bad.internal[i] = 'x';
    HcclComm c = nullptr;
    EXPECT_EQ(HcclCommInitRootInfo(2, &bad, 0, &c), HCCL_E_PARA);
    HcclRootInfo zero = {};
    EXPECT_EQ(HcclCommInitRootInfo(2, &zero, 0, &c), HCCL_E_PARA);
}

TEST(HcclRendezvous, InitAllNeedsTheRuntime) {
    ASSERT_EQ(aclrtResetDevice(0), ACL_SUCCESS);
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    int32_t devices[2] = {0, 1};
    HcclComm comms[2];
    EXPECT_EQ(HcclCommInitAll(2, devices, comms), HCCL_E_RUNTIME);
    EXPECT_NE(Msg().find("aclInit"), std::string::npos);
    int32_t dev = -1;
    EXPECT_EQ(aclrtGetDevice(&dev), ACL_ERROR_RT_CONTEXT_NULL);  // aclFinalize ended this thread's device
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    EXPECT_EQ(aclrtGetDevice(&dev), ACL_ERROR_RT_CONTEXT_NULL);  // and a new runtime starts with none
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
}

}  // namespace

namespace {

// sendBuf and recvBuf that overlap other than in the call's one in-place layout are refused before anything runs.
TEST(HcclBuffers, PartialOverlapIsRefused) {
    int32_t devices[2] = {0, 1};
    HcclComm comms[2];
    ASSERT_EQ(HcclCommInitAll(2, devices, comms), HCCL_SUCCESS);
    aclrtStream s = nullptr;
    ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
    char* b = nullptr;
    ASSERT_EQ(aclrtMalloc(reinterpret_cast<void**>(&b), 4096, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    EXPECT_EQ(HcclAllReduce(b, b + 4, 16, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comms[0], s), HCCL_E_PARA);
    EXPECT_NE(Msg().find("sendBuf == recvBuf"), std::string::npos);
    EXPECT_EQ(HcclReduceScatter(b, b + 4, 16, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comms[0], s), HCCL_E_PARA);
    EXPECT_EQ(HcclAllGather(b + 8, b, 16, HCCL_DATA_TYPE_FP32, comms[0], s), HCCL_E_PARA);
    EXPECT_EQ(HcclScatter(b, b + 64, 16, HCCL_DATA_TYPE_FP32, 0, comms[0], s), HCCL_E_PARA);
    EXPECT_NE(Msg().find("no in-place form"), std::string::npos);
    const uint64_t counts[2] = {8, 8}, displs[2] = {0, 4};
    EXPECT_EQ(HcclAllGatherV(b, 8, b + 16, counts, displs, HCCL_DATA_TYPE_FP32, comms[0], s), HCCL_E_PARA);
    ASSERT_EQ(aclrtSynchronizeStream(s), ACL_SUCCESS);  // nothing was enqueued
    EXPECT_EQ(aclrtFree(b), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
    for (HcclComm c : comms) EXPECT_EQ(HcclCommDestroy(c), HCCL_SUCCESS);
}

}  // namespace

namespace {

// Two ranks' send and receive queued on one stream: the send would wait for the receive behind it. Refused at
// once with HCCL_E_PARA (HCCL_EXEC_TIMEOUT bounds the test should the check ever miss).
TEST(HcclBuffers, PointToPointOfTwoRanksOnOneStreamIsRefused) {
    setenv("HCCL_EXEC_TIMEOUT", "10", 1);
    int32_t devices[2] = {0, 1};
    HcclComm comms[2];
    ASSERT_EQ(HcclCommInitAll(2, devices, comms), HCCL_SUCCESS);
    unsetenv("HCCL_EXEC_TIMEOUT");
    aclrtStream s = nullptr;
    ASSERT_EQ(aclrtCreateStream(&s), ACL_SUCCESS);
    void* a = nullptr;
    void* b = nullptr;
    ASSERT_EQ(aclrtMalloc(&a, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMalloc(&b, 64, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemset(a, 64, 0, 64), ACL_SUCCESS);
    const auto t0 = std::chrono::steady_clock::now();
    ASSERT_EQ(HcclSend(a, 16, HCCL_DATA_TYPE_FP32, 1, comms[0], s), HCCL_SUCCESS);
    ASSERT_EQ(HcclRecv(b, 16, HCCL_DATA_TYPE_FP32, 0, comms[1], s), HCCL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(s), static_cast<aclError>(HCCL_E_PARA));
    EXPECT_LT(Since(t0), 5.0);
    HcclResult async = HCCL_SUCCESS;
    ASSERT_EQ(HcclGetCommAsyncError(comms[0], &async), HCCL_SUCCESS);
    EXPECT_EQ(async, HCCL_E_PARA);
    EXPECT_NE(Msg().find("same stream"), std::string::npos);
    EXPECT_EQ(aclrtFree(a), ACL_SUCCESS);
    EXPECT_EQ(aclrtFree(b), ACL_SUCCESS);
    EXPECT_EQ(aclrtDestroyStream(s), ACL_SUCCESS);
    for (HcclComm c : comms) EXPECT_EQ(HcclCommDestroy(c), HCCL_SUCCESS);
}

}  // namespace
