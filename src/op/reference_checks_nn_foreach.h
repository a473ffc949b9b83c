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

}  // namespace aclcpu
