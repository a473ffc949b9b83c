// The custom first-phase checks of the nn_quant_mx family (ops/families/nn_quant_mx.yaml; docs/ops/nn_quant_mx.md).
// Included at the end of src/op/reference_checks.h (through the generated op/family_hooks.inc). Each hook is
// int <hook>(const OpCall& c, <the entry's non-tensor parameters>): 0, or the status with its message.
//
// Facts: hicann/ops-nn. Most of these operators have no op_api source: CANN's build generates their aclnn layer
// from the operator definition (op_host/*_def.cpp: one Ascend 950 configuration, the dtype combinations), and the
// remaining checks are the tiling functions' (op_host/arch35/*_tiling*.cpp: round mode, dstType, blocksize,
// scaleAlg, dstTypeMax, maxLowBound, ranks and shapes), which run inside CANN's first phase. The hooks restate
// those checks in the tiling's order; the messages are aclcpu's (they name the same parameter and rule). Every
// refusal is 161002 as the operators' docs list it ("the dtype ... not supported", "the shape ... does not satisfy
// the check", "axis, roundModeOptional, dstType, blocksize, scaleAlg not a supported value"); a product other than
// the Ascend 950 is refused with 361001 (the docs' ACLNN_ERR_RUNTIME_ERROR: "the current platform is not supported").
#pragma once

#include <cmath>
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
namespace nnqmx {

inline bool IsFp8(aclDataType d) { return d == ACL_FLOAT8_E4M3FN || d == ACL_FLOAT8_E5M2; }
inline bool IsFp4(aclDataType d) { return d == ACL_FLOAT4_E2M1 || d == ACL_FLOAT4_E1M2; }
inline bool IsMxElem(aclDataType d) { return IsFp8(d) || IsFp4(d); }

inline int Platform(const OpCall& c) {
    if (c.soc == rt::Soc::kAscend950) return 0;
    return Fail(ACLNN_ERR_RUNTIME_ERROR, "%s is supported on Ascend 950 only: the current platform is not supported.",
                c.api);
}

/// opbase IsContiguous: the view's strides those of a row-major layout of its shape (dims of size 1 skipped).
inline bool ContiguousView(const aclTensor* t) {
    int64_t want = 1;
    for (size_t i = t->view_shape.size(); i-- > 0;) {
        if (t->view_shape[i] != 1 && t->strides[i] != want) return false;
        want *= t->view_shape[i];
    }
    return true;
}

inline int Bad(const char* what) { return Fail(ACLNN_ERR_PARAM_INVALID, "%s", what); }

/// The round mode (NULL: "rint"): one of rint, round, floor; rint only for a FLOAT8 y.
inline int RoundMode(const char* roundMode, aclDataType y) {
    const std::string r = roundMode == nullptr ? std::string("rint") : std::string(roundMode);
    if (r != "rint" && r != "round" && r != "floor") {
        return Fail(ACLNN_ERR_PARAM_INVALID, "roundMode %s is invalid: the value of round_mode must be rint, round or floor.",
                    r.c_str());
    }
    if (IsFp8(y) && r != "rint") {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "roundMode %s is invalid: if the dtype of y is FLOAT8_E4M3FN / FLOAT8_E5M2, round_mode must be rint.",
                    r.c_str());
    }
    return 0;
}

/// y's dtype must be the one dstType names.
inline int DstMatches(aclDataType y, int64_t dstType, const char* yname) {
    if (static_cast<int64_t>(y) == dstType) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of %s (%s) and dstType (%ld) must be the same.", yname, DtypeName(y),
                static_cast<long>(dstType));
}

/// scaleAlg against y's dtype: 0, 1, 2; FLOAT4_E2M1 0 or 2; FLOAT4_E1M2 0; FLOAT8 0 or 1.
inline int ScaleAlg(int64_t scaleAlg, aclDataType y) {
    if (scaleAlg < 0 || scaleAlg > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "scaleAlg %ld is invalid: the value of scale_alg must be 0, 1 or 2.",
                    static_cast<long>(scaleAlg));
    }
    if (y == ACL_FLOAT4_E2M1 && scaleAlg == 1) {
        return Bad("If the dtype of y is FLOAT4_E2M1, scaleAlg must be 0 or 2.");
    }
    if (y == ACL_FLOAT4_E1M2 && scaleAlg != 0) return Bad("If the dtype of y is FLOAT4_E1M2, scaleAlg must be 0.");
    if (IsFp8(y) && scaleAlg == 2) return Bad("If the dtype of y is FLOAT8_E4M3FN / FLOAT8_E5M2, scaleAlg must be 0 or 1.");
    return 0;
}

inline int DstTypeMax(double d) {
    if (std::isnan(d) || d < 0 || (d > 0 && d < 6) || d > 12) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dstTypeMax %g is invalid: it must be 0 or within [6, 12].", d);
    }
    return 0;
}

inline int XDtype(const aclTensor* x, bool allowFloat) {
    const aclDataType d = x->dtype;
    if (d == ACL_FLOAT16 || d == ACL_BF16 || (allowFloat && d == ACL_FLOAT)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of x (%s) must be %s.", DtypeName(d),
                allowFloat ? "FLOAT16, BFLOAT16 or FLOAT" : "FLOAT16 or BFLOAT16");
}

inline int YDtype(const aclTensor* y, const char* name) {
    if (IsMxElem(y->dtype)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "The dtype of %s (%s) must be FLOAT4_E2M1, FLOAT4_E1M2, FLOAT8_E4M3FN or FLOAT8_E5M2.", name,
                DtypeName(y->dtype));
}

inline int ScaleDtype(const aclTensor* s, const char* name) {
    if (s->dtype == ACL_FLOAT8_E8M0) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of %s (%s) must be FLOAT8_E8M0.", name, DtypeName(s->dtype));
}

inline int SameShape(const aclTensor* x, const aclTensor* y, const char* yname) {
    if (x->view_shape == y->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The shapes of x %s and %s %s must be the same.", ShapeString(x->view_shape).c_str(),
                yname, ShapeString(y->view_shape).c_str());
}

/// The mxscale shape of an MX quantisation of shape `x` along axis a in blocks of bs: x's with dim a replaced by
/// ceil(ceil(x[a] / bs) / 2), then a trailing 2.
inline std::vector<int64_t> MxScaleShape(const std::vector<int64_t>& x, size_t a, int64_t bs) {
    std::vector<int64_t> s = x;
    const int64_t groups = (x[a] + bs - 1) / bs;
    s[a] = (groups + 1) / 2;
    s.push_back(2);
    return s;
}

inline int ScaleShape(const aclTensor* s, const std::vector<int64_t>& want, const char* name) {
    if (s->view_shape == want) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The shape of %s %s is invalid: it must be %s.", name,
                ShapeString(s->view_shape).c_str(), ShapeString(want).c_str());
}

/// aclnnDynamicMxQuant / V2 / V3 (dynamic_mx_quant_tiling_arch35.cpp GetAttr, CheckDtype, CheckShape and the FLOAT
/// input's axis-length rule).
inline int DynamicMxQuantChecks(const OpCall& c, int64_t axis, const char* roundMode, int64_t dstType, int64_t blocksize,
                                int64_t scaleAlg, double dstTypeMax, double maxLowBound) {
    if (int r = Platform(c)) return r;
    const aclTensor* x = c.t[0];
    const aclTensor* y = c.t[1];
    const aclTensor* s = c.t[2];
    // GetAttr
    if (int r = RoundMode(roundMode, y->dtype)) return r;
    if (int r = DstMatches(y->dtype, dstType, "yOut")) return r;
    if (blocksize <= 0 || blocksize > 1024) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "blocksize %ld is invalid: it must be within (0, 1024].",
                    static_cast<long>(blocksize));
    }
    if (blocksize % 32 != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "blocksize %ld is invalid: it must be a multiple of 32.",
                    static_cast<long>(blocksize));
    }
    if (x->dtype == ACL_FLOAT && blocksize != 32) return Bad("If the dtype of x is FLOAT, blocksize must be 32.");
    if (int r = ScaleAlg(scaleAlg, y->dtype)) return r;
    if (scaleAlg == 2 && blocksize != 32) return Bad("If scaleAlg is 2, blocksize must be 32.");
    if (int r = DstTypeMax(dstTypeMax)) return r;
    if (scaleAlg != 1 && std::fabs(maxLowBound) > 1e-6) return Bad("maxLowBound must be 0 when scaleAlg is not 1.");
    if (!(maxLowBound >= 0)) return Bad("maxLowBound must be non-negative.");
    // CheckDtype
    if (int r = XDtype(x, true)) return r;
    if (int r = YDtype(y, "yOut")) return r;
    if (int r = ScaleDtype(s, "mxscaleOut")) return r;
    // CheckShape
    const std::vector<int64_t>& xs = x->view_shape;
    const int64_t nd = static_cast<int64_t>(xs.size());
    if (nd < 1 || nd > 7) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x has %ld dims: the shape dim of x must be within [1, 7].",
                    static_cast<long>(nd));
    }
    if (axis >= nd || axis < -nd) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "axis %ld is invalid: it must be within [%ld, %ld].", static_cast<long>(axis),
                    static_cast<long>(-nd), static_cast<long>(nd - 1));
    }
    if (IsFp4(y->dtype) && xs.back() % 2 != 0) {
        return Bad("When the dtype of y is FLOAT4_E2M1 or FLOAT4_E1M2, the last dim of x must be even.");
    }
    if (int r = SameShape(x, y, "yOut")) return r;
    const size_t a = static_cast<size_t>(axis < 0 ? axis + nd : axis);
    if (s->view_shape.size() != xs.size() + 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "mxscaleOut has %zu dims: it must have x's plus 1 (%zu).",
                    s->view_shape.size(), xs.size() + 1);
    }
    if (int r = ScaleShape(s, MxScaleShape(xs, a, blocksize), "mxscaleOut")) return r;
    if (x->dtype == ACL_FLOAT && xs[a] < 32 && x->numel > 0) {
        return Bad("A FLOAT x with a quantisation axis shorter than 32 is not supported.");
    }
    return 0;
}

/// aclnnDynamicMxQuantWithDualAxis / V2 (dynamic_mx_quant_with_dual_axis_tiling.cpp): c.t = {x, y1Out, mxscale1Out,
/// y2Out, mxscale2Out}.
inline int DualAxisChecks(const OpCall& c, const char* roundMode, int64_t dstType, int64_t scaleAlg, double dstTypeMax) {
    if (int r = Platform(c)) return r;
    const aclTensor* x = c.t[0];
    const aclTensor* y1 = c.t[1];
    const aclTensor* s1 = c.t[2];
    const aclTensor* y2 = c.t[3];
    const aclTensor* s2 = c.t[4];
    if (int r = RoundMode(roundMode, y1->dtype)) return r;
    if (int r = DstMatches(y1->dtype, dstType, "y1Out")) return r;
    if (int r = DstMatches(y2->dtype, dstType, "y2Out")) return r;
    if (int r = ScaleAlg(scaleAlg, y1->dtype)) return r;
    if (int r = DstTypeMax(dstTypeMax)) return r;
    if (int r = XDtype(x, false)) return r;
    if (int r = YDtype(y1, "y1Out")) return r;
    if (int r = YDtype(y2, "y2Out")) return r;
    if (int r = ScaleDtype(s1, "mxscale1Out")) return r;
    if (int r = ScaleDtype(s2, "mxscale2Out")) return r;
    const std::vector<int64_t>& xs = x->view_shape;
    if (xs.size() < 2 || xs.size() > 7) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x has %zu dims: the shape dim of x must be within [2, 7].", xs.size());
    }
    if (IsFp4(y1->dtype) && xs.back() % 2 != 0) {
        return Bad("When the dtype of y is FLOAT4_E2M1 or FLOAT4_E1M2, the last dim of x must be even.");
    }
    if (int r = SameShape(x, y1, "y1Out")) return r;
    if (int r = SameShape(x, y2, "y2Out")) return r;
    if (int r = ScaleShape(s1, MxScaleShape(xs, xs.size() - 1, 32), "mxscale1Out")) return r;
    if (int r = ScaleShape(s2, MxScaleShape(xs, xs.size() - 2, 32), "mxscale2Out")) return r;
    return 0;
}


/// aclnnGroupedDynamicMxQuant / V2 (quant/grouped_dynamic_mx_quant/op_api/aclnn_grouped_dynamic_mx_quant*.cpp
/// CheckParams after CheckNotNull: CheckDtypeValid, CheckShape; then the empty groupIndex refusal and, V2, an FP4 y
/// that is not contiguous; mxscale not contiguous): c.t = {x, groupIndex, y, mxscale}.
inline int GroupedChecks(const OpCall& c, const char* roundMode, int64_t dstType, int64_t blocksize, int64_t scaleAlg,
                         bool v2) {
    const aclTensor* x = c.t[0];
    const aclTensor* gi = c.t[1];
    const aclTensor* y = c.t[2];
    const aclTensor* s = c.t[3];
    // CheckDtypeValid: a regbase arch only
    if (c.soc != rt::Soc::kAscend950) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: support for this NpuArch is not implemented (Ascend 950 only).", c.api);
    }
    if (x->dtype != ACL_FLOAT16 && x->dtype != ACL_BF16) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor x not implemented for %s, should be in dtype support list [DT_FLOAT16, DT_BF16].",
                    DtypeName(x->dtype));
    }
    if (gi->dtype != ACL_INT32) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor groupIndex not implemented for %s, should be in dtype support list [DT_INT32].",
                    DtypeName(gi->dtype));
    }
    if (!(v2 ? IsMxElem(y->dtype) : IsFp8(y->dtype))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor y not implemented for %s, should be in dtype support list %s.",
                    DtypeName(y->dtype),
                    v2 ? "[DT_FLOAT8_E4M3FN, DT_FLOAT8_E5M2, DT_FLOAT4_E2M1, DT_FLOAT4_E1M2]"
                       : "[DT_FLOAT8_E4M3FN, DT_FLOAT8_E5M2]");
    }
    if (s->dtype != ACL_FLOAT8_E8M0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor mxscale not implemented for %s, should be in dtype support list [DT_FLOAT8_E8M0].",
                    DtypeName(s->dtype));
    }
    const std::string mode(roundMode);
    if (v2 ? (mode != "rint" && mode != "round" && mode != "floor") : mode != "rint") {
        return Fail(ACLNN_ERR_PARAM_INVALID, "roundMode %s is not supported: expected %s.", mode.c_str(),
                    v2 ? "rint, round or floor" : "rint");
    }
    if (blocksize != 32) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "blocksize only supports 32, but got %ld.", static_cast<long>(blocksize));
    }
    if (v2 && (scaleAlg < 0 || scaleAlg > 2)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "scaleAlg only supports 0, 1 or 2, but got %ld.", static_cast<long>(scaleAlg));
    }
    if (static_cast<int64_t>(y->dtype) != dstType) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dstType %ld must be y's dtype %s.", static_cast<long>(dstType),
                    DtypeName(y->dtype));
    }
    // CheckShape
    const std::vector<int64_t>& xs = x->view_shape;
    if (xs.size() != 2) return Fail(ACLNN_ERR_PARAM_INVALID, "x has %zu dims: it should be 2-D.", xs.size());
    if (gi->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "groupIndex has %zu dims: it should be 1-D.", gi->view_shape.size());
    }
    if (y->view_shape.size() != 2) return Fail(ACLNN_ERR_PARAM_INVALID, "y has %zu dims: it should be 2-D.", y->view_shape.size());
    if (s->view_shape.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "mxscale has %zu dims: it should be 3-D.", s->view_shape.size());
    }
    if (int r = SameShape(x, y, "y")) return r;
    const int64_t want0 = xs[0] / 64 + gi->view_shape[0];
    if (s->view_shape[2] != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "mxscale dim2 is %ld: it should be 2.", static_cast<long>(s->view_shape[2]));
    }
    if (s->view_shape[1] != xs[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "mxscale dim1 is %ld: it should be x's dim1 (%ld).",
                    static_cast<long>(s->view_shape[1]), static_cast<long>(xs[1]));
    }
    if (s->view_shape[0] != want0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "mxscale dim0 is %ld: it should be x's dim0 / 64 + the group count (%ld).",
                    static_cast<long>(s->view_shape[0]), static_cast<long>(want0));
    }
    if (gi->numel == 0) return Bad("groupIndex does not support empty values.");
    if (x->numel == 0) return 0;
    if (v2 && IsFp4(y->dtype) && !ContiguousView(y)) {
        return Bad("When the data type of y is float4, it must be contiguous.");
    }
    if (!ContiguousView(s)) return Bad("mxscale must be contiguous.");
    return 0;
}

/// aclnnRmsNormDynamicMxQuant / aclnnAddRmsNormDynamicMxQuant (norm/*_dynamic_mx_quant: the op_api's CheckNotNull -
/// rstdOut only when outputRstd - and empty return, then the arch35 tiling's GetAttr, CheckDtype, CheckShape):
/// x the input (x1 of the Add form, x2 beside it), xOut the Add form's sum output.
inline int RmsNormMxChecks(const OpCall& c, const aclTensor* x, const aclTensor* x2, const aclTensor* gamma,
                           const aclTensor* beta, const aclTensor* y, const aclTensor* xOut, const aclTensor* s,
                           const aclTensor* rstd, int64_t scaleAlg, const char* roundMode, int64_t dstType,
                           bool outputRstd) {
    if (outputRstd && rstd == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument rstdOut.");
    }
    if (int r = Platform(c)) return r;
    // GetAttr
    if (scaleAlg != 0 && scaleAlg != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "scaleAlg %ld is invalid: it must be 0 or 1.", static_cast<long>(scaleAlg));
    }
    const std::string r = roundMode == nullptr ? std::string("rint") : std::string(roundMode);
    if (r != "rint" && r != "round" && r != "floor") {
        return Fail(ACLNN_ERR_PARAM_INVALID, "roundMode %s is invalid: it must be rint, round or floor.", r.c_str());
    }
    // CheckDtype
    if (x2 != nullptr && x2->dtype != x->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of x2 (%s) must be x1's (%s).", DtypeName(x2->dtype),
                    DtypeName(x->dtype));
    }
    if (x->dtype != ACL_FLOAT16 && x->dtype != ACL_BF16) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of %s (%s) must be FLOAT16 or BFLOAT16.",
                    x2 != nullptr ? "x1" : "x", DtypeName(x->dtype));
    }
    if (gamma->dtype != x->dtype && gamma->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of gamma (%s) must be x's (%s) or FLOAT.", DtypeName(gamma->dtype),
                    DtypeName(x->dtype));
    }
    if (beta != nullptr && beta->dtype != gamma->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of beta (%s) must be gamma's (%s).", DtypeName(beta->dtype),
                    DtypeName(gamma->dtype));
    }
    if (int e = YDtype(y, "yOut")) return e;
    if (int e = DstMatches(y->dtype, dstType, "yOut")) return e;
    if (scaleAlg == 1 && IsFp4(y->dtype)) return Bad("If the dtype of yOut is FLOAT4, scaleAlg must be 0.");
    if (IsFp8(y->dtype) && r != "rint") return Bad("If the dtype of yOut is FLOAT8, roundMode must be rint.");
    if (xOut != nullptr && xOut->dtype != x->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of xOut (%s) must be x1's (%s).", DtypeName(xOut->dtype),
                    DtypeName(x->dtype));
    }
    if (int e = ScaleDtype(s, "mxscaleOut")) return e;
    if (outputRstd && rstd->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of rstdOut (%s) must be FLOAT.", DtypeName(rstd->dtype));
    }
    // CheckShape
    const std::vector<int64_t>& xs = x->view_shape;
    if (xs.size() < 1 || xs.size() > 7) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x has %zu dims: it must have 1 to 7.", xs.size());
    }
    if (x2 != nullptr && x2->view_shape != xs) return SameShape(x, x2, "x2");
    const int64_t last = xs.back();
    if (IsFp4(y->dtype) && last % 2 != 0) return Bad("The last dim of x must be even when yOut is FLOAT4.");
    if (gamma->view_shape.size() != 1 || gamma->view_shape[0] != last) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gamma %s is invalid: it must be 1-D of x's last dim (%ld).",
                    ShapeString(gamma->view_shape).c_str(), static_cast<long>(last));
    }
    if (beta != nullptr && (beta->view_shape.size() != 1 || beta->view_shape[0] != last)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "beta %s is invalid: it must be 1-D of x's last dim (%ld).",
                    ShapeString(beta->view_shape).c_str(), static_cast<long>(last));
    }
    if (int e = SameShape(x, y, "yOut")) return e;
    if (xOut != nullptr) {
        if (int e = SameShape(x, xOut, "xOut")) return e;
    }
    if (outputRstd) {
        std::vector<int64_t> want = xs;
        want.back() = 1;
        if (rstd->view_shape != want) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "rstdOut %s is invalid: it must be %s.",
                        ShapeString(rstd->view_shape).c_str(), ShapeString(want).c_str());
        }
    }
    if (s->view_shape.size() != xs.size() + 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "mxscaleOut has %zu dims: it must have x's plus 1 (%zu).",
                    s->view_shape.size(), xs.size() + 1);
    }
    return ScaleShape(s, MxScaleShape(xs, xs.size() - 1, 32), "mxscaleOut");
}
}  // namespace nnqmx

/// aclnnDynamicMxQuant: c.t = {x, yOut, mxscaleOut}; dstTypeMax and maxLowBound 0 (the V1 layer's defaults).
inline int CheckDynamicMxQuant(const OpCall& c, int64_t axis, char* roundModeOptional, int64_t dstType,
                               int64_t blocksize, int64_t scaleAlg) {
    return nnqmx::DynamicMxQuantChecks(c, axis, roundModeOptional, dstType, blocksize, scaleAlg, 0.0, 0.0);
}

inline int CheckDynamicMxQuantV2(const OpCall& c, int64_t axis, char* roundModeOptional, int64_t dstType,
                                 int64_t blocksize, int64_t scaleAlg, double dstTypeMax) {
    return nnqmx::DynamicMxQuantChecks(c, axis, roundModeOptional, dstType, blocksize, scaleAlg, dstTypeMax, 0.0);
}

inline int CheckDynamicMxQuantV3(const OpCall& c, int64_t axis, char* roundModeOptional, int64_t dstType,
                                 int64_t blocksize, int64_t scaleAlg, double dstTypeMax, double maxLowBound) {
    return nnqmx::DynamicMxQuantChecks(c, axis, roundModeOptional, dstType, blocksize, scaleAlg, dstTypeMax,
                                       maxLowBound);
}

inline int CheckDynamicMxQuantWithDualAxis(const OpCall& c, char* roundModeOptional, int64_t dstType,
                                           int64_t scaleAlg) {
    return nnqmx::DualAxisChecks(c, roundModeOptional, dstType, scaleAlg, 0.0);
}

inline int CheckDynamicMxQuantWithDualAxisV2(const OpCall& c, char* roundModeOptional, int64_t dstType,
                                             int64_t scaleAlg, double dstTypeMax) {
    return nnqmx::DualAxisChecks(c, roundModeOptional, dstType, scaleAlg, dstTypeMax);
}

/// aclnnGroupedDynamicMxQuant: c.t = {x, groupIndex, y, mxscale}.
inline int CheckGroupedDynamicMxQuant(const OpCall& c, const char* roundMode, int64_t dstType, int64_t blocksize) {
    return nnqmx::GroupedChecks(c, roundMode, dstType, blocksize, 0, false);
}

inline int CheckGroupedDynamicMxQuantV2(const OpCall& c, const char* roundMode, int64_t dstType, int64_t blocksize,
                                        int64_t scaleAlg, double /*dstTypeMax*/) {
    return nnqmx::GroupedChecks(c, roundMode, dstType, blocksize, scaleAlg, true);
}

/// aclnnRmsNormDynamicMxQuant: c.t = {x, gamma, beta, yOut, mxscaleOut, rstdOut} (beta, rstdOut may be NULL).
inline int CheckRmsNormDynamicMxQuant(const OpCall& c, double /*epsilon*/, int64_t scaleAlg, char* roundMode,
                                      int64_t dstType, bool outputRstd) {
    return nnqmx::RmsNormMxChecks(c, c.t[0], nullptr, c.t[1], c.t[2], c.t[3], nullptr, c.t[4], c.t[5], scaleAlg,
                                  roundMode, dstType, outputRstd);
}

/// aclnnAddRmsNormDynamicMxQuant: c.t = {x1, x2, gamma, beta, yOut, xOut, mxscaleOut, rstdOut}.
inline int CheckAddRmsNormDynamicMxQuant(const OpCall& c, double /*epsilon*/, int64_t scaleAlg, char* roundMode,
                                         int64_t dstType, bool outputRstd) {
    return nnqmx::RmsNormMxChecks(c, c.t[0], c.t[1], c.t[2], c.t[3], c.t[4], c.t[5], c.t[6], c.t[7], scaleAlg,
                                  roundMode, dstType, outputRstd);
}

/// aclnnGroupedDynamicMxQuantWithDualAxis (grouped_dynamic_mx_quant_with_dual_axis_tiling_arch35.cpp:
/// CheckInputShape, CheckDtype, CheckAttrs, CheckOutputShape): c.t = {x, groupIndex, y1Out, y1ScaleOut, y2Out,
/// y2ScaleOut}.
inline int CheckGroupedDynamicMxQuantWithDualAxis(const OpCall& c, char* roundModeOptional, int64_t scaleAlg,
                                                  int64_t dstDtype, double maxDtypeValue) {
    if (int r = nnqmx::Platform(c)) return r;
    const aclTensor* x = c.t[0];
    const aclTensor* g = c.t[1];
    const aclTensor* y1 = c.t[2];
    const aclTensor* s1 = c.t[3];
    const aclTensor* y2 = c.t[4];
    const aclTensor* s2 = c.t[5];
    const std::vector<int64_t>& xs = x->view_shape;
    if (xs.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x dimension count should be 2, but got %zu.", xs.size());
    }
    if (g->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "group_index dimension count should be 1, but got %zu.", g->view_shape.size());
    }
    const int64_t m = xs[0];
    const int64_t n = xs[1];
    if (n <= 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x shape last dimension should be positive, but got [M=%ld, N=%ld].",
                    static_cast<long>(m), static_cast<long>(n));
    }
    const int64_t groups = g->view_shape[0];
    if (groups <= 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "group_index length should be positive, but got %ld.", static_cast<long>(groups));
    }
    if (n % 64 != 0) return Fail(ACLNN_ERR_PARAM_INVALID, "x.shape[1] should be 64 aligned, but got N=%ld.", static_cast<long>(n));
    if (x->dtype != ACL_FLOAT16 && x->dtype != ACL_BF16) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x dtype should be FLOAT16 or BFLOAT16, but got %s.", DtypeName(x->dtype));
    }
    if (g->dtype != ACL_INT64) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "group_index dtype should be INT64, but got %s.", DtypeName(g->dtype));
    }
    if (y1->dtype != y2->dtype || !nnqmx::IsFp8(y1->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "y1 and y2 dtypes should match and be FLOAT8_E5M2 or FLOAT8_E4M3FN, but got y1=%s, y2=%s.",
                    DtypeName(y1->dtype), DtypeName(y2->dtype));
    }
    if (s1->dtype != ACL_FLOAT8_E8M0 || s2->dtype != ACL_FLOAT8_E8M0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "y1_scale and y2_scale dtypes should both be FLOAT8_E8M0, but got y1_scale=%s, y2_scale=%s.",
                    DtypeName(s1->dtype), DtypeName(s2->dtype));
    }
    const std::string r = roundModeOptional == nullptr ? std::string("rint") : std::string(roundModeOptional);
    if (r != "rint") return Fail(ACLNN_ERR_PARAM_INVALID, "round_mode should be rint, but got %s.", r.c_str());
    if (scaleAlg != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "scale_alg should be 1, but got %ld.", static_cast<long>(scaleAlg));
    }
    if (dstDtype != 35 && dstDtype != 36) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dst_dtype should be FLOAT8_E5M2(35) or FLOAT8_E4M3FN(36), but got %ld.",
                    static_cast<long>(dstDtype));
    }
    if (maxDtypeValue != 0.0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "max_dtype_value should be 0.0, but got %f.", maxDtypeValue);
    }
    if (static_cast<int64_t>(y1->dtype) != dstDtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "y1 and y2 dtypes should match dst_dtype, but got dst_dtype=%ld, y1=%s, y2=%s.",
                    static_cast<long>(dstDtype), DtypeName(y1->dtype), DtypeName(y2->dtype));
    }
    if (y1->view_shape != xs || y2->view_shape != xs) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "y1 and y2 shapes should both be [M=%ld, N=%ld], but got y1=%s, y2=%s.",
                    static_cast<long>(m), static_cast<long>(n), ShapeString(y1->view_shape).c_str(),
                    ShapeString(y2->view_shape).c_str());
    }
    const std::vector<int64_t> w1 = {m, n / 64, 2};
    if (s1->view_shape != w1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "y1_scale shape should be [M=%ld, N/64=%ld, 2], but got %s.",
                    static_cast<long>(m), static_cast<long>(n / 64), ShapeString(s1->view_shape).c_str());
    }
    const std::vector<int64_t> w2 = {m / 64 + groups, n, 2};
    if (s2->view_shape != w2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "y2_scale shape should be [floor(M/64)+groupNum=%ld, N=%ld, 2], but got %s.",
                    static_cast<long>(m / 64 + groups), static_cast<long>(n), ShapeString(s2->view_shape).c_str());
    }
    return 0;
}

/// aclnnSwigluMxQuantWithDualAxis (swiglu_mx_quant_with_dual_axis_tiling_arch35.cpp: attributes, dtypes, then the
/// shapes): c.t = {x, groupIndexOptional, y1Out, mxscale1Out, y2Out, mxscale2Out}.
inline int CheckSwigluMxQuantWithDualAxis(const OpCall& c, bool /*activateLeft*/, char* roundModeOptional,
                                          int64_t scaleAlg, int64_t dstType, double /*maxDtypeValue*/) {
    if (int r = nnqmx::Platform(c)) return r;
    const aclTensor* x = c.t[0];
    const aclTensor* g = c.t[1];
    const aclTensor* y1 = c.t[2];
    const aclTensor* s1 = c.t[3];
    const aclTensor* y2 = c.t[4];
    const aclTensor* s2 = c.t[5];
    const std::string r = roundModeOptional == nullptr ? std::string("rint") : std::string(roundModeOptional);
    if (r != "rint" && r != "floor" && r != "round") {
        return Fail(ACLNN_ERR_PARAM_INVALID, "round_mode %s is invalid: it must be rint, floor or round.", r.c_str());
    }
    if (nnqmx::IsFp8(y1->dtype) && r != "rint") {
        return nnqmx::Bad("When output y's data type is FLOAT8_E4M3FN or FLOAT8_E5M2, round_mode only support rint");
    }
    if (scaleAlg != 0 && scaleAlg != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "scale_alg %ld is invalid: it must be 0 or 1.", static_cast<long>(scaleAlg));
    }
    if (nnqmx::IsFp4(y1->dtype) && scaleAlg != 0) {
        return nnqmx::Bad("When output y's data type is FLOAT4_E2M1 or FLOAT4_E1M2, scaleAlg must be 0");
    }
    if (int e = nnqmx::DstMatches(y1->dtype, dstType, "y1Out")) return e;
    if (x->dtype != ACL_FLOAT16 && x->dtype != ACL_BF16) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of x (%s) must be float16 or bfloat16.", DtypeName(x->dtype));
    }
    if (g != nullptr && g->dtype != ACL_INT64) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of groupIndexOptional (%s) must be int64.", DtypeName(g->dtype));
    }
    if (!nnqmx::IsMxElem(y1->dtype) || y2->dtype != y1->dtype) {
        return nnqmx::Bad("y1 dtype must in [FLOAT4_E2M1, FLOAT4_E1M2, FLOAT8_E4M3FN, FLOAT8_E5M2], and y2 dtype must be "
                          "same as y1 dtype");
    }
    if (s1->dtype != ACL_FLOAT8_E8M0 || s2->dtype != ACL_FLOAT8_E8M0) {
        return nnqmx::Bad("mx_scale1 and mx_scal2 dtype must be FLOAT8_E8M0");
    }
    const std::vector<int64_t>& xs = x->view_shape;
    if (xs.size() != 2 || y1->view_shape.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x and y1 must be 2D: x shape is %s, y1 shape is %s.",
                    ShapeString(xs).c_str(), ShapeString(y1->view_shape).c_str());
    }
    if (xs[1] % 2 != 0) return nnqmx::Bad("input x's last dim must be a multiple of two.");
    if (nnqmx::IsFp4(y1->dtype) && xs[1] % 4 != 0) {
        return nnqmx::Bad("When output y's data type is FLOAT4_E2M1 or FLOAT4_E1M2, lastDim must be divisible by 4");
    }
    if (x->numel == 0) return nnqmx::Bad("x and y1 shape size must > 0");
    const std::vector<int64_t> ys = {xs[0], xs[1] / 2};
    if (y1->view_shape != ys) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "y1 shape %s is invalid: it must be %s.", ShapeString(y1->view_shape).c_str(),
                    ShapeString(ys).c_str());
    }
    if (y2->view_shape != y1->view_shape) return nnqmx::Bad("y1 shape must be same as y2 shape");
    std::vector<int64_t> w2 = nnqmx::MxScaleShape(ys, 0, 32);
    if (g != nullptr) {
        if (g->view_shape.size() != 1) return nnqmx::Bad("groupIndexOptional must be 1D.");
        if (g->view_shape[0] <= 0) return nnqmx::Bad("groupIndexOptional's length must be > 0.");
        w2[0] = ys[0] / 64 + g->view_shape[0];
    }
    if (int e = nnqmx::ScaleShape(s1, nnqmx::MxScaleShape(ys, 1, 32), "mxscale1Out")) return e;
    return nnqmx::ScaleShape(s2, w2, "mxscale2Out");
}

/// aclnnSwigluBackwardMxQuantWithDualAxis (swiglu_backward_mx_quant_with_dual_axis_tiling_arch35.cpp: attributes,
/// dtypes, shapes): c.t = {x, yGrad, groupIndexOptional, y1Out, mxscale1Out, y2Out, mxscale2Out}. x [m, 2n] 2-D
/// (aclcpu requires 2-D: the docs' shapes), yGrad [m, n], the outputs [m, 2n].
inline int CheckSwigluBackwardMxQuantWithDualAxis(const OpCall& c, bool activateLeft, char* roundModeOptional,
                                                  int64_t scaleAlg, int64_t dstDtype, double /*maxDtypeValue*/) {
    if (int r = nnqmx::Platform(c)) return r;
    const aclTensor* x = c.t[0];
    const aclTensor* yg = c.t[1];
    const aclTensor* g = c.t[2];
    const aclTensor* y1 = c.t[3];
    const aclTensor* s1 = c.t[4];
    const aclTensor* y2 = c.t[5];
    const aclTensor* s2 = c.t[6];
    const std::string r = roundModeOptional == nullptr ? std::string("rint") : std::string(roundModeOptional);
    if (r != "rint" && r != "floor" && r != "round") {
        return Fail(ACLNN_ERR_PARAM_INVALID, "round_mode %s is invalid: it must be in [rint, floor, round].", r.c_str());
    }
    if (nnqmx::IsFp8(y1->dtype) && r != "rint") {
        return nnqmx::Bad("When output y's data type is FLOAT8_E4M3FN or FLOAT8_E5M2, round_mode only support rint");
    }
    if (scaleAlg != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "scale_alg %ld is invalid: only cuBLAS mode (1) is supported.",
                    static_cast<long>(scaleAlg));
    }
    if (!activateLeft) return nnqmx::Bad("activate_left only support 1 (true).");
    if (dstDtype != 36) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dst_dtype %ld is invalid: it must be 36 (FLOAT8_E4M3FN).",
                    static_cast<long>(dstDtype));
    }
    if (x->dtype != ACL_FLOAT16 && x->dtype != ACL_BF16) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of x (%s) must be float16 or bfloat16.", DtypeName(x->dtype));
    }
    if (yg->dtype != x->dtype) return nnqmx::Bad("y_grad dtype must be float16 or bfloat16, and same as x");
    if (g != nullptr && g->dtype != ACL_INT64) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of groupIndexOptional (%s) must be int64.", DtypeName(g->dtype));
    }
    if (y1->dtype != ACL_FLOAT8_E4M3FN || y2->dtype != y1->dtype) {
        return nnqmx::Bad("y1_out dtype must be FLOAT8_E4M3FN, and y2_out dtype must be same as y1_out dtype");
    }
    if (s1->dtype != ACL_FLOAT8_E8M0 || s2->dtype != ACL_FLOAT8_E8M0) {
        return nnqmx::Bad("mxscale1_out and mxscale2_out dtype must be FLOAT8_E8M0");
    }
    const std::vector<int64_t>& xs = x->view_shape;
    if (xs.size() != 2) return Fail(ACLNN_ERR_PARAM_INVALID, "x has %zu dims: it must be 2-D.", xs.size());
    if (xs[1] % 64 != 0) return nnqmx::Bad("input x's last dim (2N) must be a multiple of 64");
    const std::vector<int64_t> gs = {xs[0], xs[1] / 2};
    if (yg->view_shape != gs) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "yGrad shape %s is invalid: it must be %s.", ShapeString(yg->view_shape).c_str(),
                    ShapeString(gs).c_str());
    }
    if (int e = nnqmx::SameShape(x, y1, "y1Out")) return e;
    if (y2->view_shape != y1->view_shape) return nnqmx::Bad("y1_out shape must be same as y2_out shape");
    std::vector<int64_t> w2 = nnqmx::MxScaleShape(xs, 0, 32);
    if (g != nullptr) {
        if (g->view_shape.size() != 1) return nnqmx::Bad("group_index must be 1D.");
        if (g->view_shape[0] <= 0) return nnqmx::Bad("group_index's length must be > 0.");
        w2[0] = xs[0] / 64 + g->view_shape[0];
    }
    if (int e = nnqmx::ScaleShape(s1, nnqmx::MxScaleShape(xs, 1, 32), "mxscale1Out")) return e;
    return nnqmx::ScaleShape(s2, w2, "mxscale2Out");
}

/// aclnnAntiMxQuant (quant/anti_mx_quant/op_api/aclnn_anti_mx_quant.cpp CheckParams after CheckNotNull:
/// CheckDtypeValid, CheckAttrValid, CheckShape; then the empty return and the FP4 x contiguity): c.t = {x, mxscale,
/// y}. Beyond CANN (whose op_api leaves them to the kernel): y's shape must be x's and mxscale's the shape
/// DynamicMxQuant writes for x along axis in blocks of 32, so that nothing is read outside them.
inline int CheckAntiMxQuant(const OpCall& c, int64_t axis, int64_t dstType) {
    const aclTensor* x = c.t[0];
    const aclTensor* s = c.t[1];
    const aclTensor* y = c.t[2];
    if (!nnqmx::IsMxElem(x->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Tensor x not implemented for %s, should be in dtype support list [DT_FLOAT4_E2M1, DT_FLOAT4_E1M2, "
                    "DT_FLOAT8_E5M2, DT_FLOAT8_E4M3FN].", DtypeName(x->dtype));
    }
    if (s->dtype != ACL_FLOAT8_E8M0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor mxscale not implemented for %s, should be in dtype support list [DT_FLOAT8_E8M0].",
                    DtypeName(s->dtype));
    }
    if (y->dtype != ACL_FLOAT16 && y->dtype != ACL_BF16 && y->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor y not implemented for %s, should be in dtype support list [DT_FLOAT16, DT_BF16, DT_FLOAT].",
                    DtypeName(y->dtype));
    }
    if (static_cast<int64_t>(y->dtype) != dstType) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "out(y) data type must be the same as dstType.");
    }
    if (dstType != 0 && dstType != 1 && dstType != 27) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dstType must be 0(FLOAT32), 1(FLOAT16) or 27(BF16), but got %ld.",
                    static_cast<long>(dstType));
    }
    const std::vector<int64_t>& xs = x->view_shape;
    if (xs.size() != y->view_shape.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dim num of x and y should be same. x:%zu, y:%zu.", xs.size(),
                    y->view_shape.size());
    }
    if (xs.size() > 7) return Fail(ACLNN_ERR_PARAM_INVALID, "The x tensor cannot be larger than 7 dimensions.");
    const size_t sn = s->view_shape.size();
    if (sn < 2 || sn > 8) return Fail(ACLNN_ERR_PARAM_INVALID, "mxscale dim num must be in [2, 8], but got %zu.", sn);
    if (sn != xs.size() + 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "mxscale dim num must be x dim num + 1. mxscale:%zu, x:%zu.", sn, xs.size());
    }
    const int64_t nd = static_cast<int64_t>(xs.size());
    const int64_t a = axis >= 0 ? axis : axis + nd;
    if (a < 0 || a >= nd) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "axis is out of range. axis:%ld, x dim num:%zu.", static_cast<long>(axis),
                    xs.size());
    }
    // beyond CANN
    if (int r = nnqmx::SameShape(x, y, "y")) return r;
    if (int r = nnqmx::ScaleShape(s, nnqmx::MxScaleShape(xs, static_cast<size_t>(a), 32), "mxscale")) return r;
    if (x->numel == 0 || s->numel == 0) return 0;
    if (nnqmx::IsFp4(x->dtype) && !nnqmx::ContiguousView(x)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "When the data type of x is float4, it must be contiguous");
    }
    // the kernel exists for the Ascend 950 only (the op_api does not check the product; CANN fails later)
    return nnqmx::Platform(c);
}

/// aclnnSwigluMxQuant (quant/swiglu_mx_quant/op_host/arch35/swiglu_mx_quant_tiling_arch35.cpp: the attributes,
/// the input, then the outputs): c.t = {x, groupIndexOptional, yOut, mxscaleOut}.
inline int CheckSwigluMxQuant(const OpCall& c, int64_t activateDim, bool /*activateLeft*/, int64_t swigluMode,
                              double clampLimit, double /*gluAlpha*/, double /*gluBias*/, int64_t groupMode, int64_t axis,
                              int64_t dstType, char* roundModeOptional, int64_t scaleAlg, double /*maxDtypeValue*/) {
    if (int r = nnqmx::Platform(c)) return r;
    const aclTensor* x = c.t[0];
    const aclTensor* g = c.t[1];
    const aclTensor* y = c.t[2];
    const aclTensor* s = c.t[3];
    if (swigluMode != 0 && swigluMode != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "swigluMode must be 0 or 1, but got %ld.", static_cast<long>(swigluMode));
    }
    if (swigluMode == 1 && !(clampLimit > 0 && std::isfinite(clampLimit))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "swigluMode == 1, clampLimit must > 0, but is %f", clampLimit);
    }
    if (dstType != 35 && dstType != 36 && dstType != 40 && dstType != 41) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid dstType: %ld", static_cast<long>(dstType));
    }
    const std::string r = roundModeOptional == nullptr ? std::string("rint") : std::string(roundModeOptional);
    if (r != "rint" && r != "round" && r != "floor") {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid round_mode: %s", r.c_str());
    }
    if (scaleAlg != 0 && scaleAlg != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid scaleAlg: %ld", static_cast<long>(scaleAlg));
    }
    if (groupMode != 0 && groupMode != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "groupMode must be 0 or 1, but got %ld.", static_cast<long>(groupMode));
    }
    const std::vector<int64_t>& xs = x->view_shape;
    const int64_t nd = static_cast<int64_t>(xs.size());
    if (activateDim < -nd || activateDim >= nd) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "activate_dim=%ld is out of range [-%ld, %ld].", static_cast<long>(activateDim),
                    static_cast<long>(nd), static_cast<long>(nd - 1));
    }
    if (axis < -nd || axis >= nd) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "axis=%ld is out of range [-%ld, %ld].", static_cast<long>(axis),
                    static_cast<long>(nd), static_cast<long>(nd - 1));
    }
    const int64_t ad = activateDim < 0 ? activateDim : activateDim - nd;
    const int64_t ax = axis < 0 ? axis : axis - nd;
    if (ad != -1 && ad != -2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Only activate_dim=-1 or -2 is supported currently, but got %ld.",
                    static_cast<long>(activateDim));
    }
    if (ax != -1 && ax != -2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "axis must be -1 or -2, but got %ld.", static_cast<long>(axis));
    }
    if (swigluMode == 1 && ad != -1) return nnqmx::Bad("When activateDim is not the last dim, swigluMode must be 0.");
    if (x->dtype != ACL_FLOAT16 && x->dtype != ACL_BF16) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input x dtype %s is not supported.", DtypeName(x->dtype));
    }
    if (nd < 2 || nd > 7 || x->numel == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "rank of x must be in [2, 7], but is %ld, and not support empty tensor",
                    static_cast<long>(nd));
    }
    const size_t adi = static_cast<size_t>(nd + ad);
    if (xs[adi] % 2 != 0) return nnqmx::Bad("The activateDim dim of x must be a multiple of 2.");
    if (g != nullptr) {
        if (g->dtype != ACL_INT64) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of groupIndexOptional (%s) must be INT64.", DtypeName(g->dtype));
        }
        if (g->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "group_index dimension must be 1, but got %zu", g->view_shape.size());
        }
        if (g->view_shape[0] <= 0 || g->view_shape[0] > 256) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "group_index shape[0] must be <= 256 and > 0, but got %ld.",
                        static_cast<long>(g->view_shape[0]));
        }
        if ((ad == -2 || ax == -2) && nd != 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "When axis = -2 or activate_dim = -2 and group is exist, the rank of x must be 2, but now is %ld ",
                        static_cast<long>(nd));
        }
    }
    if (int e = nnqmx::YDtype(y, "yOut")) return e;
    if (static_cast<int64_t>(y->dtype) != dstType) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "attr dst_type is not same as out_y dtype, attr dst_type is %ld, out_y dtype is %s",
                    static_cast<long>(dstType), DtypeName(y->dtype));
    }
    if (nnqmx::IsFp4(y->dtype) && scaleAlg != 0) return nnqmx::Bad("output is fp4, scaleAlg must be 0.");
    if (int e = nnqmx::ScaleDtype(s, "mxscaleOut")) return e;
    if (nnqmx::IsFp8(y->dtype) && r != "rint") return nnqmx::Bad("outDtype is fp8, roundMode must be rint.");
    std::vector<int64_t> ys = xs;
    ys[adi] /= 2;
    if (y->view_shape != ys) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "yOut %s is invalid: it must be x's shape with the activateDim dim halved, %s.",
                    ShapeString(y->view_shape).c_str(), ShapeString(ys).c_str());
    }
    if (nnqmx::IsFp4(y->dtype) && ys.back() % 2 != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "When dst_type is FP4, outputShape last dim must be even number, but is %ld",
                    static_cast<long>(ys.back()));
    }
    return nnqmx::ScaleShape(s, nnqmx::MxScaleShape(ys, static_cast<size_t>(nd + ax), 32), "mxscaleOut");
}

}  // namespace aclcpu
