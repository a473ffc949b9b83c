// The reference formulas' helpers of ops-math's element-wise operators of the family
// ops/families/math_pointwise.yaml (docs/ops/math_pointwise.md). Included at the end of reference/aten_formulas.h
// (through the generated reference/family_formulas.inc), after math_binary's helpers (OrderScalar, CompareOp), which
// the comparison formulas here use. Each helper follows the op_api's casts around the kernel (hicann/ops-math
// math/<op>/op_api/aclnn_<op>.cpp, named at the helper); a FLOAT16 / BF16 computation runs in FLOAT and is rounded
// once to the kernel's dtype; the writer then casts the result to out's dtype (round to nearest even).
#pragma once

#include <ATen/ATen.h>

#include <cstdint>
#include <vector>

namespace aclcpu {
namespace ref {

/// FLOAT for FLOAT16 / BF16 (the dtype a kernel on them is computed in here), else x unchanged.
inline at::Tensor MpWide(const at::Tensor& x) {
    return x.scalar_type() == at::kHalf || x.scalar_type() == at::kBFloat16 ? x.to(at::kFloat) : x;
}

/// The bitwise binary operators (aclnn_bitwise_or_tensor.cpp, aclnn_bitwise_xor_tensor.cpp): both operands cast to
/// PromoteType(self, other) (at::promote_types, the same table), then BitwiseOr / BitwiseXor - for a BOOL promote
/// type LogicalOr / NotEqual, the same truth tables as ATen's bitwise_or / bitwise_xor on BOOL. op: 1 or, 2 xor.
inline at::Tensor BitwiseBinaryPromoted(const at::Tensor& self, const at::Tensor& other, int64_t op) {
    const at::ScalarType p = at::promote_types(self.scalar_type(), other.scalar_type());
    if (op == 1) return at::bitwise_or(self.to(p), other.to(p));
    return at::bitwise_xor(self.to(p), other.to(p));
}

/// aclnnBitwiseNot (aclnn_bitwise_not.cpp): Invert on self's own dtype (out has it: the op_api checks), LogicalNot
/// for BOOL - ATen's bitwise_not does both.
inline at::Tensor BitwiseNotOwn(const at::Tensor& self) { return at::bitwise_not(self); }

/// The binary floating operators whose op_api casts both operands to PromoteType(self, other), or to FLOAT where
/// that is not one of the kernel's dtypes (aclnn_atan2.cpp InferDtype: FLOAT, FLOAT16, DOUBLE and, on the Ascend 950
/// and Atlas A2/A3, BF16 - the only products that accept a BF16 input). fn: at::atan2.
template <typename Fn>
inline at::Tensor FloatPromotedBinary(const at::Tensor& self, const at::Tensor& other, Fn fn) {
    at::ScalarType p = at::promote_types(self.scalar_type(), other.scalar_type());
    if (!at::isFloatingType(p)) p = at::kFloat;
    return fn(MpWide(self.to(p)), MpWide(other.to(p))).to(p);
}

/// aclnnExp2 (aclnn_exp2.cpp): Pow(2, self) with a BF16, integral or BOOL self cast to FLOAT first (the result stays
/// FLOAT until the writer's cast to out); FLOAT16, FLOAT and DOUBLE computed in their own dtype (FLOAT16 here in
/// FLOAT, rounded once to FLOAT16).
inline at::Tensor Exp2Kernel(const at::Tensor& self) {
    const at::ScalarType t = self.scalar_type();
    if (t == at::kHalf) return at::exp2(self.to(at::kFloat)).to(at::kHalf);
    if (t == at::kFloat || t == at::kDouble) return at::exp2(self);
    return at::exp2(self.to(at::kFloat));
}

/// aclnnLogAddExp / aclnnLogAddExp2 (aclnn_logaddexp.cpp, aclnn_logaddexp2.cpp): both operands cast to out's dtype
/// (FLOAT16, FLOAT or BF16), then the kernel LogAddExp with base e (base -1) or 2 in that dtype (FLOAT16 / BF16 here
/// in FLOAT, rounded once). base2: false logaddexp, true logaddexp2.
inline at::Tensor LogAddExpIn(const at::Tensor& self, const at::Tensor& other, const at::Tensor& out, bool base2) {
    const at::ScalarType t = out.scalar_type();
    const at::Tensor a = MpWide(self.to(t)), b = MpWide(other.to(t));
    return (base2 ? at::logaddexp2(a, b) : at::logaddexp(a, b)).to(t);
}

/// aclnnLeScalar and aclnnLtScalar (aclnn_le_scalar.cpp, aclnn_lt_scalar.cpp): a floating self is compared in its
/// own dtype, the scalar converted to it (every product: PromoteTypeScalar's floating-self rule, the 950's
/// CombineCategoriesWithComplex); an integral or BOOL self as math_binary's OrderScalar (the scalar as FLOAT or
/// INT64; BOOL compared as an integer - LessEqual in FLOAT, Less in UINT8: the same order of 0 and 1).
/// op: 4 lt, 5 le.
inline at::Tensor OrderScalarOwnFloat(const at::Tensor& self, const at::Scalar& other, int64_t op) {
    if (!at::isFloatingType(self.scalar_type())) return OrderScalar(self, other, op);
    const at::ScalarType held = other.isFloatingPoint() ? at::kDouble : other.isBoolean() ? at::kBool : at::kLong;
    const at::Tensor s = at::scalar_tensor(other, at::TensorOptions().dtype(held)).to(self.scalar_type());
    return CompareOp(MpWide(self), MpWide(s), op);
}

/// The held dtype of a formula's aclScalar as the op_apis' promote rules see it: a floating scalar as FLOAT (the
/// dtype the examples and the table's cases create; its aclScalar dtype does not reach the formula), an integral
/// one as INT64, a BOOL one as BOOL.
inline at::ScalarType MpScalarDtype(const at::Scalar& s) {
    return s.isFloatingPoint() ? at::kFloat : s.isBoolean() ? at::kBool : at::kLong;
}

/// The scalar as a 0-d tensor of dtype t (ConvertToTensor: through double or int64, a C cast).
inline at::Tensor MpScalarTensor(const at::Scalar& s, at::ScalarType t) {
    const at::ScalarType held = s.isFloatingPoint() ? at::kDouble : s.isBoolean() ? at::kBool : at::kLong;
    return at::scalar_tensor(s, at::TensorOptions().dtype(held)).to(t);
}

/// FloorMod in dtype p (aclnn_remainder.cpp's kernel): ATen's remainder (Python's sign rule, the floor of the
/// quotient); FLOAT16 / BF16 in FLOAT rounded once. An integral zero divisor - an error in ATen - gives -1, the
/// default the public integer kernel selects there (math/floor_mod/op_kernel/arch35/floor_mod_dag.h,
/// FmodIntPostCompute: Select(mod, -1, divisor != 0), whose sign fix-up keeps -1).
inline at::Tensor MpFloorMod(const at::Tensor& a, const at::Tensor& b, at::ScalarType p) {
    if (at::isFloatingType(p) || at::isComplexType(p)) return at::remainder(MpWide(a.to(p)), MpWide(b.to(p))).to(p);
    const at::Tensor x = a.to(p), y = b.to(p);
    const at::Tensor zero = at::eq(y, 0);
    const at::Tensor r = at::remainder(x, at::where(zero, at::ones_like(y), y));
    return at::where(zero, at::full_like(r, -1), r);
}

/// aclnnRemainderTensorTensor: both operands cast to PromoteType(self, other); the result laid out as out (an out of
/// [1] for a 0-d broadcast shape, or the reverse, which the op_api accepts outside the 950).
inline at::Tensor RemainderTT(const at::Tensor& self, const at::Tensor& other, const at::Tensor& out) {
    const at::ScalarType p = at::promote_types(self.scalar_type(), other.scalar_type());
    return MpFloorMod(self, other, p).reshape(out.sizes());
}

/// aclnnRemainderTensorScalar: the computing dtype of PromoteTypeScalar - a floating self's dtype; PromoteType with
/// a floating scalar (as FLOAT) or for a BOOL self; else self's dtype (the 950's CombineCategoriesWithComplex gives
/// the same for these scalar dtypes); the scalar converted to it.
inline at::Tensor RemainderTS(const at::Tensor& self, const at::Scalar& other) {
    const at::ScalarType t = self.scalar_type();
    at::ScalarType p = t;
    if (!at::isFloatingType(t) && (other.isFloatingPoint() || t == at::kBool)) p = at::promote_types(t, MpScalarDtype(other));
    return MpFloorMod(self, MpScalarTensor(other, p), p);
}

/// aclnnRemainderScalarTensor: every product but the 950 converts the scalar and casts other to out's dtype and
/// computes there (the 950 computes in CombineCategoriesWithComplex(other, the scalar), not reproduced).
inline at::Tensor RemainderST(const at::Scalar& self, const at::Tensor& other, const at::Tensor& out) {
    const at::ScalarType p = out.scalar_type();
    return MpFloorMod(MpScalarTensor(self, p), other, p);
}

/// aclnnFmodTensor (math/mod/op_api/aclnn_fmod_tensor.cpp): both operands cast to PromoteType(self, other), then
/// Mod - the remainder with self's sign (C's fmod; ATen's fmod); FLOAT16 / BF16 in FLOAT rounded once. An integral
/// division by zero is ATen's error (561000).
inline at::Tensor FmodPromoted(const at::Tensor& self, const at::Tensor& other) {
    const at::ScalarType p = at::promote_types(self.scalar_type(), other.scalar_type());
    return at::fmod(MpWide(self.to(p)), MpWide(other.to(p))).to(p);
}

/// aclnnGcd (math/gcd/op_api/aclnn_gcd.cpp): both operands cast to PromoteType(self, other) (an integer dtype: the
/// checks), ATen's gcd (non-negative); the writer casts to out's dtype.
inline at::Tensor GcdPromoted(const at::Tensor& self, const at::Tensor& other) {
    const at::ScalarType p = at::promote_types(self.scalar_type(), other.scalar_type());
    return at::gcd(self.to(p), other.to(p));
}

/// aclnnEqual (math/tensor_equal/op_api/aclnn_equal.cpp): one BOOL element - false where the view shapes differ,
/// true for two empty tensors of one shape, else whether every pair of elements is equal in PromoteType(self,
/// other) (BF16 as FLOAT; TensorEqual: a NaN equals nothing).
inline at::Tensor EqualAll(const at::Tensor& self, const at::Tensor& other) {
    bool v = false;
    if (self.sizes() == other.sizes()) {
        if (self.numel() == 0) {
            v = true;
        } else {
            const at::ScalarType p = at::promote_types(self.scalar_type(), other.scalar_type());
            v = at::eq(MpWide(self.to(p)), MpWide(other.to(p))).all().item<bool>();
        }
    }
    return at::full({1}, v, at::TensorOptions().dtype(at::kBool));
}

/// FloorDiv in dtype p (aclnn_floor_divide.cpp): the quotient rounded toward negative infinity (ATen's div with
/// rounding mode "floor"); FLOAT16 / BF16 in FLOAT rounded once. An integral division by zero is ATen's error.
inline at::Tensor MpFloorDiv(const at::Tensor& a, const at::Tensor& b, at::ScalarType p) {
    return at::div(MpWide(a.to(p)), MpWide(b.to(p)), "floor").to(p);
}

/// aclnnFloorDivide: both operands cast to PromoteType(self, other), BOOL as FLOAT.
inline at::Tensor FloorDividePromoted(const at::Tensor& self, const at::Tensor& other) {
    at::ScalarType p = at::promote_types(self.scalar_type(), other.scalar_type());
    if (p == at::kBool) p = at::kFloat;
    return MpFloorDiv(self, other, p);
}

/// aclnnFloorDivides: the computing dtype of InferFloorDivTensorScalarDtype - PromoteType(self, the scalar as FLOAT or
/// INT64 or BOOL), BOOL as FLOAT (every product but the 950; the 950 computes FLOAT16 / BF16 in FLOAT, which the
/// widening here does too, and keeps an integral self's dtype against an integral scalar).
inline at::Tensor FloorDividesPromoted(const at::Tensor& self, const at::Scalar& other) {
    at::ScalarType p = at::promote_types(self.scalar_type(), MpScalarDtype(other));
    if (p == at::kBool) p = at::kFloat;
    return MpFloorDiv(self, MpScalarTensor(other, p), p);
}

/// aclnnLeftShift / aclnnRightShift (math/left_shift, math/right_shift op_api): both operands cast to
/// PromoteType(self, shiftBits) (an integer dtype), then the kernel's shift. A shift amount outside [0, bits of the
/// dtype) - which the public sources do not define for the NPU - gives here what ATen's scalar loop gives, on every
/// path: 0 for a left shift; for a right shift -1 for a negative value, else 0 (the sign fill). right: false left,
/// true right.
inline at::Tensor ShiftPromoted(const at::Tensor& self, const at::Tensor& shift, bool right) {
    const at::ScalarType p = at::promote_types(self.scalar_type(), shift.scalar_type());
    const at::Tensor a = self.to(p), b = shift.to(p);
    const int64_t bits = static_cast<int64_t>(c10::elementSize(p)) * 8;
    const at::Tensor outside = at::logical_or(at::lt(b, 0), at::ge(b, bits));
    const at::Tensor s = at::clamp(b, 0, bits - 1);
    if (!right) return at::where(outside, at::zeros_like(a), at::bitwise_left_shift(a, s));
    const at::Tensor fill = at::where(at::lt(a, 0), at::full_like(a, -1), at::zeros_like(a));
    return at::where(outside, fill, at::bitwise_right_shift(a, s));
}

/// aclnnLerp (math/lerp/op_api/aclnn_lerp_tensor.cpp): self + weight * (end - self) with broadcasting, in self's
/// dtype (end, weight and out have it: the checks); ATen's lerp, FLOAT16 / BF16 in FLOAT rounded once.
inline at::Tensor LerpOwn(const at::Tensor& self, const at::Tensor& end, const at::Tensor& weight) {
    return at::lerp(MpWide(self), MpWide(end), MpWide(weight)).to(self.scalar_type());
}

/// aclnnLerps (aclnn_lerp_scalar.cpp): the scalar weight converted to self's dtype (every product but the 950, which
/// converts it to FLOAT), Lerp in self's dtype; the writer casts to out's dtype.
inline at::Tensor LerpsOwn(const at::Tensor& self, const at::Tensor& end, const at::Scalar& weight) {
    const at::Tensor w = MpScalarTensor(weight, self.scalar_type());
    return at::lerp(MpWide(self), MpWide(end), MpWide(w)).to(self.scalar_type());
}

/// aclnnXLogYTensor (math/xlogy/op_api/aclnn_x_log_y_tensor.cpp): both operands cast to PromoteType(self, other), FLOAT
/// where that is integral or BOOL; XLogY (0 where self is 0, else self * log(other)); FLOAT16 / BF16 in FLOAT rounded
/// once.
inline at::Tensor XLogYPromoted(const at::Tensor& self, const at::Tensor& other) {
    at::ScalarType p = at::promote_types(self.scalar_type(), other.scalar_type());
    if (!at::isFloatingType(p)) p = at::kFloat;
    return at::xlogy(MpWide(self.to(p)), MpWide(other.to(p))).to(p);
}

/// aclnnXLogYScalarSelf / ScalarOther: the scalar converted to and the tensor cast to PromoteType(scalar, tensor) (the
/// scalar as FLOAT, INT64 or BOOL here); XLogY there - an integral promote type (an integral scalar with an integral
/// tensor, which the op_api does not widen) computed here in FLOAT and truncated to it.
inline at::Tensor XLogYWithScalar(const at::Tensor& x, const at::Tensor& y, at::ScalarType p) {
    const at::Tensor r = at::xlogy(MpWide(x.to(at::isFloatingType(p) ? p : at::kFloat)),
                                   MpWide(y.to(at::isFloatingType(p) ? p : at::kFloat)));
    return r.to(p);
}
inline at::Tensor XLogYScalarSelfF(const at::Scalar& self, const at::Tensor& other) {
    const at::ScalarType p = at::promote_types(MpScalarDtype(self), other.scalar_type());
    return XLogYWithScalar(MpScalarTensor(self, p), other, p);
}
inline at::Tensor XLogYScalarOtherF(const at::Tensor& self, const at::Scalar& other) {
    const at::ScalarType p = at::promote_types(MpScalarDtype(other), self.scalar_type());
    return XLogYWithScalar(self, MpScalarTensor(other, p), p);
}

/// aclnnPowTensorTensor (math/pow/op_api/aclnn_pow_tensor_tensor.cpp): both operands cast to PromoteType(self,
/// exponent), Pow in that dtype (integers: an integral power - a negative integral exponent is ATen's error, 561000);
/// FLOAT16 / BF16 in FLOAT rounded once.
inline at::Tensor PowPromoted(const at::Tensor& self, const at::Tensor& exponent) {
    const at::ScalarType p = at::promote_types(self.scalar_type(), exponent.scalar_type());
    return at::pow(MpWide(self.to(p)), MpWide(exponent.to(p))).to(p);
}

/// aclnnIsClose (math/is_close/op_api/aclnn_isclose.cpp): |self - other| <= atol + rtol * |other| (NaN equal to NaN when
/// equalNan), self and other of one dtype; rtol and atol rounded to float32 as the op_api passes them to the kernel;
/// FLOAT16 / BF16 compared in FLOAT (exact widening).
inline at::Tensor IsCloseF(const at::Tensor& self, const at::Tensor& other, double rtol, double atol, bool equalNan) {
    // ATen's isclose works in place on self's shape: both broadcast first
    const std::vector<at::Tensor> b = at::broadcast_tensors({MpWide(self), MpWide(other)});
    return at::isclose(b[0], b[1], static_cast<double>(static_cast<float>(rtol)),
                       static_cast<double>(static_cast<float>(atol)), equalNan);
}

/// aclnnSWhere (math/select/op_api/aclnn_s_where.cpp): condition cast to BOOL; self where it holds, else other, both
/// cast to PromoteType(self, other) (two BOOL operands selected as they are); the writer casts to out's dtype.
inline at::Tensor SWhereF(const at::Tensor& condition, const at::Tensor& self, const at::Tensor& other) {
    const at::ScalarType p = at::promote_types(self.scalar_type(), other.scalar_type());
    return at::where(condition.to(at::kBool), self.to(p), other.to(p));
}

/// aclnnReal (math/real/op_api/aclnn_real.cpp): a complex self's real parts; a FLOAT / FLOAT16 self passed through.
inline at::Tensor RealPart(const at::Tensor& self) {
    return self.is_complex() ? at::real(self).clone() : self.clone();
}

/// aclnnFmodScalar (math/mod/op_api/aclnn_fmod_scalar.cpp): self and the scalar cast to PromoteType(self, the scalar as
/// FLOAT, INT64 or BOOL) - every product but the 950, whose CombineCategoriesWithComplex keeps a FLOAT16 / BF16 self's
/// dtype (not reproduced) -, then Mod as FmodPromoted.
inline at::Tensor FmodScalarPromoted(const at::Tensor& self, const at::Scalar& other) {
    const at::ScalarType p = at::promote_types(self.scalar_type(), MpScalarDtype(other));
    return at::fmod(MpWide(self.to(p)), MpWide(MpScalarTensor(other, p))).to(p);
}

/// aclnnXlog1py (math/xlog1py/op_api/aclnn_xlog1py.cpp): x * log1p(y), 0 where x is 0 (unless y is NaN) - ATen's
/// special_xlog1py, on FLOAT16 / BF16 widened to FLOAT (rounded once by the writer), with broadcasting.
inline at::Tensor Xlog1pyRef(const at::Tensor& x, const at::Tensor& y) {
    auto widen = [](const at::Tensor& t) {
        const at::ScalarType s = t.scalar_type();
        return (s == at::kHalf || s == at::kBFloat16) ? t.to(at::kFloat) : t;
    };
    return at::special_xlog1py(widen(x), widen(y));
}

/// aclnnKlDiv (math/kl_div_v2/op_api/aclnn_kl_div.cpp): self and target cast to their promoted dtype (FLOAT16 /
/// BF16 computed in FLOAT), broadcast (a 0-d operand as [1]); pointwise target * (log(target) - self) (0 where
/// target is 0: ATen's xlogy) or, with logTarget, exp(target) * (target - self); reduction 0 none, 1 mean, 2 sum,
/// 3 batchmean (the sum divided by the broadcast shape's first dim). An empty self or target: a reduction's out
/// filled with NaN (mean; batchmean when self's first dim is 0) or 0 (sum, batchmean otherwise).
inline at::Tensor KlDivRef(const at::Tensor& self, const at::Tensor& target, int64_t reduction, bool logTarget,
                           const at::Tensor& out) {
    if (self.numel() == 0 || target.numel() == 0) {
        if (reduction == 0) return at::empty(out.sizes(), at::kFloat);
        const bool nan = reduction == 1 || (reduction == 3 && self.dim() > 0 && self.size(0) == 0);
        return at::full(out.sizes(), nan ? NAN : 0.0, at::kFloat);
    }
    const at::ScalarType p = at::promote_types(self.scalar_type(), target.scalar_type());
    const at::ScalarType ct = (p == at::kHalf || p == at::kBFloat16) ? at::kFloat : p;
    at::Tensor s = self.to(ct), t = target.to(ct);
    if (s.dim() == 0) s = s.reshape({1});
    if (t.dim() == 0) t = t.reshape({1});
    const std::vector<at::Tensor> bt = at::broadcast_tensors({s, t});
    const at::Tensor pw = logTarget ? at::exp(bt[1]) * (bt[1] - bt[0]) : at::xlogy(bt[1], bt[1]) - bt[1] * bt[0];
    at::Tensor r;
    if (reduction == 0) {
        r = (self.dim() == 0 && target.dim() == 0) ? pw.reshape({}) : pw;
    } else if (reduction == 1) {
        r = pw.mean();
    } else if (reduction == 2) {
        r = pw.sum();
    } else {
        r = pw.sum() / static_cast<double>(pw.size(0));
    }
    if (r.numel() == out.numel() && r.sizes() != out.sizes()) r = r.reshape(out.sizes());
    return r;
}

/// aclnnOneHot (math/one_hot/op_api/aclnn_one_hot.cpp, the OneHot kernel's TensorFlow semantics): onValue's first
/// element where self's index equals the class, offValue's first element elsewhere (an index outside
/// [0, numClasses) matches no class), the classes a new dim at axis (-1: the last).
inline at::Tensor OneHotRef(const at::Tensor& self, int64_t numClasses, const at::Tensor& onValue,
                            const at::Tensor& offValue, int64_t axis) {
    const at::Tensor idx = self.to(at::kLong).unsqueeze(-1);
    const at::Tensor classes = at::arange(numClasses, at::kLong);
    const at::Tensor mask = idx.eq(classes);  // [..., numClasses]
    const at::Tensor on = onValue.reshape({-1})[0];
    const at::Tensor off = offValue.reshape({-1})[0];
    at::Tensor r = at::where(mask, on, off);
    const int64_t d = axis < 0 ? self.dim() : axis;
    if (d != self.dim()) r = r.movedim(-1, d);
    return r;
}

/// aclnnPowTensorScalar / aclnnInplacePowTensorScalar (math/pow/op_api/aclnn_pow.cpp): self cast to the promoted
/// dtype of InferTensorScalarDtype - a floating self keeps its dtype, an integral self with a floating exponent
/// FLOAT, a BOOL self its promotion with the exponent, else self's dtype - and raised to the exponent (ATen's pow;
/// FLOAT16 / BF16 computed in FLOAT, rounded once); the writer casts to out's dtype. The exponent reaches the
/// formula as a double (its aclScalar's DOUBLE or FLOAT category is not told apart: a DOUBLE exponent with an
/// integral self computes in FLOAT here, in DOUBLE on Atlas A2/A3 and the 910 - a documented difference).
inline at::Tensor PowTensorScalarRef(const at::Tensor& self, const at::Scalar& exponent) {
    const at::ScalarType t = self.scalar_type();
    at::ScalarType p = t;
    if (exponent.isComplex()) {
        p = at::promote_types(t, at::kComplexFloat);
    } else if (!at::isFloatingType(t) && !at::isComplexType(t)) {
        if (exponent.isFloatingPoint()) {
            p = at::kFloat;
        } else if (t == at::kBool) {
            p = exponent.isBoolean() ? at::kBool : at::kLong;
        }
    }
    const at::ScalarType ct = (p == at::kHalf || p == at::kBFloat16) ? at::kFloat : p;
    return at::pow(self.to(ct), exponent);
}

/// aclnnPowScalarTensor (aclnn_pow.cpp): exponent cast to InferScalarTensorDtype's dtype (the roles of
/// PowTensorScalarRef's rule swapped) and the scalar raised to it (ATen's pow; FLOAT16 / BF16 in FLOAT).
inline at::Tensor PowScalarTensorRef(const at::Scalar& self, const at::Tensor& exponent) {
    const at::ScalarType t = exponent.scalar_type();
    at::ScalarType p = t;
    if (!at::isFloatingType(t) && !at::isComplexType(t)) {
        if (self.isFloatingPoint()) {
            p = at::kFloat;
        } else if (t == at::kBool) {
            p = at::kLong;
        }
    }
    const at::ScalarType ct = (p == at::kHalf || p == at::kBFloat16) ? at::kFloat : p;
    return at::pow(self, exponent.to(ct));
}

/// The dtype an IsIn op_api compares in, from the tensor's dtype and the scalar's category (a floating scalar taken
/// as FLOAT; an integral one as the tensor's dtype): the tensor's floating dtype, FLOAT for an integral tensor with a
/// floating scalar, else the tensor's dtype.
inline at::ScalarType IsInCompareType(at::ScalarType t, const at::Scalar& s) {
    if (at::isFloatingType(t)) return t;
    if (s.isFloatingPoint()) return at::promote_types(t, at::kFloat);
    return t;
}

/// aclnnIsInScalarTensor (math/equal/op_api/aclnn_isin.cpp): testElements and element cast to the compare dtype
/// (the element rounded to it, as ConvertToTensor does), Equal, ReduceAny, LogicalNot with invert; an empty
/// testElements or a NaN element gives invert. (With 10 or more elements CANN promotes with the element's own dtype:
/// an integral element wider than testElements is compared unwrapped there - not told apart here.)
inline at::Tensor IsInScalarTensorRef(const at::Scalar& element, const at::Tensor& testElements, bool invert) {
    const bool nan = element.isFloatingPoint() && std::isnan(element.toDouble());
    if (testElements.numel() == 0 || nan) return at::scalar_tensor(invert, at::kBool);
    const at::ScalarType p = IsInCompareType(testElements.scalar_type(), element);
    const at::ScalarType wide = at::isFloatingType(p) ? at::kDouble : at::kLong;
    const at::Tensor e = at::scalar_tensor(element, at::TensorOptions().dtype(p)).to(wide);
    const at::Tensor any = testElements.to(p).to(wide).eq(e).any();
    return invert ? any.logical_not() : any;
}

/// aclnnIsInTensorScalar (aclnn_isin_tensor_scalar.cpp): element and testElement cast to the compare dtype, Equal
/// (NotEqual with invert).
inline at::Tensor IsInTensorScalarRef(const at::Tensor& element, const at::Scalar& testElement, bool invert) {
    const at::ScalarType p = IsInCompareType(element.scalar_type(), testElement);
    const at::ScalarType wide = at::isFloatingType(p) ? at::kDouble : at::kLong;
    const at::Tensor t = at::scalar_tensor(testElement, at::TensorOptions().dtype(p)).to(wide);
    const at::Tensor x = element.to(p).to(wide);
    return invert ? x.ne(t) : x.eq(t);
}

/// aclnnScale (math/scale/op_api/aclnn_scale.cpp, Caffe's Scale): y = x * scale + bias, scale and bias laid over x's
/// dims from axis (a one-element scale multiplies every element) and broadcast over the others; FLOAT16 / BF16
/// computed in FLOAT and rounded once. An absent bias adds nothing.
inline at::Tensor ScaleRef(const at::Tensor& x, const at::Tensor& scale, const at::Tensor& bias, int64_t axis) {
    const int64_t rank = x.dim();
    const int64_t a = axis >= 0 ? axis : rank + axis;
    auto lay = [&](const at::Tensor& t) {
        if (t.numel() == 1) return t.reshape({});
        std::vector<int64_t> shape(static_cast<size_t>(rank), 1);
        for (int64_t i = 0; i < t.dim(); ++i) shape[static_cast<size_t>(a + i)] = t.size(i);
        return t.reshape(shape);
    };
    auto widen = [](const at::Tensor& t) {
        const at::ScalarType s = t.scalar_type();
        return (s == at::kHalf || s == at::kBFloat16) ? t.to(at::kFloat) : t;
    };
    at::Tensor r = widen(x) * lay(widen(scale));
    if (bias.defined()) r = r + lay(widen(bias));
    return r;
}

/// aclnnSignBitsPack (math/sign_bits_pack: the kernel's Compare LT and bit reversal, tests/assets/golden.py): bit
/// = (x < 0) (+0, -0 and NaN give 0), 8 elements per byte, the first the most significant bit; the last byte padded
/// with -1.0 (1 bits); reshaped to [size, bytes / size].
inline at::Tensor SignBitsPackRef(const at::Tensor& self, int64_t size) {
    at::Tensor x = self.reshape({-1}).to(at::kFloat);
    const int64_t n = x.numel();
    const int64_t pad = (8 - n % 8) % 8;
    if (pad != 0) x = at::cat({x, at::full({pad}, -1.0f, at::kFloat)});
    const at::Tensor bits = x.lt(0).to(at::kInt).reshape({-1, 8});
    const at::Tensor weights = at::tensor(std::vector<int32_t>{128, 64, 32, 16, 8, 4, 2, 1}, at::kInt);
    const at::Tensor packed = (bits * weights).sum(1).to(at::kByte);
    return packed.reshape({size, packed.numel() / size});
}

/// aclnnSignBitsUnpack (math/sign_bits_unpack/op_kernel/arch35/sign_bits_unpack.h): bit k of each byte (the least
/// significant first) gives element 8 i + k: +1.0 for 1, -1.0 for 0; reshaped to [size, 8 n / size].
inline at::Tensor SignBitsUnpackRef(const at::Tensor& self, int64_t size) {
    const at::Tensor b = self.reshape({-1, 1}).to(at::kInt);
    const at::Tensor pow2 = at::tensor(std::vector<int32_t>{1, 2, 4, 8, 16, 32, 64, 128}, at::kInt);
    const at::Tensor bits = at::div(b, pow2, "floor").remainder(2);
    const at::Tensor v = bits.to(at::kFloat) * 2.0 - 1.0;
    return v.reshape({size, -1});
}

/// aclnnMaskedScale (math/masked_scale; op_kernel: the mask cast to float, x * mask * scale in float32): self and mask
/// widened to FLOAT, multiplied in that order by scale, rounded once to out's dtype by the write.
inline at::Tensor MaskedScaleOf(const at::Tensor& self, const at::Tensor& mask, double scale) {
    return self.to(at::kFloat) * mask.to(at::kFloat) * static_cast<float>(scale);
}

}  // namespace ref
}  // namespace aclcpu
