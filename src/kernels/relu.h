// Row kernels of the ReLU pair: the forward Relu (docs/ops/relu.md §5) and the gradient kernels ReluGrad and
// ThresholdGradV2D (the backward's contract in docs/ops/, §5), modelled on the Ascend 950 (arch35) kernels
// of hicann/ops-nn: activation/relu/op_kernel (Relu), activation/relu_grad/op_kernel (ReluGrad) and
// activation/threshold_grad_v2_d/op_kernel (ThresholdGradV2D).
//
// Rows follow kernels/row.h. Operands: Relu 0 out, 1 self; ReluGrad and ThresholdGrad 0 out, 1 gradOutput, 2 self.
// Every operand of a row has the one dtype the first phase admitted (CANN requires self == out, and
// gradOutput == self == out). The selectors return a fused SIMD body (fused_row-inl.h) for FLOAT, FLOAT16
// and BF16 rows with a contiguous output and contiguous or broadcast inputs, and the generic body
// otherwise (any stride, every admitted dtype, integers included). Both are bit-exact to the scalar
// definitions below (tests/kernels/relu_rows_test.cpp), which are built with -ffp-contract=off.
//
// NaN rule (the sources are silent; our choice, docs/ops/relu.md §5.3): a NaN that passes through comes
// out quiet with its sign and payload (the quiet bit set); an invalid product (inf * 0 in ReluGrad) gives
// kReluDefaultNaN.
#pragma once

#include <cstdint>
#include <cstring>

#include "acl/acl_base.h"
#include "kernels/row.h"

namespace aclcpu {
namespace kern {

/// The NaN an invalid operation of the modelled vector unit produces (our choice: positive, quiet, no payload).
constexpr uint32_t kReluDefaultNaN = 0x7FC00000u;

/// x with the quiet bit set when it is a NaN (sign and payload kept); any other x unchanged.
inline float QuietNaN(float x) {
    uint32_t u;
    std::memcpy(&u, &x, 4);
    if ((u & 0x7FFFFFFFu) > 0x7F800000u) u |= 0x00400000u;
    float y;
    std::memcpy(&y, &u, 4);
    return y;
}

/// Parameters of the Relu rows (trivially copyable; fixed by the first phase).
struct ReluParams {
    aclDataType dtype;  ///< self's (= out's) dtype
};

/// Relu of one float element (Vec::Relu / Vec::Maxs with 0): x <= 0 (-0, -inf, negatives) -> +0; a NaN
/// quieted; anything else x. FLOAT16 and BF16 elements are widened exactly first and narrowed exactly after.
inline float ReluElement(float x) { return x <= 0.0f ? 0.0f : QuietNaN(x); }

/// Which 950 gradient kernel runs (the aclnn layer's choice, op_api: |threshold - 0| <= FLT_EPSILON -> ReluGrad).
enum class ThresholdKernel : int32_t {
    kReluGrad,          ///< ReluGrad: gradOutput * (self <= 0 ? 0 : 1) in the dtype
    kThresholdGradV2D,  ///< ThresholdGradV2D: float32 compare self <= threshold, select 0 or gradOutput
};

/// Parameters of the ReluGrad / ThresholdGradV2D rows (trivially copyable; fixed by the first phase).
struct ThresholdGradParams {
    aclDataType dtype;  ///< the common dtype of gradOutput, self and out
    ThresholdKernel kernel;
    float threshold;  ///< the aclScalar's ToFloat value (used by kThresholdGradV2D only)
};

/// ReluGrad on float elements: g * m with m = (s <= 0 ? 0 : 1); a NaN g comes out quieted, an invalid
/// product (g = +-inf, m = 0) is kReluDefaultNaN; otherwise the product (g, or 0 with g's sign).
inline float ReluGradElement(float g, float s) {
    if (g != g) return QuietNaN(g);
    const float m = s <= 0.0f ? 0.0f : 1.0f;
    const float y = g * m;
    if (y != y) {
        float d;
        std::memcpy(&d, &kReluDefaultNaN, 4);
        return d;
    }
    return y;
}

/// ThresholdGradV2D on float elements: s <= threshold (ordered: false for a NaN s) -> +0, else g (a NaN
/// quieted).
inline float ThresholdGradElement(float g, float s, float threshold) {
    return s <= threshold ? 0.0f : QuietNaN(g);
}

/// The kernel selectors (RowSelectFn; `params` points at a ReluParams / ThresholdGradParams). Never nullptr.
RowFn SelectReluRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);
RowFn SelectThresholdGradRow(const void* params, const aclDataType* dtypes, const int64_t* strides,
                                 bool nontemporal);

/// The generic bodies (any admitted dtype, any strides): the reference the fused bodies are tested against.
void ReluRowGeneric(const void* params, const aclDataType* dtypes, char* const* ptrs, const int64_t* strides,
                    int64_t n);
void ThresholdGradRowGeneric(const void* params, const aclDataType* dtypes, char* const* ptrs,
                                 const int64_t* strides, int64_t n);

/// The fused bodies alone, for tests: nullptr when the row does not qualify (dtype not FLOAT/FLOAT16/BF16, an
/// operand of another dtype, a non-contiguous output, an input neither contiguous nor broadcast).
/// `op`: kReluOp, or 1 + (int)ThresholdKernel.
RowFn SelectReluFusedRow(int op, aclDataType dtype, const aclDataType* dtypes, const int64_t* strides,
                         bool nontemporal);
constexpr int kReluOp = 0;
inline int ThresholdOpCode(ThresholdKernel k) { return 1 + static_cast<int>(k); }

}  // namespace kern
}  // namespace aclcpu
