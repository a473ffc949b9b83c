// The nn_activation family's reference-tier operators through the public API (ops/families/nn_activation.yaml;
// docs/ops/nn_activation.md): each formula against an expectation computed here independently (closed forms in
// double, not the library's helpers), each attribute's mapping (GeluMul's approximate, SwiGlu's dim, GeGlu's activateLeft,
// RReluWithNoise's bounds and training), and the checks in order with their codes and messages (null -> 161001; refused dtypes and
// shapes, per product where the lists differ -> 161002; the generated layers' tiling checks -> 561002). The
// table-driven suite (reference_table_test.cpp) runs each entry's cases on transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "aclnnop/aclnn_apply_adam_w.h"
#include "aclnnop/aclnn_apply_adam_w_v2.h"
#include "aclnnop/aclnn_erfinv.h"
#include "aclnnop/aclnn_gelu_mul.h"
#include "aclnnop/aclnn_geglu.h"
#include "aclnnop/aclnn_heaviside.h"
#include "aclnnop/aclnn_logsigmoid.h"
#include "aclnnop/aclnn_modulate.h"
#include "aclnnop/aclnn_modulate_backward.h"
#include "aclnnop/aclnn_nll_loss2d_backward.h"
#include "aclnnop/aclnn_rrelu_with_noise.h"
#include "aclnnop/aclnn_scaled_masked_softmax.h"
#include "aclnnop/aclnn_scaled_masked_softmax_backward.h"
#include "aclnnop/aclnn_softmax_cross_entropy_with_logits.h"
#include "aclnnop/aclnn_squared_relu.h"
#include "aclnnop/aclnn_swi_glu.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace nn_activation_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;
using aclcpu_test::Scalar;

void ExpectClose(const at::Tensor& got, const at::Tensor& want, double rtol = 1e-6, double atol = 1e-6) {
    ASSERT_EQ(got.sizes(), want.sizes());
    EXPECT_TRUE(at::allclose(got, want, rtol, atol, /*equal_nan=*/true)) << "got:\n" << got << "\nwant:\n" << want;
}

at::Tensor Vec(const std::vector<double>& v) { return at::tensor(v, at::kDouble); }

double GeluErf(double x) { return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))); }
double GeluTanh(double x) {
    return 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x)));
}
double Silu(double x) { return x / (1.0 + std::exp(-x)); }

// ================================================================================ Erfinv

auto ErfinvCall(const aclTensor* s, aclTensor* o) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnErfinvGetWorkspaceSize(s, o, ws, ex); };
}

// erf(erfinv(y)) == y, and the closed values erfinv(0) = 0, erfinv(+-1) = +-inf; a transposed FLOAT view.
TEST(ReferenceNnActivationErfinv, Values) {
    const std::vector<double> y = {-0.9, -0.5, 0.0, 0.25, 0.5, 0.75, 1.0, -1.0};
    Dev self(y, at::kFloat, {2, 4}, {1, 2});
    Dev out(std::vector<double>(8, 7.0), at::kFloat, {2, 4});
    ASSERT_EQ(RunPhases(ErfinvCall(self.t, out.t), aclnnErfinv), 0) << LastError();
    const at::Tensor got = out.Storage();  // out[i][j] = y[j * 2 + i]
    for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 4; ++j) {
            const double yy = y[j * 2 + i];
            const double g = got[i * 4 + j].item<double>();
            if (std::fabs(yy) == 1.0) {
                EXPECT_TRUE(std::isinf(g) && (g > 0) == (yy > 0)) << g;
            } else {
                EXPECT_NEAR(std::erf(g), yy, 1e-6) << "y=" << yy;
            }
        }
    }
}

// An INT32 self is cast to FLOAT (erfinv(0) = 0, erfinv(1) = inf, erfinv(2) = NaN); a FLOAT16 out gets the FLOAT
// result rounded; the in-place form on FLOAT16.
TEST(ReferenceNnActivationErfinv, IntegralSelfAndInplace) {
    Dev ints({0, 1, 2, -1}, at::kInt, {4});
    Dev out(std::vector<double>(4, 7.0), at::kHalf, {4});
    ASSERT_EQ(RunPhases(ErfinvCall(ints.t, out.t), aclnnErfinv), 0) << LastError();
    const at::Tensor g = out.Storage();
    EXPECT_EQ(g[0].item<double>(), 0.0);
    EXPECT_TRUE(std::isinf(g[1].item<double>()) && g[1].item<double>() > 0);
    EXPECT_TRUE(std::isnan(g[2].item<double>()));
    EXPECT_TRUE(std::isinf(g[3].item<double>()) && g[3].item<double>() < 0);

    Dev h({0.5, -0.25, 0.125}, at::kHalf, {3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceErfinvGetWorkspaceSize(h.t, ws, ex); },
                        aclnnInplaceErfinv),
              0)
        << LastError();
    const at::Tensor want = at::erfinv(at::tensor({0.5, -0.25, 0.125}, at::kFloat)).to(at::kHalf).to(at::kDouble);
    ExpectClose(h.Storage(), want, 0, 0);
}

TEST(ReferenceNnActivationErfinv, Checks) {
    Dev self({0.5, 0.25}, at::kFloat, {2});
    Dev out(std::vector<double>(2), at::kFloat, {2});
    Dev int_out(std::vector<double>(2), at::kInt, {2});
    Dev ints({0, 1}, at::kInt, {2});
    Dev dbl({0, 1}, at::kDouble, {2});
    Dev short_out(std::vector<double>(1), at::kFloat, {1});
    Dev bf({0.5, 0.25}, at::kBFloat16, {2});
    Dev bf_out(std::vector<double>(2), at::kBFloat16, {2});
    ExpectFails(ErfinvCall(nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(ErfinvCall(self.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument out.");
    ExpectFails(ErfinvCall(dbl.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_BF16, DT_BOOL, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8.");
    ExpectFails(ErfinvCall(self.t, int_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    // an integral self computes in FLOAT: an INT32 out refused too
    ExpectFails(ErfinvCall(ints.t, int_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(ErfinvCall(self.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [2] does not equal [1].");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceErfinvGetWorkspaceSize(ints.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    EXPECT_EQ(RunPhases(ErfinvCall(bf.t, bf_out.t), aclnnErfinv), 0) << LastError();
    // BF16 outside SocVersion [ASCEND910B, ASCEND910E]
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev bf2({0.5, 0.25}, at::kBFloat16, {2});
    Dev bf2_out(std::vector<double>(2), at::kBFloat16, {2});
    ExpectFails(ErfinvCall(bf2.t, bf2_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_BOOL, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8.");
}

// ================================================================================ Heaviside

auto HeavisideCall(const aclTensor* in, const aclTensor* v, aclTensor* o) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnHeavisideGetWorkspaceSize(in, v, o, ws, ex); };
}

// values broadcast along rows; 0 where input < 0, values where input == 0, 1 where input > 0.
TEST(ReferenceNnActivationHeaviside, ValuesBroadcast) {
    Dev input({-2, 0, 3, 0, -0.5, 7}, at::kFloat, {2, 3});
    Dev values({0.25, 0.5, 0.75}, at::kFloat, {3});
    Dev out(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
    ASSERT_EQ(RunPhases(HeavisideCall(input.t, values.t, out.t), aclnnHeaviside), 0) << LastError();
    ExpectClose(out.Storage(), Vec({0, 0.5, 1, 0.25, 0, 1}), 0, 0);
    // out of the broadcast element count in another shape: written in order
    Dev flat(std::vector<double>(6, 9.0), at::kFloat, {6});
    ASSERT_EQ(RunPhases(HeavisideCall(input.t, values.t, flat.t), aclnnHeaviside), 0) << LastError();
    ExpectClose(flat.Storage(), Vec({0, 0.5, 1, 0.25, 0, 1}), 0, 0);
    // FLOAT16 with a one-element values
    Dev hin({-1, 0, 2}, at::kHalf, {3});
    Dev hv({0.375}, at::kHalf, {1});
    Dev hout(std::vector<double>(3, 9.0), at::kHalf, {3});
    ASSERT_EQ(RunPhases(HeavisideCall(hin.t, hv.t, hout.t), aclnnHeaviside), 0) << LastError();
    ExpectClose(hout.Storage(), Vec({0, 0.375, 1}), 0, 0);
}

TEST(ReferenceNnActivationHeaviside, Checks) {
    Dev input({1, 2, 3, 4, 5, 6}, at::kFloat, {2, 3});
    Dev values({1, 2}, at::kFloat, {2});
    Dev v3({1, 2, 3}, at::kFloat, {3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev out5(std::vector<double>(5), at::kFloat, {5});
    Dev iv({1, 2, 3}, at::kInt, {3});
    ExpectFails(HeavisideCall(nullptr, v3.t, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument input.");
    ExpectFails(HeavisideCall(input.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument values.");
    ExpectFails(HeavisideCall(input.t, v3.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument out.");
    ExpectFails(HeavisideCall(input.t, iv.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor values not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_BF16.");
    ExpectFails(HeavisideCall(input.t, values.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "The size of tensor input [2,3] must match the size of tensor values [2].");
    ExpectFails(HeavisideCall(input.t, v3.t, out5.t), ACLNN_ERR_PARAM_INVALID,
                "The out shape size is not same with broadcastShapeSize.");
}

// ================================================================================ LogSigmoidForward

// out = log(sigmoid(x)); buffer left as it was (and NULL accepted).
TEST(ReferenceNnActivationLogSigmoidForward, ValuesBufferUntouched) {
    const std::vector<double> x = {-3, -0.5, 0, 1.5};
    Dev self(x, at::kFloat, {4});
    Dev out(std::vector<double>(4, 9.0), at::kFloat, {4});
    Dev buffer(std::vector<double>(4, 5.0), at::kFloat, {4});
    auto call = [&](aclTensor* b) {
        return [&, b](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnLogSigmoidForwardGetWorkspaceSize(self.t, out.t, b, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(call(buffer.t), aclnnLogSigmoidForward), 0) << LastError();
    std::vector<double> want;
    for (double v : x) want.push_back(-std::log1p(std::exp(-v)));
    ExpectClose(out.Storage(), Vec(want));
    ExpectClose(buffer.Storage(), Vec({5, 5, 5, 5}), 0, 0);
    Dev out2(std::vector<double>(4, 9.0), at::kFloat, {4});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnLogSigmoidForwardGetWorkspaceSize(self.t, out2.t, nullptr, ws, ex);
              }, aclnnLogSigmoidForward),
              0)
        << LastError();
    ExpectClose(out2.Storage(), Vec(want));
    Dev half_out(std::vector<double>(4), at::kHalf, {4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnLogSigmoidForwardGetWorkspaceSize(self.t, half_out.t, nullptr, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Tensor self expected dtype is DT_FLOAT16 but found DT_FLOAT.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnLogSigmoidForwardGetWorkspaceSize(nullptr, out.t, nullptr, ws, ex);
    }, ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument t0.");
}

// ================================================================================ SquaredRelu

auto SquaredReluCall(const aclTensor* in, const aclTensor* o) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSquaredReluGetWorkspaceSize(in, o, ws, ex); };
}

TEST(ReferenceNnActivationSquaredRelu, ValuesAndChecks) {
    Dev input({-2, -0.5, 0, 0.5, 3, 1.25}, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
    ASSERT_EQ(RunPhases(SquaredReluCall(input.t, out.t), aclnnSquaredRelu), 0) << LastError();
    ExpectClose(out.Storage(), Vec({0, 0, 0, 0.25, 9, 1.5625}), 0, 0);
    Dev half_out(std::vector<double>(6), at::kHalf, {2, 3});
    Dev dbl({1}, at::kDouble, {1});
    Dev dbl_out({1}, at::kDouble, {1});
    Dev wrong(std::vector<double>(6), at::kFloat, {3, 2});
    ExpectFails(SquaredReluCall(nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument input.");
    ExpectFails(SquaredReluCall(dbl.t, dbl_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor input not implemented for DT_DOUBLE, should be in dtype support list DT_BF16, DT_FLOAT16, "
                "DT_FLOAT.");
    ExpectFails(SquaredReluCall(input.t, half_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected out to have input's dtype DT_FLOAT, but found DT_FLOAT16.");
    ExpectFails(SquaredReluCall(input.t, wrong.t), ACLNN_ERR_PARAM_INVALID,
                "Expected out to have input's shape [2,3], but found [3,2].");
    // not configured on the Ascend910: every dtype refused
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev in2({1, 2}, at::kFloat, {2});
    Dev out2(std::vector<double>(2), at::kFloat, {2});
    ExpectFails(SquaredReluCall(in2.t, out2.t), ACLNN_ERR_PARAM_INVALID, "Tensor input not implemented for DT_FLOAT");
}

// ================================================================================ GeluMul

auto GeluMulCall(const aclTensor* in, const char* approx, const aclTensor* o) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGeluMulGetWorkspaceSize(in, const_cast<char*>(approx), o, ws, ex);
    };
}

// input [2,4]: x1 = input[:, :2], x2 = input[:, 2:]; approximate none (also NULL) is erf, tanh the tanh form.
TEST(ReferenceNnActivationGeluMul, ApproximateMapping) {
    const std::vector<double> x = {-1.5, 0.5, 2.0, -3.0, 1.0, 2.5, 0.5, 4.0};
    Dev input(x, at::kFloat, {2, 4});
    auto expect = [&](double (*g)(double)) {
        return Vec({g(x[0]) * x[2], g(x[1]) * x[3], g(x[4]) * x[6], g(x[5]) * x[7]});
    };
    for (const char* a : {"none", static_cast<const char*>(nullptr), "tanh"}) {
        Dev out(std::vector<double>(4, 9.0), at::kFloat, {2, 2});
        ASSERT_EQ(RunPhases(GeluMulCall(input.t, a, out.t), aclnnGeluMul), 0) << LastError();
        const bool tanh = a != nullptr && std::string(a) == "tanh";
        ExpectClose(out.Storage(), expect(tanh ? GeluTanh : GeluErf), 1e-6, 1e-6);
    }
    EXPECT_GT(std::fabs(GeluTanh(2.5) - GeluErf(2.5)), 1e-5);  // the two modes are distinguishable here
}

TEST(ReferenceNnActivationGeluMul, Checks) {
    Dev input(std::vector<double>(8, 1.0), at::kFloat, {2, 4});
    Dev out(std::vector<double>(4), at::kFloat, {2, 2});
    Dev flat(std::vector<double>(4, 1.0), at::kFloat, {4});
    Dev flat_out(std::vector<double>(2), at::kFloat, {2});
    Dev odd(std::vector<double>(6, 1.0), at::kFloat, {2, 3});
    Dev odd_out(std::vector<double>(2), at::kFloat, {2, 1});
    Dev wide(std::vector<double>(2 * 1026, 1.0), at::kFloat, {2, 1026});
    Dev wide_out(std::vector<double>(2 * 513), at::kFloat, {2, 513});
    Dev wrong_out(std::vector<double>(4), at::kFloat, {4, 1});
    ExpectFails(GeluMulCall(nullptr, "none", out.t), ACLNN_ERR_PARAM_NULLPTR, "argument input.");
    ExpectFails(GeluMulCall(input.t, "none", nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument out.");
    ExpectFails(GeluMulCall(input.t, "erf", out.t), ACLNN_ERR_INNER_TILING_ERROR,
                "Approximate can only be 'tanh' or 'none'");
    ExpectFails(GeluMulCall(flat.t, "none", flat_out.t), ACLNN_ERR_INNER_TILING_ERROR,
                "Input shape dim should be no less than 2");
    ExpectFails(GeluMulCall(odd.t, "none", odd_out.t), ACLNN_ERR_INNER_TILING_ERROR, "Last dim size should be even");
    ExpectFails(GeluMulCall(wide.t, "none", wide_out.t), ACLNN_ERR_INNER_TILING_ERROR,
                "Last dim size should be no more than 1024");
    ExpectFails(GeluMulCall(input.t, "none", wrong_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected out to have shape [2,2] (input's with the last dim halved), but found [4,1].");
}

// ================================================================================ SwiGlu

auto SwiGluCall(const aclTensor* x, int64_t dim, const aclTensor* o) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSwiGluGetWorkspaceSize(x, dim, o, ws, ex); };
}

// x [2,4]: dim -1 splits columns, dim 0 rows.
TEST(ReferenceNnActivationSwiGlu, DimMapping) {
    const std::vector<double> x = {-1.0, 0.5, 2.0, -3.0, 1.0, 2.5, 0.5, 4.0};
    Dev input(x, at::kFloat, {2, 4});
    Dev out_last(std::vector<double>(4, 9.0), at::kFloat, {2, 2});
    ASSERT_EQ(RunPhases(SwiGluCall(input.t, -1, out_last.t), aclnnSwiGlu), 0) << LastError();
    ExpectClose(out_last.Storage(),
                Vec({Silu(x[0]) * x[2], Silu(x[1]) * x[3], Silu(x[4]) * x[6], Silu(x[5]) * x[7]}));
    Dev out_first(std::vector<double>(4, 9.0), at::kFloat, {1, 4});
    ASSERT_EQ(RunPhases(SwiGluCall(input.t, 0, out_first.t), aclnnSwiGlu), 0) << LastError();
    ExpectClose(out_first.Storage(),
                Vec({Silu(x[0]) * x[4], Silu(x[1]) * x[5], Silu(x[2]) * x[6], Silu(x[3]) * x[7]}));
}

TEST(ReferenceNnActivationSwiGlu, Checks) {
    Dev input(std::vector<double>(6, 1.0), at::kFloat, {2, 3});
    Dev out(std::vector<double>(3), at::kFloat, {1, 3});
    ExpectFails(SwiGluCall(nullptr, 0, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument x.");
    ExpectFails(SwiGluCall(input.t, 2, out.t), ACLNN_ERR_INNER_TILING_ERROR, "Invalid value 2 of attribute dim");
    ExpectFails(SwiGluCall(input.t, -1, out.t), ACLNN_ERR_INNER_TILING_ERROR, "must be an even number");
    Dev bad(std::vector<double>(6), at::kFloat, {2, 3});
    ExpectFails(SwiGluCall(input.t, 0, bad.t), ACLNN_ERR_PARAM_INVALID,
                "Expected out to have shape [1,3] (x's with dim halved), but found [2,3].");
    // Ascend310P: FLOAT16 and FLOAT only
    Dev bf(std::vector<double>(4, 1.0), at::kBFloat16, {2, 2});
    Dev bf_out(std::vector<double>(2), at::kBFloat16, {2, 1});
    EXPECT_EQ(RunPhases(SwiGluCall(bf.t, -1, bf_out.t), aclnnSwiGlu), 0) << LastError();
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dev bf2(std::vector<double>(4, 1.0), at::kBFloat16, {2, 2});
    Dev bf2_out(std::vector<double>(2), at::kBFloat16, {2, 1});
    ExpectFails(SwiGluCall(bf2.t, -1, bf2_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor x not implemented for DT_BF16, should be in dtype support list DT_FLOAT16, DT_FLOAT.");
}

// ================================================================================ GeGlu, GeGluV3

// self [2,4] split on the last dim: A = cols 0..1, B = cols 2..3. GeGlu: outGelu = gelu(B), out = A * gelu(B);
// V3 activateLeft: outGelu = gelu(A), out = gelu(A) * B; approximate 0 erf, 1 tanh.
TEST(ReferenceNnActivationGeGlu, ActivateLeftAndApproximate) {
    const std::vector<double> x = {-1.5, 0.5, 2.0, -3.0, 1.0, 2.5, 0.5, 4.0};
    Dev self(x, at::kFloat, {2, 4});
    for (int64_t approx : {0, 1}) {
        double (*g)(double) = approx == 1 ? GeluTanh : GeluErf;
        for (int mode = 0; mode < 3; ++mode) {  // 0 GeGlu, 1 V3 left false, 2 V3 left true
            Dev out(std::vector<double>(4, 9.0), at::kFloat, {2, 2});
            Dev gelu(std::vector<double>(4, 9.0), at::kFloat, {2, 2});
            int st = 0;
            if (mode == 0) {
                st = RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnGeGluGetWorkspaceSize(self.t, -1, approx, out.t, gelu.t, ws, ex);
                }, aclnnGeGlu);
            } else {
                st = RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnGeGluV3GetWorkspaceSize(self.t, 1, approx, mode == 2, out.t, gelu.t, ws, ex);
                }, aclnnGeGluV3);
            }
            ASSERT_EQ(st, 0) << LastError();
            std::vector<double> eo, eg;
            for (int r = 0; r < 2; ++r) {
                for (int k = 0; k < 2; ++k) {
                    const double a = x[r * 4 + k], b = x[r * 4 + 2 + k];
                    const double gate = mode == 2 ? a : b, other = mode == 2 ? b : a;
                    eg.push_back(g(gate));
                    eo.push_back(other * g(gate));
                }
            }
            ExpectClose(gelu.Storage(), Vec(eg));
            ExpectClose(out.Storage(), Vec(eo));
        }
    }
}

TEST(ReferenceNnActivationGeGlu, Checks) {
    Dev self(std::vector<double>(8), at::kFloat, {2, 4}), out(std::vector<double>(4), at::kFloat, {2, 2});
    Dev gelu(std::vector<double>(4), at::kFloat, {2, 2}), hout(std::vector<double>(4), at::kHalf, {2, 2});
    Dev odd(std::vector<double>(6), at::kFloat, {2, 3}), wide(std::vector<double>(6), at::kFloat, {2, 3});
    Dev rank3(std::vector<double>(4), at::kFloat, {1, 2, 2});
    auto call = [&](const aclTensor* s, int64_t dim, int64_t approx, aclTensor* o, aclTensor* g) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGeGluGetWorkspaceSize(s, dim, approx, o, g, ws, ex); };
    };
    ExpectFails(call(self.t, -1, 1, out.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument outGelu.");
    ExpectFails(call(self.t, -1, 1, hout.t, gelu.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(call(self.t, 2, 1, out.t, gelu.t), ACLNN_ERR_PARAM_INVALID,
                "Expected aclnnGeGlu dim value 2 to be in range [-2, 1] but check failed.");
    ExpectFails(call(odd.t, -1, 1, out.t, gelu.t), ACLNN_ERR_PARAM_INVALID, "selfSliceDimSize[3] must be even number.");
    ExpectFails(call(self.t, -1, 1, wide.t, gelu.t), ACLNN_ERR_PARAM_INVALID,
                "Expected aclnnGeGlu out slice dim size 3 to be equal to 2 but check failed.");
    ExpectFails(call(self.t, 0, 1, out.t, gelu.t), ACLNN_ERR_PARAM_INVALID,
                "Expected aclnnGeGlu out slice dim size 2 to be equal to 1 but check failed.");
    ExpectFails(call(self.t, -1, 1, out.t, rank3.t), ACLNN_ERR_PARAM_INVALID,
                "outDimNum[2] and outGeluDimNum[3] must be the same with inputDimNum[2].");
    ExpectFails(call(self.t, -1, 2, out.t, gelu.t), ACLNN_ERR_PARAM_INVALID, "Approximate should be 0 or 1, but current is 2");
    // BF16 refused on the Ascend910
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev bs(std::vector<double>(4), at::kBFloat16, {2, 2}), bo(std::vector<double>(2), at::kBFloat16, {2, 1});
    Dev bg(std::vector<double>(2), at::kBFloat16, {2, 1});
    ExpectFails(call(bs.t, -1, 1, bo.t, bg.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT16, DT_FLOAT.");
}

// ================================================================================ SoftmaxCrossEntropyWithLogits

auto SceCall(const aclTensor* f, aclTensor* l, aclTensor* loss, aclTensor* bp) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnSoftmaxCrossEntropyWithLogitsGetWorkspaceSize(f, l, loss, bp, ws, ex);
    };
}

// loss[n] = -sum labels * log_softmax, backprop = softmax - labels; labels read, not written.
TEST(ReferenceNnActivationSoftmaxCrossEntropyWithLogits, Values) {
    const std::vector<double> f = {1.0, 2.0, 3.0, -1.0, 0.0, 0.5};
    const std::vector<double> l = {0.0, 0.0, 1.0, 0.25, 0.25, 0.5};
    Dev feat(f, at::kFloat, {2, 3}), lab(l, at::kFloat, {2, 3});
    Dev loss(std::vector<double>(2, 9.0), at::kFloat, {2}), bp(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
    ASSERT_EQ(RunPhases(SceCall(feat.t, lab.t, loss.t, bp.t), aclnnSoftmaxCrossEntropyWithLogits), 0) << LastError();
    std::vector<double> el, eb;
    for (int n = 0; n < 2; ++n) {
        double z = 0;
        for (int c = 0; c < 3; ++c) z += std::exp(f[n * 3 + c]);
        double sum = 0;
        for (int c = 0; c < 3; ++c) {
            sum += l[n * 3 + c] * (f[n * 3 + c] - std::log(z));
            eb.push_back(std::exp(f[n * 3 + c]) / z - l[n * 3 + c]);
        }
        el.push_back(-sum);
    }
    ExpectClose(loss.Storage(), Vec(el));
    ExpectClose(bp.Storage(), Vec(eb));
    ExpectClose(lab.Storage(), Vec(l), 0, 0);
}

TEST(ReferenceNnActivationSoftmaxCrossEntropyWithLogits, Checks) {
    Dev feat(std::vector<double>(6), at::kFloat, {2, 3}), lab(std::vector<double>(6), at::kFloat, {2, 3});
    Dev loss(std::vector<double>(2), at::kFloat, {2}), bp(std::vector<double>(6), at::kFloat, {2, 3});
    Dev hloss(std::vector<double>(2), at::kHalf, {2}), f3(std::vector<double>(6), at::kFloat, {1, 2, 3});
    Dev dl(std::vector<double>(6), at::kDouble, {2, 3});
    ExpectFails(SceCall(feat.t, nullptr, loss.t, bp.t), ACLNN_ERR_PARAM_NULLPTR, "argument labels.");
    ExpectFails(SceCall(feat.t, dl.t, loss.t, bp.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor labels not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT16, DT_FLOAT, "
                "DT_BF16.");
    ExpectFails(SceCall(feat.t, lab.t, hloss.t, bp.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor loss expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(SceCall(f3.t, lab.t, loss.t, bp.t), ACLNN_ERR_PARAM_INVALID, "dimNum is 3, must be 2, but check failed.");
    ExpectFails(SceCall(feat.t, lab.t, bp.t, bp.t), ACLNN_ERR_PARAM_INVALID,
                "Expected loss to have shape [2], but found [2,3].");
}

// ================================================================================ RReluWithNoise

auto RReluCall(const aclTensor* s, const aclTensor* n, const aclScalar* lo, const aclScalar* hi, bool training,
               int64_t seed, int64_t offset, aclTensor* o) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnRReluWithNoiseGetWorkspaceSize(s, n, lo, hi, training, seed, offset, o, ws, ex);
    };
}

// training false: slope (lower + upper) / 2, noise untouched; each bound in its place.
TEST(ReferenceNnActivationRReluWithNoise, EvalSlope) {
    const std::vector<double> x = {-2.0, -0.5, 0.0, 1.5};
    Dev self(x, at::kFloat, {4}), noise({7, 7, 7, 7}, at::kFloat, {4});
    Scalar lo(0.125f), hi(0.375f), lo2(0.5f);
    Dev out(std::vector<double>(4, 9.0), at::kFloat, {4});
    ASSERT_EQ(RunPhases(RReluCall(self.t, noise.t, lo.s, hi.s, false, 0, 0, out.t), aclnnRReluWithNoise), 0)
        << LastError();
    ExpectClose(out.Storage(), Vec({-0.5, -0.125, 0.0, 1.5}), 0, 0);
    ExpectClose(noise.Storage(), Vec({7, 7, 7, 7}), 0, 0);
    ASSERT_EQ(RunPhases(RReluCall(self.t, noise.t, lo2.s, hi.s, false, 0, 0, out.t), aclnnRReluWithNoise), 0)
        << LastError();
    ExpectClose(out.Storage(), Vec({-0.875, -0.21875, 0.0, 1.5}), 0, 0);
}

// training true: noise's first elements become the factors (r in [lower, upper) where self < 0, 1 elsewhere), the
// rest of a larger noise kept; out = self * factor; the same seed gives the same draws.
TEST(ReferenceNnActivationRReluWithNoise, TrainingNoise) {
    const std::vector<double> x = {-2.0, -0.5, 0.0, 1.5};
    Scalar lo(0.25f), hi(0.5f);
    std::vector<double> first;
    for (int k = 0; k < 2; ++k) {
        Dev self(x, at::kFloat, {4}), noise({7, 7, 7, 7, 7, 7}, at::kFloat, {6});
        Dev out(std::vector<double>(4, 9.0), at::kFloat, {4});
        ASSERT_EQ(RunPhases(RReluCall(self.t, noise.t, lo.s, hi.s, true, 42, 0, out.t), aclnnRReluWithNoise), 0)
            << LastError();
        const std::vector<double> n = noise.Values();
        const std::vector<double> o = out.Values();
        for (int i = 0; i < 4; ++i) {
            if (x[i] < 0) {
                EXPECT_GE(n[i], 0.25);
                EXPECT_LT(n[i], 0.5);
            } else {
                EXPECT_EQ(n[i], 1.0);
            }
            EXPECT_FLOAT_EQ(o[i], x[i] * n[i]);
        }
        EXPECT_EQ(n[4], 7.0);
        EXPECT_EQ(n[5], 7.0);
        if (k == 0) first = n; else EXPECT_EQ(first, n);
    }
    Dev self(x, at::kFloat, {4}), small({7, 7, 7}, at::kFloat, {3}), out(std::vector<double>(4), at::kFloat, {4});
    ExpectFails(RReluCall(self.t, small.t, lo.s, hi.s, true, 0, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "tesnor size of self larger than noise, self: 4, noise: 3.");
    EXPECT_EQ(RunPhases(RReluCall(self.t, small.t, lo.s, hi.s, false, 0, 0, out.t), aclnnRReluWithNoise), 0)
        << LastError();
    const int32_t one = 1;
    Scalar iscalar(&one, ACL_INT32);
    ExpectFails(RReluCall(self.t, small.t, iscalar.s, hi.s, false, 0, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor lower not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_BF16, DT_DOUBLE.");
    ExpectFails(RReluCall(self.t, small.t, nullptr, hi.s, false, 0, 0, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type number for argument lower but instead found type null.");
}

// ================================================================================ NLLLoss2dBackward (nn_loss)

// self [1,3,1,2], target [1,1,2] = {2, 0}, weight {0.5, 1, 2}: out[0, t, 0, j] = -weight[t] * g; none with
// gradOutput {1, 3}; mean divides the one gradOutput by totalWeight; ignoreIndex zeroes its pixels.
TEST(ReferenceNnActivationNLLLoss2dBackward, Values) {
    Dev self(std::vector<double>(6, 0.0), at::kFloat, {1, 3, 1, 2});
    Dev target({2, 0}, at::kLong, {1, 1, 2}), weight({0.5, 1.0, 2.0}, at::kFloat, {3});
    auto run = [&](const Dev& grad, int64_t reduction, int64_t ignore, const Dev& total, Dev& out) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnNLLLoss2dBackwardGetWorkspaceSize(grad.t, self.t, target.t, weight.t, reduction, ignore, total.t,
                                                          out.t, ws, ex);
        }, aclnnNLLLoss2dBackward);
    };
    Dev g2({1.0, 3.0}, at::kFloat, {1, 1, 2}), total({2.5}, at::kFloat, {1}), g1({5.0}, at::kFloat, {1});
    Dev out(std::vector<double>(6, 9.0), at::kFloat, {1, 3, 1, 2});
    ASSERT_EQ(run(g2, 0, -100, total, out), 0) << LastError();
    // layout [c][w]: c=0: {0, -0.5*3}, c=1: {0, 0}, c=2: {-2*1, 0}
    ExpectClose(out.Storage(), Vec({0, -1.5, 0, 0, -2, 0}), 0, 0);
    ASSERT_EQ(run(g1, 1, -100, total, out), 0) << LastError();
    ExpectClose(out.Storage(), Vec({0, -0.5 * 5 / 2.5, 0, 0, -2 * 5 / 2.5, 0}), 1e-6, 0);
    ASSERT_EQ(run(g1, 2, 2, total, out), 0) << LastError();
    ExpectClose(out.Storage(), Vec({0, -2.5, 0, 0, 0, 0}), 0, 0);
    ExpectClose(total.Storage(), Vec({2.5}), 0, 0);  // read, not written
    Dev flat(std::vector<double>(6), at::kFloat, {3, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnNLLLoss2dBackwardGetWorkspaceSize(g2.t, flat.t, target.t, weight.t, 0, -100, total.t, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Input tensor should be 4D.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnNLLLoss2dBackwardGetWorkspaceSize(g2.t, self.t, target.t, weight.t, 0, -100, total.t, flat.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Shape of Out tensor should be [1,3,1,2], but current is [3,2].");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnNLLLoss2dBackwardGetWorkspaceSize(g2.t, self.t, target.t, weight.t, 0, -100, nullptr, nullptr, ws,
                                                      ex);
    }, ACLNN_ERR_PARAM_NULLPTR, "argument out.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnNLLLoss2dBackwardGetWorkspaceSize(g2.t, self.t, target.t, weight.t, 1, -100, total.t, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Expected a single element grad_output tensor, but got: [1,1,2]");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnNLLLoss2dBackwardGetWorkspaceSize(g1.t, self.t, target.t, weight.t, 3, -100, total.t, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Reduction should be between 0 and 2, but current is 3.");
}

// ================================================================================ ScaledMaskedSoftmax (vfusion)

// x [1,2,1,3], mask [1,1,1,3] = {false, true, false} broadcast over dim 1: the masked column gets -10000.
TEST(ReferenceNnActivationScaledMaskedSoftmax, Values) {
    const std::vector<double> x = {1.0, 5.0, 2.0, -1.0, 0.0, 3.0};
    Dev xs(x, at::kFloat, {1, 2, 1, 3}), mask({0, 1, 0}, at::kBool, {1, 1, 1, 3});
    Dev y(std::vector<double>(6, 9.0), at::kFloat, {1, 2, 1, 3});
    auto call = [&](double scale, bool triu, const aclTensor* m) {
        return [=, &xs, &y](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnScaledMaskedSoftmaxGetWorkspaceSize(xs.t, m, scale, triu, y.t, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(call(0.5, false, mask.t), aclnnScaledMaskedSoftmax), 0) << LastError();
    std::vector<double> want;
    for (int r = 0; r < 2; ++r) {
        const double a = x[r * 3] * 0.5, c = x[r * 3 + 2] * 0.5, b = -10000.0;
        const double z = std::exp(a) + std::exp(b) + std::exp(c);
        want.push_back(std::exp(a) / z);
        want.push_back(std::exp(b) / z);
        want.push_back(std::exp(c) / z);
    }
    ExpectClose(y.Storage(), Vec(want));
    ExpectFails(call(0.5, true, mask.t), ACLNN_ERR_PARAM_INVALID, "the param fixedTriuMask only suppport false.");
    ExpectFails(call(0.5, false, nullptr), ACLNN_ERR_INNER_NULLPTR, "argument mask.");
    Dev m3({0, 1, 0}, at::kBool, {1, 3});
    ExpectFails(call(0.5, false, m3.t), ACLNN_ERR_PARAM_INVALID, "Expected 4 dimension input, but got mask with sizes [1,3].");
    Dev m2({0, 1, 0, 0, 1, 0, 0, 0, 0}, at::kBool, {3, 1, 1, 3});
    ExpectFails(call(0.5, false, m2.t), ACLNN_ERR_PARAM_INVALID, "different in the first dimensions");
    Dev fm({0, 1, 0}, at::kFloat, {1, 1, 1, 3});
    ExpectFails(call(0.5, false, fm.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor mask not implemented for DT_FLOAT, should be in dtype support list DT_BOOL.");
}

// g [1,1,1,3], y a softmax row, mask {false, false, true}: scale * (g*y - sum(g*y) * y), 0 where masked.
TEST(ReferenceNnActivationScaledMaskedSoftmax, Backward) {
    const std::vector<double> g = {1.0, -2.0, 0.5}, y = {0.2, 0.3, 0.5};
    Dev gd(g, at::kFloat, {1, 1, 1, 3}), yd(y, at::kFloat, {1, 1, 1, 3}), mask({0, 0, 1}, at::kBool, {1, 1, 1, 3});
    Dev out(std::vector<double>(3, 9.0), at::kFloat, {1, 1, 1, 3});
    auto call = [&](bool triu, aclTensor* o) {
        return [=, &gd, &yd, &mask](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnScaledMaskedSoftmaxBackwardGetWorkspaceSize(gd.t, yd.t, mask.t, 2.0, triu, o, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(call(false, out.t), aclnnScaledMaskedSoftmaxBackward), 0) << LastError();
    const double sum = g[0] * y[0] + g[1] * y[1] + g[2] * y[2];
    ExpectClose(out.Storage(), Vec({2 * (g[0] * y[0] - sum * y[0]), 2 * (g[1] * y[1] - sum * y[1]), 0.0}));
    ExpectFails(call(true, out.t), ACLNN_ERR_PARAM_INVALID, "fixTriuMask only support false");
    Dev hout(std::vector<double>(3), at::kHalf, {1, 1, 1, 3});
    ExpectFails(call(false, hout.t), ACLNN_ERR_PARAM_INVALID, "Expected out to have gradOutput's dtype DT_FLOAT");
    Dev bad(std::vector<double>(3), at::kFloat, {1, 1, 3, 1});
    ExpectFails(call(false, bad.t), ACLNN_ERR_PARAM_INVALID,
                "shape of out should equal to gradOutput, gradOutput is [1,1,1,3], out is [1,1,3,1]");
}

// ================================================================================ Modulate (vfusion)

// self [1,2,2], scale and shift [1,2] (and [1,1,2]) broadcast over L: out = self * (1 + scale) + shift.
TEST(ReferenceNnActivationModulate, ValuesAndChecks) {
    Dev self({1.0, 2.0, 3.0, 4.0}, at::kFloat, {1, 2, 2});
    Dev scale({0.5, -1.0}, at::kFloat, {1, 2}), shift({10.0, 20.0}, at::kFloat, {1, 1, 2});
    Dev out(std::vector<double>(4, 9.0), at::kFloat, {1, 2, 2});
    auto call = [&](const aclTensor* sc, const aclTensor* sh, aclTensor* o) {
        return [=, &self](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnModulateGetWorkspaceSize(self.t, sc, sh, o, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(call(scale.t, shift.t, out.t), aclnnModulate), 0) << LastError();
    ExpectClose(out.Storage(), Vec({1.5 + 10, 0 + 20, 4.5 + 10, 0 + 20}), 0, 0);
    ExpectFails(call(nullptr, shift.t, out.t), ACLNN_ERR_PARAM_INVALID, "scaleOptional and shiftOptional can not be nullptr");
    Dev hs({0.5, -1.0}, at::kHalf, {1, 2});
    ExpectFails(call(hs.t, shift.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "The dtype of self [DT_FLOAT], scaleOptional [DT_FLOAT16] need to be the same.");
    Dev bad({0.5, -1.0}, at::kFloat, {1, 2, 1});
    ExpectFails(call(scale.t, bad.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "The first and last dimension of self and shiftOptional must be the same.");
    Dev s3({0.5, -1.0, 0.5, -1.0}, at::kFloat, {1, 2, 2});
    ExpectFails(call(s3.t, shift.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "when the dimension of scaleOptional is 3, the second dimension must be 1.");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dev x2({1.0, 2.0}, at::kFloat, {1, 1, 2}), sc2({0.5, 1.0}, at::kFloat, {1, 2}), o2(std::vector<double>(2), at::kFloat, {1, 1, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnModulateGetWorkspaceSize(x2.t, sc2.t, sc2.t, o2.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_FLOAT");
}

// grad_input = g * scale (the kernel's: not 1 + scale), grad_scale = sum_L g * input, grad_shift = sum_L g.
TEST(ReferenceNnActivationModulate, Backward) {
    const std::vector<double> g = {1.0, 2.0, 3.0, 4.0}, x = {0.5, -1.0, 2.0, 0.25};
    Dev gd(g, at::kFloat, {1, 2, 2}), xd(x, at::kFloat, {1, 2, 2});
    Dev scale({2.0, -3.0}, at::kFloat, {1, 2}), shift({0.0, 0.0}, at::kFloat, {1, 2});
    Dev gi(std::vector<double>(4, 9.0), at::kFloat, {1, 2, 2}), gs(std::vector<double>(2, 9.0), at::kFloat, {1, 2});
    Dev gh(std::vector<double>(2, 9.0), at::kFloat, {1, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnModulateBackwardGetWorkspaceSize(gd.t, xd.t, scale.t, shift.t, gi.t, gs.t, gh.t, ws, ex);
              }, aclnnModulateBackward),
              0)
        << LastError();
    ExpectClose(gi.Storage(), Vec({2.0, -6.0, 6.0, -12.0}), 0, 0);
    ExpectClose(gs.Storage(), Vec({1.0 * 0.5 + 3.0 * 2.0, 2.0 * -1.0 + 4.0 * 0.25}), 0, 0);
    ExpectClose(gh.Storage(), Vec({4.0, 6.0}), 0, 0);
    // no scale: grad_input is grad_output
    Dev gi2(std::vector<double>(4, 9.0), at::kFloat, {1, 2, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnModulateBackwardGetWorkspaceSize(gd.t, xd.t, nullptr, shift.t, gi2.t, nullptr, gh.t, ws, ex);
              }, aclnnModulateBackward),
              0)
        << LastError();
    ExpectClose(gi2.Storage(), Vec(g), 0, 0);
    Dev s3({2.0, -3.0}, at::kFloat, {1, 1, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnModulateBackwardGetWorkspaceSize(gd.t, xd.t, s3.t, shift.t, gi.t, gs.t, gh.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "scale dim is not equal 2");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnModulateBackwardGetWorkspaceSize(gd.t, xd.t, scale.t, shift.t, nullptr, gs.t, gh.t, ws, ex);
    }, ACLNN_ERR_PARAM_NULLPTR, "argument grad_input.");
}

// ================================================================================ ApplyAdamW (nn_optim)

struct AdamWState {
    std::vector<double> var = {1.0, -2.0, 0.5, 3.0};
    std::vector<double> m = {0.1, 0.0, -0.2, 0.3};
    std::vector<double> v = {0.01, 0.02, 0.0, 0.04};
    std::vector<double> grad = {0.5, -1.0, 0.25, 2.0};
    std::vector<double> mgn = {0.5, 0.0, 0.5, 0.0};
};

// The golden's step in double: (var', m', v').
void AdamWExpect(const AdamWState& s, double b1p, double b2p, double lr, double wd, double b1, double b2, double eps,
                 bool amsgrad, bool maximize, std::vector<double>* var, std::vector<double>* m, std::vector<double>* v) {
    var->clear(); m->clear(); v->clear();
    for (size_t i = 0; i < s.var.size(); ++i) {
        const double g = maximize ? -s.grad[i] : s.grad[i];
        const double mo = s.m[i] * b1 + (1 - b1) * g;
        const double vo = s.v[i] * b2 + (1 - b2) * g * g;
        const double b1o = b1p * b1, b2o = b2p * b2;
        const double sv = amsgrad ? std::max(s.mgn[i], vo) : vo;
        const double denom = std::sqrt(sv / (1 - b2o)) + eps;
        var->push_back(s.var[i] * (1 - lr * wd) - lr * mo / (1 - b1o) / denom);
        m->push_back(mo);
        v->push_back(vo);
    }
}

TEST(ReferenceNnActivationApplyAdamW, StepAndAttributes) {
    const AdamWState st;
    for (bool amsgrad : {false, true}) {
        for (bool maximize : {false, true}) {
            Dev var(st.var, at::kFloat, {2, 2}), m(st.m, at::kFloat, {2, 2}), v(st.v, at::kFloat, {2, 2});
            Dev b1p({0.9}, at::kFloat, {1}), b2p({0.999}, at::kFloat, {1}), lr({0.1}, at::kFloat, {1});
            Dev wd({0.01}, at::kFloat, {1}), b1({0.9}, at::kFloat, {1}), b2({0.999}, at::kFloat, {1});
            Dev eps({1e-8}, at::kFloat, {1}), grad(st.grad, at::kFloat, {2, 2}), mgn(st.mgn, at::kFloat, {2, 2});
            ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                          return aclnnApplyAdamWGetWorkspaceSize(var.t, m.t, v.t, b1p.t, b2p.t, lr.t, wd.t, b1.t, b2.t,
                                                                 eps.t, grad.t, mgn.t, amsgrad, maximize, ws, ex);
                      }, aclnnApplyAdamW),
                      0)
                << LastError();
            std::vector<double> ev, em, evv;
            AdamWExpect(st, 0.9, 0.999, 0.1, 0.01, 0.9, 0.999, 1e-8, amsgrad, maximize, &ev, &em, &evv);
            ExpectClose(var.Storage(), Vec(ev), 1e-5, 1e-6);
            ExpectClose(m.Storage(), Vec(em), 1e-6, 1e-7);
            ExpectClose(v.Storage(), Vec(evv), 1e-6, 1e-7);
            ExpectClose(mgn.Storage(), Vec(st.mgn), 0, 0);  // read, not written
            ExpectClose(b1p.Storage(), Vec({static_cast<float>(0.9)}), 0, 0);
        }
    }
}

TEST(ReferenceNnActivationApplyAdamW, Checks) {
    Dev var(std::vector<double>(4, 1.0), at::kFloat, {2, 2}), m(std::vector<double>(4), at::kFloat, {2, 2});
    Dev v(std::vector<double>(4), at::kFloat, {2, 2}), one({0.9}, at::kFloat, {1});
    Dev grad(std::vector<double>(4), at::kFloat, {2, 2}), two({0.9, 0.9}, at::kFloat, {2});
    Dev hgrad(std::vector<double>(4), at::kHalf, {2, 2}), m3(std::vector<double>(3), at::kFloat, {3});
    Dev hmgn(std::vector<double>(4), at::kHalf, {2, 2});
    auto call = [&](aclTensor* vr, const aclTensor* lr, const aclTensor* g, const aclTensor* mg, aclTensor* mr,
                    bool amsgrad) {
        return [=, &v, &one](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnApplyAdamWGetWorkspaceSize(vr, mr, v.t, one.t, one.t, lr, one.t, one.t, one.t, one.t, g, mg,
                                                   amsgrad, false, ws, ex);
        };
    };
    ExpectFails(call(nullptr, one.t, grad.t, nullptr, m.t, false), ACLNN_ERR_PARAM_NULLPTR, "argument varRef.");
    ExpectFails(call(var.t, nullptr, grad.t, nullptr, m.t, false), ACLNN_ERR_PARAM_NULLPTR, "argument lr.");
    ExpectFails(call(var.t, one.t, grad.t, nullptr, m.t, true), ACLNN_ERR_PARAM_NULLPTR,
                "argument maxGradNormOptional.");
    ExpectFails(call(var.t, one.t, hgrad.t, nullptr, m.t, false), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found varRef DT_FLOAT and grad DT_FLOAT16.");
    ExpectFails(call(var.t, one.t, grad.t, hmgn.t, m.t, false), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found varRef DT_FLOAT and maxGradNormOptional "
                "DT_FLOAT16.");
    ExpectFails(call(var.t, one.t, grad.t, nullptr, m3.t, false), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for mRef to have same size as tensor for varRef, but [3] does not equal [2,2].");
    ExpectFails(call(var.t, two.t, grad.t, nullptr, m.t, false), ACLNN_ERR_PARAM_INVALID,
                "Expected lr to hold one element, but it holds 2.");
    // the Ascend910 (DAV_1001) list has no BF16; the Ascend310P (default arch) list has
    for (l1ref::Profile p : {l1ref::Profile::kAscend910, l1ref::Profile::kAscend310P}) {
        aclcpu_test::ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        Dev bv(std::vector<double>(2, 1.0), at::kBFloat16, {2}), bm(std::vector<double>(2), at::kBFloat16, {2});
        Dev bvv(std::vector<double>(2), at::kBFloat16, {2}), bs({0.5}, at::kBFloat16, {1});
        Dev bg(std::vector<double>(2, 0.5), at::kBFloat16, {2});
        const int st = RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnApplyAdamWGetWorkspaceSize(bv.t, bm.t, bvv.t, bs.t, bs.t, bs.t, bs.t, bs.t, bs.t, bs.t, bg.t,
                                                   nullptr, false, false, ws, ex);
        }, aclnnApplyAdamW);
        EXPECT_EQ(st, p == l1ref::Profile::kAscend910 ? ACLNN_ERR_PARAM_INVALID : 0) << LastError();
    }
}

// ================================================================================ ApplyAdamWV2 (nn_optim)

TEST(ReferenceNnActivationApplyAdamWV2, StepAndAttributes) {
    const AdamWState st;
    const double lr = 0.1, b1 = 0.9, b2 = 0.99, wd = 0.05, eps = 1e-6, step = 3;
    for (bool amsgrad : {false, true}) {
        for (bool maximize : {false, true}) {
            Dev var(st.var, at::kFloat, {4}), m(st.m, at::kFloat, {4}), v(st.v, at::kFloat, {4});
            Dev mgn(st.mgn, at::kFloat, {4}), grad(st.grad, at::kFloat, {4}), stp({step}, at::kLong, {1});
            ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                          return aclnnApplyAdamWV2GetWorkspaceSize(var.t, m.t, v.t, mgn.t, grad.t, stp.t, lr, b1, b2, wd,
                                                                   eps, amsgrad, maximize, ws, ex);
                      }, aclnnApplyAdamWV2),
                      0)
                << LastError();
            const double t = step + 1, bc1 = 1 - std::pow(b1, t), bc2 = 1 - std::pow(b2, t);
            std::vector<double> ev, em, evv, emg;
            for (size_t i = 0; i < 4; ++i) {
                const double g = maximize ? -st.grad[i] : st.grad[i];
                const double mo = st.m[i] + (g - st.m[i]) * (1 - b1);
                const double vo = st.v[i] * b2 + g * g * (1 - b2);
                const double mg = amsgrad ? std::max(st.mgn[i], vo) : st.mgn[i];
                const double s = amsgrad ? mg : vo;
                const double denom = std::sqrt(s) / std::sqrt(bc2) + eps;
                ev.push_back(st.var[i] * (1 - lr * wd) - lr / bc1 * mo / denom);
                em.push_back(mo);
                evv.push_back(vo);
                emg.push_back(mg);
            }
            ExpectClose(var.Storage(), Vec(ev), 1e-5, 1e-6);
            ExpectClose(m.Storage(), Vec(em), 1e-6, 1e-7);
            ExpectClose(v.Storage(), Vec(evv), 1e-6, 1e-7);
            ExpectClose(mgn.Storage(), Vec(emg), 1e-6, 1e-7);
            ExpectClose(stp.Storage(), Vec({step}), 0, 0);  // step not written
        }
    }
}

// FLOAT states with a FLOAT16 grad and maxGradNorm (the kernel's mixed path); no maxGradNorm without amsgrad.
TEST(ReferenceNnActivationApplyAdamWV2, MixedDtypesAndChecks) {
    Dev var({1.0, 2.0}, at::kFloat, {2}), m({0.0, 0.0}, at::kFloat, {2}), v({0.0, 0.0}, at::kFloat, {2});
    Dev grad({0.5, -0.5}, at::kHalf, {2}), stp({0.0}, at::kFloat, {1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnApplyAdamWV2GetWorkspaceSize(var.t, m.t, v.t, nullptr, grad.t, stp.t, 0.1f, 0.9f, 0.999f,
                                                           0.0f, 1e-8f, false, false, ws, ex);
              }, aclnnApplyAdamWV2),
              0)
        << LastError();
    // first step: m/bc1 = g, sqrt(v/bc2) = |g|: var - lr * sign(g)
    ExpectClose(var.Storage(), Vec({0.9, 2.1}), 1e-5, 1e-6);
    Dev stp2({0.0, 1.0}, at::kFloat, {2}), istp({1}, at::kInt, {1});
    auto call = [&](const aclTensor* mg, const aclTensor* s, bool amsgrad) {
        return [=, &var, &m, &v, &grad](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnApplyAdamWV2GetWorkspaceSize(var.t, m.t, v.t, const_cast<aclTensor*>(mg), grad.t, s, 0.1f,
                                                     0.9f, 0.999f, 0.0f, 1e-8f, amsgrad, false, ws, ex);
        };
    };
    ExpectFails(call(nullptr, stp.t, true), ACLNN_ERR_PARAM_NULLPTR, "argument maxGradNormOptionalRef.");
    ExpectFails(call(nullptr, nullptr, false), ACLNN_ERR_PARAM_NULLPTR, "argument step.");
    ExpectFails(call(nullptr, istp.t, false), ACLNN_ERR_PARAM_INVALID,
                "Tensor step not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_INT64.");
    ExpectFails(call(nullptr, stp2.t, false), ACLNN_ERR_PARAM_INVALID, "Numel of step must be 1, but got 2.");
    Dev mg3(std::vector<double>(3), at::kFloat, {3});
    ExpectFails(call(mg3.t, stp.t, false), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for maxGradNormOptionalRef to have same size as tensor for varRef, but [3] does not "
                "equal [2].");
}

}  // namespace nn_activation_reference_test
