// The nn_norm_quant family's reference-tier operators through the public API (ops/families/nn_norm_quant.yaml;
// docs/ops/nn_norm_quant.md): each formula against values computed here independently - closed forms in double,
// central finite differences of the forward for the backward operators, ATen's own functions called directly - and
// checks in CANN's order with its codes and messages, per product where they differ. The table-driven suite
// (reference_table_test.cpp) runs each entry's cases on transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "aclnnop/aclnn_ada_layer_norm_backward.h"
#include "aclnnop/aclnn_ada_layer_norm_quant.h"
#include "aclnnop/aclnn_add_layer_norm_quant_v2.h"
#include "aclnnop/aclnn_add_rms_norm_quant_v2.h"
#include "aclnnop/aclnn_group_norm_backward.h"
#include "aclnnop/aclnn_group_norm_silu_quant.h"
#include "aclnnop/aclnn_quantized_batch_norm.h"
#include "aclnnop/aclnn_rms_norm_grad_quant.h"
#include "aclnnop/aclnn_rms_norm_quant_v3.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace nn_norm_quant_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;
using aclcpu_test::Scalar;

/// got and want element by element within tol (relative above 1).
void Near(const std::vector<double>& got, const std::vector<double>& want, double tol) {
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_NEAR(got[i], want[i], tol * std::max(1.0, std::fabs(want[i]))) << "at " << i;
    }
}

/// Integer results: each within 1 of want (a float32 value near a .5 boundary may round either way), and most equal.
void NearInt(const std::vector<double>& got, const std::vector<double>& want) {
    ASSERT_EQ(got.size(), want.size());
    size_t equal = 0;
    for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_LE(std::fabs(got[i] - want[i]), 1.0) << "at " << i;
        if (got[i] == want[i]) ++equal;
    }
    EXPECT_GE(equal * 10, got.size() * 9);
}

double Sat(double v, double lo, double hi) { return std::min(hi, std::max(lo, v)); }

/// Deterministic test values in (-2, 2).
std::vector<double> Wave(size_t n, double phase) {
    std::vector<double> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = 1.7 * std::sin(0.9 * static_cast<double>(i) + phase);
    return v;
}

// ================================================================================ QuantizedBatchNorm

int Qbn(const aclTensor* in, const aclTensor* mean, const aclTensor* var, const aclScalar* is, const aclScalar* iz,
        const aclScalar* os, const aclScalar* oz, aclTensor* w, aclTensor* b, float eps, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantizedBatchNormGetWorkspaceSize(in, mean, var, is, iz, os, oz, w, b, eps, out, ws, ex);
        },
        aclnnQuantizedBatchNorm);
}

// CANN's example: INT32 [1, 2, 1, 4], scales 1 and 2, zero points 1; out = round((x - 1 - mean) / sqrt(var + eps)
// * w + b) / 2 + 1) half away from zero.
TEST(ReferenceNnNormQuantQuantizedBatchNorm, ExampleAndSaturation) {
    const std::vector<double> xv = {0, 1, 2, 3, 4, 5, 6, 7};
    Dev x(xv, at::kInt, {1, 2, 1, 4});
    Dev mean({0.5, -1.0}, at::kFloat, {2});
    Dev var({1.0, 4.0}, at::kFloat, {2});
    Dev w({1.0, 3.0}, at::kFloat, {2});
    Dev b({0.0, 0.25}, at::kFloat, {2});
    Dev out(std::vector<double>(8, 0), at::kInt, {1, 2, 1, 4});
    const int32_t one = 1;
    Scalar is(1.0f), os(2.0f), iz(&one, ACL_INT32), oz(&one, ACL_INT32);
    ASSERT_EQ(Qbn(x.t, mean.t, var.t, is.s, iz.s, os.s, oz.s, w.t, b.t, 1e-5f, out.t), 0) << LastError();
    std::vector<double> want;
    const double mv[2] = {0.5, -1.0}, vv[2] = {1.0, 4.0}, wv[2] = {1.0, 3.0}, bv[2] = {0.0, 0.25};
    for (int i = 0; i < 8; ++i) {
        const int c = i / 4;
        const double y = ((xv[i] - 1) - mv[c]) / std::sqrt(vv[c] + 1e-5) * wv[c] + bv[c];
        const double v = y / 2 + 1;
        want.push_back(std::copysign(std::floor(std::fabs(v) + 0.5), v));
    }
    NearInt(out.Values(), want);
    // INT8 saturates to [-128, 127]; absent weight and bias read as ones and zeros
    Dev x8({-100, 100, 0, 50}, at::kChar, {1, 1, 2, 2});
    Dev m1({0.0}, at::kFloat, {1});
    Dev v1({1.0}, at::kFloat, {1});
    Dev o8(std::vector<double>(4, 0), at::kChar, {1, 1, 2, 2});
    const int32_t zero = 0;
    Scalar z(&zero, ACL_INT32), s4(4.0f), sq(0.5f);
    ASSERT_EQ(Qbn(x8.t, m1.t, v1.t, s4.s, z.s, sq.s, z.s, nullptr, nullptr, 0.0f, o8.t), 0) << LastError();
    EXPECT_EQ(o8.Values(), (std::vector<double>{-128, 127, 0, 127}));
}

TEST(ReferenceNnNormQuantQuantizedBatchNorm, Checks) {
    Dev x(std::vector<double>(8, 1), at::kInt, {1, 2, 1, 4});
    Dev m({0, 0}, at::kFloat, {2});
    Dev v({1, 1}, at::kFloat, {2});
    Dev out(std::vector<double>(8, 0), at::kInt, {1, 2, 1, 4});
    Dev outf(std::vector<double>(8, 0), at::kFloat, {1, 2, 1, 4});
    const int32_t one = 1;
    Scalar s(1.0f), zi(&one, ACL_INT32), zf(1.0f);
    auto call = [&](const aclScalar* iz, aclTensor* o) {
        return [&, iz, o](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantizedBatchNormGetWorkspaceSize(x.t, m.t, v.t, s.s, iz, s.s, zi.s, nullptr, nullptr, 1e-5f,
                                                           o, ws, ex);
        };
    };
    ExpectFails(call(nullptr, out.t), 161001, "inputZeroPoint");
    ExpectFails(call(zf.s, out.t), 161002, "Tensor inputZeroPoint expected dtype is DT_INT32 but found DT_FLOAT.");
    ExpectFails(call(zi.s, outf.t), 161002, "Tensor out not implemented for DT_FLOAT");
}

// ================================================================================ RmsNormQuantV3

int V3(const aclTensor* x, const aclTensor* g, const aclTensor* s, const aclTensor* o, const aclTensor* b, double eps,
       bool div, bool outRstd, aclTensor* y, aclTensor* rstd) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnRmsNormQuantV3GetWorkspaceSize(x, g, s, o, b, eps, div, outRstd, y, rstd, ws, ex);
        },
        aclnnRmsNormQuantV3);
}

// y = round((x * rstd * gamma + beta) / scale + offset) (or * scale), rstd per row; per-channel scales.
TEST(ReferenceNnNormQuantRmsNormQuantV3, DivModeOffsetRstd) {
    const size_t R = 3, D = 8;
    const std::vector<double> xv = Wave(R * D, 0.3), gv = Wave(D, 1.1), bv = Wave(D, 2.0);
    std::vector<double> sv(D), ov(D);
    for (size_t j = 0; j < D; ++j) {
        sv[j] = 0.02 + 0.01 * static_cast<double>(j);
        ov[j] = static_cast<double>(j) - 4.0;
    }
    Dev x(xv, at::kFloat, {3, 8});
    Dev g(gv, at::kFloat, {8});
    Dev b(bv, at::kFloat, {8});
    Dev s(sv, at::kFloat, {8});
    Dev o(ov, at::kInt, {8});
    for (bool div : {true, false}) {
        Dev y(std::vector<double>(R * D, 0), at::kChar, {3, 8});
        Dev rstd(std::vector<double>(R, 0), at::kFloat, {3, 1});
        ASSERT_EQ(V3(x.t, g.t, s.t, o.t, b.t, 1e-6, div, true, y.t, rstd.t), 0) << LastError();
        std::vector<double> wy, wr;
        for (size_t r = 0; r < R; ++r) {
            double ss = 0;
            for (size_t j = 0; j < D; ++j) ss += xv[r * D + j] * xv[r * D + j];
            const double rs = 1.0 / std::sqrt(ss / D + 1e-6);
            wr.push_back(rs);
            for (size_t j = 0; j < D; ++j) {
                const double v = xv[r * D + j] * rs * gv[j] + bv[j];
                const double q = (div ? v / sv[j] : v * sv[j]) + ov[j];
                wy.push_back(Sat(std::nearbyint(q), -128, 127));
            }
        }
        NearInt(y.Values(), wy);
        Near(rstd.Values(), wr, 1e-5);
    }
}

// An INT32 y packs eight int4 results per element; outputRstd false leaves rstd NULL; not on Atlas A2.
TEST(ReferenceNnNormQuantRmsNormQuantV3, Int4PackedAndChecks) {
    const std::vector<double> xv = {1, -1, 2, -2, 3, -3, 0.5, 0};
    Dev x(xv, at::kFloat, {1, 8});
    Dev g(std::vector<double>(8, 1.0), at::kFloat, {8});
    Dev s({0.25}, at::kFloat, {1});
    Dev y({0}, at::kInt, {1, 1});
    ASSERT_EQ(V3(x.t, g.t, s.t, nullptr, nullptr, 1e-6, true, false, y.t, nullptr), 0) << LastError();
    double ss = 0;
    for (double v : xv) ss += v * v;
    const double rs = 1.0 / std::sqrt(ss / 8 + 1e-6);
    uint32_t word = 0;
    for (size_t j = 0; j < 8; ++j) {
        const int32_t q = static_cast<int32_t>(Sat(std::nearbyint(xv[j] * rs / 0.25), -8, 7));
        word |= (static_cast<uint32_t>(q) & 0xFu) << (4 * j);
    }
    EXPECT_EQ(y.Values()[0], static_cast<double>(static_cast<int32_t>(word)));
    auto call = [&](aclTensor* rstd, bool outRstd) {
        return [&, rstd, outRstd](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnRmsNormQuantV3GetWorkspaceSize(x.t, g.t, s.t, nullptr, nullptr, 1e-6, true, outRstd, y.t, rstd,
                                                       ws, ex);
        };
    };
    ExpectFails(call(nullptr, true), 161001, "rstd");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ExpectFails(call(nullptr, false), 161002, "Ascend 950 only");
}

// ================================================================================ AddRmsNormQuantV2

// x = x1 + x2, r = x * rstd * gamma (rmsNormOut), y = r + beta; y1Out = round(y / scales1 + zeroPoints1).
TEST(ReferenceNnNormQuantAddRmsNormQuantV2, BetaRmsNormOutAndQuant) {
    const size_t R = 2, D = 8;
    const std::vector<double> a = Wave(R * D, 0.1), c = Wave(R * D, 0.7), gv = Wave(D, 1.5), bv = Wave(D, 2.5);
    std::vector<double> sv(D), zv(D);
    for (size_t j = 0; j < D; ++j) {
        sv[j] = 0.03 + 0.005 * static_cast<double>(j);
        zv[j] = static_cast<double>(j % 3) * 10.0;
    }
    Dev x1(a, at::kFloat, {2, 8}), x2(c, at::kFloat, {2, 8}), g(gv, at::kFloat, {8}), b(bv, at::kFloat, {8});
    Dev s(sv, at::kFloat, {8}), z(zv, at::kInt, {8});
    Dev y1(std::vector<double>(R * D, 0), at::kChar, {2, 8}), y2(std::vector<double>(R * D, 5), at::kChar, {2, 8});
    Dev xo(std::vector<double>(R * D, 0), at::kFloat, {2, 8}), ro(std::vector<double>(R * D, 0), at::kFloat, {2, 8});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnAddRmsNormQuantV2GetWorkspaceSize(x1.t, x2.t, g.t, s.t, nullptr, z.t, nullptr, b.t,
                                                                    -1, 1e-6, true, y1.t, y2.t, xo.t, ro.t, ws, ex);
                  },
                  aclnnAddRmsNormQuantV2),
              0)
        << LastError();
    std::vector<double> wx, wr, wy;
    for (size_t r = 0; r < R; ++r) {
        double ss = 0;
        for (size_t j = 0; j < D; ++j) ss += (a[r * D + j] + c[r * D + j]) * (a[r * D + j] + c[r * D + j]);
        const double rs = 1.0 / std::sqrt(ss / D + 1e-6);
        for (size_t j = 0; j < D; ++j) {
            const double xv = a[r * D + j] + c[r * D + j];
            wx.push_back(xv);
            wr.push_back(xv * rs * gv[j]);
            wy.push_back(Sat(std::nearbyint((xv * rs * gv[j] + bv[j]) / sv[j] + zv[j]), -128, 127));
        }
    }
    Near(xo.Values(), wx, 1e-6);
    Near(ro.Values(), wr, 1e-5);
    NearInt(y1.Values(), wy);
    EXPECT_EQ(y2.Values(), std::vector<double>(R * D, 5));  // no scales2: y2Out not written
}

// Atlas A2/A3: beta and rmsNormOut exclusive on the V2 path (the V1 path needs xOut: 161001); Ascend910 refused. The
// tensors are made under each product's profile (a profile switch starts a fresh device memory).
void AddRmsNormQuantV2Products(bool a2) {
    Dev x(std::vector<double>(64, 1), at::kHalf, {2, 32}), g(std::vector<double>(32, 1), at::kHalf, {32});
    Dev b(std::vector<double>(32, 0), at::kHalf, {32});
    Dev s({1.0}, at::kFloat, {1}), z({0}, at::kInt, {1});
    Dev y1(std::vector<double>(64, 0), at::kChar, {2, 32}), y2(std::vector<double>(64, 0), at::kChar, {2, 32});
    Dev ro(std::vector<double>(64, 0), at::kHalf, {2, 32});
    auto call = [&](const aclTensor* beta, aclTensor* xOut, aclTensor* res) {
        return [&, beta, xOut, res](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAddRmsNormQuantV2GetWorkspaceSize(x.t, x.t, g.t, s.t, nullptr, z.t, nullptr, beta, -1, 1e-6,
                                                          true, y1.t, y2.t, xOut, res, ws, ex);
        };
    };
    if (!a2) {
        ExpectFails(call(b.t, nullptr, ro.t), 161002, "not supported");
        return;
    }
    ExpectFails(call(b.t, nullptr, ro.t), 161001, "xOut");
    ASSERT_EQ(RunPhases(call(nullptr, nullptr, ro.t), aclnnAddRmsNormQuantV2), 0) << LastError();
    const std::vector<double> r = ro.Values();
    EXPECT_NEAR(r[0], 1.0, 1e-3);  // all ones: x = 2, rms = 2, r = 1
}

TEST(ReferenceNnNormQuantAddRmsNormQuantV2, ProductChecks) {
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        AddRmsNormQuantV2Products(true);
    }
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    AddRmsNormQuantV2Products(false);
}

// ================================================================================ GroupNormBackward

// Against ATen's native_group_norm_backward in double (saved statistics from ATen's forward), the mask honoured.
TEST(ReferenceNnNormQuantGroupNormBackward, AgainstAtenAndMask) {
    const int64_t N = 2, C = 4, HxW = 3, G = 2;
    const std::vector<double> xv = Wave(N * C * HxW, 0.2), dv = Wave(N * C * HxW, 1.3), gv = Wave(C, 0.4);
    const at::Tensor xd = at::tensor(xv, at::kDouble).reshape({N, C, HxW});
    const at::Tensor dd = at::tensor(dv, at::kDouble).reshape({N, C, HxW});
    const at::Tensor gd = at::tensor(gv, at::kDouble);
    auto fwd = at::native_group_norm(xd, gd, c10::nullopt, N, C, HxW, G, 1e-5);
    const at::Tensor md = std::get<1>(fwd), rd = std::get<2>(fwd);
    auto want = at::native_group_norm_backward(dd, xd, md, rd, gd, N, C, HxW, G, {true, true, true});
    auto vec = [](const at::Tensor& t) {
        const at::Tensor c = t.contiguous().reshape({-1});
        return std::vector<double>(c.data_ptr<double>(), c.data_ptr<double>() + c.numel());
    };
    Dev x(xv, at::kFloat, {N, C, HxW}), dy(dv, at::kFloat, {N, C, HxW}), g(gv, at::kFloat, {C});
    Dev m(vec(md), at::kFloat, {N, G}), r(vec(rd), at::kFloat, {N, G});
    Dev gi(std::vector<double>(N * C * HxW, 0), at::kFloat, {N, C, HxW});
    Dev gg(std::vector<double>(C, 9), at::kFloat, {C}), gb(std::vector<double>(C, 0), at::kFloat, {C});
    const bool maskv[3] = {true, false, true};
    aclBoolArray* mask = aclCreateBoolArray(maskv, 3);
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnGroupNormBackwardGetWorkspaceSize(dy.t, x.t, m.t, r.t, g.t, N, C, HxW, G, mask, gi.t,
                                                                    gg.t, gb.t, ws, ex);
                  },
                  aclnnGroupNormBackward),
              0)
        << LastError();
    Near(gi.Values(), vec(std::get<0>(want)), 1e-4);
    Near(gb.Values(), vec(std::get<2>(want)), 1e-4);
    EXPECT_EQ(gg.Values(), std::vector<double>(C, 9));  // not asked for: untouched
    // a NULL output that the mask asks for; a mask of 2 entries
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnGroupNormBackwardGetWorkspaceSize(dy.t, x.t, m.t, r.t, g.t, N, C, HxW, G, mask, nullptr, gg.t,
                                                          gb.t, ws, ex);
        },
        161002, "gradInput");
    const bool two[2] = {true, true};
    aclBoolArray* mask2 = aclCreateBoolArray(two, 2);
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnGroupNormBackwardGetWorkspaceSize(dy.t, x.t, m.t, r.t, g.t, N, C, HxW, G, mask2, gi.t, gg.t,
                                                          gb.t, ws, ex);
        },
        161002, "outputMask len to be 3, but got 2");
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnGroupNormBackwardGetWorkspaceSize(dy.t, x.t, m.t, r.t, g.t, N, C, HxW, 3, mask, gi.t, gg.t,
                                                          gb.t, ws, ex);
        },
        161002, "Expected C can be divided by group");
    aclDestroyBoolArray(mask);
    aclDestroyBoolArray(mask2);
}

// ================================================================================ AddLayerNormQuantV2

// CANN's example's static per-tensor form (divMode false): y1 = round(y * s + z); layernormRes = the layer norm.
TEST(ReferenceNnNormQuantAddLayerNormQuantV2, StaticPerTensor) {
    const size_t D = 32;
    const std::vector<double> a = Wave(D, 0.0), c = Wave(D, 0.9), gv = Wave(D, 1.7), bv = Wave(D, 0.2);
    Dev x1(a, at::kFloat, {1, 32}), x2(c, at::kFloat, {1, 32}), g(gv, at::kFloat, {1, 32}), b(bv, at::kFloat, {1, 32});
    Dev s({20.0}, at::kFloat, {1}), z({3.0}, at::kFloat, {1});
    Dev y1(std::vector<double>(D, 0), at::kChar, {1, 32}), y2(std::vector<double>(D, 0), at::kChar, {1, 32});
    Dev xo(std::vector<double>(D, 0), at::kFloat, {1, 32}), ln(std::vector<double>(D, 0), at::kFloat, {1, 32});
    Dev o1({0}, at::kFloat, {1}), o2({0}, at::kFloat, {1});
    const char* mode = "static";
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnAddLayerNormQuantV2GetWorkspaceSize(x1.t, x2.t, g.t, b.t, nullptr, s.t, nullptr, z.t,
                                                                      nullptr, mode, 1e-6, true, false, y1.t, y2.t,
                                                                      xo.t, ln.t, o1.t, o2.t, ws, ex);
                  },
                  aclnnAddLayerNormQuantV2),
              0)
        << LastError();
    double mean = 0, var = 0;
    for (size_t j = 0; j < D; ++j) mean += a[j] + c[j];
    mean /= D;
    for (size_t j = 0; j < D; ++j) var += (a[j] + c[j] - mean) * (a[j] + c[j] - mean);
    var /= D;
    std::vector<double> wy, wl, wx;
    for (size_t j = 0; j < D; ++j) {
        const double y = (a[j] + c[j] - mean) / std::sqrt(var + 1e-6) * gv[j] + bv[j];
        wx.push_back(a[j] + c[j]);
        wl.push_back(y);
        wy.push_back(Sat(std::nearbyint(y * 20.0 + 3.0), -128, 127));
    }
    NearInt(y1.Values(), wy);
    Near(ln.Values(), wl, 1e-5);
    Near(xo.Values(), wx, 1e-6);
    // outside the 950 only "static"
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    const char* dyn = "dynamic";
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAddLayerNormQuantV2GetWorkspaceSize(x1.t, x2.t, g.t, b.t, nullptr, s.t, nullptr, z.t, nullptr,
                                                            dyn, 1e-6, true, false, y1.t, y2.t, xo.t, ln.t, o1.t, o2.t,
                                                            ws, ex);
        },
        161002, "Got quantMode is not \"static\".");
}

// ================================================================================ AdaLayerNormQuant

// v = LN(x) * w + b, times 1 + scale, plus shift, times smooth; per row scale = max|v| / 127, out = round(v / scale).
TEST(ReferenceNnNormQuantAdaLayerNormQuant, DynamicPerRow) {
    const int64_t B = 2, S = 3, H = 8;
    const std::vector<double> xv = Wave(B * S * H, 0.5), sc = Wave(B * H, 1.0), sh = Wave(B * H, 2.0);
    const std::vector<double> wv = Wave(H, 0.3), bv = Wave(H, 0.8), sm = Wave(H, 3.0);
    Dev x16(xv, at::kHalf, {B, S, H});
    Dev scale(sc, at::kHalf, {B, H}), shift(sh, at::kHalf, {B, H}), w(wv, at::kHalf, {H}), b(bv, at::kHalf, {H});
    Dev smooth(sm, at::kHalf, {H});
    Dev out(std::vector<double>(B * S * H, 0), at::kChar, {B, S, H});
    Dev qs(std::vector<double>(B * S, 0), at::kFloat, {B, S});
    const char* mode = "dynamic";
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnAdaLayerNormQuantGetWorkspaceSize(x16.t, scale.t, shift.t, w.t, b.t, smooth.t, 1e-5,
                                                                    mode, out.t, qs.t, nullptr, ws, ex);
                  },
                  aclnnAdaLayerNormQuant),
              0)
        << LastError();
    // the inputs as FLOAT16 values
    auto h = [](const std::vector<double>& v) {
        const at::Tensor t = at::tensor(v, at::kDouble).to(at::kHalf).to(at::kDouble);
        return std::vector<double>(t.data_ptr<double>(), t.data_ptr<double>() + t.numel());
    };
    const std::vector<double> X = h(xv), SC = h(sc), SH = h(sh), W = h(wv), BB = h(bv), SM = h(sm);
    std::vector<double> wo, wq;
    for (int64_t bi = 0; bi < B; ++bi) {
        for (int64_t si = 0; si < S; ++si) {
            const double* row = &X[static_cast<size_t>((bi * S + si) * H)];
            double mean = 0, var = 0;
            for (int64_t j = 0; j < H; ++j) mean += row[j];
            mean /= H;
            for (int64_t j = 0; j < H; ++j) var += (row[j] - mean) * (row[j] - mean);
            var /= H;
            std::vector<double> v(static_cast<size_t>(H));
            double m = 0;
            for (int64_t j = 0; j < H; ++j) {
                const double y = (row[j] - mean) / std::sqrt(var + 1e-5) * W[j] + BB[j];
                v[j] = (y * (1 + SC[bi * H + j]) + SH[bi * H + j]) * SM[j];
                m = std::max(m, std::fabs(v[j]));
            }
            wq.push_back(m / 127);
            for (int64_t j = 0; j < H; ++j) wo.push_back(Sat(std::nearbyint(v[j] * 127 / m), -128, 127));
        }
    }
    NearInt(out.Values(), wo);
    Near(qs.Values(), wq, 1e-5);
    // quantMode other than dynamic; a FLOAT x
    const char* stc = "static";
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAdaLayerNormQuantGetWorkspaceSize(x16.t, scale.t, shift.t, w.t, b.t, smooth.t, 1e-5, stc, out.t,
                                                          qs.t, nullptr, ws, ex);
        },
        161002, "quantMode only support dynamic.");
    Dev xf(xv, at::kFloat, {B, S, H});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAdaLayerNormQuantGetWorkspaceSize(xf.t, scale.t, shift.t, w.t, b.t, smooth.t, 1e-5, mode, out.t,
                                                          qs.t, nullptr, ws, ex);
        },
        161002, "Tensor inputTensor.x not implemented for DT_FLOAT");
}

// ================================================================================ AdaLayerNormBackward

/// The AdaLayerNorm forward in double: out[b, s, :] = ((x - mean) * rstd * w + b) * (1 + scale[b]) + shift[b], the
/// statistics computed from x (eps 1e-5); returns sum(dy * out).
double AdaLoss(const std::vector<double>& x, const std::vector<double>& dy, const std::vector<double>& sc,
               const std::vector<double>& sh, const std::vector<double>& w, const std::vector<double>& b, int64_t B,
               int64_t S, int64_t H) {
    double loss = 0;
    for (int64_t bi = 0; bi < B; ++bi) {
        for (int64_t si = 0; si < S; ++si) {
            const size_t o = static_cast<size_t>((bi * S + si) * H);
            double mean = 0, var = 0;
            for (int64_t j = 0; j < H; ++j) mean += x[o + j];
            mean /= H;
            for (int64_t j = 0; j < H; ++j) var += (x[o + j] - mean) * (x[o + j] - mean);
            var /= H;
            const double rs = 1.0 / std::sqrt(var + 1e-5);
            for (int64_t j = 0; j < H; ++j) {
                const double y = (x[o + j] - mean) * rs * w[j] + b[j];
                loss += dy[o + j] * (y * (1 + sc[bi * H + j]) + sh[bi * H + j]);
            }
        }
    }
    return loss;
}

/// The central finite difference of f with respect to every element of v (step 1e-5).
std::vector<double> Fd(std::vector<double>& v, const std::function<double()>& f) {
    std::vector<double> g(v.size());
    for (size_t i = 0; i < v.size(); ++i) {
        const double keep = v[i];
        v[i] = keep + 1e-5;
        const double up = f();
        v[i] = keep - 1e-5;
        const double down = f();
        v[i] = keep;
        g[i] = (up - down) / 2e-5;
    }
    return g;
}

// Every gradient against finite differences of the forward (the statistics recomputed from x).
TEST(ReferenceNnNormQuantAdaLayerNormBackward, AgainstFiniteDifferences) {
    const int64_t B = 2, S = 3, H = 4;
    std::vector<double> xv = Wave(B * S * H, 0.4), dv = Wave(B * S * H, 1.9), sc = Wave(B * H, 0.6),
                        sh = Wave(B * H, 2.2), wv = Wave(H, 0.1), bv = Wave(H, 1.4);
    std::vector<double> mean, rstd;
    for (int64_t r = 0; r < B * S; ++r) {
        double m = 0, var = 0;
        for (int64_t j = 0; j < H; ++j) m += xv[r * H + j];
        m /= H;
        for (int64_t j = 0; j < H; ++j) var += (xv[r * H + j] - m) * (xv[r * H + j] - m);
        mean.push_back(m);
        rstd.push_back(1.0 / std::sqrt(var / H + 1e-5));
    }
    Dev dy(dv, at::kFloat, {B, S, H}), x(xv, at::kFloat, {B, S, H}), m(mean, at::kFloat, {B, S, 1});
    Dev r(rstd, at::kFloat, {B, S, 1}), scale(sc, at::kFloat, {B, H}), shift(sh, at::kFloat, {B, H});
    Dev w(wv, at::kFloat, {H}), b(bv, at::kFloat, {H});
    Dev gx(std::vector<double>(B * S * H, 0), at::kFloat, {B, S, H}), gs(std::vector<double>(B * H, 0), at::kFloat, {B, H});
    Dev gt(std::vector<double>(B * H, 0), at::kFloat, {B, H}), gw(std::vector<double>(H, 0), at::kFloat, {H});
    Dev gb(std::vector<double>(H, 0), at::kFloat, {H});
    const int64_t ns[1] = {H};
    aclIntArray* norm = aclCreateIntArray(ns, 1);
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnAdaLayerNormBackwardGetWorkspaceSize(dy.t, x.t, norm, r.t, m.t, scale.t, shift.t, w.t,
                                                                       b.t, gx.t, gs.t, gt.t, gw.t, gb.t, ws, ex);
                  },
                  aclnnAdaLayerNormBackward),
              0)
        << LastError();
    auto loss = [&] { return AdaLoss(xv, dv, sc, sh, wv, bv, B, S, H); };
    Near(gx.Values(), Fd(xv, loss), 1e-4);
    Near(gs.Values(), Fd(sc, loss), 1e-4);
    Near(gt.Values(), Fd(sh, loss), 1e-4);
    Near(gw.Values(), Fd(wv, loss), 1e-4);
    Near(gb.Values(), Fd(bv, loss), 1e-4);
    // mean of another shape than input's with its last dim 1
    Dev mbad(std::vector<double>(B * S, 0), at::kFloat, {B, S});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAdaLayerNormBackwardGetWorkspaceSize(dy.t, x.t, norm, mbad.t, mbad.t, scale.t, shift.t, w.t,
                                                             b.t, gx.t, gs.t, gt.t, gw.t, gb.t, ws, ex);
        },
        161002, "Expected mean shape");
    aclDestroyIntArray(norm);
}

// ================================================================================ GroupNormSiluQuant

// out = round(silu(group_norm(self)) / quantScale) per channel, against ATen's group_norm and silu in double.
TEST(ReferenceNnNormQuantGroupNormSiluQuant, AgainstAten) {
    const int64_t N = 1, C = 4, HW = 6, G = 2;
    const std::vector<double> xv = Wave(N * C * HW, 0.9), gv = Wave(C, 0.2), bv = Wave(C, 1.2);
    const std::vector<double> qv = {0.02, 0.05, 0.01, 0.04};
    Dev x(xv, at::kHalf, {N, C, HW}), g(gv, at::kHalf, {C}), b(bv, at::kHalf, {C}), q(qv, at::kFloat, {C});
    Dev out(std::vector<double>(N * C * HW, 0), at::kChar, {N, C, HW});
    Dev mean(std::vector<double>(N * G, 0), at::kHalf, {N, G}), rstd(std::vector<double>(N * G, 0), at::kHalf, {N, G});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnGroupNormSiluQuantGetWorkspaceSize(x.t, g.t, b.t, q.t, G, 1e-5, true, out.t, mean.t,
                                                                     rstd.t, ws, ex);
                  },
                  aclnnGroupNormSiluQuant),
              0)
        << LastError();
    const at::Tensor xd = at::tensor(xv, at::kDouble).to(at::kHalf).to(at::kDouble).reshape({N, C, HW});
    const at::Tensor gd = at::tensor(gv, at::kDouble).to(at::kHalf).to(at::kDouble);
    const at::Tensor bd = at::tensor(bv, at::kDouble).to(at::kHalf).to(at::kDouble);
    const at::Tensor y = at::silu(at::group_norm(xd, G, gd, bd, 1e-5));
    const at::Tensor want = at::clamp(at::round(y / at::tensor(qv, at::kDouble).reshape({1, C, 1})), -128, 127)
                                .contiguous()
                                .reshape({-1});
    NearInt(out.Values(), std::vector<double>(want.data_ptr<double>(), want.data_ptr<double>() + want.numel()));
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnGroupNormSiluQuantGetWorkspaceSize(x.t, g.t, b.t, q.t, G, 1e-5, false, out.t, mean.t, rstd.t,
                                                           ws, ex);
        },
        161002, "Expected activateSilu is TRUE");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnGroupNormSiluQuantGetWorkspaceSize(x.t, g.t, b.t, q.t, G, 1e-5, true, out.t, mean.t, rstd.t, ws,
                                                           ex);
        },
        161002, "not supported");
}

// ================================================================================ RmsNormGradQuant

// dgamma and dx against finite differences of sum(dy * x * rstd(x) * gamma); dxOut = round(dx / scale + offset).
TEST(ReferenceNnNormQuantRmsNormGradQuant, AgainstFiniteDifferences) {
    const int64_t R = 3, D = 8;
    std::vector<double> xv = Wave(R * D, 0.6), dv = Wave(R * D, 1.6), gv = Wave(D, 2.6);
    std::vector<double> rstd;
    for (int64_t r = 0; r < R; ++r) {
        double ss = 0;
        for (int64_t j = 0; j < D; ++j) ss += xv[r * D + j] * xv[r * D + j];
        rstd.push_back(1.0 / std::sqrt(ss / D + 1e-6));
    }
    auto loss = [&] {
        double l = 0;
        for (int64_t r = 0; r < R; ++r) {
            double ss = 0;
            for (int64_t j = 0; j < D; ++j) ss += xv[r * D + j] * xv[r * D + j];
            const double rs = 1.0 / std::sqrt(ss / D + 1e-6);
            for (int64_t j = 0; j < D; ++j) l += dv[r * D + j] * xv[r * D + j] * rs * gv[j];
        }
        return l;
    };
    Dev dy(dv, at::kFloat, {R, D}), x(xv, at::kFloat, {R, D}), r(rstd, at::kFloat, {R}), g(gv, at::kFloat, {D});
    Dev s({0.02}, at::kFloat, {1}), o({5}, at::kInt, {1});
    Dev dx(std::vector<double>(R * D, 0), at::kChar, {R, D}), dg(std::vector<double>(D, 0), at::kFloat, {D});
    const char* mode = "static";
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnRmsNormGradQuantGetWorkspaceSize(dy.t, x.t, r.t, g.t, s.t, o.t, mode, true, dx.t,
                                                                   dg.t, ws, ex);
                  },
                  aclnnRmsNormGradQuant),
              0)
        << LastError();
    const std::vector<double> fdx = Fd(xv, loss);
    Near(dg.Values(), Fd(gv, loss), 1e-4);
    std::vector<double> want;
    for (double v : fdx) want.push_back(Sat(std::nearbyint(v / 0.02 + 5), -128, 127));
    NearInt(dx.Values(), want);
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnRmsNormGradQuantGetWorkspaceSize(dy.t, x.t, r.t, g.t, s.t, o.t, mode, true, dx.t, dg.t, ws, ex);
        },
        161002, "Ascend 950 only");
}

}  // namespace nn_norm_quant_reference_test
