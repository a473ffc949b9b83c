// The folds of the reduction engine's summation orders (engine/reduce.cpp: ReduceSumAR's tail, tree and half
// folds, the reduce template's pre-fold of two chunks): dst[i] = dst[i] + src[i], one float32 addition per
// element. Element-wise IEEE additions give the same bits at any vector width, so the Highway bodies
// (reduce_fold_simd.cpp, dispatched to the CPU's best target) change only the speed, never the order.
//
// FoldChunkGroups is the fused form of the first steps of one chunk's sum (the pre-fold, the zero padding, the
// tail fold and the first level of 16-block trees) read straight from self's storage: the same additions on the
// same operands in the same order as the engine performs them on its float32 buffer, without the buffer.
#pragma once

#include <cstddef>
#include <cstdint>

#include "acl/acl_base.h"
#include "kernels/row.h"

namespace aclcpu {
namespace kern {

/// dst[i] = dst[i] + src[i] for i in [0, n) (float32, round to nearest even in the caller's floating-point
/// environment, e.g. the engine's FpEnvScope). dst and src do not overlap, or are the same range. Where both
/// addends are NaNs, the sum is one of them quieted - which one is left open, as for any C++ addition
/// (compilers commute its operands); every other sum has exactly the bits of the scalar addition.
void FoldAdd(float* dst, const float* src, size_t n);

/// One chunk of a reduction's values read directly from contiguous storage: the values are the elements of
/// `a` (and `b`), of dtype `dtype` (ACL_FLOAT, ACL_FLOAT16 or ACL_BF16), widened exactly to float32 (the SIMD
/// conversions of kernels/simd_convert.h: the bits the engine's value rows write).
struct ChunkValues {
    const void* a = nullptr;    ///< the chunk's first element
    int64_t len = 0;            ///< elements of a (>= 1)
    const void* b = nullptr;    ///< the chunk pre-folded onto a (the reduce template's chunk i + pos), or null
    int64_t len2 = 0;           ///< elements of b (1 <= len2 <= len; ignored when b is null)
    aclDataType dtype = ACL_FLOAT;
};

/// The first steps of engine::ReduceSumAR over the chunk's values, fused: with x[j] (j < padded) the value
/// the engine's buffer holds before ReduceSumAR's tail fold -
///   x[j] = a[j] + b[j] for j < len2, a[j] + (+0) for len2 <= j < len (with b; without b: a[j]), +0 for
///   len <= j < padded (the pad) -
/// and y[j] = x[j] + x[main + j] for j < padded - main, x[j] for padded - main <= j < main (the tail fold),
/// writes block g (g < main / 1024; 64 floats at out + 64 g) = the 16-block tree of y's blocks 16 g .. 16 g + 15
/// (block k: y[64 k .. 64 k + 64); c_i = B_i + B_(i+8), d_i = c_i + c_(i+4), e_i = d_i + d_(i+2), e_0 + e_1,
/// lane by lane). Every addition keeps the engine's operand order (lower index first).
/// Preconditions: padded = CeilAlign(len, 8); main = 64 * 2^k with 2048 <= main <= padded < 2 main; out holds
/// main / 16 floats and overlaps neither a nor b.
void FoldChunkGroups(const ChunkValues& c, int64_t main, int64_t padded, float* out);

/// The value rows whose values are their input's elements widened exactly (aclnnReduceSum's rows for
/// a contiguous self of the compute dtype, kernels/reduce_sum.cpp): that input's dtype (ACL_FLOAT, ACL_FLOAT16,
/// ACL_BF16) when `row` is one, else ACL_DT_UNDEFINED. The reduction engine reads such values directly
/// (FoldChunkGroups) when the input is contiguous in the reduction's linear order.
aclDataType WideningRowDtype(RowFn row);

}  // namespace kern
}  // namespace aclcpu
