// The custom first-phase checks of ops-nn's plain matrix-product operators at the reference tier
// (ops/families/nn_matmul.yaml; docs/ops/nn_matmul.md): Addbmm, Baddbmm (+ Inplace), Mv, Gemm. They reuse the cube
// rule's input check of the main table's matmul entries (CheckCubeInput, CheckDims, CheckSameDtype in
// src/op/reference_checks.h, which includes this file at its end through the generated op/family_hooks.inc). Each
// hook is int <hook>(const OpCall& c, <the entry's non-tensor parameters>): 0, or 161002 with CANN's message.
// Facts: hicann/ops-nn at e5c3fa93 - matmul/batch_mat_mul_v3/op_host/op_api/aclnn_addbmm.cpp, aclnn_baddbmm.cpp;
// matmul/mv/op_host/op_api/aclnn_mv.cpp; matmul/gemm/op_host/op_api/aclnn_gemm.cpp; matmul/common/op_host/op_api
// matmul_util.cpp (CheckBatchDimBroadcast), cube_util.cpp (routeCubeMathType4ToCubeMathType0DAV_2201,
// CheckCubeMathTypeForAddMm, CheckCubeMathTypeForMm, CheckSocSupportDtype).
#pragma once

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "common/status.h"
#include "engine/elementwise.h"
#include "op/foreach_call.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace nnmatmul {

/// cube_util.cpp routeCubeMathType4ToCubeMathType0DAV_2201: on the DAV_2201 arch (Atlas A2/A3 - not the Ascend 950)
/// USE_FP32_ADD (4) is taken as KEEP_DTYPE (0) before any check (Addbmm, Mv, Gemm call it; Baddbmm does not).
inline int RouteCubeMathType4(rt::Soc soc, int cubeMathType) {
    const bool dav2201 = soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93;
    return dav2201 && cubeMathType == 4 ? 0 : cubeMathType;
}

/// IsCubeSupportFp32: DAV_2201 or the Ascend 950 (DAV_3510).
inline bool CubeSupportsFp32(rt::Soc soc) { return CubeDav2201Rule(soc); }

/// cube_util.cpp CheckCubeMathTypeForMm over the dtype the caller promoted (FLOAT when either input is FLOAT, else
/// the first input's): -1, 0, 3, 4 refuse FLOAT and BF16 where the cube has no FP32; 1 and 2 refuse BF16 there;
/// another value is refused everywhere.
inline int CheckCubeMathTypeForMm(rt::Soc soc, aclDataType cube, int cubeMathType) {
    bool allow_fp32 = false;
    switch (cubeMathType) {
        case -1: case 0: case 3: case 4: allow_fp32 = false; break;
        case 1: case 2: allow_fp32 = true; break;
        default:
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "The value of cubeMathType only support {0: KEEP_DTYPE, 1: ALLOW_FP32_DOWN_PRECISION, 2: "
                        "USE_FP16, 3: USE_HF32, 4: USE_FP32_ADD}, but got %d",
                        cubeMathType);
    }
    const bool refused = allow_fp32 ? cube == ACL_BF16 : (cube == ACL_FLOAT || cube == ACL_BF16);
    if (refused && !CubeSupportsFp32(soc)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The soc version does not support bf16 / fp32 for calculations, please change the setting of "
                    "cubeMathType or the Dtype of input tensor.");
    }
    return 0;
}

/// matmul_util.cpp CheckBatchDimBroadcast as the 3-D operators call it: batch1's and batch2's batch dim equal or
/// one of them 1 (the loop reads batch2 at batch1's position; both are 3-D here).
inline bool BatchDimBroadcast(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
    return a[0] == 1 || b[0] == 1 || a[0] == b[0];
}

inline bool BroadcastTo(const std::vector<int64_t>& a, const std::vector<int64_t>& b, std::vector<int64_t>* out) {
    engine::BroadcastShape s;
    if (!engine::Broadcast(a.data(), a.size(), b.data(), b.size(), &s)) return false;
    out->assign(s.d, s.d + s.n);
    return true;
}

}  // namespace nnmatmul

// ---- aclnnAddbmm / aclnnInplaceAddbmm (aclnn_addbmm.cpp CheckInputParams after the null checks);
// c.t = {self, batch1, batch2, out}

/// cubeMathType 4 routed to 0 on Atlas A2/A3; the cube rule's check of batch1 (matA), batch2 (matB), self (bias),
/// out; batch1, batch2 3-D, batch1's k equal to batch2's, batch dims broadcastable; self empty exactly when
/// batch1@batch2's last two dims are; self at most 2-D, broadcastable to [m, n] and no larger; out [m, n]; batch1's
/// format batch2's.
inline int CheckAddbmm(const OpCall& c, const aclScalar* /*beta*/, const aclScalar* /*alpha*/, int8_t cubeMathType) {
    const aclTensor* self = c.t[0];
    const aclTensor* batch1 = c.t[1];
    const aclTensor* batch2 = c.t[2];
    const aclTensor* out = c.t[3];
    const int cmt = nnmatmul::RouteCubeMathType4(c.soc, cubeMathType);
    if (int ret = CheckCubeInput(c, batch1, batch2, self, out, cmt)) return ret;
    if (int ret = CheckDims(batch1, "batch1", 3)) return ret;
    if (int ret = CheckDims(batch2, "batch2", 3)) return ret;
    const std::vector<int64_t>& a = batch1->view_shape;
    const std::vector<int64_t>& b = batch2->view_shape;
    if (a[2] != b[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "batch1's last dim and batch2's penultimate dim shoule be same, batch1 [%ld], batch2 [%ld].",
                    static_cast<long>(a[2]), static_cast<long>(b[1]));
    }
    if (!nnmatmul::BatchDimBroadcast(a, b)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self's batch dim and mat2's batch dim can not broadcast");
    }
    const bool self_empty = self->numel == 0;
    const bool mat_empty = a[1] == 0 || b[2] == 0;
    if (self_empty != mat_empty) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "self and batch1@batch2's last two dims should be both empty or not, self is [%d], batch1@batch2 is "
                    "[%d]",
                    self_empty ? 1 : 0, mat_empty ? 1 : 0);
    }
    if (self->view_shape.size() > 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 2 dimensions.");
    }
    const std::vector<int64_t> mn = {a[1], b[2]};
    std::vector<int64_t> bc;
    if (!nnmatmul::BroadcastTo(self->view_shape, mn, &bc)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of self and batch1@batch2's last two dims can't broadcast.");
    }
    if (bc != out->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out should be %s, but current is %s.", ShapeString(bc).c_str(),
                    ShapeString(out->view_shape).c_str());
    }
    if (bc != mn) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out should be %s, but current is %s.", ShapeString(mn).c_str(),
                    ShapeString(bc).c_str());
    }
    if (batch1->format != batch2->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of batch1 and batch2 should be equal, batch1 [%s], batch2 [%s].",
                    FormatName(batch1->format), FormatName(batch2->format));
    }
    return 0;
}

// ---- aclnnBaddbmm / aclnnInplaceBaddbmm (aclnn_baddbmm.cpp CheckInputParams after the null checks);
// c.t = {self, batch1, batch2, out}

/// The cube rule's check of batch1, batch2, self, out (cubeMathType not routed); batch1, batch2 3-D, the k-axes
/// equal, batch dims broadcastable; self empty exactly when batch1@batch2 is; self broadcastable with [B, m, n]
/// into out's shape, the product not itself broadcast; batch1, batch2, out of one format; cubeMathType above 4, or 4
/// on Ascend910 / Ascend310P, refused (CheckCubeMathTypeForAddMm).
inline int CheckBaddbmm(const OpCall& c, const aclScalar* /*beta*/, const aclScalar* /*alpha*/, int8_t cubeMathType) {
    const aclTensor* self = c.t[0];
    const aclTensor* batch1 = c.t[1];
    const aclTensor* batch2 = c.t[2];
    const aclTensor* out = c.t[3];
    if (int ret = CheckCubeInput(c, batch1, batch2, self, out, cubeMathType)) return ret;
    if (int ret = CheckDims(batch1, "batch1", 3)) return ret;
    if (int ret = CheckDims(batch2, "batch2", 3)) return ret;
    const std::vector<int64_t>& a = batch1->view_shape;
    const std::vector<int64_t>& b = batch2->view_shape;
    if (a[2] != b[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "batch1's last dim and batch2's penultimate dim shoule be same, batch1 [%ld], batch2 [%ld].",
                    static_cast<long>(a[2]), static_cast<long>(b[1]));
    }
    if (!nnmatmul::BatchDimBroadcast(a, b)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "mat1's batch dim and mat2's batch dim can not broadcast");
    }
    const bool self_empty = self->numel == 0;
    const bool mat_empty = a[0] == 0 || a[1] == 0 || b[2] == 0;
    if (self_empty != mat_empty) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "self and batch1@batch2 should be both empty tensors, or not, self is [%d], batch1@batch2 is [%d].",
                    self_empty ? 1 : 0, mat_empty ? 1 : 0);
    }
    const std::vector<int64_t> bmm = {a[0], a[1], b[2]};
    std::vector<int64_t> bc;
    if (!nnmatmul::BroadcastTo(self->view_shape, bmm, &bc)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of self and batch1@batch2 can't broadcast.");
    }
    if (bc != out->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of out should be %s, but current is %s.", ShapeString(bc).c_str(),
                    ShapeString(out->view_shape).c_str());
    }
    if (bc.size() != 3 || (bc[0] != 1 && a[0] == 1) || (bc[1] != 1 && a[1] == 1) || (bc[2] != 1 && b[2] == 1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "batch1@batch2's shape should be same with broadcastShape, broadcastShape [%s], bmmShape [%s]",
                    ShapeString(bc).c_str(), ShapeString(bmm).c_str());
    }
    if (batch1->format != batch2->format || batch1->format != out->format) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Format of all input and output should be equal, batch1 [%s], batch2 [%s], out [%s].",
                    FormatName(batch1->format), FormatName(batch2->format), FormatName(out->format));
    }
    if (cubeMathType > 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The value of cubeMathType only support {0: KEEP_DTYPE, 1: ALLOW_FP32_DOWN_PRECISION, 2: "
                    "USE_FP16, 3: USE_HF32, 4: USE_FP32_ADD}, but got %d",
                    static_cast<int>(cubeMathType));
    }
    if (cubeMathType == 4 && !CubeDav2201Rule(c.soc)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "current platform not support cubeMathType = 4: USE_FP32_ADD.");
    }
    return 0;
}

// ---- aclnnMv (aclnn_mv.cpp CheckInputParams after the null checks); c.t = {self, vec, out}

/// cubeMathType 4 routed to 0 on Atlas A2/A3; out of vec's dtype, a non-empty self of vec's dtype; the cube rule's
/// check of self (matA), vec (matB), out; self 2-D, vec and out 1-D; vec [self's k], out [self's m].
inline int CheckMv(const OpCall& c, int8_t cubeMathType) {
    const aclTensor* self = c.t[0];
    const aclTensor* vec = c.t[1];
    const aclTensor* out = c.t[2];
    const int cmt = nnmatmul::RouteCubeMathType4(c.soc, cubeMathType);
    if (int ret = CheckSameDtype(out, "out", vec, "vec")) return ret;
    if (self->numel != 0) {
        if (int ret = CheckSameDtype(self, "self", vec, "vec")) return ret;
    }
    if (int ret = CheckCubeInput(c, self, vec, nullptr, out, cmt)) return ret;
    if (int ret = CheckDims(self, "self", 2)) return ret;
    if (int ret = CheckDims(vec, "vec", 1)) return ret;
    if (int ret = CheckDims(out, "out", 1)) return ret;
    const std::vector<int64_t> want_vec = {self->view_shape[1]};
    const std::vector<int64_t> want_out = {self->view_shape[0]};
    if (vec->view_shape != want_vec) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for vec to have same size as %s, but got %s.",
                    ShapeString(want_vec).c_str(), ShapeString(vec->view_shape).c_str());
    }
    if (out->view_shape != want_out) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as %s, but got %s.",
                    ShapeString(want_out).c_str(), ShapeString(out->view_shape).c_str());
    }
    return 0;
}

// ---- aclnnGemm (aclnn_gemm.cpp CheckParams after the null checks); c.t = {A, B, C, out}

/// cubeMathType 4 routed to 0 on Atlas A2/A3; A, B, C, out FLOAT, FLOAT16 or BF16, BF16 refused outside Ascend 950
/// and Atlas A2/A3; A and B 2-D with equal k-axes (after transA / transB); C broadcastable to [m, n]; out [m, n]
/// (any empty out when m or n is 0; CANN logs nothing there - aclcpu says why); cubeMathType as
/// CheckCubeMathTypeForMm over FLOAT (either input FLOAT) or A's dtype; every tensor ND.
inline int CheckGemm(const OpCall& c, float /*alpha*/, float /*beta*/, int64_t transA, int64_t transB,
                     int8_t cubeMathType) {
    const aclTensor* A = c.t[0];
    const aclTensor* B = c.t[1];
    const aclTensor* C = c.t[2];
    const aclTensor* out = c.t[3];
    const int cmt = nnmatmul::RouteCubeMathType4(c.soc, cubeMathType);
    const aclTensor* listed[4] = {A, B, C, out};
    const char* names[4] = {"A", "B", "C", "out"};
    for (int i = 0; i < 4; ++i) {
        const aclDataType d = listed[i]->dtype;
        if (d == ACL_FLOAT || d == ACL_FLOAT16 || d == ACL_BF16) continue;
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                    names[i], DtypeName(d), "DT_FLOAT, DT_FLOAT16, DT_BF16");
    }
    if (!CubeDav2201Rule(c.soc) &&
        (A->dtype == ACL_BF16 || B->dtype == ACL_BF16 || C->dtype == ACL_BF16 || out->dtype == ACL_BF16)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Bfloat16 is unsupported by the current SOC version [%s], A is %s, B is %s, C is %s, out is %s",
                    rt::SocName(c.soc), DtypeName(A->dtype), DtypeName(B->dtype), DtypeName(C->dtype),
                    DtypeName(out->dtype));
    }
    if (int ret = CheckDims(A, "A", 2)) return ret;
    if (int ret = CheckDims(B, "B", 2)) return ret;
    const int64_t kA = transA != 0 ? A->view_shape[0] : A->view_shape[1];
    const int64_t kB = transB != 0 ? B->view_shape[1] : B->view_shape[0];
    if (kA != kB) return Fail(ACLNN_ERR_PARAM_INVALID, "The k-axis of the two inputs are different.");
    const int64_t m = transA != 0 ? A->view_shape[1] : A->view_shape[0];
    const int64_t n = transB != 0 ? B->view_shape[0] : B->view_shape[1];
    const std::vector<int64_t> mn = {m, n};
    std::vector<int64_t> bc;
    if (!nnmatmul::BroadcastTo(C->view_shape, mn, &bc) || bc != mn) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The size of tensor C %s must match the size %s.",
                    ShapeString(C->view_shape).c_str(), ShapeString(mn).c_str());
    }
    const bool out_ok = (m == 0 || n == 0) ? out->numel == 0
                                           : (out->view_shape.size() == 2 && out->view_shape == mn);
    if (!out_ok) {  // CANN refuses without a message
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out of shape %s, but got %s.", ShapeString(mn).c_str(),
                    ShapeString(out->view_shape).c_str());
    }
    const aclDataType cube = (A->dtype == ACL_FLOAT || B->dtype == ACL_FLOAT) ? ACL_FLOAT : A->dtype;
    if (int ret = nnmatmul::CheckCubeMathTypeForMm(c.soc, cube, cmt)) return ret;
    if (A->format != ACL_FORMAT_ND || B->format != ACL_FORMAT_ND || C->format != ACL_FORMAT_ND ||
        out->format != ACL_FORMAT_ND) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND");
    }
    return 0;
}

// ---- aclnnAddmv (matmul/addmv/op_host/op_api/aclnn_addmv.cpp CheckParams after CheckNotNull); c.t = {self, mat, vec,
// out}

namespace nnmatmul {

/// addmvDtypeSupportList.
inline bool AddmvListed(aclDataType d) {
    switch (d) {
        case ACL_FLOAT: case ACL_INT32: case ACL_INT64: case ACL_FLOAT16: case ACL_BF16: case ACL_INT16: case ACL_INT8:
        case ACL_UINT8: case ACL_DOUBLE: case ACL_BOOL: return true;
        default: return false;
    }
}

/// |v - 1| > FLT_EPSILON of the scalar's ToFloat (CANN's "not one"); false for an unreadable scalar.
inline bool NotOne(const aclScalar* s) {
    float f = 1.0f;
    ScalarToFloat(*s, &f);
    return std::fabs(f - 1.0f) > std::numeric_limits<float>::epsilon();
}

}  // namespace nnmatmul

/// cubeMathType 4 routed to 0 on Atlas A2/A3. CheckDtypeValid: self, mat, vec, alpha, beta, out in the list.
/// CheckPromoteType: mat and vec promote; alpha (when not 1) with them, beta (when not 1) with self; the two parts
/// promote, castable to out. CheckTensorDimAndSize: self 0-D or 1-D, mat 2-D, vec and out 1-D; mat's k vec's length,
/// mat's m out's length, a 1-D self of m elements (or of 1 with a non-zero alpha). CheckMathType:
/// CheckCubeMathTypeForMm over FLOAT (mat or vec FLOAT) or mat's dtype. CheckFormat: no FRACTAL_NZ tensor.
inline int CheckAddmv(const OpCall& c, const aclScalar* alpha, const aclScalar* beta, int8_t cubeMathType) {
    const aclTensor* self = c.t[0];
    const aclTensor* mat = c.t[1];
    const aclTensor* vec = c.t[2];
    const aclTensor* out = c.t[3];
    const int cmt = nnmatmul::RouteCubeMathType4(c.soc, cubeMathType);
    const char* list = "DT_FLOAT, DT_INT32, DT_INT64, DT_FLOAT16, DT_BF16, DT_INT16, DT_INT8, DT_UINT8, DT_DOUBLE, DT_BOOL";
    const aclDataType dts[6] = {self->dtype, mat->dtype, vec->dtype, alpha->dtype, beta->dtype, out->dtype};
    const char* names[6] = {"self", "mat", "vec", "alpha", "beta", "out"};
    for (int i = 0; i < 6; ++i) {
        if (!nnmatmul::AddmvListed(dts[i])) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.",
                        names[i], DtypeName(dts[i]), list);
        }
    }
    const aclDataType p = PromoteTypes(mat->dtype, vec->dtype);
    if (p == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Mat dtype %s and Vec dtype %s can not promote dtype.", DtypeName(mat->dtype),
                    DtypeName(vec->dtype));
    }
    aclDataType p2 = p;
    if (nnmatmul::NotOne(alpha)) {
        p2 = PromoteTypes(alpha->dtype, p);
        if (p2 == ACL_DT_UNDEFINED) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Alpha dtype %s and Mat/Vec dtype %s can not promote dtype.",
                        DtypeName(alpha->dtype), DtypeName(p));
        }
    }
    aclDataType p3 = self->dtype;
    if (nnmatmul::NotOne(beta)) {
        p3 = PromoteTypes(beta->dtype, self->dtype);
        if (p3 == ACL_DT_UNDEFINED) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s and Beta dtype %s can not promote dtype.",
                        DtypeName(self->dtype), DtypeName(beta->dtype));
        }
    }
    const aclDataType fin = PromoteTypes(p3, p2);
    if (fin == ACL_DT_UNDEFINED) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "part1(beta*self) dtype %s and part2(alpha*(mat@vec)) dtype %s can not promote dtype.",
                    DtypeName(p3), DtypeName(p2));
    }
    if (!CanCast(fin, out->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.", DtypeName(fin),
                    DtypeName(out->dtype));
    }
    const std::vector<int64_t>& s = self->view_shape;
    const std::vector<int64_t>& m = mat->view_shape;
    const std::vector<int64_t>& v = vec->view_shape;
    const std::vector<int64_t>& o = out->view_shape;
    if (s.size() > 1 || m.size() != 2 || v.size() != 1 || o.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Expect input tensor dim [0/1,2,1,1], but receive self [%zu], mat [%zu], vec [%zu], out [%zu].",
                    s.size(), m.size(), v.size(), o.size());
    }
    float af = 0.0f;
    ScalarToFloat(*alpha, &af);
    const bool alpha_zero = std::fabs(af - 0.0f) <= std::numeric_limits<float>::epsilon();
    if (m[1] != v[0] || m[0] != o[0] || (!s.empty() && m[0] != s[0] && (s[0] != 1 || alpha_zero))) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Input tensor shape not satisfy, current shape : self [%s], mat [%s], vec [%s], out [%s].",
                    ShapeString(s).c_str(), ShapeString(m).c_str(), ShapeString(v).c_str(), ShapeString(o).c_str());
    }
    const aclDataType cube = (mat->dtype == ACL_FLOAT || vec->dtype == ACL_FLOAT) ? ACL_FLOAT : mat->dtype;
    if (int ret = nnmatmul::CheckCubeMathTypeForMm(c.soc, cube, cmt)) return ret;
    if (self->format == ACL_FORMAT_FRACTAL_NZ || mat->format == ACL_FORMAT_FRACTAL_NZ ||
        vec->format == ACL_FORMAT_FRACTAL_NZ || out->format == ACL_FORMAT_FRACTAL_NZ) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "One of the tensors ('self', 'mat', 'vec', 'out') does not support NZ format");
    }
    return 0;
}


// ================================================================================== weight layouts and weight-quantised
// matmuls. Facts: hicann/ops-math conversion/trans_data/op_api/aclnn_trans_matmul_weight.cpp; hicann/ops-nn
// matmul/convert_weight_to_int4_pack/op_host/op_api/aclnn_convert_weight_to_int4_pack.cpp;
// matmul/weight_quant_batch_matmul_v2/op_host/op_api/aclnn_weight_quant_batch_matmul_v2.cpp.
namespace nnmatmul {

/// opbase IsContiguous over the view: row-major strides (dims of size 1 free); an empty view is contiguous.
inline bool Contiguous(const aclTensor* t) {
    if (t->numel == 0) return true;
    int64_t expect = 1;
    for (size_t i = t->view_shape.size(); i-- > 0;) {
        if (t->view_shape[i] != 1 && t->strides[i] != expect) return false;
        expect *= t->view_shape[i];
    }
    return true;
}

/// opbase IsTransposeLastTwoDims: the last two dims stored swapped (stride 1 on dim -2, dim -2's size on dim -1), the
/// batch dims dense above them; a [.., 1, 1] view is not transposed.
inline bool TransposedLastTwo(const aclTensor* t) {
    const size_t r = t->view_shape.size();
    if (r < 2) return false;
    const std::vector<int64_t>& d = t->view_shape;
    const std::vector<int64_t>& s = t->strides;
    if (!(s[r - 2] == 1 && s[r - 1] == d[r - 2])) return false;
    int64_t nd = d[r - 1] * d[r - 2];
    for (size_t b = r - 2; b-- > 0;) {
        if (s[b] != nd) return false;
        nd *= d[b];
    }
    return !(d[r - 1] == 1 && d[r - 2] == 1);
}

/// aclnn_weight_quant_batch_matmul_v2.cpp IsTransLastTwoDims: 2-D only, strides (1, rows) ([1, 1] counts).
inline bool TransLastTwo2d(const aclTensor* t) {
    if (t->view_shape.size() != 2) return false;
    return t->strides[0] == 1 && t->strides[1] == t->view_shape[0];
}

inline bool Dav2201(rt::Soc soc) { return soc == rt::Soc::kAscend910B || soc == rt::Soc::kAscend910_93; }
inline bool Dav3510(rt::Soc soc) { return soc == rt::Soc::kAscend950; }
inline bool Dav2002(rt::Soc soc) { return soc == rt::Soc::kAscend310P; }
inline bool IsNz(const aclTensor* t) { return t->format == ACL_FORMAT_FRACTAL_NZ; }

inline std::string DtypeListText(std::initializer_list<aclDataType> l) {
    std::string s;
    for (aclDataType d : l) {
        if (!s.empty()) s += ", ";
        s += DtypeName(d);
    }
    return s;
}

/// OP_CHECK_DTYPE_NOT_SUPPORT: the tensor's dtype in the list.
inline int InDtypes(const aclTensor* t, const char* name, std::initializer_list<aclDataType> l) {
    for (aclDataType d : l) {
        if (t->dtype == d) return 0;
    }
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list %s.", name,
                DtypeName(t->dtype), DtypeListText(l).c_str());
}

inline int DimIn(const aclTensor* t, const char* name, size_t lo, size_t hi) {
    if (t == nullptr) return 0;
    const size_t r = t->view_shape.size();
    if (r >= lo && r <= hi) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "%s's dim should be in range [%zu, %zu]. actual is [%zu].", name, lo, hi, r);
}

inline int FormatNd(const aclTensor* t, const char* name) {
    if (t == nullptr || t->format == ACL_FORMAT_ND) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "%s's format should be ND. actual is [%s].", name, FormatName(t->format));
}

/// l0op::ReFormat(t, ND) then the ND check: only a FRACTAL_NZ tensor keeps its format (and fails there).
inline int FormatNdAfterReformat(const aclTensor* t, const char* name) {
    if (t == nullptr || !IsNz(t)) return 0;
    return FormatNd(t, name);
}

/// The weight as CheckParams sees it after TensorPreProcess: an INT32 weight (or a FLOAT one on the 950) is read as
/// INT4 (FLOAT4_E2M1) with its packed dim (the last, or dim -2 of a 2-D transposed view) 8 times longer.
struct WqWeight {
    aclDataType dtype;
    std::vector<int64_t> shape;
    int32_t format;
};

inline WqWeight WqbmmWeight(rt::Soc soc, const aclTensor* w) {
    WqWeight r{w->dtype, w->view_shape, w->format};
    const bool packed = w->dtype == ACL_INT32 || (Dav3510(soc) && w->dtype == ACL_FLOAT);
    if (packed && r.shape.size() >= 2) {
        const size_t n = r.shape.size();
        if (TransLastTwo2d(w)) r.shape[n - 2] *= 8; else r.shape[n - 1] *= 8;
        r.dtype = w->dtype == ACL_INT32 ? ACL_INT4 : ACL_FLOAT4_E2M1;
    }
    return r;
}

inline int64_t WqK(rt::Soc soc, const WqWeight& w) {
    const size_t n = w.shape.size();
    return (w.format == ACL_FORMAT_FRACTAL_NZ && Dav2002(soc)) ? w.shape[n - 1] : w.shape[n - 2];
}
inline int64_t WqN(rt::Soc soc, const WqWeight& w) {
    const size_t n = w.shape.size();
    return (w.format == ACL_FORMAT_FRACTAL_NZ && Dav2002(soc)) ? w.shape[n - 2] : w.shape[n - 1];
}

inline int64_t NumelOf(const std::vector<int64_t>& s) {
    int64_t n = 1;
    for (int64_t d : s) n *= d;
    return n;
}

}  // namespace nnmatmul

// ---- aclnnTransMatmulWeight (aclnn_trans_matmul_weight.cpp); c.t = {mmWeightRef}

/// CheckFormatValid (storage format ND), then CheckShape (OP_CHECK_MAX_DIM: 8 dims at most).
inline int CheckTransMatmulWeightFormat(const OpCall& c) {
    const aclTensor* w = c.t[0];
    if (w->format != ACL_FORMAT_ND) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "the format of input should be ND. Actual is [%s].", FormatName(w->format));
    }
    if (w->view_shape.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The mmWeightRef tensor cannot be larger than 8 dimensions, but got %zu.",
                    w->view_shape.size());
    }
    return 0;
}

/// After the empty return: INT8 CheckShapeDimV2 (2-6 dims); else CheckShapeDim (2-6 dims on Atlas A2/A3 by
/// SocVersion, exactly 2 elsewhere - the Ascend 950 included).
inline int CheckTransMatmulWeightDims(const OpCall& c) {
    const aclTensor* w = c.t[0];
    const size_t r = w->view_shape.size();
    if (w->dtype == ACL_INT8 || nnmatmul::Dav2201(c.soc)) {
        if (r < 2 || r > 6) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "It is expected that tensorShape has 2-6 dimensions, but got dimensions %zu.",
                        r);
        }
        return 0;
    }
    if (r != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "It is expected that tensorShape has 2 dimensions, but got dimensions %zu.", r);
    }
    return 0;
}

// ---- aclnnConvertWeightToINT4Pack (aclnn_convert_weight_to_int4_pack.cpp ParamsCheck after CheckNotNull);
// c.t = {weight, weightInt4Pack}
inline int CheckConvertWeightToInt4Pack(const OpCall& c) {
    const aclTensor* w = c.t[0];
    const aclTensor* p = c.t[1];
    if (!nnmatmul::Contiguous(w) || !nnmatmul::Contiguous(p)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "the input weight and weightInt4Pack only support contiguous Tensor");
    }
    if (int ret = nnmatmul::InDtypes(w, "weight", {ACL_INT32, ACL_FLOAT})) return ret;
    if (int ret = nnmatmul::InDtypes(p, "weightInt4Pack", {ACL_INT4, ACL_INT32, ACL_FLOAT4_E2M1, ACL_FLOAT})) return ret;
    if ((w->dtype == ACL_INT32 && p->dtype != ACL_INT32 && p->dtype != ACL_INT4) ||
        (w->dtype == ACL_FLOAT && p->dtype != ACL_FLOAT && p->dtype != ACL_FLOAT4_E2M1)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Invalid dtype combination: weight dtype: %s, weightInt4Pack dtype: %s. Supported combination: "
                    "weightInt4Pack dtype DT_INT32 or DT_INT4 with weight dtype DT_INT32. weightInt4Pack dtype DT_FLOAT or "
                    "DT_FLOAT4_E2M1 with weight dtype DT_FLOAT",
                    DtypeName(w->dtype), DtypeName(p->dtype));
    }
    if (w->format != ACL_FORMAT_ND) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "weight's format should be ND. Actual is [%s].", FormatName(w->format));
    }
    if (p->format != ACL_FORMAT_ND && p->format != ACL_FORMAT_FRACTAL_NZ) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "weightInt4Pack's format should be ND/NZ. Actual is [%s].",
                    FormatName(p->format));
    }
    for (const aclTensor* t : {w, p}) {
        const size_t r = t->view_shape.size();
        if (r < 2 || r > 3) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s's dim should be in range [2, 3]. Actual is [%zu].",
                        t == w ? "weight" : "weightInt4Pack", r);
        }
    }
    const size_t wr = w->view_shape.size();
    const size_t pr = p->view_shape.size();
    const int64_t wk = w->view_shape[wr - 2], wn = w->view_shape[wr - 1];
    const int64_t pk = p->view_shape[pr - 2], pn = p->view_shape[pr - 1];
    if (p->dtype == ACL_INT4 || p->dtype == ACL_FLOAT4_E2M1) {
        if (wn % 2 != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "when weightInt4Pack's datatype is int4 or fp4, the last dim of weight should be even, Actual is %ld",
                        static_cast<long>(wn));
        }
        if (wk != pk || wn != pn) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "when weightInt4Pack's datatype is int4, weight's size should be the same as weightInt4Pack's "
                        "size, but [%ld, %ld] does not equal [%ld, %ld]",
                        static_cast<long>(wk), static_cast<long>(wn), static_cast<long>(pk), static_cast<long>(pn));
        }
    }
    if (p->dtype == ACL_INT32 || p->dtype == ACL_FLOAT) {
        if (wn % 8 != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "when weightInt4Pack's datatype is int32 or fp32, the last dim of weight should be a multiple of "
                        "8, Actual is %ld",
                        static_cast<long>(wn));
        }
        if (wk != pk || wn / 8 != pn) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "when weightInt4Pack's datatype is int32 or fp32, weight's size first dim should be the same as "
                        "weightInt4Pack's size first dim, weight's size last dim should be the 8 multiple as "
                        "weightInt4Pack's size last dim but got weight [%ld, %ld], and weightInt4Pack [%ld, %ld]",
                        static_cast<long>(wk), static_cast<long>(wn), static_cast<long>(pk), static_cast<long>(pn));
        }
    }
    if (p->format == ACL_FORMAT_FRACTAL_NZ) {
        // CheckStorageShapeVaild: storage [(g,) n1, k1, 16, c0]
        const std::vector<int64_t>& st = p->storage_shape;
        const size_t sr = st.size();
        if (sr != 4 && sr != 5) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "when weightInt4Pack's datatype is int4 and format is FORMAT_FRACTAL_NZ, weightInt4Pack's storage "
                        "dim num should be [4] or [5], but actual is [%zu]",
                        sr);
        }
        const int64_t s0 = st[sr - 4], s1 = st[sr - 3], s2 = st[sr - 2], s3 = st[sr - 1];
        const int64_t k1 = (pk + 15) / 16;
        const bool dav3510 = nnmatmul::Dav3510(c.soc);
        if (p->dtype == ACL_INT4 || p->dtype == ACL_INT32) {
            const bool i4 = p->dtype == ACL_INT4;
            const int64_t last = i4 ? (dav3510 ? s3 : 64) : (dav3510 ? 2 : 8);
            const int64_t n1 = last == 0 ? 0 : (pn + last - 1) / last;
            if (s0 != n1 || s1 != k1 || s2 != 16 || s3 != last) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "when weightInt4Pack's datatype is %s and format is FORMAT_FRACTAL_NZ, weightInt4Pack's "
                            "storage shape should be [%ld,%ld,%ld,%ld], but actual is [%s]",
                            i4 ? "int4" : "int32", static_cast<long>(n1), static_cast<long>(k1), 16L,
                            static_cast<long>(last), ShapeString(st).c_str());
            }
        }
    }
    return 0;
}

// ---- aclnnWeightQuantBatchMatmulV2 / V3 / Nz; c.t = {x, weight, antiquantScale, antiquantOffsetOptional,
// quantScaleOptional, quantOffsetOptional, biasOptional, y} (optional ones nullptr when absent)

/// CheckSocValid by NpuArch: DAV_2201 (Atlas A2/A3), DAV_3510 (Ascend 950), DAV_2002 (Ascend310P); else 361001.
/// It runs before the NULL checks, where OpCall::soc is not yet set: it reads the active product itself.
inline int CheckWqbmmSoc(const OpCall& /*c*/, int /*antiquantGroupSize*/) {
    const rt::Soc soc = rt::ActiveSoc();
    if (nnmatmul::Dav2201(soc) || nnmatmul::Dav3510(soc) || nnmatmul::Dav2002(soc)) return 0;
    return Fail(ACLNN_ERR_RUNTIME_ERROR, "support for %s is not implemented", rt::SocName(soc));
}

/// V3's CheckSocValid (the same rule; V3's hook signature).
inline int CheckWqbmmV3Soc(const OpCall& c, int antiquantGroupSize, int /*innerPrecise*/) {
    return CheckWqbmmSoc(c, antiquantGroupSize);
}

/// CheckNzSocValid: the Ascend 950 only.
inline int CheckWqbmmNzSoc(const OpCall& /*c*/, int /*antiquantGroupSize*/) {
    const rt::Soc soc = rt::ActiveSoc();  // before the NULL checks: OpCall::soc not yet set
    if (nnmatmul::Dav3510(soc)) return 0;
    return Fail(ACLNN_ERR_RUNTIME_ERROR, "aclnn nz support for %s is not implemented", rt::SocName(soc));
}

namespace nnmatmul {

/// CheckOptionalNotNull: Ascend310P and the Ascend 950 take no quantScale / quantOffset (161001).
inline int WqOptionalNotNull(const OpCall& c) {
    if ((Dav2002(c.soc) || Dav3510(c.soc)) && (c.t[4] != nullptr || c.t[5] != nullptr)) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "Current Soc do not support quantScaleOptional or quantOffsetOptional");
    }
    return 0;
}

/// AclnnWeightQuantBatchMatmulGetWorkspaceSizeCommonProcess's checks: ContiguousCheck, OptionalContiguousCheck, then
/// CheckParams over the preprocessed weight.
inline int WqCommon(const OpCall& c, int group) {
    const rt::Soc soc = c.soc;
    const aclTensor* x = c.t[0];
    const aclTensor* weight = c.t[1];
    const aclTensor* scale = c.t[2];
    const aclTensor* offset = c.t[3];
    const aclTensor* qscale = c.t[4];
    const aclTensor* qoffset = c.t[5];
    const aclTensor* bias = c.t[6];
    const aclTensor* y = c.t[7];
    // ContiguousCheck
    if (!TransposedLastTwo(x) && !Contiguous(x)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "only support x tensor is contiguous or transpose last two dims.");
    }
    const bool wt_view = TransposedLastTwo(weight);
    if (!wt_view && !Contiguous(weight)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "only support weight tensor is contiguous or transpose last two dims.");
    }
    if (IsNz(weight) && Dav2002(soc)) {
        if (!Contiguous(scale)) return Fail(ACLNN_ERR_PARAM_INVALID, "only support antiquantScale tensor is contiguous.");
        if (offset != nullptr && !Contiguous(offset)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "only support antiquantOffsetOptional tensor is contiguous.");
        }
    } else if (Dav3510(soc)) {
        for (const aclTensor* t : {scale, offset}) {
            if (t == nullptr || t->view_shape.size() != 2 || (t->view_shape[0] == 1 && t->view_shape[1] == 1)) continue;
            if (!((wt_view && TransLastTwo2d(t)) || (!wt_view && Contiguous(t)))) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "Invalid value of %s (not consistent with weight): the value of %s must be consistent with "
                            "weight (contiguous or transposed)",
                            t == scale ? "antiquantScale" : "antiquantOffsetOptional",
                            t == scale ? "antiquantScale" : "antiquantOffsetOptional");
            }
        }
    } else {
        if (!wt_view && !Contiguous(scale)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "only support antiquantScale tensor is contiguous or transpose last two dims.");
        }
        if (offset != nullptr && !wt_view && !Contiguous(offset)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "only support antiquantOffsetOptional tensor is contiguous or transpose last two dims.");
        }
    }
    if (!Contiguous(y)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid value of y (not contiguous): the value of y must be contiguous");
    }
    // OptionalContiguousCheck
    if (qscale != nullptr && !Contiguous(qscale)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "only support quantScaleOptional tensor is contiguous.");
    }
    if (qoffset != nullptr && !Contiguous(qoffset)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "only support quantOffsetOptional tensor is contiguous.");
    }
    if (bias != nullptr && !Contiguous(bias)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "only support biasOptional tensor is contiguous.");
    }
    // TensorPreProcess: the packed weight (its PackedWeightPreProcess accepts 2-D only)
    if (weight->dtype == ACL_INT32 || (Dav3510(soc) && weight->dtype == ACL_FLOAT)) {
        if (int ret = DimIn(weight, "weight", 2, 2)) return ret;
    }
    const WqWeight w = WqbmmWeight(soc, weight);
    const aclDataType qdt = qscale != nullptr && qscale->dtype == ACL_INT64 ? ACL_UINT64 : (qscale ? qscale->dtype : ACL_DT_UNDEFINED);
    // BasicParamsCheck: CheckDtypeValid
    if (Dav2201(soc)) {
        if (int ret = InDtypes(x, "x", {ACL_FLOAT16, ACL_BF16})) return ret;
    } else if (Dav3510(soc)) {
        if (int ret = InDtypes(x, "x", {ACL_FLOAT16, ACL_BF16})) return ret;
    } else {
        if (int ret = InDtypes(x, "x", {ACL_FLOAT16})) return ret;
    }
    {
        aclTensor wt = *weight;  // a descriptor copy carrying the preprocessed dtype, for the message
        wt.dtype = w.dtype;
        if (Dav2201(soc)) {
            if (int ret = InDtypes(&wt, "weight", {ACL_INT8, ACL_INT4})) return ret;
            if (int ret = InDtypes(scale, "antiquantScale", {ACL_FLOAT16, ACL_BF16, ACL_UINT64, ACL_INT64})) return ret;
            if (int ret = InDtypes(y, "y", {ACL_FLOAT16, ACL_BF16, ACL_INT8})) return ret;
        } else if (Dav3510(soc)) {
            if (int ret = InDtypes(&wt, "weight",
                                   {ACL_INT8, ACL_INT4, ACL_FLOAT8_E4M3FN, ACL_HIFLOAT8, ACL_FLOAT4_E2M1})) return ret;
            if (int ret = InDtypes(scale, "antiquantScale", {ACL_FLOAT16, ACL_BF16, ACL_FLOAT8_E8M0})) return ret;
            if (int ret = InDtypes(y, "y", {ACL_FLOAT16, ACL_BF16})) return ret;
        } else {
            if (int ret = InDtypes(&wt, "weight", {ACL_INT8})) return ret;
            if (int ret = InDtypes(scale, "antiquantScale", {ACL_FLOAT16})) return ret;
            if (int ret = InDtypes(y, "y", {ACL_FLOAT16})) return ret;
        }
    }
    if (qscale != nullptr && y->dtype != ACL_INT8) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "when quantScaleOptional is not null, y's dtype should be [DT_INT8], actual is [%s].",
                    DtypeName(y->dtype));
    }
    if (qscale == nullptr && y->dtype != x->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "when quantScaleOptional is null, y's dtype should be same as x [%s], actual is [%s].",
                    DtypeName(x->dtype), DtypeName(y->dtype));
    }
    if (IsNz(weight) && Dav3510(soc) && w.dtype != ACL_INT4 && w.dtype != ACL_FLOAT4_E2M1 && w.dtype != ACL_INT8) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Invalid dtype %s of weight: when the format of weight is FRACTAL_NZ, the dtype of weight must be "
                    "INT4, FLOAT4_E2M1, or INT8",
                    DtypeName(w.dtype));
    }
    // CheckDimValid
    const size_t dmax = Dav2002(soc) ? 6 : 2;
    if (int ret = DimIn(x, "x", 2, dmax)) return ret;
    if (int ret = DimIn(weight, "weight", 2, dmax)) return ret;
    if (int ret = DimIn(y, "y", 2, dmax)) return ret;
    // BasicParamsScaleCheck: CheckScaleDtypeValid
    if (offset != nullptr && offset->dtype == ACL_INT32) {
        if (Dav3510(soc)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Invalid dtype DT_INT32 of antiquantOffsetOptional: the dtype of antiquantOffsetOptional must "
                        "be FLOAT16 or BF16");
        }
        if (scale->dtype != ACL_UINT64 && scale->dtype != ACL_INT64) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "antiquantScale's dtype must be DT_UINT64 or DT_INT64 when antiquantOffset's dtype is "
                        "DT_INT32, actual antiquantScale's dtype is [%s].",
                        DtypeName(scale->dtype));
        }
    }
    if (scale->dtype == ACL_UINT64 || scale->dtype == ACL_INT64) {
        if (x->dtype != ACL_FLOAT16) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "x's dtype must be DT_FLOAT16 when antiquantScale's dtype is DT_UINT64/DT_INT64, actual x's "
                        "dtype is [%s].",
                        DtypeName(x->dtype));
        }
        if (w.dtype != ACL_INT8) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "weight's dtype must be DT_INT8 when antiquantScale's dtype is DT_UINT64/DT_INT64,actual "
                        "weight's dtype is [%s].",
                        DtypeName(w.dtype));
        }
        if (offset != nullptr && offset->dtype != ACL_INT32) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "antiquantOffset's dtype must be DT_INT32 when antiquantScale's dtype is DT_UINT64/DT_INT64, "
                        "actual antiquantOffset's dtype is [%s].",
                        DtypeName(offset->dtype));
        }
        if (y->dtype != ACL_FLOAT16) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "y's dtype should be [DT_FLOAT16] when antiquantScale's dtype is [DT_UINT64/DT_INT64], actual "
                        "y's dtype is [%s].",
                        DtypeName(y->dtype));
        }
    } else {
        if (scale->dtype != ACL_FLOAT8_E8M0 && x->dtype != scale->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "x's dtype must be same as antiquantScale's dtype, actual x's dtype is [%s], antiquantScale's "
                        "dtype is [%s].",
                        DtypeName(x->dtype), DtypeName(scale->dtype));
        }
        if (Dav3510(soc) && offset != nullptr &&
            (w.dtype == ACL_FLOAT4_E2M1 || w.dtype == ACL_FLOAT8_E4M3FN || w.dtype == ACL_HIFLOAT8 ||
             w.dtype == ACL_FLOAT)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Invalid value of antiquantOffsetOptional (not null): when the weight dtype is "
                        "FP32/FP4_E2M1/FP8_E4M3/HIFLOAT8, the value of antiquantOffsetOptional must be null");
        }
        if (offset != nullptr && offset->dtype != scale->dtype) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "antiquantOffsetOptional's dtype must be same as antiquantScale's dtype, actual "
                        "antiquantOffsetOptional's dtype is [%s], antiquantScale's dtype is [%s].",
                        DtypeName(offset->dtype), DtypeName(scale->dtype));
        }
    }
    // BasicParamsBiasCheck: CheckBiasDtypeValid, CheckFormatValid, CheckBiasOptionalDimValid
    if (bias != nullptr) {
        if (x->dtype == ACL_FLOAT16 && bias->dtype != ACL_FLOAT16) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "When x dtype is [DF_FLOAT16], biasOptional's dtype should be [DT_FLOAT16], actual is [%s].",
                        DtypeName(bias->dtype));
        }
        if (x->dtype == ACL_BF16) {
            if (Dav3510(soc)) {
                const bool lowp = w.dtype == ACL_FLOAT4_E2M1 || w.dtype == ACL_FLOAT8_E4M3FN || w.dtype == ACL_HIFLOAT8;
                if (lowp && bias->dtype != ACL_BF16) {
                    return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid dtype %s of biasOptional: it should be BF16.",
                                DtypeName(bias->dtype));
                }
                if (!lowp && w.dtype == ACL_INT8 && IsNz(weight) && bias->dtype != ACL_FLOAT) {
                    return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid dtype %s of biasOptional: it should be FLOAT.",
                                DtypeName(bias->dtype));
                }
                if (!lowp && !(w.dtype == ACL_INT8 && IsNz(weight)) && bias->dtype != ACL_BF16 &&
                    bias->dtype != ACL_FLOAT) {
                    return Fail(ACLNN_ERR_PARAM_INVALID,
                                "Invalid dtype %s of biasOptional: the dtype of biasOptional must be FLOAT or BF16",
                                DtypeName(bias->dtype));
                }
            } else if (bias->dtype != ACL_FLOAT) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "biasOptional's dtype should be [DT_FLOAT], actual is [%s].",
                            DtypeName(bias->dtype));
            }
        }
    }
    if (int ret = FormatNdAfterReformat(x, "x")) return ret;
    if (int ret = FormatNd(scale, "antiquantScale")) return ret;
    if (int ret = FormatNdAfterReformat(bias, "biasOptional")) return ret;
    if (int ret = DimIn(bias, "biasOptional", 1, Dav2002(soc) ? 6 : 2)) return ret;
    // BasicOptionalParamsCheck
    if (int ret = FormatNd(offset, "antiquantOffsetOptional")) return ret;
    if (int ret = FormatNd(qscale, "quantScaleOptional")) return ret;
    if (int ret = FormatNd(qoffset, "quantOffsetOptional")) return ret;
    if (int ret = DimIn(scale, "antiquantScale", 1, 2)) return ret;
    if (int ret = DimIn(offset, "antiquantOffsetOptional", 1, 2)) return ret;
    if (int ret = DimIn(qscale, "quantScaleOptional", 1, 2)) return ret;
    if (int ret = DimIn(qoffset, "quantOffsetOptional", 1, 2)) return ret;
    if (qscale == nullptr && qoffset != nullptr) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The sence quantScaleOptional is null and quantOffsetOptional is't null can't support.");
    }
    if (qscale != nullptr && qdt != ACL_UINT64) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The type of quantScaleOptional only supports [UINT64], actual is [%s]. You should call the "
                    "aclnnTransQuantParam() interface.",
                    DtypeName(qscale->dtype));
    }
    // AdvancedWeightParamsCheck: CheckXWeight, CheckXWeightY, CheckShapeValid
    const bool transW = (IsNz(weight) && Dav2002(soc)) ? true : TransposedLastTwo(weight);
    const size_t xr = x->view_shape.size();
    const int64_t kX = x->view_shape[xr - 1];
    const int64_t mX = x->view_shape[xr - 2];
    const int64_t kW = WqK(soc, w);
    const int64_t nW = WqN(soc, w);
    if (kX != kW) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x's k and weight's k should be equal, actual x'k is %ld, weight's k is %ld.",
                    static_cast<long>(kX), static_cast<long>(kW));
    }
    if (kX < 1 || mX < 1 || nW < 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "m,k,n shouldn't be smaller than 1, actual m is %ld, k is %ld, n is %ld.",
                    static_cast<long>(mX), static_cast<long>(kX), static_cast<long>(nW));
    }
    const bool transX = TransposedLastTwo(x);
    if (!Dav2002(soc) && !Dav3510(soc) && (kX > 65535 || nW > 65535 || (transX && mX > 65535))) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "k,n shouldn't be larger than 65535, actual k is %ld, n is %ld. When x is transposed, m shouldn't "
                    "be larger than 65535, actual m is %ld.",
                    static_cast<long>(kX), static_cast<long>(nW), static_cast<long>(mX));
    }
    if (w.dtype == ACL_INT8 && Dav3510(soc) && IsNz(weight) && (kX > 65535 || nW > 65535)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid values %ld, %ld of k, n: the values of k and n can not be larger "
                    "than the max value", static_cast<long>(kX), static_cast<long>(nW));
    }
    if (w.dtype == ACL_INT4) {
        if (transW && (kW & 1) != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "In the int4 scenario, if weight is transposed, k[%ld] should be an even number.",
                        static_cast<long>(kW));
        }
        if (!transW && (nW & 1) != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "In the int4 scenario, if weight is not transposed, n[%ld] should be an even number ",
                        static_cast<long>(nW));
        }
        if (Dav3510(soc) && IsNz(weight) && transW) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Invalid value of weight (FORMAT_FRACTAL_NZ with transposeWeight): when the format of weight "
                        "is FRACTAL_NZ, the value of transposeWeight can not be true on DAV3510");
        }
    }
    const size_t yr = y->view_shape.size();
    const int64_t mY = y->view_shape[yr - 2];
    const int64_t nY = y->view_shape[yr - 1];
    if (Dav2002(soc) && group > 0 && mX * kX > 512000000) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "m*k shouldn't be larger than 512000000, actual m is %ld, k is %ld.",
                    static_cast<long>(mX), static_cast<long>(kX));
    }
    if (mY != mX) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "y's m and x's m should be equal, actual y's m is %ld, x's m is %ld.",
                    static_cast<long>(mY), static_cast<long>(mX));
    }
    if (nY != nW) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "y's n and weight's n should be equal, actual y's n is %ld, weight's n is %ld.",
                    static_cast<long>(nY), static_cast<long>(nW));
    }
    if (Dav2002(soc) && !(xr == 2 && w.shape.size() == 2)) {
        // CheckShapeValid: the batch dims of x and weight broadcast to y's
        std::vector<int64_t> xb(x->view_shape.begin(), x->view_shape.end() - 2);
        std::vector<int64_t> wb(w.shape.begin(), w.shape.end() - 2);
        std::vector<int64_t> yb(y->view_shape.begin(), y->view_shape.end() - 2);
        if (xb.empty()) xb.push_back(1);
        if (wb.empty()) wb.push_back(1);
        if (yb.empty()) yb.push_back(1);
        std::vector<int64_t> bs;
        if (!BroadcastTo(xb, wb, &bs)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Broadcast %s and %s failed.", ShapeString(x->view_shape).c_str(),
                        ShapeString(w.shape).c_str());
        }
        if (bs.size() != yb.size()) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s and %s can't broadcast to %s.", ShapeString(x->view_shape).c_str(),
                        ShapeString(w.shape).c_str(), ShapeString(y->view_shape).c_str());
        }
        for (size_t i = 0; i < bs.size(); ++i) {
            if (yb[i] != bs[i]) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "Output dim %ld is not equal to infered output dim %ld at shape index %zu.",
                            static_cast<long>(yb[i]), static_cast<long>(bs[i]), i);
            }
        }
    }
    // AdvancedAntiquantParamsCheck: CheckAntiquantGroupSize, CheckAntiquantParamShape, CheckMicroScalingCondition
    if (group != 0) {
        if (group < 0) return Fail(ACLNN_ERR_PARAM_INVALID, "cannot support group_size[%d] less than 0.", group);
        if (group % 32 != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "antiquantGroupSize should be an integer multiple of 32, actual is %d.",
                        group);
        }
        if (static_cast<int64_t>(group) + 1 > kX) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "antiquantGroupSize should not be greater than k-1, which is %ld.actual antiquantGroupSize is %d.",
                        static_cast<long>(kX - 1), group);
        }
    }
    {
        const bool nk = IsNz(weight) && Dav2002(soc);
        const size_t sr = scale->view_shape.size();
        int64_t nS = scale->view_shape[sr - 1];
        if (sr == 1 && (group > 0 || (nS != 1 && nS != nW))) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "antiquantScale shape must be [1] or [%ld] and group size is 0 when the size is 1, but it is %s "
                        "and group size is [%d]",
                        static_cast<long>(nW), ShapeString(scale->view_shape).c_str(), group);
        }
        if (sr == 2) {
            const int64_t kS = nk ? scale->view_shape[1] : scale->view_shape[0];
            nS = nk ? scale->view_shape[0] : nS;
            if (group == 0 && (kS != 1 || (nS != nW && nS != 1))) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "antiquantScale shape must be [%ld, %ld] or [1, 1]when the size is 2 and without group size, "
                            "but it is %s",
                            static_cast<long>(nk ? nW : 1), static_cast<long>(nk ? 1 : nW),
                            ShapeString(scale->view_shape).c_str());
            }
            if (group > 0) {
                const int64_t g = (kW + group - 1) / group;
                if (kS != g || nS != nW) {
                    return Fail(ACLNN_ERR_PARAM_INVALID,
                                "antiquantScale shape must be [%ld, %ld] when the size is 2 and with group size, but it "
                                "is %s",
                                static_cast<long>(nk ? nW : g), static_cast<long>(nk ? g : nW),
                                ShapeString(scale->view_shape).c_str());
                }
            }
        }
        if (offset != nullptr && offset->view_shape != scale->view_shape) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Expected tensor for antiquantOffsetOptional to have same size as tensor for antiquantScale, "
                        "but %s does not equal %s.",
                        ShapeString(offset->view_shape).c_str(), ShapeString(scale->view_shape).c_str());
        }
    }
    if (w.dtype == ACL_FLOAT4_E2M1 && scale->dtype == ACL_FLOAT8_E8M0) {
        if (group != 32) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Invalid value %d of antiquantGroupSize: when the quant mode is fp4 micro-scaling, the value of "
                        "antiquantGroupSize must be 32",
                        group);
        }
        if (offset != nullptr) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Invalid value of antiquantOffsetOptional (not null): when the quant mode is fp4 micro-scaling, "
                        "the value of antiquantOffsetOptional must be null");
        }
    }
    // AdvancedShapeParamsCheck: CheckQuantParamShape, CheckBiasShape
    if (qscale != nullptr) {
        const std::vector<int64_t>& q = qscale->view_shape;
        if (q.size() == 1 && q[0] != 0 && q[0] != 1 && q[0] != nW) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "when quantScaleOptional's shape size is 1, it's shape should be [0], [1] or [%ld], actual is %s",
                        static_cast<long>(nW), ShapeString(q).c_str());
        }
        if (q.size() == 2 && (q[0] != 1 || q[1] != nW)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "when quantScaleOptional's shape size is 2, it's shape should be [1, %ld], actual is %s.",
                        static_cast<long>(nW), ShapeString(q).c_str());
        }
        if (qoffset != nullptr && qoffset->view_shape != q) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "expected tensor for quantOffsetOptional to have same size as tensor for quantScaleOptional, "
                        "but %s does not equal %s.",
                        ShapeString(qoffset->view_shape).c_str(), ShapeString(q).c_str());
        }
    }
    if (bias != nullptr) {
        const std::vector<int64_t>& b = bias->view_shape;
        if (b.size() == 1 && b[0] != 0 && b[0] != nW) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "when bias's shape size is 1, it's shape should be [0], or [%ld], actual is %s.",
                        static_cast<long>(nW), ShapeString(b).c_str());
        }
        if (b.size() == 2 && (b[0] != 1 || b[1] != nW)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "when bias's shape size is 2, it's shape should be [1, %ld], actual is %s.",
                        static_cast<long>(nW), ShapeString(b).c_str());
        }
    }
    // AdvancedQuantParamsNullCheckForWeightInt4Nz
    if (w.dtype == ACL_INT4 && IsNz(weight) && (qscale != nullptr || qoffset != nullptr)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Invalid values of weight, y (int4 FRACTAL_NZ, int8): when the dtype of weight is INT4 and the "
                    "format of weight is FRACTAL_NZ, the dtype of y can not be INT8");
    }
    // AdvancedParamsCheck: CheckValForWeightInt4Nz, CheckValForWeightInt8Nz, CheckValForWeightFp4, ...Fp8Hif8
    if (w.dtype == ACL_INT4 && IsNz(weight)) {
        if (group > 0) {
            if (transX || transW) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "when weight's dtype is [int4], weight's format is [FRACTAL_NZ], and antiquantGroupSize is "
                            "larger than 0, x and weight should not be transposed, actual x is [%s], weight is [%s].",
                            transX ? "transposed" : "not transposed", transW ? "transposed" : "not transposed");
            }
            if (group != 128 && group != 64 && !Dav3510(soc)) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "when weight's dtype is [int4], weight's format is [FRACTAL_NZ], antiquantGroupSize should "
                            "be 128 or 64, but actual antiquantGroupSize is [%d].",
                            group);
            }
            if (!Dav3510(soc) && kW % group != 0) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "when weight's dtype is [int4], weight's format is [FRACTAL_NZ], antiquantGroupSize is "
                            "larger than 0,k should be an integer multiple of antiquantGroupSize, actual k is [%ld], "
                            "antiquantGroupSize is [%d].",
                            static_cast<long>(kW), group);
            }
            if (!Dav3510(soc) && nW % 64 != 0) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "when weight's dtype is [int4], weight's format is [FRACTAL_NZ], antiquantGroupSize is "
                            "larger than 0,n should be an integer multiple of 64, actual n is [%ld].",
                            static_cast<long>(nW));
            }
        } else {
            if (scale->numel == 1) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "when weight's dtype is [int4], weight's format is [FRACTAL_NZ], antiquant mode should not "
                            "be per-tensor.");
            }
            if (!transW && !Dav3510(soc)) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "when weight's dtype is [int4], weight's format is [FRACTAL_NZ], and antiquantGroupSize is "
                            "0, weight should be transposed.");
            }
        }
    }
    if (w.dtype == ACL_INT8 && IsNz(weight) && Dav3510(soc)) {
        if (group > 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Invalid value %d of antiquantGroupSize: when the dtype of weight is INT8 and the format of "
                        "weight is FRACTAL_NZ, the value of antiquantGroupSize must be 0",
                        group);
        }
        if (scale->numel == 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Invalid value per-tensor of antiquantScale: when the dtype of weight is INT8 and the format of "
                        "weight is FRACTAL_NZ, the value of antiquantScale can not be per-tensor");
        }
        if (transX) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Invalid value transposed of x: when the dtype of weight is INT8, the format of weight is "
                        "FRACTAL_NZ, and the quant mode is per-channel, the value of x can not be transposed");
        }
    }
    if (w.dtype == ACL_FLOAT4_E2M1 && scale->dtype != ACL_FLOAT8_E8M0 && group == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Invalid value 0 of antiquantGroupSize: when the dtype of weight is FLOAT4_E2M1, quantization mode "
                    "perchannel/pertensor is not supported");
    }
    if (w.dtype == ACL_FLOAT8_E4M3FN || w.dtype == ACL_HIFLOAT8) {
        if (scale->dtype == ACL_FLOAT8_E8M0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Invalid value DT_FLOAT8_E8M0 of antiquantScale: when the dtype of weight is FP8_E4M3FN or "
                        "HIFLOAT8, only perchannel quantization is supported, MX mode is not supported");
        }
        if (group > 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Invalid value %d of antiquantGroupSize: when the dtype of weight is FP8_E4M3FN or HIFLOAT8, only "
                        "perchannel quantization is supported, antiquantGroupSize must be 0",
                        group);
        }
        if (scale->numel == 1 && nW != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Invalid value pertensor of antiquantScale: when the dtype of weight is FP8_E4M3FN or HIFLOAT8, "
                        "only perchannel quantization is supported, pertensor is not supported");
        }
    }
    // CheckContiguous (after CheckParams): on the Ascend 950 x neither transposed nor otherwise non-contiguous
    if (Dav3510(soc) && (transX || !Contiguous(x))) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Invalid value of x (transposed or not contiguous): On DAV3510, the value of x can not be transposed "
                    "and the value of x must be contiguous");
    }
    return 0;
}

/// CheckWeightFormat: on the Ascend 950 the weight of V2 / V3 must be ND.
inline int WqWeightNd(const OpCall& c) {
    const aclTensor* weight = c.t[1];
    if (Dav3510(c.soc) && weight->format != ACL_FORMAT_ND) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid format %s of weight: it should be FORMAT_ND.",
                    FormatName(weight->format));
    }
    return 0;
}

}  // namespace nnmatmul

/// aclnnWeightQuantBatchMatmulV2GetWorkspaceSize after CheckNotNull: CheckOptionalNotNull, CheckWeightFormat, the
/// common process's checks.
inline int CheckWqbmmParams(const OpCall& c, int antiquantGroupSize) {
    if (int ret = nnmatmul::WqOptionalNotNull(c)) return ret;
    if (int ret = nnmatmul::WqWeightNd(c)) return ret;
    return nnmatmul::WqCommon(c, antiquantGroupSize);
}

/// aclnnWeightQuantBatchMatmulV3GetWorkspaceSize: as V2's, CheckInnerPrecise (0 or 1) before the common process.
inline int CheckWqbmmV3Params(const OpCall& c, int antiquantGroupSize, int innerPrecise) {
    if (int ret = nnmatmul::WqOptionalNotNull(c)) return ret;
    if (int ret = nnmatmul::WqWeightNd(c)) return ret;
    if (innerPrecise != 0 && innerPrecise != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "cannot support innerPrecise[%d]。only support 0 or 1.", innerPrecise);
    }
    return nnmatmul::WqCommon(c, antiquantGroupSize);
}

/// aclnnWeightQuantBatchMatmulNzGetWorkspaceSize: CheckOptionalNotNull, the weight FRACTAL_NZ (or FRACTAL_NZ_C0_2; ND
/// accepted here, see below), the common process's checks.
inline int CheckWqbmmNzParams(const OpCall& c, int antiquantGroupSize) {
    if (int ret = nnmatmul::WqOptionalNotNull(c)) return ret;
    const aclTensor* weight = c.t[1];
    // Differs from CANN: an ND weight is accepted too - aclnnTransMatmulWeight keeps weights ND here (its contract),
    // so the programs that prepare their weight with it before this call would otherwise be refused.
    if (weight->format != ACL_FORMAT_FRACTAL_NZ && weight->format != ACL_FORMAT_FRACTAL_NZ_C0_2 &&
        weight->format != ACL_FORMAT_ND) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid format %s of weight: it should be FORMAT_FRACTAL_NZ.",
                    FormatName(weight->format));
    }
    return nnmatmul::WqCommon(c, antiquantGroupSize);
}

// ---- aclnnTransposeBatchMatMul / WeightNz (matmul/transpose_batch_mat_mul/op_api/aclnn_transpose_batch_mat_mul.cpp
// CheckParams after CheckNotNull, then the empty / bias refusals); c.t = {x1, x2, bias, scale, out}
namespace nnmatmul {

inline bool PermIs(const aclIntArray* p, int64_t a, int64_t b, int64_t c) {
    return p->values.size() == 3 && p->values[0] == a && p->values[1] == b && p->values[2] == c;
}

inline int TbmmCheck(const OpCall& c, const aclIntArray* permX1, const aclIntArray* permX2, const aclIntArray* permY,
                     int8_t cubeMathTypeIn, int32_t f, bool weight_nz) {
    const rt::Soc soc = c.soc;
    const aclTensor* x1 = c.t[0];
    const aclTensor* x2 = c.t[1];
    const aclTensor* bias = c.t[2];
    const aclTensor* scale = c.t[3];
    const aclTensor* out = c.t[4];
    const int cmt = RouteCubeMathType4(soc, cubeMathTypeIn);
    if (x1->view_shape.size() != 3 || x2->view_shape.size() != 3) {
        // CANN logs this and returns false (= ACLNN_SUCCESS) from CheckParams; aclcpu refuses the call
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dims of the two inputs should be 3, now they are %s and %s",
                    ShapeString(x1->view_shape).c_str(), ShapeString(x2->view_shape).c_str());
    }
    if (permX1->values.size() != 3 || permX2->values.size() != 3 || permY->values.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The perm parameter must be three-dimensional!");
    }
    if (Dav3510(soc) && cmt == -1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Invalid value -1 of cubeMathType: in DAV_3510 architecture case, the value of cubeMathType cannot "
                    "be -1");
    }
    const aclDataType promote = (x1->dtype == ACL_FLOAT || x2->dtype == ACL_FLOAT) ? ACL_FLOAT : x1->dtype;
    if (int ret = CheckCubeMathTypeForMm(soc, promote, cmt)) return ret;
    if (scale != nullptr && f != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "batch_split_factor should be 1 when the scale is not null.");
    }
    if (IsNz(x1) || IsNz(out)) return Fail(ACLNN_ERR_PARAM_INVALID, "Format of x1 or out can not be FORMAT_FRACTAL_NZ.");
    // CheckDtypeValid
    if (x1->dtype != x2->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x1's dtype [%s] and x2's dtype [%s] are not equal.", DtypeName(x1->dtype),
                    DtypeName(x2->dtype));
    }
    if (IsNz(x2)) {
        if (!Dav2201(soc) && !Dav3510(soc)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "transposebatchmatmulweightnz is unsupported by the current SOC version [%s].",
                        rt::SocName(soc));
        }
        if (int ret = InDtypes(x1, "x1", {ACL_FLOAT16, ACL_BF16})) return ret;
        if (int ret = InDtypes(x2, "x2", {ACL_FLOAT16, ACL_BF16})) return ret;
        if (int ret = InDtypes(out, "out", {ACL_FLOAT16, ACL_BF16, ACL_INT8})) return ret;
        if (scale != nullptr) {
            if (int ret = InDtypes(scale, "scale", {ACL_INT64, ACL_UINT64})) return ret;
            if (int ret = InDtypes(x1, "x1", {ACL_FLOAT16})) return ret;
            if (int ret = InDtypes(x2, "x2", {ACL_FLOAT16})) return ret;
        }
        if (x1->dtype != out->dtype && Dav2201(soc)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "x1's dtype [%s] and out's dtype [%s] are not equal in DAV_2201.",
                        DtypeName(x1->dtype), DtypeName(out->dtype));
        }
    } else {
        if (int ret = InDtypes(x1, "x1", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})) return ret;
        if (int ret = InDtypes(x2, "x2", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})) return ret;
        if (scale != nullptr) {
            if (int ret = InDtypes(scale, "scale", {ACL_INT64, ACL_UINT64})) return ret;
            if (int ret = InDtypes(x1, "x1", {ACL_FLOAT16})) return ret;
            if (int ret = InDtypes(x2, "x2", {ACL_FLOAT16})) return ret;
        }
        if (int ret = InDtypes(out, "out", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8})) return ret;
    }
    // CheckShapeValid: CheckPermLimit
    const bool p1 = PermIs(permX1, 1, 0, 2) || PermIs(permX1, 0, 1, 2);
    const bool p2 = PermIs(permX2, 0, 1, 2) || PermIs(permX2, 0, 2, 1);
    const bool py = PermIs(permY, 1, 0, 2);
    if (!p1) return Fail(ACLNN_ERR_PARAM_INVALID, "the perm of x1 should be [0, 1, 2] or [1, 0, 2].");
    if (!p2) return Fail(ACLNN_ERR_PARAM_INVALID, "the perm of x2 should be [0, 1, 2] or [0, 2, 1].");
    if (!py) return Fail(ACLNN_ERR_PARAM_INVALID, "the perm of y should be [1, 0, 2].");
    const std::vector<int64_t>& s1 = x1->view_shape;
    const std::vector<int64_t>& s2 = x2->view_shape;
    const int64_t k1 = s1[permX1->values[2]];
    const int64_t k2 = s2[permX2->values[1]];
    const int64_t batch = s2[permX2->values[0]];
    const int64_t n = s2[permX2->values[2]];
    if (k1 != k2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The k-axis of the two inputs are different %s, %s", ShapeString(s1).c_str(),
                    ShapeString(s2).c_str());
    }
    if (!Dav3510(soc)) {
        const bool x1t = PermIs(permX1, 1, 0, 2);
        const bool x2t = PermIs(permX2, 0, 2, 1);
        if (n >= 65536 || batch >= 65536) return Fail(ACLNN_ERR_PARAM_INVALID, "Batch and N should be less than 65536.");
        if (!x1t && k1 >= 65536) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "When x1 is not transposed([B,M,K]), K should be less than 65536.");
        }
        if (x1t && (k1 >= 65536 || batch * k1 >= 65536) && (scale != nullptr || f != 1)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "When x1 is transposed([M,B,K]) and Batch * K > 65535, input scale or batch_split_factor != 1 "
                        "are not supported.");
        }
        if (x2t && (scale != nullptr || f != 1 || !x1t)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "When x2 is transposed, input scale or batch_split_factor != 1 are not supported, permX1 must "
                        "be [1,0,2].");
        }
    }
    if (scale != nullptr) {
        if (batch > 0 && std::numeric_limits<int64_t>::max() / batch < n) {
            return Fail(ACLNN_ERR_PARAM_INVALID, " batch mul N > INT64_MAX");
        }
        if (scale->view_shape.size() != 1 || scale->view_shape[0] != batch * n) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "dimTensorScale[%zu] != 1 or the length of the first dim of scale != batch mul N",
                        scale->view_shape.size());
        }
        if (!Dav3510(soc) && scale->view_shape[0] >= 65536) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "batch mul N should be less than 65536.");
        }
    }
    if (f <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "batch_split_factor[%d] should be greater than 0.", f);
    const int64_t b1 = s1[permX1->values[0]];
    if (f > 1 && b1 % f != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "batch_split_factor[%d] should be factor of batch[%ld]", f,
                    static_cast<long>(b1));
    }
    if (IsNz(x2)) {
        if (s2[1] == 1 || s2[2] == 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The k-axis or n-axis can not be 1 when the format is nz.");
        }
        if (x2->storage_shape.size() != 5) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Only supports x2 storageShapeDim is 5, which are [%zu].",
                        x2->storage_shape.size());
        }
    }
    if (weight_nz && !IsNz(x2) && x2->format != ACL_FORMAT_ND) {
        // CANN requires FRACTAL_NZ; ND accepted here (aclnnTransMatmulWeight keeps weights ND - docs/ops/nn_matmul.md)
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of x2 must be FRACTAL_NZ, actual is %s.", FormatName(x2->format));
    }
    if (x1->numel == 0 || x2->numel == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s do not support empty tensor!",
                    weight_nz ? "aclnnTransposeBatchMatMulWeightNz" : "aclnnTransposeBatchMatMul");
    }
    if (bias != nullptr) return Fail(ACLNN_ERR_PARAM_INVALID, "The bias is not support in TBMM.");
    // beyond CANN: the batches equal (TransposeBatchMatMul's infershape), out of the result's shape
    const int64_t m = s1[permX1->values[1]];
    if (b1 != batch) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "batch must be equal, transposed batch of x1 and x2 is %ld, %ld.",
                    static_cast<long>(b1), static_cast<long>(batch));
    }
    std::vector<int64_t> want = {m, batch, n};
    if (scale != nullptr) want = {m, 1, batch * n};
    else if (f > 1) want = {f, m, batch * n / f};
    if (out->view_shape != want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out to have shape %s, but got %s.", ShapeString(want).c_str(),
                    ShapeString(out->view_shape).c_str());
    }
    return 0;
}

}  // namespace nnmatmul

inline int CheckTransposeBatchMatMul(const OpCall& c, const aclIntArray* permX1, const aclIntArray* permX2,
                                     const aclIntArray* permY, int8_t cubeMathType, int32_t batchSplitFactor) {
    return nnmatmul::TbmmCheck(c, permX1, permX2, permY, cubeMathType, batchSplitFactor, false);
}

inline int CheckTransposeBatchMatMulWeightNz(const OpCall& c, const aclIntArray* permX1, const aclIntArray* permX2,
                                             const aclIntArray* permY, int8_t cubeMathType, int32_t batchSplitFactor) {
    return nnmatmul::TbmmCheck(c, permX1, permX2, permY, cubeMathType, batchSplitFactor, true);
}

// ---- aclnnWeightQuantBatchMatmul (V1; aclnn_weight_quant_batch_matmul.cpp CheckParam: every failure 161002);
// c.t = {x1, x2, diagonalMatrix, deqOffset, deqScale, addOffset, mulScale, bias, out}
namespace nnmatmul {

/// m of x1 (its last dim when transposeX1, else dim -2); SelectFixPipe: m <= 64.
inline int64_t WqV1M(const aclTensor* x1, bool transposeX1) {
    const size_t r = x1->view_shape.size();
    if (r < 2) return r == 1 ? x1->view_shape[0] : 0;
    return transposeX1 ? x1->view_shape[r - 1] : x1->view_shape[r - 2];
}

/// CheckOffsetAndScale: 1-D - [1], or [n] without transposeX2; more dims - dim -1 (dim -2 with transposeX2) 1 or n.
inline bool WqV1Broadcast(const aclTensor* t, bool transposeX2, int64_t n) {
    const std::vector<int64_t>& d = t->view_shape;
    if (d.size() == 1) {
        if (transposeX2) return d[0] == 1;
        return d[0] == 1 || d[0] == n;
    }
    if (d.size() > 1) {
        const int64_t v = d[d.size() - (transposeX2 ? 2 : 1)];
        return v == 1 || v == n;
    }
    return true;
}

}  // namespace nnmatmul

/// CheckNotNull: x1, x2, out, then (m <= 64) diagonalMatrix, deqOffset, deqScale - each refused with 161002 (CANN's
/// CheckParam returns ACLNN_ERR_PARAM_INVALID whatever failed).
inline int CheckWqbmmV1Null(const OpCall& c, bool transposeX1, bool, float, float) {
    const char* names[3] = {"x1", "x2", "out"};
    const aclTensor* must[3] = {c.t[0], c.t[1], c.t[8]};
    for (int i = 0; i < 3; ++i) {
        if (must[i] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a proper Tensor but got null for argument %s.", names[i]);
        }
    }
    if (!c.t[0]->view_shape.empty() && nnmatmul::WqV1M(c.t[0], transposeX1) <= 64) {
        const char* fp[3] = {"diagonalMatrix", "deqOffset", "deqScale"};
        for (int i = 0; i < 3; ++i) {
            if (c.t[2 + i] == nullptr) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "Expected a proper Tensor but got null for argument %s.", fp[i]);
            }
        }
    }
    return 0;
}

/// CheckDtypeValid, CheckShapeValid.
inline int CheckWqbmmV1(const OpCall& c, bool transposeX1, bool transposeX2, float, float) {
    const aclTensor* x1 = c.t[0];
    const aclTensor* x2 = c.t[1];
    const aclTensor* diag = c.t[2];
    const aclTensor* deqOffset = c.t[3];
    const aclTensor* deqScale = c.t[4];
    const aclTensor* addOffset = c.t[5];
    const aclTensor* mulScale = c.t[6];
    const aclTensor* bias = c.t[7];
    const aclTensor* out = c.t[8];
    const int64_t m = nnmatmul::WqV1M(x1, transposeX1);
    const bool fixpipe = m <= 64;
    if (int ret = nnmatmul::InDtypes(x1, "x1", {ACL_FLOAT16})) return ret;
    if (int ret = nnmatmul::InDtypes(x2, "x2", {ACL_INT8})) return ret;
    if (bias != nullptr) {
        if (int ret = nnmatmul::InDtypes(bias, "bias", {ACL_FLOAT})) return ret;
    }
    if (fixpipe) {
        if (int ret = nnmatmul::InDtypes(diag, "diagonalMatrix", {ACL_INT8})) return ret;
        if (int ret = nnmatmul::InDtypes(deqOffset, "deqOffset", {ACL_INT32})) return ret;
        if (int ret = nnmatmul::InDtypes(deqScale, "deqScale", {ACL_UINT64})) return ret;
    } else {
        if (addOffset != nullptr) {
            if (int ret = nnmatmul::InDtypes(addOffset, "addOffset", {ACL_FLOAT16})) return ret;
        }
        if (mulScale != nullptr) {
            if (int ret = nnmatmul::InDtypes(mulScale, "mulScale", {ACL_FLOAT16})) return ret;
        }
    }
    if (int ret = nnmatmul::InDtypes(out, "out", {ACL_FLOAT16})) return ret;
    const std::vector<int64_t>& s1 = x1->view_shape;
    const std::vector<int64_t>& s2 = x2->view_shape;
    const std::vector<int64_t>& so = out->view_shape;
    if (s1.size() < 2 || s2.size() < 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The dims of the two inputs should be same or larger than 2,now the shapes are  %s, %s",
                    ShapeString(s1).c_str(), ShapeString(s2).c_str());
    }
    const size_t r1 = s1.size(), r2 = s2.size();
    const int64_t k1 = transposeX1 ? s1[r1 - 2] : s1[r1 - 1];
    const int64_t k2 = transposeX2 ? s2[r2 - 1] : s2[r2 - 2];
    const int64_t n = transposeX2 ? s2[r2 - 2] : s2[r2 - 1];
    if (fixpipe) {
        if (!nnmatmul::WqV1Broadcast(deqOffset, false, n)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "fixpipe Offset's broad cast dim is not equal to one or N, can't broadcast");
        }
        if (!nnmatmul::WqV1Broadcast(deqScale, false, n)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "fixpipe Scale's broad cast dim is not equal to one or N, can't broadcast");
        }
        if (diag->view_shape.size() != 2 || diag->view_shape[0] != 32 || diag->view_shape[1] != 32) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "diagonalMatrix shape is not equal to [32, 32]");
        }
    } else {
        if (addOffset != nullptr && !nnmatmul::WqV1Broadcast(addOffset, transposeX2, n)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "single op Offset's broad cast dim is not equal to one or N, can't broadcast");
        }
        if (mulScale != nullptr && !nnmatmul::WqV1Broadcast(mulScale, transposeX2, n)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "single op Scale's broad cast dim is not equal to one or N, can't broadcast");
        }
    }
    if (bias != nullptr && !bias->view_shape.empty()) {
        const int64_t b = bias->view_shape.back();
        if (b != 1 && b != n) return Fail(ACLNN_ERR_PARAM_INVALID, "Bias shape last dim need equal to 1 or N");
    }
    if (r1 > 8 || r2 > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than 8 dimensions.", r1 > 8 ? "x1" : "x2");
    }
    if (k1 != k2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The k-axis of the two inputs are different %s, %s", ShapeString(s1).c_str(),
                    ShapeString(s2).c_str());
    }
    if (so.size() < 2) {
        // CANN reads out's dims -2 and -1 unchecked; aclcpu refuses an out below 2 dims
        return Fail(ACLNN_ERR_PARAM_INVALID, "The m-axis or n-axis of inputs %s, %s are not match output %s",
                    ShapeString(s1).c_str(), ShapeString(s2).c_str(), ShapeString(so).c_str());
    }
    for (size_t i = 0; i + 2 < so.size(); ++i) {
        if (i >= s1.size() || s1[i] != so[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The shape above 2 dims of input %s is not match output %s",
                        ShapeString(s1).c_str(), ShapeString(so).c_str());
        }
    }
    if (m != so[so.size() - 2] || n != so[so.size() - 1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The m-axis or n-axis of inputs %s, %s are not match output %s",
                    ShapeString(s1).c_str(), ShapeString(s2).c_str(), ShapeString(so).c_str());
    }
    // beyond CANN: the product's batch dims must be out's (ATen's matmul broadcast)
    return 0;
}

// ---- aclnnMatmulEmuSplitWeight (aclnn_matmul_emu_split_weight.cpp CheckParams after CheckNotNull);
// c.t = {x, wHigh, wLow, y}. CANN's OP_LOGE_*_WITH_REASON messages restated as "Invalid ... of ...: <reason>".
inline int CheckMatmulEmuSplitWeight(const OpCall& c, float wLowScale, int8_t yDtype) {
    const aclTensor* x = c.t[0];
    const aclTensor* wh = c.t[1];
    const aclTensor* wl = c.t[2];
    const aclTensor* y = c.t[3];
    const char* names[3] = {"x", "w_high", "w_low"};
    const aclTensor* ins[3] = {x, wh, wl};
    for (int i = 0; i < 3; ++i) {
        if (ins[i]->dtype != ACL_BF16) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid dtype %s of %s: The dtype of %s must be in [DT_BF16]",
                        DtypeName(ins[i]->dtype), names[i], names[i]);
        }
    }
    if (yDtype != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid value %d of yDtype: The value of yDtype must be 0", yDtype);
    }
    if (y->dtype != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid dtype %s of y: The dtype of y must be in [DT_FLOAT]",
                    DtypeName(y->dtype));
    }
    if (x->format != ACL_FORMAT_ND || wh->format != ACL_FORMAT_ND || wl->format != ACL_FORMAT_ND ||
        y->format != ACL_FORMAT_ND) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Invalid formats %d, %d, %d, %d of x, w_high, w_low, y: The formats of x, w_high, w_low, y must be ND",
                    x->format, wh->format, wl->format, y->format);
    }
    if (std::isnan(wLowScale)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid value NaN of wLowScale: The value of wLowScale cannot be NaN");
    }
    if (std::isinf(wLowScale)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid value Inf of wLowScale: The value of wLowScale cannot be Inf");
    }
    if (std::fabs(wLowScale - 0.00390625f) > 1e-7f) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid value %f of wLowScale: The value of wLowScale must be %f",
                    static_cast<double>(wLowScale), 0.00390625);
    }
    const char* all[4] = {"x", "w_high", "w_low", "y"};
    const aclTensor* ts[4] = {x, wh, wl, y};
    for (int i = 0; i < 4; ++i) {
        if (ts[i]->view_shape.size() != 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid shape dim %zu of %s: The shape dim of %s must be 2",
                        ts[i]->view_shape.size(), all[i], all[i]);
        }
    }
    const int64_t m = x->view_shape[0], k = x->view_shape[1];
    const int64_t hk = wh->view_shape[0], n = wh->view_shape[1];
    const int64_t lk = wl->view_shape[0], ln = wl->view_shape[1];
    const int64_t imax = std::numeric_limits<int32_t>::max();
    if (!(m > 0 && m <= imax && n > 0 && n <= imax && k > 0 && k <= imax)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Invalid values %ld, %ld, %ld of m, k, n: The values of m, k, n must be in range (0, INT32_MAX]",
                    static_cast<long>(m), static_cast<long>(k), static_cast<long>(n));
    }
    if (k != hk) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid values %ld, %ld of x K, w_high K: The value of x K must match w_high K",
                    static_cast<long>(k), static_cast<long>(hk));
    }
    if (k != lk) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid values %ld, %ld of x K, w_low K: The value of x K must match w_low K",
                    static_cast<long>(k), static_cast<long>(lk));
    }
    if (n != ln) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Invalid values %ld, %ld of w_high N, w_low N: The value of w_high N must match w_low N",
                    static_cast<long>(n), static_cast<long>(ln));
    }
    if (y->view_shape[0] != m || y->view_shape[1] != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Invalid shape %s of y: The shape of y must be [%ld, %ld]",
                    ShapeString(y->view_shape).c_str(), static_cast<long>(m), static_cast<long>(n));
    }
    return 0;
}

// ---- aclnnCalculateMatmulWeightSize / aclnnCalculateMatmulWeightSizeV2 (hicann/ops-math
// conversion/trans_data/op_api/aclnn_trans_matmul_weight.cpp): host functions, not two-phase operators. The operator
// table cannot express them yet (the generator declares them in aclnn_trans_matmul_weight.h and defines refusing
// stubs); this is their computation, ready for a host-function entry: `v2` false for V1 (FLOAT16's rule, no product
// check, the dims rule by SocVersion), true for V2 (CheckSocValid first, 2-6 dims, no zero dim, the dtype's rule).
namespace nnmatmul {

inline int CalculateMatmulWeightSizeHost(rt::Soc soc, const aclIntArray* tensorShape, bool v2, aclDataType dataType,
                                         uint64_t* weightTensorSize) {
    if (v2 && soc == rt::Soc::kAscend910) {  // CheckSocValid: 310P, 910B, 910_93 or RegBase
        return Fail(ACLNN_ERR_RUNTIME_ERROR, "support for %s is not implemented", rt::SocName(soc));
    }
    if (tensorShape == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper IntArray but got null for argument tensorShape.");
    }
    if (weightTensorSize == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR,
                    "expected a value of type number for argument weightTensorSize but instead found type null.");
    }
    const std::vector<int64_t>& d = tensorShape->values;
    const size_t r = d.size();
    if (v2 || Dav2201(soc)) {
        if (r < 2 || r > 6) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "It is expected that tensorShape has 2-6 dimensions, but got dimensions %zu.", r);
        }
    } else if (r != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "It is expected that tensorShape has 2 dimensions, but got dimensions %zu.",
                    r);
    }
    if (v2) {
        for (int64_t v : d) {
            if (v == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "No zeros are allow in shape");
        }
    }
    const aclDataType dt = v2 ? dataType : ACL_FLOAT16;
    auto align = [](int64_t v, int64_t a) { return (v + a - 1) / a * a; };
    int64_t size = 1;
    for (size_t i = 0; i < r; ++i) {
        if (i + 2 < r) {
            size *= d[i];
        } else if (dt == ACL_FLOAT16 || dt == ACL_BF16) {
            size *= align(d[i], 16);
        } else {
            size *= align(d[i], i + 2 == r ? 16 : 32);
        }
    }
    *weightTensorSize = static_cast<uint64_t>(size);
    return 0;
}

}  // namespace nnmatmul

// ---- aclnnFusedMatmul (matmul/fused_mat_mul/op_host/op_api/aclnn_fused_matmul.cpp CheckParams);
// c.t = {x1, x2, bias, x3, y}

namespace nnmatmul {

inline bool FusedIn(const char* t, std::initializer_list<const char*> l) {
    if (t == nullptr) return false;
    for (const char* x : l) {
        if (std::strcmp(t, x) == 0) return true;
    }
    return false;
}

/// OP_CHECK_MAX_DIM / OP_CHECK_MIN_DIM's messages.
inline int FusedDims(const aclTensor* t, const char* name, size_t lo, size_t hi) {
    const size_t d = t->view_shape.size();
    if (d > hi) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than %zu dimensions.", name, hi);
    }
    if (d < lo) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor must have at least %zu dimensions.", name, lo);
    }
    return 0;
}

}  // namespace nnmatmul

/// CheckFusedOpType, then CheckNotNull: x1, x2 NULL; a bias with an op type outside "", 16cast32, relu, add, mul
/// (161001); x3 NULL for add / mul; y NULL (161001 each). Runs before the table's generic checks (CANN's order).
inline int CheckFusedMatmulNull(const OpCall& c, const char* fusedOpType, int8_t /*cubeMathType*/) {
    using nnmatmul::FusedIn;
    if (fusedOpType == nullptr) return Fail(ACLNN_ERR_PARAM_INVALID, "fusedOpType is nullptr");
    if (!FusedIn(fusedOpType, {"", "16cast32", "add", "mul", "gelu_erf", "gelu_tanh", "relu"})) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "fusedOpType must be in the type of /16cast32/add/mul/gelu_erf/gelu_tanh/relu");
    }
    const char* names[2] = {"x1", "x2"};
    for (int i = 0; i < 2; ++i) {
        if (c.t[i] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument %s.", names[i]);
        }
    }
    if (c.t[2] != nullptr && !FusedIn(fusedOpType, {"", "16cast32", "relu", "add", "mul"})) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "bias is not supported right now");
    }
    if (FusedIn(fusedOpType, {"add", "mul"}) && c.t[3] == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument x3.");
    }
    if (c.t[4] == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument y.");
    return 0;
}

/// CheckShape (x1, x2 2..3 dims - 2..6 for relu and "" -, of equal rank, y of their rank, batch dims equal without
/// broadcasting, gelu 2-D only, x3 2..3 dims of y's m, n), CheckKZeroBias, CheckBiasShape, CheckDtypeValid, CheckFormat
/// (no NZ), CheckMathType. Beyond CANN (its graph fails later): x1's k different from x2's, y not [batch..., m, n].
inline int CheckFusedMatmul(const OpCall& c, const char* fusedOpType, int8_t cubeMathType) {
    using nnmatmul::FusedIn;
    const aclTensor* x = c.t[0];
    const aclTensor* x2 = c.t[1];
    const aclTensor* bias = c.t[2];
    const aclTensor* x3 = c.t[3];
    const aclTensor* y = c.t[4];
    const bool relu_or_empty = FusedIn(fusedOpType, {"relu", ""});
    const bool gelu = FusedIn(fusedOpType, {"gelu_erf", "gelu_tanh"});
    const size_t hi = relu_or_empty ? 6 : 3;
    if (int r = nnmatmul::FusedDims(x, "x1", 2, hi)) return r;
    if (int r = nnmatmul::FusedDims(x2, "x2", 2, hi)) return r;
    const std::vector<int64_t>& xs = x->view_shape;
    const std::vector<int64_t>& x2s = x2->view_shape;
    const std::vector<int64_t>& ys = y->view_shape;
    if (x2s.size() != xs.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "x dimension and x2 dimension should be the same, but x dimension is %d, x2 dimension is %d.",
                    static_cast<int>(xs.size()), static_cast<int>(x2s.size()));
    }
    if (ys.size() != xs.size()) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "x dimension and y dimension should be the same, but x dimension is %d, y dimension is %d.",
                    static_cast<int>(xs.size()), static_cast<int>(ys.size()));
    }
    const char* op_log = std::strcmp(fusedOpType, "") == 0 ? "empty" : fusedOpType;
    for (size_t i = 0; i + 2 < xs.size(); ++i) {
        if (xs[i] != x2s[i] || xs[i] != ys[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s op type only supports no-broadcast batch shape, but x batch dim[%zu] is %ld, x2 batch "
                        "dim[%zu] is %ld, y batch dim[%zu] is %ld.",
                        op_log, i, static_cast<long>(xs[i]), i, static_cast<long>(x2s[i]), i, static_cast<long>(ys[i]));
        }
    }
    if (gelu && xs.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Parameter x1 of aclnnFusedMatmul has incorrect shape dim %zuD. Reason: The shape dim of x1 must "
                    "be 2D for gelu op type",
                    xs.size());
    }
    if (x3 != nullptr) {
        if (int r = nnmatmul::FusedDims(x3, "x3", 2, 3)) return r;
        const std::vector<int64_t>& s3 = x3->view_shape;
        if (ys.size() == 2 && s3 != ys) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Parameters x3, y of aclnnFusedMatmul have incorrect shapes %s, %s. Reason: The shape of x3 "
                        "and y must be the same when y is 2D",
                        ShapeString(s3).c_str(), ShapeString(ys).c_str());
        }
        if (s3.size() == 3 && s3[0] != 1 && s3[0] != ys[0]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Parameters x3 batch, y batch of aclnnFusedMatmul have incorrect values %ld, %ld. Reason: The "
                        "batch of x3 must be 1 or same as the batch of y",
                        static_cast<long>(s3[0]), static_cast<long>(ys[0]));
        }
        if (ys.size() == 3) {
            const int64_t x3m = s3[s3.size() - 2], x3n = s3.back();
            if (x3m != ys[1] || x3n != ys[2]) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "Parameters x3 M/N, y M/N of aclnnFusedMatmul have incorrect values [%ld,%ld], [%ld,%ld]. "
                            "Reason: The last two dimensions of x3 must match the M/N dimensions of y",
                            static_cast<long>(x3m), static_cast<long>(x3n), static_cast<long>(ys[1]),
                            static_cast<long>(ys[2]));
            }
        }
    }
    if (bias != nullptr && xs.back() == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Parameter x1 of aclnnFusedMatmul has incorrect shape %s. Reason: When optional parameter bias "
                    "exists, the K-axis of x1 must be a positive number",
                    ShapeString(xs).c_str());
    }
    if (bias != nullptr && bias->view_shape.size() != 1 && bias->view_shape.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input dim of bias cannot be larger than 2");
    }
    // CheckDtypeValid
    const bool fp32_ok = FusedIn(fusedOpType, {"", "relu", "add", "mul"});
    const char* list = fp32_ok ? "DT_BF16, DT_FLOAT16, DT_FLOAT" : "DT_BF16, DT_FLOAT16";
    auto in_list = [&](aclDataType d) { return d == ACL_BF16 || d == ACL_FLOAT16 || (fp32_ok && d == ACL_FLOAT); };
    auto not_in = [&](const aclTensor* t, const char* name, const char* l) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list [%s].",
                    name, DtypeName(t->dtype), l);
    };
    auto not_match = [&](const aclTensor* t, const char* name, aclDataType want) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", name, DtypeName(want),
                    DtypeName(t->dtype));
    };
    if (!in_list(x->dtype)) return not_in(x, "x1", list);
    if (!in_list(x2->dtype)) return not_in(x2, "x2", list);
    if (x2->dtype != x->dtype) return not_match(x2, "x2", x->dtype);
    if (FusedIn(fusedOpType, {"16cast32"})) {
        if (y->dtype != ACL_FLOAT) return not_in(y, "y", "DT_FLOAT");
    } else {
        if (!in_list(y->dtype)) return not_in(y, "y", list);
        if (y->dtype != x->dtype) return not_match(y, "y", x->dtype);
    }
    if (bias != nullptr && bias->dtype != x->dtype && bias->dtype != ACL_FLOAT) {
        const std::string l = std::string(DtypeName(x->dtype)) + ", DT_FLOAT";
        return not_in(bias, "bias", l.c_str());
    }
    if (x3 != nullptr) {
        if (!in_list(x3->dtype)) return not_in(x3, "x3", list);
        if (x3->dtype != x->dtype) return not_match(x3, "x3", x->dtype);
    }
    // CheckFormat
    const aclTensor* fm[5] = {x, x2, y, bias, x3};
    for (const aclTensor* t : fm) {
        if (t != nullptr && t->format == ACL_FORMAT_FRACTAL_NZ) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Format does not support NZ");
        }
    }
    // CheckMathType
    const aclDataType promoted = (x->dtype == ACL_FLOAT || x2->dtype == ACL_FLOAT) ? ACL_FLOAT : x->dtype;
    if (cubeMathType != 3 && promoted == ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "fusedmatmul is only supported bf16/fp16/hf32, does not support fp32.");
    }
    if (int r = nnmatmul::CheckCubeMathTypeForMm(c.soc, promoted, cubeMathType)) return r;
    // beyond CANN (its graph fails later): the k dims, y's shape
    const int64_t k1 = xs.back(), k2 = x2s[x2s.size() - 2];
    if (k1 != k2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The k-axis of x1 (%ld) and x2 (%ld) should be the same.",
                    static_cast<long>(k1), static_cast<long>(k2));
    }
    if (ys[ys.size() - 2] != xs[xs.size() - 2] || ys.back() != x2s.back()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The shape of y %s should be [..., %ld, %ld].", ShapeString(ys).c_str(),
                    static_cast<long>(xs[xs.size() - 2]), static_cast<long>(x2s.back()));
    }
    if ((x->numel == 0 || x2->numel == 0) && !FusedIn(fusedOpType, {"", "relu", "gelu_erf", "gelu_tanh", "add", "mul"})) {
        return Fail(ACLNN_ERR_INNER_NULLPTR, "fused matmul is not supported empty tensor handle");
    }
    return 0;
}

// ---- aclnnEinsum (matmul/batch_mat_mul_v3/op_host/op_api/aclnn_einsum.cpp); a list shape: c.lists[0] the tensors

namespace nnmatmul {

/// EquationUnification: each letter renamed after the order it first appears in ('a', 'b', ...), the rest kept.
inline std::string EinsumUnified(const char* equation) {
    std::string e = equation;
    char map[256] = {};
    char next = 'a';
    for (char& ch : e) {
        const unsigned char u = static_cast<unsigned char>(ch);
        if (!std::isalpha(u)) continue;
        if (map[u] == 0) map[u] = next++;
        ch = map[u];
    }
    return e;
}

}  // namespace nnmatmul

/// CheckParams and the equation's handler: CheckNotNull (the list, each element, output NULL; equation NULL: 161001),
/// CheckDtypeValid (each element in the product's list - FLOAT16, FLOAT, INT16, INT32, INT64, UINT16, UINT32, UINT64
/// on DAV_2201 / the Ascend 950, without FLOAT on Ascend910 / Ascend310P - and ND, then output's dtype), CheckTensorValid
/// (two tensors - CANN logs no error -, all dtypes equal), the unified equation one of "abcd,abced->abce" and
/// "a,b->ab", then its handler's OP_CHECK_WRONG_DIMENSION and shape checks.
inline int CheckEinsum(const ForeachCall& c, const char* equation, aclTensor* output) {
    const aclTensorList* list = c.lists[0];
    if (equation == nullptr) return Fail(ACLNN_ERR_PARAM_NULLPTR, "The equation cannot be nullptr");
    const bool wide = CubeDav2201Rule(c.soc);
    std::vector<aclDataType> dts = {ACL_FLOAT16, ACL_INT16, ACL_INT32, ACL_INT64, ACL_UINT16, ACL_UINT32, ACL_UINT64};
    if (wide) dts.insert(dts.begin() + 1, ACL_FLOAT);
    std::string names = "[";
    for (size_t i = 0; i < dts.size(); ++i) names += std::string(i ? ", " : "") + DtypeName(dts[i]);
    names += "]";
    auto listed = [&](aclDataType d) { return std::find(dts.begin(), dts.end(), d) != dts.end(); };
    for (size_t i = 0; i < list->items.size(); ++i) {
        const aclTensor* t = list->items[i];
        if (!listed(t->dtype)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor (*tensors)[i] not implemented for %s, should be in dtype support list %s.",
                        DtypeName(t->dtype), names.c_str());
        }
        if (t->format != ACL_FORMAT_ND) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "format should be ND, but is [%s].", FormatName(t->format));
        }
    }
    if (!listed(output->dtype)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for %s, should be in dtype support list %s.",
                    DtypeName(output->dtype), names.c_str());
    }
    if (list->items.size() != 2) {
        // CANN logs this at debug level only
        return Fail(ACLNN_ERR_PARAM_INVALID, "invalid tensor number [%zu], should be 2", list->items.size());
    }
    const aclTensor* t0 = list->items[0];
    const aclTensor* t1 = list->items[1];
    if (t0->dtype != t1->dtype || t0->dtype != output->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "all inputs dtype is not equal, please check.");
    }
    const std::string equ = nnmatmul::EinsumUnified(equation);
    auto wrong_dims = [](const aclTensor* t, const char* name, size_t d) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %zu dimension input, but got %s with sizes %s.", d, name,
                    ShapeString(t->view_shape).c_str());
    };
    if (equ == "abcd,abced->abce") {
        if (t0->view_shape.size() != 4) return wrong_dims(t0, "(*tensors)[0]", 4);
        if (t1->view_shape.size() != 5) return wrong_dims(t1, "(*tensors)[1]", 5);
        if (output->view_shape.size() != 4) return wrong_dims(output, "output", 4);
        const std::vector<int64_t>& a = t0->view_shape;
        const std::vector<int64_t>& b = t1->view_shape;
        const std::vector<int64_t>& o = output->view_shape;
        const int pairs[4][2] = {{0, 0}, {1, 1}, {2, 2}, {3, 4}};
        for (const auto& p : pairs) {
            if (a[p[0]] != b[p[1]]) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "tensor0 shape dim%d [%ld] and tensor1 shape dim%d [%ld] should be same",
                            p[0], static_cast<long>(a[p[0]]), p[1], static_cast<long>(b[p[1]]));
            }
        }
        for (int d = 0; d < 2; ++d) {
            if (o[d] != a[d]) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "output shape dim%d [%ld] and tensor0 shape dim%d [%ld] should be same",
                            d, static_cast<long>(o[d]), d, static_cast<long>(a[d]));
            }
        }
        for (size_t d = 0; d < a.size(); ++d) {
            if (a[d] == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "tensor0 shape dim%zu [0] should not be zero", d);
        }
        if (b[3] == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "tensor1 shape dim3 [0] should not be zero");
        // beyond CANN (the batched matmul's shape would fail later): output's dims 2 and 3
        if (o[2] != a[2] || o[3] != b[3]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The shape of output %s should be [%ld, %ld, %ld, %ld].",
                        ShapeString(o).c_str(), static_cast<long>(a[0]), static_cast<long>(a[1]),
                        static_cast<long>(a[2]), static_cast<long>(b[3]));
        }
        return 0;
    }
    if (equ == "a,b->ab") {
        if (t0->view_shape.size() != 1) return wrong_dims(t0, "(*tensors)[0]", 1);
        if (t1->view_shape.size() != 1) return wrong_dims(t1, "(*tensors)[1]", 1);
        if (output->view_shape.size() != 2) return wrong_dims(output, "output", 2);
        // beyond CANN (its Mul / ViewCopy would fail later): output [len0, len1]
        if (output->view_shape[0] != t0->view_shape[0] || output->view_shape[1] != t1->view_shape[0]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The shape of output %s should be [%ld, %ld].",
                        ShapeString(output->view_shape).c_str(), static_cast<long>(t0->view_shape[0]),
                        static_cast<long>(t1->view_shape[0]));
        }
        return 0;
    }
    return Fail(ACLNN_ERR_PARAM_INVALID, "failed to match equation [%s]", equ.c_str());
}


// ---- aclnnMatmulWeightNz (matmul/mat_mul_v3/op_host/op_api/aclnn_matmul.cpp CheckWeightNzParam after CheckNotNull);
// c.t = {self, mat2, out}
namespace nnmatmul {

/// Whether mat2 stands for a FRACTAL_NZ weight: FRACTAL_NZ itself, or ND - aclnnTransMatmulWeight keeps weights ND
/// here (its contract), so an ND mat2 is read as the weight CANN's call would have converted.
inline bool NzOrNd(const aclTensor* t) { return t->format == ACL_FORMAT_FRACTAL_NZ || t->format == ACL_FORMAT_ND; }

}  // namespace nnmatmul

/// CheckWeightNzDtypeValid (self, mat2, out in FLOAT, FLOAT16 and - Atlas A2/A3, Ascend 950 - BF16; a FLOAT weight
/// only on Atlas A2/A3; KEEP_DTYPE refuses FLOAT where the cube has no FP32, and a FLOAT self with a FLOAT16 out; a
/// FLOAT16 / BF16 mix refused), CheckWeightNzShapeValid (Atlas A2/A3, Ascend310P, Ascend 950 only; mat2 FRACTAL_NZ -
/// ND accepted, unlike CANN -; self and mat2 2-D; a FRACTAL_NZ mat2's storage 4-D; mat2's k and n not 1; k equal),
/// then the arch rule's CheckInput. Beyond CANN: out [m, n].
inline int CheckMatmulWeightNz(const OpCall& c, int8_t cubeMathType) {
    const aclTensor* self = c.t[0];
    const aclTensor* mat2 = c.t[1];
    const aclTensor* out = c.t[2];
    const bool bf16 = CubeDav2201Rule(c.soc);
    const bool a2a3 = nnmatmul::Dav2201(c.soc);
    if (bf16) {
        for (auto p : {std::make_pair(self, "self"), std::make_pair(mat2, "mat2"), std::make_pair(out, "out")}) {
            if (int ret = nnmatmul::InDtypes(p.first, p.second, {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})) return ret;
        }
    } else {
        for (auto p : {std::make_pair(self, "self"), std::make_pair(mat2, "mat2"), std::make_pair(out, "out")}) {
            if (int ret = nnmatmul::InDtypes(p.first, p.second, {ACL_FLOAT, ACL_FLOAT16})) return ret;
        }
    }
    // aclcpu: an ND mat2 stands for the FRACTAL_NZ weight aclnnTransMatmulWeight would have made.
    if (!a2a3 && nnmatmul::NzOrNd(mat2) && (self->dtype == ACL_FLOAT || mat2->dtype == ACL_FLOAT)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Float32 weight NZ is unsupported by the current SOC version [%s], now self is %s, mat2 is %s .",
                    rt::SocName(c.soc), DtypeName(self->dtype), DtypeName(mat2->dtype));
    }
    if (cubeMathType == 0 && !bf16 && (self->dtype == ACL_FLOAT || mat2->dtype == ACL_FLOAT)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Self dtype %s or mat2 dtype %s not support under keep type mode.",
                    DtypeName(self->dtype), DtypeName(mat2->dtype));
    }
    if (cubeMathType == 0 && out->dtype == ACL_FLOAT16 && self->dtype == ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Input tensor's dtype[DT_FLOAT] should be same with output's dtype[DT_FLOAT16].");
    }
    if (nnmatmul::NzOrNd(mat2) && ((self->dtype == ACL_FLOAT16 && mat2->dtype == ACL_BF16) ||
                                   (self->dtype == ACL_BF16 && mat2->dtype == ACL_FLOAT16))) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "The dtypes of self and mat2 must be both DT_BF16 or both DT_FLOAT16, now self's dtype is [%s], "
                    "mat2's dtype is [%s]",
                    DtypeName(self->dtype), DtypeName(mat2->dtype));
    }
    if (!bf16 && !nnmatmul::Dav2002(c.soc)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Weight NZ is unsupported by the current SOC version [%s].",
                    rt::SocName(c.soc));
    }
    if (!nnmatmul::NzOrNd(mat2)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of mat2 must be FRACTAL_NZ, actual is %s.",
                    FormatName(mat2->format));
    }
    if (int ret = CheckDims(self, "self", 2)) return ret;
    if (int ret = CheckDims(mat2, "mat2", 2)) return ret;
    if (nnmatmul::IsNz(mat2) && mat2->storage_shape.size() != 4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Only support mat2 storageShapeDim is 4, which are [%zu].",
                    mat2->storage_shape.size());
    }
    const std::vector<int64_t>& a = self->view_shape;
    const std::vector<int64_t>& b = mat2->view_shape;
    if (b[0] == 1 || b[1] == 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Not supported mat2 n = 1 or k = 1 when format is FRACTAL_NZ, mat2: %s", ShapeString(b).c_str());
    }
    if (a[1] != b[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The k-axis of the two inputs are different %s, %s", ShapeString(a).c_str(),
                    ShapeString(b).c_str());
    }
    if (int ret = CheckCubeInput(c, self, mat2, nullptr, out, cubeMathType)) return ret;
    if (out->view_shape != std::vector<int64_t>{a[0], b[1]}) {  // beyond CANN (its ViewCopy would fail later)
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected out of shape [%ld, %ld], but got %s.", static_cast<long>(a[0]),
                    static_cast<long>(b[1]), ShapeString(out->view_shape).c_str());
    }
    if (out->format == ACL_FORMAT_FRACTAL_NZ) {  // beyond CANN: out is written ND
        return Fail(ACLNN_ERR_PARAM_INVALID, "The 'out' tensor does not support NZ format here.");
    }
    return 0;
}

// ---- aclnnBatchMatMulWeightNz (matmul/batch_mat_mul_v3/op_host/op_api/aclnn_batch_matmul.cpp CheckParamsWeightNz
// after CheckNotNull; cubeMathType 4 routed to 0 on Atlas A2/A3 first); c.t = {self, mat2, out}

/// CheckDtypeValidWeightNz (Atlas A2/A3 and the Ascend 950 only; self, mat2 FLOAT16 or BF16; out also FLOAT when
/// NeedEnableFp32Output - both inputs of one 16-bit dtype, out FLOAT -; self's dtype mat2's; out FLOAT or self's),
/// CheckShape (3-D each; a FRACTAL_NZ mat2's k, n not 1; k equal; batches equal or 1; out [batch, m, n]),
/// CheckStorageShape (a FRACTAL_NZ mat2's storage 5-D; ND accepted, unlike CANN), CheckMathType. Beyond CANN: self
/// and out ND.
inline int CheckBatchMatMulWeightNz(const OpCall& c, int8_t cubeMathTypeIn) {
    const aclTensor* self = c.t[0];
    const aclTensor* mat2 = c.t[1];
    const aclTensor* out = c.t[2];
    const int cubeMathType = nnmatmul::RouteCubeMathType4(c.soc, cubeMathTypeIn);
    if (!CubeDav2201Rule(c.soc)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "batchmatmulweightnz is unsupported in this npu arch");
    }
    const bool fp32_out = ((self->dtype == ACL_FLOAT16 && mat2->dtype == ACL_FLOAT16) ||
                           (self->dtype == ACL_BF16 && mat2->dtype == ACL_BF16)) &&
                          out->dtype == ACL_FLOAT;
    if (int ret = nnmatmul::InDtypes(self, "self", {ACL_FLOAT16, ACL_BF16})) return ret;
    if (int ret = nnmatmul::InDtypes(mat2, "mat2", {ACL_FLOAT16, ACL_BF16})) return ret;
    if (fp32_out) {
        if (int ret = nnmatmul::InDtypes(out, "out", {ACL_FLOAT, ACL_FLOAT16, ACL_BF16})) return ret;
    } else {
        if (int ret = nnmatmul::InDtypes(out, "out", {ACL_FLOAT16, ACL_BF16})) return ret;
    }
    if (self->dtype != mat2->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self's dtype [%s] and mat2's dtype [%s] are not equal.",
                    DtypeName(self->dtype), DtypeName(mat2->dtype));
    }
    if (out->dtype != ACL_FLOAT && self->dtype != out->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "self's dtype [%s] and out's dtype [%s] are not equal.",
                    DtypeName(self->dtype), DtypeName(out->dtype));
    }
    if (int ret = CheckBatchMatMulShapes(self, mat2, out, nnmatmul::IsNz(mat2))) return ret;
    if (nnmatmul::IsNz(mat2) && mat2->storage_shape.size() != 5) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Only support mat2 storageShapeDim is 5, which are [%zu].",
                    mat2->storage_shape.size());
    }
    if (!nnmatmul::NzOrNd(mat2)) {  // beyond CANN: the other private formats are not read here
        return Fail(ACLNN_ERR_PARAM_INVALID, "Format of mat2 must be FRACTAL_NZ, actual is %s.",
                    FormatName(mat2->format));
    }
    // CheckMathType: the promoted dtype FLOAT16 (neither input is FLOAT here)
    if (int ret = nnmatmul::CheckCubeMathTypeForMm(c.soc, ACL_FLOAT16, cubeMathType)) return ret;
    if (nnmatmul::IsNz(self) || nnmatmul::IsNz(out)) {  // beyond CANN
        return Fail(ACLNN_ERR_PARAM_INVALID, " The 'self' or 'out' tensor currently does not support NZ format");
    }
    return 0;
}


// ---- aclnnFusedLinearOnlineMaxSum (matmul/fused_linear_online_max_sum/op_api/aclnn_fused_linear_online_max_sum.cpp
// CheckParam after CheckNotNull); c.t = {input, weight, target, logitsMaxLocalOut, sumExpLogitsLocalOut,
// predictedLogitsLocalOut, targetMaskOut, maskedTargetOut, vocabParallelLogitsOutOptional}
namespace nnmatmul {

/// OP_CHECK_DTYPE_NOT_SAME.
inline int SameDtype(const aclTensor* a, const char* an, const aclTensor* b, const char* bn) {
    if (a->dtype == b->dtype) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found %s %s and %s %s.", an,
                DtypeName(a->dtype), bn, DtypeName(b->dtype));
}

/// OP_CHECK_DTYPE_NOT_MATCH.
inline int DtypeIs(const aclTensor* t, const char* name, aclDataType want) {
    if (t->dtype == want) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", name, DtypeName(want),
                DtypeName(t->dtype));
}

/// OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE.
inline int ShapeIs(const aclTensor* t, const char* name, const std::vector<int64_t>& want) {
    if (t->view_shape == want) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for %s to have same size as %s, but got %s.", name,
                ShapeString(want).c_str(), ShapeString(t->view_shape).c_str());
}

}  // namespace nnmatmul

/// CheckDtypeValid (input, weight FLOAT16 / BF16 of one dtype; target INT32 / INT64; the three statistics FLOAT,
/// targetMaskOut UINT8, maskedTargetOut target's dtype, vocabParallelLogitsOutOptional input's), CheckShapeValid
/// (input, weight 2-D, the rest 1-D; weight's n above 0; input's k at most 65534 and weight's; target and the
/// statistics [m], targetMaskOut [ceil(m / 8)], vocabParallelLogitsOutOptional [m, n]), CheckAttrValid
/// (vocabStartIndex >= 0, vocabEndIndex >= vocabStartIndex).
inline int CheckFusedLinearOnlineMaxSum(const OpCall& c, int64_t vocabStartIndex, int64_t vocabEndIndex) {
    const aclTensor* input = c.t[0];
    const aclTensor* weight = c.t[1];
    const aclTensor* target = c.t[2];
    const aclTensor* maxOut = c.t[3];
    const aclTensor* sumOut = c.t[4];
    const aclTensor* predOut = c.t[5];
    const aclTensor* maskOut = c.t[6];
    const aclTensor* mtOut = c.t[7];
    const aclTensor* logitsOut = c.t[8];
    if (int ret = nnmatmul::InDtypes(input, "input", {ACL_FLOAT16, ACL_BF16})) return ret;
    if (int ret = nnmatmul::InDtypes(weight, "weight", {ACL_FLOAT16, ACL_BF16})) return ret;
    if (int ret = nnmatmul::InDtypes(target, "target", {ACL_INT32, ACL_INT64})) return ret;
    if (int ret = nnmatmul::SameDtype(input, "input", weight, "weight")) return ret;
    if (int ret = nnmatmul::DtypeIs(maxOut, "logitsMaxLocalOut", ACL_FLOAT)) return ret;
    if (int ret = nnmatmul::DtypeIs(sumOut, "sumExpLogitsLocalOut", ACL_FLOAT)) return ret;
    if (int ret = nnmatmul::DtypeIs(predOut, "predictedLogitsLocalOut", ACL_FLOAT)) return ret;
    if (int ret = nnmatmul::DtypeIs(maskOut, "targetMaskOut", ACL_UINT8)) return ret;
    if (int ret = nnmatmul::SameDtype(mtOut, "maskedTargetOut", target, "target")) return ret;
    if (logitsOut != nullptr) {
        if (int ret = nnmatmul::SameDtype(logitsOut, "vocabParallelLogitsOutOptional", input, "input")) return ret;
    }
    if (int ret = CheckDims(input, "input", 2)) return ret;
    if (int ret = CheckDims(weight, "weight", 2)) return ret;
    if (int ret = CheckDims(target, "target", 1)) return ret;
    if (int ret = CheckDims(maxOut, "logitsMaxLocalOut", 1)) return ret;
    if (int ret = CheckDims(sumOut, "sumExpLogitsLocalOut", 1)) return ret;
    if (int ret = CheckDims(predOut, "predictedLogitsLocalOut", 1)) return ret;
    if (int ret = CheckDims(maskOut, "targetMaskOut", 1)) return ret;
    if (int ret = CheckDims(mtOut, "maskedTargetOut", 1)) return ret;
    const int64_t m = input->view_shape[0];
    const int64_t n = weight->view_shape[0];
    if (n == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "weight.size(0) should be greater than 0.");
    if (input->view_shape[1] > 65534) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "input.size(1) should be less than or equal to 65534, but got %ld",
                    static_cast<long>(input->view_shape[1]));
    }
    if (input->view_shape[1] != weight->view_shape[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "weight.size(1) should be equal to input.size(1), but got weight %s, input %s",
                    ShapeString(input->view_shape).c_str(), ShapeString(weight->view_shape).c_str());
    }
    const std::vector<int64_t> ms{m};
    if (int ret = nnmatmul::ShapeIs(target, "target", ms)) return ret;
    if (int ret = nnmatmul::ShapeIs(maxOut, "logitsMaxLocalOut", ms)) return ret;
    if (int ret = nnmatmul::ShapeIs(sumOut, "sumExpLogitsLocalOut", ms)) return ret;
    if (int ret = nnmatmul::ShapeIs(predOut, "predictedLogitsLocalOut", ms)) return ret;
    if (int ret = nnmatmul::ShapeIs(maskOut, "targetMaskOut", {(m + 7) / 8})) return ret;
    if (int ret = nnmatmul::ShapeIs(mtOut, "maskedTargetOut", ms)) return ret;
    if (logitsOut != nullptr) {
        if (int ret = CheckDims(logitsOut, "vocabParallelLogitsOutOptional", 2)) return ret;
        if (int ret = nnmatmul::ShapeIs(logitsOut, "vocabParallelLogitsOutOptional", {m, n})) return ret;
    }
    if (vocabStartIndex < 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "vocabStartIndex should be greater than or equal to 0, but got %ld",
                    static_cast<long>(vocabStartIndex));
    }
    if (vocabEndIndex < vocabStartIndex) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "vocabEndIndex should be greater than or equal to vocabStartIndex, but got vocabEndIndex %ld, "
                    "vocabStartIndex %ld",
                    static_cast<long>(vocabEndIndex), static_cast<long>(vocabStartIndex));
    }
    return 0;
}

// ---- aclnnFusedLinearCrossEntropyLossGrad (matmul/fused_linear_cross_entropy_loss_grad/op_host/op_api/
// aclnn_fused_linear_cross_entropy_loss_grad.cpp CheckParam, then the platform check after the empty return);
// c.t = {grad, input, weight, targetMask, maskedTarget, logitsMaxOptional, sumExpLogitsOptional, softmaxOptional,
// inputGradOut, weightGradOut}

/// CheckNotNull's first rule (runs before the table's NULL checks): softmaxOptional NULL while logitsMaxOptional or
/// sumExpLogitsOptional is NULL -> 161001.
inline int CheckFlceGradNull(const OpCall& c, float /*labelSmoothing*/) {
    if (c.t[7] == nullptr && (c.t[5] == nullptr || c.t[6] == nullptr)) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR,
                    "softmaxOptional can not be nullptr when logitsMaxOptional or sumExpLogitsOptional is nullptr");
    }
    return 0;
}

/// CheckDtypeValid, CheckFormatValid (every tensor read ND), CheckAttrValid (labelSmoothing 0), CheckShapeValid; then
/// (after the empty return: an empty input or weight writes nothing) CheckPlatformSupported: Atlas A2/A3 (361001).
inline int CheckFlceGrad(const OpCall& c, float labelSmoothing) {
    const aclTensor* grad = c.t[0];
    const aclTensor* input = c.t[1];
    const aclTensor* weight = c.t[2];
    const aclTensor* mask = c.t[3];
    const aclTensor* mt = c.t[4];
    const aclTensor* lmax = c.t[5];
    const aclTensor* lsum = c.t[6];
    const aclTensor* sm = c.t[7];
    const aclTensor* gi = c.t[8];
    const aclTensor* gw = c.t[9];
    if (int ret = nnmatmul::InDtypes(grad, "grad", {ACL_FLOAT})) return ret;
    if (int ret = nnmatmul::InDtypes(input, "input", {ACL_FLOAT16, ACL_BF16})) return ret;
    if (int ret = nnmatmul::InDtypes(weight, "weight", {ACL_FLOAT16, ACL_BF16})) return ret;
    if (int ret = nnmatmul::InDtypes(mask, "targetMask", {ACL_BOOL, ACL_UINT8})) return ret;
    if (int ret = nnmatmul::InDtypes(mt, "maskedTarget", {ACL_INT32, ACL_INT64})) return ret;
    if (sm != nullptr) {
        if (int ret = nnmatmul::InDtypes(sm, "softmaxOptional", {ACL_FLOAT})) return ret;
    } else {
        if (int ret = nnmatmul::InDtypes(lmax, "logitsMaxOptional", {ACL_FLOAT})) return ret;
        if (int ret = nnmatmul::InDtypes(lsum, "sumExpLogitsOptional", {ACL_FLOAT})) return ret;
    }
    if (int ret = nnmatmul::SameDtype(input, "input", weight, "weight")) return ret;
    if (int ret = nnmatmul::SameDtype(input, "input", gi, "inputGradOut")) return ret;
    if (int ret = nnmatmul::SameDtype(input, "input", gw, "weightGradOut")) return ret;
    struct Named {
        const aclTensor* t;
        const char* name;
    };
    const Named nd[9] = {{grad, "inputs.grad"},         {input, "inputs.input"},
                         {weight, "inputs.weight"},     {mask, "inputs.targetMask"},
                         {mt, "inputs.maskedTarget"},   {sm != nullptr ? sm : lmax, sm != nullptr ? "inputs.softmaxOptional" : "inputs.logitsMaxOptional"},
                         {sm != nullptr ? nullptr : lsum, "inputs.sumExpLogitsOptional"},
                         {gi, "outputs.inputGradOut"},  {gw, "outputs.weightGradOut"}};
    for (const Named& x : nd) {
        if (x.t != nullptr && x.t->format != ACL_FORMAT_ND) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s only supports ND format.", x.name);
        }
    }
    if (labelSmoothing != 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "aclnnFusedLinearCrossEntropyLossGrad currently only support labelSmoothing equals 0.");
    }
    if (int ret = CheckDims(grad, "grad", 1)) return ret;
    if (int ret = CheckDims(input, "input", 2)) return ret;
    if (int ret = CheckDims(weight, "weight", 2)) return ret;
    if (int ret = CheckDims(mask, "targetMask", 1)) return ret;
    if (int ret = CheckDims(mt, "maskedTarget", 1)) return ret;
    if (sm != nullptr) {
        if (int ret = CheckDims(sm, "softmaxOptional", 2)) return ret;
    } else {
        if (int ret = CheckDims(lmax, "logitsMaxOptional", 1)) return ret;
        if (int ret = CheckDims(lsum, "sumExpLogitsOptional", 1)) return ret;
    }
    if (int ret = CheckDims(gi, "inputGradOut", 2)) return ret;
    if (int ret = CheckDims(gw, "weightGradOut", 2)) return ret;
    const int64_t bt = grad->view_shape[0];
    const int64_t h = input->view_shape[1];
    const int64_t v = weight->view_shape[0];
    if (input->view_shape[0] != bt) return Fail(ACLNN_ERR_PARAM_INVALID, "input.size(0) should be equal to grad.size(0)");
    if (v < 128 && sm != nullptr) return Fail(ACLNN_ERR_PARAM_INVALID, "weight.size(0) < 128 is not supported");
    if (weight->view_shape[1] != h) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "weight.size(1) should be equal to input.size(1)");
    }
    if (mask->dtype == ACL_BOOL) {
        if (mask->view_shape[0] != bt) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "targetMask.size(0) should be equal to grad.size(0) when targetMask is in BOOL");
        }
    } else if (mask->view_shape[0] * 8 < bt) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "targetMask.size(0) * 8 should not be less than grad.size(0) when targetMask is in UINT8");
    }
    if (mt->view_shape[0] != bt) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "maskedTarget.size(0) should be equal to grad.size(0)");
    }
    if (sm != nullptr) {
        if (int ret = nnmatmul::ShapeIs(sm, "softmaxOptional", {bt, v})) return ret;
    } else {
        if (int ret = nnmatmul::ShapeIs(lmax, "logitsMaxOptional", {bt})) return ret;
        if (int ret = nnmatmul::ShapeIs(lsum, "sumExpLogitsOptional", {bt})) return ret;
    }
    if (int ret = nnmatmul::ShapeIs(gi, "inputGradOut", {bt, h})) return ret;
    if (int ret = nnmatmul::ShapeIs(gw, "weightGradOut", {v, h})) return ret;
    if (input->numel == 0 || weight->numel == 0) return 0;  // CANN's early return: nothing written
    if (!nnmatmul::Dav2201(c.soc)) return Fail(ACLNN_ERR_RUNTIME_ERROR, "Current platform is not supported");
    return 0;
}

}  // namespace aclcpu
