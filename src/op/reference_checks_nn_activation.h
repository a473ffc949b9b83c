// The custom first-phase checks of the nn_activation family (ops/families/nn_activation.yaml `custom` checks the
// table's vocabulary cannot express; docs/ops/nn_activation.md). Included at the end of src/op/reference_checks.h
// (through the generated op/family_hooks.inc). Each hook is int <hook>(const OpCall& c, <the entry's non-tensor
// parameters>): 0, or the status with its message. Facts: hicann/ops-nn activation/<op>/op_api/aclnn_*.cpp, and for
// the operators whose aclnn layer CANN generates, activation/<op>/op_host/<op>_tiling.cpp (its checks fail the call
// with 561002, ACLNN_ERR_INNER_TILING_ERROR; the messages are aclcpu's). Each hook names what it restates.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "common/limits.h"
#include "common/status.h"
#include "engine/elementwise.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// aclnn_erfinv.cpp CheckDtypeValid (after self's list): the kernel's dtype - self's for FLOAT16, FLOAT, BF16
/// (FLOAT_LIST), FLOAT for every other dtype of the list - castable to out's (OP_CHECK_RESULT_DTYPE_CAST_FAILED).
/// c.t = {self, out}.
inline int CheckErfinvResultCast(const OpCall& c) {
    const aclDataType d = c.t[0]->dtype;
    const aclDataType k = d == ACL_FLOAT16 || d == ACL_FLOAT || d == ACL_BF16 ? d : ACL_FLOAT;
    if (CanCast(k, c.t[1]->dtype)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.", DtypeName(k),
                DtypeName(c.t[1]->dtype));
}

/// aclnn_heaviside.cpp CheckShape (after the broadcast check): out's element count must be the broadcast shape's
/// (its shape is not compared). c.t = {input, values (the table's valuesTensor), out}.
inline int CheckHeavisideOutSize(const OpCall& c) {
    const std::vector<int64_t>& a = c.t[0]->view_shape;
    const std::vector<int64_t>& b = c.t[1]->view_shape;
    engine::BroadcastShape s;
    if (!engine::Broadcast(a.data(), a.size(), b.data(), b.size(), &s)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor input %s must match the size of tensor values %s.",
                    ShapeString(a).c_str(), ShapeString(b).c_str());
    }
    int64_t n = 1;
    for (size_t i = 0; i < static_cast<size_t>(s.n); ++i) n *= s.d[i];
    if (n == c.t[2]->numel) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The out shape size is not same with broadcastShapeSize.");
}

/// The last-dim split operators' tiling checks (gelu_mul_tiling.cpp RunBigKernelTiling / ShapeCheck; FatreluMul's
/// tiling makes the same ones and checks its threshold's one element): input of at least 2 dims, a non-zero, even
/// last dim of at most 1024, at most 200000 rows. `threshold`: a threshold tensor (one element), or nullptr.
inline int ActivationHalfLastTiling(const aclTensor* input, const aclTensor* threshold) {
    const std::vector<int64_t>& s = input->view_shape;
    if (s.size() < 2) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Input shape dim should be no less than 2, but got %s.",
                    ShapeString(s).c_str());
    }
    const int64_t last = s.back();
    if (last == 0) return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Last dim elements can not be zero.");
    if (threshold != nullptr && threshold->numel != 1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Threshold elements can only be one, but got %lld.",
                    static_cast<long long>(threshold->numel));
    }
    if (last > 1024) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Last dim size should be no more than 1024, but got %lld.",
                    static_cast<long long>(last));
    }
    if (last % 2 == 1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Last dim size should be even, but got %lld.",
                    static_cast<long long>(last));
    }
    if (input->numel / last > 200000) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Batch dim size should be no more than 200000, but got %lld.",
                    static_cast<long long>(input->numel / last));
    }
    return 0;
}

/// gelu_mul_tiling.cpp: approximate "none" or "tanh" (a NULL approximateOptional: the definition's default "none"),
/// then the shape checks. c.t = {input, out}.
inline int CheckGeluMulTiling(const OpCall& c, char* approximateOptional) {
    if (approximateOptional != nullptr && std::strcmp(approximateOptional, "none") != 0 &&
        std::strcmp(approximateOptional, "tanh") != 0) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Approximate can only be 'tanh' or 'none', but got '%s'.",
                    approximateOptional);
    }
    return ActivationHalfLastTiling(c.t[0], nullptr);
}


/// Beyond CANN (whose generated layer leaves out's shape to the kernel): out's shape must be input's with the
/// last dim halved (the infershape's). c.t = {input, ..., out}: out is the last tensor.
inline int ActivationHalfLastOut(const OpCall& c) {
    std::vector<int64_t> want = c.t[0]->view_shape;
    if (!want.empty()) want.back() /= 2;
    const aclTensor* out = c.t[c.num_tensors - 1];
    if (out->view_shape == want) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out to have shape %s (input's with the last dim halved), but found %s.",
                ShapeString(want).c_str(), ShapeString(out->view_shape).c_str());
}

/// GeluMul's out shape (ActivationHalfLastOut). c.t = {input, out}.
inline int CheckGeluMulOut(const OpCall& c, char*) { return ActivationHalfLastOut(c); }

/// swi_glu_tiling.cpp SetTotalShape: dim within [-rank, rank), and x's size along it even (aclnnSwiGlu.md: the
/// split axis must be even; the tiling tests the element count from dim on). c.t = {x, out}.
inline int CheckSwiGluTiling(const OpCall& c, int64_t dim) {
    const std::vector<int64_t>& s = c.t[0]->view_shape;
    const int64_t rank = static_cast<int64_t>(s.size());
    if (dim < -rank || dim >= rank) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "Invalid value %lld of attribute dim: it depends on the number of shape axes of input x (%lld).",
                    static_cast<long long>(dim), static_cast<long long>(rank));
    }
    const int64_t d = dim < 0 ? dim + rank : dim;
    if (s[static_cast<size_t>(d)] % 2 != 0) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "Invalid shape %s of input x: the split axis of input x must be an even number, where split axis "
                    "is the %lldth axis of input x.",
                    ShapeString(s).c_str(), static_cast<long long>(d));
    }
    return 0;
}

/// Beyond CANN: SwiGlu's out must have x's shape with dim halved (the infershape's). c.t = {x, out}; dim checked.
inline int CheckSwiGluOut(const OpCall& c, int64_t dim) {
    std::vector<int64_t> want = c.t[0]->view_shape;
    const int64_t rank = static_cast<int64_t>(want.size());
    want[static_cast<size_t>(dim < 0 ? dim + rank : dim)] /= 2;
    if (c.t[1]->view_shape == want) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out to have shape %s (x's with dim halved), but found %s.",
                ShapeString(want).c_str(), ShapeString(c.t[1]->view_shape).c_str());
}

}  // namespace aclcpu

namespace aclcpu {

/// aclnn_softmax_cross_entropy_with_logits.cpp CheckShape: features and labels 2-d (the message names features'
/// rank). c.t = {features, labels, loss, backprop} (labels is an inout tensor in the table, so the executor order
/// is features, labels, loss, backprop).
inline int CheckSceRank(const OpCall& c) {
    const size_t a = c.t[0]->view_shape.size();
    const size_t b = c.t[1]->view_shape.size();
    if (a == 2 && b == 2) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "dimNum is %lld, must be 2, but check failed.", static_cast<long long>(a));
}

/// Beyond CANN (the kernel's shape inference): labels of features' shape [N, C], loss [N], backprop [N, C].
inline int CheckSceShapes(const OpCall& c) {
    const std::vector<int64_t>& f = c.t[0]->view_shape;
    if (c.t[1]->view_shape != f) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected labels to have features' shape %s, but found %s.",
                    ShapeString(f).c_str(), ShapeString(c.t[1]->view_shape).c_str());
    }
    const std::vector<int64_t> n = {f[0]};
    if (c.t[2]->view_shape != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected loss to have shape %s, but found %s.", ShapeString(n).c_str(),
                    ShapeString(c.t[2]->view_shape).c_str());
    }
    if (c.t[3]->view_shape != f) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected backprop to have features' shape %s, but found %s.",
                    ShapeString(f).c_str(), ShapeString(c.t[3]->view_shape).c_str());
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnRReluWithNoise: c.t = {self, noise, out} (noise an inout tensor: the executor order self, noise, out)

/// CheckShapeValid (after out's shape): in training, self's element count at most noise's.
inline int CheckRReluNoiseSize(const OpCall& c, const aclScalar*, const aclScalar*, bool training, int64_t, int64_t) {
    if (!training || c.t[0]->numel <= c.t[1]->numel) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "tesnor size of self larger than noise, self: %lld, noise: %lld.",
                static_cast<long long>(c.t[0]->numel), static_cast<long long>(c.t[1]->numel));
}

/// CheckFormatValid (after the dims): self's, then noise's storage format out's.
inline int CheckRReluFormats(const OpCall& c, const aclScalar*, const aclScalar*, bool, int64_t, int64_t) {
    const aclTensor* out = c.t[2];
    if (c.t[0]->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensor self's format[%s] should be same with output's format[%s].",
                    FormatName(c.t[0]->format), FormatName(out->format));
    }
    if (c.t[1]->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Input tensor noise's format[%s] should be same with output's format[%s].",
                    FormatName(c.t[1]->format), FormatName(out->format));
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnGeGlu, aclnnGeGluV3 (aclnn_geglu.cpp): c.t = {self, out, outGelu}

/// CheckDtypeValid's tail: for a non-empty self of at least one dim, out's and outGelu's dtype self's
/// (OP_CHECK_DTYPE_NOT_MATCH).
inline int GeGluDtypeMatch(const OpCall& c) {
    const aclTensor* self = c.t[0];
    if (self->numel == 0 || self->view_shape.empty()) return 0;
    for (int i = 1; i < 3; ++i) {
        if (c.t[i]->dtype != self->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", c.names[i],
                        DtypeName(self->dtype), DtypeName(c.t[i]->dtype));
        }
    }
    return 0;
}

/// CheckShape after the max dims: dim in [-n, n-1] (n = max(rank, 1)); self's size along dim even (a 0-d self
/// counts as size 1 here); out's, then outGelu's size there half of it; both of self's rank; the other dims equal.
inline int GeGluShape(const OpCall& c, int64_t dim) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[1];
    const aclTensor* gelu = c.t[2];
    int64_t n = static_cast<int64_t>(self->view_shape.size());
    const bool zero_d = n == 0;
    if (zero_d) n = 1;
    if (dim < -n || dim > n - 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected aclnnGeGlu dim value %lld to be in range [%lld, %lld] but check failed.",
                    static_cast<long long>(dim), static_cast<long long>(-n), static_cast<long long>(n - 1));
    }
    const int64_t sd = dim < 0 ? n + dim : dim;
    auto at = [&](const aclTensor* t) -> int64_t {
        return static_cast<size_t>(sd) < t->view_shape.size() ? t->view_shape[static_cast<size_t>(sd)] : 1;
    };
    const int64_t ss = zero_d ? 1 : at(self);
    if (ss % 2 != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "selfSliceDimSize[%lld] must be even number.", static_cast<long long>(ss));
    }
    if (at(out) != ss / 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnGeGlu out slice dim size %lld to be equal to %lld but check failed.",
                    static_cast<long long>(at(out)), static_cast<long long>(ss / 2));
    }
    if (at(gelu) != ss / 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnGeGlu outGelu slice dim size %lld to be equal to %lld but check failed.",
                    static_cast<long long>(at(gelu)), static_cast<long long>(ss / 2));
    }
    const int64_t on = static_cast<int64_t>(out->view_shape.size());
    const int64_t gn = static_cast<int64_t>(gelu->view_shape.size());
    if (on != gn || on != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "outDimNum[%lld] and outGeluDimNum[%lld] must be the same with inputDimNum[%lld].",
                    static_cast<long long>(on), static_cast<long long>(gn), static_cast<long long>(n));
    }
    for (int64_t i = 0; i < n && !zero_d; ++i) {
        if (i == sd) continue;
        const size_t k = static_cast<size_t>(i);
        if (self->view_shape[k] != out->view_shape[k] || out->view_shape[k] != gelu->view_shape[k]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Except the slice dim[%lld], all other shape dim must be the same, but got input shape: %s, "
                        "out shape: %s, out gelu shape: %s",
                        static_cast<long long>(dim), ShapeString(self->view_shape).c_str(),
                        ShapeString(out->view_shape).c_str(), ShapeString(gelu->view_shape).c_str());
        }
    }
    return 0;
}

/// checkApproximate: 0 (none) or 1 (tanh).
inline int GeGluApproximate(int64_t approximate) {
    if (approximate == 0 || approximate == 1) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Approximate should be 0 or 1, but current is %lld",
                static_cast<long long>(approximate));
}

inline int CheckGeGluDtypeMatch(const OpCall& c, int64_t, int64_t) { return GeGluDtypeMatch(c); }
inline int CheckGeGluShape(const OpCall& c, int64_t dim, int64_t) { return GeGluShape(c, dim); }
inline int CheckGeGluApproximate(const OpCall&, int64_t, int64_t approximate) { return GeGluApproximate(approximate); }
inline int CheckGeGluV3DtypeMatch(const OpCall& c, int64_t, int64_t, bool) { return GeGluDtypeMatch(c); }
inline int CheckGeGluV3Shape(const OpCall& c, int64_t dim, int64_t, bool) { return GeGluShape(c, dim); }
inline int CheckGeGluV3Approximate(const OpCall&, int64_t, int64_t approximate, bool) {
    return GeGluApproximate(approximate);
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnScaledMaskedSoftmax (vfusion/scaled_masked_softmax_v2): c.t = {x, mask, y}

/// CheckNotNull: x, mask, y NULL -> ACLNN_ERR_INNER_NULLPTR (561103), CheckParams' status for it.
inline int CheckSmsNotNull(const OpCall& c, double, bool) {
    for (int i = 0; i < 3; ++i) {
        if (c.t[i] == nullptr) {
            return Fail(ACLNN_ERR_INNER_NULLPTR, "Expected a proper Tensor but got null for argument %s.", c.names[i]);
        }
    }
    return 0;
}

/// CheckTensorDim (x, mask, y 4-D: "Expected 4 dimension input, but got <name> with sizes <shape>."), then CheckShape.
inline int CheckSmsShape(const OpCall& c, double, bool) {
    for (int i = 0; i < 3; ++i) {
        if (c.t[i]->view_shape.size() != 4) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 4 dimension input, but got %s with sizes %s.", c.names[i],
                        ShapeString(c.t[i]->view_shape).c_str());
        }
    }
    const std::vector<int64_t>& x = c.t[0]->view_shape;
    const std::vector<int64_t>& m = c.t[1]->view_shape;
    if (x[0] != m[0] && m[0] != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "When x%s and mask%s are different in the first dimensions, the broadcast relation needs to be "
                    "satisfied",
                    ShapeString(x).c_str(), ShapeString(m).c_str());
    }
    if (x[1] != m[1] && m[1] != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "When x%s and mask%s are different in the second dimensions, the broadcast relation needs to be "
                    "satisfied",
                    ShapeString(x).c_str(), ShapeString(m).c_str());
    }
    if (x[2] != m[2] || x[3] != m[3]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x and mask should be same in dim3 and dim4");
    }
    const int64_t limit = c.soc == rt::Soc::kAscend950 ? 8192 : 4096;  // IsRegbase: D_LIMIT_D
    if (x[3] <= 0 || x[3] > limit) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected x and mask dim4 in range of (0, 4096].");
    }
    return 0;
}

/// After CheckParams: fixedTriuMask true refused.
inline int CheckSmsTriu(const OpCall&, double, bool fixedTriuMask) {
    if (!fixedTriuMask) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "the param fixedTriuMask only suppport false.");
}

/// Beyond CANN (whose op_api leaves y's shape to the kernel): y of x's shape.
inline int CheckSmsOut(const OpCall& c, double, bool) {
    if (c.t[2]->view_shape == c.t[0]->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected y to have x's shape %s, but found %s.",
                ShapeString(c.t[0]->view_shape).c_str(), ShapeString(c.t[2]->view_shape).c_str());
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnModulate (vfusion/modulate): c.t = {self, scaleOptional, shiftOptional, out}

/// CheckDtypeValid after self's and out's lists: a given scaleOptional, then shiftOptional in the list (the
/// product's: FLOAT, FLOAT16, BF16 on Ascend 950, Atlas A2/A3 - the table's list `all`, which refused every dtype
/// elsewhere already at self) and of self's dtype; out's dtype self's.
inline int CheckModulateDtypes(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const char* names[2] = {"scaleOptional", "shiftOptional"};
    for (int i = 1; i <= 2; ++i) {
        const aclTensor* t = c.t[i];
        if (t == nullptr) continue;
        if (t->dtype != ACL_FLOAT && t->dtype != ACL_FLOAT16 && t->dtype != ACL_BF16) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Tensor %s not implemented for %s, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                        "DT_BF16.",
                        names[i - 1], DtypeName(t->dtype));
        }
        if (t->dtype != self->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of self [%s], %s [%s] need to be the same.",
                        DtypeName(self->dtype), names[i - 1], DtypeName(t->dtype));
        }
    }
    if (self->dtype != c.t[3]->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dtype of self [%s], out [%s] need to be the same.",
                    DtypeName(self->dtype), DtypeName(c.t[3]->dtype));
    }
    return 0;
}

/// CheckShape: scale and shift given; self 3-D; an empty self with empty scale and shift; out of self's shape
/// (OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE); scale, then shift [B, D] or [B, 1, D].
inline int CheckModulateShape(const OpCall& c) {
    const aclTensor* self = c.t[0];
    const aclTensor* scale = c.t[1];
    const aclTensor* shift = c.t[2];
    const aclTensor* out = c.t[3];
    if (scale == nullptr || shift == nullptr) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "scaleOptional and shiftOptional can not be nullptr");
    }
    const std::vector<int64_t>& s = self->view_shape;
    if (s.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dimension of self must be 3, but got %zu.", s.size());
    }
    if (self->numel == 0 && (scale->numel != 0 || shift->numel != 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "when self is empty, scaleOptional and shiftOptional must be empty");
    }
    if (out->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(s).c_str(), ShapeString(out->view_shape).c_str());
    }
    const char* names[2] = {"scaleOptional", "shiftOptional"};
    for (int i = 1; i <= 2; ++i) {
        const std::vector<int64_t>& o = c.t[i]->view_shape;
        if (o.size() != 2 && o.size() != 3) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The dimension of %s and shiftOptional must be 2 or 3, but got %zu.",
                        names[i - 1], o.size());
        }
        if (s[0] != o[0] || s[2] != o.back()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The first and last dimension of self and %s must be the same.",
                        names[i - 1]);
        }
        if (o.size() == 3 && o[1] != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "when the dimension of %s is 3, the second dimension must be 1.",
                        names[i - 1]);
        }
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnScaledMaskedSoftmaxBackward: c.t = {gradOutput, y, mask, out}

/// CheckFormat (outside the regbase arch): no FRACTAL_NZ storage for gradOutput, y, out, then mask.
inline int CheckSmsGradFormat(const OpCall& c, double, bool) {
    if (c.soc == rt::Soc::kAscend950) return 0;
    const aclTensor* g = c.t[0];
    const aclTensor* y = c.t[1];
    const aclTensor* out = c.t[3];
    if (g->format == ACL_FORMAT_FRACTAL_NZ || y->format == ACL_FORMAT_FRACTAL_NZ || out->format == ACL_FORMAT_FRACTAL_NZ) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Input and output format only support [ND]. Actual: gradOutput:[%s], y:[%s], out:[%s].",
                    FormatName(g->format), FormatName(y->format), FormatName(out->format));
    }
    if (c.t[2]->format == ACL_FORMAT_FRACTAL_NZ) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Mask format only support [ND]. Actual: mask:[%s].",
                    FormatName(c.t[2]->format));
    }
    return 0;
}

/// CheckShape.
inline int CheckSmsGradShape(const OpCall& c, double, bool) {
    const std::vector<int64_t>& g = c.t[0]->view_shape;
    if (g.size() != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gradOutput only support 4 dims, but current is %zu", g.size());
    }
    const int64_t limit = c.soc == rt::Soc::kAscend950 ? 8192 : 4096;
    if (g[3] > limit) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "shape of gradOutput is not true, current is %s", ShapeString(g).c_str());
    }
    if (c.t[1]->view_shape != g) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "shape of y should equal to gradOutput, gradOutput is %s, y is %s",
                    ShapeString(g).c_str(), ShapeString(c.t[1]->view_shape).c_str());
    }
    if (c.t[3]->view_shape != g) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "shape of out should equal to gradOutput, gradOutput is %s, out is %s",
                    ShapeString(g).c_str(), ShapeString(c.t[3]->view_shape).c_str());
    }
    const std::vector<int64_t>& m = c.t[2]->view_shape;
    if (m.size() != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "mask only support 4 dims, but current is %zu", m.size());
    }
    if (m[2] != g[2] || m[3] != g[3]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "shape of mask is not true, current is %s", ShapeString(m).c_str());
    }
    if ((g[0] != m[0] && m[0] != 1) || (g[1] != m[1] && m[1] != 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "mask should broadcast to gradOutput, gradOutput is %s, mask is %s",
                    ShapeString(g).c_str(), ShapeString(m).c_str());
    }
    return 0;
}

/// After CheckParams: fixTriuMask true refused.
inline int CheckSmsGradTriu(const OpCall&, double, bool fixTriuMask) {
    if (!fixTriuMask) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "fixTriuMask only support false");
}

/// Beyond CANN: CANN relabels out with gradOutput's dtype (SetDataType on the caller's tensor) and writes that dtype
/// into its memory; here out must have gradOutput's dtype.
inline int CheckSmsGradOutDtype(const OpCall& c, double, bool) {
    if (c.t[3]->dtype == c.t[0]->dtype) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Expected out to have gradOutput's dtype %s (CANN relabels out with it), but found %s.",
                DtypeName(c.t[0]->dtype), DtypeName(c.t[3]->dtype));
}

}  // namespace aclcpu

namespace aclcpu {

// ---- aclnnModulateBackward: c.t = {grad_output, input, scale, shift, grad_input, grad_scale, grad_shift}

inline bool ModulateGradDtypeOk(aclDataType d) { return d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16; }

/// CheckDtypeValid after grad_output's and input's: a given scale, shift, grad_scale, grad_shift in the list (a NULL
/// one only logs on CANN).
inline int CheckModulateGradDtypes(const OpCall& c) {
    const int order[4] = {2, 3, 5, 6};
    for (int i : order) {
        const aclTensor* t = c.t[i];
        if (t != nullptr && !ModulateGradDtypeOk(t->dtype)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Tensor %s not implemented for %s, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                        "DT_BF16.",
                        c.names[i], DtypeName(t->dtype));
        }
    }
    return 0;
}

/// CheckMaxDimension, CheckDimension.
inline int CheckModulateGradShape(const OpCall& c) {
    const aclTensor* g = c.t[0];
    const aclTensor* in = c.t[1];
    if (g->view_shape.size() != 3 || in->view_shape.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dimension of self must be 3");
    }
    const aclTensor* scale = c.t[2];
    const aclTensor* shift = c.t[3];
    // CANN dereferences scale and shift here (a NULL one with an empty grad_output crashes there); NULL counts as empty
    if ((g->numel == 0 || in->numel == 0) &&
        ((scale != nullptr && scale->numel != 0) || (shift != nullptr && shift->numel != 0))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "when grad_output or input is empty, scale and shift must be empty");
    }
    const char* names[2] = {"scale", "shift"};
    for (int i = 0; i < 2; ++i) {
        const aclTensor* t = c.t[2 + i];
        if (t == nullptr) continue;
        if (t->view_shape.size() != 2) return Fail(ACLNN_ERR_PARAM_INVALID, "%s dim is not equal 2", names[i]);
        if (g->view_shape[0] != t->view_shape[0] || g->view_shape[2] != t->view_shape[1]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "gradoutput_Shape dim0 or dim 2 not match %s dim 0 or dim 1",
                        names[i]);
        }
    }
    return 0;
}

/// Beyond CANN (whose op_api leaves the outputs' shapes to the kernel): grad_input of input's shape; a given
/// grad_scale, grad_shift [B, D].
inline int CheckModulateGradOuts(const OpCall& c) {
    const std::vector<int64_t>& s = c.t[1]->view_shape;
    if (c.t[4]->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected grad_input to have input's shape %s, but found %s.",
                    ShapeString(s).c_str(), ShapeString(c.t[4]->view_shape).c_str());
    }
    if (c.t[0]->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected grad_output to have input's shape %s, but found %s.",
                    ShapeString(s).c_str(), ShapeString(c.t[0]->view_shape).c_str());
    }
    const std::vector<int64_t> bd = {s[0], s[2]};
    for (int i = 5; i <= 6; ++i) {
        if (c.t[i] != nullptr && c.t[i]->view_shape != bd) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %s to have shape %s, but found %s.", c.names[i],
                        ShapeString(bd).c_str(), ShapeString(c.t[i]->view_shape).c_str());
        }
    }
    return 0;
}

/// aclnn_swish.cpp CheckDtypeValidBetaToFloat, aclnn_swish_backward.cpp CheckDtypeValid: a given betaOptional's dtype
/// castable to FLOAT ("betaOptional dtype %s can not cast to float32."); a NULL one (optional: CANN's 1.0) passes.
inline int CheckSwishBetaCast(const OpCall&, const aclScalar* betaOptional) {
    if (betaOptional == nullptr || CanCast(betaOptional->dtype, ACL_FLOAT)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "betaOptional dtype %s can not cast to float32.", DtypeName(betaOptional->dtype));
}

/// The ClippedSwiglu tiling's checks (clipped_swiglu_tiling.cpp CheckAndGetXAndAttrs, CheckAndGetGroupIndex, CheckY;
/// on the Ascend 950 clipped_swiglu_tiling_arch35.cpp, which adds limit > 0, clamp_mode 0 or 1, a group_index of 1 to
/// 8192 elements and y's dims after dim equal to x's): 561002, ACLNN_ERR_INNER_TILING_ERROR; the texts are the A2
/// tiling's. c.t = {x, groupIndexOptional (nullptr when absent), out}. clampMode < 0: aclnnClippedSwiglu (no attribute).
inline int ClippedSwigluTiling(const OpCall& c, int64_t dim, double limit, int64_t clampMode) {
    const bool arch35 = c.soc == rt::Soc::kAscend950;
    if (arch35 && !(static_cast<float>(limit) > 0.0f)) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Invalid value %g of attribute limit: it must be > 0.", limit);
    }
    if (arch35 && clampMode >= 0 && clampMode != 0 && clampMode != 1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Invalid value %lld of attribute clamp_mode: it must be 1 or 0.",
                    static_cast<long long>(clampMode));
    }
    const std::vector<int64_t>& x = c.t[0]->view_shape;
    const int64_t rank = static_cast<int64_t>(x.size());
    if (dim > rank - 1 || dim < -rank) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "dim should in [-%lld, %lld], but get %lld,",
                    static_cast<long long>(rank), static_cast<long long>(rank - 1), static_cast<long long>(dim));
    }
    const int64_t d = dim < 0 ? dim + rank : dim;
    const int64_t cut = x[static_cast<size_t>(d)];
    if (cut % 2 != 0) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "x[dim] should be divisible by 2, but get %lld",
                    static_cast<long long>(cut));
    }
    if (const aclTensor* g = c.t[1]) {
        if (g->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                        "the number of dimensions of group_index should be 1, but get %zu.", g->view_shape.size());
        }
        if (arch35 && (g->view_shape[0] <= 0 || g->view_shape[0] > 8192)) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                        "Invalid value %lld of group_index: the number of elements of group_index should be greater "
                        "than 0 and no more than 8192.",
                        static_cast<long long>(g->view_shape[0]));
        }
    }
    const std::vector<int64_t>& y = c.t[2]->view_shape;
    if (static_cast<int64_t>(y.size()) != rank) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "the number of dimensions of y should be equal to dimensions of x, but get %zu.", y.size());
    }
    if (y[static_cast<size_t>(d)] != cut / 2) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "y[dim] should be equal to x[dim] divided by 2, but get %lld.",
                    static_cast<long long>(y[static_cast<size_t>(d)]));
    }
    if (arch35) {
        for (int64_t i = d + 1; i < rank; ++i) {
            if (x[static_cast<size_t>(i)] != y[static_cast<size_t>(i)]) {
                return Fail(ACLNN_ERR_INNER_TILING_ERROR, "xShape[%lld] should be equal yShape[%lld].",
                            static_cast<long long>(i), static_cast<long long>(i));
            }
        }
    }
    return 0;
}
inline int CheckClippedSwigluTiling(const OpCall& c, int64_t dim, double, double limit, double, bool) {
    return ClippedSwigluTiling(c, dim, limit, -1);
}
inline int CheckClippedSwigluV2Tiling(const OpCall& c, int64_t dim, double, double limit, double, bool,
                                      int64_t clampMode) {
    return ClippedSwigluTiling(c, dim, limit, clampMode);
}

/// Beyond CANN: out of x's shape with dim halved (the infershape's; the tiling checked dim and out's rank). c.t = {x,
/// groupIndexOptional, out}.
inline int ClippedSwigluOut(const OpCall& c, int64_t dim) {
    std::vector<int64_t> want = c.t[0]->view_shape;
    const int64_t rank = static_cast<int64_t>(want.size());
    want[static_cast<size_t>(dim < 0 ? dim + rank : dim)] /= 2;
    if (c.t[2]->view_shape == want) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out to have shape %s (x's with dim halved), but found %s.",
                ShapeString(want).c_str(), ShapeString(c.t[2]->view_shape).c_str());
}
inline int CheckClippedSwigluOut(const OpCall& c, int64_t dim, double, double, double, bool) {
    return ClippedSwigluOut(c, dim);
}
inline int CheckClippedSwigluV2Out(const OpCall& c, int64_t dim, double, double, double, bool, int64_t) {
    return ClippedSwigluOut(c, dim);
}

/// aclnn_geglu_backward.cpp CheckShape (after the two OP_CHECK_SHAPE_NOT_EQUAL) and CheckAttributeValue: dim in
/// [-rank, rank) of self's rank (a 0-d self counts 1); gradOutput of that rank; its dims self's except dim, which is
/// half of self's; approximate 0 or 1. c.t = {gradOutput, self, gelu, gradInput}.
inline int GeGluBackwardShape(const OpCall& c, int64_t dim, int64_t approximate) {
    const std::vector<int64_t>& g = c.t[0]->view_shape;
    const std::vector<int64_t>& x = c.t[1]->view_shape;
    const int64_t rank = x.empty() ? 1 : static_cast<int64_t>(x.size());
    if (dim >= rank || dim < -rank) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "expected dim to be in range of [%lld, %lld], but got %lld.",
                    static_cast<long long>(-rank), static_cast<long long>(rank - 1), static_cast<long long>(dim));
    }
    if (static_cast<int64_t>(g.size()) != rank || x.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gradOutput: %s and self: %s must have same dimensions",
                    ShapeString(g).c_str(), ShapeString(x).c_str());
    }
    const size_t d = static_cast<size_t>(dim < 0 ? dim + rank : dim);
    for (size_t i = 0; i < x.size(); ++i) {
        if (i == d) {
            if (g[i] * 2 != x[i]) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "the last dimension of gradOutput: %s must be the half of the last dimension of self: %s",
                            ShapeString(g).c_str(), ShapeString(x).c_str());
            }
        } else if (g[i] != x[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "except for the last dimension, all other dimensions of gradOutput: %s and self: %s must equal",
                        ShapeString(g).c_str(), ShapeString(x).c_str());
        }
    }
    if (approximate < 0 || approximate > 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "expected approximate to be 0 or 1, but got %lld.",
                    static_cast<long long>(approximate));
    }
    return 0;
}
inline int CheckGeGluBackwardShape(const OpCall& c, int64_t dim, int64_t approximate) {
    return GeGluBackwardShape(c, dim, approximate);
}
inline int CheckGeGluV3BackwardShape(const OpCall& c, int64_t dim, int64_t approximate, bool) {
    return GeGluBackwardShape(c, dim, approximate);
}

/// clipped_swiglu_grad_tiling.cpp (every product): limit > 0; dim in [-rank, rank); x[dim] even; grad_y of x's rank,
/// its dim half of x's and its other dims x's; group_index 1-D; grad_x of x's rank (561002, the tiling's texts).
/// c.t = {gradY, x, groupIndexOptional, gradXOut}.
inline int CheckClippedSwigluGradTiling(const OpCall& c, int64_t dim, double, double limit, double, bool) {
    if (!(static_cast<float>(limit) > 0.0f)) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "limit must be > 0, but got %f.", static_cast<double>(static_cast<float>(limit)));
    }
    const std::vector<int64_t>& x = c.t[1]->view_shape;
    const std::vector<int64_t>& gy = c.t[0]->view_shape;
    const int64_t rank = static_cast<int64_t>(x.size());
    if (dim > rank - 1 || dim < -rank) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "dim should in [-%lld, %lld], but get %lld,",
                    static_cast<long long>(rank), static_cast<long long>(rank - 1), static_cast<long long>(dim));
    }
    const int64_t d = dim < 0 ? dim + rank : dim;
    if (x[static_cast<size_t>(d)] % 2 != 0) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "x[dim] should be divisible by 2, but get %lld",
                    static_cast<long long>(x[static_cast<size_t>(d)]));
    }
    if (static_cast<int64_t>(gy.size()) != rank) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "grad_y rank (%zu) should be equal to x rank (%lld).", gy.size(),
                    static_cast<long long>(rank));
    }
    for (int64_t i = 0; i < rank; ++i) {
        const int64_t g = gy[static_cast<size_t>(i)], xi = x[static_cast<size_t>(i)];
        if (i == d && g != xi / 2) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "grad_y dim %lld (%lld) should be half of x dim %lld (%lld).",
                        static_cast<long long>(i), static_cast<long long>(g), static_cast<long long>(i),
                        static_cast<long long>(xi));
        }
        if (i != d && g != xi) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "grad_y dim %lld (%lld) should be equal to x dim %lld (%lld).",
                        static_cast<long long>(i), static_cast<long long>(g), static_cast<long long>(i),
                        static_cast<long long>(xi));
        }
    }
    if (const aclTensor* g = c.t[2]) {
        if (g->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                        "the number of dimensions of group_index should be 1, but get %zu.", g->view_shape.size());
        }
    }
    if (static_cast<int64_t>(c.t[3]->view_shape.size()) != rank) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "the number of dimensions of grad_x should be equal to dimensions of x, but get %zu.",
                    c.t[3]->view_shape.size());
    }
    return 0;
}

/// Beyond CANN: gradXOut of x's shape (the tiling checks its rank only).
inline int CheckClippedSwigluGradOut(const OpCall& c, int64_t, double, double, double, bool) {
    if (c.t[3]->view_shape == c.t[1]->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected gradXOut to have x's shape %s, but found %s.",
                ShapeString(c.t[1]->view_shape).c_str(), ShapeString(c.t[3]->view_shape).c_str());
}

}  // namespace aclcpu

namespace aclcpu {

/// fatrelu_mul_tiling.cpp (561002): input at least 2-D, its last dim non-zero, threshold of one element, the last dim
/// at most 1024 and even, the product of the other dims at most 200000. c.t = {input, threshold, out}.
inline int CheckFatreluMulTiling(const OpCall& c) {
    const std::vector<int64_t>& s = c.t[0]->view_shape;
    if (s.size() < 2) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Input shape dim should be no less than 2, but got %s.",
                    ShapeString(s).c_str());
    }
    const int64_t last = s.back();
    if (last == 0) return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Last dim elements can not be zero.");
    if (c.t[1]->numel != 1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Threshold elements can only be one, but got %lld.",
                    static_cast<long long>(c.t[1]->numel));
    }
    if (last > 1024) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Last dim size should be no more than 1024, but got %lld.",
                    static_cast<long long>(last));
    }
    if (last % 2 == 1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Last dim size should be even, but got %lld.",
                    static_cast<long long>(last));
    }
    if (c.t[0]->numel / last > 200000) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Batch dim size should be no more than 200000, but got %lld.",
                    static_cast<long long>(c.t[0]->numel / last));
    }
    return 0;
}

/// Beyond CANN (fatrelu_mul_infershape.cpp): out has input's shape with the last dim halved. c.t = {input, threshold,
/// out}; input checked at least 2-D.
inline int CheckFatreluMulOut(const OpCall& c) {
    std::vector<int64_t> want = c.t[0]->view_shape;
    want.back() /= 2;
    if (c.t[2]->view_shape == want) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out to have shape %s (input's with the last dim halved), but found %s.",
                ShapeString(want).c_str(), ShapeString(c.t[2]->view_shape).c_str());
}

/// The shape rules SituGlu and SituGluGrad's tilings check (situ_glu_tiling.cpp CheckAndGetXAndAttrs / CheckY,
/// situ_glu_grad_tiling.cpp CheckGradY), 161002 as aclnnSituGlu.md / aclnnSituGluGrad.md list them: dim in
/// [-rank, rank - 1]; x[dim] even; half (y or grad_y) of x's rank, half[dim] = x[dim] / 2, half of x's dtype. Beyond
/// CANN: half's other dims x's. `half_name` the message's name of the halved tensor.
inline int CheckSituHalf(const aclTensor* x, const aclTensor* half, const char* half_name, int64_t dim) {
    const std::vector<int64_t>& s = x->view_shape;
    const int64_t rank = static_cast<int64_t>(s.size());
    if (dim > rank - 1 || dim < -rank) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dim should in [-%lld, %lld], but get %lld.", static_cast<long long>(rank),
                    static_cast<long long>(rank - 1), static_cast<long long>(dim));
    }
    const size_t d = static_cast<size_t>(dim < 0 ? dim + rank : dim);
    if (s[d] % 2 != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x[dim] should be divisible by 2, but get %lld.",
                    static_cast<long long>(s[d]));
    }
    const std::vector<int64_t>& h = half->view_shape;
    if (h.size() != s.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "the number of dimensions of %s should be equal to dimensions of x, but get %lld.", half_name,
                    static_cast<long long>(h.size()));
    }
    if (h[d] != s[d] / 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s[dim] should be equal to x[dim] divided by 2, but get %lld, expected %lld.",
                    half_name, static_cast<long long>(h[d]), static_cast<long long>(s[d] / 2));
    }
    if (half->dtype != x->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s dtype should be the same as x, but got %s and %s.", half_name,
                    DtypeName(half->dtype), DtypeName(x->dtype));
    }
    std::vector<int64_t> want = s;
    want[d] /= 2;
    if (h != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %s to have shape %s (x's with dim halved), but found %s.",
                    half_name, ShapeString(want).c_str(), ShapeString(h).c_str());
    }
    return 0;
}

/// aclnnSituGlu: c.t = {x, out}.
inline int CheckSituGluShapes(const OpCall& c, int64_t dim, double, double, bool) {
    return CheckSituHalf(c.t[0], c.t[1], "out", dim);
}

/// aclnnSituGluGrad: c.t = {gradY, x, out}.
inline int CheckSituGluGradShapes(const OpCall& c, int64_t dim, double, double, bool) {
    return CheckSituHalf(c.t[1], c.t[0], "gradY", dim);
}

}  // namespace aclcpu

namespace aclcpu {

/// aclnnMaskedSoftmaxWithRelPosBias: masked_softmax_with_rel_pos_bias_def.cpp's dtype rows (one dtype for every
/// tensor: FLOAT16, BF16, FLOAT; FLOAT16, FLOAT on ascend310p; no configuration on the Ascend910) and
/// masked_softmax_with_rel_pos_bias_tiling.cpp (GetXTensorDims, GetAttenMaskTensorDims, GetBiasTensorDims,
/// CheckOutShape, the Ascend310P's aligned S2), all 561002 as aclnnMaskedSoftmaxWithRelPosBias.md lists them.
/// c.t = {x, attenMaskOptional (or nullptr), relativePosBias, out}.
inline int CheckMaskedSoftmaxRelPos(const OpCall& c, double, int64_t) {
    const aclTensor* x = c.t[0];
    const aclTensor* mask = c.t[1];
    const aclTensor* bias = c.t[2];
    const aclTensor* out = c.t[3];
    const aclDataType d = x->dtype;
    const bool p310 = c.soc == rt::Soc::kAscend310P;
    const bool ok = c.soc != rt::Soc::kAscend910 &&
                    (d == ACL_FLOAT16 || d == ACL_FLOAT || (d == ACL_BF16 && !p310));
    if (!ok) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Tensor x dtype %s is not supported on %s.", DtypeName(d),
                    rt::SocName(c.soc));
    }
    const aclTensor* others[3] = {mask, bias, out};
    const char* names[3] = {"attenMaskOptional", "relativePosBias", "out"};
    for (int i = 0; i < 3; ++i) {
        if (others[i] != nullptr && others[i]->dtype != d) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected %s to have x's dtype %s, but found %s.", names[i],
                        DtypeName(d), DtypeName(others[i]->dtype));
        }
    }
    const std::vector<int64_t>& xs = x->view_shape;
    int64_t b = 0, w = 1, n = 0, s1 = 0, s2 = 0;
    if (xs.size() == 5) {
        b = xs[0]; w = xs[1]; n = xs[2]; s1 = xs[3]; s2 = xs[4];
    } else if (xs.size() == 4) {
        b = xs[0]; n = xs[1]; s1 = xs[2]; s2 = xs[3];
    } else {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Do tiling failed, x dim num only support 4 or 5, but got dim num is %zu",
                    xs.size());
    }
    if (b == 0 || w == 0 || n == 0 || s1 == 0 || s2 == 0) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Do tiling failed, b_[%lld]), w_[%lld], n_[%lld], s1[%lld], s2_[%lld]",
                    static_cast<long long>(b), static_cast<long long>(w), static_cast<long long>(n),
                    static_cast<long long>(s1), static_cast<long long>(s2));
    }
    const int64_t bw = b * w;  // the 4-D x's first dim
    if (mask != nullptr) {
        const std::vector<int64_t>& m = mask->view_shape;
        int64_t mb = 1, mw = 0, mn = 1, ms1 = 0, ms2 = 0;
        if (m.size() == 3) {
            mw = m[0]; ms1 = m[1]; ms2 = m[2];
        } else if (m.size() == 4) {
            mw = m[0]; mn = m[1]; ms1 = m[2]; ms2 = m[3];
        } else if (m.size() == 5) {
            mb = m[0]; mw = m[1]; mn = m[2]; ms1 = m[3]; ms2 = m[4];
        } else {  // beyond CANN: the tiling reads no dims of another rank
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "attenMaskOptional must be 3-D, 4-D or 5-D, but got %s.",
                        ShapeString(m).c_str());
        }
        if (mb != 1 || mn != 1) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Do tiling failed, att_b_[%lld]), att_n_[%lld]",
                        static_cast<long long>(mb), static_cast<long long>(mn));
        }
        if (mw == 0 || ms1 == 0 || ms2 == 0) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Do tiling failed, attenMaskOptional %s has a zero dim.",
                        ShapeString(m).c_str());
        }
        if (xs.size() == 4) {
            if (bw / mw == 0) {
                return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                            "Do tiling failed,  x shape %s and attenMask shape %s is not compatible, please check it.",
                            ShapeString(xs).c_str(), ShapeString(m).c_str());
            }
            b = bw / mw;
            w = mw;
        }
        if (!(w == mw && s1 == ms1 && s2 == ms2)) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                        "Do tiling failed, w_[%lld], att_w_[%lld], s1_[%lld], att_s1_[%lld], s2_[%lld], att_s2_[%lld]",
                        static_cast<long long>(w), static_cast<long long>(mw), static_cast<long long>(s1),
                        static_cast<long long>(ms1), static_cast<long long>(s2), static_cast<long long>(ms2));
        }
        // beyond CANN: the 4-D x's first dim a multiple of W (the kernel reads b * W rows)
        if (xs.size() == 4 && b * w != bw) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "x's first dim %lld is not a multiple of the mask's W %lld.",
                        static_cast<long long>(bw), static_cast<long long>(w));
        }
    }
    const std::vector<int64_t>& bs = bias->view_shape;
    int64_t bb = 1, bwd = 1, bn = 0, bs1 = 0, bs2 = 0;
    if (bs.size() == 3) {
        bn = bs[0]; bs1 = bs[1]; bs2 = bs[2];
    } else if (bs.size() == 4) {
        bwd = bs[0]; bn = bs[1]; bs1 = bs[2]; bs2 = bs[3];
    } else if (bs.size() == 5) {
        bb = bs[0]; bwd = bs[1]; bn = bs[2]; bs1 = bs[3]; bs2 = bs[4];
    } else {  // beyond CANN
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "relativePosBias must be 3-D, 4-D or 5-D, but got %s.",
                    ShapeString(bs).c_str());
    }
    if (bb != 1 || bwd != 1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Do tiling failed, bias_b_[%lld]), bias_w_[%lld]",
                    static_cast<long long>(bb), static_cast<long long>(bwd));
    }
    if (!(n == bn && s1 == bs1 && s2 == bs2)) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "Do tiling failed, n_[%lld], bias_n_[%lld], s1_[%lld], bias_s1_[%lld], s2_[%lld], bias_s2_[%lld]",
                    static_cast<long long>(n), static_cast<long long>(bn), static_cast<long long>(s1),
                    static_cast<long long>(bs1), static_cast<long long>(s2), static_cast<long long>(bs2));
    }
    const std::vector<int64_t>& os = out->view_shape;
    const bool out_ok = (os.size() == 5 && os == std::vector<int64_t>{b, w, n, s1, s2}) ||
                        (os.size() == 4 && os == std::vector<int64_t>{b * w, n, s1, s2});
    if (!out_ok) return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Do tiling failed, output shape is not legal, please check it.");
    // beyond CANN: out of x's rank (a 4-D x with a 5-D out, or the reverse, would be read as another layout)
    if (os.size() != xs.size()) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Expected out to have x's shape %s, but found %s.",
                    ShapeString(xs).c_str(), ShapeString(os).c_str());
    }
    if (p310 && (s2 * static_cast<int64_t>(ItemSize(d))) % 32 != 0) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Do tiling failed, s2 is not aligned.");
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {
namespace gelu_quant_checks {

inline bool InFloatList(aclDataType d) { return d == ACL_FLOAT16 || d == ACL_BF16 || d == ACL_FLOAT; }
inline bool InYList(aclDataType d) {
    return d == ACL_FLOAT8_E4M3FN || d == ACL_FLOAT8_E5M2 || d == ACL_INT8 || d == ACL_HIFLOAT8;
}
inline int NotSupported(const char* name, aclDataType d, const char* list) {
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.", name,
                DtypeName(d), list);
}
inline int NullTensor(const char* name) {
    return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument %s.", name);
}
constexpr const char* kFloatList = "DT_FLOAT16, DT_BF16, DT_FLOAT";

}  // namespace gelu_quant_checks

/// aclnn_gelu_quant.cpp CheckParams up to CheckNotNull: CheckPlatform, quantMode, the NULL checks (which tensors
/// the mode requires). c.t = {self, inputScaleOptional, inputOffsetOptional, y, outScaleOptional} (the optional ones
/// nullptr when absent).
inline int CheckGeluQuantNulls(const OpCall& c, const char* approximate, const char* quantMode, const char* roundMode,
                                int64_t /*dstType*/) {
    using namespace gelu_quant_checks;
    const aclTensor* self = c.t[0];
    const aclTensor* scale = c.t[1];
    const aclTensor* y = c.t[3];
    const aclTensor* outScale = c.t[4];
    // CheckPlatform: a regbase arch only (ACLNN_ERR_RUNTIME_ERROR); the product read here (c.soc is set by the
    // table's liveness checks, which run after this hook)
    const rt::Soc soc = rt::ActiveSoc();
    if (soc != rt::Soc::kAscend950) {
        const unsigned arch = soc == rt::Soc::kAscend310P ? 2002u : (soc == rt::Soc::kAscend910 ? 1001u : 2201u);
        return Fail(ACLNN_ERR_RUNTIME_ERROR, "Support for %u is not implemented.", arch);
    }
    if (quantMode == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "quantMode must not be nullptr.");
    const bool dyn = std::strncmp(quantMode, "dynamic", 7) == 0;
    if (!dyn && std::strncmp(quantMode, "static", 6) != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Got quantMode neither \"dynamic\" nor \"static\".");
    }
    // CheckNotNull
    if (self == nullptr) return NullTensor("self");
    if (!dyn && scale == nullptr) return NullTensor("inputScaleOptional");
    if (approximate == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "approximate must not be nullptr.");
    if (roundMode == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "roundMode must not be nullptr.");
    if (y == nullptr) return NullTensor("y");
    if (dyn && outScale == nullptr) return NullTensor("outScaleOptional");
    return 0;
}

/// The rest of aclnn_gelu_quant.cpp CheckParams (after the table's liveness checks): CheckOptCombValid,
/// CheckDtypeValid, CheckShape, CheckRoundMode, then the empty-tensor refusal; beyond CANN after those, the scale /
/// offset sizes and outScaleOptional's exact shape. c.t as CheckGeluQuantNulls'.
inline int CheckGeluQuant(const OpCall& c, const char* approximate, const char* quantMode, const char* roundMode,
                          int64_t dstType) {
    using namespace gelu_quant_checks;
    const aclTensor* self = c.t[0];
    const aclTensor* scale = c.t[1];
    const aclTensor* offset = c.t[2];
    const aclTensor* y = c.t[3];
    const aclTensor* outScale = c.t[4];
    const bool dyn = std::strncmp(quantMode, "dynamic", 7) == 0;
    // CheckOptCombValid
    if (dyn) {
        if (scale == nullptr && offset != nullptr) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid Optional input, output combination in dynamic quant mode");
        }
    } else if (outScale != nullptr) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid Optional input, output combination in static quant mode");
    }
    // CheckDtypeValid
    if (!InFloatList(self->dtype)) return NotSupported("self", self->dtype, kFloatList);
    if (!InYList(y->dtype)) {
        return NotSupported("y", y->dtype, "DT_FLOAT8_E4M3FN, DT_FLOAT8_E5M2, DT_INT8, DT_HIFLOAT8");
    }
    if (scale != nullptr) {
        if (!InFloatList(scale->dtype)) return NotSupported("inputScaleOptional", scale->dtype, kFloatList);
        const bool bad = scale->dtype != ACL_FLOAT &&
                         ((self->dtype == ACL_FLOAT16 && scale->dtype == ACL_BF16) ||
                          (self->dtype == ACL_BF16 && scale->dtype == ACL_FLOAT16));
        if (bad) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "dtype of input self:%s is not compatible with inputScaleOptional:%s.",
                        DtypeName(self->dtype), DtypeName(scale->dtype));
        }
    }
    if (offset != nullptr) {
        if (!InFloatList(offset->dtype)) return NotSupported("inputOffsetOptional", offset->dtype, kFloatList);
        // OP_CHECK_DTYPE_NOT_SAME(inputScaleOptional, inputOffsetOptional): a static offset comes with a scale
        if (scale != nullptr && scale->dtype != offset->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected both tensors to have same dtype, but found inputScaleOptional %s and "
                        "inputOffsetOptional %s.",
                        DtypeName(scale->dtype), DtypeName(offset->dtype));
        }
    }
    if (outScale != nullptr && outScale->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor outScaleOptional expected dtype is DT_FLOAT but found %s.",
                    DtypeName(outScale->dtype));
    }
    const std::string appr(approximate);
    if (appr != "none" && appr != "tanh") {
        return Fail(ACLNN_ERR_PARAM_INVALID, "expected approximate equals 'none' or 'tanh', get: %s", appr.c_str());
    }
    if (static_cast<int64_t>(y->dtype) != dstType) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "dstType:%lld(%s) is must be the same as y dtype[%s].",
                    static_cast<long long>(dstType), DtypeName(static_cast<aclDataType>(dstType)), DtypeName(y->dtype));
    }
    // CheckShape
    const std::vector<int64_t>& ss = self->view_shape;
    if (dyn) {
        const std::vector<int64_t>& os = outScale->view_shape;
        if (ss.size() < 2 || ss.size() > 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "input self Dims is %zu, should be 2-8D.", ss.size());
        }
        if (os.empty() || os.size() > 7) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "output outScaleOptional Dims is %zu, should be 1-7D.", os.size());
        }
        for (size_t i = 0; i + 1 < ss.size(); ++i) {
            if (i >= os.size() || ss[i] != os[i]) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "The shape of outScaleOptional matches the shape of self across all dimensions except for "
                            "the last dimension.");
            }
        }
    } else if (ss.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    }
    if (scale != nullptr && scale->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "InputScaleOptional Dims is %zu, only supported 1D.",
                    scale->view_shape.size());
    }
    if (offset != nullptr) {
        if (offset->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "inputOffsetOptional Dims is %zu, only supported 1D.",
                        offset->view_shape.size());
        }
        if (scale != nullptr && scale->view_shape[0] != offset->view_shape[0]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The shape of inputOffsetOptional matches the shape of inputScaleOptional.");
        }
    }
    if (self->view_shape != y->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for y, but %s does not equal %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(y->view_shape).c_str());
    }
    // CheckRoundMode
    const std::string mode(roundMode);
    if (dstType == ACL_HIFLOAT8) {
        if (mode != "round" && mode != "hybrid") {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "check roundMode failed, roundMode[%s] not in ['round','hybrid'] for hifloat8.", mode.c_str());
        }
    } else if (mode != "rint") {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "check roundMode failed, roundMode[%s] not in ['rint'] for float8_e5m2/float8_e4m3fn/int8.",
                    mode.c_str());
    }
    // an empty tensor
    for (const aclTensor* t : {self, scale, offset, y, outScale}) {
        if (t != nullptr && t->numel == 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Geluquant does not support empty tensor.");
        }
    }
    // beyond CANN (aclnnGeluQuant.md: the scale's size is self's last dim or 1; the kernel reads so many)
    const int64_t last = ss.empty() ? 1 : ss.back();
    const aclTensor* params[2] = {scale, offset};
    const char* pnames[2] = {"inputScaleOptional", "inputOffsetOptional"};
    for (int i = 0; i < 2; ++i) {
        if (params[i] != nullptr && params[i]->numel != 1 && params[i]->numel != last) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %s to hold 1 or self's last dim %lld elements, but it holds %lld.",
                        pnames[i], static_cast<long long>(last), static_cast<long long>(params[i]->numel));
        }
    }
    if (dyn && outScale->view_shape != std::vector<int64_t>(ss.begin(), ss.end() - 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected outScaleOptional to have self's shape without its last dim, but found %s.",
                    ShapeString(outScale->view_shape).c_str());
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

/// aclnnSwigluGroup: op_host/arch35/swiglu_group_tiling.cpp GetShapeAttrsInfo's order - x's dtype and dims, the
/// product of x's leading dims (no empty x), its last dim, CheckWeightInfo, CheckGroupIndexInfo, GetAttr
/// (clamp_limit), CheckOutputInfo; 161002 as aclnnSwigluGroup.md lists them. c.t = {x, weightOptional,
/// groupIndexOptional, out}.
inline int CheckSwigluGroup(const OpCall& c, double clampLimit) {
    const aclTensor* x = c.t[0];
    const aclTensor* w = c.t[1];
    const aclTensor* g = c.t[2];
    const aclTensor* y = c.t[3];
    const std::vector<int64_t>& xs = x->view_shape;
    if (xs.empty() || xs.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "input x dim num should be in [1, 8], got %zu.", xs.size());
    }
    int64_t bs = 1;
    for (size_t i = 0; i + 1 < xs.size(); ++i) bs *= xs[i];
    if (bs <= 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "input x is empty tensor, which is not supported, the product of dims except the last one is %lld.",
                    static_cast<long long>(bs));
    }
    const int64_t d = xs.back();
    if (d <= 0 || d % 2 != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "input x last dim should be positive and divisible by 2, got %lld.",
                    static_cast<long long>(d));
    }
    if (w != nullptr) {
        if (w->dtype != ACL_FLOAT) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "input weight dtype should be FLOAT, got %s.", DtypeName(w->dtype));
        }
        if (w->view_shape.empty() || w->view_shape.size() > 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "input weight dim num should be in [1, 8], got %zu.",
                        w->view_shape.size());
        }
        if (w->numel <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "input weight is empty tensor, which is not supported, got element num %lld.",
                        static_cast<long long>(w->numel));
        }
        if (w->numel != bs) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "input weight element num should be equal to the product of input x dims except the last one, "
                        "got %lld, expected %lld.",
                        static_cast<long long>(w->numel), static_cast<long long>(bs));
        }
    }
    if (g != nullptr) {
        if (g->dtype != ACL_INT64) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "input group_index dtype should be INT64, got %s.", DtypeName(g->dtype));
        }
        if (g->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "input group_index dim num should be 1, got %zu.", g->view_shape.size());
        }
        if (g->numel <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "input group_index is empty tensor, which is not supported, got element num %lld.",
                        static_cast<long long>(g->numel));
        }
    }
    const float cl = static_cast<float>(clampLimit);
    if (cl != -1.0f && !(cl > 0.0f)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "attr clamp_limit should be greater than 0.0, got %f.",
                    static_cast<double>(cl));
    }
    if (y->dtype != x->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "output y dtype should be same as input x, got y dtype %s, x dtype %s.",
                    DtypeName(y->dtype), DtypeName(x->dtype));
    }
    const std::vector<int64_t>& ys = y->view_shape;
    if (ys.size() != xs.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "output y dim num should be same as input x, got y dim num %zu, x dim num %zu.",
                    ys.size(), xs.size());
    }
    for (size_t i = 0; i + 1 < xs.size(); ++i) {
        if (ys[i] != xs[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "output y dim[%zu] should be equal to input x dim[%zu], got y dim %lld, x dim %lld.", i, i,
                        static_cast<long long>(ys[i]), static_cast<long long>(xs[i]));
        }
    }
    if (ys.back() != d / 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "output y last dim should be input x last dim / 2, got y last dim %lld, expected %lld.",
                    static_cast<long long>(ys.back()), static_cast<long long>(d / 2));
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

/// swi_glu_grad_tiling_regbase.cpp CheckShapeValid (then CalcShapeTo2D's evenness, implied): yGrad of x's rank
/// (561002), dim in [-rank, rank) (aclnnSwiGluGrad.md: 161002), yGrad's dims x's except dim, where x's is twice
/// yGrad's (561002). c.t = {yGrad, x, out}.
inline int CheckSwiGluGradTiling(const OpCall& c, int64_t dim) {
    const std::vector<int64_t>& g = c.t[0]->view_shape;
    const std::vector<int64_t>& x = c.t[1]->view_shape;
    const int64_t rank = static_cast<int64_t>(x.size());
    if (g.size() != x.size()) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The shape dims of y_grad, x must be the same, but got %zu and %zu.",
                    g.size(), x.size());
    }
    if (dim < -rank || dim >= rank) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The value of dim must be in range [%lld, %lld], but got %lld.",
                    static_cast<long long>(-rank), static_cast<long long>(rank - 1), static_cast<long long>(dim));
    }
    const int64_t d = dim < 0 ? dim + rank : dim;
    for (int64_t i = 0; i < rank; ++i) {
        const size_t k = static_cast<size_t>(i);
        if (i != d && g[k] != x[k]) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Shape[%lld] of y_grad must be equal to Shape[%lld] of x (%lld, %lld).",
                        static_cast<long long>(i), static_cast<long long>(i), static_cast<long long>(g[k]),
                        static_cast<long long>(x[k]));
        }
        if (i == d && x[k] != g[k] * 2) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                        "Shape[%lld] of y_grad must be equal to Shape[%lld] of x / 2 (%lld, %lld).",
                        static_cast<long long>(i), static_cast<long long>(i), static_cast<long long>(g[k]),
                        static_cast<long long>(x[k]));
        }
    }
    return 0;
}

}  // namespace aclcpu

namespace aclcpu {

/// aclnn_swiglu_group_grad.cpp CheckNotNull's last rule: gradWeightOutOptional given whenever weightOptional is
/// (161001). c.t = {gradY, x, weightOptional, yOriginOptional, groupIndexOptional, gradXOut, gradWeightOutOptional}.
inline int CheckSwigluGroupGradNulls(const OpCall& c, float) {
    if (c.t[2] != nullptr && c.t[6] == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument gradWeightOutOptional.");
    }
    return 0;
}

/// aclnn_swiglu_group_grad.cpp CheckParams after CheckNotNull: weight and yOrigin together, clampLimit >= 0,
/// CheckDtypeValid, CheckShape, in their order and messages.
inline int CheckSwigluGroupGrad(const OpCall& c, float clampLimit) {
    const aclTensor* gy = c.t[0];
    const aclTensor* x = c.t[1];
    const aclTensor* w = c.t[2];
    const aclTensor* yo = c.t[3];
    const aclTensor* gi = c.t[4];
    const aclTensor* gx = c.t[5];
    const aclTensor* gw = c.t[6];
    if ((w == nullptr) != (yo == nullptr)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "weightOptional and yOriginOptional must be provided together.");
    }
    if (!(clampLimit >= 0.0f)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "clampLimit must be greater than or equal to 0, but got %f.",
                    static_cast<double>(clampLimit));
    }
    auto inList = [](aclDataType d) { return d == ACL_FLOAT16 || d == ACL_FLOAT || d == ACL_BF16; };
    auto notSupported = [](const char* name, aclDataType d) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Tensor %s not implemented for %s, should be in dtype support list DT_FLOAT16, DT_FLOAT, DT_BF16.",
                    name, DtypeName(d));
    };
    auto notSame = [](const char* a, aclDataType da, const char* b, aclDataType db) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found %s %s and %s %s.", a,
                    DtypeName(da), b, DtypeName(db));
    };
    auto notMatch = [](const char* name, aclDataType want, aclDataType got) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", name, DtypeName(want),
                    DtypeName(got));
    };
    if (!inList(gy->dtype)) return notSupported("gradY", gy->dtype);
    if (!inList(x->dtype)) return notSupported("x", x->dtype);
    if (x->dtype != gy->dtype) return notSame("gradY", gy->dtype, "x", x->dtype);
    if (gx->dtype != gy->dtype) return notSame("gradY", gy->dtype, "gradXOut", gx->dtype);
    if (w != nullptr && w->dtype != ACL_FLOAT) return notMatch("weightOptional", ACL_FLOAT, w->dtype);
    if (yo != nullptr && yo->dtype != gy->dtype) return notSame("gradY", gy->dtype, "yOriginOptional", yo->dtype);
    if (gi != nullptr && gi->dtype != ACL_INT64) return notMatch("groupIndexOptional", ACL_INT64, gi->dtype);
    if (gw != nullptr && gw->dtype != ACL_FLOAT) return notMatch("gradWeightOutOptional", ACL_FLOAT, gw->dtype);
    // CheckShape
    const std::vector<int64_t>& gs = gy->view_shape;
    const size_t rank = gs.size();
    if (rank != 2 && rank != 3) return Fail(ACLNN_ERR_PARAM_INVALID, "gradY must be 2D or 3D, got %zu dims.", rank);
    const size_t last = rank - 1;
    const int64_t H = gs[last];
    const std::vector<int64_t>& xs = x->view_shape;
    if (xs.size() != rank) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x rank(%zu) must equal gradY rank(%zu).", xs.size(), rank);
    }
    for (size_t i = 0; i < last; ++i) {
        if (xs[i] != gs[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "x.shape[%zu]=%lld != gradY.shape[%zu]=%lld", i,
                        static_cast<long long>(xs[i]), i, static_cast<long long>(gs[i]));
        }
    }
    if (xs[last] != H * 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x.shape[-1]=%lld != 2*H=%lld", static_cast<long long>(xs[last]),
                    static_cast<long long>(H * 2));
    }
    if (H <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "H=%lld must be > 0", static_cast<long long>(H));
    auto shapeNotEqual = [](const char* a, const aclTensor* ta, const char* b, const aclTensor* tb) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for %s to have same size as tensor for %s, but %s does not equal %s.", a, b,
                    ShapeString(ta->view_shape).c_str(), ShapeString(tb->view_shape).c_str());
    };
    if (gx->view_shape != xs) return shapeNotEqual("gradXOut", gx, "x", x);
    if (w != nullptr) {
        int64_t rows = 1;
        for (size_t i = 0; i < last; ++i) rows *= gs[i];
        if (w->numel != rows) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "weightOptional's shape size %lld is invalid: the element num of weightOptional must be equal "
                        "to the product of gradY leading dims.",
                        static_cast<long long>(w->numel));
        }
        if (gw->view_shape != w->view_shape) return shapeNotEqual("gradWeightOutOptional", gw, "weightOptional", w);
    }
    if (yo != nullptr && yo->view_shape != gs) return shapeNotEqual("yOriginOptional", yo, "gradY", gy);
    if (gi != nullptr) {
        if (gi->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "groupIndexOptional must be 1D, got %zu dims.", gi->view_shape.size());
        }
        if (gi->view_shape[0] < 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "groupIndexOptional must have numel>=1, got %lld.",
                        static_cast<long long>(gi->view_shape[0]));
        }
    }
    return 0;
}

}  // namespace aclcpu
