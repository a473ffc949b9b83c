// Highway body of kernels/reduce_fold.h (FoldAdd): full vectors of element-wise additions, the last n mod N
// elements one by one. Compiled once per Highway target by foreach_target; the HWY_ONCE part dispatches.
#ifndef ACLCPU_REDUCE_FOLD_SIMD_COMMON
#define ACLCPU_REDUCE_FOLD_SIMD_COMMON

#include "kernels/reduce_fold.h"

#include <cstddef>

#endif  // ACLCPU_REDUCE_FOLD_SIMD_COMMON

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/reduce_fold_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
// foreach_target re-includes this file once per target; highway.h must follow it.
#include <hwy/highway.h>

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

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace kern
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {
namespace kern {

HWY_EXPORT(FoldAddTarget);

void FoldAdd(float* dst, const float* src, size_t n) { HWY_DYNAMIC_DISPATCH(FoldAddTarget)(dst, src, n); }

}  // namespace kern
}  // namespace aclcpu
#endif  // HWY_ONCE
