// The nn_quant_mx family's reference-tier operators through the public API (ops/families/nn_quant_mx.yaml;
// docs/ops/nn_quant_mx.md): the MX quantisation's codes computed here by hand (the E8M0 scale codes, the FLOAT8 /
// FLOAT4 element codes, the scale layout of a non-last axis, the grouped layout's pad and filler rows), each
// scaleAlg and round mode where they differ, and the checks with their codes. The table-driven suite
// (reference_table_test.cpp) runs each entry's cases on transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "aclnnop/aclnn_add_rms_norm_dynamic_mx_quant.h"
#include "aclnnop/aclnn_anti_mx_quant.h"
#include "aclnnop/aclnn_dynamic_mx_quant.h"
#include "aclnnop/aclnn_dynamic_mx_quant_v3.h"
#include "aclnnop/aclnn_dynamic_mx_quant_with_dual_axis_v2.h"
#include "aclnnop/aclnn_grouped_dynamic_mx_quant.h"
#include "aclnnop/aclnn_rms_norm_dynamic_mx_quant.h"
#include "aclnnop/aclnn_swiglu_backward_mx_quant_with_dual_axis.h"
#include "aclnnop/aclnn_swiglu_mx_quant.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit.
namespace nn_quant_mx_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;

/// A device tensor of raw 8-bit codes described as `acl` (FLOAT8_*, FLOAT8_E8M0; FLOAT4 two codes a byte, its
/// storage shape counted in elements, so a FLOAT4 tensor is given one byte per element and uses the first half).
struct Codes {
    Dev d;
    Codes(std::vector<int64_t> shape, aclDataType acl, size_t bytes)
        : d(std::vector<double>(bytes, 0xEE), at::kByte, std::move(shape), {}, 0, acl) {}
    std::vector<int> Get() const {
        std::vector<int> r;
        for (double v : d.Values()) r.push_back(static_cast<int>(v));
        return r;
    }
};

/// The E8M0 code of 2^e.
int E8(int e) { return e + 127; }

// FLOAT8_E4M3FN codes of the values used below.
constexpr int kE4M3_4 = 0x48;
constexpr int kE4M3_32 = 0x60;
constexpr int kE4M3_256 = 0x78;
constexpr int kE4M3_448 = 0x7E;

int DynMx(const aclTensor* x, int64_t axis, const char* rm, int64_t dst, int64_t bs, int64_t alg, const aclTensor* y,
          const aclTensor* s) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnDynamicMxQuantGetWorkspaceSize(x, axis, const_cast<char*>(rm), dst, bs, alg, y, s, ws, ex);
        },
        aclnnDynamicMxQuant);
}

// CANN's example: x = {0, 8, 64, 512} BF16, FLOAT8_E4M3FN, OCP scale: 2^(floor(log2 512) - 8) = 2, y = x / 2;
// the odd block count is padded with the code 0 (2^-127).
TEST(ReferenceNnQuantMxDynamicMxQuant, ExampleCodes) {
    Dev x({0, 8, 64, 512}, at::kBFloat16, {1, 4});
    Codes y({1, 4}, ACL_FLOAT8_E4M3FN, 4);
    Codes s({1, 1, 2}, ACL_FLOAT8_E8M0, 2);
    ASSERT_EQ(DynMx(x.t, -1, "rint", 36, 32, 0, y.d.t, s.d.t), 0) << LastError();
    EXPECT_EQ(y.Get(), (std::vector<int>{0, kE4M3_4, kE4M3_32, kE4M3_256}));
    EXPECT_EQ(s.Get(), (std::vector<int>{E8(1), 0}));
}

// OCP: a block whose amax is 480 gets 2^(8 - 8) = 1 and its 480 saturates to 448 (not NaN); a zero block gets
// 2^-127 (code 0); a NULL round mode is rint.
TEST(ReferenceNnQuantMxDynamicMxQuant, SaturationAndZeroBlock) {
    std::vector<double> xv(64, 0.0);
    xv[0] = 480;
    xv[1] = -3;
    Dev x(xv, at::kFloat, {1, 64});
    Codes y({1, 64}, ACL_FLOAT8_E4M3FN, 64);
    Codes s({1, 1, 2}, ACL_FLOAT8_E8M0, 2);
    ASSERT_EQ(DynMx(x.t, -1, nullptr, 36, 32, 0, y.d.t, s.d.t), 0) << LastError();
    const std::vector<int> yc = y.Get();
    EXPECT_EQ(yc[0], kE4M3_448);
    EXPECT_EQ(yc[1], 0xC4);  // -3: sign, exponent 8 (1 + 7), mantissa .100
    EXPECT_EQ(yc[40], 0);
    EXPECT_EQ(s.Get(), (std::vector<int>{E8(0), 0}));
}

// A non-last axis: x [64, 2] along axis 0 gives mxscale [1, 2, 2], each column's two block scales side by side in
// the trailing dim (CANN's interleaving).
TEST(ReferenceNnQuantMxDynamicMxQuant, NonLastAxisInterleaves) {
    std::vector<double> xv(128, 0.0);
    xv[0 * 2 + 0] = 1.0;   // column 0, block 0: amax 1 -> 2^-8
    xv[40 * 2 + 0] = 4.0;  // column 0, block 1: amax 4 -> 2^-6
    xv[3 * 2 + 1] = 16.0;  // column 1, block 0: 2^-4
    xv[63 * 2 + 1] = 0.5;  // column 1, block 1: 2^-9
    Dev x(xv, at::kHalf, {64, 2});
    Codes y({64, 2}, ACL_FLOAT8_E5M2, 128);
    Codes s({1, 2, 2}, ACL_FLOAT8_E8M0, 4);
    // E5M2: emax 15
    ASSERT_EQ(DynMx(x.t, 0, "rint", 35, 32, 0, y.d.t, s.d.t), 0) << LastError();
    EXPECT_EQ(s.Get(), (std::vector<int>{E8(0 - 15), E8(2 - 15), E8(4 - 15), E8(-1 - 15)}));
    // 1 / 2^-15 = 2^15: E5M2 code 0 11110 00 = 0x78
    EXPECT_EQ(y.Get()[0], 0x78);
}

// FLOAT4_E2M1 (amax 6: scale 1): 2.5 and 5 are ties - rint to even (2, 4), round away (3, 6), floor down (2, 4;
// -2.5 to -3). Codes: 0.5 1, 1 2, 1.5 3, 2 4, 3 5, 4 6, 6 7, sign 8; two a byte, the first in the low nibble.
TEST(ReferenceNnQuantMxDynamicMxQuant, Fp4RoundModes) {
    std::vector<double> xv = {6, 2.5, -2.5, 5};
    xv.resize(32, 0.0);
    Dev x(xv, at::kBFloat16, {1, 32});
    struct Want {
        const char* mode;
        int b0;
        int b1;
    };
    for (const Want& w : {Want{"rint", 0x47, 0x6C}, Want{"round", 0x57, 0x7D}, Want{"floor", 0x47, 0x6D}}) {
        Codes y({1, 32}, ACL_FLOAT4_E2M1, 32);  // storage counted in elements: 32 (16 bytes used)
        Codes s({1, 1, 2}, ACL_FLOAT8_E8M0, 2);
        ASSERT_EQ(DynMx(x.t, -1, w.mode, 40, 32, 0, y.d.t, s.d.t), 0) << LastError();
        const std::vector<int> yc = y.Get();
        EXPECT_EQ(yc[0], w.b0) << w.mode;
        EXPECT_EQ(yc[1], w.b1) << w.mode;
        EXPECT_EQ(s.Get()[0], E8(0)) << w.mode;
    }
}

// scaleAlg 1 (cuBLAS): amax 500 -> 500 / 448 = 1.116 -> exponent rounded up: scale 2, y 250 -> 256; OCP would
// give scale 1 and saturate to 448.
TEST(ReferenceNnQuantMxDynamicMxQuant, CublasScale) {
    std::vector<double> xv(32, 0.0);
    xv[0] = 500;
    Dev x(xv, at::kFloat, {1, 32});
    Codes y({1, 32}, ACL_FLOAT8_E4M3FN, 32);
    Codes s({1, 1, 2}, ACL_FLOAT8_E8M0, 2);
    ASSERT_EQ(DynMx(x.t, -1, "rint", 36, 32, 1, y.d.t, s.d.t), 0) << LastError();
    EXPECT_EQ(s.Get()[0], E8(1));
    EXPECT_EQ(y.Get()[0], kE4M3_256);
    ASSERT_EQ(DynMx(x.t, -1, "rint", 36, 32, 0, y.d.t, s.d.t), 0) << LastError();
    EXPECT_EQ(s.Get()[0], E8(0));
    EXPECT_EQ(y.Get()[0], kE4M3_448);
}

// V3's maxLowBound raises the block's amax under scaleAlg 1 (CANN's V3 example: x {0, 8, 64, 512}, bound 0.5,
// y {0, 72, 96, 120}, scale {128, 0}); a bound of 448 on a block of amax 1 gives scale 1 (448 / 448, no round-up).
TEST(ReferenceNnQuantMxDynamicMxQuantV3, MaxLowBound) {
    auto call = [](const aclTensor* x, double bound, const aclTensor* y, const aclTensor* s) {
        return RunPhases(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnDynamicMxQuantV3GetWorkspaceSize(x, -1, const_cast<char*>("rint"), 36, 32, 1, 0.0, bound, y,
                                                            s, ws, ex);
            },
            aclnnDynamicMxQuantV3);
    };
    Dev x({0, 8, 64, 512}, at::kBFloat16, {1, 4});
    Codes y({1, 4}, ACL_FLOAT8_E4M3FN, 4);
    Codes s({1, 1, 2}, ACL_FLOAT8_E8M0, 2);
    ASSERT_EQ(call(x.t, 0.5, y.d.t, s.d.t), 0) << LastError();
    EXPECT_EQ(y.Get(), (std::vector<int>{0, 72, 96, 120}));
    EXPECT_EQ(s.Get(), (std::vector<int>{128, 0}));
    Dev small({1, 0.5, -0.25, 0}, at::kBFloat16, {1, 4});
    ASSERT_EQ(call(small.t, 448.0, y.d.t, s.d.t), 0) << LastError();
    EXPECT_EQ(s.Get()[0], E8(0));
    ASSERT_EQ(call(small.t, 0.0, y.d.t, s.d.t), 0) << LastError();
    EXPECT_EQ(s.Get()[0], E8(-8));  // 1 / 448 -> 2^-9 rounded up to 2^-8
}

// DualAxisV2, FLOAT4_E2M1 with scaleAlg 2: amax 7 (BF16 mantissa 0x60) exceeds 1.5 -> scale 2 under dstTypeMax 6
// (7 / 2 = 3.5 -> 4 by rint), not 1.75 -> scale 1 under dstTypeMax 7 (7 saturates to 6); both axes.
TEST(ReferenceNnQuantMxDualAxis, ScaleAlg2CarryRule) {
    auto call = [](const aclTensor* x, double dmax, const aclTensor* y1, const aclTensor* s1, const aclTensor* y2,
                   const aclTensor* s2) {
        return RunPhases(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnDynamicMxQuantWithDualAxisV2GetWorkspaceSize(x, const_cast<char*>("rint"), 40, 2, dmax, y1, s1,
                                                                        y2, s2, ws, ex);
            },
            aclnnDynamicMxQuantWithDualAxisV2);
    };
    std::vector<double> xv(2 * 32, 0.0);
    xv[0] = 7;  // row 0, column 0
    Dev x(xv, at::kBFloat16, {2, 32});
    for (double dmax : {6.0, 7.0}) {
        Codes y1({2, 32}, ACL_FLOAT4_E2M1, 64);
        Codes s1({2, 1, 2}, ACL_FLOAT8_E8M0, 4);
        Codes y2({2, 32}, ACL_FLOAT4_E2M1, 64);
        Codes s2({1, 32, 2}, ACL_FLOAT8_E8M0, 64);
        ASSERT_EQ(call(x.t, dmax, y1.d.t, s1.d.t, y2.d.t, s2.d.t), 0) << LastError();
        const int scale = dmax == 6.0 ? E8(1) : E8(0);
        const int code = dmax == 6.0 ? 6 : 7;  // 4 or 6
        EXPECT_EQ(s1.Get()[0], scale) << dmax;
        EXPECT_EQ(y1.Get()[0] & 0xF, code) << dmax;
        EXPECT_EQ(s2.Get()[0], scale) << dmax;  // column 0's block along -2
        EXPECT_EQ(y2.Get()[0] & 0xF, code) << dmax;
        EXPECT_EQ(s2.Get()[2], 0) << dmax;  // column 1: a zero block
    }
}

// Grouped: x [64, 1], groups ending at 10 and 64: group 0's one block in row 0 and a pad row (code 0); group 1
// starts at row 2 * (10 / 64 + 1) = 2 with two blocks, then filler rows of 1.0 (code 127) up to row 6.
TEST(ReferenceNnQuantMxGrouped, Layout) {
    std::vector<double> xv(64, 0.0);
    xv[3] = 2.0;    // group 0: 2^(1 - 8)
    xv[12] = 8.0;   // group 1, block rows 10..41: 2^(3 - 8)
    xv[50] = 0.25;  // group 1, block rows 42..63: 2^(-2 - 8)
    Dev x(xv, at::kBFloat16, {64, 1});
    Dev gi({10, 64}, at::kInt, {2});
    Codes y({64, 1}, ACL_FLOAT8_E4M3FN, 64);
    Codes s({3, 1, 2}, ACL_FLOAT8_E8M0, 6);
    const int st = RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnGroupedDynamicMxQuantGetWorkspaceSize(x.t, gi.t, "rint", 36, 32, y.d.t, s.d.t, ws, ex);
        },
        aclnnGroupedDynamicMxQuant);
    ASSERT_EQ(st, 0) << LastError();
    EXPECT_EQ(s.Get(), (std::vector<int>{E8(-7), 0, E8(-5), E8(-10), 127, 127}));
    EXPECT_EQ(y.Get()[3], kE4M3_256);
    EXPECT_EQ(y.Get()[12], kE4M3_256);
}

// AntiMxQuant undoes DynamicMxQuant's codes: CANN's example {0, 72, 96, 120} with scale 128 (2) gives {0, 8, 64, 512}.
TEST(ReferenceNnQuantMxAntiMxQuant, ExampleValues) {
    Dev x({0, 72, 96, 120}, at::kByte, {1, 4}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev s({128, 0}, at::kByte, {1, 1, 2}, {}, 0, ACL_FLOAT8_E8M0);
    Dev y(std::vector<double>(4, 9), at::kBFloat16, {1, 4});
    const int st = RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAntiMxQuantGetWorkspaceSize(x.t, s.t, -1, 27, y.t, ws, ex); },
        aclnnAntiMxQuant);
    ASSERT_EQ(st, 0) << LastError();
    EXPECT_EQ(y.Values(), (std::vector<double>{0, 8, 64, 512}));
}

// RmsNorm then MX: x all 2 -> rms 2 (epsilon makes it a little more) -> v just below gamma = 1.5 everywhere ->
// scale 2^-8, y 384 (E4M3 0x7C); rstd ~ 1/2.
TEST(ReferenceNnQuantMxRmsNorm, Values) {
    Dev x(std::vector<double>(32, 2.0), at::kHalf, {1, 32});
    Dev g(std::vector<double>(32, 1.5), at::kHalf, {32});
    Codes y({1, 32}, ACL_FLOAT8_E4M3FN, 32);
    Codes s({1, 1, 2}, ACL_FLOAT8_E8M0, 2);
    Dev r({0}, at::kFloat, {1, 1});
    const int st = RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnRmsNormDynamicMxQuantGetWorkspaceSize(x.t, g.t, nullptr, 1e-6, 0, const_cast<char*>("rint"), 36,
                                                              true, y.d.t, s.d.t, r.t, ws, ex);
        },
        aclnnRmsNormDynamicMxQuant);
    ASSERT_EQ(st, 0) << LastError();
    EXPECT_EQ(s.Get(), (std::vector<int>{E8(-8), 0}));
    EXPECT_EQ(y.Get()[5], 0x7C);
    EXPECT_NEAR(r.Values()[0], 0.5, 1e-6);
    // the Add form: x1 + x2 = 2 (xOut), the same codes
    Dev x1(std::vector<double>(32, 1.5), at::kHalf, {1, 32});
    Dev x2(std::vector<double>(32, 0.5), at::kHalf, {1, 32});
    Dev xo(std::vector<double>(32, 0), at::kHalf, {1, 32});
    Codes y2({1, 32}, ACL_FLOAT8_E4M3FN, 32);
    const int st2 = RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAddRmsNormDynamicMxQuantGetWorkspaceSize(x1.t, x2.t, g.t, nullptr, 1e-6, 0,
                                                                 const_cast<char*>("rint"), 36, false, y2.d.t, xo.t,
                                                                 s.d.t, nullptr, ws, ex);
        },
        aclnnAddRmsNormDynamicMxQuant);
    ASSERT_EQ(st2, 0) << LastError();
    EXPECT_EQ(xo.Values()[7], 2.0);
    EXPECT_EQ(y2.Get()[7], 0x7C);
}

// SwigluMxQuant mode 0: silu(A) * B against ATen's silu, then the same MX rule (the scale of the block's amax).
TEST(ReferenceNnQuantMxSwiglu, Mode0AgainstAten) {
    std::vector<double> xv;
    for (int i = 0; i < 64; ++i) xv.push_back(0.1 * (i - 20));
    Dev xb(xv, at::kBFloat16, {1, 64});
    Codes y({1, 32}, ACL_FLOAT8_E4M3FN, 32);
    Codes s({1, 1, 2}, ACL_FLOAT8_E8M0, 2);
    const int st = RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnSwigluMxQuantGetWorkspaceSize(xb.t, nullptr, -1, true, 0, 7.0, 1.0, 0.0, 0, -1, 36,
                                                      const_cast<char*>("rint"), 0, 0.0, y.d.t, s.d.t, ws, ex);
        },
        aclnnSwigluMxQuant);
    ASSERT_EQ(st, 0) << LastError();
    const at::Tensor xt = at::tensor(xv, at::kDouble).to(at::kBFloat16).to(at::kFloat);
    const at::Tensor v = at::silu(xt.narrow(0, 0, 32)) * xt.narrow(0, 32, 32);
    const float amax = v.abs().max().item<float>();
    const int e = static_cast<int>(std::floor(std::log2(amax))) - 8;
    EXPECT_EQ(s.Get()[0], E8(e));
}

// SwigluBackward: A = 0, B = 2, yGrad = 1 -> grad_A = yGrad * B * sigmoid(0) * 1 = 1, grad_B = 0; cuBLAS scale of
// amax 1: 1 / 448 rounds up to 2^-8 (code 119), y 256; the zero half gets code 0, along both axes.
TEST(ReferenceNnQuantMxSwigluBackward, GradAndDualScales) {
    std::vector<double> xv(64, 0.0);
    for (int i = 32; i < 64; ++i) xv[i] = 2.0;
    Dev x(xv, at::kBFloat16, {1, 64});
    Dev g(std::vector<double>(32, 1.0), at::kBFloat16, {1, 32});
    Codes y1({1, 64}, ACL_FLOAT8_E4M3FN, 64);
    Codes s1({1, 1, 2}, ACL_FLOAT8_E8M0, 2);
    Codes y2({1, 64}, ACL_FLOAT8_E4M3FN, 64);
    Codes s2({1, 64, 2}, ACL_FLOAT8_E8M0, 128);
    const int st = RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnSwigluBackwardMxQuantWithDualAxisGetWorkspaceSize(x.t, g.t, nullptr, true,
                                                                          const_cast<char*>("rint"), 1, 36, 0.0, y1.d.t,
                                                                          s1.d.t, y2.d.t, s2.d.t, ws, ex);
        },
        aclnnSwigluBackwardMxQuantWithDualAxis);
    ASSERT_EQ(st, 0) << LastError();
    EXPECT_EQ(s1.Get(), (std::vector<int>{E8(-8), 0}));
    EXPECT_EQ(y1.Get()[0], kE4M3_256);
    EXPECT_EQ(y1.Get()[40], 0);
    EXPECT_EQ(s2.Get()[0], E8(-8));
    EXPECT_EQ(s2.Get()[64], 0);
    EXPECT_EQ(y2.Get()[5], kE4M3_256);
}

// The checks: a product other than the Ascend 950 (361001), a FLOAT8 y with round mode floor, y's dtype not dstType,
// a wrong mxscale shape, NULL (161001).
TEST(ReferenceNnQuantMxDynamicMxQuant, Checks) {
    Dev x(std::vector<double>(64, 1.0), at::kBFloat16, {2, 32});
    Codes y({2, 32}, ACL_FLOAT8_E4M3FN, 64);
    Codes s({2, 1, 2}, ACL_FLOAT8_E8M0, 4);
    Codes bad({2, 2}, ACL_FLOAT8_E8M0, 4);
    auto call = [](const aclTensor* xx, const char* rm, int64_t dst, int64_t bs, const aclTensor* yy,
                   const aclTensor* ss) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnDynamicMxQuantGetWorkspaceSize(xx, -1, const_cast<char*>(rm), dst, bs, 0, yy, ss, ws, ex);
        };
    };
    ExpectFails(call(nullptr, "rint", 36, 32, y.d.t, s.d.t), ACLNN_ERR_PARAM_NULLPTR, "argument x");
    ExpectFails(call(x.t, "floor", 36, 32, y.d.t, s.d.t), ACLNN_ERR_PARAM_INVALID, "round_mode must be rint");
    ExpectFails(call(x.t, "half", 36, 32, y.d.t, s.d.t), ACLNN_ERR_PARAM_INVALID, "rint, round or floor");
    ExpectFails(call(x.t, "rint", 35, 32, y.d.t, s.d.t), ACLNN_ERR_PARAM_INVALID, "dstType (35)");
    ExpectFails(call(x.t, "rint", 36, 48, y.d.t, s.d.t), ACLNN_ERR_PARAM_INVALID, "multiple of 32");
    ExpectFails(call(x.t, "rint", 36, 32, y.d.t, bad.d.t), ACLNN_ERR_PARAM_INVALID, "mxscaleOut has 2 dims");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev px(std::vector<double>(64, 1.0), at::kBFloat16, {2, 32});
        Codes py({2, 32}, ACL_FLOAT8_E4M3FN, 64);
        Codes ps({2, 1, 2}, ACL_FLOAT8_E8M0, 4);
        ExpectFails(call(px.t, "rint", 36, 32, py.d.t, ps.d.t), ACLNN_ERR_RUNTIME_ERROR, "Ascend 950 only");
    }
}

}  // namespace nn_quant_mx_reference_test
