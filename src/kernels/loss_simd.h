// SIMD rows of the forward regression losses (kernels/loss.h: L1, Smooth L1; kernels/mse_loss.h: MSE), for
// rows where self, target and (for reduction none) the output all have the promote type P's dtype (FLOAT,
// FLOAT16 or BF16), the output is contiguous and each input contiguous or broadcast (stride 0). Two shapes:
//   - the `none` row: the element in float32, rounded to P (RNE) and stored in P's dtype; with `nontemporal`
//     the stores are streaming ones (kernels/row.h; the caller fences after its rows);
//   - the values row of a reduction (engine/reduce.h): the float32 element (L1: times LossParams::scale when
//     scale_values) into operand 0, a contiguous float32 buffer.
// The arithmetic is the scalar elements' (LossElement, MseLossElement) operation for operation, in float32
// without contraction (built with -ffp-contract=off; Highway's Mul/Add/Sub are separate instructions), so
// each body is bit-identical to the scalar rows (tests/kernels/simd_rows_test.cpp, every compiled target).
// Mixed dtypes and strided operands stay on the scalar rows. Compiled per Highway target (loss_simd.cpp).
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "kernels/row.h"

namespace aclcpu {
namespace kern {

/// Which forward loss a SIMD row computes.
enum class FwdLoss : int32_t {
    kL1,        ///< LossElement with LossKind::kL1; params: LossParams
    kSmoothL1,  ///< LossElement with LossKind::kSmoothL1; params: LossParams
    kMse,       ///< MseLossElement; params: MseLossParams
};

/// The SIMD body for a forward-loss row, or nullptr when the row does not qualify (a dtype other than
/// `promote` among the operands - for `values`, operand 0 must be ACL_FLOAT -, promote not FLOAT, FLOAT16 or
/// BF16, an output that is not contiguous, an input neither contiguous nor broadcast). `values`: the
/// reduction's values row (LossParams::output == kValue, MseLossParams::values); `scale`: multiply each value
/// by LossParams::scale (L1 only). `params`: the row's LossParams or MseLossParams (its float parameters
/// decide whether BF16 results may skip the NaN test of their rounding). dtypes / strides: one entry per
/// operand, output first, strides in bytes.
RowFn SelectFwdLossSimdRow(FwdLoss loss, const void* params, aclDataType promote, bool values, bool scale,
                           const aclDataType* dtypes, const int64_t* strides, bool nontemporal);

}  // namespace kern
}  // namespace aclcpu
