// The custom first-phase checks of the nn_optim family (ops/families/nn_optim.yaml `custom` checks the table's
// vocabulary cannot express: an optional tensor that becomes required with an attribute, and the checks of a given
// optional tensor; docs/ops/nn_optim.md). Included at the end of src/op/reference_checks.h (through the generated
// op/family_hooks.inc). Each hook is int <hook>(const OpCall& c, <the entry's non-tensor parameters>): 0, or the
// status with its message. Facts: hicann/ops-nn optim/apply_adam_w/op_api/aclnn_apply_adam_w.cpp and
// optim/apply_adam_w_v2/op_host/op_api/aclnn_apply_adam_w_v2.cpp; common/stub/op_api/aclnn_kernels/common/
// op_error_check.h (the OP_CHECK_* messages).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/status.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// The dtype list both ApplyAdamW op_apis use for the state tensors on the active product (ops/families/nn_optim.yaml
/// adamw_list / adamw_v2_list): BF16 on the Ascend 950 and Atlas A2/A3; on the Ascend310P too for ApplyAdamW (its
/// default branch), not for ApplyAdamWV2.
inline bool OptimDtypeOk(aclDataType d, rt::Soc soc, bool bf16_on_310p) {
    if (d == ACL_FLOAT || d == ACL_FLOAT16) return true;
    if (d != ACL_BF16) return false;
    return soc != rt::Soc::kAscend910 && (bf16_on_310p || soc != rt::Soc::kAscend310P);
}
inline const char* OptimListText(rt::Soc soc, bool bf16_on_310p) {
    return OptimDtypeOk(ACL_BF16, soc, bf16_on_310p) ? "DT_FLOAT, DT_FLOAT16, DT_BF16" : "DT_FLOAT, DT_FLOAT16";
}

// ---- aclnnApplyAdamW: c.t = {beta1Power, beta2Power, lr, weightDecay, beta1, beta2, eps, grad,
// maxGradNormOptional, varRef, mRef, vRef}
constexpr int kAdamWMaxGradNorm = 8;
constexpr int kAdamWVar = 9;

/// CheckNotNull's last test: maxGradNormOptional NULL only with amsgrad.
inline int CheckAdamWMaxGradNormNull(const OpCall& c, bool amsgrad, bool) {
    if (!amsgrad || c.t[kAdamWMaxGradNorm] != nullptr) return 0;
    return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument maxGradNormOptional.");
}

/// CheckDatatype's last tests: a given maxGradNormOptional in the list and of varRef's dtype.
inline int CheckAdamWMaxGradNormDtype(const OpCall& c, bool, bool) {
    const aclTensor* g = c.t[kAdamWMaxGradNorm];
    if (g == nullptr) return 0;
    if (!OptimDtypeOk(g->dtype, c.soc, true)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Tensor maxGradNormOptional not implemented for %s, should be in dtype support list %s.",
                    DtypeName(g->dtype), OptimListText(c.soc, true));
    }
    const aclTensor* var = c.t[kAdamWVar];
    if (g->dtype == var->dtype) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found varRef %s and maxGradNormOptional %s.",
                DtypeName(var->dtype), DtypeName(g->dtype));
}

/// CheckShape: a given maxGradNormOptional of varRef's shape (OP_CHECK_SHAPE_NOT_EQUAL).
inline int CheckAdamWMaxGradNormShape(const OpCall& c, bool, bool) {
    const aclTensor* g = c.t[kAdamWMaxGradNorm];
    const aclTensor* var = c.t[kAdamWVar];
    if (g == nullptr || g->view_shape == var->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for maxGradNormOptional to have same size as tensor for varRef, but %s does not "
                "equal %s.",
                ShapeString(g->view_shape).c_str(), ShapeString(var->view_shape).c_str());
}

/// CheckShape's last test: beta1Power, beta2Power, lr, weightDecay, beta1, beta2, eps one element each. CANN refuses
/// without logging a message; this message is aclcpu's.
inline int CheckAdamWHyperNumel(const OpCall& c, bool, bool) {
    for (int i = 0; i < 7; ++i) {
        if (c.t[i]->numel != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %s to hold one element, but it holds %lld.", c.names[i],
                        static_cast<long long>(c.t[i]->numel));
        }
    }
    return 0;
}

// ---- aclnnApplyAdamWV2: c.t = {grad, step, varRef, mRef, vRef, maxGradNormOptionalRef}
constexpr int kAdamWV2Step = 1;
constexpr int kAdamWV2Var = 2;
constexpr int kAdamWV2MaxGradNorm = 5;

inline int CheckAdamWV2MaxGradNormNull(const OpCall& c, float, float, float, float, float, bool amsgrad, bool) {
    // runs before tensors_not_null: varRef, mRef, vRef were checked; grad and step come after
    if (!amsgrad || c.t[kAdamWV2MaxGradNorm] != nullptr) return 0;
    return Fail(ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument maxGradNormOptionalRef.");
}

inline int CheckAdamWV2MaxGradNormDtype(const OpCall& c, float, float, float, float, float, bool, bool) {
    const aclTensor* g = c.t[kAdamWV2MaxGradNorm];
    if (g == nullptr || OptimDtypeOk(g->dtype, c.soc, false)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Tensor maxGradNormOptionalRef not implemented for %s, should be in dtype support list %s.",
                DtypeName(g->dtype), OptimListText(c.soc, false));
}

inline int CheckAdamWV2MaxGradNormShape(const OpCall& c, float, float, float, float, float, bool, bool) {
    const aclTensor* g = c.t[kAdamWV2MaxGradNorm];
    const aclTensor* var = c.t[kAdamWV2Var];
    if (g == nullptr || g->view_shape == var->view_shape) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for maxGradNormOptionalRef to have same size as tensor for varRef, but %s does not "
                "equal %s.",
                ShapeString(g->view_shape).c_str(), ShapeString(var->view_shape).c_str());
}

/// CheckShape: "Numel of step must be 1, but got %lu."
inline int CheckAdamWV2StepNumel(const OpCall& c, float, float, float, float, float, bool, bool) {
    const aclTensor* s = c.t[kAdamWV2Step];
    if (s->numel == 1) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Numel of step must be 1, but got %llu.",
                static_cast<unsigned long long>(s->numel));
}

/// apply_fused_ema_adam_tiling.cpp CheckInputShape: grad, var, m, v, s of one shape (561002; the message restates
/// the tiling's reason). c.t = {grad, step, varRef, mRef, vRef, sRef} (inputs, then the inout tensors).
inline int CheckFusedEmaAdamShapes(const OpCall& c, double, double, double, double, double, int64_t, bool, double) {
    const std::vector<int64_t>& g = c.t[0]->view_shape;
    for (int k = 2; k < 6; ++k) {
        if (c.t[k]->view_shape != g) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                        "grad, var, m, v and s should have the same shape, but got %s, %s, %s, %s and %s.",
                        ShapeString(g).c_str(), ShapeString(c.t[2]->view_shape).c_str(),
                        ShapeString(c.t[3]->view_shape).c_str(), ShapeString(c.t[4]->view_shape).c_str(),
                        ShapeString(c.t[5]->view_shape).c_str());
        }
    }
    return 0;
}

/// Beyond CANN: step not empty (aclnnApplyFusedEmaAdam.md documents shape [1]; neither the generated layer nor the
/// tiling checks it, and the kernel reads its first element - as the reference does, whatever step's shape).
inline int CheckFusedEmaAdamStep(const OpCall& c, double, double, double, double, double, int64_t, bool, double) {
    const aclTensor* s = c.t[1];
    if (s->numel >= 1) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected step to hold at least one element, but got shape %s.",
                ShapeString(s->view_shape).c_str());
}

}  // namespace aclcpu
