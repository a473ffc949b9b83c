// The reference formulas' helpers of the nn_matmul family (ops/families/nn_matmul.yaml; docs/ops/nn_matmul.md):
// Addbmm's sum over the batch and Gemm's transposes, around the cube rule of the main table's matmul entries
// (CubeMatmul, CubeAddmm in reference/aten_formulas.h, which includes this file at its end through the generated
// reference/family_formulas.inc). Needs ATen.
#pragma once

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <limits>

namespace aclcpu {
namespace ref {

/// aclnnAddbmm / aclnnInplaceAddbmm (matmul/batch_mat_mul_v3/op_host/op_api/aclnn_addbmm.cpp, AddbmmMatmulGraph):
/// the batched product as the cube computes it (CubeMatmul: inputs rounded to the cube's dtype, products summed in
/// FLOAT, each batch's result rounded to that dtype), ReduceSum over the batch, then beta * self + alpha * sum. The
/// reduction and the scaling are done here in FLOAT and rounded once to the product's dtype (CANN's graph reduces
/// in the product's dtype and adds in the promoted one - for FLOAT16 / BF16 inputs the NPU may round after the
/// reduction too). A BF16 self is widened to FLOAT before beta's multiply (SelfMulsBetaProcess), as here.
inline at::Tensor CubeAddbmm(const at::Tensor& self, const at::Tensor& batch1, const at::Tensor& batch2,
                             const at::Scalar& beta, const at::Scalar& alpha, int64_t cube_math_type) {
    const at::Tensor bmm = CubeMatmul(batch1, batch2, cube_math_type);
    const at::Tensor sum = bmm.to(at::kFloat).sum(0);
    const at::Tensor r = at::add(at::mul(self.to(at::kFloat), beta), at::mul(sum, alpha));
    return r.to(bmm.scalar_type());
}

/// aclnnGemm (matmul/gemm/op_host/op_api/aclnn_gemm.cpp): out = alpha * op(A) @ op(B) + beta * C, op a transpose
/// where transA / transB is non-zero; the product and the sum as aclnnAddmm computes them (CubeAddmm), the route the
/// Ascend 950 takes (ExecAddmmGraph over transposed views); elsewhere CANN's graph multiplies by alpha and adds with
/// Axpy in the promoted dtype, which may round once more for FLOAT16 / BF16. An empty C or an empty product writes
/// nothing (the op_api's early return); an empty k gives beta * C.
inline at::Tensor CubeGemm(const at::Tensor& A, const at::Tensor& B, const at::Tensor& C, double alpha, double beta,
                           int64_t transA, int64_t transB, int64_t cube_math_type) {
    const at::Tensor a = transA != 0 ? A.t() : A;
    const at::Tensor b = transB != 0 ? B.t() : B;
    if (C.numel() == 0 || a.size(0) == 0 || b.size(1) == 0) return at::empty({a.size(0), b.size(1)}, C.options());
    const float fa = static_cast<float>(alpha);  // CANN's float attributes
    const float fb = static_cast<float>(beta);
    if (a.size(1) == 0) return at::mul(C.to(at::kFloat), fb).expand({a.size(0), b.size(1)}).to(C.scalar_type());
    return CubeAddmm(C, a, b, at::Scalar(fb), at::Scalar(fa), cube_math_type);
}

/// The dtype opbase's PromoteType gives an aclScalar of the bridge's kind with a tensor dtype: a floating scalar is
/// taken as FLOAT (the bridge hands every floating aclScalar over as a double: a DOUBLE alpha or beta is promoted as
/// FLOAT here), an integer one as INT64, a BOOL one as BOOL.
inline at::ScalarType ScalarPromote(const at::Scalar& s, at::ScalarType t) {
    const at::ScalarType st = s.isBoolean() ? at::kBool : (s.isIntegral(false) ? at::kLong : at::kFloat);
    return at::promote_types(st, t);
}

/// aclnnAddmv (matmul/addmv/op_host/op_api/aclnn_addmv.cpp): out = beta * self + alpha * (mat @ vec), following the
/// op_api's graph: the product in the promoted dtype of mat and vec - by the cube (CubeMatmul) for FLOAT / FLOAT16 /
/// BF16, else element products summed along the row (ReduceSum; BOOL: LogicalAnd then ReduceAny); times alpha (in
/// its promotion with the product) unless alpha is 1; beta * self (in its promotion with self) unless beta is 1;
/// their sum (BOOL: LogicalOr) in the promotion of both; written into out's dtype. An alpha of 0 (or an empty mat /
/// vec) leaves beta * self alone; a beta of 0 leaves the product alone (self not read: a NaN there does not
/// propagate). An empty self: the first phase returns before.
inline at::Tensor AddmvFormula(const at::Tensor& self, const at::Tensor& mat, const at::Tensor& vec,
                               const at::Scalar& alpha, const at::Scalar& beta, int64_t cube_math_type) {
    const float eps = std::numeric_limits<float>::epsilon();
    const float af = alpha.toFloat();
    const float bf = beta.toFloat();
    const at::ScalarType p = at::promote_types(mat.scalar_type(), vec.scalar_type());
    at::Tensor part2;
    if (std::fabs(af) > eps && mat.numel() != 0 && vec.numel() != 0) {
        if (p == at::kFloat || p == at::kHalf || p == at::kBFloat16) {
            part2 = CubeMatmul(mat.to(p), vec.to(p).unsqueeze(1), cube_math_type).squeeze(1);
        } else if (p == at::kBool) {
            part2 = at::logical_and(mat, vec).any(1);
        } else {
            part2 = at::mul(mat.to(p), vec.to(p)).sum(1, false, p);
        }
        if (std::fabs(af - 1.0f) > eps) {
            const at::ScalarType pa = ScalarPromote(alpha, part2.scalar_type());
            part2 = pa == at::kBool ? at::logical_and(part2, at::scalar_tensor(alpha.toBool(), at::kBool))
                                    : at::mul(part2.to(pa), alpha);
        }
    }
    at::Tensor part1;
    if (!part2.defined() || std::fabs(bf) > eps) {
        if (std::fabs(bf - 1.0f) <= eps) {
            part1 = self;
        } else {
            const at::ScalarType pb = ScalarPromote(beta, self.scalar_type());
            part1 = pb == at::kBool ? at::logical_and(self, at::scalar_tensor(beta.toBool(), at::kBool))
                                    : at::mul(self.to(pb), beta);
        }
    }
    if (!part2.defined()) return part1;
    if (!part1.defined()) return part2;
    const at::ScalarType p3 = at::promote_types(part1.scalar_type(), part2.scalar_type());
    return p3 == at::kBool ? at::logical_or(part1, part2) : at::add(part1.to(p3), part2.to(p3));
}

}  // namespace ref
}  // namespace aclcpu
