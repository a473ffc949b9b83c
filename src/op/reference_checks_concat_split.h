// The custom checks of the family that joins a tensor list into one tensor or splits one tensor into a list
// (ops/families/concat_split.yaml: aclnnCat, aclnnStack, aclnnMaxN, aclnnMinN, aclnnSplitTensor,
// aclnnSplitWithSize), in the order of their op_api sources (hicann/ops-math conversion/concat_d, conversion/pack,
// math/maximum, math/minimum, conversion/split_v at c4193324). The null checks, the lists' liveness and the dtype
// lists are the table's; these hooks make the checks the table's vocabulary has no word for: type promotion over a
// list, the shape rules of a join or a split, and the output shapes CANN compares at the end of its first phase.
// Messages restate CANN's where it has one; the others are aclcpu's (marked BEYOND CANN where CANN has no check).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "common/exports.h"
#include "common/status.h"
#include "engine/elementwise.h"
#include "op/foreach_call.h"
#include "op/op_call.h"
#include "op/reference_checks.h"  // FormatName
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// aclnnCat leaves out every 1-D tensor of shape [0] before its checks (EraseDim1EmptyTensor): the indices of the
/// tensors it keeps, in order. The reference formula (CatKept) keeps the same ones.
inline std::vector<size_t> CatKept(const aclTensorList* tensors) {
    std::vector<size_t> kept;
    for (size_t i = 0; i < tensors->items.size(); ++i) {
        const aclTensor* e = tensors->items[i];
        if (!(e->view_shape.size() == 1 && e->view_shape[0] == 0)) kept.push_back(i);
    }
    return kept;
}

/// The promote type of a list's dtypes (op::PromoteType folded from element 0), or 161002 with CANN's message
/// naming the element that cannot be promoted; `complex128_refused`: aclnnCat's refusal of a COMPLEX128 result.
inline int PromoteOverList(const aclTensorList* tensors, const std::vector<size_t>& kept, bool complex128_refused,
                           aclDataType* promote) {
    aclDataType p = tensors->items[kept[0]]->dtype;
    for (size_t k = 1; k < kept.size(); ++k) {
        const aclDataType d = tensors->items[kept[k]]->dtype;
        const aclDataType prev = p;
        p = PromoteTypes(d, prev);
        if (p == ACL_DT_UNDEFINED) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "tensor %zu dtype %s and dtype %s can not promote dtype.", k,
                        DtypeName(d), DtypeName(prev));
        }
        if (complex128_refused && p == ACL_COMPLEX128) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "tensor dtype has been promoted to %s, which has not been implemented yet.", DtypeName(p));
        }
    }
    *promote = p;
    return 0;
}

/// The promote type castable to out's dtype (OP_CHECK_RESULT_DTYPE_CAST_FAILED).
inline int CheckPromoteCastsToOut(aclDataType promote, const aclTensor* out) {
    if (!CanCast(promote, out->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Promote dtype %s can't be cast to the desired output type %s.",
                    DtypeName(promote), DtypeName(out->dtype));
    }
    return 0;
}

/// out's view shape the result's (CANN's CheckShapeAndScalarSame at the end of its first phase): 161002.
inline int CheckOutShapeIs(const char* api, const char* name, const aclTensor* out, const std::vector<int64_t>& want) {
    if (out->view_shape != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the shape of %s is %s, but the result's is %s.", api, name,
                    ShapeString(out->view_shape).c_str(), ShapeString(want).c_str());
    }
    return 0;
}

/// aclnnCat after its dtype lists: the promote type (no COMPLEX128) castable to out's dtype, the formats (no private
/// format; every tensor and out of tensor 0's), the shapes (tensor 0 at most 8 dims, dim in [-n, n), every tensor
/// of n dims equal to tensor 0's outside dim), then out's shape the concatenation's. Indices count the tensors
/// CANN keeps (1-D [0] tensors left out); none kept: nothing to check (CANN returns at once).
inline int CheckCat(const ForeachCall& c, int64_t dim, aclTensor* out) {
    const std::vector<size_t> kept = CatKept(c.lists[0]);
    if (kept.empty()) return 0;
    const auto& items = c.lists[0]->items;
    aclDataType promote;
    if (int ret = PromoteOverList(c.lists[0], kept, true, &promote)) return ret;
    if (int ret = CheckPromoteCastsToOut(promote, out)) return ret;
    const int32_t format = items[kept[0]]->format;
    if (IsPrivateFormatCode(format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND、NCHW、NHWC、HWCN、NDHWC、NCDHW.");
    }
    for (size_t k = 1; k < kept.size(); ++k) {
        if (items[kept[k]]->format != format) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format of tensors should be equal, tensor %zu [%s], tensor 0 [%s].", k,
                        FormatName(items[kept[k]]->format), FormatName(format));
        }
    }
    if (out->format != format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal, tensor 0 [%s] out [%s].",
                    FormatName(format), FormatName(out->format));
    }
    const std::vector<int64_t>& shape0 = items[kept[0]]->view_shape;
    const int64_t n = static_cast<int64_t>(shape0.size());
    if (n > kMaxDims) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "tensor 0 has %lld dims, more than the %d supported.",
                    static_cast<long long>(n), kMaxDims);
    }
    const int64_t d = dim < 0 ? dim + n : dim;
    if (d < 0 || d >= n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dimnum %lld exceed the dim range of the tensor %lld.",
                    static_cast<long long>(dim), static_cast<long long>(n));
    }
    std::vector<int64_t> want = shape0;
    for (size_t k = 1; k < kept.size(); ++k) {
        const std::vector<int64_t>& s = items[kept[k]]->view_shape;
        if (static_cast<int64_t>(s.size()) != n) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "dimnum of tensor %zu is [%zu], should be equal to tensor 0 [%lld].", k,
                        s.size(), static_cast<long long>(n));
        }
        for (int64_t j = 0; j < n; ++j) {
            if (j != d && s[static_cast<size_t>(j)] != shape0[static_cast<size_t>(j)]) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "dim %lld of tensor %zu is [%lld], should be equal to tensor 0 [%lld].",
                            static_cast<long long>(j), k, static_cast<long long>(s[static_cast<size_t>(j)]),
                            static_cast<long long>(shape0[static_cast<size_t>(j)]));
            }
        }
        want[static_cast<size_t>(d)] += s[static_cast<size_t>(d)];
    }
    return CheckOutShapeIs(c.api, "out", out, want);
}

/// aclnnStack after its dtype lists: BEYOND CANN an empty list refused (CANN's op_api reads tensor 0 of it); the
/// promote type castable to out's dtype; tensor 0 at most 8 dims; dim in [-(n+1), n]; every tensor of tensor 0's
/// shape; then out's shape: tensor 0's with the list's length inserted at dim.
inline int CheckStack(const ForeachCall& c, int64_t dim, aclTensor* out) {
    const auto& items = c.lists[0]->items;
    if (items.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: tensors is empty; it needs at least one tensor.", c.api);
    }
    std::vector<size_t> all(items.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = i;
    aclDataType promote;
    if (int ret = PromoteOverList(c.lists[0], all, false, &promote)) return ret;
    if (int ret = CheckPromoteCastsToOut(promote, out)) return ret;
    const std::vector<int64_t>& shape0 = items[0]->view_shape;
    const int64_t n = static_cast<int64_t>(shape0.size());
    if (n > kMaxDims) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Dim of self is %lld, can't be greater than %d.", static_cast<long long>(n),
                    kMaxDims);
    }
    const int64_t d = dim < 0 ? dim + n + 1 : dim;
    if (d < 0 || d > n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dimnum %lld exceed the dim range of the [%lld, %lld].",
                    static_cast<long long>(dim), static_cast<long long>(-(n + 1)), static_cast<long long>(n));
    }
    for (size_t i = 1; i < items.size(); ++i) {
        const std::vector<int64_t>& s = items[i]->view_shape;
        if (static_cast<int64_t>(s.size()) != n) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "dimnum of tensor %zu is [%zu], should be equal to tensor 0 [%lld].", i,
                        s.size(), static_cast<long long>(n));
        }
        for (int64_t j = 0; j < n; ++j) {
            if (s[static_cast<size_t>(j)] != shape0[static_cast<size_t>(j)]) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "dim %lld of tensor %zu is [%lld], should be equal to tensor 0 [%lld].",
                            static_cast<long long>(j), i, static_cast<long long>(s[static_cast<size_t>(j)]),
                            static_cast<long long>(shape0[static_cast<size_t>(j)]));
            }
        }
    }
    std::vector<int64_t> want = shape0;
    want.insert(want.begin() + d, static_cast<int64_t>(items.size()));
    return CheckOutShapeIs(c.api, "out", out, want);
}

/// aclnnMaxN / aclnnMinN after their dtype lists: every tensor of out's dtype (OP_CHECK_DTYPE_NOT_MATCH), at most 8
/// dims each and out too, a non-empty list, the tensors broadcastable together and out of their broadcast shape.
inline int CheckMaxMinN(const ForeachCall& c, aclTensor* out) {
    const auto& items = c.lists[0]->items;
    for (size_t i = 0; i < items.size(); ++i) {
        if (items[i]->dtype != out->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor tensors[%zu] dtype %s should be out's dtype %s.", i,
                        DtypeName(items[i]->dtype), DtypeName(out->dtype));
        }
    }
    for (size_t i = 0; i < items.size(); ++i) {
        if (items[i]->view_shape.size() > static_cast<size_t>(kMaxDims)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor tensors[%zu] has %zu dims, more than the %d supported.", i,
                        items[i]->view_shape.size(), kMaxDims);
        }
    }
    if (out->view_shape.size() > static_cast<size_t>(kMaxDims)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out has %zu dims, more than the %d supported.",
                    out->view_shape.size(), kMaxDims);
    }
    if (items.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, "The input tensor list should not be empty.");
    engine::BroadcastShape b;
    b.n = items[0]->view_shape.size();
    for (size_t j = 0; j < b.n; ++j) b.d[j] = items[0]->view_shape[j];
    for (size_t i = 1; i < items.size(); ++i) {
        engine::BroadcastShape next;
        const std::vector<int64_t>& s = items[i]->view_shape;
        if (!engine::Broadcast(s.data(), s.size(), b.d, b.n, &next)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "the size of tensor %s must match the size of tensor %s.",
                        ShapeString(s).c_str(), ShapeString(b.d, b.n).c_str());
        }
        b = next;
    }
    return CheckOutShapeIs(c.api, "out", out, std::vector<int64_t>(b.d, b.d + b.n));
}

/// The shared part of aclnnSplitTensor's and aclnnSplitWithSize's shape checks: self of 1 to 8 dims, every out
/// tensor at most 8 dims, dim in [-n, n) (its message names the API); the dim's index into *d.
inline int CheckSplitDims(const ForeachCall& c, const aclTensor* self, int64_t dim, int64_t* d) {
    const int64_t n = static_cast<int64_t>(self->view_shape.size());
    if (n > kMaxDims) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self has %lld dims, more than the %d supported.", static_cast<long long>(n),
                    kMaxDims);
    }
    if (n < 1) return Fail(ACLNN_ERR_PARAM_INVALID, "self has 0 dims, fewer than the 1 required.");
    const auto& outs = c.lists[0]->items;
    for (size_t i = 0; i < outs.size(); ++i) {
        if (outs[i]->view_shape.size() > static_cast<size_t>(kMaxDims)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out[%zu] has %zu dims, more than the %d supported.", i,
                        outs[i]->view_shape.size(), kMaxDims);
        }
    }
    if (dim >= n || dim < -n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %s dim value [%lld] to be in range [%lld, %lld) but check failed.",
                    c.api, static_cast<long long>(dim), static_cast<long long>(-n), static_cast<long long>(n));
    }
    *d = dim < 0 ? dim + n : dim;
    return 0;
}

/// The pieces' shapes: self's with dim's size replaced by each size, checked against out (CANN's
/// CheckShapeAndScalarSame per piece; BEYOND CANN for a piece CANN copies without it, and for an out list longer
/// than the pieces, whose extra tensors CANN leaves untouched - here refused, a likely caller's error).
inline int CheckSplitPieces(const ForeachCall& c, const aclTensor* self, int64_t d, const std::vector<int64_t>& sizes) {
    const auto& outs = c.lists[0]->items;
    if (outs.size() != sizes.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: out holds %zu tensors, but self splits into %zu.", c.api, outs.size(),
                    sizes.size());
    }
    char name[32];
    for (size_t i = 0; i < sizes.size(); ++i) {
        std::vector<int64_t> want = self->view_shape;
        want[static_cast<size_t>(d)] = sizes[i];
        snprintf(name, sizeof name, "out[%zu]", i);
        if (int ret = CheckOutShapeIs(c.api, name, outs[i], want)) return ret;
    }
    return 0;
}

/// aclnnSplitTensor after its dtype lists: CheckSplitDims; splitSections zero exactly when dim's size is zero; then
/// the pieces: ceil(size / splitSections) of splitSections elements along dim, the last one the rest (one piece of
/// the whole when splitSections is at least the size). An empty self: nothing to check or run (CANN returns).
inline int CheckSplitTensor(const ForeachCall& c, const aclTensor* self, uint64_t splitSections, int64_t dim) {
    int64_t d = 0;
    if (int ret = CheckSplitDims(c, self, dim, &d)) return ret;
    const int64_t size = self->view_shape[static_cast<size_t>(d)];
    if (size != 0 && splitSections == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnSplitTensor splitSections to not be zero while split dim size is not zero but got [%llu].",
                    static_cast<unsigned long long>(splitSections));
    }
    if (size == 0 && splitSections != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnSplitTensor splitSections to be zero while split dim size is zero but got [%llu].",
                    static_cast<unsigned long long>(splitSections));
    }
    if (self->numel == 0) return 0;
    std::vector<int64_t> sizes;
    const uint64_t u = static_cast<uint64_t>(size);
    for (uint64_t at = 0; at < u; at += splitSections) {
        sizes.push_back(static_cast<int64_t>(u - at < splitSections ? u - at : splitSections));
        if (splitSections >= u - at) break;
    }
    return CheckSplitPieces(c, self, d, sizes);
}

/// aclnnSplitWithSize after its dtype lists: CheckSplitDims; the sizes summing to dim's size; as many sizes as out
/// tensors; then each piece's shape. BEYOND CANN: a negative size refused (CANN's SplitV would fail later).
inline int CheckSplitWithSize(const ForeachCall& c, const aclTensor* self, const aclIntArray* splitSize, int64_t dim) {
    int64_t d = 0;
    if (int ret = CheckSplitDims(c, self, dim, &d)) return ret;
    int64_t len = 0;
    for (size_t i = 0; i < splitSize->values.size(); ++i) {
        const int64_t v = splitSize->values[i];
        if (v < 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: splitSize[%zu] is %lld; sizes cannot be negative.", c.api, i,
                        static_cast<long long>(v));
        }
        if (v > INT64_MAX - len) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the split sizes overflow int64.", c.api);
        }
        len += v;
    }
    const int64_t size = self->view_shape[static_cast<size_t>(d)];
    if (len != size) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnSplitWithSize all split value sum [%lld] to be equal to split dimIndex [%lld] value "
                    "[%lld] but check failed.",
                    static_cast<long long>(len), static_cast<long long>(d), static_cast<long long>(size));
    }
    if (splitSize->values.size() != c.lists[0]->items.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnSplitWithSize splitSize num [%zu] to be equal to output num [%zu] but check failed.",
                    splitSize->values.size(), c.lists[0]->items.size());
    }
    if (self->numel == 0) return 0;
    return CheckSplitPieces(c, self, d, splitSize->values);
}

/// aclnnChunkCat's first check, before its null checks: dim 0 only ("dim only support 0 now.").
inline int CheckChunkCatDim(const ForeachCall&, int64_t dim, int64_t, aclTensor*) {
    if (dim != 0) return Fail(ACLNN_ERR_PARAM_INVALID, "dim only support 0 now.");
    return 0;
}

/// aclnnChunkCat after its dtype lists: FLOAT tensors need a FLOAT out; no private format (each tensor, then out);
/// every tensor of 1 to 8 dims; BEYOND CANN numChunks at least 1 (the kernel divides by it); then out's shape the
/// result's: [numChunks, the sum over the non-empty tensors of ceil(s0 / numChunks) * (their elements / s0)].
inline int CheckChunkCat(const ForeachCall& c, int64_t, int64_t numChunks, aclTensor* out) {
    const auto& items = c.lists[0]->items;
    if (items[0]->dtype == ACL_FLOAT && out->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "output dtype must be float when input dtype is float.");
    }
    for (const aclTensor* e : items) {
        if (IsPrivateFormatCode(e->format)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND、NCHW、NHWC、HWCN、NDHWC、NCDHW.");
        }
    }
    if (IsPrivateFormatCode(out->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND、NCHW、NHWC、HWCN、NDHWC、NCDHW.");
    }
    for (size_t i = 0; i < items.size(); ++i) {
        const size_t n = items[i]->view_shape.size();
        if (n > static_cast<size_t>(kMaxDims)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "tensor %zu has %zu dims, more than the %d supported.", i, n, kMaxDims);
        }
        if (n == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "input tensor %zu dimnum is 0.", i);
    }
    if (numChunks < 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: numChunks is %lld; it must be at least 1.", c.api,
                    static_cast<long long>(numChunks));
    }
    int64_t cols = 0;
    bool any = false;
    for (const aclTensor* e : items) {
        if (e->numel == 0) continue;
        any = true;
        const int64_t s0 = e->view_shape[0];
        cols += (s0 + numChunks - 1) / numChunks * (e->numel / s0);
    }
    if (!any) return 0;  // nothing to join: CANN runs nothing and leaves out alone
    return CheckOutShapeIs(c.api, "out", out, {numChunks, cols});
}

// ---- aclnnSum (math/accumulate_nv2/op_api/aclnn_sum.cpp)

/// CheckNotNull's elements: a NULL element -> 161001.
inline int CheckSumNullElements(const ForeachCall& c, aclTensor*) {
    const aclTensorList* l = c.lists[0];
    for (size_t i = 0; i < l->items.size(); ++i) {
        if (l->items[i] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_NULLPTR, "expected a proper Tensor but got null for tensor %zu.", i);
        }
    }
    return 0;
}

/// CheckShape: each element and out at most 8 dims; the elements broadcasting; out of the broadcast shape. Beyond
/// CANN: an empty list -> 161002. An empty first element: success with nothing to run (CANN's early return; the
/// formula then writes an empty out).
inline int CheckSumShape(const ForeachCall& c, aclTensor* out) {
    const std::vector<aclTensor*>& items = c.lists[0]->items;
    if (items.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnSum: tensors is empty (aclcpu: CANN's op_api reads its first element).");
    }
    for (size_t i = 0; i < items.size(); ++i) {
        const size_t d = items[i]->view_shape.size();
        if (d > 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Dim of tensor %zu is %zu, can't be greater than %zu.", i, d, size_t{8});
        }
    }
    if (out->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The out tensor cannot be larger than 8 dimensions.");
    }
    std::vector<int64_t> b = items[0]->view_shape;
    for (size_t i = 1; i < items.size(); ++i) {
        const std::vector<int64_t>& s = items[i]->view_shape;
        const size_t r = std::max(b.size(), s.size());
        std::vector<int64_t> nb(r);
        for (size_t k = 0; k < r; ++k) {
            const int64_t x = k + b.size() >= r ? b[k + b.size() - r] : 1;
            const int64_t y = k + s.size() >= r ? s[k + s.size() - r] : 1;
            if (x != y && x != 1 && y != 1) return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensors can not broadcast.");
            nb[k] = x == 1 ? y : x;
        }
        b = nb;
    }
    if (out->view_shape != b) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out to have shape %s, but got %s.", ShapeString(b).c_str(),
                    ShapeString(out->view_shape).c_str());
    }
    return 0;
}

}  // namespace aclcpu
