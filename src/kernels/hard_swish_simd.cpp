// Fused SIMD bodies of the hard activations (kernels/hard_swish.h): HardSwishF, HardSigmoidF (one input) and
// HardSwishGradF, HardSwishGradV2F, HardSigmoidGradF (gradOutput, self) in fused_row-inl.h's driver, for
// FLOAT, FLOAT16 and BF16 rows. A kind that narrows with CAST_ROUND rounds its float32 result to the 16-bit grid
// with ties away from zero here (RoundAwayLanes), so that the driver's RNE narrowing is exact on it; the CAST_RINT
// kinds leave the narrowing to the driver. Compiled once per Highway target by foreach_target; the HWY_ONCE part
// holds the target-independent selection.
#ifndef ACLCPU_HARD_SWISH_SIMD_COMMON
#define ACLCPU_HARD_SWISH_SIMD_COMMON

#include "kernels/fused_row.h"
#include "kernels/hard_swish.h"
#include "kernels/simd_convert.h"
#include "tensor/dtype.h"

namespace aclcpu {
namespace kern {
/// The rounding a fused body applies before the driver's narrowing: none (FLOAT, or CAST_RINT), CAST_ROUND
/// to FLOAT16, CAST_ROUND to BF16.
enum HardRound : int { kHardRoundNone = 0, kHardRoundHalf = 1, kHardRoundBf16 = 2 };
}  // namespace kern
}  // namespace aclcpu

#endif  // ACLCPU_HARD_SWISH_SIMD_COMMON

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/hard_swish_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
// foreach_target re-includes this file once per target; highway.h must follow it.
#include <hwy/highway.h>

#include "kernels/simd_convert-inl.h"  // the conversions, once per target
#include "kernels/fused_row-inl.h"     // the fused row driver, once per target

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace kern {
namespace HWY_NAMESPACE {

/// float32 lanes without NaNs rounded to the kR grid with ties away from zero (FloatToHalfRoundAway /
/// FloatToBf16RoundAway as float32 values). A NaN lane gives some value: the caller replaces it.
template <int kR>
HWY_INLINE VF RoundAwayNumbers(DF df, VF v) {
    if constexpr (kR == kHardRoundNone) return v;
    const DU32 du;
    const VU u = hn::BitCast(du, v);
    if constexpr (kR == kHardRoundBf16) {
        // sign-magnitude bits: adding half an ulp and truncating rounds the magnitude, ties away (inf stays)
        return hn::BitCast(df, hn::And(hn::Add(u, hn::Set(du, 0x8000u)), hn::Set(du, 0xFFFF0000u)));
    } else {
        // binary16 normals (|v| >= 2^-14): the same at bit 13, on the sign-magnitude bits (the magnitude never
        // carries into the sign: inf stays inf); >= 65520 becomes >= 65536 (inf when narrowed)
        VF r = hn::BitCast(df, hn::And(hn::Add(u, hn::Set(du, 0x1000u)), hn::Set(du, ~0x1FFFu)));
        // zeros round to themselves on that path too: only 0 < |v| < 2^-14 needs the subnormal one (rare);
        // as magnitude bits, |v| - 1 < 2^-14 - 1 unsigned (a zero wraps around to the largest value)
        const VU mag = hn::And(u, hn::Set(du, 0x7FFFFFFFu));
        const auto tiny = hn::RebindMask(df, hn::Lt(hn::Sub(mag, hn::Set(du, 1u)), hn::Set(du, 0x38800000u - 1u)));
        if (HWY_UNLIKELY(!hn::AllFalse(df, tiny))) {
            // binary16 subnormals: multiples of 2^-24; k = trunc(a * 2^24) + (frac >= 0.5), all exact
            const VF s = hn::Mul(hn::Abs(v), hn::Set(df, 16777216.0f));
            const VF k = hn::Trunc(s);
            const VF kr =
                hn::Add(k, hn::IfThenElseZero(hn::Ge(hn::Sub(s, k), hn::Set(df, 0.5f)), hn::Set(df, 1.0f)));
            const VF sub = hn::CopySign(hn::Mul(kr, hn::Set(df, 1.0f / 16777216.0f)), v);
            r = hn::IfThenElse(tiny, sub, r);
        }
        return r;
    }
}

/// RoundAwayNumbers for lanes whose NaNs are quiet already (every body below quiets them first): the NaN
/// lanes are returned as they are, left to the driver's narrowing.
template <int kR>
HWY_INLINE VF RoundAwayLanes(DF df, VF v) {
    if constexpr (kR == kHardRoundNone) return v;
    return hn::IfThenElse(hn::IsNaN(v), v, RoundAwayNumbers<kR>(df, v));
}

/// x's NaN lanes quieted (quiet bit set, sign and payload kept) where `nan`, else y: a one-input body whose
/// result is NaN only where its input is.
HWY_INLINE VF QuietWhere(DF df, hn::Mask<DF> nan, VF x, VF y) {
    const DU32 du;
    return hn::IfThenElse(nan, hn::BitCast(df, hn::Or(hn::BitCast(du, x), hn::Set(du, 0x00400000u))), y);
}

/// HardSwishElement on lanes (a NaN lane quieted). y is a NaN only where x is (x = +-inf gives +inf, -0).
template <int kR>
struct HardSwishF {
    using Params = HardParams;
    static constexpr int kInputs = 1;
    static HWY_INLINE VF Apply(DF df, const Params&, const VF* x) {
        const VF t = hn::Max(hn::Min(hn::Add(x[0], hn::Set(df, 3.0f)), hn::Set(df, 6.0f)), hn::Zero(df));
        const VF y = hn::Mul(hn::Mul(hn::Max(x[0], hn::Set(df, -3.0f)), t), hn::Set(df, kHardSixth));
        return QuietWhere(df, hn::IsNaN(x[0]), x[0], RoundAwayNumbers<kR>(df, y));
    }
};

/// HardSigmoidElement on lanes (a NaN lane quieted). c is a NaN only where x is (x = +-inf gives 1, 0).
template <int kR>
struct HardSigmoidF {
    using Params = HardParams;
    static constexpr int kInputs = 1;
    static HWY_INLINE VF Apply(DF df, const Params&, const VF* x) {
        const VF y = hn::Add(hn::Mul(x[0], hn::Set(df, kHardSixth)), hn::Set(df, 0.5f));
        const VF c = hn::Max(hn::Min(y, hn::Set(df, 1.0f)), hn::Zero(df));
        return QuietWhere(df, hn::IsNaN(x[0]), x[0], RoundAwayNumbers<kR>(df, c));
    }
};

/// HardSwishGradElement (kStrict: HardSwishGradV2Element) on lanes: x[0] = g, x[1] = self.
template <bool kStrict>
HWY_INLINE VF HardSwishGradLanes(DF df, const VF* x) {
    const DU32 du;
    const VF lo = hn::Set(df, -3.0f), hi = hn::Set(df, 3.0f);
    VF d = hn::Add(hn::Mul(x[1], hn::Set(df, kHardThird)), hn::Set(df, 0.5f));
    d = hn::IfThenElseZero(kStrict ? hn::Gt(x[1], lo) : hn::Ge(x[1], lo), d);
    d = hn::IfThenElse(kStrict ? hn::Lt(x[1], hi) : hn::Le(x[1], hi), d, hn::Set(df, 1.0f));
    const VF y = hn::Mul(x[0], d);
    const VF nan = hn::IfThenElse(hn::IsNaN(x[0]), QuietNaNs(df, x[0]), hn::BitCast(df, hn::Set(du, kReluDefaultNaN)));
    return hn::IfThenElse(hn::IsNaN(y), nan, y);
}

template <int kR>
struct HardSwishGradF {
    using Params = HardParams;
    static constexpr int kInputs = 2;
    static HWY_INLINE VF Apply(DF df, const Params&, const VF* x) {
        return RoundAwayLanes<kR>(df, HardSwishGradLanes<false>(df, x));
    }
};

template <int kR>
struct HardSwishGradV2F {
    using Params = HardParams;
    static constexpr int kInputs = 2;
    static HWY_INLINE VF Apply(DF df, const Params&, const VF* x) {
        return RoundAwayLanes<kR>(df, HardSwishGradLanes<true>(df, x));
    }
};

/// HardSigmoidGradElement on lanes: x[0] = g, x[1] = self.
template <int kR>
struct HardSigmoidGradF {
    using Params = HardParams;
    static constexpr int kInputs = 2;
    static HWY_INLINE VF Apply(DF df, const Params&, const VF* x) {
        const VF t = hn::Add(hn::Mul(x[1], hn::Set(df, kHardSixth)), hn::Set(df, 0.5f));
        const VF r = hn::IfThenElse(hn::IsNaN(x[0]), QuietNaNs(df, x[0]), hn::Mul(x[0], hn::Set(df, kHardSixth)));
        const auto in = hn::And(hn::Gt(t, hn::Zero(df)), hn::Lt(t, hn::Set(df, 1.0f)));
        return RoundAwayLanes<kR>(df, hn::IfThenElseZero(in, r));
    }
};

template <template <int> class F>
RowFn PickHard(int round, int dt, bool nt) {
    // the codes SelectHardFusedRow pairs with each rounding: CAST_ROUND to FLOAT16 on FLOAT16 rows, to BF16 on
    // BF16 rows stored as their upper halves, no rounding on every promote code
    if (round == kHardRoundHalf) return PickFusedRow<F<kHardRoundHalf>, FusedCodes<kFusedF16>>(dt, nt);
    if (round == kHardRoundBf16) return PickFusedRow<F<kHardRoundBf16>, FusedCodes<kFusedBf16Exact>>(dt, nt);
    return PickFusedRow<F<kHardRoundNone>, PromoteFusedCodes>(dt, nt);
}

/// This target's fused body for `kind`, pre-rounding `round` and dtype code `dt` (nullptr when a step is wider
/// than the stack buffers).
RowFn SelectHardFused(int kind, int round, int dt, int nt) {
    if (!FusedRowFits()) return nullptr;
    switch (static_cast<HardKind>(kind)) {
        case HardKind::kHardSwish:
            return PickHard<HardSwishF>(round, dt, nt != 0);
        case HardKind::kHardSigmoid:
            return PickHard<HardSigmoidF>(round, dt, nt != 0);
        case HardKind::kHardSwishGrad:
            return PickHard<HardSwishGradF>(round, dt, nt != 0);
        case HardKind::kHardSigmoidGrad:
            return PickHard<HardSigmoidGradF>(round, dt, nt != 0);
        case HardKind::kHardSwishGradV2:
            return PickHard<HardSwishGradV2F>(round, dt, nt != 0);
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

HWY_EXPORT(SelectHardFused);

RowFn SelectHardFusedRow(const HardParams& p, const aclDataType* dt, const int64_t* st, bool nontemporal) {
    const int code = PromoteCode(p.promote);
    if (code < 0) return nullptr;
    if (!FusedOperandsQualify(p.promote, dt, st, 1 + HardInputs(p.kind))) return nullptr;
    int round = kHardRoundNone, store = code;
    if (code != kFusedF32 && HardRoundsAway(p.kind, p.promote)) {
        round = code == kFusedF16 ? kHardRoundHalf : kHardRoundBf16;
        // RoundAwayLanes leaves every BF16 result on the BF16 grid (a NaN quiet): storing the upper halves as
        // they are gives the bits the RNE narrowing would (kFusedBf16Exact)
        if (round == kHardRoundBf16) store = kFusedBf16Exact;
    }
    return HWY_DYNAMIC_DISPATCH(SelectHardFused)(static_cast<int>(p.kind), round, store, nontemporal ? 1 : 0);
}

}  // namespace kern
}  // namespace aclcpu
#endif  // HWY_ONCE
