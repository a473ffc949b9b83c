// Highway bodies of kernels/reduce_fold.h: FoldAdd (full vectors of element-wise additions, the last n mod N
// elements one by one) and FoldChunkGroups (the fused first steps of a chunk's sum). Compiled once per Highway
// target by foreach_target; the HWY_ONCE part dispatches.
#ifndef ACLCPU_REDUCE_FOLD_SIMD_COMMON
#define ACLCPU_REDUCE_FOLD_SIMD_COMMON

#include "kernels/reduce_fold.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#endif  // ACLCPU_REDUCE_FOLD_SIMD_COMMON

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/reduce_fold_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
// foreach_target re-includes this file once per target; highway.h must follow it.
#include <hwy/highway.h>

#include "kernels/simd_convert-inl.h"

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace kern {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

void FoldAddTarget(float* dst, const float* src, size_t n) {
    const hn::ScalableTag<float> d;
    const size_t N = hn::Lanes(d);
    size_t i = 0;
    for (; i + 2 * N <= n; i += 2 * N) {
        const auto a0 = hn::Add(hn::LoadU(d, dst + i), hn::LoadU(d, src + i));
        const auto a1 = hn::Add(hn::LoadU(d, dst + i + N), hn::LoadU(d, src + i + N));
        hn::StoreU(a0, d, dst + i);
        hn::StoreU(a1, d, dst + i + N);
    }
    for (; i < n; ++i) dst[i] = dst[i] + src[i];
}

// ------------------------------------------------------------------ FoldChunkGroups

// Element types of the chunk's storage: 0 float32, 1 binary16, 2 bfloat16 (kernels/simd_convert-inl.h's
// numbering).
template <int kT>
using ElemT = typename std::conditional<kT == 0, float, uint16_t>::type;

/// The N values at element i of p, widened exactly (the conversions simd::HalfToFloat / Bf16ToFloat use).
template <int kT>
HWY_INLINE VF LoadWide(DF df, const ElemT<kT>* p) {
    if constexpr (kT == 0) {
        return hn::LoadU(df, p);
    } else {
        const DU16 du16;
        const auto h = hn::LoadU(du16, p);
        if constexpr (kT == 1) return HalfToF32(df, h);
        return Bf16ToF32(df, h);
    }
}

/// The first `count` (0 <= count < N) values at p widened, the other lanes +0 (zero bits widen to +0).
template <int kT>
HWY_INLINE VF LoadWidePartial(DF df, const ElemT<kT>* p, int64_t count) {
    alignas(64) ElemT<kT> buf[kBuf];  // kBuf >= N elements
    std::memset(buf, 0, sizeof buf);
    if (count > 0) std::memcpy(buf, p, static_cast<size_t>(count) * sizeof(ElemT<kT>));
    return LoadWide<kT>(df, buf);
}

/// The sum of one lane vector's 16-block tree (reduce_fold.h: c, d, e, then e_0 + e_1), blocks y[0 .. 16).
HWY_INLINE VF Tree16(const VF* y) {
    const VF c0 = hn::Add(y[0], y[8]), c1 = hn::Add(y[1], y[9]), c2 = hn::Add(y[2], y[10]), c3 = hn::Add(y[3], y[11]);
    const VF c4 = hn::Add(y[4], y[12]), c5 = hn::Add(y[5], y[13]), c6 = hn::Add(y[6], y[14]), c7 = hn::Add(y[7], y[15]);
    const VF d0 = hn::Add(c0, c4), d1 = hn::Add(c1, c5), d2 = hn::Add(c2, c6), d3 = hn::Add(c3, c7);
    const VF e0 = hn::Add(d0, d2), e1 = hn::Add(d1, d3);
    return hn::Add(e0, e1);
}

/// x[j .. j + N) of reduce_fold.h's definition, any j in [0, padded) (the general path: heads, tails, pads).
template <int kT>
HWY_INLINE VF XAt(DF df, const ChunkValues& c, int64_t j) {
    const int64_t N = static_cast<int64_t>(hn::Lanes(df));
    if (j >= c.len) return hn::Zero(df);  // the pad
    const ElemT<kT>* a = static_cast<const ElemT<kT>*>(c.a);
    VF x = j + N <= c.len ? LoadWide<kT>(df, a + j) : LoadWidePartial<kT>(df, a + j, c.len - j);
    if (c.b != nullptr) {
        const ElemT<kT>* b = static_cast<const ElemT<kT>*>(c.b);
        VF y;
        if (j + N <= c.len2) {
            y = LoadWide<kT>(df, b + j);
        } else if (j >= c.len2) {
            y = hn::Zero(df);  // a[j] + (+0): the shorter chunk zero-padded
        } else {
            y = LoadWidePartial<kT>(df, b + j, c.len2 - j);
        }
        x = hn::Add(x, y);
    }
    if (j + N > c.len) {  // lanes at or past len are the pad (+0), whatever the additions gave
        x = hn::IfThenElseZero(hn::FirstN(df, static_cast<size_t>(c.len - j)), x);
    }
    return x;
}

/// y[j .. j + N) of reduce_fold.h's definition (the general path).
template <int kT>
HWY_INLINE VF YAt(DF df, const ChunkValues& c, int64_t main, int64_t tail, int64_t j) {
    const int64_t N = static_cast<int64_t>(hn::Lanes(df));
    const VF x = XAt<kT>(df, c, j);
    if (j >= tail) return x;
    const VF sum = hn::Add(x, XAt<kT>(df, c, main + j));
    if (j + N <= tail) return sum;
    return hn::IfThenElse(hn::FirstN(df, static_cast<size_t>(tail - j)), sum, x);  // lanes past the tail: no fold
}

/// The 16-block trees of one group's y values (1024 floats at buf, L1-resident) into 64 floats at out.
HWY_INLINE void TreeGroup(DF df, const float* HWY_RESTRICT buf, float* out) {
    const int64_t N = static_cast<int64_t>(hn::Lanes(df));
    for (int64_t q = 0; q < 64; q += N) {
        VF y[16];
        for (int k = 0; k < 16; ++k) y[k] = hn::Load(df, buf + k * 64 + q);
        hn::StoreU(Tree16(y), df, out + q);
    }
}

/// Group g through the general path (its y values read in storage order into buf, then the trees).
template <int kT>
HWY_NOINLINE void GroupGeneral(DF df, const ChunkValues& c, int64_t main, int64_t tail, int64_t g, float* out) {
    const int64_t N = static_cast<int64_t>(hn::Lanes(df));
    alignas(64) float buf[1024];
    for (int64_t j = 0; j < 1024; j += N) hn::Store(YAt<kT>(df, c, main, tail, g * 1024 + j), df, buf + j);
    TreeGroup(df, buf, out + g * 64);
}

/// Group g when every value it reads is whole: kPre - b folded in (all of the group's elements below len2),
/// kTail - the group lies wholly inside the tail fold (its folded partners below len, and len2 with b), else
/// wholly past it. The storage is read in order (one to four sequential streams), the y values staged in an
/// L1 buffer for the trees.
template <int kT, bool kPre, bool kTail>
HWY_INLINE void GroupFast(DF df, const ElemT<kT>* HWY_RESTRICT a, const ElemT<kT>* HWY_RESTRICT b, int64_t main,
                          float* out) {
    const int64_t N = static_cast<int64_t>(hn::Lanes(df));
    alignas(64) float buf[1024];
    for (int64_t j = 0; j < 1024; j += N) {
        VF x = LoadWide<kT>(df, a + j);
        if (kPre) x = hn::Add(x, LoadWide<kT>(df, b + j));
        if (kTail) {
            VF m = LoadWide<kT>(df, a + main + j);
            if (kPre) m = hn::Add(m, LoadWide<kT>(df, b + main + j));
            x = hn::Add(x, m);
        }
        hn::Store(x, df, buf + j);
    }
    TreeGroup(df, buf, out);
}

template <int kT>
void FoldChunkGroupsT(const ChunkValues& c, int64_t main, int64_t padded, float* out) {
    const DF df;
    const int64_t tail = padded - main;
    const ElemT<kT>* a = static_cast<const ElemT<kT>*>(c.a);
    const ElemT<kT>* b = static_cast<const ElemT<kT>*>(c.b);
    const bool pre = b != nullptr;
    const int64_t whole = pre ? c.len2 : c.len;  // elements below this read whole, (pre-)folded
    for (int64_t g = 0; g < main / 1024; ++g) {
        const int64_t lo = g * 1024, hi = lo + 1024;
        float* o = out + g * 64;
        const bool body = hi <= whole;
        if (body && lo >= tail) {
            if (pre) {
                GroupFast<kT, true, false>(df, a + lo, b + lo, main, o);
            } else {
                GroupFast<kT, false, false>(df, a + lo, nullptr, main, o);
            }
        } else if (body && hi <= tail && main + hi <= whole) {
            if (pre) {
                GroupFast<kT, true, true>(df, a + lo, b + lo, main, o);
            } else {
                GroupFast<kT, false, true>(df, a + lo, nullptr, main, o);
            }
        } else {
            GroupGeneral<kT>(df, c, main, tail, g, out);
        }
    }
}

void FoldChunkGroupsTarget(const ChunkValues& c, int64_t main, int64_t padded, float* out) {
    if (c.dtype == ACL_FLOAT16) {
        FoldChunkGroupsT<1>(c, main, padded, out);
    } else if (c.dtype == ACL_BF16) {
        FoldChunkGroupsT<2>(c, main, padded, out);
    } else {
        FoldChunkGroupsT<0>(c, main, padded, out);
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

HWY_EXPORT(FoldAddTarget);
HWY_EXPORT(FoldChunkGroupsTarget);

void FoldAdd(float* dst, const float* src, size_t n) { HWY_DYNAMIC_DISPATCH(FoldAddTarget)(dst, src, n); }

void FoldChunkGroups(const ChunkValues& c, int64_t main, int64_t padded, float* out) {
    HWY_DYNAMIC_DISPATCH(FoldChunkGroupsTarget)(c, main, padded, out);
}

}  // namespace kern
}  // namespace aclcpu
#endif  // HWY_ONCE
