// SIMD bodies of the MSE and Smooth L1 gradient rows (loss_grad.h): the operators' formulas (MseGradF, SmoothL1GradF)
// in two row drivers written once for any formula of (gradOutput, self, target) - a fused row for same-dtype
// contiguous/broadcast rows and a block row for any dtypes and strides - on top of the generic conversions
// of simd_convert-inl.h. Compiled once per Highway target by foreach_target; the HWY_ONCE part at the end
// holds the target-independent selection.
#ifndef ACLCPU_LOSS_GRAD_SIMD_COMMON
#define ACLCPU_LOSS_GRAD_SIMD_COMMON

#include <cstring>

#include "kernels/convert.h"
#include "kernels/fused_row.h"
#include "kernels/loss_grad.h"
#include "kernels/simd_convert.h"
#include "tensor/dtype.h"

namespace aclcpu {
namespace kern {
namespace lossgrad {

/// How a block row gets one input into float32 (values of P).
enum class InKind {
    kDirect,      // contiguous FLOAT (P FLOAT): used in place
    kSplat,       // broadcast: one value
    kH2F,         // contiguous FLOAT16 that fits P: SIMD conversion
    kB2F,         // contiguous BF16 that fits P: SIMD conversion
    kGatherF32,   // strided FLOAT
    kGatherF16,   // strided FLOAT16
    kGatherBf16,  // strided BF16
    kScalar,      // anything else: convert.h per element (LoadPromoted)
};

inline InKind ClassifyInput(aclDataType dt, int64_t stride, aclDataType P) {
    if (stride == 0) return InKind::kSplat;
    const bool fits = dt == P || (P == ACL_FLOAT && (dt == ACL_FLOAT16 || dt == ACL_BF16));
    if (!fits) return InKind::kScalar;
    const bool contiguous = stride == static_cast<int64_t>(ItemSize(dt));
    switch (dt) {
        case ACL_FLOAT:
            return contiguous ? InKind::kDirect : InKind::kGatherF32;
        case ACL_FLOAT16:
            return contiguous ? InKind::kH2F : InKind::kGatherF16;
        case ACL_BF16:
            return contiguous ? InKind::kB2F : InKind::kGatherBf16;
        default:
            return InKind::kScalar;
    }
}

}  // namespace lossgrad
}  // namespace kern
}  // namespace aclcpu

#endif  // ACLCPU_LOSS_GRAD_SIMD_COMMON

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/loss_grad_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
// foreach_target re-includes this file once per target; highway.h must follow it.
#include <hwy/highway.h>

#include "kernels/simd_convert-inl.h"  // the conversions, once per target
#include "kernels/fused_row-inl.h"     // the fused row driver, once per target

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace kern {
namespace HWY_NAMESPACE {

// ------------------------------------------------------------------ the formulas (loss_grad.h's elements)

/// MseGradElement: ((s - t) * cof) * g.
struct MseGradF {
    using Params = MseGradParams;
    static HWY_INLINE VF Apply(DF df, const Params& p, VF g, VF s, VF t) {
        return hn::Mul(hn::Mul(hn::Sub(s, t), hn::Set(df, p.cof)), g);
    }
};

/// SmoothL1GradElement for one rule (compares are ordered: false with NaN, as in C++).
template <SmoothL1Rule kRule>
struct SmoothL1GradF {
    using Params = SmoothL1GradParams;
    static HWY_INLINE VF Apply(DF df, const Params& p, VF g, VF s, VF t) {
        const VF sigma = hn::Set(df, p.sigma);
        const VF neg_sigma = hn::Set(df, p.neg_sigma);
        const VF one = hn::Set(df, 1.0f);
        const VF mone = hn::Set(df, -1.0f);
        const VF x = hn::Sub(s, t);
        VF sum;
        if constexpr (kRule == SmoothL1Rule::kTbe) {
            const VF temp = hn::Div(x, hn::Set(df, p.inv_sigma));
            const VF xz = hn::IfThenElseZero(hn::Eq(x, x), x);
            const VF neg = hn::IfThenElseZero(hn::Le(xz, neg_sigma), mone);
            const VF pos = hn::IfThenElseZero(hn::Ge(xz, sigma), one);
            const VF mid = hn::IfThenElseZero(hn::Lt(hn::Abs(xz), sigma), temp);
            sum = hn::Add(hn::Add(neg, pos), mid);
        } else {
            const VF ax = hn::Abs(x);
            const VF scaled = hn::Mul(x, hn::Set(df, p.inv_sigma));
            VF pos, neg, mid;
            if constexpr (kRule == SmoothL1Rule::kArch35Tensor) {
                pos = hn::IfThenElseZero(hn::Gt(x, sigma), one);
                neg = hn::IfThenElseZero(hn::Lt(x, neg_sigma), mone);
                mid = hn::IfThenZeroElse(hn::Gt(ax, sigma), scaled);
            } else {
                pos = hn::IfThenElseZero(hn::Ge(x, sigma), one);
                neg = hn::IfThenElseZero(hn::Le(x, neg_sigma), mone);
                mid = hn::IfThenZeroElse(hn::Ge(ax, sigma), scaled);
            }
            sum = hn::Add(hn::Add(pos, neg), mid);
        }
        return hn::Mul(hn::Mul(sum, g), hn::Set(df, p.norm));
    }
};

// ------------------------------------------------------------------ fused rows

/// A formula of (gradOutput, self, target) as fused_row-inl.h's driver calls it.
template <class F>
struct Fused3 {
    using Params = typename F::Params;
    static constexpr int kInputs = 3;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) { return F::Apply(df, p, x[0], x[1], x[2]); }
};

// ------------------------------------------------------------------ block rows

// y[i] = RoundToP(F(g[i & gm], s[i & sm], t[i & tm])) for i < n (a mask of 0: a broadcast input whose buffer
// holds at least one vector of its value).
template <class F, int kP>
HWY_INLINE void ComputeBlock(const typename F::Params& p, const float* g, size_t gm, const float* s, size_t sm,
                             const float* t, size_t tm, float* y, size_t n) {
    const DF df;
    const size_t N = hn::Lanes(df);
    size_t i = 0;
    for (; i + N <= n; i += N) {
        const VF v =
            F::Apply(df, p, hn::LoadU(df, g + (i & gm)), hn::LoadU(df, s + (i & sm)), hn::LoadU(df, t + (i & tm)));
        hn::StoreU(RoundToP<kP>(df, v), df, y + i);
    }
    if (i < n) {
        const size_t m = n - i;
        alignas(64) float bg[kBuf] = {}, bs[kBuf] = {}, bt[kBuf] = {}, by[kBuf];
        std::memcpy(bg, g + (i & gm), (gm ? m : N) * sizeof(float));
        std::memcpy(bs, s + (i & sm), (sm ? m : N) * sizeof(float));
        std::memcpy(bt, t + (i & tm), (tm ? m : N) * sizeof(float));
        const VF v = F::Apply(df, p, hn::Load(df, bg), hn::Load(df, bs), hn::Load(df, bt));
        hn::Store(RoundToP<kP>(df, v), df, by);
        std::memcpy(y + i, by, m * sizeof(float));
    }
}

// Any accepted dtypes and byte strides: each input to float32 blocks of values of P (SIMD conversion where
// contiguous), the arithmetic and the rounding to P in SIMD, then the conversion to the output's dtype.
template <class F, int kP, bool kNT>
void BlockRow(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    using lossgrad::InKind;
    const typename F::Params& p = *static_cast<const typename F::Params*>(params);
    constexpr aclDataType kPromote = kP == 0 ? ACL_FLOAT : (kP == 1 ? ACL_FLOAT16 : ACL_BF16);
    constexpr int64_t kBlock = 512;
    alignas(64) float blk[3][kBlock];
    alignas(64) float splat[3][kBuf];
    alignas(64) float ybuf[kBlock];
    alignas(64) uint16_t hbuf[kBlock];
    InKind kind[3];
    for (int k = 0; k < 3; ++k) {
        kind[k] = lossgrad::ClassifyInput(dt[k + 1], st[k + 1], kPromote);
        if (kind[k] == InKind::kSplat) {
            const float v = LoadPromoted(ptrs[k + 1], dt[k + 1], kPromote);
            for (size_t j = 0; j < kBuf; ++j) splat[k][j] = v;
        }
    }
    const aclDataType odt = dt[0];
    const bool out_contiguous = st[0] == static_cast<int64_t>(ItemSize(odt));
    for (int64_t base = 0; base < n; base += kBlock) {
        const int64_t m = n - base < kBlock ? n - base : kBlock;
        const size_t mb = static_cast<size_t>(m);
        const float* src[3];
        size_t mask[3];
        for (int k = 0; k < 3; ++k) {
            const char* q = ptrs[k + 1] + base * st[k + 1];
            const int64_t s = st[k + 1];
            float* b = blk[k];
            mask[k] = ~size_t{0};
            src[k] = b;
            switch (kind[k]) {
                case InKind::kDirect:
                    src[k] = reinterpret_cast<const float*>(q);
                    break;
                case InKind::kSplat:
                    src[k] = splat[k];
                    mask[k] = 0;
                    break;
                case InKind::kH2F:
                    H2F(reinterpret_cast<const uint16_t*>(q), b, mb);
                    break;
                case InKind::kB2F:
                    B2F(reinterpret_cast<const uint16_t*>(q), b, mb);
                    break;
                case InKind::kGatherF32:
                    for (int64_t i = 0; i < m; ++i) b[i] = LoadRaw<float>(q + i * s);
                    break;
                case InKind::kGatherF16:
                    for (int64_t i = 0; i < m; ++i) b[i] = HalfToFloat(LoadRaw<uint16_t>(q + i * s));
                    break;
                case InKind::kGatherBf16:
                    for (int64_t i = 0; i < m; ++i) b[i] = Bf16ToFloat(LoadRaw<uint16_t>(q + i * s));
                    break;
                case InKind::kScalar:
                    for (int64_t i = 0; i < m; ++i) b[i] = LoadPromoted(q + i * s, dt[k + 1], kPromote);
                    break;
            }
        }
        char* o = ptrs[0] + base * st[0];
        float* y = (!kNT && odt == ACL_FLOAT && out_contiguous) ? reinterpret_cast<float*>(o) : ybuf;
        ComputeBlock<F, kP>(p, src[0], mask[0], src[1], mask[1], src[2], mask[2], y, mb);
        if (y != ybuf) continue;
        if (out_contiguous && odt == ACL_FLOAT) {  // kNT only
            StreamCopy(reinterpret_cast<const char*>(ybuf), o, mb * 4);
        } else if (out_contiguous && (odt == ACL_FLOAT16 || odt == ACL_BF16)) {
            if (odt == ACL_FLOAT16) {
                F2H(ybuf, hbuf, mb);
            } else {
                F2B(ybuf, hbuf, mb);
            }
            if (kNT) {
                StreamCopy(reinterpret_cast<const char*>(hbuf), o, mb * 2);
            } else {
                std::memcpy(o, hbuf, mb * 2);
            }
        } else {
            for (int64_t i = 0; i < m; ++i) StoreResult(o + i * st[0], odt, ybuf[i]);
        }
    }
}

// ------------------------------------------------------------------ selection (per target)

template <class F, bool kNT>
RowFn BlockFor(int pc) {
    switch (pc) {
        case 0:
            return &BlockRow<F, 0, kNT>;
        case 1:
            return &BlockRow<F, 1, kNT>;
        case 2:
            return &BlockRow<F, 2, kNT>;
        default:
            return nullptr;
    }
}

template <bool kFused, class F>
RowFn Pick(int code, bool nt) {
    if constexpr (kFused) {
        return PickFusedRow<Fused3<F>, RoundedFusedCodes>(code, nt);
    } else {
        return nt ? BlockFor<F, true>(code) : BlockFor<F, false>(code);
    }
}

template <bool kFused>
RowFn PickOp(int op, int code, bool nt) {
    switch (op) {
        case kLossGradMse:
            return Pick<kFused, MseGradF>(code, nt);
        case 1:
            return Pick<kFused, SmoothL1GradF<SmoothL1Rule::kArch35Tensor>>(code, nt);
        case 2:
            return Pick<kFused, SmoothL1GradF<SmoothL1Rule::kArch35Scalar>>(code, nt);
        case 3:
            return Pick<kFused, SmoothL1GradF<SmoothL1Rule::kTbe>>(code, nt);
        default:
            return nullptr;
    }
}

/// This target's fused body for operator `op` and dtype code `dt` (nullptr when a step is wider than the
/// stack buffers, which no x86 target is).
RowFn SelectLossFused(int op, int dt, int nt) {
    if (!FusedRowFits()) return nullptr;
    return PickOp<true>(op, dt, nt != 0);
}

/// This target's block body for operator `op` and promote code `pc`.
RowFn SelectLossBlock(int op, int pc, int nt) { return PickOp<false>(op, pc, nt != 0); }

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace kern
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {
namespace kern {

HWY_EXPORT(SelectLossFused);
HWY_EXPORT(SelectLossBlock);

RowFn SelectLossGradFusedRow(int op, aclDataType promote, const aclDataType* dt, const int64_t* st, bool nontemporal,
                             bool bf16_quiet) {
    const int code = FusedDtCode(promote, bf16_quiet);
    if (code < 0) return nullptr;
    if (!FusedOperandsQualify(promote, dt, st, 4)) return nullptr;
    return HWY_DYNAMIC_DISPATCH(SelectLossFused)(op, code, nontemporal ? 1 : 0);
}

RowFn SelectLossGradBlockRow(int op, aclDataType promote, bool nontemporal) {
    const int code = PromoteCode(promote);
    return HWY_DYNAMIC_DISPATCH(SelectLossBlock)(op, code < 0 ? 0 : code, nontemporal ? 1 : 0);
}

}  // namespace kern
}  // namespace aclcpu
#endif  // HWY_ONCE
