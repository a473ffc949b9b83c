// The value rows of aclnnReduceSum (docs/ops/reduce_sum.md): each element of self cast to the compute dtype (the
// op_api's l0op::Cast to dtype, kernels/cast.h CastElement) and written as the value the reduction sums - float32
// for FLOAT, FLOAT16, BF16 (the reduce kernel's Cast to float32, exact), int64 for the integers (summed with
// wrap-around, stored in the dtype's low bits: the sum wrapped in the dtype) and for BOOL (0 or 1; the sum's != 0
// is ReduceAny).
//
// Rows follow kernels/row.h: operand 0 the engine's value buffer (FLOAT or INT64, contiguous), operand 1 self.
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "kernels/row.h"

namespace aclcpu {
namespace kern {

/// Parameters of the value rows (trivially copyable).
struct ReduceSumValueParams {
    aclDataType compute;  ///< dtype: FLOAT, FLOAT16, BF16, INT8, INT16, INT32, INT64, UINT8 or BOOL
};

/// The row selector (a RowSelectFn): self of the compute dtype FLOAT, FLOAT16 or BF16 - the cast rows (the values are
/// self's, widened exactly; FLOAT a copy; contiguous: rows that kern::WideningRowDtype (reduce_fold.h) names, so
/// that the engine reads self in place); otherwise the generic row.
RowFn SelectReduceSumValueRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);

/// The generic row: CastElement to the compute dtype, then the value.
void ReduceSumValueRowGeneric(const void* params, const aclDataType* dtypes, char* const* ptrs, const int64_t* strides,
                              int64_t n);

}  // namespace kern
}  // namespace aclcpu
