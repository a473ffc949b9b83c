// ops-math's scans, linear algebra and the reductions added with them at the reference tier through the public API
// (docs/ops/math_linalg.md, docs/ops/math_reduce.md): each operator's values against ATen's plain functions or values
// written out here (dims, keepdim, correction, the casts, the empty and small-count fills, the index outputs), and the
// checks in CANN's order with its codes and messages (null -> 161001; dtypes per product, dims, shapes -> 161002).
// The table-driven suite (reference_table_test.cpp) runs each entry's cases on transposed, strided and offset views.
#include <ATen/ATen.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "aclnnop/aclnn_addr.h"
#include "aclnnop/aclnn_affine_grid.h"
#include "aclnnop/aclnn_arange.h"
#include "aclnnop/aclnn_cdist.h"
#include "aclnnop/aclnn_cummax.h"
#include "aclnnop/aclnn_cummin.h"
#include "aclnnop/aclnn_cumsum.h"
#include "aclnnop/aclnn_dot.h"
#include "aclnnop/aclnn_ger.h"
#include "aclnnop/aclnn_global_average_pool.h"
#include "aclnnop/aclnn_histc.h"
#include "aclnnop/aclnn_linalg_cholesky.h"
#include "aclnnop/aclnn_linalg_cross.h"
#include "aclnnop/aclnn_linalg_qr.h"
#include "aclnnop/aclnn_linspace.h"
#include "aclnnop/aclnn_logdet.h"
#include "aclnnop/aclnn_logsumexp.h"
#include "aclnnop/aclnn_pdist.h"
#include "aclnnop/aclnn_pdist_forward.h"
#include "aclnnop/aclnn_qr.h"
#include "aclnnop/aclnn_range.h"
#include "aclnnop/aclnn_reduce_log_sum.h"
#include "aclnnop/aclnn_searchsorted.h"
#include "aclnnop/aclnn_slogdet.h"
#include "aclnnop/aclnn_std.h"
#include "aclnnop/aclnn_std_mean_correction.h"
#include "aclnnop/aclnn_svd.h"
#include "aclnnop/aclnn_trace.h"
#include "aclnnop/aclnn_triangular_solve.h"
#include "aclnnop/aclnn_var.h"
#include "aclnnop/aclnn_var_mean.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_case.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit.
namespace math_linalg_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::OwnedIntArray;
using aclcpu_test::RunPhases;

constexpr double kInf = std::numeric_limits<double>::infinity();

std::vector<double> Fill(size_t n, double v = 0.0) { return std::vector<double>(n, v); }

void ExpectClose(const at::Tensor& got, const at::Tensor& want, double tol = 1e-6) {
    ASSERT_EQ(got.sizes(), want.sizes());
    EXPECT_TRUE(at::allclose(got.to(at::kDouble), want.to(at::kDouble), tol, tol, /*equal_nan=*/true))
        << "got:\n" << got << "\nwant:\n" << want;
}

// 3 x 4 values with ties (5 twice in column 0 and row 1)
const std::vector<double> k34 = {3, -1, 2, -1,  //
                                 5, 0,  5, -7,  //
                                 5, 4,  -2, 6};

// ================================================================================ Cummax / Cummin

int Cummax(const aclTensor* self, int64_t dim, aclTensor* v, aclTensor* i) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCummaxGetWorkspaceSize(self, dim, v, i, ws, ex); },
                     aclnnCummax);
}
int Cummin(const aclTensor* self, int64_t dim, aclTensor* v, aclTensor* i) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCumminGetWorkspaceSize(self, dim, v, i, ws, ex); },
                     aclnnCummin);
}

// along the rows of a transposed view, values and INT32 / INT64 indices against ATen's cummax / cummin
TEST(ReferenceMathLinalgCum, ValuesAndIndicesOnTransposedView) {
    Dev self(k34, at::kFloat, {4, 3}, {1, 4});  // the transpose of k34's [3, 4]
    const at::Tensor x = at::tensor(k34, at::kDouble).view({3, 4}).t();
    Dev v(Fill(12), at::kFloat, {4, 3});
    Dev i(Fill(12), at::kInt, {4, 3});
    ASSERT_EQ(Cummax(self.t, 1, v.t, i.t), 0) << LastError();
    const auto want = at::cummax(x, 1);
    ExpectClose(v.Storage().view({4, 3}), std::get<0>(want));
    ExpectClose(i.Storage().view({4, 3}), std::get<1>(want));
    // row 0 of the view is {3, 5, 5}: the tie's index is the last (ATen's rule)
    EXPECT_EQ(i.Values()[2], 2);
    Dev v2(Fill(12), at::kDouble, {4, 3});
    Dev i2(Fill(12), at::kLong, {4, 3});
    ASSERT_EQ(Cummin(self.t, -2, v2.t, i2.t), 0) << LastError();
    const auto want2 = at::cummin(x, 0);
    ExpectClose(v2.Storage().view({4, 3}), std::get<0>(want2));
    ExpectClose(i2.Storage().view({4, 3}), std::get<1>(want2));
}

// BOOL (scanned as UINT8), FLOAT16 exact, a 0-d self (Cummin: dim -1 accepted; Cummax refuses it)
TEST(ReferenceMathLinalgCum, BoolHalfAndZeroD) {
    Dev b({0, 1, 0, 1}, at::kBool, {4});
    Dev bv(Fill(4, 9), at::kBool, {4});
    Dev bi(Fill(4, 9), at::kLong, {4});
    ASSERT_EQ(Cummax(b.t, 0, bv.t, bi.t), 0) << LastError();
    EXPECT_EQ(bv.Values(), (std::vector<double>{0, 1, 1, 1}));
    Dev h({0.1, -3, 65504, 2.5}, at::kHalf, {4});
    Dev hv(Fill(4), at::kHalf, {4});
    Dev hi(Fill(4), at::kInt, {4});
    ASSERT_EQ(Cummin(h.t, 0, hv.t, hi.t), 0) << LastError();
    ExpectClose(hv.Storage(), at::tensor(std::vector<double>{0.1, -3, -3, -3}).to(at::kHalf).to(at::kDouble), 0);
    EXPECT_EQ(hi.Values(), (std::vector<double>{0, 1, 1, 1}));
    Dev z({-2.5}, at::kFloat, {});
    Dev zv(Fill(1), at::kFloat, {});
    Dev zi(Fill(1, 7), at::kLong, {});
    ASSERT_EQ(Cummin(z.t, -1, zv.t, zi.t), 0) << LastError();
    EXPECT_EQ(zv.Values(), (std::vector<double>{-2.5}));
    EXPECT_EQ(zi.Values(), (std::vector<double>{0}));
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCummaxGetWorkspaceSize(z.t, 0, zv.t, zi.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "dimension specified as 0 but tensor has not dimensions.");
}

TEST(ReferenceMathLinalgCum, ChecksInCannOrder) {
    Dev self(k34, at::kFloat, {3, 4});
    Dev v(Fill(12), at::kFloat, {3, 4});
    Dev i(Fill(12), at::kLong, {3, 4});
    Dev fi(Fill(12), at::kFloat, {3, 4});
    Dev wide(Fill(15), at::kLong, {3, 5});
    Dev cplx(k34, at::kComplexFloat, {3, 4});
    auto cm = [](const aclTensor* s, int64_t d, aclTensor* vo, aclTensor* io) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnCummaxGetWorkspaceSize(s, d, vo, io, ws, ex); };
    };
    ExpectFails(cm(nullptr, 0, v.t, i.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [t0] but instead found nullptr.");
    ExpectFails(cm(self.t, 0, v.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [t2] but instead found nullptr.");
    // the dim before the dtypes
    ExpectFails(cm(cplx.t, 2, v.t, i.t), ACLNN_ERR_PARAM_INVALID,
                "dim must be within the range of [-2, 1], but it is 2.");
    ExpectFails(cm(cplx.t, 0, v.t, i.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_COMPLEX64, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_BOOL, DT_BF16.");
    ExpectFails(cm(self.t, 0, v.t, fi.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor indicesOut not implemented for DT_FLOAT, should be in dtype support list DT_INT32, DT_INT64.");
    ExpectFails(cm(self.t, 0, v.t, wide.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for indicesOut, but [3,4] does not equal [3,5].");
    ExpectFails([&](uint64_t*, aclOpExecutor** ex) { return aclnnCummaxGetWorkspaceSize(self.t, 0, v.t, i.t, nullptr, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr.");
}

// Cummax's BF16 on the BF16 products only; Cummin's list holds BF16 everywhere
TEST(ReferenceMathLinalgCum, Bf16PerProduct) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev self(k34, at::kBFloat16, {3, 4});
    Dev v(Fill(12), at::kBFloat16, {3, 4});
    Dev i(Fill(12), at::kLong, {3, 4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCummaxGetWorkspaceSize(self.t, 0, v.t, i.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_BOOL.");
    ASSERT_EQ(Cummin(self.t, 0, v.t, i.t), 0) << LastError();
}

// ================================================================================ Trace / Dot / Ger

int Trace(const aclTensor* self, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTraceGetWorkspaceSize(self, out, ws, ex); },
                     aclnnTrace);
}

TEST(ReferenceMathLinalgTrace, ValuesAndOutDtype) {
    Dev self(k34, at::kFloat, {4, 3}, {1, 4});  // transposed view: diagonal 3, 0, -2
    Dev out(Fill(1, 9), at::kFloat, {});
    ASSERT_EQ(Trace(self.t, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1}));
    Dev is(k34, at::kInt, {3, 4});
    Dev io(Fill(1), at::kLong, {});
    ASSERT_EQ(Trace(is.t, io.t), 0) << LastError();
    EXPECT_EQ(io.Values(), (std::vector<double>{1}));
    Dev h({1000, 0, 0, 0.5}, at::kHalf, {2, 2});
    Dev ho(Fill(1), at::kHalf, {});
    ASSERT_EQ(Trace(h.t, ho.t), 0) << LastError();
    EXPECT_EQ(ho.Values(), (std::vector<double>{1000.5}));
    Dev e(Fill(0), at::kFloat, {0, 3});
    Dev eo(Fill(1, 9), at::kFloat, {});
    ASSERT_EQ(Trace(e.t, eo.t), 0) << LastError();
    EXPECT_EQ(eo.Values(), (std::vector<double>{0}));
    // an integral self needs an INT64 out; a FLOAT self its own dtype
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTraceGetWorkspaceSize(is.t, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_INT64 but found DT_FLOAT.");
    Dev v(Fill(3), at::kFloat, {3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTraceGetWorkspaceSize(v.t, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "trace: expected a matrix, but got tensor with dim 1");
    Dev o1(Fill(1), at::kFloat, {1});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTraceGetWorkspaceSize(self.t, o1.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "expected 0D output tensor, but got [1] tensor.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTraceGetWorkspaceSize(nullptr, out.t, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "Expected a value of type [aclTensor] for argument [self] but instead found nullptr.");
}

int Dot(const aclTensor* a, const aclTensor* b, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnDotGetWorkspaceSize(a, b, out, ws, ex); },
                     aclnnDot);
}

TEST(ReferenceMathLinalgDot, ValuesAndChecks) {
    Dev a({1, 9, 2, 9, 3, 9}, at::kFloat, {3}, {2});  // strided: 1, 2, 3
    Dev b({0, 4, 5, 6}, at::kFloat, {3}, {1}, 1);      // offset: 4, 5, 6
    Dev out(Fill(1), at::kFloat, {});
    ASSERT_EQ(Dot(a.t, b.t, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{32}));
    // INT8 products wrap to the dtype: 100 * 2 = 200 -> -56
    Dev i({100}, at::kChar, {1});
    Dev j({2}, at::kChar, {1});
    Dev io(Fill(1), at::kChar, {});
    ASSERT_EQ(Dot(i.t, j.t, io.t), 0) << LastError();
    EXPECT_EQ(io.Values(), (std::vector<double>{-56}));
    // FLOAT16 accumulated in FLOAT: 2048 + 1 + 1 = 2050 (2048 + 1 rounds back to 2048 in FLOAT16)
    Dev h({2048, 1, 1}, at::kHalf, {3});
    Dev ones({1, 1, 1}, at::kHalf, {3});
    Dev ho(Fill(1), at::kHalf, {});
    ASSERT_EQ(Dot(h.t, ones.t, ho.t), 0) << LastError();
    EXPECT_EQ(ho.Values(), (std::vector<double>{2050}));
    Dev e1(Fill(0), at::kFloat, {0});
    Dev e2(Fill(0), at::kFloat, {0});
    Dev eo(Fill(1, 9), at::kFloat, {});
    ASSERT_EQ(Dot(e1.t, e2.t, eo.t), 0) << LastError();
    EXPECT_EQ(eo.Values(), (std::vector<double>{0}));
    Dev d(Fill(3), at::kDouble, {3});
    Dev dout(Fill(1), at::kDouble, {});
    auto dot = [](const aclTensor* x, const aclTensor* y, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnDotGetWorkspaceSize(x, y, o, ws, ex); };
    };
    ExpectFails(dot(a.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [t1] but instead found nullptr.");
    ExpectFails(dot(a.t, d.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and tensor DT_DOUBLE.");
    ExpectFails(dot(d.t, d.t, dout.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_BF16, DT_INT8, DT_INT32, DT_UINT8.");
    Dev four(Fill(4), at::kFloat, {4});
    ExpectFails(dot(a.t, four.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "expected consistent tensor size, but got [3] and [4] tensors.");
    Dev m(Fill(4), at::kFloat, {2, 2});
    ExpectFails(dot(m.t, a.t, out.t), ACLNN_ERR_PARAM_INVALID, "expected 1D input tensors, but got [2,2] and [3] tensors.");
}

int Ger(const aclTensor* a, const aclTensor* b, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnGerGetWorkspaceSize(a, b, out, ws, ex); },
                     aclnnGer);
}

TEST(ReferenceMathLinalgGer, ValuesPromotionAndChecks) {
    Dev a({1, 2, 3}, at::kInt, {3});
    Dev b({0.5, -1}, at::kFloat, {2});
    Dev out(Fill(6), at::kDouble, {3, 2});
    ASSERT_EQ(Ger(a.t, b.t, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{0.5, -1, 1, -2, 1.5, -3}));
    // BOOL x BOOL: a logical and
    Dev p({1, 0}, at::kBool, {2});
    Dev q({1, 1, 0}, at::kBool, {3});
    Dev pq(Fill(6, 7), at::kBool, {2, 3});
    ASSERT_EQ(Ger(p.t, q.t, pq.t), 0) << LastError();
    EXPECT_EQ(pq.Values(), (std::vector<double>{1, 1, 0, 0, 0, 0}));
    // FLOAT16 inputs: each product rounded to FLOAT16 before the cast to a FLOAT out (2049 -> 2048)
    Dev h({683}, at::kHalf, {1});  // 683 * 3 = 2049, a tie rounded to 2048
    Dev three({3}, at::kHalf, {1});
    Dev hf(Fill(1), at::kFloat, {1, 1});
    ASSERT_EQ(Ger(h.t, three.t, hf.t), 0) << LastError();
    EXPECT_EQ(hf.Values(), (std::vector<double>{2048}));
    auto ger = [](const aclTensor* x, const aclTensor* y, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGerGetWorkspaceSize(x, y, o, ws, ex); };
    };
    Dev fo(Fill(6), at::kFloat, {3, 2});
    Dev io(Fill(6), at::kInt, {3, 2});
    ExpectFails(ger(a.t, b.t, io.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    Dev wrong(Fill(6), at::kFloat, {2, 3});
    ExpectFails(ger(a.t, b.t, wrong.t), ACLNN_ERR_PARAM_INVALID,
                "Expected sizes of out{2, 3}should be equal to self * vec2 {3, 2}");
    Dev m(Fill(4), at::kFloat, {2, 2});
    ExpectFails(ger(m.t, b.t, fo.t), ACLNN_ERR_PARAM_INVALID, "Expected 1-D argument, but got 2-D.");
    ExpectFails(ger(a.t, nullptr, fo.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [vec2] but instead found nullptr.");
    // BF16 on the Ascend 950 (the default product) only
    Dev bf({1, 2}, at::kBFloat16, {2});
    Dev bfo(Fill(4), at::kBFloat16, {2, 2});
    ASSERT_EQ(Ger(bf.t, bf.t, bfo.t), 0) << LastError();
    EXPECT_EQ(bfo.Values(), (std::vector<double>{1, 2, 2, 4}));
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    ExpectFails(ger(bf.t, bf.t, bfo.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_INT32, "
                "DT_DOUBLE, DT_INT8, DT_UINT8, DT_INT16, DT_BOOL, DT_INT64, DT_COMPLEX64, DT_COMPLEX128.");
}

// ================================================================================ Var / Std / VarMean / StdMean

int VarCorr(const aclTensor* self, const aclIntArray* dim, int64_t corr, bool keep, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnVarCorrectionGetWorkspaceSize(self, dim, corr, keep, out, ws, ex); },
        aclnnVarCorrection);
}

TEST(ReferenceMathLinalgVar, VarStdValuesAndFills) {
    Dev self(k34, at::kFloat, {3, 4});
    const at::Tensor x = at::tensor(k34, at::kDouble).view({3, 4});
    OwnedIntArray d1({1}), none({}), d0({0});
    {  // aclnnVar: unbiased maps to correction 1 / 0
        Dev out(Fill(3), at::kFloat, {3});
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnVarGetWorkspaceSize(self.t, d1.a, true, false, out.t, ws, ex);
                  }, aclnnVar), 0) << LastError();
        ExpectClose(out.Storage(), at::var(x, {1}, /*unbiased=*/true, false), 1e-5);
        Dev out2(Fill(1), at::kFloat, {1, 1});
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnVarGetWorkspaceSize(self.t, none.a, false, true, out2.t, ws, ex);
                  }, aclnnVar), 0) << LastError();
        ExpectClose(out2.Storage(), at::var(x, false).reshape({1}), 1e-5);
    }
    {  // correction 2 over dim 0 (N = 3); correction 3 (N <= correction, > 1): +inf; N = 1 with correction 1: NaN
        Dev out(Fill(4), at::kFloat, {4});
        ASSERT_EQ(VarCorr(self.t, d0.a, 2, false, out.t), 0) << LastError();
        ExpectClose(out.Storage(), at::var(x, at::OptionalIntArrayRef({0}), c10::optional<int64_t>(2), false), 1e-5);
        ASSERT_EQ(VarCorr(self.t, d0.a, 3, false, out.t), 0) << LastError();
        EXPECT_EQ(out.Values(), Fill(4, kInf));
        Dev one(Fill(4, 2), at::kFloat, {1, 4});
        ASSERT_EQ(VarCorr(one.t, d0.a, 1, false, out.t), 0) << LastError();
        for (double v : out.Values()) EXPECT_TRUE(std::isnan(v));
        Dev empty(Fill(0), at::kFloat, {0, 4});
        Dev eo(Fill(4), at::kFloat, {4});
        ASSERT_EQ(VarCorr(empty.t, d0.a, 0, false, eo.t), 0) << LastError();
        for (double v : eo.Values()) EXPECT_TRUE(std::isnan(v));
    }
    {  // aclnnStd: the square root; an empty dim list checks no out shape (all dims, copied into out)
        Dev out(Fill(3), at::kFloat, {3});
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnStdGetWorkspaceSize(self.t, d1.a, 1, false, out.t, ws, ex);
                  }, aclnnStd), 0) << LastError();
        ExpectClose(out.Storage(), at::std(x, {1}, true, false), 1e-5);
        Dev h(k34, at::kHalf, {3, 4});
        Dev ho(Fill(1), at::kHalf, {});
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnStdGetWorkspaceSize(h.t, none.a, 0, false, ho.t, ws, ex);
                  }, aclnnStd), 0) << LastError();
        ExpectClose(ho.Storage(), at::std(x, false).reshape({1}), 2e-3);
    }
}

TEST(ReferenceMathLinalgVar, VarMeanStdMeanTuples) {
    Dev self(k34, at::kFloat, {4, 3}, {1, 4});
    const at::Tensor x = at::tensor(k34, at::kDouble).view({3, 4}).t();
    OwnedIntArray d0({0});
    Dev var(Fill(3), at::kFloat, {1, 3});
    Dev mean(Fill(3), at::kFloat, {1, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnVarMeanGetWorkspaceSize(self.t, d0.a, 0, true, var.t, mean.t, ws, ex);
              }, aclnnVarMean), 0) << LastError();
    ExpectClose(var.Storage().view({1, 3}), at::var(x, at::OptionalIntArrayRef({0}), c10::optional<int64_t>(0), true), 1e-5);
    ExpectClose(mean.Storage().view({1, 3}), x.mean({0}, true), 1e-6);
    Dev sd(Fill(3), at::kFloat, {3});
    Dev mn(Fill(3), at::kFloat, {3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnStdMeanCorrectionGetWorkspaceSize(self.t, d0.a, 1, false, sd.t, mn.t, ws, ex);
              }, aclnnStdMeanCorrection), 0) << LastError();
    ExpectClose(sd.Storage(), at::std(x, {0}, true, false), 1e-5);
    ExpectClose(mn.Storage(), x.mean({0}), 1e-6);
}

TEST(ReferenceMathLinalgVar, ChecksInCannOrder) {
    Dev self(k34, at::kFloat, {3, 4});
    Dev out(Fill(3), at::kFloat, {3});
    Dev dbl(k34, at::kDouble, {3, 4});
    Dev wide(Fill(4), at::kFloat, {4});
    OwnedIntArray d1({1}), bad({2}), twice({1, -1});
    auto var = [](const aclTensor* s, const aclIntArray* d, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnVarGetWorkspaceSize(s, d, true, false, o, ws, ex); };
    };
    ExpectFails(var(nullptr, d1.a, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [t0] but instead found nullptr.");
    ExpectFails(var(dbl.t, d1.a, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(var(self.t, bad.a, out.t), ACLNN_ERR_PARAM_INVALID, "Provided dim 2 must be in the range of [-2, 1].");
    ExpectFails(var(self.t, twice.a, out.t), ACLNN_ERR_PARAM_INVALID,
                "Dim 1 appears multiple times in the list of dims.");
    ExpectFails(var(self.t, d1.a, wide.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [3], but got [4].");
    // VarMean: meanOut is t1, and its shape is checked before varOut's
    Dev good(Fill(3), at::kFloat, {3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnVarMeanGetWorkspaceSize(self.t, d1.a, 1, false, good.t, nullptr, ws, ex);
    }, ACLNN_ERR_PARAM_NULLPTR, "Expected a value of type [aclTensor] for argument [t1] but instead found nullptr.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnVarMeanGetWorkspaceSize(self.t, d1.a, 1, false, wide.t, wide.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Expected tensor for meanOut to have same size as [3], but got [4].");
    // StdMeanCorrection: off the 950 the outputs' dtypes must be self's; its own range message prints the rank
    Dev hout(Fill(3), at::kHalf, {3});
    auto sm = [](const aclTensor* s, const aclIntArray* d, aclTensor* a, aclTensor* b) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnStdMeanCorrectionGetWorkspaceSize(s, d, 1, false, a, b, ws, ex);
        };
    };
    ExpectFails(sm(self.t, bad.a, good.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
    // the default product, the Ascend 950, takes any listed output dtype (and VarMean's BF16)
    ASSERT_EQ(RunPhases(sm(self.t, d1.a, hout.t, good.t), aclnnStdMeanCorrection), 0) << LastError();
    Dev bf(k34, at::kBFloat16, {3, 4});
    Dev bo(Fill(3), at::kBFloat16, {3});
    Dev bo2(Fill(3), at::kBFloat16, {3});
    auto vm = [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnVarMeanGetWorkspaceSize(bf.t, d1.a, 1, false, bo.t, bo2.t, ws, ex);
    };
    ASSERT_EQ(RunPhases(vm, aclnnVarMean), 0) << LastError();
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    ExpectFails(sm(self.t, d1.a, hout.t, good.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self expected dtype is DT_FLOAT16 but found DT_FLOAT.");
    ExpectFails(vm, ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
}

// ================================================================================ LogSumExp / GlobalAveragePool

TEST(ReferenceMathLinalgLse, ValuesAndChecks) {
    Dev self(k34, at::kInt, {3, 4});
    const at::Tensor x = at::tensor(k34, at::kDouble).view({3, 4});
    OwnedIntArray d1({1}), none({}), bad({2}), twice({0, -2});
    Dev out(Fill(3), at::kFloat, {3});
    auto lse = [](const aclTensor* s, const aclIntArray* d, bool k, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogSumExpGetWorkspaceSize(s, d, k, o, ws, ex); };
    };
    ASSERT_EQ(RunPhases(lse(self.t, d1.a, false, out.t), aclnnLogSumExp), 0) << LastError();
    ExpectClose(out.Storage(), at::logsumexp(x, {1}), 1e-5);
    // +inf and large values: the maximum is subtracted
    Dev big({1000, 1000, -kInf, 0}, at::kFloat, {2, 2});
    Dev bo(Fill(2), at::kFloat, {2});
    ASSERT_EQ(RunPhases(lse(big.t, d1.a, false, bo.t), aclnnLogSumExp), 0) << LastError();
    ExpectClose(bo.Storage(), at::tensor(std::vector<double>{1000 + std::log(2.0), 0}), 1e-4);
    Dev all(Fill(1), at::kFloat, {1, 1});
    ASSERT_EQ(RunPhases(lse(self.t, none.a, true, all.t), aclnnLogSumExp), 0) << LastError();
    ExpectClose(all.Storage(), at::logsumexp(x, std::vector<int64_t>{0, 1}).reshape({1}), 1e-5);
    Dev empty(Fill(0), at::kFloat, {0, 3});
    Dev eo(Fill(3), at::kFloat, {3});
    OwnedIntArray d0({0});
    ASSERT_EQ(RunPhases(lse(empty.t, d0.a, false, eo.t), aclnnLogSumExp), 0) << LastError();
    EXPECT_EQ(eo.Values(), Fill(3, -kInf));
    Dev iout(Fill(3), at::kInt, {3});
    ExpectFails(lse(self.t, d1.a, false, iout.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(lse(self.t, bad.a, false, out.t), ACLNN_ERR_PARAM_INVALID,
                "provided dim 2 not in the range of input tensor size 2.");
    ExpectFails(lse(self.t, twice.a, false, out.t), ACLNN_ERR_PARAM_INVALID,
                "Dim -2 appears multiple times in the list of dims");
    ExpectFails(lse(self.t, nullptr, false, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclIntArray] for argument [dim] but instead found nullptr.");
}

TEST(ReferenceMathLinalgGap, ValuesAndChecks) {
    std::vector<double> v(24);
    for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(i) * 0.5 - 3;
    Dev self(v, at::kFloat, {1, 2, 3, 4});
    const at::Tensor x = at::tensor(v, at::kDouble).view({1, 2, 3, 4});
    Dev out(Fill(2), at::kFloat, {1, 2, 1, 1});
    auto gap = [](const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGlobalAveragePoolGetWorkspaceSize(s, o, ws, ex); };
    };
    ASSERT_EQ(RunPhases(gap(self.t, out.t), aclnnGlobalAveragePool), 0) << LastError();
    ExpectClose(out.Storage().view({1, 2, 1, 1}), x.mean({2, 3}, true), 1e-6);
    Dev small(Fill(4), at::kFloat, {2, 2});
    ExpectFails(gap(small.t, out.t), ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 4 dimensions.");
    Dev bad(Fill(4), at::kFloat, {1, 2, 2, 1});
    ExpectFails(gap(self.t, bad.t), ACLNN_ERR_PARAM_INVALID, "The tensor's shape[[1,2,1,1]] is not equal with shape[[1,2,2,1]].");
    Dev hout(Fill(2), at::kHalf, {1, 2, 1, 1});
    ExpectFails(gap(self.t, hout.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_FLOAT16.");
}

// ================================================================================ LinalgCross

TEST(ReferenceMathLinalgCross, ValuesBroadcastAndChecks) {
    Dev a({1, 0, 0, 0, 1, 0}, at::kFloat, {2, 3});
    Dev b({0, 1, 0}, at::kFloat, {3});
    Dev out(Fill(6), at::kFloat, {2, 3});
    auto cross = [](const aclTensor* x, const aclTensor* y, int64_t d, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLinalgCrossGetWorkspaceSize(x, y, d, o, ws, ex); };
    };
    ASSERT_EQ(RunPhases(cross(a.t, b.t, -1, out.t), aclnnLinalgCross), 0) << LastError();
    // e1 x e2 = e3; e2 x e2 = 0
    EXPECT_EQ(out.Values(), (std::vector<double>{0, 0, 1, 0, 0, 0}));
    // a positive dim on the smaller self counts from self's dims (moved by the rank difference off the 950)
    Dev io(Fill(6), at::kFloat, {2, 3});
    ASSERT_EQ(RunPhases(cross(b.t, a.t, 0, io.t), aclnnLinalgCross), 0) << LastError();
    EXPECT_EQ(io.Values(), (std::vector<double>{0, 0, -1, 0, 0, 0}));
    Dev two(Fill(4), at::kFloat, {2, 2});
    Dev two_out(Fill(4), at::kFloat, {2, 2});
    ExpectFails(cross(two.t, two.t, 1, two_out.t), ACLNN_ERR_PARAM_INVALID, "dimension 1 does not have size 3.");
    ExpectFails(cross(a.t, b.t, 2, out.t), ACLNN_ERR_PARAM_INVALID,
                "Dimension out of range(expected to be in range of [-2, 1], but got 2.");
    Dev d(Fill(6), at::kDouble, {2, 3});
    ExpectFails(cross(a.t, d.t, 1, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self expected dtype is DT_DOUBLE but found DT_FLOAT.");
    Dev wrong(Fill(3), at::kFloat, {1, 3});
    ExpectFails(cross(a.t, b.t, 1, wrong.t), ACLNN_ERR_PARAM_INVALID,
                "expected consistent tensor shape for the broadcast shape and out, but got [2,3] and [1,3] respectively.");
}

// ================================================================================ Arange / Range / Linspace

TEST(ReferenceMathLinalgCreate, ArangeRangeValuesAndChecks) {
    aclcpu_test::Scalar start(1.5f), end(-1.0f), step(-0.5f), zero(0.0f), pos(0.5f);
    Dev out(Fill(5), at::kFloat, {5});
    auto arange = [](const aclScalar* a, const aclScalar* b, const aclScalar* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnArangeGetWorkspaceSize(a, b, s, o, ws, ex); };
    };
    ASSERT_EQ(RunPhases(arange(start.s, end.s, step.s, out.t), aclnnArange), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1.5, 1, 0.5, 0, -0.5}));
    // an INT64 out: start and step read as integers (1.5 -> 1, -0.5 -> 0: a zero step refused first)
    Dev iout(Fill(3), at::kLong, {3});
    ExpectFails(arange(start.s, end.s, step.s, iout.t), ACLNN_ERR_PARAM_INVALID, "step must be nonzero.");
    ExpectFails(arange(start.s, end.s, zero.s, out.t), ACLNN_ERR_PARAM_INVALID, "step must be nonzero.");
    ExpectFails(arange(start.s, end.s, pos.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "upper bound and lower bound inconsistent with step sign. start:1.500000, end:-1.000000, step:0.500000.");
    ExpectFails(arange(nullptr, end.s, step.s, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclScalar] for argument [start] but instead found nullptr.");
    Dev bout(Fill(3), at::kBool, {3});
    ExpectFails(arange(start.s, end.s, step.s, bout.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out not implemented for DT_BOOL, should be in dtype support list DT_FLOAT16, DT_FLOAT, DT_DOUBLE, "
                "DT_INT64, DT_INT32, DT_BF16.");
    // Range: the closed interval's count is the caller's out; a 0-d out refused; null -> CANN's inner code 561103
    aclcpu_test::Scalar s0(0.0f), e4(4.0f), one(1.0f);
    Dev rout(Fill(5), at::kInt, {5});
    auto range = [](const aclScalar* a, const aclScalar* b, const aclScalar* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnRangeGetWorkspaceSize(a, b, s, o, ws, ex); };
    };
    ASSERT_EQ(RunPhases(range(s0.s, e4.s, one.s, rout.t), aclnnRange), 0) << LastError();
    EXPECT_EQ(rout.Values(), (std::vector<double>{0, 1, 2, 3, 4}));
    Dev z(Fill(1), at::kFloat, {});
    ExpectFails(range(s0.s, e4.s, one.s, z.t), ACLNN_ERR_PARAM_INVALID, "Expected out a 1d tensor, but got 0.");
    ExpectFails(range(s0.s, e4.s, one.s, nullptr), ACLNN_ERR_INNER_NULLPTR,
                "Expected a value of type [aclTensor] for argument [out] but instead found nullptr.");
}

TEST(ReferenceMathLinalgCreate, LinspaceValuesAndChecks) {
    aclcpu_test::Scalar a(0.0f), b(1.0f), c(10.0f);
    auto lin = [](const aclScalar* x, const aclScalar* y, int64_t n, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLinspaceGetWorkspaceSize(x, y, n, o, ws, ex); };
    };
    Dev out(Fill(5), at::kFloat, {5});
    ASSERT_EQ(RunPhases(lin(a.s, b.s, 5, out.t), aclnnLinspace), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{0, 0.25, 0.5, 0.75, 1}));
    // any shape of steps elements; an integral out truncates
    Dev iout(Fill(4), at::kInt, {2, 2});
    ASSERT_EQ(RunPhases(lin(a.s, c.s, 4, iout.t), aclnnLinspace), 0) << LastError();
    EXPECT_EQ(iout.Values(), (std::vector<double>{0, 3, 6, 10}));
    Dev one(Fill(1), at::kDouble, {1});
    ASSERT_EQ(RunPhases(lin(c.s, a.s, 1, one.t), aclnnLinspace), 0) << LastError();
    EXPECT_EQ(one.Values(), (std::vector<double>{10}));
    ExpectFails(lin(a.s, b.s, -1, out.t), ACLNN_ERR_PARAM_INVALID, "number of steps must be non-negative.");
    ExpectFails(lin(a.s, b.s, 4, out.t), ACLNN_ERR_PARAM_INVALID,
                "size of out must equal to steps, but got size of out 5, steps: 4.");
    // BF16, INT16, INT64 outs on the long list only
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev lout(Fill(5), at::kLong, {5});
    ExpectFails(lin(a.s, b.s, 5, lout.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out not implemented for DT_INT64, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_INT32, "
                "DT_INT8, DT_UINT8, DT_DOUBLE.");
}

// ================================================================================ SearchSorted / Histc

TEST(ReferenceMathLinalgSearch, ValuesSorterAndChecks) {
    Dev seq({1, 3, 5, 7, 9}, at::kFloat, {5});
    Dev self({3, 6, 9, 0}, at::kInt, {2, 2});
    Dev out(Fill(4), at::kLong, {2, 2});
    auto ss = [](const aclTensor* q, const aclTensor* v, bool i32, bool right, const aclTensor* sorter, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnSearchSortedGetWorkspaceSize(q, v, i32, right, sorter, o, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(ss(seq.t, self.t, false, false, nullptr, out.t), aclnnSearchSorted), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1, 3, 4, 0}));
    Dev out32(Fill(4), at::kInt, {2, 2});
    ASSERT_EQ(RunPhases(ss(seq.t, self.t, true, true, nullptr, out32.t), aclnnSearchSorted), 0) << LastError();
    EXPECT_EQ(out32.Values(), (std::vector<double>{2, 3, 5, 0}));
    // an unsorted sequence with the sorter that sorts it
    Dev useq({9, 1, 5}, at::kFloat, {3});
    Dev sorter({1, 2, 0}, at::kLong, {3});
    Dev v({4}, at::kFloat, {1});
    Dev vo(Fill(1), at::kLong, {1});
    ASSERT_EQ(RunPhases(ss(useq.t, v.t, false, false, sorter.t, vo.t), aclnnSearchSorted), 0) << LastError();
    EXPECT_EQ(vo.Values(), (std::vector<double>{1}));
    ExpectFails(ss(seq.t, self.t, true, false, nullptr, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_INT32 but found DT_INT64.");
    Dev seq2(Fill(6), at::kFloat, {2, 3});
    ExpectFails(ss(seq2.t, v.t, false, false, nullptr, vo.t), ACLNN_ERR_PARAM_INVALID,
                "self value can be a scalar only when sortedSequence tensor dimension is 1, but we got sortedSequence "
                "tensor dim([2,3]) and self value's dim([1]).");
    // SearchSorteds: a scalar self
    aclcpu_test::Scalar six(6.0f);
    Dev so(Fill(1), at::kLong, {1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnSearchSortedsGetWorkspaceSize(seq.t, six.s, false, false, nullptr, so.t, ws, ex);
              }, aclnnSearchSorteds), 0) << LastError();
    EXPECT_EQ(so.Values(), (std::vector<double>{3}));
    Dev empty(Fill(0), at::kLong, {0});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnSearchSortedsGetWorkspaceSize(seq.t, six.s, false, false, nullptr, empty.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "The shape of out tensor should be {1}.");
}

TEST(ReferenceMathLinalgHistc, ValuesAndChecks) {
    Dev self({0, 0.5, 1, 1.5, 2, 3, -1}, at::kFloat, {7});
    aclcpu_test::Scalar lo(0.0f), hi(2.0f), same(1.0f), nan(std::nanf(""));
    Dev out(Fill(4), at::kFloat, {4});
    auto histc = [](const aclTensor* s, int64_t bins, const aclScalar* a, const aclScalar* b, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnHistcGetWorkspaceSize(s, bins, a, b, o, ws, ex); };
    };
    ASSERT_EQ(RunPhases(histc(self.t, 4, lo.s, hi.s, out.t), aclnnHistc), 0) << LastError();
    // [0, .5) [.5, 1) [1, 1.5) [1.5, 2]: 3 and -1 outside
    EXPECT_EQ(out.Values(), (std::vector<double>{1, 1, 1, 2}));
    // min == max: the data's own range [-1, 3]
    ASSERT_EQ(RunPhases(histc(self.t, 4, same.s, same.s, out.t), aclnnHistc), 0) << LastError();
    ExpectClose(out.Storage(), at::histc(at::tensor(std::vector<double>{0, 0.5, 1, 1.5, 2, 3, -1}), 4, 0, 0), 0);
    ExpectFails(histc(self.t, 4, nan.s, hi.s, out.t), ACLNN_ERR_PARAM_INVALID, "range of [nan, 2.000000] is not finite");
    ExpectFails(histc(self.t, 0, lo.s, hi.s, out.t), ACLNN_ERR_PARAM_INVALID, "The value of bins can not less or equal 0.");
    ExpectFails(histc(self.t, 4, hi.s, lo.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "The value of max should greater than or equal to min.");
    ExpectFails(histc(self.t, 3, lo.s, hi.s, out.t), ACLNN_ERR_PARAM_INVALID, "The size of out tensor should be same as bins.");
    Dev iself({0, 1, 2}, at::kInt, {3});
    ExpectFails(histc(iself.t, 4, lo.s, hi.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(histc(self.t, 4, nullptr, hi.s, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclScalar] for argument [min] but instead found nullptr.");
}

// ================================================================================ Cdist

TEST(ReferenceMathLinalgCdist, ValuesAndChecks) {
    Dev x1({0, 0, 3, 4}, at::kFloat, {2, 2});
    Dev x2({0, 0, 1, 1, 6, 8}, at::kFloat, {3, 2});
    Dev out(Fill(6), at::kFloat, {2, 3});
    auto cdist = [](const aclTensor* a, const aclTensor* b, float p, int64_t mode, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnCdistGetWorkspaceSize(a, b, p, mode, o, ws, ex); };
    };
    ASSERT_EQ(RunPhases(cdist(x1.t, x2.t, 2.0f, 2, out.t), aclnnCdist), 0) << LastError();
    ExpectClose(out.Storage(), at::tensor(std::vector<double>{0, std::sqrt(2.0), 10, 5, std::sqrt(13.0), 5}), 1e-6);
    ASSERT_EQ(RunPhases(cdist(x1.t, x2.t, 1.0f, 0, out.t), aclnnCdist), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{0, 2, 14, 7, 5, 7}));
    ASSERT_EQ(RunPhases(cdist(x1.t, x2.t, std::numeric_limits<float>::infinity(), 0, out.t), aclnnCdist), 0)
        << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{0, 1, 8, 4, 3, 4}));
    ExpectFails(cdist(x1.t, x2.t, 2.0f, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "compute_mode 0 is not supported, only support 2 when pValue equals 2.0");
    ExpectFails(cdist(x1.t, x2.t, -1.0f, 0, out.t), ACLNN_ERR_PARAM_INVALID, "cdist only supports non-negative p values.");
    Dev x3(Fill(9), at::kFloat, {3, 3});
    ExpectFails(cdist(x1.t, x3.t, 1.0f, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "The dim num of X1 and X2 must be the same. X1 got: 2, X2 got: 3.");
    Dev v(Fill(2), at::kFloat, {2});
    ExpectFails(cdist(v.t, x2.t, 1.0f, 0, out.t), ACLNN_ERR_PARAM_INVALID, "The x1 tensor must have at least 2 dimensions.");
    // no dtype on Ascend 910
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(cdist(x1.t, x2.t, 1.0f, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor x1 not implemented for DT_FLOAT, should be in dtype support list .");
}

// ================================================================================ ReduceLogSum

TEST(ReferenceMathLinalgLogSum, ValuesNoopAndChecks) {
    Dev data({1, 2, 3, 4, 5, 6}, at::kFloat, {2, 3});
    OwnedIntArray d1({1}), none({}), bad({-3}), twice({1, -1});
    auto rls = [](const aclTensor* d, const aclIntArray* a, bool keep, bool noop, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnReduceLogSumGetWorkspaceSize(d, a, keep, noop, o, ws, ex); };
    };
    Dev out(Fill(2), at::kFloat, {2});
    ASSERT_EQ(RunPhases(rls(data.t, d1.a, false, false, out.t), aclnnReduceLogSum), 0) << LastError();
    ExpectClose(out.Storage(), at::tensor(std::vector<double>{std::log(6.0), std::log(15.0)}), 1e-6);
    Dev all(Fill(1), at::kFloat, {});
    ASSERT_EQ(RunPhases(rls(data.t, none.a, false, false, all.t), aclnnReduceLogSum), 0) << LastError();
    ExpectClose(all.Storage(), at::tensor(std::vector<double>{std::log(21.0)}), 1e-6);
    // noopWithEmptyAxes: data copied, no log
    Dev same(Fill(6), at::kFloat, {2, 3});
    ASSERT_EQ(RunPhases(rls(data.t, none.a, false, true, same.t), aclnnReduceLogSum), 0) << LastError();
    EXPECT_EQ(same.Values(), (std::vector<double>{1, 2, 3, 4, 5, 6}));
    // an empty data: 0, not log(0)
    Dev empty(Fill(0), at::kFloat, {0, 3});
    Dev eo(Fill(3, 9), at::kFloat, {3});
    OwnedIntArray d0({0});
    ASSERT_EQ(RunPhases(rls(empty.t, d0.a, false, false, eo.t), aclnnReduceLogSum), 0) << LastError();
    EXPECT_EQ(eo.Values(), Fill(3, 0));
    ExpectFails(rls(data.t, bad.a, false, false, out.t), ACLNN_ERR_PARAM_INVALID,
                "Provided axes -3 not in the range of input tensor size 2.");
    ExpectFails(rls(data.t, twice.a, false, false, out.t), ACLNN_ERR_PARAM_INVALID,
                "Axes 1 appears multiple times in the list of axes");
    Dev wide(Fill(3), at::kFloat, {3});
    ExpectFails(rls(data.t, d1.a, false, false, wide.t), ACLNN_ERR_PARAM_INVALID,
                "The tensor's shape[[2]] is not equal with shape[[3]].");
    // BF16 on the Ascend 950 (the default product) only
    Dev bf({1, 2}, at::kBFloat16, {2});
    Dev bo(Fill(1), at::kBFloat16, {});
    ASSERT_EQ(RunPhases(rls(bf.t, none.a, false, false, bo.t), aclnnReduceLogSum), 0) << LastError();
    ExpectClose(bo.Storage(), at::tensor(std::vector<double>{std::log(3.0)}).to(at::kBFloat16).to(at::kDouble), 0);
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    ExpectFails(rls(bf.t, none.a, false, false, bo.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor data not implemented for DT_BF16, should be in dtype support list DT_FLOAT16, DT_FLOAT.");
}

// ================================================================================ AffineGrid

TEST(ReferenceMathLinalgAffine, IdentityGridAndChecks) {
    // the identity: the grid is the normalized coordinates themselves
    Dev theta({1, 0, 0, 0, 1, 0}, at::kFloat, {1, 2, 3});
    OwnedIntArray size({1, 1, 2, 2});
    Dev out(Fill(8), at::kFloat, {1, 2, 2, 2});
    auto ag = [](const aclTensor* t, const aclIntArray* s, bool align, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnAffineGridGetWorkspaceSize(t, s, align, o, ws, ex); };
    };
    ASSERT_EQ(RunPhases(ag(theta.t, size.a, true, out.t), aclnnAffineGrid), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{-1, -1, 1, -1, -1, 1, 1, 1}));
    ASSERT_EQ(RunPhases(ag(theta.t, size.a, false, out.t), aclnnAffineGrid), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{-0.5, -0.5, 0.5, -0.5, -0.5, 0.5, 0.5, 0.5}));
    OwnedIntArray three({1, 2, 3});
    ExpectFails(ag(theta.t, three.a, true, out.t), ACLNN_ERR_PARAM_INVALID, "AffineGridGenerator needs 4d or 5d size(input).");
    OwnedIntArray n2({2, 1, 2, 2});
    ExpectFails(ag(theta.t, n2.a, true, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected a batch of 2D affine matrices of shape Nx2x3 for size [2, 1, 2, 2]. Got [1,2,3].");
    Dev wrong(Fill(8), at::kFloat, {1, 2, 4});
    ExpectFails(ag(theta.t, size.a, true, wrong.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [1,2,2,2], but got [1,2,4].");
    Dev hout(Fill(8), at::kHalf, {1, 2, 2, 2});
    ExpectFails(ag(theta.t, size.a, true, hout.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
}

// ================================================================================ LinalgCholesky

TEST(ReferenceMathLinalgCholesky, FactorsAndChecks) {
    // [[4, 2], [2, 5]] = L L^T with L = [[2, 0], [1, 2]]
    Dev self({4, 2, 2, 5}, at::kFloat, {2, 2});
    Dev out(Fill(4, 9), at::kFloat, {2, 2});
    auto ch = [](const aclTensor* s, bool upper, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLinalgCholeskyGetWorkspaceSize(s, upper, o, ws, ex); };
    };
    ASSERT_EQ(RunPhases(ch(self.t, false, out.t), aclnnLinalgCholesky), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{2, 0, 1, 2}));
    ASSERT_EQ(RunPhases(ch(self.t, true, out.t), aclnnLinalgCholesky), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{2, 1, 0, 2}));
    Dev h({4, 2, 2, 5}, at::kHalf, {2, 2});
    Dev ho(Fill(4), at::kHalf, {2, 2});
    ASSERT_EQ(RunPhases(ch(h.t, false, ho.t), aclnnLinalgCholesky), 0) << LastError();
    EXPECT_EQ(ho.Values(), (std::vector<double>{2, 0, 1, 2}));
    Dev rect(Fill(6), at::kFloat, {2, 3});
    Dev ro(Fill(6), at::kFloat, {2, 3});
    ExpectFails(ch(rect.t, false, ro.t), ACLNN_ERR_PARAM_INVALID,
                "self must be batches of square matrices, but they are [2] by [3] matrices");
    Dev v(Fill(2), at::kFloat, {2});
    ExpectFails(ch(v.t, false, v.t), ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 2 dimensions.");
    ExpectFails(ch(self.t, false, ho.t), ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    ExpectFails(ch(self.t, false, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_FLOAT, should be in dtype support list .");
}

// ================================================================================ Cumsum / CumsumV2

int Cumsum(const aclTensor* self, int64_t dim, aclDataType dt, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCumsumGetWorkspaceSize(self, dim, dt, out, ws, ex); },
        aclnnCumsum);
}
int CumsumV2(const aclTensor* self, int64_t dim, bool exclusive, bool reverse, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnCumsumV2GetWorkspaceSize(self, dim, exclusive, reverse, out, ws, ex);
        },
        aclnnCumsumV2);
}

// along either dim of a transposed view; the dtype parameter (INT32 summed into INT64 without wrapping, INT8 wrapping)
TEST(ReferenceMathCumsum, DimsAndDtype) {
    Dev self({1, 2, 3, 4, 5, 6}, at::kFloat, {3, 2}, {1, 3});  // [[1, 4], [2, 5], [3, 6]]
    Dev out0(std::vector<double>(6, 0), at::kFloat, {3, 2});
    ASSERT_EQ(Cumsum(self.t, 0, ACL_FLOAT, out0.t), 0) << LastError();
    EXPECT_EQ(out0.Values(), (std::vector<double>{1, 4, 3, 9, 6, 15}));
    Dev out1(std::vector<double>(6, 0), at::kFloat, {3, 2});
    ASSERT_EQ(Cumsum(self.t, -1, ACL_FLOAT, out1.t), 0) << LastError();
    EXPECT_EQ(out1.Values(), (std::vector<double>{1, 5, 2, 7, 3, 9}));
    Dev big({2147483647, 1}, at::kInt, {2});
    Dev lout({0, 0}, at::kLong, {2});
    ASSERT_EQ(Cumsum(big.t, 0, ACL_INT64, lout.t), 0) << LastError();
    EXPECT_EQ(lout.Values(), (std::vector<double>{2147483647, 2147483648.0}));
    Dev i8({100, 100}, at::kChar, {2});
    Dev i8out({0, 0}, at::kChar, {2});
    ASSERT_EQ(Cumsum(i8.t, 0, ACL_INT8, i8out.t), 0) << LastError();
    EXPECT_EQ(i8out.Values(), (std::vector<double>{100, -56}));
    Dev z({2.5}, at::kFloat, {});
    Dev zout({0}, at::kFloat, {});
    ASSERT_EQ(Cumsum(z.t, -1, ACL_FLOAT, zout.t), 0) << LastError();
    EXPECT_EQ(zout.Values(), (std::vector<double>{2.5}));
}

// CumsumV2: exclusive shifts by one (the first sum 0), reverse runs from the end, both together
TEST(ReferenceMathCumsum, V2ExclusiveReverse) {
    Dev self({1, 2, 3, 4}, at::kFloat, {4});
    const std::vector<std::pair<std::pair<bool, bool>, std::vector<double>>> want = {
        {{false, false}, {1, 3, 6, 10}},
        {{true, false}, {0, 1, 3, 6}},
        {{false, true}, {10, 9, 7, 4}},
        {{true, true}, {9, 7, 4, 0}}};
    for (const auto& w : want) {
        Dev out({0, 0, 0, 0}, at::kFloat, {4});
        ASSERT_EQ(CumsumV2(self.t, 0, w.first.first, w.first.second, out.t), 0) << LastError();
        EXPECT_EQ(out.Values(), w.second) << w.first.first << w.first.second;
    }
}

TEST(ReferenceMathCumsum, ChecksInOrder) {
    Dev self({1, 2, 3, 4, 5, 6}, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6, 0), at::kFloat, {2, 3});
    Dev hout(std::vector<double>(6, 0), at::kHalf, {2, 3});
    Dev bout(std::vector<double>(6, 0), at::kBool, {2, 3});
    Dev wide(std::vector<double>(6, 0), at::kFloat, {3, 2});
    auto cumsum = [](const aclTensor* s, int64_t d, aclDataType dt, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnCumsumGetWorkspaceSize(s, d, dt, o, ws, ex); };
    };
    auto v2 = [](const aclTensor* s, int64_t d, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnCumsumV2GetWorkspaceSize(s, d, false, false, o, ws, ex); };
    };
    ExpectFails(cumsum(nullptr, 0, ACL_FLOAT, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [self] but instead found nullptr.");
    ExpectFails(cumsum(self.t, 0, ACL_FLOAT, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [out] but instead found nullptr.");
    ExpectFails(cumsum(self.t, 0, ACL_BOOL, bout.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out not implemented for DT_BOOL, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_INT32, DT_DOUBLE, DT_UINT8, DT_INT8, DT_INT16, DT_INT64, DT_COMPLEX64, DT_COMPLEX128, DT_BF16.");
    ExpectFails(cumsum(self.t, 0, ACL_FLOAT, hout.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(cumsum(self.t, 0, ACL_FLOAT, wide.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as tensor for self, but [3,2] does not equal [2,3].");
    ExpectFails(cumsum(self.t, 2, ACL_FLOAT, out.t), ACLNN_ERR_PARAM_INVALID,
                "expected dim to be in range of [-2, 1], but got 2.");
    // V2: out's dtype must be self's
    ExpectFails(v2(self.t, 0, hout.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_FLOAT16.");
    ExpectFails(v2(self.t, -3, out.t), ACLNN_ERR_PARAM_INVALID, "expected dim to be in range of [-2, 1], but got -3.");
}

TEST(ReferenceMathCumsum, Bf16RefusedOnAscend910) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev self({1, 2}, at::kFloat, {2});
    Dev out({0, 0}, at::kBFloat16, {2});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCumsumGetWorkspaceSize(self.t, 0, ACL_BF16, out.t, ws, ex); },
        ACLNN_ERR_PARAM_INVALID,
        "Tensor out not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_INT32, "
        "DT_DOUBLE, DT_UINT8, DT_INT8, DT_INT16, DT_INT64, DT_COMPLEX64, DT_COMPLEX128.");
}

// ================================================================================ Logdet / Slogdet

// positive, negative and zero determinants: logdet log|det| / NaN / -inf; slogdet's sign and log|det|
TEST(ReferenceMathLogdet, SignsAndBatch) {
    // three 2x2 matrices: det 6, det -2, det 0
    Dev self({2, 1, 0, 3, 0, 1, 2, 0, 1, 2, 2, 4}, at::kFloat, {3, 2, 2});
    Dev out({9, 9, 9}, at::kFloat, {3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogdetGetWorkspaceSize(self.t, out.t, ws, ex); },
                        aclnnLogdet),
              0)
        << LastError();
    const std::vector<double> v = out.Values();
    EXPECT_NEAR(v[0], std::log(6.0), 1e-6);
    EXPECT_TRUE(std::isnan(v[1]));
    EXPECT_EQ(v[2], -kInf);
    Dev sign({9, 9, 9}, at::kFloat, {3});
    Dev logabs({9, 9, 9}, at::kDouble, {3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnSlogdetGetWorkspaceSize(self.t, sign.t, logabs.t, ws, ex);
              },
                        aclnnSlogdet),
              0)
        << LastError();
    EXPECT_EQ(sign.Values(), (std::vector<double>{1, -1, 0}));
    EXPECT_NEAR(logabs.Values()[0], std::log(6.0), 1e-6);
    EXPECT_NEAR(logabs.Values()[1], std::log(2.0), 1e-6);
    EXPECT_EQ(logabs.Values()[2], -kInf);
}

TEST(ReferenceMathLogdet, Checks) {
    Dev self(std::vector<double>(6, 1), at::kFloat, {2, 3});
    Dev sq(std::vector<double>(8, 1), at::kFloat, {2, 2, 2});
    Dev vec({1, 2}, at::kFloat, {2});
    Dev out({0, 0}, at::kFloat, {2});
    Dev out3({0, 0, 0}, at::kFloat, {3});
    Dev hsq(std::vector<double>(4, 1), at::kHalf, {2, 2});
    Dev scal({0}, at::kFloat, {});
    Dev cplx(std::vector<double>(4, 1), at::kComplexFloat, {2, 2});
    auto logdet = [](const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogdetGetWorkspaceSize(s, o, ws, ex); };
    };
    ExpectFails(logdet(nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [self] but instead found nullptr.");
    ExpectFails(logdet(hsq.t, scal.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_FLOAT16, should be in dtype support list DT_FLOAT, DT_DOUBLE, "
                "DT_COMPLEX64, DT_COMPLEX128.");
    ExpectFails(logdet(cplx.t, scal.t), ACLNN_ERR_PARAM_INVALID,
                "The self's dtype is DT_COMPLEX64, out's dtype should also be complex type but got signOut with dtype "
                "DT_FLOAT.");
    ExpectFails(logdet(vec.t, scal.t), ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 2 dimensions.");
    ExpectFails(logdet(self.t, scal.t), ACLNN_ERR_PARAM_INVALID,
                "The last two dimensions of self must be equal, but they are 2 by 3 matrices.");
    ExpectFails(logdet(sq.t, out3.t), ACLNN_ERR_PARAM_INVALID, "expect shape of out is [2], but got [3].");
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSlogdetGetWorkspaceSize(sq.t, out.t, out3.t, ws, ex); },
        ACLNN_ERR_PARAM_INVALID, "expect shape of logOut is [2], but got [3].");
}

// ================================================================================ Qr / LinalgQr

// Q R reproduces self; Q's columns orthonormal, R upper triangular; the reduced and complete shapes; mode r
TEST(ReferenceMathQr, FactorsAndModes) {
    const std::vector<double> v = {1, 2, 3, 4, 5, 6, 7, 8, 10, 1, 0, 1};
    const at::Tensor a = at::tensor(v, at::kDouble).view({4, 3});
    Dev self(v, at::kDouble, {4, 3});
    Dev q(std::vector<double>(12, 0), at::kDouble, {4, 3});
    Dev r(std::vector<double>(9, 0), at::kDouble, {3, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnQrGetWorkspaceSize(self.t, true, q.t, r.t, ws, ex); },
                        aclnnQr),
              0)
        << LastError();
    const at::Tensor Q = q.Storage().view({4, 3}), R = r.Storage().view({3, 3});
    EXPECT_TRUE(at::allclose(Q.matmul(R), a, 1e-9, 1e-9));
    EXPECT_TRUE(at::allclose(Q.t().matmul(Q), at::eye(3, at::kDouble), 1e-9, 1e-9));
    EXPECT_TRUE(at::equal(R, R.triu()));
    Dev qc(std::vector<double>(16, 0), at::kDouble, {4, 4});
    Dev rc(std::vector<double>(12, 0), at::kDouble, {4, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnLinalgQrGetWorkspaceSize(self.t, 1, qc.t, rc.t, ws, ex);
              },
                        aclnnLinalgQr),
              0)
        << LastError();
    EXPECT_TRUE(at::allclose(qc.Storage().view({4, 4}).matmul(rc.Storage().view({4, 3})), a, 1e-9, 1e-9));
    Dev q0(std::vector<double>{}, at::kDouble, {0});
    Dev rr(std::vector<double>(9, 0), at::kDouble, {3, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnLinalgQrGetWorkspaceSize(self.t, 2, q0.t, rr.t, ws, ex);
              },
                        aclnnLinalgQr),
              0)
        << LastError();
    EXPECT_TRUE(at::allclose(rr.Storage().view({3, 3}).abs(), R.abs(), 1e-9, 1e-9));
}

TEST(ReferenceMathQr, Checks) {
    Dev self(std::vector<double>(12, 1), at::kFloat, {4, 3});
    Dev vec({1, 2}, at::kFloat, {2});
    Dev q(std::vector<double>(12, 0), at::kFloat, {4, 3});
    Dev q44(std::vector<double>(16, 0), at::kFloat, {4, 4});
    Dev r(std::vector<double>(9, 0), at::kFloat, {3, 3});
    Dev ri(std::vector<double>(9, 0), at::kInt, {3, 3});
    auto qr = [](const aclTensor* s, bool some, aclTensor* a, aclTensor* b) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnQrGetWorkspaceSize(s, some, a, b, ws, ex); };
    };
    ExpectFails(qr(self.t, true, nullptr, r.t), ACLNN_ERR_INNER_NULLPTR,
                "Expected a value of type [aclTensor] for argument [Q] but instead found nullptr.");
    ExpectFails(qr(self.t, true, q.t, ri.t), ACLNN_ERR_PARAM_INVALID, "Tensor R not implemented for DT_INT32");
    ExpectFails(qr(vec.t, true, q.t, r.t), ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 2 dimensions.");
    ExpectFails(qr(self.t, false, q.t, r.t), ACLNN_ERR_PARAM_INVALID,
                "The output Q should have the following shape [4,4], but got [4,3] instead.");
    ExpectFails(qr(self.t, false, q44.t, r.t), ACLNN_ERR_PARAM_INVALID,
                "The output R should have the following shape [4,3], but got [3,3] instead.");
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLinalgQrGetWorkspaceSize(self.t, 2, q.t, r.t, ws, ex); },
        ACLNN_ERR_PARAM_INVALID, "The output Q should have the following shape [0], but got [4,3] instead.");
}

// ================================================================================ Pdist / PdistForward

TEST(ReferenceMathPdist, ValuesAndChecks) {
    // rows (0, 0), (3, 4), (6, 8): distances 5, 10, 5 (p 2); 7, 14, 7 (p 1)
    Dev self({0, 0, 3, 4, 6, 8}, at::kFloat, {3, 2});
    Dev out({9, 9, 9}, at::kFloat, {3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnPdistGetWorkspaceSize(self.t, 2.0f, out.t, ws, ex); },
                        aclnnPdist),
              0)
        << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{5, 10, 5}));
    aclcpu_test::Scalar p1(1.0f);
    Dev out1({9, 9, 9}, at::kFloat, {3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnPdistForwardGetWorkspaceSize(self.t, p1.s, out1.t, ws, ex);
              },
                        aclnnPdistForward),
              0)
        << LastError();
    EXPECT_EQ(out1.Values(), (std::vector<double>{7, 14, 7}));
    Dev two({0, 0}, at::kFloat, {2});
    Dev hout({0, 0, 0}, at::kHalf, {3});
    auto pdist = [](const aclTensor* s, float p, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnPdistGetWorkspaceSize(s, p, o, ws, ex); };
    };
    ExpectFails(pdist(self.t, 2.0f, hout.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_FLOAT16.");
    ExpectFails(pdist(self.t, 2.0f, two.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [3], but got [2].");
    ExpectFails(pdist(self.t, -1.0f, out.t), ACLNN_ERR_PARAM_INVALID, "pdist only supports non-negative p values.");
    ExpectFails(pdist(self.t, std::nanf(""), out.t), ACLNN_ERR_PARAM_INVALID,
                "pdist only supports non-negative p values.");
    aclcpu_test::Scalar neg(-0.5f);
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnPdistForwardGetWorkspaceSize(self.t, neg.s, out.t, ws, ex); },
        ACLNN_ERR_PARAM_INVALID, "pScalar only supports non-negative p values.");
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnPdistForwardGetWorkspaceSize(self.t, nullptr, out.t, ws, ex); },
        ACLNN_ERR_INNER_NULLPTR, "Expected a value of type [aclScalar] for argument [pScalar] but instead found nullptr.");
}

// ================================================================================ Addr / InplaceAddr

TEST(ReferenceMathAddr, ValuesScalarsAndInPlace) {
    Dev self({1, 2, 3}, at::kFloat, {3});
    Dev v1({1, 2}, at::kFloat, {2});
    Dev v2({1, 0, -1}, at::kFloat, {3});
    aclcpu_test::Scalar beta(2.0f), alpha(0.5f), zero(0.0f);
    Dev out(std::vector<double>(6, 9), at::kFloat, {2, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAddrGetWorkspaceSize(self.t, v1.t, v2.t, beta.s, alpha.s, out.t, ws, ex);
              },
                        aclnnAddr),
              0)
        << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{2.5, 4, 5.5, 3, 4, 5}));
    // beta 0 ignores self (a NaN in self does not propagate)
    Dev nself({std::nan(""), 1, 1}, at::kFloat, {3});
    Dev out0(std::vector<double>(6, 9), at::kFloat, {2, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAddrGetWorkspaceSize(nself.t, v1.t, v2.t, zero.s, alpha.s, out0.t, ws, ex);
              },
                        aclnnAddr),
              0)
        << LastError();
    EXPECT_EQ(out0.Values(), (std::vector<double>{0.5, 0, -0.5, 1, 0, -1}));
    // in place on a [2, 3] selfRef
    Dev ref({1, 1, 1, 1, 1, 1}, at::kFloat, {2, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnInplaceAddrGetWorkspaceSize(ref.t, v1.t, v2.t, beta.s, alpha.s, ws, ex);
              },
                        aclnnInplaceAddr),
              0)
        << LastError();
    EXPECT_EQ(ref.Values(), (std::vector<double>{2.5, 2, 1.5, 3, 2, 1}));
    // BOOL: (beta and self) or (alpha and the outer product)
    Dev bself({1, 0}, at::kBool, {2, 1});
    Dev b1({1, 0}, at::kBool, {2});
    Dev b2({1, 1}, at::kBool, {2});
    const bool t = true;
    aclcpu_test::Scalar bt(&t, ACL_BOOL);
    Dev bout({0, 0, 0, 0}, at::kBool, {2, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAddrGetWorkspaceSize(bself.t, b1.t, b2.t, bt.s, bt.s, bout.t, ws, ex);
              },
                        aclnnAddr),
              0)
        << LastError();
    EXPECT_EQ(bout.Values(), (std::vector<double>{1, 1, 0, 0}));
}

TEST(ReferenceMathAddr, Checks) {
    Dev self({1, 2, 3}, at::kFloat, {3});
    Dev iself({1, 2, 3}, at::kInt, {3});
    Dev v1({1, 2}, at::kFloat, {2});
    Dev iv1({1, 2}, at::kInt, {2});
    Dev v2({1, 0, -1}, at::kFloat, {3});
    Dev iv2({1, 0, -1}, at::kInt, {3});
    Dev m({1, 2, 3, 4}, at::kFloat, {2, 2});
    Dev out(std::vector<double>(6, 0), at::kFloat, {2, 3});
    Dev iout(std::vector<double>(6, 0), at::kInt, {2, 3});
    Dev wide(std::vector<double>(8, 0), at::kFloat, {2, 4});
    aclcpu_test::Scalar one(1.0f);
    const bool t = true;
    aclcpu_test::Scalar bt(&t, ACL_BOOL);
    auto addr = [](const aclTensor* s, const aclTensor* a, const aclTensor* b, const aclScalar* be,
                   const aclScalar* al, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnAddrGetWorkspaceSize(s, a, b, be, al, o, ws, ex); };
    };
    ExpectFails(addr(self.t, nullptr, v2.t, one.s, one.s, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [vec1] but instead found nullptr.");
    ExpectFails(addr(self.t, v1.t, v2.t, bt.s, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Boolean beta only supported for Boolean results.");
    ExpectFails(addr(iself.t, iv1.t, iv2.t, one.s, one.s, iout.t), ACLNN_ERR_PARAM_INVALID,
                "For integral input tensors, argument beta must not be a floating point number");
    ExpectFails(addr(self.t, m.t, v2.t, one.s, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected 1 dimension input, but got vec1 with sizes [2,2].");
    ExpectFails(addr(m.t, v1.t, v2.t, one.s, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "the size of tensor self [2,2] must match the size of tensor outer [2,3].");
    ExpectFails(addr(self.t, v1.t, v2.t, one.s, one.s, wide.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [2,3], but got [2,4].");
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnInplaceAddrGetWorkspaceSize(self.t, v1.t, v2.t, one.s, one.s, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID, "Expected 2 dimension input, but got self with sizes [3].");
}

// ================================================================================ TriangularSolve

TEST(ReferenceMathTriangularSolve, UpperLowerUnitAndChecks) {
    // A's upper triangle [[2, 1], [0, 4]] (its lower part 7 ignored); b [4, 8]: x = [1, 2]
    Dev a({2, 1, 7, 4}, at::kFloat, {2, 2});
    Dev b({4, 8}, at::kFloat, {2, 1});
    Dev x({0, 0}, at::kFloat, {2, 1});
    Dev m({0, 0, 0, 0}, at::kFloat, {2, 2});
    auto solve = [&](bool upper, bool transpose, bool unit, aclTensor* mo) {
        return RunPhases(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnTriangularSolveGetWorkspaceSize(b.t, a.t, upper, transpose, unit, x.t, mo, ws, ex);
            },
            aclnnTriangularSolve);
    };
    ASSERT_EQ(solve(true, false, false, m.t), 0) << LastError();
    EXPECT_EQ(x.Values(), (std::vector<double>{1, 2}));
    EXPECT_EQ(m.Values(), (std::vector<double>{2, 1, 7, 4}));
    // lower [[2, 0], [7, 4]]: x0 = 2, x1 = (8 - 14) / 4
    ASSERT_EQ(solve(false, false, false, nullptr), 0) << LastError();
    EXPECT_EQ(x.Values(), (std::vector<double>{2, -1.5}));
    // unit upper [[1, 1], [0, 1]]: x1 = 8, x0 = -4
    ASSERT_EQ(solve(true, false, true, nullptr), 0) << LastError();
    EXPECT_EQ(x.Values(), (std::vector<double>{-4, 8}));
    // transposed upper: A^T = [[2, 0], [1, 4]]: x0 = 2, x1 = 1.5
    ASSERT_EQ(solve(true, true, false, nullptr), 0) << LastError();
    EXPECT_EQ(x.Values(), (std::vector<double>{2, 1.5}));
    Dev da({2, 1, 7, 4}, at::kDouble, {2, 2});
    Dev rect({1, 2, 3, 4, 5, 6}, at::kFloat, {2, 3});
    Dev x3({0, 0, 0}, at::kFloat, {3, 1});
    auto fails = [&](const aclTensor* bb, const aclTensor* aa, bool unit, aclTensor* xo, const char* msg) {
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                        return aclnnTriangularSolveGetWorkspaceSize(bb, aa, true, false, unit, xo, nullptr, ws, ex);
                    },
                    ACLNN_ERR_PARAM_INVALID, msg);
    };
    fails(b.t, da.t, false, x.t, "Expected both tensors to have same dtype, but found self DT_FLOAT and A DT_DOUBLE.");
    fails(b.t, rect.t, false, x.t, "A must be batchs of square matrices, but they are 2 by 3 matrices.");
    fails(b.t, a.t, false, x3.t, "Expected tensor for xOut to have same size as [2,1], but got [3,1].");
    Dev db({4, 8}, at::kDouble, {2, 1});
    Dev dx({0, 0}, at::kDouble, {2, 1});
    fails(db.t, da.t, true, dx.t, "unitriangular mode only support float.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnTriangularSolveGetWorkspaceSize(b.t, nullptr, true, false, false, x.t, nullptr, ws, ex);
                },
                ACLNN_ERR_INNER_NULLPTR, "Expected a value of type [aclTensor] for argument [A] but instead found nullptr.");
}

// ================================================================================ Svd

TEST(ReferenceMathSvd, ReconstructsAndChecks) {
    const std::vector<double> vals = {3, 1, 1, -1, 3, 1};
    const at::Tensor a = at::tensor(vals, at::kDouble).view({2, 3});
    Dev input(vals, at::kDouble, {2, 3});
    Dev sigma({0, 0}, at::kDouble, {2});
    Dev u({0, 0, 0, 0}, at::kDouble, {2, 2});
    Dev v(std::vector<double>(6, 0), at::kDouble, {3, 2});
    auto svd = [&](bool full, bool uv, aclTensor* uu, aclTensor* vv) {
        return RunPhases(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnSvdGetWorkspaceSize(input.t, full, uv, sigma.t, uu, vv, ws, ex);
            },
            aclnnSvd);
    };
    ASSERT_EQ(svd(false, true, u.t, v.t), 0) << LastError();
    // singular values sqrt(12) and sqrt(10), descending; u diag(sigma) v^T == input
    EXPECT_NEAR(sigma.Values()[0], std::sqrt(12.0), 1e-9);
    EXPECT_NEAR(sigma.Values()[1], std::sqrt(10.0), 1e-9);
    const at::Tensor U = u.Storage().view({2, 2}), V = v.Storage().view({3, 2}), S = sigma.Storage();
    EXPECT_TRUE(at::allclose(U.matmul(at::diag(S)).matmul(V.t()), a, 1e-9, 1e-9));
    // without computeUV u and v are not written (and not shape-checked)
    Dev u2({7}, at::kDouble, {1});
    Dev v2({7}, at::kDouble, {1});
    ASSERT_EQ(svd(false, false, u2.t, v2.t), 0) << LastError();
    EXPECT_EQ(u2.Values(), (std::vector<double>{7}));
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnSvdGetWorkspaceSize(input.t, true, true, sigma.t, u.t, v.t, ws, ex);
                },
                ACLNN_ERR_PARAM_INVALID, "Shape of output tensor v is invalid.");
    Dev f({1, 2}, at::kFloat, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnSvdGetWorkspaceSize(input.t, false, true, f.t, u.t, v.t, ws, ex);
                },
                ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found input DT_DOUBLE and sigma DT_FLOAT.");
    Dev vec({1, 2}, at::kDouble, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnSvdGetWorkspaceSize(vec.t, false, true, sigma.t, u.t, v.t, ws, ex);
                },
                ACLNN_ERR_PARAM_INVALID, "Input dim num should be greater than or equal to 2.");
}

}  // namespace math_linalg_reference_test
