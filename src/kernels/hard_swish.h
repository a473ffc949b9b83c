// Row kernels of the hard activations: Hardswish (docs/ops/hardswish.md §3), Hardsigmoid (hardsigmoid.md §3)
// and their gradients (hardswish_backward.md, hardswish_backward_v2.md, hardsigmoid_backward.md §3), modelled on
// the Ascend 950 (arch35) kernels of hicann/ops-nn activation/hard_swish, hard_sigmoid, hard_swish_grad,
// hard_swish_grad_v2 and hard_sigmoid_grad:
//
//   HardSwish:       t = Max(Min(x + 3, 6), 0);  y = (Max(x, -3) * t) * (1/6)
//   HardSigmoid:     y = Max(Min(x * (1/6) + 0.5, 1), 0)
//   HardSwishGrad:   d = x * (1/3) + 0.5;  d = x >= -3 ? d : 0;  d = x <= 3 ? d : 1;  y = g * d
//   HardSwishGradV2: the same with strict compares x > -3, x < 3 (activation/hard_swish_grad_v2)
//   HardSigmoidGrad: t = x * (1/6) + 0.5;  r = g * (1/6);  r = t > 0 ? r : 0;  r = t < 1 ? r : 0
//
// every step one float32 operation, correctly rounded (1/6 and 1/3 the host-rounded float32 constants
// 0x3E2AAAAB and 0x3EAAAAAB; no fused multiply-add), FLOAT16 and BF16 operands widened exactly first. The
// result is then narrowed to the compute dtype P as each kernel's Cast does: CAST_ROUND (nearest, ties away
// from zero) for HardSwish, for HardSigmoid's and HardSigmoidGrad's BF16; CAST_RINT (ties to even) for
// HardSigmoid's and HardSigmoidGrad's FLOAT16 and both of HardSwishGrad's and HardSwishGradV2's. HardSigmoid's INT32
// rows convert x with RINT and the clamped result back with CAST_TRUNC (0 or 1). The value in P is then converted to
// out's dtype (CANN's Cast, RNE; StoreResult).
//
// Max/Min: IEEE maxNum/minNum order with Max(-0, +0) = +0, Min(-0, +0) = -0; no operand pair of the
// formulas is ever a pair of zeros (x + 3 and x * (1/6) + 0.5 are never -0), so the rule does not show.
// NaN rule (the sources are silent; our choice, the ReLU family's, docs/ops/hardswish.md §3.3): a NaN x in
// HardSwish and HardSigmoid comes out quiet with its sign and payload; in the gradients a NaN x fails every
// compare (HardSwishGrad: d = 1, y = g; HardSigmoidGrad: +0), a NaN g comes out quiet where it is multiplied,
// and an invalid product (g = +-inf times d = 0, HardSwishGrad) gives kReluDefaultNaN.
//
// Rows follow kernels/row.h. Operands: forward 0 out, 1 self; gradient 0 out, 1 gradOutput, 2 self. The inputs
// are read in their own dtypes and converted to P (LoadPromoted; CANN's Cast). The selector returns a fused
// SIMD body (fused_row-inl.h, hard_swish_simd.cpp) for FLOAT, FLOAT16 and BF16 rows whose operands all have
// dtype P, with a contiguous output and contiguous or broadcast inputs, and the generic body otherwise. Both
// are bit-exact to the scalar definitions below (tests/operators/hardswish_test.cpp).
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>

#include "acl/acl_base.h"
#include "kernels/relu.h"
#include "kernels/row.h"

namespace aclcpu {
namespace kern {

/// The host-rounded float32 constants of the kernels (1.0f / 6.0f and 1.0f / 3.0f: 0x3E2AAAAB, 0x3EAAAAAB).
constexpr float kHardSixth = 1.0f / 6.0f;
constexpr float kHardThird = 1.0f / 3.0f;

/// Which kernel the rows model.
enum class HardKind : int32_t {
    kHardSwish,        ///< one input x
    kHardSigmoid,      ///< one input x (INT32 too)
    kHardSwishGrad,    ///< two inputs g, x
    kHardSigmoidGrad,  ///< two inputs g, x
    kHardSwishGradV2,  ///< two inputs g, x (strict bounds)
};

/// The number of inputs of a kind's rows.
inline int HardInputs(HardKind k) { return k == HardKind::kHardSwish || k == HardKind::kHardSigmoid ? 1 : 2; }

/// Whether the kind's narrowing to the 16-bit P is CAST_ROUND (ties away from zero) rather than CAST_RINT.
inline bool HardRoundsAway(HardKind k, aclDataType p) {
    return k == HardKind::kHardSwish ||
           (p == ACL_BF16 && (k == HardKind::kHardSigmoid || k == HardKind::kHardSigmoidGrad));
}

/// Parameters of the rows (trivially copyable; fixed by the first phase).
struct HardParams {
    aclDataType promote;  ///< the compute dtype P (self's; HardsigmoidBackward: PromoteType(gradOutput, self))
    HardKind kind;
};

/// The vector unit's Max and Min on non-NaN floats (the larger / smaller; +0 over -0 and -0 over +0).
inline float HardMax(float a, float b) {
    if (a == b) return (a == 0.0f && !(std::signbit(a) && std::signbit(b))) ? 0.0f : a;
    return a > b ? a : b;
}
inline float HardMin(float a, float b) {
    if (a == b) return (a == 0.0f && (std::signbit(a) || std::signbit(b))) ? -0.0f : a;
    return a < b ? a : b;
}

/// HardSwish on a float32 x: (Max(x, -3) * Max(Min(x + 3, 6), 0)) * (1/6); a NaN x quieted. -inf gives -0
/// (Max(x, -3) keeps the product finite), never NaN.
inline float HardSwishElement(float x) {
    if (x != x) return QuietNaN(x);
    const float t = HardMax(HardMin(x + 3.0f, 6.0f), 0.0f);
    const float y = HardMax(x, -3.0f) * t;
    return y * kHardSixth;
}

/// HardSigmoid on a float32 x: Max(Min(x * (1/6) + 0.5, 1), 0); a NaN x quieted.
inline float HardSigmoidElement(float x) {
    if (x != x) return QuietNaN(x);
    const float y = x * kHardSixth + 0.5f;
    return HardMax(HardMin(y, 1.0f), 0.0f);
}

/// The kernels' invalid-product NaN (kReluDefaultNaN) as a float.
inline float HardDefaultNaN() {
    float d;
    std::memcpy(&d, &kReluDefaultNaN, 4);
    return d;
}

/// HardSwishGrad on float32 g, x: g * d with d = x <= 3 ? (x >= -3 ? x * (1/3) + 0.5 : +0) : 1 (a NaN x: d = 1);
/// a NaN g quieted, an invalid product (+-inf * 0) kReluDefaultNaN.
inline float HardSwishGradElement(float g, float x) {
    float d = x * kHardThird + 0.5f;
    d = x >= -3.0f ? d : 0.0f;
    d = x <= 3.0f ? d : 1.0f;
    if (g != g) return QuietNaN(g);
    const float y = g * d;
    return y != y ? HardDefaultNaN() : y;
}

/// HardSwishGradV2 on float32 g, x: as HardSwishGradElement with the strict bounds d = x < 3 ? (x > -3 ?
/// x * (1/3) + 0.5 : +0) : 1 (x = -3 gives +0, x = 3 gives g).
inline float HardSwishGradV2Element(float g, float x) {
    float d = x * kHardThird + 0.5f;
    d = x > -3.0f ? d : 0.0f;
    d = x < 3.0f ? d : 1.0f;
    if (g != g) return QuietNaN(g);
    const float y = g * d;
    return y != y ? HardDefaultNaN() : y;
}

/// HardSigmoidGrad on float32 g, x: t = x * (1/6) + 0.5; 0 < t < 1 (ordered) -> g * (1/6) (a NaN g quieted),
/// else +0.
inline float HardSigmoidGradElement(float g, float x) {
    const float t = x * kHardSixth + 0.5f;
    if (!(t > 0.0f) || !(t < 1.0f)) return 0.0f;
    return g != g ? QuietNaN(g) : g * kHardSixth;
}

/// The kind's formula on float32 operands (a = x for one input; a = g, x = x for two).
inline float HardElement(HardKind k, float a, float x) {
    switch (k) {
        case HardKind::kHardSwish:
            return HardSwishElement(a);
        case HardKind::kHardSigmoid:
            return HardSigmoidElement(a);
        case HardKind::kHardSwishGrad:
            return HardSwishGradElement(a, x);
        case HardKind::kHardSigmoidGrad:
            return HardSigmoidGradElement(a, x);
        case HardKind::kHardSwishGradV2:
            return HardSwishGradV2Element(a, x);
    }
    return 0.0f;
}

/// The kernel selector (RowSelectFn; `params` points at a HardParams). Never nullptr.
RowFn SelectHardRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);

/// The generic body (any admitted dtypes, any strides): the reference the fused bodies are tested against.
void HardRowGeneric(const void* params, const aclDataType* dtypes, char* const* ptrs, const int64_t* strides,
                    int64_t n);

/// The fused body alone, for tests: nullptr when the row does not qualify (P not FLOAT/FLOAT16/BF16, an
/// operand of another dtype, a non-contiguous output, an input neither contiguous nor broadcast).
RowFn SelectHardFusedRow(const HardParams& p, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);

}  // namespace kern
}  // namespace aclcpu
