// aclnnSmoothL1LossBackward through the public API (docs/ops/smooth_l1_loss_backward.md): CANN's check
// order, codes and messages; the dtype lists and promotion per profile; beta (0, ties |x| == beta, +inf,
// negative and NaN rejected); the two Ascend 950 DAGs and the TBE rule; ops-nn's example; special values;
// broadcast, strides, aliasing; repeatable executors with new addresses; empty tensors; and a seeded random
// sweep per product profile compared bit for bit with the independent model
// (tests/support/loss_grad_reference.h).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

#include "aclnnop/aclnn_smooth_l1_loss_backward.h"
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

int RunSl1(const aclTensor* g, const aclTensor* s, const aclTensor* t, int64_t reduction, float beta, aclTensor* out) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    int st = aclnnSmoothL1LossBackwardGetWorkspaceSize(g, s, t, reduction, beta, out, &ws, &ex);
    if (st != 0) return st;
    aclcpu_test::DeviceBuffer w;
    if (ws > 0) w = aclcpu_test::DeviceBuffer(ws);
    st = aclnnSmoothL1LossBackward(ws > 0 ? w.get() : nullptr, ws, ex, nullptr);
    return st != 0 ? st : aclrtSynchronizeStream(nullptr);
}

void ExpectFails(const aclTensor* g, const aclTensor* s, const aclTensor* t, int64_t reduction, float beta,
                 aclTensor* out, int code, const std::string& msg) {
    uint64_t ws = 77;
    aclOpExecutor* ex = reinterpret_cast<aclOpExecutor*>(uintptr_t{0x40});
    LastError();
    EXPECT_EQ(aclnnSmoothL1LossBackwardGetWorkspaceSize(g, s, t, reduction, beta, out, &ws, &ex), code);
    const std::string m = LastError();
    EXPECT_NE(m.find(msg), std::string::npos) << "expected message: " << msg << "\ngot: " << m;
    EXPECT_EQ(ws, 77u);
    EXPECT_EQ(ex, reinterpret_cast<aclOpExecutor*>(uintptr_t{0x40}));
}

// Runs FLOAT vectors of n elements (gradOut of its own shape) and returns gradInput.
std::vector<float> RunF(const std::vector<int64_t>& gshape, const std::vector<float>& g, const std::vector<float>& s,
                        const std::vector<float>& t, int64_t reduction, float beta) {
    const int64_t n = static_cast<int64_t>(s.size());
    HostTensor tg = FloatTensor(gshape, g), ts = FloatTensor({n}, s), tt = FloatTensor({n}, t),
               out = EmptyTensor({n}, ACL_FLOAT);
    EXPECT_EQ(RunSl1(tg.tensor, ts.tensor, tt.tensor, reduction, beta, out.tensor), 0) << LastError();
    return Download<float>(out.buffer.get(), static_cast<size_t>(n));
}

TEST(SmoothL1LossBackward, CheckOrderAndMessages) {
    HostTensor g = FloatTensor({2, 2}, {1, 1, 1, 1}), s = FloatTensor({2, 2}, {1, 2, 3, 4}),
               t = FloatTensor({2, 2}, {0, 0, 0, 0}), out = EmptyTensor({2, 2}, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnSmoothL1LossBackwardGetWorkspaceSize(g.tensor, s.tensor, t.tensor, 0, 1, out.tensor, nullptr, &ex),
              kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    EXPECT_EQ(aclnnSmoothL1LossBackwardGetWorkspaceSize(g.tensor, s.tensor, t.tensor, 0, 1, out.tensor, &ws, nullptr),
              kNull);
    ExpectFails(nullptr, nullptr, nullptr, 9, -1, nullptr, kNull, "got null for argument gradOut.");
    ExpectFails(g.tensor, nullptr, nullptr, 9, -1, nullptr, kNull, "got null for argument self.");
    ExpectFails(g.tensor, s.tensor, nullptr, 9, -1, nullptr, kNull, "got null for argument target.");
    ExpectFails(g.tensor, s.tensor, t.tensor, 9, -1, nullptr, kNull, "got null for argument gradInput.");
    // dtype lists, in argument order, before dims, reduction and beta
    HostTensor i3 = EmptyTensor({3}, ACL_INT32), d22 = EmptyTensor({2, 2}, ACL_DOUBLE);
    const std::string list = "should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.";
    ExpectFails(i3.tensor, i3.tensor, i3.tensor, 9, -1, i3.tensor, kInvalid,
                "Tensor gradOut not implemented for DT_INT32, " + list);
    ExpectFails(g.tensor, i3.tensor, i3.tensor, 9, -1, i3.tensor, kInvalid, "Tensor self not implemented for DT_INT32");
    ExpectFails(g.tensor, s.tensor, i3.tensor, 9, -1, i3.tensor, kInvalid,
                "Tensor target not implemented for DT_INT32");
    ExpectFails(g.tensor, s.tensor, t.tensor, 9, -1, d22.tensor, kInvalid,
                "Tensor gradInput not implemented for DT_DOUBLE");
    const std::vector<int64_t> nine(9, 1);
    HostTensor f9 = FloatTensor(nine, {1.0f});
    ExpectFails(g.tensor, s.tensor, f9.tensor, 9, -1, out.tensor, kInvalid,
                "expected tensor must have at most 8 dimensions, but got 9.");
    ExpectFails(g.tensor, s.tensor, t.tensor, 3, -1, out.tensor, kInvalid,
                "Reduction should be between 0 and 2, but got 3");
    ExpectFails(g.tensor, s.tensor, t.tensor, -1, 1, out.tensor, kInvalid,
                "Reduction should be between 0 and 2, but got -1");
    ExpectFails(g.tensor, s.tensor, t.tensor, 0, -1, out.tensor, kInvalid, "beta should be greater than or equal to 0");
    ExpectFails(g.tensor, s.tensor, t.tensor, 0, -0x1p-149f, out.tensor, kInvalid,
                "beta should be greater than or equal to 0");
    ExpectFails(g.tensor, s.tensor, t.tensor, 0, NAN, out.tensor, kInvalid,
                "beta should be greater than or equal to 0");
    // broadcast after promotion
    HostTensor f3 = FloatTensor({3}, {1, 2, 3}), o3 = EmptyTensor({3}, ACL_FLOAT), o21 = EmptyTensor({2, 1}, ACL_FLOAT);
    ExpectFails(f3.tensor, s.tensor, t.tensor, 0, 1, out.tensor, kInvalid, "Broadcast [3] and [2,2] failed.");
    ExpectFails(g.tensor, s.tensor, f3.tensor, 0, 1, out.tensor, kInvalid, "Broadcast [2,2] and [3] failed.");
    ExpectFails(
        g.tensor, s.tensor, t.tensor, 0, 1, o21.tensor, kInvalid,
        "Exepected tensor for result to have same size as tensor for gradInput, but [2,2] does not equal [2,1].");
    // beta == 0 and +inf are accepted
    EXPECT_EQ(RunSl1(g.tensor, s.tensor, t.tensor, 0, 0.0f, out.tensor), 0) << LastError();
    EXPECT_EQ(RunSl1(g.tensor, s.tensor, t.tensor, 0, HUGE_VALF, out.tensor), 0) << LastError();
    EXPECT_EQ(RunSl1(g.tensor, s.tensor, t.tensor, 0, -0.0f, out.tensor), 0) << LastError();  // -0 >= 0
}

TEST(SmoothL1LossBackward, DtypesAndPromotionPerProfile) {
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    for (Profile p : {Profile::kAscend950, Profile::kAscend910B, Profile::kAscend910_93, Profile::kAscend910,
                      Profile::kAscend310P}) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool bf16 = l1ref::SupportsBF16(p);
        for (aclDataType a : dts) {
            for (aclDataType b : dts) {
                for (aclDataType o : dts) {
                    // gradOut 1, self 3, target 1 in their dtypes: x = 2 > beta.
                    auto make = [](aclDataType d, bool three) {
                        const float f = three ? 3.0f : 1.0f;
                        const uint16_t h = d == ACL_FLOAT16 ? (three ? 0x4200 : 0x3C00) : (three ? 0x4040 : 0x3F80);
                        uint8_t raw[4];
                        if (d == ACL_FLOAT) {
                            std::memcpy(raw, &f, 4);
                        } else {
                            std::memcpy(raw, &h, 2);
                        }
                        return RawTensor({1}, d, raw, d == ACL_FLOAT ? 4 : 2);
                    };
                    HostTensor g = make(a, false), s = make(b, true), t = make(a, false), out = EmptyTensor({1}, o);
                    const bool ok = bf16 || (a != ACL_BF16 && b != ACL_BF16 && o != ACL_BF16);
                    ASSERT_EQ(RunSl1(g.tensor, s.tensor, t.tensor, 0, 1.0f, out.tensor), ok ? 0 : kInvalid)
                        << l1ref::ProfileKey(p) << " " << a << " " << b << " " << o << " " << LastError();
                    if (!ok) continue;
                    // x = 2 > beta: +1 in every dtype
                    const std::vector<uint8_t> got = Download<uint8_t>(out.buffer.get(), o == ACL_FLOAT ? 4 : 2);
                    const uint32_t want = o == ACL_FLOAT ? 0x3F800000u : (o == ACL_FLOAT16 ? 0x3C00u : 0x3F80u);
                    uint32_t bits = 0;
                    std::memcpy(&bits, got.data(), got.size());
                    EXPECT_EQ(bits, want);
                }
            }
        }
    }
}

// ops-nn loss/smooth_l1_loss_grad_v2/examples/arch35/test_aclnn_smooth_l1_loss_backward.cpp
TEST(SmoothL1LossBackward, OpsNnExample) {
    for (Profile p : {Profile::kAscend950, Profile::kAscend910B, Profile::kAscend910, Profile::kAscend310P}) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        HostTensor g = FloatTensor({4, 2}, std::vector<float>(8, 1.0f)),
                   s = FloatTensor({4, 2}, {0, 1, 2, 3, 4, 5, 6, 7}),
                   t = FloatTensor({4, 2}, std::vector<float>(8, 1.0f)), out = EmptyTensor({4, 2}, ACL_FLOAT);
        ASSERT_EQ(RunSl1(g.tensor, s.tensor, t.tensor, 0, 1.0f, out.tensor), 0) << LastError();
        EXPECT_EQ(Download<float>(out.buffer.get(), 8), (std::vector<float>{-1, 0, 1, 1, 1, 1, 1, 1}));
    }
}

TEST(SmoothL1LossBackward, Ascend950Dags) {
    ProfileScope scope(Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    // Ties |x| == beta: the tensor DAG takes x * fl(1/beta) (41 * fl(1/41) = 1 - 2^-24), the scalar DAG +-1.
    const std::vector<float> s = {41, -41, 0.5f, 50}, t = {0, 0, 0, 0};
    const std::vector<float> tensor_dag = RunF({4}, {1, 1, 1, 1}, s, t, 0, 41.0f);
    EXPECT_EQ(Bits(tensor_dag[0]), 0x3F7FFFFFu);
    EXPECT_EQ(Bits(tensor_dag[1]), 0xBF7FFFFFu);
    EXPECT_EQ(tensor_dag[2], 0.5f * (1.0f / 41.0f));  // a product with the reciprocal, not 0.5 / 41
    EXPECT_EQ(tensor_dag[3], 1.0f);
    const std::vector<float> scalar_dag = RunF({}, {1}, s, t, 0, 41.0f);
    EXPECT_EQ(scalar_dag, (std::vector<float>{1, -1, 0.5f * (1.0f / 41.0f), 1}));
    // beta == 0 (and 0 < beta < 1e-6): invertSigma is NaN. Tensor DAG: x == 0 -> NaN; scalar DAG: +0.
    const std::vector<float> s0 = {0, 2, -2, 1e-7f}, t0 = {0, 0, 0, 0};
    const std::vector<float> z_tensor = RunF({4}, {1, 1, 1, 1}, s0, t0, 0, 0.0f);
    EXPECT_TRUE(std::isnan(z_tensor[0]));
    EXPECT_EQ(z_tensor[1], 1.0f);
    EXPECT_EQ(z_tensor[2], -1.0f);
    EXPECT_EQ(z_tensor[3], 1.0f);
    const std::vector<float> z_scalar = RunF({1}, {1}, s0, t0, 0, 0.0f);
    EXPECT_EQ(Bits(z_scalar[0]), 0u);
    EXPECT_EQ(z_scalar[1], 1.0f);
    const std::vector<float> tiny = RunF({4}, {1, 1, 1, 1}, s0, t0, 0, 5e-7f);
    EXPECT_TRUE(std::isnan(tiny[0]));
    EXPECT_TRUE(std::isnan(tiny[3]));  // |x| < beta: x * NaN
    // beta == +inf: invertSigma 0, finite x -> +0 * dout; x = inf -> NaN.
    const std::vector<float> inf = RunF({4}, {1, -1, 1, 1}, {5, 5, HUGE_VALF, -3}, {0, 0, 0, 0}, 0, HUGE_VALF);
    EXPECT_EQ(Bits(inf[0]), 0u);
    EXPECT_EQ(Bits(inf[1]), 0x80000000u);  // +0 * -1
    EXPECT_TRUE(std::isnan(inf[2]));
    EXPECT_EQ(Bits(inf[3]), 0u);
    // NaN x -> NaN; mean: norm = (float)(1 / numel(self)) after dout.
    const std::vector<float> m = RunF({3}, {1, 1, 1}, {NAN, 2, -0.25f}, {0, 0, 0}, 1, 1.0f);
    EXPECT_TRUE(std::isnan(m[0]));
    EXPECT_EQ(m[1], 1.0f / 3.0f);
    EXPECT_EQ(m[2], -0.25f * (1.0f / 3.0f));
}

TEST(SmoothL1LossBackward, TbeRule) {
    for (Profile p : {Profile::kAscend910B, Profile::kAscend910_93, Profile::kAscend910, Profile::kAscend310P}) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        // |x| < beta: x / (beta + 1e-6f), a true division; ties -> +-1 from the compares.
        const std::vector<float> y = RunF({4}, {1, 1, 1, 1}, {0.5f, 41, -41, 50}, {0, 0, 0, 0}, 0, 3.0f);
        EXPECT_EQ(y[0], 0.5f / (3.0f + 1e-6f));
        EXPECT_NE(y[0], 0.5f * (1.0f / 3.0f));
        EXPECT_EQ(y[1], 1.0f);
        EXPECT_EQ(y[2], -1.0f);
        EXPECT_EQ(y[3], 1.0f);
        const std::vector<float> tie = RunF({2}, {1, 1}, {41, -41}, {0, 0}, 0, 41.0f);
        EXPECT_EQ(tie, (std::vector<float>{1, -1}));
        // beta == 0: sign(x), 0 for x == 0 and for NaN x (NaN is replaced by 0 before the compares).
        const std::vector<float> z = RunF({4}, {1, 1, 1, 1}, {0, 2, -2, NAN}, {0, 0, 0, 0}, 0, 0.0f);
        EXPECT_EQ(z, (std::vector<float>{0, 1, -1, 0}));
        // beta > 0: NaN x takes x / divisor -> NaN.
        const std::vector<float> n = RunF({1}, {1}, {NAN}, {0}, 0, 1.0f);
        EXPECT_TRUE(std::isnan(n[0]));
    }
}

TEST(SmoothL1LossBackward, FloatPrecisionAndSignedZeros) {
    ProfileScope scope(Profile::kAscend950);  // the values below are the Ascend 950 DAGs'
    ASSERT_TRUE(scope.ok());
    // FLOAT16 inputs with a FLOAT gradInput: the result is rounded to FLOAT16 first (P = FLOAT16).
    const uint16_t s[2] = {0x3C01, 0x8000};  // 1 + 2^-10, -0
    const uint16_t t[2] = {0x0000, 0x0000};
    const uint16_t g[2] = {0x3C00, 0x3C00};
    HostTensor hs = RawTensor({2}, ACL_FLOAT16, s, 4), ht = RawTensor({2}, ACL_FLOAT16, t, 4),
               hg = RawTensor({2}, ACL_FLOAT16, g, 4), out = EmptyTensor({2}, ACL_FLOAT);
    ASSERT_EQ(RunSl1(hg.tensor, hs.tensor, ht.tensor, 0, 3.0f, out.tensor), 0) << LastError();
    const std::vector<float> y = Download<float>(out.buffer.get(), 2);
    const float f32 = (1.0f + 0x1p-10f) * (1.0f / 3.0f);  // x times fl(1/3), in float32
    EXPECT_EQ(Bits(y[0]) & 0x1FFFu, 0u);                  // a FLOAT16 value (normal range)
    EXPECT_LE(std::fabs(y[0] - f32), 0x1p-13f);           // the nearest one: half an ulp of FLOAT16 at 0.33
    EXPECT_NE(Bits(y[0]), Bits(f32));
    EXPECT_EQ(Bits(y[1]), 0u);  // (+0 + +0) + (-0 * 1/3) = +0
}

TEST(SmoothL1LossBackward, BroadcastStridesAndAliasing) {
    ProfileScope scope(Profile::kAscend950);  // the values below are the Ascend 950 DAGs'
    ASSERT_TRUE(scope.ok());
    // self a transposed view, target broadcast, out in place on self; then partial overlap.
    HostTensor sb = FloatTensor({6}, {1, 2, 3, 4, 5, 6});
    aclTensor* s = aclcpu_test::MakeTensor({3, 2}, ACL_FLOAT, sb.buffer.get(), {1, 3}, 0, {6});
    aclTensor* o = aclcpu_test::MakeTensor({3, 2}, ACL_FLOAT, sb.buffer.get(), {1, 3}, 0, {6});
    HostTensor t = FloatTensor({2}, {1, 4}), g = FloatTensor({}, {2.0f});
    ASSERT_EQ(RunSl1(g.tensor, s, t.tensor, 0, 2.0f, o), 0) << LastError();
    // s = [[1,4],[2,5],[3,6]], x = [[0,0],[1,1],[2,2]]; beta 2: x * 0.5 for |x| < 2, the tie x == 2 -> 1 (gradOut
    // is 0-d: the scalar DAG on Ascend 950, the compares on TBE); times gradOut 2. Written through self's view.
    EXPECT_EQ(Download<float>(sb.buffer.get(), 6), (std::vector<float>{0, 1, 2, 0, 1, 2}));
    HostTensor pb = FloatTensor({5}, {0, 1, 3, 9, 0});
    aclTensor* ps = aclcpu_test::MakeTensor({4}, ACL_FLOAT, pb.buffer.get(), {1}, 0, {5});
    aclTensor* po = aclcpu_test::MakeTensor({4}, ACL_FLOAT, pb.buffer.get(), {1}, 1, {5});
    HostTensor z = FloatTensor({1}, {0}), one = FloatTensor({4}, {1, 1, 1, 1});
    ASSERT_EQ(RunSl1(one.tensor, ps, z.tensor, 2, 2.0f, po), 0) << LastError();
    EXPECT_EQ(Download<float>(pb.buffer.get(), 5), (std::vector<float>{0, 0, 0.5f, 1, 1}));
    for (aclTensor* x : {s, o, ps, po}) aclDestroyTensor(x);
}

TEST(SmoothL1LossBackward, EmptyTensorsAndRepeatableExecutor) {
    ProfileScope scope(Profile::kAscend950);  // the values below are the Ascend 950 DAGs'
    ASSERT_TRUE(scope.ok());
    HostTensor e = EmptyTensor({2, 0}, ACL_FLOAT16), s = FloatTensor({1}, {1}), oe = EmptyTensor({2, 0}, ACL_BF16);
    uint64_t ws = 5;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnSmoothL1LossBackwardGetWorkspaceSize(s.tensor, s.tensor, e.tensor, 1, 1.0f, oe.tensor, &ws, &ex), 0)
        << LastError();
    EXPECT_EQ(ws, 0u);
    EXPECT_EQ(aclnnSmoothL1LossBackward(nullptr, 0, ex, nullptr), 0);
    ExpectFails(s.tensor, s.tensor, e.tensor, 1, -1.0f, oe.tensor, kInvalid, "beta should be");  // checks first

    HostTensor g = FloatTensor({3}, {1, 1, 1}), a = FloatTensor({3}, {0.5f, 2, -3}), t = FloatTensor({3}, {0, 0, 0}),
               out = EmptyTensor({3}, ACL_FLOAT);
    ASSERT_EQ(aclnnSmoothL1LossBackwardGetWorkspaceSize(g.tensor, a.tensor, t.tensor, 0, 1.0f, out.tensor, &ws, &ex),
              0);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0);
    for (int run = 0; run < 2; ++run) {
        ASSERT_EQ(aclnnSmoothL1LossBackward(nullptr, 0, ex, nullptr), 0) << LastError();
        ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
        EXPECT_EQ(Download<float>(out.buffer.get(), 3), (std::vector<float>{0.5f, 1, -1}));
    }
    HostTensor t2 = FloatTensor({3}, {0.25f, 0, 0}), o2 = EmptyTensor({3}, ACL_FLOAT);
    ASSERT_EQ(aclSetInputTensorAddr(ex, 2, nullptr, t2.buffer.get()), 0) << LastError();
    ASSERT_EQ(aclSetOutputTensorAddr(ex, 0, nullptr, o2.buffer.get()), 0) << LastError();
    ASSERT_EQ(aclnnSmoothL1LossBackward(nullptr, 0, ex, nullptr), 0) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(Download<float>(o2.buffer.get(), 3), (std::vector<float>{0.25f, 1, -1}));
    EXPECT_EQ(Download<float>(out.buffer.get(), 3), (std::vector<float>{0.5f, 1, -1}));
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), 0);
}

// Outputs of 2^21+ elements: rows over the device pool and, for FLOAT outputs of 8 MiB and more, streaming stores.
TEST(SmoothL1LossBackwardRandom, LargeCases) { lossgrad_test::RunLargeCases(lossref::Op::kSmoothL1); }

// ------------------------------------------------------------------ the random sweep

void RandomSuite(Profile prof, uint64_t base_seed, int64_t cases) {
    lossgrad_test::RunRandomSweep(lossref::Op::kSmoothL1, "smooth_l1", prof, base_seed, cases);
}

constexpr int64_t kCases = 1500;
TEST(SmoothL1LossBackwardRandom, Ascend950) { RandomSuite(Profile::kAscend950, 0x51950000ull, kCases); }
TEST(SmoothL1LossBackwardRandom, Ascend910B) { RandomSuite(Profile::kAscend910B, 0x51910B00ull, kCases); }
TEST(SmoothL1LossBackwardRandom, Ascend910_93) { RandomSuite(Profile::kAscend910_93, 0x51910930ull, kCases); }
TEST(SmoothL1LossBackwardRandom, Ascend910) { RandomSuite(Profile::kAscend910, 0x51910000ull, kCases); }
TEST(SmoothL1LossBackwardRandom, Ascend310P) { RandomSuite(Profile::kAscend310P, 0x51310F00ull, kCases); }

}  // namespace
