// The custom first-phase checks of the reference-tier conversion entries (ops/families/conversion.yaml `custom`
// checks the table's vocabulary cannot express; docs/ops/conversion.md). Included through op/family_hooks.inc at
// the end of src/op/reference_checks.h, so every generated reference-tier translation unit sees them (and the
// helpers defined there before it: FormatName, Fail, ShapeString). Each hook is
// int <hook>(const OpCall& c, <the entry's non-tensor parameters>): 0, or 161002 with CANN's message.
// Facts (hicann/ops-math): conversion/transpose/op_api/aclnn_permute.cpp (CheckShapeValid, CheckDimsRange and the
// CheckShapeAndScalarSame after the graph), conversion/flatten/op_host/op_api/aclnn_flatten.cpp (CheckShape),
// conversion/roll/op_api/aclnn_roll.cpp (CheckArraySize, HandleDimZeroTensor, CheckDimsRange),
// conversion/tril/op_api/aclnn_tril.cpp (CheckFormat, CheckShape), conversion/triu/op_api/aclnn_triu.cpp
// (CheckFormat); the shape messages restate opbase's op_error_check.h macros.
#pragma once

#include <algorithm>
#include <climits>
#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "op/op_call.h"
#include "tensor/arguments.h"
#include "tensor/tensor.h"
#include "common/strided_slice_plan.h"

namespace aclcpu {

// ---- aclnnPermute; c.t = {self, out}

/// aclnn_permute.cpp CheckShapeValid, then CheckDimsRange, then (after its graph) CheckShapeAndScalarSame: out's
/// rank not self's; dims' length not self's rank; a value repeated in dims as given; more than 8 dims; a value
/// outside [-n, n-1]; two values naming the same dim once wrapped; out's shape not self's permuted (two shapes of
/// one element each pass).
inline int CheckPermuteShape(const OpCall& c, const aclIntArray* dims) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const size_t n = self->view_shape.size();
    if (n != out->view_shape.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Permute does not support self shape: %s, output shape: %s",
                    ShapeString(self->view_shape).c_str(), ShapeString(out->view_shape).c_str());
    }
    const std::vector<int64_t>& d = dims->values;
    if (d.size() != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The dimension of the dims:%ld and the dimension of the input shape:%ld are inconsistent",
                    static_cast<long>(d.size()), static_cast<long>(n));
    }
    for (size_t i = 0; i < d.size(); ++i) {
        for (size_t j = 0; j < i; ++j) {
            if (d[i] == d[j]) return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid dims and it contains duplicate elements");
        }
    }
    if (n > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    const int64_t rank = static_cast<int64_t>(n);
    const int64_t hi = std::max(-rank, rank - 1), lo = std::min(-rank, rank - 1);
    std::vector<bool> seen(n, false);
    std::vector<int64_t> expect(n);
    for (size_t i = 0; i < d.size(); ++i) {
        if (d[i] > hi || d[i] < lo) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The values of dims should be in range [%ld, %ld].",
                        static_cast<long>(lo), static_cast<long>(hi));
        }
        const int64_t w = d[i] < 0 ? d[i] + rank : d[i];
        if (seen[static_cast<size_t>(w)]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Each dimension in perm should not be repeated.");
        }
        seen[static_cast<size_t>(w)] = true;
        expect[i] = self->view_shape[static_cast<size_t>(w)];
    }
    if (expect != out->view_shape && !(self->numel == 1 && out->numel == 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The tensor's shape[%s] is not equal with shape[%s].",
                    ShapeString(expect).c_str(), ShapeString(out->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnFlatten; c.t = {self, out}

/// aclnn_flatten.cpp CheckShape after OP_CHECK_MAX_DIM: axis wrapped over max(rank, 1); rank 0 or 1 with a wrapped
/// axis above 0, or a wrapped axis outside [0, rank) -> its out-of-range messages; a product beyond int64; out's
/// shape not [prod(dims before axis), prod(dims from axis)].
inline int CheckFlattenShape(const OpCall& c, int64_t axis) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const size_t n = self->view_shape.size();
    const int64_t wrap = axis < 0 ? axis + std::max<int64_t>(static_cast<int64_t>(n), 1) : axis;
    if (n <= 1 && wrap > 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Dimension out of range (expected to be in range of [-1, 0], but got %ld)",
                    static_cast<long>(wrap));
    }
    if (wrap < 0 || (n > 1 && static_cast<int64_t>(n) <= wrap)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Dimension out of range (expected to be in range of [-%zu, %zu], but got %ld)",
                    n, n - 1, static_cast<long>(axis));
    }
    int64_t d0 = 1, d1 = 1;
    for (size_t i = 0; i < n; ++i) {
        const int64_t v = self->view_shape[i];
        int64_t& acc = static_cast<int64_t>(i) < wrap ? d0 : d1;
        if (v > 0 && acc > INT64_MAX / v) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The output shape exceeds the int64_t data range");
        }
        acc *= v;
    }
    const std::vector<int64_t> expect = {d0, d1};
    if (out->view_shape != expect) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(expect).c_str(), ShapeString(out->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnRoll; c.t = {x, out}

/// aclnn_roll.cpp CheckArraySize (in CheckParams, before the rank check): shifts' length not dims' where dims is
/// not empty; more than one shift with empty dims.
inline int CheckRollArraySize(const OpCall&, const aclIntArray* shifts, const aclIntArray* dims) {
    if (shifts->values.size() != dims->values.size() && !dims->values.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The size of shifts and dims should be the same when the size of dims is not 0.");
    }
    if (dims->values.empty() && shifts->values.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of shifts must be 1 if the size of dims is 0.");
    }
    return 0;
}

/// After the empty-tensor return: a 0-d x with dims or with other than one shift (HandleDimZeroTensor, which
/// returns there); else CheckDimsRange - a dim outside [-n, n-1].
inline int CheckRollDims(const OpCall& c, const aclIntArray* shifts, const aclIntArray* dims) {
    const int64_t n = static_cast<int64_t>(c.t[0]->view_shape.size());
    if (n == 0) {
        if (!dims->values.empty() || shifts->values.size() != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "When tensor x has no dimensions, shifts should be size 1, dims should be size 0.");
        }
        return 0;
    }
    const int64_t hi = std::max(-n, n - 1), lo = std::min(-n, n - 1);
    for (int64_t d : dims->values) {
        if (d > hi || d < lo) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The values of dims should be in range [%ld, %ld].",
                        static_cast<long>(lo), static_cast<long>(hi));
        }
    }
    return 0;
}

// ---- aclnnTril, aclnnInplaceTril, aclnnTriu, aclnnInplaceTriu; c.t = {self, out}

/// aclnn_tril.cpp / aclnn_triu.cpp CheckFormat: self's storage format not out's.
inline int CheckTrilFormat(const OpCall& c, int64_t) {
    if (c.t[0]->format == c.t[1]->format) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "self format is different with out format, self [%s], out [%s].",
                FormatName(c.t[0]->format), FormatName(c.t[1]->format));
}

/// aclnn_tril.cpp CheckShape's first check: self of fewer than 2 dims (empty or not).
inline int CheckTrilRank(const OpCall& c, int64_t) {
    if (c.t[0]->view_shape.size() > 1) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Dim of self should be last 2 dims.");
}

/// aclnn_triu.cpp CheckFormat: self in one of opbase's private formats, then self's format not out's.
inline int CheckTriuFormat(const OpCall& c, int64_t diagonal) {
    if (IsPrivateFormatCode(c.t[0]->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND, NCHW, NHWC, HWCN, NDHWC, NCDHW, self [%s]",
                    FormatName(c.t[0]->format));
    }
    return CheckTrilFormat(c, diagonal);
}

/// aclnn_triu.cpp CheckShape after OP_CHECK_MAX_DIM: a non-empty self of fewer than 2 dims (OP_CHECK_MIN_DIM).
inline int CheckTriuRank(const OpCall& c, int64_t) {
    if (c.t[0]->numel == 0 || c.t[0]->view_shape.size() >= 2) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 2 dimensions.");
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnExpand; c.t = {self, out} (ops-math math/expand/op_api/aclnn_expand.cpp CheckShape)

/// self's and out's shapes both size -> fine; fewer entries in size than self's rank; a self dim neither 1 nor
/// size's aligned entry (a -1 in size included, as the op_api compares it so); out's shape not the expected one
/// (size, where a -1 - matched against a self dim of 1 - is kept as -1, so no out matches it).
inline int CheckExpandShape(const OpCall& c, const aclIntArray* size) {
    const std::vector<int64_t>& self = c.t[0]->view_shape;
    const std::vector<int64_t>& out = c.t[1]->view_shape;
    const std::vector<int64_t>& s = size->values;
    if (self == s && out == s) return 0;
    if (s.size() < self.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "the number of size %zu must be greater than or equal to the number of dimensions in the self %zu.",
                    s.size(), self.size());
    }
    const size_t offset = s.size() - self.size();
    for (size_t i = 0; i < self.size(); ++i) {
        if (self[i] != s[offset + i] && self[i] != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "the self shape [%s] does not match size [%s].",
                        ShapeString(self).c_str(), ShapeString(s).c_str());
        }
    }
    if (out != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "expect out shape to be same as expectShape, but got out shape [%s], expect shape [%s]",
                    ShapeString(out).c_str(), ShapeString(s).c_str());
    }
    return 0;
}

// ---- aclnnRepeat; c.t = {self, out} (ops-math math/tile/op_api/aclnn_repeat.cpp)

/// CheckParams after the dtype checks: CheckRepeatsSize (fewer repeats than self's dims), CheckRepeatsValue (a
/// negative repeat), CheckTensorDimSize (self above 8 dims, more than 8 repeats).
inline int CheckRepeatParams(const OpCall& c, const aclIntArray* repeats) {
    const size_t n = c.t[0]->view_shape.size();
    const std::vector<int64_t>& r = repeats->values;
    if (n > r.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Number of dimensions of repeat dims can not be smaller than number of dimensions of input tensor, "
                    "self %lu, repeats %lu.",
                    static_cast<unsigned long>(n), static_cast<unsigned long>(r.size()));
    }
    for (size_t i = 0; i < r.size(); ++i) {
        if (r[i] < 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "repeats expected %luth value > 0, but got %ld",
                        static_cast<unsigned long>(i + 1), static_cast<long>(r[i]));
        }
    }
    if (n > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    if (r.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "repeats size should not be larger than 8. self %ld, repeats %ld",
                    static_cast<long>(n), static_cast<long>(r.size()));
    }
    return 0;
}

/// After the early success (self or out empty, a zero repeat: nothing written; no repeats: self copied as is):
/// the tiled shape - self's shape (a 0-d self as [1]) with leading 1s to the repeats' length, times the repeats -
/// not out's (OP_CHECK_SHAPE_NOT_EQUAL(repeatRes, out)).
inline int CheckRepeatOutShape(const OpCall& c, const aclIntArray* repeats) {
    const std::vector<int64_t>& r = repeats->values;
    if (c.t[0]->numel == 0 || c.t[1]->numel == 0 || r.empty() ||
        std::find(r.begin(), r.end(), int64_t{0}) != r.end()) {
        return 0;
    }
    std::vector<int64_t> self = c.t[0]->view_shape;
    if (self.empty()) self.push_back(1);
    std::vector<int64_t> expect(r.size(), 1);
    const size_t offset = r.size() - std::min(r.size(), self.size());
    for (size_t i = 0; i < r.size(); ++i) {
        expect[i] = (i >= offset ? self[i - offset] : 1) * r[i];
    }
    if (expect == c.t[1]->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for repeatRes to have same size as tensor for out, but %s does not equal %s.",
                ShapeString(expect).c_str(), ShapeString(c.t[1]->view_shape).c_str());
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnDiag; c.t = {self, out} (ops-math conversion/diag_v2/op_api/aclnn_diag.cpp)

/// CheckShape: OP_CHECK_MAX_DIM(self, 2).
inline int CheckDiagRank(const OpCall& c, int64_t) {
    if (c.t[0]->view_shape.size() <= 2) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 2 dimensions.");
}

/// Whether aclnnDiag returns before computing with nothing written: an empty self with diagonal 0, or a 2-D self
/// whose diagonal is exactly its column count (> 0) or minus its row count (< 0) (the op_api's CheckDiagonal).
inline bool DiagWritesNothing(const std::vector<int64_t>& s, int64_t numel, int64_t diagonal) {
    if (numel == 0 && diagonal == 0) return true;
    if (s.size() != 2) return false;
    return (diagonal > 0 && s[1] == diagonal) || (diagonal < 0 && s[0] == -diagonal);
}

/// After the early return: an empty self (diagonal not 0) fills out with 0, out's dtype in the fill's list
/// (EMPTY_INPUT_DTYPE_SUPPORT_LIST: no COMPLEX64); otherwise out's shape against DiagFlat's [n+|d|, n+|d|] (self of
/// fewer than 2 dims, n its element count) or DiagV2's [the diagonal's length] (CheckReduceOutShape: two shapes of
/// one element each pass).
inline int CheckDiagOut(const OpCall& c, int64_t diagonal) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (DiagWritesNothing(self->view_shape, self->numel, diagonal)) return 0;
    if (self->numel == 0) {
        if (out->dtype != ACL_COMPLEX64) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Tensor out not implemented for %s, should be in dtype support list DT_FLOAT16, DT_FLOAT, DT_INT64, "
                    "DT_INT32, DT_INT16, DT_INT8, DT_UINT8, DT_DOUBLE, DT_BOOL, DT_BF16.",
                    DtypeName(out->dtype));
    }
    const int64_t ad = diagonal < 0 ? -diagonal : diagonal;
    std::vector<int64_t> expect;
    if (self->view_shape.size() < 2) {
        expect = {self->numel + ad, self->numel + ad};
    } else {
        const int64_t r = self->view_shape[0], k = self->view_shape[1];
        const int64_t len = diagonal >= 0 ? std::min(r, k - diagonal) : std::min(r + diagonal, k);
        expect = {std::max<int64_t>(len, 0)};
    }
    int64_t expect_numel = 1;
    for (int64_t d : expect) expect_numel *= d;
    if (expect == out->view_shape || (expect_numel == 1 && out->numel == 1)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The out tensor's shape[%s] is not equal with inferOut shape[%s].",
                ShapeString(out->view_shape).c_str(), ShapeString(expect).c_str());
}

// ---- aclnnDiagFlat; c.t = {self, out} (ops-math conversion/diag_flat/op_api/aclnn_diag_flat.cpp)

/// CheckNotNull, whose failure the op_api returns as ACLNN_ERR_INNER_NULLPTR (561103), not 161001.
inline int CheckDiagFlatNull(const OpCall& c, int64_t) {
    for (int i = 0; i < 2; ++i) {
        if (c.t[i] == nullptr) {
            return Fail(ACLNN_ERR_INNER_NULLPTR, "Expected a proper Tensor but got null for argument %s.", c.names[i]);
        }
    }
    return 0;
}

/// Beyond CANN (which does not check it; its ViewCopy would then fail or write out of place): a non-empty self
/// and out's shape not [n+|d|, n+|d|], n self's element count.
inline int CheckDiagFlatOut(const OpCall& c, int64_t diagonal) {
    if (c.t[0]->numel == 0) return 0;
    const int64_t side = c.t[0]->numel + (diagonal < 0 ? -diagonal : diagonal);
    const std::vector<int64_t> expect = {side, side};
    if (c.t[1]->view_shape == expect) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                ShapeString(expect).c_str(), ShapeString(c.t[1]->view_shape).c_str());
}

// ---- aclnnEye; c.t = {out} (ops-math math/eye/op_api/aclnn_eye.cpp CheckShape)

/// out not 2-D; n or m negative; out's shape not [n, m].
inline int CheckEyeShape(const OpCall& c, int64_t n, int64_t m) {
    const std::vector<int64_t>& s = c.t[0]->view_shape;
    if (s.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out to be 2-D tensor, but the dimension of out is %zu.", s.size());
    }
    if (n < 0) return Fail(ACLNN_ERR_PARAM_INVALID, "n must be greater or equal to 0, got %ld", static_cast<long>(n));
    if (m < 0) return Fail(ACLNN_ERR_PARAM_INVALID, "m must be greater or equal to 0, got %ld", static_cast<long>(m));
    if (s[0] != n || s[1] != m) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out shape to be (%ld, %ld), but got %s.", static_cast<long>(n),
                    static_cast<long>(m), ShapeString(s).c_str());
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnConstantPadNd; c.t = {self, out} (ops-math conversion/pad_v3/op_api/aclnn_constant_pad_nd.cpp)

/// Checkformat: self's storage format not ND and not out's.
inline int CheckConstantPadFormat(const OpCall& c, const aclIntArray*, const aclScalar*) {
    const int32_t s = c.t[0]->format, o = c.t[1]->format;
    if (s == o || s == ACL_FORMAT_ND) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "If Input tensor's format not ND, Input tensor's format[%s] should be same with output's format[%s].",
                FormatName(s), FormatName(o));
}

/// CheckShape: more than 8 dims (self, out); ranks differ; an odd pad length; more pairs than dims; per dim from
/// the last (pad[2i], pad[2i+1] its begin and end): a negative size, out's size not the padded one; a zero-size
/// padded dim (among the padded ones) where some pad is positive.
inline int CheckConstantPadShape(const OpCall& c, const aclIntArray* pad, const aclScalar*) {
    const std::vector<int64_t>& self = c.t[0]->view_shape;
    const std::vector<int64_t>& out = c.t[1]->view_shape;
    const std::vector<int64_t>& p = pad->values;
    const size_t n = self.size();
    if (n > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    if (out.size() > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The out tensor cannot be larger than 8 dimensions.");
    if (n != out.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Dim of self[%zu] and out[%zu] can't be different.", n, out.size());
    }
    if (p.size() % 2 != 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Pad len must be divisible by 2");
    const size_t cover = p.size() / 2;
    if (cover > n) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnConstantPadNd pad len [%zu] to not be greater than twice of [%zu] but check failed.",
                    p.size(), n);
    }
    bool has_zero = false, positive = false;
    for (size_t i = 0; i < n; ++i) {
        const size_t d = n - i - 1;
        const int64_t cur = self[d];
        const int64_t begin = 2 * i >= p.size() ? 0 : p[2 * i];
        const int64_t end = 2 * i + 1 >= p.size() ? 0 : p[2 * i + 1];
        const int64_t size = cur + begin + end;
        const int64_t lo = std::min(std::min(begin, end), begin + end);
        if (cur + lo < 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "The input size %ld plus padding %ld and %ld resulted in a negative output size, which is "
                        "invalid. Check dimension %zu of your input.",
                        static_cast<long>(cur), static_cast<long>(begin), static_cast<long>(end), d);
        }
        if (begin > 0 || end > 0) positive = true;
        if (size != out[d]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "output shape at dim %zu check failed,The output shape you provided is %ld at dim %zu, and the "
                        "expected one is %ld at dim %zu based on the infershape.",
                        d, static_cast<long>(out[d]), d, static_cast<long>(size), d);
        }
        if (i < cover && size == 0) has_zero = true;
    }
    if (has_zero && positive) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The output size %s with zero element is invalid, please check your input.",
                    ShapeString(out).c_str());
    }
    return 0;
}

// ---- aclnnReflectionPad1d / 2d / 3d; c.t = {self, out} (ops-math conversion/mirror_pad/op_api/
// aclnn_reflection_pad{1,2,3}d.cpp: one pattern, D padded dims)

/// CheckFormat: the view formats differ (aclcpu keeps one format per tensor).
inline int CheckReflectionPadFormat(const OpCall& c, const aclIntArray*) {
    if (c.t[0]->format == c.t[1]->format) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal, self [%s], gradInoutput [%s].",
                FormatName(c.t[0]->format), FormatName(c.t[1]->format));
}

/// CheckShape for D padded dims: self of fewer than D+1 or more than D+2 dims; out's rank not self's; padding not
/// 2D long; a pad not below its dim's size; out's last D dims not the padded sizes.
inline int CheckReflectionPadShapeD(const OpCall& c, const aclIntArray* padding, size_t dims) {
    const std::vector<int64_t>& self = c.t[0]->view_shape;
    const std::vector<int64_t>& out = c.t[1]->view_shape;
    const std::vector<int64_t>& p = padding->values;
    const size_t n = self.size();
    if (n < dims + 1) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least %zu dimensions.", dims + 1);
    if (n > dims + 2) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than %zu dimensions.", dims + 2);
    if (n != out.size()) return Fail(ACLNN_ERR_PARAM_INVALID, "self, out dim should be same.");
    if (p.size() != 2 * dims) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "padding length should be %zu, but got %lu.", 2 * dims,
                    static_cast<unsigned long>(p.size()));
    }
    for (size_t k = 0; k < dims; ++k) {
        const int64_t size = self[n - 1 - k];
        if (!(p[2 * k] < size && p[2 * k + 1] < size)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "padding size should be less than the corresponding self dimention.");
        }
    }
    for (size_t k = 0; k < dims; ++k) {
        if (out[n - 1 - k] != self[n - 1 - k] + p[2 * k] + p[2 * k + 1]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "wrong out shape.");
        }
    }
    return 0;
}

/// After the checks: self or out empty -> success with nothing written, except a self of D+1 dims, or of D+2
/// dims with an empty non-batch dim (161002); otherwise the padded shape against out's (CheckShapeAndScalarSame
/// after the graph: its leading dims).
inline int CheckReflectionPadOutD(const OpCall& c, const aclIntArray* padding, size_t dims) {
    const std::vector<int64_t>& self = c.t[0]->view_shape;
    const size_t n = self.size();
    if (c.t[0]->numel == 0 || c.t[1]->numel == 0) {
        bool bad = n == dims + 1;
        for (size_t d = 1; d < n && n == dims + 2; ++d) bad = bad || self[d] == 0;
        if (!bad) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected %zuD or %zuD tensor with possibly 0 batch size and other non-zero dimentions for input.",
                    dims + 1, dims + 2);
    }
    std::vector<int64_t> expect = self;
    for (size_t k = 0; k < dims; ++k) expect[n - 1 - k] += padding->values[2 * k] + padding->values[2 * k + 1];
    if (expect == c.t[1]->view_shape || (c.t[1]->numel == 1 && c.t[0]->numel == 1)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The tensor's shape[%s] is not equal with shape[%s].",
                ShapeString(expect).c_str(), ShapeString(c.t[1]->view_shape).c_str());
}

inline int CheckReflectionPad1dShape(const OpCall& c, const aclIntArray* p) { return CheckReflectionPadShapeD(c, p, 1); }
inline int CheckReflectionPad2dShape(const OpCall& c, const aclIntArray* p) { return CheckReflectionPadShapeD(c, p, 2); }
inline int CheckReflectionPad3dShape(const OpCall& c, const aclIntArray* p) { return CheckReflectionPadShapeD(c, p, 3); }
inline int CheckReflectionPad1dOut(const OpCall& c, const aclIntArray* p) { return CheckReflectionPadOutD(c, p, 1); }
inline int CheckReflectionPad2dOut(const OpCall& c, const aclIntArray* p) { return CheckReflectionPadOutD(c, p, 2); }
inline int CheckReflectionPad3dOut(const OpCall& c, const aclIntArray* p) { return CheckReflectionPadOutD(c, p, 3); }

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnReplicationPad1d / 2d / 3d; c.t = {self, out} (ops-math conversion/pad_v3/op_api/
// aclnn_replication_pad{1,2,3}d.cpp with op_replication_pad.h: one pattern, D padded dims)

/// CheckShape for D padded dims: self of fewer than D+1 or more than D+2 dims; out's rank not self's; padding not
/// 2D long; out's shape not self's with its last D dims padded (OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE).
inline int CheckReplicationPadShapeD(const OpCall& c, const aclIntArray* padding, size_t dims) {
    const std::vector<int64_t>& self = c.t[0]->view_shape;
    const std::vector<int64_t>& out = c.t[1]->view_shape;
    const std::vector<int64_t>& p = padding->values;
    const size_t n = self.size();
    if (n < dims + 1) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least %zu dimensions.", dims + 1);
    if (n > dims + 2) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than %zu dimensions.", dims + 2);
    if (n != out.size()) return Fail(ACLNN_ERR_PARAM_INVALID, "self, out dim should be same.");
    if (p.size() != 2 * dims) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "padding length should be %zu, but got %lu.", 2 * dims,
                    static_cast<unsigned long>(p.size()));
    }
    std::vector<int64_t> expect = self;
    for (size_t k = 0; k < dims; ++k) expect[n - 1 - k] += p[2 * k] + p[2 * k + 1];
    if (expect == out) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                ShapeString(expect).c_str(), ShapeString(out).c_str());
}

/// After the checks: self or out empty -> success with nothing written, except a self of D+1 dims, or of D+2
/// dims with an empty non-batch dim (161002; "dimensions", where the reflection pads write "dimentions").
inline int CheckReplicationPadEmptyD(const OpCall& c, size_t dims) {
    if (c.t[0]->numel != 0 && c.t[1]->numel != 0) return 0;
    const std::vector<int64_t>& self = c.t[0]->view_shape;
    const size_t n = self.size();
    bool bad = n == dims + 1;
    for (size_t d = 1; d < n && n == dims + 2; ++d) bad = bad || self[d] == 0;
    if (!bad) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Expected %zuD or %zuD tensor with possibly 0 batch size and other non-zero dimensions for input.",
                dims + 1, dims + 2);
}

inline int CheckReplicationPad1dShape(const OpCall& c, const aclIntArray* p) { return CheckReplicationPadShapeD(c, p, 1); }
inline int CheckReplicationPad2dShape(const OpCall& c, const aclIntArray* p) { return CheckReplicationPadShapeD(c, p, 2); }
inline int CheckReplicationPad3dShape(const OpCall& c, const aclIntArray* p) { return CheckReplicationPadShapeD(c, p, 3); }
inline int CheckReplicationPad1dEmpty(const OpCall& c, const aclIntArray*) { return CheckReplicationPadEmptyD(c, 1); }
inline int CheckReplicationPad2dEmpty(const OpCall& c, const aclIntArray*) { return CheckReplicationPadEmptyD(c, 2); }
inline int CheckReplicationPad3dEmpty(const OpCall& c, const aclIntArray*) { return CheckReplicationPadEmptyD(c, 3); }

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnSlice; c.t = {self, out} (ops-math conversion/slice/op_api/aclnn_slice.cpp CheckShape)

/// self above 8 or below 1 dims; dim outside [-n, n-1]; step not positive; out's shape not self's with dim's size
/// ceil((end - start) / step) after the op_api's wrapping (negative start/end plus the dim's size) and clamping
/// (start to [0, size], end to [start, size]).
inline int CheckSliceShape(const OpCall& c, int64_t dim, int64_t start, int64_t end, int64_t step) {
    const std::vector<int64_t>& self = c.t[0]->view_shape;
    const int64_t n = static_cast<int64_t>(self.size());
    if (n > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnSlice self len %ld to not be greater than %ld but check failed.", static_cast<long>(n),
                    8L);
    }
    if (n <= 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected aclnnSlice self len %ld to not be less than one but check failed.",
                    static_cast<long>(n));
    }
    if (-n > dim || n - 1 < dim) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected aclnnSlice dim value %ld to be in range [%ld, %ld] but check failed.",
                    static_cast<long>(dim), static_cast<long>(-n), static_cast<long>(n - 1));
    }
    if (step <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnSlice step must be positive.");
    if (dim < 0) dim += n;
    const int64_t size = self[static_cast<size_t>(dim)];
    if (start < 0) start += size;
    if (end < 0) end += size;
    start = start < 0 ? 0 : (start >= size ? size : start);
    end = end < start ? start : (end >= size ? size : end);
    std::vector<int64_t> expect = self;
    expect[static_cast<size_t>(dim)] = (end - start + step - 1) / step;
    if (expect == c.t[1]->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out should be %s, but current is %s.", ShapeString(expect).c_str(),
                ShapeString(c.t[1]->view_shape).c_str());
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnChannelShuffle; c.t = {self, out} (ops-math conversion/transpose/op_api/aclnn_channel_shuffle.cpp)

/// CheckAttrValid: groups not positive; dim 1 (the channels) not divisible by groups (a self below 2 dims, whose
/// dim 1 the op_api would read out of range, is left to the rank check after it).
inline int CheckChannelShuffleGroups(const OpCall& c, int64_t groups) {
    if (groups <= 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Number of groups to divide channels in must be positive. Value of groups: %ld.",
                    static_cast<long>(groups));
    }
    if (c.t[0]->view_shape.size() < 2) return 0;
    const int64_t channels = c.t[0]->view_shape[1];
    if (channels % groups == 0) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Number of channels must be divisible by groups.Got %ld channels and %ld groups.",
                static_cast<long>(channels), static_cast<long>(groups));
}

/// CheckShape after the shape match: self above 7 or below 3 dims.
inline int CheckChannelShuffleRank(const OpCall& c, int64_t) {
    const size_t n = c.t[0]->view_shape.size();
    if (n > 7) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 7 dimensions.");
    if (n < 3) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 3 dimensions.");
    return 0;
}

}  // namespace aclcpu

#include "engine/elementwise.h"

namespace aclcpu {

// ---- aclnnInplaceMaskedFillScalar, aclnnInplaceMaskedFillTensor (ops-math conversion/masked_fill/op_api/
// aclnn_masked_fill_scalar.cpp, aclnn_masked_fill_tensor.cpp CheckShape); c.t = {mask[, value], selfRef} (the
// in-place tensor after the inputs)

/// selfRef and mask at most 8 dims (OP_CHECK_MAX_DIM), value 0-d (the tensor form: OP_CHECK_WRONG_DIMENSION), selfRef
/// and mask broadcastable (OP_CHECK_BROADCAST_AND_INFER_SHAPE) to selfRef's own shape.
inline int MaskedFillShape(const OpCall& c, const aclTensor* value) {
    const aclTensor* self = c.t[c.num_tensors - 1];  // the in-place tensor follows the inputs
    const aclTensor* mask = c.t[0];
    if (self->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The selfRef tensor cannot be larger than 8 dimensions.");
    }
    if (mask->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The mask tensor cannot be larger than 8 dimensions.");
    }
    if (value != nullptr) {
        if (int ret = CheckDims(value, "value", 0)) return ret;
    }
    engine::BroadcastShape b;
    if (!engine::Broadcast(self->view_shape.data(), self->view_shape.size(), mask->view_shape.data(),
                           mask->view_shape.size(), &b)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor selfRef %s must match the size of tensor mask %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(mask->view_shape).c_str());
    }
    const std::vector<int64_t> bs(b.d, b.d + b.n);
    if (bs != self->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out should be %s, but current is %s.", ShapeString(bs).c_str(),
                    ShapeString(self->view_shape).c_str());
    }
    return 0;
}

inline int CheckMaskedFillScalarShape(const OpCall& c, const aclScalar* /*value*/) { return MaskedFillShape(c, nullptr); }

inline int CheckMaskedFillTensorShape(const OpCall& c) { return MaskedFillShape(c, c.t[1]); }

// ---- aclnnInplaceFillTensor (ops-math conversion/fill/op_api/aclnn_fill_tensor.cpp CheckShape); c.t = {value,
// selfRef}

/// selfRef at most 8 dims; value 0-d or 1-D of one element.
inline int CheckFillTensorShape(const OpCall& c) {
    const aclTensor* self = c.t[1];
    const aclTensor* value = c.t[0];
    if (self->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The selfRef tensor cannot be larger than 8 dimensions.");
    }
    const std::vector<int64_t>& v = value->view_shape;
    if (v.size() > 1 || (v.size() == 1 && v[0] != 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "value shape should be 0D or 1D with size = 1, but got %s.",
                    ShapeString(v).c_str());
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnReflectionPad{1,2,3}dBackward, aclnnReplicationPad{1,2,3}dBackward; c.t = {gradOutput, self, gradInput}
// (ops-math conversion/pad_v3_grad_replicate/op_host/op_api/pad1d_backward_common.h (1d), aclnn_pad2d_backward.cpp
// (2d), conversion/pad_v3_grad_replication/op_api/aclnn_pad3d_backward.cpp (3d): CheckFormat, CheckShape, then the
// empty-tensor rule before the early return)

namespace convpad {

/// The private formats aclcpu tensors can carry (op::IsPrivateFormat).
inline bool PrivateFormat(int32_t f) {
    return f == ACL_FORMAT_NC1HWC0 || f == ACL_FORMAT_FRACTAL_Z || f == ACL_FORMAT_NC1HWC0_C04 ||
           f == ACL_FORMAT_FRACTAL_NZ || f == ACL_FORMAT_NDC1HWC0 || f == ACL_FRACTAL_Z_3D;
}

/// CheckFormat, CheckShape and the empty rule for D padded dims; reflect selects the reflection rules.
inline int PadGrad(const OpCall& c, const aclIntArray* padding, size_t D, bool reflect) {
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* gin = c.t[2];
    if (PrivateFormat(grad->format) || PrivateFormat(self->format) || PrivateFormat(gin->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND.");
    }
    if (grad->format != self->format || grad->format != gin->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Format of input and output should be equal, gradOutput [%s], self [%s], gradInput [%s].",
                    FormatName(grad->format), FormatName(self->format), FormatName(gin->format));
    }
    const std::vector<int64_t>& s = self->view_shape;
    const std::vector<int64_t>& g = grad->view_shape;
    const std::vector<int64_t>& p = padding->values;
    if (s != gin->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for gradInput, but %s does not equal %s.",
                    ShapeString(s).c_str(), ShapeString(gin->view_shape).c_str());
    }
    const size_t n = s.size();
    if (n < D + 1) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least %zu dimensions.", D + 1);
    if (n > D + 2) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than %zu dimensions.", D + 2);
    if (g.size() != n || gin->view_shape.size() != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gradOutput, self, gradInput dim should be same.");
    }
    if (p.size() != 2 * D) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "padding length should be %zu, but got %zu.", 2 * D, p.size());
    }
    auto pads_below = [&]() {
        for (size_t k = 0; k < D; ++k) {
            const int64_t size = s[n - 1 - k];
            if (!(p[2 * k] < size && p[2 * k + 1] < size)) return false;
        }
        return true;
    };
    auto grad_shape = [&]() {
        for (size_t k = 0; k < D; ++k) {
            if (g[n - 1 - k] != s[n - 1 - k] + p[2 * k] + p[2 * k + 1]) return false;
        }
        return true;
    };
    if (D == 1) {  // pad1d_backward_common.h: the gradOutput shape before the reflection rule ("dimention")
        if (!grad_shape()) return Fail(ACLNN_ERR_PARAM_INVALID, "wrong gradOutput shape.");
        if (reflect && !pads_below()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "padding size should be less than the corresponding self dimention.");
        }
    } else {
        if (reflect && !pads_below()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "padding size should be less than the corresponding self dimension.");
        }
        if (D == 2 && grad->dtype == ACL_BF16) {  // aclnn_pad2d_backward.cpp CheckPaddingValue
            bool ok = p[0] >= 0 && p[1] >= 0 && p[2] >= 0 && p[3] >= 0;
            if (ok && !(p[2] == 0 && p[3] == 0)) ok = p[0] <= 7 && p[1] <= 7 && p[2] <= 7 && p[3] <= 7;
            if (!ok) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "bf16 only supports h dim no pad or padding values less than 7 or equal 7.");
            }
        }
        if (!grad_shape()) return Fail(ACLNN_ERR_PARAM_INVALID, "wrong gradOutput shape.");
    }
    if (grad->numel != 0 && self->numel != 0 && gin->numel != 0) return 0;
    // the empty rule (then success with nothing written: the entry's empty_return)
    bool bad = false;
    if (D == 3) {
        bad = n == 4;
        for (size_t d = 1; d < n && n == 5; ++d) bad = bad || s[d] == 0;
        if (bad) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected 4D or 5D tensor with possibly 0 batch size and other non-zero dimensions for input.");
        }
        return 0;
    }
    if (n == D + 1) {
        if (D == 1) bad = reflect ? s[1] == 0 : true;
        else bad = s[1] == 0 || s[2] == 0 || !reflect;
    } else {
        for (size_t d = 1; d < n; ++d) bad = bad || s[d] == 0;
    }
    if (bad) return Fail(ACLNN_ERR_PARAM_INVALID, "Input should not be empty.");
    return 0;
}

}  // namespace convpad

inline int CheckReflectionPad1dGrad(const OpCall& c, const aclIntArray* p) { return convpad::PadGrad(c, p, 1, true); }
inline int CheckReplicationPad1dGrad(const OpCall& c, const aclIntArray* p) { return convpad::PadGrad(c, p, 1, false); }
inline int CheckReflectionPad2dGrad(const OpCall& c, const aclIntArray* p) { return convpad::PadGrad(c, p, 2, true); }
inline int CheckReplicationPad2dGrad(const OpCall& c, const aclIntArray* p) { return convpad::PadGrad(c, p, 2, false); }
inline int CheckReflectionPad3dGrad(const OpCall& c, const aclIntArray* p) { return convpad::PadGrad(c, p, 3, true); }
inline int CheckReplicationPad3dGrad(const OpCall& c, const aclIntArray* p) { return convpad::PadGrad(c, p, 3, false); }

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnCircularPad2d / 3d (ops-math conversion/circular_pad/op_host/op_api/circular_pad_common.h: CheckFormat,
// CheckShape<MinDim, MaxDim, PaddingSize>, HandleEmptyTensor); c.t = {self, out}

namespace convpad {

/// The forward's format, shape and empty rules for D padded dims (self of D+1 or D+2 dims).
inline int CircularPad(const OpCall& c, const aclIntArray* padding, size_t D) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (PrivateFormat(self->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND、NCHW、NHWC、HWCN、NDHWC、NCDHW、NCL");
    }
    if (self->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal, self [%s], gradInoutput [%s].",
                    FormatName(self->format), FormatName(out->format));
    }
    const std::vector<int64_t>& s = self->view_shape;
    const std::vector<int64_t>& p = padding->values;
    const size_t n = s.size();
    if (n < D + 1) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least %zu dimensions.", D + 1);
    if (n > D + 2) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than %zu dimensions.", D + 2);
    if (n != out->view_shape.size()) return Fail(ACLNN_ERR_PARAM_INVALID, "self, out dim should be same.");
    if (p.size() != 2 * D) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "padding length should be %zu, but got %zu.", 2 * D, p.size());
    }
    std::vector<int64_t> want = s;
    for (size_t k = 0; k < D; ++k) want[n - 1 - k] = s[n - 1 - k] + p[2 * k] + p[2 * k + 1];
    if (out->view_shape != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(want).c_str(), ShapeString(out->view_shape).c_str());
    }
    if (self->numel != 0 && out->numel != 0) return 0;
    bool bad = n == D + 1;
    for (size_t d = 1; d < n && n == D + 2; ++d) bad = bad || s[d] == 0;
    if (!bad) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Expected %zuD or %zuD tensor with possibly 0 batch size and other non-zero dimentions for inpit.", D + 1,
                D + 2);
}

/// The backward's format (a private gradOutput format; gradOutput, self, gradInput of one view format), shape and
/// empty rules (circular_pad_backward_common.h, aclnn_circular_pad2d_backward.cpp / aclnn_circular_pad3d_backward.cpp).
inline int CircularPadGrad(const OpCall& c, const aclIntArray* padding, size_t D) {
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* gin = c.t[2];
    if (PrivateFormat(grad->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND、NCHW、NHWC、HWCN、NDHWC、NCDHW、NCL");
    }
    if (grad->format != self->format || grad->format != gin->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Format of input and output should be equal, gradOutput [%s], self [%s], gradInput [%s].",
                    FormatName(grad->format), FormatName(self->format), FormatName(gin->format));
    }
    const std::vector<int64_t>& s = self->view_shape;
    const std::vector<int64_t>& g = grad->view_shape;
    const std::vector<int64_t>& p = padding->values;
    if (s != gin->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for gradInput, but %s does not equal %s.",
                    ShapeString(s).c_str(), ShapeString(gin->view_shape).c_str());
    }
    const size_t n = s.size();
    if (n < D + 1) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least %zu dimensions.", D + 1);
    if (n > D + 2) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than %zu dimensions.", D + 2);
    if (g.size() != n || gin->view_shape.size() != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gradOutput, self, gradInput dim should be same.");
    }
    if (p.size() != 2 * D) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "padding length should be %zu, but got %zu.", 2 * D, p.size());
    }
    if (D == 3) {
        for (size_t k = 0; k < D; ++k) {
            const int64_t size = s[n - 1 - k];
            if (!(p[2 * k] < size && p[2 * k + 1] < size)) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "padding size should be less than the corresponding self dimention.");
            }
        }
    }
    for (size_t k = 0; k < D; ++k) {
        if (g[n - 1 - k] != s[n - 1 - k] + p[2 * k] + p[2 * k + 1]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "wrong gradOutput shape.");
        }
    }
    if (grad->numel != 0 && self->numel != 0 && gin->numel != 0) return 0;
    bool zero = false;
    for (size_t d = 1; d < n; ++d) zero = zero || s[d] == 0;
    if (D == 2 && zero) return Fail(ACLNN_ERR_PARAM_INVALID, "Input should not be empty.");
    if (D == 3 && n == 4) return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 4D tensor can not be empty for input.");
    if (D == 3 && zero) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected 5D tensor with possibly 0 batch size and other non-zero dimentions for input.");
    }
    return 0;
}

}  // namespace convpad

inline int CheckCircularPad2d(const OpCall& c, const aclIntArray* p) { return convpad::CircularPad(c, p, 2); }
inline int CheckCircularPad3d(const OpCall& c, const aclIntArray* p) { return convpad::CircularPad(c, p, 3); }
inline int CheckCircularPad2dGrad(const OpCall& c, const aclIntArray* p) { return convpad::CircularPadGrad(c, p, 2); }
inline int CheckCircularPad3dGrad(const OpCall& c, const aclIntArray* p) { return convpad::CircularPadGrad(c, p, 3); }

}  // namespace aclcpu

#include <cmath>
#include <cstring>
#include <limits>

namespace aclcpu {

// ---- aclnnInplaceFillDiagonal (ops-math conversion/fill_diagonal_v2/op_host/op_api/aclnn_fill_diagonal.cpp
// CheckShapeValid, CheckCanCastType, CheckNotOverflow after the dtype check); c.t = {selfRef}

namespace convfill {

/// The scalar's value as an int64 when its dtype is integral (exact), else nullptr-like false.
inline bool ScalarInt(const aclScalar& s, int64_t* v) {
    switch (s.dtype) {
        case ACL_INT8: { int8_t x; std::memcpy(&x, s.bits, 1); *v = x; return true; }
        case ACL_UINT8: { uint8_t x; std::memcpy(&x, s.bits, 1); *v = x; return true; }
        case ACL_INT16: { int16_t x; std::memcpy(&x, s.bits, 2); *v = x; return true; }
        case ACL_UINT16: { uint16_t x; std::memcpy(&x, s.bits, 2); *v = x; return true; }
        case ACL_INT32: { int32_t x; std::memcpy(&x, s.bits, 4); *v = x; return true; }
        case ACL_UINT32: { uint32_t x; std::memcpy(&x, s.bits, 4); *v = x; return true; }
        case ACL_INT64: { int64_t x; std::memcpy(&x, s.bits, 8); *v = x; return true; }
        case ACL_BOOL: { *v = s.bits[0] != 0 ? 1 : 0; return true; }
        default: return false;
    }
}

}  // namespace convfill

/// CheckShapeValid: at most 8 dims, at least 2; above 2 dims every dim equal. CheckCanCastType: the value's dtype
/// castable to FLOAT (a COMPLEX value is not). CheckNotOverflow (aclScalar::CheckOverflows<T> of selfRef's dtype, as
/// c10's overflows: an integral target refuses a value outside its range; a FLOAT16 / FLOAT target a finite value
/// beyond its largest finite one; DOUBLE, BOOL, BF16 are not checked).
inline int CheckFillDiagonal(const OpCall& c, const aclScalar* fillValue, bool /*wrap*/) {
    const aclTensor* self = c.t[0];
    const std::vector<int64_t>& s = self->view_shape;
    if (s.size() > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The selfRef tensor cannot be larger than 8 dimensions.");
    if (s.size() < 2) return Fail(ACLNN_ERR_PARAM_INVALID, "The selfRef tensor must have at least 2 dimensions.");
    if (s.size() > 2) {
        for (size_t i = 1; i < s.size(); ++i) {
            if (s[i] != s[0]) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "Dim of selfRef[%zu] greater than 2, all dimensions of input must be of equal length.",
                            s.size());
            }
        }
    }
    if (fillValue->dtype == ACL_COMPLEX64 || fillValue->dtype == ACL_COMPLEX128 || fillValue->dtype == ACL_COMPLEX32) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type DT_FLOAT.",
                    DtypeName(fillValue->dtype));
    }
    double d = 0.0;
    ScalarToDouble(*fillValue, &d);
    int64_t iv = 0;
    const bool is_int = convfill::ScalarInt(*fillValue, &iv);
    const aclDataType t = self->dtype;
    auto int_range = [&](long double lo, long double hi) {
        const long double v = is_int ? static_cast<long double>(iv) : static_cast<long double>(d);
        if (!is_int && std::isnan(d)) return false;  // c10: NaN overflows an integral type
        return v >= lo && v <= hi;
    };
    bool ok = true;
    bool integral = false;
    switch (t) {
        case ACL_FLOAT:
            ok = !std::isfinite(d) || std::fabs(d) <= static_cast<double>(std::numeric_limits<float>::max());
            break;
        case ACL_FLOAT16: ok = !std::isfinite(d) || std::fabs(d) <= 65504.0; break;
        case ACL_INT8: integral = true; ok = int_range(-128, 127); break;
        case ACL_INT16: integral = true; ok = int_range(-32768, 32767); break;
        case ACL_INT32: integral = true; ok = int_range(-2147483648.0L, 2147483647.0L); break;
        case ACL_INT64: integral = true; ok = int_range(-9223372036854775808.0L, 9223372036854775807.0L); break;
        case ACL_UINT8: integral = true; ok = int_range(0, 255); break;
        default: break;
    }
    if (ok) return 0;
    if (!integral) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "value cannot be converted to type %s without overflow : %lf.",
                    DtypeName(t), d);
    }
    return Fail(ACLNN_ERR_PARAM_INVALID, "value cannot be converted to type %s without overflow : %ld.", DtypeName(t),
                static_cast<long>(is_int ? iv : static_cast<int64_t>(d)));
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnSliceV2 (ops-math conversion/strided_slice_v3/op_api/aclnn_slice_v2.cpp CheckMaxDim, CheckAxesValid,
// CheckArray, CheckShape after the dtype checks); c.t = {self, out}

/// self at most 8 dims; each axis in [-N, N-1] and named once; starts and ends as long as axes; every step positive;
/// out's shape self's with each sliced dim ceil((end - start) / step) after the op_api's clamping (a negative start or
/// end counted from the end, then start clamped to [0, size], end to [start, size]). The op_api walks steps' length:
/// beyond CANN (whose loop would then read axes past its end) a steps longer than axes is refused.
inline int CheckSliceV2(const OpCall& c, const aclIntArray* starts, const aclIntArray* ends, const aclIntArray* axes,
                        const aclIntArray* steps) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (self->view_shape.size() > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    const int64_t n = static_cast<int64_t>(self->view_shape.size());
    std::vector<bool> seen(static_cast<size_t>(n > 0 ? n : 1), false);
    for (int64_t a : axes->values) {
        if (a >= n || a < -n) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Provided aclnnSliceV2 axes %ld not in the range of input tensor size %ld.", static_cast<long>(a),
                        static_cast<long>(n));
        }
        const int64_t i = a >= 0 ? a : a + n;
        if (seen[static_cast<size_t>(i)]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnSliceV2 axes %ld appears multiple times in the list of dims.",
                        static_cast<long>(i));
        }
        seen[static_cast<size_t>(i)] = true;
    }
    if (starts->values.size() != axes->values.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected aclnnSliceV2 starts.size() %zu to be equal to axes.size() %zu.",
                    starts->values.size(), axes->values.size());
    }
    if (ends->values.size() != axes->values.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected aclnnSliceV2 ends.size() %zu to be equal to axes.size() %zu.",
                    ends->values.size(), axes->values.size());
    }
    for (int64_t s : steps->values) {
        if (s <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnSliceV2 step must be positive.");
    }
    if (steps->values.size() > axes->values.size()) {  // beyond CANN
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: steps (%zu) must not be longer than axes (%zu).", c.api,
                    steps->values.size(), axes->values.size());
    }
    std::vector<int64_t> shape = self->view_shape;
    for (size_t i = 0; i < steps->values.size(); ++i) {
        const int64_t dim = axes->values[i] >= 0 ? axes->values[i] : axes->values[i] + n;
        const int64_t size = self->view_shape[static_cast<size_t>(dim)];
        int64_t start = starts->values[i] >= 0 ? starts->values[i] : starts->values[i] + size;
        int64_t end = ends->values[i] >= 0 ? ends->values[i] : ends->values[i] + size;
        if (start < 0) start = 0; else if (start >= size) start = size;
        if (end < start) end = start; else if (end >= size) end = size;
        const int64_t step = steps->values[i];
        shape[static_cast<size_t>(dim)] = (end - start + step - 1) / step;
    }
    if (shape != out->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of aclnnSliceV2 out should be %s, but current is %s.",
                    ShapeString(shape).c_str(), ShapeString(out->view_shape).c_str());
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnUnfoldGrad (ops-math conversion/unfold_grad/op_api/aclnn_unfold_grad.cpp CheckShapeValid and the attribute
// rules of CheckParams after the dtype checks); c.t = {gradOut, gradIn}

/// gradOut and gradIn 1..8 dims; inputSizes one shorter than gradOut; gradIn's shape inputSizes; then dim in
/// [0, gradOut's rank - 2], size and step positive (CANN returns 161002 for these three without a message: aclcpu
/// says which); gradOut not FRACTAL_NZ.
inline int CheckUnfoldGrad(const OpCall& c, const aclIntArray* inputSizes, int64_t dim, int64_t size, int64_t step) {
    const aclTensor* go = c.t[0];
    const aclTensor* gi = c.t[1];
    if (go->view_shape.size() > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The gradOut tensor cannot be larger than 8 dimensions.");
    if (gi->view_shape.size() > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "The gradIn tensor cannot be larger than 8 dimensions.");
    if (go->view_shape.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, "The gradOut tensor must have at least 1 dimensions.");
    if (gi->view_shape.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, "The gradIn tensor must have at least 1 dimensions.");
    const int64_t n = static_cast<int64_t>(go->view_shape.size());
    if (static_cast<int64_t>(inputSizes->values.size()) != n - 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "inputSizes length should be equal to Dim of gradOut - 1, but got %zu.",
                    inputSizes->values.size());
    }
    if (gi->view_shape != inputSizes->values) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for gradIn to have same size as %s, but got %s.",
                    ShapeString(inputSizes->values).c_str(), ShapeString(gi->view_shape).c_str());
    }
    if (!(dim >= 0 && dim < n - 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: dim %ld must lie in [0, %ld] (CANN refuses it without a message).",
                    c.api, static_cast<long>(dim), static_cast<long>(n - 2));
    }
    if (size <= 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: size %ld must be positive (CANN refuses it without a message).", c.api,
                    static_cast<long>(size));
    }
    if (step <= 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: step %ld must be positive (CANN refuses it without a message).", c.api,
                    static_cast<long>(step));
    }
    if (go->format == ACL_FORMAT_FRACTAL_NZ) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of gradOut gets [FRACTAL_NZ], this format not support.");
    }
    return 0;
}

// ---- aclnnStridedSliceAssignV2 (no op_api: CANN generates the aclnn layer; its tiling,
// conversion/strided_slice_assign_v2/op_host/strided_slice_assign_v2_tiling.cpp, runs in the first phase).

/// Beyond CANN: axesOptional NULL (CANN then slices dims 0, 1, ...; the reference hands every array to its formula).
inline int CheckStridedSliceAssignV2Axes(const OpCall&, const aclIntArray*, const aclIntArray*, const aclIntArray*,
                                         const aclIntArray* axes) {
    if (axes != nullptr) return 0;
    return Fail(ACLNN_ERR_PARAM_NULLPTR, "aclnnStridedSliceAssignV2GetWorkspaceSize: axesOptional is nullptr: the "
                "reference tier needs the axes (pass 0, 1, ... for CANN's default).");
}

/// Tiling4StridedSliceAssignV2's rules in its order (561002): ranks equal; 1 to 8 dims; var's dims positive; the axes
/// in range and distinct (AdjustWithAxes); begin / end from the end and clamped to [0, dim]; inputValue of the
/// slice's shape ceil((end - begin) / stride) (0 if negative); the last dim's stride 1. Beyond CANN: begin, end,
/// strides, axes of different lengths and a stride not positive (the doc's rule) -> 561002 too.
inline int CheckStridedSliceAssignV2Tiling(const OpCall& c, const aclIntArray* beginA, const aclIntArray* endA,
                                           const aclIntArray* stridesA, const aclIntArray* axesA) {
    // c.t = {inputValue, varRef}: the inputs, then the in-place tensor
    const std::vector<int64_t>& var = c.t[1]->view_shape;
    const std::vector<int64_t>& val = c.t[0]->view_shape;
    const int T = ACLNN_ERR_INNER_TILING_ERROR;
    if (var.size() != val.size()) return Fail(T, "Var's dim num must equal to input_value's");
    if (var.empty()) return Fail(T, "Var's dim num should not be smaller or equal to zero.");
    if (var.size() > 8) return Fail(T, "Var's dim num should not be greater than eight.");
    for (int64_t d : var) {
        if (d <= 0) return Fail(T, "Input var shape can not less or equal 0.");
    }
    const std::vector<int64_t>& b = beginA->values;
    const std::vector<int64_t>& e = endA->values;
    const std::vector<int64_t>& s = stridesA->values;
    const std::vector<int64_t>& ax = axesA->values;
    if (b.size() != ax.size() || e.size() != ax.size() || s.size() != ax.size()) {
        return Fail(T, "begin, end, strides and axes must have the same length, but got %zu, %zu, %zu and %zu.",
                    b.size(), e.size(), s.size(), ax.size());
    }
    const int64_t n = static_cast<int64_t>(var.size());
    std::vector<int64_t> bb(var.size(), 0), ee(var), ss(var.size(), 1);
    std::vector<bool> used(var.size(), false);
    for (size_t i = 0; i < ax.size(); ++i) {
        const int64_t a = ax[i] < 0 ? ax[i] + n : ax[i];
        if (a < 0 || a >= n) {
            return Fail(T, "axes[%zu] value %ld is out of range [-%ld, %ld).", i, static_cast<long>(ax[i]),
                        static_cast<long>(n), static_cast<long>(n));
        }
        if (used[a]) return Fail(T, "axes[%zu] value %ld is duplicated.", i, static_cast<long>(ax[i]));
        used[a] = true;
        if (s[i] <= 0) return Fail(T, "strides[%zu] value %ld must be positive.", i, static_cast<long>(s[i]));
        bb[a] = b[i];
        ee[a] = e[i];
        ss[a] = s[i];
    }
    for (size_t i = 0; i < var.size(); ++i) {
        auto clamp = [&](int64_t x) {
            if (x < 0) x += var[i];
            return x < 0 ? 0 : (x > var[i] ? var[i] : x);
        };
        const int64_t lo = clamp(bb[i]), hi = clamp(ee[i]);
        int64_t len = hi > lo ? (hi - lo + ss[i] - 1) / ss[i] : 0;
        if (len != val[i]) return Fail(T, "Input shape does not match, please check!");
    }
    if (ss.back() != 1) return Fail(T, "The stride of last dim must be 1.");
    return 0;
}

// ---- aclnnStridedSlice (conversion/strided_slice/op_api/aclnn_strided_slice.cpp; the Ascend 950 only).
namespace strided_slice_checks {
/// The StridedSlice plan (src/common/strided_slice_plan.h, shared with the formula).
using strided_slice::StridedSlicePlanT;
using strided_slice::PlanStridedSlice;
}  // namespace strided_slice_checks

/// CheckDtypeValid's product rule: outside the RegBase products (the Ascend 950) every call is refused.
inline int CheckStridedSliceSoc(const OpCall& c, const aclIntArray*, const aclIntArray*, const aclIntArray*, int64_t,
                                int64_t, int64_t, int64_t, int64_t) {
    if (c.soc == rt::Soc::kAscend950) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnStridedSlice only support ASCEND950.");
}

/// CheckArray (begin, end, strides of one length; no stride 0), CheckInputMask (at most one ellipsis bit; strides
/// positive where shrinkAxisMask has a bit).
inline int CheckStridedSliceArrays(const OpCall&, const aclIntArray* begin, const aclIntArray* end,
                                   const aclIntArray* strides, int64_t, int64_t, int64_t ellipsisMask, int64_t,
                                   int64_t shrinkAxisMask) {
    const size_t nb = begin->values.size(), ne = end->values.size(), ns = strides->values.size();
    if (nb != ne) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected aclnnStridedSlice begin.size() %zu to be equal to end.size() %zu.",
                    nb, ne);
    }
    if (ne != ns) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnStridedSlice end.size() %zu to be equal to strides.size() %zu.", ne, ns);
    }
    for (size_t i = 0; i < ns; ++i) {
        if (strides->values[i] == 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected strides value must not be zero, but strides No.[%zu] value is zero.", i);
        }
    }
    if (ellipsisMask != 0 && (ellipsisMask & (ellipsisMask - 1)) != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Multiple ellipses in slice spec not allowed.");
    }
    for (size_t i = 0; i < ns && i < 63; ++i) {
        if (((shrinkAxisMask >> i) & 1) != 0 && strides->values[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Strides must be positive when shrinkAxisMask has bit set at dimension [%zu].", i);
        }
    }
    return 0;
}

/// After the empty return: the StridedSlice op's shape inference (TensorFlow's rules; a failure is the op_api's
/// null L0 result, 561103), then CheckShapeAndScalarSame: out of the inferred shape (161002). Beyond CANN: also when
/// begin is empty (CANN's plain copy then checks no shape).
inline int CheckStridedSliceShape(const OpCall& c, const aclIntArray* begin, const aclIntArray* end,
                                  const aclIntArray* strides, int64_t beginMask, int64_t endMask, int64_t ellipsisMask,
                                  int64_t newAxisMask, int64_t shrinkAxisMask) {
    const strided_slice_checks::StridedSlicePlanT p = strided_slice_checks::PlanStridedSlice(
        c.t[0]->view_shape, begin->values, end->values, strides->values, beginMask, endMask, ellipsisMask,
        newAxisMask, shrinkAxisMask);
    if (!p.ok) return Fail(ACLNN_ERR_INNER_NULLPTR, "aclnnStridedSlice: %s", p.err.c_str());
    if (p.final_shape != c.t[1]->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out's shape %s to be the slice's shape %s.",
                    ShapeString(c.t[1]->view_shape).c_str(), ShapeString(p.final_shape).c_str());
    }
    return 0;
}

// ---- aclnnIm2col (conversion/im2col/op_api/aclnn_im2col.cpp); c.t = {self, out}

/// CheckInputDims (3-D or 4-D, every dim but a 4-D self's N positive), CheckArray (four arrays of 2; kernelSize,
/// stride, dilation positive; padding not negative), CheckOutputDims (the grid at least 1 x 1, out of the inferred
/// shape; div_rtn rounds toward -infinity).
inline int CheckIm2colShape(const OpCall& c, const aclIntArray* kernelSize, const aclIntArray* dilation,
                            const aclIntArray* padding, const aclIntArray* stride) {
    const std::vector<int64_t>& s = c.t[0]->view_shape;
    if (s.size() != 3 && s.size() != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected self dim [%zu] to be 3 or 4 but check failed.", s.size());
    }
    for (size_t i = s.size() == 4 ? 1 : 0; i < s.size(); ++i) {
        if (s[i] <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "self'dims is invalid, self No.[%zu] dim is [%ld].", i + 1,
                        static_cast<long>(s[i]));
        }
    }
    const struct { const aclIntArray* a; const char* name; } arrays[4] = {
        {kernelSize, "kernelSize"}, {dilation, "dilation"}, {padding, "padding"}, {stride, "stride"}};
    for (const auto& a : arrays) {
        if (a.a->values.size() != 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "It is expected %s equals to 2, but got size %zu.", a.name,
                        a.a->values.size());
        }
    }
    const struct { const aclIntArray* a; const char* name; bool zero_ok; } rules[4] = {
        {kernelSize, "kernelSize", false}, {stride, "stride", false}, {dilation, "dilation", false},
        {padding, "padding", true}};
    for (const auto& r : rules) {
        for (size_t i = 0; i < 2; ++i) {
            const int64_t v = r.a->values[i];
            if (r.zero_ok ? v < 0 : v <= 0) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "It is expected %s be greater than %szero, but %s No.[%zu] dim is [%ld].",
                            r.name, r.zero_ok ? "or equal to " : "", r.name, i + 1, static_cast<long>(v));
            }
        }
    }
    auto div_rtn = [](int64_t x, int64_t y) {
        int64_t q = x / y, r = x % y;
        if (r != 0 && ((r < 0) != (y < 0))) --q;
        return q;
    };
    const bool three = s.size() == 3;
    const int64_t h = three ? s[1] : s[2], w = three ? s[2] : s[3];
    const std::vector<int64_t>& k = kernelSize->values;
    const std::vector<int64_t>& d = dilation->values;
    const std::vector<int64_t>& p = padding->values;
    const std::vector<int64_t>& st = stride->values;
    const int64_t oh = div_rtn(h + 2 * p[0] - (d[0] * (k[0] - 1) + 1), st[0]) + 1;
    const int64_t ow = div_rtn(w + 2 * p[1] - (d[1] * (k[1] - 1) + 1), st[1]) + 1;
    if (oh < 1 || ow < 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The shape (%ld, %ld) of the array calculated by other parameters must be "
                    "at least one.", static_cast<long>(oh), static_cast<long>(ow));
    }
    const std::vector<int64_t> want = three ? std::vector<int64_t>{s[0] * k[0] * k[1], oh * ow}
                                            : std::vector<int64_t>{s[0], s[1] * k[0] * k[1], oh * ow};
    if (want != c.t[1]->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expect out shape %s, but got: %s.", ShapeString(want).c_str(),
                    ShapeString(c.t[1]->view_shape).c_str());
    }
    return 0;
}

}  // namespace aclcpu
