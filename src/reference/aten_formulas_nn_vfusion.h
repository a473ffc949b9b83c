// The reference formulas' helpers of the nn_vfusion family (ops/families/nn_vfusion.yaml; docs/ops/nn_vfusion.md):
// each operator's computation as its aclnn documentation and golden script state it, by ATen in float32 (FLOAT16 /
// BF16 widened, as the op_api casts them), each result rounded once to its output's dtype by the writer. Included at
// the end of reference/aten_formulas.h (through the generated reference/family_formulas.inc). Needs ATen.
#pragma once

#include <ATen/ATen.h>

#include <algorithm>
#include <cstdint>
#include <tuple>

namespace aclcpu {
namespace ref {

/// Multi-scale deformable attention in float32 (aclnnMultiScaleDeformableAttnFunction.md's formula; its golden
/// script's grid_sample with align_corners false and zero padding is the same sampling). value [bs, K, heads, C],
/// location [bs, Q, heads, L, P, 2] ((x, y) in [0, 1]), attnWeight [bs, Q, heads, L, P], all FLOAT; spatialShape
/// [L, 2] (H, W) and levelStartIndex [L] read as integers. For level l: x = u * W - 0.5, y = v * H - 0.5; a point
/// with x or y at or beyond -1 / W, H contributes nothing (the kernel's outer test); otherwise its four floor corners
/// weighted (1 - ax)(1 - ay), ax(1 - ay), (1 - ax)ay, ax ay, a corner outside the level's map contributing 0, read
/// at key levelStartIndex[l] + row * W + col. Beyond CANN: a key outside [0, K) (inconsistent spatialShape /
/// levelStartIndex values, which the op_api does not check and the kernel would read past value) contributes 0.
/// Written with differentiable ATen operations only, so that MsdaGrad differentiates it. Returns [bs, Q, heads * C].
inline at::Tensor MsdaForwardFloat(const at::Tensor& value, const at::Tensor& spatialShape,
                                   const at::Tensor& levelStartIndex, const at::Tensor& location,
                                   const at::Tensor& attnWeight) {
    const int64_t bs = value.size(0), keys = value.size(1), heads = value.size(2), ch = value.size(3);
    const int64_t queries = location.size(1), levels = location.size(3), points = location.size(4);
    const at::Tensor sp = spatialShape.to(at::kLong).contiguous();
    const at::Tensor st = levelStartIndex.to(at::kLong).contiguous();
    const int64_t* spv = sp.data_ptr<int64_t>();
    const int64_t* stv = st.data_ptr<int64_t>();
    const int64_t qp = queries * points;
    const at::Tensor v = value.permute({0, 2, 1, 3});  // [bs, heads, K, C]
    at::Tensor out = at::zeros({bs, heads, queries, ch}, value.options());
    constexpr int64_t kLimit = int64_t{1} << 31;  // keeps every key computation inside int64
    for (int64_t l = 0; l < levels; ++l) {
        const int64_t hh = std::min(std::max(spv[2 * l], int64_t{0}), kLimit);
        const int64_t ww = std::min(std::max(spv[2 * l + 1], int64_t{0}), kLimit);
        const int64_t start = std::min(std::max(stv[l], -kLimit), kLimit);
        const at::Tensor lv = location.select(3, l).permute({0, 2, 1, 3, 4});  // [bs, heads, Q, P, 2]
        const at::Tensor x = lv.select(4, 0) * static_cast<double>(ww) - 0.5;
        const at::Tensor y = lv.select(4, 1) * static_cast<double>(hh) - 0.5;
        const at::Tensor inside = (x > -1) & (y > -1) & (x < static_cast<double>(ww)) & (y < static_cast<double>(hh));
        const at::Tensor x0 = at::floor(x).detach(), y0 = at::floor(y).detach();
        const at::Tensor ax = x - x0, ay = y - y0;
        at::Tensor acc = at::zeros({bs, heads, qp, ch}, value.options());
        for (int dy = 0; dy < 2; ++dy) {
            for (int dx = 0; dx < 2; ++dx) {
                const at::Tensor xi = x0 + dx, yi = y0 + dy;
                at::Tensor ok = inside & (xi >= 0) & (xi < static_cast<double>(ww)) & (yi >= 0) &
                                (yi < static_cast<double>(hh));
                const at::Tensor col = at::where(ok, xi, at::zeros_like(xi)).to(at::kLong);
                const at::Tensor row = at::where(ok, yi, at::zeros_like(yi)).to(at::kLong);
                at::Tensor key = row * ww + col + start;
                ok = ok & (key >= 0) & (key < keys);
                key = at::where(ok, key, at::zeros_like(key));
                const at::Tensor wt = (dx ? ax : 1 - ax) * (dy ? ay : 1 - ay) * ok.to(value.scalar_type());
                const at::Tensor g = at::gather(v, 2, key.reshape({bs, heads, qp, 1}).expand({bs, heads, qp, ch}));
                acc = acc + g * wt.reshape({bs, heads, qp, 1});
            }
        }
        const at::Tensor a = attnWeight.select(3, l).permute({0, 2, 1, 3});  // [bs, heads, Q, P]
        out = out + (acc.view({bs, heads, queries, points, ch}) * a.unsqueeze(-1)).sum(3);
    }
    return out.permute({0, 2, 1, 3}).reshape({bs, queries, heads * ch});
}

/// aclnnMultiScaleDeformableAttnFunction: MsdaForwardFloat on value, location, attnWeight widened to FLOAT (the Atlas
/// A2/A3 path casts them; the Ascend 950's SIMT path for C < 64 computes FLOAT16 / BF16 natively: not modelled);
/// rounded once to output's dtype by the writer.
inline at::Tensor MultiScaleDeformableAttnRef(const at::Tensor& value, const at::Tensor& spatialShape,
                                              const at::Tensor& levelStartIndex, const at::Tensor& location,
                                              const at::Tensor& attnWeight) {
    return MsdaForwardFloat(value.to(at::kFloat), spatialShape, levelStartIndex, location.to(at::kFloat),
                            attnWeight.to(at::kFloat));
}

/// aclnnMultiScaleDeformableAttentionGrad: the exact derivatives of MsdaForwardFloat (the op_api casts value,
/// location, attnWeight, gradOutput to FLOAT), by ATen's autograd on float32 copies: gradValue the corners' weights
/// times attnWeight times gradOutput, summed into each key read; gradLocation W (H) times the bilinear sample's
/// derivative along x (y) times attnWeight, dotted with gradOutput; gradAttnWeight the sample dotted with gradOutput.
/// A point outside the kernel's outer test has every gradient 0. Each output rounded once to its dtype by the writer.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> MultiScaleDeformableAttnGradRef(
    const at::Tensor& value, const at::Tensor& spatialShape, const at::Tensor& levelStartIndex,
    const at::Tensor& location, const at::Tensor& attnWeight, const at::Tensor& gradOutput) {
    c10::AutoGradMode grad_on(true);
    const at::Tensor v = value.to(at::kFloat).detach().clone().requires_grad_(true);
    const at::Tensor l = location.to(at::kFloat).detach().clone().requires_grad_(true);
    const at::Tensor a = attnWeight.to(at::kFloat).detach().clone().requires_grad_(true);
    const at::Tensor out = MsdaForwardFloat(v, spatialShape, levelStartIndex, l, a);
    out.backward(gradOutput.to(at::kFloat).reshape(out.sizes()).contiguous());
    auto grad_or_zero = [](const at::Tensor& t) { return t.grad().defined() ? t.grad() : at::zeros_like(t); };
    return std::make_tuple(grad_or_zero(v).detach(), grad_or_zero(l).detach(), grad_or_zero(a).detach());
}

}  // namespace ref
}  // namespace aclcpu
