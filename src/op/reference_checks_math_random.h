// The custom first-phase checks of ops-math's random operators at the reference tier (ops/families/math_random.yaml
// `custom` checks that the table's vocabulary cannot express; docs/ops/math_random.md). Included at the end of
// src/op/reference_checks.h (through the generated op/family_hooks.inc). Each hook is
// int <hook>(const OpCall& c, <the entry's non-tensor parameters>): 0, or CANN's status with CANN's message.
// Facts: hicann/ops-math at c4193324, random/<folder>/op_api (or op_host/op_api)/aclnn_*.cpp - each hook names the
// op_api function it restates - and common/inc/external/aclnn_kernels/common/op_error_check.h (the OP_CHECK_NULL,
// OP_CHECK_DTYPE_NOT_SUPPORT and OP_CHECK_SHAPE_NOT_EQUAL messages).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

#include "common/status.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/arguments.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {

/// aclnn_uniform.cpp CheckParams (after the dtype and dims checks): from > to -> 161002 (from == to accepted).
inline int CheckRandomUniformFromTo(const OpCall&, double from, double to, uint64_t, uint64_t) {
    if (!(from > to)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "from cannot be greater than to, from is %lf and to is %lf.", from, to);
}
/// The same check of aclnnInplaceUniformTensor (its parameters: from, to, offset).
inline int CheckRandomUniformTensorFromTo(const OpCall& c, double from, double to, uint64_t offset) {
    return CheckRandomUniformFromTo(c, from, to, 0, offset);
}

/// aclnnInplaceUniformTensor's seed and offset tensors (aclnn_uniform.cpp, after CheckParams and the empty return):
/// on the Ascend 950, Ascend910 and Ascend310P (the op_api's non-DSA path) CheckSeedOffsetDtype - seedTensor, then
/// offsetTensor NULL -> 161001, their dtypes outside [DT_UINT64, DT_INT64] -> 161002. Atlas A2/A3 (DAV_2201, the
/// DSA path) checks neither: a NULL there is refused all the same (161001, beyond CANN: the op_api would read it).
/// c.t = {seedTensor, offsetTensor, selfRef} (the inputs, then the in-place tensor).
inline int CheckRandomUniformSeedOffset(const OpCall& c, double, double, uint64_t) {
    const char* names[2] = {"seedTensor", "offsetTensor"};
    for (int i = 0; i < 2; ++i) {
        if (c.t[i] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_NULLPTR,
                        "Expected a value of type [aclTensor] for argument [%s] but instead found nullptr.",
                        names[i]);
        }
    }
    if (c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93) return 0;
    for (int i = 0; i < 2; ++i) {
        const aclDataType d = c.t[i]->dtype;
        if (d == ACL_UINT64 || d == ACL_INT64) continue;
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Tensor %s not implemented for %s, should be in dtype support list [DT_UINT64, DT_INT64].",
                    names[i], DtypeName(d));
    }
    return 0;
}

/// aclnn_normal.cpp CheckParams: std < 0 -> 161002 (a NaN std passes, as there).
inline int CheckRandomNormalStd(float std) {
    if (!(std < 0)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Normal expects std >= 0.0, but found std [%f].", static_cast<double>(std));
}
inline int CheckRandomInplaceNormalStd(const OpCall&, float, float std, int64_t, int64_t) {
    return CheckRandomNormalStd(std);
}
inline int CheckRandomInplaceNormalTensorStd(const OpCall&, float, float std, int64_t) {
    return CheckRandomNormalStd(std);
}

/// aclnn_normal.cpp CheckSeedOffsetShapeValid: seedTensor's, then offsetTensor's view shape not [1] -> 161002
/// (OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE). c.t = {seedTensor, offsetTensor, selfRef}.
inline int CheckRandomNormalSeedOffsetShape(const OpCall& c, float, float, int64_t) {
    const char* names[2] = {"seedTensor", "offsetTensor"};
    for (int i = 0; i < 2; ++i) {
        const aclTensor* t = c.t[i];
        if (t->view_shape.size() == 1 && t->view_shape[0] == 1) continue;
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for %s to have same size as [1], but got %s.",
                    names[i], ShapeString(t->view_shape).c_str());
    }
    return 0;
}

/// aclnn_normal_out.cpp CheckFloatAndTensorShapeOfStd (aclnnNormalFloatTensor; c.t = {std, out}): an empty std
/// -> 161002; unless out is empty and std has one element, std's view shape not out's -> 161002. (The dims check
/// that follows is the table's.)
inline int CheckRandomNormalFloatTensorShape(const OpCall& c, float, int64_t, int64_t) {
    const aclTensor* stdT = c.t[0];
    const aclTensor* out = c.t[1];
    if (stdT->numel == 0) return Fail(ACLNN_ERR_PARAM_INVALID, "The std can not be an empty tensor.");
    if (!(out->numel == 0 && stdT->numel == 1) && out->view_shape != stdT->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Shape of std should be match with out.");
    }
    return 0;
}

/// aclnn_bernoulli.cpp CheckProb (aclnnBernoulli, aclnnInplaceBernoulli): prob's value (ToDouble) above 1 or below
/// 0 -> 161002 (a NaN passes, as there).
inline int CheckRandomBernoulliProb(const OpCall&, const aclScalar* prob, int64_t, int64_t) {
    double p = 0;
    ScalarToDouble(*prob, &p);  // the dtype was checked (FLOAT, FLOAT16, DOUBLE, BF16)
    if (!(p > 1 || p < 0)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "prob should be in range 0<=prob<=1 .");
}

/// aclnn_bernoulli.cpp CheckFormat / CheckFormatTensor: a private storage format of self (and prob) -> 161002.
inline int CheckRandomBernoulliFormat(const OpCall& c, const aclScalar*, int64_t, int64_t) {
    if (!IsPrivateFormatCode(c.t[0]->format)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Format only support ND\u3001NCHW\u3001NHWC\u3001HWCN\u3001NDHWC\u3001NCDHW, self [%s]",
                FormatName(c.t[0]->format));
}
inline int CheckRandomBernoulliTensorFormat(const OpCall& c, int64_t, int64_t) {
    if (!IsPrivateFormatCode(c.t[0]->format) && !IsPrivateFormatCode(c.t[1]->format)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "Format only support ND\u3001NCHW\u3001NHWC\u3001HWCN\u3001NDHWC\u3001NCDHW, self [%s], prob [%s]",
                FormatName(c.t[0]->format), FormatName(c.t[1]->format));
}



// ------------------------------------------------------------------------------------------------ InplaceRandom
/// aclnn_random.cpp CheckFromToRange (after CheckParams): from >= to -> 161002.
inline int CheckRandomFromTo(const OpCall&, int64_t from, int64_t to, int64_t, int64_t) {
    if (from < to) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "from %ld must be less than to %ld.", static_cast<long>(from),
                static_cast<long>(to));
}
inline int CheckRandomTensorFromTo(const OpCall& c, int64_t from, int64_t to, int64_t offset) {
    return CheckRandomFromTo(c, from, to, 0, offset);
}

/// aclnnInplaceRandomTensor's seed and offset tensors (after the empty return): NULL -> 161001 (beyond CANN: the
/// op_api reads them unchecked); outside Atlas A2/A3 (DAV_2201) randomTensorDavidPath's dtype tests - seedTensor,
/// then offsetTensor not INT64 -> the plan fails with 561103 (the op_api's CHECK_RET on the null result).
/// c.t = {seedTensor, offsetTensor, selfRef}.
inline int CheckRandomTensorSeedOffset(const OpCall& c, int64_t, int64_t, int64_t) {
    const char* names[2] = {"seedTensor", "offsetTensor"};
    for (int i = 0; i < 2; ++i) {
        if (c.t[i] != nullptr) continue;
        return Fail(ACLNN_ERR_PARAM_NULLPTR,
                    "Expected a value of type [aclTensor] for argument [%s] but instead found nullptr.", names[i]);
    }
    if (c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93) return 0;
    for (int i = 0; i < 2; ++i) {
        if (c.t[i]->dtype == ACL_INT64) continue;
        return Fail(ACLNN_ERR_INNER_NULLPTR, "Random %s dtype must be DT_INT64, got %s.", names[i],
                    DtypeName(c.t[i]->dtype));
    }
    return 0;
}


// ------------------------------------------------------------------------------------------------ Randperm
/// aclnn_randperm.cpp CheckShapeValid (after the dtype check): out's view shape not [n] -> 161002
/// (OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE). Its later n >= 0 test cannot fail once out's shape is [n].
inline int CheckRandpermShape(const OpCall& c, int64_t n, int64_t, int64_t) {
    const aclTensor* out = c.t[0];
    if (out->view_shape.size() == 1 && out->view_shape[0] == n) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as [%ld], but got %s.",
                static_cast<long>(n), ShapeString(out->view_shape).c_str());
}

// ------------------------------------------------------------------------------------------------ dropout
/// The mask byte count the dropout op_apis require for n elements: (n + 127) / 128 * 128 / 8.
inline int64_t DropoutNeedMaskBytes(int64_t n) { return (n + 127) / 128 * 128 / 8; }

/// CheckProbability of aclnn_dropout_gen_mask.cpp / aclnn_dropout_do_mask.cpp ("prob") and aclnn_dropout.cpp ("p"):
/// the value above 1 or below 0 -> 161002 (a NaN passes, as there).
inline int DropoutProbRange(double p, const char* name) {
    if (!(p > 1 || p < 0)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "The value of %s has to be between 0 and 1, but current is %f.", name, p);
}

/// OP_CHECK_RESULT_DTYPE_CAST_FAILED(tensor a's dtype, tensor b's dtype) of the dropout op_apis' CheckDtypeValid.
inline int DropoutResultCast(const aclTensor* from, const aclTensor* to) {
    if (CanCast(from->dtype, to->dtype)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Result type %s can't be cast to the desired output type %s.",
                DtypeName(from->dtype), DtypeName(to->dtype));
}

/// The product of an aclIntArray's values (the shape of the GenMask operators).
inline int64_t DropoutShapeSize(const aclIntArray* shape) {
    int64_t n = 1;
    for (int64_t v : shape->values) n *= v;
    return n;
}

/// aclnn_dropout_gen_mask.cpp CheckProbability and CheckShape (after out's dtype): prob outside [0, 1]; out's
/// element count not the mask size of shape's element count -> 161002. c.t = {out}.
inline int DropoutGenMaskProbAndSize(const OpCall& c, const aclIntArray* shape, double prob) {
    if (int ret = DropoutProbRange(prob, "prob")) return ret;
    const int64_t need = DropoutNeedMaskBytes(DropoutShapeSize(shape));
    const int64_t size = c.t[c.num_tensors - 1]->numel;
    if (size == need) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Size of out has to be %ld, but current is %ld.", static_cast<long>(need),
                static_cast<long>(size));
}
inline int CheckDropoutGenMask(const OpCall& c, const aclIntArray* shape, double prob, int64_t, int64_t) {
    return DropoutGenMaskProbAndSize(c, shape, prob);
}
/// aclnn_dropout_do_mask.cpp CheckDtypeValid's first check (self's dtype castable to out's). c.t = {self, mask, out}.
inline int CheckDropoutDoMaskCast(const OpCall& c, double) { return DropoutResultCast(c.t[0], c.t[2]); }
/// aclnn_dropout_do_mask.cpp CheckProbability.
inline int CheckDropoutDoMaskProb(const OpCall&, double prob) { return DropoutProbRange(prob, "prob"); }
/// aclnn_dropout_do_mask.cpp CheckShape's last check: mask's element count below the mask size of self's -> 161002.
inline int CheckDropoutDoMaskSize(const OpCall& c, double) {
    const int64_t need = DropoutNeedMaskBytes(c.t[0]->numel);
    if (c.t[1]->numel >= need) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Size of mask has to be %ld, but current is %ld.", static_cast<long>(need),
                static_cast<long>(c.t[1]->numel));
}

/// aclnn_dropout.cpp (c.t = {input, out, maskOut}): CheckDtypeValid's cast check, CheckProbability, CheckShape's
/// mask size (maskOut's element count exactly the mask size of input's).
inline int CheckDropoutCast(const OpCall& c, double, bool, int64_t, int64_t) { return DropoutResultCast(c.t[0], c.t[1]); }
inline int CheckDropoutProb(const OpCall&, double p, bool, int64_t, int64_t) { return DropoutProbRange(p, "p"); }
inline int DropoutMaskSizeExact(const aclTensor* data, const aclTensor* mask) {
    const int64_t need = DropoutNeedMaskBytes(data->numel);
    if (mask->numel == need) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Size of maskOut has to be %ld, but current is %ld.", static_cast<long>(need),
                static_cast<long>(mask->numel));
}
inline int CheckDropoutMaskSize(const OpCall& c, double, bool, int64_t, int64_t) {
    return DropoutMaskSizeExact(c.t[0], c.t[2]);
}

/// aclnn_dropout_backward.cpp (c.t = {gradOutput, mask, out}): the cast check, CheckProbability of
/// p = scale == 0 ? 1 : 1 - 1 / scale, CheckShape's mask size (exactly, "maskOut" in its message).
inline int CheckDropoutBackwardCast(const OpCall& c, double) { return DropoutResultCast(c.t[0], c.t[2]); }
inline int CheckDropoutBackwardScale(const OpCall&, double scale) {
    const double p = std::fabs(scale) <= 2.220446049250313e-16 ? 1.0 : 1.0 - 1.0 / scale;
    if (!(p > 1 || p < 0)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "The value of scale is error, p = (scale == 0.0) ? 1 : (1 - 1 / scale) has to be between 0 and 1, but "
                "got scale %f.",
                scale);
}
inline int CheckDropoutBackwardMaskSize(const OpCall& c, double) { return DropoutMaskSizeExact(c.t[0], c.t[1]); }

/// aclnn_dropout_v3.cpp (c.t = {input, optionalNoiseShape, out, maskOut}): CheckDtypeValid's cast check; CheckIsNullptr
/// (a non-NULL optionalNoiseShape -> 161002); CheckProbability; CheckShape's mask size (exact).
inline int CheckDropoutV3Cast(const OpCall& c, double, int64_t, int64_t) { return DropoutResultCast(c.t[0], c.t[2]); }
inline int CheckDropoutV3NoiseShape(const OpCall& c, double, int64_t, int64_t) {
    if (c.t[1] == nullptr) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "currently, the input of noise_shape must be nullptr, please check.");
}
inline int CheckDropoutV3Prob(const OpCall&, double p, int64_t, int64_t) { return DropoutProbRange(p, "p"); }
inline int CheckDropoutV3MaskSize(const OpCall& c, double, int64_t, int64_t) { return DropoutMaskSizeExact(c.t[0], c.t[3]); }

/// aclnn_dropout_v3_grad.cpp (c.t = {gradY, mask, gradX}): CheckSocVersion first (only NpuArch DAV_3510, the Ascend
/// 950: "aclnnDropoutV3Grad is not supported in current socversion."), the cast check, the mask size (exact; "Size of
/// mask has to be ...").
inline int CheckDropoutV3GradSoc(const OpCall&, double) {
    if (rt::ActiveSoc() == rt::Soc::kAscend950) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnDropoutV3Grad is not supported in current socversion.");
}
inline int CheckDropoutV3GradCast(const OpCall& c, double) { return DropoutResultCast(c.t[0], c.t[2]); }
inline int CheckDropoutV3GradMaskSize(const OpCall& c, double) {
    const int64_t need = DropoutNeedMaskBytes(c.t[0]->numel);
    if (c.t[1]->numel == need) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "Size of mask has to be %ld, but current is %ld.", static_cast<long>(need),
                static_cast<long>(c.t[1]->numel));
}

// ---- aclnnDropoutGenMaskV2 / aclnnDropoutGenMaskV2Tensor (aclnn_dropout_gen_mask.cpp); c.t = {out} /
// {seedTensor, offsetTensor, out}

inline int CheckDropoutGenMaskV2(const OpCall& c, const aclIntArray* shape, double prob, int64_t, int64_t, aclDataType) {
    return DropoutGenMaskProbAndSize(c, shape, prob);
}
inline int CheckDropoutGenMaskV2Tensor(const OpCall& c, const aclIntArray* shape, double prob, int64_t, aclDataType) {
    return DropoutGenMaskProbAndSize(c, shape, prob);
}
/// ComputeMaskV2 / ComputeMaskV2Tensor on DAV_2201 (Atlas A2/A3), prob neither 0 nor 1 (IsDoubleEqual): CreateDropout
/// takes probDataType FLOAT16, BF16 or FLOAT; another fails the first phase (its nullptr: ACLNN_ERR_INNER_NULLPTR).
inline int DropoutV2ProbDtype(const OpCall& c, double prob, aclDataType dt) {
    if (c.soc != rt::Soc::kAscend910B && c.soc != rt::Soc::kAscend910_93) return 0;
    const double eps = std::numeric_limits<double>::epsilon();
    if (std::abs(prob) <= eps || std::abs(prob - 1.0) <= eps) return 0;
    if (dt == ACL_FLOAT16 || dt == ACL_BF16 || dt == ACL_FLOAT) return 0;
    return Fail(ACLNN_ERR_INNER_NULLPTR,
                "Scalar p not implemented for %s, should be in dtype support list DT_FLOAT16, DT_BF16, DT_FLOAT.",
                DtypeName(dt));
}
inline int CheckDropoutGenMaskV2ProbDtype(const OpCall& c, const aclIntArray*, double prob, int64_t, int64_t,
                                          aclDataType dt) {
    return DropoutV2ProbDtype(c, prob, dt);
}
inline int CheckDropoutGenMaskV2TensorProbDtype(const OpCall& c, const aclIntArray*, double prob, int64_t,
                                                aclDataType dt) {
    return DropoutV2ProbDtype(c, prob, dt);
}

/// aclnnSimThreadExponential (no op_api: CANN generates the aclnn layer; docs/aclnnSimThreadExponential.md): lambda
/// not above 0 -> 161002 (the doc's first-phase error; the float32 attribute lambd); then the tiling's checks
/// (random/sim_thread_exponential/op_host/arch22 and arch35 tiling, 561002): count negative (Atlas A2/A3), count not
/// selfRef's element count, on the Ascend 950 offset not a multiple of 4.
inline int CheckSimThreadExponential(const OpCall& c, int64_t count, double lambda, int64_t, int64_t offset) {
    if (!(static_cast<float>(lambda) > 0.0f)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "lambd must be greater than 0, but got %f.", lambda);
    }
    if (c.soc != rt::Soc::kAscend950 && count < 0) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "Count %ld must be greater than or equal to 0.",
                    static_cast<long>(count));
    }
    if (count != c.t[0]->numel) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "attr count %ld is invalid: count must be equal to output shape size "
                    "(%ld).", static_cast<long>(count), static_cast<long>(c.t[0]->numel));
    }
    if (c.soc == rt::Soc::kAscend950 && offset % 4 != 0) {
        return Fail(ACLNN_ERR_INNER_TILING_ERROR, "input offset %ld is invalid: offset must be a multiple of 4.",
                    static_cast<long>(offset));
    }
    return 0;
}

// ---- aclnnMultinomial / aclnnMultinomialTensor (random/stateless_sample_multinomial/op_api/aclnn_multinomial.cpp)

/// CheckShape and CheckValueRange of self (c.t[0]) and out (the last tensor).
inline int MultinomialShape(const OpCall& c, int64_t numsamples, bool replacement) {
    const std::vector<int64_t>& s = c.t[0]->view_shape;
    const std::vector<int64_t>& o = c.t[c.num_tensors - 1]->view_shape;
    if (s.size() != 1 && s.size() != 2) return Fail(ACLNN_ERR_PARAM_INVALID, "Dim of self only can be 1 or 2.");
    if (s.size() != o.size()) return Fail(ACLNN_ERR_PARAM_INVALID, "Dim of self should be equal to dim of out.");
    if (o.back() != numsamples) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "excepted the size of out at last dim must be equal with numsamples %ld, but got %ld.",
                    static_cast<long>(numsamples), static_cast<long>(o.back()));
    }
    if (s.size() != 1 && s[0] != o[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "excepted the size of out at first dim %ld must be equal with the size of self at first dim %ld when "
                    "dimNum > 1", static_cast<long>(s[0]), static_cast<long>(o[0]));
    }
    if (numsamples <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Numsamples must > 0.");
    if (!replacement && numsamples > s.back()) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "numsamples must <= shape.GetDim(dimNum - 1) without replacement");
    }
    if (s.back() > (int64_t{1} << 24)) return Fail(ACLNN_ERR_PARAM_INVALID, "number of categories cannot exceed 2^24");
    return 0;
}

inline int CheckMultinomialShape(const OpCall& c, int64_t numsamples, bool replacement, int64_t, int64_t) {
    return MultinomialShape(c, numsamples, replacement);
}

/// CheckDtypeValidTensor's seed / offset rule: for a non-empty self on a product before Atlas A2 (Ascend910,
/// Ascend310P) or of at most 5000 elements (the AICPU path), seedTensor and offsetTensor INT64. c.t = {self,
/// seedTensor, offsetTensor, out}.
inline int CheckMultinomialTensorSeedDtypes(const OpCall& c, int64_t, bool, int64_t) {
    const aclTensor* self = c.t[0];
    if (self->numel == 0) return 0;
    const bool ge910b = c.soc == rt::Soc::kAscend950 || c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93;
    if (ge910b && self->numel > 5000) return 0;
    const char* names[2] = {"seedTensor", "offsetTensor"};
    for (int i = 1; i <= 2; ++i) {
        if (c.t[i]->dtype != ACL_INT64) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list [DT_INT64].",
                        names[i - 1], DtypeName(c.t[i]->dtype));
        }
    }
    return 0;
}

inline int CheckMultinomialTensorShape(const OpCall& c, int64_t numsamples, bool replacement, int64_t) {
    return MultinomialShape(c, numsamples, replacement);
}

}  // namespace aclcpu
