// Host memory running out inside a first phase is a status, not a crash: every operator's
// aclnn*GetWorkspaceSize returns 561000 (ACLNN_ERR_INNER) with a message, writes no executor, and the next
// call works (engine/first_phase.h GuardFirstPhase). This binary replaces the global operator new so that,
// when a flag is up, the calling thread's next allocation throws std::bad_alloc (once: the flag drops, as
// memory that comes back); the first phase's plan object is always allocated, so every planned (non-empty)
// call meets the failure inside the first phase.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <new>
#include <string>
#include <vector>

#include "aclnnop/aclnn_l1_loss.h"
#include "aclnnop/aclnn_l1_loss_backward.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_mse_loss_backward.h"
#include "aclnnop/aclnn_smooth_l1_loss.h"
#include "aclnnop/aclnn_smooth_l1_loss_backward.h"
#include "support/test_util.h"

namespace {
thread_local bool t_fail_new = false;
std::atomic<int> g_failed{0};
}  // namespace

void* operator new(std::size_t n) {
    if (t_fail_new) {
        t_fail_new = false;
        g_failed.fetch_add(1);
        throw std::bad_alloc();
    }
    if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

using aclcpu_test::EmptyTensor;
using aclcpu_test::FloatTensor;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;

constexpr int kInner = 561000;

using FirstPhase = std::function<int(uint64_t*, aclOpExecutor**)>;

// Runs `first` with allocations failing: 561000, a message naming `api`, *executor untouched. Then once
// normally: success, and the executor launches.
void ExpectGuarded(const char* api, const FirstPhase& first, int (*second)(void*, uint64_t, aclOpExecutor*, aclrtStream)) {
    uint64_t ws = 77;
    aclOpExecutor* const sentinel = reinterpret_cast<aclOpExecutor*>(uintptr_t{0x1234});
    aclOpExecutor* ex = sentinel;
    const int before = g_failed.load();
    t_fail_new = true;
    const int st = first(&ws, &ex);
    t_fail_new = false;
    EXPECT_GT(g_failed.load(), before) << api << ": no allocation was refused";
    EXPECT_EQ(st, kInner) << api;
    EXPECT_EQ(ex, sentinel) << api << ": an executor was written";
    const std::string msg = LastError();
    EXPECT_NE(msg.find(api), std::string::npos) << msg;
    EXPECT_NE(msg.find("out of host memory"), std::string::npos) << msg;

    ex = nullptr;
    ASSERT_EQ(first(&ws, &ex), 0) << api << ": " << LastError();
    ASSERT_NE(ex, nullptr);
    aclcpu_test::DeviceBuffer w;
    if (ws > 0) w = aclcpu_test::DeviceBuffer(ws);
    ASSERT_EQ(second(ws > 0 ? w.get() : nullptr, ws, ex, nullptr), 0) << api << ": " << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
}

TEST(OutOfMemory, EveryFirstPhaseReturnsAStatus) {
    HostTensor g = FloatTensor({2, 2}, {1, 1, 1, 1}), s = FloatTensor({2, 2}, {0, 1, 2, 3}),
               t = FloatTensor({2, 2}, {1, 1, 1, 1}), o = EmptyTensor({2, 2}, ACL_FLOAT),
               scalar = EmptyTensor({}, ACL_FLOAT);
    for (int64_t reduction : {0, 1, 2}) {
        SCOPED_TRACE(reduction);
        aclTensor* fwd_out = reduction == 0 ? o.tensor : scalar.tensor;
        ExpectGuarded(
            "aclnnL1LossBackwardGetWorkspaceSize",
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnL1LossBackwardGetWorkspaceSize(g.tensor, s.tensor, t.tensor, reduction, o.tensor, ws, ex);
            },
            aclnnL1LossBackward);
        ExpectGuarded(
            "aclnnMseLossBackwardGetWorkspaceSize",
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnMseLossBackwardGetWorkspaceSize(g.tensor, s.tensor, t.tensor, reduction, o.tensor, ws, ex);
            },
            aclnnMseLossBackward);
        ExpectGuarded(
            "aclnnSmoothL1LossBackwardGetWorkspaceSize",
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnSmoothL1LossBackwardGetWorkspaceSize(g.tensor, s.tensor, t.tensor, reduction, 1.0f, o.tensor,
                                                                 ws, ex);
            },
            aclnnSmoothL1LossBackward);
        ExpectGuarded(
            "aclnnL1LossGetWorkspaceSize",
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnL1LossGetWorkspaceSize(s.tensor, t.tensor, reduction, fwd_out, ws, ex);
            },
            aclnnL1Loss);
        ExpectGuarded(
            "aclnnMseLossGetWorkspaceSize",
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnMseLossGetWorkspaceSize(s.tensor, t.tensor, reduction, fwd_out, ws, ex);
            },
            aclnnMseLoss);
        ExpectGuarded(
            "aclnnSmoothL1LossGetWorkspaceSize",
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnSmoothL1LossGetWorkspaceSize(s.tensor, t.tensor, reduction, 1.0f, fwd_out, ws, ex);
            },
            aclnnSmoothL1Loss);
    }
}

}  // namespace
