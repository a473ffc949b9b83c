// The custom first-phase checks of the reference-tier entries (ops/operators.yaml `custom` checks whose hooks
// the table's vocabulary cannot express), included by every generated reference-tier translation unit
// (gen_ops.py write_reference_unit). Each hook is int <hook>(const OpCall& c, <the entry's non-tensor
// parameters>): 0 or 161002 with CANN's message. Facts: hicann/ops-nn at e5c3fa93 (matmul/common/op_host/op_api
// matmul_util.cpp - NpuArchMatMulRuleBase, Dav2201MatMulRule, DefaultMatMulRule; cube_util.cpp -
// CheckCubeMathTypeForMm; matmul/mat_mul_v3/op_host/op_api aclnn_mm.cpp, aclnn_addmm.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "common/status.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// Whether the product runs matmul_util's Dav2201 rule (Ascend 950 and Atlas A2/A3) rather than its default rule.
inline bool CubeDav2201Rule(rt::Soc soc) {
    return soc == rt::Soc::kAscend950 || soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93;
}

/// The cube rule's input check (NpuArchMatMulRule::CheckInput): each of matA, matB, bias (when given) and out in
/// the rule's list - FLOAT, FLOAT16, BF16 (Dav2201) or FLOAT, FLOAT16 (default) - named as CANN's message names
/// them; then cubeMathType: on Dav2201 products -1 (FP16FP32_KEEP_DTYPE) is refused outside Atlas A2/A3 and a
/// value outside -1..4 is refused; on the default rule a FLOAT input refuses KEEP_DTYPE (0), USE_HF32 (3) and -1.
inline int CheckCubeInput(const OpCall& c, const aclTensor* matA, const aclTensor* matB, const aclTensor* bias,
                          const aclTensor* out, int cubeMathType) {
    const bool dav2201 = CubeDav2201Rule(c.soc);
    const char* list = dav2201 ? "DT_FLOAT, DT_FLOAT16, DT_BF16" : "DT_FLOAT, DT_FLOAT16";
    auto supported = [&](aclDataType d) {
        return d == ACL_FLOAT || d == ACL_FLOAT16 || (dav2201 && d == ACL_BF16);
    };
    const aclTensor* checked[4] = {matA, matB, bias, out};
    const char* names[4] = {"matA", "matB", "bias", "out"};
    for (int i = 0; i < 4; ++i) {
        if (checked[i] == nullptr || supported(checked[i]->dtype)) continue;
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list [%s].",
                    names[i], DtypeName(checked[i]->dtype), list);
    }
    const bool has_float = matA->dtype == ACL_FLOAT || matB->dtype == ACL_FLOAT;
    if (dav2201) {
        if (cubeMathType == -1 && c.soc == rt::Soc::kAscend950) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Unsupported cubeMathType(FP16FP32_KEEP_DTYPE) for Cube");
        }
        if (cubeMathType < -1 || cubeMathType > 4) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "The value of cubeMathType only support {0: KEEP_DTYPE, 1: ALLOW_FP32_DOWN_PRECISION, 2: "
                        "USE_FP16, 3: USE_HF32, 4: USE_FP32_ADD}, but got %d",
                        cubeMathType);
        }
        return 0;
    }
    if (has_float && (cubeMathType == 3 || cubeMathType == 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The npu arch does not support FP32 for calculations when the cubeMathType is KEEP_DTYPE or "
                    "USE_HF32, please change the setting of cubeMathType or the Dtype of input tensor.");
    }
    if (has_float && cubeMathType == -1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The npu arch does not support FP32 for calculations when the cubeMathType is FP16FP32_KEEP_DTYPE, "
                    "please change the setting of cubeMathType or the Dtype of input tensor.");
    }
    return 0;
}

/// OP_CHECK_WRONG_DIMENSION: the tensor has exactly `dims` dims.
inline int CheckDims(const aclTensor* t, const char* name, size_t dims) {
    if (t->view_shape.size() == dims) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %zu dimension input, but got %s with sizes %s.", dims, name,
                ShapeString(t->view_shape).c_str());
}

// ---- aclnnMm (aclnn_mm.cpp CheckMmInputParams after the null checks); c.t = {self, mat2, out}

/// The cube rule's check of self (matA), mat2 (matB) and out, then the shapes: mat2 and self 2-D, the k-axes
/// equal, out 2-D of [self's m, mat2's n].
inline int CheckMm(const OpCall& c, int8_t cubeMathType) {
    const aclTensor* self = c.t[0];
    const aclTensor* mat2 = c.t[1];
    const aclTensor* out = c.t[2];
    if (int ret = CheckCubeInput(c, self, mat2, nullptr, out, cubeMathType)) return ret;
    if (int ret = CheckDims(mat2, "mat2", 2)) return ret;
    if (int ret = CheckDims(self, "self", 2)) return ret;
    if (self->view_shape[1] != mat2->view_shape[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The k-axis of the two inputs are different, self Kdim[%ld], mat2 Kdim[%ld].",
                    static_cast<long>(self->view_shape[1]), static_cast<long>(mat2->view_shape[0]));
    }
    if (int ret = CheckDims(out, "out", 2)) return ret;
    if (out->view_shape[0] != self->view_shape[0] || out->view_shape[1] != mat2->view_shape[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "output's shape is not match input, out_m[%ld] must be same with self_m[%ld], out_n[%ld] must be "
                    "same with mat2_n[%ld].",
                    static_cast<long>(out->view_shape[0]), static_cast<long>(self->view_shape[0]),
                    static_cast<long>(out->view_shape[1]), static_cast<long>(mat2->view_shape[1]));
    }
    return 0;
}

// ---- aclnnAddmm (aclnn_addmm.cpp CheckInputParams after the null checks); c.t = {self, mat1, mat2, out}

/// The cube rule's check of mat1 (matA), mat2 (matB), self (bias) and out; mat1 and mat2 2-D with equal k-axes;
/// self not FRACTAL_NZ, at most 2-D, not 0-d storage, broadcastable to [m, n]; out [m, n] (when m or n is 0, any
/// empty out).
inline int CheckAddmm(const OpCall& c, const aclScalar* /*beta*/, const aclScalar* /*alpha*/, int8_t cubeMathType) {
    const aclTensor* self = c.t[0];
    const aclTensor* mat1 = c.t[1];
    const aclTensor* mat2 = c.t[2];
    const aclTensor* out = c.t[3];
    if (int ret = CheckCubeInput(c, mat1, mat2, self, out, cubeMathType)) return ret;
    if (int ret = CheckDims(mat1, "mat1", 2)) return ret;
    if (int ret = CheckDims(mat2, "mat2", 2)) return ret;
    if (mat1->view_shape[1] != mat2->view_shape[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The k-axis of the two inputs are different.");
    }
    if (self->format == ACL_FORMAT_FRACTAL_NZ) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The formats of self should be ND, but the actual formats are [%s]",
                    "FRACTAL_NZ");
    }
    if (self->view_shape.size() > 2) return Fail(ACLNN_ERR_PARAM_INVALID, "The dim of self should be less than 3.");
    if (self->storage_shape.empty()) return Fail(ACLNN_ERR_PARAM_INVALID, "Self can not be empty.");
    const int64_t m = mat1->view_shape[0];
    const int64_t n = mat2->view_shape[1];
    const int64_t mn[2] = {m, n};
    engine::BroadcastShape b;
    if (!engine::Broadcast(self->view_shape.data(), self->view_shape.size(), mn, 2, &b) || !b.Equals({m, n})) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor self %s must match the size %s.",
                    ShapeString(self->view_shape).c_str(), ShapeString(mn, 2).c_str());
    }
    if (out->view_shape.size() != 2 && !(m == 0 || n == 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out should be [%ld,%ld], but the current is %s.",
                    static_cast<long>(m), static_cast<long>(n), ShapeString(out->view_shape).c_str());
    }
    if (m == 0 || n == 0) {
        if (out->numel != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out should be [%ld,%ld], but the current is %s.",
                        static_cast<long>(m), static_cast<long>(n), ShapeString(out->view_shape).c_str());
        }
        return 0;
    }
    if (out->view_shape[0] != m || out->view_shape[1] != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out should be [%ld,%ld], but the current is %s.",
                    static_cast<long>(m), static_cast<long>(n), ShapeString(out->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnBatchMatMul (aclnn_batch_matmul.cpp CheckParamsV2 after the null checks); c.t = {self, mat2, out}

/// aclnn_batch_matmul.cpp's shape rule (aclnnBatchMatMul and aclnnBatchMatMulWeightNz): self, mat2, out 3-D; a
/// FRACTAL_NZ mat2 (`mat2_nz`) with k or n of 1 refused; self's last dim mat2's second; the batch dims equal or one
/// of them 1; out [batch, m, n]. Returns 0 or 161002.
inline int CheckBatchMatMulShapes(const aclTensor* self, const aclTensor* mat2, const aclTensor* out, bool mat2_nz) {
    if (int ret = CheckDims(self, "selfTensor", 3)) return ret;
    if (int ret = CheckDims(mat2, "otherTensor", 3)) return ret;
    if (int ret = CheckDims(out, "outTensor", 3)) return ret;
    const std::vector<int64_t>& a = self->view_shape;
    const std::vector<int64_t>& b = mat2->view_shape;
    const std::vector<int64_t>& o = out->view_shape;
    if ((b[1] == 1 || b[2] == 1) && mat2_nz) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The k-axis or n-axis can not be 1.");
    }
    if (a[2] != b[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "self's last dim and mat2's penultimate dim shoule be same, self [%ld], mat2 [%ld].",
                    static_cast<long>(a[2]), static_cast<long>(b[1]));
    }
    if (a[0] != b[0] && a[0] != 1 && b[0] != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "self's first dim and mat2's first dim shoule be same, or at least one of the self's first dim and "
                    "mat2's first dim is 1.Now self [%ld], mat2 [%ld].",
                    static_cast<long>(a[0]), static_cast<long>(b[0]));
    }
    const int64_t batch = a[0] >= b[0] ? a[0] : b[0];
    if (o[1] != a[1] || o[2] != b[2] || o[0] != batch) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "output's shape is not match input, out_m[%ld] must be same with self_m[%ld], out_n[%ld] must be "
                    "same with other_n[%ld], out_batch[%ld] must be same with input_batch[%ld].",
                    static_cast<long>(o[1]), static_cast<long>(a[1]), static_cast<long>(o[2]), static_cast<long>(b[2]),
                    static_cast<long>(o[0]), static_cast<long>(batch));
    }
    return 0;
}


/// The cube rule's check of self (matA), mat2 (matB) and out; self, mat2, out 3-D; self's last dim equal to mat2's
/// second; the batch dims equal or one of them 1; out [batch, m, n]; self and out not FRACTAL_NZ.
inline int CheckBatchMatMul(const OpCall& c, int8_t cubeMathType) {
    const aclTensor* self = c.t[0];
    const aclTensor* mat2 = c.t[1];
    const aclTensor* out = c.t[2];
    if (int ret = CheckCubeInput(c, self, mat2, nullptr, out, cubeMathType)) return ret;
    if (int ret = CheckBatchMatMulShapes(self, mat2, out, mat2->format == ACL_FORMAT_FRACTAL_NZ)) return ret;
    if (self->format == ACL_FORMAT_FRACTAL_NZ || out->format == ACL_FORMAT_FRACTAL_NZ) {
        return Fail(ACLNN_ERR_PARAM_INVALID, " The 'self' or 'out' tensor currently does not support NZ format");
    }
    return 0;
}

// ---- aclnnMatmul (aclnn_matmul.cpp CheckInputParams after the null checks); c.t = {self, mat2, out}

/// torch.matmul's result shape of a and b (1-D operands promoted and their dim dropped; batch dims broadcast), or
/// false when the batch dims do not broadcast. Both at least 1-D.
inline bool MatmulResultShape(const std::vector<int64_t>& a, const std::vector<int64_t>& b, std::vector<int64_t>* out) {
    out->clear();
    if (a.size() == 1 && b.size() == 1) return true;  // a dot product: 0-d
    if (b.size() == 1) {
        out->assign(a.begin(), a.end() - 1);
        return true;
    }
    if (a.size() == 1) {
        out->assign(b.begin(), b.end() - 2);
        out->push_back(b.back());
        return true;
    }
    const std::vector<int64_t> ba(a.begin(), a.end() - 2), bb(b.begin(), b.end() - 2);
    engine::BroadcastShape batch;
    if (!engine::Broadcast(ba.data(), ba.size(), bb.data(), bb.size(), &batch)) return false;
    out->assign(batch.d, batch.d + batch.n);
    out->push_back(a[a.size() - 2]);
    out->push_back(b.back());
    return true;
}

/// The cube rule's check of self (matA), mat2 (matB) and out; then at most 6 dims each, neither 0-d, the k-axes
/// equal, the batch dims broadcastable; self and out not FRACTAL_NZ. Beyond CANN (which does not check it): out's
/// shape must be torch.matmul's result shape of self and mat2.
inline int CheckMatmul(const OpCall& c, int8_t cubeMathType) {
    const aclTensor* self = c.t[0];
    const aclTensor* mat2 = c.t[1];
    const aclTensor* out = c.t[2];
    if (int ret = CheckCubeInput(c, self, mat2, nullptr, out, cubeMathType)) return ret;
    const std::vector<int64_t>& a = self->view_shape;
    const std::vector<int64_t>& b = mat2->view_shape;
    constexpr size_t kMaxMatmulDims = 6;  // MAX_SUPPORT_MATMUL_DIMS_NUMS
    if (a.size() > kMaxMatmulDims) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than %zu dimensions.", kMaxMatmulDims);
    }
    if (b.size() > kMaxMatmulDims) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The mat2 tensor cannot be larger than %zu dimensions.", kMaxMatmulDims);
    }
    if (a.empty() || b.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Matmul not support %s, %s", ShapeString(a).c_str(), ShapeString(b).c_str());
    }
    const int64_t k2 = b.size() <= 2 ? b[0] : b[b.size() - 2];
    if (a.back() != k2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The k-axis of the two inputs are different %s, %s", ShapeString(a).c_str(),
                    ShapeString(b).c_str());
    }
    std::vector<int64_t> want;
    if (!MatmulResultShape(a, b, &want)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Broadcast %s and %s failed.", ShapeString(a).c_str(), ShapeString(b).c_str());
    }
    if (self->format == ACL_FORMAT_FRACTAL_NZ || out->format == ACL_FORMAT_FRACTAL_NZ) {
        return Fail(ACLNN_ERR_PARAM_INVALID, " The 'self' or 'out' tensor currently does not support NZ format");
    }
    if (out->view_shape != want) {  // beyond CANN
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out of shape %s (the matmul of %s and %s), but got %s.",
                    ShapeString(want).c_str(), ShapeString(a).c_str(), ShapeString(b).c_str(),
                    ShapeString(out->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnLayerNorm, aclnnLayerNormWithImplMode (aclnn_layer_norm.cpp CheckParamsWithImplMode after the null
// checks); c.t = {input, weightOptional, biasOptional, out, meanOutOptional, rstdOutOptional}, the optional ones
// NULL when absent.

/// The dtype list: FLOAT16, FLOAT and, on Ascend 950 and Atlas A2/A3, BF16 (GetDtypeSupportList).
inline int CheckLayerNormDtype(const OpCall& c, const aclTensor* t, const char* name) {
    const bool bf16 = CubeDav2201Rule(c.soc);
    if (t->dtype == ACL_FLOAT16 || t->dtype == ACL_FLOAT || (bf16 && t->dtype == ACL_BF16)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list [%s].", name,
                DtypeName(t->dtype), bf16 ? "DT_FLOAT16, DT_FLOAT, DT_BF16" : "DT_FLOAT16, DT_FLOAT");
}

/// OP_CHECK_DTYPE_NOT_SAME.
inline int CheckSameDtype(const aclTensor* a, const char* an, const aclTensor* b, const char* bn) {
    if (a->dtype == b->dtype) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found %s %s and %s %s.", an,
                DtypeName(a->dtype), bn, DtypeName(b->dtype));
}

/// CheckParamsWithImplMode: the input dtypes (weight and bias of input's dtype unless FLOAT, and of one dtype),
/// the output dtypes; at most 8 dims each and normalizedShape at most 8 long; normalizedShape not empty, input at
/// least that many dims, weight and bias exactly that many, input's trailing dims, weight and bias equal to
/// normalizedShape; out input's shape; on Ascend 950 mean and rstd of input's rank with its leading dims and 1s
/// (and equal), elsewhere (beyond CANN, which writes them as the kernel's flat [M] array) holding M elements
/// (the product of input's leading dims); implMode 0, 1 or 2, with 2 (KEEP_FP16) for FLOAT16 tensors only.
inline int CheckLayerNormParams(const OpCall& c, const aclIntArray* normalizedShape, int32_t implMode) {
    const aclTensor* input = c.t[0];
    const aclTensor* weight = c.t[1];
    const aclTensor* bias = c.t[2];
    const aclTensor* out = c.t[3];
    const aclTensor* mean = c.t[4];
    const aclTensor* rstd = c.t[5];
    if (int ret = CheckLayerNormDtype(c, input, "input")) return ret;
    if (weight != nullptr) {
        if (int ret = CheckLayerNormDtype(c, weight, "weightOptional")) return ret;
        if (weight->dtype != ACL_FLOAT) {
            if (int ret = CheckSameDtype(weight, "weightOptional", input, "input")) return ret;
        }
    }
    if (bias != nullptr) {
        if (int ret = CheckLayerNormDtype(c, bias, "biasOptional")) return ret;
        if (bias->dtype != ACL_FLOAT) {
            if (int ret = CheckSameDtype(bias, "biasOptional", input, "input")) return ret;
        }
    }
    if (weight != nullptr && bias != nullptr) {
        if (int ret = CheckSameDtype(weight, "weightOptional", bias, "biasOptional")) return ret;
    }
    if (int ret = CheckLayerNormDtype(c, out, "out")) return ret;
    if (mean != nullptr) {
        if (int ret = CheckLayerNormDtype(c, mean, "meanOutOptional")) return ret;
    }
    if (rstd != nullptr) {
        if (int ret = CheckLayerNormDtype(c, rstd, "rstdOutOptional")) return ret;
    }
    const aclTensor* ranked[6] = {input, out, weight, bias, mean, rstd};
    const char* ranked_names[6] = {"input", "out", "weightOptional", "biasOptional", "meanOutOptional", "rstdOutOptional"};
    for (int i = 0; i < 6; ++i) {
        if (ranked[i] != nullptr && ranked[i]->view_shape.size() > 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %zu dimensions.", ranked_names[i],
                        size_t{8});
        }
    }
    const std::vector<int64_t>& ns = normalizedShape->values;
    if (ns.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnLayerNorm normalizedShape dim [%zu] to not be greater than [%zu] but check failed.",
                    ns.size(), size_t{8});
    }
    if (ns.empty()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected aclnnLayerNorm normalizedShape len [%zu] to be greater than [%zu] but check failed.",
                    ns.size(), size_t{1});
    }
    const std::vector<int64_t>& in = input->view_shape;
    if (in.size() < ns.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The input tensor must have at least %zu dimensions.", ns.size());
    }
    if (weight != nullptr) {
        if (int ret = CheckDims(weight, "weightOptional", ns.size())) return ret;
    }
    if (bias != nullptr) {
        if (int ret = CheckDims(bias, "biasOptional", ns.size())) return ret;
    }
    const size_t begin = in.size() - ns.size();
    for (size_t i = 0; i < ns.size(); ++i) {
        if (ns[i] != in[begin + i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected normalized index [%zu] shape [%ld] be equal to input index [%zu] shape [%ld], but "
                        "failed.",
                        i, static_cast<long>(ns[i]), begin + i, static_cast<long>(in[begin + i]));
        }
        if (weight != nullptr && weight->view_shape[i] != ns[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected normalized index [%zu] shape [%ld] be equal to weight index [%zu] shape [%ld], but "
                        "failed.",
                        i, static_cast<long>(ns[i]), i, static_cast<long>(weight->view_shape[i]));
        }
        if (bias != nullptr && bias->view_shape[i] != ns[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected normalized index [%zu] shape [%ld] be equal to bias index [%zu] shape [%ld], but "
                        "failed.",
                        i, static_cast<long>(ns[i]), i, static_cast<long>(bias->view_shape[i]));
        }
    }
    if (out->view_shape != in) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for input to have same size as tensor for out, but %s does "
                    "not equal %s.", ShapeString(in).c_str(), ShapeString(out->view_shape).c_str());
    }
    int64_t m = 1;
    for (size_t i = 0; i < begin; ++i) m *= in[i];
    const aclTensor* stats[2] = {mean, rstd};
    const char* stat_names[2] = {"meanOutOptional", "rstdOutOptional"};
    for (int k = 0; k < 2; ++k) {
        const aclTensor* s = stats[k];
        if (s == nullptr) continue;
        if (c.soc == rt::Soc::kAscend950) {
            if (s->numel == 0) continue;  // CANN's CheckMeanRstdOutputShape skips an empty one
            const std::vector<int64_t>& ss = s->view_shape;
            if (ss.size() != in.size()) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "Expected %s dimNum [%zu] to be equal to input dimNum [%zu], but check failed.",
                            stat_names[k], ss.size(), in.size());
            }
            for (size_t i = 0; i < begin; ++i) {
                if (ss[i] != in[i]) {
                    return Fail(ACLNN_ERR_PARAM_INVALID,
                                "Expected %s dim [%zu] shape [%ld] to be equal to input dim [%zu] shape [%ld], but "
                                "check failed.",
                                stat_names[k], i, static_cast<long>(ss[i]), i, static_cast<long>(in[i]));
                }
            }
            for (size_t i = begin; i < ss.size(); ++i) {
                if (ss[i] != 1) {
                    return Fail(ACLNN_ERR_PARAM_INVALID,
                                "Expected %s trailing dim [%zu] to be 1 (normalizedShape axis), but got [%ld]. The "
                                "trailing %zu dimensions should all be 1.",
                                stat_names[k], i, static_cast<long>(ss[i]), ns.size());
                }
            }
        } else if (s->numel != m) {  // beyond CANN
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected %s to hold %ld elements (one per normalized row of input %s), but it has shape %s.",
                        stat_names[k], static_cast<long>(m), ShapeString(in).c_str(), ShapeString(s->view_shape).c_str());
        }
    }
    if (c.soc == rt::Soc::kAscend950 && mean != nullptr && rstd != nullptr && mean->numel != 0 && rstd->numel != 0 &&
        mean->view_shape != rstd->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expected meanOutOptional shape to be equal to rstdOutOptional shape, but check failed.");
    }
    if (implMode != 0 && implMode != 1 && implMode != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected implMode to be in [0, 1, 2], but now got [%d].", implMode);
    }
    if (implMode == 2 && (input->dtype != ACL_FLOAT16 || (weight != nullptr && weight->dtype != ACL_FLOAT16) ||
                          (bias != nullptr && bias->dtype != ACL_FLOAT16))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "KEEP_FP16 only support all input dtype float16!");
    }
    return 0;
}

/// aclnnLayerNorm: aclnnLayerNormWithImplMode with implMode 0 (HIGH_PRECISION).
inline int CheckLayerNorm(const OpCall& c, const aclIntArray* normalizedShape, double /*eps*/) {
    return CheckLayerNormParams(c, normalizedShape, 0);
}

inline int CheckLayerNormWithImplMode(const OpCall& c, const aclIntArray* normalizedShape, double /*eps*/,
                                      int32_t implMode) {
    return CheckLayerNormParams(c, normalizedShape, implMode);
}

/// A storage format's name as CANN's messages print it (op::ToString(Format): the name without FORMAT_).
inline const char* FormatName(int32_t f) {
    switch (f) {
        case ACL_FORMAT_NCHW: return "NCHW";
        case ACL_FORMAT_NHWC: return "NHWC";
        case ACL_FORMAT_ND: return "ND";
        case ACL_FORMAT_NC1HWC0: return "NC1HWC0";
        case ACL_FORMAT_FRACTAL_Z: return "FRACTAL_Z";
        case ACL_FORMAT_NC1HWC0_C04: return "NC1HWC0_C04";
        case ACL_FORMAT_HWCN: return "HWCN";
        case ACL_FORMAT_NDHWC: return "NDHWC";
        case ACL_FORMAT_FRACTAL_NZ: return "FRACTAL_NZ";
        case ACL_FORMAT_NCDHW: return "NCDHW";
        case ACL_FORMAT_NDC1HWC0: return "NDC1HWC0";
        case ACL_FRACTAL_Z_3D: return "FRACTAL_Z_3D";
        case ACL_FORMAT_NC: return "NC";
        case ACL_FORMAT_NCL: return "NCL";
        case ACL_FORMAT_FRACTAL_NZ_C0_16: return "FRACTAL_NZ_C0_16";
        case ACL_FORMAT_FRACTAL_NZ_C0_32: return "FRACTAL_NZ_C0_32";
        case ACL_FORMAT_FRACTAL_NZ_C0_2: return "FRACTAL_NZ_C0_2";
        case ACL_FORMAT_FRACTAL_NZ_C0_4: return "FRACTAL_NZ_C0_4";
        case ACL_FORMAT_FRACTAL_NZ_C0_8: return "FRACTAL_NZ_C0_8";
        default: return "UNDEFINED";
    }
}

}  // namespace aclcpu
#include "op/reference_checks_activation.h"
// The family files' custom checks (ops/families/*.yaml `hooks:`), generated by tools/opgen/gen_ops.py.
#include "op/family_hooks.inc"
