// Element-wise reduction of several ranks' inputs in rank order (the arithmetic every transport shares).
#pragma once

#include <cstdint>

#include "hccl/hccl_types.h"

namespace aclcpu {
namespace hccl {

/// out[i] = ((in[0][i] op in[1][i]) op in[2][i]) ... op in[n-1][i] for i in [begin, end): element indices of
/// `dtype`; `in` holds n >= 1 host-accessible arrays. out may be one of the inputs (in place): every element is
/// read from all inputs before it is written. FP16 and BFP16 accumulate in float32 and round once (to nearest,
/// ties to even); integer SUM and PROD wrap around; MAX/MIN give the first NaN in rank order when any input is
/// NaN, and the earlier rank's value between equal ones. Returns false for a (dtype, op) it has no kernel for.
bool ReduceRange(HcclDataType dtype, HcclReduceOp op, const void* const* in, uint32_t n, void* out, uint64_t begin,
                 uint64_t end);

}  // namespace hccl
}  // namespace aclcpu
