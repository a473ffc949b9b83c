// The nn_index family's reference-tier operators through the public API (ops/families/nn_index.yaml;
// docs/ops/nn_index.md): each formula against values worked out here by hand (loops over the index, not ATen's
// scatter / take / index_select), each attribute's mapping (Scatter's reduce modes, dim), the empty-index paths, an
// index out of range failing the second phase cleanly (561000, ATen's message), and the checks in CANN's order with
// its codes and messages (null -> 161001; refused dtypes and shapes, per product where the lists differ -> 161002).
// The table-driven suite (reference_table_test.cpp) runs each entry's cases on transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "aclnnop/aclnn_embedding.h"
#include "aclnnop/aclnn_flip.h"
#include "aclnnop/aclnn_gather.h"
#include "aclnnop/aclnn_gather_nd.h"
#include "aclnnop/aclnn_gather_v2.h"
#include "aclnnop/aclnn_index_fill.h"
#include "aclnnop/aclnn_index_fill_tensor.h"
#include "aclnnop/aclnn_index_select.h"
#include "aclnnop/aclnn_inverse.h"
#include "aclnnop/aclnn_kthvalue.h"
#include "aclnnop/aclnn_masked_scatter.h"
#include "aclnnop/aclnn_median.h"
#include "aclnnop/aclnn_put.h"
#include "aclnnop/aclnn_repeat_interleave.h"
#include "aclnnop/aclnn_scatter.h"
#include "aclnnop/aclnn_scatter_add.h"
#include "aclnnop/aclnn_scatter_nd.h"
#include "aclnnop/aclnn_scatter_nd_update.h"
#include "aclnnop/aclnn_scatter_reduce.h"
#include "aclnnop/aclnn_take.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_case.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace index_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;
using aclcpu_test::Scalar;

void ExpectValues(const Dev& d, const std::vector<double>& want) {
    const std::vector<double> got = d.Values();
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) EXPECT_DOUBLE_EQ(got[i], want[i]) << "element " << i;
}

std::vector<double> Iota(int n, double start = 0.0, double step = 1.0) {
    std::vector<double> v;
    for (int i = 0; i < n; ++i) v.push_back(start + step * i);
    return v;
}

// ================================================================================ Scatter

int Scatter(const aclTensor* self, int64_t dim, const aclTensor* index, const aclTensor* src, int64_t reduce,
            aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnScatterGetWorkspaceSize(self, dim, index, src, reduce, out, ws, ex);
    }, aclnnScatter);
}

/// The scatter by hand on row-major [r, c] self, [ir, ic] index, [sr, sc] src: each index element (i, j) moves
/// src(i, j) to self(index, j) (dim 0) or self(i, index) (dim 1), combined as reduce says.
std::vector<double> ScatterByHand(std::vector<double> self, int c, const std::vector<double>& index, int ir, int ic,
                                  const std::vector<double>& src, int sc, int dim, int reduce) {
    std::vector<int> count(self.size(), 0);
    std::vector<double> sum(self.size(), 0.0);
    for (int i = 0; i < ir; ++i) {
        for (int j = 0; j < ic; ++j) {
            const int k = static_cast<int>(index[static_cast<size_t>(i * ic + j)]);
            const size_t at = dim == 0 ? static_cast<size_t>(k * c + j) : static_cast<size_t>(i * c + k);
            const double v = src[static_cast<size_t>(i * sc + j)];
            double& s = self[at];
            switch (reduce) {
                case 1: s += v; break;
                case 2: s *= v; break;
                case 3: s = std::max(s, v); break;
                case 4: s = std::min(s, v); break;
                case 5: sum[at] += v; ++count[at]; break;
                default: s = v; break;
            }
        }
    }
    if (reduce == 5) {
        for (size_t a = 0; a < self.size(); ++a) {
            if (count[a] > 0) self[a] = (self[a] + sum[a]) / (count[a] + 1);
        }
    }
    return self;
}

// Every reduce mode (0 none .. 5 mean, 7 taken as none) along both dims, index smaller than src.
TEST(ReferenceIndexScatter, ReduceModesAndDims) {
    const std::vector<double> self_v = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};  // [3,4]
    const std::vector<double> src_v = {-1, 0.5, 2, 3, -4, 6, 1.5, -2, 8};       // [3,3]
    const std::vector<double> idx0 = {2, 0, 1, 0, 2, 0};                       // [2,3] along dim 0, no repeats
    const std::vector<double> idx1 = {3, 0, 1, 1};                             // [2,2] along dim 1 (duplicates)
    for (int reduce : {0, 1, 2, 3, 4, 5, 7}) {
        Dev self(self_v, at::kFloat, {3, 4});
        Dev src(src_v, at::kFloat, {3, 3});
        Dev index0(idx0, at::kLong, {2, 3});
        Dev out0(std::vector<double>(12, 99.0), at::kFloat, {3, 4});
        ASSERT_EQ(Scatter(self.t, 0, index0.t, src.t, reduce, out0.t), 0) << LastError();
        ExpectValues(out0, ScatterByHand(self_v, 4, idx0, 2, 3, src_v, 3, 0, reduce == 7 ? 0 : reduce));
        if (reduce == 0 || reduce == 7) continue;  // duplicates with replace: ATen's order, unspecified on the NPU
        Dev index1(idx1, at::kInt, {2, 2});
        Dev out1(std::vector<double>(12, 99.0), at::kFloat, {3, 4});
        ASSERT_EQ(Scatter(self.t, -1, index1.t, src.t, reduce, out1.t), 0) << LastError();
        const std::vector<double> want = ScatterByHand(self_v, 4, idx1, 2, 2, src_v, 3, 1, reduce);
        const std::vector<double> got = out1.Values();
        for (size_t i = 0; i < 12; ++i) EXPECT_NEAR(got[i], want[i], 1e-6) << "reduce " << reduce << " at " << i;
    }
}

// FLOAT16 sums computed in float32 and rounded once: 2048 + 1 + 1 is 2050 (2048 + 1 alone rounds to 2048 in FLOAT16).
TEST(ReferenceIndexScatter, Float16AddRoundedOnce) {
    Dev self({2048.0, 0.0}, at::kHalf, {2});
    Dev src({1.0, 1.0}, at::kHalf, {2});
    Dev index({0, 0}, at::kLong, {2});
    Dev out(std::vector<double>(2, 0.0), at::kHalf, {2});
    ASSERT_EQ(Scatter(self.t, 0, index.t, src.t, 1, out.t), 0) << LastError();
    ExpectValues(out, {2050.0, 0.0});
}

// Non-contiguous views: a transposed self, an offset index, a strided src and out.
TEST(ReferenceIndexScatter, Views) {
    // self [2,3] stored transposed: values (row-major) 0 1 2 / 3 4 5 from storage 0 3 1 4 2 5
    Dev self({0, 3, 1, 4, 2, 5}, at::kFloat, {2, 3}, {1, 2});
    Dev index({9, 1, 0, 1}, at::kLong, {1, 3}, {3, 1}, 1);          // [[1, 0, 1]]
    Dev src({10, -1, 20, -1, 30, -1}, at::kFloat, {1, 3}, {6, 2});  // [[10, 20, 30]]
    Dev out(std::vector<double>(13, 7.0), at::kFloat, {2, 3}, {6, 2}, 1);
    ASSERT_EQ(Scatter(self.t, 0, index.t, src.t, 1, out.t), 0) << LastError();
    // self + [[0, 20, 0], [10, 0, 30]]
    ExpectValues(out, {7, 0, 7, 21, 7, 2, 7, 13, 7, 4, 7, 35, 7});
}

// An empty index: self copied into out, no shape checks (CANN's early return).
TEST(ReferenceIndexScatter, EmptyIndexCopiesSelf) {
    Dev self({1, 2, 3, 4}, at::kInt, {2, 2});
    Dev src({5}, at::kInt, {1});
    Dev index(std::vector<double>{}, at::kLong, {0});
    Dev index_f(std::vector<double>{}, at::kFloat, {0});  // an empty index's dtype is not checked
    Dev out(std::vector<double>(4, 0.0), at::kInt, {2, 2});
    ASSERT_EQ(Scatter(self.t, 5, index.t, src.t, 0, out.t), 0) << LastError();
    ExpectValues(out, {1, 2, 3, 4});
    Dev out2(std::vector<double>(4, 0.0), at::kInt, {2, 2});
    ASSERT_EQ(Scatter(self.t, 0, index_f.t, src.t, 1, out2.t), 0) << LastError();
    ExpectValues(out2, {1, 2, 3, 4});
}

// An index outside [0, size(dim) - 1] (negative or too large): the second phase fails with 561000 and ATen's
// message, the first succeeds (it cannot see values); nothing is written outside out.
TEST(ReferenceIndexScatter, IndexOutOfRangeFailsSecondPhase) {
    for (double bad : {3.0, -1.0, 1e6}) {
        Dev self({1, 2, 3}, at::kFloat, {3});
        Dev src({5, 6}, at::kFloat, {2});
        Dev index({0, bad}, at::kLong, {2});
        Dev out(std::vector<double>(3, 7.0), at::kFloat, {3});
        EXPECT_EQ(Scatter(self.t, 0, index.t, src.t, 0, out.t), 561000) << bad;
        EXPECT_NE(LastError().find("out of bounds"), std::string::npos) << LastError();
    }
}

TEST(ReferenceIndexScatter, ChecksInCannOrder) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev src(Iota(6), at::kFloat, {2, 3});
    Dev index({0, 1}, at::kLong, {1, 2});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev self_u16(Iota(6), at::kShort, {2, 3}, {}, 0, ACL_UINT16);
    Dev src_h(Iota(6), at::kHalf, {2, 3});
    Dev out_h(std::vector<double>(6), at::kHalf, {2, 3});
    Dev index_f({0, 1}, at::kFloat, {1, 2});
    Dev index_1d({0, 1}, at::kLong, {2});
    Dev index_big({0, 0, 0, 0, 0, 0, 0, 0}, at::kLong, {2, 4});
    Dev index_rows({0, 0, 0, 0, 0, 0, 0, 0, 0}, at::kLong, {3, 3});
    Dev out_short(std::vector<double>(3), at::kFloat, {3});
    Dev out_0d(std::vector<double>(1), at::kFloat, {});
    auto call = [](const aclTensor* s, int64_t d, const aclTensor* i, const aclTensor* u, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnScatterGetWorkspaceSize(s, d, i, u, 0, o, ws, ex); };
    };
    uint64_t ws = 0;
    EXPECT_EQ(aclnnScatterGetWorkspaceSize(nullptr, 0, index.t, src.t, 0, out.t, &ws, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    ExpectFails(call(nullptr, 0, index.t, src.t, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(call(self.t, 0, nullptr, src.t, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument index.");
    ExpectFails(call(self.t, 0, index.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument src.");
    ExpectFails(call(self.t, 0, index.t, src.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument out.");
    ExpectFails(call(self_u16.t, 0, index.t, src.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_UINT16, should be in dtype support list DT_UINT8, DT_INT8, "
                "DT_INT16, DT_INT32, DT_INT64, DT_BOOL, DT_FLOAT16, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128, "
                "DT_BF16.");
    ExpectFails(call(self.t, 0, index.t, src_h.t, out_h.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor src expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(call(self.t, 0, index.t, src.t, out_h.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(call(self.t, 0, index_f.t, src.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor index not implemented for DT_FLOAT, should be in dtype support list DT_INT64, DT_INT32.");
    ExpectFails(call(self.t, 0, index_1d.t, src.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "expect self, index, src have same number of dimensions.");
    ExpectFails(call(self.t, 0, index.t, src.t, out_short.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [2,3] does not equal [3].");
    ExpectFails(call(self.t, 0, index.t, src.t, out_0d.t), ACLNN_ERR_PARAM_INVALID, "beyond CANN");
    ExpectFails(call(self.t, 0, index_big.t, src.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expect index shape [2,4] should be smaller than src shape [2,3] in each dimension.");
    Dev src_big(Iota(9), at::kFloat, {3, 3});
    ExpectFails(call(self.t, 1, index_rows.t, src_big.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Apart from dimension 1, index shape [3,3] should be smaller than self shape [2,3] in each dimension.");
    ExpectFails(call(self.t, 2, index.t, src.t, out.t), ACLNN_ERR_PARAM_INVALID, "dim must be in range [-2, 1].");
    ExpectFails(call(self.t, -3, index.t, src.t, out.t), ACLNN_ERR_PARAM_INVALID, "dim must be in range [-2, 1].");
    // BF16: in the list of the Ascend 950 and Atlas A2/A3, not of the Ascend910 / Ascend310P
    Dev self_bf(Iota(6), at::kBFloat16, {2, 3});
    Dev src_bf(Iota(6), at::kBFloat16, {2, 3});
    Dev out_bf(std::vector<double>(6), at::kBFloat16, {2, 3});
    EXPECT_EQ(Scatter(self_bf.t, 0, index.t, src_bf.t, 0, out_bf.t), 0) << LastError();
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        ExpectFails(call(self_bf.t, 0, index.t, src_bf.t, out_bf.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_BF16, should be in dtype support list DT_UINT8, DT_INT8, "
                    "DT_INT16, DT_INT32, DT_INT64, DT_BOOL, DT_FLOAT16, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, "
                    "DT_COMPLEX128.");
        // a 0-d self with a 1-d index: different dim counts outside the RegBase arch
        Dev s0({1}, at::kFloat, {});
        Dev i1({0}, at::kLong, {1});
        Dev u1({4}, at::kFloat, {1});
        Dev o0(std::vector<double>(1), at::kFloat, {});
        ExpectFails(call(s0.t, 0, i1.t, u1.t, o0.t), ACLNN_ERR_PARAM_INVALID,
                    "expect self, index, src have same number of dimensions.");
    }
    {
        // on the Ascend 950 (RegBase) a 0-d tensor counts as 1-d
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        Dev s0({1}, at::kFloat, {});
        Dev i1({0}, at::kLong, {1});
        Dev u1({4}, at::kFloat, {1});
        Dev o0(std::vector<double>(1), at::kFloat, {});
        EXPECT_EQ(Scatter(s0.t, 0, i1.t, u1.t, 0, o0.t), 0) << LastError();
        ExpectValues(o0, {4});
    }
}

TEST(ReferenceIndexScatter, InplaceOnOffsetView) {
    Dev self({7, 1, 2, 3, 4}, at::kFloat, {2, 2}, {2, 1}, 1);
    Dev index({1, 0}, at::kLong, {1, 2});
    Dev src({10, 20}, at::kFloat, {1, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnInplaceScatterGetWorkspaceSize(self.t, 0, index.t, src.t, 2, ws, ex);
              }, aclnnInplaceScatter),
              0)
        << LastError();
    ExpectValues(self, {7, 1, 40, 30, 4});  // self[1][0] *= 10, self[0][1] *= 20
}

// ================================================================================ ScatterValue

int ScatterValue(const aclTensor* self, int64_t dim, const aclTensor* index, const aclScalar* value, int64_t reduce,
                 aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnScatterValueGetWorkspaceSize(self, dim, index, value, reduce, out, ws, ex);
    }, aclnnScatterValue);
}

TEST(ReferenceIndexScatterValue, ValueInSelfDtypeAndReduce) {
    Dev self({1, 2, 3, 4, 5, 6}, at::kInt, {2, 3});
    Dev index({1, 0, 1}, at::kLong, {1, 3});
    Scalar v(2.75f);  // as INT32: 2
    Dev out(std::vector<double>(6), at::kInt, {2, 3});
    ASSERT_EQ(ScatterValue(self.t, 0, index.t, v.s, 0, out.t), 0) << LastError();
    ExpectValues(out, {1, 2, 3, 2, 5, 2});
    Dev out_add(std::vector<double>(6), at::kInt, {2, 3});
    ASSERT_EQ(ScatterValue(self.t, 0, index.t, v.s, 1, out_add.t), 0) << LastError();
    ExpectValues(out_add, {1, 4, 3, 6, 5, 8});
    Dev out_mul(std::vector<double>(6), at::kInt, {2, 3});
    ASSERT_EQ(ScatterValue(self.t, 1, index.t, v.s, 2, out_mul.t), 0) << LastError();
    ExpectValues(out_mul, {2, 8, 3, 4, 5, 6});  // row 0: columns 1, 0, 1 times 2 (column 1 twice)
}

TEST(ReferenceIndexScatterValue, Checks) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev index({0, 1}, at::kLong, {1, 2});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Scalar v(1.0f);
    const float cv[2] = {1.0f, 2.0f};
    Scalar cplx(cv, ACL_COMPLEX64);
    auto call = [](const aclTensor* s, int64_t d, const aclTensor* i, const aclScalar* val, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnScatterValueGetWorkspaceSize(s, d, i, val, 0, o, ws, ex);
        };
    };
    ExpectFails(call(nullptr, 0, index.t, v.s, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "self, index, value, out cannot be nullptr!");
    ExpectFails(call(self.t, 0, index.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "self, index, value, out cannot be nullptr!");
    ExpectFails(call(self.t, 0, index.t, cplx.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "When value is COMPLEX, the data type of self must be COMPLEX.");
    // an empty index returns before the dtype and shape checks: a bad dim and a UINT16 self pass them (the reference
    // tier then refuses UINT16, which ATen 1.13 has no type for)
    Dev empty(std::vector<double>{}, at::kLong, {0});
    Dev self_u16(Iota(6), at::kShort, {2, 3}, {}, 0, ACL_UINT16);
    Dev out_u16(std::vector<double>(6), at::kShort, {2, 3}, {}, 0, ACL_UINT16);
    ExpectFails(call(self_u16.t, 9, empty.t, v.s, out_u16.t), ACLNN_ERR_PARAM_INVALID, "self of dtype DT_UINT16 is not "
                "implemented at the reference tier");
    ExpectFails(call(self_u16.t, 0, index.t, v.s, out_u16.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_UINT16");
    Dev out_i(std::vector<double>(6), at::kInt, {2, 3});
    ExpectFails(call(self.t, 0, index.t, v.s, out_i.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_FLOAT but found DT_INT32.");
    Dev index_big({0, 0, 0, 0, 0, 0, 0, 0}, at::kLong, {2, 4});
    ExpectFails(call(self.t, 0, index_big.t, v.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Apart from dimension 0, index shape [2,4] should be smaller than self shape [2,3] in each dimension.");
    ExpectFails(call(self.t, 3, index.t, v.s, out.t), ACLNN_ERR_PARAM_INVALID, "dim must be in range [-2, 1].");
}

TEST(ReferenceIndexScatterValue, Inplace) {
    Dev self({1, 2, 3, 4}, at::kDouble, {4});
    Dev index({3, 1}, at::kInt, {2});
    Scalar v(0.5f);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnInplaceScatterValueGetWorkspaceSize(self.t, 0, index.t, v.s, 1, ws, ex);
              }, aclnnInplaceScatterValue),
              0)
        << LastError();
    ExpectValues(self, {1, 2.5, 3, 4.5});
}

// ================================================================================ ScatterAdd

TEST(ReferenceIndexScatterAdd, AddsAlongDim) {
    Dev self(std::vector<double>(6, 1.0), at::kDouble, {2, 3});
    Dev index({0, 2, 2, 1, 0, 0}, at::kLong, {2, 3});
    Dev src({1, 2, 3, 4, 5, 6}, at::kDouble, {2, 3});
    Dev out(std::vector<double>(6), at::kDouble, {2, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnScatterAddGetWorkspaceSize(self.t, 1, index.t, src.t, out.t, ws, ex);
              }, aclnnScatterAdd),
              0)
        << LastError();
    ExpectValues(out, {2, 1, 6, 12, 5, 1});  // row 0: +1 at 0, +2+3 at 2; row 1: +4 at 1, +5+6 at 0
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnScatterAddGetWorkspaceSize(self.t, 1, nullptr, src.t, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument index.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnScatterAddGetWorkspaceSize(self.t, -3, index.t, src.t, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "dim must be in range [-2, 1].");
}

// ================================================================================ Take

int Take(const aclTensor* self, const aclTensor* index, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnTakeGetWorkspaceSize(self, index, out, ws, ex);
    }, aclnnTake);
}

// self read flat (a transposed view in its view order), negative indices from the end, out of index's shape.
TEST(ReferenceIndexTake, FlatNegativeAndViews) {
    Dev self({0, 3, 1, 4, 2, 5}, at::kFloat, {2, 3}, {1, 2});  // view values 0 1 2 3 4 5
    Dev index({5, -1, 0, -6, 2, 3}, at::kInt, {2, 3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    ASSERT_EQ(Take(self.t, index.t, out.t), 0) << LastError();
    ExpectValues(out, {5, 5, 0, 0, 2, 3});
    Dev bad({6}, at::kLong, {1});
    Dev out1(std::vector<double>(1, 7.0), at::kFloat, {1});
    EXPECT_EQ(Take(self.t, bad.t, out1.t), 561000);
    EXPECT_NE(LastError().find("out of range"), std::string::npos) << LastError();
    ExpectValues(out1, {7});
}

TEST(ReferenceIndexTake, Checks) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev index({0, 1}, at::kLong, {2});
    Dev out(std::vector<double>(2), at::kFloat, {2});
    auto call = [](const aclTensor* s, const aclTensor* i, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnTakeGetWorkspaceSize(s, i, o, ws, ex); };
    };
    ExpectFails(call(nullptr, index.t, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(call(self.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument index.");
    Dev out_h(std::vector<double>(2), at::kHalf, {2});
    ExpectFails(call(self.t, index.t, out_h.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_FLOAT16.");
    Dev index_f({0, 1}, at::kFloat, {2});
    ExpectFails(call(self.t, index_f.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor index not implemented for DT_FLOAT, should be in dtype support list DT_INT32, DT_INT64.");
    Dev out3(std::vector<double>(3), at::kFloat, {3});
    ExpectFails(call(self.t, index.t, out3.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as tensor for index, but [3] does not equal [2].");
    Dev empty(std::vector<double>{}, at::kFloat, {0});
    ExpectFails(call(empty.t, index.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "IndexError: take(): tried to take from an empty tensor");
    Dev self_u32(Iota(6), at::kInt, {2, 3}, {}, 0, ACL_UINT32);
    Dev out_u32(std::vector<double>(2), at::kInt, {2}, {}, 0, ACL_UINT32);
    ExpectFails(call(self_u32.t, index.t, out_u32.t), ACLNN_ERR_PARAM_INVALID, "not implemented at the reference tier");
    // an empty index runs nothing; out's shape is still checked against it
    Dev index0(std::vector<double>{}, at::kLong, {0});
    Dev out0(std::vector<double>{}, at::kFloat, {0});
    EXPECT_EQ(Take(self.t, index0.t, out0.t), 0) << LastError();
    // BF16: Ascend 950 and Atlas A2/A3 only
    Dev self_bf(Iota(6), at::kBFloat16, {2, 3});
    Dev out_bf(std::vector<double>(2), at::kBFloat16, {2});
    EXPECT_EQ(Take(self_bf.t, index.t, out_bf.t), 0) << LastError();
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    ExpectFails(call(self_bf.t, index.t, out_bf.t), ACLNN_ERR_PARAM_INVALID,
                "take operator doesn't support [DT_BF16], except on ASCEND910B or ASCEND950 chip");
}

// ================================================================================ IndexSelect

int IndexSelect(const aclTensor* self, int64_t dim, const aclTensor* index, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnIndexSelectGetWorkspaceSize(self, dim, index, out, ws, ex);
    }, aclnnIndexSelect);
}

TEST(ReferenceIndexSelect, RowsAndColumns) {
    Dev self(Iota(12), at::kFloat, {3, 4});
    Dev rows({2, 0, 2}, at::kLong, {3});
    Dev out_r(std::vector<double>(12), at::kFloat, {3, 4});
    ASSERT_EQ(IndexSelect(self.t, 0, rows.t, out_r.t), 0) << LastError();
    ExpectValues(out_r, {8, 9, 10, 11, 0, 1, 2, 3, 8, 9, 10, 11});
    Dev cols({9, 3, 1}, at::kInt, {2}, {1}, 1);  // offset view: [3,1]
    Dev out_c(std::vector<double>(6), at::kFloat, {3, 2});
    ASSERT_EQ(IndexSelect(self.t, -1, cols.t, out_c.t), 0) << LastError();
    ExpectValues(out_c, {3, 1, 7, 5, 11, 9});
    Dev index0({1}, at::kLong, {});  // a 0-d index: dim's size 1
    Dev out0(std::vector<double>(3), at::kFloat, {3, 1});
    ASSERT_EQ(IndexSelect(self.t, 1, index0.t, out0.t), 0) << LastError();
    ExpectValues(out0, {1, 5, 9});
    Dev neg({-1}, at::kLong, {1});
    Dev out_n(std::vector<double>(4, 7.0), at::kFloat, {1, 4});
    EXPECT_EQ(IndexSelect(self.t, 0, neg.t, out_n.t), 561000);
    ExpectValues(out_n, {7, 7, 7, 7});
}

TEST(ReferenceIndexSelect, Checks) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev index({0, 1}, at::kLong, {2});
    Dev out(std::vector<double>(4), at::kFloat, {2, 2});
    auto call = [](const aclTensor* s, int64_t d, const aclTensor* i, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnIndexSelectGetWorkspaceSize(s, d, i, o, ws, ex); };
    };
    ExpectFails(call(self.t, 1, index.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument out.");
    Dev out_i(std::vector<double>(4), at::kInt, {2, 2});
    ExpectFails(call(self.t, 1, index.t, out_i.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self expected dtype is DT_INT32 but found DT_FLOAT.");
    Dev index_h({0, 1}, at::kHalf, {2});
    ExpectFails(call(self.t, 1, index_h.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor index not implemented for DT_FLOAT16, should be in dtype support list DT_INT32, DT_INT64.");
    ExpectFails(call(self.t, 2, index.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)");
    Dev index2({0, 1}, at::kLong, {1, 2});
    ExpectFails(call(self.t, 1, index2.t, out.t), ACLNN_ERR_PARAM_INVALID, "index dimNum is 2, should not greater than 1");
    ExpectFails(call(self.t, 0, index.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Shape of out should be [2,3], but current is [2,2].");
    Dev s0({4}, at::kFloat, {});
    Dev i0({0}, at::kLong, {});
    ExpectFails(call(s0.t, 0, i0.t, out.t), ACLNN_ERR_PARAM_INVALID, "self is scalar, and out should also be scalar");
    Dev self_bf(Iota(6), at::kBFloat16, {2, 3});
    Dev out_bf(std::vector<double>(4), at::kBFloat16, {2, 2});
    EXPECT_EQ(IndexSelect(self_bf.t, 1, index.t, out_bf.t), 0) << LastError();
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(call(self_bf.t, 1, index.t, out_bf.t), ACLNN_ERR_PARAM_INVALID, "NpuArch 1001 does not support BF16.");
}

// ================================================================================ Gather

int Gather(const aclTensor* self, int64_t dim, const aclTensor* index, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGatherGetWorkspaceSize(self, dim, index, out, ws, ex);
    }, aclnnGather);
}

TEST(ReferenceIndexGather, ElementwiseAlongDim) {
    Dev self(Iota(6, 10), at::kFloat, {2, 3});  // 10 11 12 / 13 14 15
    Dev index({1, 0, 1, 0}, at::kLong, {2, 2});
    Dev out(std::vector<double>(4), at::kFloat, {2, 2});
    ASSERT_EQ(Gather(self.t, 0, index.t, out.t), 0) << LastError();
    ExpectValues(out, {13, 11, 13, 11});  // out[i][j] = self[index[i][j]][j]
    Dev index1({2, 2, 0, 1}, at::kInt, {2, 2}, {1, 2});  // transposed view: [[2, 0], [2, 1]]
    Dev out1(std::vector<double>(4), at::kFloat, {2, 2});
    ASSERT_EQ(Gather(self.t, -1, index1.t, out1.t), 0) << LastError();
    ExpectValues(out1, {12, 10, 15, 14});
    Dev bad({3}, at::kLong, {1, 1});
    Dev out2(std::vector<double>(1, 7.0), at::kFloat, {1, 1});
    EXPECT_EQ(Gather(self.t, 1, bad.t, out2.t), 561000);
    ExpectValues(out2, {7});
}

TEST(ReferenceIndexGather, Checks) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev index({0, 1}, at::kLong, {1, 2});
    Dev out(std::vector<double>(2), at::kFloat, {1, 2});
    auto call = [](const aclTensor* s, int64_t d, const aclTensor* i, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGatherGetWorkspaceSize(s, d, i, o, ws, ex); };
    };
    ExpectFails(call(self.t, 0, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument index.");
    Dev index_h({0, 1}, at::kHalf, {1, 2});
    ExpectFails(call(self.t, 0, index_h.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "aclnnGather not implemented for index dtype DT_FLOAT16.");
    Dev out_i(std::vector<double>(2), at::kInt, {1, 2});
    ExpectFails(call(self.t, 0, index.t, out_i.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_FLOAT but found DT_INT32.");
    Dev index1({0, 1}, at::kLong, {2});
    Dev out1(std::vector<double>(2), at::kFloat, {2});
    ExpectFails(call(self.t, 0, index1.t, out1.t), ACLNN_ERR_PARAM_INVALID,
                "Index tensor must have the same number of dimensions as input tensor.");
    ExpectFails(call(self.t, 0, index.t, out1.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as tensor for index, but [2] does not equal [1,2].");
    ExpectFails(call(self.t, 2, index.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
    Dev index_w({0, 0, 0, 0}, at::kLong, {1, 4});
    Dev out_w(std::vector<double>(4), at::kFloat, {1, 4});
    ExpectFails(call(self.t, 0, index_w.t, out_w.t), ACLNN_ERR_PARAM_INVALID,
                "Size does not match at dimension 1, expected index shape 4 smaller than self shape 3");
    Dev self_bf(Iota(6), at::kBFloat16, {2, 3});
    Dev out_bf(std::vector<double>(2), at::kBFloat16, {1, 2});
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    ExpectFails(call(self_bf.t, 0, index.t, out_bf.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_BF16");
}

// ================================================================================ GatherV2

TEST(ReferenceIndexGatherV2, IndexShapeReplacesDim) {
    Dev self(Iota(12), at::kFloat, {3, 4});
    Dev index({3, -1, 0, -4}, at::kLong, {2, 2});
    Dev out(std::vector<double>(12), at::kFloat, {3, 2, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnGatherV2GetWorkspaceSize(self.t, 1, index.t, out.t, ws, ex);
              }, aclnnGatherV2),
              0)
        << LastError();
    // row r: columns 3, 3, 0, 0
    ExpectValues(out, {3, 3, 0, 0, 7, 7, 4, 4, 11, 11, 8, 8});
    Dev out_bad(std::vector<double>(6), at::kFloat, {3, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGatherV2GetWorkspaceSize(self.t, 1, index.t, out_bad.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as [3,2,2], but got [3,2].");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGatherV2GetWorkspaceSize(self.t, 2, index.t, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "dim 2 not in valid range: [-2, 2)");
    Dev far({-5}, at::kLong, {1});
    Dev out1(std::vector<double>(3, 7.0), at::kFloat, {3, 1});
    EXPECT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnGatherV2GetWorkspaceSize(self.t, 1, far.t, out1.t, ws, ex);
              }, aclnnGatherV2),
              561000);
}

// ================================================================================ Embedding

TEST(ReferenceIndexEmbedding, RowsAndChecks) {
    Dev weight(Iota(6), at::kFloat, {3, 2});
    Dev indices({2, 0, 2}, at::kInt, {3});
    Dev out(std::vector<double>(6), at::kFloat, {3, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnEmbeddingGetWorkspaceSize(weight.t, indices.t, out.t, ws, ex);
              }, aclnnEmbedding),
              0)
        << LastError();
    ExpectValues(out, {4, 5, 0, 1, 4, 5});
    auto call = [](const aclTensor* w, const aclTensor* i, const aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnEmbeddingGetWorkspaceSize(w, i, o, ws, ex); };
    };
    ExpectFails(call(nullptr, indices.t, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument weight.");
    Dev out_d(std::vector<double>(6), at::kDouble, {3, 2});
    ExpectFails(call(weight.t, indices.t, out_d.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found weight DT_FLOAT and out DT_DOUBLE.");
    Dev out_flat(std::vector<double>(6), at::kFloat, {6});
    ExpectFails(call(weight.t, indices.t, out_flat.t), ACLNN_ERR_PARAM_INVALID,
                "out dim [1] should be one larger than indices dim [1].");
    Dev out_rows(std::vector<double>(4), at::kFloat, {2, 2});
    ExpectFails(call(weight.t, indices.t, out_rows.t), ACLNN_ERR_PARAM_INVALID, "is not match with indices shape");
    Dev out_cols(std::vector<double>(9), at::kFloat, {3, 3});
    ExpectFails(call(weight.t, indices.t, out_cols.t), ACLNN_ERR_PARAM_INVALID, "beyond CANN");
    Dev neg({-1}, at::kLong, {1});
    Dev out1(std::vector<double>(2, 7.0), at::kFloat, {1, 2});
    EXPECT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnEmbeddingGetWorkspaceSize(weight.t, neg.t, out1.t, ws, ex);
              }, aclnnEmbedding),
              561000);
    ExpectValues(out1, {7, 7});
}

// ================================================================================ InplaceMaskedScatter

int MaskedScatter(aclTensor* self, const aclTensor* mask, const aclTensor* source) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceMaskedScatterGetWorkspaceSize(self, mask, source, ws, ex);
    }, aclnnInplaceMaskedScatter);
}

TEST(ReferenceIndexMaskedScatter, SourceInOrderWithBroadcastMask) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev mask({1, 0, 1}, at::kBool, {3});  // broadcast over both rows
    Dev source({-1, -2, -3, -4, -5}, at::kFloat, {5});
    ASSERT_EQ(MaskedScatter(self.t, mask.t, source.t), 0) << LastError();
    ExpectValues(self, {-1, 1, -2, -3, 4, -4});
    Dev self_u(Iota(4), at::kInt, {4});
    Dev mask_u({0, 3, 0, 1}, at::kByte, {4});  // UINT8: nonzero is set
    Dev source_u({9, 8}, at::kInt, {2});
    ASSERT_EQ(MaskedScatter(self_u.t, mask_u.t, source_u.t), 0) << LastError();
    ExpectValues(self_u, {0, 9, 2, 8});
    Dev short_src({5}, at::kInt, {1});
    EXPECT_EQ(MaskedScatter(self_u.t, mask_u.t, short_src.t), 561000);
}

TEST(ReferenceIndexMaskedScatter, Checks) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev mask({1, 0, 1}, at::kBool, {3});
    Dev source(Iota(6), at::kFloat, {6});
    auto call = [](aclTensor* s, const aclTensor* m, const aclTensor* u) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceMaskedScatterGetWorkspaceSize(s, m, u, ws, ex); };
    };
    ExpectFails(call(nullptr, mask.t, source.t), ACLNN_ERR_PARAM_NULLPTR, "argument selfRef.");
    ExpectFails(call(self.t, mask.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument source.");
    Dev self_c(Iota(6), at::kComplexFloat, {2, 3});
    ExpectFails(call(self_c.t, mask.t, source.t), ACLNN_ERR_PARAM_INVALID,
                "The dtype of self must be within the range DT_FLOAT, DT_INT32");
    Dev mask_f({1, 0, 1}, at::kFloat, {3});
    ExpectFails(call(self.t, mask_f.t, source.t), ACLNN_ERR_PARAM_INVALID, "The dtype of mask must be within the range");
    Dev source_h(Iota(6), at::kHalf, {6});
    ExpectFails(call(self.t, mask.t, source_h.t), ACLNN_ERR_PARAM_INVALID, "The dtype of source must be the same as self");
    Dev mask_bad({1, 0}, at::kBool, {2});
    ExpectFails(call(self.t, mask_bad.t, source.t), ACLNN_ERR_PARAM_INVALID,
                "The size of tensor selfRef [2,3] must match the size of tensor mask [2].");
    Dev mask_big(std::vector<double>(12, 1.0), at::kBool, {2, 2, 3});
    ExpectFails(call(self.t, mask_big.t, source.t), ACLNN_ERR_PARAM_INVALID,
                "The shape of mask must be broadcastable to the shape of self");
    Dev self_bf(Iota(6), at::kBFloat16, {2, 3});
    Dev source_bf(Iota(6), at::kBFloat16, {6});
    EXPECT_EQ(MaskedScatter(self_bf.t, mask.t, source_bf.t), 0) << LastError();
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(call(self_bf.t, mask.t, source_bf.t), ACLNN_ERR_PARAM_INVALID, "has incorrect dtype DT_BF16");
}

// ================================================================================ ScatterNd

TEST(ReferenceIndexScatterNd, UpdatesAtPositions) {
    Dev data(Iota(6), at::kFloat, {3, 2});
    Dev indices({2, 0}, at::kLong, {2, 1});  // rows 2 and 0
    Dev updates({-1, -2, -3, -4}, at::kFloat, {2, 2});
    Dev out(std::vector<double>(6), at::kFloat, {3, 2});
    auto run = [&](const aclTensor* d, const aclTensor* i, const aclTensor* u, aclTensor* o) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnScatterNdGetWorkspaceSize(d, i, u, o, ws, ex);
        }, aclnnScatterNd);
    };
    ASSERT_EQ(run(data.t, indices.t, updates.t, out.t), 0) << LastError();
    ExpectValues(out, {-3, -4, 2, 3, -1, -2});
    Dev points({1, 1, 2, 0}, at::kInt, {2, 2});  // elements (1,1) and (2,0)
    Dev values({10, 20}, at::kFloat, {2});
    Dev out2(std::vector<double>(6), at::kFloat, {3, 2});
    ASSERT_EQ(run(data.t, points.t, values.t, out2.t), 0) << LastError();
    ExpectValues(out2, {0, 1, 2, 10, 20, 5});
    Dev neg({-1}, at::kLong, {1, 1});
    Dev upd1({5, 6}, at::kFloat, {1, 2});
    EXPECT_EQ(run(data.t, neg.t, upd1.t, out.t), 561000);
    EXPECT_NE(LastError().find("negative position"), std::string::npos) << LastError();
    auto call = [](const aclTensor* d, const aclTensor* i, const aclTensor* u, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnScatterNdGetWorkspaceSize(d, i, u, o, ws, ex); };
    };
    Dev data_i(Iota(6), at::kInt, {3, 2});
    ExpectFails(call(data_i.t, indices.t, updates.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor data not implemented for DT_INT32, should be in dtype support list DT_FLOAT16, DT_FLOAT, "
                "DT_BOOL, DT_BF16.");
    Dev d0({1}, at::kFloat, {});
    Dev o0(std::vector<double>(1), at::kFloat, {});
    ExpectFails(call(d0.t, indices.t, updates.t, o0.t), ACLNN_ERR_PARAM_INVALID,
                "The data tensor must have at least 1 dimensions.");
    Dev upd_bad({1, 2, 3}, at::kFloat, {3});
    ExpectFails(call(data.t, indices.t, upd_bad.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "the rank of data,indices should match the shape of updates");
    Dev upd_bad2({1, 2, 3, 4, 5, 6}, at::kFloat, {2, 3});
    ExpectFails(call(data.t, indices.t, upd_bad2.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "the shape of data, indices and updates are not matched");
    Dev data_bf(Iota(6), at::kBFloat16, {3, 2});
    Dev upd_bf({1, 2, 3, 4}, at::kBFloat16, {2, 2});
    Dev out_bf(std::vector<double>(6), at::kBFloat16, {3, 2});
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(call(data_bf.t, indices.t, upd_bf.t, out_bf.t), ACLNN_ERR_PARAM_INVALID,
                "data dtype DT_BF16 is unsupported by the current SOC version.");
}

// ================================================================================ Kthvalue

TEST(ReferenceIndexKthvalue, StableTiesAndChecks) {
    Dev self({3, 1, 2, 1, 5, 1}, at::kFloat, {2, 3});  // rows 3 1 2 / 1 5 1
    Dev values(std::vector<double>(2), at::kFloat, {2});
    Dev indices(std::vector<double>(2), at::kLong, {2});
    auto run = [&](int64_t k, int64_t dim, bool keep, aclTensor* v, aclTensor* i) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnKthvalueGetWorkspaceSize(self.t, k, dim, keep, v, i, ws, ex);
        }, aclnnKthvalue);
    };
    ASSERT_EQ(run(2, 1, false, values.t, indices.t), 0) << LastError();
    ExpectValues(values, {2, 1});
    ExpectValues(indices, {2, 2});  // row 1: 1 at 0 and 2; the second smallest is the later 1
    ASSERT_EQ(run(1, -1, false, values.t, indices.t), 0) << LastError();
    ExpectValues(values, {1, 1});
    ExpectValues(indices, {1, 0});
    const aclTensor* st = self.t;
    auto call = [st](int64_t k, int64_t dim, aclTensor* v, aclTensor* i) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnKthvalueGetWorkspaceSize(st, k, dim, false, v, i, ws, ex);
        };
    };
    ExpectFails(call(1, 1, nullptr, indices.t), ACLNN_ERR_PARAM_NULLPTR, "argument values.");
    ExpectFails(call(1, 2, values.t, indices.t), ACLNN_ERR_PARAM_INVALID,
                "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
    ExpectFails(call(4, 1, values.t, indices.t), ACLNN_ERR_PARAM_INVALID,
                "Selected index k out or range (max num of self.size(2) is 3, but k is 4)");
    ExpectFails(call(0, 1, values.t, indices.t), ACLNN_ERR_PARAM_INVALID, "but k is 0)");
    Dev values_h(std::vector<double>(2), at::kHalf, {2});
    ExpectFails(call(1, 1, values_h.t, indices.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor values expected dtype is DT_FLOAT but found DT_FLOAT16.");
    Dev indices_i(std::vector<double>(2), at::kInt, {2});
    ExpectFails(call(1, 1, values.t, indices_i.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor indices expected dtype is DT_INT64 but found DT_INT32.");
    Dev values3(std::vector<double>(3), at::kFloat, {3});
    ExpectFails(call(1, 1, values3.t, indices.t), ACLNN_ERR_PARAM_INVALID, "beyond CANN");
}

// ================================================================================ Median family

TEST(ReferenceIndexMedian, LowerMedianNanAndEmpty) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    auto median = [](const aclTensor* s, aclTensor* o) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMedianGetWorkspaceSize(s, o, ws, ex); },
                         aclnnMedian);
    };
    auto nanmedian = [](const aclTensor* s, aclTensor* o) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNanMedianGetWorkspaceSize(s, o, ws, ex); },
                         aclnnNanMedian);
    };
    Dev even({4, 1, 3, 2}, at::kFloat, {2, 2});
    Dev out(std::vector<double>(1), at::kFloat, {});
    ASSERT_EQ(median(even.t, out.t), 0) << LastError();
    ExpectValues(out, {2});  // the lower of 2 and 3
    Dev with_nan({4, nan, 3, 2, 1}, at::kFloat, {5});
    ASSERT_EQ(median(with_nan.t, out.t), 0) << LastError();
    EXPECT_TRUE(std::isnan(out.Values()[0]));
    ASSERT_EQ(nanmedian(with_nan.t, out.t), 0) << LastError();
    ExpectValues(out, {2});  // the lower median of 4 3 2 1
    Dev empty_l(std::vector<double>{}, at::kLong, {0});
    Dev out_l(std::vector<double>(1), at::kLong, {1});
    ASSERT_EQ(median(empty_l.t, out_l.t), 0) << LastError();
    EXPECT_EQ(out_l.Storage().to(at::kLong)[0].item<int64_t>(), std::numeric_limits<int64_t>::min());
    Dev out2(std::vector<double>(2), at::kFloat, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMedianGetWorkspaceSize(even.t, out2.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "beyond CANN");
    Dev out_i(std::vector<double>(1), at::kInt, {});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNanMedianGetWorkspaceSize(even.t, out_i.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor valuesOut expected dtype is DT_FLOAT but found DT_INT32.");
    Dev bf({1, 2}, at::kBFloat16, {2, 1});
    Dev out_bf(std::vector<double>(1), at::kBFloat16, {});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMedianGetWorkspaceSize(bf.t, out_bf.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "The last axis value is not support 1 when input type is BF16.");
}

TEST(ReferenceIndexMedianDim, ValuesPositionsAndNan) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    Dev self({3, nan, 1, nan, 2, 2, 5, 2}, at::kFloat, {2, 4});  // rows 3 NaN 1 NaN / 2 2 5 2
    Dev v(std::vector<double>(2), at::kFloat, {2});
    Dev i(std::vector<double>(2), at::kLong, {2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnMedianDimGetWorkspaceSize(self.t, 1, false, v.t, i.t, ws, ex);
              }, aclnnMedianDim),
              0)
        << LastError();
    const std::vector<double> got = v.Values();
    EXPECT_TRUE(std::isnan(got[0]));
    EXPECT_EQ(got[1], 2);
    ExpectValues(i, {1, 1});  // row 0: its first NaN; row 1: 2 2 2 5 sorted stably, position (4-1)/2 = 1 -> index 1
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnNanMedianDimGetWorkspaceSize(self.t, 1, false, v.t, i.t, ws, ex);
              }, aclnnNanMedianDim),
              0)
        << LastError();
    ExpectValues(v, {1, 2});  // row 0: 1 3 -> the lower, 1 at 2
    ExpectValues(i, {2, 1});
    const aclTensor* st = self.t;
    auto call = [st](int64_t dim, bool keep, aclTensor* vo, aclTensor* io) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMedianDimGetWorkspaceSize(st, dim, keep, vo, io, ws, ex);
        };
    };
    ExpectFails(call(1, false, v.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "indicesOut should not be null.");
    Dev i32(std::vector<double>(2), at::kInt, {2});
    ExpectFails(call(1, false, v.t, i32.t), ACLNN_ERR_PARAM_INVALID,
                "indicesOut dtype DT_INT32 should be in dtype support list [op::DataType::DT_INT64].");
    ExpectFails(call(2, false, v.t, i.t), ACLNN_ERR_PARAM_INVALID, "dim should be in range [-2, 1].");
    ExpectFails(call(1, true, v.t, i.t), ACLNN_ERR_PARAM_INVALID,
                "Expected 2 dimension input, but got valuesOut with sizes [2].");
    Dev v4(std::vector<double>(4), at::kFloat, {4});
    Dev i4(std::vector<double>(4), at::kLong, {4});
    ExpectFails(call(1, false, v4.t, i4.t), ACLNN_ERR_PARAM_INVALID, "beyond CANN");
}

// ================================================================================ RepeatInterleave*

TEST(ReferenceIndexRepeatInterleave, TensorAndIntForms) {
    Dev self({1, 2, 3, 4, 5, 6}, at::kFloat, {2, 3});
    Dev counts({1, 0, 2, 1, 1, 3}, at::kLong, {6});
    Dev out(std::vector<double>(8), at::kFloat, {8});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnRepeatInterleaveGetWorkspaceSize(self.t, counts.t, 8, out.t, ws, ex);
              }, aclnnRepeatInterleave),
              0)
        << LastError();
    ExpectValues(out, {1, 3, 3, 4, 5, 6, 6, 6});
    // one count equal to 3 but outputSize the element count: the op_api's flat copy
    Dev three({3}, at::kInt, {1});
    Dev out6(std::vector<double>(6), at::kFloat, {6});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnRepeatInterleaveGetWorkspaceSize(self.t, three.t, 6, out6.t, ws, ex);
              }, aclnnRepeatInterleave),
              0)
        << LastError();
    ExpectValues(out6, {1, 2, 3, 4, 5, 6});
    // a sum other than outputSize: the second phase refuses it
    Dev out7(std::vector<double>(7, 9.0), at::kFloat, {7});
    EXPECT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnRepeatInterleaveGetWorkspaceSize(self.t, counts.t, 7, out7.t, ws, ex);
              }, aclnnRepeatInterleave),
              561000);
    ExpectValues(out7, std::vector<double>(7, 9.0));
    // with dim: rows repeated 2 and 1 times
    Dev rows({2, 1}, at::kLong, {2});
    Dev out_d(std::vector<double>(9), at::kFloat, {3, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnRepeatInterleaveWithDimGetWorkspaceSize(self.t, rows.t, 0, 3, out_d.t, ws, ex);
              }, aclnnRepeatInterleaveWithDim),
              0)
        << LastError();
    ExpectValues(out_d, {1, 2, 3, 1, 2, 3, 4, 5, 6});
    // int forms
    Dev out_i(std::vector<double>(12), at::kFloat, {12});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnRepeatInterleaveIntGetWorkspaceSize(self.t, 2, 12, out_i.t, ws, ex);
              }, aclnnRepeatInterleaveInt),
              0)
        << LastError();
    ExpectValues(out_i, {1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6});
    Dev out_id(std::vector<double>(12), at::kFloat, {2, 6});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnRepeatInterleaveIntWithDimGetWorkspaceSize(self.t, 2, -1, 6, out_id.t, ws, ex);
              }, aclnnRepeatInterleaveIntWithDim),
              0)
        << LastError();
    ExpectValues(out_id, {1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6});
    // RepeatInterleaveTensor: positions 0 1 2 by counts 2 0 1, INT32 kept
    Dev reps({2, 0, 1}, at::kInt, {3});
    Dev out_t(std::vector<double>(3), at::kInt, {3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnRepeatInterleaveTensorGetWorkspaceSize(reps.t, 3, out_t.t, ws, ex);
              }, aclnnRepeatInterleaveTensor),
              0)
        << LastError();
    ExpectValues(out_t, {0, 0, 2});
}

TEST(ReferenceIndexRepeatInterleave, Checks) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev counts({1, 1, 1, 1, 1, 1}, at::kLong, {6});
    Dev out(std::vector<double>(6), at::kFloat, {6});
    const aclTensor* st = self.t;
    auto ri = [st](const aclTensor* r, int64_t n, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnRepeatInterleaveGetWorkspaceSize(st, r, n, o, ws, ex); };
    };
    ExpectFails(ri(nullptr, 6, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument repeats.");
    Dev counts_f({1}, at::kFloat, {1});
    ExpectFails(ri(counts_f.t, 6, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor repeats not implemented for DT_FLOAT, should be in dtype support list DT_INT64, DT_INT32.");
    Dev counts_2d({1, 1}, at::kLong, {1, 2});
    ExpectFails(ri(counts_2d.t, 6, out.t), ACLNN_ERR_PARAM_INVALID, "The repeats tensor cannot be larger than 1 dimensions.");
    Dev counts_4({1, 1, 1, 1}, at::kLong, {4});
    ExpectFails(ri(counts_4.t, 6, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor repeats size 4 must be 1 or the number of elements in tensor self 6.");
    Dev empty(std::vector<double>{}, at::kLong, {0});
    // an empty repeats meets the size rule first (CANN's later "repeats must have the same size ..." is then unreachable)
    ExpectFails(ri(empty.t, 6, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor repeats size 0 must be 1 or the number of elements in tensor self 6.");
    ExpectFails(ri(counts.t, 5, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for repeatRes to have same size as tensor for out, but [5] does not equal [6].");
    Dev out_bad(std::vector<double>(6), at::kFloat, {2, 3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnRepeatInterleaveWithDimGetWorkspaceSize(self.t, counts.t, 1, 6, out_bad.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Tensor repeats must be size 1 or have the same size 3 as input along dim, but got 6.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnRepeatInterleaveWithDimGetWorkspaceSize(self.t, counts.t, 2, 6, out_bad.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Dimension out of range (expected to be in range of [-2, 1], but got 2).");
    Dev s0({1}, at::kFloat, {});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnRepeatInterleaveIntWithDimGetWorkspaceSize(s0.t, 2, 0, 2, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "dimension specified as 0 but tensor has no dimensions.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnRepeatInterleaveIntGetWorkspaceSize(self.t, -1, 6, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "repeats -1 can not be negative.");
    Dev out_i(std::vector<double>(6), at::kInt, {6});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnRepeatInterleaveIntGetWorkspaceSize(self.t, 2, 12, out_i.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_FLOAT but found DT_INT32.");
    Dev reps2d({1, 1}, at::kLong, {1, 2});
    Dev out_l(std::vector<double>(2), at::kLong, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnRepeatInterleaveTensorGetWorkspaceSize(reps2d.t, 2, out_l.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "repeats must be an empty tensor / 1D tensor.");
    // BF16 on Atlas A2/A3, not on the Ascend910
    Dev self_bf(Iota(2), at::kBFloat16, {2});
    Dev out_bf(std::vector<double>(4), at::kBFloat16, {4});
    EXPECT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnRepeatInterleaveIntGetWorkspaceSize(self_bf.t, 2, 4, out_bf.t, ws, ex);
              }, aclnnRepeatInterleaveInt),
              0)
        << LastError();
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnRepeatInterleaveIntGetWorkspaceSize(self_bf.t, 2, 4, out_bf.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_BF16");
}

// ================================================================================ IndexFill family

TEST(ReferenceIndexFill, NegativeAndSkippedPositions) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev index({-1, 7, 0, -4}, at::kLong, {4});  // -1 -> column 2, 0 -> column 0; 7 and -4 outside: skipped
    Scalar v(9.5f);
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    auto fill = [&](const aclTensor* s, int64_t dim, const aclTensor* i, aclTensor* o) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnIndexFillGetWorkspaceSize(s, dim, i, v.s, o, ws, ex);
        }, aclnnIndexFill);
    };
    ASSERT_EQ(fill(self.t, 1, index.t, out.t), 0) << LastError();
    ExpectValues(out, {9.5, 1, 9.5, 9.5, 4, 9.5});
    Dev rows({1}, at::kInt, {});
    ASSERT_EQ(fill(self.t, -2, rows.t, out.t), 0) << LastError();
    ExpectValues(out, {0, 1, 2, 9.5, 9.5, 9.5});
    // in place, INT32 self: the value converted to INT32 (9)
    Dev self_i(Iota(4), at::kInt, {4});
    Dev two({2}, at::kLong, {1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnInplaceIndexFillGetWorkspaceSize(self_i.t, 0, two.t, v.s, ws, ex);
              }, aclnnInplaceIndexFill),
              0)
        << LastError();
    ExpectValues(self_i, {0, 1, 9, 3});
    auto call = [&](const aclTensor* s, int64_t dim, const aclTensor* i, const aclScalar* val, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnIndexFillGetWorkspaceSize(s, dim, i, val, o, ws, ex); };
    };
    ExpectFails(call(self.t, 1, index.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type number for argument value but instead found type null.");
    Dev self_c(Iota(6), at::kComplexFloat, {2, 3});
    ExpectFails(call(self_c.t, 1, index.t, v.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_COMPLEX64, should be in dtype support list DT_INT32, DT_FLOAT16, "
                "DT_FLOAT, DT_INT64, DT_BOOL, DT_BF16, DT_INT8, DT_UINT8, DT_INT16, DT_DOUBLE.");
    Dev out_h(std::vector<double>(6), at::kHalf, {2, 3});
    ExpectFails(call(self.t, 1, index.t, v.s, out_h.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_FLOAT16.");
    Dev index_f({0}, at::kFloat, {1});
    ExpectFails(call(self.t, 1, index_f.t, v.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor index not implemented for DT_FLOAT, should be in dtype support list DT_INT32, DT_INT64.");
    Dev out3(std::vector<double>(3), at::kFloat, {3});
    ExpectFails(call(self.t, 1, index.t, v.s, out3.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [2,3] does not equal [3].");
    ExpectFails(call(self.t, 2, index.t, v.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Dim value error, input dim[2] is greater than self dim[2].");
    ExpectFails(call(self.t, -3, index.t, v.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Dim value error, abs(input dim[-3]) is greater than self dim[2].");
    // Ascend910: no dtype at all
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(call(self.t, 1, index.t, v.s, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_FLOAT");
}

TEST(ReferenceIndexFillTensor, ArrayPositionsAndChecks) {
    Dev self(Iota(6), at::kFloat, {3, 2});
    const std::vector<int64_t> pos = {-1, 0};
    aclcpu_test::OwnedIntArray index(pos);
    Scalar v(-2.0f);
    Dev out(std::vector<double>(6), at::kFloat, {3, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnIndexFillTensorGetWorkspaceSize(self.t, 0, index.a, v.s, out.t, ws, ex);
              }, aclnnIndexFillTensor),
              0)
        << LastError();
    ExpectValues(out, {-2, -2, 2, 3, -2, -2});
    // the value read as float32: 16777217 becomes 16777216 in an INT64 self
    Dev self_l(Iota(2), at::kLong, {2});
    const double big = 16777217.0;
    Scalar vb(&big, ACL_DOUBLE);
    const std::vector<int64_t> one = {1};
    aclcpu_test::OwnedIntArray idx1(one);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnInplaceIndexFillTensorGetWorkspaceSize(self_l.t, 0, idx1.a, vb.s, ws, ex);
              }, aclnnInplaceIndexFillTensor),
              0)
        << LastError();
    EXPECT_EQ(self_l.Storage().to(at::kLong)[1].item<int64_t>(), 16777216);
    const std::vector<int64_t> far = {3};
    aclcpu_test::OwnedIntArray idx_far(far);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnIndexFillTensorGetWorkspaceSize(self.t, 0, idx_far.a, v.s, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Index value[3] is out of range, it should be smaller than [3].");
    const float cv[2] = {1.0f, 1.0f};
    Scalar cplx(cv, ACL_COMPLEX64);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnIndexFillTensorGetWorkspaceSize(self.t, 0, index.a, cplx.s, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Type of value do not support complex type");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnIndexFillTensorGetWorkspaceSize(self.t, 0, nullptr, v.s, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_NULLPTR, "Expected a value of type List[int] for argument index but instead found type null.");
    // Ascend910: its own list, BF16 refused
    Dev self_bf(Iota(6), at::kBFloat16, {3, 2});
    Dev out_bf(std::vector<double>(6), at::kBFloat16, {3, 2});
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnIndexFillTensorGetWorkspaceSize(self_bf.t, 0, index.a, v.s, out_bf.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_INT32, DT_FLOAT16, DT_FLOAT, "
                "DT_INT64, DT_BOOL.");
    // FLOAT is in its list (tensors made after the switch: a profile switch starts a fresh device)
    Dev self2(Iota(6), at::kFloat, {3, 2});
    Dev out2(std::vector<double>(6), at::kFloat, {3, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnIndexFillTensorGetWorkspaceSize(self2.t, 0, index.a, v.s, out2.t, ws, ex);
              }, aclnnIndexFillTensor),
              0)
        << LastError();
    ExpectValues(out2, {-2, -2, 2, 3, -2, -2});
}

// ================================================================================ ScatterNdUpdate, InplacePut

TEST(ReferenceIndexScatterNdUpdate, InPlaceRowsAndChecks) {
    Dev var({7, 0, 1, 2, 3, 4, 5}, at::kFloat, {3, 2}, {2, 1}, 1);  // offset view of 0 .. 5
    Dev indices({2, 0}, at::kInt, {2, 1});
    Dev updates({-1, -2, -3, -4}, at::kFloat, {2, 2});
    auto run = [&](aclTensor* v, const aclTensor* i, const aclTensor* u) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnScatterNdUpdateGetWorkspaceSize(v, i, u, ws, ex);
        }, aclnnScatterNdUpdate);
    };
    ASSERT_EQ(run(var.t, indices.t, updates.t), 0) << LastError();
    ExpectValues(var, {7, -3, -4, 2, 3, -1, -2});
    Dev updates_h({1, 2, 3, 4}, at::kHalf, {2, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnScatterNdUpdateGetWorkspaceSize(var.t, indices.t, updates_h.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "updates dtype DT_FLOAT16 should be in same with varRef dtype DT_FLOAT.");
    Dev updates_bad({1, 2, 3}, at::kFloat, {3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnScatterNdUpdateGetWorkspaceSize(var.t, indices.t, updates_bad.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "beyond CANN");
    Dev far({3}, at::kLong, {1, 1});
    Dev upd1({8, 9}, at::kFloat, {1, 2});
    EXPECT_EQ(run(var.t, far.t, upd1.t), 561000);
    ExpectValues(var, {7, -3, -4, 2, 3, -1, -2});
    Dev var_i(Iota(4), at::kInt, {4});
    Dev upd_i({1}, at::kInt, {1});
    Dev idx1({0}, at::kLong, {1, 1});
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnScatterNdUpdateGetWorkspaceSize(var_i.t, idx1.t, upd_i.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID,
                "Tensor varRef not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BOOL.");
}

TEST(ReferenceIndexPut, FlatPositionsAccumulateAndChecks) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev index({5, 0, 5}, at::kLong, {3});
    Dev source({10, 20, 30}, at::kFloat, {3});
    auto put = [&](aclTensor* s, const aclTensor* i, const aclTensor* u, bool acc) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnInplacePutGetWorkspaceSize(s, i, u, acc, ws, ex);
        }, aclnnInplacePut);
    };
    ASSERT_EQ(put(self.t, index.t, source.t, true), 0) << LastError();
    ExpectValues(self, {20, 1, 2, 3, 4, 45});  // 5 + 10 + 30 at 5, 0 + 20 at 0
    Dev self2(Iota(6), at::kFloat, {2, 3});
    Dev index2({4, 1}, at::kInt, {1, 2});
    Dev source2({-1, -2}, at::kFloat, {2});
    ASSERT_EQ(put(self2.t, index2.t, source2.t, false), 0) << LastError();
    ExpectValues(self2, {0, -2, 2, 3, -1, 5});
    Dev neg({-1}, at::kLong, {1});
    Dev one({1}, at::kFloat, {1});
    EXPECT_EQ(put(self2.t, neg.t, one.t, false), 561000);
    auto call = [&](aclTensor* s, const aclTensor* i, const aclTensor* u, bool acc) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplacePutGetWorkspaceSize(s, i, u, acc, ws, ex); };
    };
    ExpectFails(call(nullptr, index.t, source.t, false), ACLNN_ERR_PARAM_NULLPTR, "argument self.");
    Dev source_h({1, 2, 3}, at::kHalf, {3});
    ExpectFails(call(self.t, index.t, source_h.t, false), ACLNN_ERR_PARAM_INVALID,
                "source dtype DT_FLOAT16 should be in same with self dtype DT_FLOAT.");
    Dev source2e({1, 2}, at::kFloat, {2});
    ExpectFails(call(self.t, index.t, source2e.t, false), ACLNN_ERR_PARAM_INVALID,
                "Expect source and index to have the same number of elements,but the source has 2,the index has 3.");
    Dev empty(std::vector<double>{}, at::kFloat, {0});
    ExpectFails(call(empty.t, neg.t, one.t, false), ACLNN_ERR_PARAM_INVALID, "Can not put elements into an empty tensor");
    // BF16: accepted without accumulate, refused with it (the list accumulate selects)
    Dev self_bf(Iota(3), at::kBFloat16, {3});
    Dev src_bf({1}, at::kBFloat16, {1});
    Dev i0({0}, at::kLong, {1});
    EXPECT_EQ(put(self_bf.t, i0.t, src_bf.t, false), 0) << LastError();
    ExpectFails(call(self_bf.t, i0.t, src_bf.t, true), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_BF16");
}

// ================================================================================ Flip

TEST(ReferenceIndexFlip, DimsAndChecks) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    const std::vector<int64_t> d1 = {-1};
    aclcpu_test::OwnedIntArray dims1(d1);
    auto flip = [&](const aclIntArray* dims, aclTensor* o) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnFlipGetWorkspaceSize(self.t, dims, o, ws, ex); },
                         aclnnFlip);
    };
    ASSERT_EQ(flip(dims1.a, out.t), 0) << LastError();
    ExpectValues(out, {2, 1, 0, 5, 4, 3});
    const std::vector<int64_t> d2 = {0, 1};
    aclcpu_test::OwnedIntArray dims2(d2);
    ASSERT_EQ(flip(dims2.a, out.t), 0) << LastError();
    ExpectValues(out, {5, 4, 3, 2, 1, 0});
    const std::vector<int64_t> dup = {1, -1};
    aclcpu_test::OwnedIntArray dims_dup(dup);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnFlipGetWorkspaceSize(self.t, dims_dup.a, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "dim:[1] appears multiple times in the list of dims");
    const std::vector<int64_t> far = {2};
    aclcpu_test::OwnedIntArray dims_far(far);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnFlipGetWorkspaceSize(self.t, dims_far.a, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Dimension out of range (expected to be in range of [-2, 1], but got 2)");
    Dev out_i(std::vector<double>(6), at::kInt, {2, 3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnFlipGetWorkspaceSize(self.t, dims1.a, out_i.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_INT32.");
    Dev out_t(std::vector<double>(6), at::kFloat, {3, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnFlipGetWorkspaceSize(self.t, dims1.a, out_t.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as tensor for self, but [3,2] does not equal [2,3].");
}

// ================================================================================ ScatterReduce

TEST(ReferenceIndexScatterReduce, IncludeSelfAndAtlasA2Rule) {
    Dev self({1, 2, 3, 4}, at::kFloat, {4});
    Dev index({0, 0, 3}, at::kLong, {3});
    Dev src({5, 7, -1}, at::kFloat, {3});
    Dev out(std::vector<double>(4), at::kFloat, {4});
    auto run = [&](int64_t reduce, bool include, aclTensor* o) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnScatterReduceGetWorkspaceSize(self.t, 0, index.t, src.t, reduce, include, o, ws, ex);
        }, aclnnScatterReduce);
    };
    ASSERT_EQ(run(1, true, out.t), 0) << LastError();
    ExpectValues(out, {13, 2, 3, 3});
    ASSERT_EQ(run(1, false, out.t), 0) << LastError();
    ExpectValues(out, {12, 2, 3, -1});  // without self's own value at the positions src reaches
    ASSERT_EQ(run(3, false, out.t), 0) << LastError();
    ExpectValues(out, {7, 2, 3, -1});
    ASSERT_EQ(run(5, true, out.t), 0) << LastError();
    ExpectValues(out, {static_cast<double>(13.0f / 3.0f), 2, 3, 1.5});  // FLOAT
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnScatterReduceGetWorkspaceSize(self.t, 0, index.t, src.t, 6, true, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "reduce must be one of [0(none), 1(add), 2(mul), 3(max), 4(min), 5(mean)].");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnScatterReduceGetWorkspaceSize(self.t, 0, index.t, src.t, 1, false, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID,
                "scatter_reduce only supports dtype=float32, reduce=sum, include_self=true. Got dtype=DT_FLOAT, "
                "reduce=add, include_self=0.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnScatterReduceGetWorkspaceSize(self.t, 0, index.t, src.t, 3, true, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "reduce=max, include_self=1.");
    Dev self2({1, 2, 3, 4}, at::kFloat, {4});
    Dev index2({0, 0, 3}, at::kLong, {3});
    Dev src2({5, 7, -1}, at::kFloat, {3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnInplaceScatterReduceGetWorkspaceSize(self2.t, 0, index2.t, src2.t, 1, true, ws, ex);
              }, aclnnInplaceScatterReduce),
              0)
        << LastError();
    ExpectValues(self2, {13, 2, 3, 3});
}

// ================================================================================ Inverse

TEST(ReferenceIndexInverse, ClosedFormAndChecks) {
    // [[4, 7], [2, 6]]^-1 = [[0.6, -0.7], [-0.2, 0.4]]; the second matrix diagonal
    Dev self({4, 7, 2, 6, 2, 0, 0, 4}, at::kDouble, {2, 2, 2});
    Dev out(std::vector<double>(8), at::kDouble, {2, 2, 2});
    auto inv = [&](const aclTensor* s, aclTensor* o) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInverseGetWorkspaceSize(s, o, ws, ex); },
                         aclnnInverse);
    };
    ASSERT_EQ(inv(self.t, out.t), 0) << LastError();
    const std::vector<double> got = out.Values();
    const std::vector<double> want = {0.6, -0.7, -0.2, 0.4, 0.5, 0, 0, 0.25};
    for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], 1e-12) << i;
    // FLOAT16 computed as FLOAT, then written into a FLOAT out
    Dev half({2, 0, 0, 8}, at::kHalf, {2, 2});
    Dev out_f(std::vector<double>(4), at::kFloat, {2, 2});
    ASSERT_EQ(inv(half.t, out_f.t), 0) << LastError();
    ExpectValues(out_f, {0.5, 0, 0, 0.125});
    Dev singular({1, 2, 2, 4}, at::kFloat, {2, 2});
    Dev out_s(std::vector<double>(4, 7.0), at::kFloat, {2, 2});
    EXPECT_EQ(inv(singular.t, out_s.t), 561000);
    ExpectValues(out_s, {7, 7, 7, 7});
    Dev ints({1, 0, 0, 1}, at::kInt, {2, 2});
    Dev out_i(std::vector<double>(4), at::kInt, {2, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInverseGetWorkspaceSize(ints.t, out_i.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_DOUBLE, "
                "DT_COMPLEX64, DT_COMPLEX128, DT_FLOAT16.");
    Dev out_int(std::vector<double>(8), at::kInt, {2, 2, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInverseGetWorkspaceSize(self.t, out_int.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Result type DT_DOUBLE can't be cast to the desired output type DT_INT32.");
    Dev rect(Iota(6), at::kFloat, {2, 3});
    Dev out_r(std::vector<double>(6), at::kFloat, {2, 3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInverseGetWorkspaceSize(rect.t, out_r.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "The input tensor must be batches of square matrices, but they are 3 by 2 matrices");
    Dev vec(Iota(3), at::kFloat, {3});
    Dev out_v(std::vector<double>(3), at::kFloat, {3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInverseGetWorkspaceSize(vec.t, out_v.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 2 dimensions.");
}

// ================================================================================ GatherNd

TEST(ReferenceIndexGatherNd, PositionsNegativeAndChecks) {
    Dev self(Iota(12), at::kFloat, {3, 4});
    Dev points({2, 1, -1, -4}, at::kLong, {2, 2});  // (2, 1) and (-1, -4) = (2, 0)
    Dev out(std::vector<double>(2), at::kFloat, {2});
    auto run = [&](const aclTensor* i, bool neg, aclTensor* o) {
        return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnGatherNdGetWorkspaceSize(self.t, i, neg, o, ws, ex);
        }, aclnnGatherNd);
    };
    ASSERT_EQ(run(points.t, true, out.t), 0) << LastError();
    ExpectValues(out, {9, 8});
    Dev out_keep(std::vector<double>(2, 7.0), at::kFloat, {2});
    EXPECT_EQ(run(points.t, false, out_keep.t), 561000);
    ExpectValues(out_keep, {7, 7});
    Dev rows({1, 0}, at::kInt, {2, 1});
    Dev out_rows(std::vector<double>(8), at::kFloat, {2, 4});
    ASSERT_EQ(run(rows.t, false, out_rows.t), 0) << LastError();
    ExpectValues(out_rows, {4, 5, 6, 7, 0, 1, 2, 3});
    const aclTensor* st = self.t;
    auto call = [st](const aclTensor* i, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGatherNdGetWorkspaceSize(st, i, false, o, ws, ex); };
    };
    Dev k3({0, 0, 0}, at::kLong, {1, 3});
    Dev out1(std::vector<double>(1), at::kFloat, {1});
    ExpectFails(call(k3.t, out1.t), ACLNN_ERR_PARAM_INVALID, "indices last dim 3 not in valid range: [1, 2]");
    ExpectFails(call(rows.t, out.t), ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as [2,4], but got [2].");
    Dev out_i(std::vector<double>(2), at::kInt, {2});
    ExpectFails(call(points.t, out_i.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_INT32.");
}

}  // namespace index_reference_test
