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

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "common/status.h"
#include "engine/elementwise.h"
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

}  // namespace aclcpu
