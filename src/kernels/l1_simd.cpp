// SIMD bodies of the L1 gradient rows (see l1_simd.h): the operator's arithmetic (Grad) in the fused rows
// and the block compute, on top of the generic conversions of simd_convert-inl.h. Compiled once per Highway
// target by foreach_target; the HWY_ONCE part at the end holds the target-independent selection and the
// block-row driver.
#ifndef ACLCPU_L1_SIMD_COMMON
#define ACLCPU_L1_SIMD_COMMON

#include "kernels/l1_simd.h"

#include <cstring>

#include "kernels/convert.h"
#include "kernels/fused_row.h"
#include "kernels/simd_convert.h"
#include "tensor/dtype.h"

namespace aclcpu {
namespace kern {
namespace detail {

/// Block compute: y[i] = RoundToPromoted(L1Element(g[i & gm], s[i & sm], t[i & tm]), P) for i < n, where a
/// mask of 0 makes that input a broadcast (its pointer then holds at least one vector of the value).
using ComputeFn = void (*)(const float* g, size_t gm, const float* s, size_t sm, const float* t, size_t tm,
                           float* y, size_t n, float r);
using ConvertInFn = void (*)(const uint16_t* in, float* out, size_t n);
using ConvertOutFn = void (*)(const float* in, uint16_t* out, size_t n);

/// Copies n bytes to dst with streaming stores where dst is vector-aligned (plain stores at the ends).
using StreamCopyFn = void (*)(const char* src, char* dst, size_t n);

/// The SIMD helpers of one target, for the block rows.
struct Ops {
    ConvertInFn h2f, b2f;
    ConvertOutFn f2h, f2b;
    StreamCopyFn stream_copy;
    ComputeFn compute[2][3];  // [rule: 0 arch35, 1 tbe][P: 0 FLOAT, 1 FLOAT16, 2 BF16]
    size_t lanes;             // float lanes of one vector
};

}  // namespace detail
}  // namespace kern
}  // namespace aclcpu

#endif  // ACLCPU_L1_SIMD_COMMON

#undef HWY_TARGET_INCLUDE
#define HWY_TARGET_INCLUDE "kernels/l1_simd.cpp"
#include <hwy/foreach_target.h>  // IWYU pragma: keep
// foreach_target re-includes this file once per target; highway.h must follow it.
#include <hwy/cache_control.h>
#include <hwy/highway.h>

#include "kernels/simd_convert-inl.h"  // the conversions, once per target
#include "kernels/fused_row-inl.h"     // the fused row driver, once per target

HWY_BEFORE_NAMESPACE();
namespace aclcpu {
namespace kern {
namespace HWY_NAMESPACE {

// ------------------------------------------------------------------ the arithmetic (L1Element)

template <bool kTbe>
HWY_INLINE VF Grad(DF df, VF g, VF s, VF t, VF r) {
    const VF one = hn::Set(df, 1.0f);
    const VF mone = hn::Set(df, -1.0f);
    const VF zero = hn::Zero(df);
    const auto gt = hn::Gt(s, t);  // ordered: false with NaN
    VF sign;
    if constexpr (kTbe) {
        // s != t ? (s > t ? 1 : -1) : 0, with C++'s != (true for NaN); not Highway's operator!=.
        sign = hn::IfThenElse(hn::Not(hn::Eq(s, t)), hn::IfThenElse(gt, one, mone), zero);
    } else {
        // s < t ? -1 : (s > t ? 1 : 0)
        sign = hn::IfThenElse(hn::Lt(s, t), mone, hn::IfThenElse(gt, one, zero));
    }
    return hn::Mul(sign, hn::Mul(g, r));  // two products, this order, never fused
}

// ------------------------------------------------------------------ block compute

template <bool kTbe, int kP>
void Compute(const float* g, size_t gm, const float* s, size_t sm, const float* t, size_t tm, float* y, size_t n,
             float r) {
    const DF df;
    const size_t N = hn::Lanes(df);
    const VF vr = hn::Set(df, r);
    size_t i = 0;
    for (; i + N <= n; i += N) {
        const VF vg = hn::LoadU(df, g + (i & gm));
        const VF vs = hn::LoadU(df, s + (i & sm));
        const VF vt = hn::LoadU(df, t + (i & tm));
        hn::StoreU(RoundToP<kP>(df, Grad<kTbe>(df, vg, vs, vt, vr)), df, y + i);
    }
    if (i < n) {
        const size_t m = n - i;
        alignas(64) float bg[kBuf] = {}, bs[kBuf] = {}, bt[kBuf] = {}, by[kBuf];
        std::memcpy(bg, g + (i & gm), (gm ? m : N) * sizeof(float));
        std::memcpy(bs, s + (i & sm), (sm ? m : N) * sizeof(float));
        std::memcpy(bt, t + (i & tm), (tm ? m : N) * sizeof(float));
        hn::Store(RoundToP<kP>(df, Grad<kTbe>(df, hn::Load(df, bg), hn::Load(df, bs), hn::Load(df, bt), vr)), df,
                  by);
        std::memcpy(y + i, by, m * sizeof(float));
    }
}

// ------------------------------------------------------------------ fused rows

/// L1Element as fused_row-inl.h's driver calls it: inputs gradOutput, self, target.
template <bool kTbe>
struct L1GradF {
    using Params = L1Params;
    static constexpr int kInputs = 3;
    static HWY_INLINE VF Apply(DF df, const Params& p, const VF* x) {
        return Grad<kTbe>(df, x[0], x[1], x[2], hn::Set(df, p.r));
    }
};

/// The fused body of this target for dtype code dt (FusedDt; for BF16 the selector picks Exact or Quiet).
RowFn SelectFused(int dt, int tbe, int nt) {
    if (!FusedRowFits()) return nullptr;  // a step wider than the stack buffers (not on x86)
    return tbe ? PickFusedRow<L1GradF<true>>(dt, nt != 0) : PickFusedRow<L1GradF<false>>(dt, nt != 0);
}

const detail::Ops* GetOps() {
    static const detail::Ops ops = {
        &H2F,
        &B2F,
        &F2H,
        &F2B,
        &StreamCopy,
        {{&Compute<false, 0>, &Compute<false, 1>, &Compute<false, 2>},
         {&Compute<true, 0>, &Compute<true, 1>, &Compute<true, 2>}},
        hn::Lanes(DF()),
    };
    return &ops;
}

// NOLINTNEXTLINE(google-readability-namespace-comments)
}  // namespace HWY_NAMESPACE
}  // namespace kern
}  // namespace aclcpu
HWY_AFTER_NAMESPACE();

#if HWY_ONCE
namespace aclcpu {
namespace kern {

HWY_EXPORT(SelectFused);
HWY_EXPORT(GetOps);

namespace {

// How a block row gets one input into float32.
enum class InKind {
    kDirect,      // contiguous FLOAT: used in place
    kSplat,       // broadcast: one value
    kH2F,         // contiguous FLOAT16: SIMD conversion into the block
    kB2F,         // contiguous BF16: SIMD conversion into the block
    kGatherF32,   // strided FLOAT
    kGatherF16,   // strided FLOAT16
    kGatherBf16,  // strided BF16
    kScalar,      // anything else (integers, bool, or a float dtype wider than P): convert.h per element
};

// Whether every value of float dtype dt is a value of P (then loading needs no rounding to P).
bool FitsPromote(aclDataType dt, aclDataType P) {
    if (dt == P) return true;
    return P == ACL_FLOAT && (dt == ACL_FLOAT16 || dt == ACL_BF16);
}

InKind ClassifyInput(aclDataType dt, int64_t stride, aclDataType P) {
    if (stride == 0) return InKind::kSplat;
    if (!FitsPromote(dt, P)) return InKind::kScalar;
    const bool contiguous = stride == static_cast<int64_t>(ItemSize(dt));
    switch (dt) {
        case ACL_FLOAT: return contiguous ? InKind::kDirect : InKind::kGatherF32;
        case ACL_FLOAT16: return contiguous ? InKind::kH2F : InKind::kGatherF16;
        case ACL_BF16: return contiguous ? InKind::kB2F : InKind::kGatherBf16;
        default: return InKind::kScalar;
    }
}

// kNT: a contiguous output is written with streaming stores (from the stack block; the caller fences).
template <bool kNT>
void BlockRow(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const L1Params& p = *static_cast<const L1Params*>(params);
    constexpr int64_t kBlock = 512;
    const detail::Ops& ops = *HWY_DYNAMIC_DISPATCH(GetOps)();
    const int pc = PromoteCode(p.promote) < 0 ? 0 : PromoteCode(p.promote);
    const detail::ComputeFn compute = ops.compute[p.rule == SignRule::kTbe ? 1 : 0][pc];
    alignas(64) float blk[3][kBlock];
    alignas(64) float splat[3][detail::kBuf];
    alignas(64) float ybuf[kBlock];
    alignas(64) uint16_t hbuf[kBlock];
    InKind kind[3];
    for (int k = 0; k < 3; ++k) {
        kind[k] = ClassifyInput(dt[k + 1], st[k + 1], p.promote);
        if (kind[k] == InKind::kSplat) {
            const float v = LoadPromoted(ptrs[k + 1], dt[k + 1], p.promote);
            for (size_t j = 0; j < detail::kBuf; ++j) splat[k][j] = v;
        }
    }
    const aclDataType odt = dt[0];
    const bool out_contiguous = st[0] == static_cast<int64_t>(ItemSize(odt));
    for (int64_t base = 0; base < n; base += kBlock) {
        const int64_t m = n - base < kBlock ? n - base : kBlock;
        const float* src[3];
        size_t mask[3];
        for (int k = 0; k < 3; ++k) {
            const char* q = ptrs[k + 1] + base * st[k + 1];
            const int64_t s = st[k + 1];
            float* b = blk[k];
            mask[k] = ~size_t{0};
            src[k] = b;
            switch (kind[k]) {
                case InKind::kDirect: src[k] = reinterpret_cast<const float*>(q); break;
                case InKind::kSplat:
                    src[k] = splat[k];
                    mask[k] = 0;
                    break;
                case InKind::kH2F: ops.h2f(reinterpret_cast<const uint16_t*>(q), b, static_cast<size_t>(m)); break;
                case InKind::kB2F: ops.b2f(reinterpret_cast<const uint16_t*>(q), b, static_cast<size_t>(m)); break;
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
                    for (int64_t i = 0; i < m; ++i) b[i] = LoadPromoted(q + i * s, dt[k + 1], p.promote);
                    break;
            }
        }
        char* o = ptrs[0] + base * st[0];
        // y_P (a value of P, as float32), then converted to gradInput's dtype.
        float* y = (!kNT && odt == ACL_FLOAT && out_contiguous) ? reinterpret_cast<float*>(o) : ybuf;
        compute(src[0], mask[0], src[1], mask[1], src[2], mask[2], y, static_cast<size_t>(m), p.r);
        if (y != ybuf) continue;
        const size_t mb = static_cast<size_t>(m);
        if (out_contiguous && odt == ACL_FLOAT) {  // kNT only
            ops.stream_copy(reinterpret_cast<const char*>(ybuf), o, mb * 4);
        } else if (out_contiguous && (odt == ACL_FLOAT16 || odt == ACL_BF16)) {
            if (odt == ACL_FLOAT16) {
                ops.f2h(ybuf, hbuf, mb);
            } else {
                ops.f2b(ybuf, hbuf, mb);
            }
            if (kNT) {
                ops.stream_copy(reinterpret_cast<const char*>(hbuf), o, mb * 2);
            } else {
                std::memcpy(o, hbuf, mb * 2);
            }
        } else {
            for (int64_t i = 0; i < m; ++i) StoreResult(o + i * st[0], odt, ybuf[i]);
        }
    }
}

}  // namespace

RowFn SelectL1SimdRow(const L1Params& p, const aclDataType* dt, const int64_t* st, bool nontemporal) {
    if (PromoteCode(p.promote) < 0) return nullptr;
    if (!FusedOperandsQualify(p.promote, dt, st, 4)) return nullptr;
    // BF16: with r == 1 every result is a BF16 value already (+-g, +-0 or an input NaN quieted: no rounding);
    // otherwise a NaN result is an input NaN quieted or the default NaN of 0 * inf, and r (1/n) brings no
    // payload, so RNE needs no NaN test (fused_row.h).
    int body = FusedDtCode(p.promote, QuietBf16Param(p.r));
    if (body == kFusedBf16Quiet && p.r == 1.0f) body = kFusedBf16Exact;
    return HWY_DYNAMIC_DISPATCH(SelectFused)(body, p.rule == SignRule::kTbe ? 1 : 0, nontemporal ? 1 : 0);
}

RowFn SelectL1BlockRow(const L1Params&, const aclDataType*, const int64_t*, bool nontemporal) {
    return nontemporal ? &BlockRow<true> : &BlockRow<false>;
}

}  // namespace kern
}  // namespace aclcpu
#endif  // HWY_ONCE
