// Fused SIMD bodies of the element-wise arithmetic (kernels/binary.h): BinaryF in fused_row-inl.h's driver, for
// rows whose operands all have the compute dtype (FLOAT, FLOAT16, BF16), paths kPlain, kAxpy and kMul, Add
// and Sub, tensor or value `other`; AddcmulF and AddcdivF (BF16 Addcdiv on AVX-512: its own row,
// AddcdivBf16Row); UnaryF for Neg, Abs and Sqrt. Bit-exact to BinaryFloatElement (tests/kernels/binary_rows_test.cpp): the
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

// per target (foreach_target re-includes this file): AddcdivF's AVX-512 body
#undef ACLCPU_ADDCDIV_AVX512
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX3 && HWY_TARGET != HWY_SCALAR && HWY_TARGET != HWY_EMU128
#define ACLCPU_ADDCDIV_AVX512 1
#else
#define ACLCPU_ADDCDIV_AVX512 0
#endif

#if ACLCPU_ADDCDIV_AVX512
/// FlushSubnormal for AddcdivF on AVX-512: the lanes whose exponent field is zero (zeros and subnormals: exactly
/// |a| < FLT_MIN, a NaN's exponent is never zero) ANDed with the sign bit - one integer test (vptestnmd) and one
/// masked AND, on the integer side, away from the compares that produce the other masks.
HWY_INLINE VF AddcdivFlush(VF a) {
    const __m512i bits = _mm512_castps_si512(a.raw);
    const __mmask16 z = _mm512_testn_epi32_mask(bits, _mm512_set1_epi32(0x7F800000));
    return VF{_mm512_castsi512_ps(_mm512_mask_and_epi32(bits, z, bits, _mm512_set1_epi32(INT32_MIN)))};
}

/// c where `src` is not a NaN, else src quieted (its bit 22 set; sign and payload kept): one vfixupimmps whose
/// table answers "QNaN(src)" (token 2) for the quiet and signalling NaN classes (0 and 1) and "keep the
/// destination" (token 0) for the six other classes. The classification reads src as it is (MXCSR.DAZ is never
/// set here: a subnormal src is a value).
HWY_INLINE __m512 NaNOrKeep(__m512 c, __m512 src) {
    return _mm512_fixupimm_ps(c, src, _mm512_set1_epi32(0x22), 0);
}
#endif

/// AddcmulFloatElement's kAddcdiv on lanes: fma(DivHighPrecision(t1, t2), value, self), the division's subnormal
/// inputs and quotient flushed to signed zero. kP the compute dtype's code: FLOAT16 lanes (widened FLOAT16 values,
/// at least 2^-24 in magnitude, at most 65504) are never float32 subnormals, nor is their quotient (at least
/// 2^-40), so the FLOAT16 body skips the flushes (the same bits, fewer instructions). AVX-512: the flushes are
/// AddcdivFlush, and the NaN rule (a NaN r becomes self quieted, else tensor1 quieted, else tensor2 quieted,
/// else kBinaryDefaultNaN) is a chain of four vfixupimmps from the default NaN up (NaNOrKeep of tensor2, tensor1,
/// self, then r kept where it is not a NaN) - branch-free, four instructions instead of four compares, three
/// ORs and four selects.
template <int kP>
struct AddcdivF {
    using Params = BinaryParams;
    static constexpr int kInputs = 3;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        VF q;
#if ACLCPU_ADDCDIV_AVX512
        // n, d: the flushed inputs (a flush leaves NaN lanes as they are, so the NaN rule may read them)
        VF n = x[1], d = x[2];
        if constexpr (kP == kFusedF16) {
            q = hn::Div(n, d);
        } else {
            n = AddcdivFlush(n);
            d = AddcdivFlush(d);
            q = AddcdivFlush(hn::Div(n, d));
        }
        const VF r = hn::MulAdd(q, hn::Set(df, p.alpha_f), x[0]);
        __m512 c = _mm512_castsi512_ps(_mm512_set1_epi32(static_cast<int>(kBinaryDefaultNaN)));
        c = NaNOrKeep(NaNOrKeep(NaNOrKeep(c, d.raw), n.raw), x[0].raw);
        // r where r is not a NaN (token 1, the classified operand itself), else c (token 0)
        return VF{_mm512_fixupimm_ps(c, r.raw, _mm512_set1_epi32(0x11111100), 0)};
#else
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
#endif
    }
};

#if ACLCPU_ADDCDIV_AVX512
/// AddcdivF<kFusedBf16> on one vector of 16 float32 lanes (the odd or even halves of 32 BF16 elements, t1 and t2
/// already flushed in the 16-bit domain: Bf16FlushWords), then RNE to BF16 kept in the upper half of each lane
/// (MergeBf16Quiet's rounding: + 0x7FFF, + 1 more where bit 16 is set, as a masked add; a NaN result is quiet
/// with a zero low half, so no carry reaches its upper half). kFlushQ false: the quotient is used as it is, and
/// *sub gets its subnormal lanes (vfpclassps) - the caller redoes the vector with kFlushQ where any is set (a
/// subnormal quotient is rare: one test per vector instead of the flush's masked AND).
template <bool kFlushQ>
HWY_INLINE __m512i AddcdivBf16Lanes(__m512 a, __m512 n, __m512 d, __m512 value, __mmask16* sub) {
    __m512 q = _mm512_div_ps(n, d);
    if constexpr (kFlushQ) {
        q = AddcdivFlush(VF{q}).raw;
    } else {
        *sub = _mm512_fpclass_ps_mask(q, 0x20);  // 0x20: denormal, either sign
    }
    const __m512 r = _mm512_fmadd_ps(q, value, a);
    __m512 c = _mm512_castsi512_ps(_mm512_set1_epi32(static_cast<int>(kBinaryDefaultNaN)));
    c = NaNOrKeep(NaNOrKeep(NaNOrKeep(c, d), n), a);
    const __m512i u = _mm512_castps_si512(_mm512_fixupimm_ps(c, r, _mm512_set1_epi32(0x11111100), 0));
    const __mmask16 odd_lsb = _mm512_test_epi32_mask(u, _mm512_set1_epi32(0x10000));
    const __m512i t = _mm512_add_epi32(u, _mm512_set1_epi32(0x7FFF));
    return _mm512_mask_add_epi32(t, odd_lsb, t, _mm512_set1_epi32(1));
}

/// 32 BF16 words with the float32-subnormal ones (exponent bits 0x7F80 all zero: zeros and BF16 subnormals,
/// exactly the words whose float32 widening is below FLT_MIN) replaced by their sign bit.
HWY_INLINE __m512i Bf16FlushWords(__m512i w) {
    const __mmask32 z = _mm512_testn_epi16_mask(w, _mm512_set1_epi16(0x7F80));
    return _mm512_mask_mov_epi16(w, z, _mm512_and_si512(w, _mm512_set1_epi16(static_cast<int16_t>(0x8000))));
}

/// 32 BF16 elements of aclnnAddcdiv (self, tensor1, tensor2 at a, b, c; unaligned) to o: the words of tensor1 and
/// tensor2 flushed before the widening (Bf16FlushWords), the odd and even elements as the upper halves of 32-bit
/// lanes (SplitBf16's layout), AddcdivBf16Lanes on each (the quotient's flush only where a lane needs it), merged
/// back as MergeHighHalves does.
template <bool kNT>
HWY_INLINE void AddcdivBf16Vector(const uint16_t* a, const uint16_t* b, const uint16_t* c, __m512 value, uint16_t* o) {
    const __m512i hi = _mm512_set1_epi32(static_cast<int>(0xFFFF0000u));
    const __m512i wa = _mm512_loadu_si512(a);
    const __m512i wb = Bf16FlushWords(_mm512_loadu_si512(b));
    const __m512i wc = Bf16FlushWords(_mm512_loadu_si512(c));
    // odd elements (upper halves in place) and even elements (shifted up) of self, tensor1 and tensor2
    const __m512 ao = _mm512_castsi512_ps(_mm512_and_si512(wa, hi));
    const __m512 ae = _mm512_castsi512_ps(_mm512_slli_epi32(wa, 16));
    const __m512 no = _mm512_castsi512_ps(_mm512_and_si512(wb, hi));
    const __m512 ne = _mm512_castsi512_ps(_mm512_slli_epi32(wb, 16));
    const __m512 dO = _mm512_castsi512_ps(_mm512_and_si512(wc, hi));
    const __m512 de = _mm512_castsi512_ps(_mm512_slli_epi32(wc, 16));
    __mmask16 so, se;
    __m512i yo = AddcdivBf16Lanes<false>(ao, no, dO, value, &so);
    __m512i ye = AddcdivBf16Lanes<false>(ae, ne, de, value, &se);
    if (HWY_UNLIKELY(!_kortestz_mask16_u8(so, se))) {  // a subnormal quotient: the whole vector again, flushed
        yo = AddcdivBf16Lanes<true>(ao, no, dO, value, &so);
        ye = AddcdivBf16Lanes<true>(ae, ne, de, value, &se);
    }
    const __m512i y = _mm512_mask_mov_epi16(yo, 0x55555555u, _mm512_srli_epi32(ye, 16));
    if constexpr (kNT) {
        _mm512_stream_si512(reinterpret_cast<__m512i*>(o), y);
    } else {
        _mm512_storeu_si512(o, y);
    }
}

/// The BF16 aclnnAddcdiv row on AVX-512 (a RowFn; kFusedBf16Quiet): every input contiguous - 64 elements a step,
/// each input prefetched kPrefetchBytes ahead within the row, streaming stores from the first 64-byte aligned
/// output element with kNT; the head before it, the tail after the last whole step and rows with a broadcast
/// input go to the generic driver's row of the same formula (FusedRow<AddcdivF<kFusedBf16>>), which gives the same
/// bits (tests/kernels/addcdiv_rows_test.cpp).
template <bool kNT>
void AddcdivBf16Row(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n64) {
    using Generic = AddcdivF<kFusedBf16>;
    const size_t n = static_cast<size_t>(n64);
    uint16_t* out = reinterpret_cast<uint16_t*>(ptrs[0]);
    if (st[1] == 0 || st[2] == 0 || st[3] == 0 || n < 256 || reinterpret_cast<uintptr_t>(out) % 2 != 0) {
        FusedRow<Generic, kFusedBf16Quiet, kNT>(params, dt, ptrs, st, n64);
        return;
    }
    const BinaryParams& p = *static_cast<const BinaryParams*>(params);
    const uint16_t* in[3] = {reinterpret_cast<const uint16_t*>(ptrs[1]), reinterpret_cast<const uint16_t*>(ptrs[2]),
                             reinterpret_cast<const uint16_t*>(ptrs[3])};
    size_t head = 0;
    if constexpr (kNT) head = ((64 - reinterpret_cast<uintptr_t>(out) % 64) % 64) / 2;
    // [from, to) through the generic row
    auto generic = [&](size_t from, size_t to) {
        if (to <= from) return;
        char* part[4] = {reinterpret_cast<char*>(out + from), ptrs[1] + 2 * from, ptrs[2] + 2 * from,
                         ptrs[3] + 2 * from};
        FusedRow<Generic, kFusedBf16Quiet, kNT>(params, dt, part, st, static_cast<int64_t>(to - from));
    };
    generic(0, head);
    const __m512 value = _mm512_set1_ps(p.alpha_f);
    constexpr size_t kAhead = kPrefetchBytes / sizeof(uint16_t);
    size_t i = head;
    const size_t pend = n > kAhead ? n - kAhead : 0;
    for (; i + 64 <= pend; i += 64) {
        for (int k = 0; k < 3; ++k) PrefetchStep(in[k] + i, 64);
        AddcdivBf16Vector<kNT>(in[0] + i, in[1] + i, in[2] + i, value, out + i);
        AddcdivBf16Vector<kNT>(in[0] + i + 32, in[1] + i + 32, in[2] + i + 32, value, out + i + 32);
    }
    for (; i + 32 <= n; i += 32) AddcdivBf16Vector<kNT>(in[0] + i, in[1] + i, in[2] + i, value, out + i);
    generic(i, n);
}
#endif

RowFn PickAddcdiv(int code, bool nt) {
    switch (code) {
        case kFusedF32: return PickFusedRow<AddcdivF<kFusedF32>, FusedCodes<kFusedF32>>(code, nt);
        case kFusedF16: return PickFusedRow<AddcdivF<kFusedF16>, FusedCodes<kFusedF16>>(code, nt);
        case kFusedBf16Quiet:
#if ACLCPU_ADDCDIV_AVX512
            return nt ? &AddcdivBf16Row<true> : &AddcdivBf16Row<false>;
#else
            return PickFusedRow<AddcdivF<kFusedBf16>, FusedCodes<kFusedBf16Quiet>>(code, nt);
#endif
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
