// ops-math's miscellaneous operators at the reference tier through the public API (docs/ops/math_misc.md): each
// operator's values against ATen's plain functions or values written out here, and the checks in CANN's order with
// its codes and messages (null -> 161001; dtypes per product, dims, shapes, formats -> 161002). The table-driven
// suite (reference_table_test.cpp) runs each entry's cases on transposed, strided and offset views.
#include <ATen/ATen.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "aclnnop/aclnn_add_example.h"
#include "aclnnop/aclnn_add_example_c_api.h"
#include "aclnnop/aclnn_add_n.h"
#include "aclnnop/aclnn_amp_update_scale.h"
#include "aclnnop/aclnn_cumprod.h"
#include "aclnnop/aclnn_exp_segsum_backward.h"
#include "aclnnop/aclnn_left_shift.h"
#include "aclnnop/aclnn_segsum.h"
#include "aclnnop/aclnn_transform_bias_rescale_qkv.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_case.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit.
namespace math_misc_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::DevList;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::MakeDev;
using aclcpu_test::RunPhases;

std::vector<double> Fill(size_t n, double v = 0.0) { return std::vector<double>(n, v); }

/// The status of a first phase expected to refuse (no executor is left behind).
template <typename Call>
int FirstOnly(Call&& call) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    return call(&ws, &ex);
}

void ExpectClose(const at::Tensor& got, const at::Tensor& want, double tol = 1e-6) {
    ASSERT_EQ(got.sizes(), want.sizes());
    EXPECT_TRUE(at::allclose(got.to(at::kDouble), want.to(at::kDouble), tol, tol, /*equal_nan=*/true))
        << "got:\n" << got << "\nwant:\n" << want;
}

// ================================================================================ AddN

int AddN(const aclTensorList* l, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAddNGetWorkspaceSize(l, out, ws, ex); },
                     aclnnAddN);
}

// CANN's example: {1, 2} + {1, 1} = {2, 3}; three FLOAT16 tensors summed in FLOAT and rounded once
TEST(ReferenceMathMiscAddN, Values) {
    std::vector<std::unique_ptr<aclcpu_test::Dev>> d;
    d.push_back(MakeDev({1, 2}, at::kFloat, {2, 1}));
    d.push_back(MakeDev({1, 1}, at::kFloat, {2, 1}));
    DevList l(std::move(d));
    Dev out(Fill(2), at::kFloat, {2, 1});
    ASSERT_EQ(AddN(l.list, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{2, 3}));
    // 2048 + 1 + 1: 2050 in FLOAT (2048 + 1 alone rounds back to 2048 in FLOAT16)
    std::vector<std::unique_ptr<aclcpu_test::Dev>> h;
    h.push_back(MakeDev({2048, -1}, at::kHalf, {2}));
    h.push_back(MakeDev({1, 0.5}, at::kHalf, {2}));
    h.push_back(MakeDev({1, 0.25}, at::kHalf, {2}));
    DevList hl(std::move(h));
    Dev ho(Fill(2), at::kHalf, {2});
    ASSERT_EQ(AddN(hl.list, ho.t), 0) << LastError();
    EXPECT_EQ(ho.Values(), (std::vector<double>{2050, -0.25}));
    // INT32 wraps
    std::vector<std::unique_ptr<aclcpu_test::Dev>> i;
    i.push_back(MakeDev({2147483647, 5}, at::kInt, {2}));
    i.push_back(MakeDev({1, -7}, at::kInt, {2}));
    DevList il(std::move(i));
    Dev io(Fill(2), at::kInt, {2});
    ASSERT_EQ(AddN(il.list, io.t), 0) << LastError();
    EXPECT_EQ(io.Values(), (std::vector<double>{-2147483648.0, -2}));
}

TEST(ReferenceMathMiscAddN, ChecksInCannOrder) {
    auto call = [](const aclTensorList* l, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnAddNGetWorkspaceSize(l, o, ws, ex); };
    };
    Dev out(Fill(4), at::kFloat, {2, 2});
    ExpectFails(call(nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensorList] for argument [tensors] but instead found nullptr.");
    Dev a(Fill(4), at::kFloat, {2, 2});
    aclTensor* items[2] = {a.t, nullptr};
    aclTensorList* withNull = aclCreateTensorList(items, 2);
    a.t = nullptr;  // the list owns it now
    ExpectFails(call(withNull, out.t), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for tensor 1.");
    aclDestroyTensorList(withNull);
    std::vector<std::unique_ptr<aclcpu_test::Dev>> d;
    d.push_back(MakeDev(Fill(4), at::kFloat, {2, 2}));
    d.push_back(MakeDev(Fill(2), at::kFloat, {2}));
    DevList l(std::move(d));
    ExpectFails(call(l.list, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [out] but instead found nullptr.");
    Dev half(Fill(4), at::kHalf, {2, 2});
    ExpectFails(call(l.list, half.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found (*tensors)[0] DT_FLOAT and out DT_FLOAT16.");
    ExpectFails(call(l.list, out.t), ACLNN_ERR_PARAM_INVALID, "Input tensors should have same shape.");
    std::vector<std::unique_ptr<aclcpu_test::Dev>> dd;
    dd.push_back(MakeDev(Fill(4), at::kDouble, {2, 2}));
    DevList dl(std::move(dd));
    Dev dout(Fill(4), at::kDouble, {2, 2});
    ExpectFails(call(dl.list, dout.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor 0 not implemented for DT_DOUBLE, should be in dtype support list [DT_INT32, DT_INT64, DT_FLOAT16, "
                "DT_BF16, DT_FLOAT].");
    std::vector<std::unique_ptr<aclcpu_test::Dev>> s;
    s.push_back(MakeDev(Fill(4), at::kFloat, {2, 2}));
    DevList sl(std::move(s));
    Dev wide(Fill(6), at::kFloat, {2, 3});
    ExpectFails(call(sl.list, wide.t), ACLNN_ERR_PARAM_INVALID, "Input tensors should have same shape with output.");
    aclTensorList* empty = aclCreateTensorList(nullptr, 0);
    EXPECT_EQ(FirstOnly(call(empty, out.t)), ACLNN_ERR_PARAM_INVALID);
    aclDestroyTensorList(empty);
    // the arch check: Atlas A2/A3 and the 950 only
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(call(sl.list, out.t), ACLNN_ERR_PARAM_INVALID,
                "ACLNN only support ASCEND910B(A2), ASCEND910_93(A3) and ASCEND950(A5) series");
}

// ================================================================================ ExpSegsum / backward

int ExpSegsum(const aclTensor* self, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnExpSegsumGetWorkspaceSize(self, out, ws, ex); },
                     aclnnExpSegsum);
}

// CANN's example: self {0, 1, 2, 3} -> out[i][j] = exp(self[j+1] + ... + self[i]) below the diagonal, 1 on it, 0 above
TEST(ReferenceMathMiscExpSegsum, ValuesOfTheExample) {
    Dev self({0, 1, 2, 3}, at::kFloat, {1, 1, 1, 4});
    Dev out(Fill(16, 9), at::kFloat, {1, 1, 1, 4, 4});
    ASSERT_EQ(ExpSegsum(self.t, out.t), 0) << LastError();
    const double e = std::exp(1.0);
    const std::vector<double> want = {1, 0, 0, 0,                                           //
                                      e, 1, 0, 0,                                           //
                                      std::exp(3.0), std::exp(2.0), 1, 0,                   //
                                      std::exp(6.0), std::exp(5.0), std::exp(3.0), 1};
    ExpectClose(out.Storage(), at::tensor(want, at::kDouble), 1e-5);
}

// a transposed 3-D view against a closed form computed here (exp of differences of a running sum)
TEST(ReferenceMathMiscExpSegsum, TransposedViewAgainstClosedForm) {
    const at::Tensor x = at::tensor(std::vector<double>{0.5, -1, 0.25, 2, -0.5, 1}, at::kDouble).view({1, 3, 2});
    Dev self({0.5, -1, 0.25, 2, -0.5, 1}, at::kFloat, {1, 2, 3}, {6, 1, 2});  // x transposed to [1, 2, 3]
    Dev out(Fill(18, 9), at::kFloat, {1, 2, 3, 3});
    ASSERT_EQ(ExpSegsum(self.t, out.t), 0) << LastError();
    const at::Tensor v = x.transpose(1, 2);  // [1, 2, 3]
    at::Tensor want = at::zeros({1, 2, 3, 3}, at::kDouble);
    for (int64_t r = 0; r < 2; ++r) {
        for (int64_t i = 0; i < 3; ++i) {
            for (int64_t j = 0; j <= i; ++j) {
                double s = 0;
                for (int64_t k = j + 1; k <= i; ++k) s += v[0][r][k].item<double>();
                want[0][r][i][j] = std::exp(s);
            }
        }
    }
    ExpectClose(out.Storage().view({1, 2, 3, 3}), want, 1e-5);
}

TEST(ReferenceMathMiscExpSegsum, ChecksInCannOrder) {
    auto call = [](const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnExpSegsumGetWorkspaceSize(s, o, ws, ex); };
    };
    Dev self(Fill(6), at::kFloat, {1, 2, 3});
    Dev out(Fill(18), at::kFloat, {1, 2, 3, 3});
    ExpectFails(call(nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [self] but instead found nullptr.");
    Dev d(Fill(6), at::kDouble, {1, 2, 3});
    ExpectFails(call(d.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT16, DT_FLOAT, DT_BF16.");
    Dev ho(Fill(18), at::kHalf, {1, 2, 3, 3});
    ExpectFails(call(self.t, ho.t), ACLNN_ERR_PARAM_INVALID, "Tensor self expected dtype is DT_FLOAT16 but found DT_FLOAT.");
    Dev two(Fill(6), at::kFloat, {2, 3});
    Dev two_o(Fill(18), at::kFloat, {2, 3, 3});
    ExpectFails(call(two.t, two_o.t), ACLNN_ERR_PARAM_INVALID,
                "It is expected input size equals to 3 or 4, but got sizes 2.");
    Dev last(Fill(12), at::kFloat, {1, 2, 3, 2});
    ExpectFails(call(self.t, last.t), ACLNN_ERR_PARAM_INVALID,
                "It is expected output size at index 2 equals to input size at index 3, but got input size [1,2,3], "
                "output size [1,2,3,2].");
    Dev nz(Fill(18), at::kFloat, {1, 2, 3, 3}, {}, 0, ACL_FORMAT_NCHW);
    ExpectFails(call(self.t, nz.t), ACLNN_ERR_PARAM_INVALID,
                "Format of input and output should be equal, input[ND], out[NCHW].");
    // an empty self: success before the shape checks
    Dev e(Fill(0), at::kFloat, {0, 3});
    EXPECT_EQ(ExpSegsum(e.t, out.t), 0) << LastError();
}

int ExpSegsumBackward(const aclTensor* go, const aclTensor* gs, aclTensor* gi) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnExpSegsumBackwardGetWorkspaceSize(go, gs, gi, ws, ex); },
        aclnnExpSegsumBackward);
}

// the gradient of the forward through ATen's autograd: d/dx sum(gradOutput * ExpSegsum(x)) with gradSelf = the
// forward's output
TEST(ReferenceMathMiscExpSegsumBackward, AgainstAutograd) {
    const std::vector<double> xs = {0.3, -0.2, 0.5, 0.1, -0.4, 0.2, 0.6, -0.1};
    const std::vector<double> gos = {0.5, -1, 2, 0.25, 1, 1.5, -0.5, 0.75, 2, -2, 1, 0.5, 0.1, 0.2, 0.3, 0.4,
                                     -1, 1, -1, 1, 0.5, 0.5, 0.5, 0.5, 2, 1, 0, -1, 3, -3, 1, 1};
    at::Tensor x = at::tensor(xs, at::kDouble).view({1, 2, 4}).set_requires_grad(true);
    const int64_t n = 4;
    at::Tensor e = x.unsqueeze(-1).expand({1, 2, n, n});
    const at::Tensor tri = at::ones({n, n}, at::kBool).triu(0);
    e = at::cumsum(e.masked_fill(tri, 0), -2).masked_fill(at::ones({n, n}, at::kBool).triu(1),
                                                          -std::numeric_limits<double>::infinity());
    const at::Tensor y = at::exp(e);
    const at::Tensor go = at::tensor(gos, at::kDouble).view({1, 2, n, n});
    (y * go).sum().backward();
    const at::Tensor want = x.grad();
    const at::Tensor yd = y.detach().contiguous();
    Dev dgo(gos, at::kFloat, {1, 2, 4, 4});
    Dev dgs(std::vector<double>(yd.data_ptr<double>(), yd.data_ptr<double>() + 32), at::kFloat, {1, 2, 4, 4});
    Dev gi(Fill(8, 9), at::kFloat, {1, 2, 4});
    ASSERT_EQ(ExpSegsumBackward(dgo.t, dgs.t, gi.t), 0) << LastError();
    ExpectClose(gi.Storage().view({1, 2, 4}), want, 1e-5);
    // element 0 never receives a gradient (no segment starts before it)
    EXPECT_EQ(gi.Values()[0], 0);
}

TEST(ReferenceMathMiscExpSegsumBackward, ChecksInCannOrder) {
    auto call = [](const aclTensor* a, const aclTensor* b, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnExpSegsumBackwardGetWorkspaceSize(a, b, o, ws, ex); };
    };
    Dev go(Fill(18), at::kFloat, {1, 2, 3, 3});
    Dev gs(Fill(18), at::kFloat, {1, 2, 3, 3});
    Dev gi(Fill(6), at::kFloat, {1, 2, 3});
    ExpectFails(call(go.t, nullptr, gi.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [gradSelf] but instead found nullptr.");
    Dev hi(Fill(6), at::kHalf, {1, 2, 3});
    ExpectFails(call(go.t, gs.t, hi.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradOutput expected dtype is DT_FLOAT16 but found DT_FLOAT.");
    Dev rect(Fill(12), at::kFloat, {1, 2, 3, 2});
    Dev rect_i(Fill(6), at::kFloat, {1, 2, 3});
    ExpectFails(call(rect.t, rect.t, rect_i.t), ACLNN_ERR_PARAM_INVALID,
                "It is expected size of the last two dimensions of gradOutput are equal, but got gradOutput: [1,2,3,2].");
    Dev gs2(Fill(18), at::kFloat, {2, 1, 3, 3});
    ExpectFails(call(go.t, gs2.t, gi.t), ACLNN_ERR_PARAM_INVALID,
                "It is expected shape of gradSelf equals to shape of gradOutput, but got gradSelf: [2,1,3,3], gradOutput "
                "[1,2,3,3].");
    Dev gi2(Fill(6), at::kFloat, {2, 1, 3});
    ExpectFails(call(go.t, gs.t, gi2.t), ACLNN_ERR_PARAM_INVALID,
                "It is expected size of gradInput equals to size of gradOutput at index 0 , but got gradInput: [2,1,3], "
                "gradOutput: [1,2,3,3].");
}

// ================================================================================ LeftShifts

int LeftShifts(const aclTensor* self, const aclScalar* s, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLeftShiftsGetWorkspaceSize(self, s, out, ws, ex); },
                     aclnnLeftShifts);
}

TEST(ReferenceMathMiscLeftShifts, Values) {
    Dev self({10, 20, 30, 40}, at::kLong, {1, 4});
    Dev out(Fill(4), at::kLong, {1, 4});
    int64_t two = 2;
    aclcpu_test::Scalar s(&two, ACL_INT64);
    ASSERT_EQ(LeftShifts(self.t, s.s, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{40, 80, 120, 160}));
    // INT8 in INT64 (the promoted dtype), written to INT8: the low 8 bits; an INT64 out keeps the wide value
    Dev c({-3, 100, 1}, at::kChar, {3});
    Dev co(Fill(3), at::kChar, {3});
    int64_t three = 3;
    aclcpu_test::Scalar s3(&three, ACL_INT64);
    ASSERT_EQ(LeftShifts(c.t, s3.s, co.t), 0) << LastError();
    EXPECT_EQ(co.Values(), (std::vector<double>{-24, 32, 8}));
    Dev lo(Fill(3), at::kLong, {3});
    ASSERT_EQ(LeftShifts(c.t, s3.s, lo.t), 0) << LastError();
    EXPECT_EQ(lo.Values(), (std::vector<double>{-24, 800, 8}));
    // a shift of 64 or more, or a negative one: 0
    int64_t big = 64, neg = -1;
    aclcpu_test::Scalar sb(&big, ACL_INT64), sn(&neg, ACL_INT64);
    ASSERT_EQ(LeftShifts(self.t, sb.s, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{0, 0, 0, 0}));
    ASSERT_EQ(LeftShifts(self.t, sn.s, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{0, 0, 0, 0}));
}

TEST(ReferenceMathMiscLeftShifts, ChecksInCannOrder) {
    auto call = [](const aclTensor* a, const aclScalar* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLeftShiftsGetWorkspaceSize(a, s, o, ws, ex); };
    };
    Dev self(Fill(4), at::kInt, {4});
    Dev out(Fill(4), at::kInt, {4});
    int64_t one = 1;
    aclcpu_test::Scalar s(&one, ACL_INT64);
    ExpectFails(call(self.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclScalar] for argument [shiftBits] but instead found nullptr.");
    Dev f(Fill(4), at::kFloat, {4});
    ExpectFails(call(f.t, s.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_FLOAT, should be in dtype support list DT_INT8, DT_INT16, DT_INT32, "
                "DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64.");
    float fv = 1.0f;
    aclcpu_test::Scalar sf(&fv, ACL_FLOAT);
    ExpectFails(call(self.t, sf.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor shiftBits not implemented for DT_FLOAT, should be in dtype support list DT_INT8, DT_INT16, "
                "DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64.");
    Dev o5(Fill(5), at::kInt, {5});
    ExpectFails(call(self.t, s.s, o5.t), ACLNN_ERR_PARAM_INVALID, "Self shape should be the same as out.");
}

// ================================================================================ InplaceCumprod

TEST(ReferenceMathMiscInplaceCumprod, ValuesAndChecks) {
    Dev input({1, 2, 3}, at::kLong, {3});
    int64_t zero = 0;
    aclcpu_test::Scalar dim(&zero, ACL_INT64);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnInplaceCumprodGetWorkspaceSize(input.t, dim.s, ws, ex);
              }, aclnnInplaceCumprod), 0) << LastError();
    EXPECT_EQ(input.Values(), (std::vector<double>{1, 2, 6}));
    // along the rows of a transposed FLOAT view, against ATen's cumprod
    const std::vector<double> v = {1.5, 2, -1, 0.5, 3, 2};
    Dev m(v, at::kFloat, {3, 2}, {1, 3});
    int64_t one = 1;
    aclcpu_test::Scalar d1(&one, ACL_INT64);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnInplaceCumprodGetWorkspaceSize(m.t, d1.s, ws, ex);
              }, aclnnInplaceCumprod), 0) << LastError();
    const at::Tensor want = at::cumprod(at::tensor(v, at::kDouble).view({2, 3}).t(), 1).t().contiguous().view({6});
    ExpectClose(m.Storage(), want);
    int64_t bad = 2;
    aclcpu_test::Scalar d2(&bad, ACL_INT64);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceCumprodGetWorkspaceSize(m.t, d2.s, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "input dim(2) out of range(-2,1)");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceCumprodGetWorkspaceSize(nullptr, d2.s, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "Expected a value of type [aclTensor] for argument [input] but instead found nullptr.");
}

// ================================================================================ AmpUpdateScale

struct Amp {
    Dev scale, tracker, found, uscale, utracker;
    Amp(double s, double t, double f, at::ScalarType ty = at::kFloat)
        : scale({s}, ty, {1}), tracker({t}, at::kInt, {1}), found({f}, ty, {1}), uscale({-1}, ty, {1}),
          utracker({-1}, at::kInt, {1}) {}
    int Run(double growth, double backoff, int64_t interval) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAmpUpdateScaleGetWorkspaceSize(scale.t, tracker.t, found.t, growth, backoff, interval, uscale.t,
                                                       utracker.t, ws, ex);
        }, aclnnAmpUpdateScale);
    }
};

TEST(ReferenceMathMiscAmpUpdateScale, Values) {
    Amp grow(65536, 999, 0);  // tracker + 1 == interval: grown, tracker reset
    ASSERT_EQ(grow.Run(2, 0.5, 1000), 0) << LastError();
    EXPECT_EQ(grow.uscale.Values(), (std::vector<double>{131072}));
    EXPECT_EQ(grow.utracker.Values(), (std::vector<double>{0}));
    Amp example(65536, 900, 0);  // CANN's example: kept, tracker + 1
    ASSERT_EQ(example.Run(2, 0.5, 1000), 0) << LastError();
    EXPECT_EQ(example.uscale.Values(), (std::vector<double>{65536}));
    EXPECT_EQ(example.utracker.Values(), (std::vector<double>{901}));
    Amp inf(1024, 7, std::nan(""));  // NaN counts as found: backed off
    ASSERT_EQ(inf.Run(2, 0.25, 1000), 0) << LastError();
    EXPECT_EQ(inf.uscale.Values(), (std::vector<double>{256}));
    EXPECT_EQ(inf.utracker.Values(), (std::vector<double>{0}));
    Amp over(3e38, 0, 0);  // the grown scale overflows FLOAT: kept, tracker reset
    ASSERT_EQ(over.Run(2, 0.5, 1), 0) << LastError();
    EXPECT_EQ(over.uscale.Values()[0], static_cast<double>(3e38f));
    EXPECT_EQ(over.utracker.Values(), (std::vector<double>{0}));
    Amp h(60000, 0, 0, at::kHalf);  // grown in FLOAT (finite: 120000), rounded to FLOAT16: infinity
    ASSERT_EQ(h.Run(2, 0.5, 1), 0) << LastError();
    EXPECT_TRUE(std::isinf(h.uscale.Values()[0]));
}

TEST(ReferenceMathMiscAmpUpdateScale, Checks) {
    Amp a(1, 0, 0);
    Dev dbl({1}, at::kDouble, {1});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAmpUpdateScaleGetWorkspaceSize(dbl.t, a.tracker.t, a.found.t, 2, 0.5, 3, a.uscale.t, a.utracker.t,
                                                   ws, ex);
    }, ACLNN_ERR_PARAM_INVALID,
                "Tensor currentScale not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_BF16.");
    Dev hf({0}, at::kHalf, {1});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAmpUpdateScaleGetWorkspaceSize(a.scale.t, a.tracker.t, hf.t, 2, 0.5, 3, a.uscale.t, a.utracker.t,
                                                   ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Tensor foundInf expected dtype is DT_FLOAT but found DT_FLOAT16.");
    Dev two({1, 1}, at::kFloat, {2});
    EXPECT_EQ(FirstOnly([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAmpUpdateScaleGetWorkspaceSize(a.scale.t, a.tracker.t, a.found.t, 2, 0.5, 3, two.t, a.utracker.t,
                                                   ws, ex);
    }), ACLNN_ERR_PARAM_INVALID);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAmpUpdateScaleGetWorkspaceSize(a.scale.t, nullptr, a.found.t, 2, 0.5, 3, a.uscale.t, a.utracker.t,
                                                   ws, ex);
    }, ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [growthTracker] but instead found nullptr.");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    EXPECT_EQ(FirstOnly([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAmpUpdateScaleGetWorkspaceSize(a.scale.t, a.tracker.t, a.found.t, 2, 0.5, 3, a.uscale.t,
                                                   a.utracker.t, ws, ex);
    }), ACLNN_ERR_PARAM_INVALID);
}

// ================================================================================ TransformBiasRescaleQkv

// B = 1, T = 2, numHeads = 2, D / numHeads = 2 (D = 4): q scaled by 1 / sqrt(2), k and v as they are, heads moved
// before the tokens
TEST(ReferenceMathMiscTransformBiasRescaleQkv, ValuesAndChecks) {
    std::vector<double> xs(24);
    for (size_t i = 0; i < xs.size(); ++i) xs[i] = static_cast<double>(i);
    std::vector<double> bs(12, 0.0);
    bs[0] = 1;  // q's first element of each token
    bs[4] = -2; // k's first
    Dev qkv(xs, at::kFloat, {1, 2, 12});
    Dev bias(bs, at::kFloat, {12});
    Dev q(Fill(8), at::kFloat, {1, 2, 2, 2});
    Dev k(Fill(8), at::kFloat, {1, 2, 2, 2});
    Dev v(Fill(8), at::kFloat, {1, 2, 2, 2});
    const aclTensor* bt = bias.t;
    const aclTensor* kt = k.t;
    const aclTensor* vt = v.t;
    auto call = [bt, kt, vt](const aclTensor* a, int64_t heads, const aclTensor* qo) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnTransformBiasRescaleQkvGetWorkspaceSize(a, bt, heads, qo, kt, vt, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(call(qkv.t, 2, q.t), aclnnTransformBiasRescaleQkv), 0) << LastError();
    const double r = static_cast<double>(1.0f / std::sqrt(2.0f));
    // q[0, h, t, d] = (qkv[0, t, h * 2 + d] + bias) * r: token 0 row 0..3, token 1 row 12..15
    const std::vector<double> wq = {(0 + 1) * r, 1 * r, 12 * r + r, 13 * r, 2 * r, 3 * r, 14 * r, 15 * r};
    ExpectClose(q.Storage(), at::tensor(wq, at::kDouble).to(at::kFloat).to(at::kDouble), 1e-6);
    EXPECT_EQ(k.Values(), (std::vector<double>{4 - 2, 5, 16 - 2, 17, 6, 7, 18, 19}));
    EXPECT_EQ(v.Values(), (std::vector<double>{8, 9, 20, 21, 10, 11, 22, 23}));
    ExpectFails(call(qkv.t, 3, q.t), ACLNN_ERR_PARAM_INVALID, "should be a multiple of numHeads");
    ExpectFails(call(qkv.t, 0, q.t), ACLNN_ERR_PARAM_INVALID, "numHeads should be greater than 0, but it is 0.");
    Dev q3(Fill(8), at::kFloat, {1, 2, 4});
    ExpectFails(call(qkv.t, 2, q3.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor qOut should have shape [1,2,2,2], but its shape is [1,2,4].");
    Dev hq(Fill(8), at::kHalf, {1, 2, 2, 2});
    ExpectFails(call(qkv.t, 2, hq.t), ACLNN_ERR_PARAM_INVALID, "Tensor qOut expected dtype is DT_FLOAT but found DT_FLOAT16.");
}

// ================================================================================ AddExample / AddExampleCApi

TEST(ReferenceMathMiscAddExample, ValuesAndChecks) {
    Dev x({1, 2, 3, 4}, at::kFloat, {2, 2}, {1, 2});  // transposed view
    Dev y({10, 20, 30, 40}, at::kFloat, {2, 2});
    Dev z(Fill(4), at::kFloat, {2, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAddExampleGetWorkspaceSize(x.t, y.t, z.t, ws, ex);
              }, aclnnAddExample), 0) << LastError();
    EXPECT_EQ(z.Values(), (std::vector<double>{11, 23, 32, 44}));
    Dev zc(Fill(4), at::kFloat, {2, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAddExampleCApiGetWorkspaceSize(x.t, y.t, zc.t, ws, ex);
              }, aclnnAddExampleCApi), 0) << LastError();
    EXPECT_EQ(zc.Values(), (std::vector<double>{11, 23, 32, 44}));
    Dev xi({1, 2}, at::kInt, {2});
    Dev yi({3, 4}, at::kInt, {2});
    Dev zi(Fill(2), at::kInt, {2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAddExampleGetWorkspaceSize(xi.t, yi.t, zi.t, ws, ex);
              }, aclnnAddExample), 0) << LastError();
    EXPECT_EQ(zi.Values(), (std::vector<double>{4, 6}));
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAddExampleCApiGetWorkspaceSize(xi.t, yi.t, zi.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor x1 not implemented for DT_INT32, should be in dtype support list DT_FLOAT.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAddExampleGetWorkspaceSize(x.t, yi.t, z.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor x2 expected dtype is DT_FLOAT but found DT_INT32.");
    Dev z3(Fill(3), at::kFloat, {3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAddExampleGetWorkspaceSize(x.t, y.t, z3.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor yOut should have x1's shape [2,2], but its shape is [3].");
}

}  // namespace math_misc_reference_test
