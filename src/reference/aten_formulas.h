// The named helpers the reference tier's formulas call (ops/operators.yaml `reference: aten`), beside ATen's own
// functions: where CANN's operator computes differently from ATen's plain call (a cube's input dtype, an
// attribute ATen lacks), the mapping is written here once, with its source. Included by the reference library
// (src/reference/aten_bridge.cpp) and by the table-driven reference test, which evaluates the same formula on
// contiguous copies. Header-only; needs ATen.
#pragma once

#include <ATen/ATen.h>

#include <cstdint>
#include <tuple>

namespace aclcpu {
namespace ref {


/// CANN's cube units take two inputs in one "upper" dtype (matmul_util.cpp, the NpuArch rule's promote table over
/// the input dtypes and cubeMathType) and accumulate in FLOAT. ATen 1.13 has no FLOAT16 matmul on the CPU, so
/// the reference computes every case the same way: both inputs rounded to the upper dtype, the products summed
/// in FLOAT by ATen's FLOAT matmul (its own blocking and order), the result rounded to the upper dtype. HF32
/// (ALLOW_FP32_DOWN_PRECISION or USE_HF32 on FLOAT inputs, which the NPU may run with 11-bit mantissas) is not
/// emulated: FLOAT inputs multiply as FLOAT (docs/reference-tier.md).
/// upper: FLOAT16 when either cubeMathType is USE_FP16 (2) with a non-BF16 pair or one input is FLOAT16 and the
/// other BF16 with USE_FP16; BF16 for two BF16 inputs; FLOAT16 for two FLOAT16 inputs; FLOAT otherwise.
inline at::ScalarType CubeUpperType(at::ScalarType a, at::ScalarType b, int64_t cube_math_type) {
    const bool use_fp16 = cube_math_type == 2;
    auto is = [&](at::ScalarType x, at::ScalarType y) { return (a == x && b == y) || (a == y && b == x); };
    if (is(at::kFloat, at::kFloat) || is(at::kFloat, at::kHalf) || is(at::kFloat, at::kBFloat16)) {
        return use_fp16 ? at::kHalf : at::kFloat;
    }
    if (is(at::kHalf, at::kHalf)) return at::kHalf;
    if (is(at::kHalf, at::kBFloat16)) return use_fp16 ? at::kHalf : at::kFloat;
    if (is(at::kBFloat16, at::kBFloat16)) return at::kBFloat16;
    return at::kFloat;
}

/// The matrix product (batched as ATen's matmul broadcasts it) the way the cube units compute it (CubeUpperType).
inline at::Tensor CubeMatmul(const at::Tensor& a, const at::Tensor& b, int64_t cube_math_type) {
    const at::ScalarType upper = CubeUpperType(a.scalar_type(), b.scalar_type(), cube_math_type);
    const at::Tensor fa = a.to(upper).to(at::kFloat);
    const at::Tensor fb = b.to(upper).to(at::kFloat);
    return at::matmul(fa, fb).to(upper);
}

/// aclnnAddmm's beta * self + alpha * (mat1 @ mat2): the product as CubeMatmul, then the scaling and the sum in
/// FLOAT (beta * self broadcast to the product's shape), rounded once to the product's dtype.
inline at::Tensor CubeAddmm(const at::Tensor& self, const at::Tensor& mat1, const at::Tensor& mat2, const at::Scalar& beta,
                     const at::Scalar& alpha, int64_t cube_math_type) {
    const at::Tensor mm = CubeMatmul(mat1, mat2, cube_math_type);
    const at::Tensor sum = at::add(at::mul(self.to(at::kFloat), beta), at::mul(mm.to(at::kFloat), alpha));
    return sum.to(mm.scalar_type());
}

/// aclnnLayerNorm's (out, mean, rstd) over the trailing normalizedShape dims, computed in float32 as the NPU's
/// kernels do (ATen 1.13's CPU layer norm has no FLOAT16): input, weight and bias widened to FLOAT, ATen's
/// native_layer_norm, the three results left in FLOAT (the writes round them to each output's dtype). mean and
/// rstd have input's leading dims and a 1 per normalized dim. An undefined weight or bias is absent.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> LayerNormFloat(const at::Tensor& input, at::IntArrayRef normalized,
                                                                    const at::Tensor& weight, const at::Tensor& bias,
                                                                    double eps) {
    const c10::optional<at::Tensor> w = weight.defined() ? c10::optional<at::Tensor>(weight.to(at::kFloat)) : c10::nullopt;
    const c10::optional<at::Tensor> b = bias.defined() ? c10::optional<at::Tensor>(bias.to(at::kFloat)) : c10::nullopt;
    return at::native_layer_norm(input.to(at::kFloat), normalized, w, b, eps);
}

}  // namespace ref
}  // namespace aclcpu
#include "reference/aten_formulas_activation.h"
