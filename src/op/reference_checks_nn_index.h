// The custom first-phase checks of ops-nn's index operators at the reference tier (ops/families/nn_index.yaml;
// docs/ops/nn_index.md): the rules the table's vocabulary cannot express - checks CANN skips for an empty index,
// the scatter shape rules, the product-dependent BF16 refusals with their NpuArch number. Included at the end of
// src/op/reference_checks.h (through the generated op/family_hooks.inc). Each hook is int <hook>(const OpCall& c,
// <the entry's non-tensor parameters>): 0, or 161002 with CANN's message. Facts: hicann/ops-nn at e5c3fa93 -
// index/scatter_elements_v2/op_api/aclnn_scatter.cpp (CheckDtypeValid, CheckTensorDim, CheckShape, CheckDimRange,
// ExecScatterValueGetWorkspaceSize), index/gather_v2/op_api/aclnn_take.cpp, aclnn_index_select.cpp.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "engine/first_phase.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace nnindex {

/// Whether the product takes the op_apis' DAV_2201 / RegBase branch (Ascend 950, Atlas A2/A3).
inline bool Dav2201OrRegbase(rt::Soc soc) {
    return soc == rt::Soc::kAscend950 || soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93;
}

/// Whether the product is a RegBase arch (Ascend 950: Ops::NN::AclnnUtil::IsRegbase).
inline bool Regbase(rt::Soc soc) { return soc == rt::Soc::kAscend950; }

/// opbase's NpuArch number of a product (as aclnn_index_select.cpp prints it): DAV_3510 (Ascend 950), DAV_2201
/// (Atlas A2/A3), DAV_1001 (Ascend910), DAV_2002 (Ascend310P) - the values src/op/foreach_call.h NpuArchCode gives.
inline unsigned ArchCode(rt::Soc soc) {
    switch (soc) {
        case rt::Soc::kAscend950: return 3510u;
        case rt::Soc::kAscend910B: return 2201u;
        case rt::Soc::kAscend910_93: return 2201u;
        case rt::Soc::kAscend910: return 1001u;
        case rt::Soc::kAscend310P: return 2002u;
    }
    return 0u;
}

inline bool InList(aclDataType d, const std::vector<aclDataType>& list) {
    return std::find(list.begin(), list.end(), d) != list.end();
}

/// OP_CHECK_DTYPE_NOT_SUPPORT's message.
inline int DtypeNotSupported(const char* name, aclDataType d, const std::vector<aclDataType>& list) {
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.", name,
                DtypeName(d), engine::DtypeListString(list.data(), list.size()).c_str());
}

/// aclnn_scatter.cpp GetDtypeSupportList: ASCEND910B_DTYPE_SUPPORT_LIST on DAV_2201 or a RegBase arch, else
/// ASCEND910_DTYPE_SUPPORT_LIST (the same without BF16).
inline std::vector<aclDataType> ScatterSelfList(rt::Soc soc) {
    std::vector<aclDataType> l = {ACL_UINT8, ACL_INT8,   ACL_INT16,  ACL_INT32,     ACL_INT64,     ACL_BOOL,
                                  ACL_FLOAT16, ACL_FLOAT, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
    if (Dav2201OrRegbase(soc)) l.push_back(ACL_BF16);
    return l;
}

/// DTYPE_SUPPORT_LIST_INDICES / DTYPE_INDEX_LIST / INDEX_SUPPORT_LIST.
inline const std::vector<aclDataType>& IndexList64First() {
    static const std::vector<aclDataType> l = {ACL_INT64, ACL_INT32};
    return l;
}

/// CompareTensorShape(a, b, skip): over the dims both have, every dim of a other than `skip` at most b's.
inline bool ShapeAtMost(const std::vector<int64_t>& a, const std::vector<int64_t>& b, int64_t skip) {
    const size_t n = std::min(a.size(), b.size());
    for (size_t i = 0; i < n; ++i) {
        if (static_cast<int64_t>(i) != skip && b[i] < a[i]) return false;
    }
    return true;
}

/// aclnn_scatter.cpp CheckParams2 for self, index, src (src's shape given: aclnnScatterValue's value broadcast to
/// index's shape) and out, after the empty-index early return: the dim counts (a 0-d tensor counts as 1-d on a
/// RegBase arch), out's shape self's unless out is 0-d, index <= src in every dim, index <= self apart from dim
/// (GetFinalDim: dim wrapped, clamped into range), self of at most 8 dims, dim in [-N, N-1].
inline int ScatterShapes(const OpCall& c, const aclTensor* self, const aclTensor* index,
                         const std::vector<int64_t>& src_shape, const aclTensor* out, int64_t dim) {
    const std::vector<int64_t>& s = self->view_shape;
    const std::vector<int64_t>& i = index->view_shape;
    size_t sd = s.size(), id = i.size(), ud = src_shape.size();
    if (Regbase(c.soc)) {
        sd = std::max<size_t>(sd, 1);
        id = std::max<size_t>(id, 1);
        ud = std::max<size_t>(ud, 1);
    }
    if (sd != id || sd != ud) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "expect self, index, src have same number of dimensions.");
    }
    if (!out->view_shape.empty() && out->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for out, but %s does not equal %s.",
                    ShapeString(s).c_str(), ShapeString(out->view_shape).c_str());
    }
    // BEYOND CANN: a 0-d out for a self of more than one element (CANN skips the shape check for a 0-d out and
    // its ViewCopy then gets a result of another size)
    if (out->view_shape.empty() && self->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: a 0-d out holds one element but self %s has %ld (beyond CANN: refused here).", c.api,
                    ShapeString(s).c_str(), static_cast<long>(self->numel));
    }
    const int64_t rank = static_cast<int64_t>(s.size());
    int64_t final_dim = dim;
    if (dim < 0) {
        final_dim = dim + rank >= 0 ? dim + rank : 0;
    } else {
        final_dim = dim < rank ? dim : rank - 1;
    }
    if (!ShapeAtMost(i, src_shape, -1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expect index shape %s should be smaller than src shape %s in each dimension.",
                    ShapeString(i).c_str(), ShapeString(src_shape).c_str());
    }
    if (!ShapeAtMost(i, s, final_dim)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Apart from dimension %ld, index shape %s should be smaller than self shape %s in each dimension.",
                    static_cast<long>(dim), ShapeString(i).c_str(), ShapeString(s).c_str());
    }
    if (s.size() > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    const int64_t hi = std::max(-rank, rank - 1), lo = std::min(-rank, rank - 1);
    if (dim > hi || dim < lo) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dim must be in range [%ld, %ld].", static_cast<long>(lo),
                    static_cast<long>(hi));
    }
    return 0;
}

/// BEYOND CANN: UINT16, UINT32, UINT64 (in CANN's lists) have no ATen type in PyTorch 1.13, so the reference tier
/// cannot move them; refused in the first phase rather than failing in the second.
inline int NoUnsigned(const OpCall& c, const aclTensor* t, const char* name) {
    const aclDataType d = t->dtype;
    if (d != ACL_UINT16 && d != ACL_UINT32 && d != ACL_UINT64) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "%s: %s of %s is not implemented at the reference tier (PyTorch 1.13 has no such type).", c.api, name,
                DtypeName(d));
}

}  // namespace nnindex

// ---- aclnnScatter, aclnnInplaceScatter, aclnnScatterAdd; c.t = {self, index, src, out}

/// CheckDtypeValid's index check: index in [INT64, INT32] unless it is empty (then not checked).
inline int CheckScatterIndexDtype(const OpCall& c, int64_t /*dim*/, int64_t /*reduce*/) {
    const aclTensor* index = c.t[1];
    if (index->numel == 0 || nnindex::InList(index->dtype, nnindex::IndexList64First())) return 0;
    return nnindex::DtypeNotSupported("index", index->dtype, nnindex::IndexList64First());
}

/// ExecScatterBase after CheckParams: an empty index returns (self copied into out) before CheckParams2;
/// otherwise CheckParams2's dims, shapes and dim range.
inline int CheckScatterShapes(const OpCall& c, int64_t dim, int64_t /*reduce*/) {
    if (c.t[1]->numel == 0) return 0;
    return nnindex::ScatterShapes(c, c.t[0], c.t[1], c.t[2]->view_shape, c.t[3], dim);
}

inline int CheckScatterAddIndexDtype(const OpCall& c, int64_t dim) { return CheckScatterIndexDtype(c, dim, 1); }
inline int CheckScatterAddShapes(const OpCall& c, int64_t dim) { return CheckScatterShapes(c, dim, 1); }

// ---- aclnnScatterValue, aclnnInplaceScatterValue; c.t = {self, index, out}

/// ExecScatterValueGetWorkspaceSize after its null check: a COMPLEX value needs a COMPLEX self.
inline int CheckScatterValueComplex(const OpCall& c, int64_t /*dim*/, const aclScalar* value, int64_t /*reduce*/) {
    const aclDataType self = c.t[0]->dtype;
    const bool self_complex = self == ACL_COMPLEX64 || self == ACL_COMPLEX128;
    const bool value_complex = value->dtype == ACL_COMPLEX64 || value->dtype == ACL_COMPLEX128;
    if (self_complex || !value_complex) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "When value is COMPLEX, the data type of self must be COMPLEX.");
}

/// The rest of ExecScatterValueGetWorkspaceSize: an empty index returns (self copied into out) before any other
/// check; else ExecScatterBase's CheckParams (self's list, out's dtype self's, index's list - the value is made a
/// tensor of self's dtype, so src matches) and CheckParams2 with src of index's shape (0-d for a 0-d self).
inline int CheckScatterValueRest(const OpCall& c, int64_t dim, const aclScalar* /*value*/, int64_t /*reduce*/) {
    const aclTensor* self = c.t[0];
    const aclTensor* index = c.t[1];
    const aclTensor* out = c.t[2];
    if (index->numel == 0) return 0;
    const std::vector<aclDataType> list = nnindex::ScatterSelfList(c.soc);
    if (!nnindex::InList(self->dtype, list)) return nnindex::DtypeNotSupported("self", self->dtype, list);
    if (out->dtype != self->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is %s but found %s.", DtypeName(self->dtype),
                    DtypeName(out->dtype));
    }
    if (!nnindex::InList(index->dtype, nnindex::IndexList64First())) {
        return nnindex::DtypeNotSupported("index", index->dtype, nnindex::IndexList64First());
    }
    const std::vector<int64_t> src_shape = self->view_shape.empty() ? std::vector<int64_t>{} : index->view_shape;
    return nnindex::ScatterShapes(c, self, index, src_shape, out, dim);
}

// ---- aclnnTake; c.t = {self, index, out}

/// CheckShape's empty-self rule (after the index dims and out's shape).
inline int CheckTakeFromEmpty(const OpCall& c) {
    if (c.t[0]->numel == 0 && c.t[1]->numel != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "IndexError: take(): tried to take from an empty tensor");
    }
    return 0;
}

/// BEYOND CANN: self of UINT16 / UINT32 / UINT64 (in CANN's list) refused (no ATen type).
inline int CheckTakeNoUnsigned(const OpCall& c) { return nnindex::NoUnsigned(c, c.t[0], "self"); }

// ---- aclnnIndexSelect; c.t = {self, index, out}

/// CheckDtypeValid's BF16 rule: BF16 only on DAV_2201 or a RegBase arch, with the NpuArch number in the message.
inline int CheckIndexSelectBf16(const OpCall& c, int64_t /*dim*/) {
    if (c.t[0]->dtype != ACL_BF16 || nnindex::Dav2201OrRegbase(c.soc)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "NpuArch %u does not support BF16.", nnindex::ArchCode(c.soc));
}

/// CheckShape: a 0-d self needs a 0-d out; self of at most 8 dims; dim in [-N, N-1] (a 0-d self counts as 1-d);
/// index of at most 1 dim; out's shape self's with dim's size index's length (1 for a 0-d index), checked only when
/// self and index both have elements.
inline int CheckIndexSelectShape(const OpCall& c, int64_t dim) {
    const aclTensor* self = c.t[0];
    const aclTensor* index = c.t[1];
    const aclTensor* out = c.t[2];
    int64_t rank = static_cast<int64_t>(self->view_shape.size());
    if (rank == 0) {
        rank = 1;
        if (!out->view_shape.empty()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "self is scalar, and out should also be scalar");
        }
    }
    if (self->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    }
    if (!(dim >= -rank && dim < rank)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "IndexError: Dimension out of range (expected to be in range of [%ld, %ld], but got %ld)",
                    static_cast<long>(-rank), static_cast<long>(rank - 1), static_cast<long>(dim));
    }
    if (dim < 0) dim += rank;
    if (index->view_shape.size() > 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "index dimNum is %ld, should not greater than 1",
                    static_cast<long>(index->view_shape.size()));
    }
    if (self->view_shape.empty()) return 0;  // out 0-d (checked above); SetDim on a 0-d shape sets nothing
    std::vector<int64_t> want = self->view_shape;
    want[static_cast<size_t>(dim)] = index->view_shape.empty() ? 1 : index->view_shape[0];
    if (self->numel != 0 && index->numel != 0 && out->view_shape != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out should be %s, but current is %s.", ShapeString(want).c_str(),
                    ShapeString(out->view_shape).c_str());
    }
    return 0;
}

/// BEYOND CANN: self of UINT16 / UINT32 / UINT64 (in CANN's list) refused (no ATen type).
inline int CheckIndexSelectNoUnsigned(const OpCall& c, int64_t /*dim*/) {
    return nnindex::NoUnsigned(c, c.t[0], "self");
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnGather (index/gather_elements_v2/op_host/op_api/aclnn_gather.cpp); c.t = {self, index, out}

/// CheckDtypeValid's index rule: a non-empty index of INT64 or INT32.
inline int CheckGatherIndexDtype(const OpCall& c, int64_t /*dim*/) {
    const aclTensor* index = c.t[1];
    if (index->numel == 0 || nnindex::InList(index->dtype, nnindex::IndexList64First())) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnGather not implemented for index dtype %s.", DtypeName(index->dtype));
}

/// CheckShape: self and index of the same dim count (0-d as 1-d); self, index, out of at most 8 dims; out's shape
/// index's; dim in [-N, N-1]; then (a non-empty index) every dim of index other than dim at most self's, and dim's
/// size of self not 0.
inline int CheckGatherShape(const OpCall& c, int64_t dim) {
    const aclTensor* self = c.t[0];
    const aclTensor* index = c.t[1];
    const aclTensor* out = c.t[2];
    const size_t sd = self->view_shape.size();
    const int64_t n = sd == 0 ? 1 : static_cast<int64_t>(sd);
    const int64_t in = index->view_shape.empty() ? 1 : static_cast<int64_t>(index->view_shape.size());
    if (n != in) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Index tensor must have the same number of dimensions as input tensor.");
    }
    const aclTensor* ts[3] = {self, index, out};
    const char* names[3] = {"self", "index", "out"};
    for (int i = 0; i < 3; ++i) {
        if (ts[i]->view_shape.size() > 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than 8 dimensions.", names[i]);
        }
    }
    if (out->view_shape != index->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for out to have same size as tensor for index, but %s does not equal %s.",
                    ShapeString(out->view_shape).c_str(), ShapeString(index->view_shape).c_str());
    }
    if (dim < -n || dim >= n) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Dimension out of range (expected to be in range of [%ld, %ld], but got %ld)", static_cast<long>(-n),
                    static_cast<long>(n - 1), static_cast<long>(dim));
    }
    if (index->numel == 0) return 0;
    const size_t skip = static_cast<size_t>(dim < 0 ? static_cast<int64_t>(sd) + dim : dim);
    // the dim counts are equal here (a 0-d tensor counting as 1-d): a 0-d index is read as [1]
    const std::vector<int64_t> ishape = index->view_shape.empty() ? std::vector<int64_t>{1} : index->view_shape;
    for (size_t i = 0; i < sd; ++i) {
        const int64_t s = self->view_shape[i], x = ishape[i];
        if (i != skip && x > s) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Size does not match at dimension %zu, expected index shape %ld smaller than self shape %ld", i,
                        static_cast<long>(x), static_cast<long>(s));
        }
        if (i == skip && s == 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Size does not match at dimension %zu, expected index shape to be 0", i);
        }
    }
    return 0;
}

/// BEYOND CANN: self of UINT16 / UINT32 / UINT64 (in CANN's list) refused (no ATen type).
inline int CheckGatherNoUnsigned(const OpCall& c, int64_t /*dim*/) { return nnindex::NoUnsigned(c, c.t[0], "self"); }

// ---- aclnnGatherV2 (index/gather_v2/op_api/aclnn_gather_v2.cpp); c.t = {self, index, out}

/// CheckShape after the max-dims checks: dim in [-N, N) (0-d self as 1-d), then out's shape self's dims before dim,
/// index's shape ([1] for a 0-d index), self's dims after dim (a 0-d self: out 0-d).
inline int CheckGatherV2Shape(const OpCall& c, int64_t dim) {
    const aclTensor* self = c.t[0];
    const aclTensor* index = c.t[1];
    const aclTensor* out = c.t[2];
    const int64_t n = self->view_shape.empty() ? 1 : static_cast<int64_t>(self->view_shape.size());
    if (!(dim >= -n && dim < n)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dim %ld not in valid range: [%ld, %ld)", static_cast<long>(dim),
                    static_cast<long>(-n), static_cast<long>(n));
    }
    if (dim < 0) dim += n;
    std::vector<int64_t> want;
    if (!self->view_shape.empty()) {
        for (int64_t i = 0; i < dim; ++i) want.push_back(self->view_shape[static_cast<size_t>(i)]);
        if (index->view_shape.empty()) {
            want.push_back(1);
        } else {
            want.insert(want.end(), index->view_shape.begin(), index->view_shape.end());
        }
        for (size_t i = static_cast<size_t>(dim) + 1; i < self->view_shape.size(); ++i) want.push_back(self->view_shape[i]);
    }
    if (out->view_shape == want) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                ShapeString(want).c_str(), ShapeString(out->view_shape).c_str());
}

/// BEYOND CANN: self of UINT16 (in the Ascend 950's list) refused (no ATen type).
inline int CheckGatherV2NoUnsigned(const OpCall& c, int64_t /*dim*/) { return nnindex::NoUnsigned(c, c.t[0], "self"); }

// ---- aclnnEmbedding (index/embedding/op_api/aclnn_embedding.cpp); c.t = {weight, indices, out}

/// CheckDimension: out has one dim more than indices, its leading dims indices' shape.
inline int CheckEmbeddingDims(const OpCall& c) {
    const aclTensor* indices = c.t[1];
    const aclTensor* out = c.t[2];
    const size_t nd = indices->view_shape.size();
    if (out->view_shape.size() != nd + 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "out dim [%zu] should be one larger than indices dim [%zu].",
                    out->view_shape.size(), nd);
    }
    for (size_t i = 0; i < nd; ++i) {
        if (out->view_shape[i] != indices->view_shape[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "out shape [%s] is not match with indices shape [%s].",
                        ShapeString(out->view_shape).c_str(), ShapeString(indices->view_shape).c_str());
        }
    }
    return 0;
}

/// BEYOND CANN: weight 2-D and out's last dim weight's row length (CANN checks neither; its GatherV2 result is
/// indices' shape plus weight's trailing dims, copied into out as it is).
inline int CheckEmbeddingRows(const OpCall& c) {
    const aclTensor* weight = c.t[0];
    const aclTensor* out = c.t[2];
    if (weight->view_shape.size() == 2 && out->view_shape.back() == weight->view_shape[1]) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "%s: weight %s must be 2-D and out %s end in its row length (beyond CANN: refused here).", c.api,
                ShapeString(weight->view_shape).c_str(), ShapeString(out->view_shape).c_str());
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnInplaceMaskedScatter (index/masked_scatter/op_api/aclnn_masked_scatter.cpp); c.t = {mask, source, selfRef}
// CANN's messages here come from opbase's OP_LOGE_FOR_INVALID_*_WITH_REASON macros, whose format string is not in
// the public repositories; they are written as "Parameter <name> of <api> has incorrect <what> <value>. Reason:
// <reason>", after the plural form aclcpu's other entries restate (docs/ops/hardsigmoid.md), with CANN's reasons.

/// CheckDtypeValid: selfRef in its list (BF16 on DAV_2201 or a RegBase arch), mask UINT8 or BOOL, source of self's
/// dtype.
inline int CheckMaskedScatterDtypes(const OpCall& c) {
    const aclTensor* mask = c.t[0];
    const aclTensor* source = c.t[1];
    const aclTensor* self = c.t[2];
    std::vector<aclDataType> list = {ACL_FLOAT, ACL_INT32, ACL_INT64, ACL_FLOAT16, ACL_INT16,
                                     ACL_INT8,  ACL_UINT8, ACL_DOUBLE, ACL_BOOL};
    if (nnindex::Dav2201OrRegbase(c.soc)) list.push_back(ACL_BF16);
    if (!nnindex::InList(self->dtype, list)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Parameter self of aclnnInplaceMaskedScatter has incorrect dtype %s. Reason: The dtype of self must "
                    "be within the range %s",
                    DtypeName(self->dtype), engine::DtypeListString(list.data(), list.size()).c_str());
    }
    const std::vector<aclDataType> masks = {ACL_UINT8, ACL_BOOL};
    if (!nnindex::InList(mask->dtype, masks)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Parameter mask of aclnnInplaceMaskedScatter has incorrect dtype %s. Reason: The dtype of mask must "
                    "be within the range %s",
                    DtypeName(mask->dtype), engine::DtypeListString(masks.data(), masks.size()).c_str());
    }
    if (source->dtype != self->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Parameter source of aclnnInplaceMaskedScatter has incorrect dtype %s. Reason: The dtype of source "
                    "must be the same as self",
                    DtypeName(source->dtype));
    }
    return 0;
}

/// CheckShape: self, mask, source of at most 8 dims; mask broadcastable with self, the broadcast shape self's.
inline int CheckMaskedScatterShape(const OpCall& c) {
    const aclTensor* mask = c.t[0];
    const aclTensor* source = c.t[1];
    const aclTensor* self = c.t[2];
    const aclTensor* ts[3] = {self, mask, source};
    const char* names[3] = {"self", "mask", "source"};
    for (int i = 0; i < 3; ++i) {
        if (ts[i]->view_shape.size() > 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Parameter %s of aclnnInplaceMaskedScatter has incorrect shape dim %zu. Reason: The shape dim of "
                        "%s must be <= 8D",
                        names[i], ts[i]->view_shape.size(), names[i]);
        }
    }
    const std::vector<int64_t>& s = self->view_shape;
    const std::vector<int64_t>& m = mask->view_shape;
    const size_t n = std::max(s.size(), m.size());
    std::vector<int64_t> b(n, 1);
    for (size_t k = 0; k < n; ++k) {
        const int64_t x = k + s.size() >= n ? s[k + s.size() - n] : 1;
        const int64_t y = k + m.size() >= n ? m[k + m.size() - n] : 1;
        if (x != y && x != 1 && y != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor selfRef %s must match the size of tensor mask %s.",
                        ShapeString(s).c_str(), ShapeString(m).c_str());
        }
        b[k] = x == 1 ? y : x;
    }
    if (b != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Parameters self, mask of aclnnInplaceMaskedScatter have incorrect shapes %s, %s. Reason: The shape "
                    "of mask must be broadcastable to the shape of self",
                    ShapeString(s).c_str(), ShapeString(m).c_str());
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnScatterNd (index/scatter_nd/op_api/aclnn_scatter_nd.cpp); c.t = {data, indices, updates, out}

/// CheckShape's first checks: data, indices, updates each of at least 1 dim.
inline int CheckScatterNdMinDims(const OpCall& c) {
    const char* names[3] = {"data", "indices", "updates"};
    for (int i = 0; i < 3; ++i) {
        if (c.t[i]->view_shape.empty()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor must have at least 1 dimensions.", names[i]);
        }
    }
    return 0;
}

/// CheckShape after the dim-count and out-shape checks: rank(data) + rank(indices) - indices.shape[-1] - 1 ==
/// rank(updates); indices.shape[-1] <= rank(data); updates' shape indices.shape[:-1] + data.shape[K:].
inline int CheckScatterNdShape(const OpCall& c) {
    const std::vector<int64_t>& d = c.t[0]->view_shape;
    const std::vector<int64_t>& i = c.t[1]->view_shape;
    const std::vector<int64_t>& u = c.t[2]->view_shape;
    const int64_t k = i.back();
    const int64_t dr = static_cast<int64_t>(d.size()), ir = static_cast<int64_t>(i.size()),
                  ur = static_cast<int64_t>(u.size());
    if (dr + ir - k - 1 != ur) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "the rank of data,indices should match the shape of updates");
    }
    if (k > dr) return Fail(ACLNN_ERR_PARAM_INVALID, "the rank of data should bigger than indices");
    for (int64_t x = 0; x < ir - 1; ++x) {
        if (u[static_cast<size_t>(x)] != i[static_cast<size_t>(x)]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "the shape of data, indices and updates are not matched");
        }
    }
    for (int64_t x = 0; x < dr - k; ++x) {
        if (d[static_cast<size_t>(x + k)] != u[static_cast<size_t>(x + ir - 1)]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "the shape of data, indices and updates are not matched");
        }
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {
namespace nnindex {

/// The shape a one-dim reduction leaves: dim removed, or kept as 1 (a 0-d self: 0-d).
inline std::vector<int64_t> ReducedOneDim(const std::vector<int64_t>& s, int64_t dim, bool keepdim) {
    if (s.empty()) return {};
    const int64_t n = static_cast<int64_t>(s.size());
    const int64_t d = dim < 0 ? dim + n : dim;
    std::vector<int64_t> r;
    for (int64_t i = 0; i < n; ++i) {
        if (i != d) {
            r.push_back(s[static_cast<size_t>(i)]);
        } else if (keepdim) {
            r.push_back(1);
        }
    }
    return r;
}

/// BEYOND CANN: both outputs of a one-dim reduction of exactly the reduced shape (CANN checks at most their dim
/// count and copies its result into them as they are).
inline int ReducedOutputs(const OpCall& c, int64_t dim, bool keepdim, const char* v, const char* i) {
    const std::vector<int64_t> want = ReducedOneDim(c.t[0]->view_shape, dim, keepdim);
    const aclTensor* outs[2] = {c.t[1], c.t[2]};
    const char* names[2] = {v, i};
    for (int k = 0; k < 2; ++k) {
        if (outs[k]->view_shape != want) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: %s must have the shape %s, not %s (beyond CANN: refused here).",
                        c.api, names[k], ShapeString(want).c_str(), ShapeString(outs[k]->view_shape).c_str());
        }
    }
    return 0;
}

}  // namespace nnindex

// ---- aclnnKthvalue (index/gather_v2/op_api/aclnn_kthvalue.cpp); c.t = {self, valuesOut, indicesOut}

/// CheckParamValid: a 0-d self takes dim 0 or -1; else dim in [-N, N-1]; k in [1, self.size(dim)] (1 for 0-d).
inline int CheckKthvalueParams(const OpCall& c, int64_t k, int64_t dim, bool /*keepdim*/) {
    const std::vector<int64_t>& s = c.t[0]->view_shape;
    const int64_t n = static_cast<int64_t>(s.size());
    if (n == 0 && dim != 0 && dim != -1) return Fail(ACLNN_ERR_PARAM_INVALID, "The shape of input is invalid");
    if (n > 0 && (dim < -n || dim >= n)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Dimension out of range (expected to be in range of [-%ld, %ld], but got %ld)", static_cast<long>(n),
                    static_cast<long>(n - 1), static_cast<long>(dim));
    }
    const int64_t d = dim < 0 ? dim + std::max<int64_t>(n, 1) : dim;
    const int64_t max_k = n > 0 ? s[static_cast<size_t>(d)] : 1;
    if (k <= 0 || k > max_k) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Selected index k out or range (max num of self.size(%ld) is %ld, but k is %ld)",
                    static_cast<long>(n), static_cast<long>(max_k), static_cast<long>(k));
    }
    return 0;
}

/// BEYOND CANN: UINT16 / UINT32 / UINT64 (in the Ascend 950's list) refused (no ATen type).
inline int CheckKthvalueNoUnsigned(const OpCall& c, int64_t /*k*/, int64_t /*dim*/, bool /*keepdim*/) {
    return nnindex::NoUnsigned(c, c.t[0], "self");
}

/// BEYOND CANN: valuesOut and indicesOut of the reduced shape.
inline int CheckKthvalueOutShapes(const OpCall& c, int64_t /*k*/, int64_t dim, bool keepdim) {
    return nnindex::ReducedOutputs(c, dim, keepdim, "valuesOut", "indicesOut");
}

// ---- aclnnMedian, aclnnNanMedian (index/gather_v2/op_api/aclnn_median.cpp CheckParams); c.t = {self, out}

/// CheckParams' last rule: a BF16 self whose last dim is 1 is refused.
inline int CheckMedianBf16LastAxis(const OpCall& c) {
    const aclTensor* self = c.t[0];
    if (self->dtype == ACL_BF16 && !self->view_shape.empty() && self->view_shape.back() == 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The last axis value is not support 1 when input type is BF16.");
    }
    return 0;
}

/// BEYOND CANN: the whole-tensor median is one element; out must hold one (or none: nothing is written).
inline int CheckMedianOutOneElement(const OpCall& c) {
    const aclTensor* out = c.t[1];
    if (out->numel <= 1) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the output must hold one element, not %s (beyond CANN: refused here).",
                c.api, ShapeString(out->view_shape).c_str());
}

// ---- aclnnMedianDim, aclnnNanMedianDim (CheckParamsDim); c.t = {self, valuesOut, indicesOut}

/// CheckDimValue: dim in [min(-N, N-1), max(-N, N-1)].
inline int CheckMedianDimValue(const OpCall& c, int64_t dim, bool /*keepDim*/) {
    const int64_t n = static_cast<int64_t>(c.t[0]->view_shape.size());
    const int64_t lo = std::min(-n, n - 1), hi = std::max(-n, n - 1);
    if (dim > hi || dim < lo) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dim should be in range [%ld, %ld].", static_cast<long>(lo),
                    static_cast<long>(hi));
    }
    return 0;
}

/// CheckShapeDim after the max-dims checks: valuesOut and indicesOut of N dims with keepDim, N - 1 without (0 for a
/// 0-d self) - OP_CHECK_WRONG_DIMENSION; then CheckParamsDim's BF16 rule (dim's size 1 refused).
inline int CheckMedianDimShapes(const OpCall& c, int64_t dim, bool keepDim) {
    const aclTensor* self = c.t[0];
    const size_t n = self->view_shape.size();
    const size_t want = n == 0 ? 0 : (keepDim ? n : n - 1);
    if (int ret = CheckDims(c.t[1], "valuesOut", want)) return ret;
    if (int ret = CheckDims(c.t[2], "indicesOut", want)) return ret;
    if (n != 0 && self->dtype == ACL_BF16) {
        const int64_t d = dim < 0 ? dim + static_cast<int64_t>(n) : dim;
        if (self->view_shape[static_cast<size_t>(d)] == 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The dim axis value is not support 1 when input type is BF16.");
        }
    }
    return 0;
}

/// BEYOND CANN: valuesOut and indicesOut of the reduced shape.
inline int CheckMedianDimOutShapes(const OpCall& c, int64_t dim, bool keepDim) {
    return nnindex::ReducedOutputs(c, dim, keepDim, "valuesOut", "indicesOut");
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnRepeatInterleave* (index/repeat_interleave/op_api/aclnn_repeat_interleave.cpp)
namespace nnindex {

/// CheckParams / CheckParamsDim's repeats rule: at most 1 dim (OP_CHECK_MAX_DIM(repeats, 1)).
inline int RepeatsAtMost1D(const aclTensor* repeats) {
    if (repeats->view_shape.size() <= 1) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The repeats tensor cannot be larger than 1 dimensions.");
}

/// CheckDimRange: self not 0-d; dim in [min(N-1, -N), max(N-1, -N)].
inline int RepeatDimRange(const aclTensor* self, int64_t dim) {
    const int64_t n = static_cast<int64_t>(self->view_shape.size());
    if (n == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dimension specified as %ld but tensor has no dimensions.",
                    static_cast<long>(dim));
    }
    const int64_t lo = std::min(n - 1, -n), hi = std::max(n - 1, -n);
    if (dim > hi || dim < lo) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Dimension out of range (expected to be in range of [%ld, %ld], but got %ld).", static_cast<long>(lo),
                    static_cast<long>(hi), static_cast<long>(dim));
    }
    return 0;
}

/// CheckRepeatresOutShape: the kernel's result (RepeatInterleaveInferShape: the input's shape with the axis's size
/// outputSize) against out's shape - OP_CHECK_SHAPE_NOT_EQUAL(repeatRes, out).
inline int RepeatResultShape(std::vector<int64_t> shape, int64_t axis, int64_t outputSize, const aclTensor* out) {
    if (shape.empty()) shape = {1};  // InitializeTensor: a 0-d input broadcast to [1]
    shape[static_cast<size_t>(axis)] = outputSize;
    if (shape == out->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for repeatRes to have same size as tensor for out, but %s does not equal %s.",
                ShapeString(shape).c_str(), ShapeString(out->view_shape).c_str());
}

inline int RepeatsEmpty(const aclTensor* repeats) {
    if (repeats->numel != 0) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "repeats must have the same size as input along dim.");
}

}  // namespace nnindex

// aclnnRepeatInterleave; c.t = {self, repeats, out}

/// CheckParams after the dtypes: repeats at most 1-D; repeats of size 1 or self's element count; self <= 8 dims;
/// an empty self needs an empty, 0-d or one-element repeats.
inline int CheckRepeatInterleaveParams(const OpCall& c, int64_t /*outputSize*/) {
    const aclTensor* self = c.t[0];
    const aclTensor* repeats = c.t[1];
    if (int ret = nnindex::RepeatsAtMost1D(repeats)) return ret;
    if (!repeats->view_shape.empty() && repeats->view_shape[0] != self->numel && repeats->view_shape[0] != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Tensor repeats size %ld must be 1 or the number of elements in tensor self %ld.",
                    static_cast<long>(repeats->view_shape[0]), static_cast<long>(self->numel));
    }
    if (self->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    }
    if (self->numel == 0 && repeats->numel != 0 && repeats->view_shape.size() == 1 && repeats->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "When tensor self is empty, repeats should be empty / 0 dim tensor / 1 dim tensor with only 1 "
                    "elements, but got shape %s.",
                    ShapeString(repeats->view_shape).c_str());
    }
    return 0;
}

/// After the empty return: an empty repeats refused; the flat copy (outputSize == self's element count with one
/// repeat) checks nothing more; else the result [outputSize] against out.
inline int CheckRepeatInterleaveResult(const OpCall& c, int64_t outputSize) {
    const aclTensor* self = c.t[0];
    const aclTensor* repeats = c.t[1];
    if (int ret = nnindex::RepeatsEmpty(repeats)) return ret;
    if (outputSize == self->numel && repeats->numel == 1) return 0;
    return nnindex::RepeatResultShape({self->numel}, 0, outputSize, c.t[2]);
}

inline int CheckRepeatInterleaveNoUnsigned(const OpCall& c, int64_t /*outputSize*/) {
    return nnindex::NoUnsigned(c, c.t[0], "self");
}

// aclnnRepeatInterleaveWithDim; c.t = {self, repeats, out}

/// CheckParamsDim after the dtypes: repeats at most 1-D; dim's range; repeats of size 1 or self's size along dim;
/// self <= 8 dims.
inline int CheckRepeatInterleaveWithDimParams(const OpCall& c, int64_t dim, int64_t /*outputSize*/) {
    const aclTensor* self = c.t[0];
    const aclTensor* repeats = c.t[1];
    if (int ret = nnindex::RepeatsAtMost1D(repeats)) return ret;
    if (int ret = nnindex::RepeatDimRange(self, dim)) return ret;
    if (!repeats->view_shape.empty()) {
        const int64_t n = static_cast<int64_t>(self->view_shape.size());
        const int64_t size = self->view_shape[static_cast<size_t>(dim < 0 ? dim + n : dim)];
        const int64_t r = repeats->view_shape[0];
        if (r != size && r != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Tensor repeats must be size 1 or have the same size %ld as input along dim, but got %ld.",
                        static_cast<long>(size), static_cast<long>(r));
        }
    }
    if (self->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    }
    return 0;
}

/// After the empty-self return: outputSize 0 runs nothing; an empty repeats refused; the result (self's shape with
/// dim's size outputSize) against out.
inline int CheckRepeatInterleaveWithDimResult(const OpCall& c, int64_t dim, int64_t outputSize) {
    if (outputSize == 0) return 0;
    if (int ret = nnindex::RepeatsEmpty(c.t[1])) return ret;
    const int64_t n = static_cast<int64_t>(c.t[0]->view_shape.size());
    return nnindex::RepeatResultShape(c.t[0]->view_shape, dim < 0 ? dim + n : dim, outputSize, c.t[2]);
}

inline int CheckRepeatInterleaveWithDimNoUnsigned(const OpCall& c, int64_t /*dim*/, int64_t /*outputSize*/) {
    return nnindex::NoUnsigned(c, c.t[0], "self");
}

// aclnnRepeatInterleaveInt; c.t = {self, out}

/// CheckParamsInt after the dtypes: repeats not negative; self <= 8 dims.
inline int CheckRepeatInterleaveIntParams(const OpCall& c, int64_t repeats, int64_t /*outputSize*/) {
    if (repeats < 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "repeats %ld can not be negative.", static_cast<long>(repeats));
    }
    if (c.t[0]->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    }
    return 0;
}

/// After the empty return: repeats 1 is a flat copy (nothing more checked); else the result [outputSize] against out.
inline int CheckRepeatInterleaveIntResult(const OpCall& c, int64_t repeats, int64_t outputSize) {
    if (repeats == 1) return 0;
    return nnindex::RepeatResultShape({c.t[0]->numel}, 0, outputSize, c.t[1]);
}

inline int CheckRepeatInterleaveIntNoUnsigned(const OpCall& c, int64_t /*repeats*/, int64_t /*outputSize*/) {
    return nnindex::NoUnsigned(c, c.t[0], "self");
}

// aclnnRepeatInterleaveIntWithDim; c.t = {self, out}

/// CheckParamsDimInt after the dtypes: repeats not negative; dim's range; self <= 8 dims.
inline int CheckRepeatInterleaveIntWithDimParams(const OpCall& c, int64_t repeats, int64_t dim, int64_t /*outputSize*/) {
    if (repeats < 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "repeats %ld can not be negative.", static_cast<long>(repeats));
    }
    if (int ret = nnindex::RepeatDimRange(c.t[0], dim)) return ret;
    if (c.t[0]->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    }
    return 0;
}

/// After the empty-self return: outputSize 0 runs nothing; repeats 1 is a copy of self (nothing more checked); else
/// the result (self's shape with dim's size outputSize) against out.
inline int CheckRepeatInterleaveIntWithDimResult(const OpCall& c, int64_t repeats, int64_t dim, int64_t outputSize) {
    if (outputSize == 0 || repeats == 1) return 0;
    const int64_t n = static_cast<int64_t>(c.t[0]->view_shape.size());
    return nnindex::RepeatResultShape(c.t[0]->view_shape, dim < 0 ? dim + n : dim, outputSize, c.t[1]);
}

inline int CheckRepeatInterleaveIntWithDimNoUnsigned(const OpCall& c, int64_t /*repeats*/, int64_t /*dim*/,
                                                     int64_t /*outputSize*/) {
    return nnindex::NoUnsigned(c, c.t[0], "self");
}

// aclnnRepeatInterleaveTensor; c.t = {repeats, out}

/// CheckParamsTensor's last rule: repeats empty or 1-D.
inline int CheckRepeatInterleaveTensorRepeats(const OpCall& c, int64_t /*outputSize*/) {
    const aclTensor* repeats = c.t[0];
    if (repeats->numel == 0 || repeats->view_shape.size() == 1) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "repeats must be an empty tensor / 1D tensor.");
}

/// After the empty return: the result [outputSize] against out.
inline int CheckRepeatInterleaveTensorResult(const OpCall& c, int64_t outputSize) {
    return nnindex::RepeatResultShape({c.t[0]->numel}, 0, outputSize, c.t[1]);
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnIndexFill, aclnnInplaceIndexFill (index/index_fill_d/op_api/aclnn_index_fill.cpp), aclnnIndexFillTensor,
// aclnnInplaceIndexFillTensor (aclnn_index_fill_tensor.cpp); c.t = {self, index, out} / {self, out}
namespace nnindex {

/// CheckShape's common part (skipped for an empty self): out's shape self's; self <= 8 dims; the dim rules (as the
/// op_api writes them: dim >= N refused unless dim is 0; -dim > N refused, -dim > 1 for a 0-d self).
inline int IndexFillShape(const aclTensor* self, int64_t dim, const aclTensor* out) {
    if (self->view_shape != out->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for out, but %s does not equal %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(out->view_shape).c_str());
    }
    if (self->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    }
    const int64_t n = static_cast<int64_t>(self->view_shape.size());
    if ((dim != 0 && dim >= n) || (dim == 0 && dim > n)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Dim value error, input dim[%ld] is greater than self dim[%ld].",
                    static_cast<long>(dim), static_cast<long>(n));
    }
    if ((dim < 0 && -dim > n && n > 0) || (dim < 0 && -dim > 1 && n == 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Dim value error, abs(input dim[%ld]) is greater than self dim[%ld].",
                    static_cast<long>(dim), static_cast<long>(n));
    }
    return 0;
}

}  // namespace nnindex

/// aclnnIndexFill's CheckShape (an empty self skips it).
inline int CheckIndexFillShape(const OpCall& c, int64_t dim, const aclScalar* /*value*/) {
    if (c.t[0]->numel == 0) return 0;
    return nnindex::IndexFillShape(c.t[0], dim, c.t[2]);
}

/// aclnnIndexFillTensor's CheckShape: the common part, then each index value in [-size(dim), size(dim) - 1]
/// (size 1 for a 0-d self).
inline int CheckIndexFillTensorShape(const OpCall& c, int64_t dim, const aclIntArray* index, const aclScalar* /*value*/) {
    const aclTensor* self = c.t[0];
    if (self->numel == 0) return 0;
    if (int ret = nnindex::IndexFillShape(self, dim, c.t[1])) return ret;
    const int64_t n = static_cast<int64_t>(self->view_shape.size());
    const int64_t d = dim >= 0 ? dim : (n > 0 ? dim + n : 0);
    const int64_t size = n == 0 ? 1 : self->view_shape[static_cast<size_t>(d)];
    for (int64_t v : index->values) {
        if (v >= size || v < -size) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Index value[%ld] is out of range, it should be smaller than [%ld].",
                        static_cast<long>(v), static_cast<long>(size));
        }
    }
    return 0;
}

/// CheckPromoteType: a COMPLEX value refused.
inline int CheckIndexFillTensorValue(const OpCall& /*c*/, int64_t /*dim*/, const aclIntArray* /*index*/,
                                     const aclScalar* value) {
    if (value->dtype != ACL_COMPLEX64 && value->dtype != ACL_COMPLEX128) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Type of value do not support complex type");
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnScatterNdUpdate (index/scatter_nd_update/op_api/aclnn_scatter_nd_update.cpp); c.t = {indices, updates, varRef}

/// CheckDtypeValid's last rule: updates of varRef's dtype.
inline int CheckScatterNdUpdateDtype(const OpCall& c) {
    const aclTensor* updates = c.t[1];
    const aclTensor* var = c.t[2];
    if (updates->dtype == var->dtype) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "updates dtype %s should be in same with varRef dtype %s.",
                DtypeName(updates->dtype), DtypeName(var->dtype));
}

/// BEYOND CANN: the op_api checks no shape (its ScatterNdUpdate kernel's shape inference does); refused here with
/// ScatterNd's rule - indices at least 1-D, K = indices.shape[-1] at most varRef's rank, updates' shape
/// indices.shape[:-1] + varRef.shape[K:] - rather than left to the second phase.
inline int CheckScatterNdUpdateShapes(const OpCall& c) {
    const std::vector<int64_t>& i = c.t[0]->view_shape;
    const std::vector<int64_t>& u = c.t[1]->view_shape;
    const std::vector<int64_t>& d = c.t[2]->view_shape;
    bool ok = !i.empty() && i.back() >= 0 && i.back() <= static_cast<int64_t>(d.size());
    if (ok) {
        std::vector<int64_t> want(i.begin(), i.end() - 1);
        want.insert(want.end(), d.begin() + i.back(), d.end());
        ok = want == u;
    }
    if (ok) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "%s: updates %s must be indices.shape[:-1] + varRef.shape[K:] for indices %s and varRef %s (beyond "
                "CANN: refused here).",
                c.api, ShapeString(u).c_str(), ShapeString(i).c_str(), ShapeString(d).c_str());
}

// ---- aclnnInplacePut (index/scatter_nd_update/op_api/aclnn_put.cpp); c.t = {index, source, selfRef}

/// CheckDtypeValid: self's list (ASCEND910B_..._LIST on DAV_2201 or a RegBase arch without accumulate, else the
/// list without BF16), index's list, source of self's dtype.
inline int CheckInplacePutDtypes(const OpCall& c, bool accumulate) {
    const aclTensor* index = c.t[0];
    const aclTensor* source = c.t[1];
    const aclTensor* self = c.t[2];
    std::vector<aclDataType> list = {ACL_FLOAT, ACL_INT32,  ACL_INT64,     ACL_FLOAT16,    ACL_INT16, ACL_INT8,
                                     ACL_UINT8, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128, ACL_BOOL};
    if (nnindex::Dav2201OrRegbase(c.soc) && !accumulate) list.push_back(ACL_BF16);
    if (!nnindex::InList(self->dtype, list)) return nnindex::DtypeNotSupported("self", self->dtype, list);
    if (!nnindex::InList(index->dtype, nnindex::IndexList64First())) {
        return nnindex::DtypeNotSupported("index", index->dtype, nnindex::IndexList64First());
    }
    if (source->dtype != self->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "source dtype %s should be in same with self dtype %s.",
                    DtypeName(source->dtype), DtypeName(self->dtype));
    }
    return 0;
}

/// CheckShape: self and index of at most 8 dims; index and source of the same element count; then (after the
/// empty-index return) an empty self with a non-empty index.
inline int CheckInplacePutShapes(const OpCall& c, bool /*accumulate*/) {
    const aclTensor* index = c.t[0];
    const aclTensor* source = c.t[1];
    const aclTensor* self = c.t[2];
    if (self->view_shape.size() > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    if (index->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The index tensor cannot be larger than 8 dimensions.");
    }
    if (index->numel != source->numel) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expect source and index to have the same number of elements,but the source has %ld,the index has "
                    "%ld.",
                    static_cast<long>(source->numel), static_cast<long>(index->numel));
    }
    return 0;
}

inline int CheckInplacePutEmptySelf(const OpCall& c, bool /*accumulate*/) {
    if (c.t[2]->numel == 0 && c.t[0]->numel != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Can not put elements into an empty tensor");
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnFlip (index/reverse_v2/op_api/aclnn_flip.cpp); c.t = {self, out}

/// CheckDims: each dim in [-N, N-1] ([-1, 0] for a 0-d self); a dim named twice (after wrapping).
inline int CheckFlipDims(const OpCall& c, const aclIntArray* dims) {
    int64_t n = static_cast<int64_t>(c.t[0]->view_shape.size());
    if (n == 0) n = 1;
    std::vector<int64_t> seen;
    for (int64_t d : dims->values) {
        if (d < -n || d > n - 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Dimension out of range (expected to be in range of [%ld, %ld], but got %ld)",
                        static_cast<long>(-n), static_cast<long>(n - 1), static_cast<long>(d));
        }
        const int64_t w = d < 0 ? d + n : d;
        if (std::find(seen.begin(), seen.end(), w) != seen.end()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "dim:[%ld] appears multiple times in the list of dims",
                        static_cast<long>(w));
        }
        seen.push_back(w);
    }
    return 0;
}

/// BEYOND CANN: UINT16 / UINT32 / UINT64 (in the Ascend 950's list) refused (no ATen type).
inline int CheckFlipNoUnsigned(const OpCall& c, const aclIntArray* /*dims*/) {
    return nnindex::NoUnsigned(c, c.t[0], "self");
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnScatterReduce, aclnnInplaceScatterReduce (aclnn_scatter.cpp); c.t = {self, index, src, out}

/// Before the null checks (when self is given): on DAV_2201 (Atlas A2/A3) only FLOAT, reduce add and includeSelf
/// ("verified safe", the op_api says) - GetReduceStr's name in the message (an unknown reduce reads "none").
inline int CheckScatterReduceAtlasA2(const OpCall& c, int64_t /*dim*/, int64_t reduce, bool includeSelf) {
    const aclTensor* self = c.t[0];
    const rt::Soc soc = rt::ActiveSoc();  // c.soc is set after the null checks; this check comes before them
    if (self == nullptr || (soc != rt::Soc::kAscend910B && soc != rt::Soc::kAscend910_93)) return 0;
    static const char* const names[] = {"none", "add", "mul", "max", "min", "mean"};
    const char* name = reduce >= 0 && reduce <= 5 ? names[reduce] : "none";
    if (self->dtype == ACL_FLOAT && reduce == 1 && includeSelf) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "scatter_reduce only supports dtype=float32, reduce=sum, include_self=true. Got dtype=%s, reduce=%s, "
                "include_self=%d.",
                DtypeName(self->dtype), name, includeSelf ? 1 : 0);
}

/// ExecScatterReduceGetWorkspaceSize: reduce in 0..5.
inline int CheckScatterReduceRange(const OpCall& /*c*/, int64_t /*dim*/, int64_t reduce, bool /*includeSelf*/) {
    if (reduce >= 0 && reduce <= 5) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "reduce must be one of [0(none), 1(add), 2(mul), 3(max), 4(min), 5(mean)].");
}

inline int CheckScatterReduceIndexDtype(const OpCall& c, int64_t dim, int64_t reduce, bool /*includeSelf*/) {
    return CheckScatterIndexDtype(c, dim, reduce);
}

inline int CheckScatterReduceShapes(const OpCall& c, int64_t dim, int64_t reduce, bool /*includeSelf*/) {
    return CheckScatterShapes(c, dim, reduce);
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnInverse (index/matrix_inverse/op_host/op_api/aclnn_inverse.cpp); c.t = {self, out}

/// CheckShape after out's shape and the max dims, for a non-empty self: at least 2 dims, square last two.
inline int CheckInverseSquare(const OpCall& c) {
    const aclTensor* self = c.t[0];
    if (self->numel == 0) return 0;
    const std::vector<int64_t>& s = self->view_shape;
    if (s.size() < 2) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 2 dimensions.");
    const int64_t last = s[s.size() - 1], last2 = s[s.size() - 2];
    if (last != last2) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The input tensor must be batches of square matrices, but they are %ld by %ld matrices",
                    static_cast<long>(last), static_cast<long>(last2));
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnGatherNd (index/gather_nd/op_api/aclnn_gather_nd.cpp); c.t = {self, indices, out}

/// CheckShape: self and indices of 1 to 8 dims; K = indices.shape[-1] in [1, rank(self)]; out's shape
/// indices.shape[:-1] + self.shape[K:] (OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE).
inline int CheckGatherNdShape(const OpCall& c, bool /*negativeIndexSupport*/) {
    const aclTensor* self = c.t[0];
    const aclTensor* indices = c.t[1];
    const aclTensor* out = c.t[2];
    const aclTensor* ts[2] = {self, indices};
    const char* names[2] = {"self", "indices"};
    for (int i = 0; i < 2; ++i) {
        if (ts[i]->view_shape.empty()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor must have at least 1 dimensions.", names[i]);
        }
        if (ts[i]->view_shape.size() > 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than 8 dimensions.", names[i]);
        }
    }
    const std::vector<int64_t>& s = self->view_shape;
    const std::vector<int64_t>& i = indices->view_shape;
    const int64_t k = i.back();
    const int64_t rank = static_cast<int64_t>(s.size());
    if (!(k >= 1 && k <= rank)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "indices last dim %ld not in valid range: [1, %ld]", static_cast<long>(k),
                    static_cast<long>(rank));
    }
    std::vector<int64_t> want(i.begin(), i.end() - 1);
    want.insert(want.end(), s.begin() + k, s.end());
    if (out->view_shape == want) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                ShapeString(want).c_str(), ShapeString(out->view_shape).c_str());
}

/// BEYOND CANN: UINT16 / UINT32 / UINT64 (in the Ascend 950's list) refused (no ATen type).
inline int CheckGatherNdNoUnsigned(const OpCall& c, bool /*negativeIndexSupport*/) {
    return nnindex::NoUnsigned(c, c.t[0], "self");
}

// ---- aclnnIndexAdd (index/inplace_scatter_add/op_host/op_api/aclnn_index_add.cpp CheckShape after its
// OP_CHECK_MAX_DIMs); c.t = {self, index, source, out}

/// A 0-d index or source counts as [1] (the op_api unsqueezes them before its checks). dim in [-N, N-1] ([-1, 0] for
/// a 0-d self); a self of dims has source's dim count; their sizes equal outside dim; index at most 1-D with as
/// many elements as source's size at dim; out's shape self's (OP_CHECK_SHAPE_NOT_EQUAL).
inline int CheckIndexAddShape(const OpCall& c, int64_t dim, const aclScalar* /*alpha*/) {
    const aclTensor* self = c.t[0];
    const aclTensor* index = c.t[1];
    const aclTensor* source = c.t[2];
    const aclTensor* out = c.t[3];
    const std::vector<int64_t>& s = self->view_shape;
    const std::vector<int64_t> src = source->view_shape.empty() ? std::vector<int64_t>{1} : source->view_shape;
    const std::vector<int64_t> idx = index->view_shape.empty() ? std::vector<int64_t>{1} : index->view_shape;
    const int64_t n = static_cast<int64_t>(s.size());
    if (n == 0) {
        if (dim != -1 && dim != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "when self.dims() == 0, dim should be 0 or -1, but dim is %ld.",
                        static_cast<long>(dim));
        }
    } else if (dim < -n || dim >= n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dim should be in [-self.dims(), self.dims), but dim is %ld.",
                    static_cast<long>(dim));
    }
    if (n != 0 && s.size() != src.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of self must be equal to dimNum of source.");
    }
    const int64_t d = dim >= 0 ? dim : n + dim;
    for (int64_t i = 0; i < n; ++i) {
        if (i != d && s[i] != src[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The size of self must match the size of source at dimension %ld.",
                        static_cast<long>(dim));
        }
    }
    if (idx.size() > 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Index dimension %zu is supposed to be 1.", idx.size());
    }
    // a 0-d self with a dim of -1 reads source's dim -1 (CANN reads GetDim(-1): aclcpu takes its last dim)
    const int64_t sd = d >= 0 && d < static_cast<int64_t>(src.size()) ? src[d] : src.back();
    if (idx[0] != sd) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Number of index should be equal to number of source in dim  %ld.",
                    static_cast<long>(dim));
    }
    if (out->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for out, but %s does not equal %s.",
                    ShapeString(s).c_str(), ShapeString(out->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnIndexCopy, aclnnInplaceIndexCopy (index/scatter_update/op_api/aclnn_index_copy.cpp CheckShape,
// CheckElementNum, CheckFormat after its dtype checks); c.t = {selfRef, index, source, outRef}

/// BEYOND CANN: the Ascend 950's UINT32 / UINT64 refused (no ATen type).
inline int CheckIndexCopyNoUnsigned(const OpCall& c, int64_t /*dim*/) {
    return nnindex::NoUnsigned(c, c.t[0], "selfRef");
}

/// self and source at most 8 dims, index at most 1; out's shape self's; a 0-d source with an index of other than one
/// element; self and source (neither 0-d) of different dim counts; dim outside [-N, N-1] ([-1, 0] for a 0-d self);
/// sizes outside dim different; index's element count not source's size at dim (unless source is 0-d); self's
/// format not out's.
inline int CheckIndexCopyShape(const OpCall& c, int64_t dim) {
    const aclTensor* self = c.t[0];
    const aclTensor* index = c.t[1];
    const aclTensor* source = c.t[2];
    const aclTensor* out = c.t[3];
    const aclTensor* ranked[3] = {self, source, index};
    const char* names[3] = {"selfRef", "source", "index"};
    const size_t limits[3] = {8, 8, 1};
    for (int i = 0; i < 3; ++i) {
        if (ranked[i]->view_shape.size() > limits[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %zu dimensions.", names[i],
                        limits[i]);
        }
    }
    const std::vector<int64_t>& s = self->view_shape;
    const std::vector<int64_t>& src = source->view_shape;
    if (out->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for selfRef to have same size as tensor for outRef, but %s does not equal %s.",
                    ShapeString(s).c_str(), ShapeString(out->view_shape).c_str());
    }
    if (src.empty() && index->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "When source is scalar,index should have one element,but got %ld.",
                    static_cast<long>(index->numel));
    }
    if (s.size() != src.size() && !s.empty() && !src.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "When source and self are not scalars,their dimensionality must match,but got self dimensionality "
                    "%s,source dimensionlity %s",
                    ShapeString(s).c_str(), ShapeString(src).c_str());
    }
    const int64_t n = static_cast<int64_t>(s.size());
    if (n == 0 && dim != 0 && dim != -1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Dimension out of range (expected to be in range of [-1, 0], but got %ld)",
                    static_cast<long>(dim));
    }
    if (n > 0 && (dim < -n || dim >= n)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Dimension out of range (expected to be in range of [-%ld, %ld],but got %ld)", static_cast<long>(n),
                    static_cast<long>(n - 1), static_cast<long>(dim));
    }
    const int64_t pd = dim < 0 ? dim + n : dim;
    for (int64_t i = 0; i < n; ++i) {
        const int64_t sv = i < static_cast<int64_t>(src.size()) ? src[i] : 1;
        if (s[i] != sv && i != pd) return Fail(ACLNN_ERR_PARAM_INVALID, "Self and source must have same slice shapes");
    }
    if (!src.empty()) {
        const int64_t sn = static_cast<int64_t>(src.size());
        const int64_t d = dim >= 0 ? dim : dim + sn;
        const int64_t size = d >= 0 && d < sn ? src[d] : 0;
        if (index->numel != size) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "The element num of index (%ld) should be equal to source size in dimension %ld, actual is %ld",
                        static_cast<long>(index->numel), static_cast<long>(d), static_cast<long>(size));
        }
    }
    if (self->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be same. self [%d], out [%d].",
                    static_cast<int>(self->format), static_cast<int>(out->format));
    }
    return 0;
}

// ---- aclnnEmbeddingDenseBackward (index/embedding_dense_grad_v2/op_api/aclnn_embedding_dense_backward.cpp
// CheckParams after its dtype checks); c.t = {grad, indices, out}

/// grad, indices, out at most 8 dims (OP_CHECK_MAX_DIM, in that order); unless grad's last dim is 0, the product of
/// grad's leading dims equal to indices' element count; out 2-D of [numWeights, grad's last dim]; no private format.
/// Beyond CANN: a 0-d grad (whose last dim the op_api reads out of range) refused.
inline int CheckEmbeddingDenseBackwardShape(const OpCall& c, uint64_t numWeights, uint64_t /*paddingIdx*/,
                                            bool /*scaleGradByFreq*/) {
    const aclTensor* grad = c.t[0];
    const aclTensor* indices = c.t[1];
    const aclTensor* out = c.t[2];
    const aclTensor* ranked[3] = {grad, indices, out};
    const char* names[3] = {"grad", "indices", "out"};
    for (int i = 0; i < 3; ++i) {
        if (ranked[i]->view_shape.size() > 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than 8 dimensions.", names[i]);
        }
    }
    const std::vector<int64_t>& g = grad->view_shape;
    if (g.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: grad must have at least 1 dimension (beyond CANN).", c.api);
    }
    if (g.back() != 0) {
        int64_t rows = 1;
        for (size_t i = 0; i + 1 < g.size(); ++i) rows *= g[i];
        if (rows != indices->numel) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "grad shape [%s] is not match with indices shape [%s].",
                        ShapeString(g).c_str(), ShapeString(indices->view_shape).c_str());
        }
    }
    const std::vector<int64_t>& o = out->view_shape;
    if (o.size() != 2) return Fail(ACLNN_ERR_PARAM_INVALID, "outDim shape is not equal to 2");
    if (static_cast<uint64_t>(o[0]) != numWeights || o[1] != g.back()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "outshape [%s] is not match with infershape {%lu, %ld}.",
                    ShapeString(o).c_str(), static_cast<unsigned long>(numWeights), static_cast<long>(g.back()));
    }
    for (const aclTensor* t : ranked) {
        if (t->format == ACL_FORMAT_FRACTAL_NZ || t->format == ACL_FORMAT_NC1HWC0 || t->format == ACL_FORMAT_FRACTAL_Z ||
            t->format == ACL_FORMAT_NDC1HWC0 || t->format == ACL_FRACTAL_Z_3D || t->format == ACL_FORMAT_NC1HWC0_C04) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND.");
        }
    }
    return 0;
}

// ---- aclnnGatherV3 (index/gather_v2/op_api/aclnn_gather_v3.cpp CheckShape and the arch rules of CheckParams after
// its dtype checks); c.t = {self, index, out}

/// self and index at most 8 dims; dim in [-N, N) (N = max(rank, 1)); out's shape the gathered one - self's dims
/// before dim, index's dims (on the Ascend 950 those after batchDims), self's dims after dim (a 0-d self: 0-d); then
/// on the Ascend 950 (RegBase) the batchDims rules (in [-R, R] of index's rank R, below self's rank, not above dim,
/// self's and index's leading batchDims dims equal), elsewhere dim 0, batchDims 0 and mode 1 only.
inline int CheckGatherV3Shape(const OpCall& c, int64_t dim, int64_t batchDims, int64_t mode) {
    const aclTensor* self = c.t[0];
    const aclTensor* index = c.t[1];
    const aclTensor* out = c.t[2];
    if (self->view_shape.size() > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    if (index->view_shape.size() > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The index tensor cannot be larger than 8 dimensions.");
    const std::vector<int64_t>& s = self->view_shape;
    const std::vector<int64_t>& ix = index->view_shape;
    const int64_t n = s.empty() ? 1 : static_cast<int64_t>(s.size());
    if (!(dim >= -n && dim < n)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dim %ld not in valid range: [%ld, %ld)", static_cast<long>(dim),
                    static_cast<long>(-n), static_cast<long>(n));
    }
    const int64_t d = dim < 0 ? dim + n : dim;
    const bool regbase = nnindex::Regbase(c.soc);
    std::vector<int64_t> want;
    if (!s.empty()) {
        for (int64_t i = 0; i < d; ++i) want.push_back(s[static_cast<size_t>(i)]);
        // the op_api starts at batchDims as given: a negative one, made a size_t, appends no index dim at all
        const size_t from = !regbase ? 0 : (batchDims < 0 ? ix.size() : static_cast<size_t>(batchDims));
        for (size_t i = from; i < ix.size(); ++i) want.push_back(ix[i]);
        for (size_t i = static_cast<size_t>(d) + 1; i < s.size(); ++i) want.push_back(s[i]);
    }
    if (out->view_shape != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(want).c_str(), ShapeString(out->view_shape).c_str());
    }
    if (!regbase) {
        if (dim != 0 || batchDims != 0 || mode != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Currently, only dim=0, batchDims=0, and mode=1 are supported.");
        }
        return 0;
    }
    if (batchDims != 0) {
        const int64_t r = ix.empty() ? 1 : static_cast<int64_t>(ix.size());
        if (batchDims < -r || batchDims > r) return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnGatherV3, batchDims is invalid.");
        const int64_t b = batchDims < 0 ? batchDims + r : batchDims;
        if (b >= n) return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnGatherV3, batchDims must be less than rank(self).");
        if (b > d) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnGatherV3, batchDims must be less than or equal to dim.");
        }
        for (int64_t i = 0; i < b; ++i) {
            const int64_t si = i < static_cast<int64_t>(s.size()) ? s[static_cast<size_t>(i)] : 1;
            const int64_t ii = i < static_cast<int64_t>(ix.size()) ? ix[static_cast<size_t>(i)] : 1;
            if (si != ii) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "aclnnGatherV3, self.shape[:batch_dims] should be equal to indices.shape[:batch_dims].");
            }
        }
    }
    return 0;
}

// ---- aclnnMaxUnpool2dBackward (index/gather_elements/op_api/aclnn_max_unpool2d_backward.cpp CheckShape and the empty
// rule after CheckParams); c.t = {gradOutput, self, indices, out}

/// self 3-D or 4-D; gradOutput of self's rank with its (N,) C; indices' and out's shapes self's; outputSize 2 long and
/// equal to gradOutput's H and W; then an empty gradOutput with a non-empty self refused.
inline int CheckMaxUnpool2dBackwardShape(const OpCall& c, const aclIntArray* outputSize) {
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* indices = c.t[2];
    const aclTensor* out = c.t[3];
    const std::vector<int64_t>& s = self->view_shape;
    const std::vector<int64_t>& g = grad->view_shape;
    const size_t n = s.size();
    if (n != 3 && n != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected self to be a 3d or 4d Tensor, instead got: %zu", n);
    }
    if (g.size() != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected dim of self and gradOutput to be equal, instead got self: %zu, gradOutput: %zu", n,
                    g.size());
    }
    if (n == 3) {
        if (s[0] != g[0]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected (C) of self and gradOutput to be equal, instead got self: (%ld), gradOutput: (%ld)",
                        static_cast<long>(s[0]), static_cast<long>(g[0]));
        }
    } else if (s[0] != g[0] || s[1] != g[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected (N, C) of self and gradOutput to be equal, instead got self: (%ld, %ld), gradOutput: "
                    "(%ld, %ld)",
                    static_cast<long>(s[0]), static_cast<long>(s[1]), static_cast<long>(g[0]), static_cast<long>(g[1]));
    }
    if (indices->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for indices, but %s does not equal %s.",
                    ShapeString(s).c_str(), ShapeString(indices->view_shape).c_str());
    }
    if (out->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for out, but %s does not equal %s.",
                    ShapeString(s).c_str(), ShapeString(out->view_shape).c_str());
    }
    const std::vector<int64_t>& o = outputSize->values;
    if (o.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected size of outputSize must be 2, but got: %zu", o.size());
    }
    const int64_t gh = g[n - 2], gw = g[n - 1];
    if (o[0] != gh || o[1] != gw) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Inconsistent gradOutput size. output height = %ld, output width = %ld, but got gradOutput: %ldx%ld",
                    static_cast<long>(o[0]), static_cast<long>(o[1]), static_cast<long>(gh), static_cast<long>(gw));
    }
    if (grad->numel == 0 && self->numel != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gradOutput is empty tensor, self should be empty tensor.");
    }
    return 0;
}

// ---- aclnnRepeatInterleaveGrad (index/repeat_interleave_grad: no op_api source - CANN's build generates the aclnn
// layer from the op definition, so these checks and messages are aclcpu's, after the documented constraints of
// docs/aclnnRepeatInterleaveGrad.md); c.t = {yGrad, repeats, out}

/// The Ascend 950 only (the documented products); yGrad at most 8 dims; repeats 0-D or 1-D and not empty; axis in
/// [-n, n) (n = max(rank, 1)); with a repeats of more than one element, its length's share of yGrad's element count
/// equal to out's (the reduced axis has one position per repeat; a single repeat's reduced size depends on its value,
/// which the second phase checks).
inline int CheckRepeatInterleaveGrad(const OpCall& c, int64_t axis) {
    const aclTensor* y = c.t[0];
    const aclTensor* rep = c.t[1];
    const aclTensor* out = c.t[2];
    if (c.soc != rt::Soc::kAscend950) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s is not supported on %s (CANN documents the Ascend 950 only).", c.api,
                    rt::SocName(c.soc));
    }
    if (y->view_shape.size() > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The yGrad tensor cannot be larger than 8 dimensions.");
    if (rep->view_shape.size() > 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "repeats must be a 0-D or 1-D tensor, but got %s.",
                    ShapeString(rep->view_shape).c_str());
    }
    if (rep->numel == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "repeats must not be empty.");
    const int64_t n = y->view_shape.empty() ? 1 : static_cast<int64_t>(y->view_shape.size());
    if (axis < -n || axis >= n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "axis %ld is out of range [%ld, %ld).", static_cast<long>(axis),
                    static_cast<long>(-n), static_cast<long>(n));
    }
    if (rep->numel > 1 && !y->view_shape.empty()) {
        const int64_t a = axis < 0 ? axis + n : axis;
        const int64_t len = y->view_shape[static_cast<size_t>(a)];
        const int64_t want = len == 0 ? 0 : y->numel / len * rep->numel;
        if (out->numel != want) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "out must hold %ld elements (yGrad %s reduced to %ld positions along axis %ld), but holds %ld.",
                        static_cast<long>(want), ShapeString(y->view_shape).c_str(), static_cast<long>(rep->numel),
                        static_cast<long>(axis), static_cast<long>(out->numel));
        }
    }
    return 0;
}

// ---- aclnnTfScatterAdd (index/tf_scatter_add/op_host/op_api/aclnn_tf_scatter_add.cpp CheckParams' shape rules after
// its dtype checks); c.t = {indices, updates, varRef} (the in-place tensor after the inputs)

namespace nnindex {

/// CheckShapeForScatterAdd: every tensor 1..8 dims; varRef's dim 0 empty only with an empty indices; updates of
/// indices' dims then varRef's dims after the first. Gives its message (0 when it passes).
inline const char* TfScatterAddShape(const std::vector<int64_t>& v, const std::vector<int64_t>& ix,
                                     const std::vector<int64_t>& u, int64_t indices_numel, std::string* msg) {
    const std::vector<int64_t>* ts[3] = {&v, &ix, &u};
    const char* names[3] = {"varRef", "indices", "updates"};
    for (int i = 0; i < 3; ++i) {
        if (ts[i]->empty()) {
            *msg = std::string("The ") + names[i] + " tensor must have at least 1 dimensions.";
            return msg->c_str();
        }
    }
    for (int i = 0; i < 3; ++i) {
        if (ts[i]->size() > 8) {
            *msg = std::string("The ") + names[i] + " tensor cannot be larger than 8 dimensions.";
            return msg->c_str();
        }
    }
    if (v[0] == 0 && indices_numel != 0) return "when varRef.shape[0] = 0, indices tensor must be empty.";
    if (u.size() != ix.size() + v.size() - 1) {
        return "updatesDimNum must have the same number of indicesDimNum add varDimNum - 1.";
    }
    for (size_t i = 0; i < ix.size(); ++i) {
        if (u[i] != ix[i]) return "updatesShape must have the same number of indicesShape.";
    }
    for (size_t i = 1; i < v.size(); ++i) {
        if (u[i + ix.size() - 1] != v[i]) return "updatesShape must have the same number of varShape.";
    }
    return nullptr;
}

/// CheckShapeForScatterNdAdd: indices' last dim K at most varRef's rank; updates of indices' dims but the last, then
/// varRef's dims after the first K. Beyond CANN: a 0-d indices (whose last dim the op_api reads out of range) fails.
inline const char* TfScatterNdAddShape(const std::vector<int64_t>& v, const std::vector<int64_t>& ix,
                                       const std::vector<int64_t>& u) {
    if (ix.empty()) return "indices must have at least 1 dimension (beyond CANN).";
    const int64_t k = ix.back();
    if (k < 0 || k > static_cast<int64_t>(v.size())) return "indices.shape[-1] must less than or equal to varRefDimNum.";
    const size_t rank = static_cast<size_t>(k);
    if (u.size() != ix.size() - 1 + v.size() - rank) {
        return "updatesDimNum must have the same number of indicesDimNum - 1 add varDimNum - rankSize.";
    }
    for (size_t i = 0; i + 1 < ix.size(); ++i) {
        if (u[i] != ix[i]) return "updatesShape must have the same number of indicesShape.";
    }
    for (size_t i = 0; i < v.size() - rank; ++i) {
        if (u[i + ix.size() - 1] != v[i + rank]) return "updatesShape must have the same number of varShape.";
    }
    return nullptr;
}

}  // namespace nnindex

/// Either shape rule passes; when both fail, CANN logs both messages - aclcpu reports both.
inline int CheckTfScatterAddShape(const OpCall& c) {
    const std::vector<int64_t>& v = c.t[2]->view_shape;  // the in-place varRef follows the inputs
    const std::vector<int64_t>& ix = c.t[0]->view_shape;
    const std::vector<int64_t>& u = c.t[1]->view_shape;
    std::string buf;
    const char* add = nnindex::TfScatterAddShape(v, ix, u, c.t[0]->numel, &buf);
    if (add == nullptr) return 0;
    const char* nd = nnindex::TfScatterNdAddShape(v, ix, u);
    if (nd == nullptr) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "%s %s", add, nd);
}

// ---- aclnnMaxUnpool3dBackward (index/gather_elements/op_api/aclnn_max_unpool3d_backward.cpp CheckParams after the null
// checks; common/inc/op_api/level2_base.h CheckInpuNullTensorMaxUnPool3D, CheckIntArrayShapeMaxUnPool3D);
// c.t = {gradOutput, self, indices, out}

/// op::IsContiguous: the view's strides the row-major ones (dims of size 1 skipped).
inline bool ViewContiguous(const aclTensor* t) {
    int64_t want = 1;
    for (size_t i = t->view_shape.size(); i-- > 0;) {
        if (t->view_shape[i] == 1) continue;
        if (t->strides[i] != want) return false;
        want *= t->view_shape[i];
    }
    return true;
}

/// out contiguous (before the dtype checks: the entry's first custom check).
inline int CheckMaxUnpool3dBackwardOut(const OpCall& c, const aclIntArray*, const aclIntArray*, const aclIntArray*) {
    if (c.t[3]->numel == 0 || ViewContiguous(c.t[3])) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "out must be contiguous");
}

/// CheckShape, CheckInpuNullTensorMaxUnPool3D, CheckIntArrayShapeMaxUnPool3D, CheckOutShape (a 4-D self is [N, D, H,
/// W], a 5-D one [N, C, D, H, W]).
inline int CheckMaxUnpool3dBackwardShape(const OpCall& c, const aclIntArray* outputSize, const aclIntArray* stride,
                                         const aclIntArray* padding) {
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* indices = c.t[2];
    const aclTensor* out = c.t[3];
    const std::vector<int64_t>& s = self->view_shape;
    const std::vector<int64_t>& g = grad->view_shape;
    const size_t n = s.size();
    if (n != 4 && n != 5) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Input to max_unpooling3d should be a 4d or 5d Tensor, but got a tensor with dim %zu", n);
    }
    if (indices->view_shape.size() != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected shape of indices to be: %zu, but got: %zu", n,
                    indices->view_shape.size());
    }
    if (out->view_shape.size() != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected shape of out to be: %zu, but got: %zu", n, out->view_shape.size());
    }
    if (indices->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for indices, but %s does not equal %s.",
                    ShapeString(s).c_str(), ShapeString(indices->view_shape).c_str());
    }
    if (out->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for out, but %s does not equal %s.",
                    ShapeString(s).c_str(), ShapeString(out->view_shape).c_str());
    }
    for (size_t i = 1; i < n; ++i) {
        if (s[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "max_unpool3d(): Expected input to have non-zero size for non-batch dimensions, but got %zu "
                        "with dimension %zu being empty.",
                        n, i);
        }
    }
    const std::vector<int64_t>* arrays[3] = {&outputSize->values, &stride->values, &padding->values};
    const char* names[3] = {"output_size", "stride", "padding"};
    for (int i = 0; i < 3; ++i) {
        if (arrays[i]->size() != 3) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "There should be exactly three elements (depth, height, width) in %s, but got %zu elements",
                        names[i], arrays[i]->size());
        }
    }
    const std::vector<int64_t>& o = outputSize->values;
    const std::vector<int64_t>& st = stride->values;
    for (size_t i = 0; i < 3; ++i) {
        if (st[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "strides[%zu] shoule be greater than zero, but got %ld.", i,
                        static_cast<long>(st[i]));
        }
        if (o[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "outputSize[%zu] should be greater than zero, but got %ld.", i,
                        static_cast<long>(o[i]));
        }
    }
    const int64_t d = s[n - 3], h = s[n - 2], w = s[n - 1];
    if (o[0] * o[1] * o[2] < d * h * w) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The output dimensions are of size %ld x %ld x %ld, should be greater than or equal to self of "
                    "size %ld x %ld x %ld.",
                    static_cast<long>(o[0]), static_cast<long>(o[1]), static_cast<long>(o[2]), static_cast<long>(d),
                    static_cast<long>(h), static_cast<long>(w));
    }
    if (g.size() != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %zu dimension input, but got self with sizes %s.", g.size(),
                    ShapeString(s).c_str());
    }
    const int64_t gd = g[n - 3], gh = g[n - 2], gw = g[n - 1];
    if (o[0] != gd || o[1] != gh || o[2] != gw) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Inconsistant gradOutput size. oT= %ld, oH= %ld, oW= %ld. gradOutput: %ld x %ld x %ld.",
                    static_cast<long>(o[0]), static_cast<long>(o[1]), static_cast<long>(o[2]), static_cast<long>(gd),
                    static_cast<long>(gh), static_cast<long>(gw));
    }
    const int64_t sc = n == 5 ? s[1] : 1, gc = n == 5 ? g[1] : 1;
    if (s[0] != g[0] || sc != gc) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "gradOutput and input Tensors should have same number of dimensions and also the same number of "
                    "channels/slices. But gradOutput is %zu dimensions, %ld batch size, %ld channels/slices, self is "
                    "%zu dimensions , %ld batch size, %ld channels/slices.",
                    g.size(), static_cast<long>(g[0]), static_cast<long>(gc), n, static_cast<long>(s[0]),
                    static_cast<long>(sc));
    }
    return 0;
}

}  // namespace aclcpu

// ================================================================================ Index (a tensor list of indices)
// hicann/ops-nn e5c3fa93 index/index/op_api/aclnn_index.cpp: CheckParams (CheckPtrValid, CheckDtypeValid,
// CheckFormat, CheckShape - warnings only -, CheckShapeDim), the empty return, then the output's rank (at most 8).

#include "op/foreach_call.h"

namespace aclcpu {
namespace nnindex {

/// aclnn_index.cpp DTYPE_SUPPORT_LIST_REGBASE (Ascend 950) / DTYPE_SUPPORT_LIST (every other product; BF16 is
/// refused before it on a SocVersion below ASCEND910B, i.e. the Ascend910 only - the enum puts ASCEND310P after).
inline std::vector<aclDataType> IndexSelfList(rt::Soc soc) {
    std::vector<aclDataType> l = {ACL_FLOAT, ACL_FLOAT16, ACL_INT64, ACL_INT32, ACL_BOOL,
                                  ACL_INT8,  ACL_UINT8,   ACL_BF16,  ACL_DOUBLE, ACL_INT16};
    if (Regbase(soc)) l.push_back(ACL_COMPLEX64);
    return l;
}

/// The shape ATen's advanced indexing (and CANN's Index kernels, which follow it) gives self indexed by the
/// defined (non-empty) index tensors of shapes `idx` at positions `pos` (no BOOL index): the indices' broadcast
/// shape in place of the indexed dims when these are adjacent, else first. false when the shapes do not broadcast.
inline bool IndexResultShape(const std::vector<int64_t>& self, const std::vector<std::vector<int64_t>>& idx,
                             const std::vector<size_t>& pos, std::vector<int64_t>* shape) {
    std::vector<int64_t> b;
    for (const auto& s : idx) {
        std::vector<int64_t> r(std::max(b.size(), s.size()), 1);
        for (size_t k = 0; k < r.size(); ++k) {
            const int64_t x = k < r.size() - b.size() ? 1 : b[k - (r.size() - b.size())];
            const int64_t y = k < r.size() - s.size() ? 1 : s[k - (r.size() - s.size())];
            if (x != y && x != 1 && y != 1) return false;
            r[k] = x == 1 ? y : x;
        }
        b = r;
    }
    bool adjacent = true;
    for (size_t k = 1; k < pos.size(); ++k) adjacent = adjacent && pos[k] == pos[k - 1] + 1;
    shape->clear();
    if (!adjacent) shape->insert(shape->end(), b.begin(), b.end());
    for (size_t d = 0; d < self.size(); ++d) {
        const bool indexed = std::find(pos.begin(), pos.end(), d) != pos.end();
        if (!indexed) {
            shape->push_back(self[d]);
        } else if (adjacent && d == pos.front()) {
            shape->insert(shape->end(), b.begin(), b.end());
        }
    }
    return true;
}

}  // namespace nnindex

/// aclnnIndex after the null checks of self, out and the list: CheckPtrValid's NULL element (161001), then
/// CheckDtypeValid (BF16 on the Ascend910; self's dtype out's; self's list; each non-empty index INT64, INT32 or
/// BOOL), CheckFormat (no private format), CheckShapeDim (self and each index at most 8 dims); an empty self or out
/// returns there on CANN (the formula writes nothing); then the result's rank at most 8. Beyond CANN (whose kernel
/// takes out's shape as the result's): out's shape the result's when no index is BOOL (a BOOL index gives a
/// data-dependent shape, checked by the second phase) and there are no more indices than self's dims.
inline int CheckIndex(const ForeachCall& c, const aclTensor* self, aclTensor* out) {
    const auto& items = c.lists[0]->items;
    for (size_t i = 0; i < items.size(); ++i) {
        if (items[i] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument (*indices)[i].");
        }
    }
    if (c.soc == rt::Soc::kAscend910 && self->dtype == ACL_BF16) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self not implemented for DT_BF16, when SocVersion is less than ASCEND910B.");
    }
    if (self->dtype != out->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor self expected dtype is %s but found %s.", DtypeName(out->dtype),
                    DtypeName(self->dtype));
    }
    const std::vector<aclDataType> list = nnindex::IndexSelfList(c.soc);
    if (!nnindex::InList(self->dtype, list)) return nnindex::DtypeNotSupported("self", self->dtype, list);
    static const std::vector<aclDataType> kIndices = {ACL_INT64, ACL_INT32, ACL_BOOL};
    for (const aclTensor* t : items) {
        if (t->numel != 0 && !nnindex::InList(t->dtype, kIndices)) {
            return nnindex::DtypeNotSupported("(*indices)[i]", t->dtype, kIndices);
        }
    }
    if (IsPrivateFormatCode(self->format)) return Fail(ACLNN_ERR_PARAM_INVALID, "self don't support private format.");
    if (IsPrivateFormatCode(out->format)) return Fail(ACLNN_ERR_PARAM_INVALID, "out don't support private format.");
    for (const aclTensor* t : items) {
        if (IsPrivateFormatCode(t->format)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "indices don't support private format.");
        }
    }
    if (self->view_shape.size() > static_cast<size_t>(kMaxDims)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self's dim %zu should not be greater than %d.", self->view_shape.size(),
                    kMaxDims);
    }
    for (const aclTensor* t : items) {
        if (t->view_shape.size() > static_cast<size_t>(kMaxDims)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "(*indices)[i]'s dim %zu should not be greater than %d.",
                        t->view_shape.size(), kMaxDims);
        }
    }
    if (self->numel == 0 || out->numel == 0) return 0;  // CANN returns here: nothing runs
    std::vector<std::vector<int64_t>> shapes;
    std::vector<size_t> pos;
    bool has_bool = false;
    for (size_t i = 0; i < items.size(); ++i) {
        if (items[i]->numel == 0) continue;
        shapes.push_back(items[i]->view_shape);
        pos.push_back(i);
        has_bool = has_bool || items[i]->dtype == ACL_BOOL;
    }
    const size_t index_dims = shapes.empty() ? 0 : shapes[0].size();
    const size_t out_dims = index_dims + self->view_shape.size() - pos.size();
    if (out_dims > static_cast<size_t>(kMaxDims)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Outputshape Dim should be less than or equal 8, but got [%zu]", out_dims);
    }
    if (has_bool || self->view_shape.empty() || items.size() > self->view_shape.size()) return 0;
    std::vector<int64_t> want;
    if (!nnindex::IndexResultShape(self->view_shape, shapes, pos, &want)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The shapes of the indices cannot be broadcast together.");  // BEYOND CANN
    }
    if (out->view_shape != want) {  // BEYOND CANN
        return Fail(ACLNN_ERR_PARAM_INVALID, "The shape of out is %s, but the result's is %s.",
                    ShapeString(out->view_shape).c_str(), ShapeString(want).c_str());
    }
    return 0;
}

}  // namespace aclcpu

// ================================================================================ IndexPutImpl
// hicann/ops-nn e5c3fa93 index/index_put_v2/op_api/aclnn_index_put_impl.cpp: CheckParams (CheckNotNull,
// CheckDtypeValid, CheckDtypeEqual, CheckShape, CheckBoolMaskShape), then the empty return.

namespace aclcpu {

/// aclnnIndexPutImpl after the null checks of selfRef, values and the list: CheckNotNull's NULL element (161001),
/// CheckDtypeValid (BF16 selfRef, then values, on the Ascend910 - SocVersion below ASCEND910B -; selfRef's and values'
/// list; each non-empty index INT32, INT64 or BOOL), CheckDtypeEqual (values of selfRef's dtype), CheckShape (selfRef
/// at most 8 dims; no more indices than selfRef's dims), CheckBoolMaskShape (a non-empty BOOL mask's dims those of
/// selfRef it covers, an empty index covering one dim). unsafe only chooses whether the NPU checks index bounds:
/// not read.
inline int CheckIndexPutImpl(const ForeachCall& c, aclTensor* selfRef, const aclTensor* values, bool /*accumulate*/,
                             bool /*unsafe*/) {
    const auto& items = c.lists[0]->items;
    for (size_t i = 0; i < items.size(); ++i) {
        if (items[i] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument (*indices)[i].");
        }
    }
    if (c.soc == rt::Soc::kAscend910) {
        if (selfRef->dtype == ACL_BF16) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "self not implemented for DT_BF16, when SocVersion is less than ASCEND910B.");
        }
        if (values->dtype == ACL_BF16) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "value not implemented for DT_BF16, when SocVersion is less than ASCEND910B.");
        }
    }
    static const std::vector<aclDataType> kList = {ACL_FLOAT, ACL_INT32, ACL_INT64,  ACL_FLOAT16, ACL_INT16,
                                                   ACL_INT8,  ACL_UINT8, ACL_DOUBLE, ACL_BOOL,    ACL_BF16};
    if (!nnindex::InList(selfRef->dtype, kList)) return nnindex::DtypeNotSupported("self", selfRef->dtype, kList);
    if (!nnindex::InList(values->dtype, kList)) return nnindex::DtypeNotSupported("value", values->dtype, kList);
    static const std::vector<aclDataType> kIndices = {ACL_INT32, ACL_INT64, ACL_BOOL};
    for (const aclTensor* t : items) {
        if (t->numel != 0 && !nnindex::InList(t->dtype, kIndices)) {
            return nnindex::DtypeNotSupported("(*indices)[i]", t->dtype, kIndices);
        }
    }
    if (selfRef->dtype != values->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor selfRef expected dtype is %s but found %s.",
                    DtypeName(values->dtype), DtypeName(selfRef->dtype));
    }
    const std::vector<int64_t>& s = selfRef->view_shape;
    if (s.size() > static_cast<size_t>(kMaxDims)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "selfRef's dim %zu should not be greater than %d.", s.size(), kMaxDims);
    }
    if (items.size() > s.size()) return Fail(ACLNN_ERR_PARAM_INVALID, "indicesSize must <= self DimSize.");
    bool has_mask = false;
    for (const aclTensor* t : items) has_mask = has_mask || (t->numel != 0 && t->dtype == ACL_BOOL);
    if (!has_mask) return 0;
    const int64_t self_dims = static_cast<int64_t>(s.size());
    int64_t consumed = 0;
    for (size_t i = 0; i < items.size(); ++i) {
        const aclTensor* t = items[i];
        if (t->numel == 0) {
            ++consumed;
            continue;
        }
        const int64_t n = static_cast<int64_t>(t->view_shape.size());
        if (consumed + n > self_dims) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "The bool mask at indices[%zu] has %ld dimensions, but only %ld dimensions remain in selfRef "
                        "(total %ld, already consumed %ld).",
                        i, static_cast<long>(n), static_cast<long>(self_dims - consumed),
                        static_cast<long>(self_dims), static_cast<long>(consumed));
        }
        for (int64_t j = 0; j < n; ++j) {
            // CANN compares every non-empty index so (an INT index of several dims too)
            if (t->view_shape[static_cast<size_t>(j)] != s[static_cast<size_t>(consumed + j)]) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "The shape of the bool mask at indices[%zu] dim %ld (size %ld) does not match the shape of "
                            "the indexed tensor at dimension %ld (size %ld).",
                            i, static_cast<long>(j), static_cast<long>(t->view_shape[static_cast<size_t>(j)]),
                            static_cast<long>(consumed + j), static_cast<long>(s[static_cast<size_t>(consumed + j)]));
            }
        }
        consumed += n;
    }
    return 0;
}

}  // namespace aclcpu

// ================================================================================ ScatterDiv / Mul / Max / Min
// No op_api source: CANN's build generates their aclnn layers from the op definitions (hicann/ops-nn e5c3fa93
// index/scatter_{div,mul,max,min}/op_host/*_def.cpp: an AI Core config for ascend950 only), and the shape rules are
// the tiling's (index/scatter_reduce_common/op_host/arch35/scatter_reduce_common_tiling.cpp
// CheckScatterReduceInputs: ACLNN_ERR_INNER_TILING_ERROR). The messages are aclcpu's.

namespace aclcpu {

/// The op definitions name an AI Core config for the Ascend 950 only: elsewhere every call is refused (161002).
inline int CheckTfScatterReduceProduct(const OpCall& c, bool /*useLocking*/) {
    if (c.soc != rt::Soc::kAscend950) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s is not supported on %s.", c.api, rt::SocName(c.soc));
    }
    return 0;
}

/// CheckScatterReduceInputs: varRef, indices and updates at most 8 dims; for a varRef of at least one dim, updates
/// of indices' dims then varRef's after the first (561002).
inline int CheckTfScatterReduceShape(const OpCall& c, bool /*useLocking*/) {
    const std::vector<int64_t>& v = c.t[2]->view_shape;  // the in-place varRef follows the inputs
    const std::vector<int64_t>& ix = c.t[0]->view_shape;
    const std::vector<int64_t>& u = c.t[1]->view_shape;
    if (v.size() > 8 || ix.size() > 8 || u.size() > 8) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "The dim number of var, indices and updates must be less than or equal to 8, but got %zu, %zu, %zu.",
                    v.size(), ix.size(), u.size());
    }
    if (v.empty()) return 0;  // a 0-d varRef: its first dim taken as 1, no rule
    if (u.size() != ix.size() + v.size() - 1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "updatesDimNum must equal indicesDimNum + varDimNum - 1, but got %zu.",
                    u.size());
    }
    for (size_t i = 0; i < ix.size(); ++i) {
        if (u[i] != ix[i]) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                        "updatesShape should equal indicesShape in the first indicesDimNum dimensions: updates %s, "
                        "indices %s.",
                        ShapeString(u).c_str(), ShapeString(ix).c_str());
        }
    }
    for (size_t i = 1; i < v.size(); ++i) {
        if (u[i + ix.size() - 1] != v[i]) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                        "updatesShape should equal varShape except for the first dimension: updates %s, var %s.",
                        ShapeString(u).c_str(), ShapeString(v).c_str());
        }
    }
    return 0;
}

}  // namespace aclcpu

// ================================================================================ Bucketize
// hicann/ops-nn e5c3fa93 index/bucketize_v2/op_api/aclnn_bucketize.cpp: the RegBase gate before CheckParams.

namespace aclcpu {

/// aclnnBucketize runs on a RegBase arch only (Ascend 950): elsewhere ACLNN_ERR_INNER (561000) before its checks.
inline int CheckBucketizeProduct(const OpCall& /*c*/, bool /*outInt32*/, bool /*right*/) {
    // c.soc is set after the null checks; this check comes before them
    if (!nnindex::Regbase(rt::ActiveSoc())) return Fail(ACLNN_ERR_INNER, "BucketizeV2 Op not support this Soc Version!");
    return 0;
}

/// CheckDtypeValid's out dtype: INT32 when outInt32, else INT64.
inline int CheckBucketizeOutDtype(const OpCall& c, bool outInt32, bool /*right*/) {
    const aclDataType want = outInt32 ? ACL_INT32 : ACL_INT64;
    const aclTensor* out = c.t[2];
    if (out->dtype != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is %s but found %s when outInt32 is %s.",
                    DtypeName(want), DtypeName(out->dtype), outInt32 ? "true" : "false");
    }
    return 0;
}

/// CheckShape's OP_CHECK_WRONG_DIMENSION: boundaries 1-D.
inline int CheckBucketizeBoundaries(const OpCall& c, bool /*outInt32*/, bool /*right*/) {
    const aclTensor* b = c.t[1];
    if (b->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected boundaries to be 1-dimensional, but got %zu dims.",
                    b->view_shape.size());
    }
    return 0;
}

}  // namespace aclcpu

// ================================================================================ ApplyTopKTopP
// hicann/ops-nn e5c3fa93 index/apply_top_k_top_p_with_sorted/op_api/aclnn_apply_top_k_top_p.cpp CheckParams after its
// null checks and dtype lists: the dtype matches, CheckShapeValid, CheckFormatValid.

namespace aclcpu {

/// CheckDtypeValid's matches (p of logits' dtype, out of logits' dtype), CheckShapeValid (logits 2-D, out of logits'
/// shape, p and k 1-D of logits.size(0)), CheckFormatValid (ND storage formats). c.t: logits, p, k, out (p, k NULL
/// when not given).
inline int CheckApplyTopKTopP(const OpCall& c) {
    const aclTensor* logits = c.t[0];
    const aclTensor* p = c.t[1];
    const aclTensor* k = c.t[2];
    const aclTensor* out = c.t[3];
    if (p != nullptr && p->dtype != logits->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor p expected dtype is %s but found %s.", DtypeName(logits->dtype),
                    DtypeName(p->dtype));
    }
    if (out->dtype != logits->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is %s but found %s.", DtypeName(logits->dtype),
                    DtypeName(out->dtype));
    }
    if (logits->view_shape.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected logits to be 2-dimensional, but got %zu dims.",
                    logits->view_shape.size());
    }
    if (out->view_shape != logits->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as tensor for logits, but %s "
                    "does not equal %s.", ShapeString(out->view_shape).c_str(), ShapeString(logits->view_shape).c_str());
    }
    if (p != nullptr && p->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected p to be 1-dimensional, but got %zu dims.", p->view_shape.size());
    }
    if (k != nullptr && k->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected k to be 1-dimensional, but got %zu dims.", k->view_shape.size());
    }
    if (p != nullptr && p->view_shape[0] != logits->view_shape[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "expected p.size(0) is equal to logits.size(0), but got %ld.",
                    static_cast<long>(p->view_shape[0]));
    }
    if (k != nullptr && k->view_shape[0] != logits->view_shape[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "expected k.size(0) is equal to logits.size(0), but got %ld.",
                    static_cast<long>(k->view_shape[0]));
    }
    const aclTensor* const named[4] = {logits, p, k, out};
    const char* const names[4] = {"logits", "p", "k", "out"};
    for (int i = 0; i < 4; ++i) {
        if (named[i] != nullptr && named[i]->format != ACL_FORMAT_ND) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s format only support ND", names[i]);
        }
    }
    return 0;
}

}  // namespace aclcpu


// ================================================================================ EmbeddingBag
// hicann/ops-nn index/embedding_bag/op_api/aclnn_embedding_bag.cpp CheckParams after CheckNotNull: CheckDtypeValid,
// CheckDims, CheckShape (the product's NpuArch: DAV_2002 / DAV_1001 - Atlas inference / training - the list without
// BF16; the RegBase arch - Ascend 950 - its own rank and size rules).

namespace aclcpu {
namespace nnindex {

/// OP_CHECK_MAX_DIM / OP_CHECK_MIN_DIM's messages.
inline int EbMaxDim(const aclTensor* t, const char* name, size_t n) {
    if (t->view_shape.size() > n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %zu dimensions.", name, n);
    }
    return 0;
}
inline int EbMinDim(const aclTensor* t, const char* name, size_t n) {
    if (t->view_shape.size() < n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor must have at least %zu dimensions.", name, n);
    }
    return 0;
}
/// OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE's message.
inline int EbShape(const aclTensor* t, const char* name, const std::vector<int64_t>& want) {
    if (t->view_shape != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for %s to have same size as %s, but got %s.", name,
                    ShapeString(want).c_str(), ShapeString(t->view_shape).c_str());
    }
    return 0;
}
inline int64_t EbNumel(const aclTensor* t) {
    int64_t n = 1;
    for (int64_t d : t->view_shape) n *= d;
    return n;
}
/// GetDim(0) of a tensor of at most one dim (a 0-d one: its one element).
inline int64_t EbDim0(const aclTensor* t) { return t->view_shape.empty() ? 1 : t->view_shape[0]; }

}  // namespace nnindex

/// c.t: weight, indices, offsets, perSampleWeights (NULL when not given), output, offset2bag, bagSize, maxIndices.
inline int CheckEmbeddingBag(const OpCall& c, bool /*scaleGradByFreq*/, int64_t mode, bool /*sparse*/,
                             bool includeLastOffset, int64_t /*paddingIdx*/) {
    using namespace nnindex;
    const aclTensor* weight = c.t[0];
    const aclTensor* indices = c.t[1];
    const aclTensor* offsets = c.t[2];
    const aclTensor* psw = c.t[3];
    const aclTensor* output = c.t[4];
    const aclTensor* offset2bag = c.t[5];
    const aclTensor* bagSize = c.t[6];
    const aclTensor* maxIndices = c.t[7];
    const bool regbase = Regbase(c.soc);
    const bool isMax = mode != 0 && mode != 1;  // getModeStr: 0 sum, 1 mean, anything else max
    // CheckDtypeValid
    std::vector<aclDataType> wl = {ACL_FLOAT, ACL_FLOAT16};
    if (c.soc != rt::Soc::kAscend910 && c.soc != rt::Soc::kAscend310P) wl.push_back(ACL_BF16);
    if (!InList(weight->dtype, wl)) return DtypeNotSupported("weight", weight->dtype, wl);
    const std::vector<aclDataType> all = {ACL_INT64, ACL_INT32, ACL_INT16, ACL_INT8, ACL_UINT8};
    if (!InList(indices->dtype, all)) return DtypeNotSupported("indices", indices->dtype, all);
    if (!InList(offsets->dtype, all)) return DtypeNotSupported("offsets", offsets->dtype, all);
    if (!InList(indices->dtype, IndexList64First()) && !InList(offsets->dtype, IndexList64First())) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "indices or offsets must has one dtype in [int32, int64], but get indices dtype %s, offsets dtype %s.",
                    DtypeName(indices->dtype), DtypeName(offsets->dtype));
    }
    if (psw != nullptr && psw->dtype != weight->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "perSampleWeights dtype %s should be in same with weight dtype %s.",
                    DtypeName(psw->dtype), DtypeName(weight->dtype));
    }
    if (output->dtype != weight->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "output dtype %s should be in same with weight dtype %s.",
                    DtypeName(output->dtype), DtypeName(weight->dtype));
    }
    const char* names[3] = {"offset2bag", "bagSize", "maxIndices"};
    const aclTensor* outs[3] = {offset2bag, bagSize, maxIndices};
    for (int i = 0; i < 3; ++i) {
        if (!InList(outs[i]->dtype, IndexList64First())) return DtypeNotSupported(names[i], outs[i]->dtype, IndexList64First());
    }
    // CheckDims
    if (int r = EbMaxDim(weight, "weight", 2)) return r;
    if (int r = EbMinDim(weight, "weight", 2)) return r;
    if (int r = EbMaxDim(indices, "indices", regbase ? 2 : 1)) return r;
    if (int r = EbMaxDim(offsets, "offsets", 1)) return r;
    if (psw != nullptr) {
        if (int r = EbMaxDim(psw, "perSampleWeights", regbase ? 2 : 1)) return r;
        if (int r = EbMinDim(psw, "perSampleWeights", 1)) return r;
    }
    if (int r = EbMaxDim(output, "output", 2)) return r;
    if (int r = EbMinDim(output, "output", 2)) return r;
    if (int r = EbMaxDim(offset2bag, "offset2bag", 1)) return r;
    if (int r = EbMaxDim(bagSize, "bagSize", 1)) return r;
    if (regbase) {
        if (int r = EbMaxDim(maxIndices, "maxIndices", 2)) return r;
    } else if (isMax) {
        if (int r = EbMaxDim(maxIndices, "maxIndices", 2)) return r;
        if (int r = EbMinDim(maxIndices, "maxIndices", 2)) return r;
    } else {
        if (int r = EbMaxDim(maxIndices, "maxIndices", 1)) return r;
    }
    // CheckShape
    if (!regbase && mode != 0 && psw != nullptr) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "per_sample_weights only supported with mode='sum'");
    }
    if (psw != nullptr && EbNumel(indices) != EbNumel(psw)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected indices->GetViewShape().GetShapeSize() == perSampleWeights"
                                             "->GetViewShape().GetShapeSize() to be true, but got false");
    }
    const int64_t bags = EbNumel(offsets) - (includeLastOffset ? 1 : 0);
    const std::vector<int64_t> outShape = {bags, weight->view_shape[1]};
    if (int r = EbShape(output, "output", outShape)) return r;
    if (EbNumel(offset2bag) != 0 && EbNumel(offset2bag) != EbNumel(indices)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "offset2bag shape size should be %lld,but got %lld.",
                    static_cast<long long>(EbNumel(indices)), static_cast<long long>(EbNumel(offset2bag)));
    }
    const int64_t d0 = EbDim0(offsets);
    if (regbase || !includeLastOffset) {
        if (EbNumel(bagSize) != d0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, regbase ? "bagSize shape size should be %lld,but got %lld."
                                                         : "bagSize shape size should be %lld, but got %lld.",
                        static_cast<long long>(EbNumel(offsets)), static_cast<long long>(EbNumel(bagSize)));
        }
    } else if (EbNumel(bagSize) != d0 - 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "bagSize shape size should be %lld,but got %lld.",
                    static_cast<long long>(EbNumel(offsets) - 1), static_cast<long long>(EbNumel(bagSize)));
    }
    if (isMax) {
        if (int r = EbShape(maxIndices, "maxIndices", outShape)) return r;
    } else if (!regbase) {
        const int64_t want = includeLastOffset ? d0 - 1 : d0;
        if (EbNumel(maxIndices) != want) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "maxIndices shape size should be %lld, but got %lld.",
                        static_cast<long long>(want), static_cast<long long>(EbNumel(maxIndices)));
        }
    }
    return 0;
}

}  // namespace aclcpu

// ================================================================================ EmbeddingRenorm
// hicann/ops-nn norm/renorm/op_api/aclnn_embedding_renorm.cpp CheckParams after CheckNotNull.

namespace aclcpu {

/// CheckDtypeValid (selfRef FLOAT, FLOAT16, plus BF16 on DAV_2201 / RegBase; indices INT32, INT64), CheckSelfDim (2-D,
/// its own message), CheckIndicesDimension (at most 8 dims), CheckFormatValid (no FRACTAL_NZ). c.t: indices, selfRef.
inline int CheckEmbeddingRenormParams(const OpCall& c, double /*maxNorm*/, double /*normType*/) {
    using namespace nnindex;
    const aclTensor* indices = c.t[0];
    const aclTensor* self = c.t[1];
    std::vector<aclDataType> sl = {ACL_FLOAT, ACL_FLOAT16};
    if (Dav2201OrRegbase(c.soc)) sl.push_back(ACL_BF16);
    if (!InList(self->dtype, sl)) return DtypeNotSupported("self", self->dtype, sl);
    const std::vector<aclDataType> il = {ACL_INT32, ACL_INT64};
    if (!InList(indices->dtype, il)) return DtypeNotSupported("indices", indices->dtype, il);
    if (self->view_shape.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Embedding_Renorm: Except 2-dimension Tensor but got [%s]-dimension Tensor.",
                    ShapeString(self->view_shape).c_str());
    }
    if (indices->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The indices tensor cannot be larger than 8 dimensions.");
    }
    if (self->format == ACL_FORMAT_FRACTAL_NZ || indices->format == ACL_FORMAT_FRACTAL_NZ) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input and output format only support [ND]. Actual: self:[%s], indices:[%s].",
                    FormatName(self->format), FormatName(indices->format));
    }
    return 0;
}

}  // namespace aclcpu

// ================================================================================ InplaceScatterUpdate
// hicann/ops-nn index/scatter/op_api/aclnn_scatter_update.cpp CheckShape (its own messages). c.t: indices, updates, data.

namespace aclcpu {

inline int CheckScatterUpdateShape(const OpCall& c, int64_t /*axis*/) {
    const aclTensor* indices = c.t[0];
    const aclTensor* updates = c.t[1];
    const aclTensor* data = c.t[2];
    if (data->numel == 0 || updates->numel == 0 || indices->numel == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "input tensors can not be empty tensor");
    }
    if (data->view_shape.size() != updates->view_shape.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dimension of data and updates should equal");
    }
    const size_t nd = indices->view_shape.size();
    if (nd == 0 && (updates->view_shape.empty() || updates->view_shape[0] != 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "when the dimension of indices are 0, batch axis of updates should be 1");
    }
    if (nd > 2) return Fail(ACLNN_ERR_PARAM_INVALID, "dimension of indices should be 0, 1 or 2");
    return 0;
}

}  // namespace aclcpu

// ================================================================================ MaxUnpool2d, MaxUnpool3d
// hicann/ops-nn index/scatter_elements/op_api/aclnn_max_unpool2d.cpp, aclnn_max_unpool3d.cpp CheckParams after the
// dtypes (common/inc/op_api/level2_base.h CheckInpuNullTensorMaxUnPool3D, CheckIntArrayShapeMaxUnPool3D). c.t =
// {self, indices, out}.

namespace aclcpu {

inline int CheckMaxUnpool2dParams(const OpCall& c, const aclIntArray* outputSize) {
    const aclTensor* self = c.t[0];
    const aclTensor* indices = c.t[1];
    const aclTensor* out = c.t[2];
    const std::vector<int64_t>& s = self->view_shape;
    const size_t n = s.size();
    if (n != 3 && n != 4) return Fail(ACLNN_ERR_PARAM_INVALID, "Expected self to be a 3d or 4d Tensor, instead got: %zu", n);
    if (indices->view_shape.size() != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected dim of self and indices to be equal, instead got self: %zu, gradOutput: %zu", n,
                    indices->view_shape.size());
    }
    if (indices->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for indices, but %s does not equal %s.",
                    ShapeString(s).c_str(), ShapeString(indices->view_shape).c_str());
    }
    for (size_t i = 1; i < n; ++i) {
        if (s[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "max_unpool2d():expected input to have non-empty spatiak dimensions, but input has sizes %zu "
                        "with dimension %zu being empty.",
                        n, i);
        }
    }
    const std::vector<int64_t>& o = outputSize->values;
    if (o.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "outputSize length should be 2, but now is %zu.", o.size());
    }
    for (size_t i = 0; i < 2; ++i) {
        if (o[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "outputSize value should greater than 0, but the sizes of %zu is %lld.",
                        i, static_cast<long long>(o[i]));
        }
    }
    const int64_t h = s[n - 2], w = s[n - 1];
    if (o[0] * o[1] < h * w) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The output volums are of size %lld x %lld, should greater than or equal to self of size %lld x %lld.",
                    static_cast<long long>(o[0]), static_cast<long long>(o[1]), static_cast<long long>(h),
                    static_cast<long long>(w));
    }
    // beyond CANN: the op_api reshapes out to [N, C, oH * oW] (a failure there is an inner error)
    const int64_t want = (n == 4 ? s[0] * s[1] : s[0]) * o[0] * o[1];
    if (self->numel != 0 && out->numel != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "out (shape %s) must hold N x C x oH x oW = %lld elements (beyond CANN).",
                    ShapeString(out->view_shape).c_str(), static_cast<long long>(want));
    }
    return 0;
}

/// CheckOutContiguous (op::IsContiguous) before the dtype checks.
inline int CheckMaxUnpool3dOutContiguous(const OpCall& c, const aclIntArray*, const aclIntArray*, const aclIntArray*) {
    if (ViewContiguous(c.t[2])) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "outRef must be contiguous");
}

/// CheckShape, CheckInpuNullTensorMaxUnPool3D, CheckIntArrayShapeMaxUnPool3D, CheckOutShape.
inline int CheckMaxUnpool3dParams(const OpCall& c, const aclIntArray* outputSize, const aclIntArray* stride,
                                  const aclIntArray* padding) {
    const aclTensor* self = c.t[0];
    const aclTensor* indices = c.t[1];
    const aclTensor* out = c.t[2];
    const std::vector<int64_t>& s = self->view_shape;
    const size_t n = s.size();
    if (n != 4 && n != 5) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Input to max_unpooling3d should be a 4d or 5d Tensor, but got a tensor with dim %zu", n);
    }
    if (indices->view_shape.size() != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected shape of indices to be: %zu, but got: %zu", n,
                    indices->view_shape.size());
    }
    if (indices->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for indices, but %s does not equal %s.",
                    ShapeString(s).c_str(), ShapeString(indices->view_shape).c_str());
    }
    for (size_t i = 1; i < n; ++i) {
        if (s[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "max_unpool3d(): Expected input to have non-zero size for non-batch dimensions, but got %zu "
                        "with dimension %zu being empty.",
                        n, i);
        }
    }
    const std::vector<int64_t>* arrays[3] = {&outputSize->values, &stride->values, &padding->values};
    const char* names[3] = {"output_size", "stride", "padding"};
    for (int i = 0; i < 3; ++i) {
        if (arrays[i]->size() != 3) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "There should be exactly three elements (depth, height, width) in %s, but got %zu elements",
                        names[i], arrays[i]->size());
        }
    }
    const std::vector<int64_t>& o = outputSize->values;
    const std::vector<int64_t>& st = stride->values;
    for (size_t i = 0; i < 3; ++i) {
        if (st[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "strides[%zu] shoule be greater than zero, but got %lld.", i,
                        static_cast<long long>(st[i]));
        }
        if (o[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "outputSize[%zu] should be greater than zero, but got %lld.", i,
                        static_cast<long long>(o[i]));
        }
    }
    const int64_t d = s[n - 3], h = s[n - 2], w = s[n - 1];
    if (o[0] * o[1] * o[2] < d * h * w) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The output dimensions are of size %lld x %lld x %lld, should be greater than or equal to self of "
                    "size %lld x %lld x %lld.",
                    static_cast<long long>(o[0]), static_cast<long long>(o[1]), static_cast<long long>(o[2]),
                    static_cast<long long>(d), static_cast<long long>(h), static_cast<long long>(w));
    }
    const std::vector<int64_t>& os = out->view_shape;
    if (os.size() != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Out should be same in dimensions with self, but self is %zu, outRef is %zu", n, os.size());
    }
    const int64_t sn = n == 5 ? s[0] : 1, sc = n == 5 ? s[1] : s[0];
    const int64_t on = n == 5 ? os[0] : 1, oc = n == 5 ? os[1] : os[0];
    if (sn != on || sc != oc) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Out should be same in N\xe3\x80\x81" "C dimensions with self, but self N: [%lld]\xe3\x80\x81" "C:[%lld], outRef N: "
                    "[%lld]\xe3\x80\x81" "C: [%lld]",
                    static_cast<long long>(sn), static_cast<long long>(sc), static_cast<long long>(on),
                    static_cast<long long>(oc));
    }
    const int64_t od = os[n - 3], oh = os[n - 2], ow = os[n - 1];
    if (od != o[0] || oh != o[1] || ow != o[2]) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Out should be same in D\xe3\x80\x81H\xe3\x80\x81W dimensions with outputSize, but outputSize D: "
                    "[%lld]\xe3\x80\x81H:[%lld]\xe3\x80\x81W:[%lld], outRef D: [%lld]\xe3\x80\x81H: [%lld]\xe3\x80\x81W:[%lld]",
                    static_cast<long long>(o[0]), static_cast<long long>(o[1]), static_cast<long long>(o[2]),
                    static_cast<long long>(od), static_cast<long long>(oh), static_cast<long long>(ow));
    }
    return 0;
}

}  // namespace aclcpu

// ================================================================================ ExpandIntoJaggedPermute
// hicann/ops-nn index/expand_into_jagged_permute/op_host/expand_into_jagged_permute_tiling.cpp InputParamCheck, run by
// the generated first phase (561002). Its dtype-equality test (all three pairwise different) cannot fail with the
// definition's one dtype; its length test (offsets one longer than permute) comes after a return and never runs.
// c.t = {permute, inputOffset, outputOffset, outputPermuteOut}.

namespace aclcpu {

inline int CheckExpandIntoJaggedPermuteTiling(const OpCall& c, int64_t /*outputSize*/) {
    const char* what[3] = {"permuteShape", "inputoffsetShape", "outputoffsetShape"};
    for (int i = 0; i < 3; ++i) {
        if (c.t[i]->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "[ExpandIntoJaggedPermuteTilingData] %s's shape is not 1D.", what[i]);
        }
    }
    return 0;
}

}  // namespace aclcpu

// ================================================================================ IndexAddV2
// hicann/ops-nn index/inplace_scatter_add/op_host/op_api/aclnn_index_add_v2.cpp: the 0-d index / source unsqueezed to
// [1] first, then CheckParams (CheckDtypeValid, CheckShape); after the empty return UnDeterministicImpl's mode 0
// test (IsAICoreSupport). c.t = {self, index, source, out}.

namespace aclcpu {

inline int CheckIndexAddV2Params(const OpCall& c, int64_t dim, const aclScalar* alpha, int64_t /*mode*/) {
    using namespace nnindex;
    const aclTensor* self = c.t[0];
    const aclTensor* index = c.t[1];
    const aclTensor* source = c.t[2];
    const aclTensor* out = c.t[3];
    const std::vector<aclDataType> sl = {ACL_FLOAT, ACL_INT32, ACL_FLOAT16, ACL_DOUBLE, ACL_INT16,
                                         ACL_INT8,  ACL_UINT8, ACL_INT64,   ACL_BOOL,   ACL_BF16};
    if (!InList(self->dtype, sl)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self dtype %s should be in dtype support list [%s].", DtypeName(self->dtype),
                    engine::DtypeListString(sl.data(), sl.size()).c_str());
    }
    if (!InList(index->dtype, IndexList64First())) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "index dtype %s should be in dtype support list [%s].",
                    DtypeName(index->dtype), engine::DtypeListString(IndexList64First().data(), 2).c_str());
    }
    if (self->dtype != source->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self dtype %s and source dtype %s must same.", DtypeName(self->dtype),
                    DtypeName(source->dtype));
    }
    if (!CanCast(alpha->dtype, self->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.",
                    DtypeName(alpha->dtype), DtypeName(self->dtype));
    }
    if (self->dtype != out->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self dtype %s and source dtype %s must same.", DtypeName(self->dtype),
                    DtypeName(out->dtype));
    }
    // CheckShape
    if (self->view_shape.size() > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    if (source->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The source tensor cannot be larger than 8 dimensions.");
    }
    const std::vector<int64_t>& s = self->view_shape;
    const std::vector<int64_t> src = source->view_shape.empty() ? std::vector<int64_t>{1} : source->view_shape;
    const std::vector<int64_t> idx = index->view_shape.empty() ? std::vector<int64_t>{1} : index->view_shape;
    const int64_t n = static_cast<int64_t>(s.size());
    if ((dim < -n || dim >= n) && !(dim == 0 && n == 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dim should be in [-self.dims(), self.dims), but dim is %lld.",
                    static_cast<long long>(dim));
    }
    if (n != 0 && s.size() != src.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of self must be equal to dimNum of source.");
    }
    const int64_t d = dim >= 0 ? dim : n + dim;
    for (int64_t i = 0; i < n; ++i) {
        if (i != d && s[i] != src[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The size of self must match the size of source at dimension %lld.",
                        static_cast<long long>(dim));
        }
    }
    if (idx.size() > 1) return Fail(ACLNN_ERR_PARAM_INVALID, "Index dimension %zu is supposed to be 1.", idx.size());
    if (d >= static_cast<int64_t>(src.size()) || idx[0] != src[static_cast<size_t>(d)]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Number of index should be equal to number of source in dim  %lld.",
                    static_cast<long long>(dim));
    }
    if (out->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for out, but %s does not equal %s.",
                    ShapeString(s).c_str(), ShapeString(out->view_shape).c_str());
    }
    return 0;
}

/// IsAICoreSupport for mode 0: on SocVersion ASCEND910B .. ASCEND910E (Atlas A2/A3; the Ascend 950 read as inside the
/// range, as for aclnnNonzeroV2) self FLOAT, FLOAT16, INT32, INT16, BF16; self 2-D, index 1-D (a 0-d one was
/// unsqueezed), dim 0 or -2. Otherwise UnDeterministicImpl returns NULL: ACLNN_ERR_INNER_NULLPTR.
inline int CheckIndexAddV2Mode(const OpCall& c, int64_t dim, const aclScalar* /*alpha*/, int64_t mode) {
    if (mode != 0) return 0;
    const aclTensor* self = c.t[0];
    const aclTensor* index = c.t[1];
    bool ok = true;
    if (nnindex::Dav2201OrRegbase(c.soc)) {
        ok = nnindex::InList(self->dtype, {ACL_FLOAT, ACL_FLOAT16, ACL_INT32, ACL_INT16, ACL_BF16});
    }
    const size_t idim = index->view_shape.empty() ? 1 : index->view_shape.size();
    ok = ok && self->view_shape.size() == 2 && idim == 1 && (dim == 0 || dim == -2);
    if (!ok) return Fail(ACLNN_ERR_INNER_NULLPTR, "Do not support mode == 0, please check!");
    return 0;
}

}  // namespace aclcpu

// ================================================================================ ScatterList (a foreach-shaped entry)
// hicann/ops-nn index/scatter_list: scatter_list_def.cpp (the generated layer's dtype combinations) and
// op_host/scatter_list_tiling.cpp (the tiling's checks, 561002). c.lists = {varRef}.

namespace aclcpu {

/// The generated layer's dtype combinations (161002): updates of varRef[0]'s dtype, indice INT32 or INT64, a given
/// maskOptional UINT8 (beyond CANN first: a given maskOptional live - lists_live checks indice and updates).
inline int CheckScatterListDtypes(const ForeachCall& c, const aclTensor* indice, const aclTensor* updates,
                                  const aclTensor* maskOptional, char*, int64_t) {
    if (maskOptional != nullptr) {
        static const char* const kMaskName = "maskOptional";
        if (int ret = engine::CheckTensorArgs(&maskOptional, &kMaskName, 1)) return ret;
    }
    const aclTensorList* var = c.lists[0];
    if (!var->items.empty() && updates->dtype != var->items[0]->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor updates dtype %s should be varRef's dtype %s.",
                    DtypeName(updates->dtype), DtypeName(var->items[0]->dtype));
    }
    if (indice->dtype != ACL_INT32 && indice->dtype != ACL_INT64) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor indice dtype %s should be in dtype support list DT_INT32, DT_INT64.",
                    DtypeName(indice->dtype));
    }
    if (maskOptional != nullptr && maskOptional->dtype != ACL_UINT8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor maskOptional dtype %s should be in dtype support list DT_UINT8.",
                    DtypeName(maskOptional->dtype));
    }
    return 0;
}

/// scatter_list_tiling.cpp's checks in its order (561002), with the axis normalised against updates' rank (a =
/// axis + rank when negative, 1 <= a < rank) and varRef's dims read as [before: a - 1 dims, at: 1, after].
/// BEYOND CANN (161002, first): a varRef tensor whose rank is not updates' minus one (the tiling reads that many of
/// its dims and the kernel addresses it so; another rank would be read past or only partly).
inline int CheckScatterListTiling(const ForeachCall& c, const aclTensor* indice, const aclTensor* updates,
                                  const aclTensor* maskOptional, char* reduceOptional, int64_t axis) {
    const aclTensorList* var = c.lists[0];
    if (var->items.empty()) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "varRef can not be an empty tensor list.");
    }
    const std::vector<int64_t>& vs = var->items[0]->view_shape;
    for (size_t i = 1; i < var->items.size(); ++i) {
        if (var->items[i]->view_shape != vs) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "All tensors of varRef should have one shape, but varRef[%zu] is %s and varRef[0] %s.",
                        i, ShapeString(var->items[i]->view_shape).c_str(), ShapeString(vs).c_str());
        }
    }
    if (vs.empty()) return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The dimension of varRef's tensors must be at least 1, but got 0.");
    const std::vector<int64_t>& us = updates->view_shape;
    const int64_t rank = static_cast<int64_t>(us.size());
    if (rank < 2) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The dimension of updates must be at least 2, but got %lld.",
                    static_cast<long long>(rank));
    }
    if (static_cast<int64_t>(var->items.size()) != us[0]) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "The tensor number of varRef (%zu) must equal updates' first dim (%lld).", var->items.size(),
                    static_cast<long long>(us[0]));
    }
    const int64_t a = axis < 0 ? axis + rank : axis;
    if (a <= 0 || a >= rank) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "axis %lld is out of range for updates of %lld dims (normalised %lld).",
                    static_cast<long long>(axis), static_cast<long long>(rank), static_cast<long long>(a));
    }
    if (static_cast<int64_t>(vs.size()) != rank - 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected varRef's tensors to have %lld dims (updates' minus one), but got %s.",
                    static_cast<long long>(rank - 1), ShapeString(vs).c_str());
    }
    for (int64_t i = 0; i < rank; ++i) {
        if (us[static_cast<size_t>(i)] <= 0) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "updates can't be an empty tensor, but got shape %s.",
                        ShapeString(us).c_str());
        }
        if (i < rank - 1 && vs[static_cast<size_t>(i)] <= 0) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "varRef's tensors can't be empty, but got shape %s.",
                        ShapeString(vs).c_str());
        }
    }
    int64_t d1 = 1, vd1 = 1, d3 = 1, vd3 = 1;
    for (int64_t i = 1; i < a; ++i) d1 *= us[static_cast<size_t>(i)];
    for (int64_t i = 0; i < a - 1; ++i) vd1 *= vs[static_cast<size_t>(i)];
    for (int64_t i = a + 1; i < rank; ++i) d3 *= us[static_cast<size_t>(i)];
    for (int64_t i = a; i < rank - 1; ++i) vd3 *= vs[static_cast<size_t>(i)];
    if (vd1 != d1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The product of varRef's dims before the axis (%lld) must equal updates' (%lld).",
                    static_cast<long long>(vd1), static_cast<long long>(d1));
    }
    if (vd3 != d3) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The product of varRef's dims after the axis (%lld) must equal updates' (%lld).",
                    static_cast<long long>(vd3), static_cast<long long>(d3));
    }
    if (us[static_cast<size_t>(a)] > vs[static_cast<size_t>(a - 1)]) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "updates' size at the axis (%lld) must not exceed varRef's (%lld).",
                    static_cast<long long>(us[static_cast<size_t>(a)]),
                    static_cast<long long>(vs[static_cast<size_t>(a - 1)]));
    }
    const std::vector<int64_t>& is = indice->view_shape;
    if (is.size() != 1 && is.size() != 2) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The dimension of indice only supports 1 or 2, but got %zu.", is.size());
    }
    if (is[0] != us[0]) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The first dim of indice (%lld) should equal the first dim of updates (%lld).",
                    static_cast<long long>(is[0]), static_cast<long long>(us[0]));
    }
    if (is.size() == 2 && is[1] != 2) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The second dim of indice should be 2, but got %lld.",
                    static_cast<long long>(is[1]));
    }
    if (maskOptional != nullptr) {
        const std::vector<int64_t>& ms = maskOptional->view_shape;
        if (ms.size() != 1) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The dimension of mask only supports 1, but got %zu.", ms.size());
        }
        if (ms[0] != us[0]) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The first dim of mask (%lld) must equal the first dim of updates (%lld).",
                        static_cast<long long>(ms[0]), static_cast<long long>(us[0]));
        }
    }
    if (reduceOptional != nullptr && std::string(reduceOptional) != "update") {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "reduce only supports \"update\" now, but got \"%s\".", reduceOptional);
    }
    return 0;
}

}  // namespace aclcpu
