// The nn_quant_matmul family's reference-tier operators through the public API (ops/families/nn_quant_matmul.yaml;
// docs/ops/nn_quant_matmul.md): the quant param's bit layout (TransQuantParamV2 / V3) against bits written out here
// from the kernel's rule; the quantised
// products (QuantMatmulV3 / V4) against integer sums and scalings computed here in double; every attribute's
// mapping (transposeX1 / transposeX2, roundMode, the offset a quant param carries, the bias before or after the
// dequantisation, the per-token scale); and the checks in CANN's order with its codes and messages, per product
// where the rules differ. The table-driven suite (reference_table_test.cpp) runs each entry's cases on transposed,
// strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "aclnnop/aclnn_quant_matmul_v3.h"
#include "aclnnop/aclnn_quant_matmul_v4.h"
#include "aclnnop/aclnn_trans_quant_param_v2.h"
#include "aclnnop/aclnn_trans_quant_param_v3.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace nn_quant_matmul_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;

uint32_t BitsOf(float f) {
    uint32_t u = 0;
    std::memcpy(&u, &f, 4);
    return u;
}
float FloatOf(uint32_t u) {
    float f = 0;
    std::memcpy(&f, &u, 4);
    return f;
}
/// The quant param written out from the kernel's layout (trans_quant_param_v2.h): scale bits in 0..31, bit 46, the
/// 9-bit offset at 37.
uint64_t Q(uint32_t scale_bits, int offset9) {
    return static_cast<uint64_t>(scale_bits) | (1ULL << 46) | ((static_cast<uint64_t>(offset9) & 0x1FF) << 37);
}
/// An int64 storage's elements back as uint64 bits (the values stay below 2^53: exact as double).
std::vector<uint64_t> Bits(const Dev& d) {
    const at::Tensor s = d.Storage();
    std::vector<uint64_t> r;
    for (int64_t i = 0; i < s.numel(); ++i) r.push_back(static_cast<uint64_t>(s[i].item<double>()));
    return r;
}
/// Whether the first phase refused a dtype the engine does not map yet (UINT64 before the low-precision engine work).
bool NotMapped(const std::string& msg) { return msg.find("not implemented at the reference tier") != std::string::npos; }

// ================================================================================ TransQuantParamV2 / V3

int TransV2(const aclTensor* scale, const aclTensor* offset, const aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTransQuantParamV2GetWorkspaceSize(scale, offset, out, ws, ex); },
                     aclnnTransQuantParamV2);
}
int TransV3(const aclTensor* scale, const aclTensor* offset, int64_t rm, const aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTransQuantParamV3GetWorkspaceSize(scale, offset, rm, out, ws, ex); },
        aclnnTransQuantParamV3);
}

// roundMode 0 (V2): the FP19 mask; the offset rint'ed (ties to even) and clamped to [-256, 255].
TEST(ReferenceNnQuantMatmulTransQuantParamV2, BitsOfScaleAndOffset) {
    const std::vector<double> sc = {1.0, FloatOf(0x3F801FFF), -3.1415927, 1e-3};
    const std::vector<double> of = {-1.5, 2.5, 300.0, -300.0};
    Dev scale(sc, at::kFloat, {4});
    Dev offset(of, at::kFloat, {4});
    Dev out(std::vector<double>(4, 7.0), at::kLong, {4});
    ASSERT_EQ(TransV2(scale.t, offset.t, out.t), 0) << LastError();
    const std::vector<uint64_t> got = Bits(out);
    EXPECT_EQ(got[0], Q(0x3F800000, -2));
    EXPECT_EQ(got[1], Q(0x3F800000, 2));
    EXPECT_EQ(got[2], Q(BitsOf(-3.1415927f) & 0xFFFFE000u, 255));
    EXPECT_EQ(got[3], Q(BitsOf(1e-3f) & 0xFFFFE000u, -256));
    // no offset; one scale serving a [1, n] out
    Dev one(std::vector<double>{0.5}, at::kFloat, {1});
    Dev out1(std::vector<double>(1, 7.0), at::kLong, {1});
    ASSERT_EQ(TransV2(one.t, nullptr, out1.t), 0) << LastError();
    EXPECT_EQ(Bits(out1)[0], Q(0x3F000000, 0));
    // one scale, three offsets (a transposed [1, 3] view of the scale is fine too)
    Dev offs(std::vector<double>{1.0, 2.0, 3.0}, at::kFloat, {1, 3});
    Dev out3(std::vector<double>(3, 7.0), at::kLong, {3});
    ASSERT_EQ(TransV2(one.t, offs.t, out3.t), 0) << LastError();
    EXPECT_EQ(Bits(out3), (std::vector<uint64_t>{Q(0x3F000000, 1), Q(0x3F000000, 2), Q(0x3F000000, 3)}));
}

// A UINT64 out (CANN's dtype for the matmuls' scale): the same bits.
TEST(ReferenceNnQuantMatmulTransQuantParamV2, Uint64Out) {
    Dev scale(std::vector<double>{2.0}, at::kFloat, {1});
    Dev out(std::vector<double>(1, 0.0), at::kLong, {1}, {}, 0, ACL_UINT64);
    const int st = TransV2(scale.t, nullptr, out.t);
    if (st != 0 && NotMapped(LastError())) GTEST_SKIP() << "UINT64 not mapped by the engine yet";
    ASSERT_EQ(st, 0) << LastError();
    EXPECT_EQ(Bits(out)[0], Q(0x40000000, 0));
}

// roundMode 1: FP19 rounding to nearest even, with the carry into the exponent.
TEST(ReferenceNnQuantMatmulTransQuantParamV3, RoundModeOneRoundsToNearestEven) {
    const std::vector<uint32_t> in = {0x3F803000, 0x3F801001, 0x3F800FFF, 0x3FFFF000, 0x3F801000};
    const std::vector<uint32_t> rm1 = {0x3F804000, 0x3F802000, 0x3F800000, 0x40000000, 0x3F800000};
    std::vector<double> sc;
    for (uint32_t u : in) sc.push_back(FloatOf(u));
    Dev scale(sc, at::kFloat, {5});
    Dev out(std::vector<double>(5, 7.0), at::kLong, {5});
    ASSERT_EQ(TransV3(scale.t, nullptr, 1, out.t), 0) << LastError();
    const std::vector<uint64_t> got = Bits(out);
    for (size_t i = 0; i < in.size(); ++i) EXPECT_EQ(got[i], Q(rm1[i], 0)) << i;
    Dev out0(std::vector<double>(5, 7.0), at::kLong, {5});
    ASSERT_EQ(TransV3(scale.t, nullptr, 0, out0.t), 0) << LastError();
    const std::vector<uint64_t> got0 = Bits(out0);
    for (size_t i = 0; i < in.size(); ++i) EXPECT_EQ(got0[i], Q(in[i] & 0xFFFFE000u, 0)) << i;
}

TEST(ReferenceNnQuantMatmulTransQuantParamV3, Checks) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev scale(std::vector<double>(4, 1.0), at::kFloat, {4});
    Dev scale16(std::vector<double>(4, 1.0), at::kHalf, {4});
    Dev scale2d(std::vector<double>(6, 1.0), at::kFloat, {2, 3});
    Dev offset3(std::vector<double>(3, 1.0), at::kFloat, {3});
    Dev offset_i(std::vector<double>(4, 1.0), at::kInt, {4});
    Dev out(std::vector<double>(4, 0.0), at::kLong, {4});
    Dev out_i(std::vector<double>(4, 0.0), at::kInt, {4});
    auto v3 = [](const aclTensor* s, const aclTensor* o, int64_t rm, const aclTensor* y) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnTransQuantParamV3GetWorkspaceSize(s, o, rm, y, ws, ex); };
    };
    ExpectFails(v3(nullptr, nullptr, 0, out.t), 161001, "Expected a proper Tensor but got null for argument scale.");
    ExpectFails(v3(scale.t, nullptr, 0, nullptr), 161001, "Expected a proper Tensor but got null for argument out.");
    ExpectFails(v3(scale16.t, nullptr, 0, out.t), 161002,
                "Tensor scale not implemented for DT_FLOAT16, should be in dtype support list [DT_FLOAT].");
    ExpectFails(v3(scale.t, offset_i.t, 0, out.t), 161002, "Tensor offset expected dtype is DT_FLOAT but found DT_INT32.");
    ExpectFails(v3(scale.t, nullptr, 0, out_i.t), 161002,
                "Tensor out not implemented for DT_INT32, should be in dtype support list [DT_UINT64, DT_INT64].");
    ExpectFails(v3(scale2d.t, nullptr, 0, out.t), 161002, "shape of scale only support (n, ) and (1, n), but current is [2,3]");
    ExpectFails(v3(scale.t, offset3.t, 0, out.t), 161002,
                "scale and offset should be same when both greater than 1, but scale is 4, offset is 3");
    ExpectFails(v3(scale.t, nullptr, 2, out.t), 161002, "roundMode only support 0 and 1, but current is 2");
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnTransQuantParamV3GetWorkspaceSize(scale.t, nullptr, 0, out.t, nullptr, &ex), 161001);
    EXPECT_EQ(aclnnTransQuantParamV2GetWorkspaceSize(scale.t, nullptr, out.t, &ws, nullptr), 161001);
}

// The Ascend 950 (regbase) takes a [g, n] scale.
TEST(ReferenceNnQuantMatmulTransQuantParamV2, GroupedScaleOn950) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    Dev scale(std::vector<double>{1.0, 2.0, 4.0, 8.0, 0.5, 0.25}, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6, 0.0), at::kLong, {6});
    ASSERT_EQ(TransV2(scale.t, nullptr, out.t), 0) << LastError();
    EXPECT_EQ(Bits(out)[4], Q(0x3F000000, 0));
}

// ================================================================================ QuantMatmulV3 / V4

int QmmV3(const aclTensor* x1, const aclTensor* x2, const aclTensor* scale, const aclTensor* offset,
          const aclTensor* bias, bool t1, bool t2, const aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantMatmulV3GetWorkspaceSize(x1, x2, scale, offset, bias, t1, t2, out, ws, ex);
        },
        aclnnQuantMatmulV3);
}
int QmmV4(const aclTensor* x1, const aclTensor* x2, const aclTensor* scale, const aclTensor* offset,
          const aclTensor* pertoken, const aclTensor* bias, bool t1, bool t2, const aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantMatmulV4GetWorkspaceSize(x1, x2, scale, offset, pertoken, bias, t1, t2, out, ws, ex);
        },
        aclnnQuantMatmulV4);
}

// x1 [3, 4] and x2 [4, 2] as int8 values (row-major), their exact product.
const std::vector<double> kX1 = {1, -2, 3, 127, -128, 5, 6, -7, 0, 9, -10, 11};
const std::vector<double> kX2 = {2, -1, 3, 4, -5, 6, 7, -8};
std::vector<double> Product(const std::vector<double>& a, const std::vector<double>& b, int m, int k, int n) {
    std::vector<double> r(static_cast<size_t>(m * n), 0.0);
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j)
            for (int p = 0; p < k; ++p) r[static_cast<size_t>(i * n + j)] += a[static_cast<size_t>(i * k + p)] * b[static_cast<size_t>(p * n + j)];
    return r;
}
/// The values of a [r, c] matrix stored transposed (its [c, r] storage).
std::vector<double> Transposed(const std::vector<double>& a, int r, int c) {
    std::vector<double> t(a.size());
    for (int i = 0; i < r; ++i)
        for (int j = 0; j < c; ++j) t[static_cast<size_t>(j * r + i)] = a[static_cast<size_t>(i * c + j)];
    return t;
}
double Bf16(double v) { return at::tensor({v}, at::kDouble).to(at::kBFloat16).to(at::kDouble).item<double>(); }
double Half(double v) { return at::tensor({v}, at::kDouble).to(at::kHalf).to(at::kDouble).item<double>(); }

// A FLOAT scale per n, a BF16 out: acc * scale rounded once (powers of two: exact before the rounding).
TEST(ReferenceNnQuantMatmulV3, FloatScaleBf16Out) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev x1(kX1, at::kChar, {3, 4});
    Dev x2(kX2, at::kChar, {4, 2});
    Dev scale(std::vector<double>{0.5, 0.03125}, at::kFloat, {2});
    Dev out(std::vector<double>(6, 9.0), at::kBFloat16, {3, 2});
    ASSERT_EQ(QmmV3(x1.t, x2.t, scale.t, nullptr, nullptr, false, false, out.t), 0) << LastError();
    const std::vector<double> acc = Product(kX1, kX2, 3, 4, 2);
    const at::Tensor got = out.Storage();
    for (int i = 0; i < 6; ++i) EXPECT_EQ(got[i].item<double>(), Bf16(acc[i] * (i % 2 ? 0.03125 : 0.5))) << i;
}

// transposeX1 / transposeX2: x1 given as its [k, m] transpose, x2 as [n, k]; an INT32 bias added before the scale.
TEST(ReferenceNnQuantMatmulV3, TransposeFlagsAndInt32Bias) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev x1t(Transposed(kX1, 3, 4), at::kChar, {4, 3});
    Dev x2t(Transposed(kX2, 4, 2), at::kChar, {2, 4});
    Dev scale(std::vector<double>{0.25}, at::kBFloat16, {1});
    Dev bias(std::vector<double>{3, -1000}, at::kInt, {2});
    Dev out(std::vector<double>(6, 9.0), at::kBFloat16, {3, 2});
    ASSERT_EQ(QmmV3(x1t.t, x2t.t, scale.t, nullptr, bias.t, true, true, out.t), 0) << LastError();
    const std::vector<double> acc = Product(kX1, kX2, 3, 4, 2);
    const at::Tensor got = out.Storage();
    for (int i = 0; i < 6; ++i) EXPECT_EQ(got[i].item<double>(), Bf16((acc[i] + (i % 2 ? -1000 : 3)) * 0.25)) << i;
    // the flags matter: without them the same tensors are [4, 3] @ [2, 4] - refused
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnQuantMatmulV3GetWorkspaceSize(x1t.t, x2t.t, scale.t, nullptr, bias.t, false, false, out.t, ws, ex);
    }, 161002, "x1 k dim and x2 k dim should be same, but x1 is 3, x2 is 2.");
}

// A quant-param scale (INT64 bits) with an INT8 out: the FP19 scale, the offset the param carries, rounding to
// nearest even and saturation.
TEST(ReferenceNnQuantMatmulV3, QuantParamScaleInt8OutWithEmbeddedOffset) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev x1(kX1, at::kChar, {3, 4});
    Dev x2(kX2, at::kChar, {4, 2});
    // 0.5 with offset 3; 1.0 + 2^-10 (bit 13) + 2^-23 (bit 0, masked away) with offset -2
    const uint32_t s1 = 0x3F802001;
    Dev scale(std::vector<double>{static_cast<double>(Q(0x3F000000, 3)), static_cast<double>(Q(s1, -2))}, at::kLong, {2});
    Dev out(std::vector<double>(6, 9.0), at::kChar, {3, 2});
    ASSERT_EQ(QmmV3(x1.t, x2.t, scale.t, nullptr, nullptr, false, false, out.t), 0) << LastError();
    const std::vector<double> acc = Product(kX1, kX2, 3, 4, 2);
    const at::Tensor got = out.Storage();
    const double sc[2] = {0.5, static_cast<double>(FloatOf(s1 & 0xFFFFE000u))};
    const double off[2] = {3, -2};
    for (int i = 0; i < 6; ++i) {
        const double f = static_cast<double>(static_cast<float>(acc[i]) * static_cast<float>(sc[i % 2])) + off[i % 2];
        const double want = std::max(-128.0, std::min(127.0, std::nearbyint(f)));
        EXPECT_EQ(got[i].item<double>(), want) << i << " acc " << acc[i];
    }
    // an offset tensor replaces the carried offset
    Dev offset(std::vector<double>{-0.5, 10}, at::kFloat, {2});
    Dev out2(std::vector<double>(6, 9.0), at::kChar, {3, 2});
    ASSERT_EQ(QmmV3(x1.t, x2.t, scale.t, offset.t, nullptr, false, false, out2.t), 0) << LastError();
    const at::Tensor got2 = out2.Storage();
    const double off2[2] = {-0.5, 10};
    for (int i = 0; i < 6; ++i) {
        const double f = static_cast<double>(static_cast<float>(acc[i]) * static_cast<float>(sc[i % 2])) + off2[i % 2];
        EXPECT_EQ(got2[i].item<double>(), std::max(-128.0, std::min(127.0, std::nearbyint(f)))) << i;
    }
}

// A UINT64 quant param (as aclnnTransQuantParamV2 writes it) with a FLOAT16 out and an INT32 bias, batched x1.
TEST(ReferenceNnQuantMatmulV3, Uint64ScaleFloat16OutBatched) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    // the second batch negated, -128 (whose negation INT8 cannot hold) as 127
    auto negate = [](double v) { return v == -128 ? 127.0 : -v; };
    std::vector<double> x1b = kX1;
    for (double v : kX1) x1b.push_back(negate(v));
    Dev x1(x1b, at::kChar, {2, 3, 4});
    Dev x2(kX2, at::kChar, {4, 2});
    Dev scale(std::vector<double>{static_cast<double>(Q(BitsOf(0.1f), 0))}, at::kLong, {1}, {}, 0, ACL_UINT64);
    Dev bias(std::vector<double>{1, 2}, at::kInt, {2});
    Dev out(std::vector<double>(12, 9.0), at::kHalf, {2, 3, 2});
    const int st = QmmV3(x1.t, x2.t, scale.t, nullptr, bias.t, false, false, out.t);
    if (st != 0 && NotMapped(LastError())) GTEST_SKIP() << "UINT64 not mapped by the engine yet";
    ASSERT_EQ(st, 0) << LastError();
    const float s = FloatOf(BitsOf(0.1f) & 0xFFFFE000u);
    const at::Tensor got = out.Storage();
    for (int b = 0; b < 2; ++b) {
        std::vector<double> xa(kX1);
        if (b) for (double& v : xa) v = negate(v);
        const std::vector<double> acc = Product(xa, kX2, 3, 4, 2);
        for (int i = 0; i < 6; ++i) {
            EXPECT_EQ(got[b * 6 + i].item<double>(), Half(static_cast<float>(acc[i] + (i % 2 ? 2 : 1)) * s)) << b << i;
        }
    }
}

// An INT32 out: the accumulator plus the INT32 bias, not dequantised.
TEST(ReferenceNnQuantMatmulV3, Int32OutIsTheAccumulator) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev x1(kX1, at::kChar, {3, 4});
    Dev x2(kX2, at::kChar, {4, 2});
    Dev scale(std::vector<double>{0.5}, at::kFloat, {1});
    Dev bias(std::vector<double>{100, -100}, at::kInt, {2});
    Dev out(std::vector<double>(6, 9.0), at::kInt, {3, 2});
    ASSERT_EQ(QmmV3(x1.t, x2.t, scale.t, nullptr, bias.t, false, false, out.t), 0) << LastError();
    const std::vector<double> acc = Product(kX1, kX2, 3, 4, 2);
    const at::Tensor got = out.Storage();
    for (int i = 0; i < 6; ++i) EXPECT_EQ(got[i].item<double>(), acc[i] + (i % 2 ? -100 : 100)) << i;
}

// V4: the per-token scale per row, a FLOAT16 bias added after the scalings; a BF16 bias with a BF16 out.
TEST(ReferenceNnQuantMatmulV4, PertokenScaleThenFloatBias) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev x1(kX1, at::kChar, {3, 4});
    Dev x2(kX2, at::kChar, {4, 2});
    Dev scale(std::vector<double>{0.5, 2.0}, at::kFloat, {2});
    Dev pertoken(std::vector<double>{1.0, 0.25, -4.0}, at::kFloat, {3});
    Dev bias(std::vector<double>{0.5, -1.5}, at::kHalf, {2});
    Dev out(std::vector<double>(6, 9.0), at::kHalf, {3, 2});
    ASSERT_EQ(QmmV4(x1.t, x2.t, scale.t, nullptr, pertoken.t, bias.t, false, false, out.t), 0) << LastError();
    const std::vector<double> acc = Product(kX1, kX2, 3, 4, 2);
    const double pt[3] = {1.0, 0.25, -4.0};
    const at::Tensor got = out.Storage();
    for (int i = 0; i < 6; ++i) {
        EXPECT_EQ(got[i].item<double>(), Half(acc[i] * (i % 2 ? 2.0 : 0.5) * pt[i / 2] + (i % 2 ? -1.5 : 0.5))) << i;
    }
    // an INT32 bias goes in before the scalings
    Dev ibias(std::vector<double>{1, -1}, at::kInt, {2});
    Dev out2(std::vector<double>(6, 9.0), at::kBFloat16, {3, 2});
    ASSERT_EQ(QmmV4(x1.t, x2.t, scale.t, nullptr, pertoken.t, ibias.t, false, false, out2.t), 0) << LastError();
    const at::Tensor got2 = out2.Storage();
    for (int i = 0; i < 6; ++i) {
        EXPECT_EQ(got2[i].item<double>(), Bf16((acc[i] + (i % 2 ? -1 : 1)) * (i % 2 ? 2.0 : 0.5) * pt[i / 2])) << i;
    }
}

TEST(ReferenceNnQuantMatmulV4, ChecksOnAtlasA2) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev x1(kX1, at::kChar, {3, 4});
    Dev x2(kX2, at::kChar, {4, 2});
    Dev x1_1d(std::vector<double>(4, 1.0), at::kChar, {4});
    Dev x2_i32(kX2, at::kInt, {4, 2});
    Dev x1_empty(std::vector<double>{}, at::kChar, {0, 4});
    Dev out_empty(std::vector<double>{}, at::kBFloat16, {0, 2});
    Dev fscale(std::vector<double>{0.5, 2.0}, at::kFloat, {2});
    Dev fscale3(std::vector<double>{0.5, 2.0, 1.0}, at::kFloat, {3});
    Dev qscale(std::vector<double>{static_cast<double>(Q(0x3F000000, 0))}, at::kLong, {1});
    Dev dscale(std::vector<double>{0.5}, at::kDouble, {1});
    Dev pt(std::vector<double>{1, 1, 1}, at::kFloat, {3});
    Dev pt2(std::vector<double>{1, 1}, at::kFloat, {2});
    Dev offset(std::vector<double>{1, 1}, at::kFloat, {2});
    Dev f16bias(std::vector<double>{1, 1}, at::kHalf, {2});
    Dev fbias(std::vector<double>{1, 1}, at::kFloat, {2});
    Dev out16(std::vector<double>(6), at::kHalf, {3, 2});
    Dev out8(std::vector<double>(6), at::kChar, {3, 2});
    Dev outbf(std::vector<double>(6), at::kBFloat16, {3, 2});
    Dev outf(std::vector<double>(6), at::kFloat, {3, 2});
    Dev out_wrong(std::vector<double>(8), at::kHalf, {4, 2});
    auto v4 = [](const aclTensor* a, const aclTensor* b, const aclTensor* s, const aclTensor* o, const aclTensor* p,
                 const aclTensor* bi, const aclTensor* y) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantMatmulV4GetWorkspaceSize(a, b, s, o, p, bi, false, false, y, ws, ex);
        };
    };
    ExpectFails(v4(nullptr, x2.t, qscale.t, nullptr, nullptr, nullptr, out16.t), 161001,
                "Expected a proper Tensor but got null for argument x1.");
    ExpectFails(v4(x1.t, x2.t, nullptr, nullptr, nullptr, nullptr, out16.t), 161001,
                "Expected a proper Tensor but got null for argument scale.");
    ExpectFails(v4(x1_1d.t, x2.t, qscale.t, nullptr, nullptr, nullptr, out16.t), 161002,
                "The x1 tensor must have at least 2 dimensions.");
    ExpectFails(v4(x1.t, x2_i32.t, qscale.t, nullptr, nullptr, nullptr, out16.t), 161002,
                "Tensor x2 not implemented for DT_INT32, should be in dtype support list [DT_INT4, DT_INT8].");
    ExpectFails(v4(x1.t, x2.t, dscale.t, nullptr, nullptr, nullptr, out16.t), 161002,
                "Tensor scale not implemented for DT_DOUBLE, should be in dtype support list [DT_UINT64, DT_BF16, "
                "DT_INT64, DT_FLOAT].");
    ExpectFails(v4(x1.t, x2.t, qscale.t, nullptr, nullptr, nullptr, outf.t), 161002,
                "Tensor out not implemented for DT_FLOAT, should be in dtype support list [DT_INT8, DT_FLOAT16, "
                "DT_BF16, DT_INT32].");
    ExpectFails(v4(x1.t, x2.t, qscale.t, offset.t, nullptr, nullptr, out16.t), 161002,
                "Offset only exists when out dtype is INT8, actual dtype is DT_FLOAT16.");
    ExpectFails(v4(x1.t, x2.t, fscale.t, nullptr, nullptr, nullptr, out8.t), 161002,
                "When the dtype of out is INT8, scale dtype should be INT64 or UINT64, actual dtype is DT_FLOAT.");
    ExpectFails(v4(x1.t, x2.t, qscale.t, nullptr, nullptr, nullptr, outbf.t), 161002,
                "When the dtype of out is BFLOAT16, scale dtype should be BFLOAT16/FLOAT in A4W4/A8W8 scenario");
    ExpectFails(v4(x1.t, x2.t, fscale.t, nullptr, nullptr, f16bias.t, out16.t), 161002,
                "When pertokenScaleOptional is nullptr, bias dtype should not be FLOAT16.");
    ExpectFails(v4(x1.t, x2.t, fscale.t, nullptr, nullptr, fbias.t, out16.t), 161002,
                "When pertokenScaleOptional is nullptr and bias dtype is FLOAT, out dtype should be BFLOAT16");
    ExpectFails(v4(x1.t, x2.t, fscale3.t, nullptr, pt.t, nullptr, out16.t), 161002,
                "Scale last dim should equal to x2 n dim 2 or 1, but actual is 3.");
    ExpectFails(v4(x1.t, x2.t, fscale.t, nullptr, pt2.t, nullptr, out16.t), 161002,
                "PertokenScaleOptional 1st dim should be equal to x1 m dim 3 or 1, but actually is 2.");
    ExpectFails(v4(x1.t, x2.t, fscale.t, nullptr, pt.t, nullptr, out_wrong.t), 161002,
                "Out 1st dim should be equal to x1 m dim, but out 1st dim is 4, x1 m dim is 3.");
    ExpectFails(v4(x1_empty.t, x2.t, fscale.t, nullptr, nullptr, nullptr, out_empty.t), 161002,
                "QuantMatmul not support to process empty tensor currently.");
    uint64_t ws = 0;
    EXPECT_EQ(aclnnQuantMatmulV4GetWorkspaceSize(x1.t, x2.t, qscale.t, nullptr, nullptr, nullptr, false, false,
                                                 out16.t, &ws, nullptr),
              161001);
}

// Per product: Ascend910 has no quantised matmul (361001); the Ascend 310P takes INT8 / FLOAT16 outs only. (A
// ProfileScope re-initialises the runtime: each block makes its own tensors.)
struct PerProductTensors {
    Dev x1{kX1, at::kChar, {3, 4}};
    Dev x2{kX2, at::kChar, {4, 2}};
    Dev qscale{std::vector<double>{static_cast<double>(Q(0x3F000000, 0))}, at::kLong, {1}};
    Dev fscale{std::vector<double>{0.5}, at::kFloat, {1}};
    Dev out16{std::vector<double>(6), at::kHalf, {3, 2}};
    Dev outbf{std::vector<double>(6), at::kBFloat16, {3, 2}};
};

TEST(ReferenceNnQuantMatmulV3, ChecksPerProduct) {
    auto v3 = [](const aclTensor* a, const aclTensor* b, const aclTensor* s, const aclTensor* y) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantMatmulV3GetWorkspaceSize(a, b, s, nullptr, nullptr, false, false, y, ws, ex);
        };
    };
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        PerProductTensors t;
        ExpectFails(v3(t.x1.t, t.x2.t, t.qscale.t, t.out16.t), 361001,
                    "QuantBatchMatmul support for Ascend910 is not implemented in a8w8 scenario.");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        PerProductTensors t;
        ExpectFails(v3(t.x1.t, t.x2.t, t.fscale.t, t.outbf.t), 161002,
                    "Scale dtype should be UINT64 or INT64, actual dtype is DT_FLOAT");
        EXPECT_EQ(QmmV3(t.x1.t, t.x2.t, t.qscale.t, nullptr, nullptr, false, false, t.out16.t), 0) << LastError();
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        PerProductTensors t;
        EXPECT_EQ(QmmV3(t.x1.t, t.x2.t, t.fscale.t, nullptr, nullptr, false, false, t.outbf.t), 0) << LastError();
        ExpectFails(v3(t.x1.t, t.x2.t, t.fscale.t, t.out16.t), 161002,
                    "When pertokenScaleOptional is nullptr and output dtype is INT8 or FLOAT16, scale dtype should "
                    "not be FLOAT.");
    }
}

}  // namespace nn_quant_matmul_reference_test
