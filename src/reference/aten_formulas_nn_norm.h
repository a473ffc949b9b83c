// The reference formulas' helpers of the nn_norm family (ops/families/nn_norm.yaml; docs/ops/nn_norm.md): the
// dtype each op_api hands its kernel (hicann/ops-nn norm/<op>/op_host/op_api/aclnn_*.cpp, norm/<op>/op_api/...)
// around ATen's normalization computed in float32 (ATen 1.13's CPU kernels have no FLOAT16 for these), and the
// shapes CANN gives the statistics outputs. Included at the end of reference/aten_formulas.h (through the generated
// reference/family_formulas.inc). Needs ATen.
#pragma once

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

namespace aclcpu {
namespace ref {

/// A float32 copy (DOUBLE stays DOUBLE); an undefined tensor stays undefined.
inline at::Tensor NormFloat(const at::Tensor& t) {
    if (!t.defined()) return t;
    return t.scalar_type() == at::kDouble ? t : t.to(at::kFloat);
}

/// aclnnGroupNorm (norm/group_norm/op_host/op_api/aclnn_group_norm.cpp): self [N, C, *] normalized per (n, group)
/// over C / group channels and HxW positions; gamma (ones when absent) and beta (zeros when absent) per channel.
/// The GroupNormSilu (Ascend 950, Atlas A2/A3) or GroupNorm kernel (FLOAT16 cast to FLOAT first on the Ascend910)
/// computes in float32; meanOut and rstdOut are [N, group] in self's dtype (rstd = 1 / sqrt(biased variance + eps)).
/// Here: ATen's native_group_norm on float32 copies; the three results left in float32 (the writes round them to
/// each output's dtype). An empty self: out empty, meanOut 0, rstdOut NaN (the op_api's fills).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> GroupNormIn(const at::Tensor& self, const at::Tensor& gamma,
                                                                 const at::Tensor& beta, int64_t N, int64_t C,
                                                                 int64_t HxW, int64_t group, double eps) {
    const at::Tensor x = NormFloat(self);
    if (self.numel() == 0) {
        return std::make_tuple(x, at::zeros({N, group}, x.options()),
                               at::full({N, group}, std::numeric_limits<float>::quiet_NaN(), x.options()));
    }
    const c10::optional<at::Tensor> w = gamma.defined() ? c10::optional<at::Tensor>(NormFloat(gamma).contiguous()) : c10::nullopt;
    const c10::optional<at::Tensor> b = beta.defined() ? c10::optional<at::Tensor>(NormFloat(beta).contiguous()) : c10::nullopt;
    return at::native_group_norm(x.contiguous(), w, b, N, C, HxW, group, static_cast<double>(static_cast<float>(eps)));
}

/// aclnnRenorm, aclnnInplaceRenorm (norm/renorm/op_api/aclnn_renorm.cpp): the Renorm kernel's per-slice factor
/// (maxNorm / (the slice's p-norm + 1e-7) where that norm exceeds maxNorm, else 1; a slice = the sub-tensor at one
/// index of dim) times self, p and maxNorm as float32 (aclScalar::ToFloat); on a regbase arch (Ascend 950) self is
/// cast to FLOAT first and the product back to out's dtype, elsewhere the kernel runs in self's dtype. Here:
/// ATen's renorm in float32, rounded to self's dtype.
inline at::Tensor RenormIn(const at::Tensor& self, const at::Scalar& p, int64_t dim, const at::Scalar& maxNorm) {
    const double pf = static_cast<double>(static_cast<float>(p.toDouble()));
    const double mf = static_cast<double>(static_cast<float>(maxNorm.toDouble()));
    return at::renorm(NormFloat(self), pf, dim, mf).to(self.scalar_type());
}

/// aclnnLayerNormBackward (norm/layer_norm_grad_v3/op_host/op_api/aclnn_layer_norm_backward.cpp): the gradients of
/// LayerNorm over the trailing normalizedShape dims, each only where outputMask says. The LayerNormGradV3 kernel
/// (Ascend 950, Atlas A2/A3; mean and rstd cast to FLOAT first) or the LayerNormXBackpropV3 / LayerNormBetaGammaBackpropV2
/// pair elsewhere, with weight ones when absent; each result cast to its output's dtype. Here: ATen's
/// native_layer_norm_backward on float32 copies (mean and rstd read as M = the product of input's leading dims
/// values, whatever their shape), weight ones and bias zeros when absent; an output whose mask is false is returned
/// as itself (not written). M or N = 0: gradWeightOut and gradBiasOut 0 where M = 0 (ProcessEmptyTensorWithValue),
/// nothing else.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> LayerNormBackwardIn(
    const at::Tensor& gradOut, const at::Tensor& input, at::IntArrayRef normalizedShape, const at::Tensor& mean,
    const at::Tensor& rstd, const at::Tensor& weight, const at::Tensor& bias, at::IntArrayRef outputMask,
    const at::Tensor& gradInputOut, const at::Tensor& gradWeightOut, const at::Tensor& gradBiasOut) {
    const bool m0 = outputMask.size() > 0 && outputMask[0] != 0;
    const bool m1 = outputMask.size() > 1 && outputMask[1] != 0;
    const bool m2 = outputMask.size() > 2 && outputMask[2] != 0;
    const int64_t begin = input.dim() - static_cast<int64_t>(normalizedShape.size());
    int64_t M = 1, N = 1;
    for (int64_t i = 0; i < begin; ++i) M *= input.size(i);
    for (int64_t i = begin; i < input.dim(); ++i) N *= input.size(i);
    if (M <= 0 || N <= 0) {
        const at::TensorOptions f = at::TensorOptions().dtype(at::kFloat);
        return std::make_tuple(gradInputOut, m1 && M <= 0 ? at::zeros({N}, f) : gradWeightOut,
                               m2 && M <= 0 ? at::zeros({N}, f) : gradBiasOut);
    }
    std::vector<int64_t> stat(input.sizes().begin(), input.sizes().begin() + begin);
    stat.resize(static_cast<size_t>(input.dim()), 1);
    // ATen's CPU kernel reads its operands' memory as contiguous: every operand made so
    const at::Tensor x = input.to(at::kFloat).contiguous();
    const at::TensorOptions fo = x.options();
    const at::Tensor w = weight.defined() ? weight.to(at::kFloat).reshape(normalizedShape).contiguous()
                                          : at::ones(normalizedShape, fo);
    const at::Tensor b = bias.defined() ? bias.to(at::kFloat).reshape(normalizedShape).contiguous()
                                        : at::zeros(normalizedShape, fo);
    auto r = at::native_layer_norm_backward(gradOut.to(at::kFloat).contiguous(), x, normalizedShape,
                                            mean.to(at::kFloat).reshape(stat).contiguous(),
                                            rstd.to(at::kFloat).reshape(stat).contiguous(), w, b, {m0, m1, m2});
    // gradWeightOut / gradBiasOut may hold the N values in another shape (CANN checks their element count only)
    auto like = [](const at::Tensor& g, const at::Tensor& out) {
        return out.defined() && out.numel() == g.numel() ? g.reshape(out.sizes()) : g;
    };
    return std::make_tuple(m0 ? std::get<0>(r) : gradInputOut, m1 ? like(std::get<1>(r), gradWeightOut) : gradWeightOut,
                           m2 ? like(std::get<2>(r), gradBiasOut) : gradBiasOut);
}

/// The p of aclnnNorm / aclnnLinalgVectorNorm (norm/lp_norm_v2/op_api: CalculateValP / CalculateOrdValue):
/// ToFloat(p), with +-Inf and +-2^31 (INT_MAX_F / INT_MIN_F, which the LpNorm kernels read as the infinity norms)
/// both meaning +-Inf.
inline double LpNormOrd(const at::Scalar& p) {
    const float v = static_cast<float>(p.toDouble());
    const float int_max = static_cast<float>(2147483647);
    const float int_min = static_cast<float>(-2147483647 - 1);
    if ((std::isinf(v) && v > 0) || std::fabs(v - int_max) < 1e-6f) return std::numeric_limits<double>::infinity();
    if ((std::isinf(v) && v < 0) || std::fabs(v - int_min) < 1e-6f) return -std::numeric_limits<double>::infinity();
    return static_cast<double>(v);
}

/// aclnnNorm, aclnnLinalgVectorNorm (norm/lp_norm_v2/op_api/aclnn_norm.cpp, aclnn_linalg_vector_norm.cpp): the
/// vector p-norm of self over dims (every dim when dims is empty), keepDims as given: LpNormV2 on Ascend 950 and
/// Atlas A2/A3 (self cast to FLOAT first where out's dtype is not one self's kernel writes), LpNormReduceV2 +
/// LpNormUpdateV2 on FLOAT elsewhere; the result cast to out's dtype. p = 0 counts the non-zero elements, +-Inf (or
/// +-2^31) takes the largest / smallest magnitude, another p sum(|x|^p)^(1/p). Here: ATen's linalg_vector_norm on
/// float32 (DOUBLE stays DOUBLE); an empty self gives zeros of the reduced shape (the op_apis' fill).
inline at::Tensor LpNormIn(const at::Tensor& self, const at::Scalar& p, at::IntArrayRef dims, bool keepDims) {
    const at::Tensor x = self.scalar_type() == at::kDouble ? self : self.to(at::kFloat);
    const c10::optional<at::IntArrayRef> d = dims.empty() ? c10::nullopt : c10::optional<at::IntArrayRef>(dims);
    if (x.numel() == 0) return at::sum(x, d, keepDims);
    return at::linalg_vector_norm(x, LpNormOrd(p), d, keepDims, c10::nullopt);
}

/// aclnnRmsNorm (norm/rms_norm: an aclnn layer CANN generates from the operator definition; the RmsNorm kernel):
/// rstd = 1 / sqrt(mean(x^2) + epsilon) over x's trailing gamma.dim() dims, y = x * rstd * gamma; rstd [x's leading
/// dims, 1, ...] in FLOAT. Here: in float32 (ATen), y rounded once to yOut's dtype by the write. (The kernels round
/// intermediate FLOAT16 / BF16 products in some tilings; the reference does not.)
inline std::tuple<at::Tensor, at::Tensor> RmsNormIn(const at::Tensor& x, const at::Tensor& gamma, double epsilon) {
    const at::Tensor xf = x.to(at::kFloat);
    std::vector<int64_t> dims;
    for (int64_t i = x.dim() - gamma.dim(); i < x.dim(); ++i) dims.push_back(i);
    const at::Tensor rstd = at::rsqrt(xf.pow(2).mean(dims, /*keepdim=*/true) + static_cast<float>(epsilon));
    return std::make_tuple(xf * rstd * gamma.to(at::kFloat), rstd);
}

/// aclnnRmsNormGrad (norm/rms_norm_grad: a generated aclnn layer; the RmsNormGrad kernel): with g = dy * gamma and
/// rstd read as one value per leading index (x_shape[0:n], trailing 1s or not), dx = rstd * g - rstd^3 * x *
/// mean(g * x) over the normalized dims, dgamma = the sum over the leading dims of dy * x * rstd (FLOAT). Here: that
/// closed form in float32 on ATen.
inline std::tuple<at::Tensor, at::Tensor> RmsNormGradIn(const at::Tensor& dy, const at::Tensor& x,
                                                        const at::Tensor& rstd, const at::Tensor& gamma) {
    const int64_t begin = x.dim() - gamma.dim();
    std::vector<int64_t> stat(x.sizes().begin(), x.sizes().begin() + begin);
    stat.resize(static_cast<size_t>(x.dim()), 1);
    std::vector<int64_t> norm_dims, lead_dims;
    for (int64_t i = 0; i < x.dim(); ++i) (i < begin ? lead_dims : norm_dims).push_back(i);
    const at::Tensor xf = x.to(at::kFloat);
    const at::Tensor dyf = dy.to(at::kFloat);
    const at::Tensor r = rstd.to(at::kFloat).reshape(stat);
    const at::Tensor g = dyf * gamma.to(at::kFloat);
    const at::Tensor dx = r * g - r.pow(3) * xf * (g * xf).mean(norm_dims, /*keepdim=*/true);
    const at::Tensor p = dyf * xf * r;
    const at::Tensor dgamma = lead_dims.empty() ? p : p.sum(lead_dims);
    return std::make_tuple(dx, dgamma);
}

/// aclnnGemmaRmsNorm (norm/gemma_rms_norm: a generated aclnn layer; the GemmaRmsNorm kernel): as aclnnRmsNorm with the
/// scale 1 + gamma: y = x * rstd * (1 + gamma). Here: in float32 (ATen), y rounded once to yOut's dtype.
inline std::tuple<at::Tensor, at::Tensor> GemmaRmsNormIn(const at::Tensor& x, const at::Tensor& gamma, double epsilon) {
    const at::Tensor xf = x.to(at::kFloat);
    std::vector<int64_t> dims;
    for (int64_t i = x.dim() - gamma.dim(); i < x.dim(); ++i) dims.push_back(i);
    const at::Tensor rstd = at::rsqrt(xf.pow(2).mean(dims, /*keepdim=*/true) + static_cast<float>(epsilon));
    return std::make_tuple(xf * rstd * (gamma.to(at::kFloat) + 1.0f), rstd);
}

/// aclnnAddRmsNorm (norm/add_rms_norm/op_host/op_api/aclnn_add_rms_norm.cpp; the AddRmsNorm kernel): x = x1 + x2,
/// rstd = 1 / sqrt(mean(x^2) + epsilon) over x's trailing gamma.dim() dims, y = x * rstd * gamma; the op_api's mode
/// (rstdOut given: all three outputs; only xOut given: y and x; neither: y) decides which are written - an output
/// not written is returned as itself. An empty x1 or gamma runs nothing. Here: in float32 (ATen), x rounded to xOut's
/// dtype, y to yOut's by the writes; the normalization uses the float32 sum (the kernels may use the rounded x).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> AddRmsNormIn(const at::Tensor& x1, const at::Tensor& x2,
                                                                  const at::Tensor& gamma, double epsilon,
                                                                  const at::Tensor& yOut, const at::Tensor& rstdOut,
                                                                  const at::Tensor& xOut) {
    if (x1.numel() == 0 || gamma.numel() == 0) return std::make_tuple(yOut, rstdOut, xOut);
    const at::Tensor x = x1.to(at::kFloat) + x2.to(at::kFloat);
    std::vector<int64_t> dims;
    for (int64_t i = x.dim() - gamma.dim(); i < x.dim(); ++i) dims.push_back(i);
    const at::Tensor rstd = at::rsqrt(x.pow(2).mean(dims, /*keepdim=*/true) + static_cast<float>(epsilon));
    const at::Tensor y = x * rstd * gamma.to(at::kFloat);
    const bool add_mode = rstdOut.defined();
    const bool pre_mode = !add_mode && xOut.defined();
    return std::make_tuple(y, add_mode ? rstd.reshape(rstdOut.sizes()) : rstdOut,
                           add_mode || pre_mode ? x : xOut);
}

/// aclnnInplaceAddRmsNorm (norm/inplace_add_rms_norm: a generated aclnn layer; the InplaceAddRmsNorm kernel): x =
/// x1Ref + x2Ref, rstd = 1 / sqrt(mean(x^2) + epsilon) over the trailing gamma.dim() dims; results (x1Ref <- x * rstd *
/// gamma, x2Ref <- x, rstdOut <- rstd) in that order. Computed from the inputs' values before any is written. An empty
/// x1Ref or gamma runs nothing (each returned as itself).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> InplaceAddRmsNormIn(const at::Tensor& x1Ref,
                                                                         const at::Tensor& x2Ref,
                                                                         const at::Tensor& gamma, double epsilon,
                                                                         const at::Tensor& rstdOut) {
    if (x1Ref.numel() == 0 || gamma.numel() == 0) return std::make_tuple(x1Ref, x2Ref, rstdOut);
    const at::Tensor x = x1Ref.to(at::kFloat) + x2Ref.to(at::kFloat);
    std::vector<int64_t> dims;
    for (int64_t i = x.dim() - gamma.dim(); i < x.dim(); ++i) dims.push_back(i);
    const at::Tensor rstd = at::rsqrt(x.pow(2).mean(dims, /*keepdim=*/true) + static_cast<float>(epsilon));
    return std::make_tuple(x * rstd * gamma.to(at::kFloat), x, rstd);
}

/// aclnnDeepNorm (norm/deep_norm: a generated aclnn layer; the DeepNorm kernel): x' = alpha * x + gx; over x's trailing
/// gamma.dim() dims mean and rstd = 1 / sqrt(biased variance + epsilon); y = (x' - mean) * rstd * gamma + beta; mean
/// and rstd FLOAT of x's leading dims followed by 1s. Here: in float32 (alpha and epsilon as float32, the definition's
/// attribute type); the results in the outputs' order (meanOut, rstdOut, yOut), y rounded to yOut's dtype.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> DeepNormIn(const at::Tensor& x, const at::Tensor& gx,
                                                                const at::Tensor& beta, const at::Tensor& gamma,
                                                                double alpha, double epsilon) {
    const at::Tensor xp = x.to(at::kFloat) * static_cast<float>(alpha) + gx.to(at::kFloat);
    std::vector<int64_t> dims;
    for (int64_t i = x.dim() - gamma.dim(); i < x.dim(); ++i) dims.push_back(i);
    const at::Tensor mean = xp.mean(dims, /*keepdim=*/true);
    const at::Tensor var = (xp - mean).pow(2).mean(dims, /*keepdim=*/true);
    const at::Tensor rstd = at::rsqrt(var + static_cast<float>(epsilon));
    const at::Tensor y = (xp - mean) * rstd * gamma.to(at::kFloat) + beta.to(at::kFloat);
    return std::make_tuple(mean, rstd, y);
}

/// The last `count` dims of x (the normalized dims).
inline std::vector<int64_t> NormTrailingDims(const at::Tensor& x, int64_t count) {
    std::vector<int64_t> dims;
    for (int64_t i = x.dim() - count; i < x.dim(); ++i) dims.push_back(i);
    return dims;
}

/// aclnnAddLayerNorm (norm/add_layer_norm: a generated aclnn layer; the AddLayerNorm kernel): x = x1 + x2 (+ bias, of
/// gamma's or x1's shape); over x's trailing gamma.dim() dims mean and rstd = 1 / sqrt(biased variance + epsilon);
/// y = (x - mean) * rstd * gamma + beta; meanOut, rstdOut FLOAT of x1's leading dims followed by 1s; xOut written only
/// with additionalOutput. Here: in float32 (epsilon as float32, the definition's attribute type); results in the
/// outputs' order (yOut, meanOut, rstdOut, xOut), each rounded to its output's dtype; xOut returned as itself (not
/// written) without additionalOutput.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> AddLayerNormIn(
    const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& gamma, const at::Tensor& beta, const at::Tensor& bias,
    double epsilon, bool additionalOutput, const at::Tensor& xOut) {
    at::Tensor x = x1.to(at::kFloat) + x2.to(at::kFloat);
    if (bias.defined()) x = x + bias.to(at::kFloat);
    const std::vector<int64_t> dims = NormTrailingDims(x, gamma.dim());
    const at::Tensor mean = x.mean(dims, /*keepdim=*/true);
    const at::Tensor var = (x - mean).pow(2).mean(dims, /*keepdim=*/true);
    const at::Tensor rstd = at::rsqrt(var + static_cast<float>(epsilon));
    const at::Tensor y = (x - mean) * rstd * gamma.to(at::kFloat) + beta.to(at::kFloat);
    return std::make_tuple(y, mean, rstd, additionalOutput ? x : xOut);
}

/// aclnnAddLayerNormGrad (norm/add_layer_norm_grad: a generated aclnn layer; the AddLayerNormGrad kernel): with x =
/// x1 + x2 and xhat = (x - mean) * rstd over the trailing gamma.dim() dims (mean and rstd the caller's, one per leading
/// index), g = dy * gamma: dx = rstd * (g - mean(g) - xhat * mean(g * xhat)) + dsum; dgamma = the sum over the leading
/// dims of dy * xhat, dbeta = the sum of dy (FLOAT). Here: that closed form in float32 on ATen.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> AddLayerNormGradIn(const at::Tensor& dy, const at::Tensor& x1,
                                                                        const at::Tensor& x2, const at::Tensor& rstd,
                                                                        const at::Tensor& mean, const at::Tensor& gamma,
                                                                        const at::Tensor& dsum) {
    const int64_t lead = x1.dim() - gamma.dim();
    std::vector<int64_t> stat(x1.sizes().begin(), x1.sizes().begin() + lead);
    stat.resize(static_cast<size_t>(x1.dim()), 1);
    const std::vector<int64_t> nd = NormTrailingDims(x1, gamma.dim());
    std::vector<int64_t> ld;
    for (int64_t i = 0; i < lead; ++i) ld.push_back(i);
    const at::Tensor x = x1.to(at::kFloat) + x2.to(at::kFloat);
    const at::Tensor r = rstd.to(at::kFloat).reshape(stat);
    const at::Tensor xhat = (x - mean.to(at::kFloat).reshape(stat)) * r;
    const at::Tensor dyf = dy.to(at::kFloat);
    const at::Tensor g = dyf * gamma.to(at::kFloat);
    at::Tensor dx = r * (g - g.mean(nd, true) - xhat * (g * xhat).mean(nd, true));
    if (dsum.defined()) dx = dx + dsum.to(at::kFloat);
    const at::Tensor pg = dyf * xhat;
    return std::make_tuple(dx, ld.empty() ? pg : pg.sum(ld), ld.empty() ? dyf : dyf.sum(ld));
}

/// aclnnGroupNormSilu, aclnnGroupNormSiluV2 (norm/group_norm_silu/op_host/op_api/aclnn_group_norm_silu.cpp; the
/// GroupNormSilu kernel): the group normalization of aclnnGroupNorm (self [N, C, *], `group` groups; gamma ones and
/// beta zeros when absent; eps as float32) followed, with activateSilu (always for aclnnGroupNormSilu), by silu(y) =
/// y * sigmoid(y); meanOut and rstdOut [N, group]. Here: ATen's native_group_norm in float32 (GroupNormIn), silu in
/// float32, each result rounded once to its output's dtype. An empty self: out empty, meanOut 0, rstdOut NaN (the
/// op_api's fills outside the 950).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> GroupNormSiluIn(const at::Tensor& self, const at::Tensor& gamma,
                                                                     const at::Tensor& beta, int64_t group, double eps,
                                                                     bool activateSilu) {
    const int64_t N = self.size(0), C = self.size(1);
    const int64_t HxW = C > 0 && N > 0 ? self.numel() / (N * C) : 0;
    auto r = GroupNormIn(self.numel() == 0 ? self : self.reshape({N, C, HxW}), gamma, beta, N, C, HxW, group, eps);
    at::Tensor y = std::get<0>(r).reshape(self.sizes());
    if (activateSilu && y.numel() > 0) y = at::silu(y);
    return std::make_tuple(y, std::get<1>(r), std::get<2>(r));
}

/// aclnnGroupNormSwish (norm/group_norm_swish: a generated aclnn layer; the GroupNormSwish kernel): the group
/// normalization of x [N, C, *] in numGroups groups (eps as float32), scaled by gamma and shifted by beta, then with
/// activateSwish swish(y) = y / (1 + exp(-swishScale * y)); meanOut, rstdOut [N, numGroups]. Here: ATen's
/// native_group_norm in float32 (GroupNormIn), the swish in float32, each result rounded once to its output's dtype.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> GroupNormSwishIn(const at::Tensor& x, const at::Tensor& gamma,
                                                                      const at::Tensor& beta, int64_t numGroups,
                                                                      double eps, bool activateSwish,
                                                                      double swishScale) {
    auto r = GroupNormSiluIn(x, gamma, beta, numGroups, eps, false);
    at::Tensor y = std::get<0>(r);
    if (activateSwish) y = y * at::sigmoid(y * static_cast<float>(swishScale));
    return std::make_tuple(y, std::get<1>(r), std::get<2>(r));
}

/// aclnnGroupNormSwishGrad (norm/group_norm_swish_grad: a generated aclnn layer; the GroupNormSwishGrad kernel): with
/// xhat = (x - mean) * rstd per (n, group) (mean, rstd the caller's [N, numGroups]) and z = xhat * gamma + beta, the
/// swish's gradient dz = dy * d/dz (z * sigmoid(swishScale * z)); dgamma = the sum over N and the spatial dims of dz *
/// xhat, dbeta = the sum of dz; dx the group normalization's input gradient of dz. dgammaOut / dbetaOut written only
/// where required (else returned as themselves). Here: in float32 on ATen, dx by native_group_norm_backward.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> GroupNormSwishGradIn(
    const at::Tensor& dy, const at::Tensor& mean, const at::Tensor& rstd, const at::Tensor& x, const at::Tensor& gamma,
    const at::Tensor& beta, int64_t numGroups, double swishScale, bool dgammaIsRequire, bool dbetaIsRequire,
    const at::Tensor& dgammaOut, const at::Tensor& dbetaOut) {
    const int64_t N = x.size(0), C = x.size(1);
    const int64_t HxW = x.numel() / (N * C);
    const at::Tensor xf = x.to(at::kFloat).reshape({N, numGroups, -1});
    const at::Tensor mf = mean.to(at::kFloat).reshape({N, numGroups, 1});
    const at::Tensor rf = rstd.to(at::kFloat).reshape({N, numGroups, 1});
    const at::Tensor xhat = ((xf - mf) * rf).reshape({N, C, HxW});
    const at::Tensor gf = gamma.to(at::kFloat).reshape({1, C, 1});
    const at::Tensor z = xhat * gf + beta.to(at::kFloat).reshape({1, C, 1});
    const float scale = static_cast<float>(swishScale);
    const at::Tensor sg = at::sigmoid(z * scale);
    const at::Tensor dz = dy.to(at::kFloat).reshape({N, C, HxW}) * (sg + z * scale * sg * (1.0f - sg));
    auto r = at::native_group_norm_backward(dz.contiguous(), x.to(at::kFloat).reshape({N, C, HxW}).contiguous(),
                                            mean.to(at::kFloat).reshape({N, numGroups}).contiguous(),
                                            rstd.to(at::kFloat).reshape({N, numGroups}).contiguous(),
                                            gamma.to(at::kFloat).contiguous(), N, C, HxW, numGroups,
                                            {true, false, false});
    const at::Tensor dgamma = (dz * xhat).sum(std::vector<int64_t>{0, 2});
    const at::Tensor dbeta = dz.sum(std::vector<int64_t>{0, 2});
    return std::make_tuple(std::get<0>(r).reshape(x.sizes()), dgammaIsRequire ? dgamma : dgammaOut,
                           dbetaIsRequire ? dbeta : dbetaOut);
}

/// aclnnDeepNormGrad (norm/deep_norm_grad: a generated aclnn layer; the DeepNormGrad kernel, docs/aclnnDeepNormGrad.md):
/// with t1 = dy * gamma, t2 = alpha * x + gx - mean (mean, rstd the caller's, one per leading index), D = gamma's
/// element count, over the trailing dims: dvar = -1/D * sum(t1 * t2 * rstd^3), dmean = -1/D * sum(t1 * rstd);
/// dgx = t1 * rstd + dvar * t2 + dmean; dx = alpha * dgx; dbeta = the sum over the leading dims of dy, dgamma = of
/// dy * rstd * t2. Here: that closed form (as the docs write it) in float32 on ATen (alpha as float32); results in the
/// outputs' order (dxOut, dgxOut, dbetaOut, dgammaOut).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> DeepNormGradIn(
    const at::Tensor& dy, const at::Tensor& x, const at::Tensor& gx, const at::Tensor& gamma, const at::Tensor& mean,
    const at::Tensor& rstd, double alpha) {
    const int64_t lead = x.dim() - gamma.dim();
    std::vector<int64_t> stat(x.sizes().begin(), x.sizes().begin() + lead);
    stat.resize(static_cast<size_t>(x.dim()), 1);
    const std::vector<int64_t> nd = NormTrailingDims(x, gamma.dim());
    std::vector<int64_t> ld;
    for (int64_t i = 0; i < lead; ++i) ld.push_back(i);
    const float a = static_cast<float>(alpha);
    const float one_div = -1.0f / static_cast<float>(gamma.numel());
    const at::Tensor dyf = dy.to(at::kFloat);
    const at::Tensor r = rstd.to(at::kFloat).reshape(stat);
    const at::Tensor t1 = dyf * gamma.to(at::kFloat);
    const at::Tensor t2 = x.to(at::kFloat) * a + gx.to(at::kFloat) - mean.to(at::kFloat).reshape(stat);
    const at::Tensor dvar = (t1 * t2 * r.pow(3)).sum(nd, true) * one_div;
    const at::Tensor dmean = (t1 * r).sum(nd, true) * one_div;
    const at::Tensor dgx = t1 * r + dvar * t2 + dmean;
    const at::Tensor pg = dyf * r * t2;
    return std::make_tuple(dgx * a, dgx, ld.empty() ? dyf : dyf.sum(ld), ld.empty() ? pg : pg.sum(ld));
}

/// aclnnAddRmsNormCast (norm/add_rms_norm_cast: a generated aclnn layer; the AddRmsNormCast kernel): x = float(x1) +
/// float(x2), rstd = 1 / sqrt(mean(x^2) + epsilon) over the trailing gamma.dim() dims, y1 = x * rstd * gamma (FLOAT),
/// y2 = y1 cast to x1's dtype, xOut = x in x1's dtype. Here: in float32 on ATen; results in the outputs' order
/// (y1Out, y2Out, rstdOut, xOut), y2 and x rounded once by the writes.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> AddRmsNormCastIn(const at::Tensor& x1,
                                                                                  const at::Tensor& x2,
                                                                                  const at::Tensor& gamma,
                                                                                  double epsilon) {
    const at::Tensor x = x1.to(at::kFloat) + x2.to(at::kFloat);
    const std::vector<int64_t> dims = NormTrailingDims(x, gamma.dim());
    const at::Tensor rstd = at::rsqrt(x.pow(2).mean(dims, /*keepdim=*/true) + static_cast<float>(epsilon));
    const at::Tensor y1 = x * rstd * gamma.to(at::kFloat);
    return std::make_tuple(y1, y1, rstd, x);
}

/// aclnnAdaLayerNorm, aclnnAdaLayerNormV2 (norm/ada_layer_norm, norm/ada_layer_norm_v2: the AdaLayerNorm(V2)
/// kernels, docs/aclnnAdaLayerNorm.md): over x's last dim H mean and rstd = 1 / sqrt(biased variance + epsilon);
/// y = (x - mean) * rstd * weight + bias (ones / zeros when absent); out = y * (1 + scale) + shift, scale and shift
/// [B..., 1, H] or [B..., H] broadcast over S; V2's mean and rstd [B..., S, 1]. Here: in float32 on ATen (epsilon as
/// float32), each result rounded once to its output's dtype. Results (out, mean, rstd).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> AdaLayerNormIn(const at::Tensor& x, const at::Tensor& scale,
                                                                    const at::Tensor& shift, const at::Tensor& weight,
                                                                    const at::Tensor& bias, double epsilon) {
    const at::Tensor xf = x.to(at::kFloat);
    const at::Tensor mean = xf.mean({-1}, /*keepdim=*/true);
    const at::Tensor rstd = at::rsqrt((xf - mean).pow(2).mean({-1}, /*keepdim=*/true) + static_cast<float>(epsilon));
    at::Tensor y = (xf - mean) * rstd;
    if (weight.defined()) y = y * weight.to(at::kFloat);
    if (bias.defined()) y = y + bias.to(at::kFloat);
    auto per_batch = [&](const at::Tensor& t) {
        const at::Tensor f = t.to(at::kFloat);
        return f.dim() == x.dim() ? f : f.unsqueeze(-2);
    };
    return std::make_tuple(y * (per_batch(scale) + 1.0f) + per_batch(shift), mean, rstd);
}

/// aclnnAdaLayerNorm: AdaLayerNormIn's out.
inline at::Tensor AdaLayerNormOut(const at::Tensor& x, const at::Tensor& scale, const at::Tensor& shift,
                                  const at::Tensor& weight, const at::Tensor& bias, double epsilon) {
    return std::get<0>(AdaLayerNormIn(x, scale, shift, weight, bias, epsilon));
}


// ---------------------------------------------------------------------------------- the BatchNorm family

/// A per-channel vector as float32 (contiguous), or `fill` of C elements when t is undefined (the op_apis'
/// FillScalar for an absent weight / bias / running or saved statistic).
inline at::Tensor BnChannel(const at::Tensor& t, int64_t C, double fill) {
    if (t.defined()) return t.to(at::kFloat).contiguous();
    return at::full({C}, fill, at::TensorOptions().dtype(at::kFloat));
}

/// aclnnBatchNorm (norm/batch_norm_v3/op_host/op_api/aclnn_batch_norm.cpp): input [N, C, *] normalized per channel
/// (dim 1). training: the batch statistics (BNTrainingReduce + BNTrainingUpdate, or BatchNormV3: the kernels compute
/// in float32), out = (x - mean) * invstd * weight + bias with invstd = 1 / sqrt(biased var + eps), saveMean = mean,
/// saveInvstd = invstd, and where given runningMean = (1 - momentum) * runningMean + momentum * mean, runningVar the
/// same with the unbiased variance (the kernels' update, PyTorch's). Not training: BNInfer with runningMean and
/// runningVar; saveMean, saveInvstd and the running statistics are not written. An absent weight is ones, bias zeros,
/// runningMean zeros, runningVar ones (the op_api's FillScalar); momentum and eps reach the kernel as float32. An empty
/// input writes saveMean 0 and saveInvstd NaN (ProcessEmptyTensorWithValue). Here: ATen's native_batch_norm on
/// float32 copies, each result rounded once to its output's dtype. Returned in the executor's output order
/// (runningMean, runningVar, output, saveMean, saveInvstd).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor> BatchNormIn(
    const at::Tensor& input, const at::Tensor& weight, const at::Tensor& bias, const at::Tensor& runningMean,
    const at::Tensor& runningVar, bool training, double momentum, double eps, const at::Tensor& output,
    const at::Tensor& saveMean, const at::Tensor& saveInvstd) {
    const double m = static_cast<double>(static_cast<float>(momentum));
    const double e = static_cast<double>(static_cast<float>(eps));
    if (input.numel() == 0) {
        const at::TensorOptions f = at::TensorOptions().dtype(at::kFloat);
        return std::make_tuple(runningMean, runningVar, output,
                               saveMean.defined() ? at::zeros({saveMean.numel()}, f) : saveMean,
                               saveInvstd.defined()
                                   ? at::full({saveInvstd.numel()}, std::numeric_limits<float>::quiet_NaN(), f)
                                   : saveInvstd);
    }
    const at::Tensor x = input.to(at::kFloat).contiguous();
    const int64_t C = x.size(1);
    const at::Tensor w = BnChannel(weight, C, 1.0);
    const at::Tensor b = BnChannel(bias, C, 0.0);
    at::Tensor rm = BnChannel(runningMean, C, 0.0).clone();
    at::Tensor rv = BnChannel(runningVar, C, 1.0).clone();
    if (!training) {
        auto r = at::native_batch_norm(x, w, b, rm, rv, false, m, e);
        return std::make_tuple(runningMean, runningVar, std::get<0>(r), saveMean, saveInvstd);
    }
    auto r = at::native_batch_norm(x, w, b, rm, rv, true, m, e);  // updates rm, rv in place
    return std::make_tuple(runningMean.defined() ? rm : runningMean, runningVar.defined() ? rv : runningVar,
                           std::get<0>(r), std::get<1>(r), std::get<2>(r));
}

/// aclnnBatchNormBackward, aclnnFastBatchNormBackward (norm/batch_norm_grad_v3/op_host/op_api/
/// aclnn_batch_norm_backward.cpp, aclnn_fast_batch_norm_backward.cpp): the gradients of aclnnBatchNorm, each where
/// outputMask selects it. training: with the saved statistics (BNTrainingUpdateGrad + BNTrainingReduceGrad, or
/// BatchNormGradV3), gradWeight = sum(gradOut * (input - saveMean) * saveInvstd), gradBias = sum(gradOut) over every
/// dim but 1, gradInput = weight * saveInvstd * (gradOut - mean(gradOut) - xhat * mean(gradOut * xhat)). Not training:
/// invstd = 1 / sqrt(runningVar + eps), gradInput = gradOut * weight * invstd (BNInferGrad), gradWeight with the
/// running statistics. An absent weight is ones, runningMean / saveMean zeros, runningVar / saveInvstd ones (the
/// op_api's FillScalar); eps as float32. Here: ATen's native_batch_norm_backward on float32 copies, each gradient
/// rounded once to its output's dtype; an output whose mask is false is returned as itself (not written).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> BatchNormBackwardIn(
    const at::Tensor& gradOut, const at::Tensor& input, const at::Tensor& weight, const at::Tensor& runningMean,
    const at::Tensor& runningVar, const at::Tensor& saveMean, const at::Tensor& saveInvstd, bool training, double eps,
    at::IntArrayRef outputMask, const at::Tensor& gradInput, const at::Tensor& gradWeight, const at::Tensor& gradBias) {
    const bool m0 = outputMask.size() > 0 && outputMask[0] != 0;
    const bool m1 = outputMask.size() > 1 && outputMask[1] != 0;
    const bool m2 = outputMask.size() > 2 && outputMask[2] != 0;
    if (input.numel() == 0 || gradOut.numel() == 0 || !(m0 || m1 || m2)) {
        return std::make_tuple(gradInput, gradWeight, gradBias);
    }
    const at::Tensor x = input.to(at::kFloat).contiguous();
    const int64_t C = x.size(1);
    // a saved statistic of 0 elements (allowed when not training) reads as absent
    auto channel = [C](const at::Tensor& t, double fill) {
        return BnChannel(t.defined() && t.numel() == 0 ? at::Tensor() : t, C, fill);
    };
    auto r = at::native_batch_norm_backward(gradOut.to(at::kFloat).contiguous(), x, BnChannel(weight, C, 1.0),
                                            channel(runningMean, 0.0), channel(runningVar, 1.0),
                                            channel(saveMean, 0.0), channel(saveInvstd, 1.0), training,
                                            static_cast<double>(static_cast<float>(eps)), {m0, m1, m2});
    return std::make_tuple(m0 ? std::get<0>(r) : gradInput, m1 ? std::get<1>(r) : gradWeight,
                           m2 ? std::get<2>(r) : gradBias);
}

/// A [C] vector viewed as [1, C, 1, ...] against an input of `dims` dims.
inline at::Tensor BnAlongC(const at::Tensor& v, int64_t dims) {
    std::vector<int64_t> shape(static_cast<size_t>(dims), 1);
    shape[1] = v.numel();
    return v.reshape(shape);
}

/// aclnnBatchNormElemt (norm/batch_norm_elemt/op_host/op_api/aclnn_batch_norm_elemt.cpp): the op_api turns invstd
/// into a variance in invstd's dtype (Mul invstd * invstd, Div 1 by it, Sub eps as float32) and runs BatchNorm's
/// inference path (BNInfer, float32 inside): out = (input - mean) / sqrt(variance + eps) * weight + bias, weight ones
/// and bias zeros when absent. Here: the variance in invstd's dtype as the op_api computes it, the rest in float32,
/// rounded once to output's dtype. mean and invstd (non-const in CANN's declaration) are returned unchanged.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> BatchNormElemtIn(const at::Tensor& input, const at::Tensor& weight,
                                                                      const at::Tensor& bias, const at::Tensor& mean,
                                                                      const at::Tensor& invstd, double eps,
                                                                      const at::Tensor& output) {
    if (input.numel() == 0) return std::make_tuple(mean, invstd, output);
    const double e = static_cast<double>(static_cast<float>(eps));
    const int64_t C = input.size(1);
    const at::Tensor sq = invstd * invstd;
    const at::Tensor var = (at::ones_like(sq) / sq - at::scalar_tensor(e, sq.options())).to(at::kFloat);
    const at::Tensor x = input.to(at::kFloat);
    const int64_t d = x.dim();
    const at::Tensor y = (x - BnAlongC(mean.to(at::kFloat), d)) * BnAlongC(at::rsqrt(var + e), d) *
                             BnAlongC(BnChannel(weight, C, 1.0), d) +
                         BnAlongC(BnChannel(bias, C, 0.0), d);
    return std::make_tuple(mean, invstd, y);
}

/// aclnnBatchNormElemtBackward (norm/sync_batch_norm_backward_elemt/op_api/aclnn_batch_norm_elemt_backward.cpp):
/// total = the sum of counter (cast to FLOAT); meanDy = sumDy / total, meanDyXmu = sumDyXmu / total (RealDiv in the
/// compute dtype: FLOAT16 when gradOut, input, mean, invstd, weight, sumDy, sumDyXmu are all FLOAT16 - an absent
/// weight is a FLOAT fill of ones -, else FLOAT); SyncBatchNormBackwardElemt: gradInput = (gradOut - meanDy - (input
/// - mean) * invstd^2 * meanDyXmu) * invstd * weight, cast to gradInput's dtype (torch's batch_norm_backward_elemt).
/// Here: the means rounded to the compute dtype, the element-wise part in float32, rounded once. counter
/// (non-const in CANN's declaration) is returned unchanged.
inline std::tuple<at::Tensor, at::Tensor> BatchNormElemtBackwardIn(const at::Tensor& gradOut, const at::Tensor& input,
                                                                  const at::Tensor& mean, const at::Tensor& invstd,
                                                                  const at::Tensor& weight, const at::Tensor& sumDy,
                                                                  const at::Tensor& sumDyXmu, const at::Tensor& counter,
                                                                  const at::Tensor& gradInput) {
    if (input.numel() == 0 || gradOut.numel() == 0) return std::make_tuple(counter, gradInput);
    const bool half = gradOut.scalar_type() == at::kHalf && input.scalar_type() == at::kHalf &&
                      mean.scalar_type() == at::kHalf && invstd.scalar_type() == at::kHalf && weight.defined() &&
                      weight.scalar_type() == at::kHalf && sumDy.scalar_type() == at::kHalf &&
                      sumDyXmu.scalar_type() == at::kHalf;
    const at::ScalarType ct = half ? at::kHalf : at::kFloat;
    const at::Tensor total = counter.to(at::kFloat).sum();
    const at::Tensor meanDy = (sumDy.to(at::kFloat) / total).to(ct).to(at::kFloat);
    const at::Tensor meanDyXmu = (sumDyXmu.to(at::kFloat) / total).to(ct).to(at::kFloat);
    const int64_t d = input.dim();
    const int64_t C = input.size(1);
    // every operand rounded to the compute dtype first (the op_api's casts), then widened
    auto in = [ct](const at::Tensor& t) { return t.to(ct).to(at::kFloat); };
    const at::Tensor is = BnAlongC(in(invstd), d);
    const at::Tensor g = in(gradOut) - BnAlongC(meanDy, d) -
                         (in(input) - BnAlongC(in(mean), d)) * is * is * BnAlongC(meanDyXmu, d);
    return std::make_tuple(counter, g * is * BnAlongC(in(BnChannel(weight, C, 1.0)), d));
}

/// aclnnBatchNormGatherStatsWithCounts (norm/sync_batch_norm_gather_stats_with_counts/op_host/op_api/
/// aclnn_batch_norm_gather_stats_with_counts.cpp): every device's mean and invstd [W, C] with its element count
/// counts [W] combined (torch.batch_norm_gather_stats_with_counts; the op_api casts mean, invstd, counts to FLOAT):
/// meanAll = sum(counts * mean) / sum(counts); var = sum(counts * (1 / invstd^2 - eps + (mean - meanAll)^2)) /
/// sum(counts); invstdAll = 1 / sqrt(var + eps); where runningMean is given, runningMean = (1 - momentum) *
/// runningMean + momentum * meanAll and runningVar the same with var * n / (n - 1), n = sum(counts) (the op_api
/// copies both only when runningMean is given). momentum and eps as float32. An empty mean writes meanAll 0 and
/// invstdAll NaN. Here: that closed form in float32 (ATen 1.13's kernel is CUDA-only), each result rounded once.
/// Returned in the executor's output order (runningMean, runningVar, meanAll, invstdAll).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> BatchNormGatherStatsWithCountsIn(
    const at::Tensor& input, const at::Tensor& mean, const at::Tensor& invstd, const at::Tensor& counts,
    const at::Tensor& runningMean, const at::Tensor& runningVar, double momentum, double eps,
    const at::Tensor& meanAll, const at::Tensor& invstdAll) {
    (void)input;
    const at::TensorOptions f = at::TensorOptions().dtype(at::kFloat);
    if (mean.numel() == 0) {
        return std::make_tuple(runningMean, runningVar, at::zeros({meanAll.numel()}, f),
                               at::full({invstdAll.numel()}, std::numeric_limits<float>::quiet_NaN(), f));
    }
    const double m = static_cast<double>(static_cast<float>(momentum));
    const double e = static_cast<double>(static_cast<float>(eps));
    const at::Tensor mu = mean.to(at::kFloat);
    const at::Tensor is = invstd.to(at::kFloat);
    const at::Tensor cnt = counts.to(at::kFloat).reshape({-1, 1});
    const at::Tensor n = cnt.sum(0);
    const at::Tensor mAll = (mu * cnt).sum(0) / n;
    const at::Tensor var = (cnt * (1.0 / (is * is) - e + (mu - mAll).pow(2))).sum(0) / n;
    const at::Tensor iAll = at::rsqrt(var + e);
    if (!runningMean.defined()) return std::make_tuple(runningMean, runningVar, mAll, iAll);
    const at::Tensor rm = runningMean.to(at::kFloat) * (1.0 - m) + mAll * m;
    at::Tensor rv = runningVar;
    if (runningVar.defined()) rv = runningVar.to(at::kFloat) * (1.0 - m) + var * (n / (n - 1.0)) * m;
    return std::make_tuple(rm, rv, mAll, iAll);
}

/// aclnnSyncBatchNormGatherStats (norm/sync_batch_norm_gather_stats/op_api/aclnn_sync_batch_norm_gather_stats.cpp,
/// docs/aclnnSyncBatchNormGatherStats.md): totalSum, totalSquareSum [N, C] and sampleCount [N] (cast to INT32 by the
/// op_api) summed over N: batchMean = sum(totalSum) / count, batchVar = sum(totalSquareSum) / count - batchMean^2,
/// batchInvstd = 1 / sqrt(batchVar + eps); mean = mean * (1 - momentum) + momentum * batchMean, variance = variance *
/// (1 - momentum) + momentum * batchVar * count / (count - 1). C = 0 runs nothing. Here: that closed form in float32,
/// each result rounded once to its tensor's dtype. Returned in the executor's output order (mean, variance,
/// batchMean, batchInvstd).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> SyncBatchNormGatherStatsIn(
    const at::Tensor& totalSum, const at::Tensor& totalSquareSum, const at::Tensor& sampleCount,
    const at::Tensor& mean, const at::Tensor& variance, double momentum, double eps, const at::Tensor& batchMean,
    const at::Tensor& batchInvstd) {
    if (totalSum.size(1) == 0) return std::make_tuple(mean, variance, batchMean, batchInvstd);
    const double m = static_cast<double>(static_cast<float>(momentum));
    const double e = static_cast<double>(static_cast<float>(eps));
    const at::Tensor count = sampleCount.to(at::kInt).to(at::kFloat).sum();
    const at::Tensor bMean = totalSum.to(at::kFloat).sum(0) / count;
    const at::Tensor bVar = totalSquareSum.to(at::kFloat).sum(0) / count - bMean * bMean;
    const at::Tensor bInv = at::rsqrt(bVar + e);
    const at::Tensor rm = mean.to(at::kFloat) * (1.0 - m) + bMean * m;
    const at::Tensor rv = variance.to(at::kFloat) * (1.0 - m) + bVar * (count / (count - 1.0)) * m;
    return std::make_tuple(rm, rv, bMean, bInv);
}

/// aclnnBatchNormReduceBackward (norm/sync_batch_norm_backward_reduce/op_api/aclnn_batch_norm_backward_reduce.cpp):
/// gradOut, input, mean, invstd cast to FLOAT; sumDy = the sum of gradOut and sumDyX of gradOut * input over every
/// dim but 1 (ReduceSum, Mul); SyncBatchNormBackwardReduce: sumDyXmu = sumDyX - mean * sumDy, gradWeight = sumDyXmu *
/// invstd; gradBias = sumDy (torch.batch_norm_backward_reduce). Each written where its flag is set (sumDy and
/// sumDyXmu by inputG), cast to its dtype. An empty gradOut, input, mean or invstd writes zeros on Ascend 950 only
/// (C not 0) - here: zeros where selected on every product (aclcpu cannot tell the products apart in the formula).
/// Here: that closed form in float32, each result rounded once.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> BatchNormReduceBackwardIn(
    const at::Tensor& gradOut, const at::Tensor& input, const at::Tensor& mean, const at::Tensor& invstd,
    const at::Tensor& weight, bool inputG, bool weightG, bool biasG, const at::Tensor& sumDy,
    const at::Tensor& sumDyXmu, const at::Tensor& gradWeight, const at::Tensor& gradBias) {
    (void)weight;
    const int64_t C = input.size(1);
    at::Tensor sdy, sdxmu, gw;
    if (gradOut.numel() == 0 || input.numel() == 0 || mean.numel() == 0 || invstd.numel() == 0) {
        sdy = sdxmu = gw = at::zeros({C}, at::TensorOptions().dtype(at::kFloat));
    } else {
        std::vector<int64_t> dims;
        for (int64_t i = 0; i < input.dim(); ++i) {
            if (i != 1) dims.push_back(i);
        }
        const at::Tensor g = gradOut.to(at::kFloat);
        sdy = g.sum(dims);
        const at::Tensor sdx = (g * input.to(at::kFloat)).sum(dims);
        sdxmu = sdx - mean.to(at::kFloat).reshape({-1}) * sdy;
        gw = sdxmu * invstd.to(at::kFloat).reshape({-1});
    }
    return std::make_tuple(inputG ? sdy : sumDy, inputG ? sdxmu : sumDyXmu, weightG ? gw : gradWeight,
                           biasG ? sdy : gradBias);
}

/// aclnnBatchNormStats (hicann/ops-math math/reduce_std_with_mean/op_api/aclnn_batch_norm_stats.cpp): input cast to
/// FLOAT; mean = its mean over every dim but 1 (ReduceMean), invstd = 1 / sqrt(biased variance + eps) (ReduceStdWithMean
/// with correction 0 and invert, eps as float32; ReduceVar + Add + Pow -0.5 on Ascend 950). An empty input writes
/// mean 0 and invstd NaN. Here: ATen's var_mean in float32 (torch.batch_norm_stats).
inline std::tuple<at::Tensor, at::Tensor> BatchNormStatsIn(const at::Tensor& input, double eps, const at::Tensor& mean,
                                                          const at::Tensor& invstd) {
    const at::TensorOptions f = at::TensorOptions().dtype(at::kFloat);
    if (input.numel() == 0) {
        return std::make_tuple(at::zeros({mean.numel()}, f),
                               at::full({invstd.numel()}, std::numeric_limits<float>::quiet_NaN(), f));
    }
    std::vector<int64_t> dims;
    for (int64_t i = 0; i < input.dim(); ++i) {
        if (i != 1) dims.push_back(i);
    }
    auto vm = at::var_mean(input.to(at::kFloat), dims, /*unbiased=*/false);
    const double e = static_cast<double>(static_cast<float>(eps));
    return std::make_tuple(std::get<1>(vm), at::rsqrt(std::get<0>(vm) + e));
}

/// aclnnFastLayerNorm (norm/layer_norm_v4/op_host/op_api/aclnn_fast_layer_norm.cpp): LayerNormV4 over the trailing
/// normalizedShape dims (float32 inside), weight ones and bias zeros when absent (Fill), out written from its result,
/// meanOutOptional and rstdOutOptional (where given) cast to their dtypes - the kernel's [M, 1 ...] statistics, written
/// in order whatever their shapes. N = 0 (an empty normalized part): mean 0 and rstd NaN; M = 0: nothing. Here:
/// aclnnLayerNorm's LayerNormFloat (ATen's native_layer_norm on float32 copies), each result rounded once.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> FastLayerNormIn(const at::Tensor& input,
                                                                     at::IntArrayRef normalizedShape,
                                                                     const at::Tensor& weight, const at::Tensor& bias,
                                                                     double eps, const at::Tensor& out,
                                                                     const at::Tensor& mean, const at::Tensor& rstd) {
    int64_t N = 1, M = 1;
    const int64_t begin = input.dim() - static_cast<int64_t>(normalizedShape.size());
    for (int64_t i = 0; i < input.dim(); ++i) (i < begin ? M : N) *= input.size(i);
    const at::TensorOptions f = at::TensorOptions().dtype(at::kFloat);
    if (N == 0) {
        return std::make_tuple(out, mean.defined() ? at::zeros({mean.numel()}, f) : mean,
                               rstd.defined() ? at::full({rstd.numel()}, std::numeric_limits<float>::quiet_NaN(), f)
                                              : rstd);
    }
    if (M == 0) return std::make_tuple(out, mean, rstd);
    return LayerNormFloat(input.contiguous(), normalizedShape, weight.defined() ? weight.contiguous() : weight,
                          bias.defined() ? bias.contiguous() : bias, eps);
}

/// aclnnEmbeddingRenorm (norm/renorm/op_api/aclnn_embedding_renorm.cpp): the rows of selfRef [V, D] that indices
/// (flattened) name are gathered (GatherV2), each renormalized by the Renorm kernel along dim 0 - scaled by maxNorm /
/// (its normType-norm + 1e-7) where that norm exceeds maxNorm (normType, maxNorm as float32; a NaN maxNorm is +inf) -
/// and scattered back (ScatterUpdate); on Ascend 950 in float32, elsewhere in selfRef's dtype
/// (torch.embedding_renorm_). An index outside [0, V) fails the second phase (561000). Here: in float32 (ATen's
/// linalg_vector_norm for the row norms), the rows rounded once to selfRef's dtype.
inline at::Tensor EmbeddingRenormIn(const at::Tensor& indices, const at::Tensor& selfRef, double maxNorm,
                                    double normType) {
    if (selfRef.numel() == 0 || indices.numel() == 0) return selfRef;
    const double m = std::isnan(maxNorm) ? std::numeric_limits<double>::infinity()
                                         : static_cast<double>(static_cast<float>(maxNorm));
    const double p = static_cast<double>(static_cast<float>(normType));
    const at::Tensor idx = indices.to(at::kLong).reshape({-1});
    at::Tensor out = selfRef.to(at::kFloat).contiguous().clone();
    const at::Tensor rows = out.index_select(0, idx);
    const at::Tensor norm = at::linalg_vector_norm(rows, p, at::IntArrayRef{1}, true);
    const at::Tensor factor = at::where(norm > m, m / (norm + 1e-7), at::ones_like(norm));
    out.index_copy_(0, idx, rows * factor);
    return out;
}

/// aclnnBatchNormReduce (norm/bn_training_reduce/op_api/aclnn_batch_norm_reduce.cpp; the BNTrainingReduce kernel):
/// the per-channel sum and sum of squares of a 4-D x over N, H, W (C at dim 1 for NCHW, dim 3 for NHWC), both
/// FLOAT [C]; the kernel accumulates in float32 (FLOAT16 / BF16 x widened). The formula cannot see x's format: C's
/// dim is the one of sum's length (dim 1 when both match; the first phase refuses an NHWC x with dims 1 and 3 equal).
/// An empty x, sum or squareSum writes zeros (ProcessEmptyTensorWithValue). Here: ATen's sum in float32 (double
/// accumulation is not used: each partial sum is float32 as ATen's CPU reduction computes it).
inline std::tuple<at::Tensor, at::Tensor> BatchNormReduceIn(const at::Tensor& x, const at::Tensor& sum,
                                                           const at::Tensor& squareSum) {
    const at::TensorOptions f = at::TensorOptions().dtype(at::kFloat);
    if (x.numel() == 0 || sum.numel() == 0 || squareSum.numel() == 0) {
        return std::make_tuple(at::zeros({sum.numel()}, f), at::zeros({squareSum.numel()}, f));
    }
    const bool nchw = x.size(1) == sum.numel();
    const std::vector<int64_t> dims = nchw ? std::vector<int64_t>{0, 2, 3} : std::vector<int64_t>{0, 1, 2};
    const at::Tensor v = x.to(at::kFloat);
    return std::make_tuple(v.sum(dims), (v * v).sum(dims));
}

/// aclnnInstanceNorm (norm/instance_norm_v3/op_host/op_api/aclnn_instance_norm.cpp; the InstanceNormV3 kernel,
/// Ascend310P): x [N, C, H, W] ("NCHW") or [N, H, W, C] ("NHWC": the op_api transposes to NCHW and back) normalized
/// per (n, c) over H, W: y = (x - mean) / sqrt(variance + eps) * gamma + beta, mean and the biased variance written
/// as N * C values in (n, c) order (the caller's mean / variance shape: [N, C, 1, 1], or [N, 1, 1, C] for NHWC).
/// An empty tensor: nothing written. Here: ATen in float32 (var_mean), each result rounded once to its dtype.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> InstanceNormIn(const at::Tensor& x, const at::Tensor& gamma,
                                                                    const at::Tensor& beta, const std::string& dataFormat,
                                                                    double eps, const at::Tensor& y,
                                                                    const at::Tensor& mean, const at::Tensor& variance) {
    if (x.numel() == 0 || gamma.numel() == 0 || beta.numel() == 0 || y.numel() == 0 || mean.numel() == 0 ||
        variance.numel() == 0) {
        return std::make_tuple(y, mean, variance);
    }
    const bool nhwc = dataFormat.compare(0, 4, "NHWC") == 0;
    at::Tensor v = x.to(at::kFloat);
    if (nhwc) v = v.permute({0, 3, 1, 2});
    auto vm = at::var_mean(v, {2, 3}, /*unbiased=*/false, /*keepdim=*/true);
    const at::Tensor var = std::get<0>(vm);
    const at::Tensor mu = std::get<1>(vm);
    const int64_t C = v.size(1);
    const at::Tensor g = gamma.to(at::kFloat).reshape({1, C, 1, 1});
    const at::Tensor b = beta.to(at::kFloat).reshape({1, C, 1, 1});
    at::Tensor out = (v - mu) / at::sqrt(var + static_cast<double>(static_cast<float>(eps))) * g + b;
    if (nhwc) out = out.permute({0, 2, 3, 1});
    return std::make_tuple(out, mu.reshape(mean.sizes()), var.reshape(variance.sizes()));
}

// ---------------------------------------------------------------------------------- norm + quant fusions

/// The int8 quantization's last steps as the ops-nn kernels write them: v (float32) rounded half to even
/// (CAST_RINT) and saturated to [-128, 127] (add_rms_norm_quant_base.h RoundFloat2Int8: float -> int32 RINT -> half
/// -> int8 TRUNC with saturation). NaN becomes 0 (the docs: a NaN result quantizes to 0). An INT4 output (after the
/// engine's low-precision change: an INT8 temporary) is saturated to [-8, 7] by the engine's encode, which equals
/// saturating here first.
inline at::Tensor QuantRintInt8(const at::Tensor& v) {
    return at::nan_to_num(at::clamp(at::round(v), -128.0, 127.0), 0.0);
}

/// Packs int4 values q (float32 integers in [-8, 7], last dim a multiple of 8) eight to an INT32 element, element
/// 8k + j in bits 4j .. 4j + 3 (the op_apis' Int42Int32PackedTensor view of an INT4 result as INT32).
inline at::Tensor PackInt4ToInt32(const at::Tensor& q) {
    std::vector<int64_t> shape(q.sizes().begin(), q.sizes().end());
    const int64_t last = shape.back();
    shape.back() = last / 8;
    std::vector<int64_t> split = shape;
    split.push_back(8);
    const at::Tensor nib = at::bitwise_and(q.to(at::kLong), 15).reshape(split);
    const at::Tensor shifts = at::arange(0, 32, 4, at::TensorOptions().dtype(at::kLong));
    const at::Tensor packed = at::bitwise_left_shift(nib, shifts).sum(-1);
    // the 32-bit pattern as INT32 (two's complement)
    const int64_t two31 = int64_t{1} << 31, two32 = int64_t{1} << 32;
    return at::where(packed >= two31, packed - two32, packed).to(at::kInt);
}

/// aclnnRmsNormQuant (norm/rms_norm_quant/op_host/op_api/aclnn_rms_norm_quant.cpp; kernel op_kernel/rms_norm_quant.h,
/// .cpp): x in float32, factor = 1 / sqrt(mean(x^2) + epsilon) over the last dim, v = x * factor * gamma + beta
/// (gamma, beta widened), then v * (1 / scale[0]) + offset[0] (GetScaleAndOffset: one scale and one INT8 offset for
/// the tensor, the scale's reciprocal in float32), rounded to FLOAT16 (CastFrom32To16), saturated to [-128, 127] and
/// cast with CAST_RINT (CastFromF16ToI8; docs: y = round(quant_in / scale + offset)). A 2-D gamma / beta [1, D] is
/// read as [D] (PreDealData). y INT32: the results (saturated to [-8, 7]) packed as int4, eight to an element
/// (Int42Int32PackedTensor). Here: that sequence on ATen in float32; a scale or offset of D elements (the Ascend 950
/// kernel's per-channel form) is applied per channel, one element as the A2/A3 kernel reads it.
inline at::Tensor RmsNormQuantIn(const at::Tensor& x, const at::Tensor& gamma, const at::Tensor& beta,
                                 const at::Tensor& scale, const at::Tensor& offset, double epsilon, const at::Tensor& y) {
    if (x.numel() == 0) return y;
    // contiguous operands: the row reductions then sum in one order whatever the caller's strides (integer results)
    const at::Tensor xf = x.to(at::kFloat).contiguous();
    const int64_t D = xf.size(-1);
    const at::Tensor g = gamma.to(at::kFloat).reshape({-1});
    const at::Tensor b = beta.to(at::kFloat).reshape({-1});
    const at::Tensor rms = at::sqrt(xf.pow(2).mean(-1, true) + static_cast<double>(static_cast<float>(epsilon)));
    at::Tensor v = xf * (1.0 / rms) * g + b;
    const at::Tensor s = scale.to(at::kFloat).reshape({-1});
    const at::Tensor o = offset.to(at::kFloat).reshape({-1});
    const at::Tensor inv = 1.0 / (s.numel() == D ? s : s.narrow(0, 0, 1));
    v = v * inv + (o.numel() == D ? o : o.narrow(0, 0, 1));
    v = v.to(at::kHalf).to(at::kFloat);
    if (y.scalar_type() == at::kInt) return PackInt4ToInt32(at::nan_to_num(at::clamp(at::round(v), -8.0, 7.0), 0.0));
    return QuantRintInt8(v);
}

/// One quantization of aclnnAddRmsNormQuant's kernel (add_rms_norm_quant.h doQuant, add_rms_norm_quant_base.h
/// doScales / doZeroPoints): v / scales (divMode) or v * scales per element of gamma's shape, a one-element scales
/// as v * (1 / scales[0]) (the per-tensor path), plus zeroPoints (absent: 0), then QuantRintInt8.
inline at::Tensor AddRmsNormQuantOne(const at::Tensor& v, const at::Tensor& scales, const at::Tensor& zp,
                                     bool divMode) {
    const at::Tensor s = scales.to(at::kFloat);
    at::Tensor q;
    if (s.numel() == 1) {
        q = v * (1.0 / s.reshape({-1}));
    } else {
        q = divMode ? v / s : v * s;
    }
    if (zp.defined()) q = q + zp.to(at::kFloat);
    return QuantRintInt8(q);
}

/// aclnnAddRmsNormQuant (norm/add_rms_norm_quant/op_host/op_api/aclnn_add_rms_norm_quant.cpp; kernel
/// op_kernel/add_rms_norm_quant.h): x = x1 + x2 (FLOAT16: added in FLOAT16; BF16 / FLOAT: in float32, xOut rounded
/// to x1's dtype), rstd = 1 / sqrt(mean(x^2) + epsilon) over gamma's trailing dims; v = x * rstd * gamma (FLOAT16:
/// x * rstd rounded to FLOAT16, the product with gamma in FLOAT16; else float32); y1Out = quant(v, scales1,
/// zeroPoints1); y2Out = quant(v, scales2, zeroPoints2) only when scales2Optional is given (else not written); axis is
/// -1 (not read). Here: that sequence on ATen; FLOAT8 / HIFLOAT8 outputs are the engine's (the quantized float value
/// is returned unrounded for them).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> AddRmsNormQuantIn(
    const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& gamma, const at::Tensor& scales1,
    const at::Tensor& scales2, const at::Tensor& zeroPoints1, const at::Tensor& zeroPoints2, int64_t axis,
    double epsilon, bool divMode, const at::Tensor& y1Out, const at::Tensor& y2Out, const at::Tensor& xOut) {
    (void)axis;
    if (x1.numel() == 0 || gamma.numel() == 0 || y2Out.numel() == 0) return std::make_tuple(y1Out, y2Out, xOut);
    const bool half = x1.scalar_type() == at::kHalf;
    const at::Tensor x = (half ? (x1 + x2).to(at::kFloat) : x1.to(at::kFloat) + x2.to(at::kFloat)).contiguous();
    std::vector<int64_t> dims;
    for (int64_t i = x.dim() - gamma.dim(); i < x.dim(); ++i) dims.push_back(i);
    const at::Tensor rstd = at::rsqrt(x.pow(2).mean(dims, true) + static_cast<double>(static_cast<float>(epsilon)));
    at::Tensor v;
    if (half) {
        v = ((x * rstd).to(at::kHalf) * gamma.to(at::kHalf)).to(at::kFloat);
    } else {
        v = x * rstd * gamma.to(at::kFloat);
    }
    auto quant = [&](const at::Tensor& s, const at::Tensor& zp, const at::Tensor& out) {
        if (out.scalar_type() == at::kChar) return AddRmsNormQuantOne(v, s, zp, divMode);
        const at::Tensor sf = s.to(at::kFloat);
        at::Tensor q = divMode ? v / sf : v * sf;
        return zp.defined() ? q + zp.to(at::kFloat) : q;
    };
    return std::make_tuple(quant(scales1, zeroPoints1, y1Out),
                           scales2.defined() ? quant(scales2, zeroPoints2, y2Out) : y2Out, x);
}

/// One dynamic (per-row) quantization of the AddRmsNormDynamicQuant kernels (add_rms_norm_dynamic_quant_normal_kernel.h
/// ScaleTensor, doQuant1withFlag): v times smooth (when given), m = the row's max |v|, factor = 127 / m (float32),
/// scale = 1 / factor, y = v * factor rounded half to even (CAST_RINT) and saturated to INT8. Returns {y, scale} with
/// scale of the leading dims' shape.
inline std::tuple<at::Tensor, at::Tensor> DynamicQuantRow(const at::Tensor& v, const at::Tensor& smooth) {
    const at::Tensor in = (smooth.defined() ? v * smooth.to(at::kFloat) : v).contiguous();
    const at::Tensor m = std::get<0>(at::max(at::abs(in), -1, true));
    const at::Tensor factor = 127.0 / m;
    return std::make_tuple(QuantRintInt8(in * factor), (1.0 / factor).squeeze(-1));
}

/// aclnnAddRmsNormDynamicQuant (norm/add_rms_norm_dynamic_quant/op_host/op_api/aclnn_add_rms_norm_dynamic_quant.cpp;
/// kernel op_kernel/add_rms_norm_dynamic_quant_normal_kernel.h): x = x1 + x2 in float32 (xOut rounded to x1's dtype),
/// y = x * (1 / sqrt(mean(x^2) + epsilon)) * gamma in float32 (gamma [D], the last dim); y1Out, scale1Out =
/// DynamicQuantRow(y, smoothScale1Optional); y2Out, scale2Out likewise with smoothScale2Optional, written only when it
/// is given (the docs: otherwise those outputs carry no meaning). INT8 outputs; FLOAT8 / HIFLOAT8 outputs are the
/// engine's (not quantized here). An empty x1, gamma or y2Out runs nothing.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor> AddRmsNormDynamicQuantIn(
    const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& gamma, const at::Tensor& smoothScale1,
    const at::Tensor& smoothScale2, double epsilon, const at::Tensor& y1Out, const at::Tensor& y2Out,
    const at::Tensor& xOut, const at::Tensor& scale1Out, const at::Tensor& scale2Out) {
    if (x1.numel() == 0 || gamma.numel() == 0 || y2Out.numel() == 0) {
        return std::make_tuple(y1Out, y2Out, xOut, scale1Out, scale2Out);
    }
    const at::Tensor x = (x1.to(at::kFloat) + x2.to(at::kFloat)).contiguous();
    const at::Tensor rstd = 1.0 / at::sqrt(x.pow(2).mean(-1, true) + static_cast<double>(static_cast<float>(epsilon)));
    const at::Tensor y = x * rstd * gamma.to(at::kFloat);
    auto q1 = DynamicQuantRow(y, smoothScale1);
    if (!smoothScale2.defined()) {
        return std::make_tuple(std::get<0>(q1), y2Out, x, std::get<1>(q1), scale2Out);
    }
    auto q2 = DynamicQuantRow(y, smoothScale2);
    return std::make_tuple(std::get<0>(q1), std::get<0>(q2), x, std::get<1>(q1), std::get<1>(q2));
}

/// aclnnLayerNormQuant (norm/layer_norm_quant/op_host/op_api/aclnn_layer_norm_quant.cpp; kernel
/// op_kernel/layer_norm_quant_normal.h FastPrecisionCompute, layer_norm_quant_helper.h): x in float32, mean and the
/// biased variance over the last dim, y = (x - mean) * (1 / sqrt(var + epsilon)) * gamma + beta (gamma, beta widened;
/// a [1, D] gamma read as [D]); quantMode 0 (the only one the op_api takes): v = y * (1 / scale[0]) + zeroPoints[0]
/// (GetScaleAndOffset: the reciprocal in float32, a zero scale read as 1; the INT8 zero point as float), rounded to
/// FLOAT16 (CastFrom32To16), saturated to [-128, 127] and cast with CAST_RINT (CastFromF16ToI8). scaleOut is not
/// written. An empty x: nothing written. Here: that sequence on ATen in float32 (ATen's reduction order).
inline std::tuple<at::Tensor, at::Tensor> LayerNormQuantIn(const at::Tensor& x, const at::Tensor& gamma,
                                                          const at::Tensor& beta, const at::Tensor& scale,
                                                          const at::Tensor& zeroPoints, int64_t quantMode,
                                                          double epsilon, const at::Tensor& res,
                                                          const at::Tensor& scaleOut) {
    (void)quantMode;
    if (x.numel() == 0) return std::make_tuple(res, scaleOut);
    const at::Tensor xf = x.to(at::kFloat).contiguous();
    const at::Tensor mean = xf.mean(-1, true);
    const at::Tensor z = xf - mean;
    const at::Tensor var = (z * z).mean(-1, true);
    const at::Tensor rstd = 1.0 / at::sqrt(var + static_cast<double>(static_cast<float>(epsilon)));
    const at::Tensor y = z * rstd * gamma.to(at::kFloat).reshape({-1}) + beta.to(at::kFloat).reshape({-1});
    const float s = scale.to(at::kFloat).reshape({-1})[0].item<float>();
    const float inv = 1.0f / (s == 0.0f ? 1.0f : s);
    const double o = zeroPoints.to(at::kFloat).reshape({-1})[0].item<double>();
    const at::Tensor v = (y * static_cast<double>(inv) + o).to(at::kHalf).to(at::kFloat);
    return std::make_tuple(QuantRintInt8(v), scaleOut);
}

/// aclnnAddLayerNormQuant (norm/add_layer_norm_quant/op_host/op_api/aclnn_add_layer_norm_quant.cpp,
/// docs/aclnnAddLayerNormQuant.md; Ascend 950): x = x1 + x2 (+ biasOptional, of gamma's or x1's shape) in float32
/// (xOut, rounded to x1's dtype, written where additionalOutput asks for it); y = (x - mean) / sqrt(var + epsilon) *
/// gamma + beta over gamma's trailing dims (biased var). quantMode "static": y1Out = round(y / scales1 + zeroPoints1)
/// with divMode, round(y * scales1 + zeroPoints1) without (round half to even, saturated to INT8; an absent zero
/// point 0), y2Out likewise where scales2Optional is given. "dynamic": v = y * scales1 (when given), outScales1Out =
/// the row's max |v| / 127, y1Out = round(v / outScales1Out) (DynamicQuantRow), y2Out / outScales2Out with scales2
/// where given. An empty x1 or gamma writes nothing; an empty y2Out or outScales2Out (x1 not empty) writes only the
/// dynamic mode's outScales1Out (the op_api's empty-input path). Here: that sequence on ATen in float32 - the docs'
/// formulas, not the kernel's operation order.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor> AddLayerNormQuantIn(
    const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& gamma, const at::Tensor& beta,
    const at::Tensor& bias, const at::Tensor& scales1, const at::Tensor& scales2, const at::Tensor& zeroPoints1,
    const at::Tensor& zeroPoints2, const std::string& quantMode, double epsilon, bool additionalOutput, bool divMode,
    const at::Tensor& y1Out, const at::Tensor& y2Out, const at::Tensor& xOut, const at::Tensor& outScales1Out,
    const at::Tensor& outScales2Out) {
    const bool dyn = quantMode.compare(0, 7, "dynamic") == 0;
    if (x1.numel() == 0 || gamma.numel() == 0 || outScales1Out.numel() == 0) {
        return std::make_tuple(y1Out, y2Out, xOut, outScales1Out, outScales2Out);
    }
    const bool partial = y2Out.numel() == 0 || outScales2Out.numel() == 0;
    at::Tensor x = x1.to(at::kFloat) + x2.to(at::kFloat);
    if (bias.defined()) x = x + bias.to(at::kFloat);
    x = x.contiguous();
    std::vector<int64_t> dims;
    for (int64_t i = x.dim() - gamma.dim(); i < x.dim(); ++i) dims.push_back(i);
    const at::Tensor mean = x.mean(dims, true);
    const at::Tensor z = x - mean;
    const at::Tensor var = (z * z).mean(dims, true);
    const at::Tensor y = z / at::sqrt(var + static_cast<double>(static_cast<float>(epsilon))) * gamma.to(at::kFloat) +
                         beta.to(at::kFloat);
    const at::Tensor xo = additionalOutput ? x : xOut;
    if (dyn) {
        auto q1 = DynamicQuantRow(y, scales1);
        const at::Tensor sc1 = std::get<1>(q1).reshape(outScales1Out.sizes());
        if (partial) return std::make_tuple(y1Out, y2Out, xOut, sc1, outScales2Out);
        if (!scales2.defined()) return std::make_tuple(std::get<0>(q1), y2Out, xo, sc1, outScales2Out);
        auto q2 = DynamicQuantRow(y, scales2);
        return std::make_tuple(std::get<0>(q1), std::get<0>(q2), xo, sc1,
                               std::get<1>(q2).reshape(outScales2Out.sizes()));
    }
    if (partial) return std::make_tuple(y1Out, y2Out, xOut, outScales1Out, outScales2Out);
    auto quant = [&](const at::Tensor& sc, const at::Tensor& zp) {
        const at::Tensor sf = sc.to(at::kFloat);
        at::Tensor v = divMode ? y / sf : y * sf;
        if (zp.defined()) v = v + zp.to(at::kFloat);
        return QuantRintInt8(v);
    };
    return std::make_tuple(quant(scales1, zeroPoints1), scales2.defined() ? quant(scales2, zeroPoints2) : y2Out, xo,
                           outScales1Out, outScales2Out);
}

/// aclnnQuantizedBatchNorm (norm/quantized_batch_norm/op_host/op_api/aclnn_quantized_batch_norm.cpp; kernel
/// op_kernel/quantized_batch_norm_welford.h DequantX / QuantX): input [N, C, H, W] dequantized, x' = (x -
/// inputZeroPoint) * inputScale in float32; y = (x' - mean) / sqrt(var + epsilon) * weight + bias per channel (weight
/// ones, bias zeros when absent: the op_api's FillScalar); out = y / outputScale + outputZeroPoint rounded half away
/// from zero (ClearInvalidNum's CAST_ROUND) and saturated to the kernel's output dtype - input's: [-128, 127] INT8,
/// [0, 255] UINT8, INT32's range (the half -> integer casts saturate) -, which CANN's ViewCopy then copies into
/// output. Here: that sequence on ATen in float32 (docs/aclnnQuantizedBatchNorm.md's formula).
inline at::Tensor QuantizedBatchNormIn(const at::Tensor& input, const at::Tensor& mean, const at::Tensor& var,
                                       const at::Scalar& inputScale, const at::Scalar& inputZeroPoint,
                                       const at::Scalar& outputScale, const at::Scalar& outputZeroPoint,
                                       const at::Tensor& weight, const at::Tensor& bias, double epsilon) {
    const int64_t C = input.size(1);
    const float is = static_cast<float>(inputScale.toDouble());
    const float os = static_cast<float>(outputScale.toDouble());
    const float izp = static_cast<float>(inputZeroPoint.toLong());
    const float ozp = static_cast<float>(outputZeroPoint.toLong());
    const at::Tensor xd = (input.to(at::kFloat) - static_cast<double>(izp)) * static_cast<double>(is);
    auto ch = [C](const at::Tensor& t, double fill) { return BnAlongC(BnChannel(t, C, fill), 4); };
    const at::Tensor y = (xd - ch(mean, 0.0)) / at::sqrt(ch(var, 1.0) + static_cast<double>(static_cast<float>(epsilon))) *
                             ch(weight, 1.0) + ch(bias, 0.0);
    const at::Tensor v = (y / static_cast<double>(os) + static_cast<double>(ozp)).to(at::kDouble);
    const at::Tensor r = at::sign(v) * at::floor(at::abs(v) + 0.5);  // CAST_ROUND: half away from zero (exact in double)
    double lo = -2147483648.0, hi = 2147483647.0;
    if (input.scalar_type() == at::kChar) lo = -128.0, hi = 127.0;
    if (input.scalar_type() == at::kByte) lo = 0.0, hi = 255.0;
    return at::nan_to_num(at::clamp(r, lo, hi), 0.0);
}

/// aclnnRmsNormDynamicQuant (norm/rms_norm_dynamic_quant: a generated aclnn layer; kernel
/// op_kernel/rms_norm_dynamic_quant_normal_kernel.h, docs/aclnnRmsNormDynamicQuant.md): y = x / sqrt(mean(x^2) +
/// epsilon) * gamma + beta in float32 over the last dim, then DynamicQuantRow with smoothScalesOptional (max_val 127 for
/// the INT8 dstType). Returns {yOut, scaleOut} (scaleOut's values in row order, in its own shape).
inline std::tuple<at::Tensor, at::Tensor> RmsNormDynamicQuantIn(const at::Tensor& x, const at::Tensor& gamma,
                                                               const at::Tensor& smoothScales, const at::Tensor& beta,
                                                               double epsilon, int64_t dstType, const at::Tensor& yOut,
                                                               const at::Tensor& scaleOut) {
    (void)dstType;
    if (x.numel() == 0) return std::make_tuple(yOut, scaleOut);
    const at::Tensor xf = x.to(at::kFloat).contiguous();
    at::Tensor y = xf / at::sqrt(xf.pow(2).mean(-1, true) + static_cast<double>(static_cast<float>(epsilon))) *
                   gamma.to(at::kFloat);
    if (beta.defined()) y = y + beta.to(at::kFloat);
    auto q = DynamicQuantRow(y, smoothScales);
    return std::make_tuple(std::get<0>(q), std::get<1>(q).reshape(scaleOut.sizes()));
}

}  // namespace ref
}  // namespace aclcpu
