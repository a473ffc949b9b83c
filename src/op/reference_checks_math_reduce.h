// The custom first-phase checks of ops-math's reductions at the reference tier (ops/families/math_reduce.yaml;
// docs/ops/math_reduce.md): the dim rules and the reduced output shapes the table's vocabulary cannot express.
// Included at the end of src/op/reference_checks.h (through the generated op/family_hooks.inc), so every generated
// reference-tier translation unit sees them. Each hook is int <hook>(const OpCall& c, <the entry's non-tensor
// parameters>): 0, or 161002 (CheckAminmaxOutShapes: 161001) with CANN's message. Facts: hicann/ops-math at c41933244 -
// math/reduce_max/op_api/aclnn_amax.cpp, aclnn_max.cpp, aclnn_max_v2.cpp, aclnn_global_max_pool.cpp;
// math/reduce_min/op_api/aclnn_amin.cpp, aclnn_min.cpp, aclnn_aminmax.cpp, aclnn_aminmax_dim.cpp, aclnn_aminmax_all.cpp
// (and reduce_min.cpp: noop_with_empty_axes); math/sort/op_api/aclnn_sort.cpp, aclnn_argsort.cpp;
// math/arg_max_v2/op_api/aclnn_argmax.cpp; math/arg_min/op_api/aclnn_argmin.cpp;
// math/arg_max_with_value/op_api/aclnn_max_dim.cpp; math/arg_min_with_value/op_api/aclnn_min_dim.cpp;
// math/reduce_all/op_api/aclnn_all.cpp; math/reduce_any/op_api/aclnn_any.cpp; common/inc/op_api/aclnn_check.h
// (CheckShapeAndScalarSame).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "engine/first_phase.h"
#include "op/op_call.h"
#include "op/reference_checks_math_binary.h"  // MbList helpers (aclnnMean, aclnnProd, aclnnReduceNansum)
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace mreduce {

/// A dim wrapped into [0, rank) (a 0-d tensor counts as rank 1): the op_apis' GetPosDim / DimWrap.
inline int64_t WrapDim(int64_t d, int64_t rank) {
    if (rank <= 0) rank = 1;
    return d < 0 ? d + rank : d;
}

/// The reduced shape of the op_apis' InferShape helpers (AmaxInferShape, reduce_ops_npu_output_size): the dims
/// named (every dim when `dims` is empty and all_when_empty) removed, or kept as 1 with keepdim. The dims must be
/// in range (checked before); a repeated dim counts once.
inline std::vector<int64_t> ReducedShape(const std::vector<int64_t>& shape, const std::vector<int64_t>& dims,
                                         bool keepdim, bool all_when_empty = true) {
    const int64_t rank = static_cast<int64_t>(shape.size());
    std::vector<bool> mask(shape.size(), dims.empty() && all_when_empty);
    for (int64_t d : dims) {
        const int64_t p = WrapDim(d, rank);
        if (p >= 0 && p < rank) mask[static_cast<size_t>(p)] = true;
    }
    std::vector<int64_t> out;
    for (size_t i = 0; i < shape.size(); ++i) {
        if (!mask[i]) {
            out.push_back(shape[i]);
        } else if (keepdim) {
            out.push_back(1);
        }
    }
    return out;
}

inline int64_t Numel(const std::vector<int64_t>& s) {
    int64_t n = 1;
    for (int64_t d : s) n *= d;
    return n;
}

/// aclnn_check.h CheckShapeAndScalarSame(result, out): the kernel's result shape equals out's view shape, or both
/// hold exactly one element; else "The tensor's shape[%s] is not equal with shape[%s]." (result, then out).
inline int ShapeAndScalarSame(const std::vector<int64_t>& result, const aclTensor* out) {
    if (result == out->view_shape) return 0;
    if (Numel(result) == 1 && out->numel == 1) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The tensor's shape[%s] is not equal with shape[%s].",
                ShapeString(result).c_str(), ShapeString(out->view_shape).c_str());
}

/// OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(out, expected).
inline int OutShapeExpected(const aclTensor* out, const std::vector<int64_t>& expected) {
    if (out->view_shape == expected) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                ShapeString(expected).c_str(), ShapeString(out->view_shape).c_str());
}

/// The single-dim range rule of aclnn_argmax.cpp / aclnn_argmin.cpp CheckDim and aclnn_max_dim.cpp /
/// aclnn_min_dim.cpp CheckDim: dim in [-rank, rank - 1], [-1, 0] for a 0-d self. Gives the bounds.
inline bool DimInRange(const aclTensor* self, int64_t dim, int64_t* lo, int64_t* hi) {
    const int64_t rank = static_cast<int64_t>(self->view_shape.size());
    *lo = rank == 0 ? -1 : -rank;
    *hi = rank == 0 ? 0 : rank - 1;
    return dim >= *lo && dim <= *hi;
}

/// The result shape of a single-dim reduction (ArgMaxV2, ArgMin, ArgMaxWithValue): dim removed or kept as 1; a 0-d
/// self is reshaped to [1] first by aclnnArgMax and reduced as it is by the others - either way one element.
inline std::vector<int64_t> ReducedShapeOneDim(const aclTensor* self, int64_t dim, bool keepdim) {
    if (self->view_shape.empty()) return {};
    return ReducedShape(self->view_shape, {dim}, keepdim, false);
}

}  // namespace mreduce

// ---- aclnnAmax, aclnnAmin (CheckDimValid after the dtype checks); c.t = {self, out}

/// CheckDimValid: each dim in [-rank, rank - 1] (a 0-d self: [-1, 0]); a reduced dim of size 0 (unless self is 0-d);
/// a dim named twice (after wrapping).
inline int CheckAmaxDims(const OpCall& c, const aclIntArray* dim, bool /*keepDim*/) {
    const aclTensor* self = c.t[0];
    const int64_t given = static_cast<int64_t>(self->view_shape.size());
    const bool scalar = given == 0;
    const int64_t rank = scalar ? 1 : given;
    std::vector<bool> seen(static_cast<size_t>(rank), false);
    for (int64_t d : dim->values) {
        if (d >= rank || d < -rank) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Provided dim %ld must be in the range of [%ld, %ld].",
                        static_cast<long>(d), static_cast<long>(-rank), static_cast<long>(rank - 1));
        }
        const int64_t p = mreduce::WrapDim(d, rank);
        if (!scalar && self->view_shape[static_cast<size_t>(p)] == 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected reducution dim %lu to have non-zero size.",
                        static_cast<unsigned long>(p));
        }
        if (seen[static_cast<size_t>(p)]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Dim %lu appears multiple times in the list of dims.",
                        static_cast<unsigned long>(p));
        }
        seen[static_cast<size_t>(p)] = true;
    }
    return 0;
}

/// CheckShape after its OP_CHECK_MAX_DIMs: out's view shape must be the reduced shape (AmaxInferShape: an empty dim
/// list reduces every dim).
inline int CheckAmaxOutShape(const OpCall& c, const aclIntArray* dim, bool keepDim) {
    return mreduce::OutShapeExpected(c.t[1], mreduce::ReducedShape(c.t[0]->view_shape, dim->values, keepDim));
}

// ---- aclnnMaxV2 (math/reduce_max/op_api/aclnn_max_v2.cpp); c.t = {self, out}

/// CheckDimValid: Amax's rules with its own messages ("Provided dims ...", "Expected reducution dims ...").
inline int CheckMaxV2Dims(const OpCall& c, const aclIntArray* dims, bool /*keepDims*/, bool /*noopWithEmptyDims*/) {
    const aclTensor* self = c.t[0];
    const int64_t given = static_cast<int64_t>(self->view_shape.size());
    const bool scalar = given == 0;
    const int64_t rank = scalar ? 1 : given;
    std::vector<bool> seen(static_cast<size_t>(rank), false);
    for (int64_t d : dims->values) {
        if (d >= rank || d < -rank) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Provided dims %ld must be in the range of [%ld, %ld].",
                        static_cast<long>(d), static_cast<long>(-rank), static_cast<long>(rank - 1));
        }
        const int64_t p = mreduce::WrapDim(d, rank);
        if (!scalar && self->view_shape[static_cast<size_t>(p)] == 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected reducution dims %lu to have non-zero size.",
                        static_cast<unsigned long>(p));
        }
        if (seen[static_cast<size_t>(p)]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Dim %lu appears multiple times in the list of dims.",
                        static_cast<unsigned long>(p));
        }
        seen[static_cast<size_t>(p)] = true;
    }
    return 0;
}

/// CheckShape's reduce_maxInferShape: an empty dims list with noopWithEmptyDims keeps self's shape; without it
/// every dim is reduced; then OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE.
inline int CheckMaxV2OutShape(const OpCall& c, const aclIntArray* dims, bool keepDims, bool noopWithEmptyDims) {
    const std::vector<int64_t>& shape = c.t[0]->view_shape;
    if (dims->values.empty() && noopWithEmptyDims) return mreduce::OutShapeExpected(c.t[1], shape);
    return mreduce::OutShapeExpected(c.t[1], mreduce::ReducedShape(shape, dims->values, keepDims));
}

// ---- aclnnGlobalMaxPool (math/reduce_max/op_api/aclnn_global_max_pool.cpp); c.t = {self, out}

/// CheckFormatValid: self's and out's formats equal and ND, NCHW or NCDHW. CANN logs "format invalid." only for a
/// format outside the list; for two different formats it fails without a message - aclcpu says so.
inline int CheckGlobalMaxPoolFormat(const OpCall& c) {
    const int32_t a = c.t[0]->format, b = c.t[1]->format;
    if (a != b) return Fail(ACLNN_ERR_PARAM_INVALID, "format invalid: self's and out's formats differ.");
    if (a != ACL_FORMAT_ND && a != ACL_FORMAT_NCHW && a != ACL_FORMAT_NCDHW) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "format invalid.");
    }
    return 0;
}

/// CheckShape: self of 4 to 8 dims; out of self's rank; out's shape [N, C, 1, ..., 1].
inline int CheckGlobalMaxPoolShape(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const size_t rank = self->view_shape.size();
    if (rank < 4) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 4 dimensions.");
    if (rank > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    if (out->view_shape.size() != rank) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %zu dimension input, but got out with sizes %s.", rank,
                    ShapeString(out->view_shape).c_str());
    }
    std::vector<int64_t> want(rank, 1);
    want[0] = self->view_shape[0];
    want[1] = self->view_shape[1];
    return mreduce::OutShapeExpected(out, want);
}

// ---- aclnnMax, aclnnMin (the whole tensor); c.t = {self, out}

/// After ReduceMax / ReduceMin over every dim: CheckShapeAndScalarSame(result [], out) - out 0-d or of one element.
inline int CheckMaxAllOut(const OpCall& c) { return mreduce::ShapeAndScalarSame({}, c.t[1]); }

// ---- aclnnArgMax, aclnnArgMin; c.t = {self, out}

/// CheckDim: "dim must be within the range of [lo, hi], but it is dim."
inline int CheckArgDim(const OpCall& c, int64_t dim, bool /*keepdim*/) {
    int64_t lo = 0, hi = 0;
    if (mreduce::DimInRange(c.t[0], dim, &lo, &hi)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "dim must be within the range of [%ld, %ld], but it is %ld.",
                static_cast<long>(lo), static_cast<long>(hi), static_cast<long>(dim));
}

/// aclnnArgMin's CheckSelfDimSizeNonZreo: the reduced dim of a self with dims must not be of size 0 (the message
/// prints dim as given).
inline int CheckArgMinDimNonZero(const OpCall& c, int64_t dim, bool /*keepdim*/) {
    const aclTensor* self = c.t[0];
    const int64_t rank = static_cast<int64_t>(self->view_shape.size());
    if (rank == 0) return 0;
    if (self->view_shape[static_cast<size_t>(mreduce::WrapDim(dim, rank))] != 0) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Excepted reduction dim %ld to have non-zero size.", static_cast<long>(dim));
}

/// After the kernel: CheckShapeAndScalarSame(result, out) - out's view shape the reduced shape (or both of one
/// element).
inline int CheckArgOutShape(const OpCall& c, int64_t dim, bool keepdim) {
    return mreduce::ShapeAndScalarSame(mreduce::ReducedShapeOneDim(c.t[0], dim, keepdim), c.t[1]);
}

/// BEYOND CANN: UINT16 (in aclnnArgMax's Ascend 950 list) has no ATen type in PyTorch 1.13, so the reference tier
/// cannot compute it; refused here rather than failing in the second phase.
inline int CheckArgMaxNoUint16(const OpCall& c, int64_t /*dim*/, bool /*keepdim*/) {
    if (c.t[0]->dtype != ACL_UINT16) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "%s: self of DT_UINT16 is not implemented at the reference tier (PyTorch 1.13 has no uint16).", c.api);
}

// ---- aclnnMaxDim, aclnnMinDim; c.t = {self, out, indices}

/// CheckDim: "dim should within the range of [[lo], [hi]]."
inline int CheckMaxDimDim(const OpCall& c, int64_t dim, bool /*keepdim*/) {
    int64_t lo = 0, hi = 0;
    if (mreduce::DimInRange(c.t[0], dim, &lo, &hi)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "dim should within the range of [[%ld], [%ld]].", static_cast<long>(lo),
                static_cast<long>(hi));
}

/// After ArgMaxWithValue / ArgMinWithValue: CheckShapeAndScalarSame(indices result, indices), then (values, out);
/// beyond CANN: indices without self-overlap and apart from out (the `views` check covers out).
inline int CheckMaxDimOutShapes(const OpCall& c, int64_t dim, bool keepdim) {
    const std::vector<int64_t> r = mreduce::ReducedShapeOneDim(c.t[0], dim, keepdim);
    if (int ret = mreduce::ShapeAndScalarSame(r, c.t[2])) return ret;
    if (int ret = mreduce::ShapeAndScalarSame(r, c.t[1])) return ret;
    return 0;
}

/// Beyond CANN: the second output (indices) inside its storage and without self-overlap, out and indices apart.
inline int CheckTwoOutputViews(const OpCall& c, int64_t /*dim*/, bool /*keepdim*/) {
    engine::ElementwiseOperands ops;
    ops.out = 1;
    ops.num_outputs = 2;
    ops.more_out[0] = 2;
    return engine::CheckElementwiseViews(c.t, c.names, c.num_tensors, ops);
}

// ---- aclnnAminmaxDim, aclnnAminmaxAll (math/reduce_min/op_api/aclnn_aminmax_dim.cpp, aclnn_aminmax_all.cpp);
// c.t = {self, minOut, maxOut}

/// aclnnAminmaxDim's CheckDimValid: dim in [-n, n - 1] (n 1 for a 0-d self); the dim's size 0 refused. CANN reads
/// that size as GetDim((size_t)dim) - for a negative dim an index past the shape; aclcpu reads the wrapped dim and
/// skips the size check for a 0-d self (where CANN's read is past the shape too).
inline int CheckAminmaxDimDim(const OpCall& c, int64_t dim, bool /*keepDim*/) {
    const aclTensor* self = c.t[0];
    const int64_t given = static_cast<int64_t>(self->view_shape.size());
    const int64_t rank = given == 0 ? 1 : given;
    if (dim >= rank || dim < -rank) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Provided dim %ld must be in the range of [%ld, %ld].",
                    static_cast<long>(dim), static_cast<long>(-rank), static_cast<long>(rank - 1));
    }
    if (given > 0 && self->view_shape[static_cast<size_t>(mreduce::WrapDim(dim, rank))] == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected reduction dim %ld to have non-zero size, but check failed.",
                    static_cast<long>(dim));
    }
    return 0;
}

/// After ReduceMin, then ReduceMax: CheckShapeAndScalarSame(result, minOut), then (result, maxOut).
inline int CheckAminmaxDimOutShapes(const OpCall& c, int64_t dim, bool keepDim) {
    const std::vector<int64_t> r = mreduce::ReducedShapeOneDim(c.t[0], dim, keepDim);
    if (int ret = mreduce::ShapeAndScalarSame(r, c.t[1])) return ret;
    return mreduce::ShapeAndScalarSame(r, c.t[2]);
}

/// aclnnAminmax's CheckDimValid (math/reduce_min/op_api/aclnn_aminmax.cpp): a dim list of other than one dim with an
/// empty self refused; a list of one dim range-checked ([-1, 0] for a 0-d self) and its size 0 refused (CANN reads
/// GetDim(dim) unwrapped - past the shape for a negative dim; aclcpu wraps it). Other lists are not checked here.
inline int CheckAminmaxDims(const OpCall& c, const aclIntArray* dim, bool /*keepDim*/) {
    const aclTensor* self = c.t[0];
    if (dim->values.size() != 1) {
        if (self->numel == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Expected self to be not empty tensor.");
        return 0;
    }
    const int64_t axes = dim->values[0];
    const int64_t rank = static_cast<int64_t>(self->view_shape.size());
    if (rank == 0) {
        if (axes != 0 && axes != -1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected dim to be in range of [-1, 0], but got %ld.",
                        static_cast<long>(axes));
        }
        return 0;
    }
    if (axes >= rank || axes < -rank) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected dim to be in range of [%ld, %ld], but got %ld.",
                    static_cast<long>(-rank), static_cast<long>(rank - 1), static_cast<long>(axes));
    }
    if (self->view_shape[static_cast<size_t>(mreduce::WrapDim(axes, rank))] == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected reduction dim %ld to have non-zero size, but check failed.",
                    static_cast<long>(axes));
    }
    return 0;
}

/// aclnnAminmax after the early returns: a 0-d self is copied into both outputs (each of one element); otherwise
/// ReduceMin / ReduceMax with noop_with_empty_axes (an empty list reduces nothing: the result has self's shape) -
/// their shape inference refuses a dim out of range (ASSUMED: a repeated dim too), which the op_api reports as
/// 161001 ("ReduceMin infer shape faild."); then CheckShapeAndScalarSame(result, minOut), then maxOut.
inline int CheckAminmaxOutShapes(const OpCall& c, const aclIntArray* dim, bool keepDim) {
    const aclTensor* self = c.t[0];
    const int64_t rank = static_cast<int64_t>(self->view_shape.size());
    std::vector<int64_t> r;
    if (rank == 0) {
        r = {};
    } else if (dim->values.empty()) {
        r = self->view_shape;
    } else {
        std::vector<bool> seen(static_cast<size_t>(rank), false);
        for (int64_t d : dim->values) {
            const int64_t p = mreduce::WrapDim(d, rank);
            if (d >= rank || d < -rank || seen[static_cast<size_t>(p)]) {
                return Fail(ACLNN_ERR_PARAM_NULLPTR, "ReduceMin infer shape faild.");
            }
            seen[static_cast<size_t>(p)] = true;
        }
        r = mreduce::ReducedShape(self->view_shape, dim->values, keepDim);
    }
    if (int ret = mreduce::ShapeAndScalarSame(r, c.t[1])) return ret;
    return mreduce::ShapeAndScalarSame(r, c.t[2]);
}

/// Beyond CANN, as CheckTwoOutputViews, for aclnnAminmax's parameters.
inline int CheckTwoOutputViewsDims(const OpCall& c, const aclIntArray* /*dim*/, bool /*keepDim*/) {
    return CheckTwoOutputViews(c, 0, false);
}

/// aclnnAminmaxAll: a 0-d self is copied into both outputs; otherwise CheckShapeAndScalarSame(result [], minOut),
/// then maxOut - each output of one element.
inline int CheckAminmaxAllOut(const OpCall& c) {
    if (int ret = mreduce::ShapeAndScalarSame({}, c.t[1])) return ret;
    return mreduce::ShapeAndScalarSame({}, c.t[2]);
}

/// Beyond CANN, as CheckTwoOutputViews: minOut and maxOut inside their storage, without self-overlap, apart.
inline int CheckTwoOutputViewsAll(const OpCall& c) { return CheckTwoOutputViews(c, 0, false); }

// ---- aclnnArgsort (math/sort/op_api/aclnn_argsort.cpp); c.t = {self, out}

/// CheckDimValid: dim in [-n, n - 1] ([-1, 0] for a 0-d self; CheckArgDim's message); the sorted dim over INT_MAX
/// elements; outside RegBase (Ascend 950) a BF16 self whose sorted dim has one element - checked before the dtypes.
inline int CheckArgsortDim(const OpCall& c, int64_t dim, bool descending) {
    if (int ret = CheckArgDim(c, dim, descending)) return ret;
    const aclTensor* self = c.t[0];
    const int64_t rank = static_cast<int64_t>(self->view_shape.size());
    if (rank == 0) return 0;
    const int64_t size = self->view_shape[static_cast<size_t>(mreduce::WrapDim(dim, rank))];
    if (size > 2147483647) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "the dim being sorted can not have more than INT_MAX elements");
    }
    if (c.soc != rt::Soc::kAscend950 && size == 1 && self->dtype == ACL_BF16) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The sort axis value is not support 1 when input type is BF16.");
    }
    return 0;
}

/// BEYOND CANN: UINT16, UINT32, UINT64 (in Ascend 950's list) have no ATen type in PyTorch 1.13: refused here rather
/// than failing in the second phase.
inline int CheckArgsortNoUnsigned(const OpCall& c, int64_t /*dim*/, bool /*descending*/) {
    const aclDataType d = c.t[0]->dtype;
    if (d != ACL_UINT16 && d != ACL_UINT32 && d != ACL_UINT64) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "%s: self of %s is not implemented at the reference tier (PyTorch 1.13 has no such type).", c.api,
                DtypeName(d));
}

// ---- aclnnSort (math/sort/op_api/aclnn_sort.cpp); c.t = {self, valuesOut, indicesOut}

/// CheckDimValue: dim in [min(-n, n - 1), max(-n, n - 1)] ([-1, 0] for a 0-d self).
inline int CheckSortDim(const OpCall& c, bool /*stable*/, int64_t dim, bool /*descending*/) {
    const int64_t n = static_cast<int64_t>(c.t[0]->view_shape.size());
    const int64_t lo = std::min(-n, n - 1), hi = std::max(-n, n - 1);
    if (dim >= lo && dim <= hi) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "dim should be in range [%ld, %ld].", static_cast<long>(lo),
                static_cast<long>(hi));
}

/// BEYOND CANN: as CheckArgsortNoUnsigned (Ascend 950's UINT16, UINT32, UINT64 in self or valuesOut).
inline int CheckSortNoUnsigned(const OpCall& c, bool /*stable*/, int64_t /*dim*/, bool /*descending*/) {
    for (int i = 0; i < 2; ++i) {
        const aclDataType d = c.t[i]->dtype;
        if (d != ACL_UINT16 && d != ACL_UINT32 && d != ACL_UINT64) continue;
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: %s of %s is not implemented at the reference tier (PyTorch 1.13 has no such type).", c.api,
                    c.names[i], DtypeName(d));
    }
    return 0;
}

/// Beyond CANN: valuesOut and indicesOut inside their storage, without self-overlap, apart.
inline int CheckSortViews(const OpCall& c, bool /*stable*/, int64_t /*dim*/, bool /*descending*/) {
    return CheckTwoOutputViews(c, 0, false);
}

// ---- aclnnAll, aclnnAny; c.t = {self, out}

/// aclnnAll's CheckDim: each dim in [-rank, rank - 1] (rank 1 for a 0-d self), none named twice.
inline int CheckAllDims(const OpCall& c, const aclIntArray* dim, bool /*keepdim*/) {
    const int64_t given = static_cast<int64_t>(c.t[0]->view_shape.size());
    const int64_t rank = given == 0 ? 1 : given;
    std::vector<bool> seen(static_cast<size_t>(rank), false);
    for (int64_t d : dim->values) {
        if (d < -rank || d >= rank) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Dimension out of range (expected to be in range of [-%ld, %ld], but got %ld)",
                        static_cast<long>(rank), static_cast<long>(rank - 1), static_cast<long>(d));
        }
        const int64_t p = mreduce::WrapDim(d, rank);
        if (seen[static_cast<size_t>(p)]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Dim %lu appears multiple times in the list of dims.",
                        static_cast<unsigned long>(p));
        }
        seen[static_cast<size_t>(p)] = true;
    }
    return 0;
}

/// aclnnAll's CheckShape after its OP_CHECK_MAX_DIMs: out's view shape the reduced shape ("Expect out shape [%s],
/// but got: [%s].", op::ToString of each shape inside the brackets).
inline int CheckAllOutShape(const OpCall& c, const aclIntArray* dim, bool keepdim) {
    const std::vector<int64_t> want = mreduce::ReducedShape(c.t[0]->view_shape, dim->values, keepdim);
    if (want == c.t[1]->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expect out shape [%s], but got: [%s].", ShapeString(want).c_str(),
                ShapeString(c.t[1]->view_shape).c_str());
}

/// aclnnAny's CheckDim: each dim in [-rank, rank - 1] (rank 1 for a 0-d self); a repeated dim is not refused.
inline int CheckAnyDims(const OpCall& c, const aclIntArray* dim, bool /*keepdim*/) {
    const int64_t given = static_cast<int64_t>(c.t[0]->view_shape.size());
    const int64_t rank = given == 0 ? 1 : given;
    for (int64_t d : dim->values) {
        if (d < -rank || d >= rank) return Fail(ACLNN_ERR_PARAM_INVALID, "Dimension out of range.");
    }
    return 0;
}

/// aclnnAny: an empty self fills out (any shape) with false before any shape check; otherwise, after ReduceAny,
/// CheckShapeAndScalarSame(result, out).
inline int CheckAnyOutShape(const OpCall& c, const aclIntArray* dim, bool keepdim) {
    if (c.t[0]->numel == 0) return 0;
    return mreduce::ShapeAndScalarSame(mreduce::ReducedShape(c.t[0]->view_shape, dim->values, keepdim), c.t[1]);
}

// ---- aclnnVar, aclnnVarCorrection, aclnnVarMean, aclnnStd, aclnnStdMeanCorrection, aclnnLogSumExp,
// aclnnGlobalAveragePool (math/reduce_var/op_api/aclnn_var.cpp, aclnn_var_mean.cpp; math/reduce_std_v2/op_api/
// aclnn_std.cpp; math/reduce_std_with_mean/op_api/aclnn_std_mean_correction.cpp; math/reduce_log_sum_exp/op_api/
// aclnn_logsumexp.cpp; math/reduce_mean/op_api/aclnn_global_average_pool.cpp; common/inc/op_api/
// level2_base_caculation.h ReduceShapeGetWithVar). CANN accepts a NULL dim for Var, Std, VarMean and
// StdMeanCorrection (every dim); the table's not_null refuses it before these hooks (beyond CANN: the reference
// tier's parameters carry no NULL aclIntArray).
namespace mreduce {

/// The Var / Std CheckDimValid: each dim in [-n, n - 1] (n 1 for a 0-d self), then a dim named twice (the wrapped
/// dim printed).
inline int VarDims(const aclTensor* self, const aclIntArray* dim) {
    const int64_t given = static_cast<int64_t>(self->view_shape.size());
    const int64_t rank = given <= 0 ? 1 : given;
    for (int64_t d : dim->values) {
        if (d >= rank || d < -rank) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Provided dim %ld must be in the range of [%ld, %ld].",
                        static_cast<long>(d), static_cast<long>(-rank), static_cast<long>(rank - 1));
        }
    }
    std::vector<bool> seen(static_cast<size_t>(rank), false);
    for (int64_t d : dim->values) {
        const int64_t p = d < 0 ? d + rank : d;
        if (seen[static_cast<size_t>(p)]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Dim %ld appears multiple times in the list of dims.",
                        static_cast<long>(p));
        }
        seen[static_cast<size_t>(p)] = true;
    }
    return 0;
}

/// ReduceShapeGetWithVar: the named dims removed (kept as 1 with keepdim); an empty list: [] or, with keepdim, every
/// dim as 1.
inline std::vector<int64_t> VarShape(const aclTensor* self, const aclIntArray* dim, bool keepdim) {
    if (dim->values.empty()) return std::vector<int64_t>(keepdim ? self->view_shape.size() : 0, 1);
    return ReducedShape(self->view_shape, dim->values, keepdim, false);
}

/// OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(<name>, expected).
inline int NamedOutShape(const aclTensor* t, const char* name, const std::vector<int64_t>& expected) {
    if (t->view_shape == expected) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for %s to have same size as %s, but got %s.", name,
                ShapeString(expected).c_str(), ShapeString(t->view_shape).c_str());
}

}  // namespace mreduce

/// aclnnVar: CheckDimValid; c.t = {self, out}.
inline int CheckVarDims(const OpCall& c, const aclIntArray* dim, bool /*unbiased*/, bool /*keepdim*/) {
    return mreduce::VarDims(c.t[0], dim);
}
/// aclnnVar: CheckShape after its OP_CHECK_MAX_DIM: out's shape ReduceShapeGetWithVar's.
inline int CheckVarOutShape(const OpCall& c, const aclIntArray* dim, bool /*unbiased*/, bool keepdim) {
    return mreduce::NamedOutShape(c.t[1], "out", mreduce::VarShape(c.t[0], dim, keepdim));
}
/// aclnnVarCorrection, aclnnStd, aclnnVarMean: CheckDimValid.
inline int CheckVarCorrectionDims(const OpCall& c, const aclIntArray* dim, int64_t /*correction*/, bool /*keepdim*/) {
    return mreduce::VarDims(c.t[0], dim);
}
/// aclnnVarCorrection: CheckShape (as aclnnVar's).
inline int CheckVarCorrectionOutShape(const OpCall& c, const aclIntArray* dim, int64_t /*correction*/, bool keepdim) {
    return mreduce::NamedOutShape(c.t[1], "out", mreduce::VarShape(c.t[0], dim, keepdim));
}
/// aclnnStd: CheckShape after its OP_CHECK_MAX_DIMs: an empty dim list checks nothing more; else out's shape the
/// reduced shape (StdInferShape).
inline int CheckStdOutShape(const OpCall& c, const aclIntArray* dim, int64_t /*correction*/, bool keepdim) {
    if (dim->values.empty()) return 0;
    return mreduce::NamedOutShape(c.t[1], "out", mreduce::ReducedShape(c.t[0]->view_shape, dim->values, keepdim, false));
}
/// aclnnVarMean: CheckShape: meanOut's, then varOut's shape ReduceShapeGetWithVar's; c.t = {self, varOut, meanOut}.
inline int CheckVarMeanOutShapes(const OpCall& c, const aclIntArray* dim, int64_t /*correction*/, bool keepdim) {
    const std::vector<int64_t> want = mreduce::VarShape(c.t[0], dim, keepdim);
    if (int r = mreduce::NamedOutShape(c.t[2], "meanOut", want)) return r;
    return mreduce::NamedOutShape(c.t[1], "varOut", want);
}
/// Beyond CANN: the two outputs (t[1], t[2]) inside their storage, without self-overlap, apart.
inline int CheckVarMeanOutViews(const OpCall& c, const aclIntArray* /*dim*/, int64_t /*correction*/, bool /*keepdim*/) {
    return CheckTwoOutputViews(c, 0, false);
}

/// aclnnStdMeanCorrection's CheckDtypeValid tail: off the Ascend 950 (RegBase), stdOut's and meanOut's dtypes must be
/// self's (OP_CHECK_DTYPE_NOT_MATCH(self, ...): "Tensor self expected dtype is <out's> but found <self's>.");
/// c.t = {self, stdOut, meanOut}.
inline int CheckStdMeanDtypes(const OpCall& c, const aclIntArray* /*dim*/, int64_t /*correction*/, bool /*keepdim*/) {
    if (c.soc == rt::Soc::kAscend950) return 0;
    for (int i = 1; i <= 2; ++i) {
        if (c.t[0]->dtype != c.t[i]->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor self expected dtype is %s but found %s.",
                        DtypeName(c.t[i]->dtype), DtypeName(c.t[0]->dtype));
        }
    }
    return 0;
}
/// aclnnStdMeanCorrection's CheckDimValid: dim in [min(-n, n - 1), max(-n, n - 1)] (n self's rank as given: [-1, 0]
/// for a 0-d self); the message prints the rank (1 for 0-d) where the dim is meant, as CANN's; then repeats.
inline int CheckStdMeanDims(const OpCall& c, const aclIntArray* dim, int64_t /*correction*/, bool /*keepdim*/) {
    const int64_t given = static_cast<int64_t>(c.t[0]->view_shape.size());
    const int64_t lo = std::min(-given, given - 1);
    const int64_t hi = std::max(-given, given - 1);
    const int64_t rank = given == 0 ? 1 : given;
    std::vector<bool> seen(static_cast<size_t>(rank), false);
    for (int64_t d : dim->values) {
        if (d > hi || d < lo) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Dimension out of range (expected to be in range of [%ld, %ld], but got %ld)",
                        static_cast<long>(lo), static_cast<long>(hi), static_cast<long>(rank));
        }
        const int64_t p = d < 0 ? d + rank : d;
        if (seen[static_cast<size_t>(p)]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Dim %ld appears multiple times in the list of dims.",
                        static_cast<long>(p));
        }
        seen[static_cast<size_t>(p)] = true;
    }
    return 0;
}
/// aclnnStdMeanCorrection's CheckShape after its OP_CHECK_MAX_DIMs: an empty dim list checks nothing more; else
/// stdOut's, then meanOut's shape the reduced shape.
inline int CheckStdMeanOutShapes(const OpCall& c, const aclIntArray* dim, int64_t /*correction*/, bool keepdim) {
    if (dim->values.empty()) return 0;
    const std::vector<int64_t> want = mreduce::ReducedShape(c.t[0]->view_shape, dim->values, keepdim, false);
    if (int r = mreduce::NamedOutShape(c.t[1], "stdOut", want)) return r;
    return mreduce::NamedOutShape(c.t[2], "meanOut", want);
}

/// aclnnLogSumExp's CheckDimValid: the range ("provided dim ... not in the range of input tensor size n", n 1 for
/// a 0-d self), then a dim named twice (the dim printed as given, no full stop).
inline int CheckLogSumExpDims(const OpCall& c, const aclIntArray* dim, bool /*keepDim*/) {
    const int64_t given = static_cast<int64_t>(c.t[0]->view_shape.size());
    const int64_t rank = given <= 0 ? 1 : given;
    for (int64_t d : dim->values) {
        if (d >= rank || d < -rank) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "provided dim %ld not in the range of input tensor size %ld.",
                        static_cast<long>(d), static_cast<long>(rank));
        }
    }
    std::vector<bool> seen(static_cast<size_t>(rank), false);
    for (int64_t d : dim->values) {
        const int64_t p = d < 0 ? d + rank : d;
        if (seen[static_cast<size_t>(p)]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Dim %ld appears multiple times in the list of dims",
                        static_cast<long>(d));
        }
        seen[static_cast<size_t>(p)] = true;
    }
    return 0;
}
/// aclnnLogSumExp's CheckShape after its OP_CHECK_MAX_DIMs: out's shape the reduced shape (an empty list: every dim).
inline int CheckLogSumExpOutShape(const OpCall& c, const aclIntArray* dim, bool keepDim) {
    return mreduce::NamedOutShape(c.t[1], "out", mreduce::ReducedShape(c.t[0]->view_shape, dim->values, keepDim));
}

/// aclnnGlobalAveragePool's CheckShape: self of 4 to 8 dims (OP_CHECK_MIN_DIM / OP_CHECK_MAX_DIM), out of self's
/// rank (OP_CHECK_WRONG_DIMENSION); then, after ReduceMean over the dims after the first two (kept as 1),
/// CheckShapeAndScalarSame(result, out); c.t = {self, out}.
inline int CheckGlobalAvgPoolShape(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const size_t rank = self->view_shape.size();
    if (rank < 4) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 4 dimensions.");
    if (rank > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    if (out->view_shape.size() != rank) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %zu dimension input, but got out with sizes %s.", rank,
                    ShapeString(out->view_shape).c_str());
    }
    std::vector<int64_t> want(rank, 1);
    want[0] = self->view_shape[0];
    want[1] = self->view_shape[1];
    return mreduce::ShapeAndScalarSame(want, out);
}

/// aclnnReduceLogSum's CheckAxesValid (math/reduce_log_sum/op_api/aclnn_reduce_log_sum.cpp): each axis in
/// [-n, n - 1] (n 1 for a 0-d data), then an axis named twice (the wrapped axis printed); c.t = {data, reduce}.
inline int CheckReduceLogSumAxes(const OpCall& c, const aclIntArray* axes, bool /*keepDims*/, bool /*noop*/) {
    const int64_t given = static_cast<int64_t>(c.t[0]->view_shape.size());
    const int64_t rank = given <= 0 ? 1 : given;
    std::vector<bool> seen(static_cast<size_t>(rank), false);
    for (int64_t d : axes->values) {
        if (d >= rank || d < -rank) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Provided axes %ld not in the range of input tensor size %ld.",
                        static_cast<long>(d), static_cast<long>(rank));
        }
        const int64_t p = d < 0 ? d + rank : d;
        if (seen[static_cast<size_t>(p)]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Axes %lu appears multiple times in the list of axes",
                        static_cast<unsigned long>(p));
        }
        seen[static_cast<size_t>(p)] = true;
    }
    return 0;
}
/// aclnnReduceLogSum: an empty data fills reduce with 0 before any shape check; an empty axes list with
/// noopWithEmptyAxes copies data into reduce (beyond CANN: reduce must then have data's shape); otherwise, after
/// the kernel, CheckShapeAndScalarSame(result, reduce).
inline int CheckReduceLogSumOut(const OpCall& c, const aclIntArray* axes, bool keepDims, bool noop) {
    const aclTensor* data = c.t[0];
    const aclTensor* reduce = c.t[1];
    if (data->numel == 0) return 0;
    if (axes->values.empty() && noop) {
        if (reduce->view_shape == data->view_shape) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID, "The tensor's shape[%s] is not equal with shape[%s].",
                    ShapeString(data->view_shape).c_str(), ShapeString(reduce->view_shape).c_str());
    }
    return mreduce::ShapeAndScalarSame(mreduce::ReducedShape(data->view_shape, axes->values, keepDims), reduce);
}

// ---- aclnnMean / aclnnMeanV2 (math/reduce_mean/op_api/aclnn_mean.cpp); c.t = {self, out}

namespace mreduce {
/// GetDtypeSupportList: SocVersion ASCEND910B .. ASCEND910E (the 950, Atlas A2/A3) with BF16.
inline MbList MeanList(rt::Soc soc) {
    static const aclDataType kNew[] = {ACL_FLOAT, ACL_INT32, ACL_INT64,  ACL_FLOAT16,   ACL_INT16,     ACL_INT8,
                                       ACL_UINT8, ACL_DOUBLE, ACL_BF16, ACL_COMPLEX64, ACL_COMPLEX128};
    static const aclDataType kOld[] = {ACL_FLOAT, ACL_INT32,  ACL_INT64,     ACL_FLOAT16,   ACL_INT16,
                                       ACL_INT8,  ACL_UINT8, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
    if (soc == rt::Soc::kAscend910 || soc == rt::Soc::kAscend310P) return MbL(kOld);
    return MbL(kNew);
}
/// EMPTY_INPUT_DTYPE_SUPPORT_LIST of aclnn_mean.cpp (FillScalar's out dtypes).
inline MbList MeanEmptyList() {
    static const aclDataType k[] = {ACL_FLOAT, ACL_INT32, ACL_INT64,  ACL_FLOAT16, ACL_INT16,
                                    ACL_INT8,  ACL_UINT8, ACL_DOUBLE, ACL_BF16,    ACL_BOOL};
    return MbL(k);
}
/// "type %s should be in dtype support list [%s]." (a dtype parameter outside the list).
inline int DtypeParamNotIn(aclDataType d, MbList l) {
    return Fail(ACLNN_ERR_PARAM_INVALID, "type %s should be in dtype support list [%s].", DtypeName(d),
                MbText(l).c_str());
}
/// aclnn_mean.cpp CheckDimValid: each dim in [-n, n - 1] (n 1 for a 0-d self), then none named twice.
inline int MeanDims(const aclTensor* self, const aclIntArray* dim) {
    const int64_t given = static_cast<int64_t>(self->view_shape.size());
    const int64_t rank = given <= 0 ? 1 : given;
    for (int64_t d : dim->values) {
        if (d >= rank || d < -rank) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "provided dim %ld must be in the range of [%ld, %ld].",
                        static_cast<long>(d), static_cast<long>(-rank), static_cast<long>(rank - 1));
        }
    }
    std::vector<bool> seen(static_cast<size_t>(rank), false);
    for (int64_t d : dim->values) {
        const int64_t p = d < 0 ? d + rank : d;
        if (seen[static_cast<size_t>(p)]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "provided dim %ld is repeated.", static_cast<long>(d));
        }
        seen[static_cast<size_t>(p)] = true;
    }
    return 0;
}
/// FillScalar of aclnn_mean.cpp / aclnn_prod.cpp: out's dtype in the fill's list (OP_CHECK_DTYPE_NOT_SUPPORT).
inline int EmptyFillDtype(const aclTensor* out, MbList l) {
    if (MbIn(out->dtype, l)) return 0;
    return MbNotSupported("out", out->dtype, l);
}
}  // namespace mreduce

/// aclnnMean's CheckDtypeValid after self's list: dtype in the list, out in the list; then CheckPromoteType:
/// self's dtype castable to dtype, dtype castable to out's (OP_CHECK_RESULT_DTYPE_CAST_FAILED).
inline int CheckMeanDtype(const OpCall& c, const aclIntArray* /*dim*/, bool /*keepDim*/, aclDataType dtype) {
    const MbList l = mreduce::MeanList(c.soc);
    if (!MbIn(dtype, l)) return mreduce::DtypeParamNotIn(dtype, l);
    if (!MbIn(c.t[1]->dtype, l)) return MbNotSupported("out", c.t[1]->dtype, l);
    if (!CanCast(c.t[0]->dtype, dtype)) return MbCastFailed(c.t[0]->dtype, dtype);
    if (!CanCast(dtype, c.t[1]->dtype)) return MbCastFailed(dtype, c.t[1]->dtype);
    return 0;
}
inline int CheckMeanDims(const OpCall& c, const aclIntArray* dim, bool /*keepDim*/, aclDataType /*dtype*/) {
    return mreduce::MeanDims(c.t[0], dim);
}
/// An empty self: FillScalar(out, NaN) - out's dtype in its list, out's shape not checked; otherwise, after
/// ReduceMean (a 0-d self its own result), CheckShapeAndScalarSame(result, out).
inline int CheckMeanOut(const OpCall& c, const aclIntArray* dim, bool keepDim, aclDataType /*dtype*/) {
    if (c.t[0]->numel == 0) return mreduce::EmptyFillDtype(c.t[1], mreduce::MeanEmptyList());
    return mreduce::ShapeAndScalarSame(mreduce::ReducedShape(c.t[0]->view_shape, dim->values, keepDim), c.t[1]);
}
inline int CheckMeanV2Dims(const OpCall& c, const aclIntArray* dim, bool /*keepDim*/, bool /*noop*/) {
    return mreduce::MeanDims(c.t[0], dim);
}
/// aclnnMeanV2: an empty self fills out with NaN (out's dtype in the fill's list); an empty dim with
/// noopWithEmptyAxes copies self (CheckShapeAndScalarSame(self, out)); else CheckShapeAndScalarSame(result, out).
inline int CheckMeanV2Out(const OpCall& c, const aclIntArray* dim, bool keepDim, bool noop) {
    if (c.t[0]->numel == 0) return mreduce::EmptyFillDtype(c.t[1], mreduce::MeanEmptyList());
    if (dim->values.empty() && noop) return mreduce::ShapeAndScalarSame(c.t[0]->view_shape, c.t[1]);
    return mreduce::ShapeAndScalarSame(mreduce::ReducedShape(c.t[0]->view_shape, dim->values, keepDim), c.t[1]);
}

// ---- aclnnProd / aclnnProdDim (math/reduce_prod/op_api/aclnn_prod.cpp); c.t = {self, out}

namespace mreduce {
/// EMPTY_INPUT_DTYPE_SUPPORT_LIST of aclnn_prod.cpp.
inline MbList ProdEmptyList() {
    static const aclDataType k[] = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_INT8,  ACL_UINT8,
                                    ACL_INT16, ACL_INT32,   ACL_INT64,  ACL_BOOL, ACL_BF16};
    return MbL(k);
}
/// OP_CHECK_DTYPE_NOT_MATCH(out, dtype).
inline int OutDtypeIs(const aclTensor* out, aclDataType dtype) {
    if (out->dtype == dtype) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is %s but found %s.", DtypeName(dtype),
                DtypeName(out->dtype));
}
/// FillScalar of aclnn_prod.cpp: its own message for an out dtype outside the fill's list.
inline int ProdEmpty(const aclTensor* out) {
    const MbList l = ProdEmptyList();
    if (MbIn(out->dtype, l)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "when input is empty tensor, out cann not be %s, should be in dtype support list %s.",
                DtypeName(out->dtype), MbText(l).c_str());
}
}  // namespace mreduce

inline int CheckProdOutDtype(const OpCall& c, aclDataType dtype) { return mreduce::OutDtypeIs(c.t[1], dtype); }
/// An empty self: FillScalar(out, 1); else, after ReduceProd over every dim, CheckShapeAndScalarSame([], out).
inline int CheckProdOut(const OpCall& c, aclDataType /*dtype*/) {
    if (c.t[0]->numel == 0) return mreduce::ProdEmpty(c.t[1]);
    return mreduce::ShapeAndScalarSame({}, c.t[1]);
}
inline int CheckProdDimOutDtype(const OpCall& c, int64_t /*dim*/, bool /*keepDim*/, aclDataType dtype) {
    return mreduce::OutDtypeIs(c.t[1], dtype);
}
/// CheckDimValid: a 0-d self takes 0 or -1; else dim in [-n, n - 1] (for a 0-d self the message prints [0, -1]).
inline int CheckProdDimDim(const OpCall& c, int64_t dim, bool /*keepDim*/, aclDataType /*dtype*/) {
    const int64_t n = static_cast<int64_t>(c.t[0]->view_shape.size());
    if (n == 0 && (dim == 0 || dim == -1)) return 0;
    if (dim >= n || dim < -n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected dim to be in range of [%ld, %ld], but got %ld.",
                    static_cast<long>(-n), static_cast<long>(n - 1), static_cast<long>(dim));
    }
    return 0;
}
inline int CheckProdDimOut(const OpCall& c, int64_t dim, bool keepDim, aclDataType /*dtype*/) {
    if (c.t[0]->numel == 0) return mreduce::ProdEmpty(c.t[1]);
    return mreduce::ShapeAndScalarSame(mreduce::ReducedShape(c.t[0]->view_shape, {dim}, keepDim), c.t[1]);
}

// ---- aclnnReduceNansum (math/reduce_nansum/op_api/aclnn_reduce_nansum.cpp); c.t = {self, out}

namespace mreduce {
inline MbList NansumList(rt::Soc soc) {
    static const aclDataType k950[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    static const aclDataType kLong[] = {ACL_FLOAT16, ACL_FLOAT, ACL_INT8, ACL_INT16, ACL_INT32,
                                        ACL_INT64,   ACL_UINT8, ACL_BOOL, ACL_BF16};
    return soc == rt::Soc::kAscend950 ? MbL(k950) : MbL(kLong);
}
}  // namespace mreduce

/// CheckDtypeValid's first step: SocVersion ASCEND910B, ASCEND910_93 or ASCEND950 only.
inline int CheckReduceNansumProduct(const OpCall& c, const aclIntArray*, bool, aclDataType) {
    if (c.soc == rt::Soc::kAscend910 || c.soc == rt::Soc::kAscend310P) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "ReduceNansum is not supported on this device.");
    }
    return 0;
}
/// After self's list: dtype in the list, out in the list, out's dtype dtype; CheckPromoteType: self castable to out.
inline int CheckReduceNansumDtype(const OpCall& c, const aclIntArray*, bool, aclDataType dtype) {
    const MbList l = mreduce::NansumList(c.soc);
    if (!MbIn(dtype, l)) return mreduce::DtypeParamNotIn(dtype, l);
    if (!MbIn(c.t[1]->dtype, l)) return MbNotSupported("out", c.t[1]->dtype, l);
    if (int r = mreduce::OutDtypeIs(c.t[1], dtype)) return r;
    if (!CanCast(c.t[0]->dtype, c.t[1]->dtype)) return MbCastFailed(c.t[0]->dtype, c.t[1]->dtype);
    return 0;
}
/// CheckDimValid: each dim in range (n 1 for a 0-d self), none named twice (the message prints the wrapped dim).
inline int CheckReduceNansumDims(const OpCall& c, const aclIntArray* dim, bool, aclDataType) {
    const int64_t given = static_cast<int64_t>(c.t[0]->view_shape.size());
    const int64_t rank = given <= 0 ? 1 : given;
    std::vector<bool> seen(static_cast<size_t>(rank), false);
    for (int64_t d : dim->values) {
        if (d >= rank || d < -rank) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Provided dim %ld must be in the range of [%ld, %ld].",
                        static_cast<long>(d), static_cast<long>(-rank), static_cast<long>(rank - 1));
        }
        const int64_t p = d < 0 ? d + rank : d;
        if (seen[static_cast<size_t>(p)]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Dim %lu appears multiple times in the list of dims.",
                        static_cast<unsigned long>(p));
        }
        seen[static_cast<size_t>(p)] = true;
    }
    return 0;
}
/// An empty self: out filled with 0 (no shape check); else CheckShapeAndScalarSame(result, out).
inline int CheckReduceNansumOut(const OpCall& c, const aclIntArray* dim, bool keepDim, aclDataType) {
    if (c.t[0]->numel == 0) return 0;
    return mreduce::ShapeAndScalarSame(mreduce::ReducedShape(c.t[0]->view_shape, dim->values, keepDim), c.t[1]);
}

// ---- aclnnGroupedBiasAddGrad / V2 (math/grouped_bias_add_grad/op_api/aclnn_grouped_bias_add_grad.cpp);
// c.t = {gradY, groupIdxOptional (may be NULL), out}

namespace mreduce {
/// CheckDtypeValid's last steps (out's dtype gradY's; groupIdx INT32 / INT64), then CheckShapeValid.
inline int GroupedBiasAddGrad(const OpCall& c) {
    const aclTensor* g = c.t[0];
    const aclTensor* idx = c.t[1];
    const aclTensor* out = c.t[2];
    if (out->dtype != g->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is %s but found %s.", DtypeName(g->dtype),
                    DtypeName(out->dtype));
    }
    static const aclDataType kIdx[] = {ACL_INT32, ACL_INT64};
    if (idx != nullptr && !MbIn(idx->dtype, MbL(kIdx))) return MbNotSupported("groupIdxOptional", idx->dtype, MbL(kIdx));
    const size_t gd = g->view_shape.size();
    int64_t groups = gd > 0 ? g->view_shape[0] : 0;
    int64_t h = 0;
    if (idx == nullptr) {
        if (gd != 3) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "the grad_y of input should be 3D tensor when group_idx is null.");
        }
        h = g->view_shape[2];
    } else {
        if (gd != 2 || idx->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "the gradY of input should be 2D tensor when groupIdxOptional is not null and "
                        "groupIdxOptional must be 1D tensor.");
        }
        const int64_t n = idx->view_shape[0];
        if (n > 2048) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "input group_idx shape not support more than 2048, but got %ld.",
                        static_cast<long>(n));
        }
        h = g->view_shape[1];
        groups = n;
    }
    if (out->view_shape.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dimensions of output should be two, but got %lu.",
                    static_cast<unsigned long>(out->view_shape.size()));
    }
    if (out->view_shape[0] != groups || out->view_shape[1] != h) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The shape of out should be [%ld, %ld], but got [%ld, %ld].",
                    static_cast<long>(groups), static_cast<long>(h), static_cast<long>(out->view_shape[0]),
                    static_cast<long>(out->view_shape[1]));
    }
    return 0;
}
}  // namespace mreduce

inline int CheckGroupedBiasAddGrad(const OpCall& c) { return mreduce::GroupedBiasAddGrad(c); }
/// V2: the same, then checkAttrValid (groupIdxType 0 or 1).
inline int CheckGroupedBiasAddGradV2(const OpCall& c, int64_t groupIdxType) {
    if (int r = mreduce::GroupedBiasAddGrad(c)) return r;
    if (groupIdxType < 0 || groupIdxType > 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "group_idx_type should be 0 or 1, but current is %ld",
                    static_cast<long>(groupIdxType));
    }
    return 0;
}

/// aclnnBincount's CheckFormat (math/bincount/op_api/aclnn_bincount.cpp): self or out of a private format; self not
/// 1-D; a given weights of another view format or shape than self -> 161002. c.t = {self, weights, out}.
inline int CheckBincountFormat(const OpCall& c, int64_t) {
    const aclTensor* self = c.t[0];
    const aclTensor* weights = c.t[1];
    const aclTensor* out = c.t[2];
    auto priv = [](int32_t f) {
        return f >= ACL_FORMAT_NC1HWC0 && f != ACL_FORMAT_HWCN && f != ACL_FORMAT_NCDHW && f != ACL_FORMAT_NDHWC &&
               f != ACL_FORMAT_NCL;
    };
    if (priv(self->format) || priv(out->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND,NCL,NCHW,NHWC,HWCN,NDHWC,NCDHW,input format is [%s] "
                    "and out format is [%s].", FormatName(self->format), FormatName(out->format));
    }
    if (self->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected self to be 1-dimensional tensor, but got %zu-dimensional tensor.",
                    self->view_shape.size());
    }
    if (weights == nullptr) return 0;
    if (self->format != weights->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input and weights should have same format,but input format is [%s] and "
                    "weights format is [%s].", FormatName(self->format), FormatName(weights->format));
    }
    if (self->view_shape != weights->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for weights to have same size as tensor for self, but %s "
                    "does not equal %s.", ShapeString(weights->view_shape).c_str(), ShapeString(self->view_shape).c_str());
    }
    return 0;
}

/// aclnnBincount after its empty return: size = max(out's dim 0, minlength) above 2147483647 -> 161002 (beyond CANN,
/// out not 1-D: the reference writes out's bins).
inline int CheckBincountSize(const OpCall& c, int64_t minlength) {
    const aclTensor* out = c.t[2];
    if (out->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out to be 1-dimensional tensor, but got %zu-dimensional tensor.",
                    out->view_shape.size());
    }
    if (c.t[0]->numel == 0) return 0;
    const int64_t size = std::max(out->view_shape[0], minlength);
    if (size > 2147483647LL) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The maximum output size cannot exceed 2147483647.");
    }
    return 0;
}

}  // namespace aclcpu
