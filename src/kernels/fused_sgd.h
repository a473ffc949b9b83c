// Row kernel of aclnnFusedSgd (hicann/ops-nn optim/fused_sgd, op_kernel/fused_sgd_f32.h and fused_sgd_f16_bf16.h;
// docs/ops/fused_sgd.md): one SGD-with-momentum step per element, every step a separately rounded float32 vector
// operation (no fused multiply-add), FLOAT16 / BF16 values widened first and the written results rounded back
// (RNE), the later steps continuing with the unrounded float32 values:
//   g = g * (1 / gradScale)           when a gradScale is given (the reciprocal one float32 division)
//   g = g * -1                        maximize
//   g = g + p * weightDecay           weightDecay != 0 (a NaN counts as non-zero)
//   buf = g                           momentum list given, isFirstStep
//   buf = buf * momentum + g * (1 - dampening)   momentum list given, otherwise (1 - dampening a float32 scalar)
//   g = buf * momentum + g (nesterov) or g = buf  momentum list given
//   p = p - g * lr
// Rows follow kernels/row.h. Mode kUpdate: outputs p (operand 0) and, with momentum, buf (1); inputs p, g, [buf],
// [gradScale] (a one-element operand, stride 0). Mode kScale: output g (operand 0); inputs g, gradScale: the
// written gradient g * (1 / gradScale) rounded to g's dtype (the kernel's grads output).
#pragma once

#include <cstdint>

#include "acl/acl_base.h"
#include "kernels/row.h"

namespace aclcpu {
namespace kern {

/// Parameters of the FusedSgd rows (trivially copyable; fixed by the first phase).
struct FusedSgdParams {
    float weight_decay;
    float momentum;
    float lr;
    float one_minus_dampening;  ///< 1.0f - dampening in float32 (the kernel's scalar subtraction)
    int32_t mode;               ///< 0 kUpdate, 1 kScale
    int32_t nesterov;
    int32_t maximize;
    int32_t first_step;
    int32_t use_momentum;       ///< the momentum list is given (buf operands present)
    int32_t use_grad_scale;     ///< a gradScale operand is present (the last input)
};

/// The row selector (a RowSelectFn): the generic row (any admitted dtype: FLOAT, FLOAT16, BF16; gradScale FLOAT,
/// FLOAT16 or BF16; any stride).
RowFn SelectFusedSgdRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal);

}  // namespace kern
}  // namespace aclcpu
