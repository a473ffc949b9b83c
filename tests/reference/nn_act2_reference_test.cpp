// More of the nn families' reference-tier operators through the public API (ops/families/nn_activation.yaml,
// nn_foreach.yaml, nn_optim.yaml, nn_pooling.yaml; docs/ops/nn_activation.md, nn_foreach.md, nn_optim.md,
// nn_pooling.md): each formula against an expectation computed here independently (closed forms in double, or
// ATen's plain function on contiguous FLOAT copies), each attribute's mapping, and the checks in order with their
// codes and messages (null -> 161001; refused dtypes and shapes, per product where the lists differ -> 161002). The
// table-driven suite (reference_table_test.cpp) runs each entry's cases on transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "aclnnop/aclnn_adaptive_max_pool3d.h"
#include "aclnnop/aclnn_adaptive_max_pool3d_backward.h"
#include "aclnnop/aclnn_apply_fused_ema_adam.h"
#include "aclnnop/aclnn_clipped_swiglu.h"
#include "aclnnop/aclnn_clipped_swiglu_grad.h"
#include "aclnnop/aclnn_clipped_swiglu_v2.h"
#include "aclnnop/aclnn_foreach_norm.h"
#include "aclnnop/aclnn_geglu_backward.h"
#include "aclnnop/aclnn_swish.h"
#include "aclnnop/aclnn_swish_backward.h"
#include "aclnnop/aclnn_thnn_fused_lstm_cell.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace nn_act2_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::DevList;
using aclcpu_test::MakeDev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;
using aclcpu_test::Scalar;

void ExpectClose(const at::Tensor& got, const at::Tensor& want, double rtol = 1e-6, double atol = 1e-6) {
    ASSERT_EQ(got.sizes(), want.sizes());
    EXPECT_TRUE(at::allclose(got, want, rtol, atol, /*equal_nan=*/true)) << "got:\n" << got << "\nwant:\n" << want;
}

double Sig(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// ================================================================================ Swish, SwishBackward

auto SwishCall(const aclTensor* s, const aclScalar* b, aclTensor* o) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSwishGetWorkspaceSize(s, b, o, ws, ex); };
}
auto SwishBackwardCall(const aclTensor* g, const aclTensor* s, const aclScalar* b, aclTensor* o) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSwishBackwardGetWorkspaceSize(g, s, b, o, ws, ex); };
}

// out = x * sigmoid(beta * x), beta mapped from the aclScalar; a transposed FLOAT view and FLOAT16.
TEST(ReferenceNnActivationSwish, Values) {
    const std::vector<double> x = {-3.0, -1.0, -0.25, 0.0, 0.5, 1.0, 2.0, 4.0};
    for (float beta : {1.0f, 1.5f, -0.5f}) {
        Scalar b(beta);
        Dev self(x, at::kFloat, {2, 4}, {1, 2});  // self[i][j] = x[j * 2 + i]
        Dev out(std::vector<double>(8, 7.0), at::kFloat, {2, 4});
        ASSERT_EQ(RunPhases(SwishCall(self.t, b.s, out.t), aclnnSwish), 0) << LastError();
        const at::Tensor got = out.Storage();
        for (int i = 0; i < 2; ++i) {
            for (int j = 0; j < 4; ++j) {
                const double v = x[j * 2 + i];
                EXPECT_NEAR(got[i * 4 + j].item<double>(), v * Sig(beta * v), 1e-6) << "beta " << beta << " x " << v;
            }
        }
    }
    Scalar b(2.0f);
    Dev h(x, at::kHalf, {8});
    Dev ho(std::vector<double>(8), at::kHalf, {8});
    ASSERT_EQ(RunPhases(SwishCall(h.t, b.s, ho.t), aclnnSwish), 0) << LastError();
    const at::Tensor xf = at::tensor(x, at::kDouble).to(at::kHalf).to(at::kFloat);
    ExpectClose(ho.Storage(), (xf * at::sigmoid(xf * 2.0)).to(at::kHalf).to(at::kDouble), 0, 0);
}

// d/dx [x sigmoid(beta x)] = s + beta x s (1 - s), s = sigmoid(beta x), times gradOutput.
TEST(ReferenceNnActivationSwish, BackwardValues) {
    const std::vector<double> x = {-2.0, -0.5, 0.0, 0.75, 1.5, 3.0};
    const std::vector<double> g = {1.0, -2.0, 0.5, 3.0, -1.0, 0.25};
    for (float beta : {1.0f, 0.5f, -1.25f}) {
        Scalar b(beta);
        Dev go(g, at::kFloat, {2, 3});
        Dev self(x, at::kFloat, {2, 3});
        Dev gi(std::vector<double>(6, 7.0), at::kFloat, {2, 3});
        ASSERT_EQ(RunPhases(SwishBackwardCall(go.t, self.t, b.s, gi.t), aclnnSwishBackward), 0) << LastError();
        const at::Tensor got = gi.Storage();
        for (int i = 0; i < 6; ++i) {
            const double s = Sig(beta * x[i]);
            EXPECT_NEAR(got[i].item<double>(), g[i] * (s + beta * x[i] * s * (1 - s)), 1e-6) << beta << " " << x[i];
        }
    }
}

TEST(ReferenceNnActivationSwish, Checks) {
    Scalar b(1.0f);
    const double one = 1.0;
    const double cplx[2] = {1.0, 0.0};
    Scalar bc(cplx, ACL_COMPLEX128);
    Scalar bd(&one, ACL_DOUBLE);
    Dev self({0.5, 0.25}, at::kFloat, {2});
    Dev out(std::vector<double>(2), at::kFloat, {2});
    Dev hout(std::vector<double>(2), at::kHalf, {2});
    Dev iself({1, 2}, at::kInt, {2});
    Dev iout(std::vector<double>(2), at::kInt, {2});
    Dev out3(std::vector<double>(3), at::kFloat, {3});
    Dev bf({0.5, 0.25}, at::kBFloat16, {2});
    Dev bfo(std::vector<double>(2), at::kBFloat16, {2});
    std::vector<double> nine(512, 0.0);
    Dev big(nine, at::kFloat, {2, 2, 2, 2, 2, 2, 2, 2, 2});
    Dev bigo(nine, at::kFloat, {2, 2, 2, 2, 2, 2, 2, 2, 2});
    ExpectFails(SwishCall(nullptr, b.s, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(SwishCall(self.t, b.s, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument out.");
    ExpectFails(SwishCall(iself.t, b.s, iout.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_BF16.");
    ExpectFails(SwishCall(self.t, b.s, hout.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    // a NULL betaOptional is CANN's 1.0 (an optional aclScalar): the same result as beta = 1
    {
        Dev got1(std::vector<double>(2), at::kFloat, {2});
        Dev gotn(std::vector<double>(2), at::kFloat, {2});
        ASSERT_EQ(RunPhases(SwishCall(self.t, b.s, got1.t), aclnnSwish), 0) << LastError();
        ASSERT_EQ(RunPhases(SwishCall(self.t, nullptr, gotn.t), aclnnSwish), 0) << LastError();
        EXPECT_TRUE(at::equal(got1.Storage(), gotn.Storage()));
        EXPECT_NEAR(gotn.Storage()[0].item<double>(), 0.5 * Sig(0.5), 1e-6);
    }
    ExpectFails(SwishCall(self.t, bc.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "betaOptional dtype DT_COMPLEX128 can not cast to float32.");
    ExpectFails(SwishCall(big.t, b.s, bigo.t), ACLNN_ERR_PARAM_INVALID,
                "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails(SwishCall(self.t, b.s, out3.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [2] does not equal [3].");
    EXPECT_EQ(RunPhases(SwishCall(self.t, bd.s, out.t), aclnnSwish), 0) << LastError();  // a DOUBLE beta
    EXPECT_EQ(RunPhases(SwishCall(bf.t, b.s, bfo.t), aclnnSwish), 0) << LastError();
    {
        // (a product switch starts a fresh device: the tensors made before it are only used for refusals below)
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ExpectFails(SwishCall(bf.t, b.s, bfo.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
    }

    // SwishBackward: lists, beta, dtype agreement, the BF16 product check, shapes
    Dev go({1.0, 2.0}, at::kFloat, {2});
    Dev hgo({1.0, 2.0}, at::kHalf, {2});
    Dev gi(std::vector<double>(2), at::kFloat, {2});
    Dev gi3(std::vector<double>(3), at::kFloat, {3});
    ExpectFails(SwishBackwardCall(nullptr, self.t, b.s, gi.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument gradOutput.");
    ExpectFails(SwishBackwardCall(go.t, self.t, b.s, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument gradInput.");
    ExpectFails(SwishBackwardCall(go.t, iself.t, b.s, gi.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT16, DT_FLOAT, "
                "DT_BF16.");
    ExpectFails(SwishBackwardCall(go.t, self.t, bc.s, gi.t), ACLNN_ERR_PARAM_INVALID,
                "betaOptional dtype DT_COMPLEX128 can not cast to float32.");
    ExpectFails(SwishBackwardCall(hgo.t, self.t, b.s, gi.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found gradOutput DT_FLOAT16 and gradInput DT_FLOAT.");
    ExpectFails(SwishBackwardCall(go.t, self.t, b.s, gi3.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for gradOutput to have same size as [3], but got [2].");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        Dev bgo({1.0, 2.0}, at::kBFloat16, {2});
        ExpectFails(SwishBackwardCall(bgo.t, bf.t, b.s, bfo.t), ACLNN_ERR_PARAM_INVALID,
                    "Self dtype DT_BF16 is unsupported by the current SOC version [Ascend910");
    }
}

// ================================================================================ ClippedSwiglu, ClippedSwigluV2

auto ClippedCall(const aclTensor* x, const aclTensor* g, int64_t dim, double alpha, double limit, double bias,
                 bool interleaved, const aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnClippedSwigluGetWorkspaceSize(x, g, dim, alpha, limit, bias, interleaved, out, ws, ex);
    };
}
auto ClippedV2Call(const aclTensor* x, const aclTensor* g, int64_t dim, double alpha, double limit, double bias,
                   bool interleaved, int64_t clampMode, const aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnClippedSwigluV2GetWorkspaceSize(x, g, dim, alpha, limit, bias, interleaved, clampMode, out, ws, ex);
    };
}

// The closed form of one pair: clampMode 0 clamps a before the SiLU, 1 clamps the SiLU's result.
double ClippedPair(double a, double b, double alpha, double limit, double bias, int clampMode) {
    if (clampMode == 0) a = std::min(a, limit);
    double glu = a * Sig(alpha * a);
    if (clampMode == 1) glu = std::min(glu, limit);
    return glu * (std::max(-limit, std::min(b, limit)) + bias);
}

// x [3, 8] over dim -1: interleaved pairs (x[2k], x[2k+1]) or halves (x[k], x[k+4]); alpha, limit, bias mapped; a
// group_index summing to 2 computes rows 0 and 1 only (row 2 of out keeps its values).
TEST(ReferenceNnActivationClippedSwiglu, Values) {
    std::vector<double> x(24);
    for (int i = 0; i < 24; ++i) x[i] = (i % 7) * 0.9 - 2.5 + (i / 8) * 3.0;
    for (bool interleaved : {true, false}) {
        for (int mode : {0, 1}) {
            const double alpha = 1.702, limit = 1.5, bias = 0.75;
            Dev xs(x, at::kFloat, {3, 8});
            Dev g({1, 1}, at::kLong, {2});
            Dev out(std::vector<double>(12, 7.0), at::kFloat, {3, 4});
            if (mode == 0) {
                ASSERT_EQ(RunPhases(ClippedCall(xs.t, g.t, -1, alpha, limit, bias, interleaved, out.t),
                                    aclnnClippedSwiglu),
                          0)
                    << LastError();
            } else {
                ASSERT_EQ(RunPhases(ClippedV2Call(xs.t, g.t, 1, alpha, limit, bias, interleaved, 1, out.t),
                                    aclnnClippedSwigluV2),
                          0)
                    << LastError();
            }
            const at::Tensor got = out.Storage();
            for (int r = 0; r < 3; ++r) {
                for (int k = 0; k < 4; ++k) {
                    const double a = interleaved ? x[r * 8 + 2 * k] : x[r * 8 + k];
                    const double b = interleaved ? x[r * 8 + 2 * k + 1] : x[r * 8 + k + 4];
                    const double want = r < 2 ? ClippedPair(a, b, static_cast<float>(alpha), limit, bias, mode) : 7.0;
                    EXPECT_NEAR(got[r * 4 + k].item<double>(), want, 1e-5)
                        << "row " << r << " k " << k << " interleaved " << interleaved << " mode " << mode;
                }
            }
        }
    }
    // dim 1 of [2, 4, 3]: rows are the 2 leading entries, each row's 12 elements split in halves; no group_index
    std::vector<double> y(24);
    for (int i = 0; i < 24; ++i) y[i] = std::sin(i * 0.7) * 3.0;
    Dev ys(y, at::kFloat, {2, 4, 3});
    Dev out(std::vector<double>(12, 7.0), at::kFloat, {2, 2, 3});
    ASSERT_EQ(RunPhases(ClippedCall(ys.t, nullptr, 1, 1.0, 2.0, 1.0, false, out.t), aclnnClippedSwiglu), 0)
        << LastError();
    const at::Tensor got = out.Storage();
    for (int r = 0; r < 2; ++r) {
        for (int k = 0; k < 6; ++k) {
            EXPECT_NEAR(got[r * 6 + k].item<double>(), ClippedPair(y[r * 12 + k], y[r * 12 + k + 6], 1.0, 2.0, 1.0, 0),
                        1e-5);
        }
    }
}

TEST(ReferenceNnActivationClippedSwiglu, Checks) {
    Dev x(std::vector<double>(8, 0.5), at::kFloat, {2, 4});
    Dev out(std::vector<double>(4), at::kFloat, {2, 2});
    Dev xi(std::vector<double>(8, 1), at::kInt, {2, 4});
    Dev g32({1}, at::kInt, {1});
    Dev g2({1, 1, 1, 1}, at::kLong, {2, 2});
    Dev x5(std::vector<double>(10, 0.5), at::kFloat, {2, 5});
    Dev out3(std::vector<double>(6), at::kFloat, {2, 3});
    Dev out1d(std::vector<double>(4), at::kFloat, {4});
    Dev hout(std::vector<double>(4), at::kHalf, {2, 2});
    Dev out12(std::vector<double>(2), at::kFloat, {1, 2});
    ExpectFails(ClippedCall(nullptr, nullptr, -1, 1.702, 7.0, 1.0, true, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument x.");
    ExpectFails(ClippedCall(x.t, nullptr, -1, 1.702, 7.0, 1.0, true, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument out.");
    ExpectFails(ClippedCall(xi.t, nullptr, -1, 1.702, 7.0, 1.0, true, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor x not implemented for DT_INT32, should be in dtype support list DT_FLOAT16, DT_FLOAT, DT_BF16.");
    ExpectFails(ClippedCall(x.t, g32.t, -1, 1.702, 7.0, 1.0, true, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor groupIndexOptional not implemented for DT_INT32, should be in dtype support list DT_INT64.");
    ExpectFails(ClippedCall(x.t, nullptr, 2, 1.702, 7.0, 1.0, true, out.t), ACLNN_ERR_INNER_TILING_ERROR,
                "dim should in [-2, 1], but get 2,");
    ExpectFails(ClippedCall(x5.t, nullptr, -1, 1.702, 7.0, 1.0, true, out.t), ACLNN_ERR_INNER_TILING_ERROR,
                "x[dim] should be divisible by 2, but get 5");
    ExpectFails(ClippedCall(x.t, g2.t, -1, 1.702, 7.0, 1.0, true, out.t), ACLNN_ERR_INNER_TILING_ERROR,
                "the number of dimensions of group_index should be 1, but get 2.");
    ExpectFails(ClippedCall(x.t, nullptr, -1, 1.702, 7.0, 1.0, true, out1d.t), ACLNN_ERR_INNER_TILING_ERROR,
                "the number of dimensions of y should be equal to dimensions of x, but get 1.");
    ExpectFails(ClippedCall(x.t, nullptr, -1, 1.702, 7.0, 1.0, true, out3.t), ACLNN_ERR_INNER_TILING_ERROR,
                "y[dim] should be equal to x[dim] divided by 2, but get 3.");
    ExpectFails(ClippedCall(x.t, nullptr, 0, 1.702, 7.0, 1.0, true, out12.t), ACLNN_ERR_INNER_TILING_ERROR,
                "xShape[1] should be equal yShape[1].");
    // the Ascend 950's tiling: limit > 0, clamp_mode 0 or 1
    ExpectFails(ClippedCall(x.t, nullptr, -1, 1.702, 0.0, 1.0, true, out.t), ACLNN_ERR_INNER_TILING_ERROR,
                "attribute limit");
    ExpectFails(ClippedV2Call(x.t, nullptr, -1, 1.702, 7.0, 1.0, true, 2, out.t), ACLNN_ERR_INNER_TILING_ERROR,
                "Invalid value 2 of attribute clamp_mode: it must be 1 or 0.");
    ExpectFails(ClippedCall(x.t, nullptr, -1, 1.702, 7.0, 1.0, true, hout.t), ACLNN_ERR_PARAM_INVALID,
                "Expected out to have x's dtype DT_FLOAT, but found DT_FLOAT16.");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);  // A2: neither limit nor clamp_mode checked
        Dev x2(std::vector<double>(8, 0.5), at::kFloat, {2, 4});
        Dev out2(std::vector<double>(4), at::kFloat, {2, 2});
        EXPECT_EQ(RunPhases(ClippedCall(x2.t, nullptr, -1, 1.702, 0.0, 1.0, true, out2.t), aclnnClippedSwiglu), 0)
            << LastError();
        EXPECT_EQ(RunPhases(ClippedV2Call(x2.t, nullptr, -1, 1.702, 7.0, 1.0, true, 2, out2.t), aclnnClippedSwigluV2), 0)
            << LastError();
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ExpectFails(ClippedCall(x.t, nullptr, -1, 1.702, 7.0, 1.0, true, out.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor x not implemented for DT_FLOAT");
    }
}

auto ClippedGradCall(const aclTensor* gy, const aclTensor* x, const aclTensor* g, int64_t dim, double alpha,
                     double limit, double bias, bool interleaved, const aclTensor* gx) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnClippedSwigluGradGetWorkspaceSize(gy, x, g, dim, alpha, limit, bias, interleaved, gx, ws, ex);
    };
}

// The documented gradient per pair, both splits, the clamp masks (values beyond +-limit), a group_index summing to 2
// (row 2 of gradX zero).
TEST(ReferenceNnActivationClippedSwiglu, GradValues) {
    std::vector<double> x(24), gy(12);
    for (int i = 0; i < 24; ++i) x[i] = (i % 7) * 0.9 - 2.5 + (i / 8) * 1.5;
    for (int i = 0; i < 12; ++i) gy[i] = std::cos(i * 0.8);
    const double alpha = 1.702, limit = 1.5, bias = 0.75;
    const double a = static_cast<float>(alpha);
    for (bool interleaved : {true, false}) {
        for (bool group : {false, true}) {
            Dev dx(x, at::kFloat, {3, 8}), dgy(gy, at::kFloat, {3, 4}), g({2, 0}, at::kLong, {2});
            Dev gx(std::vector<double>(24, 7.0), at::kFloat, {3, 8});
            ASSERT_EQ(RunPhases(ClippedGradCall(dgy.t, dx.t, group ? g.t : nullptr, -1, alpha, limit, bias, interleaved,
                                                gx.t),
                                aclnnClippedSwigluGrad),
                      0)
                << LastError();
            const at::Tensor got = gx.Storage();
            for (int r = 0; r < 3; ++r) {
                for (int k = 0; k < 4; ++k) {
                    const int i0 = interleaved ? r * 8 + 2 * k : r * 8 + k;
                    const int i1 = interleaved ? r * 8 + 2 * k + 1 : r * 8 + k + 4;
                    const double x0 = x[i0], x1 = x[i1], dy = gy[r * 4 + k];
                    const double x0c = std::min(x0, limit), x1c = std::max(-limit, std::min(x1, limit));
                    const double sg = Sig(a * x0c);
                    double g0 = x0 <= limit ? dy * (x1c + bias) * sg * (1 + a * x0c * (1 - sg)) : 0.0;
                    double g1 = (x1 >= -limit && x1 <= limit) ? dy * x0c * sg : 0.0;
                    if (group && r >= 2) g0 = g1 = 0.0;
                    EXPECT_NEAR(got[i0].item<double>(), g0, 1e-5) << r << " " << k << interleaved << group;
                    EXPECT_NEAR(got[i1].item<double>(), g1, 1e-5) << r << " " << k << interleaved << group;
                }
            }
        }
    }
}

TEST(ReferenceNnActivationClippedSwiglu, GradChecks) {
    Dev x(std::vector<double>(8, 0.5), at::kFloat, {2, 4}), gy(std::vector<double>(4), at::kFloat, {2, 2});
    Dev gx(std::vector<double>(8), at::kFloat, {2, 4}), hgy(std::vector<double>(4), at::kHalf, {2, 2});
    Dev gy3(std::vector<double>(6), at::kFloat, {2, 3}), gx1(std::vector<double>(8), at::kFloat, {8});
    ExpectFails(ClippedGradCall(nullptr, x.t, nullptr, -1, 1.702, 7.0, 1.0, true, gx.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument gradY.");
    ExpectFails(ClippedGradCall(hgy.t, x.t, nullptr, -1, 1.702, 7.0, 1.0, true, gx.t), ACLNN_ERR_PARAM_INVALID,
                "Expected gradY to have x's dtype DT_FLOAT, but found DT_FLOAT16.");
    ExpectFails(ClippedGradCall(gy.t, x.t, nullptr, -1, 1.702, 0.0, 1.0, true, gx.t), ACLNN_ERR_INNER_TILING_ERROR,
                "limit must be > 0, but got 0.000000.");
    ExpectFails(ClippedGradCall(gy.t, x.t, nullptr, -3, 1.702, 7.0, 1.0, true, gx.t), ACLNN_ERR_INNER_TILING_ERROR,
                "dim should in [-2, 1], but get -3,");
    ExpectFails(ClippedGradCall(gy3.t, x.t, nullptr, -1, 1.702, 7.0, 1.0, true, gx.t), ACLNN_ERR_INNER_TILING_ERROR,
                "grad_y dim 1 (3) should be half of x dim 1 (4).");
    ExpectFails(ClippedGradCall(gy.t, x.t, nullptr, -1, 1.702, 7.0, 1.0, true, gx1.t), ACLNN_ERR_INNER_TILING_ERROR,
                "the number of dimensions of grad_x should be equal to dimensions of x, but get 1.");
}

// ================================================================================ GeGluBackward, GeGluV3Backward

auto GeGluBwCall(const aclTensor* g, const aclTensor* x, const aclTensor* gelu, int64_t dim, int64_t approximate,
                 aclTensor* gi) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGeGluBackwardGetWorkspaceSize(g, x, gelu, dim, approximate, gi, ws, ex);
    };
}
auto GeGluV3BwCall(const aclTensor* g, const aclTensor* x, const aclTensor* gelu, int64_t dim, int64_t approximate,
                   bool left, aclTensor* gi) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGeGluV3BackwardGetWorkspaceSize(g, x, gelu, dim, approximate, left, gi, ws, ex);
    };
}

double GeluGradErf(double z) { return 0.5 * (1 + std::erf(z / std::sqrt(2.0))) + z * std::exp(-0.5 * z * z) / std::sqrt(2 * M_PI); }
double GeluGradTanh(double z) {
    const double k = std::sqrt(2.0 / M_PI), u = k * (z + 0.044715 * z * z * z), t = std::tanh(u);
    return 0.5 * (1 + t) + 0.5 * z * (1 - t * t) * k * (1 + 3 * 0.044715 * z * z);
}

// self [2, 6] split along dim 1: the x half's gradient dy * gelu (the given tensor), the gate half's gelu'(gate) * dy
// * x; both approximate forms; activateLeft swaps the halves (V3); V1 is activateLeft false.
TEST(ReferenceNnActivationGeGluBackward, Values) {
    std::vector<double> x(12), dy(6), gl(6);
    for (int i = 0; i < 12; ++i) x[i] = std::sin(i * 1.1) * 2.0;
    for (int i = 0; i < 6; ++i) dy[i] = 0.5 * i - 1.0, gl[i] = std::cos(i * 0.3);
    for (int approximate : {0, 1}) {
        for (int v3left : {-1, 0, 1}) {
            const bool left = v3left == 1;
            Dev dg(dy, at::kFloat, {2, 3}), dx(x, at::kFloat, {2, 6}), dgl(gl, at::kFloat, {2, 3});
            Dev gi(std::vector<double>(12, 7.0), at::kFloat, {2, 6});
            if (v3left < 0) {
                ASSERT_EQ(RunPhases(GeGluBwCall(dg.t, dx.t, dgl.t, -1, approximate, gi.t), aclnnGeGluBackward), 0)
                    << LastError();
            } else {
                ASSERT_EQ(RunPhases(GeGluV3BwCall(dg.t, dx.t, dgl.t, 1, approximate, left, gi.t), aclnnGeGluV3Backward),
                          0)
                    << LastError();
            }
            const at::Tensor got = gi.Storage();
            for (int r = 0; r < 2; ++r) {
                for (int k = 0; k < 3; ++k) {
                    const int lo = r * 6 + k, hi = r * 6 + k + 3;
                    const double gate = left ? x[lo] : x[hi], xx = left ? x[hi] : x[lo];
                    const double d = dy[r * 3 + k];
                    const double dgate = (approximate == 1 ? GeluGradTanh(gate) : GeluGradErf(gate)) * d * xx;
                    const double dxx = d * gl[r * 3 + k];
                    EXPECT_NEAR(got[left ? lo : hi].item<double>(), dgate, 1e-5) << approximate << v3left;
                    EXPECT_NEAR(got[left ? hi : lo].item<double>(), dxx, 1e-6) << approximate << v3left;
                }
            }
        }
    }
}

TEST(ReferenceNnActivationGeGluBackward, Checks) {
    Dev dg(std::vector<double>(6), at::kFloat, {2, 3}), dx(std::vector<double>(12), at::kFloat, {2, 6});
    Dev gl(std::vector<double>(6), at::kFloat, {2, 3}), gi(std::vector<double>(12), at::kFloat, {2, 6});
    Dev hgl(std::vector<double>(6), at::kHalf, {2, 3}), gl4(std::vector<double>(8), at::kFloat, {2, 4});
    Dev dg4(std::vector<double>(8), at::kFloat, {2, 4}), ig(std::vector<double>(6), at::kInt, {2, 3});
    Dev bdg(std::vector<double>(6), at::kBFloat16, {2, 3}), bdx(std::vector<double>(12), at::kBFloat16, {2, 6});
    Dev bgl(std::vector<double>(6), at::kBFloat16, {2, 3}), bgi(std::vector<double>(12), at::kBFloat16, {2, 6});
    ExpectFails(GeGluBwCall(nullptr, dx.t, gl.t, -1, 1, gi.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument gradOutput.");
    ExpectFails(GeGluBwCall(dg.t, dx.t, nullptr, -1, 1, gi.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument gelu.");
    ExpectFails(GeGluBwCall(ig.t, dx.t, gl.t, -1, 1, gi.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradOutput not implemented for DT_INT32, should be in dtype support list DT_FLOAT16, DT_FLOAT, "
                "DT_BF16.");
    ExpectFails(GeGluBwCall(dg.t, dx.t, hgl.t, -1, 1, gi.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found gradOutput DT_FLOAT and gelu DT_FLOAT16.");
    ExpectFails(GeGluBwCall(dg.t, dx.t, gl4.t, -1, 1, gi.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for gelu to have same size as tensor for gradOutput, but [2,4] does not equal [2,3].");
    ExpectFails(GeGluBwCall(dg.t, dx.t, gl.t, 2, 1, gi.t), ACLNN_ERR_PARAM_INVALID,
                "expected dim to be in range of [-2, 1], but got 2.");
    ExpectFails(GeGluBwCall(dg4.t, dx.t, gl4.t, -1, 1, gi.t), ACLNN_ERR_PARAM_INVALID,
                "the last dimension of gradOutput: [2,4] must be the half of the last dimension of self: [2,6]");
    ExpectFails(GeGluBwCall(dg.t, dx.t, gl.t, 0, 1, gi.t), ACLNN_ERR_PARAM_INVALID,
                "the last dimension of gradOutput: [2,3] must be the half of the last dimension of self: [2,6]");
    ExpectFails(GeGluV3BwCall(dg.t, dx.t, gl.t, -1, 2, true, gi.t), ACLNN_ERR_PARAM_INVALID,
                "expected approximate to be 0 or 1, but got 2.");
    EXPECT_EQ(RunPhases(GeGluBwCall(bdg.t, bdx.t, bgl.t, -1, 0, bgi.t), aclnnGeGluBackward), 0) << LastError();
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ExpectFails(GeGluBwCall(bdg.t, bdx.t, bgl.t, -1, 0, bgi.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor gradOutput not implemented for DT_BF16, should be in dtype support list DT_FLOAT16, "
                    "DT_FLOAT.");
    }
}

// ================================================================================ ForeachNorm

auto ForeachNormCall(const aclTensorList* x, const aclScalar* p, const aclTensorList* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnForeachNormGetWorkspaceSize(x, p, out, ws, ex); };
}

// p = 2 (Euclidean), 1 and 1.5 (integer part 1: the sum of absolute values), +Inf (the largest absolute value), 3
// (any other: Euclidean), an INT64 scalar 1; a transposed and a strided tensor; FLOAT16 rounding once.
TEST(ReferenceNnForeachNorm, Values) {
    const std::vector<double> a = {1.0, -2.0, 3.0, -4.0, 0.5, 6.0};
    const std::vector<double> b = {7.0, 0.0, -8.0, 0.0, 9.0};
    auto l1 = [](const std::vector<double>& v, int step) {
        double s = 0;
        for (size_t i = 0; i < v.size(); i += step) s += std::fabs(v[i]);
        return s;
    };
    auto l2 = [](const std::vector<double>& v, int step) {
        double s = 0;
        for (size_t i = 0; i < v.size(); i += step) s += v[i] * v[i];
        return std::sqrt(s);
    };
    auto linf = [](const std::vector<double>& v, int step) {
        double s = 0;
        for (size_t i = 0; i < v.size(); i += step) s = std::max(s, std::fabs(v[i]));
        return s;
    };
    struct Case {
        double p;
        int kind;  // 1 l1, 2 l2, 3 inf
    };
    const int64_t one = 1;
    for (const Case& k : {Case{2.0, 2}, Case{1.0, 1}, Case{1.5, 1}, Case{HUGE_VAL, 3}, Case{3.0, 2}, Case{-1.0, 2}}) {
        std::vector<std::unique_ptr<Dev>> xs, os;
        xs.push_back(MakeDev(a, at::kFloat, {2, 3}, {1, 2}));
        xs.push_back(MakeDev(b, at::kFloat, {3}, {2}));  // b[0], b[2], b[4]
        os.push_back(MakeDev({7.0}, at::kFloat, {1}));
        os.push_back(MakeDev({7.0}, at::kFloat, {1, 1}));
        DevList x(std::move(xs)), out(std::move(os));
        Scalar p(static_cast<float>(k.p));
        ASSERT_EQ(RunPhases(ForeachNormCall(x.list, p.s, out.list), aclnnForeachNorm), 0) << LastError();
        auto f = k.kind == 1 ? +l1 : k.kind == 2 ? +l2 : +linf;
        EXPECT_NEAR(out.devs[0]->Storage()[0].item<double>(), f(a, 1), 1e-5) << k.p;
        EXPECT_NEAR(out.devs[1]->Storage()[0].item<double>(), f(b, 2), 1e-5) << k.p;
    }
    {
        std::vector<std::unique_ptr<Dev>> xs, os;
        xs.push_back(MakeDev(a, at::kFloat, {6}));
        os.push_back(MakeDev({7.0}, at::kFloat, {1}));
        DevList x(std::move(xs)), out(std::move(os));
        Scalar p(&one, ACL_INT64);
        ASSERT_EQ(RunPhases(ForeachNormCall(x.list, p.s, out.list), aclnnForeachNorm), 0) << LastError();
        EXPECT_NEAR(out.devs[0]->Storage()[0].item<double>(), l1(a, 1), 1e-6);
    }
    {
        const std::vector<double> h = {0.1, 0.2, 0.3, 0.4, 0.7};
        std::vector<std::unique_ptr<Dev>> xs, os;
        xs.push_back(MakeDev(h, at::kHalf, {5}));
        os.push_back(MakeDev({7.0}, at::kHalf, {1}));
        DevList x(std::move(xs)), out(std::move(os));
        Scalar p(2.0f);
        ASSERT_EQ(RunPhases(ForeachNormCall(x.list, p.s, out.list), aclnnForeachNorm), 0) << LastError();
        const at::Tensor hd = at::tensor(h, at::kDouble).to(at::kHalf).to(at::kDouble);
        const double want = at::tensor(std::sqrt((hd * hd).sum().item<double>()), at::kDouble).to(at::kHalf).item<double>();
        EXPECT_EQ(out.devs[0]->Storage()[0].item<double>(), want);
    }
}

TEST(ReferenceNnForeachNorm, Checks) {
    auto list = [](std::vector<double> v, at::ScalarType t, std::vector<int64_t> shape) {
        std::vector<std::unique_ptr<Dev>> d;
        d.push_back(MakeDev(std::move(v), t, std::move(shape)));
        return d;
    };
    DevList x(list({1, 2, 3}, at::kFloat, {3}));
    DevList out(list({0}, at::kFloat, {1}));
    DevList out2(list({0, 0}, at::kFloat, {2}));
    DevList hout(list({0}, at::kHalf, {1}));
    DevList xi(list({1, 2, 3}, at::kInt, {3}));
    Scalar p(2.0f);
    const double d = 2.0;
    Scalar pd(&d, ACL_DOUBLE);
    ExpectFails(ForeachNormCall(nullptr, p.s, out.list), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper TensorList but got null for argument x.");
    ExpectFails(ForeachNormCall(x.list, nullptr, out.list), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type number for argument scalar but instead found type null.");
    ExpectFails(ForeachNormCall(x.list, p.s, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper TensorList but got null for argument out.");
    ExpectFails(ForeachNormCall(xi.list, p.s, out.list), ACLNN_ERR_PARAM_INVALID,
                "Tensor x[0] dtype DT_INT32 should be in dtype support list DT_FLOAT16, DT_FLOAT, DT_BF16.");
    ExpectFails(ForeachNormCall(x.list, pd.s, out.list), ACLNN_ERR_PARAM_INVALID,
                "Scalar scalar dtype DT_DOUBLE should be in dtype support list DT_FLOAT, DT_INT64.");
    ExpectFails(ForeachNormCall(x.list, p.s, hout.list), ACLNN_ERR_PARAM_INVALID,
                "Tensor out[i] dtype DT_FLOAT16 should be x's dtype DT_FLOAT.");
    ExpectFails(ForeachNormCall(x.list, p.s, out2.list), ACLNN_ERR_INNER_TILING_ERROR,
                "The shape size of out[0] should be 1, but got 2 (shape [2]).");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ExpectFails(ForeachNormCall(x.list, p.s, out.list), ACLNN_ERR_PARAM_INVALID,
                    "aclnnForeachNormGetWorkspaceSize is not supported on");
    }
}

// ================================================================================ AdaptiveMaxPool3d

auto AdaptiveMaxPool3dCall(const aclTensor* self, const aclIntArray* os, aclTensor* out, aclTensor* idx) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveMaxPool3dGetWorkspaceSize(self, os, out, idx, ws, ex); };
}

// The windows [floor(i * In / Out), ceil((i + 1) * In / Out)) of each axis, searched here by brute force: the maxima
// and their flat positions d * H * W + h * W + w; outputSize of three values, of one (the 950), of none (the 950).
TEST(ReferenceNnPoolingAdaptiveMaxPool3d, Values) {
    const int64_t C = 2, D = 3, H = 4, W = 5;
    std::vector<double> v(C * D * H * W);
    for (size_t i = 0; i < v.size(); ++i) v[i] = std::sin(static_cast<double>(i) * 1.37) * 10.0;
    struct Case {
        std::vector<int64_t> os;
        std::vector<int64_t> full;
    };
    for (const Case& k : {Case{{2, 3, 2}, {2, 3, 2}}, Case{{2}, {2, 2, 2}}, Case{{}, {3, 4, 5}}}) {
        const int64_t oD = k.full[0], oH = k.full[1], oW = k.full[2];
        Dev self(v, at::kFloat, {1, C, D, H, W});
        const int64_t n = C * oD * oH * oW;
        Dev out(std::vector<double>(n, 7.0), at::kFloat, {1, C, oD, oH, oW});
        Dev idx(std::vector<double>(n, 7.0), at::kInt, {1, C, oD, oH, oW});
        aclIntArray* os = aclCreateIntArray(k.os.data(), k.os.size());
        ASSERT_EQ(RunPhases(AdaptiveMaxPool3dCall(self.t, os, out.t, idx.t), aclnnAdaptiveMaxPool3d), 0) << LastError();
        aclDestroyIntArray(os);
        const at::Tensor got = out.Storage(), gi = idx.Storage();
        auto lo = [](int64_t i, int64_t in, int64_t o) { return (i * in) / o; };
        auto hi = [](int64_t i, int64_t in, int64_t o) { return ((i + 1) * in + o - 1) / o; };
        for (int64_t c = 0; c < C; ++c) {
            for (int64_t a = 0; a < oD; ++a) {
                for (int64_t b = 0; b < oH; ++b) {
                    for (int64_t e = 0; e < oW; ++e) {
                        double best = -1e300;
                        int64_t at_ = -1;
                        for (int64_t d = lo(a, D, oD); d < hi(a, D, oD); ++d) {
                            for (int64_t h = lo(b, H, oH); h < hi(b, H, oH); ++h) {
                                for (int64_t w = lo(e, W, oW); w < hi(e, W, oW); ++w) {
                                    const int64_t pos = (d * H + h) * W + w;
                                    const double x = static_cast<float>(v[c * D * H * W + pos]);
                                    if (x > best) {
                                        best = x;
                                        at_ = pos;
                                    }
                                }
                            }
                        }
                        const int64_t o = ((c * oD + a) * oH + b) * oW + e;
                        EXPECT_EQ(got[o].item<double>(), best) << o;
                        EXPECT_EQ(gi[o].item<double>(), static_cast<double>(at_)) << o;
                    }
                }
            }
        }
    }
}

TEST(ReferenceNnPoolingAdaptiveMaxPool3d, Checks) {
    const std::vector<int64_t> three = {1, 1, 1}, two = {1, 1}, zero3 = {0, 1, 1};
    aclIntArray* os3 = aclCreateIntArray(three.data(), 3);
    aclIntArray* os2 = aclCreateIntArray(two.data(), 2);
    aclIntArray* os0 = aclCreateIntArray(zero3.data(), 3);
    Dev self(std::vector<double>(8, 1.0), at::kFloat, {1, 1, 2, 2, 2});
    Dev self3(std::vector<double>(4, 1.0), at::kFloat, {1, 2, 2});
    Dev out(std::vector<double>(1), at::kFloat, {1, 1, 1, 1, 1});
    Dev hout(std::vector<double>(1), at::kHalf, {1, 1, 1, 1, 1});
    Dev dout(std::vector<double>(1), at::kDouble, {1, 1, 1, 1, 1});
    Dev idx(std::vector<double>(1), at::kInt, {1, 1, 1, 1, 1});
    Dev idx64(std::vector<double>(1), at::kLong, {1, 1, 1, 1, 1});
    Dev out2(std::vector<double>(2), at::kFloat, {1, 1, 2, 1, 1});
    Dev ncdhw(std::vector<double>(8, 1.0), at::kFloat, {1, 1, 2, 2, 2}, {}, 0, ACL_FORMAT_NCDHW);
    Dev ncdhw_out(std::vector<double>(1), at::kFloat, {1, 1, 1, 1, 1}, {}, 0, ACL_FORMAT_NCDHW);
    ExpectFails(AdaptiveMaxPool3dCall(nullptr, os3, out.t, idx.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(AdaptiveMaxPool3dCall(self.t, nullptr, out.t, idx.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type List[int] for argument outputSize but instead found type null.");
    ExpectFails(AdaptiveMaxPool3dCall(self.t, os3, out.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument indices.");
    ExpectFails(AdaptiveMaxPool3dCall(self3.t, os3, out.t, idx.t), ACLNN_ERR_PARAM_INVALID,
                "Self dims 3 should be 5 or 4.");
    ExpectFails(AdaptiveMaxPool3dCall(self.t, os3, dout.t, idx.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_BF16.");
    ExpectFails(AdaptiveMaxPool3dCall(self.t, os2, out.t, idx.t), ACLNN_ERR_PARAM_INVALID,
                "outputSize length should be 0, 1 or 3.");
    ExpectFails(AdaptiveMaxPool3dCall(self.t, os3, out2.t, idx.t), ACLNN_ERR_PARAM_INVALID,
                "outShape value should match the outputSize value.");
    ExpectFails(AdaptiveMaxPool3dCall(self.t, os3, hout.t, idx.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_FLOAT16.");
    ExpectFails(AdaptiveMaxPool3dCall(self.t, os0, out.t, idx.t), ACLNN_ERR_PARAM_INVALID,
                "outShape value should match the outputSize value.");
    EXPECT_EQ(RunPhases(AdaptiveMaxPool3dCall(self.t, os3, out.t, idx64.t), aclnnAdaptiveMaxPool3d), 0) << LastError();
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);  // INT32 indices only, NCDHW / NCHW, 3 values
        ExpectFails(AdaptiveMaxPool3dCall(ncdhw.t, os3, ncdhw_out.t, idx64.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor indices not implemented for DT_INT64, should be in dtype support list DT_INT32.");
        ExpectFails(AdaptiveMaxPool3dCall(self.t, os3, out.t, idx.t), ACLNN_ERR_PARAM_INVALID,
                    "Format of input should be NCDHW or NCHW.");
        Dev in2(std::vector<double>(8, 1.0), at::kFloat, {1, 1, 2, 2, 2}, {}, 0, ACL_FORMAT_NCDHW);
        Dev out2(std::vector<double>(1), at::kFloat, {1, 1, 1, 1, 1}, {}, 0, ACL_FORMAT_NCDHW);
        Dev idx2(std::vector<double>(1), at::kInt, {1, 1, 1, 1, 1}, {}, 0, ACL_FORMAT_NCDHW);
        EXPECT_EQ(RunPhases(AdaptiveMaxPool3dCall(in2.t, os3, out2.t, idx2.t), aclnnAdaptiveMaxPool3d), 0)
            << LastError();
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ExpectFails(AdaptiveMaxPool3dCall(ncdhw.t, os3, ncdhw_out.t, idx.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_FLOAT");
    }
    aclDestroyIntArray(os3);
    aclDestroyIntArray(os2);
    aclDestroyIntArray(os0);
}

auto AdaptiveMaxPool3dBackwardCall(const aclTensor* g, const aclTensor* self, const aclTensor* idx, aclTensor* gi) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAdaptiveMaxPool3dBackwardGetWorkspaceSize(g, self, idx, gi, ws, ex);
    };
}

// Each gradOutput element added at its index in its (n, c) volume; repeated indices accumulate; INT32 and INT64
// indices; a FLOAT16 gradient rounded once.
TEST(ReferenceNnPoolingAdaptiveMaxPool3d, BackwardValues) {
    const int64_t C = 2, vol = 2 * 2 * 3;  // self [1, 2, 2, 2, 3], gradOutput [1, 2, 1, 2, 2]
    const std::vector<double> g = {1.0, 2.0, -0.5, 4.0, 0.25, -1.0, 3.0, 8.0};
    const std::vector<double> ix = {0, 5, 5, 11, 3, 3, 3, 7};
    for (at::ScalarType it : {at::kInt, at::kLong}) {
        Dev grad(g, at::kFloat, {1, C, 1, 2, 2});
        Dev self(std::vector<double>(C * vol, 0.0), at::kFloat, {1, C, 2, 2, 3});
        Dev idx(ix, it, {1, C, 1, 2, 2});
        Dev gi(std::vector<double>(C * vol, 7.0), at::kFloat, {1, C, 2, 2, 3});
        ASSERT_EQ(RunPhases(AdaptiveMaxPool3dBackwardCall(grad.t, self.t, idx.t, gi.t), aclnnAdaptiveMaxPool3dBackward),
                  0)
            << LastError();
        std::vector<double> want(C * vol, 0.0);
        for (int64_t c = 0; c < C; ++c) {
            for (int k = 0; k < 4; ++k) want[c * vol + static_cast<int64_t>(ix[c * 4 + k])] += g[c * 4 + k];
        }
        ExpectClose(gi.Storage(), at::tensor(want, at::kDouble), 0, 0);
    }
    Dev bad({0, 12, 1, 1}, at::kLong, {1, 1, 1, 2, 2});  // 12 is outside the volume: the second phase fails
    Dev grad(std::vector<double>(4, 1.0), at::kFloat, {1, 1, 1, 2, 2});
    Dev self(std::vector<double>(vol, 0.0), at::kFloat, {1, 1, 2, 2, 3});
    Dev gi(std::vector<double>(vol), at::kFloat, {1, 1, 2, 2, 3});
    EXPECT_NE(RunPhases(AdaptiveMaxPool3dBackwardCall(grad.t, self.t, bad.t, gi.t), aclnnAdaptiveMaxPool3dBackward), 0);
}

TEST(ReferenceNnPoolingAdaptiveMaxPool3d, BackwardChecks) {
    Dev grad(std::vector<double>(2), at::kFloat, {1, 1, 1, 1, 2});
    Dev hgrad(std::vector<double>(2), at::kHalf, {1, 1, 1, 1, 2});
    Dev self(std::vector<double>(4), at::kFloat, {1, 1, 1, 2, 2});
    Dev idx(std::vector<double>(2), at::kInt, {1, 1, 1, 1, 2});
    Dev idx64(std::vector<double>(2), at::kLong, {1, 1, 1, 1, 2});
    Dev fidx(std::vector<double>(2), at::kFloat, {1, 1, 1, 1, 2});
    Dev idx3(std::vector<double>(3), at::kInt, {1, 1, 1, 1, 3});
    Dev gi(std::vector<double>(4), at::kFloat, {1, 1, 1, 2, 2});
    Dev g3(std::vector<double>(2), at::kFloat, {1, 1, 2});
    Dev s3(std::vector<double>(4), at::kFloat, {1, 2, 2});
    Dev i3(std::vector<double>(2), at::kInt, {1, 1, 2});
    Dev gi3(std::vector<double>(4), at::kFloat, {1, 2, 2});
    ExpectFails(AdaptiveMaxPool3dBackwardCall(nullptr, self.t, idx.t, gi.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument gradOutput.");
    ExpectFails(AdaptiveMaxPool3dBackwardCall(hgrad.t, self.t, idx.t, gi.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and gradOutput DT_FLOAT16.");
    ExpectFails(AdaptiveMaxPool3dBackwardCall(grad.t, self.t, fidx.t, gi.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor indices not implemented for DT_FLOAT, should be in dtype support list DT_INT32, DT_INT64.");
    ExpectFails(AdaptiveMaxPool3dBackwardCall(grad.t, self.t, idx3.t, gi.t), ACLNN_ERR_PARAM_INVALID,
                "gradOutput dims No.[4] must match indices dims.");
    ExpectFails(AdaptiveMaxPool3dBackwardCall(g3.t, s3.t, i3.t, gi3.t), ACLNN_ERR_PARAM_INVALID,
                "4D or 5D tensor expected for self but got dim num:3");
    EXPECT_EQ(RunPhases(AdaptiveMaxPool3dBackwardCall(grad.t, self.t, idx64.t, gi.t), aclnnAdaptiveMaxPool3dBackward), 0)
        << LastError();
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ExpectFails(AdaptiveMaxPool3dBackwardCall(grad.t, self.t, idx64.t, gi.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor indices not implemented for DT_INT64, should be in dtype support list DT_INT32.");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ExpectFails(AdaptiveMaxPool3dBackwardCall(grad.t, self.t, idx.t, gi.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_FLOAT");
    }
}

// ================================================================================ ApplyFusedEmaAdam

auto EmaAdamCall(const aclTensor* g, aclTensor* var, aclTensor* m, aclTensor* v, aclTensor* s, const aclTensor* step,
                 double lr, double ema, double b1, double b2, double eps, int64_t mode, bool bc, double wd) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnApplyFusedEmaAdamGetWorkspaceSize(g, var, m, v, s, step, lr, ema, b1, b2, eps, mode, bc, wd, ws, ex);
    };
}

// The documented step in double, per mode (0: L2 into the gradient, 1: AdamW decay in the update) and bias
// correction; every attribute mapped (lr, emaDecay, beta1, beta2, eps, weightDecay, step).
TEST(ReferenceNnOptimApplyFusedEmaAdam, Values) {
    const std::vector<double> g = {0.5, -1.0, 2.0, -0.25, 0.0, 3.0};
    const std::vector<double> var0 = {1.0, -2.0, 0.5, 4.0, -0.5, 2.0};
    const std::vector<double> m0 = {0.1, 0.2, -0.3, 0.0, 0.5, -0.1};
    const std::vector<double> v0 = {0.01, 0.2, 0.3, 0.05, 0.0, 0.4};
    const std::vector<double> s0 = {1.5, -1.0, 0.0, 3.0, 0.25, 1.0};
    for (int mode : {0, 1}) {
        for (bool bc : {true, false}) {
            const double lr = 0.05, ema = 0.75, b1 = 0.8, b2 = 0.9, eps = 1e-3, wd = 0.2;
            const int64_t t = 3;
            Dev grad(g, at::kFloat, {2, 3});
            Dev var(var0, at::kFloat, {2, 3});
            Dev m(m0, at::kFloat, {2, 3});
            Dev v(v0, at::kFloat, {2, 3});
            Dev sd(s0, at::kFloat, {2, 3});
            Dev step({static_cast<double>(t)}, at::kLong, {1});
            ASSERT_EQ(RunPhases(EmaAdamCall(grad.t, var.t, m.t, v.t, sd.t, step.t, lr, ema, b1, b2, eps, mode, bc, wd),
                                aclnnApplyFusedEmaAdam),
                      0)
                << LastError();
            const at::Tensor gv = var.Storage(), gm = m.Storage(), gvv = v.Storage(), gs = sd.Storage();
            const double c1 = bc ? 1 - std::pow(b1, t) : 1, c2 = bc ? 1 - std::pow(b2, t) : 1;
            for (int i = 0; i < 6; ++i) {
                const double gg = mode == 0 ? g[i] + wd * var0[i] : g[i];
                const double mo = b1 * m0[i] + (1 - b1) * gg;
                const double vo = b2 * v0[i] + (1 - b2) * gg * gg;
                double upd = (mo / c1) / (std::sqrt(vo / c2) + eps);
                if (mode == 1) upd += wd * var0[i];
                const double vn = var0[i] - lr * upd;
                const double sn = ema * s0[i] + (1 - ema) * vn;
                EXPECT_NEAR(gm[i].item<double>(), mo, 1e-6) << mode << bc << i;
                EXPECT_NEAR(gvv[i].item<double>(), vo, 1e-6) << mode << bc << i;
                EXPECT_NEAR(gv[i].item<double>(), vn, 1e-5) << mode << bc << i;
                EXPECT_NEAR(gs[i].item<double>(), sn, 1e-5) << mode << bc << i;
            }
        }
    }
}

TEST(ReferenceNnOptimApplyFusedEmaAdam, Checks) {
    auto mk = [](at::ScalarType t, std::vector<int64_t> shape) {
        int64_t n = 1;
        for (int64_t d : shape) n *= d;
        return std::unique_ptr<Dev>(new Dev(std::vector<double>(n, 0.5), t, shape));
    };
    auto g = mk(at::kFloat, {4}), var = mk(at::kFloat, {4}), m = mk(at::kFloat, {4}), v = mk(at::kFloat, {4}),
         s = mk(at::kFloat, {4}), step = mk(at::kLong, {1}), step0 = mk(at::kLong, {0});
    auto hvar = mk(at::kHalf, {4}), ivar = mk(at::kInt, {4}), fstep = mk(at::kFloat, {1}), s5 = mk(at::kFloat, {5}),
         step2 = mk(at::kLong, {2});
    ExpectFails(EmaAdamCall(nullptr, var->t, m->t, v->t, s->t, step->t, 0.1, 0.9, 0.9, 0.99, 1e-8, 1, true, 0),
                ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument grad.");
    ExpectFails(EmaAdamCall(g->t, var->t, m->t, v->t, nullptr, step->t, 0.1, 0.9, 0.9, 0.99, 1e-8, 1, true, 0),
                ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument sRef.");
    ExpectFails(EmaAdamCall(g->t, ivar->t, m->t, v->t, s->t, step->t, 0.1, 0.9, 0.9, 0.99, 1e-8, 1, true, 0),
                ACLNN_ERR_PARAM_INVALID,
                "Tensor varRef not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_BF16.");
    ExpectFails(EmaAdamCall(g->t, var->t, m->t, v->t, s->t, fstep->t, 0.1, 0.9, 0.9, 0.99, 1e-8, 1, true, 0),
                ACLNN_ERR_PARAM_INVALID,
                "Tensor step not implemented for DT_FLOAT, should be in dtype support list DT_INT64.");
    ExpectFails(EmaAdamCall(g->t, hvar->t, m->t, v->t, s->t, step->t, 0.1, 0.9, 0.9, 0.99, 1e-8, 1, true, 0),
                ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found grad DT_FLOAT and varRef DT_FLOAT16.");
    ExpectFails(EmaAdamCall(g->t, var->t, m->t, v->t, s5->t, step->t, 0.1, 0.9, 0.9, 0.99, 1e-8, 1, true, 0),
                ACLNN_ERR_INNER_TILING_ERROR,
                "grad, var, m, v and s should have the same shape, but got [4], [4], [4], [4] and [5].");
    ExpectFails(EmaAdamCall(g->t, var->t, m->t, v->t, s->t, step0->t, 0.1, 0.9, 0.9, 0.99, 1e-8, 1, true, 0),
                ACLNN_ERR_PARAM_INVALID, "Expected step to hold at least one element, but got shape [0].");
    // a step of several elements (CANN checks no shape; the example passes [2, 2]): its first element is read
    EXPECT_EQ(RunPhases(EmaAdamCall(g->t, var->t, m->t, v->t, s->t, step2->t, 0.1, 0.9, 0.9, 0.99, 1e-8, 1, true, 0),
                        aclnnApplyFusedEmaAdam),
              0)
        << LastError();
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ExpectFails(EmaAdamCall(g->t, var->t, m->t, v->t, s->t, step->t, 0.1, 0.9, 0.9, 0.99, 1e-8, 1, true, 0),
                    ACLNN_ERR_PARAM_INVALID, "Tensor grad not implemented for DT_FLOAT");
    }
}

// ================================================================================ ThnnFusedLstmCell

auto LstmCellCall(const aclTensor* ig, const aclTensor* hg, const aclTensor* cx, const aclTensor* ib,
                  const aclTensor* hb, aclTensor* hy, aclTensor* cy, aclTensor* st) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnThnnFusedLstmCellGetWorkspaceSize(ig, hg, cx, ib, hb, hy, cy, st, ws, ex);
    };
}

// CANN's gate order [i, g, f, o] (not ATen's [i, f, g, o]), with and without the biases, in closed form.
TEST(ReferenceNnRnnThnnFusedLstmCell, Values) {
    const int64_t B = 2, H = 3;
    std::vector<double> ig(B * 4 * H), hg(B * 4 * H), cx(B * H), ib(4 * H), hb(4 * H);
    for (size_t i = 0; i < ig.size(); ++i) ig[i] = std::sin(i * 0.9) * 2.0;
    for (size_t i = 0; i < hg.size(); ++i) hg[i] = std::cos(i * 0.7);
    for (size_t i = 0; i < cx.size(); ++i) cx[i] = 0.3 * i - 0.7;
    for (size_t i = 0; i < ib.size(); ++i) ib[i] = 0.1 * i - 0.5;
    for (size_t i = 0; i < hb.size(); ++i) hb[i] = 0.05 * i;
    for (bool bias : {true, false}) {
        Dev dig(ig, at::kFloat, {B, 4 * H}), dhg(hg, at::kFloat, {B, 4 * H}), dcx(cx, at::kFloat, {B, H});
        Dev dib(ib, at::kFloat, {4 * H}), dhb(hb, at::kFloat, {4 * H});
        Dev hy(std::vector<double>(B * H, 7.0), at::kFloat, {B, H}), cy(std::vector<double>(B * H, 7.0), at::kFloat, {B, H});
        Dev st(std::vector<double>(B * 4 * H, 7.0), at::kFloat, {B, 4 * H});
        ASSERT_EQ(RunPhases(LstmCellCall(dig.t, dhg.t, dcx.t, bias ? dib.t : nullptr, bias ? dhb.t : nullptr, hy.t,
                                         cy.t, st.t),
                            aclnnThnnFusedLstmCell),
                  0)
            << LastError();
        const at::Tensor ghy = hy.Storage(), gcy = cy.Storage(), gst = st.Storage();
        for (int64_t b = 0; b < B; ++b) {
            for (int64_t h = 0; h < H; ++h) {
                auto gate = [&](int k) {
                    const int64_t j = k * H + h;
                    return ig[b * 4 * H + j] + hg[b * 4 * H + j] + (bias ? ib[j] + hb[j] : 0.0);
                };
                // the kernel's gate order [i, f, g, o] (op_kernel/thnn_fused_lstm_cell.h: f at H, g at 2H)
                const double i = Sig(gate(0)), f = Sig(gate(1)), g = std::tanh(gate(2)), o = Sig(gate(3));
                const double c = f * cx[b * H + h] + i * g;
                EXPECT_NEAR(gcy[b * H + h].item<double>(), c, 1e-6);
                EXPECT_NEAR(ghy[b * H + h].item<double>(), o * std::tanh(c), 1e-6);
                const double acts[4] = {i, f, g, o};
                for (int k = 0; k < 4; ++k) EXPECT_NEAR(gst[b * 4 * H + k * H + h].item<double>(), acts[k], 1e-6);
            }
        }
    }
}

TEST(ReferenceNnRnnThnnFusedLstmCell, Checks) {
    Dev ig(std::vector<double>(8), at::kFloat, {2, 4}), hg(std::vector<double>(8), at::kFloat, {2, 4});
    Dev cx(std::vector<double>(2), at::kFloat, {2, 1}), ib(std::vector<double>(4), at::kFloat, {4});
    Dev hy(std::vector<double>(2), at::kFloat, {2, 1}), cy(std::vector<double>(2), at::kFloat, {2, 1});
    Dev st(std::vector<double>(8), at::kFloat, {2, 4});
    Dev ig3(std::vector<double>(8), at::kFloat, {2, 4, 1}), hg5(std::vector<double>(10), at::kFloat, {2, 5});
    Dev dig(std::vector<double>(8), at::kDouble, {2, 4}), hcx(std::vector<double>(2), at::kHalf, {2, 1});
    Dev empty(std::vector<double>(), at::kFloat, {0, 4});
    ExpectFails(LstmCellCall(nullptr, hg.t, cx.t, nullptr, nullptr, hy.t, cy.t, st.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument inputGates.");
    ExpectFails(LstmCellCall(ig.t, hg.t, cx.t, ib.t, nullptr, hy.t, cy.t, st.t), ACLNN_ERR_PARAM_NULLPTR,
                "hiddenBias should not be a nullptr when inputBias is set.");
    ExpectFails(LstmCellCall(ig.t, hg.t, cx.t, nullptr, ib.t, hy.t, cy.t, st.t), ACLNN_ERR_PARAM_NULLPTR,
                "inputBias should not be a nullptr when hiddenBias is set.");
    ExpectFails(LstmCellCall(ig.t, hg.t, cx.t, nullptr, nullptr, hy.t, cy.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument storageOut.");
    ExpectFails(LstmCellCall(ig3.t, hg.t, cx.t, nullptr, nullptr, hy.t, cy.t, st.t), ACLNN_ERR_PARAM_INVALID,
                "Expected 2 dimension input, but got inputGates with sizes [2,4,1].");
    ExpectFails(LstmCellCall(ig.t, hg5.t, cx.t, nullptr, nullptr, hy.t, cy.t, st.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for hiddenGates to have same size as [2,4], but got [2,5].");
    ExpectFails(LstmCellCall(dig.t, hg.t, cx.t, nullptr, nullptr, hy.t, cy.t, st.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor inputGates not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
    ExpectFails(LstmCellCall(ig.t, hg.t, hcx.t, nullptr, nullptr, hy.t, cy.t, st.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor cx expected dtype is DT_FLOAT but found DT_FLOAT16.");
    // an empty inputGates runs nothing, before the shape checks
    EXPECT_EQ(RunPhases(LstmCellCall(empty.t, hg5.t, cx.t, nullptr, nullptr, hy.t, cy.t, st.t), aclnnThnnFusedLstmCell), 0)
        << LastError();
}

}  // namespace nn_act2_reference_test
