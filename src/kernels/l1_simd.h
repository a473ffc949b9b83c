// SIMD bodies of the L1 gradient rows (Highway, runtime dispatch to the best target of the CPU).
#pragma once

#include "kernels/l1_loss_grad.h"

namespace aclcpu {
namespace kern {

/// A SIMD body for rows where all four operands share one dtype P in {FLOAT, FLOAT16, BF16}, gradInput is
/// contiguous and each input is contiguous or broadcast (stride 0); nullptr when the row does not qualify.
L1RowFn SelectL1SimdRow(const L1Params& p, const aclDataType* dtypes, const int64_t* strides);

}  // namespace kern
}  // namespace aclcpu
