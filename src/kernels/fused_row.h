// Target-independent side of the fused row driver (fused_row-inl.h holds the per-target code): the dtype codes
// a fused row is selected by, and the rule that decides which BF16 narrowing a row may use. One place for the
// three selectors that pick fused rows (l1_simd.cpp, loss_grad_simd.cpp, loss_simd.cpp).
#pragma once

#include <cstdint>
#include <cstring>

#include "acl/acl_base.h"
#include "tensor/dtype.h"

namespace aclcpu {
namespace kern {

/// Dtype codes of the fused rows (the driver's kDt): how a row loads its inputs and narrows its results.
/// 0-2 double as the promote-type codes of the block rows and of the reductions' value rows.
enum FusedDt : int {
    kFusedF32 = 0,        ///< FLOAT: no narrowing
    kFusedF16 = 1,        ///< FLOAT16: RNE (F16C or the exact emulation)
    kFusedBf16 = 2,       ///< BF16: RNE with the NaN test (any result)
    kFusedBf16Exact = 3,  ///< BF16 results that are BF16 values already (RNE would change nothing): no rounding
    kFusedBf16Quiet = 4,  ///< BF16 results whose NaNs are quiet with a zero low half: RNE without the NaN test
};

/// kFusedF32 / kFusedF16 / kFusedBf16 for FLOAT / FLOAT16 / BF16, -1 for any other dtype.
inline int PromoteCode(aclDataType promote) {
    switch (promote) {
        case ACL_FLOAT:
            return kFusedF32;
        case ACL_FLOAT16:
            return kFusedF16;
        case ACL_BF16:
            return kFusedBf16;
        default:
            return -1;
    }
}

/// Whether a float32 operator parameter keeps kFusedBf16Quiet exact: it is not a NaN, or it is a quiet NaN
/// with a zero low half. A product or sum propagates a NaN operand's payload (quieted) into its result; with
/// BF16 inputs, only the parameters can bring a payload with low bits.
inline bool QuietBf16Param(float v) {
    uint32_t u;
    std::memcpy(&u, &v, sizeof(u));
    const bool nan = (u & 0x7FFFFFFFu) > 0x7F800000u;
    return !nan || ((u & 0x00400000u) != 0 && (u & 0xFFFFu) == 0);
}

/// The fused row's dtype code for promote type P: PromoteCode, with BF16 narrowed without the NaN test
/// (kFusedBf16Quiet) when `bf16_quiet` (every float parameter of the formula passes QuietBf16Param).
inline int FusedDtCode(aclDataType promote, bool bf16_quiet) {
    const int code = PromoteCode(promote);
    return code == kFusedBf16 && bf16_quiet ? kFusedBf16Quiet : code;
}

/// Whether a row of `operands` operands (output first) may take a fused body: every dtype `promote`, the
/// output contiguous, each input contiguous or broadcast (byte stride 0).
inline bool FusedOperandsQualify(aclDataType promote, const aclDataType* dt, const int64_t* st, int operands) {
    for (int k = 0; k < operands; ++k) {
        if (dt[k] != promote) return false;
    }
    const int64_t item = static_cast<int64_t>(ItemSize(promote));
    if (st[0] != item) return false;
    for (int k = 1; k < operands; ++k) {
        if (st[k] != item && st[k] != 0) return false;
    }
    return true;
}

}  // namespace kern
}  // namespace aclcpu
