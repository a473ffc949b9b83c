// aclnnMseLoss through the public API (docs/ops/mse_loss.md): CANN's check order, codes and messages; the
// dtype lists per profile; hand-checked values (ops-nn's example, special values, rounding to the promote
// type, the kernel's summation order); broadcast and strided views; in place; repeatable executors with
// aclSetInputTensorAddr / aclSetOutputTensorAddr; empty tensors (mean NaN, sum 0); and a seeded random sweep
// per product profile compared bit for bit with the independent model (tests/support/mse_loss_reference.h).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_mse_loss.h"
#include "engine/reduce.h"
#include "support/mse_loss_reference.h"
#include "support/profile_scope.h"
#include "support/sample_size.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::Bits;
using aclcpu_test::Download;
using aclcpu_test::EmptyTensor;
using aclcpu_test::FloatTensor;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;
using aclcpu_test::ProfileScope;
using aclcpu_test::RawTensor;
using l1ref::Profile;

constexpr int kNull = 161001;
constexpr int kInvalid = 161002;

const bool kQuietLog = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

int RunMse(const aclTensor* s, const aclTensor* t, int64_t reduction, aclTensor* out) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    int st = aclnnMseLossGetWorkspaceSize(s, t, reduction, out, &ws, &ex);
    if (st != 0) return st;
    aclcpu_test::DeviceBuffer w;
    if (ws > 0) w = aclcpu_test::DeviceBuffer(ws);
    st = aclnnMseLoss(ws > 0 ? w.get() : nullptr, ws, ex, nullptr);
    return st != 0 ? st : aclrtSynchronizeStream(nullptr);
}

// Expects the first phase to fail with `code` and a message containing `msg`; nothing written.
void ExpectFails(const aclTensor* s, const aclTensor* t, int64_t reduction, aclTensor* out, int code,
                 const std::string& msg) {
    uint64_t ws = 77;
    aclOpExecutor* ex = reinterpret_cast<aclOpExecutor*>(uintptr_t{0x40});
    LastError();
    EXPECT_EQ(aclnnMseLossGetWorkspaceSize(s, t, reduction, out, &ws, &ex), code);
    const std::string got = LastError();
    EXPECT_NE(got.find(msg), std::string::npos) << "expected message: " << msg << "\n got: " << got;
    EXPECT_EQ(ws, 77u);
    EXPECT_EQ(ex, reinterpret_cast<aclOpExecutor*>(uintptr_t{0x40}));
}

TEST(MseLoss, CheckOrderAndMessages) {
    HostTensor s = FloatTensor({2, 2}, {1, 2, 3, 4}), t = FloatTensor({2, 2}, {0, 0, 0, 0}),
               out = EmptyTensor({2, 2}, ACL_FLOAT), o0 = EmptyTensor({}, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnMseLossGetWorkspaceSize(s.tensor, t.tensor, 0, out.tensor, nullptr, &ex), kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    EXPECT_EQ(aclnnMseLossGetWorkspaceSize(s.tensor, t.tensor, 0, out.tensor, &ws, nullptr), kNull);
    // Null tensors in argument order, named by the API (CANN prints t0..t2: docs/differences.md).
    ExpectFails(nullptr, nullptr, 9, nullptr, kNull, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(s.tensor, nullptr, 9, nullptr, kNull, "got null for argument target.");
    ExpectFails(s.tensor, t.tensor, 9, nullptr, kNull, "got null for argument out.");
    // Dtypes (promote type first) before reduction, before shapes.
    HostTensor i3 = EmptyTensor({3}, ACL_INT32), d22 = EmptyTensor({2, 2}, ACL_DOUBLE),
               h22 = EmptyTensor({2, 2}, ACL_FLOAT16), i22 = EmptyTensor({2, 2}, ACL_INT32);
    ExpectFails(i3.tensor, i3.tensor, 9, out.tensor, kInvalid,
                "Expected self dtype [DT_INT32] and target dtype [DT_INT32] to be promotable but check failed.");
    ExpectFails(s.tensor, d22.tensor, 9, out.tensor, kInvalid,
                "Expected self dtype [DT_FLOAT] and target dtype [DT_DOUBLE] to be promotable but check failed.");
    // promote(INT32, FLOAT16) = FLOAT16 is listed, INT32 itself is not.
    ExpectFails(i22.tensor, h22.tensor, 9, out.tensor, kInvalid,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_BF16.");
    ExpectFails(h22.tensor, i22.tensor, 9, out.tensor, kInvalid, "Tensor target not implemented for DT_INT32");
    ExpectFails(s.tensor, t.tensor, 9, d22.tensor, kInvalid, "Tensor out not implemented for DT_DOUBLE");
    ExpectFails(s.tensor, t.tensor, 3, out.tensor, kInvalid, "Expected reduction to be between 0 and 2, but got 3.");
    ExpectFails(s.tensor, t.tensor, -1, out.tensor, kInvalid, "but got -1.");
    // Shapes.
    const std::vector<int64_t> nine(9, 1);
    HostTensor f9 = FloatTensor(nine, {1.0f}), f3 = FloatTensor({3}, {1, 2, 3}), o3 = EmptyTensor({3}, ACL_FLOAT);
    ExpectFails(f9.tensor, f9.tensor, 0, out.tensor, kInvalid, "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails(s.tensor, f9.tensor, 0, out.tensor, kInvalid, "The target tensor cannot be larger than 8 dimensions.");
    ExpectFails(f3.tensor, s.tensor, 0, out.tensor, kInvalid,
                "The size of tensor self [3] must match the size of tensor target [2,2].");
    ExpectFails(s.tensor, t.tensor, 0, o3.tensor, kInvalid,
                "Expected tensor for out to have same size as [2,2], but got [3].");
    ExpectFails(s.tensor, t.tensor, 0, o0.tensor, kInvalid,
                "Expected tensor for out to have same size as [2,2], but got [].");
    ExpectFails(s.tensor, t.tensor, 1, out.tensor, kInvalid,
                "Expected a 0-dimensional tensor, but Shape of out is [2,2].");
    HostTensor o1 = EmptyTensor({1}, ACL_FLOAT);
    ExpectFails(s.tensor, t.tensor, 2, o1.tensor, kInvalid,
                "Expected a 0-dimensional tensor, but Shape of out is [1].");
    // Beyond CANN: a view outside its storage.
    aclTensor* bad = aclcpu_test::MakeTensor({2, 2}, ACL_FLOAT, s.buffer.get(), {2, 1}, 1, {4});
    ExpectFails(bad, t.tensor, 0, out.tensor, kInvalid, "self");
    aclDestroyTensor(bad);
}

TEST(MseLoss, DtypeListsPerProfile) {
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool bf16 = l1ref::SupportsBF16(p);
        for (aclDataType in : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            for (aclDataType od : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
                const uint16_t raw16 = in == ACL_BF16 ? 0x4040 : 0x4200;  // 3.0
                const float raw32 = 3.0f;
                HostTensor s = RawTensor({1}, in, in == ACL_FLOAT ? static_cast<const void*>(&raw32) : &raw16,
                                         in == ACL_FLOAT ? 4 : 2);
                HostTensor t = FloatTensor({1}, {1.0f});
                HostTensor out = EmptyTensor({}, od);
                const bool ok = (in != ACL_BF16 || bf16) && (od != ACL_BF16 || bf16);
                EXPECT_EQ(RunMse(s.tensor, t.tensor, 2, out.tensor), ok ? 0 : kInvalid)
                    << l1ref::ProfileKey(p) << " " << in << "->" << od << " " << LastError();
                if (!ok) continue;
                // (3 - 1)^2 = 4 in every dtype: FLOAT 0x40800000, FLOAT16 0x4400, BF16 0x4080.
                const uint32_t want = od == ACL_FLOAT ? 0x40800000u : (od == ACL_FLOAT16 ? 0x4400u : 0x4080u);
                const uint32_t got = od == ACL_FLOAT ? Bits(Download<float>(out.buffer.get(), 1)[0])
                                                     : Download<uint16_t>(out.buffer.get(), 1)[0];
                EXPECT_EQ(got, want);
            }
        }
        if (!bf16) {
            HostTensor b = EmptyTensor({1}, ACL_BF16), f = FloatTensor({1}, {1});
            // promote(BF16, FLOAT) = FLOAT is listed; BF16 itself is not.
            ExpectFails(
                b.tensor, f.tensor, 0, f.tensor, kInvalid,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
            ExpectFails(b.tensor, b.tensor, 0, f.tensor, kInvalid,
                        "Expected self dtype [DT_BF16] and target dtype [DT_BF16] to be promotable");
        }
    }
}

// ops-nn loss/mse_loss/examples/arch35/test_aclnn_mse_loss.cpp prints 1.5 (docs/ops/mse_loss.md §7).
TEST(MseLoss, OpsNnExample) {
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        HostTensor s = FloatTensor({2, 2}, {0, 1, 2, 3}), t = FloatTensor({2, 2}, {1, 1, 1, 1}),
                   out = EmptyTensor({}, ACL_FLOAT);
        ASSERT_EQ(RunMse(s.tensor, t.tensor, 1, out.tensor), 0) << LastError();
        EXPECT_EQ(Download<float>(out.buffer.get(), 1)[0], 1.5f);
        HostTensor none = EmptyTensor({2, 2}, ACL_FLOAT);
        ASSERT_EQ(RunMse(s.tensor, t.tensor, 0, none.tensor), 0) << LastError();
        EXPECT_EQ(Download<float>(none.buffer.get(), 4), (std::vector<float>{1, 0, 1, 4}));
        ASSERT_EQ(RunMse(s.tensor, t.tensor, 2, out.tensor), 0) << LastError();
        EXPECT_EQ(Download<float>(out.buffer.get(), 1)[0], 6.0f);
    }
}

TEST(MseLoss, SpecialValuesAndRounding) {
    const float inf = HUGE_VALF, nan = NAN;
    HostTensor s = FloatTensor({6}, {inf, 1, -0.0f, 2e19f, nan, -inf}), t = FloatTensor({6}, {inf, 1, 0.0f, 0, 0, 0}),
               out = EmptyTensor({6}, ACL_FLOAT);
    ASSERT_EQ(RunMse(s.tensor, t.tensor, 0, out.tensor), 0) << LastError();
    const std::vector<float> y = Download<float>(out.buffer.get(), 6);
    EXPECT_TRUE(std::isnan(y[0]));  // inf - inf
    EXPECT_EQ(Bits(y[1]), 0u);      // +0, never -0
    EXPECT_EQ(Bits(y[2]), 0u);      // (-0 - 0)^2 = +0
    EXPECT_EQ(y[3], inf);           // 4e38 overflows float32
    EXPECT_TRUE(std::isnan(y[4]));
    EXPECT_EQ(y[5], inf);
    // FLOAT16: (1 + 2^-10)^2 = 1 + 2^-9 + 2^-20 in float32, then RNE to FLOAT16: 1 + 2^-9; 256^2 = 65536 -> inf.
    const uint16_t h[2] = {0x3C01, 0x5C00};
    const uint16_t z[2] = {0, 0};
    HostTensor hs = RawTensor({2}, ACL_FLOAT16, h, 4), ht = RawTensor({2}, ACL_FLOAT16, z, 4),
               hf = EmptyTensor({2}, ACL_FLOAT), hh = EmptyTensor({2}, ACL_FLOAT16);
    ASSERT_EQ(RunMse(hs.tensor, ht.tensor, 0, hf.tensor), 0) << LastError();
    EXPECT_EQ(Download<float>(hf.buffer.get(), 2), (std::vector<float>{1.0f + 0x1p-9f, inf}));
    ASSERT_EQ(RunMse(hs.tensor, ht.tensor, 0, hh.tensor), 0) << LastError();
    EXPECT_EQ(Download<uint16_t>(hh.buffer.get(), 2), (std::vector<uint16_t>{0x3C02, 0x7C00}));
    // Mixed FLOAT16 + BF16 promotes to FLOAT: (1 + 2^-10)^2 stays float32 (1 + 2^-9 + 2^-20).
    const uint16_t bz[2] = {0, 0};
    HostTensor bt = RawTensor({2}, ACL_BF16, bz, 4);
    ASSERT_EQ(RunMse(hs.tensor, bt.tensor, 0, hf.tensor), 0) << LastError();
    EXPECT_EQ(Download<float>(hf.buffer.get(), 1)[0], 1.0f + 0x1p-9f + 0x1p-20f);
    // sum of FLOAT16 inputs: summed in float32, rounded to FLOAT16 once at the end (2 + 2^-8 + 2^-19 -> 2 + 2^-8).
    HostTensor h0 = EmptyTensor({}, ACL_FLOAT16);
    const uint16_t hh1[2] = {0x3C01, 0x3C01};
    HostTensor hs1 = RawTensor({2}, ACL_FLOAT16, hh1, 4);
    ASSERT_EQ(RunMse(hs1.tensor, ht.tensor, 2, h0.tensor), 0) << LastError();
    EXPECT_EQ(Download<uint16_t>(h0.buffer.get(), 1)[0], 0x4002);  // 2 + 2^-8 (+ 2^-19) -> FLOAT16 2 + 2^-8
}

TEST(MseLoss, SummationOrderPerProfile) {
    // 2048 FLOAT elements, q = 2^24 at 0, 1 at 32 and 33, else 0 (s = 4096 / 1, t = 0).
    std::vector<float> sv(2048, 0.0f), tv(2048, 0.0f), q(2048, 0.0f);
    sv[0] = 4096.0f;
    sv[32] = sv[33] = 1.0f;
    q[0] = 16777216.0f;
    q[32] = q[33] = 1.0f;
    auto run = [&](Profile p) {
        ProfileScope scope(p);  // memory is per runtime session: allocate inside the scope
        EXPECT_TRUE(scope.ok());
        HostTensor s = FloatTensor({2048}, sv), t = FloatTensor({2048}, tv), out = EmptyTensor({}, ACL_FLOAT);
        EXPECT_EQ(RunMse(s.tensor, t.tensor, 2, out.tensor), 0) << LastError();
        return Download<float>(out.buffer.get(), 1)[0];
    };
    // Ascend 950: 64 cores of 32 elements; core 0 gives 2^24, core 1 gives 2; Kahan: 2^24 + 2.
    EXPECT_EQ(run(Profile::kAscend950), 16777216.0f + 2.0f);
    // Atlas A2 and 310P: 256 blocks -> 2 cores of 128 blocks, one 1024-element tile each. Core 0's bisection
    // folds element 32 onto element 0 at L = 64 (2^24 + 1 -> 2^24) and 33 onto 1: lanes [2^24, 1, 0, ...];
    // the final ReduceSum's tree adds lane 0 and lane 1 first: 2^24 + 1 -> 2^24.
    EXPECT_EQ(run(Profile::kAscend910B), 16777216.0f);
    EXPECT_EQ(run(Profile::kAscend310P), 16777216.0f);
    EXPECT_EQ(mseref::SumAscendC(q, 4, false, false), 16777216.0f);
}

// Forward declaration: the reduce-template sum of the sweep's model (below).
float TemplateSum(const std::vector<float>& q, int P, bool mean);

// l0op::MseLoss runs MSELossV2 only when self's and target's view formats are equal and ND or NCL; otherwise
// MseLoss (on Atlas A2 the TBE kernel, for which the reduce template stands in).
TEST(MseLoss, ViewFormatsPickTheKernel) {
    ProfileScope scope(Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    std::vector<float> sv(2048, 0.0f), q(2048, 0.0f);
    sv[0] = 4096.0f;
    sv[32] = sv[33] = 1.0f;
    q[0] = 16777216.0f;
    q[32] = q[33] = 1.0f;
    HostTensor s = FloatTensor({2048}, sv), t = FloatTensor({2048}, std::vector<float>(2048, 0.0f)),
               out = EmptyTensor({}, ACL_FLOAT);
    auto run = [&](aclFormat sf, aclFormat tf) {
        const int64_t dims[1] = {2048}, strides[1] = {1};
        aclTensor* st = aclCreateTensor(dims, 1, ACL_FLOAT, strides, 0, sf, dims, 1, s.buffer.get());
        aclTensor* tt = aclCreateTensor(dims, 1, ACL_FLOAT, strides, 0, tf, dims, 1, t.buffer.get());
        EXPECT_EQ(RunMse(st, tt, 2, out.tensor), 0) << LastError();
        aclDestroyTensor(st);
        aclDestroyTensor(tt);
        return Download<float>(out.buffer.get(), 1)[0];
    };
    EXPECT_EQ(run(ACL_FORMAT_ND, ACL_FORMAT_ND), 16777216.0f);  // MSELossV2 (SummationOrderPerProfile)
    EXPECT_EQ(run(ACL_FORMAT_NCL, ACL_FORMAT_NCL), 16777216.0f);
    const float tmpl = TemplateSum(q, l1ref::kF32, false);
    EXPECT_EQ(tmpl, 16777216.0f + 2.0f);  // one chunk: the tree adds q32 + q33 before they meet 2^24
    EXPECT_EQ(run(ACL_FORMAT_NCL, ACL_FORMAT_ND), tmpl);
    EXPECT_EQ(run(ACL_FORMAT_NCHW, ACL_FORMAT_NCHW), tmpl);
}

TEST(MseLoss, BroadcastStridesAndInPlace) {
    // self a transposed view [3,2] of a [2,3] buffer, target [2] broadcast.
    HostTensor sb = FloatTensor({6}, {1, 2, 3, 4, 5, 6});
    aclTensor* s = aclcpu_test::MakeTensor({3, 2}, ACL_FLOAT, sb.buffer.get(), {1, 3}, 0, {6});
    HostTensor t = FloatTensor({2}, {1, 2}), out = EmptyTensor({3, 2}, ACL_FLOAT), o0 = EmptyTensor({}, ACL_FLOAT);
    ASSERT_EQ(RunMse(s, t.tensor, 0, out.tensor), 0) << LastError();
    // s = [[1,4],[2,5],[3,6]] - [1,2] = [[0,2],[1,3],[2,4]], squared.
    EXPECT_EQ(Download<float>(out.buffer.get(), 6), (std::vector<float>{0, 4, 1, 9, 4, 16}));
    ASSERT_EQ(RunMse(s, t.tensor, 2, o0.tensor), 0) << LastError();
    EXPECT_EQ(Download<float>(o0.buffer.get(), 1)[0], 34.0f);
    ASSERT_EQ(RunMse(t.tensor, s, 1, o0.tensor), 0) << LastError();  // target broadcast the other way round
    EXPECT_EQ(Download<float>(o0.buffer.get(), 1)[0], 34.0f / 6.0f);
    // In place: out is self's own view.
    aclTensor* o = aclcpu_test::MakeTensor({3, 2}, ACL_FLOAT, sb.buffer.get(), {1, 3}, 0, {6});
    ASSERT_EQ(RunMse(s, t.tensor, 0, o), 0) << LastError();
    EXPECT_EQ(Download<float>(sb.buffer.get(), 6), (std::vector<float>{0, 1, 4, 4, 9, 16}));
    // Partial overlap: out = self's buffer shifted by one element.
    HostTensor pb = FloatTensor({7}, {1, 2, 3, 4, 5, 6, 0});
    aclTensor* ps = aclcpu_test::MakeTensor({2, 3}, ACL_FLOAT, pb.buffer.get(), {3, 1}, 0, {7});
    aclTensor* po = aclcpu_test::MakeTensor({2, 3}, ACL_FLOAT, pb.buffer.get(), {3, 1}, 1, {7});
    HostTensor z = FloatTensor({1}, {0});
    ASSERT_EQ(RunMse(ps, z.tensor, 0, po), 0) << LastError();
    EXPECT_EQ(Download<float>(pb.buffer.get(), 7), (std::vector<float>{1, 1, 4, 9, 16, 25, 36}));
    // A 0-d out inside self's storage (reductions read everything before writing).
    HostTensor rb = FloatTensor({4}, {1, 2, 3, 4});
    aclTensor* rs = aclcpu_test::MakeTensor({4}, ACL_FLOAT, rb.buffer.get(), {1}, 0, {4});
    aclTensor* ro = aclcpu_test::MakeTensor({}, ACL_FLOAT, rb.buffer.get(), {}, 2, {4});
    ASSERT_EQ(RunMse(rs, z.tensor, 2, ro), 0) << LastError();
    EXPECT_EQ(Download<float>(rb.buffer.get(), 4), (std::vector<float>{1, 2, 30, 4}));
    for (aclTensor* x : {s, o, ps, po, rs, ro}) aclDestroyTensor(x);
}

TEST(MseLoss, EmptyTensors) {
    HostTensor e = EmptyTensor({0, 3}, ACL_FLOAT), s = FloatTensor({3}, {1, 2, 3}), oe = EmptyTensor({0, 3}, ACL_FLOAT);
    uint64_t ws = 5;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnMseLossGetWorkspaceSize(e.tensor, s.tensor, 0, oe.tensor, &ws, &ex), 0) << LastError();
    EXPECT_EQ(ws, 0u);
    EXPECT_EQ(aclnnMseLoss(nullptr, 0, ex, nullptr), 0);
    EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    for (aclDataType od : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        HostTensor o = EmptyTensor({}, od);
        ASSERT_EQ(RunMse(e.tensor, s.tensor, 1, o.tensor), 0) << LastError();  // mean: NaN
        if (od == ACL_FLOAT) {
            EXPECT_TRUE(std::isnan(Download<float>(o.buffer.get(), 1)[0]));
        } else {
            EXPECT_EQ(Download<uint16_t>(o.buffer.get(), 1)[0] & 0x7FFF, od == ACL_FLOAT16 ? 0x7E00 : 0x7FC0);
        }
        ASSERT_EQ(RunMse(s.tensor, e.tensor, 2, o.tensor), 0) << LastError();  // sum: +0
        EXPECT_EQ(Download<uint16_t>(o.buffer.get(), 1)[0], 0);
    }
    // The checks still come first for empty tensors.
    HostTensor ei = EmptyTensor({0}, ACL_INT32);
    ExpectFails(ei.tensor, ei.tensor, 0, ei.tensor, kInvalid, "to be promotable but check failed");
}

TEST(MseLoss, RepeatableExecutorAndNewAddresses) {
    for (int64_t red : {0, 2}) {
        HostTensor s = FloatTensor({3}, {1, 2, 3}), t = FloatTensor({3}, {0, 0, 0}),
                   out = EmptyTensor(red == 0 ? std::vector<int64_t>{3} : std::vector<int64_t>{}, ACL_FLOAT);
        uint64_t ws = 0;
        aclOpExecutor* ex = nullptr;
        ASSERT_EQ(aclnnMseLossGetWorkspaceSize(s.tensor, t.tensor, red, out.tensor, &ws, &ex), 0);
        ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0);
        const std::vector<float> want = red == 0 ? std::vector<float>{1, 4, 9} : std::vector<float>{14};
        for (int run = 0; run < 2; ++run) {
            ASSERT_EQ(aclnnMseLoss(nullptr, 0, ex, nullptr), 0) << LastError();
            ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
            EXPECT_EQ(Download<float>(out.buffer.get(), want.size()), want);
        }
        HostTensor s2 = FloatTensor({3}, {-1, 0, 5}), o2 = EmptyTensor({3}, ACL_FLOAT);
        ASSERT_EQ(aclSetInputTensorAddr(ex, 0, nullptr, s2.buffer.get()), 0) << LastError();
        ASSERT_EQ(aclSetOutputTensorAddr(ex, 0, nullptr, o2.buffer.get()), 0) << LastError();
        ASSERT_EQ(aclnnMseLoss(nullptr, 0, ex, nullptr), 0) << LastError();
        ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
        const std::vector<float> want2 = red == 0 ? std::vector<float>{1, 0, 25} : std::vector<float>{26};
        EXPECT_EQ(Download<float>(o2.buffer.get(), want2.size()), want2);
        EXPECT_EQ(Download<float>(out.buffer.get(), want.size()), want);  // untouched
        EXPECT_EQ(aclDestroyAclOpExecutor(ex), 0);
    }
}

// ------------------------------------------------------------------ the random sweep

struct Operand {
    std::vector<int64_t> shape, strides, storage;
    int64_t offset = 0;
    int dt = l1ref::kF32;
    std::vector<uint8_t> bytes;  // storage
};

// A random element value: mostly moderate normals, sometimes large, tiny, zero or special.
float RandomValue(std::mt19937_64& rng) {
    const int k = static_cast<int>(rng() % 40);
    std::normal_distribution<float> nd(0.0f, 3.0f);
    if (k == 0) return NAN;
    if (k == 1) return (rng() & 1) ? HUGE_VALF : -HUGE_VALF;
    if (k == 2) return 0.0f;
    if (k == 3) return -0.0f;
    if (k == 4) return nd(rng) * 1e18f;
    if (k == 5) return nd(rng) * 1e-30f;
    if (k < 10) return nd(rng) * 300.0f;
    return nd(rng);
}

// MseLoss (the 950 reduce template, also standing in for TBE): the engine's reduce-template order (tested
// against its own naive model in tests/engine/reduce_order_test.cpp) with the MseLoss DAG's buffer counts
// (those of LpLoss: 2 inputs, 2 temporaries before the reduce, 1 after), then for mean one multiply by
// (float)(1.0 / n).
struct VectorValues final : aclcpu::engine::ValueSource {
    const std::vector<float>* q = nullptr;
    void Fill(int64_t begin, int64_t n, float* out) const override {
        std::memcpy(out, q->data() + begin, static_cast<size_t>(n) * sizeof(float));
    }
};

float TemplateSum(const std::vector<float>& q, int P, bool mean) {
    aclcpu::engine::ReduceTemplateDag dag;
    dag.pre_input = 2;
    dag.pre_temp_calc = 2;
    dag.post_temp_calc = 1;
    const int64_t n = static_cast<int64_t>(q.size());
    const auto order = aclcpu::engine::MakeReduceTemplateOrder(n, static_cast<aclDataType>(P), dag, {});
    VectorValues src;
    src.q = &q;
    std::vector<float> scratch(static_cast<size_t>(order->ScratchFloats())), partials;
    for (int64_t p = 0; p < order->Parts(); ++p) partials.push_back(order->ReducePart(p, src, scratch.data()));
    float total = order->Combine(partials.data(), order->Parts());
    if (mean) total = total * static_cast<float>(1.0 / static_cast<double>(n));
    return total;
}

Operand MakeOperand(std::mt19937_64& rng, const std::vector<int64_t>& shape, int dt) {
    Operand o;
    o.shape = shape;
    o.dt = dt;
    const size_t r = shape.size();
    // Strides: contiguous, transposed (reversed dim order) or every other element of the last dim.
    std::vector<size_t> order(r);
    for (size_t i = 0; i < r; ++i) order[i] = i;
    const int kind = static_cast<int>(rng() % 3);
    if (kind == 1) std::reverse(order.begin(), order.end());
    o.strides.assign(r, 0);
    int64_t step = kind == 2 ? 2 : 1;
    for (size_t i = r; i-- > 0;) {
        o.strides[order[i]] = step;
        step *= std::max<int64_t>(shape[order[i]], 1);
    }
    o.offset = static_cast<int64_t>(rng() % 3);
    const int64_t span = o.offset + step + 1;
    o.storage = {span};
    o.bytes.resize(static_cast<size_t>(span) * l1ref::DtSize(dt));
    for (int64_t i = 0; i < span; ++i) l1ref::WriteValue(&o.bytes[i * l1ref::DtSize(dt)], dt, RandomValue(rng));
    return o;
}

std::vector<int64_t> RandomShape(std::mt19937_64& rng, int64_t big) {
    const int r = static_cast<int>(rng() % 5);
    std::vector<int64_t> s(r);
    for (int i = 0; i < r; ++i) s[i] = 1 + static_cast<int64_t>(rng() % 6);
    if (r > 0 && big > 1) s[r - 1] = big;
    return s;
}

void RandomSuite(Profile prof, uint64_t seed0, int cases) {
    ProfileScope scope(prof);
    ASSERT_TRUE(scope.ok());
    const int dts[3] = {l1ref::kF32, l1ref::kF16, l1ref::kBF16};
    const int ndt = l1ref::SupportsBF16(prof) ? 3 : 2;
    cases = static_cast<int>(aclcpu_test::SweepSize(cases, aclcpu_test::kSampledRandomCases));  // sample_size.h
    int failures = 0;
    for (int c = 0; c < cases && failures < 5; ++c) {
        std::mt19937_64 rng(seed0 + static_cast<uint64_t>(c));
        // Mostly small; every 8th case large enough for several cores and tiles (A2 needs 1024+ elements a core).
        const int64_t big = c % 8 == 7 ? 1000 + static_cast<int64_t>(rng() % 20000) : 0;
        std::vector<int64_t> bs = RandomShape(rng, big);
        // self and target: b itself or b with some dims set to 1 / dropped.
        auto reduce_shape = [&](const std::vector<int64_t>& b) {
            std::vector<int64_t> s = b;
            for (auto& d : s)
                if (rng() % 4 == 0) d = 1;
            if (!s.empty() && rng() % 4 == 0) s.erase(s.begin());
            return s;
        };
        const std::vector<int64_t> ss = reduce_shape(bs), ts = reduce_shape(bs);
        std::vector<int64_t> b;
        {
            const size_t n = std::max(ss.size(), ts.size());
            b.assign(n, 1);
            for (size_t i = 0; i < n; ++i) {
                const int64_t da = i < ss.size() ? ss[ss.size() - 1 - i] : 1;
                const int64_t db = i < ts.size() ? ts[ts.size() - 1 - i] : 1;
                b[n - 1 - i] = da == 1 ? db : da;
            }
        }
        const int sdt = dts[rng() % ndt], tdt = dts[rng() % ndt], odt = dts[rng() % ndt];
        const int64_t red = static_cast<int64_t>(rng() % 3);
        const aclFormat fmts[3] = {ACL_FORMAT_ND, ACL_FORMAT_NCL, ACL_FORMAT_NCHW};
        const aclFormat sfmt = fmts[rng() % 3];
        Operand so = MakeOperand(rng, ss, sdt), to = MakeOperand(rng, ts, tdt);
        const std::vector<int64_t> os = red == 0 ? b : std::vector<int64_t>{};
        const int64_t on = l1ref::NumelOf(os);
        // Model: element values over b in row-major order.
        const int P = l1ref::Promote(sdt, tdt);
        std::vector<float> q;
        l1ref::ForEachIndex(b, [&](const std::vector<int64_t>& idx) {
            auto value = [&](const Operand& o) {
                int64_t e = o.offset;
                const size_t r = o.shape.size();
                for (size_t k = 0; k < r; ++k) {
                    const int64_t i = idx[idx.size() - r + k];
                    e += (o.shape[k] == 1 ? 0 : i) * o.strides[k];
                }
                return static_cast<float>(
                    l1ref::RoundTo(l1ref::ReadValue(&o.bytes[e * l1ref::DtSize(o.dt)], o.dt), l1ref::FormatOf(P)));
            };
            q.push_back(mseref::Element(value(so), value(to)));
        });
        std::vector<uint8_t> want(static_cast<size_t>(on) * l1ref::DtSize(odt));
        if (red == 0) {
            for (int64_t i = 0; i < on; ++i)
                l1ref::WriteValue(&want[i * l1ref::DtSize(odt)], odt, l1ref::RoundTo(q[i], l1ref::FormatOf(P)));
        } else {
            const bool nd = sfmt == ACL_FORMAT_ND;  // target is ND: the formats must be equal and ND or NCL
            const float total =
                mseref::RunsMseLossV2(prof, nd) ? mseref::Sum(prof, q, P, red == 1) : TemplateSum(q, P, red == 1);
            l1ref::WriteValue(want.data(), odt, l1ref::RoundTo(total, l1ref::FormatOf(P)));
        }
        // Run.
        aclcpu_test::DeviceBuffer sbuf(so.bytes.size()), tbuf(to.bytes.size()), obuf(std::max<size_t>(want.size(), 1));
        aclrtMemcpy(sbuf.get(), so.bytes.size(), so.bytes.data(), so.bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE);
        aclrtMemcpy(tbuf.get(), to.bytes.size(), to.bytes.data(), to.bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE);
        aclTensor* st = aclCreateTensor(so.shape.data(), so.shape.size(), static_cast<aclDataType>(sdt),
                                        so.strides.data(), so.offset, sfmt, so.storage.data(), 1, sbuf.get());
        aclTensor* tt = aclCreateTensor(to.shape.data(), to.shape.size(), static_cast<aclDataType>(tdt),
                                        to.strides.data(), to.offset, ACL_FORMAT_ND, to.storage.data(), 1, tbuf.get());
        aclTensor* ot = aclcpu_test::MakeTensor(os, static_cast<aclDataType>(odt), obuf.get());
        const int rc = RunMse(st, tt, red, ot);
        EXPECT_EQ(rc, 0) << LastError();
        const std::vector<uint8_t> got = Download<uint8_t>(obuf.get(), want.size());
        for (int64_t i = 0; rc == 0 && i < on; ++i) {
            const size_t sz = l1ref::DtSize(odt);
            if (!l1ref::SameResult(odt, &got[i * sz], &want[i * sz])) {
                ADD_FAILURE() << l1ref::ProfileKey(prof) << " case " << c << " seed " << seed0 + c << " red " << red
                              << " b " << b.size() << "d numel " << q.size() << " P " << P << " out " << odt
                              << " element " << i;
                ++failures;
                break;
            }
        }
        aclDestroyTensor(st);
        aclDestroyTensor(tt);
        aclDestroyTensor(ot);
    }
}

constexpr int kCases = 300;
TEST(MseLossRandom, Ascend950) { RandomSuite(Profile::kAscend950, 0x4D950000ull, kCases); }
TEST(MseLossRandom, Ascend910B) { RandomSuite(Profile::kAscend910B, 0x4D910B00ull, kCases); }
TEST(MseLossRandom, Ascend910_93) { RandomSuite(Profile::kAscend910_93, 0x4D910930ull, kCases); }
TEST(MseLossRandom, Ascend910) { RandomSuite(Profile::kAscend910, 0x4D910000ull, kCases); }
TEST(MseLossRandom, Ascend310P) { RandomSuite(Profile::kAscend310P, 0x4D310F00ull, kCases); }

}  // namespace
