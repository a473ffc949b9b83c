// The reference tier's conversion operators through the public API (docs/ops/conversion.md): each result against
// values computed here by index arithmetic (not ATen's permute / roll / tril), each attribute's mapping (Permute's
// dims, Flatten's axis, Roll's shifts and dims, Tril's and Triu's diagonal), the Inplace forms, and the checks in
// CANN's order with its codes and messages (null -> 161001; dtype per product, ranks, ranges, out's shape ->
// 161002). The table-driven suite (reference_table_test.cpp) runs each entry's cases on transposed, strided and
// offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "aclnnop/aclnn_channel_shuffle.h"
#include "aclnnop/aclnn_constant_pad_nd.h"
#include "aclnnop/aclnn_diag.h"
#include "aclnnop/aclnn_diag_flat.h"
#include "aclnnop/aclnn_expand.h"
#include "aclnnop/aclnn_eye.h"
#include "aclnnop/aclnn_flatten.h"
#include "aclnnop/aclnn_permute.h"
#include "aclnnop/aclnn_reflection_pad1d.h"
#include "aclnnop/aclnn_reflection_pad2d.h"
#include "aclnnop/aclnn_reflection_pad3d.h"
#include "aclnnop/aclnn_repeat.h"
#include "aclnnop/aclnn_replication_pad1d.h"
#include "aclnnop/aclnn_replication_pad2d.h"
#include "aclnnop/aclnn_replication_pad3d.h"
#include "aclnnop/aclnn_roll.h"
#include "aclnnop/aclnn_slice.h"
#include "aclnnop/aclnn_tril.h"
#include "aclnnop/aclnn_triu.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/reference_case.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace conversion_reference_test {

using aclcpu_test::AclOf;
using aclcpu_test::Dev;

using aclcpu_test::DeviceBuffer;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::OwnedIntArray;
using aclcpu_test::RunPhases;

std::vector<double> Iota(int64_t n, double start = 1.0) {
    std::vector<double> v;
    for (int64_t i = 0; i < n; ++i) v.push_back(start + static_cast<double>(i));
    return v;
}

// ================================================================================ Permute

int Permute(const aclTensor* self, const std::vector<int64_t>& dims, aclTensor* out) {
    OwnedIntArray d(dims);
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnPermuteGetWorkspaceSize(self, d.a, out, ws, ex); },
                     aclnnPermute);
}

// self [2,3,4] contiguous, dims [2,0,1]: out[k][i][j] = self[i][j][k] = 12 i + 4 j + k (+1).
TEST(ReferencePermute, MovesEveryElement) {
    Dev self(Iota(24), at::kFloat, {2, 3, 4});
    Dev out(std::vector<double>(24, -1.0), at::kFloat, {4, 2, 3});
    ASSERT_EQ(Permute(self.t, {2, 0, 1}, out.t), 0) << LastError();
    const std::vector<double> got = out.Values();
    for (int k = 0; k < 4; ++k)
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 3; ++j) EXPECT_EQ(got[k * 6 + i * 3 + j], 1.0 + 12 * i + 4 * j + k) << k << i << j;
}

// negative dims wrap; an INT64 self through a transposed view: out = self^T^T = the stored [3,2] storage as is.
TEST(ReferencePermute, NegativeDimsOnTransposedView) {
    Dev self(Iota(6), at::kLong, {2, 3}, {1, 2});  // self[i][j] = storage[i + 2 j]
    Dev out(std::vector<double>(6, 0.0), at::kLong, {3, 2});
    ASSERT_EQ(Permute(self.t, {-1, -2}, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), Iota(6));  // out[j][i] = storage[2 j + i]
}

TEST(ReferencePermute, ChecksInCannOrder) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kFloat, {3, 2});
    Dev out_int(std::vector<double>(6), at::kInt, {3, 2});
    Dev out_3d(std::vector<double>(6), at::kFloat, {3, 2, 1});
    Dev out_bad(std::vector<double>(6), at::kFloat, {2, 3});
    OwnedIntArray dims({1, 0});
    auto call = [](const aclTensor* s, const aclIntArray* d, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnPermuteGetWorkspaceSize(s, d, o, ws, ex); };
    };
    ExpectFails(call(nullptr, dims.a, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(call(self.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type List[int] for argument dims but instead found type null.");
    ExpectFails(call(self.t, dims.a, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument out.");
    ExpectFails(call(self.t, dims.a, out_int.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_INT32.");
    ExpectFails(call(self.t, dims.a, out_3d.t), ACLNN_ERR_PARAM_INVALID,
                "Permute does not support self shape: [2,3], output shape: [3,2,1]");
    OwnedIntArray three({0, 1, 2});
    ExpectFails(call(self.t, three.a, out.t), ACLNN_ERR_PARAM_INVALID,
                "The dimension of the dims:3 and the dimension of the input shape:2 are inconsistent");
    OwnedIntArray dup({1, 1});
    ExpectFails(call(self.t, dup.a, out.t), ACLNN_ERR_PARAM_INVALID, "Invalid dims and it contains duplicate elements");
    OwnedIntArray far({0, 2});
    ExpectFails(call(self.t, far.a, out.t), ACLNN_ERR_PARAM_INVALID, "The values of dims should be in range [-2, 1].");
    OwnedIntArray wraps({1, -1});
    ExpectFails(call(self.t, wraps.a, out.t), ACLNN_ERR_PARAM_INVALID, "Each dimension in perm should not be repeated.");
    ExpectFails(call(self.t, dims.a, out_bad.t), ACLNN_ERR_PARAM_INVALID,
                "The tensor's shape[[3,2]] is not equal with shape[[2,3]].");
}

// BF16 is in the one list, refused on the products outside [ASCEND910B, ASCEND910E] by the op_api's own check.
TEST(ReferencePermute, Bf16PerProduct) {
    for (l1ref::Profile p : {l1ref::Profile::kAscend910, l1ref::Profile::kAscend910B}) {
        aclcpu_test::ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        Dev self(Iota(6), at::kBFloat16, {2, 3});
        Dev out(std::vector<double>(6), at::kBFloat16, {3, 2});
        if (p == l1ref::Profile::kAscend910) {
            OwnedIntArray dims({1, 0});
            ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnPermuteGetWorkspaceSize(self.t, dims.a, out.t, ws, ex);
            }, ACLNN_ERR_PARAM_INVALID, "Self dtype DT_BF16 is unsupported by the current SOC version [Ascend910A].");
        } else {
            ASSERT_EQ(Permute(self.t, {1, 0}, out.t), 0) << LastError();
            EXPECT_EQ(out.Values(), (std::vector<double>{1, 4, 2, 5, 3, 6}));
        }
    }
}

// ================================================================================ Flatten

int Flatten(const aclTensor* self, int64_t axis, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnFlattenGetWorkspaceSize(self, axis, out, ws, ex); },
                     aclnnFlatten);
}

// axis splits the dims: [2,3,4] at 1 -> [2,12], at -1 -> [6,4], at 0 -> [1,24]; the elements in row-major order
// of self's view (here a transposed one: [2,3] over [3,2] storage).
TEST(ReferenceFlatten, AxisMapping) {
    Dev self(Iota(24), at::kFloat, {2, 3, 4});
    for (const auto& c : std::vector<std::pair<int64_t, std::vector<int64_t>>>{{1, {2, 12}}, {-1, {6, 4}}, {0, {1, 24}}}) {
        Dev out(std::vector<double>(24, 0.0), at::kFloat, c.second);
        ASSERT_EQ(Flatten(self.t, c.first, out.t), 0) << LastError();
        EXPECT_EQ(out.Values(), Iota(24)) << "axis " << c.first;
    }
    Dev t(Iota(6), at::kInt, {2, 3}, {1, 2});
    Dev out(std::vector<double>(6, 0.0), at::kInt, {2, 3});
    ASSERT_EQ(Flatten(t.t, 1, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1, 3, 5, 2, 4, 6}));
    Dev scalar({7.0}, at::kInt, {});
    Dev out11({0.0}, at::kInt, {1, 1});
    ASSERT_EQ(Flatten(scalar.t, 0, out11.t), 0) << LastError();
    EXPECT_EQ(out11.Values(), (std::vector<double>{7.0}));
}

TEST(ReferenceFlatten, ChecksInCannOrder) {
    Dev self(Iota(24), at::kFloat, {2, 3, 4});
    Dev out(std::vector<double>(24), at::kFloat, {2, 12});
    Dev out_half(std::vector<double>(24), at::kHalf, {2, 12});
    Dev dbl(Iota(24), at::kDouble, {2, 3, 4});
    Dev out_dbl(std::vector<double>(24), at::kDouble, {2, 12});
    Dev vec(Iota(4), at::kFloat, {4});
    Dev out_vec(std::vector<double>(4), at::kFloat, {1, 4});
    auto call = [](const aclTensor* s, int64_t axis, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnFlattenGetWorkspaceSize(s, axis, o, ws, ex); };
    };
    ExpectFails(call(nullptr, 1, out.t), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(call(self.t, 1, out_half.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_FLOAT16.");
    ExpectFails(call(dbl.t, 1, out_dbl.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_DOUBLE");
    ExpectFails(call(vec.t, 1, out_vec.t), ACLNN_ERR_PARAM_INVALID,
                "Dimension out of range (expected to be in range of [-1, 0], but got 1)");
    ExpectFails(call(self.t, 3, out.t), ACLNN_ERR_PARAM_INVALID,
                "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
    ExpectFails(call(self.t, -4, out.t), ACLNN_ERR_PARAM_INVALID,
                "Dimension out of range (expected to be in range of [-3, 2], but got -4)");
    ExpectFails(call(self.t, 2, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [6,4], but got [2,12].");
}

// BF16 only on Ascend 950 and Atlas A2/A3 (the 910B list).
TEST(ReferenceFlatten, Bf16PerProduct) {
    for (l1ref::Profile p : {l1ref::Profile::kAscend310P, l1ref::Profile::kAscend950}) {
        aclcpu_test::ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        Dev self(Iota(6), at::kBFloat16, {2, 3});
        Dev out(std::vector<double>(6), at::kBFloat16, {1, 6});
        const int st = Flatten(self.t, 0, out.t);
        if (p == l1ref::Profile::kAscend310P) {
            EXPECT_EQ(st, ACLNN_ERR_PARAM_INVALID);
        } else {
            ASSERT_EQ(st, 0) << LastError();
            EXPECT_EQ(out.Values(), Iota(6));
        }
    }
}

// ================================================================================ Roll

int Roll(const aclTensor* x, const std::vector<int64_t>& shifts, const std::vector<int64_t>& dims, aclTensor* out) {
    OwnedIntArray s(shifts), d(dims);
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnRollGetWorkspaceSize(x, s.a, d.a, out, ws, ex); }, aclnnRoll);
}

// out[i][j] = x[(i - s0) mod 3][(j - s1) mod 4]; empty dims: the flattened x rolled by shifts[0].
TEST(ReferenceRoll, ShiftsAndDims) {
    Dev x(Iota(12, 0.0), at::kFloat, {3, 4});
    Dev out(std::vector<double>(12), at::kFloat, {3, 4});
    ASSERT_EQ(Roll(x.t, {1, -2}, {0, -1}, out.t), 0) << LastError();
    std::vector<double> got = out.Values();
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 4; ++j) EXPECT_EQ(got[i * 4 + j], ((i + 2) % 3) * 4 + (j + 2) % 4) << i << "," << j;
    ASSERT_EQ(Roll(x.t, {5}, {}, out.t), 0) << LastError();
    got = out.Values();
    for (int k = 0; k < 12; ++k) EXPECT_EQ(got[k], (k + 7) % 12) << k;
    // the same dim twice: the shifts add up
    ASSERT_EQ(Roll(x.t, {1, 1}, {1, 1}, out.t), 0) << LastError();
    got = out.Values();
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 4; ++j) EXPECT_EQ(got[i * 4 + j], i * 4 + (j + 2) % 4);
}

TEST(ReferenceRoll, ChecksInCannOrder) {
    Dev x(Iota(12), at::kFloat, {3, 4});
    Dev out(std::vector<double>(12), at::kFloat, {3, 4});
    Dev out_int(std::vector<double>(12), at::kInt, {3, 4});
    Dev out_short(std::vector<double>(4), at::kFloat, {4});
    Dev dbl(Iota(12), at::kDouble, {3, 4});
    Dev scalar({1.0}, at::kFloat, {});
    Dev out_scalar({0.0}, at::kFloat, {});
    OwnedIntArray one({1}), two({1, 2}), none({}), d0({0}), d2({2});
    auto call = [](const aclTensor* a, const aclIntArray* s, const aclIntArray* d, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnRollGetWorkspaceSize(a, s, d, o, ws, ex); };
    };
    ExpectFails([&](uint64_t*, aclOpExecutor** ex) { return aclnnRollGetWorkspaceSize(x.t, one.a, d0.a, out.t, nullptr, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "The workspaceSize or executor is nullptr.");
    ExpectFails(call(nullptr, one.a, d0.a, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument x.");
    ExpectFails(call(x.t, nullptr, d0.a, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type List[int] for argument shifts but instead found type null.");
    ExpectFails(call(x.t, one.a, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type List[int] for argument dims but instead found type null.");
    ExpectFails(call(dbl.t, one.a, d0.a, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor x not implemented for DT_DOUBLE");
    ExpectFails(call(x.t, one.a, d0.a, out_int.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor x expected dtype is DT_INT32 but found DT_FLOAT.");
    ExpectFails(call(x.t, one.a, d0.a, out_short.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for x to have same size as tensor for out, but [3,4] does not equal [4].");
    ExpectFails(call(x.t, two.a, d0.a, out.t), ACLNN_ERR_PARAM_INVALID,
                "The size of shifts and dims should be the same when the size of dims is not 0.");
    ExpectFails(call(x.t, two.a, none.a, out.t), ACLNN_ERR_PARAM_INVALID,
                "The size of shifts must be 1 if the size of dims is 0.");
    ExpectFails(call(x.t, one.a, d2.a, out.t), ACLNN_ERR_PARAM_INVALID, "The values of dims should be in range [-2, 1].");
    ExpectFails(call(scalar.t, one.a, d0.a, out_scalar.t), ACLNN_ERR_PARAM_INVALID,
                "When tensor x has no dimensions, shifts should be size 1, dims should be size 0.");
    ASSERT_EQ(Roll(scalar.t, {3}, {}, out_scalar.t), 0) << LastError();
    EXPECT_EQ(out_scalar.Values(), (std::vector<double>{1.0}));
}

// INT16 and BF16 on Atlas A2/A3 and Ascend 950 only.
TEST(ReferenceRoll, ListsPerProduct) {
    for (l1ref::Profile p : {l1ref::Profile::kAscend910, l1ref::Profile::kAscend910_93}) {
        aclcpu_test::ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        Dev x(Iota(4), at::kBFloat16, {4});
        Dev out(std::vector<double>(4), at::kBFloat16, {4});
        const int st = Roll(x.t, {1}, {0}, out.t);
        if (p == l1ref::Profile::kAscend910) {
            EXPECT_EQ(st, ACLNN_ERR_PARAM_INVALID);
            EXPECT_NE(LastError().find("Tensor x not implemented for DT_BF16"), std::string::npos);
        } else {
            ASSERT_EQ(st, 0) << LastError();
            EXPECT_EQ(out.Values(), (std::vector<double>{4, 1, 2, 3}));
        }
    }
}

// ================================================================================ Tril / Triu

int Tril(const aclTensor* self, int64_t diagonal, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTrilGetWorkspaceSize(self, diagonal, out, ws, ex); }, aclnnTril);
}
int Triu(const aclTensor* self, int64_t diagonal, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTriuGetWorkspaceSize(self, diagonal, out, ws, ex); }, aclnnTriu);
}

// a batch of two [3,4] matrices: element (b, i, j) kept by tril where j - i <= diagonal, by triu where j - i >= it.
TEST(ReferenceTrilTriu, DiagonalMapping) {
    Dev self(Iota(24), at::kFloat, {2, 3, 4});
    for (int64_t diag : {-1, 0, 2, 5, -5}) {
        Dev lo(std::vector<double>(24, -7.0), at::kFloat, {2, 3, 4});
        Dev up(std::vector<double>(24, -7.0), at::kFloat, {2, 3, 4});
        ASSERT_EQ(Tril(self.t, diag, lo.t), 0) << LastError();
        ASSERT_EQ(Triu(self.t, diag, up.t), 0) << LastError();
        const std::vector<double> l = lo.Values(), u = up.Values();
        for (int b = 0; b < 2; ++b)
            for (int i = 0; i < 3; ++i)
                for (int j = 0; j < 4; ++j) {
                    const int k = b * 12 + i * 4 + j;
                    EXPECT_EQ(l[k], j - i <= diag ? 1.0 + k : 0.0) << "tril " << diag << " at " << k;
                    EXPECT_EQ(u[k], j - i >= diag ? 1.0 + k : 0.0) << "triu " << diag << " at " << k;
                }
    }
}

TEST(ReferenceTrilTriu, InplaceForms) {
    Dev a(Iota(9), at::kInt, {3, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceTrilGetWorkspaceSize(a.t, 0, ws, ex); },
                        aclnnInplaceTril),
              0)
        << LastError();
    EXPECT_EQ(a.Values(), (std::vector<double>{1, 0, 0, 4, 5, 0, 7, 8, 9}));
    Dev b(Iota(9), at::kInt, {3, 3}, {1, 3});  // transposed: b[i][j] = storage[i + 3 j]
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceTriuGetWorkspaceSize(b.t, 1, ws, ex); },
                        aclnnInplaceTriu),
              0)
        << LastError();
    // kept: (i, j) with j > i, i.e. storage i + 3 j for (0,1),(0,2),(1,2) = 3, 6, 7
    EXPECT_EQ(b.Values(), (std::vector<double>{0, 0, 0, 4, 0, 0, 7, 8, 0}));
}

TEST(ReferenceTrilTriu, ChecksInCannOrder) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev out_int(std::vector<double>(6), at::kInt, {2, 3});
    Dev out_nchw(std::vector<double>(6), at::kFloat, {2, 3}, {}, 0, ACL_FORMAT_NCHW);
    Dev nz(Iota(6), at::kFloat, {2, 3}, {}, 0, ACL_FORMAT_FRACTAL_NZ);
    Dev out_bad(std::vector<double>(6), at::kFloat, {3, 2});
    Dev vec(Iota(3), at::kFloat, {3});
    Dev out_vec(std::vector<double>(3), at::kFloat, {3});
    Dev empty_vec(std::vector<double>(), at::kFloat, {0});
    Dev out_empty(std::vector<double>(), at::kFloat, {0});
    auto tril = [](const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnTrilGetWorkspaceSize(s, 0, o, ws, ex); };
    };
    auto triu = [](const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnTriuGetWorkspaceSize(s, 0, o, ws, ex); };
    };
    ExpectFails(tril(nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(triu(self.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument out.");
    ExpectFails(tril(self.t, out_int.t), ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_FLOAT but found DT_INT32.");
    ExpectFails(triu(self.t, out_int.t), ACLNN_ERR_PARAM_INVALID, "Tensor self expected dtype is DT_INT32 but found DT_FLOAT.");
    ExpectFails(tril(self.t, out_nchw.t), ACLNN_ERR_PARAM_INVALID,
                "self format is different with out format, self [ND], out [NCHW].");
    ExpectFails(triu(nz.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Format only support ND, NCHW, NHWC, HWCN, NDHWC, NCDHW, self [FRACTAL_NZ]");
    ExpectFails(tril(vec.t, out_vec.t), ACLNN_ERR_PARAM_INVALID, "Dim of self should be last 2 dims.");
    ExpectFails(triu(vec.t, out_vec.t), ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 2 dimensions.");
    ExpectFails(tril(empty_vec.t, out_empty.t), ACLNN_ERR_PARAM_INVALID, "Dim of self should be last 2 dims.");
    ExpectFails(tril(self.t, out_bad.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [2,3] does not equal [3,2].");
    // Triu lets an empty 1-D self through (OP_CHECK_MIN_DIM only for a non-empty one)
    EXPECT_EQ(Triu(empty_vec.t, 0, out_empty.t), 0) << LastError();
}

// BF16 on Ascend 950 and Atlas A2/A3 only; DOUBLE everywhere.
TEST(ReferenceTrilTriu, ListsPerProduct) {
    for (l1ref::Profile p : {l1ref::Profile::kAscend310P, l1ref::Profile::kAscend910B}) {
        aclcpu_test::ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        Dev self(Iota(4), at::kBFloat16, {2, 2});
        Dev out(std::vector<double>(4), at::kBFloat16, {2, 2});
        const int st = Triu(self.t, 0, out.t);
        if (p == l1ref::Profile::kAscend310P) {
            EXPECT_EQ(st, ACLNN_ERR_PARAM_INVALID);
            EXPECT_NE(LastError().find("Tensor self not implemented for DT_BF16"), std::string::npos);
        } else {
            ASSERT_EQ(st, 0) << LastError();
            EXPECT_EQ(out.Values(), (std::vector<double>{1, 2, 0, 4}));
        }
        Dev d(Iota(4), at::kDouble, {2, 2});
        Dev dout(std::vector<double>(4), at::kDouble, {2, 2});
        ASSERT_EQ(Tril(d.t, 0, dout.t), 0) << LastError();
        EXPECT_EQ(dout.Values(), (std::vector<double>{1, 0, 3, 4}));
    }
}

// ================================================================================ Expand

int Expand(const aclTensor* self, const std::vector<int64_t>& size, aclTensor* out) {
    OwnedIntArray s(size);
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnExpandGetWorkspaceSize(self, s.a, out, ws, ex); },
                     aclnnExpand);
}

// self [3,1] to [2,3,4]: out[b][i][j] = self[i][0].
TEST(ReferenceExpand, BroadcastsAndAddsDims) {
    Dev self({5, 6, 7}, at::kInt, {3, 1});
    Dev out(std::vector<double>(24), at::kInt, {2, 3, 4});
    ASSERT_EQ(Expand(self.t, {2, 3, 4}, out.t), 0) << LastError();
    const std::vector<double> got = out.Values();
    for (int k = 0; k < 24; ++k) EXPECT_EQ(got[k], 5 + (k / 4) % 3) << k;
    // a [3] row to [2,3]: each row the same, in order
    Dev row({1, 2, 3}, at::kFloat, {3});
    Dev rows(std::vector<double>(6), at::kFloat, {2, 3});
    ASSERT_EQ(Expand(row.t, {2, 3}, rows.t), 0) << LastError();
    EXPECT_EQ(rows.Values(), (std::vector<double>{1, 2, 3, 1, 2, 3}));
}

TEST(ReferenceExpand, ChecksInCannOrder) {
    Dev self(Iota(3), at::kFloat, {3, 1});
    Dev out(std::vector<double>(12), at::kFloat, {3, 4});
    Dev out_half(std::vector<double>(12), at::kHalf, {3, 4});
    Dev out_bad(std::vector<double>(12), at::kFloat, {4, 3});
    Dev dbl(Iota(3), at::kDouble, {3, 1});
    Dev out_dbl(std::vector<double>(12), at::kDouble, {3, 4});
    OwnedIntArray size({3, 4}), shortsz({4}), bad({2, 4});
    auto call = [](const aclTensor* s, const aclIntArray* z, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnExpandGetWorkspaceSize(s, z, o, ws, ex); };
    };
    ExpectFails(call(self.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type List[int] for argument size but instead found type null.");
    ExpectFails(call(self.t, size.a, out_half.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_FLOAT16.");
    ExpectFails(call(dbl.t, size.a, out_dbl.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_DOUBLE");
    ExpectFails(call(self.t, shortsz.a, out.t), ACLNN_ERR_PARAM_INVALID,
                "the number of size 1 must be greater than or equal to the number of dimensions in the self 2.");
    ExpectFails(call(self.t, bad.a, out.t), ACLNN_ERR_PARAM_INVALID, "the self shape [[3,1]] does not match size [[2,4]].");
    ExpectFails(call(self.t, size.a, out_bad.t), ACLNN_ERR_PARAM_INVALID,
                "expect out shape to be same as expectShape, but got out shape [[4,3]], expect shape [[3,4]]");
}

// ================================================================================ Repeat

int Repeat(const aclTensor* self, const std::vector<int64_t>& repeats, aclTensor* out) {
    OwnedIntArray r(repeats);
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnRepeatGetWorkspaceSize(self, r.a, out, ws, ex); },
                     aclnnRepeat);
}

// self [2,3] by repeats [2,1,2]: out [2,2,6], out[a][i][j] = self[i][j mod 3].
TEST(ReferenceRepeat, TilesWithLeadingDims) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev out(std::vector<double>(24), at::kFloat, {2, 2, 6});
    ASSERT_EQ(Repeat(self.t, {2, 1, 2}, out.t), 0) << LastError();
    const std::vector<double> got = out.Values();
    for (int a = 0; a < 2; ++a)
        for (int i = 0; i < 2; ++i)
            for (int j = 0; j < 6; ++j) EXPECT_EQ(got[a * 12 + i * 6 + j], 1 + i * 3 + j % 3);
    // a zero repeat: the op_api returns before computing, out untouched (its shape unchecked)
    Dev keep(std::vector<double>(4, 9.0), at::kFloat, {2, 2});
    ASSERT_EQ(Repeat(self.t, {0, 1}, keep.t), 0) << LastError();
    EXPECT_EQ(keep.Values(), std::vector<double>(4, 9.0));
}

TEST(ReferenceRepeat, ChecksInCannOrder) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev out(std::vector<double>(12), at::kFloat, {4, 3});
    Dev out_int(std::vector<double>(12), at::kInt, {4, 3});
    Dev out_bad(std::vector<double>(12), at::kFloat, {2, 6});
    OwnedIntArray reps({2, 1}), one({2}), neg({2, -1}), nine({1, 1, 1, 1, 1, 1, 1, 1, 1});
    auto call = [](const aclTensor* s, const aclIntArray* r, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnRepeatGetWorkspaceSize(s, r, o, ws, ex); };
    };
    ExpectFails(call(self.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type List[int] for argument repeats but instead found type null.");
    ExpectFails(call(self.t, reps.a, out_int.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_INT32.");
    ExpectFails(call(self.t, one.a, out.t), ACLNN_ERR_PARAM_INVALID,
                "Number of dimensions of repeat dims can not be smaller than number of dimensions of input tensor, self 2, "
                "repeats 1.");
    ExpectFails(call(self.t, neg.a, out.t), ACLNN_ERR_PARAM_INVALID, "repeats expected 2th value > 0, but got -1");
    ExpectFails(call(self.t, nine.a, out.t), ACLNN_ERR_PARAM_INVALID,
                "repeats size should not be larger than 8. self 2, repeats 9");
    ExpectFails(call(self.t, reps.a, out_bad.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for repeatRes to have same size as tensor for out, but [4,3] does not equal [2,6].");
}

// UINT16 in the lists of Atlas A2/A3, 310P and 950, not Ascend910's: refused there by the list, elsewhere after the
// operator's checks by the reference tier (ATen 1.13 has no UINT16).
TEST(ReferenceRepeat, Uint16PerProduct) {
    for (l1ref::Profile p : {l1ref::Profile::kAscend910, l1ref::Profile::kAscend310P}) {
        aclcpu_test::ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        DeviceBuffer a(16), b(16);
        const std::vector<int64_t> shape = {2};
        aclTensor* self = aclcpu_test::MakeTensor(shape, ACL_UINT16, a.get(), {1}, 0, {2});
        aclTensor* out = aclcpu_test::MakeTensor({4}, ACL_UINT16, b.get(), {1}, 0, {4});
        OwnedIntArray reps({2});
        uint64_t ws = 0;
        aclOpExecutor* ex = nullptr;
        LastError();
        const int st = aclnnRepeatGetWorkspaceSize(self, reps.a, out, &ws, &ex);
        EXPECT_EQ(st, ACLNN_ERR_PARAM_INVALID);
        const std::string m = LastError();
        EXPECT_NE(m.find(p == l1ref::Profile::kAscend910 ? "not implemented for DT_UINT16" : "has no such type"),
                  std::string::npos) << m;
        if (st == 0) aclDestroyAclOpExecutor(ex);
        aclDestroyTensor(self);
        aclDestroyTensor(out);
    }
}

// ================================================================================ Diag / DiagFlat

int Diag(const aclTensor* self, int64_t diagonal, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnDiagGetWorkspaceSize(self, diagonal, out, ws, ex); },
                     aclnnDiag);
}
int DiagFlat(const aclTensor* self, int64_t diagonal, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnDiagFlatGetWorkspaceSize(self, diagonal, out, ws, ex); },
        aclnnDiagFlat);
}

// a [3,4] matrix self[i][j] = 1 + 4 i + j: diagonal d holds self[i][i + d] (d >= 0) or self[i - d][i].
TEST(ReferenceDiag, DiagonalOfMatrixAndMatrixOfVector) {
    Dev m(Iota(12), at::kFloat, {3, 4});
    Dev d1(std::vector<double>(3), at::kFloat, {3});
    ASSERT_EQ(Diag(m.t, 1, d1.t), 0) << LastError();
    EXPECT_EQ(d1.Values(), (std::vector<double>{2, 7, 12}));
    Dev dm1(std::vector<double>(2), at::kFloat, {2});
    ASSERT_EQ(Diag(m.t, -1, dm1.t), 0) << LastError();
    EXPECT_EQ(dm1.Values(), (std::vector<double>{5, 10}));
    // a vector onto diagonal -1 of a [3,3] matrix
    Dev v({4, 5}, at::kInt, {2});
    Dev sq(std::vector<double>(9, 3.0), at::kInt, {3, 3});
    ASSERT_EQ(Diag(v.t, -1, sq.t), 0) << LastError();
    EXPECT_EQ(sq.Values(), (std::vector<double>{0, 0, 0, 4, 0, 0, 0, 5, 0}));
    // diagonal == the column count: the op_api returns early, nothing written
    Dev none(std::vector<double>(1, 8.0), at::kFloat, {1});
    ASSERT_EQ(Diag(m.t, 4, none.t), 0) << LastError();
    EXPECT_EQ(none.Values(), (std::vector<double>{8.0}));
}

TEST(ReferenceDiag, ChecksInCannOrder) {
    Dev cube(Iota(8), at::kFloat, {2, 2, 2});
    Dev m(Iota(6), at::kFloat, {2, 3});
    Dev out(std::vector<double>(2), at::kFloat, {2});
    Dev out_int(std::vector<double>(2), at::kInt, {2});
    Dev out_bad(std::vector<double>(3), at::kFloat, {3});
    auto call = [](const aclTensor* s, int64_t d, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnDiagGetWorkspaceSize(s, d, o, ws, ex); };
    };
    ExpectFails(call(nullptr, 0, out.t), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(call(m.t, 0, out_int.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_INT32.");
    ExpectFails(call(cube.t, 0, out.t), ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 2 dimensions.");
    ExpectFails(call(m.t, 0, out_bad.t), ACLNN_ERR_PARAM_INVALID,
                "The out tensor's shape[[3]] is not equal with inferOut shape[[2]].");
}

// DiagFlat: self flattened onto the diagonal, cast to out's dtype; its null check returns 561103.
TEST(ReferenceDiagFlat, FlattensAndCasts) {
    Dev self({1.5, -2.0, 3.0, 4.25}, at::kFloat, {2, 2}, {1, 2});  // transposed: flattened 1.5, 3, -2, 4.25
    Dev out(std::vector<double>(25, 9.0), at::kDouble, {5, 5});
    ASSERT_EQ(DiagFlat(self.t, 1, out.t), 0) << LastError();
    const std::vector<double> got = out.Values();
    const double diag[4] = {1.5, 3.0, -2.0, 4.25};
    for (int i = 0; i < 5; ++i)
        for (int j = 0; j < 5; ++j) EXPECT_EQ(got[i * 5 + j], j == i + 1 ? diag[i] : 0.0) << i << "," << j;
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnDiagFlatGetWorkspaceSize(nullptr, 0, out.t, ws, ex); },
                ACLNN_ERR_INNER_NULLPTR, "Expected a proper Tensor but got null for argument self.");
    Dev out_bad(std::vector<double>(16), at::kDouble, {4, 4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnDiagFlatGetWorkspaceSize(self.t, 1, out_bad.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as [5,5], but got [4,4].");
}

// ================================================================================ Eye

TEST(ReferenceEye, IdentityAndChecks) {
    Dev out(std::vector<double>(6, 5.0), at::kHalf, {2, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnEyeGetWorkspaceSize(2, 3, out.t, ws, ex); },
                        aclnnEye),
              0)
        << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1, 0, 0, 0, 1, 0}));
    auto call = [&](int64_t n, int64_t m, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnEyeGetWorkspaceSize(n, m, o, ws, ex); };
    };
    Dev vec(std::vector<double>(3), at::kFloat, {3});
    Dev dbl(std::vector<double>(6), at::kDouble, {2, 3});
    ExpectFails(call(2, 3, nullptr), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument out.");
    ExpectFails(call(2, 3, dbl.t), ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_DOUBLE");
    ExpectFails(call(3, 1, vec.t), ACLNN_ERR_PARAM_INVALID, "Expected out to be 2-D tensor, but the dimension of out is 1.");
    ExpectFails(call(-1, 3, out.t), ACLNN_ERR_PARAM_INVALID, "n must be greater or equal to 0, got -1");
    ExpectFails(call(2, -3, out.t), ACLNN_ERR_PARAM_INVALID, "m must be greater or equal to 0, got -3");
    ExpectFails(call(3, 2, out.t), ACLNN_ERR_PARAM_INVALID, "Expected out shape to be (3, 2), but got [2,3].");
}

// ================================================================================ ConstantPadNd

int ConstantPad(const aclTensor* self, const std::vector<int64_t>& pad, float value, aclTensor* out) {
    OwnedIntArray p(pad);
    aclcpu_test::Scalar v(value);
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnConstantPadNdGetWorkspaceSize(self, p.a, v.s, out, ws, ex); },
        aclnnConstantPadNd);
}

// pad [1, 2] on the last dim, [-1, 0] on the one before: row 0 cropped, value 0.5 left and right.
TEST(ReferenceConstantPadNd, PadsAndCrops) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev out(std::vector<double>(6, -9.0), at::kFloat, {1, 6});
    ASSERT_EQ(ConstantPad(self.t, {1, 2, -1, 0}, 0.5f, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{0.5, 4, 5, 6, 0.5, 0.5}));
    // an INT32 self: the value converted to INT32 (2.75 -> 2)
    Dev ints(Iota(2), at::kInt, {2});
    Dev iout(std::vector<double>(4), at::kInt, {4});
    ASSERT_EQ(ConstantPad(ints.t, {1, 1}, 2.75f, iout.t), 0) << LastError();
    EXPECT_EQ(iout.Values(), (std::vector<double>{2, 1, 2, 2}));
}

TEST(ReferenceConstantPadNd, ChecksInCannOrder) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev out(std::vector<double>(15), at::kFloat, {3, 5});
    Dev out_int(std::vector<double>(15), at::kInt, {3, 5});
    Dev out_3d(std::vector<double>(15), at::kFloat, {3, 5, 1});
    Dev nchw(Iota(6), at::kFloat, {2, 3}, {}, 0, ACL_FORMAT_NCHW);
    OwnedIntArray pad({1, 1, 0, 1}), odd({1}), many({1, 1, 1, 1, 1, 1}), neg({-2, -2}), wrong({1, 1, 1, 1});
    aclcpu_test::Scalar v(0.0f);
    auto call = [&](const aclTensor* s, const aclIntArray* p, const aclScalar* val, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnConstantPadNdGetWorkspaceSize(s, p, val, o, ws, ex); };
    };
    ExpectFails(call(self.t, pad.a, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type number for argument value but instead found type null.");
    ExpectFails(call(self.t, pad.a, v.s, out_int.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_INT32.");
    ExpectFails(call(nchw.t, pad.a, v.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "If Input tensor's format not ND, Input tensor's format[NCHW] should be same with output's format[ND].");
    ExpectFails(call(self.t, pad.a, v.s, out_3d.t), ACLNN_ERR_PARAM_INVALID, "Dim of self[2] and out[3] can't be different.");
    ExpectFails(call(self.t, odd.a, v.s, out.t), ACLNN_ERR_PARAM_INVALID, "Pad len must be divisible by 2");
    ExpectFails(call(self.t, many.a, v.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected aclnnConstantPadNd pad len [6] to not be greater than twice of [2] but check failed.");
    ExpectFails(call(self.t, neg.a, v.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "The input size 3 plus padding -2 and -2 resulted in a negative output size");
    ExpectFails(call(self.t, wrong.a, v.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "The output shape you provided is 3 at dim 0, and the expected one is 4 at dim 0");
}

// ================================================================================ ReflectionPad / ReplicationPad

template <typename First, typename Second>
int Pad(First first, Second second, const aclTensor* self, const std::vector<int64_t>& padding, aclTensor* out) {
    OwnedIntArray p(padding);
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return first(self, p.a, out, ws, ex); }, second);
}

// one row 1..4: reflection [2, 1] -> 3 2 1 2 3 4 3; replication -> 1 1 1 2 3 4 4.
TEST(ReferencePads, OneDim) {
    Dev self(Iota(4), at::kFloat, {1, 4});
    Dev out(std::vector<double>(7), at::kFloat, {1, 7});
    ASSERT_EQ(Pad(aclnnReflectionPad1dGetWorkspaceSize, aclnnReflectionPad1d, self.t, {2, 1}, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{3, 2, 1, 2, 3, 4, 3}));
    ASSERT_EQ(Pad(aclnnReplicationPad1dGetWorkspaceSize, aclnnReplicationPad1d, self.t, {2, 1}, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1, 1, 1, 2, 3, 4, 4}));
    // BOOL through reflection (ATen's own reflection kernels lack it)
    Dev b({1, 0, 0}, at::kBool, {1, 3});
    Dev bout(std::vector<double>(5), at::kBool, {1, 5});
    ASSERT_EQ(Pad(aclnnReflectionPad1dGetWorkspaceSize, aclnnReflectionPad1d, b.t, {2, 0}, bout.t), 0) << LastError();
    EXPECT_EQ(bout.Values(), (std::vector<double>{0, 0, 1, 0, 0}));
}

// a [1,2,3] matrix, padding [1,0, 1,1] (last dim left 1; rows 1 above and below).
TEST(ReferencePads, TwoAndThreeDims) {
    Dev self(Iota(6), at::kInt, {1, 2, 3});
    Dev out(std::vector<double>(16), at::kInt, {1, 4, 4});
    ASSERT_EQ(Pad(aclnnReflectionPad2dGetWorkspaceSize, aclnnReflectionPad2d, self.t, {1, 0, 1, 1}, out.t), 0)
        << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{5, 4, 5, 6, 2, 1, 2, 3, 5, 4, 5, 6, 2, 1, 2, 3}));
    ASSERT_EQ(Pad(aclnnReplicationPad2dGetWorkspaceSize, aclnnReplicationPad2d, self.t, {1, 0, 1, 1}, out.t), 0)
        << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1, 1, 2, 3, 1, 1, 2, 3, 4, 4, 5, 6, 4, 4, 5, 6}));
    // 3-D padding on a [1,2,1,1] self: only the depth dim padded (1 before): reflection reads depth 1
    Dev cube({7, 8}, at::kFloat, {1, 2, 1, 1});
    Dev cout(std::vector<double>(3), at::kFloat, {1, 3, 1, 1});
    ASSERT_EQ(Pad(aclnnReflectionPad3dGetWorkspaceSize, aclnnReflectionPad3d, cube.t, {0, 0, 0, 0, 1, 0}, cout.t), 0)
        << LastError();
    EXPECT_EQ(cout.Values(), (std::vector<double>{8, 7, 8}));
    ASSERT_EQ(Pad(aclnnReplicationPad3dGetWorkspaceSize, aclnnReplicationPad3d, cube.t, {0, 0, 0, 0, 1, 0}, cout.t), 0)
        << LastError();
    EXPECT_EQ(cout.Values(), (std::vector<double>{7, 7, 8}));
}

TEST(ReferencePads, ChecksInCannOrder) {
    Dev self(Iota(6), at::kFloat, {1, 2, 3});
    Dev out(std::vector<double>(20), at::kFloat, {1, 4, 5});
    Dev out_half(std::vector<double>(20), at::kHalf, {1, 4, 5});
    Dev out_nchw(std::vector<double>(20), at::kFloat, {1, 4, 5}, {}, 0, ACL_FORMAT_NCHW);
    Dev out_bad(std::vector<double>(20), at::kFloat, {1, 5, 4});
    Dev out_batch(std::vector<double>(40), at::kFloat, {2, 4, 5});
    Dev flat(Iota(3), at::kFloat, {3});
    Dev empty3(std::vector<double>(), at::kFloat, {0, 2, 3});
    Dev out_empty3(std::vector<double>(), at::kFloat, {0, 4, 5});
    OwnedIntArray pad({1, 1, 1, 1}), shortp({1, 1}), big({3, 0, 0, 2});
    auto refl = [](const aclTensor* s, const aclIntArray* p, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnReflectionPad2dGetWorkspaceSize(s, p, o, ws, ex); };
    };
    auto repl = [](const aclTensor* s, const aclIntArray* p, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnReplicationPad2dGetWorkspaceSize(s, p, o, ws, ex); };
    };
    ExpectFails(refl(self.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type List[int] for argument padding but instead found type null.");
    ExpectFails(refl(self.t, pad.a, out_half.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(refl(self.t, pad.a, out_nchw.t), ACLNN_ERR_PARAM_INVALID,
                "Format of input and output should be equal, self [ND], gradInoutput [NCHW].");
    // replication checks the format before the dtypes
    ExpectFails(repl(self.t, pad.a, out_nchw.t), ACLNN_ERR_PARAM_INVALID,
                "Format of input and output should be equal, self [ND], gradInoutput [NCHW].");
    ExpectFails(refl(flat.t, pad.a, out.t), ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 3 dimensions.");
    ExpectFails(refl(self.t, shortp.a, out.t), ACLNN_ERR_PARAM_INVALID, "padding length should be 4, but got 2.");
    ExpectFails(refl(self.t, big.a, out.t), ACLNN_ERR_PARAM_INVALID,
                "padding size should be less than the corresponding self dimention.");
    ExpectFails(refl(self.t, pad.a, out_bad.t), ACLNN_ERR_PARAM_INVALID, "wrong out shape.");
    ExpectFails(refl(self.t, pad.a, out_batch.t), ACLNN_ERR_PARAM_INVALID,
                "The tensor's shape[[1,4,5]] is not equal with shape[[2,4,5]].");
    ExpectFails(repl(self.t, pad.a, out_bad.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [1,4,5], but got [1,5,4].");
    ExpectFails(refl(empty3.t, pad.a, out_empty3.t), ACLNN_ERR_PARAM_INVALID,
                "Expected 3D or 4D tensor with possibly 0 batch size and other non-zero dimentions for input.");
    ExpectFails(repl(empty3.t, pad.a, out_empty3.t), ACLNN_ERR_PARAM_INVALID,
                "Expected 3D or 4D tensor with possibly 0 batch size and other non-zero dimensions for input.");
}

// BOOL: in the reflection lists everywhere, in the replication list only on Ascend 950.
TEST(ReferencePads, ListsPerProduct) {
    for (l1ref::Profile p : {l1ref::Profile::kAscend910B, l1ref::Profile::kAscend950}) {
        aclcpu_test::ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        Dev b({1, 0}, at::kBool, {1, 2});
        Dev out(std::vector<double>(4), at::kBool, {1, 4});
        const int st = Pad(aclnnReplicationPad1dGetWorkspaceSize, aclnnReplicationPad1d, b.t, {1, 1}, out.t);
        if (p == l1ref::Profile::kAscend910B) {
            EXPECT_EQ(st, ACLNN_ERR_PARAM_INVALID);
            EXPECT_NE(LastError().find("Tensor self not implemented for DT_BOOL"), std::string::npos);
        } else {
            ASSERT_EQ(st, 0) << LastError();
            EXPECT_EQ(out.Values(), (std::vector<double>{1, 1, 0, 0}));
        }
    }
}

// ================================================================================ Slice

int Slice(const aclTensor* self, int64_t dim, int64_t start, int64_t end, int64_t step, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSliceGetWorkspaceSize(self, dim, start, end, step, out, ws, ex); },
        aclnnSlice);
}

// 1..10 along dim -1: [-8, 100) step 3 -> indices 2, 5, 8.
TEST(ReferenceSlice, WrapsClampsAndSteps) {
    Dev self(Iota(20), at::kFloat, {2, 10});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    ASSERT_EQ(Slice(self.t, -1, -8, 100, 3, out.t), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{3, 6, 9, 13, 16, 19}));
    Dev row(std::vector<double>(10), at::kFloat, {1, 10});
    ASSERT_EQ(Slice(self.t, 0, 1, 2, 1, row.t), 0) << LastError();
    EXPECT_EQ(row.Values(), Iota(10, 11.0));
}

TEST(ReferenceSlice, ChecksInCannOrder) {
    Dev self(Iota(20), at::kFloat, {2, 10});
    Dev scalar({1.0}, at::kFloat, {});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev out_int(std::vector<double>(6), at::kInt, {2, 3});
    auto call = [](const aclTensor* s, int64_t dim, int64_t step, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSliceGetWorkspaceSize(s, dim, 0, 3, step, o, ws, ex); };
    };
    ExpectFails(call(self.t, 1, 1, out_int.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_FLOAT but found DT_INT32.");
    ExpectFails(call(scalar.t, 0, 1, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected aclnnSlice self len 0 to not be less than one but check failed.");
    ExpectFails(call(self.t, 2, 1, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected aclnnSlice dim value 2 to be in range [-2, 1] but check failed.");
    ExpectFails(call(self.t, 1, 0, out.t), ACLNN_ERR_PARAM_INVALID, "aclnnSlice step must be positive.");
    ExpectFails(call(self.t, 1, 2, out.t), ACLNN_ERR_PARAM_INVALID, "Shape of out should be [2,2], but current is [2,3].");
}

// BF16 refused on Ascend910 / 310P by the op_api's own check, before the list.
TEST(ReferenceSlice, Bf16PerProduct) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dev self(Iota(4), at::kBFloat16, {4});
    Dev out(std::vector<double>(2), at::kBFloat16, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSliceGetWorkspaceSize(self.t, 0, 0, 2, 1, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Input dtype of aclnnSlice is not support bfloat16 in current socversion.");
}

// ================================================================================ ChannelShuffle

// 6 channels in 3 groups of 2: out channel k = in channel (k mod 3) * 2 + k / 3 -> 0 2 4 1 3 5.
TEST(ReferenceChannelShuffle, ShufflesChannels) {
    Dev self(Iota(12, 0.0), at::kFloat, {1, 6, 2});
    Dev out(std::vector<double>(12), at::kFloat, {1, 6, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnChannelShuffleGetWorkspaceSize(self.t, 3, out.t, ws, ex); },
                        aclnnChannelShuffle),
              0)
        << LastError();
    const int src[6] = {0, 2, 4, 1, 3, 5};
    const std::vector<double> got = out.Values();
    for (int k = 0; k < 6; ++k)
        for (int j = 0; j < 2; ++j) EXPECT_EQ(got[k * 2 + j], src[k] * 2 + j) << k;
    auto call = [](const aclTensor* s, int64_t g, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnChannelShuffleGetWorkspaceSize(s, g, o, ws, ex); };
    };
    Dev flat(Iota(6), at::kFloat, {1, 6});
    Dev out_flat(std::vector<double>(6), at::kFloat, {1, 6});
    ExpectFails(call(self.t, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Number of groups to divide channels in must be positive. Value of groups: 0.");
    ExpectFails(call(self.t, 4, out.t), ACLNN_ERR_PARAM_INVALID,
                "Number of channels must be divisible by groups.Got 6 channels and 4 groups.");
    ExpectFails(call(flat.t, 2, out_flat.t), ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 3 dimensions.");
}

}  // namespace conversion_reference_test
