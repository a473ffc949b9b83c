// The custom first-phase checks of ops-math's scans, linear algebra and creation operators at the reference tier
// (ops/families/math_linalg.yaml; docs/ops/math_linalg.md): the dim rules, the shape rules and the dtype rules the
// table's vocabulary cannot express. Included through the generated op/family_hooks.inc at the end of
// src/op/reference_checks.h. Each hook is int <hook>(const OpCall& c, <the entry's non-tensor parameters>): 0, or
// 161002 with CANN's message. Facts: hicann/ops-math at c41933244 - math/cummax/op_api/aclnn_cummax.cpp,
// math/cummin/op_api/aclnn_cummin.cpp, math/trace/op_api/aclnn_trace.cpp, math/dot/op_api/aclnn_dot.cpp,
// math/ger/op_api/aclnn_ger.cpp, math/reduce_var/op_api/aclnn_var.cpp, aclnn_var_mean.cpp,
// math/reduce_std_v2/op_api/aclnn_std.cpp, math/reduce_std_with_mean/op_api/aclnn_std_mean_correction.cpp,
// math/reduce_log_sum_exp/op_api/aclnn_logsumexp.cpp, math/reduce_mean/op_api/aclnn_global_average_pool.cpp,
// common/inc/op_api/level2_base.h.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "common/exports.h"
#include "common/status.h"
#include "engine/elementwise.h"
#include "engine/first_phase.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace mlinalg {

inline int64_t Rank(const aclTensor* t) { return static_cast<int64_t>(t->view_shape.size()); }

/// Beyond CANN: outputs t[first .. first + n) inside their storage, without self-overlap, apart from each other.
inline int OutputViews(const OpCall& c, int first, int n) {
    engine::ElementwiseOperands ops;
    ops.out = first;
    ops.num_outputs = n;
    for (int i = 1; i < n; ++i) ops.more_out[i - 1] = first + i;
    return engine::CheckElementwiseViews(c.t, c.names, c.num_tensors, ops);
}

}  // namespace mlinalg

// ---- aclnnCummax, aclnnCummin; c.t = {self, valuesOut, indicesOut}

/// aclnn_cummax.cpp CheckDimValid: a 0-d self refused; dim in [-n, n - 1].
inline int CheckCummaxDim(const OpCall& c, int64_t dim) {
    const int64_t n = mlinalg::Rank(c.t[0]);
    if (n == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dimension specified as %ld but tensor has not dimensions.",
                    static_cast<long>(dim));
    }
    if (dim < -n || dim > n - 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dim must be within the range of [%ld, %ld], but it is %ld.",
                    static_cast<long>(-n), static_cast<long>(n - 1), static_cast<long>(dim));
    }
    return 0;
}

/// aclnn_cummin.cpp CheckDimValid: a 0-d self takes dim 0 or -1; else dim in [-n, n - 1] (for a 0-d self the
/// message prints [0, -1], as CANN's).
inline int CheckCumminDim(const OpCall& c, int64_t dim) {
    const int64_t n = mlinalg::Rank(c.t[0]);
    if (n == 0 && (dim == 0 || dim == -1)) return 0;
    if (dim < -n || dim > n - 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dim must be within the range of [%ld, %ld], but it is %ld.",
                    static_cast<long>(-n), static_cast<long>(n - 1), static_cast<long>(dim));
    }
    return 0;
}

/// Beyond CANN: valuesOut and indicesOut inside their storage, without self-overlap, apart.
inline int CheckCumOutViews(const OpCall& c, int64_t /*dim*/) { return mlinalg::OutputViews(c, 1, 2); }

// ---- aclnnTrace; c.t = {self, out}

/// aclnn_trace.cpp CheckParamValid: self a matrix, out 0-d.
inline int CheckTraceShapes(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (self->view_shape.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "trace: expected a matrix, but got tensor with dim %zu",
                    self->view_shape.size());
    }
    if (!out->view_shape.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "expected 0D output tensor, but got %s tensor.",
                    ShapeString(out->view_shape).c_str());
    }
    return 0;
}

/// aclnn_trace.cpp CheckDtypeValid's second half: out's dtype INT64 for an integral or BOOL self, else self's
/// (OP_CHECK_DTYPE_NOT_MATCH).
inline int CheckTraceOutDtype(const OpCall& c) {
    const aclDataType self = c.t[0]->dtype;
    const aclDataType want = IsIntegralOrBool(self, true) ? ACL_INT64 : self;
    if (c.t[1]->dtype == want) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is %s but found %s.", DtypeName(want),
                DtypeName(c.t[1]->dtype));
}

// ---- aclnnDot; c.t = {self, tensor, out}

/// aclnn_dot.cpp CheckShape: self and tensor 1-D of one length, out 0-d.
inline int CheckDotShapes(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* tensor = c.t[1];
    const aclTensor* out = c.t[2];
    if (self->view_shape.size() != 1 || tensor->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "expected 1D input tensors, but got %s and %s tensors.",
                    ShapeString(self->view_shape).c_str(), ShapeString(tensor->view_shape).c_str());
    }
    if (self->view_shape[0] != tensor->view_shape[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "expected consistent tensor size, but got %s and %s tensors.",
                    ShapeString(self->view_shape).c_str(), ShapeString(tensor->view_shape).c_str());
    }
    if (!out->view_shape.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "expected 0D output tensor, but got %s tensor.",
                    ShapeString(out->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnGer; c.t = {self, vec2, out}

/// aclnn_ger.cpp CheckShape: self and vec2 1-D, out 2-D of [self's length, vec2's length].
inline int CheckGerShapes(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* vec2 = c.t[1];
    const aclTensor* out = c.t[2];
    if (self->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 1-D argument, but got %zu-D.", self->view_shape.size());
    }
    if (vec2->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 1-D argument, but got %zu-D.", vec2->view_shape.size());
    }
    if (out->view_shape.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 2-D argument, but got %zu-D.", out->view_shape.size());
    }
    const int64_t s0 = out->view_shape[0];
    const int64_t s1 = out->view_shape[1];
    if (s0 != self->view_shape[0] || s1 != vec2->view_shape[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected sizes of out{%ld, %ld}should be equal to self * vec2 {%ld, %ld}",
                    static_cast<long>(s0), static_cast<long>(s1), static_cast<long>(self->view_shape[0]),
                    static_cast<long>(vec2->view_shape[0]));
    }
    return 0;
}

// ---- aclnnArange, aclnnRange (math/range/op_api/aclnn_arange.cpp, aclnn_range.cpp); c.t = {out}

namespace mlinalg {

/// CheckStepCorrect: start, end and step read as out's kind of value (FLOAT16 / BF16 / FLOAT: ToFloat; DOUBLE:
/// ToDouble; INT32 / INT64: ToInt64), then CheckStep: a zero step ("step must be nonzero."), or a step whose sign
/// disagrees with end - start.
/// CheckStep: 0 for a valid step, 1 for a zero step, 2 for a step whose sign disagrees with end - start.
template <typename T>
inline int StepRule(T start, T end, T step) {
    if (!(step > static_cast<T>(0) || step < static_cast<T>(0))) return 1;
    if ((step > static_cast<T>(0) && start > end) || (step < static_cast<T>(0) && start < end)) return 2;
    return 0;
}

inline int StepCorrect(const aclScalar* start, const aclScalar* end, const aclScalar* step, const aclTensor* out) {
    double a = 0, b = 0, s = 0;
    ScalarToDouble(*start, &a);
    ScalarToDouble(*end, &b);
    ScalarToDouble(*step, &s);
    int rule = 0;
    switch (out->dtype) {
        case ACL_FLOAT16:
        case ACL_BF16:
        case ACL_FLOAT: {
            float fa = 0, fb = 0, fs = 0;
            ScalarToFloat(*start, &fa);
            ScalarToFloat(*end, &fb);
            ScalarToFloat(*step, &fs);
            rule = StepRule<float>(fa, fb, fs);
            if (rule == 2) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "upper bound and lower bound inconsistent with step sign. start:%f, end:%f, step:%f.",
                            static_cast<double>(fa), static_cast<double>(fb), static_cast<double>(fs));
            }
            break;
        }
        case ACL_DOUBLE:
            rule = StepRule<double>(a, b, s);
            if (rule == 2) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "upper bound and lower bound inconsistent with step sign. start:%lf, end:%lf, step:%lf.", a, b,
                            s);
            }
            break;
        case ACL_INT32:
        case ACL_INT64: {
            const long ia = static_cast<long>(a), ib = static_cast<long>(b), is = static_cast<long>(s);
            rule = StepRule<long>(ia, ib, is);
            if (rule == 2) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "upper bound and lower bound inconsistent with step sign. start:%ld, end:%ld, step:%ld.", ia,
                            ib, is);
            }
            break;
        }
        default:
            return Fail(ACLNN_ERR_PARAM_INVALID, "outputdtype invalid.");
    }
    if (rule == 1) return Fail(ACLNN_ERR_PARAM_INVALID, "step must be nonzero.");
    return 0;
}

}  // namespace mlinalg

/// aclnnArange's CheckStepCorrect.
inline int CheckArangeStep(const OpCall& c, const aclScalar* start, const aclScalar* end, const aclScalar* step) {
    return mlinalg::StepCorrect(start, end, step, c.t[0]);
}

/// aclnnRange's CheckParamsLogic: out not 0-d, then CheckStepCorrect.
inline int CheckRangeOutAndStep(const OpCall& c, const aclScalar* start, const aclScalar* end, const aclScalar* step) {
    const size_t n = c.t[0]->view_shape.size();
    if (n == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out a 1d tensor, but got %zu.", n);
    return mlinalg::StepCorrect(start, end, step, c.t[0]);
}

// ---- aclnnLinspace (math/lin_space/op_api/aclnn_linspace.cpp); c.t = {out}

/// CheckScalarDtypeValid for start, then end: a complex value refused.
inline int CheckLinspaceScalars(const OpCall&, const aclScalar* start, const aclScalar* end, int64_t /*steps*/) {
    if (IsComplexDtype(start->dtype) || IsComplexDtype(end->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "complex for input is not implemented.");
    }
    return 0;
}

/// CheckParamsLogic: steps >= 0, and out holds exactly steps elements (whatever its shape).
inline int CheckLinspaceSteps(const OpCall& c, const aclScalar*, const aclScalar*, int64_t steps) {
    if (steps < 0) return Fail(ACLNN_ERR_PARAM_INVALID, "number of steps must be non-negative.");
    int64_t n = 1;
    for (int64_t d : c.t[0]->view_shape) n *= d;
    if (n != steps) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "size of out must equal to steps, but got size of out %ld, steps: %ld.",
                    static_cast<long>(n), static_cast<long>(steps));
    }
    return 0;
}

// ---- aclnnLinalgCross (math/cross/op_api/aclnn_linalg_cross.cpp); c.t = {self, other, out}

/// CheckDim: dim in [-n, n - 1], n self's rank.
inline int CheckCrossDim(const OpCall& c, int64_t dim) {
    const int64_t n = mlinalg::Rank(c.t[0]);
    if (dim >= n || dim < -n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Dimension out of range(expected to be in range of [%ld, %ld], but got %ld.",
                    static_cast<long>(-n), static_cast<long>(n - 1), static_cast<long>(dim));
    }
    return 0;
}

/// After the empty-out return: the size of the crossed dim must be 3 - off the Ascend 950 in the broadcast shape
/// (out's), a non-negative dim moved by the rank difference when self has fewer dims than other; on the 950 (no
/// broadcast there) in self's shape.
inline int CheckCrossDimSize(const OpCall& c, int64_t dim) {
    const aclTensor* self = c.t[0];
    const aclTensor* other = c.t[1];
    const aclTensor* out = c.t[2];
    const std::vector<int64_t>* shape = &self->view_shape;
    int64_t inner = dim;
    if (self->view_shape != other->view_shape && c.soc != rt::Soc::kAscend950) {
        shape = &out->view_shape;
        if (inner >= 0 && self->view_shape.size() < other->view_shape.size()) {
            inner += static_cast<int64_t>(other->view_shape.size() - self->view_shape.size());
        }
    }
    if (inner < 0) inner += static_cast<int64_t>(shape->size());
    if (inner < 0 || inner >= static_cast<int64_t>(shape->size()) || (*shape)[static_cast<size_t>(inner)] != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dimension %ld does not have size 3.",
                    static_cast<long>(dim < 0 ? dim : inner));
    }
    return 0;
}

// ---- aclnnSearchSorted, aclnnSearchSorteds (math/search_sorted/op_api/aclnn_searchsorted.cpp)

namespace mlinalg {

/// CheckDtypeValid's tail: out's dtype INT32 (outInt32) or INT64; a given sorter's INT64.
inline int SearchSortedDtypes(const aclTensor* sorter, const aclTensor* out, bool outInt32) {
    const aclDataType want = outInt32 ? ACL_INT32 : ACL_INT64;
    if (out->dtype != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is %s but found %s.", DtypeName(want),
                    DtypeName(out->dtype));
    }
    if (sorter != nullptr && sorter->dtype != ACL_INT64) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor sorter expected dtype is DT_INT64 but found %s.",
                    DtypeName(sorter->dtype));
    }
    return 0;
}

/// CheckShape: at most 8 dims (sortedSequence, self); self's shape out's; a given sorter of sortedSequence's shape;
/// a self of shape [1] only with a 1-D sortedSequence; sortedSequence 1-D or of self's rank with the same leading
/// dims.
inline int SearchSortedShapes(const aclTensor* seq, const aclTensor* self, const aclTensor* sorter,
                              const aclTensor* out) {
    if (seq->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The sortedSequence tensor cannot be larger than 8 dimensions.");
    }
    if (self->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    }
    if (self->view_shape != out->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for out, but %s does not equal %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(out->view_shape).c_str());
    }
    if (sorter != nullptr && seq->view_shape != sorter->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for sortedSequence to have same size as tensor for sorter, but %s does not equal %s.",
                    ShapeString(seq->view_shape).c_str(), ShapeString(sorter->view_shape).c_str());
    }
    const size_t sn = seq->view_shape.size();
    if (self->view_shape.size() == 1 && self->view_shape[0] == 1 && sn != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "self value can be a scalar only when sortedSequence tensor dimension is 1, but we got "
                    "sortedSequence tensor dim(%s) and self value's dim(%s).",
                    ShapeString(seq->view_shape).c_str(), ShapeString(self->view_shape).c_str());
    }
    bool match = sn == self->view_shape.size();
    for (size_t d = 0; match && d + 1 < sn; ++d) match = seq->view_shape[d] == self->view_shape[d];
    if (sn != 1 && !match) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "sortedSequence tensor should be 1 dimension or the first N-1 dimension of sortedSequence tensor "
                    "and self value tensor must match, but we got sortedSequence tensor %s and self value tensor %s.",
                    ShapeString(seq->view_shape).c_str(), ShapeString(self->view_shape).c_str());
    }
    return 0;
}

}  // namespace mlinalg

/// aclnnSearchSorted: c.t = {sortedSequence, self, sorter (or NULL), out}.
inline int CheckSearchSortedDtypes(const OpCall& c, bool outInt32, bool /*right*/) {
    return mlinalg::SearchSortedDtypes(c.t[2], c.t[3], outInt32);
}
inline int CheckSearchSortedShapes(const OpCall& c, bool /*outInt32*/, bool /*right*/) {
    return mlinalg::SearchSortedShapes(c.t[0], c.t[1], c.t[2], c.t[3]);
}

/// aclnnSearchSorteds: c.t = {sortedSequence, sorter (or NULL), out}. An empty out is refused before the rest (the
/// op_api then views out as [1]); self becomes a one-element tensor of sortedSequence's dtype ([1], so the shape
/// rules ask for a 1-D sortedSequence).
inline int CheckSearchSortedsOut(const OpCall& c, const aclScalar* /*self*/, bool /*outInt32*/, bool /*right*/) {
    if (c.t[2]->numel == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "The shape of out tensor should be {1}.");
    return 0;
}
inline int CheckSearchSortedsDtypes(const OpCall& c, const aclScalar* /*self*/, bool outInt32, bool /*right*/) {
    return mlinalg::SearchSortedDtypes(c.t[1], c.t[2], outInt32);
}
inline int CheckSearchSortedsShapes(const OpCall& c, const aclScalar* /*self*/, bool /*outInt32*/, bool /*right*/) {
    const aclTensor* seq = c.t[0];
    if (seq->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The sortedSequence tensor cannot be larger than 8 dimensions.");
    }
    const aclTensor* sorter = c.t[1];
    if (sorter != nullptr && seq->view_shape != sorter->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for sortedSequence to have same size as tensor for sorter, but %s does not equal %s.",
                    ShapeString(seq->view_shape).c_str(), ShapeString(sorter->view_shape).c_str());
    }
    if (seq->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "self value can be a scalar only when sortedSequence tensor dimension is 1, but we got "
                    "sortedSequence tensor dim(%s) and self value's dim([1]).",
                    ShapeString(seq->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnHistc (math/histogram_v2/op_api/aclnn_histc.cpp); c.t = {self, out}

/// CheckMinMaxIsInfNan (min and max read as FLOAT; both +inf or both -inf pass), CheckValueRange (bins > 0; min <=
/// max, read as INT32 for an integral self), CheckPromoteType (out's dtype castable to self's).
inline int CheckHistcValues(const OpCall& c, int64_t bins, const aclScalar* min, const aclScalar* max) {
    float lo = 0, hi = 0;
    ScalarToFloat(*min, &lo);
    ScalarToFloat(*max, &hi);
    const bool same_inf = std::isinf(lo) && std::isinf(hi) && ((lo > 0 && hi > 0) || (lo < 0 && hi < 0));
    if (!same_inf && (std::isinf(lo) || std::isinf(hi) || std::isnan(lo) || std::isnan(hi))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "range of [%f, %f] is not finite", static_cast<double>(lo),
                    static_cast<double>(hi));
    }
    if (bins <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "The value of bins can not less or equal 0.");
    const aclDataType st = c.t[0]->dtype;
    bool bad = false;
    if (IsIntegralOrBool(st, false)) {
        double a = 0, b = 0;
        ScalarToDouble(*min, &a);
        ScalarToDouble(*max, &b);
        bad = static_cast<int32_t>(a) > static_cast<int32_t>(b);
    } else {
        bad = lo > hi;
    }
    if (bad) return Fail(ACLNN_ERR_PARAM_INVALID, "The value of max should greater than or equal to min.");
    if (!CanCast(c.t[1]->dtype, st)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.",
                    DtypeName(c.t[1]->dtype), DtypeName(st));
    }
    return 0;
}

/// CheckShape: out 1-D (OP_CHECK_WRONG_DIMENSION), self at most 8 dims, out of bins elements.
inline int CheckHistcShape(const OpCall& c, int64_t bins, const aclScalar*, const aclScalar*) {
    const aclTensor* out = c.t[1];
    if (out->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 1 dimension input, but got out with sizes %s.",
                    ShapeString(out->view_shape).c_str());
    }
    if (c.t[0]->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    }
    if (out->view_shape[0] != bins) return Fail(ACLNN_ERR_PARAM_INVALID, "The size of out tensor should be same as bins.");
    return 0;
}

// ---- aclnnCdist (math/cdist/op_api/aclnn_cdist.cpp); c.t = {x1, x2, out}

/// CheckShape after its OP_CHECK_MAX_DIMs: at least 2 dims (x1, x2, out: OP_CHECK_MIN_DIM), x1's and x2's last dims
/// equal; CheckParamsLogic: p >= 0 (not NaN), p == 2 only with compute_mode 2.
inline int CheckCdistParams(const OpCall& c, float p, int64_t compute_mode) {
    static const char* const kNames[] = {"x1", "x2", "out"};
    for (int i = 0; i < 3; ++i) {
        if (c.t[i]->view_shape.size() < 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor must have at least 2 dimensions.", kNames[i]);
        }
    }
    const int64_t m1 = c.t[0]->view_shape.back();
    const int64_t m2 = c.t[1]->view_shape.back();
    if (m1 != m2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dim num of X1 and X2 must be the same. X1 got: %ld, X2 got: %ld.",
                    static_cast<long>(m1), static_cast<long>(m2));
    }
    if (p < 0 || std::isnan(p)) return Fail(ACLNN_ERR_PARAM_INVALID, "cdist only supports non-negative p values.");
    if (std::fabs(p - 2.0) < 1e-6 && compute_mode != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "compute_mode %lld is not supported, only support 2 when pValue equals 2.0",
                    static_cast<long long>(compute_mode));
    }
    return 0;
}

/// The batch broadcast (after CANN's early return for a zero batch or row dim: "X1 shape ... cannot broadcast!"),
/// then, beyond CANN (which copies the kernel's result into out unchecked), out's shape the result's:
/// broadcast batch dims, x1's rows, x2's rows.
inline int CheckCdistBatchAndOut(const OpCall& c, float, int64_t) {
    const std::vector<int64_t>& a = c.t[0]->view_shape;
    const std::vector<int64_t>& b = c.t[1]->view_shape;
    const size_t r = std::max(a.size(), b.size());
    std::vector<int64_t> want;
    bool zero_batch = false;
    for (size_t i = 0; i + 1 < a.size(); ++i) zero_batch = zero_batch || a[i] == 0;
    for (size_t i = 0; i + 1 < b.size(); ++i) zero_batch = zero_batch || b[i] == 0;
    for (size_t i = 0; i + 2 < r; ++i) {
        const size_t ka = r - a.size(), kb = r - b.size();
        const int64_t d1 = i < ka ? 1 : a[i - ka];
        const int64_t d2 = i < kb ? 1 : b[i - kb];
        if (d1 != d2 && d1 != 1 && d2 != 1 && !zero_batch) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "X1 shape: %s and X2 shape: %s cannot broadcast!",
                        ShapeString(a).c_str(), ShapeString(b).c_str());
        }
        want.push_back(d1 == 1 ? d2 : d1);
    }
    want.push_back(a[a.size() - 2]);
    want.push_back(b[b.size() - 2]);
    if (c.t[2]->view_shape != want && !zero_batch) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out to have shape %s, but got %s (aclcpu: CANN does not check it).",
                    ShapeString(want).c_str(), ShapeString(c.t[2]->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnAffineGrid (math/affine_grid/op_api/aclnn_affine_grid.cpp); c.t = {theta, out}

/// CheckShape: theta not empty; size of 4 (theta [N, 2, 3], out [N, H, W, 2]) or 5 (theta [N, 3, 4], out
/// [N, D, H, W, 3]) values.
inline int CheckAffineGridShape(const OpCall& c, const aclIntArray* size, bool /*alignCorners*/) {
    const aclTensor* theta = c.t[0];
    const std::vector<int64_t>& t = theta->view_shape;
    const std::vector<int64_t>& s = size->values;
    if (theta->numel == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Expected theta to be not null tensor.");
    std::vector<int64_t> want;
    if (s.size() == 4) {
        if (t.size() != 3 || t[1] != 2 || t[2] != 3 || t[0] != s[0]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected a batch of 2D affine matrices of shape Nx2x3 for size [%ld, %ld, %ld, %ld]. Got %s.",
                        static_cast<long>(s[0]), static_cast<long>(s[1]), static_cast<long>(s[2]),
                        static_cast<long>(s[3]), ShapeString(t).c_str());
        }
        want = {s[0], s[2], s[3], 2};
    } else if (s.size() == 5) {
        if (t.size() != 3 || t[1] != 3 || t[2] != 4 || t[0] != s[0]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected a batch of 3D affine matrices of shape Nx3x4 for size [%ld, %ld, %ld, %ld, %ld]. Got %s.",
                        static_cast<long>(s[0]), static_cast<long>(s[1]), static_cast<long>(s[2]),
                        static_cast<long>(s[3]), static_cast<long>(s[4]), ShapeString(t).c_str());
        }
        want = {s[0], s[2], s[3], s[4], 3};
    } else {
        return Fail(ACLNN_ERR_PARAM_INVALID, "AffineGridGenerator needs 4d or 5d size(input).");
    }
    if (c.t[1]->view_shape == want) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                ShapeString(want).c_str(), ShapeString(c.t[1]->view_shape).c_str());
}

// ---- aclnnLinalgCholesky (math/cholesky/op_api/aclnn_linalg_cholesky.cpp); c.t = {self, out}

/// CheckFormat: self's and out's storage formats equal (CANN's message prints the storage shapes). Private formats
/// are not modelled (aclcpu's tensors are ND).
inline int CheckCholeskyFormat(const OpCall& c, bool /*upper*/) {
    if (c.t[0]->format == c.t[1]->format) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal. self [%s], out [%s].",
                ShapeString(c.t[0]->storage_shape).c_str(), ShapeString(c.t[1]->storage_shape).c_str());
}

/// CheckShape's OP_CHECK_MIN_DIM: self of at least 2 dims.
inline int CheckCholeskyMinDims(const OpCall& c, bool /*upper*/) {
    if (c.t[0]->view_shape.size() >= 2) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 2 dimensions.");
}

/// After the empty return: square matrices of at most 8192 rows.
inline int CheckCholeskySquare(const OpCall& c, bool /*upper*/) {
    const std::vector<int64_t>& s = c.t[0]->view_shape;
    const int64_t last = s[s.size() - 1];
    const int64_t second = s[s.size() - 2];
    if (last != second) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "self must be batches of square matrices, but they are [%ld] by [%ld] matrices",
                    static_cast<long>(second), static_cast<long>(last));
    }
    if (last > 8192) return Fail(ACLNN_ERR_PARAM_INVALID, "The last dim must be less than or equal to 8192.");
    return 0;
}

// ---- aclnnCumsum / aclnnCumsumV2 (math/cumsum/op_api/aclnn_cumsum.cpp); c.t = {self, out}

/// CheckDtypeValid: OP_CHECK_DTYPE_NOT_MATCH(out, dtype), after out's list.
inline int CheckCumsumOutDtype(const OpCall& c, int64_t /*dim*/, aclDataType dtype) {
    if (c.t[1]->dtype == dtype) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is %s but found %s.", DtypeName(dtype),
                DtypeName(c.t[1]->dtype));
}
namespace mlinalg {
/// aclnn_cumsum.cpp CheckDim: dim in [-n, n - 1], a 0-d self counting as 1-d.
inline int CumsumDim(const aclTensor* self, int64_t dim) {
    int64_t n = Rank(self);
    if (n == 0) n = 1;
    if (dim >= n || dim < -n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "expected dim to be in range of [%ld, %ld], but got %ld.",
                    static_cast<long>(-n), static_cast<long>(n - 1), static_cast<long>(dim));
    }
    return 0;
}
}  // namespace mlinalg
inline int CheckCumsumDim(const OpCall& c, int64_t dim, aclDataType /*dtype*/) {
    return mlinalg::CumsumDim(c.t[0], dim);
}
inline int CheckCumsumV2Dim(const OpCall& c, int64_t dim, bool /*exclusive*/, bool /*reverse*/) {
    return mlinalg::CumsumDim(c.t[0], dim);
}

// ---- aclnnLogdet / aclnnSlogdet (math/logdet, math/slogdet op_host/op_api); c.t = {self, out} / {self, signOut, logOut}

namespace mlinalg {
inline bool IsComplexDtype(aclDataType d) { return d == ACL_COMPLEX64 || d == ACL_COMPLEX128 || d == ACL_COMPLEX32; }
/// CheckShape: self at least 2-d (OP_CHECK_MIN_DIM), square matrices, `out` of the batch shape.
inline int DetShapes(const aclTensor* self, const aclTensor* const* outs, const char* const* names, int n) {
    const std::vector<int64_t>& s = self->view_shape;
    if (s.size() < 2) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 2 dimensions.");
    const int64_t m = s[s.size() - 2], k = s[s.size() - 1];
    if (m != k) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The last two dimensions of self must be equal, but they are %ld by %ld matrices.",
                    static_cast<long>(m), static_cast<long>(k));
    }
    const std::vector<int64_t> batch(s.begin(), s.end() - 2);
    for (int i = 0; i < n; ++i) {
        if (outs[i]->view_shape != batch) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "expect shape of %s is %s, but got %s.", names[i],
                        ShapeString(batch).c_str(), ShapeString(outs[i]->view_shape).c_str());
        }
    }
    return 0;
}
}  // namespace mlinalg

/// aclnn_logdet.cpp CheckDtypeValid's last step (a complex self, a real out; CANN's message names signOut), then
/// CheckShape.
inline int CheckLogdetParams(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (mlinalg::IsComplexDtype(self->dtype) && !mlinalg::IsComplexDtype(out->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The self's dtype is %s, out's dtype should also be complex type but got signOut with dtype %s.",
                    DtypeName(self->dtype), DtypeName(out->dtype));
    }
    static const char* const kNames[] = {"out"};
    return mlinalg::DetShapes(self, &c.t[1], kNames, 1);
}
/// aclnn_slogdet.cpp: the same for signOut, then logOut (CANN's logOut message also says "got signOut").
inline int CheckSlogdetParams(const OpCall& c) {
    const aclTensor* self = c.t[0];
    if (mlinalg::IsComplexDtype(self->dtype)) {
        if (!mlinalg::IsComplexDtype(c.t[1]->dtype)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "The self's dtype is %s, signOut's dtype should also be complex type but got signOut with "
                        "dtype %s.",
                        DtypeName(self->dtype), DtypeName(c.t[1]->dtype));
        }
        if (!mlinalg::IsComplexDtype(c.t[2]->dtype)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "The self's dtype is %s, logOut's dtype should also be complex type but got signOut with "
                        "dtype %s.",
                        DtypeName(self->dtype), DtypeName(c.t[2]->dtype));
        }
    }
    static const char* const kNames[] = {"signOut", "logOut"};
    return mlinalg::DetShapes(self, &c.t[1], kNames, 2);
}
/// Beyond CANN: signOut and logOut inside their storage, without self-overlap, apart.
inline int CheckSlogdetViews(const OpCall& c) { return mlinalg::OutputViews(c, 1, 2); }

// ---- aclnnQr / aclnnLinalgQr (math/qr/op_api/aclnn_qr.cpp, aclnn_linalg_qr.cpp); c.t = {self, Q, R}

namespace mlinalg {
/// CheckShape: self of 2 to 8 dims; Q's and R's shapes for mode 0 (reduced), 1 (complete) or 2 (r: Q [0]).
inline int QrShapes(const OpCall& c, int64_t mode) {
    const std::vector<int64_t>& s = c.t[0]->view_shape;
    if (s.size() < 2) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 2 dimensions.");
    if (s.size() > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    const size_t n = s.size();
    const int64_t m = s[n - 2], k = std::min(s[n - 2], s[n - 1]);
    std::vector<int64_t> q = s, r = s;
    if (mode == 2) {
        q = {0};
        r[n - 2] = k;
    } else if (mode == 1) {
        q[n - 1] = m;
    } else {
        q[n - 1] = k;
        r[n - 2] = k;
    }
    if (c.t[1]->view_shape != q) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The output Q should have the following shape %s, but got %s instead.",
                    ShapeString(q).c_str(), ShapeString(c.t[1]->view_shape).c_str());
    }
    if (c.t[2]->view_shape != r) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The output R should have the following shape %s, but got %s instead.",
                    ShapeString(r).c_str(), ShapeString(c.t[2]->view_shape).c_str());
    }
    return 0;
}
}  // namespace mlinalg

inline int CheckQrShapes(const OpCall& c, bool some) { return mlinalg::QrShapes(c, some ? 0 : 1); }
inline int CheckQrViews(const OpCall& c, bool /*some*/) { return mlinalg::OutputViews(c, 1, 2); }
inline int CheckLinalgQrShapes(const OpCall& c, int64_t mode) { return mlinalg::QrShapes(c, mode); }
inline int CheckLinalgQrViews(const OpCall& c, int64_t /*mode*/) { return mlinalg::OutputViews(c, 1, 2); }

// ---- aclnnPdist / aclnnPdistForward (math/pdist/op_api/aclnn_pdist.cpp, aclnn_pdist_forward.cpp); c.t = {self, out}

namespace mlinalg {
/// OP_CHECK_WRONG_DIMENSION(self, 2), (out, 1), then out's shape [N * (N - 1) / 2].
inline int PdistShapes(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (self->view_shape.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 2 dimension input, but got self with sizes %s.",
                    ShapeString(self->view_shape).c_str());
    }
    if (out->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 1 dimension input, but got out with sizes %s.",
                    ShapeString(out->view_shape).c_str());
    }
    const int64_t n = self->view_shape[0];
    const std::vector<int64_t> want = {n * (n - 1) / 2};
    if (out->view_shape != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(want).c_str(), ShapeString(out->view_shape).c_str());
    }
    return 0;
}
}  // namespace mlinalg

inline int CheckPdistShapes(const OpCall& c, float /*p*/) { return mlinalg::PdistShapes(c); }
/// aclnn_pdist_forward.cpp after the lists: OP_CHECK_DTYPE_NOT_MATCH(self, out's dtype); CheckShape; CheckPValid
/// (ToFloat below 0 - a NaN passes).
inline int CheckPdistForwardParams(const OpCall& c, const aclScalar* pScalar) {
    if (c.t[0]->dtype != c.t[1]->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor self expected dtype is %s but found %s.", DtypeName(c.t[1]->dtype),
                    DtypeName(c.t[0]->dtype));
    }
    if (int r = mlinalg::PdistShapes(c)) return r;
    float p = 0.0f;
    ScalarToFloat(*pScalar, &p);
    if (p < 0) return Fail(ACLNN_ERR_PARAM_INVALID, "pScalar only supports non-negative p values.");
    return 0;
}

// ---- aclnnAddr / aclnnInplaceAddr (math/addr/op_api/aclnn_addr.cpp); c.t = {self, vec1, vec2, out}
// (in place: self and out the same tensor)

namespace mlinalg {
inline bool IsIntegralOrBool(aclDataType d) {
    return d == ACL_INT8 || d == ACL_INT16 || d == ACL_INT32 || d == ACL_INT64 || d == ACL_UINT8 || d == ACL_BOOL;
}
}  // namespace mlinalg

/// CheckBetaAndAlphaDtyeValid: a BOOL beta, then alpha, only for a BOOL promoted dtype; with self, vec1, vec2 all
/// integral (BOOL counted), beta's and alpha's dtypes integral.
// beta / alpha NULL: CANN's default 1 (checked only when given)
inline int CheckAddrScalars(const OpCall& c, const aclScalar* beta, const aclScalar* alpha) {
    const aclDataType high = PromoteTypes(c.t[0]->dtype, PromoteTypes(c.t[2]->dtype, c.t[1]->dtype));
    if (high != ACL_BOOL && beta != nullptr && beta->dtype == ACL_BOOL) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Boolean beta only supported for Boolean results.");
    }
    if (high != ACL_BOOL && alpha != nullptr && alpha->dtype == ACL_BOOL) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Boolean alpha only supported for Boolean results.");
    }
    const bool all_int = mlinalg::IsIntegralOrBool(c.t[0]->dtype) && mlinalg::IsIntegralOrBool(c.t[1]->dtype) &&
                         mlinalg::IsIntegralOrBool(c.t[2]->dtype);
    if (all_int && beta != nullptr && !mlinalg::IsIntegralOrBool(beta->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "For integral input tensors, argument beta must not be a floating point number");
    }
    if (all_int && alpha != nullptr && !mlinalg::IsIntegralOrBool(alpha->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "For integral input tensors, argument alpha must not be a floating point number");
    }
    return 0;
}
/// CheckShape: vec1, vec2 1-d (OP_CHECK_WRONG_DIMENSION); self at most 2-d, exactly 2-d when it is out (the in-place
/// form); self (unless in place) broadcast with [n, m], the result [n, m].
inline int CheckAddrShapes(const OpCall& c, const aclScalar*, const aclScalar*) {
    const aclTensor* self = c.t[0];
    const aclTensor* v1 = c.t[1];
    const aclTensor* v2 = c.t[2];
    const bool inplace = c.t[3] == self;
    if (v1->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 1 dimension input, but got vec1 with sizes %s.",
                    ShapeString(v1->view_shape).c_str());
    }
    if (v2->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 1 dimension input, but got vec2 with sizes %s.",
                    ShapeString(v2->view_shape).c_str());
    }
    if (self->view_shape.size() > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 2 dimensions.");
    }
    if (inplace && self->view_shape.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 2 dimension input, but got self with sizes %s.",
                    ShapeString(self->view_shape).c_str());
    }
    const std::vector<int64_t> outer = {v1->view_shape[0], v2->view_shape[0]};
    std::vector<int64_t> b = self->view_shape;
    if (!inplace) {
        engine::BroadcastShape bs;
        if (!engine::Broadcast(self->view_shape.data(), self->view_shape.size(), outer.data(), outer.size(), &bs)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "the size of tensor self %s must match the size of tensor outer %s.",
                        ShapeString(self->view_shape).c_str(), ShapeString(outer).c_str());
        }
        b.assign(bs.d, bs.d + bs.n);
    }
    if (b != outer) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "size mismatch, input: %s, v1: %s, v2: %s", ShapeString(b).c_str(),
                    ShapeString(v1->view_shape).c_str(), ShapeString(v2->view_shape).c_str());
    }
    return 0;
}
/// addrOutHandle: OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(out, [n, m]).
inline int CheckAddrOutShape(const OpCall& c, const aclScalar*, const aclScalar*) {
    const std::vector<int64_t> outer = {c.t[1]->view_shape[0], c.t[2]->view_shape[0]};
    if (c.t[3]->view_shape == outer) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                ShapeString(outer).c_str(), ShapeString(c.t[3]->view_shape).c_str());
}

// ---- aclnnTriangularSolve (math/triangular_solve/op_host/op_api/aclnn_triangular_solve.cpp);
// c.t = {self, A, xOut, mOut (may be NULL)}

/// CheckDtypeValid, then CheckShape (OP_CHECK_MIN_DIM / OP_CHECK_MAX_DIM, A square, the rows, the broadcast,
/// OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE for xOut and mOut).
inline int CheckTriangularSolveParams(const OpCall& c, bool, bool, bool) {
    static const aclDataType kList[] = {ACL_FLOAT, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
    const aclTensor* b = c.t[0];
    const aclTensor* a = c.t[1];
    const aclTensor* x = c.t[2];
    const aclTensor* m = c.t[3];
    const aclTensor* listed[] = {b, a, x};
    const char* names[] = {"self", "A", "xOut"};
    for (int i = 0; i < 3; ++i) {
        if (!MbIn(listed[i]->dtype, MbL(kList))) return MbNotSupported(names[i], listed[i]->dtype, MbL(kList));
    }
    auto not_same = [](const char* n, const aclTensor* t, const aclTensor* self) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found self %s and %s %s.",
                    DtypeName(self->dtype), n, DtypeName(t->dtype));
    };
    if (a->dtype != b->dtype) return not_same("A", a, b);
    if (x->dtype != b->dtype) return not_same("xOut", x, b);
    if (m != nullptr) {
        if (!MbIn(m->dtype, MbL(kList))) return MbNotSupported("mOut", m->dtype, MbL(kList));
        if (m->dtype != b->dtype) return not_same("mOut", m, b);
    }
    for (int i = 0; i < 3; ++i) {
        if (listed[i]->view_shape.size() < 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor must have at least 2 dimensions.", names[i]);
        }
    }
    for (int i = 0; i < 3; ++i) {
        if (listed[i]->view_shape.size() > 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than 8 dimensions.", names[i]);
        }
    }
    const std::vector<int64_t>& as = a->view_shape;
    const std::vector<int64_t>& bs = b->view_shape;
    const int64_t ah = as[as.size() - 2], aw = as[as.size() - 1];
    const int64_t bh = bs[bs.size() - 2], bw = bs[bs.size() - 1];
    if (ah != aw) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "A must be batchs of square matrices, but they are %ld by %ld matrices.",
                    static_cast<long>(ah), static_cast<long>(aw));
    }
    if (bh != ah) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Incompatible matrix sizes for triangular_solve: each A matrix is %ld by %ld but each b matrix is "
                    "%ld by %ld.",
                    static_cast<long>(ah), static_cast<long>(aw), static_cast<long>(bh), static_cast<long>(bw));
    }
    std::vector<int64_t> tmp = bs;
    tmp.back() = bh;
    engine::BroadcastShape bc;
    if (!engine::Broadcast(as.data(), as.size(), tmp.data(), tmp.size(), &bc)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Broadcast fail, the size of tensor a must match the size of tensor b at non-singleton diemnsion.");
    }
    const std::vector<int64_t> mshape(bc.d, bc.d + bc.n);
    std::vector<int64_t> xshape = mshape;
    xshape.back() = bw;
    if (x->view_shape != xshape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for xOut to have same size as %s, but got %s.",
                    ShapeString(xshape).c_str(), ShapeString(x->view_shape).c_str());
    }
    if (m != nullptr) {
        if (m->view_shape.size() < 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The mOut tensor must have at least 2 dimensions.");
        }
        if (m->view_shape.size() > 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The mOut tensor cannot be larger than 8 dimensions.");
        }
        if (m->view_shape != mshape) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for mOut to have same size as %s, but got %s.",
                        ShapeString(mshape).c_str(), ShapeString(m->view_shape).c_str());
        }
    }
    return 0;
}
/// CalcuUnitriangular: unitriangular only for FLOAT (after the empty return).
inline int CheckTriangularSolveUnit(const OpCall& c, bool, bool, bool unitriangular) {
    if (unitriangular && c.t[1]->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "unitriangular mode only support float.");
    }
    return 0;
}
/// Beyond CANN: xOut (and mOut) inside their storage, without self-overlap, apart.
inline int CheckTriangularSolveViews(const OpCall& c, bool, bool, bool) {
    return mlinalg::OutputViews(c, 2, c.t[3] != nullptr ? 2 : 1);
}

// ---- aclnnSvd (math/svd/op_host/op_api/aclnn_svd.cpp); c.t = {input, sigma, u, v}

/// CheckDtypeValid (the list for input, sigma, u, v; OP_CHECK_DTYPE_NOT_SAME with input), then CheckShape.
inline int CheckSvdParams(const OpCall& c, bool fullMatrices, bool computeUV) {
    static const aclDataType kList[] = {ACL_DOUBLE, ACL_FLOAT, ACL_COMPLEX64, ACL_COMPLEX128};
    const char* names[] = {"input", "sigma", "u", "v"};
    for (int i = 0; i < 4; ++i) {
        if (!MbIn(c.t[i]->dtype, MbL(kList))) return MbNotSupported(names[i], c.t[i]->dtype, MbL(kList));
    }
    for (int i = 1; i < 4; ++i) {
        if (c.t[i]->dtype != c.t[0]->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found input %s and %s %s.",
                        DtypeName(c.t[0]->dtype), names[i], DtypeName(c.t[i]->dtype));
        }
    }
    const std::vector<int64_t>& s = c.t[0]->view_shape;
    if (s.size() < 2) return Fail(ACLNN_ERR_PARAM_INVALID, "Input dim num should be greater than or equal to 2.");
    if (s.size() > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "Input dim num should be less than or equal to 8.");
    const int64_t m = s[s.size() - 2], n = s[s.size() - 1], k = std::min(m, n);
    std::vector<int64_t> batch(s.begin(), s.end() - 2);
    std::vector<int64_t> sig = batch, us = batch, vs = batch;
    sig.push_back(k);
    us.push_back(m);
    us.push_back(fullMatrices ? m : k);
    vs.push_back(n);
    vs.push_back(fullMatrices ? n : k);
    if (c.t[1]->view_shape != sig) return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of output tensor sigma is invalid.");
    if (computeUV) {
        if (c.t[2]->view_shape != us) return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of output tensor u is invalid.");
        if (c.t[3]->view_shape != vs) return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of output tensor v is invalid.");
    }
    return 0;
}
/// Beyond CANN: sigma (and, with computeUV, u and v) inside their storage, without self-overlap, apart.
inline int CheckSvdViews(const OpCall& c, bool, bool computeUV) { return mlinalg::OutputViews(c, 1, computeUV ? 3 : 1); }

// ---- aclnnCdistBackward (math/cdist_grad/op_api/aclnn_cdist_backward.cpp); c.t = {grad, x1, x2, cdist, out}

/// CheckDtypeValid's common dtype, CheckDims (grad of 2 to 7 dims; every rank grad's), CheckShape (x1 [..., P, 1, M]
/// and x2 [..., 1, R, M] broadcasting; cdist's dims the broadcast's first ones; cdist of grad's shape; out of x1's),
/// then p negative other than -1 (the infinity norm) -> 161002.
inline int CheckCdistBackwardShape(const OpCall& c, float p) {
    const aclTensor* grad = c.t[0];
    for (int i = 1; i < 5; ++i) {
        if (c.t[i]->dtype != grad->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "All tensors are expected to share the same datatype.");
        }
    }
    const size_t n = grad->view_shape.size();
    if (n > 7) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The grad tensor cannot be larger than 7 dimensions, but got %zu.", n);
    }
    if (n < 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The grad tensor must have at least 2 dimensions, but got %zu.", n);
    }
    for (int i = 1; i < 5; ++i) {
        if (c.t[i]->view_shape.size() != n) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "All tensors are expected to share the same dim num.");
        }
    }
    std::vector<int64_t> a = c.t[1]->view_shape, b = c.t[2]->view_shape;
    const int64_t m1 = a.back(), m2 = b.back();
    a.back() = 1;
    a.push_back(m1);
    b.back() = b[n - 2];
    b[n - 2] = 1;
    b.push_back(m2);
    std::vector<int64_t> bc;
    for (size_t i = 0; i <= n; ++i) {
        if (a[i] != b[i] && a[i] != 1 && b[i] != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Broadcast %s and %s failed.", ShapeString(c.t[2]->view_shape).c_str(),
                        ShapeString(c.t[1]->view_shape).c_str());
        }
        bc.push_back(a[i] == 1 ? b[i] : a[i]);
    }
    const std::vector<int64_t>& cd = c.t[3]->view_shape;
    for (size_t i = 0; i < n; ++i) {
        if (cd[i] != bc[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "cdist[%zu] : %ld should be equal to %ld .", i, static_cast<long>(cd[i]),
                        static_cast<long>(bc[i]));
        }
    }
    if (cd != grad->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for cdist to have same size as tensor for grad, but %s does "
                    "not equal %s.", ShapeString(cd).c_str(), ShapeString(grad->view_shape).c_str());
    }
    if (c.t[4]->view_shape != c.t[1]->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as tensor for x1, but %s does "
                    "not equal %s.", ShapeString(c.t[4]->view_shape).c_str(), ShapeString(c.t[1]->view_shape).c_str());
    }
    if (p != -1.0f && p < 0.0f) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnCdistBackward only supports non-negative p values.");
    }
    return 0;
}

// ---- aclnnSinkhorn (math/sinkhorn/op_api/aclnn_sinkhorn.cpp); c.t = {cost, p}

/// CheckShape: cost 2-D, p of cost's shape, at most 4096 columns.
inline int CheckSinkhornShape(const OpCall& c, const aclScalar*) {
    const std::vector<int64_t>& s = c.t[0]->view_shape;
    if (s.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected cost to be 2-dimensional, but got %zu dimensions.", s.size());
    }
    if (c.t[1]->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for p to have same size as tensor for cost, but %s does not "
                    "equal %s.", ShapeString(c.t[1]->view_shape).c_str(), ShapeString(s).c_str());
    }
    if (s[1] > 4096) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "the column number of cost is %d, it cannot be larger than %d.",
                    static_cast<int>(s[1]), 4096);
    }
    return 0;
}


/// aclnnLogSpace's CheckStepsValid (steps >= 0); beyond CANN, result of steps elements (CANN's ViewCopy of the
/// steps values needs it).
inline int CheckLogSpaceSteps(const OpCall& c, const aclScalar*, const aclScalar*, int64_t steps, double) {
    if (steps < 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "LogSpace requires non-negative steps, given steps is %ld",
                    static_cast<long>(steps));
    }
    if (c.t[0]->numel != steps) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected result to hold steps (%ld) elements, but it holds %ld.",
                    static_cast<long>(steps), static_cast<long>(c.t[0]->numel));
    }
    return 0;
}

// ---- aclnnCumprod (math/cumprod/op_api/aclnn_cumprod.cpp); c.t = {input, out}

/// The integer value of an INT32 / INT64 aclScalar (the dim list's dtypes; ToInt32 of CANN's check).
inline int64_t CumprodDimValue(const aclScalar* dim) {
    if (dim->dtype == ACL_INT32) {
        int32_t v;
        std::memcpy(&v, dim->bits, sizeof(v));
        return v;
    }
    int64_t v;
    std::memcpy(&v, dim->bits, sizeof(v));
    return static_cast<int32_t>(v);
}

/// CheckShape: a 0-d input takes dim -1 or 0, an n-d one [-n, n - 1]; out of input's shape.
inline int CheckCumprodShape(const OpCall& c, const aclScalar* dimS, aclDataType) {
    const int64_t n = static_cast<int64_t>(c.t[0]->view_shape.size());
    const int64_t dim = CumprodDimValue(dimS);
    if (n == 0 && dim != 0 && dim != -1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Dimension out of range (expected to be in range of [-1, 0], but got %ld)",
                    static_cast<long>(dim));
    }
    if (n > 0 && (dim > n - 1 || dim < -n)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "input dim(%ld) out of range(%ld,%ld)", static_cast<long>(dim),
                    static_cast<long>(-n), static_cast<long>(n - 1));
    }
    if (c.t[1]->view_shape != c.t[0]->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as tensor for input, but %s does "
                    "not equal %s.", ShapeString(c.t[1]->view_shape).c_str(), ShapeString(c.t[0]->view_shape).c_str());
    }
    return 0;
}

/// OP_CHECK_DTYPE_NOT_MATCH(out, dtype): dtype undefined takes out's. CANN's op_api returns 0 from there without an
/// executor (its `return false`); refused here (161002), beyond CANN.
inline int CheckCumprodOutDtype(const OpCall& c, const aclScalar*, aclDataType dtype) {
    if (dtype == ACL_DT_UNDEFINED || dtype == c.t[1]->dtype) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out's dtype %s to be dtype %s.", DtypeName(c.t[1]->dtype),
                DtypeName(dtype));
}

}  // namespace aclcpu
