// Fused SIMD bodies of the ReLU pair (kernels/relu.h): the formulas ReluF (one input), ReluGradF and
// ThresholdGradF (gradOutput, self) in fused_row-inl.h's driver, for FLOAT, FLOAT16 and BF16 rows. Every
// result is an input element (quieted when a NaN), a signed zero or kReluDefaultNaN: BF16 rows store the
// upper halves as they are (kFusedBf16Exact). Compiled once per Highway target by foreach_target; the
// HWY_ONCE part holds the target-independent selection.
#ifndef ACLCPU_RELU_SIMD_COMMON
#define ACLCPU_RELU_SIMD_COMMON

#include "kernels/fused_row.h"
#include "kernels/relu.h"
#include "kernels/simd_convert.h"
#include "tensor/dtype.h"

#endif  // ACLCPU_RELU_SIMD_COMMON

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/relu_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
// foreach_target re-includes this file once per target; highway.h must follow it.
#include <hwy/highway.h>

#include "kernels/simd_convert-inl.h"  // the conversions, once per target
#include "kernels/fused_row-inl.h"     // the fused row driver, once per target

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace kern {
namespace HWY_NAMESPACE {

/// ReluElement: x <= 0 -> +0, else x (NaNs quieted).
struct ReluF {
    using Params = ReluParams;
    static constexpr int kInputs = 1;
    static HWY_INLINE VF Apply(DF df, const Params&, const VF* x) {
        return hn::IfThenZeroElse(hn::Le(x[0], hn::Zero(df)), QuietNaNs(df, x[0]));
    }
};

/// ReluGradElement: g * (s <= 0 ? 0 : 1); where the product is a NaN, g quieted when g is a NaN, else (+-inf * 0)
/// kReluDefaultNaN. (The NaN lanes are set explicitly: a compiler may fold g * 1 to g, keeping a signalling NaN.)
struct ReluGradF {
    using Params = ThresholdGradParams;
    static constexpr int kInputs = 2;
    static HWY_INLINE VF Apply(DF df, const Params&, const VF* x) {
        const DU32 du;
        const VF g = x[0];
        const VF y = hn::Mul(g, hn::IfThenZeroElse(hn::Le(x[1], hn::Zero(df)), hn::Set(df, 1.0f)));
        const VF quiet_g = hn::BitCast(df, hn::Or(hn::BitCast(du, g), hn::Set(du, 0x00400000u)));
        const VF nan = hn::IfThenElse(hn::IsNaN(g), quiet_g, hn::BitCast(df, hn::Set(du, kReluDefaultNaN)));
        return hn::IfThenElse(hn::IsNaN(y), nan, y);
    }
};

/// ThresholdGradElement: s <= threshold -> +0, else g (NaNs quieted).
struct ThresholdGradF {
    using Params = ThresholdGradParams;
    static constexpr int kInputs = 2;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        return hn::IfThenZeroElse(hn::Le(x[1], hn::Set(df, p.threshold)), QuietNaNs(df, x[0]));
    }
};

/// This target's fused body for `op` (kReluOp or 1 + ThresholdKernel) and dtype code `dt` (nullptr when a
/// step is wider than the stack buffers, which no x86 target is).
RowFn SelectReluFused(int op, int dt, int nt) {
    if (!FusedRowFits()) return nullptr;
    switch (op) {
        case kReluOp:
            return PickFusedRow<ReluF, SelectFusedCodes>(dt, nt != 0);
        case 1 + static_cast<int>(ThresholdKernel::kReluGrad):
            return PickFusedRow<ReluGradF, SelectFusedCodes>(dt, nt != 0);
        case 1 + static_cast<int>(ThresholdKernel::kThresholdGradV2D):
            return PickFusedRow<ThresholdGradF, SelectFusedCodes>(dt, nt != 0);
        default:
            return nullptr;
    }
}

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace kern
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {
namespace kern {

HWY_EXPORT(SelectReluFused);

RowFn SelectReluFusedRow(int op, aclDataType dtype, const aclDataType* dt, const int64_t* st, bool nontemporal) {
    int code = PromoteCode(dtype);
    if (code < 0) return nullptr;
    if (code == kFusedBf16) code = kFusedBf16Exact;  // every result is a BF16 value already
    if (!FusedOperandsQualify(dtype, dt, st, op == kReluOp ? 2 : 3)) return nullptr;
    return HWY_DYNAMIC_DISPATCH(SelectReluFused)(op, code, nontemporal ? 1 : 0);
}

}  // namespace kern
}  // namespace aclcpu
#endif  // HWY_ONCE
