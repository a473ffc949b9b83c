// The reference tier's later ops-nn conv/ and ops-math entries through the public API (docs/ops/nn_conv.md,
// docs/ops/math_unary.md, math_pointwise.md, math_reduce.md, math_random.md): aclnnQuantConvolution,
// aclnnDeformableConv2d, aclnnSimThreadExponential, aclnnIsInf, aclnnAngleV2, aclnnMaskedScale, aclnnBincount - each
// formula against ATen's plain functions evaluated here (or closed-form values), each attribute's mapping, and the
// main checks in CANN's order with codes and messages per product. The table-driven suite (reference_table_test.cpp)
// runs each entry's cases on transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "aclnnop/aclnn_angle_v2.h"
#include "aclnnop/aclnn_bincount.h"
#include "aclnnop/aclnn_cdist_backward.h"
#include "aclnnop/aclnn_cumprod.h"
#include "aclnnop/aclnn_deformable_conv2d.h"
#include "aclnnop/aclnn_im2col.h"
#include "aclnnop/aclnn_is_inf.h"
#include "aclnnop/aclnn_logspace.h"
#include "aclnnop/aclnn_masked_scale.h"
#include "aclnnop/aclnn_multinomial.h"
#include "aclnnop/aclnn_quant_convolution.h"
#include "aclnnop/aclnn_sim_thread_exponential.h"
#include "aclnnop/aclnn_sinkhorn.h"
#include "aclnnop/aclnn_strided_slice.h"
#include "aclnnop/aclnn_sum.h"
#include "aclnnop/aclnn_strided_slice_assign_v2.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace conv_math_extra_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;

/// The values of an ATen tensor in row-major order, as doubles.
std::vector<double> Vals(const at::Tensor& t) {
    const at::Tensor c = t.to(at::kDouble).contiguous();
    return std::vector<double>(c.data_ptr<double>(), c.data_ptr<double>() + c.numel());
}

/// A contiguous device tensor holding t's values in dtype ty, in a format.
struct Dt : Dev {
    Dt(const at::Tensor& t, at::ScalarType ty, aclFormat f = ACL_FORMAT_ND)
        : Dev(Vals(t), ty, t.sizes().vec(), {}, 0, f) {}
    Dt(std::vector<int64_t> shape, at::ScalarType ty, aclFormat f = ACL_FORMAT_ND)
        : Dev(Vals(at::zeros(shape, at::kDouble)), ty, shape, {}, 0, f) {}
    /// The view's values (contiguous views only) in the tensor's dtype, then as DOUBLE.
    at::Tensor Get(std::vector<int64_t> shape) const { return Storage().view(shape); }
};

/// Deterministic int8 values in [-8, 8).
at::Tensor Int8Grid(std::vector<int64_t> shape, int64_t seed = 0) {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return ((at::arange(n, at::kLong) * 5 + seed * 3) % 16 - 8).to(at::kDouble).view(shape);
}

/// Deterministic values in [-2, 2) on a 1/8 grid (exact in every float dtype).
at::Tensor Grid(std::vector<int64_t> shape, int64_t seed = 0) {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return ((at::arange(n, at::kLong) * 7 + seed * 3) % 32 - 16).to(at::kDouble).div(8.0).view(shape);
}

struct IntArr {
    aclIntArray* a;
    explicit IntArr(std::vector<int64_t> v) { a = aclCreateIntArray(v.data(), v.size()); }
    ~IntArr() { aclDestroyIntArray(a); }
    IntArr(const IntArr&) = delete;
    IntArr& operator=(const IntArr&) = delete;
};

// ================================================================================ QuantConvolution

int QuantConv(const aclTensor* x, const aclTensor* w, const aclTensor* b, const aclTensor* s, const aclIntArray* st,
              const aclIntArray* pd, const aclIntArray* dl, const aclIntArray* op, int64_t groups, const char* rm,
              aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantConvolutionGetWorkspaceSize(x, w, b, s, nullptr, st, pd, dl, false, op, groups, 0, rm, out,
                                                         ws, ex);
        },
        aclnnQuantConvolution);
}

// Atlas A2: the 3-D int8 convolution (exact in float64), times the FLOAT scale, plus the FLOAT bias, in float32,
// rounded once to BF16 / FLOAT16 - against ATen's conv3d evaluated here.
TEST(ReferenceConvMathExtraQuantConvolution, Conv3dScaleBiasAtlasA2) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    const at::Tensor x = Int8Grid({2, 3, 4, 5, 5});
    const at::Tensor w = Int8Grid({4, 3, 3, 2, 3}, 1);
    const at::Tensor s = at::tensor({0.5, 0.25, 0.125, 2.0}, at::kDouble);
    const at::Tensor b = at::tensor({1.0, -2.0, 0.5, 3.0}, at::kDouble);
    for (at::ScalarType ot : {at::kBFloat16, at::kHalf}) {
        Dt dx(x, at::kChar, ACL_FORMAT_NCDHW), dw(w, at::kChar, ACL_FORMAT_NCDHW), ds(s, at::kFloat), db(b, at::kFloat);
        Dt out({2, 4, 4, 3, 5}, ot, ACL_FORMAT_NCDHW);
        IntArr st({1, 2, 1}), pd({1, 1, 1}), dl({1, 1, 1}), op({0, 0, 0});
        ASSERT_EQ(QuantConv(dx.t, dw.t, db.t, ds.t, st.a, pd.a, dl.a, op.a, 1, nullptr, out.t), 0) << LastError();
        const at::Tensor acc = at::conv3d(x, w, {}, {1, 2, 1}, {1, 1, 1}).to(at::kFloat);
        const at::Tensor want = (acc * s.to(at::kFloat).view({1, 4, 1, 1, 1}) + b.to(at::kFloat).view({1, 4, 1, 1, 1}))
                                    .to(ot)
                                    .to(at::kDouble);
        EXPECT_TRUE(at::equal(out.Get({2, 4, 4, 3, 5}), want));
    }
}

// Ascend 950: the 2-D path with groups, four-sided padding, an INT32 bias added to the accumulator and an INT64
// quant-param scale (its FP19 bits: 0.5 and 1.5 exactly).
TEST(ReferenceConvMathExtraQuantConvolution, Conv2dInt32BiasInt64ScaleAscend950) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    const at::Tensor x = Int8Grid({1, 4, 5, 6});
    const at::Tensor w = Int8Grid({2, 2, 2, 3}, 2);
    const float f[2] = {0.5f, 1.5f};
    uint32_t bits[2];
    std::memcpy(bits, f, sizeof(bits));
    const at::Tensor s = at::tensor({static_cast<double>(bits[0]), static_cast<double>(bits[1])}, at::kDouble);
    const at::Tensor b = at::tensor({3.0, -7.0}, at::kDouble);
    Dt dx(x, at::kChar, ACL_FORMAT_NCHW), dw(w, at::kChar, ACL_FORMAT_NCHW), ds(s, at::kLong), db(b, at::kInt);
    // pads [top, bottom, left, right] = [1, 0, 0, 2]: H 5 + 1 - 2 + 1 = 5, W (6 + 2 - 3) / 2 + 1 = 3
    Dt out({1, 2, 5, 3}, at::kHalf, ACL_FORMAT_NCHW);
    IntArr st({1, 2}), pd({1, 0, 0, 2}), dl({1, 1}), op({0, 0});
    ASSERT_EQ(QuantConv(dx.t, dw.t, db.t, ds.t, st.a, pd.a, dl.a, op.a, 2, nullptr, out.t), 0) << LastError();
    const at::Tensor xp = at::constant_pad_nd(x, {0, 2, 1, 0}, 0);
    const at::Tensor acc = at::conv2d(xp, w, at::Tensor(), at::IntArrayRef({1, 2}), at::IntArrayRef({0, 0}), at::IntArrayRef({1, 1}), 2) + b.view({1, 2, 1, 1});
    const at::Tensor want = (acc.to(at::kFloat) * at::tensor({0.5f, 1.5f}).view({1, 2, 1, 1})).to(at::kHalf);
    EXPECT_TRUE(at::equal(out.Get({1, 2, 5, 3}), want.to(at::kDouble)));
}

// The checks in CANN's order: NullPtrChecker (bias outside the 950), DtypesChecker, DimsChecker, ValuesChecker,
// TemporaryLimitChecker.
TEST(ReferenceConvMathExtraQuantConvolution, Checks) {
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dt x({1, 2, 3, 3, 3}, at::kChar), w({2, 2, 1, 1, 1}, at::kChar), s({2}, at::kFloat), b({2}, at::kFloat);
        Dt out({1, 2, 3, 3, 3}, at::kBFloat16), outf({1, 2, 3, 3, 3}, at::kFloat), s64({2}, at::kLong);
        IntArr st({1, 1, 1}), pd({0, 0, 0}), dl({1, 1, 1}), op({0, 0, 0});
        auto call = [&](const aclTensor* bias, const aclTensor* scale, aclTensor* o, int64_t groups) {
            return [&, bias, scale, o, groups](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnQuantConvolutionGetWorkspaceSize(x.t, w.t, bias, scale, nullptr, st.a, pd.a, dl.a, false,
                                                             op.a, groups, 0, nullptr, o, ws, ex);
            };
        };
        ExpectFails(call(nullptr, s.t, out.t, 1), 161001, "bias is nullptr");
        ExpectFails(call(b.t, nullptr, out.t, 1), 161001, "scale is nullptr");
        ExpectFails(call(b.t, s64.t, out.t, 1), 161002, "the dtype of scale is DT_INT64, but it should be DT_FLOAT");
        ExpectFails(call(b.t, s.t, outf.t, 1), 161002, "support only the following combinations");
        ExpectFails(call(b.t, s.t, out.t, 2), 161002, "groups is 2, but it should be 1");
        Dt x4({1, 2, 3, 3}, at::kChar), w4({2, 2, 1, 1}, at::kChar), out4({1, 2, 3, 3}, at::kBFloat16);
        IntArr st2({1, 1}), pd2({0, 0}), dl2({1, 1}), op2({0, 0});
        ExpectFails(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnQuantConvolutionGetWorkspaceSize(x4.t, w4.t, b.t, s.t, nullptr, st2.a, pd2.a, dl2.a, false,
                                                             op2.a, 1, 0, nullptr, out4.t, ws, ex);
            },
            161002, "the dims of x are 4, but they should be 5");
        Dt bad({1, 2, 3, 3, 2}, at::kBFloat16);
        ExpectFails(call(b.t, s.t, bad.t, 1), 161002, "shape[4] of y must be equal to its inferred value(3)");
    }
    {
        // the Ascend 950: bias optional; HIFLOAT8 output needs roundMode "round"
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        Dt x({1, 2, 3, 3}, at::kChar), w({2, 2, 1, 1}, at::kChar), s({2}, at::kFloat), out({1, 2, 3, 3}, at::kHalf);
        IntArr st({1, 1}), pd({0, 0}), dl({1, 1}), op({0, 0});
        EXPECT_EQ(QuantConv(x.t, w.t, nullptr, s.t, st.a, pd.a, dl.a, op.a, 1, nullptr, out.t), 0) << LastError();
        EXPECT_TRUE(at::equal(out.Get({1, 2, 3, 3}),
                              at::conv2d(at::zeros({1, 2, 3, 3}, at::kDouble), at::zeros({2, 2, 1, 1}, at::kDouble))));
        ExpectFails(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnQuantConvolutionGetWorkspaceSize(x.t, w.t, nullptr, s.t, nullptr, st.a, pd.a, dl.a, false,
                                                             op.a, 1, 0, "bad-mode", out.t, ws, ex);
            },
            161002, "contains invalid character '-'");
        ExpectFails(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnQuantConvolutionGetWorkspaceSize(x.t, w.t, nullptr, s.t, nullptr, st.a, pd.a, dl.a, false,
                                                             op.a, 1, 200, nullptr, out.t, ws, ex);
            },
            161002, "The valid range is [-128, 127]");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dt x({1, 2, 3, 3, 3}, at::kChar), w({2, 2, 1, 1, 1}, at::kChar), s({2}, at::kFloat), b({2}, at::kFloat);
        Dt out({1, 2, 3, 3, 3}, at::kHalf);
        IntArr st({1, 1, 1}), pd({0, 0, 0}), dl({1, 1, 1}), op({0, 0, 0});
        ExpectFails(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnQuantConvolutionGetWorkspaceSize(x.t, w.t, b.t, s.t, nullptr, st.a, pd.a, dl.a, false,
                                                             op.a, 1, 0, nullptr, out.t, ws, ex);
            },
            161002, "SoC version");
    }
}

// ================================================================================ DeformableConv2d

int Deform(const aclTensor* x, const aclTensor* w, const aclTensor* off, const aclTensor* b, const aclIntArray* ks,
           const aclIntArray* st, const aclIntArray* pd, const aclIntArray* dl, int64_t groups, int64_t dg, bool mod,
           aclTensor* out, aclTensor* deform) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnDeformableConv2dGetWorkspaceSize(x, w, off, b, ks, st, pd, dl, groups, dg, mod, out, deform, ws,
                                                         ex);
        },
        aclnnDeformableConv2d);
}

// Zero offsets and masks of 1: out is the plain convolution (ATen's conv2d with the same padding and stride) and
// deformOut the kernel taps laid out [oh * kH + kh, ow * kW + kw].
TEST(ReferenceConvMathExtraDeformableConv2d, ZeroOffsetsIsConvolution) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    const at::Tensor x = Grid({1, 4, 5, 6});
    const at::Tensor w = Grid({2, 2, 3, 3}, 1);
    const at::Tensor b = at::tensor({0.5, -1.0}, at::kDouble);
    // stride 2 x 1, pads top/bottom/left/right 1: outH = (5 + 2 - 3) / 2 + 1 = 3, outW = 6
    at::Tensor off = at::zeros({1, 27, 3, 6}, at::kDouble);
    off.narrow(1, 18, 9).fill_(1.0);
    Dt dx(x, at::kFloat, ACL_FORMAT_NCHW), dw(w, at::kFloat, ACL_FORMAT_NCHW), doff(off, at::kFloat, ACL_FORMAT_NCHW);
    Dt db(b, at::kFloat), out({1, 2, 3, 6}, at::kFloat, ACL_FORMAT_NCHW), dfo({1, 4, 9, 18}, at::kFloat, ACL_FORMAT_NCHW);
    IntArr ks({3, 3}), st({1, 1, 2, 1}), pd({1, 1, 1, 1}), dl({1, 1, 1, 1});
    ASSERT_EQ(Deform(dx.t, dw.t, doff.t, db.t, ks.a, st.a, pd.a, dl.a, 2, 1, true, out.t, dfo.t), 0) << LastError();
    const at::Tensor want = at::conv2d(x, w, b, {2, 1}, {1, 1}, {1, 1}, 2);
    EXPECT_TRUE(at::allclose(out.Get({1, 2, 3, 6}), want, 1e-5, 1e-5));
    // deformOut[0, c, oh * 3 + kh, ow * 3 + kw] = x padded at (oh * 2 + kh, ow + kw)
    const at::Tensor xp = at::constant_pad_nd(x, {1, 1, 1, 1}, 0);
    const at::Tensor d = dfo.Get({1, 4, 9, 18});
    for (int64_t oh : {0, 2}) {
        for (int64_t kw : {0, 2}) {
            EXPECT_EQ(d[0][3][oh * 3 + 1][4 * 3 + kw].item<double>(), xp[0][3][oh * 2 + 1][4 + kw].item<double>());
        }
    }
}

// A fractional offset samples bilinearly, a corner outside the image counts 0, the mask scales the tap, and the
// offset channels are x offsets, then y offsets, then masks (one 1 x 1 tap: out = weight * deformOut).
TEST(ReferenceConvMathExtraDeformableConv2d, BilinearOffsetsAndMask) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    const at::Tensor x = at::arange(12, at::kDouble).view({1, 1, 3, 4});
    at::Tensor off = at::zeros({1, 3, 3, 4}, at::kDouble);
    off[0][0][0][0] = 0.5;   // x offset at output (0, 0): between columns 0 and 1
    off[0][1][0][0] = 0.25;  // y offset: between rows 0 and 1
    off[0][2].fill_(1.0);
    off[0][2][0][0] = 2.0;   // mask 2
    off[0][0][2][3] = 0.5;   // (2, 3) + 0.5 in x: column 4 is outside, weight 0
    Dt dx(x, at::kFloat), dw(at::ones({1, 1, 1, 1}, at::kDouble), at::kFloat), doff(off, at::kFloat);
    Dt out({1, 1, 3, 4}, at::kFloat);
    IntArr ks({1, 1}), st({1, 1, 1, 1}), pd({0, 0, 0, 0}), dl({1, 1, 1, 1});
    ASSERT_EQ(Deform(dx.t, dw.t, doff.t, nullptr, ks.a, st.a, pd.a, dl.a, 1, 1, true, out.t, nullptr), 0)
        << LastError();
    const at::Tensor o = out.Get({1, 1, 3, 4});
    // (x, y) = (0.5, 0.25): 0.75 * (0.5 * 0 + 0.5 * 1) + 0.25 * (0.5 * 4 + 0.5 * 5) = 1.5, times mask 2
    EXPECT_DOUBLE_EQ(o[0][0][0][0].item<double>(), 3.0);
    EXPECT_DOUBLE_EQ(o[0][0][1][2].item<double>(), 6.0);
    EXPECT_DOUBLE_EQ(o[0][0][2][3].item<double>(), 0.5 * 11.0);
}

TEST(ReferenceConvMathExtraDeformableConv2d, Checks) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dt x({1, 2, 4, 4}, at::kFloat), w({2, 2, 3, 3}, at::kFloat), off({1, 27, 4, 4}, at::kFloat);
    Dt out({1, 2, 4, 4}, at::kFloat), outh({1, 2, 4, 4}, at::kHalf), bad({1, 2, 4, 3}, at::kFloat);
    IntArr ks({3, 3}), st({1, 1, 1, 1}), st2({2, 1, 1, 1}), pd({1, 1, 1, 1}), dl({1, 1, 1, 1});
    auto call = [&](const aclTensor* xx, const aclIntArray* s, bool mod, aclTensor* o) {
        return [&, xx, s, mod, o](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnDeformableConv2dGetWorkspaceSize(xx, w.t, off.t, nullptr, ks.a, s, pd.a, dl.a, 1, 1, mod, o,
                                                         nullptr, ws, ex);
        };
    };
    ExpectFails(call(nullptr, st.a, true, out.t), 161001, "x is nullptr");
    ExpectFails(call(x.t, st.a, true, outh.t), 161002, "the dtypes of these parameters must be the same");
    ExpectFails(call(x.t, st2.a, true, out.t), 161002, "Shape[0] and shape[1] of this parameter must be 1");
    ExpectFails(call(x.t, st.a, false, out.t), 161002, "modulated false is invalid");
    ExpectFails(call(x.t, st.a, true, bad.t), 161002, "must be equal to its inferred shape [1,2,4,4]");
    {
        // the Ascend 950 takes NCHW only
        aclcpu_test::ProfileScope s950(l1ref::Profile::kAscend950);
        ASSERT_TRUE(s950.ok());
        Dt x9({1, 2, 4, 4}, at::kFloat), w9({2, 2, 3, 3}, at::kFloat), off9({1, 27, 4, 4}, at::kFloat);
        Dt out9({1, 2, 4, 4}, at::kFloat);
        IntArr ks9({3, 3}), st9({1, 1, 1, 1}), pd9({1, 1, 1, 1}), dl9({1, 1, 1, 1});
        ExpectFails(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnDeformableConv2dGetWorkspaceSize(x9.t, w9.t, off9.t, nullptr, ks9.a, st9.a, pd9.a, dl9.a,
                                                             1, 1, true, out9.t, nullptr, ws, ex);
            },
            161002, "the format of x is ND, but it should be NCHW");
    }
}

// ================================================================================ SimThreadExponential

int Exponential(aclTensor* self, int64_t count, double lambda, int64_t seed, int64_t offset) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnSimThreadExponentialGetWorkspaceSize(self, count, lambda, seed, offset, ws, ex);
        },
        aclnnSimThreadExponential);
}

// Positive, finite, mean 1 / lambda (100000 draws: standard error 0.0032 / lambda, the bound 10 of them),
// reproducible per (seed, offset), another seed other numbers.
TEST(ReferenceConvMathExtraSimThreadExponential, DistributionAndReproducible) {
    constexpr int64_t kN = 100000;
    for (double lambda : {0.5, 2.0}) {
        Dev a(std::vector<double>(kN, 0.0), at::kFloat, {kN});
        ASSERT_EQ(Exponential(a.t, kN, lambda, 42, 4), 0) << LastError();
        const at::Tensor v = a.Storage();
        EXPECT_GT(v.min().item<double>(), 0.0);
        EXPECT_TRUE(at::isfinite(v).all().item<bool>());
        EXPECT_NEAR(v.mean().item<double>(), 1.0 / lambda, 0.032 / lambda);
        EXPECT_NEAR(v.std().item<double>(), 1.0 / lambda, 0.05 / lambda);
    }
    Dev a(std::vector<double>(64, 0.0), at::kFloat, {8, 8}), b(std::vector<double>(64, 0.0), at::kFloat, {8, 8});
    Dev c(std::vector<double>(64, 0.0), at::kFloat, {8, 8});
    ASSERT_EQ(Exponential(a.t, 64, 1.0, 5, 0), 0) << LastError();
    ASSERT_EQ(Exponential(b.t, 64, 1.0, 5, 0), 0) << LastError();
    ASSERT_EQ(Exponential(c.t, 64, 1.0, 6, 0), 0) << LastError();
    EXPECT_TRUE(at::equal(a.Storage(), b.Storage()));
    EXPECT_FALSE(at::equal(a.Storage(), c.Storage()));
    // FLOAT16 and BF16: the same draws rounded once
    Dev h(std::vector<double>(64, 0.0), at::kHalf, {8, 8});
    ASSERT_EQ(Exponential(h.t, 64, 1.0, 5, 0), 0) << LastError();
    EXPECT_TRUE(at::equal(h.Storage(), a.Storage().to(at::kFloat).to(at::kHalf).to(at::kDouble)));
}

TEST(ReferenceConvMathExtraSimThreadExponential, Checks) {
    auto call = [](aclTensor* t, int64_t count, double lambda, int64_t offset) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnSimThreadExponentialGetWorkspaceSize(t, count, lambda, 0, offset, ws, ex);
        };
    };
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        Dev t(std::vector<double>(10, 0.0), at::kFloat, {2, 5}), d(std::vector<double>(10, 0.0), at::kDouble, {10});
        ExpectFails(call(nullptr, 10, 1.0, 0), 161001, "selfRef");
        ExpectFails(call(d.t, 10, 1.0, 0), 161002, "Tensor selfRef not implemented for DT_DOUBLE");
        ExpectFails(call(t.t, 10, 0.0, 0), 161002, "lambd must be greater than 0");
        ExpectFails(call(t.t, 8, 1.0, 0), 561002, "count must be equal to output shape size");
        ExpectFails(call(t.t, 10, 1.0, 6), 561002, "offset must be a multiple of 4");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev t(std::vector<double>(10, 0.0), at::kBFloat16, {10});
        EXPECT_EQ(Exponential(t.t, 10, 1.0, 0, 6), 0) << LastError();  // no offset rule on Atlas A2
        ExpectFails(call(t.t, -1, 1.0, 0), 561002, "must be greater than or equal to 0");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev t(std::vector<double>(10, 0.0), at::kFloat, {10});
        ExpectFails(call(t.t, 10, 1.0, 0), 161002, "Tensor selfRef not implemented for DT_FLOAT");
    }
}

// ================================================================================ IsInf, AngleV2

int IsInf(const aclTensor* x, const aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnIsInfGetWorkspaceSize(x, out, ws, ex); },
                     aclnnIsInf);
}
int AngleV2(const aclTensor* x, const aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAngleV2GetWorkspaceSize(x, out, ws, ex); },
                     aclnnAngleV2);
}

TEST(ReferenceConvMathExtraIsInf, ValuesAndChecks) {
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (at::ScalarType ty : {at::kFloat, at::kHalf, at::kBFloat16, at::kDouble}) {
        Dev x({inf, -inf, nan, 1.0, -0.0, 65504.0}, ty, {6});
        Dev out(std::vector<double>(6, 1.0), at::kBool, {6});
        ASSERT_EQ(IsInf(x.t, out.t), 0) << LastError();
        EXPECT_EQ(out.Values(), (std::vector<double>{1, 1, 0, 0, 0, 0}));
    }
    Dev xi({1, -5, 127}, at::kInt, {3});
    Dev oi(std::vector<double>(3, 1.0), at::kBool, {3});
    ASSERT_EQ(IsInf(xi.t, oi.t), 0) << LastError();
    EXPECT_EQ(oi.Values(), (std::vector<double>{0, 0, 0}));
    Dev of(std::vector<double>(3, 0.0), at::kFloat, {3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnIsInfGetWorkspaceSize(xi.t, of.t, ws, ex); },
                161002, "expected dtype is DT_BOOL");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        Dev b(std::vector<double>(2, 0.0), at::kBFloat16, {2}), o(std::vector<double>(2, 0.0), at::kBool, {2});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnIsInfGetWorkspaceSize(b.t, o.t, ws, ex); },
                    161002, "Tensor x not implemented for DT_BF16");
    }
}

TEST(ReferenceConvMathExtraAngleV2, ValuesAndChecks) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double pi = 3.14159265358979323846;
    Dev x({-1.5, 0.0, 2.0, nan, -0.0}, at::kFloat, {5});
    Dev out(std::vector<double>(5, 7.0), at::kFloat, {5});
    ASSERT_EQ(AngleV2(x.t, out.t), 0) << LastError();
    const std::vector<double> v = out.Values();
    EXPECT_EQ(v[0], static_cast<double>(static_cast<float>(pi)));
    EXPECT_EQ(v[1], 0.0);
    EXPECT_EQ(v[2], 0.0);
    EXPECT_TRUE(std::isnan(v[3]));
    Dev xi({-3, 0, 4}, at::kInt, {3});
    Dev oi(std::vector<double>(3, 7.0), at::kFloat, {3});
    ASSERT_EQ(AngleV2(xi.t, oi.t), 0) << LastError();
    EXPECT_EQ(oi.Values(), (std::vector<double>{static_cast<float>(pi), 0.0, 0.0}));
    Dev xh({-1.0, 1.0}, at::kHalf, {2});
    Dev oh(std::vector<double>(2, 7.0), at::kHalf, {2});
    ASSERT_EQ(AngleV2(xh.t, oh.t), 0) << LastError();
    EXPECT_EQ(oh.Values()[0], static_cast<double>(at::Half(static_cast<float>(pi))));
    Dev bad(std::vector<double>(2, 0.0), at::kFloat, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAngleV2GetWorkspaceSize(xh.t, bad.t, ws, ex); },
                161002, "Tensor out expected dtype is DT_FLOAT16 for x of DT_FLOAT16 but found DT_FLOAT");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        Dev a(std::vector<double>(2, 0.0), at::kFloat, {2}), o(std::vector<double>(2, 0.0), at::kFloat, {2});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAngleV2GetWorkspaceSize(a.t, o.t, ws, ex); },
                    161002, "Tensor x not implemented for DT_FLOAT");
    }
}

// ================================================================================ MaskedScale

TEST(ReferenceConvMathExtraMaskedScale, ValuesAndChecks) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    Dev self({1.5, -2.0, 3.0, 0.25}, at::kHalf, {2, 2});
    Dev mask({1, 0, 1, 1}, at::kByte, {2, 2});
    Dev out(std::vector<double>(4, 9.0), at::kHalf, {2, 2});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnMaskedScaleGetWorkspaceSize(self.t, mask.t, 2.0f, out.t, ws, ex);
                  },
                  aclnnMaskedScale),
              0)
        << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{3.0, 0.0, 6.0, 0.5}));
    Dev outf(std::vector<double>(4, 0.0), at::kFloat, {2, 2});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMaskedScaleGetWorkspaceSize(self.t, mask.t, 2.0f, outf.t, ws, ex);
        },
        161002, "to have same dtype as tensor for self");
    Dev mask3({1, 0, 1}, at::kByte, {3});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMaskedScaleGetWorkspaceSize(self.t, mask3.t, 2.0f, out.t, ws, ex);
        },
        161002, "Expected tensor for mask to have same size as tensor for out");
    {
        aclcpu_test::ProfileScope s2(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(s2.ok());
        Dev a({1.0}, at::kFloat, {1}), m({1.0}, at::kFloat, {1}), o({0.0}, at::kFloat, {1});
        ExpectFails(
            [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaskedScaleGetWorkspaceSize(a.t, m.t, 1.0f, o.t, ws, ex); },
            161002, "Tensor self not implemented for DT_FLOAT");
    }
}

// ================================================================================ Bincount

int Bincount(const aclTensor* self, const aclTensor* w, int64_t minlength, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnBincountGetWorkspaceSize(self, w, minlength, out, ws, ex); },
        aclnnBincount);
}

TEST(ReferenceConvMathExtraBincount, ValuesAndChecks) {
    Dev self({0, 1, 1, 3, 1, 7}, at::kInt, {6});
    Dev out(std::vector<double>(5, 9.0), at::kLong, {5});
    ASSERT_EQ(Bincount(self.t, nullptr, 0, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1, 3, 0, 1, 0}));  // 7 is outside the 5 bins
    Dev w({0.5, 1.0, 2.0, -1.0, 0.25, 3.0}, at::kHalf, {6});
    Dev outd(std::vector<double>(8, 9.0), at::kDouble, {8});
    ASSERT_EQ(Bincount(self.t, w.t, 8, outd.t), 0) << LastError();
    EXPECT_EQ(outd.Values(), (std::vector<double>{0.5, 3.25, 0, -1.0, 0, 0, 0, 3.0}));
    // ATen's bincount where it applies
    const at::Tensor v = at::tensor({0, 2, 2, 5, 1}, at::kLong);
    Dev s2(Vals(v), at::kByte, {5});
    Dev o2(std::vector<double>(6, 9.0), at::kFloat, {6});
    ASSERT_EQ(Bincount(s2.t, nullptr, 3, o2.t), 0) << LastError();
    EXPECT_EQ(o2.Values(), Vals(at::bincount(v, {}, 6)));
    Dev self2d({0, 1}, at::kInt, {1, 2});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnBincountGetWorkspaceSize(self2d.t, nullptr, 0, out.t, ws, ex); },
        161002, "Expected self to be 1-dimensional");
    Dev wbad({1, 2, 3}, at::kFloat, {3});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnBincountGetWorkspaceSize(self.t, wbad.t, 0, out.t, ws, ex); },
        161002, "Expected tensor for weights to have same size as tensor for self");
    Dev sf({0, 1}, at::kFloat, {2});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnBincountGetWorkspaceSize(sf.t, nullptr, 0, out.t, ws, ex); },
        161002, "Tensor self not implemented for DT_FLOAT");
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnBincountGetWorkspaceSize(nullptr, nullptr, 0, out.t, ws, ex); },
        161001, "self");
}

// ================================================================================ StridedSlice, StridedSliceAssignV2

int StridedSlice(const aclTensor* self, std::vector<int64_t> b, std::vector<int64_t> e, std::vector<int64_t> s,
                 int64_t bm, int64_t em, int64_t elm, int64_t nam, int64_t sam, aclTensor* out) {
    IntArr ba(b), ea(e), sa(s);
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnStridedSliceGetWorkspaceSize(self, ba.a, ea.a, sa.a, bm, em, elm, nam, sam, out, ws, ex);
        },
        aclnnStridedSlice);
}

// TensorFlow's semantics against ATen's slicing written by hand: negative stride with a masked end, the ellipsis
// with a shrunk dim, a new axis, clamping of out-of-range indices.
TEST(ReferenceConvMathExtraStridedSlice, TensorFlowSemantics) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    const at::Tensor x = at::arange(30, at::kDouble).view({5, 6});
    Dt dx(x, at::kFloat);
    {
        // x[-1:0:-2, ::3] with end masked on dim 1: rows 4, 2; columns 0, 3
        Dt out({2, 2}, at::kFloat);
        ASSERT_EQ(StridedSlice(dx.t, {-1, 0}, {0, 1}, {-2, 3}, 0, 2, 0, 0, 0, out.t), 0) << LastError();
        EXPECT_EQ(out.Values(), (std::vector<double>{24, 27, 12, 15}));
    }
    {
        // x[1, ...]: shrink dim 0 with an ellipsis
        Dt out({6}, at::kFloat);
        ASSERT_EQ(StridedSlice(dx.t, {1, 0}, {2, 0}, {1, 1}, 0, 0, 2, 0, 1, out.t), 0) << LastError();
        EXPECT_EQ(out.Values(), Vals(x[1]));
    }
    {
        // x[None, 1:100, -2:] (clamped end, a new axis first)
        Dt out({1, 4, 2}, at::kFloat);
        ASSERT_EQ(StridedSlice(dx.t, {0, 1, -2}, {0, 100, 0}, {1, 1, 1}, 0, 4, 0, 1, 0, out.t), 0) << LastError();
        EXPECT_EQ(out.Values(), Vals(x.slice(0, 1, 5).slice(1, 4, 6)));
    }
    Dt bad({3, 2}, at::kFloat);
    IntArr b({1, 1}), e({3, 3}), s({1, 1}), s0({1, 0}), e1({3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnStridedSliceGetWorkspaceSize(dx.t, b.a, e.a, s.a, 0, 0, 0, 0, 0, bad.t, ws, ex);
    }, 161002, "to be the slice's shape [2,2]");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnStridedSliceGetWorkspaceSize(dx.t, b.a, e.a, s0.a, 0, 0, 0, 0, 0, bad.t, ws, ex);
    }, 161002, "strides No.[1] value is zero");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnStridedSliceGetWorkspaceSize(dx.t, b.a, e1.a, s.a, 0, 0, 0, 0, 0, bad.t, ws, ex);
    }, 161002, "begin.size() 2 to be equal to end.size() 1");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnStridedSliceGetWorkspaceSize(dx.t, b.a, e.a, s.a, 0, 0, 3, 0, 0, bad.t, ws, ex);
    }, 161002, "Multiple ellipses");
    IntArr b9({9}), e9({10}), s1({1});
    Dt o9({6}, at::kFloat);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnStridedSliceGetWorkspaceSize(dx.t, b9.a, e9.a, s1.a, 0, 0, 0, 0, 1, o9.t, ws, ex);
    }, 561103, "out of bounds");
    {
        aclcpu_test::ProfileScope s2(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(s2.ok());
        Dt y(x, at::kFloat), o({2, 2}, at::kFloat);
        IntArr bb({1, 1}), ee({3, 3}), ss({1, 1});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnStridedSliceGetWorkspaceSize(y.t, bb.a, ee.a, ss.a, 0, 0, 0, 0, 0, o.t, ws, ex);
        }, 161002, "aclnnStridedSlice only support ASCEND950.");
    }
}

TEST(ReferenceConvMathExtraStridedSliceAssignV2, ValuesAndChecks) {
    // the example's call: var[1:4:2, 0:2] = value
    Dev var({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, at::kFloat, {4, 3});
    Dev val({-1, -2, -3, -4}, at::kFloat, {2, 2});
    IntArr b({1, 0}), e({4, 2}), s({2, 1}), ax({0, 1});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnStridedSliceAssignV2GetWorkspaceSize(var.t, val.t, b.a, e.a, s.a, ax.a, ws, ex);
                  },
                  aclnnStridedSliceAssignV2),
              0)
        << LastError();
    EXPECT_EQ(var.Values(), (std::vector<double>{0, 1, 2, -1, -2, 5, 6, 7, 8, -3, -4, 11}));
    // one axis given (the others whole), negative begin
    Dev v2(std::vector<double>(12, 0.0), at::kInt, {3, 4});
    Dev x2({1, 2, 3, 4, 5, 6}, at::kInt, {3, 2});
    IntArr b2({-2}), e2({100}), s2({1}), a2({-1});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnStridedSliceAssignV2GetWorkspaceSize(v2.t, x2.t, b2.a, e2.a, s2.a, a2.a, ws, ex);
                  },
                  aclnnStridedSliceAssignV2),
              0)
        << LastError();
    EXPECT_EQ(v2.Values(), (std::vector<double>{0, 0, 1, 2, 0, 0, 3, 4, 0, 0, 5, 6}));
    IntArr slast({1, 2}), adup({0, 0});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnStridedSliceAssignV2GetWorkspaceSize(var.t, val.t, b.a, e.a, slast.a, ax.a, ws, ex);
    }, 561002, "Input shape does not match");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnStridedSliceAssignV2GetWorkspaceSize(var.t, val.t, b.a, e.a, s.a, adup.a, ws, ex);
    }, 561002, "is duplicated");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnStridedSliceAssignV2GetWorkspaceSize(var.t, val.t, b.a, e.a, s.a, nullptr, ws, ex);
    }, 161001, "axesOptional is nullptr");
    Dev vh({1, 2, 3, 4}, at::kHalf, {2, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnStridedSliceAssignV2GetWorkspaceSize(var.t, vh.t, b.a, e.a, s.a, ax.a, ws, ex);
    }, 161002, "Expected inputValue to have varRef's dtype DT_FLOAT");
}

// ================================================================================ Multinomial, CdistBackward

int Multinomial(const aclTensor* self, int64_t n, bool repl, int64_t seed, int64_t offset, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMultinomialGetWorkspaceSize(self, n, repl, seed, offset, out, ws, ex);
        },
        aclnnMultinomial);
}

// Zero weights are never drawn; without replacement the indices of a row are distinct; with replacement the
// frequencies follow the weights (20000 draws: the bound is over 8 standard errors); reproducible per (seed, offset);
// the Tensor form reads seed and offset + offset from its tensors.
TEST(ReferenceConvMathExtraMultinomial, DistributionAndChecks) {
    Dev w({0.0, 1.0, 3.0, 0.0, 4.0}, at::kFloat, {5});
    constexpr int64_t kDraws = 20000;
    Dev out(std::vector<double>(kDraws, -1.0), at::kLong, {kDraws});
    ASSERT_EQ(Multinomial(w.t, kDraws, true, 42, 0, out.t), 0) << LastError();
    const at::Tensor v = out.Storage();
    const at::Tensor counts = at::bincount(v.to(at::kLong), {}, 5).to(at::kDouble) / kDraws;
    EXPECT_EQ(counts[0].item<double>(), 0.0);
    EXPECT_EQ(counts[3].item<double>(), 0.0);
    EXPECT_NEAR(counts[1].item<double>(), 0.125, 0.02);
    EXPECT_NEAR(counts[2].item<double>(), 0.375, 0.03);
    EXPECT_NEAR(counts[4].item<double>(), 0.5, 0.03);
    Dev w2({1, 2, 3, 4, 5, 6, 0, 0, 1, 1, 1, 1}, at::kHalf, {2, 6});
    Dev o2(std::vector<double>(8, -1.0), at::kLong, {2, 4}), o3(std::vector<double>(8, -1.0), at::kLong, {2, 4});
    ASSERT_EQ(Multinomial(w2.t, 4, false, 5, 8, o2.t), 0) << LastError();
    ASSERT_EQ(Multinomial(w2.t, 4, false, 5, 8, o3.t), 0) << LastError();
    EXPECT_TRUE(at::equal(o2.Storage(), o3.Storage()));
    const at::Tensor r = o2.Storage().view({2, 4}).to(at::kLong);
    for (int64_t row = 0; row < 2; ++row) {
        EXPECT_EQ(std::get<0>(at::_unique(r[row])).numel(), 4);
    }
    EXPECT_GE(r[1].min().item<int64_t>(), 2);  // row 1's first two weights are 0
    Dev o4(std::vector<double>(8, -1.0), at::kLong, {2, 4});
    ASSERT_EQ(Multinomial(w2.t, 4, false, 6, 8, o4.t), 0) << LastError();
    EXPECT_FALSE(at::equal(o2.Storage(), o4.Storage()));
    // the Tensor form: seed 5, offset 6 + 2 = 8 is the scalar form's (5, 8)
    Dev seed({5}, at::kLong, {1}), off({6}, at::kLong, {1});
    Dev o5(std::vector<double>(8, -1.0), at::kLong, {2, 4});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnMultinomialTensorGetWorkspaceSize(w2.t, 4, false, seed.t, off.t, 2, o5.t, ws, ex);
                  },
                  aclnnMultinomialTensor),
              0)
        << LastError();
    Dev o6(std::vector<double>(8, -1.0), at::kLong, {2, 4});
    ASSERT_EQ(Multinomial(w2.t, 4, false, 5, 8, o6.t), 0) << LastError();
    EXPECT_TRUE(at::equal(o5.Storage(), o6.Storage()));
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnMultinomialGetWorkspaceSize(w2.t, 7, false, 0, 0, o2.t, ws, ex);
    }, 161002, "excepted the size of out at last dim must be equal with numsamples 7");
    Dev o7(std::vector<double>(14, -1.0), at::kLong, {2, 7});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnMultinomialGetWorkspaceSize(w2.t, 7, false, 0, 0, o7.t, ws, ex);
    }, 161002, "numsamples must <= shape.GetDim(dimNum - 1) without replacement");
    Dev oi(std::vector<double>(8, -1.0), at::kInt, {2, 4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnMultinomialGetWorkspaceSize(w2.t, 4, true, 0, 0, oi.t, ws, ex);
    }, 161002, "Tensor out not implemented for DT_INT32");
    Dev s32({5}, at::kInt, {1});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnMultinomialTensorGetWorkspaceSize(w2.t, 4, true, s32.t, off.t, 0, o2.t, ws, ex);
    }, 161002, "Tensor seedTensor not implemented for DT_INT32");
}

// CdistBackward against ATen's _cdist_backward in double (p = 2, 1, 3 and -1 = infinity), cdist the true distances.
TEST(ReferenceConvMathExtraCdistBackward, AgainstAten) {
    const at::Tensor x1 = Grid({2, 3, 4});
    const at::Tensor x2 = Grid({2, 5, 4}, 3);
    const at::Tensor g = Grid({2, 3, 5}, 1);
    for (double p : {2.0, 1.0, 3.0, -1.0}) {
        const double pp = p == -1.0 ? std::numeric_limits<double>::infinity() : p;
        const at::Tensor cd = at::cdist(x1, x2, pp);
        Dt dg(g, at::kFloat), d1(x1, at::kFloat), d2(x2, at::kFloat), dc(cd, at::kFloat), out({2, 3, 4}, at::kFloat);
        ASSERT_EQ(RunPhases(
                      [&](uint64_t* ws, aclOpExecutor** ex) {
                          return aclnnCdistBackwardGetWorkspaceSize(dg.t, d1.t, d2.t, dc.t, static_cast<float>(p), out.t,
                                                                    ws, ex);
                      },
                      aclnnCdistBackward),
                  0)
            << LastError();
        const at::Tensor want = at::_cdist_backward(g, x1, x2, pp, cd);
        EXPECT_TRUE(at::allclose(out.Get({2, 3, 4}), want, 1e-4, 1e-4)) << "p " << p;
    }
    Dt dg(g, at::kFloat), d1(x1, at::kFloat), d2(x2, at::kFloat), out({2, 3, 4}, at::kFloat), bad({2, 3, 5}, at::kHalf);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCdistBackwardGetWorkspaceSize(dg.t, d1.t, d2.t, dg.t, -2.0f, out.t, ws, ex);
    }, 161002, "only supports non-negative p values");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCdistBackwardGetWorkspaceSize(dg.t, d1.t, d2.t, bad.t, 2.0f, out.t, ws, ex);
    }, 161002, "All tensors are expected to share the same datatype.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCdistBackwardGetWorkspaceSize(dg.t, d1.t, d2.t, dg.t, 2.0f, dg.t, ws, ex);
    }, 161002, "Expected tensor for out to have same size as tensor for x1");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCdistBackwardGetWorkspaceSize(dg.t, d1.t, d2.t, dg.t, 2.0f, out.t, nullptr, ex);
    }, 161001, "");
}

// ================================================================================ Sinkhorn

// The converged plan's column sums are 1 / C (the last update normalises the columns) and its row sums 1 / R within
// the tolerance; FLOAT16 cost computed in float32; the checks.
TEST(ReferenceConvMathExtraSinkhorn, ConvergedMarginalsAndChecks) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    const at::Tensor cost = Grid({5, 7});
    Dt dc(cost, at::kFloat), p({5, 7}, at::kFloat);
    const float tol = 1e-6f;
    aclcpu_test::Scalar t(tol);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSinkhornGetWorkspaceSize(dc.t, t.s, p.t, ws, ex); },
                        aclnnSinkhorn),
              0)
        << LastError();
    const at::Tensor v = p.Get({5, 7});
    EXPECT_TRUE(at::allclose(v.sum(0), at::full({7}, 1.0 / 7, at::kDouble), 1e-5, 1e-6));
    EXPECT_TRUE(at::allclose(v.sum(1), at::full({5}, 1.0 / 5, at::kDouble), 1e-3, 1e-4));
    EXPECT_GT(v.min().item<double>(), 0.0);
    Dt bad({5, 6}, at::kFloat), c3({2, 2, 2}, at::kFloat);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSinkhornGetWorkspaceSize(dc.t, t.s, bad.t, ws, ex); },
                161002, "Expected tensor for p to have same size as tensor for cost");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSinkhornGetWorkspaceSize(c3.t, t.s, c3.t, ws, ex); },
                161002, "Expected cost to be 2-dimensional");
    // tol NULL: 0.0001 - the same plan as an explicit 0.0001
    aclcpu_test::Scalar t4(0.0001f);
    Dt pa({5, 7}, at::kFloat), pb({5, 7}, at::kFloat);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSinkhornGetWorkspaceSize(dc.t, nullptr, pa.t, ws, ex); },
                        aclnnSinkhorn),
              0)
        << LastError();
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSinkhornGetWorkspaceSize(dc.t, t4.s, pb.t, ws, ex); },
                        aclnnSinkhorn),
              0)
        << LastError();
    EXPECT_TRUE(at::equal(pa.Storage(), pb.Storage()));
    {
        aclcpu_test::ProfileScope s950(l1ref::Profile::kAscend950);
        ASSERT_TRUE(s950.ok());
        Dt c9(cost, at::kFloat), p9({5, 7}, at::kFloat);
        aclcpu_test::Scalar t9(tol);
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSinkhornGetWorkspaceSize(c9.t, t9.s, p9.t, ws, ex); },
                    161002, "Tensor cost not implemented for DT_FLOAT");
    }
}

// ================================================================================ Sum

// Broadcast sums against ATen's; FLOAT16 summed in float32 and rounded once (1 + 2^-11 + 2^-11 is 1 + 2^-10, not the
// 1 of FLOAT16 steps); INT8 wrapping; the checks.
TEST(ReferenceConvMathExtraSum, ValuesAndChecks) {
    {
        std::vector<std::unique_ptr<Dev>> v;
        v.push_back(aclcpu_test::MakeDev({1, 2, 3, 4, 5, 6}, at::kFloat, {2, 3}));
        v.push_back(aclcpu_test::MakeDev({10, 20, 30}, at::kFloat, {3}));
        v.push_back(aclcpu_test::MakeDev({100, 200}, at::kFloat, {2, 1}));
        aclcpu_test::DevList l(std::move(v));
        Dev out(std::vector<double>(6, 0.0), at::kFloat, {2, 3});
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSumGetWorkspaceSize(l.list, out.t, ws, ex); },
                            aclnnSum),
                  0)
            << LastError();
        EXPECT_EQ(out.Values(), (std::vector<double>{111, 122, 133, 214, 225, 236}));
    }
    {
        const double h = std::ldexp(1.0, -11);
        std::vector<std::unique_ptr<Dev>> v;
        v.push_back(aclcpu_test::MakeDev({1.0}, at::kHalf, {1}));
        v.push_back(aclcpu_test::MakeDev({h}, at::kHalf, {1}));
        v.push_back(aclcpu_test::MakeDev({h}, at::kHalf, {1}));
        aclcpu_test::DevList l(std::move(v));
        Dev out({0.0}, at::kHalf, {1});
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSumGetWorkspaceSize(l.list, out.t, ws, ex); },
                            aclnnSum),
                  0)
            << LastError();
        EXPECT_EQ(out.Values()[0], 1.0 + 2 * h);
    }
    {
        std::vector<std::unique_ptr<Dev>> v;
        v.push_back(aclcpu_test::MakeDev({100, -100}, at::kChar, {2}));
        v.push_back(aclcpu_test::MakeDev({100, -100}, at::kChar, {2}));
        aclcpu_test::DevList l(std::move(v));
        Dev out({0, 0}, at::kChar, {2});
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSumGetWorkspaceSize(l.list, out.t, ws, ex); },
                            aclnnSum),
                  0)
            << LastError();
        EXPECT_EQ(out.Values(), (std::vector<double>{-56, 56}));
    }
    std::vector<std::unique_ptr<Dev>> v;
    v.push_back(aclcpu_test::MakeDev({1, 2, 3}, at::kFloat, {3}));
    v.push_back(aclcpu_test::MakeDev({1, 2}, at::kFloat, {2}));
    aclcpu_test::DevList l(std::move(v));
    Dev out(std::vector<double>(3, 0.0), at::kFloat, {3}), outd(std::vector<double>(3, 0.0), at::kDouble, {3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSumGetWorkspaceSize(l.list, out.t, ws, ex); },
                161002, "Input tensors can not broadcast.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSumGetWorkspaceSize(l.list, outd.t, ws, ex); },
                161002, "Tensor out not implemented for DT_DOUBLE");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSumGetWorkspaceSize(nullptr, out.t, ws, ex); },
                161001, "tensors");
}

// ================================================================================ Im2col

// Against torch.nn.functional.unfold (ATen's im2col) on FLOAT, 3-D and 4-D, with dilation, padding and stride; an
// INT32 self on the 950 copied exactly; the checks.
TEST(ReferenceConvMathExtraIm2col, AgainstUnfold) {
    IntArr k({2, 3}), d({2, 1}), p({1, 0}), s({1, 2});
    const at::Tensor x = Grid({2, 3, 6, 7});
    // oH = (6 + 2 - 3) / 1 + 1 = 6, oW = (7 - 3) / 2 + 1 = 3
    Dt dx(x, at::kFloat), out({2, 18, 18}, at::kFloat);
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnIm2colGetWorkspaceSize(dx.t, k.a, d.a, p.a, s.a, out.t, ws, ex);
                  },
                  aclnnIm2col),
              0)
        << LastError();
    const at::Tensor want = at::im2col(x, {2, 3}, {2, 1}, {1, 0}, {1, 2});
    EXPECT_TRUE(at::equal(out.Get({2, 18, 18}), want));
    Dt d3(x[1], at::kFloat), out3({18, 18}, at::kFloat);
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnIm2colGetWorkspaceSize(d3.t, k.a, d.a, p.a, s.a, out3.t, ws, ex);
                  },
                  aclnnIm2col),
              0)
        << LastError();
    EXPECT_TRUE(at::equal(out3.Get({18, 18}), want[1]));
    const at::Tensor xi = at::arange(2 * 3 * 3, at::kDouble).view({1, 2, 3, 3}) * 1000003.0;
    Dt di(xi, at::kInt), outi({1, 8, 4}, at::kInt);
    IntArr k2({2, 2}), one({1, 1}), zero({0, 0});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnIm2colGetWorkspaceSize(di.t, k2.a, one.a, zero.a, one.a, outi.t, ws, ex);
                  },
                  aclnnIm2col),
              0)
        << LastError();
    EXPECT_TRUE(at::equal(outi.Get({1, 8, 4}), at::im2col(xi, {2, 2}, {1, 1}, {0, 0}, {1, 1})));
    Dt bad({2, 18, 17}, at::kFloat);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnIm2colGetWorkspaceSize(dx.t, k.a, d.a, p.a, s.a, bad.t, ws, ex);
    }, 161002, "Expect out shape [2,18,18], but got: [2,18,17].");
    IntArr k0({0, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnIm2colGetWorkspaceSize(dx.t, k0.a, d.a, p.a, s.a, out.t, ws, ex);
    }, 161002, "It is expected kernelSize be greater than zero, but kernelSize No.[1] dim is [0].");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dt y(xi, at::kInt), o({1, 8, 4}, at::kInt);
        IntArr kk({2, 2}), oo({1, 1}), zz({0, 0});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnIm2colGetWorkspaceSize(y.t, kk.a, oo.a, zz.a, oo.a, o.t, ws, ex);
        }, 161002, "Tensor self not implemented for DT_INT32");
    }
}

// ================================================================================ LogSpace

TEST(ReferenceConvMathExtraLogSpace, ValuesAndChecks) {
    aclcpu_test::Scalar s0(0.0f), s2(2.0f), m1(-1.0f), p1(1.0f);
    Dev r(std::vector<double>(3, 0.0), at::kFloat, {3});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSpaceGetWorkspaceSize(s0.s, s2.s, 3, 10.0, r.t, ws, ex); },
                  aclnnLogSpace),
              0)
        << LastError();
    EXPECT_EQ(r.Values(), (std::vector<double>{1.0, 10.0, 100.0}));
    Dev h(std::vector<double>(5, 0.0), at::kHalf, {5});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSpaceGetWorkspaceSize(m1.s, p1.s, 5, 2.0, h.t, ws, ex); },
                  aclnnLogSpace),
              0)
        << LastError();
    const at::Tensor want = at::logspace(-1.0, 1.0, 5, 2.0, at::TensorOptions().dtype(at::kFloat)).to(at::kHalf);
    EXPECT_TRUE(at::equal(h.Storage(), want.to(at::kDouble)));
    Dev bad(std::vector<double>(3, 0.0), at::kDouble, {3}), four(std::vector<double>(4, 0.0), at::kFloat, {4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSpaceGetWorkspaceSize(s0.s, s2.s, 3, 10.0, bad.t, ws, ex); },
                161002, "Tensor result not implemented for DT_DOUBLE");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSpaceGetWorkspaceSize(s0.s, s2.s, -1, 10.0, r.t, ws, ex); },
                161002, "LogSpace requires non-negative steps, given steps is -1");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSpaceGetWorkspaceSize(s0.s, s2.s, 3, 10.0, four.t, ws, ex); },
                161002, "Expected result to hold steps (3) elements");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSpaceGetWorkspaceSize(nullptr, s2.s, 3, 10.0, r.t, ws, ex); },
                561103, "argument [start]");
}

// ================================================================================ Cumprod

// Against ATen's cumprod in double; dim an INT32 or INT64 aclScalar; input cast to dtype (INT32 -> INT64); FLOAT16
// computed in float32 and rounded once; the checks (dim's dtype, range, out's dtype).
TEST(ReferenceConvMathExtraCumprod, ValuesAndChecks) {
    const at::Tensor x = Grid({3, 4}, 2) + 1.0;
    const int32_t d1 = 1;
    const int64_t dm2 = -2;
    aclcpu_test::Scalar s1(&d1, ACL_INT32), sm2(&dm2, ACL_INT64), sf(1.0f);
    auto run = [](const aclTensor* in, const aclScalar* dim, aclDataType dt, aclTensor* out) {
        return RunPhases(
            [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCumprodGetWorkspaceSize(in, dim, dt, out, ws, ex); },
            aclnnCumprod);
    };
    Dt dx(x, at::kFloat), out({3, 4}, at::kFloat);
    ASSERT_EQ(run(dx.t, s1.s, ACL_FLOAT, out.t), 0) << LastError();
    EXPECT_TRUE(at::allclose(out.Get({3, 4}), at::cumprod(x.to(at::kFloat), 1).to(at::kDouble), 1e-6, 1e-6));
    ASSERT_EQ(run(dx.t, sm2.s, ACL_FLOAT, out.t), 0) << LastError();
    EXPECT_TRUE(at::allclose(out.Get({3, 4}), at::cumprod(x.to(at::kFloat), 0).to(at::kDouble), 1e-6, 1e-6));
    const at::Tensor xi = at::tensor({100000.0, 100000.0, 3.0, -2.0}, at::kDouble);
    Dt di(xi, at::kInt), oi({4}, at::kLong), o32({4}, at::kInt);
    const int32_t d0 = 0;
    aclcpu_test::Scalar s0(&d0, ACL_INT32);
    ASSERT_EQ(run(di.t, s0.s, ACL_INT64, oi.t), 0) << LastError();
    EXPECT_EQ(oi.Values(), (std::vector<double>{1e5, 1e10, 3e10, -6e10}));
    const at::Tensor xh = at::tensor({1.0, 1.0 + std::ldexp(1.0, -10), 1.0 + std::ldexp(1.0, -10)}, at::kDouble);
    Dt dh(xh, at::kHalf), oh({3}, at::kHalf);
    ASSERT_EQ(run(dh.t, s0.s, ACL_FLOAT16, oh.t), 0) << LastError();
    EXPECT_EQ(oh.Values()[2], static_cast<double>(static_cast<at::Half>(static_cast<float>(
                                  (1.0 + std::ldexp(1.0, -10)) * (1.0 + std::ldexp(1.0, -10))))));
    auto first = [](const aclTensor* in, const aclScalar* dim, aclDataType dt, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnCumprodGetWorkspaceSize(in, dim, dt, o, ws, ex); };
    };
    ExpectFails(first(dx.t, sf.s, ACL_FLOAT, out.t), 161002, "Scalar dim not implemented for DT_FLOAT");
    const int32_t d2 = 2;
    aclcpu_test::Scalar s2(&d2, ACL_INT32);
    ExpectFails(first(dx.t, s2.s, ACL_FLOAT, out.t), 161002, "input dim(2) out of range(-2,1)");
    ExpectFails(first(di.t, s0.s, ACL_INT64, o32.t), 161002, "Expected out's dtype DT_INT32 to be dtype DT_INT64.");
    ExpectFails(first(dx.t, nullptr, ACL_FLOAT, out.t), 161001, "argument [dim]");
}

}  // namespace conv_math_extra_reference_test
