// The custom first-phase checks of the nn_quant family (ops/families/nn_quant.yaml `custom` checks the table's
// vocabulary cannot express; docs/ops/nn_quant.md). Included at the end of src/op/reference_checks.h (through the
// generated op/family_hooks.inc). Each hook is int <hook>(const OpCall& c, <the entry's non-tensor parameters>):
// 0, or the status with its message. Facts: hicann/ops-nn quant/<op>/op_host/op_api/aclnn_*.cpp or
// quant/<op>/op_api/aclnn_*.cpp (each hook names the function it restates). CANN's macros print the C expression
// they were given (OP_CHECK_DTYPE_NOT_SUPPORT(dynamicQuantParams.x, ...) prints "dynamicQuantParams.x"), and
// op::ToString of a dtype list prints it in brackets; the messages below keep both.
//
// Products: NpuArch DAV_2201 is Atlas A2/A3 (Ascend910B, Ascend910_93), DAV_2002 the Ascend310P, DAV_1001 the
// Ascend910, DAV_3510 / IsRegbase() the Ascend950; an op_api's `default:` branch (an empty list) refuses every dtype.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "common/status.h"
#include "engine/first_phase.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace nnq {

using DtList = std::vector<aclDataType>;

inline bool IsA2A3(rt::Soc s) { return s == rt::Soc::kAscend910B || s == rt::Soc::kAscend910_93; }

inline bool InList(aclDataType d, const DtList& l) {
    for (aclDataType x : l) {
        if (x == d) return true;
    }
    return false;
}

inline std::string Bracketed(const DtList& l) { return "[" + engine::DtypeListString(l.data(), l.size()) + "]"; }

/// OP_CHECK_DTYPE_NOT_SUPPORT(name, list).
inline int DtypeIn(const aclTensor* t, const char* name, const DtList& l) {
    if (InList(t->dtype, l)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.", name,
                DtypeName(t->dtype), Bracketed(l).c_str());
}

/// OP_CHECK_DTYPE_NOT_MATCH(name, expected).
inline int DtypeIs(const aclTensor* t, const char* name, aclDataType expected) {
    if (t->dtype == expected) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", name, DtypeName(expected),
                DtypeName(t->dtype));
}

/// OP_CHECK_DTYPE_NOT_SAME(a, b).
inline int DtypeSame(const aclTensor* a, const char* an, const aclTensor* b, const char* bn) {
    if (a->dtype == b->dtype) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found %s %s and %s %s.", an,
                DtypeName(a->dtype), bn, DtypeName(b->dtype));
}

/// OP_CHECK_SHAPE_NOT_EQUAL(a, b).
inline int ShapeSame(const aclTensor* a, const char* an, const aclTensor* b, const char* bn) {
    if (a->view_shape == b->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for %s to have same size as tensor for %s, but %s does not equal %s.",
                an, bn, ShapeString(a->view_shape).c_str(), ShapeString(b->view_shape).c_str());
}

/// OP_CHECK_MAX_DIM(name, 8).
inline int MaxDims(const aclTensor* t, const char* name) {
    if (t->view_shape.size() <= 8) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %zu dimensions.", name, size_t{8});
}

/// opbase CheckBroadcastShape(t, shape): t's shape broadcasts to `shape` (right-aligned, each dim 1 or equal, t of
/// no more dims).
inline bool BroadcastsTo(const std::vector<int64_t>& t, const std::vector<int64_t>& shape) {
    if (t.size() > shape.size()) return false;
    for (size_t i = 0; i < t.size(); ++i) {
        const int64_t a = t[t.size() - 1 - i];
        const int64_t b = shape[shape.size() - 1 - i];
        if (a != 1 && a != b) return false;
    }
    return true;
}

/// OP_CHECK_BROADCAST_WITH_SHAPE(name, shape).
inline int BroadcastWith(const aclTensor* t, const char* name, const std::vector<int64_t>& shape) {
    if (BroadcastsTo(t->view_shape, shape)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor %s %s must match the size %s.", name,
                ShapeString(t->view_shape).c_str(), ShapeString(shape).c_str());
}

/// opbase IsContiguous: the view's strides those of a row-major layout of its shape (dims of size 1 skipped).
inline bool IsContiguous(const aclTensor* t) {
    int64_t want = 1;
    for (size_t i = t->view_shape.size(); i-- > 0;) {
        if (t->view_shape[i] != 1 && t->strides[i] != want) return false;
        want *= t->view_shape[i];
    }
    return true;
}

inline int64_t NumelOf(const std::vector<int64_t>& s) {
    int64_t n = 1;
    for (int64_t d : s) n *= d;
    return n;
}

}  // namespace nnq

// ---------------------------------------------------------------------------------- AscendQuant / AscendQuantV3
// aclnn_ascend_quant.cpp and aclnn_ascend_quant_v3.cpp; c.t = {x, scale, offset (or NULL), y}.

namespace nnq {
/// GetInDtypeSupportList / GetScaleOffsetDtypeSupportList: FLOAT, FLOAT16, BF16 on DAV_2201 (and, for V3, on a
/// regbase arch); FLOAT, FLOAT16 on DAV_2002; empty elsewhere.
inline DtList AscendQuantInList(rt::Soc s, bool v3) {
    if (IsA2A3(s) || (v3 && s == rt::Soc::kAscend950)) return {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    if (s == rt::Soc::kAscend310P) return {ACL_FLOAT, ACL_FLOAT16};
    return {};
}
/// GetOutDtypeSupportList: INT8 on DAV_2002; INT8, INT32, INT4 elsewhere (V3 on a regbase arch adds the 8-bit
/// floating dtypes).
inline DtList AscendQuantOutList(rt::Soc s, bool v3) {
    if (s == rt::Soc::kAscend310P) return {ACL_INT8};
    if (v3 && s == rt::Soc::kAscend950) {
        return {ACL_INT8, ACL_INT32, ACL_INT4, ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2, ACL_HIFLOAT8};
    }
    return {ACL_INT8, ACL_INT32, ACL_INT4};
}

/// CheckDtypeValid (both versions; `v3` picks V3's lists and message text).
inline int AscendQuantDtypes(const OpCall& c, int32_t dstType, bool v3) {
    const aclTensor* x = c.t[0];
    const aclTensor* scale = c.t[1];
    const aclTensor* offset = c.t[2];
    const aclTensor* y = c.t[3];
    const char* xn = v3 ? "x" : "self";
    const char* yn = v3 ? "y" : "out";
    const DtList in = AscendQuantInList(c.soc, v3);
    if (int r = DtypeIn(x, xn, in)) return r;
    if (int r = DtypeIn(y, yn, AscendQuantOutList(c.soc, v3))) return r;
    if (int r = DtypeIn(scale, "scale", in)) return r;
    if (offset != nullptr) {
        if (int r = DtypeIn(offset, "offset", in)) return r;
        if (int r = DtypeSame(scale, "scale", offset, "offset")) return r;
    }
    // CheckDtypeCompatible: a FLOAT16 / BF16 x needs a scale of its dtype (a FLOAT x takes any).
    if ((x->dtype == ACL_FLOAT16 || x->dtype == ACL_BF16) && scale->dtype != x->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, v3 ? "dtype of input x:%s is not compatible with scale:%s." :
                                                  "input x:%s not compatible with scale:%s.",
                    DtypeName(x->dtype), DtypeName(scale->dtype));
    }
    if (static_cast<int32_t>(y->dtype) != dstType) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dstType:%d(%s) must be able to represent the y dtype[%s].", dstType,
                    DtypeName(static_cast<aclDataType>(dstType)), DtypeName(y->dtype));
    }
    return 0;
}

/// CheckInt32OutputShape / CheckInt4LastDim / the shape equality of CheckShape's head (both versions).
inline int AscendQuantOutShape(const aclTensor* x, const aclTensor* y, bool v3) {
    const std::vector<int64_t>& xs = x->view_shape;
    const std::vector<int64_t>& ys = y->view_shape;
    if (y->dtype != ACL_INT32) {
        if (int r = ShapeSame(y, v3 ? "y" : "y", x, "x")) return r;
    }
    if (y->dtype == ACL_INT32) {
        if (xs.empty()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, v3 ? "input x not support scalar." : "dtype int32 not support scalar.");
        }
        const size_t n = xs.size();
        const int64_t yl = ys.size() >= n ? ys[n - 1] : 0;
        if (yl * 8 != xs[n - 1]) {
            if (v3) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "if y dtype is int32, the y last dim must be 1/8 of x last dim, x last dim is (%ld), y "
                            "last dim is (%ld)",
                            static_cast<long>(xs[n - 1]), static_cast<long>(yl));
            }
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "the y last dim must be 1/8 of input last dim, input last dim is (%ld), output last dim is "
                        "(%ld).",
                        static_cast<long>(xs[n - 1]), static_cast<long>(yl));
        }
        for (size_t i = 0; i + 1 < n; ++i) {
            const int64_t yd = i < ys.size() ? ys[i] : 0;
            if (xs[i] != yd) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            v3 ? "the dim(%ld) of x must be same with y, x is (%ld), y is (%ld)." :
                                 "the dim(%ld) of input must be same with output, input is (%ld), output is (%ld).",
                            static_cast<long>(i), static_cast<long>(xs[i]), static_cast<long>(yd));
            }
        }
        // beyond CANN (whose view takes the leading dims from x): y of x's rank
        if (ys.size() != n) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected y of %zu dims (x's), but found %zu.", n, ys.size());
        }
    }
    if (y->dtype == ACL_INT4) {
        if (xs.empty()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, v3 ? "input x not support scalar." : "dtype int4 not support scalar.");
        }
        if (xs.back() % 2 != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        v3 ? "if y dtype is int4, x last dim must be divisible by 2, last dim is (%ld)." :
                             "x last dim must be divisible by 2, last dim is (%ld).",
                        static_cast<long>(xs.back()));
        }
    }
    return 0;
}

/// CheckRoundMode: V1 takes round, floor, ceil, trunc; V3 takes those for the integer outputs, round or hybrid for
/// HIFLOAT8, round for the FLOAT8 dtypes.
inline int AscendQuantRoundMode(const char* roundMode, int32_t dstType, bool v3) {
    if (roundMode == nullptr) return Fail(ACLNN_ERR_PARAM_INVALID, "roundMode cannot be empty");
    const std::string m = roundMode;
    if (v3 && dstType == ACL_HIFLOAT8) {
        if (m == "round" || m == "hybrid") return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "check roundMode failed, roundMode[%s] not in ['round','hybrid'] for hifloat8.", m.c_str());
    }
    if (v3 && (dstType == ACL_FLOAT8_E4M3FN || dstType == ACL_FLOAT8_E5M2)) {
        if (m == "round") return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "check roundMode failed, roundMode[%s] not in ['round'] for float8_e5m2/float8_e4m3fn.", m.c_str());
    }
    if (m == "round" || m == "floor" || m == "ceil" || m == "trunc") return 0;
    if (v3) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "check roundMode failed, roundMode[%s] not in ['round','floor','ceil','trunc'] for int8/int4/int32.",
                    m.c_str());
    }
    return Fail(ACLNN_ERR_PARAM_INVALID, "check roundMode failed, roundMode[%s] not in ['round','floor','ceil','trunc'].",
                m.c_str());
}
}  // namespace nnq

/// aclnn_ascend_quant.cpp CheckParams after CheckNotNull: CheckDtypeValid, CheckShape (y's shape x's - for an INT32
/// y the packed-int4 shape -, at most 8 dims, CheckDim: scale's and offset's last dims equal and x's last or 1,
/// CheckDimOne: every other dim of scale / offset 1, each broadcastable to x), CheckRoundMode.
inline int CheckAscendQuant(const OpCall& c, bool /*sqrtMode*/, const char* roundMode, int32_t dstType) {
    const aclTensor* x = c.t[0];
    const aclTensor* scale = c.t[1];
    const aclTensor* offset = c.t[2];
    const aclTensor* y = c.t[3];
    if (int r = nnq::AscendQuantDtypes(c, dstType, false)) return r;
    if (int r = nnq::AscendQuantOutShape(x, y, false)) return r;
    if (int r = nnq::MaxDims(x, "x")) return r;
    // CheckDim
    const std::vector<int64_t>& ss = scale->view_shape;
    const int64_t scaleDim = ss.empty() ? 1 : ss.back();
    if (offset != nullptr) {
        const int64_t offsetDim = offset->view_shape.empty() ? 1 : offset->view_shape.back();
        if (scaleDim != offsetDim) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "dim of scale must be the same as dim of offset");
        }
    }
    const int64_t lastDim = x->view_shape.empty() ? 1 : x->view_shape.back();
    if (scaleDim != lastDim && scaleDim != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "the last dim size(%ld) of x must be same as scale and offset(%ld).",
                    static_cast<long>(lastDim), static_cast<long>(scaleDim));
    }
    for (int pass = 0; pass < 2; ++pass) {
        const aclTensor* t = pass == 0 ? scale : offset;
        if (t == nullptr) continue;
        const std::vector<int64_t>& s = t->view_shape;
        for (size_t i = 0; i + 1 < s.size(); ++i) {
            if (s[i] != 1) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s dim num must be 1. %s:%zu", pass == 0 ? "scale" : "offset",
                            pass == 0 ? "scale" : "offset", s.size());
            }
        }
        if (int r = nnq::BroadcastWith(t, pass == 0 ? "scale" : "offset", x->view_shape)) return r;
    }
    return nnq::AscendQuantRoundMode(roundMode, dstType, false);
}

/// aclnn_ascend_quant_v3.cpp CheckParams after CheckNotNull: CheckInputScalar (a 0-d x refused), CheckDtypeValid,
/// CheckAxis (the last dim only on DAV_2002; within x's dims; one of the last two), CheckShape (y's shape, at most 8
/// dims, CheckDim: offset of scale's shape, scale 1-d or of x's rank, its size along axis x's or 1 and no other dim
/// above 1), CheckRoundMode.
inline int CheckAscendQuantV3(const OpCall& c, bool /*sqrtMode*/, const char* roundMode, int32_t dstType,
                              int32_t axis) {
    const aclTensor* x = c.t[0];
    const aclTensor* scale = c.t[1];
    const aclTensor* offset = c.t[2];
    const aclTensor* y = c.t[3];
    const int32_t n = static_cast<int32_t>(x->view_shape.size());
    if (n == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "input x not support scalar.");
    if (int r = nnq::AscendQuantDtypes(c, dstType, true)) return r;
    if (c.soc == rt::Soc::kAscend310P && axis != -1 && axis != n - 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "axis only support the last dimension in 310P");
    }
    if (axis >= n || axis < -n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "invalid axis: %d, axis can't exceed the dimension of x: %d", axis, n);
    }
    if (n > 2 && (axis < -2 || (axis >= 0 && axis < n - 2))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "invalid axis: %d, axis must be one of last two dimensions of x", axis);
    }
    if (int r = nnq::AscendQuantOutShape(x, y, true)) return r;
    if (int r = nnq::MaxDims(x, "x")) return r;
    if (offset != nullptr) {
        if (int r = nnq::ShapeSame(scale, "scale", offset, "offset")) return r;
    }
    const std::vector<int64_t>& ss = scale->view_shape;
    const int64_t sn = static_cast<int64_t>(ss.size());
    if (sn == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "scale and offset not support scalar.");
    if (sn != 1 && sn != n) return Fail(ACLNN_ERR_PARAM_INVALID, "scale dimNum must be same as x dimNum or 1.");
    const int64_t xAxis = axis >= 0 ? axis : n + axis;
    const int64_t sAxis = sn == 1 ? 0 : xAxis;
    const int64_t xDim = x->view_shape[static_cast<size_t>(xAxis)];
    const int64_t sDim = ss[static_cast<size_t>(sAxis)];
    if (sDim != xDim && sDim != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "scale dim(%ld)'s value(%ld) is invalid, should be same as x dim(%ld)'s value(%ld) or 1",
                    static_cast<long>(sAxis), static_cast<long>(sDim), static_cast<long>(xAxis), static_cast<long>(xDim));
    }
    if (nnq::NumelOf(ss) != sDim) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "If scale is not 1-dimensional tensor, all dimensions except the dimension specified by axis should "
                    "be 1");
    }
    return nnq::AscendQuantRoundMode(roundMode, dstType, true);
}

// ---------------------------------------------------------------------------------- AscendAntiQuant
// aclnn_ascend_anti_quant.cpp; c.t = {x, scale, offset (or NULL), y}.

/// CheckParams after CheckNotNull: CheckDtypeValid (x, y, scale lists per product; offset's list and scale's dtype;
/// y's dtype dstType; an 8-bit floating x needs a FLOAT scale), CheckAttrValid (sqrtMode false for an 8-bit floating
/// x), CheckShape (INT4: y of x's shape, an even last dim; INT32: y of x's shape with the last dim 8 times - a 0-d x
/// makes [8]; else y of x's shape; at most 8 dims; outside the Ascend 950: scale and offset 1-d, offset and scale
/// broadcastable to y, scale's size 1 or y's last dim; on the 950: offset of scale's shape, a 0-d x only for INT32,
/// CheckXAndScaleDim), then (after CANN's empty return, before it here) an INT4 x contiguous.
inline int CheckAscendAntiQuant(const OpCall& c, int64_t dstType, bool sqrtMode) {
    const aclTensor* x = c.t[0];
    const aclTensor* scale = c.t[1];
    const aclTensor* offset = c.t[2];
    const aclTensor* y = c.t[3];
    const rt::Soc s = c.soc;
    nnq::DtList xl, yl, sl;
    if (s == rt::Soc::kAscend950) {
        xl = {ACL_INT4, ACL_INT8, ACL_HIFLOAT8, ACL_FLOAT8_E5M2, ACL_FLOAT8_E4M3FN, ACL_INT32};
        yl = {ACL_FLOAT16, ACL_BF16};
        sl = {ACL_FLOAT, ACL_BF16};
    } else if (nnq::IsA2A3(s)) {
        xl = {ACL_INT4, ACL_INT8, ACL_INT32};
        yl = {ACL_FLOAT16, ACL_BF16};
        sl = {ACL_FLOAT, ACL_BF16};
    } else if (s == rt::Soc::kAscend310P) {
        xl = {ACL_INT8};
        yl = {ACL_FLOAT16};
        sl = {ACL_FLOAT};
    }
    if (int r = nnq::DtypeIn(x, "x", xl)) return r;
    if (int r = nnq::DtypeIn(y, "y", yl)) return r;
    if (int r = nnq::DtypeIn(scale, "scale", sl)) return r;
    if (offset != nullptr) {
        if (int r = nnq::DtypeIn(offset, "offset", sl)) return r;
        if (int r = nnq::DtypeSame(scale, "scale", offset, "offset")) return r;
    }
    if (static_cast<int64_t>(y->dtype) != dstType) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "out(y) data type must be the same as dstType.");
    }
    const bool fp8 = x->dtype == ACL_HIFLOAT8 || x->dtype == ACL_FLOAT8_E5M2 || x->dtype == ACL_FLOAT8_E4M3FN;
    if (fp8 && scale->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "when x is of type %s, scale must be FLOAT", DtypeName(x->dtype));
    }
    if (fp8 && sqrtMode) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "when x is of type %s, sqrtMode must be False", DtypeName(x->dtype));
    }
    const std::vector<int64_t>& xs = x->view_shape;
    const std::vector<int64_t>& ys = y->view_shape;
    if (x->dtype == ACL_INT4) {
        if (int r = nnq::ShapeSame(y, "y", x, "x")) return r;
        if (xs.empty() || xs.back() % 2 != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "x dtype is int4, the size of last dim must be an even number. x shape:%s, y shape:%s",
                        ShapeString(xs).c_str(), ShapeString(ys).c_str());
        }
    } else if (x->dtype == ACL_INT32) {
        if (xs.empty()) {
            if (!(ys.size() == 1 && ys[0] == 8)) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "x dtype is int32. And x is scalar, y should be (8,). x shape:%s, y shape:%s",
                            ShapeString(xs).c_str(), ShapeString(ys).c_str());
            }
        } else {
            if (xs.size() != ys.size()) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "dim num of x and y should be same. x shape:%s, y shape:%s",
                            ShapeString(xs).c_str(), ShapeString(ys).c_str());
            }
            for (size_t i = 0; i + 1 < xs.size(); ++i) {
                if (xs[i] != ys[i]) {
                    return Fail(ACLNN_ERR_PARAM_INVALID,
                                "x dtype is int32. The shape of x and y should be same, expect for the size of the last "
                                "axis.x shape:%s, y shape:%s, axis:%zu",
                                ShapeString(xs).c_str(), ShapeString(ys).c_str(), i);
                }
            }
            if (xs.back() * 8 != ys.back()) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "x dtype is int32. The last dim of y should be 8 times the last dim of x. x shape:%s, y "
                            "shape:%s",
                            ShapeString(xs).c_str(), ShapeString(ys).c_str());
            }
        }
    } else {
        if (int r = nnq::ShapeSame(y, "y", x, "x")) return r;
    }
    if (int r = nnq::MaxDims(x, "x")) return r;
    const std::vector<int64_t>& ss = scale->view_shape;
    if (s != rt::Soc::kAscend950) {
        if (ss.size() != 1) return Fail(ACLNN_ERR_PARAM_INVALID, "scale dim num must be 1. scale:%zu", ss.size());
        if (offset != nullptr) {
            if (offset->view_shape.size() != 1) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "offset dim num must be 1. offset:%zu", offset->view_shape.size());
            }
            if (int r = nnq::BroadcastWith(offset, "offset", ys)) return r;
            if (int r = nnq::ShapeSame(scale, "scale", offset, "offset")) return r;
        }
        // CheckDim: a scale of one element is per-tensor; else its size must be y's last dim
        if (ss[0] != 1) {
            const int64_t last = ys.empty() ? 1 : ys.back();
            if (ss[0] != last) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "the last dim size(%ld) of out(y) must be same as scale and offset(%ld).",
                            static_cast<long>(last), static_cast<long>(ss[0]));
            }
        }
        if (int r = nnq::BroadcastWith(scale, "scale", ys)) return r;
    } else {
        if (offset != nullptr) {
            if (int r = nnq::ShapeSame(scale, "scale", offset, "offset")) return r;
        }
        if (xs.empty() && x->dtype != ACL_INT32) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "when the dtype of x is not int32, x cannot be a scalar.");
        }
        // CheckXAndScaleDim
        if (scale->numel == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "scale cannot be an empty tensor.");
        if (x->dtype == ACL_INT32) {
            const int64_t xl1 = xs.empty() ? 0 : xs.back();
            const int64_t xl2 = xs.size() > 1 ? xs[xs.size() - 2] : 0;
            const int64_t sl1 = ss.empty() ? 0 : ss.back();
            if (xs.size() == 1 && sl1 != 1 && sl1 != xl1 * 8) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "when the dtype of x is int32 and x dim is 1, scale shape must be [1] or 8 times of x shape.");
            }
            if (xs.size() > 1) {
                if (ss.size() == 1 && sl1 != xl2 && sl1 != 1 && sl1 != xl1 * 8) {
                    return Fail(ACLNN_ERR_PARAM_INVALID,
                                "when the dtype of x is int32 and scale dim is 1, scale last dim must be [1], 8 times of "
                                "x last dim or x -2 dim.");
                }
                if (ss.size() > 1 && sl1 != 1 && sl1 != xl1 * 8) {
                    return Fail(ACLNN_ERR_PARAM_INVALID,
                                "when the dtype of x is int32, scale last dim must be [1] or 8 times of x last dim.");
                }
            }
        }
        // beyond CANN (whose kernel reads scale by its tiling): scale must broadcast to y (a 1-d scale of y's
        // second-to-last size applies along that dim)
        const bool perHead = ss.size() == 1 && ys.size() > 1 && ss[0] == ys[ys.size() - 2] && ss[0] != ys.back();
        if (!perHead) {
            if (int r = nnq::BroadcastWith(scale, "scale", ys)) return r;
        }
    }
    if (x->dtype == ACL_INT4 && x->numel > 0 && !nnq::IsContiguous(x)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "when x is of type int4, it must be contiguous");
    }
    return 0;
}

// ---------------------------------------------------------------------------------- DynamicQuant / DynamicQuantV2
// aclnn_dynamic_quant.cpp GetDynamicQuantResultByL0Api's CheckParams after CheckNotNull (pertoken; V1 and V2
// symmetric when offsetOut is NULL, so CheckAttr never fails for them); c.t = {x, smoothScalesOptional,
// [groupIndexOptional,] yOut, scaleOut, [offsetOut]}.

namespace nnq {
inline int DynamicQuantChecks(const OpCall& c, const aclTensor* x, const aclTensor* smooth, const aclTensor* group,
                              const aclTensor* y, const aclTensor* scale, const aclTensor* offset) {
    const rt::Soc s = c.soc;
    // CheckDtype: x (FLOAT16, BF16 on DAV_2201 / regbase; FLOAT16 on DAV_1001 / DAV_2002)
    DtList in;
    DtList out;
    if (s == rt::Soc::kAscend950 || IsA2A3(s)) {
        in = {ACL_FLOAT16, ACL_BF16};
    } else {
        in = {ACL_FLOAT16};
    }
    if (s == rt::Soc::kAscend950) {
        out = {ACL_INT4, ACL_INT8, ACL_INT32, ACL_HIFLOAT8, ACL_FLOAT8_E5M2, ACL_FLOAT8_E4M3FN};
    } else if (IsA2A3(s)) {
        out = {ACL_INT4, ACL_INT8, ACL_INT32};
    } else {
        out = {ACL_INT8};
    }
    const char* bad_dtype = "invalid dtype.";
    (void)bad_dtype;
    if (int r = DtypeIn(x, "dynamicQuantParams.x", in)) return r;
    if (smooth != nullptr) {
        if (int r = DtypeIn(smooth, "dynamicQuantParams.smoothScales", in)) return r;
        if (x->dtype != smooth->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The dtypes of x and smooth_scales are not equal.");
        }
        if (group != nullptr) {
            if (int r = DtypeIn(group, "dynamicQuantParams.groupIndex", {ACL_INT32, ACL_INT64})) return r;
        }
    }
    if (int r = DtypeIn(y, "dynamicQuantParams.y", out)) return r;
    if (int r = DtypeIs(scale, "dynamicQuantParams.scale", ACL_FLOAT)) return r;
    if (offset != nullptr) {
        if (int r = DtypeIs(offset, "dynamicQuantParams.offset", ACL_FLOAT)) return r;
    }
    // CheckShape
    const std::vector<int64_t>& xs = x->view_shape;
    const size_t xn = xs.size();
    if (xn <= 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dimNum[%lu] of x should be greater than 1",
                    static_cast<unsigned long>(xn));
    }
    if (xn >= 9) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dimNum[%lu] of x should be less than 9", static_cast<unsigned long>(xn));
    }
    const int64_t xLast = xs[xn - 1];
    if (smooth != nullptr) {
        if (group != nullptr) {
            const size_t gn = group->view_shape.size();
            if (gn != 1) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "The dimNum[%lu] of group_indexs should be equal to one.",
                            static_cast<unsigned long>(gn));
            }
            // beyond CANN (the kernel reads smooth row g for group g): smooth [groups, H]
            const std::vector<int64_t>& ms = smooth->view_shape;
            if (ms.size() != 2 || ms[0] != group->view_shape[0] || ms[1] != xLast) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "Expected smooth_scales of shape [%ld, %ld] (one row per group), but found %s.",
                            static_cast<long>(group->view_shape[0]), static_cast<long>(xLast),
                            ShapeString(ms).c_str());
            }
        } else {
            const size_t sn = smooth->view_shape.size();
            if (sn != 1) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "The dimNum[%lu] of smooth_scales should be equal to one.",
                            static_cast<unsigned long>(sn));
            }
            const int64_t sl = smooth->view_shape[0];
            if (sl != xLast) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "The last dim[%ld] of x and the dim[%ld] of smooth_scales shoule be equal.",
                            static_cast<long>(xLast), static_cast<long>(sl));
            }
        }
    }
    const std::vector<int64_t>& ys = y->view_shape;
    if (y->dtype != ACL_INT32) {
        if (ys != xs) return Fail(ACLNN_ERR_PARAM_INVALID, "The shapes of x and y are inconsistent.");
    } else {
        if (ys.size() != xn) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected y of %zu dims (x's), but found %zu.", xn, ys.size());
        }
        if (xLast != ys[xn - 1] * 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "If output dtype is int32, the last dimension of output must be 1/8 of the last dimension of "
                        "input, the last dim of input is (%ld), the last dim of output is (%ld).",
                        static_cast<long>(xLast), static_cast<long>(ys[xn - 1]));
        }
        for (size_t i = 0; i + 1 < xn; ++i) {
            if (xs[i] != ys[i]) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "The (%ld)-th dim of input must be the same as (%ld)-th dim of output, where input is (%ld) "
                            "and output is (%ld).",
                            static_cast<long>(i), static_cast<long>(i), static_cast<long>(xs[i]),
                            static_cast<long>(ys[i]));
            }
        }
    }
    if (y->dtype == ACL_INT4 && xLast % 2 != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "If y dtype is int4, the last dim of x must be divisible by 2, but the last dim is (%ld).",
                    static_cast<long>(xLast));
    }
    // pertoken: scale's shape x's without the last dim
    const std::vector<int64_t> want(xs.begin(), xs.end() - 1);
    if (scale->view_shape != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The shapes of x and scale should be consistent except for the last dimension of x.");
    }
    if (offset != nullptr) {
        if (int r = ShapeSame(offset, "dynamicQuantParams.offset", scale, "dynamicQuantParams.scale")) return r;
    }
    // beyond CANN: an INT4 yOut (M = 7) is not computed here yet - the formula sees it as INT8 (the engine's
    // widened type) and cannot tell the two apart; the packed INT32 form computes the same values
    if (y->dtype == ACL_INT4) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "yOut of dtype DT_INT4 is not implemented at the reference tier yet; pass an INT32 yOut (eight "
                    "int4 values packed per element).");
    }
    return 0;
}
}  // namespace nnq

/// aclnnDynamicQuant: c.t = {x, smoothScalesOptional, yOut, scaleOut}.
inline int CheckDynamicQuant(const OpCall& c) {
    return nnq::DynamicQuantChecks(c, c.t[0], c.t[1], nullptr, c.t[2], c.t[3], nullptr);
}

/// aclnnDynamicQuantV2: c.t = {x, smoothScalesOptional, groupIndexOptional, yOut, scaleOut, offsetOut}; dstType is
/// not read by CANN's checks (y's dtype decides).
inline int CheckDynamicQuantV2(const OpCall& c, int64_t /*dstType*/) {
    return nnq::DynamicQuantChecks(c, c.t[0], c.t[1], c.t[2], c.t[3], c.t[4], c.t[5]);
}

// ---------------------------------------------------------------------------------- Quantize
// aclnn_quantize.cpp CheckParams after CheckNotNull: CheckShapeValid, CheckDtypeValid, CheckFormat;
// c.t = {x, scales, zeroPoints (or NULL), out}.
inline int CheckQuantize(const OpCall& c, aclDataType dtype, int32_t axis) {
    const aclTensor* x = c.t[0];
    const aclTensor* scales = c.t[1];
    const aclTensor* zp = c.t[2];
    const aclTensor* out = c.t[3];
    // CheckShapeValid
    if (int r = nnq::MaxDims(x, "x")) return r;
    if (int r = nnq::ShapeSame(out, "out", x, "x")) return r;
    const int64_t xDim = static_cast<int64_t>(x->view_shape.size());
    if (scales->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input scales shape only support 1 dimension.");
    }
    const int64_t ss = scales->view_shape[0];
    if (zp != nullptr) {
        if (zp->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Input zeroPoints shape only support 1 dimension.");
        }
        if (zp->view_shape[0] != ss) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Scales size should be equal to zeroPoints size.");
        }
    }
    if (ss != 1) {
        if (axis < -xDim || axis >= xDim) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Axis out of range (expected to be in range of [-%ld, %ld], but got %d)", static_cast<long>(xDim),
                        static_cast<long>(xDim - 1), axis);
        }
        const int64_t a = axis < 0 ? axis + xDim : axis;
        const int64_t xs = x->view_shape[static_cast<size_t>(a)];
        if (ss != xs) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "The size of scales must equal to 1 or the specified dimension of x, which is %ld.",
                        static_cast<long>(xs));
        }
    }
    // CheckDtypeValid: GetSocSupportDtypeMap per NpuArch
    const rt::Soc s = c.soc;
    nnq::DtList xl, zl, ol;
    if (s == rt::Soc::kAscend950) {
        xl = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
        zl = {ACL_INT8, ACL_UINT8, ACL_INT32, ACL_FLOAT, ACL_BF16};
        ol = {ACL_INT8, ACL_UINT8, ACL_INT32, ACL_HIFLOAT8, ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2};
    } else if (nnq::IsA2A3(s)) {
        xl = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
        zl = {ACL_INT8, ACL_UINT8, ACL_INT32, ACL_BF16};
        ol = {ACL_INT8, ACL_UINT8, ACL_INT32};
    } else {
        xl = {ACL_FLOAT, ACL_FLOAT16};
        zl = {ACL_INT8, ACL_UINT8, ACL_INT32};
        ol = {ACL_INT8, ACL_UINT8, ACL_INT32};
    }
    if (int r = nnq::DtypeIn(x, "x", xl)) return r;
    if (int r = nnq::DtypeIn(scales, "scales", xl)) return r;
    if (zp != nullptr) {
        if (int r = nnq::DtypeIn(zp, "zeroPoints", zl)) return r;
    }
    if (!nnq::InList(dtype, ol)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Param dtype %s should be in dtype support list [%s].", DtypeName(dtype),
                    engine::DtypeListString(ol.data(), ol.size()).c_str());
    }
    if (int r = nnq::DtypeIn(out, "out", ol)) return r;
    if (int r = nnq::DtypeIs(out, "out", dtype)) return r;
    if (zp != nullptr) {
        if (zp->dtype == ACL_BF16 || scales->dtype == ACL_BF16) {
            if (int r = nnq::DtypeIs(x, "x", ACL_BF16)) return r;
            if (int r = nnq::DtypeIs(scales, "scales", ACL_BF16)) return r;
            if (int r = nnq::DtypeIs(zp, "zeroPoints", ACL_BF16)) return r;
        }
    } else if (scales->dtype == ACL_BF16) {
        if (int r = nnq::DtypeIs(x, "x", ACL_BF16)) return r;
    }
    // CheckFormat
    if (IsPrivateFormatCode(x->format) || IsPrivateFormatCode(scales->format) || IsPrivateFormatCode(out->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of x, scales or out only support ND.");
    }
    if (zp != nullptr && IsPrivateFormatCode(zp->format)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of zeroPoints only support ND.");
    }
    return 0;
}

// ---------------------------------------------------------------------------------- FakeQuant*AffineCachemask
// aclnn_fake_quant_per_tensor_affine_cachemask.cpp / aclnn_fake_quant_per_channel_affine_cachemask.cpp CheckParams
// after CheckNotNull; c.t = {self, scale, zeroPoint, out, mask}.

namespace nnq {
/// CheckDtypeValid of both: self and scale FLOAT16 / FLOAT (every product); zeroPoint INT32 (per tensor) or in
/// INT32, FLOAT16, FLOAT (per channel); out castable to the promoted type of self and scale (CanCast(out, promoted)
/// - the op_api's argument order); mask BOOL.
inline int FakeQuantDtypes(const OpCall& c, bool perChannel) {
    const DtList l = {ACL_FLOAT16, ACL_FLOAT};
    if (int r = DtypeIn(c.t[0], "self", l)) return r;
    if (int r = DtypeIn(c.t[1], "scale", l)) return r;
    if (perChannel) {
        if (int r = DtypeIn(c.t[2], "zeroPoint", {ACL_INT32, ACL_FLOAT16, ACL_FLOAT})) return r;
    } else {
        if (int r = DtypeIs(c.t[2], "zeroPoint", ACL_INT32)) return r;
    }
    const aclDataType p = PromoteTypes(c.t[0]->dtype, c.t[1]->dtype);
    if (!CanCast(c.t[3]->dtype, p)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Promote dtype %s can't be cast to the desired output type %s.",
                    DtypeName(p), DtypeName(c.t[3]->dtype));
    }
    return DtypeIs(c.t[4], "mask", ACL_BOOL);
}

inline int FakeQuantRange(int64_t quantMin, int64_t quantMax) {
    if (quantMin <= quantMax) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "`quantMin` should be less than or equal to `quantMax`.");
}
}  // namespace nnq

/// Per tensor: CheckDtypeValid, CheckShape (scale of one element, then scale's and zeroPoint's counts' product 1;
/// out and mask of self's shape), CheckQuantValue.
inline int CheckFakeQuantPerTensor(const OpCall& c, float /*fakeQuantEnabled*/, int64_t quantMin, int64_t quantMax) {
    if (int r = nnq::FakeQuantDtypes(c, false)) return r;
    int64_t total = nnq::NumelOf(c.t[1]->view_shape);
    if (total != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "scale: a Tensor with %ld elements cannot be converted to Scalar",
                    static_cast<long>(total));
    }
    total *= nnq::NumelOf(c.t[2]->view_shape);
    if (total != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "zeroPoint: a Tensor with %ld elements cannot be converted to Scalar",
                    static_cast<long>(total));
    }
    if (int r = nnq::ShapeSame(c.t[0], "self", c.t[3], "out")) return r;
    if (int r = nnq::ShapeSame(c.t[0], "self", c.t[4], "mask")) return r;
    return nnq::FakeQuantRange(quantMin, quantMax);
}

/// Per channel: CheckDtypeValid, CheckShape (scale and zeroPoint 1-d of one size, axis within self's dims - [-1, 0]
/// for a 0-d self -, self's size along axis theirs, out and mask of self's shape), CheckQuantValue.
inline int CheckFakeQuantPerChannel(const OpCall& c, int64_t axis, int64_t quantMin, int64_t quantMax) {
    if (int r = nnq::FakeQuantDtypes(c, true)) return r;
    const std::vector<int64_t>& ss = c.t[1]->view_shape;
    const std::vector<int64_t>& zs = c.t[2]->view_shape;
    if (ss.size() != 1) return Fail(ACLNN_ERR_PARAM_INVALID, "scale should be a 1-D tensor");
    if (zs.size() != 1) return Fail(ACLNN_ERR_PARAM_INVALID, "zero point should be a 1-D tensor");
    if (ss[0] != zs[0]) return Fail(ACLNN_ERR_PARAM_INVALID, "scale and zeroPoint need to have the same dimensions");
    const int64_t n = static_cast<int64_t>(c.t[0]->view_shape.size());
    if (n == 0 && axis != 0 && axis != -1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Dimension out of range (expected to be in range of [-1, 0], but got %ld)",
                    static_cast<long>(axis));
    }
    if (n > 0 && (axis < -n || axis >= n)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Dimension out of range (expected to be in range of [-%ld, %ld],but got %ld)",
                    static_cast<long>(n), static_cast<long>(n - 1), static_cast<long>(axis));
    }
    // beyond CANN (which would read dim -1 of a 0-d self): a 0-d self has one channel
    const int64_t expect = n == 0 ? 1 : c.t[0]->view_shape[static_cast<size_t>(axis < 0 ? axis + n : axis)];
    if (expect != ss[0] || expect != zs[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dimensions of scale and zero-point are not consistant with input tensor");
    }
    if (int r = nnq::ShapeSame(c.t[0], "self", c.t[3], "out")) return r;
    if (int r = nnq::ShapeSame(c.t[0], "self", c.t[4], "mask")) return r;
    return nnq::FakeQuantRange(quantMin, quantMax);
}

// ---------------------------------------------------------------------------------- GroupQuant
// aclnn_group_quant.cpp CheckParams after CheckNotNull (x, scale, groupIndex, y): CheckDtypeValid (the lists exist
// for DAV_2201 and DAV_3510 only: every call refused on Ascend910 and Ascend310P), CheckShape (CheckDim, then y's
// shape: CheckSpecialIOShape for INT32 / INT4, else x's); c.t = {x, scale, groupIndex, offsetOptional, y}.
inline int CheckGroupQuant(const OpCall& c, int32_t dstType) {
    const aclTensor* x = c.t[0];
    const aclTensor* scale = c.t[1];
    const aclTensor* group = c.t[2];
    const aclTensor* offset = c.t[3];
    const aclTensor* y = c.t[4];
    const bool listed = c.soc == rt::Soc::kAscend950 || nnq::IsA2A3(c.soc);
    const nnq::DtList xl = listed ? nnq::DtList{ACL_FLOAT16, ACL_FLOAT, ACL_BF16} : nnq::DtList{};
    const nnq::DtList gl = listed ? nnq::DtList{ACL_INT32, ACL_INT64} : nnq::DtList{};
    const nnq::DtList yl = listed ? nnq::DtList{ACL_INT8, ACL_INT32, ACL_INT4} : nnq::DtList{};
    if (int r = nnq::DtypeIn(x, "x", xl)) return r;
    if (int r = nnq::DtypeIn(scale, "scale", xl)) return r;
    if (int r = nnq::DtypeIn(group, "groupIndex", gl)) return r;
    if (int r = nnq::DtypeIn(y, "y", yl)) return r;
    if (offset != nullptr) {
        if (int r = nnq::DtypeIn(offset, "offsetOptional", xl)) return r;
        if (int r = nnq::DtypeSame(scale, "scale", offset, "offsetOptional")) return r;
    }
    if (static_cast<int32_t>(y->dtype) != dstType) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "y dtype must be the same as dstType.");
    }
    // CheckDim
    if (offset != nullptr && offset->numel > 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "offsetOptional tensor should be scalar or tensor with shape is [1, ].");
    }
    const std::vector<int64_t>& xs = x->view_shape;
    const std::vector<int64_t>& ss = scale->view_shape;
    if (xs.size() != 2) return Fail(ACLNN_ERR_PARAM_INVALID, "x tensor should be 2D.");
    if (ss.size() != 2) return Fail(ACLNN_ERR_PARAM_INVALID, "scale tensor should be 2D.");
    if (group->view_shape.size() != 1) return Fail(ACLNN_ERR_PARAM_INVALID, "groupIndex tensor should be 1D.");
    if (xs[1] != ss[1]) return Fail(ACLNN_ERR_PARAM_INVALID, "x dim1 should be same with scale dim1.");
    if (ss[0] != group->view_shape[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "scale dim0 should be same with groupIndex dim0.");
    }
    const std::vector<int64_t>& ys = y->view_shape;
    if (y->dtype == ACL_INT32 || y->dtype == ACL_INT4) {
        if (ys.size() != xs.size()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "input x dim num should be same with output y dim num.");
        }
        if (xs[0] != ys[0]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "the dim(%ld) of x must be same with y, x is (%ld), y is (%ld).", 0L,
                        static_cast<long>(xs[0]), static_cast<long>(ys[0]));
        }
        if (y->dtype == ACL_INT32) {
            if (xs[1] != ys[1] * 8) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "if dstType is int32, the y last dim must be 1/8 of x last dim, x last dim is (%ld), y last "
                            "dim is (%ld)",
                            static_cast<long>(xs[1]), static_cast<long>(ys[1]));
            }
        } else {
            if (xs[1] % 2 != 0) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "if dstType is int4, x last dim must be divisible by 2, last dim is (%ld).",
                            static_cast<long>(xs[1]));
            }
            if (xs[1] != ys[1]) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "x last dim must be equal with y last dim. x last dim is (%ld), y last dim is (%ld)",
                            static_cast<long>(xs[1]), static_cast<long>(ys[1]));
            }
        }
        return 0;
    }
    return nnq::ShapeSame(y, "y", x, "x");
}

}  // namespace aclcpu
