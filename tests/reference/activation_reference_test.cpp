// The reference tier's activation operators through the public API (docs/ops/activation_reference.md): each
// formula against an expectation computed here independently (the closed forms in double, not the library's
// helpers), each attribute's mapping (GeluV2's approximate, GeluBackwardV2's approximate string, Softmax's and
// LogSoftmax's dim, the dtype Sigmoid and LogSoftmax compute in), and the main checks in CANN's order with its
// codes and messages (null -> 161001; refused dtypes, per product, -> 161002). The table-driven suite
// (reference_table_test.cpp) runs each entry's cases on transposed, strided, offset and broadcast views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "aclnnop/aclnn_gelu.h"
#include "aclnnop/aclnn_gelu_backward.h"
#include "aclnnop/aclnn_gelu_backward_v2.h"
#include "aclnnop/aclnn_gelu_v2.h"
#include "aclnnop/aclnn_logsigmoid.h"
#include "aclnnop/aclnn_logsoftmax.h"
#include "aclnnop/aclnn_mish.h"
#include "aclnnop/aclnn_sigmoid.h"
#include "aclnnop/aclnn_sigmoid_backward.h"
#include "aclnnop/aclnn_silu.h"
#include "aclnnop/aclnn_softmax.h"
#include "aclnnop/aclnn_softplus.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace activation_reference_test {

using aclcpu_test::AclOf;
using aclcpu_test::Dev;

using aclcpu_test::DeviceBuffer;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;
using aclcpu_test::Scalar;

const std::vector<double> kX = {-3.0, -1.5, -0.5, 0.0, 0.25, 1.0, 2.5, 4.0};

// ---- the closed forms, in double
double GeluTanh(double x) {
    const double k = std::sqrt(2.0 / M_PI);
    return 0.5 * x * (1.0 + std::tanh(k * (x + 0.044715 * x * x * x)));
}
double GeluErf(double x) { return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))); }
double GeluTanhGrad(double x) {
    const double k = std::sqrt(2.0 / M_PI);
    const double t = std::tanh(k * (x + 0.044715 * x * x * x));
    return 0.5 * (1.0 + t) + 0.5 * x * (1.0 - t * t) * k * (1.0 + 3.0 * 0.044715 * x * x);
}
double GeluErfGrad(double x) {
    return 0.5 * (1.0 + std::erf(x / std::sqrt(2.0))) + x * std::exp(-0.5 * x * x) / std::sqrt(2.0 * M_PI);
}
double Sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

at::Tensor Map(const std::vector<double>& xs, const std::function<double(double)>& f) {
    std::vector<double> v;
    for (double x : xs) v.push_back(f(x));
    return at::tensor(v, at::kDouble);
}

/// got within float32 rounding of want (a few ULPs: ATen's vectorised tanh / exp / erf).
void ExpectClose(const at::Tensor& got, const at::Tensor& want, double rtol = 1e-6, double atol = 1e-6) {
    ASSERT_EQ(got.sizes(), want.sizes());
    EXPECT_TRUE(at::allclose(got, want, rtol, atol)) << "got:\n" << got << "\nwant:\n" << want;
}

// ================================================================================ Gelu

// self a transposed view ([2, 4] over a [4, 2] storage): the tanh form, element by element.
TEST(ReferenceGelu, TanhFormulaOnTransposedView) {
    Dev self(kX, at::kFloat, {2, 4}, {1, 2});
    Dev out(std::vector<double>(8, 9.0), at::kFloat, {2, 4});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnGeluGetWorkspaceSize(self.t, out.t, ws, ex); },
                        aclnnGelu),
              0)
        << LastError();
    const at::Tensor x = at::tensor(kX, at::kDouble).to(at::kFloat).to(at::kDouble).view({4, 2}).t();
    const at::Tensor xc = x.contiguous();
    const std::vector<double> xs(xc.data_ptr<double>(), xc.data_ptr<double>() + 8);
    ExpectClose(out.Storage(), Map(xs, GeluTanh));
    // not the erf form: gelu(1) differs by ~4e-4 between them
    EXPECT_GT(std::fabs(GeluTanh(1.0) - GeluErf(1.0)), 1e-4);
}

// FLOAT16: computed in float32, rounded once to FLOAT16.
TEST(ReferenceGelu, Float16RoundedFromFloat) {
    Dev self(kX, at::kHalf, {8});
    Dev out(std::vector<double>(8, 0.0), at::kHalf, {8});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnGeluGetWorkspaceSize(self.t, out.t, ws, ex); },
                        aclnnGelu),
              0)
        << LastError();
    ExpectClose(out.Storage(), Map(kX, GeluTanh).to(at::kHalf).to(at::kDouble), 0, 1e-3);
}

TEST(ReferenceGelu, ChecksInCannOrder) {
    Dev self(kX, at::kFloat, {8});
    Dev out(std::vector<double>(8), at::kFloat, {8});
    Dev ints(kX, at::kInt, {8});
    Dev half_out(std::vector<double>(8), at::kHalf, {8});
    Dev nz(kX, at::kFloat, {8}, {}, 0, ACL_FORMAT_FRACTAL_NZ);
    Dev short_out(std::vector<double>(4), at::kFloat, {4});
    auto gelu = [](const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGeluGetWorkspaceSize(s, o, ws, ex); };
    };
    ExpectFails(gelu(nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(gelu(self.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument out.");
    ExpectFails(gelu(ints.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(gelu(self.t, half_out.t), ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(gelu(nz.t, out.t), ACLNN_ERR_PARAM_INVALID, "self [FRACTAL_NZ], out [ND]");
    ExpectFails(gelu(self.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as tensor for self, but [4] does not equal [8].");
}

// Ascend910 (no BF16): a BF16 self refused before the list, with the op_api's own message.
TEST(ReferenceGelu, Bf16RefusedOnAscend910) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev self(kX, at::kBFloat16, {8});
    Dev out(std::vector<double>(8), at::kBFloat16, {8});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnGeluGetWorkspaceSize(self.t, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Input dtype of gelu does not support bfloat16 in current socversion.");
}

// ================================================================================ GeluV2

int GeluV2(const aclTensor* x, int64_t approximate, aclTensor* y) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnGeluV2GetWorkspaceSize(x, approximate, y, ws, ex); },
        aclnnGeluV2);
}

// approximate: 0 (NONE) the erf form, 1 (TANH) the tanh form, any other value the erf form.
TEST(ReferenceGeluV2, ApproximateMapping) {
    Dev x(kX, at::kFloat, {8});
    const at::Tensor erf = Map(kX, GeluErf), tanh = Map(kX, GeluTanh);
    for (int64_t a : {0, 1, 7, -1}) {
        Dev y(std::vector<double>(8, 9.0), at::kFloat, {8});
        ASSERT_EQ(GeluV2(x.t, a, y.t), 0) << LastError();
        ExpectClose(y.Storage(), a == 1 ? tanh : erf);
    }
    EXPECT_FALSE(at::allclose(erf, tanh, 1e-6, 1e-6));
}

TEST(ReferenceGeluV2, ChecksInCannOrder) {
    Dev x(kX, at::kFloat, {8});
    Dev y(std::vector<double>(8), at::kFloat, {8});
    Dev ints(kX, at::kInt, {8});
    Dev ints_y(kX, at::kInt, {8});
    Dev half_y(std::vector<double>(8), at::kHalf, {8});
    auto g = [](const aclTensor* a, aclTensor* b) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGeluV2GetWorkspaceSize(a, 0, b, ws, ex); };
    };
    ExpectFails(g(nullptr, y.t), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument x.");
    ExpectFails(g(x.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument y.");
    // the dtype match before the list
    ExpectFails(g(ints.t, y.t), ACLNN_ERR_PARAM_INVALID, "Tensor y expected dtype is DT_INT32 but found DT_FLOAT.");
    ExpectFails(g(x.t, half_y.t), ACLNN_ERR_PARAM_INVALID, "Tensor y expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(g(ints.t, ints_y.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor x not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
}

TEST(ReferenceGeluV2, Bf16RefusedOnAscend310P) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dev x(kX, at::kBFloat16, {8});
    Dev y(std::vector<double>(8), at::kBFloat16, {8});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnGeluV2GetWorkspaceSize(x.t, 1, y.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Input dtype of gelu_v2 is not support bfloat16 in current socversion.");
}

// ================================================================================ GeluBackward

// gradOutput [2, 1] and self [4] broadcast to [2, 4]: gradOutput * the tanh form's derivative.
TEST(ReferenceGeluBackward, BroadcastTanhDerivative) {
    const std::vector<double> xs = {-2.0, -0.5, 0.75, 3.0}, gs = {0.5, -2.0};
    Dev grad(gs, at::kFloat, {2, 1});
    Dev self(xs, at::kFloat, {4});
    Dev gi(std::vector<double>(8, 9.0), at::kFloat, {2, 4});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnGeluBackwardGetWorkspaceSize(grad.t, self.t, gi.t, ws, ex); },
                        aclnnGeluBackward),
              0)
        << LastError();
    const at::Tensor want = at::tensor(gs, at::kDouble).view({2, 1}) * Map(xs, GeluTanhGrad).view({1, 4});
    ExpectClose(gi.Storage(), want.reshape({8}));
}

TEST(ReferenceGeluBackward, ChecksInCannOrder) {
    Dev g(kX, at::kFloat, {8});
    Dev s(kX, at::kFloat, {8});
    Dev gi(std::vector<double>(8), at::kFloat, {8});
    Dev ints(kX, at::kInt, {8});
    Dev three(std::vector<double>(3), at::kFloat, {3});
    Dev wrong(std::vector<double>(16), at::kFloat, {2, 8});
    auto gb = [](const aclTensor* a, const aclTensor* b, const aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGeluBackwardGetWorkspaceSize(a, b, o, ws, ex); };
    };
    ExpectFails(gb(nullptr, s.t, gi.t), ACLNN_ERR_PARAM_NULLPTR, "got null for argument gradOutput.");
    ExpectFails(gb(g.t, s.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "got null for argument gradInput.");
    ExpectFails(gb(ints.t, ints.t, gi.t), ACLNN_ERR_PARAM_INVALID,
                "promoteType dtype DT_INT32 should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(gb(g.t, three.t, gi.t), ACLNN_ERR_PARAM_INVALID,
                "The size of tensor gradOutput [8] must match the size of tensor self [3].");
    ExpectFails(gb(g.t, s.t, wrong.t), ACLNN_ERR_PARAM_INVALID, "Shape of out should be [8], but current is [2,8].");
}

TEST(ReferenceGeluBackward, Bf16PromotedRefusedOnAscend910) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev g(kX, at::kBFloat16, {8});
    Dev s(kX, at::kBFloat16, {8});
    Dev gi(std::vector<double>(8), at::kBFloat16, {8});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnGeluBackwardGetWorkspaceSize(g.t, s.t, gi.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Input dtype of gelu is not support bfloat16 in current socversion.");
}

// ================================================================================ GeluBackwardV2

int GeluBackwardV2(const aclTensor* g, const aclTensor* s, char* approximate, aclTensor* gi) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnGeluBackwardV2GetWorkspaceSize(g, s, approximate, gi, ws, ex);
        },
        aclnnGeluBackwardV2);
}

// approximate "none": the erf form's derivative; "tanh": the tanh form's.
TEST(ReferenceGeluBackwardV2, ApproximateMapping) {
    Dev g(std::vector<double>(8, 1.5), at::kFloat, {8});
    Dev s(kX, at::kFloat, {8});
    char none[] = "none", tanh[] = "tanh";
    Dev a(std::vector<double>(8), at::kFloat, {8});
    ASSERT_EQ(GeluBackwardV2(g.t, s.t, none, a.t), 0) << LastError();
    ExpectClose(a.Storage(), Map(kX, GeluErfGrad) * 1.5);
    Dev b(std::vector<double>(8), at::kFloat, {8});
    ASSERT_EQ(GeluBackwardV2(g.t, s.t, tanh, b.t), 0) << LastError();
    ExpectClose(b.Storage(), Map(kX, GeluTanhGrad) * 1.5);
    EXPECT_FALSE(at::allclose(a.Storage(), b.Storage(), 1e-6, 1e-6));
}

// gradOutput a transposed view ([2, 4] over a [4, 2] storage), self [4] broadcast: both forms. (Debian's libtorch
// 1.13 computes "none" with oneDNN, which misreads such operands: the formula hands it contiguous copies.)
TEST(ReferenceGeluBackwardV2, TransposedAndBroadcastViews) {
    const std::vector<double> gs = {0.5, -1.0, 2.0, 0.25, -0.75, 1.5, 1.0, -2.0}, xs = {-2.0, -0.5, 0.75, 3.0};
    Dev g(gs, at::kFloat, {2, 4}, {1, 2});
    Dev s(xs, at::kFloat, {4});
    const at::Tensor gv = at::tensor(gs, at::kDouble).view({4, 2}).t();
    char none[] = "none", tanh[] = "tanh";
    for (char* a : {none, tanh}) {
        Dev gi(std::vector<double>(8, 9.0), at::kFloat, {2, 4});
        ASSERT_EQ(GeluBackwardV2(g.t, s.t, a, gi.t), 0) << LastError();
        const at::Tensor d = Map(xs, a == none ? GeluErfGrad : GeluTanhGrad).view({1, 4});
        ExpectClose(gi.Storage(), (gv * d).reshape({8}));
    }
    // gradOutput [4, 5] over a [5, 4] storage, self [4, 5]: the layout oneDNN misreads
    std::vector<double> g20, x20;
    for (int i = 0; i < 20; ++i) {
        g20.push_back(((i * 7) % 17 - 8) / 4.0);
        x20.push_back(((i * 7 + 5) % 17 - 8) / 4.0);
    }
    Dev g2(g20, at::kFloat, {4, 5}, {1, 4});
    Dev s2(x20, at::kFloat, {4, 5});
    Dev gi2(std::vector<double>(20, 9.0), at::kFloat, {4, 5});
    ASSERT_EQ(GeluBackwardV2(g2.t, s2.t, none, gi2.t), 0) << LastError();
    const at::Tensor want = at::tensor(g20, at::kDouble).view({5, 4}).t().reshape({20}) * Map(x20, GeluErfGrad);
    ExpectClose(gi2.Storage(), want);
}

TEST(ReferenceGeluBackwardV2, ChecksInCannOrder) {
    Dev g(kX, at::kFloat, {8});
    Dev s(kX, at::kFloat, {8});
    Dev gi(std::vector<double>(8), at::kFloat, {8});
    Dev half_gi(std::vector<double>(8), at::kHalf, {8});
    Dev wrong(std::vector<double>(4), at::kFloat, {4});
    char none[] = "none", bad[] = "Tanh";
    auto gb = [](const aclTensor* a, const aclTensor* b, char* ap, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGeluBackwardV2GetWorkspaceSize(a, b, ap, o, ws, ex); };
    };
    ExpectFails(gb(g.t, nullptr, none, gi.t), ACLNN_ERR_PARAM_NULLPTR, "got null for argument self.");
    ExpectFails(gb(g.t, s.t, nullptr, gi.t), ACLNN_ERR_PARAM_NULLPTR,
                "approximate only supports to set none or tanh, but got null.");
    ExpectFails(gb(g.t, s.t, none, half_gi.t), ACLNN_ERR_PARAM_INVALID,
                "Promote dtype of GradOutput and Self is DT_FLOAT, not matching with gradInput DT_FLOAT16.");
    // the shapes before the attribute
    ExpectFails(gb(g.t, s.t, bad, wrong.t), ACLNN_ERR_PARAM_INVALID, "Shape of out should be [8], but current is [4].");
    ExpectFails(gb(g.t, s.t, bad, gi.t), ACLNN_ERR_PARAM_INVALID,
                "approximate only supports to set none or tanh, but got Tanh.");
}

// ================================================================================ Sigmoid

TEST(ReferenceSigmoid, FormulaOnStridedView) {
    std::vector<double> storage;
    for (double x : kX) storage.insert(storage.end(), {x, 100.0});  // every other element
    Dev self(storage, at::kFloat, {8}, {2});
    Dev out(std::vector<double>(8), at::kFloat, {8});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSigmoidGetWorkspaceSize(self.t, out.t, ws, ex); },
                        aclnnSigmoid),
              0)
        << LastError();
    ExpectClose(out.Storage(), Map(kX, Sigmoid));
}

// An integral self is computed in out's dtype (CANN's castDtype): into DOUBLE, to double precision - a float32
// computation would be ~1e-8 away.
TEST(ReferenceSigmoid, IntegralSelfComputedInOutDtype) {
    const std::vector<double> xs = {-3, -1, 0, 2, 5};
    Dev self(xs, at::kInt, {5});
    Dev out(std::vector<double>(5), at::kDouble, {5});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSigmoidGetWorkspaceSize(self.t, out.t, ws, ex); },
                        aclnnSigmoid),
              0)
        << LastError();
    ExpectClose(out.Storage(), Map(xs, Sigmoid), 1e-13, 1e-15);
}

TEST(ReferenceSigmoid, InplaceAndItsOwnList) {
    Dev self(kX, at::kFloat, {8});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceSigmoidGetWorkspaceSize(self.t, ws, ex); },
                        aclnnInplaceSigmoid),
              0)
        << LastError();
    ExpectClose(self.Storage(), Map(kX, Sigmoid));
    // selfRef INT32: the Inplace variant's own list first (aclnnSigmoid accepts an INT32 self)
    Dev ints(kX, at::kInt, {8});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceSigmoidGetWorkspaceSize(ints.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor selfRef not implemented for DT_INT32, should be in dtype support list");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceSigmoidGetWorkspaceSize(nullptr, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null");
}

TEST(ReferenceSigmoid, ChecksInCannOrder) {
    Dev self(kX, at::kFloat, {8});
    Dev out(std::vector<double>(8), at::kFloat, {8});
    Dev int_out(std::vector<double>(8), at::kInt, {8});
    Dev short_out(std::vector<double>(4), at::kFloat, {4});
    auto sg = [](const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSigmoidGetWorkspaceSize(s, o, ws, ex); };
    };
    ExpectFails(sg(nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(sg(self.t, int_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_DOUBLE, "
                "DT_COMPLEX64, DT_COMPLEX128, DT_BF16.");
    ExpectFails(sg(self.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [8] does not equal [4].");
}

TEST(ReferenceSigmoid, Bf16OnAscend910) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev self(kX, at::kBFloat16, {8});
    Dev out(std::vector<double>(8), at::kFloat, {8});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSigmoidGetWorkspaceSize(self.t, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Self dtype DT_BF16 is unsupported by the current SOC version");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceSigmoidGetWorkspaceSize(self.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID,
                "Tensor selfRef not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128.");
}

// ================================================================================ SigmoidBackward

// gradOutput [3, 1] FLOAT, output [4] FLOAT16 (promoted to FLOAT): gradOutput * output * (1 - output).
TEST(ReferenceSigmoidBackward, BroadcastPromoted) {
    const std::vector<double> ys = {0.125, 0.5, 0.75, 0.9}, gs = {1.0, -2.0, 0.5};
    Dev g(gs, at::kFloat, {3, 1});
    Dev y(ys, at::kHalf, {4});
    Dev gi(std::vector<double>(12), at::kFloat, {3, 4});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnSigmoidBackwardGetWorkspaceSize(g.t, y.t, gi.t, ws, ex); },
                        aclnnSigmoidBackward),
              0)
        << LastError();
    const at::Tensor yh = at::tensor(ys, at::kDouble).to(at::kHalf).to(at::kDouble);
    const at::Tensor want = at::tensor(gs, at::kDouble).view({3, 1}) * (yh * (1 - yh)).view({1, 4});
    ExpectClose(gi.Storage(), want.reshape({12}));
}

TEST(ReferenceSigmoidBackward, ChecksInCannOrder) {
    Dev g(kX, at::kFloat, {8});
    Dev y(kX, at::kFloat, {8});
    Dev gi(std::vector<double>(8), at::kFloat, {8});
    Dev ints(kX, at::kInt, {8});
    Dev cplx(kX, at::kComplexFloat, {8});
    Dev three(std::vector<double>(3), at::kFloat, {3});
    auto sb = [](const aclTensor* a, const aclTensor* b, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSigmoidBackwardGetWorkspaceSize(a, b, o, ws, ex); };
    };
    ExpectFails(sb(g.t, nullptr, gi.t), ACLNN_ERR_PARAM_NULLPTR, "got null for argument output.");
    ExpectFails(sb(ints.t, y.t, gi.t), ACLNN_ERR_PARAM_INVALID, "Tensor gradOutput not implemented for DT_INT32");
    ExpectFails(sb(g.t, cplx.t, gi.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_COMPLEX64 can't be cast to the desired output type DT_FLOAT.");
    ExpectFails(sb(g.t, three.t, gi.t), ACLNN_ERR_PARAM_INVALID,
                "the size of tensor self [8] must match the size of tensor other [3].");
}

// ================================================================================ Silu

TEST(ReferenceSilu, FormulaAndChecks) {
    Dev self(kX, at::kFloat, {8});
    Dev out(std::vector<double>(8), at::kFloat, {8});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSiluGetWorkspaceSize(self.t, out.t, ws, ex); },
                        aclnnSilu),
              0)
        << LastError();
    ExpectClose(out.Storage(), Map(kX, [](double x) { return x * Sigmoid(x); }));
    Dev dbl(kX, at::kDouble, {8});
    Dev half_out(std::vector<double>(8), at::kHalf, {8});
    auto si = [](const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSiluGetWorkspaceSize(s, o, ws, ex); };
    };
    ExpectFails(si(nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "got null for argument self.");
    ExpectFails(si(dbl.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(si(self.t, half_out.t), ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
}

TEST(ReferenceSilu, Bf16NotInAscend910List) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev self(kX, at::kBFloat16, {8});
    Dev out(std::vector<double>(8), at::kBFloat16, {8});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSiluGetWorkspaceSize(self.t, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
}

// ================================================================================ Softmax, LogSoftmax

const std::vector<double> kM = {0.5, -1.0, 2.0, 1.0, 0.0, -0.25};  // [2, 3]

/// softmax (or log_softmax) of kM viewed [2, 3] along dim (0 or 1), by hand.
at::Tensor HandSoftmax(int dim, bool log) {
    std::vector<double> r(6);
    for (int i = 0; i < 6; ++i) {
        const int row = i / 3, col = i % 3;
        double sum = 0.0;
        for (int k = 0; k < (dim == 1 ? 3 : 2); ++k) sum += std::exp(dim == 1 ? kM[row * 3 + k] : kM[k * 3 + col]);
        r[i] = log ? kM[i] - std::log(sum) : std::exp(kM[i]) / sum;
    }
    return at::tensor(r, at::kDouble);
}

int Softmax(const aclTensor* s, int64_t dim, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSoftmaxGetWorkspaceSize(s, dim, o, ws, ex); },
                     aclnnSoftmax);
}
int LogSoftmax(const aclTensor* s, int64_t dim, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSoftmaxGetWorkspaceSize(s, dim, o, ws, ex); },
                     aclnnLogSoftmax);
}

// dim: 1 and -1 the rows, 0 and -2 the columns.
TEST(ReferenceSoftmax, DimMapping) {
    Dev self(kM, at::kFloat, {2, 3});
    for (int64_t dim : {1, -1, 0, -2}) {
        Dev out(std::vector<double>(6), at::kFloat, {2, 3});
        ASSERT_EQ(Softmax(self.t, dim, out.t), 0) << LastError();
        ExpectClose(out.Storage(), HandSoftmax(dim == 1 || dim == -1 ? 1 : 0, false));
    }
    EXPECT_FALSE(at::allclose(HandSoftmax(0, false), HandSoftmax(1, false)));
}

TEST(ReferenceSoftmax, ChecksInCannOrder) {
    Dev self(kM, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev ints(kM, at::kInt, {2, 3});
    Dev empty(std::vector<double>{}, at::kInt, {0, 3});
    Dev scalar({2.0}, at::kFloat, {});
    Dev scalar_out({0.0}, at::kFloat, {});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSoftmaxGetWorkspaceSize(self.t, 1, nullptr, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "got null for argument out.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSoftmaxGetWorkspaceSize(ints.t, 1, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_INT32, should be in dtype support list");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSoftmaxGetWorkspaceSize(self.t, 2, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "provided dim 2 not in the range of input size 2.");
    // an empty self returns before the dtype and dim checks
    EXPECT_EQ(Softmax(empty.t, 9, out.t), 0) << LastError();
    // 0-d: dims -1 and 0 (its rank counts as 1)
    EXPECT_EQ(Softmax(scalar.t, -1, scalar_out.t), 0) << LastError();
    EXPECT_EQ(scalar_out.Storage().item<double>(), 1.0);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSoftmaxGetWorkspaceSize(scalar.t, 1, scalar_out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "provided dim 1 not in the range of input size 1.");
}

TEST(ReferenceSoftmax, Bf16NotInAscend910List) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev self(kM, at::kBFloat16, {2, 3});
    Dev out(std::vector<double>(6), at::kBFloat16, {2, 3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSoftmaxGetWorkspaceSize(self.t, 1, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_DOUBLE.");
}

TEST(ReferenceLogSoftmax, DimMapping) {
    Dev self(kM, at::kFloat, {2, 3});
    for (int64_t dim : {1, -1, 0, -2}) {
        Dev out(std::vector<double>(6), at::kFloat, {2, 3});
        ASSERT_EQ(LogSoftmax(self.t, dim, out.t), 0) << LastError();
        ExpectClose(out.Storage(), HandSoftmax(dim == 1 || dim == -1 ? 1 : 0, true));
    }
}

// Computed in out's dtype: a DOUBLE self into FLOAT16 is cast to FLOAT16 first (1 + 2^-12 becomes 1, so the
// two elements of a row come out equal: -log 2), where a computation in double would tell them apart.
TEST(ReferenceLogSoftmax, ComputedInOutDtype) {
    const double x = 1.0 + 1.0 / 4096;
    Dev self({x, 1.0}, at::kDouble, {2});
    Dev out(std::vector<double>(2), at::kHalf, {2});
    ASSERT_EQ(LogSoftmax(self.t, 0, out.t), 0) << LastError();
    const at::Tensor got = out.Storage();
    EXPECT_EQ(got[0].item<double>(), got[1].item<double>()) << got;
    EXPECT_EQ(got[0].item<double>(), at::tensor({-std::log(2.0)}).to(at::kHalf).item<double>());
}

TEST(ReferenceLogSoftmax, ChecksInCannOrder) {
    Dev self(kM, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev ints(kM, at::kInt, {2, 3});
    Dev wrong(std::vector<double>(6), at::kFloat, {3, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSoftmaxGetWorkspaceSize(nullptr, 1, out.t, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "got null for argument self.");
    // the dim before the dtypes
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSoftmaxGetWorkspaceSize(ints.t, -3, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "provided dim -3 not in the range of input size 2.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSoftmaxGetWorkspaceSize(ints.t, 1, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_DOUBLE, DT_BF16.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSoftmaxGetWorkspaceSize(self.t, 1, wrong.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as tensor for self, but [3,2] does not equal [2,3].");
}

TEST(ReferenceLogSoftmax, Bf16OutRefusedOnAscend310P) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dev self(kM, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kBFloat16, {2, 3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSoftmaxGetWorkspaceSize(self.t, 1, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "aclnnLogSoftmax is not support bfloat16 in current socversion.");
}

// ================================================================================ Softplus

int Softplus(const aclTensor* s, const aclScalar* beta, const aclScalar* threshold, aclTensor* o) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSoftplusGetWorkspaceSize(s, beta, threshold, o, ws, ex); },
        aclnnSoftplus);
}

double SoftplusOf(double x, double beta, double threshold) {
    return beta * x > threshold ? x : std::log1p(std::exp(beta * x)) / beta;
}

// beta scales the input and divides the result; threshold switches to the identity where beta * x exceeds it.
TEST(ReferenceSoftplus, BetaAndThresholdMapping) {
    Dev self(kX, at::kFloat, {8});
    for (const auto& bt : std::vector<std::pair<float, float>>{{1.0f, 20.0f}, {2.0f, 20.0f}, {1.0f, 0.5f}, {0.5f, 1.0f}}) {
        Scalar beta(bt.first), threshold(bt.second);
        Dev out(std::vector<double>(8, 9.0), at::kFloat, {8});
        ASSERT_EQ(Softplus(self.t, beta.s, threshold.s, out.t), 0) << LastError();
        ExpectClose(out.Storage(), Map(kX, [&](double x) { return SoftplusOf(x, bt.first, bt.second); }));
    }
    // threshold 0.5: x = 1 (beta * x = 1 > 0.5) is passed through, not log(1 + e)
    EXPECT_NE(SoftplusOf(1.0, 1.0, 0.5), SoftplusOf(1.0, 1.0, 20.0));
}

TEST(ReferenceSoftplus, ChecksInCannOrder) {
    Dev self(kX, at::kFloat, {8});
    Dev out(std::vector<double>(8), at::kFloat, {8});
    Dev ints(kX, at::kInt, {8});
    Dev int_out(std::vector<double>(8), at::kInt, {8});
    Dev short_out(std::vector<double>(4), at::kFloat, {4});
    Scalar one(1.0f), twenty(20.0f);
    auto sp = [&](const aclTensor* s, const aclScalar* b, const aclScalar* t, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSoftplusGetWorkspaceSize(s, b, t, o, ws, ex); };
    };
    ExpectFails(sp(self.t, one.s, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type number for argument threshold but instead found type null.");
    ExpectFails(sp(self.t, one.s, twenty.s, nullptr), ACLNN_ERR_PARAM_NULLPTR, "got null for argument out.");
    ExpectFails(sp(ints.t, one.s, twenty.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    // beta of a dtype not castable to self's (COMPLEX64 to FLOAT)
    const float cv[2] = {1.0f, 0.0f};
    Scalar cbeta(cv, ACL_COMPLEX64);
    ExpectFails(sp(self.t, cbeta.s, twenty.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_COMPLEX64 can't be cast to the desired output type DT_FLOAT.");
    ExpectFails(sp(self.t, one.s, twenty.s, int_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(sp(self.t, one.s, twenty.s, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [8] does not equal [4].");
}

// ================================================================================ Mish, LogSigmoid

TEST(ReferenceMish, FormulaInplaceAndChecks) {
    const at::Tensor want = Map(kX, [](double x) { return x * std::tanh(std::log1p(std::exp(x))); });
    Dev self(kX, at::kFloat, {8});
    Dev out(std::vector<double>(8), at::kFloat, {8});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMishGetWorkspaceSize(self.t, out.t, ws, ex); },
                        aclnnMish),
              0)
        << LastError();
    ExpectClose(out.Storage(), want);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceMishGetWorkspaceSize(self.t, ws, ex); },
                        aclnnInplaceMish),
              0)
        << LastError();
    ExpectClose(self.Storage(), want);
    Dev half_out(std::vector<double>(8), at::kHalf, {8});
    Dev dbl(kX, at::kDouble, {8});
    auto mi = [](const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnMishGetWorkspaceSize(s, o, ws, ex); };
    };
    ExpectFails(mi(nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument t0.");
    ExpectFails(mi(self.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument t1.");
    ExpectFails(mi(dbl.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_DOUBLE");
    ExpectFails(mi(self.t, half_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_FLOAT16.");
}

TEST(ReferenceLogSigmoid, FormulaAndChecks) {
    Dev self(kX, at::kFloat, {2, 4}, {1, 2});  // a transposed view
    Dev out(std::vector<double>(8), at::kFloat, {2, 4});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnLogSigmoidGetWorkspaceSize(self.t, out.t, ws, ex); },
                        aclnnLogSigmoid),
              0)
        << LastError();
    const at::Tensor xc = at::tensor(kX, at::kDouble).view({4, 2}).t().contiguous();
    const std::vector<double> xs(xc.data_ptr<double>(), xc.data_ptr<double>() + 8);
    ExpectClose(out.Storage(), Map(xs, [](double x) { return std::log(Sigmoid(x)); }));
    Dev half_out(std::vector<double>(8), at::kHalf, {2, 4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSigmoidGetWorkspaceSize(nullptr, out.t, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "got null for argument t0.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSigmoidGetWorkspaceSize(self.t, half_out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor self expected dtype is DT_FLOAT16 but found DT_FLOAT.");
}

TEST(ReferenceLogSigmoid, Bf16NotInAscend310PList) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dev self(kX, at::kBFloat16, {8});
    Dev out(std::vector<double>(8), at::kBFloat16, {8});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSigmoidGetWorkspaceSize(self.t, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
}

}  // namespace activation_reference_test
