// The reference tier's ops-math comparison operators through the public API (docs/ops/math_binary.md): each
// result against a value computed here independently (closed-form booleans, or ATen's plain comparison on host
// copies), the promote dtype each op_api compares in (a FLOAT16 / FLOAT pair in FLOAT; a scalar converted to a
// FLOAT16 self's dtype), the Inplace forms, and the checks in CANN's order with its codes and messages per product
// (null -> 161001; refused dtypes, per product lists, shapes -> 161002). The table-driven suite
// (reference_table_test.cpp) runs each entry's cases on transposed, strided, offset and broadcast views.
#include <ATen/ATen.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "aclnnop/aclnn_bitwise_and_scalar.h"
#include "aclnnop/aclnn_bitwise_and_tensor.h"
#include "aclnnop/aclnn_eq_scalar.h"
#include "aclnnop/aclnn_eq_tensor.h"
#include "aclnnop/aclnn_ge_tensor.h"
#include "aclnnop/aclnn_gt_scalar.h"
#include "aclnnop/aclnn_gt_tensor.h"
#include "aclnnop/aclnn_le_tensor.h"
#include "aclnnop/aclnn_logical_and.h"
#include "aclnnop/aclnn_logical_not.h"
#include "aclnnop/aclnn_logical_or.h"
#include "aclnnop/aclnn_logical_xor.h"
#include "aclnnop/aclnn_lt_tensor.h"
#include "aclnnop/aclnn_ne_scalar.h"
#include "aclnnop/aclnn_ne_tensor.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace math_binary_reference_test {

using aclcpu_test::AclOf;
using aclcpu_test::Dev;

using aclcpu_test::DeviceBuffer;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;
using aclcpu_test::Scalar;
using l1ref::Profile;

at::Tensor D(const std::vector<double>& v) { return at::tensor(v, at::kDouble); }

void ExpectEqual(const at::Tensor& got, const at::Tensor& want) {
    ASSERT_EQ(got.sizes(), want.sizes());
    EXPECT_TRUE(at::equal(got, want)) << "got:\n" << got << "\nwant:\n" << want;
}

auto EqT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnEqTensorGetWorkspaceSize(s, o, out, ws, ex); };
}
auto EqS(const aclTensor* s, const aclScalar* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnEqScalarGetWorkspaceSize(s, o, out, ws, ex); };
}
auto NeT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnNeTensorGetWorkspaceSize(s, o, out, ws, ex); };
}
auto NeS(const aclTensor* s, const aclScalar* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnNeScalarGetWorkspaceSize(s, o, out, ws, ex); };
}

/// A first phase that must succeed; the executor is run (an empty plan too) so that nothing leaks.
template <typename First, typename Second>
void ExpectAccepted(First&& first, Second second) {
    EXPECT_EQ(RunPhases(first, second), 0) << LastError();
}

// ================================================================================ EqTensor

// self a transposed [2, 3] view (storage [3, 2]), other [3] broadcast along the rows; out BOOL.
TEST(ReferenceEqTensor, TransposedSelfBroadcastOther) {
    Dev self({1, 4, 2, 5, 3, 0}, at::kFloat, {2, 3}, {1, 2});  // rows: [1, 2, 3], [4, 5, 0]
    Dev other({1, 5, 0}, at::kFloat, {3});
    Dev out(std::vector<double>(6, 1), at::kBool, {2, 3});
    ASSERT_EQ(RunPhases(EqT(self.t, other.t, out.t), aclnnEqTensor), 0) << LastError();
    ExpectEqual(out.Storage(), D({1, 0, 0, 0, 1, 1}));
}

// FLOAT16 self with a FLOAT other: PromoteType FLOAT, so 1 (FLOAT16) differs from 1.0005 (FLOAT), which FLOAT16
// would round to 1; out FLOAT takes 1.0 / 0.0.
TEST(ReferenceEqTensor, HalfAndFloatComparedInFloat) {
    Dev self({1.0, 1.0, 2.0}, at::kHalf, {3});
    Dev other({1.0, 1.0005, 2.0}, at::kFloat, {3});
    Dev out(std::vector<double>(3, 7), at::kFloat, {3});
    ASSERT_EQ(RunPhases(EqT(self.t, other.t, out.t), aclnnEqTensor), 0) << LastError();
    ExpectEqual(out.Storage(), D({1, 0, 1}));
}

// INT32 self, INT64 other broadcast [2, 1] against [3]: out [2, 3] INT32.
TEST(ReferenceEqTensor, IntegersBroadcastBothWays) {
    Dev self({7, 8}, at::kInt, {2, 1});
    Dev other({7, 8, 7}, at::kLong, {3});
    Dev out(std::vector<double>(6, 5), at::kInt, {2, 3});
    ASSERT_EQ(RunPhases(EqT(self.t, other.t, out.t), aclnnEqTensor), 0) << LastError();
    ExpectEqual(out.Storage(), D({1, 0, 1, 0, 1, 0}));
}

// The Inplace form writes the BOOL result into selfRef's own dtype (FLOAT: 1.0 / 0.0).
TEST(ReferenceInplaceEqTensor, WritesSelfRef) {
    Dev self({1, 2, 3, 3, 2, 1}, at::kFloat, {2, 3});
    Dev other({1, 2, 1}, at::kFloat, {3});
    ASSERT_EQ(
        RunPhases([&](uint64_t* ws,
                      aclOpExecutor** ex) { return aclnnInplaceEqTensorGetWorkspaceSize(self.t, other.t, ws, ex); },
                  aclnnInplaceEqTensor),
        0)
        << LastError();
    ExpectEqual(self.Storage(), D({1, 1, 0, 0, 1, 1}));
}

// CheckInplace before the base's checks: other must broadcast to selfRef's own shape.
TEST(ReferenceInplaceEqTensor, OtherMustBroadcastToSelfRef) {
    Dev self({1, 2, 3}, at::kFloat, {3});
    Dev other(std::vector<double>(6), at::kFloat, {2, 3});
    Dev bad(std::vector<double>(2), at::kFloat, {2});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceEqTensorGetWorkspaceSize(self.t, other.t, ws, ex); },
        ACLNN_ERR_PARAM_INVALID, "Expected shape of selfRef should be");
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceEqTensorGetWorkspaceSize(self.t, bad.t, ws, ex); },
        ACLNN_ERR_PARAM_INVALID, "Shape of selfRef and other can't broadcast");
    ExpectFails([&](uint64_t* ws,
                    aclOpExecutor** ex) { return aclnnInplaceEqTensorGetWorkspaceSize(nullptr, other.t, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument self.");
}

TEST(ReferenceEqTensor, ChecksInCannOrder) {
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev out(std::vector<double>(3), at::kBool, {3});
    Dev short_out(std::vector<double>(2), at::kBool, {2});
    Dev far({1, 2}, at::kFloat, {2});
    ExpectFails(EqT(nullptr, f.t, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(EqT(f.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument other.");
    ExpectFails(EqT(f.t, f.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument out.");
    ExpectFails(EqT(f.t, f.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "BroadcastShape [3] is not equal out's shape [2].");
    ExpectFails(EqT(f.t, far.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "The size of tensor self [3] must match the size of tensor other [2].");
}

// The lists per product: Atlas A2 checks out alone (a UINT32 out refused, a UINT32 self not listed but only the
// promote type is checked); the Ascend 950 checks self, other and out; the Ascend910 refuses BF16 inputs with
// its own message; the Ascend910's list takes UINT32 for out.
TEST(ReferenceEqTensor, ListsPerProduct) {
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev h({1, 2, 3}, at::kBFloat16, {3});
    Dev out(std::vector<double>(3), at::kBool, {3});
    Dev u32_out(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
    Dev u16_out(std::vector<double>(3), at::kShort, {3}, {}, 0, ACL_UINT16);
    Dev u32(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        // the profile switch re-initialises the runtime: device memory from before it is gone
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev u32_out(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
        Dev u16_out(std::vector<double>(3), at::kShort, {3}, {}, 0, ACL_UINT16);
        Dev u32(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
        ExpectFails(EqT(f.t, f.t, u32_out.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor out not implemented for DT_UINT32, should be in dtype support list DT_FLOAT, DT_INT32, "
                    "DT_INT64, DT_FLOAT16, DT_INT16, DT_INT8, DT_UINT8, DT_BF16, DT_BOOL, DT_DOUBLE, DT_COMPLEX64, "
                    "DT_COMPLEX128.");
        ExpectAccepted(EqT(h.t, f.t, out.t), aclnnEqTensor);
    }
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        // the profile switch re-initialises the runtime: device memory from before it is gone
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev u32_out(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
        Dev u16_out(std::vector<double>(3), at::kShort, {3}, {}, 0, ACL_UINT16);
        Dev u32(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
        ExpectFails(EqT(u32.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_UINT32");
        ExpectFails(EqT(f.t, u32.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor other not implemented for DT_UINT32");
        // in the 950's out list; ATen has no UINT16: the reference tier refuses it after the operator's checks
        ExpectFails(EqT(f.t, f.t, u16_out.t), ACLNN_ERR_PARAM_INVALID, "out of dtype DT_UINT16 is not implemented at the "
                    "reference tier");
    }
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        // the profile switch re-initialises the runtime: device memory from before it is gone
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev u32_out(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
        Dev u16_out(std::vector<double>(3), at::kShort, {3}, {}, 0, ACL_UINT16);
        Dev u32(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
        ExpectFails(EqT(h.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID,
                    "The current soc version does not support the DT_BF16 data type.");
        ExpectFails(EqT(f.t, f.t, u32_out.t), ACLNN_ERR_PARAM_INVALID, "out of dtype DT_UINT32 is not implemented at the "
                    "reference tier");
    }
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend310P);  // SocVersion ASCEND310P: no BF16 refusal, BF16 promotes
        ASSERT_TRUE(scope.ok());
        // the profile switch re-initialises the runtime: device memory from before it is gone
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev u32_out(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
        Dev u16_out(std::vector<double>(3), at::kShort, {3}, {}, 0, ACL_UINT16);
        Dev u32(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
        ExpectAccepted(EqT(h.t, f.t, out.t), aclnnEqTensor);
    }
}

// ================================================================================ EqScalar

// INT32 self against an INT64 scalar 2: compared in INT32; out BOOL.
TEST(ReferenceEqScalar, IntegerSelf) {
    Dev self({1, 2, 3, 2, -2, 0}, at::kInt, {2, 3});
    const int64_t two = 2;
    Scalar s(&two, ACL_INT64);
    Dev out(std::vector<double>(6), at::kBool, {2, 3});
    ASSERT_EQ(RunPhases(EqS(self.t, s.s, out.t), aclnnEqScalar), 0) << LastError();
    ExpectEqual(out.Storage(), D({0, 1, 0, 1, 0, 0}));
}

// A FLOAT16 self keeps its dtype: the FLOAT scalar 0.1 is converted to FLOAT16 (0.0999755859375), so FLOAT16(0.1)
// equals it (in FLOAT, 0.1f would not).
TEST(ReferenceEqScalar, ScalarConvertedToHalfSelf) {
    Dev self({0.1, 0.2, 0.1}, at::kHalf, {3});
    Scalar s(0.1f);
    Dev out(std::vector<double>(3, 9), at::kFloat, {3});
    ASSERT_EQ(RunPhases(EqS(self.t, s.s, out.t), aclnnEqScalar), 0) << LastError();
    ExpectEqual(out.Storage(), D({1, 0, 1}));
    EXPECT_NE(static_cast<double>(at::Half(0.1f)), static_cast<double>(0.1f));
}

// An INT32 self against a FLOAT scalar 2.5: compared in FLOAT (nothing equals 2.5; 2 is not truncated to match).
TEST(ReferenceEqScalar, IntegerSelfFloatScalar) {
    Dev self({2, 3, 2}, at::kInt, {3}, {}, 0);
    Scalar s(2.5f);
    Dev out(std::vector<double>(3, 1), at::kBool, {3});
    ASSERT_EQ(RunPhases(EqS(self.t, s.s, out.t), aclnnEqScalar), 0) << LastError();
    ExpectEqual(out.Storage(), D({0, 0, 0}));
}

TEST(ReferenceInplaceEqScalar, WritesSelfRef) {
    Dev self({4, 1, 4, 4}, at::kFloat, {2, 2}, {1, 2});
    Scalar s(4.0f);
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceEqScalarGetWorkspaceSize(self.t, s.s, ws, ex); },
                        aclnnInplaceEqScalar),
              0)
        << LastError();
    ExpectEqual(self.Storage(), D({1, 0, 1, 1}));
}

TEST(ReferenceEqScalar, ChecksInCannOrder) {
    Dev f({1, 2, 3}, at::kFloat, {3});
    Scalar s(1.0f);
    Dev out(std::vector<double>(3), at::kBool, {3});
    Dev short_out(std::vector<double>(2), at::kBool, {2});
    ExpectFails(EqS(nullptr, s.s, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(EqS(f.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type number for argument other but instead found type null.");
    ExpectFails(EqS(f.t, s.s, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument out.");
    ExpectFails(EqS(f.t, s.s, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as tensor for self, but [2] does not equal [3].");
    const uint32_t u = 1;
    Scalar su(&u, ACL_UINT32);
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        // the profile switch re-initialises the runtime: device memory from before it is gone
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev short_out(std::vector<double>(2), at::kBool, {2});
        ExpectFails(EqS(f.t, su.s, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor other not implemented for DT_UINT32");
    }
    // the Ascend310P takes the default branch's list, with BF16 (aclnnNeScalar's does not)
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        // the profile switch re-initialises the runtime: device memory from before it is gone
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev short_out(std::vector<double>(2), at::kBool, {2});
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        ExpectAccepted(EqS(h.t, s.s, out.t), aclnnEqScalar);
        ExpectFails(NeS(h.t, s.s, out.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_INT32, "
                    "DT_INT64, DT_FLOAT16, DT_INT16, DT_INT8, DT_UINT8, DT_BOOL, DT_DOUBLE, DT_COMPLEX64, "
                    "DT_COMPLEX128.");
    }
}

// ================================================================================ NeTensor / NeScalar

TEST(ReferenceNeTensor, BroadcastAgainstAten) {
    const std::vector<double> a = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    Dev self(a, at::kFloat, {3, 4}, {1, 3});  // transposed view of a [4, 3] storage
    Dev other({1, 4, 9, 10}, at::kHalf, {4});
    Dev out(std::vector<double>(12), at::kInt, {3, 4});
    ASSERT_EQ(RunPhases(NeT(self.t, other.t, out.t), aclnnNeTensor), 0) << LastError();
    const at::Tensor s = D(a).view({4, 3}).t();
    const at::Tensor want = at::ne(s, D({1, 4, 9, 10})).to(at::kDouble).contiguous().view({12});
    ExpectEqual(out.Storage(), want);
}

TEST(ReferenceInplaceNeTensor, WritesSelfRef) {
    Dev self({1, 0, 1, 1}, at::kBool, {4});
    Dev other({1}, at::kBool, {1});
    ASSERT_EQ(
        RunPhases([&](uint64_t* ws,
                      aclOpExecutor** ex) { return aclnnInplaceNeTensorGetWorkspaceSize(self.t, other.t, ws, ex); },
                  aclnnInplaceNeTensor),
        0)
        << LastError();
    ExpectEqual(self.Storage(), D({0, 1, 0, 0}));
}

// aclnnNeTensorCommon returns early on an empty input, right after the null checks: an out of a dtype outside
// every list is accepted then; with elements it is refused.
TEST(ReferenceNeTensor, EmptyInputReturnsBeforeTheDtypeChecks) {
    aclcpu_test::ProfileScope scope(Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev empty(std::vector<double>{}, at::kFloat, {0});
    Dev u32_out(std::vector<double>{}, at::kInt, {0}, {}, 0, ACL_UINT32);
    ExpectAccepted(NeT(empty.t, empty.t, u32_out.t), aclnnNeTensor);
    Dev f({1, 2}, at::kFloat, {2});
    Dev u32_out2(std::vector<double>(2), at::kInt, {2}, {}, 0, ACL_UINT32);
    ExpectFails(NeT(f.t, f.t, u32_out2.t), ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_UINT32");
    ExpectFails(NeT(nullptr, f.t, u32_out2.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
}

TEST(ReferenceNeTensor, ListsPerProduct) {
    Dev h({1, 2, 3}, at::kBFloat16, {3});
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev out(std::vector<double>(3), at::kBool, {3});
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        // the profile switch re-initialises the runtime: device memory from before it is gone
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev out(std::vector<double>(3), at::kBool, {3});
        ExpectFails(NeT(h.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_BF16");
    }
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910_93);
        ASSERT_TRUE(scope.ok());
        // the profile switch re-initialises the runtime: device memory from before it is gone
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev out(std::vector<double>(3), at::kBool, {3});
        ExpectAccepted(NeT(h.t, f.t, out.t), aclnnNeTensor);
    }
}

// FLOAT16 self, FLOAT scalar 0.1: compared in FLOAT16 (the scalar converted), as EqScalar.
TEST(ReferenceNeScalar, ScalarConvertedToHalfSelf) {
    Dev self({0.1, 0.2, 0.1, 0.3}, at::kHalf, {2, 2}, {1, 2});
    Scalar s(0.1f);
    Dev out(std::vector<double>(4), at::kBool, {2, 2});
    ASSERT_EQ(RunPhases(NeS(self.t, s.s, out.t), aclnnNeScalar), 0) << LastError();
    ExpectEqual(out.Storage(), D({0, 0, 1, 1}));  // out row-major of the transposed view [[0.1, 0.1], [0.2, 0.3]]
}

TEST(ReferenceInplaceNeScalar, WritesSelfRef) {
    Dev self({3, 1, 3}, at::kInt, {3});
    const int32_t three = 3;
    Scalar s(&three, ACL_INT32);
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceNeScalarGetWorkspaceSize(self.t, s.s, ws, ex); },
                        aclnnInplaceNeScalar),
              0)
        << LastError();
    ExpectEqual(self.Storage(), D({0, 1, 0}));
}

TEST(ReferenceNeScalar, ChecksInCannOrder) {
    Dev f({1, 2, 3}, at::kFloat, {3});
    Scalar s(1.0f);
    Dev out(std::vector<double>(3), at::kBool, {3});
    Dev short_out(std::vector<double>(2), at::kBool, {2});
    ExpectFails(NeS(f.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type number for argument other but instead found type null.");
    ExpectFails(NeS(f.t, s.s, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [3] does not equal [2].");
    const uint32_t u = 1;
    Scalar su(&u, ACL_UINT32);
    ExpectFails(NeS(f.t, su.s, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor other not implemented for DT_UINT32");
}

// ================================================================================ LogicalAnd / LogicalOr / LogicalNot

auto AndT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogicalAndGetWorkspaceSize(s, o, out, ws, ex); };
}
auto OrT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogicalOrGetWorkspaceSize(s, o, out, ws, ex); };
}
auto NotT(const aclTensor* s, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogicalNotGetWorkspaceSize(s, out, ws, ex); };
}

// Non-zero is true (NaN and -0.5 too, 0 and -0 false); other [3] broadcast; out FLOAT takes 1 / 0.
TEST(ReferenceLogicalAnd, NonZeroIsTrue) {
    Dev self({0.0, -0.5, NAN, -0.0, 2.0, 3.0}, at::kFloat, {2, 3});
    Dev other({1, 0, 7}, at::kInt, {3});
    Dev out(std::vector<double>(6, 9), at::kFloat, {2, 3});
    ASSERT_EQ(RunPhases(AndT(self.t, other.t, out.t), aclnnLogicalAnd), 0) << LastError();
    ExpectEqual(out.Storage(), D({0, 0, 1, 0, 0, 1}));
}

TEST(ReferenceLogicalOr, NonZeroIsTrue) {
    Dev self({0.0, -0.5, NAN, -0.0, 0.0, 0.0}, at::kHalf, {2, 3});
    Dev other({0, 0, 0, 0, 1, 0}, at::kBool, {2, 3});
    Dev out(std::vector<double>(6, 9), at::kInt, {2, 3});
    ASSERT_EQ(RunPhases(OrT(self.t, other.t, out.t), aclnnLogicalOr), 0) << LastError();
    ExpectEqual(out.Storage(), D({0, 1, 1, 0, 1, 0}));
}

TEST(ReferenceLogicalNot, TransposedSelf) {
    Dev self({0, 1, 2, 0, -3, 0}, at::kInt, {3, 2}, {1, 3});  // rows [0, 0], [1, -3], [2, 0]
    Dev out(std::vector<double>(6, 9), at::kBool, {3, 2});
    ASSERT_EQ(RunPhases(NotT(self.t, out.t), aclnnLogicalNot), 0) << LastError();
    ExpectEqual(out.Storage(), D({1, 1, 0, 0, 0, 1}));
}

TEST(ReferenceInplaceLogical, WriteSelfRef) {
    Dev a({0, 1, 2, 0}, at::kFloat, {4});
    Dev b({1, 1, 0, 0}, at::kFloat, {4});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceLogicalAndGetWorkspaceSize(a.t, b.t, ws, ex); },
                        aclnnInplaceLogicalAnd),
              0)
        << LastError();
    ExpectEqual(a.Storage(), D({0, 1, 0, 0}));
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceLogicalOrGetWorkspaceSize(a.t, b.t, ws, ex); },
                        aclnnInplaceLogicalOr),
              0)
        << LastError();
    ExpectEqual(a.Storage(), D({1, 1, 0, 0}));
    ASSERT_EQ(
        RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceLogicalNotGetWorkspaceSize(a.t, ws, ex); },
                  aclnnInplaceLogicalNot),
        0)
        << LastError();
    ExpectEqual(a.Storage(), D({0, 0, 1, 1}));
}

TEST(ReferenceLogical, ChecksInCannOrder) {
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev out(std::vector<double>(3), at::kBool, {3});
    Dev short_out(std::vector<double>(2), at::kBool, {2});
    Dev u32(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
    Dev h({1, 2, 3}, at::kBFloat16, {3});
    Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
    ExpectFails(AndT(nullptr, f.t, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(
        AndT(u32.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID,
        "Tensor self not implemented for DT_UINT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_INT32, "
        "DT_DOUBLE, DT_BF16, DT_INT8, DT_UINT8, DT_INT16, DT_INT64, DT_BOOL, DT_COMPLEX64, DT_COMPLEX128.");
    ExpectFails(AndT(f.t, f.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Shape of out should be [3], but current is [2].");
    ExpectFails(OrT(f.t, f.t, short_out.t), ACLNN_ERR_PARAM_INVALID, "Shape of out should be [3], but current is [2].");
    ExpectFails(NotT(c64.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_COMPLEX64");
    ExpectFails(NotT(f.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [3] does not equal [2].");
    {
        // LogicalAnd checks no out dtype; LogicalOr refuses BF16 on the Ascend910 and checks out's list.
        aclcpu_test::ProfileScope scope(Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        // the profile switch re-initialises the runtime: device memory from before it is gone
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev short_out(std::vector<double>(2), at::kBool, {2});
        Dev u32(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
        ExpectAccepted(AndT(h.t, f.t, out.t), aclnnLogicalAnd);
        ExpectFails(OrT(f.t, h.t, out.t), ACLNN_ERR_PARAM_INVALID,
                    "Input dtype of aclnnLogicalOr is not support bfloat16 in current socversion.");
        ExpectFails(OrT(f.t, f.t, u32.t), ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_UINT32");
    }
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        // the profile switch re-initialises the runtime: device memory from before it is gone
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev short_out(std::vector<double>(2), at::kBool, {2});
        Dev u32(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
        ExpectAccepted(OrT(f.t, h.t, out.t), aclnnLogicalOr);
    }
}

// LogicalNot's 8-dim limit applies only to a non-contiguous self or out.
TEST(ReferenceLogicalNot, NineDimsOnlyWhenContiguous) {
    const std::vector<int64_t> shape(9, 1);
    Dev self({1}, at::kFloat, shape);
    Dev out({0}, at::kBool, shape);
    ExpectAccepted(NotT(self.t, out.t), aclnnLogicalNot);
    std::vector<int64_t> shape2(9, 1);
    shape2[0] = 2;
    std::vector<int64_t> strided(9, 1);
    strided[0] = 2;
    Dev self2({1, 5, 0, 5}, at::kFloat, shape2, strided);
    Dev out2({9, 9}, at::kBool, shape2);
    ExpectFails(NotT(self2.t, out2.t), ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
}

// ================================================================================ GtTensor / LtTensor / LeTensor

auto GtT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGtTensorGetWorkspaceSize(s, o, out, ws, ex); };
}
auto LtT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLtTensorGetWorkspaceSize(s, o, out, ws, ex); };
}
auto LeT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLeTensorGetWorkspaceSize(s, o, out, ws, ex); };
}

// self [2, 1] against other [3]: > , <, <= element by element (NaN compares false); BOOL operands ordered 0 < 1.
TEST(ReferenceOrderingTensor, ValuesWithBroadcast) {
    Dev self({1.0, NAN}, at::kFloat, {2, 1});
    Dev other({0.5, 1.0, 2.0}, at::kHalf, {3});
    Dev gt(std::vector<double>(6, 9), at::kFloat, {2, 3});
    Dev lt(std::vector<double>(6, 9), at::kInt, {2, 3});
    Dev le(std::vector<double>(6, 9), at::kBool, {2, 3});
    ASSERT_EQ(RunPhases(GtT(self.t, other.t, gt.t), aclnnGtTensor), 0) << LastError();
    ASSERT_EQ(RunPhases(LtT(self.t, other.t, lt.t), aclnnLtTensor), 0) << LastError();
    ASSERT_EQ(RunPhases(LeT(self.t, other.t, le.t), aclnnLeTensor), 0) << LastError();
    ExpectEqual(gt.Storage(), D({1, 0, 0, 0, 0, 0}));
    ExpectEqual(lt.Storage(), D({0, 0, 1, 0, 0, 0}));
    ExpectEqual(le.Storage(), D({0, 1, 1, 0, 0, 0}));
    Dev bt({1, 0}, at::kBool, {2});
    Dev bo({0, 0}, at::kBool, {2});
    Dev bgt(std::vector<double>(2, 9), at::kBool, {2});
    ASSERT_EQ(RunPhases(GtT(bt.t, bo.t, bgt.t), aclnnGtTensor), 0) << LastError();
    ExpectEqual(bgt.Storage(), D({1, 0}));
}

// A transposed selfRef written in place (strided storage order).
TEST(ReferenceOrderingTensor, InplaceForms) {
    Dev a({1, 4, 2, 5}, at::kInt, {2, 2}, {1, 2});  // rows [1, 2], [4, 5]
    Dev o({2, 4}, at::kInt, {2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceGtTensorGetWorkspaceSize(a.t, o.t, ws, ex); },
                        aclnnInplaceGtTensor),
              0)
        << LastError();
    ExpectEqual(a.Storage(), D({0, 1, 0, 1}));  // [1 > 2, 2 > 4], [4 > 2, 5 > 4] in storage order
    Dev b({1, 4, 2, 5}, at::kFloat, {2, 2}, {1, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceLtTensorGetWorkspaceSize(b.t, o.t, ws, ex); },
                        aclnnInplaceLtTensor),
              0)
        << LastError();
    ExpectEqual(b.Storage(), D({1, 0, 1, 0}));
    Dev c({1, 4, 2, 5}, at::kFloat, {2, 2}, {1, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceLeTensorGetWorkspaceSize(c.t, o.t, ws, ex); },
                        aclnnInplaceLeTensor),
              0)
        << LastError();
    ExpectEqual(c.Storage(), D({1, 0, 1, 0}));
}

TEST(ReferenceOrderingTensor, ChecksPerProduct) {
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev h({1, 2, 3}, at::kBFloat16, {3});
    Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
    Dev out(std::vector<double>(3), at::kBool, {3});
    Dev short_out(std::vector<double>(2), at::kBool, {2});
    ExpectFails(GtT(f.t, f.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "BroadcastShape [3] is not equal out's shape [2].");
    ExpectFails(LtT(f.t, f.t, short_out.t), ACLNN_ERR_PARAM_INVALID, "Shape of out should be [3], but current is [2].");
    ExpectFails(LeT(f.t, f.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "BroadcastShape [3] is not equal out's shape [2].");
    ExpectFails(GtT(c64.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "get promoteType dtype DT_COMPLEX64 should be in dtype support list");
    ExpectFails(LtT(c64.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_COMPLEX64");
    ExpectFails(LeT(f.t, c64.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor other not implemented for DT_COMPLEX64");
    // an empty input returns before LeTensor's dtype checks, not before LtTensor's
    Dev e(std::vector<double>{}, at::kFloat, {0});
    Dev e_c64(std::vector<double>{}, at::kFloat, {0}, {}, 0, ACL_COMPLEX64);
    ExpectAccepted(LeT(e_c64.t, e.t, e.t), aclnnLeTensor);
    ExpectFails(LtT(e_c64.t, e.t, e.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_COMPLEX64");
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        // the profile switch re-initialises the runtime: device memory from before it is gone
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev short_out(std::vector<double>(2), at::kBool, {2});
        Dev e(std::vector<double>{}, at::kFloat, {0});
        Dev e_c64(std::vector<double>{}, at::kFloat, {0}, {}, 0, ACL_COMPLEX64);
        ExpectFails(GtT(h.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID,
                    "The current soc version does not support the DT_BF16 data type.");
        ExpectFails(LtT(h.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_BF16");
        ExpectFails(LeT(f.t, f.t, c64.t), ACLNN_ERR_PARAM_INVALID,
                    "Out dtype DT_COMPLEX64 should be in dtype support list [");
    }
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910_93);
        ASSERT_TRUE(scope.ok());
        // the profile switch re-initialises the runtime: device memory from before it is gone
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev short_out(std::vector<double>(2), at::kBool, {2});
        Dev e(std::vector<double>{}, at::kFloat, {0});
        Dev e_c64(std::vector<double>{}, at::kFloat, {0}, {}, 0, ACL_COMPLEX64);
        ExpectAccepted(GtT(h.t, f.t, out.t), aclnnGtTensor);
        ExpectAccepted(LtT(h.t, f.t, out.t), aclnnLtTensor);
        ExpectAccepted(LeT(h.t, f.t, out.t), aclnnLeTensor);
    }
}

// ================================================================================ GeTensor

auto GeT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGeTensorGetWorkspaceSize(s, o, out, ws, ex); };
}

TEST(ReferenceGeTensor, ValuesAndInplace) {
    Dev self({1.0, NAN}, at::kFloat, {2, 1});
    Dev other({0.5, 1.0, 2.0}, at::kInt, {3}, {}, 0);
    Dev out(std::vector<double>(6, 9), at::kDouble, {2, 3});
    ASSERT_EQ(RunPhases(GeT(self.t, other.t, out.t), aclnnGeTensor), 0) << LastError();
    ExpectEqual(out.Storage(), D({1, 1, 0, 0, 0, 0}));  // other is INT32 [0, 1, 2]
    Dev a({1, 4, 2, 5}, at::kFloat, {2, 2}, {1, 2});    // rows [1, 2], [4, 5]
    Dev o({2, 4}, at::kFloat, {2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceGeTensorGetWorkspaceSize(a.t, o.t, ws, ex); },
                        aclnnInplaceGeTensor),
              0)
        << LastError();
    ExpectEqual(a.Storage(), D({0, 1, 0, 1}));
}

TEST(ReferenceGeTensor, ChecksInCannOrder) {
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev h({1, 2, 3}, at::kBFloat16, {3});
    Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
    Dev out(std::vector<double>(3), at::kBool, {3});
    Dev u32_out(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
    Dev short_out(std::vector<double>(2), at::kBool, {2});
    // workspaceSize is checked before the tensors
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnGeTensorGetWorkspaceSize(nullptr, f.t, out.t, nullptr, &ex), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    ExpectFails(GeT(nullptr, f.t, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    Dev c32(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_COMPLEX32);  // every other dtype is in out's list
    ExpectFails(GeT(f.t, f.t, c32.t), ACLNN_ERR_PARAM_INVALID,
                "aclnnGeTensor not implemented for out dtype DT_COMPLEX32.");
    ExpectFails(GeT(c64.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "aclnnGeTensor not implemented for input dtype DT_COMPLEX64.");
    ExpectFails(GeT(f.t, f.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "BroadcastShape [3] is not equal out's shape [2].");
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        // the profile switch re-initialises the runtime: device memory from before it is gone
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev u32_out(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
        Dev short_out(std::vector<double>(2), at::kBool, {2});
        ExpectFails(GeT(h.t, h.t, out.t), ACLNN_ERR_PARAM_INVALID,
                    "aclnnGeTensor not implemented for input dtype DT_BF16.");
        ExpectAccepted(GeT(h.t, f.t, out.t), aclnnGeTensor);  // promoted to FLOAT
    }
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        // the profile switch re-initialises the runtime: device memory from before it is gone
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev u32_out(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
        Dev short_out(std::vector<double>(2), at::kBool, {2});
        ExpectAccepted(GeT(h.t, h.t, out.t), aclnnGeTensor);
    }
    (void)u32_out;
}

// ================================================================================ LogicalXor

auto XorT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogicalXorGetWorkspaceSize(s, o, out, ws, ex); };
}

TEST(ReferenceLogicalXor, NonZeroXor) {
    Dev self({0.0, -0.5, NAN, 0.0, 2.0, -0.0}, at::kFloat, {2, 3});
    Dev other({1, 0, 7}, at::kLong, {3});
    Dev out(std::vector<double>(6, 9), at::kHalf, {2, 3});
    ASSERT_EQ(RunPhases(XorT(self.t, other.t, out.t), aclnnLogicalXor), 0) << LastError();
    ExpectEqual(out.Storage(), D({1, 1, 0, 1, 1, 1}));
}

TEST(ReferenceLogicalXor, Checks) {
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev h({1, 2, 3}, at::kBFloat16, {3});
    Dev out(std::vector<double>(3), at::kBool, {3});
    Dev u32(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
    ExpectFails(XorT(f.t, f.t, u32.t), ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_UINT32");
    // a complex input of 8 dims passes the 8-dim check, then fails the complex 7-dim one; an empty one returns first
    const std::vector<int64_t> eight(8, 1);
    Dev c8(std::vector<double>(2), at::kFloat, eight, {}, 0, ACL_COMPLEX64);
    Dev f8({1}, at::kFloat, eight);
    Dev o8({0}, at::kBool, eight);
    ExpectFails(XorT(c8.t, f8.t, o8.t), ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 7 dimensions.");
    std::vector<int64_t> eight0(8, 1);
    eight0[0] = 0;
    Dev c80(std::vector<double>{}, at::kFloat, eight0, {}, 0, ACL_COMPLEX64);
    Dev o80(std::vector<double>{}, at::kBool, eight0);
    ExpectAccepted(XorT(c80.t, f8.t, o80.t), aclnnLogicalXor);
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        // the profile switch re-initialises the runtime: device memory from before it is gone
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev u32(std::vector<double>(3), at::kInt, {3}, {}, 0, ACL_UINT32);
        Dev c8(std::vector<double>(2), at::kFloat, eight, {}, 0, ACL_COMPLEX64);
        Dev f8({1}, at::kFloat, eight);
        Dev o8({0}, at::kBool, eight);
        Dev c80(std::vector<double>{}, at::kFloat, eight0, {}, 0, ACL_COMPLEX64);
        Dev o80(std::vector<double>{}, at::kBool, eight0);
        ExpectFails(XorT(f.t, f.t, h.t), ACLNN_ERR_PARAM_INVALID,
                    "Input dtype of aclnnLogicalXor is not support bfloat16 in current socversion.");
    }
}

// ================================================================================ BitwiseAndTensor

auto BandT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnBitwiseAndTensorGetWorkspaceSize(s, o, out, ws, ex); };
}

// INT8 [2, 1] & INT32 [3] in INT32 (-1 keeps every bit), out INT64; BOOL & BOOL logically; in place.
TEST(ReferenceBitwiseAndTensor, ValuesPromotedAndInplace) {
    Dev self({-1, 6}, at::kChar, {2, 1});
    Dev other({12, 5, 1023}, at::kInt, {3});
    Dev out(std::vector<double>(6, 9), at::kLong, {2, 3});
    ASSERT_EQ(RunPhases(BandT(self.t, other.t, out.t), aclnnBitwiseAndTensor), 0) << LastError();
    ExpectEqual(out.Storage(), D({12, 5, 1023, 4, 4, 6}));
    Dev a({1, 1, 0}, at::kBool, {3});
    Dev b({1, 0, 1}, at::kBool, {3});
    ASSERT_EQ(
        RunPhases([&](uint64_t* ws,
                      aclOpExecutor** ex) { return aclnnInplaceBitwiseAndTensorGetWorkspaceSize(a.t, b.t, ws, ex); },
                  aclnnInplaceBitwiseAndTensor),
        0)
        << LastError();
    ExpectEqual(a.Storage(), D({1, 0, 0}));
}

TEST(ReferenceBitwiseAndTensor, ChecksInCannOrder) {
    Dev i({1, 2, 3}, at::kInt, {3});
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev out(std::vector<double>(3), at::kInt, {3});
    Dev b_out(std::vector<double>(3), at::kBool, {3});
    Dev short_out(std::vector<double>(2), at::kInt, {2});
    ExpectFails(
        BandT(f.t, i.t, out.t), ACLNN_ERR_PARAM_INVALID,
        "Tensor self not implemented for DT_FLOAT, should be in dtype support list DT_INT16, DT_INT32, DT_INT64, "
        "DT_INT8, DT_UINT8, DT_BOOL, DT_UINT16.");
    ExpectFails(BandT(i.t, i.t, b_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_INT32 can't be cast to the desired output type DT_BOOL.");
    ExpectFails(BandT(i.t, i.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [3], but got [2].");
    const int64_t dims[1] = {3}, strides[1] = {1};
    aclTensor* nz = aclCreateTensor(dims, 1, ACL_INT32, strides, 0, ACL_FORMAT_FRACTAL_NZ, dims, 1, out.buf.get());
    ExpectFails(BandT(nz, i.t, out.t), ACLNN_ERR_PARAM_INVALID, "Format only support ND,NCHW,NHWC,HWCN,NDHWC,NCDHW.");
    aclDestroyTensor(nz);
}

// ================================================================================ BitwiseAndScalar

auto BandS(const aclTensor* s, const aclScalar* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnBitwiseAndScalarGetWorkspaceSize(s, o, out, ws, ex); };
}

// The promote type is the product's: on the Ascend 950 an INT8 self keeps its dtype, so the INT64 scalar 496
// (0x1F0) is wrapped to INT8 first (-16, 0xF0) and the result sign-extended into the INT64 out; on Atlas A2 both
// are promoted to INT64 and the upper bits survive. The formula sees the product of the first phase (a.RegBase()).
TEST(ReferenceBitwiseAndScalar, PromoteTypePerProduct) {
    const double v950[] = {-16, 0, 16, -128}, v910b[] = {496, 0, 16, 384};
    for (Profile p : {Profile::kAscend950, Profile::kAscend910B}) {
        aclcpu_test::ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        Dev self({-1, 15, 16, -128}, at::kChar, {4});
        Dev out(std::vector<double>(4, 7), at::kLong, {4});
        Scalar other(496.0, ACL_INT64);
        ASSERT_EQ(RunPhases(BandS(self.t, other.s, out.t), aclnnBitwiseAndScalar), 0) << LastError();
        const double* want = p == Profile::kAscend950 ? v950 : v910b;
        ExpectEqual(out.Storage(), D({want[0], want[1], want[2], want[3]}));
    }
}

// BOOL & BOOL logically; an INT32 tensor in place with a negative scalar (every product: INT32 either way).
TEST(ReferenceBitwiseAndScalar, BoolAndInplace) {
    Dev b({1, 0, 1}, at::kBool, {3});
    Dev b_out(std::vector<double>(3, 0), at::kBool, {3});
    Scalar t(1.0, ACL_BOOL);
    ASSERT_EQ(RunPhases(BandS(b.t, t.s, b_out.t), aclnnBitwiseAndScalar), 0) << LastError();
    ExpectEqual(b_out.Storage(), D({1, 0, 1}));
    Dev i({7, -8, 12}, at::kInt, {3});
    Scalar m(-4.0, ACL_INT32);  // ...11100
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnInplaceBitwiseAndScalarGetWorkspaceSize(i.t, m.s, ws, ex);
              },
                        aclnnInplaceBitwiseAndScalar),
              0)
        << LastError();
    ExpectEqual(i.Storage(), D({4, -8, 12}));
}

TEST(ReferenceBitwiseAndScalar, ChecksInCannOrder) {
    Dev i({1, 2, 3}, at::kInt, {3});
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev out(std::vector<double>(3), at::kInt, {3});
    Dev b_out(std::vector<double>(3), at::kBool, {3});
    Dev short_out(std::vector<double>(2), at::kInt, {2});
    Scalar s(3.0, ACL_INT32), fs(3.0, ACL_FLOAT);
    ExpectFails(BandS(nullptr, s.s, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(BandS(i.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type number for argument other but instead found type null.");
    ExpectFails(BandS(f.t, s.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_FLOAT, should be in dtype support list DT_INT16, DT_INT32, DT_INT64, "
                "DT_INT8, DT_UINT8, DT_BOOL, DT_UINT16.");
    ExpectFails(BandS(i.t, fs.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor other not implemented for DT_FLOAT, should be in dtype support list DT_INT16, DT_INT32, "
                "DT_INT64, DT_INT8, DT_UINT8, DT_BOOL, DT_UINT16.");
    ExpectFails(BandS(i.t, s.s, b_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_INT32 can't be cast to the desired output type DT_BOOL.");
    const int64_t dims[1] = {3}, strides[1] = {1};
    aclTensor* nz = aclCreateTensor(dims, 1, ACL_INT32, strides, 0, ACL_FORMAT_FRACTAL_NZ, dims, 1, out.buf.get());
    ExpectFails(BandS(nz, s.s, out.t), ACLNN_ERR_PARAM_INVALID, "Format only support ND,NCHW,NHWC,HWCN,NDHWC,NCDHW.");
    aclDestroyTensor(nz);
    ExpectFails(BandS(i.t, s.s, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [3] does not equal [2].");
}

// ================================================================================ GtScalar

auto GtS(const aclTensor* s, const aclScalar* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGtScalarGetWorkspaceSize(s, o, out, ws, ex); };
}

// Atlas A2: PromoteType(FLOAT16, FLOAT) is FLOAT, so FLOAT16(0.1) = 0.0999755859375 exceeds the FLOAT 0.09997 (in
// FLOAT16 both would be 0.0999755859375); an INT32 self against 1.5 is compared in FLOAT.
TEST(ReferenceGtScalar, ComparedInPromotedDtype) {
    aclcpu_test::ProfileScope scope(Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev self({0.1, 0.05}, at::kHalf, {2});
    Scalar s(0.09997f);
    Dev out(std::vector<double>(2, 9), at::kFloat, {2});
    ASSERT_EQ(RunPhases(GtS(self.t, s.s, out.t), aclnnGtScalar), 0) << LastError();
    ExpectEqual(out.Storage(), D({1, 0}));
    EXPECT_EQ(static_cast<float>(at::Half(0.09997f)), static_cast<float>(at::Half(0.1f)));
    Dev ints({1, 2, 3}, at::kInt, {3});
    Scalar h(1.5f);
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceGtScalarGetWorkspaceSize(ints.t, h.s, ws, ex); },
                        aclnnInplaceGtScalar),
              0)
        << LastError();
    ExpectEqual(ints.Storage(), D({0, 1, 1}));
}

TEST(ReferenceGtScalar, ChecksInCannOrder) {
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev h({1, 2, 3}, at::kBFloat16, {3});
    Scalar s(1.0f);
    Dev out(std::vector<double>(3), at::kBool, {3});
    Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
    Dev short_out(std::vector<double>(2), at::kBool, {2});
    ExpectFails(GtS(f.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type number for argument other but instead found type null.");
    ExpectFails(GtS(c64.t, s.s, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_COMPLEX64");
    ExpectAccepted(GtS(f.t, s.s, c64.t), aclnnGtScalar);  // out may be complex (1 + 0i / 0)
    ExpectFails(GtS(f.t, s.s, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as tensor for self, but [2] does not equal [3].");
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        // the profile switch re-initialises the runtime: device memory from before it is gone
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
        Dev short_out(std::vector<double>(2), at::kBool, {2});
        ExpectFails(GtS(h.t, s.s, out.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_INT32, "
                    "DT_INT64, DT_FLOAT16, DT_INT16, DT_INT8, DT_UINT8, DT_DOUBLE, DT_UINT64, DT_UINT16, DT_UINT32, "
                    "DT_BOOL.");
    }
}

}  // namespace math_binary_reference_test
