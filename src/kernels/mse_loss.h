// The element of the forward MSE loss (docs/ops/mse_loss.md §5.1) and its row kernels for reduction `none`.
//
// Every kernel that CANN runs for aclnnMseLoss (MSELossV2 arch35 and AscendC, MseLoss arch35 DAG, TBE) computes
// an element as q = d * d, d = s - t: one float32 subtraction and one float32 multiplication of the inputs'
// values in the promote type P, widened exactly (hicann/ops-nn loss/mse_loss_v2/op_kernel/arch35/mse_loss_v2.h
// ComputeSquaredDiff; mse_loss_v2_none.h; loss/mse_loss/op_kernel/arch35/mse_loss_dag.h). For `none` the
// result is q rounded to P (RNE; FLOAT: `Adds(q, 0.0f)`, i.e. q), then converted to out's dtype.
//
// Rows follow kernels/row.h; operand order: 0 the output, 1 self, 2 target. Built with -ffp-contract=off
// (no FMA may be formed from d * d).
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "kernels/row.h"

namespace aclcpu {
namespace kern {

/// Parameters of the MSE loss rows (trivially copyable; fixed by the first phase).
struct MseLossParams {
    aclDataType promote;  ///< P = PromoteType(self, target): ACL_FLOAT, ACL_FLOAT16 or ACL_BF16
    bool values;          ///< the rows of a reduction: operand 0 takes the float32 values q unrounded
                          ///< (engine/reduce.h: ACL_FLOAT, stride 4 bytes); false: `none`, q rounded to P
};

/// One element: (s - t) * (s - t) in float32, s and t the inputs' values in P (as float32). Never -0.
inline float MseLossElement(float s, float t) {
    const float d = s - t;
    return d * d;
}

/// The MSE loss kernel selector (a RowSelectFn; `params` points at an MseLossParams). Never nullptr. First the
/// SIMD bodies of kernels/loss_simd.h (self, target and - for `none` - out of P's dtype, out contiguous,
/// inputs contiguous or broadcast; streaming stores when `nontemporal`). Otherwise, with `values`: the values
/// row (q as float32 into a contiguous float operand 0, via MseLossValues); without: a contiguous same-dtype
/// block body, else MseLossRowGeneric. These scalar bodies write with plain stores even when `nontemporal`
/// asks for streaming ones (same bits; only a read-for-ownership more on large mixed-dtype outputs).
RowFn SelectMseLossRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);

/// The scalar reference body (any accepted dtypes and strides): LoadPromoted, MseLossElement,
/// RoundToPromoted, StoreResult (kernels/convert.h).
void MseLossRowGeneric(const void* params, const aclDataType* dtypes, char* const* ptrs, const int64_t* strides,
                       int64_t n);

/// Writes q = MseLossElement of elements [0, n) of a row (self at ptrs[0] / strides[0] bytes, target at
/// ptrs[1] / strides[1], dtypes[0..1], converted to `promote`) into dst as float32 - the values row's body.
void MseLossValues(aclDataType promote, const aclDataType* dtypes, const char* const* ptrs, const int64_t* strides,
                   int64_t n, float* dst);

}  // namespace kern
}  // namespace aclcpu
