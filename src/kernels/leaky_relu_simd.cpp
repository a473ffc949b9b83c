// Fused SIMD bodies of the LeakyRelu pair (kernels/leaky_relu.h): the formulas LeakyReluF (one input: a = x =
// self), LeakyReluGradF (a = gradOutput, x = self), PreluF (a = x = self, the slope a weight operand) and
// PreluGradF (a = gradOutput, x = self, the slope a weight operand) in fused_row-inl.h's driver, for FLOAT,
// FLOAT16 and BF16 rows, and PreluBackward's update values (PreluUpdateF; with gradInput beside them,
// PreluGradValuesF) in its values row. Products are rounded results (BF16 rows narrow with RNE and the NaN
// test, kFusedBf16). Compiled once per Highway target by foreach_target; the HWY_ONCE part holds the
// target-independent selection.
#ifndef ACLCPU_LEAKY_RELU_SIMD_COMMON
#define ACLCPU_LEAKY_RELU_SIMD_COMMON

#include "kernels/fused_row.h"
#include "kernels/leaky_relu.h"
#include "kernels/simd_convert.h"
#include "tensor/dtype.h"

#endif  // ACLCPU_LEAKY_RELU_SIMD_COMMON

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/leaky_relu_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
// foreach_target re-includes this file once per target; highway.h must follow it.
#include <hwy/highway.h>

#include "kernels/simd_convert-inl.h"  // the conversions, once per target
#include "kernels/fused_row-inl.h"     // the fused row driver, once per target

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace kern {
namespace HWY_NAMESPACE {

/// LeakyReluElement on lanes: x > 0 -> a, else a * slope; a NaN a quieted, another NaN product the default
/// NaN. (The NaN lanes are set explicitly: the product of a signalling NaN need not come out quiet everywhere.)
HWY_INLINE VF LeakyLanes(DF df, VF a, VF x, VF slope) {
    const DU32 du;
    const VF quiet_a = hn::BitCast(df, hn::Or(hn::BitCast(du, a), hn::Set(du, 0x00400000u)));
    const VF y = hn::Mul(a, slope);
    const auto a_nan = hn::IsNaN(a);
    const VF nan = hn::IfThenElse(a_nan, quiet_a, hn::BitCast(df, hn::Set(du, kReluDefaultNaN)));
    const VF neg = hn::IfThenElse(hn::IsNaN(y), nan, y);
    return hn::IfThenElse(hn::Gt(x, hn::Zero(df)), hn::IfThenElse(a_nan, quiet_a, a), neg);
}

struct LeakyReluF {
    using Params = LeakyReluParams;
    static constexpr int kInputs = 1;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        return LeakyLanes(df, x[0], x[0], hn::Set(df, p.slope));
    }
};

/// Prelu: x[0] self, x[1] its weight element (the slope lane by lane).
struct PreluF {
    using Params = LeakyReluParams;
    static constexpr int kInputs = 2;
    static HWY_INLINE VF Apply(DF df, const Params&, const VF* x) { return LeakyLanes(df, x[0], x[0], x[1]); }
};

struct LeakyReluGradF {
    using Params = LeakyReluParams;
    static constexpr int kInputs = 2;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        return LeakyLanes(df, x[0], x[1], hn::Set(df, p.slope));
    }
};

/// PreluBackward's gradInput: x[0] gradOutput, x[1] self, x[2] the weight element.
struct PreluGradF {
    using Params = LeakyReluParams;
    static constexpr int kInputs = 3;
    static HWY_INLINE VF Apply(DF df, const Params&, const VF* x) { return LeakyLanes(df, x[0], x[1], x[2]); }
};

/// PreluBackward's update values (PreluUpdateElement on lanes; x[0] gradOutput, x[1] self): x > 0 -> +0, else
/// x * g, a NaN self or gradOutput quieted (self's first), another NaN product the default NaN; rounded to the
/// promote type kP (0 FLOAT, 1 FLOAT16, 2 BF16: RNE) and handed to the reduction as float32.
template <int kP>
struct PreluUpdateF {
    using Params = LeakyReluParams;
    static constexpr int kInputs = 2;
    static HWY_INLINE VF Apply(DF df, const Params&, const VF* x) {
        const DU32 du;
        const VF g = x[0], s = x[1];
        const VF y = hn::Mul(s, g);
        const VF nan = hn::IfThenElse(hn::IsNaN(s), QuietNaNs(df, s),
                                      hn::IfThenElse(hn::IsNaN(g), QuietNaNs(df, g),
                                                     hn::BitCast(df, hn::Set(du, kReluDefaultNaN))));
        const VF v = hn::IfThenElse(hn::IsNaN(y), nan, y);
        return RoundToP<kP>(df, hn::IfThenZeroElse(hn::Gt(s, hn::Zero(df)), v));
    }
};

/// Both of PreluBackward's results in one pass (x[0] gradOutput, x[1] self, x[2] the weight element): the
/// update values (PreluUpdateF) and, as the side output, gradInput (PreluGradF's lanes).
template <int kP>
struct PreluGradValuesF {
    using Params = LeakyReluParams;
    static constexpr int kInputs = 3;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) { return PreluUpdateF<kP>::Apply(df, p, x); }
    static HWY_INLINE VF Side(DF df, const Params& p, const VF* x) { return PreluGradF::Apply(df, p, x); }
};

template <int kP>
RowFn PickPreluValues(bool side) {
    return side ? PickValuesRow<PreluGradValuesF<kP>, true>(kP) : PickValuesRow<PreluUpdateF<kP>>(kP);
}

/// This target's values row of PreluBackward's update for promote code dt (kFusedF32, kFusedF16, kFusedBf16),
/// with gradInput as its side output when `side`.
RowFn SelectPreluUpdateValues(int dt, int side) {
    if (!FusedRowFits()) return nullptr;
    switch (dt) {
        case kFusedF32:
            return PickPreluValues<0>(side != 0);
        case kFusedF16:
            return PickPreluValues<1>(side != 0);
        case kFusedBf16:
            return PickPreluValues<2>(side != 0);
        default:
            return nullptr;
    }
}

/// This target's fused body for `inputs` (1 or 2; 3: Prelu's self and weight; 4: its gradient's gradOutput,
/// self and weight) and dtype code `dt` (nullptr when
/// a step is wider than the stack buffers, which no x86 target is).
RowFn SelectLeakyReluFused(int inputs, int dt, int nt) {
    if (!FusedRowFits()) return nullptr;
    if (inputs == 3) return PickFusedRow<PreluF, PromoteFusedCodes>(dt, nt != 0);
    if (inputs == 4) return PickFusedRow<PreluGradF, PromoteFusedCodes>(dt, nt != 0);
    return inputs == 1 ? PickFusedRow<LeakyReluF, PromoteFusedCodes>(dt, nt != 0) : PickFusedRow<LeakyReluGradF, PromoteFusedCodes>(dt, nt != 0);
}

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace kern
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {
namespace kern {

HWY_EXPORT(SelectLeakyReluFused);
HWY_EXPORT(SelectPreluUpdateValues);

RowFn SelectLeakyReluFusedRow(const LeakyReluParams& p, const aclDataType* dt, const int64_t* st, bool nontemporal) {
    const int code = PromoteCode(p.promote);
    if (code < 0 || (p.inputs != 1 && p.inputs != 2)) return nullptr;
    if (p.update) {  // float32 values for the reduction: the engine's contiguous buffer, inputs of P
        if (p.inputs != 2 || dt[0] != ACL_FLOAT || st[0] != 4) return nullptr;
        const int64_t item = static_cast<int64_t>(ItemSize(p.promote));
        const int first = p.weight ? 2 : 1;  // operand 1: the contiguous gradInput of P (side output)
        if (p.weight && (dt[1] != p.promote || st[1] != item)) return nullptr;
        for (int k = first; k < first + 2 + (p.weight ? 1 : 0); ++k) {
            if (dt[k] != p.promote || (st[k] != item && st[k] != 0)) return nullptr;
        }
        return HWY_DYNAMIC_DISPATCH(SelectPreluUpdateValues)(code, p.weight ? 1 : 0);
    }
    const int operands = p.inputs + 1 + (p.weight ? 1 : 0);
    if (!FusedOperandsQualify(p.promote, dt, st, operands)) return nullptr;
    const int kind = p.weight ? p.inputs + 2 : p.inputs;  // 3: PreluF, 4: PreluGradF
    return HWY_DYNAMIC_DISPATCH(SelectLeakyReluFused)(kind, code, nontemporal ? 1 : 0);
}

}  // namespace kern
}  // namespace aclcpu
#endif  // HWY_ONCE
