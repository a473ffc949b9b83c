// aclnnNeg / aclnnInplaceNeg, aclnnAbs and aclnnSqrt / aclnnInplaceSqrt through the public API (docs/ops/neg.md,
// abs.md, sqrt.md): the values the table-driven sweep's small random inputs rarely reach - signed zeros, NaN
// payloads, infinities, subnormals, the integer minimum, the compute dtypes of an integral Sqrt (FLOAT, INT64 in
// DOUBLE), the plain Sqrt of FLOAT16 over every pattern against the independent model
// (tests/support/unary_reference.h) - and CANN's messages for each check in its order.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "aclnnop/aclnn_abs.h"
#include "aclnnop/aclnn_neg.h"
#include "aclnnop/aclnn_sqrt.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/test_util.h"
#include "support/unary_reference.h"

namespace {

using aclcpu_test::Download;
using aclcpu_test::EmptyTensor;
using aclcpu_test::ExpectFails;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;
using aclcpu_test::ProfileScope;
using aclcpu_test::RawTensor;
using aclcpu_test::RunPhases;
using l1ref::Profile;

constexpr int kNullptr = 161001;
constexpr int kInvalid = 161002;

const bool kQuietLog = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

int RunNeg(const aclTensor* s, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNegGetWorkspaceSize(s, o, ws, ex); }, aclnnNeg);
}
int RunInplaceNeg(aclTensor* s) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceNegGetWorkspaceSize(s, ws, ex); },
                     aclnnInplaceNeg);
}
int RunAbs(const aclTensor* s, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAbsGetWorkspaceSize(s, o, ws, ex); }, aclnnAbs);
}
int RunSqrt(const aclTensor* s, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSqrtGetWorkspaceSize(s, o, ws, ex); },
                     aclnnSqrt);
}
int RunInplaceSqrt(aclTensor* s) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceSqrtGetWorkspaceSize(s, ws, ex); },
                     aclnnInplaceSqrt);
}

template <typename T>
HostTensor Of(aclDataType dt, const std::vector<T>& v) {
    return aclcpu_test::VectorTensor(dt, v);
}

template <typename T>
std::vector<T> All(const HostTensor& t, size_t n) {
    return aclcpu_test::ReadBack<T>(t, n);
}

uint32_t U(float f) { return aclcpu_test::Bits(f); }
float F(uint32_t u) { return aclcpu_test::FromBits(u); }

// ------------------------------------------------------------------ Neg

// vneg flips the sign bit: -(+0) = -0 (0 - x would give +0), -(-0) = +0, infinities swap, a NaN keeps its payload
// with the sign flipped and the quiet bit set; subnormals stay.
TEST(Unary, NegFlipsTheSignBit) {
    const std::vector<uint32_t> in = {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00001u,
                                      0xFF812345u, 0x00000001u, 0x3FC00000u};
    const std::vector<uint32_t> want = {0x80000000u, 0x00000000u, 0xFF800000u, 0x7F800000u, 0xFFC00001u,
                                        0x7FC12345u, 0x80000001u, 0xBFC00000u};
    HostTensor x = Of<uint32_t>(ACL_FLOAT, in), out = EmptyTensor({8}, ACL_FLOAT);
    ASSERT_EQ(RunNeg(x.tensor, out.tensor), 0) << LastError();
    EXPECT_EQ(All<uint32_t>(out, 8), want);
    ASSERT_EQ(RunInplaceNeg(x.tensor), 0) << LastError();
    EXPECT_EQ(All<uint32_t>(x, 8), want);
}

// FLOAT16 and BF16 the same way (the BF16 kernel's float32 round trip is exact).
TEST(Unary, NegOf16BitFloats) {
    for (aclDataType dt : {ACL_FLOAT16, ACL_BF16}) {
        const std::vector<uint16_t> in = {0x0000u, 0x8000u, 0x0001u, 0x3C00u, 0x7C00u};
        HostTensor x = Of<uint16_t>(dt, in), out = EmptyTensor({5}, dt);
        ASSERT_EQ(RunNeg(x.tensor, out.tensor), 0) << LastError();
        EXPECT_EQ(All<uint16_t>(out, 5), (std::vector<uint16_t>{0x8000u, 0x0000u, 0x8001u, 0xBC00u, 0xFC00u}));
    }
}

// Integers negate with two's-complement wrap-around: the minimum stays itself (INT8, INT32: vneg; INT64: 0 - x).
TEST(Unary, NegWrapsTheIntegerMinimum) {
    HostTensor a = Of<int8_t>(ACL_INT8, {-128, 127, 0, -5}), ao = EmptyTensor({4}, ACL_INT8);
    ASSERT_EQ(RunNeg(a.tensor, ao.tensor), 0) << LastError();
    EXPECT_EQ(All<int8_t>(ao, 4), (std::vector<int8_t>{-128, -127, 0, 5}));
    HostTensor b = Of<int32_t>(ACL_INT32, {INT32_MIN, INT32_MAX}), bo = EmptyTensor({2}, ACL_INT32);
    ASSERT_EQ(RunNeg(b.tensor, bo.tensor), 0) << LastError();
    EXPECT_EQ(All<int32_t>(bo, 2), (std::vector<int32_t>{INT32_MIN, -INT32_MAX}));
    HostTensor c = Of<int64_t>(ACL_INT64, {INT64_MIN, 7}), co = EmptyTensor({2}, ACL_INT64);
    ASSERT_EQ(RunNeg(c.tensor, co.tensor), 0) << LastError();
    EXPECT_EQ(All<int64_t>(co, 2), (std::vector<int64_t>{INT64_MIN, -7}));
}

// Neg runs in self's dtype, then l0op::Cast to out's: -(2^24 + 1) as INT32 is exact, then rounds to FLOAT
// (to even: -2^24); INT8 -(-128) wraps before the cast to FLOAT (-128, not 128).
TEST(Unary, NegCastsToOutAfterNegating) {
    HostTensor a = Of<int32_t>(ACL_INT32, {16777217}), ao = EmptyTensor({1}, ACL_FLOAT);
    ASSERT_EQ(RunNeg(a.tensor, ao.tensor), 0) << LastError();
    EXPECT_EQ(All<float>(ao, 1)[0], -16777216.0f);
    HostTensor b = Of<int8_t>(ACL_INT8, {-128}), bo = EmptyTensor({1}, ACL_FLOAT);
    ASSERT_EQ(RunNeg(b.tensor, bo.tensor), 0) << LastError();
    EXPECT_EQ(All<float>(bo, 1)[0], -128.0f);
    HostTensor c = Of<float>(ACL_FLOAT, {1.00048828125f}), co = EmptyTensor({1}, ACL_FLOAT16);  // 1 + 2^-11: a tie
    ASSERT_EQ(RunNeg(c.tensor, co.tensor), 0) << LastError();
    EXPECT_EQ(All<uint16_t>(co, 1)[0], 0xBC00u);  // -1 (to even)
}

// Complex: both parts negated; DOUBLE the sign bit.
TEST(Unary, NegOfComplexAndDouble) {
    HostTensor a = Of<float>(ACL_COMPLEX64, {1.5f, -0.0f, 0.0f, 2.0f});
    HostTensor ao = EmptyTensor({2}, ACL_COMPLEX64);
    ASSERT_EQ(RunNeg(a.tensor, ao.tensor), 0) << LastError();
    const std::vector<uint32_t> got = All<uint32_t>(ao, 4);
    EXPECT_EQ(got, (std::vector<uint32_t>{U(-1.5f), 0x00000000u, 0x80000000u, U(-2.0f)}));
    HostTensor d = Of<double>(ACL_DOUBLE, {0.0, -3.25}), dout = EmptyTensor({2}, ACL_DOUBLE);
    ASSERT_EQ(RunNeg(d.tensor, dout.tensor), 0) << LastError();
    const std::vector<double> dv = All<double>(dout, 2);
    EXPECT_TRUE(std::signbit(dv[0]));
    EXPECT_EQ(dv[1], 3.25);
}

// CANN's messages in aclnn_neg.cpp's order: nulls, the dtype list, the cast to out, dims, then the shape.
TEST(Unary, NegMessages) {
    HostTensor f = EmptyTensor({2}, ACL_FLOAT), i16 = EmptyTensor({2}, ACL_INT16), i32 = EmptyTensor({2}, ACL_INT32);
    HostTensor f3 = EmptyTensor({3}, ACL_FLOAT), b = EmptyTensor({2}, ACL_BF16);
    HostTensor d9 = EmptyTensor({1, 1, 1, 1, 1, 1, 1, 1, 1}, ACL_FLOAT);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNegGetWorkspaceSize(nullptr, f.tensor, ws, ex); }, kNullptr,
                "Expected a value of type [aclTensor] for argument [self] but instead found nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNegGetWorkspaceSize(f.tensor, nullptr, ws, ex); }, kNullptr,
                "Expected a value of type [aclTensor] for argument [out] but instead found nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNegGetWorkspaceSize(i16.tensor, i16.tensor, ws, ex); }, kInvalid,
                "Self dtype DT_INT16 should be in dtype support list");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNegGetWorkspaceSize(f.tensor, i32.tensor, ws, ex); }, kInvalid,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNegGetWorkspaceSize(d9.tensor, d9.tensor, ws, ex); }, kInvalid,
                "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNegGetWorkspaceSize(f.tensor, f3.tensor, ws, ex); }, kInvalid,
                "Expected tensor for self to have same size as tensor for out, but [2] does not equal [3].");
    {
        ProfileScope scope(Profile::kAscend910);  // no BF16 before Atlas A2
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNegGetWorkspaceSize(b.tensor, b.tensor, ws, ex); }, kInvalid,
                    "Self dtype DT_BF16 should be in dtype support list");
    }
}

// ------------------------------------------------------------------ Abs

// vabs clears the sign bit (|-0| = +0, |-inf| = inf, a NaN positive and quiet); integers wrap (|INT_MIN| stays);
// UINT8 and BOOL are copies.
TEST(Unary, AbsClearsTheSignBitAndWrapsIntegers) {
    HostTensor f = Of<uint32_t>(ACL_FLOAT, {0x80000000u, 0xFF800000u, 0xFF812345u, 0x80000001u, 0xC0400000u});
    HostTensor fo = EmptyTensor({5}, ACL_FLOAT);
    ASSERT_EQ(RunAbs(f.tensor, fo.tensor), 0) << LastError();
    EXPECT_EQ(All<uint32_t>(fo, 5),
              (std::vector<uint32_t>{0x00000000u, 0x7F800000u, 0x7FC12345u, 0x00000001u, 0x40400000u}));
    HostTensor a = Of<int8_t>(ACL_INT8, {-128, -1, 5}), ao = EmptyTensor({3}, ACL_INT8);
    ASSERT_EQ(RunAbs(a.tensor, ao.tensor), 0) << LastError();
    EXPECT_EQ(All<int8_t>(ao, 3), (std::vector<int8_t>{-128, 1, 5}));
    HostTensor s = Of<int16_t>(ACL_INT16, {INT16_MIN, -300}), so = EmptyTensor({2}, ACL_INT16);
    ASSERT_EQ(RunAbs(s.tensor, so.tensor), 0) << LastError();
    EXPECT_EQ(All<int16_t>(so, 2), (std::vector<int16_t>{INT16_MIN, 300}));
    HostTensor l = Of<int64_t>(ACL_INT64, {INT64_MIN, -9}), lo = EmptyTensor({2}, ACL_INT64);
    ASSERT_EQ(RunAbs(l.tensor, lo.tensor), 0) << LastError();
    EXPECT_EQ(All<int64_t>(lo, 2), (std::vector<int64_t>{INT64_MIN, 9}));
    HostTensor u = Of<uint8_t>(ACL_UINT8, {0, 200, 255}), uo = EmptyTensor({3}, ACL_UINT8);
    ASSERT_EQ(RunAbs(u.tensor, uo.tensor), 0) << LastError();
    EXPECT_EQ(All<uint8_t>(uo, 3), (std::vector<uint8_t>{0, 200, 255}));
    HostTensor bl = Of<uint8_t>(ACL_BOOL, {0, 1}), blo = EmptyTensor({2}, ACL_BOOL);
    ASSERT_EQ(RunAbs(bl.tensor, blo.tensor), 0) << LastError();
    EXPECT_EQ(All<uint8_t>(blo, 2), (std::vector<uint8_t>{0, 1}));
}

// CANN's messages in aclnn_abs.cpp's order: nulls, the list, out's dtype (naming self, expecting out's dtype), the
// storage formats (CANN prints the storage shapes there), a private format, dims, the shape; beyond CANN a complex
// self is refused as not implemented.
TEST(Unary, AbsMessages) {
    HostTensor f = EmptyTensor({2}, ACL_FLOAT), h = EmptyTensor({2}, ACL_FLOAT16), f3 = EmptyTensor({3}, ACL_FLOAT);
    HostTensor c = EmptyTensor({2}, ACL_COMPLEX64), u16 = EmptyTensor({2}, ACL_UINT16);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAbsGetWorkspaceSize(nullptr, f.tensor, ws, ex); }, kNullptr,
                "Expected a value of type [aclTensor] for argument [self] but instead found nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAbsGetWorkspaceSize(f.tensor, nullptr, ws, ex); }, kNullptr,
                "Expected a value of type [aclTensor] for argument [out] but instead found nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAbsGetWorkspaceSize(u16.tensor, u16.tensor, ws, ex); }, kInvalid,
                "Tensor self not implemented for DT_UINT16, should be in dtype support list");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAbsGetWorkspaceSize(c.tensor, f.tensor, ws, ex); }, kInvalid,
                "aclnnAbs of a complex self (DT_COMPLEX64) is not implemented by aclcpu.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAbsGetWorkspaceSize(f.tensor, h.tensor, ws, ex); }, kInvalid,
                "Tensor self expected dtype is DT_FLOAT16 but found DT_FLOAT.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAbsGetWorkspaceSize(f.tensor, f3.tensor, ws, ex); }, kInvalid,
                "Expected tensor for self to have same size as tensor for out, but [2] does not equal [3].");
    // out's storage format NCHW against self's ND
    const int64_t shape[1] = {2}, strides[1] = {1};
    void* data = nullptr;
    aclGetRawTensorAddr(f.tensor, &data);
    aclTensor* nchw = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_NCHW, shape, 1, data);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAbsGetWorkspaceSize(f.tensor, nchw, ws, ex); }, kInvalid,
                "Format of input and output should be equal. self [[2]], out [[2]].");
    aclTensor* nz = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_FRACTAL_NZ, shape, 1, data);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAbsGetWorkspaceSize(nz, nz, ws, ex); }, kInvalid, "Format only support ND");
    aclDestroyTensor(nchw);
    aclDestroyTensor(nz);
}

// ------------------------------------------------------------------ Sqrt

// FLOAT: the 0-ULP square root - correctly rounded, subnormal inputs kept (sqrt(2^-149) = 2^-74.5, rounded),
// sqrt(-0) = -0, sqrt(inf) = inf; a negative input or -inf the default NaN, a NaN input quieted.
TEST(Unary, SqrtOfFloatIsCorrectlyRoundedWithSubnormals) {
    const std::vector<float> in = {F(0x00000001u), -0.0f, INFINITY, -1.0f, -INFINITY, F(0x7F800001u), 2.0f, 0.25f};
    HostTensor x = Of<float>(ACL_FLOAT, in), out = EmptyTensor({8}, ACL_FLOAT);
    ASSERT_EQ(RunSqrt(x.tensor, out.tensor), 0) << LastError();
    const std::vector<uint32_t> got = All<uint32_t>(out, 8);
    EXPECT_EQ(got[0], U(static_cast<float>(std::sqrt(std::ldexp(1.0, -149)))));
    EXPECT_EQ(got[1], 0x80000000u);
    EXPECT_EQ(got[2], 0x7F800000u);
    EXPECT_EQ(got[3], 0x7FC00000u);
    EXPECT_EQ(got[4], 0x7FC00000u);
    EXPECT_EQ(got[5], 0x7FC00001u);
    EXPECT_EQ(got[6], U(std::sqrt(2.0f)));
    EXPECT_EQ(got[7], U(0.5f));
    ASSERT_EQ(RunInplaceSqrt(x.tensor), 0) << LastError();
    EXPECT_EQ(All<uint32_t>(x, 8), got);
}

// BF16: the plain Sqrt on the widened value, with no subnormals: a BF16 subnormal input is flushed to zero of its
// sign; FLOAT16's smallest subnormal is a normal float32 and has its root.
TEST(Unary, SqrtFlushesBf16SubnormalInputs) {
    HostTensor b = Of<uint16_t>(ACL_BF16, {0x0001u, 0x8001u, 0x0080u}), bo = EmptyTensor({3}, ACL_BF16);
    ASSERT_EQ(RunSqrt(b.tensor, bo.tensor), 0) << LastError();
    // 2^-126 (the smallest normal, 0x0080) has the root 2^-63 (0x2000)
    EXPECT_EQ(All<uint16_t>(bo, 3), (std::vector<uint16_t>{0x0000u, 0x8000u, 0x2000u}));
    HostTensor h = Of<uint16_t>(ACL_FLOAT16, {0x0001u}), ho = EmptyTensor({1}, ACL_FLOAT);
    ASSERT_EQ(RunSqrt(h.tensor, ho.tensor), 0) << LastError();
    EXPECT_EQ(All<float>(ho, 1)[0], 0.000244140625f);  // sqrt(2^-24) = 2^-12, in FLOAT16 then cast to FLOAT
}

// Every FLOAT16 pattern (and every BF16 one) against the model: the correctly rounded root of each value.
TEST(Unary, SqrtOfEvery16BitPatternMatchesTheModel) {
    for (aclDataType dt : {ACL_FLOAT16, ACL_BF16}) {
        std::vector<uint16_t> in(65536);
        for (uint32_t i = 0; i < 65536; ++i) in[i] = static_cast<uint16_t>(i);
        HostTensor x = Of<uint16_t>(dt, in), out = EmptyTensor({65536}, dt);
        ASSERT_EQ(RunSqrt(x.tensor, out.tensor), 0) << LastError();
        const std::vector<uint16_t> got = All<uint16_t>(out, 65536);
        l1ref::View v;
        v.dtype = dt == ACL_FLOAT16 ? l1ref::kF16 : l1ref::kBF16;
        v.shape = {65536};
        v.strides = {1};
        v.storage = {65536};
        v.data = reinterpret_cast<const uint8_t*>(in.data());
        std::vector<uint16_t> want(65536);
        ASSERT_EQ(unref::Unary(unref::Op::kSqrt, Profile::kAscend950, v, v, reinterpret_cast<uint8_t*>(want.data())), 0);
        int diffs = 0;
        for (uint32_t i = 0; i < 65536; ++i) {
            if (got[i] != want[i] && ++diffs <= 5) {
                ADD_FAILURE() << "dtype " << dt << " input 0x" << std::hex << i << ": 0x" << got[i] << " vs 0x" << want[i];
            }
        }
        EXPECT_EQ(diffs, 0);
    }
}

// An integral self runs in FLOAT (RNE from the integer), INT64 in DOUBLE (the AI CPU kernel): sqrt(2^53 + 2) is
// taken of 2^53 + 2 exactly (FLOAT would take it of 2^53); BOOL gives 0 and 1; the FLOAT result cast to out.
TEST(Unary, SqrtOfIntegersRunsInFloatAndInt64InDouble) {
    HostTensor l = Of<int64_t>(ACL_INT64, {(int64_t{1} << 53) + 2}), lo = EmptyTensor({1}, ACL_DOUBLE);
    ASSERT_EQ(RunSqrt(l.tensor, lo.tensor), 0) << LastError();
    EXPECT_EQ(All<double>(lo, 1)[0], std::sqrt(9007199254740994.0));
    HostTensor i = Of<int32_t>(ACL_INT32, {16777217, 2, -4}), io = EmptyTensor({3}, ACL_DOUBLE);
    ASSERT_EQ(RunSqrt(i.tensor, io.tensor), 0) << LastError();
    const std::vector<double> iv = All<double>(io, 3);
    EXPECT_EQ(iv[0], 4096.0);  // 16777217 -> 16777216.0f first
    EXPECT_EQ(iv[1], static_cast<double>(std::sqrt(2.0f)));
    EXPECT_TRUE(std::isnan(iv[2]));
    HostTensor b = Of<uint8_t>(ACL_BOOL, {0, 1}), bo = EmptyTensor({2}, ACL_FLOAT16);
    ASSERT_EQ(RunSqrt(b.tensor, bo.tensor), 0) << LastError();
    EXPECT_EQ(All<uint16_t>(bo, 2), (std::vector<uint16_t>{0x0000u, 0x3C00u}));
}

// CANN's messages in aclnn_sqrt.cpp's order: workspace arguments, nulls named t0 / t1 (CheckNotNull2Tensor's
// parameters), the list, the cast type (FLOAT for an integral self) to out, the shape, then dims; an integral
// tensor in place fails the cast.
TEST(Unary, SqrtMessages) {
    HostTensor f = EmptyTensor({2}, ACL_FLOAT), i32 = EmptyTensor({2}, ACL_INT32), f3 = EmptyTensor({3}, ACL_FLOAT);
    HostTensor u16 = EmptyTensor({2}, ACL_UINT16), c = EmptyTensor({2}, ACL_COMPLEX64);
    HostTensor d9 = EmptyTensor({1, 1, 1, 1, 1, 1, 1, 1, 1}, ACL_FLOAT);
    ExpectFails([&](uint64_t*, aclOpExecutor** ex) { return aclnnSqrtGetWorkspaceSize(f.tensor, f.tensor, nullptr, ex); }, kNullptr,
                "The workspaceSize or executor is nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSqrtGetWorkspaceSize(nullptr, f.tensor, ws, ex); }, kNullptr,
                "Expected a value of type [aclTensor] for argument [t0] but instead found nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSqrtGetWorkspaceSize(f.tensor, nullptr, ws, ex); }, kNullptr,
                "Expected a value of type [aclTensor] for argument [t1] but instead found nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSqrtGetWorkspaceSize(u16.tensor, f.tensor, ws, ex); }, kInvalid,
                "Tensor self not implemented for DT_UINT16, should be in dtype support list");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSqrtGetWorkspaceSize(i32.tensor, i32.tensor, ws, ex); }, kInvalid,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSqrtGetWorkspaceSize(c.tensor, f.tensor, ws, ex); }, kInvalid,
                "Result type DT_COMPLEX64 can't be cast to the desired output type DT_FLOAT.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSqrtGetWorkspaceSize(f.tensor, f3.tensor, ws, ex); }, kInvalid,
                "Expected tensor for self to have same size as tensor for out, but [2] does not equal [3].");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSqrtGetWorkspaceSize(d9.tensor, d9.tensor, ws, ex); }, kInvalid,
                "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceSqrtGetWorkspaceSize(i32.tensor, ws, ex); }, kInvalid,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
}

// Complex: the AI CPU kernel's std::sqrt of the complex value (sqrt(-4) = 2i).
TEST(Unary, SqrtOfComplex) {
    HostTensor c = Of<float>(ACL_COMPLEX64, {-4.0f, 0.0f, 3.0f, 4.0f}), co = EmptyTensor({2}, ACL_COMPLEX64);
    ASSERT_EQ(RunSqrt(c.tensor, co.tensor), 0) << LastError();
    const std::vector<float> v = All<float>(co, 4);
    EXPECT_EQ(v[0], 0.0f);
    EXPECT_EQ(v[1], 2.0f);
    EXPECT_EQ(v[2], 2.0f);
    EXPECT_EQ(v[3], 1.0f);
}

// A repeatable in-place executor re-addressed through its input alone: CANN's input and output are one aclTensor, so
// the call reads and writes the new block (the old one keeps its values).
TEST(Unary, InplaceExecutorReaddressedThroughItsInputMovesBoth) {
    HostTensor a = Of<float>(ACL_FLOAT, {1.0f, 2.0f}), b = Of<float>(ACL_FLOAT, {5.0f, -6.0f});
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnInplaceNegGetWorkspaceSize(a.tensor, &ws, &ex), 0) << LastError();
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0);
    ASSERT_EQ(ws, 0u);
    void* pb = nullptr;
    aclGetRawTensorAddr(b.tensor, &pb);
    ASSERT_EQ(aclSetInputTensorAddr(ex, 0, nullptr, pb), 0) << LastError();
    ASSERT_EQ(aclnnInplaceNeg(nullptr, 0, ex, nullptr), 0) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
    EXPECT_EQ(All<float>(b, 2), (std::vector<float>{-5.0f, 6.0f}));
    EXPECT_EQ(All<float>(a, 2), (std::vector<float>{1.0f, 2.0f}));
    aclDestroyAclOpExecutor(ex);
}

}  // namespace
