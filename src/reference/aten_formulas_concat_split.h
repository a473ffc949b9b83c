// The reference formulas' helpers of the family that joins a tensor list into one tensor or splits one tensor into a
// list (ops/families/concat_split.yaml; docs/ops/concat_split.md). Included at the end of reference/aten_formulas.h
// (through the generated reference/family_formulas.inc). A list arrives as a std::vector<at::Tensor> of views of the
// caller's elements; the writer casts the result into out (a round-to-nearest-even copy_ where the dtypes differ).
#pragma once

#include <ATen/ATen.h>

#include <cstdint>
#include <vector>

namespace aclcpu {
namespace ref {

/// aclnnCat: the tensors CANN keeps (every 1-D tensor of shape [0] left out, as its EraseDim1EmptyTensor does; the
/// first phase's CatKept) joined along dim in their promote type (ATen's cat promotes as CANN's PromoteType over the
/// list); none kept: `out` itself, which the writer leaves untouched (CANN returns without running anything).
inline at::Tensor CatOfKept(const std::vector<at::Tensor>& tensors, int64_t dim, const at::Tensor& out) {
    std::vector<at::Tensor> kept;
    for (const at::Tensor& t : tensors) {
        if (!(t.dim() == 1 && t.size(0) == 0)) kept.push_back(t);
    }
    if (kept.empty()) return out;
    return at::cat(kept, dim);
}

/// aclnnMaxN / aclnnMinN: the element-wise maximum (minimum) of every tensor of the list, broadcast together, folded
/// from tensor 0 as CANN's op_api chains its Maximum (Minimum) calls; NaN propagates (ATen's maximum, as the kernels'
/// Max / Min instructions: our reading, the sources do not say).
inline at::Tensor FoldMaximum(const std::vector<at::Tensor>& tensors, bool maximum) {
    at::Tensor r = tensors.at(0);
    for (size_t i = 1; i < tensors.size(); ++i) r = maximum ? at::maximum(r, tensors[i]) : at::minimum(r, tensors[i]);
    return r;
}

/// aclnnSplitTensor: self split along dim into pieces of splitSections elements (the last one the rest); one piece
/// per out tensor (the first phase checked their count and shapes). An empty self: `out` itself, left untouched
/// (CANN returns without running anything).
inline std::vector<at::Tensor> SplitSections(const at::Tensor& self, int64_t splitSections, int64_t dim,
                                             const std::vector<at::Tensor>& out) {
    if (self.numel() == 0) return out;
    return at::split(self, splitSections, dim);
}

/// aclnnSplitWithSize: self split along dim into pieces of the given sizes (summing to dim's size, checked); an empty
/// self: `out` itself, left untouched.
inline std::vector<at::Tensor> SplitSizes(const at::Tensor& self, at::IntArrayRef sizes, int64_t dim,
                                          const std::vector<at::Tensor>& out) {
    if (self.numel() == 0) return out;
    return at::split_with_sizes(self, sizes, dim);
}

/// aclnnChunkCat (dim 0, the only dim CANN's op_api admits): each non-empty tensor flattened after dim 0 to
/// [s0, rest], padded with zeros along dim 0 to numChunks * ceil(s0 / numChunks) rows and cut into numChunks chunks,
/// row i of the result the i-th chunks of every tensor side by side: a [numChunks, sum of ceil(s0 / numChunks) * rest]
/// tensor (PyTorch's _chunk_cat, which ATen 1.13 does not have, written out here). `out` itself when no tensor has
/// elements (nothing is written, as CANN runs nothing).
inline at::Tensor ChunkCatOf(const std::vector<at::Tensor>& tensors, int64_t numChunks, const at::Tensor& out) {
    std::vector<at::Tensor> pieces;
    for (const at::Tensor& t : tensors) {
        if (t.numel() == 0) continue;
        const int64_t s0 = t.size(0);
        const int64_t rest = t.numel() / s0;
        const int64_t chunk = (s0 + numChunks - 1) / numChunks;
        at::Tensor flat = t.reshape({s0, rest}).to(out.scalar_type());
        at::Tensor padded = at::zeros({chunk * numChunks, rest}, flat.options());
        padded.narrow(0, 0, s0).copy_(flat);
        pieces.push_back(padded.reshape({numChunks, chunk * rest}));
    }
    if (pieces.empty()) return out;
    return at::cat(pieces, 1);
}

/// aclnnSum (math/accumulate_nv2/op_api/aclnn_sum.cpp): the elements broadcast together and summed in order in the
/// first element's dtype - FLOAT16 in float32 (the op_api's promoteFp16), integers in int64 and wrapped back (the
/// kernel's modular integer adds), FLOAT in float32 - then rounded once to that dtype; the write casts to out's.
inline at::Tensor SumListOf(const std::vector<at::Tensor>& tensors) {
    const at::ScalarType first = tensors[0].scalar_type();
    const at::ScalarType acc = at::isIntegralType(first, true) ? at::kLong : at::kFloat;
    at::Tensor r = tensors[0].to(acc);
    for (size_t i = 1; i < tensors.size(); ++i) r = r + tensors[i].to(acc);
    return r.to(first);
}

}  // namespace ref
}  // namespace aclcpu
