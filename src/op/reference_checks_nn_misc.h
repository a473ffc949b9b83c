// The custom first-phase checks of the nn_misc family (ops/families/nn_misc.yaml `custom` checks the table's
// vocabulary cannot express; docs/ops/nn_misc.md). Included at the end of src/op/reference_checks.h (through the
// generated op/family_hooks.inc). Each hook is int <hook>(const OpCall& c, <the entry's non-tensor parameters>):
// 0, or 161002 with CANN's message. Facts: hicann/ops-nn activation/<op>/op_api/aclnn_*.cpp of Elu, EluBackward
// (elu_grad_v2), Celu (celu_v2), SiluBackward (silu_grad), FastGelu, FastGeluBackward (fast_gelu_grad), Shrink, Glu
// (glu/op_host/op_api), GluBackward (glu_grad) - each hook names the op_api function it restates.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <utility>
#include <vector>

#include "common/status.h"
#include "engine/elementwise.h"
#include "op/op_call.h"
#include "op/reference_checks_activation.h"  // ActivationFormatName, CheckSoftmaxDim
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// Each named aclScalar's dtype castable to FLOAT (CanCast), in the order given: "<name> dtype <DT> can not cast
/// to float32." -> 161002 at the first that is not (a complex scalar).
inline int NnMiscScalarsCastToFloat(std::initializer_list<std::pair<const char*, const aclScalar*>> scalars) {
    for (const auto& s : scalars) {
        if (CanCast(s.second->dtype, ACL_FLOAT)) continue;
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s dtype %s can not cast to float32.", s.first,
                    DtypeName(s.second->dtype));
    }
    return 0;
}

// ---- aclnnElu, aclnnInplaceElu (aclnn_elu.cpp CheckDtypeValid, after self's list); c.t = {self, out}

/// scale's, then alpha's, then inputScale's dtype not castable to FLOAT -> 161002.
inline int CheckEluScalarsToFloat(const OpCall&, const aclScalar* alpha, const aclScalar* scale,
                                  const aclScalar* inputScale) {
    return NnMiscScalarsCastToFloat({{"scale", scale}, {"alpha", alpha}, {"inputScale", inputScale}});
}

// ---- aclnnEluBackward; c.t = {gradOutput, selfOrResult, gradInput}

/// aclnn_elu_backward.cpp CheckDtypeValid, after gradOutput's list: alpha's, then scale's, then inputScale's dtype
/// not castable to FLOAT -> 161002.
inline int CheckEluBackwardScalarsToFloat(const OpCall&, const aclScalar* alpha, const aclScalar* scale,
                                          const aclScalar* inputScale, bool) {
    return NnMiscScalarsCastToFloat({{"alpha", alpha}, {"scale", scale}, {"inputScale", inputScale}});
}

/// aclnn_elu_backward.cpp CheckAttributeValue, after the shape checks: isResult with ToFloat(alpha) < 0 -> 161002
/// (a NaN alpha passes).
inline int CheckEluBackwardAlpha(const OpCall&, const aclScalar* alpha, const aclScalar*, const aclScalar*,
                                 bool isResult) {
    float a = 0.0f;
    if (!isResult || !ScalarToFloatNearest(*alpha, &a) || !(a < 0.0f)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "In-place elu backward calculation is triggered with a negative slope which is not supported. This is "
                "caused by calling in-place forward function with a negative slope, please call out-of-place version "
                "instead.");
}

// ---- aclnnCelu, aclnnInplaceCelu (activation/celu_v2/op_api/aclnn_celu.cpp); c.t = {self, out}

/// CheckDtypeValid, after self's list: alpha's dtype not castable to FLOAT -> 161002.
inline int CheckCeluAlphaToFloat(const OpCall&, const aclScalar* alpha) {
    return NnMiscScalarsCastToFloat({{"alpha", alpha}});
}

/// CheckAttributeValue, after the shape checks: ToFloat(alpha) neither above nor below 0 (0, -0 or NaN) -> 161002.
inline int CheckCeluAlpha(const OpCall&, const aclScalar* alpha) {
    float a = 0.0f;
    ScalarToFloatNearest(*alpha, &a);
    if (a > 0.0f || a < 0.0f) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "alpha cannot be 0 for CELU.");
}

// ---- aclnnSiluBackward (activation/silu_grad/op_api/aclnn_silu_backward.cpp); c.t = {gradOutput, self, gradInput}

/// opbase's NpuArch number of a product, as src/op/foreach_call.h's NpuArchCode reads it (DAV_3510 Ascend 950,
/// DAV_2201 Atlas A2/A3, DAV_1001 Ascend910, DAV_2002 Ascend310P).
inline unsigned NnMiscNpuArch(rt::Soc soc) {
    switch (soc) {
        case rt::Soc::kAscend950: return 3510u;
        case rt::Soc::kAscend910B: case rt::Soc::kAscend910_93: return 2201u;
        case rt::Soc::kAscend910: return 1001u;
        case rt::Soc::kAscend310P: return 2002u;
    }
    return 0u;
}

/// CheckDtypeValid after the three lists: on the regbase arch (Ascend 950, IsSupportMixPrecision) gradOutput and
/// self of different dtypes need a FLOAT gradInput; otherwise gradInput's dtype must be gradOutput's, then self's;
/// then self or gradOutput BF16 outside DAV_2201 / regbase -> 161002 (the message prints self's dtype).
inline int CheckSiluBackwardDtypes(const OpCall& c) {
    const aclTensor* g = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* gi = c.t[2];
    if (c.soc == rt::Soc::kAscend950 && g->dtype != self->dtype) {
        if (gi->dtype != ACL_FLOAT) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor gradInput expected dtype is DT_FLOAT but found %s.",
                        DtypeName(gi->dtype));
        }
    } else {
        for (const auto& p : {std::make_pair("gradOutput", g), std::make_pair("self", self)}) {
            if (p.second->dtype == gi->dtype) continue;
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found %s %s and gradInput %s.",
                        p.first, DtypeName(p.second->dtype), DtypeName(gi->dtype));
        }
    }
    const bool bf16 = c.soc == rt::Soc::kAscend950 || c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93;
    if (!bf16 && (self->dtype == ACL_BF16 || g->dtype == ACL_BF16)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self or gradOutput dtype %s is unsupported by the current npuArch [%u].",
                    DtypeName(self->dtype), NnMiscNpuArch(c.soc));
    }
    return 0;
}

/// CheckShapeValid after the max-dims checks: on the regbase arch (IsSupportBroadcast) gradOutput and self must
/// broadcast and gradInput have their broadcast shape; elsewhere gradOutput's, then self's shape must be
/// gradInput's -> 161002.
inline int CheckSiluBackwardShapes(const OpCall& c) {
    const aclTensor* g = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* gi = c.t[2];
    if (c.soc != rt::Soc::kAscend950) {
        for (const auto& p : {std::make_pair("gradOutput", g), std::make_pair("self", self)}) {
            if (p.second->view_shape == gi->view_shape) continue;
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for %s to have same size as %s, but got %s.", p.first,
                        ShapeString(gi->view_shape).c_str(), ShapeString(p.second->view_shape).c_str());
        }
        return 0;
    }
    engine::BroadcastShape b;
    if (!engine::Broadcast(g->view_shape.data(), g->view_shape.size(), self->view_shape.data(),
                           self->view_shape.size(), &b)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor gradOutput %s must match the size of tensor self %s.",
                    ShapeString(g->view_shape).c_str(), ShapeString(self->view_shape).c_str());
    }
    if (b.Equals(gi->view_shape)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for gradInput to have same size as %s, but got %s.",
                ShapeString(b.d, b.n).c_str(), ShapeString(gi->view_shape).c_str());
}

// ---- aclnnFastGelu, aclnnFastGeluBackward (activation/fast_gelu/op_api/aclnn_fast_gelu.cpp,
// activation/fast_gelu_grad/op_api/aclnn_fast_gelu_backward.cpp CheckFormat, the last checks)

/// c.t = {self, out}: the storage formats differ -> 161002.
inline int CheckFastGeluFormat(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (self->format == out->format) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Format of self and out can't be different, self [%s], out [%s].",
                FormatName(self->format), FormatName(out->format));
}

/// c.t = {gradOutput, self, gradInput}: self's storage format not gradInput's, then not gradOutput's -> 161002.
inline int CheckFastGeluBackwardFormat(const OpCall& c) {
    const aclTensor* g = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* gi = c.t[2];
    if (self->format != gi->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Format of self and gradInput can't be different, self [%s], gradInput [%s].",
                    FormatName(self->format), FormatName(gi->format));
    }
    if (self->format != g->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Format of self and gradOutput can't be different, self [%s], gradOutput [%s].",
                    FormatName(self->format), FormatName(g->format));
    }
    return 0;
}

// ---- aclnnShrink (activation/shrink/op_api/aclnn_shrink.cpp, after the shape check); c.t = {self, out}

/// CheckLambdValue: ToFloat(lambd) < 0 -> 161002 (a NaN passes; op_call.h CheckLambdNotNegative, the shrink
/// operators' rule and message).
inline int CheckShrinkLambd(const OpCall&, const aclScalar* lambd, const aclScalar*) {
    return CheckLambdNotNegative(lambd);
}

/// CheckFormat: self's and out's (view) formats differ -> 161002 (a private format is only a warning in CANN).
inline int CheckShrinkFormat(const OpCall& c, const aclScalar*, const aclScalar*) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    if (self->format == out->format) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal, self [%s], output [%s].",
                FormatName(self->format), FormatName(out->format));
}

// ---- aclnnGlu (activation/glu/op_host/op_api/aclnn_glu.cpp CheckParamsDataAndShape, after the max-dims checks);
// c.t = {self, out}

/// self 0-d; dim outside [-n, n - 1]; self's size along dim odd; out's shape not self's with that size halved ->
/// 161002.
inline int CheckGluShape(const OpCall& c, int64_t dim) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const int64_t n = static_cast<int64_t>(self->view_shape.size());
    if (n < 1) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 1 dimensions.");
    if (dim < -n || dim >= n) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Input dimension out of range (expected to be in range of [%ld, %ld], but got %ld).",
                    static_cast<long>(-n), static_cast<long>(n - 1), static_cast<long>(dim));
    }
    const size_t d = static_cast<size_t>(dim < 0 ? dim + n : dim);
    const int64_t size = self->view_shape[d];
    if (size % 2 != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Split dimension must be even, but dimension %ld is size %ld.",
                    static_cast<long>(dim), static_cast<long>(size));
    }
    std::vector<int64_t> expect = self->view_shape;
    expect[d] = size / 2;
    if (expect == out->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The shape of out must be %s, but get %s.", ShapeString(expect).c_str(),
                ShapeString(out->view_shape).c_str());
}

// ---- aclnnGluBackward (activation/glu_grad/op_api/aclnn_glu_backward.cpp CheckParamsDataAndShape, after the
// max-dims checks); c.t = {gradOut, self, out}

/// self 0-d; dim outside [-n, n - 1]; self's size along dim odd; gradOut's shape not self's with that size halved
/// -> 161002.
inline int CheckGluBackwardShape(const OpCall& c, int64_t dim) {
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const int64_t n = static_cast<int64_t>(self->view_shape.size());
    if (n < 1) return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 1 dimensions.");
    if (dim < -n || dim >= n) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Dimension out of range (expected to be in range of [%ld, %ld], but got %ld).",
                    static_cast<long>(-n), static_cast<long>(n - 1), static_cast<long>(dim));
    }
    const size_t d = static_cast<size_t>(dim < 0 ? dim + n : dim);
    const int64_t size = self->view_shape[d];
    if (size % 2 != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Halving dimension must be even, but dimension %ld is size %ld.",
                    static_cast<long>(dim), static_cast<long>(size));
    }
    std::vector<int64_t> expect = self->view_shape;
    expect[d] = size / 2;
    if (expect == grad->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The shape of gradOut must be %s, but got %s.", ShapeString(expect).c_str(),
                ShapeString(grad->view_shape).c_str());
}

}  // namespace aclcpu
