// The reference formulas of the nn_pooling family (ops/families/nn_pooling.yaml; docs/ops/nn_pooling.md): CANN's
// pooling operators as ATen's, computed in float32 and rounded once into the output. Included by the reference
// library through the generated reference/family_formulas.inc. Facts: hicann/ops-nn pooling/adaptive_avg_pool2d,
// adaptive_avg_pool3d, avg_pool3_d (aclnn_avgpool2d.cpp: the kernel / stride / padding expansion of 1-value arrays,
// an empty stride meaning the kernel, divisorOverride 0 meaning none, ProcessDataTypeConvert's USE_FP16 cast;
// aclnn_avgpool3d.cpp likewise).
#pragma once

#include <ATen/ATen.h>

#include <cstdint>
#include <limits>
#include <tuple>
#include <vector>

namespace aclcpu {
namespace ref {

/// aclnnAdaptiveAvgPool2d: ATen's adaptive_avg_pool2d over self widened to FLOAT (3-D CHW or 4-D NCHW); the NPU
/// averages in float32 too (its 910B path casts to FLOAT around AdaptiveAvgPool3d). ATen 1.13's CPU kernel has no
/// FLOAT16, hence the widening; BF16 likewise for one rounding.
inline at::Tensor AdaptiveAvgPool2dFloat(const at::Tensor& self, at::IntArrayRef outputSize) {
    return at::adaptive_avg_pool2d(self.to(at::kFloat), outputSize);
}

/// aclnnAdaptiveAvgPool3d: ATen's adaptive_avg_pool3d over self widened to FLOAT (4-D CDHW or 5-D NCDHW).
inline at::Tensor AdaptiveAvgPool3dFloat(const at::Tensor& self, at::IntArrayRef outputSize) {
    return at::adaptive_avg_pool3d(self.to(at::kFloat), outputSize);
}

/// The value of a 1- to n-value pooling array for spatial dim i (a single value for every dim).
inline int64_t PoolAt(at::IntArrayRef a, size_t i) { return a.size() == 1 ? a[0] : a[i]; }

/// aclnnAvgPool2d: ATen's avg_pool2d in float32 with kernel [kH, kW] (one value: both), stride [sH, sW] (empty: the
/// kernel; one value: both), padding [pH, pW] (one value: both), ceilMode, countIncludePad and divisorOverride (0:
/// none). cubeMathType USE_FP16 (2) rounds a FLOAT self to FLOAT16 first (ProcessDataTypeConvert); the result is
/// rounded once to out's dtype.
inline at::Tensor AvgPool2dCube(const at::Tensor& self, at::IntArrayRef kernelSize, at::IntArrayRef strides,
                                at::IntArrayRef paddings, bool ceilMode, bool countIncludePad, int64_t divisorOverride,
                                int64_t cubeMathType) {
    const std::vector<int64_t> k{PoolAt(kernelSize, 0), PoolAt(kernelSize, 1)};
    const std::vector<int64_t> s = strides.empty() ? k : std::vector<int64_t>{PoolAt(strides, 0), PoolAt(strides, 1)};
    const std::vector<int64_t> p{PoolAt(paddings, 0), PoolAt(paddings, 1)};
    at::Tensor x = self;
    if (self.scalar_type() == at::kFloat && cubeMathType == 2) x = x.to(at::kHalf);
    const c10::optional<int64_t> divisor = divisorOverride != 0 ? c10::optional<int64_t>(divisorOverride) : c10::nullopt;
    return at::avg_pool2d(x.to(at::kFloat), k, s, p, ceilMode, countIncludePad, divisor);
}

/// aclnnAvgPool3d: ATen's avg_pool3d in float32 with kernel, stride and padding of 1 or 3 values (stride empty: the
/// kernel), ceilMode, countIncludePad and divisorOverride (0: none).
inline at::Tensor AvgPool3dFloat(const at::Tensor& self, at::IntArrayRef kernelSize, at::IntArrayRef stride,
                                 at::IntArrayRef padding, bool ceilMode, bool countIncludePad, int64_t divisorOverride) {
    std::vector<int64_t> k, s, p;
    for (size_t i = 0; i < 3; ++i) {
        k.push_back(PoolAt(kernelSize, i));
        p.push_back(PoolAt(padding, i));
    }
    for (size_t i = 0; i < 3; ++i) s.push_back(stride.empty() ? k[i] : PoolAt(stride, i));
    const c10::optional<int64_t> divisor = divisorOverride != 0 ? c10::optional<int64_t>(divisorOverride) : c10::nullopt;
    return at::avg_pool3d(self.to(at::kFloat), k, s, p, ceilMode, countIncludePad, divisor);
}

/// FLOAT16 and BF16 widened to FLOAT; FLOAT and DOUBLE kept.
inline at::Tensor PoolWiden(const at::Tensor& t) { return t.scalar_type() == at::kDouble ? t : t.to(at::kFloat); }

/// aclnnAdaptiveAvgPool2dBackward: ATen's adaptive average pooling gradient (each gradOutput element spread evenly
/// over its window of self's shape) in float32.
inline at::Tensor AdaptiveAvgPool2dBackwardFloat(const at::Tensor& gradOutput, const at::Tensor& self) {
    return at::_adaptive_avg_pool2d_backward(PoolWiden(gradOutput), PoolWiden(self));
}

/// aclnnAdaptiveAvgPool3dBackward: as the 2-D one over D, H, W, in float32 (DOUBLE kept: the op_api lists it).
inline at::Tensor AdaptiveAvgPool3dBackwardFloat(const at::Tensor& gradOutput, const at::Tensor& self) {
    return at::_adaptive_avg_pool3d_backward(PoolWiden(gradOutput), PoolWiden(self));
}

/// aclnnAvgPool2dBackward: ATen's avg_pool2d_backward in float32 with the forward's attribute expansion (AvgPool2dCube):
/// each gradOutput element spread over its window with the forward's divisor.
inline at::Tensor AvgPool2dBackwardFloat(const at::Tensor& gradOutput, const at::Tensor& self, at::IntArrayRef kernelSize,
                                         at::IntArrayRef stride, at::IntArrayRef padding, bool ceilMode,
                                         bool countIncludePad, int64_t divisorOverride) {
    const std::vector<int64_t> k{PoolAt(kernelSize, 0), PoolAt(kernelSize, 1)};
    const std::vector<int64_t> s = stride.empty() ? k : std::vector<int64_t>{PoolAt(stride, 0), PoolAt(stride, 1)};
    const std::vector<int64_t> p{PoolAt(padding, 0), PoolAt(padding, 1)};
    const c10::optional<int64_t> divisor = divisorOverride != 0 ? c10::optional<int64_t>(divisorOverride) : c10::nullopt;
    return at::avg_pool2d_backward(gradOutput.to(at::kFloat), self.to(at::kFloat), k, s, p, ceilMode, countIncludePad,
                                   divisor);
}

/// aclnnAvgPool3dBackward: ATen's avg_pool3d_backward in float32 with the forward's attribute expansion
/// (AvgPool3dFloat).
inline at::Tensor AvgPool3dBackwardFloat(const at::Tensor& gradOutput, const at::Tensor& self, at::IntArrayRef kernelSize,
                                         at::IntArrayRef stride, at::IntArrayRef padding, bool ceilMode,
                                         bool countIncludePad, int64_t divisorOverride) {
    std::vector<int64_t> k, s, p;
    for (size_t i = 0; i < 3; ++i) {
        k.push_back(PoolAt(kernelSize, i));
        p.push_back(PoolAt(padding, i));
    }
    for (size_t i = 0; i < 3; ++i) s.push_back(stride.empty() ? k[i] : PoolAt(stride, i));
    const c10::optional<int64_t> divisor = divisorOverride != 0 ? c10::optional<int64_t>(divisorOverride) : c10::nullopt;
    return at::avg_pool3d_backward(gradOutput.to(at::kFloat), self.to(at::kFloat), k, s, p, ceilMode, countIncludePad,
                                   divisor);
}

/// aclnnAdaptiveMaxPool2d: ATen's adaptive_max_pool2d on self widened to FLOAT (DOUBLE kept; a maximum is exact in
/// any float dtype, so the widening changes nothing but the kernel ATen can run): the maxima and, as INT64, each
/// one's index in its input plane (h * W + w; the first of equal maxima, a NaN wins).
inline std::tuple<at::Tensor, at::Tensor> AdaptiveMaxPool2dFloat(const at::Tensor& self, at::IntArrayRef outputSize) {
    return at::adaptive_max_pool2d(PoolWiden(self), outputSize);
}

/// aclnnAdaptiveMaxPool2dBackward: each gradOutput element added, in float32, to gradInput at the position indices
/// gives in its input plane (ATen's adaptive_max_pool2d_backward; INT32 indices widened). The indices are the
/// caller's: one outside [0, H * W) is refused here (ATen's CPU kernel does not check them), which fails the second
/// phase with 561000.
inline at::Tensor AdaptiveMaxPool2dBackwardFloat(const at::Tensor& gradOutput, const at::Tensor& self,
                                                 const at::Tensor& indices) {
    const at::Tensor idx = indices.to(at::kLong);
    const int64_t plane = self.size(-1) * self.size(-2);
    if (idx.numel() > 0) {
        TORCH_CHECK(idx.min().item<int64_t>() >= 0 && idx.max().item<int64_t>() < plane,
                    "aclnnAdaptiveMaxPool2dBackward: an index outside the input plane [0, ", plane, ")");
    }
    return at::adaptive_max_pool2d_backward(PoolWiden(gradOutput), PoolWiden(self), idx);
}

/// aclnnMaxPool: the maximum over each kH x kW window (aclnn_max_pool.cpp's expansion: kernelShape of one value both
/// dims; strides empty 1, one value both; pads empty 0, one value every side, two [H, W] both sides, four [top, left,
/// bottom, right]) with ceilMode (non-zero: ceil), computed exactly in self's dtype: self padded with the dtype's
/// lowest value (-inf for the float dtypes) to the extent the pooled size (aclnn_max_pool.cpp's PoolingOutShape)
/// reads, cut into windows (unfold) and reduced with amax - a NaN in a window wins, as in ATen's max_pool2d.
inline at::Tensor MaxPoolExact(const at::Tensor& self, at::IntArrayRef kernelShape, at::IntArrayRef strides,
                               int64_t /*autoPad*/, at::IntArrayRef pads, at::IntArrayRef /*dilations*/,
                               int64_t ceilMode) {
    const bool is3d = self.dim() == 3;
    const at::Tensor x = is3d ? self.unsqueeze(0) : self;
    const int64_t kH = kernelShape[0], kW = kernelShape.size() == 1 ? kernelShape[0] : kernelShape[1];
    const int64_t dH = strides.empty() ? 1 : strides[0];
    const int64_t dW = strides.empty() ? 1 : strides.size() == 1 ? strides[0] : strides[1];
    int64_t hl = 0, hr = 0, wl = 0, wr = 0;
    if (pads.size() == 1) hl = hr = wl = wr = pads[0];
    if (pads.size() == 2) { hl = hr = pads[0]; wl = wr = pads[1]; }
    if (pads.size() == 4) { hl = pads[0]; wl = pads[1]; hr = pads[2]; wr = pads[3]; }
    auto out_size = [&](int64_t in, int64_t k, int64_t pl, int64_t pr, int64_t st) {
        const int64_t v = in + pl + pr - (k - 1) - 1 + (ceilMode != 0 ? st - 1 : 0);
        int64_t q = v / st;
        if (v % st != 0 && v < 0) --q;
        int64_t o = q + 1;
        if (ceilMode != 0 && (o - 1) * st >= in + pl) --o;
        return o;
    };
    const int64_t H = x.size(2), W = x.size(3);
    const int64_t oh = out_size(H, kH, hl, hr, dH), ow = out_size(W, kW, wl, wr, dW);
    const int64_t right_h = (oh - 1) * dH + kH - H - hl, right_w = (ow - 1) * dW + kW - W - wl;
    at::Scalar lowest;
    switch (x.scalar_type()) {
        case at::kByte: lowest = at::Scalar(int64_t{0}); break;
        case at::kChar: lowest = at::Scalar(int64_t{-128}); break;
        case at::kShort: lowest = at::Scalar(int64_t{-32768}); break;
        case at::kInt: lowest = at::Scalar(int64_t{-2147483647 - 1}); break;
        case at::kLong: lowest = at::Scalar(std::numeric_limits<int64_t>::min()); break;
        default: lowest = at::Scalar(-std::numeric_limits<double>::infinity()); break;
    }
    const at::Tensor padded = at::constant_pad_nd(x, {wl, right_w, hl, right_h}, lowest);
    const at::Tensor r = padded.unfold(2, kH, dH).unfold(3, kW, dW).amax({-2, -1});
    return is3d ? r.squeeze(0) : r;
}

/// The 2-D pooling arrays as ATen takes them: one value for both dims, an empty stride meaning the kernel.
inline std::vector<int64_t> Pool2dArray(at::IntArrayRef a, at::IntArrayRef if_empty) {
    if (a.empty()) return std::vector<int64_t>(if_empty.begin(), if_empty.end());
    if (a.size() == 1) return {a[0], a[0]};
    return {a[0], a[1]};
}

/// aclnnMaxPool2dWithIndices (pooling/max_pool3d_with_argmax_v2/op_api/aclnn_max_pool2d_with_indices.cpp): the
/// MaxPool3DWithArgmaxV2 kernel on self viewed as NCDHW with D = 1 (Atlas A2/A3) or MaxPoolWithArgmaxV3 (Ascend 950):
/// the largest value of each window (padding never chosen) and its flat index h * W + w in the input plane, the
/// indices cast to indices' dtype. Here: ATen's max_pool2d_with_indices on a float32 copy (a selection: exact in
/// every dtype), the values rounded back by the write. Results (out, indices).
inline std::tuple<at::Tensor, at::Tensor> MaxPool2dWithIndicesIn(const at::Tensor& self, at::IntArrayRef kernelSize,
                                                                 at::IntArrayRef stride, at::IntArrayRef padding,
                                                                 at::IntArrayRef dilation, bool ceilMode) {
    const std::vector<int64_t> k = Pool2dArray(kernelSize, {});
    return at::max_pool2d_with_indices(self.to(at::kFloat), k, Pool2dArray(stride, k), Pool2dArray(padding, {}),
                                       Pool2dArray(dilation, {}), ceilMode);
}

/// aclnnMaxPool2dWithIndicesBackward (pooling/max_pool3d_grad_with_argmax/op_api/
/// aclnn_max_pool2d_with_indices_backward.cpp; the MaxPool3DGradWithArgmax kernel with D = 1, or
/// MaxPoolGradWithArgmaxV3 on Ascend 950): each gradOutput element added into gradInput at its window's argmax
/// (indices: the flat h * W + w of the input plane). Here: ATen's max_pool2d_with_indices_backward in float32, the
/// sum rounded once to gradInput's dtype. An index outside the input plane (the caller's; what the kernel does with
/// one is not public) contributes nothing - ATen's CPU kernel would write outside gradInput.
inline at::Tensor MaxPool2dWithIndicesBackwardIn(const at::Tensor& gradOutput, const at::Tensor& self,
                                                 const at::Tensor& indices, at::IntArrayRef kernelSize,
                                                 at::IntArrayRef stride, at::IntArrayRef padding,
                                                 at::IntArrayRef dilation, bool ceilMode) {
    const std::vector<int64_t> k = Pool2dArray(kernelSize, {});
    const int64_t plane = self.size(-1) * self.size(-2);
    at::Tensor idx = indices.to(at::kLong).reshape(gradOutput.sizes());
    const at::Tensor inside = (idx >= 0).logical_and(idx < plane);
    at::Tensor g = gradOutput.to(at::kFloat).mul(inside).contiguous();
    return at::max_pool2d_with_indices_backward(g, self.to(at::kFloat), k, Pool2dArray(stride, k),
                                                Pool2dArray(padding, {}), Pool2dArray(dilation, {}), ceilMode,
                                                idx.clamp(0, plane - 1).contiguous());
}

/// The 3-D pooling arrays as ATen takes them: one value for the three dims, an empty stride meaning the kernel.
inline std::vector<int64_t> Pool3dArray(at::IntArrayRef a, at::IntArrayRef if_empty) {
    if (a.empty()) return std::vector<int64_t>(if_empty.begin(), if_empty.end());
    if (a.size() == 1) return {a[0], a[0], a[0]};
    return {a[0], a[1], a[2]};
}

/// aclnnMaxPool3dWithArgmax (pooling/max_pool3d_with_argmax_v2/op_api/aclnn_max_pool3d_with_argmax.cpp; the
/// MaxPool3DWithArgmaxV2 kernel on NCDHW): the largest value of each window and its flat index d * H * W + h * W + w
/// in the input volume, cast to indices' dtype. Here: ATen's max_pool3d_with_indices on a float32 copy (a selection:
/// exact), rounded back by the write. Results (out, indices).
inline std::tuple<at::Tensor, at::Tensor> MaxPool3dWithArgmaxIn(const at::Tensor& self, at::IntArrayRef kernelSize,
                                                               at::IntArrayRef stride, at::IntArrayRef padding,
                                                               at::IntArrayRef dilation, bool ceilMode) {
    const std::vector<int64_t> k = Pool3dArray(kernelSize, {});
    return at::max_pool3d_with_indices(self.to(at::kFloat), k, Pool3dArray(stride, k), Pool3dArray(padding, {}),
                                       Pool3dArray(dilation, {}), ceilMode);
}

/// aclnnMaxPool3dWithArgmaxBackward (pooling/max_pool3d_grad_with_argmax/op_api/
/// aclnn_max_pool3d_with_argmax_backward.cpp; the MaxPool3DGradWithArgmax kernel): each gradOutput element added into
/// gradInput at its window's argmax (the flat d * H * W + h * W + w). Here: ATen's max_pool3d_with_indices_backward in
/// float32, rounded once to gradInput's dtype; an index outside the input volume contributes nothing.
inline at::Tensor MaxPool3dWithArgmaxBackwardIn(const at::Tensor& gradOutput, const at::Tensor& self,
                                                const at::Tensor& indices, at::IntArrayRef kernelSize,
                                                at::IntArrayRef stride, at::IntArrayRef padding,
                                                at::IntArrayRef dilation, bool ceilMode) {
    const std::vector<int64_t> k = Pool3dArray(kernelSize, {});
    const int64_t volume = self.size(-1) * self.size(-2) * self.size(-3);
    const at::Tensor idx = indices.to(at::kLong);
    const at::Tensor inside = (idx >= 0).logical_and(idx < volume);
    const at::Tensor g = gradOutput.to(at::kFloat).mul(inside).contiguous();
    return at::max_pool3d_with_indices_backward(g, self.to(at::kFloat), k, Pool3dArray(stride, k),
                                                Pool3dArray(padding, {}), Pool3dArray(dilation, {}), ceilMode,
                                                idx.clamp(0, volume - 1).contiguous());
}

/// aclnnAdaptiveMaxPool3d: the maximum over adaptive D, H, W windows with its position d * H * W + h * W + w in the
/// input volume (ATen's adaptive_max_pool3d in float32; the op_api runs MaxPool3DWithArgmaxV2 when every size divides
/// evenly, the same windows). outputSize: three values, or (the 950) one value for all three, or none (self's D, H,
/// W). The writer rounds the maxima (exact) to out's dtype and the INT64 positions to indices' dtype.
inline std::tuple<at::Tensor, at::Tensor> AdaptiveMaxPool3dFloat(const at::Tensor& self, at::IntArrayRef outputSize) {
    std::vector<int64_t> os(outputSize.begin(), outputSize.end());
    if (os.size() == 1) os = {os[0], os[0], os[0]};
    if (os.empty()) os = {self.size(-3), self.size(-2), self.size(-1)};
    return at::adaptive_max_pool3d(PoolWiden(self), os);
}

/// aclnnAdaptiveMaxPool3dBackward: each gradOutput element added, in float32, to gradInput at the position indices
/// gives in its input volume (ATen's adaptive_max_pool3d_backward; INT32 indices widened). An index outside
/// [0, D * H * W) is refused here (ATen's CPU kernel does not check it): the second phase fails with 561000.
inline at::Tensor AdaptiveMaxPool3dBackwardFloat(const at::Tensor& gradOutput, const at::Tensor& self,
                                                 const at::Tensor& indices) {
    const at::Tensor idx = indices.to(at::kLong).contiguous();  // ATen's 3-D CPU backward reads indices densely
    const int64_t vol = self.size(-1) * self.size(-2) * self.size(-3);
    if (idx.numel() > 0) {
        TORCH_CHECK(idx.min().item<int64_t>() >= 0 && idx.max().item<int64_t>() < vol,
                    "aclnnAdaptiveMaxPool3dBackward: an index outside the input volume [0, ", vol, ")");
    }
    return at::adaptive_max_pool3d_backward(PoolWiden(gradOutput).contiguous(), PoolWiden(self).contiguous(), idx);
}

}  // namespace ref
}  // namespace aclcpu
