// The operators added to the nn_index and nn_loss families in their second round (ops/families/nn_index.yaml,
// ops/families/nn_loss.yaml; docs/ops/nn_index.md, docs/ops/nn_loss.md) through the public API: aclnnIndex and
// aclnnIndexPutImpl (a tensor list of indices), aclnnScatterDiv / Mul / Max / Min, aclnnBucketize, aclnnMseLossOut,
// aclnnMultilabelMarginLoss. Each formula against values worked out here by hand (loops, closed forms), each
// attribute's mapping, the empty paths, and the checks in CANN's order with its codes and messages (null -> 161001;
// refused dtypes and shapes, per product where the lists differ -> 161002; the tiling's 561002). The table-driven
// suite (reference_table_test.cpp) runs each entry's cases on transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "aclnnop/aclnn_apply_top_k_top_p.h"
#include "aclnnop/aclnn_bucketize.h"
#include "aclnnop/aclnn_chamfer_distance_backward.h"
#include "aclnnop/aclnn_cross_entropy_loss.h"
#include "aclnnop/aclnn_ctc_loss.h"
#include "aclnnop/aclnn_fused_cross_entropy_loss_with_max_sum.h"
#include "aclnnop/aclnn_cross_entropy_loss_grad.h"
#include "aclnnop/aclnn_index.h"
#include "aclnnop/aclnn_index_put_impl.h"
#include "aclnnop/aclnn_mse_loss_out.h"
#include "aclnnop/aclnn_multilabel_margin_loss.h"
#include "aclnnop/aclnn_scatter_div.h"
#include "aclnnop/aclnn_scatter_max.h"
#include "aclnnop/aclnn_scatter_min.h"
#include "aclnnop/aclnn_scatter_mul.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace nn_index2_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::DevList;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::MakeDev;
using aclcpu_test::RunPhases;

void ExpectNear(const Dev& d, const std::vector<double>& want, double tol = 1e-6) {
    const std::vector<double> got = d.Values();
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(got[i], want[i], tol) << "element " << i;
}

std::vector<double> Iota(int n, double start = 1.0) {
    std::vector<double> v;
    for (int i = 0; i < n; ++i) v.push_back(start + i);
    return v;
}

/// A list of index tensors: each {values, dtype, shape}.
struct Idx {
    std::vector<double> v;
    at::ScalarType t;
    std::vector<int64_t> shape;
};
std::unique_ptr<DevList> List(const std::vector<Idx>& items) {
    std::vector<std::unique_ptr<Dev>> devs;
    for (const Idx& x : items) devs.push_back(MakeDev(x.v, x.t, x.shape));
    return std::unique_ptr<DevList>(new DevList(std::move(devs)));
}

// ================================================================================ Index

int Index(const aclTensor* self, const aclTensorList* indices, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnIndexGetWorkspaceSize(self, indices, out, ws, ex);
    }, aclnnIndex);
}

// CANN's example: self[0, 2] of a [3, 4] matrix; an empty index standing for a whole dim with INT32 indices (a
// negative one counted from the end); two indices separated by a whole dim (the broadcast dims first).
TEST(ReferenceNnIndex2Index, ValuesByHand) {
    Dev self(Iota(12), at::kFloat, {3, 4});
    {
        auto l = List({{{0}, at::kLong, {1}}, {{2}, at::kLong, {1}}});
        Dev out({0}, at::kFloat, {1});
        ASSERT_EQ(Index(self.t, l->list, out.t), 0) << LastError();
        ExpectNear(out, {3});
    }
    {
        auto l = List({{{}, at::kLong, {0}}, {{3, -1}, at::kInt, {2}}});
        Dev out(std::vector<double>(6), at::kFloat, {3, 2});
        ASSERT_EQ(Index(self.t, l->list, out.t), 0) << LastError();
        ExpectNear(out, {4, 4, 8, 8, 12, 12});
    }
    {
        Dev cube(Iota(24, 0.0), at::kFloat, {2, 3, 4});  // cube[i][j][k] = 12 i + 4 j + k
        auto l = List({{{1, 0}, at::kLong, {2}}, {{}, at::kLong, {0}}, {{3, 0}, at::kLong, {2}}});
        Dev out(std::vector<double>(6), at::kFloat, {2, 3});
        ASSERT_EQ(Index(cube.t, l->list, out.t), 0) << LastError();
        std::vector<double> want;
        const int is[2] = {1, 0}, ks[2] = {3, 0};
        for (int m = 0; m < 2; ++m) {
            for (int j = 0; j < 3; ++j) want.push_back(12 * is[m] + 4 * j + ks[m]);
        }
        ExpectNear(out, want);
    }
}

// A BOOL mask selects the true positions (a data-dependent count: the second phase checks it against out's).
TEST(ReferenceNnIndex2Index, BoolMaskAndSecondPhaseErrors) {
    Dev self({1, 2, 3, 4}, at::kFloat, {4});
    auto mask = List({{{1, 0, 1, 0}, at::kBool, {4}}});
    Dev out({0, 0}, at::kFloat, {2});
    ASSERT_EQ(Index(self.t, mask->list, out.t), 0) << LastError();
    ExpectNear(out, {1, 3});
    Dev out3(std::vector<double>(3), at::kFloat, {3});
    EXPECT_EQ(Index(self.t, mask->list, out3.t), ACLNN_ERR_INNER);
    auto far = List({{{4}, at::kLong, {1}}});
    Dev out1({0}, at::kFloat, {1});
    EXPECT_EQ(Index(self.t, far->list, out1.t), ACLNN_ERR_INNER);  // index 4 of a dim of 4
}

TEST(ReferenceNnIndex2Index, ChecksInCannOrder) {
    auto call = [](const aclTensor* s, const aclTensorList* l, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnIndexGetWorkspaceSize(s, l, o, ws, ex); };
    };
    Dev self(Iota(12), at::kFloat, {3, 4});
    Dev out({0, 0}, at::kFloat, {2});
    auto l = List({{{0, 1}, at::kLong, {2}}});
    ExpectFails(call(nullptr, l->list, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument self.");
    ExpectFails(call(self.t, l->list, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument out.");
    ExpectFails(call(self.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument indices.");
    aclTensor* none = nullptr;
    aclTensorList* holes = aclCreateTensorList(&none, 1);
    ExpectFails(call(self.t, holes, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument (*indices)[i].");
    aclDestroyTensorList(holes);
    Dev out_h({0, 0}, at::kHalf, {2});
    ExpectFails(call(self.t, l->list, out_h.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self expected dtype is DT_FLOAT16 but found DT_FLOAT.");
    auto lf = List({{{0, 1}, at::kFloat, {2}}});
    ExpectFails(call(self.t, lf->list, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor (*indices)[i] not implemented for DT_FLOAT, should be in dtype support list DT_INT64, DT_INT32, "
                "DT_BOOL.");
    Dev out_wrong(std::vector<double>(3), at::kFloat, {3});
    ExpectFails(call(self.t, l->list, out_wrong.t), ACLNN_ERR_PARAM_INVALID,
                "The shape of out is [3], but the result's is [2,4].");
    // BF16: refused on the Ascend910 only (SocVersion below ASCEND910B; the Ascend310P's enum value is above it)
    Dev self_bf(Iota(12), at::kBFloat16, {3, 4});
    Dev out_bf(std::vector<double>(8), at::kBFloat16, {2, 4});
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        ExpectFails(call(self_bf.t, l->list, out_bf.t), ACLNN_ERR_PARAM_INVALID,
                    "self not implemented for DT_BF16, when SocVersion is less than ASCEND910B.");
    }
    {
        // a profile switch starts a new runtime: the tensors are made inside the scope
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        Dev self_bf2(Iota(12), at::kBFloat16, {3, 4});
        Dev out_bf2(std::vector<double>(8), at::kBFloat16, {2, 4});
        auto l2 = List({{{0, 1}, at::kLong, {2}}});
        ASSERT_EQ(Index(self_bf2.t, l2->list, out_bf2.t), 0) << LastError();
        ExpectNear(out_bf2, Iota(8));
        // COMPLEX64: the Ascend 950's list only
        Dev self_c(std::vector<double>(4), at::kFloat, {2}, {}, 0, ACL_COMPLEX64);
        Dev out_c(std::vector<double>(4), at::kFloat, {2}, {}, 0, ACL_COMPLEX64);
        ExpectFails(call(self_c.t, l->list, out_c.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_COMPLEX64, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                    "DT_INT64, DT_INT32, DT_BOOL, DT_INT8, DT_UINT8, DT_BF16, DT_DOUBLE, DT_INT16.");
    }
}

// ================================================================================ IndexPutImpl

int IndexPut(aclTensor* self, const aclTensorList* indices, const aclTensor* values, bool accumulate) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnIndexPutImplGetWorkspaceSize(self, indices, values, accumulate, false, ws, ex);
    }, aclnnIndexPutImpl);
}

TEST(ReferenceNnIndex2IndexPut, AccumulateAndReplace) {
    {
        Dev self({0, 0, 0}, at::kFloat, {3});
        auto l = List({{{0, 0, 2}, at::kLong, {3}}});
        Dev values({1, 2, 3}, at::kFloat, {3});
        ASSERT_EQ(IndexPut(self.t, l->list, values.t, true), 0) << LastError();
        ExpectNear(self, {3, 0, 3});
    }
    {
        // rows 1 and 0 replaced by a broadcast row; an INT32 index
        Dev self(Iota(6), at::kFloat, {2, 3});
        auto l = List({{{1, 0}, at::kInt, {2}}});
        Dev values({7, 8, 9}, at::kFloat, {3});
        ASSERT_EQ(IndexPut(self.t, l->list, values.t, false), 0) << LastError();
        ExpectNear(self, {7, 8, 9, 7, 8, 9});
    }
    {
        // an empty index stands for the whole dim 0: column 2 of every row gets 5
        Dev self(Iota(6), at::kFloat, {2, 3});
        auto l = List({{{}, at::kLong, {0}}, {{2}, at::kLong, {1}}});
        Dev values({5}, at::kFloat, {1});
        ASSERT_EQ(IndexPut(self.t, l->list, values.t, false), 0) << LastError();
        ExpectNear(self, {1, 2, 5, 4, 5, 5});
    }
    {
        // FLOAT16 summed in FLOAT and rounded once: 2048 + 1 + 1 is 2050 (2048 + 1 alone rounds to 2048 in FLOAT16)
        Dev self({2048}, at::kHalf, {1});
        auto l = List({{{0, 0}, at::kLong, {2}}});
        Dev values({1, 1}, at::kHalf, {2});
        ASSERT_EQ(IndexPut(self.t, l->list, values.t, true), 0) << LastError();
        ExpectNear(self, {2050});
    }
    {
        // a BOOL mask of self's shape
        Dev self({1, 2, 3, 4}, at::kFloat, {2, 2});
        auto l = List({{{1, 0, 0, 1}, at::kBool, {2, 2}}});
        Dev values({-1}, at::kFloat, {1});
        ASSERT_EQ(IndexPut(self.t, l->list, values.t, false), 0) << LastError();
        ExpectNear(self, {-1, 2, 3, -1});
    }
}

TEST(ReferenceNnIndex2IndexPut, ChecksInCannOrder) {
    auto call = [](aclTensor* s, const aclTensorList* l, const aclTensor* v) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnIndexPutImplGetWorkspaceSize(s, l, v, false, false, ws, ex);
        };
    };
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev values({1}, at::kFloat, {1});
    auto l = List({{{0}, at::kLong, {1}}});
    ExpectFails(call(nullptr, l->list, values.t), ACLNN_ERR_PARAM_NULLPTR, "argument self.");
    ExpectFails(call(self.t, l->list, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument values.");
    ExpectFails(call(self.t, nullptr, values.t), ACLNN_ERR_PARAM_NULLPTR, "argument indices.");
    Dev values_u16({1}, at::kShort, {1}, {}, 0, ACL_UINT16);
    ExpectFails(call(self.t, l->list, values_u16.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor value not implemented for DT_UINT16, should be in dtype support list DT_FLOAT, DT_INT32, "
                "DT_INT64, DT_FLOAT16, DT_INT16, DT_INT8, DT_UINT8, DT_DOUBLE, DT_BOOL, DT_BF16.");
    Dev values_h({1}, at::kHalf, {1});
    ExpectFails(call(self.t, l->list, values_h.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor selfRef expected dtype is DT_FLOAT16 but found DT_FLOAT.");
    auto l3 = List({{{0}, at::kLong, {1}}, {{0}, at::kLong, {1}}, {{0}, at::kLong, {1}}});
    ExpectFails(call(self.t, l3->list, values.t), ACLNN_ERR_PARAM_INVALID, "indicesSize must <= self DimSize.");
    auto mask = List({{{1, 0}, at::kBool, {2}}, {{1, 0}, at::kBool, {2}}});
    ExpectFails(call(self.t, mask->list, values.t), ACLNN_ERR_PARAM_INVALID,
                "The shape of the bool mask at indices[1] dim 0 (size 2) does not match the shape of the indexed "
                "tensor at dimension 1 (size 3).");
    Dev self_bf(Iota(6), at::kBFloat16, {2, 3});
    Dev values_bf({1}, at::kBFloat16, {1});
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        ExpectFails(call(self_bf.t, l->list, values_bf.t), ACLNN_ERR_PARAM_INVALID,
                    "self not implemented for DT_BF16, when SocVersion is less than ASCEND910B.");
        ExpectFails(call(self.t, l->list, values_bf.t), ACLNN_ERR_PARAM_INVALID,
                    "value not implemented for DT_BF16, when SocVersion is less than ASCEND910B.");
    }
}

// ================================================================================ ScatterDiv / Mul / Max / Min

using ScatterWs = aclnnStatus (*)(aclTensor*, const aclTensor*, const aclTensor*, bool, uint64_t*, aclOpExecutor**);
using ScatterRun = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

int TfScatter(ScatterWs ws_fn, ScatterRun run, aclTensor* var, const aclTensor* idx, const aclTensor* upd) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return ws_fn(var, idx, upd, false, ws, ex); }, run);
}

// CANN's example (var [3, 2], rows 0 and 2 updated) for each mode, and a row updated twice (applied in turn).
TEST(ReferenceNnIndex2TfScatter, ExampleAndRepeatedRows) {
    const ScatterWs ws_fns[4] = {aclnnScatterDivGetWorkspaceSize, aclnnScatterMulGetWorkspaceSize,
                                 aclnnScatterMaxGetWorkspaceSize, aclnnScatterMinGetWorkspaceSize};
    const ScatterRun runs[4] = {aclnnScatterDiv, aclnnScatterMul, aclnnScatterMax, aclnnScatterMin};
    const std::vector<double> var_v = {1, 2, 3, 4, 5, 6}, upd_v = {10, 20, 30, 40};
    const std::vector<double> want[4] = {{0.1, 0.1, 3, 4, 5.0 / 30, 6.0 / 40},
                                         {10, 40, 3, 4, 150, 240},
                                         {10, 20, 3, 4, 30, 40},
                                         {1, 2, 3, 4, 5, 6}};
    for (int m = 0; m < 4; ++m) {
        Dev var(var_v, at::kFloat, {3, 2});
        Dev idx({0, 2}, at::kInt, {2});
        Dev upd(upd_v, at::kFloat, {2, 2});
        ASSERT_EQ(TfScatter(ws_fns[m], runs[m], var.t, idx.t, upd.t), 0) << "mode " << m << ": " << LastError();
        ExpectNear(var, want[m]);
    }
    // row 1 twice: 8 / 2 / 4 = 1; 8 * 2 * 4 = 64; max(8, 2, 4) = 8; min(8, 2, 4) = 2
    const double twice[4] = {1, 64, 8, 2};
    for (int m = 0; m < 4; ++m) {
        Dev var({0, 8}, at::kFloat, {2});
        Dev idx({1, 1}, at::kLong, {2});
        Dev upd({2, 4}, at::kFloat, {2});
        ASSERT_EQ(TfScatter(ws_fns[m], runs[m], var.t, idx.t, upd.t), 0) << LastError();
        ExpectNear(var, {0, twice[m]});
    }
    // integer division truncates toward zero; INT8 products wrap once (computed in INT32): 100 * 3 = 300 -> 44
    Dev ivar({7, -7}, at::kInt, {2});
    Dev iidx({0, 1}, at::kLong, {2});
    Dev iupd({2, 2}, at::kInt, {2});
    ASSERT_EQ(TfScatter(ws_fns[0], runs[0], ivar.t, iidx.t, iupd.t), 0) << LastError();
    ExpectNear(ivar, {3, -3});
    Dev bvar({100}, at::kChar, {1});
    Dev bidx({0}, at::kLong, {1});
    Dev bupd({3}, at::kChar, {1});
    ASSERT_EQ(TfScatter(ws_fns[1], runs[1], bvar.t, bidx.t, bupd.t), 0) << LastError();
    ExpectNear(bvar, {44});
    // an index outside [0, var.size(0)): the second phase fails cleanly
    Dev var({1, 2}, at::kFloat, {2});
    Dev far({2}, at::kLong, {1});
    Dev one({1}, at::kFloat, {1});
    EXPECT_EQ(TfScatter(ws_fns[2], runs[2], var.t, far.t, one.t), ACLNN_ERR_INNER);
}

TEST(ReferenceNnIndex2TfScatter, Checks) {
    auto call = [](aclTensor* v, const aclTensor* i, const aclTensor* u) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnScatterMaxGetWorkspaceSize(v, i, u, false, ws, ex); };
    };
    Dev var(Iota(6), at::kFloat, {3, 2});
    Dev idx({0, 2}, at::kInt, {2});
    Dev upd(Iota(4), at::kFloat, {2, 2});
    ExpectFails(call(nullptr, idx.t, upd.t), ACLNN_ERR_PARAM_NULLPTR, "argument varRef.");
    ExpectFails(call(var.t, nullptr, upd.t), ACLNN_ERR_PARAM_NULLPTR, "argument indices.");
    ExpectFails(call(var.t, idx.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument updates.");
    Dev var_d(Iota(6), at::kDouble, {3, 2});
    Dev upd_d(Iota(4), at::kDouble, {2, 2});
    ExpectFails(call(var_d.t, idx.t, upd_d.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor varRef not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT16, DT_FLOAT, "
                "DT_INT32, DT_INT8, DT_UINT8.");
    Dev upd_h(Iota(4), at::kHalf, {2, 2});
    ExpectFails(call(var.t, idx.t, upd_h.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor updates expected dtype is DT_FLOAT but found DT_FLOAT16.");
    Dev upd_bad(Iota(6), at::kFloat, {2, 3});
    ExpectFails(call(var.t, idx.t, upd_bad.t), ACLNN_ERR_INNER_TILING_ERROR,
                "updatesShape should equal varShape except for the first dimension");
    Dev upd_rank(Iota(2), at::kFloat, {2});
    ExpectFails(call(var.t, idx.t, upd_rank.t), ACLNN_ERR_INNER_TILING_ERROR,
                "updatesDimNum must equal indicesDimNum + varDimNum - 1");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        ExpectFails(call(var.t, idx.t, upd.t), ACLNN_ERR_PARAM_INVALID, "is not supported on");
    }
}

// ================================================================================ Bucketize

int Bucketize(const aclTensor* self, const aclTensor* b, bool outInt32, bool right, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnBucketizeGetWorkspaceSize(self, b, outInt32, right, out, ws, ex);
    }, aclnnBucketize);
}

TEST(ReferenceNnIndex2Bucketize, RightAndOutDtype) {
    Dev self({1, 2, 3, 4, 7}, at::kFloat, {5});
    Dev b({2, 4, 6}, at::kFloat, {3});
    Dev out(std::vector<double>(5), at::kLong, {5});
    ASSERT_EQ(Bucketize(self.t, b.t, false, false, out.t), 0) << LastError();
    ExpectNear(out, {0, 0, 1, 1, 3});  // x <= b[i]: the first such i
    Dev out32(std::vector<double>(5), at::kInt, {5});
    ASSERT_EQ(Bucketize(self.t, b.t, true, true, out32.t), 0) << LastError();
    ExpectNear(out32, {0, 1, 1, 2, 3});  // x < b[i]
    // an INT32 self against FLOAT16 boundaries (compared in their promote type, FLOAT16)
    Dev iself({0, 5}, at::kInt, {2});
    Dev hb({0.5, 4.5}, at::kHalf, {2});
    Dev out2(std::vector<double>(2), at::kLong, {2});
    ASSERT_EQ(Bucketize(iself.t, hb.t, false, false, out2.t), 0) << LastError();
    ExpectNear(out2, {0, 2});
    // empty boundaries: every element 0
    Dev none(std::vector<double>(), at::kFloat, {0});
    Dev out3({9, 9, 9, 9, 9}, at::kLong, {5});
    ASSERT_EQ(Bucketize(self.t, none.t, false, false, out3.t), 0) << LastError();
    ExpectNear(out3, {0, 0, 0, 0, 0});
}

TEST(ReferenceNnIndex2Bucketize, Checks) {
    auto call = [](const aclTensor* s, const aclTensor* b, bool i32, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnBucketizeGetWorkspaceSize(s, b, i32, false, o, ws, ex); };
    };
    Dev self({1, 2}, at::kFloat, {2});
    Dev b({1}, at::kFloat, {1});
    Dev out({0, 0}, at::kLong, {2});
    ExpectFails(call(nullptr, b.t, false, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument self.");
    ExpectFails(call(self.t, nullptr, false, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument boundaries.");
    ExpectFails(call(self.t, b.t, false, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument out.");
    Dev bd({1}, at::kDouble, {1});
    ExpectFails(call(self.t, bd.t, false, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor boundaries not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_INT32, DT_INT16, DT_BF16, DT_INT8, DT_UINT8, DT_INT64.");
    ExpectFails(call(self.t, b.t, true, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_INT32 but found DT_INT64 when outInt32 is true.");
    Dev out_wrong({0, 0, 0}, at::kLong, {3});
    ExpectFails(call(self.t, b.t, false, out_wrong.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out");
    Dev b2({1, 2}, at::kFloat, {1, 2});
    ExpectFails(call(self.t, b2.t, false, out.t), ACLNN_ERR_PARAM_INVALID, "Expected boundaries to be 1-dimensional");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        ExpectFails(call(self.t, b.t, false, out.t), ACLNN_ERR_INNER, "BucketizeV2 Op not support this Soc Version!");
    }
}

// ================================================================================ MseLossOut (nn_loss)

int MseLossOut(const aclTensor* self, const aclTensor* target, int64_t reduction, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnMseLossOutGetWorkspaceSize(self, target, reduction, out, ws, ex);
    }, aclnnMseLossOut);
}

// mean / sum over dim 0 only (CANN's example: [2, 2] -> [2]); none element-wise with broadcasting.
TEST(ReferenceNnIndex2MseLossOut, ReducesDimZeroOnly) {
    Dev self({1, 2, 3, 4}, at::kFloat, {2, 2});
    Dev target({0, 0, 0, 0}, at::kFloat, {2, 2});
    Dev mean({0, 0}, at::kFloat, {2});
    ASSERT_EQ(MseLossOut(self.t, target.t, 1, mean.t), 0) << LastError();
    ExpectNear(mean, {5, 10});
    Dev sum({0, 0}, at::kFloat, {2});
    ASSERT_EQ(MseLossOut(self.t, target.t, 2, sum.t), 0) << LastError();
    ExpectNear(sum, {10, 20});
    Dev row({1, -1}, at::kFloat, {2});
    Dev none(std::vector<double>(4), at::kFloat, {2, 2});
    ASSERT_EQ(MseLossOut(self.t, row.t, 0, none.t), 0) << LastError();
    ExpectNear(none, {0, 9, 4, 25});
    auto call = [](const aclTensor* s, const aclTensor* t, int64_t r, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnMseLossOutGetWorkspaceSize(s, t, r, o, ws, ex); };
    };
    ExpectFails(call(self.t, target.t, 1, none.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [2], but got [2,2].");
    ExpectFails(call(self.t, target.t, 3, mean.t), ACLNN_ERR_PARAM_INVALID,
                "Expected reduction to be between 0 and 2, but got 3.");
    ExpectFails(call(self.t, nullptr, 1, mean.t), ACLNN_ERR_PARAM_NULLPTR, "argument t1.");  // CheckNotNull3Tensor's name
    Dev self_bf({1, 2, 3, 4}, at::kBFloat16, {2, 2});
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        ExpectFails(call(self_bf.t, target.t, 1, mean.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
    }
}

// ================================================================================ MultilabelMarginLoss (nn_loss)

int Mlm(const aclTensor* self, const aclTensor* target, int64_t reduction, aclTensor* out, aclTensor* isTarget) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnMultilabelMarginLossGetWorkspaceSize(self, target, reduction, out, isTarget, ws, ex);
    }, aclnnMultilabelMarginLoss);
}

/// The loss of one sample by hand: targets up to the first negative one, hinge against every other class, / C.
double MlmByHand(const std::vector<double>& x, const std::vector<int>& t) {
    std::vector<bool> is(x.size(), false);
    std::vector<int> js;
    for (int v : t) {
        if (v < 0) break;
        js.push_back(v);
        is[static_cast<size_t>(v)] = true;
    }
    double s = 0;
    for (int j : js) {
        for (size_t i = 0; i < x.size(); ++i) {
            if (!is[i]) s += std::max(0.0, 1.0 - (x[static_cast<size_t>(j)] - x[i]));
        }
    }
    return s / static_cast<double>(x.size());
}

TEST(ReferenceNnIndex2MultilabelMarginLoss, ValuesAndReductions) {
    const std::vector<double> x0 = {0.1, 0.2, 0.4, 0.8}, x1 = {0.5, -1, 2, 0};
    const std::vector<int> t0 = {3, 0, -1, 1}, t1 = {2, -1, 0, 0};
    std::vector<double> xs = x0;
    xs.insert(xs.end(), x1.begin(), x1.end());
    Dev self(xs, at::kFloat, {2, 4});
    Dev target({3, 0, -1, 1, 2, -1, 0, 0}, at::kLong, {2, 4});
    const double l0 = MlmByHand(x0, t0), l1 = MlmByHand(x1, t1);
    EXPECT_NEAR(l0, 0.85, 1e-12);  // PyTorch's documented example
    Dev none({0, 0}, at::kFloat, {2});
    Dev is_t(std::vector<double>(8), at::kFloat, {2, 4});
    ASSERT_EQ(Mlm(self.t, target.t, 0, none.t, is_t.t), 0) << LastError();
    ExpectNear(none, {l0, l1});
    ExpectNear(is_t, {1, 0, 0, 1, 0, 0, 1, 0});
    Dev mean({0}, at::kFloat, {});
    ASSERT_EQ(Mlm(self.t, target.t, 1, mean.t, is_t.t), 0) << LastError();
    ExpectNear(mean, {(l0 + l1) / 2});
    Dev sum({0}, at::kFloat, {1});  // any reduction but 0 and 1 sums
    ASSERT_EQ(Mlm(self.t, target.t, 7, sum.t, is_t.t), 0) << LastError();
    ExpectNear(sum, {l0 + l1});
    // a target value of C or more before the first negative one fails the second phase
    Dev far({4, -1, 0, 0, 0, -1, 0, 0}, at::kInt, {2, 4});
    EXPECT_EQ(Mlm(self.t, far.t, 1, mean.t, is_t.t), ACLNN_ERR_INNER);
}

TEST(ReferenceNnIndex2MultilabelMarginLoss, Checks) {
    auto call = [](const aclTensor* s, const aclTensor* t, int64_t r, aclTensor* o, aclTensor* i) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMultilabelMarginLossGetWorkspaceSize(s, t, r, o, i, ws, ex);
        };
    };
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev target({0, -1, 0, 1, -1, 0}, at::kLong, {2, 3});
    Dev out({0}, at::kFloat, {});
    Dev is_t(std::vector<double>(6), at::kFloat, {2, 3});
    ExpectFails(call(self.t, target.t, 1, out.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument isTarget.");
    Dev target_f({0, -1, 0, 1, -1, 0}, at::kFloat, {2, 3});
    ExpectFails(call(self.t, target_f.t, 1, out.t, is_t.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor target not implemented for DT_FLOAT, should be in dtype support list DT_INT64, DT_INT32.");
    Dev is_h(std::vector<double>(6), at::kHalf, {2, 3});
    ExpectFails(call(self.t, target.t, 1, out.t, is_h.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor isTarget expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(call(self.t, target.t, 0, out.t, is_t.t), ACLNN_ERR_PARAM_INVALID, "Expect out shape [2], but got: [].");
    Dev target_small({0, -1}, at::kLong, {2});
    ExpectFails(call(self.t, target_small.t, 1, out.t, is_t.t), ACLNN_ERR_PARAM_INVALID,
                "inconsistent target size: [2] for self of size: [2,3]");
    Dev self3(Iota(8), at::kFloat, {2, 2, 2});
    ExpectFails(call(self3.t, target.t, 1, out.t, is_t.t), ACLNN_ERR_PARAM_INVALID,
                "Expected non-empty vector or matrix with optional 0-dim batch size, but got: [2,2,2]");
    Dev self_bf(Iota(6), at::kBFloat16, {2, 3});
    Dev out_bf({0}, at::kBFloat16, {});
    Dev is_bf(std::vector<double>(6), at::kBFloat16, {2, 3});
    EXPECT_EQ(Mlm(self_bf.t, target.t, 1, out_bf.t, is_bf.t), 0) << LastError();
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        ExpectFails(call(self_bf.t, target.t, 1, out_bf.t, is_bf.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
    }
}


// ================================================================================ CrossEntropyLoss / Grad (nn_loss)

/// log_softmax of one row, in double.
std::vector<double> LogSoftmaxRow(const std::vector<double>& x) {
    double m = x[0];
    for (double v : x) m = std::max(m, v);
    double s = 0;
    for (double v : x) s += std::exp(v - m);
    std::vector<double> r;
    for (double v : x) r.push_back(v - m - std::log(s));
    return r;
}

int CeLoss(const aclTensor* in, const aclTensor* t, const aclTensor* w, const char* red, int64_t ignore, double smooth,
           aclTensor* loss, aclTensor* lp, aclTensor* z, aclTensor* lse) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "%s", red);
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCrossEntropyLossGetWorkspaceSize(in, t, w, buf, ignore, smooth, 0.0, false, loss, lp, z, lse, ws, ex);
    }, aclnnCrossEntropyLoss);
}

// Two samples of 3 classes: none, weighted mean, an ignored sample, label smoothing; the log-probabilities.
TEST(ReferenceNnIndex2CrossEntropyLoss, ReductionsWeightIgnoreSmoothing) {
    const std::vector<double> x0 = {1, 2, 3}, x1 = {1, 1, 1};
    const std::vector<double> lp0 = LogSoftmaxRow(x0), lp1 = LogSoftmaxRow(x1);
    Dev input({1, 2, 3, 1, 1, 1}, at::kFloat, {2, 3});
    Dev target({2, 0}, at::kLong, {2});
    Dev weight({0.5, 1, 2}, at::kFloat, {3});
    Dev z({7, 7}, at::kFloat, {2});
    Dev lse({7, 7}, at::kFloat, {2});
    Dev loss({0, 0}, at::kFloat, {2});
    Dev lp(std::vector<double>(6), at::kFloat, {2, 3});
    ASSERT_EQ(CeLoss(input.t, target.t, nullptr, "none", -100, 0.0, loss.t, lp.t, z.t, lse.t), 0) << LastError();
    ExpectNear(loss, {-lp0[2], -lp1[0]}, 1e-5);
    ExpectNear(lp, {lp0[0], lp0[1], lp0[2], lp1[0], lp1[1], lp1[2]}, 1e-5);
    ExpectNear(z, {7, 7});  // not computed (documented as not supported)
    Dev mean({0}, at::kFloat, {1});
    ASSERT_EQ(CeLoss(input.t, target.t, weight.t, "mean", -100, 0.0, mean.t, lp.t, z.t, lse.t), 0) << LastError();
    ExpectNear(mean, {(2 * -lp0[2] + 0.5 * -lp1[0]) / 2.5}, 1e-5);
    Dev sum({0}, at::kFloat, {1});
    ASSERT_EQ(CeLoss(input.t, target.t, nullptr, "sum", 0, 0.0, sum.t, lp.t, z.t, lse.t), 0) << LastError();
    ExpectNear(sum, {-lp0[2]}, 1e-5);  // sample 1's target is ignoreIndex 0
    const double s = 0.3;
    ASSERT_EQ(CeLoss(input.t, target.t, nullptr, "none", -100, s, loss.t, lp.t, z.t, lse.t), 0) << LastError();
    const double sm0 = -(lp0[0] + lp0[1] + lp0[2]) / 3, sm1 = -(lp1[0] + lp1[1] + lp1[2]) / 3;
    ExpectNear(loss, {(1 - s) * -lp0[2] + s * sm0, (1 - s) * -lp1[0] + s * sm1}, 1e-5);
}

TEST(ReferenceNnIndex2CrossEntropyLoss, Checks) {
    Dev input(Iota(6), at::kFloat, {2, 3});
    Dev target({0, 1}, at::kLong, {2});
    Dev loss({0}, at::kFloat, {1});
    Dev lp(std::vector<double>(6), at::kFloat, {2, 3});
    Dev z({0}, at::kFloat, {1});
    Dev lse({0, 0}, at::kFloat, {2});
    auto call = [&](const aclTensor* in, const aclTensor* t, const char* red, double smooth, aclTensor* l) {
        return [=, &lp, &z, &lse](uint64_t* ws, aclOpExecutor** ex) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "%s", red);
            return aclnnCrossEntropyLossGetWorkspaceSize(in, t, nullptr, buf, -100, smooth, 0.0, false, l, lp.t, z.t,
                                                         lse.t, ws, ex);
        };
    };
    ExpectFails(call(nullptr, target.t, "mean", 0.0, loss.t), ACLNN_ERR_PARAM_NULLPTR, "argument input.");
    ExpectFails(call(input.t, target.t, "max", 0.0, loss.t), ACLNN_ERR_INNER_TILING_ERROR, "reduction max is invalid");
    ExpectFails(call(input.t, target.t, "mean", 1.5, loss.t), ACLNN_ERR_INNER_TILING_ERROR, "label_smoothing");
    Dev target3({0, 1, 2}, at::kLong, {3});
    ExpectFails(call(input.t, target3.t, "mean", 0.0, loss.t), ACLNN_ERR_INNER_TILING_ERROR,
                "The dim 0 of input should be same as the shape size of target");
    Dev input_d(Iota(6), at::kDouble, {2, 3});
    ExpectFails(call(input_d.t, target.t, "mean", 0.0, loss.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor input not implemented for DT_DOUBLE");
    Dev target32({0, 1}, at::kInt, {2});
    EXPECT_EQ(CeLoss(input.t, target32.t, nullptr, "mean", -100, 0.0, loss.t, lp.t, z.t, lse.t), 0) << LastError();
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        ExpectFails(call(input.t, target32.t, "mean", 0.0, loss.t), ACLNN_ERR_INNER_TILING_ERROR,
                    "target's dtype DT_INT32 is invalid: it should be INT64.");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        ExpectFails(call(input.t, target.t, "mean", 0.0, loss.t), ACLNN_ERR_PARAM_INVALID, "is not supported on");
    }
}

int CeGrad(const aclTensor* g, const aclTensor* lp, const aclTensor* t, const aclTensor* w, const char* red,
           int64_t ignore, double smooth, aclTensor* out) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "%s", red);
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCrossEntropyLossGradGetWorkspaceSize(g, lp, t, w, nullptr, nullptr, buf, ignore, smooth, 0.0, out,
                                                         ws, ex);
    }, aclnnCrossEntropyLossGrad);
}

// Without smoothing the gradient is (softmax - one-hot) * the per-sample factor; smoothing adds -s/C * w[c].
TEST(ReferenceNnIndex2CrossEntropyLossGrad, ClosedForms) {
    const std::vector<double> lp0 = LogSoftmaxRow({1, 2, 3}), lp1 = LogSoftmaxRow({1, 1, 1});
    Dev lp({lp0[0], lp0[1], lp0[2], lp1[0], lp1[1], lp1[2]}, at::kFloat, {2, 3});
    Dev target({2, 0}, at::kLong, {2});
    Dev g({1}, at::kFloat, {1});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    ASSERT_EQ(CeGrad(g.t, lp.t, target.t, nullptr, "mean", -100, 0.0, out.t), 0) << LastError();
    std::vector<double> want;
    for (int c = 0; c < 3; ++c) want.push_back((std::exp(lp0[c]) - (c == 2)) / 2);
    for (int c = 0; c < 3; ++c) want.push_back((std::exp(lp1[c]) - (c == 0)) / 2);
    ExpectNear(out, want, 1e-6);
    // none with per-sample gradients and weights; sample 1 ignored
    Dev gn({2, 5}, at::kFloat, {2});
    Dev w({1, 1, 3}, at::kFloat, {3});
    ASSERT_EQ(CeGrad(gn.t, lp.t, target.t, w.t, "none", 0, 0.0, out.t), 0) << LastError();
    want.clear();
    for (int c = 0; c < 3; ++c) want.push_back(2 * 3 * (std::exp(lp0[c]) - (c == 2)));
    for (int c = 0; c < 3; ++c) want.push_back(0);
    ExpectNear(out, want, 1e-5);
    // sum with label smoothing s: G = -(g (1 - s) onehot + g s / C), out = G - p * sum(G)
    const double s = 0.3;
    ASSERT_EQ(CeGrad(g.t, lp.t, target.t, nullptr, "sum", -100, s, out.t), 0) << LastError();
    want.clear();
    const std::vector<double>* lps[2] = {&lp0, &lp1};
    const int ts[2] = {2, 0};
    for (int n = 0; n < 2; ++n) {
        for (int c = 0; c < 3; ++c) {
            const double gc = -((1 - s) * (c == ts[n]) + s / 3);
            want.push_back(gc - std::exp((*lps[n])[c]) * -1.0);
        }
    }
    ExpectNear(out, want, 1e-5);
    auto call = [&](const char* red, aclTensor* o) {
        return [=, &g, &lp, &target](uint64_t* ws, aclOpExecutor** ex) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "%s", red);
            return aclnnCrossEntropyLossGradGetWorkspaceSize(g.t, lp.t, target.t, nullptr, nullptr, nullptr, buf, -100,
                                                             0.0, 0.0, o, ws, ex);
        };
    };
    ExpectFails(call("none", out.t), ACLNN_ERR_INNER_TILING_ERROR, "gradLoss's shape [1] is invalid for reduction none.");
    Dev out_h(std::vector<double>(6), at::kHalf, {2, 3});
    ExpectFails(call("mean", out_h.t), ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
}

// ================================================================================ ApplyTopKTopP

int TopKTopP(const aclTensor* logits, const aclTensor* p, const aclTensor* k, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnApplyTopKTopPGetWorkspaceSize(logits, p, k, out, ws, ex);
    }, aclnnApplyTopKTopP);
}

// Row {3, 1, 2}: softmax 0.665, 0.090, 0.245; from the smallest the sums are 0.090, 0.335, 1. p = 0.7 drops what
// sums to <= 0.3 (the 1), p = 0.6 what sums to <= 0.4 (the 1 and the 2). k = 1 keeps the largest only.
TEST(ReferenceNnIndex2ApplyTopKTopP, FiltersByHand) {
    const double ninf = -std::numeric_limits<double>::infinity();
    Dev logits({3, 1, 2, 3, 1, 2}, at::kFloat, {2, 3});
    Dev p({0.7, 0.6}, at::kFloat, {2});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    ASSERT_EQ(TopKTopP(logits.t, p.t, nullptr, out.t), 0) << LastError();
    std::vector<double> got = out.Values();
    const std::vector<double> want = {3, ninf, 2, 3, ninf, ninf};
    for (size_t i = 0; i < 6; ++i) EXPECT_EQ(got[i], want[i]) << i;
    Dev k({1, 3}, at::kInt, {2});
    ASSERT_EQ(TopKTopP(logits.t, nullptr, k.t, out.t), 0) << LastError();
    got = out.Values();
    const std::vector<double> want_k = {3, ninf, ninf, 3, 1, 2};
    for (size_t i = 0; i < 6; ++i) EXPECT_EQ(got[i], want_k[i]) << i;
    // both: k = 3 keeps all, then p = 0.6 drops two; neither: logits copied
    Dev k3({3, 3}, at::kInt, {2});
    ASSERT_EQ(TopKTopP(logits.t, p.t, k3.t, out.t), 0) << LastError();
    got = out.Values();
    const std::vector<double> want_b = {3, ninf, 2, 3, ninf, ninf};
    for (size_t i = 0; i < 6; ++i) EXPECT_EQ(got[i], want_b[i]) << i;
    ASSERT_EQ(TopKTopP(logits.t, nullptr, nullptr, out.t), 0) << LastError();
    ExpectNear(out, {3, 1, 2, 3, 1, 2});
    Dev k0({0, 1}, at::kInt, {2});
    EXPECT_EQ(TopKTopP(logits.t, nullptr, k0.t, out.t), ACLNN_ERR_INNER);  // k outside [1, V]
    auto call = [](const aclTensor* l, const aclTensor* pp, const aclTensor* kk, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnApplyTopKTopPGetWorkspaceSize(l, pp, kk, o, ws, ex); };
    };
    ExpectFails(call(nullptr, p.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument logits.");
    Dev k64({1, 1}, at::kLong, {2});
    ExpectFails(call(logits.t, nullptr, k64.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor k not implemented for DT_INT64, should be in dtype support list DT_INT32.");
    Dev ph({0.5, 0.5}, at::kHalf, {2});
    ExpectFails(call(logits.t, ph.t, nullptr, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor p expected dtype is DT_FLOAT but found DT_FLOAT16.");
    Dev p3({0.5, 0.5, 0.5}, at::kFloat, {3});
    ExpectFails(call(logits.t, p3.t, nullptr, out.t), ACLNN_ERR_PARAM_INVALID,
                "expected p.size(0) is equal to logits.size(0), but got 3.");
}

// ================================================================================ ChamferDistanceBackward (nn_loss)

// xyz1 {(0,0), (1,1)}, xyz2 {(0,1), (2,2), (1,0)} with their nearest indices; the gradients worked out by hand.
TEST(ReferenceNnIndex2ChamferDistanceBackward, ByHand) {
    Dev xyz1({0, 0, 1, 1}, at::kFloat, {1, 2, 2});
    Dev xyz2({0, 1, 2, 2, 1, 0}, at::kFloat, {1, 3, 2});
    Dev idx1({0, 2}, at::kInt, {1, 2});
    Dev idx2({0, 1, 0}, at::kInt, {1, 3});
    Dev g1({1, 2}, at::kFloat, {1, 2});
    Dev g2({1, 1, 0.5}, at::kFloat, {1, 3});
    Dev gx1(std::vector<double>(4), at::kFloat, {1, 2, 2});
    Dev gx2(std::vector<double>(6), at::kFloat, {1, 3, 2});
    auto call = [&](const aclTensor* a, const aclTensor* i1, aclTensor* o1) {
        return [=, &xyz2, &idx2, &g1, &g2, &gx2](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnChamferDistanceBackwardGetWorkspaceSize(a, xyz2.t, i1, idx2.t, g1.t, g2.t, o1, gx2.t, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(call(xyz1.t, idx1.t, gx1.t), aclnnChamferDistanceBackward), 0) << LastError();
    ExpectNear(gx1, {-1, -4, -2, 2});
    ExpectNear(gx2, {0, 4, 2, 2, 1, -4});
    ExpectFails(call(nullptr, idx1.t, gx1.t), ACLNN_ERR_PARAM_NULLPTR, "argument xyz1.");
    Dev idx64({0, 2}, at::kLong, {1, 2});
    ExpectFails(call(xyz1.t, idx64.t, gx1.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor idx1 not implemented for DT_INT64, should be in dtype support list DT_INT32.");
    Dev bad(std::vector<double>(6), at::kFloat, {1, 2, 3});
    ExpectFails(call(bad.t, idx1.t, gx1.t), ACLNN_ERR_PARAM_INVALID, "should be [B, N, 2] and [B, M, 2].");
    // an index outside [0, M) contributes nothing (the Ascend 950 kernel skips it): point 1 of xyz1 names 3
    Dev far({0, 3}, at::kInt, {1, 2});
    ASSERT_EQ(RunPhases(call(xyz1.t, far.t, gx1.t), aclnnChamferDistanceBackward), 0) << LastError();
    ExpectNear(gx1, {-1, -4, -2, -2});
    ExpectNear(gx2, {0, 4, 2, 2, 1, 0});
}

// ================================================================================ CtcLoss (nn_loss)

// Two steps, class 0 the label, class 1 the blank, target [0]: the alignments 00, 0b, b0 sum to
// 0.6 * 0.3 + 0.6 * 0.7 + 0.4 * 0.3 = 0.72; log_alpha by hand ([blank, label, blank] per step).
TEST(ReferenceNnIndex2CtcLoss, TwoStepsByHand) {
    const double ninf = -std::numeric_limits<double>::infinity();
    Dev lp({std::log(0.6), std::log(0.4), std::log(0.3), std::log(0.7)}, at::kFloat, {2, 1, 2});
    Dev targets({0}, at::kLong, {1, 1});
    const std::vector<int64_t> in_len = {2}, tg_len = {1};
    aclIntArray* il = aclCreateIntArray(in_len.data(), 1);
    aclIntArray* tl = aclCreateIntArray(tg_len.data(), 1);
    Dev nll({0}, at::kFloat, {1});
    Dev alpha(std::vector<double>(6), at::kFloat, {1, 2, 3});
    auto call = [&](const aclTensor* t, aclTensor* a) {
        return [=, &lp, &nll](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnCtcLossGetWorkspaceSize(lp.t, t, il, tl, 1, false, nll.t, a, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(call(targets.t, alpha.t), aclnnCtcLoss), 0) << LastError();
    ExpectNear(nll, {-std::log(0.72)}, 1e-6);
    std::vector<double> got = alpha.Values();
    const std::vector<double> want = {std::log(0.4), std::log(0.6), ninf, std::log(0.28), std::log(0.3), std::log(0.42)};
    for (size_t i = 0; i < 6; ++i) {
        if (std::isinf(want[i])) {
            EXPECT_TRUE(std::isinf(got[i]) && got[i] < 0) << i;
        } else {
            EXPECT_NEAR(got[i], want[i], 1e-6) << i;
        }
    }
    Dev far({2}, at::kLong, {1, 1});
    EXPECT_EQ(RunPhases(call(far.t, alpha.t), aclnnCtcLoss), ACLNN_ERR_INNER);  // a target value outside [0, C)
    Dev t_long({0, 0, 0}, at::kLong, {3});
    ExpectFails(call(t_long.t, alpha.t), ACLNN_ERR_PARAM_INVALID, "Target's shape expect [1], but get current shape [3].");
    Dev t_u8({0}, at::kByte, {1});
    ExpectFails(call(t_u8.t, alpha.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor targets not implemented for DT_UINT8, should be in dtype support list DT_INT32, DT_INT64, "
                "DT_BOOL, DT_FLOAT, DT_FLOAT16.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCtcLossGetWorkspaceSize(lp.t, targets.t, il, tl, 2, false, nll.t, alpha.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Attr parameter blank 2 must be greater than or equal to 0 and less than 2.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCtcLossGetWorkspaceSize(lp.t, targets.t, il, nullptr, 1, false, nll.t, alpha.t, ws, ex);
    }, ACLNN_ERR_PARAM_NULLPTR, "targetLengths");
    // outside the Ascend 950 the last dim is padded to a multiple of 8 (-inf there); a profile switch starts a new
    // runtime, so the tensors are made inside the scope
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev lp2({std::log(0.6), std::log(0.4), std::log(0.3), std::log(0.7)}, at::kFloat, {2, 1, 2});
        Dev targets2({0}, at::kLong, {1, 1});
        Dev nll2({0}, at::kFloat, {1});
        Dev alpha3(std::vector<double>(6), at::kFloat, {1, 2, 3});
        Dev alpha8(std::vector<double>(16), at::kFloat, {1, 2, 8});
        auto call2 = [&](aclTensor* a) {
            return [=, &lp2, &targets2, &nll2](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnCtcLossGetWorkspaceSize(lp2.t, targets2.t, il, tl, 1, false, nll2.t, a, ws, ex);
            };
        };
        ExpectFails(call2(alpha3.t), ACLNN_ERR_PARAM_INVALID, "Shape of logAlphaOut [1,2,3] must equal [1,2,8].");
        ASSERT_EQ(RunPhases(call2(alpha8.t), aclnnCtcLoss), 0) << LastError();
        got = alpha8.Values();
        EXPECT_NEAR(got[9], std::log(0.3), 1e-6);
        EXPECT_TRUE(std::isinf(got[15]) && got[15] < 0);
        ExpectNear(nll2, {-std::log(0.72)}, 1e-6);
    }
    Dev lp_h(std::vector<double>(4), at::kHalf, {2, 1, 2});
    Dev nll_h({0}, at::kHalf, {1});
    Dev alpha_h(std::vector<double>(6), at::kHalf, {1, 2, 3});
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev alpha_h8(std::vector<double>(16), at::kHalf, {1, 2, 8});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnCtcLossGetWorkspaceSize(lp_h.t, targets.t, il, tl, 1, false, nll_h.t, alpha_h8.t, ws, ex);
        }, ACLNN_ERR_PARAM_INVALID,
                    "Tensor logProbs not implemented for DT_FLOAT16, should be in dtype support list DT_FLOAT, DT_DOUBLE.");
    }
    aclDestroyIntArray(il);
    aclDestroyIntArray(tl);
}

// ================================================================================ FusedCrossEntropyLossWithMaxSum

// CANN's example shapes: loss = log(sumExp) - predicted; softmax = exp(vocab - max) / sumExp.
TEST(ReferenceNnIndex2FusedCrossEntropyLossWithMaxSum, ClosedForm) {
    Dev mx({2, 3}, at::kFloat, {2});
    Dev se({1.5, 4}, at::kFloat, {2});
    Dev pred({0.5, -1}, at::kFloat, {2});
    Dev vocab({1, 2, 3, 0}, at::kHalf, {2, 2});
    Dev loss({0, 0}, at::kFloat, {2});
    Dev soft(std::vector<double>(4), at::kFloat, {2, 2});
    auto call = [&](const aclTensor* v, aclTensor* sm, float smooth) {
        return [=, &mx, &se, &pred, &loss](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnFusedCrossEntropyLossWithMaxSumGetWorkspaceSize(mx.t, se.t, pred.t, smooth, nullptr, nullptr, v,
                                                                        loss.t, sm, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(call(vocab.t, soft.t, 0.0f), aclnnFusedCrossEntropyLossWithMaxSum), 0) << LastError();
    ExpectNear(loss, {std::log(1.5) - 0.5, std::log(4.0) + 1}, 1e-6);
    ExpectNear(soft, {std::exp(-1.0) / 1.5, std::exp(0.0) / 1.5, std::exp(0.0) / 4, std::exp(-3.0) / 4}, 1e-6);
    Dev loss2({9, 9}, at::kFloat, {2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnFusedCrossEntropyLossWithMaxSumGetWorkspaceSize(mx.t, se.t, pred.t, 0.0f, nullptr, nullptr, nullptr,
                                                                    loss2.t, nullptr, ws, ex);
    }, aclnnFusedCrossEntropyLossWithMaxSum), 0) << LastError();
    ExpectNear(loss2, {std::log(1.5) - 0.5, std::log(4.0) + 1}, 1e-6);
    ExpectFails(call(vocab.t, nullptr, 0.0f), ACLNN_ERR_PARAM_NULLPTR, "argument softMaxOutOptional.");
    ExpectFails(call(vocab.t, soft.t, 0.1f), ACLNN_ERR_PARAM_INVALID, "Currently, only labelSmoothing=0 are supported.");
    Dev soft_h(std::vector<double>(4), at::kHalf, {2, 2});
    ExpectFails(call(vocab.t, soft_h.t, 0.0f), ACLNN_ERR_PARAM_INVALID,
                "Tensor softMaxOutOptional not implemented for DT_FLOAT16, should be in dtype support list DT_FLOAT.");
    Dev soft3(std::vector<double>(6), at::kFloat, {2, 3});
    ExpectFails(call(vocab.t, soft3.t, 0.0f), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for softMaxOutOptional to have same size as tensor for vocabParallelLogitsOptional");
}

}  // namespace nn_index2_reference_test
