// The reference formulas' helpers of the nn_loss family (ops/families/nn_loss.yaml; docs/ops/nn_loss.md): the
// dtype each op_api hands its kernel (hicann/ops-nn loss/<op>/op_api/aclnn_*.cpp: the casts to the promoted
// dtype before the kernel, the cast to out's dtype after it), around ATen's loss function computed in float32
// (ATen 1.13 has no FLOAT16 / BF16 CPU kernels for most losses). Reductions: 0 none, 1 mean, 2 sum (at::Reduction's
// numbering is the same). Included at the end of reference/aten_formulas.h (through the generated
// reference/family_formulas.inc). Needs ATen.
#pragma once

#include <ATen/ATen.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

namespace aclcpu {
namespace ref {

/// A float32 copy of a floating tensor (every dtype these losses take is FLOAT16, BF16, FLOAT or DOUBLE: DOUBLE
/// stays DOUBLE); an undefined tensor (an absent optional input) stays undefined.
inline at::Tensor LossFloat(const at::Tensor& t) {
    if (!t.defined()) return t;
    return t.scalar_type() == at::kDouble ? t : t.to(at::kFloat);
}

/// An undefined tensor as c10::nullopt, a defined one widened (LossFloat).
inline c10::optional<at::Tensor> LossOptional(const at::Tensor& t) {
    return t.defined() ? c10::optional<at::Tensor>(LossFloat(t)) : c10::nullopt;
}

/// A result in out's shape where both hold the same count (a 0-d mean / sum into a [1] out), else as it is.
inline at::Tensor LossLike(const at::Tensor& result, const at::Tensor& out) {
    if (out.defined() && result.numel() == out.numel() && !result.sizes().equals(out.sizes())) {
        return result.reshape(out.sizes());
    }
    return result;
}

/// The mean / sum of a per-element loss as the op_apis reduce it (0 none, 1 mean, 2 sum; aclnnSoftMarginLoss maps
/// every other value to "sum", GetReductionStr).
inline at::Tensor LossReduce(const at::Tensor& l, int64_t reduction) {
    if (reduction == 0) return l;
    if (reduction == 1) return l.mean();
    return l.sum();
}

/// aclnnBinaryCrossEntropy (loss/binary_cross_entropy/op_api/aclnn_binary_cross_entropy.cpp): the
/// BinaryCrossEntropy kernel on self, target and weight as given (all of self's dtype when weight is given; the
/// op_api casts nothing), its result in self's dtype, then ViewCopy into out. Here: ATen's definition of the loss,
/// -weight * (target * max(log(self), -100) + (1 - target) * max(log(1 - self), -100)), mean = the weighted sum
/// over the element count, in float32, rounded to self's dtype. Written out rather than called as
/// at::binary_cross_entropy, which refuses a self outside [0, 1] where the kernel computes on (NaN from the logs).
inline at::Tensor BinaryCrossEntropyIn(const at::Tensor& self, const at::Tensor& target, const at::Tensor& weight,
                                       int64_t reduction, const at::Tensor& out) {
    const at::Tensor x = LossFloat(self);
    const at::Tensor t = LossFloat(target).to(x.scalar_type());
    at::Tensor l = -(t * at::clamp_min(at::log(x), -100.0) + (1.0 - t) * at::clamp_min(at::log(1.0 - x), -100.0));
    if (weight.defined()) l = l * LossFloat(weight).to(x.scalar_type());
    return LossLike(LossReduce(l, reduction).to(self.scalar_type()), out);
}

/// aclnnBinaryCrossEntropyBackward (loss/binary_cross_entropy_grad/op_api/aclnn_binary_cross_entropy_backward.cpp):
/// gradOutput, self, target and weight (ones when absent) cast to promote = Promote(Promote(self, target),
/// gradOutput[, weight]); the BinaryCrossEntropyGrad kernel; the result cast to out's dtype. Here: ATen's
/// binary_cross_entropy_backward formula, gradOutput * weight * (self - target) / max(self * (1 - self), 1e-12),
/// divided by self's element count for mean, in float32 over self's shape, rounded to promote.
inline at::Tensor BinaryCrossEntropyBackwardIn(const at::Tensor& grad, const at::Tensor& self, const at::Tensor& target,
                                               const at::Tensor& weight, int64_t reduction) {
    at::ScalarType p = at::promote_types(at::promote_types(self.scalar_type(), target.scalar_type()), grad.scalar_type());
    if (weight.defined()) p = at::promote_types(p, weight.scalar_type());
    const at::ScalarType f = p == at::kDouble ? at::kDouble : at::kFloat;
    auto up = [&](const at::Tensor& t) { return t.to(p).to(f); };
    const at::Tensor x = up(self);
    at::Tensor g = up(grad) * (x - up(target)) / at::clamp_min(x * (1.0 - x), 1e-12);
    if (weight.defined()) g = g * up(weight);
    if (reduction == 1) g = g / static_cast<double>(x.numel());
    return g.expand(self.sizes()).to(p);
}

/// aclnnBinaryCrossEntropyWithLogits (loss/sigmoid_cross_entropy_with_logits_v2/op_api/
/// aclnn_binary_cross_entropy_with_logits.cpp): self, target, weight, posWeight cast to promote = Promote(self,
/// target); the SigmoidCrossEntropyWithLogitsV2 kernel with reduction none, then ReduceMean / ReduceSum over every
/// dim; the result cast to out's dtype. Here: ATen's binary_cross_entropy_with_logits in float32 (weight and
/// posWeight broadcast), rounded to promote.
inline at::Tensor BinaryCrossEntropyWithLogitsIn(const at::Tensor& self, const at::Tensor& target,
                                                 const at::Tensor& weight, const at::Tensor& posWeight,
                                                 int64_t reduction) {
    const at::ScalarType p = at::promote_types(self.scalar_type(), target.scalar_type());
    const at::ScalarType f = p == at::kDouble ? at::kDouble : at::kFloat;
    auto up = [&](const at::Tensor& t) {
        return t.defined() ? c10::optional<at::Tensor>(t.to(p).to(f)) : c10::optional<at::Tensor>(c10::nullopt);
    };
    const at::Tensor l = at::binary_cross_entropy_with_logits(self.to(p).to(f), target.to(p).to(f), up(weight),
                                                              up(posWeight), 0)
                             .to(p)
                             .to(f);
    return LossReduce(l, reduction).to(p);
}

/// aclnnBinaryCrossEntropyWithLogitsBackward (loss/sigmoid_cross_entropy_with_logits_grad_v2/op_api/
/// aclnn_binary_cross_entropy_with_logits_backward.cpp): the five inputs (weight, posWeight ones when absent) cast
/// to promote = Promote(self, target, gradOutput[, weight][, posWeight]); the SigmoidCrossEntropyWithLogitsGradV2
/// kernel; the result cast to out's dtype. ATen 1.13 has no backward function for it: the closed form
/// d/dx = weight * ((posWeight * target + 1 - target) * sigmoid(x) - posWeight * target) * gradOutput (/ numel for
/// mean), in float32 over self's shape, rounded to promote.
inline at::Tensor BinaryCrossEntropyWithLogitsBackwardIn(const at::Tensor& grad, const at::Tensor& self,
                                                         const at::Tensor& target, const at::Tensor& weight,
                                                         const at::Tensor& posWeight, int64_t reduction) {
    at::ScalarType p = at::promote_types(at::promote_types(self.scalar_type(), target.scalar_type()), grad.scalar_type());
    if (weight.defined()) p = at::promote_types(p, weight.scalar_type());
    if (posWeight.defined()) p = at::promote_types(p, posWeight.scalar_type());
    const at::ScalarType f = p == at::kDouble ? at::kDouble : at::kFloat;
    auto up = [&](const at::Tensor& t) { return t.to(p).to(f); };
    const at::Tensor x = up(self);
    const at::Tensor t = up(target);
    const at::Tensor pw = posWeight.defined() ? up(posWeight) : at::ones({}, x.options());
    at::Tensor g = ((pw * t + 1.0 - t) * at::sigmoid(x) - pw * t) * up(grad);
    if (weight.defined()) g = g * up(weight);
    if (reduction == 1) g = g / static_cast<double>(x.numel());
    return g.expand(self.sizes()).to(p);
}

/// aclnnSoftMarginLoss (loss/soft_margin_loss/op_api/aclnn_soft_margin_loss.cpp): self and target cast to
/// Promote(self, target) and broadcast; the SoftMarginLoss kernel (log(1 + exp(-target * self)), reduction none,
/// mean or - any other value - sum); the result cast to out's dtype. Here: ATen's soft_margin_loss in float32
/// on the broadcast inputs, rounded to the promoted dtype.
inline at::Tensor SoftMarginLossIn(const at::Tensor& self, const at::Tensor& target, int64_t reduction) {
    const at::ScalarType p = at::promote_types(self.scalar_type(), target.scalar_type());
    const at::ScalarType f = p == at::kDouble ? at::kDouble : at::kFloat;
    const std::vector<at::Tensor> b = at::broadcast_tensors({self.to(p).to(f), target.to(p).to(f)});
    const int64_t r = reduction == 0 ? 0 : reduction == 1 ? 1 : 2;
    return at::soft_margin_loss(b[0], b[1], r).to(p);
}

/// aclnnSoftMarginLossBackward (loss/soft_margin_loss_grad/op_api/aclnn_soft_margin_loss_backward.cpp):
/// gradOutput, self, target cast to Promote(gradOutput, Promote(self, target)) and broadcast to their common shape;
/// the SoftMarginLossGrad kernel (-target * exp(-target * self) / (1 + exp(-target * self)) * gradOutput, / numel
/// for mean); the result cast to out's dtype. Here: ATen's soft_margin_loss_backward in float32 on the broadcast
/// inputs, rounded to the promoted dtype.
inline at::Tensor SoftMarginLossBackwardIn(const at::Tensor& grad, const at::Tensor& self, const at::Tensor& target,
                                           int64_t reduction) {
    const at::ScalarType p =
        at::promote_types(grad.scalar_type(), at::promote_types(self.scalar_type(), target.scalar_type()));
    const at::ScalarType f = p == at::kDouble ? at::kDouble : at::kFloat;
    const std::vector<at::Tensor> b =
        at::broadcast_tensors({grad.to(p).to(f), self.to(p).to(f), target.to(p).to(f)});
    return at::soft_margin_loss_backward(b[0].contiguous(), b[1].contiguous(), b[2].contiguous(), reduction).to(p);
}

/// The broadcast of self and target as the KlDiv gradients' op_apis form it, and the mean / batchmean divisor of
/// their ComputeGradForKlDiv (mean: the broadcast count; batchmean: its dim 0; others: 1). CANN's reductions here:
/// 0 none, 1 mean, 2 sum, 3 batchmean (any other value runs as none, GetReductionStr).
inline double KlDivDivisor(at::IntArrayRef b, int64_t reduction) {
    if (reduction == 1) {
        double n = 1;
        for (int64_t d : b) n *= static_cast<double>(d);
        return n;
    }
    if (reduction == 3) return b.empty() ? 1.0 : static_cast<double>(b[0]);
    return 1.0;
}

/// aclnnKlDivBackward (loss/kl_div_loss_grad/op_api/aclnn_kl_div_backward.cpp): gradOutput, self, target in FLOAT16
/// when all three are FLOAT16, else cast to FLOAT; self broadcast to the shape of (self, target); the KlDivLossGrad
/// kernel - the gradient of KlDiv with respect to self: -exp(target) * gradOutput with logTarget, else -target *
/// gradOutput where target > 0 and 0 elsewhere (PyTorch's definition), divided for mean / batchmean -; summed back to
/// out's (self's) shape; cast to out's dtype. Here: in float32, rounded to the kernel's dtype.
inline at::Tensor KlDivBackwardIn(const at::Tensor& grad, const at::Tensor& self, const at::Tensor& target,
                                  int64_t reduction, bool logTarget) {
    const bool half = grad.scalar_type() == at::kHalf && self.scalar_type() == at::kHalf &&
                      target.scalar_type() == at::kHalf;
    const std::vector<int64_t> b = at::infer_size(self.sizes(), target.sizes());
    const at::Tensor t = target.to(at::kFloat).expand(b);
    const at::Tensor g = grad.to(at::kFloat).expand(b);
    at::Tensor d = logTarget ? -at::exp(t) * g : at::where(t > 0, -t * g, at::zeros({}, t.options()));
    d = d / KlDivDivisor(b, reduction);
    return d.sum_to_size(self.sizes()).to(half ? at::kHalf : at::kFloat);
}

/// aclnnKlDivTargetBackward (loss/kl_div_target_loss_grad/op_api/aclnn_kl_div_target_backward.cpp, its
/// ComputeGradForKlDiv outside the regbase arch, the KlDivTargetLossGrad kernel on it): the three cast to FLOAT,
/// target broadcast to the shape of (self, target), gradOutput divided for mean / batchmean, then without logTarget
/// gradOutput * log(target) - gradOutput * self + gradOutput * target / target (NaN where target is 0, as the op_api's
/// arithmetic gives), with logTarget gradOutput * (target - self) * exp(target) + gradOutput * exp(target); summed back
/// to gradTarget's (target's) shape; cast to gradTarget's dtype. Here: that arithmetic in float32.
inline at::Tensor KlDivTargetBackwardIn(const at::Tensor& grad, const at::Tensor& self, const at::Tensor& target,
                                        int64_t reduction, bool logTarget) {
    const std::vector<int64_t> b = at::infer_size(self.sizes(), target.sizes());
    const at::Tensor t = target.to(at::kFloat).expand(b);
    const at::Tensor x = self.to(at::kFloat);
    const at::Tensor g = grad.to(at::kFloat) / KlDivDivisor(b, reduction);
    at::Tensor d;
    if (logTarget) {
        const at::Tensor e = at::exp(t);
        d = g * (t - x) * e + g * e;
    } else {
        d = g * at::log(t) - g * x + g * t / t;
    }
    return d.expand(b).sum_to_size(target.sizes());
}

/// The per-sample weights of a negative log likelihood: weight[target] (0 where target == ignoreIndex, NaN where target
/// lies outside [0, C) - the NPU's kernel reads outside its weight there, its result undefined; ATen refuses the call),
/// and the clamped targets to gather with. self2 is [N, C].
inline std::tuple<at::Tensor, at::Tensor> NllSampleWeights(const at::Tensor& self2, const at::Tensor& target1,
                                                           const at::Tensor& weight, int64_t ignoreIndex) {
    const int64_t c = self2.size(1);
    const at::Tensor t = target1.to(at::kLong);
    const at::Tensor tc = c > 0 ? t.clamp(0, c - 1) : at::zeros_like(t);
    const at::Tensor valid = (t >= 0) & (t < c);
    const at::Tensor ign = t == ignoreIndex;
    const at::Tensor wt = c > 0 ? weight.index_select(0, tc) : at::zeros(t.sizes(), weight.options());
    const at::Tensor zero = at::zeros({}, wt.options());
    const at::Tensor nan = at::full({}, std::numeric_limits<double>::quiet_NaN(), wt.options());
    return std::make_tuple(at::where(ign, zero, at::where(valid, wt, nan)), tc);
}

/// The loss of a negative log likelihood over self2 [S, C] and target1 [S] (NllSampleWeights): per-sample losses
/// -weight[t] * self[s, t] (0 where t == ignoreIndex), and the summed weights.
inline std::tuple<at::Tensor, at::Tensor> NllRows(const at::Tensor& x, const at::Tensor& t, const at::Tensor& weight,
                                                  int64_t ignoreIndex) {
    auto wt_tc = NllSampleWeights(x, t, weight, ignoreIndex);
    const at::Tensor& wt = std::get<0>(wt_tc);
    const at::Tensor picked = x.size(1) > 0 ? x.gather(1, std::get<1>(wt_tc).unsqueeze(1)).squeeze(1)
                                            : at::zeros(wt.sizes(), wt.options());
    return std::make_tuple(at::where(wt == 0, at::zeros({}, wt.options()), -wt * picked), wt.sum());
}

/// aclnnNLLLoss (loss/nll_loss/op_api/aclnn_nll_loss.cpp): self [N, C] or [C] and weight [C] cast to FLOAT (BF16
/// stays BF16; on the regbase arch every dtype stays), target to INT32 / INT64; the NLLLoss kernel: -weight[t] *
/// self[n, t] per sample (0 where t == ignoreIndex), none / mean (the sum over the summed weights) / sum, and the total
/// weight (the summed weights), written to totalWeightOut only for mean / sum (reduction none leaves it: the formula
/// returns it as itself); both cast to their outputs' dtypes. Here: that definition (ATen's nll_loss) in float32,
/// rounded to BF16 for a BF16 self; a target outside [0, C) other than ignoreIndex gives NaN for its sample.
inline std::tuple<at::Tensor, at::Tensor> NllLossIn(const at::Tensor& self, const at::Tensor& target,
                                                    const at::Tensor& weight, int64_t reduction, int64_t ignoreIndex,
                                                    const at::Tensor& out, const at::Tensor& totalWeightOut) {
    const at::ScalarType k = self.scalar_type() == at::kBFloat16 ? at::kBFloat16 : at::kFloat;
    const bool batch = self.dim() == 2;
    const at::Tensor x = (batch ? self : self.unsqueeze(0)).to(k).to(at::kFloat);
    auto lt = NllRows(x, target.reshape({-1}), weight.to(k).to(at::kFloat), ignoreIndex);
    const at::Tensor& l = std::get<0>(lt);
    const at::Tensor& total = std::get<1>(lt);
    if (reduction == 0) return std::make_tuple((batch ? l : l.reshape({})).to(k), totalWeightOut);
    const at::Tensor r = reduction == 1 ? l.sum() / total : l.sum();
    return std::make_tuple(LossLike(r.to(k), out), LossLike(total.to(k), totalWeightOut));
}

/// aclnnNLLLoss2d (loss/nll_loss/op_api/aclnn_nll_loss2d.cpp): self [N, C, H, W] permuted to [N*H*W, C] and target
/// [N, H, W] flattened (outside the regbase arch; the regbase kernel takes them as they are), then aclnnNLLLoss's
/// kernel and casts; reduction none: out [N, H, W]; totalWeightOut written only for mean / sum. Here: NllRows on
/// that flattening in float32 (BF16 rounded as BF16).
inline std::tuple<at::Tensor, at::Tensor> NllLoss2dIn(const at::Tensor& self, const at::Tensor& target,
                                                      const at::Tensor& weight, int64_t reduction, int64_t ignoreIndex,
                                                      const at::Tensor& out, const at::Tensor& totalWeightOut) {
    const at::ScalarType k = self.scalar_type() == at::kBFloat16 ? at::kBFloat16 : at::kFloat;
    if (self.numel() == 0 || target.numel() == 0 || weight.numel() == 0) {  // the op_api's fills
        const at::TensorOptions o = at::TensorOptions().dtype(k);
        if (reduction == 0) return std::make_tuple(at::zeros(target.sizes(), o), totalWeightOut);
        const double v = reduction == 1 ? std::numeric_limits<double>::quiet_NaN() : 0.0;
        return std::make_tuple(LossLike(at::full({}, v, o), out), LossLike(at::zeros({}, o), totalWeightOut));
    }
    const at::Tensor x = self.to(k).to(at::kFloat).permute({0, 2, 3, 1}).reshape({-1, self.size(1)});
    auto lt = NllRows(x, target.reshape({-1}), weight.reshape({-1}).to(k).to(at::kFloat), ignoreIndex);
    const at::Tensor& l = std::get<0>(lt);
    const at::Tensor& total = std::get<1>(lt);
    if (reduction == 0) return std::make_tuple(l.reshape(target.sizes()).to(k), totalWeightOut);
    const at::Tensor r = reduction == 1 ? l.sum() / total : l.sum();
    return std::make_tuple(LossLike(r.to(k), out), LossLike(total.to(k), totalWeightOut));
}

/// aclnnNLLLossBackward (loss/nll_loss_grad/op_api/aclnn_nll_loss_backward.cpp): gradOutput, self, weight,
/// totalWeight cast to FLOAT for a FLOAT16 self (outside the regbase arch), target to INT32; the NLLLossGrad kernel:
/// -weight[t] * gradOutput (divided by totalWeight for mean) at each sample's target class, 0 elsewhere and where
/// t == ignoreIndex; cast to out's dtype. Here: that definition (ATen's nll_loss_backward) in float32, rounded to the
/// kernel's dtype (FLOAT for FLOAT16); a target outside [0, C) other than ignoreIndex gives a NaN row.
inline at::Tensor NllLossBackwardIn(const at::Tensor& grad, const at::Tensor& self, const at::Tensor& target,
                                    const at::Tensor& weight, int64_t reduction, int64_t ignoreIndex,
                                    const at::Tensor& totalWeight) {
    const at::ScalarType k = self.scalar_type() == at::kHalf ? at::kFloat : self.scalar_type();
    auto f = [&](const at::Tensor& t) { return t.to(k).to(at::kFloat); };
    const bool batch = self.dim() == 2;
    const at::Tensor x = batch ? f(self) : f(self).unsqueeze(0);
    const int64_t c = x.size(1);
    auto wt_tc = NllSampleWeights(x, target.reshape({-1}), f(weight), ignoreIndex);
    const at::Tensor& wt = std::get<0>(wt_tc);
    at::Tensor g = f(grad).reshape({-1});  // [N] for none over a batch, else one element
    at::Tensor coef = -wt * g;
    if (reduction == 1) coef = coef / f(totalWeight).reshape({});
    coef = at::where(wt == 0, at::zeros({}, coef.options()), coef);
    const at::Tensor onehot = c > 0 ? at::one_hot(std::get<1>(wt_tc), c).to(at::kBool) : at::zeros_like(x, at::kBool);
    const at::Tensor gi = at::where(onehot, coef.unsqueeze(1), at::zeros({}, coef.options()));
    return (batch ? gi : gi.squeeze(0)).to(k);
}

/// aclnnLogit (loss/logit: an aclnn layer CANN generates from the operator definition; the Logit kernel in input's
/// dtype): y = log(z / (1 - z)) with z = input clamped to [eps, 1 - eps] when eps >= 0, input itself when eps < 0.
/// Here: ATen's logit in float32 (eps as float32, none when negative), rounded to input's dtype.
inline at::Tensor LogitIn(const at::Tensor& input, double eps) {
    const double e = static_cast<double>(static_cast<float>(eps));
    const c10::optional<double> oe = e < 0 ? c10::nullopt : c10::optional<double>(e);
    return at::logit(LossFloat(input), oe).to(input.scalar_type());
}

/// aclnnLogitGrad (loss/logit_grad: a generated aclnn layer; the LogitGrad kernel): dx = dy / (x * (1 - x)); with
/// eps >= 0, 0 where x < eps or x > 1 - eps; with eps < 0, NaN where x < 0 or x > 1. Here: ATen's logit_backward in
/// float32, rounded to x's dtype.
inline at::Tensor LogitGradIn(const at::Tensor& x, const at::Tensor& dy, double eps) {
    const double e = static_cast<double>(static_cast<float>(eps));
    const c10::optional<double> oe = e < 0 ? c10::nullopt : c10::optional<double>(e);
    return at::logit_backward(LossFloat(dy), LossFloat(x), oe).to(x.scalar_type());
}

/// aclnnNLLLoss2dBackward (loss/nll_loss_grad/op_api/aclnn_nll_loss2d_backward.cpp): outside the regbase arch the
/// op_api transposes self [N, C, H, W] to [N*H*W, C], flattens target (and gradOutput for none) and runs the
/// NLLLossGrad kernel, FLOAT16 computed as FLOAT; the regbase kernel takes the 4-D tensors in self's dtype. Here:
/// NllLossBackwardIn on that [N*H*W, C] view, transposed back to [N, C, H, W]. totalWeight (an inout tensor of the
/// table, read only) is handed back unchanged, so nothing is written to it. Returns (totalWeight, out).
inline std::tuple<at::Tensor, at::Tensor> Nll2dBackwardIn(const at::Tensor& grad, const at::Tensor& self,
                                                          const at::Tensor& target, const at::Tensor& weight,
                                                          int64_t reduction, int64_t ignoreIndex,
                                                          const at::Tensor& totalWeight) {
    const int64_t n = self.size(0), c = self.size(1), h = self.size(2), w = self.size(3);
    const at::Tensor flat = self.permute({0, 2, 3, 1}).reshape({-1, c});
    const at::Tensor g = reduction == 0 ? grad.reshape({-1}) : grad;
    const at::Tensor gi = NllLossBackwardIn(g, flat, target.reshape({-1}), weight, reduction, ignoreIndex, totalWeight);
    return std::make_tuple(totalWeight, gi.reshape({n, h, w, c}).permute({0, 3, 1, 2}));
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnMseLossOut (loss/mse_loss/op_api/aclnn_mse_loss_out.cpp): self and target cast to their promote type p and
/// broadcast; MseLoss with reduction none (the kernel squares the difference in FLOAT for FLOAT16 / BF16 and rounds to
/// p); then mean (ReduceMean) or sum (ReduceSumOp) over dim 0 only, in FLOAT, rounded to p; the writer casts to out's
/// dtype. An empty self or target: `out` itself, unchanged (CANN returns before planning anything).
inline at::Tensor MseLossOutOf(const at::Tensor& self, const at::Tensor& target, int64_t reduction,
                               const at::Tensor& out) {
    if (self.numel() == 0 || target.numel() == 0) return out;
    const at::ScalarType p = at::promote_types(self.scalar_type(), target.scalar_type());
    const at::Tensor d = self.to(p).to(at::kFloat) - target.to(p).to(at::kFloat);
    const at::Tensor q = (d * d).to(p);
    if (reduction == 0) return q;
    const at::Tensor qf = q.to(at::kFloat);
    return (reduction == 1 ? qf.mean(0) : qf.sum(0)).to(p);
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnMultilabelMarginLoss (loss/multilabel_margin_loss/op_api/aclnn_multilabel_margin_loss.cpp): torch's
/// multilabel_margin_loss with its is_target mask - for each sample, the sum over its target classes j (target read
/// up to the first -1) and the non-target classes i of max(0, 1 - (x[j] - x[i])), divided by the class count; reduction
/// 0 none, 1 mean, any other value sum (GetReductionStr). A 0-d self / target unsqueezed to [1] (as the op_api).
/// FLOAT16 / BF16 computed in FLOAT (ATen 1.13's CPU kernel takes FLOAT and DOUBLE only) and rounded once; target
/// as INT64 (the op_api casts it to INT32; the values are the same). An empty self: out and isTarget themselves,
/// unchanged (CANN returns before planning anything). A negative target value ends a sample's targets; one of C or
/// more before it fails the second phase with 561000.
inline std::tuple<at::Tensor, at::Tensor> MultilabelMarginLossOf(const at::Tensor& self, const at::Tensor& target,
                                                                 int64_t reduction, const at::Tensor& out,
                                                                 const at::Tensor& isTarget) {
    if (self.numel() == 0) return std::make_tuple(out, isTarget);
    const at::Tensor s = (self.dim() == 0 ? self.reshape({1}) : self).to(at::kFloat);
    const at::Tensor t = (target.dim() == 0 ? target.reshape({1}) : target).to(at::kLong);
    const int64_t r = reduction == 0 ? 0 : reduction == 1 ? 1 : 2;
    // ATen 1.13's CPU kernel does not range-check the targets it reads (those before the first negative one)
    // (and ATen checks every value against [-1, C), those after the first negative one too: they are set to -1
    // here, which keeps the meaning - a negative value ends the sample's targets)
    const int64_t classes = s.size(-1);
    at::Tensor tc = t.reshape({-1, classes}).clone().contiguous();
    int64_t* tv = tc.data_ptr<int64_t>();
    for (int64_t n = 0; n < tc.size(0); ++n) {
        bool ended = false;
        for (int64_t j = 0; j < classes; ++j) {
            int64_t& v = tv[n * classes + j];
            if (ended || v < 0) {
                ended = true;
                v = -1;
                continue;
            }
            if (v >= classes) {
                throw std::runtime_error("multilabel_margin_loss: target value " + std::to_string(v) +
                                         " is out of range for " + std::to_string(classes) + " classes");
            }
        }
    }
    at::Tensor loss, is_target;
    std::tie(loss, is_target) = at::multilabel_margin_loss_forward(s, tc.reshape(t.sizes()), r);
    if (loss.numel() == out.numel()) loss = loss.reshape(out.sizes());  // one element: out's [] or [1]
    return std::make_tuple(loss, is_target);
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnCrossEntropyLoss (loss/cross_entropy_loss, a generated aclnn layer): logProbOut = log_softmax(input, 1);
/// lossOut = torch's cross_entropy(input, target, weight, reduction, ignoreIndex, labelSmoothing) - per sample
/// -weight[y] * logProb[n, y] (0 where y == ignoreIndex), with label smoothing (1 - s) of that plus s / C times the
/// weighted sum over classes; mean divides by the summed weights of the kept samples. In float32 (the kernels compute
/// FLOAT16 / BF16 in FLOAT), rounded to input's dtype by the writer; lossOut [1] for mean / sum. zlossOut and
/// lseForZlossOut are documented as not supported and not computed: left unchanged. A target value outside [0, C)
/// other than ignoreIndex fails the second phase with 561000.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> CrossEntropyLossOf(
    const at::Tensor& input, const at::Tensor& target, const at::Tensor& weightOptional, const std::string& reduction,
    int64_t ignoreIndex, double labelSmoothing, const at::Tensor& zlossOut, const at::Tensor& lseForZlossOut) {
    const at::Tensor x = input.to(at::kFloat);
    const at::Tensor lp = at::log_softmax(x, 1);
    const int64_t r = reduction == "none" ? 0 : reduction == "sum" ? 2 : 1;
    const c10::optional<at::Tensor> w =
        weightOptional.defined() ? c10::optional<at::Tensor>(weightOptional.to(at::kFloat)) : c10::nullopt;
    at::Tensor loss = at::cross_entropy_loss(x, target.to(at::kLong), w, r, ignoreIndex, labelSmoothing);
    if (r != 0) loss = loss.reshape({1});
    return std::make_tuple(loss, lp, zlossOut, lseForZlossOut);
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnCrossEntropyLossGrad (loss/cross_entropy_loss_grad, a generated aclnn layer): the gradient of
/// aclnnCrossEntropyLoss's loss with respect to its input, from its logProb, as the docs' formulas write it: with
/// m = (target != ignoreIndex), w the weights (ones without), d = sum(w[target] * m) for mean (1 otherwise) and g
/// gradLoss per sample: G[n, c] = -(g (1 - s) / d * m * w[target] at c = target + g s / C / d * m * w[c]) (s the label
/// smoothing), and out = G - exp(logProb) * sum_c G - the log_softmax backward. In float32, rounded to out's dtype by
/// the writer. gradZlossOptional and lseForZlossOptional (z-loss, documented as not supported) are not read. A target
/// value outside [0, C) other than ignoreIndex fails the second phase with 561000.
inline at::Tensor CrossEntropyLossGradOf(const at::Tensor& gradLoss, const at::Tensor& logProb, const at::Tensor& target,
                                         const at::Tensor& weightOptional, const std::string& reduction,
                                         int64_t ignoreIndex, double labelSmoothing) {
    const at::Tensor lp = logProb.to(at::kFloat);
    const int64_t n = lp.size(0), classes = lp.size(1);
    const at::Tensor t = target.to(at::kLong);
    const at::Tensor mask_b = t.ne(ignoreIndex);
    const at::Tensor ts = at::where(mask_b, t, at::zeros_like(t));
    if (n > 0 && (ts.min().item<int64_t>() < 0 || ts.max().item<int64_t>() >= classes)) {
        throw std::runtime_error("cross_entropy_loss_grad: a target value is out of range for " +
                                 std::to_string(classes) + " classes");
    }
    const at::Tensor mask = mask_b.to(at::kFloat);
    const at::Tensor w = weightOptional.defined() ? weightOptional.to(at::kFloat) : at::ones({classes}, lp.options());
    const at::Tensor wy = w.index_select(0, ts) * mask;
    const bool mean = reduction != "none" && reduction != "sum";
    const at::Tensor d = mean ? wy.sum() : at::ones({}, lp.options());
    const at::Tensor g = reduction == "none" ? gradLoss.to(at::kFloat).reshape({n})
                                             : gradLoss.to(at::kFloat).reshape({}).expand({n});
    const at::Tensor nll = g * (1.0 - labelSmoothing) / d * wy;                     // [N]
    const at::Tensor smooth = g * (labelSmoothing / static_cast<double>(classes)) / d * mask;  // [N]
    at::Tensor big = at::zeros({n, classes}, lp.options());
    big.scatter_(1, ts.reshape({n, 1}), nll.reshape({n, 1}));
    big = big + smooth.reshape({n, 1}) * w.reshape({1, classes});
    const at::Tensor grad = -big;
    return grad - at::exp(lp) * grad.sum(1, true);
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnChamferDistanceBackward (loss/chamfer_distance_grad): the gradient of the 2-D chamfer distance - with
/// d1[b, i] = 2 gradDist1[b, i] (xyz1[b, i] - xyz2[b, idx1[b, i]]) and d2[b, j] = 2 gradDist2[b, j] (xyz2[b, j] -
/// xyz1[b, idx2[b, j]]): gradXyz1 = d1, minus every d2 whose idx2 names the point; gradXyz2 = d2, minus every d1
/// whose idx1 names it (mmcv's chamfer_distance backward, which the docs' formulas spell out per coordinate). An index
/// outside [0, M) / [0, N) contributes nothing, as the Ascend 950 kernel (op_kernel/arch35/chamfer_distance_grad_simt.h:
/// "matchedM >= 0 && matchedM < numM", and its scatter matches only in-range points) skips it. In float32 (the op_api
/// casts to FLOAT and back to xyz1's dtype); the sums over points naming one point are in ATen's order (the NPU's:
/// its own loop order).
inline std::tuple<at::Tensor, at::Tensor> ChamferDistanceBackwardOf(const at::Tensor& xyz1, const at::Tensor& xyz2,
                                                                    const at::Tensor& idx1, const at::Tensor& idx2,
                                                                    const at::Tensor& gradDist1,
                                                                    const at::Tensor& gradDist2) {
    const at::ScalarType t = xyz1.scalar_type();
    const at::Tensor x1 = xyz1.to(at::kFloat), x2 = xyz2.to(at::kFloat);
    const int64_t n = x1.size(1), m = x2.size(1);
    const at::Tensor raw1 = idx1.to(at::kLong), raw2 = idx2.to(at::kLong);
    const at::Tensor ok1 = raw1.ge(0).logical_and(raw1.lt(m)), ok2 = raw2.ge(0).logical_and(raw2.lt(n));
    const at::Tensor j1 = at::where(ok1, raw1, at::zeros_like(raw1)), j2 = at::where(ok2, raw2, at::zeros_like(raw2));
    const at::Tensor i1 = j1.unsqueeze(-1).expand({x1.size(0), n, 2});
    const at::Tensor i2 = j2.unsqueeze(-1).expand({x2.size(0), m, 2});
    const at::Tensor d1 = 2 * (gradDist1.to(at::kFloat) * ok1.to(at::kFloat)).unsqueeze(-1) * (x1 - x2.gather(1, i1));
    const at::Tensor d2 = 2 * (gradDist2.to(at::kFloat) * ok2.to(at::kFloat)).unsqueeze(-1) * (x2 - x1.gather(1, i2));
    const at::Tensor g1 = d1.clone().scatter_add_(1, i2, -d2);
    const at::Tensor g2 = d2.clone().scatter_add_(1, i1, -d1);
    return std::make_tuple(g1.to(t), g2.to(t));
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnCtcLoss (loss/ctc_loss_v2/op_api/aclnn_ctc_loss.cpp): the connectionist temporal classification loss and its
/// forward variables - ATen's _ctc_loss(logProbs, targets, inputLengths, targetLengths, blank, zeroInfinity), which is
/// torch's ctc_loss with reduction none: negLogLikelihoodOut [N] (0-d for a 2-D, unbatched logProbs, which the op_api
/// reshapes to [T, 1, C]) and log_alpha [N, T, 2 S + 1]. FLOAT16 / BF16 computed in FLOAT (ATen 1.13's CPU kernel
/// takes FLOAT and DOUBLE), rounded once; targets of any listed dtype as INT64 (the op_api casts BOOL / FLOAT /
/// FLOAT16 to INT64). log_alpha is written at [n, t, s] for t < inputLengths[n] and s < 2 targetLengths[n] + 1; every
/// other position of logAlphaOut (ATen leaves them unset; the NPU's padding to a multiple of 8 outside the RegBase
/// arch) is -inf here - our choice, the NPU's values there are not documented. A target value outside [0, C) fails the
/// second phase with 561000.
inline std::tuple<at::Tensor, at::Tensor> CtcLossOf(const at::Tensor& logProbs, const at::Tensor& targets,
                                                    at::IntArrayRef inputLengths, at::IntArrayRef targetLengths,
                                                    int64_t blank, bool zeroInfinity, const at::Tensor& logAlphaOut) {
    const at::ScalarType t = logProbs.scalar_type();
    const at::ScalarType w = t == at::kDouble ? at::kDouble : at::kFloat;
    at::Tensor lp = logProbs.to(w);
    const bool unbatched = lp.dim() == 2;
    if (unbatched) lp = lp.unsqueeze(1);
    const int64_t n = lp.size(1), steps = lp.size(0), classes = lp.size(2);
    at::Tensor tg = targets.to(at::kLong);
    if (tg.numel() > 0 && (tg.min().item<int64_t>() < 0 || tg.max().item<int64_t>() >= classes)) {
        // only the values inside each target's length are read; check those
        const at::Tensor tc = tg.contiguous();
        const int64_t* tv = tc.data_ptr<int64_t>();
        int64_t pos = 0;
        for (int64_t b = 0; b < n; ++b) {
            const int64_t base = tg.dim() == 2 ? b * tg.size(1) : pos;
            for (int64_t j = 0; j < targetLengths[b]; ++j) {
                const int64_t v = tv[base + j];
                if (v < 0 || v >= classes) {
                    throw std::runtime_error("ctc_loss: target value " + std::to_string(v) + " is outside [0, " +
                                             std::to_string(classes) + ")");
                }
            }
            pos += targetLengths[b];
        }
    }
    at::Tensor nll, alpha;
    std::tie(nll, alpha) = at::_ctc_loss(lp, tg, inputLengths, targetLengths, blank, zeroInfinity);
    at::Tensor full = at::full(logAlphaOut.sizes(), -std::numeric_limits<double>::infinity(), alpha.options());
    for (int64_t b = 0; b < n; ++b) {
        const int64_t tl = std::min<int64_t>(inputLengths[b], steps);
        const int64_t sl = std::min<int64_t>(2 * targetLengths[b] + 1, alpha.size(2));
        if (tl > 0 && sl > 0) {
            full.select(0, b).narrow(0, 0, tl).narrow(1, 0, sl).copy_(alpha.select(0, b).narrow(0, 0, tl).narrow(1, 0, sl));
        }
    }
    if (unbatched) nll = nll.reshape({});
    return std::make_tuple(nll, full);
}

}  // namespace ref
}  // namespace aclcpu

namespace aclcpu {
namespace ref {

/// aclnnFusedCrossEntropyLossWithMaxSum (loss/fused_cross_entropy_loss_with_max_sum; the docs' formulas): lossOut =
/// log(sumExpLogits) - predictedLogits; softMaxOutOptional = exp(vocabParallelLogits - logitsMax[:, None]) /
/// sumExpLogits[:, None] when vocabParallelLogitsOptional is given (FLOAT16 / BF16 logits widened to FLOAT). In
/// float32. inputOptional and weightOptional are not read (the op_api passes them on; the docs give them no role).
inline std::tuple<at::Tensor, at::Tensor> FusedCrossEntropyLossWithMaxSumOf(const at::Tensor& logitsMax,
                                                                            const at::Tensor& sumExpLogits,
                                                                            const at::Tensor& predictedLogits,
                                                                            const at::Tensor& vocab,
                                                                            const at::Tensor& softMaxOutOptional) {
    const at::Tensor s = sumExpLogits.to(at::kFloat);
    const at::Tensor loss = at::log(s) - predictedLogits.to(at::kFloat);
    if (!vocab.defined()) return std::make_tuple(loss, softMaxOutOptional);
    const at::Tensor soft = at::exp(vocab.to(at::kFloat) - logitsMax.to(at::kFloat).unsqueeze(-1)) / s.unsqueeze(-1);
    return std::make_tuple(loss, soft);
}

/// aclnnCtcLossBackward (loss/ctc_loss_v2_grad/op_api/aclnn_ctc_loss_backward.cpp; the CtcLossV2Grad kernel, torch's
/// ctc_loss backward with reduction none): ATen's _ctc_loss_backward(gradOut, logProbs, targets, inputLengths,
/// targetLengths, negLogLikelihood, logAlpha, blank, zeroInfinity) - FLOAT16 / BF16 in float32 (ATen 1.13's CPU
/// kernel takes FLOAT and DOUBLE), rounded once; targets of any listed dtype as INT64 (the op_api casts BOOL / FLOAT /
/// FLOAT16). logAlpha may carry padding columns (the products that pad aclnnCtcLoss's logAlphaOut to a multiple of
/// 8): only [n, t, s < 2 targetLengths[n] + 1] is read. N = 0 returned before (the first phase). A target value
/// outside [0, C) fails the second phase with 561000.
inline at::Tensor CtcLossBackwardOf(const at::Tensor& gradOut, const at::Tensor& logProbs, const at::Tensor& targets,
                                    at::IntArrayRef inputLengths, at::IntArrayRef targetLengths,
                                    const at::Tensor& negLogLikelihood, const at::Tensor& logAlpha, int64_t blank,
                                    bool zeroInfinity) {
    const at::ScalarType w = logProbs.scalar_type() == at::kDouble ? at::kDouble : at::kFloat;
    const at::Tensor lp = logProbs.to(w).contiguous();
    const int64_t classes = lp.size(2);
    const at::Tensor tg = targets.to(at::kLong).contiguous();
    {   // the values read (each target's first targetLengths[n]) inside [0, C): ATen's CPU kernel does not check them
        const int64_t* tv = tg.data_ptr<int64_t>();
        int64_t pos = 0;
        for (int64_t b = 0; b < static_cast<int64_t>(targetLengths.size()); ++b) {
            const int64_t base = tg.dim() == 2 ? b * tg.size(1) : pos;
            for (int64_t j = 0; j < targetLengths[b]; ++j) {
                const int64_t v = tv[base + j];
                if (v < 0 || v >= classes) {
                    throw std::runtime_error("ctc_loss_backward: target value " + std::to_string(v) +
                                             " is outside [0, " + std::to_string(classes) + ")");
                }
            }
            pos += targetLengths[b];
        }
    }
    return at::_ctc_loss_backward(gradOut.to(w).contiguous(), lp, tg, inputLengths, targetLengths,
                                  negLogLikelihood.to(w).contiguous(), logAlpha.to(w).contiguous(), blank, zeroInfinity);
}

/// aclnnCrossEntropySumExpAndIndexLogit (loss/cross_entropy_sum_exp_and_index_logit: docs' formulas; the kernel
/// computes in FLOAT, BF16 widened): per token (logits' leading dims; target and globalLogitsMax read in that shape,
/// their element counts checked) mask = target outside [vocabStart, vocabEnd), offset = target - vocabStart (0 when
/// masked), predicted = logits[offset] - max (0 when masked), exp = exp(logits - max), sumExp = its sum over the vocab
/// dim (ATen's order of the sum; the kernel's is its own, fixed one). Returns (predicted, sumExp, exp, offset, mask).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor> CrossEntropySumExpAndIndexLogitOf(
    const at::Tensor& logits, const at::Tensor& target, const at::Tensor& globalLogitsMax, int64_t vocabStart,
    int64_t vocabEnd) {
    const at::Tensor x = logits.to(at::kFloat);
    const at::IntArrayRef lead = x.sizes().slice(0, x.dim() - 1);
    const at::Tensor t = target.reshape(lead).to(at::kLong);
    const at::Tensor m = globalLogitsMax.reshape(lead).to(at::kFloat);
    const at::Tensor mask = t.lt(vocabStart).logical_or(t.ge(vocabEnd));
    const at::Tensor offset = at::where(mask, at::zeros_like(t), t - vocabStart);
    const at::Tensor picked = x.gather(-1, offset.unsqueeze(-1)).squeeze(-1) - m;
    const at::Tensor predicted = at::where(mask, at::zeros_like(picked), picked);
    const at::Tensor e = at::exp(x - m.unsqueeze(-1));
    return std::make_tuple(predicted, e.sum(-1), e, offset.to(at::kInt), mask.to(at::kInt));
}

}  // namespace ref
}  // namespace aclcpu
