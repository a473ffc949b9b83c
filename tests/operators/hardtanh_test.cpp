// aclnnHardtanh, aclnnInplaceHardtanh, aclnnHardtanhBackward and aclnnHardshrinkBackward through the public API
// (docs/ops/hardtanh.md, hardtanh_backward.md, hardshrink_backward.md): CANN's check order, codes and messages;
// the dtype lists per product profile; the bounds' conversion to self's dtype; the Max-then-Min order, signed
// zeros and NaNs; and seeded sweeps compared bit for bit with the independent models
// (tests/support/leaky_relu_reference.h) over IEEE specials, values at the bounds, strided views, in place and
// empty tensors.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_hardshrink_backward.h"
#include "aclnnop/aclnn_hardtanh.h"
#include "aclnnop/aclnn_hardtanh_backward.h"
#include "support/leaky_relu_reference.h"
#include "support/profile_scope.h"
#include "support/phases.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::Bits;
using aclcpu_test::DeviceBuffer;
using aclcpu_test::Download;
using aclcpu_test::EmptyTensor;
using aclcpu_test::FloatTensor;
using aclcpu_test::FromBits;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;
using aclcpu_test::MakeTensor;
using aclcpu_test::ProfileScope;
using aclcpu_test::ExpectFails;
using aclcpu_test::RunPhases;
using aclcpu_test::Scalar;
using aclcpu_test::RawTensor;
using l1ref::Profile;

constexpr int kNull = 161001;
constexpr int kInvalid = 161002;

const bool kQuietLog = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

/// A float32 scalar of the bit pattern u (for NaN payloads).
float F(uint32_t u) { return FromBits(u); }

// ------------------------------------------------------------------ Hardtanh

int RunHardtanh(const aclTensor* self, const aclScalar* lo, const aclScalar* hi, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardtanhGetWorkspaceSize(self, lo, hi, out, ws, ex); },
                     aclnnHardtanh);
}

int RunInplaceHardtanh(aclTensor* selfRef, const aclScalar* lo, const aclScalar* hi) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceHardtanhGetWorkspaceSize(selfRef, lo, hi, ws, ex); },
                     aclnnInplaceHardtanh);
}

TEST(Hardtanh, CheckOrderAndMessages) {
    HostTensor x = FloatTensor({2, 2}, {1, -1, 2, -2}), out = EmptyTensor({2, 2}, ACL_FLOAT);
    Scalar lo(-1.0f), hi(1.0f);
    auto ht = [](const aclTensor* a, const aclScalar* l, const aclScalar* h, aclTensor* b) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardtanhGetWorkspaceSize(a, l, h, b, ws, ex); };
    };
    // CHECK_NOT_NULL(self, min, max, out)
    ExpectFails(ht(nullptr, nullptr, nullptr, nullptr), kNull, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(ht(x.tensor, nullptr, nullptr, nullptr), kNull,
                "Expected a value of type number for argument clipValueMin but instead found type null.");
    ExpectFails(ht(x.tensor, lo.s, nullptr, nullptr), kNull,
                "Expected a value of type number for argument clipValueMax but instead found type null.");
    ExpectFails(ht(x.tensor, lo.s, hi.s, nullptr), kNull, "Expected a proper Tensor but got null for argument out.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceHardtanhGetWorkspaceSize(nullptr, lo.s, hi.s, ws, ex); },
                kNull, "got null for argument self.");
    // dtypes: self, min, max in the list, then out == self
    const bool b1 = true;
    Scalar sb(&b1, ACL_BOOL);
    HostTensor bo = EmptyTensor({2, 2}, ACL_BOOL), d = EmptyTensor({2, 2}, ACL_DOUBLE),
               f9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT, 0), o9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT),
               o3 = EmptyTensor({3}, ACL_FLOAT);
    ExpectFails(ht(bo.tensor, lo.s, hi.s, o3.tensor), kInvalid,
                "Tensor self not implemented for DT_BOOL, should be in dtype support list DT_FLOAT16, DT_FLOAT, DT_INT32, "
                "DT_INT64, DT_INT16, DT_INT8, DT_UINT8, DT_DOUBLE, DT_BF16.");
    ExpectFails(ht(x.tensor, sb.s, hi.s, o3.tensor), kInvalid, "Tensor min not implemented for DT_BOOL");
    ExpectFails(ht(x.tensor, lo.s, sb.s, o3.tensor), kInvalid, "Tensor max not implemented for DT_BOOL");
    ExpectFails(ht(x.tensor, lo.s, hi.s, d.tensor), kInvalid,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_DOUBLE.");
    // rank before shape, then min <= max
    ExpectFails(ht(f9.tensor, lo.s, hi.s, o3.tensor), kInvalid, "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails(ht(x.tensor, hi.s, lo.s, o3.tensor), kInvalid,
                "Expected tensor for self to have same size as tensor for out, but [2,2] does not equal [3].");
    ExpectFails(ht(x.tensor, hi.s, lo.s, out.tensor), kInvalid,
                "min must less than max or equal to max, but min is 1.000000 and max is -1.000000.");
    // an integer min: both compared as int64 (a floating max truncated: 2 vs 2.75 -> 2 passes, 3 vs 2.75 fails)
    const int32_t two = 2, three = 3;
    Scalar i2(&two, ACL_INT32), i3(&three, ACL_INT32), f275(2.75f), nan(NAN);
    EXPECT_EQ(RunHardtanh(x.tensor, i2.s, f275.s, out.tensor), 0) << LastError();
    ExpectFails(ht(x.tensor, i3.s, f275.s, out.tensor), kInvalid,
                "min must less than max or equal to max, but min is 3 and max is 2.");
    // a floating min: as doubles (2.75 > 2 fails); NaN passes
    ExpectFails(ht(x.tensor, f275.s, i2.s, out.tensor), kInvalid, "but min is 2.750000 and max is 2.000000.");
    EXPECT_EQ(RunHardtanh(x.tensor, nan.s, lo.s, out.tensor), 0) << LastError();
    (void)o9;
    // beyond CANN, after CANN's checks: workspaceSize / executor, views, destroyed handles
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnHardtanhGetWorkspaceSize(x.tensor, lo.s, hi.s, out.tensor, nullptr, &ex), kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    EXPECT_EQ(aclnnHardtanhGetWorkspaceSize(x.tensor, hi.s, lo.s, out.tensor, nullptr, &ex), kInvalid);  // CANN's first
    DeviceBuffer buf(16);
    aclTensor* past = MakeTensor({2, 2}, ACL_FLOAT, buf.get(), {2, 1}, 0, {3});
    ExpectFails(ht(past, lo.s, hi.s, out.tensor), kInvalid, "self");
    aclDestroyTensor(past);
    float fv = 1.0f;
    aclScalar* dead = aclCreateScalar(&fv, ACL_FLOAT);
    aclDestroyScalar(dead);
    ExpectFails(ht(x.tensor, dead, hi.s, out.tensor), kInvalid, "clipValueMin");
}

TEST(Hardtanh, DtypeListPerProfile) {
    Scalar lo(-1.0f), hi(1.0f);
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool bf16 = p != Profile::kAscend910 && p != Profile::kAscend310P;
        HostTensor b = EmptyTensor({2}, ACL_BF16, 0), ob = EmptyTensor({2}, ACL_BF16);
        EXPECT_EQ(RunHardtanh(b.tensor, lo.s, hi.s, ob.tensor), bf16 ? 0 : kInvalid) << l1ref::ProfileKey(p);
        const uint16_t bf = 0x3F80;  // a BF16 bound: in the list where BF16 is
        Scalar sb(&bf, ACL_BF16);
        HostTensor x = FloatTensor({1}, {3.0f}), o = EmptyTensor({1}, ACL_FLOAT);
        EXPECT_EQ(RunHardtanh(x.tensor, lo.s, sb.s, o.tensor), bf16 ? 0 : kInvalid) << l1ref::ProfileKey(p);
        for (aclDataType dt : {ACL_UINT16, ACL_UINT32, ACL_UINT64, ACL_COMPLEX64, ACL_BOOL}) {
            HostTensor t = EmptyTensor({2}, dt, 0), ot = EmptyTensor({2}, dt);
            EXPECT_EQ(RunHardtanh(t.tensor, lo.s, hi.s, ot.tensor), kInvalid) << dt;
        }
    }
}

TEST(Hardtanh, MaxThenMinSignedZerosAndNaN) {
    // Max(x, min) then Min(., max): Max(-0, +0) = +0, Min(+0, -0) = -0; a NaN self or bound gives a quiet NaN
    const std::vector<float> xs = {-2.0f, -1.0f, -0.5f, -0.0f, 0.0f, 0.5f, 1.0f, 2.0f, HUGE_VALF, -HUGE_VALF,
                                   F(0x7F800001u), F(0xFFC00005u), 1e-45f, -1e-45f};
    const int64_t n = static_cast<int64_t>(xs.size());
    HostTensor x = FloatTensor({n}, xs), out = EmptyTensor({n}, ACL_FLOAT);
    Scalar lo(-1.0f), hi(1.0f), pz(0.0f), nz(-0.0f), nan(F(0x7F800003u));
    auto run = [&](const aclScalar* l, const aclScalar* h) {
        EXPECT_EQ(RunHardtanh(x.tensor, l, h, out.tensor), 0) << LastError();
        return Download<float>(out.buffer.get(), static_cast<size_t>(n));
    };
    std::vector<float> r = run(lo.s, hi.s);
    const std::vector<float> want = {-1, -1, -0.5f, -0.0f, 0.0f, 0.5f, 1, 1, 1, -1, F(0x7FC00001u), F(0xFFC00005u),
                                     1e-45f, -1e-45f};
    for (int64_t i = 0; i < n; ++i) EXPECT_EQ(Bits(r[i]), Bits(want[i])) << i;
    // min = max = +0: every non-NaN element +0 except -0 (Max(-0, +0) = +0, then Min(+0, +0) = +0)
    r = run(pz.s, pz.s);
    EXPECT_EQ(Bits(r[3]), 0u);
    EXPECT_EQ(Bits(r[0]), 0u);
    // min = -0, max = +0: -0 stays -0 (Max(-0,-0)), +0 stays +0; -2 -> -0; 2 -> +0
    r = run(nz.s, pz.s);
    EXPECT_EQ(Bits(r[3]), 0x80000000u);
    EXPECT_EQ(Bits(r[4]), 0u);
    EXPECT_EQ(Bits(r[0]), 0x80000000u);
    EXPECT_EQ(Bits(r[7]), 0u);
    // min = max = -0: Min(., -0): +0 -> -0
    r = run(nz.s, nz.s);
    EXPECT_EQ(Bits(r[4]), 0x80000000u);
    // a NaN bound: every non-NaN element that bound's NaN, quieted; a NaN self keeps its own
    r = run(nan.s, hi.s);
    EXPECT_EQ(Bits(r[0]), 0x7FC00003u);
    EXPECT_EQ(Bits(r[10]), 0x7FC00001u);
    r = run(lo.s, nan.s);
    EXPECT_EQ(Bits(r[5]), 0x7FC00003u);
    EXPECT_EQ(Bits(r[11]), 0xFFC00005u);
    // in place and empty
    HostTensor y = FloatTensor({3}, {-5.0f, 0.25f, 5.0f});
    ASSERT_EQ(RunInplaceHardtanh(y.tensor, lo.s, hi.s), 0) << LastError();
    EXPECT_EQ(Download<float>(y.buffer.get(), 3), (std::vector<float>{-1.0f, 0.25f, 1.0f}));
    HostTensor e = EmptyTensor({0, 3}, ACL_FLOAT), oe = EmptyTensor({0, 3}, ACL_FLOAT);
    EXPECT_EQ(RunHardtanh(e.tensor, lo.s, hi.s, oe.tensor), 0) << LastError();
}

TEST(Hardtanh, BoundsConvertedToSelfsDtype) {
    // FLOAT16: the bounds rounded to half (RNE): 0.1f -> 0x2E66 (0.0999755859375); 70000 -> +inf
    const uint16_t hx[] = {0x2E67, 0x2E66, 0x3C00, 0x7C00, 0xFC00, 0x7D00};
    Scalar l01(-0.1f), h01(0.1f), big(70000.0f), nbig(-70000.0f);
    HostTensor th = RawTensor({6}, ACL_FLOAT16, hx, sizeof hx), oh = EmptyTensor({6}, ACL_FLOAT16);
    ASSERT_EQ(RunHardtanh(th.tensor, l01.s, h01.s, oh.tensor), 0) << LastError();
    EXPECT_EQ(Download<uint16_t>(oh.buffer.get(), 6),
              (std::vector<uint16_t>{0x2E66, 0x2E66, 0x2E66, 0x2E66, 0xAE66, 0x7F00}));
    ASSERT_EQ(RunHardtanh(th.tensor, nbig.s, big.s, oh.tensor), 0) << LastError();
    EXPECT_EQ(Download<uint16_t>(oh.buffer.get(), 6),
              (std::vector<uint16_t>{0x2E67, 0x2E66, 0x3C00, 0x7C00, 0xFC00, 0x7F00}));
    // integers: a floating bound truncated toward zero, then wrapped to the width (UINT8: -1 -> 255)
    const int8_t i8[] = {-128, -3, -2, 0, 2, 3, 127};
    Scalar m25(-2.5f), p25(2.5f), m1(-1.0f), p300(300.0f);
    HostTensor t8 = RawTensor({7}, ACL_INT8, i8, sizeof i8), o8 = EmptyTensor({7}, ACL_INT8);
    ASSERT_EQ(RunHardtanh(t8.tensor, m25.s, p25.s, o8.tensor), 0) << LastError();
    EXPECT_EQ(Download<int8_t>(o8.buffer.get(), 7), (std::vector<int8_t>{-2, -2, -2, 0, 2, 2, 2}));
    // INT8 with max 300: wrapped to 44
    ASSERT_EQ(RunHardtanh(t8.tensor, m25.s, p300.s, o8.tensor), 0) << LastError();
    EXPECT_EQ(Download<int8_t>(o8.buffer.get(), 7), (std::vector<int8_t>{-2, -2, -2, 0, 2, 3, 44}));
    const uint8_t u8[] = {0, 7, 255};
    Scalar p10(10.0f);
    HostTensor tu = RawTensor({3}, ACL_UINT8, u8, sizeof u8), ou = EmptyTensor({3}, ACL_UINT8);
    ASSERT_EQ(RunHardtanh(tu.tensor, m1.s, p10.s, ou.tensor), 0) << LastError();  // Max(x, 255) then Min(., 10)
    EXPECT_EQ(Download<uint8_t>(ou.buffer.get(), 3), (std::vector<uint8_t>{10, 10, 10}));
    const int64_t i64[] = {INT64_MIN, -5, INT64_MAX};
    const int64_t lo64 = -4, hi64 = INT64_MAX - 1;
    Scalar sl(&lo64, ACL_INT64), sh(&hi64, ACL_INT64);
    HostTensor t64 = RawTensor({3}, ACL_INT64, i64, sizeof i64), o64 = EmptyTensor({3}, ACL_INT64);
    ASSERT_EQ(RunHardtanh(t64.tensor, sl.s, sh.s, o64.tensor), 0) << LastError();
    EXPECT_EQ(Download<int64_t>(o64.buffer.get(), 3), (std::vector<int64_t>{-4, -4, INT64_MAX - 1}));
    // DOUBLE (the AiCpu kernel): exact double bounds; any NaN -> +qNaN; a zero tie keeps self's sign
    const double dx[] = {-0.0, 0.0, 0.1, -3.0, std::nan("7"), -std::nan("")};
    const double dlo = 0.0, dhi = 0.1, dnan = std::nan("");
    Scalar sdl(&dlo, ACL_DOUBLE), sdh(&dhi, ACL_DOUBLE), sdn(&dnan, ACL_DOUBLE);
    HostTensor td = RawTensor({6}, ACL_DOUBLE, dx, sizeof dx), od = EmptyTensor({6}, ACL_DOUBLE);
    ASSERT_EQ(RunHardtanh(td.tensor, sdl.s, sdh.s, od.tensor), 0) << LastError();
    std::vector<uint64_t> rd = Download<uint64_t>(od.buffer.get(), 6);
    EXPECT_EQ(rd[0], 0x8000000000000000ull);  // std::max(-0, +0) keeps -0
    EXPECT_EQ(rd[1], 0u);
    double v;
    std::memcpy(&v, &rd[2], 8);
    EXPECT_EQ(v, 0.1);  // the double 0.1, not the float one
    EXPECT_EQ(rd[3], 0u);
    EXPECT_EQ(rd[4], 0x7FF8000000000000ull);
    EXPECT_EQ(rd[5], 0x7FF8000000000000ull);
    ASSERT_EQ(RunHardtanh(td.tensor, sdn.s, sdh.s, od.tensor), 0) << LastError();
    EXPECT_EQ(Download<uint64_t>(od.buffer.get(), 1)[0], 0x7FF8000000000000ull);
}

/// Random elements of a float dtype (as raw bits) with the specials and the bounds mixed in.
uint64_t RandomFloatBits(std::mt19937_64& rng, aclDataType dt, const std::vector<uint64_t>& specials) {
    const uint64_t k = rng() % 8;
    if (k < 3) return specials[rng() % specials.size()];
    const int size = dt == ACL_FLOAT ? 4 : 2;
    uint64_t u = rng() & (size == 4 ? 0xFFFFFFFFull : 0xFFFFull);
    if (k < 6) {  // moderate magnitudes around the bounds
        const float f = static_cast<float>(static_cast<int64_t>(rng() % 4001) - 2000) / 1000.0f;
        reluref::FloatFormat fmt{};
        reluref::FormatOf(dt, &fmt);
        u = dt == ACL_FLOAT ? Bits(f) : leakyref::Encode(fmt, f);
    }
    return u;
}

TEST(Hardtanh, SweepMatchesModelOnEveryProfile) {
    std::mt19937_64 rng(0x4854u);
    const float bounds[][2] = {{-1.0f, 1.0f}, {0.0f, 0.0f}, {-0.0f, 0.5f}, {-0.3f, 0.7f}, {-HUGE_VALF, HUGE_VALF},
                               {1.0f, 1.0f}, {NAN, 1.0f}};
    int checked = 0;
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool bf16 = p != Profile::kAscend910 && p != Profile::kAscend310P;
        for (const auto& bd : bounds) {
            Scalar lo(bd[0]), hi(bd[1]);
            for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
                if (dt == ACL_BF16 && !bf16) continue;
                reluref::FloatFormat f{};
                reluref::FormatOf(dt, &f);
                auto enc = [&](float v) -> uint64_t {
                    if (dt == ACL_FLOAT) return Bits(v);
                    return std::isnan(v) ? f.dnan : leakyref::Encode(f, v);
                };
                const uint64_t mn = enc(bd[0]), mx = enc(bd[1]);
                const std::vector<uint64_t> specials = {mn, mx, mn ^ f.sign, mx ^ f.sign, 0, f.sign, f.exp_mask,
                                                        f.exp_mask | f.sign, f.exp_mask | 1, f.exp_mask | f.quiet | 3,
                                                        1, f.sign | 1};
                const size_t sz = dt == ACL_FLOAT ? 4 : 2;
                const int64_t rows = 7, cols = 45;  // contiguous [7, 45]; then the transposed view [45, 7]
                std::vector<uint8_t> bytes(static_cast<size_t>(rows * cols) * sz);
                for (size_t i = 0; i < bytes.size(); i += sz) {
                    const uint64_t u = RandomFloatBits(rng, dt, specials);
                    std::memcpy(&bytes[i], &u, sz);
                }
                HostTensor x = RawTensor({rows, cols}, dt, bytes.data(), bytes.size());
                const std::string what = std::string(l1ref::ProfileKey(p)) + " dtype " + std::to_string(dt);
                for (int mode = 0; mode < 3; ++mode) {
                    HostTensor o = EmptyTensor({rows, cols}, dt);
                    HostTensor inplace = RawTensor({rows, cols}, dt, bytes.data(), bytes.size());
                    aclTensor* xv = x.tensor;
                    aclTensor* ov = o.tensor;
                    std::vector<int64_t> idx_of(static_cast<size_t>(rows * cols));
                    for (int64_t i = 0; i < rows * cols; ++i) idx_of[static_cast<size_t>(i)] = i;
                    if (mode == 1) {  // transposed views of both
                        xv = MakeTensor({cols, rows}, dt, x.buffer.get(), {1, cols}, 0, {rows * cols});
                        ov = MakeTensor({cols, rows}, dt, o.buffer.get(), {1, cols}, 0, {rows * cols});
                    }
                    int st;
                    if (mode == 2) {
                        st = RunInplaceHardtanh(inplace.tensor, lo.s, hi.s);
                    } else {
                        st = RunHardtanh(xv, lo.s, hi.s, ov);
                    }
                    ASSERT_EQ(st, 0) << what << " " << LastError();
                    const std::vector<uint8_t> got =
                        Download<uint8_t>(mode == 2 ? inplace.buffer.get() : o.buffer.get(), bytes.size());
                    for (size_t i = 0; i < bytes.size(); i += sz) {
                        uint64_t xb = 0, yb = 0;
                        std::memcpy(&xb, &bytes[i], sz);
                        std::memcpy(&yb, &got[i], sz);
                        const uint64_t want = leakyref::Hardtanh(dt, xb, mn, mx);
                        ASSERT_EQ(yb, want) << what << " mode " << mode << " element " << i / sz << " x " << xb;
                    }
                    if (mode == 1) {
                        aclDestroyTensor(xv);
                        aclDestroyTensor(ov);
                    }
                    ++checked;
                }
            }
        }
    }
    EXPECT_EQ(checked, 7 * 3 * (3 * 3 + 2 * 2));
}

// ------------------------------------------------------------------ HardtanhBackward

int RunHtb(const aclTensor* g, const aclTensor* self, const aclScalar* lo, const aclScalar* hi, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardtanhBackwardGetWorkspaceSize(g, self, lo, hi, out, ws, ex); },
                     aclnnHardtanhBackward);
}

TEST(HardtanhBackward, CheckOrderAndMessages) {
    HostTensor g = FloatTensor({2, 2}, {1, 2, 3, 4}), x = FloatTensor({2, 2}, {0, 2, -2, 0.5f}),
               out = EmptyTensor({2, 2}, ACL_FLOAT);
    Scalar lo(-1.0f), hi(1.0f);
    auto htb = [](const aclTensor* a, const aclTensor* b, const aclScalar* l, const aclScalar* h, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardtanhBackwardGetWorkspaceSize(a, b, l, h, o, ws, ex); };
    };
    // OP_CHECK_COMM_INPUT first
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnHardtanhBackwardGetWorkspaceSize(nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, &ex), kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    // self, gradOutput, out, min, max
    ExpectFails(htb(nullptr, nullptr, nullptr, nullptr, nullptr), kNull, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(htb(nullptr, x.tensor, nullptr, nullptr, nullptr), kNull, "got null for argument gradOutput.");
    ExpectFails(htb(g.tensor, x.tensor, nullptr, nullptr, nullptr), kNull, "got null for argument out.");
    ExpectFails(htb(g.tensor, x.tensor, nullptr, nullptr, out.tensor), kNull,
                "Expected a value of type number for argument min but instead found type null.");
    ExpectFails(htb(g.tensor, x.tensor, lo.s, nullptr, out.tensor), kNull,
                "Expected a value of type number for argument max but instead found type null.");
    // gradOutput's, self's, out's list; then gradOutput == self's dtype
    HostTensor d = EmptyTensor({2, 2}, ACL_DOUBLE, 0), h = EmptyTensor({2, 2}, ACL_FLOAT16, 0),
               f9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT, 0), o3 = EmptyTensor({3}, ACL_FLOAT),
               x3 = EmptyTensor({3}, ACL_FLOAT, 0);
    ExpectFails(htb(d.tensor, d.tensor, lo.s, hi.s, d.tensor), kInvalid,
                "Tensor gradOutput not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(htb(g.tensor, d.tensor, lo.s, hi.s, d.tensor), kInvalid, "Tensor self not implemented for DT_DOUBLE");
    ExpectFails(htb(h.tensor, x.tensor, lo.s, hi.s, d.tensor), kInvalid, "Tensor out not implemented for DT_DOUBLE");
    ExpectFails(htb(h.tensor, x.tensor, lo.s, hi.s, o3.tensor), kInvalid,
                "Tensor gradOutput expected dtype is DT_FLOAT but found DT_FLOAT16.");
    // dims (gradOutput, self), then gradOutput's shape self's; out is not CANN's to check
    ExpectFails(htb(f9.tensor, x3.tensor, lo.s, hi.s, o3.tensor), kInvalid, "The gradOutput tensor cannot be larger than 8 dimensions.");
    ExpectFails(htb(x3.tensor, f9.tensor, lo.s, hi.s, o3.tensor), kInvalid, "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails(htb(g.tensor, x3.tensor, lo.s, hi.s, o3.tensor), kInvalid,
                "Expected tensor for gradOutput to have same size as tensor for self, but [2,2] does not equal [3].");
    // beyond CANN: out's dtype and shape self's (the kernel's tiling would refuse them)
    HostTensor oh = EmptyTensor({2, 2}, ACL_FLOAT16);
    ExpectFails(htb(g.tensor, x.tensor, lo.s, hi.s, oh.tensor), kInvalid, "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(htb(g.tensor, x.tensor, lo.s, hi.s, o3.tensor), kInvalid,
                "Expected tensor for out to have same size as tensor for self, but [3] does not equal [2,2].");
    // no min <= max check: min > max zeroes every non-NaN element
    ASSERT_EQ(RunHtb(g.tensor, x.tensor, hi.s, lo.s, out.tensor), 0) << LastError();
    EXPECT_EQ(Download<float>(out.buffer.get(), 4), (std::vector<float>{0, 0, 0, 0}));
    // BF16 per profile; an empty self
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool bf16 = p != Profile::kAscend910 && p != Profile::kAscend310P;
        HostTensor b = EmptyTensor({2}, ACL_BF16, 0), gb = EmptyTensor({2}, ACL_BF16, 0), ob = EmptyTensor({2}, ACL_BF16);
        EXPECT_EQ(RunHtb(gb.tensor, b.tensor, lo.s, hi.s, ob.tensor), bf16 ? 0 : kInvalid) << l1ref::ProfileKey(p);
    }
    HostTensor e = EmptyTensor({0, 2}, ACL_FLOAT), ge = EmptyTensor({0, 2}, ACL_FLOAT), oe = EmptyTensor({0, 2}, ACL_FLOAT);
    EXPECT_EQ(RunHtb(ge.tensor, e.tensor, lo.s, hi.s, oe.tensor), 0) << LastError();
    float fv = 1.0f;
    aclScalar* dead = aclCreateScalar(&fv, ACL_FLOAT);
    aclDestroyScalar(dead);
    ExpectFails(htb(g.tensor, x.tensor, lo.s, dead, out.tensor), kInvalid, "max");
}

TEST(HardtanhBackward, StrictBoundsNaNAndFloat32Bounds) {
    // strict at both bounds: self == min or max -> +0; a NaN self keeps gradOutput; +-inf outside
    const std::vector<float> xs = {-1.0f, 1.0f, std::nextafter(-1.0f, 0.0f), std::nextafter(1.0f, 0.0f), 0.0f, -0.0f,
                                   NAN, HUGE_VALF, -HUGE_VALF, -3.0f};
    const int64_t n = static_cast<int64_t>(xs.size());
    std::vector<float> gs(static_cast<size_t>(n), -2.5f);
    gs[4] = -0.0f;
    gs[6] = F(0xFF800007u);  // a signalling NaN gradient: passed quiet
    HostTensor g = FloatTensor({n}, gs), x = FloatTensor({n}, xs), out = EmptyTensor({n}, ACL_FLOAT);
    Scalar lo(-1.0f), hi(1.0f), nan(NAN), ninf(-HUGE_VALF), pinf(HUGE_VALF);
    ASSERT_EQ(RunHtb(g.tensor, x.tensor, lo.s, hi.s, out.tensor), 0) << LastError();
    std::vector<float> r = Download<float>(out.buffer.get(), static_cast<size_t>(n));
    const std::vector<uint32_t> want = {0, 0, Bits(-2.5f), Bits(-2.5f), 0x80000000u, Bits(-2.5f), 0xFFC00007u, 0, 0, 0};
    for (int64_t i = 0; i < n; ++i) EXPECT_EQ(Bits(r[i]), want[i]) << i;
    // NaN bounds: only NaN selves keep gradOutput; infinite bounds: every finite self
    ASSERT_EQ(RunHtb(g.tensor, x.tensor, nan.s, hi.s, out.tensor), 0) << LastError();
    r = Download<float>(out.buffer.get(), static_cast<size_t>(n));
    EXPECT_EQ(Bits(r[3]), 0u);
    EXPECT_EQ(Bits(r[6]), 0xFFC00007u);
    ASSERT_EQ(RunHtb(g.tensor, x.tensor, ninf.s, pinf.s, out.tensor), 0) << LastError();
    r = Download<float>(out.buffer.get(), static_cast<size_t>(n));
    EXPECT_EQ(r[9], -2.5f);
    EXPECT_EQ(Bits(r[7]), 0u);
    // FLOAT16 compared with the float32 bound (not rounded to half): 0.1f lies between 0x2E66 and 0x2E67
    const uint16_t hx[] = {0x2E66, 0x2E67, 0xAE66, 0xAE67}, hg[] = {0x3C00, 0x3C00, 0x3C00, 0x3C00};
    Scalar l01(-0.1f), h01(0.1f);
    HostTensor th = RawTensor({4}, ACL_FLOAT16, hx, sizeof hx), tg = RawTensor({4}, ACL_FLOAT16, hg, sizeof hg),
               oh = EmptyTensor({4}, ACL_FLOAT16);
    ASSERT_EQ(RunHtb(tg.tensor, th.tensor, l01.s, h01.s, oh.tensor), 0) << LastError();
    EXPECT_EQ(Download<uint16_t>(oh.buffer.get(), 4), (std::vector<uint16_t>{0x3C00, 0, 0x3C00, 0}));
    // a DOUBLE bound is rounded to float32 once (ToFloat): 1 + 2^-30 -> 1.0f, so self = 1 is at the bound
    const double d1 = 1.0 + std::ldexp(1.0, -30);
    Scalar sd(&d1, ACL_DOUBLE);
    HostTensor one = FloatTensor({1}, {1.0f}), g1 = FloatTensor({1}, {7.0f}), o1 = EmptyTensor({1}, ACL_FLOAT);
    ASSERT_EQ(RunHtb(g1.tensor, one.tensor, lo.s, sd.s, o1.tensor), 0) << LastError();
    EXPECT_EQ(Bits(Download<float>(o1.buffer.get(), 1)[0]), 0u);
}

TEST(HardtanhBackward, SweepViewsAndAliasesMatchModel) {
    std::mt19937_64 rng(0x485442u);
    const float bounds[][2] = {{-1.0f, 1.0f}, {0.0f, 0.0f}, {-0.3f, 0.7f}, {-HUGE_VALF, HUGE_VALF}, {NAN, 1.0f},
                               {1.0f, -1.0f}};
    int checked = 0;
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool bf16 = p != Profile::kAscend910 && p != Profile::kAscend310P;
        for (const auto& bd : bounds) {
            Scalar lo(bd[0]), hi(bd[1]);
            for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
                if (dt == ACL_BF16 && !bf16) continue;
                reluref::FloatFormat f{};
                reluref::FormatOf(dt, &f);
                auto enc = [&](float v) -> uint64_t {
                    if (dt == ACL_FLOAT) return Bits(v);
                    return std::isnan(v) ? f.dnan : leakyref::Encode(f, v);
                };
                const std::vector<uint64_t> specials = {enc(bd[0]), enc(bd[1]), enc(-bd[0]), 0, f.sign, f.exp_mask,
                                                        f.exp_mask | f.sign, f.exp_mask | 1, f.exp_mask | f.quiet | 3, 1};
                const size_t sz = dt == ACL_FLOAT ? 4 : 2;
                const int64_t rows = 6, cols = 37;
                const size_t count = static_cast<size_t>(rows * cols);
                std::vector<uint8_t> gb(count * sz), xb(count * sz);
                for (size_t i = 0; i < count * sz; i += sz) {
                    const uint64_t a = RandomFloatBits(rng, dt, specials), b = RandomFloatBits(rng, dt, specials);
                    std::memcpy(&gb[i], &a, sz);
                    std::memcpy(&xb[i], &b, sz);
                }
                const std::string what = std::string(l1ref::ProfileKey(p)) + " dtype " + std::to_string(dt);
                for (int mode = 0; mode < 3; ++mode) {  // contiguous; transposed views; out aliasing gradOutput
                    HostTensor g = RawTensor({rows, cols}, dt, gb.data(), gb.size());
                    HostTensor x = RawTensor({rows, cols}, dt, xb.data(), xb.size());
                    HostTensor o = EmptyTensor({rows, cols}, dt);
                    aclTensor* gv = g.tensor;
                    aclTensor* xv = x.tensor;
                    aclTensor* ov = o.tensor;
                    if (mode == 1) {
                        gv = MakeTensor({cols, rows}, dt, g.buffer.get(), {1, cols}, 0, {rows * cols});
                        xv = MakeTensor({cols, rows}, dt, x.buffer.get(), {1, cols}, 0, {rows * cols});
                        ov = MakeTensor({cols, rows}, dt, o.buffer.get(), {1, cols}, 0, {rows * cols});
                    }
                    if (mode == 2) ov = MakeTensor({rows, cols}, dt, g.buffer.get());
                    ASSERT_EQ(RunHtb(gv, xv, lo.s, hi.s, ov), 0) << what << " " << LastError();
                    const std::vector<uint8_t> got = Download<uint8_t>(mode == 2 ? g.buffer.get() : o.buffer.get(), count * sz);
                    for (size_t i = 0; i < count * sz; i += sz) {
                        uint64_t a = 0, b = 0, y = 0;
                        std::memcpy(&a, &gb[i], sz);
                        std::memcpy(&b, &xb[i], sz);
                        std::memcpy(&y, &got[i], sz);
                        ASSERT_EQ(y, leakyref::HardtanhBackward(dt, a, b, bd[0], bd[1]))
                            << what << " mode " << mode << " element " << i / sz;
                    }
                    if (mode == 1) {
                        aclDestroyTensor(gv);
                        aclDestroyTensor(xv);
                    }
                    if (mode != 0) aclDestroyTensor(ov);
                    ++checked;
                }
            }
        }
    }
    EXPECT_EQ(checked, 6 * 3 * (3 * 3 + 2 * 2));
}

// ------------------------------------------------------------------ HardshrinkBackward

int RunHsb(const aclTensor* g, const aclTensor* self, const aclScalar* lambd, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardshrinkBackwardGetWorkspaceSize(g, self, lambd, out, ws, ex); },
                     aclnnHardshrinkBackward);
}

TEST(HardshrinkBackward, CheckOrderMessagesAndEmptyEarlyReturn) {
    HostTensor g = FloatTensor({2, 2}, {1, 2, 3, 4}), x = FloatTensor({2, 2}, {0, 2, -2, 0.5f}),
               out = EmptyTensor({2, 2}, ACL_FLOAT);
    Scalar l(0.5f);
    auto hsb = [](const aclTensor* a, const aclTensor* b, const aclScalar* ll, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardshrinkBackwardGetWorkspaceSize(a, b, ll, o, ws, ex); };
    };
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnHardshrinkBackwardGetWorkspaceSize(nullptr, nullptr, nullptr, nullptr, nullptr, &ex), kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    ExpectFails(hsb(nullptr, nullptr, nullptr, nullptr), kNull, "got null for argument gradOutput.");
    ExpectFails(hsb(g.tensor, nullptr, nullptr, nullptr), kNull, "got null for argument self.");
    ExpectFails(hsb(g.tensor, x.tensor, nullptr, nullptr), kNull,
                "Expected a value of type number for argument lambd but instead found type null.");
    ExpectFails(hsb(g.tensor, x.tensor, l.s, nullptr), kNull, "got null for argument gradInput.");
    HostTensor d = EmptyTensor({2, 2}, ACL_DOUBLE, 0), h = EmptyTensor({2, 2}, ACL_FLOAT16, 0),
               b = EmptyTensor({2, 2}, ACL_BF16, 0), f9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT, 0),
               o3 = EmptyTensor({3}, ACL_FLOAT), x3 = EmptyTensor({3}, ACL_FLOAT, 0);
    ExpectFails(hsb(d.tensor, x.tensor, l.s, out.tensor), kInvalid,
                "Tensor gradOutput not implemented for DT_DOUBLE, should be in dtype support list DT_BF16, DT_FLOAT, DT_FLOAT16.");
    ExpectFails(hsb(g.tensor, d.tensor, l.s, out.tensor), kInvalid, "Tensor self not implemented for DT_DOUBLE");
    ExpectFails(hsb(g.tensor, x.tensor, l.s, d.tensor), kInvalid, "Tensor gradInput not implemented for DT_DOUBLE");
    ExpectFails(hsb(f9.tensor, x.tensor, l.s, out.tensor), kInvalid, "The gradOutput tensor cannot be larger than 8 dimensions.");
    ExpectFails(hsb(g.tensor, x.tensor, l.s, f9.tensor), kInvalid, "The gradInput tensor cannot be larger than 8 dimensions.");
    // promotion: FLOAT16 x BF16 -> FLOAT, castable to every listed gradInput dtype; no dtype equality required
    HostTensor oh = EmptyTensor({2, 2}, ACL_FLOAT16);
    EXPECT_EQ(RunHsb(h.tensor, b.tensor, l.s, oh.tensor), 0) << LastError();
    // the shapes after the empty early return
    ExpectFails(hsb(g.tensor, x3.tensor, l.s, out.tensor), kInvalid,
                "The size of tensor gradOutput [2,2] must match the size of tensor self [3].");
    ExpectFails(hsb(g.tensor, x.tensor, l.s, o3.tensor), kInvalid,
                "Expected tensor for gradInput to have same size as [2,2], but got [3].");
    // an empty gradOutput or self: success before any shape check (not broadcastable, gradInput's shape anything)
    HostTensor e = EmptyTensor({0, 3}, ACL_FLOAT), e2 = EmptyTensor({4, 0}, ACL_FLOAT);
    HostTensor canary = EmptyTensor({5}, ACL_FLOAT, 0x5A);
    EXPECT_EQ(RunHsb(e.tensor, x.tensor, l.s, canary.tensor), 0) << LastError();
    EXPECT_EQ(RunHsb(g.tensor, e2.tensor, l.s, o3.tensor), 0) << LastError();
    const std::vector<uint8_t> c = Download<uint8_t>(canary.buffer.get(), 20);
    for (uint8_t v : c) EXPECT_EQ(v, 0x5A);
    // ... but not before the dtype and rank checks
    ExpectFails(hsb(e.tensor, d.tensor, l.s, out.tensor), kInvalid, "Tensor self not implemented for DT_DOUBLE");
    // BF16 per profile (the promote message prints CANN's list order)
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool bf16 = p != Profile::kAscend910 && p != Profile::kAscend310P;
        HostTensor bb = EmptyTensor({2, 2}, ACL_BF16, 0), ob = EmptyTensor({2, 2}, ACL_BF16);
        EXPECT_EQ(RunHsb(bb.tensor, bb.tensor, l.s, ob.tensor), bf16 ? 0 : kInvalid) << l1ref::ProfileKey(p);
        if (!bf16) {
            EXPECT_NE(LastError().find("should be in dtype support list DT_FLOAT, DT_FLOAT16."), std::string::npos);
        }
    }
}

TEST(HardshrinkBackward, EdgesLambdHalfRoundingAndCasts) {
    // |x| <= lambd -> +0 (edges included, the sign of g dropped); NaN x keeps g (quiet); a negative lambd is 0
    const std::vector<float> xs = {0.5f, -0.5f, std::nextafter(0.5f, 1.0f), -0.0f, 0.0f, NAN, HUGE_VALF, -1e-45f};
    const int64_t n = static_cast<int64_t>(xs.size());
    std::vector<float> gs(static_cast<size_t>(n), -3.0f);
    gs[5] = F(0x7F800009u);
    HostTensor g = FloatTensor({n}, gs), x = FloatTensor({n}, xs), out = EmptyTensor({n}, ACL_FLOAT);
    Scalar l(0.5f), neg(-2.0f), nan(NAN);
    ASSERT_EQ(RunHsb(g.tensor, x.tensor, l.s, out.tensor), 0) << LastError();
    std::vector<float> r = Download<float>(out.buffer.get(), static_cast<size_t>(n));
    const std::vector<uint32_t> want = {0, 0, Bits(-3.0f), 0, 0, 0x7FC00009u, Bits(-3.0f), 0};
    for (int64_t i = 0; i < n; ++i) EXPECT_EQ(Bits(r[i]), want[i]) << i;
    ASSERT_EQ(RunHsb(g.tensor, x.tensor, neg.s, out.tensor), 0) << LastError();
    r = Download<float>(out.buffer.get(), static_cast<size_t>(n));
    EXPECT_EQ(Bits(r[3]), 0u);
    EXPECT_EQ(r[7], -3.0f);  // |-1e-45| > 0
    ASSERT_EQ(RunHsb(g.tensor, x.tensor, nan.s, out.tensor), 0) << LastError();
    EXPECT_EQ(Download<float>(out.buffer.get(), 1)[0], -3.0f);
    // FLOAT16 (promote FLOAT16): |x| compared with lambd rounded to half: 0.1f -> 0x2E66, so 0x2E66 is inside
    // and 0x2E67 outside; 1e5 -> +inf: every non-NaN element +0
    const uint16_t hx[] = {0x2E66, 0x2E67, 0xAE66, 0x7C00, 0x7E00}, hg[] = {0x4000, 0x4000, 0x4000, 0x4000, 0x4000};
    Scalar l01(0.1f), big(1e5f);
    HostTensor th = RawTensor({5}, ACL_FLOAT16, hx, sizeof hx), tg = RawTensor({5}, ACL_FLOAT16, hg, sizeof hg),
               oh = EmptyTensor({5}, ACL_FLOAT16);
    ASSERT_EQ(RunHsb(tg.tensor, th.tensor, l01.s, oh.tensor), 0) << LastError();
    EXPECT_EQ(Download<uint16_t>(oh.buffer.get(), 5), (std::vector<uint16_t>{0, 0x4000, 0, 0x4000, 0x4000}));
    ASSERT_EQ(RunHsb(tg.tensor, th.tensor, big.s, oh.tensor), 0) << LastError();
    EXPECT_EQ(Download<uint16_t>(oh.buffer.get(), 5), (std::vector<uint16_t>{0, 0, 0, 0, 0x4000}));
    // a FLOAT self promotes to FLOAT: the float32 lambd, 0x2E66 (0.0999755859375 <= 0.1f) inside, 0x2E67 outside
    const float fx[] = {0.0999755859375f, 0.10003662109375f};
    HostTensor tf = RawTensor({2}, ACL_FLOAT, fx, sizeof fx), tg2 = RawTensor({2}, ACL_FLOAT16, hg, 4),
               of16 = EmptyTensor({2}, ACL_FLOAT16);
    ASSERT_EQ(RunHsb(tg2.tensor, tf.tensor, l01.s, of16.tensor), 0) << LastError();
    EXPECT_EQ(Download<uint16_t>(of16.buffer.get(), 2), (std::vector<uint16_t>{0, 0x4000}));
    // the promoted FLOAT result cast to a FLOAT16 gradInput (RNE): 1 + 2^-11 (a tie) -> 1.0, 1 + 3 * 2^-11 -> 1 + 2^-9
    const float fg[] = {1.0f + 0x1p-11f, 1.0f + 3 * 0x1p-11f}, fs[] = {2.0f, 2.0f};
    HostTensor tgf = RawTensor({2}, ACL_FLOAT, fg, sizeof fg), tsf = RawTensor({2}, ACL_FLOAT, fs, sizeof fs);
    ASSERT_EQ(RunHsb(tgf.tensor, tsf.tensor, l.s, of16.tensor), 0) << LastError();
    EXPECT_EQ(Download<uint16_t>(of16.buffer.get(), 2), (std::vector<uint16_t>{0x3C00, 0x3C02}));
}

TEST(HardshrinkBackward, SweepBroadcastViewsAndMixedDtypesMatchModel) {
    std::mt19937_64 rng(0x485342u);
    const float lambds[] = {0.5f, 0.0f, 0.1f, HUGE_VALF, NAN, -1.0f};
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    int checked = 0;
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool bf16 = p != Profile::kAscend910 && p != Profile::kAscend310P;
        for (float lambd : lambds) {
            Scalar sl(lambd);
            for (int k = 0; k < 12; ++k) {
                const aclDataType dg = dts[rng() % 3], ds = dts[rng() % 3], dout = dts[rng() % 3];
                if (!bf16 && (dg == ACL_BF16 || ds == ACL_BF16 || dout == ACL_BF16)) continue;
                // gradOutput [5, 1, 7] against self [3, 1] or [3, 7]: broadcast [5, 3, 7]
                const std::vector<int64_t> gshape = {5, 1, 7}, sshape = k % 2 ? std::vector<int64_t>{3, 1}
                                                                              : std::vector<int64_t>{3, 7};
                auto fill = [&](aclDataType dt, int64_t count) {
                    reluref::FloatFormat f{};
                    reluref::FormatOf(dt, &f);
                    const float ln = std::isnan(lambd) ? 0.5f : lambd;
                    const std::vector<uint64_t> specials = {dt == ACL_FLOAT ? Bits(ln) : leakyref::Encode(f, ln), 0, f.sign,
                                                            f.exp_mask, f.exp_mask | f.sign, f.exp_mask | 1, 1};
                    const size_t sz = dt == ACL_FLOAT ? 4 : 2;
                    std::vector<uint8_t> v(static_cast<size_t>(count) * sz);
                    for (size_t i = 0; i < v.size(); i += sz) {
                        const uint64_t u = RandomFloatBits(rng, dt, specials);
                        std::memcpy(&v[i], &u, sz);
                    }
                    return v;
                };
                const std::vector<uint8_t> gb = fill(dg, 35), sb = fill(ds, sshape[0] * sshape[1]);
                HostTensor gt = RawTensor(gshape, dg, gb.data(), gb.size()), st = RawTensor(sshape, ds, sb.data(), sb.size());
                HostTensor ot = EmptyTensor({5, 3, 7}, dout);
                // every third case a transposed view of gradInput over the same buffer ([5, 7, 3] storage)
                aclTensor* ov = ot.tensor;
                const bool strided = k % 3 == 0;
                if (strided) ov = MakeTensor({5, 3, 7}, dout, ot.buffer.get(), {21, 1, 3}, 0, {105});
                const std::string what = std::string(l1ref::ProfileKey(p)) + " lambd " + std::to_string(lambd) +
                                         " case " + std::to_string(k);
                ASSERT_EQ(RunHsb(gt.tensor, st.tensor, sl.s, ov), 0) << what << " " << LastError();
                const size_t osz = dout == ACL_FLOAT ? 4 : 2;
                const std::vector<uint8_t> got = Download<uint8_t>(ot.buffer.get(), 105 * osz);
                const int pr = l1ref::Promote(static_cast<int>(dg), static_cast<int>(ds));
                const float lf = lambd < 0.0f ? 0.0f : lambd;
                const long double le = pr == l1ref::kF16 ? l1ref::RoundTo(lf, l1ref::FormatOf(l1ref::kF16)) : lf;
                for (int64_t i = 0; i < 5; ++i) {
                    for (int64_t j = 0; j < 3; ++j) {
                        for (int64_t m = 0; m < 7; ++m) {
                            const size_t gi = static_cast<size_t>(i * 7 + m) * (dg == ACL_FLOAT ? 4 : 2);
                            const size_t si = static_cast<size_t>(sshape[1] == 1 ? j : j * 7 + m) * (ds == ACL_FLOAT ? 4 : 2);
                            const long double y = leakyref::HardshrinkBackward(l1ref::ReadValue(&gb[gi], static_cast<int>(dg)),
                                                                               l1ref::ReadValue(&sb[si], static_cast<int>(ds)), le);
                            uint8_t want[16] = {};  // any dtype's element
                            l1ref::WriteValue(want, static_cast<int>(dout), y);
                            const int64_t oi = strided ? i * 21 + j + m * 3 : (i * 3 + j) * 7 + m;
                            const uint8_t* have = &got[static_cast<size_t>(oi) * osz];
                            ASSERT_TRUE(l1ref::SameResult(static_cast<int>(dout), have, want))
                                << what << " at " << i << "," << j << "," << m;
                        }
                    }
                }
                if (strided) aclDestroyTensor(ov);
                ++checked;
            }
        }
    }
    EXPECT_GT(checked, 200);
}

}  // namespace
