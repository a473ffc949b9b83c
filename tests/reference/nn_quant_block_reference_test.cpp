// The nn_quant_block family's reference-tier operators through the public API (ops/families/nn_quant_block.yaml;
// docs/ops/nn_quant_block.md): QuantMax, GroupedQuantMax, DynamicBlockQuant(V2), SwiGluQuant(V2) against values
// computed here independently (closed forms in double / float with the kernels' rounding), each attribute's mapping
// (dstType, block sizes, minScale, dstTypeMax, activateLeft, group lists in both modes, static / dynamic), and the
// checks with their codes per product. The table-driven suite (reference_table_test.cpp) runs each entry's cases on
// transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "aclnnop/aclnn_dequant_swiglu_quant.h"
#include "aclnnop/aclnn_dequant_swiglu_quant_v2.h"
#include "aclnnop/aclnn_dynamic_block_quant.h"
#include "aclnnop/aclnn_dynamic_block_quant_v2.h"
#include "aclnnop/aclnn_flat_quant.h"
#include "aclnnop/aclnn_flat_quant_v3.h"
#include "aclnnop/aclnn_grouped_dynamic_block_quant.h"
#include "aclnnop/aclnn_grouped_quant_max.h"
#include "aclnnop/aclnn_quant_max.h"
#include "aclnnop/aclnn_quant_scatter.h"
#include "aclnnop/aclnn_swi_glu_quant.h"
#include "aclnnop/aclnn_swi_glu_quant_v2.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file (the value suites compile as one unity translation unit).
namespace nn_quant_block_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;

/// FLOAT8_E4M3FN byte of a value that the format holds exactly (normal numbers only, |v| in [2^-6, 448]) or 0.
uint8_t E4m3(double v) {
    if (v == 0) return 0;
    const uint8_t sign = v < 0 ? 0x80 : 0;
    int e = 0;
    const double m = std::frexp(std::fabs(v), &e);  // |v| = m * 2^e, m in [0.5, 1)
    const int exp = e - 1 + 7;                       // bias 7
    const int mant = static_cast<int>(std::lround((m * 2 - 1) * 8));
    return static_cast<uint8_t>(sign | (exp << 3) | mant);
}

void ExpectValues(const std::vector<double>& got, const std::vector<double>& want, double tol = 0) {
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_NEAR(got[i], want[i], tol * std::max(1.0, std::fabs(want[i]))) << "at " << i;
    }
}

// ================================================================================ QuantMax

int QuantMax(const aclTensor* x, const aclTensor* s, const char* rm, int64_t dt, const aclTensor* y,
             const aclTensor* amax) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantMaxGetWorkspaceSize(x, s, const_cast<char*>(rm), dt, y, amax, ws, ex);
        },
        aclnnQuantMax);
}

// y = x * scale encoded as FLOAT8_E4M3FN (exact values here), amax = max |x|.
TEST(ReferenceNnQuantBlockQuantMax, ValuesAndAmax) {
    Dev x({1.0, -2.0, 3.0, -4.0, 0.5, 6.0}, at::kFloat, {2, 3});
    Dev s({2.0}, at::kFloat, {1});
    Dev y(std::vector<double>(6, 0), at::kByte, {2, 3}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev amax({0.0}, at::kFloat, {1});
    ASSERT_EQ(QuantMax(x.t, s.t, "rint", 36, y.t, amax.t), 0) << LastError();
    std::vector<double> want;
    for (double v : {2.0, -4.0, 6.0, -8.0, 1.0, 12.0}) want.push_back(E4m3(v));
    ExpectValues(y.Values(), want);
    ExpectValues(amax.Values(), {6.0});
}

// The op_api's order: scale's shape, then dstType, then roundMode, then y's dtype.
TEST(ReferenceNnQuantBlockQuantMax, Checks) {
    Dev x({1.0, 2.0}, at::kFloat, {2});
    Dev s({1.0}, at::kFloat, {1});
    Dev s2({1.0, 1.0}, at::kFloat, {2});
    Dev y(std::vector<double>(2, 0), at::kByte, {2}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev amax({0.0}, at::kFloat, {1});
    Dev amaxH({0.0}, at::kHalf, {1});
    auto call = [&](const aclTensor* sc, const char* rm, int64_t dt, const aclTensor* am) {
        return [=, &x, &y](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantMaxGetWorkspaceSize(x.t, sc, const_cast<char*>(rm), dt, y.t, am, ws, ex);
        };
    };
    ExpectFails(call(nullptr, "rint", 36, amax.t), 161001, "scale");
    ExpectFails(call(s2.t, "rint", 36, amax.t), 161002, "scale shape must be [1]");
    ExpectFails(call(s.t, "rint", 2, amax.t), 161002, "dstType must be 34");
    ExpectFails(call(s.t, "round", 36, amax.t), 161002, "roundMode must be 'rint'");
    ExpectFails(call(s.t, "rint", 35, amax.t), 161002, "y dtype must be 35");
    ExpectFails(call(s.t, "rint", 36, amaxH.t), 161002, "amax dtype must be same as x dtype");
}

// ================================================================================ GroupedQuantMax

int GroupedQuantMax(const aclTensor* x, const aclTensor* s, const aclTensor* g, const char* rm, int64_t dt,
                    const aclTensor* y, const aclTensor* amax) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnGroupedQuantMaxGetWorkspaceSize(x, s, g, rm, dt, y, amax, ws, ex);
        },
        aclnnGroupedQuantMax);
}

// Rows [0, 1) scaled by 2, rows [1, 3) by 0.5; amax per group.
TEST(ReferenceNnQuantBlockGroupedQuantMax, GroupsScaleAndAmax) {
    Dev x({1.0, -2.0, 4.0, -8.0, 16.0, 0.5}, at::kFloat, {3, 2});
    Dev s({2.0, 0.5}, at::kFloat, {2});
    Dev g({1.0, 3.0}, at::kLong, {2});
    Dev y(std::vector<double>(6, 0), at::kByte, {3, 2}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev amax({0.0, 0.0}, at::kFloat, {2});
    ASSERT_EQ(GroupedQuantMax(x.t, s.t, g.t, "rint", 36, y.t, amax.t), 0) << LastError();
    std::vector<double> want;
    for (double v : {2.0, -4.0, 2.0, -4.0, 8.0, 0.25}) want.push_back(E4m3(v));
    ExpectValues(y.Values(), want);
    ExpectValues(amax.Values(), {2.0, 16.0});
}

TEST(ReferenceNnQuantBlockGroupedQuantMax, Checks) {
    Dev x({1.0, 2.0}, at::kFloat, {2});
    Dev x2({1.0, 2.0}, at::kFloat, {2, 1});
    Dev s({1.0}, at::kFloat, {1});
    Dev g({2.0}, at::kLong, {1});
    Dev g32({2.0}, at::kInt, {1});
    Dev y(std::vector<double>(2, 0), at::kByte, {2, 1}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev amax({0.0}, at::kFloat, {1});
    Dev amax2({0.0, 0.0}, at::kFloat, {2});
    auto call = [&](const aclTensor* xx, const aclTensor* gg, const aclTensor* am) {
        return [=, &s, &y](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnGroupedQuantMaxGetWorkspaceSize(xx, s.t, gg, "rint", 36, y.t, am, ws, ex);
        };
    };
    ExpectFails(call(x.t, g.t, amax.t), 161002, "The shape dim of x must be in range [2D, 8D]");
    ExpectFails(call(x2.t, g32.t, amax.t), 161002, "groupList dtype");
    ExpectFails(call(x2.t, g.t, amax2.t), 161002, "shape [num_groups]");
}

// ================================================================================ DynamicBlockQuant

int BlockQuant(const aclTensor* x, double minScale, const char* rm, int64_t dt, int64_t rb, int64_t cb,
               const aclTensor* y, const aclTensor* s) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnDynamicBlockQuantGetWorkspaceSize(x, minScale, const_cast<char*>(rm), dt, rb, cb, y, s, ws, ex);
        },
        aclnnDynamicBlockQuant);
}

int BlockQuantV2(const aclTensor* x, double minScale, const char* rm, int64_t dt, int64_t rb, int64_t cb,
                 double dmax, const aclTensor* y, const aclTensor* s) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnDynamicBlockQuantV2GetWorkspaceSize(x, minScale, const_cast<char*>(rm), dt, rb, cb, dmax, y, s,
                                                            ws, ex);
        },
        aclnnDynamicBlockQuantV2);
}

// CANN's example: x [4, 2] = 1..8, one block per row: scale = max / 127, y = rint(x / scale).
TEST(ReferenceNnQuantBlockDynamicBlockQuant, Int8PerRowBlocks) {
    std::vector<double> xv = {1, 2, 3, 4, 5, 6, 7, 8};
    Dev x(xv, at::kHalf, {4, 2});
    Dev y(std::vector<double>(8, 0), at::kChar, {4, 2});
    Dev s(std::vector<double>(4, 0), at::kFloat, {4, 1});
    ASSERT_EQ(BlockQuant(x.t, 0.0, "rint", 2, 1, 128, y.t, s.t), 0) << LastError();
    std::vector<double> wy, ws;
    for (int r = 0; r < 4; ++r) {
        const float sc = static_cast<float>(xv[2 * r + 1]) / 127.0f;
        ws.push_back(sc);
        for (int c = 0; c < 2; ++c) wy.push_back(std::nearbyint(static_cast<float>(xv[2 * r + c]) / sc));
    }
    ExpectValues(y.Values(), wy);
    ExpectValues(s.Values(), ws);
}

// Blocks of 64 columns: the column block split is observable; minScale caps the scale at 1 / minScale.
TEST(ReferenceNnQuantBlockDynamicBlockQuant, ColumnBlocksAndMinScale) {
    std::vector<double> xv(130);
    for (int i = 0; i < 130; ++i) xv[i] = (i < 64 ? 1.0 : 100.0) * ((i % 7) - 3);
    Dev x(xv, at::kFloat, {1, 130});
    Dev y(std::vector<double>(130, 0), at::kChar, {1, 130});
    Dev s(std::vector<double>(3, 0), at::kFloat, {1, 3});
    ASSERT_EQ(BlockQuant(x.t, 0.5, "rint", 2, 1, 64, y.t, s.t), 0) << LastError();
    // block 0: max 3, scale 3/127; block 1: max 300 -> min(300/127, 2) = 2; block 2 (cols 128, 129): max 300 -> 2
    const std::vector<double> sv = s.Values();
    EXPECT_FLOAT_EQ(sv[0], 3.0f / 127.0f);
    EXPECT_FLOAT_EQ(sv[1], 2.0f);
    const std::vector<double> yv = y.Values();
    EXPECT_EQ(yv[3], std::nearbyint(0.0f / (3.0f / 127.0f)));
    EXPECT_EQ(yv[0], std::nearbyint(-3.0f / (3.0f / 127.0f)));
    EXPECT_EQ(yv[64], -100);  // 64 % 7 = 1 -> -200 / 2
    EXPECT_EQ(yv[70], -127);  // 70 % 7 = 0 -> -300 / 2 = -150, clipped
}

// V2's dstTypeMax divides the block maximum for HIFLOAT8 (224: scale = max / 224).
TEST(ReferenceNnQuantBlockDynamicBlockQuant, V2DstTypeMax) {
    Dev x({448.0, -224.0, 112.0, 56.0}, at::kFloat, {1, 4});
    Dev y(std::vector<double>(4, 0), at::kByte, {1, 4}, {}, 0, ACL_HIFLOAT8);
    Dev s({0.0}, at::kFloat, {1, 1});
    ASSERT_EQ(BlockQuantV2(x.t, 0.0, "round", 34, 1, 128, 224.0, y.t, s.t), 0) << LastError();
    ExpectValues(s.Values(), {2.0});
    Dev s0({0.0}, at::kFloat, {1, 1});
    ASSERT_EQ(BlockQuantV2(x.t, 0.0, "round", 34, 1, 128, 0.0, y.t, s0.t), 0) << LastError();
    ExpectValues(s0.Values(), {448.0 / 32768.0});
}

TEST(ReferenceNnQuantBlockDynamicBlockQuant, Checks) {
    Dev x({1.0, 2.0}, at::kHalf, {1, 2});
    Dev y(std::vector<double>(2, 0), at::kChar, {1, 2});
    Dev s({0.0}, at::kFloat, {1, 1});
    Dev sBad({0.0, 0.0}, at::kFloat, {1, 2});
    auto call = [&](double ms, const char* rm, int64_t dt, int64_t rb, int64_t cb, const aclTensor* sc) {
        return [=, &x, &y](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnDynamicBlockQuantGetWorkspaceSize(x.t, ms, const_cast<char*>(rm), dt, rb, cb, y.t, sc, ws, ex);
        };
    };
    ExpectFails(call(-1.0, "rint", 2, 1, 128, s.t), 561002, "min_scale");
    ExpectFails(call(0.0, "rint", 35, 1, 128, s.t), 561002, "The dtypes of y and dst_type must be the same");
    ExpectFails(call(0.0, "round", 2, 1, 128, s.t), 561002, "round_mode must be rint");
    ExpectFails(call(0.0, "rint", 2, 2, 128, s.t), 561002, "row_block_size");
    ExpectFails(call(0.0, "rint", 2, 1, 100, s.t), 561002, "col_block_size");
    ExpectFails(call(0.0, "rint", 2, 1, 128, sBad.t), 561002, "The shape of scale must be");
    {
        // Atlas A2/A3: column blocks of 128 only; no kernel on Ascend910
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ExpectFails(call(0.0, "rint", 2, 1, 64, s.t), 561002, "col_block_size");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ExpectFails(call(0.0, "rint", 2, 1, 128, s.t), 161002, "not supported");
    }
}

// ================================================================================ SwiGluQuant

double Silu(double a) { return a / (1.0 + std::exp(-a)); }

int SwiGluQuantV2(const aclTensor* x, const aclTensor* sm, const aclTensor* off, const aclTensor* g, bool left,
                  const char* mode, int64_t glt, int64_t dt, const aclTensor* y, const aclTensor* s) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnSwiGluQuantV2GetWorkspaceSize(x, sm, off, g, left, const_cast<char*>(mode), glt, dt, y, s, ws,
                                                      ex);
        },
        aclnnSwiGluQuantV2);
}

// Dynamic, grouped (cumulative ends {1, 3}): row 0 uses smooth row 0, rows 1..2 smooth row 1; activateLeft picks
// the swish half; scaleOut = 127 / max |row|, y = rint(row * scale).
TEST(ReferenceNnQuantBlockSwiGluQuant, DynamicGroupsBothHalves) {
    std::vector<double> xv;
    for (int i = 0; i < 24; ++i) xv.push_back(0.25 * (i % 9) - 1.0);
    Dev x(xv, at::kFloat, {3, 8});
    const std::vector<double> smv = {1, 2, 3, 4, 0.5, 0.25, 2, 1};
    Dev sm(smv, at::kFloat, {2, 4});
    Dev g({1.0, 3.0}, at::kInt, {2});
    for (bool left : {false, true}) {
        Dev y(std::vector<double>(12, 0), at::kChar, {3, 4});
        Dev s(std::vector<double>(3, 0), at::kFloat, {3});
        ASSERT_EQ(SwiGluQuantV2(x.t, sm.t, nullptr, g.t, left, "dynamic", 0, 2, y.t, s.t), 0) << LastError();
        std::vector<double> wy, wsc;
        for (int r = 0; r < 3; ++r) {
            const int grp = r == 0 ? 0 : 1;
            std::vector<double> row;
            for (int c = 0; c < 4; ++c) {
                const double l = xv[r * 8 + c];
                const double rr = xv[r * 8 + 4 + c];
                row.push_back((left ? Silu(l) * rr : Silu(rr) * l) * smv[grp * 4 + c]);
            }
            double mx = 0;
            for (double v : row) mx = std::max(mx, std::fabs(v));
            const double sc = 127.0 / mx;
            wsc.push_back(sc);
            for (double v : row) wy.push_back(std::nearbyint(v * sc));
        }
        ExpectValues(s.Values(), wsc, 1e-5);
        const std::vector<double> got = y.Values();
        for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], wy[i], 1.0) << "at " << i;
        // each row's largest magnitude maps to +-127
        for (int r = 0; r < 3; ++r) {
            double m = 0;
            for (int c = 0; c < 4; ++c) m = std::max(m, std::fabs(got[r * 4 + c]));
            EXPECT_EQ(m, 127.0);
        }
    }
}

// Static per tensor, count mode (counts {1, 2} = ends {1, 3}): y = rint(act * smooth[g] + offset[g]), scaleOut 0.
TEST(ReferenceNnQuantBlockSwiGluQuant, StaticPerTensorCountMode) {
    std::vector<double> xv;
    for (int i = 0; i < 12; ++i) xv.push_back(0.5 * i - 2.0);
    Dev x(xv, at::kFloat, {3, 4});
    Dev sm({10.0, 3.0}, at::kFloat, {2});
    Dev off({1.0, -2.0}, at::kFloat, {2});
    Dev g({1.0, 2.0}, at::kInt, {2});
    Dev y(std::vector<double>(6, 0), at::kChar, {3, 2});
    Dev s(std::vector<double>(3, 9), at::kFloat, {3});
    ASSERT_EQ(SwiGluQuantV2(x.t, sm.t, off.t, g.t, false, "static", 1, 2, y.t, s.t), 0) << LastError();
    std::vector<double> wy;
    for (int r = 0; r < 3; ++r) {
        const int grp = r == 0 ? 0 : 1;
        for (int c = 0; c < 2; ++c) {
            const float act = static_cast<float>(Silu(xv[r * 4 + 2 + c]) * xv[r * 4 + c]);
            const float v = act * (grp == 0 ? 10.0f : 3.0f) + (grp == 0 ? 1.0f : -2.0f);
            wy.push_back(std::min(127.0f, std::max(-128.0f, std::nearbyint(v))));
        }
    }
    ExpectValues(y.Values(), wy);
    ExpectValues(s.Values(), {0, 0, 0});
}

TEST(ReferenceNnQuantBlockSwiGluQuant, Checks) {
    Dev x(std::vector<double>(8, 1), at::kFloat, {2, 4});
    Dev y(std::vector<double>(4, 0), at::kChar, {2, 2});
    Dev yBad(std::vector<double>(8, 0), at::kChar, {2, 4});
    Dev s(std::vector<double>(2, 0), at::kFloat, {2});
    Dev sm(std::vector<double>(6, 1), at::kFloat, {3, 2});
    Dev g({1.0, 2.0}, at::kInt, {2});
    auto call = [&](const aclTensor* smooth, const char* mode, int64_t glt, int64_t dt, const aclTensor* yy) {
        return [=, &g, &s, &x](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnSwiGluQuantV2GetWorkspaceSize(x.t, smooth, nullptr, g.t, false, const_cast<char*>(mode), glt, dt,
                                                      yy, s.t, ws, ex);
        };
    };
    ExpectFails(call(nullptr, "other", 0, 2, y.t), 561002, "quantMode must be");
    ExpectFails(call(nullptr, "dynamic", 2, 2, y.t), 561002, "groupListType can only be 0 or 1");
    ExpectFails(call(nullptr, "dynamic", 0, 3, y.t), 561002, "dstType can only be 2 or 29");
    ExpectFails(call(sm.t, "dynamic", 0, 2, y.t), 561002, "smooth_scales first dim");
    ExpectFails(call(nullptr, "dynamic", 0, 2, yBad.t), 561002, "x and y last dim");
    // V1: a NULL quantMode is dynamic
    Dev y2(std::vector<double>(4, 0), at::kChar, {2, 2});
    EXPECT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnSwiGluQuantGetWorkspaceSize(x.t, nullptr, nullptr, nullptr, true, nullptr, y2.t, s.t,
                                                              ws, ex);
                  },
                  aclnnSwiGluQuant),
              0)
        << LastError();
    // every x element 1: act = silu(1) * 1 per element, so each row quantises to 127 everywhere
    ExpectValues(y2.Values(), {127, 127, 127, 127});
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ExpectFails(call(nullptr, "dynamic", 0, 2, y.t), 161002, "not supported");
    }
}

// ================================================================================ FlatQuant

// x [2, 2, 8], P1 = I, P2 = I: x'' = x; quantScale[k] = max|x[k]| / 7, out = rint(x * 7 / max) packed eight per INT32.
TEST(ReferenceNnQuantBlockFlatQuant, IdentityKroneckerPacksInt4) {
    std::vector<double> xv;
    for (int i = 0; i < 32; ++i) xv.push_back(static_cast<double>((i * 5) % 17) - 8.0);
    std::vector<double> i2 = {1, 0, 0, 1};
    std::vector<double> i8(64, 0);
    for (int i = 0; i < 8; ++i) i8[i * 9] = 1;
    Dev x(xv, at::kHalf, {2, 2, 8});
    Dev p1(i2, at::kHalf, {2, 2});
    Dev p2(i8, at::kHalf, {8, 8});
    Dev out(std::vector<double>(4, 0), at::kInt, {2, 2, 1});
    Dev qs(std::vector<double>(2, 0), at::kFloat, {2});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnFlatQuantGetWorkspaceSize(x.t, p1.t, p2.t, 1.0, out.t, qs.t, ws, ex);
                  },
                  aclnnFlatQuant),
              0)
        << LastError();
    std::vector<double> wq, wout;
    for (int k = 0; k < 2; ++k) {
        double mx = 0;
        for (int i = 0; i < 16; ++i) mx = std::max(mx, std::fabs(xv[k * 16 + i]));
        wq.push_back(static_cast<float>(mx) / 7.0f);
        const float mult = 7.0f / static_cast<float>(mx);
        for (int r = 0; r < 2; ++r) {
            uint32_t w = 0;
            for (int j = 0; j < 8; ++j) {
                const int q = static_cast<int>(std::nearbyint(static_cast<float>(xv[k * 16 + r * 8 + j]) * mult));
                w |= (static_cast<uint32_t>(std::min(7, std::max(-8, q))) & 0xFu) << (4 * j);
            }
            wout.push_back(static_cast<double>(static_cast<int32_t>(w)));
        }
    }
    ExpectValues(qs.Values(), wq, 1e-6);
    ExpectValues(out.Values(), wout);
}

TEST(ReferenceNnQuantBlockFlatQuant, ChecksAndV3GroupListPerProduct) {
    Dev x(std::vector<double>(16, 1), at::kHalf, {1, 2, 8});
    Dev p1(std::vector<double>(4, 1), at::kHalf, {2, 2});
    Dev p2(std::vector<double>(64, 1), at::kHalf, {8, 8});
    Dev p2b(std::vector<double>(64, 1), at::kBFloat16, {8, 8});
    Dev out(std::vector<double>(2, 0), at::kInt, {1, 2, 1});
    Dev qs({0.0}, at::kFloat, {1});
    Dev gl({1.0}, at::kLong, {1});
    auto v1 = [&](const aclTensor* k2, double clip) {
        return [=, &out, &p1, &qs, &x](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnFlatQuantGetWorkspaceSize(x.t, p1.t, k2, clip, out.t, qs.t, ws, ex);
        };
    };
    ExpectFails(v1(p2b.t, 1.0), 161002, "same dtype");
    ExpectFails(v1(p2.t, 0.0), 161002, "clipRatio must be within the range of (0,1]");
    auto v3 = [&](const aclTensor* g, int64_t type) {
        return [=, &out, &p1, &p2, &qs, &x](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnFlatQuantV3GetWorkspaceSize(x.t, p1.t, p2.t, g, 1.0, 0.0, type, out.t, qs.t, ws, ex);
        };
    };
    ExpectFails(v3(gl.t, 0), 161002, "For ascend950, groupListOptional only support nullptr.");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ExpectFails(v3(gl.t, 3), 161002, "groupListType must be one of [0, 1, 2].");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ExpectFails(v1(p2.t, 1.0), 161002, "Tensor x not implemented for DT_FLOAT16");
    }
}

// ================================================================================ GroupedDynamicBlockQuant

// Groups {rows 0..1, rows 2..4} of x [5, 1] with row blocks of 1: scale rows 0, 1 for group 0, then a filler row
// (1), rows 3..5 for group 1 and a last filler; scale = |x| / 448 (FLOAT8_E4M3FN), y = x / scale = +-448.
TEST(ReferenceNnQuantBlockGroupedDynamicBlockQuant, ScaleRowsPerGroup) {
    Dev x({1.0, -2.0, 4.0, 8.0, -16.0}, at::kHalf, {5, 1});
    Dev g({2.0, 5.0}, at::kInt, {2});
    Dev y(std::vector<double>(5, 0), at::kByte, {5, 1}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev s(std::vector<double>(7, 0), at::kFloat, {7, 1});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnGroupedDynamicBlockQuantGetWorkspaceSize(x.t, g.t, 0.0, const_cast<char*>("rint"), 36,
                                                                           1, 64, 0, y.t, s.t, ws, ex);
                  },
                  aclnnGroupedDynamicBlockQuant),
              0)
        << LastError();
    const float m = 448.0f;
    ExpectValues(s.Values(), {1.0f / m, 2.0f / m, 1.0, 4.0f / m, 8.0f / m, 16.0f / m, 1.0}, 1e-7);
    ExpectValues(y.Values(), {E4m3(448), E4m3(-448), E4m3(448), E4m3(448), E4m3(-448)});
}

TEST(ReferenceNnQuantBlockGroupedDynamicBlockQuant, Checks) {
    Dev x({1.0, 2.0}, at::kHalf, {2, 1});
    Dev g({2.0}, at::kInt, {1});
    Dev y(std::vector<double>(2, 0), at::kByte, {2, 1}, {}, 0, ACL_FLOAT8_E5M2);
    Dev s(std::vector<double>(3, 0), at::kFloat, {3, 1});
    Dev sBad(std::vector<double>(2, 0), at::kFloat, {2, 1});
    auto call = [&](int64_t dt, int64_t rb, int64_t glt, const aclTensor* sc) {
        return [=, &g, &x, &y](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnGroupedDynamicBlockQuantGetWorkspaceSize(x.t, g.t, 0.0, nullptr, dt, rb, 128, glt, y.t, sc, ws,
                                                                 ex);
        };
    };
    ExpectFails(call(2, 1, 0, s.t), 561002, "dst_type");
    ExpectFails(call(35, 64, 0, s.t), 561002, "row_block_size");
    ExpectFails(call(35, 1, 1, s.t), 561002, "group_list_type");
    ExpectFails(call(35, 1, 0, sBad.t), 561002, "The shape of scale must be");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ExpectFails(call(35, 1, 0, s.t), 161002, "not supported");
    }
}

// ================================================================================ DequantSwigluQuant

// INT32 x, counts {1} (row 1 outside every group: 0), weight scale, activation scale, a FLOAT bias; swigluMode 1
// (even / odd columns, clamp, sigmoid(alpha * a), b + gluBias); dynamic: scaleOut = max / 127.
TEST(ReferenceNnQuantBlockDequantSwigluQuant, V2Int32VariantDynamic) {
    std::vector<double> xv;
    for (int i = 0; i < 16; ++i) xv.push_back(static_cast<double>(i % 8) - 3.0);
    const std::vector<double> wsv = {0.5, 1, 2, 1, 0.5, 1, 2, 1};
    Dev x(xv, at::kInt, {2, 8});
    Dev ws(wsv, at::kFloat, {1, 8});
    Dev as({2.0, 3.0}, at::kFloat, {2});
    Dev bias(std::vector<double>(8, 0.25), at::kFloat, {8});
    Dev qs({1.0, 2.0, 1.0, 0.5}, at::kFloat, {1, 4});
    Dev g({1.0}, at::kLong, {1});
    Dev y(std::vector<double>(8, 9), at::kChar, {2, 4});
    Dev so(std::vector<double>(2, 9), at::kFloat, {2});
    const double clamp = 3.0, alpha = 1.5, gb = 0.5;
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* w, aclOpExecutor** ex) {
                      return aclnnDequantSwigluQuantV2GetWorkspaceSize(
                          x.t, ws.t, as.t, bias.t, qs.t, nullptr, g.t, true, const_cast<char*>("dynamic"), 2,
                          const_cast<char*>("rint"), -1, 1, clamp, alpha, gb, y.t, so.t, w, ex);
                  },
                  aclnnDequantSwigluQuantV2),
              0)
        << LastError();
    std::vector<double> row;
    const std::vector<double> qv = {1.0, 2.0, 1.0, 0.5};
    for (int c = 0; c < 4; ++c) {
        double a = xv[2 * c] * wsv[2 * c] * 2.0 + 0.25;
        double b = xv[2 * c + 1] * wsv[2 * c + 1] * 2.0 + 0.25;
        a = std::min(a, clamp);
        b = std::min(clamp, std::max(-clamp, b));
        row.push_back(a / (1.0 + std::exp(-alpha * a)) * (b + gb) * qv[c]);
    }
    double mx = 0;
    for (double v : row) mx = std::max(mx, std::fabs(v));
    std::vector<double> wy;
    for (double v : row) wy.push_back(std::nearbyint(v * 127.0 / mx));
    for (int c = 0; c < 4; ++c) wy.push_back(0);
    const std::vector<double> got = y.Values();
    for (size_t i = 0; i < got.size(); ++i) EXPECT_NEAR(got[i], wy[i], 1.0) << "at " << i;
    ExpectValues(so.Values(), {mx / 127.0, 0.0}, 1e-5);
}

// V1 static on FLOAT16 x: y = round(silu(B) * A / quantScale + quantOffset) (activateLeft false), scaleOut 0.
TEST(ReferenceNnQuantBlockDequantSwigluQuant, V1StaticFloatInput) {
    std::vector<double> xv = {-1.0, 0.5, 2.0, 3.0, 1.0, -2.0, 0.25, 4.0};
    Dev x(xv, at::kHalf, {2, 4});
    Dev qs({0.25}, at::kFloat, {1});
    Dev qo({1.0}, at::kFloat, {1});
    Dev y(std::vector<double>(4, 9), at::kChar, {2, 2});
    Dev so(std::vector<double>(2, 9), at::kFloat, {2});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* w, aclOpExecutor** ex) {
                      return aclnnDequantSwigluQuantGetWorkspaceSize(x.t, nullptr, nullptr, nullptr, qs.t, qo.t, nullptr,
                                                                     false, const_cast<char*>("static"), y.t, so.t, w,
                                                                     ex);
                  },
                  aclnnDequantSwigluQuant),
              0)
        << LastError();
    std::vector<double> wy;
    for (int r = 0; r < 2; ++r) {
        for (int c = 0; c < 2; ++c) {
            const float a = static_cast<float>(xv[r * 4 + 2 + c]);
            const float b = static_cast<float>(xv[r * 4 + c]);
            const float v = a / (1.0f + std::exp(-a)) * b / 0.25f + 1.0f;
            wy.push_back(std::nearbyint(std::min(127.0f, std::max(-128.0f, v))));
        }
    }
    ExpectValues(y.Values(), wy);
    ExpectValues(so.Values(), {0.0, 0.0});
    // an INT32 x without weightScale, and a product without a kernel, are refused
    Dev xi(std::vector<double>(8, 1), at::kInt, {2, 4});
    ExpectFails(
        [&](uint64_t* w, aclOpExecutor** ex) {
            return aclnnDequantSwigluQuantGetWorkspaceSize(xi.t, nullptr, nullptr, nullptr, qs.t, qo.t, nullptr, false,
                                                           const_cast<char*>("static"), y.t, so.t, w, ex);
        },
        161002, "weightScaleOptional");
}

// ================================================================================ InplaceQuantScatter

// selfRef [2, 4, 3] INT8, updates [2, 2, 3] FLOAT16 / scales [3] + zero points [3] rounded half to even, written at
// rows indices[i] .. indices[i] + 1 of batch i along axis -2; the other rows keep their values.
TEST(ReferenceNnQuantBlockInplaceQuantScatter, QuantiseAndScatterRows) {
    std::vector<double> sv(24, 5);
    Dev self(sv, at::kChar, {2, 4, 3});
    Dev idx({2.0, 0.0}, at::kInt, {2});
    std::vector<double> uv;
    for (int i = 0; i < 12; ++i) uv.push_back(0.25 * i - 1.0);
    Dev upd(uv, at::kHalf, {2, 2, 3});
    Dev qs({0.5, 0.25, 1.0}, at::kFloat, {3});
    Dev zp({1.0, -1.0, 0.0}, at::kInt, {3});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnInplaceQuantScatterGetWorkspaceSize(self.t, idx.t, upd.t, qs.t, zp.t, -2, -1, 1, ws,
                                                                      ex);
                  },
                  aclnnInplaceQuantScatter),
              0)
        << LastError();
    std::vector<double> want = sv;
    const double s3[3] = {0.5, 0.25, 1.0};
    const double z3[3] = {1.0, -1.0, 0.0};
    const int start[2] = {2, 0};
    for (int b = 0; b < 2; ++b) {
        for (int k = 0; k < 2; ++k) {
            for (int m = 0; m < 3; ++m) {
                const float v = static_cast<float>(uv[b * 6 + k * 3 + m]) / static_cast<float>(s3[m]) +
                                static_cast<float>(z3[m]);
                want[b * 12 + (start[b] + k) * 3 + m] = std::nearbyint(v);
            }
        }
    }
    ExpectValues(self.Values(), want);
}

TEST(ReferenceNnQuantBlockInplaceQuantScatter, Checks) {
    Dev self(std::vector<double>(8, 0), at::kChar, {1, 2, 4});
    Dev idx({0.0}, at::kInt, {1});
    Dev upd(std::vector<double>(4, 1), at::kHalf, {1, 1, 4});
    Dev upd2(std::vector<double>(4, 1), at::kHalf, {1, 4});
    Dev qs(std::vector<double>(4, 1), at::kFloat, {4});
    Dev qsb(std::vector<double>(4, 1), at::kBFloat16, {4});
    auto call = [&](const aclTensor* u, const aclTensor* s, int64_t axis) {
        return [=, &idx, &self](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnInplaceQuantScatterGetWorkspaceSize(self.t, idx.t, u, s, nullptr, axis, -1, 1, ws, ex);
        };
    };
    ExpectFails(call(upd.t, nullptr, -2), 161001, "quantScales");
    ExpectFails(call(upd.t, qsb.t, -2), 161002, "(updates,quantScales) Dtype should be");
    ExpectFails(call(upd2.t, qs.t, -2), 161002, "dimension of selfRef and updates should equal");
    ExpectFails(call(upd.t, qs.t, 0), 161002, "axis");
}

}  // namespace nn_quant_block_reference_test
