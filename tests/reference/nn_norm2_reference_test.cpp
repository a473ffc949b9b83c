// The reference tier's second round of ops-nn normalisations, poolings and the convolution backward through the public
// API (docs/ops/nn_norm.md, nn_pooling.md, nn_conv.md): each formula against an expectation computed here
// independently (ATen in double, closed forms, finite differences of the forward), the attribute mappings
// (outputMask, additionalOutput, activateSilu / activateSwish, swishScale, the *IsRequire flags, the mask's layout),
// and the main checks in CANN's order with their codes and messages, per product where the lists differ. The
// table-driven suite (reference_table_test.cpp) runs each entry's cases on transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "aclnnop/aclnn_ada_layer_norm.h"
#include "aclnnop/aclnn_ada_layer_norm_v2.h"
#include "aclnnop/aclnn_add_layer_norm.h"
#include "aclnnop/aclnn_add_layer_norm_grad.h"
#include "aclnnop/aclnn_add_rms_norm_cast.h"
#include "aclnnop/aclnn_add_rms_norm_dynamic_quant.h"
#include "aclnnop/aclnn_add_rms_norm_quant.h"
#include "aclnnop/aclnn_rms_norm_quant.h"
#include "aclnnop/aclnn_batch_norm_backward.h"
#include "aclnnop/aclnn_batch_norm_backward_reduce.h"
#include "aclnnop/aclnn_batch_norm_stats.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_linalg_vector_norm.h"
#include "aclnnop/aclnn_batch_norm_elemt.h"
#include "aclnnop/aclnn_batch_norm_elemt_backward.h"
#include "aclnnop/aclnn_fast_batch_norm_backward.h"
#include "aclnnop/aclnn_convolution_backward.h"
#include "aclnnop/aclnn_deep_norm_grad.h"
#include "aclnnop/aclnn_group_norm_silu.h"
#include "aclnnop/aclnn_group_norm_swish.h"
#include "aclnnop/aclnn_group_norm_swish_grad.h"
#include "aclnnop/aclnn_max_pool2d_with_indices.h"
#include "aclnnop/aclnn_max_pool2d_with_indices_backward.h"
#include "aclnnop/aclnn_max_pool3d_with_argmax.h"
#include "aclnnop/aclnn_max_pool3d_with_argmax_backward.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit.
namespace nn_norm2_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;

/// n values in [-2, 2] on a 1/16 grid (exact in FLOAT16 and BF16), varied by seed.
std::vector<double> Vals(int64_t n, double seed) {
    std::vector<double> v;
    for (int64_t i = 0; i < n; ++i) v.push_back(std::round(std::sin(static_cast<double>(i) * 0.77 + seed) * 32.0) / 16.0);
    return v;
}

at::Tensor T(const std::vector<double>& v, std::vector<int64_t> shape) {
    return at::tensor(v, at::kDouble).reshape(shape);
}

/// The biased variance over the last dim.
at::Tensor BiasedVar(const at::Tensor& x, bool keepdim) {
    const at::Tensor m = x.mean({-1}, true);
    return (x - m).pow(2).mean({-1}, keepdim);
}

/// An int array owned by the test.
struct Ints {
    aclIntArray* a;
    explicit Ints(std::vector<int64_t> v) : a(aclCreateIntArray(v.data(), v.size())) {}
    ~Ints() { aclDestroyIntArray(a); }
    Ints(const Ints&) = delete;
    Ints& operator=(const Ints&) = delete;
};

struct Bools {
    aclBoolArray* a;
    explicit Bools(std::vector<bool> v) {
        bool b[8] = {};
        for (size_t i = 0; i < v.size(); ++i) b[i] = v[i];
        a = aclCreateBoolArray(b, v.size());
    }
    ~Bools() { aclDestroyBoolArray(a); }
    Bools(const Bools&) = delete;
    Bools& operator=(const Bools&) = delete;
};

void ExpectClose(const at::Tensor& got, const at::Tensor& want, double rtol = 1e-5, double atol = 1e-5) {
    ASSERT_EQ(got.numel(), want.numel());
    const at::Tensor g = got.reshape(want.sizes()).to(at::kDouble);
    EXPECT_TRUE(at::allclose(g, want.to(at::kDouble), rtol, atol)) << "got:\n" << g << "\nwant:\n" << want;
}

/// The central finite difference of f at x (double), element by element: d f / d x.
at::Tensor NumericGrad(const std::function<double(const at::Tensor&)>& f, const at::Tensor& x) {
    at::Tensor g = at::zeros_like(x);
    const double h = 1e-6;
    at::Tensor xf = x.clone().reshape({-1});
    for (int64_t i = 0; i < xf.numel(); ++i) {
        const double v = xf[i].item<double>();
        xf[i] = v + h;
        const double fp = f(xf.reshape(x.sizes()));
        xf[i] = v - h;
        const double fm = f(xf.reshape(x.sizes()));
        xf[i] = v;
        g.reshape({-1})[i] = (fp - fm) / (2 * h);
    }
    return g;
}

// ================================================================================ ConvolutionBackward

struct ConvBwCall {
    const aclTensor* gradOutput;
    const aclTensor* input;
    const aclTensor* weight;
    const aclIntArray* biasSizes;
    const aclIntArray* stride;
    const aclIntArray* padding;
    const aclIntArray* dilation;
    bool transposed;
    const aclIntArray* outputPadding;
    int groups;
    const aclBoolArray* mask;
    int8_t cube;
    aclTensor* gi;
    aclTensor* gw;
    aclTensor* gb;
    std::function<aclnnStatus(uint64_t*, aclOpExecutor**)> First() const {
        ConvBwCall c = *this;
        return [c](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnConvolutionBackwardGetWorkspaceSize(c.gradOutput, c.input, c.weight, c.biasSizes, c.stride,
                                                            c.padding, c.dilation, c.transposed, c.outputPadding,
                                                            c.groups, c.mask, c.cube, c.gi, c.gw, c.gb, ws, ex);
        };
    }
};

// conv2d with groups 2, stride 2, padding 1: the three gradients against ATen's convolution_backward in double.
TEST(ReferenceNnNorm2ConvBackward, Conv2dMatchesAtenInDouble) {
    const std::vector<double> xv = Vals(2 * 4 * 5 * 5, 0.1), wv = Vals(6 * 2 * 3 * 3, 0.7), gv = Vals(2 * 6 * 3 * 3, 1.3);
    Dev input(xv, at::kFloat, {2, 4, 5, 5}), weight(wv, at::kFloat, {6, 2, 3, 3}), go(gv, at::kFloat, {2, 6, 3, 3});
    Dev gi(std::vector<double>(200, 9), at::kFloat, {2, 4, 5, 5}), gw(std::vector<double>(108, 9), at::kFloat, {6, 2, 3, 3});
    Dev gb(std::vector<double>(6, 9), at::kFloat, {6});
    Ints bias({6}), stride({2, 2}), pad({1, 1}), dil({1, 1}), op({0, 0});
    Bools mask({true, true, true});
    ConvBwCall c{go.t, input.t, weight.t, bias.a, stride.a, pad.a, dil.a, false, op.a, 2, mask.a, 0, gi.t, gw.t, gb.t};
    ASSERT_EQ(RunPhases(c.First(), aclnnConvolutionBackward), 0) << LastError();
    auto want = at::convolution_backward(T(gv, {2, 6, 3, 3}), T(xv, {2, 4, 5, 5}), T(wv, {6, 2, 3, 3}),
                                         std::vector<int64_t>{6}, {2, 2}, {1, 1}, {1, 1}, false, {0, 0}, 2,
                                         {true, true, true});
    ExpectClose(gi.Storage(), std::get<0>(want));
    ExpectClose(gw.Storage(), std::get<1>(want));
    ExpectClose(gb.Storage(), std::get<2>(want));
    // gradBias is the sum of gradOutput over N, H, W (closed form)
    ExpectClose(gb.Storage(), T(gv, {2, 6, 3, 3}).sum(std::vector<int64_t>{0, 2, 3}));
}

// outputMask selects the outputs: a false entry leaves its (given) output untouched, a NULL one is accepted.
TEST(ReferenceNnNorm2ConvBackward, OutputMaskSelects) {
    const std::vector<double> xv = Vals(1 * 2 * 6, 0.2), wv = Vals(3 * 2 * 3, 0.9), gv = Vals(1 * 3 * 4, 1.7);
    Dev input(xv, at::kFloat, {1, 2, 6}), weight(wv, at::kFloat, {3, 2, 3}), go(gv, at::kFloat, {1, 3, 4});
    Dev gi(std::vector<double>(12, 9), at::kFloat, {1, 2, 6}), gb(std::vector<double>(3, 9), at::kFloat, {3});
    Ints bias({3}), stride({1}), pad({0}), dil({1}), op({0});
    Bools mask({false, false, true});
    ConvBwCall c{go.t, input.t, weight.t, bias.a, stride.a, pad.a, dil.a, false, op.a, 1, mask.a, 1, gi.t, nullptr, gb.t};
    ASSERT_EQ(RunPhases(c.First(), aclnnConvolutionBackward), 0) << LastError();
    ExpectClose(gi.Storage(), at::full({12}, 9.0, at::kDouble));
    ExpectClose(gb.Storage(), T(gv, {1, 3, 4}).sum(std::vector<int64_t>{0, 2}));
}

// A transposed conv2d and conv2d's four-valued padding, against ATen in double (the padded input's gradient cropped).
TEST(ReferenceNnNorm2ConvBackward, TransposedAndAsymmetricPadding) {
    {
        const std::vector<double> xv = Vals(1 * 4 * 3 * 3, 0.3), wv = Vals(4 * 2 * 3 * 3, 0.5), gv = Vals(1 * 4 * 6 * 5, 2.1);
        Dev input(xv, at::kFloat, {1, 4, 3, 3}), weight(wv, at::kFloat, {4, 2, 3, 3}), go(gv, at::kFloat, {1, 4, 6, 5});
        Dev gi(std::vector<double>(36, 0), at::kFloat, {1, 4, 3, 3}), gw(std::vector<double>(72, 0), at::kFloat, {4, 2, 3, 3});
        Ints bias({4}), stride({2, 2}), pad({1, 1}), dil({1, 1}), op({1, 0});
        Bools mask({true, true, false});
        ConvBwCall c{go.t, input.t, weight.t, bias.a, stride.a, pad.a, dil.a, true, op.a, 2, mask.a, 1, gi.t, gw.t, nullptr};
        ASSERT_EQ(RunPhases(c.First(), aclnnConvolutionBackward), 0) << LastError();
        auto want = at::convolution_backward(T(gv, {1, 4, 6, 5}), T(xv, {1, 4, 3, 3}), T(wv, {4, 2, 3, 3}), c10::nullopt,
                                             {2, 2}, {1, 1}, {1, 1}, true, {1, 0}, 2, {true, true, false});
        ExpectClose(gi.Storage(), std::get<0>(want));
        ExpectClose(gw.Storage(), std::get<1>(want));
    }
    {
        // padding [top 2, bottom 1, left 0, right 1]: the input padded explicitly, the gradient cropped
        const std::vector<double> xv = Vals(1 * 2 * 6 * 6, 0.4), wv = Vals(4 * 2 * 2 * 2, 1.1), gv = Vals(1 * 4 * 4 * 3, 0.6);
        Dev input(xv, at::kFloat, {1, 2, 6, 6}), weight(wv, at::kFloat, {4, 2, 2, 2}), go(gv, at::kFloat, {1, 4, 4, 3});
        Dev gi(std::vector<double>(72, 0), at::kFloat, {1, 2, 6, 6}), gw(std::vector<double>(32, 0), at::kFloat, {4, 2, 2, 2});
        Ints bias({4}), stride({2, 2}), pad({2, 1, 0, 1}), dil({1, 1}), op({0, 0});
        Bools mask({true, true, false});
        ConvBwCall c{go.t, input.t, weight.t, bias.a, stride.a, pad.a, dil.a, false, op.a, 1, mask.a, 1, gi.t, gw.t, nullptr};
        ASSERT_EQ(RunPhases(c.First(), aclnnConvolutionBackward), 0) << LastError();
        const at::Tensor xp = at::constant_pad_nd(T(xv, {1, 2, 6, 6}), {0, 1, 2, 1}, 0);
        auto want = at::convolution_backward(T(gv, {1, 4, 4, 3}), xp, T(wv, {4, 2, 2, 2}), c10::nullopt, {2, 2}, {0, 0},
                                             {1, 1}, false, {0, 0}, 1, {true, true, false});
        ExpectClose(gi.Storage(), std::get<0>(want).narrow(2, 2, 6).narrow(3, 0, 6));
        ExpectClose(gw.Storage(), std::get<1>(want));
    }
}

// USE_FP16 (cubeMathType 2) rounds the FLOAT inputs to FLOAT16 first; KEEP_DTYPE does not.
TEST(ReferenceNnNorm2ConvBackward, UseFp16RoundsInputs) {
    std::vector<double> xv = Vals(1 * 1 * 4, 0.3);
    xv[0] = 1.0 + 1.0 / 4096;  // not a FLOAT16 value
    const std::vector<double> wv = {1.0}, gv = {1.0, 1.0, 1.0, 1.0};
    Dev input(xv, at::kFloat, {1, 1, 4}), weight(wv, at::kFloat, {1, 1, 1}), go(gv, at::kFloat, {1, 1, 4});
    Dev gw(std::vector<double>(1, 0), at::kFloat, {1, 1, 1});
    Ints bias({1}), stride({1}), pad({0}), dil({1}), op({0});
    Bools mask({false, true, false});
    for (int8_t cube : {int8_t{0}, int8_t{2}}) {
        ConvBwCall c{go.t, input.t, weight.t, bias.a, stride.a, pad.a, dil.a, false, op.a, 1, mask.a, cube, nullptr, gw.t, nullptr};
        ASSERT_EQ(RunPhases(c.First(), aclnnConvolutionBackward), 0) << LastError();
        const at::Tensor x = cube == 2 ? T(xv, {4}).to(at::kHalf).to(at::kDouble) : T(xv, {4}).to(at::kFloat).to(at::kDouble);
        const double want = cube == 2 ? static_cast<double>(static_cast<at::Half>(x.sum().item<double>())) : x.sum().item<double>();
        EXPECT_NEAR(gw.Storage()[0].item<double>(), want, 1e-7) << "cubeMathType " << int(cube);
    }
}

TEST(ReferenceNnNorm2ConvBackward, ChecksInCannOrder) {
    Dev input(Vals(24, 0.1), at::kFloat, {1, 2, 3, 4}), weight(Vals(12, 0.2), at::kFloat, {3, 2, 1, 2});
    Dev go(Vals(27, 0.3), at::kFloat, {1, 3, 3, 3}), gi(std::vector<double>(24), at::kFloat, {1, 2, 3, 4});
    Dev gw(std::vector<double>(12), at::kFloat, {3, 2, 1, 2}), gb(std::vector<double>(3), at::kFloat, {3});
    Dev ints(Vals(24, 0.1), at::kInt, {1, 2, 3, 4}), gb_bad(std::vector<double>(2), at::kFloat, {2});
    Ints bias({3}), stride({1, 1}), pad({0, 0}), dil({1, 1}), op({0, 0}), zero_stride({0, 1});
    Bools mask({true, true, true}), mask2({true, true});
    ConvBwCall ok{go.t, input.t, weight.t, bias.a, stride.a, pad.a, dil.a, false, op.a, 1, mask.a, 1, gi.t, gw.t, gb.t};
    ASSERT_EQ(RunPhases(ok.First(), aclnnConvolutionBackward), 0) << LastError();
    ConvBwCall c = ok;
    c.gradOutput = nullptr;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument inputTensor_.gradOutput.");
    c = ok;
    c.outputPadding = nullptr;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type List[int] for argument params_.outputPadding but instead found type null.");
    c = ok;
    c.mask = mask2.a;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_NULLPTR, "the dims of outputMask are 2, but they should be 3.");
    c = ok;
    c.gw = nullptr;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument outputTensor_.gradWeight.");
    c = ok;
    c.input = ints.t;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_INVALID,
                "Tensor inputTensor not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16");
    c = ok;
    c.stride = zero_stride.a;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_INVALID, "the value of stride must be greater than or equal to 1");
    c = ok;
    c.groups = 0;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_INVALID, "the value of groups must be greater than or equal to 1");
    c = ok;
    c.cube = 4;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_INVALID,
                "The value of cubeMathType only support {0: KEEP_DTYPE, 1: ALLOW_FP32_DOWN_PRECISION, 2: USE_FP16, 3: USE_HF32}, but got 4");
    c = ok;
    c.gb = gb_bad.t;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_INVALID, "The gradBias shape should be equal [3].");
    c = ok;
    c.groups = 2;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_INVALID, "must be equal to (the shape dim of weight[1] times the value of groups)");
    // beyond CANN: biasSizes NULL
    c = ok;
    c.biasSizes = nullptr;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_NULLPTR, "biasSizes is nullptr");
}

// Ascend910: FLOAT, FLOAT16 only; a FLOAT computation under KEEP_DTYPE refused by the cube rule.
TEST(ReferenceNnNorm2ConvBackward, Ascend910Lists) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev input(Vals(24, 0.1), at::kBFloat16, {1, 2, 3, 4}), weight(Vals(12, 0.2), at::kFloat, {3, 2, 1, 2});
    Dev inputf(Vals(24, 0.1), at::kFloat, {1, 2, 3, 4});
    Dev go(Vals(27, 0.3), at::kFloat, {1, 3, 3, 3}), gw(std::vector<double>(12), at::kFloat, {3, 2, 1, 2});
    Ints bias({3}), stride({1, 1}), pad({0, 0}), dil({1, 1}), op({0, 0});
    Bools mask({false, true, false});
    ConvBwCall c{go.t, input.t, weight.t, bias.a, stride.a, pad.a, dil.a, false, op.a, 1, mask.a, 1, nullptr, gw.t, nullptr};
    ExpectFails(c.First(), ACLNN_ERR_PARAM_INVALID,
                "Tensor inputTensor not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
    c.input = inputf.t;
    c.cube = 0;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_INVALID, "The soc version does not support bf16 / fp32 for calculations");
    c.cube = 1;
    EXPECT_EQ(RunPhases(c.First(), aclnnConvolutionBackward), 0) << LastError();
}

// ================================================================================ MaxPool2dWithIndices / Mask

// A 4x4 plane, kernel 2, stride 2: the maxima and their flat indices h * W + w, closed form.
TEST(ReferenceNnNorm2MaxPool2d, IndicesClosedForm) {
    const std::vector<double> v = {1, 5, 2, 0, 3, -1, 7, 8, -2, -3, 4, 4, -9, -1, 6, 2};
    Dev self(v, at::kFloat, {1, 1, 4, 4});
    Dev out(std::vector<double>(4), at::kFloat, {1, 1, 2, 2}), idx(std::vector<double>(4), at::kLong, {1, 1, 2, 2});
    Ints k({2}), s({}), p({0}), d({1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnMaxPool2dWithIndicesGetWorkspaceSize(self.t, k.a, s.a, p.a, d.a, false, out.t, idx.t, ws, ex);
              }, aclnnMaxPool2dWithIndices), 0) << LastError();
    ExpectClose(out.Storage(), at::tensor({5.0, 8.0, -1.0, 6.0}, at::kDouble));
    ExpectClose(idx.Storage(), at::tensor({1.0, 7.0, 13.0, 14.0}, at::kDouble));
}

TEST(ReferenceNnNorm2MaxPool2d, ChecksPerProduct) {
    Dev self(Vals(16, 0.1), at::kFloat, {1, 1, 4, 4});
    Dev out(std::vector<double>(4), at::kFloat, {1, 1, 2, 2}), idx(std::vector<double>(4), at::kLong, {1, 1, 2, 2});
    Dev idx_bad(std::vector<double>(2), at::kLong, {1, 1, 2, 1}), idx8(std::vector<double>(4), at::kChar, {1, 1, 2, 2});
    Ints k({2}), s({}), p({0}), d({1}), big_pad({2});
    auto call = [&](aclTensor* i, const aclIntArray* pad) {
        return [&, i, pad](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMaxPool2dWithIndicesGetWorkspaceSize(self.t, k.a, s.a, pad, d.a, false, out.t, i, ws, ex);
        };
    };
    ExpectFails(call(nullptr, p.a), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument indices.");
    ExpectFails(call(idx8.t, p.a), ACLNN_ERR_PARAM_INVALID, "Tensor indices not implemented for DT_INT8");
    ExpectFails(call(idx.t, big_pad.a), ACLNN_ERR_PARAM_INVALID, "pad should be >= 0 and <= half of kernel size");
    ExpectFails(call(idx_bad.t, p.a), ACLNN_ERR_PARAM_INVALID, "Expected tensor for indices to have same size as tensor for out");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        ExpectFails(call(idx.t, p.a), ACLNN_ERR_PARAM_INVALID, "is not implemented");
    }
}

// The indices backward: each gradOutput element added at its index; Atlas A2/A3 take FLOAT only.
TEST(ReferenceNnNorm2MaxPool2d, IndicesBackwardScatters) {
    Dev self(Vals(9, 0.5), at::kFloat, {1, 3, 3});
    Dev go({1.0, 2.0, 4.0, 8.0}, at::kFloat, {1, 2, 2});
    Dev idx({4, 4, 4, 8}, at::kInt, {1, 2, 2});  // overlapping windows (kernel 2, stride 1) share the centre
    Dev gi(std::vector<double>(9, 9), at::kFloat, {1, 3, 3});
    Ints k({2}), s({1}), p({0}), d({1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnMaxPool2dWithIndicesBackwardGetWorkspaceSize(go.t, self.t, idx.t, k.a, s.a, p.a, d.a, false,
                                                                           gi.t, ws, ex);
              }, aclnnMaxPool2dWithIndicesBackward), 0) << LastError();
    ExpectClose(gi.Storage(), at::tensor({0.0, 0.0, 0.0, 0.0, 7.0, 0.0, 0.0, 0.0, 8.0}, at::kDouble));
    Dev self16(Vals(9, 0.5), at::kHalf, {1, 3, 3}), go16({1, 2, 4, 8}, at::kHalf, {1, 2, 2});
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);  // Atlas A2/A3: FLOAT only
    ASSERT_TRUE(scope.ok());
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnMaxPool2dWithIndicesBackwardGetWorkspaceSize(go16.t, self16.t, idx.t, k.a, s.a, p.a, d.a, false, gi.t,
                                                                 ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_FLOAT16");
}

// ================================================================================ MaxPool3dWithArgmax

TEST(ReferenceNnNorm2MaxPool3d, MatchesAtenAndScattersBack) {
    const std::vector<double> v = Vals(2 * 4 * 4 * 4, 0.3);
    Dev self(v, at::kFloat, {2, 4, 4, 4});  // CDHW
    Dev out(std::vector<double>(2 * 8), at::kFloat, {2, 2, 2, 2}), idx(std::vector<double>(16), at::kInt, {2, 2, 2, 2});
    Ints k({2}), s({}), p({0}), d({1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnMaxPool3dWithArgmaxGetWorkspaceSize(self.t, k.a, s.a, p.a, d.a, false, out.t, idx.t, ws, ex);
              }, aclnnMaxPool3dWithArgmax), 0) << LastError();
    auto want = at::max_pool3d_with_indices(T(v, {2, 4, 4, 4}), {2, 2, 2}, {2, 2, 2});
    ExpectClose(out.Storage(), std::get<0>(want));
    // the index points at the maximum (ties broken as ATen does)
    const at::Tensor flat = T(v, {2, 64});
    const at::Tensor picked = flat.gather(1, idx.Storage().to(at::kLong).reshape({2, 8}));
    ExpectClose(picked, std::get<0>(want).reshape({2, 8}));
    Dev go(Vals(16, 1.1), at::kFloat, {2, 2, 2, 2});
    Dev gi(std::vector<double>(128, 9), at::kFloat, {2, 4, 4, 4});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnMaxPool3dWithArgmaxBackwardGetWorkspaceSize(go.t, self.t, idx.t, k.a, s.a, p.a, d.a, false,
                                                                          gi.t, ws, ex);
              }, aclnnMaxPool3dWithArgmaxBackward), 0) << LastError();
    const at::Tensor want_gi = at::zeros({2, 64}, at::kDouble).scatter_add(1, idx.Storage().to(at::kLong).reshape({2, 8}),
                                                                           T(Vals(16, 1.1), {2, 8}));
    ExpectClose(gi.Storage(), want_gi.reshape({-1}));
}

TEST(ReferenceNnNorm2MaxPool3d, Checks) {
    Dev self(Vals(64, 0.3), at::kFloat, {1, 4, 4, 4});
    Dev out(std::vector<double>(8), at::kFloat, {1, 2, 2, 2}), idx(std::vector<double>(8), at::kInt, {1, 2, 2, 2});
    Dev idx64(std::vector<double>(8), at::kLong, {1, 2, 2, 2});
    Ints k({2}), s({}), p({0}), d({1}), d2({2}), k2({2, 2});
    auto call = [&](aclTensor* i, const aclIntArray* kk, const aclIntArray* dd) {
        return [&, i, kk, dd](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMaxPool3dWithArgmaxGetWorkspaceSize(self.t, kk, s.a, p.a, dd, false, out.t, i, ws, ex);
        };
    };
    ExpectFails(call(idx.t, k2.a, d.a), ACLNN_ERR_PARAM_INVALID, "The length of kernelSize can be only 1 or 3");
    {
        // a profile switch re-initialises the runtime: the device tensors are made inside the scope
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        Dev self2(Vals(64, 0.3), at::kFloat, {1, 4, 4, 4}), out2(std::vector<double>(8), at::kFloat, {1, 2, 2, 2});
        Dev idx2(std::vector<double>(8), at::kLong, {1, 2, 2, 2});
        EXPECT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnMaxPool3dWithArgmaxGetWorkspaceSize(self2.t, k.a, s.a, p.a, d.a, false, out2.t, idx2.t,
                                                                      ws, ex);
                  }, aclnnMaxPool3dWithArgmax), 0) << LastError();
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        ExpectFails(call(idx64.t, k.a, d.a), ACLNN_ERR_PARAM_INVALID, "Tensor indices not implemented for DT_INT64");
        ExpectFails(call(idx.t, k.a, d2.a), ACLNN_ERR_PARAM_INVALID, "The value of dilation should be equal 1");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        ExpectFails(call(idx.t, k.a, d.a), ACLNN_ERR_PARAM_INVALID,
                    "aclnnMaxPool3dWithArgmax is not supported on this platform");
    }
}

// ================================================================================ AddLayerNorm / Grad

TEST(ReferenceNnNorm2AddLayerNorm, MatchesLayerNormOfTheSum) {
    const std::vector<double> a = Vals(12, 0.1), b = Vals(12, 0.9), g = Vals(4, 1.7), be = Vals(4, 2.3), bi = Vals(4, 0.4);
    Dev x1(a, at::kFloat, {3, 4}), x2(b, at::kFloat, {3, 4}), gamma(g, at::kFloat, {4}), beta(be, at::kFloat, {4});
    Dev bias(bi, at::kFloat, {4});
    Dev y(std::vector<double>(12), at::kFloat, {3, 4}), mean(std::vector<double>(3), at::kFloat, {3, 1});
    Dev rstd(std::vector<double>(3), at::kFloat, {3, 1}), x(std::vector<double>(12, 9), at::kFloat, {3, 4});
    for (bool additional : {false, true}) {
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnAddLayerNormGetWorkspaceSize(x1.t, x2.t, gamma.t, beta.t, bias.t, 1e-5, additional, y.t,
                                                               mean.t, rstd.t, x.t, ws, ex);
                  }, aclnnAddLayerNorm), 0) << LastError();
        const at::Tensor s = T(a, {3, 4}) + T(b, {3, 4}) + T(bi, {4});
        ExpectClose(y.Storage(), at::layer_norm(s, {4}, T(g, {4}), T(be, {4}), 1e-5));
        ExpectClose(mean.Storage(), s.mean(-1));
        ExpectClose(rstd.Storage(), 1.0 / at::sqrt(BiasedVar(s, false) + 1e-5), 1e-5, 1e-4);
        // xOut only with additionalOutput
        ExpectClose(x.Storage(), additional ? s.reshape({-1}) : at::full({12}, 9.0, at::kDouble));
    }
}

TEST(ReferenceNnNorm2AddLayerNorm, Checks) {
    Dev x1(Vals(12, 0.1), at::kHalf, {3, 4}), x2(Vals(12, 0.2), at::kBFloat16, {3, 4}), gamma(Vals(4, 0.3), at::kFloat, {4});
    Dev beta(Vals(4, 0.4), at::kFloat, {4}), y(std::vector<double>(12), at::kHalf, {3, 4});
    Dev mean(std::vector<double>(3), at::kFloat, {3, 1}), rstd(std::vector<double>(3), at::kFloat, {3, 1});
    Dev x(std::vector<double>(12), at::kHalf, {3, 4}), x2h(Vals(12, 0.2), at::kHalf, {3, 4});
    Dev mean_bad(std::vector<double>(3), at::kFloat, {3});
    auto call = [&](const aclTensor* b, const aclTensor* m) {
        return [&, b, m](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAddLayerNormGetWorkspaceSize(x1.t, b, gamma.t, beta.t, nullptr, 1e-5, true, y.t, m, rstd.t, x.t, ws, ex);
        };
    };
    ExpectFails(call(nullptr, mean.t), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument x2.");
    ExpectFails(call(x2.t, mean.t), ACLNN_ERR_PARAM_INVALID, "aclnnAddLayerNorm does not support the dtypes x1 DT_FLOAT16, x2 DT_BF16");
    ExpectFails(call(x2h.t, mean_bad.t), ACLNN_ERR_INNER_TILING_ERROR, "Expected meanOut of shape [3,1]");
    EXPECT_EQ(RunPhases(call(x2h.t, mean.t), aclnnAddLayerNorm), 0) << LastError();
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(call(x2h.t, mean.t), ACLNN_ERR_PARAM_INVALID, "does not support the dtypes");
}

// The gradient against finite differences of the forward (mean and rstd the forward's own statistics).
TEST(ReferenceNnNorm2AddLayerNorm, GradMatchesFiniteDifferences) {
    const std::vector<double> a = Vals(6, 0.1), b = Vals(6, 0.9), g = Vals(3, 1.7), dyv = Vals(6, 2.5), ds = Vals(6, 0.6);
    const at::Tensor xs = T(a, {2, 3}) + T(b, {2, 3});
    const at::Tensor mv = xs.mean(-1, true), rv = 1.0 / at::sqrt(BiasedVar(xs, true) + 1e-5);
    const std::vector<double> mvec(mv.data_ptr<double>(), mv.data_ptr<double>() + 2);
    const at::Tensor rc = rv.contiguous();
    const std::vector<double> rvec(rc.data_ptr<double>(), rc.data_ptr<double>() + 2);
    Dev dy(dyv, at::kFloat, {2, 3}), x1(a, at::kFloat, {2, 3}), x2(b, at::kFloat, {2, 3}), gamma(g, at::kFloat, {3});
    Dev rstd(rvec, at::kFloat, {2, 1}), mean(mvec, at::kFloat, {2, 1}), dsum(ds, at::kFloat, {2, 3});
    Dev dx(std::vector<double>(6), at::kFloat, {2, 3}), dg(std::vector<double>(3), at::kFloat, {3});
    Dev db(std::vector<double>(3), at::kFloat, {3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAddLayerNormGradGetWorkspaceSize(dy.t, x1.t, x2.t, rstd.t, mean.t, gamma.t, dsum.t, dx.t,
                                                               dg.t, db.t, ws, ex);
              }, aclnnAddLayerNormGrad), 0) << LastError();
    const at::Tensor dyt = T(dyv, {2, 3});
    auto loss = [&](const at::Tensor& x) {
        return (at::layer_norm(x, {3}, T(g, {3}), at::Tensor(), 1e-5) * dyt).sum().item<double>();
    };
    ExpectClose(dx.Storage(), NumericGrad(loss, xs) + T(ds, {2, 3}), 1e-4, 1e-4);
    ExpectClose(db.Storage(), dyt.sum(0));
    ExpectClose(dg.Storage(), (dyt * (xs - mv) * rv).sum(0), 1e-4, 1e-4);
}

// ================================================================================ GroupNormSilu / Swish

TEST(ReferenceNnNorm2GroupNorm, SiluAndSwishMatchGroupNormInDouble) {
    const std::vector<double> v = Vals(2 * 4 * 3, 0.2), g = Vals(4, 1.1), b = Vals(4, 2.2);
    const at::Tensor gn = at::group_norm(T(v, {2, 4, 3}), 2, T(g, {4}), T(b, {4}), 1e-5);
    Dev self(v, at::kFloat, {2, 4, 3}), gamma(g, at::kFloat, {4}), beta(b, at::kFloat, {4});
    Dev out(std::vector<double>(24), at::kFloat, {2, 4, 3}), mean(std::vector<double>(4), at::kFloat, {2, 2});
    Dev rstd(std::vector<double>(4), at::kFloat, {2, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnGroupNormSiluGetWorkspaceSize(self.t, gamma.t, beta.t, 2, 1e-5, out.t, mean.t, rstd.t, ws, ex);
              }, aclnnGroupNormSilu), 0) << LastError();
    ExpectClose(out.Storage(), gn * at::sigmoid(gn), 1e-4, 1e-5);
    ExpectClose(mean.Storage(), T(v, {2, 2, 6}).mean(-1));
    for (bool act : {false, true}) {
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnGroupNormSiluV2GetWorkspaceSize(self.t, gamma.t, beta.t, 2, 1e-5, act, out.t, mean.t,
                                                                  rstd.t, ws, ex);
                  }, aclnnGroupNormSiluV2), 0) << LastError();
        ExpectClose(out.Storage(), act ? gn * at::sigmoid(gn) : gn, 1e-4, 1e-5);
    }
    char fmt[] = "NCHW";
    for (bool act : {false, true}) {
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnGroupNormSwishGetWorkspaceSize(self.t, gamma.t, beta.t, 2, fmt, 1e-5, act, 0.5, out.t,
                                                                 mean.t, rstd.t, ws, ex);
                  }, aclnnGroupNormSwish), 0) << LastError();
        ExpectClose(out.Storage(), act ? gn / (1.0 + at::exp(-0.5 * gn)) : gn, 1e-4, 1e-5);
    }
}

TEST(ReferenceNnNorm2GroupNorm, SiluChecks) {
    Dev self(Vals(24, 0.2), at::kFloat, {2, 4, 3}), out(std::vector<double>(24), at::kFloat, {2, 4, 3});
    Dev mean(std::vector<double>(4), at::kFloat, {2, 2}), rstd(std::vector<double>(4), at::kFloat, {2, 2});
    Dev gamma16(Vals(4, 0.1), at::kHalf, {4}), mean3(std::vector<double>(6), at::kFloat, {2, 3});
    Dev rstd3(std::vector<double>(6), at::kFloat, {2, 3});
    auto call = [&](const aclTensor* g, int64_t group, aclTensor* m) {
        aclTensor* r = m == mean3.t ? rstd3.t : rstd.t;
        return [&, g, group, m, r](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnGroupNormSiluGetWorkspaceSize(self.t, g, nullptr, group, 1e-5, out.t, m, r, ws, ex);
        };
    };
    ExpectFails(call(nullptr, 2, nullptr), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument meanOut.");
    ExpectFails(call(gamma16.t, 2, mean.t), ACLNN_ERR_PARAM_INVALID, "Tensor gamma expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(call(nullptr, 2, mean3.t), ACLNN_ERR_PARAM_INVALID, "Expected tensor for meanOut to have same size as [2,2]");
    ExpectFails(call(nullptr, 0, mean.t), ACLNN_ERR_PARAM_INVALID, "Expected tensor for meanOut to have same size as [2,0]");
    ExpectFails(call(nullptr, 3, mean3.t), ACLNN_ERR_PARAM_INVALID,
                "Expected number of channels in input to be divisible by group");
}

// The swish gradient against finite differences of the forward (mean and rstd the forward's statistics).
TEST(ReferenceNnNorm2GroupNorm, SwishGradMatchesFiniteDifferences) {
    const std::vector<double> v = Vals(1 * 4 * 2, 0.3), g = Vals(4, 1.3), b = Vals(4, 0.8), dyv = Vals(8, 2.9);
    const at::Tensor x = T(v, {1, 4, 2});
    const at::Tensor xg = x.reshape({1, 2, 4});
    const at::Tensor m = xg.mean(-1), r = 1.0 / at::sqrt(BiasedVar(xg, false) + 1e-5);
    const at::Tensor mc = m.contiguous(), rc = r.contiguous();
    Dev dy(dyv, at::kFloat, {1, 4, 2}), mean({mc[0][0].item<double>(), mc[0][1].item<double>()}, at::kFloat, {1, 2});
    Dev rstd({rc[0][0].item<double>(), rc[0][1].item<double>()}, at::kFloat, {1, 2});
    Dev xs(v, at::kFloat, {1, 4, 2}), gamma(g, at::kFloat, {4}), beta(b, at::kFloat, {4});
    Dev dx(std::vector<double>(8), at::kFloat, {1, 4, 2}), dg(std::vector<double>(4, 9), at::kFloat, {4});
    Dev db(std::vector<double>(4, 9), at::kFloat, {4});
    char fmt[] = "NCHW";
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnGroupNormSwishGradGetWorkspaceSize(dy.t, mean.t, rstd.t, xs.t, gamma.t, beta.t, 2, fmt, 0.5,
                                                                 false, true, dx.t, dg.t, db.t, ws, ex);
              }, aclnnGroupNormSwishGrad), 0) << LastError();
    const at::Tensor dyt = T(dyv, {1, 4, 2});
    auto fwd = [&](const at::Tensor& xx) {
        const at::Tensor z = at::group_norm(xx, 2, T(g, {4}), T(b, {4}), 1e-5);
        return z / (1.0 + at::exp(-0.5 * z));
    };
    auto loss = [&](const at::Tensor& xx) { return (fwd(xx) * dyt).sum().item<double>(); };
    ExpectClose(dx.Storage(), NumericGrad(loss, x), 1e-4, 1e-4);
    // dbeta = d loss / d beta: finite differences over beta
    auto loss_b = [&](const at::Tensor& bb) {
        const at::Tensor z = at::group_norm(x, 2, T(g, {4}), bb, 1e-5);
        return ((z / (1.0 + at::exp(-0.5 * z))) * dyt).sum().item<double>();
    };
    ExpectClose(db.Storage(), NumericGrad(loss_b, T(b, {4})), 1e-4, 1e-4);
    // dgammaIsRequire false: dgammaOut untouched
    ExpectClose(dg.Storage(), at::full({4}, 9.0, at::kDouble));
}

// ================================================================================ DeepNormGrad, AddRmsNormCast, AdaLayerNorm

TEST(ReferenceNnNorm2DeepNorm, GradMatchesFiniteDifferences) {
    const std::vector<double> xv = Vals(6, 0.2), gxv = Vals(6, 1.2), g = Vals(3, 2.2), dyv = Vals(6, 0.7);
    const double alpha = 0.5;
    const at::Tensor xp = T(xv, {2, 3}) * alpha + T(gxv, {2, 3});
    const at::Tensor mv = xp.mean(-1, true), rv = 1.0 / at::sqrt(BiasedVar(xp, true) + 1e-6);
    const at::Tensor mc = mv.contiguous(), rc = rv.contiguous();
    Dev dy(dyv, at::kFloat, {2, 3}), x(xv, at::kFloat, {2, 3}), gx(gxv, at::kFloat, {2, 3}), gamma(g, at::kFloat, {3});
    Dev mean({mc[0][0].item<double>(), mc[1][0].item<double>()}, at::kFloat, {2, 1});
    Dev rstd({rc[0][0].item<double>(), rc[1][0].item<double>()}, at::kFloat, {2, 1});
    Dev dx(std::vector<double>(6), at::kFloat, {2, 3}), dgx(std::vector<double>(6), at::kFloat, {2, 3});
    Dev db(std::vector<double>(3), at::kFloat, {3}), dg(std::vector<double>(3), at::kFloat, {3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnDeepNormGradGetWorkspaceSize(dy.t, x.t, gx.t, gamma.t, mean.t, rstd.t, alpha, dx.t, dgx.t,
                                                           db.t, dg.t, ws, ex);
              }, aclnnDeepNormGrad), 0) << LastError();
    const at::Tensor dyt = T(dyv, {2, 3});
    auto loss_gx = [&](const at::Tensor& gg) {
        return (at::layer_norm(T(xv, {2, 3}) * alpha + gg, {3}, T(g, {3}), at::Tensor(), 1e-6) * dyt).sum().item<double>();
    };
    const at::Tensor want_dgx = NumericGrad(loss_gx, T(gxv, {2, 3}));
    ExpectClose(dgx.Storage(), want_dgx, 1e-4, 1e-4);
    ExpectClose(dx.Storage(), want_dgx * alpha, 1e-4, 1e-4);
    ExpectClose(db.Storage(), dyt.sum(0));
    ExpectClose(dg.Storage(), (dyt * (xp - mv) * rv).sum(0), 1e-4, 1e-4);
}

TEST(ReferenceNnNorm2DeepNorm, AddRmsNormCastClosedForm) {
    const std::vector<double> a = Vals(8, 0.1), b = Vals(8, 0.5), g = Vals(4, 1.5);
    Dev x1(a, at::kHalf, {2, 4}), x2(b, at::kHalf, {2, 4}), gamma(g, at::kHalf, {4});
    Dev y1(std::vector<double>(8), at::kFloat, {2, 4}), y2(std::vector<double>(8), at::kHalf, {2, 4});
    Dev rstd(std::vector<double>(2), at::kFloat, {2, 1}), x(std::vector<double>(8), at::kHalf, {2, 4});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAddRmsNormCastGetWorkspaceSize(x1.t, x2.t, gamma.t, 1e-6, y1.t, y2.t, rstd.t, x.t, ws, ex);
              }, aclnnAddRmsNormCast), 0) << LastError();
    const at::Tensor s = T(a, {2, 4}) + T(b, {2, 4});
    const at::Tensor r = 1.0 / at::sqrt(s.pow(2).mean(-1, true) + 1e-6);
    const at::Tensor want = s * r * T(g, {4});
    ExpectClose(y1.Storage(), want, 1e-5, 1e-5);
    ExpectClose(y2.Storage(), want.to(at::kHalf).to(at::kDouble), 1e-3, 2e-3);
    ExpectClose(rstd.Storage(), r, 1e-5, 1e-5);
    ExpectClose(x.Storage(), s);
    Dev y1h(std::vector<double>(8), at::kHalf, {2, 4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAddRmsNormCastGetWorkspaceSize(x1.t, x2.t, gamma.t, 1e-6, y1h.t, y2.t, rstd.t, x.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "aclnnAddRmsNormCast does not support the dtypes");
}

TEST(ReferenceNnNorm2DeepNorm, AdaLayerNormScaleShift) {
    const std::vector<double> xv = Vals(2 * 3 * 4, 0.4), sc = Vals(8, 1.4), sh = Vals(8, 2.4), w = Vals(4, 0.8);
    Dev x(xv, at::kFloat, {2, 3, 4}), scale(sc, at::kFloat, {2, 1, 4}), shift(sh, at::kFloat, {2, 4});
    Dev weight(w, at::kFloat, {4}), out(std::vector<double>(24), at::kFloat, {2, 3, 4});
    Dev rstd(std::vector<double>(6), at::kFloat, {2, 3, 1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAdaLayerNormGetWorkspaceSize(x.t, scale.t, shift.t, weight.t, nullptr, 1e-5, out.t, ws, ex);
              }, aclnnAdaLayerNorm), 0) << LastError();
    const at::Tensor ln = at::layer_norm(T(xv, {2, 3, 4}), {4}, T(w, {4}), at::Tensor(), 1e-5);
    const at::Tensor want = ln * (1.0 + T(sc, {2, 1, 4})) + T(sh, {2, 4}).unsqueeze(1);
    ExpectClose(out.Storage(), want, 1e-5, 1e-5);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAdaLayerNormV2GetWorkspaceSize(x.t, scale.t, shift.t, weight.t, nullptr, 1e-5, out.t,
                                                             nullptr, rstd.t, ws, ex);
              }, aclnnAdaLayerNormV2), 0) << LastError();
    ExpectClose(out.Storage(), want, 1e-5, 1e-5);
    ExpectClose(rstd.Storage(), 1.0 / at::sqrt(BiasedVar(T(xv, {2, 3, 4}), false) + 1e-5), 1e-5, 1e-4);
    Dev bad_scale(sc, at::kFloat, {8});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAdaLayerNormGetWorkspaceSize(x.t, bad_scale.t, shift.t, weight.t, nullptr, 1e-5, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "CheckShape failed!");
    Dev w16(w, at::kHalf, {4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAdaLayerNormGetWorkspaceSize(x.t, scale.t, shift.t, w16.t, nullptr, 1e-5, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Tensor inputTensor.weightOptional expected dtype is DT_FLOAT but found DT_FLOAT16.");
}

// ================================================================================ BatchNorm family

/// A [C] vector broadcast along dim 1 of an input of `dims` dims (double).
at::Tensor AlongC(const at::Tensor& v, int64_t dims) {
    std::vector<int64_t> shape(static_cast<size_t>(dims), 1);
    shape[1] = v.numel();
    return v.reshape(shape);
}

/// The dims of x but 1.
std::vector<int64_t> NotC(const at::Tensor& x) {
    std::vector<int64_t> d;
    for (int64_t i = 0; i < x.dim(); ++i) {
        if (i != 1) d.push_back(i);
    }
    return d;
}

struct BnBwCall {
    const aclTensor* go;
    const aclTensor* input;
    const aclTensor* weight;
    const aclTensor* rm;
    const aclTensor* rv;
    const aclTensor* sm;
    const aclTensor* si;
    bool training;
    double eps;
    const aclBoolArray* mask;
    aclTensor* gi;
    aclTensor* gw;
    aclTensor* gb;
    int version = -1;  // >= 0: aclnnFastBatchNormBackward
    std::function<aclnnStatus(uint64_t*, aclOpExecutor**)> First() const {
        BnBwCall c = *this;
        return [c](uint64_t* ws, aclOpExecutor** ex) {
            if (c.version >= 0) {
                return aclnnFastBatchNormBackwardGetWorkspaceSize(c.go, c.input, c.weight, c.rm, c.rv, c.sm, c.si,
                                                                  c.training, c.eps, c.mask, c.version, c.gi, c.gw,
                                                                  c.gb, ws, ex);
            }
            return aclnnBatchNormBackwardGetWorkspaceSize(c.go, c.input, c.weight, c.rm, c.rv, c.sm, c.si, c.training,
                                                          c.eps, c.mask, c.gi, c.gw, c.gb, ws, ex);
        };
    }
    aclnnStatus Run() const { return RunPhases(First(), version >= 0 ? aclnnFastBatchNormBackward : aclnnBatchNormBackward); }
};

// training: the three gradients against the closed form in double (with the saved statistics), both entry points.
TEST(ReferenceNnNorm2BatchNorm, BackwardTrainingClosedForm) {
    const std::vector<double> xv = Vals(3 * 2 * 4, 0.2), gv = Vals(24, 0.9), wv = {1.5, -0.5};
    Dev x(xv, at::kFloat, {3, 2, 4}), go(gv, at::kFloat, {3, 2, 4}), w(wv, at::kFloat, {2});
    const at::Tensor X = T(xv, {3, 2, 4}), G = T(gv, {3, 2, 4});
    const at::Tensor mean = X.mean(NotC(X));
    const at::Tensor inv = 1.0 / at::sqrt((X - AlongC(mean, 3)).pow(2).mean(NotC(X)) + 1e-5);
    std::vector<double> mv(mean.data_ptr<double>(), mean.data_ptr<double>() + 2);
    std::vector<double> iv(inv.data_ptr<double>(), inv.data_ptr<double>() + 2);
    Dev sm(mv, at::kFloat, {2}), si(iv, at::kFloat, {2});
    Bools mask({true, true, true});
    const at::Tensor xhat = (X - AlongC(mean, 3)) * AlongC(inv, 3);
    const at::Tensor gbias = G.sum(NotC(X));
    const at::Tensor gweight = (G * xhat).sum(NotC(X));
    const at::Tensor gin = AlongC(T(wv, {2}) * inv, 3) *
                           (G - AlongC(gbias / 12.0, 3) - xhat * AlongC(gweight / 12.0, 3));
    for (int version : {-1, 1}) {
        Dev gi(std::vector<double>(24, 9), at::kFloat, {3, 2, 4}), gw(std::vector<double>(2, 9), at::kFloat, {2});
        Dev gb(std::vector<double>(2, 9), at::kFloat, {2});
        BnBwCall c{go.t, x.t, w.t, nullptr, nullptr, sm.t, si.t, true, 1e-5, mask.a, gi.t, gw.t, gb.t, version};
        ASSERT_EQ(c.Run(), 0) << LastError();
        ExpectClose(gi.Storage(), gin, 1e-4, 1e-4);
        ExpectClose(gw.Storage(), gweight, 1e-4, 1e-4);
        ExpectClose(gb.Storage(), gbias);
    }
}

// not training: gradInput = gradOut * weight / sqrt(runningVar + eps); a false mask entry leaves its output alone.
TEST(ReferenceNnNorm2BatchNorm, BackwardInferenceAndMask) {
    const std::vector<double> xv = Vals(8, 0.4), gv = Vals(8, 1.7), rvv = {3.0, 0.5}, rmv = {0.25, -0.5};
    Dev x(xv, at::kFloat, {4, 2}), go(gv, at::kFloat, {4, 2}), rm(rmv, at::kFloat, {2}), rv(rvv, at::kFloat, {2});
    Dev gi(std::vector<double>(8, 9), at::kFloat, {4, 2}), gw(std::vector<double>(2, 9), at::kFloat, {2});
    Dev gb(std::vector<double>(2, 9), at::kFloat, {2});
    Bools mask({true, false, true});
    BnBwCall c{go.t, x.t, nullptr, rm.t, rv.t, nullptr, nullptr, false, 1e-3, mask.a, gi.t, gw.t, gb.t};
    ASSERT_EQ(c.Run(), 0) << LastError();
    const at::Tensor G = T(gv, {4, 2});
    ExpectClose(gi.Storage(), G / at::sqrt(T(rvv, {1, 2}) + 1e-3));
    ExpectClose(gw.Storage(), at::full({2}, 9.0, at::kDouble));
    ExpectClose(gb.Storage(), G.sum(0));
}

TEST(ReferenceNnNorm2BatchNorm, BackwardChecks) {
    aclcpu_test::ProfileScope a2(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(a2.ok());
    Dev x(Vals(24, 0.1), at::kFloat, {2, 3, 4}), go(Vals(24, 0.2), at::kFloat, {2, 3, 4});
    Dev gi(std::vector<double>(24), at::kFloat, {2, 3, 4}), gw(std::vector<double>(3), at::kFloat, {3});
    Dev gb(std::vector<double>(3), at::kFloat, {3}), goh(Vals(24, 0.2), at::kHalf, {2, 3, 4});
    Dev w2(std::vector<double>(2), at::kFloat, {2});
    Bools mask({true, true, true}), empty({}), two({true, true});
    BnBwCall ok{go.t, x.t, nullptr, nullptr, nullptr, nullptr, nullptr, true, 1e-5, mask.a, gi.t, gw.t, gb.t};
    ASSERT_EQ(ok.Run(), 0) << LastError();
    BnBwCall c = ok;
    c.go = nullptr;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument gradOut.");
    c = ok;
    c.mask = empty.a;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_NULLPTR, "outputMask size should not less than 1.");
    c = ok;
    c.gw = nullptr;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument gradWeight.");
    c = ok;
    c.go = goh.t;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found input DT_FLOAT and gradOut DT_FLOAT16.");
    c = ok;
    c.weight = w2.t;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_INVALID,
                "Dim of weight should be one and shape is channel num of input[3], but got [[2]].");
    c = ok;
    c.mask = two.a;  // Atlas A2: a mask of 2 is read as [true, true, false]
    c.gb = nullptr;
    EXPECT_EQ(c.Run(), 0) << LastError();
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        ExpectFails(c.First(), ACLNN_ERR_PARAM_NULLPTR, "outputMask size should be 3, but got 2.");
    }
    // Ascend910: BF16 refused by aclnnBatchNormBackward, accepted by aclnnFastBatchNormBackward
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev xb(Vals(24, 0.1), at::kBFloat16, {2, 3, 4}), gob(Vals(24, 0.2), at::kBFloat16, {2, 3, 4});
    Dev gib(std::vector<double>(24), at::kBFloat16, {2, 3, 4});
    Dev gw9(std::vector<double>(3), at::kFloat, {3}), gb9(std::vector<double>(3), at::kFloat, {3});
    Bools mask9({true, true, true});
    BnBwCall b{gob.t, xb.t, nullptr, nullptr, nullptr, nullptr, nullptr, true, 1e-5, mask9.a, gib.t, gw9.t, gb9.t};
    ExpectFails(b.First(), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradOut not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
    b.version = 0;
    EXPECT_EQ(b.Run(), 0) << LastError();
}

// BatchNormElemt: invstd turned back into a variance, then the inference normalization; NULL is 161002 here.
TEST(ReferenceNnNorm2BatchNorm, ElemtClosedForm) {
    const std::vector<double> xv = Vals(2 * 3 * 2, 0.6), mv = {0.5, -0.5, 0.25}, iv = {2.0, 0.5, 1.25};
    const std::vector<double> wv = {1.0, -2.0, 0.5}, bv = {0.0, 1.0, -1.0};
    Dev x(xv, at::kFloat, {2, 3, 2}), mean(mv, at::kFloat, {3}), invstd(iv, at::kFloat, {3});
    Dev w(wv, at::kFloat, {3}), b(bv, at::kFloat, {3}), out(std::vector<double>(12, 9), at::kFloat, {2, 3, 2});
    auto first = [&](const aclTensor* in, aclTensor* o) {
        return [&, in, o](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBatchNormElemtGetWorkspaceSize(in, w.t, b.t, mean.t, invstd.t, 1e-5, o, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(first(x.t, out.t), aclnnBatchNormElemt), 0) << LastError();
    const at::Tensor X = T(xv, {2, 3, 2});
    const at::Tensor I = T(iv, {3});
    const at::Tensor inv = 1.0 / at::sqrt(1.0 / (I * I) - 1e-5 + 1e-5);
    ExpectClose(out.Storage(), (X - AlongC(T(mv, {3}), 3)) * AlongC(inv, 3) * AlongC(T(wv, {3}), 3) +
                                   AlongC(T(bv, {3}), 3));
    ExpectClose(mean.Storage(), T(mv, {3}));
    ExpectFails(first(nullptr, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected a proper Tensor but got null for argument input.");
    Dev x1(Vals(6, 0.6), at::kFloat, {6}), out1(std::vector<double>(6), at::kFloat, {6});
    ExpectFails(first(x1.t, out1.t), ACLNN_ERR_PARAM_INVALID, "The input tensor must have at least 2 dimensions.");
}

// BatchNormElemtBackward: the closed form of torch.batch_norm_backward_elemt with counter's sum.
TEST(ReferenceNnNorm2BatchNorm, ElemtBackwardClosedForm) {
    const std::vector<double> xv = Vals(4 * 2, 0.2), gv = Vals(8, 1.4), mv = {0.25, -0.5}, iv = {1.5, 0.75};
    const std::vector<double> wv = {2.0, -1.0}, sdy = {1.0, -2.0}, sdx = {0.5, 3.0}, cv = {3, 5};
    Dev x(xv, at::kFloat, {4, 2}), go(gv, at::kFloat, {4, 2}), mean(mv, at::kFloat, {2}), inv(iv, at::kFloat, {2});
    Dev w(wv, at::kFloat, {2}), sumDy(sdy, at::kFloat, {2}), sumDyXmu(sdx, at::kFloat, {2}), cnt(cv, at::kInt, {2});
    Dev gi(std::vector<double>(8, 9), at::kFloat, {4, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnBatchNormElemtBackwardGetWorkspaceSize(go.t, x.t, mean.t, inv.t, w.t, sumDy.t, sumDyXmu.t,
                                                                     cnt.t, gi.t, ws, ex);
              }, aclnnBatchNormElemtBackward), 0) << LastError();
    const at::Tensor I = T(iv, {1, 2});
    const at::Tensor want = (T(gv, {4, 2}) - T(sdy, {1, 2}) / 8.0 -
                             (T(xv, {4, 2}) - T(mv, {1, 2})) * I * I * T(sdx, {1, 2}) / 8.0) * I * T(wv, {1, 2});
    ExpectClose(gi.Storage(), want);
    Dev cntb(cv, at::kLong, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnBatchNormElemtBackwardGetWorkspaceSize(go.t, x.t, mean.t, inv.t, w.t, sumDy.t, sumDyXmu.t, cntb.t,
                                                           gi.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID,
                "Tensor counter not implemented for DT_INT64, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_INT32.");
}

// BatchNormReduceBackward: the four reductions by their flags; the op_api's own null message.
TEST(ReferenceNnNorm2BatchNorm, ReduceBackwardClosedForm) {
    const std::vector<double> xv = Vals(3 * 2 * 2, 0.8), gv = Vals(12, 0.1), mv = {0.5, -0.25}, iv = {2.0, 0.5};
    Dev x(xv, at::kFloat, {3, 2, 2}), go(gv, at::kFloat, {3, 2, 2}), mean(mv, at::kFloat, {2}), inv(iv, at::kFloat, {2});
    Dev sdy(std::vector<double>(2, 9), at::kFloat, {2}), sdx(std::vector<double>(2, 9), at::kFloat, {2});
    Dev gw(std::vector<double>(2, 9), at::kFloat, {2}), gb(std::vector<double>(2, 9), at::kFloat, {2});
    auto first = [&](bool ig, bool wg, bool bg, aclTensor* a, aclTensor* b) {
        return [&, ig, wg, bg, a, b](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBatchNormReduceBackwardGetWorkspaceSize(go.t, x.t, mean.t, inv.t, nullptr, ig, wg, bg, a, b,
                                                                gw.t, gb.t, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(first(true, false, true, sdy.t, sdx.t), aclnnBatchNormReduceBackward), 0) << LastError();
    const at::Tensor X = T(xv, {3, 2, 2}), G = T(gv, {3, 2, 2});
    const at::Tensor sum_dy = G.sum(NotC(X));
    const at::Tensor sum_dy_xmu = (G * (X - AlongC(T(mv, {2}), 3))).sum(NotC(X));
    ExpectClose(sdy.Storage(), sum_dy);
    ExpectClose(sdx.Storage(), sum_dy_xmu);
    ExpectClose(gw.Storage(), at::full({2}, 9.0, at::kDouble));
    ExpectClose(gb.Storage(), sum_dy);
    ASSERT_EQ(RunPhases(first(false, true, false, nullptr, nullptr), aclnnBatchNormReduceBackward), 0) << LastError();
    ExpectClose(gw.Storage(), sum_dy_xmu * T(iv, {2}));
    ExpectFails(first(true, true, true, nullptr, sdx.t), ACLNN_ERR_PARAM_NULLPTR,
                "expected a proper Tensor but got null for argument sumDy.");
}

// BatchNormStats (ops-math): mean and invstd over every dim but 1; mean must be FLOAT.
TEST(ReferenceNnNorm2BatchNorm, StatsClosedForm) {
    const std::vector<double> xv = Vals(2 * 3 * 4, 0.35);
    Dev x(xv, at::kHalf, {2, 3, 4}), mean(std::vector<double>(3, 9), at::kFloat, {3});
    Dev inv(std::vector<double>(3, 9), at::kFloat, {3}), meanh(std::vector<double>(3, 9), at::kHalf, {3});
    auto first = [&](aclTensor* m) {
        return [&, m](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBatchNormStatsGetWorkspaceSize(x.t, 1e-3, m, inv.t, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(first(mean.t), aclnnBatchNormStats), 0) << LastError();
    const at::Tensor X = T(xv, {2, 3, 4}).to(at::kHalf).to(at::kDouble);
    const at::Tensor m = X.mean(NotC(X));
    const at::Tensor var = (X - AlongC(m, 3)).pow(2).mean(NotC(X));
    ExpectClose(mean.Storage(), m);
    ExpectClose(inv.Storage(), 1.0 / at::sqrt(var + 1e-3), 1e-4, 1e-4);
    ExpectFails(first(meanh.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor mean not implemented for DT_FLOAT16, should be in dtype support list DT_FLOAT.");
}

struct VecNormCall {
    const aclTensor* self;
    float ord;
    std::vector<int64_t> dims;
    bool keep;
    aclDataType dtype;
    aclTensor* out;
    // the scalar and the array live as long as the call object (the executor may read them in the second phase)
    std::shared_ptr<aclcpu_test::Scalar> s;
    std::shared_ptr<Ints> d;
    std::function<aclnnStatus(uint64_t*, aclOpExecutor**)> First() {
        s = std::make_shared<aclcpu_test::Scalar>(ord);
        d = std::make_shared<Ints>(dims);
        const aclTensor* sf = self;
        const aclScalar* sc = s->s;
        const aclIntArray* da = d->a;
        const bool k = keep;
        const aclDataType dt = dtype;
        aclTensor* o = out;
        return [sf, sc, da, k, dt, o](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnLinalgVectorNormGetWorkspaceSize(sf, sc, da, k, dt, o, ws, ex);
        };
    }
};

// LinalgVectorNorm: ATen's linalg_vector_norm in double for several ords; dtype must be out's; the Ascend 950 lists.
TEST(ReferenceNnNorm2LinalgVectorNorm, MatchesAtenAndChecks) {
    const std::vector<double> xv = Vals(3 * 4, 0.45);
    Dev x(xv, at::kFloat, {3, 4}), out(std::vector<double>(3, 9), at::kFloat, {3});
    const at::Tensor X = T(xv, {3, 4});
    for (float ord : {2.0f, 1.0f, 0.0f, 3.0f, INFINITY, -INFINITY}) {
        VecNormCall c{x.t, ord, {1}, false, ACL_FLOAT, out.t, nullptr, nullptr};
        ASSERT_EQ(RunPhases(c.First(), aclnnLinalgVectorNorm), 0) << LastError();
        ExpectClose(out.Storage(), at::linalg_vector_norm(X, static_cast<double>(ord), at::IntArrayRef{1}, false),
                    1e-5, 1e-5);
    }
    Dev all(std::vector<double>(1, 9), at::kFloat, {1, 1});
    VecNormCall c{x.t, 2.0f, {}, true, ACL_FLOAT, all.t, nullptr, nullptr};
    ASSERT_EQ(RunPhases(c.First(), aclnnLinalgVectorNorm), 0) << LastError();
    ExpectClose(all.Storage(), at::linalg_vector_norm(X, 2.0).reshape({1}));
    c.dtype = ACL_FLOAT16;
    ExpectFails(c.First(), ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_FLOAT16 but found DT_FLOAT.");
    c.dtype = ACL_FLOAT;
    c.dims = {2};
    ExpectFails(c.First(), ACLNN_ERR_PARAM_INVALID,
                "Dimension out of range (expected to be in range of [-2, 1],but got 2)");
    c.dims = {1, -1};
    ExpectFails(c.First(), ACLNN_ERR_PARAM_INVALID, "dim 1 appears multiple times in the list of dims");
    c.dims = {1};
    ExpectFails(c.First(), ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as [3,1], but got [1,1].");
    // Ascend 950: an INT32 self refused by the list (accepted elsewhere, computed in float32)
    Dev xi(xv, at::kInt, {3, 4});
    VecNormCall ci{xi.t, 1.0f, {1}, false, ACL_FLOAT, out.t, nullptr, nullptr};
    {
        aclcpu_test::ProfileScope a2(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(a2.ok());
        Dev xi2(xv, at::kInt, {3, 4}), out2(std::vector<double>(3, 9), at::kFloat, {3});
        VecNormCall c2{xi2.t, 1.0f, {1}, false, ACL_FLOAT, out2.t, nullptr, nullptr};
        ASSERT_EQ(RunPhases(c2.First(), aclnnLinalgVectorNorm), 0) << LastError();
        ExpectClose(out2.Storage(),
                    at::linalg_vector_norm(T(xv, {3, 4}).to(at::kInt).to(at::kDouble), 1.0, at::IntArrayRef{1}, false));
    }
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    ExpectFails(ci.First(), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    Dev xh(xv, at::kHalf, {3, 4});
    Dev outb(std::vector<double>(3), at::kBFloat16, {3});
    VecNormCall ch{xh.t, 1.0f, {1}, false, ACL_BF16, outb.t, nullptr, nullptr};
    ExpectFails(ch.First(), ACLNN_ERR_PARAM_INVALID, "For self with dtype DT_FLOAT16, dtype should be DT_FLOAT, DT_FLOAT16, but got DT_BF16.");
}

// FastLayerNorm: ATen's layer_norm in double; the statistics into [M, 1] outputs; the weight dtype rule.
TEST(ReferenceNnNorm2FastLayerNorm, MatchesLayerNormAndChecks) {
    const std::vector<double> xv = Vals(3 * 4, 0.15), wv = Vals(4, 2.5), bv = Vals(4, 3.5);
    Dev x(xv, at::kFloat, {3, 4}), w(wv, at::kFloat, {4}), b(bv, at::kFloat, {4});
    Dev out(std::vector<double>(12, 9), at::kFloat, {3, 4}), mean(std::vector<double>(3, 9), at::kFloat, {3, 1});
    Dev rstd(std::vector<double>(3, 9), at::kFloat, {3, 1});
    Ints ns({4});
    auto first = [&](const aclTensor* in, const aclTensor* wt, aclTensor* o) {
        return [&, in, wt, o](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnFastLayerNormGetWorkspaceSize(in, ns.a, wt, b.t, 1e-5, o, mean.t, rstd.t, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(first(x.t, w.t, out.t), aclnnFastLayerNorm), 0) << LastError();
    const at::Tensor X = T(xv, {3, 4});
    ExpectClose(out.Storage(), at::layer_norm(X, {4}, T(wv, {4}), T(bv, {4}), 1e-5), 1e-4, 1e-4);
    ExpectClose(mean.Storage(), X.mean(-1));
    ExpectClose(rstd.Storage(), 1.0 / at::sqrt(BiasedVar(X, false) + 1e-5), 1e-4, 1e-4);
    Dev xh(xv, at::kHalf, {3, 4}), wh(wv, at::kHalf, {4}), outh(std::vector<double>(12), at::kHalf, {3, 4});
    Dev wb(wv, at::kBFloat16, {4});
    ExpectFails(first(xh.t, wb.t, outh.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found fastWeightOptional DT_BF16 and input DT_FLOAT16.");
    ExpectFails(first(xh.t, wh.t, outh.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found fastWeightOptional DT_FLOAT16 and biasOptional DT_FLOAT.");
    Dev w3(wv, at::kFloat, {2, 2});
    ExpectFails(first(x.t, w3.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected 1 dimension input, but got weightOptional with sizes [2,2].");
}

// ================================================================================ norm + quant

/// The kernels' int8 step in double: round half to even, saturate.
at::Tensor RintSat(const at::Tensor& v, double lo = -128, double hi = 127) {
    return at::clamp(at::round(v), lo, hi);
}

// RmsNormQuant: (rmsnorm * gamma + beta) / scale + offset, FLOAT16-rounded, saturated, rounded half to even; an INT32
// y packs eight int4 results per element.
TEST(ReferenceNnNorm2Quant, RmsNormQuantClosedForm) {
    aclcpu_test::ProfileScope a2(l1ref::Profile::kAscend910B);  // the A2/A3 kernel's per-tensor form
    ASSERT_TRUE(a2.ok());
    const std::vector<double> xv = Vals(2 * 8, 0.3), gv = Vals(8, 1.2), bv = Vals(8, 2.9);
    Dev x(xv, at::kHalf, {2, 8}), g(gv, at::kHalf, {8}), b(bv, at::kHalf, {8});
    Dev scale(std::vector<double>{0.0625}, at::kHalf, {1}), offset(std::vector<double>{3}, at::kChar, {1});
    Dev y(std::vector<double>(16, 9), at::kChar, {2, 8}), y32(std::vector<double>(2, 9), at::kInt, {2, 1});
    auto first = [&](aclTensor* out) {
        return [&, out](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnRmsNormQuantGetWorkspaceSize(x.t, g.t, b.t, scale.t, offset.t, 1e-6, out, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(first(y.t), aclnnRmsNormQuant), 0) << LastError();
    const at::Tensor X = T(xv, {2, 8}).to(at::kHalf).to(at::kDouble);
    const at::Tensor G = T(gv, {8}).to(at::kHalf).to(at::kDouble), B = T(bv, {8}).to(at::kHalf).to(at::kDouble);
    const at::Tensor v = (X / at::sqrt(X.pow(2).mean(-1, true) + 1e-6) * G + B) * 16.0 + 3.0;
    const at::Tensor vh = v.to(at::kHalf).to(at::kDouble);
    ExpectClose(y.Storage(), RintSat(vh), 0, 1.0);  // a float32 / double difference may move a FLOAT16 rounding
    ASSERT_EQ(RunPhases(first(y32.t), aclnnRmsNormQuant), 0) << LastError();
    const at::Tensor q = RintSat(vh, -8, 7).to(at::kLong);
    for (int64_t r = 0; r < 2; ++r) {
        int64_t packed = 0;
        for (int64_t j = 0; j < 8; ++j) packed |= (q[r][j].item<int64_t>() & 15) << (4 * j);
        EXPECT_EQ(static_cast<int32_t>(static_cast<uint32_t>(packed)), static_cast<int32_t>(y32.Storage()[r].item<double>()));
    }
    // checks: offset INT8 outside the Ascend 950; Ascend910 has no list
    Dev off32(std::vector<double>{3}, at::kInt, {1});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnRmsNormQuantGetWorkspaceSize(x.t, g.t, b.t, scale.t, off32.t, 1e-6, y.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Tensor inputTensor.offset expected dtype is DT_INT8 but found DT_INT32.");
    Dev y7(std::vector<double>(14), at::kChar, {2, 7});
    ExpectFails(first(y7.t), ACLNN_ERR_PARAM_INVALID,
                "if outType is int4 or int8, x last dim must be equal with out last dim. x last dim is (8), out last dim is (7).");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(first(y.t), ACLNN_ERR_PARAM_INVALID, "Tensor inputTensor.x not implemented for DT_FLOAT16");
    // Ascend 950: the regbase rules (y's shape x's)
    aclcpu_test::ProfileScope s950(l1ref::Profile::kAscend950);
    ASSERT_TRUE(s950.ok());
    ExpectFails(first(y7.t), ACLNN_ERR_PARAM_INVALID, "x shape is not equal with y shape");
}

// AddRmsNormQuant: FLOAT16 steps in FLOAT16, divMode divides, zero points added, y2Out only with scales2.
TEST(ReferenceNnNorm2Quant, AddRmsNormQuantClosedForm) {
    const std::vector<double> av = Vals(3 * 4, 0.2), bv = Vals(12, 1.9), gv = Vals(4, 0.6);
    const std::vector<double> sv = {0.05, 0.1, 0.02, 0.5}, zv = {1, -2, 0, 3};
    Dev x1(av, at::kHalf, {3, 4}), x2(bv, at::kHalf, {3, 4}), g(gv, at::kHalf, {4});
    Dev s1(sv, at::kFloat, {4}), z1(zv, at::kInt, {4}), s2(sv, at::kFloat, {4});
    Dev y1(std::vector<double>(12, 9), at::kChar, {3, 4}), y2(std::vector<double>(12, 9), at::kChar, {3, 4});
    Dev xo(std::vector<double>(12, 9), at::kHalf, {3, 4});
    auto first = [&](const aclTensor* sc2, bool div) {
        return [&, sc2, div](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAddRmsNormQuantGetWorkspaceSize(x1.t, x2.t, g.t, s1.t, sc2, z1.t, nullptr, -1, 1e-6, div, y1.t,
                                                        y2.t, xo.t, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(first(nullptr, true), aclnnAddRmsNormQuant), 0) << LastError();
    const at::Tensor X = (T(av, {3, 4}).to(at::kHalf) + T(bv, {3, 4}).to(at::kHalf)).to(at::kDouble);
    const at::Tensor n = (X / at::sqrt(X.pow(2).mean(-1, true) + 1e-6)).to(at::kHalf);
    const at::Tensor yv = (n * T(gv, {4}).to(at::kHalf)).to(at::kDouble);
    ExpectClose(xo.Storage(), X);
    ExpectClose(y1.Storage(), RintSat(yv / T(sv, {4}).to(at::kFloat).to(at::kDouble) + T(zv, {4})), 0, 1.0);
    ExpectClose(y2.Storage(), at::full({12}, 9.0, at::kDouble));
    ASSERT_EQ(RunPhases(first(s2.t, false), aclnnAddRmsNormQuant), 0) << LastError();
    ExpectClose(y1.Storage(), RintSat(yv * T(sv, {4}).to(at::kFloat).to(at::kDouble) + T(zv, {4})), 0, 1.0);
    ExpectClose(y2.Storage(), RintSat(yv * T(sv, {4}).to(at::kFloat).to(at::kDouble)), 0, 1.0);
    Dev y2f(std::vector<double>(12), at::kFloat, {3, 4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAddRmsNormQuantGetWorkspaceSize(x1.t, x2.t, g.t, s1.t, nullptr, z1.t, nullptr, -1, 1e-6, true, y1.t,
                                                    y2f.t, xo.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID,
                "Tensor y2Out not implemented for DT_FLOAT, should be in dtype support list DT_FLOAT8_E4M3FN, DT_FLOAT8_E5M2, DT_HIFLOAT8, DT_INT8.");
}

// AddRmsNormDynamicQuant: per-row scales max|v| / 127, y = round(v * 127 / max); y2Out only with smoothScale2.
TEST(ReferenceNnNorm2Quant, AddRmsNormDynamicQuantClosedForm) {
    const std::vector<double> av = Vals(2 * 4, 0.7), bv = Vals(8, 2.1), gv = {1.0, -0.5, 2.0, 0.25}, sv = {1, 2, 0.5, 1};
    Dev x1(av, at::kHalf, {2, 4}), x2(bv, at::kHalf, {2, 4}), g(gv, at::kHalf, {4}), sm(sv, at::kHalf, {4});
    Dev y1(std::vector<double>(8, 9), at::kChar, {2, 4}), y2(std::vector<double>(8, 9), at::kChar, {2, 4});
    Dev xo(std::vector<double>(8, 9), at::kHalf, {2, 4}), s1(std::vector<double>(2, 9), at::kFloat, {2});
    Dev s2(std::vector<double>(2, 9), at::kFloat, {2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAddRmsNormDynamicQuantGetWorkspaceSize(x1.t, x2.t, g.t, sm.t, nullptr, 1e-6, y1.t, y2.t,
                                                                     xo.t, s1.t, s2.t, ws, ex);
              }, aclnnAddRmsNormDynamicQuant), 0) << LastError();
    const at::Tensor X = T(av, {2, 4}).to(at::kHalf).to(at::kDouble) + T(bv, {2, 4}).to(at::kHalf).to(at::kDouble);
    const at::Tensor v = X / at::sqrt(X.pow(2).mean(-1, true) + 1e-6) * T(gv, {4}) * T(sv, {4});
    const at::Tensor m = std::get<0>(at::max(at::abs(v), -1, true));
    ExpectClose(s1.Storage(), (m / 127.0).reshape({2}), 1e-5, 1e-6);
    ExpectClose(y1.Storage(), RintSat(v * 127.0 / m), 0, 1.0);  // a tie may round either way in float32
    EXPECT_EQ(at::abs(y1.Storage()).max().item<double>(), 127.0);
    ExpectClose(y2.Storage(), at::full({8}, 9.0, at::kDouble));
    ExpectClose(xo.Storage(), X);
    Dev g2(gv, at::kHalf, {2, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAddRmsNormDynamicQuantGetWorkspaceSize(x1.t, x2.t, g2.t, nullptr, nullptr, 1e-6, y1.t, y2.t, xo.t,
                                                           s1.t, s2.t, ws, ex);
    }, ACLNN_ERR_INNER_TILING_ERROR, "gamma shape dim num should be 1.");
}

}  // namespace nn_norm2_reference_test
