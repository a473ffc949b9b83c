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

}  // namespace ref
}  // namespace aclcpu
