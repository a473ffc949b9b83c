// The reference formulas' helpers of the nn_optim family (ops/families/nn_optim.yaml; docs/ops/nn_optim.md): one
// optimizer step over the state tensors, computed in float32 (FLOAT16 / BF16 widened, as the kernels and ops-nn's
// golden scripts compute them), each updated state returned rounded once to its own dtype; the reference library
// writes each into its inout tensor. Included at the end of reference/aten_formulas.h (through the generated
// reference/family_formulas.inc). Needs ATen.
#pragma once

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <tuple>
#include <vector>

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

/// aclnnApplyAdam (optim/apply_adam/op_kernel/arch35/apply_adam_dag.h, the order of its float32 steps):
/// m' = m + (beta1 - 1) * (m - g); v' = v + (beta2 - 1) * (v - g^2); lr_t = sqrt(1 - beta2Power) * lr /
/// (1 - beta1Power); n = m', or with useNesterov n = beta1 * m' + (1 - beta1) * g; var' = var - lr_t * n /
/// (sqrt(v') + epsilon). Returns (var', m', v') each in its own dtype (the kernel's final cast rounds to nearest).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> ApplyAdamIn(
    const at::Tensor& var, const at::Tensor& m, const at::Tensor& v, const at::Tensor& beta1Power,
    const at::Tensor& beta2Power, const at::Tensor& lr, const at::Tensor& beta1, const at::Tensor& beta2,
    const at::Tensor& epsilon, const at::Tensor& grad, bool useNesterov) {
    const at::Tensor b1 = OptimScalar(beta1), b2 = OptimScalar(beta2), e = OptimScalar(epsilon);
    const at::Tensor g = grad.to(at::kFloat);
    const at::Tensor mf = m.to(at::kFloat), vf = v.to(at::kFloat);
    const at::Tensor m_out = mf + (b1 - 1) * (mf - g);
    const at::Tensor v_out = vf + (b2 - 1) * (vf - g * g);
    const at::Tensor lr_t = at::sqrt(1 - OptimScalar(beta2Power)) * OptimScalar(lr) / (1 - OptimScalar(beta1Power));
    const at::Tensor n = useNesterov ? b1 * m_out + (1 - b1) * g : m_out;
    const at::Tensor var_out = var.to(at::kFloat) - lr_t * n / (at::sqrt(v_out) + e);
    return std::make_tuple(var_out.to(var.scalar_type()), m_out.to(m.scalar_type()), v_out.to(v.scalar_type()));
}

/// aclnnAdvanceStep (optim/advance_step/op_kernel/advance_step.h, the legacy path without spec tokens, and
/// tests/st/aclnnAdvanceStep's golden): over the first numSeqs elements of each state tensor (in element order), for
/// i < numQueries: tokens[i] = sampled[i]; pos = seqLens[i]; seqLens[i] = pos + 1; positions[i] = pos;
/// slot[i] = (blockTables.flat[pos / blockSize] + rowLen * i) * blockSize + pos % blockSize (C division and
/// remainder, rowLen = blockTables' element count / its first dim - the kernel's indexing, which adds rowLen to the
/// block number instead of indexing row i); for numQueries <= i < numSeqs: tokens[i] = 0, positions[i] = 0,
/// slot[i] = -1. A block index outside blockTables throws (the second phase's 561000), never a read past its end.
/// Returns the four updated tensors (inputTokens, inputPositions, seqLens, slotMapping).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> AdvanceStepIn(
    const at::Tensor& inputTokens, const at::Tensor& sampledTokenIds, const at::Tensor& inputPositions,
    const at::Tensor& seqLens, const at::Tensor& slotMapping, const at::Tensor& blockTables, int64_t numSeqs,
    int64_t numQueries, int64_t blockSize) {
    at::Tensor tokens = inputTokens.reshape({-1}).clone();
    at::Tensor positions = inputPositions.reshape({-1}).clone();
    at::Tensor lens = seqLens.reshape({-1}).clone();
    at::Tensor slots = slotMapping.reshape({-1}).clone();
    const at::Tensor sampled = sampledTokenIds.reshape({-1});
    const at::Tensor table = blockTables.reshape({-1});
    const int64_t row = blockTables.size(0) > 0 ? blockTables.numel() / blockTables.size(0) : 0;
    const int64_t q = std::min<int64_t>(numQueries, numSeqs);
    const at::Tensor pos = lens.narrow(0, 0, q).clone();
    tokens.narrow(0, 0, q).copy_(sampled.narrow(0, 0, q));
    lens.narrow(0, 0, q).copy_(pos + 1);
    positions.narrow(0, 0, q).copy_(pos);
    const at::Tensor block = at::div(pos, blockSize, "trunc");
    const at::Tensor offset = pos - block * blockSize;  // C's remainder (the sign of pos)
    const at::Tensor first = table.index_select(0, block);  // throws for an index outside the table
    const at::Tensor rows = at::arange(q, pos.options()) * row;
    slots.narrow(0, 0, q).copy_((first + rows) * blockSize + offset);
    if (numSeqs > q) {
        tokens.narrow(0, q, numSeqs - q).fill_(0);
        positions.narrow(0, q, numSeqs - q).fill_(0);
        slots.narrow(0, q, numSeqs - q).fill_(-1);
    }
    return std::make_tuple(tokens.view(inputTokens.sizes()), positions.view(inputPositions.sizes()),
                           lens.view(seqLens.sizes()), slots.view(slotMapping.sizes()));
}

/// aclnnAdvanceStepV2 (optim/advance_step/op_kernel/advance_step_spec.h): without a given (non-empty) specToken and
/// acceptedNum, AdvanceStepIn. With both (T = specNum + 1; the state tensors read as [numSeqs, T] in element order),
/// in int32 as the kernel computes (its CAST_NONE casts from and back to int64): p = positions + acceptedNum[i] + 1;
/// positions' = p; seqLens' = p + 1 (seqLens' old values unused); slot = blockTables.flat[R * i + p / blockSize] *
/// blockSize + p % blockSize (R = blockTables' row length; C division and remainder; the block number truncated to
/// int32 as the kernel's `int v`); inputTokens'[i] = [last, specToken[i]] where last = sampledTokenIds[i][m - 1] and
/// m the first index of the minimum of the row read as float32 with -1 appended (the kernel's ReduceMin): the element
/// before the first -1, or the last one. A row whose minimum comes first (m = 0: the kernel would read before the
/// row) and a block index outside blockTables throw (the second phase's 561000).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> AdvanceStepV2In(
    const at::Tensor& inputTokens, const at::Tensor& sampledTokenIds, const at::Tensor& inputPositions,
    const at::Tensor& seqLens, const at::Tensor& slotMapping, const at::Tensor& blockTables,
    const at::Tensor& specToken, const at::Tensor& acceptedNum, int64_t numSeqs, int64_t numQueries,
    int64_t blockSize) {
    if (!specToken.defined() || specToken.numel() == 0 || !acceptedNum.defined() || acceptedNum.numel() == 0) {
        return AdvanceStepIn(inputTokens, sampledTokenIds, inputPositions, seqLens, slotMapping, blockTables, numSeqs,
                             numQueries, blockSize);
    }
    const int64_t n = numSeqs;
    const int64_t each = specToken.size(1) + 1;
    const int32_t bs = static_cast<int32_t>(blockSize);
    const at::Tensor acc = acceptedNum.reshape({n, 1}).to(at::kInt);
    const at::Tensor pos = inputPositions.reshape({n, each}).to(at::kInt) + acc + 1;
    const at::Tensor lens = pos + 1;
    const at::Tensor block = at::div(pos, bs, "trunc");
    const at::Tensor offset = pos - block * bs;
    const int64_t row = blockTables.numel() / blockTables.size(0);
    const at::Tensor where = (block.to(at::kLong) + at::arange(n, at::kLong).reshape({n, 1}) * row).reshape({-1});
    const at::Tensor picked = blockTables.reshape({-1}).index_select(0, where).to(at::kInt).reshape({n, each});
    const at::Tensor slots = picked * bs + offset;
    const at::Tensor sampled = sampledTokenIds.reshape({n, each});
    const at::Tensor padded =
        at::cat({sampled.to(at::kFloat), at::full({n, 1}, -1.0f, at::TensorOptions().dtype(at::kFloat))}, 1);
    const at::Tensor first_min = at::argmin(padded, 1, /*keepdim=*/true);
    TORCH_CHECK(first_min.min().item<int64_t>() > 0,
                "aclnnAdvanceStepV2: a row of sampledTokenIds starts with its minimum (at or below -1): the kernel "
                "would read the token before the row");
    const at::Tensor last = sampled.gather(1, first_min - 1);
    const at::Tensor tokens = at::cat({last, specToken.reshape({n, each - 1}).to(sampled.scalar_type())}, 1);
    return std::make_tuple(tokens.reshape(inputTokens.sizes()), pos.to(at::kLong).reshape(inputPositions.sizes()),
                           lens.to(at::kLong).reshape(seqLens.sizes()), slots.to(at::kLong).reshape(slotMapping.sizes()));
}

/// The 8-bit code of each normalised state x (optim/apply_adam_w_quant/op_kernel/apply_adam_w_quant_fp32.h
/// BinarySearchFp32): lower = 0, upper = 255, pivot 127; x > qmap[pivot] moves lower to the pivot, else upper; seven
/// more halvings (pivot = (lower + upper) >> 1); then the nearer of qmap[lower], qmap[upper] (lower on a tie).
inline at::Tensor AdamWQuantSearch(const at::Tensor& x, const at::Tensor& qmap) {
    at::Tensor lower = at::zeros(x.sizes(), at::TensorOptions().dtype(at::kLong));
    at::Tensor upper = at::full(x.sizes(), 255, at::TensorOptions().dtype(at::kLong));
    at::Tensor pivot = at::full(x.sizes(), 127, at::TensorOptions().dtype(at::kLong));
    for (int i = 0; i < 8; ++i) {
        if (i > 0) pivot = at::div(lower + upper, 2, "floor");  // non-negative: the kernel's >> 1
        const at::Tensor higher = at::gt(x, qmap.index_select(0, pivot.reshape({-1})).view(x.sizes()));
        lower = at::where(higher, pivot, lower);
        upper = at::where(higher, upper, pivot);
    }
    const at::Tensor dl = at::abs(x - qmap.index_select(0, lower.reshape({-1})).view(x.sizes()));
    const at::Tensor du = at::abs(x - qmap.index_select(0, upper.reshape({-1})).view(x.sizes()));
    return at::where(at::le(dl, du), lower, upper);
}

/// aclnnApplyAdamWQuant (apply_adam_w_quant_fp32.h, float32 throughout; the FLOAT16 / BF16 kernel widens var and
/// grad): flat blocks of blockSize (256) elements, block b = element / 256 (the last may be partial). t = float(step)
/// + 1; c1 = 1 - beta1^t; c2 = sqrt(1 - beta2^t); stepSize = -lr * c2 / c1 (float). m = qmapM[mRef] * absmaxM[b];
/// v = qmapV[vRef] * absmaxV[b]; g = grad * gnormScale; m = m * beta1 + g * (1 - beta1); v = v * beta2 + g^2 *
/// (1 - beta2); var = var + m * stepSize / (sqrt(v) + eps * c2); var *= 1 - lr * weightDecay when weightDecay > 0
/// (after the update, as the kernel). absmax[b] = max |state| over the block's elements; the codes:
/// AdamWQuantSearch(state / absmax[b]); for m, a code whose qmap entry's sign differs from the normalised state's
/// moves one step (down for a negative entry, up for a positive one; CheckSignFp32), wrapping at 0 and 255 as the
/// uint8 cast does. Returns (var, mRef, vRef, absmaxM, absmaxV) each in its own dtype.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor> ApplyAdamWQuantIn(
    const at::Tensor& var, const at::Tensor& grad, const at::Tensor& mRef, const at::Tensor& vRef,
    const at::Tensor& qmapM, const at::Tensor& qmapV, const at::Tensor& absmaxM, const at::Tensor& absmaxV,
    const at::Tensor& step, double lr, double beta1, double beta2, double weightDecay, double eps, double gnormScale,
    int64_t blockSize) {
    const float lr_f = static_cast<float>(lr), b1 = static_cast<float>(beta1), b2 = static_cast<float>(beta2);
    const float wd = static_cast<float>(weightDecay), e = static_cast<float>(eps);
    const float gs = static_cast<float>(gnormScale);
    const float t = static_cast<float>(step.reshape({-1})[0].item<int64_t>()) + 1.0f;
    const float c1 = 1.0f - std::pow(b1, t);
    const float c2 = std::sqrt(1.0f - std::pow(b2, t));
    const float step_size = -lr_f * c2 / c1;
    const int64_t n = var.numel();
    const int64_t blocks = (n + blockSize - 1) / blockSize;
    const at::Tensor qm = qmapM.reshape({-1}).to(at::kFloat).contiguous();
    const at::Tensor qv = qmapV.reshape({-1}).to(at::kFloat).contiguous();
    const at::Tensor blk = at::div(at::arange(n, at::kLong), blockSize, "floor");
    const at::Tensor am = absmaxM.reshape({-1}).to(at::kFloat);
    const at::Tensor av = absmaxV.reshape({-1}).to(at::kFloat);
    at::Tensor m = qm.index_select(0, mRef.reshape({-1}).to(at::kLong)) * am.index_select(0, blk);
    at::Tensor v = qv.index_select(0, vRef.reshape({-1}).to(at::kLong)) * av.index_select(0, blk);
    const at::Tensor g = grad.reshape({-1}).to(at::kFloat) * gs;
    m = m * b1 + g * (1.0f - b1);
    v = v * b2 + (g * g) * (1.0f - b2);
    at::Tensor var_out = var.reshape({-1}).to(at::kFloat) + (m * step_size) / (at::sqrt(v) + e * c2);
    if (wd > 0.0f) var_out = var_out * (1.0f - lr_f * wd);
    auto block_absmax = [&](const at::Tensor& s) {
        const at::Tensor padded = at::cat({at::abs(s), at::zeros({blocks * blockSize - n}, s.options())});
        return std::get<0>(at::max(padded.view({blocks, blockSize}), 1));
    };
    const at::Tensor am_out = block_absmax(m);
    const at::Tensor av_out = block_absmax(v);
    const at::Tensor norm_m = m / am_out.index_select(0, blk);
    const at::Tensor norm_v = v / av_out.index_select(0, blk);
    at::Tensor code_m = AdamWQuantSearch(norm_m, qm);
    const at::Tensor entry_sign = at::sign(qm.index_select(0, code_m));
    const at::Tensor changed = at::ne(at::sign(norm_m), entry_sign);
    code_m = at::where(at::logical_and(at::lt(entry_sign, 0), changed), code_m - 1, code_m);
    code_m = at::where(at::logical_and(at::gt(entry_sign, 0), changed), code_m + 1, code_m);
    const at::Tensor code_v = AdamWQuantSearch(norm_v, qv);
    return std::make_tuple(var_out.to(var.scalar_type()).view(var.sizes()),
                           at::bitwise_and(code_m, 255).to(at::kByte).view(mRef.sizes()),
                           at::bitwise_and(code_v, 255).to(at::kByte).view(vRef.sizes()),
                           am_out.view(absmaxM.sizes()), av_out.view(absmaxV.sizes()));
}

/// aclnnFusedAdamw (optim/fused_adamw/op_kernel/fused_adamw_kernel.h, float32 for every dtype): when a given,
/// non-empty foundInfOptional holds 1.0 nothing changes (the inputs returned). For each tensor i: t =
/// float(stateSteps[i]) + 1; stepSize = lr / (1 - beta1^t); bc2 = sqrt(1 - beta2^t); g = grads[i] * (1 / gradScale)
/// with a given, non-empty gradScaleOptional; g = -g with maximize; param *= 1 - lr * weightDecay when weightDecay is
/// not 0; m = m * beta1 + g * (1 - beta1); v = v * beta2 + g * g * (1 - beta2); with amsgrad vmax = max(vmax, v) and
/// s = vmax, else s = v; param = param - m * stepSize / (sqrt(s) * (1 / bc2) + eps). Returns (params, expAvgs,
/// expAvgSqs, maxExpAvgSqs) in parameter order, each tensor in its own dtype (maxExpAvgSqs as given without amsgrad).
inline std::tuple<std::vector<at::Tensor>, std::vector<at::Tensor>, std::vector<at::Tensor>, std::vector<at::Tensor>>
FusedAdamwIn(const std::vector<at::Tensor>& params, const std::vector<at::Tensor>& grads,
             const std::vector<at::Tensor>& expAvgs, const std::vector<at::Tensor>& expAvgSqs,
             const std::vector<at::Tensor>& maxExpAvgSqs, const std::vector<at::Tensor>& stateSteps,
             const at::Tensor& gradScale, const at::Tensor& foundInf, double lr, double beta1, double beta2,
             double weightDecay, double eps, bool amsgrad, bool maximize) {
    if (foundInf.defined() && foundInf.numel() > 0 &&
        foundInf.reshape({-1})[0].item<float>() == 1.0f) {
        return std::make_tuple(params, expAvgs, expAvgSqs, maxExpAvgSqs);
    }
    const float lr_f = static_cast<float>(lr), b1 = static_cast<float>(beta1), b2 = static_cast<float>(beta2);
    const float wd = static_cast<float>(weightDecay), e = static_cast<float>(eps);
    const bool scaled = gradScale.defined() && gradScale.numel() > 0;
    const float inv_scale = scaled ? 1.0f / gradScale.reshape({-1})[0].item<float>() : 1.0f;
    std::vector<at::Tensor> p_out, m_out, v_out, vmax_out;
    for (size_t i = 0; i < params.size(); ++i) {
        const float t = stateSteps[i].reshape({-1})[0].to(at::kFloat).item<float>() + 1.0f;
        const float step_size = lr_f / (1.0f - std::pow(b1, t));
        const float bc2 = std::sqrt(1.0f - std::pow(b2, t));
        at::Tensor g = grads[i].to(at::kFloat);
        if (scaled) g = g * inv_scale;
        if (maximize) g = g * -1.0f;
        at::Tensor p = params[i].to(at::kFloat);
        if (wd != 0.0f) p = p * (1.0f - lr_f * wd);
        const at::Tensor m = expAvgs[i].to(at::kFloat) * b1 + g * (1.0f - b1);
        const at::Tensor v = expAvgSqs[i].to(at::kFloat) * b2 + (g * g) * (1.0f - b2);
        at::Tensor s = v;
        if (amsgrad && i < maxExpAvgSqs.size()) {
            s = at::maximum(maxExpAvgSqs[i].to(at::kFloat), v);
            vmax_out.push_back(s.to(maxExpAvgSqs[i].scalar_type()));
        }
        p = p - (m * step_size) / (at::sqrt(s) * (1.0f / bc2) + e);
        p_out.push_back(p.to(params[i].scalar_type()));
        m_out.push_back(m.to(expAvgs[i].scalar_type()));
        v_out.push_back(v.to(expAvgSqs[i].scalar_type()));
    }
    if (!amsgrad) vmax_out = maxExpAvgSqs;
    return std::make_tuple(p_out, m_out, v_out, vmax_out);
}

}  // namespace ref
}  // namespace aclcpu
