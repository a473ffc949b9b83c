// The fold of the reduction engine's summation orders (engine/reduce.cpp: ReduceSumAR's tail, tree and half
// folds, the reduce template's pre-fold of two chunks): dst[i] = dst[i] + src[i], one float32 addition per
// element. Element-wise IEEE additions give the same bits at any vector width, so the Highway body
// (reduce_fold_simd.cpp, dispatched to the CPU's best target) changes only the speed, never the order.
#pragma once

#include <cstddef>

namespace aclcpu {
namespace kern {

/// dst[i] = dst[i] + src[i] for i in [0, n) (float32, round to nearest even in the caller's floating-point
/// environment, e.g. the engine's FpEnvScope). dst and src do not overlap, or are the same range. Where both
/// addends are NaNs, the sum is one of them quieted - which one is left open, as for any C++ addition
/// (compilers commute its operands); every other sum has exactly the bits of the scalar addition.
void FoldAdd(float* dst, const float* src, size_t n);

}  // namespace kern
}  // namespace aclcpu
