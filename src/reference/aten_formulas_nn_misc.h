// The reference formulas' helpers of the nn_misc family (ops/families/nn_misc.yaml; docs/ops/nn_misc.md): where
// CANN's operator computes differently from ATen's plain call - the dtype the kernel computes in, an attribute's
// rounding (aclScalar::ToFloat), a special path of the op_api - the mapping is written here once. Included at the
// end of reference/aten_formulas.h (through the generated reference/family_formulas.inc). Needs ATen; Widened()
// comes from reference/aten_formulas_activation.h.
#pragma once

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <vector>

namespace aclcpu {
namespace ref {

/// An aclScalar as the op_apis hand it to the kernels: ToFloat(), one rounding to float32.
inline double NnMiscFloat(const at::Scalar& s) { return static_cast<double>(static_cast<float>(s.toDouble())); }

/// aclnnElu (activation/elu/op_api/aclnn_elu.cpp): the Elu kernel in self's dtype (FLOAT16/BF16 widened to float32
/// here, rounded back) with alpha, scale, inputScale as float32 - ATen's elu. When alpha or inputScale is Inf or NaN
/// the op_api takes another path (ComputeEluWithInfNan): self (DOUBLE, FLOAT16, BF16 cast to FLOAT first) through
/// Threshold(threshold 0, value -alpha) - self where self > 0, else -alpha - times scale, in FLOAT. The writer casts
/// the result to out's dtype.
inline at::Tensor EluIn(const at::Tensor& self, const at::Scalar& alpha, const at::Scalar& scale,
                        const at::Scalar& inputScale) {
    const double a = NnMiscFloat(alpha), s = NnMiscFloat(scale), i = NnMiscFloat(inputScale);
    if (std::isinf(a) || std::isnan(a) || std::isinf(i) || std::isnan(i)) {
        const at::Tensor x = self.to(at::kFloat);
        const at::Tensor value = at::full({}, -a, x.options());
        return at::where(x > 0, x, value) * static_cast<float>(s);
    }
    return at::elu(Widened(self), a, s, i).to(self.scalar_type());
}

/// aclnnEluBackward (activation/elu_grad_v2/op_api/aclnn_elu_backward.cpp): the EluGradV2 kernel on gradOutput's
/// dtype (selfOrResult's is the same), alpha, scale, inputScale as float32, isResult as given - ATen's
/// elu_backward; FLOAT16/BF16 widened, rounded back; the writer casts to gradInput's dtype. (isResult with a
/// negative alpha is refused by the first phase, as ATen refuses it.)
inline at::Tensor EluBackwardIn(const at::Tensor& grad, const at::Scalar& alpha, const at::Scalar& scale,
                                const at::Scalar& inputScale, bool isResult, const at::Tensor& selfOrResult) {
    return at::elu_backward(Widened(grad), NnMiscFloat(alpha), NnMiscFloat(scale), NnMiscFloat(inputScale), isResult,
                            Widened(selfOrResult))
        .to(grad.scalar_type());
}

/// Selu's constants (torch.selu; the Selu kernel's scale and scale * alpha).
constexpr double kSeluAlpha = 1.6732632423543772848170429916717;
constexpr double kSeluScale = 1.0507009873554804934193349852946;

/// aclnnSelu (activation/selu/op_api/aclnn_selu.cpp, the Selu kernel in self's dtype; its golden script
/// activation/selu/tests/st/aclnnSelu/executor_aclnnSelu.py): FLOAT16/BF16/INT32 computed in float32 and rounded
/// (INT32 truncated toward zero, torch's .to(int32)); INT8 in FLOAT16 steps as the golden: the negative part
/// (exp(min(x, 0)) - 1) * scale * alpha rounded to FLOAT16 at each step and ceiled, the positive part
/// max(x, 0) * scale in FLOAT16, their FLOAT16 sum clipped to [-128, 127] and truncated to INT8.
inline at::Tensor SeluIn(const at::Tensor& self) {
    const at::ScalarType t = self.scalar_type();
    if (t == at::kChar) {
        auto h = [](const at::Tensor& v) { return v.to(at::kHalf).to(at::kFloat); };  // one FLOAT16 rounding
        const at::Tensor x = self.to(at::kFloat);
        const float sa = static_cast<float>(at::Half(static_cast<float>(kSeluAlpha * kSeluScale)));
        const float sc = static_cast<float>(at::Half(static_cast<float>(kSeluScale)));
        const at::Tensor neg = at::ceil(h(h(h(at::exp(at::clamp_max(x, 0.0))) - 1.0f) * sa));
        const at::Tensor pos = h(at::clamp_min(x, 0.0) * sc);
        return at::clamp(h(neg + pos), -128.0, 127.0).to(at::kChar);
    }
    if (t == at::kInt) return at::selu(self.to(at::kFloat)).to(at::kInt);
    return at::selu(Widened(self)).to(t);
}

/// aclnnSeluBackward (activation/selu_grad/op_api/aclnn_selu_backward.cpp, the SeluGrad kernel; its golden
/// executor_aclnnSeluBackward.py): gradOutput * scale where result > 0, else gradOutput * (result + scale * alpha),
/// in float32 and rounded to the tensors' dtype (INT32 / INT8 truncated toward zero).
inline at::Tensor SeluBackwardIn(const at::Tensor& grad, const at::Tensor& result) {
    const at::ScalarType t = grad.scalar_type();
    const at::Tensor g = grad.to(at::kFloat);
    const at::Tensor y = result.to(at::kFloat);
    const at::Tensor r = at::where(y > 0, g * static_cast<float>(kSeluScale),
                                   g * (y + static_cast<float>(kSeluScale * kSeluAlpha)));
    return r.to(t);
}

/// aclnnSoftmaxBackward (activation/softmax_grad/op_api/aclnn_softmax_backward.cpp): the SoftmaxGrad kernel on
/// gradOutput's dtype (output's is the same): output * (gradOutput - sum(gradOutput * output, dim)), ATen's
/// _softmax_backward_data; FLOAT16/BF16 widened, rounded back; the writer casts to out's dtype.
inline at::Tensor SoftmaxBackwardIn(const at::Tensor& grad, const at::Tensor& output, int64_t dim) {
    const at::Tensor g = Widened(grad);
    return at::_softmax_backward_data(g, Widened(output), dim, g.scalar_type()).to(grad.scalar_type());
}

/// aclnnLogSoftmaxBackward (activation/log_softmax_grad/op_api/aclnn_logsoftmax_backward.cpp): the LogSoftmaxGrad
/// kernel on gradOutput's dtype: gradOutput - exp(output) * sum(gradOutput, dim), ATen's
/// _log_softmax_backward_data; FLOAT16/BF16 widened, rounded back; the writer casts to out's dtype.
inline at::Tensor LogSoftmaxBackwardIn(const at::Tensor& grad, const at::Tensor& output, int64_t dim) {
    const at::Tensor g = Widened(grad);
    return at::_log_softmax_backward_data(g, Widened(output), dim, g.scalar_type()).to(grad.scalar_type());
}


/// aclnnCelu (activation/celu_v2/op_api/aclnn_celu.cpp): the CeluV2 kernel in self's dtype with alpha as float32 -
/// ATen's celu (max(0, x) + min(0, alpha * (exp(x / alpha) - 1))); FLOAT16/BF16 widened, rounded back; the writer
/// casts to out's dtype.
inline at::Tensor CeluIn(const at::Tensor& self, const at::Scalar& alpha) {
    return at::celu(Widened(self), NnMiscFloat(alpha)).to(self.scalar_type());
}


/// aclnnSiluBackward (activation/silu_grad/op_api/aclnn_silu_backward.cpp): the SiluGrad kernel, gradOutput *
/// sigmoid(self) * (1 + self * (1 - sigmoid(self))) - ATen's silu_backward - with FLOAT16/BF16 widened to float32;
/// the operands broadcast (Ascend 950 only; elsewhere the first phase requires equal shapes) and made contiguous.
/// The result is rounded to the kernel's output dtype: the inputs' common dtype, FLOAT where they differ (Ascend
/// 950's mixed precision); the writer then copies it into gradInput.
inline at::Tensor SiluBackwardIn(const at::Tensor& grad, const at::Tensor& self) {
    const at::ScalarType t = grad.scalar_type() == self.scalar_type() ? grad.scalar_type() : at::kFloat;
    const std::vector<at::Tensor> b = at::broadcast_tensors({grad.to(at::kFloat), self.to(at::kFloat)});
    return at::silu_backward(b[0].contiguous(), b[1].contiguous()).to(t);
}


/// aclnnSoftplusBackward (activation/softplus_v2_grad/op_api/aclnn_softplus_backward.cpp): gradOutput and self in
/// their own dtype when both are FLOAT, FLOAT16 or BF16 and equal, else both cast to FLOAT; the SoftplusV2Grad
/// kernel there (ATen's softplus_backward, FLOAT16/BF16 widened and rounded back) with beta and threshold as float32;
/// the writer casts to gradInput's dtype.
inline at::Tensor SoftplusBackwardIn(const at::Tensor& grad, const at::Tensor& self, const at::Scalar& beta,
                                     const at::Scalar& threshold) {
    auto kernel = [](at::ScalarType t) { return t == at::kFloat || t == at::kHalf || t == at::kBFloat16; };
    const at::ScalarType g = grad.scalar_type(), s = self.scalar_type();
    const at::ScalarType t = kernel(g) && kernel(s) && g == s ? g : at::kFloat;
    return at::softplus_backward(grad.to(at::kFloat), self.to(at::kFloat), NnMiscFloat(beta), NnMiscFloat(threshold))
        .to(t);
}


/// aclnnFastGelu (activation/fast_gelu; its golden tests/assets/golden.py): x / (1 + exp(-1.702 * x)) in float32
/// (FLOAT16/BF16 widened), rounded to self's dtype.
inline at::Tensor FastGeluIn(const at::Tensor& self) {
    const at::Tensor x = self.to(at::kFloat);
    return (x * at::sigmoid(x * 1.702f)).to(self.scalar_type());
}

/// aclnnFastGeluBackward (activation/fast_gelu_grad; its golden): gradOutput * s * (1 + 1.702 * x * (1 - s)),
/// s = 1 / (1 + exp(-1.702 * x)), in float32, rounded to the tensors' dtype.
inline at::Tensor FastGeluBackwardIn(const at::Tensor& grad, const at::Tensor& self) {
    const at::Tensor x = self.to(at::kFloat);
    const at::Tensor s = at::sigmoid(x * 1.702f);
    return (grad.to(at::kFloat) * s * (1.0f + x * 1.702f * (1.0f - s))).to(grad.scalar_type());
}


/// aclnnShrink (activation/shrink/op_api/aclnn_shrink.cpp; aclnnShrink.md's formula): self - bias where self >
/// lambd, self + bias where self < -lambd, else 0, in self's dtype (FLOAT16 widened to float32, rounded back) with
/// lambd and bias as float32; the writer casts to out's dtype.
inline at::Tensor ShrinkIn(const at::Tensor& self, const at::Scalar& lambd, const at::Scalar& bias) {
    const at::Tensor x = self.to(at::kFloat);
    const float l = static_cast<float>(NnMiscFloat(lambd)), b = static_cast<float>(NnMiscFloat(bias));
    const at::Tensor zero = at::zeros({}, x.options());
    return at::where(x > l, x - b, at::where(x < -l, x + b, zero)).to(self.scalar_type());
}


/// aclnnGlu (activation/glu/op_host/op_api/aclnn_glu.cpp): the Glu kernel (Atlas A2/A3, Ascend 950; FLOAT, FLOAT16,
/// BF16) or SplitV, Sigmoid, Mul in self's dtype (elsewhere, and for DOUBLE): a * sigmoid(b), a and b self's halves
/// along dim - ATen's glu, FLOAT16/BF16 widened to float32 and rounded once to self's dtype (the SplitV path rounds
/// sigmoid(b) to FLOAT16 first: not modelled); the writer casts to out's dtype.
inline at::Tensor GluIn(const at::Tensor& self, int64_t dim) {
    return at::glu(Widened(self), dim).to(self.scalar_type());
}


/// aclnnGluBackward (activation/glu_grad/op_api/aclnn_glu_backward.cpp): the GluGrad kernel (regbase) or SplitV,
/// Sigmoid, Mul, Sub, ConcatD - with s = sigmoid(b): gradOut * s for a's half, gradOut * s * (a - a * s) for b's -
/// ATen's glu_backward, FLOAT16/BF16 widened to float32 and rounded once to self's dtype (out's is the same; the
/// multi-kernel path's intermediate roundings are not modelled).
inline at::Tensor GluBackwardIn(const at::Tensor& grad, const at::Tensor& self, int64_t dim) {
    return at::glu_backward(Widened(grad), Widened(self), dim).to(self.scalar_type());
}


/// aclnnMishBackward (activation/mish_grad/op_api/aclnn_mish_backward.cpp): gradOutput and self cast to their
/// promoted dtype and broadcast, the MishGrad kernel there - ATen's mish_backward, FLOAT16/BF16 widened to float32
/// and rounded back to the promoted dtype; the writer casts to gradInput's dtype.
inline at::Tensor MishBackwardIn(const at::Tensor& grad, const at::Tensor& self) {
    const at::ScalarType p = at::promote_types(grad.scalar_type(), self.scalar_type());
    const std::vector<at::Tensor> b = at::broadcast_tensors({Widened(grad.to(p)), Widened(self.to(p))});
    return at::mish_backward(b[0].contiguous(), b[1].contiguous()).to(p);
}


/// aclnnLogSigmoidBackward (activation/logsigmoid_grad/op_api/aclnn_logsigmoid_backward.cpp, the LogSigmoidGrad
/// kernel; buffer is not passed to it): gradOutput * sigmoid(-self) = gradOutput * (1 - sigmoid(self)), in float32
/// (FLOAT16/BF16 widened), rounded to gradOutput's dtype (gradInput's is the same).
inline at::Tensor LogSigmoidBackwardIn(const at::Tensor& grad, const at::Tensor& self) {
    return (grad.to(at::kFloat) * at::sigmoid(-self.to(at::kFloat))).to(grad.scalar_type());
}

}  // namespace ref
}  // namespace aclcpu
