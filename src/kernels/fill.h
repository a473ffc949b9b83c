// Row kernel of the fills: aclnnInplaceZero, aclnnInplaceOne, aclnnInplaceFillScalar (docs/ops/fill.md). CANN's
// kernels (ZerosLike, OnesLike, Fill) never read the tensor: they write one element's bytes, fixed by the first
// phase (the value converted to the tensor's dtype on the host), into every element. Rows follow kernels/row.h
// with one operand: 0 the tensor (any dtype, any stride).
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "kernels/row.h"

namespace aclcpu {
namespace kern {

/// Parameters of the fill rows (trivially copyable; fixed by the first phase).
struct FillParams {
    int32_t size;       ///< the element's bytes (1, 2, 4, 8 or 16)
    uint8_t bytes[16];  ///< the element, little-endian, as the tensor's dtype stores it
};

/// The row selector (a RowSelectFn): a contiguous row of a 1-, 2-, 4- or 8-byte element as a typed fill (which the
/// compiler vectorises), any other row element by element.
RowFn SelectFillRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);

}  // namespace kern
}  // namespace aclcpu
