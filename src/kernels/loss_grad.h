// Row kernels of the MSE and Smooth L1 loss gradients (docs/ops/mse_loss_backward.md §5,
// docs/ops/smooth_l1_loss_backward.md §5): per element, in float32 on values of the promote type P, the
// kernel's operations in the kernel's order, then rounded to P (RNE) and converted to the output's dtype.
//
// Rows follow kernels/row.h; operand order: 0 the output, 1 gradOutput (gradOut), 2 self, 3 target (as the
// L1 rows). Each operator has one selector (SelectMseGradRow, SelectSmoothL1GradRow): a fused SIMD body
// when all four operands have dtype P, the output is contiguous and each input contiguous or broadcast
// (stride 0); else a block body (inputs converted to float32 blocks - SIMD where contiguous, per element
// otherwise - then the SIMD arithmetic, then the conversion out). Both are bit-exact to the scalar
// definitions below (tests/kernels/loss_grad_rows_test.cpp), which are built with -ffp-contract=off.
#pragma once

#include <cmath>
#include <cstdint>

#include "acl/acl_base.h"
#include "kernels/row.h"

namespace aclcpu {
namespace kern {

/// Parameters of the MSE gradient rows (trivially copyable; fixed by the first phase).
struct MseGradParams {
    aclDataType promote;  ///< P: self's dtype, ACL_FLOAT, ACL_FLOAT16 or ACL_BF16
    float cof;            ///< 2.0f for none/sum; the profile's 2/n for mean
};

/// ((s - t) * cof) * g: Sub, Muls, Mul in this order, float32 (MseLossGrad arch35 DAG, MseLossGradV2, TBE).
inline float MseGradElement(float g, float s, float t, const MseGradParams& p) { return ((s - t) * p.cof) * g; }

/// Which Smooth L1 gradient kernel the rows model (docs/ops/smooth_l1_loss_backward.md §5.2, §5.3).
enum class SmoothL1Rule : int32_t {
    kArch35Tensor,  ///< Ascend 950, gradOut with more than one element: x > b, x < -b, |x| > b; x * (1/b)
    kArch35Scalar,  ///< Ascend 950, gradOut with exactly one element: x >= b, x <= -b, |x| >= b; x * (1/b)
    kTbe,           ///< TBE (A2, A3, 910, 310P): NaN x -> 0 for the compares, x / (b + 1e-6f), selects
};

/// Parameters of the Smooth L1 gradient rows (trivially copyable; fixed by the first phase).
struct SmoothL1GradParams {
    aclDataType promote;  ///< P: promote(promote(gradOut, self), target)
    SmoothL1Rule rule;
    float sigma;      ///< beta
    float neg_sigma;  ///< -1.0f * beta
    float inv_sigma;  ///< arch35: |beta| < 1e-6f ? NaN : 1.0f / beta; TBE: the divisor beta + 1e-6f
    float norm;       ///< 1.0f for none/sum; (float)(1.0 / numel(self)) for mean
};

/// The scalar definition of one Smooth L1 gradient element (float32, the kernel's order of operations).
inline float SmoothL1GradElement(float g, float s, float t, const SmoothL1GradParams& p) {
    const float x = s - t;
    float pos, neg, mid;
    switch (p.rule) {
        case SmoothL1Rule::kArch35Tensor: {
            const float ax = std::fabs(x);  // Abs
            pos = x > p.sigma ? 1.0f : 0.0f;
            neg = x < p.neg_sigma ? -1.0f : 0.0f;
            mid = ax > p.sigma ? 0.0f : x * p.inv_sigma;
            break;
        }
        case SmoothL1Rule::kArch35Scalar: {
            const float ax = std::fabs(x);
            pos = x >= p.sigma ? 1.0f : 0.0f;
            neg = x <= p.neg_sigma ? -1.0f : 0.0f;
            mid = ax >= p.sigma ? 0.0f : x * p.inv_sigma;
            break;
        }
        default: {                               // kTbe
            const float temp = x / p.inv_sigma;  // from x before the NaN replacement
            const float xz = x == x ? x : 0.0f;  // vcmp(x, x, eq) / vsel: NaN -> 0
            const float ax = std::fabs(xz);
            neg = xz <= p.neg_sigma ? -1.0f : 0.0f;  // smooth1
            pos = xz >= p.sigma ? 1.0f : 0.0f;       // smooth2
            mid = ax < p.sigma ? temp : 0.0f;        // smooth3
            return (((neg + pos) + mid) * g) * p.norm;
        }
    }
    return (((pos + neg) + mid) * g) * p.norm;
}

/// The MSE gradient's kernel selector (a RowSelectFn; `params` points at an MseGradParams). Never nullptr.
RowFn SelectMseGradRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);
/// The Smooth L1 gradient's kernel selector (`params` points at a SmoothL1GradParams). Never nullptr.
RowFn SelectSmoothL1GradRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);

/// Scalar reference bodies (any accepted dtypes and strides), for tests of the fast bodies.
void MseGradRowGeneric(const void* params, const aclDataType* dtypes, char* const* ptrs, const int64_t* strides,
                       int64_t n);
void SmoothL1GradRowGeneric(const void* params, const aclDataType* dtypes, char* const* ptrs, const int64_t* strides,
                            int64_t n);

/// The fast bodies alone, for tests: the fused body (nullptr when the row does not qualify) and the block body.
/// `bf16_quiet`: the operator's float parameters pass QuietBf16Param (kernels/fused_row.h), so BF16 results
/// may be rounded without the NaN test.
RowFn SelectLossGradFusedRow(int op, aclDataType promote, const aclDataType* dtypes, const int64_t* strides,
                             bool nontemporal, bool bf16_quiet = false);
RowFn SelectLossGradBlockRow(int op, aclDataType promote, bool nontemporal);

/// The `op` codes of SelectLossGrad*Row: 0 MSE, 1 + (int)SmoothL1Rule for Smooth L1.
constexpr int kLossGradMse = 0;
inline int LossGradOpCode(SmoothL1Rule r) { return 1 + static_cast<int>(r); }

}  // namespace kern
}  // namespace aclcpu
