// The nn_quant family's reference-tier operators through the public API (ops/families/nn_quant.yaml;
// docs/ops/nn_quant.md): each formula against values computed here independently (closed forms in double with the
// kernel's rounding: nearest even, floor, ceil, trunc; saturation), each attribute's mapping (sqrtMode, roundMode,
// dstType, axis, the packed INT32 form of int4, smooth scales and group rows, the asymmetric offset, zero points,
// fakeQuantEnabled, quantMin / quantMax), and the checks in CANN's order with its codes and messages, per product
// where the lists differ. The table-driven suite (reference_table_test.cpp) runs each entry's cases on transposed,
// strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "aclnnop/aclnn_ascend_anti_quant.h"
#include "aclnnop/aclnn_ascend_quant_v3.h"
#include "aclnnop/aclnn_dynamic_quant.h"
#include "aclnnop/aclnn_dynamic_quant_v2.h"
#include "aclnnop/aclnn_fake_quant_per_channel_affine_cachemask.h"
#include "aclnnop/aclnn_fake_quant_per_tensor_affine_cachemask.h"
#include "aclnnop/aclnn_group_quant.h"
#include "aclnnop/aclnn_quantize.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace nn_quant_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;

// ---- closed forms, in double
double RoundMode(double v, const std::string& m) {
    if (m == "floor") return std::floor(v);
    if (m == "ceil") return std::ceil(v);
    if (m == "trunc") return std::trunc(v);
    return std::nearbyint(v);  // nearest even (the default rounding mode)
}
double Clamp(double v, double lo, double hi) { return std::min(hi, std::max(lo, v)); }

/// Packs int4 values (each in [-8, 7]) eight per INT32, element j in bits 4j .. 4j + 3.
std::vector<double> Pack(const std::vector<double>& q) {
    std::vector<double> out;
    for (size_t i = 0; i < q.size(); i += 8) {
        uint32_t w = 0;
        for (size_t j = 0; j < 8; ++j) w |= (static_cast<uint32_t>(static_cast<int32_t>(q[i + j])) & 0xFu) << (4 * j);
        out.push_back(static_cast<double>(static_cast<int32_t>(w)));
    }
    return out;
}

void ExpectValues(const std::vector<double>& got, const std::vector<double>& want, double tol = 0) {
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_NEAR(got[i], want[i], tol * std::max(1.0, std::fabs(want[i]))) << "at " << i;
    }
}

// ================================================================================ AscendQuantV3

int QuantV3(const aclTensor* x, const aclTensor* s, const aclTensor* o, bool sq, const char* rm, int32_t dt,
            int32_t axis, const aclTensor* y) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendQuantV3GetWorkspaceSize(x, s, o, sq, const_cast<char*>(rm), dt, axis, y, ws, ex);
        },
        aclnnAscendQuantV3);
}

const std::vector<double> kQx = {0.3, -1.7, 2.5, -2.5, 40.0, -90.0, 0.5, 1.49};
const std::vector<double> kQs = {2.0, 3.0, 1.5, 4.0};
const std::vector<double> kQo = {0.25, -0.5, 1.0, 0.0};

/// x [2, 4] * scale [4] (times scale again under sqrtMode) + offset [4], rounded, saturated to [lo, hi].
std::vector<double> QuantExpect(bool sq, const std::string& rm, bool offset, double lo, double hi) {
    std::vector<double> r;
    for (size_t i = 0; i < kQx.size(); ++i) {
        const float s = static_cast<float>(kQs[i % 4]);
        float v = static_cast<float>(kQx[i]) * s;
        if (sq) v = v * s;
        if (offset) v = v + static_cast<float>(kQo[i % 4]);
        r.push_back(Clamp(RoundMode(v, rm), lo, hi));
    }
    return r;
}

// Every round mode, sqrtMode, with and without offset; INT8 saturation.
TEST(ReferenceNnQuantAscendQuant, RoundModesSqrtModeOffset) {
    Dev x(kQx, at::kFloat, {2, 4});
    Dev s(kQs, at::kFloat, {4});
    Dev o(kQo, at::kFloat, {4});
    for (const char* rm : {"round", "floor", "ceil", "trunc"}) {
        for (bool sq : {false, true}) {
            for (bool off : {false, true}) {
                Dev y(std::vector<double>(8, 9), at::kChar, {2, 4});
                ASSERT_EQ(QuantV3(x.t, s.t, off ? o.t : nullptr, sq, rm, 2, -1, y.t), 0) << LastError();
                ExpectValues(y.Values(), QuantExpect(sq, rm, off, -128, 127));
            }
        }
    }
    // the modes differ on these values (each mapping observable)
    EXPECT_NE(QuantExpect(false, "round", false, -128, 127), QuantExpect(false, "floor", false, -128, 127));
    EXPECT_NE(QuantExpect(false, "ceil", false, -128, 127), QuantExpect(false, "trunc", false, -128, 127));
}

// An INT32 y holds eight int4 values per element (saturated to [-8, 7]); dstType 3.
TEST(ReferenceNnQuantAscendQuant, Int32PacksInt4) {
    const std::vector<double> xv = {0.0, 1.0, -1.0, 3.0, -4.0, 7.5, -20.0, 2.5, 6.0, -6.5, 0.5, 1.5, -0.5, 5.0, 9.0, -9.0};
    Dev x(xv, at::kFloat, {2, 8});
    Dev s({1.0}, at::kFloat, {1});
    Dev y(std::vector<double>(2, 0), at::kInt, {2, 1});
    ASSERT_EQ(QuantV3(x.t, s.t, nullptr, false, "round", 3, -1, y.t), 0) << LastError();
    std::vector<double> q;
    for (double v : xv) q.push_back(Clamp(std::nearbyint(v), -8, 7));
    ExpectValues(y.Values(), Pack(q));
}

// axis -2: scale [2] applies along x's rows; FLOAT16 x with FLOAT16 scale on a transposed view.
TEST(ReferenceNnQuantAscendQuant, AxisAndTransposedView) {
    Dev x({1.0, 2.0, 3.0, -1.0, -2.0, -3.0}, at::kHalf, {2, 3}, {1, 2});  // x[r][c] = storage[c * 2 + r]
    Dev s({10.0, 100.0}, at::kHalf, {2});
    Dev y(std::vector<double>(6, 0), at::kChar, {2, 3});
    ASSERT_EQ(QuantV3(x.t, s.t, nullptr, false, "round", 2, -2, y.t), 0) << LastError();
    // row 0: storage 0, 2, 4 = 1, 3, -2 times 10; row 1: -1... storage 1, 3, 5 = 2, -1, -3 times 100 (saturated)
    ExpectValues(y.Values(), {10, 30, -20, 127, -100, -128});
}

TEST(ReferenceNnQuantAscendQuant, Checks) {
    Dev x(kQx, at::kFloat, {2, 4});
    Dev s(kQs, at::kFloat, {4});
    Dev y(std::vector<double>(8), at::kChar, {2, 4});
    auto call = [&](const aclTensor* xx, const aclTensor* ss, const aclTensor* oo, const char* rm, int32_t dt,
                    int32_t axis, const aclTensor* yy) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendQuantV3GetWorkspaceSize(xx, ss, oo, false, const_cast<char*>(rm), dt, axis, yy, ws, ex);
        };
    };
    ExpectFails(call(nullptr, s.t, nullptr, "round", 2, -1, y.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument x.");
    ExpectFails(call(x.t, nullptr, nullptr, "round", 2, -1, y.t), ACLNN_ERR_PARAM_NULLPTR, "argument scale.");
    ExpectFails(call(x.t, s.t, nullptr, "round", 2, -1, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument y.");
    Dev x0({1.0}, at::kFloat, {});
    ExpectFails(call(x0.t, s.t, nullptr, "round", 2, -1, y.t), ACLNN_ERR_PARAM_INVALID, "input x not support scalar.");
    ExpectFails(call(x.t, s.t, nullptr, "round", 3, -1, y.t), ACLNN_ERR_PARAM_INVALID,
                "dstType:3(DT_INT32) must be able to represent the y dtype[DT_INT8].");
    Dev h(kQx, at::kHalf, {2, 4});
    ExpectFails(call(h.t, s.t, nullptr, "round", 2, -1, y.t), ACLNN_ERR_PARAM_INVALID,
                "dtype of input x:DT_FLOAT16 is not compatible with scale:DT_FLOAT.");
    Dev o16(kQo, at::kHalf, {4});
    ExpectFails(call(x.t, s.t, o16.t, "round", 2, -1, y.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found scale DT_FLOAT and offset DT_FLOAT16.");
    ExpectFails(call(x.t, s.t, nullptr, "round", 2, 2, y.t), ACLNN_ERR_PARAM_INVALID,
                "invalid axis: 2, axis can't exceed the dimension of x: 2");
    Dev s3({1.0, 2.0, 3.0}, at::kFloat, {3});
    ExpectFails(call(x.t, s3.t, nullptr, "round", 2, -1, y.t), ACLNN_ERR_PARAM_INVALID,
                "scale dim(0)'s value(3) is invalid, should be same as x dim(1)'s value(4) or 1");
    Dev y2(std::vector<double>(6), at::kChar, {2, 3});
    ExpectFails(call(x.t, s.t, nullptr, "round", 2, -1, y2.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for y to have same size as tensor for x, but [2,3] does not equal [2,4].");
    Dev yi(std::vector<double>(4), at::kInt, {2, 2});
    ExpectFails(call(x.t, s.t, nullptr, "round", 3, -1, yi.t), ACLNN_ERR_PARAM_INVALID,
                "if y dtype is int32, the y last dim must be 1/8 of x last dim, x last dim is (4), y last dim is (2)");
    ExpectFails(call(x.t, s.t, nullptr, "half", 2, -1, y.t), ACLNN_ERR_PARAM_INVALID,
                "check roundMode failed, roundMode[half] not in ['round','floor','ceil','trunc'] for int8/int4/int32.");
    // an 8-bit floating y takes only "round" (the message comes before the tier's low-precision rule)
    Dev y8(std::vector<double>(8), at::kChar, {2, 4}, {}, 0, ACL_FLOAT8_E4M3FN);
    ExpectFails(call(x.t, s.t, nullptr, "floor", 36, -1, y8.t), ACLNN_ERR_PARAM_INVALID,
                "check roundMode failed, roundMode[floor] not in ['round'] for float8_e5m2/float8_e4m3fn.");
    {
        // Ascend910: an empty list (every dtype refused)
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev px(kQx, at::kFloat, {2, 4});
        Dev ps(kQs, at::kFloat, {4});
        Dev py(std::vector<double>(8), at::kChar, {2, 4});
        ExpectFails(call(px.t, ps.t, nullptr, "round", 2, -1, py.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor x not implemented for DT_FLOAT, should be in dtype support list [].");
    }
    {
        // Ascend310P: no BF16, INT8 only, the last axis only
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        Dev px(kQx, at::kFloat, {2, 4});
        Dev ps(kQs, at::kFloat, {4});
        Dev py(std::vector<double>(8), at::kChar, {2, 4});
        Dev b(kQx, at::kBFloat16, {2, 4});
        ExpectFails(call(b.t, ps.t, nullptr, "round", 2, -1, py.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor x not implemented for DT_BF16, should be in dtype support list [DT_FLOAT, DT_FLOAT16].");
        Dev yi8(std::vector<double>(1), at::kInt, {2, 1});
        Dev x8(std::vector<double>(16, 1.0), at::kFloat, {2, 8});
        ExpectFails(call(x8.t, ps.t, nullptr, "round", 3, -1, yi8.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor y not implemented for DT_INT32, should be in dtype support list [DT_INT8].");
        Dev s2({1.0, 2.0}, at::kFloat, {2});
        ExpectFails(call(px.t, s2.t, nullptr, "round", 2, 0, py.t), ACLNN_ERR_PARAM_INVALID,
                    "axis only support the last dimension in 310P");
        Dev yok(std::vector<double>(8), at::kChar, {2, 4});
        EXPECT_EQ(QuantV3(px.t, ps.t, nullptr, false, "round", 2, -1, yok.t), 0) << LastError();
    }
}

// ================================================================================ AscendAntiQuant

int AntiQuant(const aclTensor* x, const aclTensor* s, const aclTensor* o, int64_t dt, bool sq, const aclTensor* y) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAscendAntiQuantGetWorkspaceSize(x, s, o, dt, sq, y, ws, ex); },
        aclnnAscendAntiQuant);
}

// y = (x + offset) * scale [* scale], rounded to FLOAT16 / BF16.
TEST(ReferenceNnQuantAscendAntiQuant, ValuesSqrtModeOffset) {
    const std::vector<double> xv = {-128, -3, 0, 5, 127, 1, -1, 64};
    Dev x(xv, at::kChar, {2, 4});
    Dev s({0.5, 0.125, 2.0, 0.1}, at::kFloat, {4});
    Dev o({1.0, -2.0, 0.0, 3.0}, at::kFloat, {4});
    for (bool sq : {false, true}) {
        for (bool off : {false, true}) {
            Dev y(std::vector<double>(8, 9), at::kHalf, {2, 4});
            ASSERT_EQ(AntiQuant(x.t, s.t, off ? o.t : nullptr, 1, sq, y.t), 0) << LastError();
            std::vector<double> want;
            for (size_t i = 0; i < xv.size(); ++i) {
                const float sc = static_cast<float>(std::vector<double>{0.5, 0.125, 2.0, 0.1}[i % 4]);
                float v = static_cast<float>(xv[i]) + (off ? static_cast<float>(std::vector<double>{1, -2, 0, 3}[i % 4]) : 0.0f);
                v = v * sc;
                if (sq) v = v * sc;
                want.push_back(static_cast<double>(at::Half(v)));
            }
            ExpectValues(y.Values(), want);
        }
    }
}

// An INT32 x holds eight int4 values per element; y's last dim 8 times x's; a BF16 y (dstType 27).
TEST(ReferenceNnQuantAscendAntiQuant, Int32UnpacksInt4) {
    // nibbles (low first) of 0x5E308F71: 1, 7, -1, -8, 0, 3, -2, 5
    const int32_t w = static_cast<int32_t>(0x5E30 << 16 | 0x8F71);
    Dev x({static_cast<double>(w)}, at::kInt, {1, 1});
    Dev s({2.0}, at::kFloat, {1});
    Dev y(std::vector<double>(8, 9), at::kBFloat16, {1, 8});
    ASSERT_EQ(AntiQuant(x.t, s.t, nullptr, 27, false, y.t), 0) << LastError();
    ExpectValues(y.Values(), {2, 14, -2, -16, 0, 6, -4, 10});
}

TEST(ReferenceNnQuantAscendAntiQuant, Checks) {
    Dev x({1, 2, 3, 4}, at::kChar, {2, 2});
    Dev s({1.0, 2.0}, at::kFloat, {2});
    Dev y(std::vector<double>(4), at::kHalf, {2, 2});
    auto call = [&](const aclTensor* xx, const aclTensor* ss, const aclTensor* oo, int64_t dt, bool sq,
                    const aclTensor* yy) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendAntiQuantGetWorkspaceSize(xx, ss, oo, dt, sq, yy, ws, ex);
        };
    };
    ExpectFails(call(nullptr, s.t, nullptr, 1, false, y.t), ACLNN_ERR_PARAM_NULLPTR, "argument x.");
    ExpectFails(call(x.t, s.t, nullptr, 1, false, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument y.");
    ExpectFails(call(x.t, s.t, nullptr, 27, false, y.t), ACLNN_ERR_PARAM_INVALID,
                "out(y) data type must be the same as dstType.");
    Dev yf(std::vector<double>(4), at::kFloat, {2, 2});
    ExpectFails(call(x.t, s.t, nullptr, 0, false, yf.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor y not implemented for DT_FLOAT, should be in dtype support list [DT_FLOAT16, DT_BF16].");
    Dev y3(std::vector<double>(6), at::kHalf, {2, 3});
    ExpectFails(call(x.t, s.t, nullptr, 1, false, y3.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for y to have same size as tensor for x, but [2,3] does not equal [2,2].");
    Dev xi({1, 2}, at::kInt, {2, 1});
    ExpectFails(call(xi.t, s.t, nullptr, 1, false, y.t), ACLNN_ERR_PARAM_INVALID,
                "x dtype is int32. The last dim of y should be 8 times the last dim of x. x shape:[2,1], y shape:[2,2]");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev px({1, 2, 3, 4}, at::kChar, {2, 2});
        Dev ps({1.0, 2.0}, at::kFloat, {2});
        Dev py(std::vector<double>(4), at::kHalf, {2, 2});
        Dev s2d({1.0, 2.0}, at::kFloat, {1, 2});
        ExpectFails(call(px.t, s2d.t, nullptr, 1, false, py.t), ACLNN_ERR_PARAM_INVALID, "scale dim num must be 1. scale:2");
        Dev s3({1.0, 2.0, 3.0}, at::kFloat, {3});
        ExpectFails(call(px.t, s3.t, nullptr, 1, false, py.t), ACLNN_ERR_PARAM_INVALID,
                    "the last dim size(2) of out(y) must be same as scale and offset(3).");
        EXPECT_EQ(AntiQuant(px.t, ps.t, nullptr, 1, false, py.t), 0) << LastError();
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        Dev px({1, 2, 3, 4}, at::kChar, {2, 2});
        Dev py(std::vector<double>(4), at::kHalf, {2, 2});
        Dev sb({1.0, 2.0}, at::kBFloat16, {2});
        ExpectFails(call(px.t, sb.t, nullptr, 1, false, py.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor scale not implemented for DT_BF16, should be in dtype support list [DT_FLOAT].");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev px({1, 2, 3, 4}, at::kChar, {2, 2});
        Dev ps({1.0, 2.0}, at::kFloat, {2});
        Dev py(std::vector<double>(4), at::kHalf, {2, 2});
        ExpectFails(call(px.t, ps.t, nullptr, 1, false, py.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor x not implemented for DT_INT8, should be in dtype support list [].");
    }
}

// ================================================================================ DynamicQuant / V2

int DynQuant(const aclTensor* x, const aclTensor* sm, const aclTensor* y, const aclTensor* sc) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnDynamicQuantGetWorkspaceSize(x, sm, y, sc, ws, ex); },
        aclnnDynamicQuant);
}
int DynQuantV2(const aclTensor* x, const aclTensor* sm, const aclTensor* g, int64_t dt, const aclTensor* y,
               const aclTensor* sc, const aclTensor* of) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnDynamicQuantV2GetWorkspaceSize(x, sm, g, dt, y, sc, of, ws, ex);
        },
        aclnnDynamicQuantV2);
}

// Per-token symmetric: scale = max|row| / 127 (rows times smooth), y = round(row / scale).
TEST(ReferenceNnQuantDynamicQuant, SymmetricWithSmooth) {
    const std::vector<double> xv = {1, -3, 0.5, 4, 2, 2, -8, 1};
    const std::vector<double> sm = {1, 1, 2, 0.5};
    Dev x(xv, at::kHalf, {2, 4});
    Dev s(sm, at::kHalf, {4});
    for (bool smooth : {false, true}) {
        Dev y(std::vector<double>(8, 9), at::kChar, {2, 4});
        Dev sc(std::vector<double>(2, 9), at::kFloat, {2});
        ASSERT_EQ(DynQuant(x.t, smooth ? s.t : nullptr, y.t, sc.t), 0) << LastError();
        std::vector<double> wy, ws;
        for (int r = 0; r < 2; ++r) {
            double mx = 0;
            std::vector<double> row;
            for (int c = 0; c < 4; ++c) row.push_back(xv[r * 4 + c] * (smooth ? sm[c] : 1.0));
            for (double v : row) mx = std::max(mx, std::fabs(v));
            const double scale = mx / 127.0;
            ws.push_back(scale);
            for (double v : row) wy.push_back(std::nearbyint(v / scale));
        }
        ExpectValues(y.Values(), wy);
        ExpectValues(sc.Values(), ws, 1e-6);
    }
}

// Asymmetric (V2 with offsetOut): scale = (max - min) / 255, offset = 127 - max / scale.
TEST(ReferenceNnQuantDynamicQuant, AsymmetricOffset) {
    const std::vector<double> xv = {1, -3, 0.75, 4, 2, 2.5, -8, 1};
    Dev x(xv, at::kBFloat16, {2, 4});
    Dev y(std::vector<double>(8, 9), at::kChar, {2, 4});
    Dev sc(std::vector<double>(2, 9), at::kFloat, {2});
    Dev of(std::vector<double>(2, 9), at::kFloat, {2});
    ASSERT_EQ(DynQuantV2(x.t, nullptr, nullptr, 2, y.t, sc.t, of.t), 0) << LastError();
    std::vector<double> wy, ws, wo;
    for (int r = 0; r < 2; ++r) {
        double mx = -1e9, mn = 1e9;
        for (int c = 0; c < 4; ++c) mx = std::max(mx, xv[r * 4 + c]), mn = std::min(mn, xv[r * 4 + c]);
        const double scale = (mx - mn) / 255.0;
        const double offset = 127.0 - mx / scale;
        ws.push_back(scale);
        wo.push_back(offset);
        for (int c = 0; c < 4; ++c) wy.push_back(Clamp(std::nearbyint(xv[r * 4 + c] / scale + offset), -128, 127));
    }
    ExpectValues(y.Values(), wy);
    ExpectValues(sc.Values(), ws, 1e-6);
    ExpectValues(of.Values(), wo, 1e-5);
    EXPECT_EQ(y.Values()[3], 127);  // the row's max maps to the top of the range
}

// groupIndexOptional: cumulative row ends; rows [g[e-1], g[e]) take smooth row e. An INT32 y (packed int4, M = 7).
TEST(ReferenceNnQuantDynamicQuant, GroupRowsAndPackedInt4) {
    std::vector<double> xv;
    for (int r = 0; r < 3; ++r) {
        for (double v : {-1.0, 2.0, 3.0, -4.0, 5.0, 6.0, -7.0, 9.0}) xv.push_back(v);
    }
    std::vector<double> sm;
    for (int c = 0; c < 8; ++c) sm.push_back(1.0);
    for (int c = 0; c < 8; ++c) sm.push_back(c == 7 ? 0.25 : 2.0);
    Dev x(xv, at::kHalf, {3, 8});
    Dev s(sm, at::kHalf, {2, 8});
    Dev g({1, 3}, at::kLong, {2});
    Dev y(std::vector<double>(3, 0), at::kInt, {3, 1});
    Dev sc(std::vector<double>(3, 9), at::kFloat, {3});
    ASSERT_EQ(DynQuantV2(x.t, s.t, g.t, 3, y.t, sc.t, nullptr), 0) << LastError();
    std::vector<double> wy, ws;
    for (int r = 0; r < 3; ++r) {
        std::vector<double> row;
        double mx = 0;
        for (int c = 0; c < 8; ++c) row.push_back(xv[r * 8 + c] * sm[(r == 0 ? 0 : 8) + c]);
        for (double v : row) mx = std::max(mx, std::fabs(v));
        const double scale = mx / 7.0;
        ws.push_back(scale);
        std::vector<double> q;
        for (double v : row) q.push_back(Clamp(std::nearbyint(v / scale), -8, 7));
        const std::vector<double> p = Pack(q);
        wy.push_back(p[0]);
    }
    ExpectValues(y.Values(), wy);
    ExpectValues(sc.Values(), ws, 1e-6);
}

TEST(ReferenceNnQuantDynamicQuant, Checks) {
    Dev x(std::vector<double>(8, 1.0), at::kHalf, {2, 4});
    Dev y(std::vector<double>(8), at::kChar, {2, 4});
    Dev sc(std::vector<double>(2), at::kFloat, {2});
    auto call = [&](const aclTensor* xx, const aclTensor* sm, const aclTensor* yy, const aclTensor* ss) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnDynamicQuantGetWorkspaceSize(xx, sm, yy, ss, ws, ex); };
    };
    ExpectFails(call(nullptr, nullptr, y.t, sc.t), ACLNN_ERR_PARAM_NULLPTR, "x must not be nullptr.");
    ExpectFails(call(x.t, nullptr, nullptr, sc.t), ACLNN_ERR_PARAM_NULLPTR, "y must not be nullptr.");
    ExpectFails(call(x.t, nullptr, y.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "scale must not be nullptr.");
    Dev xf(std::vector<double>(8, 1.0), at::kFloat, {2, 4});
    ExpectFails(call(xf.t, nullptr, y.t, sc.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor dynamicQuantParams.x not implemented for DT_FLOAT, should be in dtype support list [DT_FLOAT16, DT_BF16].");
    Dev smb(std::vector<double>(4, 1.0), at::kBFloat16, {4});
    ExpectFails(call(x.t, smb.t, y.t, sc.t), ACLNN_ERR_PARAM_INVALID, "The dtypes of x and smooth_scales are not equal.");
    Dev sch(std::vector<double>(2), at::kHalf, {2});
    ExpectFails(call(x.t, nullptr, y.t, sch.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor dynamicQuantParams.scale expected dtype is DT_FLOAT but found DT_FLOAT16.");
    Dev x1(std::vector<double>(4, 1.0), at::kHalf, {4});
    Dev y1(std::vector<double>(4), at::kChar, {4});
    ExpectFails(call(x1.t, nullptr, y1.t, sc.t), ACLNN_ERR_PARAM_INVALID, "The dimNum[1] of x should be greater than 1");
    Dev sm3(std::vector<double>(3, 1.0), at::kHalf, {3});
    ExpectFails(call(x.t, sm3.t, y.t, sc.t), ACLNN_ERR_PARAM_INVALID,
                "The last dim[4] of x and the dim[3] of smooth_scales shoule be equal.");
    Dev y3(std::vector<double>(6), at::kChar, {2, 3});
    ExpectFails(call(x.t, nullptr, y3.t, sc.t), ACLNN_ERR_PARAM_INVALID, "The shapes of x and y are inconsistent.");
    Dev y4(std::vector<double>(8), at::kChar, {2, 4}, {}, 0, ACL_INT4);
    ExpectFails(call(x.t, nullptr, y4.t, sc.t), ACLNN_ERR_PARAM_INVALID,
                "yOut of dtype DT_INT4 is not implemented at the reference tier yet");
    Dev sc3(std::vector<double>(3), at::kFloat, {3});
    ExpectFails(call(x.t, nullptr, y.t, sc3.t), ACLNN_ERR_PARAM_INVALID,
                "The shapes of x and scale should be consistent except for the last dimension of x.");
    // V2: groupIndex's dtype (read with a smooth), offset's shape
    Dev sm(std::vector<double>(4, 1.0), at::kHalf, {1, 4});
    Dev gf({2.0}, at::kFloat, {1});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnDynamicQuantV2GetWorkspaceSize(x.t, sm.t, gf.t, 2, y.t, sc.t, nullptr, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID,
                "Tensor dynamicQuantParams.groupIndex not implemented for DT_FLOAT, should be in dtype support list [DT_INT32, DT_INT64].");
    Dev of3(std::vector<double>(3), at::kFloat, {3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnDynamicQuantV2GetWorkspaceSize(x.t, nullptr, nullptr, 2, y.t, sc.t, of3.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Expected tensor for dynamicQuantParams.offset to have same size as tensor for "
                                "dynamicQuantParams.scale, but [3] does not equal [2].");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev px(std::vector<double>(8, 1.0), at::kHalf, {2, 4});
        Dev py(std::vector<double>(8), at::kChar, {2, 4});
        Dev psc(std::vector<double>(2), at::kFloat, {2});
        Dev xb(std::vector<double>(8, 1.0), at::kBFloat16, {2, 4});
        ExpectFails(call(xb.t, nullptr, py.t, psc.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor dynamicQuantParams.x not implemented for DT_BF16, should be in dtype support list [DT_FLOAT16].");
        Dev yi(std::vector<double>(2), at::kInt, {2, 1});
        Dev x8(std::vector<double>(16, 1.0), at::kHalf, {2, 8});
        ExpectFails(call(x8.t, nullptr, yi.t, psc.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor dynamicQuantParams.y not implemented for DT_INT32, should be in dtype support list [DT_INT8].");
        EXPECT_EQ(DynQuant(px.t, nullptr, py.t, psc.t), 0) << LastError();
    }
}

// ================================================================================ Quantize

int Quantize(const aclTensor* x, const aclTensor* s, const aclTensor* z, aclDataType dt, int32_t axis, aclTensor* o) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnQuantizeGetWorkspaceSize(x, s, z, dt, axis, o, ws, ex); },
        aclnnQuantize);
}

// out = saturate(round(x / scales + zeroPoints)) along axis; INT8, UINT8, INT32 outputs.
TEST(ReferenceNnQuantQuantize, ValuesAxisZeroPoints) {
    const std::vector<double> xv = {1.0, -2.5, 300.0, 7.0, -500.0, 0.75};
    const std::vector<double> sv = {0.5, 2.0};
    const std::vector<double> zv = {3, -1};
    Dev x(xv, at::kFloat, {2, 3});
    Dev s(sv, at::kFloat, {2});
    Dev z(zv, at::kInt, {2});
    struct O { aclDataType acl; at::ScalarType t; double lo, hi; };
    for (const O& o : {O{ACL_INT8, at::kChar, -128, 127}, O{ACL_UINT8, at::kByte, 0, 255},
                       O{ACL_INT32, at::kInt, -2147483648.0, 2147483647.0}}) {
        for (bool zp : {false, true}) {
            Dev out(std::vector<double>(6, 9), o.t, {2, 3});
            ASSERT_EQ(Quantize(x.t, s.t, zp ? z.t : nullptr, o.acl, 0, out.t), 0) << LastError();
            std::vector<double> want;
            for (int i = 0; i < 6; ++i) {
                const float v = static_cast<float>(xv[i]) / static_cast<float>(sv[i / 3]) +
                                (zp ? static_cast<float>(zv[i / 3]) : 0.0f);
                want.push_back(Clamp(std::nearbyint(v), o.lo, o.hi));
            }
            ExpectValues(out.Values(), want);
        }
    }
    // axis -1 with a scale per column
    Dev s3({1.0, 0.25, 4.0}, at::kFloat, {3});
    Dev out(std::vector<double>(6, 9), at::kInt, {2, 3});
    ASSERT_EQ(Quantize(x.t, s3.t, nullptr, ACL_INT32, -1, out.t), 0) << LastError();
    ExpectValues(out.Values(), {1, -10, 75, 7, -2000, 0});
}

TEST(ReferenceNnQuantQuantize, Checks) {
    Dev x(std::vector<double>(6, 1.0), at::kFloat, {2, 3});
    Dev s({1.0, 2.0}, at::kFloat, {2});
    Dev o(std::vector<double>(6), at::kChar, {2, 3});
    auto call = [&](const aclTensor* xx, const aclTensor* ss, const aclTensor* zz, aclDataType dt, int32_t axis,
                    aclTensor* oo) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnQuantizeGetWorkspaceSize(xx, ss, zz, dt, axis, oo, ws, ex); };
    };
    ExpectFails(call(nullptr, s.t, nullptr, ACL_INT8, 0, o.t), ACLNN_ERR_PARAM_NULLPTR, "argument x.");
    ExpectFails(call(x.t, nullptr, nullptr, ACL_INT8, 0, o.t), ACLNN_ERR_PARAM_NULLPTR, "argument scales.");
    ExpectFails(call(x.t, s.t, nullptr, ACL_INT8, 0, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument out.");
    ExpectFails(call(x.t, s.t, nullptr, ACL_INT8, 2, o.t), ACLNN_ERR_PARAM_INVALID,
                "Axis out of range (expected to be in range of [-2, 1], but got 2)");
    ExpectFails(call(x.t, s.t, nullptr, ACL_INT8, 1, o.t), ACLNN_ERR_PARAM_INVALID,
                "The size of scales must equal to 1 or the specified dimension of x, which is 3.");
    Dev s2d({1.0, 2.0}, at::kFloat, {1, 2});
    ExpectFails(call(x.t, s2d.t, nullptr, ACL_INT8, 0, o.t), ACLNN_ERR_PARAM_INVALID,
                "Input scales shape only support 1 dimension.");
    Dev z3({1, 2, 3}, at::kInt, {3});
    ExpectFails(call(x.t, s.t, z3.t, ACL_INT8, 0, o.t), ACLNN_ERR_PARAM_INVALID,
                "Scales size should be equal to zeroPoints size.");
    ExpectFails(call(x.t, s.t, nullptr, ACL_INT32, 0, o.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_INT32 but found DT_INT8.");
    ExpectFails(call(x.t, s.t, nullptr, ACL_FLOAT, 0, o.t), ACLNN_ERR_PARAM_INVALID, "Param dtype DT_FLOAT should be in dtype support list");
    Dev sb({1.0, 2.0}, at::kBFloat16, {2});
    ExpectFails(call(x.t, sb.t, nullptr, ACL_INT8, 0, o.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor x expected dtype is DT_BF16 but found DT_FLOAT.");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev px(std::vector<double>(6, 1.0), at::kFloat, {2, 3});
        Dev ps({1.0, 2.0}, at::kFloat, {2});
        Dev po(std::vector<double>(6), at::kChar, {2, 3});
        Dev xb(std::vector<double>(6, 1.0), at::kBFloat16, {2, 3});
        ExpectFails(call(xb.t, ps.t, nullptr, ACL_INT8, 0, po.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor x not implemented for DT_BF16, should be in dtype support list [DT_FLOAT, DT_FLOAT16].");
        Dev zb({1.0, 2.0}, at::kBFloat16, {2});
        ExpectFails(call(px.t, ps.t, zb.t, ACL_INT8, 0, po.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor zeroPoints not implemented for DT_BF16, should be in dtype support list [DT_INT8, DT_UINT8, DT_INT32].");
        EXPECT_EQ(Quantize(px.t, ps.t, nullptr, ACL_INT8, 0, po.t), 0) << LastError();
    }
}

// ================================================================================ FakeQuant*AffineCachemask

int FqTensor(const aclTensor* x, const aclTensor* s, const aclTensor* z, float en, int64_t lo, int64_t hi,
             aclTensor* o, aclTensor* m) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnFakeQuantPerTensorAffineCachemaskGetWorkspaceSize(x, s, z, en, lo, hi, o, m, ws, ex);
        },
        aclnnFakeQuantPerTensorAffineCachemask);
}
int FqChannel(const aclTensor* x, const aclTensor* s, const aclTensor* z, int64_t axis, int64_t lo, int64_t hi,
              aclTensor* o, aclTensor* m) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnFakeQuantPerChannelAffineCachemaskGetWorkspaceSize(x, s, z, axis, lo, hi, o, m, ws, ex);
        },
        aclnnFakeQuantPerChannelAffineCachemask);
}

const std::vector<double> kFx = {-3.0, -1.2, -0.3, 0.0, 0.26, 0.9, 1.7, 4.0};

/// (out, mask) of PyTorch's fake quantisation at one element.
void FqOf(double x, double scale, double zp, int64_t lo, int64_t hi, double* out, double* mask) {
    const float inv = 1.0f / static_cast<float>(scale);
    const double q = std::nearbyint(static_cast<float>(x) * inv) + zp;
    *mask = (q >= lo && q <= hi) ? 1.0 : 0.0;
    *out = static_cast<float>((Clamp(q, lo, hi) - zp) * static_cast<float>(scale));
}

TEST(ReferenceNnQuantFakeQuant, PerTensorValuesAndEnabled) {
    Dev x(kFx, at::kFloat, {2, 4});
    Dev s({0.5}, at::kFloat, {1});
    Dev z({1}, at::kInt, {1});
    Dev o(std::vector<double>(8, 9), at::kFloat, {2, 4});
    Dev m(std::vector<double>(8, 0), at::kBool, {2, 4});
    ASSERT_EQ(FqTensor(x.t, s.t, z.t, 1.0f, -2, 3, o.t, m.t), 0) << LastError();
    std::vector<double> wo, wm;
    for (double v : kFx) {
        double a, b;
        FqOf(v, 0.5, 1, -2, 3, &a, &b);
        wo.push_back(a);
        wm.push_back(b);
    }
    ExpectValues(o.Values(), wo, 1e-7);
    ExpectValues(m.Values(), wm);
    EXPECT_NE(wm, std::vector<double>(8, 1.0));  // some elements out of range
    // fakeQuantEnabled < 1: out = self, mask all true
    Dev o2(std::vector<double>(8, 9), at::kFloat, {2, 4});
    Dev m2(std::vector<double>(8, 0), at::kBool, {2, 4});
    ASSERT_EQ(FqTensor(x.t, s.t, z.t, 0.5f, -2, 3, o2.t, m2.t), 0) << LastError();
    ExpectValues(o2.Values(), kFx, 1e-7);
    ExpectValues(m2.Values(), std::vector<double>(8, 1.0));
}

TEST(ReferenceNnQuantFakeQuant, PerChannelAxisAndFloatZeroPoint) {
    Dev x(kFx, at::kHalf, {2, 4});
    Dev s({0.25, 1.0, 0.5, 2.0}, at::kFloat, {4});
    for (bool fz : {false, true}) {
        Dev z({0, 1, -1, 2}, fz ? at::kFloat : at::kInt, {4});
        Dev o(std::vector<double>(8, 9), at::kHalf, {2, 4});
        Dev m(std::vector<double>(8, 0), at::kBool, {2, 4});
        ASSERT_EQ(FqChannel(x.t, s.t, z.t, 1, -4, 4, o.t, m.t), 0) << LastError();
        std::vector<double> wo, wm;
        const std::vector<double> sv = {0.25, 1.0, 0.5, 2.0}, zv = {0, 1, -1, 2};
        for (int i = 0; i < 8; ++i) {
            double a, b;
            FqOf(static_cast<double>(at::Half(static_cast<float>(kFx[i]))), sv[i % 4], zv[i % 4], -4, 4, &a, &b);
            wo.push_back(static_cast<double>(at::Half(static_cast<float>(a))));
            wm.push_back(b);
        }
        ExpectValues(o.Values(), wo);
        ExpectValues(m.Values(), wm);
    }
    // axis 0: one scale per row
    Dev x2(kFx, at::kFloat, {2, 4});
    Dev s2({1.0, 0.5}, at::kFloat, {2});
    Dev z2({0, 0}, at::kInt, {2});
    Dev o(std::vector<double>(8, 9), at::kFloat, {2, 4});
    Dev m(std::vector<double>(8, 0), at::kBool, {2, 4});
    ASSERT_EQ(FqChannel(x2.t, s2.t, z2.t, 0, -128, 127, o.t, m.t), 0) << LastError();
    ExpectValues(o.Values(), {-3, -1, 0, 0, 0.5, 1.0, 1.5, 4.0}, 1e-7);
}

TEST(ReferenceNnQuantFakeQuant, Checks) {
    Dev x(kFx, at::kFloat, {2, 4});
    Dev s({0.5}, at::kFloat, {1});
    Dev z({0}, at::kInt, {1});
    Dev o(std::vector<double>(8), at::kFloat, {2, 4});
    Dev m(std::vector<double>(8), at::kBool, {2, 4});
    auto pt = [&](const aclTensor* xx, const aclTensor* ss, const aclTensor* zz, int64_t lo, int64_t hi, aclTensor* oo,
                  aclTensor* mm) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnFakeQuantPerTensorAffineCachemaskGetWorkspaceSize(xx, ss, zz, 1.0f, lo, hi, oo, mm, ws, ex);
        };
    };
    // CANN's CheckNotNull fails with ACLNN_ERR_INNER_NULLPTR here
    ExpectFails(pt(nullptr, s.t, z.t, -128, 127, o.t, m.t), 561103, "argument self.");
    ExpectFails(pt(x.t, s.t, nullptr, -128, 127, o.t, m.t), 561103, "argument zeroPoint.");
    ExpectFails(pt(x.t, s.t, z.t, -128, 127, o.t, nullptr), 561103, "argument mask.");
    Dev zf({0}, at::kFloat, {1});
    ExpectFails(pt(x.t, s.t, zf.t, -128, 127, o.t, m.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor zeroPoint expected dtype is DT_INT32 but found DT_FLOAT.");
    Dev s2({0.5, 1.0}, at::kFloat, {2});
    ExpectFails(pt(x.t, s2.t, z.t, -128, 127, o.t, m.t), ACLNN_ERR_PARAM_INVALID,
                "scale: a Tensor with 2 elements cannot be converted to Scalar");
    Dev mf(std::vector<double>(8), at::kFloat, {2, 4});
    ExpectFails(pt(x.t, s.t, z.t, -128, 127, o.t, mf.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor mask expected dtype is DT_BOOL but found DT_FLOAT.");
    ExpectFails(pt(x.t, s.t, z.t, 5, 4, o.t, m.t), ACLNN_ERR_PARAM_INVALID,
                "`quantMin` should be less than or equal to `quantMax`.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor**) {
        return aclnnFakeQuantPerTensorAffineCachemaskGetWorkspaceSize(x.t, s.t, z.t, 1.0f, 0, 1, o.t, m.t, ws, nullptr);
    }, ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr.");
    const aclTensor* xt = x.t;
    aclTensor* ot = o.t;
    aclTensor* mt = m.t;
    auto pc = [=](const aclTensor* ss, const aclTensor* zz, int64_t axis) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnFakeQuantPerChannelAffineCachemaskGetWorkspaceSize(xt, ss, zz, axis, -128, 127, ot, mt, ws, ex);
        };
    };
    Dev s4({1, 1, 1, 1}, at::kFloat, {4});
    Dev z4({0, 0, 0, 0}, at::kInt, {4});
    Dev z3({0, 0, 0}, at::kInt, {3});
    ExpectFails(pc(s4.t, z3.t, 1), ACLNN_ERR_PARAM_INVALID, "scale and zeroPoint need to have the same dimensions");
    ExpectFails(pc(s4.t, z4.t, 2), ACLNN_ERR_PARAM_INVALID,
                "Dimension out of range (expected to be in range of [-2, 1],but got 2)");
    ExpectFails(pc(s4.t, z4.t, 0), ACLNN_ERR_PARAM_INVALID,
                "dimensions of scale and zero-point are not consistant with input tensor");
    Dev zb({0, 0, 0, 0}, at::kBool, {4});
    ExpectFails(pc(s4.t, zb.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Tensor zeroPoint not implemented for DT_BOOL, should be in dtype support list [DT_INT32, DT_FLOAT16, DT_FLOAT].");
    // CANN tests CanCast(out's dtype, the promoted type): an INT32 out passes, a COMPLEX64 one does not
    Dev oc(std::vector<double>(8), at::kComplexFloat, {2, 4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnFakeQuantPerChannelAffineCachemaskGetWorkspaceSize(x.t, s4.t, z4.t, 1, -128, 127, oc.t, m.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Promote dtype DT_FLOAT can't be cast to the desired output type DT_COMPLEX64.");
    Dev oi(std::vector<double>(8), at::kInt, {2, 4});
    EXPECT_EQ(FqChannel(x.t, s4.t, z4.t, 1, -128, 127, oi.t, m.t), 0) << LastError();
}

// ================================================================================ GroupQuant

int GroupQuant(const aclTensor* x, const aclTensor* s, const aclTensor* g, const aclTensor* o, int32_t dt, aclTensor* y) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnGroupQuantGetWorkspaceSize(x, s, g, o, dt, y, ws, ex); },
        aclnnGroupQuant);
}

// Rows [g[e-1], g[e]) times scale row e, plus offset; INT8 saturation; INT32 packs int4.
TEST(ReferenceNnQuantGroupQuant, GroupRowsOffsetAndInt32) {
    std::vector<double> xv;
    for (int r = 0; r < 4; ++r) {
        for (int c = 0; c < 8; ++c) xv.push_back((r + 1) * (c - 3.5) * 0.3);
    }
    std::vector<double> sv;
    for (int e = 0; e < 2; ++e) {
        for (int c = 0; c < 8; ++c) sv.push_back(e == 0 ? 10.0 : 0.5 + c);
    }
    Dev x(xv, at::kFloat, {4, 8});
    Dev s(sv, at::kFloat, {2, 8});
    Dev g({1, 4}, at::kInt, {2});
    Dev o({0.25}, at::kFloat, {1});
    for (bool off : {false, true}) {
        Dev y(std::vector<double>(32, 9), at::kChar, {4, 8});
        ASSERT_EQ(GroupQuant(x.t, s.t, g.t, off ? o.t : nullptr, 2, y.t), 0) << LastError();
        std::vector<double> want;
        for (int r = 0; r < 4; ++r) {
            for (int c = 0; c < 8; ++c) {
                const float v = static_cast<float>(xv[r * 8 + c]) * static_cast<float>(sv[(r == 0 ? 0 : 8) + c]) +
                                (off ? 0.25f : 0.0f);
                want.push_back(Clamp(std::nearbyint(v), -128, 127));
            }
        }
        ExpectValues(y.Values(), want);
    }
    Dev yi(std::vector<double>(4, 0), at::kInt, {4, 1});
    ASSERT_EQ(GroupQuant(x.t, s.t, g.t, nullptr, 3, yi.t), 0) << LastError();
    std::vector<double> want;
    for (int r = 0; r < 4; ++r) {
        std::vector<double> q;
        for (int c = 0; c < 8; ++c) {
            const float v = static_cast<float>(xv[r * 8 + c]) * static_cast<float>(sv[(r == 0 ? 0 : 8) + c]);
            q.push_back(Clamp(std::nearbyint(v), -8, 7));
        }
        want.push_back(Pack(q)[0]);
    }
    ExpectValues(yi.Values(), want);
}

TEST(ReferenceNnQuantGroupQuant, Checks) {
    Dev x(std::vector<double>(8, 1.0), at::kFloat, {2, 4});
    Dev s(std::vector<double>(4, 1.0), at::kFloat, {1, 4});
    Dev g({2}, at::kInt, {1});
    Dev y(std::vector<double>(8), at::kChar, {2, 4});
    auto call = [&](const aclTensor* xx, const aclTensor* ss, const aclTensor* gg, const aclTensor* oo, int32_t dt,
                    aclTensor* yy) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGroupQuantGetWorkspaceSize(xx, ss, gg, oo, dt, yy, ws, ex); };
    };
    ExpectFails(call(x.t, s.t, nullptr, nullptr, 2, y.t), ACLNN_ERR_PARAM_NULLPTR, "argument groupIndex.");
    ExpectFails(call(x.t, s.t, g.t, nullptr, 3, y.t), ACLNN_ERR_PARAM_INVALID, "y dtype must be the same as dstType.");
    Dev gf({2.0}, at::kFloat, {1});
    ExpectFails(call(x.t, s.t, gf.t, nullptr, 2, y.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor groupIndex not implemented for DT_FLOAT, should be in dtype support list [DT_INT32, DT_INT64].");
    Dev o2({1.0, 2.0}, at::kFloat, {2});
    ExpectFails(call(x.t, s.t, g.t, o2.t, 2, y.t), ACLNN_ERR_PARAM_INVALID,
                "offsetOptional tensor should be scalar or tensor with shape is [1, ].");
    Dev s5(std::vector<double>(5, 1.0), at::kFloat, {1, 5});
    ExpectFails(call(x.t, s5.t, g.t, nullptr, 2, y.t), ACLNN_ERR_PARAM_INVALID, "x dim1 should be same with scale dim1.");
    Dev g2({1, 2}, at::kInt, {2});
    ExpectFails(call(x.t, s.t, g2.t, nullptr, 2, y.t), ACLNN_ERR_PARAM_INVALID,
                "scale dim0 should be same with groupIndex dim0.");
    Dev yi(std::vector<double>(2), at::kInt, {2, 1});
    ExpectFails(call(x.t, s.t, g.t, nullptr, 3, yi.t), ACLNN_ERR_PARAM_INVALID,
                "if dstType is int32, the y last dim must be 1/8 of x last dim, x last dim is (4), y last dim is (1)");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        Dev px(std::vector<double>(8, 1.0), at::kFloat, {2, 4});
        Dev ps(std::vector<double>(4, 1.0), at::kFloat, {1, 4});
        Dev pg({2}, at::kInt, {1});
        Dev py(std::vector<double>(8), at::kChar, {2, 4});
        ExpectFails(call(px.t, ps.t, pg.t, nullptr, 2, py.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor x not implemented for DT_FLOAT, should be in dtype support list [].");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev px(std::vector<double>(8, 1.0), at::kFloat, {2, 4});
        Dev ps(std::vector<double>(4, 1.0), at::kFloat, {1, 4});
        Dev pg({2}, at::kInt, {1});
        Dev py(std::vector<double>(8), at::kChar, {2, 4});
        EXPECT_EQ(GroupQuant(px.t, ps.t, pg.t, nullptr, 2, py.t), 0) << LastError();
    }
}

}  // namespace nn_quant_reference_test
