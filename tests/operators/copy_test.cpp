// aclnnInplaceCopy through the public API (docs/ops/copy.md): the Cast kernel's per-pair rules by hand (floating to
// narrow integers through 32 bits and their low bits, UINT8 through 64, NaN 0, INT32 to FLOAT16 through FLOAT, BOOL,
// complex), broadcasting into a strided selfRef, a src overlapping selfRef, CANN's messages, and every pair of the
// 15 dtypes with random values and the IEEE specials against the independent model (tests/support/copy_reference.h).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_cast.h"
#include "aclnnop/aclnn_copy.h"
#include "support/copy_reference.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::Download;
using aclcpu_test::EmptyTensor;
using aclcpu_test::ExpectFails;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;
using aclcpu_test::RawTensor;
using aclcpu_test::RunPhases;

constexpr int kNullptr = 161001;
constexpr int kInvalid = 161002;

const bool kQuietLog = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

int RunCopy(aclTensor* self, const aclTensor* src) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceCopyGetWorkspaceSize(self, src, ws, ex); },
                     aclnnInplaceCopy);
}

template <typename T>
HostTensor Of(aclDataType dt, const std::vector<T>& v) {
    return aclcpu_test::VectorTensor(dt, v);
}

template <typename T>
std::vector<T> All(const HostTensor& t, size_t n) {
    return aclcpu_test::ReadBack<T>(t, n);
}

// Floating to integers: toward zero, NaN 0; INT8 / INT16 take the low bits of the 32-bit saturated value (300.7 -> 44,
// -129.5 -> 127, 1e10 -> INT32_MAX's low byte 0xFF = -1); UINT8 from FLOAT goes through 64 bits (-1.5 -> 255, 1e10 ->
// 10000000000's low byte 0x00); INT32 saturates.
TEST(Copy, FloatingToIntegersTruncateSaturateAndWrap) {
    HostTensor src = Of<float>(ACL_FLOAT, {300.7f, -129.5f, 1e10f, NAN, -1.5f, 2.9f});
    HostTensor i8 = EmptyTensor({6}, ACL_INT8), u8 = EmptyTensor({6}, ACL_UINT8), i32 = EmptyTensor({6}, ACL_INT32);
    ASSERT_EQ(RunCopy(i8.tensor, src.tensor), 0) << LastError();
    EXPECT_EQ(All<int8_t>(i8, 6), (std::vector<int8_t>{44, 127, -1, 0, -1, 2}));
    ASSERT_EQ(RunCopy(u8.tensor, src.tensor), 0) << LastError();
    EXPECT_EQ(All<uint8_t>(u8, 6), (std::vector<uint8_t>{44, 127, 0, 0, 255, 2}));
    ASSERT_EQ(RunCopy(i32.tensor, src.tensor), 0) << LastError();
    EXPECT_EQ(All<int32_t>(i32, 6), (std::vector<int32_t>{300, -129, INT32_MAX, 0, -1, 2}));
    // FLOAT16 to UINT8 goes through 32 bits (every FLOAT16 fits: the same values)
    HostTensor h = Of<uint16_t>(ACL_FLOAT16, {0xBE00u, 0x5C00u});  // -1.5, 256
    HostTensor hu = EmptyTensor({2}, ACL_UINT8);
    ASSERT_EQ(RunCopy(hu.tensor, h.tensor), 0) << LastError();
    EXPECT_EQ(All<uint8_t>(hu, 2), (std::vector<uint8_t>{255, 0}));
}

// Integers to FLOAT16 / BF16: INT32 goes through FLOAT, two roundings: 2^24 + 2^13 + 1 rounds to 2^24 + 2^13 in FLOAT,
// a tie that FLOAT16 rounds to even (2^24 overflows FLOAT16: inf either way, so BF16 shows it: 0x4B80 vs 0x4B81);
// INT16 converts once. Anything to BOOL: x != 0 (NaN true, -0 false).
TEST(Copy, IntegersToHalfTypesAndBool) {
    HostTensor i = Of<int32_t>(ACL_INT32, {(1 << 24) + (1 << 16) + 1, 3});
    HostTensor b = EmptyTensor({2}, ACL_BF16);
    ASSERT_EQ(RunCopy(b.tensor, i.tensor), 0) << LastError();
    // 2^24 + 2^16 + 1: FLOAT 2^24 + 2^16 (the +1 lost), an exact tie for BF16 (8 bits), to even: 2^24 (0x4B80); one
    // rounding from the integer would go up to 0x4B81
    EXPECT_EQ(All<uint16_t>(b, 2), (std::vector<uint16_t>{0x4B80u, 0x4040u}));
    HostTensor f = Of<float>(ACL_FLOAT, {NAN, -0.0f, 0.5f, 0.0f});
    HostTensor bo = EmptyTensor({4}, ACL_BOOL);
    ASSERT_EQ(RunCopy(bo.tensor, f.tensor), 0) << LastError();
    EXPECT_EQ(All<uint8_t>(bo, 4), (std::vector<uint8_t>{1, 0, 1, 0}));
    HostTensor n = Of<int16_t>(ACL_INT16, {-300, 255}), nu = EmptyTensor({2}, ACL_UINT8);
    ASSERT_EQ(RunCopy(nu.tensor, n.tensor), 0) << LastError();
    EXPECT_EQ(All<uint8_t>(nu, 2), (std::vector<uint8_t>{212, 255}));  // the low bits
}

// Complex to real: the real part; real to complex: (x, 0).
TEST(Copy, ComplexAndReal) {
    HostTensor c = Of<float>(ACL_COMPLEX64, {1.5f, 2.0f, -3.0f, 4.0f}), r = EmptyTensor({2}, ACL_FLOAT);
    ASSERT_EQ(RunCopy(r.tensor, c.tensor), 0) << LastError();
    EXPECT_EQ(All<float>(r, 2), (std::vector<float>{1.5f, -3.0f}));
    HostTensor d = Of<double>(ACL_DOUBLE, {0.1, 7.0}), z = EmptyTensor({2}, ACL_COMPLEX64);
    ASSERT_EQ(RunCopy(z.tensor, d.tensor), 0) << LastError();
    EXPECT_EQ(All<float>(z, 4), (std::vector<float>{0.1f, 0.0f, 7.0f, 0.0f}));
}

// src broadcast into a strided selfRef (every other element of 6): the gaps keep their bytes; a src that overlaps
// selfRef (shifted by one element) is read as it was before the call.
TEST(Copy, BroadcastIntoAViewAndOverlappingSource) {
    HostTensor base = Of<float>(ACL_FLOAT, {0, 1, 2, 3, 4, 5});
    void* data = nullptr;
    aclGetRawTensorAddr(base.tensor, &data);
    const int64_t three[1] = {3}, six[1] = {6}, st[1] = {2};
    aclTensor* view = aclCreateTensor(three, 1, ACL_FLOAT, st, 0, ACL_FORMAT_ND, six, 1, data);
    HostTensor one = Of<int32_t>(ACL_INT32, {9});
    ASSERT_EQ(RunCopy(view, one.tensor), 0) << LastError();
    EXPECT_EQ(Download<float>(data, 6), (std::vector<float>{9, 1, 9, 3, 9, 5}));
    aclDestroyTensor(view);
    // selfRef = elements 1..5, src = elements 0..4 of the same buffer: the shift of the old values
    const int64_t five[1] = {5}, unit[1] = {1};
    aclTensor* dst = aclCreateTensor(five, 1, ACL_FLOAT, unit, 1, ACL_FORMAT_ND, six, 1, data);
    aclTensor* src = aclCreateTensor(five, 1, ACL_FLOAT, unit, 0, ACL_FORMAT_ND, six, 1, data);
    ASSERT_EQ(RunCopy(dst, src), 0) << LastError();
    EXPECT_EQ(Download<float>(data, 6), (std::vector<float>{9, 9, 1, 9, 3, 9}));
    aclDestroyTensor(dst);
    aclDestroyTensor(src);
}

// Every pair of the 15 dtypes, random bytes (NaNs, infinities, out-of-range values included), against the model.
TEST(Copy, EveryDtypePairMatchesTheModel) {
    using namespace l1ref;
    const int dts[] = {kS8, kS16, kS32, kS64, kU8, kU16, kU32, kU64, kF16, kF32, kBool, kF64, kC64, kC128, kBF16};
    std::mt19937 rng(2030);
    int compared = 0;
    for (int s : dts) {
        for (int d : dts) {
            std::vector<uint8_t> bytes(64 * DtSize(s));
            for (auto& x : bytes) x = static_cast<uint8_t>(rng());
            if (s == kBool) for (auto& x : bytes) x &= 1;
            for (size_t e = 0; e < 8 && (s == kF32 || s == kF64); ++e) {  // some in-range values as well
                const double v = (static_cast<double>(rng() % 2000) - 1000.0) * 0.75;
                if (s == kF32) { const float f = static_cast<float>(v); std::memcpy(&bytes[e * 4], &f, 4); }
                else std::memcpy(&bytes[e * 8], &v, 8);
            }
            HostTensor ts = RawTensor({64}, static_cast<aclDataType>(s), bytes.data(), bytes.size());
            HostTensor td = EmptyTensor({64}, static_cast<aclDataType>(d));
            ASSERT_EQ(RunCopy(td.tensor, ts.tensor), 0) << DtName(s) << " -> " << DtName(d) << ": " << LastError();
            View vs;
            vs.dtype = s;
            vs.shape = {64};
            vs.strides = {1};
            vs.storage = {64};
            vs.data = bytes.data();
            View vd = vs;
            vd.dtype = d;
            std::vector<uint8_t> want(64 * DtSize(d), 0xA5);
            ASSERT_EQ(copyref::Copy(vs, vd, want.data()), 0);
            void* p = nullptr;
            aclGetRawTensorAddr(td.tensor, &p);
            const std::vector<uint8_t> have = Download<uint8_t>(p, want.size());
            for (size_t e = 0; e < 64; ++e) {
                const size_t item = DtSize(d);
                ASSERT_TRUE(SameResult(d, &have[e * item], &want[e * item]))
                    << DtName(s) << " -> " << DtName(d) << " element " << e;
            }
            ++compared;
        }
    }
    EXPECT_EQ(compared, 225);
}

// CANN's messages in aclnn_copy.cpp's order: workspace arguments, nulls (selfRef named self), the dtypes, dims, the
// broadcast and its shape.
TEST(Copy, Messages) {
    HostTensor f = EmptyTensor({2, 3}, ACL_FLOAT), g = EmptyTensor({4}, ACL_FLOAT), w = EmptyTensor({3}, ACL_FLOAT);
    HostTensor big = EmptyTensor({2, 2, 3}, ACL_FLOAT);
    HostTensor d9 = EmptyTensor({1, 1, 1, 1, 1, 1, 1, 1, 1}, ACL_FLOAT);
    ExpectFails([&](uint64_t*, aclOpExecutor** ex) { return aclnnInplaceCopyGetWorkspaceSize(f.tensor, w.tensor, nullptr, ex); },
                kNullptr, "The workspaceSize or executor is nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceCopyGetWorkspaceSize(nullptr, w.tensor, ws, ex); },
                kNullptr, "Expected a value of type [aclTensor] for argument [self] but instead found nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceCopyGetWorkspaceSize(f.tensor, nullptr, ws, ex); },
                kNullptr, "Expected a value of type [aclTensor] for argument [src] but instead found nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceCopyGetWorkspaceSize(d9.tensor, w.tensor, ws, ex); },
                kInvalid, "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceCopyGetWorkspaceSize(f.tensor, g.tensor, ws, ex); },
                kInvalid, "The size of tensor self [2,3] must match the size of tensor src [4].");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceCopyGetWorkspaceSize(f.tensor, big.tensor, ws, ex); },
                kInvalid, "Shape of broadcast result should be [2,2,3], but self is [2,3].");
    std::vector<uint8_t> canary(24, 0xA5);
    void* p = nullptr;
    aclGetRawTensorAddr(f.tensor, &p);
    EXPECT_EQ(Download<uint8_t>(p, 24), canary);
}

int RunCast(const aclTensor* self, aclDataType dtype, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCastGetWorkspaceSize(self, dtype, out, ws, ex); },
                     aclnnCast);
}

// aclnnCast converts by the same rules (DOUBLE 0.1 to FLOAT rounds once; FLOAT to INT8 through 32 bits), checks the
// dtype parameter against its list after self's dtype, and - beyond CANN - refuses an out whose dtype is not dtype.
TEST(Copy, CastConvertsAndChecksTheDtypeParameter) {
    HostTensor d = Of<double>(ACL_DOUBLE, {0.1, 300.7}), f = EmptyTensor({2}, ACL_FLOAT), i8 = EmptyTensor({2}, ACL_INT8);
    ASSERT_EQ(RunCast(d.tensor, ACL_FLOAT, f.tensor), 0) << LastError();
    EXPECT_EQ(All<float>(f, 2), (std::vector<float>{0.1f, 300.7f}));
    ASSERT_EQ(RunCast(f.tensor, ACL_INT8, i8.tensor), 0) << LastError();
    EXPECT_EQ(All<int8_t>(i8, 2), (std::vector<int8_t>{0, 44}));
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCastGetWorkspaceSize(nullptr, ACL_FLOAT, f.tensor, ws, ex); },
                kNullptr, "Expected a value of type [aclTensor] for argument [self] but instead found nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCastGetWorkspaceSize(d.tensor, ACL_FLOAT, nullptr, ws, ex); },
                kNullptr, "Expected a value of type [aclTensor] for argument [out] but instead found nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCastGetWorkspaceSize(d.tensor, ACL_STRING, f.tensor, ws, ex); },
                kInvalid, "The param dtype not implemented for");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCastGetWorkspaceSize(d.tensor, ACL_INT8, f.tensor, ws, ex); },
                kInvalid, "The dtype of out DT_FLOAT is not the param dtype DT_INT8.");
    HostTensor f3 = EmptyTensor({3}, ACL_FLOAT);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCastGetWorkspaceSize(d.tensor, ACL_FLOAT, f3.tensor, ws, ex); },
                kInvalid, "Expected tensor for out to have same size as tensor for self, but [3] does not equal [2].");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);  // no BF16 before Atlas A2
    HostTensor x = EmptyTensor({2}, ACL_FLOAT), b = EmptyTensor({2}, ACL_BF16);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCastGetWorkspaceSize(x.tensor, ACL_BF16, b.tensor, ws, ex); },
                kInvalid, "The param dtype not implemented for DT_BF16, should be in dtype support list");
}

}  // namespace
