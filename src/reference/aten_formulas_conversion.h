// The reference formulas' helpers of the conversion family (ops/families/conversion.yaml; docs/ops/conversion.md).
// Included through reference/family_formulas.inc at the end of reference/aten_formulas.h (namespace aclcpu::ref).
// These operators move, select or zero elements: no arithmetic, so ATen's result is the kernel's bit for bit for
// every dtype ATen 1.13 has (the unsigned 16/32/64-bit dtypes CANN lists have no ATen type: the bridge refuses
// them at the second phase, 561000).
#pragma once

#include <ATen/ATen.h>

#include <cstdint>
#include <vector>

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

}  // namespace ref
}  // namespace aclcpu
