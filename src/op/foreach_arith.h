// The plans of the foreach arithmetic operators (hicann/ops-nn foreach/): one element-wise sub-problem per list
// position on the element-wise rows of ops-math's arithmetic (kernels/binary.h), with the scalar converted the
// way each op_api's ConvertToTensor branch converts it and the compute dtype each product's kernel computes in
// (docs/ops/foreach.md). Header-only, included by the foreach operators' plan-hook files.
#pragma once

#include <climits>
#include <cstdint>
#include <initializer_list>
#include <memory>
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
/// aclTensor (161002, beyond CANN), one element in at most 8 dims (561002, the tiling's refusal), its view inside its storage
/// (161002, beyond CANN). Returns 0 or the status.
inline int CheckForeachScalarTensor(const ForeachCall& c, const aclTensor* scalar) {
    (void)c;
    static constexpr const char* kName = "scalar";
    if (int ret = engine::CheckTensorArgs(&scalar, &kName, 1)) return ret;
    if (scalar->numel != 1 || scalar->view_shape.size() > static_cast<size_t>(kMaxDims)) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "The scalar tensor must hold one element in at most %d dimensions, but its shape is %s.", kMaxDims,
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

/// The aclScalarList forms whose aclnn layer CANN generates (aclnnForeachAdd/Sub/Mul/Maximum/MinimumScalarList),
/// a custom check of the table inside the non-empty branch: opbase stores the list as one host tensor of element
/// 0's dtype (a DOUBLE element stored as FLOAT; the other elements converted to it: opbase
/// indv_executor_ext.cpp), and the kernel is registered for FLOAT scalars with FLOAT, FLOAT16, BF16 lists and
/// INT64 scalars with INT32 lists - the kernel match compares that dtype (161002 otherwise). So element 0 decides:
/// FLOAT or DOUBLE for a floating list, INT64 for an INT32 one; the other elements may be of any real dtype. An
/// empty scalar list is left to the length check. Returns 0 or 161002.
inline int CheckForeachScalarListDtype(const ForeachCall& c, const aclScalarList* scalars) {
    if (scalars->items.empty()) return 0;
    const aclDataType x = c.lists[0]->items[0]->dtype;
    const aclDataType s = scalars->items[0]->dtype;
    const bool ok = x == ACL_INT32 ? s == ACL_INT64 : (s == ACL_FLOAT || s == ACL_DOUBLE);
    if (!ok) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Scalar list scalars element 0 dtype %s does not match the kernel: a %s list takes %s scalars.",
                    DtypeName(s), DtypeName(x), x == ACL_INT32 ? "DT_INT64" : "DT_FLOAT or DT_DOUBLE");
    }
    for (const aclScalar* e : scalars->items) {  // converted to element 0's dtype: a real number
        if (IsComplexDtype(e->dtype)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Scalar list scalars holds a %s element, which has no conversion to %s.",
                        DtypeName(e->dtype), DtypeName(s == ACL_DOUBLE ? ACL_FLOAT : s));
        }
    }
    return 0;
}

/// The operation of an aclScalarList form (CheckForeachScalarListDtype).
enum class ForeachListScalarOp { kAdd, kSub, kMul, kMax, kMin };

/// The element-wise parameters of position i of an aclScalarList form over list dtype x (docs/ops/foreach.md §3):
/// the scalar as the host tensor holds it (FLOAT lists: ToFloat, one RNE rounding; INT32 lists: its int64 value),
/// then as each product's kernel reads it.
/// - FLOAT, BF16: float32 arithmetic with the float32 scalar, RNE back (both products).
/// - FLOAT16: Atlas A2/A3 compute in half with the scalar rounded to half on the scalar unit (RNE, assumed); the
///   Ascend 950 widens to float32 and keeps the float32 scalar.
/// - INT32: Atlas A2/A3 take the scalar's low 32 bits; the Ascend 950's Add and Mul pass it through float (RNE, then
///   truncated toward zero and saturated to int32: the implicit conversion, assumed), its Sub, Maximum, Minimum
///   compute in int64 against the whole scalar and keep the low 32 bits.
/// - Maximum / Minimum: the vector Maxs / Mins (kernels/binary.h kMax / kMin) except the Ascend 950's
///   MinimumScalarList (kMinFirst: ties give x); integers wrap.
inline kern::BinaryParams ForeachListScalarParams(rt::Soc soc, ForeachListScalarOp op, aclDataType x,
                                                  const aclScalar& s) {
    const bool regbase = IsRegBaseSoc(soc);
    kern::BinaryOp bop = kern::BinaryOp::kAdd;
    switch (op) {
        case ForeachListScalarOp::kAdd: bop = kern::BinaryOp::kAdd; break;
        case ForeachListScalarOp::kSub: bop = kern::BinaryOp::kSub; break;
        case ForeachListScalarOp::kMul: bop = kern::BinaryOp::kMul; break;
        case ForeachListScalarOp::kMax: bop = kern::BinaryOp::kMax; break;
        case ForeachListScalarOp::kMin: bop = regbase ? kern::BinaryOp::kMinFirst : kern::BinaryOp::kMin; break;
    }
    if (x != ACL_INT32) {
        const ConvertedScalar f = ConvertScalarTo(s, x == ACL_FLOAT16 && !regbase ? ACL_FLOAT16 : ACL_FLOAT);
        return ForeachScalarParams(bop, x, f.re, 0);
    }
    const int64_t v = ConvertScalarTo(s, ACL_INT64).i;
    const int64_t low32 = static_cast<int32_t>(static_cast<uint32_t>(static_cast<uint64_t>(v)));
    if (!regbase) return ForeachScalarParams(bop, ACL_INT32, 0.0, low32);
    if (op == ForeachListScalarOp::kAdd || op == ForeachListScalarOp::kMul) {
        const float f = static_cast<float>(v);
        const int64_t t = f >= 2147483648.0f ? INT32_MAX : f <= -2147483648.0f ? INT32_MIN : static_cast<int64_t>(f);
        return ForeachScalarParams(bop, ACL_INT32, 0.0, t);
    }
    if (op == ForeachListScalarOp::kSub) return ForeachScalarParams(bop, ACL_INT32, 0.0, low32);  // same bits
    return ForeachScalarParams(bop, ACL_INT64, 0.0, v);  // int64 compare, the low 32 bits stored
}

/// out_i = x_i op scalars_i for an aclScalarList form (the lists x, out are c.lists 0, 1).
inline int PlanForeachListScalar(const ForeachCall& c, ForeachListScalarOp op, const aclScalarList* scalars,
                                 uint64_t* workspaceSize, aclOpExecutor** executor) {
    const int in[] = {0};
    const aclDataType x = c.At(0, 0)->dtype;
    return PlanForeachItems(
        c, 1, in, 1, [&](size_t i) { return ForeachListScalarParams(c.soc, op, x, *scalars->items[i]); },
        workspaceSize, executor);
}

/// The generated aclnn layers' kernel match for two-list forms (aclnnForeachMaximumList / MinimumList), a custom
/// check of the table inside the non-empty branch: opbase compares the first tensor of each dynamic list with the
/// kernel's registrations, so x2[0] of another dtype than x1[0] -> 161002 (the other tensors are the tiling's
/// check, 561002). Returns 0 or 161002.
inline int CheckForeachFirstDtypes(const ForeachCall& c) {
    const aclDataType x = c.lists[0]->items[0]->dtype;
    if (!c.lists[1]->items.empty() && c.lists[1]->items[0]->dtype != x) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s[0] dtype %s does not match the kernel: %s[0] is %s.",
                    c.list_names[1], DtypeName(c.lists[1]->items[0]->dtype), c.list_names[0], DtypeName(x));
    }
    return 0;
}

/// CheckForeachFirstDtypes for an entry with an aclTensor parameter (aclnnForeachAddcmulScalarList's scalars, which
/// CheckForeachScalarsTensor checks).
inline int CheckForeachFirstDtypes(const ForeachCall& c, const aclTensor* /*scalars*/) { return CheckForeachFirstDtypes(c); }

/// The scalars tensor of the per-position value forms (aclnnForeachAddcmulScalarList, AddcdivScalarList:
/// `const aclTensor* scalars`, one value per list position, read at run time), a custom check of the table after the
/// lists' checks: a live aclTensor (161002, beyond CANN), of the list's dtype (the kernels are registered for it
/// alone: `dtype_code`, 161002 where the generated layer's kernel match refuses it, 561103 where the op_api's
/// launcher does), holding one element per tensor of x1 (`count_code`: the Atlas A2/A3 tiling's refusal; the Ascend
/// 950 tiling reads past a short tensor, which aclcpu refuses alike), its view inside its storage (161002, beyond
/// CANN). Returns 0 or the status.
/// `dims_code` (0: not checked) refuses a scalars tensor of more than 8 dimensions before the count (the tilings of
/// aclnnForeachAddcmulList / AddcdivList check both, in that order).
inline int CheckForeachScalarsTensorWith(const ForeachCall& c, const aclTensor* scalars, int dtype_code, int count_code,
                                         int dims_code = 0) {
    static constexpr const char* kName = "scalars";
    if (int ret = engine::CheckTensorArgs(&scalars, &kName, 1)) return ret;
    const aclDataType x = c.lists[0]->items[0]->dtype;
    if (scalars->dtype != x) {
        return Fail(dtype_code, "Tensor scalars dtype %s should be the lists' dtype %s.", DtypeName(scalars->dtype),
                    DtypeName(x));
    }
    if (dims_code != 0 && scalars->view_shape.size() > static_cast<size_t>(kMaxDims)) {
        return Fail(dims_code, "The scalars tensor cannot be larger than %d dimensions, but has %zu.", kMaxDims,
                    scalars->view_shape.size());
    }
    const size_t n = c.lists[0]->items.size();
    if (scalars->numel != static_cast<int64_t>(n)) {
        return Fail(count_code, "The scalars tensor must hold one value per tensor of x1, but holds %lld for %zu.",
                    static_cast<long long>(scalars->numel), n);
    }
    return CheckStorageBounds(*scalars, kName);
}

/// CheckForeachScalarsTensorWith for a generated aclnn layer (aclnnForeachAddcmulScalarList): dtype 161002,
/// count 561002.
inline int CheckForeachScalarsTensor(const ForeachCall& c, const aclTensor* scalars) {
    return CheckForeachScalarsTensorWith(c, scalars, ACLNN_ERR_PARAM_INVALID, ACLNN_ERR_INNER_TILING_ERROR);
}

/// CheckForeachScalarsTensorWith for the generated aclnn layers of aclnnForeachAddcmulList / AddcdivList: dtype
/// 161002 (the kernel match), more than 8 dimensions and a count other than the lists' length 561002 (the tilings of
/// both products check both).
inline int CheckForeachListScalarsTensor(const ForeachCall& c, const aclTensor* scalars) {
    return CheckForeachScalarsTensorWith(c, scalars, ACLNN_ERR_PARAM_INVALID, ACLNN_ERR_INNER_TILING_ERROR,
                                         ACLNN_ERR_INNER_TILING_ERROR);
}

/// CheckForeachScalarsTensorWith for aclnnForeachAddcdivScalarList's op_api, whose launcher refuses both: 561103.
inline int CheckForeachScalarsTensorL0(const ForeachCall& c, const aclTensor* scalars) {
    return CheckForeachScalarsTensorWith(c, scalars, ACLNN_ERR_INNER_NULLPTR, ACLNN_ERR_INNER_NULLPTR);
}

/// out_i = f(x1_i, x2_i, x3_i, scalars[i]) for the per-position value forms (lists x1, x2, x3, out are c.lists 0..3;
/// `params` a kern::IsValueOperandOp operation). The planned call holds the scalars descriptor once per position
/// after the input lists (one prototype argument: aclSetInputTensorAddr re-addresses every copy), each copy
/// narrowed to a one-element view of its position's element (row-major order of the view), the fourth input of
/// that position's sub-problem: the values are read when the second phase runs.
inline int PlanForeachValueTensor(const ForeachCall& c, const aclTensor* scalars, const kern::BinaryParams& params,
                                  uint64_t* workspaceSize, aclOpExecutor** executor) {
    const int n = static_cast<int>(c.size);
    std::vector<const aclTensor*> t(c.t.begin(), c.t.begin() + 3 * n);
    for (int i = 0; i < n; ++i) t.push_back(scalars);
    t.insert(t.end(), c.t.begin() + 3 * n, c.t.end());
    CallArg args[5];
    for (int k = 0; k < 5; ++k) {
        args[k].first = k * n;
        args[k].count = n;
        args[k].list = k != 3;
    }
    const char* const names[] = {c.list_names[0], c.list_names[1], c.list_names[2], "scalars", c.list_names[3]};
    std::vector<engine::ElementwiseListItem> items(c.size);
    for (int i = 0; i < n; ++i) {
        engine::ElementwiseListItem& it = items[static_cast<size_t>(i)];
        it.ops.out = 4 * n + i;
        it.ops.num_inputs = 4;
        for (int k = 0; k < 4; ++k) it.ops.in[k] = k * n + i;
        it.shape = ViewShapeOf(c.At(3, static_cast<size_t>(i)));
        it.kernel = engine::KernelOf(&kern::SelectBinaryRow, params);
    }
    // element i's offset in the scalars view, row-major
    std::vector<int64_t> offsets(c.size);
    for (int i = 0; i < n; ++i) {
        int64_t rest = i, off = scalars->offset;
        for (size_t d = scalars->view_shape.size(); d-- > 0;) {
            const int64_t extent = scalars->view_shape[d];
            off += (rest % extent) * scalars->strides[d];
            rest /= extent;
        }
        offsets[static_cast<size_t>(i)] = off;
    }
    std::vector<const char*> arg_names;
    engine::NamesOfArgs(args, 5, names, static_cast<int>(t.size()), &arg_names);
    for (const engine::ElementwiseListItem& it : items) {
        if (int ret = engine::CheckOutputsApart(t.data(), arg_names.data(), it.ops)) return ret;
    }
    return engine::PublishPlanOfArgs(
        t.data(), static_cast<int>(t.size()), 4 * n, c.api, nullptr, args, 5, names,
        [&](const aclTensor* copies, uint64_t* workspace) -> std::shared_ptr<const OpPlan> {
            // the executor's own copies of the scalars descriptor: each narrowed to its position's element
            aclTensor* views = const_cast<aclTensor*>(copies) + 3 * n;
            for (int i = 0; i < n; ++i) {
                aclTensor& v = views[i];
                v.view_shape.clear();
                v.strides.clear();
                v.offset = offsets[static_cast<size_t>(i)];
                v.numel = 1;
                v.max_index = v.offset;
            }
            return engine::PlanElementwiseList(copies, items.data(), items.size(), workspace);
        },
        workspaceSize, executor);
}

/// The scalar tensor of aclnnForeachAddcdivScalar (V1, a hand-written op_api that never checks it beyond its dtype
/// list), a custom check of the table after the lists' checks: a live aclTensor (161002, beyond CANN); a DOUBLE
/// scalar, which the op_api admits but no kernel is registered for, and a scalar of other than one element (the
/// Atlas A2/A3 tiling's refusal; the Ascend 950 reads element 0) -> 561103 (CANN's launcher fails); its view inside
/// its storage (161002, beyond CANN). Returns 0 or the status.
inline int CheckForeachScalarTensorL0(const ForeachCall& c, const aclTensor* scalar) {
    (void)c;
    static constexpr const char* kName = "scalar";
    if (int ret = engine::CheckTensorArgs(&scalar, &kName, 1)) return ret;
    if (scalar->dtype == ACL_DOUBLE) {
        return Fail(ACLNN_ERR_INNER_NULLPTR, "No kernel takes a DT_DOUBLE scalar tensor: the launch fails.");
    }
    if (scalar->numel != 1) {
        return Fail(ACLNN_ERR_INNER_NULLPTR, "The scalar tensor must hold one element, but its shape is %s.",
                    ShapeString(scalar->view_shape).c_str());
    }
    return CheckStorageBounds(*scalar, kName);
}

/// out_i = f(x1_i, x2_i, x3_i, scalar[0]) for the V1 three-list scalar forms (aclnnForeachAddcmulScalar,
/// aclnnForeachAddcdivScalar: lists x1, x2, x3, out are c.lists 0..3; the one-element scalar tensor the fourth input
/// of every position, read at run time; `params` a kern::IsValueOperandOp operation).
inline int PlanForeachValueScalar(const ForeachCall& c, const aclTensor* scalar, const kern::BinaryParams& params,
                                  uint64_t* workspaceSize, aclOpExecutor** executor) {
    const int n = static_cast<int>(c.size);
    std::vector<const aclTensor*> t(c.t.begin(), c.t.begin() + 3 * n);
    t.push_back(scalar);
    t.insert(t.end(), c.t.begin() + 3 * n, c.t.end());
    CallArg args[5];
    for (int k = 0; k < 5; ++k) {
        args[k].first = k <= 3 ? k * n : 3 * n + 1;
        args[k].count = k == 3 ? 1 : n;
        args[k].list = k != 3;
    }
    const char* const names[] = {c.list_names[0], c.list_names[1], c.list_names[2], "scalar", c.list_names[3]};
    std::vector<engine::ElementwiseListItem> items(c.size);
    for (int i = 0; i < n; ++i) {
        engine::ElementwiseListItem& it = items[static_cast<size_t>(i)];
        it.ops.out = 3 * n + 1 + i;
        it.ops.num_inputs = 4;
        for (int k = 0; k < 3; ++k) it.ops.in[k] = k * n + i;
        it.ops.in[3] = 3 * n;
        it.shape = ViewShapeOf(c.At(3, static_cast<size_t>(i)));
        it.kernel = engine::KernelOf(&kern::SelectBinaryRow, params);
    }
    return engine::PublishElementwiseList(t.data(), static_cast<int>(t.size()), 3 * n + 1, c.api, args, 5, names,
                                          items.data(), items.size(), workspaceSize, executor);
}

/// The planned call of a foreach form whose one-element scalar tensors (the V1 scalar or alpha, read at run time) sit
/// among the lists' tensors: `t` the call's tensors (inputs first, `num_inputs` of them), `args` the prototype's
/// arguments over them, `items` the sub-problems. The executor's copy of each descriptor at `scalar_slots` is
/// narrowed to a 0-d view of its one element (so that it broadcasts against every position's shape, 0-d included;
/// aclSetInputTensorAddr still re-addresses it). Refuses an item whose outputs share memory (161002) before
/// publishing. Returns 0 or 161002; throws std::bad_alloc.
inline int PublishForeachWithScalars(const std::vector<const aclTensor*>& t, int num_inputs, const char* api,
                                     const CallArg* args, int nargs, const char* const* names,
                                     const std::vector<engine::ElementwiseListItem>& items,
                                     std::initializer_list<int> scalar_slots, uint64_t* workspaceSize,
                                     aclOpExecutor** executor) {
    std::vector<const char*> arg_names;
    engine::NamesOfArgs(args, nargs, names, static_cast<int>(t.size()), &arg_names);
    for (const engine::ElementwiseListItem& it : items) {
        if (int ret = engine::CheckOutputsApart(t.data(), arg_names.data(), it.ops)) return ret;
    }
    return engine::PublishPlanOfArgs(
        t.data(), static_cast<int>(t.size()), num_inputs, api, nullptr, args, nargs, names,
        [&](const aclTensor* copies, uint64_t* workspace) -> std::shared_ptr<const OpPlan> {
            for (int slot : scalar_slots) {
                aclTensor& v = const_cast<aclTensor*>(copies)[slot];
                int64_t off = v.offset;  // the one element (every index 0)
                v.view_shape.clear();
                v.strides.clear();
                v.offset = off;
                v.numel = 1;
                v.max_index = off;
            }
            return engine::PlanElementwiseList(copies, items.data(), items.size(), workspace);
        },
        workspaceSize, executor);
}

/// x_i = x_i op scalar[0] in place (aclnnForeachMulScalarInplace, aclnnForeachSubScalarInplace: x the inout list,
/// c.lists[0]; the scalar a one-element tensor read at run time). The planned call: the scalar (the input argument),
/// then x's tensors (the output list; each position also its own first input). `params`: two inputs, x then the
/// scalar.
inline int PlanForeachInplaceScalarTensor(const ForeachCall& c, const aclTensor* scalar,
                                          const kern::BinaryParams& params, uint64_t* workspaceSize,
                                          aclOpExecutor** executor) {
    const int n = static_cast<int>(c.size);
    std::vector<const aclTensor*> t;
    t.reserve(static_cast<size_t>(n) + 1);
    t.push_back(scalar);
    t.insert(t.end(), c.t.begin(), c.t.begin() + n);
    CallArg as, ax;
    as.first = 0;
    as.count = 1;
    ax.first = 1;
    ax.count = n;
    ax.list = true;
    ax.input_at = c.args[0].input_at;  // x: CANN's input 0, no output (the op definition)
    const CallArg args[] = {as, ax};
    const char* const names[] = {"scalar", c.list_names[0]};
    std::vector<engine::ElementwiseListItem> items(c.size);
    for (int i = 0; i < n; ++i) {
        engine::ElementwiseListItem& it = items[static_cast<size_t>(i)];
        it.ops.out = 1 + i;
        it.ops.num_inputs = 2;
        it.ops.in[0] = 1 + i;
        it.ops.in[1] = 0;
        it.shape = ViewShapeOf(c.At(0, static_cast<size_t>(i)));
        it.kernel = engine::KernelOf(&kern::SelectBinaryRow, params);
    }
    return PublishForeachWithScalars(t, 1, c.api, args, 2, names, items, {0}, workspaceSize, executor);
}

/// x1_i = f(x1_i, x2_i, alpha[0]) in place (aclnnForeachAddListInplace, aclnnForeachSubListInplace: x2 the input
/// list c.lists[0], x1 the inout list c.lists[1], alpha a one-element tensor read at run time). The planned call: x2's
/// tensors, alpha, then x1's (the output list, each position also its own first input); `params` a ternary
/// operation of kernels/binary.h (operand 1 x1, 2 x2, 3 alpha).
inline int PlanForeachInplaceAlphaTensor(const ForeachCall& c, const aclTensor* alpha, const kern::BinaryParams& params,
                                         uint64_t* workspaceSize, aclOpExecutor** executor) {
    const int n = static_cast<int>(c.size);
    std::vector<const aclTensor*> t(c.t.begin(), c.t.begin() + n);
    t.push_back(alpha);
    t.insert(t.end(), c.t.begin() + n, c.t.begin() + 2 * n);
    CallArg a2, aa, a1;
    a2.first = 0;
    a2.count = n;
    a2.list = true;
    aa.first = n;
    aa.count = 1;
    a1.first = n + 1;
    a1.count = n;
    a1.list = true;
    a1.input_at = c.args[1].input_at;  // x1: CANN's input 0, no output (the op definition)
    const CallArg args[] = {a2, aa, a1};
    const char* const names[] = {c.list_names[0], "alpha", c.list_names[1]};
    std::vector<engine::ElementwiseListItem> items(c.size);
    for (int i = 0; i < n; ++i) {
        engine::ElementwiseListItem& it = items[static_cast<size_t>(i)];
        it.ops.out = n + 1 + i;
        it.ops.num_inputs = 3;
        it.ops.in[0] = n + 1 + i;
        it.ops.in[1] = i;
        it.ops.in[2] = n;
        it.shape = ViewShapeOf(c.At(1, static_cast<size_t>(i)));
        it.kernel = engine::KernelOf(&kern::SelectBinaryRow, params);
    }
    return PublishForeachWithScalars(t, n + 1, c.api, args, 3, names, items, {n}, workspaceSize, executor);
}

/// aclnnForeachAddListInplace (sign 1) and aclnnForeachSubListInplace (sign -1), Ascend 950
/// (arch35 foreach_binary_alpha_cast_inplace.h): FLOAT16 / BF16 widened to float32, Muls(x2, alpha) rounded to
/// float32, then Add or Sub, CAST_RINT back; FLOAT the same in float32; INT32 Muls then Add/Sub wrapping. Unlike the
/// V1/V2 out-of-place forms' SIMT kernels there is no FMA: two roundings. Computed as the Addcmul row
/// fma(x2 * alpha rounded, sign, x1) = x1 +- (x2 * alpha rounded), one rounding of the sum (INT32: x1 + x2 * alpha *
/// sign, wrapped), in float32 for every floating list (alpha read as stored: a FLOAT16 alpha widened exactly, a
/// FLOAT one kept).
inline int PlanForeachAlphaListInplace(const ForeachCall& c, const aclTensor* alpha, int sign, uint64_t* workspaceSize,
                                       aclOpExecutor** executor) {
    kern::BinaryParams p{};
    const aclDataType x = c.At(1, 0)->dtype;
    p.compute = x == ACL_INT32 ? ACL_INT32 : ACL_FLOAT;
    p.op = kern::BinaryOp::kAddcmul;
    p.path = kern::AlphaPath::kPlain;
    p.alpha_f = static_cast<float>(sign);
    p.alpha_d = static_cast<double>(sign);
    p.alpha_i = sign;
    return PlanForeachInplaceAlphaTensor(c, alpha, p, workspaceSize, executor);
}

/// The in-place two-list forms' kernel match (aclnnForeachMulListInplace, DivListInplace, AddListInplace,
/// SubListInplace: x2 the input list c.lists[0], x1 the inout list c.lists[1]), a custom check of the table inside the
/// non-empty branch of x1: opbase compares the first tensor of each dynamic list with the kernel's registrations, so
/// x2[0] of another dtype than x1[0] -> 161002 (the other tensors are the tiling's check, 561002; an empty x2 is left
/// to the length check). Returns 0 or 161002.
inline int CheckForeachInplaceFirstDtypes(const ForeachCall& c) {
    const aclDataType x = c.lists[1]->items[0]->dtype;
    if (!c.lists[0]->items.empty() && c.lists[0]->items[0]->dtype != x) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s[0] dtype %s does not match the kernel: %s[0] is %s.",
                    c.list_names[0], DtypeName(c.lists[0]->items[0]->dtype), c.list_names[1], DtypeName(x));
    }
    return 0;
}

/// CheckForeachInplaceFirstDtypes for an entry with an alpha tensor (checked by CheckForeachAlphaTensor).
inline int CheckForeachInplaceFirstDtypes(const ForeachCall& c, const aclTensor* /*alpha*/) {
    return CheckForeachInplaceFirstDtypes(c);
}

/// CheckForeachScalarTensor for a one-element tensor named `alpha` (aclnnForeachAddListInplace, SubListInplace):
/// one element in at most 8 dims (561002, the tiling's refusal), its view inside its storage (161002, beyond CANN).
inline int CheckForeachAlphaTensor(const ForeachCall& c, const aclTensor* alpha) {
    (void)c;
    static constexpr const char* kName = "alpha";
    if (int ret = engine::CheckTensorArgs(&alpha, &kName, 1)) return ret;
    if (alpha->numel != 1 || alpha->view_shape.size() > static_cast<size_t>(kMaxDims)) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR,
                    "The alpha tensor must hold one element in at most %d dimensions, but its shape is %s.", kMaxDims,
                    ShapeString(alpha->view_shape).c_str());
    }
    return CheckStorageBounds(*alpha, kName);
}

}  // namespace aclcpu
