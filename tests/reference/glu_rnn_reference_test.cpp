// The GLU-family activations and the round-off foreach operators added to the reference tier
// (ops/families/nn_activation.yaml: aclnnFatreluMul, aclnnSituGlu, aclnnSituGluGrad; ops/families/nn_foreach.yaml:
// aclnnForeachRoundOffNumber, aclnnForeachRoundOffNumberV2; docs/ops/nn_activation.md, nn_foreach.md) through the
// public API: each formula against values computed here independently (closed forms in double; SituGluGrad against a
// central difference of the forward's closed form), each attribute's mapping, and the checks with their codes and
// messages per product where the lists differ. The table-driven suite (reference_table_test.cpp) runs each entry's
// cases on transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "aclnnop/aclnn_bidirection_lstm.h"
#include "aclnnop/aclnn_fatrelu_mul.h"
#include "aclnnop/aclnn_foreach_round_off_number.h"
#include "aclnnop/aclnn_foreach_round_off_number_v2.h"
#include "aclnnop/aclnn_gelu_quant.h"
#include "aclnnop/aclnn_masked_softmax_with_rel_pos_bias.h"
#include "aclnnop/aclnn_situ_glu.h"
#include "aclnnop/aclnn_situ_glu_grad.h"
#include "aclnnop/aclnn_swi_glu_grad.h"
#include "aclnnop/aclnn_swiglu_group.h"
#include "aclnnop/aclnn_swiglu_group_grad.h"
#include "aclnnop/aclnn_thnn_fused_lstm_cell.h"
#include "aclnnop/aclnn_thnn_fused_lstm_cell_backward.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"
#include "support/reference_case.h"  // the library's low-precision converters (tensor/lowp_dtype.h)

// Named after the file, not anonymous: the value suites compile as one unity translation unit.
namespace glu_rnn_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::DevList;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::MakeDev;
using aclcpu_test::RunPhases;
using aclcpu_test::Scalar;

double Sigm(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// ================================================================================ FatreluMul

auto FatreluCall(const aclTensor* in, const aclTensor* th, const aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnFatreluMulGetWorkspaceSize(in, th, out, ws, ex); };
}

// out = (x1 > threshold ? x1 : 0) * x2 with x1, x2 the halves of the last dim; the compare strict (x1 == threshold
// gives 0, the kernel's GT); a transposed input view, a 0-d threshold, FLOAT16 rounded once; Atlas A2 and A3.
TEST(ReferenceGluRnnFatreluMul, Values) {
    for (auto prof : {l1ref::Profile::kAscend910B, l1ref::Profile::kAscend910_93}) {
        aclcpu_test::ProfileScope scope(prof);
        // input [3, 4] viewed transposed from a [4, 3] storage: input[i][j] = s[j * 3 + i]
        const std::vector<double> s = {-1.0, 0.5, 2.0, 0.25, 3.0, -2.0, 1.5, -0.5, 4.0, 2.5, 0.75, -3.0};
        Dev in(s, at::kFloat, {3, 4}, {1, 3});
        Dev th({0.5}, at::kFloat, {});
        Dev out(std::vector<double>(6, 9.0), at::kFloat, {3, 2});
        ASSERT_EQ(RunPhases(FatreluCall(in.t, th.t, out.t), aclnnFatreluMul), 0) << LastError();
        const std::vector<double> got = out.Values();
        for (int i = 0; i < 3; ++i) {
            for (int j = 0; j < 2; ++j) {
                const double x1 = s[j * 3 + i], x2 = s[(j + 2) * 3 + i];
                const double want = (x1 > 0.5 ? x1 : 0.0) * x2;
                EXPECT_NEAR(got[i * 2 + j], want, 1e-6) << i << "," << j;
            }
        }
    }
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    const std::vector<double> h = {1.0009765625, 3.0, -1.0, 2.001953125};  // x1 = {1.0009765625, 3}, x2 = {-1, 2.001953125}
    Dev in(h, at::kHalf, {1, 4});
    Dev th({1.0}, at::kHalf, {1});
    Dev out(std::vector<double>(2, 0.0), at::kHalf, {1, 2});
    ASSERT_EQ(RunPhases(FatreluCall(in.t, th.t, out.t), aclnnFatreluMul), 0) << LastError();
    const std::vector<double> got = out.Values();
    EXPECT_EQ(got[0], -1.0009765625);  // exact in FLOAT16
    // 3 * 2.001953125 = 6.005859375, a tie at FLOAT16's spacing 2^-8 there, rounded once to even: 6.0078125
    EXPECT_EQ(got[1], 6.0078125);
}

TEST(ReferenceGluRnnFatreluMul, Checks) {
    Dev in(std::vector<double>(8, 1.0), at::kFloat, {2, 4});
    Dev th({0.0}, at::kFloat, {1});
    Dev out(std::vector<double>(4, 0.0), at::kFloat, {2, 2});
    // the default product (Ascend 950) and the Ascend910: no configuration, every dtype refused
    ExpectFails(FatreluCall(in.t, th.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor input not implemented for DT_FLOAT");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ExpectFails(FatreluCall(in.t, th.t, out.t), ACLNN_ERR_PARAM_INVALID, "should be in dtype support list");
    }
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ExpectFails(FatreluCall(nullptr, th.t, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument input");
    ExpectFails(FatreluCall(in.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument threshold");
    ExpectFails(FatreluCall(in.t, th.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument out");
    Dev thh({0.0}, at::kHalf, {1});
    ExpectFails(FatreluCall(in.t, thh.t, out.t), ACLNN_ERR_PARAM_INVALID, "Expected threshold to have input's dtype");
    Dev ii(std::vector<double>(8, 1.0), at::kInt, {2, 4});
    ExpectFails(FatreluCall(ii.t, th.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor input not implemented for DT_INT32");
    Dev in1(std::vector<double>(4, 1.0), at::kFloat, {4});
    Dev out1(std::vector<double>(2, 0.0), at::kFloat, {2});
    ExpectFails(FatreluCall(in1.t, th.t, out1.t), ACLNN_ERR_INNER_TILING_ERROR, "no less than 2");
    Dev th2({0.0, 1.0}, at::kFloat, {2});
    ExpectFails(FatreluCall(in.t, th2.t, out.t), ACLNN_ERR_INNER_TILING_ERROR, "Threshold elements can only be one");
    Dev in3(std::vector<double>(6, 1.0), at::kFloat, {2, 3});
    Dev out3(std::vector<double>(2, 0.0), at::kFloat, {2, 1});
    ExpectFails(FatreluCall(in3.t, th.t, out3.t), ACLNN_ERR_INNER_TILING_ERROR, "Last dim size should be even");
    Dev inbig(std::vector<double>(2 * 1026, 1.0), at::kFloat, {2, 1026});
    Dev outbig(std::vector<double>(2 * 513, 0.0), at::kFloat, {2, 513});
    ExpectFails(FatreluCall(inbig.t, th.t, outbig.t), ACLNN_ERR_INNER_TILING_ERROR, "no more than 1024");
    Dev outw(std::vector<double>(8, 0.0), at::kFloat, {2, 4});
    ExpectFails(FatreluCall(in.t, th.t, outw.t), ACLNN_ERR_PARAM_INVALID, "last dim halved");
    // an empty input: success, nothing to run (device memory made under this scope's runtime)
    Dev th1({0.0}, at::kFloat, {1});
    Dev ine(std::vector<double>{}, at::kFloat, {0, 4});
    Dev oute(std::vector<double>{}, at::kFloat, {0, 2});
    EXPECT_EQ(RunPhases(FatreluCall(ine.t, th1.t, oute.t), aclnnFatreluMul), 0) << LastError();
}

// ================================================================================ SituGlu, SituGluGrad

auto SituCall(const aclTensor* x, int64_t dim, double beta, double lb, bool left, const aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnSituGluGetWorkspaceSize(x, dim, beta, lb, left, out, ws, ex);
    };
}
auto SituGradCall(const aclTensor* g, const aclTensor* x, int64_t dim, double beta, double lb, bool left,
                  const aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnSituGluGradGetWorkspaceSize(g, x, dim, beta, lb, left, out, ws, ex);
    };
}

double SituForward(double gate, double up, double beta, double lb) {
    const double a = beta * std::tanh(gate / beta) * Sigm(gate);
    const double u = lb > 0 ? lb * std::tanh(up / lb) : up;
    return a * u;
}

// x [2, 6] split along dim 1 (and x [4, 3] along dim 0), gate first or second, linearBeta > 0 and <= 0.
TEST(ReferenceGluRnnSituGlu, Values) {
    const std::vector<double> s = {-2.0, -1.0, -0.5, 0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, -3.0, 0.75};
    struct Case {
        double beta, lb;
        bool left;
    };
    for (const Case& k : {Case{1.0, 0.0, true}, Case{2.0, 3.0, false}, Case{0.5, -1.0, true}, Case{1.5, 0.5, false}}) {
        Dev x(s, at::kFloat, {2, 6});
        Dev out(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
        ASSERT_EQ(RunPhases(SituCall(x.t, -1, k.beta, k.lb, k.left, out.t), aclnnSituGlu), 0) << LastError();
        const std::vector<double> got = out.Values();
        for (int i = 0; i < 2; ++i) {
            for (int j = 0; j < 3; ++j) {
                const double a = s[i * 6 + j], b = s[i * 6 + 3 + j];
                const double want = k.left ? SituForward(a, b, k.beta, k.lb) : SituForward(b, a, k.beta, k.lb);
                EXPECT_NEAR(got[i * 3 + j], want, 1e-5) << "beta " << k.beta << " lb " << k.lb << " left " << k.left;
            }
        }
        // dim 0 over a transposed [4, 3] view of the same storage: x[r][c] = s[c * 4 + r]
        Dev xt(s, at::kFloat, {4, 3}, {1, 4});
        Dev out0(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
        ASSERT_EQ(RunPhases(SituCall(xt.t, 0, k.beta, k.lb, k.left, out0.t), aclnnSituGlu), 0) << LastError();
        const std::vector<double> got0 = out0.Values();
        for (int r = 0; r < 2; ++r) {
            for (int c = 0; c < 3; ++c) {
                const double a = s[c * 4 + r], b = s[c * 4 + r + 2];
                const double want = k.left ? SituForward(a, b, k.beta, k.lb) : SituForward(b, a, k.beta, k.lb);
                EXPECT_NEAR(got0[r * 3 + c], want, 1e-5);
            }
        }
    }
}

TEST(ReferenceGluRnnSituGlu, Checks) {
    Dev x(std::vector<double>(12, 1.0), at::kFloat, {2, 6});
    Dev out(std::vector<double>(6, 0.0), at::kFloat, {2, 3});
    ExpectFails(SituCall(nullptr, -1, 1.0, 0.0, true, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument x");
    ExpectFails(SituCall(x.t, -1, 1.0, 0.0, true, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument out");
    Dev xi(std::vector<double>(12, 1.0), at::kInt, {2, 6});
    ExpectFails(SituCall(xi.t, -1, 1.0, 0.0, true, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor x not implemented for DT_INT32");
    ExpectFails(SituCall(x.t, 2, 1.0, 0.0, true, out.t), ACLNN_ERR_PARAM_INVALID, "dim should in [-2, 1], but get 2");
    ExpectFails(SituCall(x.t, -3, 1.0, 0.0, true, out.t), ACLNN_ERR_PARAM_INVALID, "dim should in [-2, 1]");
    Dev xo(std::vector<double>(12, 1.0), at::kFloat, {3, 4});
    Dev outo(std::vector<double>(6, 0.0), at::kFloat, {1, 4});
    ExpectFails(SituCall(xo.t, 0, 1.0, 0.0, true, outo.t), ACLNN_ERR_PARAM_INVALID, "x[dim] should be divisible by 2, but get 3");
    Dev out3(std::vector<double>(6, 0.0), at::kFloat, {1, 2, 3});
    ExpectFails(SituCall(x.t, -1, 1.0, 0.0, true, out3.t), ACLNN_ERR_PARAM_INVALID,
                "the number of dimensions of out should be equal");
    Dev out4(std::vector<double>(8, 0.0), at::kFloat, {2, 4});
    ExpectFails(SituCall(x.t, -1, 1.0, 0.0, true, out4.t), ACLNN_ERR_PARAM_INVALID,
                "out[dim] should be equal to x[dim] divided by 2, but get 4, expected 3");
    Dev outh(std::vector<double>(6, 0.0), at::kHalf, {2, 3});
    ExpectFails(SituCall(x.t, -1, 1.0, 0.0, true, outh.t), ACLNN_ERR_PARAM_INVALID, "out dtype should be the same as x");
    Dev out5(std::vector<double>(9, 0.0), at::kFloat, {3, 3});
    ExpectFails(SituCall(x.t, -1, 1.0, 0.0, true, out5.t), ACLNN_ERR_PARAM_INVALID, "x's with dim halved");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ExpectFails(SituCall(x.t, -1, 1.0, 0.0, true, out.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor x not implemented for DT_FLOAT");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ExpectFails(SituCall(x.t, -1, 1.0, 0.0, true, out.t), ACLNN_ERR_PARAM_INVALID, "should be in dtype support list");
    }
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    Dev x2(std::vector<double>(12, 1.0), at::kFloat, {2, 6});  // device memory of this scope's runtime
    Dev out2(std::vector<double>(6, 0.0), at::kFloat, {2, 3});
    EXPECT_EQ(RunPhases(SituCall(x2.t, -1, 1.0, 0.0, true, out2.t), aclnnSituGlu), 0) << LastError();
}

// grad_x against a central difference of sum(gradY * forward) in double, for both splits and both up paths.
TEST(ReferenceGluRnnSituGluGrad, Values) {
    const std::vector<double> s = {-2.0, -1.0, -0.5, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, -3.0, 0.75};
    const std::vector<double> g = {0.5, -1.0, 2.0, 1.5, -0.25, 1.0};
    struct Case {
        double beta, lb;
        bool left;
    };
    for (const Case& k : {Case{1.0, 0.0, true}, Case{2.0, 3.0, false}, Case{0.5, -1.0, false}, Case{1.5, 0.5, true}}) {
        Dev x(s, at::kFloat, {2, 6});
        Dev gy(g, at::kFloat, {2, 3});
        Dev out(std::vector<double>(12, 9.0), at::kFloat, {2, 6});
        ASSERT_EQ(RunPhases(SituGradCall(gy.t, x.t, -1, k.beta, k.lb, k.left, out.t), aclnnSituGluGrad), 0)
            << LastError();
        const std::vector<double> got = out.Values();
        const double h = 1e-6;
        for (int i = 0; i < 2; ++i) {
            for (int j = 0; j < 6; ++j) {
                const int c = j % 3;
                const bool first = j < 3;
                const double a = s[i * 6 + c], b = s[i * 6 + 3 + c];
                auto f = [&](double da, double db) {
                    return k.left ? SituForward(a + da, b + db, k.beta, k.lb) : SituForward(b + db, a + da, k.beta, k.lb);
                };
                const double want = first ? (f(h, 0) - f(-h, 0)) / (2 * h) * g[i * 3 + c]
                                          : (f(0, h) - f(0, -h)) / (2 * h) * g[i * 3 + c];
                EXPECT_NEAR(got[i * 6 + j], want, 1e-4) << "beta " << k.beta << " lb " << k.lb << " left " << k.left
                                                        << " at " << i << "," << j;
            }
        }
    }
    // BF16 rounded once: x, gradY exact in BF16
    Dev xb({1.0, 2.0}, at::kBFloat16, {2});
    Dev gb({1.0}, at::kBFloat16, {1});
    Dev ob(std::vector<double>(2, 0.0), at::kBFloat16, {2});
    ASSERT_EQ(RunPhases(SituGradCall(gb.t, xb.t, 0, 1.0, 0.0, true, ob.t), aclnnSituGluGrad), 0) << LastError();
    const double t = std::tanh(1.0), sg = Sigm(1.0);
    const double ggate = 2.0 * sg * ((1 - t * t) + t * (1 - sg)), gup = t * sg;
    const std::vector<double> got = ob.Values();
    EXPECT_EQ(got[0], at::scalar_tensor(static_cast<double>(static_cast<float>(ggate))).to(at::kBFloat16).item<double>());
    EXPECT_EQ(got[1], at::scalar_tensor(static_cast<double>(static_cast<float>(gup))).to(at::kBFloat16).item<double>());
}

TEST(ReferenceGluRnnSituGluGrad, Checks) {
    Dev x(std::vector<double>(12, 1.0), at::kFloat, {2, 6});
    Dev gy(std::vector<double>(6, 1.0), at::kFloat, {2, 3});
    Dev out(std::vector<double>(12, 0.0), at::kFloat, {2, 6});
    ExpectFails(SituGradCall(nullptr, x.t, -1, 1.0, 0.0, true, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument gradY");
    ExpectFails(SituGradCall(gy.t, nullptr, -1, 1.0, 0.0, true, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument x");
    ExpectFails(SituGradCall(gy.t, x.t, -1, 1.0, 0.0, true, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument out");
    ExpectFails(SituGradCall(gy.t, x.t, 5, 1.0, 0.0, true, out.t), ACLNN_ERR_PARAM_INVALID, "dim should in [-2, 1]");
    Dev gy4(std::vector<double>(8, 1.0), at::kFloat, {2, 4});
    ExpectFails(SituGradCall(gy4.t, x.t, -1, 1.0, 0.0, true, out.t), ACLNN_ERR_PARAM_INVALID,
                "gradY[dim] should be equal to x[dim] divided by 2");
    Dev gyh(std::vector<double>(6, 1.0), at::kHalf, {2, 3});
    ExpectFails(SituGradCall(gyh.t, x.t, -1, 1.0, 0.0, true, out.t), ACLNN_ERR_PARAM_INVALID,
                "gradY dtype should be the same as x");
    Dev outs(std::vector<double>(6, 0.0), at::kFloat, {2, 3});
    ExpectFails(SituGradCall(gy.t, x.t, -1, 1.0, 0.0, true, outs.t), ACLNN_ERR_PARAM_INVALID,
                "Expected out to have x's shape");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ExpectFails(SituGradCall(gy.t, x.t, -1, 1.0, 0.0, true, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradY not implemented for DT_FLOAT");
}

// ================================================================================ ForeachRoundOffNumber (V1, V2)

auto RoundCall(const aclTensorList* x, const aclTensor* mode, const aclTensorList* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnForeachRoundOffNumberGetWorkspaceSize(x, mode, out, ws, ex);
    };
}
auto RoundV2Call(const aclTensorList* x, const aclScalar* mode, aclTensorList* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnForeachRoundOffNumberV2GetWorkspaceSize(x, mode, out, ws, ex);
    };
}

double RoundOff(double v, int mode) {
    switch (mode) {
        case 1: return std::nearbyint(v);  // default rounding mode: ties to even
        case 2: return std::floor(v);
        case 3: return std::ceil(v);
        case 4: return std::round(v);  // ties away from zero
        case 5: return std::trunc(v);
        case 7: return v - std::trunc(v);
        default: return v;
    }
}

const std::vector<double>& RoundInputs() {
    static const std::vector<double> v = {-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, -1.25, 1.75, 3.0, -0.75};
    return v;
}

TEST(ReferenceGluRnnForeachRoundOff, ValuesV1) {
    const std::vector<double>& v = RoundInputs();
    for (int mode : {0, 1, 2, 3, 4, 5, 6, 7, 9}) {
        std::vector<std::unique_ptr<Dev>> xs, os;
        xs.push_back(MakeDev(v, at::kFloat, {2, 5}));
        xs.push_back(MakeDev(v, at::kFloat, {5}, {2}));  // every other element
        os.push_back(MakeDev(std::vector<double>(10, 99.0), at::kFloat, {2, 5}));
        os.push_back(MakeDev(std::vector<double>(5, 99.0), at::kFloat, {5}));
        DevList x(std::move(xs)), out(std::move(os));
        Dev m({static_cast<double>(mode)}, at::kChar, {1});
        ASSERT_EQ(RunPhases(RoundCall(x.list, m.t, out.list), aclnnForeachRoundOffNumber), 0) << LastError();
        const std::vector<double> g0 = out.devs[0]->Values(), g1 = out.devs[1]->Values();
        for (size_t i = 0; i < v.size(); ++i) EXPECT_EQ(g0[i], RoundOff(v[i], mode)) << "mode " << mode << " " << v[i];
        for (size_t i = 0; i < 5; ++i) EXPECT_EQ(g1[i], RoundOff(v[2 * i], mode)) << "mode " << mode;
    }
    // INT16 on Atlas A2: unchanged, mode 7 zeros
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    for (int mode : {1, 7}) {
        std::vector<std::unique_ptr<Dev>> xs, os;
        xs.push_back(MakeDev({-3.0, 7.0, 12.0}, at::kShort, {3}));
        os.push_back(MakeDev({5.0, 5.0, 5.0}, at::kShort, {3}));
        DevList x(std::move(xs)), out(std::move(os));
        Dev m({static_cast<double>(mode)}, at::kChar, {});
        ASSERT_EQ(RunPhases(RoundCall(x.list, m.t, out.list), aclnnForeachRoundOffNumber), 0) << LastError();
        const std::vector<double> want = mode == 7 ? std::vector<double>{0.0, 0.0, 0.0} : std::vector<double>{-3.0, 7.0, 12.0};
        EXPECT_EQ(out.devs[0]->Values(), want);
    }
}

TEST(ReferenceGluRnnForeachRoundOff, ValuesV2) {
    const std::vector<double>& v = RoundInputs();
    for (int mode : {1, 2, 3, 4, 5, 7, 8}) {
        for (aclDataType sdt : {ACL_INT8, ACL_INT64}) {
            std::vector<std::unique_ptr<Dev>> xs, os;
            xs.push_back(MakeDev(v, at::kHalf, {10}));
            os.push_back(MakeDev(std::vector<double>(10, 99.0), at::kHalf, {10}));
            DevList x(std::move(xs)), out(std::move(os));
            const int8_t m8 = static_cast<int8_t>(mode);
            const int64_t m64 = mode;
            Scalar m(sdt == ACL_INT8 ? static_cast<const void*>(&m8) : static_cast<const void*>(&m64), sdt);
            ASSERT_EQ(RunPhases(RoundV2Call(x.list, m.s, out.list), aclnnForeachRoundOffNumberV2), 0) << LastError();
            const std::vector<double> got = out.devs[0]->Values();
            for (size_t i = 0; i < v.size(); ++i) EXPECT_EQ(got[i], RoundOff(v[i], mode)) << "mode " << mode;
        }
    }
    // INT64 257 converted to INT8 is 1 (nearest even)
    std::vector<std::unique_ptr<Dev>> xs, os;
    xs.push_back(MakeDev(v, at::kFloat, {10}));
    os.push_back(MakeDev(std::vector<double>(10, 99.0), at::kFloat, {10}));
    DevList x(std::move(xs)), out(std::move(os));
    const int64_t m257 = 257;
    Scalar m(&m257, ACL_INT64);
    ASSERT_EQ(RunPhases(RoundV2Call(x.list, m.s, out.list), aclnnForeachRoundOffNumberV2), 0) << LastError();
    const std::vector<double> got = out.devs[0]->Values();
    for (size_t i = 0; i < v.size(); ++i) EXPECT_EQ(got[i], RoundOff(v[i], 1));
}

TEST(ReferenceGluRnnForeachRoundOff, Checks) {
    auto list = [](at::ScalarType t, std::vector<int64_t> shape) {
        std::vector<std::unique_ptr<Dev>> d;
        int64_t n = 1;
        for (int64_t s : shape) n *= s;
        d.push_back(MakeDev(std::vector<double>(static_cast<size_t>(n), 1.0), t, shape));
        return std::unique_ptr<DevList>(new DevList(std::move(d)));
    };
    auto x = list(at::kFloat, {2, 3}), out = list(at::kFloat, {2, 3}), outh = list(at::kHalf, {2, 3});
    auto xs16 = list(at::kShort, {3}), os16 = list(at::kShort, {3}), xi = list(at::kInt, {3}), oi = list(at::kInt, {3});
    Dev m({1.0}, at::kChar, {1});
    Dev mf({1.0}, at::kFloat, {1});
    Dev m2({1.0, 2.0}, at::kChar, {2});
    ExpectFails(RoundCall(nullptr, m.t, out->list), ACLNN_ERR_PARAM_NULLPTR, "argument x");
    ExpectFails(RoundCall(x->list, nullptr, out->list), ACLNN_ERR_PARAM_NULLPTR, "argument roundMode");
    ExpectFails(RoundCall(x->list, m.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument out");
    ExpectFails(RoundCall(x->list, m.t, outh->list), ACLNN_ERR_PARAM_INVALID, "should be x's dtype");
    ExpectFails(RoundCall(x->list, mf.t, out->list), ACLNN_ERR_PARAM_INVALID, "Tensor roundMode dtype DT_FLOAT");
    ExpectFails(RoundCall(x->list, m2.t, out->list), ACLNN_ERR_PARAM_INVALID, "roundMode must hold one element");
    // INT16: Atlas A2/A3 only
    ExpectFails(RoundCall(xs16->list, m.t, os16->list), ACLNN_ERR_PARAM_INVALID, "Tensor x[0] dtype DT_INT16");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        auto x16 = list(at::kShort, {3}), o16 = list(at::kShort, {3});  // device memory of this scope's runtime
        Dev m1({1.0}, at::kChar, {1});
        EXPECT_EQ(RunPhases(RoundCall(x16->list, m1.t, o16->list), aclnnForeachRoundOffNumber), 0) << LastError();
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ExpectFails(RoundCall(x->list, m.t, out->list), ACLNN_ERR_PARAM_INVALID, "is not supported on");
    }
    // V2 (aclnn_foreach_round_off_number_v2.cpp)
    const int8_t one = 1;
    const float onef = 1.0f;
    Scalar s8(&one, ACL_INT8), sf(&onef, ACL_FLOAT);
    ExpectFails(RoundV2Call(nullptr, s8.s, out->list), ACLNN_ERR_PARAM_NULLPTR, "argument x");
    ExpectFails(RoundV2Call(x->list, nullptr, out->list), ACLNN_ERR_PARAM_NULLPTR, "argument roundMode");
    ExpectFails(RoundV2Call(x->list, s8.s, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument out");
    ExpectFails(RoundV2Call(x->list, sf.s, out->list), ACLNN_ERR_PARAM_INVALID, "Tensor scalar not implemented for DT_FLOAT");
    ExpectFails(RoundV2Call(x->list, s8.s, outh->list), ACLNN_ERR_PARAM_INVALID, "expected dtype is DT_FLOAT but found DT_FLOAT16");
    {
        auto xi2 = list(at::kInt, {3}), oi2 = list(at::kInt, {3});  // made after the scopes above ended
        EXPECT_EQ(RunPhases(RoundV2Call(xi2->list, s8.s, oi2->list), aclnnForeachRoundOffNumberV2), 0) << LastError();
    }
    ExpectFails(RoundV2Call(xs16->list, s8.s, os16->list), ACLNN_ERR_PARAM_INVALID,
                "Tensor (*self)[0] not implemented for DT_INT16");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910_93);
        auto x16 = list(at::kShort, {3}), o16 = list(at::kShort, {3});
        EXPECT_EQ(RunPhases(RoundV2Call(x16->list, s8.s, o16->list), aclnnForeachRoundOffNumberV2), 0) << LastError();
    }
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ExpectFails(RoundV2Call(x->list, s8.s, out->list), ACLNN_ERR_PARAM_INVALID, "support for ");
}

// ================================================================================ MaskedSoftmaxWithRelPosBias

auto MsCall(const aclTensor* x, const aclTensor* m, const aclTensor* b, double scale, int64_t mode, const aclTensor* o) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnMaskedSoftmaxWithRelPosBiasGetWorkspaceSize(x, m, b, scale, mode, o, ws, ex);
    };
}

// x [B*W, N, S1, S2] = [4, 2, 2, 3] with a mask [W, S1, S2] = [2, 2, 3] and a bias [N, S1, S2]: row (bw, n, s1) of
// out = softmax over s2 of scale * x + mask[bw % W, s1] + bias[n, s1], computed here in double; and without a mask.
TEST(ReferenceGluRnnMaskedSoftmaxWithRelPosBias, Values) {
    const int64_t BW = 4, W = 2, N = 2, S1 = 2, S2 = 3;
    std::vector<double> xv(BW * N * S1 * S2), mv(W * S1 * S2), bv(N * S1 * S2);
    for (size_t i = 0; i < xv.size(); ++i) xv[i] = std::sin(0.7 * static_cast<double>(i)) * 2.0;
    for (size_t i = 0; i < mv.size(); ++i) mv[i] = (i % 4 == 1) ? -100.0 : 0.1 * static_cast<double>(i);
    for (size_t i = 0; i < bv.size(); ++i) bv[i] = 0.05 * static_cast<double>(i) - 0.3;
    for (bool with_mask : {true, false}) {
        for (double scale : {1.0, 0.5}) {
            Dev x(xv, at::kFloat, {BW, N, S1, S2});
            Dev m(mv, at::kFloat, {W, S1, S2});
            Dev b(bv, at::kFloat, {N, S1, S2});
            Dev out(std::vector<double>(xv.size(), 9.0), at::kFloat, {BW, N, S1, S2});
            ASSERT_EQ(RunPhases(MsCall(x.t, with_mask ? m.t : nullptr, b.t, scale, 0, out.t),
                                aclnnMaskedSoftmaxWithRelPosBias), 0)
                << LastError();
            const std::vector<double> got = out.Values();
            for (int64_t bw = 0; bw < BW; ++bw) {
                for (int64_t n = 0; n < N; ++n) {
                    for (int64_t s1 = 0; s1 < S1; ++s1) {
                        std::vector<double> v(S2);
                        double mx = -1e300, sum = 0.0;
                        for (int64_t s2 = 0; s2 < S2; ++s2) {
                            const size_t xi = static_cast<size_t>(((bw * N + n) * S1 + s1) * S2 + s2);
                            v[s2] = scale * xv[xi] + bv[static_cast<size_t>((n * S1 + s1) * S2 + s2)] +
                                    (with_mask ? mv[static_cast<size_t>(((bw % W) * S1 + s1) * S2 + s2)] : 0.0);
                            mx = std::max(mx, v[s2]);
                        }
                        for (double& e : v) sum += (e = std::exp(e - mx));
                        for (int64_t s2 = 0; s2 < S2; ++s2) {
                            const size_t xi = static_cast<size_t>(((bw * N + n) * S1 + s1) * S2 + s2);
                            EXPECT_NEAR(got[xi], v[s2] / sum, 1e-6) << "mask " << with_mask << " scale " << scale;
                        }
                    }
                }
            }
        }
    }
}

TEST(ReferenceGluRnnMaskedSoftmaxWithRelPosBias, Checks) {
    Dev x(std::vector<double>(48, 1.0), at::kFloat, {4, 2, 2, 3});
    Dev m(std::vector<double>(12, 0.0), at::kFloat, {2, 2, 3});
    Dev b(std::vector<double>(12, 0.0), at::kFloat, {2, 2, 3});
    Dev out(std::vector<double>(48, 0.0), at::kFloat, {4, 2, 2, 3});
    ExpectFails(MsCall(nullptr, m.t, b.t, 1.0, 0, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument x");
    ExpectFails(MsCall(x.t, m.t, nullptr, 1.0, 0, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument relativePosBias");
    ExpectFails(MsCall(x.t, m.t, b.t, 1.0, 0, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument out");
    Dev xi(std::vector<double>(48, 1.0), at::kInt, {4, 2, 2, 3});
    ExpectFails(MsCall(xi.t, m.t, b.t, 1.0, 0, out.t), ACLNN_ERR_INNER_TILING_ERROR, "Tensor x dtype DT_INT32");
    Dev bh(std::vector<double>(12, 0.0), at::kHalf, {2, 2, 3});
    ExpectFails(MsCall(x.t, m.t, bh.t, 1.0, 0, out.t), ACLNN_ERR_INNER_TILING_ERROR, "Expected relativePosBias to have x's dtype");
    Dev x3(std::vector<double>(12, 1.0), at::kFloat, {2, 2, 3});
    ExpectFails(MsCall(x3.t, m.t, b.t, 1.0, 0, out.t), ACLNN_ERR_INNER_TILING_ERROR, "x dim num only support 4 or 5");
    Dev m3(std::vector<double>(18, 0.0), at::kFloat, {3, 2, 3});
    ExpectFails(MsCall(x.t, m3.t, b.t, 1.0, 0, out.t), ACLNN_ERR_INNER_TILING_ERROR, "x's first dim 4 is not a multiple");
    Dev mn(std::vector<double>(24, 0.0), at::kFloat, {2, 2, 2, 3});
    ExpectFails(MsCall(x.t, mn.t, b.t, 1.0, 0, out.t), ACLNN_ERR_INNER_TILING_ERROR, "att_n_[2]");
    Dev b1(std::vector<double>(6, 0.0), at::kFloat, {1, 2, 3});
    ExpectFails(MsCall(x.t, m.t, b1.t, 1.0, 0, out.t), ACLNN_ERR_INNER_TILING_ERROR, "bias_n_[1]");
    Dev o5(std::vector<double>(48, 0.0), at::kFloat, {4, 2, 2, 2, 3});
    ExpectFails(MsCall(x.t, m.t, b.t, 1.0, 0, o5.t), ACLNN_ERR_INNER_TILING_ERROR, "output shape is not legal");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ExpectFails(MsCall(x.t, m.t, b.t, 1.0, 0, out.t), ACLNN_ERR_INNER_TILING_ERROR, "Tensor x dtype DT_FLOAT");
    }
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    // S2 = 3 FLOAT: 12 bytes, not 32-byte aligned on the Ascend310P; BF16 not configured there
    ExpectFails(MsCall(x.t, m.t, b.t, 1.0, 0, out.t), ACLNN_ERR_INNER_TILING_ERROR, "s2 is not aligned");
    Dev xb(std::vector<double>(48, 1.0), at::kBFloat16, {4, 2, 2, 3});
    ExpectFails(MsCall(xb.t, nullptr, b.t, 1.0, 0, out.t), ACLNN_ERR_INNER_TILING_ERROR, "Tensor x dtype DT_BF16");
}

// ================================================================================ GeluQuant (Ascend 950)

auto GqCall(const aclTensor* self, const aclTensor* scale, const aclTensor* offset, const char* appr, const char* qm,
            const char* rm, int64_t dst, const aclTensor* y, const aclTensor* os) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGeluQuantGetWorkspaceSize(self, scale, offset, appr, qm, rm, dst, y, os, ws, ex);
    };
}

double GeluErf(double x) { return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))); }
double GeluTanh(double x) {
    return 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x)));
}

// Static INT8: y = rint(gelu(self) * scale + offset) per column of the last dim; a value within 0.01 of a tie may
// round either way (the reference's float32 gelu is not the kernel's), every other value exactly.
TEST(ReferenceGluRnnGeluQuant, StaticInt8) {
    const std::vector<double> x = {-2.0, -0.7, 0.3, 1.1, 2.6, 3.9};
    const std::vector<double> sc = {10.0, 20.0, 30.0}, of = {0.0, 1.0, -2.0};
    for (const char* appr : {"none", "tanh"}) {
        Dev self(x, at::kFloat, {2, 3});
        Dev scale(sc, at::kFloat, {3});
        Dev offset(of, at::kFloat, {3});
        Dev y(std::vector<double>(6, 0.0), at::kChar, {2, 3});
        ASSERT_EQ(RunPhases(GqCall(self.t, scale.t, offset.t, appr, "static", "rint", 2, y.t, nullptr), aclnnGeluQuant), 0)
            << LastError();
        const std::vector<double> got = y.Values();
        for (size_t i = 0; i < 6; ++i) {
            const double g = std::string(appr) == "tanh" ? GeluTanh(x[i]) : GeluErf(x[i]);
            const double v = g * sc[i % 3] + of[i % 3];
            const double want = std::max(-128.0, std::min(127.0, std::nearbyint(v)));
            if (std::fabs(std::fabs(v - std::trunc(v)) - 0.5) > 0.01) {
                EXPECT_EQ(got[i], want) << appr << " v " << v;
            } else {
                EXPECT_NEAR(got[i], want, 1.0) << appr << " v " << v;
            }
        }
    }
    // the kernel's cast through FLOAT16 rounds to odd first: 3.4999998 stays below 3.5 (y = 3; a plain FLOAT16
    // rounding would give 3.5 and then 4); a one-element scale and offset; saturation at 127 and -128
    Dev self({0.0, 0.0, 50.0, -0.1}, at::kFloat, {4});
    Dev scale({1.0}, at::kFloat, {1});
    Dev y(std::vector<double>(4, 0.0), at::kChar, {4});
    const float near35 = std::nextafter(3.5f, 0.0f);
    Dev offset({static_cast<double>(near35)}, at::kFloat, {1});
    ASSERT_EQ(RunPhases(GqCall(self.t, scale.t, offset.t, "none", "static", "rint", 2, y.t, nullptr), aclnnGeluQuant), 0)
        << LastError();
    EXPECT_EQ(y.Values()[0], 3.0);
    EXPECT_EQ(y.Values()[1], 3.0);
    EXPECT_EQ(y.Values()[2], 54.0);  // 50 + 3.4999998 is 53.5 in float32 (exact in FLOAT16): a tie, to even 54
    EXPECT_EQ(y.Values()[3], 3.0);   // gelu(-0.1) + 3.4999998 = 3.454
    Dev big({1000.0}, at::kFloat, {1});
    Dev neg({-1.0e6}, at::kFloat, {1});
    ASSERT_EQ(RunPhases(GqCall(self.t, big.t, nullptr, "none", "static", "rint", 2, y.t, nullptr), aclnnGeluQuant), 0)
        << LastError();
    EXPECT_EQ(y.Values()[2], 127.0);  // 50000 saturates
    ASSERT_EQ(RunPhases(GqCall(self.t, neg.t, nullptr, "none", "static", "rint", 2, y.t, nullptr), aclnnGeluQuant), 0)
        << LastError();
    EXPECT_EQ(y.Values()[2], -128.0);
    EXPECT_EQ(y.Values()[0], 0.0);
}

// Dynamic: outScale = max|g * scale| / maxValue per row; y = g * scale / outScale; INT8 (tanh form) and
// FLOAT8_E4M3FN (decoded here), the row's largest magnitude at +-maxValue.
TEST(ReferenceGluRnnGeluQuant, Dynamic) {
    const std::vector<double> x = {-1.5, 0.2, 0.9, 2.2, 3.0, -0.4, 1.3, 0.05};
    const std::vector<double> sc = {1.0, 2.0, 0.5, 1.5};
    {
        Dev self(x, at::kFloat, {2, 4});
        Dev scale(sc, at::kFloat, {4});
        Dev y(std::vector<double>(8, 0.0), at::kChar, {2, 4});
        Dev os(std::vector<double>(2, 0.0), at::kFloat, {2});
        ASSERT_EQ(RunPhases(GqCall(self.t, scale.t, nullptr, "tanh", "dynamic", "rint", 2, y.t, os.t), aclnnGeluQuant), 0)
            << LastError();
        const std::vector<double> got = y.Values(), gs = os.Values();
        for (int r = 0; r < 2; ++r) {
            double mx = 0.0;
            std::vector<double> v(4);
            for (int j = 0; j < 4; ++j) mx = std::max(mx, std::fabs(v[j] = GeluTanh(x[r * 4 + j]) * sc[j]));
            EXPECT_NEAR(gs[r], mx / 127.0, 1e-6 * mx) << r;
            for (int j = 0; j < 4; ++j) EXPECT_NEAR(got[r * 4 + j], v[j] / mx * 127.0, 0.5 + 1e-3) << r << "," << j;
        }
    }
    {
        Dev self(x, at::kFloat, {2, 4});
        Dev y(std::vector<double>(8, 0.0), at::kByte, {2, 4}, {}, 0, ACL_FORMAT_ND, ACL_FLOAT8_E4M3FN);
        Dev os(std::vector<double>(2, 0.0), at::kFloat, {2});
        ASSERT_EQ(RunPhases(GqCall(self.t, nullptr, nullptr, "none", "dynamic", "rint", 36, y.t, os.t), aclnnGeluQuant),
                  0)
            << LastError();
        const std::vector<double> bytes = y.Values(), gs = os.Values();
        for (int r = 0; r < 2; ++r) {
            double mx = 0.0;
            for (int j = 0; j < 4; ++j) mx = std::max(mx, std::fabs(GeluErf(x[r * 4 + j])));
            EXPECT_NEAR(gs[r], mx / 448.0, 1e-6 * mx);
            for (int j = 0; j < 4; ++j) {
                const double got = aclcpu::lowp::DecodeFloat8E4M3FN(static_cast<uint8_t>(bytes[r * 4 + j]));
                const double want = GeluErf(x[r * 4 + j]) / mx * 448.0;
                EXPECT_NEAR(got, want, std::fabs(want) / 16.0 + 1e-3) << r << "," << j;  // 3 mantissa bits
            }
        }
    }
}

// HIFLOAT8 and FLOAT8_E5M2 saturate (SatMode::SAT): a static product far beyond the largest finite value gives it.
TEST(ReferenceGluRnnGeluQuant, Saturation) {
    Dev self({4.0, -4.0}, at::kFloat, {2});
    Dev scale({1.0e6}, at::kFloat, {1});
    {
        Dev y(std::vector<double>(2, 0.0), at::kByte, {2}, {}, 0, ACL_FORMAT_ND, ACL_HIFLOAT8);
        ASSERT_EQ(RunPhases(GqCall(self.t, scale.t, nullptr, "none", "static", "round", 34, y.t, nullptr), aclnnGeluQuant),
                  0)
            << LastError();
        const std::vector<double> b = y.Values();
        EXPECT_EQ(aclcpu::lowp::DecodeHiFloat8(static_cast<uint8_t>(b[0])), 32768.0f);
        // gelu(-4) * 1e6 = -126.7: finite, ties away from zero at HiF8's precision
        EXPECT_NEAR(aclcpu::lowp::DecodeHiFloat8(static_cast<uint8_t>(b[1])), GeluErf(-4.0) * 1e6, 16.0);
    }
    {
        Dev y(std::vector<double>(2, 0.0), at::kByte, {2}, {}, 0, ACL_FORMAT_ND, ACL_FLOAT8_E5M2);
        Dev big({1.0e9}, at::kFloat, {1});
        ASSERT_EQ(RunPhases(GqCall(self.t, big.t, nullptr, "none", "static", "rint", 35, y.t, nullptr), aclnnGeluQuant), 0)
            << LastError();
        EXPECT_EQ(aclcpu::lowp::DecodeFloat8E5M2(static_cast<uint8_t>(y.Values()[0])), 57344.0f);
    }
}

TEST(ReferenceGluRnnGeluQuant, Checks) {
    Dev self(std::vector<double>(6, 1.0), at::kFloat, {2, 3});
    Dev scale({1.0, 1.0, 1.0}, at::kFloat, {3});
    Dev offset({0.0, 0.0, 0.0}, at::kFloat, {3});
    Dev y(std::vector<double>(6, 0.0), at::kChar, {2, 3});
    Dev os(std::vector<double>(2, 0.0), at::kFloat, {2});
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ExpectFails(GqCall(self.t, scale.t, offset.t, "none", "static", "rint", 2, y.t, nullptr), ACLNN_ERR_RUNTIME_ERROR,
                    "Support for 2201 is not implemented.");
    }
    ExpectFails(GqCall(self.t, scale.t, offset.t, "none", nullptr, "rint", 2, y.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "quantMode");
    ExpectFails(GqCall(self.t, scale.t, offset.t, "none", "pertoken", "rint", 2, y.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "neither \"dynamic\" nor \"static\"");
    ExpectFails(GqCall(nullptr, scale.t, offset.t, "none", "static", "rint", 2, y.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "argument self");
    ExpectFails(GqCall(self.t, nullptr, nullptr, "none", "static", "rint", 2, y.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "argument inputScaleOptional");
    ExpectFails(GqCall(self.t, nullptr, nullptr, "none", "dynamic", "rint", 2, y.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "argument outScaleOptional");
    ExpectFails(GqCall(self.t, scale.t, nullptr, "none", "static", "rint", 2, y.t, os.t), ACLNN_ERR_PARAM_INVALID,
                "combination in static quant mode");
    ExpectFails(GqCall(self.t, nullptr, offset.t, "none", "dynamic", "rint", 2, y.t, os.t), ACLNN_ERR_PARAM_INVALID,
                "combination in dynamic quant mode");
    Dev yi(std::vector<double>(6, 0.0), at::kInt, {2, 3});
    ExpectFails(GqCall(self.t, scale.t, nullptr, "none", "static", "rint", 3, yi.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Tensor y not implemented for DT_INT32");
    Dev sh({1.0, 1.0, 1.0}, at::kHalf, {3});
    Dev selfb(std::vector<double>(6, 1.0), at::kBFloat16, {2, 3});
    ExpectFails(GqCall(selfb.t, sh.t, nullptr, "none", "static", "rint", 2, y.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "is not compatible with inputScaleOptional");
    ExpectFails(GqCall(self.t, scale.t, sh.t, "none", "static", "rint", 2, y.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype");
    ExpectFails(GqCall(self.t, scale.t, nullptr, "erf", "static", "rint", 2, y.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "expected approximate equals 'none' or 'tanh', get: erf");
    ExpectFails(GqCall(self.t, scale.t, nullptr, "none", "static", "rint", 36, y.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "must be the same as y dtype");
    Dev os2(std::vector<double>(3, 0.0), at::kFloat, {3});
    ExpectFails(GqCall(self.t, nullptr, nullptr, "none", "dynamic", "rint", 2, y.t, os2.t), ACLNN_ERR_PARAM_INVALID,
                "except for the last dimension");
    Dev self1(std::vector<double>(3, 1.0), at::kFloat, {3});
    Dev y1(std::vector<double>(3, 0.0), at::kChar, {3});
    ExpectFails(GqCall(self1.t, nullptr, nullptr, "none", "dynamic", "rint", 2, y1.t, os.t), ACLNN_ERR_PARAM_INVALID,
                "should be 2-8D");
    Dev s2d(std::vector<double>(3, 1.0), at::kFloat, {1, 3});
    ExpectFails(GqCall(self.t, s2d.t, nullptr, "none", "static", "rint", 2, y.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "only supported 1D");
    ExpectFails(GqCall(self.t, scale.t, nullptr, "none", "static", "rint", 2, y1.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for y");
    ExpectFails(GqCall(self.t, scale.t, nullptr, "none", "static", "round", 2, y.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "not in ['rint'] for float8_e5m2/float8_e4m3fn/int8");
    Dev yh8(std::vector<double>(6, 0.0), at::kByte, {2, 3}, {}, 0, ACL_FORMAT_ND, ACL_HIFLOAT8);
    ExpectFails(GqCall(self.t, scale.t, nullptr, "none", "static", "rint", 34, yh8.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "not in ['round','hybrid'] for hifloat8");
    Dev se(std::vector<double>{}, at::kFloat, {0, 3});
    Dev ye(std::vector<double>{}, at::kChar, {0, 3});
    ExpectFails(GqCall(se.t, scale.t, nullptr, "none", "static", "rint", 2, ye.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "does not support empty tensor");
    Dev s2({1.0, 1.0}, at::kFloat, {2});
    ExpectFails(GqCall(self.t, s2.t, nullptr, "none", "static", "rint", 2, y.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "to hold 1 or self's last dim 3 elements");
}

// ================================================================================ BidirectionLSTM (Ascend310P)

struct LstmArgs {
    const aclTensor* t[11] = {};
    int64_t numLayers = 1;
    bool isbias = false, batchFirst = false, bidirection = false;
    const aclTensor* y = nullptr;
    const aclTensor* hn = nullptr;
    const aclTensor* cn = nullptr;
};
auto LstmCall(const LstmArgs& a) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnBidirectionLSTMGetWorkspaceSize(a.t[0], a.t[1], a.t[2], a.t[3], a.t[4], a.t[5], a.t[6], a.t[7],
                                                    a.t[8], a.t[9], a.t[10], a.numLayers, a.isbias, a.batchFirst,
                                                    a.bidirection, a.y, a.hn, a.cn, ws, ex);
    };
}

// One direction of an LSTM in double over x [T][B][I], gates [i, f, g, o] (PyTorch's order), from h0, c0 [B][H]; the
// step order reversed with `reverse`; y[t][b][h] written at column offset `col` of a row of width `width`.
void LstmRef(const std::vector<double>& x, int64_t T, int64_t B, int64_t I, int64_t H, const std::vector<double>& wih,
             const std::vector<double>& whh, const std::vector<double>* bih, const std::vector<double>* bhh,
             std::vector<double> h, std::vector<double> c, bool reverse, std::vector<double>* y, int64_t width,
             int64_t col, std::vector<double>* hn, std::vector<double>* cn) {
    for (int64_t s = 0; s < T; ++s) {
        const int64_t t = reverse ? T - 1 - s : s;
        std::vector<double> nh(B * H), nc(B * H);
        for (int64_t b = 0; b < B; ++b) {
            for (int64_t k = 0; k < H; ++k) {
                double g4[4];
                for (int q = 0; q < 4; ++q) {
                    const int64_t row = q * H + k;
                    double v = 0.0;
                    for (int64_t i = 0; i < I; ++i) v += x[(t * B + b) * I + i] * wih[row * I + i];
                    for (int64_t j = 0; j < H; ++j) v += h[b * H + j] * whh[row * H + j];
                    if (bih != nullptr) v += (*bih)[row] + (*bhh)[row];
                    g4[q] = v;
                }
                const double cc = Sigm(g4[1]) * c[b * H + k] + Sigm(g4[0]) * std::tanh(g4[2]);
                nc[b * H + k] = cc;
                nh[b * H + k] = Sigm(g4[3]) * std::tanh(cc);
                (*y)[(t * B + b) * width + col + k] = nh[b * H + k];
            }
        }
        h = nh;
        c = nc;
    }
    *hn = h;
    *cn = c;
}

std::vector<double> Ramp(size_t n, double scale, double phase) {
    std::vector<double> v(n);
    for (size_t i = 0; i < n; ++i) v[i] = scale * std::sin(phase + 0.37 * static_cast<double>(i));
    return v;
}

// Bidirectional with biases and one-directional without, against LstmRef in double (FLOAT16 inputs exact there;
// the outputs rounded once to FLOAT16: within a FLOAT16 ulp or so).
TEST(ReferenceGluRnnBidirectionLSTM, Values) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    const int64_t T = 3, B = 2, I = 3, H = 2;
    auto h16 = [](std::vector<double> v) {
        for (double& e : v) e = at::scalar_tensor(e, at::kDouble).to(at::kHalf).item<double>();
        return v;
    };
    const std::vector<double> x = h16(Ramp(T * B * I, 1.0, 0.1));
    const std::vector<double> wih = h16(Ramp(4 * H * I, 0.5, 0.7)), whh = h16(Ramp(4 * H * H, 0.5, 1.3));
    const std::vector<double> bih = h16(Ramp(4 * H, 0.3, 2.0)), bhh = h16(Ramp(4 * H, 0.3, 2.9));
    const std::vector<double> wihr = h16(Ramp(4 * H * I, 0.5, 3.7)), whhr = h16(Ramp(4 * H * H, 0.5, 4.1));
    const std::vector<double> bihr = h16(Ramp(4 * H, 0.3, 5.0)), bhhr = h16(Ramp(4 * H, 0.3, 5.5));
    for (bool bidir : {true, false}) {
        const int64_t D = bidir ? 2 : 1;
        const std::vector<double> h0 = h16(Ramp(D * B * H, 0.4, 6.0)), c0 = h16(Ramp(D * B * H, 0.4, 6.6));
        Dev dx(x, at::kHalf, {T, B, I}), dh(h0, at::kHalf, {D, B, H}), dc(c0, at::kHalf, {D, B, H});
        Dev dwih(wih, at::kHalf, {4 * H, I}), dwhh(whh, at::kHalf, {4 * H, H});
        Dev dbih(bih, at::kHalf, {4 * H}), dbhh(bhh, at::kHalf, {4 * H});
        Dev dwihr(wihr, at::kHalf, {4 * H, I}), dwhhr(whhr, at::kHalf, {4 * H, H});
        Dev dbihr(bihr, at::kHalf, {4 * H}), dbhhr(bhhr, at::kHalf, {4 * H});
        Dev y(std::vector<double>(T * B * D * H, 0.0), at::kHalf, {T, B, D * H});
        Dev hn(std::vector<double>(D * B * H, 0.0), at::kHalf, {D, B, H}), cn(std::vector<double>(D * B * H, 0.0), at::kHalf, {D, B, H});
        LstmArgs a;
        const aclTensor* ts[11] = {dx.t, dh.t, dc.t, dwih.t, dwhh.t, bidir ? dbih.t : nullptr, bidir ? dbhh.t : nullptr,
                                   bidir ? dwihr.t : nullptr, bidir ? dwhhr.t : nullptr, bidir ? dbihr.t : nullptr,
                                   bidir ? dbhhr.t : nullptr};
        for (int i = 0; i < 11; ++i) a.t[i] = ts[i];
        a.isbias = bidir;
        a.bidirection = bidir;
        a.y = y.t;
        a.hn = hn.t;
        a.cn = cn.t;
        ASSERT_EQ(RunPhases(LstmCall(a), aclnnBidirectionLSTM), 0) << LastError();
        std::vector<double> wy(T * B * D * H), whn(D * B * H), wcn(D * B * H), fh, fc;
        LstmRef(x, T, B, I, H, wih, whh, bidir ? &bih : nullptr, bidir ? &bhh : nullptr,
                std::vector<double>(h0.begin(), h0.begin() + B * H), std::vector<double>(c0.begin(), c0.begin() + B * H),
                false, &wy, D * H, 0, &fh, &fc);
        std::copy(fh.begin(), fh.end(), whn.begin());
        std::copy(fc.begin(), fc.end(), wcn.begin());
        if (bidir) {
            LstmRef(x, T, B, I, H, wihr, whhr, &bihr, &bhhr, std::vector<double>(h0.begin() + B * H, h0.end()),
                    std::vector<double>(c0.begin() + B * H, c0.end()), true, &wy, D * H, H, &fh, &fc);
            std::copy(fh.begin(), fh.end(), whn.begin() + B * H);
            std::copy(fc.begin(), fc.end(), wcn.begin() + B * H);
        }
        const std::vector<double> gy = y.Values(), gh = hn.Values(), gc = cn.Values();
        for (size_t i = 0; i < wy.size(); ++i) EXPECT_NEAR(gy[i], wy[i], 2e-3) << "bidir " << bidir << " y " << i;
        for (size_t i = 0; i < whn.size(); ++i) EXPECT_NEAR(gh[i], whn[i], 2e-3) << "bidir " << bidir << " h " << i;
        for (size_t i = 0; i < wcn.size(); ++i) EXPECT_NEAR(gc[i], wcn[i], 2e-3) << "bidir " << bidir << " c " << i;
    }
}

TEST(ReferenceGluRnnBidirectionLSTM, Checks) {
    const int64_t T = 2, B = 1, I = 2, H = 2;
    {
        // the Ascend 950 (default) and Atlas A2: no configuration
        Dev x(std::vector<double>(T * B * I, 0.5), at::kHalf, {T, B, I});
        Dev h(std::vector<double>(B * H, 0.0), at::kHalf, {1, B, H});
        Dev wih(std::vector<double>(4 * H * I, 0.1), at::kHalf, {4 * H, I});
        Dev whh(std::vector<double>(4 * H * H, 0.1), at::kHalf, {4 * H, H});
        Dev y(std::vector<double>(T * B * H, 0.0), at::kHalf, {T, B, H});
        LstmArgs a;
        a.t[0] = x.t; a.t[1] = h.t; a.t[2] = h.t; a.t[3] = wih.t; a.t[4] = whh.t;
        a.y = y.t; a.hn = h.t; a.cn = h.t;
        ExpectFails(LstmCall(a), ACLNN_ERR_PARAM_INVALID, "Tensor x not implemented for DT_FLOAT16");
    }
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    Dev x(std::vector<double>(T * B * I, 0.5), at::kHalf, {T, B, I});
    Dev h(std::vector<double>(B * H, 0.0), at::kHalf, {1, B, H}), c(std::vector<double>(B * H, 0.0), at::kHalf, {1, B, H});
    Dev wih(std::vector<double>(4 * H * I, 0.1), at::kHalf, {4 * H, I}), whh(std::vector<double>(4 * H * H, 0.1), at::kHalf, {4 * H, H});
    Dev y(std::vector<double>(T * B * H, 0.0), at::kHalf, {T, B, H});
    Dev hn(std::vector<double>(B * H, 0.0), at::kHalf, {1, B, H}), cn(std::vector<double>(B * H, 0.0), at::kHalf, {1, B, H});
    LstmArgs a;
    a.t[0] = x.t; a.t[1] = h.t; a.t[2] = c.t; a.t[3] = wih.t; a.t[4] = whh.t;
    a.y = y.t; a.hn = hn.t; a.cn = cn.t;
    EXPECT_EQ(RunPhases(LstmCall(a), aclnnBidirectionLSTM), 0) << LastError();
    {
        LstmArgs b = a;
        b.t[0] = nullptr;
        ExpectFails(LstmCall(b), ACLNN_ERR_PARAM_NULLPTR, "argument x");
        b = a;
        b.cn = nullptr;
        ExpectFails(LstmCall(b), ACLNN_ERR_PARAM_NULLPTR, "argument outputCOut");
    }
    Dev xf(std::vector<double>(T * B * I, 0.5), at::kFloat, {T, B, I});
    {
        LstmArgs b = a;
        b.t[0] = xf.t;
        ExpectFails(LstmCall(b), ACLNN_ERR_PARAM_INVALID, "Tensor x not implemented for DT_FLOAT");
        b = a;
        b.numLayers = 2;
        ExpectFails(LstmCall(b), ACLNN_ERR_INNER_TILING_ERROR, "num_layers only support 1");
        b = a;
        b.batchFirst = true;
        ExpectFails(LstmCall(b), ACLNN_ERR_INNER_TILING_ERROR, "batch_first only support false");
        b = a;
        b.isbias = true;  // no biases given
        ExpectFails(LstmCall(b), ACLNN_ERR_INNER_TILING_ERROR, "get b_ih shape wrong");
        b = a;
        b.bidirection = true;  // initH of one direction
        ExpectFails(LstmCall(b), ACLNN_ERR_INNER_TILING_ERROR, "get init_h shape wrong");
    }
    Dev whh3(std::vector<double>(4 * H * 3, 0.1), at::kHalf, {4 * H, 3});
    Dev y3(std::vector<double>(T * B * 3, 0.0), at::kHalf, {T, B, 3});
    LstmArgs b = a;
    b.t[4] = whh3.t;
    ExpectFails(LstmCall(b), ACLNN_ERR_INNER_TILING_ERROR, "get w_hh shape wrong");
    b = a;
    b.y = y3.t;
    ExpectFails(LstmCall(b), ACLNN_ERR_INNER_TILING_ERROR, "get output shape wrong");
}

// ================================================================================ ThnnFusedLstmCell gate layout, ThnnFusedLstmCellBackward

// The forward's gate layout is the kernel's [i, f, g, o] (g the third block, through tanh): with every gate block 0
// but the third set to a, i = f = o = 1/2 and g = tanh(a): cy = cx / 2 + tanh(a) / 2, and storage's third block is
// tanh(a).
TEST(ReferenceGluRnnThnnFusedLstmCell, GateLayout) {
    const int64_t B = 1, H = 2;
    const double a = 0.8;
    std::vector<double> ig(B * 4 * H, 0.0);
    for (int64_t h = 0; h < H; ++h) ig[2 * H + h] = a;
    Dev dig(ig, at::kFloat, {B, 4 * H}), dhg(std::vector<double>(B * 4 * H, 0.0), at::kFloat, {B, 4 * H});
    Dev dcx({0.4, -0.6}, at::kFloat, {B, H});
    Dev hy(std::vector<double>(B * H, 7.0), at::kFloat, {B, H}), cy(std::vector<double>(B * H, 7.0), at::kFloat, {B, H});
    Dev st(std::vector<double>(B * 4 * H, 7.0), at::kFloat, {B, 4 * H});
    auto call = [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnThnnFusedLstmCellGetWorkspaceSize(dig.t, dhg.t, dcx.t, nullptr, nullptr, hy.t, cy.t, st.t, ws, ex);
    };
    ASSERT_EQ(RunPhases(call, aclnnThnnFusedLstmCell), 0) << LastError();
    const std::vector<double> gcy = cy.Values(), gst = st.Values();
    const double cxs[2] = {0.4, -0.6};
    for (int64_t h = 0; h < H; ++h) {
        EXPECT_NEAR(gcy[h], 0.5 * cxs[h] + 0.5 * std::tanh(a), 1e-6);
        EXPECT_NEAR(gst[0 * H + h], 0.5, 1e-7);
        EXPECT_NEAR(gst[1 * H + h], 0.5, 1e-7);
        EXPECT_NEAR(gst[2 * H + h], std::tanh(a), 1e-6);
        EXPECT_NEAR(gst[3 * H + h], 0.5, 1e-7);
    }
}

auto LstmCellBwdCall(const aclTensor* dhy, const aclTensor* dc, const aclTensor* cx, const aclTensor* cy,
                     const aclTensor* st, bool hasBias, aclTensor* dg, aclTensor* dcx, aclTensor* db) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnThnnFusedLstmCellBackwardGetWorkspaceSize(dhy, dc, cx, cy, st, hasBias, dg, dcx, db, ws, ex);
    };
}

// Against central differences of the forward cell in double: with pre-activation gates z (layout [i, f, g, o]),
// c(z) = sigmoid(z_f) cx + sigmoid(z_i) tanh(z_g), h(z) = sigmoid(z_o) tanh(c); L = sum(gradHy * h + gradC * c);
// storage = the activations of z, cy = c(z); gradGates = dL/dz, gradCx = dL/dcx, gradBias = sum over the batch.
TEST(ReferenceGluRnnThnnFusedLstmCellBackward, Values) {
    const int64_t B = 2, H = 3;
    std::vector<double> z(B * 4 * H), cx(B * H), dhy(B * H), dcn(B * H);
    for (size_t i = 0; i < z.size(); ++i) z[i] = std::sin(0.9 * static_cast<double>(i)) * 1.5;
    for (size_t i = 0; i < cx.size(); ++i) cx[i] = 0.3 * static_cast<double>(i) - 0.7;
    for (size_t i = 0; i < dhy.size(); ++i) dhy[i] = std::cos(0.5 * static_cast<double>(i));
    for (size_t i = 0; i < dcn.size(); ++i) dcn[i] = 0.2 * static_cast<double>(i) - 0.4;
    auto cell = [&](const std::vector<double>& zz, const std::vector<double>& cc, int64_t b, int64_t h, double* c,
                    double* hh) {
        const double gi = Sigm(zz[b * 4 * H + h]), gf = Sigm(zz[b * 4 * H + H + h]);
        const double gg = std::tanh(zz[b * 4 * H + 2 * H + h]), go = Sigm(zz[b * 4 * H + 3 * H + h]);
        *c = gf * cc[b * H + h] + gi * gg;
        *hh = go * std::tanh(*c);
    };
    auto loss = [&](const std::vector<double>& zz, const std::vector<double>& cc) {
        double l = 0.0;
        for (int64_t b = 0; b < B; ++b) {
            for (int64_t h = 0; h < H; ++h) {
                double c, hh;
                cell(zz, cc, b, h, &c, &hh);
                l += dhy[b * H + h] * hh + dcn[b * H + h] * c;
            }
        }
        return l;
    };
    std::vector<double> st(B * 4 * H), cyv(B * H);
    for (int64_t b = 0; b < B; ++b) {
        for (int64_t k = 0; k < 4; ++k) {
            for (int64_t h = 0; h < H; ++h) {
                const double v = z[b * 4 * H + k * H + h];
                st[b * 4 * H + k * H + h] = k == 2 ? std::tanh(v) : Sigm(v);
            }
        }
        for (int64_t h = 0; h < H; ++h) {
            double hh;
            cell(z, cx, b, h, &cyv[b * H + h], &hh);
        }
    }
    for (bool bias : {true, false}) {
        Dev ddhy(dhy, at::kFloat, {B, H}), ddc(dcn, at::kFloat, {B, H}), dcx(cx, at::kFloat, {B, H});
        Dev dcy(cyv, at::kFloat, {B, H}), dst(st, at::kFloat, {B, 4 * H});
        Dev gg(std::vector<double>(B * 4 * H, 9.0), at::kFloat, {B, 4 * H}), gcx(std::vector<double>(B * H, 9.0), at::kFloat, {B, H});
        Dev gb(std::vector<double>(4 * H, 9.0), at::kFloat, {4 * H});
        ASSERT_EQ(RunPhases(LstmCellBwdCall(ddhy.t, ddc.t, dcx.t, dcy.t, dst.t, bias, gg.t, gcx.t, gb.t),
                            aclnnThnnFusedLstmCellBackward),
                  0)
            << LastError();
        const std::vector<double> ggv = gg.Values(), gcxv = gcx.Values(), gbv = gb.Values();
        const double e = 1e-6;
        std::vector<double> colsum(4 * H, 0.0);
        for (size_t i = 0; i < z.size(); ++i) {
            std::vector<double> zp = z, zm = z;
            zp[i] += e;
            zm[i] -= e;
            const double want = (loss(zp, cx) - loss(zm, cx)) / (2 * e);
            EXPECT_NEAR(ggv[i], want, 1e-5) << "gate " << i;
            colsum[i % (4 * H)] += ggv[i];
        }
        for (size_t i = 0; i < cx.size(); ++i) {
            std::vector<double> cp = cx, cm = cx;
            cp[i] += e;
            cm[i] -= e;
            EXPECT_NEAR(gcxv[i], (loss(z, cp) - loss(z, cm)) / (2 * e), 1e-5) << "cx " << i;
        }
        for (int64_t k = 0; k < 4 * H; ++k) {
            if (bias) {
                EXPECT_NEAR(gbv[k], colsum[k], 1e-6);
            } else {
                EXPECT_EQ(gbv[k], 9.0);  // not written without hasBias
            }
        }
    }
}

TEST(ReferenceGluRnnThnnFusedLstmCellBackward, Checks) {
    const int64_t B = 2, H = 2;
    Dev dhy(std::vector<double>(B * H, 1.0), at::kFloat, {B, H}), dc(std::vector<double>(B * H, 1.0), at::kFloat, {B, H});
    Dev cx(std::vector<double>(B * H, 1.0), at::kFloat, {B, H}), cy(std::vector<double>(B * H, 1.0), at::kFloat, {B, H});
    Dev st(std::vector<double>(B * 4 * H, 0.5), at::kFloat, {B, 4 * H});
    Dev gg(std::vector<double>(B * 4 * H, 0.0), at::kFloat, {B, 4 * H}), gcx(std::vector<double>(B * H, 0.0), at::kFloat, {B, H});
    Dev gb(std::vector<double>(4 * H, 0.0), at::kFloat, {4 * H});
    EXPECT_EQ(RunPhases(LstmCellBwdCall(dhy.t, dc.t, cx.t, cy.t, st.t, true, gg.t, gcx.t, gb.t),
                        aclnnThnnFusedLstmCellBackward),
              0)
        << LastError();
    ExpectFails(LstmCellBwdCall(nullptr, dc.t, cx.t, cy.t, st.t, true, gg.t, gcx.t, gb.t), ACLNN_ERR_PARAM_NULLPTR,
                "argument gradHyOptional");
    ExpectFails(LstmCellBwdCall(dhy.t, nullptr, cx.t, cy.t, st.t, true, gg.t, gcx.t, gb.t), ACLNN_ERR_PARAM_NULLPTR,
                "argument gradCOptional");
    ExpectFails(LstmCellBwdCall(dhy.t, dc.t, cx.t, cy.t, st.t, false, gg.t, gcx.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "argument gradBias");
    Dev cxh(std::vector<double>(B * H, 1.0), at::kHalf, {B, H});
    ExpectFails(LstmCellBwdCall(dhy.t, dc.t, cxh.t, cy.t, st.t, true, gg.t, gcx.t, gb.t), ACLNN_ERR_PARAM_INVALID,
                "cx tensor dtype inconsistent, expected: DT_FLOAT, actual: DT_FLOAT16");
    Dev cyi(std::vector<double>(B * H, 1.0), at::kInt, {B, H});
    ExpectFails(LstmCellBwdCall(dhy.t, dc.t, cx.t, cyi.t, st.t, true, gg.t, gcx.t, gb.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor cy not implemented for DT_INT32");
    Dev st3(std::vector<double>(B * 3 * H, 0.5), at::kFloat, {B, 3 * H});
    ExpectFails(LstmCellBwdCall(dhy.t, dc.t, cx.t, cy.t, st3.t, true, gg.t, gcx.t, gb.t), ACLNN_ERR_PARAM_INVALID,
                "Input tensor storage dim 1 mismatch.");
    Dev gb3(std::vector<double>(3, 0.0), at::kFloat, {3});
    ExpectFails(LstmCellBwdCall(dhy.t, dc.t, cx.t, cy.t, st.t, true, gg.t, gcx.t, gb3.t), ACLNN_ERR_PARAM_INVALID,
                "Input tensor gradBias dim 0 mismatch.");
    // without hasBias gradBias's shape is not read
    EXPECT_EQ(RunPhases(LstmCellBwdCall(dhy.t, dc.t, cx.t, cy.t, st.t, false, gg.t, gcx.t, gb3.t),
                        aclnnThnnFusedLstmCellBackward),
              0)
        << LastError();
    Dev dhy1(std::vector<double>(B * H, 1.0), at::kFloat, {B * H});
    ExpectFails(LstmCellBwdCall(dhy1.t, dc.t, cx.t, cy.t, st.t, true, gg.t, gcx.t, gb.t), ACLNN_ERR_PARAM_INVALID,
                "Expected 2 dimension input");
    Dev stn(std::vector<double>(B * 4 * H, 0.5), at::kFloat, {B, 4 * H}, {}, 0, ACL_FORMAT_NCHW);
    ExpectFails(LstmCellBwdCall(dhy.t, dc.t, cx.t, cy.t, stn.t, true, gg.t, gcx.t, gb.t), ACLNN_ERR_PARAM_INVALID,
                "storage format only support ND");
}

// ================================================================================ SwigluGroup (Ascend 950)

auto SgCall(const aclTensor* x, const aclTensor* w, const aclTensor* g, double cl, const aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSwigluGroupGetWorkspaceSize(x, w, g, cl, out, ws, ex); };
}

// y = silu(A) * B (clamped with clampLimit > 0), times the row's weight; with groupIndex only the first
// min(sum, rows) rows written.
TEST(ReferenceGluRnnSwigluGroup, Values) {
    const int64_t R = 3, D = 4, H = 2;
    const std::vector<double> x = {-2.0, 0.5, 3.0, -4.0, 1.5, 2.5, -0.5, 0.25, 4.0, -1.0, 2.0, 1.0};
    const std::vector<double> w = {0.5, -2.0, 1.5};
    auto silu = [](double a) { return a / (1.0 + std::exp(-a)); };
    for (double cl : {-1.0, 1.0}) {
        for (bool withW : {false, true}) {
            Dev dx(x, at::kFloat, {R, D});
            Dev dw(w, at::kFloat, {R});
            Dev out(std::vector<double>(R * H, 9.0), at::kFloat, {R, H});
            ASSERT_EQ(RunPhases(SgCall(dx.t, withW ? dw.t : nullptr, nullptr, cl, out.t), aclnnSwigluGroup), 0)
                << LastError();
            const std::vector<double> got = out.Values();
            for (int64_t r = 0; r < R; ++r) {
                for (int64_t j = 0; j < H; ++j) {
                    double a = x[r * D + j], b = x[r * D + H + j];
                    if (cl > 0) {
                        a = std::min(a, cl);
                        b = std::max(-cl, std::min(b, cl));
                    }
                    const double want = silu(a) * b * (withW ? w[r] : 1.0);
                    EXPECT_NEAR(got[r * H + j], want, 1e-6) << "cl " << cl << " w " << withW;
                }
            }
        }
    }
    // groupIndex {1, 1}: rows 0 and 1 computed, row 2 left as it was; a sum beyond the rows: all of them
    Dev dx(x, at::kFloat, {R, D});
    Dev g({1.0, 1.0}, at::kLong, {2});
    Dev out(std::vector<double>(R * H, 9.0), at::kFloat, {R, H});
    ASSERT_EQ(RunPhases(SgCall(dx.t, nullptr, g.t, -1.0, out.t), aclnnSwigluGroup), 0) << LastError();
    const std::vector<double> got = out.Values();
    EXPECT_NEAR(got[0], silu(-2.0) * 3.0, 1e-6);
    EXPECT_NEAR(got[3], silu(2.5) * 0.25, 1e-6);
    EXPECT_EQ(got[4], 9.0);
    EXPECT_EQ(got[5], 9.0);
    Dev g2({5.0}, at::kLong, {1});
    ASSERT_EQ(RunPhases(SgCall(dx.t, nullptr, g2.t, -1.0, out.t), aclnnSwigluGroup), 0) << LastError();
    EXPECT_NEAR(out.Values()[4], silu(4.0) * 2.0, 1e-6);
}

TEST(ReferenceGluRnnSwigluGroup, Checks) {
    Dev x(std::vector<double>(12, 1.0), at::kFloat, {3, 4});
    Dev out(std::vector<double>(6, 0.0), at::kFloat, {3, 2});
    ExpectFails(SgCall(nullptr, nullptr, nullptr, -1.0, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument x");
    ExpectFails(SgCall(x.t, nullptr, nullptr, -1.0, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument out");
    Dev xi(std::vector<double>(12, 1.0), at::kInt, {3, 4});
    ExpectFails(SgCall(xi.t, nullptr, nullptr, -1.0, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor x not implemented for DT_INT32");
    Dev x0(std::vector<double>{}, at::kFloat, {0, 4});
    Dev o0(std::vector<double>{}, at::kFloat, {0, 2});
    ExpectFails(SgCall(x0.t, nullptr, nullptr, -1.0, o0.t), ACLNN_ERR_PARAM_INVALID, "input x is empty tensor");
    Dev x3(std::vector<double>(9, 1.0), at::kFloat, {3, 3});
    ExpectFails(SgCall(x3.t, nullptr, nullptr, -1.0, out.t), ACLNN_ERR_PARAM_INVALID, "divisible by 2, got 3");
    Dev wh({1.0, 1.0, 1.0}, at::kHalf, {3});
    ExpectFails(SgCall(x.t, wh.t, nullptr, -1.0, out.t), ACLNN_ERR_PARAM_INVALID, "input weight dtype should be FLOAT");
    Dev w2({1.0, 1.0}, at::kFloat, {2});
    ExpectFails(SgCall(x.t, w2.t, nullptr, -1.0, out.t), ACLNN_ERR_PARAM_INVALID, "got 2, expected 3");
    Dev gi({1.0}, at::kInt, {1});
    ExpectFails(SgCall(x.t, nullptr, gi.t, -1.0, out.t), ACLNN_ERR_PARAM_INVALID, "group_index dtype should be INT64");
    Dev g2({1.0, 1.0}, at::kLong, {1, 2});
    ExpectFails(SgCall(x.t, nullptr, g2.t, -1.0, out.t), ACLNN_ERR_PARAM_INVALID, "group_index dim num should be 1");
    ExpectFails(SgCall(x.t, nullptr, nullptr, 0.0, out.t), ACLNN_ERR_PARAM_INVALID, "clamp_limit should be greater than 0.0");
    ExpectFails(SgCall(x.t, nullptr, nullptr, -2.0, out.t), ACLNN_ERR_PARAM_INVALID, "clamp_limit should be greater than 0.0");
    Dev oh(std::vector<double>(6, 0.0), at::kHalf, {3, 2});
    ExpectFails(SgCall(x.t, nullptr, nullptr, -1.0, oh.t), ACLNN_ERR_PARAM_INVALID, "output y dtype should be same as input x");
    Dev o4(std::vector<double>(12, 0.0), at::kFloat, {3, 4});
    ExpectFails(SgCall(x.t, nullptr, nullptr, -1.0, o4.t), ACLNN_ERR_PARAM_INVALID, "output y last dim should be input x last dim / 2");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ExpectFails(SgCall(x.t, nullptr, nullptr, -1.0, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor x not implemented for DT_FLOAT");
}

// ================================================================================ SwiGluGrad

auto SwiGradCall(const aclTensor* g, const aclTensor* x, int64_t dim, const aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSwiGluGradGetWorkspaceSize(g, x, dim, out, ws, ex); };
}

// Against central differences of sum(yGrad * silu(A) * B) in double; dim -1 over [2, 6] and dim 0 over a transposed
// [4, 3] view.
TEST(ReferenceGluRnnSwiGluGrad, Values) {
    const std::vector<double> s = {-2.0, -1.0, -0.5, 0.1, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, -3.0, 0.75};
    const std::vector<double> g = {0.5, -1.0, 2.0, 1.5, -0.25, 1.0};
    auto f = [](double a, double b) { return a / (1.0 + std::exp(-a)) * b; };
    const double e = 1e-6;
    {
        Dev x(s, at::kFloat, {2, 6});
        Dev gy(g, at::kFloat, {2, 3});
        Dev out(std::vector<double>(12, 9.0), at::kFloat, {2, 6});
        ASSERT_EQ(RunPhases(SwiGradCall(gy.t, x.t, -1, out.t), aclnnSwiGluGrad), 0) << LastError();
        const std::vector<double> got = out.Values();
        for (int r = 0; r < 2; ++r) {
            for (int j = 0; j < 3; ++j) {
                const double a = s[r * 6 + j], b = s[r * 6 + 3 + j], gg = g[r * 3 + j];
                EXPECT_NEAR(got[r * 6 + j], gg * (f(a + e, b) - f(a - e, b)) / (2 * e), 1e-5);
                EXPECT_NEAR(got[r * 6 + 3 + j], gg * (f(a, b + e) - f(a, b - e)) / (2 * e), 1e-5);
            }
        }
    }
    {
        Dev x(s, at::kFloat, {4, 3}, {1, 4});  // x[r][c] = s[c * 4 + r]
        Dev gy(g, at::kFloat, {2, 3});
        Dev out(std::vector<double>(12, 9.0), at::kFloat, {4, 3});
        ASSERT_EQ(RunPhases(SwiGradCall(gy.t, x.t, 0, out.t), aclnnSwiGluGrad), 0) << LastError();
        const std::vector<double> got = out.Values();
        for (int r = 0; r < 2; ++r) {
            for (int c = 0; c < 3; ++c) {
                const double a = s[c * 4 + r], b = s[c * 4 + r + 2], gg = g[r * 3 + c];
                EXPECT_NEAR(got[r * 3 + c], gg * (f(a + e, b) - f(a - e, b)) / (2 * e), 1e-5);
                EXPECT_NEAR(got[(r + 2) * 3 + c], gg * (f(a, b + e) - f(a, b - e)) / (2 * e), 1e-5);
            }
        }
    }
}

TEST(ReferenceGluRnnSwiGluGrad, Checks) {
    Dev x(std::vector<double>(12, 1.0), at::kFloat, {2, 6});
    Dev gy(std::vector<double>(6, 1.0), at::kFloat, {2, 3});
    Dev out(std::vector<double>(12, 0.0), at::kFloat, {2, 6});
    ExpectFails(SwiGradCall(nullptr, x.t, -1, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument yGrad");
    ExpectFails(SwiGradCall(gy.t, x.t, -1, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument out");
    Dev gh(std::vector<double>(6, 1.0), at::kHalf, {2, 3});
    ExpectFails(SwiGradCall(gh.t, x.t, -1, out.t), ACLNN_ERR_PARAM_INVALID, "Expected yGrad to have x's dtype");
    Dev g3(std::vector<double>(6, 1.0), at::kFloat, {1, 2, 3});
    ExpectFails(SwiGradCall(g3.t, x.t, -1, out.t), ACLNN_ERR_INNER_TILING_ERROR, "The shape dims of y_grad, x must be the same");
    ExpectFails(SwiGradCall(gy.t, x.t, 2, out.t), ACLNN_ERR_PARAM_INVALID, "The value of dim must be in range [-2, 1]");
    ExpectFails(SwiGradCall(gy.t, x.t, 0, out.t), ACLNN_ERR_INNER_TILING_ERROR, "of y_grad must be equal to Shape[0] of x / 2");
    Dev outs(std::vector<double>(6, 0.0), at::kFloat, {2, 3});
    ExpectFails(SwiGradCall(gy.t, x.t, -1, outs.t), ACLNN_ERR_PARAM_INVALID, "Expected out to have x's shape");
    Dev xb(std::vector<double>(12, 1.0), at::kBFloat16, {2, 6});
    Dev gb(std::vector<double>(6, 1.0), at::kBFloat16, {2, 3});
    Dev ob(std::vector<double>(12, 0.0), at::kBFloat16, {2, 6});
    EXPECT_EQ(RunPhases(SwiGradCall(gb.t, xb.t, -1, ob.t), aclnnSwiGluGrad), 0) << LastError();
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ExpectFails(SwiGradCall(gb.t, xb.t, -1, ob.t), ACLNN_ERR_PARAM_INVALID, "Tensor yGrad not implemented for DT_BF16");
    }
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ExpectFails(SwiGradCall(gy.t, x.t, -1, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor yGrad not implemented for DT_FLOAT");
}

// ================================================================================ SwigluGroupGrad

auto SggCall(const aclTensor* gy, const aclTensor* x, const aclTensor* w, const aclTensor* yo, const aclTensor* gi,
             float cl, aclTensor* gx, aclTensor* gw) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnSwigluGroupGradGetWorkspaceSize(gy, x, w, yo, gi, cl, gx, gw, ws, ex);
    };
}

// gradX against central differences of sum(dy * w * silu(min(g, c)) * clamp(u, -c, c)) (away from the clamp's kinks),
// rows from sum(groupIndex) on 0; gradWeight = sum over H of gradY * yOrigin.
TEST(ReferenceGluRnnSwigluGroupGrad, Values) {
    const int64_t R = 3, H = 2;
    const std::vector<double> x = {-1.5, 0.7, 2.2, -0.3, 0.4, 1.9, -2.6, 0.9, 1.1, -0.8, 0.2, 3.1};
    const std::vector<double> dy = {0.5, -1.0, 2.0, 1.5, -0.25, 1.0};
    const std::vector<double> w = {0.5, -2.0, 1.5};
    const std::vector<double> yo = {1.0, 2.0, -1.0, 0.5, 3.0, -2.0};
    auto silu = [](double a) { return a / (1.0 + std::exp(-a)); };
    for (float cl : {0.0f, 1.0f}) {
        for (bool withW : {false, true}) {
            for (bool withG : {false, true}) {
                Dev dx(x, at::kFloat, {R, 2 * H}), ddy(dy, at::kFloat, {R, H}), dw(w, at::kFloat, {R, 1});
                Dev dyo(yo, at::kFloat, {R, H}), dgi({1.0, 1.0}, at::kLong, {2});
                Dev gx(std::vector<double>(R * 2 * H, 9.0), at::kFloat, {R, 2 * H});
                Dev gw(std::vector<double>(R, 9.0), at::kFloat, {R, 1});
                ASSERT_EQ(RunPhases(SggCall(ddy.t, dx.t, withW ? dw.t : nullptr, withW ? dyo.t : nullptr,
                                            withG ? dgi.t : nullptr, cl, gx.t, withW ? gw.t : nullptr),
                                    aclnnSwigluGroupGrad),
                          0)
                    << LastError();
                const std::vector<double> got = gx.Values(), gotw = gw.Values();
                const double e = 1e-6;
                for (int64_t r = 0; r < R; ++r) {
                    const double wr = (withW ? w[r] : 1.0) * (withG && r >= 2 ? 0.0 : 1.0);
                    for (int64_t h = 0; h < H; ++h) {
                        const double g = x[r * 2 * H + h], u = x[r * 2 * H + H + h];
                        auto fwd = [&](double gg, double uu) {
                            if (cl > 0) {
                                gg = std::min(gg, static_cast<double>(cl));
                                uu = std::max(-static_cast<double>(cl), std::min(uu, static_cast<double>(cl)));
                            }
                            return silu(gg) * uu;
                        };
                        const double d = dy[r * H + h] * wr;
                        EXPECT_NEAR(got[r * 2 * H + h], d * (fwd(g + e, u) - fwd(g - e, u)) / (2 * e), 1e-5)
                            << "cl " << cl << " w " << withW << " g " << withG << " r " << r;
                        EXPECT_NEAR(got[r * 2 * H + H + h], d * (fwd(g, u + e) - fwd(g, u - e)) / (2 * e), 1e-5)
                            << "cl " << cl << " w " << withW << " g " << withG << " r " << r;
                    }
                    if (withW) {
                        EXPECT_NEAR(gotw[r], dy[r * H] * yo[r * H] + dy[r * H + 1] * yo[r * H + 1], 1e-6);
                    }
                }
                if (!withW) {
                    EXPECT_EQ(gotw[0], 9.0);
                }
            }
        }
    }
}

TEST(ReferenceGluRnnSwigluGroupGrad, Checks) {
    Dev x(std::vector<double>(12, 1.0), at::kFloat, {3, 4}), gy(std::vector<double>(6, 1.0), at::kFloat, {3, 2});
    Dev w(std::vector<double>(3, 1.0), at::kFloat, {3, 1}), yo(std::vector<double>(6, 1.0), at::kFloat, {3, 2});
    Dev gx(std::vector<double>(12, 0.0), at::kFloat, {3, 4}), gw(std::vector<double>(3, 0.0), at::kFloat, {3, 1});
    ExpectFails(SggCall(nullptr, x.t, nullptr, nullptr, nullptr, 0.0f, gx.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument gradY");
    ExpectFails(SggCall(gy.t, x.t, nullptr, nullptr, nullptr, 0.0f, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument gradXOut");
    ExpectFails(SggCall(gy.t, x.t, w.t, yo.t, nullptr, 0.0f, gx.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument gradWeightOutOptional");
    ExpectFails(SggCall(gy.t, x.t, w.t, nullptr, nullptr, 0.0f, gx.t, gw.t), ACLNN_ERR_PARAM_INVALID, "must be provided together");
    ExpectFails(SggCall(gy.t, x.t, nullptr, nullptr, nullptr, -1.0f, gx.t, nullptr), ACLNN_ERR_PARAM_INVALID, "clampLimit must be greater than or equal to 0");
    Dev xh(std::vector<double>(12, 1.0), at::kHalf, {3, 4});
    ExpectFails(SggCall(gy.t, xh.t, nullptr, nullptr, nullptr, 0.0f, gx.t, nullptr), ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype");
    Dev wh(std::vector<double>(3, 1.0), at::kHalf, {3, 1});
    ExpectFails(SggCall(gy.t, x.t, wh.t, yo.t, nullptr, 0.0f, gx.t, gw.t), ACLNN_ERR_PARAM_INVALID, "Tensor weightOptional expected dtype is DT_FLOAT");
    Dev x5(std::vector<double>(15, 1.0), at::kFloat, {3, 5});
    ExpectFails(SggCall(gy.t, x5.t, nullptr, nullptr, nullptr, 0.0f, gx.t, nullptr), ACLNN_ERR_PARAM_INVALID, "x.shape[-1]=5 != 2*H=4");
    Dev g1(std::vector<double>(6, 1.0), at::kFloat, {6});
    ExpectFails(SggCall(g1.t, x.t, nullptr, nullptr, nullptr, 0.0f, gx.t, nullptr), ACLNN_ERR_PARAM_INVALID, "gradY must be 2D or 3D");
    Dev w2(std::vector<double>(2, 1.0), at::kFloat, {2, 1});
    ExpectFails(SggCall(gy.t, x.t, w2.t, yo.t, nullptr, 0.0f, gx.t, gw.t), ACLNN_ERR_PARAM_INVALID, "equal to the product of gradY leading dims");
    Dev gi2(std::vector<double>(2, 1.0), at::kLong, {1, 2});
    ExpectFails(SggCall(gy.t, x.t, nullptr, nullptr, gi2.t, 0.0f, gx.t, nullptr), ACLNN_ERR_PARAM_INVALID, "groupIndexOptional must be 1D");
}

}  // namespace glu_rnn_reference_test
