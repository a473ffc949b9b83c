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
#include "engine/first_phase.h"
#include "op/foreach_call.h"
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

// ---- aclnnApplyAdam and aclnnAdvanceStep: tensors found by name among c.t (inputs, then the inout tensors).

/// The call's tensor named `name` (a parameter of the entry; the generated names are its parameter names).
inline const aclTensor* OptimTensor(const OpCall& c, const char* name) {
    for (int i = 0; i < c.num_tensors; ++i) {
        if (std::string(c.names[i]) == name) return c.t[i];
    }
    return nullptr;
}

/// apply_adam_tiling.cpp CheckShape (CheckIsScalar): beta1Power, beta2Power, lr, beta1, beta2, epsilon each a 0-d
/// tensor or of one element (561002; the tiling's log names the operator's input).
inline int CheckApplyAdamScalars(const OpCall& c, bool, bool) {
    static const char* const kNames[][2] = {{"beta1Power", "beta1_power"}, {"beta2Power", "beta2_power"},
                                            {"lr", "lr"}, {"beta1", "beta1"}, {"beta2", "beta2"},
                                            {"epsilon", "epsilon"}};
    for (const auto& n : kNames) {
        const aclTensor* t = OptimTensor(c, n[0]);
        if (t != nullptr && t->numel != 1) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Input %s must be scalar, but %s has shape %s.", n[1], n[0],
                        ShapeString(t->view_shape).c_str());
        }
    }
    return 0;
}

/// BEYOND CANN: m, v and grad of varRef's shape. Neither the generated layer nor the tiling compares them; the kernel
/// reads and writes var's element count in each, so another shape is refused rather than read past its end.
inline int CheckApplyAdamShapes(const OpCall& c, bool, bool) {
    const aclTensor* var = OptimTensor(c, "varRef");
    for (const char* name : {"m", "v", "grad"}) {
        const aclTensor* t = OptimTensor(c, name);
        if (var != nullptr && t != nullptr && t->view_shape != var->view_shape) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected tensor for %s to have same size as tensor for varRef, but %s does not equal %s.",
                        name, ShapeString(t->view_shape).c_str(), ShapeString(var->view_shape).c_str());
        }
    }
    return 0;
}

/// advance_step_tiling.cpp without spec tokens (aclnnAdvanceStep has none): CheckAttrs, then
/// Tiling4AdvanceStepLegacy, each refusal 561002 with the tiling's log. The tiling reads dim 0 of every tensor and dim
/// 1 of sampledTokenIds: a tensor without those dims is refused before (BEYOND CANN, 161002), as is an empty
/// blockTables (the tiling divides by its first dim; numSeqs >= 1 makes that dim non-zero, its row may be empty).
inline int CheckAdvanceStepLegacy(const OpCall& c, int64_t numSeqs, int64_t numQueries, int64_t blockSize) {
    if (numSeqs < 1) return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Non-positive attr num_seqs, tiling failed.");
    if (numQueries < 1) return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Non-positive attr num_queries, tiling failed.");
    if (blockSize < 1) return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Non-positive attr block_size, tiling failed.");
    static const char* const kAll[] = {"inputTokens", "sampledTokenIds", "inputPositions", "seqLens", "slotMapping",
                                       "blockTables"};
    for (const char* name : kAll) {
        const aclTensor* t = OptimTensor(c, name);
        const size_t need = std::string(name) == "sampledTokenIds" ? 2 : 1;
        if (t != nullptr && t->view_shape.size() < need) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %s to have at least %zu dims, but got shape %s.", name,
                        need, ShapeString(t->view_shape).c_str());
        }
    }
    if (numSeqs <= numQueries) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "numSeqs %lld should not be smaller or equal to numQueries %lld ",
                    static_cast<long long>(numSeqs), static_cast<long long>(numQueries));
    }
    if (numSeqs >= 200000000) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "numSeqs %lld should be smaller to 200000000",
                    static_cast<long long>(numSeqs));
    }
    static const char* const kFirst[][2] = {{"inputTokens", "inputTokens's dim"},
                                            {"inputPositions", "inputPositions's dim"},
                                            {"seqLens", "seqLens's dim"},
                                            {"slotMapping", "slotMapping's dim"},
                                            {"blockTables", "blockTables's first dim"}};
    for (const auto& n : kFirst) {
        const aclTensor* t = OptimTensor(c, n[0]);
        if (t->view_shape[0] != numSeqs) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "numSeqs %lld should equal to %s %lld ",
                        static_cast<long long>(numSeqs), n[1], static_cast<long long>(t->view_shape[0]));
        }
    }
    const aclTensor* sampled = OptimTensor(c, "sampledTokenIds");
    if (sampled->view_shape[0] != numQueries) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "numQueries %lld should equal to sampledTokenIds's first dim %lld ",
                    static_cast<long long>(numQueries), static_cast<long long>(sampled->view_shape[0]));
    }
    if (sampled->view_shape[1] != 1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "sampledTokenIds's last dim should be 1");
    }
    if (OptimTensor(c, "blockTables")->numel == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected blockTables to hold at least one element, but got shape %s.",
                    ShapeString(OptimTensor(c, "blockTables")->view_shape).c_str());
    }
    return 0;
}

/// A given, non-empty tensor (advance_step_tiling.cpp CheckOptionalShapeExisting: an empty one counts as absent).
inline bool AdvanceStepGiven(const aclTensor* t) { return t != nullptr && t->numel > 0; }

/// aclnnAdvanceStepV2: advance_step_tiling.cpp DoTiling - CheckAttrs; CheckOptionalInputs (a given specToken
/// [numSeqs, specNum], a given acceptedNum [numSeqs]); without both, the legacy path's checks (CheckAdvanceStepLegacy,
/// which repeats the attribute checks); with both, CheckInputOutputShape (T = specNum + 1: inputTokens [numSeqs * T],
/// sampledTokenIds [numSeqs, T], inputPositions, seqLens, slotMapping of inputTokens' shape, blockTables 2-D with
/// numSeqs rows). 561002 with the tiling's logs; BEYOND CANN 161002: an empty blockTables (its row length divides).
inline int CheckAdvanceStepV2(const OpCall& c, int64_t numSeqs, int64_t numQueries, int64_t blockSize) {
    if (numSeqs < 1) return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Non-positive attr num_seqs, tiling failed.");
    if (numQueries < 1) return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Non-positive attr num_queries, tiling failed.");
    if (blockSize < 1) return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Non-positive attr block_size, tiling failed.");
    const aclTensor* spec = OptimTensor(c, "specToken");
    const aclTensor* accepted = OptimTensor(c, "acceptedNum");
    const bool has_spec = AdvanceStepGiven(spec), has_accepted = AdvanceStepGiven(accepted);
    if (has_spec && (spec->view_shape.size() != 2 || spec->view_shape[0] != numSeqs)) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "specToken shape is not [num_seqs, spec_num].");
    }
    if (has_accepted && (accepted->view_shape.size() != 1 || accepted->view_shape[0] != numSeqs)) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "acceptedNum shape is not [num_seqs, ].");
    }
    if (!(has_spec && has_accepted)) return CheckAdvanceStepLegacy(c, numSeqs, numQueries, blockSize);
    const int64_t each = spec->view_shape[1] + 1;
    const aclTensor* tokens = OptimTensor(c, "inputTokens");
    const aclTensor* sampled = OptimTensor(c, "sampledTokenIds");
    if (tokens->view_shape.size() != 1 || tokens->view_shape[0] != numSeqs * each) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "inputTokens shape is not [num_seqs * (1 + spec_num),].");
    }
    if (sampled->view_shape.size() != 2 || sampled->view_shape[0] != numSeqs || sampled->view_shape[1] != each) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "sampledTokenIds shape is not [num_seqs, (1 + spec_num)].");
    }
    static const char* const kSame[][2] = {{"inputPositions", "inputPosisiongs"}, {"seqLens", "seqLens"},
                                           {"slotMapping", "slotMapping"}};
    for (const auto& n : kSame) {
        if (OptimTensor(c, n[0])->view_shape != tokens->view_shape) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "%s shape is not [num_seqs * (1 + spec_num),].", n[1]);
        }
    }
    const aclTensor* table = OptimTensor(c, "blockTables");
    if (table->view_shape.size() != 2 || table->view_shape[0] != numSeqs) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "blockTables shape 1st dim is not num_seqs.");
    }
    if (table->numel == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected blockTables to hold at least one element, but got shape %s.",
                    ShapeString(table->view_shape).c_str());
    }
    return 0;
}

/// aclnnApplyAdamWQuant: apply_adam_w_quant_def.cpp's fixed dtypes (161002): mRef, vRef UINT8; qmapM, qmapV,
/// absmaxMRef, absmaxVRef FLOAT; step INT64 (varRef's list and grad's match are table checks).
inline int CheckApplyAdamWQuantDtypes(const OpCall& c, double, double, double, double, double, double, char*,
                                      int64_t) {
    static const char* const kNames[] = {"mRef", "vRef", "qmapM", "qmapV", "absmaxMRef", "absmaxVRef", "step"};
    static const aclDataType kTypes[] = {ACL_UINT8, ACL_UINT8, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_INT64};
    for (int k = 0; k < 7; ++k) {
        const aclTensor* t = OptimTensor(c, kNames[k]);
        if (t != nullptr && t->dtype != kTypes[k]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                        kNames[k], DtypeName(t->dtype), DtypeName(kTypes[k]));
        }
    }
    return 0;
}

/// apply_adam_w_quant_tiling_arch35.cpp (GetAttrs, CheckInputShape; 561002 with the tiling's reasons): block_size
/// 256; var, grad, m, v of one shape; qmapM and qmapV of one shape and 256 elements; absmaxM and absmaxV of ceil(var
/// size / 256) elements each; step 1-D of one element.
inline int CheckApplyAdamWQuantTiling(const OpCall& c, double, double, double, double, double, double, char*,
                                      int64_t blockSize) {
    if (blockSize != 256) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "attr block_size should be 256, please check (got %lld).",
                    static_cast<long long>(blockSize));
    }
    const aclTensor* var = OptimTensor(c, "varRef");
    for (const char* name : {"grad", "mRef", "vRef"}) {
        if (OptimTensor(c, name)->view_shape != var->view_shape) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "var,grad,m,v should have same shape, please check.");
        }
    }
    const aclTensor* qm = OptimTensor(c, "qmapM");
    const aclTensor* qv = OptimTensor(c, "qmapV");
    if (qm->view_shape != qv->view_shape || qm->numel != 256) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "qmapM and qmapV should be same shape,shape is [256], please check.");
    }
    const int64_t blocks = (var->numel + 255) / 256;
    if (OptimTensor(c, "absmaxMRef")->numel != blocks || OptimTensor(c, "absmaxVRef")->numel != blocks) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "absmaxM and absmaxV should each contain ceil(var size / block_size) elements, please check.");
    }
    const aclTensor* step = OptimTensor(c, "step");
    if (step->view_shape.size() != 1 || step->view_shape[0] != 1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "step should have only one element, please check.");
    }
    return 0;
}

// ---- aclnnFusedAdamw (a foreach entry): c.lists = {grads, stateSteps, paramsRef, expAvgsRef, expAvgSqsRef,
// maxExpAvgSqsRef} (input lists, then the inout ones, each in parameter order; the last may be NULL).
constexpr int kFadwGrads = 0, kFadwSteps = 1, kFadwParams = 2, kFadwExpAvgs = 3, kFadwExpAvgSqs = 4, kFadwMax = 5;

/// aclnn_fused_adamw.cpp CheckAttr (first of CheckParams; 161002): lr, beta1, beta2, weightDecay not negative (the op_api's
/// texts, "shoule" included); an eps outside [0, 1e-7] only warns; amsgrad needs maxExpAvgSqsRef.
inline int CheckFusedAdamwAttr(const ForeachCall& c, const aclTensor*, const aclTensor*, double lr, double beta1,
                               double beta2, double weightDecay, double eps, bool amsgrad, bool) {
    const double vals[] = {lr, beta1, beta2, weightDecay};
    const char* const names[] = {"lr", "beta1", "beta2", "weightDecay"};
    for (int k = 0; k < 4; ++k) {
        if (vals[k] < 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s[%f] shoule be greater or equal than 0", names[k], vals[k]);
        }
    }
    if (eps > 1e-7 || eps < 0) {
        Log(LogLevel::kWarning, "An incorrect value for eps[%f] will affect accuracy, a value of 1e-8 is recommended.",
            eps);
    }
    if (amsgrad && c.lists[kFadwMax] == nullptr) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "When amsgrad is true, maxExpAvgSqsRef should not be nullptr.");
    }
    return 0;
}

/// aclnn_fused_adamw.cpp CheckNotNull's elements (161001), CheckTensorListCount, CheckDtype, CheckShape (161002), with
/// aclcpu's checks beyond CANN first (a destroyed maxExpAvgSqsRef, gradScaleOptional or foundInfOptional) and last (a
/// maxExpAvgSqsRef tensor of another shape - CANN logs it and goes on, the kernel would read var's count from it -, an
/// empty stateSteps tensor - its first element is read -, a given foundInfOptional not FLOAT - the kernel reads its
/// bits as float).
inline int CheckFusedAdamwLists(const ForeachCall& c, const aclTensor* gradScaleOptional,
                                const aclTensor* foundInfOptional, double, double, double, double, double, bool, bool) {
    const aclTensorList* mx = c.lists[kFadwMax];
    if (mx != nullptr) {
        if (int ret = CheckListLive(mx, "maxExpAvgSqsRef")) return ret;
    }
    static const char* const kOptNames[] = {"gradScaleOptional", "foundInfOptional"};
    const aclTensor* const opts[] = {gradScaleOptional, foundInfOptional};
    for (int k = 0; k < 2; ++k) {
        if (opts[k] != nullptr) {
            if (int ret = engine::CheckTensorArgs(&opts[k], &kOptNames[k], 1)) return ret;
        }
    }
    static const int kOrder[] = {kFadwParams, kFadwGrads, kFadwExpAvgs, kFadwExpAvgSqs, kFadwSteps, kFadwMax};
    static const char* const kNames[] = {"paramsRef", "grads", "expAvgsRef", "expAvgSqsRef", "stateSteps",
                                         "maxExpAvgSqsRef"};
    for (int k = 0; k < 6; ++k) {
        const aclTensorList* l = c.lists[kOrder[k]];
        if (l == nullptr) continue;
        for (size_t i = 0; i < l->items.size(); ++i) {
            if (l->items[i] == nullptr) {
                return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument %s[%zu].",
                            kNames[k], i);
            }
        }
    }
    const aclTensorList* params = c.lists[kFadwParams];
    const size_t n = params->items.size();
    if (n == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "paramsRef tensor list is empty.");
    static const char* const kCountMsg[] = {"", "grads tensor count does not match params.",
                                            "expAvgs tensor count does not match params.",
                                            "expAvgSqs tensor count does not match params.",
                                            "stateSteps tensor count does not match params.",
                                            "maxExpAvgSqs tensor count does not match params."};
    for (int k = 1; k < 6; ++k) {
        const aclTensorList* l = c.lists[kOrder[k]];
        if (l != nullptr && l->items.size() != n) return Fail(ACLNN_ERR_PARAM_INVALID, "%s", kCountMsg[k]);
    }
    const aclDataType in = params->items[0]->dtype;
    if (in != ACL_FLOAT && in != ACL_FLOAT16 && in != ACL_BF16) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Tensor paramsRef[0] not implemented for %s, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                    "DT_BF16.",
                    DtypeName(in));
    }
    const aclTensorList* steps = c.lists[kFadwSteps];
    const aclDataType st = steps->items[0]->dtype;
    if (st != ACL_FLOAT && st != ACL_INT64) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Tensor stateSteps[0] not implemented for %s, should be in dtype support list DT_FLOAT, DT_INT64.",
                    DtypeName(st));
    }
    for (size_t i = 1; i < n; ++i) {
        if (steps->items[i]->dtype != st) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "expects all stateSteps tensors with the same dtype.");
        }
    }
    for (size_t i = 0; i < n; ++i) {
        for (int k : {kFadwParams, kFadwGrads, kFadwExpAvgs, kFadwExpAvgSqs}) {
            if (c.lists[k]->items[i]->dtype != in) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "expects all input tensors with the same dtype.");
            }
        }
    }
    if (mx != nullptr && !mx->items.empty()) {
        const aclDataType md = mx->items[0]->dtype;
        if (md != ACL_FLOAT && md != ACL_FLOAT16 && md != ACL_BF16) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Tensor maxExpAvgSqsRef[0] not implemented for %s, should be in dtype support list DT_FLOAT, "
                        "DT_FLOAT16, DT_BF16.",
                        DtypeName(md));
        }
        if (md != in) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected paramsRef[0] and maxExpAvgSqsRef[0] to have the same dtype, but got %s and %s.",
                        DtypeName(in), DtypeName(md));
        }
        for (size_t i = 0; i < n; ++i) {
            if (mx->items[i]->dtype != in) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "expects all input tensors with the same dtype.");
            }
        }
    }
    for (size_t i = 0; i < n; ++i) {
        const std::vector<int64_t>& shape = params->items[i]->view_shape;
        for (int k : {kFadwGrads, kFadwExpAvgs, kFadwExpAvgSqs}) {
            if (c.lists[k]->items[i]->view_shape != shape) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "expects all input tensors with the same shape.");
            }
        }
    }
    // beyond CANN
    for (size_t i = 0; mx != nullptr && i < mx->items.size(); ++i) {
        if (mx->items[i]->view_shape != params->items[i]->view_shape) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected maxExpAvgSqsRef[%zu] to have paramsRef[%zu]'s shape %s, but got %s.", i, i,
                        ShapeString(params->items[i]->view_shape).c_str(),
                        ShapeString(mx->items[i]->view_shape).c_str());
        }
    }
    for (size_t i = 0; i < n; ++i) {
        if (steps->items[i]->numel == 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected stateSteps[%zu] to hold at least one element.", i);
        }
    }
    if (foundInfOptional != nullptr && foundInfOptional->numel > 0 && foundInfOptional->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor foundInfOptional dtype %s should be DT_FLOAT (the kernel reads it as float).",
                    DtypeName(foundInfOptional->dtype));
    }
    return 0;
}

}  // namespace aclcpu
