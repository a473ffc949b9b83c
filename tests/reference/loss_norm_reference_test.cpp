// The nn_loss and nn_norm families' reference-tier operators through the public API (ops/families/nn_loss.yaml,
// ops/families/nn_norm.yaml; docs/ops/nn_loss.md, docs/ops/nn_norm.md): each formula against an expectation
// computed here independently (closed forms in double, not the library's helpers), each attribute's mapping
// (reduction 0 none / 1 mean / 2 sum, the optional weights, eps), and the checks in CANN's order with its codes and
// messages (null, refused dtypes and shapes, per product where the lists differ). The table-driven suite
// (reference_table_test.cpp) runs each entry's cases on transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "aclnnop/aclnn_add_rms_norm.h"
#include "aclnnop/aclnn_binary_cross_entropy.h"
#include "aclnnop/aclnn_binary_cross_entropy_backward.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits.h"
#include "aclnnop/aclnn_binary_cross_entropy_with_logits_backward.h"
#include "aclnnop/aclnn_deep_norm.h"
#include "aclnnop/aclnn_gemma_rms_norm.h"
#include "aclnnop/aclnn_group_norm.h"
#include "aclnnop/aclnn_inplace_add_rms_norm.h"
#include "aclnnop/aclnn_kl_div_backward.h"
#include "aclnnop/aclnn_kl_div_target_backward.h"
#include "aclnnop/aclnn_layer_norm_backward.h"
#include "aclnnop/aclnn_logit.h"
#include "aclnnop/aclnn_logit_grad.h"
#include "aclnnop/aclnn_nll_loss.h"
#include "aclnnop/aclnn_nll_loss2d.h"
#include "aclnnop/aclnn_nll_loss_backward.h"
#include "aclnnop/aclnn_norm.h"
#include "aclnnop/aclnn_renorm.h"
#include "aclnnop/aclnn_rms_norm.h"
#include "aclnnop/aclnn_rms_norm_grad.h"
#include "aclnnop/aclnn_soft_margin_loss.h"
#include "aclnnop/aclnn_soft_margin_loss_backward.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace loss_norm_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;

// probabilities, targets and weights of the loss tests (6 elements, viewed [2,3])
const std::vector<double> kP = {0.1, 0.3, 0.5, 0.7, 0.9, 0.2};
const std::vector<double> kT = {0.0, 1.0, 0.5, 1.0, 0.0, 0.25};
const std::vector<double> kW = {1.0, 2.0, 0.5, 1.5, 3.0, 0.25};
const std::vector<double> kX = {-2.0, -0.5, 0.0, 0.75, 1.5, 3.0};

at::Tensor D(const std::vector<double>& v) { return at::tensor(v, at::kDouble); }

void ExpectClose(const at::Tensor& got, const at::Tensor& want, double rtol = 1e-5, double atol = 1e-6) {
    ASSERT_EQ(got.numel(), want.numel());
    const at::Tensor g = got.reshape({-1}).to(at::kDouble);
    const at::Tensor w = want.reshape({-1}).to(at::kDouble);
    EXPECT_TRUE(at::allclose(g, w, rtol, atol, /*equal_nan=*/true)) << "got:\n" << g << "\nwant:\n" << w;
}

/// The value of a 1-element output.
double One(const Dev& d) { return d.Storage()[0].item<double>(); }

/// The closed-form element losses, in double.
double BceOf(double x, double t, double w) {
    return -w * (t * std::max(std::log(x), -100.0) + (1 - t) * std::max(std::log(1 - x), -100.0));
}
double Sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }
double BceLogitsOf(double x, double t, double w, double pw) {
    return -w * (pw * t * std::log(Sigmoid(x)) + (1 - t) * std::log(1 - Sigmoid(x)));
}

std::vector<double> Zip(size_t n, const std::function<double(size_t)>& f) {
    std::vector<double> v;
    for (size_t i = 0; i < n; ++i) v.push_back(f(i));
    return v;
}
double Sum(const std::vector<double>& v) {
    double s = 0;
    for (double x : v) s += x;
    return s;
}

// ================================================================================ BinaryCrossEntropy

int Bce(const aclTensor* s, const aclTensor* t, const aclTensor* w, int64_t r, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnBinaryCrossEntropyGetWorkspaceSize(s, t, w, r, o, ws, ex); },
                     aclnnBinaryCrossEntropy);
}

TEST(ReferenceLossBce, ReductionsAndWeight) {
    Dev self(kP, at::kFloat, {2, 3});
    Dev target(kT, at::kFloat, {2, 3});
    Dev weight(kW, at::kFloat, {2, 3});
    const std::vector<double> plain = Zip(6, [](size_t i) { return BceOf(kP[i], kT[i], 1.0); });
    const std::vector<double> weighted = Zip(6, [](size_t i) { return BceOf(kP[i], kT[i], kW[i]); });
    Dev none(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
    ASSERT_EQ(Bce(self.t, target.t, nullptr, 0, none.t), 0) << LastError();
    ExpectClose(none.Storage(), D(plain));
    ASSERT_EQ(Bce(self.t, target.t, weight.t, 0, none.t), 0) << LastError();
    ExpectClose(none.Storage(), D(weighted));
    Dev mean(std::vector<double>{9.0}, at::kFloat, {});
    ASSERT_EQ(Bce(self.t, target.t, weight.t, 1, mean.t), 0) << LastError();
    EXPECT_NEAR(One(mean), Sum(weighted) / 6.0, 1e-5);  // ATen's mean: the weighted sum over the element count
    Dev sum(std::vector<double>{9.0}, at::kFloat, {1});  // [1] passes CheckReduceOutShape (one element each side)
    ASSERT_EQ(Bce(self.t, target.t, nullptr, 2, sum.t), 0) << LastError();
    EXPECT_NEAR(One(sum), Sum(plain), 1e-5);
    // log clamped at -100: x = 0 with target 1
    Dev zero(std::vector<double>{0.0}, at::kFloat, {1});
    Dev one(std::vector<double>{1.0}, at::kFloat, {1});
    Dev o1(std::vector<double>{9.0}, at::kFloat, {1});
    ASSERT_EQ(Bce(zero.t, one.t, nullptr, 0, o1.t), 0) << LastError();
    EXPECT_NEAR(One(o1), 100.0, 1e-4);
}

// A transposed self (a [3,2] storage viewed [2,3]) and FLOAT16 tensors: computed in float32, rounded once.
TEST(ReferenceLossBce, TransposedHalf) {
    Dev self(kP, at::kHalf, {2, 3}, {1, 2});
    Dev target(kT, at::kHalf, {2, 3}, {1, 2});
    Dev out(std::vector<double>(6, 9.0), at::kHalf, {2, 3});
    ASSERT_EQ(Bce(self.t, target.t, nullptr, 0, out.t), 0) << LastError();
    const at::Tensor p = D(kP).to(at::kHalf).to(at::kDouble).view({3, 2}).t().reshape({-1});
    const at::Tensor t = D(kT).to(at::kHalf).to(at::kDouble).view({3, 2}).t().reshape({-1});
    std::vector<double> want;
    for (int i = 0; i < 6; ++i) want.push_back(BceOf(p[i].item<double>(), t[i].item<double>(), 1.0));
    ExpectClose(out.Storage(), D(want).to(at::kHalf), 1e-3, 1e-3);
}

TEST(ReferenceLossBce, ChecksInCannOrder) {
    Dev self(kP, at::kFloat, {2, 3});
    Dev target(kT, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev ints(kP, at::kInt, {2, 3});
    Dev half_w(kW, at::kHalf, {2, 3});
    Dev int_w(kW, at::kInt, {2, 3});
    Dev t6(kT, at::kFloat, {6});
    Dev out6(std::vector<double>(6), at::kFloat, {6});
    auto bce = [](const aclTensor* s, const aclTensor* t, const aclTensor* w, int64_t r, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnBinaryCrossEntropyGetWorkspaceSize(s, t, w, r, o, ws, ex); };
    };
    // CheckNotNull's status is ACLNN_ERR_INNER_NULLPTR in this op_api
    ExpectFails(bce(nullptr, target.t, nullptr, 0, out.t), ACLNN_ERR_INNER_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(bce(self.t, nullptr, nullptr, 0, out.t), ACLNN_ERR_INNER_NULLPTR, "argument target.");
    ExpectFails(bce(self.t, target.t, nullptr, 0, nullptr), ACLNN_ERR_INNER_NULLPTR, "argument out.");
    ExpectFails(bce(ints.t, target.t, nullptr, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(bce(self.t, target.t, int_w.t, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "weight dtype DT_INT32 should be in dtype support list [DT_FLOAT, DT_FLOAT16, DT_BF16].");
    ExpectFails(bce(self.t, target.t, half_w.t, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self expected dtype is DT_FLOAT16 but found DT_FLOAT.");
    ExpectFails(bce(self.t, t6.t, nullptr, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for target, but [2,3] does not equal [6].");
    ExpectFails(bce(self.t, target.t, nullptr, 3, out.t), ACLNN_ERR_PARAM_INVALID, "Reduction only support 0, 1, 2.");
    ExpectFails(bce(self.t, target.t, nullptr, 0, out6.t), ACLNN_ERR_PARAM_INVALID,
                "The out tensor's shape[[6]] is not equal with inferOut shape[[2,3]].");
    ExpectFails(bce(self.t, target.t, nullptr, 1, out.t), ACLNN_ERR_PARAM_INVALID,
                "The out tensor's shape[[2,3]] is not equal with inferOut shape[[]].");
    // BF16: Ascend 950 and Atlas A2/A3 only
    Dev bf(kP, at::kBFloat16, {2, 3});
    Dev bf_t(kT, at::kBFloat16, {2, 3});
    Dev bf_o(std::vector<double>(6), at::kBFloat16, {2, 3});
    EXPECT_EQ(Bce(bf.t, bf_t.t, nullptr, 0, bf_o.t), 0) << LastError();
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(bce(bf.t, bf_t.t, nullptr, 0, bf_o.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
}

// ================================================================================ BinaryCrossEntropyBackward

int BceGrad(const aclTensor* g, const aclTensor* s, const aclTensor* t, const aclTensor* w, int64_t r, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(g, s, t, w, r, o, ws, ex);
    }, aclnnBinaryCrossEntropyBackward);
}

double BceGradOf(double g, double x, double t, double w) { return g * w * (x - t) / std::max(x * (1 - x), 1e-12); }

TEST(ReferenceLossBceBackward, ReductionsWeightAndBroadcast) {
    const std::vector<double> gv = {0.5, -1.0, 2.0, 1.0, 0.25, -0.5};
    Dev grad(gv, at::kFloat, {2, 3});
    Dev self(kP, at::kFloat, {2, 3});
    Dev target(kT, at::kFloat, {2, 3});
    const std::vector<double> wv = {1.0, 2.0, 0.5};
    Dev weight(wv, at::kFloat, {3});  // broadcast to self's shape
    Dev out(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
    ASSERT_EQ(BceGrad(grad.t, self.t, target.t, weight.t, 0, out.t), 0) << LastError();
    ExpectClose(out.Storage(), D(Zip(6, [&](size_t i) { return BceGradOf(gv[i], kP[i], kT[i], wv[i % 3]); })));
    Dev g0(std::vector<double>{3.0}, at::kFloat, {});
    ASSERT_EQ(BceGrad(g0.t, self.t, target.t, nullptr, 1, out.t), 0) << LastError();
    ExpectClose(out.Storage(), D(Zip(6, [&](size_t i) { return BceGradOf(3.0, kP[i], kT[i], 1.0) / 6.0; })));
    ASSERT_EQ(BceGrad(g0.t, self.t, target.t, nullptr, 2, out.t), 0) << LastError();
    ExpectClose(out.Storage(), D(Zip(6, [&](size_t i) { return BceGradOf(3.0, kP[i], kT[i], 1.0); })));
}

TEST(ReferenceLossBceBackward, ChecksInCannOrder) {
    Dev grad(kT, at::kFloat, {2, 3});
    Dev self(kP, at::kFloat, {2, 3});
    Dev target(kT, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev ints(kP, at::kInt, {2, 3});
    Dev nchw(kT, at::kFloat, {2, 3}, {}, 0, ACL_FORMAT_NCHW);
    Dev out6(std::vector<double>(6), at::kFloat, {6});
    Dev t4(std::vector<double>(4), at::kFloat, {4});
    Dev big(std::vector<double>(1), at::kFloat, {1, 1, 1, 1, 1, 1, 1, 1, 1});
    auto bg = [](const aclTensor* g, const aclTensor* s, const aclTensor* t, const aclTensor* w, int64_t r, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBinaryCrossEntropyBackwardGetWorkspaceSize(g, s, t, w, r, o, ws, ex);
        };
    };
    ExpectFails(bg(nullptr, self.t, target.t, nullptr, 0, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument gradOutput.");
    ExpectFails(bg(grad.t, self.t, target.t, nullptr, 0, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument out.");
    ExpectFails(bg(grad.t, self.t, target.t, nullptr, 0, big.t), ACLNN_ERR_PARAM_INVALID,
                "The out tensor cannot be larger than 8 dimensions.");
    // self's list is checked before gradOutput's
    ExpectFails(bg(ints.t, ints.t, target.t, nullptr, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT16, DT_FLOAT, DT_BF16.");
    ExpectFails(bg(grad.t, self.t, nchw.t, nullptr, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Format of self and target can't be different, self [ND], target [NCHW].");
    ExpectFails(bg(grad.t, self.t, target.t, nullptr, 0, out6.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as tensor for self, but [6] does not equal [2,3].");
    ExpectFails(bg(grad.t, self.t, t4.t, nullptr, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "The size of tensor self [2,3] must match the size of tensor target [4].");
    ExpectFails(bg(grad.t, self.t, target.t, nullptr, -1, out.t), ACLNN_ERR_PARAM_INVALID,
                "Reduction should be between 0 and 2, but current is -1");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dev bf(kP, at::kBFloat16, {2, 3});
    ExpectFails(bg(grad.t, bf.t, target.t, nullptr, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT16, DT_FLOAT.");
}

// ================================================================================ BinaryCrossEntropyWithLogits

int BceLogits(const aclTensor* s, const aclTensor* t, const aclTensor* w, const aclTensor* pw, int64_t r, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize(s, t, w, pw, r, o, ws, ex);
    }, aclnnBinaryCrossEntropyWithLogits);
}

TEST(ReferenceLossBceLogits, WeightsAndReductions) {
    Dev self(kX, at::kFloat, {2, 3});
    Dev target(kT, at::kFloat, {2, 3});
    Dev weight(std::vector<double>{1.0, 2.0, 0.5}, at::kFloat, {3});
    Dev pos(std::vector<double>{3.0, 1.0, 0.25}, at::kFloat, {3});
    const std::vector<double> wv = {1.0, 2.0, 0.5}, pv = {3.0, 1.0, 0.25};
    Dev out(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
    ASSERT_EQ(BceLogits(self.t, target.t, weight.t, pos.t, 0, out.t), 0) << LastError();
    const std::vector<double> l = Zip(6, [&](size_t i) { return BceLogitsOf(kX[i], kT[i], wv[i % 3], pv[i % 3]); });
    ExpectClose(out.Storage(), D(l));
    // weight alone, posWeight alone: each in its place
    ASSERT_EQ(BceLogits(self.t, target.t, nullptr, pos.t, 0, out.t), 0) << LastError();
    ExpectClose(out.Storage(), D(Zip(6, [&](size_t i) { return BceLogitsOf(kX[i], kT[i], 1.0, pv[i % 3]); })));
    ASSERT_EQ(BceLogits(self.t, target.t, weight.t, nullptr, 0, out.t), 0) << LastError();
    ExpectClose(out.Storage(), D(Zip(6, [&](size_t i) { return BceLogitsOf(kX[i], kT[i], wv[i % 3], 1.0); })));
    Dev mean(std::vector<double>{9.0}, at::kFloat, {});
    ASSERT_EQ(BceLogits(self.t, target.t, weight.t, pos.t, 1, mean.t), 0) << LastError();
    EXPECT_NEAR(One(mean), Sum(l) / 6.0, 1e-5);
    ASSERT_EQ(BceLogits(self.t, target.t, weight.t, pos.t, 2, mean.t), 0) << LastError();
    EXPECT_NEAR(One(mean), Sum(l), 1e-5);
    // an empty self: mean writes NaN, sum 0
    Dev e(std::vector<double>{}, at::kFloat, {0, 3});
    Dev et(std::vector<double>{}, at::kFloat, {0, 3});
    ASSERT_EQ(BceLogits(e.t, et.t, nullptr, nullptr, 1, mean.t), 0) << LastError();
    EXPECT_TRUE(std::isnan(One(mean)));
    ASSERT_EQ(BceLogits(e.t, et.t, nullptr, nullptr, 2, mean.t), 0) << LastError();
    EXPECT_EQ(One(mean), 0.0);
}

TEST(ReferenceLossBceLogits, ChecksInCannOrder) {
    Dev self(kX, at::kFloat, {2, 3});
    Dev target(kT, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev half_out(std::vector<double>(6), at::kHalf, {2, 3});
    Dev ints(kX, at::kInt, {2, 3});
    Dev t6(kT, at::kFloat, {6});
    Dev w4(std::vector<double>(4), at::kFloat, {4});
    Dev out6(std::vector<double>(6), at::kFloat, {6});
    auto bl = [](const aclTensor* s, const aclTensor* t, const aclTensor* w, const aclTensor* pw, int64_t r, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBinaryCrossEntropyWithLogitsGetWorkspaceSize(s, t, w, pw, r, o, ws, ex);
        };
    };
    ExpectFails(bl(nullptr, target.t, nullptr, nullptr, 0, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(bl(self.t, target.t, nullptr, nullptr, 0, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument out.");
    ExpectFails(bl(ints.t, target.t, nullptr, nullptr, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(bl(self.t, target.t, nullptr, nullptr, 0, half_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor target expected dtype is DT_FLOAT16 but found DT_FLOAT.");
    ExpectFails(bl(self.t, target.t, nullptr, nullptr, 5, out.t), ACLNN_ERR_PARAM_INVALID, "Reduction only support [0, 1, 2].");
    ExpectFails(bl(self.t, t6.t, nullptr, nullptr, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for target, but [2,3] does not equal [6].");
    ExpectFails(bl(self.t, target.t, nullptr, w4.t, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "The size of tensor posWeight [4] must match the size of tensor target [2,3].");
    ExpectFails(bl(self.t, target.t, nullptr, nullptr, 0, out6.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [2,3], but got [6].");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev bf(kX, at::kBFloat16, {2, 3});
    ExpectFails(bl(bf.t, target.t, nullptr, nullptr, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
}

// ================================================================================ BinaryCrossEntropyWithLogitsBackward

int BceLogitsGrad(const aclTensor* g, const aclTensor* s, const aclTensor* t, const aclTensor* w, const aclTensor* pw,
                  int64_t r, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnBinaryCrossEntropyWithLogitsBackwardGetWorkspaceSize(g, s, t, w, pw, r, o, ws, ex);
    }, aclnnBinaryCrossEntropyWithLogitsBackward);
}

TEST(ReferenceLossBceLogitsBackward, AgainstNumericDerivative) {
    const std::vector<double> gv = {0.5, -1.0, 2.0, 1.0, 0.25, -0.5};
    const std::vector<double> wv = {1.0, 2.0, 0.5}, pv = {3.0, 1.0, 0.25};
    Dev grad(gv, at::kFloat, {2, 3});
    Dev self(kX, at::kFloat, {2, 3});
    Dev target(kT, at::kFloat, {2, 3});
    Dev weight(wv, at::kFloat, {3});
    Dev pos(pv, at::kFloat, {3});
    Dev out(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
    // the derivative of BceLogitsOf by central differences, in double
    auto d = [&](size_t i, double w, double p) {
        const double h = 1e-6;
        return (BceLogitsOf(kX[i] + h, kT[i], w, p) - BceLogitsOf(kX[i] - h, kT[i], w, p)) / (2 * h);
    };
    ASSERT_EQ(BceLogitsGrad(grad.t, self.t, target.t, weight.t, pos.t, 0, out.t), 0) << LastError();
    ExpectClose(out.Storage(), D(Zip(6, [&](size_t i) { return gv[i] * d(i, wv[i % 3], pv[i % 3]); })), 1e-4, 1e-5);
    ASSERT_EQ(BceLogitsGrad(grad.t, self.t, target.t, nullptr, pos.t, 1, out.t), 0) << LastError();
    ExpectClose(out.Storage(), D(Zip(6, [&](size_t i) { return gv[i] * d(i, 1.0, pv[i % 3]) / 6.0; })), 1e-4, 1e-5);
    ASSERT_EQ(BceLogitsGrad(grad.t, self.t, target.t, weight.t, nullptr, 2, out.t), 0) << LastError();
    ExpectClose(out.Storage(), D(Zip(6, [&](size_t i) { return gv[i] * d(i, wv[i % 3], 1.0); })), 1e-4, 1e-5);
}

TEST(ReferenceLossBceLogitsBackward, ChecksInCannOrder) {
    Dev grad(kT, at::kFloat, {2, 3});
    Dev self(kX, at::kFloat, {2, 3});
    Dev target(kT, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev half_out(std::vector<double>(6), at::kHalf, {2, 3});
    Dev nchw_out(std::vector<double>(6), at::kFloat, {2, 3}, {}, 0, ACL_FORMAT_NCHW);
    Dev g4(std::vector<double>(4), at::kFloat, {4});
    auto bg = [](const aclTensor* g, const aclTensor* s, const aclTensor* t, const aclTensor* w, const aclTensor* pw,
                 int64_t r, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBinaryCrossEntropyWithLogitsBackwardGetWorkspaceSize(g, s, t, w, pw, r, o, ws, ex);
        };
    };
    ExpectFails(bg(grad.t, self.t, nullptr, nullptr, nullptr, 0, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument target.");
    ExpectFails(bg(grad.t, self.t, target.t, nullptr, nullptr, 0, half_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(bg(grad.t, self.t, target.t, nullptr, nullptr, 0, nchw_out.t), ACLNN_ERR_PARAM_INVALID,
                "Format of self and out can't be different, self [ND], out [NCHW].");
    ExpectFails(bg(g4.t, self.t, target.t, nullptr, nullptr, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "The size of tensor gradOutput [4] must match the size of tensor self [2,3].");
    ExpectFails(bg(grad.t, self.t, target.t, nullptr, nullptr, 3, out.t), ACLNN_ERR_PARAM_INVALID,
                "Reduction should be between 0 and 2, but current is 3");
}

// ================================================================================ SoftMarginLoss

int Sml(const aclTensor* s, const aclTensor* t, int64_t r, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSoftMarginLossGetWorkspaceSize(s, t, r, o, ws, ex); },
                     aclnnSoftMarginLoss);
}

TEST(ReferenceLossSoftMargin, BroadcastAndReductions) {
    const std::vector<double> y = {1.0, -1.0, 1.0};
    Dev self(kX, at::kFloat, {2, 3});
    Dev target(y, at::kFloat, {3});
    const std::vector<double> l = Zip(6, [&](size_t i) { return std::log1p(std::exp(-y[i % 3] * kX[i])); });
    Dev out(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
    ASSERT_EQ(Sml(self.t, target.t, 0, out.t), 0) << LastError();
    ExpectClose(out.Storage(), D(l));
    Dev s(std::vector<double>{9.0}, at::kFloat, {});
    ASSERT_EQ(Sml(self.t, target.t, 1, s.t), 0) << LastError();
    EXPECT_NEAR(One(s), Sum(l) / 6.0, 1e-5);
    ASSERT_EQ(Sml(self.t, target.t, 2, s.t), 0) << LastError();
    EXPECT_NEAR(One(s), Sum(l), 1e-5);
    // CANN does not check the range: every other value runs as sum (GetReductionStr)
    ASSERT_EQ(Sml(self.t, target.t, 9, s.t), 0) << LastError();
    EXPECT_NEAR(One(s), Sum(l), 1e-5);
}

TEST(ReferenceLossSoftMargin, ChecksInCannOrder) {
    Dev self(kX, at::kFloat, {2, 3});
    Dev target(kT, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev ints(kX, at::kInt, {2, 3});
    Dev t4(std::vector<double>(4), at::kFloat, {4});
    Dev out6(std::vector<double>(6), at::kFloat, {6});
    auto sml = [](const aclTensor* s, const aclTensor* t, int64_t r, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSoftMarginLossGetWorkspaceSize(s, t, r, o, ws, ex); };
    };
    // CheckNotNull3Tensor's parameter names
    ExpectFails(sml(nullptr, target.t, 0, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument t0.");
    ExpectFails(sml(self.t, target.t, 0, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument t2.");
    ExpectFails(sml(self.t, ints.t, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor target not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(sml(self.t, t4.t, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "The size of tensor self [2,3] must match the size of tensor target [4].");
    ExpectFails(sml(self.t, target.t, 0, out6.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [2,3], but got [6].");
    ExpectFails(sml(self.t, target.t, 1, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected a 0-dimensional tensor, but Shape of out is [2,3].");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dev bf(kX, at::kBFloat16, {2, 3});
    ExpectFails(sml(bf.t, target.t, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
}

// ================================================================================ SoftMarginLossBackward

int SmlGrad(const aclTensor* g, const aclTensor* s, const aclTensor* t, int64_t r, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnSoftMarginLossBackwardGetWorkspaceSize(g, s, t, r, o, ws, ex);
    }, aclnnSoftMarginLossBackward);
}

TEST(ReferenceLossSoftMarginBackward, BroadcastAndReductions) {
    const std::vector<double> y = {1.0, -1.0, 1.0};
    Dev grad(std::vector<double>{2.0}, at::kFloat, {});
    Dev self(kX, at::kFloat, {2, 3});
    Dev target(y, at::kFloat, {3});
    auto dl = [&](size_t i) {
        const double e = std::exp(-y[i % 3] * kX[i]);
        return -y[i % 3] * e / (1 + e);
    };
    Dev out(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
    ASSERT_EQ(SmlGrad(grad.t, self.t, target.t, 0, out.t), 0) << LastError();
    ExpectClose(out.Storage(), D(Zip(6, [&](size_t i) { return 2.0 * dl(i); })));
    ASSERT_EQ(SmlGrad(grad.t, self.t, target.t, 1, out.t), 0) << LastError();
    ExpectClose(out.Storage(), D(Zip(6, [&](size_t i) { return 2.0 * dl(i) / 6.0; })));
    // the mean divides by the broadcast shape's count: a [3] self against a [2,3] target
    Dev self3(std::vector<double>{-2.0, -0.5, 0.0}, at::kFloat, {3});
    Dev target23(std::vector<double>{1, -1, 1, -1, 1, -1}, at::kFloat, {2, 3});
    ASSERT_EQ(SmlGrad(grad.t, self3.t, target23.t, 1, out.t), 0) << LastError();
    const std::vector<double> xs = {-2.0, -0.5, 0.0}, ts = {1, -1, 1, -1, 1, -1};
    ExpectClose(out.Storage(), D(Zip(6, [&](size_t i) {
                    const double e = std::exp(-ts[i] * xs[i % 3]);
                    return 2.0 * -ts[i] * e / (1 + e) / 6.0;
                })));
}

TEST(ReferenceLossSoftMarginBackward, ChecksInCannOrder) {
    Dev grad(kT, at::kFloat, {2, 3});
    Dev self(kX, at::kFloat, {2, 3});
    Dev target(kT, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev t4(std::vector<double>(4), at::kFloat, {4});
    Dev out6(std::vector<double>(6), at::kFloat, {6});
    auto sg = [](const aclTensor* g, const aclTensor* s, const aclTensor* t, int64_t r, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnSoftMarginLossBackwardGetWorkspaceSize(g, s, t, r, o, ws, ex);
        };
    };
    ExpectFails(sg(grad.t, self.t, target.t, 0, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument t3.");
    ExpectFails(sg(grad.t, self.t, t4.t, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "The size of tensor target [4] must match the size [2,3].");
    ExpectFails(sg(grad.t, self.t, target.t, 0, out6.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [2,3], but got [6].");
    ExpectFails(sg(grad.t, self.t, target.t, 4, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected reduction to be between 0 and 2, but got 4.");
}

// ================================================================================ KlDivBackward

int KlDivGrad(const aclTensor* g, const aclTensor* s, const aclTensor* t, int64_t r, bool lt, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnKlDivBackwardGetWorkspaceSize(g, s, t, r, lt, o, ws, ex);
    }, aclnnKlDivBackward);
}

// self [3] against target [2,3]: the gradient summed over the broadcast dim back to self's shape; each reduction's
// divisor (mean: 6 elements, batchmean: dim 0 = 2), logTarget's two forms.
TEST(ReferenceLossKlDivBackward, ReductionsLogTargetAndBroadcast) {
    const std::vector<double> tv = {0.5, 0.0, 2.0, -1.0, 0.25, 1.5};
    Dev grad(std::vector<double>{3.0}, at::kFloat, {});
    Dev self(std::vector<double>{0.1, 0.2, 0.3}, at::kFloat, {3});
    Dev target(tv, at::kFloat, {2, 3});
    Dev out(std::vector<double>(3, 9.0), at::kFloat, {3});
    auto want = [&](bool lt, double div) {
        std::vector<double> w(3, 0.0);
        for (size_t i = 0; i < 6; ++i) {
            const double t = tv[i];
            w[i % 3] += (lt ? -std::exp(t) * 3.0 : (t > 0 ? -t * 3.0 : 0.0)) / div;
        }
        return w;
    };
    struct C { int64_t r; double div; };
    for (bool lt : {false, true}) {
        for (const C& k : {C{0, 1.0}, C{1, 6.0}, C{2, 1.0}, C{3, 2.0}, C{7, 1.0}}) {
            ASSERT_EQ(KlDivGrad(grad.t, self.t, target.t, k.r, lt, out.t), 0) << LastError();
            ExpectClose(out.Storage(), D(want(lt, k.div)));
        }
    }
}

TEST(ReferenceLossKlDivBackward, ChecksInCannOrder) {
    Dev grad(kT, at::kFloat, {2, 3});
    Dev self(kX, at::kFloat, {2, 3});
    Dev target(kT, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev int_out(std::vector<double>(6), at::kInt, {2, 3});
    Dev ints(kX, at::kInt, {2, 3});
    Dev g4(std::vector<double>(4), at::kFloat, {4});
    Dev g23(std::vector<double>(12), at::kFloat, {2, 2, 3});
    Dev out6(std::vector<double>(6), at::kFloat, {6});
    auto kg = [](const aclTensor* g, const aclTensor* s, const aclTensor* t, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnKlDivBackwardGetWorkspaceSize(g, s, t, 1, false, o, ws, ex); };
    };
    ExpectFails(kg(grad.t, nullptr, target.t, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument t1.");
    // the cast check comes before the lists
    ExpectFails(kg(ints.t, self.t, target.t, int_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(kg(ints.t, self.t, target.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradOutput not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(kg(g4.t, self.t, target.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Except shape of gradOutput must broadcast to [2,3], but current is [4].");
    // broadcastable, but to a larger shape than self and target's
    ExpectFails(kg(g23.t, self.t, target.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Except shape of gradOutput must broadcast to [2,3], but current is [2,2,3].");
    ExpectFails(kg(grad.t, self.t, target.t, out6.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [2,3] does not equal [6].");
}

// ================================================================================ KlDivTargetBackward

int KlDivTargetGrad(const aclTensor* g, const aclTensor* s, const aclTensor* t, int64_t r, bool lt, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnKlDivTargetBackwardGetWorkspaceSize(g, s, t, r, lt, o, ws, ex);
    }, aclnnKlDivTargetBackward);
}

TEST(ReferenceLossKlDivTargetBackward, ReductionsLogTargetAndBroadcast) {
    const std::vector<double> xv = {-0.5, 0.25, 1.0, 2.0, -1.5, 0.0};
    const std::vector<double> tv = {0.5, 2.0, 1.25};
    Dev grad(std::vector<double>{1.5, -2.0, 0.5, 1.0, 0.25, -1.0}, at::kFloat, {2, 3});
    const std::vector<double> gv = {1.5, -2.0, 0.5, 1.0, 0.25, -1.0};
    Dev self(xv, at::kFloat, {2, 3});
    Dev target(tv, at::kFloat, {3});
    Dev out(std::vector<double>(3, 9.0), at::kFloat, {3});
    auto want = [&](bool lt, double div) {
        std::vector<double> w(3, 0.0);
        for (size_t i = 0; i < 6; ++i) {
            const double t = tv[i % 3], x = xv[i], g = gv[i] / div;
            w[i % 3] += lt ? g * (t - x + 1.0) * std::exp(t) : g * (std::log(t) - x + 1.0);
        }
        return w;
    };
    struct C { int64_t r; double div; };
    for (bool lt : {false, true}) {
        for (const C& k : {C{0, 1.0}, C{1, 6.0}, C{2, 1.0}, C{3, 2.0}}) {
            ASSERT_EQ(KlDivTargetGrad(grad.t, self.t, target.t, k.r, lt, out.t), 0) << LastError();
            ExpectClose(out.Storage(), D(want(lt, k.div)));
        }
    }
}

TEST(ReferenceLossKlDivTargetBackward, ChecksInCannOrder) {
    Dev grad(kT, at::kFloat, {2, 3});
    Dev self(kX, at::kFloat, {2, 3});
    Dev target(kT, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev half_out(std::vector<double>(6), at::kHalf, {2, 3});
    Dev out6(std::vector<double>(6), at::kFloat, {6});
    Dev nz(std::vector<double>(6), at::kFloat, {2, 3}, {}, 0, ACL_FORMAT_FRACTAL_NZ);
    auto kt = [](const aclTensor* g, const aclTensor* s, const aclTensor* t, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnKlDivTargetBackwardGetWorkspaceSize(g, s, t, 0, true, o, ws, ex);
        };
    };
    ExpectFails(kt(grad.t, self.t, target.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument t3.");
    ExpectFails(kt(grad.t, self.t, target.t, half_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradTarget expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(kt(grad.t, self.t, target.t, out6.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for target to have same size as tensor for gradTarget, but [2,3] does not equal [6].");
    ExpectFails(kt(nz.t, self.t, target.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Format only support ND");
    // every dtype refused outside Ascend 950 and Atlas A2/A3 (an empty list)
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(kt(grad.t, self.t, target.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradOutput not implemented for DT_FLOAT, should be in dtype support list .");
}

// ================================================================================ NLLLoss

int Nll(const aclTensor* s, const aclTensor* t, const aclTensor* w, int64_t r, int64_t ig, aclTensor* o, aclTensor* tw) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnNLLLossGetWorkspaceSize(s, t, w, r, ig, o, tw, ws, ex);
    }, aclnnNLLLoss);
}

// self [3, 4] log-probabilities, targets {2, 0, 3}, weights per class; ignoreIndex drops a sample from both sums.
TEST(ReferenceLossNll, ReductionsWeightIgnoreIndex) {
    std::vector<double> xv;
    for (int i = 0; i < 12; ++i) xv.push_back(-0.25 * (i % 5) - 0.1 * i);
    const std::vector<double> wv = {1.0, 0.5, 2.0, 1.5};
    const std::vector<int64_t> tv = {2, 0, 3};
    Dev self(xv, at::kFloat, {3, 4});
    Dev target(std::vector<double>{2, 0, 3}, at::kLong, {3});
    Dev weight(wv, at::kFloat, {4});
    Dev none(std::vector<double>(3, 9.0), at::kFloat, {3});
    Dev red(std::vector<double>{9.0}, at::kFloat, {});
    Dev tw(std::vector<double>{9.0}, at::kFloat, {1});
    std::vector<double> l;
    double lsum = 0, wsum = 0;
    for (int n = 0; n < 3; ++n) {
        l.push_back(-wv[tv[n]] * xv[n * 4 + tv[n]]);
        lsum += l.back();
        wsum += wv[tv[n]];
    }
    ASSERT_EQ(Nll(self.t, target.t, weight.t, 0, -100, none.t, tw.t), 0) << LastError();
    ExpectClose(none.Storage(), D(l));
    EXPECT_EQ(One(tw), 9.0);  // reduction none leaves totalWeightOut as it was (the op_api copies it for mean / sum)
    ASSERT_EQ(Nll(self.t, target.t, weight.t, 1, -100, red.t, tw.t), 0) << LastError();
    EXPECT_NEAR(One(red), lsum / wsum, 1e-5);
    EXPECT_NEAR(One(tw), wsum, 1e-5);
    ASSERT_EQ(Nll(self.t, target.t, weight.t, 2, -100, red.t, tw.t), 0) << LastError();
    EXPECT_NEAR(One(red), lsum, 1e-5);
    // ignoreIndex 0: the second sample leaves both sums
    ASSERT_EQ(Nll(self.t, target.t, weight.t, 1, 0, red.t, tw.t), 0) << LastError();
    EXPECT_NEAR(One(red), (l[0] + l[2]) / (wv[2] + wv[3]), 1e-5);
    EXPECT_NEAR(One(tw), wv[2] + wv[3], 1e-5);
    // a 1-D self with a 0-D target (no batch dim)
    Dev self1(std::vector<double>{-1.0, -2.0, -0.5, -3.0}, at::kFloat, {4});
    Dev t0(std::vector<double>{2}, at::kInt, {});
    Dev o1(std::vector<double>{9.0}, at::kFloat, {1});
    ASSERT_EQ(Nll(self1.t, t0.t, weight.t, 0, -100, o1.t, tw.t), 0) << LastError();
    EXPECT_NEAR(One(o1), 2.0 * 0.5, 1e-6);
}

TEST(ReferenceLossNll, ChecksInCannOrder) {
    Dev self(std::vector<double>(12), at::kFloat, {3, 4});
    Dev target(std::vector<double>{0, 1, 2}, at::kLong, {3});
    Dev weight(std::vector<double>(4, 1.0), at::kFloat, {4});
    Dev half_w(std::vector<double>(4, 1.0), at::kHalf, {4});
    Dev ftarget(std::vector<double>{0, 1, 2}, at::kFloat, {3});
    Dev w3(std::vector<double>(3, 1.0), at::kFloat, {3});
    Dev t2(std::vector<double>{0, 1}, at::kLong, {2});
    Dev out(std::vector<double>(3), at::kFloat, {3});
    Dev out2(std::vector<double>(2), at::kFloat, {2});
    Dev red(std::vector<double>(1), at::kFloat, {});
    Dev tw(std::vector<double>(1), at::kFloat, {1});
    Dev tw2(std::vector<double>(2), at::kFloat, {2});
    Dev int_out(std::vector<double>(3), at::kInt, {3});
    auto nl = [](const aclTensor* s, const aclTensor* t, const aclTensor* w, int64_t r, aclTensor* o, aclTensor* twt) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnNLLLossGetWorkspaceSize(s, t, w, r, -100, o, twt, ws, ex); };
    };
    // weight is required
    ExpectFails(nl(self.t, target.t, nullptr, 0, out.t, tw.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument weight.");
    ExpectFails(nl(self.t, target.t, weight.t, 0, out.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "argument lossTotalWeightOut.");
    ExpectFails(nl(self.t, target.t, half_w.t, 0, out.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor weight expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(nl(self.t, target.t, weight.t, 0, int_out.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(nl(self.t, ftarget.t, weight.t, 0, out.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor target not implemented for DT_FLOAT, should be in dtype support list DT_INT64, DT_UINT8, DT_INT32.");
    ExpectFails(nl(self.t, target.t, weight.t, 3, out.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "Reduction should be between 0 and 2, but current is 3.");
    ExpectFails(nl(self.t, t2.t, weight.t, 0, out.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "when self is 1D, target need be 0D; when self is 2D, target need be 1D");
    ExpectFails(nl(self.t, target.t, w3.t, 0, out.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "Weight tensor should be defined for all 4 classes but got weight tensor of shape: [3]");
    ExpectFails(nl(self.t, target.t, weight.t, 0, out2.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "Expect out shape [3], but got: [2].");
    ExpectFails(nl(self.t, target.t, weight.t, 1, out.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "Expected a single element out tensor, but got: [3]");
    ExpectFails(nl(self.t, target.t, weight.t, 1, red.t, tw2.t), ACLNN_ERR_PARAM_INVALID,
                "Shape of totalWeightOut tensor should be [1], but current is [2].");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dev bf(std::vector<double>(12), at::kBFloat16, {3, 4});
    Dev bf_w(std::vector<double>(4, 1.0), at::kBFloat16, {4});
    ExpectFails(nl(bf.t, target.t, bf_w.t, 0, out.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
}

// ================================================================================ NLLLoss2d

// self [2, 3, 1, 2] (N, C, H, W) against target [2, 1, 2]: each pixel's -weight[t] * self[n, t, h, w].
TEST(ReferenceLossNll2d, PixelsReductionsIgnoreIndex) {
    std::vector<double> xv;
    for (int i = 0; i < 12; ++i) xv.push_back(-0.3 * i + 0.1 * (i % 3));
    const std::vector<double> wv = {1.0, 2.0, 0.5};
    const std::vector<int64_t> tv = {2, 0, 1, 2};  // [n][h=0][w]
    Dev self(xv, at::kFloat, {2, 3, 1, 2});
    Dev target(std::vector<double>{2, 0, 1, 2}, at::kInt, {2, 1, 2});
    Dev weight(wv, at::kFloat, {3});
    Dev none(std::vector<double>(4, 9.0), at::kFloat, {2, 1, 2});
    Dev red(std::vector<double>{9.0}, at::kFloat, {1});
    Dev tw(std::vector<double>{9.0}, at::kFloat, {});
    std::vector<double> l;
    double lsum = 0, wsum = 0;
    for (int n = 0; n < 2; ++n) {
        for (int w = 0; w < 2; ++w) {
            const int64_t t = tv[n * 2 + w];
            l.push_back(-wv[t] * xv[n * 6 + t * 2 + w]);
            lsum += l.back();
            wsum += wv[t];
        }
    }
    auto run = [&](int64_t r, int64_t ig, aclTensor* o) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnNLLLoss2dGetWorkspaceSize(self.t, target.t, weight.t, r, ig, o, tw.t, ws, ex);
        }, aclnnNLLLoss2d);
    };
    ASSERT_EQ(run(0, -100, none.t), 0) << LastError();
    ExpectClose(none.Storage(), D(l));
    EXPECT_EQ(One(tw), 9.0);
    ASSERT_EQ(run(1, -100, red.t), 0) << LastError();
    EXPECT_NEAR(One(red), lsum / wsum, 1e-5);
    EXPECT_NEAR(One(tw), wsum, 1e-5);
    ASSERT_EQ(run(2, 2, red.t), 0) << LastError();  // ignoreIndex 2: pixels 0 and 3 drop out
    EXPECT_NEAR(One(red), l[1] + l[2], 1e-5);
    EXPECT_NEAR(One(tw), wv[0] + wv[1], 1e-5);
}

TEST(ReferenceLossNll2d, ChecksInCannOrder) {
    Dev self(std::vector<double>(12), at::kFloat, {2, 3, 1, 2});
    Dev self3(std::vector<double>(6), at::kFloat, {2, 3, 1});
    Dev target(std::vector<double>(4), at::kLong, {2, 1, 2});
    Dev target2(std::vector<double>(4), at::kLong, {2, 2});
    Dev target_bad(std::vector<double>(6), at::kLong, {2, 1, 3});
    Dev weight(std::vector<double>(3, 1.0), at::kFloat, {3});
    Dev half_w(std::vector<double>(3, 1.0), at::kHalf, {3});
    Dev w2(std::vector<double>(2, 1.0), at::kFloat, {2});
    Dev out(std::vector<double>(4), at::kFloat, {2, 1, 2});
    Dev out2(std::vector<double>(2), at::kFloat, {2});
    Dev tw(std::vector<double>(1), at::kFloat, {1});
    auto n2 = [](const aclTensor* s, const aclTensor* t, const aclTensor* w, int64_t r, aclTensor* o, aclTensor* twt) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnNLLLoss2dGetWorkspaceSize(s, t, w, r, -100, o, twt, ws, ex); };
    };
    ExpectFails(n2(self.t, target.t, weight.t, 0, out.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument totalWeightOut.");
    ExpectFails(n2(self.t, target.t, half_w.t, 0, out.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self expected dtype is DT_FLOAT16 but found DT_FLOAT.");
    ExpectFails(n2(self.t, target.t, weight.t, 3, out.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "Reduction should be between 0 and 2, but current is [3].");
    ExpectFails(n2(self3.t, target.t, weight.t, 0, out.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "Input tensor dim should be 4D, other dim not supported.");
    ExpectFails(n2(self.t, target.t, w2.t, 0, out.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "Input tensor x[1] should be equal to weight[0].");
    ExpectFails(n2(self.t, target2.t, weight.t, 0, out.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "target tensor dim should be 3D, other dim not supported.");
    ExpectFails(n2(self.t, target_bad.t, weight.t, 0, out.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "size mismatch got input: [[2,3,1,2]], target: [[2,1,3]].");
    ExpectFails(n2(self.t, target.t, weight.t, 0, out2.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as tensor for target, but [2] does not equal [2,1,2].");
    ExpectFails(n2(self.t, target.t, weight.t, 1, out2.t, tw.t), ACLNN_ERR_PARAM_INVALID,
                "Shape of out tensor should be [1], but current is [2].");
}

// ================================================================================ NLLLossBackward

int NllGrad(const aclTensor* g, const aclTensor* s, const aclTensor* t, const aclTensor* w, int64_t r, int64_t ig,
            const aclTensor* tw, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnNLLLossBackwardGetWorkspaceSize(g, s, t, w, r, ig, tw, o, ws, ex);
    }, aclnnNLLLossBackward);
}

TEST(ReferenceLossNllBackward, ReductionsAndIgnoreIndex) {
    const std::vector<double> wv = {1.0, 0.5, 2.0, 1.5};
    const std::vector<int64_t> tv = {2, 0, 3};
    Dev self(std::vector<double>(12, -1.0), at::kFloat, {3, 4});
    Dev target(std::vector<double>{2, 0, 3}, at::kInt, {3});
    Dev weight(wv, at::kFloat, {4});
    Dev tw(std::vector<double>{4.0}, at::kFloat, {1});
    Dev gn(std::vector<double>{1.0, -2.0, 0.5}, at::kFloat, {3});
    Dev g1(std::vector<double>{3.0}, at::kFloat, {});
    Dev out(std::vector<double>(12, 9.0), at::kFloat, {3, 4});
    auto want = [&](const std::vector<double>& g, double div, int64_t ignore) {
        std::vector<double> w(12, 0.0);
        for (int n = 0; n < 3; ++n) {
            if (tv[n] == ignore) continue;
            w[n * 4 + tv[n]] = -wv[tv[n]] * g[g.size() == 1 ? 0 : n] / div;
        }
        return w;
    };
    ASSERT_EQ(NllGrad(gn.t, self.t, target.t, weight.t, 0, -100, tw.t, out.t), 0) << LastError();
    ExpectClose(out.Storage(), D(want({1.0, -2.0, 0.5}, 1.0, -100)));
    ASSERT_EQ(NllGrad(g1.t, self.t, target.t, weight.t, 1, -100, tw.t, out.t), 0) << LastError();
    ExpectClose(out.Storage(), D(want({3.0}, 4.0, -100)));  // mean: divided by totalWeight as given
    ASSERT_EQ(NllGrad(g1.t, self.t, target.t, weight.t, 2, 3, tw.t, out.t), 0) << LastError();
    ExpectClose(out.Storage(), D(want({3.0}, 1.0, 3)));
}

TEST(ReferenceLossNllBackward, ChecksInCannOrder) {
    Dev self(std::vector<double>(12), at::kFloat, {3, 4});
    Dev target(std::vector<double>{0, 1, 2}, at::kLong, {3});
    Dev weight(std::vector<double>(4, 1.0), at::kFloat, {4});
    Dev tw(std::vector<double>{1.0}, at::kFloat, {1});
    Dev half_tw(std::vector<double>{1.0}, at::kHalf, {1});
    Dev tw2(std::vector<double>(2), at::kFloat, {2});
    Dev gn(std::vector<double>(3), at::kFloat, {3});
    Dev g2(std::vector<double>(2), at::kFloat, {2});
    Dev out(std::vector<double>(12), at::kFloat, {3, 4});
    Dev out43(std::vector<double>(12), at::kFloat, {4, 3});
    Dev t2(std::vector<double>{0, 1}, at::kLong, {2});
    auto ng = [](const aclTensor* g, const aclTensor* t, const aclTensor* twt, int64_t r, aclTensor* o,
                 const aclTensor* s, const aclTensor* w) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnNLLLossBackwardGetWorkspaceSize(g, s, t, w, r, -100, twt, o, ws, ex);
        };
    };
    ExpectFails(ng(gn.t, target.t, nullptr, 0, out.t, self.t, weight.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument totalWeight.");
    ExpectFails(ng(gn.t, target.t, half_tw.t, 0, out.t, self.t, weight.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor totalWeight expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(ng(gn.t, t2.t, tw.t, 0, out.t, self.t, weight.t), ACLNN_ERR_PARAM_INVALID,
                "Size mismatch (got input: [3,4], target: [2]) ");
    ExpectFails(ng(gn.t, target.t, tw2.t, 0, out.t, self.t, weight.t), ACLNN_ERR_PARAM_INVALID,
                "Expected totalWeight to be a single element tensor, but current is [2].");
    ExpectFails(ng(g2.t, target.t, tw.t, 0, out.t, self.t, weight.t), ACLNN_ERR_PARAM_INVALID,
                "Expect gradOutput shape [3], but got: [2].");
    ExpectFails(ng(gn.t, target.t, tw.t, 1, out.t, self.t, weight.t), ACLNN_ERR_PARAM_INVALID,
                "Expected a single element grad_output tensor, but got: [3]");
    ExpectFails(ng(gn.t, target.t, tw.t, 0, out43.t, self.t, weight.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [3,4] does not equal [4,3].");
}

// ================================================================================ LayerNormBackward

struct BoolArr {
    aclBoolArray* a;
    explicit BoolArr(std::vector<bool> v) {
        bool b[8] = {};
        for (size_t i = 0; i < v.size(); ++i) b[i] = v[i];
        a = aclCreateBoolArray(b, v.size());
    }
    ~BoolArr() { aclDestroyBoolArray(a); }
    BoolArr(const BoolArr&) = delete;
    BoolArr& operator=(const BoolArr&) = delete;
};
struct IntArr {
    aclIntArray* a;
    explicit IntArr(std::vector<int64_t> v) { a = aclCreateIntArray(v.data(), v.size()); }
    ~IntArr() { aclDestroyIntArray(a); }
    IntArr(const IntArr&) = delete;
    IntArr& operator=(const IntArr&) = delete;
};

// x [3, 4] normalized over [4]: the three gradients against the closed form in double (xhat = (x - mean) * rstd;
// dx = rstd * (w*g - mean(w*g) - xhat * mean(w*g*xhat)); dw = sum_n g * xhat; db = sum_n g), mean and rstd as the
// forward's; each output only where outputMask selects it.
TEST(ReferenceNormLayerNormBackward, GradientsAndMask) {
    std::vector<double> xv, gv;
    for (int i = 0; i < 12; ++i) {
        xv.push_back(std::cos(0.9 * i) * 2.0 + 0.05 * i);
        gv.push_back(std::sin(1.3 * i) - 0.2);
    }
    const std::vector<double> wv = {1.0, -0.5, 2.0, 0.75};
    std::vector<double> mv, rv, dx(12), dw(4, 0.0), db(4, 0.0);
    for (int n = 0; n < 3; ++n) {
        double m = 0, v = 0;
        for (int k = 0; k < 4; ++k) m += xv[n * 4 + k];
        m /= 4;
        for (int k = 0; k < 4; ++k) v += (xv[n * 4 + k] - m) * (xv[n * 4 + k] - m);
        const double r = 1.0 / std::sqrt(v / 4 + 1e-5);
        mv.push_back(m);
        rv.push_back(r);
        double a = 0, b = 0;
        for (int k = 0; k < 4; ++k) {
            const double xh = (xv[n * 4 + k] - m) * r;
            a += wv[k] * gv[n * 4 + k] / 4;
            b += wv[k] * gv[n * 4 + k] * xh / 4;
            dw[k] += gv[n * 4 + k] * xh;
            db[k] += gv[n * 4 + k];
        }
        for (int k = 0; k < 4; ++k) {
            const double xh = (xv[n * 4 + k] - m) * r;
            dx[n * 4 + k] = r * (wv[k] * gv[n * 4 + k] - a - xh * b);
        }
    }
    Dev grad(gv, at::kFloat, {3, 4});
    Dev x(xv, at::kFloat, {3, 4});
    Dev mean(mv, at::kFloat, {3, 1});
    Dev rstd(rv, at::kFloat, {3, 1});
    Dev w(wv, at::kFloat, {4});
    Dev gx(std::vector<double>(12, 9.0), at::kFloat, {3, 4});
    Dev gw(std::vector<double>(4, 9.0), at::kFloat, {4});
    Dev gb(std::vector<double>(4, 9.0), at::kFloat, {1, 4});  // N elements in any shape
    IntArr ns({4});
    auto run = [&](const aclTensor* wt, const BoolArr& m, aclTensor* o0, aclTensor* o1, aclTensor* o2) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnLayerNormBackwardGetWorkspaceSize(grad.t, x.t, ns.a, mean.t, rstd.t, wt, nullptr, m.a, o0, o1,
                                                          o2, ws, ex);
        }, aclnnLayerNormBackward);
    };
    BoolArr all({true, true, true});
    ASSERT_EQ(run(w.t, all, gx.t, gw.t, gb.t), 0) << LastError();
    ExpectClose(gx.Storage(), D(dx), 1e-4, 1e-5);
    ExpectClose(gw.Storage(), D(dw), 1e-4, 1e-5);
    ExpectClose(gb.Storage(), D(db), 1e-4, 1e-5);
    // mask [false, true, false]: only gradWeightOut is written, the others keep their values (NULL allowed)
    Dev gx2(std::vector<double>(12, 9.0), at::kFloat, {3, 4});
    Dev gw2(std::vector<double>(4, 9.0), at::kFloat, {4});
    BoolArr mid({false, true, false});
    ASSERT_EQ(run(w.t, mid, gx2.t, gw2.t, nullptr), 0) << LastError();
    ExpectClose(gx2.Storage(), D(std::vector<double>(12, 9.0)));
    ExpectClose(gw2.Storage(), D(dw), 1e-4, 1e-5);
    // mask [false, false, true], every output given: only gradBiasOut is written (no weight: ones)
    Dev gx3(std::vector<double>(12, 9.0), at::kFloat, {3, 4});
    Dev gw3(std::vector<double>(4, 9.0), at::kFloat, {4});
    Dev gb3(std::vector<double>(4, 9.0), at::kFloat, {4});
    BoolArr last({false, false, true});
    ASSERT_EQ(run(nullptr, last, gx3.t, gw3.t, gb3.t), 0) << LastError();
    ExpectClose(gx3.Storage(), D(std::vector<double>(12, 9.0)));
    ExpectClose(gw3.Storage(), D(std::vector<double>(4, 9.0)));
    ExpectClose(gb3.Storage(), D(db), 1e-4, 1e-5);
    // no weight: ones
    std::vector<double> dx1(12);
    for (int n = 0; n < 3; ++n) {
        double a = 0, b = 0;
        for (int k = 0; k < 4; ++k) {
            const double xh = (xv[n * 4 + k] - mv[n]) * rv[n];
            a += gv[n * 4 + k] / 4;
            b += gv[n * 4 + k] * xh / 4;
        }
        for (int k = 0; k < 4; ++k) dx1[n * 4 + k] = rv[n] * (gv[n * 4 + k] - a - (xv[n * 4 + k] - mv[n]) * rv[n] * b);
    }
    BoolArr first({true, false, false});
    ASSERT_EQ(run(nullptr, first, gx.t, nullptr, nullptr), 0) << LastError();
    ExpectClose(gx.Storage(), D(dx1), 1e-4, 1e-5);
}

TEST(ReferenceNormLayerNormBackward, ChecksInCannOrder) {
    Dev grad(std::vector<double>(12), at::kFloat, {3, 4});
    Dev x(std::vector<double>(12), at::kFloat, {3, 4});
    Dev xh(std::vector<double>(12), at::kHalf, {3, 4});
    Dev mean(std::vector<double>(3), at::kFloat, {3, 1});
    Dev rstd(std::vector<double>(3), at::kFloat, {3, 1});
    Dev mean2(std::vector<double>(2), at::kFloat, {2, 1});
    Dev rstd3(std::vector<double>(3), at::kFloat, {3});
    Dev imean(std::vector<double>(3), at::kInt, {3, 1});
    Dev w3(std::vector<double>(3), at::kFloat, {3});
    Dev w2d(std::vector<double>(4), at::kFloat, {1, 4});
    Dev gx(std::vector<double>(12), at::kFloat, {3, 4});
    Dev gw5(std::vector<double>(5), at::kFloat, {5});
    IntArr ns({4}), empty({});
    BoolArr all({true, true, true}), two({true, true}), first({true, false, false});
    auto lb = [](const aclTensor* g, const aclTensor* in, const aclIntArray* n, const aclTensor* m, const aclTensor* r,
                 const aclTensor* w, const aclBoolArray* mask, aclTensor* o0, aclTensor* o1) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnLayerNormBackwardGetWorkspaceSize(g, in, n, m, r, w, nullptr, mask, o0, o1, nullptr, ws, ex);
        };
    };
    ExpectFails(lb(grad.t, x.t, nullptr, mean.t, rstd.t, nullptr, all.a, gx.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type List[int] for argument normalizedShape but instead found type null.");
    ExpectFails(lb(grad.t, x.t, ns.a, mean.t, rstd.t, nullptr, nullptr, gx.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "argument outputMask");
    ExpectFails(lb(grad.t, x.t, ns.a, mean.t, rstd.t, nullptr, two.a, gx.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Expected aclnnLayerNormBackward outputMask len to be 3, but got 2.");
    // gradWeightOut selected but NULL
    ExpectFails(lb(grad.t, x.t, ns.a, mean.t, rstd.t, nullptr, all.a, gx.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument gradWeightOut.");
    ExpectFails(lb(grad.t, x.t, ns.a, imean.t, rstd.t, nullptr, first.a, gx.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Tensor mean not implemented for DT_INT32, should be in dtype support list DT_FLOAT16, DT_FLOAT, DT_BF16.");
    ExpectFails(lb(grad.t, xh.t, ns.a, mean.t, rstd.t, nullptr, first.a, gx.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found gradOut DT_FLOAT and input DT_FLOAT16.");
    ExpectFails(lb(grad.t, x.t, empty.a, mean.t, rstd.t, nullptr, first.a, gx.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Expected aclnnLayerNormBackward normalizedShape len [0] to be greater than [1] but check failed.");
    ExpectFails(lb(grad.t, x.t, ns.a, mean.t, rstd.t, w3.t, first.a, gx.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Expected normalized index [0] shape [4] be equal to tensor index [0] shape [3], but failed.");
    ExpectFails(lb(grad.t, x.t, ns.a, mean.t, rstd.t, w2d.t, first.a, gx.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Expected 1 dimension input, but got weightOptional with sizes [1,4].");
    ExpectFails(lb(grad.t, x.t, ns.a, mean.t, rstd3.t, nullptr, first.a, gx.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for mean to have same size as tensor for rstd, but [3,1] does not equal [3].");
    ExpectFails(lb(grad.t, x.t, ns.a, mean2.t, mean2.t, nullptr, first.a, gx.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Expected aclnnLayerNormBackward mean shape size [2,1] to be equal to 3 but check failed.");
    ExpectFails(lb(grad.t, x.t, ns.a, mean.t, rstd.t, nullptr, all.a, gx.t, gw5.t), ACLNN_ERR_PARAM_NULLPTR,
                "argument gradBiasOut.");
    // all nine tensors given (CANN's own example does so): every output written - gradBiasOut, the ninth, holds the
    // sum of the (zero) gradOut over the rows, not its initial 5
    Dev w4(std::vector<double>(4, 1.0), at::kFloat, {4});
    Dev b4(std::vector<double>(4), at::kFloat, {4});
    Dev gw4(std::vector<double>(4, 5.0), at::kFloat, {4});
    Dev gb4(std::vector<double>(4, 5.0), at::kFloat, {4});
    const int rc = RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnLayerNormBackwardGetWorkspaceSize(grad.t, x.t, ns.a, mean.t, rstd.t, w4.t, b4.t, all.a, gx.t,
                                                          gw4.t, gb4.t, ws, ex);
        },
        aclnnLayerNormBackward);
    ASSERT_EQ(rc, 0) << LastError();
    EXPECT_EQ(gb4.Values(), std::vector<double>(4, 0.0));
}

// ================================================================================ Norm

int Norm(const aclTensor* s, const aclScalar* p, const aclIntArray* d, bool keep, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNormGetWorkspaceSize(s, p, d, keep, o, ws, ex); },
                     aclnnNorm);
}

// x [2, 3] over a transposed storage: each p (0, 1, 2, 3, +-Inf, and 2^31 meaning Inf) along dim 1, keepdim, and over
// every dim (an empty dim list).
TEST(ReferenceNormNorm, OrdersDimsKeepdim) {
    const std::vector<double> st = {0.5, -2.0, 0.0, 1.5, -1.0, 3.0};  // [3, 2] storage; the view [2, 3] is its transpose
    Dev x(st, at::kFloat, {2, 3}, {1, 2});
    std::vector<std::vector<double>> rows = {{0.5, 0.0, -1.0}, {-2.0, 1.5, 3.0}};
    auto pnorm = [](const std::vector<double>& v, double p) {
        if (std::isinf(p)) {
            double m = p > 0 ? 0.0 : 1e300;
            for (double e : v) m = p > 0 ? std::max(m, std::fabs(e)) : std::min(m, std::fabs(e));
            return m;
        }
        if (p == 0) {
            double n = 0;
            for (double e : v) n += e != 0;
            return n;
        }
        double sum = 0;
        for (double e : v) sum += std::pow(std::fabs(e), p);
        return std::pow(sum, 1.0 / p);
    };
    const double inf = std::numeric_limits<double>::infinity();
    IntArr d1({1}), all({});
    for (double p : {0.0, 1.0, 2.0, 3.0, inf, -inf, 2147483648.0}) {
        aclcpu_test::Scalar ps(static_cast<float>(p));
        const double q = p == 2147483648.0 ? inf : p;
        Dev out(std::vector<double>(2, 9.0), at::kFloat, {2});
        ASSERT_EQ(Norm(x.t, ps.s, d1.a, false, out.t), 0) << LastError();
        ExpectClose(out.Storage(), D({pnorm(rows[0], q), pnorm(rows[1], q)}));
        Dev keep(std::vector<double>(2, 9.0), at::kFloat, {2, 1});
        ASSERT_EQ(Norm(x.t, ps.s, d1.a, true, keep.t), 0) << LastError();
        ExpectClose(keep.Storage(), D({pnorm(rows[0], q), pnorm(rows[1], q)}));
        Dev whole(std::vector<double>{9.0}, at::kFloat, {});
        ASSERT_EQ(Norm(x.t, ps.s, all.a, false, whole.t), 0) << LastError();
        std::vector<double> flat = rows[0];
        flat.insert(flat.end(), rows[1].begin(), rows[1].end());
        EXPECT_NEAR(One(whole), pnorm(flat, q), 1e-5) << "p = " << p;
    }
}

TEST(ReferenceNormNorm, ChecksInCannOrder) {
    Dev x(std::vector<double>(6, 1.0), at::kFloat, {2, 3});
    Dev out(std::vector<double>(2), at::kFloat, {2});
    Dev out3(std::vector<double>(3), at::kFloat, {3});
    Dev ints(std::vector<double>(6, 1.0), at::kInt, {2, 3});
    Dev iout(std::vector<double>(2), at::kInt, {2});
    aclcpu_test::Scalar two(2.0f);
    IntArr d1({1}), d2({2}), dd({1, -1});
    auto nm = [](const aclTensor* s, const aclScalar* p, const aclIntArray* d, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnNormGetWorkspaceSize(s, p, d, false, o, ws, ex); };
    };
    ExpectFails(nm(x.t, nullptr, d1.a, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type number for argument pScalar but instead found type null.");
    ExpectFails(nm(x.t, two.s, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type List[int] for argument dim but instead found type null.");
    ExpectFails(nm(x.t, two.s, d2.a, out.t), ACLNN_ERR_PARAM_INVALID,
                "provided dim 2 not in the range of input tensor size 2.");
    ExpectFails(nm(x.t, two.s, dd.a, out.t), ACLNN_ERR_PARAM_INVALID, "Dim -1 appears multiple times in the list of dims");
    ExpectFails(nm(x.t, two.s, d1.a, out3.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [2], but got [3].");
    // the list on the Ascend 950 (the default profile, a regbase arch) only
    ExpectFails(nm(ints.t, two.s, d1.a, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    // elsewhere an INT32 self with an INT32 out runs (in float32, cast back): sqrt(3) -> 1
    // (device memory does not survive the profile switch: the tensors are made after it)
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev ints2(std::vector<double>(6, 1.0), at::kInt, {2, 3});
    Dev iout2(std::vector<double>(2), at::kInt, {2});
    ASSERT_EQ(Norm(ints2.t, two.s, d1.a, false, iout2.t), 0) << LastError();
    ExpectClose(iout2.Storage(), D({1.0, 1.0}));
}

// ================================================================================ RmsNorm, RmsNormGrad

// x [2, 2, 3] normalized over gamma [2, 3] (the trailing two dims): rstd [2, 1, 1]; and the gradients' closed form.
TEST(ReferenceNormRmsNorm, ForwardAndGradient) {
    std::vector<double> xv, dyv;
    for (int i = 0; i < 12; ++i) {
        xv.push_back(std::sin(0.8 * i) * 1.5 + 0.2);
        dyv.push_back(std::cos(0.5 * i) - 0.1 * i);
    }
    const std::vector<double> gv = {1.0, 0.5, -2.0, 1.5, 0.25, 3.0};
    const double eps = 1e-3;
    std::vector<double> yv(12), rv, dxv(12), dgv(6, 0.0);
    for (int n = 0; n < 2; ++n) {
        double ms = 0;
        for (int k = 0; k < 6; ++k) ms += xv[n * 6 + k] * xv[n * 6 + k] / 6;
        const double r = 1.0 / std::sqrt(ms + eps);
        rv.push_back(r);
        double mgx = 0;
        for (int k = 0; k < 6; ++k) {
            yv[n * 6 + k] = xv[n * 6 + k] * r * gv[k];
            mgx += dyv[n * 6 + k] * gv[k] * xv[n * 6 + k] / 6;
            dgv[k] += dyv[n * 6 + k] * xv[n * 6 + k] * r;
        }
        for (int k = 0; k < 6; ++k) {
            dxv[n * 6 + k] = r * dyv[n * 6 + k] * gv[k] - r * r * r * xv[n * 6 + k] * mgx;
        }
    }
    Dev x(xv, at::kFloat, {2, 2, 3});
    Dev gamma(gv, at::kFloat, {2, 3});
    Dev y(std::vector<double>(12, 9.0), at::kFloat, {2, 2, 3});
    Dev rstd(std::vector<double>(2, 9.0), at::kFloat, {2, 1, 1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnRmsNormGetWorkspaceSize(x.t, gamma.t, eps, y.t, rstd.t, ws, ex);
    }, aclnnRmsNorm), 0) << LastError();
    ExpectClose(y.Storage(), D(yv), 1e-5, 1e-5);
    ExpectClose(rstd.Storage(), D(rv), 1e-5, 1e-5);
    // the gradient, with rstd given as [2] (x_shape[0:n])
    Dev dy(dyv, at::kFloat, {2, 2, 3});
    Dev r1(rv, at::kFloat, {2});
    Dev dx(std::vector<double>(12, 9.0), at::kFloat, {2, 2, 3});
    Dev dg(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnRmsNormGradGetWorkspaceSize(dy.t, x.t, r1.t, gamma.t, dx.t, dg.t, ws, ex);
    }, aclnnRmsNormGrad), 0) << LastError();
    ExpectClose(dx.Storage(), D(dxv), 1e-4, 1e-5);
    ExpectClose(dg.Storage(), D(dgv), 1e-4, 1e-5);
}

TEST(ReferenceNormRmsNorm, ChecksPerProduct) {
    Dev xh(std::vector<double>(12, 1.0), at::kHalf, {2, 6});
    Dev gf(std::vector<double>(6, 1.0), at::kFloat, {6});
    Dev g5(std::vector<double>(5, 1.0), at::kFloat, {5});
    Dev yh(std::vector<double>(12), at::kHalf, {2, 6});
    Dev yf(std::vector<double>(12), at::kFloat, {2, 6});
    Dev rf(std::vector<double>(2), at::kFloat, {2, 1});
    Dev r2(std::vector<double>(2), at::kFloat, {2});
    auto rn = [](const aclTensor* x, const aclTensor* g, aclTensor* y, aclTensor* r) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnRmsNormGetWorkspaceSize(x, g, 1e-6, y, r, ws, ex); };
    };
    ExpectFails(rn(xh.t, nullptr, yh.t, rf.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument gamma.");
    ExpectFails(rn(xh.t, gf.t, yf.t, rf.t), ACLNN_ERR_PARAM_INVALID,
                "aclnnRmsNorm does not support the dtypes x DT_FLOAT16, gamma DT_FLOAT, yOut DT_FLOAT, rstdOut DT_FLOAT");
    ExpectFails(rn(xh.t, g5.t, yh.t, rf.t), ACLNN_ERR_INNER_TILING_ERROR,
                "Expected gamma's shape [5] to be x's trailing dims, x [2,6].");
    ExpectFails(rn(xh.t, gf.t, yh.t, r2.t), ACLNN_ERR_INNER_TILING_ERROR, "Expected rstdOut of shape [2,1], but got [2].");
    // FLOAT16 x with a FLOAT gamma: a row of Ascend 950 and Atlas A2/A3 only
    EXPECT_EQ(RunPhases(rn(xh.t, gf.t, yh.t, rf.t), aclnnRmsNorm), 0) << LastError();
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    ExpectFails(rn(xh.t, gf.t, yh.t, rf.t), ACLNN_ERR_PARAM_INVALID,
                "aclnnRmsNorm does not support the dtypes x DT_FLOAT16, gamma DT_FLOAT, yOut DT_FLOAT16, rstdOut DT_FLOAT");
}

// ================================================================================ Logit, LogitGrad

// eps < 0: log(x / (1 - x)) (NaN outside [0, 1]); eps >= 0: x clamped to [eps, 1 - eps] first. The gradient: dy / (x (1 -
// x)), 0 outside [eps, 1 - eps] for eps >= 0, NaN outside [0, 1] for eps < 0.
TEST(ReferenceLossLogit, EpsForwardAndGradient) {
    const std::vector<double> xv = {-0.5, 0.0, 0.1, 0.3, 0.5, 0.9, 1.0, 1.5};
    const std::vector<double> gv = {1.0, 2.0, -1.0, 0.5, 3.0, -2.0, 1.5, 1.0};
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    Dev x(xv, at::kFloat, {2, 4});
    Dev dy(gv, at::kFloat, {2, 4});
    auto logit = [](double z) { return std::log(z / (1 - z)); };
    for (double eps : {-1.0, 0.25}) {
        Dev out(std::vector<double>(8, 9.0), at::kFloat, {2, 4});
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnLogitGetWorkspaceSize(x.t, eps, out.t, ws, ex);
        }, aclnnLogit), 0) << LastError();
        ExpectClose(out.Storage(), D(Zip(8, [&](size_t i) {
            const double z = eps < 0 ? xv[i] : std::min(std::max(xv[i], eps), 1 - eps);
            if (z < 0 || z > 1) return nan;
            if (z == 0) return -inf;
            if (z == 1) return inf;
            return logit(z);
        })));
        Dev dx(std::vector<double>(8, 9.0), at::kFloat, {2, 4});
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnLogitGradGetWorkspaceSize(x.t, dy.t, eps, dx.t, ws, ex);
        }, aclnnLogitGrad), 0) << LastError();
        ExpectClose(dx.Storage(), D(Zip(8, [&](size_t i) {
            const double v = xv[i];
            if (eps < 0) {
                if (v < 0 || v > 1) return nan;
                return gv[i] / (v * (1 - v));
            }
            if (v < eps || v > 1 - eps) return 0.0;
            return gv[i] / (v * (1 - v));
        })));
    }
}

TEST(ReferenceLossLogit, ChecksPerProduct) {
    Dev x(std::vector<double>(6, 0.5), at::kFloat, {2, 3});
    Dev hout(std::vector<double>(6), at::kHalf, {2, 3});
    Dev out6(std::vector<double>(6), at::kFloat, {6});
    Dev ints(std::vector<double>(6), at::kInt, {2, 3});
    auto lg = [](const aclTensor* in, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogitGetWorkspaceSize(in, -1.0, o, ws, ex); };
    };
    ExpectFails(lg(nullptr, hout.t), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument input.");
    ExpectFails(lg(ints.t, hout.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor input not implemented for DT_INT32, should be in dtype support list DT_BF16, DT_FLOAT16, DT_FLOAT.");
    ExpectFails(lg(x.t, hout.t), ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(lg(x.t, out6.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as tensor for input, but [6] does not equal [2,3].");
    Dev dy3(std::vector<double>(3), at::kFloat, {3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnLogitGradGetWorkspaceSize(x.t, dy3.t, -1.0, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Expected tensor for dy to have same size as tensor for x, but [3] does not equal [2,3].");
    // no configuration outside Ascend 950 and Atlas A2/A3: every dtype refused
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(lg(x.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor input not implemented for DT_FLOAT, should be in dtype support list .");
}

// ================================================================================ GemmaRmsNorm

TEST(ReferenceNormGemmaRmsNorm, ScaleOnePlusGammaPerProduct) {
    const std::vector<double> xv = {0.5, -1.0, 2.0, 0.25, 1.5, -0.75};
    const std::vector<double> gv = {0.5, -0.25, 1.0};
    const double eps = 1e-6;
    std::vector<double> yv(6), rv;
    for (int n = 0; n < 2; ++n) {
        double ms = 0;
        for (int k = 0; k < 3; ++k) ms += xv[n * 3 + k] * xv[n * 3 + k] / 3;
        const double r = 1.0 / std::sqrt(ms + eps);
        rv.push_back(r);
        for (int k = 0; k < 3; ++k) yv[n * 3 + k] = xv[n * 3 + k] * r * (1.0 + gv[k]);
    }
    Dev x(xv, at::kFloat, {2, 3});
    Dev g(gv, at::kFloat, {3});
    Dev y(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
    Dev r(std::vector<double>(2, 9.0), at::kFloat, {2, 1});
    auto gr = [&](const aclTensor* xx, const aclTensor* gg, aclTensor* yy, aclTensor* rr) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGemmaRmsNormGetWorkspaceSize(xx, gg, eps, yy, rr, ws, ex); };
    };
    ASSERT_EQ(RunPhases(gr(x.t, g.t, y.t, r.t), aclnnGemmaRmsNorm), 0) << LastError();
    ExpectClose(y.Storage(), D(yv), 1e-5, 1e-6);
    ExpectClose(r.Storage(), D(rv), 1e-5, 1e-6);
    Dev xh(xv, at::kHalf, {2, 3});
    Dev yh(std::vector<double>(6), at::kHalf, {2, 3});
    // FLOAT16 x with a FLOAT gamma: a row of the Ascend 950 (the default profile), not of Atlas A2
    EXPECT_EQ(RunPhases(gr(xh.t, g.t, yh.t, r.t), aclnnGemmaRmsNorm), 0) << LastError();
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        ExpectFails(gr(xh.t, g.t, yh.t, r.t), ACLNN_ERR_PARAM_INVALID,
                    "aclnnGemmaRmsNorm does not support the dtypes x DT_FLOAT16, gamma DT_FLOAT, yOut DT_FLOAT16, "
                    "rstdOut DT_FLOAT on this product.");
    }
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    ExpectFails(gr(x.t, g.t, y.t, r.t), ACLNN_ERR_PARAM_INVALID, "aclnnGemmaRmsNorm does not support the dtypes x DT_FLOAT");
}

// ================================================================================ AddRmsNorm

// x1 + x2 normalized over gamma's [3]; the three modes: rstdOut given (all written), xOut alone, neither.
TEST(ReferenceNormAddRmsNorm, ModesAndValues) {
    const std::vector<double> av = {0.5, -1.0, 2.0, 0.25, 1.5, -0.75};
    const std::vector<double> bv = {0.25, 0.5, -1.0, 1.0, -0.5, 0.25};
    const std::vector<double> gv = {1.0, -0.5, 2.0};
    const double eps = 1e-6;
    std::vector<double> xs(6), yv(6), rv;
    for (int i = 0; i < 6; ++i) xs[i] = av[i] + bv[i];
    for (int n = 0; n < 2; ++n) {
        double ms = 0;
        for (int k = 0; k < 3; ++k) ms += xs[n * 3 + k] * xs[n * 3 + k] / 3;
        const double r = 1.0 / std::sqrt(ms + eps);
        rv.push_back(r);
        for (int k = 0; k < 3; ++k) yv[n * 3 + k] = xs[n * 3 + k] * r * gv[k];
    }
    Dev a(av, at::kFloat, {2, 3});
    Dev b(bv, at::kFloat, {2, 3});
    Dev g(gv, at::kFloat, {3});
    auto run = [&](aclTensor* y, aclTensor* r, aclTensor* x) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAddRmsNormGetWorkspaceSize(a.t, b.t, g.t, eps, y, r, x, ws, ex);
        }, aclnnAddRmsNorm);
    };
    Dev y(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
    Dev r(std::vector<double>(2, 9.0), at::kFloat, {2, 1});
    Dev x(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
    ASSERT_EQ(run(y.t, r.t, x.t), 0) << LastError();
    ExpectClose(y.Storage(), D(yv), 1e-5, 1e-6);
    ExpectClose(r.Storage(), D(rv), 1e-5, 1e-6);
    ExpectClose(x.Storage(), D(xs));
    // FLOAT16 for the pre / post modes (their list is FLOAT16, BF16)
    Dev ah(av, at::kHalf, {2, 3});
    Dev bh(bv, at::kHalf, {2, 3});
    Dev gh(gv, at::kHalf, {3});
    Dev yh(std::vector<double>(6, 9.0), at::kHalf, {2, 3});
    Dev xh(std::vector<double>(6, 9.0), at::kHalf, {2, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAddRmsNormGetWorkspaceSize(ah.t, bh.t, gh.t, eps, yh.t, nullptr, xh.t, ws, ex);
    }, aclnnAddRmsNorm), 0) << LastError();
    ExpectClose(yh.Storage(), D(yv), 2e-3, 2e-3);
    ExpectClose(xh.Storage(), D(xs), 1e-3, 1e-3);
    Dev yh2(std::vector<double>(6, 9.0), at::kHalf, {2, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAddRmsNormGetWorkspaceSize(ah.t, bh.t, gh.t, eps, yh2.t, nullptr, nullptr, ws, ex);
    }, aclnnAddRmsNorm), 0) << LastError();
    ExpectClose(yh2.Storage(), D(yv), 2e-3, 2e-3);
}

TEST(ReferenceNormAddRmsNorm, ChecksInCannOrder) {
    Dev a(std::vector<double>(6, 1.0), at::kFloat, {2, 3});
    Dev b(std::vector<double>(6, 1.0), at::kFloat, {2, 3});
    Dev bh(std::vector<double>(6, 1.0), at::kHalf, {2, 3});
    Dev b6(std::vector<double>(6, 1.0), at::kFloat, {6});
    Dev g(std::vector<double>(3, 1.0), at::kFloat, {3});
    Dev g2(std::vector<double>(2, 1.0), at::kFloat, {2});
    Dev y(std::vector<double>(6), at::kFloat, {2, 3});
    Dev r(std::vector<double>(2), at::kFloat, {2, 1});
    Dev rh(std::vector<double>(2), at::kHalf, {2, 1});
    Dev x(std::vector<double>(6), at::kFloat, {2, 3});
    auto ar = [](const aclTensor* x1, const aclTensor* x2, const aclTensor* gg, aclTensor* yy, aclTensor* rr,
                 aclTensor* xx) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAddRmsNormGetWorkspaceSize(x1, x2, gg, 1e-6, yy, rr, xx, ws, ex);
        };
    };
    ExpectFails(ar(a.t, nullptr, g.t, y.t, r.t, x.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument inputTensor.x2.");
    ExpectFails(ar(a.t, b.t, g.t, y.t, r.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument outputTensor.xOut.");
    ExpectFails(ar(a.t, bh.t, g.t, y.t, r.t, x.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found inputTensor.x1 DT_FLOAT and inputTensor.x2 DT_FLOAT16.");
    ExpectFails(ar(a.t, b.t, g.t, y.t, rh.t, x.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor outputTensor.rstdOut expected dtype is DT_FLOAT but found DT_FLOAT16.");
    // FLOAT is refused without rstdOut (the pre / post modes' list)
    ExpectFails(ar(a.t, b.t, g.t, y.t, nullptr, x.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor inputTensor.x1 not implemented for DT_FLOAT, should be in dtype support list DT_FLOAT16, DT_BF16.");
    ExpectFails(ar(a.t, b6.t, g.t, y.t, r.t, x.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for inputTensor.x1 to have same size as tensor for inputTensor.x2, but [2,3] does not "
                "equal [6].");
    ExpectFails(ar(a.t, b.t, g2.t, y.t, r.t, x.t), ACLNN_ERR_INNER_TILING_ERROR,
                "Expected gamma's shape [2] to be x1's trailing dims, x1 [2,3].");
}

// ================================================================================ InplaceAddRmsNorm

// x1Ref receives the normalized sum, x2Ref the sum; the products' dtype rows.
TEST(ReferenceNormInplaceAddRmsNorm, ValuesAndProducts) {
    const std::vector<double> av = {0.5, -1.0, 2.0, 0.25, 1.5, -0.75};
    const std::vector<double> bv = {0.25, 0.5, -1.0, 1.0, -0.5, 0.25};
    const std::vector<double> gv = {1.0, -0.5, 2.0};
    const double eps = 1e-6;
    std::vector<double> xs(6), yv(6), rv;
    for (int i = 0; i < 6; ++i) xs[i] = av[i] + bv[i];
    for (int n = 0; n < 2; ++n) {
        double ms = 0;
        for (int k = 0; k < 3; ++k) ms += xs[n * 3 + k] * xs[n * 3 + k] / 3;
        const double r = 1.0 / std::sqrt(ms + eps);
        rv.push_back(r);
        for (int k = 0; k < 3; ++k) yv[n * 3 + k] = xs[n * 3 + k] * r * gv[k];
    }
    Dev a(av, at::kFloat, {2, 3});
    Dev b(bv, at::kFloat, {2, 3});
    Dev g(gv, at::kFloat, {3});
    Dev r(std::vector<double>(2, 9.0), at::kFloat, {2, 1});
    auto ia = [&](aclTensor* x1, aclTensor* x2, const aclTensor* gg, const aclTensor* rr) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnInplaceAddRmsNormGetWorkspaceSize(x1, x2, gg, eps, rr, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(ia(a.t, b.t, g.t, r.t), aclnnInplaceAddRmsNorm), 0) << LastError();
    ExpectClose(a.Storage(), D(yv), 1e-5, 1e-6);
    ExpectClose(b.Storage(), D(xs));
    ExpectClose(r.Storage(), D(rv), 1e-5, 1e-6);
    Dev gh(gv, at::kHalf, {3});
    ExpectFails(ia(a.t, b.t, gh.t, r.t), ACLNN_ERR_PARAM_INVALID,
                "aclnnInplaceAddRmsNorm does not support the dtypes x1Ref DT_FLOAT, x2Ref DT_FLOAT, gamma DT_FLOAT16, "
                "rstdOut DT_FLOAT on this product.");
    Dev r3(std::vector<double>(2), at::kFloat, {2});
    ExpectFails(ia(a.t, b.t, g.t, r3.t), ACLNN_ERR_INNER_TILING_ERROR, "Expected rstdOut of shape [2,1], but got [2].");
    // no configuration on the Ascend910
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(ia(a.t, b.t, g.t, r.t), ACLNN_ERR_PARAM_INVALID, "aclnnInplaceAddRmsNorm does not support the dtypes");
}

// ================================================================================ DeepNorm

TEST(ReferenceNormDeepNorm, ValuesAndProducts) {
    const std::vector<double> xv = {0.5, -1.0, 2.0, 0.25, 1.5, -0.75};
    const std::vector<double> gxv = {0.25, 0.5, -1.0, 1.0, -0.5, 0.25};
    const std::vector<double> gv = {1.0, -0.5, 2.0}, bv = {0.1, 0.2, -0.3};
    const double alpha = 0.75, eps = 1e-5;
    std::vector<double> yv(6), mv, rv;
    for (int n = 0; n < 2; ++n) {
        double xp[3], m = 0, v = 0;
        for (int k = 0; k < 3; ++k) {
            xp[k] = alpha * xv[n * 3 + k] + gxv[n * 3 + k];
            m += xp[k] / 3;
        }
        for (int k = 0; k < 3; ++k) v += (xp[k] - m) * (xp[k] - m) / 3;
        const double r = 1.0 / std::sqrt(v + eps);
        mv.push_back(m);
        rv.push_back(r);
        for (int k = 0; k < 3; ++k) yv[n * 3 + k] = (xp[k] - m) * r * gv[k] + bv[k];
    }
    Dev x(xv, at::kFloat, {2, 3});
    Dev gx(gxv, at::kFloat, {2, 3});
    Dev beta(bv, at::kFloat, {3});
    Dev gamma(gv, at::kFloat, {3});
    Dev mean(std::vector<double>(2, 9.0), at::kFloat, {2, 1});
    Dev rstd(std::vector<double>(2, 9.0), at::kFloat, {2, 1});
    Dev y(std::vector<double>(6, 9.0), at::kFloat, {2, 3});
    auto dn = [&](const aclTensor* b) {
        return [=, &x, &gx, &gamma, &mean, &rstd, &y](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnDeepNormGetWorkspaceSize(x.t, gx.t, b, gamma.t, alpha, eps, mean.t, rstd.t, y.t, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(dn(beta.t), aclnnDeepNorm), 0) << LastError();
    ExpectClose(y.Storage(), D(yv), 1e-5, 1e-6);
    ExpectClose(mean.Storage(), D(mv), 1e-5, 1e-6);
    ExpectClose(rstd.Storage(), D(rv), 1e-5, 1e-6);
    Dev bh(bv, at::kHalf, {3});
    ExpectFails(dn(bh.t), ACLNN_ERR_PARAM_INVALID, "aclnnDeepNorm does not support the dtypes x DT_FLOAT, gx DT_FLOAT, "
                                                   "beta DT_FLOAT16");
    Dev b2(std::vector<double>(2), at::kFloat, {2});
    ExpectFails(dn(b2.t), ACLNN_ERR_INNER_TILING_ERROR, "Expected beta to have gamma's shape [3], but got [2].");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    ExpectFails(dn(beta.t), ACLNN_ERR_PARAM_INVALID, "aclnnDeepNorm does not support the dtypes");
}

// ================================================================================ GroupNorm

int GroupNorm(const aclTensor* x, const aclTensor* g, const aclTensor* b, int64_t N, int64_t C, int64_t HxW,
              int64_t group, double eps, aclTensor* o, aclTensor* m, aclTensor* r) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGroupNormGetWorkspaceSize(x, g, b, N, C, HxW, group, eps, o, m, r, ws, ex);
    }, aclnnGroupNorm);
}

// x [2, 4, 3] in two groups of two channels: mean, rstd and out per (sample, group) in double.
TEST(ReferenceNormGroupNorm, StatisticsAndAffine) {
    std::vector<double> xv;
    for (int i = 0; i < 24; ++i) xv.push_back(std::sin(0.7 * i) * 3.0 + 0.1 * i);
    const std::vector<double> gv = {1.0, 2.0, -0.5, 0.25}, bv = {0.0, 1.0, -1.0, 0.5};
    Dev x(xv, at::kFloat, {2, 4, 3});
    Dev gamma(gv, at::kFloat, {4});
    Dev beta(bv, at::kFloat, {4});
    Dev out(std::vector<double>(24, 9.0), at::kFloat, {2, 4, 3});
    Dev mean(std::vector<double>(4, 9.0), at::kFloat, {2, 2});
    Dev rstd(std::vector<double>(4, 9.0), at::kFloat, {2, 2});
    const double eps = 1e-3;
    ASSERT_EQ(GroupNorm(x.t, gamma.t, beta.t, 2, 4, 3, 2, eps, out.t, mean.t, rstd.t), 0) << LastError();
    std::vector<double> want(24), wm, wr;
    for (int n = 0; n < 2; ++n) {
        for (int g = 0; g < 2; ++g) {
            const int base = n * 12 + g * 6;
            double m = 0, v = 0;
            for (int k = 0; k < 6; ++k) m += xv[base + k];
            m /= 6;
            for (int k = 0; k < 6; ++k) v += (xv[base + k] - m) * (xv[base + k] - m);
            v /= 6;
            const double r = 1.0 / std::sqrt(v + eps);
            wm.push_back(m);
            wr.push_back(r);
            for (int k = 0; k < 6; ++k) {
                const int ch = g * 2 + k / 3;
                want[base + k] = (xv[base + k] - m) * r * gv[ch] + bv[ch];
            }
        }
    }
    ExpectClose(out.Storage(), D(want), 1e-5, 1e-5);
    ExpectClose(mean.Storage(), D(wm), 1e-5, 1e-5);
    ExpectClose(rstd.Storage(), D(wr), 1e-5, 1e-5);
    // without gamma and beta: ones and zeros
    ASSERT_EQ(GroupNorm(x.t, nullptr, nullptr, 2, 4, 3, 2, eps, out.t, mean.t, rstd.t), 0) << LastError();
    std::vector<double> plain(24);
    for (int i = 0; i < 24; ++i) plain[i] = (xv[i] - wm[i / 6]) * wr[i / 6];
    ExpectClose(out.Storage(), D(plain), 1e-5, 1e-5);
}

TEST(ReferenceNormGroupNorm, ChecksInCannOrder) {
    Dev x(std::vector<double>(24, 1.0), at::kFloat, {2, 4, 3});
    Dev out(std::vector<double>(24), at::kFloat, {2, 4, 3});
    Dev mean(std::vector<double>(4), at::kFloat, {2, 2});
    Dev rstd(std::vector<double>(4), at::kFloat, {2, 2});
    Dev half_g(std::vector<double>(4), at::kHalf, {4});
    Dev g3(std::vector<double>(3), at::kFloat, {3});
    Dev ints(std::vector<double>(24), at::kInt, {2, 4, 3});
    Dev m3(std::vector<double>(3), at::kFloat, {3});
    Dev nhwc(std::vector<double>(24, 1.0), at::kFloat, {2, 4, 3}, {}, 0, ACL_FORMAT_NHWC);
    Dev nhwc_out(std::vector<double>(24), at::kFloat, {2, 4, 3}, {}, 0, ACL_FORMAT_NHWC);
    auto gn = [](const aclTensor* xx, const aclTensor* g, int64_t N, int64_t C, int64_t HxW, int64_t group, double eps,
                 aclTensor* o, aclTensor* m, aclTensor* r) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnGroupNormGetWorkspaceSize(xx, g, nullptr, N, C, HxW, group, eps, o, m, r, ws, ex);
        };
    };
    // CheckNotNull4Tensor's parameter names
    ExpectFails(gn(nullptr, nullptr, 2, 4, 3, 2, 1e-5, out.t, mean.t, rstd.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument t0.");
    ExpectFails(gn(x.t, nullptr, 2, 4, 3, 2, 1e-5, out.t, mean.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument t3.");
    ExpectFails(gn(ints.t, nullptr, 2, 4, 3, 2, 1e-5, out.t, mean.t, rstd.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT16, DT_BF16, DT_FLOAT.");
    ExpectFails(gn(x.t, half_g.t, 2, 4, 3, 2, 1e-5, out.t, mean.t, rstd.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gamma expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(gn(x.t, nullptr, 2, 4, 3, 0, 1e-5, out.t, mean.t, rstd.t), ACLNN_ERR_PARAM_INVALID,
                "Expected group to be greater than 0, got 0.");
    ExpectFails(gn(x.t, nullptr, 2, 4, 3, 3, 1e-5, out.t, mean.t, rstd.t), ACLNN_ERR_PARAM_INVALID,
                "Expected number of channels in input to be divisible by group, but got input of shape [2,4,3] and "
                "group=3.");
    ExpectFails(gn(x.t, nullptr, 2, 4, 3, 2, 0.0, out.t, mean.t, rstd.t), ACLNN_ERR_PARAM_INVALID,
                "Expected eps to be greater than 0, got 0.000000.");
    ExpectFails(gn(x.t, nullptr, 2, 4, 3, 2, 1e-5, out.t, m3.t, rstd.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for meanOut to have same size as [2,2], but got [3].");
    ExpectFails(gn(x.t, nullptr, 3, 4, 3, 2, 1e-5, out.t, mean.t, rstd.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for meanOut to have same size as [3,2], but got [2,2].");
    ExpectFails(gn(x.t, nullptr, 2, 4, 2, 2, 1e-5, out.t, mean.t, rstd.t), ACLNN_ERR_PARAM_INVALID,
                "Expected the size of self outside the N and C dimensions == HxW to be true, but got false.");
    ExpectFails(gn(x.t, g3.t, 2, 4, 3, 2, 1e-5, out.t, mean.t, rstd.t), ACLNN_ERR_PARAM_INVALID,
                "Expected gamma to be a vector of size equal to the number of channels in input, but got gamma of "
                "shape [3] and input of shape [2,4,3].");
    ExpectFails(gn(x.t, nullptr, 2, 4, 3, 2, 1e-5, nhwc_out.t, mean.t, rstd.t), ACLNN_ERR_PARAM_INVALID,
                "Format of self and out should be equal, but got self [ND], out [NHWC]");
    ExpectFails(gn(nhwc.t, nullptr, 2, 4, 3, 2, 1e-5, nhwc_out.t, mean.t, rstd.t), ACLNN_ERR_PARAM_INVALID,
                "Format only support ND");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev bf(std::vector<double>(24), at::kBFloat16, {2, 4, 3});
    ExpectFails(gn(bf.t, nullptr, 2, 4, 3, 2, 1e-5, out.t, mean.t, rstd.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT16, DT_FLOAT.");
}

// ================================================================================ Renorm

int Renorm(const aclTensor* s, const aclScalar* p, int64_t dim, const aclScalar* m, aclTensor* o) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnRenormGetWorkspaceSize(s, p, dim, m, o, ws, ex); },
                     aclnnRenorm);
}

// rows of x along dim 0 (and columns along dim 1): each slice's p-norm capped at maxNorm, in double.
std::vector<double> RenormOf(const std::vector<double>& x, int rows, int cols, int dim, double p, double maxn) {
    std::vector<double> y = x;
    const int slices = dim == 0 ? rows : cols, len = dim == 0 ? cols : rows;
    for (int s = 0; s < slices; ++s) {
        auto at = [&](int k) -> double& { return dim == 0 ? y[s * cols + k] : y[k * cols + s]; };
        double norm = 0;
        for (int k = 0; k < len; ++k) norm += std::pow(std::fabs(at(k)), p);
        norm = std::pow(norm, 1.0 / p);
        if (norm > maxn) {
            for (int k = 0; k < len; ++k) at(k) *= maxn / (norm + 1e-7);
        }
    }
    return y;
}

TEST(ReferenceNormRenorm, PDimMaxNorm) {
    const std::vector<double> xv = {0.1, -0.2, 0.1, 3.0, -1.0, 2.0, 0.5, 0.5, -0.25, 1.5, 0.0, -2.5};
    Dev x(xv, at::kFloat, {3, 4});
    Dev out(std::vector<double>(12, 9.0), at::kFloat, {3, 4});
    struct C { float p; int64_t dim; float m; };
    for (const C& k : {C{2.0f, 0, 1.0f}, C{1.0f, 0, 1.0f}, C{2.0f, 1, 1.5f}, C{3.0f, -1, 0.5f}, C{2.0f, -2, 2.0f}}) {
        aclcpu_test::Scalar p(k.p), m(k.m);
        ASSERT_EQ(Renorm(x.t, p.s, k.dim, m.s, out.t), 0) << LastError();
        const int d = k.dim < 0 ? static_cast<int>(k.dim + 2) : static_cast<int>(k.dim);
        ExpectClose(out.Storage(), D(RenormOf(xv, 3, 4, d, k.p, k.m)), 1e-5, 1e-6);
    }
    // in place
    Dev y(xv, at::kFloat, {3, 4});
    aclcpu_test::Scalar p(2.0f), m(1.0f);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceRenormGetWorkspaceSize(y.t, p.s, 0, m.s, ws, ex);
    }, aclnnInplaceRenorm), 0) << LastError();
    ExpectClose(y.Storage(), D(RenormOf(xv, 3, 4, 0, 2.0, 1.0)), 1e-5, 1e-6);
}

TEST(ReferenceNormRenorm, ChecksInCannOrder) {
    Dev x(std::vector<double>(12, 1.0), at::kFloat, {3, 4});
    Dev out(std::vector<double>(12), at::kFloat, {3, 4});
    Dev half_out(std::vector<double>(12), at::kHalf, {3, 4});
    Dev ints(std::vector<double>(12), at::kInt, {3, 4});
    Dev v(std::vector<double>(4), at::kFloat, {4});
    Dev out43(std::vector<double>(12), at::kFloat, {4, 3});
    aclcpu_test::Scalar two(2.0f), one(1.0f), neg(-1.0f);
    auto rn = [](const aclTensor* s, const aclScalar* p, int64_t dim, const aclScalar* m, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnRenormGetWorkspaceSize(s, p, dim, m, o, ws, ex); };
    };
    ExpectFails(rn(nullptr, two.s, 0, one.s, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(rn(x.t, nullptr, 0, one.s, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type number for argument p but instead found type null.");
    ExpectFails(rn(x.t, two.s, 0, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument maxNorm");
    ExpectFails(rn(ints.t, two.s, 0, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(rn(x.t, two.s, 0, one.s, half_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self expected dtype is DT_FLOAT16 but found DT_FLOAT.");
    ExpectFails(rn(v.t, two.s, 0, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "The self tensor must have at least 2 dimensions.");
    ExpectFails(rn(x.t, two.s, 0, one.s, out43.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [3,4] does not equal [4,3].");
    ExpectFails(rn(x.t, neg.s, 0, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "p only support non-negative values, but now p is [-1.000000].");
    ExpectFails(rn(x.t, two.s, 2, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "dim range only support [-dimNum, dimNum - 1], but now dim is [2].");
    ExpectFails(rn(x.t, two.s, -3, one.s, out.t), ACLNN_ERR_PARAM_INVALID, "but now dim is [-3].");
    ExpectFails(rn(x.t, two.s, 0, neg.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "maxNorm should be greater than 0, but now maxNorm is [-1.000000].");
    // BF16: refused on the Ascend910 only (SocVersion >= ASCEND910B takes the 310P too)
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        Dev bf(std::vector<double>(12), at::kBFloat16, {3, 4});
        Dev bf_out(std::vector<double>(12), at::kBFloat16, {3, 4});
        EXPECT_EQ(Renorm(bf.t, two.s, 0, one.s, bf_out.t), 0) << LastError();
    }
    Dev bf(std::vector<double>(12), at::kBFloat16, {3, 4});
    Dev bf_out(std::vector<double>(12), at::kBFloat16, {3, 4});
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(rn(bf.t, two.s, 0, one.s, bf_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
}

}  // namespace loss_norm_reference_test
