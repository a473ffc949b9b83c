// Row kernels of ops-math's element-wise arithmetic: aclnnAdd / aclnnAdds, aclnnSub / aclnnSubs with alpha,
// aclnnMul / aclnnMuls, aclnnDiv, aclnnMaximum / aclnnMinimum, aclnnAddcmul, and the unary aclnnNeg, aclnnAbs,
// aclnnSqrt (docs/ops/add.md, sub.md, mul.md, div.md, maximum.md, addcmul.md, neg.md, abs.md, sqrt.md). The binary
// operations share the loads, the compute dtypes and the casts to out with the unary ones (one input, operand 1),
// which is why they are one kernel. One kernel computes out = self (+|-) alpha * other,
// or self * other, in the promote type ("compute" below) the way the op_api composes CANN's kernels:
//   kPlain  alpha == 1: Add / Sub of the two inputs cast to the compute dtype;
//   kAxpy   Axpy (float alpha): fma(other, +-alpha, self) in float32 (FLOAT16, BF16: cast to float32 and the
//           result rounded back to nearest even; INT32 on the products whose op_api sends it there: cast to
//           float32, the result truncated toward zero, saturating);
//   kAxpyV2 AxpyV2 (alpha a tensor of the compute dtype): integers self + other * alpha with two's-complement
//           wrap-around; BOOL min(self + other * alpha, 1);
//   kMul    Mul then Add / Sub: t = other * alpha rounded to the compute dtype, then self (+|-) t rounded.
// The result is then cast to out's dtype (l0op::Cast as modelled: RNE between float types, integers wrap, bool
// != 0; a floating result into an integer out - aclnnMul on the Ascend 950, which does not check the cast -
// by l0op::Cast's rule (kernels/cast.h: toward zero, NaN 0, through 32 or 64 bits, then the low bits); complex into a
// real out its real part).
//
// Rows follow kernels/row.h: operand 0 out, 1 self, 2 other (Adds/Subs: other is a value in the parameters,
// and the rows have operand 1 only; Addcmul: 2 tensor1, 3 tensor2). Inputs may be of any admitted dtype (each is cast to the compute dtype
// first, as the op_api's l0op::Cast does), out of any dtype the cast rule allows.
//
// NaN rule (the sources are silent; our choice, the activation families' rule extended to two operands): a
// NaN result is self's NaN if self is one, else other's (quiet, sign and payload kept), else the default NaN
// kBinaryDefaultNaN (inf - inf, inf * 0 inside an fma). Subnormals are kept (SPEC 5.1).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "acl/acl_base.h"
#include "kernels/convert.h"
#include "kernels/row.h"

namespace aclcpu {
namespace kern {

/// The NaN an invalid operation produces (our choice, as the activation families': positive, quiet).
constexpr uint32_t kBinaryDefaultNaN = 0x7FC00000u;

/// The kernel's operation between self and (alpha *) other (kMul: self * other, kDiv: self / other; path
/// kPlain only). kDiv in FLOAT, FLOAT16, BF16 is DivHighPrecision: correctly rounded, with subnormal inputs
/// and results flushed to zero of their sign (docs/ops/div.md §5: our reading of "no subnormals").
/// kMax / kMin (aclnnMaximum / aclnnMinimum): the vector unit's Max / Min (kernels/threshold.h VecMax: a NaN
/// operand's NaN quieted, self's first; +0 above -0); integers max / min; BOOL OR / AND.
/// kAddcmul (aclnnAddcmul): self + value * tensor1 * tensor2 with a third input (operand 3) - path kPlain the
/// Addcmul kernel, fma(tensor1 * tensor2 rounded, value, self); kAxpyV2 (Atlas A2/A3, value 1) the AxpyV2 kernel,
/// fma(tensor1, tensor2, self); integers wrap; the value in BinaryParams::alpha_f / alpha_d / alpha_i.
/// kNeg, kAbs, kSqrt (aclnnNeg, aclnnAbs, aclnnSqrt; docs/ops/neg.md, abs.md, sqrt.md): the unary operations on
/// self alone (operand 1; BinaryParams::other_is_value 1, no `other`), computed in BinaryParams::compute (UnaryFloatElement,
/// the integer and DOUBLE/complex rules of binary.cpp) and cast to out's dtype.
/// kAddcdiv (aclnnAddcdiv; docs/ops/addcdiv.md): self + value * (tensor1 / tensor2) with a third input (operand 3),
/// path kPlain - FLOAT, FLOAT16, BF16: fma(DivHighPrecision(tensor1, tensor2), value, self) in float32 (the division
/// as kDiv's, one rounding for the multiply-add); DOUBLE self + value * (tensor1 / tensor2), each rounded; INT64
/// the quotient truncated toward zero (0 for a zero divisor, INT64_MIN / -1 wraps: the aarch64 AI CPU's SDIV), then
/// self + value * quotient wrapped; the value in BinaryParams::alpha_f / alpha_d / alpha_i.
/// kLerp (aclnnForeachLerpScalar; docs/ops/foreach.md): self + weight * (other - self) by the kernels' two branches -
/// d = other - self rounded to float32, then with w = BinaryParams::alpha_f: -0.5 < w < 0.5 fma(d, w, self), else
/// fma(d, w - 1, other) (Axpy as a true FMA) - rounded to the compute dtype (FLOAT, FLOAT16, BF16 only).
/// kSqrtPlain (aclnnForeachSqrt): the plain Sqrt instruction of the compute dtype (rated 1 ULP, no subnormals),
/// computed correctly rounded: an input below the compute dtype's smallest normal (FLOAT, BF16 2^-126, FLOAT16
/// 2^-14) flushed to zero of its sign, then as kSqrt.
/// kMaxSelect, kMinSelect (aclnnForeachMaximumList / MinimumList on the Ascend 950, SIMT code): (isnan(self) ||
/// self > other) ? self : other, and with `<` - a NaN of either operand propagates (self's first), ties give
/// other (max(+0, -0) is -0). kMinFirst (aclnnForeachMinimumScalarList on the Ascend 950): a NaN operand's NaN
/// (self's first), else self <= other ? self : other - ties give self (min(+0, -0) is +0). Integers: max / min.
/// All three select an operand (rounded to the compute dtype where `other` is a wider value); generic rows only.
/// kLerpSteps, kLerpFused (aclnnForeachLerpList: self + weight * (other - self) with a weight tensor, operand 3,
/// FLOAT / FLOAT16 / BF16 computed in float32): d = other - self rounded, then kLerpSteps (Atlas A2/A3's vector
/// code, every step rounded) |w| >= 0.5 ? other - d * (1 - w) : d * w + self - a NaN weight takes the second -,
/// kLerpFused (the Ascend 950's SIMT code, the multiply-adds read as FMAs) |w| < 0.5 ? fma(w, d, self) :
/// fma(w - 1, d, other) - a NaN weight takes the second; rounded once more to the compute dtype (RNE).
/// kAddcmulList, kAddcdivList (aclnnForeachAddcmulScalarList / AddcdivScalarList: self + value * t1 * t2 and
/// self + value * (t1 / t2) with t1, t2 operands 2, 3 and the value operand 4 - a one-element view of the scalars
/// tensor, read at run time; IsValueOperandOp). FLOAT / FLOAT16 / BF16 in float32 unless said:
///   kAddcmulList path kPlain (Atlas A2/A3, and the Ascend 950's Mul + Axpy of aclnnForeachAddcmulList): fma(t1 *
///   t2 rounded, value, self); path kMul (the Ascend 950's SIMT `self + value * t1 * t2`): fma(value * t1 rounded,
///   t2, self); path kAxpyNative (aclnnForeachAddcmulList's FLOAT16 on Atlas A2/A3: every step in half) the half
///   product t1 * t2 (subnormals kept: Mul is exact to the rounding), then the half FMA (one rounding to half);
///   integers self + t1 * t2 * value wrapped.
///   kAddcdivList: q = t1 / t2 the plain Div computed correctly rounded with subnormal inputs and result flushed;
///   path kPlain fma(q, value, self); path kAxpyNative (Atlas A2/A3 FLOAT16: every step in half) the half
///   quotient (half subnormals flushed), then the half FMA (one rounding to half); path kMul (the Ascend 950's BF16
///   code, three statements) self + (value * q rounded), each step rounded.
/// Then rounded once more to the compute dtype (RNE); generic rows only.
/// kReciprocal, kReciprocalHalf (aclnnForeachReciprocal): 1 / self by the plain Div (1 ULP, no subnormals),
/// computed correctly rounded - kReciprocal in float32 (float32 subnormal inputs and results flushed to zero of
/// their sign), then rounded to the compute dtype; kReciprocalHalf in half (Atlas A2/A3 FLOAT16: half subnormal
/// inputs and results flushed). 1 / +-0 is +-inf, 1 / +-inf +-0. A unary operation, generic rows only.
/// kMulRecip, kMulRecipNewton (aclnnForeachDivScalar on the Ascend 950, the scalar an operand read at run time):
/// self * Reciprocal950(other, newton) rounded to the compute dtype - the kernel's reciprocal of the scalar,
/// refined by one Newton step for a float32 scalar (kMulRecipNewton), then a multiply.
/// kSign (aclnnForeachSign): -1, 0 or 1 by the sign of self - a NaN gives +0, both zeros +0 (the Ascend 950's
/// (0 < x) - (x < 0), Atlas A2/A3's compare-and-select); integers likewise; a unary operation, generic rows only.
/// kNegSub (aclnnForeachNeg on Atlas A2/A3): 0 - self (floats: -(+0) and -(-0) are +0; a NaN quieted; integers
/// wrap, as kNeg). kAbsSelect (aclnnForeachAbs on the Ascend 950): self >= 0 ? self : 0 - self (abs(-0) is -0, a
/// NaN quieted). Unary, FLOAT / FLOAT16 / BF16 (kNegSub also integers).
/// kAddAlphaOperand, kSubAlphaOperand (aclnnForeachAddList / SubList, V1: alpha a one-element tensor read when the
/// kernel runs): self (+|-) alpha * other with alpha operand 3 (a broadcast operand, stride 0 as planned; any stride
/// is read element by element). The row reads alpha's stored value, decodes it as BinaryParams::alpha_read says
/// (SetAlphaOf: the V2 forms' kernel reading of the same value) and computes kAdd / kSub on BinaryParams::path
/// exactly as the V2 forms' rows do with that alpha known at plan time (BinaryRowGeneric); generic rows only.
enum class BinaryOp : int32_t { kAdd, kSub, kMul, kDiv, kMax, kMin, kAddcmul, kNeg, kAbs, kSqrt, kAddcdiv, kLerp,
                                kSqrtPlain, kNegSub, kAbsSelect, kMaxSelect, kMinSelect, kMinFirst, kSign,
                                kLerpSteps, kLerpFused, kAddcmulList, kAddcdivList,
                                kReciprocal, kReciprocalHalf, kMulRecip, kMulRecipNewton,
                                kAddAlphaOperand, kSubAlphaOperand };

/// Whether `op` takes three tensor inputs (self, tensor1, tensor2: operands 1, 2, 3).
inline bool IsTernaryOp(BinaryOp op) {
    return op == BinaryOp::kAddcmul || op == BinaryOp::kAddcdiv || op == BinaryOp::kLerpSteps || op == BinaryOp::kLerpFused;
}

/// Whether `op` takes its value from a fourth input (operand 4) besides self, tensor1 and tensor2.
inline bool IsValueOperandOp(BinaryOp op) { return op == BinaryOp::kAddcmulList || op == BinaryOp::kAddcdivList; }

/// Whether `op` reads alpha from a third input (operand 3) besides self and other (kAddAlphaOperand, kSubAlphaOperand).
inline bool IsAlphaOperandOp(BinaryOp op) {
    return op == BinaryOp::kAddAlphaOperand || op == BinaryOp::kSubAlphaOperand;
}

/// Whether `op` is one of the unary operations (one input: self).
inline bool IsUnaryOp(BinaryOp op) {
    return op == BinaryOp::kNeg || op == BinaryOp::kAbs || op == BinaryOp::kSqrt || op == BinaryOp::kSqrtPlain ||
           op == BinaryOp::kNegSub || op == BinaryOp::kAbsSelect || op == BinaryOp::kSign || op == BinaryOp::kReciprocal ||
           op == BinaryOp::kReciprocalHalf;
}

/// How alpha enters (the op_api's branch, chosen per product by the plan hook: docs/ops/add.md §5).
/// kAxpyNative: the Axpy instruction of the compute dtype itself (aclnnForeachAddListV2's FLOAT16 lists on Atlas
/// A2/A3: a half FMA), fma(other, alpha, self) rounded once to the compute dtype; the generic row only.
enum class AlphaPath : int32_t { kPlain, kAxpy, kAxpyV2, kMul, kAxpyNative };

/// How the kernel of aclnnForeachAddList / SubList (V1 and V2) reads its alpha - a value of the kernel's alpha dtype:
/// FLOAT16 for FLOAT16 lists, FLOAT for FLOAT and BF16 lists, INT32 for the integer lists - into the row's
/// BinaryParams::alpha_f / alpha_i (SetAlphaOf; docs/ops/foreach.md §3):
///   kNone        not an alpha form (every other operation: the field is 0);
///   kFloat       the float value itself (a half widened exactly);
///   kHalf950     a half alpha by the Ascend 950 SIMT kernel's decoding (DecodeHalfAlpha950);
///   kBf16LowHalf a FLOAT alpha read as a bfloat16 from its low 16 bits (the Ascend 950's SubList, Bf16OfLowHalf);
///   kIntToFloat  an INT32 alpha converted to float32 (INT16 lists computed in float32);
///   kIntToHalf   an INT32 alpha converted to float32, then to half (RNE: INT8 / UINT8 lists computed in half);
///   kInt         an INT32 alpha as an integer (alpha_i: INT32 lists, wrapping).
enum class AlphaRead : int32_t { kNone, kFloat, kHalf950, kBf16LowHalf, kIntToFloat, kIntToHalf, kInt };

/// Parameters of the binary rows (trivially copyable; fixed by the first phase).
struct BinaryParams {
    aclDataType compute;  ///< the promote type the kernel runs in
    BinaryOp op;
    AlphaPath path;
    int32_t other_is_value;  ///< 1: Adds / Subs (other below, no operand 2)
    float alpha_f;           ///< kAxpy: alpha->ToFloat(), negated for Sub (float32 times -1); kMul (float
                             ///< compute): alpha converted to the compute dtype (as float32)
    AlphaRead alpha_read = AlphaRead::kNone;  ///< kAddAlphaOperand / kSubAlphaOperand: how the row reads alpha
                             ///< (SetAlphaOf), else kNone (0). It also fills what was the padding before alpha_d:
                             ///< plans compare parameters bytewise (ElementwiseCall::Congruent), which must not read
                             ///< indeterminate bytes
    double alpha_d;          ///< kMul with DOUBLE compute; the real part for complex compute
    double alpha_im;         ///< the imaginary part of alpha for complex compute
    int64_t alpha_i;         ///< kAxpyV2 / kMul with integer or BOOL compute: alpha converted to the compute
                             ///< dtype (Sub: negated first, as an int64), as an int64
    double other_re;         ///< Adds / Subs: other converted to the compute dtype (float types: its value;
                             ///< integers: the value in other_i)
    double other_im;
    int64_t other_i;
};
static_assert(sizeof(BinaryParams) == 6 * 4 + 6 * 8, "BinaryParams must have no padding (compared bytewise)");

/// The Ascend 950 foreach DivScalar kernels' reciprocal of the scalar s (arch35/foreach_div_scalar_regbase.h): 1/+-0
/// the infinities, 1/+-inf +-0, else 1.0f / s and - for a float32 scalar (`newton`) - one Newton step
/// inv * (2 - s * inv), each operation rounded on its own (the scalar code's contraction is not in the sources: not
/// fused, assumed). The one definition the plan of aclnnForeachDivScalarV2 and the kMulRecip rows share.
inline float Reciprocal950(float s, bool newton) {
    if (s == 0.0f) return 1.0f / s;
    if (std::isinf(s)) return s > 0 ? 0.0f : -0.0f;
    float inv = 1.0f / s;
    if (newton) {
        const volatile float t = s * inv;  // volatile: no contraction into an FMA
        const volatile float u = 2.0f - t;
        inv = inv * u;
    }
    return inv;
}

/// The Ascend 950 SIMT kernel's decoding of a half alpha h (a half value as float32; arch35 foreach_add_list): normal,
/// infinite, zero and NaN values as IEEE, a subnormal one as 2^-14 * (1 + m / 1024) with m its 10-bit mantissa - the
/// kernel's exponent-0 branch keeps the implicit one (as read from the source; docs/ops/foreach.md §3). The one
/// definition aclnnForeachAddListV2's plan and the kAddAlphaOperand row share.
inline float DecodeHalfAlpha950(float h) {
    if (h == 0.0f || std::fabs(h) >= 0x1p-14f || h != h) return h;
    const float m = std::fabs(h) * 0x1p24f;  // the 10-bit mantissa of the subnormal
    return std::copysign(0x1p-14f * (1.0f + m / 1024.0f), h);
}

/// The Ascend 950 SubList kernel's reading of a BF16 list's FLOAT alpha (arch35 foreach_sub_list_simt.h reads alpha
/// from memory as the list's dtype): the float32's low 16 bits (little-endian) taken as a bfloat16 - alpha 1.0f,
/// 0x3F800000, acts as 0. Shared by aclnnForeachSubListV2's plan and the kSubAlphaOperand row.
inline float Bf16OfLowHalf(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    const uint32_t b = (u & 0xFFFFu) << 16;
    float r;
    std::memcpy(&r, &b, 4);
    return r;
}

/// Sets p->alpha_f or p->alpha_i from the kernel's alpha value (`f`: a FLOAT16 / FLOAT alpha's value; `i`: an INT32
/// alpha's value) as p->alpha_read says (AlphaRead), negated where the row's kAxpy path subtracts (p->op kSub or
/// kSubAlphaOperand with path kAxpy: the Axpy takes -alpha; exact). The one rule the V2 plans (alpha known at plan
/// time) and the V1 rows (alpha read at run time) share.
inline void SetAlphaOf(BinaryParams* p, double f, int64_t i) {
    float a = 0.0f;
    switch (p->alpha_read) {
        case AlphaRead::kInt: p->alpha_i = i; return;
        case AlphaRead::kNone: return;
        case AlphaRead::kFloat: a = static_cast<float>(f); break;
        case AlphaRead::kHalf950: a = DecodeHalfAlpha950(static_cast<float>(f)); break;
        case AlphaRead::kBf16LowHalf: a = Bf16OfLowHalf(static_cast<float>(f)); break;
        case AlphaRead::kIntToFloat: a = static_cast<float>(i); break;
        case AlphaRead::kIntToHalf: a = RoundToPromoted(static_cast<float>(i), ACL_FLOAT16); break;
    }
    const bool sub = p->op == BinaryOp::kSub || p->op == BinaryOp::kSubAlphaOperand;
    p->alpha_f = sub && p->path == AlphaPath::kAxpy ? -a : a;
}

/// Whether `d` is one of the float dtypes the fused rows take (FLOAT, FLOAT16, BF16).
inline bool IsF32Family(aclDataType d) { return d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16; }

/// One float-family element (FLOAT, FLOAT16, BF16 compute; a, b are values of the compute dtype as float32):
/// the result rounded to the compute dtype, as float32, with the NaN rule above. The definition the SIMD
/// rows are checked against. `alpha` is BinaryParams::alpha_f.
float BinaryFloatElement(const BinaryParams& p, float a, float b);

/// One FLOAT/FLOAT16/BF16 element of kAddcmul or kAddcdiv (a self, b tensor1, c tensor2: values of the compute
/// dtype): the result rounded to the compute dtype, a NaN result by the rule extended to three inputs (self's,
/// tensor1's, tensor2's, else the default NaN).
float AddcmulFloatElement(const BinaryParams& p, float a, float b, float c);

/// One FLOAT/FLOAT16/BF16 element of a unary operation (a: a value of the compute dtype as float32): kNeg the sign
/// flipped, kAbs the sign cleared (a NaN quieted, sign and payload otherwise kept: exact, no rounding); kSqrt the
/// correctly rounded float32 square root (FLOAT: the 0-ULP square root, subnormals kept; FLOAT16 and BF16: the plain
/// Sqrt of the widened value, computed correctly rounded, a BF16 subnormal input flushed to zero of its sign),
/// rounded to the compute dtype; a negative input or -inf gives kBinaryDefaultNaN, a NaN input itself, quieted.
float UnaryFloatElement(const BinaryParams& p, float a);

/// The row selector (a RowSelectFn): the fused SIMD row for contiguous / broadcast rows whose operands all
/// have the compute dtype (FLOAT, FLOAT16, BF16) and the plain or Axpy path; the generic row (any dtypes and
/// strides) otherwise.
RowFn SelectBinaryRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);

/// The generic row (every admitted dtype, any stride): the definition, element by element.
void BinaryRowGeneric(const void* params, const aclDataType* dtypes, char* const* ptrs, const int64_t* strides,
                      int64_t n);

/// The fused SIMD row of the compute dtype (kernels/binary_simd.cpp), nullptr where it does not apply.
RowFn SelectBinaryFusedRow(const BinaryParams& p, const aclDataType* dtypes, const int64_t* strides,
                           bool nontemporal);

}  // namespace kern
}  // namespace aclcpu
