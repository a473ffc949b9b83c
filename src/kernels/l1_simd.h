// SIMD bodies of the L1 gradient rows (Highway, runtime dispatch to the best target of the CPU).
//
// Two kinds of body, both bit-exact to L1Element + the scalar conversions of convert.h / half.h:
//  * fused rows: all four operands share one dtype P in {FLOAT, FLOAT16, BF16}, gradInput contiguous, each
//    input contiguous or broadcast (stride 0). Loads convert in registers, the result is rounded to P in
//    registers and stored; optionally with non-temporal (streaming) stores for outputs far larger than cache.
//  * block rows: anything else (mixed dtypes, integer inputs, strided operands, wide outputs). The row is cut
//    into blocks of kBlock elements; each input is brought to float32 in a small stack block (SIMD conversion
//    when contiguous FLOAT16/BF16, used in place when contiguous FLOAT, a scalar gather otherwise), the
//    arithmetic and the rounding to P run in SIMD, and the result is converted on the way out.
//
// The conversions are the generic ones of simd_convert-inl.h. The sign compares avoid Highway 1.0's float
// operator!= (ordered on AVX2/AVX-512, unordered on SSE4): "s != t" is Not(Eq(s, t)), true for NaN as in C++.
// Operators choose a body through SelectL1Row (l1_loss_grad.h); these two are its parts, exposed for tests.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/l1_loss_grad.h"
#include "kernels/simd_convert.h"

namespace aclcpu {
namespace kern {

/// A fused SIMD body for rows where all four operands share one dtype P in {FLOAT, FLOAT16, BF16}, gradInput
/// is contiguous and each input is contiguous or broadcast (stride 0); nullptr when the row does not qualify.
/// `nontemporal`: store the output with streaming stores (call StreamFence() after the rows of a thread).
RowFn SelectL1SimdRow(const L1Params& p, const aclDataType* dtypes, const int64_t* strides, bool nontemporal = false);

/// The block body: any accepted dtypes and byte strides (it falls back to the scalar conversions of
/// convert.h operand by operand where no SIMD conversion applies). Never nullptr. `nontemporal`: a
/// contiguous output is written with streaming stores (call StreamFence() after the rows of a thread).
RowFn SelectL1BlockRow(const L1Params& p, const aclDataType* dtypes, const int64_t* strides, bool nontemporal = false);

}  // namespace kern
}  // namespace aclcpu
