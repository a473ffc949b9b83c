// aclnnSmoothL1Loss through the public API (docs/ops/smooth_l1_loss.md): CANN's check order, codes and
// messages; the dtype lists per profile; hand-checked values (ops-nn's example, beta's edge cases per
// profile, the branch at |d| == beta, the mean factor after the sum); result shapes for mean/sum; empty
// inputs; repeatable executors; and a seeded random sweep per product profile compared bit for bit with the
// independent model (tests/support/forward_loss_reference.h).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "aclnnop/aclnn_smooth_l1_loss.h"
#include "support/forward_loss_harness.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::Bits;
using aclcpu_test::Download;
using aclcpu_test::EmptyTensor;
using aclcpu_test::FloatTensor;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;
using aclcpu_test::RawTensor;
using l1ref::Profile;

constexpr int kNull = 161001;
constexpr int kInvalid = 161002;

const bool kQuietLog = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

int RunSmooth(const aclTensor* s, const aclTensor* t, int64_t reduction, float beta, aclTensor* out) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    int st = aclnnSmoothL1LossGetWorkspaceSize(s, t, reduction, beta, out, &ws, &ex);
    if (st != 0) return st;
    aclcpu_test::DeviceBuffer w;
    if (ws > 0) w = aclcpu_test::DeviceBuffer(ws);
    st = aclnnSmoothL1Loss(ws > 0 ? w.get() : nullptr, ws, ex, nullptr);
    return st != 0 ? st : aclrtSynchronizeStream(nullptr);
}

void ExpectFails(const aclTensor* s, const aclTensor* t, int64_t reduction, float beta, aclTensor* out, int code,
                 const std::string& msg) {
    uint64_t ws = 77;
    aclOpExecutor* ex = reinterpret_cast<aclOpExecutor*>(uintptr_t{0x40});
    LastError();
    EXPECT_EQ(aclnnSmoothL1LossGetWorkspaceSize(s, t, reduction, beta, out, &ws, &ex), code);
    const std::string got = LastError();
    EXPECT_NE(got.find(msg), std::string::npos) << "expected message: " << msg << "\n got: " << got;
    EXPECT_EQ(ws, 77u);
    EXPECT_EQ(ex, reinterpret_cast<aclOpExecutor*>(uintptr_t{0x40}));
}

float Scalar(const HostTensor& t) { return Download<float>(t.buffer.get(), 1)[0]; }

TEST(SmoothL1Loss, CheckOrderAndMessages) {
    HostTensor s = FloatTensor({2, 2}, {0, 1, 2, 3}), t = FloatTensor({2, 2}, {1, 1, 1, 1}),
               o = EmptyTensor({}, ACL_FLOAT), o22 = EmptyTensor({2, 2}, ACL_FLOAT);
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnSmoothL1LossGetWorkspaceSize(s.tensor, t.tensor, 1, 1.0f, o.tensor, nullptr, &ex), kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    ExpectFails(nullptr, nullptr, 9, -1.0f, nullptr, kNull, "got null for argument self.");
    ExpectFails(s.tensor, nullptr, 9, -1.0f, nullptr, kNull, "got null for argument target.");
    ExpectFails(s.tensor, t.tensor, 9, -1.0f, nullptr, kNull, "got null for argument result.");
    // Dtypes before reduction, reduction before shapes, shapes before beta.
    HostTensor i3 = EmptyTensor({3}, ACL_INT32), h22 = EmptyTensor({2, 2}, ACL_FLOAT16), oi = EmptyTensor({}, ACL_INT32);
    ExpectFails(i3.tensor, t.tensor, 9, -1.0f, o.tensor, kInvalid,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(s.tensor, i3.tensor, 9, -1.0f, o.tensor, kInvalid, "Tensor target not implemented for DT_INT32");
    ExpectFails(s.tensor, h22.tensor, 9, -1.0f, oi.tensor, kInvalid,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(s.tensor, t.tensor, 3, -1.0f, o.tensor, kInvalid, "Reduction should be between 0 and 2, but current is 3.");
    HostTensor t3 = EmptyTensor({3}, ACL_FLOAT), o2 = EmptyTensor({2}, ACL_FLOAT), o11 = EmptyTensor({1, 1}, ACL_FLOAT);
    ExpectFails(s.tensor, t3.tensor, 0, -1.0f, o22.tensor, kInvalid,
                "The size of tensor self [2,2] must match the size of tensor target [3].");
    ExpectFails(s.tensor, t.tensor, 0, -1.0f, o.tensor, kInvalid, "Shape of result should be [2,2], but current is [].");
    ExpectFails(s.tensor, t.tensor, 2, -1.0f, o2.tensor, kInvalid,
                "Expected result to have exactly one element for reduction mean or sum, but its shape is [2].");
    ExpectFails(s.tensor, t.tensor, 2, -1.0f, o11.tensor, kInvalid, "beta should be greater than or equal to 0");
    ExpectFails(s.tensor, t.tensor, 2, NAN, o11.tensor, kInvalid, "beta should be greater than or equal to 0");
    EXPECT_EQ(RunSmooth(s.tensor, t.tensor, 2, INFINITY, o11.tensor), 0) << LastError();  // +inf passes
}

TEST(SmoothL1Loss, DtypeListsPerProfile) {
    for (Profile p : l1ref::kAllProfiles) {
        aclcpu_test::ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        // Created after the profile switch: a switch finalizes the runtime, which must not outlive device memory.
        HostTensor b = EmptyTensor({2}, ACL_BF16), o = EmptyTensor({}, ACL_BF16);
        uint64_t ws = 0;
        aclOpExecutor* ex = nullptr;
        const int st = aclnnSmoothL1LossGetWorkspaceSize(b.tensor, b.tensor, 2, 1.0f, o.tensor, &ws, &ex);
        if (l1ref::SupportsBF16(p)) {
            EXPECT_EQ(st, 0) << l1ref::ProfileKey(p);
            EXPECT_EQ(aclDestroyAclOpExecutor(ex), 0);
        } else {
            EXPECT_EQ(st, kInvalid) << l1ref::ProfileKey(p);
        }
    }
}

TEST(SmoothL1Loss, OpsNnExample) {
    // FLOAT16 [2,2,7,7] tensors over the bytes of 98 floats 1.0f: every d = 0, every loss +0; only the
    // view's 392 bytes of result's 784-byte buffer are written.
    std::vector<float> ones(196, 1.0f);
    HostTensor s = RawTensor({2, 2, 7, 7}, ACL_FLOAT16, ones.data(), 392),
               t = RawTensor({2, 2, 7, 7}, ACL_FLOAT16, ones.data(), 392);
    aclcpu_test::DeviceBuffer rb(784);
    aclrtMemcpy(rb.get(), 784, ones.data(), 784, ACL_MEMCPY_HOST_TO_DEVICE);
    aclTensor* r = aclcpu_test::MakeTensor({2, 2, 7, 7}, ACL_FLOAT16, rb.get(), {}, 0, {392});
    ASSERT_EQ(RunSmooth(s.tensor, t.tensor, 0, 1.0f, r), 0) << LastError();
    const std::vector<float> got = Download<float>(rb.get(), 196);
    for (int i = 0; i < 98; ++i) EXPECT_EQ(Bits(got[i]), 0u) << i;
    for (int i = 98; i < 196; ++i) EXPECT_EQ(got[i], 1.0f) << i;
    aclDestroyTensor(r);
}

TEST(SmoothL1Loss, BetaEdgesPerProfile) {
    {  // the default profile (Ascend 950); its tensors are released before the profile switch below
        HostTensor s = FloatTensor({4}, {0.5f, 1.0f, 3.0f, 1e-8f}), t = FloatTensor({4}, {0, 0, 0, 0}),
                   o = EmptyTensor({4}, ACL_FLOAT);
        // beta 1 on 950: 0.5 -> 0.5 * 0.25 * 1 = 0.125; |d| == beta -> linear 1 - 0.5; 3 -> 2.5.
        ASSERT_EQ(RunSmooth(s.tensor, t.tensor, 0, 1.0f, o.tensor), 0);
        std::vector<float> v = Download<float>(o.buffer.get(), 4);
        EXPECT_EQ(v[0], 0.125f);
        EXPECT_EQ(v[1], 0.5f);
        EXPECT_EQ(v[2], 2.5f);
        // beta 0: pure L1.
        ASSERT_EQ(RunSmooth(s.tensor, t.tensor, 0, 0.0f, o.tensor), 0);
        v = Download<float>(o.buffer.get(), 4);
        EXPECT_EQ(v[0], 0.5f);
        EXPECT_EQ(v[3], 1e-8f);
        // 0 < beta < 1e-6: the 950 kernel's MultiplyValue is 0 (d = 1e-8 < beta gives +0); TBE: 0.5 d^2 / beta.
        ASSERT_EQ(RunSmooth(s.tensor, t.tensor, 0, 1e-7f, o.tensor), 0);
        EXPECT_EQ(Bits(Download<float>(o.buffer.get(), 4)[3]), 0u);
        // beta +inf: the quadratic branch times 1/inf = 0.
        ASSERT_EQ(RunSmooth(s.tensor, t.tensor, 0, INFINITY, o.tensor), 0);
        v = Download<float>(o.buffer.get(), 4);
        for (float x : v) EXPECT_EQ(Bits(x), 0u);
    }
    {  // Ascend 910B (the profile switch re-initialises the runtime)
        aclcpu_test::ProfileScope scope(Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        HostTensor s2 = FloatTensor({1}, {1e-8f}), t2 = FloatTensor({1}, {0}), o2 = EmptyTensor({1}, ACL_FLOAT);
        ASSERT_EQ(RunSmooth(s2.tensor, t2.tensor, 0, 1e-7f, o2.tensor), 0) << LastError();
        const float d = 1e-8f;
        EXPECT_EQ(Scalar(o2), (d * (d * 0.5f)) * (1.0f / 1e-7f));
        EXPECT_NE(Scalar(o2), 0.0f);
    }
}

TEST(SmoothL1Loss, MeanSumAndEmpty) {
    HostTensor s = FloatTensor({3}, {0.5f, 1.0f, 3.0f}), t = FloatTensor({3}, {0, 0, 0}), o = EmptyTensor({1}, ACL_FLOAT);
    ASSERT_EQ(RunSmooth(s.tensor, t.tensor, 2, 1.0f, o.tensor), 0) << LastError();
    EXPECT_EQ(Scalar(o), 3.125f);  // tree (0.125 + 0.5) + (2.5 + 0)
    ASSERT_EQ(RunSmooth(s.tensor, t.tensor, 1, 1.0f, o.tensor), 0);
    EXPECT_EQ(Bits(Scalar(o)), Bits(3.125f * static_cast<float>(1.0 / 3.0)));
    HostTensor e = EmptyTensor({0}, ACL_FLOAT), od = EmptyTensor({}, ACL_DOUBLE), t1 = FloatTensor({1}, {0});
    ASSERT_EQ(RunSmooth(e.tensor, t1.tensor, 1, 1.0f, od.tensor), 0) << LastError();
    EXPECT_TRUE(std::isnan(Download<double>(od.buffer.get(), 1)[0]));
    ASSERT_EQ(RunSmooth(e.tensor, t1.tensor, 2, 1.0f, o.tensor), 0);
    EXPECT_EQ(Bits(Scalar(o)), 0u);
}

TEST(SmoothL1Loss, RepeatableExecutorAndNewAddresses) {
    HostTensor s = FloatTensor({3}, {0.5f, 1, 3}), t = FloatTensor({3}, {0, 0, 0}), o = EmptyTensor({}, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnSmoothL1LossGetWorkspaceSize(s.tensor, t.tensor, 2, 1.0f, o.tensor, &ws, &ex), 0);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0);
    for (int run = 0; run < 2; ++run) {
        ASSERT_EQ(aclnnSmoothL1Loss(nullptr, 0, ex, nullptr), 0) << LastError();
        ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
        EXPECT_EQ(Scalar(o), 3.125f);
    }
    HostTensor t2 = FloatTensor({3}, {0.5f, 1, 3}), o2 = EmptyTensor({}, ACL_FLOAT);
    ASSERT_EQ(aclSetInputTensorAddr(ex, 1, nullptr, t2.buffer.get()), 0) << LastError();
    ASSERT_EQ(aclSetOutputTensorAddr(ex, 0, nullptr, o2.buffer.get()), 0) << LastError();
    ASSERT_EQ(aclnnSmoothL1Loss(nullptr, 0, ex, nullptr), 0) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(Bits(Scalar(o2)), 0u);
    EXPECT_EQ(Scalar(o), 3.125f);
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), 0);
    EXPECT_EQ(aclnnSmoothL1Loss(nullptr, 0, nullptr, nullptr), kNull);
}

// ------------------------------------------------------------------ the random sweep

int SmoothFirst(const fwdloss_test::Case& c, aclTensor* const* ts, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnSmoothL1LossGetWorkspaceSize(ts[0], ts[1], c.reduction, c.beta, ts[2], ws, ex);
}
int SmoothSecond(void* w, uint64_t ws, aclOpExecutor* ex, aclrtStream st) { return aclnnSmoothL1Loss(w, ws, ex, st); }

constexpr int kCases = 400;
void Sweep(Profile p, uint64_t seed) {
    fwdloss_test::RunSweep(fwdref::FwdOp::kSmoothL1, p, seed, kCases, &SmoothFirst, &SmoothSecond);
}
TEST(SmoothL1LossRandom, Ascend950) { Sweep(Profile::kAscend950, 0x51950000ull); }
TEST(SmoothL1LossRandom, Ascend910B) { Sweep(Profile::kAscend910B, 0x51910B00ull); }
TEST(SmoothL1LossRandom, Ascend910_93) { Sweep(Profile::kAscend910_93, 0x51910930ull); }
TEST(SmoothL1LossRandom, Ascend910) { Sweep(Profile::kAscend910, 0x51910000ull); }
TEST(SmoothL1LossRandom, Ascend310P) { Sweep(Profile::kAscend310P, 0x51310F00ull); }

}  // namespace
