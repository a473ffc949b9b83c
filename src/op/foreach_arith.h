// The plans of the foreach arithmetic operators (hicann/ops-nn foreach/): one element-wise sub-problem per list
// position on the element-wise rows of ops-math's arithmetic (kernels/binary.h), with the scalar converted the
// way each op_api's ConvertToTensor branch converts it and the compute dtype each product's kernel computes in
// (docs/ops/foreach.md). Header-only, included by the foreach operators' plan-hook files.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "engine/elementwise.h"
#include "engine/list.h"
#include "kernels/binary.h"
#include "op/binary_arith.h"
#include "op/foreach_call.h"
#include "op/op_call.h"

namespace aclcpu {

/// One sub-problem per list position: out list `out` (an index into c.lists, executor order) written from the
/// input lists in[0 .. nin) at the same position, over the output element's view shape, with `params`' rows
/// (kernels/binary.h: operand 1 the first input, 2 the second, 3 the third). Element i's kernel is
/// params_of(i) when given (per-tensor parameters), else `params`. Returns PublishForeach's status.
template <typename ParamsOf>
int PlanForeachItemsWith(const ForeachCall& c, kern::RowSelectFn select, int out, const int* in, int nin,
                         ParamsOf&& params_of, uint64_t* workspaceSize, aclOpExecutor** executor) {
    std::vector<engine::ElementwiseListItem> items(c.size);
    for (size_t i = 0; i < c.size; ++i) {
        engine::ElementwiseListItem& it = items[i];
        it.ops.out = c.Index(out, i);
        it.ops.num_inputs = nin;
        for (int k = 0; k < nin; ++k) it.ops.in[k] = c.Index(in[k], i);
        it.shape = ViewShapeOf(c.At(out, i));
        it.kernel = engine::KernelOf(select, params_of(i));
    }
    return PublishForeach(c, items, workspaceSize, executor);
}

/// PlanForeachItemsWith on the element-wise arithmetic's rows (kern::SelectBinaryRow, kern::BinaryParams).
template <typename ParamsOf>
int PlanForeachItems(const ForeachCall& c, int out, const int* in, int nin, ParamsOf&& params_of,
                     uint64_t* workspaceSize, aclOpExecutor** executor) {
    return PlanForeachItemsWith(c, &kern::SelectBinaryRow, out, in, nin, std::forward<ParamsOf>(params_of),
                                workspaceSize, executor);
}

/// out_i = op(x_i) computed in `compute` (a unary operation of kernels/binary.h: the lists x, out are c.lists 0, 1).
inline int PlanForeachUnary(const ForeachCall& c, kern::BinaryOp op, aclDataType compute, uint64_t* workspaceSize,
                            aclOpExecutor** executor) {
    const int in[] = {0};
    kern::BinaryParams p{};
    p.compute = compute;
    p.op = op;
    p.path = kern::AlphaPath::kPlain;
    p.other_is_value = 1;  // one input
    return PlanForeachItems(c, 1, in, 1, [&](size_t) { return p; }, workspaceSize, executor);
}

/// out_i = x1_i op x2_i in x1's dtype, path kPlain (the lists x1, x2, out are c.lists 0, 1, 2).
inline int PlanForeachBinaryList(const ForeachCall& c, kern::BinaryOp op, uint64_t* workspaceSize,
                                 aclOpExecutor** executor) {
    const int in[] = {0, 1};
    kern::BinaryParams p{};
    p.compute = c.At(0, 0)->dtype;
    p.op = op;
    p.path = kern::AlphaPath::kPlain;
    return PlanForeachItems(c, 2, in, 2, [&](size_t) { return p; }, workspaceSize, executor);
}

/// The element-wise parameters of a foreach scalar form (out_i = x_i op s; the value in other_re / other_i,
/// BinaryParams::other_is_value): computed in `compute`, the scalar `value` as the kernel holds it (a value of
/// the compute dtype's range: float types as float32 in other_re, integers in other_i).
inline kern::BinaryParams ForeachScalarParams(kern::BinaryOp op, aclDataType compute, double value_f,
                                              int64_t value_i) {
    kern::BinaryParams p{};
    p.compute = compute;
    p.op = op;
    p.path = kern::AlphaPath::kPlain;
    p.other_is_value = 1;
    p.other_re = value_f;
    p.other_i = value_i;
    return p;
}

/// The foreach scalar forms' ConvertToTensor (aclnn_foreach_{add,sub,mul}_scalar_v2.cpp,
/// aclnn_foreach_addcmul_scalar_v2.cpp): the dtype the aclScalar becomes for a list of dtype x. BF16: FLOAT;
/// FLOAT16 on the Ascend 950 with a FLOAT or DOUBLE scalar, where the op_api has that branch (`float_half`:
/// AddScalarV2, MulScalarV2, AddcmulScalarV2): FLOAT; INT16 / INT8 / UINT8 (Atlas A2/A3 only): INT32; otherwise
/// x's dtype.
inline aclDataType ForeachScalarTensorDtype(rt::Soc soc, aclDataType x, const aclScalar& s, bool float_half = true) {
    if (x == ACL_BF16) return ACL_FLOAT;
    if (float_half && IsRegBaseSoc(soc) && x == ACL_FLOAT16 && (s.dtype == ACL_FLOAT || s.dtype == ACL_DOUBLE)) {
        return ACL_FLOAT;
    }
    if (x == ACL_INT16 || x == ACL_INT8 || x == ACL_UINT8) return ACL_INT32;
    return x;
}

/// The value and compute dtype of a foreach scalar V2 form's kernel for list dtype x: the scalar converted to
/// ForeachScalarTensorDtype (ConvertScalarTo: float types RNE from its ToFloat, integers wrapped), then as the
/// kernel reads it - FLOAT, FLOAT16, BF16 lists widened to float32 and computed there, rounded once (RNE) to x
/// (computing a FLOAT16 list natively in half, as the Atlas A2/A3 kernels do, gives the same bits: an add,
/// multiply or divide of two half values rounded in float32 then to half is the correctly rounded half
/// result); INT32 in int32 (wrap-around, assumed); INT16 in float32 and INT8 / UINT8 in half (the A2/A3 kernels'
/// casts), the integral result stored by the cast rule of kernels/binary.h (overflow wraps: the kernel's
/// CAST_RINT saturation behaviour is not public).
inline kern::BinaryParams ForeachScalarV2Params(rt::Soc soc, kern::BinaryOp op, aclDataType x, const aclScalar& s,
                                                bool float_half = true) {
    const aclDataType sd = ForeachScalarTensorDtype(soc, x, s, float_half);
    const ConvertedScalar v = ConvertScalarTo(s, sd);
    switch (x) {
        case ACL_FLOAT: case ACL_FLOAT16: case ACL_BF16:
            return ForeachScalarParams(op, x, v.re, 0);
        case ACL_INT16:
            return ForeachScalarParams(op, ACL_FLOAT, static_cast<float>(v.i), 0);
        case ACL_INT8: case ACL_UINT8:
            return ForeachScalarParams(op, ACL_FLOAT16, kern::RoundToPromoted(static_cast<float>(v.i), ACL_FLOAT16),
                                       0);
        default:  // INT32
            return ForeachScalarParams(op, x, 0.0, v.i);
    }
}

/// aclnnForeachMaximumScalarV2's / aclnnForeachMinimumScalarV2's CheckScalarValueValid, after the empty-list return
/// (a custom check of the table): when the scalar's dtype is not the list's, its ToDouble value outside the list
/// dtype's finite range -> 161002 ("Scalar value exceeds float16 range."); a NaN passes. Returns 0 or 161002.
inline int CheckForeachScalarRange(const ForeachCall& c, const aclScalar* scalar) {
    const aclDataType x = c.lists[0]->items[0]->dtype;
    if (scalar->dtype == x) return 0;
    double v = 0.0;
    ScalarToDouble(*scalar, &v);
    double lim = 0.0;
    const char* name = "";
    switch (x) {
        case ACL_INT32:
            if (v < -2147483648.0 || v > 2147483647.0) return Fail(ACLNN_ERR_PARAM_INVALID, "Scalar value exceeds int32 range.");
            return 0;
        case ACL_FLOAT: lim = 3.4028235e+38; name = "float32"; break;
        case ACL_FLOAT16: lim = 65504.0; name = "float16"; break;
        case ACL_BF16: lim = 3.3895314e+38; name = "bfloat16"; break;
        default: return Fail(ACLNN_ERR_PARAM_INVALID, "Unsupported tensor data type for scalar value check");
    }
    if (v < -lim || v > lim) return Fail(ACLNN_ERR_PARAM_INVALID, "Scalar value exceeds %s range.", name);
    return 0;
}

/// The V1 scalar forms' scalar tensor (aclnnForeachAddScalar, aclnnForeachMulScalar: `const aclTensor* scalar`,
/// one element read by the kernel at run time), a custom check of the table after the lists' checks: a live
/// aclTensor (161002, beyond CANN), one element (561002, the tiling's refusal), its view inside its storage
/// (161002, beyond CANN). Returns 0 or the status.
inline int CheckForeachScalarTensor(const ForeachCall& c, const aclTensor* scalar) {
    (void)c;
    static constexpr const char* kName = "scalar";
    if (int ret = engine::CheckTensorArgs(&scalar, &kName, 1)) return ret;
    if (scalar->numel != 1) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "The scalar tensor must hold one element, but its shape is %s.",
                    ShapeString(scalar->view_shape).c_str());
    }
    return CheckStorageBounds(*scalar, kName);
}

/// out_i = x_i op scalar[0] with the scalar a one-element tensor read at run time (the V1 scalar forms): the
/// planned call's tensors are x's, the scalar (an input, broadcast to every position) and out's; `params` the
/// rows' parameters (two inputs: x, the scalar).
inline int PlanForeachScalarTensor(const ForeachCall& c, const aclTensor* scalar, const kern::BinaryParams& params,
                                   uint64_t* workspaceSize, aclOpExecutor** executor) {
    const int n = static_cast<int>(c.size);
    std::vector<const aclTensor*> t(c.t.begin(), c.t.begin() + n);
    t.push_back(scalar);
    t.insert(t.end(), c.t.begin() + n, c.t.end());
    CallArg ax, as, ao;
    ax.first = 0;
    ax.count = n;
    ax.list = true;
    as.first = n;
    as.count = 1;
    ao.first = n + 1;
    ao.count = n;
    ao.list = true;
    const CallArg args[] = {ax, as, ao};
    const char* const names[] = {c.list_names[0], "scalar", c.list_names[1]};
    std::vector<engine::ElementwiseListItem> items(c.size);
    for (int i = 0; i < n; ++i) {
        engine::ElementwiseListItem& it = items[static_cast<size_t>(i)];
        it.ops.out = n + 1 + i;
        it.ops.num_inputs = 2;
        it.ops.in[0] = i;
        it.ops.in[1] = n;
        it.shape = ViewShapeOf(c.At(1, static_cast<size_t>(i)));
        it.kernel = engine::KernelOf(&kern::SelectBinaryRow, params);
    }
    return engine::PublishElementwiseList(t.data(), static_cast<int>(t.size()), n + 1, c.api, args, 3, names,
                                          items.data(), items.size(), workspaceSize, executor);
}

/// The V1 scalar forms' compute dtype for list dtype x and scalar tensor dtype s: the list's dtype where the
/// kernel computes in it (the scalar of that dtype too); float32 where the kernel widens (a BF16 list, a FLOAT16
/// list with a FLOAT scalar on the Ascend 950, INT16), half for INT8 / UINT8 (Atlas A2/A3), the result cast back.
inline aclDataType ForeachScalarTensorCompute(aclDataType x, aclDataType s) {
    if (x == ACL_BF16 || x == ACL_INT16 || (x == ACL_FLOAT16 && s == ACL_FLOAT)) return ACL_FLOAT;
    if (x == ACL_INT8 || x == ACL_UINT8) return ACL_FLOAT16;
    return x;
}

}  // namespace aclcpu
