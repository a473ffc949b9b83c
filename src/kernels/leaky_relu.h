// Row kernels of the LeakyRelu pair: the forward LeakyRelu (docs/ops/leaky_relu.md §5) and its gradient
// LeakyReluGrad (docs/ops/leaky_relu_backward.md §5), modelled on the Ascend 950 (arch35) kernels of
// hicann/ops-nn activation/leaky_relu and activation/leaky_relu_grad, which share one formula:
//
//   y = x > 0 ? a : a * slope      (forward: a = x = self; gradient: a = gradOutput, x = self)
//
// in float32 for FLOAT, FLOAT16 and BF16 (16-bit operands widened exactly, the result narrowed once, RNE:
// the kernels' Cast CAST_RINT), and in double for DOUBLE (AICPU on every product; docs/ops/leaky_relu.md §5.2).
// The compare, the select and the one multiplication are each exact or correctly rounded (0 ULP).
//
// aclnnPrelu (activation/p_relu, docs/ops/prelu.md) is the forward with a per-element slope: a third operand
// (`LeakyReluParams::weight`), its arch35 kernel computing the same compare/multiply/select in P.
//
// Rows follow kernels/row.h. Operands: forward 0 out, 1 self; gradient 0 out, 1 gradOutput, 2 self; with
// weight, the slope operand follows (forward 2, gradient 3). The
// inputs are read in their own dtypes and converted to the promote type P (`promote`; CANN's Cast, exact
// here: P is the wider type), the result rounded to P and then converted to out's dtype (CANN's Cast to out).
// The selectors return a fused SIMD body (fused_row-inl.h) for FLOAT, FLOAT16 and BF16 rows whose operands
// all have dtype P, with a contiguous output and contiguous or broadcast inputs, and the generic body
// otherwise. Both are bit-exact to the scalar definitions below (tests/kernels/relu_rows_test.cpp), which
// are built with -ffp-contract=off.
//
// NaN rule (the sources are silent; our choice, docs/ops/leaky_relu.md §5.3, the ReLU pair's): a selected or
// multiplied NaN comes out quiet with its sign and payload; an invalid product (+-inf * 0) or a NaN slope
// times a number gives the default NaN kReluDefaultNaN.
#pragma once

#include <cstdint>
#include <cstring>

#include "acl/acl_base.h"
#include "kernels/relu.h"
#include "kernels/row.h"

namespace aclcpu {
namespace kern {

/// The double default NaN (positive, quiet, no payload), the DOUBLE rows' kReluDefaultNaN.
constexpr uint64_t kLeakyDefaultNaN64 = 0x7FF8000000000000ull;

/// Parameters of the LeakyRelu rows (trivially copyable; fixed by the first phase).
struct LeakyReluParams {
    aclDataType promote;  ///< the compute dtype P: self's (forward) or PromoteType(gradOutput, self)
    int32_t inputs;       ///< 1: forward (a = x = operand 1); 2: gradient (a = operand 1, x = operand 2)
    float slope;          ///< negativeSlope's ToFloat value (the kernels' float attribute); unused with weight
    /// Prelu (docs/ops/prelu.md): the slope is an element of the operand after a and x (operand inputs + 1,
    /// aclnnPrelu's weight broadcast over self's channel dim), read in P like them, instead of `slope`.
    bool weight = false;
    /// aclnnPreluBackward's update values (docs/ops/prelu_backward.md §5): operand 0 a float32 value buffer
    /// (the engine's reduction), a = gradOutput (operand 1), x = self (operand 2); the value is x > 0 ? +0 :
    /// x * a rounded to P (the kernel's PReluGradDa in P), widened exactly. `inputs` 2, `weight` false.
    /// With `weight` true as well, one pass computes both of PreluBackward's results: operand 0 the values,
    /// operand 1 gradInput (the side output of engine/reduce.h PlanAxisReduce: the weight rows' result, stored
    /// in its dtype), operands 2, 3, 4 gradOutput, self and the weight element.
    bool update = false;
};

/// The formula on float elements: x > 0 (ordered) -> a (a NaN quieted); else a * slope, where a NaN a comes
/// out quieted and any other NaN product (inf * 0, a NaN slope) is kReluDefaultNaN.
inline float LeakyReluElement(float a, float x, float slope) {
    if (x > 0.0f || a != a) return QuietNaN(a);
    const float y = a * slope;
    if (y != y) {
        float d;
        std::memcpy(&d, &kReluDefaultNaN, 4);
        return d;
    }
    return y;
}

/// The formula on double elements (DOUBLE rows), the same rule with the double default NaN.
inline double LeakyReluElement64(double a, double x, double slope) {
    if (x > 0.0 || a != a) {
        if (a != a) {
            uint64_t u;
            std::memcpy(&u, &a, 8);
            u |= 0x0008000000000000ull;
            std::memcpy(&a, &u, 8);
        }
        return a;
    }
    const double y = a * slope;
    if (y != y) {
        double d;
        std::memcpy(&d, &kLeakyDefaultNaN64, 8);
        return d;
    }
    return y;
}

/// PreluBackward's update value (LeakyReluParams::update) on float elements of P: x > 0 (ordered) -> +0;
/// else the product x * g, rounded to P by the caller. A NaN x or g comes out as a NaN (quieted), an invalid
/// product (inf * 0) as kReluDefaultNaN; the reduction turns either into a NaN sum.
inline float PreluUpdateElement(float g, float x) {
    if (x > 0.0f) return 0.0f;
    if (x != x) return QuietNaN(x);
    if (g != g) return QuietNaN(g);
    const float y = x * g;
    if (y != y) {
        float d;
        std::memcpy(&d, &kReluDefaultNaN, 4);
        return d;
    }
    return y;
}

/// The kernel selector (RowSelectFn; `params` points at a LeakyReluParams). Never nullptr.
RowFn SelectLeakyReluRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);

/// The generic body (any admitted dtypes, any strides): the reference the fused bodies are tested against.
void LeakyReluRowGeneric(const void* params, const aclDataType* dtypes, char* const* ptrs, const int64_t* strides,
                         int64_t n);

/// The fused body alone, for tests: nullptr when the row does not qualify (P not FLOAT/FLOAT16/BF16, an
/// operand of another dtype, a non-contiguous output, an input neither contiguous nor broadcast; the update
/// values: an output other than contiguous FLOAT).
RowFn SelectLeakyReluFusedRow(const LeakyReluParams& p, const aclDataType* dtypes, const int64_t* strides,
                              bool nontemporal);

}  // namespace kern
}  // namespace aclcpu
