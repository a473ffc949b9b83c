// The reference formulas' helpers of ops-math's miscellaneous operators (ops/families/math_misc.yaml;
// docs/ops/math_misc.md). Included at the end of reference/aten_formulas.h (through the generated
// reference/family_formulas.inc), by the reference library and the table-driven test. Each helper restates the
// arithmetic its operator's documentation or kernel describes (hicann/ops-math, the source named at each) on ATen;
// FLOAT16 / BF16 are computed in FLOAT and rounded once by the writer's copy_ into the caller's output.
#pragma once

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>
#include <vector>

namespace aclcpu {
namespace ref {

/// FLOAT16 / BF16 widened to FLOAT; other dtypes as they are.
inline at::Tensor MmWide(const at::Tensor& x) {
    const at::ScalarType t = x.scalar_type();
    return (t == at::kHalf || t == at::kBFloat16) ? x.to(at::kFloat) : x;
}

/// aclnnAddN (math/add_n): the element-wise sum of the list's tensors (all of one shape and dtype - the checks),
/// added in list order: FLOAT16 / BF16 accumulated in FLOAT, the integers in their own dtype (two's complement
/// wrap-around, as the kernel's integer adds). One tensor: itself.
inline at::Tensor AddNOf(const std::vector<at::Tensor>& tensors) {
    at::Tensor acc = MmWide(tensors.at(0)).clone();
    for (size_t i = 1; i < tensors.size(); ++i) acc.add_(MmWide(tensors[i]));
    return acc;
}

/// The [n, n] masks of the segment sums: `upper_with_diag` true where column >= row, else where column > row.
inline at::Tensor MmTriangle(int64_t n, bool upper_with_diag) {
    return at::ones({n, n}, at::TensorOptions().dtype(at::kBool)).triu(upper_with_diag ? 0 : 1);
}

/// aclnnExpSegsum (math/segsum, docs/aclnnExpSegsum.md's steps): self [..., T] repeated along a new last dim
/// ([..., T, T], element [i, j] = self[i]), zeroed where j >= i, summed cumulatively along dim -2, set to -inf
/// where j > i, exponentiated: out[..., i, j] = exp(self[j+1] + ... + self[i]) for j <= i (1 on the diagonal), 0
/// above it. In FLOAT for FLOAT16 / BF16.
inline at::Tensor ExpSegsumOf(const at::Tensor& self) {
    const at::Tensor x = MmWide(self);
    const int64_t n = x.size(-1);
    std::vector<int64_t> shape(x.sizes().begin(), x.sizes().end());
    shape.push_back(n);
    at::Tensor e = x.unsqueeze(-1).expand(shape).masked_fill(MmTriangle(n, true), 0);
    e = at::cumsum(e, -2);
    e = e.masked_fill(MmTriangle(n, false), -std::numeric_limits<double>::infinity());
    return at::exp(e);
}

/// aclnnExpSegsumBackward (math/exp_segsum_grad, docs/aclnnExpSegsumBackward.md's steps): m = gradOutput *
/// gradSelf (the forward's output), zeroed where j >= i; summed cumulatively along dim -2 from its end (flip,
/// cumsum, flip); zeroed again where j >= i; summed along the last dim: gradInput[..., t] = the sum of m[..., i, j]
/// over i >= t > j. In FLOAT for FLOAT16 / BF16.
inline at::Tensor ExpSegsumBackwardOf(const at::Tensor& gradOutput, const at::Tensor& gradSelf) {
    at::Tensor m = at::mul(MmWide(gradOutput), MmWide(gradSelf));
    if (m.scalar_type() != at::kFloat && m.scalar_type() != at::kDouble) m = m.to(at::kFloat);
    const int64_t n = m.size(-1);
    const at::Tensor mask = MmTriangle(n, true);
    m = m.masked_fill(mask, 0);
    m = at::cumsum(m.flip({-2}), -2).flip({-2});
    m = m.masked_fill(mask, 0);
    return m.sum(-1);
}

/// aclnnLeftShifts (math/left_shift/op_api/aclnn_left_shift.cpp): self cast to PromoteType(self, the scalar's
/// dtype), the scalar converted to that dtype, shifted left, the writer casts to out's dtype. The scalar's
/// aclDataType does not reach a formula (an integral aclScalar arrives as an int64 at::Scalar): the promotion is
/// taken with INT64, the dtype CANN's example creates (see the contract). A shift below 0 or of the dtype's width
/// or more gives 0 (the reading of the kernel aclcpu keeps for aclnnLeftShift).
inline at::Tensor LeftShiftsOf(const at::Tensor& self, const at::Scalar& shiftBits) {
    const at::ScalarType p = at::promote_types(self.scalar_type(), at::kLong);
    const at::Tensor a = self.to(p);
    const at::Tensor b = at::scalar_tensor(shiftBits, at::TensorOptions().dtype(at::kLong)).to(p);
    const int64_t bits = static_cast<int64_t>(c10::elementSize(p)) * 8;
    const at::Tensor outside = at::logical_or(at::lt(b, 0), at::ge(b, bits));
    const at::Tensor shifted = at::bitwise_left_shift(a, at::clamp(b, 0, bits - 1));
    return at::where(outside, at::zeros_like(a), shifted);
}

/// aclnnAmpUpdateScale (math/amp_update_scale/op_kernel/amp_update_scale.h): on element 0 of each tensor (the
/// checks make each hold one), in float32 scalars as the kernel: scale = currentScale, tracker = growthTracker;
/// foundInf != 0 (NaN counts as non-zero): scale *= backoffFactor, tracker = 0; else tracker + 1 == growthInterval
/// (as int32): scale * growthFactor replaces scale when finite, tracker = 0; else tracker + 1. The factors are
/// floats (the operator's attributes), growthInterval an int32. Returns (updatedScale in FLOAT, updatedGrowthTracker
/// INT32), each of its output's shape (one element); the writer rounds the scale to updatedScale's dtype (round to nearest even,
/// the kernel's CAST_RINT for BF16).
inline std::tuple<at::Tensor, at::Tensor> AmpUpdateScaleOf(const at::Tensor& currentScale,
                                                           const at::Tensor& growthTracker,
                                                           const at::Tensor& foundInf, double growthFactor,
                                                           double backoffFactor, int64_t growthInterval,
                                                           const at::Tensor& updatedScale = at::Tensor(),
                                                           const at::Tensor& updatedGrowthTracker = at::Tensor()) {
    float scale = currentScale.reshape({-1})[0].to(at::kFloat).item<float>();
    const float found = foundInf.reshape({-1})[0].to(at::kFloat).item<float>();
    int32_t tracker = growthTracker.reshape({-1})[0].item<int32_t>();
    const float growth = static_cast<float>(growthFactor);
    const float backoff = static_cast<float>(backoffFactor);
    const int32_t interval = static_cast<int32_t>(growthInterval);
    if (found != 0.0f || found != found) {
        scale = scale * backoff;
        tracker = 0;
    } else {
        const int32_t successful = static_cast<int32_t>(static_cast<uint32_t>(tracker) + 1u);
        if (successful == interval) {
            const float grown = scale * growth;
            if (grown - grown == 0.0f) scale = grown;  // finite
            tracker = 0;
        } else {
            tracker = successful;
        }
    }
    const at::IntArrayRef ss = updatedScale.defined() ? updatedScale.sizes() : currentScale.sizes();
    const at::IntArrayRef ts = updatedGrowthTracker.defined() ? updatedGrowthTracker.sizes() : growthTracker.sizes();
    at::Tensor s = at::full(ss, scale, at::TensorOptions().dtype(at::kFloat));
    at::Tensor t = at::full(ts, static_cast<int64_t>(tracker), at::TensorOptions().dtype(at::kInt));
    return std::make_tuple(s, t);
}

/// aclnnAddExample / aclnnAddExampleCApi (examples/add_example*, op_kernel: z = x + y element-wise): FLOAT added in
/// FLOAT, INT32 in INT32 (wrap-around).
inline at::Tensor AddExampleOf(const at::Tensor& x1, const at::Tensor& x2) { return at::add(x1, x2); }

/// aclnnTransformBiasRescaleQkv (math/transform_bias_rescale_qkv; docs/aclnnTransformBiasRescaleQkv.md and the
/// kernel, op_kernel/transform_bias_rescale_qkv.h): qkv [B, T, 3 * D] plus qkvBias [3 * D] in FLOAT, split into q, k,
/// v of [B, T, numHeads, D / numHeads] each, moved to [B, numHeads, T, D / numHeads]; q multiplied by the FLOAT
/// scale 1 / sqrt(D / numHeads) (the kernel's scale, computed in float). The writer rounds to the outputs' dtype.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> TransformBiasRescaleQkvOf(const at::Tensor& qkv,
                                                                                const at::Tensor& qkvBias,
                                                                                int64_t numHeads) {
    const at::Tensor x = at::add(qkv.to(at::kFloat), qkvBias.to(at::kFloat));
    const int64_t b = x.size(0), t = x.size(1), dim = x.size(2) / 3, dph = dim / numHeads;
    const float scale = 1.0f / std::sqrt(static_cast<float>(dph));
    auto part = [&](int64_t i) { return x.narrow(2, i * dim, dim).reshape({b, t, numHeads, dph}).permute({0, 2, 1, 3}); };
    return std::make_tuple(at::mul(part(0), at::scalar_tensor(scale, at::kFloat)), part(1), part(2));
}

}  // namespace ref
}  // namespace aclcpu
