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

}  // namespace aclcpu
