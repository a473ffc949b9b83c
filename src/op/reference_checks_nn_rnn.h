// The custom first-phase checks of the nn_rnn family (ops/families/nn_rnn.yaml `custom` checks the table's vocabulary
// cannot express; docs/ops/nn_rnn.md). Included at the end of src/op/reference_checks.h (through the generated
// op/family_hooks.inc). Each hook is int <hook>(const OpCall& c, <the entry's non-tensor parameters>): 0, or the
// status with its message. Facts: hicann/ops-nn rnn/<op>/op_api/aclnn_*.cpp; each hook names what it restates.
#pragma once

#include <cstdint>
#include <vector>

#include "common/status.h"
#include "op/op_call.h"
#include "op/reference_checks.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace rnn_checks {

/// OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(tensor, expected).
inline int ShapeIs(const aclTensor* t, const char* name, const std::vector<int64_t>& expected) {
    if (t->view_shape == expected) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for %s to have same size as %s, but got %s.", name,
                ShapeString(expected).c_str(), ShapeString(t->view_shape).c_str());
}

/// OP_CHECK_DTYPE_NOT_MATCH(tensor, expected).
inline int DtypeIs(const aclTensor* t, const char* name, aclDataType expected) {
    if (t->dtype == expected) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", name, DtypeName(expected),
                DtypeName(t->dtype));
}

}  // namespace rnn_checks

// ---- aclnnThnnFusedLstmCell (aclnn_thnn_fused_lstm_cell.cpp); c.t = {inputGates, hiddenGates, cx,
// inputBiasOptional, hiddenBiasOptional, hyOut, cyOut, storageOut}

/// CheckParamsNullptr's bias rule: both biases given or both NULL (161001).
inline int CheckLstmCellBiasPair(const OpCall& c) {
    if (c.t[3] != nullptr && c.t[4] == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "hiddenBias should not be a nullptr when inputBias is set.");
    }
    if (c.t[3] == nullptr && c.t[4] != nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "inputBias should not be a nullptr when hiddenBias is set.");
    }
    return 0;
}

/// CheckDimsAndListLength (OP_CHECK_WRONG_DIMENSION), CheckShapes (from cx's [B, H]), CheckDtypes (inputGates FLOAT or
/// FLOAT16; the others of its dtype), in the op_api's order.
inline int CheckThnnFusedLstmCell(const OpCall& c) {
    using namespace rnn_checks;
    const aclTensor* ig = c.t[0];
    const aclTensor* hg = c.t[1];
    const aclTensor* cx = c.t[2];
    const aclTensor* ib = c.t[3];
    const aclTensor* hb = c.t[4];
    const aclTensor* hy = c.t[5];
    const aclTensor* cy = c.t[6];
    const aclTensor* st = c.t[7];
    if (int ret = CheckDims(ig, "inputGates", 2)) return ret;
    if (int ret = CheckDims(hg, "hiddenGates", 2)) return ret;
    if (int ret = CheckDims(cx, "cx", 2)) return ret;
    if (ib != nullptr) {
        if (int ret = CheckDims(ib, "inputBiasOptional", 1)) return ret;
        if (int ret = CheckDims(hb, "hiddenBiasOptional", 1)) return ret;
    }
    if (int ret = CheckDims(hy, "hyOut", 2)) return ret;
    if (int ret = CheckDims(cy, "cyOut", 2)) return ret;
    if (int ret = CheckDims(st, "storageOut", 2)) return ret;
    const int64_t b = cx->view_shape[0], h = cx->view_shape[1];
    const std::vector<int64_t> gates = {b, h * 4}, common = {b, h}, bias = {h * 4};
    if (int ret = ShapeIs(ig, "inputGates", gates)) return ret;
    if (int ret = ShapeIs(hg, "hiddenGates", gates)) return ret;
    if (int ret = ShapeIs(cx, "cx", common)) return ret;
    if (ib != nullptr) {
        if (int ret = ShapeIs(ib, "inputBiasOptional", bias)) return ret;
        if (int ret = ShapeIs(hb, "hiddenBiasOptional", bias)) return ret;
    }
    if (int ret = ShapeIs(hy, "hyOut", common)) return ret;
    if (int ret = ShapeIs(cy, "cyOut", common)) return ret;
    if (int ret = ShapeIs(st, "storageOut", gates)) return ret;
    const aclDataType d = ig->dtype;
    if (d != ACL_FLOAT && d != ACL_FLOAT16) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Tensor inputGates not implemented for %s, should be in dtype support list DT_FLOAT, DT_FLOAT16.",
                    DtypeName(d));
    }
    if (int ret = DtypeIs(hg, "hiddenGates", d)) return ret;
    if (int ret = DtypeIs(cx, "cx", d)) return ret;
    if (ib != nullptr) {
        if (int ret = DtypeIs(ib, "inputBiasOptional", d)) return ret;
        if (int ret = DtypeIs(hb, "hiddenBiasOptional", d)) return ret;
    }
    if (int ret = DtypeIs(hy, "hyOut", d)) return ret;
    if (int ret = DtypeIs(cy, "cyOut", d)) return ret;
    return DtypeIs(st, "storageOut", d);
}

}  // namespace aclcpu
