// aclnnL1Loss through the public API (docs/ops/l1_loss.md): CANN's check order, codes and messages; the
// dtype lists per profile; hand-checked values (ops-nn's example, the reduce template's tree order, INT64
// wrap-around, empty inputs); in-place and partially aliased outputs; repeatable executors with
// aclSetInputTensorAddr / aclSetOutputTensorAddr; misuse of the second phase; the ULP distance of the float32
// sum from the exactly rounded sum; and a seeded random sweep per product profile compared bit for bit with
// the independent model (tests/support/forward_loss_reference.h).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_l1_loss.h"
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

int RunL1Loss(const aclTensor* s, const aclTensor* t, int64_t reduction, aclTensor* out) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    int st = aclnnL1LossGetWorkspaceSize(s, t, reduction, out, &ws, &ex);
    if (st != 0) return st;
    aclcpu_test::DeviceBuffer w;
    if (ws > 0) w = aclcpu_test::DeviceBuffer(ws);
    st = aclnnL1Loss(ws > 0 ? w.get() : nullptr, ws, ex, nullptr);
    return st != 0 ? st : aclrtSynchronizeStream(nullptr);
}

void ExpectFails(const aclTensor* s, const aclTensor* t, int64_t reduction, aclTensor* out, int code,
                 const std::string& msg) {
    uint64_t ws = 77;
    aclOpExecutor* ex = reinterpret_cast<aclOpExecutor*>(uintptr_t{0x40});
    LastError();
    EXPECT_EQ(aclnnL1LossGetWorkspaceSize(s, t, reduction, out, &ws, &ex), code);
    const std::string got = LastError();
    EXPECT_NE(got.find(msg), std::string::npos) << "expected message: " << msg << "\n got: " << got;
    EXPECT_EQ(ws, 77u);
    EXPECT_EQ(ex, reinterpret_cast<aclOpExecutor*>(uintptr_t{0x40}));
}

float Scalar(const HostTensor& t) { return Download<float>(t.buffer.get(), 1)[0]; }

TEST(L1Loss, CheckOrderAndMessages) {
    HostTensor s = FloatTensor({2, 2}, {0, 1, 2, 3}), t = FloatTensor({2, 2}, {1, 1, 1, 1}),
               o = EmptyTensor({}, ACL_FLOAT), o22 = EmptyTensor({2, 2}, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnL1LossGetWorkspaceSize(s.tensor, t.tensor, 1, o.tensor, nullptr, &ex), kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    EXPECT_EQ(aclnnL1LossGetWorkspaceSize(s.tensor, t.tensor, 1, o.tensor, &ws, nullptr), kNull);
    ExpectFails(nullptr, nullptr, 9, nullptr, kNull, "got null for argument self.");
    ExpectFails(s.tensor, nullptr, 9, nullptr, kNull, "got null for argument target.");
    ExpectFails(s.tensor, t.tensor, 9, nullptr, kNull, "got null for argument out.");
    // Reduction before dtypes.
    HostTensor i22 = EmptyTensor({2, 2}, ACL_INT32), i3 = EmptyTensor({3}, ACL_INT32), c22 = EmptyTensor({2, 2}, ACL_COMPLEX64);
    ExpectFails(i3.tensor, i3.tensor, 3, o.tensor, kInvalid, "Expected reduction to be 0 or 1 or 2, but got 3.");
    ExpectFails(s.tensor, t.tensor, -1, o.tensor, kInvalid, "Expected reduction to be 0 or 1 or 2, but got -1.");
    // 4a: none, self integer, target floating (before shapes: i3 does not broadcast with t).
    ExpectFails(i3.tensor, t.tensor, 0, o22.tensor, kInvalid,
                "Input dtype should be either floating point or complex dtypes. Got DT_INT32 instead.");
    // 4b: mean with two integer inputs.
    ExpectFails(i3.tensor, i3.tensor, 1, o.tensor, kInvalid,
                "Input dtype should be either floating point or complex dtypes. Got self DT_INT32 and target DT_INT32 "
                "instead.");
    // 4c, 4d, 4e.
    ExpectFails(s.tensor, c22.tensor, 2, o.tensor, kInvalid, "promoteType dtype DT_COMPLEX64 should be in dtype support list");
    ExpectFails(i22.tensor, i22.tensor, 2, o.tensor, kInvalid,
                "promoteType dtype DT_INT32 should be in dtype support list [DT_FLOAT, DT_FLOAT16, DT_INT64, DT_BF16].");
    HostTensor oi = EmptyTensor({}, ACL_INT32);
    ExpectFails(s.tensor, t.tensor, 2, oi.tensor, kInvalid,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    // 5a-5d.
    HostTensor d9 = EmptyTensor({1, 1, 1, 1, 1, 1, 1, 1, 1}, ACL_FLOAT), t3 = EmptyTensor({3}, ACL_FLOAT);
    ExpectFails(d9.tensor, t.tensor, 2, o.tensor, kInvalid, "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails(s.tensor, d9.tensor, 2, o.tensor, kInvalid, "The target tensor cannot be larger than 8 dimensions.");
    ExpectFails(s.tensor, t3.tensor, 2, o.tensor, kInvalid,
                "The size of tensor self [2,2] must match the size of tensor target [3].");
    ExpectFails(s.tensor, t.tensor, 0, o.tensor, kInvalid, "Expected out tensor shape to be [2,2], but got [].");
    HostTensor o1 = EmptyTensor({1}, ACL_FLOAT);
    ExpectFails(s.tensor, t.tensor, 1, o1.tensor, kInvalid, "Expected a 0-dimensional tensor, but Shape of out is [1].");
}

TEST(L1Loss, DtypeListsPerProfile) {
    for (Profile p : l1ref::kAllProfiles) {
        aclcpu_test::ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        // Created after the profile switch: a switch finalizes the runtime, which must not outlive device memory.
        HostTensor b = EmptyTensor({2}, ACL_BF16), o = EmptyTensor({}, ACL_BF16);
        uint64_t ws = 0;
        aclOpExecutor* ex = nullptr;
        const int st = aclnnL1LossGetWorkspaceSize(b.tensor, b.tensor, 2, o.tensor, &ws, &ex);
        if (l1ref::SupportsBF16(p)) {
            EXPECT_EQ(st, 0) << l1ref::ProfileKey(p);
            EXPECT_EQ(aclDestroyAclOpExecutor(ex), 0);
        } else {
            EXPECT_EQ(st, kInvalid) << l1ref::ProfileKey(p);
            EXPECT_NE(LastError().find("[DT_FLOAT, DT_FLOAT16, DT_INT64]."), std::string::npos);
        }
    }
}

TEST(L1Loss, OpsNnExampleAndHandCheckedOrder) {
    HostTensor s = FloatTensor({2, 2}, {0, 1, 2, 3}), t = FloatTensor({2, 2}, {1, 1, 1, 1}), o = EmptyTensor({}, ACL_FLOAT);
    ASSERT_EQ(RunL1Loss(s.tensor, t.tensor, 1, o.tensor), 0) << LastError();
    EXPECT_EQ(Scalar(o), 1.0f);  // ops-nn's example prints "result[0] is: 1.000000"
    ASSERT_EQ(RunL1Loss(s.tensor, t.tensor, 2, o.tensor), 0);
    EXPECT_EQ(Scalar(o), 4.0f);
    // The register tree: (2^24 + 1) + (1 + 1) = 2^24 + 2, where a sequential sum keeps 2^24.
    HostTensor big = FloatTensor({4}, {16777216.0f, 1, 1, 1}), z = FloatTensor({4}, {0, 0, 0, 0});
    ASSERT_EQ(RunL1Loss(big.tensor, z.tensor, 2, o.tensor), 0);
    EXPECT_EQ(Scalar(o), 16777218.0f);
    // mean on 950: the sum times (float)(1.0 / 3), once.
    HostTensor s3 = FloatTensor({3}, {1, 1, 1}), z3 = FloatTensor({3}, {0, 0, 0});
    ASSERT_EQ(RunL1Loss(s3.tensor, z3.tensor, 1, o.tensor), 0);
    EXPECT_EQ(Bits(Scalar(o)), Bits(3.0f * static_cast<float>(1.0 / 3.0)));
    // inf - inf = NaN propagates; none writes |d| with +0 for equal inputs.
    HostTensor si = FloatTensor({3}, {INFINITY, -0.0f, 2}), ti = FloatTensor({3}, {INFINITY, 0.0f, 5}),
               on = EmptyTensor({3}, ACL_FLOAT);
    ASSERT_EQ(RunL1Loss(si.tensor, ti.tensor, 0, on.tensor), 0);
    const std::vector<float> v = Download<float>(on.buffer.get(), 3);
    EXPECT_TRUE(std::isnan(v[0]));
    EXPECT_EQ(Bits(v[1]), 0u);
    EXPECT_EQ(v[2], 3.0f);
    ASSERT_EQ(RunL1Loss(si.tensor, ti.tensor, 2, o.tensor), 0);
    EXPECT_TRUE(std::isnan(Scalar(o)));
}

TEST(L1Loss, TbeProfilesScaleEachValueBeforeTheSum) {
    // 910B: mean = sum of (a * (float)(1/3)); 1/3 rounds down, so 3 * ((1/3)f) != 1 in float, and the
    // tree ((a0 c + a1 c) + a2 c) differs from (a0 + a1 + a2) * c for these values.
    aclcpu_test::ProfileScope scope(Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    HostTensor s = FloatTensor({3}, {16777216.0f, 1, 1}), z = FloatTensor({3}, {0, 0, 0}), o = EmptyTensor({}, ACL_FLOAT);
    ASSERT_EQ(RunL1Loss(s.tensor, z.tensor, 1, o.tensor), 0) << LastError();
    const float c = static_cast<float>(1.0 / 3.0);
    const float want = (16777216.0f * c + 1.0f * c) + 1.0f * c;  // lanes 0, 1 paired, then lane 2 (+0s)
    EXPECT_EQ(Bits(Scalar(o)), Bits(want));
}

TEST(L1Loss, Int64WrapAround) {
    const int64_t sv[3] = {INT64_MIN, INT64_MIN, 5}, tv[3] = {1, 0, -7};
    HostTensor s = RawTensor({3}, ACL_INT64, sv, sizeof sv), t = RawTensor({3}, ACL_INT64, tv, sizeof tv),
               on = EmptyTensor({3}, ACL_INT64), o = EmptyTensor({}, ACL_INT64), of = EmptyTensor({}, ACL_FLOAT);
    ASSERT_EQ(RunL1Loss(s.tensor, t.tensor, 0, on.tensor), 0) << LastError();
    EXPECT_EQ(Download<int64_t>(on.buffer.get(), 3), (std::vector<int64_t>{INT64_MAX, INT64_MIN, 12}));
    ASSERT_EQ(RunL1Loss(s.tensor, t.tensor, 2, o.tensor), 0);
    EXPECT_EQ(Download<int64_t>(o.buffer.get(), 1)[0], static_cast<int64_t>(static_cast<uint64_t>(INT64_MAX) +
                                                                             static_cast<uint64_t>(INT64_MIN) + 12u));
    ASSERT_EQ(RunL1Loss(s.tensor, t.tensor, 2, of.tensor), 0);  // INT64 result cast to FLOAT
    EXPECT_EQ(Scalar(of), 11.0f);
}

TEST(L1Loss, EmptyInputsFill) {
    HostTensor e = EmptyTensor({0, 3}, ACL_FLOAT), t = EmptyTensor({3}, ACL_FLOAT), o = EmptyTensor({}, ACL_FLOAT),
               oh = EmptyTensor({}, ACL_FLOAT16), on = EmptyTensor({0, 3}, ACL_FLOAT);
    ASSERT_EQ(RunL1Loss(e.tensor, t.tensor, 1, o.tensor), 0) << LastError();
    EXPECT_TRUE(std::isnan(Scalar(o)));
    ASSERT_EQ(RunL1Loss(e.tensor, t.tensor, 2, oh.tensor), 0);
    EXPECT_EQ(Download<uint16_t>(oh.buffer.get(), 1)[0], 0u);
    ASSERT_EQ(RunL1Loss(e.tensor, t.tensor, 0, on.tensor), 0);
}

TEST(L1Loss, InPlaceAndPartialAliasEqualOutOfPlace) {
    std::vector<float> sv(64), tv(64);
    for (int i = 0; i < 64; ++i) {
        sv[i] = static_cast<float>(i) * 0.75f - 20.0f;
        tv[i] = static_cast<float>(i % 7);
    }
    HostTensor s = FloatTensor({64}, sv), t = FloatTensor({64}, tv), ref = EmptyTensor({64}, ACL_FLOAT);
    ASSERT_EQ(RunL1Loss(s.tensor, t.tensor, 0, ref.tensor), 0);
    const std::vector<float> want = Download<float>(ref.buffer.get(), 64);
    HostTensor a = FloatTensor({64}, sv);
    ASSERT_EQ(RunL1Loss(a.tensor, t.tensor, 0, a.tensor), 0) << LastError();  // exactly in place
    EXPECT_EQ(Download<float>(a.buffer.get(), 64), want);
    // out = elements 1..32 of a buffer whose elements 0..31 are self: overlapping, shifted by one.
    std::vector<float> buf(sv.begin(), sv.begin() + 33);
    HostTensor b = FloatTensor({33}, buf), t32 = FloatTensor({32}, std::vector<float>(tv.begin(), tv.begin() + 32));
    aclTensor* self = aclcpu_test::MakeTensor({32}, ACL_FLOAT, b.buffer.get(), {1}, 0, {33});
    aclTensor* out = aclcpu_test::MakeTensor({32}, ACL_FLOAT, b.buffer.get(), {1}, 1, {33});
    ASSERT_EQ(RunL1Loss(self, t32.tensor, 0, out), 0) << LastError();
    const std::vector<float> got = Download<float>(b.buffer.get(), 33);
    for (int i = 0; i < 32; ++i) EXPECT_EQ(got[i + 1], want[i]) << i;
    aclDestroyTensor(self);
    aclDestroyTensor(out);
}

TEST(L1Loss, BroadcastStridedOffsetViews) {
    // self [3,1] over every other element from offset 1; target [4] broadcast: mean of |s_i - t_j|.
    HostTensor sb = FloatTensor({8}, {9, 1, 9, -2, 9, 4, 9, 9}), t = FloatTensor({4}, {0, 1, 2, 3}),
               o = EmptyTensor({}, ACL_FLOAT), on = EmptyTensor({3, 4}, ACL_FLOAT);
    aclTensor* s = aclcpu_test::MakeTensor({3, 1}, ACL_FLOAT, sb.buffer.get(), {2, 1}, 1, {8});
    ASSERT_EQ(RunL1Loss(s, t.tensor, 2, o.tensor), 0) << LastError();
    // s = 1, -2, 4: |1-t| = 1,0,1,2; |-2-t| = 2,3,4,5; |4-t| = 4,3,2,1: total 28.
    EXPECT_EQ(Scalar(o), 28.0f);
    ASSERT_EQ(RunL1Loss(s, t.tensor, 0, on.tensor), 0);
    EXPECT_EQ(Download<float>(on.buffer.get(), 12), (std::vector<float>{1, 0, 1, 2, 2, 3, 4, 5, 4, 3, 2, 1}));
    aclDestroyTensor(s);
}

TEST(L1Loss, RepeatableExecutorAndNewAddresses) {
    HostTensor s = FloatTensor({3}, {1, 2, 3}), t = FloatTensor({3}, {0, 0, 0}), o = EmptyTensor({}, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnL1LossGetWorkspaceSize(s.tensor, t.tensor, 2, o.tensor, &ws, &ex), 0);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0);
    for (int run = 0; run < 2; ++run) {
        ASSERT_EQ(aclnnL1Loss(nullptr, 0, ex, nullptr), 0) << LastError();
        ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
        EXPECT_EQ(Scalar(o), 6.0f);
    }
    HostTensor s2 = FloatTensor({3}, {-1, 0, 5}), o2 = EmptyTensor({}, ACL_FLOAT);
    ASSERT_EQ(aclSetInputTensorAddr(ex, 0, nullptr, s2.buffer.get()), 0) << LastError();
    ASSERT_EQ(aclSetOutputTensorAddr(ex, 0, nullptr, o2.buffer.get()), 0) << LastError();
    ASSERT_EQ(aclnnL1Loss(nullptr, 0, ex, nullptr), 0) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(Scalar(o2), 6.0f);
    EXPECT_EQ(Scalar(o), 6.0f);
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), 0);
}

// The aliasing decision follows the addresses of each launch: an executor planned out of place (workspace 0)
// and re-addressed so that its output overlaps self shifted by one element computes through memory of its own,
// and one planned that way (with a workspace) and re-addressed apart runs directly; every result equals the
// out-of-place one.
TEST(L1Loss, RepeatableExecutorReaddressedOntoAndOffItsInput) {
    constexpr int64_t n = 1000;  // many rows' worth: a direct run would read elements it already overwrote
    std::vector<float> sv(n), tv(n), want(n);
    for (int64_t i = 0; i < n; ++i) {
        sv[i] = static_cast<float>(i) * 0.75f - 11.0f;
        tv[i] = static_cast<float>(i % 5);
        want[i] = std::fabs(sv[i] - tv[i]);
    }
    std::vector<float> buf(sv);
    buf.push_back(0.0f);
    HostTensor b = FloatTensor({n + 1}, buf), t = FloatTensor({n}, tv), apart = EmptyTensor({n}, ACL_FLOAT);
    char* const base = static_cast<char*>(b.buffer.get());
    aclTensor* self = aclcpu_test::MakeTensor({n}, ACL_FLOAT, base, {1}, 0, {n});
    for (int planned_apart = 1; planned_apart >= 0; --planned_apart) {
        ASSERT_EQ(aclrtMemcpy(base, (n + 1) * 4, buf.data(), (n + 1) * 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
        aclTensor* out = aclcpu_test::MakeTensor({n}, ACL_FLOAT, planned_apart ? apart.buffer.get() : base + 4, {1},
                                                 0, {n});
        uint64_t ws = 0;
        aclOpExecutor* ex = nullptr;
        ASSERT_EQ(aclnnL1LossGetWorkspaceSize(self, t.tensor, 0, out, &ws, &ex), 0) << LastError();
        EXPECT_EQ(ws, planned_apart ? 0u : static_cast<uint64_t>(n) * 4);
        ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0);
        void* w = nullptr;
        if (ws > 0) {
            ASSERT_EQ(aclrtMalloc(&w, ws, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
        }
        // As planned, then re-addressed (onto self shifted by one, or apart), then back at the planned address.
        void* const planned = planned_apart ? apart.buffer.get() : static_cast<void*>(base + 4);
        void* const other = planned_apart ? static_cast<void*>(base + 4) : apart.buffer.get();
        for (void* at : {planned, other, planned}) {
            ASSERT_EQ(aclrtMemcpy(base, (n + 1) * 4, buf.data(), (n + 1) * 4, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
            ASSERT_EQ(aclSetOutputTensorAddr(ex, 0, nullptr, at), 0) << LastError();
            ASSERT_EQ(aclnnL1Loss(w, ws, ex, nullptr), 0) << LastError();
            ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
            const bool shifted = at == static_cast<void*>(base + 4);
            const std::vector<float> got = shifted ? Download<float>(b.buffer.get(), n + 1)
                                                   : Download<float>(apart.buffer.get(), n);
            for (int64_t i = 0; i < n; ++i) ASSERT_EQ(got[i + (shifted ? 1 : 0)], want[i]) << planned_apart << " " << i;
        }
        EXPECT_EQ(aclDestroyAclOpExecutor(ex), 0);
        if (w != nullptr) aclrtFree(w);
        aclDestroyTensor(out);
    }
    aclDestroyTensor(self);
}

TEST(L1Loss, SecondPhaseMisuse) {
    HostTensor s = FloatTensor({3}, {1, 2, 3}), t = FloatTensor({3}, {0, 0, 0}), o = EmptyTensor({}, ACL_FLOAT);
    EXPECT_EQ(aclnnL1Loss(nullptr, 0, nullptr, nullptr), kNull);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnL1LossGetWorkspaceSize(s.tensor, t.tensor, 1, o.tensor, &ws, &ex), 0);
    EXPECT_EQ(ws, 0u);
    ASSERT_EQ(aclnnL1Loss(nullptr, 0, ex, nullptr), 0);
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(aclnnL1Loss(nullptr, 0, ex, nullptr), kInvalid);  // consumed
    EXPECT_EQ(Scalar(o), 2.0f);
}

// The float32 sum in the template order against the exactly rounded sum of the same float32 values
// (Neumaier-compensated in long double: exact for these magnitudes), in ULPs of the result.
int64_t UlpDistance(float a, float b) {
    const int64_t x = static_cast<int32_t>(Bits(a)), y = static_cast<int32_t>(Bits(b));
    return x > y ? x - y : y - x;
}

TEST(L1Loss, SumWithinUlpsOfTheExactSum) {
    std::mt19937 g(12345);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    int64_t worst = 0;
    for (int n : {10, 100, 1000, 4096, 10000, 65536}) {
        for (int rep = 0; rep < 3; ++rep) {
            std::vector<float> sv(static_cast<size_t>(n)), tv(static_cast<size_t>(n));
            long double exact = 0.0L, comp = 0.0L;
            for (int i = 0; i < n; ++i) {
                sv[static_cast<size_t>(i)] = u(g);
                tv[static_cast<size_t>(i)] = u(g);
                const long double a = std::fabs(sv[static_cast<size_t>(i)] - tv[static_cast<size_t>(i)]);
                const long double tsum = exact + a;
                comp += std::fabs(exact) >= a ? (exact - tsum) + a : (a - tsum) + exact;
                exact = tsum;
            }
            HostTensor s = FloatTensor({n}, sv), t = FloatTensor({n}, tv), o = EmptyTensor({}, ACL_FLOAT);
            ASSERT_EQ(RunL1Loss(s.tensor, t.tensor, 2, o.tensor), 0);
            const float rounded = static_cast<float>(exact + comp);
            worst = std::max(worst, UlpDistance(Scalar(o), rounded));
        }
    }
    EXPECT_LE(worst, 16);  // pairwise trees of positive values: O(log N) ulps at worst, here far less
}

// ------------------------------------------------------------------ the random sweep

int L1Second(void* w, uint64_t ws, aclOpExecutor* ex, aclrtStream st) { return aclnnL1Loss(w, ws, ex, st); }

constexpr int kCases = 400;
void Sweep(Profile p, uint64_t seed) {
    fwdloss_test::RunSweep(fwdref::FwdOp::kL1, p, seed, kCases, &fwdloss_test::L1First, &L1Second);
}
TEST(L1LossRandom, Ascend950) { Sweep(Profile::kAscend950, 0x11950000ull); }
TEST(L1LossRandom, Ascend910B) { Sweep(Profile::kAscend910B, 0x11910B00ull); }
TEST(L1LossRandom, Ascend910_93) { Sweep(Profile::kAscend910_93, 0x11910930ull); }
TEST(L1LossRandom, Ascend910) { Sweep(Profile::kAscend910, 0x11910000ull); }
TEST(L1LossRandom, Ascend310P) { Sweep(Profile::kAscend310P, 0x11310F00ull); }

}  // namespace
