// aclnnInplaceZero, aclnnInplaceOne and aclnnInplaceFillScalar through the public API (docs/ops/fill.md): the tensor
// is never read (a NaN becomes 0, a strided view's gaps keep their bytes), each dtype's one, the value's conversion
// to selfRef's dtype as opbase converts a scalar (truncation into integers, the FLOAT16 NaN and overflow rules, BF16
// through FLOAT, BOOL's FLT_EPSILON test, a complex value into a real tensor), the unsigned dtypes' promote rule, and
// CANN's messages - with every value also checked against the independent model (tests/support/fill_reference.h).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "aclnnop/aclnn_fill_scalar.h"
#include "aclnnop/aclnn_ones.h"
#include "aclnnop/aclnn_zero.h"
#include "support/fill_reference.h"
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

constexpr int kNullptr = 161001;
constexpr int kInvalid = 161002;

const bool kQuietLog = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

int RunZero(aclTensor* t) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceZeroGetWorkspaceSize(t, ws, ex); },
                     aclnnInplaceZero);
}
int RunOne(aclTensor* t) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceOneGetWorkspaceSize(t, ws, ex); },
                     aclnnInplaceOne);
}
int RunFill(aclTensor* t, const aclScalar* v) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceFillScalarGetWorkspaceSize(t, v, ws, ex); },
        aclnnInplaceFillScalar);
}

std::vector<uint8_t> Bytes(const HostTensor& t, size_t n) {
    void* p = nullptr;
    aclGetRawTensorAddr(t.tensor, &p);
    return Download<uint8_t>(p, n);
}

template <typename T>
std::vector<uint8_t> Of(T v) {
    std::vector<uint8_t> b(sizeof v);
    std::memcpy(b.data(), &v, sizeof v);
    return b;
}

/// Fills a 3-element tensor of dtype dt (bytes 0xA5) with the scalar (v, sdt) and returns element 1's bytes (after
/// checking the three are equal), checking them against the model too.
std::vector<uint8_t> FillOne(aclDataType dt, const void* v, aclDataType sdt, long double model_v) {
    HostTensor t = EmptyTensor({3}, dt);
    Scalar s(v, sdt);
    EXPECT_EQ(RunFill(t.tensor, s.s), 0) << LastError();
    const size_t item = aclDataTypeSize(dt);
    const std::vector<uint8_t> all = Bytes(t, 3 * item);
    const std::vector<uint8_t> e(all.begin() + static_cast<long>(item), all.begin() + static_cast<long>(2 * item));
    EXPECT_TRUE(std::equal(all.begin(), all.begin() + static_cast<long>(item), e.begin()));
    const std::vector<uint8_t> want = fillref::Element(fillref::Value{static_cast<int>(sdt), model_v}, static_cast<int>(dt));
    EXPECT_EQ(e, want) << "model, dtype " << dt << " from " << sdt;
    return e;
}

// ZerosLike does not read the tensor: NaNs, infinities and -0 become +0; a strided view writes its elements only.
TEST(Fill, ZeroWritesZeroBytesAndOnlyTheView) {
    const std::vector<float> v = {NAN, -INFINITY, -0.0f, 5.0f, 6.0f, 7.0f};
    HostTensor t = RawTensor({6}, ACL_FLOAT, v.data(), 24);
    void* data = nullptr;
    aclGetRawTensorAddr(t.tensor, &data);
    const int64_t three[1] = {3}, six[1] = {6}, st[1] = {2};
    aclTensor* view = aclCreateTensor(three, 1, ACL_FLOAT, st, 0, ACL_FORMAT_ND, six, 1, data);  // elements 0, 2, 4
    ASSERT_EQ(RunZero(view), 0) << LastError();
    const std::vector<float> got = Download<float>(data, 6);
    EXPECT_EQ(aclcpu_test::Bits(got[0]), 0u);
    EXPECT_EQ(aclcpu_test::Bits(got[1]), 0xFF800000u);  // a gap: untouched
    EXPECT_EQ(aclcpu_test::Bits(got[2]), 0u);
    EXPECT_EQ(got[3], 5.0f);
    EXPECT_EQ(aclcpu_test::Bits(got[4]), 0u);
    EXPECT_EQ(got[5], 7.0f);
    aclDestroyTensor(view);
    for (aclDataType dt : {ACL_COMPLEX128, ACL_UINT16, ACL_BOOL, ACL_BF16}) {
        HostTensor x = EmptyTensor({4}, dt);
        ASSERT_EQ(RunZero(x.tensor), 0) << LastError();
        EXPECT_EQ(Bytes(x, 4 * aclDataTypeSize(dt)), std::vector<uint8_t>(4 * aclDataTypeSize(dt), 0));
    }
}

// OnesLike: the dtype's 1 (FLOAT16 0x3C00, BF16 0x3F80, BOOL true), whatever the tensor held.
TEST(Fill, OneIsEachDtypesOne) {
    struct Case {
        aclDataType dt;
        std::vector<uint8_t> one;
    };
    const Case cases[] = {{ACL_FLOAT, Of<float>(1.0f)},     {ACL_FLOAT16, Of<uint16_t>(0x3C00u)},
                          {ACL_BF16, Of<uint16_t>(0x3F80u)}, {ACL_DOUBLE, Of<double>(1.0)},
                          {ACL_INT8, Of<int8_t>(1)},         {ACL_INT64, Of<int64_t>(1)},
                          {ACL_BOOL, Of<uint8_t>(1)},        {ACL_UINT8, Of<uint8_t>(1)}};
    for (const Case& c : cases) {
        HostTensor x = EmptyTensor({2}, c.dt);
        ASSERT_EQ(RunOne(x.tensor), 0) << LastError();
        std::vector<uint8_t> want = c.one;
        want.insert(want.end(), c.one.begin(), c.one.end());
        EXPECT_EQ(Bytes(x, want.size()), want) << c.dt;
    }
}

// The value's conversion to selfRef's dtype (opbase's To<T>): a floating value into an integer truncated toward zero,
// an integer narrowed modulo its width, a FLOAT value out of INT8's range through 32 bits (300.7 -> 300 -> 44).
TEST(Fill, ScalarIntoIntegersTruncatesAndWraps) {
    const float f27 = 2.7f, fm27 = -2.7f, f300 = 300.7f, fnan = NAN, fbig = 1e20f;
    const int64_t i300 = 300, im1 = -1;
    EXPECT_EQ(FillOne(ACL_INT32, &f27, ACL_FLOAT, f27), Of<int32_t>(2));
    EXPECT_EQ(FillOne(ACL_INT32, &fm27, ACL_FLOAT, fm27), Of<int32_t>(-2));
    EXPECT_EQ(FillOne(ACL_INT8, &f300, ACL_FLOAT, f300), Of<int8_t>(44));
    EXPECT_EQ(FillOne(ACL_INT8, &i300, ACL_INT64, 300), Of<int8_t>(44));
    EXPECT_EQ(FillOne(ACL_UINT8, &im1, ACL_INT64, -1), Of<uint8_t>(255));
    EXPECT_EQ(FillOne(ACL_INT32, &fnan, ACL_FLOAT, fnan), Of<int32_t>(0));
    EXPECT_EQ(FillOne(ACL_INT32, &fbig, ACL_FLOAT, fbig), Of<int32_t>(INT32_MAX));   // an aarch64 host saturates
    EXPECT_EQ(FillOne(ACL_INT64, &fbig, ACL_FLOAT, fbig), Of<int64_t>(INT64_MAX));
}

// FLOAT16: one rounding to nearest even from the value (65519 -> 65504, 65520 -> inf), an integer beyond INT32 +-inf,
// NaN the sign with 0x7FFF; BF16: through FLOAT, NaN 0x7FC0 (positive); BOOL: |v| >= FLT_EPSILON (NaN false).
TEST(Fill, ScalarIntoFloat16Bf16AndBool) {
    const float f65519 = 65519.0f, f65520 = 65520.0f, fnan = -NAN, tiny = 1e-8f, eps = 1.1920929e-07f;
    const int64_t big = int64_t{1} << 40;
    const double dnan = -NAN;
    // 1 + 2^-8 + 2^-30 in DOUBLE: to FLOAT 1 + 2^-8 (a tie for BF16), then to even: 1.0 (0x3F80); one rounding from
    // the double would give 0x3F81
    const double d = 1.0 + std::ldexp(1.0, -8) + std::ldexp(1.0, -30);
    EXPECT_EQ(FillOne(ACL_FLOAT16, &f65519, ACL_FLOAT, f65519), Of<uint16_t>(0x7BFFu));
    EXPECT_EQ(FillOne(ACL_FLOAT16, &f65520, ACL_FLOAT, f65520), Of<uint16_t>(0x7C00u));
    EXPECT_EQ(FillOne(ACL_FLOAT16, &big, ACL_INT64, static_cast<long double>(big)), Of<uint16_t>(0x7C00u));
    EXPECT_EQ(FillOne(ACL_FLOAT16, &fnan, ACL_FLOAT, fnan), Of<uint16_t>(0xFFFFu));
    EXPECT_EQ(FillOne(ACL_FLOAT16, &dnan, ACL_DOUBLE, dnan), Of<uint16_t>(0xFFFFu));
    EXPECT_EQ(FillOne(ACL_BF16, &fnan, ACL_FLOAT, fnan), Of<uint16_t>(0x7FC0u));
    EXPECT_EQ(FillOne(ACL_BF16, &d, ACL_DOUBLE, d), Of<uint16_t>(0x3F80u));
    EXPECT_EQ(FillOne(ACL_BOOL, &tiny, ACL_FLOAT, tiny), Of<uint8_t>(0));
    EXPECT_EQ(FillOne(ACL_BOOL, &eps, ACL_FLOAT, eps), Of<uint8_t>(1));
    EXPECT_EQ(FillOne(ACL_BOOL, &fnan, ACL_FLOAT, fnan), Of<uint8_t>(0));
}

// A complex value passes PromoteType with any dtype; into a real tensor opbase's conversion gives 0. Into a complex
// tensor: (re, im).
TEST(Fill, ComplexValue) {
    const float c[2] = {1.5f, 2.0f};
    HostTensor f = EmptyTensor({2}, ACL_FLOAT), z = EmptyTensor({2}, ACL_COMPLEX64);
    Scalar s(c, ACL_COMPLEX64);
    ASSERT_EQ(RunFill(f.tensor, s.s), 0) << LastError();
    EXPECT_EQ(Bytes(f, 8), std::vector<uint8_t>(8, 0));
    ASSERT_EQ(RunFill(z.tensor, s.s), 0) << LastError();
    void* p = nullptr;
    aclGetRawTensorAddr(z.tensor, &p);
    EXPECT_EQ(Download<float>(p, 4), (std::vector<float>{1.5f, 2.0f, 1.5f, 2.0f}));
}

// UINT16/32/64 tensors (Ascend 950, Atlas A2/A3): PromoteType with anything but their own dtype or complex is
// undefined - a FLOAT value is refused, a value of the tensor's dtype accepted.
TEST(Fill, UnsignedDtypesNeedTheirOwnValue) {
    HostTensor t = EmptyTensor({2}, ACL_UINT16);
    Scalar f(1.0f);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceFillScalarGetWorkspaceSize(t.tensor, f.s, ws, ex); },
                kInvalid, "Self dtype DT_UINT16 and value dtype DT_FLOAT can not promote dtype.");
    const uint16_t u = 65535;
    EXPECT_EQ(FillOne(ACL_UINT16, &u, ACL_UINT16, 65535), Of<uint16_t>(65535));
    const uint64_t big = ~uint64_t{0};
    HostTensor t64 = EmptyTensor({2}, ACL_UINT64);
    Scalar s64(&big, ACL_UINT64);
    ASSERT_EQ(RunFill(t64.tensor, s64.s), 0) << LastError();
    EXPECT_EQ(Bytes(t64, 16), std::vector<uint8_t>(16, 0xFF));
    ProfileScope scope(Profile::kAscend310P);  // no unsigned 16-64-bit dtypes before Atlas A2
    HostTensor u64 = EmptyTensor({2}, ACL_UINT64);
    Scalar s310(&big, ACL_UINT64);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceFillScalarGetWorkspaceSize(u64.tensor, s310.s, ws, ex); },
                kInvalid, "Tensor self not implemented for DT_UINT64, should be in dtype support list");
}

// CANN's messages and order: InplaceZero and InplaceOne name `self` (their helper's parameter), InplaceFillScalar
// `selfRef` then `value`; the dtype lists; InplaceOne's 8 dims; a refused call writes nothing.
TEST(Fill, Messages) {
    HostTensor f = EmptyTensor({2}, ACL_FLOAT), u32 = EmptyTensor({2}, ACL_UINT32), c = EmptyTensor({2}, ACL_COMPLEX64);
    HostTensor d9 = EmptyTensor({1, 1, 1, 1, 1, 1, 1, 1, 1}, ACL_FLOAT);
    Scalar one(1.0f);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceZeroGetWorkspaceSize(nullptr, ws, ex); },
                kNullptr, "Expected a value of type [aclTensor] for argument [self] but instead found nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceZeroGetWorkspaceSize(u32.tensor, ws, ex); },
                kInvalid, "Tensor self not implemented for DT_UINT32, should be in dtype support list");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceOneGetWorkspaceSize(nullptr, ws, ex); },
                kNullptr, "Expected a value of type [aclTensor] for argument [self] but instead found nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceOneGetWorkspaceSize(c.tensor, ws, ex); },
                kInvalid, "Tensor self not implemented for DT_COMPLEX64, should be in dtype support list");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceOneGetWorkspaceSize(d9.tensor, ws, ex); },
                kInvalid, "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceFillScalarGetWorkspaceSize(nullptr, one.s, ws, ex); },
                kNullptr, "Expected a value of type [aclTensor] for argument [selfRef] but instead found nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceFillScalarGetWorkspaceSize(f.tensor, nullptr, ws, ex); },
                kNullptr, "Expected a value of type [aclScalar] for argument [value] but instead found nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceFillScalarGetWorkspaceSize(d9.tensor, one.s, ws, ex); },
                kInvalid, "The self tensor cannot be larger than 8 dimensions.");
    EXPECT_EQ(Bytes(u32, 8), std::vector<uint8_t>(8, 0xA5));  // refused calls wrote nothing
    EXPECT_EQ(Bytes(c, 16), std::vector<uint8_t>(16, 0xA5));
    {
        ProfileScope scope(Profile::kAscend910);
        HostTensor b = EmptyTensor({2}, ACL_BF16);
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceOneGetWorkspaceSize(b.tensor, ws, ex); },
                    kInvalid, "Tensor self not implemented for DT_BF16, should be in dtype support list");
        ASSERT_EQ(RunZero(b.tensor), 0) << LastError();  // CANN's InplaceZero list holds BF16 on every product
    }
}

}  // namespace
