// SIMD bodies of the forward-loss rows (loss_simd.h): the three formulas (L1LossF, SmoothL1LossF, MseLossF) in two row
// drivers of fused_row-inl.h - the `none` row (rounded to P, stored in P's dtype, plain or streaming stores) and the
// values row of a reduction (float32 into the engine's buffer) - on top of the conversions of simd_convert-inl.h.
// Compiled once per Highway target by foreach_target; the HWY_ONCE part at the end holds the selection.
#ifndef ACLCPU_LOSS_SIMD_COMMON
#define ACLCPU_LOSS_SIMD_COMMON

#include "kernels/loss_simd.h"

#include "kernels/fused_row.h"
#include "kernels/loss.h"
#include "kernels/mse_loss.h"
#include "kernels/simd_convert.h"
#include "tensor/dtype.h"

#endif  // ACLCPU_LOSS_SIMD_COMMON

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/loss_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
// foreach_target re-includes this file once per target; highway.h must follow it.
#include <hwy/highway.h>

#include "kernels/simd_convert-inl.h"  // the conversions, once per target
#include "kernels/fused_row-inl.h"     // the fused row driver, once per target

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace kern {
namespace HWY_NAMESPACE {

// ------------------------------------------------------------------ the formulas (the scalar elements)

/// LossElement, kL1: |s - t| (Sub, Abs).
struct L1LossF {
    using Params = LossParams;
    static constexpr int kInputs = 2;
    static HWY_INLINE VF Apply(DF, const Params&, const VF* x) { return hn::Abs(hn::Sub(x[0], x[1])); }
};

/// LossElement, kSmoothL1: d = s - t, a = |d|, q2 = (d * (d * 0.5f)) * multiply, l = a + adds,
/// a < sigma ? q2 : l (ordered compare: false for NaN, as in C++).
struct SmoothL1LossF {
    using Params = LossParams;
    static constexpr int kInputs = 2;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        const VF d = hn::Sub(x[0], x[1]);
        const VF a = hn::Abs(d);
        const VF h = hn::Mul(d, hn::Set(df, 0.5f));
        const VF q = hn::Mul(d, h);
        const VF q2 = hn::Mul(q, hn::Set(df, p.multiply));
        const VF l = hn::Add(a, hn::Set(df, p.adds));
        return hn::IfThenElse(hn::Lt(a, hn::Set(df, p.sigma)), q2, l);
    }
};

/// The values of an L1 mean on TBE profiles: LossElement (kL1) times scale (loss.cpp ValueRow).
struct ScaledL1F {
    using Params = LossParams;
    static constexpr int kInputs = 2;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        return hn::Mul(L1LossF::Apply(df, p, x), hn::Set(df, p.scale));
    }
};

/// MseLossElement: d = s - t, d * d.
struct MseLossF {
    using Params = MseLossParams;
    static constexpr int kInputs = 2;
    static HWY_INLINE VF Apply(DF, const Params&, const VF* x) {
        const VF d = hn::Sub(x[0], x[1]);
        return hn::Mul(d, d);
    }
};

// ------------------------------------------------------------------ selection (per target)

template <class F>
RowFn PickF(int dt, int values, int nt) {
    return values ? PickValuesRow<F>(dt) : PickFusedRow<F, RoundedFusedCodes>(dt, nt != 0);
}

/// This target's body for loss `loss` (FwdLoss) and dtype code `dt` (FusedDt; the values rows take 0 FLOAT,
/// 1 FLOAT16, 2 BF16); nullptr when a step is wider than the stack buffers (no x86 target is).
RowFn SelectFwdLoss(int loss, int dt, int values, int scale, int nt) {
    if (!FusedRowFits()) return nullptr;
    switch (static_cast<FwdLoss>(loss)) {
        case FwdLoss::kL1:
            return scale ? PickF<ScaledL1F>(dt, values, nt) : PickF<L1LossF>(dt, values, nt);
        case FwdLoss::kSmoothL1:
            return PickF<SmoothL1LossF>(dt, values, nt);
        case FwdLoss::kMse:
            return PickF<MseLossF>(dt, values, nt);
    }
    return nullptr;
}

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace kern
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {
namespace kern {

HWY_EXPORT(SelectFwdLoss);

RowFn SelectFwdLossSimdRow(FwdLoss loss, const void* params, aclDataType promote, bool values, bool scale,
                           const aclDataType* dt, const int64_t* st, bool nontemporal) {
    // A `none` row's results of BF16 inputs carry only quiet NaNs with a zero low half (propagated inputs,
    // the default NaN) unless a parameter brings another payload: then no NaN test is needed (fused_row.h).
    // The values rows take the plain promote code.
    bool quiet = !values;
    if (quiet && loss == FwdLoss::kSmoothL1) {
        const LossParams& p = *static_cast<const LossParams*>(params);
        quiet = QuietBf16Param(p.multiply) && QuietBf16Param(p.adds);
    }
    const int code = FusedDtCode(promote, quiet);
    if (code < 0) return nullptr;
    if (scale && (loss != FwdLoss::kL1 || !values)) return nullptr;
    const int64_t item = static_cast<int64_t>(ItemSize(promote));
    if (values ? (dt[0] != ACL_FLOAT || st[0] != 4) : (dt[0] != promote || st[0] != item)) return nullptr;
    for (int k = 1; k < 3; ++k) {
        if (dt[k] != promote || (st[k] != item && st[k] != 0)) return nullptr;
    }
    return HWY_DYNAMIC_DISPATCH(SelectFwdLoss)(static_cast<int>(loss), code, values ? 1 : 0, scale ? 1 : 0,
                                               nontemporal ? 1 : 0);
}

}  // namespace kern
}  // namespace aclcpu
#endif  // HWY_ONCE
