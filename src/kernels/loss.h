// Row kernels of the forward regression losses (docs/ops/l1_loss.md §5, docs/ops/smooth_l1_loss.md §5): per
// element, in float32 on the inputs' values in the promote type P (kernels/convert.h LoadPromoted: the aclnn
// layer's Cast to P, then the kernel's exact widening), the kernel's operations in the kernel's order.
//
// Rows follow kernels/row.h; operand order: 0 the output, 1 self, 2 target. Two outputs:
//   LossOutput::kRounded - reduction none: the value rounded to P (RNE) and converted to the output's dtype
//                          (engine/elementwise.h);
//   LossOutput::kValue   - mean/sum: the float32 value itself (times `scale` when `scale_values`) into the
//                          reduction engine's float buffer (engine/reduce.h), which sums, scales and rounds.
// P = INT64 (L1Loss only): |s - t| with two's-complement wrap-around, as int64 (kValue) or converted to the
// output's dtype (kRounded). Built with -ffp-contract=off: no fused multiply-adds.
#pragma once

#include <cmath>
#include <cstdint>

#include "acl/acl_base.h"
#include "kernels/row.h"

namespace aclcpu {
namespace kern {

enum class LossKind : int32_t { kL1, kSmoothL1 };
enum class LossOutput : int32_t { kRounded, kValue };

/// Parameters of the forward-loss rows (trivially copyable; fixed by the first phase).
struct LossParams {
    aclDataType promote;  ///< P: FLOAT, FLOAT16, BF16 (or INT64 for L1)
    LossKind kind;
    LossOutput output;
    int32_t scale_values;  ///< 1: each value is multiplied by `scale` before the sum (TBE L1 mean, cof)
    float scale;
    float sigma;     ///< SmoothL1: beta
    float multiply;  ///< SmoothL1: 950 (|beta| < 1e-6f ? 0 : 1/beta); TBE 1.0f / beta
    float adds;      ///< SmoothL1: -0.5f * beta
};

/// The float32 value of one element (s, t already in P, widened).
inline float LossElement(float s, float t, const LossParams& p) {
    const float d = s - t;  // Sub
    const float a = std::fabs(d);  // Abs
    if (p.kind == LossKind::kL1) return a;
    const float h = d * 0.5f;         // Muls
    const float q = d * h;            // Mul
    const float q2 = q * p.multiply;  // Muls
    const float l = a + p.adds;       // Adds
    return a < p.sigma ? q2 : l;      // Compare LT, Select
}

/// |s - t| of two int64 values with wrap-around (|INT64_MIN| = INT64_MIN).
inline int64_t L1Int64(int64_t s, int64_t t) {
    const uint64_t d = static_cast<uint64_t>(s) - static_cast<uint64_t>(t);
    return static_cast<int64_t>(static_cast<int64_t>(d) < 0 ? 0 - d : d);
}

/// The forward losses' kernel selector (a RowSelectFn; `params` points at a LossParams). Never nullptr. Same-dtype
/// FLOAT/FLOAT16/BF16 rows with a contiguous output and contiguous or broadcast inputs get the SIMD bodies of
/// kernels/loss_simd.h (streaming stores when `nontemporal`); any other row the scalar bodies of loss.cpp
/// (LoadPromoted, LossElement, RoundToPromoted, StoreResult; plain stores even when `nontemporal` asks for
/// streaming ones - same bits, only a read-for-ownership more on large mixed-dtype outputs).
RowFn SelectLossRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);

/// The scalar reference bodies (any accepted float dtypes and strides; also the selector's choice for rows the
/// SIMD bodies do not take): `none` - LoadPromoted, LossElement, RoundToPromoted, StoreResult
/// (kernels/convert.h); values - LossElement (times `scale` when `scale_values`) into operand 0, a contiguous
/// float32 buffer.
void LossRowGeneric(const void* params, const aclDataType* dtypes, char* const* ptrs, const int64_t* strides,
                    int64_t n);
void LossValuesRowGeneric(const void* params, const aclDataType* dtypes, char* const* ptrs, const int64_t* strides,
                          int64_t n);

}  // namespace kern
}  // namespace aclcpu
