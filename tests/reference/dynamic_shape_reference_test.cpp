// The reference tier's operators of data-dependent output shape through the public API (docs/ops/dynamic_shape.md):
// aclnnNonzero and aclnnNonzeroV2 against indices written out here, the caller's out described with the result's
// view shape after the call (aclGetViewShape, as CANN's example programs read it), the storage past the result
// untouched, and what the engine refuses: an out too small for the result (561000 at the synchronisation, out
// unchanged), a non-contiguous out (161002), an out destroyed between the phases.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cstdint>
#include <string>
#include <vector>

#include "aclnnop/aclnn_masked_select.h"
#include "aclnnop/aclnn_nonzero.h"
#include "aclnnop/aclnn_nonzero_v2.h"
#include "support/phases.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace dynamic_shape_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;

std::vector<int64_t> ViewShape(const aclTensor* t) {
    int64_t* dims = nullptr;
    uint64_t n = 0;
    if (aclGetViewShape(t, &dims, &n) != 0) return {-1};
    std::vector<int64_t> v(dims, dims + n);
    delete[] dims;
    return v;
}

int Nonzero(const aclTensor* self, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNonzeroGetWorkspaceSize(self, out, ws, ex); },
                     aclnnNonzero);
}
int NonzeroV2(const aclTensor* self, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNonzeroV2GetWorkspaceSize(self, out, ws, ex); },
                     aclnnNonzeroV2);
}

// ops-nn's example: self [4, 2] holding 0 .. 7 (seven nonzero), out [8, 2] -> out [7, 2], the indices in row-major
// order; the storage's last row (never written) keeps its -1s.
TEST(ReferenceDynamicShape, NonzeroGivesOutTheResultShape) {
    Dev self({0, 1, 2, 3, 4, 5, 6, 7}, at::kFloat, {4, 2});
    Dev out(std::vector<double>(16, -1.0), at::kLong, {8, 2});
    ASSERT_EQ(Nonzero(self.t, out.t), 0) << LastError();
    EXPECT_EQ(ViewShape(out.t), (std::vector<int64_t>{7, 2}));
    EXPECT_EQ(out.Values(), (std::vector<double>{0, 1, 1, 0, 1, 1, 2, 0, 2, 1, 3, 0, 3, 1, -1, -1}));
    // a transposed BOOL view: [[1, 0], [0, 1], [1, 1]] stored as its transpose
    Dev b({1, 0, 1, 0, 1, 1}, at::kBool, {3, 2}, {1, 3});
    Dev o2(std::vector<double>(12, -1.0), at::kLong, {6, 2});
    ASSERT_EQ(Nonzero(b.t, o2.t), 0) << LastError();
    EXPECT_EQ(ViewShape(o2.t), (std::vector<int64_t>{4, 2}));
    EXPECT_EQ(o2.Values(), (std::vector<double>{0, 0, 1, 1, 2, 0, 2, 1, -1, -1, -1, -1}));
    // nothing nonzero: a [0, 2] result
    Dev z({0, 0, 0}, at::kInt, {3});
    Dev o3(std::vector<double>(3, -1.0), at::kLong, {3, 1});
    ASSERT_EQ(Nonzero(z.t, o3.t), 0) << LastError();
    EXPECT_EQ(ViewShape(o3.t), (std::vector<int64_t>{0, 1}));
    EXPECT_EQ(o3.Values(), (std::vector<double>{-1, -1, -1}));
}

// V2: one row per dim - ops-nn's example, out [2, 7] exactly the result's size; an out at offset 1.
TEST(ReferenceDynamicShape, NonzeroV2RowsPerDim) {
    Dev self({0, 1, 2, 3, 4, 5, 6, 7}, at::kFloat, {4, 2});
    Dev out(std::vector<double>(14, -1.0), at::kLong, {2, 7});
    ASSERT_EQ(NonzeroV2(self.t, out.t), 0) << LastError();
    EXPECT_EQ(ViewShape(out.t), (std::vector<int64_t>{2, 7}));
    EXPECT_EQ(out.Values(), (std::vector<double>{0, 1, 1, 2, 2, 3, 3, 1, 0, 1, 0, 1, 0, 1}));
    Dev v({0, 2, 0, 3}, at::kInt, {4});
    Dev o(std::vector<double>(6, -1.0), at::kLong, {1, 5}, {5, 1}, 1);
    ASSERT_EQ(NonzeroV2(v.t, o.t), 0) << LastError();
    EXPECT_EQ(ViewShape(o.t), (std::vector<int64_t>{1, 2}));
    EXPECT_EQ(o.Values(), (std::vector<double>{-1, 1, 3, -1, -1, -1}));
}

// An out with fewer elements than the result: the first phase passes (CANN checks no size), the second fails
// with 561000 at the synchronisation naming both sizes, and out keeps its shape and values.
TEST(ReferenceDynamicShape, ResultLargerThanOutFailsAndWritesNothing) {
    Dev self({1, 2, 3, 4}, at::kFloat, {4});
    Dev out(std::vector<double>(2, -1.0), at::kLong, {2, 1});
    EXPECT_EQ(Nonzero(self.t, out.t), ACLNN_ERR_INNER);
    EXPECT_NE(LastError().find("a result of 4 elements in 2 dims does not fit output 1 (2 elements)"), std::string::npos);
    EXPECT_EQ(ViewShape(out.t), (std::vector<int64_t>{2, 1}));
    EXPECT_EQ(out.Values(), (std::vector<double>{-1, -1}));
}

// Beyond CANN: an out that is not contiguous is refused in the first phase (the result is written from its first
// element on); CANN's checks in order before that (dtype, dims).
TEST(ReferenceDynamicShape, ChecksInOrder) {
    Dev self({1, 0, 1, 1}, at::kFloat, {2, 2});
    Dev strided(std::vector<double>(8, 0.0), at::kLong, {4, 2}, {1, 4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNonzeroGetWorkspaceSize(self.t, strided.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "aclnnNonzero: out (shape [4,2], strides [1,4]) receives a result of data-dependent shape");
    Dev out_i32(std::vector<double>(8, 0.0), at::kInt, {4, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNonzeroGetWorkspaceSize(self.t, out_i32.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_INT32, should be in dtype support list DT_INT64.");
    Dev out(std::vector<double>(8, 0.0), at::kLong, {4, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNonzeroGetWorkspaceSize(nullptr, out.t, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "Expected a value of type [aclTensor] for argument [self] but instead found nullptr.");
}

// An out destroyed between the phases: the second phase computes but cannot describe it - 561000, nothing else
// touched (the handle is not dereferenced after its destruction).
TEST(ReferenceDynamicShape, OutDestroyedBetweenPhases) {
    Dev self({1, 0, 1, 1}, at::kFloat, {2, 2});
    aclcpu_test::DeviceBuffer mem(8 * 8);
    const std::vector<int64_t> shape{4, 2}, strides{2, 1}, storage{8};
    aclTensor* out = aclCreateTensor(shape.data(), 2, ACL_INT64, strides.data(), 0, ACL_FORMAT_ND, storage.data(), 1,
                                     mem.get());
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnNonzeroGetWorkspaceSize(self.t, out, &ws, &ex), 0) << LastError();
    aclDestroyTensor(out);
    const int launched = aclnnNonzero(nullptr, ws, ex, nullptr);
    const int synced = aclrtSynchronizeStream(nullptr);
    EXPECT_TRUE(launched == ACLNN_ERR_INNER || synced != 0) << launched << " " << synced;
    EXPECT_NE(LastError().find("could not set the result's view shape [3,2] on its output: the aclTensor was destroyed"), std::string::npos);
}

int MaskedSelect(const aclTensor* self, const aclTensor* mask, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaskedSelectGetWorkspaceSize(self, mask, out, ws, ex); },
        aclnnMaskedSelect);
}

// ops-math's example (mask on the second half), then a UINT8 mask broadcast over self's rows and self cast to out's
// INT32: the selected elements in row-major order of the broadcast shape, out's view shape [count], the rest of its
// storage untouched; CANN's shape checks in order.
TEST(ReferenceDynamicShape, MaskedSelectBroadcastsAndCasts) {
    Dev self({0, 1, 2, 3, 4, 5, 6, 7}, at::kFloat, {4, 2});
    Dev mask({0, 0, 0, 0, 1, 1, 1, 1}, at::kBool, {4, 2});
    Dev out(std::vector<double>(8, 10.0), at::kFloat, {8});
    ASSERT_EQ(MaskedSelect(self.t, mask.t, out.t), 0) << LastError();
    EXPECT_EQ(ViewShape(out.t), (std::vector<int64_t>{4}));
    EXPECT_EQ(out.Values(), (std::vector<double>{4, 5, 6, 7, 10, 10, 10, 10}));
    Dev s2({1.5, -2.5, 3.5, 4.5, 5.5, 6.5}, at::kFloat, {2, 3});
    Dev m2({1, 0, 7}, at::kByte, {3});
    Dev o2(std::vector<double>(6, -1.0), at::kInt, {6});
    ASSERT_EQ(MaskedSelect(s2.t, m2.t, o2.t), 0) << LastError();
    EXPECT_EQ(ViewShape(o2.t), (std::vector<int64_t>{4}));
    EXPECT_EQ(o2.Values(), (std::vector<double>{1, 3, 4, 6, -1, -1}));
    Dev o2d(std::vector<double>(6, 0.0), at::kFloat, {2, 3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaskedSelectGetWorkspaceSize(s2.t, m2.t, o2d.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Expected 1 dimension input, but got y with sizes [2,3].");
    Dev o5(std::vector<double>(5, 0.0), at::kFloat, {5});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaskedSelectGetWorkspaceSize(s2.t, m2.t, o5.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "The out shape size  is not same with broadcastShapeSize. y.shape: 5, broadcastShape.shape: 6.");
    Dev m4({1, 0, 1, 1}, at::kBool, {4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaskedSelectGetWorkspaceSize(s2.t, m4.t, o2.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "The size of tensor self [2,3] must match the size of tensor mask [4].");
}

}  // namespace dynamic_shape_reference_test
