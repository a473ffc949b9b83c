// The reference formulas' helpers of the nn_norm_quant family (ops/families/nn_norm_quant.yaml;
// docs/ops/nn_norm_quant.md): the quantising and backward norms of ops-nn's norm/ restated on ATen in float32, each
// naming its source (the operator's docs/aclnn*.md formula, op_api and kernel). They call nn_norm's helpers
// (QuantRintInt8, PackInt4ToInt32, AddRmsNormQuantOne, QuantizedBatchNormIn) rather than copying them. Included at the
// end of reference/aten_formulas.h (through the generated reference/family_formulas.inc). Needs ATen.
#pragma once

#include <ATen/ATen.h>

#include <array>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

#include "reference/aten_formulas_nn_norm.h"

namespace aclcpu {
namespace ref {
namespace nnqn {

// aclDataType values (acl_base.h) the formulas tell outputs apart by.
constexpr int32_t kDtInt8 = 2;
constexpr int32_t kDtInt32 = 3;
constexpr int32_t kDtInt4 = 29;

/// The final step of a static quantization into an output of aclDataType dt: INT8 rounded half to even and
/// saturated to [-128, 127] (QuantRintInt8); INT4 (an INT8 temporary) to [-8, 7]; INT32 the int4 results packed
/// eight to an element (PackInt4ToInt32); FLOAT8 / HIFLOAT8 (a FLOAT temporary) the value itself, which the engine
/// encodes (round to nearest even, not saturating).
inline at::Tensor QuantizeTo(const at::Tensor& v, int32_t dt) {
    if (dt == kDtInt8) return QuantRintInt8(v);
    if (dt == kDtInt4) return at::nan_to_num(at::clamp(at::round(v), -8.0, 7.0), 0.0);
    if (dt == kDtInt32) return PackInt4ToInt32(at::nan_to_num(at::clamp(at::round(v), -8.0, 7.0), 0.0));
    return v;
}

/// The indices of x's last `count` dims.
inline std::vector<int64_t> TrailingDims(const at::Tensor& x, int64_t count) {
    std::vector<int64_t> dims;
    for (int64_t i = x.dim() - count; i < x.dim(); ++i) dims.push_back(i);
    return dims;
}

}  // namespace nnqn

/// aclnnRmsNormQuantV3 (norm/rms_norm_quant_v3: op_api/aclnn_rms_norm_quant_v3.cpp, docs/aclnnRmsNormQuantV3.md):
/// rstd = 1 / sqrt(mean(x^2) + epsilon) over x's last dim (epsilon as float32); quant_in = x * rstd * gamma + beta
/// (beta 0 when absent; a [1, D] gamma / beta read as [D], the op_api's PreDealData); q = quant_in / scale + offset
/// (divMode) or quant_in * scale + offset (offset 0 when absent; scale and offset one value or one per channel);
/// y = nnqn::QuantizeTo(q, y's aclDataType); rstd written (as [rows..., 1] in its own shape) only with outputRstd.
/// Here: the docs' formula on ATen in float32 (the kernel's operation order and any intermediate FLOAT16 rounding are
/// not modelled).
inline std::tuple<at::Tensor, at::Tensor> RmsNormQuantV3In(const at::Tensor& x, const at::Tensor& gamma,
                                                          const at::Tensor& scale, const at::Tensor& offset,
                                                          const at::Tensor& beta, double epsilon, bool divMode,
                                                          bool outputRstd, const at::Tensor& y, const at::Tensor& rstd,
                                                          int32_t yDtype) {
    if (x.numel() == 0) return std::make_tuple(y, rstd);
    const at::Tensor xf = x.to(at::kFloat).contiguous();
    const at::Tensor r = 1.0 / at::sqrt(xf.pow(2).mean(-1, true) + static_cast<double>(static_cast<float>(epsilon)));
    at::Tensor v = xf * r * gamma.to(at::kFloat).reshape({-1});
    if (beta.defined()) v = v + beta.to(at::kFloat).reshape({-1});
    const at::Tensor s = scale.to(at::kFloat).reshape({-1});
    v = divMode ? v / s : v * s;
    if (offset.defined()) v = v + offset.to(at::kFloat).reshape({-1});
    const at::Tensor rs = (outputRstd && rstd.defined()) ? r.reshape(rstd.sizes()) : rstd;
    return std::make_tuple(nnqn::QuantizeTo(v, yDtype), rs);
}

/// aclnnAddRmsNormQuantV2 (norm/add_rms_norm_quant_v2: op_host/op_api/aclnn_add_rms_norm_quant_v2.cpp,
/// docs/aclnnAddRmsNormQuantV2.md): x = x1 + x2 (FLOAT16: added in FLOAT16, as the AddRmsNormQuant kernel; else in
/// float32), rstd = 1 / sqrt(mean(x^2) + epsilon) over gamma's trailing dims, r = x * rstd * gamma (rmsNormOut, without
/// beta), y = r + beta (beta absent: r); y1Out = AddRmsNormQuantOne(y, scales1, zeroPoints1, divMode) for INT8 (a
/// one-element scale as y * (1 / scale)), for FLOAT8 / HIFLOAT8 outputs the quantized value unrounded (the engine
/// encodes it); y2Out likewise only when scales2Optional is given; xOut, rmsNormOut written where given. An empty
/// x1, gamma or y2Out writes nothing. Here: the docs' formula on ATen in float32.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> AddRmsNormQuantV2In(
    const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& gamma, const at::Tensor& scales1,
    const at::Tensor& scales2, const at::Tensor& zeroPoints1, const at::Tensor& zeroPoints2, const at::Tensor& beta,
    double epsilon, bool divMode, const at::Tensor& y1Out, const at::Tensor& y2Out, const at::Tensor& xOut,
    const at::Tensor& rmsNormOut) {
    if (x1.numel() == 0 || gamma.numel() == 0 || y2Out.numel() == 0) {
        return std::make_tuple(y1Out, y2Out, xOut, rmsNormOut);
    }
    const bool half = x1.scalar_type() == at::kHalf;
    const at::Tensor x = (half ? (x1 + x2).to(at::kFloat) : x1.to(at::kFloat) + x2.to(at::kFloat)).contiguous();
    const std::vector<int64_t> dims = nnqn::TrailingDims(x, gamma.dim());
    const at::Tensor rstd = 1.0 / at::sqrt(x.pow(2).mean(dims, true) + static_cast<double>(static_cast<float>(epsilon)));
    const at::Tensor r = x * rstd * gamma.to(at::kFloat);
    const at::Tensor y = beta.defined() ? r + beta.to(at::kFloat) : r;
    auto quant = [&](const at::Tensor& s, const at::Tensor& zp, const at::Tensor& out) {
        if (out.scalar_type() == at::kChar) return AddRmsNormQuantOne(y, s, zp, divMode);
        const at::Tensor sf = s.to(at::kFloat);
        at::Tensor q = divMode ? y / sf : y * sf;
        return zp.defined() ? q + zp.to(at::kFloat) : q;
    };
    return std::make_tuple(quant(scales1, zeroPoints1, y1Out),
                           scales2.defined() ? quant(scales2, zeroPoints2, y2Out) : y2Out,
                           xOut.defined() ? x : xOut, rmsNormOut.defined() ? r : rmsNormOut);
}

/// aclnnGroupNormBackward (norm/group_norm_grad/op_host/op_api/aclnn_group_norm_backward.cpp,
/// docs/aclnnGroupNormBackward.md): the gradients of group normalization given the forward's mean and rstd
/// ([N, group] values), gamma ones when absent; outputMask picks gradInput, gradGammaOut, gradBetaOut (an output not
/// asked for is not written). Here: ATen's native_group_norm_backward on float32 copies viewed as [N, C, HxW], the
/// results reshaped to each output's shape (the writes round them to its dtype).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> GroupNormBackwardIn(
    const at::Tensor& gradOut, const at::Tensor& input, const at::Tensor& mean, const at::Tensor& rstd,
    const at::Tensor& gamma, int64_t N, int64_t C, int64_t HxW, int64_t group, at::IntArrayRef outputMask,
    const at::Tensor& gradInput, const at::Tensor& gradGammaOut, const at::Tensor& gradBetaOut) {
    const std::array<bool, 3> mask = {outputMask.size() > 0 && outputMask[0] != 0,
                                      outputMask.size() > 1 && outputMask[1] != 0,
                                      outputMask.size() > 2 && outputMask[2] != 0};
    if (input.numel() == 0) {
        return std::make_tuple(gradInput, mask[1] ? at::zeros({C}, at::kFloat) : gradGammaOut,
                               mask[2] ? at::zeros({C}, at::kFloat) : gradBetaOut);
    }
    const at::Tensor dy = gradOut.to(at::kFloat).reshape({N, C, HxW}).contiguous();
    const at::Tensor x = input.to(at::kFloat).reshape({N, C, HxW}).contiguous();
    const at::Tensor m = mean.to(at::kFloat).reshape({N, group}).contiguous();
    const at::Tensor r = rstd.to(at::kFloat).reshape({N, group}).contiguous();
    // an absent gamma as ones (ATen 1.13's CPU kernel reads an undefined weight's device: no nullopt here)
    const c10::optional<at::Tensor> w(gamma.defined() ? gamma.to(at::kFloat).reshape({C}).contiguous()
                                                      : at::ones({C}, at::kFloat));
    auto g = at::native_group_norm_backward(dy, x, m, r, w, N, C, HxW, group, mask);
    return std::make_tuple(mask[0] ? std::get<0>(g).reshape(gradInput.sizes()) : gradInput,
                           mask[1] ? std::get<1>(g).reshape(gradGammaOut.sizes()) : gradGammaOut,
                           mask[2] ? std::get<2>(g).reshape(gradBetaOut.sizes()) : gradBetaOut);
}

/// aclnnAddLayerNormQuantV2 (norm/add_layer_norm_quant_v2/op_api/aclnn_add_layer_norm_quant_v2.cpp,
/// docs/aclnnAddLayerNormQuantV2.md): y1Out, y2Out, xOut and the outScales as nn_norm's AddLayerNormQuantIn (x = x1 + x2
/// (+ bias), layer norm over gamma's trailing dims, the static or dynamic quantizers); layernormRes = the layer norm's
/// result y, which the op_api copies out outside the Ascend 950 only (on it the regbase kernel has no such output and
/// layernormRes is not written). An empty x1, gamma or outScales1Out writes nothing (nor layernormRes). Here: the docs'
/// formula on ATen in float32.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor> AddLayerNormQuantV2In(
    const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& gamma, const at::Tensor& beta,
    const at::Tensor& bias, const at::Tensor& scales1, const at::Tensor& scales2, const at::Tensor& zeroPoints1,
    const at::Tensor& zeroPoints2, const std::string& quantMode, double epsilon, bool additionalOutput, bool divMode,
    const at::Tensor& y1Out, const at::Tensor& y2Out, const at::Tensor& xOut, const at::Tensor& layernormRes,
    const at::Tensor& outScales1Out, const at::Tensor& outScales2Out, bool writeLayerNorm) {
    auto q = AddLayerNormQuantIn(x1, x2, gamma, beta, bias, scales1, scales2, zeroPoints1, zeroPoints2, quantMode,
                                 epsilon, additionalOutput, divMode, y1Out, y2Out, xOut, outScales1Out, outScales2Out);
    at::Tensor ln = layernormRes;
    if (writeLayerNorm && x1.numel() != 0 && gamma.numel() != 0 && outScales1Out.numel() != 0) {
        at::Tensor x = x1.to(at::kFloat) + x2.to(at::kFloat);
        if (bias.defined()) x = x + bias.to(at::kFloat);
        x = x.contiguous();
        const std::vector<int64_t> dims = nnqn::TrailingDims(x, gamma.dim());
        const at::Tensor mean = x.mean(dims, true);
        const at::Tensor z = x - mean;
        const at::Tensor var = (z * z).mean(dims, true);
        ln = z / at::sqrt(var + static_cast<double>(static_cast<float>(epsilon))) * gamma.to(at::kFloat) +
             beta.to(at::kFloat);
    }
    return std::make_tuple(std::get<0>(q), std::get<1>(q), std::get<2>(q), ln, std::get<3>(q), std::get<4>(q));
}

/// One dynamic (per-row) quantization into an output of aclDataType dt: v times smooth (when given), m = the row's
/// max |v|, factor = qmax / m (qmax 127 for INT8; 448 FLOAT8_E4M3FN, 57344 FLOAT8_E5M2, 32768 HIFLOAT8: each format's
/// largest finite value), scale = 1 / factor; INT8 results rounded half to even and saturated (DynamicQuantRow's
/// steps), the float8 ones left to the engine's encoding. Returns {y, scale} (scale of the leading dims' shape).
inline std::tuple<at::Tensor, at::Tensor> DynamicQuantRowTo(const at::Tensor& v, const at::Tensor& smooth, int32_t dt) {
    if (dt == nnqn::kDtInt8) return DynamicQuantRow(v, smooth);
    const double qmax = dt == 36 ? 448.0 : dt == 35 ? 57344.0 : 32768.0;
    const at::Tensor in = (smooth.defined() ? v * smooth.to(at::kFloat) : v).contiguous();
    const at::Tensor m = std::get<0>(at::max(at::abs(in), -1, true));
    const at::Tensor factor = qmax / m;
    return std::make_tuple(in * factor, (1.0 / factor).squeeze(-1));
}

/// aclnnAdaLayerNormQuant (norm/ada_layer_norm_quant/op_host/op_api/aclnn_ada_layer_norm_quant.cpp,
/// docs/aclnnAdaLayerNormQuant.md): v = AdaLayerNorm(x, scale, shift, weight, bias, epsilon) (nn_norm's
/// AdaLayerNormOut: layer norm over H, times 1 + scale, plus shift, in float32), then the dynamic per-row
/// quantization DynamicQuantRowTo(v, smoothScalesOptional, out's dtype); quantScale [B..., S]; quantOffsetOptional (refused
/// by the checks) not written. An empty x writes nothing. Here: the docs' formula on ATen in float32 (no intermediate rounding to x's dtype).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> AdaLayerNormQuantIn(
    const at::Tensor& x, const at::Tensor& scale, const at::Tensor& shift, const at::Tensor& weight,
    const at::Tensor& bias, const at::Tensor& smooth, double epsilon, const at::Tensor& out,
    const at::Tensor& quantScale, const at::Tensor& quantOffset, int32_t outDtype) {
    if (x.numel() == 0) return std::make_tuple(out, quantScale, quantOffset);
    const at::Tensor v = AdaLayerNormOut(x, scale, shift, weight, bias, epsilon).to(at::kFloat);
    auto q = DynamicQuantRowTo(v, smooth, outDtype);
    return std::make_tuple(std::get<0>(q), std::get<1>(q).reshape(quantScale.sizes()), quantOffset);
}

/// aclnnAdaLayerNormBackward (norm/ada_layer_norm_grad/op_host/op_api/aclnn_ada_layer_norm_backward.cpp,
/// docs/aclnnAdaLayerNormBackward.md): the gradients of out = (xhat * weight + bias) * (1 + scale) + shift, xhat =
/// (input - mean) * rstd over H, from the forward's mean and rstd ([..., 1]); weight ones and bias zeros when absent.
/// With y = xhat * weight + bias and g = gradOut * (1 + scale): gradShiftOut = sum of gradOut over S, gradScaleOut =
/// sum of gradOut * y over S (in scale's / shift's shape), gradWeightOut = sum of g * xhat and gradBiasOut = sum of g
/// over every leading position, gradInputOut = rstd * (d - mean(d) - xhat * mean(d * xhat)) with d = g * weight (the
/// layer norm's backward with saved statistics). A NULL output is not written. Here: those closed forms on ATen in
/// float32 (the kernel's reduction order not modelled).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor> AdaLayerNormBackwardIn(
    const at::Tensor& gradOut, const at::Tensor& input, const at::Tensor& rstd, const at::Tensor& mean,
    const at::Tensor& scale, const at::Tensor& shift, const at::Tensor& weight, const at::Tensor& bias,
    const at::Tensor& gradInputOut, const at::Tensor& gradScaleOut, const at::Tensor& gradShiftOut,
    const at::Tensor& gradWeightOut, const at::Tensor& gradBiasOut) {
    if (input.numel() == 0) {
        return std::make_tuple(gradInputOut, gradScaleOut, gradShiftOut, gradWeightOut, gradBiasOut);
    }
    const int64_t H = input.size(-1);
    const at::Tensor dy = gradOut.to(at::kFloat).contiguous();
    const at::Tensor x = input.to(at::kFloat).contiguous();
    const at::Tensor xhat = (x - mean.to(at::kFloat)) * rstd.to(at::kFloat);
    const at::Tensor w = weight.defined() ? weight.to(at::kFloat).reshape({H}) : at::ones({H}, at::kFloat);
    const at::Tensor b = bias.defined() ? bias.to(at::kFloat).reshape({H}) : at::zeros({H}, at::kFloat);
    auto perBatch = [&](const at::Tensor& t) {
        const at::Tensor f = t.to(at::kFloat);
        return f.dim() == x.dim() ? f : f.unsqueeze(-2);
    };
    const at::Tensor y = xhat * w + b;
    const at::Tensor g = dy * (perBatch(scale) + 1.0);
    const at::Tensor gShift = dy.sum(-2, true);
    const at::Tensor gScale = (dy * y).sum(-2, true);
    const at::Tensor g2 = g.reshape({-1, H});
    const at::Tensor xh2 = xhat.reshape({-1, H});
    const at::Tensor gW = (g2 * xh2).sum(0);
    const at::Tensor gB = g2.sum(0);
    const at::Tensor d = g * w;
    const at::Tensor gx = rstd.to(at::kFloat) * (d - d.mean(-1, true) - xhat * (d * xhat).mean(-1, true));
    return std::make_tuple(gradInputOut.defined() ? gx : gradInputOut,
                           gradScaleOut.defined() ? gScale.reshape(gradScaleOut.sizes()) : gradScaleOut,
                           gradShiftOut.defined() ? gShift.reshape(gradShiftOut.sizes()) : gradShiftOut,
                           gradWeightOut.defined() ? gW.reshape(gradWeightOut.sizes()) : gradWeightOut,
                           gradBiasOut.defined() ? gB.reshape(gradBiasOut.sizes()) : gradBiasOut);
}

/// aclnnGroupNormSiluQuant (norm/group_norm_silu_quant/op_host/op_api/aclnn_group_norm_silu_quant.cpp,
/// docs/aclnnGroupNormSiluQuant.md): siluOut, meanOut, rstdOut as nn_norm's GroupNormSiluIn (group normalization in
/// float32, eps as float32, gamma ones / beta zeros when absent, then silu); out = round(siluOut / quantScale) half to
/// even, saturated to INT8 (QuantRintInt8), quantScale one value or one per channel (dim 1). An empty self: out empty,
/// meanOut 0, rstdOut NaN (the op_api's fills). Here: the docs' formula on ATen in float32 (no rounding of siluOut to
/// self's dtype first).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> GroupNormSiluQuantIn(const at::Tensor& self, const at::Tensor& gamma,
                                                                          const at::Tensor& beta,
                                                                          const at::Tensor& quantScale, int64_t group,
                                                                          double eps, bool activateSilu,
                                                                          const at::Tensor& out) {
    auto r = GroupNormSiluIn(self, gamma, beta, group, eps, activateSilu);
    if (self.numel() == 0) return std::make_tuple(out, std::get<1>(r), std::get<2>(r));
    std::vector<int64_t> qshape(static_cast<size_t>(self.dim()), 1);
    qshape[1] = quantScale.numel() == 1 ? 1 : self.size(1);
    const at::Tensor q = std::get<0>(r).to(at::kFloat) / quantScale.to(at::kFloat).reshape(qshape);
    return std::make_tuple(QuantRintInt8(q), std::get<1>(r), std::get<2>(r));
}

/// aclnnRmsNormGradQuant (norm/rms_norm_grad_quant/op_api/aclnn_rms_norm_grad_quant.cpp,
/// docs/aclnnRmsNormGradQuant.md; Ascend 950): dx and dgamma as nn_norm's RmsNormGradIn (dx = rstd * (dy * gamma) -
/// rstd^3 * x * mean(dy * gamma * x) over gamma's dims - the docs' formula -, dgamma the sum over the leading dims of
/// dy * x * rstd), then dx quantized: dx / scalesX + offsetX (divMode) or dx * scalesX + offsetX (scalesX, offsetX one
/// value or one per channel; offset 0 when absent), nnqn::QuantizeTo dxOut's dtype (INT8 rounded half to even and
/// saturated; HIFLOAT8 left to the engine's encoding). An empty gamma writes nothing. Here: on ATen in float32.
inline std::tuple<at::Tensor, at::Tensor> RmsNormGradQuantIn(const at::Tensor& dy, const at::Tensor& x,
                                                            const at::Tensor& rstd, const at::Tensor& gamma,
                                                            const at::Tensor& scalesX, const at::Tensor& offsetX,
                                                            bool divMode, const at::Tensor& dxOut,
                                                            const at::Tensor& dgammaOut, int32_t dxDtype) {
    if (gamma.numel() == 0 || x.numel() == 0) return std::make_tuple(dxOut, dgammaOut);
    auto g = RmsNormGradIn(dy, x, rstd, gamma);
    const at::Tensor s = scalesX.to(at::kFloat).reshape({-1});
    const at::Tensor dx = std::get<0>(g).reshape({-1, gamma.numel()});
    at::Tensor v = divMode ? dx / s : dx * s;
    if (offsetX.defined()) v = v + offsetX.to(at::kFloat).reshape({-1});
    return std::make_tuple(nnqn::QuantizeTo(v.reshape(x.sizes()), dxDtype), std::get<1>(g).reshape(dgammaOut.sizes()));
}

}  // namespace ref
}  // namespace aclcpu
