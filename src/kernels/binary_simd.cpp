// Fused SIMD bodies of the element-wise arithmetic (kernels/binary.h): BinaryF in fused_row-inl.h's driver, for
// rows whose operands all have the compute dtype (FLOAT, FLOAT16, BF16), paths kPlain, kAxpy and kMul, Add
// and Sub, tensor or value `other`; AddcmulF and AddcdivF; UnaryF for Neg, Abs and Sqrt. Bit-exact to BinaryFloatElement (tests/kernels/binary_rows_test.cpp): the
// driver widens exactly and narrows with RNE, kAxpy is a true fused multiply-add (rows only on targets with
// native FMA; elsewhere the generic row's std::fma), and NaN lanes are rewritten by the family's rule only in
// steps that have one. Compiled once per Highway target by foreach_target; the HWY_ONCE part holds the
// target-independent selection.
#ifndef ACLCPU_BINARY_SIMD_COMMON
#define ACLCPU_BINARY_SIMD_COMMON

#include "kernels/binary.h"
#include "kernels/fused_row.h"
#include "kernels/simd_convert.h"
#include "tensor/dtype.h"

#endif  // ACLCPU_BINARY_SIMD_COMMON

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/binary_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
// foreach_target re-includes this file once per target; highway.h must follow it.
#include <hwy/highway.h>

#include "kernels/simd_convert-inl.h"  // the conversions, once per target
#include "kernels/fused_row-inl.h"     // the fused row driver, once per target

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace kern {
namespace HWY_NAMESPACE {

/// The NaN rule of binary.h on lanes: self's NaN quieted, else other's, else kBinaryDefaultNaN.
HWY_INLINE VF BinaryNaNRule(DF df, VF a, VF b) {
    const DU32 du;
    const VU quiet = hn::Set(du, 0x00400000u);
    const VF qa = hn::BitCast(df, hn::Or(hn::BitCast(du, a), quiet));
    const VF qb = hn::BitCast(df, hn::Or(hn::BitCast(du, b), quiet));
    const VF dflt = hn::BitCast(df, hn::Set(du, kBinaryDefaultNaN));
    return hn::IfThenElse(hn::IsNaN(a), qa, hn::IfThenElse(hn::IsNaN(b), qb, dflt));
}

/// a with its float32 subnormal lanes replaced by zero of their sign (the high-precision division's and the plain
/// Sqrt's flush; zeros, normals, infinities and NaNs unchanged). AVX-512: one classification (vfpclassps,
/// denormal) and one masked AND with the sign bit; elsewhere |a| < FLT_MIN as a compare and a select - the same
/// lanes, the same bits.
HWY_INLINE VF FlushSubnormal(DF df, VF a) {
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3 && HWY_TARGET != HWY_SCALAR && HWY_TARGET != HWY_EMU128
    (void)df;
    const __mmask16 sub = _mm512_fpclass_ps_mask(a.raw, 0x20);  // 0x20: denormal, either sign
    return VF{_mm512_mask_and_ps(a.raw, sub, a.raw, _mm512_set1_ps(-0.0f))};
#else
    return hn::IfThenElse(hn::Lt(hn::Abs(a), hn::Set(df, 1.17549435e-38f)), hn::And(a, hn::Set(df, -0.0f)), a);
#endif
}

/// BinaryFloatElement on lanes: kSub (0 Add, 1 Sub, 2 Mul, 3 Div, 4 Max, 5 Min), kPath (AlphaPath), kP the compute dtype's code
/// (for the Mul path's intermediate rounding), kValue: `other` is the parameters' value (one input).
template <int kSub, int kPath, int kP, bool kValue>
struct BinaryF {
    using Params = BinaryParams;
    static constexpr int kInputs = kValue ? 1 : 2;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        const VF a = x[0];
        const VF b = kValue ? hn::Set(df, static_cast<float>(p.other_re)) : x[kValue ? 0 : 1];
        VF r;
        if constexpr (kSub == 4 || kSub == 5) {  // VecMax / VecMin
            return VecMaxMin<kSub == 4>(df, a, b);
        } else if constexpr (kSub == 3) {  // DivHighPrecision: subnormal inputs and result flushed to signed zero
            r = FlushSubnormal(df, hn::Div(FlushSubnormal(df, a), FlushSubnormal(df, b)));
        } else if constexpr (kSub == 2) {
            r = hn::Mul(a, b);
        } else if constexpr (kPath == static_cast<int>(AlphaPath::kAxpy)) {
            r = hn::MulAdd(b, hn::Set(df, p.alpha_f), a);
        } else if constexpr (kPath == static_cast<int>(AlphaPath::kMul)) {
            const VF t = RoundToP<kP == kFusedF16 ? 1 : (kP == kFusedF32 ? 0 : 2)>(df, hn::Mul(b, hn::Set(df, p.alpha_f)));
            r = kSub ? hn::Sub(a, t) : hn::Add(a, t);
        } else {
            r = kSub ? hn::Sub(a, b) : hn::Add(a, b);
        }
        const auto nan = hn::IsNaN(r);
        if (HWY_UNLIKELY(!hn::AllFalse(df, nan))) r = hn::IfThenElse(nan, BinaryNaNRule(df, a, b), r);
        return r;
    }
};

template <int kSub, int kPath, bool kValue>
RowFn PickBinary(int code, bool nt) {
    switch (code) {
        case kFusedF32:
            return PickFusedRow<BinaryF<kSub, kPath, kFusedF32, kValue>, FusedCodes<kFusedF32>>(code, nt);
        case kFusedF16:
            return PickFusedRow<BinaryF<kSub, kPath, kFusedF16, kValue>, FusedCodes<kFusedF16>>(code, nt);
        case kFusedBf16Quiet:
            return PickFusedRow<BinaryF<kSub, kPath, kFusedBf16, kValue>, FusedCodes<kFusedBf16Quiet>>(code, nt);
        default:
            return nullptr;
    }
}

/// AddcmulFloatElement on lanes: kAxpyV2 (fma(t1, t2, self)) or the Addcmul kernel (fma(t1 * t2, value, self)).
template <bool kAxpyV2>
struct AddcmulF {
    using Params = BinaryParams;
    static constexpr int kInputs = 3;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        const VF r = kAxpyV2 ? hn::MulAdd(x[1], x[2], x[0]) : hn::MulAdd(hn::Mul(x[1], x[2]), hn::Set(df, p.alpha_f), x[0]);
        const auto nan = hn::IsNaN(r);
        if (HWY_LIKELY(hn::AllFalse(df, nan))) return r;
        const DU32 du;
        const VF qa = hn::BitCast(df, hn::Or(hn::BitCast(du, x[0]), hn::Set(du, 0x00400000u)));
        return hn::IfThenElse(nan, hn::IfThenElse(hn::IsNaN(x[0]), qa, BinaryNaNRule(df, x[1], x[2])), r);
    }
};

/// AddcmulFloatElement's kAddcdiv on lanes: fma(DivHighPrecision(t1, t2), value, self), the division's subnormal
/// inputs and quotient flushed to signed zero. kP the compute dtype's code: FLOAT16 lanes (widened FLOAT16 values,
/// at least 2^-24 in magnitude, at most 65504) are never float32 subnormals, nor is their quotient (at least
/// 2^-40), so the FLOAT16 body skips the flushes (the same bits, fewer instructions).
template <int kP>
struct AddcdivF {
    using Params = BinaryParams;
    static constexpr int kInputs = 3;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        VF q;
        if constexpr (kP == kFusedF16) {
            q = hn::Div(x[1], x[2]);
        } else {
            // compares and selects here, not FlushSubnormal's classification: measured faster in this body
            // (its three NaN tests already compete for the mask-producing pipes)
            const VF tiny = hn::Set(df, 1.17549435e-38f);
            const VF sign = hn::Set(df, -0.0f);
            const VF n = hn::IfThenElse(hn::Lt(hn::Abs(x[1]), tiny), hn::And(x[1], sign), x[1]);
            const VF d = hn::IfThenElse(hn::Lt(hn::Abs(x[2]), tiny), hn::And(x[2], sign), x[2]);
            q = hn::Div(n, d);
            q = hn::IfThenElse(hn::Lt(hn::Abs(q), tiny), hn::And(q, sign), q);
        }
        const VF r = hn::MulAdd(q, hn::Set(df, p.alpha_f), x[0]);
        // branch-free NaN rule: a zero divisor (0 / 0) is common in real data, so a NaN lane is not rare enough
        // for a branch to pay (mispredictions cost more than the selects)
        const DU32 du;
        const VF qa = hn::BitCast(df, hn::Or(hn::BitCast(du, x[0]), hn::Set(du, 0x00400000u)));
        return hn::IfThenElse(hn::IsNaN(r), hn::IfThenElse(hn::IsNaN(x[0]), qa, BinaryNaNRule(df, x[1], x[2])), r);
    }
};

RowFn PickAddcdiv(int code, bool nt) {
    switch (code) {
        case kFusedF32: return PickFusedRow<AddcdivF<kFusedF32>, FusedCodes<kFusedF32>>(code, nt);
        case kFusedF16: return PickFusedRow<AddcdivF<kFusedF16>, FusedCodes<kFusedF16>>(code, nt);
        case kFusedBf16Quiet: return PickFusedRow<AddcdivF<kFusedBf16>, FusedCodes<kFusedBf16Quiet>>(code, nt);
        default: return nullptr;
    }
}

template <bool kAxpyV2>
RowFn PickAddcmul(int code, bool nt) {
    switch (code) {
        case kFusedF32: return PickFusedRow<AddcmulF<kAxpyV2>, FusedCodes<kFusedF32>>(code, nt);
        case kFusedF16: return PickFusedRow<AddcmulF<kAxpyV2>, FusedCodes<kFusedF16>>(code, nt);
        case kFusedBf16Quiet: return PickFusedRow<AddcmulF<kAxpyV2>, FusedCodes<kFusedBf16Quiet>>(code, nt);
        default: return nullptr;
    }
}

/// UnaryFloatElement on lanes: kOp 7 Neg, 8 Abs (the sign bit; NaN lanes quieted), 9 Sqrt (IEEE square root, a
/// BF16 subnormal input flushed; NaN lanes by the family's rule), 12 SqrtPlain (an input below the compute dtype's
/// smallest normal flushed first); kP the compute dtype's code.
template <int kOp, int kP>
struct UnaryF {
    using Params = BinaryParams;
    static constexpr int kInputs = 1;
    static HWY_INLINE VF Apply(DF df, const Params&, const VF* x) {
        const DU32 du;
        const VU quiet = hn::Set(du, 0x00400000u);
        const VF a = x[0];
        if constexpr (kOp == 13 || kOp == 14) {  // NegSub 0 - a, AbsSelect a >= 0 ? a : 0 - a
            const VF z = hn::Zero(df);
            const VF r = kOp == 13 ? hn::Sub(z, a) : hn::IfThenElse(hn::Ge(a, z), a, hn::Sub(z, a));
            const auto nan = hn::IsNaN(a);
            if (HWY_LIKELY(hn::AllFalse(df, nan))) return r;
            return hn::IfThenElse(nan, hn::BitCast(df, hn::Or(hn::BitCast(du, a), quiet)), r);
        } else if constexpr (kOp == 7 || kOp == 8) {
            const VF r = kOp == 7 ? hn::Neg(a) : hn::Abs(a);
            const auto nan = hn::IsNaN(r);
            if (HWY_LIKELY(hn::AllFalse(df, nan))) return r;
            return hn::IfThenElse(nan, hn::BitCast(df, hn::Or(hn::BitCast(du, r), quiet)), r);
        } else {
            VF v = a;
            if constexpr (kOp == 12 && kP == kFusedF16) {  // SqrtPlain: FLOAT16 compute flushes half subnormals
                v = hn::IfThenElse(hn::Lt(hn::Abs(a), hn::Set(df, 0x1p-14f)), hn::And(a, hn::Set(df, -0.0f)), a);
            } else if constexpr (kP == kFusedBf16 || kOp == 12) {  // float32 subnormals flushed
                v = FlushSubnormal(df, a);
            }
            const VF r = hn::Sqrt(v);
            const VF dflt = hn::BitCast(df, hn::Set(du, kBinaryDefaultNaN));
#if HWY_ARCH_X86 && HWY_TARGET != HWY_SCALAR && HWY_TARGET != HWY_EMU128
            // x86's square root (sqrtps) already returns a NaN input quieted (the rule's self NaN, sign and payload
            // kept); a negative input (below -0, -inf included) gives the x86 default NaN 0xFFC00000, replaced by
            // kBinaryDefaultNaN - branch-free: the benchmark's and real data's negative lanes make a NaN branch
            // taken in most vectors.
            return hn::IfThenElse(hn::Lt(v, hn::Zero(df)), dflt, r);
#else
            const auto nan = hn::IsNaN(r);
            if (HWY_LIKELY(hn::AllFalse(df, nan))) return r;
            const VF qa = hn::BitCast(df, hn::Or(hn::BitCast(du, a), quiet));
            return hn::IfThenElse(nan, hn::IfThenElse(hn::IsNaN(a), qa, dflt), r);
#endif
        }
    }
};

/// The unary rows per dtype code: Neg and Abs of BF16 give BF16 values (no rounding), Sqrt rounds.
template <int kOp>
RowFn PickUnary(int code, bool nt) {
    switch (code) {
        case kFusedF32: return PickFusedRow<UnaryF<kOp, kFusedF32>, FusedCodes<kFusedF32>>(code, nt);
        case kFusedF16: return PickFusedRow<UnaryF<kOp, kFusedF16>, FusedCodes<kFusedF16>>(code, nt);
        case kFusedBf16Exact:
            return PickFusedRow<UnaryF<kOp, kFusedBf16>, FusedCodes<kFusedBf16Exact>>(code, nt);
        case kFusedBf16Quiet:
            return PickFusedRow<UnaryF<kOp, kFusedBf16>, FusedCodes<kFusedBf16Quiet>>(code, nt);
        default: return nullptr;
    }
}

/// BinaryFloatElement's kLerp on lanes: d = other - self, then the weight's branch (one per row: the weight is the
/// parameters') as one FMA - fma(d, w, self) for -0.5 < w < 0.5, else fma(d, w - 1, other); NaN lanes by the
/// family's rule.
struct LerpF {
    using Params = BinaryParams;
    static constexpr int kInputs = 2;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        const float w = p.alpha_f;
        const VF d = hn::Sub(x[1], x[0]);
        const bool low = w > -0.5f && w < 0.5f;
        VF r = low ? hn::MulAdd(d, hn::Set(df, w), x[0]) : hn::MulAdd(d, hn::Set(df, w - 1.0f), x[1]);
        const auto nan = hn::IsNaN(r);
        if (HWY_UNLIKELY(!hn::AllFalse(df, nan))) r = hn::IfThenElse(nan, BinaryNaNRule(df, x[0], x[1]), r);
        return r;
    }
};

RowFn PickLerp(int code, bool nt) {
    switch (code) {
        case kFusedF32: return PickFusedRow<LerpF, FusedCodes<kFusedF32>>(code, nt);
        case kFusedF16: return PickFusedRow<LerpF, FusedCodes<kFusedF16>>(code, nt);
        case kFusedBf16Quiet: return PickFusedRow<LerpF, FusedCodes<kFusedBf16Quiet>>(code, nt);
        default: return nullptr;
    }
}

template <int kSub, int kPath>
RowFn PickBinaryPath(int code, bool value, bool nt) {
    return value ? PickBinary<kSub, kPath, true>(code, nt) : PickBinary<kSub, kPath, false>(code, nt);
}

/// This target's fused body (nullptr where none applies: kAxpy without native FMA, a step wider than the
/// stack buffers).
RowFn SelectBinaryFused(int sub, int path, int code, int value, int nt) {
    if (!FusedRowFits()) return nullptr;
    const bool v = value != 0, s = sub == 1, t = nt != 0;
    if (sub == 6) {  // Addcmul: an FMA in every form
#if HWY_NATIVE_FMA
        return path == static_cast<int>(AlphaPath::kAxpyV2) ? PickAddcmul<true>(code, t) : PickAddcmul<false>(code, t);
#else
        return nullptr;
#endif
    }
    if (sub == 10) {  // Addcdiv: a division, then an FMA
#if HWY_NATIVE_FMA
        return PickAddcdiv(code, t);
#else
        return nullptr;
#endif
    }
    if (sub == 11) {  // Lerp: FMAs
#if HWY_NATIVE_FMA
        return PickLerp(code, t);
#else
        return nullptr;
#endif
    }
    if (sub == 12) return PickUnary<12>(code, t);
    if (sub == 13) return PickUnary<13>(code, t);
    if (sub == 14) return PickUnary<14>(code, t);
    if (sub > 14) return nullptr;
    if (sub == 7) return PickUnary<7>(code, t);
    if (sub == 8) return PickUnary<8>(code, t);
    if (sub == 9) return PickUnary<9>(code, t);
    if (sub == 2) return PickBinaryPath<2, 0>(code, v, t);
    if (sub == 3) return PickBinaryPath<3, 0>(code, v, t);
    if (sub == 4) return PickBinaryPath<4, 0>(code, v, t);
    if (sub == 5) return PickBinaryPath<5, 0>(code, v, t);
    switch (static_cast<AlphaPath>(path)) {
        case AlphaPath::kPlain:
            return s ? PickBinaryPath<1, 0>(code, v, t) : PickBinaryPath<0, 0>(code, v, t);
        case AlphaPath::kAxpy:
#if HWY_NATIVE_FMA
            return s ? PickBinaryPath<1, 1>(code, v, t) : PickBinaryPath<0, 1>(code, v, t);
#else
            return nullptr;  // Highway emulates MulAdd with two roundings here
#endif
        case AlphaPath::kMul:
            return s ? PickBinaryPath<1, 3>(code, v, t) : PickBinaryPath<0, 3>(code, v, t);
        default:
            return nullptr;
    }
}

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace kern
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {
namespace kern {

HWY_EXPORT(SelectBinaryFused);

RowFn SelectBinaryFusedRow(const BinaryParams& p, const aclDataType* dt, const int64_t* st, bool nontemporal) {
    if (PromoteCode(p.compute) < 0 || IsValueOperandOp(p.op)) return nullptr;  // generic rows only
    const int operands = IsTernaryOp(p.op) ? 4 : (p.other_is_value != 0 ? 2 : 3);
    if (!FusedOperandsQualify(p.compute, dt, st, operands)) return nullptr;
    // BF16: every NaN a lane can hold is quiet with a zero low half (the inputs' and other's are BF16 values,
    // alpha is never a NaN on the kAxpy and kMul paths, the default NaN's low half is 0).
    int code = FusedDtCode(p.compute, true);
    // Neg and Abs of BF16 lanes are BF16 values (a NaN quieted keeps its zero low half): stored as they are
    if (code == kFusedBf16Quiet && (p.op == BinaryOp::kNeg || p.op == BinaryOp::kAbs || p.op == BinaryOp::kNegSub ||
                                    p.op == BinaryOp::kAbsSelect)) {
        code = kFusedBf16Exact;
    }
    return HWY_DYNAMIC_DISPATCH(SelectBinaryFused)(static_cast<int>(p.op), static_cast<int>(p.path), code,
                                                   p.other_is_value, nontemporal ? 1 : 0);
}

}  // namespace kern
}  // namespace aclcpu
#endif  // HWY_ONCE
