// The custom first-phase checks of the nn_loss family (ops/families/nn_loss.yaml `custom` checks the table's
// vocabulary cannot express; docs/ops/nn_loss.md). Included at the end of src/op/reference_checks.h (through the
// generated op/family_hooks.inc). Each hook is int <hook>(const OpCall& c, <the entry's non-tensor parameters>):
// 0, or CANN's status with its message. Facts: hicann/ops-nn loss/<op>/op_api/aclnn_*.cpp and
// common/stub/op_api/aclnn_kernels/common/op_error_check.h (the OP_CHECK_* messages); each hook names the op_api
// function it restates.
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/limits.h"
#include "common/status.h"
#include "engine/elementwise.h"
#include "engine/first_phase.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// The products whose loss op_apis take BF16: NpuArch DAV_2201 or a regbase arch (Ascend 950, Atlas A2/A3;
/// GetDtypeSupportListV2 and the SocVersion [ASCEND910B, ASCEND910E] rules agree on these products).
inline bool LossBf16(rt::Soc soc) {
    return soc == rt::Soc::kAscend950 || soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93;
}

/// OP_CHECK_NULL (ops-nn's IsNullptr: "Expected a proper Tensor but got null for argument <name>.") with the
/// status the op_api returns for it.
inline int LossNotNull(const aclTensor* t, const char* name, int code) {
    if (t != nullptr) return 0;
    return Fail(code, "Expected a proper Tensor but got null for argument %s.", name);
}

/// OP_CHECK_DTYPE_NOT_MATCH(tensor, expected): "Tensor <tensor> expected dtype is <expected> but found <found>."
inline int LossDtypeMatch(const aclTensor* t, const char* name, aclDataType expected) {
    if (t->dtype == expected) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", name, DtypeName(expected),
                DtypeName(t->dtype));
}

/// OP_CHECK_RESULT_DTYPE_CAST_FAILED(from, out's dtype).
inline int LossResultCast(aclDataType from, const aclTensor* out) {
    if (CanCast(from, out->dtype)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.",
                DtypeName(from), DtypeName(out->dtype));
}

/// The broadcast shape of two view shapes, or false (the caller reports it).
inline bool LossBroadcast(const std::vector<int64_t>& a, const std::vector<int64_t>& b, std::vector<int64_t>* out) {
    engine::BroadcastShape s;
    if (a.size() > static_cast<size_t>(kMaxDims) || b.size() > static_cast<size_t>(kMaxDims)) return false;
    if (!engine::Broadcast(a.data(), a.size(), b.data(), b.size(), &s)) return false;
    out->assign(s.d, s.d + s.n);
    return true;
}

/// OP_CHECK_BROADCAST_AND_INFER_SHAPE(a, b, shape): "The size of tensor a <a> must match the size of tensor b <b>."
inline int LossBroadcastInfer(const aclTensor* a, const char* an, const aclTensor* b, const char* bn,
                              std::vector<int64_t>* shape) {
    if (LossBroadcast(a->view_shape, b->view_shape, shape)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor %s %s must match the size of tensor %s %s.", an,
                ShapeString(a->view_shape).c_str(), bn, ShapeString(b->view_shape).c_str());
}

/// A storage format's name as op::ToString(Format) prints it (reference_checks.h FormatName).
inline int LossSameFormat(const aclTensor* a, const char* an, const aclTensor* b, const char* bn) {
    if (a->format == b->format) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Format of %s and %s can't be different, %s [%s], %s [%s].", an, bn, an,
                FormatName(a->format), bn, FormatName(b->format));
}

// ---- aclnnBinaryCrossEntropy (aclnn_binary_cross_entropy.cpp); c.t = {self, target, weight, out}

/// CheckNotNull: self, target, out NULL -> ACLNN_ERR_INNER_NULLPTR (561103: CheckParams returns that status, not
/// 161001).
inline int CheckBceNotNull(const OpCall& c, int64_t) {
    if (int r = LossNotNull(c.t[0], "self", ACLNN_ERR_INNER_NULLPTR)) return r;
    if (int r = LossNotNull(c.t[1], "target", ACLNN_ERR_INNER_NULLPTR)) return r;
    return LossNotNull(c.t[3], "out", ACLNN_ERR_INNER_NULLPTR);
}

/// CheckDtypeValid after the three list checks: weight's dtype in the list ("weight dtype ... should be in dtype
/// support list [...]."); with a weight, self's dtype target's, weight's and out's (OP_CHECK_DTYPE_NOT_MATCH).
inline int CheckBceWeight(const OpCall& c, int64_t) {
    const aclTensor* self = c.t[0];
    const aclTensor* target = c.t[1];
    const aclTensor* weight = c.t[2];
    const aclTensor* out = c.t[3];
    if (weight == nullptr) return 0;
    const bool bf16 = LossBf16(c.soc);
    const aclDataType w = weight->dtype;
    if (!(w == ACL_FLOAT || w == ACL_FLOAT16 || (bf16 && w == ACL_BF16))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "weight dtype %s should be in dtype support list [%s].", DtypeName(w),
                    bf16 ? "DT_FLOAT, DT_FLOAT16, DT_BF16" : "DT_FLOAT, DT_FLOAT16");
    }
    if (int r = LossDtypeMatch(self, "self", target->dtype)) return r;
    if (int r = LossDtypeMatch(self, "self", weight->dtype)) return r;
    return LossDtypeMatch(self, "self", out->dtype);
}

/// CheckReduceOutShape after the kernel's shape inference (a non-empty self only; an empty one fills out as it
/// is): out's view shape the result's - self's for none, 0-d for mean / sum - unless both hold one element.
inline int CheckBceOutShape(const OpCall& c, int64_t reduction) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[3];
    if (self->numel == 0) return 0;
    const std::vector<int64_t> infer = reduction == 0 ? self->view_shape : std::vector<int64_t>{};
    int64_t n = 1;
    for (int64_t d : infer) n *= d;
    if (out->view_shape == infer || (n == 1 && out->numel == 1)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The out tensor's shape[%s] is not equal with inferOut shape[%s].",
                ShapeString(out->view_shape).c_str(), ShapeString(infer).c_str());
}

// ---- aclnnBinaryCrossEntropyBackward (aclnn_binary_cross_entropy_backward.cpp);
// c.t = {gradOutput, self, target, weightOptional, out}

/// CheckFormat: self's and target's storage formats equal, then self's and weightOptional's.
inline int CheckBceGradFormat(const OpCall& c, int64_t) {
    if (int r = LossSameFormat(c.t[1], "self", c.t[2], "target")) return r;
    if (c.t[3] != nullptr) return LossSameFormat(c.t[1], "self", c.t[3], "weightOptional");
    return 0;
}

/// The "broadcast to self" rule of the backward losses' CheckShape: a and self broadcast (else the
/// OP_CHECK_BROADCAST_AND_INFER_SHAPE message), and their broadcast shape is self's (CANN returns 161002 without
/// a message there; this one is ours).
inline int LossBroadcastsToSelf(const aclTensor* a, const char* an, const aclTensor* self, bool self_first) {
    std::vector<int64_t> b;
    if (int r = self_first ? LossBroadcastInfer(self, "self", a, an, &b) : LossBroadcastInfer(a, an, self, "self", &b)) {
        return r;
    }
    if (b == self->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The broadcast shape %s of %s and self is not self's shape %s.",
                ShapeString(b).c_str(), an, ShapeString(self->view_shape).c_str());
}

/// CheckShape (a non-empty self only): out's shape self's (OP_CHECK_SHAPE_NOT_EQUAL(out, self)), then target,
/// weightOptional, gradOutput each broadcasting to self's shape.
inline int CheckBceGradShape(const OpCall& c, int64_t) {
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* out = c.t[4];
    if (self->numel == 0) return 0;
    if (out->view_shape != self->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for out to have same size as tensor for self, but %s does not equal %s.",
                    ShapeString(out->view_shape).c_str(), ShapeString(self->view_shape).c_str());
    }
    if (int r = LossBroadcastsToSelf(c.t[2], "target", self, true)) return r;
    if (c.t[3] != nullptr) {
        if (int r = LossBroadcastsToSelf(c.t[3], "weightOptional", self, true)) return r;
    }
    return LossBroadcastsToSelf(grad, "gradOutput", self, true);
}

/// The promotion chain of CheckPromoteType (after CheckParams, before the empty-self return): Promote(self, target),
/// then with gradOutput, then weightOptional, each defined; the result castable to out's dtype. `messages` the
/// operator's three texts (its second and third say "GradOutput dtype" / "Weight dtype", BCEWithLogits's
/// "the GradOutput dtype" / "the Weight dtype").
inline int LossPromoteChain(const aclTensor* grad, const aclTensor* self, const aclTensor* target,
                            const aclTensor* weight, const aclTensor* posWeight, const aclTensor* out, bool with_the) {
    aclDataType p = PromoteTypes(self->dtype, target->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and target dtype %s can not promote dtype.",
                    DtypeName(self->dtype), DtypeName(target->dtype));
    }
    aclDataType saved = p;
    p = PromoteTypes(p, grad->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s dtype %s and target dtype %s can not promote dtype.",
                    with_the ? "the GradOutput" : "GradOutput", DtypeName(grad->dtype), DtypeName(saved));
    }
    if (weight != nullptr) {
        saved = p;
        p = PromoteTypes(p, weight->dtype);
        if (p == ACL_DT_UNDEFINED) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s dtype %s and target dtype %s can not promote dtype.",
                        with_the ? "the Weight" : "Weight", DtypeName(weight->dtype), DtypeName(saved));
        }
    }
    if (posWeight != nullptr) {
        saved = p;
        p = PromoteTypes(p, posWeight->dtype);
        if (p == ACL_DT_UNDEFINED) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "the pos_weight dtype %s and target dtype %s can not promote dtype.",
                        DtypeName(posWeight->dtype), DtypeName(saved));
        }
    }
    return LossResultCast(p, out);
}

inline int CheckBceGradPromote(const OpCall& c, int64_t) {
    return LossPromoteChain(c.t[0], c.t[1], c.t[2], c.t[3], nullptr, c.t[4], false);
}

// ---- aclnnBinaryCrossEntropyWithLogits (aclnn_binary_cross_entropy_with_logits.cpp);
// c.t = {self, target, weightOptional, posWeightOptional, out}

/// CheckShape after its max-dims checks: self's shape target's (OP_CHECK_SHAPE_NOT_EQUAL); a non-empty target:
/// weightOptional, then posWeightOptional broadcastable with target (OP_CHECK_BROADCAST_AND_INFER_SHAPE).
inline int CheckBceLogitsShape(const OpCall& c, int64_t) {
    const aclTensor* self = c.t[0];
    const aclTensor* target = c.t[1];
    if (self->view_shape != target->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for target, but %s does not equal %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(target->view_shape).c_str());
    }
    if (target->numel == 0) return 0;
    std::vector<int64_t> b;
    if (c.t[2] != nullptr) {
        if (int r = LossBroadcastInfer(c.t[2], "weight", target, "target", &b)) return r;
    }
    if (c.t[3] != nullptr) {
        if (int r = LossBroadcastInfer(c.t[3], "posWeight", target, "target", &b)) return r;
    }
    return 0;
}

/// The stub's out check (a non-empty self): reduction none - out's shape the kernel's result's, self's with weight
/// and posWeight broadcast in (OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE); mean / sum - beyond CANN (whose
/// ViewCopy of the 0-d result would fail later): out holding one element.
inline int CheckBceLogitsOut(const OpCall& c, int64_t reduction) {
    const aclTensor* self = c.t[0];
    const aclTensor* out = c.t[4];
    if (self->numel == 0) return 0;
    if (reduction != 0) {
        if (out->numel == 1) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out to hold one element for reduction %ld, but got %s.",
                    static_cast<long>(reduction), ShapeString(out->view_shape).c_str());
    }
    std::vector<int64_t> b = self->view_shape;
    for (int k = 2; k <= 3; ++k) {
        if (c.t[k] != nullptr) {
            std::vector<int64_t> n;
            LossBroadcast(b, c.t[k]->view_shape, &n);
            b = n;
        }
    }
    if (out->view_shape == b) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                ShapeString(b).c_str(), ShapeString(out->view_shape).c_str());
}

// ---- aclnnBinaryCrossEntropyWithLogitsBackward (aclnn_binary_cross_entropy_with_logits_backward.cpp);
// c.t = {gradOutput, self, target, weightOptional, posWeightOptional, out}

/// CheckFormat: self's and target's storage formats equal, then self's and out's.
inline int CheckBceLogitsGradFormat(const OpCall& c, int64_t) {
    if (int r = LossSameFormat(c.t[1], "self", c.t[2], "target")) return r;
    return LossSameFormat(c.t[1], "self", c.t[5], "out");
}

/// CheckShape (a non-empty self only): self's shape target's, then out's (OP_CHECK_SHAPE_NOT_EQUAL); gradOutput,
/// weightOptional, posWeightOptional each broadcasting to self's shape.
inline int CheckBceLogitsGradShape(const OpCall& c, int64_t) {
    const aclTensor* self = c.t[1];
    const aclTensor* target = c.t[2];
    const aclTensor* out = c.t[5];
    if (self->numel == 0) return 0;
    if (self->view_shape != target->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for target, but %s does not equal %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(target->view_shape).c_str());
    }
    if (self->view_shape != out->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for self to have same size as tensor for out, but %s does not equal %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(out->view_shape).c_str());
    }
    if (int r = LossBroadcastsToSelf(c.t[0], "gradOutput", self, false)) return r;
    if (c.t[3] != nullptr) {
        if (int r = LossBroadcastsToSelf(c.t[3], "weightOptional", self, false)) return r;
    }
    if (c.t[4] != nullptr) {
        if (int r = LossBroadcastsToSelf(c.t[4], "posWeightOptional", self, false)) return r;
    }
    return 0;
}

/// The stub's CheckPromoteType (a non-empty self only: it runs after the empty-self return).
inline int CheckBceLogitsGradPromote(const OpCall& c, int64_t) {
    if (c.t[1]->numel == 0) return 0;
    return LossPromoteChain(c.t[0], c.t[1], c.t[2], c.t[3], c.t[4], c.t[5], true);
}

// ---- aclnnSoftMarginLoss (aclnn_soft_margin_loss.cpp); c.t = {self, target, out}

/// CheckShape after its max-dims checks: self and target broadcast (OP_CHECK_BROADCAST_AND_INFER_SHAPE); reduction
/// none: out's shape the broadcast shape (OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE); otherwise out 0-d.
inline int CheckSoftMarginLossShape(const OpCall& c, int64_t reduction) {
    const aclTensor* out = c.t[2];
    std::vector<int64_t> b;
    if (int r = LossBroadcastInfer(c.t[0], "self", c.t[1], "target", &b)) return r;
    if (reduction == 0) {
        if (out->view_shape == b) return 0;
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(b).c_str(), ShapeString(out->view_shape).c_str());
    }
    if (out->view_shape.empty()) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a 0-dimensional tensor, but Shape of out is %s.",
                ShapeString(out->view_shape).c_str());
}

// ---- aclnnSoftMarginLossBackward (aclnn_soft_margin_loss_backward.cpp); c.t = {gradOutput, self, target, out}

/// CheckShape after its max-dims checks: gradOutput and self broadcast (OP_CHECK_BROADCAST_AND_INFER_SHAPE), target
/// with that shape (OP_CHECK_BROADCAST_WITH_SHAPE: "The size of tensor target <t> must match the size <s>."), out's
/// shape the broadcast of all three (OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE).
inline int CheckSoftMarginLossGradShape(const OpCall& c, int64_t) {
    const aclTensor* target = c.t[2];
    const aclTensor* out = c.t[3];
    std::vector<int64_t> b1, b;
    if (int r = LossBroadcastInfer(c.t[0], "gradOutput", c.t[1], "self", &b1)) return r;
    if (!LossBroadcast(target->view_shape, b1, &b)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor target %s must match the size %s.",
                    ShapeString(target->view_shape).c_str(), ShapeString(b1).c_str());
    }
    if (out->view_shape == b) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                ShapeString(b).c_str(), ShapeString(out->view_shape).c_str());
}

// ---- aclnnKlDivBackward, aclnnKlDivTargetBackward (aclnn_kl_div_backward.cpp, aclnn_kl_div_target_backward.cpp
// CheckShape after their max-dims checks); c.t = {gradOutput, self, target, out / gradTarget}

/// self and target broadcast (OP_CHECK_BROADCAST_AND_INFER_SHAPE); gradOutput broadcasting to that shape ("Except
/// shape of gradOutput must broadcast to <b>, but current is <g>."); then `same` (self for KlDivBackward, target for
/// KlDivTargetBackward) of the last tensor's shape (OP_CHECK_SHAPE_NOT_EQUAL(same, last)).
inline int KlDivShape(const OpCall& c, bool target_side) {
    const aclTensor* grad = c.t[0];
    std::vector<int64_t> b, bg;
    if (int r = LossBroadcastInfer(c.t[1], "self", c.t[2], "target", &b)) return r;
    if (!LossBroadcast(grad->view_shape, b, &bg) || bg != b) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Except shape of gradOutput must broadcast to %s, but current is %s.",
                    ShapeString(b).c_str(), ShapeString(grad->view_shape).c_str());
    }
    const aclTensor* same = target_side ? c.t[2] : c.t[1];
    const aclTensor* last = c.t[3];
    if (same->view_shape == last->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for %s to have same size as tensor for %s, but %s does not equal %s.",
                target_side ? "target" : "self", target_side ? "gradTarget" : "out",
                ShapeString(same->view_shape).c_str(), ShapeString(last->view_shape).c_str());
}

inline int CheckKlDivBackwardShape(const OpCall& c, int64_t, bool) { return KlDivShape(c, false); }
inline int CheckKlDivTargetBackwardShape(const OpCall& c, int64_t, bool) { return KlDivShape(c, true); }

/// aclnn_kl_div_target_backward.cpp CheckFormat: any of the four tensors in a private storage format.
inline int CheckKlDivTargetBackwardFormat(const OpCall& c, int64_t, bool) {
    for (int k = 0; k < 4; ++k) {
        if (!IsPrivateFormatCode(c.t[k]->format)) continue;
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Format only support ND\u3001NCHW\u3001NHWC\u3001HWCN\u3001NDHWC\u3001NCDHW\u3001NCL. Actual: "
                    "gradOutput [%s], self [%s], target [%s], gradTarget [%s] ",
                    FormatName(c.t[0]->format), FormatName(c.t[1]->format), FormatName(c.t[2]->format),
                    FormatName(c.t[3]->format));
    }
    return 0;
}

// ---- aclnnNLLLoss (aclnn_nll_loss.cpp CheckShape); c.t = {self, target, weight, out, totalWeightOut}

/// The shape rules shared with the backward: self 1-D or 2-D, target 0-D or 1-D, a 1-D self with a 0-D target or
/// a 2-D self with target [N]; weight [C]. `backward` selects the backward's texts.
inline int NllShapeCommon(const aclTensor* self, const aclTensor* target, const aclTensor* weight, bool backward) {
    const size_t sd = self->view_shape.size();
    if (!(sd > 0 && sd <= 2)) return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensor should be 1D or 2D.");
    const size_t td = target->view_shape.size();
    if (td > 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "0D or 1D target tensor expected, multi-target not supported.");
    }
    const bool no_batch = sd == 1 && td == 0;
    if (backward) {
        // CANN compares dim 0 of both whenever the pair is not (1-D, 0-D); a 0-D target there reads no dim - refused.
        if (!no_batch && (td == 0 || self->view_shape[0] != target->view_shape[0])) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Size mismatch (got input: %s, target: %s) ",
                        ShapeString(self->view_shape).c_str(), ShapeString(target->view_shape).c_str());
        }
    } else {
        const bool one_batch = sd == 2 && td == 1;
        if (!(no_batch || (one_batch && self->view_shape[0] == target->view_shape[0]))) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "when self is 1D, target need be 0D; when self is 2D, target need be 1D, and target first "
                        "dimension need equal to self first dimension, but (got self: %s, target: %s)",
                        ShapeString(self->view_shape).c_str(), ShapeString(target->view_shape).c_str());
        }
    }
    const int64_t classes = self->view_shape[sd - 1];
    if (weight->view_shape.size() != 1 || weight->view_shape[0] != classes) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Weight tensor should be defined for all %ld classes but got weight tensor of shape: %s",
                    static_cast<long>(classes), ShapeString(weight->view_shape).c_str());
    }
    return 0;
}

inline int CheckNllLossShape(const OpCall& c, int64_t reduction, int64_t) {
    const aclTensor* self = c.t[0];
    const aclTensor* target = c.t[1];
    const aclTensor* out = c.t[3];
    const aclTensor* tw = c.t[4];
    if (int r = NllShapeCommon(self, c.t[1], c.t[2], false)) return r;
    if (reduction == 0 && self->view_shape.size() == 2) {
        if (!(out->view_shape.size() == 1 && out->view_shape[0] == self->view_shape[0])) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expect out shape [%ld], but got: %s.",
                        static_cast<long>(self->view_shape[0]), ShapeString(out->view_shape).c_str());
        }
    } else if (!(out->view_shape.size() <= 1 && out->numel == 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a single element out tensor, but got: %s",
                    ShapeString(out->view_shape).c_str());
    }
    if (tw->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of totalWeightOut tensor should be [1], but current is %s.",
                    ShapeString(tw->view_shape).c_str());
    }
    if (self->numel == 0 && self->view_shape.back() == 0 && target->numel > 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Target is out of bounds");
    }
    return 0;
}

// ---- aclnnNLLLossBackward (aclnn_nll_loss_backward.cpp CheckShape); c.t = {gradOutput, self, target, weight,
// totalWeight, out}

inline int CheckNllLossBackwardShape(const OpCall& c, int64_t reduction, int64_t) {
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* tw = c.t[4];
    const aclTensor* out = c.t[5];
    if (int r = NllShapeCommon(self, c.t[2], c.t[3], true)) return r;
    if (tw->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected totalWeight to be a single element tensor, but current is %s.",
                    ShapeString(tw->view_shape).c_str());
    }
    if (reduction == 0 && self->view_shape.size() == 2) {
        if (!(grad->view_shape.size() == 1 && grad->view_shape[0] == self->view_shape[0])) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expect gradOutput shape [%ld], but got: %s.",
                        static_cast<long>(self->view_shape[0]), ShapeString(grad->view_shape).c_str());
        }
    } else if (!(grad->view_shape.size() <= 1 && grad->numel == 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a single element grad_output tensor, but got: %s",
                    ShapeString(grad->view_shape).c_str());
    }
    if (self->view_shape == out->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but %s does not equal %s.",
                ShapeString(self->view_shape).c_str(), ShapeString(out->view_shape).c_str());
}

// ---- aclnnNLLLoss2d (aclnn_nll_loss2d.cpp CheckShape2D); c.t = {self, target, weight, out, totalWeightOut}

/// self 4-D; weight's dim 0 C (a 0-d weight, whose dim 0 CANN reads out of range, is refused the same way - beyond
/// CANN); target 3-D of self's N, H, W; reduction none: out of target's shape (OP_CHECK_SHAPE_NOT_EQUAL(out, target)),
/// otherwise one element; totalWeightOut one element.
inline int CheckNllLoss2dShape(const OpCall& c, int64_t reduction, int64_t) {
    const aclTensor* self = c.t[0];
    const aclTensor* target = c.t[1];
    const aclTensor* weight = c.t[2];
    const aclTensor* out = c.t[3];
    const aclTensor* tw = c.t[4];
    if (self->view_shape.size() != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensor dim should be 4D, other dim not supported.");
    }
    const std::vector<int64_t>& s = self->view_shape;
    if (weight->view_shape.empty() || weight->view_shape[0] != s[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensor x[1] should be equal to weight[0].");
    }
    const std::vector<int64_t>& t = target->view_shape;
    if (t.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "target tensor dim should be 3D, other dim not supported.");
    }
    if (!(s[0] == t[0] && s[2] == t[1] && s[3] == t[2])) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "size mismatch got input: [%s], target: [%s].", ShapeString(s).c_str(),
                    ShapeString(t).c_str());
    }
    if (reduction == 0) {
        if (out->view_shape != t) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected tensor for out to have same size as tensor for target, but %s does not equal %s.",
                        ShapeString(out->view_shape).c_str(), ShapeString(t).c_str());
        }
    } else if (out->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out tensor should be [1], but current is %s.",
                    ShapeString(out->view_shape).c_str());
    }
    if (tw->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of totalWeightOut tensor should be [1], but current is %s.",
                    ShapeString(tw->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnLogit, aclnnLogitGrad (loss/logit, loss/logit_grad): aclnn layers CANN's build generates from the operator
// definitions (logit_def.cpp, logit_grad_def.cpp: BF16, FLOAT16, FLOAT on ascend910b, ascend910_93, ascend950 - no
// other product); no op_api source, so the messages are aclcpu's. c.t = {input, out} / {x, dy, out}.

/// Every tensor of the first's dtype, that dtype in the definition's list (an empty one outside Ascend 950 and Atlas
/// A2/A3), every tensor of the first's shape and of at most 8 dims -> 161002.
inline int LogitSameAll(const OpCall& c, const char* const* names, int n) {
    const aclTensor* first = c.t[0];
    const bool listed = LossBf16(c.soc);
    for (int k = 0; k < n; ++k) {
        const aclDataType d = c.t[k]->dtype;
        if (!listed || !(d == ACL_BF16 || d == ACL_FLOAT16 || d == ACL_FLOAT)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                        names[k], DtypeName(d), listed ? "DT_BF16, DT_FLOAT16, DT_FLOAT" : "");
        }
    }
    for (int k = 1; k < n; ++k) {
        if (int r = LossDtypeMatch(c.t[k], names[k], first->dtype)) return r;
    }
    for (int k = 0; k < n; ++k) {
        if (c.t[k]->view_shape.size() > 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %zu dimensions.", names[k],
                        size_t{8});
        }
    }
    for (int k = 1; k < n; ++k) {
        if (c.t[k]->view_shape != first->view_shape) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected tensor for %s to have same size as tensor for %s, but %s does not equal %s.", names[k],
                        names[0], ShapeString(c.t[k]->view_shape).c_str(), ShapeString(first->view_shape).c_str());
        }
    }
    return 0;
}

inline int CheckLogit(const OpCall& c, double) {
    static const char* const names[2] = {"input", "out"};
    return LogitSameAll(c, names, 2);
}

inline int CheckLogitGrad(const OpCall& c, double) {
    static const char* const names[3] = {"x", "dy", "out"};
    return LogitSameAll(c, names, 3);
}

/// aclnn_nll_loss2d_backward.cpp CheckShape (then CheckReduction, the table's next check). c.t = {gradOutput, self,
/// target, weight, totalWeight, out} (totalWeight an inout tensor of the table: after the inputs).
inline int CheckNll2dBackwardShape(const OpCall& c, int64_t reduction, int64_t) {
    const aclTensor* grad = c.t[0];
    const aclTensor* self = c.t[1];
    const aclTensor* target = c.t[2];
    const aclTensor* weight = c.t[3];
    const aclTensor* total = c.t[4];
    const aclTensor* out = c.t[5];
    if (reduction == 0) {
        if (grad->view_shape != target->view_shape) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Size mismatch (got gradOutput: %s, target: %s) ",
                        ShapeString(grad->view_shape).c_str(), ShapeString(target->view_shape).c_str());
        }
    } else if (grad->view_shape.size() > 1 || grad->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a single element grad_output tensor, but got: %s",
                    ShapeString(grad->view_shape).c_str());
    }
    if (self->view_shape.size() != 4) return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensor should be 4D.");
    if (target->view_shape.size() != 3) return Fail(ACLNN_ERR_PARAM_INVALID, "target tensor should be 3D.");
    const std::vector<int64_t>& s = self->view_shape;
    const std::vector<int64_t>& t = target->view_shape;
    if (s[0] != t[0] || s[2] != t[1] || s[3] != t[2]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Size mismatch (got input: %s, target: %s) ", ShapeString(s).c_str(),
                    ShapeString(t).c_str());
    }
    if (weight->numel != s[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Weight tensor should be defined for all %lld classes but got weight tensor of shape: %s",
                    static_cast<long long>(s[1]), ShapeString(weight->view_shape).c_str());
    }
    if (out->view_shape != s) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of Out tensor should be %s, but current is %s.",
                    ShapeString(s).c_str(), ShapeString(out->view_shape).c_str());
    }
    if (total->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of totalWeight tensor should be [1], but current is %s.",
                    ShapeString(total->view_shape).c_str());
    }
    return 0;
}

}  // namespace aclcpu

// ================================================================================ MseLossOut
// hicann/ops-nn e5c3fa93 loss/mse_loss/op_api/aclnn_mse_loss_out.cpp CheckShape: for mean / sum, out's shape the
// broadcast shape of self and target without its first dim (the op_api reduces dim 0 only).

namespace aclcpu {

inline int CheckMseLossOutReducedShape(const OpCall& c, int64_t reduction) {
    if (reduction == 0) return 0;
    const std::vector<int64_t>& a = c.t[0]->view_shape;
    const std::vector<int64_t>& b = c.t[1]->view_shape;
    std::vector<int64_t> bc(std::max(a.size(), b.size()), 1);
    for (size_t k = 0; k < bc.size(); ++k) {
        const int64_t x = k < bc.size() - a.size() ? 1 : a[k - (bc.size() - a.size())];
        const int64_t y = k < bc.size() - b.size() ? 1 : b[k - (bc.size() - b.size())];
        bc[k] = x == 1 ? y : x;  // broadcastable: checked before
    }
    const std::vector<int64_t> want(bc.size() > 1 ? bc.begin() + 1 : bc.end(), bc.end());
    const aclTensor* out = c.t[2];
    if (out->view_shape != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(want).c_str(), ShapeString(out->view_shape).c_str());
    }
    return 0;
}

}  // namespace aclcpu

// ================================================================================ MultilabelMarginLoss
// hicann/ops-nn e5c3fa93 loss/multilabel_margin_loss/op_api/aclnn_multilabel_margin_loss.cpp CheckShape.

namespace aclcpu {

/// CheckShape: self 0-d, a non-empty 1-D vector or a matrix with a non-empty dim 1; target of self's size (0-/1-D for
/// a 0-/1-D self, [N, C] for an [N, C] self); out [N] for none with a matrix, else one element in at most 1 dim;
/// isTarget empty (at most 2 dims) for an [0, C] self, else target's shape. c.t: self, target, out, isTarget.
inline int CheckMultilabelMarginLossShape(const OpCall& c, int64_t reduction) {
    const std::vector<int64_t>& s = c.t[0]->view_shape;
    const aclTensor* target = c.t[1];
    const aclTensor* out = c.t[2];
    const aclTensor* is_target = c.t[3];
    const std::vector<int64_t>& t = target->view_shape;
    const bool valid = (s.size() == 2 && s[1] != 0) || (s.size() == 1 && s[0] != 0) || s.empty();
    if (!valid) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected non-empty vector or matrix with optional 0-dim batch size, but got: %s",
                    ShapeString(s).c_str());
    }
    if (s.size() <= 1) {
        const int64_t dim = s.empty() ? 1 : s[0];
        if (!(t.size() <= 1 && target->numel == dim)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "inconsistent target size: %s for self of size: %s",
                        ShapeString(t).c_str(), ShapeString(s).c_str());
        }
    } else if (!(t.size() == 2 && t[0] == s[0] && t[1] == s[1])) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "inconsistent target size: %s for self of size: %s",
                    ShapeString(t).c_str(), ShapeString(s).c_str());
    }
    if (reduction == 0 && s.size() == 2) {
        if (!(out->view_shape.size() == 1 && out->view_shape[0] == s[0])) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expect out shape [%ld], but got: %s.", static_cast<long>(s[0]),
                        ShapeString(out->view_shape).c_str());
        }
    } else if (!(out->view_shape.size() <= 1 && out->numel == 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a single element out tensor, but got: %s",
                    ShapeString(out->view_shape).c_str());
    }
    if (s.size() == 2 && s[0] == 0) {
        if (!(is_target->view_shape.size() <= 2 && is_target->numel == 0)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "inconsistent isTarget size: %s for self of size: %s",
                        ShapeString(is_target->view_shape).c_str(), ShapeString(s).c_str());
        }
    } else if (is_target->view_shape != t) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for isTarget to have same size as tensor for target, but "
                    "%s does not equal %s.", ShapeString(is_target->view_shape).c_str(), ShapeString(t).c_str());
    }
    return 0;
}

}  // namespace aclcpu

// ================================================================================ CrossEntropyLoss
// No op_api source: CANN generates the aclnn layer from the op definition (hicann/ops-nn e5c3fa93
// loss/cross_entropy_loss/op_host/cross_entropy_loss_def.cpp: AI Core configs for ascend910b, ascend910_93 and
// ascend950); the value and shape rules are the tilings' (cross_entropy_loss_tiling.cpp, _tiling_arch35.cpp:
// ACLNN_ERR_INNER_TILING_ERROR). The messages are aclcpu's.

#include <cstring>

namespace aclcpu {

/// The op definition's products: the Ascend 950 and Atlas A2/A3; elsewhere every call is refused (161002).
inline int CheckCrossEntropyLossProduct(const OpCall& c, char* /*reductionOptional*/, int64_t /*ignoreIndex*/,
                                        double /*labelSmoothing*/, double /*lseSquareScaleForZloss*/,
                                        bool /*returnZloss*/) {
    if (c.soc == rt::Soc::kAscend910 || c.soc == rt::Soc::kAscend310P) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s is not supported on %s.", c.api, rt::SocName(c.soc));
    }
    return 0;
}

/// The tilings' checks (561002): reduction "none", "mean" or "sum" (NULL: the attribute's default, mean); labelSmoothing
/// in [0, 1]; target INT64 on Atlas A2/A3 (that tiling; the Ascend 950's takes INT32 too); input 2-D, dim 1 non-empty
/// for a non-empty batch; target 1-D of input's dim 0; weight of input's dim 1 elements. Beyond CANN (161002): lossOut
/// [N] for none, one element otherwise; logProbOut input's shape. c.t: input, target, weightOptional, lossOut,
/// logProbOut, zlossOut, lseForZlossOut.
inline int CheckCrossEntropyLoss(const OpCall& c, char* reductionOptional, int64_t /*ignoreIndex*/,
                                 double labelSmoothing, double /*lseSquareScaleForZloss*/, bool /*returnZloss*/) {
    const char* r = reductionOptional == nullptr ? "mean" : reductionOptional;
    const bool none = std::strcmp(r, "none") == 0;
    if (!none && std::strcmp(r, "mean") != 0 && std::strcmp(r, "sum") != 0) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "reduction %s is invalid: it should be in ['none', 'mean', 'sum'].", r);
    }
    if (!(labelSmoothing >= 0.0 && labelSmoothing <= 1.0)) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "label_smoothing %f is invalid: it should be in [0.0, 1.0].",
                    labelSmoothing);
    }
    const aclTensor* input = c.t[0];
    const aclTensor* target = c.t[1];
    const aclTensor* weight = c.t[2];
    if (c.soc != rt::Soc::kAscend950 && target->dtype != ACL_INT64) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "target's dtype %s is invalid: it should be INT64.",
                    DtypeName(target->dtype));
    }
    const std::vector<int64_t>& s = input->view_shape;
    if (s.size() != 2) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "input's dim num %zu is invalid: it should be 2.", s.size());
    }
    if (s[0] != 0 && s[1] == 0) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "input's shape %s is invalid: C should not be 0.",
                    ShapeString(s).c_str());
    }
    if (target->view_shape.size() != 1 || target->view_shape[0] != s[0]) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The dim 0 of input should be same as the shape size of target, but "
                    "input is %s and target %s.", ShapeString(s).c_str(), ShapeString(target->view_shape).c_str());
    }
    if (weight != nullptr && (weight->view_shape.size() != 1 || weight->view_shape[0] != s[1])) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The dim 1 of input should be same as the shape size of weight, but "
                    "input is %s and weight %s.", ShapeString(s).c_str(), ShapeString(weight->view_shape).c_str());
    }
    const aclTensor* loss = c.t[3];
    const aclTensor* log_prob = c.t[4];
    if (none ? (loss->view_shape != std::vector<int64_t>{s[0]}) : loss->numel != 1) {  // BEYOND CANN
        return Fail(ACLNN_ERR_PARAM_INVALID, "lossOut's shape %s is not the loss's (%s for reduction %s).",
                    ShapeString(loss->view_shape).c_str(), none ? ShapeString({s[0]}).c_str() : "one element", r);
    }
    if (log_prob->view_shape != s) {  // BEYOND CANN
        return Fail(ACLNN_ERR_PARAM_INVALID, "logProbOut's shape %s is not input's %s.",
                    ShapeString(log_prob->view_shape).c_str(), ShapeString(s).c_str());
    }
    return 0;
}

}  // namespace aclcpu

// ================================================================================ CrossEntropyLossGrad
// No op_api source: a generated aclnn layer (loss/cross_entropy_loss_grad/op_host/cross_entropy_loss_grad_def.cpp:
// AI Core configs for ascend910b, ascend910_93, ascend950); the tiling (cross_entropy_loss_grad_tiling.cpp) checks the
// attributes and shapes (561002). The messages are aclcpu's.

namespace aclcpu {

inline int CheckCrossEntropyLossGradProduct(const OpCall& c, char* /*reductionOptional*/,
                                            int64_t /*ignoreIndex*/, double /*labelSmoothing*/,
                                            double /*lseSquareScaleForZloss*/) {
    if (c.soc == rt::Soc::kAscend910 || c.soc == rt::Soc::kAscend310P) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s is not supported on %s.", c.api, rt::SocName(c.soc));
    }
    return 0;
}

/// The tiling's checks (561002): reduction none / mean / sum (NULL: mean); logProb 2-D [N, C]; target [N]; weight
/// [C]; gradLoss [N] for none, one element otherwise. Beyond CANN (161002): out of logProb's shape. c.t: gradLoss,
/// logProb, target, weightOptional, gradZlossOptional, lseForZlossOptional, out.
inline int CheckCrossEntropyLossGrad(const OpCall& c, char* reductionOptional, int64_t /*ignoreIndex*/,
                                     double /*labelSmoothing*/, double /*lseSquareScaleForZloss*/) {
    const char* r = reductionOptional == nullptr ? "mean" : reductionOptional;
    const bool none = std::strcmp(r, "none") == 0;
    if (!none && std::strcmp(r, "mean") != 0 && std::strcmp(r, "sum") != 0) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "reduction %s is invalid: it should be in ['none', 'mean', 'sum'].", r);
    }
    const aclTensor* grad = c.t[0];
    const aclTensor* lp = c.t[1];
    const aclTensor* target = c.t[2];
    const aclTensor* weight = c.t[3];
    const std::vector<int64_t>& s = lp->view_shape;
    if (s.size() != 2) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "logProb's dim num %zu is invalid: it should be 2.", s.size());
    }
    if (target->view_shape.size() != 1 || target->view_shape[0] != s[0]) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The dim 0 of logProb should be the size of target, but logProb is "
                    "%s and target %s.", ShapeString(s).c_str(), ShapeString(target->view_shape).c_str());
    }
    if (weight != nullptr && (weight->view_shape.size() != 1 || weight->view_shape[0] != s[1])) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The dim 1 of logProb should be the size of weight, but logProb is "
                    "%s and weight %s.", ShapeString(s).c_str(), ShapeString(weight->view_shape).c_str());
    }
    if (none ? (grad->view_shape != std::vector<int64_t>{s[0]}) : grad->numel != 1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "gradLoss's shape %s is invalid for reduction %s.",
                    ShapeString(grad->view_shape).c_str(), r);
    }
    const aclTensor* out = c.t[6];
    if (out->view_shape != s) {  // BEYOND CANN
        return Fail(ACLNN_ERR_PARAM_INVALID, "out's shape %s is not logProb's %s.", ShapeString(out->view_shape).c_str(),
                    ShapeString(s).c_str());
    }
    return 0;
}

}  // namespace aclcpu

// ================================================================================ ChamferDistanceBackward
// hicann/ops-nn e5c3fa93 loss/chamfer_distance_grad/op_host/op_api/aclnn_chamfer_distance_backward.cpp checks nulls
// and dtypes only; the shapes below are beyond CANN (the kernel would read and write by them).

namespace aclcpu {

/// BEYOND CANN (161002): xyz1 [B, N, 2], xyz2 [B, M, 2], idx1 and gradDist1 [B, N], idx2 and gradDist2 [B, M],
/// gradXyz1 xyz1's shape, gradXyz2 xyz2's. c.t: xyz1, xyz2, idx1, idx2, gradDist1, gradDist2, gradXyz1, gradXyz2.
inline int CheckChamferDistanceBackwardShapes(const OpCall& c) {
    const std::vector<int64_t>& a = c.t[0]->view_shape;
    const std::vector<int64_t>& b = c.t[1]->view_shape;
    if (a.size() != 3 || b.size() != 3 || a[2] != 2 || b[2] != 2 || a[0] != b[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "xyz1 %s and xyz2 %s should be [B, N, 2] and [B, M, 2].",
                    ShapeString(a).c_str(), ShapeString(b).c_str());
    }
    const std::vector<int64_t> bn = {a[0], a[1]}, bm = {b[0], b[1]};
    const char* const names[4] = {"idx1", "idx2", "gradDist1", "gradDist2"};
    const std::vector<int64_t>* const want[4] = {&bn, &bm, &bn, &bm};
    for (int i = 0; i < 4; ++i) {
        if (c.t[2 + i]->view_shape != *want[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s's shape %s should be %s.", names[i],
                        ShapeString(c.t[2 + i]->view_shape).c_str(), ShapeString(*want[i]).c_str());
        }
    }
    if (c.t[6]->view_shape != a || c.t[7]->view_shape != b) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gradXyz1 %s and gradXyz2 %s should have the shapes of xyz1 and xyz2.",
                    ShapeString(c.t[6]->view_shape).c_str(), ShapeString(c.t[7]->view_shape).c_str());
    }
    return 0;
}

}  // namespace aclcpu

// ================================================================================ CtcLoss
// hicann/ops-nn e5c3fa93 loss/ctc_loss_v2/op_api/aclnn_ctc_loss.cpp: CheckParams - CheckShapeAndParameterValue (with
// CheckTargetAndOutShapeParameterValue and ctc_loss_v2.cpp CtcLossNpuOutputShape), then CheckDtypeValid.

namespace aclcpu {
namespace nnloss {

inline int64_t MaxOf(const aclIntArray* a) {
    int64_t m = 0;
    for (int64_t v : a->values) m = std::max(m, v);
    return m;
}

}  // namespace nnloss

/// CheckShapeAndParameterValue then CheckDtypeValid (161002). logProbs [T, C] or [T, N, C] with T > 0; blank in
/// [0, C); inputLengths N long, none above T; targetLengths N long; targets 1-D of sum(targetLengths) or [N, >= the
/// longest]; negLogLikelihoodOut [N] ([] for a 2-D logProbs); logAlphaOut [N, T, 2 S + 1] (S the longest target),
/// the last dim rounded up to a multiple of 8 outside the RegBase arch. Then logProbs' list (FLOAT, DOUBLE outside
/// Atlas A2/A3 and the Ascend 950; FLOAT16 and BF16 too there - on Atlas A2/A3 not with C above 200000, N above 8180
/// or S above 1000), targets' list, the outputs' dtype logProbs'. c.t: logProbs, targets, negLogLikelihoodOut,
/// logAlphaOut.
inline int CheckCtcLoss(const OpCall& c, const aclIntArray* inputLengths, const aclIntArray* targetLengths,
                        int64_t blank, bool /*zeroInfinity*/) {
    const aclTensor* lp = c.t[0];
    const aclTensor* targets = c.t[1];
    const aclTensor* nll = c.t[2];
    const aclTensor* alpha = c.t[3];
    const std::vector<int64_t>& s = lp->view_shape;
    if (!s.empty() && s[0] == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "start (0) + length (1) exceeds dimension size (0).");
    }
    if (s.size() > 3 || s.size() < 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of logProbs [%zu] must equal 2 or 3.", s.size());
    }
    const int64_t t_len = s[0];
    const int64_t n = s.size() == 3 ? s[1] : 1;
    const int64_t classes = s.size() == 3 ? s[2] : s[1];
    if (blank < 0 || blank >= classes) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Attr parameter blank %ld must be greater than or equal to 0 and less than %ld.",
                    static_cast<long>(blank), static_cast<long>(classes));
    }
    const int64_t max_in = nnloss::MaxOf(inputLengths);
    if (static_cast<int64_t>(inputLengths->values.size()) != n || max_in > t_len) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Inputlengths's size [%ld] must equal to [%ld], and max value [%ld] must be less than or equal to "
                    "[%ld].",
                    static_cast<long>(inputLengths->values.size()), static_cast<long>(n), static_cast<long>(max_in),
                    static_cast<long>(t_len));
    }
    if (static_cast<int64_t>(targetLengths->values.size()) != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "targetLengths's size [%ld] must equal to [%ld].",
                    static_cast<long>(targetLengths->values.size()), static_cast<long>(n));
    }
    const int64_t max_t = nnloss::MaxOf(targetLengths);
    int64_t sum_t = 0;
    for (int64_t v : targetLengths->values) sum_t += v;
    const std::vector<int64_t>& ts = targets->view_shape;
    if (ts.size() != 1 && ts.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of targets [%zu] must equal 1 or 2.", ts.size());
    }
    if (ts.size() == 2 && (ts[0] != n || ts[1] < max_t)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Target's shape expect [%ld, >=%ld], but get current shape %s.",
                    static_cast<long>(n), static_cast<long>(max_t), ShapeString(ts).c_str());
    }
    if (ts.size() == 1 && ts[0] != sum_t) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Target's shape expect [%ld], but get current shape %s.",
                    static_cast<long>(sum_t), ShapeString(ts).c_str());
    }
    const int64_t tail = 2 * max_t + 1;
    const int64_t tail_aligned = c.soc == rt::Soc::kAscend950 ? tail : (tail + 7) / 8 * 8;
    const std::vector<int64_t> nll_shape = s.size() == 3 ? std::vector<int64_t>{n} : std::vector<int64_t>{};
    const std::vector<int64_t> alpha_shape = {n, t_len, tail_aligned};
    if (nll->view_shape != nll_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of negLogLikelihoodOut %s must equal %s.",
                    ShapeString(nll->view_shape).c_str(), ShapeString(nll_shape).c_str());
    }
    if (alpha->view_shape != alpha_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of logAlphaOut %s must equal %s.",
                    ShapeString(alpha->view_shape).c_str(), ShapeString(alpha_shape).c_str());
    }
    // CheckDtypeValid
    const bool a2a3 = c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93;
    const bool regbase = c.soc == rt::Soc::kAscend950;
    std::vector<aclDataType> list = {ACL_FLOAT, ACL_DOUBLE};
    if (a2a3 || regbase) list = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    if (std::find(list.begin(), list.end(), lp->dtype) == list.end()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor logProbs not implemented for %s, should be in dtype support list %s.",
                    DtypeName(lp->dtype), engine::DtypeListString(list.data(), list.size()).c_str());
    }
    if (a2a3 && (lp->dtype == ACL_BF16 || lp->dtype == ACL_FLOAT16)) {
        // CheckDtypeValid reads dims 1 and 2 of logProbs and dim 2 of logAlphaOut whatever logProbs' rank
        const int64_t c_dim = s.size() == 3 ? s[2] : 0;
        const int64_t n_dim = s[1];
        const int64_t s_dim = (alpha_shape[2] - 1) / 2;
        if (c_dim > 200000 || n_dim > 8180 || s_dim > 1000) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Not supported now, we will support it later.");
        }
    }
    static const std::vector<aclDataType> kTargets = {ACL_INT32, ACL_INT64, ACL_BOOL, ACL_FLOAT, ACL_FLOAT16};
    if (std::find(kTargets.begin(), kTargets.end(), targets->dtype) == kTargets.end()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor targets not implemented for %s, should be in dtype support list %s.",
                    DtypeName(targets->dtype), engine::DtypeListString(kTargets.data(), kTargets.size()).c_str());
    }
    if (nll->dtype != lp->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor negLogLikelihoodOut expected dtype is %s but found %s.",
                    DtypeName(lp->dtype), DtypeName(nll->dtype));
    }
    if (alpha->dtype != lp->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor logAlphaOut expected dtype is %s but found %s.",
                    DtypeName(lp->dtype), DtypeName(alpha->dtype));
    }
    return 0;
}

}  // namespace aclcpu

// ================================================================================ FusedCrossEntropyLossWithMaxSum
// hicann/ops-nn e5c3fa93 loss/fused_cross_entropy_loss_with_max_sum/op_api/aclnn_fused_cross_entropy_loss_with_max_sum.cpp
// CheckParams: CheckNotNull (the optional softmax output when vocabParallelLogitsOptional is given), CheckDtypeValid,
// CheckShape, the labelSmoothing rule. No workspace check (beyond CANN, last).

namespace aclcpu {

/// c.t: logitsMax, sumExpLogits, predictedLogits, inputOptional, weightOptional, vocabParallelLogitsOptional, lossOut,
/// softMaxOutOptional.
inline int CheckFusedCrossEntropyLossWithMaxSum(const OpCall& c, float labelSmoothing) {
    const aclTensor* vocab = c.t[5];
    const aclTensor* soft = c.t[7];
    if (vocab != nullptr && soft == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument softMaxOutOptional.");
    }
    const int order[4] = {0, 1, 2, 6};
    const char* const names[8] = {"logitsMax", "sumExpLogits", "predictedLogits", "inputOptional", "weightOptional",
                                  "vocabParallelLogitsOptional", "lossOut", "softMaxOutOptional"};
    static const std::vector<aclDataType> kFloat = {ACL_FLOAT};
    static const std::vector<aclDataType> kVocab = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    auto not_in = [&](int i, const std::vector<aclDataType>& l) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                    names[i], DtypeName(c.t[i]->dtype), engine::DtypeListString(l.data(), l.size()).c_str());
    };
    for (int i : order) {
        if (std::find(kFloat.begin(), kFloat.end(), c.t[i]->dtype) == kFloat.end()) return not_in(i, kFloat);
    }
    if (vocab != nullptr) {
        if (std::find(kVocab.begin(), kVocab.end(), vocab->dtype) == kVocab.end()) return not_in(5, kVocab);
        if (soft->dtype != ACL_FLOAT) return not_in(7, kFloat);
    }
    const std::vector<int64_t>& m = c.t[0]->view_shape;
    if (m.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "logitsMax's dim %zu should be 1.", m.size());
    }
    for (int i : {1, 2, 6}) {
        if (c.t[i]->view_shape != m) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for %s to have same size as tensor for logitsMax, but "
                        "%s does not equal %s.", names[i], ShapeString(c.t[i]->view_shape).c_str(),
                        ShapeString(m).c_str());
        }
    }
    if (vocab != nullptr) {
        if (vocab->view_shape.size() != 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "vocabParallelLogitsOptional's dim %zu should be 2.",
                        vocab->view_shape.size());
        }
        if (soft->view_shape != vocab->view_shape) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for softMaxOutOptional to have same size as tensor for "
                        "vocabParallelLogitsOptional, but %s does not equal %s.",
                        ShapeString(soft->view_shape).c_str(), ShapeString(vocab->view_shape).c_str());
        }
        if (vocab->view_shape[0] != m[0]) {  // BEYOND CANN: the kernel reads one row per logitsMax element
            return Fail(ACLNN_ERR_PARAM_INVALID, "vocabParallelLogitsOptional's dim 0 (%ld) should be logitsMax's size "
                        "(%ld).", static_cast<long>(vocab->view_shape[0]), static_cast<long>(m[0]));
        }
    }
    if (labelSmoothing != 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Currently, only labelSmoothing=0 are supported.");
    return 0;
}

}  // namespace aclcpu

// ================================================================================ CtcLossBackward
// hicann/ops-nn loss/ctc_loss_v2_grad/op_api/aclnn_ctc_loss_backward.cpp CheckParams after CheckNotNull:
// CheckShapeAndParameterValue (CheckShapeDimNum, the batch / time / symbol-set rules, CheckTargetAndOutShapeParameterValue),
// then CheckDtypeValid. c.t = {gradOut, logProbs, targets, negLogLikelihood, logAlpha, out}.

namespace aclcpu {

inline int CheckCtcLossBackward(const OpCall& c, const aclIntArray* inputLengths, const aclIntArray* targetLengths,
                                int64_t blank, bool /*zeroInfinity*/) {
    const aclTensor* gradOut = c.t[0];
    const aclTensor* logProbs = c.t[1];
    const aclTensor* targets = c.t[2];
    const aclTensor* nll = c.t[3];
    const aclTensor* logAlpha = c.t[4];
    const aclTensor* out = c.t[5];
    const std::vector<int64_t>& lp = logProbs->view_shape;
    // CheckShapeDimNum (beyond CANN: a 0-d logProbs, whose dim 0 the op_api reads, fails with the dim-count message)
    if (!lp.empty() && lp[0] == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "start (0) + length (1) exceeds dimension size (0).");
    }
    if (gradOut->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of gradOut [%zu] must equal [1].", gradOut->view_shape.size());
    }
    if (nll->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of negLogLikelihood [%zu] must equal [1].", nll->view_shape.size());
    }
    if (lp.size() != 3) return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of logProbs [%zu] must equal 3.", lp.size());
    if (logAlpha->view_shape.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of logAlpha [%zu] must equal 3.", logAlpha->view_shape.size());
    }
    const size_t td = targets->view_shape.size();
    if (td != 1 && td != 2) return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of targets [%zu] must equal 1 or 2.", td);
    if (out->view_shape.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "DimNum of out [%zu] must equal 3.", out->view_shape.size());
    }
    const int64_t T = lp[0], N = lp[1], C = lp[2];
    if (blank < 0 || blank >= C) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Attr parameter blank %lld must be greater than or equal to 0 and less than %lld.",
                    static_cast<long long>(blank), static_cast<long long>(C));
    }
    const std::vector<int64_t>& os = out->view_shape;
    const std::vector<int64_t>& la = logAlpha->view_shape;
    const int64_t maxIn = nnloss::MaxOf(inputLengths);
    const int64_t maxTarget = nnloss::MaxOf(targetLengths);
    if (maxTarget > (la[2] - 1) / 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "S of targets [%lld] must be smaller than half of alphaLength [%lld].",
                    static_cast<long long>(maxTarget), static_cast<long long>(la[2]));
    }
    const int64_t inN = static_cast<int64_t>(inputLengths->values.size());
    const int64_t tgN = static_cast<int64_t>(targetLengths->values.size());
    bool nCheck = N == gradOut->view_shape[0] && gradOut->view_shape[0] == os[1] && os[1] == nll->view_shape[0] &&
                  nll->view_shape[0] == la[0] && la[0] == inN && inN == tgN;
    if (td > 1) {
        if (targets->view_shape[1] < maxTarget) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Targets tensor's size at dim 1 is at least%lld",
                        static_cast<long long>(maxTarget));
        }
        nCheck = nCheck && targets->view_shape[0] == tgN;
    }
    if (!nCheck) return Fail(ACLNN_ERR_PARAM_INVALID, "Check batchSize failed.");
    if (!(os[0] == T && T == la[1] && maxIn <= T)) return Fail(ACLNN_ERR_PARAM_INVALID, "Check max time failed.");
    if (C != os[2]) return Fail(ACLNN_ERR_PARAM_INVALID, "Check symbolSet failed.");
    // CheckTargetAndOutShapeParameterValue
    if (td == 2) {
        if (targets->view_shape[0] != N || targets->view_shape[1] < maxTarget) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Target's shape expect [%lld, >=%lld], but get current shape %s.",
                        static_cast<long long>(N), static_cast<long long>(maxTarget),
                        ShapeString(targets->view_shape).c_str());
        }
    } else {
        int64_t sum = 0;
        for (int64_t v : targetLengths->values) sum += v;
        if (targets->view_shape[0] != sum) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Target's shape expect [%lld], but get current shape %s.",
                        static_cast<long long>(sum), ShapeString(targets->view_shape).c_str());
        }
    }
    if (os != lp) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected tensor for out to have same size as tensor for logProbs, but %s does not equal %s.",
                    ShapeString(os).c_str(), ShapeString(lp).c_str());
    }
    // CheckDtypeValid: SocVersion ASCEND910B / ASCEND910_93 the BF16 list (with its size limit for FLOAT16 / BF16),
    // a RegBase arch the same list, else FLOAT, DOUBLE
    const aclDataType d = logProbs->dtype;
    const bool a2 = c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93;
    std::vector<aclDataType> list = {ACL_FLOAT, ACL_DOUBLE};
    if (a2 || c.soc == rt::Soc::kAscend950) list = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE};
    if (std::find(list.begin(), list.end(), d) == list.end()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor logProbs not implemented for %s, should be in dtype support list %s.",
                    DtypeName(d), engine::DtypeListString(list.data(), list.size()).c_str());
    }
    if (a2 && (d == ACL_BF16 || d == ACL_FLOAT16) && (C > 200000 || N > 8180 || (la[2] - 1) / 2 > 1000)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Not supported now, we will support it later.");
    }
    const aclTensor* same[4] = {gradOut, nll, logAlpha, out};
    const char* names[4] = {"gradOut", "negLogLikelihood", "logAlpha", "out"};
    for (int i = 0; i < 4; ++i) {
        if (same[i]->dtype != d) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", names[i], DtypeName(d),
                        DtypeName(same[i]->dtype));
        }
    }
    const std::vector<aclDataType> tl = {ACL_INT32, ACL_INT64, ACL_BOOL, ACL_FLOAT, ACL_FLOAT16};
    if (std::find(tl.begin(), tl.end(), targets->dtype) == tl.end()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor targets not implemented for %s, should be in dtype support list %s.",
                    DtypeName(targets->dtype), engine::DtypeListString(tl.data(), tl.size()).c_str());
    }
    // N = 0: the op_api's early return (a zero-sized logProbs' dim 1)
    return 0;
}

}  // namespace aclcpu

// ================================================================================ CrossEntropySumExpAndIndexLogit
// hicann/ops-nn loss/cross_entropy_sum_exp_and_index_logit/op_host/arch35/cross_entropy_sum_exp_and_index_logit_tiling_arch35.cpp
// CheckInputs, run by the generated first phase: ACLNN_ERR_INNER_TILING_ERROR (561002) with the messages of opbase's
// OP_LOGE_FOR_INVALID_* and OP_LOGE_WITH_INVALID_ATTR (include/op_common/log/log.h), entity
// "CrossEntropySumExpAndIndexLogit". c.t = {logits, target, globalLogitsMax, predicted, sumExp, exp, offset, mask}.

namespace aclcpu {

inline int CheckCrossEntropySumExpAndIndexLogitTiling(const OpCall& c, int64_t vocabStart, int64_t vocabEnd) {
    const int T = ACLNN_ERR_INNER_TILING_ERROR;
    const char* op = "CrossEntropySumExpAndIndexLogit";
    if (vocabEnd <= vocabStart) {
        return Fail(T, "Attribute vocab_end_index of %s has incorrect value %lld. It should be larger than vocab_start_index.",
                    op, static_cast<long long>(vocabEnd));
    }
    const aclTensor* logits = c.t[0];
    const std::vector<int64_t>& ls = logits->view_shape;
    if (ls.size() != 2 && ls.size() != 3) {
        return Fail(T, "Parameter vocab_parallel_logits of %s has incorrect shape dim %zu. It should be 2D or 3D.", op, ls.size());
    }
    auto notEmpty = [&](const aclTensor* t, const char* name) -> int {
        for (size_t i = 0; i < t->view_shape.size(); ++i) {
            if (t->view_shape[i] <= 0) {
                return Fail(T, "Parameter %s of %s has incorrect shape %s. Reason: is an empty tensor, dim %zu must be "
                               "greater than 0.", name, op, ShapeString(t->view_shape).c_str(), i);
            }
        }
        return 0;
    };
    if (int r = notEmpty(logits, "vocab_parallel_logits")) return r;
    const int64_t v = ls.back();
    int64_t n = 1;
    for (size_t i = 0; i + 1 < ls.size(); ++i) n *= ls[i];
    if (n < 1 || n > 32768) {
        return Fail(T, "Parameter vocab_parallel_logits of %s has incorrect shape size %lld. It should be in [1, 32768].",
                    op, static_cast<long long>(n));
    }
    if (v < 16 || v > 204800) {
        return Fail(T, "Parameter vocab_parallel_logits of %s has incorrect shape size %lld. It should be in [16, 204800].",
                    op, static_cast<long long>(v));
    }
    const int64_t align = logits->dtype == ACL_BF16 ? 16 : 8;
    if (v % align != 0) {
        return Fail(T, "Parameter vocab_parallel_logits of %s has incorrect shape %lld. Reason: must be multiple of %lld "
                       "for the dtype.", op, static_cast<long long>(v), static_cast<long long>(align));
    }
    if (vocabEnd - vocabStart != v) {
        return Fail(T, "Attribute vocab_end_index of %s has incorrect value %lld. It should be vocab_start_index + V_local.",
                    op, static_cast<long long>(vocabEnd));
    }
    const aclTensor* target = c.t[1];
    if (int r = notEmpty(target, "target")) return r;
    if (target->numel != n) {
        return Fail(T, "Parameters target and vocab_parallel_logits of %s have incorrect shapes %lld and %lld. Reason: "
                       "target element num must equal N (prod of logits leading dims).",
                    op, static_cast<long long>(target->numel), static_cast<long long>(n));
    }
    const aclTensor* m = c.t[2];
    if (m->dtype != logits->dtype) {
        return Fail(T, "Parameter global_logits_max of %s has incorrect dtype %s. It should be same as "
                       "vocab_parallel_logits dtype.", op, DtypeName(m->dtype));
    }
    if (int r = notEmpty(m, "global_logits_max")) return r;
    if (m->numel != n) {
        return Fail(T, "Parameters global_logits_max and vocab_parallel_logits of %s have incorrect shapes %lld and %lld. "
                       "Reason: global_logits_max element num must equal N.",
                    op, static_cast<long long>(m->numel), static_cast<long long>(n));
    }
    const char* names[5] = {"predicted_logits", "sum_exp_logits", "exp_logits", "target_offset", "target_mask"};
    for (int i = 0; i < 5; ++i) {
        const aclDataType want = i < 3 ? ACL_FLOAT : ACL_INT32;
        if (c.t[3 + i]->dtype != want) {
            return Fail(T, "Parameter %s of %s has incorrect dtype %s. It should be %s.", names[i], op,
                        DtypeName(c.t[3 + i]->dtype), i < 3 ? "FLOAT" : "INT32");
        }
    }
    return 0;
}

}  // namespace aclcpu
