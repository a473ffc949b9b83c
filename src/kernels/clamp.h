// Row kernels of ops-math's aclnnClamp family (conversion/clip_by_value_v2; docs/ops/clamp.md) where the inputs'
// and the output's dtypes differ from the compute dtype or a bound is a tensor: out = Min(Max(self, min), max) in
// the compute dtype (the promote type), each input cast to it first (l0op::Cast, RNE), the result cast to out's
// dtype. The selection is the ClipByValueV2 kernel's: FLOAT16, FLOAT, BF16, INT32, INT64 the arch35 AI Core kernel
// (Max first, then Min: when min > max every element is max; the vector unit's Max/Min rules for NaN and signed
// zeros, kernels/threshold.h HardtanhElement), DOUBLE, INT16, INT8, UINT8 the AI CPU kernel (any NaN operand gives
// the positive quiet NaN; std::min(std::max(...)), HardtanhDoubleElement / HardtanhIntElement). A bound the caller
// leaves out is CANN's synthetic one (+-inf, or the integer dtype's limits), which changes no value. Where every
// dtype is the compute dtype and both bounds are values, the plan runs the Hardtanh rows instead (the same
// selection, with SIMD bodies).
//
// Rows follow kernels/row.h: operand 0 out, 1 self, then the min tensor and the max tensor where they are tensors.
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "kernels/row.h"

namespace aclcpu {
namespace kern {

/// Parameters of the Clamp rows (trivially copyable; fixed by the first phase).
struct ClampParams {
    aclDataType compute;  ///< the promote type the selection runs in
    int32_t min_operand;  ///< the row operand of the min tensor (2 or 3), or 0: the value min_* below
    int32_t max_operand;  ///< the row operand of the max tensor (2 or 3), or 0: the value max_* below
    float min_f, max_f;   ///< FLOAT, FLOAT16, BF16 compute: the bound values of the compute dtype
    double min_d, max_d;  ///< DOUBLE compute
    int64_t min_i, max_i; ///< integer compute, values of the compute dtype
};

/// The row selector (a RowSelectFn): the generic row (every admitted dtype, any stride).
RowFn SelectClampRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);

/// The generic row: the definition, element by element.
void ClampRowGeneric(const void* params, const aclDataType* dtypes, char* const* ptrs, const int64_t* strides,
                     int64_t n);

}  // namespace kern
}  // namespace aclcpu
