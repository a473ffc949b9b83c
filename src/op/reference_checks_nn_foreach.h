// The custom checks of the reference tier's foreach family (ops/families/nn_foreach.yaml): the generated aclnn
// layers' kernel matches the exact tier's foreach operators already model - CheckForeachFirstDtypes (the first
// tensor of each list, aclnnForeachPowList) and CheckForeachScalarListDtype (element 0 of an aclScalarList,
// aclnnForeachPowScalarList) - one rule in one place (op/foreach_arith.h).
#pragma once

#include "op/foreach_arith.h"

namespace aclcpu {

/// BEYOND CANN, for the V1 forms whose scalar (or alpha) is a device tensor (aclnnForeachMaximumScalar,
/// aclnnForeachAddList, ...): the kernels read its first element, so a tensor of another element count is refused
/// (161002) rather than read past its end or partly ignored.
inline int CheckForeachOneElementTensor(const ForeachCall& c, const aclTensor* scalar) {
    if (scalar->numel != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the scalar tensor must hold one element, but holds %lld (shape %s).",
                    c.api, static_cast<long long>(scalar->numel), ShapeString(scalar->view_shape).c_str());
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

}  // namespace aclcpu
