// Issue 10: released handles stay dead. For every kind of handle (aclTensor, aclOpExecutor, aclrtStream,
// aclrtEvent, memory blocks) thousands of create / release / create rounds check that
//  * every call on the released handle fails with that API's invalid-handle status (161002 for aclnn objects,
//    361001 from the operator for a stream, 107017 ACL_ERROR_RT_INVALID_HANDLE from the runtime for streams
//    and events, 207002 / 107000 for memory blocks) and a message naming the handle and saying it was
//    released;
//  * the object created after the release, which the C heap would often have placed at the released address,
//    still works: the stale calls never reach it;
//  * no new object of ANY kind gets an address released fewer than kHandleQuarantine (1,024) releases ago
//    (memory blocks: 1,024 frees ago), checked for every object created in these tests.
#include "common/handle_registry.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_map>
#include <vector>

#include "support/test_util.h"

namespace {

using aclcpu::HandleReleaseCount;
using aclcpu::kHandleQuarantine;
using aclcpu_test::DeviceBuffer;
using aclcpu_test::Download;
using aclcpu_test::EmptyTensor;
using aclcpu_test::FloatTensor;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;
using aclcpu_test::MakeTensor;

constexpr int kRounds = 3000;  // about three times the quarantine: addresses do come back, but only late

// Thousands of stale calls each log an ERROR line; keep the test's output readable (read once, at the first
// log, which happens after this static initialiser).
const bool g_quiet = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

std::string Ptr(const void* p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%p", p);
    return buf;
}

// Checks the message of the call that just failed on stale handle p: it names p and its kind and says it was
// released.
void ExpectReleasedMessage(const void* p, const char* kind, const char* call) {
    const std::string m = LastError();
    EXPECT_NE(m.find(Ptr(p)), std::string::npos) << call << ": " << m;
    EXPECT_NE(m.find(kind), std::string::npos) << call << ": " << m;
    EXPECT_NE(m.find("was released"), std::string::npos) << call << ": " << m;
}

// Addresses released recently, with a lower bound of the registry's release count at their release; a new
// object of any kind must not get one of them while fewer than kHandleQuarantine releases followed.
class Window {
public:
    // Call just BEFORE the call that releases p (a handle of the registry).
    void Releasing(const void* p) { released_[p] = HandleReleaseCount() + 1; }
    // Call just before freeing memory block p.
    void Freeing(const void* p) { freed_[p] = ++frees_; }
    // A new object at p (call after its creation).
    void Created(const void* p, const char* what) {
        const uint64_t now = HandleReleaseCount();
        auto it = released_.find(p);
        if (it != released_.end()) {
            EXPECT_GE(now - it->second, kHandleQuarantine)
                << "a new " << what << " got the address of a handle released " << now - it->second << " releases ago";
            released_.erase(it);
            ++reused_;
        }
        auto jt = freed_.find(p);
        if (jt != freed_.end()) {
            EXPECT_GE(frees_ - jt->second, kHandleQuarantine)
                << "a new " << what << " got the address of a block freed " << frees_ - jt->second << " frees ago";
            freed_.erase(jt);
            ++reused_;
        }
        ++created_;
    }
    uint64_t created() const { return created_; }
    /// Creations that landed on an address released (or freed) earlier: the check above ran.
    uint64_t reused() const { return reused_; }

private:
    std::unordered_map<const void*, uint64_t> released_, freed_;
    uint64_t frees_ = 0, created_ = 0, reused_ = 0;
};

Window& Win() {
    static Window w;
    return w;
}

// Each test starts a fresh window: frees are counted by the test itself (buffers other tests free at their
// end are not), so a window must not outlive its test.
class HandleRegistry : public ::testing::Test {
protected:
    void SetUp() override { Win() = Window(); }
};

// A 4-element L1 problem whose result depends on `k`, on tensors that stay live throughout.
struct Problem {
    HostTensor g, s, t, out;
    explicit Problem(float k)
        : g(FloatTensor({4}, {1, 2, 3, 4})),
          s(FloatTensor({4}, {k, -k, k, 0})),
          t(FloatTensor({4}, {0, 0, 0, 0})),
          out(EmptyTensor({4}, ACL_FLOAT)) {}
    aclOpExecutor* Plan() {
        uint64_t ws = 1;
        aclOpExecutor* ex = nullptr;
        EXPECT_EQ(aclnnL1LossBackwardGetWorkspaceSize(g.tensor, s.tensor, t.tensor, 0, out.tensor, &ws, &ex), 0)
            << LastError();
        EXPECT_EQ(ws, 0u);
        return ex;
    }
    // out = sign(s) * g for k > 0: {1, -2, 3, 0}.
    bool Right() const {
        const std::vector<float> v = Download<float>(out.buffer.get(), 4);
        return v == std::vector<float>({1, -2, 3, 0});
    }
    void Clear() { ASSERT_EQ(aclrtMemset(out.buffer.get(), 16, 0x7F, 16), ACL_SUCCESS); }
};

TEST_F(HandleRegistry, KindNames) {
    EXPECT_STREQ(aclcpu::HandleKindName(aclcpu::HandleKind::kTensor), "aclTensor");
    EXPECT_STREQ(aclcpu::HandleKindName(aclcpu::HandleKind::kExecutor), "aclOpExecutor");
    EXPECT_STREQ(aclcpu::HandleKindName(aclcpu::HandleKind::kStream), "aclrtStream");
    EXPECT_STREQ(aclcpu::HandleKindName(aclcpu::HandleKind::kEvent), "aclrtEvent");
}

// A pointer of one kind passed as another is "not a live <kind>", never read as that kind.
TEST_F(HandleRegistry, AHandleOfAnotherKindIsUnknown) {
    HostTensor x = FloatTensor({4}, {1, 2, 3, 4});
    aclrtStream st = nullptr;
    ASSERT_EQ(aclrtCreateStream(&st), ACL_SUCCESS);
    EXPECT_EQ(aclrtSynchronizeStream(reinterpret_cast<aclrtStream>(x.tensor)), ACL_ERROR_RT_INVALID_HANDLE);
    std::string m = LastError();
    EXPECT_NE(m.find("is not a live aclrtStream"), std::string::npos) << m;
    int64_t* dims = nullptr;
    uint64_t n = 0;
    EXPECT_EQ(aclGetViewShape(static_cast<const aclTensor*>(st), &dims, &n), ACLNN_ERR_PARAM_INVALID);
    m = LastError();
    EXPECT_NE(m.find("is not a live aclTensor"), std::string::npos) << m;
    EXPECT_EQ(aclDestroyAclOpExecutor(reinterpret_cast<aclOpExecutor*>(x.tensor)), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(LastError().find("is not a live aclOpExecutor"), std::string::npos);
    EXPECT_EQ(aclrtDestroyEvent(st), ACL_ERROR_RT_INVALID_HANDLE);
    EXPECT_NE(LastError().find("is not a live aclrtEvent"), std::string::npos);
    EXPECT_EQ(aclrtDestroyStream(st), ACL_SUCCESS);
}

TEST_F(HandleRegistry, StaleTensorsNeverReachNewOnes) {
    Problem p(1);
    for (int round = 0; round < kRounds; ++round) {
        const int64_t d = round % 5 + 1;
        aclTensor* old = MakeTensor({d}, ACL_FLOAT, p.g.buffer.get());
        ASSERT_NE(old, nullptr);
        Win().Created(old, "aclTensor");
        Win().Releasing(old);
        ASSERT_EQ(aclDestroyTensor(old), 0);
        const int64_t d2 = d % 4 + 1;  // another shape, to tell the objects apart
        aclTensor* fresh = MakeTensor({d2}, ACL_FLOAT, p.s.buffer.get());
        ASSERT_NE(fresh, nullptr);
        Win().Created(fresh, "aclTensor");
        ASSERT_NE(fresh, old);

        EXPECT_EQ(aclDestroyTensor(old), ACLNN_ERR_PARAM_INVALID);
        ExpectReleasedMessage(old, "aclTensor", "aclDestroyTensor");
        int64_t* dims = nullptr;
        uint64_t n = 0;
        EXPECT_EQ(aclGetViewShape(old, &dims, &n), ACLNN_ERR_PARAM_INVALID);
        ExpectReleasedMessage(old, "aclTensor", "aclGetViewShape");
        EXPECT_EQ(dims, nullptr);
        EXPECT_EQ(aclSetRawTensorAddr(old, p.t.buffer.get()), ACLNN_ERR_PARAM_INVALID);
        ExpectReleasedMessage(old, "aclTensor", "aclSetRawTensorAddr");
        uint64_t ws = 77;
        aclOpExecutor* ex = nullptr;
        EXPECT_EQ(aclnnL1LossBackwardGetWorkspaceSize(p.g.tensor, old, p.t.tensor, 0, p.out.tensor, &ws, &ex),
                  ACLNN_ERR_PARAM_INVALID);
        ExpectReleasedMessage(old, "aclTensor", "first phase");
        EXPECT_EQ(ws, 77u);
        EXPECT_EQ(ex, nullptr);

        // The new tensor is intact: its shape, its data address, and usable by the operator.
        ASSERT_EQ(aclGetViewShape(fresh, &dims, &n), 0) << LastError();
        ASSERT_EQ(n, 1u);
        EXPECT_EQ(dims[0], d2);
        delete[] dims;
        void* addr = nullptr;
        ASSERT_EQ(aclGetRawTensorAddr(fresh, &addr), 0);
        EXPECT_EQ(addr, p.s.buffer.get());
        if (round % 100 == 0) {
            aclTensor* s4 = MakeTensor({4}, ACL_FLOAT, p.s.buffer.get());
            Win().Created(s4, "aclTensor");
            p.Clear();
            ASSERT_EQ(aclcpu_test::RunL1(p.g.tensor, s4, p.t.tensor, 0, p.out.tensor), 0) << LastError();
            EXPECT_TRUE(p.Right());
            Win().Releasing(s4);
            ASSERT_EQ(aclDestroyTensor(s4), 0);
        }
        Win().Releasing(fresh);
        ASSERT_EQ(aclDestroyTensor(fresh), 0);
    }
    EXPECT_GT(Win().reused(), 0u);  // addresses do come back, after the quarantine
}

TEST_F(HandleRegistry, StaleExecutorsNeverReachNewOnes) {
    Problem p(1);
    for (int round = 0; round < kRounds; ++round) {
        aclOpExecutor* old = p.Plan();
        ASSERT_NE(old, nullptr);
        Win().Created(old, "aclOpExecutor");
        Win().Releasing(old);
        if (round % 2 == 0) {
            ASSERT_EQ(aclDestroyAclOpExecutor(old), 0);
        } else {
            p.Clear();
            ASSERT_EQ(aclnnL1LossBackward(nullptr, 0, old, nullptr), 0) << LastError();  // consumed
            ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
            EXPECT_TRUE(p.Right());
        }
        aclOpExecutor* fresh = p.Plan();
        ASSERT_NE(fresh, nullptr);
        Win().Created(fresh, "aclOpExecutor");
        ASSERT_NE(fresh, old);

        EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, old, nullptr), ACLNN_ERR_PARAM_INVALID);
        ExpectReleasedMessage(old, "aclOpExecutor", "aclnnL1LossBackward");
        EXPECT_EQ(aclSetAclOpExecutorRepeatable(old), ACLNN_ERR_PARAM_INVALID);
        ExpectReleasedMessage(old, "aclOpExecutor", "aclSetAclOpExecutorRepeatable");
        EXPECT_EQ(aclSetOutputTensorAddr(old, 0, nullptr, p.t.buffer.get()), ACLNN_ERR_PARAM_INVALID);
        ExpectReleasedMessage(old, "aclOpExecutor", "aclSetOutputTensorAddr");
        EXPECT_EQ(aclDestroyAclOpExecutor(old), ACLNN_ERR_PARAM_INVALID);
        ExpectReleasedMessage(old, "aclOpExecutor", "aclDestroyAclOpExecutor");

        // The new executor is intact: still non-repeatable, still writing to `out`.
        p.Clear();
        Win().Releasing(fresh);
        ASSERT_EQ(aclnnL1LossBackward(nullptr, 0, fresh, nullptr), 0) << LastError();
        ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
        EXPECT_TRUE(p.Right());
        EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, fresh, nullptr), ACLNN_ERR_PARAM_INVALID);  // consumed
        LastError();
    }
    EXPECT_GT(Win().reused(), 0u);  // addresses do come back, after the quarantine
}

TEST_F(HandleRegistry, StaleStreamsNeverReachNewOnes) {
    Problem p(1);
    DeviceBuffer a(64), b(64);
    for (int round = 0; round < kRounds; ++round) {
        aclrtStream old = nullptr, fresh = nullptr;
        ASSERT_EQ(aclrtCreateStream(&old), ACL_SUCCESS);
        Win().Created(old, "aclrtStream");
        Win().Releasing(old);
        ASSERT_EQ(aclrtDestroyStream(old), ACL_SUCCESS);
        ASSERT_EQ(aclrtCreateStream(&fresh), ACL_SUCCESS);
        Win().Created(fresh, "aclrtStream");
        ASSERT_NE(fresh, old);

        EXPECT_EQ(aclrtSynchronizeStream(old), ACL_ERROR_RT_INVALID_HANDLE);
        ExpectReleasedMessage(old, "aclrtStream", "aclrtSynchronizeStream");
        EXPECT_EQ(aclrtSynchronizeStreamWithTimeout(old, 10), ACL_ERROR_RT_INVALID_HANDLE);
        ExpectReleasedMessage(old, "aclrtStream", "aclrtSynchronizeStreamWithTimeout");
        EXPECT_EQ(aclrtDestroyStream(old), ACL_ERROR_RT_INVALID_HANDLE);
        ExpectReleasedMessage(old, "aclrtStream", "aclrtDestroyStream");
        EXPECT_EQ(aclrtMemsetAsync(a.get(), 64, 1, 64, old), ACL_ERROR_RT_INVALID_HANDLE);
        ExpectReleasedMessage(old, "aclrtStream", "aclrtMemsetAsync");
        if (round % 10 == 0) {  // the operator reports a dead stream with its own code (and consumes the executor)
            aclOpExecutor* ex = p.Plan();
            Win().Created(ex, "aclOpExecutor");
            Win().Releasing(ex);
            EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, ex, old), ACLNN_ERR_RUNTIME_ERROR);
            LastError();
        }

        // The new stream works: a memset and a copy on it, in order.
        ASSERT_EQ(aclrtMemsetAsync(a.get(), 64, round & 0x7F, 64, fresh), ACL_SUCCESS) << LastError();
        ASSERT_EQ(aclrtMemcpyAsync(b.get(), 64, a.get(), 64, ACL_MEMCPY_DEVICE_TO_DEVICE, fresh), ACL_SUCCESS);
        ASSERT_EQ(aclrtSynchronizeStream(fresh), ACL_SUCCESS) << LastError();
        const std::vector<uint8_t> v = Download<uint8_t>(b.get(), 64);
        EXPECT_EQ(v, std::vector<uint8_t>(64, static_cast<uint8_t>(round & 0x7F)));
        Win().Releasing(fresh);
        ASSERT_EQ(aclrtDestroyStream(fresh), ACL_SUCCESS);
    }
    EXPECT_GT(Win().reused(), 0u);  // addresses do come back, after the quarantine
}

TEST_F(HandleRegistry, StaleEventsNeverReachNewOnes) {
    aclrtStream st = nullptr;
    ASSERT_EQ(aclrtCreateStream(&st), ACL_SUCCESS);
    for (int round = 0; round < kRounds; ++round) {
        aclrtEvent old = nullptr, fresh = nullptr;
        ASSERT_EQ(aclrtCreateEvent(&old), ACL_SUCCESS);
        Win().Created(old, "aclrtEvent");
        Win().Releasing(old);
        ASSERT_EQ(aclrtDestroyEvent(old), ACL_SUCCESS);
        ASSERT_EQ(aclrtCreateEvent(&fresh), ACL_SUCCESS);
        Win().Created(fresh, "aclrtEvent");
        ASSERT_NE(fresh, old);

        EXPECT_EQ(aclrtRecordEvent(old, st), ACL_ERROR_RT_INVALID_HANDLE);
        ExpectReleasedMessage(old, "aclrtEvent", "aclrtRecordEvent");
        EXPECT_EQ(aclrtStreamWaitEvent(st, old), ACL_ERROR_RT_INVALID_HANDLE);
        ExpectReleasedMessage(old, "aclrtEvent", "aclrtStreamWaitEvent");
        EXPECT_EQ(aclrtSynchronizeEvent(old), ACL_ERROR_RT_INVALID_HANDLE);
        ExpectReleasedMessage(old, "aclrtEvent", "aclrtSynchronizeEvent");
        aclrtEventRecordedStatus status = ACL_EVENT_RECORDED_STATUS_NOT_READY;
        EXPECT_EQ(aclrtQueryEventStatus(old, &status), ACL_ERROR_RT_INVALID_HANDLE);
        ExpectReleasedMessage(old, "aclrtEvent", "aclrtQueryEventStatus");
        float ms = -1;
        EXPECT_EQ(aclrtEventElapsedTime(&ms, old, fresh), ACL_ERROR_RT_INVALID_HANDLE);
        ExpectReleasedMessage(old, "aclrtEvent", "aclrtEventElapsedTime");
        EXPECT_EQ(ms, -1);
        EXPECT_EQ(aclrtDestroyEvent(old), ACL_ERROR_RT_INVALID_HANDLE);
        ExpectReleasedMessage(old, "aclrtEvent", "aclrtDestroyEvent");

        // The new event works: never recorded (the stale record did not land on it), then recorded.
        ASSERT_EQ(aclrtQueryEventStatus(fresh, &status), ACL_SUCCESS);
        ASSERT_EQ(aclrtRecordEvent(fresh, st), ACL_SUCCESS) << LastError();
        ASSERT_EQ(aclrtSynchronizeEvent(fresh), ACL_SUCCESS);
        ASSERT_EQ(aclrtQueryEventStatus(fresh, &status), ACL_SUCCESS);
        EXPECT_EQ(status, ACL_EVENT_RECORDED_STATUS_COMPLETE);
        EXPECT_EQ(aclrtEventElapsedTime(&ms, fresh, fresh), ACL_SUCCESS);
        EXPECT_EQ(ms, 0.0f);
        Win().Releasing(fresh);
        ASSERT_EQ(aclrtDestroyEvent(fresh), ACL_SUCCESS);
    }
    EXPECT_EQ(aclrtDestroyStream(st), ACL_SUCCESS);
    EXPECT_GT(Win().reused(), 0u);  // addresses do come back, after the quarantine
}

// Memory blocks are address ranges with their own freed-block quarantine (the newest 1,024 blocks, at most
// 64 MiB): the same rule, counted in frees. Stale frees: 207002; stale copies and memsets: 107000.
TEST_F(HandleRegistry, StaleMemoryBlocksNeverReachNewOnes) {
    std::vector<uint8_t> host(256, 0x5A), back(256);
    for (int round = 0; round < kRounds; ++round) {
        const size_t bytes = 64 + static_cast<size_t>(round % 4) * 64;
        void* old = nullptr;
        void* fresh = nullptr;
        ASSERT_EQ(aclrtMalloc(&old, bytes, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
        Win().Created(old, "memory block");
        Win().Freeing(old);
        ASSERT_EQ(aclrtFree(old), ACL_SUCCESS);
        ASSERT_EQ(aclrtMalloc(&fresh, bytes, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
        Win().Created(fresh, "memory block");
        ASSERT_NE(fresh, old);

        EXPECT_EQ(aclrtFree(old), ACL_ERROR_RT_MEMORY_FREE);
        ExpectReleasedMessage(old, "memory block", "aclrtFree");
        EXPECT_EQ(aclrtMemcpy(old, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), ACL_ERROR_RT_PARAM_INVALID);
        EXPECT_NE(LastError().find("freed"), std::string::npos);
        EXPECT_EQ(aclrtMemset(old, bytes, 0, bytes), ACL_ERROR_RT_PARAM_INVALID);
        EXPECT_NE(LastError().find("freed"), std::string::npos);

        ASSERT_EQ(aclrtMemcpy(fresh, bytes, host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
        ASSERT_EQ(aclrtMemcpy(back.data(), bytes, fresh, bytes, ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
        EXPECT_EQ(std::vector<uint8_t>(back.begin(), back.begin() + bytes), std::vector<uint8_t>(bytes, 0x5A));
        Win().Freeing(fresh);
        ASSERT_EQ(aclrtFree(fresh), ACL_SUCCESS);
    }
}

// Every kind released in one interleaved churn: the quarantine counts releases of all kinds together, and no
// new object of one kind lands on another kind's recently released address (Window checks every creation).
TEST_F(HandleRegistry, KindsShareOneQuarantine) {
    Problem p(1);
    std::vector<void*> stale;
    for (int round = 0; round < kRounds; ++round) {
        aclTensor* t = MakeTensor({4}, ACL_FLOAT, p.g.buffer.get());
        Win().Created(t, "aclTensor");
        aclOpExecutor* ex = p.Plan();
        Win().Created(ex, "aclOpExecutor");
        aclrtEvent ev = nullptr;
        ASSERT_EQ(aclrtCreateEvent(&ev), ACL_SUCCESS);
        Win().Created(ev, "aclrtEvent");
        void* blk = nullptr;
        ASSERT_EQ(aclrtMalloc(&blk, 64, ACL_MEM_MALLOC_NORMAL_ONLY), ACL_SUCCESS);
        Win().Created(blk, "memory block");
        Win().Releasing(t);
        ASSERT_EQ(aclDestroyTensor(t), 0);
        Win().Releasing(ex);
        ASSERT_EQ(aclDestroyAclOpExecutor(ex), 0);
        Win().Releasing(ev);
        ASSERT_EQ(aclrtDestroyEvent(ev), ACL_SUCCESS);
        Win().Freeing(blk);
        ASSERT_EQ(aclrtFree(blk), ACL_SUCCESS);
        // The three handles just released stay rejected, whichever kind they are passed as.
        EXPECT_EQ(aclDestroyTensor(t), ACLNN_ERR_PARAM_INVALID);
        EXPECT_EQ(aclDestroyAclOpExecutor(ex), ACLNN_ERR_PARAM_INVALID);
        EXPECT_EQ(aclrtDestroyEvent(ev), ACL_ERROR_RT_INVALID_HANDLE);
        EXPECT_EQ(aclrtDestroyEvent(t), ACL_ERROR_RT_INVALID_HANDLE);
        EXPECT_EQ(aclDestroyTensor(static_cast<aclTensor*>(ev)), ACLNN_ERR_PARAM_INVALID);
        LastError();
    }
    EXPECT_EQ(Win().created(), static_cast<uint64_t>(4 * kRounds));
    EXPECT_GT(Win().reused(), 0u);
}

}  // namespace
