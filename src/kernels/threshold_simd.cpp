// Fused SIMD bodies of aclnnThreshold, aclnnHardshrink, aclnnSoftshrink, aclnnSoftshrinkBackward, aclnnHardtanh,
// aclnnHardtanhBackward and aclnnHardshrinkBackward (kernels/threshold.h): the formulas
// ThresholdF (x <= threshold ? value : x), HardShrinkF (|x| <= lambd ? +0 : x) and SoftShrinkF (Softshrink's
// two selects; its BF16 rows round, kFusedBf16), SoftShrinkGradF (gradOutput, self), HardtanhF (Max, then
// Min), HardtanhGradF and HardShrinkGradF (gradOutput, self) in fused_row-inl.h's
// driver, for FLOAT, FLOAT16 and BF16 rows. Every result is an input element (a NaN
// quieted) or the value, already in the dtype: BF16 rows store the upper halves as they are
// (kFusedBf16Exact). Compiled once per Highway target by foreach_target; the HWY_ONCE part holds the
// target-independent selection.
#ifndef ACLCPU_THRESHOLD_SIMD_COMMON
#define ACLCPU_THRESHOLD_SIMD_COMMON

#include "kernels/fused_row.h"
#include "kernels/simd_convert.h"
#include "kernels/threshold.h"
#include "tensor/dtype.h"

namespace aclcpu {
namespace kern {
/// The kind code SelectThresholdFused gets for Hardtanh when neither bound is a zero or a NaN
/// (HardtanhPlainF; outside SelectKind's values).
constexpr int kHardtanhPlainCode = -1;
}  // namespace kern
}  // namespace aclcpu

#endif  // ACLCPU_THRESHOLD_SIMD_COMMON

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/threshold_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
// foreach_target re-includes this file once per target; highway.h must follow it.
#include <hwy/highway.h>

#include "kernels/simd_convert-inl.h"  // the conversions, once per target
#include "kernels/fused_row-inl.h"     // the fused row driver, once per target

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace kern {
namespace HWY_NAMESPACE {

/// ThresholdElement on lanes: x <= thr -> val, else x (NaN lanes quieted).
struct ThresholdF {
    using Params = ThresholdParams;
    static constexpr int kInputs = 1;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        return hn::IfThenElse(hn::Le(x[0], hn::Set(df, p.thr_f)), hn::Set(df, p.val_f), QuietNaNs(df, x[0]));
    }
};

/// HardShrinkElement on lanes: |x| <= lambd -> val, else x (NaN lanes quieted).
struct HardShrinkF {
    using Params = ThresholdParams;
    static constexpr int kInputs = 1;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        return hn::IfThenElse(hn::Le(hn::Abs(x[0]), hn::Set(df, p.thr_f)), hn::Set(df, p.val_f), QuietNaNs(df, x[0]));
    }
};

/// SoftShrinkElement on lanes (a NaN lane fails both compares: +0).
struct SoftShrinkF {
    using Params = ThresholdParams;
    static constexpr int kInputs = 1;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        const VF l = hn::Set(df, p.thr_f);
        const VF sub = hn::Sub(x[0], l);
        const VF add = hn::Add(x[0], l);
        const VF y = hn::IfThenElseZero(hn::Gt(x[0], l), sub);
        return hn::IfThenElse(hn::Lt(x[0], hn::Neg(l)), add, y);
    }
};

/// SoftShrinkGradElement on lanes: x[0] = g, x[1] = self.
struct SoftShrinkGradF {
    using Params = ThresholdParams;
    static constexpr int kInputs = 2;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        const auto keep = hn::Or(hn::Gt(hn::Abs(x[1]), hn::Set(df, p.thr_f)), hn::IsNaN(x[1]));
        return hn::IfThenElseZero(keep, QuietNaNs(df, x[0]));
    }
};

/// HardtanhElement on lanes: Min(Max(x, min), max).
struct HardtanhF {
    using Params = ThresholdParams;
    static constexpr int kInputs = 1;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        const VF t = VecMaxMin<true>(df, x[0], hn::Set(df, p.thr_f));
        return VecMaxMin<false>(df, t, hn::Set(df, p.val_f));
    }
};

/// HardtanhF for bounds that are neither a zero nor a NaN (chosen on the host): VecMaxMin's NaN-of-b and tie
/// rules then never apply (two equal non-zero values have the same bits), so Max(x, min) is x < min ? min : x
/// and Min(t, max) is t > max ? max : t, a NaN x passing both selects and quieted once at the end: the same
/// bits as HardtanhF in a third of its operations.
struct HardtanhPlainF {
    using Params = ThresholdParams;
    static constexpr int kInputs = 1;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        const VF lo = hn::Set(df, p.thr_f), hi = hn::Set(df, p.val_f);
        const VF t = hn::IfThenElse(hn::Lt(x[0], lo), lo, x[0]);
        return QuietNaNs(df, hn::IfThenElse(hn::Gt(t, hi), hi, t));
    }
};

/// HardtanhGradElement on lanes: x[0] = g, x[1] = self; min < self < max or a NaN self keeps g.
struct HardtanhGradF {
    using Params = ThresholdParams;
    static constexpr int kInputs = 2;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        const auto inside = hn::And(hn::Gt(x[1], hn::Set(df, p.thr_f)), hn::Lt(x[1], hn::Set(df, p.val_f)));
        return hn::IfThenElseZero(hn::Or(inside, hn::IsNaN(x[1])), QuietNaNs(df, x[0]));
    }
};

/// HardShrinkGradElement on lanes: x[0] = g, x[1] = self; |self| <= lambd -> +0.
struct HardShrinkGradF {
    using Params = ThresholdParams;
    static constexpr int kInputs = 2;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        return hn::IfThenZeroElse(hn::Le(hn::Abs(x[1]), hn::Set(df, p.thr_f)), QuietNaNs(df, x[0]));
    }
};

/// This target's fused body for `kind` and dtype code `dt` (nullptr when a step is wider than the stack
/// buffers).
RowFn SelectThresholdFused(int kind, int dt, int nt) {
    if (!FusedRowFits()) return nullptr;
    if (kind == static_cast<int>(SelectKind::kHardShrink)) return PickFusedRow<HardShrinkF, SelectFusedCodes>(dt, nt != 0);
    if (kind == static_cast<int>(SelectKind::kSoftShrink)) return PickFusedRow<SoftShrinkF, PromoteFusedCodes>(dt, nt != 0);
    if (kind == static_cast<int>(SelectKind::kSoftShrinkGrad)) return PickFusedRow<SoftShrinkGradF, SelectFusedCodes>(dt, nt != 0);
    if (kind == static_cast<int>(SelectKind::kHardtanh)) return PickFusedRow<HardtanhF, SelectFusedCodes>(dt, nt != 0);
    if (kind == kHardtanhPlainCode) return PickFusedRow<HardtanhPlainF, SelectFusedCodes>(dt, nt != 0);
    if (kind == static_cast<int>(SelectKind::kHardtanhGrad)) return PickFusedRow<HardtanhGradF, SelectFusedCodes>(dt, nt != 0);
    if (kind == static_cast<int>(SelectKind::kHardShrinkGrad)) return PickFusedRow<HardShrinkGradF, SelectFusedCodes>(dt, nt != 0);
    return PickFusedRow<ThresholdF, SelectFusedCodes>(dt, nt != 0);
}

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace kern
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {
namespace kern {

HWY_EXPORT(SelectThresholdFused);

RowFn SelectThresholdFusedRow(const ThresholdParams& p, const aclDataType* dt, const int64_t* st, bool nontemporal) {
    int code = PromoteCode(p.dtype);
    if (code < 0) return nullptr;
    // Threshold / Hardshrink / Hardtanh: every result is a BF16 value already; Softshrink's sums are rounded
    if (code == kFusedBf16 && p.kind != SelectKind::kSoftShrink) code = kFusedBf16Exact;
    if (!FusedOperandsQualify(p.dtype, dt, st, 1 + SelectInputs(p.kind))) return nullptr;
    int kind = static_cast<int>(p.kind);
    const auto plain = [](float b) { return b == b && b != 0.0f; };  // neither a NaN nor a zero
    if (p.kind == SelectKind::kHardtanh && plain(p.thr_f) && plain(p.val_f)) kind = kHardtanhPlainCode;
    return HWY_DYNAMIC_DISPATCH(SelectThresholdFused)(kind, code, nontemporal ? 1 : 0);
}

}  // namespace kern
}  // namespace aclcpu
#endif  // HWY_ONCE
