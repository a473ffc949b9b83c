// The kernels of aclnnForeachAddList / SubList, V1 (alpha a one-element aclTensor read when the kernel runs) and V2
// (alpha an aclScalar the op_api converts to a tensor): one rule per product and list dtype for the compute dtype,
// the Axpy / Muls path and how the kernel reads alpha (docs/ops/foreach.md §3), shared by the four plan hooks
// (src/op/foreach_{add,sub}_list{,_v2}.cpp). Header-only.
#pragma once

#include <vector>

#include "kernels/binary.h"
#include "op/foreach_arith.h"

namespace aclcpu {

/// The dtype of the kernels' alpha input for a list of dtype x (DtypeScalarToTensor2 of the op definitions, the V2
/// op_apis' ConvertToTensor): FLOAT for BF16 (and FLOAT) lists, INT32 for INT32 / INT16 / INT8 / UINT8, else x's.
inline aclDataType ForeachListAlphaDtype(aclDataType x) {
    if (x == ACL_BF16) return ACL_FLOAT;
    if (x == ACL_INT16 || x == ACL_INT8 || x == ACL_UINT8) return ACL_INT32;
    return x;
}

/// The row parameters of ForeachAddList (sub false) / ForeachSubList (sub true) over list dtype x on `soc`, alpha
/// not yet set (kern::SetAlphaOf sets it from the kernel's alpha value by alpha_read):
/// - AddList, Atlas A2/A3: FLOAT and BF16 Axpy as one float32 FMA (BF16 rounded once, RNE); FLOAT16 the half Axpy
///   (kAxpyNative: the FMA of the half values rounded once to half); INT32 Muls + Add wrapping (kAxpyV2); INT16
///   through float32 Axpy with float(alpha); INT8 / UINT8 through the half Axpy with half(float(alpha)).
/// - AddList, Ascend 950: SIMT x1 + x2 * alpha in float32 read as one FMA, rounded once to x (kAxpy); a FLOAT16
///   alpha by the kernel's decoding (kHalf950); INT32 as A2/A3.
/// - SubList, Atlas A2/A3: FLOAT Axpy(x1, x2, -alpha); FLOAT16 Muls then Sub in half (kMul); BF16 and INT16 through
///   float32 Axpy(-alpha); INT8 / UINT8 through half Muls + Sub; INT32 Muls + Sub wrapping (kMul).
/// - SubList, Ascend 950: SIMT x1 - alpha * x2 as one FMA (kAxpy with -alpha), alpha read as the list's dtype: a
///   BF16 list's FLOAT alpha by its low 16 bits (kBf16LowHalf).
/// INT16 / INT8 / UINT8 have no kernel on the Ascend 950 (the plans refuse them first).
inline kern::BinaryParams ForeachListAlphaParams(rt::Soc soc, aclDataType x, bool sub) {
    const bool regbase = IsRegBaseSoc(soc);
    kern::BinaryParams p{};
    p.op = sub ? kern::BinaryOp::kSub : kern::BinaryOp::kAdd;
    p.compute = x;
    p.path = kern::AlphaPath::kAxpy;
    p.alpha_read = kern::AlphaRead::kFloat;
    switch (x) {
        case ACL_INT32:
            p.path = sub ? kern::AlphaPath::kMul : kern::AlphaPath::kAxpyV2;
            p.alpha_read = kern::AlphaRead::kInt;
            break;
        case ACL_INT16:  // through float32: Axpy with float(alpha), the result cast back
            p.compute = ACL_FLOAT;
            p.alpha_read = kern::AlphaRead::kIntToFloat;
            break;
        case ACL_INT8: case ACL_UINT8:  // through half: Axpy / Muls + Sub with half(float(alpha))
            p.compute = ACL_FLOAT16;
            p.path = sub ? kern::AlphaPath::kMul : kern::AlphaPath::kAxpyNative;
            p.alpha_read = kern::AlphaRead::kIntToHalf;
            break;
        case ACL_FLOAT16:
            if (!regbase) {
                p.path = sub ? kern::AlphaPath::kMul : kern::AlphaPath::kAxpyNative;
            } else if (!sub) {
                p.alpha_read = kern::AlphaRead::kHalf950;
            }
            break;
        case ACL_BF16:
            if (regbase && sub) p.alpha_read = kern::AlphaRead::kBf16LowHalf;
            break;
        default:  // FLOAT: one float32 FMA
            break;
    }
    return p;
}

/// out_i = x1_i (+|-) alpha[0] * x2_i for the V1 forms (aclnnForeachAddList, aclnnForeachSubList: the lists x1, x2,
/// out are c.lists 0, 1, 2; alpha a one-element tensor of ForeachListAlphaDtype, read when the kernel runs). The
/// planned call: x1's tensors, x2's, alpha (an input, narrowed to a 0-d view that broadcasts to every position,
/// PublishForeachWithScalars), then out's; every position's row kAddAlphaOperand / kSubAlphaOperand with operand 3
/// alpha, ForeachListAlphaParams' arithmetic. Beyond CANN, alpha's view outside its storage -> 161002 before anything
/// is planned (the table's checks test its element count, not its view). Returns 0, that status or
/// PublishForeachWithScalars'.
inline int PlanForeachListAlphaTensor(const ForeachCall& c, const aclTensor* alpha, bool sub, uint64_t* workspaceSize,
                                      aclOpExecutor** executor) {
    if (int ret = CheckStorageBounds(*alpha, "alpha")) return ret;
    kern::BinaryParams p = ForeachListAlphaParams(c.soc, c.At(0, 0)->dtype, sub);
    p.op = sub ? kern::BinaryOp::kSubAlphaOperand : kern::BinaryOp::kAddAlphaOperand;
    const int n = static_cast<int>(c.size);
    std::vector<const aclTensor*> t(c.t.begin(), c.t.begin() + 2 * n);
    t.push_back(alpha);
    t.insert(t.end(), c.t.begin() + 2 * n, c.t.begin() + 3 * n);
    CallArg a1, a2, aa, ao;
    a1.first = 0;
    a1.count = n;
    a1.list = true;
    a2.first = n;
    a2.count = n;
    a2.list = true;
    aa.first = 2 * n;
    aa.count = 1;
    ao.first = 2 * n + 1;
    ao.count = n;
    ao.list = true;
    const CallArg args[] = {a1, a2, aa, ao};
    const char* const names[] = {c.list_names[0], c.list_names[1], "alpha", c.list_names[2]};
    std::vector<engine::ElementwiseListItem> items(c.size);
    for (int i = 0; i < n; ++i) {
        engine::ElementwiseListItem& it = items[static_cast<size_t>(i)];
        it.ops.out = 2 * n + 1 + i;
        it.ops.num_inputs = 3;
        it.ops.in[0] = i;
        it.ops.in[1] = n + i;
        it.ops.in[2] = 2 * n;
        it.shape = ViewShapeOf(c.At(2, static_cast<size_t>(i)));
        it.kernel = engine::KernelOf(&kern::SelectBinaryRow, p);
    }
    return PublishForeachWithScalars(t, 2 * n + 1, c.api, args, 4, names, items, {2 * n}, workspaceSize, executor);
}

}  // namespace aclcpu
