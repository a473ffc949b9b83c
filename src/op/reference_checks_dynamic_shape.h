// The custom checks of the operators whose output shape depends on the input's values (ops/families/
// dynamic_shape.yaml: aclnnNonzero, aclnnNonzeroV2, aclnnMaskedSelect), from their op_api sources (hicann/ops-nn
// index/non_zero at e5c3fa93, hicann/ops-math conversion/masked_select_v3 at c4193324). Messages restate CANN's
// where it has one; BEYOND CANN marks aclcpu's own.
#pragma once

#include <cstdint>

#include "common/status.h"
#include "engine/elementwise.h"
#include "tensor/tensor.h"
#include "op/op_call.h"

namespace aclcpu {

/// CheckDims (ops-nn common op_error_check.h): every dim of self (c.t[0]) at most INT32_MAX -> else 161002.
inline int CheckDimsFitInt32(const OpCall& c) {
    for (int64_t d : c.t[0]->view_shape) {
        if (d > INT32_MAX) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The tensor's shape cannot be larger than %d.", INT32_MAX);
        }
    }
    return 0;
}

/// aclnnMaskedSelect's CheckShape after the broadcast (c.t = {self, mask, out}): OP_CHECK_WRONG_DIMENSION(y, 1)
/// ("y": the op_api's name for out) and out's element count the broadcast shape's, with CANN's two log lines in
/// one message -> 161002.
inline int CheckMaskedSelectOut(const OpCall& c) {
    const aclTensor* out = c.t[2];
    if (out->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 1 dimension input, but got y with sizes %s.",
                    ShapeString(out->view_shape).c_str());
    }
    engine::BroadcastShape b;
    engine::Broadcast(c.t[0]->view_shape.data(), c.t[0]->view_shape.size(), c.t[1]->view_shape.data(),
                      c.t[1]->view_shape.size(), &b);  // broadcastable: the table's broadcast check ran first
    int64_t size = 1;
    for (size_t i = 0; i < b.n; ++i) size *= b.d[i];
    if (out->numel != size) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The out shape size  is not same with broadcastShapeSize. y.shape: %lld, broadcastShape.shape: %lld.",
                    static_cast<long long>(out->numel), static_cast<long long>(size));
    }
    return 0;
}

}  // namespace aclcpu
