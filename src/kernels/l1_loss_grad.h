// Row kernels of the L1 loss gradient: y = sign(self, target) * (gradOutput * r), computed in float32,
// rounded to the promote type P, then converted to gradInput's dtype (SPEC 5).
//
// A row (kernels/row.h) is n elements with one byte stride per operand (operand order: 0 gradInput,
// 1 gradOutput, 2 self, 3 target); `params` points at an L1Params. SelectL1Row, the operator's one kernel
// selector, picks once per plan the fastest body for the row shape: SIMD bodies for same-dtype
// FLOAT/FLOAT16/BF16 rows whose inputs are contiguous or broadcast (stride 0), else a block body that
// converts any accepted dtype and stride in blocks on the stack (l1_simd.h).
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "kernels/row.h"

namespace aclcpu {
namespace kern {

/// How the sign of (self - target) is taken (SPEC 5.2).
enum class SignRule {
    kArch35,  ///< Ascend 950 DAG kernel: s < t ? -1 : (s > t ? 1 : 0); NaN -> 0
    kTbe,     ///< TBE kernel (Atlas A2/A3, training, inference): s != t ? (s > t ? 1 : -1) : 0; NaN -> -1
};

/// Parameters fixed by the first phase (the `params` of the L1 rows; trivially copyable).
struct L1Params {
    aclDataType promote;  ///< P: ACL_FLOAT, ACL_FLOAT16 or ACL_BF16
    SignRule rule;
    float r;  ///< 1.0f for none/sum; the profile's mean factor for mean
};

/// The scalar definition of one element (the model every body must match bit for bit).
inline float L1Element(float g, float s, float t, const L1Params& p) {
    float sign;
    if (p.rule == SignRule::kArch35) {
        sign = s < t ? -1.0f : (s > t ? 1.0f : 0.0f);
    } else {
        sign = s != t ? (s > t ? 1.0f : -1.0f) : 0.0f;
    }
    return sign * (g * p.r);  // two float32 products in this order (built with -ffp-contract=off)
}

/// The operator's kernel selector (a kern::RowSelectFn; `params` points at an L1Params): the body for rows of
/// the given dtypes and innermost byte strides. `nontemporal`: the output is contiguous and should be
/// written with streaming stores (call StreamFence() after the rows of a thread). Never nullptr.
RowFn SelectL1Row(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);

/// The scalar reference body (any accepted dtypes and strides; a RowFn, `params` an L1Params), for tests of
/// the fast bodies.
void L1RowGeneric(const void* params, const aclDataType* dtypes, char* const* ptrs, const int64_t* strides,
                  int64_t n);

}  // namespace kern
}  // namespace aclcpu
