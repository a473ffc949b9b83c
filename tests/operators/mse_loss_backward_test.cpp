// aclnnMseLossBackward through the public API (docs/ops/mse_loss_backward.md): CANN's check order, codes
// and messages; the dtype lists per profile; hand-checked values (ops-nn's example, the mean factor, signed
// zeros, NaN and infinities, broadcast, strided views, in place); repeatable executors with
// aclSetInputTensorAddr / aclSetOutputTensorAddr; empty tensors; and a seeded random sweep per product
// profile compared bit for bit with the independent model (tests/support/loss_grad_reference.h).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "aclnnop/aclnn_mse_loss_backward.h"
#include "support/loss_grad_harness.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::Bits;
using aclcpu_test::Download;
using aclcpu_test::EmptyTensor;
using aclcpu_test::FloatTensor;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;
using aclcpu_test::RawTensor;
using lossgrad_test::Profile;
using lossgrad_test::ProfileScope;

constexpr int kNull = 161001;
constexpr int kInvalid = 161002;

const bool kQuietLog = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

int RunMse(const aclTensor* g, const aclTensor* s, const aclTensor* t, int64_t reduction, aclTensor* out) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    int st = aclnnMseLossBackwardGetWorkspaceSize(g, s, t, reduction, out, &ws, &ex);
    if (st != 0) return st;
    aclcpu_test::DeviceBuffer w;
    if (ws > 0) w = aclcpu_test::DeviceBuffer(ws);
    st = aclnnMseLossBackward(ws > 0 ? w.get() : nullptr, ws, ex, nullptr);
    return st != 0 ? st : aclrtSynchronizeStream(nullptr);
}

// Expects the first phase to fail with `code` and a message equal to `msg`; nothing written.
void ExpectFails(const aclTensor* g, const aclTensor* s, const aclTensor* t, int64_t reduction, aclTensor* out,
                 int code, const std::string& msg) {
    uint64_t ws = 77;
    aclOpExecutor* ex = reinterpret_cast<aclOpExecutor*>(uintptr_t{0x40});
    LastError();
    EXPECT_EQ(aclnnMseLossBackwardGetWorkspaceSize(g, s, t, reduction, out, &ws, &ex), code);
    EXPECT_EQ(LastError().find(msg) != std::string::npos, true) << "expected message: " << msg;
    EXPECT_EQ(ws, 77u);
    EXPECT_EQ(ex, reinterpret_cast<aclOpExecutor*>(uintptr_t{0x40}));
}

TEST(MseLossBackward, CheckOrderAndMessages) {
    HostTensor g = FloatTensor({2, 2}, {1, 1, 1, 1}), s = FloatTensor({2, 2}, {1, 2, 3, 4}),
               t = FloatTensor({2, 2}, {0, 0, 0, 0}), out = EmptyTensor({2, 2}, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnMseLossBackwardGetWorkspaceSize(g.tensor, s.tensor, t.tensor, 0, out.tensor, nullptr, &ex), kNull);
    EXPECT_EQ(LastError().find("The workspaceSize or executor is nullptr.") != std::string::npos, true);
    EXPECT_EQ(aclnnMseLossBackwardGetWorkspaceSize(g.tensor, s.tensor, t.tensor, 0, out.tensor, &ws, nullptr), kNull);
    // Null tensors in argument order, named by the API (CANN prints t0..t3 here: docs/differences.md).
    ExpectFails(nullptr, nullptr, nullptr, 9, nullptr, kNull, "got null for argument gradOutput.");
    ExpectFails(g.tensor, nullptr, nullptr, 9, nullptr, kNull, "got null for argument self.");
    ExpectFails(g.tensor, s.tensor, nullptr, 9, nullptr, kNull, "got null for argument target.");
    ExpectFails(g.tensor, s.tensor, t.tensor, 9, nullptr, kNull, "got null for argument out.");
    // Dtypes before reduction, before shapes.
    HostTensor h3 = EmptyTensor({3}, ACL_FLOAT16), i3 = EmptyTensor({3}, ACL_INT32),
               d22 = EmptyTensor({2, 2}, ACL_DOUBLE);
    ExpectFails(h3.tensor, s.tensor, t.tensor, 9, out.tensor, kInvalid,
                "Expected both tensors to have same dtype, but found gradOutput DT_FLOAT16 and self DT_FLOAT.");
    ExpectFails(g.tensor, s.tensor, h3.tensor, 9, out.tensor, kInvalid,
                "Expected both tensors to have same dtype, but found target DT_FLOAT16 and self DT_FLOAT.");
    ExpectFails(
        i3.tensor, i3.tensor, i3.tensor, 9, out.tensor, kInvalid,
        "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(g.tensor, s.tensor, t.tensor, 9, d22.tensor, kInvalid,
                "Tensor out not implemented for DT_DOUBLE, should be in dtype support list");
    ExpectFails(g.tensor, s.tensor, t.tensor, 3, out.tensor, kInvalid,
                "Expected reduction to be between 0 and 2, but got 3.");
    ExpectFails(g.tensor, s.tensor, t.tensor, -1, out.tensor, kInvalid, "but got -1.");
    // Shapes.
    const std::vector<int64_t> nine(9, 1);
    HostTensor f9 = FloatTensor(nine, {1.0f}), f3 = FloatTensor({3}, {1, 2, 3}), o3 = EmptyTensor({3}, ACL_FLOAT);
    ExpectFails(f9.tensor, f9.tensor, t.tensor, 0, out.tensor, kInvalid,
                "The gradOutput tensor cannot be larger than 8 dimensions.");
    ExpectFails(g.tensor, f9.tensor, t.tensor, 0, out.tensor, kInvalid,
                "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails(g.tensor, s.tensor, f9.tensor, 0, out.tensor, kInvalid,
                "The target tensor cannot be larger than 8 dimensions.");
    ExpectFails(f3.tensor, s.tensor, t.tensor, 0, out.tensor, kInvalid,
                "The size of tensor gradOutput [3] must match the size of tensor self [2,2].");
    ExpectFails(g.tensor, s.tensor, f3.tensor, 0, out.tensor, kInvalid,
                "The size of tensor target [3] must match the size [2,2].");
    ExpectFails(g.tensor, s.tensor, t.tensor, 0, o3.tensor, kInvalid,
                "Expected tensor for out to have same size as [2,2], but got [3].");
    HostTensor f9o = EmptyTensor(nine, ACL_FLOAT);  // out is not dim-checked itself: its shape must equal b
    ExpectFails(g.tensor, s.tensor, t.tensor, 1, f9o.tensor, kInvalid,
                "Expected tensor for out to have same size as [2,2]");
}

TEST(MseLossBackward, DtypeListsPerProfile) {
    const Profile profs[] = {Profile::kAscend950, Profile::kAscend910B, Profile::kAscend910_93, Profile::kAscend910,
                             Profile::kAscend310P};
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    const uint16_t one16[2] = {0x3C00, 0x3F80};  // 1.0 in FLOAT16, BF16
    for (Profile p : profs) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool bf16 = l1ref::SupportsBF16(p);
        for (aclDataType in : dts) {
            for (aclDataType od : dts) {
                uint8_t raw[4];
                if (in == ACL_FLOAT) {
                    const float f = 1.0f;
                    std::memcpy(raw, &f, 4);
                } else {
                    std::memcpy(raw, &one16[in == ACL_BF16 ? 1 : 0], 2);
                }
                HostTensor g = RawTensor({1}, in, raw, 4), s = RawTensor({1}, in, raw, 4),
                           t = RawTensor({1}, in, raw, 4);
                HostTensor out = EmptyTensor({1}, od);
                const bool ok = (in != ACL_BF16 || bf16) && (od != ACL_BF16 || bf16);
                EXPECT_EQ(RunMse(g.tensor, s.tensor, t.tensor, 0, out.tensor), ok ? 0 : kInvalid)
                    << l1ref::ProfileKey(p) << " " << in << "->" << od << " " << LastError();
                if (!ok) continue;
                const std::vector<uint8_t> got = Download<uint8_t>(out.buffer.get(), od == ACL_FLOAT ? 4 : 2);
                const std::vector<uint8_t> zero(got.size(), 0);
                EXPECT_EQ(got, zero);  // (1 - 1) * 2 * 1 = +0
            }
        }
        if (!bf16) {
            HostTensor b = EmptyTensor({1}, ACL_BF16), f = FloatTensor({1}, {1});
            ExpectFails(
                b.tensor, b.tensor, b.tensor, 0, f.tensor, kInvalid,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
        }
    }
}

// ops-nn loss/mse_loss_grad_v2/examples/test_aclnn_mse_loss_grad_v2.cpp: the same values on every profile.
TEST(MseLossBackward, OpsNnExample) {
    for (Profile p : {Profile::kAscend950, Profile::kAscend910B, Profile::kAscend310P}) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        HostTensor g = FloatTensor({2, 2}, {0, 1, 2, 3}), s = FloatTensor({2, 2}, {0, 1, 2, 3}),
                   t = FloatTensor({2, 2}, {1, 1, 1, 1}), out = EmptyTensor({2, 2}, ACL_FLOAT);
        ASSERT_EQ(RunMse(g.tensor, s.tensor, t.tensor, 1, out.tensor), 0) << LastError();
        const std::vector<float> y = Download<float>(out.buffer.get(), 4);
        EXPECT_EQ(Bits(y[0]), 0x80000000u);  // ((0 - 1) * 0.5) * 0 = -0
        EXPECT_EQ(Bits(y[1]), 0u);
        EXPECT_EQ(y[2], 1.0f);
        EXPECT_EQ(y[3], 3.0f);
    }
}

TEST(MseLossBackward, MeanFactorIsTwoOverNumelOfSelf) {
    // [10,10,10]: cof = (float)(2/1000) = 0.002f (not L1's sequential 1/10/10/10 * 2).
    std::vector<float> ones(1000, 1.0f), zeros(1000, 0.0f);
    HostTensor g = FloatTensor({10, 10, 10}, ones), s = FloatTensor({10, 10, 10}, ones),
               t = FloatTensor({10, 10, 10}, zeros);
    HostTensor out = EmptyTensor({10, 10, 10}, ACL_FLOAT);
    ASSERT_EQ(RunMse(g.tensor, s.tensor, t.tensor, 1, out.tensor), 0) << LastError();
    EXPECT_EQ(Bits(Download<float>(out.buffer.get(), 1)[0]), Bits(0.002f));
    // Broadcast: self [3] against gradOutput [4,3]: n = numel(self) = 3, not 12.
    HostTensor g2 = FloatTensor({4, 3}, std::vector<float>(12, 1.0f)), s2 = FloatTensor({3}, {1, 1, 1}),
               t2 = FloatTensor({1}, {0}), o2 = EmptyTensor({4, 3}, ACL_FLOAT);
    ASSERT_EQ(RunMse(g2.tensor, s2.tensor, t2.tensor, 1, o2.tensor), 0) << LastError();
    for (float v : Download<float>(o2.buffer.get(), 12)) EXPECT_EQ(Bits(v), Bits(2.0f / 3.0f));
    // sum and none: cof = 2.
    ASSERT_EQ(RunMse(g2.tensor, s2.tensor, t2.tensor, 2, o2.tensor), 0);
    EXPECT_EQ(Download<float>(o2.buffer.get(), 1)[0], 2.0f);
}

TEST(MseLossBackward, SpecialValues) {
    const float inf = HUGE_VALF, nan = NAN;
    HostTensor g = FloatTensor({6}, {1, inf, 1, -1, 1, 3e38f}), s = FloatTensor({6}, {inf, 1, -0.0f, 2, nan, 3e38f}),
               t = FloatTensor({6}, {inf, 1, 0.0f, 2, 0, -3e38f}), out = EmptyTensor({6}, ACL_FLOAT);
    ASSERT_EQ(RunMse(g.tensor, s.tensor, t.tensor, 0, out.tensor), 0) << LastError();
    const std::vector<float> y = Download<float>(out.buffer.get(), 6);
    EXPECT_TRUE(std::isnan(y[0]));       // inf - inf
    EXPECT_TRUE(std::isnan(y[1]));       // 0 * inf
    EXPECT_EQ(Bits(y[2]), 0x80000000u);  // (-0 - 0) * 2 * 1 = -0
    EXPECT_EQ(Bits(y[3]), 0x80000000u);  // (+0 * 2) * -1 = -0
    EXPECT_TRUE(std::isnan(y[4]));
    EXPECT_EQ(y[5], inf);  // overflow of s - t
    // FLOAT16 rounds the float32 product once (RNE) and overflows to inf; a FLOAT out of FLOAT16 inputs holds
    // the FLOAT16 value.
    const uint16_t h[3] = {0x3C01, 0x7BFF, 0x3C00};  // 1 + 2^-10, 65504, 1
    const uint16_t z[3] = {0, 0, 0};
    const uint16_t gh[3] = {0x3C01, 0x3C00, 0x3C00};
    HostTensor hg = RawTensor({3}, ACL_FLOAT16, gh, 6), hs = RawTensor({3}, ACL_FLOAT16, h, 6),
               ht = RawTensor({3}, ACL_FLOAT16, z, 6), ho = EmptyTensor({3}, ACL_FLOAT);
    ASSERT_EQ(RunMse(hg.tensor, hs.tensor, ht.tensor, 0, ho.tensor), 0) << LastError();
    const std::vector<float> yh = Download<float>(ho.buffer.get(), 3);
    EXPECT_EQ(yh[0], 2.0f + 0x1p-8f);  // 2(1 + 2^-10)^2 = 2 + 2^-8 + 2^-19 -> FLOAT16 2 + 2^-8
    EXPECT_EQ(yh[1], inf);             // 131008 overflows FLOAT16
    EXPECT_EQ(yh[2], 2.0f);
}

TEST(MseLossBackward, BroadcastStridesAndInPlace) {
    // self a transposed view [3,2] of a [2,3] buffer, target [2] broadcast, gradOutput 0-d.
    HostTensor sb = FloatTensor({6}, {1, 2, 3, 4, 5, 6});
    aclTensor* s = aclcpu_test::MakeTensor({3, 2}, ACL_FLOAT, sb.buffer.get(), {1, 3}, 0, {6});
    HostTensor t = FloatTensor({2}, {1, 2}), g = FloatTensor({}, {0.5f}), out = EmptyTensor({3, 2}, ACL_FLOAT);
    ASSERT_EQ(RunMse(g.tensor, s, t.tensor, 2, out.tensor), 0) << LastError();
    // s = [[1,4],[2,5],[3,6]] - [1,2], * 2 * 0.5
    EXPECT_EQ(Download<float>(out.buffer.get(), 6), (std::vector<float>{0, 2, 1, 3, 2, 4}));
    // In place: out is self's own view.
    aclTensor* o = aclcpu_test::MakeTensor({3, 2}, ACL_FLOAT, sb.buffer.get(), {1, 3}, 0, {6});
    ASSERT_EQ(RunMse(g.tensor, s, t.tensor, 2, o), 0) << LastError();
    EXPECT_EQ(Download<float>(sb.buffer.get(), 6), (std::vector<float>{0, 1, 2, 2, 3, 4}));
    // Partial overlap: out = self's buffer shifted by one element (row-major [2,3] view at offset 1 of [7]).
    HostTensor pb = FloatTensor({7}, {1, 2, 3, 4, 5, 6, 0});
    aclTensor* ps = aclcpu_test::MakeTensor({2, 3}, ACL_FLOAT, pb.buffer.get(), {3, 1}, 0, {7});
    aclTensor* po = aclcpu_test::MakeTensor({2, 3}, ACL_FLOAT, pb.buffer.get(), {3, 1}, 1, {7});
    HostTensor z = FloatTensor({1}, {0}), one = FloatTensor({1}, {1});
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnMseLossBackwardGetWorkspaceSize(one.tensor, ps, z.tensor, 0, po, &ws, &ex), 0) << LastError();
    EXPECT_GT(ws, 0u);  // the temporary of the overlapping output
    aclcpu_test::DeviceBuffer w(ws);
    ASSERT_EQ(aclnnMseLossBackward(w.get(), ws, ex, nullptr), 0) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(Download<float>(pb.buffer.get(), 7), (std::vector<float>{1, 2, 4, 6, 8, 10, 12}));  // as out of place
    for (aclTensor* x : {s, o, ps, po}) aclDestroyTensor(x);
}

TEST(MseLossBackward, EmptyTensors) {
    HostTensor e = EmptyTensor({0, 3}, ACL_FLOAT), s = FloatTensor({3}, {1, 2, 3}), oe = EmptyTensor({0, 3}, ACL_FLOAT);
    for (int64_t red : {0, 1, 2}) {
        uint64_t ws = 5;
        aclOpExecutor* ex = nullptr;
        ASSERT_EQ(aclnnMseLossBackwardGetWorkspaceSize(e.tensor, s.tensor, s.tensor, red, oe.tensor, &ws, &ex), 0)
            << LastError();
        EXPECT_EQ(ws, 0u);
        ASSERT_NE(ex, nullptr);
        EXPECT_EQ(aclnnMseLossBackward(nullptr, 0, ex, nullptr), 0);
        EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    }
    // The checks still come first for empty tensors.
    HostTensor ei = EmptyTensor({0}, ACL_INT32);
    ExpectFails(ei.tensor, ei.tensor, ei.tensor, 0, ei.tensor, kInvalid, "Tensor self not implemented for DT_INT32");
}

TEST(MseLossBackward, RepeatableExecutorAndNewAddresses) {
    HostTensor g = FloatTensor({3}, {1, 1, 1}), s = FloatTensor({3}, {1, 2, 3}), t = FloatTensor({3}, {0, 0, 0}),
               out = EmptyTensor({3}, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnMseLossBackwardGetWorkspaceSize(g.tensor, s.tensor, t.tensor, 2, out.tensor, &ws, &ex), 0);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0);
    for (int run = 0; run < 2; ++run) {
        ASSERT_EQ(aclnnMseLossBackward(nullptr, 0, ex, nullptr), 0) << LastError();
        ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
        EXPECT_EQ(Download<float>(out.buffer.get(), 3), (std::vector<float>{2, 4, 6}));
    }
    HostTensor s2 = FloatTensor({3}, {-1, 0, 5}), o2 = EmptyTensor({3}, ACL_FLOAT);
    ASSERT_EQ(aclSetInputTensorAddr(ex, 1, nullptr, s2.buffer.get()), 0) << LastError();
    ASSERT_EQ(aclSetOutputTensorAddr(ex, 0, nullptr, o2.buffer.get()), 0) << LastError();
    ASSERT_EQ(aclnnMseLossBackward(nullptr, 0, ex, nullptr), 0) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(Download<float>(o2.buffer.get(), 3), (std::vector<float>{-2, 0, 10}));
    EXPECT_EQ(Download<float>(out.buffer.get(), 3), (std::vector<float>{2, 4, 6}));  // untouched
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), 0);
}

// Outputs of 2^21+ elements: rows over the device pool and, for FLOAT outputs of 8 MiB and more, streaming stores.
TEST(MseLossBackwardRandom, LargeCases) { lossgrad_test::RunLargeCases(lossref::Op::kMse); }

// ------------------------------------------------------------------ the random sweep

void RandomSuite(Profile prof, uint64_t base_seed, int64_t cases) {
    lossgrad_test::RunRandomSweep(lossref::Op::kMse, "mse", prof, base_seed, cases);
}

constexpr int64_t kCases = 1500;
TEST(MseLossBackwardRandom, Ascend950) { RandomSuite(Profile::kAscend950, 0x3E950000ull, kCases); }
TEST(MseLossBackwardRandom, Ascend910B) { RandomSuite(Profile::kAscend910B, 0x3E910B00ull, kCases); }
TEST(MseLossBackwardRandom, Ascend910_93) { RandomSuite(Profile::kAscend910_93, 0x3E910930ull, kCases); }
TEST(MseLossBackwardRandom, Ascend910) { RandomSuite(Profile::kAscend910, 0x3E910000ull, kCases); }
TEST(MseLossBackwardRandom, Ascend310P) { RandomSuite(Profile::kAscend310P, 0x3E310F00ull, kCases); }

}  // namespace
