// The aclnnClamp family through the public API (docs/ops/clamp.md): ops-math's example programs' values, the
// kernel's order (Max first: min > max gives max), NaN and signed zeros on the AI Core and AI CPU paths, the promote
// types per product (Ascend 950 computes in self's dtype combined with the bounds' categories, the other products in
// out's dtype), NULL bounds (aclnnClamp's scalars, aclnnClampTensor's tensors), broadcasting self up to the bounds,
// and CANN's messages for each check in its order. The table-driven suite sweeps dtypes and views against
// tests/support/clamp_reference.h.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "aclnnop/aclnn_clamp.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::EmptyTensor;
using aclcpu_test::ExpectFails;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;
using aclcpu_test::ProfileScope;
using aclcpu_test::RawTensor;
using aclcpu_test::ReadBack;
using aclcpu_test::RunPhases;
using aclcpu_test::Scalar;
using aclcpu_test::VectorTensor;
using l1ref::Profile;

constexpr int kNullptr = 161001;
constexpr int kInvalid = 161002;

const bool kQuietLog = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

int RunClamp(const aclTensor* s, const aclScalar* mn, const aclScalar* mx, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnClampGetWorkspaceSize(s, mn, mx, o, ws, ex); },
                     aclnnClamp);
}
int RunClampTensor(const aclTensor* s, const aclTensor* mn, const aclTensor* mx, aclTensor* o) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnClampTensorGetWorkspaceSize(s, mn, mx, o, ws, ex); },
        aclnnClampTensor);
}

template <typename T>
HostTensor Shaped(const std::vector<int64_t>& shape, aclDataType dt, const std::vector<T>& v) {
    return RawTensor(shape, dt, v.data(), v.size() * sizeof(T));
}

uint32_t U(float f) { return aclcpu_test::Bits(f); }

// ops-math's conversion/clip_by_value_v2/examples: the values each program computes (the INT32 ones print their
// int32 bytes through a float vector, so every line reads 0.000000 there; the values are checked here).
TEST(Clamp, ExamplesOfOpsMath) {
    const std::vector<float> x = {0, 1, 0, 3, 0, 5, 0, 7};
    const float two = 2.0f, five = 5.0f;
    Scalar mn(two), mx(five);
    HostTensor s = Shaped<float>({4, 2}, ACL_FLOAT, x), o = EmptyTensor({4, 2}, ACL_FLOAT);
    ASSERT_EQ(RunClamp(s.tensor, mn.s, mx.s, o.tensor), 0) << LastError();
    EXPECT_EQ(ReadBack<float>(o, 8), (std::vector<float>{2, 2, 2, 3, 2, 5, 2, 5}));
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnClampMinGetWorkspaceSize(s.tensor, mn.s, o.tensor, ws, ex);
              }, aclnnClampMin), 0) << LastError();
    EXPECT_EQ(ReadBack<float>(o, 8), (std::vector<float>{2, 2, 2, 3, 2, 5, 2, 7}));

    const std::vector<int32_t> xi = {0, 1, 2, 3, 4, 5, 6, 7};
    const int32_t four = 4;
    Scalar mxi(&four, ACL_INT32);
    HostTensor si = Shaped<int32_t>({4, 2}, ACL_INT32, xi), oi = EmptyTensor({4, 2}, ACL_INT32);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnClampMaxGetWorkspaceSize(si.tensor, mxi.s, oi.tensor, ws, ex);
              }, aclnnClampMax), 0) << LastError();
    EXPECT_EQ(ReadBack<int32_t>(oi, 8), (std::vector<int32_t>{0, 1, 2, 3, 4, 4, 4, 4}));
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnInplaceClampMaxGetWorkspaceSize(si.tensor, mxi.s, ws, ex);
              }, aclnnInplaceClampMax), 0) << LastError();
    EXPECT_EQ(ReadBack<int32_t>(si, 8), (std::vector<int32_t>{0, 1, 2, 3, 4, 4, 4, 4}));

    HostTensor f = Shaped<float>({4, 2}, ACL_FLOAT, {0, 1, 2, 3, 4, 5, 6, 7});
    HostTensor lo = Shaped<float>({4, 2}, ACL_FLOAT, {2, 1, 1, 2, 2, 6, 6, 9});
    HostTensor hi = Shaped<float>({4, 2}, ACL_FLOAT, {1, 1, 1, 2, 2, 2, 3, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnClampMinTensorGetWorkspaceSize(f.tensor, lo.tensor, o.tensor, ws, ex);
              }, aclnnClampMinTensor), 0) << LastError();
    EXPECT_EQ(ReadBack<float>(o, 8), (std::vector<float>{2, 1, 2, 3, 4, 6, 6, 9}));
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnClampMaxTensorGetWorkspaceSize(f.tensor, hi.tensor, o.tensor, ws, ex);
              }, aclnnClampMaxTensor), 0) << LastError();
    EXPECT_EQ(ReadBack<float>(o, 8), (std::vector<float>{0, 1, 1, 2, 2, 2, 3, 3}));
    HostTensor f2 = Shaped<float>({4, 2}, ACL_FLOAT, {0, 1, 2, 3, 4, 5, 6, 7});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnInplaceClampMinTensorGetWorkspaceSize(f2.tensor, lo.tensor, ws, ex);
              }, aclnnInplaceClampMinTensor), 0) << LastError();
    EXPECT_EQ(ReadBack<float>(f2, 8), (std::vector<float>{2, 1, 2, 3, 4, 6, 6, 9}));
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnInplaceClampMaxTensorGetWorkspaceSize(f.tensor, hi.tensor, ws, ex);
              }, aclnnInplaceClampMaxTensor), 0) << LastError();
    EXPECT_EQ(ReadBack<float>(f, 8), (std::vector<float>{0, 1, 1, 2, 2, 2, 3, 3}));

    HostTensor t = Shaped<int32_t>({4, 2}, ACL_INT32, {0, 1, 0, 3, 0, 5, 0, 7});
    HostTensor tl = Shaped<int32_t>({4, 2}, ACL_INT32, {1, 3, 0, 0, 0, 0, 0, 0});
    HostTensor th = Shaped<int32_t>({4, 2}, ACL_INT32, {5, 5, 3, 3, 4, 5, 6, 6});
    ASSERT_EQ(RunClampTensor(t.tensor, tl.tensor, th.tensor, oi.tensor), 0) << LastError();
    EXPECT_EQ(ReadBack<int32_t>(oi, 8), (std::vector<int32_t>{1, 3, 0, 3, 0, 5, 0, 6}));
}

// Max first, then Min: with min > max every element is max (the public doc's formula would give min).
TEST(Clamp, MaxFirstSoAnUpperBoundBelowTheLowerWins) {
    const float lo = 5.0f, hi = 2.0f;
    Scalar mn(lo), mx(hi);
    for (aclDataType dt : {ACL_FLOAT, ACL_DOUBLE}) {
        const std::vector<double> xd = {-10, 3, 10};
        const std::vector<float> xf = {-10, 3, 10};
        HostTensor s = dt == ACL_FLOAT ? VectorTensor(dt, xf) : VectorTensor(dt, xd);
        HostTensor o = EmptyTensor({3}, ACL_DOUBLE);
        ASSERT_EQ(RunClamp(s.tensor, mn.s, mx.s, o.tensor), 0) << LastError();
        EXPECT_EQ(ReadBack<double>(o, 3), (std::vector<double>{2, 2, 2}));
    }
}

// NaN and signed zeros: FLOAT (the AI Core's Max/Min) keeps a NaN self's payload, quieted, and takes a NaN bound's;
// Max(-0, +0) is +0. DOUBLE (the AI CPU kernel) gives the positive default NaN for any NaN operand, and keeps self
// on ties (a -0 self stays -0 against a +0 bound).
TEST(Clamp, NaNAndSignedZerosPerKernel) {
    const float zero = 0.0f, nan = std::numeric_limits<float>::quiet_NaN(), one = 1.0f;
    Scalar z(zero), n(nan), o1(one);
    const float snan = aclcpu_test::FromBits(0xFF800001u);  // a negative signalling NaN
    HostTensor s = VectorTensor(ACL_FLOAT, std::vector<float>{snan, -0.0f, 0.5f});
    HostTensor o = EmptyTensor({3}, ACL_FLOAT);
    ASSERT_EQ(RunClamp(s.tensor, z.s, o1.s, o.tensor), 0) << LastError();
    std::vector<float> r = ReadBack<float>(o, 3);
    EXPECT_EQ(U(r[0]), 0xFFC00001u);
    EXPECT_EQ(U(r[1]), 0x00000000u);  // Max(-0, +0) = +0
    ASSERT_EQ(RunClamp(s.tensor, n.s, o1.s, o.tensor), 0) << LastError();
    r = ReadBack<float>(o, 3);
    EXPECT_EQ(U(r[2]), 0x7FC00000u);  // a NaN min: Max(0.5, NaN) is the NaN
    HostTensor sd = VectorTensor(ACL_DOUBLE, std::vector<double>{-std::nan("7"), -0.0, 0.5});
    HostTensor od = EmptyTensor({3}, ACL_DOUBLE);
    ASSERT_EQ(RunClamp(sd.tensor, z.s, o1.s, od.tensor), 0) << LastError();
    const std::vector<double> rd = ReadBack<double>(od, 3);
    uint64_t b0;
    std::memcpy(&b0, &rd[0], 8);
    EXPECT_EQ(b0, 0x7FF8000000000000ull);  // the AI CPU kernel's quiet_NaN()
    EXPECT_TRUE(std::signbit(rd[1]));      // std::max(-0, +0) keeps -0
}

// The promote type: an INT32 self with a FLOAT bound computes in FLOAT on the Ascend 950 (an INT32 out refused
// there); the other products compute in out's dtype, the bound truncated to INT32 (2.5 -> 2).
TEST(Clamp, PromoteTypePerProduct) {
    const float b = 2.5f;
    Scalar mn(b);
    {
        ProfileScope scope(Profile::kAscend950);  // tensors made after the profile switch (a fresh runtime)
        HostTensor s = VectorTensor(ACL_INT32, std::vector<int32_t>{1, 2, 3});
        HostTensor of = EmptyTensor({3}, ACL_FLOAT), oi = EmptyTensor({3}, ACL_INT32);
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnClampMinGetWorkspaceSize(s.tensor, mn.s, of.tensor, ws, ex);
                  }, aclnnClampMin), 0) << LastError();
        EXPECT_EQ(ReadBack<float>(of, 3), (std::vector<float>{2.5f, 2.5f, 3}));
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnClampMinGetWorkspaceSize(s.tensor, mn.s, oi.tensor, ws, ex);
        }, kInvalid, "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    }
    {
        ProfileScope scope(Profile::kAscend910B);
        HostTensor s = VectorTensor(ACL_INT32, std::vector<int32_t>{1, 2, 3});
        HostTensor oi = EmptyTensor({3}, ACL_INT32);
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnClampMinGetWorkspaceSize(s.tensor, mn.s, oi.tensor, ws, ex);
                  }, aclnnClampMin), 0) << LastError();
        EXPECT_EQ(ReadBack<int32_t>(oi, 3), (std::vector<int32_t>{2, 2, 3}));
        HostTensor f = VectorTensor(ACL_FLOAT, std::vector<float>{1.0f});
        HostTensor o8 = EmptyTensor({1}, ACL_INT8);
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnClampMinGetWorkspaceSize(f.tensor, mn.s, o8.tensor, ws, ex);
        }, kInvalid, "self type DT_FLOAT can't be cast to the output type DT_INT8.");
    }
}

// NULL bounds: aclnnClamp takes either scalar alone; aclnnClampTensor either tensor alone (the other bound is CANN's
// synthetic +-inf or integer limit, which changes nothing); both NULL is refused.
TEST(Clamp, NullBoundsAndBroadcast) {
    const float two = 2.0f;
    Scalar b2(two);
    HostTensor s = Shaped<float>({2}, ACL_FLOAT, {1.0f, 3.0f}), o = EmptyTensor({2}, ACL_FLOAT);
    ASSERT_EQ(RunClamp(s.tensor, nullptr, b2.s, o.tensor), 0) << LastError();
    EXPECT_EQ(ReadBack<float>(o, 2), (std::vector<float>{1, 2}));
    ASSERT_EQ(RunClamp(s.tensor, b2.s, nullptr, o.tensor), 0) << LastError();
    EXPECT_EQ(ReadBack<float>(o, 2), (std::vector<float>{2, 3}));
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnClampGetWorkspaceSize(s.tensor, nullptr, nullptr, o.tensor, ws, ex);
    }, kNullptr, "clamp: At least one of 'min' or 'max' must not be None.");
    // tensor bounds: self [2] broadcast up to min [3, 2]; out [3, 2]
    HostTensor mn = Shaped<int32_t>({3, 2}, ACL_INT32, {0, 0, 2, 2, 5, 5});
    HostTensor o32 = EmptyTensor({3, 2}, ACL_FLOAT);
    ASSERT_EQ(RunClampTensor(s.tensor, mn.tensor, nullptr, o32.tensor), 0) << LastError();
    EXPECT_EQ(ReadBack<float>(o32, 6), (std::vector<float>{1, 3, 2, 3, 5, 5}));
    ASSERT_EQ(RunClampTensor(s.tensor, nullptr, mn.tensor, o32.tensor), 0) << LastError();
    EXPECT_EQ(ReadBack<float>(o32, 6), (std::vector<float>{0, 0, 1, 2, 1, 3}));
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnClampTensorGetWorkspaceSize(s.tensor, nullptr, nullptr, o.tensor, ws, ex);
    }, kNullptr, "clamp: At least one of 'min' or 'max' must not be None.");
    // an empty bound: success before the shape checks, nothing written
    HostTensor e = EmptyTensor({0, 7}, ACL_FLOAT);
    uint64_t ws = 1;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnClampTensorGetWorkspaceSize(s.tensor, e.tensor, nullptr, o.tensor, &ws, &ex), 0) << LastError();
    EXPECT_EQ(ws, 0u);
    ASSERT_EQ(aclnnClampTensor(nullptr, 0, ex, nullptr), 0) << LastError();
}

TEST(Clamp, Messages) {
    const float one = 1.0f;
    Scalar b(one);
    HostTensor f = Shaped<float>({2}, ACL_FLOAT, {1, 2}), of = EmptyTensor({2}, ACL_FLOAT);
    HostTensor bo = Shaped<uint8_t>({2}, ACL_BOOL, {0, 1}), o3 = EmptyTensor({3}, ACL_FLOAT);
    HostTensor f3 = Shaped<float>({3}, ACL_FLOAT, {1, 2, 3}), f23 = EmptyTensor({2, 3}, ACL_FLOAT);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnClampMinGetWorkspaceSize(f.tensor, nullptr, of.tensor, ws, ex);
    }, kNullptr, "Expected a value of type number for argument clipValueMin but instead found type null.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnClampMaxTensorGetWorkspaceSize(f.tensor, nullptr, of.tensor, ws, ex);
    }, kNullptr, "Expected a proper Tensor but got null for argument max.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnClampGetWorkspaceSize(bo.tensor, b.s, b.s, of.tensor, ws, ex);
    }, kInvalid, "Tensor self not implemented for DT_BOOL, should be in dtype support list");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnClampGetWorkspaceSize(f.tensor, b.s, b.s, o3.tensor, ws, ex);
    }, kInvalid, "Expected tensor for self to have same size as tensor for out, but [2] does not equal [3].");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnClampTensorGetWorkspaceSize(f.tensor, f3.tensor, nullptr, of.tensor, ws, ex);
    }, kInvalid, "the size of tensor self [2] must match the size of tensor min [3].");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnClampTensorGetWorkspaceSize(f.tensor, f.tensor, f3.tensor, of.tensor, ws, ex);
    }, kInvalid, "the size of tensor self/min [2] must match the size of tensor max [3].");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnClampMaxTensorGetWorkspaceSize(f.tensor, f.tensor, f23.tensor, ws, ex);
    }, kInvalid, "expected tensor for out to have same size as tensor for broadcast, but [2,3] does not equal [2].");
    HostTensor c64 = Shaped<float>({2}, ACL_COMPLEX64, {1, 0, 2, 0});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnClampMinTensorGetWorkspaceSize(f.tensor, c64.tensor, of.tensor, ws, ex);
    }, kInvalid, "Result type DT_COMPLEX64 can't be cast to the desired output type DT_FLOAT.");
    HostTensor oc = EmptyTensor({2}, ACL_COMPLEX64);
    HostTensor i16 = Shaped<int16_t>({2}, ACL_INT16, {1, 2}), oi16 = EmptyTensor({2}, ACL_INT16);
    HostTensor bb = Shaped<uint8_t>({2}, ACL_BOOL, {1, 0});
    ASSERT_EQ(RunClampTensor(i16.tensor, bb.tensor, nullptr, oi16.tensor), 0) << LastError();  // BOOL bound -> INT16
    HostTensor u16 = Shaped<uint16_t>({2}, ACL_UINT16, {1, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnClampMinTensorGetWorkspaceSize(i16.tensor, u16.tensor, oi16.tensor, ws, ex);
    }, kInvalid, "promote type fail.");
    (void)oc;
}

// Hostile input: an empty self with workspaceSize or executor NULL is refused (161001) before the early success
// writes them; a bound of a dtype without a value (FLOAT8_E4M3FN) is refused, not read as 0; a destroyed bound is
// refused by every form, whether self is empty or not.
TEST(Clamp, HostileArgumentsAreRefusedBeforeTheEmptyReturn) {
    HostTensor e = EmptyTensor({0, 3}, ACL_FLOAT);
    HostTensor f = Shaped<float>({2}, ACL_FLOAT, {1, 2}), of = EmptyTensor({2}, ACL_FLOAT);
    const float two = 2.0f;
    Scalar b(two);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnClampMinGetWorkspaceSize(e.tensor, b.s, e.tensor, nullptr, &ex), kNullptr);
    EXPECT_EQ(aclnnClampGetWorkspaceSize(e.tensor, b.s, b.s, e.tensor, &ws, nullptr), kNullptr);
    EXPECT_EQ(aclnnClampTensorGetWorkspaceSize(f.tensor, e.tensor, nullptr, of.tensor, nullptr, &ex), kNullptr);
    EXPECT_EQ(aclnnInplaceClampMaxTensorGetWorkspaceSize(e.tensor, e.tensor, &ws, nullptr), kNullptr);
    const uint8_t one_f8 = 0x38;  // 1.0 in FLOAT8_E4M3FN
    Scalar f8(&one_f8, ACL_FLOAT8_E4M3FN);
    ExpectFails([&](uint64_t* w, aclOpExecutor** x) {
        return aclnnClampMinGetWorkspaceSize(f.tensor, f8.s, of.tensor, w, x);
    }, kInvalid, "The clipValueMin scalar of dtype DT_FLOAT8_E4M3FN has no conversion to float.");
    ExpectFails([&](uint64_t* w, aclOpExecutor** x) {
        return aclnnClampGetWorkspaceSize(f.tensor, nullptr, f8.s, of.tensor, w, x);
    }, kInvalid, "The clipValueMax scalar of dtype DT_FLOAT8_E4M3FN has no conversion to float.");
    aclScalar* dead = aclCreateScalar(const_cast<float*>(&two), ACL_FLOAT);
    ASSERT_EQ(aclDestroyScalar(dead), 0);
    for (const aclTensor* self : {static_cast<const aclTensor*>(e.tensor), static_cast<const aclTensor*>(f.tensor)}) {
        aclTensor* out = self == e.tensor ? e.tensor : of.tensor;
        EXPECT_EQ(aclnnClampMinGetWorkspaceSize(self, dead, out, &ws, &ex), kInvalid);
        EXPECT_EQ(aclnnClampMaxGetWorkspaceSize(self, dead, out, &ws, &ex), kInvalid);
        EXPECT_EQ(aclnnClampGetWorkspaceSize(self, dead, nullptr, out, &ws, &ex), kInvalid);
    }
}

}  // namespace
