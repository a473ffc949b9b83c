// Generic f16/bf16 <-> f32 SIMD conversions and the fused rows' load/narrow/store steps, per Highway target
// (Highway's "-inl.h" convention: included by a foreach_target translation unit after <hwy/highway.h>, once
// per target; the include guard toggles with HWY_TARGET_TOGGLE). No operator arithmetic lives here: an
// operator's SIMD rows (l1_simd.cpp) include this file and combine these steps with their own formula.
//
// Conversions: on x86 AVX2/AVX-512 the f16 <-> f32 conversions are the F16C instructions (exact, RNE, with
// _MM_FROUND_NO_EXC: rounding from the immediate, not MXCSR); on every other target (SSE4, SSSE3, scalar,
// non-x86) they are exact integer emulations written here, because Highway 1.0's own emulation truncates
// and mishandles inf/NaN. bf16 narrowing is RNE implemented here with integer ops (Highway 1.0 truncates).
// Everything is bit-exact to the scalar conversions of common/half.h.
#if defined(ACLCPU_KERNELS_SIMD_CONVERT_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ACLCPU_KERNELS_SIMD_CONVERT_INL_H_
#undef ACLCPU_KERNELS_SIMD_CONVERT_INL_H_
#else
#define ACLCPU_KERNELS_SIMD_CONVERT_INL_H_
#endif

#include <cstdint>
#include <cstring>

#include <hwy/cache_control.h>
#include <hwy/highway.h>

#include "kernels/simd_convert.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace kern {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

using detail::kBuf;
using DF = hn::ScalableTag<float>;
using DU32 = hn::RebindToUnsigned<DF>;
using DI32 = hn::RebindToSigned<DF>;
using DU16 = hn::Rebind<uint16_t, DF>;       // N lanes of u16 (half a vector)
using DU16F = hn::Repartition<uint16_t, DF>;  // 2N lanes of u16 (a full vector)
using VF = hn::Vec<DF>;
using VU = hn::Vec<DU32>;
using VI = hn::Vec<DI32>;
using VU16 = hn::Vec<DU16>;

#undef ACLCPU_NATIVE_F16
#if HWY_ARCH_X86 && HWY_TARGET <= HWY_AVX2 && !defined(HWY_DISABLE_F16C)
#define ACLCPU_NATIVE_F16 1  // F16C: vcvtph2ps / vcvtps2ph with _MM_FROUND_NO_EXC (RNE), exact
#else
#define ACLCPU_NATIVE_F16 0  // exact integer emulation below
#endif

#undef ACLCPU_STREAM_OK
#if HWY_TARGET == HWY_SCALAR
#define ACLCPU_STREAM_OK 0
#else
#define ACLCPU_STREAM_OK 1
#endif

/// float32 lanes with every NaN quieted (the quiet bit set, sign and payload kept), the others unchanged: what
/// a vector select or multiply passes on for a NaN element (the activation rows).
HWY_INLINE VF QuietNaNs(DF df, VF x) {
    const DU32 du;
    const VF quieted = hn::BitCast(df, hn::Or(hn::BitCast(du, x), hn::Set(du, 0x00400000u)));
    return hn::IfThenElse(hn::IsNaN(x), quieted, x);
}

// ------------------------------------------------------------------ conversions (bit-exact to half.h)

/// The vector unit's Max / Min on lanes (kernels/threshold.h VecMax, VecMin; the Threshold family and the binary
/// rows' Maximum / Minimum): a NaN lane of a gives it quieted, else a NaN of b quieted;
/// equal lanes the sign bits ANDed (Max: +0 over -0) or ORed (Min: -0 over +0); else the larger / smaller.
template <bool kMax>
HWY_INLINE VF VecMaxMin(DF df, VF a, VF b) {
    const DU32 du;
    VF r = kMax ? hn::IfThenElse(hn::Gt(a, b), a, b) : hn::IfThenElse(hn::Lt(a, b), a, b);
    const VF tie = kMax ? hn::BitCast(df, hn::And(hn::BitCast(du, a), hn::BitCast(du, b)))
                        : hn::BitCast(df, hn::Or(hn::BitCast(du, a), hn::BitCast(du, b)));
    r = hn::IfThenElse(hn::Eq(a, b), tie, r);
    r = hn::IfThenElse(hn::IsNaN(b), QuietNaNs(df, b), r);
    return hn::IfThenElse(hn::IsNaN(a), QuietNaNs(df, a), r);
}

/// binary16 bits (zero-extended lanes) -> float32, exact. NaN payloads: F16C quiets a signalling NaN, the
/// emulation keeps it; both only ever feed compares and products, which quiet it anyway.
HWY_INLINE VF HalfToF32(DF df, VU16 h) {
#if ACLCPU_NATIVE_F16
    const hn::Rebind<hwy::float16_t, DF> dh;
    return hn::PromoteTo(df, hn::BitCast(dh, h));
#else
    const DU32 du;
    const DI32 di;
    const VU bits = hn::PromoteTo(du, h);
    const VU sign = hn::ShiftLeft<16>(hn::And(bits, hn::Set(du, 0x8000u)));
    const VU em = hn::And(bits, hn::Set(du, 0x7FFFu));
    const VU e = hn::ShiftRight<10>(em);
    const VU shifted = hn::ShiftLeft<13>(em);
    const VU normal = hn::Add(shifted, hn::Set(du, 0x38000000u));     // exponent + (127 - 15)
    const VU infnan = hn::Or(shifted, hn::Set(du, 0x7F800000u));      // 31 << 23 | m << 13 | 0x7F800000
    const VF subf = hn::Mul(hn::ConvertTo(df, hn::BitCast(di, em)), hn::Set(df, 1.0f / 16777216.0f));  // m * 2^-24
    const VU sub = hn::BitCast(du, subf);
    const VU r = hn::IfThenElse(hn::Eq(e, hn::Zero(du)), sub,
                                hn::IfThenElse(hn::Eq(e, hn::Set(du, 31u)), infnan, normal));
    return hn::BitCast(df, hn::Or(r, sign));
#endif
}

/// float32 -> binary16 bits, RNE, overflow -> inf, subnormals kept, NaN -> quiet NaN keeping the top payload.
HWY_INLINE VU16 F32ToHalf(DF df, VF v) {
    const DU16 du16;
#if ACLCPU_NATIVE_F16
    const hn::Rebind<hwy::float16_t, DF> dh;
    return hn::BitCast(du16, hn::DemoteTo(dh, v));
#else
    (void)df;
    const DU32 du;
    const DI32 di;
    const VU u = hn::BitCast(du, v);
    const VU sign = hn::And(hn::ShiftRight<16>(u), hn::Set(du, 0x8000u));
    const VU abs = hn::And(u, hn::Set(du, 0x7FFFFFFFu));
    const VI ai = hn::BitCast(di, abs);  // non-negative: signed compares are exact
    const VU nan = hn::Or(hn::Set(du, 0x7E00u), hn::And(hn::ShiftRight<13>(abs), hn::Set(du, 0x3FFu)));
    // normal results: (abs + 0xFFF + lsb - (112 << 23)) >> 13
    const VU lsb = hn::And(hn::ShiftRight<13>(abs), hn::Set(du, 1u));
    const VU normal = hn::ShiftRight<13>(
        hn::Sub(hn::Add(hn::Add(abs, hn::Set(du, 0xFFFu)), lsb), hn::Set(du, 0x38000000u)));
    // subnormal results (2^-25 <= |v| < 2^-14): q = mant >> shift rounded to nearest even, shift = 126 - exp
    const VI exp = hn::Min(hn::Max(hn::BitCast(di, hn::ShiftRight<23>(abs)), hn::Set(di, 102)), hn::Set(di, 112));
    const VU shift = hn::BitCast(du, hn::Sub(hn::Set(di, 126), exp));  // 14 .. 24
    const VU mant = hn::Or(hn::And(abs, hn::Set(du, 0x7FFFFFu)), hn::Set(du, 0x800000u));
    const VU qlsb = hn::And(hn::Shr(mant, shift), hn::Set(du, 1u));
    const VU halfm1 = hn::Sub(hn::Shl(hn::Set(du, 1u), hn::Sub(shift, hn::Set(du, 1u))), hn::Set(du, 1u));
    const VU sub = hn::Shr(hn::Add(hn::Add(mant, halfm1), qlsb), shift);
    // (Highway 1.0 has no signed >= on x86_128: x >= c is written x > c - 1.)
    VU r = hn::IfThenElseZero(hn::RebindMask(du, hn::Gt(ai, hn::Set(di, 0x33000000 - 1))), sub);
    r = hn::IfThenElse(hn::RebindMask(du, hn::Gt(ai, hn::Set(di, 0x38800000 - 1))), normal, r);
    r = hn::IfThenElse(hn::RebindMask(du, hn::Gt(ai, hn::Set(di, 0x477FF000 - 1))), hn::Set(du, 0x7C00u), r);
    r = hn::IfThenElse(hn::RebindMask(du, hn::Gt(ai, hn::Set(di, 0x7F800000))), nan, r);
    r = hn::Or(r, sign);
    return hn::DemoteTo(du16, hn::BitCast(di, r));  // every lane <= 0xFFFF: the saturating pack is exact
#endif
}

/// bfloat16 bits -> float32 (exact).
HWY_INLINE VF Bf16ToF32(DF df, VU16 b) {
    const DU32 du;
    return hn::BitCast(df, hn::ShiftLeft<16>(hn::PromoteTo(du, b)));
}

/// Round to nearest even at bit 16 of float32 bits u: the bf16 result in the upper half of each lane, for
/// every non-NaN input (overflow rounds to infinity); a NaN whose low 16 bits are zero maps to itself.
HWY_INLINE VU RneBf16High(VU u) {
    const DU32 du;
    const VU lsb = hn::And(hn::ShiftRight<16>(u), hn::Set(du, 1u));
    return hn::Add(hn::Add(u, hn::Set(du, 0x7FFFu)), lsb);
}

/// float32 -> bfloat16 bits, RNE (never truncation), NaN -> quiet NaN (sign and top payload kept).
HWY_INLINE VU16 F32ToBf16(DF df, VF v) {
    (void)df;
    const DU32 du;
    const DI32 di;
    const DU16 du16;
    const VU u = hn::BitCast(du, v);
    const VI abs = hn::BitCast(di, hn::And(u, hn::Set(du, 0x7FFFFFFFu)));
    const VU rounded = hn::ShiftRight<16>(RneBf16High(u));
    const VU nan = hn::Or(hn::ShiftRight<16>(u), hn::Set(du, 0x40u));
    const VU r = hn::IfThenElse(hn::RebindMask(du, hn::Gt(abs, hn::Set(di, 0x7F800000))), nan, rounded);
    return hn::DemoteTo(du16, hn::BitCast(di, r));  // lanes <= 0xFFFF
}

#if HWY_TARGET != HWY_SCALAR
// bf16 in pairs of vectors without crossing 128-bit blocks: a full vector of 2N bf16 splits into its odd
// elements (already the upper halves of the u32 lanes) and its even elements (shifted up), and two result
// vectors merge back the same way. Elementwise arithmetic does not care which elements share a vector.
using VU16F = hn::Vec<DU16F>;

HWY_INLINE void SplitBf16(DF df, VU16F v, VF* odd, VF* even) {
    const DU32 du;
    const VU w = hn::BitCast(du, v);
    *odd = hn::BitCast(df, hn::And(w, hn::Set(du, 0xFFFF0000u)));
    *even = hn::BitCast(df, hn::ShiftLeft<16>(w));
}

// RNE to bf16 kept in the upper 16 bits of each u32 lane (NaN: quiet, sign and top payload kept).
HWY_INLINE VU RoundBf16High(DF df, VF v) {
    (void)df;
    const DU32 du;
    const VU u = hn::BitCast(du, v);
    const VU rounded = RneBf16High(u);
    const VU nan = hn::Or(u, hn::Set(du, 0x00400000u));
    return hn::IfThenElse(hn::RebindMask(du, hn::IsNaN(v)), nan, rounded);
}

// One vector of 2N bf16 from the upper halves of two u32 vectors: odd u16 lanes from `odd`, even from `even`.
HWY_INLINE VU16F MergeHighHalves(VU odd, VU even) {
    const DU16F du16f;
    return hn::OddEven(hn::BitCast(du16f, odd), hn::BitCast(du16f, hn::ShiftRight<16>(even)));
}

HWY_INLINE VU16F MergeBf16(DF df, VF odd, VF even) {
    return MergeHighHalves(RoundBf16High(df, odd), RoundBf16High(df, even));
}
#endif

/// v rounded to the promote type kP (0 FLOAT, 1 FLOAT16, 2 BF16; RNE, NaN quieted as F32ToHalf / F32ToBf16
/// quiet it), as float32 lanes. BF16 stays in the 32-bit lanes (RoundBf16High, low half cleared): the same
/// bits as F32ToBf16 then Bf16ToF32, without the narrowing and widening shuffles.
template <int kP>
HWY_INLINE VF RoundToP(DF df, VF v) {
    if constexpr (kP == 1) return HalfToF32(df, F32ToHalf(df, v));
#if HWY_TARGET != HWY_SCALAR
    if constexpr (kP == 2) {
        const DU32 du;
        return hn::BitCast(df, hn::And(RoundBf16High(df, v), hn::Set(du, 0xFFFF0000u)));
    }
#else
    if constexpr (kP == 2) return Bf16ToF32(df, F32ToBf16(df, v));
#endif
    return v;
}

// ------------------------------------------------------------------ array conversions (test hooks, blocks)

template <class In, class Out, class Fn>
HWY_INLINE void ConvertArray(const In* in, Out* out, size_t n, size_t N, Fn&& step) {
    size_t i = 0;
    for (; i + N <= n; i += N) step(in + i, out + i);
    if (i < n) {  // the tail through the same vector code, via zero-padded buffers
        alignas(64) In bi[kBuf] = {};
        alignas(64) Out bo[kBuf];
        std::memcpy(bi, in + i, (n - i) * sizeof(In));
        step(bi, bo);
        std::memcpy(out + i, bo, (n - i) * sizeof(Out));
    }
}

inline void H2F(const uint16_t* in, float* out, size_t n) {
    const DF df;
    const DU16 du16;
    ConvertArray(in, out, n, hn::Lanes(df),
                 [&](const uint16_t* a, float* b) { hn::StoreU(HalfToF32(df, hn::LoadU(du16, a)), df, b); });
}

inline void B2F(const uint16_t* in, float* out, size_t n) {
    const DF df;
    const DU16 du16;
    ConvertArray(in, out, n, hn::Lanes(df),
                 [&](const uint16_t* a, float* b) { hn::StoreU(Bf16ToF32(df, hn::LoadU(du16, a)), df, b); });
}

inline void F2H(const float* in, uint16_t* out, size_t n) {
    const DF df;
    const DU16 du16;
    ConvertArray(in, out, n, hn::Lanes(df),
                 [&](const float* a, uint16_t* b) { hn::StoreU(F32ToHalf(df, hn::LoadU(df, a)), du16, b); });
}

inline void F2B(const float* in, uint16_t* out, size_t n) {
    const DF df;
    const DU16 du16;
    ConvertArray(in, out, n, hn::Lanes(df),
                 [&](const float* a, uint16_t* b) { hn::StoreU(F32ToBf16(df, hn::LoadU(df, a)), du16, b); });
}

inline void StreamCopy(const char* src, char* dst, size_t n) {
#if ACLCPU_STREAM_OK
    const hn::ScalableTag<uint8_t> d8;
    const size_t V = hn::Lanes(d8);
    size_t head = (V - reinterpret_cast<uintptr_t>(dst) % V) % V;
    if (head > n) head = n;
    std::memcpy(dst, src, head);
    size_t i = head;
    for (; i + V <= n; i += V) hn::Stream(hn::LoadU(d8, reinterpret_cast<const uint8_t*>(src + i)), d8,
                                          reinterpret_cast<uint8_t*>(dst + i));
    std::memcpy(dst + i, src + i, n - i);
#else
    std::memcpy(dst, src, n);
#endif
}

inline void Bf16Pairs(const float* even, const float* odd, uint16_t* out, size_t pairs) {
#if HWY_TARGET != HWY_SCALAR
    const DF df;
    const DU16F du16f;
    const size_t N = hn::Lanes(df);
    size_t i = 0;
    for (; i + N <= pairs; i += N) {
        hn::StoreU(MergeBf16(df, hn::LoadU(df, odd + i), hn::LoadU(df, even + i)), du16f, out + 2 * i);
    }
    if (i < pairs) {
        alignas(64) float be[kBuf] = {}, bo[kBuf] = {};
        alignas(64) uint16_t bout[2 * kBuf];
        std::memcpy(be, even + i, (pairs - i) * sizeof(float));
        std::memcpy(bo, odd + i, (pairs - i) * sizeof(float));
        hn::Store(MergeBf16(df, hn::Load(df, bo), hn::Load(df, be)), du16f, bout);
        std::memcpy(out + 2 * i, bout, 2 * (pairs - i) * sizeof(uint16_t));
    }
#else
    for (size_t i = 0; i < pairs; ++i) {  // the scalar target's fused rows narrow one lane at a time
        const DF df;
        const DU16 du16;
        hn::StoreU(F32ToBf16(df, hn::LoadU(df, even + i)), du16, out + 2 * i);
        hn::StoreU(F32ToBf16(df, hn::LoadU(df, odd + i)), du16, out + 2 * i + 1);
    }
#endif
}

// ------------------------------------------------------------------ fused-row element steps


// kDt: 0 FLOAT, 1 FLOAT16, 2 BF16, 3 BF16 with r == 1 (results need no rounding: MergeBf16Exact).
template <int kDt>
struct Elem {
    using T = uint16_t;  // FLOAT16 / BF16 bits
};
template <>
struct Elem<0> {
    using T = float;
};

template <int kDt>
HWY_INLINE VF LoadAs(DF df, const typename Elem<kDt>::T* p) {
    if constexpr (kDt == 0) {
        return hn::LoadU(df, p);
    } else {
        const DU16 du16;
        const VU16 h = hn::LoadU(du16, p);
        return kDt == 1 ? HalfToF32(df, h) : Bf16ToF32(df, h);
    }
}

template <int kDt>
HWY_INLINE VU16 NarrowAs(DF df, VF y) {
    return kDt == 1 ? F32ToHalf(df, y) : F32ToBf16(df, y);
}

// Two vectors (2N elements) of results stored at p: plain or streaming (p then 4N-byte aligned).
template <int kDt, bool kNT>
HWY_INLINE void Store2(DF df, VF y0, VF y1, typename Elem<kDt>::T* p) {
    const size_t N = hn::Lanes(df);
    if constexpr (kDt == 0) {
        if constexpr (kNT && ACLCPU_STREAM_OK) {
            hn::Stream(y0, df, p);
            hn::Stream(y1, df, p + N);
        } else {
            hn::StoreU(y0, df, p);
            hn::StoreU(y1, df, p + N);
        }
    } else {
        const DU16 du16;
        const VU16 h0 = NarrowAs<kDt>(df, y0);
        const VU16 h1 = NarrowAs<kDt>(df, y1);
#if ACLCPU_STREAM_OK
        if constexpr (kNT) {
            const DU16F du16f;  // one full vector: Highway streams whole vectors only
            hn::Stream(hn::Combine(du16f, h1, h0), du16f, p);
            return;
        }
#endif
        hn::StoreU(h0, du16, p);
        hn::StoreU(h1, du16, p + N);
    }
}


/// Makes this thread's streaming stores globally visible (sfence on x86).
inline void Flush() {
#if HWY_ARCH_X86 && ACLCPU_STREAM_OK
    hwy::FlushStream();
#endif
}

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace kern
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#endif  // include guard
