// The reference formulas' helpers of ops-math's element-wise unary operators (ops/families/math_unary.yaml).
// Included at the end of reference/aten_formulas.h (through the generated reference/family_formulas.inc).
#pragma once

#include <ATen/ATen.h>

namespace aclcpu {
namespace ref {

/// The op_api pattern of ops-math's floating unary operators (aclnn_cos.cpp, aclnn_exp.cpp, ...): an integral or
/// BOOL self (NEED_CAST_DTYPE_LIST) is cast to FLOAT first, a floating or complex self is computed in its own
/// dtype; FLOAT16 and BF16 are widened to FLOAT for ATen's function and rounded back (the kernels compute them in
/// FLOAT; ATen 1.13's CPU lacks several of these functions in FLOAT16). The writer casts the result to out's dtype.
inline at::Tensor UnaryFloat(const at::Tensor& self, at::Tensor (*f)(const at::Tensor&)) {
    const at::ScalarType s = self.scalar_type();
    if (!at::isFloatingType(s) && !at::isComplexType(s)) return f(self.to(at::kFloat));
    return f(Widened(self)).to(s);
}

}  // namespace ref
}  // namespace aclcpu
