// ops-math's reductions at the reference tier through the public API (docs/ops/math_reduce.md): each operator's
// values against ATen's plain functions or values written out here (the dims, keepdim and empty-list mappings,
// ties and NaN, the BOOL / integral inputs, the index outputs' dtypes), and the checks in CANN's order with its codes
// and messages (null -> 161001; dtypes per product, dims, the reduced output shapes -> 161002), the empty-tensor
// paths. The table-driven suite (reference_table_test.cpp) runs each entry's cases on transposed, strided and
// offset views.
#include <ATen/ATen.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "aclnnop/aclnn_all.h"
#include "aclnnop/aclnn_amax.h"
#include "aclnnop/aclnn_amin.h"
#include "aclnnop/aclnn_aminmax.h"
#include "aclnnop/aclnn_aminmax_all.h"
#include "aclnnop/aclnn_aminmax_dim.h"
#include "aclnnop/aclnn_any.h"
#include "aclnnop/aclnn_argmax.h"
#include "aclnnop/aclnn_argmin.h"
#include "aclnnop/aclnn_argsort.h"
#include "aclnnop/aclnn_global_max_pool.h"
#include "aclnnop/aclnn_grouped_bias_add_grad.h"
#include "aclnnop/aclnn_max.h"
#include "aclnnop/aclnn_max_dim.h"
#include "aclnnop/aclnn_max_v2.h"
#include "aclnnop/aclnn_mean.h"
#include "aclnnop/aclnn_min.h"
#include "aclnnop/aclnn_min_dim.h"
#include "aclnnop/aclnn_prod.h"
#include "aclnnop/aclnn_reduce_nansum.h"
#include "aclnnop/aclnn_sort.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/reference_case.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace math_reduce_reference_test {

using aclcpu_test::AclOf;
using aclcpu_test::Dev;

using aclcpu_test::DeviceBuffer;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::OwnedIntArray;
using aclcpu_test::RunPhases;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<double> Zeros(size_t n, double v = 0.0) { return std::vector<double>(n, v); }

void ExpectSame(const at::Tensor& got, const at::Tensor& want) {
    ASSERT_EQ(got.sizes(), want.sizes());
    EXPECT_TRUE(at::equal(got.to(at::kDouble), want.to(at::kDouble))) << "got:\n" << got << "\nwant:\n" << want;
}

// 3 x 4 values with ties (-1 twice in row 0, 5 twice in row 1) and a distinct extreme per column
const std::vector<double> k34 = {3, -1, 2,  -1,  //
                                 5, 0,  5,  -7,  //
                                 1, 4,  -2, 6};

// ================================================================================ Amax / Amin

int Amax(const aclTensor* self, const aclIntArray* dim, bool keep, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAmaxGetWorkspaceSize(self, dim, keep, out, ws, ex); },
        aclnnAmax);
}
int Amin(const aclTensor* self, const aclIntArray* dim, bool keep, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAminGetWorkspaceSize(self, dim, keep, out, ws, ex); },
        aclnnAmin);
}

// self a transposed [4, 3] view of k34's [3, 4] storage; dim 0 (the rows of the view) and dim [-1] with keepDim
TEST(ReferenceAmax, DimsKeepDimOnTransposedView) {
    Dev self(k34, at::kFloat, {4, 3}, {1, 4});
    const at::Tensor x = at::tensor(k34, at::kDouble).view({3, 4}).t();
    {
        Dev out(Zeros(3, 9), at::kFloat, {3});
        OwnedIntArray dim({0});
        ASSERT_EQ(Amax(self.t, dim.a, false, out.t), 0) << LastError();
        EXPECT_EQ(out.Values(), (std::vector<double>{3, 5, 6}));
    }
    {
        Dev out(Zeros(4, 9), at::kFloat, {4, 1});
        OwnedIntArray dim({-1});
        ASSERT_EQ(Amin(self.t, dim.a, true, out.t), 0) << LastError();
        EXPECT_EQ(out.Values(), (std::vector<double>{1, -1, -2, -7}));
        ExpectSame(out.Storage().view({4, 1}), std::get<0>(x.min(1, true)));
    }
}

// an empty dim list reduces every dim (CANN's GetAllDims): [] without keepDim, [1, 1] with it
TEST(ReferenceAmax, EmptyDimListReducesEveryDim) {
    Dev self(k34, at::kInt, {3, 4});
    OwnedIntArray none({});
    Dev out0(Zeros(1), at::kInt, {});
    ASSERT_EQ(Amax(self.t, none.a, false, out0.t), 0) << LastError();
    EXPECT_EQ(out0.Values(), (std::vector<double>{6}));
    Dev out2(Zeros(1), at::kInt, {1, 1});
    ASSERT_EQ(Amin(self.t, none.a, true, out2.t), 0) << LastError();
    EXPECT_EQ(out2.Values(), (std::vector<double>{-7}));
}

// BOOL (compared as FLOAT by the op_api), FLOAT16 (exact), a NaN (propagates, ATen's amax), a 0-d self (copied)
TEST(ReferenceAmax, BoolHalfNaNAndZeroD) {
    OwnedIntArray d1({1});
    Dev b({0, 0, 1, 0, 0, 0}, at::kBool, {2, 3});
    Dev bout(Zeros(2, 1), at::kBool, {2});
    ASSERT_EQ(Amax(b.t, d1.a, false, bout.t), 0) << LastError();
    EXPECT_EQ(bout.Values(), (std::vector<double>{1, 0}));
    Dev h({0.1, 65504, -3, 2.5}, at::kHalf, {2, 2});
    Dev hout(Zeros(2), at::kHalf, {2});
    ASSERT_EQ(Amin(h.t, d1.a, false, hout.t), 0) << LastError();
    ExpectSame(hout.Storage(), at::tensor(std::vector<double>{0.1, -3}).to(at::kHalf));
    Dev nan({1, kNaN, 3, 4}, at::kFloat, {2, 2});
    Dev nout(Zeros(2), at::kFloat, {2});
    ASSERT_EQ(Amax(nan.t, d1.a, false, nout.t), 0) << LastError();
    EXPECT_TRUE(std::isnan(nout.Values()[0]));
    EXPECT_EQ(nout.Values()[1], 4);
    Dev z({-2.5}, at::kDouble, {});
    Dev zout(Zeros(1), at::kDouble, {});
    OwnedIntArray d0({0});
    ASSERT_EQ(Amax(z.t, d0.a, false, zout.t), 0) << LastError();
    EXPECT_EQ(zout.Values(), (std::vector<double>{-2.5}));
}

TEST(ReferenceAmax, ChecksInCannOrder) {
    Dev self(k34, at::kFloat, {3, 4});
    Dev out(Zeros(3), at::kFloat, {3});
    Dev half_out(Zeros(3), at::kHalf, {3});
    Dev cplx(k34, at::kComplexFloat, {3, 4});
    Dev cplx_out(Zeros(3), at::kComplexFloat, {3});
    Dev wide(Zeros(4), at::kFloat, {4});
    Dev empty(Zeros(0), at::kFloat, {3, 0});
    OwnedIntArray d1({1}), bad({2}), twice({1, -1}), d0({0});
    auto amax = [](const aclTensor* s, const aclIntArray* d, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnAmaxGetWorkspaceSize(s, d, false, o, ws, ex); };
    };
    ExpectFails(amax(nullptr, d1.a, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(amax(self.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type List[int] for argument dim but instead found type null.");
    ExpectFails(amax(self.t, d1.a, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument out.");
    // out's dtype against self's before self's list
    ExpectFails(amax(cplx.t, d1.a, half_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_COMPLEX64 but found DT_FLOAT16.");
    ExpectFails(
        amax(cplx.t, d1.a, cplx_out.t), ACLNN_ERR_PARAM_INVALID,
        "Tensor self not implemented for DT_COMPLEX64, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_UINT8, "
        "DT_INT32, DT_INT64, DT_INT16, DT_INT8, DT_DOUBLE, DT_BOOL, DT_BF16.");
    ExpectFails(amax(self.t, bad.a, out.t), ACLNN_ERR_PARAM_INVALID, "Provided dim 2 must be in the range of [-2, 1].");
    ExpectFails(amax(self.t, twice.a, out.t), ACLNN_ERR_PARAM_INVALID,
                "Dim 1 appears multiple times in the list of dims.");
    ExpectFails(amax(empty.t, d1.a, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected reducution dim 1 to have non-zero size.");
    ExpectFails(amax(self.t, d1.a, wide.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [3], but got [4].");
    // an empty self with an empty dim list (no dim checked for its size): success, out (0-d) not written
    OwnedIntArray none({});
    Dev zout(Zeros(1, 9), at::kFloat, {});
    ASSERT_EQ(Amax(empty.t, none.a, false, zout.t), 0) << LastError();
    EXPECT_EQ(zout.Values(), Zeros(1, 9));
    Dev e3(Zeros(0), at::kFloat, {3, 0});
    Dev e3out(Zeros(0), at::kFloat, {0});
    ASSERT_EQ(Amax(e3.t, d0.a, false, e3out.t), 0) << LastError();
}

// BF16 is in the list on Atlas A2 only: refused on Ascend 910 with that product's list
TEST(ReferenceAmax, Bf16RefusedOnAscend910) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev self(k34, at::kBFloat16, {3, 4});
    Dev out(Zeros(3), at::kBFloat16, {3});
    OwnedIntArray d1({1});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAminGetWorkspaceSize(self.t, d1.a, false, out.t, ws, ex); },
        ACLNN_ERR_PARAM_INVALID,
        "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_UINT8, "
        "DT_INT32, DT_INT64, DT_INT16, DT_INT8, DT_DOUBLE, DT_BOOL.");
}

// ================================================================================ MaxV2

int MaxV2(const aclTensor* self, const aclIntArray* dims, bool keep, bool noop, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMaxV2GetWorkspaceSize(self, dims, keep, noop, out, ws, ex);
        },
        aclnnMaxV2);
}

// noopWithEmptyDims: an empty dims list reduces nothing (out = self, self's shape) or everything
TEST(ReferenceMaxV2, NoopWithEmptyDims) {
    Dev self(k34, at::kFloat, {4, 3}, {1, 4});
    OwnedIntArray none({}), d0({0});
    Dev same(Zeros(12, 9), at::kFloat, {4, 3});
    ASSERT_EQ(MaxV2(self.t, none.a, false, true, same.t), 0) << LastError();
    ExpectSame(same.Storage().view({4, 3}), at::tensor(k34, at::kDouble).view({3, 4}).t());
    Dev one(Zeros(1, 9), at::kFloat, {1, 1});
    ASSERT_EQ(MaxV2(self.t, none.a, true, false, one.t), 0) << LastError();
    EXPECT_EQ(one.Values(), (std::vector<double>{6}));
    Dev cols(Zeros(3, 9), at::kFloat, {3});
    ASSERT_EQ(MaxV2(self.t, d0.a, false, true, cols.t), 0) << LastError();
    EXPECT_EQ(cols.Values(), (std::vector<double>{3, 5, 6}));
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMaxV2GetWorkspaceSize(self.t, none.a, false, true, one.t, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as [4,3], but got [1,1].");
    OwnedIntArray bad({3});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMaxV2GetWorkspaceSize(self.t, bad.a, false, true, cols.t, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID, "Provided dims 3 must be in the range of [-2, 1].");
}

// ================================================================================ GlobalMaxPool

// [2, 2, 2, 3] NCHW: the max of each (n, c) plane, out [2, 2, 1, 1]
TEST(ReferenceGlobalMaxPool, MaxOfEachPlane) {
    std::vector<double> v(24);
    for (int i = 0; i < 24; ++i) v[i] = (i * 7) % 24 - 11.5;  // a permutation of -11.5 .. 11.5
    Dev self(v, at::kFloat, {2, 2, 2, 3});
    Dev out(Zeros(4, 99), at::kFloat, {2, 2, 1, 1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnGlobalMaxPoolGetWorkspaceSize(self.t, out.t, ws, ex); },
                        aclnnGlobalMaxPool),
              0)
        << LastError();
    std::vector<double> want;
    for (int p = 0; p < 4; ++p) {
        double m = -1e9;
        for (int k = 0; k < 6; ++k) m = std::max(m, v[p * 6 + k]);
        want.push_back(m);
    }
    EXPECT_EQ(out.Values(), want);
    auto gmp = [](const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGlobalMaxPoolGetWorkspaceSize(s, o, ws, ex); };
    };
    Dev hout(Zeros(4), at::kHalf, {2, 2, 1, 1});
    ExpectFails(gmp(self.t, hout.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_FLOAT16.");
    Dev i32(Zeros(24), at::kInt, {2, 2, 2, 3});
    ExpectFails(
        gmp(i32.t, out.t), ACLNN_ERR_PARAM_INVALID,
        "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_DOUBLE.");
    Dev three(Zeros(6), at::kFloat, {1, 2, 3});
    Dev three_out(Zeros(2), at::kFloat, {1, 2, 1});
    ExpectFails(gmp(three.t, three_out.t), ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 4 dimensions.");
    Dev flat(Zeros(4), at::kFloat, {2, 2});
    ExpectFails(gmp(self.t, flat.t), ACLNN_ERR_PARAM_INVALID,
                "Expected 4 dimension input, but got out with sizes [2,2].");
    Dev wrong(Zeros(8), at::kFloat, {2, 2, 2, 1});
    ExpectFails(gmp(self.t, wrong.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [2,2,1,1], but got [2,2,2,1].");
}

// ================================================================================ Max / Min (every dim)

TEST(ReferenceMaxAll, ValuesCastToOutAndOneElementOut) {
    Dev self(k34, at::kInt, {3, 4});
    Dev out(Zeros(1), at::kFloat, {1});
    ASSERT_EQ(
        RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaxGetWorkspaceSize(self.t, out.t, ws, ex); },
                  aclnnMax),
        0)
        << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{6}));
    Dev tout(Zeros(1), at::kDouble, {1, 1});
    Dev tself(k34, at::kFloat, {4, 3}, {1, 4});
    ASSERT_EQ(
        RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMinGetWorkspaceSize(tself.t, tout.t, ws, ex); },
                  aclnnMin),
        0)
        << LastError();
    EXPECT_EQ(tout.Values(), (std::vector<double>{-7}));
    Dev two(Zeros(2), at::kFloat, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaxGetWorkspaceSize(self.t, two.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "The tensor's shape[[]] is not equal with shape[[2]].");
    Dev cplx(Zeros(2), at::kComplexFloat, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMinGetWorkspaceSize(self.t, cplx.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_COMPLEX64");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMinGetWorkspaceSize(nullptr, out.t, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument self.");
    // an empty self: success, out untouched (whatever its shape)
    Dev empty(Zeros(0), at::kFloat, {0, 3});
    Dev keep(Zeros(2, 9), at::kFloat, {2});
    ASSERT_EQ(
        RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaxGetWorkspaceSize(empty.t, keep.t, ws, ex); },
                  aclnnMax),
        0)
        << LastError();
    EXPECT_EQ(keep.Values(), Zeros(2, 9));
}

// ================================================================================ ArgMax / ArgMin

int ArgMax(const aclTensor* self, int64_t dim, bool keep, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnArgMaxGetWorkspaceSize(self, dim, keep, out, ws, ex); },
        aclnnArgMax);
}
int ArgMin(const aclTensor* self, int64_t dim, bool keep, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnArgMinGetWorkspaceSize(self, dim, keep, out, ws, ex); },
        aclnnArgMin);
}

// ties: the first index (row 0's two -1, row 1's two 5); a NaN counts as the largest and the smallest
TEST(ReferenceArgMax, FirstOfTiesNaNAndIndexDtypes) {
    Dev self(k34, at::kFloat, {3, 4});
    Dev out(Zeros(3, 9), at::kLong, {3});
    ASSERT_EQ(ArgMax(self.t, 1, false, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{0, 0, 3}));
    Dev out32(Zeros(3, 9), at::kInt, {3, 1});
    ASSERT_EQ(ArgMin(self.t, -1, true, out32.t), 0) << LastError();
    EXPECT_EQ(out32.Values(), (std::vector<double>{1, 3, 2}));
    // along dim 0 of the transposed view ([4, 3]): the columns of k34
    Dev tself(k34, at::kHalf, {4, 3}, {1, 4});
    Dev tout(Zeros(3, 9), at::kLong, {3});
    ASSERT_EQ(ArgMax(tself.t, 0, false, tout.t), 0) << LastError();
    EXPECT_EQ(tout.Values(), (std::vector<double>{0, 0, 3}));
    Dev nan({1, kNaN, 3, -5}, at::kFloat, {4});
    Dev nout(Zeros(1, 9), at::kLong, {});
    ASSERT_EQ(ArgMax(nan.t, 0, false, nout.t), 0) << LastError();
    EXPECT_EQ(nout.Values(), (std::vector<double>{1}));
    ASSERT_EQ(ArgMin(nan.t, 0, false, nout.t), 0) << LastError();
    EXPECT_EQ(nout.Values(), (std::vector<double>{1}));
    // a 0-d self: 0 (ArgMin fills out with 0; ArgMax reduces it as [1]); out of one element
    Dev z({4.5}, at::kDouble, {});
    Dev zout(Zeros(1, 9), at::kLong, {1});
    ASSERT_EQ(ArgMax(z.t, -1, true, zout.t), 0) << LastError();
    EXPECT_EQ(zout.Values(), (std::vector<double>{0}));
    Dev zout2(Zeros(1, 9), at::kInt, {});
    ASSERT_EQ(ArgMin(z.t, 0, false, zout2.t), 0) << LastError();
    EXPECT_EQ(zout2.Values(), (std::vector<double>{0}));
}

TEST(ReferenceArgMax, ChecksInCannOrder) {
    Dev self(k34, at::kFloat, {3, 4});
    Dev out(Zeros(3), at::kLong, {3});
    Dev fout(Zeros(3), at::kFloat, {3});
    Dev wide(Zeros(4), at::kLong, {4});
    Dev b(k34, at::kBool, {3, 4});
    auto am = [](const aclTensor* s, int64_t d, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnArgMaxGetWorkspaceSize(s, d, false, o, ws, ex); };
    };
    auto an = [](const aclTensor* s, int64_t d, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnArgMinGetWorkspaceSize(s, d, false, o, ws, ex); };
    };
    ExpectFails(am(self.t, 0, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument out.");
    // ArgMax: dtype, then the dim
    ExpectFails(
        am(b.t, 5, out.t), ACLNN_ERR_PARAM_INVALID,
        "Tensor self not implemented for DT_BOOL, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_DOUBLE, "
        "DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_BF16.");
    ExpectFails(am(self.t, 2, out.t), ACLNN_ERR_PARAM_INVALID, "dim must be within the range of [-2, 1], but it is 2.");
    ExpectFails(am(self.t, 1, wide.t), ACLNN_ERR_PARAM_INVALID,
                "The tensor's shape[[3]] is not equal with shape[[4]].");
    // ArgMin: the dim before the dtypes; out INT32 or INT64; the reduced dim's size
    ExpectFails(an(b.t, 5, out.t), ACLNN_ERR_PARAM_INVALID, "dim must be within the range of [-2, 1], but it is 5.");
    ExpectFails(an(self.t, 1, fout.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out not implemented for DT_FLOAT, should be in dtype support list DT_INT32, DT_INT64.");
    Dev empty(Zeros(0), at::kFloat, {3, 0});
    ExpectFails(an(empty.t, -1, out.t), ACLNN_ERR_PARAM_INVALID, "Excepted reduction dim -1 to have non-zero size.");
    // an empty self reducing a non-empty dim: success, nothing written
    Dev e2(Zeros(0), at::kFloat, {3, 0});
    Dev keep(Zeros(3, 9), at::kLong, {3});
    ASSERT_EQ(ArgMin(e2.t, 0, false, keep.t), 0) << LastError();
    EXPECT_EQ(keep.Values(), Zeros(3, 9));
    // beyond CANN: UINT16 (Ascend 950's list) has no ATen type
    Dev u16(Zeros(4), at::kShort, {4}, {}, 0, ACL_UINT16);
    Dev o1(Zeros(1), at::kLong, {});
    ExpectFails(am(u16.t, 0, o1.t), ACLNN_ERR_PARAM_INVALID,
                "self of DT_UINT16 is not implemented at the reference tier");
}

// the lists per NpuArch: Ascend 910 has neither BF16 nor UINT16; Atlas A2 BF16 but not UINT16
TEST(ReferenceArgMax, ListsPerProduct) {
    auto am = [](const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnArgMaxGetWorkspaceSize(s, 0, false, o, ws, ex); };
    };
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev out(Zeros(1), at::kLong, {});
        Dev bf({1, 3, 2, 3}, at::kBFloat16, {4});
        Dev u16(Zeros(4), at::kShort, {4}, {}, 0, ACL_UINT16);
        ExpectFails(am(u16.t, out.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_UINT16, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                    "DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_BF16.");
        ASSERT_EQ(ArgMax(bf.t, 0, false, out.t), 0) << LastError();
        EXPECT_EQ(out.Values(), (std::vector<double>{1}));
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        Dev out(Zeros(1), at::kLong, {});
        Dev bf(Zeros(4), at::kBFloat16, {4});
        ExpectFails(am(bf.t, out.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                    "DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8.");
    }
}

// ================================================================================ MaxDim / MinDim

TEST(ReferenceMaxDim, ValuesAndIndicesAgainstAten) {
    const at::Tensor x = at::tensor(k34, at::kDouble).view({3, 4});
    for (bool keep : {false, true}) {
        Dev self(k34, at::kFloat, {3, 4});
        std::vector<int64_t> shape = keep ? std::vector<int64_t>{3, 1} : std::vector<int64_t>{3};
        Dev out(Zeros(3, 9), at::kFloat, shape);
        Dev idx(Zeros(3, 9), at::kInt, shape);
        ASSERT_EQ(RunPhases(
                      [&](uint64_t* ws, aclOpExecutor** ex) {
                          return aclnnMaxDimGetWorkspaceSize(self.t, 1, keep, out.t, idx.t, ws, ex);
                      },
                      aclnnMaxDim),
                  0)
            << LastError();
        EXPECT_EQ(out.Values(), (std::vector<double>{3, 5, 6}));
        EXPECT_EQ(idx.Values(), (std::vector<double>{0, 0, 3}));
        ExpectSame(out.Storage().view(shape), std::get<0>(x.max(1, keep)));
    }
    Dev b({0, 1, 1, 0, 0, 0}, at::kBool, {2, 3});
    Dev bout(Zeros(3, 1), at::kBool, {3});
    Dev bidx(Zeros(3, 9), at::kLong, {3});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnMinDimGetWorkspaceSize(b.t, 0, false, bout.t, bidx.t, ws, ex);
                  },
                  aclnnMinDim),
              0)
        << LastError();
    EXPECT_EQ(bout.Values(), (std::vector<double>{0, 0, 0}));
    EXPECT_EQ(bidx.Values(), (std::vector<double>{0, 1, 1}));
}

TEST(ReferenceMaxDim, ChecksInCannOrder) {
    Dev self(k34, at::kFloat, {3, 4});
    Dev out(Zeros(3), at::kFloat, {3});
    Dev hout(Zeros(3), at::kHalf, {3});
    Dev idx(Zeros(3), at::kLong, {3});
    Dev widx(Zeros(4), at::kLong, {4});
    Dev i32(k34, at::kInt, {3, 4});
    Dev i32out(Zeros(3), at::kInt, {3});
    auto md = [](const aclTensor* s, int64_t d, aclTensor* o, aclTensor* i) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaxDimGetWorkspaceSize(s, d, false, o, i, ws, ex); };
    };
    ExpectFails(md(self.t, 1, out.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument indices.");
    ExpectFails(md(self.t, 1, hout.t, idx.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_FLOAT16.");
    ExpectFails(md(self.t, -3, out.t, idx.t), ACLNN_ERR_PARAM_INVALID, "dim should within the range of [[-2], [1]].");
    ExpectFails(md(self.t, 1, out.t, widx.t), ACLNN_ERR_PARAM_INVALID,
                "The tensor's shape[[3]] is not equal with shape[[4]].");
    // INT32: Ascend 950's list only
    ASSERT_EQ(RunPhases(md(i32.t, 1, i32out.t, idx.t), aclnnMaxDim), 0) << LastError();
    EXPECT_EQ(i32out.Values(), (std::vector<double>{3, 5, 6}));
}

TEST(ReferenceMaxDim, Int32RefusedOnAtlasA3) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910_93);
    ASSERT_TRUE(scope.ok());
    Dev i32(k34, at::kInt, {3, 4});
    Dev i32out(Zeros(3), at::kInt, {3});
    Dev idx(Zeros(3), at::kLong, {3});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMinDimGetWorkspaceSize(i32.t, 1, false, i32out.t, idx.t, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID,
        "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_INT64, "
        "DT_BOOL, DT_BF16.");
}

// ================================================================================ AminmaxDim / AminmaxAll

TEST(ReferenceAminmax, DimAndAll) {
    Dev self(k34, at::kInt, {4, 3}, {1, 4});  // the transposed view
    Dev mn(Zeros(3, 9), at::kInt, {3});
    Dev mx(Zeros(3, 9), at::kInt, {3});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnAminmaxDimGetWorkspaceSize(self.t, 0, false, mn.t, mx.t, ws, ex);
                  },
                  aclnnAminmaxDim),
              0)
        << LastError();
    EXPECT_EQ(mn.Values(), (std::vector<double>{-1, -7, -2}));
    EXPECT_EQ(mx.Values(), (std::vector<double>{3, 5, 6}));
    Dev amn(Zeros(1, 9), at::kInt, {});
    Dev amx(Zeros(1, 9), at::kInt, {1});
    ASSERT_EQ(
        RunPhases([&](uint64_t* ws,
                      aclOpExecutor** ex) { return aclnnAminmaxAllGetWorkspaceSize(self.t, amn.t, amx.t, ws, ex); },
                  aclnnAminmaxAll),
        0)
        << LastError();
    EXPECT_EQ(amn.Values(), (std::vector<double>{-7}));
    EXPECT_EQ(amx.Values(), (std::vector<double>{6}));
    Dev lout(Zeros(1), at::kLong, {});
    ExpectFails([&](uint64_t* ws,
                    aclOpExecutor** ex) { return aclnnAminmaxAllGetWorkspaceSize(self.t, amn.t, lout.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor maxOut expected dtype is DT_INT32 but found DT_INT64.");
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAminmaxDimGetWorkspaceSize(self.t, 0, false, mn.t, lout.t, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID,
        "Expected both tensors to have same dtype, but found self DT_INT32 and maxOut DT_INT64.");
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAminmaxDimGetWorkspaceSize(self.t, 2, false, mn.t, mx.t, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID, "Provided dim 2 must be in the range of [-2, 1].");
    Dev two(Zeros(2), at::kInt, {2});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAminmaxDimGetWorkspaceSize(self.t, 1, false, two.t, mx.t, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID, "The tensor's shape[[4]] is not equal with shape[[2]].");
}

// ================================================================================ Argsort

int Argsort(const aclTensor* self, int64_t dim, bool desc, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnArgsortGetWorkspaceSize(self, dim, desc, out, ws, ex); },
        aclnnArgsort);
}

// ascending and descending along each dim; equal values keep their order (row 0's two -1, row 1's two 5)
TEST(ReferenceArgsort, BothDirectionsStableTies) {
    Dev self(k34, at::kFloat, {3, 4});
    Dev out(Zeros(12, 9), at::kLong, {3, 4});
    ASSERT_EQ(Argsort(self.t, 1, false, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1, 3, 2, 0, 3, 1, 0, 2, 2, 0, 1, 3}));
    ASSERT_EQ(Argsort(self.t, -1, true, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{0, 2, 1, 3, 0, 2, 1, 3, 3, 1, 0, 2}));
    Dev tself(k34, at::kHalf, {4, 3}, {1, 4});  // the transposed view: sorting its dim 0 sorts k34's rows
    Dev tout(Zeros(12, 9), at::kLong, {4, 3});
    ASSERT_EQ(Argsort(tself.t, 0, false, tout.t), 0) << LastError();
    ExpectSame(tout.Storage().view({4, 3}),
               std::get<1>(at::tensor(k34, at::kDouble).view({3, 4}).t().sort(true, 0, false)));
}

TEST(ReferenceArgsort, ChecksInCannOrder) {
    Dev self(k34, at::kFloat, {3, 4});
    Dev out(Zeros(12), at::kLong, {3, 4});
    Dev iout(Zeros(12), at::kInt, {3, 4});
    Dev wide(Zeros(12), at::kLong, {4, 3});
    Dev dbl(k34, at::kDouble, {3, 4});
    Dev bf1(Zeros(3), at::kBFloat16, {3, 1});
    Dev bf1out(Zeros(3), at::kLong, {3, 1});
    auto as = [](const aclTensor* s, int64_t d, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnArgsortGetWorkspaceSize(s, d, false, o, ws, ex); };
    };
    ExpectFails(as(nullptr, 0, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(as(dbl.t, 2, out.t), ACLNN_ERR_PARAM_INVALID, "dim must be within the range of [-2, 1], but it is 2.");
    ExpectFails(
        as(dbl.t, 1, out.t), ACLNN_ERR_PARAM_INVALID,
        "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT16, DT_FLOAT, DT_BF16, "
        "DT_UINT8, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT16, DT_UINT32, DT_UINT64.");
    ExpectFails(as(self.t, 1, iout.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out not implemented for DT_INT32, should be in dtype support list DT_INT64.");
    ExpectFails(as(self.t, 1, wide.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [3,4] does not equal [4,3].");
    // Ascend 950 (RegBase) sorts a BF16 dim of one element; Atlas A2 refuses it before the dtype check
    ASSERT_EQ(Argsort(bf1.t, 1, false, bf1out.t), 0) << LastError();
    Dev u32(Zeros(4), at::kInt, {4}, {}, 0, ACL_UINT32);
    Dev u32out(Zeros(4), at::kLong, {4});
    ExpectFails(as(u32.t, 0, u32out.t), ACLNN_ERR_PARAM_INVALID,
                "self of DT_UINT32 is not implemented at the reference tier");
}

TEST(ReferenceArgsort, AtlasA2Rules) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev out(Zeros(12), at::kLong, {3, 4});
    Dev dbl(k34, at::kDouble, {3, 4});
    Dev bf1(Zeros(3), at::kBFloat16, {3, 1});
    Dev bf1out(Zeros(3), at::kLong, {3, 1});
    auto as = [](const aclTensor* s, int64_t d, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnArgsortGetWorkspaceSize(s, d, false, o, ws, ex); };
    };
    ExpectFails(as(bf1.t, 1, bf1out.t), ACLNN_ERR_PARAM_INVALID,
                "The sort axis value is not support 1 when input type is BF16.");
    ExpectFails(
        as(dbl.t, 1, out.t), ACLNN_ERR_PARAM_INVALID,
        "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_INT8, "
        "DT_INT16, DT_INT32, DT_INT64, DT_UINT8, DT_BF16.");
}

// ================================================================================ Sort

int Sort(const aclTensor* self, bool stable, int64_t dim, bool desc, aclTensor* values, aclTensor* indices) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnSortGetWorkspaceSize(self, stable, dim, desc, values, indices, ws, ex);
        },
        aclnnSort);
}

// values and indices along the last dim (stable ties, both directions), values cast to valuesOut's dtype, BOOL
TEST(ReferenceSort, ValuesIndicesTiesAndCasts) {
    Dev self(k34, at::kInt, {3, 4});
    Dev vals(Zeros(12, 9), at::kLong, {3, 4});
    Dev idx(Zeros(12, 9), at::kLong, {3, 4});
    ASSERT_EQ(Sort(self.t, false, -1, false, vals.t, idx.t), 0) << LastError();
    EXPECT_EQ(vals.Values(), (std::vector<double>{-1, -1, 2, 3, -7, 0, 5, 5, -2, 1, 4, 6}));
    EXPECT_EQ(idx.Values(), (std::vector<double>{1, 3, 2, 0, 3, 1, 0, 2, 2, 0, 1, 3}));
    ASSERT_EQ(Sort(self.t, true, 1, true, vals.t, idx.t), 0) << LastError();
    EXPECT_EQ(vals.Values(), (std::vector<double>{3, 2, -1, -1, 5, 5, 0, -7, 6, 4, 1, -2}));
    EXPECT_EQ(idx.Values(), (std::vector<double>{0, 2, 1, 3, 0, 2, 1, 3, 3, 1, 0, 2}));
    Dev b({1, 0, 1, 0}, at::kBool, {4});
    Dev bv(Zeros(4, 1), at::kBool, {4});
    Dev bi(Zeros(4, 9), at::kLong, {4});
    ASSERT_EQ(Sort(b.t, true, 0, false, bv.t, bi.t), 0) << LastError();
    EXPECT_EQ(bv.Values(), (std::vector<double>{0, 0, 1, 1}));
    EXPECT_EQ(bi.Values(), (std::vector<double>{1, 3, 0, 2}));
    // a 0-d self: values = self, index 0
    Dev z({2.5}, at::kFloat, {});
    Dev zv(Zeros(1, 9), at::kFloat, {});
    Dev zi(Zeros(1, 9), at::kLong, {});
    ASSERT_EQ(Sort(z.t, false, -1, false, zv.t, zi.t), 0) << LastError();
    EXPECT_EQ(zv.Values(), (std::vector<double>{2.5}));
    EXPECT_EQ(zi.Values(), (std::vector<double>{0}));
}

TEST(ReferenceSort, ChecksInCannOrder) {
    Dev self(k34, at::kFloat, {3, 4});
    Dev vals(Zeros(12), at::kFloat, {3, 4});
    Dev idx(Zeros(12), at::kLong, {3, 4});
    Dev idx32(Zeros(12), at::kInt, {3, 4});
    Dev dbl(k34, at::kDouble, {3, 4});
    Dev wide(Zeros(12), at::kLong, {4, 3});
    auto so = [](const aclTensor* s, int64_t d, aclTensor* v, aclTensor* i) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnSortGetWorkspaceSize(s, false, d, false, v, i, ws, ex);
        };
    };
    ExpectFails(so(self.t, 0, nullptr, idx.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument values.");
    ExpectFails(so(self.t, 0, vals.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument indices.");
    ExpectFails(so(dbl.t, 0, vals.t, idx.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_DOUBLE");
    ExpectFails(so(self.t, 0, vals.t, idx32.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor indices not implemented for DT_INT32, should be in dtype support list DT_INT64.");
    ExpectFails(so(self.t, 2, vals.t, idx.t), ACLNN_ERR_PARAM_INVALID, "dim should be in range [-2, 1].");
    ExpectFails(so(self.t, 1, vals.t, wide.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for indices, but [3,4] does not equal [4,3].");
}

// outside Ascend 950 valuesOut may be DOUBLE (its own list); on Ascend 950 it may not
TEST(ReferenceSort, ValuesListOutsideAscend950) {
    {
        Dev self(k34, at::kFloat, {3, 4});
        Dev dv(Zeros(12), at::kDouble, {3, 4});
        Dev idx(Zeros(12), at::kLong, {3, 4});
        ExpectFails(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnSortGetWorkspaceSize(self.t, false, 0, false, dv.t, idx.t, ws, ex);
            },
            ACLNN_ERR_PARAM_INVALID, "Tensor values not implemented for DT_DOUBLE");
    }
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dev self(k34, at::kFloat, {3, 4});
    Dev dv(Zeros(12), at::kDouble, {3, 4});
    Dev idx(Zeros(12), at::kLong, {3, 4});
    ASSERT_EQ(Sort(self.t, false, 0, false, dv.t, idx.t), 0) << LastError();
    EXPECT_EQ(dv.Values(), (std::vector<double>{1, -1, -2, -7, 3, 0, 2, -1, 5, 4, 5, 6}));
}

// ================================================================================ Aminmax (a dim list)

int Aminmax(const aclTensor* self, const aclIntArray* dim, bool keep, aclTensor* mn, aclTensor* mx) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAminmaxGetWorkspaceSize(self, dim, keep, mn, mx, ws, ex); },
        aclnnAminmax);
}

// one dim, several dims, and an empty list (nothing reduced: both outputs self)
TEST(ReferenceAminmax, DimListForms) {
    Dev self(k34, at::kFloat, {3, 4});
    OwnedIntArray d1({1}), both({0, -1}), none({});
    Dev mn(Zeros(3, 9), at::kFloat, {3, 1});
    Dev mx(Zeros(3, 9), at::kFloat, {3, 1});
    ASSERT_EQ(Aminmax(self.t, d1.a, true, mn.t, mx.t), 0) << LastError();
    EXPECT_EQ(mn.Values(), (std::vector<double>{-1, -7, -2}));
    EXPECT_EQ(mx.Values(), (std::vector<double>{3, 5, 6}));
    Dev mn0(Zeros(1, 9), at::kFloat, {});
    Dev mx0(Zeros(1, 9), at::kFloat, {});
    ASSERT_EQ(Aminmax(self.t, both.a, false, mn0.t, mx0.t), 0) << LastError();
    EXPECT_EQ(mn0.Values(), (std::vector<double>{-7}));
    EXPECT_EQ(mx0.Values(), (std::vector<double>{6}));
    Dev mnS(Zeros(12, 9), at::kFloat, {3, 4});
    Dev mxS(Zeros(12, 9), at::kFloat, {3, 4});
    ASSERT_EQ(Aminmax(self.t, none.a, false, mnS.t, mxS.t), 0) << LastError();
    EXPECT_EQ(mnS.Values(), k34);
    EXPECT_EQ(mxS.Values(), k34);
    // a one-element list is range-checked by the op_api; a longer one by the kernels' shape inference (161001)
    OwnedIntArray bad({2}), bad2({0, 2});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAminmaxGetWorkspaceSize(self.t, bad.a, true, mn.t, mx.t, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID, "Expected dim to be in range of [-2, 1], but got 2.");
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAminmaxGetWorkspaceSize(self.t, bad2.a, false, mn0.t, mx0.t, ws, ex);
        },
        ACLNN_ERR_PARAM_NULLPTR, "ReduceMin infer shape faild.");
    Dev empty(Zeros(0), at::kFloat, {0, 3});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAminmaxGetWorkspaceSize(empty.t, none.a, false, mn0.t, mx0.t, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID, "Expected self to be not empty tensor.");
    Dev lmx(Zeros(3), at::kLong, {3, 1});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAminmaxGetWorkspaceSize(self.t, d1.a, true, mn.t, lmx.t, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID, "Tensor maxOut expected dtype is DT_FLOAT but found DT_INT64.");
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAminmaxGetWorkspaceSize(self.t, d1.a, false, mn.t, mx.t, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID, "The tensor's shape[[3]] is not equal with shape[[3,1]].");
}

// ================================================================================ All / Any

int All(const aclTensor* self, const aclIntArray* dim, bool keep, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAllGetWorkspaceSize(self, dim, keep, out, ws, ex); },
        aclnnAll);
}
int Any(const aclTensor* self, const aclIntArray* dim, bool keep, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAnyGetWorkspaceSize(self, dim, keep, out, ws, ex); },
        aclnnAny);
}

// [2, 2, 3]: several dims at once (ATen 1.13's all / any take one), NaN counts as true, out BOOL or UINT8
TEST(ReferenceAllAny, SeveralDimsNaNAndUint8Out) {
    const std::vector<double> v = {1, 2, 0, 3, kNaN, 4,  //
                                   0, 0, 0, 0, 0,    -1};
    Dev self(v, at::kFloat, {2, 2, 3});
    OwnedIntArray d02({0, -1});
    Dev out(Zeros(2, 7), at::kByte, {2});
    ASSERT_EQ(All(self.t, d02.a, false, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{0, 0}));
    ASSERT_EQ(Any(self.t, d02.a, false, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1, 1}));
    OwnedIntArray d2({2});
    Dev out4(Zeros(4, 7), at::kBool, {2, 2, 1});
    ASSERT_EQ(All(self.t, d2.a, true, out4.t), 0) << LastError();
    EXPECT_EQ(out4.Values(), (std::vector<double>{0, 1, 0, 0}));  // NaN is non-zero
    ASSERT_EQ(Any(self.t, d2.a, true, out4.t), 0) << LastError();
    EXPECT_EQ(out4.Values(), (std::vector<double>{1, 1, 0, 1}));
    OwnedIntArray none({});
    Dev o0(Zeros(1, 7), at::kBool, {});
    ASSERT_EQ(All(self.t, none.a, false, o0.t), 0) << LastError();
    EXPECT_EQ(o0.Values(), (std::vector<double>{0}));
    // aclnnAny takes a repeated dim (CANN checks only the range); aclnnAll refuses it
    OwnedIntArray twice({1, -2});
    Dev o2(Zeros(6, 7), at::kBool, {2, 3});
    ASSERT_EQ(Any(self.t, twice.a, false, o2.t), 0) << LastError();
    EXPECT_EQ(o2.Values(), (std::vector<double>{1, 1, 1, 0, 0, 1}));
    ExpectFails([&](uint64_t* ws,
                    aclOpExecutor** ex) { return aclnnAllGetWorkspaceSize(self.t, twice.a, false, o2.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Dim 1 appears multiple times in the list of dims.");
}

// an empty self: aclnnAll's out true (its shape checked first), aclnnAny's out false whatever its shape
TEST(ReferenceAllAny, EmptySelf) {
    Dev empty(Zeros(0), at::kFloat, {0, 3});
    OwnedIntArray d0({0});
    Dev out(Zeros(3, 5), at::kBool, {3});
    ASSERT_EQ(All(empty.t, d0.a, false, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1, 1, 1}));
    Dev odd(Zeros(5, 1), at::kByte, {5});
    ASSERT_EQ(Any(empty.t, d0.a, false, odd.t), 0) << LastError();
    EXPECT_EQ(odd.Values(), Zeros(5));
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAllGetWorkspaceSize(empty.t, d0.a, false, odd.t, ws, ex); },
        ACLNN_ERR_PARAM_INVALID, "Expect out shape [[3]], but got: [[5]].");
}

TEST(ReferenceAllAny, ChecksInCannOrder) {
    Dev self(k34, at::kFloat, {3, 4});
    Dev out(Zeros(3), at::kBool, {3});
    Dev fout(Zeros(3), at::kFloat, {3});
    Dev cplx(k34, at::kComplexFloat, {3, 4});
    Dev wide(Zeros(4), at::kBool, {4});
    OwnedIntArray d1({1}), bad({-3});
    auto all = [](const aclTensor* s, const aclIntArray* d, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnAllGetWorkspaceSize(s, d, false, o, ws, ex); };
    };
    auto any = [](const aclTensor* s, const aclIntArray* d, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnAnyGetWorkspaceSize(s, d, false, o, ws, ex); };
    };
    ExpectFails(all(self.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type List[int] for argument dim but instead found type null.");
    ExpectFails(
        any(cplx.t, d1.a, out.t), ACLNN_ERR_PARAM_INVALID,
        "Tensor self not implemented for DT_COMPLEX64, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_UINT8, "
        "DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_BOOL, DT_DOUBLE, DT_BF16.");
    ExpectFails(all(self.t, d1.a, fout.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out not implemented for DT_FLOAT, should be in dtype support list DT_UINT8, DT_BOOL.");
    ExpectFails(all(self.t, bad.a, out.t), ACLNN_ERR_PARAM_INVALID,
                "Dimension out of range (expected to be in range of [-2, 1], but got -3)");
    ExpectFails(any(self.t, bad.a, out.t), ACLNN_ERR_PARAM_INVALID, "Dimension out of range.");
    ExpectFails(all(self.t, d1.a, wide.t), ACLNN_ERR_PARAM_INVALID, "Expect out shape [[3]], but got: [[4]].");
    ExpectFails(any(self.t, d1.a, wide.t), ACLNN_ERR_PARAM_INVALID,
                "The tensor's shape[[3]] is not equal with shape[[4]].");
}

// ================================================================================ Mean / MeanV2

int Mean(const aclTensor* self, const aclIntArray* dim, bool keep, aclDataType dt, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMeanGetWorkspaceSize(self, dim, keep, dt, out, ws, ex); },
        aclnnMean);
}
int MeanV2(const aclTensor* self, const aclIntArray* dim, bool keep, bool noop, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMeanV2GetWorkspaceSize(self, dim, keep, noop, out, ws, ex);
        },
        aclnnMeanV2);
}

// dims on a transposed view, keepDim, every dim for an empty list, the dtype parameter (INT32 self into FLOAT)
TEST(ReferenceMathMean, DimsKeepDimAndDtype) {
    Dev self(k34, at::kFloat, {4, 3}, {1, 4});
    const at::Tensor x = at::tensor(k34, at::kDouble).view({3, 4}).t();
    OwnedIntArray d0({0}), none({});
    Dev out(Zeros(3), at::kFloat, {3});
    ASSERT_EQ(Mean(self.t, d0.a, false, ACL_FLOAT, out.t), 0) << LastError();
    ExpectSame(out.Storage(), x.mean(0).to(at::kFloat));
    Dev all(Zeros(1), at::kFloat, {1, 1});
    ASSERT_EQ(Mean(self.t, none.a, true, ACL_FLOAT, all.t), 0) << LastError();
    EXPECT_NEAR(all.Values()[0], 15.0 / 12.0, 1e-6);
    Dev ints(k34, at::kInt, {3, 4});
    OwnedIntArray d1({-1});
    Dev fout(Zeros(3), at::kFloat, {3});
    ASSERT_EQ(Mean(ints.t, d1.a, false, ACL_FLOAT, fout.t), 0) << LastError();
    EXPECT_EQ(fout.Values(), (std::vector<double>{0.75, 0.75, 2.25}));
    // an integral dtype: the sum divided by the count, truncated toward zero (ASSUMED, the AI CPU kernel)
    Dev iout(Zeros(3), at::kInt, {3});
    ASSERT_EQ(Mean(ints.t, d1.a, false, ACL_INT32, iout.t), 0) << LastError();
    EXPECT_EQ(iout.Values(), (std::vector<double>{0, 0, 2}));
    // FLOAT16 averaged in FLOAT, rounded once
    Dev h({65504, 65504, 1, 3}, at::kHalf, {2, 2});
    Dev hout(Zeros(2), at::kHalf, {2});
    ASSERT_EQ(Mean(h.t, d1.a, false, ACL_FLOAT16, hout.t), 0) << LastError();
    EXPECT_EQ(hout.Values(), (std::vector<double>{65504, 2}));
}

// an empty self fills out with NaN (out's shape not checked); a 0-d self is its own mean
TEST(ReferenceMathMean, EmptyAndZeroD) {
    Dev empty(Zeros(0), at::kFloat, {0, 3});
    OwnedIntArray d0({0});
    Dev out(Zeros(3, 5), at::kFloat, {3});
    ASSERT_EQ(Mean(empty.t, d0.a, false, ACL_FLOAT, out.t), 0) << LastError();
    for (double v : out.Values()) EXPECT_TRUE(std::isnan(v));
    Dev z({7.5}, at::kFloat, {});
    OwnedIntArray none({});
    Dev zout(Zeros(1), at::kFloat, {});
    ASSERT_EQ(Mean(z.t, none.a, false, ACL_FLOAT, zout.t), 0) << LastError();
    EXPECT_EQ(zout.Values(), (std::vector<double>{7.5}));
}

TEST(ReferenceMathMean, ChecksInOrder) {
    Dev self(k34, at::kFloat, {3, 4});
    Dev out(Zeros(3), at::kFloat, {3});
    Dev bout(Zeros(3), at::kBool, {3});
    Dev wide(Zeros(4), at::kFloat, {4});
    Dev cplx(Zeros(2), at::kComplexFloat, {2});
    Dev empty(Zeros(0), at::kFloat, {0, 3});
    OwnedIntArray d1({1}), bad({2}), twice({1, -1});
    auto mean = [](const aclTensor* s, const aclIntArray* d, aclDataType dt, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnMeanGetWorkspaceSize(s, d, false, dt, o, ws, ex); };
    };
    ExpectFails(mean(nullptr, d1.a, ACL_FLOAT, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [self] but instead found nullptr.");
    ExpectFails(mean(self.t, nullptr, ACL_FLOAT, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclIntArray] for argument [dim] but instead found nullptr.");
    ExpectFails(mean(self.t, d1.a, ACL_FLOAT, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [out] but instead found nullptr.");
    ExpectFails(mean(self.t, d1.a, ACL_BOOL, out.t), ACLNN_ERR_PARAM_INVALID,
                "type DT_BOOL should be in dtype support list [DT_FLOAT, DT_INT32, DT_INT64, DT_FLOAT16, DT_INT16, "
                "DT_INT8, DT_UINT8, DT_DOUBLE, DT_BF16, DT_COMPLEX64, DT_COMPLEX128].");
    ExpectFails(mean(self.t, d1.a, ACL_FLOAT, bout.t), ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_BOOL");
    ExpectFails(mean(self.t, d1.a, ACL_INT32, out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(mean(self.t, bad.a, ACL_FLOAT, out.t), ACLNN_ERR_PARAM_INVALID,
                "provided dim 2 must be in the range of [-2, 1].");
    ExpectFails(mean(self.t, twice.a, ACL_FLOAT, out.t), ACLNN_ERR_PARAM_INVALID, "provided dim -1 is repeated.");
    ExpectFails(mean(self.t, d1.a, ACL_FLOAT, wide.t), ACLNN_ERR_PARAM_INVALID,
                "The tensor's shape[[3]] is not equal with shape[[4]].");
    // an empty self: out's dtype in the fill's list (no complex)
    ExpectFails(mean(empty.t, d1.a, ACL_COMPLEX64, cplx.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out not implemented for DT_COMPLEX64");
}

// BF16 outside the Ascend 910's list
TEST(ReferenceMathMean, Bf16RefusedOnAscend910) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev bf(k34, at::kBFloat16, {3, 4});
    Dev out(Zeros(3), at::kFloat, {3});
    OwnedIntArray d1({1});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMeanGetWorkspaceSize(bf.t, d1.a, false, ACL_FLOAT, out.t, ws, ex);
        }, ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_INT32, "
                "DT_INT64, DT_FLOAT16, DT_INT16, DT_INT8, DT_UINT8, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128.");
}

// MeanV2: noopWithEmptyAxes copies self for an empty list, reduces every dim without it; out's dtype self's
TEST(ReferenceMathMean, V2NoopAndSameDtype) {
    Dev self(k34, at::kFloat, {3, 4});
    OwnedIntArray none({}), d0({0});
    Dev copy(Zeros(12), at::kFloat, {3, 4});
    ASSERT_EQ(MeanV2(self.t, none.a, false, true, copy.t), 0) << LastError();
    EXPECT_EQ(copy.Values(), k34);
    Dev all(Zeros(1), at::kFloat, {});
    ASSERT_EQ(MeanV2(self.t, none.a, false, false, all.t), 0) << LastError();
    EXPECT_NEAR(all.Values()[0], 15.0 / 12.0, 1e-6);
    Dev cols(Zeros(4), at::kFloat, {1, 4});
    ASSERT_EQ(MeanV2(self.t, d0.a, true, false, cols.t), 0) << LastError();
    const std::vector<double> want = {3, 1, 5.0 / 3.0, -2.0 / 3.0};
    for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(cols.Values()[i], want[i], 1e-6) << i;
    Dev hout(Zeros(4), at::kHalf, {4});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMeanV2GetWorkspaceSize(self.t, d0.a, false, false, hout.t, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_FLOAT16.");
    Dev small(Zeros(4), at::kFloat, {4});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMeanV2GetWorkspaceSize(self.t, none.a, false, true, small.t, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID, "The tensor's shape[[3,4]] is not equal with shape[[4]].");
}

// ================================================================================ Prod / ProdDim

int Prod(const aclTensor* self, aclDataType dt, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnProdGetWorkspaceSize(self, dt, out, ws, ex); },
                     aclnnProd);
}
int ProdDim(const aclTensor* self, int64_t dim, bool keep, aclDataType dt, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnProdDimGetWorkspaceSize(self, dim, keep, dt, out, ws, ex);
        },
        aclnnProdDim);
}

TEST(ReferenceMathProd, ValuesDtypesAndEmpty) {
    Dev self({1, 2, 3, -1, 0.5, 4}, at::kFloat, {3, 2}, {1, 3});  // the transposed view of a [2, 3] storage
    Dev out(Zeros(1), at::kFloat, {});
    ASSERT_EQ(Prod(self.t, ACL_FLOAT, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{-12}));
    Dev rows(Zeros(3), at::kFloat, {3});
    ASSERT_EQ(ProdDim(self.t, 1, false, ACL_FLOAT, rows.t), 0) << LastError();
    EXPECT_EQ(rows.Values(), (std::vector<double>{-1, 1, 12}));
    Dev keep(Zeros(2), at::kFloat, {1, 2});
    ASSERT_EQ(ProdDim(self.t, -2, true, ACL_FLOAT, keep.t), 0) << LastError();
    EXPECT_EQ(keep.Values(), (std::vector<double>{6, -2}));
    // INT32 into INT64 (self cast to dtype), INT8 wrapping in its own dtype, a BOOL product
    Dev ints({100000, 100000, 3}, at::kInt, {3});
    Dev lout(Zeros(1), at::kLong, {});
    ASSERT_EQ(Prod(ints.t, ACL_INT64, lout.t), 0) << LastError();
    EXPECT_EQ(lout.Values(), (std::vector<double>{3e10}));
    Dev i8({16, 16}, at::kChar, {2});
    Dev i8out(Zeros(1), at::kChar, {});
    ASSERT_EQ(Prod(i8.t, ACL_INT8, i8out.t), 0) << LastError();
    EXPECT_EQ(i8out.Values(), (std::vector<double>{0}));
    Dev b({1, 2, 0, 3}, at::kFloat, {2, 2});
    Dev bout(Zeros(2), at::kBool, {2});
    ASSERT_EQ(ProdDim(b.t, 1, false, ACL_BOOL, bout.t), 0) << LastError();
    EXPECT_EQ(bout.Values(), (std::vector<double>{1, 0}));
    // an empty self fills out with 1
    Dev empty(Zeros(0), at::kFloat, {0, 2});
    Dev eout(Zeros(2), at::kFloat, {2});
    ASSERT_EQ(ProdDim(empty.t, 0, false, ACL_FLOAT, eout.t), 0) << LastError();
    EXPECT_EQ(eout.Values(), (std::vector<double>{1, 1}));
}

TEST(ReferenceMathProd, ChecksInOrder) {
    Dev self(k34, at::kFloat, {3, 4});
    Dev out(Zeros(1), at::kFloat, {});
    Dev rows(Zeros(3), at::kFloat, {3});
    Dev cplx(Zeros(2), at::kComplexFloat, {});
    Dev empty(Zeros(0), at::kFloat, {0, 3});
    auto prod = [](const aclTensor* s, aclDataType dt, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnProdGetWorkspaceSize(s, dt, o, ws, ex); };
    };
    auto prod_dim = [](const aclTensor* s, int64_t d, aclDataType dt, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnProdDimGetWorkspaceSize(s, d, false, dt, o, ws, ex); };
    };
    ExpectFails(prod(nullptr, ACL_FLOAT, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [self] but instead found nullptr.");
    ExpectFails(prod(self.t, ACL_FLOAT, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [out] but instead found nullptr.");
    ExpectFails(prod(self.t, ACL_INT32, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_INT32 but found DT_FLOAT.");
    ExpectFails(prod(self.t, ACL_FLOAT, rows.t), ACLNN_ERR_PARAM_INVALID,
                "The tensor's shape[[]] is not equal with shape[[3]].");
    ExpectFails(prod_dim(self.t, 2, ACL_FLOAT, rows.t), ACLNN_ERR_PARAM_INVALID,
                "Expected dim to be in range of [-2, 1], but got 2.");
    ExpectFails(prod_dim(self.t, 0, ACL_FLOAT, rows.t), ACLNN_ERR_PARAM_INVALID,
                "The tensor's shape[[4]] is not equal with shape[[3]].");
    ExpectFails(prod(empty.t, ACL_COMPLEX64, cplx.t), ACLNN_ERR_PARAM_INVALID,
                "when input is empty tensor, out cann not be DT_COMPLEX64");
}

TEST(ReferenceMathProd, Bf16RefusedOnAscend310P) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dev bf(k34, at::kBFloat16, {3, 4});
    Dev out(Zeros(1), at::kFloat, {});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnProdGetWorkspaceSize(bf.t, ACL_FLOAT, out.t, ws, ex); }, ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_DOUBLE, DT_INT8, DT_UINT8, DT_INT16, DT_INT32, DT_INT64, DT_BOOL, DT_COMPLEX64, DT_COMPLEX128.");
}

// ================================================================================ ReduceNansum

int Nansum(const aclTensor* self, const aclIntArray* dim, bool keep, aclDataType dt, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnReduceNansumGetWorkspaceSize(self, dim, keep, dt, out, ws, ex);
        },
        aclnnReduceNansum);
}

// Atlas A2's list (the integers and BOOL; the default product, the Ascend 950, takes FLOAT, FLOAT16, BF16 only)
TEST(ReferenceMathNansum, NaNCountsAsZero) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev self({1, kNaN, 2, kNaN, kNaN, 4}, at::kFloat, {2, 3});
    OwnedIntArray d1({1}), none({});
    Dev out(Zeros(2), at::kFloat, {2});
    ASSERT_EQ(Nansum(self.t, d1.a, false, ACL_FLOAT, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{3, 4}));
    Dev all(Zeros(1), at::kFloat, {1, 1});
    ASSERT_EQ(Nansum(self.t, none.a, true, ACL_FLOAT, all.t), 0) << LastError();
    EXPECT_EQ(all.Values(), (std::vector<double>{7}));
    Dev ints(k34, at::kInt, {3, 4});
    Dev iout(Zeros(4), at::kInt, {4});
    OwnedIntArray d0({0});
    ASSERT_EQ(Nansum(ints.t, d0.a, false, ACL_INT32, iout.t), 0) << LastError();
    EXPECT_EQ(iout.Values(), (std::vector<double>{9, 3, 5, -2}));
    Dev b({0, 0, 1, 0}, at::kBool, {2, 2});
    Dev bout(Zeros(2), at::kBool, {2});
    ASSERT_EQ(Nansum(b.t, d1.a, false, ACL_BOOL, bout.t), 0) << LastError();
    EXPECT_EQ(bout.Values(), (std::vector<double>{0, 1}));
    Dev empty(Zeros(0), at::kFloat, {0, 2});
    Dev eout(Zeros(2, 3), at::kFloat, {2});
    ASSERT_EQ(Nansum(empty.t, d0.a, false, ACL_FLOAT, eout.t), 0) << LastError();
    EXPECT_EQ(eout.Values(), Zeros(2));
}

TEST(ReferenceMathNansum, ChecksPerProduct) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev self(k34, at::kFloat, {3, 4});
    Dev out(Zeros(3), at::kFloat, {3});
    Dev iout(Zeros(3), at::kInt, {3});
    OwnedIntArray d1({1}), twice({1, -1});
    auto nansum = [](const aclTensor* s, const aclIntArray* d, aclDataType dt, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnReduceNansumGetWorkspaceSize(s, d, false, dt, o, ws, ex);
        };
    };
    ExpectFails(nansum(self.t, nullptr, ACL_FLOAT, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclIntArray] for argument [dim] but instead found nullptr.");
    ExpectFails(nansum(self.t, d1.a, ACL_INT32, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_INT32 but found DT_FLOAT.");
    ExpectFails(nansum(self.t, d1.a, ACL_INT32, iout.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(nansum(self.t, twice.a, ACL_FLOAT, out.t), ACLNN_ERR_PARAM_INVALID,
                "Dim 1 appears multiple times in the list of dims.");
}

int NansumPhase1(const aclTensor* s, const aclIntArray* d, aclDataType dt, aclTensor* o, uint64_t* ws,
                 aclOpExecutor** ex) {
    return aclnnReduceNansumGetWorkspaceSize(s, d, false, dt, o, ws, ex);
}

TEST(ReferenceMathNansum, Ascend950ShortList) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    Dev ints(k34, at::kInt, {3, 4});
    Dev iout(Zeros(3), at::kInt, {3});
    OwnedIntArray d1({1});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return NansumPhase1(ints.t, d1.a, ACL_INT32, iout.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_BF16.");
}

TEST(ReferenceMathNansum, RefusedOnAscend910) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev self(k34, at::kFloat, {3, 4});
    Dev out(Zeros(3), at::kFloat, {3});
    OwnedIntArray d1({1});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return NansumPhase1(self.t, d1.a, ACL_FLOAT, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "ReduceNansum is not supported on this device.");
}

// ================================================================================ GroupedBiasAddGrad / V2

TEST(ReferenceMathGroupedBiasAddGrad, GroupsAndChecks) {
    // gradY [5, 2]: rows 0..4 = (1, 10), (2, 20), (3, 30), (4, 40), (5, 50)
    Dev g({1, 10, 2, 20, 3, 30, 4, 40, 5, 50}, at::kFloat, {5, 2});
    Dev ends({2, 5}, at::kLong, {2});
    Dev out({0, 0, 0, 0}, at::kFloat, {2, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnGroupedBiasAddGradGetWorkspaceSize(g.t, ends.t, out.t, ws, ex);
              },
                        aclnnGroupedBiasAddGrad),
              0)
        << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{3, 30, 12, 120}));
    // groupIdxType 1: group sizes 1 and 4
    Dev sizes({1, 4}, at::kInt, {2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnGroupedBiasAddGradV2GetWorkspaceSize(g.t, sizes.t, 1, out.t, ws, ex);
              },
                        aclnnGroupedBiasAddGradV2),
              0)
        << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1, 10, 14, 140}));
    // no groupIdx: gradY [G, C, H] summed over C
    Dev g3({1, 2, 3, 4, 5, 6, 7, 8}, at::kFloat, {2, 2, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnGroupedBiasAddGradGetWorkspaceSize(g3.t, nullptr, out.t, ws, ex);
              },
                        aclnnGroupedBiasAddGrad),
              0)
        << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{4, 6, 12, 14}));
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnGroupedBiasAddGradGetWorkspaceSize(g.t, nullptr, out.t, ws, ex);
                },
                ACLNN_ERR_PARAM_INVALID, "the grad_y of input should be 3D tensor when group_idx is null.");
    Dev wide({0, 0, 0}, at::kFloat, {1, 3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnGroupedBiasAddGradGetWorkspaceSize(g.t, ends.t, wide.t, ws, ex);
                },
                ACLNN_ERR_PARAM_INVALID, "The shape of out should be [2, 2], but got [1, 3].");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnGroupedBiasAddGradV2GetWorkspaceSize(g.t, ends.t, 2, out.t, ws, ex);
                },
                ACLNN_ERR_PARAM_INVALID, "group_idx_type should be 0 or 1, but current is 2");
}

}  // namespace math_reduce_reference_test
