// The reference formulas' helpers of the nn_optim family (ops/families/nn_optim.yaml; docs/ops/nn_optim.md): one
// optimizer step over the state tensors, computed in float32 (FLOAT16 / BF16 widened, as the kernels and ops-nn's
// golden scripts compute them), each updated state returned rounded once to its own dtype; the reference library
// writes each into its inout tensor. Included at the end of reference/aten_formulas.h (through the generated
// reference/family_formulas.inc). Needs ATen.
#pragma once

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <tuple>

namespace aclcpu {
namespace ref {

/// A one-element tensor's value as a float32 0-d tensor.
inline at::Tensor OptimScalar(const at::Tensor& t) { return t.to(at::kFloat).reshape({}); }

/// aclnnApplyAdamW (optim/apply_adam_w/tests/assets/golden.py, the arch35 kernel's order): g = -grad if maximize;
/// m' = m * beta1 - (beta1 - 1) * g; v' = v * beta2 - (beta2 - 1) * g^2; var_t = var * (1 - lr * weightDecay);
/// b1 = beta1Power * beta1, b2 = beta2Power * beta2; denom = sqrt(s / (1 - b2)) + eps with s = max(maxGradNorm,
/// v') under amsgrad with a maxGradNorm, else v'; var' = var_t + lr * (m' / (b1 - 1)) / denom. Returns (var', m',
/// v') each in its own dtype; beta powers and maxGradNorm are not written.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> ApplyAdamWIn(
    const at::Tensor& var, const at::Tensor& m, const at::Tensor& v, const at::Tensor& beta1Power,
    const at::Tensor& beta2Power, const at::Tensor& lr, const at::Tensor& weightDecay, const at::Tensor& beta1,
    const at::Tensor& beta2, const at::Tensor& eps, const at::Tensor& grad, const at::Tensor& maxGradNorm,
    bool amsgrad, bool maximize) {
    const at::Tensor b1 = OptimScalar(beta1), b2 = OptimScalar(beta2), l = OptimScalar(lr);
    const at::Tensor wd = OptimScalar(weightDecay), e = OptimScalar(eps);
    at::Tensor g = grad.to(at::kFloat);
    if (maximize) g = -g;
    const at::Tensor m_out = m.to(at::kFloat) * b1 - (b1 - 1) * g;
    const at::Tensor v_out = v.to(at::kFloat) * b2 - (b2 - 1) * g * g;
    const at::Tensor var_t = var.to(at::kFloat) * (1 - l * wd);
    const at::Tensor b1p = OptimScalar(beta1Power) * b1;
    const at::Tensor b2p = OptimScalar(beta2Power) * b2;
    const at::Tensor s = amsgrad && maxGradNorm.defined() ? at::maximum(maxGradNorm.to(at::kFloat), v_out) : v_out;
    const at::Tensor denom = at::sqrt(s / (1 - b2p)) + e;
    const at::Tensor var_out = var_t + l * (m_out / (b1p - 1)) / denom;
    return std::make_tuple(var_out.to(var.scalar_type()), m_out.to(m.scalar_type()), v_out.to(v.scalar_type()));
}

/// aclnnApplyAdamWV2 (optim/apply_adam_w_v2/op_kernel/apply_adam_w_v2_fp.h, torch.optim.AdamW's single-tensor
/// step): t = step + 1 (step read as float, not written); g = -grad if maximize; var_t = var * (1 - lr * wd);
/// m' = m + (g - m) * (1 - beta1); v' = v * beta2 + g^2 * (1 - beta2); under amsgrad mgn' = max(mgn, v') and
/// s = mgn', else s = v'; denom = sqrt(s) / sqrt(1 - beta2^t) + eps; var' = var_t - lr / (1 - beta1^t) * m' / denom.
/// Returns (var', m', v', mgn') each in its own dtype; mgn' is the input maxGradNorm without amsgrad (written back
/// unchanged) and undefined when it is absent.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> ApplyAdamWV2In(
    const at::Tensor& var, const at::Tensor& m, const at::Tensor& v, const at::Tensor& maxGradNorm,
    const at::Tensor& grad, const at::Tensor& step, double lr, double beta1, double beta2, double weightDecay,
    double eps, bool amsgrad, bool maximize) {
    const float lr_f = static_cast<float>(lr), b1 = static_cast<float>(beta1), b2 = static_cast<float>(beta2);
    const float wd = static_cast<float>(weightDecay), e = static_cast<float>(eps);
    const float t = step.to(at::kFloat).reshape({}).item<float>() + 1.0f;
    const float bc1 = 1.0f - std::pow(b1, t);
    const float bc2 = 1.0f - std::pow(b2, t);
    const float step_size = lr_f / bc1;
    const float bc2_sqrt_inv = 1.0f / std::sqrt(bc2);
    at::Tensor g = grad.to(at::kFloat);
    if (maximize) g = -g;
    const at::Tensor var_t = var.to(at::kFloat) * (1.0f - lr_f * wd);
    const at::Tensor mf = m.to(at::kFloat);
    const at::Tensor m_out = mf + (g - mf) * (1.0f - b1);
    const at::Tensor v_out = v.to(at::kFloat) * b2 + g * g * (1.0f - b2);
    at::Tensor mgn_out = maxGradNorm;
    at::Tensor s = v_out;
    if (amsgrad && maxGradNorm.defined()) {
        s = at::maximum(maxGradNorm.to(at::kFloat), v_out);
        mgn_out = s.to(maxGradNorm.scalar_type());
    }
    const at::Tensor denom = at::sqrt(s) * bc2_sqrt_inv + e;
    const at::Tensor var_out = var_t - (m_out / denom) * step_size;
    return std::make_tuple(var_out.to(var.scalar_type()), m_out.to(m.scalar_type()), v_out.to(v.scalar_type()),
                           mgn_out);
}

/// apply_fused_ema_adam (aclnnApplyFusedEmaAdam.md's formulas; the kernel computes in float32, its attributes the
/// definition's floats): bias corrections 1 - beta^step with biasCorrection; mode 0 adds weightDecay * var to the
/// gradient (L2), any other mode adds weightDecay * var to the update (AdamW, the kernel's else-branch); s is the
/// EMA of the new var. Each state rounded once to its dtype; returned in parameter order (varRef, mRef, vRef, sRef).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> ApplyFusedEmaAdamIn(
    const at::Tensor& grad, const at::Tensor& var, const at::Tensor& m, const at::Tensor& v, const at::Tensor& s,
    const at::Tensor& step, double lr, double emaDecay, double beta1, double beta2, double eps, int64_t mode,
    bool biasCorrection, double weightDecay) {
    const float lrf = static_cast<float>(lr), ema = static_cast<float>(emaDecay), b1 = static_cast<float>(beta1),
                b2 = static_cast<float>(beta2), ep = static_cast<float>(eps), wd = static_cast<float>(weightDecay);
    const float t = static_cast<float>(step.to(at::kLong).reshape({-1})[0].item<int64_t>());
    const float c1 = biasCorrection ? 1.0f - std::pow(b1, t) : 1.0f;
    const float c2 = biasCorrection ? 1.0f - std::pow(b2, t) : 1.0f;
    const at::Tensor vr = var.to(at::kFloat);
    at::Tensor g = grad.to(at::kFloat);
    if (mode == 0) g = g + vr * wd;
    const at::Tensor mo = m.to(at::kFloat) * b1 + g * (1.0f - b1);
    const at::Tensor vo = v.to(at::kFloat) * b2 + g * g * (1.0f - b2);
    at::Tensor update = (mo / c1) / ((vo / c2).sqrt() + ep);
    if (mode != 0) update = update + vr * wd;
    const at::Tensor vn = vr - update * lrf;
    const at::Tensor sn = s.to(at::kFloat) * ema + vn * (1.0f - ema);
    return std::make_tuple(vn.to(var.scalar_type()), mo.to(m.scalar_type()), vo.to(v.scalar_type()),
                           sn.to(s.scalar_type()));
}

}  // namespace ref
}  // namespace aclcpu
