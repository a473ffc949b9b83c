// SIMD bodies of StageTransposed32 (see transpose_simd.h), compiled once per Highway target.
#include "kernels/transpose_simd.h"

#include <cstring>

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/transpose_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
// foreach_target re-includes this file once per target; highway.h must follow it.
#include <hwy/cache_control.h>
#include <hwy/highway.h>

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace kern {
namespace HWY_NAMESPACE {
namespace hn = hwy::HWY_NAMESPACE;

// buf[j * pitch + a] = element (a, j) for a in [a0, a1), j in [j0, j1): the edges the vector blocks leave.
HWY_INLINE void StageScalar(const char* src, int64_t s0, int64_t a0, int64_t a1, int64_t j0, int64_t j1, int64_t pitch,
                            uint32_t* buf) {
    for (int64_t a = a0; a < a1; ++a) {
        const char* q = src + a * s0;
        for (int64_t j = j0; j < j1; ++j) std::memcpy(&buf[j * pitch + a], q + j * 4, 4);
    }
}

#if HWY_TARGET != HWY_SCALAR && !HWY_HAVE_SCALABLE && HWY_TARGET != HWY_EMU128

// Fixed-width targets: Interleave* act within each 128-bit block and ConcatLowerLower/UpperUpper join the
// blocks' halves, the classic unpack / shuffle / permute transpose.
template <class D, class V = hn::Vec<D>>
HWY_INLINE void Transpose4(D d, V& r0, V& r1, V& r2, V& r3) {
    const hn::Repartition<uint64_t, D> d64;
    const V t0 = hn::InterleaveLower(d, r0, r1), t1 = hn::InterleaveUpper(d, r0, r1);
    const V t2 = hn::InterleaveLower(d, r2, r3), t3 = hn::InterleaveUpper(d, r2, r3);
    r0 = hn::BitCast(d, hn::InterleaveLower(d64, hn::BitCast(d64, t0), hn::BitCast(d64, t2)));
    r1 = hn::BitCast(d, hn::InterleaveUpper(d64, hn::BitCast(d64, t0), hn::BitCast(d64, t2)));
    r2 = hn::BitCast(d, hn::InterleaveLower(d64, hn::BitCast(d64, t1), hn::BitCast(d64, t3)));
    r3 = hn::BitCast(d, hn::InterleaveUpper(d64, hn::BitCast(d64, t1), hn::BitCast(d64, t3)));
}

// 128-bit vectors: 4x4 blocks.
template <class D>
void Stage4(D d, const char* src, int64_t s0, int64_t m, int64_t rows, int64_t pitch, uint32_t* buf) {
    const int64_t m4 = m / 4 * 4, r4 = rows / 4 * 4;
    for (int64_t a = 0; a < m4; a += 4) {
        const char* q = src + a * s0;
        for (int64_t j = 0; j < r4; j += 4) {
            auto v0 = hn::LoadU(d, reinterpret_cast<const uint32_t*>(q + j * 4));
            auto v1 = hn::LoadU(d, reinterpret_cast<const uint32_t*>(q + s0 + j * 4));
            auto v2 = hn::LoadU(d, reinterpret_cast<const uint32_t*>(q + 2 * s0 + j * 4));
            auto v3 = hn::LoadU(d, reinterpret_cast<const uint32_t*>(q + 3 * s0 + j * 4));
            Transpose4(d, v0, v1, v2, v3);
            uint32_t* o = buf + j * pitch + a;
            hn::StoreU(v0, d, o);
            hn::StoreU(v1, d, o + pitch);
            hn::StoreU(v2, d, o + 2 * pitch);
            hn::StoreU(v3, d, o + 3 * pitch);
        }
    }
    StageScalar(src, s0, 0, m4, r4, rows, pitch, buf);
    StageScalar(src, s0, m4, m, 0, rows, pitch, buf);
}

// 256-bit vectors: 8x8 blocks (two 4x4 transposes per 128-bit half, then the halves exchanged).
template <class D>
void Stage8(D d, const char* src, int64_t s0, int64_t m, int64_t rows, int64_t pitch, uint32_t* buf) {
    const int64_t m8 = m / 8 * 8, r8 = rows / 8 * 8;
    for (int64_t a = 0; a < m8; a += 8) {
        const char* q = src + a * s0;
        // Every source row of the next block is a fresh miss (rows are s0 apart): start them early.
        if (a + 16 < m) {
            for (int k = 0; k < 8; ++k) hwy::Prefetch(q + (16 + k) * s0);
        }
        for (int64_t j = 0; j < r8; j += 8) {
            const char* p = q + j * 4;
            auto v0 = hn::LoadU(d, reinterpret_cast<const uint32_t*>(p));
            auto v1 = hn::LoadU(d, reinterpret_cast<const uint32_t*>(p + s0));
            auto v2 = hn::LoadU(d, reinterpret_cast<const uint32_t*>(p + 2 * s0));
            auto v3 = hn::LoadU(d, reinterpret_cast<const uint32_t*>(p + 3 * s0));
            auto v4 = hn::LoadU(d, reinterpret_cast<const uint32_t*>(p + 4 * s0));
            auto v5 = hn::LoadU(d, reinterpret_cast<const uint32_t*>(p + 5 * s0));
            auto v6 = hn::LoadU(d, reinterpret_cast<const uint32_t*>(p + 6 * s0));
            auto v7 = hn::LoadU(d, reinterpret_cast<const uint32_t*>(p + 7 * s0));
            Transpose4(d, v0, v1, v2, v3);  // within each 128-bit half: rows 0-3
            Transpose4(d, v4, v5, v6, v7);  // rows 4-7
            uint32_t* o = buf + j * pitch + a;
            hn::StoreU(hn::ConcatLowerLower(d, v4, v0), d, o);
            hn::StoreU(hn::ConcatLowerLower(d, v5, v1), d, o + pitch);
            hn::StoreU(hn::ConcatLowerLower(d, v6, v2), d, o + 2 * pitch);
            hn::StoreU(hn::ConcatLowerLower(d, v7, v3), d, o + 3 * pitch);
            hn::StoreU(hn::ConcatUpperUpper(d, v4, v0), d, o + 4 * pitch);
            hn::StoreU(hn::ConcatUpperUpper(d, v5, v1), d, o + 5 * pitch);
            hn::StoreU(hn::ConcatUpperUpper(d, v6, v2), d, o + 6 * pitch);
            hn::StoreU(hn::ConcatUpperUpper(d, v7, v3), d, o + 7 * pitch);
        }
    }
    StageScalar(src, s0, 0, m8, r8, rows, pitch, buf);
    StageScalar(src, s0, m8, m, 0, rows, pitch, buf);
}

void StageT32(const char* src, int64_t s0, int64_t m, int64_t rows, int64_t pitch, uint32_t* buf) {
    const hn::CappedTag<uint32_t, 8> d;
    if constexpr (hn::MaxLanes(d) == 8) {
        Stage8(d, src, s0, m, rows, pitch, buf);
    } else if constexpr (hn::MaxLanes(d) == 4) {
        Stage4(d, src, s0, m, rows, pitch, buf);
    } else {
        StageScalar(src, s0, 0, m, 0, rows, pitch, buf);
    }
}

#else

void StageT32(const char* src, int64_t s0, int64_t m, int64_t rows, int64_t pitch, uint32_t* buf) {
    StageScalar(src, s0, 0, m, 0, rows, pitch, buf);
}

#endif

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace kern
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {
namespace kern {

HWY_EXPORT(StageT32);

void StageTransposed32(const char* src, int64_t s0, int64_t m, int64_t rows, int64_t pitch, uint32_t* buf) {
    HWY_DYNAMIC_DISPATCH(StageT32)(src, s0, m, rows, pitch, buf);
}

}  // namespace kern
}  // namespace aclcpu
#endif  // HWY_ONCE
