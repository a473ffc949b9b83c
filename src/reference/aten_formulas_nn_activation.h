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

/// fatrelu_mul (op_kernel/fatrelu_mul.h): with input's last dim 2d, x1 = input[..., :d], x2 = input[..., d:]; every
/// dtype cast to float32 (CAST_NONE, exact), x1 kept where x1 > threshold (CompareScalar GT, threshold read as
/// float), else 0, times x2; rounded once to input's dtype.
inline at::Tensor FatreluMulIn(const at::Tensor& input, const at::Tensor& threshold) {
    const at::Tensor f = input.to(at::kFloat);
    const int64_t d = f.size(-1) / 2;
    const at::Tensor x1 = f.narrow(-1, 0, d);
    const at::Tensor t = threshold.to(at::kFloat).reshape({});
    return (at::where(x1 > t, x1, at::zeros_like(x1)) * f.narrow(-1, d, d)).to(input.scalar_type());
}

/// situ_glu (aclnnSituGlu.md): x split in halves along dim, gate the first with activateLeft, else the second;
/// situ = beta * tanh(gate / beta) * sigmoid(gate); up' = linearBeta * tanh(up / linearBeta) where linearBeta > 0,
/// else up; float32 (beta, linearBeta read as float: the attributes are Float), rounded once to x's dtype.
inline at::Tensor SituGluIn(const at::Tensor& x, int64_t dim, double beta, double linearBeta, bool activateLeft) {
    const at::Tensor f = x.to(at::kFloat);
    const int64_t h = f.size(dim) / 2;
    const at::Tensor gate = f.narrow(dim, activateLeft ? 0 : h, h);
    at::Tensor up = f.narrow(dim, activateLeft ? h : 0, h);
    const double b = static_cast<float>(beta), lb = static_cast<float>(linearBeta);
    const at::Tensor situ = at::tanh(gate / b) * b * at::sigmoid(gate);
    if (lb > 0) up = at::tanh(up / lb) * lb;
    return (situ * up).to(x.scalar_type());
}

/// situ_glu_grad (aclnnSituGluGrad.md): t = tanh(gate / beta), s = sigmoid(gate), situ = beta * t * s, up' as the
/// forward; grad_gate = gradY * up' * s * ((1 - t^2) + beta * t * (1 - s)); grad_up = gradY * situ * (1 - tanh(up /
/// linearBeta)^2) where linearBeta > 0, else gradY * situ; concatenated back along dim in x's order (gate first with
/// activateLeft). Float32, rounded once to x's dtype.
inline at::Tensor SituGluGradIn(const at::Tensor& gradY, const at::Tensor& x, int64_t dim, double beta,
                                double linearBeta, bool activateLeft) {
    const at::Tensor f = x.to(at::kFloat);
    const at::Tensor g = gradY.to(at::kFloat);
    const int64_t h = f.size(dim) / 2;
    const at::Tensor gate = f.narrow(dim, activateLeft ? 0 : h, h);
    const at::Tensor up = f.narrow(dim, activateLeft ? h : 0, h);
    const double b = static_cast<float>(beta), lb = static_cast<float>(linearBeta);
    const at::Tensor t = at::tanh(gate / b);
    const at::Tensor s = at::sigmoid(gate);
    const at::Tensor situ = t * b * s;
    at::Tensor up2 = up, grad_up = g * situ;
    if (lb > 0) {
        const at::Tensor tu = at::tanh(up / lb);
        up2 = tu * lb;
        grad_up = grad_up * (1 - tu * tu);
    }
    const at::Tensor grad_gate = g * up2 * s * ((1 - t * t) + t * b * (1 - s));
    const at::Tensor out = activateLeft ? at::cat({grad_gate, grad_up}, dim) : at::cat({grad_up, grad_gate}, dim);
    return out.to(x.scalar_type());
}

/// masked_softmax_with_rel_pos_bias (aclnnMaskedSoftmaxWithRelPosBias.md): x viewed as [B, W, N, S1, S2] (a 4-D x
/// [B*W, N, S1, S2] with W the mask's first non-one dim, 1 without a mask); the mask reshaped to [1, W, 1, S1, S2],
/// the bias to [1, 1, N, S1, S2]; softmax(scaleValue * x + mask + bias) over S2 in float32 (scaleValue a Float
/// attribute: read as float), rounded once to x's dtype. The kernel adds in x's dtype (FLOAT16 / BF16 sums rounded
/// before its softmax): not modelled.
inline at::Tensor MaskedSoftmaxWithRelPosBiasIn(const at::Tensor& x, const at::Tensor& mask, const at::Tensor& bias,
                                                double scaleValue) {
    const int64_t s1 = x.size(-2), s2 = x.size(-1), n = x.size(-3);
    const int64_t w = mask.defined() ? mask.numel() / (s1 * s2) : (x.dim() == 5 ? x.size(1) : 1);
    const int64_t b = x.numel() / (w * n * s1 * s2);
    at::Tensor t = x.to(at::kFloat).reshape({b, w, n, s1, s2}) * static_cast<double>(static_cast<float>(scaleValue));
    if (mask.defined()) t = t + mask.to(at::kFloat).reshape({1, w, 1, s1, s2});
    t = t + bias.to(at::kFloat).reshape({1, 1, n, s1, s2});
    return at::softmax(t, -1).reshape(x.sizes()).to(x.scalar_type());
}

/// float32 -> FLOAT16 with round to odd (AscendC CAST_ODD): ATen's round-to-nearest-even result, moved one code
/// toward the exact value where it is inexact and its last mantissa bit is even (so a value never rounds to an
/// infinity: beyond the largest finite FLOAT16 it gives 65504). Returned as float32 values.
inline at::Tensor HalfRoundToOdd(const at::Tensor& v) {
    const at::Tensor h = v.to(at::kHalf);
    const at::Tensor back = h.to(at::kFloat);
    const at::Tensor bits = h.view(at::kShort).to(at::kInt);
    const at::Tensor inexact = (back != v).logical_and(v.isnan().logical_not());
    const at::Tensor even = bits.bitwise_and(1).eq(0);
    const at::Tensor grow = back.abs() < v.abs();  // the exact value lies further from zero
    const at::Tensor moved = at::where(grow, bits + 1, bits - 1);
    const at::Tensor fixed = at::where(inexact.logical_and(even), moved, bits);
    return fixed.to(at::kShort).view(at::kHalf).to(at::kFloat);
}

/// gelu_quant (op_kernel/arch35/gelu_*_regbase.h): g = gelu(self) in float32 (approximate "none" the erf form,
/// "tanh" the tanh form; ATen's at::gelu); static: v = g * scale (+ offset), the scale / offset (1 element or
/// self's last dim) cast to float32; dynamic: v = g * scale (when given), per row of the last dim
/// outScale = max|v| * (1 / maxValue) (the kernel multiplies by the float32 reciprocal; maxValue 127, 448, 57344,
/// 32768 for INT8, FLOAT8_E4M3FN, FLOAT8_E5M2, HIFLOAT8), v = v / outScale. The cast into y: INT8 through FLOAT16 with
/// round to odd, then to nearest even and saturated (NaN to 0); FLOAT8_E4M3FN / FLOAT8_E5M2 saturated to +-448 /
/// +-57344 (SatMode::SAT), the engine then rounds to nearest even; HIFLOAT8 saturated to +-32768, the engine rounds
/// ties away from zero (roundMode "round"; "hybrid" is computed the same: not modelled).
inline std::tuple<at::Tensor, at::Tensor> GeluQuantIn(const at::Tensor& self, const at::Tensor& scale,
                                                      const at::Tensor& offset, const std::string& approximate,
                                                      const std::string& quantMode, const std::string& /*roundMode*/,
                                                      int64_t dstType) {
    at::Tensor v = at::gelu(self.to(at::kFloat), approximate == "tanh" ? "tanh" : "none");
    at::Tensor outScale;
    if (scale.defined()) v = v * scale.to(at::kFloat).reshape({-1});
    const bool dyn = quantMode.compare(0, 7, "dynamic") == 0;
    float maxValue = 127.0f;
    if (dstType == 36) maxValue = 448.0f;
    if (dstType == 35) maxValue = 57344.0f;
    if (dstType == 34) maxValue = 32768.0f;
    if (dyn) {
        const at::Tensor rowMax = std::get<0>(v.abs().max(-1, /*keepdim=*/true));
        const at::Tensor os = rowMax * static_cast<double>(1.0f / maxValue);
        v = v / os;
        outScale = os.squeeze(-1);
    } else if (offset.defined()) {
        v = v + offset.to(at::kFloat).reshape({-1});
    }
    at::Tensor y;
    if (dstType == 2) {
        y = at::nan_to_num(at::round(HalfRoundToOdd(v)), 0.0, 127.0, -128.0).clamp(-128.0, 127.0).to(at::kChar);
    } else {
        y = v.clamp(-static_cast<double>(maxValue), static_cast<double>(maxValue));
    }
    return std::make_tuple(y, outScale);
}

/// swiglu_group (aclnnSwigluGroup.md; op_kernel/arch35/swiglu_group_base.h): x viewed as [bs, 2h] in float32; with
/// clampLimit (a Float attribute) other than -1: A = min(A, cl), B = min(max(B, -cl), cl); y = A / (1 + exp(-A)) * B,
/// times weight[row] (FLOAT, bs elements); with groupIndex only rows [0, min(max(sum, 0), bs)) computed, the rest of out
/// handed back as it is. Rounded once to x's dtype.
inline at::Tensor SwigluGroupIn(const at::Tensor& x, const at::Tensor& weight, const at::Tensor& groupIndex,
                                double clampLimit, const at::Tensor& out) {
    const int64_t d = x.size(-1), h = d / 2, bs = x.numel() / d;
    const at::Tensor f = x.to(at::kFloat).reshape({bs, d});
    at::Tensor a = f.narrow(1, 0, h), b = f.narrow(1, h, h);
    const float cl = static_cast<float>(clampLimit);
    if (cl != -1.0f) {
        a = at::clamp_max(a, static_cast<double>(cl));
        b = at::clamp(b, -static_cast<double>(cl), static_cast<double>(cl));
    }
    at::Tensor y = a / (at::exp(-a) + 1) * b;
    if (weight.defined()) y = y * weight.to(at::kFloat).reshape({bs, 1});
    at::Tensor r = y.to(x.scalar_type());
    if (groupIndex.defined()) {
        const int64_t rows = std::min<int64_t>(bs, std::max<int64_t>(0, groupIndex.to(at::kLong).sum().item<int64_t>()));
        at::Tensor keep = out.reshape({bs, h}).clone();
        keep.narrow(0, 0, rows).copy_(r.narrow(0, 0, rows));
        r = keep;
    }
    return r.reshape(out.sizes());
}

/// swi_glu_grad (aclnnSwiGluGrad.md): A, B the halves of x along dim, s = sigmoid(A); out_A = yGrad * (s + s * (1 -
/// s) * A) * B, out_B = yGrad * s * A, concatenated along dim; float32, rounded once to x's dtype.
inline at::Tensor SwiGluGradIn(const at::Tensor& yGrad, const at::Tensor& x, int64_t dim) {
    const at::Tensor f = x.to(at::kFloat);
    const at::Tensor g = yGrad.to(at::kFloat);
    const int64_t h = f.size(dim) / 2;
    const at::Tensor a = f.narrow(dim, 0, h), b = f.narrow(dim, h, h);
    const at::Tensor s = at::sigmoid(a);
    const at::Tensor ga = g * (s + s * (1 - s) * a) * b;
    const at::Tensor gb = g * s * a;
    return at::cat({ga, gb}, dim).to(x.scalar_type());
}

/// swiglu_group_grad (aclnnSwigluGroupGrad.md; op_kernel/arch35/swiglu_group_grad_simt.h): rows of x [rows, 2H] split
/// into g, u; with clampLimit c > 0 (the tiling's hasClamp) m_g = (g < c), m_u = (-c < u < c), g = min(g, c), u =
/// clamp(u, -c, c); s = 1 / (1 + exp(-g)), f = g s, silu' = s + f - f s; w the row's weight (1 without);
/// m_r = (row < sum(groupIndex)) with a group index; gradX = [dy silu' u w m_g m_r, dy f w m_u m_r] (float32, rounded
/// once to x's dtype); with a weight gradWeight[row] = sum over H of dy * yOrigin (float32; the kernel's pairwise order
/// not modelled), else gradWeightOut handed back (not written).
inline std::tuple<at::Tensor, at::Tensor> SwigluGroupGradIn(const at::Tensor& gradY, const at::Tensor& x,
                                                            const at::Tensor& weight, const at::Tensor& yOrigin,
                                                            const at::Tensor& groupIndex, double clampLimit,
                                                            const at::Tensor& gradWeightOut) {
    const int64_t H = gradY.size(-1), rows = gradY.numel() / H;
    const at::Tensor dy = gradY.to(at::kFloat).reshape({rows, H});
    const at::Tensor xf = x.to(at::kFloat).reshape({rows, 2 * H});
    at::Tensor g = xf.narrow(1, 0, H), u = xf.narrow(1, H, H);
    const float c = static_cast<float>(clampLimit);
    at::Tensor mg = at::ones_like(g), mu = at::ones_like(u);
    if (c > 0.0f) {
        const double cd = static_cast<double>(c);
        mg = (g < cd).to(at::kFloat);
        mu = (u < cd).logical_and(u > -cd).to(at::kFloat);
        g = at::clamp_max(g, cd);
        u = at::clamp(u, -cd, cd);
    }
    const at::Tensor s = 1 / (at::exp(-g) + 1);
    const at::Tensor f = at::where(at::isinf(g).logical_and(g < 0), at::zeros_like(g), g * s);
    const at::Tensor sp = at::where(at::isinf(g), (g > 0).to(at::kFloat), s + f - f * s);
    at::Tensor wr = weight.defined() ? weight.to(at::kFloat).reshape({rows, 1}) : at::ones({rows, 1}, dy.options());
    if (groupIndex.defined()) {
        const int64_t trunc = groupIndex.to(at::kLong).sum().item<int64_t>();
        const at::Tensor r = at::arange(rows, at::TensorOptions().dtype(at::kLong)).reshape({rows, 1});
        wr = wr * (r < trunc).to(at::kFloat);
    }
    const at::Tensor dg = dy * sp * u * wr * mg;
    const at::Tensor du = dy * f * wr * mu;
    const at::Tensor gradX = at::cat({dg, du}, 1).reshape(x.sizes());
    at::Tensor gradW = gradWeightOut;
    if (weight.defined()) gradW = (dy * yOrigin.to(at::kFloat).reshape({rows, H})).sum(1).reshape(weight.sizes());
    return std::make_tuple(gradX, gradW);
}

}  // namespace ref
}  // namespace aclcpu
