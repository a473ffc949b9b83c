// The views through which aclnnPrelu and aclnnPreluBackward (src/op/prelu.cpp, prelu_backward.cpp) show the
// engine CANN's channel broadcast of weight (docs/ops/prelu.md §3): CANN makes weight contiguous and reshapes
// it to [1, C, 1, ...] (self's rank); here the same element pairs are views of the caller's memory, so that
// the second phase's range checks and re-addressing see the caller's tensors (every view keeps its element
// set, offset and extent).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "common/limits.h"
#include "common/status.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// weight's elements in row-major order as (size, stride) runs: size-1 dims dropped, adjacent dims merged
/// where one stride walks both. Returns the number of runs (at most kMaxDims).
inline int PreluWeightRuns(const aclTensor& w, int64_t* sizes, int64_t* strides) {
    int m = 0;
    for (size_t k = 0; k < w.view_shape.size(); ++k) {
        const int64_t d = w.view_shape[k];
        if (d == 1) continue;
        if (m > 0 && strides[m - 1] == w.strides[k] * d) {
            sizes[m - 1] *= d;
            strides[m - 1] = w.strides[k];
            continue;
        }
        sizes[m] = d;
        strides[m] = w.strides[k];
        ++m;
    }
    return m;
}

/// Replaces dim k of t (size C = the product of sizes[0 .. m), or 1) by m dims: the runs' sizes with the
/// row-major strides of t's stride on k, or m dims of 1.
inline void PreluSplitDim(aclTensor* t, size_t k, const int64_t* sizes, int m) {
    std::vector<int64_t> shape, strides;
    for (size_t d = 0; d < t->view_shape.size(); ++d) {
        if (d != k) {
            shape.push_back(t->view_shape[d]);
            strides.push_back(t->strides[d]);
            continue;
        }
        const bool ones = t->view_shape[d] == 1;
        std::vector<int64_t> st(static_cast<size_t>(m));
        int64_t inner = t->strides[d];
        for (int j = m; j-- > 0;) {
            st[static_cast<size_t>(j)] = ones ? 0 : inner;
            inner *= sizes[j];
        }
        for (int j = 0; j < m; ++j) {
            shape.push_back(ones ? 1 : sizes[j]);
            strides.push_back(st[static_cast<size_t>(j)]);
        }
    }
    t->view_shape.swap(shape);
    t->strides.swap(strides);
}

/// Rewrites the copies of a non-empty call's descriptors: *w (a copy of weight, 1 or C elements, C = self's
/// dim 1) becomes a 0-d view of its one element (a weight of one element, or a 0-d / 1-d self) or a view of
/// self's rank with its C elements on dim 1; a weight whose elements no single stride walks splits dim 1 of
/// *s (self's copy) and of each of aligned[0 .. n) (copies of tensors broadcast with self, aligned to it from
/// the right: out, gradInput, gradOutput) into the weight's runs. per_channel (gradWeight's copy, [C] or of
/// one element; may be null) becomes the matching view: 0-d, or its C elements as the runs. Returns false
/// (nothing usable) when the split would need more than kMaxDims dims.
inline bool PreluChannelViews(aclTensor* s, aclTensor* w, aclTensor* const* aligned, int n, aclTensor* per_channel) {
    const size_t rank = s->view_shape.size();
    if (w->numel == 1 || rank <= 1) {
        w->view_shape.clear();
        w->strides.clear();
        if (per_channel != nullptr) {
            per_channel->view_shape.clear();
            per_channel->strides.clear();
        }
        return true;
    }
    int64_t sizes[kMaxDims], strides[kMaxDims];
    const int m = PreluWeightRuns(*w, sizes, strides);
    if (rank - 1 + static_cast<size_t>(m) > static_cast<size_t>(kMaxDims)) return false;
    if (m > 1) {
        PreluSplitDim(s, 1, sizes, m);
        for (int i = 0; i < n; ++i) {
            aclTensor* t = aligned[i];
            const size_t tr = t->view_shape.size();
            if (tr + 1 >= rank) {  // t has a dim aligned with self's dim 1
                PreluSplitDim(t, 1 - (rank - tr), sizes, m);
            }
        }
        if (per_channel != nullptr) PreluSplitDim(per_channel, 0, sizes, m);
    }
    w->view_shape.assign(s->view_shape.size(), 1);
    w->strides.assign(s->view_shape.size(), 0);
    for (int j = 0; j < m; ++j) {
        w->view_shape[1 + static_cast<size_t>(j)] = sizes[j];
        w->strides[1 + static_cast<size_t>(j)] = strides[j];
    }
    return true;
}

/// The refusal when PreluChannelViews cannot split (BEYOND CANN, docs/ops/prelu.md §3): 161002.
inline int FailPreluWeightRuns(size_t self_rank) {
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "beyond CANN: a weight view whose elements need more strides than a %zu-d self leaves dims for (at "
                "most %d dims in all) is not supported; pass a contiguous weight.",
                self_rank, kMaxDims);
}

}  // namespace aclcpu
