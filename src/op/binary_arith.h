// The op_api rules that aclnnAdd / aclnnAdds and aclnnSub / aclnnSubs share (hicann/ops-math math/add and
// math/sub, op_api/aclnn_add.cpp and aclnn_sub.cpp): opbase's dtype classes, the regbase split (the Ascend
// 950's arch35 branch, IsRegBase), IsEqualToOne, the scalar forms' promote type, CheckPromoteType's alpha
// rule, ConvertToTensor of an aclScalar, and the kernel each branch launches (docs/ops/add.md §5,
// docs/ops/sub.md §5). Header-only, included by the operators' plan-hook files.
#pragma once

#include <cstdint>
#include <cstring>

#include "common/status.h"
#include "engine/elementwise.h"
#include "engine/first_phase.h"
#include "kernels/binary.h"
#include "kernels/convert.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"

namespace aclcpu {

/// IsRegBase(): the op_api's arch35 branch, taken on the Ascend 950 only among aclcpu's products.
inline bool IsRegBaseSoc(rt::Soc soc) { return soc == rt::Soc::kAscend950; }

/// An aclScalar's value parts (double; the imaginary part of a complex scalar, else 0).
inline void ScalarParts(const aclScalar& s, double* re, double* im) {
    *im = 0.0;
    if (s.dtype == ACL_COMPLEX64) {
        float f[2];
        std::memcpy(f, s.bits, 8);
        *re = f[0];
        *im = f[1];
        return;
    }
    if (s.dtype == ACL_COMPLEX128) {
        double d[2];
        std::memcpy(d, s.bits, 16);
        *re = d[0];
        *im = d[1];
        return;
    }
    *re = 0.0;
    ScalarToDouble(s, re);
}

/// An aclScalar converted to dtype `dt` (ConvertToTensor / AllocScalar, as the family models it,
/// docs/ops/threshold.md §5.1): FLOAT, FLOAT16, BF16 the ToFloat value rounded once more (RNE), as float32 in
/// *re; DOUBLE and complex the exact parts (COMPLEX64's rounded to float32); integers and BOOL ScalarAsInt /
/// != 0 in *i.
struct ConvertedScalar {
    double re = 0.0;
    double im = 0.0;
    int64_t i = 0;
};
inline ConvertedScalar ConvertScalarTo(const aclScalar& s, aclDataType dt) {
    ConvertedScalar v;
    if (kern::IsF32Family(dt)) {
        float f = 0.0f;
        ScalarToFloatNearest(s, &f);
        v.re = kern::RoundToPromoted(f, dt);
    } else if (dt == ACL_DOUBLE || IsComplexDtype(dt)) {
        ScalarParts(s, &v.re, &v.im);
        if (dt == ACL_COMPLEX64) {
            v.re = static_cast<float>(v.re);
            v.im = static_cast<float>(v.im);
        }
    } else if (dt == ACL_BOOL) {
        double re = 0.0, im = 0.0;
        ScalarParts(s, &re, &im);
        v.i = (re != 0.0 || im != 0.0) ? 1 : 0;
    } else {
        const int bits = static_cast<int>(ItemSize(dt)) * 8;
        const bool is_unsigned = dt == ACL_UINT8 || dt == ACL_UINT16 || dt == ACL_UINT32 || dt == ACL_UINT64;
        v.i = ScalarAsInt(s, bits, is_unsigned);
    }
    return v;
}

/// The value of aclnnAddcmul / aclnnAddcdiv in the kernel's parameters: converted to the promote type p, except on
/// the Ascend 950 for a FLOAT16/BF16 self and a floating value, which the kernel takes as its float32 ToFloat
/// (the kernels' mixed registration). Writes params->alpha_f, alpha_d, alpha_i.
inline void SetTernaryValue(rt::Soc soc, aclDataType self, aclDataType p, const aclScalar& value,
                            kern::BinaryParams* params) {
    const bool keep_float = IsRegBaseSoc(soc) && (self == ACL_FLOAT16 || self == ACL_BF16) &&
                            IsFloatingDtype(value.dtype) && p != ACL_DOUBLE;
    const ConvertedScalar v = ConvertScalarTo(value, keep_float ? ACL_FLOAT : p);
    params->alpha_f = static_cast<float>(v.re);
    params->alpha_d = v.re;
    params->alpha_i = v.i;
}

/// IsEqualToOne(calcType, alpha): alpha's ToFloat neither above nor below 1 - a NaN alpha counts as one -;
/// on the Ascend 950 a complex alpha or calcType never, and DOUBLE compares ToDouble.
inline bool AlphaIsOne(rt::Soc soc, aclDataType calc, const aclScalar& alpha) {
    float f = 0.0f;
    ScalarToFloatNearest(alpha, &f);
    if (!IsRegBaseSoc(soc)) return !(f > 1.0f || f < 1.0f);
    if (IsComplexDtype(alpha.dtype) || IsComplexDtype(calc)) return false;
    if (calc == ACL_DOUBLE) {
        double d = 0.0;
        ScalarToDouble(alpha, &d);
        return !(d > 1.0 || d < 1.0);
    }
    return !(f > 1.0f || f < 1.0f);
}

/// CheckPromoteType's alpha rule and its regbase input casts (the promote's list membership and the cast to
/// out are table checks): a BOOL promote takes an integral or BOOL alpha only, any other promote an alpha
/// dtype castable to it; on the Ascend 950 both input dtypes castable to the promote. 0 or 161002.
inline int CheckAlphaAndInputCasts(rt::Soc soc, aclDataType self, aclDataType other, const aclScalar& alpha,
                                   aclDataType promote) {
    const bool ok = promote == ACL_BOOL ? IsIntegralOrBool(alpha.dtype, true) : CanCast(alpha.dtype, promote);
    if (!ok) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Alpha dtype %s can't be cast to the promote dtype %s.",
                    DtypeName(alpha.dtype), DtypeName(promote));
    }
    if (IsRegBaseSoc(soc)) {
        for (aclDataType from : {self, other}) {
            if (!CanCast(from, promote)) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.",
                            DtypeName(from), DtypeName(promote));
            }
        }
    }
    return 0;
}

/// GetScalarDefaultDtype: the dtype a scalar ranks as against a tensor - COMPLEX64 for complex, FLOAT for floating,
/// else its own.
inline aclDataType ScalarDefaultDtype(aclDataType d) {
    return IsComplexDtype(d) ? ACL_COMPLEX64 : (IsFloatingDtype(d) ? ACL_FLOAT : d);
}

/// opbase's CombineCategoriesWithComplex(higher, lower): the higher (dimensioned) operand's dtype by category -
/// complex > floating > the rest -, a floating higher with a complex lower as its complex type (FLOAT16 COMPLEX32);
/// a BOOL higher or a floating lower: PromoteType.
inline aclDataType CombineCategoriesWithComplex(aclDataType higher, aclDataType lower) {
    if (IsComplexDtype(higher)) return higher;
    if (IsComplexDtype(lower)) {
        switch (higher) {  // InnerTypeToComplexType of a floating higher; an integral one takes the complex
            case ACL_FLOAT16: return ACL_COMPLEX32;
            case ACL_BF16: case ACL_FLOAT: return ACL_COMPLEX64;
            case ACL_DOUBLE: return ACL_COMPLEX128;
            default: return lower;
        }
    }
    if (IsFloatingDtype(higher)) return higher;
    if (higher == ACL_BOOL || IsFloatingDtype(lower)) return PromoteTypes(higher, lower);
    return higher != ACL_DT_UNDEFINED ? higher : lower;
}

/// The scalar forms' promote type (PromoteTypeScalar of aclnn_add.cpp / aclnn_sub.cpp).
/// Ascend 950: CombineCategoriesWithComplex(self, other's default dtype - COMPLEX64 for complex, FLOAT for
/// floating, else its own), then a FLOAT16 / BF16 result kept only when other and alpha survive the cast to
/// it within FLT_EPSILON (else FLOAT), COMPLEX32 widened to COMPLEX64. Elsewhere: complex -> PromoteType;
/// floating self -> self's dtype; a DOUBLE other with a FLOAT out -> FLOAT; a floating other or BOOL self ->
/// PromoteType; else self's dtype.
inline aclDataType ScalarFormPromote(rt::Soc soc, aclDataType self, const aclScalar& other, const aclScalar& alpha,
                                     aclDataType out) {
    const aclDataType od = other.dtype;
    if (!IsRegBaseSoc(soc)) {
        if (IsComplexDtype(self) || IsComplexDtype(od)) return PromoteTypes(self, od);
        if (IsFloatingDtype(self)) return self;
        if (od == ACL_DOUBLE && out == ACL_FLOAT) return ACL_FLOAT;
        if (IsFloatingDtype(od) || self == ACL_BOOL) return PromoteTypes(self, od);
        return self;
    }
    aclDataType p = CombineCategoriesWithComplex(self, ScalarDefaultDtype(od));
    if (p == ACL_FLOAT16 || p == ACL_BF16) {
        float o = 0.0f, a = 0.0f;
        ScalarToFloatNearest(other, &o);
        ScalarToFloatNearest(alpha, &a);
        const bool keep = IsFloatEqual(kern::RoundToPromoted(o, p), o) && IsFloatEqual(kern::RoundToPromoted(a, p), a);
        if (!keep) p = ACL_FLOAT;
    }
    if (p == ACL_COMPLEX32) p = ACL_COMPLEX64;
    return p;
}

/// aclnnMuls' promote type (InferTensorScalarDtype of aclnn_mul.cpp): on the Ascend 950 as ScalarFormPromote
/// with the FLOAT16 / BF16 rule on `other` alone; elsewhere: complex -> PromoteType; a floating self -> its
/// dtype, BF16 -> FLOAT; a BOOL self with a DOUBLE other, or a DOUBLE other with a FLOAT out -> FLOAT; a
/// floating other or BOOL self -> PromoteType; else self's dtype.
inline aclDataType MulsPromote(rt::Soc soc, aclDataType self, const aclScalar& other, aclDataType out) {
    const aclDataType od = other.dtype;
    if (IsRegBaseSoc(soc)) return ScalarFormPromote(soc, self, other, other, out);  // alpha = other: one rule
    if (IsComplexDtype(self) || IsComplexDtype(od)) return PromoteTypes(self, od);
    if (IsFloatingDtype(self)) return self != ACL_BF16 ? self : ACL_FLOAT;
    if ((self == ACL_BOOL && od == ACL_DOUBLE) || (od == ACL_DOUBLE && out == ACL_FLOAT)) return ACL_FLOAT;
    if (IsFloatingDtype(od) || self == ACL_BOOL) return PromoteTypes(self, od);
    return self;
}

/// Whether aclnnMuls runs the Muls kernel (self's dtype times other's ToFloat, in float32, rounded to self's
/// dtype once): Ascend 950 a FLOAT16 or BF16 self with a floating (non-complex) other; elsewhere a BF16 self
/// with a DOUBLE other.
inline bool MulsUsesMulsKernel(rt::Soc soc, aclDataType self, const aclScalar& other) {
    if (IsRegBaseSoc(soc)) {
        return (self == ACL_BF16 || self == ACL_FLOAT16) && IsFloatingDtype(other.dtype);
    }
    return self == ACL_BF16 && other.dtype == ACL_DOUBLE;
}

/// opbase's BinaryOpTypePromote (ops-math common/inc/op_api/data_type_utils.h): both tensors 0-d or both not:
/// PromoteType; otherwise CombineCategoriesWithComplex(the dimensioned one's dtype, the 0-d one's).
inline aclDataType BinaryOpTypePromote(const aclTensor& self, const aclTensor& other) {
    const bool s0 = self.view_shape.empty(), o0 = other.view_shape.empty();
    if (s0 == o0) return PromoteTypes(self.dtype, other.dtype);
    return s0 ? CombineCategoriesWithComplex(other.dtype, self.dtype)
              : CombineCategoriesWithComplex(self.dtype, other.dtype);
}

/// The op_api's Axpy and AxpyV2 dtype lists per product (IsSupportAxpy / UseAxpy, IsSupportAxpyV2 /
/// UseAxpyV2). `sub`: aclnn_sub.cpp's lists.
inline bool UsesAxpy(rt::Soc soc, bool sub, aclDataType p) {
    if (IsRegBaseSoc(soc) || sub) return p == ACL_FLOAT || p == ACL_FLOAT16 || p == ACL_BF16;
    return p == ACL_FLOAT || p == ACL_INT32 || p == ACL_FLOAT16;
}
inline bool UsesAxpyV2(rt::Soc soc, bool sub, aclDataType p) {
    if (!IsRegBaseSoc(soc)) return false;
    if (sub) return p == ACL_INT32 || p == ACL_INT64 || p == ACL_INT8;
    switch (p) {
        case ACL_FLOAT: case ACL_BF16: case ACL_FLOAT16: case ACL_INT32: case ACL_INT64: case ACL_INT8:
        case ACL_UINT8: case ACL_BOOL:
            return true;
        default:
            return false;
    }
}

/// The kernel parameters of one call: the branch the op_api takes for `promote` and alpha (plain, Axpy,
/// AxpyV2, Mul then Add/Sub) with alpha converted as that branch converts it.
inline kern::BinaryParams ArithKernel(rt::Soc soc, kern::BinaryOp op, aclDataType promote, const aclScalar& alpha) {
    const bool sub = op == kern::BinaryOp::kSub;
    kern::BinaryParams p{};
    p.compute = promote;
    p.op = op;
    if (op != kern::BinaryOp::kAdd && op != kern::BinaryOp::kSub) {  // no alpha
        p.path = kern::AlphaPath::kPlain;
    } else if (AlphaIsOne(soc, promote, alpha)) {
        p.path = kern::AlphaPath::kPlain;
    } else if (UsesAxpy(soc, sub, promote)) {
        p.path = kern::AlphaPath::kAxpy;
        ScalarToFloatNearest(alpha, &p.alpha_f);
        if (sub) p.alpha_f = p.alpha_f * -1.0f;
    } else if (UsesAxpyV2(soc, sub, promote)) {
        p.path = kern::AlphaPath::kAxpyV2;
        if (sub) {  // alpha->ToInt64() * -1 as an int64 scalar, then converted to the promote dtype
            const uint64_t neg = 0 - static_cast<uint64_t>(ScalarAsInt(alpha, 64, false));
            aclScalar s{};
            s.dtype = ACL_INT64;
            s.size = 8;
            std::memcpy(s.bits, &neg, 8);
            p.alpha_i = ConvertScalarTo(s, promote).i;
        } else {
            p.alpha_i = ConvertScalarTo(alpha, promote).i;
        }
    } else {
        p.path = kern::AlphaPath::kMul;
        const ConvertedScalar v = ConvertScalarTo(alpha, promote);
        p.alpha_f = static_cast<float>(v.re);
        p.alpha_d = v.re;
        p.alpha_im = v.im;
        p.alpha_i = v.i;
    }
    return p;
}

/// The scalar forms' PromoteTypeScalar and CheckPromoteType as one custom check (the table's vocabulary
/// cannot compute this promote type): undefined -> 161002; alpha's dtype (CheckAlphaAndInputCasts, with
/// other's dtype as the second input); on the Ascend 950 the promote type in `list`; the promote type
/// castable to out's dtype. Tensors: c.t[0] self, c.t[1] out.
inline int CheckScalarFormPromote(const OpCall& c, const aclScalar& other, const aclScalar& alpha,
                                  const DtypeSet& list) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const aclDataType p = ScalarFormPromote(c.soc, self->dtype, other, alpha, out->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(other.dtype));
    }
    if (int ret = CheckAlphaAndInputCasts(c.soc, self->dtype, other.dtype, alpha, p)) return ret;
    if (IsRegBaseSoc(c.soc) && !InDtypeSet(p, list)) {
        // CANN's message joins "it" and "should" without a space
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input dtype %s is not implemented, itshould be in dtype support list %s.",
                    DtypeName(p), list.text);
    }
    if (!CanCast(p, out->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.",
                    DtypeName(p), DtypeName(out->dtype));
    }
    return 0;
}

/// The tensor form's plan: out = self op alpha * other over the broadcast shape c.b, computed in `promote`
/// by the op_api's branch (ArithKernel). Row operands: out, self, other (executor tensors 2, 0, 1). An
/// empty input: nothing runs, workspace 0.
inline int PlanBinaryTensors(const OpCall& c, kern::BinaryOp op, aclDataType promote, const aclScalar& alpha,
                             uint64_t* workspaceSize, aclOpExecutor** executor) {
    const kern::BinaryParams params = ArithKernel(c.soc, op, promote, alpha);
    const bool empty = c.t[0]->numel == 0 || c.t[1]->numel == 0;
    const engine::ElementwiseOperands ops{2, 2, {0, 1}};
    return engine::PublishElementwise(c.t, 3, 2, c.api, c.names, empty, ops, c.b,
                                      engine::KernelOf(&kern::SelectBinaryRow, params), workspaceSize, executor);
}

/// The scalar form's plan: other converted to the scalar form's promote type (ConvertToTensor), then as
/// PlanBinaryTensors over self's shape; aclnnMuls: its own promote type, or the Muls kernel (other's ToFloat
/// unrounded, self's dtype). Row operands: out, self (executor tensors 1, 0).
inline int PlanBinaryScalar(const OpCall& c, kern::BinaryOp op, const aclScalar& other, const aclScalar& alpha,
                            uint64_t* workspaceSize, aclOpExecutor** executor) {
    const aclTensor* self = c.t[0];
    const bool mul = op == kern::BinaryOp::kMul;
    const bool muls_kernel = mul && MulsUsesMulsKernel(c.soc, self->dtype, other);
    const aclDataType p = !mul ? ScalarFormPromote(c.soc, self->dtype, other, alpha, c.t[1]->dtype)
                          : muls_kernel ? self->dtype : MulsPromote(c.soc, self->dtype, other, c.t[1]->dtype);
    kern::BinaryParams params = ArithKernel(c.soc, op, p, alpha);
    ConvertedScalar v = ConvertScalarTo(other, p);
    if (muls_kernel) {  // Muls<T>(self, other->ToFloat()): the float32 value as it is
        float f = 0.0f;
        ScalarToFloatNearest(other, &f);
        v.re = f;
    }
    params.other_is_value = 1;
    params.other_re = v.re;
    params.other_im = v.im;
    params.other_i = v.i;
    const engine::ElementwiseOperands ops{1, 1, {0}};
    return engine::PublishElementwise(c.t, 2, 1, c.api, c.names, self->numel == 0, ops, ViewShapeOf(self),
                                      engine::KernelOf(&kern::SelectBinaryRow, params), workspaceSize, executor);
}

// ---------------------------------------------------------------- aclnnNeg / aclnnAbs / aclnnSqrt
/// The unary plan: out = op(self) computed in `compute` (self cast to it first), cast to out's dtype; out has self's
/// view shape. Row operands: out, self (executor tensors 1, 0). An empty self: nothing runs, workspace 0.
inline int PlanUnary(const OpCall& c, kern::BinaryOp op, aclDataType compute, uint64_t* workspaceSize,
                     aclOpExecutor** executor) {
    const aclTensor* self = c.t[0];
    kern::BinaryParams params{};
    params.compute = compute;
    params.op = op;
    params.path = kern::AlphaPath::kPlain;
    params.other_is_value = 1;  // one input: self
    const engine::ElementwiseOperands ops{1, 1, {0}};
    return engine::PublishElementwise(c.t, 2, 1, c.api, c.names, self->numel == 0, ops, ViewShapeOf(self),
                                      engine::KernelOf(&kern::SelectBinaryRow, params), workspaceSize, executor);
}

// ---------------------------------------------------------------- aclnnMaximum / aclnnMinimum (aclnn_maximum.cpp)
/// The promote type CheckComputeDtype uses: Ascend 950 BinaryOpTypePromote (0-d tensors join as scalars do),
/// elsewhere PromoteType.
inline aclDataType MaxMinPromote(const OpCall& c) {
    return IsRegBaseSoc(c.soc) ? BinaryOpTypePromote(*c.t[0], *c.t[1]) : PromoteTypes(c.t[0]->dtype, c.t[1]->dtype);
}

/// aclnnMaximum's and aclnnMinimum's CheckComputeDtype: the promote type defined and castable to out's dtype.
inline int CheckMaxMinPromote(const OpCall& c) {
    const aclDataType p = MaxMinPromote(c);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and other dtype %s can not promote dtype.",
                    DtypeName(c.t[0]->dtype), DtypeName(c.t[1]->dtype));
    }
    if (!CanCast(p, c.t[2]->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.",
                    DtypeName(p), DtypeName(c.t[2]->dtype));
    }
    return 0;
}

/// Whether Max/Min may run in the input dtype before the cast to out (opbase IsMaxMinSafeInputDtype).
inline bool IsMaxMinSafeInputDtype(aclDataType in, aclDataType out) {
    if (in == out || in == ACL_BOOL) return true;
    const auto bits = [](aclDataType d) { return static_cast<int>(ItemSize(d)) * 8; };
    const auto is_signed = [](aclDataType d) {
        return d == ACL_INT8 || d == ACL_INT16 || d == ACL_INT32 || d == ACL_INT64;
    };
    if (IsIntegralOrBool(in, false) && IsIntegralOrBool(out, false)) {
        return is_signed(in) == is_signed(out) && bits(in) <= bits(out);
    }
    if (IsFloatingDtype(out)) return IsIntegralOrBool(in, false) || IsFloatingDtype(in);
    return false;
}

/// GetComputeType: Ascend 950 - equal input dtypes safe for out: that dtype; equal but unsafe: out's dtype (the
/// inputs cast to it first); different: BinaryOpTypePromote. Elsewhere PromoteType.
inline aclDataType MaxMinCompute(const OpCall& c) {
    if (!IsRegBaseSoc(c.soc)) return PromoteTypes(c.t[0]->dtype, c.t[1]->dtype);
    const aclDataType in = c.t[0]->dtype, out = c.t[2]->dtype;
    if (in == c.t[1]->dtype) return IsMaxMinSafeInputDtype(in, out) ? in : out;
    return BinaryOpTypePromote(*c.t[0], *c.t[1]);
}

}  // namespace aclcpu
