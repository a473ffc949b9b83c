// aclnnAdd / aclnnAdds, aclnnSub / aclnnSubs and aclnnMul / aclnnMuls (and their Inplace forms) through the
// public API (docs/ops/add.md, sub.md, mul.md): the op_api branches per product that the table-driven sweep (alpha and
// other = true) cannot reach - alpha != 1 through Axpy (a true FMA), AxpyV2 and Mul-then-Add, a NaN alpha
// counting as one, the scalar forms' promote rule (FLOAT16 kept only when the scalars survive the cast), the
// non-regbase FLOAT raise of aclnnSub, INT32 through float32 on the products whose op_api picks Axpy for it,
// integer wrap-around, BOOL - as hand-computed values, and a seeded sweep over dtype pairs, alphas, IEEE specials
// and broadcasting compared byte for byte (NaN payloads included) with the independent model
// (tests/support/binary_reference.h); then CANN's messages for the dtype rules. Mul: the Muls kernel's unrounded
// scalar, the 950's unchecked cast to an integer out, and the same sweep.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_addcdiv.h"
#include "aclnnop/aclnn_addcmul.h"
#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_maximum.h"
#include "aclnnop/aclnn_minimum.h"
#include "aclnnop/aclnn_mul.h"
#include "aclnnop/aclnn_sub.h"
#include "support/binary_reference.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::Download;
using aclcpu_test::EmptyTensor;
using aclcpu_test::ExpectFails;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;
using aclcpu_test::ProfileScope;
using aclcpu_test::RawTensor;
using aclcpu_test::RunPhases;
using aclcpu_test::Scalar;
using l1ref::Profile;

constexpr int kInvalid = 161002;

const bool kQuietLog = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

int RunAdd(bool sub, const aclTensor* a, const aclTensor* b, const aclScalar* alpha, aclTensor* out) {
    if (sub) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSubGetWorkspaceSize(a, b, alpha, out, ws, ex); },
                         aclnnSub);
    }
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAddGetWorkspaceSize(a, b, alpha, out, ws, ex); },
                     aclnnAdd);
}

int RunAdds(bool sub, const aclTensor* a, const aclScalar* b, const aclScalar* alpha, aclTensor* out) {
    if (sub) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSubsGetWorkspaceSize(a, b, alpha, out, ws, ex); },
                         aclnnSubs);
    }
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAddsGetWorkspaceSize(a, b, alpha, out, ws, ex); },
                     aclnnAdds);
}

int RunDiv(const aclTensor* a, const aclTensor* b, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnDivGetWorkspaceSize(a, b, out, ws, ex); },
                     aclnnDiv);
}

int RunDivs(const aclTensor* a, const aclScalar* b, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnDivsGetWorkspaceSize(a, b, out, ws, ex); },
                     aclnnDivs);
}

int RunMaxMin(bool mx, const aclTensor* a, const aclTensor* b, aclTensor* out) {
    if (mx) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaximumGetWorkspaceSize(a, b, out, ws, ex); },
                         aclnnMaximum);
    }
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMinimumGetWorkspaceSize(a, b, out, ws, ex); },
                     aclnnMinimum);
}

int RunAddcmul(const aclTensor* s, const aclTensor* a, const aclTensor* b, const aclScalar* v, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAddcmulGetWorkspaceSize(s, a, b, v, out, ws, ex); },
        aclnnAddcmul);
}

int RunAddcdiv(const aclTensor* s, const aclTensor* a, const aclTensor* b, const aclScalar* v, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAddcdivGetWorkspaceSize(s, a, b, v, out, ws, ex); },
        aclnnAddcdiv);
}

int RunMul(const aclTensor* a, const aclTensor* b, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMulGetWorkspaceSize(a, b, out, ws, ex); },
                     aclnnMul);
}

int RunMuls(const aclTensor* a, const aclScalar* b, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMulsGetWorkspaceSize(a, b, out, ws, ex); },
                     aclnnMuls);
}

template <typename T>
HostTensor Of(const std::vector<int64_t>& shape, aclDataType dt, const std::vector<T>& v) {
    return RawTensor(shape, dt, v.data(), v.size() * sizeof(T));
}

template <typename T>
T One(const HostTensor& t) {
    void* p = nullptr;
    aclGetRawTensorAddr(t.tensor, &p);
    return Download<T>(p, 1)[0];
}

float F(uint32_t u) { return aclcpu_test::FromBits(u); }
uint32_t U(float f) { return aclcpu_test::Bits(f); }

// ------------------------------------------------------------------ hand-computed values

// IsEqualToOne is "neither above nor below 1": a NaN alpha takes the plain Add / Sub.
TEST(Binary, NaNAlphaCountsAsOne) {
    for (bool sub : {false, true}) {
        HostTensor a = Of<float>({1}, ACL_FLOAT, {1.5f}), b = Of<float>({1}, ACL_FLOAT, {2.0f});
        HostTensor out = EmptyTensor({1}, ACL_FLOAT);
        Scalar alpha(std::nanf(""));
        ASSERT_EQ(RunAdd(sub, a.tensor, b.tensor, alpha.s, out.tensor), 0) << LastError();
        EXPECT_EQ(One<float>(out), sub ? -0.5f : 3.5f);
    }
}

// Axpy is one fused multiply-add in float32: other * alpha is not rounded before the addition.
TEST(Binary, AxpyIsOneFusedMultiplyAdd) {
    const float b = F(0x3F800800u);   // 1 + 2^-12
    const float a = -F(0x3F801000u);  // -(1 + 2^-11)
    HostTensor x = Of<float>({1}, ACL_FLOAT, {a}), y = Of<float>({1}, ACL_FLOAT, {b});
    HostTensor out = EmptyTensor({1}, ACL_FLOAT);
    Scalar alpha(b);  // b * b = 1 + 2^-11 + 2^-24: a tie at float32, rounded away by a separate multiply
    ASSERT_EQ(RunAdd(false, x.tensor, y.tensor, alpha.s, out.tensor), 0) << LastError();
    EXPECT_EQ(U(One<float>(out)), 0x33800000u);  // 2^-24
}

// INT32 with alpha != 1: the Ascend 950 runs AxpyV2 (exact integers); Atlas A2 runs Axpy through float32,
// where 2^24 + 1 is 2^24.
TEST(Binary, Int32AlphaIsExactOn950AndThroughFloatElsewhere) {
    const int64_t two = 2;
    Scalar alpha(&two, ACL_INT64);
    for (Profile prof : {Profile::kAscend950, Profile::kAscend910B}) {
        ProfileScope scope(prof);
        HostTensor x = Of<int32_t>({1}, ACL_INT32, {16777217}), y = Of<int32_t>({1}, ACL_INT32, {1});
        HostTensor out = EmptyTensor({1}, ACL_INT32);
        ASSERT_EQ(RunAdd(false, x.tensor, y.tensor, alpha.s, out.tensor), 0) << LastError();
        EXPECT_EQ(One<int32_t>(out), prof == Profile::kAscend950 ? 16777219 : 16777218);
    }
}

TEST(Binary, IntegersWrapAround) {
    const int64_t two = 2;
    Scalar alpha(&two, ACL_INT64);
    HostTensor x = Of<int8_t>({3}, ACL_INT8, {127, -128, 100}), y = Of<int8_t>({3}, ACL_INT8, {1, 1, 100});
    HostTensor out = EmptyTensor({3}, ACL_INT8);
    ASSERT_EQ(RunAdd(false, x.tensor, y.tensor, alpha.s, out.tensor), 0) << LastError();
    void* p = nullptr;
    aclGetRawTensorAddr(out.tensor, &p);
    EXPECT_EQ(Download<int8_t>(p, 3), (std::vector<int8_t>{-127, -126, 44}));  // 129, -126, 300 mod 256
    ASSERT_EQ(RunAdd(true, x.tensor, y.tensor, alpha.s, out.tensor), 0) << LastError();
    EXPECT_EQ(Download<int8_t>(p, 3), (std::vector<int8_t>{125, 126, -100}));  // -130 -> 126, 100 - 200
}

// BOOL: Add is an OR (min(a + b, 1)), Sub an XOR (|a - b|).
TEST(Binary, BoolAddIsOrAndSubIsXor) {
    const bool t = true;
    Scalar alpha(&t, ACL_BOOL);
    HostTensor x = Of<uint8_t>({4}, ACL_BOOL, {0, 0, 1, 1}), y = Of<uint8_t>({4}, ACL_BOOL, {0, 1, 0, 1});
    HostTensor out = EmptyTensor({4}, ACL_BOOL);
    void* p = nullptr;
    aclGetRawTensorAddr(out.tensor, &p);
    ASSERT_EQ(RunAdd(false, x.tensor, y.tensor, alpha.s, out.tensor), 0) << LastError();
    EXPECT_EQ(Download<uint8_t>(p, 4), (std::vector<uint8_t>{0, 1, 1, 1}));
    ASSERT_EQ(RunAdd(true, x.tensor, y.tensor, alpha.s, out.tensor), 0) << LastError();
    EXPECT_EQ(Download<uint8_t>(p, 4), (std::vector<uint8_t>{0, 1, 1, 0}));
}

// aclnnAdds on FLOAT16 with other = 0.5001: the Ascend 950 keeps FLOAT16 only when other survives the cast
// within FLT_EPSILON - it does not, so 1024 + 0.5001 is computed in FLOAT and rounds up to 1025; Atlas A2 computes
// in self's FLOAT16, where other is 0.5 and the tie 1024.5 rounds to even, 1024.
TEST(Binary, ScalarFormKeepsFloat16OnlyWhenTheScalarsSurvive) {
    Scalar other(0.5001f), alpha(1.0f);
    for (bool sub : {false, true}) {
        for (Profile prof : {Profile::kAscend950, Profile::kAscend910B}) {
            ProfileScope scope(prof);
            HostTensor x = Of<uint16_t>({1}, ACL_FLOAT16, {static_cast<uint16_t>(sub ? 0x6402u : 0x6400u)});
            HostTensor out = EmptyTensor({1}, ACL_FLOAT16);
            ASSERT_EQ(RunAdds(sub, x.tensor, other.s, alpha.s, out.tensor), 0) << LastError();
            // Add: 1024 + 0.5001; Sub: 1026 - 0.5001 = 1025.4999 (FLOAT: 1025) or 1026 - 0.5 = 1025.5 (to even: 1026)
            const uint16_t want = sub ? (prof == Profile::kAscend950 ? 0x6401u : 0x6402u)
                                      : (prof == Profile::kAscend950 ? 0x6401u : 0x6400u);
            EXPECT_EQ(One<uint16_t>(out), want) << (sub ? "Subs " : "Adds ") << l1ref::ProfileKey(prof);
        }
    }
}

// aclnnSub outside the Ascend 950: a floating promote type with alpha != 1 is raised to FLOAT, so a FLOAT out of
// FLOAT16 inputs holds the float32 result; the 950 rounds to FLOAT16 first. 1 - 0.5 * 2^-11 = 1 - 2^-12.
TEST(Binary, SubRaisesToFloatOutsideThe950) {
    Scalar alpha(0.5f);
    for (Profile prof : {Profile::kAscend950, Profile::kAscend910B, Profile::kAscend310P}) {
        ProfileScope scope(prof);
        HostTensor x = Of<uint16_t>({1}, ACL_FLOAT16, {0x3C00u}), y = Of<uint16_t>({1}, ACL_FLOAT16, {0x1000u});
        HostTensor out = EmptyTensor({1}, ACL_FLOAT);
        ASSERT_EQ(RunAdd(true, x.tensor, y.tensor, alpha.s, out.tensor), 0) << LastError();
        EXPECT_EQ(One<float>(out), prof == Profile::kAscend950 ? 1.0f : 0.999755859375f) << l1ref::ProfileKey(prof);
    }
}

TEST(Binary, Complex64AddsPartWise) {
    const float a[2] = {1.0f, 2.0f}, b[2] = {3.0f, -4.5f};
    HostTensor x = RawTensor({1}, ACL_COMPLEX64, a, 8), y = RawTensor({1}, ACL_COMPLEX64, b, 8);
    HostTensor out = EmptyTensor({1}, ACL_COMPLEX64);
    const int64_t one = 1;
    Scalar alpha(&one, ACL_INT64);
    ASSERT_EQ(RunAdd(false, x.tensor, y.tensor, alpha.s, out.tensor), 0) << LastError();
    void* p = nullptr;
    aclGetRawTensorAddr(out.tensor, &p);
    EXPECT_EQ(Download<float>(p, 2), (std::vector<float>{4.0f, -2.5f}));
}

// aclnnMuls of a FLOAT16 self by a FLOAT 0.1: the Ascend 950 runs the Muls kernel (3 * 0.1f in float32, rounded
// once: 0x34CD); Atlas A2 converts 0.1 to FLOAT16 first (3 * half(0.1) = 0.29993 is a tie, to even: 0x34CC).
TEST(Binary, MulsKernelKeepsTheScalarUnrounded) {
    Scalar other(0.1f);
    for (Profile prof : {Profile::kAscend950, Profile::kAscend910B}) {
        ProfileScope scope(prof);
        HostTensor x = Of<uint16_t>({1}, ACL_FLOAT16, {0x4200u});  // 3
        HostTensor out = EmptyTensor({1}, ACL_FLOAT16);
        ASSERT_EQ(RunMuls(x.tensor, other.s, out.tensor), 0) << LastError();
        EXPECT_EQ(One<uint16_t>(out), prof == Profile::kAscend950 ? 0x34CDu : 0x34CCu) << l1ref::ProfileKey(prof);
    }
}

// aclnnMul on the Ascend 950 does not check the promote type's cast to out: FLOAT into INT32 is truncated toward
// zero; Atlas A2 refuses it (CheckMulPromoteType).
TEST(Binary, MulCastsToAnIntegerOutOnlyOnThe950) {
    for (Profile prof : {Profile::kAscend950, Profile::kAscend910B}) {
        ProfileScope scope(prof);
        HostTensor x = Of<float>({3}, ACL_FLOAT, {2.7f, -3.9f, std::nanf("")}), y = Of<float>({3}, ACL_FLOAT, {1, 1, 1});
        HostTensor out = EmptyTensor({3}, ACL_INT32);
        const int st = RunMul(x.tensor, y.tensor, out.tensor);
        if (prof != Profile::kAscend950) {
            EXPECT_EQ(st, kInvalid);
            EXPECT_NE(LastError().find("Result type DT_FLOAT can't be cast to the desired output type DT_INT32."),
                      std::string::npos);
            continue;
        }
        ASSERT_EQ(st, 0) << LastError();
        void* p = nullptr;
        aclGetRawTensorAddr(out.tensor, &p);
        EXPECT_EQ(Download<int32_t>(p, 3), (std::vector<int32_t>{2, -3, 0}));  // NaN -> 0 (aclnnCast's rule)
    }
}

// The same unchecked cast into narrow integers takes l0op::Cast's rule: through 32 bits, then the low bits (300.7 ->
// 44 in INT8, -129.5 -> 127), UINT8 through 64 bits (-1.5 -> 255).
TEST(Binary, MulCastsToNarrowIntegersThroughTheCastKernelsRule) {
    HostTensor x = Of<float>({3}, ACL_FLOAT, {300.7f, -129.5f, -1.5f}), y = Of<float>({3}, ACL_FLOAT, {1, 1, 1});
    HostTensor i8 = EmptyTensor({3}, ACL_INT8), u8 = EmptyTensor({3}, ACL_UINT8);
    ASSERT_EQ(RunMul(x.tensor, y.tensor, i8.tensor), 0) << LastError();
    ASSERT_EQ(RunMul(x.tensor, y.tensor, u8.tensor), 0) << LastError();
    void* p = nullptr;
    aclGetRawTensorAddr(i8.tensor, &p);
    EXPECT_EQ(Download<int8_t>(p, 3), (std::vector<int8_t>{44, 127, -1}));
    aclGetRawTensorAddr(u8.tensor, &p);
    EXPECT_EQ(Download<uint8_t>(p, 3), (std::vector<uint8_t>{44, 127, 255}));
}

// aclnnDiv: DivHighPrecision flushes subnormal inputs and results (our reading): a subnormal dividend gives 0,
// a subnormal divisor divides by zero; 0 / 0 is the default NaN; INT32 / INT32 is a FLOAT quotient.
TEST(Binary, DivFlushesSubnormalsAndDividesIntegersInFloat) {
    const float tiny = F(0x00000100u), big = F(0x00800000u);  // a subnormal, FLT_MIN
    HostTensor x = Of<float>({5}, ACL_FLOAT, {tiny, 1.0f, 0.0f, big, -3.0f}),
               y = Of<float>({5}, ACL_FLOAT, {1.0f, -tiny, 0.0f, 4.0f, 0.0f});
    HostTensor out = EmptyTensor({5}, ACL_FLOAT);
    ASSERT_EQ(RunDiv(x.tensor, y.tensor, out.tensor), 0) << LastError();
    void* p = nullptr;
    aclGetRawTensorAddr(out.tensor, &p);
    const std::vector<float> r = Download<float>(p, 5);
    EXPECT_EQ(U(r[0]), 0x00000000u);  // tiny / 1: the flushed dividend
    EXPECT_EQ(U(r[1]), 0xFF800000u);  // 1 / -tiny: 1 / -0
    EXPECT_EQ(U(r[2]), 0x7FC00000u);  // 0 / 0: the default NaN
    EXPECT_EQ(U(r[3]), 0x00000000u);  // FLT_MIN / 4 is subnormal: flushed
    EXPECT_EQ(U(r[4]), 0xFF800000u);  // -3 / +0
    HostTensor i = Of<int32_t>({2}, ACL_INT32, {7, -7}), j = Of<int32_t>({2}, ACL_INT32, {2, 0});
    HostTensor q = EmptyTensor({2}, ACL_FLOAT), qi = EmptyTensor({2}, ACL_INT32);
    ASSERT_EQ(RunDiv(i.tensor, j.tensor, q.tensor), 0) << LastError();
    aclGetRawTensorAddr(q.tensor, &p);
    EXPECT_EQ(Download<float>(p, 2), (std::vector<float>{3.5f, -INFINITY}));
    EXPECT_EQ(RunDiv(i.tensor, j.tensor, qi.tensor), kInvalid);  // the 950: a FLOAT result, not castable to INT32
    EXPECT_NE(LastError().find("Result type DT_FLOAT can't be cast to the desired output type DT_INT32."),
              std::string::npos);
}

// aclnnMaximum / aclnnMinimum: a NaN operand wins (self's first), +0 is above -0; on the Ascend 950 equal INT64
// inputs into an INT32 out are cast first (unsafe for Max: GetComputeType computes in out's dtype), so
// Max(2^32 + 1, 5) is 5 there and 1 (Max, then the wrap-around) elsewhere.
// aclnnDivs on the Ascend 950 with a floating self and other is the op_api's Muls branch: self * (float)(1.0 / 3),
// which rounds 5 / 3 up to 0x3FD55556 where the correctly rounded quotient (Atlas A2's RealDiv, and the 950's own
// RealDiv for a strided self with a DOUBLE other) is 0x3FD55555; an INT64 other takes RealDiv on every product.
TEST(Binary, DivsMultipliesByTheReciprocalOnThe950) {
    Scalar three(3.0f);
    const double three_d = 3.0;
    Scalar three_double(&three_d, ACL_DOUBLE);
    const int64_t three_i = 3;
    Scalar three_int(&three_i, ACL_INT64);
    for (Profile prof : {Profile::kAscend950, Profile::kAscend910B, Profile::kAscend310P}) {
        ProfileScope scope(prof);
        HostTensor x = Of<float>({1}, ACL_FLOAT, {5.0f});
        HostTensor out = EmptyTensor({1}, ACL_FLOAT);
        ASSERT_EQ(RunDivs(x.tensor, three.s, out.tensor), 0) << LastError();
        EXPECT_EQ(U(One<float>(out)), prof == Profile::kAscend950 ? 0x3FD55556u : 0x3FD55555u) << l1ref::ProfileKey(prof);
        ASSERT_EQ(RunDivs(x.tensor, three_int.s, out.tensor), 0) << LastError();
        EXPECT_EQ(U(One<float>(out)), 0x3FD55555u) << l1ref::ProfileKey(prof);
    }
    ProfileScope scope(Profile::kAscend950);
    // a strided self (every other element of [5, 0, 7, 0]) with a DOUBLE other: RealDiv, correctly rounded quotients
    HostTensor base = Of<float>({4}, ACL_FLOAT, {5.0f, 0.0f, 7.0f, 0.0f});
    void* data = nullptr;
    aclGetRawTensorAddr(base.tensor, &data);
    const int64_t two[1] = {2}, four[1] = {4}, st[1] = {2};
    aclTensor* strided = aclCreateTensor(two, 1, ACL_FLOAT, st, 0, ACL_FORMAT_ND, four, 1, data);
    HostTensor out = EmptyTensor({2}, ACL_FLOAT);
    ASSERT_EQ(RunDivs(strided, three_double.s, out.tensor), 0) << LastError();
    void* po = nullptr;
    aclGetRawTensorAddr(out.tensor, &po);
    const std::vector<float> q = Download<float>(po, 2);
    EXPECT_EQ(U(q[0]), 0x3FD55555u);
    EXPECT_EQ(U(q[1]), 0x40155555u);
    aclDestroyTensor(strided);
    // contiguous with the DOUBLE other: Muls again (7 * f32(1/3) rounds up to 0x40155556)
    HostTensor x = Of<float>({2}, ACL_FLOAT, {5.0f, 7.0f});
    ASSERT_EQ(RunDivs(x.tensor, three_double.s, out.tensor), 0) << LastError();
    const std::vector<float> m = Download<float>(po, 2);
    EXPECT_EQ(U(m[0]), 0x3FD55556u);
    EXPECT_EQ(U(m[1]), 0x40155556u);
}

// aclnnDivs' cast check: the Ascend 950 checks its tensor-scalar promote type (FLOAT for INT32 / INT32) against out,
// so an INT32 out is refused; Atlas A2 checks self's dtype alone and divides in FLOAT, truncating into INT32.
TEST(Binary, DivsIntegerOutOnlyOutsideThe950) {
    const int64_t two = 2;
    Scalar other(&two, ACL_INT64);
    for (Profile prof : {Profile::kAscend950, Profile::kAscend910B}) {
        ProfileScope scope(prof);
        HostTensor x = Of<int32_t>({3}, ACL_INT32, {7, -7, 1}), out = EmptyTensor({3}, ACL_INT32);
        const int st = RunDivs(x.tensor, other.s, out.tensor);
        if (prof == Profile::kAscend950) {
            EXPECT_EQ(st, kInvalid);
            EXPECT_NE(LastError().find("Result type DT_FLOAT can't be cast to the desired output type DT_INT32."),
                      std::string::npos);
            continue;
        }
        ASSERT_EQ(st, 0) << LastError();
        void* p = nullptr;
        aclGetRawTensorAddr(out.tensor, &p);
        EXPECT_EQ(Download<int32_t>(p, 3), (std::vector<int32_t>{3, -3, 0}));
    }
}

TEST(Binary, MaximumMinimumNaNZerosAndTheComputeDtype) {
    const float nan1 = F(0x7FA00001u);
    HostTensor x = Of<float>({3}, ACL_FLOAT, {nan1, -0.0f, 1.0f}), y = Of<float>({3}, ACL_FLOAT, {2.0f, 0.0f, std::nanf("")});
    HostTensor out = EmptyTensor({3}, ACL_FLOAT);
    void* p = nullptr;
    aclGetRawTensorAddr(out.tensor, &p);
    ASSERT_EQ(RunMaxMin(true, x.tensor, y.tensor, out.tensor), 0) << LastError();
    std::vector<float> r = Download<float>(p, 3);
    EXPECT_EQ(U(r[0]), 0x7FE00001u);  // self's NaN, quieted
    EXPECT_EQ(U(r[1]), 0x00000000u);  // Max(-0, +0) = +0
    EXPECT_EQ(U(r[2]), 0x7FC00000u);  // other's NaN
    ASSERT_EQ(RunMaxMin(false, x.tensor, y.tensor, out.tensor), 0) << LastError();
    r = Download<float>(p, 3);
    EXPECT_EQ(U(r[1]), 0x80000000u);  // Min(-0, +0) = -0
    for (Profile prof : {Profile::kAscend950, Profile::kAscend910B}) {
        ProfileScope scope(prof);
        HostTensor a = Of<int64_t>({1}, ACL_INT64, {(int64_t{1} << 32) + 1}), b = Of<int64_t>({1}, ACL_INT64, {5});
        HostTensor o = EmptyTensor({1}, ACL_INT32);
        ASSERT_EQ(RunMaxMin(true, a.tensor, b.tensor, o.tensor), 0) << LastError();
        EXPECT_EQ(One<int32_t>(o), prof == Profile::kAscend950 ? 5 : 1) << l1ref::ProfileKey(prof);
    }
}

// aclnnAddcmul: the 950's Addcmul kernel rounds tensor1 * tensor2 before its FMA with value; Atlas A2/A3 with
// value 1 run AxpyV2, one FMA of tensor1 and tensor2: (1 + 2^-12)^2 - (1 + 2^-11) is 0 there... and 2^-24 on A2.
TEST(Binary, AddcmulRoundsTheProductOn950AndFusesItOnA2WithValueOne) {
    const float b = F(0x3F800800u), a = -F(0x3F801000u);  // 1 + 2^-12, -(1 + 2^-11)
    const bool one = true;
    Scalar value(&one, ACL_BOOL);
    for (Profile prof : {Profile::kAscend950, Profile::kAscend910B}) {
        ProfileScope scope(prof);
        HostTensor s = Of<float>({1}, ACL_FLOAT, {a}), t = Of<float>({1}, ACL_FLOAT, {b});
        HostTensor out = EmptyTensor({1}, ACL_FLOAT);
        ASSERT_EQ(RunAddcmul(s.tensor, t.tensor, t.tensor, value.s, out.tensor), 0) << LastError();
        EXPECT_EQ(U(One<float>(out)), prof == Profile::kAscend950 ? 0x00000000u : 0x33800000u) << l1ref::ProfileKey(prof);
    }
}

// aclnnAddcdiv: ops-math's example (self 0..7, tensor1 = tensor2 = 2, value 1.2f) prints 1.200000 ... 8.200000; the
// sums are f32(k + 1.2f), one rounding each.
TEST(Binary, AddcdivExampleOfOpsMath) {
    const float v12 = 1.2f;
    Scalar value(v12);
    HostTensor s = Of<float>({4, 2}, ACL_FLOAT, {0, 1, 2, 3, 4, 5, 6, 7});
    HostTensor t = Of<float>({4, 2}, ACL_FLOAT, {2, 2, 2, 2, 2, 2, 2, 2});
    HostTensor out = EmptyTensor({4, 2}, ACL_FLOAT);
    ASSERT_EQ(RunAddcdiv(s.tensor, t.tensor, t.tensor, value.s, out.tensor), 0) << LastError();
    const std::vector<float> got = aclcpu_test::ReadBack<float>(out, 8);
    const uint32_t want[] = {0x3F99999Au, 0x400CCCCDu, 0x404CCCCDu, 0x40866666u,
                             0x40A66666u, 0x40C66666u, 0x40E66666u, 0x41033333u};
    for (int i = 0; i < 8; ++i) EXPECT_EQ(U(got[static_cast<size_t>(i)]), want[i]) << i;
    // in place: the same sums in self
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnInplaceAddcdivGetWorkspaceSize(s.tensor, t.tensor, t.tensor, value.s, ws, ex);
              }, aclnnInplaceAddcdiv), 0) << LastError();
    const std::vector<float> in_place = aclcpu_test::ReadBack<float>(s, 8);
    for (int i = 0; i < 8; ++i) EXPECT_EQ(U(in_place[static_cast<size_t>(i)]), want[i]) << i;
}

// The kernel divides first (correctly rounded) and then fuses value * quotient + self into one rounding: 1/3 * 3 +
// (-1) is exactly +2^-25 with the FMA (f32(1/3) lies above 1/3) (the quotient's error survives), 0 with the product rounded first; and the
// division's subnormal inputs and quotient are flushed (1e-40 / 1 and 1e-30 / 1e10 add nothing).
TEST(Binary, AddcdivDividesFirstThenOneFmaAndFlushesTheQuotient) {
    const float three = 3.0f;
    Scalar value(three);
    HostTensor s = Of<float>({3}, ACL_FLOAT, {-1.0f, 0.0f, 0.0f});
    HostTensor t1 = Of<float>({3}, ACL_FLOAT, {1.0f, 1e-40f, 1e-30f});
    HostTensor t2 = Of<float>({3}, ACL_FLOAT, {3.0f, 1.0f, 1e10f});
    HostTensor out = EmptyTensor({3}, ACL_FLOAT);
    ASSERT_EQ(RunAddcdiv(s.tensor, t1.tensor, t2.tensor, value.s, out.tensor), 0) << LastError();
    const std::vector<float> got = aclcpu_test::ReadBack<float>(out, 3);
    EXPECT_EQ(got[0], std::ldexp(1.0f, -25));
    EXPECT_EQ(U(got[1]), 0u);
    EXPECT_EQ(U(got[2]), 0u);
}

// A FLOAT16 self with a FLOAT value: the Ascend 950 keeps value as float32 (the kernel's mixed registration), the
// other products round it to FLOAT16 first. value 2^-11 + 2^-22 is above half an ulp of 1 in FLOAT16, so 1 + value
// rounds up on the 950; rounded to FLOAT16 first it is 2^-11 (a tie to even), and 1 + 2^-11 ties back to 1.
TEST(Binary, AddcdivKeepsAFloatValueForFloat16OnlyOn950) {
    const float v = std::ldexp(1.0f, -11) + std::ldexp(1.0f, -22);
    Scalar tie(v);
    for (Profile prof : {Profile::kAscend950, Profile::kAscend910B}) {
        ProfileScope scope(prof);
        HostTensor s = Of<uint16_t>({1}, ACL_FLOAT16, {0x3C00}), t = Of<uint16_t>({1}, ACL_FLOAT16, {0x4C00});
        HostTensor out = EmptyTensor({1}, ACL_FLOAT16);
        ASSERT_EQ(RunAddcdiv(s.tensor, t.tensor, t.tensor, tie.s, out.tensor), 0) << LastError();
        EXPECT_EQ(One<uint16_t>(out), prof == Profile::kAscend950 ? 0x3C01 : 0x3C00) << l1ref::ProfileKey(prof);
    }
}

// INT64 (the AI CPU kernel, not public): our reading truncates the quotient toward zero, a zero divisor gives 0 and
// INT64_MIN / -1 wraps (aarch64's SDIV), then self + value * quotient wraps.
TEST(Binary, AddcdivOfInt64TruncatesTheQuotient) {
    const int64_t three = 3;
    Scalar value(&three, ACL_INT64);
    HostTensor s = Of<int64_t>({4}, ACL_INT64, {1, 1, 5, 0});
    HostTensor t1 = Of<int64_t>({4}, ACL_INT64, {7, -7, 9, INT64_MIN});
    HostTensor t2 = Of<int64_t>({4}, ACL_INT64, {2, 2, 0, -1});
    HostTensor out = EmptyTensor({4}, ACL_INT64);
    ASSERT_EQ(RunAddcdiv(s.tensor, t1.tensor, t2.tensor, value.s, out.tensor), 0) << LastError();
    const std::vector<int64_t> got = aclcpu_test::ReadBack<int64_t>(out, 4);
    EXPECT_EQ(got[0], 10);
    EXPECT_EQ(got[1], -8);
    EXPECT_EQ(got[2], 5);
    EXPECT_EQ(got[3], INT64_MIN);  // 0 + 3 * INT64_MIN wraps to INT64_MIN
}

TEST(Binary, AddcdivMessages) {
    HostTensor f32 = Of<float>({2}, ACL_FLOAT, {1, 2}), i32 = Of<int32_t>({2}, ACL_INT32, {1, 2});
    HostTensor f3 = Of<float>({3}, ACL_FLOAT, {1, 2, 3}), oi = EmptyTensor({2}, ACL_INT64);
    HostTensor of = EmptyTensor({2}, ACL_FLOAT), o3 = EmptyTensor({3}, ACL_FLOAT);
    Scalar one(1.0f);
    const aclScalar* v = one.s;
    auto call = [v](const aclTensor* s, const aclTensor* a, const aclTensor* b, const aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnAddcdivGetWorkspaceSize(s, a, b, v, o, ws, ex); };
    };
    ExpectFails(call(i32.tensor, f32.tensor, f32.tensor, of.tensor), kInvalid,
                "Tensor self not implemented for DT_INT32, should be in dtype support list");
    ExpectFails(call(f32.tensor, f32.tensor, f32.tensor, oi.tensor), kInvalid,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT64.");
    ExpectFails(call(f32.tensor, f32.tensor, f3.tensor, of.tensor), kInvalid,
                "The size of tensor tensor1 [2] must match the size of tensor tensor2 [3].");
    ExpectFails(call(f3.tensor, f32.tensor, f32.tensor, o3.tensor), kInvalid,
                "The size of tensor self [3] must match the size [2].");
    ExpectFails(call(f32.tensor, f32.tensor, f32.tensor, o3.tensor), kInvalid,
                "Expected tensor for out to have same size as [2], but got [3].");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAddcdivGetWorkspaceSize(f32.tensor, f32.tensor, f32.tensor, nullptr, of.tensor, ws, ex);
    }, 161001, "Expected a value of type number for argument value but instead found type null.");
}

// ------------------------------------------------------------------ CANN's dtype rules and messages

TEST(Binary, DtypeRulesAndMessages) {
    HostTensor i32 = Of<int32_t>({2}, ACL_INT32, {1, 2}), f32 = Of<float>({2}, ACL_FLOAT, {1, 2});
    HostTensor b8 = Of<uint8_t>({2}, ACL_BOOL, {0, 1}), u16 = Of<uint16_t>({2}, ACL_UINT16, {1, 2});
    HostTensor oi = EmptyTensor({2}, ACL_INT32), of = EmptyTensor({2}, ACL_FLOAT), ob = EmptyTensor({2}, ACL_BOOL);
    HostTensor o3 = EmptyTensor({3}, ACL_FLOAT), f3 = Of<float>({3}, ACL_FLOAT, {1, 2, 3});
    Scalar falpha(2.0f);
    auto add = [](const aclTensor* a, const aclTensor* b, const aclScalar* al, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnAddGetWorkspaceSize(a, b, al, o, ws, ex); };
    };
    ExpectFails(add(u16.tensor, f32.tensor, falpha.s, of.tensor), kInvalid, "Tensor self not implemented for DT_UINT16");
    ExpectFails(add(i32.tensor, i32.tensor, falpha.s, oi.tensor), kInvalid,
                "Alpha dtype DT_FLOAT can't be cast to the promote dtype DT_INT32.");
    ExpectFails(add(b8.tensor, b8.tensor, falpha.s, ob.tensor), kInvalid,
                "Alpha dtype DT_FLOAT can't be cast to the promote dtype DT_BOOL.");
    ExpectFails(add(f32.tensor, f32.tensor, falpha.s, oi.tensor), kInvalid,
                "Promote dtype DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(add(f32.tensor, f3.tensor, falpha.s, o3.tensor), kInvalid,
                "The size of tensor self [2] must match the size of tensor other [3].");
    ExpectFails(add(f3.tensor, f3.tensor, falpha.s, of.tensor), kInvalid, "Shape of out should be [3], but current is [2].");
    // the scalar form: an INT32 self with a FLOAT other promotes to FLOAT, which an INT32 out cannot hold
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAddsGetWorkspaceSize(i32.tensor, falpha.s, falpha.s, oi.tensor, ws, ex); },
                kInvalid, "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
}

// ------------------------------------------------------------------ sweep against the model

/// Random element bytes of dtype d, a quarter of them IEEE specials for the float types.
std::vector<uint8_t> RandomBytes(int d, size_t n, std::mt19937& rng) {
    const size_t item = l1ref::DtSize(d);
    std::vector<uint8_t> v(n * item);
    for (auto& c : v) c = static_cast<uint8_t>(rng());
    static const uint32_t kF32[] = {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00001u, 0x7F800001u,
                                    0xFFC00000u, 0x00000001u, 0x807FFFFFu, 0x7F7FFFFFu, 0x3F800000u, 0xBFC00000u};
    static const uint16_t kF16[] = {0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E01, 0x7C01, 0x0001, 0x83FF, 0x7BFF, 0x3C00};
    static const uint16_t kBF16[] = {0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC1, 0x7F81, 0x0001, 0x807F, 0x7F7F, 0x3F80};
    for (size_t i = 0; i < n; ++i) {
        uint8_t* e = v.data() + i * item;
        if (d == l1ref::kBool) *e &= 1;
        if (rng() % 4 != 0) continue;
        if (d == l1ref::kF32) std::memcpy(e, &kF32[rng() % 12], 4);
        if (d == l1ref::kF16) std::memcpy(e, &kF16[rng() % 10], 2);
        if (d == l1ref::kBF16) std::memcpy(e, &kBF16[rng() % 10], 2);
        if (d == l1ref::kC64) std::memcpy(e, &kF32[rng() % 12], 4);
    }
    return v;
}

l1ref::View ViewOf(int d, const std::vector<int64_t>& shape, const std::vector<uint8_t>& bytes) {
    l1ref::View v;
    v.dtype = d;
    v.shape = shape;
    v.strides = aclcpu_test::ContiguousStrides(shape);
    v.storage = {aclcpu_test::Numel(shape)};
    v.data = bytes.data();
    return v;
}

struct Pair {
    int a, b, out;
};

TEST(Binary, AlphaPathsMatchTheModelInEveryProduct) {
    using namespace l1ref;
    const Pair pairs[] = {{kF32, kF32, kF32}, {kF16, kF16, kF16}, {kBF16, kBF16, kBF16}, {kF16, kF16, kF32},
                          {kF16, kF32, kF32}, {kBF16, kF16, kF16}, {kBF16, kF32, kBF16}, {kS32, kS32, kS32},
                          {kS32, kF16, kF16}, {kS8, kU8, kS16}, {kU8, kU8, kU8}, {kS64, kS32, kS64},
                          {kS16, kS16, kF32}, {kBool, kBool, kBool}, {kBool, kS32, kS32}, {kF64, kF32, kF64},
                          {kF64, kF64, kF16}, {kC64, kF32, kC64}, {kC128, kC64, kC128}};
    const float float_alphas[] = {1.0f, 0.5f, -2.5f, 3.0f, std::nanf(""), INFINITY, 0.0f};
    const int64_t int_alphas[] = {1, 3, -2, 0};
    std::mt19937 rng(2026);
    const std::vector<int64_t> sa = {5, 7}, sb = {7};
    int compared = 0;
    for (Profile prof : kAllProfiles) {
        ProfileScope scope(prof);
        for (const Pair& pr : pairs) {
            if (!binref::Listed(prof, pr.a) || !binref::Listed(prof, pr.b)) continue;
            const int p = Promote(pr.a, pr.b);
            const bool integral = p != kF32 && p != kF16 && p != kBF16 && p != kF64 && p != kC64 && p != kC128;
            std::vector<binref::Scalar> alphas;
            if (integral) {
                for (int64_t v : int_alphas) alphas.push_back({kS64, static_cast<double>(v)});
            } else {
                for (float v : float_alphas) alphas.push_back({kF32, v});
            }
            for (const binref::Scalar& al : alphas) {
                const int64_t iv = static_cast<int64_t>(al.v);
                const float fv = static_cast<float>(al.v);
                Scalar alpha(al.dtype == kS64 ? static_cast<const void*>(&iv) : static_cast<const void*>(&fv),
                             al.dtype == kS64 ? ACL_INT64 : ACL_FLOAT);
                for (bool sub : {false, true}) {
                    const std::vector<uint8_t> xa = RandomBytes(pr.a, 35, rng), xb = RandomBytes(pr.b, 7, rng);
                    HostTensor ta = RawTensor(sa, static_cast<aclDataType>(pr.a), xa.data(), xa.size());
                    HostTensor tb = RawTensor(sb, static_cast<aclDataType>(pr.b), xb.data(), xb.size());
                    HostTensor to = EmptyTensor(sa, static_cast<aclDataType>(pr.out));
                    std::vector<uint8_t> want(35 * DtSize(pr.out), 0xA5);
                    const std::vector<uint8_t> none;
                    const View va = ViewOf(pr.a, sa, xa), vb = ViewOf(pr.b, sb, xb), vo = ViewOf(pr.out, sa, none);
                    const int expect = binref::Binary(prof, sub, va, vb, al, vo, want.data());
                    const int got = RunAdd(sub, ta.tensor, tb.tensor, alpha.s, to.tensor);
                    const std::string what = std::string(sub ? "Sub " : "Add ") + ProfileKey(prof) + " " +
                                             DtName(pr.a) + "," + DtName(pr.b) + "->" + DtName(pr.out) +
                                             " alpha " + std::to_string(al.v);
                    ASSERT_EQ(got, expect) << what << ": " << LastError();
                    if (got != 0) continue;
                    void* ptr = nullptr;
                    aclGetRawTensorAddr(to.tensor, &ptr);
                    const std::vector<uint8_t> have = Download<uint8_t>(ptr, want.size());
                    for (size_t e = 0; e < 35; ++e) {
                        const size_t item = DtSize(pr.out);
                        ASSERT_EQ(std::memcmp(&have[e * item], &want[e * item], item), 0)
                            << what << " element " << e;
                    }
                    ++compared;
                }
            }
        }
    }
    EXPECT_GT(compared, 500);
}

/// Output `to`'s 35 elements of `item` bytes against the model's bytes `want`, byte for byte (NaN payloads included):
/// the first differing element fails the test, named by `what`; true when all are equal.
bool SameAsModel(const HostTensor& to, const std::vector<uint8_t>& want, size_t item, const std::string& what) {
    void* ptr = nullptr;
    aclGetRawTensorAddr(to.tensor, &ptr);
    const std::vector<uint8_t> have = Download<uint8_t>(ptr, want.size());
    for (size_t e = 0; e < 35; ++e) {
        if (std::memcmp(&have[e * item], &want[e * item], item) != 0) {
            ADD_FAILURE() << what << " element " << e;
            return false;
        }
    }
    return true;
}

/// One seeded case: self [5,7] of pr.a and other `sb` of pr.b from RandomBytes, out [5,7] of pr.out; the library
/// call run(self, other, out) must return the model's status (model(self view, other view, out view, bytes)) and,
/// when 0, write the model's bytes (NaN payloads included). Counts compared cases in *compared.
template <class Run, class Model>
void CompareWithModel(const Pair& pr, const std::vector<int64_t>& sb, std::mt19937& rng, const std::string& what,
                      Run&& run, Model&& model, int* compared) {
    using namespace l1ref;
    const std::vector<int64_t> sa = {5, 7};
    const std::vector<uint8_t> xa = RandomBytes(pr.a, 35, rng), xb = RandomBytes(pr.b, static_cast<size_t>(aclcpu_test::Numel(sb)), rng);
    HostTensor ta = RawTensor(sa, static_cast<aclDataType>(pr.a), xa.data(), xa.size());
    HostTensor tb = RawTensor(sb, static_cast<aclDataType>(pr.b), xb.data(), xb.size());
    HostTensor to = EmptyTensor(sa, static_cast<aclDataType>(pr.out));
    const size_t item = DtSize(pr.out);
    std::vector<uint8_t> want(35 * item, 0xA5);
    const std::vector<uint8_t> none;
    const int expect = model(ViewOf(pr.a, sa, xa), ViewOf(pr.b, sb, xb), ViewOf(pr.out, sa, none), want.data());
    ASSERT_EQ(run(ta.tensor, tb.tensor, to.tensor), expect) << what << ": " << LastError();
    if (expect != 0) return;
    ASSERT_TRUE(SameAsModel(to, want, item, what));
    ++*compared;
}

std::string CaseName(const char* op, Profile prof, const Pair& pr) {
    return std::string(op) + " " + l1ref::ProfileKey(prof) + " " + l1ref::DtName(pr.a) + "," + l1ref::DtName(pr.b) +
           "->" + l1ref::DtName(pr.out);
}

TEST(Binary, DivMatchesTheModelInEveryProduct) {
    using namespace l1ref;
    const Pair pairs[] = {{kF32, kF32, kF32}, {kF16, kF16, kF16}, {kBF16, kBF16, kBF16}, {kF16, kF16, kF32},
                          {kBF16, kF32, kBF16}, {kS32, kS32, kF32}, {kS32, kS32, kS32}, {kS8, kU8, kF16},
                          {kS64, kS64, kF32}, {kBool, kBool, kF32}, {kF64, kF64, kF64}, {kF64, kF32, kF16},
                          {kC64, kC64, kC64}, {kC128, kF64, kC128}, {kS16, kF16, kF16}};
    std::mt19937 rng(2028);
    int compared = 0;
    for (Profile prof : kAllProfiles) {
        ProfileScope scope(prof);
        for (const Pair& pr : pairs) {
            if (!binref::Listed(prof, pr.a) || !binref::Listed(prof, pr.b)) continue;
            for (int rep = 0; rep < 3; ++rep) {
                CompareWithModel(
                    pr, {7}, rng, CaseName("Div", prof, pr), RunDiv,
                    [&](const View& x, const View& y, const View& o, uint8_t* w) { return binref::Div(prof, x, y, o, w); },
                    &compared);
            }
        }
    }
    EXPECT_GT(compared, 150);
}

TEST(Binary, MaximumMinimumMatchTheModelInEveryProduct) {
    using namespace l1ref;
    const Pair pairs[] = {{kF32, kF32, kF32}, {kF16, kF16, kF16}, {kBF16, kBF16, kBF16}, {kF16, kF16, kF32},
                          {kBF16, kF32, kBF16}, {kS32, kS32, kS32}, {kS64, kS64, kS32}, {kU8, kU8, kS8},
                          {kS8, kS16, kS16}, {kBool, kBool, kBool}, {kBool, kS32, kF32}, {kF64, kF64, kF64},
                          {kF32, kF64, kF32}, {kS32, kF16, kF16}, {kF32, kF32, kF16}};
    std::mt19937 rng(2029);
    int compared = 0;
    for (Profile prof : kAllProfiles) {
        ProfileScope scope(prof);
        for (const Pair& pr : pairs) {
            if (!binref::Listed(prof, pr.a) || !binref::Listed(prof, pr.b) || !binref::Listed(prof, pr.out)) continue;
            for (const std::vector<int64_t>& sb : {std::vector<int64_t>{7}, std::vector<int64_t>{}}) {  // 0-d other
                for (bool mx : {true, false}) {
                    CompareWithModel(
                        pr, sb, rng, CaseName(mx ? "Maximum" : "Minimum", prof, pr) + (sb.empty() ? " 0-d other" : ""),
                        [mx](const aclTensor* x, const aclTensor* y, aclTensor* o) { return RunMaxMin(mx, x, y, o); },
                        [&](const View& x, const View& y, const View& o, uint8_t* w) {
                            return binref::MaxMin(prof, mx, x, y, o, w);
                        },
                        &compared);
                }
            }
        }
    }
    EXPECT_GT(compared, 200);
}

/// One ternary operator's dtypes: self, tensor1, tensor2 and out.
struct Triple {
    int s, a, b, out;
};

/// The sweep of a ternary operator (aclnnAddcmul, aclnnAddcdiv) against its model in every product: each triple of
/// dtypes (BF16 where supported) at each value (an integral promote type takes the integral values 1, 0 and -2
/// truncated), tensor2 broadcast ([7]) and full ([5, 7]), random bytes with IEEE specials (INT64 divisors: small,
/// zeros and -1 among them). Returns the number of calls compared; failures are asserted.
template <class Run, class Model>
int SweepTernary(const char* name, const std::vector<Triple>& cases, const std::vector<float>& values, uint32_t seed,
                 Run run, Model model) {
    using namespace l1ref;
    std::mt19937 rng(seed);
    int compared = 0;
    for (Profile prof : kAllProfiles) {
        ProfileScope scope(prof);
        for (const Triple& c : cases) {
            if ((c.s == kBF16 || c.a == kBF16) && !SupportsBF16(prof)) continue;
            const int p = Promote(c.s, Promote(c.a, c.b));
            const bool integral = p != kF32 && p != kF16 && p != kBF16 && p != kF64;
            for (float v : values) {
                if (integral && !(v == 1.0f || v == 0.0f || v == -2.5f)) continue;
                const int64_t iv = static_cast<int64_t>(v);
                Scalar value(integral ? static_cast<const void*>(&iv) : static_cast<const void*>(&v),
                             integral ? ACL_INT64 : ACL_FLOAT);
                const binref::Scalar sv{integral ? kS64 : kF32, integral ? static_cast<double>(iv) : v};
                for (const std::vector<int64_t>& sb : {std::vector<int64_t>{7}, std::vector<int64_t>{5, 7}}) {
                    const std::vector<int64_t> sa = {5, 7};
                    std::vector<uint8_t> xs = RandomBytes(c.s, 35, rng), xa = RandomBytes(c.a, 35, rng),
                                         xb = RandomBytes(c.b, static_cast<size_t>(aclcpu_test::Numel(sb)), rng);
                    if (c.b == kS64) {  // small divisors, zeros and -1 among them
                        for (size_t i = 0; i < xb.size() / 8; ++i) {
                            const int64_t d = static_cast<int64_t>(rng() % 7) - 3;
                            if (rng() % 2 == 0) std::memcpy(xb.data() + i * 8, &d, 8);
                        }
                    }
                    HostTensor ts = RawTensor(sa, static_cast<aclDataType>(c.s), xs.data(), xs.size());
                    HostTensor ta = RawTensor(sa, static_cast<aclDataType>(c.a), xa.data(), xa.size());
                    HostTensor tb = RawTensor(sb, static_cast<aclDataType>(c.b), xb.data(), xb.size());
                    HostTensor to = EmptyTensor(sa, static_cast<aclDataType>(c.out));
                    const size_t item = DtSize(c.out);
                    std::vector<uint8_t> want(35 * item, 0xA5);
                    const std::vector<uint8_t> none;
                    const int expect = model(prof, ViewOf(c.s, sa, xs), ViewOf(c.a, sa, xa), ViewOf(c.b, sb, xb), sv,
                                             ViewOf(c.out, sa, none), want.data());
                    const std::string what = std::string(name) + " " + ProfileKey(prof) + " " + DtName(c.s) + "," +
                                             DtName(c.a) + "," + DtName(c.b) + "->" + DtName(c.out) + " value " +
                                             std::to_string(v);
                    EXPECT_EQ(run(ts.tensor, ta.tensor, tb.tensor, value.s, to.tensor), expect)
                        << what << ": " << LastError();
                    if (expect != 0) continue;
                    EXPECT_TRUE(SameAsModel(to, want, item, what));
                    ++compared;
                }
            }
        }
    }
    return compared;
}

TEST(Binary, AddcmulMatchesTheModelInEveryProduct) {
    using namespace l1ref;
    const std::vector<Triple> cases = {{kF32, kF32, kF32, kF32}, {kF16, kF16, kF16, kF16}, {kBF16, kBF16, kBF16, kBF16},
                                       {kF16, kF32, kF16, kF32}, {kBF16, kBF16, kBF16, kF32}, {kS32, kS32, kS32, kS32},
                                       {kS8, kS8, kU8, kS16}, {kS64, kS32, kS64, kS64}, {kF64, kF64, kF32, kF64}};
    EXPECT_GT(SweepTernary("Addcmul", cases, {1.0f, 0.1f, -2.5f, 0.0f, std::nanf("")}, 2030, RunAddcmul,
                           binref::Addcmul),
              200);
}

TEST(Binary, MulMatchesTheModelInEveryProduct) {
    using namespace l1ref;
    const Pair pairs[] = {{kF32, kF32, kF32}, {kF16, kF16, kF16}, {kBF16, kBF16, kBF16}, {kF16, kF16, kF32},
                          {kF16, kF32, kF32}, {kBF16, kF32, kBF16}, {kS32, kS32, kS32}, {kS8, kS8, kS8},
                          {kU8, kU8, kU8}, {kS64, kS16, kS64}, {kBool, kBool, kBool}, {kBool, kF16, kF16},
                          {kF64, kF64, kF64}, {kF64, kF32, kF16}, {kC64, kC64, kC64}, {kC128, kF64, kC128},
                          {kF32, kF32, kS32}, {kF16, kF16, kS8}, {kC64, kC64, kF32}, {kF32, kF32, kBool}};
    const float values[] = {1.0f, 0.1f, -2.5f, 3.0f, std::nanf(""), INFINITY, 0.0f};
    std::mt19937 rng(2027);
    const std::vector<int64_t> sa = {5, 7}, sb = {7};
    int compared = 0;
    for (Profile prof : kAllProfiles) {
        ProfileScope scope(prof);
        for (const Pair& pr : pairs) {
            if (!binref::Listed(prof, pr.a) || !binref::Listed(prof, pr.b) || !binref::Listed(prof, pr.out)) continue;
            const std::vector<uint8_t> xa = RandomBytes(pr.a, 35, rng), xb = RandomBytes(pr.b, 7, rng);
            HostTensor ta = RawTensor(sa, static_cast<aclDataType>(pr.a), xa.data(), xa.size());
            HostTensor tb = RawTensor(sb, static_cast<aclDataType>(pr.b), xb.data(), xb.size());
            const std::vector<uint8_t> none;
            const size_t item = DtSize(pr.out);
            auto compare = [&](const HostTensor& to, const std::vector<uint8_t>& want, const std::string& what) {
                if (SameAsModel(to, want, item, what)) ++compared;
            };
            CompareWithModel(
                pr, sb, rng, CaseName("Mul", prof, pr), RunMul,
                [&](const View& x, const View& y, const View& o, uint8_t* w) { return binref::Mul(prof, x, y, o, w); },
                &compared);
            for (float v : values) {  // the scalar form, FLOAT and INT64 scalars
                for (int sd : {kF32, kS64}) {
                    const int64_t iv = static_cast<int64_t>(std::isfinite(v) ? v : 7.0f);
                    const binref::Scalar sc{sd, sd == kS64 ? static_cast<double>(iv) : static_cast<double>(v)};
                    Scalar other(sd == kS64 ? static_cast<const void*>(&iv) : static_cast<const void*>(&v),
                                 static_cast<aclDataType>(sd));
                    HostTensor to = EmptyTensor(sa, static_cast<aclDataType>(pr.out));
                    std::vector<uint8_t> want(35 * item, 0xA5);
                    const int expect = binref::Muls(prof, ViewOf(pr.a, sa, xa), sc, ViewOf(pr.out, sa, none), want.data());
                    const std::string what = std::string("Muls ") + ProfileKey(prof) + " " + DtName(pr.a) + " x " +
                                             DtName(sd) + " " + std::to_string(sc.v) + "->" + DtName(pr.out);
                    ASSERT_EQ(RunMuls(ta.tensor, other.s, to.tensor), expect) << what << ": " << LastError();
                    if (expect == 0) compare(to, want, what);
                }
            }
        }
    }
    EXPECT_GT(compared, 400);
}

TEST(Binary, DivsMatchesTheModelInEveryProduct) {
    using namespace l1ref;
    const int selves[][2] = {{kF32, kF32}, {kF16, kF16}, {kBF16, kBF16}, {kF16, kF32}, {kBF16, kF32}, {kS32, kF32},
                             {kS8, kF16}, {kS64, kF32}, {kBool, kF32}, {kF64, kF64}, {kF64, kF32}, {kC64, kC64},
                             {kU8, kBF16}, {kS32, kS32}};
    const float values[] = {3.0f, 0.1f, -2.5f, 7.0f, std::nanf(""), INFINITY, 0.0f, 1e-40f, 3e38f};
    std::mt19937 rng(2029);
    const std::vector<int64_t> sa = {5, 7};
    int compared = 0;
    for (Profile prof : kAllProfiles) {
        ProfileScope scope(prof);
        for (const auto& so : selves) {
            const int sd = so[0], od = so[1];
            if (!binref::Listed(prof, sd) || !binref::Listed(prof, od)) continue;
            const std::vector<uint8_t> xa = RandomBytes(sd, 35, rng);
            HostTensor ta = RawTensor(sa, static_cast<aclDataType>(sd), xa.data(), xa.size());
            const std::vector<uint8_t> none;
            const size_t item = DtSize(od);
            for (float v : values) {
                for (int scd : {kF32, kS64}) {
                    const int64_t iv = static_cast<int64_t>(std::isfinite(v) ? v : 7.0f);
                    const binref::Scalar sc{scd, scd == kS64 ? static_cast<double>(iv) : static_cast<double>(v)};
                    Scalar other(scd == kS64 ? static_cast<const void*>(&iv) : static_cast<const void*>(&v),
                                 static_cast<aclDataType>(scd));
                    HostTensor to = EmptyTensor(sa, static_cast<aclDataType>(od));
                    std::vector<uint8_t> want(35 * item, 0xA5);
                    const int expect = binref::Divs(prof, ViewOf(sd, sa, xa), sc, ViewOf(od, sa, none), want.data());
                    const std::string what = std::string("Divs ") + ProfileKey(prof) + " " + DtName(sd) + " / " +
                                             DtName(scd) + " " + std::to_string(sc.v) + "->" + DtName(od);
                    ASSERT_EQ(RunDivs(ta.tensor, other.s, to.tensor), expect) << what << ": " << LastError();
                    if (expect != 0) continue;
                    ASSERT_TRUE(SameAsModel(to, want, item, what));
                    ++compared;
                }
            }
        }
    }
    EXPECT_GT(compared, 400);
}

TEST(Binary, AddcdivMatchesTheModelInEveryProduct) {
    using namespace l1ref;
    const std::vector<Triple> cases = {{kF32, kF32, kF32, kF32}, {kF16, kF16, kF16, kF16}, {kBF16, kBF16, kBF16, kBF16},
                                       {kF16, kF32, kF16, kF32}, {kBF16, kBF16, kBF16, kF32}, {kS64, kS64, kS64, kS64},
                                       {kS64, kF16, kS64, kF32}, {kF64, kF64, kF32, kF64}, {kF16, kF16, kF16, kC64},
                                       {kS64, kS64, kS64, kF64}};
    EXPECT_GT(SweepTernary("Addcdiv", cases, {1.0f, 0.1f, -2.5f, 0.0f, std::nanf(""), 3e38f}, 2031, RunAddcdiv,
                           binref::Addcdiv),
              200);
}

}  // namespace
