// The reference formulas' helpers of ops-math's element-wise unary operators (ops/families/math_unary.yaml;
// docs/ops/math_unary.md). Included at the end of reference/aten_formulas.h (through the generated
// reference/family_formulas.inc). Each helper names the op_api casts it follows (hicann/ops-math at c4193324,
// math/<op>/op_api/aclnn_<op>.cpp); the writer then casts the result to out's dtype (round to nearest even).
#pragma once

#include <ATen/ATen.h>

namespace aclcpu {
namespace ref {

/// The op_api pattern of most of ops-math's floating unary operators (aclnn_cos.cpp NEED_CAST_DTYPE_LIST,
/// aclnn_sin.cpp / aclnn_acos.cpp / aclnn_atan.cpp / aclnn_reciprocal.cpp "not in the out list -> FLOAT",
/// aclnn_exp.cpp / aclnn_erf.cpp "BOOL or INT64 -> FLOAT", aclnn_tan.cpp / aclnn_tanh.cpp / aclnn_cosh.cpp /
/// aclnn_expm1.cpp "integral or BOOL -> FLOAT", l0op::Log's "not floating or complex -> a FLOAT result"): an
/// integral or BOOL self is cast to FLOAT first, a floating or complex self is computed in its own dtype; FLOAT16
/// and BF16 are widened to FLOAT for ATen's function and rounded back once (the kernels compute them in FLOAT;
/// ATen 1.13's CPU lacks several of these functions in FLOAT16).
inline at::Tensor UnaryFloat(const at::Tensor& self, at::Tensor (*f)(const at::Tensor&)) {
    const at::ScalarType s = self.scalar_type();
    if (!at::isFloatingType(s) && !at::isComplexType(s)) return f(self.to(at::kFloat));
    return f(Widened(self)).to(s);
}

/// aclnn_log1p.cpp, aclnn_sinh.cpp, aclnn_rsqrt.cpp: a self outside the out list (an integral or BOOL self) is
/// cast to out's dtype first (castDtype = out->GetDataType()), a floating or complex self is computed in its own
/// dtype; FLOAT16 and BF16 widened for ATen's function and rounded back to the computing dtype.
inline at::Tensor UnaryViaOut(const at::Tensor& self, const at::Tensor& out, at::Tensor (*f)(const at::Tensor&)) {
    const at::ScalarType s = self.scalar_type();
    const at::ScalarType t = at::isFloatingType(s) || at::isComplexType(s) ? s : out.scalar_type();
    return f(Widened(self.to(t))).to(t);
}

/// aclnn_ceil.cpp, aclnn_round.cpp (FLOAT16 / BF16 / FLOAT / DOUBLE): ATen's function on the widened value, the
/// result (an integer value, exact in the dtype) rounded back to self's dtype.
inline at::Tensor UnaryExactFloat(const at::Tensor& self, at::Tensor (*f)(const at::Tensor&)) {
    return f(Widened(self)).to(self.scalar_type());
}

/// aclnn_floor.cpp and aclnn_trunc.cpp: an integral self is its own result (the op_api skips the kernel for it
/// - floor - or the kernel passes integers through - trunc on the Ascend 950); a floating self as
/// UnaryExactFloat.
inline at::Tensor UnaryIntegralIdentity(const at::Tensor& self, at::Tensor (*f)(const at::Tensor&)) {
    if (at::isIntegralType(self.scalar_type(), /*includeBool=*/true)) return self;
    return UnaryExactFloat(self, f);
}

/// l0op::RoundDecimals(self, decimals) (aclnn_round.cpp; aclnnRound passes 0): ATen's round with decimals
/// (half to even) on the widened value, rounded back to self's dtype. An integral self is its own result at
/// decimals >= 0 (an integer has no fractional digits); at negative decimals it is rounded in DOUBLE and cast
/// back (an assumption: the op_api casts nothing and the kernel source for integers was not checked).
inline at::Tensor RoundDecimalsOf(const at::Tensor& self, int64_t decimals) {
    const at::ScalarType s = self.scalar_type();
    if (at::isIntegralType(s, /*includeBool=*/true)) {
        if (decimals >= 0) return self;
        return at::round(self.to(at::kDouble), decimals).to(s);
    }
    return at::round(Widened(self), decimals).to(s);
}

/// l0op::Sign (aclnn_sign.cpp): -1, 0 or 1 of a real self (BOOL: computed as INT32 and cast back, i.e. itself),
/// x / |x| of a complex one (ATen's sgn; ATen's sign refuses complex). FLOAT16 / BF16 widened and rounded back.
inline at::Tensor SignOf(const at::Tensor& self) {
    const at::ScalarType s = self.scalar_type();
    if (s == at::kBool) return self;
    if (at::isComplexType(s)) return at::sgn(self);
    return at::sign(Widened(self)).to(s);
}

/// l0op::TanhGrad (aclnn_tanh_backward.cpp): gradInput = gradOutput * (1 - output^2) over the broadcast shape,
/// ATen's tanh_backward on the widened operands (all three tensors share one dtype), rounded to that dtype.
inline at::Tensor TanhBackwardOf(const at::Tensor& gradOutput, const at::Tensor& output) {
    return at::tanh_backward(Widened(gradOutput), Widened(output)).to(gradOutput.scalar_type());
}

/// l0op::NanToNum (aclnn_nan_to_num.cpp): NaN, +inf, -inf replaced by nan, posinf, neginf (each rounded to
/// self's dtype, so a value beyond FLOAT16's range becomes its infinity); an integral or BOOL self is copied.
inline at::Tensor NanToNumOf(const at::Tensor& self, double nan, double posinf, double neginf) {
    if (at::isIntegralType(self.scalar_type(), /*includeBool=*/true)) return self;
    const at::ScalarType s = self.scalar_type();
    const at::Tensor x = Widened(self);
    // the replacement values as the dtype holds them (FLOAT16 / BF16: rounded; ATen's own nan_to_num on FLOAT
    // would otherwise keep them exact before the writer's rounding - the same result)
    auto held = [&](double v) { return at::scalar_tensor(v, at::TensorOptions().dtype(at::kDouble)).to(s).item<double>(); };
    return at::nan_to_num(x, held(nan), held(posinf), held(neginf)).to(s);
}

/// aclnnAngleV2 (math/angle_v2): ATen's angle - a COMPLEX64 x as is (atan2(imag, real), FLOAT), FLOAT16 / BF16 /
/// FLOAT in their own dtype (0, pi or NaN: exact in each), integral and BOOL x cast to FLOAT first (the op
/// definition's FLOAT output).
inline at::Tensor AngleV2Of(const at::Tensor& x) {
    if (x.is_complex() || x.is_floating_point()) return at::angle(x);
    return at::angle(x.to(at::kFloat));
}

}  // namespace ref
}  // namespace aclcpu
