// The reference formulas' helpers of the nn_activation family (ops/families/nn_activation.yaml;
// docs/ops/nn_activation.md): the dtype each op_api (or generated layer) hands its kernel, around ATen's function
// computed in float32 for FLOAT16 / BF16 (ops-nn's golden scripts compute so; ATen 1.13's CPU lacks several of these
// functions in FLOAT16), rounded once to the kernel's output dtype; the writer then casts to out's dtype (round to
// nearest even). Included at the end of reference/aten_formulas.h (through the generated
// reference/family_formulas.inc). Needs ATen.
#pragma once

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>

namespace aclcpu {
namespace ref {

/// aclnn_erfinv.cpp: a self outside FLOAT16 / FLOAT / BF16 (an integer or BOOL) is cast to FLOAT before the kernel
/// (l0op::Cast(self, DT_FLOAT)); FLOAT16 / BF16 computed in float32 and rounded back to self's dtype; the result
/// then cast to out's dtype.
inline at::Tensor ErfinvIn(const at::Tensor& self) {
    const at::ScalarType s = self.scalar_type();
    if (s != at::kHalf && s != at::kBFloat16 && s != at::kFloat) return at::erfinv(self.to(at::kFloat));
    return at::erfinv(self.to(at::kFloat)).to(s);
}

/// aclnn_heaviside.cpp: input and values broadcast (l0op::BroadcastTo), the kernel's result in input's dtype
/// (heaviside.cpp allocates the output with input's dtype); computed in float32 (exact: the result is 0, 1 or a
/// value of values converted to input's dtype).
inline at::Tensor HeavisideIn(const at::Tensor& input, const at::Tensor& values) {
    const at::ScalarType s = input.scalar_type();
    const at::Tensor v = values.to(s).to(at::kFloat);
    return at::heaviside(input.to(at::kFloat), v).to(s);
}

/// aclnnLogSigmoidForward: aclnnLogSigmoid's result into out; buffer returned as it is (the writer skips a result
/// that is the output itself; an absent buffer is not written), as CANN neither reads nor writes it.
inline std::tuple<at::Tensor, at::Tensor> LogSigmoidForwardIn(const at::Tensor& self, const at::Tensor& buffer) {
    const at::Tensor out = at::log_sigmoid(self.to(at::kFloat)).to(self.scalar_type());
    return std::make_tuple(out, buffer);
}

/// squared_relu: relu(x)^2 in float32, rounded once to input's dtype.
inline at::Tensor SquaredReluIn(const at::Tensor& input) {
    const at::Tensor r = at::relu(input.to(at::kFloat));
    return (r * r).to(input.scalar_type());
}

/// gelu_mul (aclnnGeluMul.md): x1 = input[..., :d], x2 = input[..., d:]; gelu(x1, approximate) * x2 in float32,
/// rounded once to input's dtype. An empty approximate (NULL approximateOptional) is the definition's default
/// "none" (erf).
inline at::Tensor GeluMulIn(const at::Tensor& input, const std::string& approximate) {
    const at::Tensor x = input.to(at::kFloat);
    const int64_t d = x.size(-1) / 2;
    const at::Tensor x1 = x.narrow(-1, 0, d);
    const at::Tensor x2 = x.narrow(-1, d, d);
    const std::string mode = approximate == "tanh" ? "tanh" : "none";
    return (at::gelu(x1, mode) * x2).to(input.scalar_type());
}

/// swi_glu (aclnnSwiGlu.md): x split in halves A, B along dim; silu(A) * B in float32, rounded once to x's dtype.
inline at::Tensor SwiGluIn(const at::Tensor& x, int64_t dim) {
    const at::Tensor f = x.to(at::kFloat);
    const int64_t half = f.size(dim) / 2;
    return (at::silu(f.narrow(dim, 0, half)) * f.narrow(dim, half, half)).to(x.scalar_type());
}

/// softmax_cross_entropy_with_logits (TensorFlow's op): over the class dim 1 of features and labels [N, C],
/// loss = -sum(labels * log_softmax(features), 1), backprop = softmax(features) - labels, in float32, each rounded once
/// to features' dtype (the kernel's outputs); labels (an inout tensor of the table, read only) handed back unchanged
/// so that the writer leaves it.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> SoftmaxCrossEntropyWithLogitsIn(const at::Tensor& features,
                                                                                      const at::Tensor& labels) {
    const at::Tensor f = features.to(at::kFloat);
    const at::Tensor l = labels.to(at::kFloat);
    const at::Tensor lsm = at::log_softmax(f, 1);
    const at::Tensor loss = -(l * lsm).sum(1);
    const at::Tensor backprop = at::softmax(f, 1) - l;
    const at::ScalarType s = features.scalar_type();
    return std::make_tuple(labels, loss.to(s), backprop.to(s));
}

/// aclnn_rrelu_with_noise.cpp. training false: l0op::LeakyRelu with the slope (lower.ToFloat() + upper.ToFloat()) / 2
/// (float arithmetic), noise handed back unchanged. training true: r ~ U(lower, upper) for each element of self (flat
/// order); the factor where(self < 0, r, 1) replaces noise's first numel(self) elements (its others kept), and
/// out = self * factor. The draws come from ATen's CPU generator seeded with seed and advanced by offset draws: the
/// distribution of CANN's kernel (DSARandomUniform / StatelessRandomUniformV2, Philox), not its stream of values.
/// Computed in float32, rounded once to self's (= noise's, out's) dtype. Returns (noise', out).
inline std::tuple<at::Tensor, at::Tensor> RReluWithNoiseIn(const at::Tensor& self, const at::Tensor& noise,
                                                           const at::Scalar& lower, const at::Scalar& upper,
                                                           bool training, int64_t seed, int64_t offset) {
    const float lo = static_cast<float>(lower.toDouble());
    const float hi = static_cast<float>(upper.toDouble());
    const at::ScalarType s = self.scalar_type();
    const at::Tensor x = self.to(at::kFloat);
    if (!training) {
        const float slope = (lo + hi) / 2;
        return std::make_tuple(noise, at::leaky_relu(x, slope).to(s));
    }
    at::Generator gen = at::detail::createCPUGenerator(static_cast<uint64_t>(seed));
    const int64_t n = x.numel();
    at::Tensor draws = at::empty({std::max<int64_t>(offset, 0) + n}, at::TensorOptions().dtype(at::kFloat));
    draws.uniform_(lo, hi, gen);
    const at::Tensor r = draws.narrow(0, std::max<int64_t>(offset, 0), n).reshape(x.sizes());
    const at::Tensor factor = at::where(x < 0, r, at::ones_like(x));
    at::Tensor noise_out = noise.to(at::kFloat).reshape({-1}).clone();
    noise_out.narrow(0, 0, n).copy_(factor.reshape({-1}));
    return std::make_tuple(noise_out.reshape(noise.sizes()).to(noise.scalar_type()), (x * factor).to(s));
}

/// ge_glu_v2 (tests/assets/golden.py): self split in halves along dim; activateLeft: (gate, x) = chunks, else (x,
/// gate); outGelu = gelu(gate) (approximate 0 the erf form, 1 the tanh form), out = x * outGelu; in float32, each
/// rounded once to self's dtype. Returns (out, outGelu). A 0-d self (nothing to compute: the op_api returns early)
/// gives empty results, which the writer skips for the empty outputs the checks admit.
inline std::tuple<at::Tensor, at::Tensor> GeGluIn(const at::Tensor& self, int64_t dim, int64_t approximate,
                                                  bool activateLeft) {
    const at::ScalarType s = self.scalar_type();
    if (self.dim() == 0 || self.numel() == 0) return std::make_tuple(at::Tensor(), at::Tensor());
    const at::Tensor f = self.to(at::kFloat);
    const int64_t half = f.size(dim) / 2;
    const at::Tensor left = f.narrow(dim, 0, half);
    const at::Tensor right = f.narrow(dim, half, half);
    const at::Tensor gate = activateLeft ? left : right;
    const at::Tensor x = activateLeft ? right : left;
    const at::Tensor g = at::gelu(gate, approximate == 1 ? "tanh" : "none");
    return std::make_tuple((x * g).to(s), g.to(s));
}

/// scaled_masked_softmax_v2 (tests/st executor: x * scale, masked_fill(mask, -10000), softmax over the last dim):
/// in float32 (scale rounded to float, as the kernel's attribute), mask broadcast over dims 0 and 1, rounded once
/// to x's dtype.
inline at::Tensor ScaledMaskedSoftmaxIn(const at::Tensor& x, const at::Tensor& mask, double scale) {
    const at::Tensor scaled = x.to(at::kFloat) * static_cast<double>(static_cast<float>(scale));
    const at::Tensor masked = scaled.masked_fill(mask.to(at::kBool).expand_as(scaled), -10000.0);
    return at::softmax(masked, -1).to(x.scalar_type());
}

/// modulate (aclnnModulate.md): out = self * (1 + scale) + shift, scale and shift [B, D] or [B, 1, D] broadcast over
/// self's dim 1; in float32, rounded once to self's dtype.
inline at::Tensor ModulateIn(const at::Tensor& self, const at::Tensor& scale, const at::Tensor& shift) {
    const at::Tensor x = self.to(at::kFloat);
    const int64_t b = self.size(0), d = self.size(2);
    const at::Tensor sc = scale.to(at::kFloat).reshape({b, 1, d});
    const at::Tensor sh = shift.to(at::kFloat).reshape({b, 1, d});
    return (x * (1 + sc) + sh).to(self.scalar_type());
}

/// scaled_masked_softmax_grad_v2 (tests/st executor): in float32, g*y - sum(g*y, -1) * y, times scale (as float),
/// 0 where mask (broadcast over dims 0 and 1); rounded once to gradOutput's dtype.
inline at::Tensor ScaledMaskedSoftmaxBackwardIn(const at::Tensor& grad, const at::Tensor& y, const at::Tensor& mask,
                                                double scale) {
    const at::Tensor g = grad.to(at::kFloat);
    const at::Tensor yf = y.to(at::kFloat);
    const at::Tensor gy = g * yf;
    at::Tensor dx = (gy - gy.sum(-1, true) * yf) * static_cast<double>(static_cast<float>(scale));
    dx = dx.masked_fill(mask.to(at::kBool).expand_as(dx), 0.0);
    return dx.to(grad.scalar_type());
}

/// modulate_grad (op_kernel/modulate_grad.cpp ComputeGradients; the op_api casts every input to FLOAT and each result
/// to grad_input's dtype): with a scale, grad_input = g * scale (broadcast over L), else g; grad_scale = sum over L
/// of g * input (computed when a scale is given, zeros otherwise); grad_shift = sum over L of g (when a shift is
/// given, zeros otherwise). Returns (grad_input, grad_scale, grad_shift) in grad_input's dtype.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> ModulateBackwardIn(const at::Tensor& grad, const at::Tensor& input,
                                                                         const at::Tensor& scale,
                                                                         const at::Tensor& shift,
                                                                         const at::Tensor& gradInput) {
    const at::ScalarType k = gradInput.scalar_type();
    const at::Tensor g = grad.to(at::kFloat);
    const int64_t b = g.size(0), d = g.size(2);
    const at::Tensor gi = scale.defined() ? g * scale.to(at::kFloat).reshape({b, 1, d}) : g;
    const at::Tensor gs = scale.defined() ? (g * input.to(at::kFloat)).sum(1) : at::zeros({b, d}, g.options());
    const at::Tensor gh = shift.defined() ? g.sum(1) : at::zeros({b, d}, g.options());
    return std::make_tuple(gi.to(k), gs.to(k), gh.to(k));
}

/// aclnn_swish.cpp: the Swish kernel with scale = betaOptional->ToFloat() (the scalar rounded to float):
/// self * sigmoid(scale * self) in float32, rounded once to self's dtype.
inline at::Tensor SwishIn(const at::Tensor& self, const at::Scalar& beta) {
    const double scale = static_cast<double>(static_cast<float>(beta.toDouble()));
    const at::Tensor x = self.to(at::kFloat);
    return (x * at::sigmoid(x * scale)).to(self.scalar_type());
}

/// aclnn_swish_backward.cpp: the SwishGrad kernel with scale = betaOptional->ToFloat(): with s = sigmoid(scale * x),
/// gradInput = gradOutput * (s + scale * x * s * (1 - s)) in float32, rounded once to gradInput's (= self's) dtype.
inline at::Tensor SwishBackwardIn(const at::Tensor& gradOutput, const at::Tensor& self, const at::Scalar& beta) {
    const double scale = static_cast<double>(static_cast<float>(beta.toDouble()));
    const at::Tensor x = self.to(at::kFloat);
    const at::Tensor s = at::sigmoid(x * scale);
    return (gradOutput.to(at::kFloat) * (s + x * scale * s * (1 - s))).to(self.scalar_type());
}

/// clipped_swiglu (aclnnClippedSwiglu.md, aclnnClippedSwigluV2.md; no op_api: the generated layer hands x to the
/// kernel): x viewed as [pre, n] (pre the product of the dims before dim), only the first sum(group_index) rows (all
/// without a group_index; clamped to [0, pre]) computed, the other rows of out kept as they are (the kernel does not
/// write them); A, B the odd / even elements of a row (interleaved) or its halves; clampMode 0: A = min(A, limit)
/// before the SiLU, 1: the SiLU's result clamped instead; B = clamp(B, -limit, limit); y = silu_alpha(A) * (B + bias).
/// The attributes are the definition's floats (alpha, limit, bias rounded to float); float32, rounded once to x's dtype.
inline at::Tensor ClippedSwigluIn(const at::Tensor& x, const at::Tensor& groupIndex, int64_t dim, double alpha,
                                  double limit, double bias, bool interleaved, int64_t clampMode, const at::Tensor& out) {
    const int64_t rank = x.dim();
    const int64_t d = dim < 0 ? dim + rank : dim;
    int64_t pre = 1;
    for (int64_t i = 0; i < d; ++i) pre *= x.size(i);
    int64_t rows = pre;
    if (groupIndex.defined()) {
        rows = std::min<int64_t>(pre, std::max<int64_t>(0, groupIndex.to(at::kLong).sum().item<int64_t>()));
    }
    const double a = static_cast<float>(alpha), l = static_cast<float>(limit), b = static_cast<float>(bias);
    const at::Tensor xf = x.to(at::kFloat).reshape({pre, -1}).narrow(0, 0, rows);
    const int64_t n = xf.size(1);
    at::Tensor A = interleaved ? xf.slice(1, 0, n, 2) : xf.narrow(1, 0, n / 2);
    at::Tensor B = interleaved ? xf.slice(1, 1, n, 2) : xf.narrow(1, n / 2, n / 2);
    if (clampMode == 0) A = A.clamp_max(l);
    at::Tensor glu = A * at::sigmoid(A * a);
    if (clampMode != 0) glu = glu.clamp_max(l);
    const at::Tensor y = glu * (B.clamp(-l, l) + b);
    at::Tensor res = out.clone(at::MemoryFormat::Contiguous).reshape({pre, -1});
    res.narrow(0, 0, rows).copy_(y.to(x.scalar_type()));
    return res.reshape(out.sizes());
}

/// ge_glu_grad_v2 (tests/assets/golden.py): self split in halves along dim into (x, gate) - (gate, x) with
/// activateLeft -; the x half's gradient gradOutput * gelu (the forward's outGelu as the caller passes it), the gate
/// half's gelu'(gate) * (gradOutput * x) (approximate 0 the erf form, 1 the tanh form; ATen's gelu_backward); in
/// float32 (the golden script rounds gradOutput * x to FLOAT16 first for FLOAT16: not modelled), rounded once.
inline at::Tensor GeGluBackwardIn(const at::Tensor& gradOutput, const at::Tensor& self, const at::Tensor& gelu,
                                  int64_t dim, int64_t approximate, bool activateLeft) {
    const at::ScalarType s = gradOutput.scalar_type();
    const at::Tensor f = self.to(at::kFloat);
    const int64_t d = dim < 0 ? dim + f.dim() : dim;
    const int64_t half = f.size(d) / 2;
    const at::Tensor left = f.narrow(d, 0, half);
    const at::Tensor right = f.narrow(d, half, half);
    const at::Tensor gate = activateLeft ? left : right;
    const at::Tensor x = activateLeft ? right : left;
    const at::Tensor dy = gradOutput.to(at::kFloat);
    const at::Tensor dx = dy * gelu.to(at::kFloat);
    const at::Tensor dgate = at::gelu_backward(dy * x, gate, approximate == 1 ? "tanh" : "none");
    return (activateLeft ? at::cat({dgate, dx}, d) : at::cat({dx, dgate}, d)).to(s);
}

/// clipped_swiglu_grad (aclnnClippedSwigluGrad.md): x viewed as [pre, n], split into x0, x1 as the forward;
/// x0' = min(x0, l), x1' = clamp(x1, -l, l), s = sigmoid(alpha * x0'); grad_x0 = gy * (x1' + bias) * s *
/// (1 + alpha * x0' * (1 - s)) masked by x0 <= l; grad_x1 = gy * x0' * s masked by -l <= x1 <= l; interleaved back;
/// with a non-empty group_index the rows from min(sum, pre) on are 0 (an empty one: every row, as the tiling's
/// groupNum 0). Float32 with the attributes rounded to float, rounded once to x's dtype.
inline at::Tensor ClippedSwigluGradIn(const at::Tensor& gradY, const at::Tensor& x, const at::Tensor& groupIndex,
                                      int64_t dim, double alpha, double limit, double bias, bool interleaved) {
    const int64_t rank = x.dim();
    const int64_t d = dim < 0 ? dim + rank : dim;
    int64_t pre = 1;
    for (int64_t i = 0; i < d; ++i) pre *= x.size(i);
    const double a = static_cast<float>(alpha), l = static_cast<float>(limit), b = static_cast<float>(bias);
    const at::Tensor xf = x.to(at::kFloat).reshape({pre, -1});
    const at::Tensor gy = gradY.to(at::kFloat).reshape({pre, -1});
    const int64_t n = xf.size(1);
    const at::Tensor x0 = interleaved ? xf.slice(1, 0, n, 2) : xf.narrow(1, 0, n / 2);
    const at::Tensor x1 = interleaved ? xf.slice(1, 1, n, 2) : xf.narrow(1, n / 2, n / 2);
    const at::Tensor x0c = x0.clamp_max(l), x1c = x1.clamp(-l, l);
    const at::Tensor sg = at::sigmoid(x0c * a);
    const at::Tensor g0 = gy * (x1c + b) * sg * (1 + x0c * a * (1 - sg)) * (x0 <= l).to(at::kFloat);
    const at::Tensor g1 = gy * x0c * sg * ((x1 >= -l) & (x1 <= l)).to(at::kFloat);
    at::Tensor gx = interleaved ? at::stack({g0, g1}, 2).reshape({pre, n}) : at::cat({g0, g1}, 1);
    if (groupIndex.defined() && groupIndex.numel() > 0) {
        const int64_t rows =
            std::min<int64_t>(pre, std::max<int64_t>(0, groupIndex.to(at::kLong).sum().item<int64_t>()));
        gx = gx.clone();
        gx.narrow(0, rows, pre - rows).zero_();
    }
    return gx.reshape(x.sizes()).to(x.scalar_type());
}

}  // namespace ref
}  // namespace aclcpu
