// SIMD bodies of the L1 gradient rows (see l1_simd.h). Compiled once per Highway target by foreach_target;
// the HWY_ONCE part at the end holds the target-independent selection and the block-row driver.
#ifndef ACLCPU_L1_SIMD_COMMON
#define ACLCPU_L1_SIMD_COMMON

#include "kernels/l1_simd.h"

#include <cstring>

#include "kernels/convert.h"
#include "tensor/dtype.h"

namespace aclcpu {
namespace kern {
namespace detail {

/// Block compute: y[i] = RoundToPromoted(L1Element(g[i & gm], s[i & sm], t[i & tm]), P) for i < n, where a
/// mask of 0 makes that input a broadcast (its pointer then holds at least one vector of the value).
using ComputeFn = void (*)(const float* g, size_t gm, const float* s, size_t sm, const float* t, size_t tm,
                           float* y, size_t n, float r);
using ConvertInFn = void (*)(const uint16_t* in, float* out, size_t n);
using ConvertOutFn = void (*)(const float* in, uint16_t* out, size_t n);

/// Copies n bytes to dst with streaming stores where dst is vector-aligned (plain stores at the ends).
using StreamCopyFn = void (*)(const char* src, char* dst, size_t n);

/// The fused bf16 rows' narrowing (test hook): out[2i] = bf16(even[i]), out[2i + 1] = bf16(odd[i]).
using PairsFn = void (*)(const float* even, const float* odd, uint16_t* out, size_t pairs);

/// The SIMD helpers of one target, for the block rows.
struct Ops {
    ConvertInFn h2f, b2f;
    ConvertOutFn f2h, f2b;
    StreamCopyFn stream_copy;
    PairsFn bf16_pairs;
    ComputeFn compute[2][3];  // [rule: 0 arch35, 1 tbe][P: 0 FLOAT, 1 FLOAT16, 2 BF16]
    size_t lanes;             // float lanes of one vector
};

constexpr size_t kBuf = 64;  // elements of a stack vector buffer: >= 4 vectors of float on every x86 target

}  // namespace detail
}  // namespace kern
}  // namespace aclcpu

#endif  // ACLCPU_L1_SIMD_COMMON

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/l1_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
// foreach_target re-includes this file once per target; highway.h must follow it.
#include <hwy/cache_control.h>
#include <hwy/highway.h>

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

// ------------------------------------------------------------------ conversions (bit-exact to half.h)

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

// MergeBf16 for the fused rows' results, whose NaNs have zero low 16 bits: with all inputs bf16, a NaN
// result is an input NaN quieted by a product (payload in the upper half) or the default NaN of 0 * inf,
// and r = 1/n is never NaN. Adding 0x7FFF + lsb to zero low bits never carries, so plain RNE already maps
// such a NaN to its own upper half (quiet): the NaN test and blend of RoundBf16High are not needed.
HWY_INLINE VU16F MergeBf16Fused(DF df, VF odd, VF even) {
    (void)df;
    const DU32 du;
    return MergeHighHalves(RneBf16High(hn::BitCast(du, odd)), RneBf16High(hn::BitCast(du, even)));
}

// MergeBf16 without the rounding step, for r == 1 (reduction none or sum): every result is then +-g, +-0 or
// a NaN, and all of them are bf16 values already - g is a bf16 input, g * 1 and sign * g are exact, and a
// NaN result (an input NaN quieted, or the default NaN of 0 * inf) has zero low 16 bits - so RNE would
// change nothing and the upper halves are the answer as they are.
HWY_INLINE VU16F MergeBf16Exact(DF df, VF odd, VF even) {
    (void)df;
    const DU32 du;
    return MergeHighHalves(hn::BitCast(du, odd), hn::BitCast(du, even));
}
#endif

template <int kP>  // 0 FLOAT, 1 FLOAT16, 2 BF16
HWY_INLINE VF RoundToP(DF df, VF v) {
    if constexpr (kP == 1) return HalfToF32(df, F32ToHalf(df, v));
    if constexpr (kP == 2) return Bf16ToF32(df, F32ToBf16(df, v));
    return v;
}

// ------------------------------------------------------------------ the arithmetic (L1Element)

template <bool kTbe>
HWY_INLINE VF Grad(DF df, VF g, VF s, VF t, VF r) {
    const VF one = hn::Set(df, 1.0f);
    const VF mone = hn::Set(df, -1.0f);
    const VF zero = hn::Zero(df);
    const auto gt = hn::Gt(s, t);  // ordered: false with NaN
    VF sign;
    if constexpr (kTbe) {
        // s != t ? (s > t ? 1 : -1) : 0, with C++'s != (true for NaN); not Highway's operator!=.
        sign = hn::IfThenElse(hn::Not(hn::Eq(s, t)), hn::IfThenElse(gt, one, mone), zero);
    } else {
        // s < t ? -1 : (s > t ? 1 : 0)
        sign = hn::IfThenElse(hn::Lt(s, t), mone, hn::IfThenElse(gt, one, zero));
    }
    return hn::Mul(sign, hn::Mul(g, r));  // two products, this order, never fused
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

void H2F(const uint16_t* in, float* out, size_t n) {
    const DF df;
    const DU16 du16;
    ConvertArray(in, out, n, hn::Lanes(df),
                 [&](const uint16_t* a, float* b) { hn::StoreU(HalfToF32(df, hn::LoadU(du16, a)), df, b); });
}

void B2F(const uint16_t* in, float* out, size_t n) {
    const DF df;
    const DU16 du16;
    ConvertArray(in, out, n, hn::Lanes(df),
                 [&](const uint16_t* a, float* b) { hn::StoreU(Bf16ToF32(df, hn::LoadU(du16, a)), df, b); });
}

void F2H(const float* in, uint16_t* out, size_t n) {
    const DF df;
    const DU16 du16;
    ConvertArray(in, out, n, hn::Lanes(df),
                 [&](const float* a, uint16_t* b) { hn::StoreU(F32ToHalf(df, hn::LoadU(df, a)), du16, b); });
}

void F2B(const float* in, uint16_t* out, size_t n) {
    const DF df;
    const DU16 du16;
    ConvertArray(in, out, n, hn::Lanes(df),
                 [&](const float* a, uint16_t* b) { hn::StoreU(F32ToBf16(df, hn::LoadU(df, a)), du16, b); });
}

void StreamCopy(const char* src, char* dst, size_t n) {
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

void Bf16Pairs(const float* even, const float* odd, uint16_t* out, size_t pairs) {
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

// ------------------------------------------------------------------ block compute

template <bool kTbe, int kP>
void Compute(const float* g, size_t gm, const float* s, size_t sm, const float* t, size_t tm, float* y, size_t n,
             float r) {
    const DF df;
    const size_t N = hn::Lanes(df);
    const VF vr = hn::Set(df, r);
    size_t i = 0;
    for (; i + N <= n; i += N) {
        const VF vg = hn::LoadU(df, g + (i & gm));
        const VF vs = hn::LoadU(df, s + (i & sm));
        const VF vt = hn::LoadU(df, t + (i & tm));
        hn::StoreU(RoundToP<kP>(df, Grad<kTbe>(df, vg, vs, vt, vr)), df, y + i);
    }
    if (i < n) {
        const size_t m = n - i;
        alignas(64) float bg[kBuf] = {}, bs[kBuf] = {}, bt[kBuf] = {}, by[kBuf];
        std::memcpy(bg, g + (i & gm), (gm ? m : N) * sizeof(float));
        std::memcpy(bs, s + (i & sm), (sm ? m : N) * sizeof(float));
        std::memcpy(bt, t + (i & tm), (tm ? m : N) * sizeof(float));
        hn::Store(RoundToP<kP>(df, Grad<kTbe>(df, hn::Load(df, bg), hn::Load(df, bs), hn::Load(df, bt), vr)), df,
                  by);
        std::memcpy(y + i, by, m * sizeof(float));
    }
}

// ------------------------------------------------------------------ fused rows

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

// Three input streams and an output stream per thread are more than the hardware prefetchers keep ahead of
// on their own (measured: a row reached 20-22 GB/s against 26-33 GB/s for a streaming copy on one core);
// fetching each input 512 bytes ahead closes most of that gap. Broadcast inputs (mask 0) need none.
// Never past the row's end: rows of tiled plans are short pieces of longer lines, and fetching beyond them
// would cost bandwidth for data the next piece of this thread does not read.
constexpr size_t kPrefetchBytes = 512;

template <typename T>
HWY_INLINE void Prefetch(const T* const* in, const size_t* mask, size_t i, size_t n) {
    constexpr size_t kAhead = kPrefetchBytes / sizeof(T);
    if (i + kAhead >= n) return;
    for (int k = 0; k < 3; ++k) {
        if (mask[k] != 0) __builtin_prefetch(in[k] + i + kAhead);
    }
}

// Elements of one step of the fused rows: 64 bytes (a cache line) of each input, 2N FLOAT or 4N 16-bit.
template <int kDt>
constexpr size_t LineElems(size_t N) {
    return kDt == 0 ? 2 * N : 4 * N;
}

// One step: LineElems elements from g, s, t (each contiguous over the step) to o (streaming stores: o is
// vector-aligned).
template <int kDt, bool kTbe, bool kNT>
HWY_INLINE void LineStep(DF df, VF vr, const typename Elem<kDt>::T* g, const typename Elem<kDt>::T* s,
                         const typename Elem<kDt>::T* t, typename Elem<kDt>::T* o) {
    const size_t N = hn::Lanes(df);
#if HWY_TARGET != HWY_SCALAR
    if constexpr (kDt == 2 || kDt == 3) {  // bf16 as odd/even halves of full vectors (no lane crossing)
        const DU16F du16f;
        for (size_t h = 0; h < 4 * N; h += 2 * N) {
            VF go, ge, so, se, to, te;
            SplitBf16(df, hn::LoadU(du16f, g + h), &go, &ge);
            SplitBf16(df, hn::LoadU(du16f, s + h), &so, &se);
            SplitBf16(df, hn::LoadU(du16f, t + h), &to, &te);
            const VF yo = Grad<kTbe>(df, go, so, to, vr), ye = Grad<kTbe>(df, ge, se, te, vr);
            const VU16F y = kDt == 3 ? MergeBf16Exact(df, yo, ye) : MergeBf16Fused(df, yo, ye);
            if constexpr (kNT) {
                hn::Stream(y, du16f, o + h);
            } else {
                hn::StoreU(y, du16f, o + h);
            }
        }
        return;
    }
#endif
    for (size_t h = 0; h < LineElems<kDt>(N); h += 2 * N) {
        const VF y0 = Grad<kTbe>(df, LoadAs<kDt>(df, g + h), LoadAs<kDt>(df, s + h), LoadAs<kDt>(df, t + h), vr);
        const VF y1 = Grad<kTbe>(df, LoadAs<kDt>(df, g + h + N), LoadAs<kDt>(df, s + h + N),
                                 LoadAs<kDt>(df, t + h + N), vr);
        Store2<kDt, kNT>(df, y0, y1, o + h);
    }
}

template <int kDt, bool kTbe, bool kNT>
void FusedRow(const L1Params& p, const aclDataType*, char* const* ptrs, const int64_t* st, int64_t n64) {
    using T = typename Elem<kDt>::T;
    const DF df;
    const size_t N = hn::Lanes(df);
    const size_t n = static_cast<size_t>(n64);
    T* out = reinterpret_cast<T*>(ptrs[0]);
    if constexpr (kNT) {
        if (reinterpret_cast<uintptr_t>(out) % sizeof(T) != 0) {  // never vector-aligned: plain stores
            FusedRow<kDt, kTbe, false>(p, nullptr, ptrs, st, n64);
            return;
        }
    }
    // Inputs: pointer and index mask (0 for a broadcast input, whose value fills a buffer of one step).
    alignas(64) T splat[3][kBuf];
    const T* in[3];
    size_t mask[3];
    for (int k = 0; k < 3; ++k) {
        if (st[k + 1] == 0) {
            T v;
            std::memcpy(&v, ptrs[k + 1], sizeof(T));
            for (size_t j = 0; j < LineElems<kDt>(N); ++j) splat[k][j] = v;
            in[k] = splat[k];
            mask[k] = 0;
        } else {
            in[k] = reinterpret_cast<const T*>(ptrs[k + 1]);
            mask[k] = ~size_t{0};
        }
    }
    const VF vr = hn::Set(df, p.r);
    // A partial step of m <= N elements through zero-padded buffers (same vector code, plain stores).
    auto partial = [&](size_t i, size_t m) {
        alignas(64) T b[3][kBuf];
        alignas(64) T bo[kBuf];
        for (int k = 0; k < 3; ++k) {  // one vector per input: m elements, zeros after them
            const size_t c = mask[k] ? m : N;
            std::memcpy(b[k], in[k] + (i & mask[k]), c * sizeof(T));
            std::memset(b[k] + c, 0, (N - c) * sizeof(T));
        }
        const VF y = Grad<kTbe>(df, LoadAs<kDt>(df, b[0]), LoadAs<kDt>(df, b[1]), LoadAs<kDt>(df, b[2]), vr);
        if constexpr (kDt == 0) {
            hn::Store(y, df, bo);
        } else {
            const DU16 du16;
            hn::StoreU(NarrowAs<kDt>(df, y), du16, bo);
        }
        std::memcpy(out + i, bo, m * sizeof(T));
    };
    size_t i = 0;
    if constexpr (kNT && ACLCPU_STREAM_OK) {
        // Reach a vector-aligned output address with plain stores first (elements are naturally aligned,
        // checked at selection).
        const size_t align = N * sizeof(float);
        const size_t mis = reinterpret_cast<uintptr_t>(out) % align;
        size_t head = mis == 0 ? 0 : (align - mis) / sizeof(T);
        if (head > n) head = n;
        while (i < head) {
            const size_t m = head - i < N ? head - i : N;
            partial(i, m);
            i += m;
        }
    }
    constexpr size_t kAhead = kPrefetchBytes / sizeof(T);
    const size_t U = LineElems<kDt>(N);
    if (mask[0] & mask[1] & mask[2]) {
        // Every input contiguous (the common case): one index, no masks; the prefetching part of the loop is
        // split from the rest instead of testing the row's end at every step.
        const T* g = in[0];
        const T* s = in[1];
        const T* t = in[2];
        const size_t pend = n > kAhead ? n - kAhead : 0;
        for (; i + U <= pend; i += U) {
            __builtin_prefetch(g + i + kAhead);
            __builtin_prefetch(s + i + kAhead);
            __builtin_prefetch(t + i + kAhead);
            LineStep<kDt, kTbe, kNT>(df, vr, g + i, s + i, t + i, out + i);
        }
        for (; i + U <= n; i += U) LineStep<kDt, kTbe, kNT>(df, vr, g + i, s + i, t + i, out + i);
    } else {
        for (; i + U <= n; i += U) {
            Prefetch(in, mask, i, n);
            LineStep<kDt, kTbe, kNT>(df, vr, in[0] + (i & mask[0]), in[1] + (i & mask[1]), in[2] + (i & mask[2]),
                                     out + i);
        }
    }
    while (i < n) {
        const size_t m = n - i < N ? n - i : N;
        partial(i, m);
        i += m;
    }
}

template <int kDt, bool kTbe>
L1RowFn PickNT(bool nt) {
    return nt ? &FusedRow<kDt, kTbe, true> : &FusedRow<kDt, kTbe, false>;
}

template <int kDt>
L1RowFn PickRule(bool tbe, bool nt) {
    return tbe ? PickNT<kDt, true>(nt) : PickNT<kDt, false>(nt);
}

/// The fused body of this target for dtype code dt (0 FLOAT, 1 FLOAT16, 2 BF16, 3 BF16 with r == 1).
L1RowFn SelectFused(int dt, int tbe, int nt) {
    if (hn::Lanes(DF()) * 4 > kBuf) return nullptr;  // a step wider than the stack buffers (not on x86)
    switch (dt) {
        case 0: return PickRule<0>(tbe != 0, nt != 0);
        case 1: return PickRule<1>(tbe != 0, nt != 0);
        case 2: return PickRule<2>(tbe != 0, nt != 0);
        case 3: return PickRule<3>(tbe != 0, nt != 0);
        default: return nullptr;
    }
}

const detail::Ops* GetOps() {
    static const detail::Ops ops = {
        &H2F,
        &B2F,
        &F2H,
        &F2B,
        &StreamCopy,
        &Bf16Pairs,
        {{&Compute<false, 0>, &Compute<false, 1>, &Compute<false, 2>},
         {&Compute<true, 0>, &Compute<true, 1>, &Compute<true, 2>}},
        hn::Lanes(DF()),
    };
    return &ops;
}

void Flush() {
#if HWY_ARCH_X86 && ACLCPU_STREAM_OK
    hwy::FlushStream();
#endif
}

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace kern
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {
namespace kern {

HWY_EXPORT(SelectFused);
HWY_EXPORT(GetOps);
HWY_EXPORT(Flush);

namespace {

int DtypeCode(aclDataType dt) {
    switch (dt) {
        case ACL_FLOAT: return 0;
        case ACL_FLOAT16: return 1;
        case ACL_BF16: return 2;
        default: return -1;
    }
}

// How a block row gets one input into float32.
enum class InKind {
    kDirect,      // contiguous FLOAT: used in place
    kSplat,       // broadcast: one value
    kH2F,         // contiguous FLOAT16: SIMD conversion into the block
    kB2F,         // contiguous BF16: SIMD conversion into the block
    kGatherF32,   // strided FLOAT
    kGatherF16,   // strided FLOAT16
    kGatherBf16,  // strided BF16
    kScalar,      // anything else (integers, bool, or a float dtype wider than P): convert.h per element
};

// Whether every value of float dtype dt is a value of P (then loading needs no rounding to P).
bool FitsPromote(aclDataType dt, aclDataType P) {
    if (dt == P) return true;
    return P == ACL_FLOAT && (dt == ACL_FLOAT16 || dt == ACL_BF16);
}

InKind ClassifyInput(aclDataType dt, int64_t stride, aclDataType P) {
    if (stride == 0) return InKind::kSplat;
    if (!FitsPromote(dt, P)) return InKind::kScalar;
    const bool contiguous = stride == static_cast<int64_t>(ItemSize(dt));
    switch (dt) {
        case ACL_FLOAT: return contiguous ? InKind::kDirect : InKind::kGatherF32;
        case ACL_FLOAT16: return contiguous ? InKind::kH2F : InKind::kGatherF16;
        case ACL_BF16: return contiguous ? InKind::kB2F : InKind::kGatherBf16;
        default: return InKind::kScalar;
    }
}

// kNT: a contiguous output is written with streaming stores (from the stack block; the caller fences).
template <bool kNT>
void BlockRow(const L1Params& p, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    constexpr int64_t kBlock = 512;
    const detail::Ops& ops = *HWY_DYNAMIC_DISPATCH(GetOps)();
    const int pc = DtypeCode(p.promote) < 0 ? 0 : DtypeCode(p.promote);
    const detail::ComputeFn compute = ops.compute[p.rule == SignRule::kTbe ? 1 : 0][pc];
    alignas(64) float blk[3][kBlock];
    alignas(64) float splat[3][detail::kBuf];
    alignas(64) float ybuf[kBlock];
    alignas(64) uint16_t hbuf[kBlock];
    InKind kind[3];
    for (int k = 0; k < 3; ++k) {
        kind[k] = ClassifyInput(dt[k + 1], st[k + 1], p.promote);
        if (kind[k] == InKind::kSplat) {
            const float v = LoadPromoted(ptrs[k + 1], dt[k + 1], p.promote);
            for (size_t j = 0; j < detail::kBuf; ++j) splat[k][j] = v;
        }
    }
    const aclDataType odt = dt[0];
    const bool out_contiguous = st[0] == static_cast<int64_t>(ItemSize(odt));
    for (int64_t base = 0; base < n; base += kBlock) {
        const int64_t m = n - base < kBlock ? n - base : kBlock;
        const float* src[3];
        size_t mask[3];
        for (int k = 0; k < 3; ++k) {
            const char* q = ptrs[k + 1] + base * st[k + 1];
            const int64_t s = st[k + 1];
            float* b = blk[k];
            mask[k] = ~size_t{0};
            src[k] = b;
            switch (kind[k]) {
                case InKind::kDirect: src[k] = reinterpret_cast<const float*>(q); break;
                case InKind::kSplat:
                    src[k] = splat[k];
                    mask[k] = 0;
                    break;
                case InKind::kH2F: ops.h2f(reinterpret_cast<const uint16_t*>(q), b, static_cast<size_t>(m)); break;
                case InKind::kB2F: ops.b2f(reinterpret_cast<const uint16_t*>(q), b, static_cast<size_t>(m)); break;
                case InKind::kGatherF32:
                    for (int64_t i = 0; i < m; ++i) b[i] = LoadRaw<float>(q + i * s);
                    break;
                case InKind::kGatherF16:
                    for (int64_t i = 0; i < m; ++i) b[i] = HalfToFloat(LoadRaw<uint16_t>(q + i * s));
                    break;
                case InKind::kGatherBf16:
                    for (int64_t i = 0; i < m; ++i) b[i] = Bf16ToFloat(LoadRaw<uint16_t>(q + i * s));
                    break;
                case InKind::kScalar:
                    for (int64_t i = 0; i < m; ++i) b[i] = LoadPromoted(q + i * s, dt[k + 1], p.promote);
                    break;
            }
        }
        char* o = ptrs[0] + base * st[0];
        // y_P (a value of P, as float32), then converted to gradInput's dtype.
        float* y = (!kNT && odt == ACL_FLOAT && out_contiguous) ? reinterpret_cast<float*>(o) : ybuf;
        compute(src[0], mask[0], src[1], mask[1], src[2], mask[2], y, static_cast<size_t>(m), p.r);
        if (y != ybuf) continue;
        const size_t mb = static_cast<size_t>(m);
        if (out_contiguous && odt == ACL_FLOAT) {  // kNT only
            ops.stream_copy(reinterpret_cast<const char*>(ybuf), o, mb * 4);
        } else if (out_contiguous && (odt == ACL_FLOAT16 || odt == ACL_BF16)) {
            if (odt == ACL_FLOAT16) {
                ops.f2h(ybuf, hbuf, mb);
            } else {
                ops.f2b(ybuf, hbuf, mb);
            }
            if (kNT) {
                ops.stream_copy(reinterpret_cast<const char*>(hbuf), o, mb * 2);
            } else {
                std::memcpy(o, hbuf, mb * 2);
            }
        } else {
            for (int64_t i = 0; i < m; ++i) StoreResult(o + i * st[0], odt, ybuf[i]);
        }
    }
}

}  // namespace

L1RowFn SelectL1SimdRow(const L1Params& p, const aclDataType* dt, const int64_t* st, bool nontemporal) {
    const int code = DtypeCode(p.promote);
    if (code < 0) return nullptr;
    for (int k = 0; k < 4; ++k) {
        if (dt[k] != p.promote) return nullptr;
    }
    const int64_t item = static_cast<int64_t>(ItemSize(p.promote));
    if (st[0] != item) return nullptr;
    for (int k = 1; k < 4; ++k) {
        if (st[k] != item && st[k] != 0) return nullptr;
    }
    const int body = code == 2 && p.r == 1.0f ? 3 : code;  // BF16 products with r == 1 are exact (no rounding)
    return HWY_DYNAMIC_DISPATCH(SelectFused)(body, p.rule == SignRule::kTbe ? 1 : 0, nontemporal ? 1 : 0);
}

L1RowFn SelectL1BlockRow(const L1Params&, const aclDataType*, const int64_t*, bool nontemporal) {
    return nontemporal ? &BlockRow<true> : &BlockRow<false>;
}

void StreamFence() { HWY_DYNAMIC_DISPATCH(Flush)(); }

namespace simd {

void HalfToFloat(const uint16_t* in, float* out, size_t n) { HWY_DYNAMIC_DISPATCH(GetOps)()->h2f(in, out, n); }
void FloatToHalf(const float* in, uint16_t* out, size_t n) { HWY_DYNAMIC_DISPATCH(GetOps)()->f2h(in, out, n); }
void Bf16ToFloat(const uint16_t* in, float* out, size_t n) { HWY_DYNAMIC_DISPATCH(GetOps)()->b2f(in, out, n); }
void FloatToBf16(const float* in, uint16_t* out, size_t n) { HWY_DYNAMIC_DISPATCH(GetOps)()->f2b(in, out, n); }
void FloatToBf16Pairs(const float* even, const float* odd, uint16_t* out, size_t pairs) {
    HWY_DYNAMIC_DISPATCH(GetOps)()->bf16_pairs(even, odd, out, pairs);
}

int NumTargets() { return static_cast<int>(hwy::SupportedAndGeneratedTargets().size()); }

int64_t Target(int i) {
    const std::vector<int64_t> t = hwy::SupportedAndGeneratedTargets();
    return i >= 0 && static_cast<size_t>(i) < t.size() ? t[static_cast<size_t>(i)] : 0;
}

const char* TargetName(int64_t target) { return hwy::TargetName(target); }

int64_t CurrentTarget() {
    const std::vector<int64_t> t = hwy::SupportedAndGeneratedTargets();
    return t.empty() ? 0 : t.front();
}

void ForceTarget(int64_t target) {
    hwy::SetSupportedTargetsForTest(target);
    hwy::GetChosenTarget().Update(hwy::SupportedTargets());
}

}  // namespace simd

}  // namespace kern
}  // namespace aclcpu
#endif  // HWY_ONCE
