// The nn_misc family's reference-tier operators through the public API (ops/families/nn_misc.yaml;
// docs/ops/nn_misc.md): each formula against an expectation computed here independently (closed forms in double,
// not the library's helpers), each attribute's mapping (Elu's alpha / scale / inputScale and its Inf/NaN path,
// EluBackward's isResult, Selu's INT8 path, the softmax gradients' dim), and the checks in CANN's order with its
// codes and messages (null -> 161001; refused dtypes and shapes, per product where the lists differ -> 161002).
// The table-driven suite (reference_table_test.cpp) runs each entry's cases on transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "aclnnop/aclnn_celu.h"
#include "aclnnop/aclnn_elu.h"
#include "aclnnop/aclnn_elu_backward.h"
#include "aclnnop/aclnn_fast_gelu.h"
#include "aclnnop/aclnn_fast_gelu_backward.h"
#include "aclnnop/aclnn_glu.h"
#include "aclnnop/aclnn_glu_backward.h"
#include "aclnnop/aclnn_logsigmoid_backward.h"
#include "aclnnop/aclnn_logsoftmax_backward.h"
#include "aclnnop/aclnn_mish_backward.h"
#include "aclnnop/aclnn_selu.h"
#include "aclnnop/aclnn_selu_backward.h"
#include "aclnnop/aclnn_shrink.h"
#include "aclnnop/aclnn_silu_backward.h"
#include "aclnnop/aclnn_softmax_backward.h"
#include "aclnnop/aclnn_softplus_backward.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace nn_misc_reference_test {

using aclcpu_test::AclOf;
using aclcpu_test::Dev;

using aclcpu_test::DeviceBuffer;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;
using aclcpu_test::Scalar;

const std::vector<double> kX = {-3.0, -1.5, -0.5, 0.0, 0.25, 1.0, 2.5, 4.0};

at::Tensor Map(const std::vector<double>& xs, const std::function<double(double)>& f) {
    std::vector<double> v;
    for (double x : xs) v.push_back(f(x));
    return at::tensor(v, at::kDouble);
}

/// Two vectors element by element.
at::Tensor Map2(const std::vector<double>& a, const std::vector<double>& b,
                const std::function<double(double, double)>& f) {
    std::vector<double> v;
    for (size_t i = 0; i < a.size(); ++i) v.push_back(f(a[i], b[i]));
    return at::tensor(v, at::kDouble);
}

void ExpectClose(const at::Tensor& got, const at::Tensor& want, double rtol = 1e-6, double atol = 1e-6) {
    ASSERT_EQ(got.sizes(), want.sizes());
    EXPECT_TRUE(at::allclose(got, want, rtol, atol, /*equal_nan=*/true)) << "got:\n" << got << "\nwant:\n" << want;
}

// ---- the closed forms, in double
double EluOf(double x, double alpha, double scale, double inputScale) {
    return x > 0 ? scale * x : scale * alpha * (std::exp(inputScale * x) - 1.0);
}
constexpr double kSeluAlpha = 1.6732632423543772848170429916717;
constexpr double kSeluScale = 1.0507009873554804934193349852946;
double SeluOf(double x) { return EluOf(x, kSeluAlpha, kSeluScale, 1.0); }

// ================================================================================ Elu

int Elu(const aclTensor* s, const aclScalar* a, const aclScalar* sc, const aclScalar* is, aclTensor* o) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnEluGetWorkspaceSize(s, a, sc, is, o, ws, ex); }, aclnnElu);
}

// alpha, scale and inputScale each in its place (a transposed self: [2,4] over a [4,2] storage).
TEST(ReferenceElu, AttributeMappingOnTransposedView) {
    Dev self(kX, at::kFloat, {2, 4}, {1, 2});
    const at::Tensor xt = at::tensor(kX, at::kDouble).view({4, 2}).t().contiguous();
    const std::vector<double> xs(xt.data_ptr<double>(), xt.data_ptr<double>() + 8);
    struct P { float a, s, i; };
    for (const P& p : {P{1.0f, 1.0f, 1.0f}, P{0.5f, 1.0f, 1.0f}, P{1.0f, 2.0f, 1.0f}, P{1.0f, 1.0f, 1.5f},
                       P{-0.5f, 0.75f, 2.0f}}) {
        Scalar a(p.a), s(p.s), i(p.i);
        Dev out(std::vector<double>(8, 9.0), at::kFloat, {2, 4});
        ASSERT_EQ(Elu(self.t, a.s, s.s, i.s, out.t), 0) << LastError();
        ExpectClose(out.Storage(), Map(xs, [&](double x) { return EluOf(x, p.a, p.s, p.i); }));
    }
    // the three attributes are distinguishable: alpha and scale at x = 2.5, inputScale and alpha at x = -1.5
    EXPECT_NE(EluOf(2.5, 0.5, 1, 1), EluOf(2.5, 1, 0.5, 1));
    EXPECT_NE(EluOf(-1.5, 1, 1, 0.5), EluOf(-1.5, 0.5, 1, 1));
}

// An Inf or NaN alpha or inputScale: the op_api's Threshold path - self where self > 0, else -alpha - times scale
// (ATen's elu would give NaN at 0 with an infinite inputScale).
TEST(ReferenceElu, InfNanPath) {
    Dev self(kX, at::kFloat, {8});
    const float inf = std::numeric_limits<float>::infinity();
    Scalar a(0.5f), s(2.0f), i(inf);
    Dev out(std::vector<double>(8, 9.0), at::kFloat, {8});
    ASSERT_EQ(Elu(self.t, a.s, s.s, i.s, out.t), 0) << LastError();
    ExpectClose(out.Storage(), Map(kX, [](double x) { return x > 0 ? 2.0 * x : -1.0; }));
    // a NaN alpha: -NaN * scale where self <= 0
    Scalar nan_a(std::numeric_limits<float>::quiet_NaN()), one(1.0f);
    Dev out2(std::vector<double>(8, 9.0), at::kFloat, {8});
    ASSERT_EQ(Elu(self.t, nan_a.s, s.s, one.s, out2.t), 0) << LastError();
    const at::Tensor got = out2.Storage();
    for (int k = 0; k < 8; ++k) {
        if (kX[k] > 0) EXPECT_DOUBLE_EQ(got[k].item<double>(), 2.0 * kX[k]);
        else EXPECT_TRUE(std::isnan(got[k].item<double>())) << k;
    }
}

// FLOAT16: computed in float32, rounded once; a FLOAT out gets that FLOAT16 value.
TEST(ReferenceElu, Float16RoundedThenCastToOut) {
    Dev self(kX, at::kHalf, {8});
    Scalar a(1.0f), s(1.0f), i(1.0f);
    Dev out(std::vector<double>(8, 9.0), at::kFloat, {8});
    ASSERT_EQ(Elu(self.t, a.s, s.s, i.s, out.t), 0) << LastError();
    ExpectClose(out.Storage(), Map(kX, [](double x) { return EluOf(x, 1, 1, 1); }).to(at::kHalf).to(at::kDouble), 0, 1e-3);
    // a FLOAT16 value: -1.5 -> -0.77686..., held as FLOAT16's nearest, not float32's
    EXPECT_EQ(out.Storage()[1].item<double>(), static_cast<double>(static_cast<float>(at::Half(static_cast<float>(EluOf(-1.5, 1, 1, 1))))));
}

TEST(ReferenceElu, InplaceOnOffsetView) {
    std::vector<double> storage = {7.0};
    storage.insert(storage.end(), kX.begin(), kX.end());
    Dev self(storage, at::kFloat, {8}, {1}, 1);
    Scalar a(0.5f), s(1.5f), i(1.0f);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnInplaceEluGetWorkspaceSize(self.t, a.s, s.s, i.s, ws, ex);
              }, aclnnInplaceElu),
              0)
        << LastError();
    const at::Tensor got = self.Storage();
    EXPECT_EQ(got[0].item<double>(), 7.0);
    ExpectClose(got.slice(0, 1), Map(kX, [](double x) { return EluOf(x, 0.5, 1.5, 1.0); }));
}

TEST(ReferenceElu, ChecksInCannOrder) {
    Dev self(kX, at::kFloat, {8});
    Dev out(std::vector<double>(8), at::kFloat, {8});
    Dev ints(kX, at::kInt, {8});
    Dev int_out(std::vector<double>(8), at::kInt, {8});
    Dev short_out(std::vector<double>(4), at::kFloat, {4});
    Dev big(std::vector<double>(1), at::kFloat, {1, 1, 1, 1, 1, 1, 1, 1, 1});
    Dev big_out(std::vector<double>(1), at::kFloat, {1, 1, 1, 1, 1, 1, 1, 1, 1});
    Scalar one(1.0f);
    const float cv[2] = {1.0f, 0.0f};
    Scalar c1(cv, ACL_COMPLEX64), c2(cv, ACL_COMPLEX64);
    auto elu = [](const aclTensor* s, const aclScalar* a, const aclScalar* sc, const aclScalar* i, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnEluGetWorkspaceSize(s, a, sc, i, o, ws, ex); };
    };
    ExpectFails(elu(nullptr, one.s, one.s, one.s, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(elu(self.t, nullptr, nullptr, one.s, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type number for argument alpha but instead found type null.");
    ExpectFails(elu(self.t, one.s, nullptr, one.s, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument scale");
    ExpectFails(elu(self.t, one.s, one.s, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument inputScale");
    ExpectFails(elu(self.t, one.s, one.s, one.s, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument out.");
    ExpectFails(elu(ints.t, c1.s, one.s, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_DOUBLE, DT_BF16.");
    // scale is checked before alpha, alpha before inputScale
    ExpectFails(elu(self.t, c1.s, c2.s, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "scale dtype DT_COMPLEX64 can not cast to float32.");
    ExpectFails(elu(self.t, c1.s, one.s, c2.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "alpha dtype DT_COMPLEX64 can not cast to float32.");
    ExpectFails(elu(self.t, one.s, one.s, c2.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "inputScale dtype DT_COMPLEX64 can not cast to float32.");
    ExpectFails(elu(self.t, one.s, one.s, one.s, int_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(elu(self.t, one.s, one.s, one.s, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as tensor for self, but [4] does not equal [8].");
    ExpectFails(elu(big.t, one.s, one.s, one.s, big_out.t), ACLNN_ERR_PARAM_INVALID,
                "The self tensor cannot be larger than 8 dimensions.");
    // the same list on the oldest product: BF16 accepted there
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dev bf(kX, at::kBFloat16, {8});
    Dev bf_out(std::vector<double>(8), at::kBFloat16, {8});
    EXPECT_EQ(Elu(bf.t, one.s, one.s, one.s, bf_out.t), 0) << LastError();
}

// ================================================================================ EluBackward

int EluBackward(const aclTensor* g, const aclScalar* a, const aclScalar* s, const aclScalar* i, bool isResult,
                const aclTensor* x, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnEluBackwardGetWorkspaceSize(g, a, s, i, isResult, x, o, ws, ex);
    }, aclnnEluBackward);
}

// isResult false: the derivative at the input; true: from Elu's result.
TEST(ReferenceEluBackward, IsResultMapping) {
    const std::vector<double> grads = {0.5, -1.0, 2.0, 1.5, -0.25, 3.0, 1.0, -2.0};
    Dev grad(grads, at::kFloat, {8});
    Dev x(kX, at::kFloat, {8});
    const double a = 0.5, s = 2.0, is = 1.5;
    Scalar alpha(0.5f), scale(2.0f), inputScale(1.5f);
    Dev out(std::vector<double>(8, 9.0), at::kFloat, {8});
    ASSERT_EQ(EluBackward(grad.t, alpha.s, scale.s, inputScale.s, false, x.t, out.t), 0) << LastError();
    ExpectClose(out.Storage(), Map2(grads, kX, [&](double g, double v) {
                    return v > 0 ? g * s : g * s * a * is * std::exp(is * v);
                }));
    // isResult: kX read as Elu's results (y <= 0 only where self <= 0)
    Dev out2(std::vector<double>(8, 9.0), at::kFloat, {8});
    ASSERT_EQ(EluBackward(grad.t, alpha.s, scale.s, inputScale.s, true, x.t, out2.t), 0) << LastError();
    ExpectClose(out2.Storage(), Map2(grads, kX, [&](double g, double y) {
                    return y > 0 ? g * s : g * is * (y + s * a);
                }));
}

TEST(ReferenceEluBackward, ChecksInCannOrder) {
    Dev grad(kX, at::kFloat, {8});
    Dev x(kX, at::kFloat, {8});
    Dev out(std::vector<double>(8), at::kFloat, {8});
    Dev half_x(kX, at::kHalf, {8});
    Dev dbl(kX, at::kDouble, {8});
    Dev int_out(std::vector<double>(8), at::kInt, {8});
    Dev short_x(std::vector<double>(4), at::kFloat, {4});
    Dev short_out(std::vector<double>(4), at::kFloat, {4});
    Scalar one(1.0f), neg(-0.5f);
    const float cv[2] = {1.0f, 0.0f};
    Scalar c(cv, ACL_COMPLEX64);
    auto eb = [](const aclTensor* g, const aclScalar* a, const aclScalar* s, bool r, const aclTensor* x,
                 aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnEluBackwardGetWorkspaceSize(g, a, s, s, r, x, o, ws, ex);
        };
    };
    uint64_t ws = 0;
    EXPECT_EQ(aclnnEluBackwardGetWorkspaceSize(nullptr, one.s, one.s, one.s, false, x.t, out.t, &ws, nullptr),
              ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    ExpectFails(eb(nullptr, one.s, one.s, false, x.t, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument gradOutput.");
    ExpectFails(eb(grad.t, nullptr, one.s, false, x.t, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument alpha ");
    ExpectFails(eb(grad.t, one.s, one.s, false, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument selfOrResult.");
    ExpectFails(eb(grad.t, one.s, one.s, false, x.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument gradInput.");
    ExpectFails(eb(grad.t, one.s, one.s, false, half_x.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found gradOutput DT_FLOAT and selfOrResult DT_FLOAT16.");
    ExpectFails(eb(dbl.t, one.s, one.s, false, dbl.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradOutput not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, "
                "DT_FLOAT16, DT_BF16.");
    ExpectFails(eb(grad.t, c.s, one.s, false, x.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "alpha dtype DT_COMPLEX64 can not cast to float32.");
    ExpectFails(eb(grad.t, one.s, c.s, false, x.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "scale dtype DT_COMPLEX64 can not cast to float32.");
    ExpectFails(eb(grad.t, one.s, one.s, false, x.t, int_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(eb(grad.t, one.s, one.s, false, short_x.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for selfOrResult to have same size as tensor for gradOutput, but [4] does not equal "
                "[8].");
    ExpectFails(eb(grad.t, one.s, one.s, false, x.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for gradInput to have same size as tensor for gradOutput, but [4] does not equal [8].");
    ExpectFails(eb(grad.t, neg.s, one.s, true, x.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "In-place elu backward calculation is triggered with a negative slope which is not supported.");
    // a negative alpha without isResult is fine
    Dev out2(std::vector<double>(8), at::kFloat, {8});
    EXPECT_EQ(EluBackward(grad.t, neg.s, one.s, one.s, false, x.t, out2.t), 0) << LastError();
}

// BF16 only on Ascend 950 and Atlas A2/A3 (DAV_2201 or regbase).
TEST(ReferenceEluBackward, Bf16PerProduct) {
    Dev grad(kX, at::kBFloat16, {8});
    Dev x(kX, at::kBFloat16, {8});
    Dev out(std::vector<double>(8), at::kBFloat16, {8});
    Scalar one(1.0f);
    EXPECT_EQ(EluBackward(grad.t, one.s, one.s, one.s, false, x.t, out.t), 0) << LastError();
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnEluBackwardGetWorkspaceSize(grad.t, one.s, one.s, one.s, false, x.t, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID,
                "Tensor gradOutput not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
}

// ================================================================================ Celu

int Celu(const aclTensor* s, const aclScalar* a, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCeluGetWorkspaceSize(s, a, o, ws, ex); },
                     aclnnCelu);
}

double CeluOf(double x, double alpha) { return std::max(0.0, x) + std::min(0.0, alpha * (std::exp(x / alpha) - 1.0)); }

TEST(ReferenceCelu, AlphaMapping) {
    Dev self(kX, at::kFloat, {8});
    for (float a : {1.0f, 0.5f, 2.0f, -1.5f}) {
        Scalar alpha(a);
        Dev out(std::vector<double>(8, 9.0), at::kFloat, {8});
        ASSERT_EQ(Celu(self.t, alpha.s, out.t), 0) << LastError();
        ExpectClose(out.Storage(), Map(kX, [&](double x) { return CeluOf(x, a); }));
    }
    EXPECT_NE(CeluOf(-1.5, 0.5), CeluOf(-1.5, 2.0));
    // in place, on a transposed view
    Dev t(kX, at::kFloat, {2, 4}, {1, 2});
    Scalar half(0.5f);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceCeluGetWorkspaceSize(t.t, half.s, ws, ex); },
                        aclnnInplaceCelu),
              0)
        << LastError();
    ExpectClose(t.Storage(), Map(kX, [](double x) { return CeluOf(x, 0.5); }));
}

TEST(ReferenceCelu, ChecksInCannOrder) {
    Dev self(kX, at::kFloat, {8});
    Dev out(std::vector<double>(8), at::kFloat, {8});
    Dev dbl(kX, at::kDouble, {8});
    Dev int_out(std::vector<double>(8), at::kInt, {8});
    Dev short_out(std::vector<double>(4), at::kFloat, {4});
    Scalar one(1.0f), zero(0.0f), nan(std::numeric_limits<float>::quiet_NaN());
    const float cv[2] = {1.0f, 0.0f};
    Scalar c(cv, ACL_COMPLEX64);
    auto celu = [](const aclTensor* s, const aclScalar* a, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnCeluGetWorkspaceSize(s, a, o, ws, ex); };
    };
    uint64_t ws = 0;
    EXPECT_EQ(aclnnCeluGetWorkspaceSize(nullptr, one.s, out.t, &ws, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    ExpectFails(celu(self.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type number for argument alpha but instead found type null.");
    ExpectFails(celu(dbl.t, c.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(celu(self.t, c.s, out.t), ACLNN_ERR_PARAM_INVALID, "alpha dtype DT_COMPLEX64 can not cast to float32.");
    ExpectFails(celu(self.t, zero.s, int_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(celu(self.t, zero.s, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as tensor for self, but [4] does not equal [8].");
    ExpectFails(celu(self.t, zero.s, out.t), ACLNN_ERR_PARAM_INVALID, "alpha cannot be 0 for CELU.");
    ExpectFails(celu(self.t, nan.s, out.t), ACLNN_ERR_PARAM_INVALID, "alpha cannot be 0 for CELU.");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev bf(kX, at::kBFloat16, {8});
    ExpectFails(celu(bf.t, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
}

// ================================================================================ FastGelu / FastGeluBackward

double FastGeluOf(double x) { return x / (1.0 + std::exp(-1.702 * x)); }
double FastGeluGradOf(double g, double x) {
    const double s = 1.0 / (1.0 + std::exp(-1.702 * x));
    return g * s * (1.0 + 1.702 * x * (1.0 - s));
}

TEST(ReferenceFastGelu, ValuesAndChecks) {
    Dev self(kX, at::kFloat, {2, 4}, {1, 2});
    Dev out(std::vector<double>(8, 9.0), at::kFloat, {2, 4});
    auto fg = [](const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnFastGeluGetWorkspaceSize(s, o, ws, ex); };
    };
    ASSERT_EQ(RunPhases(fg(self.t, out.t), aclnnFastGelu), 0) << LastError();
    const at::Tensor xt = at::tensor(kX, at::kDouble).view({4, 2}).t().contiguous();
    const std::vector<double> xs(xt.data_ptr<double>(), xt.data_ptr<double>() + 8);
    ExpectClose(out.Storage(), Map(xs, FastGeluOf));
    // not Gelu's tanh form: they differ by more than float32 rounding at x = 1
    EXPECT_GT(std::fabs(FastGeluOf(1.0) - 0.8411920), 1e-3);
    Dev half_out(std::vector<double>(8), at::kHalf, {2, 4});
    Dev dbl(kX, at::kDouble, {8});
    Dev dbl_out(std::vector<double>(8), at::kDouble, {8});
    Dev flat_out(std::vector<double>(8), at::kFloat, {8});
    Dev nz_out(std::vector<double>(8), at::kFloat, {2, 4});
    aclTensor* nz = aclCreateTensor(std::vector<int64_t>{2, 4}.data(), 2, ACL_FLOAT, std::vector<int64_t>{4, 1}.data(),
                                    0, ACL_FORMAT_NCHW, std::vector<int64_t>{8}.data(), 1, nz_out.buf.get());
    ExpectFails(fg(nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument self.");
    ExpectFails(fg(self.t, half_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_FLOAT16.");
    ExpectFails(fg(dbl.t, dbl_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(fg(self.t, flat_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [2,4] does not equal [8].");
    ExpectFails(fg(self.t, nz), ACLNN_ERR_PARAM_INVALID,
                "Format of self and out can't be different, self [ND], out [NCHW].");
    aclDestroyTensor(nz);
    // Ascend910: an empty list, every dtype refused
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(fg(self.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_FLOAT");
}

TEST(ReferenceFastGeluBackward, ValuesAndChecks) {
    const std::vector<double> grads = {0.5, -1.0, 2.0, 1.5, -0.25, 3.0, 1.0, -2.0};
    Dev grad(grads, at::kFloat, {8});
    Dev x(kX, at::kFloat, {8});
    Dev out(std::vector<double>(8, 9.0), at::kFloat, {8});
    auto fb = [](const aclTensor* g, const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnFastGeluBackwardGetWorkspaceSize(g, s, o, ws, ex); };
    };
    ASSERT_EQ(RunPhases(fb(grad.t, x.t, out.t), aclnnFastGeluBackward), 0) << LastError();
    ExpectClose(out.Storage(), Map2(grads, kX, FastGeluGradOf));
    Dev hx(kX, at::kHalf, {8});
    Dev hout(std::vector<double>(8), at::kHalf, {8});
    Dev short_x(std::vector<double>(4), at::kFloat, {4});
    ExpectFails(fb(grad.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument self.");
    ExpectFails(fb(grad.t, hx.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT16 and gradOutput DT_FLOAT.");
    ExpectFails(fb(grad.t, x.t, hout.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found gradOutput DT_FLOAT and gradInput DT_FLOAT16.");
    ExpectFails(fb(grad.t, short_x.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for gradOutput, but [4] does not equal [8].");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    ExpectFails(fb(grad.t, x.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor gradInput not implemented for DT_FLOAT");
}

// ================================================================================ Glu

auto GluCall(const aclTensor* s, int64_t dim, const aclTensor* o) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGluGetWorkspaceSize(s, dim, o, ws, ex); };
}

// dim picks the split: [2,4] split along 1 (a = columns 0-1, b = columns 2-3) or along 0 (a = row 0, b = row 1).
TEST(ReferenceGlu, DimMapping) {
    Dev self(kX, at::kFloat, {2, 4});
    auto sig = [](double v) { return 1.0 / (1.0 + std::exp(-v)); };
    Dev out1(std::vector<double>(4, 9.0), at::kFloat, {2, 2});
    ASSERT_EQ(RunPhases(GluCall(self.t, -1, out1.t), aclnnGlu), 0) << LastError();
    std::vector<double> want1;
    for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 2; ++j) want1.push_back(kX[i * 4 + j] * sig(kX[i * 4 + j + 2]));
    }
    ExpectClose(out1.Storage(), at::tensor(want1, at::kDouble));
    Dev out0(std::vector<double>(4, 9.0), at::kFloat, {1, 4});
    ASSERT_EQ(RunPhases(GluCall(self.t, 0, out0.t), aclnnGlu), 0) << LastError();
    std::vector<double> want0;
    for (int j = 0; j < 4; ++j) want0.push_back(kX[j] * sig(kX[4 + j]));
    ExpectClose(out0.Storage(), at::tensor(want0, at::kDouble));
}

TEST(ReferenceGlu, ChecksInCannOrder) {
    Dev self(kX, at::kFloat, {2, 4});
    Dev out(std::vector<double>(4), at::kFloat, {2, 2});
    Dev ints(kX, at::kInt, {2, 4});
    Dev int_out(std::vector<double>(4), at::kInt, {2, 2});
    Dev half_out(std::vector<double>(4), at::kHalf, {2, 2});
    Dev dbl_out(std::vector<double>(4), at::kDouble, {2, 2});
    Dev scalar(std::vector<double>{1.0}, at::kFloat, {});
    Dev odd(std::vector<double>(6), at::kFloat, {2, 3});
    Dev wrong(std::vector<double>(4), at::kFloat, {4});
    ExpectFails(GluCall(nullptr, 0, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument self.");
    ExpectFails(GluCall(ints.t, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_DOUBLE, DT_BF16.");
    ExpectFails(GluCall(self.t, 1, int_out.t), ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_INT32");
    ExpectFails(GluCall(scalar.t, 0, out.t), ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 1 dimensions.");
    ExpectFails(GluCall(self.t, 2, out.t), ACLNN_ERR_PARAM_INVALID,
                "Input dimension out of range (expected to be in range of [-2, 1], but got 2).");
    ExpectFails(GluCall(odd.t, 1, out.t), ACLNN_ERR_PARAM_INVALID,
                "Split dimension must be even, but dimension 1 is size 3.");
    ExpectFails(GluCall(self.t, 1, wrong.t), ACLNN_ERR_PARAM_INVALID, "The shape of out must be [2,2], but get [4].");
    EXPECT_EQ(RunPhases(GluCall(self.t, 1, half_out.t), aclnnGlu), 0) << LastError();
    EXPECT_EQ(RunPhases(GluCall(self.t, 1, dbl_out.t), aclnnGlu), 0) << LastError();
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev bf(kX, at::kBFloat16, {2, 4});
    ExpectFails(GluCall(bf.t, 1, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_DOUBLE.");
}

// ---- GluBackward

auto GluBCall(const aclTensor* g, const aclTensor* s, int64_t dim, const aclTensor* o) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGluBackwardGetWorkspaceSize(g, s, dim, o, ws, ex); };
}

// self [2,4] split along 1: a = columns 0-1, b = columns 2-3; out[a] = g * s, out[b] = g * s * (a - a * s).
TEST(ReferenceGluBackward, ValuesAlongDim) {
    Dev self(kX, at::kFloat, {2, 4});
    const std::vector<double> grads = {0.5, -1.0, 2.0, 1.5};
    Dev grad(grads, at::kFloat, {2, 2});
    Dev out(std::vector<double>(8, 9.0), at::kFloat, {2, 4});
    ASSERT_EQ(RunPhases(GluBCall(grad.t, self.t, 1, out.t), aclnnGluBackward), 0) << LastError();
    std::vector<double> want(8);
    for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 2; ++j) {
            const double a = kX[i * 4 + j], b = kX[i * 4 + j + 2], g = grads[i * 2 + j];
            const double s = 1.0 / (1.0 + std::exp(-b));
            want[i * 4 + j] = g * s;
            want[i * 4 + j + 2] = g * s * (a - a * s);
        }
    }
    ExpectClose(out.Storage(), at::tensor(want, at::kDouble));
}

TEST(ReferenceGluBackward, ChecksInCannOrder) {
    Dev self(kX, at::kFloat, {2, 4});
    Dev grad(std::vector<double>(4), at::kFloat, {2, 2});
    Dev out(std::vector<double>(8), at::kFloat, {2, 4});
    Dev hgrad(std::vector<double>(4), at::kHalf, {2, 2});
    Dev ints(kX, at::kInt, {2, 4});
    Dev odd(std::vector<double>(6), at::kFloat, {2, 3});
    Dev grad_wrong(std::vector<double>(4), at::kFloat, {4});
    Dev out_wrong(std::vector<double>(8), at::kFloat, {8});
    ExpectFails(GluBCall(nullptr, nullptr, 1, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument self.");
    ExpectFails(GluBCall(nullptr, self.t, 1, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument gradOut.");
    // Ascend 950 (the default profile) prints its own list order
    ExpectFails(GluBCall(grad.t, ints.t, 1, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_BF16, DT_DOUBLE.");
    ExpectFails(GluBCall(hgrad.t, self.t, 1, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradOut expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(GluBCall(grad.t, self.t, -3, out.t), ACLNN_ERR_PARAM_INVALID,
                "Dimension out of range (expected to be in range of [-2, 1], but got -3).");
    ExpectFails(GluBCall(grad.t, odd.t, 1, out.t), ACLNN_ERR_PARAM_INVALID,
                "Halving dimension must be even, but dimension 1 is size 3.");
    ExpectFails(GluBCall(grad_wrong.t, self.t, 1, out.t), ACLNN_ERR_PARAM_INVALID,
                "The shape of gradOut must be [2,2], but got [4].");
    ExpectFails(GluBCall(grad.t, self.t, 1, out_wrong.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as tensor for self, but [8] does not equal [2,4].");
    // Atlas A2/A3: BF16 last; Ascend910: no BF16
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        ExpectFails(GluBCall(grad.t, ints.t, 1, out.t), ACLNN_ERR_PARAM_INVALID,
                    "should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_DOUBLE, DT_BF16.");
    }
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(GluBCall(grad.t, ints.t, 1, out.t), ACLNN_ERR_PARAM_INVALID,
                "should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_DOUBLE.");
}

// ================================================================================ LogSigmoidBackward

auto LogSigB(const aclTensor* g, const aclTensor* x, const aclTensor* b, aclTensor* o) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSigmoidBackwardGetWorkspaceSize(g, x, b, o, ws, ex); };
}

TEST(ReferenceLogSigmoidBackward, ValuesAndChecks) {
    const std::vector<double> grads = {0.5, -1.0, 2.0, 1.5, -0.25, 3.0, 1.0, -2.0};
    Dev g(grads, at::kFloat, {8});
    Dev x(kX, at::kFloat, {8});
    Dev buffer(std::vector<double>(8, 123.0), at::kFloat, {8});
    Dev out(std::vector<double>(8, 9.0), at::kFloat, {8});
    ASSERT_EQ(RunPhases(LogSigB(g.t, x.t, buffer.t, out.t), aclnnLogSigmoidBackward), 0) << LastError();
    ExpectClose(out.Storage(), Map2(grads, kX, [](double gv, double v) { return gv / (1.0 + std::exp(v)); }));
    Dev hx(kX, at::kHalf, {8});
    Dev dg(kX, at::kDouble, {8});
    Dev hout(std::vector<double>(8), at::kHalf, {8});
    Dev short_g(std::vector<double>(4), at::kFloat, {4});
    uint64_t ws = 0;
    EXPECT_EQ(aclnnLogSigmoidBackwardGetWorkspaceSize(g.t, x.t, buffer.t, out.t, &ws, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    ExpectFails(LogSigB(g.t, x.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument buffer.");
    ExpectFails(LogSigB(dg.t, x.t, buffer.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradOutput not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT16, DT_FLOAT, DT_BF16.");
    ExpectFails(LogSigB(g.t, x.t, buffer.t, hout.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found gradOutput DT_FLOAT and gradInput DT_FLOAT16.");
    ExpectFails(LogSigB(g.t, hx.t, buffer.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT16 and gradInput DT_FLOAT.");
    ExpectFails(LogSigB(short_g.t, x.t, buffer.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for gradOutput to have same size as [8], but got [4].");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dev bf(kX, at::kBFloat16, {8});
    ExpectFails(LogSigB(bf.t, x.t, buffer.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradOutput not implemented for DT_BF16, should be in dtype support list DT_FLOAT16, DT_FLOAT.");
}

// ================================================================================ MishBackward

double MishGradOf(double g, double x) {
    const double t = std::tanh(std::log1p(std::exp(x)));
    const double s = 1.0 / (1.0 + std::exp(-x));
    return g * (t + x * s * (1.0 - t * t));
}

auto MishB(const aclTensor* g, const aclTensor* x, aclTensor* o) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnMishBackwardGetWorkspaceSize(g, x, o, ws, ex); };
}

// gradOutput [2, 1] broadcast against self [2, 4].
TEST(ReferenceMishBackward, ValuesBroadcast) {
    const std::vector<double> grads = {0.5, -2.0};
    Dev grad(grads, at::kFloat, {2, 1});
    Dev x(kX, at::kFloat, {2, 4});
    Dev out(std::vector<double>(8, 9.0), at::kFloat, {2, 4});
    ASSERT_EQ(RunPhases(MishB(grad.t, x.t, out.t), aclnnMishBackward), 0) << LastError();
    std::vector<double> want;
    for (int i = 0; i < 8; ++i) want.push_back(MishGradOf(grads[i / 4], kX[i]));
    ExpectClose(out.Storage(), at::tensor(want, at::kDouble));
}

TEST(ReferenceMishBackward, ChecksInCannOrder) {
    Dev g(kX, at::kFloat, {8});
    Dev x(kX, at::kFloat, {8});
    Dev out(std::vector<double>(8), at::kFloat, {8});
    Dev dx(kX, at::kDouble, {8});
    Dev int_out(std::vector<double>(8), at::kInt, {8});
    Dev g3(std::vector<double>(3), at::kFloat, {3});
    Dev out4(std::vector<double>(4), at::kFloat, {4});
    uint64_t ws = 0;
    EXPECT_EQ(aclnnMishBackwardGetWorkspaceSize(g.t, x.t, out.t, &ws, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    ExpectFails(MishB(g.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument self.");
    // self's cast to gradInput comes before the lists
    ExpectFails(MishB(g.t, x.t, int_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(MishB(g.t, dx.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(MishB(g3.t, x.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "The size of tensor self [8] must match the size of tensor gradOutput [3].");
    ExpectFails(MishB(g.t, x.t, out4.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for gradInput to have same size as [8], but got [4].");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev bf(kX, at::kBFloat16, {8});
    ExpectFails(MishB(bf.t, x.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradOutput not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
}

// ================================================================================ Selu

int Selu(const aclTensor* s, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSeluGetWorkspaceSize(s, o, ws, ex); },
                     aclnnSelu);
}

TEST(ReferenceSelu, FloatValuesOnStridedView) {
    std::vector<double> storage;
    for (double x : kX) { storage.push_back(x); storage.push_back(99.0); }
    Dev self(storage, at::kFloat, {8}, {2});
    Dev out(std::vector<double>(8, 9.0), at::kFloat, {8});
    ASSERT_EQ(Selu(self.t, out.t), 0) << LastError();
    ExpectClose(out.Storage(), Map(kX, SeluOf));
}

// INT32: computed in float32 and truncated toward zero (the golden's .to(int32)); INT8: the golden's FLOAT16
// steps, clipped to [-128, 127] (127 -> 133.4 clipped, not wrapped).
TEST(ReferenceSelu, IntegralPaths) {
    const std::vector<double> xs = {-3.0, -1.0, 0.0, 2.0, 4.0, 100.0};
    Dev self(xs, at::kInt, {6});
    Dev out(std::vector<double>(6), at::kInt, {6});
    ASSERT_EQ(Selu(self.t, out.t), 0) << LastError();
    ExpectClose(out.Storage(), Map(xs, [](double x) { return std::trunc(SeluOf(x)); }), 0, 0);
    const std::vector<double> x8 = {-3.0, -1.0, 0.0, 2.0, 100.0, 127.0, -128.0};
    Dev s8(x8, at::kChar, {7});
    Dev o8(std::vector<double>(7), at::kChar, {7});
    ASSERT_EQ(Selu(s8.t, o8.t), 0) << LastError();
    ExpectClose(o8.Storage(), at::tensor(std::vector<double>{-1, -1, 0, 2, 105, 127, -1}, at::kDouble), 0, 0);
}

TEST(ReferenceSelu, Inplace) {
    Dev self(kX, at::kFloat, {8});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceSeluGetWorkspaceSize(self.t, ws, ex); },
                        aclnnInplaceSelu),
              0)
        << LastError();
    ExpectClose(self.Storage(), Map(kX, SeluOf));
}

TEST(ReferenceSelu, ChecksPerProduct) {
    Dev self(kX, at::kFloat, {8});
    Dev out(std::vector<double>(8), at::kFloat, {8});
    Dev longs(kX, at::kLong, {8});
    Dev dbl_out(std::vector<double>(8), at::kDouble, {8});
    Dev short_out(std::vector<double>(4), at::kFloat, {4});
    Dev bf(kX, at::kBFloat16, {8});
    auto selu = [](const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSeluGetWorkspaceSize(s, o, ws, ex); };
    };
    ExpectFails(selu(nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(selu(self.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument out.");
    ExpectFails(selu(longs.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT64, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_INT32, DT_INT8, DT_BF16.");
    ExpectFails(selu(self.t, dbl_out.t), ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_DOUBLE");
    ExpectFails(selu(self.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [8] does not equal [4].");
    Dev bf_out(std::vector<double>(8), at::kBFloat16, {8});
    EXPECT_EQ(Selu(bf.t, bf_out.t), 0) << LastError();
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(selu(bf.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_INT32, DT_INT8.");
}

// ================================================================================ SeluBackward

TEST(ReferenceSeluBackward, ValuesAndChecks) {
    const std::vector<double> grads = {0.5, -1.0, 2.0, 1.5, -0.25, 3.0, 1.0, -2.0};
    Dev grad(grads, at::kFloat, {2, 4});
    Dev y(kX, at::kFloat, {2, 4});
    Dev out(std::vector<double>(8, 9.0), at::kFloat, {2, 4});
    auto sb = [](const aclTensor* g, const aclTensor* r, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSeluBackwardGetWorkspaceSize(g, r, o, ws, ex); };
    };
    ASSERT_EQ(RunPhases(sb(grad.t, y.t, out.t), aclnnSeluBackward), 0) << LastError();
    ExpectClose(out.Storage(), Map2(grads, kX, [](double g, double r) {
                    return r > 0 ? g * kSeluScale : g * (r + kSeluScale * kSeluAlpha);
                }), 1e-6, 1e-6);
    Dev half_y(kX, at::kHalf, {2, 4});
    Dev half_out(std::vector<double>(8), at::kHalf, {2, 4});
    Dev short_y(std::vector<double>(4), at::kFloat, {4});
    Dev short_out(std::vector<double>(4), at::kFloat, {4});
    Dev dg(kX, at::kDouble, {2, 4});
    ExpectFails(sb(grad.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "got null for argument result.");
    ExpectFails(sb(grad.t, half_y.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found gradOutput DT_FLOAT and result DT_FLOAT16.");
    ExpectFails(sb(grad.t, y.t, half_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found gradOutput DT_FLOAT and gradInput DT_FLOAT16.");
    ExpectFails(sb(dg.t, dg.t, dg.t), ACLNN_ERR_PARAM_INVALID, "Tensor gradOutput not implemented for DT_DOUBLE");
    ExpectFails(sb(grad.t, short_y.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for gradOutput to have same size as tensor for result, but [2,4] does not equal [4].");
    ExpectFails(sb(grad.t, y.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for gradOutput to have same size as tensor for gradInput");
}

// INT32: computed in float32, truncated.
TEST(ReferenceSeluBackward, Int32Truncated) {
    const std::vector<double> grads = {3, -2, 5, 1};
    const std::vector<double> ys = {-1, -1, 2, 0};
    Dev grad(grads, at::kInt, {4});
    Dev y(ys, at::kInt, {4});
    Dev out(std::vector<double>(4), at::kInt, {4});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnSeluBackwardGetWorkspaceSize(grad.t, y.t, out.t, ws, ex);
              }, aclnnSeluBackward),
              0)
        << LastError();
    ExpectClose(out.Storage(), Map2(grads, ys, [](double g, double r) {
                    return std::trunc(r > 0 ? g * kSeluScale : g * (r + kSeluScale * kSeluAlpha));
                }), 0, 0);
}

// ================================================================================ Shrink

double ShrinkOf(double x, double l, double b) { return x > l ? x - b : (x < -l ? x + b : 0.0); }

auto ShrinkCall(const aclTensor* s, const aclScalar* l, const aclScalar* b, aclTensor* o) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnShrinkGetWorkspaceSize(s, l, b, o, ws, ex); };
}

// lambd bounds the dead zone, bias moves the two live sides towards 0.
TEST(ReferenceShrink, LambdBiasMapping) {
    Dev self(kX, at::kFloat, {8});
    for (const auto& lb : std::vector<std::pair<float, float>>{{0.5f, 0.0f}, {1.0f, 0.25f}, {0.25f, 1.0f}, {0.0f, 0.5f}}) {
        Scalar l(lb.first), b(lb.second);
        Dev out(std::vector<double>(8, 9.0), at::kFloat, {8});
        ASSERT_EQ(RunPhases(ShrinkCall(self.t, l.s, b.s, out.t), aclnnShrink), 0) << LastError();
        ExpectClose(out.Storage(), Map(kX, [&](double x) { return ShrinkOf(x, lb.first, lb.second); }));
    }
    EXPECT_NE(ShrinkOf(-1.5, 1.0, 0.25), ShrinkOf(-1.5, 0.25, 1.0));
}

TEST(ReferenceShrink, ChecksInCannOrder) {
    Dev self(kX, at::kFloat, {8});
    Dev out(std::vector<double>(8), at::kFloat, {8});
    Dev bf(kX, at::kBFloat16, {8});
    Dev short_out(std::vector<double>(4), at::kFloat, {4});
    Dev nchw_out(std::vector<double>(8), at::kFloat, {8});
    aclTensor* nchw = aclCreateTensor(std::vector<int64_t>{8}.data(), 1, ACL_FLOAT, std::vector<int64_t>{1}.data(), 0,
                                      ACL_FORMAT_NCHW, std::vector<int64_t>{8}.data(), 1, nchw_out.buf.get());
    Scalar half(0.5f), zero(0.0f), neg(-0.5f);
    uint64_t ws = 0;
    EXPECT_EQ(aclnnShrinkGetWorkspaceSize(self.t, half.s, zero.s, out.t, &ws, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    ExpectFails(ShrinkCall(self.t, nullptr, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument lambd ");
    ExpectFails(ShrinkCall(self.t, half.s, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument bias ");
    ExpectFails(ShrinkCall(bf.t, half.s, zero.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
    ExpectFails(ShrinkCall(self.t, neg.s, zero.s, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [8] does not equal [4].");
    ExpectFails(ShrinkCall(self.t, neg.s, zero.s, nchw), ACLNN_ERR_PARAM_INVALID,
                "lambd should be greater or equal to 0, but found to be [-0.500000].");
    ExpectFails(ShrinkCall(self.t, half.s, zero.s, nchw), ACLNN_ERR_PARAM_INVALID,
                "Format of input and output should be equal, self [ND], output [NCHW].");
    aclDestroyTensor(nchw);
}

// ================================================================================ SiluBackward

double SiluGradOf(double g, double x) {
    const double s = 1.0 / (1.0 + std::exp(-x));
    return g * s * (1.0 + x * (1.0 - s));
}

auto SiluB(const aclTensor* g, const aclTensor* x, aclTensor* o) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSiluBackwardGetWorkspaceSize(g, x, o, ws, ex); };
}

TEST(ReferenceSiluBackward, Values) {
    const std::vector<double> grads = {0.5, -1.0, 2.0, 1.5, -0.25, 3.0, 1.0, -2.0};
    Dev grad(grads, at::kFloat, {8});
    Dev x(kX, at::kFloat, {8});
    Dev out(std::vector<double>(8, 9.0), at::kFloat, {8});
    ASSERT_EQ(RunPhases(SiluB(grad.t, x.t, out.t), aclnnSiluBackward), 0) << LastError();
    ExpectClose(out.Storage(), Map2(grads, kX, SiluGradOf));
}

// Atlas A2/A3: equal dtypes and shapes.
TEST(ReferenceSiluBackward, ChecksOffRegbase) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev g(kX, at::kFloat, {8});
    Dev x(kX, at::kFloat, {8});
    Dev out(std::vector<double>(8), at::kFloat, {8});
    Dev hx(kX, at::kHalf, {8});
    Dev dx(kX, at::kDouble, {8});
    Dev row(std::vector<double>(1), at::kFloat, {1});
    uint64_t ws = 0;
    EXPECT_EQ(aclnnSiluBackwardGetWorkspaceSize(g.t, x.t, out.t, &ws, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    ExpectFails(SiluB(g.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "got null for argument self.");
    ExpectFails(SiluB(g.t, dx.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT16, DT_FLOAT, DT_BF16.");
    ExpectFails(SiluB(g.t, hx.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT16 and gradInput DT_FLOAT.");
    ExpectFails(SiluB(row.t, x.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for gradOutput to have same size as [8], but got [1].");
}

// Ascend 950: mixed dtypes with a FLOAT gradInput, and broadcasting.
TEST(ReferenceSiluBackward, RegbaseMixedPrecisionAndBroadcast) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    const std::vector<double> grads = {0.5, -1.0, 2.0, 1.5};
    Dev g(grads, at::kHalf, {4, 1});
    Dev x(kX, at::kFloat, {2, 4});  // [4,1] with [2,4]: no broadcast
    Dev x4(std::vector<double>(kX.begin(), kX.begin() + 4), at::kFloat, {4});
    Dev out(std::vector<double>(16, 9.0), at::kFloat, {4, 4});
    Dev half_out(std::vector<double>(16), at::kHalf, {4, 4});
    Dev bad_out(std::vector<double>(4), at::kFloat, {4});
    ExpectFails(SiluB(g.t, x4.t, half_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradInput expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(SiluB(g.t, x.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "The size of tensor gradOutput [4,1] must match the size of tensor self [2,4].");
    ExpectFails(SiluB(g.t, x4.t, bad_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for gradInput to have same size as [4,4], but got [4].");
    ASSERT_EQ(RunPhases(SiluB(g.t, x4.t, out.t), aclnnSiluBackward), 0) << LastError();
    std::vector<double> want;
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 4; ++j) want.push_back(SiluGradOf(grads[i], kX[j]));
    }
    ExpectClose(out.Storage(), at::tensor(want, at::kDouble));
}

// Ascend910: BF16 refused after the dtype rules, naming self's dtype and the npuArch.
TEST(ReferenceSiluBackward, Bf16RefusedOnAscend910) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev g(kX, at::kBFloat16, {8});
    Dev x(kX, at::kBFloat16, {8});
    Dev out(std::vector<double>(8), at::kBFloat16, {8});
    ExpectFails(SiluB(g.t, x.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Self or gradOutput dtype DT_BF16 is unsupported by the current npuArch [1001].");
}

// ================================================================================ SoftplusBackward

double SoftplusGradOf(double g, double x, double beta, double threshold) {
    const double z = std::exp(beta * x);
    return beta * x > threshold ? g : g * z / (z + 1.0);
}

auto SoftplusB(const aclTensor* g, const aclTensor* x, const aclScalar* b, const aclScalar* t, aclTensor* o) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnSoftplusBackwardGetWorkspaceSize(g, x, b, t, o, ws, ex);
    };
}

// beta scales the input, threshold switches to the identity gradient where beta * x exceeds it; an INT32 self is
// cast to FLOAT with gradOutput.
TEST(ReferenceSoftplusBackward, BetaThresholdMapping) {
    const std::vector<double> grads = {0.5, -1.0, 2.0, 1.5, -0.25, 3.0, 1.0, -2.0};
    Dev grad(grads, at::kFloat, {8});
    Dev x(kX, at::kFloat, {8});
    for (const auto& bt : std::vector<std::pair<float, float>>{{1.0f, 20.0f}, {2.0f, 20.0f}, {1.0f, 0.5f}}) {
        Scalar beta(bt.first), threshold(bt.second);
        Dev out(std::vector<double>(8, 9.0), at::kFloat, {8});
        ASSERT_EQ(RunPhases(SoftplusB(grad.t, x.t, beta.s, threshold.s, out.t), aclnnSoftplusBackward), 0) << LastError();
        ExpectClose(out.Storage(), Map2(grads, kX, [&](double g, double v) {
                        return SoftplusGradOf(g, v, bt.first, bt.second);
                    }));
    }
    EXPECT_NE(SoftplusGradOf(1.0, 1.0, 1.0, 0.5), SoftplusGradOf(1.0, 1.0, 1.0, 20.0));
    const std::vector<double> ints = {-3, -1, 0, 2};
    Dev xi(ints, at::kInt, {4});
    Dev g4(std::vector<double>(grads.begin(), grads.begin() + 4), at::kFloat, {4});
    Dev out(std::vector<double>(4, 9.0), at::kFloat, {4});
    Scalar one(1.0f), twenty(20.0f);
    ASSERT_EQ(RunPhases(SoftplusB(g4.t, xi.t, one.s, twenty.s, out.t), aclnnSoftplusBackward), 0) << LastError();
    ExpectClose(out.Storage(), Map2(std::vector<double>(grads.begin(), grads.begin() + 4), ints,
                                    [](double g, double v) { return SoftplusGradOf(g, v, 1, 20); }));
}

TEST(ReferenceSoftplusBackward, ChecksPerProduct) {
    Dev g(kX, at::kFloat, {8});
    Dev x(kX, at::kFloat, {8});
    Dev out(std::vector<double>(8), at::kFloat, {8});
    Dev gi(kX, at::kInt, {8});
    Dev xl(kX, at::kLong, {8});
    Dev short_g(std::vector<double>(4), at::kFloat, {4});
    Dev short_out(std::vector<double>(4), at::kFloat, {4});
    Scalar one(1.0f), twenty(20.0f);
    uint64_t ws = 0;
    EXPECT_EQ(aclnnSoftplusBackwardGetWorkspaceSize(nullptr, x.t, one.s, twenty.s, out.t, &ws, nullptr),
              ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    ExpectFails(SoftplusB(g.t, nullptr, one.s, twenty.s, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument self.");
    ExpectFails(SoftplusB(gi.t, x.t, one.s, twenty.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradOutput not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_DOUBLE, DT_BF16.");
    EXPECT_EQ(RunPhases(SoftplusB(g.t, xl.t, one.s, twenty.s, out.t), aclnnSoftplusBackward), 0) << LastError();
    ExpectFails(SoftplusB(g.t, x.t, one.s, twenty.s, gi.t), ACLNN_ERR_PARAM_INVALID, "Tensor gradInput not implemented for DT_INT32");
    ExpectFails(SoftplusB(short_g.t, x.t, one.s, twenty.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for gradOutput, but [8] does not equal [4].");
    ExpectFails(SoftplusB(g.t, x.t, one.s, twenty.s, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for gradInput, but [8] does not equal [4].");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dev xb(kX, at::kBFloat16, {8});
    ExpectFails(SoftplusB(g.t, xb.t, one.s, twenty.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_INT8, DT_INT16, DT_INT32, "
                "DT_INT64, DT_UINT8, DT_FLOAT16, DT_FLOAT, DT_DOUBLE, DT_BOOL.");
}

// ================================================================================ SoftmaxBackward / LogSoftmaxBackward

const std::vector<double> kG = {0.5, -1.0, 2.0, 1.5, -0.25, 3.0};
const std::vector<double> kY = {0.1, 0.2, 0.7, 0.3, 0.3, 0.4};

/// out = y * (g - sum(g * y, dim)) on a [2,3] pair, in double.
at::Tensor SoftmaxGradOf(int64_t dim) {
    const at::Tensor g = at::tensor(kG, at::kDouble).view({2, 3});
    const at::Tensor y = at::tensor(kY, at::kDouble).view({2, 3});
    return (y * (g - (g * y).sum(dim, true))).reshape({6});
}
/// out = g - exp(y) * sum(g, dim).
at::Tensor LogSoftmaxGradOf(int64_t dim) {
    const at::Tensor g = at::tensor(kG, at::kDouble).view({2, 3});
    const at::Tensor y = at::tensor(kY, at::kDouble).view({2, 3});
    return (g - at::exp(y) * g.sum(dim, true)).reshape({6});
}

TEST(ReferenceSoftmaxBackward, DimMapping) {
    Dev g(kG, at::kFloat, {2, 3});
    Dev y(kY, at::kFloat, {2, 3});
    for (int64_t dim : {0, 1, -1, -2}) {
        Dev out(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnSoftmaxBackwardGetWorkspaceSize(g.t, y.t, dim, out.t, ws, ex);
                  }, aclnnSoftmaxBackward),
                  0)
            << LastError();
        ExpectClose(out.Storage(), SoftmaxGradOf(dim < 0 ? dim + 2 : dim));
    }
    EXPECT_FALSE(at::allclose(SoftmaxGradOf(0), SoftmaxGradOf(1)));
}

TEST(ReferenceSoftmaxBackward, ChecksInCannOrder) {
    Dev g(kG, at::kFloat, {2, 3});
    Dev y(kY, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev half_y(kY, at::kHalf, {2, 3});
    Dev dbl(kG, at::kDouble, {2, 3});
    Dev flat_y(kY, at::kFloat, {6});
    Dev flat_out(std::vector<double>(6), at::kFloat, {6});
    auto sb = [](const aclTensor* a, const aclTensor* b, int64_t dim, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnSoftmaxBackwardGetWorkspaceSize(a, b, dim, o, ws, ex);
        };
    };
    ExpectFails(sb(nullptr, y.t, 0, out.t), ACLNN_ERR_PARAM_NULLPTR, "got null for argument gradOutput.");
    ExpectFails(sb(g.t, y.t, 0, nullptr), ACLNN_ERR_PARAM_NULLPTR, "got null for argument out.");
    ExpectFails(sb(dbl.t, y.t, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradOutput not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_BF16.");
    ExpectFails(sb(g.t, half_y.t, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor output expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(sb(g.t, y.t, 2, out.t), ACLNN_ERR_PARAM_INVALID, "provided dim 2 not in the range of input size 2.");
    ExpectFails(sb(g.t, y.t, -3, out.t), ACLNN_ERR_PARAM_INVALID, "provided dim -3 not in the range of input size 2.");
    ExpectFails(sb(g.t, flat_y.t, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for gradOutput to have same size as tensor for output, but [2,3] does not equal [6].");
    ExpectFails(sb(g.t, y.t, 0, flat_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for gradOutput to have same size as tensor for out, but [2,3] does not equal [6].");
    // BF16 accepted on Ascend 950 (the default profile)
    Dev bg(kG, at::kBFloat16, {2, 3});
    Dev by(kY, at::kBFloat16, {2, 3});
    EXPECT_EQ(RunPhases(sb(bg.t, by.t, 1, out.t), aclnnSoftmaxBackward), 0) << LastError();
    // Atlas A2/A3: an empty gradOutput returns before the dtype checks (CANN's order off the regbase arch); the
    // tensors are made under the profile (a profile switch starts a new device)
    {
        aclcpu_test::ProfileScope a2(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(a2.ok());
        Dev e(std::vector<double>{}, at::kDouble, {0, 3});
        Dev y2(kY, at::kFloat, {2, 3});
        Dev o2(std::vector<double>(6), at::kFloat, {2, 3});
        EXPECT_EQ(RunPhases(sb(e.t, y2.t, 5, o2.t), aclnnSoftmaxBackward), 0) << LastError();
    }
    // BF16 gradOutput refused before the list outside Ascend 950 and Atlas A2/A3
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    ExpectFails(sb(bg.t, by.t, 1, out.t), ACLNN_ERR_PARAM_INVALID,
                "Input dtype of aclnnSoftmaxBackward is not support bfloat16 in current socversion.");
}

TEST(ReferenceLogSoftmaxBackward, DimMapping) {
    Dev g(kG, at::kFloat, {2, 3});
    Dev y(kY, at::kFloat, {2, 3});
    for (int64_t dim : {0, 1, -1}) {
        Dev out(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnLogSoftmaxBackwardGetWorkspaceSize(g.t, y.t, dim, out.t, ws, ex);
                  }, aclnnLogSoftmaxBackward),
                  0)
            << LastError();
        ExpectClose(out.Storage(), LogSoftmaxGradOf(dim < 0 ? dim + 2 : dim));
    }
    EXPECT_FALSE(at::allclose(LogSoftmaxGradOf(0), LogSoftmaxGradOf(1)));
}

TEST(ReferenceLogSoftmaxBackward, ChecksInCannOrder) {
    Dev g(kG, at::kFloat, {2, 3});
    Dev y(kY, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev half_y(kY, at::kHalf, {2, 3});
    Dev dbl(kG, at::kDouble, {2, 3});
    Dev flat_out(std::vector<double>(6), at::kFloat, {6});
    auto lb = [](const aclTensor* a, const aclTensor* b, int64_t dim, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnLogSoftmaxBackwardGetWorkspaceSize(a, b, dim, o, ws, ex);
        };
    };
    // output's null check comes first
    ExpectFails(lb(nullptr, nullptr, 0, out.t), ACLNN_ERR_PARAM_NULLPTR, "got null for argument output.");
    ExpectFails(lb(nullptr, y.t, 0, out.t), ACLNN_ERR_PARAM_NULLPTR, "got null for argument gradOutput.");
    // output's list before gradOutput's
    ExpectFails(lb(dbl.t, dbl.t, 0, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor output not implemented for DT_DOUBLE");
    ExpectFails(lb(g.t, half_y.t, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found gradOutput DT_FLOAT and output DT_FLOAT16.");
    ExpectFails(lb(g.t, y.t, 0, flat_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for gradOutput to have same size as tensor for out, but [2,3] does not equal [6].");
    // the shape checks before the dim check
    ExpectFails(lb(g.t, y.t, 7, flat_out.t), ACLNN_ERR_PARAM_INVALID, "to have same size as tensor for out");
    ExpectFails(lb(g.t, y.t, 7, out.t), ACLNN_ERR_PARAM_INVALID, "provided dim 7 not in the range of input size 2.");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev by(kY, at::kBFloat16, {2, 3});
    ExpectFails(lb(g.t, by.t, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "aclnnLogSoftmaxBackward is not support bfloat16 in current socversion.");
}

}  // namespace nn_misc_reference_test
