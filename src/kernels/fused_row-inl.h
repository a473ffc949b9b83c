// The fused row drivers of the element-wise SIMD bodies (FusedRow) and of the reductions' values rows
// (FusedValuesRow), per Highway target ("-inl.h": included by a
// foreach_target translation unit after simd_convert-inl.h, once per target; the guard toggles with
// HWY_TARGET_TOGGLE). A row of n elements: every operand of one dtype (FLOAT, FLOAT16 or BF16), the output
// contiguous, the inputs contiguous or broadcast (stride 0). The operator supplies only its formula:
//
//   struct F {
//       using Params = ...;                       // trivially copyable, fixed by the first phase
//       static constexpr int kInputs = 1, 2 or 3; // inputs in operand order 1..kInputs (the engine plans at most 3)
//       static VF Apply(DF, const Params&, const VF* x);   // x[k]: input k + 1 widened to float32
//   };
//
// and the driver does the rest, the same way for every operator: one step per 64-128 bytes of each input
// (LineElems), software prefetch kPrefetchBytes ahead, BF16 handled as the odd/even halves of full vectors
// (no lane crossing, no widening shuffles), results narrowed to the dtype with RNE and stored plainly or with
// streaming stores once the output is vector-aligned, and partial steps (row head and tail) through
// zero-padded stack buffers with the same vector code. Bit patterns never depend on the step, the target or
// the store kind (tests/kernels/simd_rows_test.cpp compares every target against the scalar rows).
#if defined(ACLCPU_KERNELS_FUSED_ROW_INL_H_) == defined(HWY_TARGET_TOGGLE)
#ifdef ACLCPU_KERNELS_FUSED_ROW_INL_H_
#undef ACLCPU_KERNELS_FUSED_ROW_INL_H_
#else
#define ACLCPU_KERNELS_FUSED_ROW_INL_H_
#endif

#include <cstdint>
#include <cstring>

#include <hwy/highway.h>

#include "acl/acl_base.h"
#include "kernels/fused_row.h"
#include "kernels/simd_convert.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace kern {
namespace HWY_NAMESPACE {

#if HWY_TARGET != HWY_SCALAR
/// MergeBf16 for kFusedBf16Quiet: plain RNE maps a quiet NaN with zero low 16 bits to its own upper half
/// (adding 0x7FFF + lsb to a zero low half never carries), so the NaN test and blend are not needed.
HWY_INLINE VU16F MergeBf16Quiet(DF df, VF odd, VF even) {
    (void)df;
    const DU32 du;
    return MergeHighHalves(RneBf16High(hn::BitCast(du, odd)), RneBf16High(hn::BitCast(du, even)));
}

/// MergeBf16 for kFusedBf16Exact: the upper halves as they are.
HWY_INLINE VU16F MergeBf16Exact(DF df, VF odd, VF even) {
    (void)df;
    const DU32 du;
    return MergeHighHalves(hn::BitCast(du, odd), hn::BitCast(du, even));
}
#endif

/// Bytes each contiguous input is fetched ahead of the step: three or four streams per thread are more than
/// the hardware prefetchers keep ahead of on their own (measured on the L1 gradient: 20-22 GB/s against 26-33
/// GB/s for a streaming copy on one core without it). Never past the row's end: rows of tiled plans are
/// short pieces of longer lines, and fetching beyond them would waste bandwidth.
constexpr size_t kPrefetchBytes = 512;

/// Elements of one step: two vectors of FLOAT or four of 16-bit lanes (64 bytes per input on AVX2, 128 on
/// AVX-512).
template <int kDt>
constexpr size_t LineElems(size_t N) {
    return kDt == kFusedF32 ? 2 * N : 4 * N;
}

template <int kDt>
using FusedT = typename Elem<kDt == kFusedF32 ? 0 : 1>::T;

/// The LoadAs / NarrowAs / Store2 code of dtype code kDt: 0 FLOAT, 1 FLOAT16, 2 BF16 (any BF16 narrowing).
template <int kDt>
constexpr int LoadCode() {
    return kDt == kFusedF32 ? 0 : (kDt == kFusedF16 ? 1 : 2);
}

/// Prefetches the 64-byte lines of one step of an input, kPrefetchBytes ahead of p.
template <typename T>
HWY_INLINE void PrefetchStep(const T* p, size_t step) {
    for (size_t l = 0; l < step; l += 64 / sizeof(T)) __builtin_prefetch(p + kPrefetchBytes / sizeof(T) + l);
}

// One step: LineElems elements of each input at in[k] (contiguous over the step) to o.
template <class F, int kDt, bool kNT>
HWY_INLINE void FusedStep(DF df, const typename F::Params& p, const FusedT<kDt>* const* in, FusedT<kDt>* o) {
    constexpr int K = F::kInputs;
    const size_t N = hn::Lanes(df);
#if HWY_TARGET != HWY_SCALAR
    if constexpr (kDt >= kFusedBf16) {  // bf16 as odd/even halves of full vectors
        const DU16F du16f;
        for (size_t h = 0; h < 4 * N; h += 2 * N) {
            VF xo[K], xe[K];
            for (int k = 0; k < K; ++k) SplitBf16(df, hn::LoadU(du16f, in[k] + h), &xo[k], &xe[k]);
            const VF yo = F::Apply(df, p, xo), ye = F::Apply(df, p, xe);
            VU16F y;
            if constexpr (kDt == kFusedBf16Exact) {
                y = MergeBf16Exact(df, yo, ye);
            } else if constexpr (kDt == kFusedBf16Quiet) {
                y = MergeBf16Quiet(df, yo, ye);
            } else {
                y = MergeBf16(df, yo, ye);
            }
            if constexpr (kNT) {
                hn::Stream(y, du16f, o + h);
            } else {
                hn::StoreU(y, du16f, o + h);
            }
        }
        return;
    }
#endif
    constexpr int kLoad = LoadCode<kDt>();
    for (size_t h = 0; h < LineElems<kDt>(N); h += 2 * N) {
        VF x0[K], x1[K];
        for (int k = 0; k < K; ++k) {
            x0[k] = LoadAs<kLoad>(df, in[k] + h);
            x1[k] = LoadAs<kLoad>(df, in[k] + h + N);
        }
        Store2<kLoad, kNT>(df, F::Apply(df, p, x0), F::Apply(df, p, x1), o + h);
    }
}

/// The fused row (a RowFn): operand 0 the contiguous output, operands 1..F::kInputs the inputs, all of the
/// dtype of kDt; kNT: streaming stores once the output address is vector-aligned (then StreamFence after the
/// thread's rows). Call only where 4 vectors fit the stack buffers (FusedRowFits).
template <class F, int kDt, bool kNT>
void FusedRow(const void* params, const aclDataType*, char* const* ptrs, const int64_t* st, int64_t n64) {
    const typename F::Params& p = *static_cast<const typename F::Params*>(params);
    constexpr int K = F::kInputs;
    constexpr int kLoad = LoadCode<kDt>();
    using T = FusedT<kDt>;
    const DF df;
    const size_t N = hn::Lanes(df);
    const size_t n = static_cast<size_t>(n64);
    const size_t U = LineElems<kDt>(N);
    T* out = reinterpret_cast<T*>(ptrs[0]);
    if constexpr (kNT) {
        if (reinterpret_cast<uintptr_t>(out) % sizeof(T) != 0) {  // never vector-aligned: plain stores
            FusedRow<F, kDt, false>(params, nullptr, ptrs, st, n64);
            return;
        }
    }
    // Inputs: pointer and index mask (0 for a broadcast input, whose value fills a buffer of one step).
    alignas(64) T splat[K][kBuf];
    const T* in[K];
    size_t mask[K];
    bool contiguous = true;
    for (int k = 0; k < K; ++k) {
        if (st[k + 1] == 0) {
            T v;
            std::memcpy(&v, ptrs[k + 1], sizeof(T));
            for (size_t j = 0; j < U; ++j) splat[k][j] = v;
            in[k] = splat[k];
            mask[k] = 0;
            contiguous = false;
        } else {
            in[k] = reinterpret_cast<const T*>(ptrs[k + 1]);
            mask[k] = ~size_t{0};
        }
    }
    // A partial step of m <= N elements through zero-padded buffers (same vector code, plain stores).
    auto partial = [&](size_t i, size_t m) {
        alignas(64) T b[K][kBuf];
        alignas(64) T bo[kBuf];
        VF x[K];
        for (int k = 0; k < K; ++k) {  // one vector per input: m elements, zeros after them
            const size_t c = mask[k] ? m : N;
            std::memcpy(b[k], in[k] + (i & mask[k]), c * sizeof(T));
            std::memset(b[k] + c, 0, (N - c) * sizeof(T));
            x[k] = LoadAs<kLoad>(df, b[k]);
        }
        const VF y = F::Apply(df, p, x);
        if constexpr (kDt == kFusedF32) {
            hn::Store(y, df, bo);
        } else {
            const DU16 du16;
            hn::StoreU(NarrowAs<kLoad>(df, y), du16, bo);
        }
        std::memcpy(out + i, bo, m * sizeof(T));
    };
    size_t i = 0;
    if constexpr (kNT && ACLCPU_STREAM_OK) {
        // Reach a vector-aligned output address with plain stores first (elements are naturally aligned).
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
    const T* at[K];
    if (contiguous) {
        // Every input contiguous (the common case): no masks, and the prefetching part of the loop is split
        // from the rest instead of testing the row's end at every step.
        const size_t pend = n > kAhead ? n - kAhead : 0;
        for (; i + U <= pend; i += U) {
            for (int k = 0; k < K; ++k) {
                at[k] = in[k] + i;
                PrefetchStep(at[k], U);
            }
            FusedStep<F, kDt, kNT>(df, p, at, out + i);
        }
    }
    for (; i + U <= n; i += U) {
        const bool ahead = i + U + kAhead <= n;
        for (int k = 0; k < K; ++k) {
            at[k] = in[k] + (i & mask[k]);
            if (ahead && mask[k] != 0) PrefetchStep(at[k], U);
        }
        FusedStep<F, kDt, kNT>(df, p, at, out + i);
    }
    while (i < n) {
        const size_t m = n - i < N ? n - i : N;
        partial(i, m);
        i += m;
    }
}

/// The values row of a reduction (a RowFn): operand 0 the engine's contiguous float32 buffer, then the inputs
/// of dtype code kDt (kFusedF32, kFusedF16, kFusedBf16), contiguous or broadcast (stride 0). F::Apply's float32
/// lanes are stored as they are: a formula whose values are rounded to the promote type rounds them itself
/// (RoundToP). kSide: operand 1 is a side output (engine/reduce.h PlanAxisReduce) of the inputs' dtype,
/// contiguous, written with F::Side's lanes narrowed as FusedRow narrows (RNE; BF16 with the NaN test), and
/// the inputs are operands 2 ...; its formula also declares `static VF Side(DF, const Params&, const VF* x)`.
/// One step is two vectors; inputs are prefetched as in FusedRow.
template <class F, int kDt, bool kSide = false>
void FusedValuesRow(const void* params, const aclDataType*, char* const* ptrs, const int64_t* st, int64_t n64) {
    const typename F::Params& p = *static_cast<const typename F::Params*>(params);
    constexpr int K = F::kInputs;
    constexpr int kFirst = kSide ? 2 : 1;  // the first input's operand
    constexpr int kLoad = LoadCode<kDt>();
    using T = FusedT<kDt>;
    const DF df;
    const size_t N = hn::Lanes(df);
    const size_t n = static_cast<size_t>(n64);
    float* out = reinterpret_cast<float*>(ptrs[0]);
    T* side = reinterpret_cast<T*>(ptrs[1]);  // used only with kSide
    alignas(64) T splat[K][kBuf];
    const T* in[K];
    size_t mask[K];
    for (int k = 0; k < K; ++k) {
        if (st[k + kFirst] == 0) {
            T v;
            std::memcpy(&v, ptrs[k + kFirst], sizeof(T));
            for (size_t j = 0; j < 2 * N; ++j) splat[k][j] = v;
            in[k] = splat[k];
            mask[k] = 0;
        } else {
            in[k] = reinterpret_cast<const T*>(ptrs[k + kFirst]);
            mask[k] = ~size_t{0};
        }
    }
    constexpr size_t kAhead = kPrefetchBytes / sizeof(T);
    size_t i = 0;
    for (; i + 2 * N <= n; i += 2 * N) {
        const bool ahead = i + 2 * N + kAhead <= n;
        VF x0[K], x1[K];
        for (int k = 0; k < K; ++k) {
            const T* at = in[k] + (i & mask[k]);
            if (ahead && mask[k] != 0) PrefetchStep(at, 2 * N);
            x0[k] = LoadAs<kLoad>(df, at);
            x1[k] = LoadAs<kLoad>(df, at + N);
        }
        if constexpr (kSide) Store2<kLoad, false>(df, F::Side(df, p, x0), F::Side(df, p, x1), side + i);
        hn::StoreU(F::Apply(df, p, x0), df, out + i);
        hn::StoreU(F::Apply(df, p, x1), df, out + i + N);
    }
    while (i < n) {  // a partial step of m <= N elements through zero-padded buffers (same vector code)
        const size_t m = n - i < N ? n - i : N;
        alignas(64) T b[K][kBuf];
        alignas(64) float bo[kBuf];
        VF x[K];
        for (int k = 0; k < K; ++k) {
            const size_t c = mask[k] ? m : N;
            std::memcpy(b[k], in[k] + (i & mask[k]), c * sizeof(T));
            std::memset(b[k] + c, 0, (N - c) * sizeof(T));
            x[k] = LoadAs<kLoad>(df, b[k]);
        }
        if constexpr (kSide) {
            alignas(64) T bs[kBuf];
            const VF y = F::Side(df, p, x);
            if constexpr (kDt == kFusedF32) {
                hn::Store(y, df, bs);
            } else {
                const DU16 du16;
                hn::StoreU(NarrowAs<kLoad>(df, y), du16, bs);
            }
            std::memcpy(side + i, bs, m * sizeof(T));
        }
        hn::Store(F::Apply(df, p, x), df, bo);
        std::memcpy(out + i, bo, m * sizeof(float));
        i += m;
    }
}

/// The values row of formula F for promote code dt (kFusedF32, kFusedF16, kFusedBf16); nullptr for another.
template <class F, bool kSide = false>
RowFn PickValuesRow(int dt) {
    switch (dt) {
        case kFusedF32:
            return &FusedValuesRow<F, kFusedF32, kSide>;
        case kFusedF16:
            return &FusedValuesRow<F, kFusedF16, kSide>;
        case kFusedBf16:
            return &FusedValuesRow<F, kFusedBf16, kSide>;
        default:
            return nullptr;
    }
}

/// Whether this target's steps fit the stack buffers (every x86 target does).
HWY_INLINE bool FusedRowFits() { return hn::Lanes(DF()) * 4 <= kBuf; }

/// A set of dtype codes (FusedDt) a selector can ask PickFusedRow for: only their rows are compiled (two per
/// code, plain and streaming stores), once per Highway target. Each selector names the codes its HWY_ONCE part
/// can pass; any other code gets nullptr (the generic row then), never a wrong row.
template <int... kCodes>
struct FusedCodes {};
/// Every code (the default).
using AllFusedCodes = FusedCodes<kFusedF32, kFusedF16, kFusedBf16, kFusedBf16Exact, kFusedBf16Quiet>;
/// The codes of formulas whose results are input elements or constants (BF16 stored as its upper halves).
using SelectFusedCodes = FusedCodes<kFusedF32, kFusedF16, kFusedBf16Exact>;
/// The plain promote codes (PromoteCode: BF16 results rounded to nearest even).
using PromoteFusedCodes = FusedCodes<kFusedF32, kFusedF16, kFusedBf16>;
/// FusedDtCode's codes: the promote codes and BF16 with the NaN-free rounding.
using RoundedFusedCodes = FusedCodes<kFusedF32, kFusedF16, kFusedBf16, kFusedBf16Quiet>;

template <class F, int... kCodes>
RowFn PickFusedRowOf(FusedCodes<kCodes...>, int dt, bool nt) {
    RowFn r = nullptr;
    (void)((dt == kCodes && ((r = nt ? &FusedRow<F, kCodes, true> : &FusedRow<F, kCodes, false>), true)) || ...);
    return r;
}

/// The fused row of formula F for dtype code dt (FusedDt) and store kind nt; nullptr for a code outside Codes.
template <class F, class Codes = AllFusedCodes>
RowFn PickFusedRow(int dt, bool nt) {
    return PickFusedRowOf<F>(Codes{}, dt, nt);
}

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace kern
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#endif  // include guard
