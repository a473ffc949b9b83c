// The custom checks of the reference tier's foreach family (ops/families/nn_foreach.yaml): the generated aclnn
// layers' kernel matches the exact tier's foreach operators already model - CheckForeachFirstDtypes (the first
// tensor of each list, aclnnForeachPowList) and CheckForeachScalarListDtype (element 0 of an aclScalarList,
// aclnnForeachPowScalarList) - one rule in one place (op/foreach_arith.h).
#pragma once

#include "op/foreach_arith.h"

namespace aclcpu {

/// BEYOND CANN, for the V1 forms whose scalar (or alpha) is a device tensor (aclnnForeachPowScalar,
/// aclnnForeachAddList, aclnnForeachSubList): the kernels read its first element, so a tensor of another element count is refused
/// (161002) rather than read past its end or partly ignored.
inline int CheckForeachOneElementTensor(const ForeachCall& c, const aclTensor* scalar) {
    if (scalar->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the scalar tensor must hold one element, but holds %lld (shape %s).",
                    c.api, static_cast<long long>(scalar->numel), ShapeString(scalar->view_shape).c_str());
    }
    return 0;
}

/// aclnnForeachAddList's launch (its op_api admits a DOUBLE alpha for floating lists and an INT64 one for INT32 lists,
/// then hands the tensor to l0op::ForeachAddListV2, whose kernels take alpha FLOAT16, FLOAT or INT32 alone:
/// foreach_add_list_def.cpp): a DOUBLE or INT64 alpha -> 561103, as CANN's launcher fails. Returns 0 or 561103.
inline int CheckForeachAddListAlphaKernel(const ForeachCall& c, const aclTensor* alpha) {
    if (alpha->dtype == ACL_DOUBLE || alpha->dtype == ACL_INT64) {
        return Fail(ACLNN_ERR_INNER_NULLPTR, "%s: no ForeachAddList kernel takes a %s alpha tensor: the launch fails.",
                    c.api, DtypeName(alpha->dtype));
    }
    return 0;
}

/// aclnnForeachNorm (aclnnForeachNorm.md: "out的shape size不为1" -> 561002; the infershape gives each y [1]): every
/// tensor of out holds one element. c.lists = {x, out}.
inline int CheckForeachNormOutNumel(const ForeachCall& c, const aclScalar*) {
    const aclTensorList* out = c.lists[1];
    for (size_t i = 0; i < out->items.size(); ++i) {
        const aclTensor* t = out->items[i];
        if (t->numel != 1) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The shape size of out[%zu] should be 1, but got %lld (shape %s).",
                        i, static_cast<long long>(t->numel), ShapeString(t->view_shape).c_str());
        }
    }
    return 0;
}

/// aclnnForeachRoundOffNumber (foreach_round_off_number_def.cpp: roundMode INT8; aclnnForeachRoundOffNumber.md:
/// roundMode of one element, 161002).
inline int CheckForeachRoundModeTensor(const ForeachCall& c, const aclTensor* roundMode) {
    if (roundMode->dtype != ACL_INT8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor roundMode dtype %s should be in dtype support list DT_INT8.",
                    DtypeName(roundMode->dtype));
    }
    if (roundMode->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: roundMode must hold one element, but holds %lld (shape %s).", c.api,
                    static_cast<long long>(roundMode->numel), ShapeString(roundMode->view_shape).c_str());
    }
    return 0;
}

/// aclnnForeachNonFiniteCheckAndUnscale: the op definition's FLOAT found_inf and inv_scale (the generated layer's
/// dtype check, 161002).
inline int CheckNonFiniteUnscaleDtypes(const ForeachCall&, const aclTensor* foundInf, const aclTensor* invScale) {
    if (foundInf->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor foundInf dtype %s should be in dtype support list DT_FLOAT.",
                    DtypeName(foundInf->dtype));
    }
    if (invScale->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor invScale dtype %s should be in dtype support list DT_FLOAT.",
                    DtypeName(invScale->dtype));
    }
    return 0;
}

/// aclnnForeachNonFiniteCheckAndUnscale's tilings (561002): 1 to 256 tensors (MAX_TENSOR_COUNT), each of
/// scaledGrads[0]'s dtype; on Atlas A2/A3 and the Ascend310P no empty tensor; on the Ascend 950 (the regbase tiling)
/// found_inf and inv_scale of one element. BEYOND CANN elsewhere: foundInf or invScale without an element (161002;
/// the kernel reads invScale's first element and writes foundInf's). c.lists = {scaledGrads}.
inline int CheckNonFiniteUnscaleTiling(const ForeachCall& c, const aclTensor* foundInf, const aclTensor* invScale) {
    const aclTensorList* g = c.lists[0];
    const size_t n = g->items.size();
    if (n == 0 || n > 256) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "The number of tensors in scaledGrads should be within the range (0, 256], but got %zu.", n);
    }
    const aclDataType first = g->items[0]->dtype;
    for (size_t i = 1; i < n; ++i) {
        if (g->items[i]->dtype != first) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                        "The dtypes of all tensors in tensor list scaled_grads must be the same, expected %s, but "
                        "scaledGrads[%zu] is %s.",
                        DtypeName(first), i, DtypeName(g->items[i]->dtype));
        }
    }
    const bool regbase = c.soc == rt::Soc::kAscend950;
    if (!regbase) {
        for (size_t i = 0; i < n; ++i) {
            if (g->items[i]->numel == 0) {
                return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                            "The shape size of scaledGrads[%zu] must be greater than 0, but got shape %s.", i,
                            ShapeString(g->items[i]->view_shape).c_str());
            }
        }
    }
    const aclTensor* const ones[] = {foundInf, invScale};
    const char* const names[] = {"found_inf", "inv_scale"};
    for (int k = 0; k < 2; ++k) {
        const int64_t numel = ones[k]->numel;
        if (regbase && numel != 1) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The shape size of %s should be 1, but got %lld.", names[k],
                        static_cast<long long>(numel));
        }
        if (numel == 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s must hold an element, but got shape %s.", names[k],
                        ShapeString(ones[k]->view_shape).c_str());
        }
    }
    return 0;
}

}  // namespace aclcpu
