// The element conversion of CANN's l0op::Cast as the Ascend 950's arch35 Cast kernel performs it (hicann/ops-math
// math/cast/op_kernel/arch35 cast_struct.h, cast_impl.h; docs/ops/copy.md §4), and the rows of aclnnInplaceCopy
// (src cast to selfRef's dtype, broadcast, written into selfRef's view). Rows follow kernels/row.h: operand 0 the
// destination, 1 the source, of any two dtypes the first phase admits.
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "kernels/row.h"

namespace aclcpu {
namespace kern {

/// One element of dtype `sdt` at `src` converted to dtype `ddt` at `dst`:
///  - the same dtype: the bytes;
///  - floating to floating: one rounding to nearest even from the exact value (DOUBLE to FLOAT16 / BF16 too); a NaN
///    quiet, its top payload bits kept;
///  - floating to an integer: toward zero, NaN 0, saturated to 32 bits (INT64, UINT32, UINT64 and FLOAT / BF16 /
///    DOUBLE to UINT8: 64 bits), then the destination's low bits (300.7 -> 44 in INT8, -1.5 -> 255 in UINT8);
///  - an integer or BOOL to floating: one rounding to nearest even, except INT32, INT64, UINT32 to FLOAT16 and BF16,
///    which go through FLOAT (two roundings);
///  - an integer to an integer: the value's low bits (sign- or zero-extended as the source is signed);
///  - anything to BOOL: x != 0 (a NaN true, -0 false; complex: either part);
///  - complex to real: the real part, converted as above; real to complex: (x converted to the part's type, 0).
void CastElement(const char* src, aclDataType sdt, char* dst, aclDataType ddt);

/// A floating value (float32 or double compute, exact as a double) into an integer or BOOL element of dtype `ddt`,
/// by CastElement's floating-to-integer rule (the one cast every operator's floating result to an integer out takes).
void StoreFloatingToInteger(char* dst, aclDataType ddt, double v);

/// The row selector (a RowSelectFn; params unused): equal dtypes with both operands contiguous a memcpy of the
/// row, equal dtypes otherwise an element copy, different dtypes CastElement per element.
RowFn SelectCastRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);

}  // namespace kern
}  // namespace aclcpu
