// The reference formulas' helpers of the conversion family (ops/families/conversion.yaml; docs/ops/conversion.md).
// Included through reference/family_formulas.inc at the end of reference/aten_formulas.h (namespace aclcpu::ref).
// These operators move, select or zero elements: no arithmetic, so ATen's result is the kernel's bit for bit for
// every dtype ATen 1.13 has (the unsigned 16/32/64-bit dtypes CANN lists have no ATen type: the bridge refuses
// them at the second phase, 561000).
#pragma once

#include <ATen/ATen.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/strided_slice_plan.h"

namespace aclcpu {
namespace ref {

/// aclnnFlatten (ops-math conversion/flatten/op_host/op_api/aclnn_flatten.cpp): self as the 2-D
/// [prod(dims before axis), prod(dims from axis)], axis wrapped over max(rank, 1) (a 0-d self: [1, 1]). Not
/// ATen's flatten(start, end), which keeps the leading dims.
inline at::Tensor FlattenTo2d(const at::Tensor& self, int64_t axis) {
    const int64_t n = self.dim();
    const int64_t wrap = axis < 0 ? axis + (n > 0 ? n : 1) : axis;
    int64_t d0 = 1, d1 = 1;
    for (int64_t i = 0; i < n; ++i) (i < wrap ? d0 : d1) *= self.size(i);
    return self.reshape({d0, d1});
}

/// aclnnRepeat (ops-math math/tile/op_api/aclnn_repeat.cpp): ATen's repeat (self with leading 1-dims to the
/// repeats' length, tiled). Where the op_api returns before computing - self or out empty, a zero repeat - nothing
/// is written: out itself is returned (the bridge's Write then copies nothing).
inline at::Tensor RepeatOrKeep(const at::Tensor& self, at::IntArrayRef repeats, const at::Tensor& out) {
    for (int64_t r : repeats) {
        if (r == 0) return out;
    }
    if (self.numel() == 0 || out.numel() == 0) return out;
    if (repeats.empty()) return self;
    return self.repeat(repeats);
}

/// self's elements (flattened, in order) on diagonal `diagonal` of an [n + |d|, n + |d|] matrix of zeros in self's
/// dtype: ATen's diagflat, written with diagonal() and copy_ because ATen 1.13's diag kernel lacks FLOAT16.
inline at::Tensor DiagFlatOf(const at::Tensor& self, int64_t diagonal) {
    const int64_t side = self.numel() + (diagonal < 0 ? -diagonal : diagonal);
    at::Tensor r = at::zeros({side, side}, self.options());
    r.diagonal(diagonal).copy_(self.reshape({-1}));
    return r;
}

/// aclnnDiag (ops-math conversion/diag_v2/op_api/aclnn_diag.cpp): nothing written (out returned) where the op_api
/// returns early - an empty self with diagonal 0, or a 2-D self whose diagonal equals its column count (> 0) or
/// minus its row count (< 0); an empty self otherwise: out filled with 0; a self of fewer than 2 dims: its elements
/// on a diagonal of a square matrix (DiagFlat: DiagFlatOf, also a 0-d self); a 2-D self: its diagonal (DiagV2:
/// ATen's diagonal view).
inline at::Tensor DiagOrKeep(const at::Tensor& self, int64_t diagonal, const at::Tensor& out) {
    const bool exact_edge = self.dim() == 2 && ((diagonal > 0 && self.size(1) == diagonal) ||
                                                (diagonal < 0 && self.size(0) == -diagonal));
    if ((self.numel() == 0 && diagonal == 0) || exact_edge) return out;
    if (self.numel() == 0) return at::zeros_like(out);
    if (self.dim() < 2) return DiagFlatOf(self, diagonal);
    return self.diagonal(diagonal);
}

/// aclnnDiagFlat (ops-math conversion/diag_flat/op_api/aclnn_diag_flat.cpp): an empty self writes nothing (out
/// returned); otherwise DiagFlatOf (self flattened onto the diagonal of a square matrix), which the writer
/// casts to out's dtype as the op_api's Cast does.
inline at::Tensor DiagFlatOrKeep(const at::Tensor& self, int64_t diagonal, const at::Tensor& out) {
    if (self.numel() == 0) return out;
    return DiagFlatOf(self, diagonal);
}

/// The reflection pads (ops-math conversion/mirror_pad/op_api/aclnn_reflection_pad{1,2,3}d.cpp): each of the last
/// padding.size() / 2 dims (padding[0], padding[1] the last dim's begin and end, then the one before) gathered with
/// the mirror index (out position j reads p = j - begin, reflected at both ends without repeating the edge: -p
/// below 0, 2 (n - 1) - p above n - 1); a negative pad crops. An index_select per dim, so every dtype (BOOL and
/// the integers too, which ATen 1.13's reflection_pad kernels do not all take) is moved exactly. Nothing written
/// (out returned) where the op_api returns early: self or out empty.
inline at::Tensor ReflectionPadOrKeep(const at::Tensor& self, at::IntArrayRef padding, const at::Tensor& out) {
    if (self.numel() == 0 || out.numel() == 0) return out;
    at::Tensor r = self;
    const int64_t nd = self.dim();
    for (size_t k = 0; 2 * k + 1 < padding.size(); ++k) {
        const int64_t d = nd - 1 - static_cast<int64_t>(k);
        const int64_t n = self.size(d), begin = padding[2 * k], end = padding[2 * k + 1];
        std::vector<int64_t> idx;
        for (int64_t j = 0; j < n + begin + end; ++j) {
            int64_t p = j - begin;
            if (p < 0) p = -p;
            if (p > n - 1) p = 2 * (n - 1) - p;
            idx.push_back(p);
        }
        r = r.index_select(d, at::tensor(idx, at::kLong));
    }
    return r;
}

/// The replication pads (ops-math conversion/pad_v3/op_api/aclnn_replication_pad{1,2,3}d.cpp, PadV3 "edge"): as
/// ReflectionPadOrKeep with the index clamped to [0, n - 1] (the edge element repeated).
inline at::Tensor ReplicationPadOrKeep(const at::Tensor& self, at::IntArrayRef padding, const at::Tensor& out) {
    if (self.numel() == 0 || out.numel() == 0) return out;
    at::Tensor r = self;
    const int64_t nd = self.dim();
    for (size_t k = 0; 2 * k + 1 < padding.size(); ++k) {
        const int64_t d = nd - 1 - static_cast<int64_t>(k);
        const int64_t n = self.size(d), begin = padding[2 * k], end = padding[2 * k + 1];
        std::vector<int64_t> idx;
        for (int64_t j = 0; j < n + begin + end; ++j) {
            const int64_t p = j - begin;
            idx.push_back(p < 0 ? 0 : (p > n - 1 ? n - 1 : p));
        }
        r = r.index_select(d, at::tensor(idx, at::kLong));
    }
    return r;
}

/// aclnnSlice (ops-math conversion/slice/op_api/aclnn_slice.cpp): dim, start and end wrapped (a negative value plus
/// the size) and clamped (start to [0, size], end to [start, size]) as the op_api does, then every step-th element
/// of [start, end) along dim (ATen's slice).
inline at::Tensor SliceRange(const at::Tensor& self, int64_t dim, int64_t start, int64_t end, int64_t step) {
    if (dim < 0) dim += self.dim();
    const int64_t size = self.size(dim);
    if (start < 0) start += size;
    if (end < 0) end += size;
    start = start < 0 ? 0 : (start >= size ? size : start);
    end = end < start ? start : (end >= size ? size : end);
    return self.slice(dim, start, end, step);
}

/// aclnnChannelShuffle (ops-math conversion/transpose/op_api/aclnn_channel_shuffle.cpp): self [N, C, *] viewed as
/// [N, groups, C / groups, *], dims 1 and 2 swapped, viewed back as [N, C, *] (the op_api's Reshape, Transpose,
/// Reshape).
inline at::Tensor ChannelShuffle(const at::Tensor& self, int64_t groups) {
    std::vector<int64_t> shape = {self.size(0), groups, self.size(1) / groups};
    for (int64_t d = 2; d < self.dim(); ++d) shape.push_back(self.size(d));
    return self.reshape(shape).transpose(1, 2).reshape(self.sizes());
}

/// aclnnInplaceMaskedFillScalar / aclnnInplaceMaskedFillTensor (ops-math conversion/masked_fill/op_api): the value
/// converted to selfRef's dtype (ConvertToTensor / Cast: a float value truncated toward zero for an integral selfRef,
/// non-zero as true for BOOL), written where mask (broadcast to selfRef's shape) is true - a selection, exact in
/// every dtype. An empty selfRef or mask: the first phase returns before (nothing written).
inline at::Tensor MaskedFillFormula(const at::Tensor& self, const at::Tensor& mask, const at::Tensor& value) {
    return at::where(mask, value.reshape({}).to(self.scalar_type()), self);
}
inline at::Tensor MaskedFillScalarFormula(const at::Tensor& self, const at::Tensor& mask, const at::Scalar& value) {
    const at::ScalarType held = value.isBoolean() ? at::kBool
                                : value.isIntegral(false) ? at::kLong
                                : value.isComplex() ? at::kComplexDouble : at::kDouble;
    return MaskedFillFormula(self, mask, at::scalar_tensor(value, at::TensorOptions().dtype(held)));
}

/// aclnnInplaceFillTensor (ops-math conversion/fill/op_api/aclnn_fill_tensor.cpp): value (0-d or one element) cast
/// to selfRef's dtype (Cast), every element of selfRef set to it. An empty selfRef: nothing written.
inline at::Tensor FillTensorFormula(const at::Tensor& self, const at::Tensor& value) {
    return value.reshape({}).to(self.scalar_type()).expand(self.sizes());
}

/// aclnnReflectionPad{1,2,3}dBackward / aclnnReplicationPad{1,2,3}dBackward (ops-math conversion/pad_v3_grad_replicate,
/// pad_v3_grad_replication, pad_v4_grad: PadV3Grad): gradInput[i] = the sum of gradOutput over the padded positions
/// that read self's position i (the forward's index map of ReflectionPadOrKeep / ReplicationPadOrKeep, padding
/// begin/end per dim, the last dim first; negative pads crop). Sums in float32 for FLOAT16 / BF16, rounded once (the
/// op_apis cast BF16 - and FLOAT16 for reflection - to FLOAT around the kernel; the FLOAT16 replication kernels and
/// the AI CPU paths of negative or large pads sum in FLOAT16, which may round after each term), in the dtype itself
/// otherwise (FLOAT, DOUBLE, COMPLEX64, COMPLEX128). ATen's index_add over the positions, in order; the NPU's
/// summation order is its own. Empty tensors: the first phase returns before (nothing written).
inline at::Tensor PadBackwardByIndex(const at::Tensor& grad, const at::Tensor& self, at::IntArrayRef padding, bool reflect) {
    const at::ScalarType t = self.scalar_type();
    const bool low = t == at::kHalf || t == at::kBFloat16;
    at::Tensor r = low ? grad.to(at::kFloat) : grad.to(t);
    const int64_t nd = self.dim();
    for (size_t k = 0; 2 * k + 1 < padding.size(); ++k) {
        const int64_t d = nd - 1 - static_cast<int64_t>(k);
        const int64_t n = self.size(d), begin = padding[2 * k];
        std::vector<int64_t> idx;
        for (int64_t j = 0; j < r.size(d); ++j) {
            int64_t p = j - begin;
            if (reflect) {
                if (p < 0) p = -p;
                if (p > n - 1) p = 2 * (n - 1) - p;
            } else {
                p = p < 0 ? 0 : (p > n - 1 ? n - 1 : p);
            }
            idx.push_back(p);
        }
        std::vector<int64_t> shape = r.sizes().vec();
        shape[static_cast<size_t>(d)] = n;
        r = at::zeros(shape, r.options()).index_add_(d, at::tensor(idx, at::kLong), r);
    }
    return r.to(t);
}

/// The circular pad's index map of one padded dim: output position j reads (j - begin) mod n (a negative pad crops).
inline at::Tensor CircularIndex(int64_t n, int64_t begin, int64_t len) {
    std::vector<int64_t> idx;
    for (int64_t j = 0; j < len; ++j) idx.push_back((((j - begin) % n) + n) % n);
    return at::tensor(idx, at::kLong);
}

/// aclnnCircularPad2d / 3d (ops-math conversion/circular_pad: PadV3 "circular"): self padded over its last 2 / 3 dims
/// by wrapping around (padding: begin and end per dim, the last dim first). A selection: exact. An empty self or out:
/// nothing written (out returned).
inline at::Tensor CircularPadOrKeep(const at::Tensor& self, at::IntArrayRef padding, const at::Tensor& out) {
    if (self.numel() == 0 || out.numel() == 0) return out;
    at::Tensor r = self;
    const int64_t nd = self.dim();
    for (size_t k = 0; 2 * k + 1 < padding.size(); ++k) {
        const int64_t d = nd - 1 - static_cast<int64_t>(k);
        const int64_t n = self.size(d);
        r = r.index_select(d, CircularIndex(n, padding[2 * k], n + padding[2 * k] + padding[2 * k + 1]));
    }
    return r;
}

/// aclnnCircularPad2dBackward / 3dBackward (ops-math conversion/circular_pad_grad: PadV3Grad "circular"): each element
/// of self receives the sum of gradOutput over the positions the circular pad copied it to (the map above, index_add
/// along each padded dim). FLOAT16 / BF16 summed in float32 and rounded once (the kernel's order and its intermediate
/// roundings are its own).
inline at::Tensor CircularPadBackward(const at::Tensor& grad, const at::Tensor& self, at::IntArrayRef padding) {
    const at::ScalarType t = self.scalar_type();
    at::Tensor r = t == at::kHalf || t == at::kBFloat16 ? grad.to(at::kFloat) : grad.to(t);
    const int64_t nd = self.dim();
    for (size_t k = 0; 2 * k + 1 < padding.size(); ++k) {
        const int64_t d = nd - 1 - static_cast<int64_t>(k);
        const int64_t n = self.size(d);
        std::vector<int64_t> shape = r.sizes().vec();
        shape[static_cast<size_t>(d)] = n;
        r = at::zeros(shape, r.options()).index_add_(d, CircularIndex(n, padding[2 * k], r.size(d)), r);
    }
    return r.to(t);
}

/// aclnnInplaceFillDiagonal (ops-math conversion/fill_diagonal_v2: the AI CPU FillDiagonal takes fillValue->ToFloat()
/// as its attribute): the main diagonal of selfRef (every index equal; a tall 2-D matrix restarts it every N + 1 rows
/// with wrap) set to the value rounded to float32, then converted to selfRef's dtype (truncation toward zero for an
/// integral one) - torch.Tensor.fill_diagonal_. A selection of one value: exact. An empty selfRef: nothing written.
inline at::Tensor FillDiagonalFormula(const at::Tensor& self, const at::Scalar& fillValue, bool wrap) {
    return self.clone().fill_diagonal_(at::Scalar(static_cast<double>(fillValue.toFloat())), wrap);
}

/// aclnnSliceV2 (ops-math conversion/strided_slice_v3: StridedSliceV3): self sliced along each of axes (the first
/// steps.size() of them) from start to end by step - a negative start or end counted from the end, start clamped to
/// [0, size], end to [start, size], as the op_api computes out's shape. A selection: exact. An empty self: nothing
/// written.
inline at::Tensor SliceV2Formula(const at::Tensor& self, at::IntArrayRef starts, at::IntArrayRef ends,
                                 at::IntArrayRef axes, at::IntArrayRef steps) {
    at::Tensor r = self;
    const int64_t n = self.dim();
    for (size_t i = 0; i < steps.size(); ++i) {
        const int64_t dim = axes[i] >= 0 ? axes[i] : axes[i] + n;
        const int64_t size = self.size(dim);
        int64_t start = starts[i] >= 0 ? starts[i] : starts[i] + size;
        int64_t end = ends[i] >= 0 ? ends[i] : ends[i] + size;
        start = start < 0 ? 0 : (start > size ? size : start);
        end = end < start ? start : (end > size ? size : end);
        r = r.slice(dim, start, end, steps[i]);
    }
    return r;
}

/// aclnnUnfoldGrad (ops-math conversion/unfold_grad): the gradient of Tensor.unfold(dim, size, step) - each window
/// position of gradOut added back into a zero tensor of inputSizes (ATen's unfold_backward), FLOAT16 / BF16 summed in
/// float32 and rounded once to gradOut's dtype (the op_api casts the kernel's result to gradOut's dtype; the kernel's
/// own accumulation order and precision are not public), then written into gradIn's dtype. A gradOut whose window
/// count or window size does not match inputSizes, dim, size, step fails the second phase with 561000 (CANN does not
/// check it). An empty gradOut or gradIn: nothing written.
inline at::Tensor UnfoldGradFormula(const at::Tensor& gradOut, at::IntArrayRef inputSizes, int64_t dim, int64_t size,
                                    int64_t step) {
    const at::ScalarType t = gradOut.scalar_type();
    const at::Tensor g = t == at::kHalf || t == at::kBFloat16 ? gradOut.to(at::kFloat) : gradOut;
    return at::unfold_backward(g, inputSizes, dim, size, step).to(t);
}

/// aclnnStridedSliceAssignV2 (conversion/strided_slice_assign_v2: the tiling's AdjustWithAxes, AdjustBegin,
/// AdjustEnd): per dim begin 0, end dim, stride 1 unless an axis names it; begin / end negative from the end, clamped
/// to [0, dim]; varRef's slice [begin:end:stride] (strides positive: the first phase checked) set to inputValue; the
/// rest of varRef kept.
inline at::Tensor StridedSliceAssignV2Of(const at::Tensor& varRef, const at::Tensor& inputValue, at::IntArrayRef begin,
                                         at::IntArrayRef end, at::IntArrayRef strides, at::IntArrayRef axes) {
    const int64_t n = varRef.dim();
    std::vector<int64_t> b(static_cast<size_t>(n), 0), e(varRef.sizes().begin(), varRef.sizes().end()),
        s(static_cast<size_t>(n), 1);
    for (size_t i = 0; i < axes.size(); ++i) {
        const int64_t a = axes[i] < 0 ? axes[i] + n : axes[i];
        b[a] = begin[i];
        e[a] = end[i];
        s[a] = strides[i];
    }
    at::Tensor out = varRef.clone();
    at::Tensor view = out;
    for (int64_t d = 0; d < n; ++d) {
        const int64_t dim = varRef.size(d);
        auto clamp = [dim](int64_t x) {
            if (x < 0) x += dim;
            return x < 0 ? int64_t{0} : (x > dim ? dim : x);
        };
        const int64_t lo = clamp(b[d]);
        const int64_t hi = std::max(lo, clamp(e[d]));
        view = view.slice(d, lo, hi, s[d]);
    }
    view.copy_(inputValue);
    return out;
}

/// The StridedSlice plan (src/common/strided_slice_plan.h, shared with the first-phase checks).
using strided_slice::StridedSlicePlanT;
using strided_slice::PlanStridedSlice;

/// aclnnStridedSlice (conversion/strided_slice; the StridedSlice op's TensorFlow semantics): per dense dim the
/// elements begin, begin + stride, ... (size of them; a shrunk dim its one index), then the final shape (shrunk dims
/// dropped, new axes of 1 inserted). The first phase checked the plan and out's shape.
inline at::Tensor StridedSliceOf(const at::Tensor& self, at::IntArrayRef begin, at::IntArrayRef end,
                                 at::IntArrayRef strides, int64_t beginMask, int64_t endMask, int64_t ellipsisMask,
                                 int64_t newAxisMask, int64_t shrinkAxisMask) {
    const StridedSlicePlanT p = PlanStridedSlice(self.sizes().vec(), begin.vec(), end.vec(), strides.vec(), beginMask,
                                                 endMask, ellipsisMask, newAxisMask, shrinkAxisMask);
    at::Tensor r = self;
    for (int64_t d = 0; d < self.dim(); ++d) {
        const at::Tensor idx = at::arange(p.size[d], at::TensorOptions().dtype(at::kLong)) * p.stride[d] + p.begin[d];
        r = r.index_select(d, idx);
    }
    return r.reshape(p.final_shape);
}

/// aclnnIm2col (conversion/im2col; torch.nn.functional.unfold's layout): self (a 3-D self as a batch of one)
/// padded with zeros on both sides of H and W, each kernel tap's strided slice [N, C, oH, oW] stacked as [N, C, kH *
/// kW, oH, oW] and flattened to [N, C * kH * kW, oH * oW]. Slices and a stack only (every dtype, values exact).
inline at::Tensor Im2colOf(const at::Tensor& self, at::IntArrayRef kernelSize, at::IntArrayRef dilation,
                           at::IntArrayRef padding, at::IntArrayRef stride) {
    const bool three = self.dim() == 3;
    const at::Tensor x = at::constant_pad_nd(three ? self.unsqueeze(0) : self,
                                             {padding[1], padding[1], padding[0], padding[0]}, 0);
    const int64_t n = x.size(0), ch = x.size(1);
    const int64_t oh = (x.size(2) - (dilation[0] * (kernelSize[0] - 1) + 1)) / stride[0] + 1;
    const int64_t ow = (x.size(3) - (dilation[1] * (kernelSize[1] - 1) + 1)) / stride[1] + 1;
    std::vector<at::Tensor> taps;
    for (int64_t kh = 0; kh < kernelSize[0]; ++kh) {
        for (int64_t kw = 0; kw < kernelSize[1]; ++kw) {
            const int64_t h0 = kh * dilation[0], w0 = kw * dilation[1];
            taps.push_back(x.slice(2, h0, h0 + stride[0] * (oh - 1) + 1, stride[0])
                               .slice(3, w0, w0 + stride[1] * (ow - 1) + 1, stride[1]));
        }
    }
    at::Tensor r = at::stack(taps, 2).reshape({n, ch * kernelSize[0] * kernelSize[1], oh * ow});
    return three ? r.squeeze(0) : r;
}

}  // namespace ref
}  // namespace aclcpu
