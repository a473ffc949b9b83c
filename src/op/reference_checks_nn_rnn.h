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

// ---- aclnnBidirectionLSTM (bidirection_lstm_tiling.cpp); c.t = {x, initH, initC, wIh, wHh, bIhOptional, bHhOptional,
// wIhReverseOptional, wHhReverseOptional, bIhReverseOptional, bHhReverseOptional, yOut, outputHOut, outputCOut}

namespace rnn_checks {

/// BidirectionLSTMTiling::CheckTensorShape: the rank, then each dim (561002); an absent optional input 561002 too
/// (OPS_CHECK_NULL_WITH_CONTEXT_RET on its shape).
inline int LstmShape(const aclTensor* t, const char* name, const std::vector<int64_t>& dims) {
    if (t == nullptr) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "BidirectionLSTM get %s shape wrong, please check: it is absent.",
                    name);
    }
    const std::vector<int64_t>& s = t->view_shape;
    if (s.size() != dims.size()) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "BidirectionLSTM tensor shape ndim:%zu wrong expected %zu, please check. BidirectionLSTM get %s "
                    "shape wrong, please check.",
                    s.size(), dims.size(), name);
    }
    for (size_t i = 0; i < dims.size(); ++i) {
        if (s[i] != dims[i]) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                        "BidirectionLSTM tensor shape dim[%zu]:%lld wrong expected %lld, please check. BidirectionLSTM "
                        "get %s shape wrong, please check.",
                        i, static_cast<long long>(s[i]), static_cast<long long>(dims[i]), name);
        }
    }
    return 0;
}

}  // namespace rnn_checks

/// GetCheckAttr (num_layers 1, batch_first false), then CheckInOutShapes in its order (no batch_size input: not
/// packed, T = x's first dim).
inline int CheckBidirectionLstmTiling(const OpCall& c, int64_t numLayers, bool isbias, bool batchFirst,
                                      bool bidirection) {
    using namespace rnn_checks;
    if (numLayers != 1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "BidirectionLSTM attr num_layers only support 1, please check.");
    }
    if (batchFirst) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "BidirectionLSTM attr batch_first only support false, please check.");
    }
    const aclTensor* x = c.t[0];
    if (x->view_shape.size() != 3) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "BidirectionLSTM get x shape ndim is not 3, please check.");
    }
    const aclTensor* h0 = c.t[1];
    if (h0->view_shape.size() != 3) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "BidirectionLSTM get init_h shape ndim is not 3, please check.");
    }
    const int64_t T = x->view_shape[0], I = x->view_shape[2];
    const int64_t B = h0->view_shape[1], H = h0->view_shape[2];
    const int64_t D = bidirection ? 2 : 1;
    if (int ret = LstmShape(x, "x", {T, B, I})) return ret;
    if (int ret = LstmShape(h0, "init_h", {D * numLayers, B, H})) return ret;
    if (int ret = LstmShape(c.t[2], "init_c", {D * numLayers, B, H})) return ret;
    if (int ret = LstmShape(c.t[3], "w_ih", {4 * H, I})) return ret;
    if (int ret = LstmShape(c.t[4], "w_hh", {4 * H, H})) return ret;
    if (isbias) {
        if (int ret = LstmShape(c.t[5], "b_ih", {4 * H})) return ret;
        if (int ret = LstmShape(c.t[6], "b_hh", {4 * H})) return ret;
    }
    if (bidirection) {
        if (int ret = LstmShape(c.t[7], "w_ih_reverse", {4 * H, I})) return ret;
        if (int ret = LstmShape(c.t[8], "w_hh_reverse", {4 * H, H})) return ret;
        if (isbias) {
            if (int ret = LstmShape(c.t[9], "b_ih_reverse", {4 * H})) return ret;
            if (int ret = LstmShape(c.t[10], "b_hh_reverse", {4 * H})) return ret;
        }
    }
    if (int ret = LstmShape(c.t[11], "output", {T, B, D * H})) return ret;
    if (int ret = LstmShape(c.t[12], "output_h", {D * numLayers, B, H})) return ret;
    return LstmShape(c.t[13], "output_c", {D * numLayers, B, H});
}

// ---- aclnnBidirectionLSTMV2 (bidirection_lstm_tiling.cpp, registered for BidirectionLSTMV2 too); c.t = {x, initH,
// initC, wIh, wHh, bIhOptional, bHhOptional, wIhReverseOptional, wHhReverseOptional, bIhReverseOptional,
// bHhReverseOptional, batchSizeOptional, yOut, outputHOut, outputCOut}

/// GetCheckAttr, then CheckInOutShapes in its order: CheckBatchSizeShape (a given batch_size 1-D, at most MAX_SEQ
/// 256 steps: T; absent: packed off), CheckXInputShape (packed: 2-D [totalBatch, I], else 3-D; T = x's first dim
/// without batch_size), CheckInitHInputShape, CheckInputShapes (x only when not packed), CheckOptionalInputShapes,
/// CheckOutputShapes (y [totalBatch, D*H] when packed).
inline int CheckBidirectionLstmV2Tiling(const OpCall& c, int64_t numLayers, bool isbias, bool batchFirst,
                                        bool bidirection, bool packed) {
    using namespace rnn_checks;
    if (numLayers != 1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "BidirectionLSTM attr num_layers only support 1, please check.");
    }
    if (batchFirst) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "BidirectionLSTM attr batch_first only support false, please check.");
    }
    const aclTensor* bs = c.t[11];
    bool seq = false;
    int64_t T = 0;
    if (bs == nullptr) {
        packed = false;
    } else {
        if (bs->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "BidirectionLSTM get batch_size shape ndim is not 1, please "
                        "check. BidirectionLSTM CheckBatchSizeShape failed, please check.");
        }
        if (bs->view_shape[0] > 256) {
            return Fail(ACLNN_ERR_INNER_TILING_ERROR, "BidirectionLSTM get batch_size length %lld exceed limit 256, "
                        "please check. BidirectionLSTM CheckBatchSizeShape failed, please check.",
                        static_cast<long long>(bs->view_shape[0]));
        }
        seq = true;
        T = bs->view_shape[0];
    }
    const aclTensor* x = c.t[0];
    const std::vector<int64_t>& xs = x->view_shape;
    if (xs.size() != (packed ? 2u : 3u)) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "BidirectionLSTM get x shape ndim is not %d, please check. "
                    "BidirectionLSTM CheckXInputShape failed, please check.", packed ? 2 : 3);
    }
    const int64_t I = packed ? xs[1] : xs[2];
    const int64_t total = packed ? xs[0] : 0;
    if (!seq) T = xs[0];
    const aclTensor* h0 = c.t[1];
    if (h0->view_shape.size() != 3) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "BidirectionLSTM get init_h shape ndim is not 3, please check.");
    }
    const int64_t B = h0->view_shape[1], H = h0->view_shape[2];
    const int64_t D = bidirection ? 2 : 1;
    if (!packed) {
        if (int ret = LstmShape(x, "x", {T, B, I})) return ret;
    }
    if (int ret = LstmShape(h0, "init_h", {D * numLayers, B, H})) return ret;
    if (int ret = LstmShape(c.t[2], "init_c", {D * numLayers, B, H})) return ret;
    if (int ret = LstmShape(c.t[3], "w_ih", {4 * H, I})) return ret;
    if (int ret = LstmShape(c.t[4], "w_hh", {4 * H, H})) return ret;
    if (isbias) {
        if (int ret = LstmShape(c.t[5], "b_ih", {4 * H})) return ret;
        if (int ret = LstmShape(c.t[6], "b_hh", {4 * H})) return ret;
    }
    if (bidirection) {
        if (int ret = LstmShape(c.t[7], "w_ih_reverse", {4 * H, I})) return ret;
        if (int ret = LstmShape(c.t[8], "w_hh_reverse", {4 * H, H})) return ret;
        if (isbias) {
            if (int ret = LstmShape(c.t[9], "b_ih_reverse", {4 * H})) return ret;
            if (int ret = LstmShape(c.t[10], "b_hh_reverse", {4 * H})) return ret;
        }
    }
    if (packed) {
        if (int ret = LstmShape(c.t[12], "output", {total, D * H})) return ret;
    } else {
        if (int ret = LstmShape(c.t[12], "output", {T, B, D * H})) return ret;
    }
    if (int ret = LstmShape(c.t[13], "output_h", {D * numLayers, B, H})) return ret;
    return LstmShape(c.t[14], "output_c", {D * numLayers, B, H});
}

// ---- aclnnThnnFusedLstmCellBackward (aclnn_thnn_fused_lstm_cell_backward.cpp); c.t = {gradHyOptional,
// gradCOptional, cx, cy, storage, gradGatesOut, gradCxOut, gradBiasOut}

/// CheckDtypeValid (CheckSingleTensorDtype: the list, then gradHyOptional's dtype, for each tensor but gradHy in the
/// op_api's order), CheckShapeValid (ValidateInputShape in its order, gradBias last with hasBias), CheckFormatValid.
inline int CheckThnnFusedLstmCellBackward(const OpCall& c, bool hasBias) {
    const aclTensor* dhy = c.t[0];
    const aclDataType base = dhy->dtype;
    struct Named {
        const aclTensor* t;
        const char* name;
    };
    const Named dtypes[] = {{c.t[1], "gradCOptional"}, {c.t[2], "cx"},       {c.t[3], "cy"},
                            {c.t[4], "storage"},       {c.t[5], "gradGates"}, {c.t[7], "gradBias"},
                            {c.t[6], "gradCx"}};
    for (const Named& n : dtypes) {
        if (n.t->dtype != ACL_FLOAT && n.t->dtype != ACL_FLOAT16) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Tensor %s not implemented for %s, should be in dtype support list DT_FLOAT, DT_FLOAT16.", n.name,
                        DtypeName(n.t->dtype));
        }
        if (n.t->dtype != base) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s tensor dtype inconsistent, expected: %s, actual: %s.", n.name,
                        DtypeName(base), DtypeName(n.t->dtype));
        }
    }
    if (dhy->view_shape.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 2 dimension input, but got gradHyOptional with sizes %s.",
                    ShapeString(dhy->view_shape).c_str());
    }
    const int64_t b = dhy->view_shape[0], h = dhy->view_shape[1];
    if (!(h > 0 && b > 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "gradHyOptional %s must have a positive batch and hidden size.",
                    ShapeString(dhy->view_shape).c_str());
    }
    const std::vector<int64_t> hidden = {b, h}, gates = {b, 4 * h}, bias = {4 * h};
    const Named shapes[] = {{c.t[1], "gradCOptional"}, {c.t[2], "cx"}, {c.t[3], "cy"},
                            {c.t[4], "storage"},       {c.t[5], "gradGates"}, {c.t[6], "gradCx"}};
    const std::vector<int64_t>* want[] = {&hidden, &hidden, &hidden, &gates, &gates, &hidden};
    for (int i = 0; i < 6; ++i) {
        const std::vector<int64_t>& s = shapes[i].t->view_shape;
        if (s.size() != want[i]->size()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensor %s has wrong dimension count.", shapes[i].name);
        }
        for (size_t d = 0; d < s.size(); ++d) {
            if (s[d] != (*want[i])[d]) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensor %s dim %zu mismatch.", shapes[i].name, d);
            }
        }
    }
    if (hasBias) {
        const std::vector<int64_t>& s = c.t[7]->view_shape;
        if (s.size() != 1) return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensor gradBias has wrong dimension count.");
        if (s[0] != 4 * h) return Fail(ACLNN_ERR_PARAM_INVALID, "Input tensor gradBias dim 0 mismatch.");
    }
    const Named formats[] = {{c.t[0], "gradHyOptional"}, {c.t[1], "gradCOptional"}, {c.t[2], "cx"},
                             {c.t[3], "cy"},             {c.t[4], "storage"},       {c.t[5], "gradGates"},
                             {c.t[7], "gradBias"},       {c.t[6], "gradCx"}};
    for (const Named& n : formats) {
        if (n.t->format != ACL_FORMAT_ND) return Fail(ACLNN_ERR_PARAM_INVALID, "%s format only support ND", n.name);
    }
    return 0;
}

}  // namespace aclcpu
