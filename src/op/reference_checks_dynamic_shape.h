// The custom checks of the operators whose output shape depends on the input's values (ops/families/
// dynamic_shape.yaml: aclnnNonzero, aclnnNonzeroV2, aclnnMaskedSelect, the unique operators), from their op_api sources (hicann/ops-nn
// index/non_zero at e5c3fa93, hicann/ops-math conversion/masked_select_v3 at c4193324). Messages restate CANN's
// where it has one; BEYOND CANN marks aclcpu's own.
#pragma once

#include <algorithm>
#include <cstdint>

#include "common/status.h"
#include "engine/elementwise.h"
#include "tensor/tensor.h"
#include "op/op_call.h"

namespace aclcpu {

/// CheckDims (ops-nn common op_error_check.h): every dim of self (c.t[0]) at most INT32_MAX -> else 161002.
inline int CheckDimsFitInt32(const OpCall& c) {
    for (int64_t d : c.t[0]->view_shape) {
        if (d > INT32_MAX) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The tensor's shape cannot be larger than %d.", INT32_MAX);
        }
    }
    return 0;
}

/// aclnnMaskedSelect's CheckShape after the broadcast (c.t = {self, mask, out}): OP_CHECK_WRONG_DIMENSION(y, 1)
/// ("y": the op_api's name for out) and out's element count the broadcast shape's, with CANN's two log lines in
/// one message -> 161002.
inline int CheckMaskedSelectOut(const OpCall& c) {
    const aclTensor* out = c.t[2];
    if (out->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 1 dimension input, but got y with sizes %s.",
                    ShapeString(out->view_shape).c_str());
    }
    engine::BroadcastShape b;
    engine::Broadcast(c.t[0]->view_shape.data(), c.t[0]->view_shape.size(), c.t[1]->view_shape.data(),
                      c.t[1]->view_shape.size(), &b);  // broadcastable: the table's broadcast check ran first
    int64_t size = 1;
    for (size_t i = 0; i < b.n; ++i) size *= b.d[i];
    if (out->numel != size) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The out shape size  is not same with broadcastShapeSize. y.shape: %lld, broadcastShape.shape: %lld.",
                    static_cast<long long>(out->numel), static_cast<long long>(size));
    }
    return 0;
}

/// OP_CHECK_SHAPE_NOT_EQUAL(a, b)'s message -> 161002 (the unique operators' shape checks).
inline int UniqueSameShape(const aclTensor* a, const char* an, const aclTensor* b, const char* bn) {
    if (a->view_shape != b->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for %s to have same size as tensor for %s, but %s does not equal %s.",
                    an, bn, ShapeString(a->view_shape).c_str(), ShapeString(b->view_shape).c_str());
    }
    return 0;
}

/// aclnnUnique's CheckShapeValid after OP_CHECK_MAX_DIM (index/unique_consecutive/op_api/aclnn_unique.cpp; c.t =
/// {self, valueOut, inverseOut}): with returnInverse, inverseOut of self's shape.
inline int CheckUniqueInverseShape(const OpCall& c, bool /*sorted*/, bool returnInverse) {
    return returnInverse ? UniqueSameShape(c.t[0], "self", c.t[2], "inverseOut") : 0;
}

/// aclnnUnique2's CheckShapeValid after OP_CHECK_MAX_DIM (aclnn_unique2.cpp; c.t = {self, valueOut, inverseOut,
/// countsOut}): with returnInverse or returnCounts inverseOut of self's shape; with returnCounts countsOut of
/// valueOut's (the caller's room for the result).
inline int CheckUnique2Shapes(const OpCall& c, bool /*sorted*/, bool returnInverse, bool returnCounts) {
    if (returnInverse || returnCounts) {
        if (int r = UniqueSameShape(c.t[0], "self", c.t[2], "inverseOut")) return r;
    }
    if (returnCounts) {
        if (int r = UniqueSameShape(c.t[1], "valueOut", c.t[3], "countsOut")) return r;
    }
    return 0;
}

/// CheckDimValueWithUnique (ops-nn common level2_base.h) / aclnn_unique_dim.cpp CheckDimValue: dim in
/// [min(-N, N-1), max(-N, N-1)] of self's rank N (a 0-d self takes -1 and 0) -> else 161002.
inline int UniqueDimInRange(const aclTensor* self, int64_t dim) {
    const int64_t n = static_cast<int64_t>(self->view_shape.size());
    const int64_t lo = std::min(-n, n - 1);
    const int64_t hi = std::max(-n, n - 1);
    if (dim > hi || dim < lo) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The param of dim must be in the range of [%lld, %lld], but got %lld.",
                    static_cast<long long>(lo), static_cast<long long>(hi), static_cast<long long>(dim));
    }
    return 0;
}

/// aclnnUniqueConsecutive (aclnn_unique_consecutive.cpp CheckParams): the dim range only for dim != 1000 (NoneN,
/// CANN's "no dim": self flattened).
inline int CheckUniqueConsecutiveDim(const OpCall& c, bool /*returnInverse*/, bool /*returnCounts*/, int64_t dim) {
    return dim == 1000 ? 0 : UniqueDimInRange(c.t[0], dim);
}

/// aclnnUniqueDim (aclnn_unique_dim.cpp CheckDimValue): always.
inline int CheckUniqueDimDim(const OpCall& c, bool /*sorted*/, bool /*returnInverse*/, int64_t dim) {
    return UniqueDimInRange(c.t[0], dim);
}

}  // namespace aclcpu
