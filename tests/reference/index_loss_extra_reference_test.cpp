// Values and checks of the reference-tier operators added to the index / loss / pooling / data-dependent shape
// families (ops/families/dynamic_shape.yaml, nn_index.yaml, nn_loss.yaml, nn_pooling.yaml): the unique operators
// (aclnnUnique, aclnnUnique2, aclnnUniqueConsecutive, aclnnUniqueDim - data-dependent output shapes read back with
// aclGetViewShape, as CANN's example programs do) against values written out here, and CANN's first-phase checks
// (codes, messages, per-product dtype lists) from their op_api sources (hicann/ops-nn index/unique_consecutive,
// index/unique_with_counts_ext2).
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "aclnnop/aclnn_cross_entropy_sum_exp_and_index_logit.h"
#include "aclnnop/aclnn_ctc_loss_backward.h"
#include "aclnnop/aclnn_embedding_bag.h"
#include "aclnnop/aclnn_embedding_renorm.h"
#include "aclnnop/aclnn_expand_into_jagged_permute.h"
#include "aclnnop/aclnn_index_add_v2.h"
#include "aclnnop/aclnn_max_unpool2d.h"
#include "aclnnop/aclnn_max_unpool3d.h"
#include "aclnnop/aclnn_scatter_update.h"
#include "aclnnop/aclnn_unique.h"
#include "aclnnop/aclnn_unique2.h"
#include "aclnnop/aclnn_unique_consecutive.h"
#include "aclnnop/aclnn_unique_dim.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit.
namespace index_loss_extra_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;

std::vector<int64_t> ShapeOf(const aclTensor* t) {
    int64_t* dims = nullptr;
    uint64_t n = 0;
    if (aclGetViewShape(t, &dims, &n) != 0) return {-1};
    std::vector<int64_t> v(dims, dims + n);
    delete[] dims;
    return v;
}

std::vector<double> Filled(size_t n, double v = -1.0) { return std::vector<double>(n, v); }

int Unique(const aclTensor* self, bool sorted, bool inv, aclTensor* v, aclTensor* i) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnUniqueGetWorkspaceSize(self, sorted, inv, v, i, ws, ex); },
                     aclnnUnique);
}
int Unique2(const aclTensor* self, bool inv, bool cnt, aclTensor* v, aclTensor* i, aclTensor* c) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnUnique2GetWorkspaceSize(self, true, inv, cnt, v, i, c, ws, ex); },
        aclnnUnique2);
}
int UniqueCons(const aclTensor* self, bool inv, bool cnt, int64_t dim, aclTensor* v, aclTensor* i, aclTensor* c) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnUniqueConsecutiveGetWorkspaceSize(self, inv, cnt, dim, v, i, c, ws, ex);
    }, aclnnUniqueConsecutive);
}
int UniqueDim(const aclTensor* self, bool inv, int64_t dim, aclTensor* v, aclTensor* i, aclTensor* c) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnUniqueDimGetWorkspaceSize(self, false, inv, dim, v, i, c, ws, ex); },
        aclnnUniqueDim);
}

// ---------------------------------------------------------------- aclnnUnique / aclnnUnique2

// The distinct values ascending (sorted false too), the inverse of self's shape; valueOut's view shape becomes
// [count], its storage past the result untouched; without returnInverse inverseOut is not written.
TEST(ReferenceIndexLossExtraUnique, ValuesInverseAndShape) {
    Dev self({3, 1, 2, 3, 1, 1}, at::kFloat, {2, 3});
    Dev v(Filled(6), at::kFloat, {6});
    Dev inv(Filled(6), at::kLong, {2, 3});
    ASSERT_EQ(Unique(self.t, false, true, v.t, inv.t), 0) << LastError();
    EXPECT_EQ(ShapeOf(v.t), (std::vector<int64_t>{3}));
    EXPECT_EQ(v.Values(), (std::vector<double>{1, 2, 3, -1, -1, -1}));
    EXPECT_EQ(inv.Values(), (std::vector<double>{2, 0, 1, 2, 0, 0}));
    EXPECT_EQ(ShapeOf(inv.t), (std::vector<int64_t>{2, 3}));
    // a transposed FLOAT16 self: [[5, 4], [4, 5]] stored as its transpose, returnInverse false
    Dev h({5, 4, 4, 5}, at::kHalf, {2, 2}, {1, 2});
    Dev hv(Filled(4), at::kHalf, {4});
    Dev hi(Filled(1, 9), at::kLong, {1});
    ASSERT_EQ(Unique(h.t, true, false, hv.t, hi.t), 0) << LastError();
    EXPECT_EQ(ShapeOf(hv.t), (std::vector<int64_t>{2}));
    EXPECT_EQ(hv.Values(), (std::vector<double>{4, 5, -1, -1}));
    EXPECT_EQ(hi.Values(), (std::vector<double>{9}));
}

TEST(ReferenceIndexLossExtraUnique, Unique2Counts) {
    Dev self({2, 7, 2, 2, 7, 0}, at::kInt, {6});
    Dev v(Filled(6), at::kInt, {6});
    Dev inv(Filled(6), at::kLong, {6});
    Dev cnt(Filled(6), at::kLong, {6});
    ASSERT_EQ(Unique2(self.t, true, true, v.t, inv.t, cnt.t), 0) << LastError();
    EXPECT_EQ(ShapeOf(v.t), (std::vector<int64_t>{3}));
    EXPECT_EQ(ShapeOf(cnt.t), (std::vector<int64_t>{3}));
    EXPECT_EQ(v.Values(), (std::vector<double>{0, 2, 7, -1, -1, -1}));
    EXPECT_EQ(inv.Values(), (std::vector<double>{1, 2, 1, 1, 2, 0}));
    EXPECT_EQ(cnt.Values(), (std::vector<double>{1, 3, 2, -1, -1, -1}));
    // returnCounts false: countsOut keeps its values and its shape
    Dev cnt2(Filled(2, 5), at::kLong, {2});
    Dev v2(Filled(6), at::kInt, {6});
    ASSERT_EQ(Unique2(self.t, true, false, v2.t, inv.t, cnt2.t), 0) << LastError();
    EXPECT_EQ(ShapeOf(cnt2.t), (std::vector<int64_t>{2}));
    EXPECT_EQ(cnt2.Values(), (std::vector<double>{5, 5}));
}

// CANN's order: null (161001), self's dtype per product (BF16 only on Atlas A2/A3 and Ascend 950), inverseOut INT64,
// the rank, inverseOut of self's shape only with returnInverse.
TEST(ReferenceIndexLossExtraUnique, Checks) {
    Dev self({1, 2, 3, 4}, at::kFloat, {2, 2});
    Dev v(Filled(4), at::kFloat, {4});
    Dev inv(Filled(4), at::kLong, {2, 2});
    Dev inv3(Filled(3), at::kLong, {3});
    Dev inv32(Filled(4), at::kInt, {2, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnUniqueGetWorkspaceSize(nullptr, true, true, v.t, inv.t, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument self.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnUniqueGetWorkspaceSize(self.t, true, true, v.t, nullptr, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument inverseOut.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnUniqueGetWorkspaceSize(self.t, true, true, v.t, inv32.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor inverseOut expected dtype is DT_INT64 but found DT_INT32.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnUniqueGetWorkspaceSize(self.t, true, true, v.t, inv3.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for inverseOut, but [2,2] does not equal [3].");
    ASSERT_EQ(Unique(self.t, true, false, v.t, inv3.t), 0) << LastError();  // no inverse: no shape rule
    Dev c64({1, 2}, at::kComplexFloat, {2});
    Dev cv(Filled(2), at::kComplexFloat, {2});
    Dev ci(Filled(2), at::kLong, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnUniqueGetWorkspaceSize(c64.t, true, true, cv.t, ci.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_COMPLEX64");
    Dev cnt(Filled(3), at::kLong, {3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnUnique2GetWorkspaceSize(self.t, true, false, true, v.t, inv.t, cnt.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Expected tensor for valueOut to have same size as tensor for countsOut, but [4] does not equal [3].");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnUnique2GetWorkspaceSize(self.t, true, false, true, v.t, inv3.t, cnt.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Expected tensor for self to have same size as tensor for inverseOut");
}

TEST(ReferenceIndexLossExtraUnique, Bf16PerProduct) {
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        Dev b({1, 1, 2}, at::kBFloat16, {3});
        Dev v(Filled(3), at::kBFloat16, {3});
        Dev i(Filled(3), at::kLong, {3});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnUniqueGetWorkspaceSize(b.t, true, true, v.t, i.t, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_BF16, should be in dtype support list DT_BOOL, DT_UINT8, DT_INT8, "
                    "DT_UINT16, DT_INT16, DT_UINT32, DT_INT32, DT_UINT64, DT_INT64, DT_DOUBLE, DT_FLOAT, DT_FLOAT16.");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        Dev b({1, 1, 2}, at::kBFloat16, {3});
        Dev v(Filled(3), at::kBFloat16, {3});
        Dev i(Filled(3), at::kLong, {3});
        ASSERT_EQ(Unique(b.t, true, true, v.t, i.t), 0) << LastError();
        EXPECT_EQ(ShapeOf(v.t), (std::vector<int64_t>{2}));
        EXPECT_EQ(i.Values(), (std::vector<double>{0, 0, 1}));
    }
}

// ---------------------------------------------------------------- aclnnUniqueConsecutive

TEST(ReferenceIndexLossExtraUniqueConsecutive, FlatAndAlongDim) {
    Dev self({1, 1, 2, 2, 3, 1, 1, 2}, at::kFloat, {2, 4});
    Dev v(Filled(8), at::kFloat, {8});
    Dev inv(Filled(8), at::kLong, {2, 4});
    Dev cnt(Filled(8), at::kLong, {8});
    ASSERT_EQ(UniqueCons(self.t, true, true, 1000, v.t, inv.t, cnt.t), 0) << LastError();
    EXPECT_EQ(ShapeOf(v.t), (std::vector<int64_t>{5}));
    EXPECT_EQ(ShapeOf(inv.t), (std::vector<int64_t>{2, 4}));
    EXPECT_EQ(ShapeOf(cnt.t), (std::vector<int64_t>{5}));
    EXPECT_EQ(v.Values(), (std::vector<double>{1, 2, 3, 1, 2, -1, -1, -1}));
    EXPECT_EQ(inv.Values(), (std::vector<double>{0, 0, 1, 1, 2, 3, 3, 4}));
    EXPECT_EQ(cnt.Values(), (std::vector<double>{2, 2, 1, 2, 1, -1, -1, -1}));
    // along dim 0: rows [1, 2], [1, 2], [3, 4], [1, 2] -> three runs; a FLOAT16 self (ATen lacks its unique)
    Dev rows({1, 2, 1, 2, 3, 4, 1, 2}, at::kHalf, {4, 2});
    Dev rv(Filled(8), at::kHalf, {8});
    Dev ri(Filled(4), at::kLong, {4});
    Dev rc(Filled(4), at::kLong, {4});
    ASSERT_EQ(UniqueCons(rows.t, true, true, -2, rv.t, ri.t, rc.t), 0) << LastError();
    EXPECT_EQ(ShapeOf(rv.t), (std::vector<int64_t>{3, 2}));
    EXPECT_EQ(rv.Values(), (std::vector<double>{1, 2, 3, 4, 1, 2, -1, -1}));
    EXPECT_EQ(ri.Values(), (std::vector<double>{0, 0, 1, 2}));
    EXPECT_EQ(ShapeOf(rc.t), (std::vector<int64_t>{3}));
    EXPECT_EQ(rc.Values(), (std::vector<double>{2, 1, 1, -1}));
    // returnInverse and returnCounts false: both left as they were (a new valueOut: rv's view shape is now [3, 2])
    Dev ni(Filled(2, 7), at::kLong, {2});
    Dev nc(Filled(1, 7), at::kLong, {1});
    Dev rv2(Filled(8), at::kHalf, {8});
    ASSERT_EQ(UniqueCons(rows.t, false, false, 1, rv2.t, ni.t, nc.t), 0) << LastError();
    EXPECT_EQ(ShapeOf(rv2.t), (std::vector<int64_t>{4, 2}));
    EXPECT_EQ(ShapeOf(ni.t), (std::vector<int64_t>{2}));
    EXPECT_EQ(ni.Values(), (std::vector<double>{7, 7}));
    EXPECT_EQ(nc.Values(), (std::vector<double>{7}));
}

TEST(ReferenceIndexLossExtraUniqueConsecutive, ComplexValues) {
    // complex values compared whole (ATen 1.13's unique_consecutive has no complex kernel)
    at::Tensor host = at::tensor({1.0, 0.0, 1.0, 0.0, 1.0, 2.0}, at::kFloat).view(at::kComplexFloat);  // 1, 1, 1+2i
    aclcpu_test::DeviceBuffer in(host.numel() * 8), out(3 * 8), inv(3 * 8), cnt(3 * 8);
    ASSERT_EQ(aclrtMemcpy(in.get(), 24, host.data_ptr(), 24, ACL_MEMCPY_HOST_TO_DEVICE), 0);
    const std::vector<int64_t> s{3}, st{1};
    aclTensor* x = aclCreateTensor(s.data(), 1, ACL_COMPLEX64, st.data(), 0, ACL_FORMAT_ND, s.data(), 1, in.get());
    aclTensor* v = aclCreateTensor(s.data(), 1, ACL_COMPLEX64, st.data(), 0, ACL_FORMAT_ND, s.data(), 1, out.get());
    aclTensor* i = aclCreateTensor(s.data(), 1, ACL_INT64, st.data(), 0, ACL_FORMAT_ND, s.data(), 1, inv.get());
    aclTensor* c = aclCreateTensor(s.data(), 1, ACL_INT64, st.data(), 0, ACL_FORMAT_ND, s.data(), 1, cnt.get());
    ASSERT_EQ(UniqueCons(x, true, true, 1000, v, i, c), 0) << LastError();
    EXPECT_EQ(ShapeOf(v), (std::vector<int64_t>{2}));
    float got[4] = {0};
    int64_t gi[3] = {0}, gc[2] = {0};
    ASSERT_EQ(aclrtMemcpy(got, 16, out.get(), 16, ACL_MEMCPY_DEVICE_TO_HOST), 0);
    ASSERT_EQ(aclrtMemcpy(gi, 24, inv.get(), 24, ACL_MEMCPY_DEVICE_TO_HOST), 0);
    ASSERT_EQ(aclrtMemcpy(gc, 16, cnt.get(), 16, ACL_MEMCPY_DEVICE_TO_HOST), 0);
    EXPECT_EQ(std::vector<float>(got, got + 4), (std::vector<float>{1, 0, 1, 2}));
    EXPECT_EQ(std::vector<int64_t>(gi, gi + 3), (std::vector<int64_t>{0, 0, 1}));
    EXPECT_EQ(std::vector<int64_t>(gc, gc + 2), (std::vector<int64_t>{2, 1}));
    aclDestroyTensor(x);
    aclDestroyTensor(v);
    aclDestroyTensor(i);
    aclDestroyTensor(c);
}

TEST(ReferenceIndexLossExtraUniqueConsecutive, Checks) {
    Dev self({1, 2, 3, 4}, at::kFloat, {2, 2});
    Dev v(Filled(4), at::kFloat, {4});
    Dev vi(Filled(4), at::kInt, {4});
    Dev inv(Filled(4), at::kLong, {4});
    Dev cnt(Filled(4), at::kLong, {4});
    Dev cnt32(Filled(4), at::kInt, {4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnUniqueConsecutiveGetWorkspaceSize(self.t, true, true, 1000, v.t, inv.t, nullptr, ws, ex);
    }, ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument countsOut.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnUniqueConsecutiveGetWorkspaceSize(self.t, true, true, 1000, v.t, inv.t, cnt32.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Tensor countsOut expected dtype is DT_INT64 but found DT_INT32.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnUniqueConsecutiveGetWorkspaceSize(self.t, true, true, 1000, vi.t, inv.t, cnt.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Tensor valueOut expected dtype is DT_FLOAT but found DT_INT32.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnUniqueConsecutiveGetWorkspaceSize(self.t, true, true, 2, v.t, inv.t, cnt.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "The param of dim must be in the range of [-2, 1], but got 2.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnUniqueConsecutiveGetWorkspaceSize(self.t, true, true, -3, v.t, inv.t, cnt.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "The param of dim must be in the range of [-2, 1], but got -3.");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        Dev b({1, 2}, at::kBFloat16, {2});
        Dev bv(Filled(2), at::kBFloat16, {2});
        Dev bi(Filled(2), at::kLong, {2});
        Dev bc(Filled(2), at::kLong, {2});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnUniqueConsecutiveGetWorkspaceSize(b.t, true, true, 1000, bv.t, bi.t, bc.t, ws, ex);
        }, ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_BF16, should be in dtype support list DT_UINT8, "
                                    "DT_INT8, DT_UINT16, DT_INT16, DT_UINT32, DT_INT32, DT_UINT64, DT_INT64, DT_DOUBLE, "
                                    "DT_FLOAT, DT_FLOAT16, DT_COMPLEX64, DT_COMPLEX128, DT_BOOL.");
    }
}

// ---------------------------------------------------------------- aclnnUniqueDim

// ops-nn's example: self [4, 2] rows [0, 1], [1, 3], [3, 1], [1, 3] along dim 0 -> three distinct rows ascending.
TEST(ReferenceIndexLossExtraUniqueDim, ExampleRows) {
    Dev self({0, 1, 1, 3, 3, 1, 1, 3}, at::kFloat, {4, 2});
    Dev v(Filled(6), at::kFloat, {3, 2});
    Dev inv(Filled(8), at::kLong, {4, 2});
    Dev cnt(Filled(3), at::kLong, {3});
    ASSERT_EQ(UniqueDim(self.t, true, 0, v.t, inv.t, cnt.t), 0) << LastError();
    EXPECT_EQ(ShapeOf(v.t), (std::vector<int64_t>{3, 2}));
    EXPECT_EQ(v.Values(), (std::vector<double>{0, 1, 1, 3, 3, 1}));
    EXPECT_EQ(ShapeOf(inv.t), (std::vector<int64_t>{4}));
    EXPECT_EQ(inv.Values(), (std::vector<double>{0, 1, 2, 1, -1, -1, -1, -1}));
    EXPECT_EQ(cnt.Values(), (std::vector<double>{1, 2, 1}));
    // along dim 1 (columns [0, 1, 3, 1], [1, 3, 1, 3]); returnInverse false: inverseOut kept
    Dev v2(Filled(8), at::kFloat, {8});
    Dev inv2(Filled(3, 4), at::kLong, {3});
    Dev cnt2(Filled(2), at::kLong, {2});
    ASSERT_EQ(UniqueDim(self.t, false, -1, v2.t, inv2.t, cnt2.t), 0) << LastError();
    EXPECT_EQ(ShapeOf(v2.t), (std::vector<int64_t>{4, 2}));
    EXPECT_EQ(ShapeOf(inv2.t), (std::vector<int64_t>{3}));
    EXPECT_EQ(inv2.Values(), (std::vector<double>{4, 4, 4}));
    EXPECT_EQ(cnt2.Values(), (std::vector<double>{1, 1}));
}

TEST(ReferenceIndexLossExtraUniqueDim, Checks) {
    Dev self({1, 2, 3, 4}, at::kFloat, {2, 2});
    Dev v(Filled(4), at::kFloat, {4});
    Dev inv(Filled(4), at::kLong, {4});
    Dev cnt(Filled(4), at::kLong, {4});
    Dev inv32(Filled(4), at::kInt, {4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnUniqueDimGetWorkspaceSize(self.t, true, true, 0, nullptr, inv.t, cnt.t, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument valueOut.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnUniqueDimGetWorkspaceSize(self.t, true, true, 0, v.t, inv32.t, cnt.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor inverseOut expected dtype is DT_INT64 but found DT_INT32.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnUniqueDimGetWorkspaceSize(self.t, true, true, 5, v.t, inv.t, cnt.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "The param of dim must be in the range of [-2, 1], but got 5.");
    ExpectFails([&](uint64_t*, aclOpExecutor** ex) { return aclnnUniqueDimGetWorkspaceSize(self.t, true, true, 0, v.t, inv.t, cnt.t, nullptr, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        Dev b({1, 2}, at::kBFloat16, {2});
        Dev bv(Filled(2), at::kBFloat16, {2});
        Dev bi(Filled(2), at::kLong, {2});
        Dev bc(Filled(2), at::kLong, {2});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnUniqueDimGetWorkspaceSize(b.t, true, true, 0, bv.t, bi.t, bc.t, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_BF16");
    }
}

// ---------------------------------------------------------------- aclnnEmbeddingBag

int EmbeddingBag(const aclTensor* w, const aclTensor* idx, const aclTensor* off, int64_t mode, const aclTensor* psw,
                 bool last, int64_t pad, aclTensor* out, aclTensor* o2b, aclTensor* bs, aclTensor* mi) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnEmbeddingBagGetWorkspaceSize(w, idx, off, false, mode, false, psw, last, pad, out, o2b, bs, mi, ws, ex);
    }, aclnnEmbeddingBag);
}

// ops-nn's example: weight 3 x 3 of ones, indices {1, 2, 0, 2, 2, 1}, offsets {0, 2, 4, 5}, paddingIdx 1, sum with
// per-sample weights of one: bags [1, 2], [0, 2], [2], [1] -> rows 1 left out.
TEST(ReferenceIndexLossExtraEmbeddingBag, ExampleSum) {
    Dev w(std::vector<double>(9, 1.0), at::kFloat, {3, 3});
    Dev idx({1, 2, 0, 2, 2, 1}, at::kLong, {6});
    Dev off({0, 2, 4, 5}, at::kLong, {4});
    Dev psw(std::vector<double>(6, 1.0), at::kFloat, {6});
    Dev out(Filled(12), at::kFloat, {4, 3});
    Dev o2b(Filled(6), at::kLong, {6});
    Dev bs(Filled(4), at::kLong, {4});
    Dev mi(Filled(4), at::kLong, {4});
    ASSERT_EQ(EmbeddingBag(w.t, idx.t, off.t, 0, psw.t, false, 1, out.t, o2b.t, bs.t, mi.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1, 1, 1, 2, 2, 2, 1, 1, 1, 0, 0, 0}));
    EXPECT_EQ(o2b.Values(), (std::vector<double>{0, 0, 1, 1, 2, 3}));
    EXPECT_EQ(bs.Values(), (std::vector<double>{1, 2, 1, 0}));
    EXPECT_EQ(mi.Values(), (std::vector<double>{-1, -1, -1, -1}));  // not written outside max mode
}

// mean and max over a FLOAT16 weight with a transposed view; includeLastOffset; an empty offset2bag not written.
TEST(ReferenceIndexLossExtraEmbeddingBag, MeanMaxAndLastOffset) {
    // weight rows [1, 4], [3, 2], [5, 0] stored transposed
    Dev w({1, 3, 5, 4, 2, 0}, at::kHalf, {3, 2}, {1, 3});
    Dev idx({0, 1, 2, 1}, at::kInt, {4});
    Dev off({0, 3, 4}, at::kLong, {3});
    Dev out(Filled(4), at::kHalf, {2, 2});
    Dev o2b(Filled(1), at::kLong, {0});
    Dev bs(Filled(3), at::kInt, {3});  // the Ascend 950's bagSize: offsets' count
    Dev mi(Filled(4), at::kLong, {2, 2});
    // max, includeLastOffset: bags [0, 1, 2] and [1]
    ASSERT_EQ(EmbeddingBag(w.t, idx.t, off.t, 2, nullptr, true, -1, out.t, o2b.t, bs.t, mi.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{5, 4, 3, 2}));
    EXPECT_EQ(mi.Values(), (std::vector<double>{2, 0, 1, 1}));
    EXPECT_EQ(bs.Values(), (std::vector<double>{3, 1, -1}));
    EXPECT_EQ(o2b.Values(), (std::vector<double>{-1}));
    // mean over the same bags (maxIndices of one dim outside max mode)
    Dev mi1(Filled(2), at::kLong, {2});
    ASSERT_EQ(EmbeddingBag(w.t, idx.t, off.t, 1, nullptr, true, -1, out.t, o2b.t, bs.t, mi1.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{3, 2, 3, 2}));
}

TEST(ReferenceIndexLossExtraEmbeddingBag, Checks) {
    Dev w(std::vector<double>(6, 1.0), at::kFloat, {3, 2});
    Dev idx({0, 1}, at::kLong, {2});
    Dev idx8({0, 1}, at::kChar, {2});
    Dev off({0}, at::kLong, {1});
    Dev off8({0}, at::kChar, {1});
    Dev out(Filled(2), at::kFloat, {1, 2});
    Dev out3(Filled(3), at::kFloat, {1, 3});
    Dev o2b(Filled(2), at::kLong, {2});
    Dev bs(Filled(1), at::kLong, {1});
    Dev mi(Filled(1), at::kLong, {1});
    Dev psw16({1, 1}, at::kHalf, {2});
    aclTensor* const wt = w.t;
    aclTensor* const o2bt = o2b.t;
    aclTensor* const bst = bs.t;
    aclTensor* const mit = mi.t;
    auto call = [=](const aclTensor* i, const aclTensor* o, int64_t mode, const aclTensor* p, aclTensor* y) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnEmbeddingBagGetWorkspaceSize(wt, i, o, false, mode, false, p, false, -1, y, o2bt, bst, mit, ws, ex);
        };
    };
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnEmbeddingBagGetWorkspaceSize(w.t, idx.t, nullptr, false, 0, false, nullptr, false, -1, out.t, o2b.t, bs.t, mi.t, ws, ex);
    }, ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument offsets.");
    ExpectFails(call(idx8.t, off8.t, 0, nullptr, out.t), ACLNN_ERR_PARAM_INVALID,
                "indices or offsets must has one dtype in [int32, int64], but get indices dtype DT_INT8, offsets dtype DT_INT8.");
    ExpectFails(call(idx.t, off.t, 0, psw16.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "perSampleWeights dtype DT_FLOAT16 should be in same with weight dtype DT_FLOAT.");
    ExpectFails(call(idx.t, off.t, 0, nullptr, out3.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for output to have same size as [1,2], but got [1,3].");
    ASSERT_EQ(EmbeddingBag(w.t, idx8.t, off.t, 0, nullptr, false, -1, out.t, o2b.t, bs.t, mi.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{2, 2}));
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        Dev w2(std::vector<double>(6, 1.0), at::kFloat, {3, 2});
        Dev i2({0, 1}, at::kLong, {2});
        Dev f2({0}, at::kLong, {1});
        Dev y2(Filled(2), at::kFloat, {1, 2});
        Dev ob(Filled(2), at::kLong, {2});
        Dev b2(Filled(1), at::kLong, {1});
        Dev m2(Filled(1), at::kLong, {1});
        Dev p2({1, 1}, at::kFloat, {2});
        // outside the Ascend 950: perSampleWeights only with sum
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnEmbeddingBagGetWorkspaceSize(w2.t, i2.t, f2.t, false, 1, false, p2.t, false, -1, y2.t, ob.t, b2.t, m2.t, ws, ex);
        }, ACLNN_ERR_PARAM_INVALID, "per_sample_weights only supported with mode='sum'");
        // and a 2-D indices is refused (1-D only)
        Dev i2d({0, 1}, at::kLong, {1, 2});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnEmbeddingBagGetWorkspaceSize(w2.t, i2d.t, f2.t, false, 0, false, nullptr, false, -1, y2.t, ob.t, b2.t, m2.t, ws, ex);
        }, ACLNN_ERR_PARAM_INVALID, "The indices tensor cannot be larger than 1 dimensions.");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        Dev wb(std::vector<double>(6, 1.0), at::kBFloat16, {3, 2});
        Dev i2({0, 1}, at::kLong, {2});
        Dev f2({0}, at::kLong, {1});
        Dev yb(Filled(2), at::kBFloat16, {1, 2});
        Dev ob(Filled(2), at::kLong, {2});
        Dev b2(Filled(1), at::kLong, {1});
        Dev m2(Filled(1), at::kLong, {1});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnEmbeddingBagGetWorkspaceSize(wb.t, i2.t, f2.t, false, 0, false, nullptr, false, -1, yb.t, ob.t, b2.t, m2.t, ws, ex);
        }, ACLNN_ERR_PARAM_INVALID, "Tensor weight not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
    }
}

// ---------------------------------------------------------------- aclnnEmbeddingRenorm

int EmbeddingRenorm(aclTensor* self, const aclTensor* idx, double maxNorm, double normType) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnEmbeddingRenormGetWorkspaceSize(self, idx, maxNorm, normType, ws, ex);
    }, aclnnEmbeddingRenorm);
}

// rows [3, 4] (norm 5), [1, 0], [0, 5] (norm 5); indices name rows 0 (twice) and 2: both scaled to norm 1, row 1 kept.
// Several calls in a row with other operators between (an earlier attempt at this entry crashed on the call after
// one of an in/out entry).
TEST(ReferenceIndexLossExtraEmbeddingRenorm, ScalesNamedRowsRepeatedly) {
    for (int round = 0; round < 3; ++round) {
        Dev self({3, 4, 1, 0, 0, 5}, at::kFloat, {3, 2});
        Dev idx({0, 2, 0}, at::kLong, {3});
        ASSERT_EQ(EmbeddingRenorm(self.t, idx.t, 1.0, 2.0), 0) << LastError();
        const std::vector<double> v = self.Values();
        const double f = 1.0 / (5.0 + 1e-7);
        EXPECT_NEAR(v[0], 3 * f, 1e-6);
        EXPECT_NEAR(v[1], 4 * f, 1e-6);
        EXPECT_EQ(v[2], 1);
        EXPECT_EQ(v[3], 0);
        EXPECT_NEAR(v[5], 5 * f, 1e-6);
        // an unrelated call between
        Dev u({2, 2, 1}, at::kFloat, {3});
        Dev uv(Filled(3), at::kFloat, {3});
        Dev ui(Filled(3), at::kLong, {3});
        ASSERT_EQ(Unique(u.t, true, true, uv.t, ui.t), 0) << LastError();
    }
    // L1 norm, a maxNorm above every norm: nothing changes; a NaN maxNorm is +inf
    Dev h({3, 4, 1, 0}, at::kHalf, {2, 2}, {1, 2});  // rows [3, 1], [4, 0]
    Dev idx({0, 1}, at::kInt, {2});
    ASSERT_EQ(EmbeddingRenorm(h.t, idx.t, 10.0, 1.0), 0) << LastError();
    EXPECT_EQ(h.Values(), (std::vector<double>{3, 4, 1, 0}));
    ASSERT_EQ(EmbeddingRenorm(h.t, idx.t, std::nan(""), 2.0), 0) << LastError();
    EXPECT_EQ(h.Values(), (std::vector<double>{3, 4, 1, 0}));
    // L1 with maxNorm 2: row [3, 1] (norm 4) halves (to within the 1e-7), row [4, 0] too
    ASSERT_EQ(EmbeddingRenorm(h.t, idx.t, 2.0, 1.0), 0) << LastError();
    EXPECT_EQ(h.Values(), (std::vector<double>{1.5, 2, 0.5, 0}));
}

TEST(ReferenceIndexLossExtraEmbeddingRenorm, Checks) {
    Dev self3({1, 2, 3, 4, 5, 6, 7, 8}, at::kFloat, {2, 2, 2});
    Dev idx({0}, at::kLong, {1});
    Dev idx16({0}, at::kShort, {1});
    Dev self({1, 2}, at::kFloat, {1, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnEmbeddingRenormGetWorkspaceSize(nullptr, idx.t, 1.0, 2.0, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument self.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnEmbeddingRenormGetWorkspaceSize(self.t, idx16.t, 1.0, 2.0, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor indices not implemented for DT_INT16, should be in dtype support list DT_INT32, DT_INT64.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnEmbeddingRenormGetWorkspaceSize(self3.t, idx.t, 1.0, 2.0, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Embedding_Renorm: Except 2-dimension Tensor but got [[2,2,2]]-dimension Tensor.");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        Dev b({1, 2}, at::kBFloat16, {1, 2});
        Dev i({0}, at::kLong, {1});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnEmbeddingRenormGetWorkspaceSize(b.t, i.t, 1.0, 2.0, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
    }
}

// ---------------------------------------------------------------- aclnnInplaceScatterUpdate

int ScatterUpdate(aclTensor* data, const aclTensor* idx, const aclTensor* upd, int64_t axis) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceScatterUpdateGetWorkspaceSize(data, idx, upd, axis, ws, ex);
    }, aclnnInplaceScatterUpdate);
}

// The docs' first scenario: data (2, 1, 4, 2), updates (2, 1, 1, 2), indices (2,) = {1, 3}, axis -2.
TEST(ReferenceIndexLossExtraScatterUpdate, PerBatchOffsets) {
    Dev data(std::vector<double>(16, 0.0), at::kFloat, {2, 1, 4, 2});
    Dev idx({1, 3}, at::kLong, {2});
    Dev upd({1, 2, 3, 4}, at::kFloat, {2, 1, 1, 2});
    ASSERT_EQ(ScatterUpdate(data.t, idx.t, upd.t, -2), 0) << LastError();
    EXPECT_EQ(data.Values(), (std::vector<double>{0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 4}));
    // 2-D indices: (batch, offset) pairs, a slab of two along the last axis
    Dev d2(std::vector<double>(8, 0.0), at::kInt, {2, 1, 4});
    Dev i2({1, 2}, at::kInt, {1, 2});
    Dev u2({7, 8}, at::kInt, {1, 1, 2});
    ASSERT_EQ(ScatterUpdate(d2.t, i2.t, u2.t, -1), 0) << LastError();
    EXPECT_EQ(d2.Values(), (std::vector<double>{0, 0, 0, 0, 0, 0, 7, 8}));
    // 0-D indices: batch 0 at the offset
    Dev d0(std::vector<double>(6, 0.0), at::kChar, {2, 3});
    Dev i0({2}, at::kLong, {});
    Dev u0({9}, at::kChar, {1, 1});
    ASSERT_EQ(ScatterUpdate(d0.t, i0.t, u0.t, 1), 0) << LastError();
    EXPECT_EQ(d0.Values(), (std::vector<double>{0, 0, 9, 0, 0, 0}));
}

TEST(ReferenceIndexLossExtraScatterUpdate, Checks) {
    Dev data(std::vector<double>(8, 0.0), at::kFloat, {2, 4});
    Dev idx({0, 1}, at::kLong, {2});
    Dev upd({1, 2}, at::kFloat, {2, 1});
    Dev updH({1, 2}, at::kHalf, {2, 1});
    Dev upd3({1, 2}, at::kFloat, {2, 1, 1});
    Dev idx3({0, 1}, at::kLong, {1, 1, 2});
    aclTensor* const dt = data.t;
    auto call = [=](const aclTensor* i, const aclTensor* u) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceScatterUpdateGetWorkspaceSize(dt, i, u, 1, ws, ex); };
    };
    ExpectFails(call(idx.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument updates.");
    ExpectFails(call(idx.t, updH.t), ACLNN_ERR_PARAM_INVALID, "Tensor updates expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(call(idx.t, upd3.t), ACLNN_ERR_PARAM_INVALID, "dimension of data and updates should equal");
    ExpectFails(call(idx3.t, upd.t), ACLNN_ERR_PARAM_INVALID, "dimension of indices should be 0, 1 or 2");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        Dev b(std::vector<double>(4, 0.0), at::kBFloat16, {2, 2});
        Dev i({0, 1}, at::kLong, {2});
        Dev u({1, 2}, at::kBFloat16, {2, 1});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceScatterUpdateGetWorkspaceSize(b.t, i.t, u.t, 1, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID, "data dtype DT_BF16 is unsupported by the current SOC version [Ascend910A].");
    }
}

// ---------------------------------------------------------------- aclnnMaxUnpool2d / aclnnMaxUnpool3d

TEST(ReferenceIndexLossExtraMaxUnpool, Values) {
    Dev self({5, 7}, at::kFloat, {1, 1, 2});
    Dev idx({3, 0}, at::kLong, {1, 1, 2});
    Dev out(Filled(4), at::kFloat, {1, 2, 2});
    std::vector<int64_t> os{2, 2};
    aclIntArray* osa = aclCreateIntArray(os.data(), os.size());
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaxUnpool2dGetWorkspaceSize(self.t, idx.t, osa, out.t, ws, ex); },
                        aclnnMaxUnpool2d), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{7, 0, 0, 5}));
    // 3d: self [N=1, D=1, H=1, W=2] (C = 1), outputSize [1, 2, 3]
    Dev s3({5, 7}, at::kInt, {1, 1, 1, 2});
    Dev i3({1, 4}, at::kInt, {1, 1, 1, 2});
    Dev o3(Filled(6), at::kInt, {1, 1, 2, 3});
    std::vector<int64_t> os3{1, 2, 3}, st{1, 1, 1}, pd{0, 0, 0};
    aclIntArray* osa3 = aclCreateIntArray(os3.data(), 3);
    aclIntArray* sta = aclCreateIntArray(st.data(), 3);
    aclIntArray* pda = aclCreateIntArray(pd.data(), 3);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnMaxUnpool3dGetWorkspaceSize(s3.t, i3.t, osa3, sta, pda, o3.t, ws, ex);
    }, aclnnMaxUnpool3d), 0) << LastError();
    EXPECT_EQ(o3.Values(), (std::vector<double>{0, 5, 0, 0, 7, 0}));
    // checks: outputSize too small (2d), outRef not contiguous (3d, first), outRef's D, H, W not outputSize
    std::vector<int64_t> small{1, 1};
    aclIntArray* sm = aclCreateIntArray(small.data(), 2);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaxUnpool2dGetWorkspaceSize(self.t, idx.t, sm, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "The output volums are of size 1 x 1, should greater than or equal to self of size 1 x 2.");
    Dev o3t(Filled(6), at::kInt, {1, 1, 2, 3}, {6, 6, 1, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaxUnpool3dGetWorkspaceSize(s3.t, i3.t, osa3, sta, pda, o3t.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "outRef must be contiguous");
    Dev o3b(Filled(6), at::kInt, {1, 1, 3, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaxUnpool3dGetWorkspaceSize(s3.t, i3.t, osa3, sta, pda, o3b.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Out should be same in D");
    aclDestroyIntArray(osa);
    aclDestroyIntArray(osa3);
    aclDestroyIntArray(sta);
    aclDestroyIntArray(pda);
    aclDestroyIntArray(sm);
}

// ---------------------------------------------------------------- aclnnCtcLossBackward

// T = 1, N = 1, C = 2, an empty target, blank 0: the only alignment is the blank, so d nll / d logProbs[0][c] =
// softmax - onehot(blank) = [0.25 - 1, 0.75] for probabilities [0.25, 0.75]; logAlpha padded to 8 columns.
TEST(ReferenceIndexLossExtraCtcLossBackward, ClosedForm) {
    const double l0 = std::log(0.25), l1 = std::log(0.75);
    Dev grad({2.0}, at::kFloat, {1});
    Dev lp({l0, l1}, at::kFloat, {1, 1, 2});
    Dev tg({0}, at::kLong, {0});
    Dev nll({-l0}, at::kFloat, {1});
    std::vector<double> alpha(8, -INFINITY);
    alpha[0] = l0;
    Dev la(alpha, at::kFloat, {1, 1, 8});
    Dev out(Filled(2), at::kFloat, {1, 1, 2});
    std::vector<int64_t> il{1}, tl{0};
    aclIntArray* ila = aclCreateIntArray(il.data(), 1);
    aclIntArray* tla = aclCreateIntArray(tl.data(), 1);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCtcLossBackwardGetWorkspaceSize(grad.t, lp.t, tg.t, ila, tla, nll.t, la.t, 0, false, out.t, ws, ex);
    }, aclnnCtcLossBackward), 0) << LastError();
    const std::vector<double> v = out.Values();
    EXPECT_NEAR(v[0], 2 * (0.25 - 1), 1e-6);
    EXPECT_NEAR(v[1], 2 * 0.75, 1e-6);
    // shapes before dtypes: a 2-D gradOut fails first even with a wrong dtype elsewhere
    Dev g2({1.0}, at::kFloat, {1, 1});
    Dev out64(Filled(2), at::kDouble, {1, 1, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCtcLossBackwardGetWorkspaceSize(g2.t, lp.t, tg.t, ila, tla, nll.t, la.t, 0, false, out64.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "DimNum of gradOut [2] must equal [1].");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCtcLossBackwardGetWorkspaceSize(grad.t, lp.t, tg.t, ila, tla, nll.t, la.t, 0, false, out64.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_FLOAT but found DT_DOUBLE.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCtcLossBackwardGetWorkspaceSize(grad.t, lp.t, tg.t, ila, tla, nll.t, la.t, 2, false, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Attr parameter blank 2 must be greater than or equal to 0 and less than 2.");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        Dev g({1.0}, at::kHalf, {1});
        Dev p({l0, l1}, at::kHalf, {1, 1, 2});
        Dev t({0}, at::kLong, {0});
        Dev n({-l0}, at::kHalf, {1});
        Dev a(alpha, at::kHalf, {1, 1, 8});
        Dev o(Filled(2), at::kHalf, {1, 1, 2});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnCtcLossBackwardGetWorkspaceSize(g.t, p.t, t.t, ila, tla, n.t, a.t, 0, false, o.t, ws, ex);
        }, ACLNN_ERR_PARAM_INVALID, "Tensor logProbs not implemented for DT_FLOAT16, should be in dtype support list DT_FLOAT, DT_DOUBLE.");
    }
    aclDestroyIntArray(ila);
    aclDestroyIntArray(tla);
}

// ---------------------------------------------------------------- aclnnExpandIntoJaggedPermute

TEST(ReferenceIndexLossExtraExpandIntoJaggedPermute, ExampleOnAtlasA2) {
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        Dev perm({1, 0, 2}, at::kInt, {3});
        Dev in({0, 3, 5, 8}, at::kInt, {4});
        Dev outOff({0, 2, 4, 6}, at::kInt, {4});
        Dev out(Filled(6), at::kInt, {6});
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnExpandIntoJaggedPermuteGetWorkspaceSize(perm.t, in.t, outOff.t, 6, out.t, ws, ex);
        }, aclnnExpandIntoJaggedPermute), 0) << LastError();
        EXPECT_EQ(out.Values(), (std::vector<double>{3, 4, 0, 1, 5, 6}));
        Dev perm2({1, 0}, at::kInt, {1, 2});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnExpandIntoJaggedPermuteGetWorkspaceSize(perm2.t, in.t, outOff.t, 6, out.t, ws, ex);
        }, ACLNN_ERR_INNER_TILING_ERROR, "[ExpandIntoJaggedPermuteTilingData] permuteShape's shape is not 1D.");
        Dev in64({0, 3, 5, 8}, at::kLong, {4});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnExpandIntoJaggedPermuteGetWorkspaceSize(perm.t, in64.t, outOff.t, 6, out.t, ws, ex);
        }, ACLNN_ERR_PARAM_INVALID, "Tensor inputOffset not implemented for DT_INT64");
    }
    // no kernel on the Ascend 950 (the default profile): refused
    Dev perm({0}, at::kInt, {1});
    Dev in({0, 1}, at::kInt, {2});
    Dev out(Filled(1), at::kInt, {1});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnExpandIntoJaggedPermuteGetWorkspaceSize(perm.t, in.t, in.t, 1, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Tensor permute not implemented for DT_INT32");
}

// ---------------------------------------------------------------- aclnnIndexAddV2

int IndexAddV2(const aclTensor* self, int64_t dim, const aclTensor* idx, const aclTensor* src, const aclScalar* alpha,
               int64_t mode, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnIndexAddV2GetWorkspaceSize(self, dim, idx, src, alpha, mode, out, ws, ex);
    }, aclnnIndexAddV2);
}

// mode 1 applies alpha (index 0 named twice: both rows added); mode 0 (the AI Core path) does not apply it.
TEST(ReferenceIndexLossExtraIndexAddV2, ModesAndAlpha) {
    Dev self({1, 1, 1, 1, 1, 1}, at::kFloat, {3, 2});
    Dev idx({0, 2, 0}, at::kLong, {3});
    Dev src({1, 2, 3, 4, 5, 6}, at::kFloat, {3, 2});
    Dev out(Filled(6), at::kFloat, {3, 2});
    aclcpu_test::Scalar two(2.0f);
    ASSERT_EQ(IndexAddV2(self.t, 0, idx.t, src.t, two.s, 1, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{13, 17, 1, 1, 7, 9}));
    ASSERT_EQ(IndexAddV2(self.t, 0, idx.t, src.t, two.s, 0, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{7, 9, 1, 1, 4, 5}));
    // INT32 along dim 1 with an INT alpha of 3 (mode 1)
    Dev si({0, 0, 0, 0}, at::kInt, {2, 2});
    Dev ii({1}, at::kInt, {1});
    Dev ss({5, 6}, at::kInt, {2, 1});
    Dev so(Filled(4), at::kInt, {2, 2});
    aclcpu_test::Scalar three(3.0, ACL_INT32);
    ASSERT_EQ(IndexAddV2(si.t, -1, ii.t, ss.t, three.s, 1, so.t), 0) << LastError();
    EXPECT_EQ(so.Values(), (std::vector<double>{0, 15, 0, 18}));
}

TEST(ReferenceIndexLossExtraIndexAddV2, Checks) {
    Dev self({1, 1, 1, 1}, at::kFloat, {2, 2});
    Dev self3(std::vector<double>(8, 1.0), at::kFloat, {2, 2, 2});
    Dev idx({0}, at::kLong, {1});
    Dev src({1, 2}, at::kFloat, {1, 2});
    Dev srcH({1, 2}, at::kHalf, {1, 2});
    Dev out(Filled(4), at::kFloat, {2, 2});
    Dev si({1, 1}, at::kInt, {2});
    Dev ssrc({1}, at::kInt, {1});
    Dev sout(Filled(2), at::kInt, {2});
    aclcpu_test::Scalar one(1.0f);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnIndexAddV2GetWorkspaceSize(self.t, 0, idx.t, src.t, nullptr, 1, out.t, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Scalar but got null for argument alpha.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnIndexAddV2GetWorkspaceSize(self.t, 0, idx.t, srcH.t, one.s, 1, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "self dtype DT_FLOAT and source dtype DT_FLOAT16 must same.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnIndexAddV2GetWorkspaceSize(si.t, 0, idx.t, ssrc.t, one.s, 1, sout.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnIndexAddV2GetWorkspaceSize(self.t, 2, idx.t, src.t, one.s, 1, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "dim should be in [-self.dims(), self.dims), but dim is 2.");
    // mode 0: only 2-D self along dim 0 - other calls are refused after the checks with 561103
    Dev src3(std::vector<double>(4, 1.0), at::kFloat, {1, 2, 2});
    Dev out3(Filled(8), at::kFloat, {2, 2, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnIndexAddV2GetWorkspaceSize(self3.t, 0, idx.t, src3.t, one.s, 0, out3.t, ws, ex); },
                ACLNN_ERR_INNER_NULLPTR, "Do not support mode == 0, please check!");
    Dev srcc({1, 2}, at::kFloat, {2, 1});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnIndexAddV2GetWorkspaceSize(self.t, 1, idx.t, srcc.t, one.s, 0, out.t, ws, ex); },
                ACLNN_ERR_INNER_NULLPTR, "Do not support mode == 0, please check!");
    ASSERT_EQ(IndexAddV2(self3.t, 0, idx.t, src3.t, one.s, 1, out3.t), 0) << LastError();
    // INT8 is not an AI Core dtype on the Ascend 950 / Atlas A2: mode 0 refused there, accepted on the Atlas 910
    Dev s8({0, 0, 0, 0}, at::kChar, {2, 2});
    Dev x8({1, 2}, at::kChar, {1, 2});
    Dev o8(Filled(4), at::kChar, {2, 2});
    aclcpu_test::Scalar i1(1.0, ACL_INT8);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnIndexAddV2GetWorkspaceSize(s8.t, 0, idx.t, x8.t, i1.s, 0, o8.t, ws, ex); },
                ACLNN_ERR_INNER_NULLPTR, "Do not support mode == 0");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        Dev a({0, 0, 0, 0}, at::kChar, {2, 2});
        Dev i({1}, at::kLong, {1});
        Dev x({1, 2}, at::kChar, {1, 2});
        Dev o(Filled(4), at::kChar, {2, 2});
        aclcpu_test::Scalar al(1.0, ACL_INT8);
        ASSERT_EQ(IndexAddV2(a.t, 0, i.t, x.t, al.s, 0, o.t), 0) << LastError();
        EXPECT_EQ(o.Values(), (std::vector<double>{0, 0, 1, 2}));
    }
}

// ---------------------------------------------------------------- aclnnCrossEntropySumExpAndIndexLogit

// Two tokens over a rank's vocab range [10, 26): row 0 zeros but 2 at position 3 (target 13: inside, offset 3),
// row 1 zeros (target 5: outside - masked). globalLogitsMax 2 and 0.
TEST(ReferenceIndexLossExtraCrossEntropySumExp, Values) {
    std::vector<double> lg(32, 0.0);
    lg[3] = 2.0;
    Dev logits(lg, at::kFloat, {2, 16});
    Dev target({13, 5}, at::kInt, {2});
    Dev gmax({2, 0}, at::kFloat, {2});
    Dev pred(Filled(2), at::kFloat, {2});
    Dev sum(Filled(2), at::kFloat, {2});
    Dev ex(Filled(32), at::kFloat, {2, 16});
    Dev off(Filled(2), at::kInt, {2});
    Dev mask(Filled(2), at::kInt, {2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** e) {
        return aclnnCrossEntropySumExpAndIndexLogitGetWorkspaceSize(logits.t, target.t, gmax.t, 10, 26, pred.t, sum.t,
                                                                    ex.t, off.t, mask.t, ws, e);
    }, aclnnCrossEntropySumExpAndIndexLogit), 0) << LastError();
    EXPECT_EQ(pred.Values(), (std::vector<double>{0, 0}));
    EXPECT_EQ(off.Values(), (std::vector<double>{3, 0}));
    EXPECT_EQ(mask.Values(), (std::vector<double>{0, 1}));
    const std::vector<double> sv = sum.Values();
    EXPECT_NEAR(sv[0], 1 + 15 * std::exp(-2.0), 1e-5);
    EXPECT_NEAR(sv[1], 16, 1e-5);
    EXPECT_NEAR(ex.Values()[0], std::exp(-2.0), 1e-6);
    EXPECT_NEAR(ex.Values()[3], 1.0, 1e-6);
    // the tiling's checks: 561002
    ExpectFails([&](uint64_t* ws, aclOpExecutor** e) {
        return aclnnCrossEntropySumExpAndIndexLogitGetWorkspaceSize(logits.t, target.t, gmax.t, 10, 20, pred.t, sum.t,
                                                                    ex.t, off.t, mask.t, ws, e);
    }, ACLNN_ERR_INNER_TILING_ERROR, "Attribute vocab_end_index of CrossEntropySumExpAndIndexLogit has incorrect value 20. "
                                     "It should be vocab_start_index + V_local.");
    Dev gb({2, 0}, at::kBFloat16, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** e) {
        return aclnnCrossEntropySumExpAndIndexLogitGetWorkspaceSize(logits.t, target.t, gb.t, 10, 26, pred.t, sum.t,
                                                                    ex.t, off.t, mask.t, ws, e);
    }, ACLNN_ERR_INNER_TILING_ERROR, "Parameter global_logits_max of CrossEntropySumExpAndIndexLogit has incorrect dtype DT_BF16.");
    Dev l12(std::vector<double>(24, 0.0), at::kFloat, {2, 12});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** e) {
        return aclnnCrossEntropySumExpAndIndexLogitGetWorkspaceSize(l12.t, target.t, gmax.t, 0, 12, pred.t, sum.t,
                                                                    ex.t, off.t, mask.t, ws, e);
    }, ACLNN_ERR_INNER_TILING_ERROR, "has incorrect shape size 12. It should be in [16, 204800].");
    {   // no kernel outside the Ascend 950
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        Dev l(std::vector<double>(16, 0.0), at::kFloat, {1, 16});
        Dev t({0}, at::kInt, {1});
        Dev g({0}, at::kFloat, {1});
        Dev p(Filled(1), at::kFloat, {1});
        Dev s1(Filled(1), at::kFloat, {1});
        Dev x(Filled(16), at::kFloat, {1, 16});
        Dev o(Filled(1), at::kInt, {1});
        Dev k(Filled(1), at::kInt, {1});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** e) {
            return aclnnCrossEntropySumExpAndIndexLogitGetWorkspaceSize(l.t, t.t, g.t, 0, 16, p.t, s1.t, x.t, o.t, k.t, ws, e);
        }, ACLNN_ERR_PARAM_INVALID, "Tensor vocabParallelLogits not implemented for DT_FLOAT");
    }
}

}  // namespace index_loss_extra_reference_test
