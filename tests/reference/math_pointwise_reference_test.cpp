// The reference tier's ops-math element-wise operators of ops/families/math_pointwise.yaml through the public API
// (docs/ops/math_pointwise.md): each result against a value computed here independently (closed-form values, or
// ATen's plain function on host copies), the dtype each op_api computes in (a FLOAT16 self compared with a scalar
// in FLOAT16 by LeScalar / LtScalar, in FLOAT by GeScalar; an integral Exp2 in FLOAT; LogAddExp in out's dtype), the
// Inplace forms, and the checks in CANN's order with its codes and messages per product. The table-driven suite
// (reference_table_test.cpp) runs each entry's cases on transposed, strided, offset and broadcast views.
#include <ATen/ATen.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "aclnnop/aclnn_atan2.h"
#include "aclnnop/aclnn_bitwise_not.h"
#include "aclnnop/aclnn_bitwise_or_tensor.h"
#include "aclnnop/aclnn_bitwise_xor_tensor.h"
#include "aclnnop/aclnn_equal.h"
#include "aclnnop/aclnn_exp2.h"
#include "aclnnop/aclnn_floor_divide.h"
#include "aclnnop/aclnn_fmod_scalar.h"
#include "aclnnop/aclnn_fmod_tensor.h"
#include "aclnnop/aclnn_gcd.h"
#include "aclnnop/aclnn_ge_scalar.h"
#include "aclnnop/aclnn_isclose.h"
#include "aclnnop/aclnn_isin.h"
#include "aclnnop/aclnn_isin_tensor_scalar.h"
#include "aclnnop/aclnn_kl_div.h"
#include "aclnnop/aclnn_le_scalar.h"
#include "aclnnop/aclnn_left_shift.h"
#include "aclnnop/aclnn_lerp_scalar.h"
#include "aclnnop/aclnn_lerp_tensor.h"
#include "aclnnop/aclnn_logaddexp.h"
#include "aclnnop/aclnn_logaddexp2.h"
#include "aclnnop/aclnn_lt_scalar.h"
#include "aclnnop/aclnn_one_hot.h"
#include "aclnnop/aclnn_pow.h"
#include "aclnnop/aclnn_pow_tensor_tensor.h"
#include "aclnnop/aclnn_real.h"
#include "aclnnop/aclnn_remainder.h"
#include "aclnnop/aclnn_right_shift.h"
#include "aclnnop/aclnn_s_where.h"
#include "aclnnop/aclnn_scale.h"
#include "aclnnop/aclnn_sign_bits_pack.h"
#include "aclnnop/aclnn_sign_bits_unpack.h"
#include "aclnnop/aclnn_x_log_y_scalar_other.h"
#include "aclnnop/aclnn_x_log_y_scalar_self.h"
#include "aclnnop/aclnn_x_log_y_tensor.h"
#include "aclnnop/aclnn_xlog1py.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace math_pointwise_reference_test {

using aclcpu_test::Dev;
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

void ExpectClose(const at::Tensor& got, const at::Tensor& want, double rtol) {
    ASSERT_EQ(got.sizes(), want.sizes());
    EXPECT_TRUE(at::allclose(got, want, rtol, 1e-12)) << "got:\n" << got << "\nwant:\n" << want;
}

/// A first phase that must succeed; the executor is run (an empty plan too) so that nothing leaks.
template <typename First, typename Second>
void ExpectAccepted(First&& first, Second second) {
    EXPECT_EQ(RunPhases(first, second), 0) << LastError();
}

/// A first phase whose CANN checks admit a dtype PyTorch 1.13 lacks (UINT16/32/64): the reference tier refuses it
/// after them (161002 naming the dtype), so the call gets past every check CANN makes.
template <typename First, typename Second>
void ExpectAcceptedThenRefusedByAten(First&& first, Second) {
    uint64_t ws = 77;
    aclOpExecutor* ex = nullptr;
    LastError();
    EXPECT_EQ(first(&ws, &ex), ACLNN_ERR_PARAM_INVALID);
    const std::string m = LastError();
    EXPECT_NE(m.find("is not implemented at the reference tier (PyTorch 1.13's ATen has no such type)"),
              std::string::npos) << m;
    EXPECT_EQ(ws, 77u);
}

// ================================================================================ BitwiseOrTensor / XorTensor

auto OrT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnBitwiseOrTensorGetWorkspaceSize(s, o, out, ws, ex); };
}
auto XorT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnBitwiseXorTensorGetWorkspaceSize(s, o, out, ws, ex); };
}

// INT8 [2, 1] | INT32 [3] in INT32 (-1 keeps every bit), out INT64; BOOL | BOOL logically, in place.
TEST(ReferenceMathPointwiseBitwise, OrPromotedAndInplace) {
    Dev self({-1, 6}, at::kChar, {2, 1});
    Dev other({12, 5, 1024}, at::kInt, {3});
    Dev out(std::vector<double>(6, 9), at::kLong, {2, 3});
    ASSERT_EQ(RunPhases(OrT(self.t, other.t, out.t), aclnnBitwiseOrTensor), 0) << LastError();
    ExpectEqual(out.Storage(), D({-1, -1, -1, 14, 7, 1030}));
    Dev a({1, 1, 0, 0}, at::kBool, {4});
    Dev b({1, 0, 1, 0}, at::kBool, {4});
    ASSERT_EQ(
        RunPhases([&](uint64_t* ws,
                      aclOpExecutor** ex) { return aclnnInplaceBitwiseOrTensorGetWorkspaceSize(a.t, b.t, ws, ex); },
                  aclnnInplaceBitwiseOrTensor),
        0)
        << LastError();
    ExpectEqual(a.Storage(), D({1, 1, 1, 0}));
}

// INT16 ^ INT64 in INT64, out INT32; BOOL ^ BOOL is NotEqual; in place on a transposed selfRef.
TEST(ReferenceMathPointwiseBitwise, XorPromotedAndInplace) {
    Dev self({5, -3}, at::kShort, {2});
    Dev other({3, 7}, at::kLong, {2});
    Dev out(std::vector<double>(2, 9), at::kInt, {2});
    ASSERT_EQ(RunPhases(XorT(self.t, other.t, out.t), aclnnBitwiseXorTensor), 0) << LastError();
    ExpectEqual(out.Storage(), D({6, -3 ^ 7}));
    Dev a({1, 1, 0, 0}, at::kBool, {4});
    Dev b({1, 0, 1, 0}, at::kBool, {4});
    Dev o(std::vector<double>(4), at::kBool, {4});
    ASSERT_EQ(RunPhases(XorT(a.t, b.t, o.t), aclnnBitwiseXorTensor), 0) << LastError();
    ExpectEqual(o.Storage(), D({0, 1, 1, 0}));
    // selfRef [2, 3] stored transposed: rows [1, 2, 3], [4, 5, 6]
    Dev r({1, 4, 2, 5, 3, 6}, at::kInt, {2, 3}, {1, 2});
    Dev k({1, 1, 1}, at::kInt, {3});
    ASSERT_EQ(
        RunPhases([&](uint64_t* ws,
                      aclOpExecutor** ex) { return aclnnInplaceBitwiseXorTensorGetWorkspaceSize(r.t, k.t, ws, ex); },
                  aclnnInplaceBitwiseXorTensor),
        0)
        << LastError();
    ExpectEqual(r.Storage(), D({0, 5, 3, 4, 2, 7}));
}

TEST(ReferenceMathPointwiseBitwise, ChecksInCannOrder) {
    Dev i({1, 2, 3}, at::kInt, {3});
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev out(std::vector<double>(3), at::kInt, {3});
    Dev b_out(std::vector<double>(3), at::kBool, {3});
    Dev short_out(std::vector<double>(2), at::kInt, {2});
    ExpectFails(OrT(nullptr, i.t, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(OrT(f.t, i.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_FLOAT, should be in dtype support list DT_INT8, DT_INT16, "
                "DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_BOOL.");
    ExpectFails(OrT(i.t, i.t, b_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_INT32 can't be cast to the desired output type DT_BOOL.");
    ExpectFails(OrT(i.t, i.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [3], but got [2].");
    ExpectFails(XorT(i.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor other not implemented for DT_FLOAT");
    ExpectFails(XorT(i.t, i.t, b_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_INT32 can't be cast to the desired output type DT_BOOL.");
}

// Xor's lists per product: UINT16 only on the Ascend 950 (accepted there; PyTorch 1.13 then refuses the dtype);
// Or takes UINT16 everywhere.
TEST(ReferenceMathPointwiseBitwise, XorListPerProduct) {
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev u16({1, 2}, at::kShort, {2}, {}, 0, ACL_UINT16);
        Dev out(std::vector<double>(2), at::kShort, {2}, {}, 0, ACL_UINT16);
        ExpectFails(XorT(u16.t, u16.t, out.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_UINT16, should be in dtype support list DT_INT8, DT_INT16, "
                    "DT_INT32, DT_INT64, DT_UINT8, DT_BOOL.");
        ExpectAcceptedThenRefusedByAten(OrT(u16.t, u16.t, out.t), aclnnBitwiseOrTensor);
    }
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        Dev u16({1, 2}, at::kShort, {2}, {}, 0, ACL_UINT16);
        Dev out(std::vector<double>(2), at::kShort, {2}, {}, 0, ACL_UINT16);
        ExpectAcceptedThenRefusedByAten(XorT(u16.t, u16.t, out.t), aclnnBitwiseXorTensor);
    }
}

// ================================================================================ BitwiseNot

auto NotT(const aclTensor* s, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnBitwiseNotGetWorkspaceSize(s, out, ws, ex); };
}

TEST(ReferenceMathPointwiseBitwiseNot, InvertsEveryBit) {
    Dev self({0, 5, -1, 127}, at::kChar, {2, 2}, {1, 2});  // transposed view
    Dev out(std::vector<double>(4, 9), at::kChar, {2, 2});
    ASSERT_EQ(RunPhases(NotT(self.t, out.t), aclnnBitwiseNot), 0) << LastError();
    // view rows [0, -1], [5, 127] -> [-1, 0], [-6, -128]
    ExpectEqual(out.Storage(), D({-1, 0, -6, -128}));
    Dev b({1, 0, 1}, at::kBool, {3});
    Dev bo(std::vector<double>(3), at::kBool, {3});
    ASSERT_EQ(RunPhases(NotT(b.t, bo.t), aclnnBitwiseNot), 0) << LastError();
    ExpectEqual(bo.Storage(), D({0, 1, 0}));
}

TEST(ReferenceMathPointwiseBitwiseNot, ChecksInCannOrder) {
    Dev i({1, 2, 3}, at::kInt, {3});
    Dev l_out(std::vector<double>(3), at::kLong, {3});
    Dev out(std::vector<double>(3), at::kInt, {3});
    Dev short_out(std::vector<double>(2), at::kInt, {2});
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev f_out(std::vector<double>(3), at::kFloat, {3});
    // CheckParams returns a NULL as ACLNN_ERR_INNER_NULLPTR
    ExpectFails(NotT(nullptr, out.t), ACLNN_ERR_INNER_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(NotT(i.t, nullptr), ACLNN_ERR_INNER_NULLPTR, "Expected a proper Tensor but got null for argument out.");
    // the default profile is the Ascend 950: its own list
    ExpectFails(NotT(f.t, f_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_FLOAT, should be in dtype support list DT_INT8, DT_INT16, "
                "DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_BOOL.");
    ExpectFails(NotT(i.t, l_out.t), ACLNN_ERR_PARAM_INVALID, "Tensor self expected dtype is DT_INT64 but found DT_INT32.");
    ExpectFails(NotT(i.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for y, but [3] does not equal [2].");
    const int64_t dims[1] = {3}, strides[1] = {1};
    aclTensor* nz = aclCreateTensor(dims, 1, ACL_INT32, strides, 0, ACL_FORMAT_FRACTAL_NZ, dims, 1, out.buf.get());
    ExpectFails(NotT(nz, out.t), ACLNN_ERR_PARAM_INVALID, "Format only support ND,NCHW,NHWC,HWCN,NDHWC,NCDHW.");
    aclDestroyTensor(nz);
    Dev u32({1, 2}, at::kInt, {2}, {}, 0, ACL_UINT32);
    Dev o32(std::vector<double>(2), at::kInt, {2}, {}, 0, ACL_UINT32);
    ExpectAcceptedThenRefusedByAten(NotT(u32.t, o32.t), aclnnBitwiseNot);  // the 950's list holds UINT32
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910B);  // the others' list
        ASSERT_TRUE(scope.ok());
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev f_out(std::vector<double>(3), at::kFloat, {3});
        ExpectFails(NotT(f.t, f_out.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_FLOAT, should be in dtype support list DT_INT16, DT_INT32, "
                    "DT_INT64, DT_INT8, DT_UINT8, DT_BOOL.");
    }
}

// ================================================================================ Atan2

auto Atan2T(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnAtan2GetWorkspaceSize(s, o, out, ws, ex); };
}

// Closed-form angles; INT32 operands computed in FLOAT (the DOUBLE out holds the float32 result); in place.
TEST(ReferenceMathPointwiseAtan2, AnglesAndIntegersInFloat) {
    const double pi = std::acos(-1.0);
    Dev y({1, -1, 0, 1}, at::kDouble, {4});
    Dev x({1, 1, -1, 0}, at::kDouble, {4});
    Dev out(std::vector<double>(4), at::kDouble, {4});
    ASSERT_EQ(RunPhases(Atan2T(y.t, x.t, out.t), aclnnAtan2), 0) << LastError();
    ExpectClose(out.Storage(), D({pi / 4, -pi / 4, pi, pi / 2}), 1e-15);
    Dev iy({1}, at::kInt, {1});
    Dev ix({3}, at::kLong, {1});
    Dev dout(std::vector<double>(1), at::kDouble, {1});
    ASSERT_EQ(RunPhases(Atan2T(iy.t, ix.t, dout.t), aclnnAtan2), 0) << LastError();
    // float32 precision, not double's
    EXPECT_NEAR(dout.Storage().item<double>(), static_cast<double>(std::atan2(1.0f, 3.0f)), 1e-7);
    EXPECT_NE(dout.Storage().item<double>(), std::atan2(1.0, 3.0));
    Dev r({0, 2}, at::kFloat, {2});
    Dev k({1, 2}, at::kFloat, {2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceAtan2GetWorkspaceSize(r.t, k.t, ws, ex); },
                        aclnnInplaceAtan2),
              0)
        << LastError();
    ExpectClose(r.Storage(), D({0, static_cast<double>(static_cast<float>(pi / 4))}), 1e-7);
}

TEST(ReferenceMathPointwiseAtan2, ChecksPerProduct) {
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
    Dev out(std::vector<double>(3), at::kFloat, {3});
    Dev i_out(std::vector<double>(3), at::kInt, {3});  // out's dtype is not checked
    Dev bad(std::vector<double>(2), at::kFloat, {2});
    ExpectFails(Atan2T(f.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument other.");
    ExpectFails(Atan2T(c64.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_COMPLEX64");
    ExpectFails(Atan2T(f.t, bad.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "The size of tensor self [3] must match the size of tensor other [2].");
    ExpectFails(Atan2T(f.t, f.t, bad.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [3], but got [2].");
    ExpectAccepted(Atan2T(f.t, f.t, i_out.t), aclnnAtan2);
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev out(std::vector<double>(3), at::kFloat, {3});
        ExpectFails(Atan2T(h.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                    "DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_BOOL, DT_UINT8.");
    }
}

// ================================================================================ Exp2

auto Exp2T(const aclTensor* s, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnExp2GetWorkspaceSize(s, out, ws, ex); };
}

// INT32 computed in FLOAT (2 ** -1 = 0.5 into a FLOAT out); FLOAT16 rounded once; in place on FLOAT.
TEST(ReferenceMathPointwiseExp2, ValuesAndInplace) {
    Dev i({0, 3, -1, 10}, at::kInt, {4});
    Dev out(std::vector<double>(4), at::kFloat, {4});
    ASSERT_EQ(RunPhases(Exp2T(i.t, out.t), aclnnExp2), 0) << LastError();
    ExpectEqual(out.Storage(), D({1, 8, 0.5, 1024}));
    Dev h({0.5, -2.25}, at::kHalf, {2});
    Dev ho(std::vector<double>(2), at::kHalf, {2});
    ASSERT_EQ(RunPhases(Exp2T(h.t, ho.t), aclnnExp2), 0) << LastError();
    ExpectClose(ho.Storage(), D({static_cast<double>(at::Half(std::exp2(0.5f))),
                                 static_cast<double>(at::Half(std::exp2(-2.25f)))}), 1e-3);
    Dev r({1.5, 3}, at::kFloat, {2});
    ASSERT_EQ(
        RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceExp2GetWorkspaceSize(r.t, ws, ex); },
                  aclnnInplaceExp2),
        0)
        << LastError();
    ExpectClose(r.Storage(), D({static_cast<double>(std::exp2(1.5f)), 8}), 1e-6);
}

TEST(ReferenceMathPointwiseExp2, ChecksInCannOrder) {
    aclcpu_test::ProfileScope scope(Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev i({1, 2, 3}, at::kInt, {3});
    Dev i8_out(std::vector<double>(3), at::kChar, {3});
    Dev out(std::vector<double>(3), at::kFloat, {3});
    Dev short_out(std::vector<double>(2), at::kFloat, {2});
    Dev u16({1, 2, 3}, at::kShort, {3}, {}, 0, ACL_UINT16);
    ExpectFails(Exp2T(nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument self.");
    ExpectFails(Exp2T(u16.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_UINT16, should be in dtype support list DT_FLOAT, DT_INT32, "
                "DT_INT64, DT_FLOAT16, DT_INT8, DT_UINT8, DT_DOUBLE, DT_INT16, DT_BOOL, DT_BF16.");
    ExpectFails(Exp2T(i.t, i8_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT8.");
    ExpectFails(Exp2T(i.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [3] does not equal [2].");
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceExp2GetWorkspaceSize(i.t, ws, ex); },
        ACLNN_ERR_PARAM_INVALID,
        "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_DOUBLE, "
        "DT_BF16.");
}

// ================================================================================ LogAddExp / LogAddExp2

auto LaeT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogAddExpGetWorkspaceSize(s, o, out, ws, ex); };
}
auto Lae2T(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogAddExp2GetWorkspaceSize(s, o, out, ws, ex); };
}

// Closed forms (large operands where a naive exp overflows in float32); INT32 and DOUBLE inputs cast to the FLOAT
// out first.
TEST(ReferenceMathPointwiseLogAddExp, ClosedForms) {
    Dev a({0, 100, 1, -3}, at::kFloat, {4});
    Dev b({0, 100, 2, 5}, at::kInt, {4});
    Dev out(std::vector<double>(4), at::kFloat, {4});
    ASSERT_EQ(RunPhases(LaeT(a.t, b.t, out.t), aclnnLogAddExp), 0) << LastError();
    auto lae = [](double x, double y) { return std::max(x, y) + std::log1p(std::exp(-std::fabs(x - y))); };
    ExpectClose(out.Storage(), D({std::log(2.0), 100 + std::log(2.0), lae(1, 2), lae(-3, 5)}), 1e-6);
    Dev c({0, 1, 10}, at::kDouble, {3});
    Dev d({0, 1, 10}, at::kFloat, {3});
    Dev o2(std::vector<double>(3), at::kFloat, {3});
    ASSERT_EQ(RunPhases(Lae2T(c.t, d.t, o2.t), aclnnLogAddExp2), 0) << LastError();
    ExpectClose(o2.Storage(), D({1, 2, 11}), 1e-7);
}

TEST(ReferenceMathPointwiseLogAddExp, ChecksPerProduct) {
    aclcpu_test::ProfileScope scope(Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev d_out(std::vector<double>(3), at::kDouble, {3});
    Dev out(std::vector<double>(3), at::kFloat, {3});
    Dev short_out(std::vector<double>(2), at::kFloat, {2});
    Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
    // OP_CHECK_COMM_INPUT first: workspaceSize NULL before a NULL tensor
    EXPECT_EQ(aclnnLogAddExpGetWorkspaceSize(nullptr, f.t, out.t, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    ExpectFails(LaeT(f.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument other.");
    ExpectFails(LaeT(c64.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_COMPLEX64");
    ExpectFails(LaeT(f.t, f.t, d_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT16, DT_FLOAT, DT_BF16.");
    ExpectFails(Lae2T(f.t, f.t, d_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(LaeT(f.t, f.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [3], but got [2].");
    {
        aclcpu_test::ProfileScope scope910(Profile::kAscend910);
        ASSERT_TRUE(scope910.ok());
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev bf_out(std::vector<double>(3), at::kBFloat16, {3});
        ExpectFails(LaeT(f.t, f.t, bf_out.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor out not implemented for DT_BF16, should be in dtype support list DT_FLOAT16, DT_FLOAT.");
    }
}

// ================================================================================ Ge / Le / Lt with a scalar

auto GeS(const aclTensor* s, const aclScalar* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGeScalarGetWorkspaceSize(s, o, out, ws, ex); };
}
auto LeS(const aclTensor* s, const aclScalar* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLeScalarGetWorkspaceSize(s, o, out, ws, ex); };
}
auto LtS(const aclTensor* s, const aclScalar* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLtScalarGetWorkspaceSize(s, o, out, ws, ex); };
}

// FLOAT16(0.1) = 0.0999755859375. GeScalar compares in PromoteType(FLOAT16, FLOAT) = FLOAT: 0.09997559 >= 0.09998 is
// false. LeScalar and LtScalar compare a floating self in its own dtype, the scalar rounded to FLOAT16 first:
// FLOAT16(0.09998) = FLOAT16(0.09997) = 0.0999755859375, so <= holds and < does not, where FLOAT would say the
// opposite for 0.09997 (<=) and 0.09998 (<).
TEST(ReferenceMathPointwiseScalarCompare, ComparedInEachOpApisDtype) {
    aclcpu_test::ProfileScope scope(Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    ASSERT_EQ(static_cast<float>(at::Half(0.09998f)), static_cast<float>(at::Half(0.1f)));
    ASSERT_EQ(static_cast<float>(at::Half(0.09997f)), static_cast<float>(at::Half(0.1f)));
    Dev self({0.1, 0.2}, at::kHalf, {2});
    Dev out(std::vector<double>(2, 7), at::kFloat, {2});
    Scalar s98(0.09998f), s97(0.09997f);
    ASSERT_EQ(RunPhases(GeS(self.t, s98.s, out.t), aclnnGeScalar), 0) << LastError();
    ExpectEqual(out.Storage(), D({0, 1}));
    ASSERT_EQ(RunPhases(LeS(self.t, s97.s, out.t), aclnnLeScalar), 0) << LastError();
    ExpectEqual(out.Storage(), D({1, 0}));
    ASSERT_EQ(RunPhases(LtS(self.t, s98.s, out.t), aclnnLtScalar), 0) << LastError();
    ExpectEqual(out.Storage(), D({0, 0}));
    // an INT32 self against 1.5 is compared in FLOAT; the Inplace forms write selfRef's own dtype
    Dev i({1, 2, 3}, at::kInt, {3});
    Scalar h(1.5f);
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceLtScalarGetWorkspaceSize(i.t, h.s, ws, ex); },
                        aclnnInplaceLtScalar),
              0)
        << LastError();
    ExpectEqual(i.Storage(), D({1, 0, 0}));
    Dev j({1, 2, 3}, at::kInt, {3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceGeScalarGetWorkspaceSize(j.t, h.s, ws, ex); },
                        aclnnInplaceGeScalar),
              0)
        << LastError();
    ExpectEqual(j.Storage(), D({0, 1, 1}));
    Dev k({1, 2, 3}, at::kFloat, {3});
    Scalar two(2.0f);
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceLeScalarGetWorkspaceSize(k.t, two.s, ws, ex); },
                        aclnnInplaceLeScalar),
              0)
        << LastError();
    ExpectEqual(k.Storage(), D({1, 1, 0}));
}

TEST(ReferenceMathPointwiseScalarCompare, GeChecksPerProduct) {
    Scalar s(1.0f);
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev c32(std::vector<double>(3), at::kFloat, {3}, {}, 0, ACL_COMPLEX32);
        Dev short_out(std::vector<double>(2), at::kBool, {2});
        ExpectFails(GeS(f.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                    "Expected a value of type number for argument other but instead found type null.");
        ExpectFails(GeS(f.t, s.s, c32.t), ACLNN_ERR_PARAM_INVALID,
                    "aclnnGeScalar not implemented for out dtype DT_COMPLEX32,should be in dtype support list DT_FLOAT, "
                    "DT_INT32, DT_FLOAT16, DT_INT8, DT_DOUBLE, DT_INT16, DT_INT64, DT_UINT64, DT_UINT32, DT_UINT16, "
                    "DT_UINT8, DT_COMPLEX128, DT_COMPLEX64, DT_BOOL, DT_BF16.");
        ExpectFails(GeS(f.t, s.s, short_out.t), ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for out to have same size as tensor for self, but [2] does not equal [3].");
    }
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910);  // no BF16 in the 910's list
        ASSERT_TRUE(scope.ok());
        Dev h({1, 2, 3}, at::kBFloat16, {3});
        Dev out(std::vector<double>(3), at::kBool, {3});
        const uint16_t one_bf16 = 0x3f80;
        Scalar sb(&one_bf16, ACL_BF16);
        ExpectFails(GeS(h.t, sb.s, out.t), ACLNN_ERR_PARAM_INVALID,
                    "aclnnGeScalar not implemented for input dtype DT_BF16,should be in dtype support list DT_FLOAT, "
                    "DT_INT32, DT_FLOAT16, DT_INT8, DT_DOUBLE, DT_INT16, DT_INT64, DT_UINT64, DT_UINT32, DT_UINT16, "
                    "DT_UINT8.");
        ExpectAccepted(GeS(h.t, s.s, out.t), aclnnGeScalar);  // PromoteType(BF16, FLOAT) = FLOAT
    }
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend950);  // the 950 checks self's dtype first
        ASSERT_TRUE(scope.ok());
        Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
        Dev out(std::vector<double>(3), at::kBool, {3});
        ExpectFails(GeS(c64.t, s.s, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_COMPLEX64");
    }
}

TEST(ReferenceMathPointwiseScalarCompare, LeChecksPerProduct) {
    Scalar s(1.0f);
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
        Dev i_out(std::vector<double>(3), at::kInt, {3});
        Dev short_out(std::vector<double>(2), at::kBool, {2});
        ExpectFails(LeS(f.t, s.s, c64.t), ACLNN_ERR_PARAM_INVALID,
                    "out dtype DT_COMPLEX64 should be in dtype support list [DT_INT8, DT_UINT8, DT_INT16, DT_UINT16, "
                    "DT_INT32, DT_INT64, DT_FLOAT16, DT_FLOAT, DT_DOUBLE, DT_BOOL, DT_BF16].");
        ExpectAccepted(LeS(f.t, s.s, i_out.t), aclnnLeScalar);
        ExpectFails(LeS(f.t, s.s, short_out.t), ACLNN_ERR_PARAM_INVALID,
                    "self shape is different with out shape, self [[3]], out [[2]].");
    }
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend950);  // the 950's out list holds the complex dtypes
        ASSERT_TRUE(scope.ok());
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
        ExpectAccepted(LeS(f.t, s.s, c64.t), aclnnLeScalar);
    }
}

TEST(ReferenceMathPointwiseScalarCompare, LtChecksPerProduct) {
    Scalar s(1.0f);
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
        Dev short_out(std::vector<double>(2), at::kBool, {2});
        // other, then self: ACLNN_ERR_INNER_NULLPTR outside the 950
        ExpectFails(LtS(nullptr, nullptr, out.t), ACLNN_ERR_INNER_NULLPTR, "other");
        ExpectFails(LtS(nullptr, s.s, out.t), ACLNN_ERR_INNER_NULLPTR, "self");
        ExpectFails(LtS(f.t, s.s, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                    "Expected a proper Tensor but got null for argument out.");
        // out checked against the input list (no complex dtypes)
        ExpectFails(LtS(f.t, s.s, c64.t), ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_COMPLEX64");
        ExpectFails(LtS(f.t, s.s, short_out.t), ACLNN_ERR_PARAM_INVALID, "Shape of out should be [3], but current is [2].");
    }
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev out(std::vector<double>(3), at::kBool, {3});
        Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
        Dev short_out(std::vector<double>(2), at::kBool, {2});
        ExpectFails(LtS(f.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "other");
        ExpectAccepted(LtS(f.t, s.s, c64.t), aclnnLtScalar);  // the 950's out list
        ExpectFails(LtS(f.t, s.s, short_out.t), ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for out, but [3] does not equal [2].");
    }
}

// ================================================================================ Remainder

auto RemTT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnRemainderTensorTensorGetWorkspaceSize(s, o, out, ws, ex); };
}
auto RemTS(const aclTensor* s, const aclScalar* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnRemainderTensorScalarGetWorkspaceSize(s, o, out, ws, ex); };
}
auto RemST(const aclScalar* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnRemainderScalarTensorGetWorkspaceSize(s, o, out, ws, ex); };
}

// The remainder takes the divisor's sign (FloorMod): -7 mod 3 = 2, 7 mod -3 = -2, -7 mod -3 = -1.
TEST(ReferenceMathPointwiseRemainder, DivisorsSign) {
    aclcpu_test::ProfileScope scope(Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev a({-7, 7, -7, 7}, at::kInt, {4});
    Dev b({3, -3, -3, 3}, at::kInt, {4});
    Dev out(std::vector<double>(4), at::kLong, {4});
    ASSERT_EQ(RunPhases(RemTT(a.t, b.t, out.t), aclnnRemainderTensorTensor), 0) << LastError();
    ExpectEqual(out.Storage(), D({2, -2, -1, 1}));
    // an integral zero divisor gives -1 (the public integer kernel's default), not ATen's error
    Dev z({5, -5}, at::kLong, {2});
    Dev zero({0}, at::kLong, {1});
    Dev zo(std::vector<double>(2, 9), at::kLong, {2});
    ASSERT_EQ(RunPhases(RemTT(z.t, zero.t, zo.t), aclnnRemainderTensorTensor), 0) << LastError();
    ExpectEqual(zo.Storage(), D({-1, -1}));
    // INT32 self against the FLOAT scalar 1.5: computed in FLOAT
    Dev i({-7, 7}, at::kInt, {2});
    Dev fo(std::vector<double>(2), at::kFloat, {2});
    Scalar h(1.5f);
    ASSERT_EQ(RunPhases(RemTS(i.t, h.s, fo.t), aclnnRemainderTensorScalar), 0) << LastError();
    ExpectEqual(fo.Storage(), D({0.5, 1}));
    // the scalar 5 against INT32 other, computed in out's dtype
    Scalar five(5.0f);
    Dev o({3, -3}, at::kInt, {2});
    Dev so(std::vector<double>(2), at::kFloat, {2});
    ASSERT_EQ(RunPhases(RemST(five.s, o.t, so.t), aclnnRemainderScalarTensor), 0) << LastError();
    ExpectEqual(so.Storage(), D({2, -1}));
    // in place
    Dev r({-1.5, 2.5}, at::kFloat, {2});
    Dev d({2}, at::kFloat, {1});
    ASSERT_EQ(
        RunPhases([&](uint64_t* ws,
                      aclOpExecutor** ex) { return aclnnInplaceRemainderTensorTensorGetWorkspaceSize(r.t, d.t, ws, ex); },
                  aclnnInplaceRemainderTensorTensor),
        0)
        << LastError();
    ExpectEqual(r.Storage(), D({0.5, 0.5}));
    Dev q({-1.5, 2.5}, at::kDouble, {2});
    ASSERT_EQ(
        RunPhases([&](uint64_t* ws,
                      aclOpExecutor** ex) { return aclnnInplaceRemainderTensorScalarGetWorkspaceSize(q.t, h.s, ws, ex); },
                  aclnnInplaceRemainderTensorScalar),
        0)
        << LastError();
    ExpectEqual(q.Storage(), D({0, 1}));
}

// Outside the 950 a 0-d broadcast shape and a [1] out are accepted together (not in place); the 950 refuses them.
TEST(ReferenceMathPointwiseRemainder, ZeroDimAndOneElementOut) {
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev a({7}, at::kFloat, {});
        Dev b({4}, at::kFloat, {});
        Dev out(std::vector<double>(1), at::kFloat, {1});
        ASSERT_EQ(RunPhases(RemTT(a.t, b.t, out.t), aclnnRemainderTensorTensor), 0) << LastError();
        ExpectEqual(out.Storage(), D({3}));
        Dev one({4}, at::kFloat, {1});
        ExpectFails(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnInplaceRemainderTensorTensorGetWorkspaceSize(a.t, one.t, ws, ex);
            },
            ACLNN_ERR_PARAM_INVALID,
            "expected consistent tensor shape for the broadcast shape and out, but got [1] and [] respectively.");
    }
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        Dev a({7}, at::kFloat, {});
        Dev b({4}, at::kFloat, {});
        Dev out(std::vector<double>(1), at::kFloat, {1});
        ExpectFails(RemTT(a.t, b.t, out.t), ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for out to have same size as [], but got [1].");
    }
}

TEST(ReferenceMathPointwiseRemainder, ChecksInCannOrder) {
    aclcpu_test::ProfileScope scope(Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev i8({1, 2}, at::kChar, {2});
    Dev f({1, 2}, at::kFloat, {2});
    Dev i_out(std::vector<double>(2), at::kInt, {2});
    Dev f_out(std::vector<double>(2), at::kFloat, {2});
    Dev short_out(std::vector<double>(1), at::kFloat, {3});
    Scalar s(2.0f);
    const int8_t two8 = 2;
    Scalar s8(&two8, ACL_INT8);
    const float c[2] = {1, 1};
    Scalar sc(c, ACL_COMPLEX64);
    ExpectFails(RemTT(f.t, nullptr, f_out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument other.");
    ExpectFails(RemTT(f.t, f.t, i_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(RemTT(i8.t, i8.t, i_out.t), ACLNN_ERR_PARAM_INVALID,
                "Promote type DT_INT8 should be in dtype support list [DT_INT32, DT_INT64, DT_FLOAT16, DT_FLOAT, "
                "DT_DOUBLE, DT_BF16].");
    ExpectFails(RemTT(f.t, f.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "expected consistent tensor shape for the broadcast shape and out, but got [2] and [3] respectively.");
    ExpectFails(RemTS(f.t, s.s, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [2] does not equal [3].");
    ExpectFails(RemTS(f.t, sc.s, f_out.t), ACLNN_ERR_PARAM_INVALID, "remainder_npu not implemented for dtype complex.");
    ExpectFails(RemTS(i8.t, s8.s, i_out.t), ACLNN_ERR_PARAM_INVALID,
                "expected dtype DT_INT8 should be in dtype support list [DT_INT32, DT_INT64, DT_FLOAT16, DT_FLOAT, "
                "DT_DOUBLE, DT_BF16].");
    // the scalar-first form returns a NULL as ACLNN_ERR_INNER_NULLPTR
    ExpectFails(RemST(nullptr, f.t, f_out.t), ACLNN_ERR_INNER_NULLPTR,
                "Expected a value of type number for argument self but instead found type null.");
    ExpectFails(RemST(s.s, f.t, nullptr), ACLNN_ERR_INNER_NULLPTR,
                "Expected a proper Tensor but got null for argument out.");
    Dev i8_out(std::vector<double>(2), at::kChar, {2});
    ExpectFails(RemST(s.s, i8.t, i8_out.t), ACLNN_ERR_PARAM_INVALID,
                "out dtype DT_INT8 should be in dtype support list [DT_INT32, DT_INT64, DT_FLOAT16, DT_FLOAT, "
                "DT_DOUBLE, DT_BF16].");
    ExpectFails(RemST(s.s, f.t, i_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
}

// ================================================================================ FmodTensor

auto FmodT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnFmodTensorGetWorkspaceSize(s, o, out, ws, ex); };
}

// fmod takes self's sign: -7 fmod 3 = -1, 7 fmod -3 = 1 (remainder would give 2, -2).
TEST(ReferenceMathPointwiseFmod, DividendsSignAndChecks) {
    aclcpu_test::ProfileScope scope(Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev a({-7, 7, -7.5}, at::kFloat, {3});
    Dev b({3, -3, 2}, at::kFloat, {3});
    Dev out(std::vector<double>(3), at::kFloat, {3});
    ASSERT_EQ(RunPhases(FmodT(a.t, b.t, out.t), aclnnFmodTensor), 0) << LastError();
    ExpectEqual(out.Storage(), D({-1, 1, -1.5}));
    Dev r({-7, 7}, at::kInt, {2});
    Dev k({3}, at::kInt, {1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceFmodTensorGetWorkspaceSize(r.t, k.t, ws, ex); },
                        aclnnInplaceFmodTensor),
              0)
        << LastError();
    ExpectEqual(r.Storage(), D({-1, 1}));
    Dev i8({1, 2}, at::kChar, {2});
    Dev u8({1, 2}, at::kByte, {2});
    Dev i8_out(std::vector<double>(2), at::kChar, {2});
    Dev i16({1, 2}, at::kShort, {2});
    ExpectFails(FmodT(i16.t, i8.t, i8_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT16, should be in dtype support list DT_FLOAT, DT_INT32, DT_INT8, "
                "DT_FLOAT16, DT_UINT8, DT_DOUBLE, DT_INT64, DT_BF16.");
    ExpectFails(FmodT(i8.t, u8.t, i8_out.t), ACLNN_ERR_PARAM_INVALID,
                "Self dtype DT_INT8 and other dtype DT_UINT8 need promote dtype to DT_INT16, but now not support "
                "promote dtype DT_INT16.");
}

// ================================================================================ Gcd

auto GcdT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnGcdGetWorkspaceSize(s, o, out, ws, ex); };
}

TEST(ReferenceMathPointwiseGcd, ValuesAndChecksPerProduct) {
    aclcpu_test::ProfileScope scope(Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev a({12, -18, 0, 7}, at::kInt, {4});
    Dev b({8, 12, 5, 0}, at::kShort, {4});
    Dev out(std::vector<double>(4), at::kLong, {4});
    ASSERT_EQ(RunPhases(GcdT(a.t, b.t, out.t), aclnnGcd), 0) << LastError();
    ExpectEqual(out.Storage(), D({4, 6, 5, 7}));
    Dev t({1, 0}, at::kBool, {2});
    Dev i_out(std::vector<double>(2), at::kInt, {2});
    Dev f_out(std::vector<double>(2), at::kFloat, {2});
    Dev b_out(std::vector<double>(2), at::kBool, {2});
    Dev i2({4, 6}, at::kInt, {2});
    Dev i8({4, 6}, at::kChar, {2});
    Dev short_out(std::vector<double>(3), at::kInt, {3});
    ExpectFails(GcdT(t.t, t.t, i_out.t), ACLNN_ERR_PARAM_INVALID, "gcd not implemented for DT_BOOL");
    ExpectFails(GcdT(i2.t, i2.t, f_out.t), ACLNN_ERR_PARAM_INVALID, "Out type should be integral but got DT_FLOAT.");
    ExpectFails(GcdT(i2.t, i2.t, b_out.t), ACLNN_ERR_PARAM_INVALID, "Out type should be integral but got DT_BOOL.");
    ExpectFails(GcdT(i8.t, i8.t, i_out.t), ACLNN_ERR_PARAM_INVALID,
                "Self dtype DT_INT8 and other dtype DT_INT8 get promoteType dtype DT_INT8 should be in dtype support "
                "list DT_INT32, DT_INT16, DT_INT64.");
    ExpectFails(GcdT(i2.t, i2.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected out tensor shape to be [2], but got [3].");
    {
        aclcpu_test::ProfileScope scope910(Profile::kAscend910);
        ASSERT_TRUE(scope910.ok());
        Dev l({4, 6}, at::kLong, {2});
        Dev l_out(std::vector<double>(2), at::kLong, {2});
        ExpectFails(GcdT(l.t, l.t, l_out.t), ACLNN_ERR_PARAM_INVALID,
                    "Self dtype DT_INT64 and other dtype DT_INT64 get promoteType dtype DT_INT64 should be in dtype "
                    "support list DT_INT32.");
    }
    {
        aclcpu_test::ProfileScope scope950(Profile::kAscend950);
        ASSERT_TRUE(scope950.ok());
        Dev i8({4, 6}, at::kChar, {2});
        Dev j8({6, 9}, at::kChar, {2});
        Dev o8(std::vector<double>(2), at::kChar, {2});
        ASSERT_EQ(RunPhases(GcdT(i8.t, j8.t, o8.t), aclnnGcd), 0) << LastError();
        ExpectEqual(o8.Storage(), D({2, 3}));
    }
}

// ================================================================================ Equal

auto EqualT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnEqualGetWorkspaceSize(s, o, out, ws, ex); };
}

TEST(ReferenceMathPointwiseEqual, OneBooleanAndChecks) {
    Dev a({1, 2, 3}, at::kFloat, {3});
    Dev b({1, 2, 3}, at::kInt, {3});
    Dev c({1, 2, 4}, at::kFloat, {3});
    Dev d({1, 2, 3}, at::kFloat, {3, 1});
    Dev n({1, NAN, 3}, at::kFloat, {3});
    Dev out({7}, at::kBool, {1});
    ASSERT_EQ(RunPhases(EqualT(a.t, b.t, out.t), aclnnEqual), 0) << LastError();
    ExpectEqual(out.Storage(), D({1}));
    ASSERT_EQ(RunPhases(EqualT(a.t, c.t, out.t), aclnnEqual), 0) << LastError();
    ExpectEqual(out.Storage(), D({0}));
    ASSERT_EQ(RunPhases(EqualT(a.t, d.t, out.t), aclnnEqual), 0) << LastError();  // shapes differ
    ExpectEqual(out.Storage(), D({0}));
    ASSERT_EQ(RunPhases(EqualT(n.t, n.t, out.t), aclnnEqual), 0) << LastError();  // NaN equals nothing
    ExpectEqual(out.Storage(), D({0}));
    Dev e1(std::vector<double>{}, at::kFloat, {0, 2});
    Dev e2(std::vector<double>{}, at::kFloat, {0, 2});
    ASSERT_EQ(RunPhases(EqualT(e1.t, e2.t, out.t), aclnnEqual), 0) << LastError();
    ExpectEqual(out.Storage(), D({1}));
    Dev f_out({7}, at::kFloat, {1});
    Dev two_out({7, 7}, at::kBool, {2});
    ExpectFails(EqualT(a.t, b.t, f_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out not implemented for DT_FLOAT, should be in dtype support list DT_BOOL.");
    ExpectFails(EqualT(a.t, b.t, two_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [1], but got [2].");
    EXPECT_EQ(aclnnEqualGetWorkspaceSize(nullptr, a.t, out.t, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
}

// ================================================================================ FloorDivide / FloorDivides

auto FdivT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnFloorDivideGetWorkspaceSize(s, o, out, ws, ex); };
}
auto FdivS(const aclTensor* s, const aclScalar* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnFloorDividesGetWorkspaceSize(s, o, out, ws, ex); };
}

// Rounded toward negative infinity: -7 / 2 = -4, 7 / -2 = -4; two BOOL operands divide in FLOAT.
TEST(ReferenceMathPointwiseFloorDivide, ValuesAndInplace) {
    Dev a({-7, 7, 7}, at::kInt, {3});
    Dev b({2, -2, 2}, at::kInt, {3});
    Dev out(std::vector<double>(3), at::kInt, {3});
    ASSERT_EQ(RunPhases(FdivT(a.t, b.t, out.t), aclnnFloorDivide), 0) << LastError();
    ExpectEqual(out.Storage(), D({-4, -4, 3}));
    Dev h({-7, 7.5}, at::kHalf, {2});
    Dev ho(std::vector<double>(2), at::kHalf, {2});
    Scalar two(2.0f);
    ASSERT_EQ(RunPhases(FdivS(h.t, two.s, ho.t), aclnnFloorDivides), 0) << LastError();
    ExpectEqual(ho.Storage(), D({-4, 3}));
    Dev t({1, 0}, at::kBool, {2});
    Dev u({1, 1}, at::kBool, {2});
    Dev fo(std::vector<double>(2), at::kFloat, {2});
    ASSERT_EQ(RunPhases(FdivT(t.t, u.t, fo.t), aclnnFloorDivide), 0) << LastError();
    ExpectEqual(fo.Storage(), D({1, 0}));
    Dev r({5, -5}, at::kDouble, {2});
    Dev k({2}, at::kDouble, {1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceFloorDivideGetWorkspaceSize(r.t, k.t, ws, ex); },
                        aclnnInplaceFloorDivide),
              0)
        << LastError();
    ExpectEqual(r.Storage(), D({2, -3}));
    Dev q({5, -5}, at::kFloat, {2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceFloorDividesGetWorkspaceSize(q.t, two.s, ws, ex); },
                        aclnnInplaceFloorDivides),
              0)
        << LastError();
    ExpectEqual(q.Storage(), D({2, -3}));
}

TEST(ReferenceMathPointwiseFloorDivide, ChecksInCannOrder) {
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev f2(std::vector<double>(6), at::kFloat, {2, 3});
    Dev c64(std::vector<double>(3), at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
    Dev out(std::vector<double>(3), at::kFloat, {3});
    Dev short_out(std::vector<double>(2), at::kFloat, {2});
    Scalar s(2.0f);
    ExpectFails(FdivT(c64.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_COMPLEX64");
    ExpectFails(FdivT(f.t, f.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for y to have same size as [3], but got [2].");
    ExpectFails(FdivS(f.t, s.s, short_out.t), ACLNN_ERR_PARAM_INVALID, "Shape of out should be [3], but current is [2].");
    ExpectFails([&](uint64_t* ws,
                    aclOpExecutor** ex) { return aclnnInplaceFloorDivideGetWorkspaceSize(nullptr, f.t, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "Expected selfRef not to be null.");
    ExpectFails([&](uint64_t* ws,
                    aclOpExecutor** ex) { return aclnnInplaceFloorDivideGetWorkspaceSize(f.t, f2.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Expected shape of selfRef should be");
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend950);  // the 950 checks the promote type's casts
        ASSERT_TRUE(scope.ok());
        Dev f({1, 2, 3}, at::kFloat, {3});
        Dev i_out(std::vector<double>(3), at::kInt, {3});
        ExpectFails(FdivT(f.t, f.t, i_out.t), ACLNN_ERR_PARAM_INVALID,
                    "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    }
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910B);  // elsewhere out's dtype is not checked
        ASSERT_TRUE(scope.ok());
        Dev f({1.5, 2, 3}, at::kFloat, {3});
        Dev g({1, 1, 2}, at::kFloat, {3});
        Dev i_out(std::vector<double>(3), at::kInt, {3});
        ASSERT_EQ(RunPhases(FdivT(f.t, g.t, i_out.t), aclnnFloorDivide), 0) << LastError();
        ExpectEqual(i_out.Storage(), D({1, 2, 1}));
    }
}

// ================================================================================ LeftShift / RightShift

auto LshT(const aclTensor* s, const aclTensor* b, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLeftShiftGetWorkspaceSize(s, b, out, ws, ex); };
}
auto RshT(const aclTensor* s, const aclTensor* b, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnRightShiftGetWorkspaceSize(s, b, out, ws, ex); };
}

// In the promoted dtype; a shift outside [0, bits) gives 0 (left) or the sign fill (right).
TEST(ReferenceMathPointwiseShift, ValuesAndOutOfRangeShifts) {
    Dev a({1, 3, -1, 5}, at::kInt, {4});
    Dev b({2, 0, 4, 40}, at::kChar, {4});
    Dev out(std::vector<double>(4, 9), at::kLong, {4});
    ASSERT_EQ(RunPhases(LshT(a.t, b.t, out.t), aclnnLeftShift), 0) << LastError();
    ExpectEqual(out.Storage(), D({4, 3, -16, 0}));
    Dev c({-16, 16, -5, 5}, at::kChar, {4});
    Dev d({2, 2, 9, -1}, at::kChar, {4});
    Dev o8(std::vector<double>(4, 9), at::kChar, {4});
    ASSERT_EQ(RunPhases(RshT(c.t, d.t, o8.t), aclnnRightShift), 0) << LastError();
    ExpectEqual(o8.Storage(), D({-4, 4, -1, 0}));
    // broadcast: [2, 1] << [3]
    Dev e({1, 2}, at::kShort, {2, 1});
    Dev f({0, 1, 2}, at::kShort, {3});
    Dev o6(std::vector<double>(6), at::kShort, {2, 3});
    ASSERT_EQ(RunPhases(LshT(e.t, f.t, o6.t), aclnnLeftShift), 0) << LastError();
    ExpectEqual(o6.Storage(), D({1, 2, 4, 2, 4, 8}));
}

TEST(ReferenceMathPointwiseShift, ChecksInCannOrder) {
    Dev i({1, 2, 3}, at::kInt, {3});
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev out(std::vector<double>(3), at::kInt, {3});
    Dev f_out(std::vector<double>(3), at::kFloat, {3});
    Dev short_out(std::vector<double>(2), at::kInt, {2});
    Dev e(std::vector<double>{}, at::kInt, {0});
    ExpectFails(LshT(i.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument shiftBits.");
    ExpectFails(LshT(f.t, i.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_FLOAT, should be in dtype support list DT_INT8, DT_INT16, DT_INT32, "
                "DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64.");
    ExpectFails(RshT(i.t, i.t, f_out.t), ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_FLOAT");
    ExpectFails(LshT(i.t, i.t, short_out.t), ACLNN_ERR_PARAM_INVALID, "Shape of out should be [3], but current is [2].");
    ExpectFails(RshT(i.t, i.t, short_out.t), ACLNN_ERR_PARAM_INVALID, "Shape of out should be [3], but current is [2].");
    const int64_t dims[1] = {3}, strides[1] = {1};
    aclTensor* nz = aclCreateTensor(dims, 1, ACL_INT32, strides, 0, ACL_FORMAT_FRACTAL_NZ, dims, 1, out.buf.get());
    ExpectFails(LshT(i.t, nz, out.t), ACLNN_ERR_PARAM_INVALID, "Format only support ND");
    aclDestroyTensor(nz);
    Dev e_out(std::vector<double>{}, at::kInt, {0});
    Dev one({1}, at::kInt, {1});
    ExpectAccepted(LshT(e.t, one.t, e_out.t), aclnnLeftShift);  // [0] with [1]: nothing to run
}

// ================================================================================ Lerp / Lerps

auto LerpT(const aclTensor* s, const aclTensor* e, const aclTensor* w, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLerpGetWorkspaceSize(s, e, w, out, ws, ex); };
}
auto LerpS(const aclTensor* s, const aclTensor* e, const aclScalar* w, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLerpsGetWorkspaceSize(s, e, w, out, ws, ex); };
}

// self + weight * (end - self): weight broadcast along the rows; the scalar form into a DOUBLE out; in place.
TEST(ReferenceMathPointwiseLerp, ValuesAndInplace) {
    Dev s({0, 10, 2, 4}, at::kFloat, {2, 2});
    Dev e({10, 20, 4, 8}, at::kFloat, {2, 2});
    Dev w({0.5, 0.25}, at::kFloat, {2});
    Dev out(std::vector<double>(4), at::kFloat, {2, 2});
    ASSERT_EQ(RunPhases(LerpT(s.t, e.t, w.t, out.t), aclnnLerp), 0) << LastError();
    ExpectEqual(out.Storage(), D({5, 12.5, 3, 5}));
    Scalar q(0.25f);
    Dev d_out(std::vector<double>(4), at::kDouble, {2, 2});
    ASSERT_EQ(RunPhases(LerpS(s.t, e.t, q.s, d_out.t), aclnnLerps), 0) << LastError();
    ExpectEqual(d_out.Storage(), D({2.5, 12.5, 2.5, 5}));
    Dev r({1, 3}, at::kHalf, {2});
    Dev re({3, 7}, at::kHalf, {2});
    Dev rw({0.5, 0.5}, at::kHalf, {2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceLerpGetWorkspaceSize(r.t, re.t, rw.t, ws, ex); },
                        aclnnInplaceLerp),
              0)
        << LastError();
    ExpectEqual(r.Storage(), D({2, 5}));
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceLerpsGetWorkspaceSize(r.t, re.t, q.s, ws, ex); },
                        aclnnInplaceLerps),
              0)
        << LastError();
    ExpectEqual(r.Storage(), D({2.25, 5.5}));
}

TEST(ReferenceMathPointwiseLerp, ChecksInCannOrder) {
    aclcpu_test::ProfileScope scope(Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev f({1, 2, 3}, at::kFloat, {3});
    Dev h({1, 2, 3}, at::kHalf, {3});
    Dev bf({1, 2, 3}, at::kBFloat16, {3});
    Dev d({1, 2, 3}, at::kDouble, {3});
    Dev out(std::vector<double>(3), at::kFloat, {3});
    Dev short_out(std::vector<double>(2), at::kFloat, {2});
    Dev two(std::vector<double>(2), at::kFloat, {2});
    Dev bf_out(std::vector<double>(3), at::kBFloat16, {3});
    Scalar q(0.5f);
    ExpectFails(LerpT(f.t, f.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument weight.");
    ExpectFails(LerpT(bf.t, bf.t, bf.t, bf_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT16, DT_FLOAT.");
    ExpectFails(LerpT(f.t, h.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor end expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(LerpT(f.t, f.t, f.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Shape of out should be [3], but current is [2].");
    ExpectFails(LerpT(f.t, two.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID, "Shape of self and end can't broadcast.");
    ExpectFails(LerpT(f.t, f.t, two.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Shape of self, end and weight can't broadcast.");
    ExpectFails(LerpS(f.t, f.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type number for argument weight but instead found type null.");
    ExpectFails(LerpS(f.t, f.t, q.s, bf_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out not implemented for DT_BF16, should be in dtype support list DT_FLOAT16, DT_FLOAT, "
                "DT_DOUBLE.");
    ExpectAccepted(LerpS(f.t, f.t, q.s, d.t), aclnnLerps);
}

// ================================================================================ XLogY

auto XlyT(const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnXLogYTensorGetWorkspaceSize(s, o, out, ws, ex); };
}
auto XlyS(const aclScalar* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnXLogYScalarSelfGetWorkspaceSize(s, o, out, ws, ex); };
}
auto XlyO(const aclTensor* s, const aclScalar* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnXLogYScalarOtherGetWorkspaceSize(s, o, out, ws, ex); };
}

// x * log(y), 0 where x is 0 (even for y = 0 or NaN-free infinities); INT32 operands in FLOAT.
TEST(ReferenceMathPointwiseXLogY, ValuesAllForms) {
    Dev x({0, 2, 3, 0}, at::kInt, {4});
    Dev y({0, 1, 4, 5}, at::kInt, {4});
    Dev out(std::vector<double>(4), at::kDouble, {4});
    ASSERT_EQ(RunPhases(XlyT(x.t, y.t, out.t), aclnnXLogYTensor), 0) << LastError();
    ExpectClose(out.Storage(), D({0, 0, static_cast<double>(3 * std::log(4.0f)), 0}), 1e-6);
    Scalar two(2.0f);
    Dev yf({1, 2}, at::kFloat, {2});
    Dev o2(std::vector<double>(2), at::kFloat, {2});
    ASSERT_EQ(RunPhases(XlyS(two.s, yf.t, o2.t), aclnnXLogYScalarSelf), 0) << LastError();
    ExpectClose(o2.Storage(), D({0, static_cast<double>(2 * std::log(2.0f))}), 1e-6);
    Dev xf({0, 3}, at::kFloat, {2});
    ASSERT_EQ(RunPhases(XlyO(xf.t, two.s, o2.t), aclnnXLogYScalarOther), 0) << LastError();
    ExpectClose(o2.Storage(), D({0, static_cast<double>(3 * std::log(2.0f))}), 1e-6);
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceXLogYScalarOtherGetWorkspaceSize(xf.t, two.s, ws, ex); },
                        aclnnInplaceXLogYScalarOther),
              0)
        << LastError();
    ExpectClose(xf.Storage(), D({0, static_cast<double>(3 * std::log(2.0f))}), 1e-6);
    Dev r({1, 2}, at::kFloat, {2});
    Dev e({1, 1}, at::kFloat, {2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceXLogYTensorGetWorkspaceSize(r.t, e.t, ws, ex); },
                        aclnnInplaceXLogYTensor),
              0)
        << LastError();
    ExpectEqual(r.Storage(), D({0, 0}));
}

TEST(ReferenceMathPointwiseXLogY, ChecksInCannOrder) {
    aclcpu_test::ProfileScope scope(Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev f({1, 2}, at::kFloat, {2});
    Dev d({1, 2}, at::kDouble, {2});
    Dev out(std::vector<double>(2), at::kFloat, {2});
    Dev i_out(std::vector<double>(2), at::kInt, {2});
    Dev short_out(std::vector<double>(3), at::kFloat, {3});
    Scalar two(2.0f);
    const double dv = 2.0;
    Scalar sd(&dv, ACL_DOUBLE);
    ExpectFails(XlyT(d.t, f.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_INT32, "
                "DT_INT64, DT_FLOAT16, DT_INT8, DT_UINT8, DT_BOOL, DT_INT16, DT_BF16.");
    ExpectFails(XlyT(f.t, f.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [2], but got [3].");
    ExpectAccepted(XlyT(f.t, f.t, i_out.t), aclnnXLogYTensor);  // out's dtype is not checked
    ExpectFails(XlyS(nullptr, f.t, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type number for argument self but instead found type null.");
    ExpectFails(XlyS(two.s, f.t, i_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(XlyO(f.t, two.s, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as tensor for self, but [3] does not equal [2].");
    ExpectAccepted(XlyO(f.t, sd.s, out.t), aclnnXLogYScalarOther);  // a DOUBLE scalar is in the scalar's list
}

// ================================================================================ PowTensorTensor

auto PowT(const aclTensor* s, const aclTensor* e, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnPowTensorTensorGetWorkspaceSize(s, e, out, ws, ex); };
}

// INT32 ** INT32 stays integral; a FLOAT exponent promotes to FLOAT; in place.
TEST(ReferenceMathPointwisePow, ValuesAndChecks) {
    Dev a({2, 3, -2}, at::kInt, {3});
    Dev b({10, 3, 3}, at::kInt, {3});
    Dev out(std::vector<double>(3), at::kLong, {3});
    ASSERT_EQ(RunPhases(PowT(a.t, b.t, out.t), aclnnPowTensorTensor), 0) << LastError();
    ExpectEqual(out.Storage(), D({1024, 27, -8}));
    Dev h({0.5}, at::kFloat, {1});
    Dev fo(std::vector<double>(3), at::kFloat, {3});
    ASSERT_EQ(RunPhases(PowT(a.t, h.t, fo.t), aclnnPowTensorTensor), 0) << LastError();
    const at::Tensor got = fo.Storage();
    EXPECT_NEAR(got[0].item<double>(), static_cast<double>(std::sqrt(2.0f)), 1e-6);
    EXPECT_TRUE(std::isnan(got[2].item<double>()));
    Dev r({2, 4}, at::kFloat, {2});
    Dev k({2}, at::kFloat, {1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplacePowTensorTensorGetWorkspaceSize(r.t, k.t, ws, ex); },
                        aclnnInplacePowTensorTensor),
              0)
        << LastError();
    ExpectEqual(r.Storage(), D({4, 16}));
    Dev t({1, 0}, at::kBool, {2});
    Dev b_out(std::vector<double>(2), at::kBool, {2});
    Dev short_out(std::vector<double>(2), at::kFloat, {2});
    ExpectFails(PowT(t.t, t.t, b_out.t), ACLNN_ERR_PARAM_INVALID, "Self and exponent dtype are bool is not supported.");
    ExpectFails(PowT(a.t, h.t, b_out.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_BOOL.");
    ExpectFails(PowT(a.t, h.t, short_out.t), ACLNN_ERR_PARAM_INVALID, "Shape of out should be [3], but current is [2].");
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        Dev bf({1, 2}, at::kBFloat16, {2});
        Dev o(std::vector<double>(2), at::kFloat, {2});
        ExpectFails(PowT(bf.t, bf.t, o.t), ACLNN_ERR_PARAM_INVALID,
                    "Input dtype of pow is not support bfloat16 in current socversion.");
    }
}

// ================================================================================ IsClose

// |a - b| <= atol + rtol * |b|; NaN pairs equal only with equalNan; the tolerances as float32.
TEST(ReferenceMathPointwiseIsClose, TolerancesAndNan) {
    Dev a({1, 1, NAN, 100}, at::kFloat, {4});
    Dev b({1.05, 1.2, NAN, 101}, at::kFloat, {4});
    Dev out(std::vector<double>(4, 1), at::kBool, {4});
    auto call = [&](double rtol, double atol, bool nan) {
        return [=, &a, &b, &out](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnIsCloseGetWorkspaceSize(a.t, b.t, rtol, atol, nan, out.t, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(call(0.0, 0.1, false), aclnnIsClose), 0) << LastError();
    ExpectEqual(out.Storage(), D({1, 0, 0, 0}));
    ASSERT_EQ(RunPhases(call(0.01, 0.0, true), aclnnIsClose), 0) << LastError();
    ExpectEqual(out.Storage(), D({0, 0, 1, 1}));
    Dev i({1, 2}, at::kInt, {2});
    Dev f({1, 2}, at::kFloat, {2});
    Dev short_out(std::vector<double>(3), at::kBool, {3});
    ExpectFails([&](uint64_t* ws,
                    aclOpExecutor** ex) { return aclnnIsCloseGetWorkspaceSize(i.t, f.t, 0.0, 0.0, false, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor self expected dtype is DT_FLOAT but found DT_INT32.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnIsCloseGetWorkspaceSize(f.t, f.t, 0.0, 0.0, false, short_out.t, ws, ex);
    },
                ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as [2], but got [3].");
}

// ================================================================================ SWhere

auto WhereT(const aclTensor* c, const aclTensor* s, const aclTensor* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSWhereGetWorkspaceSize(c, s, o, out, ws, ex); };
}

// A UINT8 condition [2, 1] against self [3] and other [2, 3]: promoted to FLOAT, written into DOUBLE.
TEST(ReferenceMathPointwiseSWhere, SelectsWithBroadcast) {
    Dev c({1, 0}, at::kByte, {2, 1});
    Dev s({1, 2, 3}, at::kInt, {3});
    Dev o({10, 20, 30, 40, 50, 60}, at::kFloat, {2, 3});
    Dev out(std::vector<double>(6), at::kDouble, {2, 3});
    ASSERT_EQ(RunPhases(WhereT(c.t, s.t, o.t, out.t), aclnnSWhere), 0) << LastError();
    ExpectEqual(out.Storage(), D({1, 2, 3, 40, 50, 60}));
    Dev f_cond({1, 0}, at::kFloat, {2});
    Dev two({1, 2}, at::kFloat, {2});
    Dev three({1, 2, 3}, at::kFloat, {3});
    Dev o2(std::vector<double>(2), at::kFloat, {2});
    ExpectFails(WhereT(c.t, nullptr, o.t, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument t0.");
    ExpectFails(WhereT(f_cond.t, two.t, two.t, o2.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor condition not implemented for DT_FLOAT, should be in dtype support list DT_BOOL, DT_UINT8.");
    ExpectFails(WhereT(c.t, three.t, three.t, o2.t), ACLNN_ERR_PARAM_INVALID,
                "Shape of out should be [2,3], but current is [2].");
    Dev c3({1, 0, 1}, at::kBool, {3});
    ExpectFails(WhereT(c3.t, two.t, two.t, o2.t), ACLNN_ERR_PARAM_INVALID,
                "Shape of self other and condition can't broadcast.");
}

// ================================================================================ Real

auto RealT(const aclTensor* s, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnRealGetWorkspaceSize(s, out, ws, ex); };
}

// COMPLEX64 storage (re, im pairs) viewed as 3 complex numbers: the real parts into FLOAT.
TEST(ReferenceMathPointwiseReal, RealPartsAndPairs) {
    // three COMPLEX64 values (1.5 + 9i, -2 + 8i, 0.25 + 7i), each float pair's bits carried by one DOUBLE element
    auto pack = [](float re, float im) {
        uint32_t r = 0, i = 0;
        std::memcpy(&r, &re, 4);
        std::memcpy(&i, &im, 4);
        const uint64_t bits = (static_cast<uint64_t>(i) << 32) | r;
        double d = 0;
        std::memcpy(&d, &bits, 8);
        return d;
    };
    Dev c({pack(1.5f, 9), pack(-2, 8), pack(0.25f, 7)}, at::kDouble, {3}, {}, 0, ACL_COMPLEX64);
    Dev out(std::vector<double>(3), at::kFloat, {3});
    ASSERT_EQ(RunPhases(RealT(c.t, out.t), aclnnReal), 0) << LastError();
    ExpectEqual(out.Storage(), D({1.5, -2, 0.25}));
    Dev h({1, 2}, at::kHalf, {2});
    Dev ho(std::vector<double>(2), at::kHalf, {2});
    ASSERT_EQ(RunPhases(RealT(h.t, ho.t), aclnnReal), 0) << LastError();
    ExpectEqual(ho.Storage(), D({1, 2}));
    Dev d_out(std::vector<double>(3), at::kDouble, {3});
    ExpectFails(RealT(c.t, d_out.t), ACLNN_ERR_PARAM_INVALID,
                "when dtype of input is [DT_COMPLEX64] output is [DT_DOUBLE],the param is invalid.");
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910);  // the complex dtypes only
        ASSERT_TRUE(scope.ok());
        Dev f({1, 2}, at::kFloat, {2});
        Dev fo(std::vector<double>(2), at::kFloat, {2});
        ExpectFails(RealT(f.t, fo.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_FLOAT, should be in dtype support list DT_COMPLEX64, "
                    "DT_COMPLEX128.");
    }
}

// ================================================================================ FmodScalar

auto FmodS(const aclTensor* s, const aclScalar* o, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnFmodScalarGetWorkspaceSize(s, o, out, ws, ex); };
}

// self's sign; an INT32 self against 1.5 in FLOAT; in place; the promote type's list.
TEST(ReferenceMathPointwiseFmod, ScalarForm) {
    aclcpu_test::ProfileScope scope(Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev a({-7, 7, 5}, at::kInt, {3});
    Scalar h(1.5f);
    Dev out(std::vector<double>(3), at::kFloat, {3});
    ASSERT_EQ(RunPhases(FmodS(a.t, h.s, out.t), aclnnFmodScalar), 0) << LastError();
    ExpectEqual(out.Storage(), D({-1, 1, 0.5}));
    Dev r({-7.5, 7.5}, at::kFloat, {2});
    Scalar two(2.0f);
    ASSERT_EQ(RunPhases([&](uint64_t* ws,
                            aclOpExecutor** ex) { return aclnnInplaceFmodScalarGetWorkspaceSize(r.t, two.s, ws, ex); },
                        aclnnInplaceFmodScalar),
              0)
        << LastError();
    ExpectEqual(r.Storage(), D({-1.5, 1.5}));
    Dev i8({1, 2}, at::kChar, {2});
    Dev i8_out(std::vector<double>(2), at::kChar, {2});
    Dev short_out(std::vector<double>(2), at::kFloat, {2});
    const int16_t two16 = 2;
    Scalar s16(&two16, ACL_INT16);
    ExpectFails(FmodS(i8.t, s16.s, i8_out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor other not implemented for DT_INT16, should be in dtype support list DT_FLOAT, DT_INT32, "
                "DT_INT8, DT_FLOAT16, DT_UINT8, DT_DOUBLE, DT_INT64, DT_BF16.");
    const uint8_t two8 = 2;
    Scalar su8(&two8, ACL_UINT8);
    ExpectFails(FmodS(i8.t, su8.s, i8_out.t), ACLNN_ERR_PARAM_INVALID,
                "Self dtype DT_INT8 and other dtype DT_UINT8 need promote dtype to DT_INT16, but now not support "
                "promote dtype DT_INT16.");
    ExpectFails(FmodS(a.t, h.s, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [3], but got [2].");
}

// ================================================================================ Xlog1py

int Xlog1py(const aclTensor* x, const aclTensor* y, const aclTensor* z) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnXlog1pyGetWorkspaceSize(x, y, z, ws, ex); },
                     aclnnXlog1py);
}

// x * log1p(y) with broadcasting; 0 where x is 0 (y not NaN); NaN y propagates
TEST(ReferenceMathXlog1py, ValuesAndBroadcast) {
    const double nan = std::nan("");
    Dev x({0, 2, 0, -1}, at::kFloat, {2, 2});
    Dev y({3, nan}, at::kFloat, {2});
    Dev z({9, 9, 9, 9}, at::kFloat, {2, 2});
    ASSERT_EQ(Xlog1py(x.t, y.t, z.t), 0) << LastError();
    const std::vector<double> v = z.Values();
    EXPECT_EQ(v[0], 0.0);
    EXPECT_TRUE(std::isnan(v[1]));
    EXPECT_EQ(v[2], 0.0);
    EXPECT_TRUE(std::isnan(v[3]));
    Dev hx({1, 2, 3}, at::kHalf, {3});
    Dev hy({0.5, 1, 2}, at::kHalf, {3});
    Dev hz({0, 0, 0}, at::kHalf, {3});
    ASSERT_EQ(Xlog1py(hx.t, hy.t, hz.t), 0) << LastError();
    const at::Tensor want = at::special_xlog1py(at::tensor({1.0, 2.0, 3.0}), at::tensor({0.5, 1.0, 2.0}))
                                .to(at::kFloat).to(at::kHalf).to(at::kDouble);
    EXPECT_TRUE(at::equal(hz.Storage(), want)) << hz.Storage();
}

TEST(ReferenceMathXlog1py, ChecksInOrder) {
    Dev x({1, 2}, at::kFloat, {2});
    Dev y({1, 2}, at::kFloat, {2});
    Dev hy({1, 2}, at::kHalf, {2});
    Dev hz({0, 0}, at::kHalf, {2});
    Dev z({0, 0}, at::kFloat, {2});
    Dev ix({1, 2}, at::kInt, {2});
    Dev iy({1, 2}, at::kInt, {2});
    Dev iz({1, 2}, at::kInt, {2});
    Dev wide({0, 0, 0}, at::kFloat, {3});
    auto call = [](const aclTensor* a, const aclTensor* b, const aclTensor* c) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnXlog1pyGetWorkspaceSize(a, b, c, ws, ex); };
    };
    ExpectFails(call(x.t, nullptr, z.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [y] but instead found nullptr.");
    ExpectFails(call(x.t, hy.t, z.t), ACLNN_ERR_PARAM_INVALID, "Tensor x expected dtype is DT_FLOAT16 but found DT_FLOAT.");
    ExpectFails(call(x.t, y.t, hz.t), ACLNN_ERR_PARAM_INVALID, "Tensor z expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(call(ix.t, iy.t, iz.t), ACLNN_ERR_PARAM_INVALID,
                "Dtype not supported: dtype=3. Supported: FLOAT, FLOAT16, BF16.");
    ExpectFails(call(x.t, y.t, wide.t), ACLNN_ERR_PARAM_INVALID, "Expected tensor for z to have same size as [2], but got [3].");
}

// ================================================================================ KlDiv

int KlDiv(const aclTensor* self, const aclTensor* target, int64_t reduction, bool logTarget, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnKlDivGetWorkspaceSize(self, target, reduction, logTarget, out, ws, ex);
        },
        aclnnKlDiv);
}

// every reduction (none, mean, sum, batchmean) and logTarget against ATen's kl_div; target 0 gives 0 (xlogy)
TEST(ReferenceMathKlDiv, ReductionsAndLogTarget) {
    const std::vector<double> sv = {-1.2, -0.3, -2.0, -0.7, -1.0, -0.1};
    const std::vector<double> tv = {0.2, 0.0, 0.5, 0.1, 0.3, 0.9};
    Dev self(sv, at::kFloat, {2, 3});
    Dev target(tv, at::kFloat, {2, 3});
    const at::Tensor s = at::tensor(sv, at::kDouble).view({2, 3});
    const at::Tensor t = at::tensor(tv, at::kDouble).view({2, 3});
    Dev none(std::vector<double>(6, 9), at::kFloat, {2, 3});
    ASSERT_EQ(KlDiv(self.t, target.t, 0, false, none.t), 0) << LastError();
    EXPECT_TRUE(at::allclose(none.Storage().view({2, 3}), at::kl_div(s, t, at::Reduction::None, false), 1e-6, 1e-6));
    EXPECT_EQ(none.Values()[1], 0.0);
    const double sum = at::kl_div(s, t, at::Reduction::Sum, false).item<double>();
    Dev mean({9}, at::kFloat, {});
    ASSERT_EQ(KlDiv(self.t, target.t, 1, false, mean.t), 0) << LastError();
    EXPECT_NEAR(mean.Values()[0], sum / 6, 1e-6);
    Dev total({9}, at::kFloat, {1});
    ASSERT_EQ(KlDiv(self.t, target.t, 2, false, total.t), 0) << LastError();
    EXPECT_NEAR(total.Values()[0], sum, 1e-6);
    Dev batch({9}, at::kFloat, {});
    ASSERT_EQ(KlDiv(self.t, target.t, 3, false, batch.t), 0) << LastError();
    EXPECT_NEAR(batch.Values()[0], sum / 2, 1e-6);
    Dev logt({9}, at::kFloat, {});
    ASSERT_EQ(KlDiv(self.t, self.t, 2, true, logt.t), 0) << LastError();
    EXPECT_NEAR(logt.Values()[0], 0.0, 1e-7);
    Dev logt2({9}, at::kFloat, {});
    ASSERT_EQ(KlDiv(target.t, self.t, 2, true, logt2.t), 0) << LastError();
    EXPECT_NEAR(logt2.Values()[0], at::kl_div(t, s, at::Reduction::Sum, true).item<double>(), 1e-6);
    // an empty input: mean NaN, sum 0
    Dev e(std::vector<double>{}, at::kFloat, {0, 3});
    Dev emean({9}, at::kFloat, {});
    ASSERT_EQ(KlDiv(e.t, e.t, 1, false, emean.t), 0) << LastError();
    EXPECT_TRUE(std::isnan(emean.Values()[0]));
    Dev esum({9}, at::kFloat, {});
    ASSERT_EQ(KlDiv(e.t, e.t, 2, false, esum.t), 0) << LastError();
    EXPECT_EQ(esum.Values()[0], 0.0);
}

TEST(ReferenceMathKlDiv, ChecksInOrder) {
    Dev self({1, 2, 3, 4, 5, 6}, at::kFloat, {2, 3});
    Dev ints({1, 2, 3, 4, 5, 6}, at::kInt, {2, 3});
    Dev other({1, 2}, at::kFloat, {2});
    Dev out(std::vector<double>(6, 0), at::kFloat, {2, 3});
    Dev scalar_out({0}, at::kFloat, {});
    Dev two({0, 0}, at::kFloat, {2});
    auto call = [](const aclTensor* s, const aclTensor* t, int64_t r, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnKlDivGetWorkspaceSize(s, t, r, false, o, ws, ex); };
    };
    ExpectFails(call(self.t, nullptr, 0, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [target] but instead found nullptr.");
    ExpectFails(call(ints.t, self.t, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(call(self.t, self.t, 4, out.t), ACLNN_ERR_PARAM_INVALID,
                "Invalid reduction value: 4. Allowed values are 0 (None), 1 (Mean), 2 (Sum), 3 (Batchmean).");
    ExpectFails(call(self.t, other.t, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "The size of tensor self [2,3] must match the size of tensor target [2].");
    ExpectFails(call(self.t, self.t, 0, scalar_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [2,3], but got [].");
    ExpectFails(call(self.t, self.t, 1, two.t), ACLNN_ERR_PARAM_INVALID,
                "The out tensor's shape[[2]] is not equal with inferOut shape[[]].");
}

// ================================================================================ OneHot

int OneHot(const aclTensor* self, int n, const aclTensor* on, const aclTensor* off, int64_t axis, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnOneHotGetWorkspaceSize(self, n, on, off, axis, out, ws, ex); },
        aclnnOneHot);
}

// the classes last (axis -1) or first (axis 0); an index outside [0, numClasses) gives offValue everywhere
TEST(ReferenceMathOneHot, AxisAndOutOfRange) {
    Dev self({0, 2, 5, -1}, at::kLong, {4});
    Dev on({7}, at::kFloat, {1});
    Dev off({-1}, at::kFloat, {1});
    Dev last(std::vector<double>(12, 9), at::kFloat, {4, 3});
    ASSERT_EQ(OneHot(self.t, 3, on.t, off.t, -1, last.t), 0) << LastError();
    EXPECT_EQ(last.Values(), (std::vector<double>{7, -1, -1, -1, -1, 7, -1, -1, -1, -1, -1, -1}));
    Dev first(std::vector<double>(12, 9), at::kFloat, {3, 4});
    ASSERT_EQ(OneHot(self.t, 3, on.t, off.t, 0, first.t), 0) << LastError();
    EXPECT_EQ(first.Values(), (std::vector<double>{7, -1, -1, -1, -1, -1, -1, -1, -1, 7, -1, -1}));
}

TEST(ReferenceMathOneHot, Checks) {
    Dev self({0, 1}, at::kLong, {2});
    Dev fself({0, 1}, at::kFloat, {2});
    Dev on({1}, at::kFloat, {1});
    Dev ion({1}, at::kInt, {1});
    Dev off({0}, at::kFloat, {1});
    Dev out(std::vector<double>(6, 0), at::kFloat, {2, 3});
    Dev bad(std::vector<double>(6, 0), at::kFloat, {3, 2});
    auto call = [](const aclTensor* s, int n, const aclTensor* a, const aclTensor* b, int64_t ax, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnOneHotGetWorkspaceSize(s, n, a, b, ax, o, ws, ex); };
    };
    ExpectFails(call(self.t, 3, nullptr, off.t, -1, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [onValue] but instead found nullptr.");
    ExpectFails(call(fself.t, 3, on.t, off.t, -1, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_FLOAT, should be in dtype support list DT_INT32, DT_INT64, DT_UINT8.");
    ExpectFails(call(self.t, 3, ion.t, off.t, -1, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor onValue expected dtype is DT_FLOAT but found DT_INT32.");
    ExpectFails(call(self.t, -1, on.t, off.t, -1, out.t), ACLNN_ERR_PARAM_INVALID,
                "NumClasses should be greater and equal than 0, but got -1.");
    ExpectFails(call(self.t, 3, on.t, off.t, -2, out.t), ACLNN_ERR_PARAM_INVALID,
                "The axis should be greater and equal than -1, but got -2.");
    ExpectFails(call(self.t, 3, on.t, off.t, 2, out.t), ACLNN_ERR_PARAM_INVALID,
                "The axis should be lower and equal than 1, but got 2.");
    ExpectFails(call(self.t, 3, on.t, off.t, -1, bad.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [2,3], but got [3,2].");
}

// ================================================================================ PowTensorScalar / PowScalarTensor

// values against ATen's pow; an INT32 base with a FLOAT exponent computes in FLOAT; in place; the scalar base
TEST(ReferenceMathPow, TensorScalarAndScalarTensor) {
    Dev self({1, 2, 3, 4}, at::kFloat, {2, 2}, {1, 2});  // transposed: [[1, 3], [2, 4]]
    Scalar e2(2.0f), half(0.5f), e3(3.0f);
    Dev out({0, 0, 0, 0}, at::kFloat, {2, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnPowTensorScalarGetWorkspaceSize(self.t, e2.s, out.t, ws, ex);
              },
                        aclnnPowTensorScalar),
              0)
        << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1, 9, 4, 16}));
    Dev ints({4, 9}, at::kInt, {2});
    Dev fout({0, 0}, at::kFloat, {2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnPowTensorScalarGetWorkspaceSize(ints.t, half.s, fout.t, ws, ex);
              },
                        aclnnPowTensorScalar),
              0)
        << LastError();
    EXPECT_EQ(fout.Values(), (std::vector<double>{2, 3}));
    Dev inplace({2, -1}, at::kFloat, {2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnInplacePowTensorScalarGetWorkspaceSize(inplace.t, e3.s, ws, ex);
              },
                        aclnnInplacePowTensorScalar),
              0)
        << LastError();
    EXPECT_EQ(inplace.Values(), (std::vector<double>{8, -1}));
    Dev exps({0, 1, 3}, at::kInt, {3});
    Dev sout({0, 0, 0}, at::kFloat, {3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnPowScalarTensorGetWorkspaceSize(e2.s, exps.t, sout.t, ws, ex);
              },
                        aclnnPowScalarTensor),
              0)
        << LastError();
    EXPECT_EQ(sout.Values(), (std::vector<double>{1, 2, 8}));
}

TEST(ReferenceMathPow, Checks) {
    Dev self({1, 2}, at::kFloat, {2});
    Dev b({1, 0}, at::kBool, {2});
    Dev out({0, 0}, at::kFloat, {2});
    Dev iout({0, 0}, at::kInt, {2});
    Dev wide({0, 0, 0}, at::kFloat, {3});
    Scalar e2(2.0f);
    const bool t = true;
    Scalar bt(&t, ACL_BOOL);
    auto pts = [](const aclTensor* s, const aclScalar* e, const aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnPowTensorScalarGetWorkspaceSize(s, e, o, ws, ex); };
    };
    ExpectFails(pts(self.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclScalar] for argument [exponent] but instead found nullptr.");
    ExpectFails(pts(self.t, e2.s, iout.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(pts(b.t, bt.s, out.t), ACLNN_ERR_PARAM_INVALID, "Self and exponent dtype are bool is not supported.");
    ExpectFails(pts(self.t, e2.s, wide.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [2] does not equal [3].");
}

TEST(ReferenceMathPow, Bf16AndAscend950Exponent) {
    {
        aclcpu_test::ProfileScope scope(Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev bf({1, 2}, at::kBFloat16, {2});
        Dev out({0, 0}, at::kBFloat16, {2});
        Scalar e2(2.0f);
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                        return aclnnPowTensorScalarGetWorkspaceSize(bf.t, e2.s, out.t, ws, ex);
                    },
                    ACLNN_ERR_PARAM_INVALID, "Input dtype of pow is not support bfloat16 in current socversion.");
    }
    aclcpu_test::ProfileScope scope(Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    Dev ints({1, 2}, at::kInt, {2});
    Dev iout({0, 0}, at::kInt, {2});
    const int32_t m1 = -1;
    Scalar neg(&m1, ACL_INT32);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnPowTensorScalarGetWorkspaceSize(ints.t, neg.s, iout.t, ws, ex);
                },
                ACLNN_ERR_PARAM_INVALID, "Base dtype is intergal and exponent negative integers is not allowed.");
    Dev h({1, 2}, at::kHalf, {2});
    Dev hout({0, 0}, at::kHalf, {2});
    Scalar big(1e6f);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnPowTensorScalarGetWorkspaceSize(h.t, big.s, hout.t, ws, ex);
                },
                ACLNN_ERR_PARAM_INVALID, "exponent value cannot be converted to promote type DT_FLOAT16 without overflow");
}

// ================================================================================ IsInScalarTensor / IsInTensorScalar

TEST(ReferenceMathIsIn, ScalarTensorAndTensorScalar) {
    Dev test({1, 2.5, 4}, at::kFloat, {3});
    Dev out({0}, at::kBool, {});
    auto st = [&](const aclScalar* e, const aclTensor* t, bool invert) {
        return RunPhases(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnIsInScalarTensorGetWorkspaceSize(e, t, false, invert, out.t, ws, ex);
            },
            aclnnIsInScalarTensor);
    };
    Scalar hit(2.5f), miss(3.0f), nan(std::nanf(""));
    ASSERT_EQ(st(hit.s, test.t, false), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1}));
    ASSERT_EQ(st(miss.s, test.t, false), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{0}));
    ASSERT_EQ(st(hit.s, test.t, true), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{0}));
    ASSERT_EQ(st(nan.s, test.t, true), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1}));
    // an integral testElements with a floating element compares in FLOAT: 2.5 matches no INT32 2
    Dev ints({1, 2, 3}, at::kInt, {3});
    ASSERT_EQ(st(hit.s, ints.t, false), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{0}));
    Dev elem({1, 2.5, 2.5, 0}, at::kFloat, {2, 2});
    Dev bout({0, 0, 0, 0}, at::kBool, {2, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnIsInTensorScalarGetWorkspaceSize(elem.t, hit.s, false, true, bout.t, ws, ex);
              },
                        aclnnIsInTensorScalar),
              0)
        << LastError();
    EXPECT_EQ(bout.Values(), (std::vector<double>{1, 0, 0, 1}));
}

TEST(ReferenceMathIsIn, Checks) {
    Dev test({1, 2}, at::kFloat, {2});
    Dev b({1, 0}, at::kBool, {2});
    Dev out({0}, at::kBool, {});
    Dev fout({0}, at::kFloat, {});
    Dev vout({0, 0}, at::kBool, {2});
    Scalar e(1.0f);
    auto st = [](const aclScalar* el, const aclTensor* t, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnIsInScalarTensorGetWorkspaceSize(el, t, false, false, o, ws, ex);
        };
    };
    ExpectFails(st(nullptr, test.t, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclScalar] for argument [element] but instead found nullptr.");
    ExpectFails(st(e.s, b.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor testElements not implemented for DT_BOOL");
    ExpectFails(st(e.s, test.t, fout.t), ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_BOOL but found DT_FLOAT.");
    ExpectFails(st(e.s, test.t, vout.t), ACLNN_ERR_PARAM_INVALID, "Expected 0 dimension input, but got out with sizes [2].");
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnIsInTensorScalarGetWorkspaceSize(test.t, e.s, false, false, out.t, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as tensor for element, but [] does not equal [2].");
}

// ================================================================================ Scale

TEST(ReferenceMathScale, AxisBiasAndChecks) {
    Dev x({1, 2, 3, 4, 5, 6, 7, 8}, at::kFloat, {4, 2});
    Dev scale({1, 2, 3, 4}, at::kFloat, {4});
    Dev bias({10, 20, 30, 40}, at::kFloat, {4});
    Dev y(std::vector<double>(8, 0), at::kFloat, {4, 2});
    auto call = [&](const aclTensor* b, int64_t axis, int64_t num, bool blob, aclTensor* out) {
        return RunPhases(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnScaleGetWorkspaceSize(x.t, scale.t, b, axis, num, blob, out, ws, ex);
            },
            aclnnScale);
    };
    ASSERT_EQ(call(bias.t, 0, 1, true, y.t), 0) << LastError();
    EXPECT_EQ(y.Values(), (std::vector<double>{11, 12, 26, 28, 45, 48, 68, 72}));
    ASSERT_EQ(call(nullptr, 0, 1, false, y.t), 0) << LastError();
    EXPECT_EQ(y.Values(), (std::vector<double>{1, 2, 6, 8, 15, 18, 28, 32}));
    auto fails = [&](const aclTensor* s, const aclTensor* b, int64_t axis, int64_t num, bool blob, aclTensor* out,
                     const char* msg) {
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                        return aclnnScaleGetWorkspaceSize(x.t, s, b, axis, num, blob, out, ws, ex);
                    },
                    ACLNN_ERR_PARAM_INVALID, msg);
    };
    Dev two({1, 2}, at::kFloat, {2});
    Dev hy(std::vector<double>(8, 0), at::kHalf, {4, 2});
    fails(scale.t, nullptr, 0, 1, true, hy.t, "Expected both tensors to have same dtype, but found x DT_FLOAT and out DT_FLOAT16.");
    fails(scale.t, two.t, 0, 1, true, y.t, "Expected tensor for bias to have same size as tensor for scale, but [2] does not equal [4].");
    fails(scale.t, nullptr, 2, 1, true, y.t, "axis must be within the range of [-2, 2), but it is 2.");
    fails(scale.t, nullptr, 0, -2, true, y.t, "numAxes must be >= -1, but it is -2.");
    fails(scale.t, nullptr, 0, 0, true, y.t, "when num_axes is 0, scale must have one num, but shape is [4].");
    fails(two.t, nullptr, 0, 1, true, y.t, "the scale must be [4], when x is [4,2] and attr[axis(0), numAxes(1)], but get [2].");
    fails(scale.t, nullptr, 1, 1, false, y.t, "the scale shape([4]) must be the same with x shape([4,2]) from axis dim(1).");
}

TEST(ReferenceMathScale, RefusedOnAscend910) {
    aclcpu_test::ProfileScope scope(Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev x({1, 2}, at::kFloat, {2});
    Dev s({2}, at::kFloat, {1});
    Dev y({0, 0}, at::kFloat, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnScaleGetWorkspaceSize(x.t, s.t, nullptr, 0, 0, true, y.t, ws, ex);
                },
                ACLNN_ERR_PARAM_INVALID, "Tensor x not implemented for DT_FLOAT");
}

// ================================================================================ SignBitsPack / SignBitsUnpack

// pack: bit = x < 0, the first element the most significant bit, the last byte padded with 1 bits; unpack: the
// least significant bit first, +1 / -1
TEST(ReferenceMathSignBits, PackUnpackAndChecks) {
    Dev x({-1, 2, -3, 0, 5, -6, 7, 8, -9}, at::kFloat, {9});
    Dev packed({0, 0}, at::kByte, {2, 1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSignBitsPackGetWorkspaceSize(x.t, 2, packed.t, ws, ex); },
                        aclnnSignBitsPack),
              0)
        << LastError();
    EXPECT_EQ(packed.Values(), (std::vector<double>{164, 255}));
    Dev bytes({5}, at::kByte, {1});
    Dev un(std::vector<double>(8, 0), at::kFloat, {1, 8});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnSignBitsUnpackGetWorkspaceSize(bytes.t, 1, ACL_FLOAT, un.t, ws, ex);
              },
                        aclnnSignBitsUnpack),
              0)
        << LastError();
    EXPECT_EQ(un.Values(), (std::vector<double>{1, -1, 1, -1, -1, -1, -1, -1}));
    Dev bad({0, 0}, at::kByte, {1, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSignBitsPackGetWorkspaceSize(x.t, 2, bad.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "The value of the first dimension of 'out' is incorrect and should be equal to size.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSignBitsPackGetWorkspaceSize(x.t, 0, packed.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "size value must bigger than zero.");
    Dev x16(std::vector<double>(24, 1), at::kFloat, {24});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSignBitsPackGetWorkspaceSize(x16.t, 2, packed.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "The number of packed bytes 3 cannot be divided by size 2.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnSignBitsUnpackGetWorkspaceSize(bytes.t, 1, ACL_FLOAT16, un.t, ws, ex);
                },
                ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_FLOAT16 but found DT_FLOAT.");
}

TEST(ReferenceMathSignBits, RefusedOnAscend910) {
    aclcpu_test::ProfileScope scope(Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev x({1, 2}, at::kFloat, {2});
    Dev out({0}, at::kByte, {1, 1});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSignBitsPackGetWorkspaceSize(x.t, 1, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "SignBitsPack is unsupported by the current SOC version");
}

}  // namespace math_pointwise_reference_test
