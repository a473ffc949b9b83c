// SIMD bodies of the L1 gradient rows (see l1_simd.h): the operator's arithmetic (Grad) in the fused rows
// and the block compute, on top of the generic conversions of simd_convert-inl.h. Compiled once per Highway
// target by foreach_target; the HWY_ONCE part at the end holds the target-independent selection and the
// block-row driver.
#ifndef ACLCPU_L1_SIMD_COMMON
#define ACLCPU_L1_SIMD_COMMON

#include "kernels/l1_simd.h"

#include <cstring>

#include "kernels/convert.h"
#include "kernels/simd_convert.h"
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

/// The SIMD helpers of one target, for the block rows.
struct Ops {
    ConvertInFn h2f, b2f;
    ConvertOutFn f2h, f2b;
    StreamCopyFn stream_copy;
    ComputeFn compute[2][3];  // [rule: 0 arch35, 1 tbe][P: 0 FLOAT, 1 FLOAT16, 2 BF16]
    size_t lanes;             // float lanes of one vector
};

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

#include "kernels/simd_convert-inl.h"  // the conversions, once per target

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace kern {
namespace HWY_NAMESPACE {

// ------------------------------------------------------------------ bf16 result narrowing of the fused rows

#if HWY_TARGET != HWY_SCALAR

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
void FusedRow(const void* params, const aclDataType*, char* const* ptrs, const int64_t* st, int64_t n64) {
    const L1Params& p = *static_cast<const L1Params*>(params);
    using T = typename Elem<kDt>::T;
    const DF df;
    const size_t N = hn::Lanes(df);
    const size_t n = static_cast<size_t>(n64);
    T* out = reinterpret_cast<T*>(ptrs[0]);
    if constexpr (kNT) {
        if (reinterpret_cast<uintptr_t>(out) % sizeof(T) != 0) {  // never vector-aligned: plain stores
            FusedRow<kDt, kTbe, false>(params, nullptr, ptrs, st, n64);
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
RowFn PickNT(bool nt) {
    return nt ? &FusedRow<kDt, kTbe, true> : &FusedRow<kDt, kTbe, false>;
}

template <int kDt>
RowFn PickRule(bool tbe, bool nt) {
    return tbe ? PickNT<kDt, true>(nt) : PickNT<kDt, false>(nt);
}

/// The fused body of this target for dtype code dt (0 FLOAT, 1 FLOAT16, 2 BF16, 3 BF16 with r == 1).
RowFn SelectFused(int dt, int tbe, int nt) {
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
        {{&Compute<false, 0>, &Compute<false, 1>, &Compute<false, 2>},
         {&Compute<true, 0>, &Compute<true, 1>, &Compute<true, 2>}},
        hn::Lanes(DF()),
    };
    return &ops;
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
void BlockRow(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const L1Params& p = *static_cast<const L1Params*>(params);
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

RowFn SelectL1SimdRow(const L1Params& p, const aclDataType* dt, const int64_t* st, bool nontemporal) {
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

RowFn SelectL1BlockRow(const L1Params&, const aclDataType*, const int64_t*, bool nontemporal) {
    return nontemporal ? &BlockRow<true> : &BlockRow<false>;
}

}  // namespace kern
}  // namespace aclcpu
#endif  // HWY_ONCE
