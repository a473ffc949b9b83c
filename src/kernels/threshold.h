// Row kernels of aclnnThreshold (docs/ops/threshold.md §5) and aclnnHardshrink (docs/ops/hardshrink.md §5),
// modelled on the Ascend 950 (arch35) kernels of hicann/ops-nn activation/threshold_v2 (ThresholdDag /
// ThresholdCastDag) and activation/hard_shrink (HardShrink):
//
//   Threshold:  y = x <= threshold ? value : x     (threshold and value already in self's dtype)
//   Hardshrink: y = |x| <= lambd ? +0 : x          (lambd = max(ToFloat, 0), in float32)
//   Softshrink: y = x < -lambd ? x + lambd : (x > lambd ? x - lambd : +0)   (activation/softshrink, float32)
//   SoftshrinkBackward: y = (|x| > lambd || x is NaN) ? g : +0   (activation/soft_shrink_grad; g = gradOutput)
//   Hardtanh:   y = Min(Max(x, min), max)      (hicann/ops-math conversion/clip_by_value_v2; min, max in self's
//               dtype; DOUBLE and the small integers the AiCpu kernel's std::min(std::max(...)))
//   HardtanhBackward: y = (min < x < max || x is NaN) ? g : +0   (ops-nn activation/hardtanh_grad, float32)
//   HardshrinkBackward: y = |x| <= lambd ? +0 : g   (ops-nn activation/hard_shrink_grad; lambd in the dtype)
//
// compares and selects in self's dtype or float32 (16-bit dtypes widened exactly); Threshold and Hardshrink
// have no arithmetic (every result is an input element or a constant), Softshrink one correctly rounded add or
// subtract, rounded once (RNE) to self's dtype. The result is then converted to out's dtype (CANN's Cast).
//
// Rows follow kernels/row.h. Operands: 0 out, 1 self (SoftshrinkBackward: 1 gradOutput, 2 self). The selector returns a fused SIMD body (fused_row-inl.h)
// for FLOAT, FLOAT16 and BF16 rows with out of self's dtype, a contiguous output and a contiguous input, and
// the generic body otherwise (any stride, integers, a cast output). Both are bit-exact to the scalar
// definitions below (tests/kernels/relu_rows_test.cpp).
//
// NaN rule (our choice, docs/ops/threshold.md §5.3, the ReLU family's): a NaN self is never <= threshold and
// comes out with its quiet bit set (sign and payload kept); a NaN threshold selects self everywhere.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>

#include "acl/acl_base.h"
#include "kernels/relu.h"
#include "kernels/row.h"

namespace aclcpu {
namespace kern {

/// Which selection the rows make.
enum class SelectKind : int32_t {
    kThreshold,   ///< x <= thr ? val : x
    kHardShrink,  ///< |x| <= thr ? val : x (val = +0; FLOAT, FLOAT16, BF16 only)
    kSoftShrink,  ///< x < -thr ? x + thr : x > thr ? x - thr : +0 (FLOAT, FLOAT16, BF16 only)
    kSoftShrinkGrad,  ///< two inputs g, x: (|x| > thr || x NaN) ? g : +0 (FLOAT, FLOAT16, BF16 only)
    kHardtanh,        ///< Min(Max(x, thr), val): thr = min, val = max (floats, DOUBLE, integers)
    kHardtanhGrad,    ///< two inputs g, x: (thr < x < val || x NaN) ? g : +0 (FLOAT, FLOAT16, BF16 only)
    kHardShrinkGrad,  ///< two inputs g, x: |x| <= thr ? +0 : g (FLOAT, FLOAT16, BF16 only)
};

/// The number of inputs of a kind's rows.
inline int SelectInputs(SelectKind k) {
    return k == SelectKind::kSoftShrinkGrad || k == SelectKind::kHardtanhGrad || k == SelectKind::kHardShrinkGrad
               ? 2
               : 1;
}

/// Parameters of the Threshold / Hardshrink rows (trivially copyable; fixed by the first phase).
struct ThresholdParams {
    aclDataType dtype;  ///< the compute dtype (self's; INT32 for an INT16 self on the products before the 950)
    SelectKind kind;
    float thr_f;        ///< FLOAT/FLOAT16/BF16: threshold in the dtype, as float32
    float val_f;        ///< FLOAT/FLOAT16/BF16: value in the dtype, as float32 (a NaN quieted)
    int64_t thr_i;      ///< integer dtypes: threshold in the dtype
    int64_t val_i;      ///< integer dtypes: value in the dtype
    double thr_d;       ///< DOUBLE (Hardtanh only): min in the dtype
    double val_d;       ///< DOUBLE (Hardtanh only): max in the dtype
};

/// The formula on float elements: x <= thr (ordered) -> val, else x (a NaN quieted).
inline float ThresholdElement(float x, float thr, float val) { return x <= thr ? val : QuietNaN(x); }

/// Hardshrink on float elements: |x| <= lambd (ordered) -> val (+0), else x (a NaN quieted).
inline float HardShrinkElement(float x, float lambd, float val) {
    return (x < 0.0f ? -x : x) <= lambd ? val : QuietNaN(x);
}

/// Softshrink on float elements (the 950 kernel's two compare/select steps): x > lambd -> x - lambd, then
/// x < -lambd -> x + lambd, otherwise +0; a NaN x (or a NaN lambd) fails both compares and gives +0.
inline float SoftShrinkElement(float x, float lambd) {
    float y = x > lambd ? x - lambd : 0.0f;
    if (x < -lambd) y = x + lambd;
    return y;
}

/// SoftshrinkBackward on float elements: |x| > lambd (ordered) or a NaN x -> g (a NaN quieted), else +0.
inline float SoftShrinkGradElement(float g, float x, float lambd) {
    return ((x < 0.0f ? -x : x) > lambd || x != x) ? QuietNaN(g) : 0.0f;
}

/// The vector unit's Max on float elements, as modelled (docs/ops/hardtanh.md §5): a NaN operand gives that
/// NaN quieted (a's first); otherwise the larger, with +0 above -0 (Max(-0, +0) = +0).
inline float VecMax(float a, float b) {
    if (a != a || b != b) return QuietNaN(a != a ? a : b);
    if (a == b) {  // equal values; for zeros the +0 wins: the sign bits ANDed
        uint32_t ua, ub;
        std::memcpy(&ua, &a, 4);
        std::memcpy(&ub, &b, 4);
        ua &= ub;
        std::memcpy(&a, &ua, 4);
        return a;
    }
    return a > b ? a : b;
}

/// The vector unit's Min, as VecMax: a NaN operand's NaN quieted (a's first); Min(-0, +0) = -0.
inline float VecMin(float a, float b) {
    if (a != a || b != b) return QuietNaN(a != a ? a : b);
    if (a == b) {  // the -0 wins: the sign bits ORed
        uint32_t ua, ub;
        std::memcpy(&ua, &a, 4);
        std::memcpy(&ub, &b, 4);
        ua |= ub;
        std::memcpy(&a, &ua, 4);
        return a;
    }
    return a < b ? a : b;
}

/// Hardtanh on float elements (the 950 ClipByValueV2 kernel: Max with min, then Min with max).
inline float HardtanhElement(float x, float mn, float mx) { return VecMin(VecMax(x, mn), mx); }

/// Hardtanh on DOUBLE elements (the AiCpu ClipByValueV2 kernel): any NaN operand gives the positive quiet NaN;
/// otherwise std::min(std::max(x, mn), mx), which keeps its first operand on ties (so a zero keeps x's sign).
inline double HardtanhDoubleElement(double x, double mn, double mx) {
    if (x != x || mn != mn || mx != mx) return std::numeric_limits<double>::quiet_NaN();
    const double t = x < mn ? mn : x;
    return mx < t ? mx : t;
}

/// Hardtanh on integer elements: Max with min, then Min with max (both kernels).
inline int64_t HardtanhIntElement(int64_t x, int64_t mn, int64_t mx) {
    const int64_t t = x < mn ? mn : x;
    return mx < t ? mx : t;
}

/// HardtanhBackward on float elements (the 950 HardtanhGradDag: x > min and x < max, or x != x, selects g):
/// strict at both bounds; a NaN g quieted (the family's rule), else +0.
inline float HardtanhGradElement(float g, float x, float mn, float mx) {
    return ((x > mn && x < mx) || x != x) ? QuietNaN(g) : 0.0f;
}

/// HardshrinkBackward on float elements (the 950 HardShrinkGrad: Compares LE on |x|, Select): |x| <= lambd
/// (ordered) -> +0; else g (a NaN x included; a NaN g quieted, the family's rule).
inline float HardShrinkGradElement(float g, float x, float lambd) {
    return (x < 0.0f ? -x : x) <= lambd ? 0.0f : QuietNaN(g);
}

/// A float32 value (of self's float dtype) to an element of out's dtype, as CANN's Cast is modelled: floating
/// and complex through StoreResult (RNE); integers truncated toward zero, saturating at the dtype's range,
/// NaN -> 0; BOOL: v != 0 (our choice for the casts the 950 admits without CanCast, docs/ops/threshold.md §5.2).
void StoreFloatAsAny(char* p, aclDataType dt, float v);

/// The kernel selector (RowSelectFn; `params` points at a ThresholdParams). Never nullptr.
RowFn SelectThresholdRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);

/// The generic body (any admitted dtypes, any strides): the reference the fused bodies are tested against.
void ThresholdRowGeneric(const void* params, const aclDataType* dtypes, char* const* ptrs, const int64_t* strides,
                         int64_t n);

/// The fused body alone, for tests: nullptr when the row does not qualify.
RowFn SelectThresholdFusedRow(const ThresholdParams& p, const aclDataType* dtypes, const int64_t* strides,
                              bool nontemporal);

}  // namespace kern
}  // namespace aclcpu
