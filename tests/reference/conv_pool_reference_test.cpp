// The reference tier's convolutions and pooling operators through the public API (docs/ops/nn_conv.md,
// docs/ops/nn_pooling.md): each formula against ATen's plain function evaluated here in double (or closed-form
// values), each attribute's mapping (groups, transposed, asymmetric padding, outputPadding, cubeMathType's
// rounding, the transposed path's FLOAT output, kernelSize, countIncludePad, divisorOverride, ceilMode), and the
// main checks in CANN's order with codes and messages (null -> 161001; dtypes per product, shapes, formats ->
// 161002). The table-driven suite (reference_table_test.cpp) runs each entry's cases on transposed, strided and
// offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "aclnnop/aclnn_adaptive_avg_pool2d.h"
#include "aclnnop/aclnn_adaptive_avg_pool2d_backward.h"
#include "aclnnop/aclnn_adaptive_avg_pool3d.h"
#include "aclnnop/aclnn_adaptive_avg_pool3d_backward.h"
#include "aclnnop/aclnn_adaptive_max_pool2d.h"
#include "aclnnop/aclnn_adaptive_max_pool2d_backward.h"
#include "aclnnop/aclnn_avgpool2d.h"
#include "aclnnop/aclnn_avgpool2d_backward.h"
#include "aclnnop/aclnn_avgpool3d.h"
#include "aclnnop/aclnn_avgpool3d_backward.h"
#include "aclnnop/aclnn_max_pool.h"
#include "aclnnop/aclnn_convolution.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace conv_pool_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;

/// The values of an ATen tensor in row-major order, as doubles.
std::vector<double> Vals(const at::Tensor& t) {
    const at::Tensor c = t.to(at::kDouble).contiguous();
    return std::vector<double>(c.data_ptr<double>(), c.data_ptr<double>() + c.numel());
}

/// Deterministic values in [-2, 2) on a 1/8 grid (exact in every float dtype), of a shape.
at::Tensor Grid(std::vector<int64_t> shape, int64_t seed = 0) {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return ((at::arange(n, at::kLong) * 7 + seed * 3) % 32 - 16).to(at::kDouble).div(8.0).view(shape);
}

/// A device tensor holding t's values in dtype ty, contiguous, in a format.
struct Dt : Dev {
    Dt(const at::Tensor& t, at::ScalarType ty, aclFormat f = ACL_FORMAT_ND)
        : Dev(Vals(t), ty, t.sizes().vec(), {}, 0, f) {}
    /// A zero-filled output of a shape.
    Dt(std::vector<int64_t> shape, at::ScalarType ty, aclFormat f = ACL_FORMAT_ND)
        : Dev(std::vector<double>(static_cast<size_t>(at::zeros(shape).numel()), 0.0), ty, shape, {}, 0, f) {}
    at::Tensor View(std::vector<int64_t> shape) const { return Storage().view(shape); }
};

void ExpectClose(const at::Tensor& got, const at::Tensor& want, double rtol = 1e-6, double atol = 1e-5) {
    ASSERT_EQ(got.sizes(), want.sizes());
    EXPECT_TRUE(at::allclose(got, want.to(at::kDouble), rtol, atol)) << "got:\n" << got << "\nwant:\n" << want;
}

struct IntArr {
    aclIntArray* a;
    explicit IntArr(const std::vector<int64_t>& v) : a(aclCreateIntArray(v.data(), v.size())) {}
    ~IntArr() { aclDestroyIntArray(a); }
    IntArr(const IntArr&) = delete;
    IntArr& operator=(const IntArr&) = delete;
};

// ================================================================================ Convolution

struct ConvArgs {
    std::vector<int64_t> stride, padding, dilation, outputPadding;
    bool transposed = false;
    int64_t groups = 1;
    int8_t cube = 1;
};

int Conv(const aclTensor* x, const aclTensor* w, const aclTensor* b, const ConvArgs& a, aclTensor* y) {
    IntArr s(a.stride), p(a.padding), d(a.dilation), op(a.outputPadding);
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnConvolutionGetWorkspaceSize(x, w, b, s.a, p.a, d.a, a.transposed, op.a, a.groups, y, a.cube, ws,
                                                    ex);
        },
        aclnnConvolution);
}

auto ConvFirst(const aclTensor* x, const aclTensor* w, const aclTensor* b, const ConvArgs& a, aclTensor* y,
               const aclIntArray* s, const aclIntArray* p, const aclIntArray* d, const aclIntArray* op) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnConvolutionGetWorkspaceSize(x, w, b, s, p, d, a.transposed, op, a.groups, y, a.cube, ws, ex);
    };
}

// conv2d NCHW with groups 2, stride 2, padding 1, dilation 1 and a bias: ATen's conv2d in double.
TEST(ReferenceConvolution, Conv2dGroupsStrideBias) {
    const at::Tensor x = Grid({2, 4, 5, 5}), w = Grid({6, 2, 3, 3}, 1), b = Grid({6}, 2);
    Dt dx(x, at::kFloat, ACL_FORMAT_NCHW), dw(w, at::kFloat, ACL_FORMAT_NCHW), db(b, at::kFloat);
    Dt dy({2, 6, 3, 3}, at::kFloat, ACL_FORMAT_NCHW);
    ConvArgs a{{2, 2}, {1, 1}, {1, 1}, {0, 0}, false, 2, 1};
    ASSERT_EQ(Conv(dx.t, dw.t, db.t, a, dy.t), 0) << LastError();
    ExpectClose(dy.View({2, 6, 3, 3}), at::conv2d(x, w, b, {2, 2}, {1, 1}, {1, 1}, 2));
}

// conv1d's two padding values pad left and right on their own; conv3d with dilation; no bias.
TEST(ReferenceConvolution, Conv1dAsymmetricPaddingAndConv3d) {
    const at::Tensor x = Grid({1, 3, 8}), w = Grid({4, 3, 3}, 1);
    Dt dx(x, at::kFloat, ACL_FORMAT_NCL), dw(w, at::kFloat, ACL_FORMAT_NCL), dy({1, 4, 5}, at::kFloat, ACL_FORMAT_NCL);
    ASSERT_EQ(Conv(dx.t, dw.t, nullptr, ConvArgs{{2}, {1, 2}, {1}, {0}, false, 1, 1}, dy.t), 0) << LastError();
    ExpectClose(dy.View({1, 4, 5}), at::conv1d(at::constant_pad_nd(x, {1, 2}), w, {}, {2}));

    const at::Tensor x3 = Grid({1, 2, 4, 4, 5}), w3 = Grid({3, 2, 2, 2, 2}, 3);
    Dt dx3(x3, at::kFloat, ACL_FORMAT_NCDHW), dw3(w3, at::kFloat, ACL_FORMAT_NCDHW);
    Dt dy3({1, 3, 3, 3, 2}, at::kFloat, ACL_FORMAT_NCDHW);
    ASSERT_EQ(Conv(dx3.t, dw3.t, nullptr, ConvArgs{{1, 2, 1}, {0, 1, 0}, {1, 1, 3}, {0, 0, 0}, false, 1, 1}, dy3.t), 0)
        << LastError();
    ExpectClose(dy3.View({1, 3, 3, 3, 2}), at::conv3d(x3, w3, {}, {1, 2, 1}, {0, 1, 0}, {1, 1, 3}));
}

// conv2d's four padding values [top, bottom, left, right].
TEST(ReferenceConvolution, Conv2dFourPads) {
    const at::Tensor x = Grid({1, 2, 6, 6}), w = Grid({4, 2, 2, 2}, 1);
    Dt dx(x, at::kFloat), dw(w, at::kFloat), dy({1, 4, 4, 3}, at::kFloat);
    ASSERT_EQ(Conv(dx.t, dw.t, nullptr, ConvArgs{{2, 2}, {2, 1, 0, 1}, {1, 1}, {0, 0}, false, 1, 1}, dy.t), 0)
        << LastError();
    ExpectClose(dy.View({1, 4, 4, 3}), at::conv2d(at::constant_pad_nd(x, {0, 1, 2, 1}), w, {}, {2, 2}));
}

// transposed: conv_transpose2d with groups, outputPadding and a bias; four pads crop each side of the full result.
TEST(ReferenceConvolution, TransposedConv2d) {
    const at::Tensor x = Grid({1, 4, 3, 3}), w = Grid({4, 2, 3, 3}, 1), b = Grid({4}, 2);
    Dt dx(x, at::kFloat, ACL_FORMAT_NCHW), dw(w, at::kFloat, ACL_FORMAT_NCHW), db(b, at::kFloat);
    Dt dy({1, 4, 6, 6}, at::kFloat, ACL_FORMAT_NCHW);
    ASSERT_EQ(Conv(dx.t, dw.t, db.t, ConvArgs{{2, 2}, {1, 1}, {1, 1}, {1, 1}, true, 2, 1}, dy.t), 0) << LastError();
    ExpectClose(dy.View({1, 4, 6, 6}), at::conv_transpose2d(x, w, b, {2, 2}, {1, 1}, {1, 1}, 2));

    Dt dz({1, 4, 7, 6}, at::kFloat, ACL_FORMAT_NCHW);
    ASSERT_EQ(Conv(dx.t, dw.t, db.t, ConvArgs{{2, 2}, {1, 0, 0, 1}, {1, 1}, {1, 0}, true, 2, 1}, dz.t), 0)
        << LastError();
    const at::Tensor full = at::conv_transpose2d(x, w, b, {2, 2}, {0, 0}, {1, 0}, 2);  // [1, 4, 8, 7]
    ExpectClose(dz.View({1, 4, 7, 6}), full.slice(2, 1, 8).slice(3, 0, 6));
}

// transposed conv1d and conv3d.
TEST(ReferenceConvolution, TransposedConv1dAndConv3d) {
    const at::Tensor x = Grid({2, 3, 5}), w = Grid({3, 2, 2}, 1);
    Dt dx(x, at::kFloat, ACL_FORMAT_NCL), dw(w, at::kFloat, ACL_FORMAT_NCL), dy({2, 2, 9}, at::kFloat, ACL_FORMAT_NCL);
    ASSERT_EQ(Conv(dx.t, dw.t, nullptr, ConvArgs{{2}, {1}, {1}, {1}, true, 1, 1}, dy.t), 0) << LastError();
    ExpectClose(dy.View({2, 2, 9}), at::conv_transpose1d(x, w, {}, {2}, {1}, {1}));

    const at::Tensor x3 = Grid({1, 2, 2, 2, 2}), w3 = Grid({2, 3, 2, 2, 2}, 1);
    Dt dx3(x3, at::kFloat, ACL_FORMAT_NCDHW), dw3(w3, at::kFloat, ACL_FORMAT_NCDHW);
    Dt dy3({1, 3, 3, 3, 3}, at::kFloat, ACL_FORMAT_NCDHW);
    ASSERT_EQ(Conv(dx3.t, dw3.t, nullptr, ConvArgs{{1, 1, 1}, {0, 0, 0}, {1, 1, 1}, {0, 0, 0}, true, 1, 1}, dy3.t), 0)
        << LastError();
    ExpectClose(dy3.View({1, 3, 3, 3, 3}), at::conv_transpose3d(x3, w3));
}

// cubeMathType USE_FP16 (2) rounds FLOAT inputs and the result to FLOAT16: 1 + 2^-12 becomes 1; ALLOW_FP32_DOWN
// (1) keeps FLOAT.
TEST(ReferenceConvolution, CubeMathTypeUseFp16) {
    const double v = 1.0 + 1.0 / 4096;
    Dt dx(at::full({1, 1, 3}, v, at::kDouble), at::kFloat, ACL_FORMAT_NCL);
    Dt dw(at::ones({1, 1, 1}, at::kDouble), at::kFloat, ACL_FORMAT_NCL);
    Dt fp16({1, 1, 3}, at::kFloat, ACL_FORMAT_NCL), fp32({1, 1, 3}, at::kFloat, ACL_FORMAT_NCL);
    ASSERT_EQ(Conv(dx.t, dw.t, nullptr, ConvArgs{{1}, {0}, {1}, {0}, false, 1, 2}, fp16.t), 0) << LastError();
    ASSERT_EQ(Conv(dx.t, dw.t, nullptr, ConvArgs{{1}, {0}, {1}, {0}, false, 1, 1}, fp32.t), 0) << LastError();
    EXPECT_EQ(fp16.Values(), std::vector<double>(3, 1.0));
    EXPECT_EQ(fp32.Values(), std::vector<double>(3, static_cast<double>(static_cast<float>(v))));
}

// FLOAT16 inputs: the float32 sum rounded once to FLOAT16 - but the transposed path writes a FLOAT output
// unrounded: 1 + 2^-11 (a tie in FLOAT16, rounded to 1) survives there.
TEST(ReferenceConvolution, Float16SumRoundedOnceAndTransposedFloatOutput) {
    Dt dx(at::tensor({1.0, 1.0 / 2048}, at::kDouble).view({1, 1, 2}), at::kHalf, ACL_FORMAT_NCL);
    Dt dw(at::ones({1, 1, 2}, at::kDouble), at::kHalf, ACL_FORMAT_NCL);
    Dt half({1, 1, 3}, at::kHalf, ACL_FORMAT_NCL), single({1, 1, 3}, at::kFloat, ACL_FORMAT_NCL);
    const ConvArgs t{{1}, {0}, {1}, {0}, true, 1, 0};
    ASSERT_EQ(Conv(dx.t, dw.t, nullptr, t, half.t), 0) << LastError();
    ASSERT_EQ(Conv(dx.t, dw.t, nullptr, t, single.t), 0) << LastError();
    EXPECT_EQ(half.Values(), (std::vector<double>{1.0, 1.0, 1.0 / 2048}));
    EXPECT_EQ(single.Values(), (std::vector<double>{1.0, 1.0 + 1.0 / 2048, 1.0 / 2048}));
    // the forward path rounds to the cube's FLOAT16 even into a FLOAT output
    Dt fwd({1, 1, 1}, at::kFloat, ACL_FORMAT_NCL);
    ASSERT_EQ(Conv(dx.t, dw.t, nullptr, ConvArgs{{1}, {0}, {1}, {0}, false, 1, 0}, fwd.t), 0) << LastError();
    EXPECT_EQ(fwd.Values(), std::vector<double>{1.0});
}

TEST(ReferenceConvolution, NullChecksInCannOrder) {
    Dt x(Grid({1, 2, 4, 4}), at::kFloat, ACL_FORMAT_NCHW), w(Grid({2, 2, 1, 1}), at::kFloat, ACL_FORMAT_NCHW);
    Dt y({1, 2, 4, 4}, at::kFloat, ACL_FORMAT_NCHW);
    IntArr s({1, 1}), p({0, 0}), d({1, 1}), op({0, 0});
    ConvArgs a;
    const std::string e = "aclnnConvolutionGetWorkspaceSize: ";
    ExpectFails(ConvFirst(nullptr, w.t, nullptr, a, y.t, s.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_NULLPTR, e + "x is nullptr");
    ExpectFails(ConvFirst(x.t, nullptr, nullptr, a, y.t, s.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_NULLPTR,
                e + "filter is nullptr");
    ExpectFails(ConvFirst(x.t, w.t, nullptr, a, y.t, nullptr, p.a, d.a, op.a), ACLNN_ERR_PARAM_NULLPTR,
                e + "strides is nullptr");
    ExpectFails(ConvFirst(x.t, w.t, nullptr, a, y.t, s.a, nullptr, d.a, op.a), ACLNN_ERR_PARAM_NULLPTR,
                e + "pads is nullptr");
    ExpectFails(ConvFirst(x.t, w.t, nullptr, a, y.t, s.a, p.a, nullptr, op.a), ACLNN_ERR_PARAM_NULLPTR,
                e + "dilations is nullptr");
    ExpectFails(ConvFirst(x.t, w.t, nullptr, a, nullptr, s.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_NULLPTR,
                e + "y is nullptr");
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnConvolutionGetWorkspaceSize(x.t, w.t, nullptr, s.a, p.a, d.a, false, op.a, 1, y.t, 1, nullptr, &ex),
              ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(LastError().find(e + "workspaceSize is nullptr"), std::string::npos);
    ConvArgs t;
    t.transposed = true;
    ExpectFails(ConvFirst(x.t, w.t, nullptr, t, y.t, s.a, p.a, d.a, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                e + "outputPadding is nullptr");
}

TEST(ReferenceConvolution, ShapeAndValueChecks) {
    Dt x(Grid({1, 4, 4, 4}), at::kFloat, ACL_FORMAT_NCHW), w(Grid({2, 2, 3, 3}), at::kFloat, ACL_FORMAT_NCHW);
    Dt y({1, 2, 2, 2}, at::kFloat, ACL_FORMAT_NCHW), bad_y({1, 2, 3, 3}, at::kFloat, ACL_FORMAT_NCHW);
    Dt b3({3}, at::kFloat), y3d({1, 2, 2}, at::kFloat, ACL_FORMAT_NCL);
    Dt nhwc({1, 2, 2, 2}, at::kFloat, ACL_FORMAT_NHWC);
    IntArr s({1, 1}), p({0, 0}), d({1, 1}), op({0, 0}), s3({1, 1, 1}), zero({0, 1}), p3({0, 0, 0});
    ConvArgs g2;
    g2.groups = 2;
    const std::string e = "aclnnConvolutionGetWorkspaceSize: ";
    // the call itself is valid
    ASSERT_EQ(RunPhases(ConvFirst(x.t, w.t, nullptr, g2, y.t, s.a, p.a, d.a, op.a), aclnnConvolution), 0)
        << LastError();
    ExpectFails(ConvFirst(x.t, w.t, nullptr, g2, y3d.t, s.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_INVALID,
                "the shape dims of x and y must be the same");
    ExpectFails(ConvFirst(x.t, w.t, b3.t, g2, y.t, s.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_INVALID,
                "When transposed is false, shape[0] of bias must be equal to shape[0] of filter");
    ExpectFails(ConvFirst(x.t, w.t, nullptr, g2, y.t, s3.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_INVALID,
                e + "the size of strides is 3, but it should be 2.");
    ExpectFails(ConvFirst(x.t, w.t, nullptr, g2, y.t, s.a, p3.a, d.a, op.a), ACLNN_ERR_PARAM_INVALID,
                e + "the size of pads is 3, but it should be 2 or 4.");
    ExpectFails(ConvFirst(x.t, w.t, nullptr, g2, nhwc.t, s.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_INVALID,
                "the formats of these parameters must be the same");
    ExpectFails(ConvFirst(x.t, w.t, nullptr, g2, y.t, zero.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_INVALID,
                "shape[0] of this parameter must be greater than 0");
    ExpectFails(ConvFirst(x.t, w.t, nullptr, ConvArgs{}, y.t, s.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_INVALID,
                "shape[1] of x must be equal to shape[1] of filter multiplied by attribute groups(1)");
    ConvArgs g0;
    g0.groups = 0;
    ExpectFails(ConvFirst(x.t, w.t, nullptr, g0, y.t, s.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_INVALID,
                e + "groups is 0, but the value should be greater than 0.");
    ExpectFails(ConvFirst(x.t, w.t, nullptr, g2, bad_y.t, s.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_INVALID,
                "shape[2] of y must be equal to its inferred value(2)");
    ConvArgs c5 = g2;
    c5.cube = 5;
    ExpectFails(ConvFirst(x.t, w.t, nullptr, c5, y.t, s.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_INVALID,
                "The value of cubeMathType only support {0: KEEP_DTYPE, 1: ALLOW_FP32_DOWN_PRECISION, 2: USE_FP16, 3: "
                "USE_HF32, 4: USE_FP32_ADD}, but got 5");
    // transposed: outputPadding not below stride or dilation
    Dt tx(Grid({1, 2, 3, 3}), at::kFloat, ACL_FORMAT_NCHW), tw(Grid({2, 1, 2, 2}), at::kFloat, ACL_FORMAT_NCHW);
    Dt ty({1, 1, 5, 5}, at::kFloat, ACL_FORMAT_NCHW);
    IntArr op1({1, 1});
    ConvArgs t;
    t.transposed = true;
    ExpectFails(ConvFirst(tx.t, tw.t, nullptr, t, ty.t, s.a, p.a, d.a, op1.a), ACLNN_ERR_PARAM_INVALID,
                "outputPadding[0] must be less than both stride[0] and dilation[0]");
}

// Atlas A2: FLOAT, FLOAT16, BF16; BF16 and FLOAT taken under KEEP_DTYPE.
TEST(ReferenceConvolution, DtypesOnAtlasA2) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dt x(Grid({1, 2, 3, 3}), at::kFloat), w(Grid({2, 2, 1, 1}), at::kFloat), y({1, 2, 3, 3}, at::kFloat);
    Dt xi(Grid({1, 2, 3, 3}), at::kInt), xb(Grid({1, 2, 3, 3}), at::kBFloat16), wb(Grid({2, 2, 1, 1}), at::kBFloat16);
    Dt yb({1, 2, 3, 3}, at::kBFloat16), bi({2}, at::kInt);
    IntArr s({1, 1}), p({0, 0}), d({1, 1}), op({0, 0});
    ConvArgs a, keep;
    keep.cube = 0;
    const std::string e = "aclnnConvolutionGetWorkspaceSize: ";
    ExpectFails(ConvFirst(x.t, w.t, bi.t, a, y.t, s.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_INVALID,
                e + "the dtype of bias is DT_INT32, but it should be one of [DT_FLOAT, DT_FLOAT16, DT_BF16].");
    ExpectFails(ConvFirst(xi.t, w.t, nullptr, a, y.t, s.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_INVALID,
                e + "the dtype of x is DT_INT32, but it should be one of [DT_FLOAT, DT_FLOAT16, DT_BF16].");
    // BF16 and FLOAT under KEEP_DTYPE
    EXPECT_EQ(RunPhases(ConvFirst(xb.t, wb.t, nullptr, keep, yb.t, s.a, p.a, d.a, op.a), aclnnConvolution), 0)
        << LastError();
    EXPECT_EQ(RunPhases(ConvFirst(x.t, w.t, nullptr, keep, y.t, s.a, p.a, d.a, op.a), aclnnConvolution), 0)
        << LastError();
}

// Ascend910: no BF16 in the list; FLOAT refused under KEEP_DTYPE (the cube has no FLOAT), taken under
// ALLOW_FP32_DOWN_PRECISION.
TEST(ReferenceConvolution, DtypesOnAscend910) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dt x(Grid({1, 2, 3, 3}), at::kFloat), w(Grid({2, 2, 1, 1}), at::kFloat), y({1, 2, 3, 3}, at::kFloat);
    Dt xb(Grid({1, 2, 3, 3}), at::kBFloat16), wb(Grid({2, 2, 1, 1}), at::kBFloat16), yb({1, 2, 3, 3}, at::kBFloat16);
    IntArr s({1, 1}), p({0, 0}), d({1, 1}), op({0, 0});
    ConvArgs a, keep;
    keep.cube = 0;
    const std::string e = "aclnnConvolutionGetWorkspaceSize: ";
    ExpectFails(ConvFirst(xb.t, wb.t, nullptr, a, yb.t, s.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_INVALID,
                e + "the dtype of x is DT_BF16, but it should be one of [DT_FLOAT, DT_FLOAT16].");
    ExpectFails(ConvFirst(x.t, w.t, nullptr, keep, y.t, s.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_INVALID,
                "The soc version does not support bf16 / fp32 for calculations");
    EXPECT_EQ(RunPhases(ConvFirst(x.t, w.t, nullptr, a, y.t, s.a, p.a, d.a, op.a), aclnnConvolution), 0)
        << LastError();
}

// Ascend 950: the list holds HIFLOAT8 (CANN's), which the reference then refuses (ATen has no such dtype).
TEST(ReferenceConvolution, DtypesOnAscend950) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    Dt x(Grid({1, 2, 3, 3}), at::kFloat), w(Grid({2, 2, 1, 1}), at::kFloat), y({1, 2, 3, 3}, at::kFloat);
    Dt xi(Grid({1, 2, 3, 3}), at::kInt);
    Dev x8(std::vector<double>(18, 0.0), at::kByte, {1, 2, 3, 3}, {}, 0, ACL_HIFLOAT8);
    Dev w8(std::vector<double>(4, 0.0), at::kByte, {2, 2, 1, 1}, {}, 0, ACL_HIFLOAT8);
    Dev y8(std::vector<double>(18, 0.0), at::kByte, {1, 2, 3, 3}, {}, 0, ACL_HIFLOAT8);
    IntArr s({1, 1}), p({0, 0}), d({1, 1}), op({0, 0});
    ConvArgs a;
    const std::string e = "aclnnConvolutionGetWorkspaceSize: ";
    ExpectFails(ConvFirst(xi.t, w.t, nullptr, a, y.t, s.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_INVALID,
                e + "the dtype of x is DT_INT32, but it should be one of [DT_FLOAT, DT_FLOAT16, DT_BF16, DT_HIFLOAT8].");
    ExpectFails(ConvFirst(x8.t, w8.t, nullptr, a, y8.t, s.a, p.a, d.a, op.a), ACLNN_ERR_PARAM_INVALID,
                e + "x of dtype DT_HIFLOAT8 is not computed by aclcpu's reference tier");
}

// ================================================================================ ConvTbc

int ConvTbc(const aclTensor* x, const aclTensor* w, const aclTensor* b, int64_t pad, aclTensor* y, int8_t cube = 1) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnConvTbcGetWorkspaceSize(x, w, b, pad, y, cube, ws, ex); },
        aclnnConvTbc);
}

TEST(ReferenceConvTbc, MatchesConvTbcInDouble) {
    const at::Tensor x = Grid({5, 2, 3}), w = Grid({3, 3, 4}, 1), b = Grid({4}, 2);
    Dt dx(x, at::kFloat, ACL_FORMAT_NCL), dw(w, at::kFloat, ACL_FORMAT_NCL), db(b, at::kFloat);
    Dt dy({5, 2, 4}, at::kFloat, ACL_FORMAT_NCL);
    ASSERT_EQ(ConvTbc(dx.t, dw.t, db.t, 1, dy.t), 0) << LastError();
    ExpectClose(dy.View({5, 2, 4}), at::conv_tbc(x, w, b, 1));
    // self a permuted view ([5, 2, 3] over a [3, 2, 5] storage), which ATen's conv_tbc cannot view directly
    const at::Tensor st = Grid({3, 2, 5}, 4);
    Dev dv(Vals(st), at::kFloat, {5, 2, 3}, {1, 5, 10});
    Dt dz({5, 2, 4}, at::kFloat, ACL_FORMAT_NCL);
    ASSERT_EQ(ConvTbc(dv.t, dw.t, db.t, 1, dz.t), 0) << LastError();
    ExpectClose(dz.View({5, 2, 4}), at::conv_tbc(st.permute({2, 1, 0}).contiguous(), w, b, 1));
}

TEST(ReferenceConvTbc, Checks) {
    Dt x(Grid({5, 2, 3}), at::kFloat), w(Grid({3, 3, 4}), at::kFloat), b({4}, at::kFloat), y({5, 2, 4}, at::kFloat);
    Dt yh({5, 2, 4}, at::kHalf), bad({4, 2, 4}, at::kFloat), w2(Grid({3, 2, 4}), at::kFloat);
    auto f = [](const aclTensor* x_, const aclTensor* w_, const aclTensor* b_, int64_t pad, aclTensor* y_) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnConvTbcGetWorkspaceSize(x_, w_, b_, pad, y_, 1, ws, ex); };
    };
    const std::string e = "aclnnConvTbcGetWorkspaceSize: ";
    ExpectFails(f(x.t, w.t, nullptr, 1, y.t), ACLNN_ERR_PARAM_NULLPTR, e + "bias is nullptr");
    ExpectFails(f(x.t, w.t, b.t, 1, yh.t), ACLNN_ERR_PARAM_INVALID,
                e + "the dtype of filter is DT_FLOAT, but it should be DT_FLOAT16 (y's).");
    ExpectFails(f(x.t, w2.t, b.t, 1, y.t), ACLNN_ERR_PARAM_INVALID, "shape[1] of x must be equal to shape[1] of filter");
    ExpectFails(f(x.t, w.t, b.t, 1, bad.t), ACLNN_ERR_PARAM_INVALID,
                "shape[2] of y must be equal to its inferred value(5)");
}

// ================================================================================ ConvDepthwise2d

TEST(ReferenceConvDepthwise2d, GroupsAreChannels) {
    const at::Tensor x = Grid({2, 3, 6, 6}), w = Grid({6, 1, 3, 3}, 1), b = Grid({6}, 2);
    Dt dx(x, at::kFloat, ACL_FORMAT_NCHW), dw(w, at::kFloat, ACL_FORMAT_NCHW), db(b, at::kFloat);
    Dt dy({2, 6, 3, 3}, at::kFloat, ACL_FORMAT_NCHW);
    IntArr k({3, 3}), s({2, 2}), p({1, 1}), d({1, 1});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnConvDepthwise2dGetWorkspaceSize(dx.t, dw.t, k.a, db.t, s.a, p.a, d.a, dy.t, 1, ws, ex);
                  },
                  aclnnConvDepthwise2d),
              0)
        << LastError();
    ExpectClose(dy.View({2, 6, 3, 3}), at::conv2d(x, w, b, {2, 2}, {1, 1}, {1, 1}, 3));
}

TEST(ReferenceConvDepthwise2d, Checks) {
    Dt x(Grid({1, 2, 4, 4}), at::kFloat), w(Grid({4, 1, 3, 3}), at::kFloat), y({1, 4, 2, 2}, at::kFloat);
    Dt w2(Grid({4, 2, 3, 3}), at::kFloat), bh({4}, at::kHalf);
    IntArr k({3, 3}), kbad({3, 2}), s({1, 1}), p({0, 0}), d({1, 1});
    const aclTensor* xt = x.t;
    aclTensor* yt = y.t;
    const aclIntArray *sa = s.a, *pa = p.a, *da = d.a;
    auto f = [=](const aclTensor* w_, const aclIntArray* k_, const aclTensor* b_) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnConvDepthwise2dGetWorkspaceSize(xt, w_, k_, b_, sa, pa, da, yt, 1, ws, ex);
        };
    };
    const std::string e = "aclnnConvDepthwise2dGetWorkspaceSize: ";
    ExpectFails(f(w.t, k.a, bh.t), ACLNN_ERR_PARAM_INVALID, e + "the dtype of x is DT_FLOAT, but it should be DT_FLOAT16");
    ExpectFails(f(w2.t, k.a, nullptr), ACLNN_ERR_PARAM_INVALID, "shape[1] of this parameter must be 0 or 1");
    ExpectFails(f(w.t, kbad.a, nullptr), ACLNN_ERR_PARAM_INVALID,
                "shape[3] of filter must be equal to the shape[1] of kernelSize");
    ExpectFails(f(w.t, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR, e + "kernelSize is nullptr");
}

// ================================================================================ AdaptiveAvgPool2d / 3d

TEST(ReferencePoolAdaptiveAvg, TwoDBlockMeans) {
    // [1, 1, 4, 4] = 0..15 to [2, 2]: the means of the 2x2 blocks; [3, 5] to [2, 3] on a CHW self.
    Dt x(at::arange(16, at::kDouble).view({1, 1, 4, 4}), at::kFloat, ACL_FORMAT_NCHW);
    Dt y({1, 1, 2, 2}, at::kFloat, ACL_FORMAT_NCHW);
    IntArr os({2, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveAvgPool2dGetWorkspaceSize(x.t, os.a, y.t, ws, ex); },
                        aclnnAdaptiveAvgPool2d),
              0)
        << LastError();
    EXPECT_EQ(y.Values(), (std::vector<double>{2.5, 4.5, 10.5, 12.5}));
    const at::Tensor s = Grid({2, 3, 5});
    Dt dx(s, at::kHalf, ACL_FORMAT_NCL), dy({2, 2, 3}, at::kHalf, ACL_FORMAT_NCL);
    IntArr os2({2, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveAvgPool2dGetWorkspaceSize(dx.t, os2.a, dy.t, ws, ex); },
                        aclnnAdaptiveAvgPool2d),
              0)
        << LastError();
    ExpectClose(dy.View({2, 2, 3}), at::adaptive_avg_pool2d(s, {2, 3}).to(at::kHalf), 0, 1e-3);
}

TEST(ReferencePoolAdaptiveAvg, TwoDChecks) {
    Dt x(Grid({1, 2, 4, 4}), at::kFloat), y({1, 2, 2, 2}, at::kFloat), yh({1, 2, 2, 2}, at::kHalf);
    Dt yl({2, 2, 2, 2}, at::kFloat), xi(Grid({1, 2, 4, 4}), at::kInt), nhwc({1, 2, 2, 2}, at::kFloat, ACL_FORMAT_NHWC);
    IntArr os({2, 2}), os3({2, 2, 2}), os1({1, 2});
    auto f = [](const aclTensor* s, const aclIntArray* o, aclTensor* out) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveAvgPool2dGetWorkspaceSize(s, o, out, ws, ex); };
    };
    ExpectFails(f(x.t, nullptr, y.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type List[int] for argument outputSize but instead found type null.");
    ExpectFails(f(x.t, os.a, yl.t), ACLNN_ERR_PARAM_INVALID, "Out_shape[0]: 2 should equal to input_shape[0]: 1");
    ExpectFails(f(xi.t, os.a, y.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list");
    ExpectFails(f(x.t, os.a, yh.t), ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(f(x.t, os.a, nhwc.t), ACLNN_ERR_PARAM_INVALID, "Format of input and out should be equal");
    ExpectFails(f(x.t, os3.a, y.t), ACLNN_ERR_PARAM_INVALID, "OutputSize length should be 2.");
    ExpectFails(f(x.t, os1.a, y.t), ACLNN_ERR_PARAM_INVALID,
                "outputSize value should match the outputShape value and greater than 0.");
}

TEST(ReferencePoolAdaptiveAvg, TwoDBf16RefusedOnAscend310P) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dt xb(Grid({1, 2, 4, 4}), at::kBFloat16), yb({1, 2, 2, 2}, at::kBFloat16);
    IntArr os({2, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveAvgPool2dGetWorkspaceSize(xb.t, os.a, yb.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_BF16, should be in dtype support list");
}

TEST(ReferencePoolAdaptiveAvg, ThreeD) {
    const at::Tensor s = Grid({2, 3, 4, 5, 6});
    Dt dx(s, at::kFloat, ACL_FORMAT_NCDHW), dy({2, 3, 2, 3, 4}, at::kFloat, ACL_FORMAT_NCDHW);
    IntArr os({2, 3, 4}), bad({2, 3, 5});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveAvgPool3dGetWorkspaceSize(dx.t, os.a, dy.t, ws, ex); },
                        aclnnAdaptiveAvgPool3d),
              0)
        << LastError();
    ExpectClose(dy.View({2, 3, 2, 3, 4}), at::adaptive_avg_pool3d(s, {2, 3, 4}));
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveAvgPool3dGetWorkspaceSize(dx.t, bad.a, dy.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "outShape value should match the outputSize value and greater than 0.");
    Dt y4({3, 2, 3, 4}, at::kFloat);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveAvgPool3dGetWorkspaceSize(dx.t, os.a, y4.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Out dims 4 should equal to self dims 5.");
}

// ================================================================================ AvgPool2d / 3d

int AvgPool2d(const aclTensor* x, std::vector<int64_t> k, std::vector<int64_t> s, std::vector<int64_t> p, bool ceil,
              bool cip, int64_t div, int8_t cube, aclTensor* y) {
    IntArr ka(k), sa(s), pa(p);
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAvgPool2dGetWorkspaceSize(x, ka.a, sa.a, pa.a, ceil, cip, div, cube, y, ws, ex);
        },
        aclnnAvgPool2d);
}

// countIncludePad, divisorOverride and ceilMode at the border of a [1, 1, 3, 3] all-ones input, kernel 2,
// stride 2, padding 1: the corner window holds one element of four.
TEST(ReferencePoolAvg, TwoDAttributes) {
    Dt x(at::ones({1, 1, 3, 3}, at::kDouble), at::kFloat, ACL_FORMAT_NCHW);
    Dt inc({1, 1, 2, 2}, at::kFloat, ACL_FORMAT_NCHW), exc({1, 1, 2, 2}, at::kFloat, ACL_FORMAT_NCHW);
    Dt div({1, 1, 2, 2}, at::kFloat, ACL_FORMAT_NCHW);
    ASSERT_EQ(AvgPool2d(x.t, {2}, {2}, {1}, false, true, 0, 0, inc.t), 0) << LastError();
    ASSERT_EQ(AvgPool2d(x.t, {2}, {2}, {1}, false, false, 0, 0, exc.t), 0) << LastError();
    ASSERT_EQ(AvgPool2d(x.t, {2}, {2}, {1}, false, true, 8, 0, div.t), 0) << LastError();
    EXPECT_EQ(inc.Values(), (std::vector<double>{0.25, 0.5, 0.5, 1.0}));
    EXPECT_EQ(exc.Values(), (std::vector<double>{1.0, 1.0, 1.0, 1.0}));
    EXPECT_EQ(div.Values(), (std::vector<double>{0.125, 0.25, 0.25, 0.5}));
    // ceilMode: [1, 1, 5, 5], kernel 2, stride 2 (empty strides: the kernel), no padding -> 3x3
    const at::Tensor s = Grid({1, 1, 5, 5});
    Dt dx(s, at::kFloat, ACL_FORMAT_NCHW), ceil({1, 1, 3, 3}, at::kFloat, ACL_FORMAT_NCHW);
    ASSERT_EQ(AvgPool2d(dx.t, {2, 2}, {}, {0, 0}, true, true, 0, 0, ceil.t), 0) << LastError();
    ExpectClose(ceil.View({1, 1, 3, 3}), at::avg_pool2d(s, {2, 2}, {2, 2}, {0, 0}, true, true));
}

// cubeMathType USE_FP16 rounds a FLOAT self to FLOAT16 first: 1 + 2^-12 averages to 1.
TEST(ReferencePoolAvg, TwoDUseFp16) {
    Dt x(at::full({1, 1, 2, 2}, 1.0 + 1.0 / 4096, at::kDouble), at::kFloat, ACL_FORMAT_NCHW);
    Dt y16({1, 1, 1, 1}, at::kFloat, ACL_FORMAT_NCHW), y32({1, 1, 1, 1}, at::kFloat, ACL_FORMAT_NCHW);
    ASSERT_EQ(AvgPool2d(x.t, {2}, {2}, {0}, false, true, 0, 2, y16.t), 0) << LastError();
    ASSERT_EQ(AvgPool2d(x.t, {2}, {2}, {0}, false, true, 0, 0, y32.t), 0) << LastError();
    EXPECT_EQ(y16.Values(), std::vector<double>{1.0});
    EXPECT_EQ(y32.Values(), std::vector<double>{static_cast<double>(static_cast<float>(1.0 + 1.0 / 4096))});
}

TEST(ReferencePoolAvg, TwoDChecks) {
    Dt x(Grid({1, 2, 4, 4}), at::kFloat), y({1, 2, 2, 2}, at::kFloat), yh({1, 2, 2, 2}, at::kHalf);
    Dt y3({1, 2, 3, 3}, at::kFloat);
    IntArr k({2, 2}), s({2, 2}), p({0, 0}), pbig({2, 0}), p3({0, 0, 0});
    const aclTensor* xt = x.t;
    const aclIntArray* sa = s.a;
    auto f = [=](const aclIntArray* k_, const aclIntArray* p_, aclTensor* y_, int8_t cube) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAvgPool2dGetWorkspaceSize(xt, k_, sa, p_, false, true, 0, cube, y_, ws, ex);
        };
    };
    ExpectFails(f(nullptr, p.a, y.t, 0), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type List[int] for argument kernelSize but instead found type null.");
    ExpectFails(f(k.a, p.a, yh.t, 0), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_FLOAT16.");
    ExpectFails(f(k.a, p3.a, y.t, 0), ACLNN_ERR_PARAM_INVALID, "Expected length of padding is 1 or 2, but got 3.");
    ExpectFails(f(k.a, pbig.a, y.t, 0), ACLNN_ERR_PARAM_INVALID,
                "value of paddingH should be at most half of kernelH. Actual: paddingH is [2],kernelH is [2].");
    ExpectFails(f(k.a, p.a, y3.t, 0), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [1,2,2,2], but got [1,2,3,3].");
}

// Ascend910: a FLOAT self refused under KEEP_DTYPE, taken under ALLOW_FP32_DOWN_PRECISION.
TEST(ReferencePoolAvg, TwoDCubeMathTypeOnAscend910) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dt x(Grid({1, 2, 4, 4}), at::kFloat), y({1, 2, 2, 2}, at::kFloat);
    IntArr k({2, 2}), s({2, 2}), p({0, 0});
    const aclTensor* xt = x.t;
    aclTensor* yt = y.t;
    const aclIntArray *ka = k.a, *sa = s.a, *pa = p.a;
    auto f = [=](int8_t cube) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAvgPool2dGetWorkspaceSize(xt, ka, sa, pa, false, true, 0, cube, yt, ws, ex);
        };
    };
    ExpectFails(f(0), ACLNN_ERR_PARAM_INVALID, "The soc version does not support bf16 / fp32");
    EXPECT_EQ(RunPhases(f(1), aclnnAvgPool2d), 0) << LastError();
}

int AvgPool3d(const aclTensor* x, std::vector<int64_t> k, std::vector<int64_t> s, std::vector<int64_t> p, bool ceil,
              bool cip, int64_t div, aclTensor* y) {
    IntArr ka(k), sa(s), pa(p);
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAvgPool3dGetWorkspaceSize(x, ka.a, sa.a, pa.a, ceil, cip, div, y, ws, ex);
        },
        aclnnAvgPool3d);
}

TEST(ReferencePoolAvg, ThreeD) {
    const at::Tensor s = Grid({1, 2, 4, 5, 4});
    Dt dx(s, at::kFloat, ACL_FORMAT_NCDHW), y({1, 2, 2, 3, 2}, at::kFloat, ACL_FORMAT_NCDHW);
    ASSERT_EQ(AvgPool3d(dx.t, {2, 3, 2}, {2, 2, 2}, {0, 1, 0}, false, false, 0, y.t), 0) << LastError();
    ExpectClose(y.View({1, 2, 2, 3, 2}), at::avg_pool3d(s, {2, 3, 2}, {2, 2, 2}, {0, 1, 0}, false, false));
    Dt yd({1, 2, 2, 3, 2}, at::kFloat, ACL_FORMAT_NCDHW);
    ASSERT_EQ(AvgPool3d(dx.t, {2, 3, 2}, {2, 2, 2}, {0, 1, 0}, false, true, 3, yd.t), 0) << LastError();
    ExpectClose(yd.View({1, 2, 2, 3, 2}), at::avg_pool3d(s, {2, 3, 2}, {2, 2, 2}, {0, 1, 0}, false, true, 3));
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            IntArr k({5}), st({1}), p({0});
            return aclnnAvgPool3dGetWorkspaceSize(dx.t, k.a, st.a, p.a, false, true, 0, y.t, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID, "kernel value(5) is invaild, must be (0, 4].");
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            IntArr k({2, 2}), st({1}), p({0});
            return aclnnAvgPool3dGetWorkspaceSize(dx.t, k.a, st.a, p.a, false, true, 0, y.t, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID, "Expected length of kernel is 1 or 3, but got 2.");
}

// ================================================================================ AdaptiveAvgPool2d/3dBackward

// [1, 1, 4, 4] pooled to [2, 2]: each gradient spread over its 2x2 block, a quarter each.
TEST(ReferencePoolAdaptiveAvgBackward, TwoDSpreadsEvenly) {
    Dt g(at::tensor({4.0, 8.0, -4.0, 2.0}, at::kDouble).view({1, 1, 2, 2}), at::kFloat, ACL_FORMAT_NCHW);
    Dt x(at::zeros({1, 1, 4, 4}, at::kDouble), at::kFloat, ACL_FORMAT_NCHW), y({1, 1, 4, 4}, at::kFloat, ACL_FORMAT_NCHW);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveAvgPool2dBackwardGetWorkspaceSize(g.t, x.t, y.t, ws, ex); },
                        aclnnAdaptiveAvgPool2dBackward),
              0)
        << LastError();
    EXPECT_EQ(y.Values(), (std::vector<double>{1, 1, 2, 2, 1, 1, 2, 2, -1, -1, 0.5, 0.5, -1, -1, 0.5, 0.5}));
    // uneven windows: [2, 7, 5] from [2, 3, 2], against ATen in double
    const at::Tensor gg = Grid({2, 3, 2}), xs = Grid({2, 7, 5}, 1);
    Dt dg(gg, at::kFloat), dx(xs, at::kFloat), dy({2, 7, 5}, at::kFloat);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveAvgPool2dBackwardGetWorkspaceSize(dg.t, dx.t, dy.t, ws, ex); },
                        aclnnAdaptiveAvgPool2dBackward),
              0)
        << LastError();
    ExpectClose(dy.View({2, 7, 5}), at::_adaptive_avg_pool2d_backward(gg, xs));
}

TEST(ReferencePoolAdaptiveAvgBackward, TwoDChecks) {
    Dt g(Grid({1, 2, 2, 2}), at::kFloat), x(Grid({1, 2, 4, 4}), at::kFloat), y({1, 2, 4, 4}, at::kFloat);
    Dt gh(Grid({1, 2, 2, 2}), at::kHalf), g3(Grid({2, 2, 2}), at::kFloat), ybad({1, 2, 4, 3}, at::kFloat);
    auto f = [](const aclTensor* g_, const aclTensor* x_, aclTensor* y_) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveAvgPool2dBackwardGetWorkspaceSize(g_, x_, y_, ws, ex); };
    };
    ExpectFails(f(nullptr, x.t, y.t), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument gradOutput.");
    ExpectFails(f(g3.t, x.t, y.t), ACLNN_ERR_PARAM_INVALID, "DimNum of inputs should be equal, gradOutput [3], self [4]");
    ExpectFails(f(gh.t, x.t, y.t), ACLNN_ERR_PARAM_INVALID, "Tensor gradOutput expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(f(g.t, x.t, ybad.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [1,2,4,4], but got [1,2,4,3].");
}

TEST(ReferencePoolAdaptiveAvgBackward, ThreeD) {
    const at::Tensor gg = Grid({2, 3, 2, 3, 4}), xs = Grid({2, 3, 4, 5, 6}, 1);
    Dt dg(gg, at::kFloat), dx(xs, at::kFloat), dy({2, 3, 4, 5, 6}, at::kFloat);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize(dg.t, dx.t, dy.t, ws, ex); },
                        aclnnAdaptiveAvgPool3dBackward),
              0)
        << LastError();
    ExpectClose(dy.View({2, 3, 4, 5, 6}), at::_adaptive_avg_pool3d_backward(gg, xs));
    // DOUBLE only with gradOutput's D, H, W all 1
    Dt d1(Grid({1, 2, 1, 1, 1}), at::kDouble), dd(Grid({1, 2, 2, 2, 2}), at::kDouble), xd(Grid({1, 2, 2, 2, 2}), at::kDouble);
    Dt yd({1, 2, 2, 2, 2}, at::kDouble);
    auto f = [](const aclTensor* g_, const aclTensor* x_, aclTensor* y_) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveAvgPool3dBackwardGetWorkspaceSize(g_, x_, y_, ws, ex); };
    };
    ASSERT_EQ(RunPhases(f(d1.t, xd.t, yd.t), aclnnAdaptiveAvgPool3dBackward), 0) << LastError();
    EXPECT_EQ(yd.Values()[0], Vals(Grid({1, 2, 1, 1, 1}))[0] / 8);
    ExpectFails(f(dd.t, xd.t, yd.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradOutput not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
}

// ================================================================================ AvgPool2d/3dBackward

// [1, 1, 3, 3] self, kernel 2, stride 2, padding 1, a gradient of ones: countIncludePad divides by 4 everywhere,
// its absence by the window's element count (1 at the corner, 2 on the edges, 4 inside).
TEST(ReferencePoolAvgBackward, TwoDCountIncludePad) {
    Dt g(at::ones({1, 1, 2, 2}, at::kDouble), at::kFloat, ACL_FORMAT_NCHW);
    Dt x(at::zeros({1, 1, 3, 3}, at::kDouble), at::kFloat, ACL_FORMAT_NCHW);
    Dt inc({1, 1, 3, 3}, at::kFloat, ACL_FORMAT_NCHW), exc({1, 1, 3, 3}, at::kFloat, ACL_FORMAT_NCHW);
    IntArr k({2}), s({2}), p({1});
    auto f = [&](bool cip, aclTensor* y) {
        return RunPhases(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnAvgPool2dBackwardGetWorkspaceSize(g.t, x.t, k.a, s.a, p.a, false, cip, 0, 0, y, ws, ex);
            },
            aclnnAvgPool2dBackward);
    };
    ASSERT_EQ(f(true, inc.t), 0) << LastError();
    ASSERT_EQ(f(false, exc.t), 0) << LastError();
    EXPECT_EQ(inc.Values(), std::vector<double>(9, 0.25));
    EXPECT_EQ(exc.Values(), (std::vector<double>{1, 0.5, 0.5, 0.5, 0.25, 0.25, 0.5, 0.25, 0.25}));
    // ceilMode and divisorOverride against ATen in double
    const at::Tensor gg = Grid({3, 4, 3}), xs = Grid({3, 7, 5}, 1);
    Dt dg(gg, at::kFloat, ACL_FORMAT_NCL), dx(xs, at::kFloat, ACL_FORMAT_NCL), dy({3, 7, 5}, at::kFloat, ACL_FORMAT_NCL);
    IntArr k2({2}), s2({}), p2({1});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnAvgPool2dBackwardGetWorkspaceSize(dg.t, dx.t, k2.a, s2.a, p2.a, true, true, 3, 1, dy.t,
                                                                    ws, ex);
                  },
                  aclnnAvgPool2dBackward),
              0)
        << LastError();
    ExpectClose(dy.View({3, 7, 5}), at::avg_pool2d_backward(gg, xs, {2, 2}, {2, 2}, {1, 1}, true, true, 3));
}

TEST(ReferencePoolAvgBackward, TwoDChecks) {
    Dt g(Grid({1, 2, 2, 2}), at::kFloat), x(Grid({1, 2, 4, 4}), at::kFloat), y({1, 2, 4, 4}, at::kFloat);
    Dt yh({1, 2, 4, 4}, at::kHalf), ybad({1, 2, 4, 3}, at::kFloat), gbad(Grid({1, 2, 3, 3}), at::kFloat);
    IntArr k({2, 2}), s({2, 2}), p({0, 0}), k3({2, 2, 2});
    const aclIntArray *sa = s.a, *pa = p.a;
    const aclTensor* xt = x.t;
    auto f = [=](const aclTensor* g_, const aclIntArray* k_, const aclIntArray* s_, aclTensor* y_, int8_t cube) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAvgPool2dBackwardGetWorkspaceSize(g_, xt, k_, s_, pa, false, true, 0, cube, y_, ws, ex);
        };
    };
    ExpectFails(f(g.t, k.a, sa, yh.t, 0), ACLNN_ERR_PARAM_INVALID,
                "Dtype of gradOutput and gradInput should be equal, gradOutput [DT_FLOAT], gradInput [DT_FLOAT16].");
    ExpectFails(f(g.t, k3.a, sa, y.t, 0), ACLNN_ERR_PARAM_INVALID,
                "Dims of kernelSize should be 1 or 2, Actual: Dims of kernelSize is [3].");
    ExpectFails(f(g.t, k.a, sa, y.t, 4), ACLNN_ERR_PARAM_INVALID, "value of cubeMathType cann't be is not in");
    ExpectFails(f(g.t, k.a, sa, ybad.t, 0), ACLNN_ERR_PARAM_INVALID,
                "out tensor's shape[[1,2,4,4]] is not equel with inferOut shape[[1,2,4,3]]");
    ExpectFails(f(g.t, k.a, nullptr, y.t, 0), ACLNN_ERR_PARAM_NULLPTR, "stride is nullptr");
    ExpectFails(f(gbad.t, k.a, sa, y.t, 0), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for gradOutput to have same size as [1,2,2,2], but got [1,2,3,3].");
}

TEST(ReferencePoolAvgBackward, ThreeD) {
    const at::Tensor gg = Grid({1, 2, 2, 3, 2}), xs = Grid({1, 2, 4, 5, 4}, 1);
    Dt dg(gg, at::kFloat), dx(xs, at::kFloat), dy({1, 2, 4, 5, 4}, at::kFloat);
    IntArr k({2, 3, 2}), s({2, 2, 2}), p({0, 1, 0}), kbig({5, 3, 2});
    const aclTensor* xt = dx.t;
    aclTensor* yt = dy.t;
    const aclIntArray *sa = s.a, *pa = p.a;
    auto f = [=](const aclIntArray* k_, const aclTensor* g_) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAvgPool3dBackwardGetWorkspaceSize(g_, xt, k_, sa, pa, false, false, 0, yt, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(f(k.a, dg.t), aclnnAvgPool3dBackward), 0) << LastError();
    ExpectClose(dy.View({1, 2, 4, 5, 4}), at::avg_pool3d_backward(gg, xs, {2, 3, 2}, {2, 2, 2}, {0, 1, 0}, false, false, c10::nullopt));
    Dt g4(Grid({2, 2, 3, 2}), at::kFloat);
    ExpectFails(f(k.a, g4.t), ACLNN_ERR_PARAM_INVALID,
                "self dim num [5] should be equal to grad dim num [4] and out dim num [5]");
    Dt gbad(Grid({1, 2, 2, 2, 2}), at::kFloat);
    ExpectFails(f(k.a, gbad.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for gradOutput to have same size as [1,2,2,3,2], but got [1,2,2,2,2].");
}

TEST(ReferencePoolAvgBackward, ThreeDRefusedOnAscend310P) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dt g(Grid({1, 1, 1, 1, 1}), at::kFloat), x(Grid({1, 1, 2, 2, 2}), at::kFloat), y({1, 1, 2, 2, 2}, at::kFloat);
    IntArr k({2}), s({2}), p({0});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAvgPool3dBackwardGetWorkspaceSize(g.t, x.t, k.a, s.a, p.a, false, true, 0, y.t, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID, "Tensor gradOutput not implemented for DT_FLOAT, should be in dtype support list");
}

// ================================================================================ AdaptiveMaxPool2d

// The maxima and their positions h * W + w in the input plane, against ATen in double; a CHW self.
TEST(ReferencePoolAdaptiveMax, TwoDValuesAndIndices) {
    const at::Tensor x = Grid({2, 3, 7, 5}, 5);
    Dt dx(x, at::kFloat, ACL_FORMAT_NCHW), dy({2, 3, 3, 2}, at::kFloat, ACL_FORMAT_NCHW);
    Dt di({2, 3, 3, 2}, at::kLong, ACL_FORMAT_NCHW);
    IntArr os({3, 2});
    auto f = [&](const aclTensor* s_, aclTensor* y_, aclTensor* i_) {
        return [=, &os](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAdaptiveMaxPool2dGetWorkspaceSize(s_, os.a, y_, i_, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(f(dx.t, dy.t, di.t), aclnnAdaptiveMaxPool2d), 0) << LastError();
    const auto want = at::adaptive_max_pool2d(x, {3, 2});
    ExpectClose(dy.View({2, 3, 3, 2}), std::get<0>(want));
    EXPECT_TRUE(at::equal(di.View({2, 3, 3, 2}).to(at::kLong), std::get<1>(want)));
    // [1, 2, 3]: the maximum 5 at position 2 of the only window
    Dt c(at::tensor({1.0, -2.0, 5.0, 0.5, 7.0, 7.0}, at::kDouble).view({2, 1, 3}), at::kHalf);
    Dt cy({2, 1, 1}, at::kHalf), ci({2, 1, 1}, at::kLong);
    IntArr one({1, 1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveMaxPool2dGetWorkspaceSize(c.t, one.a, cy.t, ci.t, ws, ex); },
                        aclnnAdaptiveMaxPool2d),
              0)
        << LastError();
    EXPECT_EQ(cy.Values(), (std::vector<double>{5.0, 7.0}));
    EXPECT_EQ(ci.Values(), (std::vector<double>{2.0, 1.0}));  // the first of equal maxima
}

TEST(ReferencePoolAdaptiveMax, TwoDChecks) {
    Dt x(Grid({1, 2, 4, 4}), at::kFloat), y({1, 2, 2, 2}, at::kFloat), i({1, 2, 2, 2}, at::kLong);
    Dt i32({1, 2, 2, 2}, at::kInt), yh({1, 2, 2, 2}, at::kHalf), i3({1, 2, 2, 3}, at::kLong), y3({1, 2, 2, 3}, at::kFloat);
    IntArr os({2, 2}), os3({2, 2, 2});
    auto f = [](const aclTensor* s_, const aclIntArray* o_, aclTensor* y_, aclTensor* i_) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveMaxPool2dGetWorkspaceSize(s_, o_, y_, i_, ws, ex); };
    };
    ExpectFails(f(x.t, os.a, y.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument indicesOut.");
    ExpectFails(f(x.t, os.a, yh.t, i.t), ACLNN_ERR_PARAM_INVALID, "Tensor outputOut expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(f(x.t, os.a, y.t, i32.t), ACLNN_ERR_PARAM_INVALID, "Tensor indicesOut expected dtype is DT_INT64 but found DT_INT32.");
    ExpectFails(f(x.t, os.a, y.t, i3.t), ACLNN_ERR_PARAM_INVALID, "Expected tensor for indicesOut to have same size as tensor for outputOut");
    ExpectFails(f(x.t, os3.a, y.t, i.t), ACLNN_ERR_PARAM_INVALID, "outputSize length should be 2, but now is 3.");
    ExpectFails(f(x.t, os.a, y3.t, i3.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for outputOut to have same size as [1,2,2,2], but got [1,2,2,3].");
}

// ================================================================================ AdaptiveMaxPool2dBackward

int AdaptiveMaxBackward(const aclTensor* g, const aclTensor* x, const aclTensor* i, aclTensor* gi) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(g, x, i, gi, ws, ex); },
        aclnnAdaptiveMaxPool2dBackward);
}

// The gradient scattered to the forward's argmax positions (INT64 and INT32 indices), against ATen in double.
TEST(ReferencePoolAdaptiveMaxBackward, ScattersToIndices) {
    const at::Tensor x = Grid({2, 3, 7, 5}, 5), g = Grid({2, 3, 3, 2}, 2);
    const at::Tensor idx = std::get<1>(at::adaptive_max_pool2d(x, {3, 2}));
    Dt dg(g, at::kFloat), dx(x, at::kFloat), di(idx, at::kLong), di32(idx, at::kInt);
    Dt y({2, 3, 7, 5}, at::kFloat), y32({2, 3, 7, 5}, at::kFloat);
    ASSERT_EQ(AdaptiveMaxBackward(dg.t, dx.t, di.t, y.t), 0) << LastError();
    ASSERT_EQ(AdaptiveMaxBackward(dg.t, dx.t, di32.t, y32.t), 0) << LastError();
    const at::Tensor want = at::adaptive_max_pool2d_backward(g, x, idx);
    ExpectClose(y.View({2, 3, 7, 5}), want);
    ExpectClose(y32.View({2, 3, 7, 5}), want);
    // two outputs pointing at one position add up
    Dt g2(at::tensor({1.5, 2.0}, at::kDouble).view({1, 1, 2}), at::kFloat), x2(at::zeros({1, 1, 3}, at::kDouble), at::kFloat);
    Dt i2(at::tensor({2.0, 2.0}, at::kDouble).view({1, 1, 2}), at::kLong), y2({1, 1, 3}, at::kFloat);
    ASSERT_EQ(AdaptiveMaxBackward(g2.t, x2.t, i2.t, y2.t), 0) << LastError();
    EXPECT_EQ(y2.Values(), (std::vector<double>{0.0, 0.0, 3.5}));
}

TEST(ReferencePoolAdaptiveMaxBackward, ChecksAndBadIndices) {
    Dt g(Grid({1, 2, 2, 2}), at::kFloat), x(Grid({1, 2, 4, 4}), at::kFloat), i(at::zeros({1, 2, 2, 2}), at::kLong);
    Dt y({1, 2, 4, 4}, at::kFloat), gh(Grid({1, 2, 2, 2}), at::kHalf), fi(at::zeros({1, 2, 2, 2}), at::kFloat);
    Dt i3(at::zeros({1, 2, 2, 3}), at::kLong);
    auto f = [](const aclTensor* g_, const aclTensor* x_, const aclTensor* i_, aclTensor* y_) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(g_, x_, i_, y_, ws, ex); };
    };
    ExpectFails(f(g.t, x.t, nullptr, y.t), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument indices.");
    ExpectFails(f(gh.t, x.t, i.t, y.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and gradOutput DT_FLOAT16.");
    ExpectFails(f(g.t, x.t, fi.t, y.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor indices not implemented for DT_FLOAT, should be in dtype support list DT_INT32, DT_INT64.");
    ExpectFails(f(g.t, x.t, i3.t, y.t), ACLNN_ERR_PARAM_INVALID, "gradOutput dims No.[3] must match indices dims.");
    // an index outside the 4x4 plane: the second phase fails
    Dt bad(at::full({1, 2, 2, 2}, 16.0, at::kDouble), at::kLong);
    EXPECT_EQ(AdaptiveMaxBackward(g.t, x.t, bad.t, y.t), 561000);
    EXPECT_NE(LastError().find("an index outside the input plane [0, 16)"), std::string::npos) << LastError();
}

TEST(ReferencePoolAdaptiveMaxBackward, RefusedOnAscend910) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dt g(Grid({1, 2, 2, 2}), at::kFloat), x(Grid({1, 2, 4, 4}), at::kFloat), i(at::zeros({1, 2, 2, 2}), at::kLong);
    Dt y({1, 2, 4, 4}, at::kFloat);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAdaptiveMaxPool2dBackwardGetWorkspaceSize(g.t, x.t, i.t, y.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_FLOAT, should be in dtype support list .");
}

// ================================================================================ MaxPool

int MaxPool(const aclTensor* x, std::vector<int64_t> k, std::vector<int64_t> s, std::vector<int64_t> p, int64_t ceil,
            aclTensor* y) {
    IntArr ka(k), sa(s), pa(p), da({1, 1});
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMaxPoolGetWorkspaceSize(x, ka.a, sa.a, 0, pa.a, da.a, ceil, y, ws, ex);
        },
        aclnnMaxPool);
}

// Symmetric pads and ceil mode against ATen's max_pool2d; four pads [top, left, bottom, right] against max_pool2d
// over an input padded with -inf by hand; INT32 exact (Ascend 950's list).
TEST(ReferencePoolMax, AgainstMaxPool2d) {
    const at::Tensor x = Grid({2, 3, 7, 6}, 3);
    Dt dx(x, at::kFloat, ACL_FORMAT_NCHW), y({2, 3, 4, 4}, at::kFloat, ACL_FORMAT_NCHW);
    ASSERT_EQ(MaxPool(dx.t, {3, 2}, {2}, {1, 1}, 1, y.t), 0) << LastError();
    ExpectClose(y.View({2, 3, 4, 4}), at::max_pool2d(x, {3, 2}, {2, 2}, {1, 1}, {1, 1}, true));
    Dt z({2, 3, 7, 6}, at::kFloat, ACL_FORMAT_NCHW);
    ASSERT_EQ(MaxPool(dx.t, {2}, {}, {1, 0, 0, 1}, 0, z.t), 0) << LastError();
    const at::Tensor padded = at::constant_pad_nd(x, {0, 1, 1, 0}, -std::numeric_limits<double>::infinity());
    ExpectClose(z.View({2, 3, 7, 6}), at::max_pool2d(padded, {2, 2}, {1, 1}));
    const at::Tensor xi = (at::arange(20, at::kLong) * 7 % 11 - 5).view({1, 4, 5});
    Dt di(xi.to(at::kDouble), at::kInt), yi({1, 2, 2}, at::kInt);
    ASSERT_EQ(MaxPool(di.t, {2}, {2}, {0}, 0, yi.t), 0) << LastError();
    EXPECT_EQ(yi.Values(), (std::vector<double>{4, 5, 1, 4}));
}

TEST(ReferencePoolMax, Checks) {
    Dt x(Grid({1, 2, 4, 4}), at::kFloat), y({1, 2, 2, 2}, at::kFloat), yh({1, 2, 2, 2}, at::kHalf);
    Dt xd(Grid({1, 2, 4, 4}), at::kDouble), y3({1, 2, 3, 3}, at::kFloat);
    IntArr k({2}), s({2}), p({0}), d({1}), d2({2}), p3({0, 0, 0}), pbig({2, 1});
    auto f = [](const aclTensor* x_, const aclIntArray* k_, const aclIntArray* s_, int64_t ap, const aclIntArray* p_,
                const aclIntArray* d_, aclTensor* y_) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaxPoolGetWorkspaceSize(x_, k_, s_, ap, p_, d_, 0, y_, ws, ex); };
    };
    ExpectFails(f(x.t, k.a, s.a, 0, nullptr, d.a, y.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type List[int] for argument pads but instead found type null.");
    ExpectFails(f(xd.t, k.a, s.a, 0, p.a, d.a, y.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_DOUBLE, should be in dtype support list");
    ExpectFails(f(x.t, k.a, s.a, 0, p.a, d.a, yh.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_FLOAT16.");
    ExpectFails(f(x.t, k.a, s.a, 0, p3.a, d.a, y.t), ACLNN_ERR_PARAM_INVALID,
                "The size of pads must be zero, one, two or four, but got 3.");
    ExpectFails(f(x.t, k.a, s.a, 1, p.a, d.a, y.t), ACLNN_ERR_PARAM_INVALID,
                "value of autoPad must be zero representing NOTSET, but got autoPad:1");
    ExpectFails(f(x.t, k.a, s.a, 0, p.a, d2.a, y.t), ACLNN_ERR_PARAM_INVALID,
                "dilation value along each spatial axis only support 1, but got 2");
    ExpectFails(f(x.t, k.a, s.a, 0, pbig.a, d.a, y.t), ACLNN_ERR_PARAM_INVALID,
                "should be smaller than, or equal to value of kernel size");
    ExpectFails(f(x.t, k.a, s.a, 0, p.a, d.a, y3.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [1,2,2,2], but got [1,2,3,3].");
}

// Ascend910: FLOAT16 only.
TEST(ReferencePoolMax, FloatRefusedOnAscend910) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dt x(Grid({1, 2, 4, 4}), at::kFloat), y({1, 2, 2, 2}, at::kFloat);
    IntArr k({2}), s({2}), p({0}), d({1});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaxPoolGetWorkspaceSize(x.t, k.a, s.a, 0, p.a, d.a, 0, y.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_FLOAT, should be in dtype support list DT_FLOAT16.");
}

}  // namespace conv_pool_reference_test
