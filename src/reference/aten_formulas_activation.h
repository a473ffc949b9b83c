// The reference tier's activation formulas (ops/operators.yaml `reference: aten` of the activation entries;
// docs/ops/activation_reference.md): where CANN's operator computes differently from ATen's plain call - an
// attribute ATen spells otherwise (GeluV2's integer approximate), the dtype the kernel computes in (ops-nn's
// golden scripts widen FLOAT16 and BF16 to FLOAT; aclnnSigmoid computes an integral self in out's dtype;
// aclnnLogSoftmax in out's dtype; the backward operators in the promoted dtype) - the mapping is written here
// once. Included at the end of reference/aten_formulas.h (the library and the table-driven test). Needs ATen.
#pragma once

#include <ATen/ATen.h>

#include <cstdint>
#include <string>
#include <vector>

namespace aclcpu {
namespace ref {

/// FLOAT16 and BF16 widened to FLOAT (ops-nn's golden scripts compute them in float32); other dtypes as they are.
inline at::Tensor Widened(const at::Tensor& x) {
    const at::ScalarType t = x.scalar_type();
    return t == at::kHalf || t == at::kBFloat16 ? x.to(at::kFloat) : x;
}

/// aclnnGeluV2's integer approximate as ATen's string: 1 (TANH) "tanh", any other value "none" (aclnn_gelu_v2.cpp
/// GetApproximateStr: enum Approximate { NONE = 0, TANH = 1 }, everything but TANH is none).
inline std::string GeluApproximate(int64_t approximate) { return approximate == 1 ? "tanh" : "none"; }

/// aclnnGelu: CANN's Gelu is the tanh approximation (aclnnGelu.md's formula; the golden's default approximate
/// "tanh"), computed in float32 for FLOAT16/BF16 and rounded to self's dtype.
inline at::Tensor GeluTanh(const at::Tensor& self) {
    return at::gelu(Widened(self), "tanh").to(self.scalar_type());
}

/// aclnnGeluV2: torch.nn.functional.gelu(x, approximate) with approximate as GeluApproximate maps it.
inline at::Tensor GeluV2(const at::Tensor& x, int64_t approximate) {
    return at::gelu(Widened(x), GeluApproximate(approximate)).to(x.scalar_type());
}

/// The backward operators' computation: both inputs cast to their promoted dtype (the op_api's Cast), broadcast,
/// widened; the result rounded to the promoted dtype (the writer then casts it to the output's). The operands are
/// made contiguous first: Debian's libtorch 1.13 computes gelu_backward(approximate "none") on the CPU with oneDNN,
/// which reads a non-contiguous operand wrongly (garbage) and throws on a broadcast one (dnnl "could not create a
/// primitive descriptor for a reorder primitive"); tests/reference/activation_reference_test.cpp checks both views.
inline at::Tensor GeluBackwardIn(const at::Tensor& grad, const at::Tensor& self, const std::string& approximate) {
    const at::ScalarType p = at::promote_types(grad.scalar_type(), self.scalar_type());
    const std::vector<at::Tensor> b = at::broadcast_tensors({Widened(grad.to(p)), Widened(self.to(p))});
    return at::gelu_backward(b[0].contiguous(), b[1].contiguous(), approximate).to(p);
}

/// aclnnGeluBackward: the tanh approximation's derivative (the GeluGrad kernel; its golden computes the tanh form).
inline at::Tensor GeluBackwardTanh(const at::Tensor& grad, const at::Tensor& self) {
    return GeluBackwardIn(grad, self, "tanh");
}

/// aclnnSigmoid: self cast to its own dtype when that is FLOAT, FLOAT16, DOUBLE, COMPLEX64, COMPLEX128 or BF16,
/// else to out's dtype (aclnn_sigmoid.cpp: castDtype), sigmoid computed there (FLOAT16/BF16 widened) and rounded
/// to it; the writer then casts to out's dtype.
inline at::Tensor SigmoidCast(const at::Tensor& self, const at::Tensor& out) {
    const at::ScalarType s = self.scalar_type();
    const bool own = s == at::kFloat || s == at::kHalf || s == at::kDouble || s == at::kComplexFloat ||
                     s == at::kComplexDouble || s == at::kBFloat16;
    const at::ScalarType t = own ? s : out.scalar_type();
    return at::sigmoid(Widened(self.to(t))).to(t);
}

/// aclnnSigmoidBackward: gradOutput * (1 - output) * output (ATen's sigmoid_backward) in the promoted dtype.
inline at::Tensor SigmoidBackwardPromoted(const at::Tensor& grad, const at::Tensor& output) {
    const at::ScalarType p = at::promote_types(grad.scalar_type(), output.scalar_type());
    return at::sigmoid_backward(Widened(grad.to(p)), Widened(output.to(p))).to(p);
}

/// aclnnSilu: self * sigmoid(self) (the Swish kernel with scale 1), FLOAT16/BF16 widened, rounded to self's dtype.
inline at::Tensor SiluIn(const at::Tensor& self) { return at::silu(Widened(self)).to(self.scalar_type()); }

/// aclnnSoftmax: softmax over dim in self's dtype (FLOAT16/BF16 widened), rounded to it; then cast to out's.
inline at::Tensor SoftmaxIn(const at::Tensor& self, int64_t dim) {
    return at::softmax(Widened(self), dim).to(self.scalar_type());
}

/// aclnnLogSoftmax: self cast to out's dtype first (aclnn_log_softmax.cpp), log_softmax over dim there
/// (FLOAT16/BF16 widened), rounded to it.
inline at::Tensor LogSoftmaxInOut(const at::Tensor& self, int64_t dim, const at::Tensor& out) {
    const at::ScalarType t = out.scalar_type();
    return at::log_softmax(Widened(self.to(t)), dim).to(t);
}

/// aclnnSoftplus: (1 / beta) * log(1 + exp(beta * self)), self where beta * self > threshold (ATen's softplus);
/// beta and threshold as the kernel takes them (aclScalar::ToFloat: rounded to float32); FLOAT16/BF16 widened,
/// the result rounded to self's dtype (the writer then casts to out's).
inline at::Tensor SoftplusIn(const at::Tensor& self, const at::Scalar& beta, const at::Scalar& threshold) {
    const at::Scalar b(static_cast<double>(static_cast<float>(beta.toDouble())));
    const at::Scalar t(static_cast<double>(static_cast<float>(threshold.toDouble())));
    return at::softplus(Widened(self), b, t).to(self.scalar_type());
}

/// aclnnMish: self * tanh(softplus(self)) (ATen's mish), FLOAT16/BF16 widened, rounded to self's dtype.
inline at::Tensor MishIn(const at::Tensor& self) { return at::mish(Widened(self)).to(self.scalar_type()); }

/// aclnnLogSigmoid: log(1 / (1 + exp(-self))) (ATen's log_sigmoid, torch.nn.LogSigmoid as ops-nn's golden),
/// FLOAT16/BF16 widened, rounded to self's dtype.
inline at::Tensor LogSigmoidIn(const at::Tensor& self) {
    return at::log_sigmoid(Widened(self)).to(self.scalar_type());
}

}  // namespace ref
}  // namespace aclcpu
