// The custom first-phase checks of the nn_quant_matmul family at the reference tier (ops/families/
// nn_quant_matmul.yaml; docs/ops/nn_quant_matmul.md): TransQuantParamV2 / V3 and QuantMatmulV3 / V4, and the host
// function aclnnTransQuantParam's whole computation (TransQuantParamHost; TransQuantParamCall is the family file's
// host_functions entry). Included by src/op/reference_checks.h at its end through the generated op/family_hooks.inc. Each hook
// is int <hook>(const OpCall& c, <the entry's non-tensor parameters>): 0, or the status with CANN's message.
// Facts: hicann/ops-nn - quant/trans_quant_param/op_host/op_api/aclnn_trans_quant_param.cpp, quant_util.cpp;
// quant/trans_quant_param_v2/op_host/op_api/aclnn_trans_quant_param_v2.cpp; matmul/quant_batch_matmul_v3/op_api/
// aclnn_quant_matmul_v4.cpp, quant_matmul_v4_common.h.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "common/status.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace nqmm {

// ================================================================================ aclnnTransQuantParam (host)

/// aclnnTransQuantParam (aclnn_trans_quant_param.cpp, quant_util.cpp): a host function, no tensors. Returns the
/// status and, on failure, CANN's message in *why. In order: CheckQuantParam - offsetArray given with offsetSize 0,
/// or absent with offsetSize not 0; scaleArray given with scaleSize 0 (161002 each); scaleArray NULL (CANN logs
/// 161001 but its CHECK_RET returns 161002) -; quantParam NULL, quantParamSize NULL (161001). Then *quantParamSize
/// = max(scaleSize, offsetSize), rounded up to a multiple of 16 unless it is 1; *quantParam = calloc'ed that many
/// (the caller frees it with free()); element i < scaleSize: the scale's FLOAT bits (unmasked) | 1 << 46; element i
/// < offsetSize: bits 32..36 and 47..63 cleared (mask 0x4000FFFFFFFF), then the offset rounded half away from zero
/// (round()), clamped to [-256, 255], as 9 bits at 37..45. A failed calloc: 561103 with *quantParamSize 0.
inline int TransQuantParamHost(const float* scaleArray, uint64_t scaleSize, const float* offsetArray,
                               uint64_t offsetSize, uint64_t** quantParam, uint64_t* quantParamSize,
                               std::string* why) {
    auto fail = [&](int code, const std::string& msg) {
        *why = msg;
        return code;
    };
    if (offsetArray != nullptr) {
        if (offsetSize < 1) {
            return fail(ACLNN_ERR_PARAM_INVALID,
                        "offsetSize must be larger than 0, but got " + std::to_string(offsetSize));
        }
    } else if (offsetSize != 0) {
        return fail(ACLNN_ERR_PARAM_INVALID,
                    "offsetArray is nullptr, offsetSize must be 0, but got " + std::to_string(offsetSize));
    }
    if (scaleArray != nullptr) {
        if (scaleSize < 1) {
            return fail(ACLNN_ERR_PARAM_INVALID,
                        "scaleSize must be larger than 0, but got " + std::to_string(scaleSize));
        }
    } else {
        return fail(ACLNN_ERR_PARAM_INVALID, "scaleArray can not be nullptr.");
    }
    if (quantParam == nullptr) return fail(ACLNN_ERR_PARAM_NULLPTR, "The quantParam is nullptr, please check.");
    if (quantParamSize == nullptr) {
        return fail(ACLNN_ERR_PARAM_NULLPTR, "The quantParamSize is nullptr, please check.");
    }
    uint64_t size = std::max(scaleSize, offsetSize);
    if (size != 1 && size % 16 != 0) size += 16 - size % 16;
    *quantParamSize = size;
    *quantParam = static_cast<uint64_t*>(std::calloc(size, sizeof(uint64_t)));
    if (*quantParam == nullptr) {
        *quantParamSize = 0;
        return fail(ACLNN_ERR_INNER_NULLPTR, "The *quantParam is nullptr.");
    }
    for (uint64_t i = 0; i < scaleSize; ++i) {
        uint32_t u = 0;
        std::memcpy(&u, &scaleArray[i], 4);
        (*quantParam)[i] = static_cast<uint64_t>(u) | (1ULL << 46);
    }
    if (offsetArray != nullptr) {
        for (uint64_t i = 0; i < offsetSize; ++i) {
            const int v = std::max(-256, std::min(255, static_cast<int>(std::round(offsetArray[i]))));
            (*quantParam)[i] &= 0x4000FFFFFFFFULL;
            (*quantParam)[i] |= (static_cast<uint64_t>(static_cast<int64_t>(v)) & 0x1FFULL) << 37;
        }
    }
    return ACLNN_SUCCESS;
}

/// aclnnTransQuantParam (ops/families/nn_quant_matmul.yaml host_functions): TransQuantParamHost, a failure's
/// message through aclGetRecentErrMsg. Returns 0 or the status TransQuantParamHost's comment lists.
inline int TransQuantParamCall(const float* scaleArray, uint64_t scaleSize, const float* offsetArray,
                               uint64_t offsetSize, uint64_t** quantParam, uint64_t* quantParamSize) {
    std::string why;
    const int ret = TransQuantParamHost(scaleArray, scaleSize, offsetArray, offsetSize, quantParam, quantParamSize, &why);
    if (ret != 0) return Fail(ret, "aclnnTransQuantParam: %s", why.c_str());
    return 0;
}

/// OP_CHECK_DTYPE_NOT_SUPPORT's message.
inline int NotInList(const aclTensor* t, const char* name, const char* list) {
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s not implemented for %s, should be in dtype support list [%s].",
                name, DtypeName(t->dtype), list);
}

/// OP_CHECK_DTYPE_NOT_MATCH's message.
inline int NotDtype(const aclTensor* t, const char* name, aclDataType want) {
    return Fail(ACLNN_ERR_PARAM_INVALID, "Tensor %s expected dtype is %s but found %s.", name, DtypeName(want),
                DtypeName(t->dtype));
}

inline std::string Dims(const std::vector<int64_t>& s) {
    std::string r = "[";
    for (size_t i = 0; i < s.size(); ++i) r += (i ? "," : "") + std::to_string(s[i]);
    return r + "]";
}

// ================================================================================ TransQuantParamV2 / V3

/// aclnn_trans_quant_param_v2.cpp CheckParams after CheckNotNull (scale, out): CheckDtypeValid - scale FLOAT, offset
/// (when given) FLOAT, out UINT64 or INT64; CheckFormat - scale, out (and offset) ND (no message in CANN); CheckShape
/// - scale [n] (n > 0) or, on the Ascend 950 (regbase), [g, n] (both > 0) / elsewhere [1, n]; offset [n] or [1, n];
/// 1-D scale and offset both longer than 1 of different lengths; roundMode 0 or 1. c.t = {scale, offset, out}.
inline int CheckTransQuantParam(const OpCall& c, int64_t roundMode) {
    const aclTensor* scale = c.t[0];
    const aclTensor* offset = c.t[1];
    const aclTensor* out = c.t[2];
    if (scale->dtype != ACL_FLOAT) return NotInList(scale, "scale", "DT_FLOAT");
    if (offset != nullptr && offset->dtype != ACL_FLOAT) return NotDtype(offset, "offset", ACL_FLOAT);
    if (out->dtype != ACL_UINT64 && out->dtype != ACL_INT64) return NotInList(out, "out", "DT_UINT64, DT_INT64");
    if (scale->format != ACL_FORMAT_ND || out->format != ACL_FORMAT_ND ||
        (offset != nullptr && offset->format != ACL_FORMAT_ND)) {
        // beyond CANN's log (its CheckFormat returns false silently)
        return Fail(ACLNN_ERR_PARAM_INVALID, "The format of scale, offset and out should be ND.");
    }
    const std::vector<int64_t>& s = scale->view_shape;
    const bool scale_1d = s.size() == 1 && s[0] > 0;
    if (c.soc == rt::Soc::kAscend950) {
        if (!(scale_1d || (s.size() == 2 && s[0] > 0 && s[1] > 0))) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Dim value of scale should be greater than 0, but current is %s",
                        Dims(s).c_str());
        }
    } else if (!(scale_1d || (s.size() == 2 && s[0] == 1 && s[1] > 0))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "shape of scale only support (n, ) and (1, n), but current is %s",
                    Dims(s).c_str());
    }
    if (offset != nullptr) {
        const std::vector<int64_t>& o = offset->view_shape;
        const bool ok = (o.size() == 1 && o[0] > 0) || (o.size() == 2 && o[0] == 1 && o[1] > 0);
        if (!ok) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "shape of offset only support (n, ) and (1, n), but current is %s",
                        Dims(o).c_str());
        }
        if (o.size() == 1 && s[0] > 1 && o[0] > 1 && s[0] != o[0]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "scale and offset should be same when both greater than 1, but scale is %ld, offset is %ld",
                        static_cast<long>(s[0]), static_cast<long>(o[0]));
        }
    }
    if (roundMode != 0 && roundMode != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "roundMode only support 0 and 1, but current is %ld",
                    static_cast<long>(roundMode));
    }
    return 0;
}

// ================================================================================ QuantMatmulV3 / V4

struct QmmArgs {
    const aclTensor* x1;
    const aclTensor* x2;
    const aclTensor* scale;
    const aclTensor* offset;
    const aclTensor* pertoken;
    const aclTensor* bias;
    const aclTensor* out;
    bool tx1;
    bool tx2;
};

inline bool IsInt4Like(aclDataType d) { return d == ACL_INT4 || d == ACL_INT32; }
inline bool IsNz(const aclTensor* t) {
    return t->format == ACL_FORMAT_FRACTAL_NZ || (t->format >= ACL_FORMAT_FRACTAL_NZ_C0_16 &&
                                                  t->format <= ACL_FORMAT_FRACTAL_NZ_C0_8);
}
inline const char* NameOf(aclDataType d) { return DtypeName(d); }

/// CheckDimRange: x2's storage rank 2..6 (ND) or 4..8 (NZ); x1 and out 2..6 dims; scale 1-D (or of x2's rank) -
/// an MX (FLOAT8_E8M0) scale 3..7 dims.
inline int QmmDimRange(const QmmArgs& a) {
    // CANN reads x2's storage rank; for an ND x2 the view's rank stands in here (aclcpu's callers, like its
    // tests, may describe an ND storage as one flat dim), for FRACTAL_NZ the storage's
    const bool nz = IsNz(a.x2);
    const size_t x2n = nz ? a.x2->storage_shape.size() : a.x2->view_shape.size();
    if (x2n < (nz ? 4u : 2u) || x2n > (nz ? 8u : 6u)) {
        // beyond CANN's log (its CHECK_RET returns false silently)
        return Fail(ACLNN_ERR_PARAM_INVALID, "The storage dim num of x2 should be in [%d, %d], but got %zu.",
                    nz ? 4 : 2, nz ? 8 : 6, x2n);
    }
    const aclTensor* t2[2] = {a.x1, a.out};
    const char* n2[2] = {"x1", "out"};
    for (int i = 0; i < 2; ++i) {
        if (t2[i]->view_shape.size() < 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor must have at least 2 dimensions.", n2[i]);
        }
    }
    for (int i = 0; i < 2; ++i) {
        if (t2[i]->view_shape.size() > 6) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than 6 dimensions.", n2[i]);
        }
    }
    const size_t sn = a.scale->view_shape.size();
    if (a.scale->dtype == ACL_FLOAT8_E8M0) {
        if (sn < 3) return Fail(ACLNN_ERR_PARAM_INVALID, "The scale tensor must have at least 3 dimensions.");
        if (sn > 7) return Fail(ACLNN_ERR_PARAM_INVALID, "The scale tensor cannot be larger than 7 dimensions.");
    } else {
        const size_t want = sn == a.x2->view_shape.size() ? sn : 1;
        if (sn != want) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected %zu dimension input, but got scale with sizes %s.", want,
                        Dims(a.scale->view_shape).c_str());
        }
    }
    return 0;
}

/// op::ToString(SocVersion) as CANN's messages print the product.
inline const char* SocVersionName(rt::Soc soc) {
    switch (soc) {
        case rt::Soc::kAscend950: return "Ascend950";
        case rt::Soc::kAscend910B: return "Ascend910B";
        case rt::Soc::kAscend910_93: return "Ascend910_93";
        case rt::Soc::kAscend910: return "Ascend910";
        case rt::Soc::kAscend310P: return "Ascend310P";
    }
    return "Ascend";
}

/// CheckSupportSocVersion: A8W8 on Atlas A2/A3, the Ascend 950 and Ascend 310P; A4W4 on Atlas A2/A3 and the 950;
/// else 361001.
inline int QmmSoc(const OpCall& c, bool a4w4) {
    const bool ok = c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93 ||
                    c.soc == rt::Soc::kAscend950 || (!a4w4 && c.soc == rt::Soc::kAscend310P);
    if (ok) return 0;
    return Fail(ACLNN_ERR_RUNTIME_ERROR, "QuantBatchMatmul support for %s is not implemented in %s scenario.",
                SocVersionName(c.soc), a4w4 ? "a4w4" : "a8w8");
}

/// CheckDtypeValid: the common lists, x1's dtype x2's, offset FLOAT only with an INT8 out; then the product's rules
/// (Ascend 310P: CheckDtypeValidOnOnlyL0c2ub(Pertoken); Atlas A2/A3 - and, at the reference tier, the Ascend 950,
/// whose QuantMatmulChecker is not modelled rule by rule - CheckDtypeValidOnOnlyL0c2out).
inline int QmmDtypes(const OpCall& c, const QmmArgs& a, bool a4w4) {
    // A4W4: INT32 packs were turned into INT4 by the op_api before this check (ConvertTensorToInt4)
    auto in_ok = [&](aclDataType d) { return d == ACL_INT8 || d == ACL_INT4 || (a4w4 && d == ACL_INT32); };
    if (!in_ok(a.x1->dtype)) return NotInList(a.x1, "x1", "DT_INT4, DT_INT8");
    if (!in_ok(a.x2->dtype)) return NotInList(a.x2, "x2", "DT_INT4, DT_INT8");
    const aclDataType sd = a.scale->dtype;
    if (sd != ACL_UINT64 && sd != ACL_BF16 && sd != ACL_INT64 && sd != ACL_FLOAT) {
        return NotInList(a.scale, "scale", "DT_UINT64, DT_BF16, DT_INT64, DT_FLOAT");
    }
    const aclDataType bd = a.bias != nullptr ? a.bias->dtype : ACL_DT_UNDEFINED;
    if (a.bias != nullptr && bd != ACL_INT32 && bd != ACL_BF16 && bd != ACL_FLOAT16 && bd != ACL_FLOAT) {
        return NotInList(a.bias, "bias", "DT_INT32, DT_BF16, DT_FLOAT16, DT_FLOAT");
    }
    const aclDataType od = a.out->dtype;
    if (od != ACL_INT8 && od != ACL_FLOAT16 && od != ACL_BF16 && od != ACL_INT32) {
        return NotInList(a.out, "out", "DT_INT8, DT_FLOAT16, DT_BF16, DT_INT32");
    }
    const aclDataType x1d = a.x1->dtype == ACL_INT32 ? ACL_INT4 : a.x1->dtype;
    const aclDataType x2d = a.x2->dtype == ACL_INT32 ? ACL_INT4 : a.x2->dtype;
    if (x1d != x2d) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "In non-A8W4 case, x1 and x2 dtype should be same, actual x1 dtype is %s and x2 dtype is %s.",
                    NameOf(a.x1->dtype), NameOf(a.x2->dtype));
    }
    if (a.offset != nullptr) {
        if (a.offset->dtype != ACL_FLOAT) return NotDtype(a.offset, "offset", ACL_FLOAT);
        if (od != ACL_INT8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Offset only exists when out dtype is INT8, actual dtype is %s.",
                        NameOf(od));
        }
    }
    if (c.soc == rt::Soc::kAscend310P) {
        if (x1d != ACL_INT8 || x2d != ACL_INT8) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Input x1 and x2 dtype should be INT8, actual dtype are %s and %s",
                        NameOf(a.x1->dtype), NameOf(a.x2->dtype));
        }
        if (a.pertoken == nullptr) {
            if (sd != ACL_UINT64 && sd != ACL_INT64) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "Scale dtype should be UINT64 or INT64, actual dtype is %s",
                            NameOf(sd));
            }
        } else if (sd != ACL_FLOAT) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Scale dtype should be FLOAT, actual dtype is %s", NameOf(sd));
        }
        if (a.bias != nullptr && bd != ACL_INT32) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Bias dtype should be INT32, actual dtype is %s", NameOf(bd));
        }
        if (a.pertoken == nullptr) {
            if (od != ACL_INT8 && od != ACL_FLOAT16) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "Output dtype should be INT8 or FLOAT16, actual dtype is %s",
                            NameOf(od));
            }
        } else {
            if (a.pertoken->dtype != ACL_FLOAT) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "PertokenScaleOptional should be FLOAT, actual dtype is %s",
                            NameOf(a.pertoken->dtype));
            }
            if (od != ACL_FLOAT16) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "Output dtype should be FLOAT16, actual dtype is %s", NameOf(od));
            }
        }
        return 0;
    }
    // CheckDtypeValidOnOnlyL0c2out: the A4W4 rule, the unclassified rule, the pertoken rule
    if (a4w4) {
        if (a.pertoken == nullptr) {
            if (sd != ACL_UINT64 && sd != ACL_INT64) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "Scale dtype should be UINT64 or INT64 in a4w4 without pertoken scale scenario, actual "
                            "dtype is %s.",
                            NameOf(sd));
            }
            if (a.bias != nullptr && bd != ACL_INT32) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "Bias dtype should be INT32 in a4w4 without pertoken scale scenario, actual dtype is %s",
                            NameOf(bd));
            }
        }
        if (od != ACL_FLOAT16 && od != ACL_BF16) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Output dtype should be FLOAT16 or BFLOAT16 in a4w4 scenario, actual dtype is %s.", NameOf(od));
        }
    }
    if (a.bias != nullptr && bd == ACL_BF16 && od != ACL_BF16) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "When bias dtype is BFLOAT16, out dtype should be BFLOAT16, actual dtype is %s.",
                    NameOf(od));
    }
    if (sd == ACL_BF16 && od != ACL_BF16 && od != ACL_INT32) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "When scale dtype is BFLOAT16, out dtype should be BFLOAT16 or INT32, actual dtype is %s",
                    NameOf(od));
    }
    if (od == ACL_BF16 && sd != ACL_BF16 && sd != ACL_FLOAT) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "When the dtype of out is BFLOAT16, scale dtype should be BFLOAT16/FLOAT in A4W4/A8W8 scenario, "
                    "actual dtype is %s.",
                    NameOf(sd));
    }
    if (od == ACL_INT8 && sd != ACL_INT64 && sd != ACL_UINT64) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "When the dtype of out is INT8, scale dtype should be INT64 or UINT64, actual dtype is %s.",
                    NameOf(sd));
    }
    if (od == ACL_INT32 && sd != ACL_FLOAT && sd != ACL_BF16) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "When the dtype of out is INT32, scale dtype should be FLOAT or BFLOAT16, actual dtype is %s.",
                    NameOf(sd));
    }
    if (od == ACL_INT32 && a.bias != nullptr && bd != ACL_INT32) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "When the dtype of out is INT32, bias dtype should be INT32, actual dtype is %s.", NameOf(bd));
    }
    if (a.pertoken != nullptr) {
        if (a.pertoken->dtype != ACL_FLOAT) return NotDtype(a.pertoken, "pertokenScaleOptional", ACL_FLOAT);
        if (a.bias != nullptr && bd == ACL_FLOAT16 && od != ACL_FLOAT16) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "When pertokenScaleOptional is not nullptr, bias dtype is FLOAT16, out dtype should be "
                        "FLOAT16, actual dtype is %s.",
                        NameOf(od));
        }
        if (od != ACL_FLOAT16 && od != ACL_BF16) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "When pertokenScaleOptional is not nullptr, out dtype should be FLOAT16 or BFLOAT16, actual "
                        "dtype is %s.",
                        NameOf(od));
        }
        if (od == ACL_FLOAT16 && sd != ACL_FLOAT && sd != ACL_UINT64) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "When pertokenScaleOptional is not nullptr, out dtype is FLOAT16, scale dtype should be FLOAT "
                        "or UINT64, actual dtype is %s.",
                        NameOf(sd));
        }
    } else {
        if (a.bias != nullptr && bd == ACL_FLOAT16) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "When pertokenScaleOptional is nullptr, bias dtype should not be FLOAT16.");
        }
        if (a.bias != nullptr && bd == ACL_FLOAT && od != ACL_BF16) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "When pertokenScaleOptional is nullptr and bias dtype is FLOAT, out dtype should be BFLOAT16, "
                        "actual dtype is %s.",
                        NameOf(od));
        }
        if ((od == ACL_INT8 || od == ACL_FLOAT16) && sd == ACL_FLOAT) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "When pertokenScaleOptional is nullptr and output dtype is INT8 or FLOAT16, scale dtype "
                        "should not be FLOAT.");
        }
    }
    return 0;
}

/// CheckShape: A4W4 x1 not transposed and k (n for x2 untransposed) even; x1's k equal to x2's; the last dims at
/// most 65535 (except on Atlas A2/A3 for INT8 inputs with a FLOAT / BF16 1-D scale and a 1-D pertoken scale);
/// scale [n] or [1]; offset 1-D [n] or [1]; pertoken 1-D [m]; the batch dims broadcastable; bias [n] or [batch, 1,
/// n] (a single batch dim); out [batch..., m, n] (a 2-D product may be written into [m, 1, n]).
inline int QmmShapes(const OpCall& c, const QmmArgs& a, bool a4w4) {
    const std::vector<int64_t>& s1 = a.x1->view_shape;
    const std::vector<int64_t>& s2 = a.x2->view_shape;
    const size_t n1 = s1.size();
    const size_t n2 = s2.size();
    const int64_t k1 = a.tx1 ? s1[n1 - 2] : s1[n1 - 1];
    const int64_t m = a.tx1 ? s1[n1 - 1] : s1[n1 - 2];
    // an INT32 pack holds 8 INT4 values along the last dim
    const int64_t pack1 = a.x1->dtype == ACL_INT32 ? 8 : 1;
    const int64_t pack2 = a.x2->dtype == ACL_INT32 ? 8 : 1;
    const int64_t k1v = a.tx1 ? k1 : k1 * pack1;
    const int64_t k2 = a.tx2 ? s2[n2 - 1] * pack2 : s2[n2 - 2];
    const int64_t n = a.tx2 ? s2[n2 - 2] : s2[n2 - 1] * pack2;
    if (a4w4 && a.tx1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x1 only support transposeX1 false in a4w4 scenario.");
    }
    if (k1v != k2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x1 k dim and x2 k dim should be same, but x1 is %ld, x2 is %ld.",
                    static_cast<long>(k1v), static_cast<long>(k2));
    }
    const bool large_ok = (c.soc == rt::Soc::kAscend910B || c.soc == rt::Soc::kAscend910_93) &&
                          a.x1->dtype == ACL_INT8 && a.x2->dtype == ACL_INT8 &&
                          (a.scale->dtype == ACL_FLOAT || a.scale->dtype == ACL_BF16) && a.pertoken != nullptr &&
                          a.pertoken->view_shape.size() == 1 && a.scale->view_shape.size() == 1;
    if (!large_ok && (s1[n1 - 1] > 65535 || s2[n2 - 1] > 65535)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x1 last dim or x2 last dim is larger than 65535, x1 is %ld, x2 is %ld.",
                    static_cast<long>(s1[n1 - 1]), static_cast<long>(s2[n2 - 1]));
    }
    const int64_t s0 = a.scale->view_shape.empty() ? 1 : a.scale->view_shape[0];
    if (s0 != n && s0 != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Scale last dim should equal to x2 n dim %ld or 1, but actual is %ld.",
                    static_cast<long>(n), static_cast<long>(s0));
    }
    if (a.offset != nullptr) {
        if (a.offset->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 1 dimension input, but got offset with sizes %s.",
                        Dims(a.offset->view_shape).c_str());
        }
        if (a.offset->view_shape[0] != n && a.offset->view_shape[0] != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Offset 1st dim should equal to x2 n dim %ld or 1, but actual is %ld.",
                        static_cast<long>(n), static_cast<long>(a.offset->view_shape[0]));
        }
    }
    if (a.pertoken != nullptr) {
        if (a.pertoken->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 1 dimension input, but got pertokenScaleOptional with sizes %s.",
                        Dims(a.pertoken->view_shape).c_str());
        }
        if (a.pertoken->view_shape[0] != m) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "PertokenScaleOptional 1st dim should be equal to x1 m dim %ld or 1, but actually is %ld.",
                        static_cast<long>(m), static_cast<long>(a.pertoken->view_shape[0]));
        }
    }
    // InferOutputShape
    const size_t on = std::max(n1, n2);
    const std::vector<int64_t>& lng = n1 > n2 ? s1 : s2;
    const std::vector<int64_t>& sht = n1 > n2 ? s2 : s1;
    const size_t off = on - std::min(n1, n2);
    std::vector<int64_t> batch;
    int64_t batch_all = 1;
    for (size_t i = 0; i + 2 < on; ++i) {
        const int64_t sv = i < off ? 1 : sht[i - off];
        const int64_t lv = lng[i];
        if (sv > 1 && lv > 1 && sv != lv) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Current short dim value %ld and long dim value %ld are not supported for broadcasting.",
                        static_cast<long>(sv), static_cast<long>(lv));
        }
        batch.push_back(std::max(sv, lv));
        batch_all *= std::max(sv, lv);
    }
    if (a.bias != nullptr) {
        const std::vector<int64_t>& b = a.bias->view_shape;
        if (b.size() != 3 && b.size() != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Bias dim-num should equal 3 or 1, but it is %zu.", b.size());
        }
        if (b.size() == 1) {
            if (b[0] != n) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "Bias 1st dim should be equal to x2 n dim %ld, but it is %ld.",
                            static_cast<long>(n), static_cast<long>(b[0]));
            }
        } else {
            if (batch.size() != 1) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "When bias dim-num is 3, infered out batch dim-num should be 1, but infered out batch "
                            "dim-num is %zu.",
                            batch.size());
            }
            if (b[0] != batch_all) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "Bias 1st dim should be equal to out batch dim, but it is %ld and infered out batch dim is "
                            "%ld.",
                            static_cast<long>(b[0]), static_cast<long>(batch_all));
            }
            if (b[1] != 1) {
                // CANN's message prints the first dim here
                return Fail(ACLNN_ERR_PARAM_INVALID, "Bias 2nd dim should be equal to 1, but it is %ld.",
                            static_cast<long>(b[0]));
            }
            if (b[2] != n) {
                return Fail(ACLNN_ERR_PARAM_INVALID,
                            "Bias last dim should be equal to x2 n dim %ld, but actually is %ld.", static_cast<long>(n),
                            static_cast<long>(b[2]));
            }
        }
    }
    // CheckOutShape
    const std::vector<int64_t>& o = a.out->view_shape;
    size_t odn = o.size();
    int64_t om = o[odn - 2];
    const int64_t onn = o[odn - 1];
    const size_t want = batch.size() + 2;
    if (om == 1 && want == 2 && odn == 3 && n1 == 2 && n2 == 2) {
        odn -= 1;
        om = o[0];
    }
    if (want != odn) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Infered output dim-num %zu is not equal to actual out dim-num %zu.", want,
                    odn);
    }
    if (om != m) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Out 1st dim should be equal to x1 m dim, but out 1st dim is %ld, x1 m dim is %ld.",
                    static_cast<long>(om), static_cast<long>(m));
    }
    if (onn != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Out 2nd dim should be equal to x2 n dim, but out 2nd dim is %ld, x2 n dim is %ld.",
                    static_cast<long>(onn), static_cast<long>(n));
    }
    for (size_t i = 0; i + 2 < odn; ++i) {
        if (o[i] != batch[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Output dim %ld is not equal to infered output dim %ld at shape index %zu.",
                        static_cast<long>(o[i]), static_cast<long>(batch[i]), i);
        }
    }
    return 0;
}

/// CheckFormat: x1 ND (or, on the Ascend 310P with a pertoken scale, NZ), x2 ND or NZ, scale / offset / pertoken /
/// bias ND; A4W4: x1 ND, x2 ND or NZ. CANN returns false without a message; the message is aclcpu's.
inline int QmmFormats(const OpCall& c, const QmmArgs& a) {
    const bool x1_ok = a.x1->format == ACL_FORMAT_ND ||
                       (c.soc == rt::Soc::kAscend310P && a.pertoken != nullptr && IsNz(a.x1));
    const bool ok = x1_ok && (a.x2->format == ACL_FORMAT_ND || IsNz(a.x2)) && a.scale->format == ACL_FORMAT_ND &&
                    (a.offset == nullptr || a.offset->format == ACL_FORMAT_ND) &&
                    (a.pertoken == nullptr || a.pertoken->format == ACL_FORMAT_ND) &&
                    (a.bias == nullptr || a.bias->format == ACL_FORMAT_ND);
    if (ok) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "QuantMatmul format unsupported: x1 %d, x2 %d (x1 ND, x2 ND or FRACTAL_NZ, the others ND).",
                static_cast<int>(a.x1->format), static_cast<int>(a.x2->format));
}

/// aclnnQuantMatmulGetWorkspaceSizeCommonProcess after CheckNotNull, for the A8W8 and A4W4 cases (INT8 / INT4 /
/// INT32-packed x1 and x2): CheckDimRange, CheckSupportSocVersion (361001), then CheckParams - the dtypes, the
/// shapes, the formats, an empty x1 or x2 refused. The Ascend 950's own QuantMatmulChecker (and its early success on
/// m = 0 or n = 0) is not modelled rule by rule: the Atlas A2/A3 rules stand in for it (docs/ops/nn_quant_matmul.md).
inline int CheckQuantMatmul(const OpCall& c, const QmmArgs& a) {
    if (int ret = QmmDimRange(a)) return ret;
    const bool a4w4 = IsInt4Like(a.x1->dtype) && IsInt4Like(a.x2->dtype);
    if (int ret = QmmSoc(c, a4w4)) return ret;
    if (int ret = QmmDtypes(c, a, a4w4)) return ret;
    if (int ret = QmmShapes(c, a, a4w4)) return ret;
    if (int ret = QmmFormats(c, a)) return ret;
    if (a.x1->numel == 0 || a.x2->numel == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "QuantMatmul not support to process empty tensor currently.");
    }
    return 0;
}


// ================================================================================ QuantMatmulV5 / QuantMatmulWeightNz

/// opbase's OP_LOGE_FOR_INVALID_*_WITH_REASON message (its format string is not in the public repositories; restated
/// as aclcpu's other entries do): "Parameter <name> of <api> has incorrect <what> <value>. Reason: <reason>".
inline int V5Invalid(const char* api, const char* name, const char* what, const std::string& value,
                     const std::string& reason, int code = ACLNN_ERR_PARAM_INVALID) {
    return Fail(code, "Parameter %s of %s has incorrect %s %s. Reason: %s", name, api, what, value.c_str(),
                reason.c_str());
}

struct V5Args {
    const aclTensor* x1;
    const aclTensor* x2;
    const aclTensor* x1Scale;
    const aclTensor* x2Scale;
    const aclTensor* yScale;
    const aclTensor* x1Offset;
    const aclTensor* x2Offset;
    const aclTensor* yOffset;
    const aclTensor* bias;
    const aclTensor* out;
    bool tx1;
    bool tx2;
    int64_t groupSize;
    const char* api;
};

inline bool IsFp8(aclDataType d) { return d == ACL_FLOAT8_E4M3FN || d == ACL_FLOAT8_E5M2; }
inline bool IsEmptyT(const aclTensor* t) { return t != nullptr && t->numel == 0; }
inline bool InDt(aclDataType d, std::initializer_list<aclDataType> l) {
    return std::find(l.begin(), l.end(), d) != l.end();
}
inline std::string DtList(std::initializer_list<aclDataType> l) {
    std::string r = "[";
    for (aclDataType d : l) r += (r.size() > 1 ? ", " : "") + std::string(DtypeName(d));
    return r + "]";
}
inline bool V5Mx(const V5Args& a) {
    return a.x1Scale != nullptr && a.x1Scale->dtype == ACL_FLOAT8_E8M0 && a.x2Scale->dtype == ACL_FLOAT8_E8M0;
}
inline bool V5A8W4Float(const V5Args& a) { return IsFp8(a.x1->dtype) && a.x2->dtype == ACL_FLOAT4_E2M1; }
inline bool V5A8W4Int(const V5Args& a) {
    return a.x1->dtype == ACL_INT8 && (a.x2->dtype == ACL_INT32 || a.x2->dtype == ACL_INT4) && a.yOffset != nullptr;
}

/// aclnnQuantMatmulV5GetWorkspaceSize before its executor: on the Ascend 950 (DAV_3510) x2 NULL (161001) or of a
/// FRACTAL_NZ format (161002; aclnnQuantMatmulWeightNz is the NZ entry there). c.t = {x1, x2, ...}.
inline int V5NzImpl(const OpCall& c) {
    // before tensors_not_null: c.soc is not set yet
    if (rt::ActiveSoc() != rt::Soc::kAscend950) return 0;
    if (c.t[1] == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument x2.");
    }
    if (IsNz(c.t[1])) {
        return V5Invalid("aclnnQuantMatmulV5GetWorkspaceSize", "x2", "format", "FORMAT_FRACTAL_NZ",
                         "The format of x2 must be FORMAT_ND");
    }
    return 0;
}

/// CheckInputExistence (after the null checks of x1, x2, x2Scale, out): the parameters V5 does not use given
/// non-empty - yScale outside A8W4, x1Offset, x2Offset in A8W4, yOffset outside A8W4 INT. CANN's CHECK_RET returns
/// 161001 (ACLNN_ERR_PARAM_NULLPTR) for these.
inline int V5Existence(const V5Args& a) {
    const bool a8w4 = V5A8W4Float(a) || (a.x1->dtype == ACL_INT8 && a.x2->dtype == ACL_INT32);
    if (!a8w4 && a.yScale != nullptr && !IsEmptyT(a.yScale)) {
        return V5Invalid(a.api, "yScale", "value", "not empty/null", "The value of yScale must be empty tensor or nullptr",
                         ACLNN_ERR_PARAM_NULLPTR);
    }
    if (a.x1Offset != nullptr && !IsEmptyT(a.x1Offset)) {
        return V5Invalid(a.api, "x1Offset", "value", "not empty/null",
                         "The value of x1Offset must be empty tensor or nullptr", ACLNN_ERR_PARAM_NULLPTR);
    }
    if (a8w4 && a.x2Offset != nullptr) {
        return V5Invalid(a.api, "x2Offset", "value", "not empty/null",
                         "The value of x2Offset must be empty tensor or nullptr", ACLNN_ERR_PARAM_NULLPTR);
    }
    if (a.yOffset != nullptr && !IsEmptyT(a.yOffset) && !(a.x1->dtype == ACL_INT8 && a.x2->dtype == ACL_INT32)) {
        return V5Invalid(a.api, "yOffset", "value", "not empty/null",
                         "The value of yOffset must be empty tensor or nullptr", ACLNN_ERR_PARAM_NULLPTR);
    }
    return 0;
}

/// The dims of x1 / x2 / out: x2's storage 2..6 (4..8 NZ), x1 and out 2..6 (A8W4: x1, x2, out, bias 2-D).
inline int V5Dims(const V5Args& a, bool a8w4) {
    const bool nz = IsNz(a.x2);
    const size_t x2n = nz ? a.x2->storage_shape.size() : a.x2->view_shape.size();
    if (x2n < (nz ? 4u : 2u) || x2n > (nz ? 8u : 6u)) {
        return V5Invalid(a.api, "x2", "shape dim", std::to_string(x2n), "The shape dim of x2 must be in the valid range");
    }
    const aclTensor* ts[2] = {a.x1, a.out};
    const char* ns[2] = {"x1", "out"};
    for (int i = 0; i < 2; ++i) {
        const size_t d = ts[i]->view_shape.size();
        if (d < 2 || d > 6) {
            return V5Invalid(a.api, ns[i], "shape dim", std::to_string(d),
                             std::string("The shape dim of ") + ns[i] + " must be in [2, 6]");
        }
    }
    if (a8w4) {
        const aclTensor* t2[4] = {a.x1, a.x2, a.bias, a.out};
        const char* n2[4] = {"x1", "x2", "bias", "y"};
        for (int i = 0; i < 4; ++i) {
            if (t2[i] != nullptr && t2[i]->view_shape.size() != 2) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "The dimension of %s should be 2. Actual %s dimension: %zu.", n2[i],
                            n2[i], t2[i]->view_shape.size());
            }
        }
    }
    return 0;
}

/// The dtype rules of QuantMatmulChecker::CheckDtype per arch for the modes it routes (a subset of its rules: the
/// dtype lists of each mode; docs/ops/nn_quant_matmul.md lists what is not modelled).
inline int V5Dtypes(const OpCall& c, const V5Args& a) {
    const aclDataType d1 = a.x1->dtype, d2 = a.x2->dtype, od = a.out->dtype, sd = a.x2Scale->dtype;
    const bool int_in = InDt(d1, {ACL_INT8, ACL_INT4, ACL_INT32}) && InDt(d2, {ACL_INT8, ACL_INT4, ACL_INT32});
    const bool fp8_in = IsFp8(d1) && IsFp8(d2);
    const bool hif8_in = d1 == ACL_HIFLOAT8 && d2 == ACL_HIFLOAT8;
    const bool fp4_in = d1 == ACL_FLOAT4_E2M1 && d2 == ACL_FLOAT4_E2M1;
    if (c.soc == rt::Soc::kAscend910) {
        return Fail(ACLNN_ERR_RUNTIME_ERROR, "AclnnQuantMatmul do not support this platform: %s.",
                    SocVersionName(c.soc));
    }
    if (c.soc != rt::Soc::kAscend950) {
        // CheckDtypeOnlyL0c2out / OnlyL0c2ub: outside A4W4 the per-tensor / per-channel / per-token rules name x1 and
        // x2 INT8 (OpCheckDtypeNotMatch)
        if (!int_in) {
            if (!InDt(d1, {ACL_INT8, ACL_INT4, ACL_INT32})) return NotDtype(a.x1, "x1", ACL_INT8);
            return NotDtype(a.x2, "x2", ACL_INT8);
        }
        return 0;  // the V3 / V4 rules follow (QmmDtypes) for the 1-D scale modes
    }
    // DAV_3510: CheckDtypeL0c2outOrL0c2ub
    if (od == ACL_INT32 && a.x1Scale != nullptr) {
        return V5Invalid(a.api, "x1Scale(pertokenScale)", "value", "not null",
                         "when the dtype of out is INT32, pertokenScaleOptional/x1Scale(pertokenScale) must be null");
    }
    if (a.x1Scale == nullptr) {
        if (od == ACL_INT32 && (d1 != ACL_INT8 || d2 != ACL_INT8)) {
            return V5Invalid(a.api, "x1, x2", "dtypes", std::string(DtypeName(d1)) + ", " + DtypeName(d2),
                             "when the dtype of out is INT32, the dtypes of x1 and x2 must be INT8");
        }
        if (int_in) return 0;  // CheckL0c2outOrL0c2ubPertensorPerchannel4Int8Input: QmmDtypes' rules follow
        if (fp8_in || hif8_in) {
            if (!InDt(sd, {ACL_UINT64, ACL_INT64})) {
                return V5Invalid(a.api, "x2Scale(scale)", "dtype", DtypeName(sd),
                                 "The dtype of x2Scale(scale) must be within the range " + DtList({ACL_UINT64, ACL_INT64}));
            }
            if (a.bias != nullptr && a.bias->dtype != ACL_FLOAT) return NotDtype(a.bias, "bias", ACL_FLOAT);
            if (a.x2Offset != nullptr) {
                return V5Invalid(a.api, "x2Offset(offset)", "value", "not null",
                                 "when x1 and x2 are FLOAT8 or HIFLOAT8, x2Offset(offset) must be null");
            }
            if (!InDt(od, {ACL_FLOAT16, ACL_BF16, ACL_FLOAT})) {
                return V5Invalid(a.api, "out", "dtype", DtypeName(od),
                                 "The dtype of out must be within the range " + DtList({ACL_FLOAT16, ACL_BF16, ACL_FLOAT}));
            }
            return 0;
        }
        return V5Invalid(a.api, "x1, x2", "dtypes", std::string(DtypeName(d1)) + ", " + DtypeName(d2),
                         "when x1Scale(pertokenScale) is null, the dtypes of x1 and x2 must be the same and must be in "
                         "[INT8, FLOAT8, HIFLOAT8]");
    }
    if (V5Mx(a)) {
        if (!fp4_in && !fp8_in) {
            return V5Invalid(a.api, "x1, x2", "dtypes", std::string(DtypeName(d1)) + ", " + DtypeName(d2),
                             "when x1Scale(pertokenScale) and x2Scale(scale) are FLOAT8_E8M0, the dtypes of x1 and x2 "
                             "must be FLOAT4_E2M1 or FLOAT8");
        }
        if (a.bias != nullptr && a.bias->dtype != ACL_FLOAT) return NotDtype(a.bias, "bias", ACL_FLOAT);
        if (!InDt(od, {ACL_FLOAT16, ACL_BF16, ACL_FLOAT})) {
            return V5Invalid(a.api, "out", "dtype", DtypeName(od),
                             "The dtype of out must be within the range " + DtList({ACL_FLOAT16, ACL_BF16, ACL_FLOAT}));
        }
        if (a.x2Offset != nullptr) {
            return V5Invalid(a.api, "x2Offset(offset)", "value", "not null",
                             "when x1Scale(pertokenScale) and x2Scale(scale) are FLOAT8_E8M0, x2Offset(offset) must be "
                             "null");
        }
        return 0;
    }
    if (int_in) {
        if (a.x2Offset != nullptr && (d1 == ACL_INT4 || d1 == ACL_INT32)) {  // K-G A4W4
            if (a.x1Scale->dtype != ACL_FLOAT) return NotDtype(a.x1Scale, "x1Scale(pertokenScale)", ACL_FLOAT);
            if (sd != ACL_FLOAT) return NotDtype(a.x2Scale, "x2Scale(scale)", ACL_FLOAT);
            if (a.x2Offset->dtype != ACL_FLOAT16) return NotDtype(a.x2Offset, "x2Offset(offset)", ACL_FLOAT16);
            if (!InDt(od, {ACL_FLOAT16, ACL_BF16})) return NotInList(a.out, "out", "DT_FLOAT16, DT_BF16");
            if (a.tx1 || !a.tx2) {
                return V5Invalid(a.api, "transposeX1, transposeX2", "values",
                                 std::string(a.tx1 ? "true" : "false") + ", " + (a.tx2 ? "true" : "false"),
                                 "in A4W4 scenario, transposeX1 must be false and transposeX2 must be true");
            }
            return 0;
        }
        return 0;  // pertoken / perblock: the V4 rules (QmmDtypes) or the perblock rule follow
    }
    if (fp8_in || hif8_in) {  // CheckDoubleScaleAndFp8Hif8PertokenPerblock
        if (a.x1Scale->dtype != ACL_FLOAT) return NotDtype(a.x1Scale, "x1Scale(pertokenScale)", ACL_FLOAT);
        if (sd != ACL_FLOAT) return NotDtype(a.x2Scale, "x2Scale(scale)", ACL_FLOAT);
        if (!InDt(od, {ACL_FLOAT16, ACL_BF16, ACL_FLOAT})) {
            return V5Invalid(a.api, "out", "dtype", DtypeName(od),
                             "The dtype of out must be within the range " + DtList({ACL_FLOAT16, ACL_BF16, ACL_FLOAT}));
        }
        const bool perblock = a.x1Scale->view_shape.size() > 1 && a.x2Scale->view_shape.size() > 1;
        if (perblock && a.bias != nullptr) {
            return V5Invalid(a.api, "bias", "value", "not null", "when the quantization mode is G-B or B-B, bias must be null");
        }
        if (a.bias != nullptr && a.bias->dtype != ACL_FLOAT) return NotDtype(a.bias, "bias", ACL_FLOAT);
        if (a.x2Offset != nullptr) {
            return V5Invalid(a.api, "x2Offset(offset)", "value", "not null",
                             "when x1 and x2 are FLOAT8 or HIFLOAT8 and x1Scale(pertokenScale) and x2Scale(scale) are "
                             "FLOAT, x2Offset(offset) must be null");
        }
        return 0;
    }
    return V5Invalid(a.api, "x1, x2", "dtypes", std::string(DtypeName(d1)) + ", " + DtypeName(d2),
                     "the quantization mode determined by x1, x2 and x1Scale(pertokenScale) must be supported");
}

/// The block / MX scale shapes (CheckDimValuePerblock / CheckDimValueMicroScaling, in outline): x1Scale [ceil(m/gm),
/// ceil(k/gk)] (MX: [m, ceil(k/64), 2]), x2Scale [ceil(k/gk), ceil(n/gn)] (MX: [ceil(k/64), n, 2]), each transposed with
/// its input; then k equal and out [batch..., m, n].
inline int V5BlockShapes(const V5Args& a) {
    const std::vector<int64_t>& s1 = a.x1->view_shape;
    const std::vector<int64_t>& s2 = a.x2->view_shape;
    const size_t n1 = s1.size(), n2 = s2.size();
    const int64_t m = a.tx1 ? s1[n1 - 1] : s1[n1 - 2];
    const int64_t k1 = a.tx1 ? s1[n1 - 2] : s1[n1 - 1];
    const int64_t k2 = a.tx2 ? s2[n2 - 1] : s2[n2 - 2];
    const int64_t n = a.tx2 ? s2[n2 - 2] : s2[n2 - 1];
    if (k1 != k2) {
        return V5Invalid(a.api, "x1 K, x2 K", "values", std::to_string(k1) + ", " + std::to_string(k2),
                         "the K dimension of x1 and x2 must be equal");
    }
    const std::vector<int64_t>& q1 = a.x1Scale->view_shape;
    const std::vector<int64_t>& q2 = a.x2Scale->view_shape;
    std::vector<int64_t> w1, w2;
    if (V5Mx(a)) {
        const int64_t g = (k1 + 63) / 64;
        w1 = a.tx1 ? std::vector<int64_t>{g, m, 2} : std::vector<int64_t>{m, g, 2};
        w2 = a.tx2 ? std::vector<int64_t>{n, g, 2} : std::vector<int64_t>{g, n, 2};
    } else {
        const uint64_t gs = static_cast<uint64_t>(a.groupSize);
        int64_t gk = static_cast<int64_t>(gs & 0xFFFF), gn = static_cast<int64_t>((gs >> 16) & 0xFFFF),
                gm = static_cast<int64_t>((gs >> 32) & 0xFFFF);
        // groupSize 0: inferred from the scales' shapes (InferGroupSize); the shapes then only need 2 dims here
        if (gk == 0 || gn == 0 || gm == 0) return 0;
        const int64_t mm = (m + gm - 1) / gm, kk = (k1 + gk - 1) / gk, nn = (n + gn - 1) / gn;
        w1 = a.tx1 ? std::vector<int64_t>{kk, mm} : std::vector<int64_t>{mm, kk};
        w2 = a.tx2 ? std::vector<int64_t>{nn, kk} : std::vector<int64_t>{kk, nn};
    }
    auto tail_eq = [](const std::vector<int64_t>& s, const std::vector<int64_t>& w) {
        if (s.size() < w.size()) return false;
        return std::equal(w.begin(), w.end(), s.end() - static_cast<long>(w.size()));
    };
    if (!tail_eq(q1, w1)) {
        return V5Invalid(a.api, "x1Scale(pertokenScale)", "shape", Dims(q1), "the shape of x1Scale(pertokenScale) must end in " + Dims(w1));
    }
    if (!tail_eq(q2, w2)) {
        return V5Invalid(a.api, "x2Scale(scale)", "shape", Dims(q2), "the shape of x2Scale(scale) must end in " + Dims(w2));
    }
    const std::vector<int64_t>& o = a.out->view_shape;
    if (o[o.size() - 2] != m || o[o.size() - 1] != n) {
        return V5Invalid(a.api, "out", "shape", Dims(o),
                         "the last two dims of out must be [" + std::to_string(m) + ", " + std::to_string(n) + "]");
    }
    if (a.bias != nullptr && a.bias->view_shape.back() != n) {
        return V5Invalid(a.api, "bias", "shape", Dims(a.bias->view_shape), "the last dim of bias must be n " + std::to_string(n));
    }
    return 0;
}

/// The A8W4 checks of aclnn_quant_matmul_v5.cpp (CheckA8W4FloatQuantType, CheckInputAttrExistence, CheckParamsA8W4Int /
/// Float: the product, the dtypes, the shapes).
inline int V5A8W4(const OpCall& c, const V5Args& a) {
    const bool is_int = a.x2->dtype == ACL_INT32;
    if (!is_int) {
        const bool mx = V5Mx(a);
        const bool tcg = a.x1Scale == nullptr && InDt(a.x2Scale->dtype, {ACL_BF16, ACL_FLOAT16});
        if (!mx && !tcg) {
            return V5Invalid(a.api, "x1Scale/x2Scale", "values",
                             std::string("x1Scale=") + (a.x1Scale ? DtypeName(a.x1Scale->dtype) : "DT_UNDEFINED") +
                                 ", x2Scale=" + DtypeName(a.x2Scale->dtype),
                             "A8W4 float scenario only supports MX quantization (x1Scale and x2Scale are FLOAT8_E8M0) "
                             "or TCG quantization (x1Scale is null and x2Scale is BF16 or FLOAT16)");
        }
    }
    if (a.tx1) return Fail(ACLNN_ERR_PARAM_INVALID, "Only support transposeX1 is false.");
    const bool nz = IsNz(a.x2);
    if (!a.tx2 && !is_int && !nz) {
        return V5Invalid(a.api, "transposeX2", "value", "false",
                         "When the quant mode is A8W4 fp8/4 ND, the value of transposeX2 must be true");
    }
    if (is_int) {
        const bool perchannel = a.x2Scale->view_shape.size() == 1;
        if (perchannel && a.groupSize != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "A8W4 [int8/4] perchannel only support groupSize equal to 0.");
        }
        if (!perchannel && a.groupSize != 256) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "A8W4 [int8/4] pergroup only support groupSize equal to 256.");
        }
    } else if ((static_cast<uint64_t>(a.groupSize) & 0xFFFF) != 32) {
        return V5Invalid(a.api, "groupSizeK", "value", std::to_string(static_cast<uint64_t>(a.groupSize) & 0xFFFF),
                         "When the quant mode is A8W4 fp8/4, the value of groupSizeK must be 32");
    }
    if (int ret = V5Dims(a, true)) return ret;
    if (is_int) {
        if (c.soc != rt::Soc::kAscend910B && c.soc != rt::Soc::kAscend910_93) {
            return Fail(ACLNN_ERR_RUNTIME_ERROR, "A8W4Int only Support socversion A2 or A3");
        }
        if (a.x1Scale == nullptr || IsEmptyT(a.x1Scale)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "In A8W4_Int mode, x1Scale does not support empty tensor or nullptr.");
        }
        if (a.bias != nullptr || a.yScale != nullptr) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "In A8W4_Int mode, bias and yScale must be null.");
        }
        if (a.yOffset == nullptr || IsEmptyT(a.yOffset)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "In A8W4_Int mode, yOffset does not support empty tensor or nullptr.");
        }
        if (a.x1Scale->dtype != ACL_FLOAT) return NotInList(a.x1Scale, "x1Scale", "DT_FLOAT");
        if (!InDt(a.x2Scale->dtype, {ACL_UINT64, ACL_INT64})) return NotInList(a.x2Scale, "x2Scale", "DT_UINT64");
        if (a.yOffset->dtype != ACL_FLOAT) return NotInList(a.yOffset, "yOffset", "DT_FLOAT");
        if (!InDt(a.out->dtype, {ACL_BF16, ACL_FLOAT16})) return NotInList(a.out, "out", "DT_BF16, DT_FLOAT16");
    } else {
        if (c.soc != rt::Soc::kAscend950) return Fail(ACLNN_ERR_RUNTIME_ERROR, "A8W4 only Support NpuArch DAV3510");
        if (!InDt(a.out->dtype, {ACL_BF16, ACL_FLOAT16})) {
            return V5Invalid(a.api, "out", "dtype", DtypeName(a.out->dtype),
                             "The dtype of out must be within the range " + DtList({ACL_BF16, ACL_FLOAT16}));
        }
        if (a.x1Scale == nullptr) {
            if (a.bias != nullptr) {
                return V5Invalid(a.api, "bias", "value", "non-null bias",
                                 "When the quant mode is A8W4 T-CG, the value of bias must be null");
            }
            if (a.yScale == nullptr) {
                return V5Invalid(a.api, "yScale", "value", "null yScale",
                                 "When the quant mode is A8W4 T-CG, the value of yScale can not be null");
            }
            if (!InDt(a.yScale->dtype, {ACL_UINT64, ACL_INT64})) {
                return V5Invalid(a.api, "yScale", "dtype", DtypeName(a.yScale->dtype),
                                 "The dtype of yScale must be within the range " + DtList({ACL_UINT64}));
            }
        } else {
            if (a.bias != nullptr && a.bias->dtype != a.out->dtype) {
                return V5Invalid(a.api, "bias", "dtype", DtypeName(a.bias->dtype),
                                 "When the quant mode is MxA8W4, the dtype of bias must be consistent with the dtype of out");
            }
            if (a.yScale != nullptr) {
                return V5Invalid(a.api, "yScale", "value", "not null",
                                 "When the quant mode is MxA8W4, the value of yScale must be null");
            }
        }
    }
    // CheckShape (A8W4): m > 0, k equal, the scales' shapes, out [m, n]
    const std::vector<int64_t>& s1 = a.x1->view_shape;
    const std::vector<int64_t>& s2 = a.x2->view_shape;
    const int64_t pack = is_int ? 8 : 1;
    const int64_t m = s1[0], k1 = s1[1];
    const int64_t k2 = a.tx2 ? s2[1] : s2[0];
    const int64_t n = a.tx2 ? s2[0] : s2[1] * pack;
    if (m <= 0) return Fail(ACLNN_ERR_PARAM_INVALID, "the m-dim must > 0, which is %ld", static_cast<long>(m));
    if (k1 != k2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "the k dim of x1 and x2 must be same, which are %ld and %ld",
                    static_cast<long>(k1), static_cast<long>(k2));
    }
    if (is_int) {
        const bool perchannel = a.x2Scale->view_shape.size() == 1;
        const int64_t align = perchannel ? 2 : 256;
        if (k1 % align != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "the k dim must be align to %ld, which is %ld", static_cast<long>(align),
                        static_cast<long>(k1));
        }
        const int64_t g = (k1 + 255) / 256;
        const std::vector<int64_t>& q2 = a.x2Scale->view_shape;
        if ((q2.size() == 2 && (q2[0] != g || q2[1] != n)) || (q2.size() == 1 && q2[0] != n) || q2.size() > 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The x2scale shape must be [%ld, %ld], which are %s", static_cast<long>(g),
                        static_cast<long>(n), Dims(q2).c_str());
        }
        const std::vector<int64_t>& q1 = a.x1Scale->view_shape;
        if (q1[0] != m || (q1.size() == 2 && q1[1] != 1)) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The x1scale shape must be [%ld, 1], which are %s", static_cast<long>(m),
                        Dims(q1).c_str());
        }
        if (a.yOffset->view_shape.size() != 1 || a.yOffset->view_shape[0] != n) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The yOffset shape must be [%ld], which is %s", static_cast<long>(n),
                        Dims(a.yOffset->view_shape).c_str());
        }
    }
    const std::vector<int64_t>& o = a.out->view_shape;
    if (o[0] != m || o[1] != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The out shape must be [%ld, %ld], which are [%ld, %ld]", static_cast<long>(m),
                    static_cast<long>(n), static_cast<long>(o[0]), static_cast<long>(o[1]));
    }
    return 0;
}

/// QuantMatmulChecker::CheckGroupSize on the Ascend 950 (DAV_3510) after InferGroupSize (a zero field taken from the
/// shapes - aclcpu: the ceiling of the dim over the scale's): K-G A4W4 groupSizeK 256; MX [1, 1, 32]; G-B / B-B
/// groupSizeK and groupSizeN 128, groupSizeM 1 or 128; any other mode groupSize 0.
inline int V5GroupSize(const OpCall& c, const V5Args& a) {
    if (c.soc != rt::Soc::kAscend950) return 0;
    const uint64_t gs = static_cast<uint64_t>(a.groupSize);
    uint64_t gm = (gs >> 32) & 0xFFFF, gn = (gs >> 16) & 0xFFFF, gk = gs & 0xFFFF;
    auto values = [&]() {
        return std::to_string(a.groupSize) + ", " + std::to_string(gm) + ", " + std::to_string(gn) + ", " +
               std::to_string(gk);
    };
    const std::vector<int64_t>& s1 = a.x1->view_shape;
    const std::vector<int64_t>& s2 = a.x2->view_shape;
    const int64_t m = a.tx1 ? s1.back() : s1[s1.size() - 2];
    const int64_t k = a.tx1 ? s1[s1.size() - 2] : s1.back();
    const int64_t n = a.tx2 ? s2[s2.size() - 2] : s2.back();
    auto infer = [](uint64_t g, int64_t size, int64_t groups) -> uint64_t {
        if (g != 0 || groups <= 0) return g;
        return static_cast<uint64_t>((size + groups - 1) / groups);
    };
    const bool kg_a4w4 = a.x2Offset != nullptr && a.x2Offset->view_shape.size() > 1;
    const bool int8_in = a.x1->dtype == ACL_INT8 && a.x2->dtype == ACL_INT8;
    const bool f8_in = (IsFp8(a.x1->dtype) && IsFp8(a.x2->dtype)) ||
                       (a.x1->dtype == ACL_HIFLOAT8 && a.x2->dtype == ACL_HIFLOAT8);
    const bool perblock = !V5Mx(a) && (int8_in || f8_in) && a.x1Scale != nullptr && a.x1Scale->dtype == ACL_FLOAT &&
                          a.x2Scale->dtype == ACL_FLOAT && a.x1Scale->view_shape.size() > 1 &&
                          a.x2Scale->view_shape.size() > 1;
    if (kg_a4w4) {
        gk = infer(gk, k, a.x2Scale->view_shape[0]);
        if (gk != 256) {
            return V5Invalid(a.api, "groupSizeK", "value", std::to_string(gk),
                             "in A4W4 pertoken-pergroup non-symmetric scenario, groupSizeK must be 256");
        }
    } else if (V5Mx(a)) {
        if (gm == 0) gm = 1;
        if (gn == 0) gn = 1;
        if (gk == 0) gk = 32;
        if (gk != 32 || gm != 1 || gn != 1) {
            return V5Invalid(a.api, "groupSize, groupSizeM, groupSizeN, groupSizeK", "values", values(),
                             "when the quantization mode is mx, groupSize must be 4295032864 and Torch API group_sizes "
                             "must be [1, 1, 32]");
        }
    } else if (perblock) {
        const std::vector<int64_t>& q1 = a.x1Scale->view_shape;
        const std::vector<int64_t>& q2 = a.x2Scale->view_shape;
        gm = infer(gm, m, a.tx1 ? q1.back() : q1[q1.size() - 2]);
        gk = infer(gk, k, a.tx1 ? q1[q1.size() - 2] : q1.back());
        gn = infer(gn, n, a.tx2 ? q2[q2.size() - 2] : q2.back());
        if (gk != 128) {
            return V5Invalid(a.api, "groupSizeK", "value", std::to_string(gk),
                             "when the quantization mode is G-B or B-B, groupSizeK must be 128");
        }
        if (gn != 128) {
            return V5Invalid(a.api, "groupSizeN", "value", std::to_string(gn),
                             "when the quantization mode is G-B or B-B, groupSizeN must be 128");
        }
        if (gm != 128 && gm != 1) {
            return V5Invalid(a.api, "groupSizeM", "value", std::to_string(gm),
                             "when the quantization mode is G-B or B-B, groupSizeM must be 128 or 1");
        }
    } else if (a.groupSize != 0) {
        return V5Invalid(a.api, "groupSize, groupSizeM, groupSizeN, groupSizeK", "values", values(),
                         "when the quantization mode is other than G-B, B-B, or mx, groupSize must be 0 and Torch API "
                         "group_sizes must be [0, 0, 0] or None");
    }
    return 0;
}

/// aclnnQuantMatmulV5 / aclnnQuantMatmulWeightNz after the null checks: CheckInputExistence, the A8W4 path or
/// CheckDimRange, then QuantMatmulChecker::CheckParams - the dtypes per product, the shapes, the formats, the empty
/// inputs. The per-tensor / per-channel / per-token modes of integer inputs reuse aclnnQuantMatmulV4's rules
/// (QmmDtypes / QmmShapes, x1Scale as the per-token scale); the other modes are checked in outline
/// (docs/ops/nn_quant_matmul.md).
inline int CheckQuantMatmulV5Common(const OpCall& c, const V5Args& a) {
    if (int ret = V5Existence(a)) return ret;
    const bool a8w4 = V5A8W4Float(a) || (a.x1->dtype == ACL_INT8 && a.x2->dtype == ACL_INT32);
    if (V5A8W4Float(a)) {
        const uint64_t gs = static_cast<uint64_t>(a.groupSize);
        const uint64_t gm = (gs >> 32) & 0xFFFF, gn = (gs >> 16) & 0xFFFF;
        if (!((gm == 0 && gn == 0) || (gm == 1 && gn == 1))) {
            return V5Invalid(a.api, "groupSizeM, groupSizeN", "values", std::to_string(gm) + ", " + std::to_string(gn),
                             "The values of groupSizeM and groupSizeN must be 0 or 1");
        }
    }
    if (a8w4) return V5A8W4(c, a);
    if (int ret = V5Dims(a, false)) return ret;
    if (int ret = V5Dtypes(c, a)) return ret;
    if (int ret = V5GroupSize(c, a)) return ret;
    const bool int_in = InDt(a.x1->dtype, {ACL_INT8, ACL_INT4, ACL_INT32}) && InDt(a.x2->dtype, {ACL_INT8, ACL_INT4, ACL_INT32});
    const bool scale_1d = a.x2Scale->view_shape.size() == 1 &&
                          (a.x1Scale == nullptr || a.x1Scale->view_shape.size() == 1);
    if (int_in && scale_1d) {
        // the V3 / V4 modes: x2Scale the scale, x2Offset the offset, x1Scale the per-token scale
        QmmArgs q{a.x1, a.x2, a.x2Scale, a.x2Offset, a.x1Scale, a.bias, a.out, a.tx1, a.tx2};
        const bool a4w4 = IsInt4Like(a.x1->dtype) && IsInt4Like(a.x2->dtype);
        if (int ret = QmmSoc(c, a4w4)) return ret;
        if (int ret = QmmDtypes(c, q, a4w4)) return ret;
        if (int ret = QmmShapes(c, q, a4w4)) return ret;
        if (int ret = QmmFormats(c, q)) return ret;
    } else if (int_in || V5Mx(a) || (a.x1Scale != nullptr && a.x1Scale->view_shape.size() > 1)) {
        if (int_in && c.soc == rt::Soc::kAscend310P) {
            return V5Invalid(a.api, "x1Scale(pertokenScale)", "shape", Dims(a.x1Scale ? a.x1Scale->view_shape : a.x2Scale->view_shape),
                             "the Atlas inference products support the K-C quantization mode only");
        }
        if (a.x2Offset != nullptr && a.x2Offset->view_shape.size() > 1) {
            // K-G A4W4: x1Scale [m, 1], x2Scale and x2Offset [ceil(k/gk), n]; checked through the block rule's k and out
        } else if (int ret = V5BlockShapes(a)) {
            return ret;
        }
    } else {
        // FLOAT8 / HIFLOAT8 per-tensor / per-channel / per-token: k equal, scales 1-D of n or 1, out [batch.., m, n]
        QmmArgs q{a.x1, a.x2, a.x2Scale, nullptr, nullptr, a.bias, a.out, a.tx1, a.tx2};
        const std::vector<int64_t>& s1 = a.x1->view_shape;
        const std::vector<int64_t>& s2 = a.x2->view_shape;
        const int64_t k1 = a.tx1 ? s1[s1.size() - 2] : s1.back();
        const int64_t k2 = a.tx2 ? s2.back() : s2[s2.size() - 2];
        if (k1 != k2) {
            return V5Invalid(a.api, "x1 K, x2 K", "values", std::to_string(k1) + ", " + std::to_string(k2),
                             "the K dimension of x1 and x2 must be equal");
        }
        (void)q;
        const int64_t m = a.tx1 ? s1.back() : s1[s1.size() - 2];
        const int64_t n = a.tx2 ? s2[s2.size() - 2] : s2.back();
        const std::vector<int64_t>& o = a.out->view_shape;
        if (o[o.size() - 2] != m || o.back() != n) {
            return V5Invalid(a.api, "out", "shape", Dims(o),
                             "the last two dims of out must be [" + std::to_string(m) + ", " + std::to_string(n) + "]");
        }
        const int64_t s0 = a.x2Scale->numel;
        if (s0 != n && s0 != 1) {
            return V5Invalid(a.api, "x2Scale(scale)", "shape", Dims(a.x2Scale->view_shape),
                             "the x2Scale(scale) must have n or 1 elements");
        }
        if (a.x1Scale != nullptr && a.x1Scale->numel != m && a.x1Scale->numel != 1) {
            return V5Invalid(a.api, "x1Scale(pertokenScale)", "shape", Dims(a.x1Scale->view_shape),
                             "the x1Scale(pertokenScale) must have m or 1 elements");
        }
    }
    if (a.x1->format != ACL_FORMAT_ND || a.out->format != ACL_FORMAT_ND ||
        !(a.x2->format == ACL_FORMAT_ND || IsNz(a.x2))) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "QuantMatmul format unsupported: x1 %d, x2 %d (x1 ND, x2 ND or FRACTAL_NZ).",
                    static_cast<int>(a.x1->format), static_cast<int>(a.x2->format));
    }
    if (a.x1->numel == 0 || a.x2->numel == 0) {
        return V5Invalid(a.api, "x1, x2", "values",
                         std::string(a.x1->numel == 0 ? "empty" : "not empty") + ", " + (a.x2->numel == 0 ? "empty" : "not empty"),
                         "x1 and x2 can not be empty");
    }
    return 0;
}

}  // namespace nqmm

/// aclnnTransQuantParamV2: c.t = {scale, offset, out}; roundMode 0.
inline int CheckTransQuantParamV2(const OpCall& c) { return nqmm::CheckTransQuantParam(c, 0); }
/// aclnnTransQuantParamV3: c.t = {scale, offset, out}.
inline int CheckTransQuantParamV3(const OpCall& c, int64_t roundMode) {
    return nqmm::CheckTransQuantParam(c, roundMode);
}
/// aclnnQuantMatmulV3: c.t = {x1, x2, scale, offset, bias, out}.
inline int CheckQuantMatmulV3(const OpCall& c, bool transposeX1, bool transposeX2) {
    return nqmm::CheckQuantMatmul(c, {c.t[0], c.t[1], c.t[2], c.t[3], nullptr, c.t[4], c.t[5], transposeX1, transposeX2});
}
/// aclnnQuantMatmulV4: c.t = {x1, x2, scale, offset, pertokenScaleOptional, bias, out}.
inline int CheckQuantMatmulV4(const OpCall& c, bool transposeX1, bool transposeX2) {
    return nqmm::CheckQuantMatmul(c, {c.t[0], c.t[1], c.t[2], c.t[3], c.t[4], c.t[5], c.t[6], transposeX1, transposeX2});
}

/// aclnnQuantMatmulV5's checks before the null checks (the Ascend 950's x2 rules).
inline int CheckQuantMatmulV5Nz(const OpCall& c, bool /*transposeX1*/, bool /*transposeX2*/, int64_t /*groupSize*/) {
    return nqmm::V5NzImpl(c);
}
/// aclnnQuantMatmulV5: c.t = {x1, x2, x1Scale, x2Scale, yScale, x1Offset, x2Offset, yOffset, bias, out}.
inline int CheckQuantMatmulV5(const OpCall& c, bool transposeX1, bool transposeX2, int64_t groupSize) {
    return nqmm::CheckQuantMatmulV5Common(c, {c.t[0], c.t[1], c.t[2], c.t[3], c.t[4], c.t[5], c.t[6], c.t[7], c.t[8],
                                              c.t[9], transposeX1, transposeX2, groupSize,
                                              "aclnnQuantMatmulV5GetWorkspaceSize"});
}
/// aclnnQuantMatmulWeightNz (aclnn_quant_matmul_v4.cpp): x2's view at least 2-D, then V5's rules. CANN also checks
/// that x2's storage shape is the NZ shape of its view (CheckWeightNzStorageShape: a weight aclnnTransMatmulWeight
/// converted); aclcpu's aclnnTransMatmulWeight leaves the weight ND, so an ND x2 stands for a converted weight here and a
/// FRACTAL_NZ one is read through its NZ layout.
inline int CheckQuantMatmulWeightNz(const OpCall& c, bool transposeX1, bool transposeX2, int64_t groupSize) {
    if (c.t[1]->view_shape.size() < 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x2's view dimNum should greater than 1, but is %zu.",
                    c.t[1]->view_shape.size());
    }
    return nqmm::CheckQuantMatmulV5Common(c, {c.t[0], c.t[1], c.t[2], c.t[3], c.t[4], c.t[5], c.t[6], c.t[7], c.t[8],
                                              c.t[9], transposeX1, transposeX2, groupSize,
                                              "aclnnQuantMatmulWeightNzGetWorkspaceSize"});
}

/// aclnnQuantBatchMatmulInplaceAdd (matmul/quant_batch_matmul_inplace_add/op_api/aclnn_quant_batch_matmul_inplace_add.cpp)
/// after the null checks (x1, x2, x2Scale, yRef, x1ScaleOptional: 161001): CheckInputOutDims (x1, x2, yRef 2-D),
/// InferGroupSize and CheckGroupSize (MX: [1, 1, 32] once the zero fields are inferred; else groupSize 0), CheckParams -
/// CheckFormat (ND), CheckDtype (FLOAT8 x1 / x2: MX scales 3-D of FLOAT8_E8M0; HIFLOAT8: FLOAT scales of shape [1];
/// yRef FLOAT), CheckShape (transposeX1 true and transposeX2 false, k / m / n, the scales' shapes). c.t = {x1, x2,
/// x1ScaleOptional, x2Scale, yRef}.
inline int CheckQuantBatchMatmulInplaceAdd(const OpCall& c, bool transposeX1, bool transposeX2, int64_t groupSize) {
    using namespace nqmm;
    const char* api = "aclnnQuantBatchMatmulInplaceAddGetWorkspaceSize";
    const aclTensor* x1 = c.t[0];
    const aclTensor* x2 = c.t[1];
    const aclTensor* s1 = c.t[2];
    const aclTensor* s2 = c.t[3];
    const aclTensor* y = c.t[4];
    const aclTensor* dims_t[3] = {x1, x2, y};
    const char* dims_n[3] = {"x1", "x2", "yRef"};
    for (int i = 0; i < 3; ++i) {
        const size_t d = dims_t[i]->view_shape.size();
        if (d != 2) {
            return V5Invalid(api, dims_n[i], "shape dim", std::to_string(d) + "D",
                             std::string("the shape dim of ") + dims_n[i] + " must be 2");
        }
    }
    const bool mx = s1->dtype == ACL_FLOAT8_E8M0 && s2->dtype == ACL_FLOAT8_E8M0;
    const uint64_t gs = static_cast<uint64_t>(groupSize);
    uint64_t gm = (gs >> 32) & 0xFFFF, gn = (gs >> 16) & 0xFFFF, gk = gs & 0xFFFF;
    if (mx) {
        // InferGroupSize: a zero field from the scales' shapes (one scale per row / column, 32 along k)
        if (gm == 0) gm = 1;
        if (gn == 0) gn = 1;
        if (gk == 0) gk = 32;
        if (gk != 32 || gm != 1 || gn != 1) {
            return V5Invalid(api, "groupSize, groupSizeM, groupSizeN, groupSizeK", "values",
                             std::to_string(groupSize) + ", " + std::to_string(gm) + ", " + std::to_string(gn) + ", " +
                                 std::to_string(gk),
                             "when the quantization mode is mx, groupSize must be 4295032864 and Torch API group_sizes "
                             "must be [1, 1, 32]");
        }
    } else if (groupSize != 0) {
        return V5Invalid(api, "groupSize, groupSizeM, groupSizeN, groupSizeK", "values",
                         std::to_string(groupSize) + ", " + std::to_string(gm) + ", " + std::to_string(gn) + ", " +
                             std::to_string(gk),
                         "when the quantization mode is not mx, groupSize must be 0 and Torch API group_sizes must be "
                         "[0, 0, 0] or None");
    }
    const aclTensor* fm[5] = {x1, x2, s2, y, s1};
    const char* fn[5] = {"x1", "x2", "x2Scale", "yRef", "x1Scale"};
    for (int i = 0; i < 5; ++i) {
        if (fm[i]->format != ACL_FORMAT_ND) {
            return V5Invalid(api, fn[i], "format", std::to_string(static_cast<int>(fm[i]->format)),
                             std::string("the format of ") + fn[i] + " must be ND");
        }
    }
    const std::initializer_list<aclDataType> in_list = {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2, ACL_HIFLOAT8};
    auto check_in = [&]() {
        if (!InDt(x1->dtype, in_list)) {
            return V5Invalid(api, "x1", "dtype", DtypeName(x1->dtype),
                             "the dtype of x1 must be in dtype support list " + DtList(in_list));
        }
        if (!InDt(x2->dtype, in_list)) {
            return V5Invalid(api, "x2", "dtype", DtypeName(x2->dtype),
                             "the dtype of x2 must be in dtype support list " + DtList(in_list));
        }
        if (y->dtype != ACL_FLOAT) {
            return V5Invalid(api, "yRef", "dtype", DtypeName(y->dtype),
                             "the dtype of yRef must be in dtype support list " + DtList({ACL_FLOAT}));
        }
        return 0;
    };
    if (IsFp8(x1->dtype) && IsFp8(x2->dtype)) {
        if (s2->view_shape.size() != 3) {
            return V5Invalid(api, "x2Scale", "shape dim", std::to_string(s2->view_shape.size()) + "D",
                             "when the quantization mode is mx, the shape dim of x2Scale must be 3");
        }
        if (s1->view_shape.size() != 3) {
            return V5Invalid(api, "x1Scale", "shape dim", std::to_string(s1->view_shape.size()) + "D",
                             "when the quantization mode is mx, the shape dim of x1Scale must be 3");
        }
        if (int r = check_in()) return r;
        if (s1->dtype != ACL_FLOAT8_E8M0) {
            return V5Invalid(api, "x1Scale", "dtype", DtypeName(s1->dtype),
                             "when the quantization mode is mx, the dtype of x1Scale must be FLOAT8_E8M0");
        }
        if (s2->dtype != ACL_FLOAT8_E8M0) {
            return V5Invalid(api, "x2Scale", "dtype", DtypeName(s2->dtype),
                             "when the quantization mode is mx, the dtype of x2Scale must be FLOAT8_E8M0");
        }
    } else if (x1->dtype == ACL_HIFLOAT8 && x2->dtype == ACL_HIFLOAT8) {
        if (int r = check_in()) return r;
        if (s1->dtype != ACL_FLOAT) {
            return V5Invalid(api, "x1Scale", "dtype", DtypeName(s1->dtype),
                             "when the quantization mode is HiFloat8 per-tensor, the dtype of x1Scale must be FLOAT32");
        }
        if (s2->dtype != ACL_FLOAT) {
            return V5Invalid(api, "x2Scale", "dtype", DtypeName(s2->dtype),
                             "when the quantization mode is HiFloat8 per-tensor, the dtype of x2Scale must be FLOAT32");
        }
        if (s1->view_shape != std::vector<int64_t>{1} || s2->view_shape != std::vector<int64_t>{1}) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "Parameters x1Scale, x2Scale of %s have incorrect shapes %s, %s. Reason: when the quantization "
                        "mode is HiFloat8 per-tensor, the shapes of x1Scale and x2Scale must be [1]",
                        api, Dims(s1->view_shape).c_str(), Dims(s2->view_shape).c_str());
        }
    } else {
        return V5Invalid(api, "x1, x2, x1Scale, x2Scale", "dtypes",
                         std::string(DtypeName(x1->dtype)) + ", " + DtypeName(x2->dtype) + ", " + DtypeName(s1->dtype) +
                             ", " + DtypeName(s2->dtype),
                         "this dtype combination can not be supported");
    }
    // CheckShape
    if (!transposeX1 || transposeX2) {
        return V5Invalid(api, "transposeX1, transposeX2", "values",
                         std::string(transposeX1 ? "true" : "false") + ", " + (transposeX2 ? "true" : "false"),
                         "transposeX1 must be true and transposeX2 must be false");
    }
    const int64_t k = x1->view_shape[0], m = x1->view_shape[1];
    const int64_t k2 = x2->view_shape[0], n = x2->view_shape[1];
    if (k != k2) {
        return V5Invalid(api, "x1 K, x2 K", "values", std::to_string(k) + ", " + std::to_string(k2),
                         "the K dimension of x1 and x2 must be equal");
    }
    if (m != y->view_shape[0]) {
        return V5Invalid(api, "x1 M, yRef M", "values", std::to_string(m) + ", " + std::to_string(y->view_shape[0]),
                         "the M dimension of x1 and yRef must be equal");
    }
    if (n != y->view_shape[1]) {
        return V5Invalid(api, "x2 N, yRef N", "values", std::to_string(n) + ", " + std::to_string(y->view_shape[1]),
                         "the N dimension of x2 and yRef must be equal");
    }
    if (k <= 0) {
        return V5Invalid(api, "K", "value", std::to_string(k), "the K dimension of x1 and x2 must be positive");
    }
    if (mx) {
        if (s1->view_shape[2] != 2) {
            return V5Invalid(api, "x1Scale", "shape", Dims(s1->view_shape),
                             "when the quantization mode is mx, the last dimension of x1Scale must be 2");
        }
        if (s2->view_shape[2] != 2) {
            return V5Invalid(api, "x2Scale", "shape", Dims(s2->view_shape),
                             "when the quantization mode is mx, the last dimension of x2Scale must be 2");
        }
        const int64_t g = (k + 63) / 64;
        const std::vector<int64_t> w1 = {g, m, 2}, w2 = {g, n, 2};
        if (s1->view_shape != w1) {
            return V5Invalid(api, "x1Scale", "shape", Dims(s1->view_shape), "the shape of x1Scale must be " + Dims(w1));
        }
        if (s2->view_shape != w2) {
            return V5Invalid(api, "x2Scale", "shape", Dims(s2->view_shape), "the shape of x2Scale must be " + Dims(w2));
        }
    }
    return 0;
}

namespace nqmm {

/// aclnn_fused_quant_matmul.cpp after OP_CHECK_NULL(x1, x2): CheckFusedOpType (gelu_erf, gelu_tanh; a NULL type,
/// which CANN would pass to strcmp, refused here), CheckInputExistence (x1Scale, x2Scale, out NULL; yScale, x1Offset,
/// x2Offset, yOffset, x3 given non-empty; groupSize not 0 - all 161001, CANN's CHECK_RET returning
/// ACLNN_ERR_PARAM_NULLPTR), CheckDimRange (x2's storage rank 2..6 - NZ 4..8 -, x1 and out 2..6 dims, x1Scale and
/// x2Scale 1-D), CheckInputDtypeValid (A8W8 or A4W4, INT32 packs counting as INT4), CheckQuantScaleShape (x1Scale [m],
/// x2Scale [n] or [1]), then QuantMatmulChecker::CheckParams with x1Scale as the per-token scale (aclnnQuantMatmulV4's
/// rules here). transposeX1 / transposeX2 are read from the views (IsTransposeLastTwoDims); the formula reads the
/// views as they are. c.t = {x1, x2, x1Scale, x2Scale, yScale, x1Offset, x2Offset, yOffset, bias, x3, out}.
inline int CheckFusedQuantMatmulCommon(const OpCall& c, const char* fusedOpType, int64_t groupSize, const char* api) {
    const aclTensor* x1 = c.t[0];
    const aclTensor* x2 = c.t[1];
    if (fusedOpType == nullptr ||
        (std::strcmp(fusedOpType, "gelu_erf") != 0 && std::strcmp(fusedOpType, "gelu_tanh") != 0)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "fusedOpType must be in the type of gelu_erf/gelu_tanh");
    }
    const char* req_names[3] = {"x1Scale", "x2Scale", "out"};
    const aclTensor* req[3] = {c.t[2], c.t[3], c.t[10]};
    for (int i = 0; i < 3; ++i) {
        if (req[i] == nullptr) {
            return Fail(ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument %s.", req_names[i]);
        }
    }
    const char* un_names[5] = {"yScale", "x1Offset", "x2Offset", "yOffset", "x3"};
    const aclTensor* un[5] = {c.t[4], c.t[5], c.t[6], c.t[7], c.t[9]};
    for (int i = 0; i < 5; ++i) {
        if (un[i] != nullptr && un[i]->numel != 0) {
            return Fail(ACLNN_ERR_PARAM_NULLPTR, "Do not support %s now, %s should be empty tensor or nullptr.",
                        un_names[i], un_names[i]);
        }
    }
    if (groupSize != 0) return Fail(ACLNN_ERR_PARAM_NULLPTR, "Do not support groupSize now, groupSize should be 0.");
    const aclTensor* x1s = c.t[2];
    const aclTensor* x2s = c.t[3];
    const aclTensor* out = c.t[10];
    const bool nz = IsNz(x2);
    const size_t x2n = nz ? x2->storage_shape.size() : x2->view_shape.size();
    if (x2n < (nz ? 4u : 2u) || x2n > (nz ? 8u : 6u)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Input x2's dimension should be in range[%d, %d], but actual is %zu.",
                    nz ? 4 : 2, nz ? 8 : 6, x2n);
    }
    const aclTensor* dt[2] = {x1, out};
    const char* dn[2] = {"x1", "out"};
    for (int i = 0; i < 2; ++i) {
        if (dt[i]->view_shape.size() < 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor must have at least 2 dimensions.", dn[i]);
        }
    }
    for (int i = 0; i < 2; ++i) {
        if (dt[i]->view_shape.size() > 6) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "The %s tensor cannot be larger than 6 dimensions.", dn[i]);
        }
    }
    const aclTensor* st[2] = {x1s, x2s};
    const char* sn[2] = {"x1Scale", "x2Scale"};
    for (int i = 0; i < 2; ++i) {
        if (st[i]->view_shape.size() != 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 1 dimension input, but got %s with sizes %s.", sn[i],
                        Dims(st[i]->view_shape).c_str());
        }
    }
    const bool a8w8 = x1->dtype == ACL_INT8 && x2->dtype == ACL_INT8;
    const bool a4w4 = IsInt4Like(x1->dtype) && IsInt4Like(x2->dtype);
    if (!a8w8 && !a4w4) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnfusedQuantMatmul only support A8W8/A4W4 scenario, but got x1: %s x2: %s",
                    DtypeName(x1->dtype), DtypeName(x2->dtype));
    }
    const std::vector<int64_t>& s1 = x1->view_shape;
    const std::vector<int64_t>& s2 = x2->view_shape;
    const int64_t m = s1[s1.size() - 2];
    const int64_t n = s2.back() * (x2->dtype == ACL_INT32 ? 8 : 1);
    if (x1s->view_shape[0] != m) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "When quantification of x1 is pertoken quant, the shape of x1Scale should equal to the m: (%ld), "
                    "but actual is (%ld).",
                    static_cast<long>(m), static_cast<long>(x1s->view_shape[0]));
    }
    if (x2s->view_shape[0] != n && x2s->view_shape[0] != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "When quantification of x2 is perchannel/pertensor quant, the shape of x2Scale should equal to the "
                    "n: (%ld) or (1), but actual is (%ld).",
                    static_cast<long>(n), static_cast<long>(x2s->view_shape[0]));
    }
    (void)api;
    QmmArgs q{x1, x2, x2s, nullptr, x1s, c.t[8], out, false, false};
    if (int ret = QmmSoc(c, a4w4)) return ret;
    if (int ret = QmmDtypes(c, q, a4w4)) return ret;
    if (int ret = QmmShapes(c, q, a4w4)) return ret;
    if (int ret = QmmFormats(c, q)) return ret;
    if (x1->numel == 0 || x2->numel == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "QuantMatmul not support to process empty tensor currently.");
    }
    return 0;
}

}  // namespace nqmm

/// aclnnFusedQuantMatmul: c.t = {x1, x2, x1Scale, x2Scale, yScaleOptional, x1OffsetOptional, x2OffsetOptional,
/// yOffsetOptional, biasOptional, x3Optional, out}.
inline int CheckFusedQuantMatmul(const OpCall& c, const char* fusedOpType, int64_t groupSizeOptional) {
    return nqmm::CheckFusedQuantMatmulCommon(c, fusedOpType, groupSizeOptional, "aclnnFusedQuantMatmulGetWorkspaceSize");
}
/// aclnnFusedQuantMatmulWeightNz: x2's view at least 2-D (CANN's NZ storage-shape check not made: aclcpu's
/// aclnnTransMatmulWeight leaves a weight ND), then aclnnFusedQuantMatmul's checks.
inline int CheckFusedQuantMatmulWeightNz(const OpCall& c, const char* fusedOpType, int64_t groupSizeOptional) {
    if (c.t[1]->view_shape.size() < 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x2's view dimNum should greater than 1, but is %zu.",
                    c.t[1]->view_shape.size());
    }
    return nqmm::CheckFusedQuantMatmulCommon(c, fusedOpType, groupSizeOptional,
                                             "aclnnFusedQuantMatmulWeightNzGetWorkspaceSize");
}

/// aclnnQuantMatmulDequant (matmul/quant_matmul_dequant/op_host/op_api/aclnn_quant_matmul_dequant.cpp), in its order:
/// transposeWeight false -> 161002 (CANN returns without a message; this one is aclcpu's); x, weight, weightScale, out
/// NULL -> 161001 (the table's checks before this hook); biasOptional or xOffsetOptional given -> 161001; out's dtype
/// not x's; a product without a list (all but Ascend310P); none of the combinations (x FLOAT16, weight INT8,
/// weightScale FLOAT, xScale FLOAT, smoothScale FLOAT16) / (FLOAT16, INT8, INT64, FLOAT16, FLOAT16) -> 161002. After the
/// empty return (the table's): a 2-D ND weight with n or k not a multiple of 16, a weight neither 2-D ND nor 4-D NZ ->
/// 161002 (CheckQuantMatmulDequantShape). c.t = {x, weight, weightScale, biasOptional, xScaleOptional, xOffsetOptional,
/// smoothScaleOptional, out}.
inline int CheckQuantMatmulDequant(const OpCall& /*c*/, char* /*xQuantMode*/, bool transposeWeight) {
    if (!transposeWeight) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "transposeWeight must be true (CANN returns 161002 without a message).");
    }
    return 0;
}
/// The rest of CheckQuantMatmulDequant's list after the table's null checks (see above).
inline int CheckQuantMatmulDequantRest(const OpCall& c, char* /*xQuantMode*/, bool /*transposeWeight*/) {
    if (c.t[3] != nullptr || c.t[5] != nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "not support biasOptional and xOffsetOptional for now, should be nullptr");
    }
    const aclTensor* x = c.t[0];
    const aclTensor* out = c.t[7];
    if (out->dtype != x->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found out %s and x %s.",
                    DtypeName(out->dtype), DtypeName(x->dtype));
    }
    if (c.soc != rt::Soc::kAscend310P) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "support for %s is not implemented", nqmm::SocVersionName(c.soc));
    }
    const aclDataType combos[2][5] = {{ACL_FLOAT16, ACL_INT8, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT16},
                                      {ACL_FLOAT16, ACL_INT8, ACL_INT64, ACL_FLOAT16, ACL_FLOAT16}};
    for (const auto& row : combos) {
        if (x->dtype != row[0] || c.t[1]->dtype != row[1] || c.t[2]->dtype != row[2]) continue;
        if (c.t[4] != nullptr && c.t[4]->dtype != row[3]) continue;
        if (c.t[6] != nullptr && c.t[6]->dtype != row[4]) continue;
        return 0;
    }
    return Fail(ACLNN_ERR_PARAM_INVALID, "CheckParamsDateType failed, please check log");
}

/// After the empty return: the weight's layout (2-D ND with n, k multiples of 16, or 4-D FRACTAL_NZ - read here through
/// its NZ view, which must be 2-D: a 4-D NZ weight view is not modelled and refused), then, beyond CANN (its kernel
/// would read out of bounds), the shapes: x [m, k], weight [n, k], weightScale [n], xScale [1] or [m], smoothScale [k],
/// out [m, n]. Not modelled: CANN's refusal of a non-contiguous weight or out.
inline int CheckQuantMatmulDequantShape(const OpCall& c, char* /*xQuantMode*/, bool /*transposeWeight*/) {
    const aclTensor* x = c.t[0];
    const aclTensor* w = c.t[1];
    const std::vector<int64_t>& ws = w->view_shape;
    if (ws.size() == 2 && w->format == ACL_FORMAT_ND) {
        if (ws[0] % 16 != 0 || ws[1] % 16 != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "weight shape (N, K) must both align to 16, please check");
        }
    } else if (!(ws.size() == 2 && w->format == ACL_FORMAT_FRACTAL_NZ)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "weight is not in 2-dim shape (N, K) or 4-dim (K//32, N//16, 16, 32), please check");
    }
    const std::vector<int64_t>& xs = x->view_shape;
    if (xs.size() != 2 || xs[1] != ws[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x %s should be [m, %ld].", nqmm::Dims(xs).c_str(), static_cast<long>(ws[1]));
    }
    const int64_t m = xs[0], n = ws[0], k = ws[1];
    if (c.t[2]->view_shape != std::vector<int64_t>{n}) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "weightScale %s should be [%ld].", nqmm::Dims(c.t[2]->view_shape).c_str(),
                    static_cast<long>(n));
    }
    if (c.t[4] != nullptr && c.t[4]->view_shape != std::vector<int64_t>{1} && c.t[4]->view_shape != std::vector<int64_t>{m}) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "xScaleOptional %s should be [1] or [%ld].",
                    nqmm::Dims(c.t[4]->view_shape).c_str(), static_cast<long>(m));
    }
    if (c.t[6] != nullptr && c.t[6]->view_shape != std::vector<int64_t>{k}) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "smoothScaleOptional %s should be [%ld].",
                    nqmm::Dims(c.t[6]->view_shape).c_str(), static_cast<long>(k));
    }
    if (c.t[7]->view_shape != std::vector<int64_t>{m, n}) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "out %s should be [%ld, %ld].", nqmm::Dims(c.t[7]->view_shape).c_str(),
                    static_cast<long>(m), static_cast<long>(n));
    }
    return 0;
}

/// aclnnBatchMatmulQuant (matmul/batch_matmul_quant/op_host/op_api/aclnn_batchmatmul_quant.cpp) after CheckNotNull
/// (x1, x2, quantParam, out: the table's): CheckDtypeValid (x1, x2 FLOAT16, bias FLOAT16, quantParam UINT64, out INT8),
/// CheckShapeValid (x1, x2 at least 2-D, of equal rank at most 6; quantParam 1-D of 1 or n rounded up to 16; bias 1-D
/// [n]; k equal; out's last dims [m, n]), then an empty x1 or x2. c.t = {x1, x2, quantParam, bias, out}.
inline int CheckBatchMatmulQuant(const OpCall& c, bool transposeX1, bool transposeX2) {
    const aclTensor* x1 = c.t[0];
    const aclTensor* x2 = c.t[1];
    const aclTensor* qp = c.t[2];
    const aclTensor* bias = c.t[3];
    const aclTensor* out = c.t[4];
    if (x1->dtype != ACL_FLOAT16) return nqmm::NotInList(x1, "x1", "DT_FLOAT16");
    if (x2->dtype != ACL_FLOAT16) return nqmm::NotInList(x2, "x2", "DT_FLOAT16");
    if (bias != nullptr && bias->dtype != ACL_FLOAT16) return nqmm::NotInList(bias, "bias", "DT_FLOAT16");
    if (qp->dtype != ACL_UINT64) return nqmm::NotInList(qp, "quantParam", "DT_UINT64");
    if (out->dtype != ACL_INT8) return nqmm::NotInList(out, "out", "DT_INT8");
    const std::vector<int64_t>& s1 = x1->view_shape;
    const std::vector<int64_t>& s2 = x2->view_shape;
    if (s1.size() < 2) return Fail(ACLNN_ERR_PARAM_INVALID, "The x1 tensor must have at least 2 dimensions.");
    if (s2.size() < 2) return Fail(ACLNN_ERR_PARAM_INVALID, "The x2 tensor must have at least 2 dimensions.");
    const size_t d1 = s1.size(), d2 = s2.size();
    const int64_t k1 = transposeX1 ? s1[d1 - 2] : s1[d1 - 1];
    const int64_t k2 = transposeX2 ? s2[d2 - 1] : s2[d2 - 2];
    // CANN indexes x1's m with x2's rank (equal ranks are required just below)
    const int64_t m = transposeX1 ? s1[d1 - 1] : s1[d1 - 2];
    const int64_t n = transposeX2 ? s2[d2 - 2] : s2[d2 - 1];
    const int64_t n16 = (n + 15) / 16 * 16;
    if (d1 != d2 || d1 > 6) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The dims of the two inputs should be same and be less than 7, now they are %s, %s",
                    nqmm::Dims(s1).c_str(), nqmm::Dims(s2).c_str());
    }
    const int64_t q0 = qp->view_shape.empty() ? 1 : qp->view_shape[0];
    if (qp->view_shape.size() != 1 || (q0 != 1 && q0 != n16)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "quantParam[%ld] != 1 or quantParam dim == 1, but quantParamDim0[%ld] not equal to 1 or n align to "
                    "multiple of 16",
                    static_cast<long>(qp->view_shape.size()), static_cast<long>(q0));
    }
    if (bias != nullptr) {
        const int64_t b0 = bias->view_shape.empty() ? 1 : bias->view_shape[0];
        if (bias->view_shape.size() != 1 || b0 != n) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "dimTensorBias[%ld] != 1 or Bias dim == 1, but biasDim0[%ld] not equal to n",
                        static_cast<long>(bias->view_shape.size()), static_cast<long>(b0));
        }
    }
    if (k1 != k2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The k-axis of the two inputs are different %s, %s", nqmm::Dims(s1).c_str(),
                    nqmm::Dims(s2).c_str());
    }
    const std::vector<int64_t>& o = out->view_shape;
    if (o.size() != d1 || o[d1 - 2] != m || o[d1 - 1] != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The last two dim of out shape %s need equal [%ld, %ld]", nqmm::Dims(o).c_str(),
                    static_cast<long>(m), static_cast<long>(n));
    }
    if (x1->numel == 0 || x2->numel == 0) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnBatchMatmulQuant do not support empty tensor!");
    }
    return 0;
}


// ================================================================================ QuantMatmul (V1) / QuantMatmulV2
// matmul/quant_matmul/op_host/op_api/aclnn_quant_matmul.cpp CheckParams / CheckParamsV2 after CheckNotNull (the
// table's not_null checks, 561103 as CheckParams returns ACLNN_ERR_INNER_NULLPTR).
namespace nqmm {

/// CheckDtypeValid (x1, x2 INT8; bias INT32; deqScale UINT64 - V2 only; out FLOAT16) and CheckFormatVaild (x1, x2,
/// bias, deqScale, out not FRACTAL_NZ: "<name>'s format should be ND, but actually is FRACTAL_NZ.").
inline int QmmV1V2DtypeFormat(const aclTensor* x1, const aclTensor* x2, const aclTensor* bias, const aclTensor* deqScale,
                              const aclTensor* out) {
    if (x1->dtype != ACL_INT8) return NotInList(x1, "x1", "DT_INT8");
    if (x2->dtype != ACL_INT8) return NotInList(x2, "x2", "DT_INT8");
    if (bias != nullptr && bias->dtype != ACL_INT32) return NotInList(bias, "bias", "DT_INT32");
    if (deqScale != nullptr && deqScale->dtype != ACL_UINT64) return NotInList(deqScale, "deqScale", "DT_UINT64");
    if (out->dtype != ACL_FLOAT16) return NotInList(out, "out", "DT_FLOAT16");
    const aclTensor* ts[5] = {x1, x2, bias, deqScale, out};
    const char* names[5] = {"x1", "x2", "bias", "deqScale", "out"};
    for (int i = 0; i < 5; ++i) {
        if (ts[i] != nullptr && ts[i]->format == ACL_FORMAT_FRACTAL_NZ) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s's format should be ND, but actually is FRACTAL_NZ.", names[i]);
        }
    }
    return 0;
}

/// CheckShapeValid: x1's batch dims x2's (compared index by index over x1's batch dims), the k-axes equal (after
/// adjX1 / adjX2), bias [n], the batch dims broadcastable, out of the broadcast batch and [m, n].
inline int QmmV1V2Shape(const aclTensor* x1, const aclTensor* x2, const aclTensor* bias, bool adjX1, bool adjX2,
                        const aclTensor* out) {
    const std::vector<int64_t>& a = x1->view_shape;
    const std::vector<int64_t>& b = x2->view_shape;
    const size_t ra = a.size(), rb = b.size();
    const int64_t k1 = adjX1 ? a[ra - 2] : a[ra - 1];
    const int64_t m = adjX1 ? a[ra - 1] : a[ra - 2];
    const int64_t k2 = adjX2 ? b[rb - 1] : b[rb - 2];
    const int64_t n = adjX2 ? b[rb - 2] : b[rb - 1];
    for (size_t i = 0; i + 2 < ra; ++i) {
        if (a[i] != b[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "The tensor shapes of x1 and x2, %s and %s, have different batch-dim at shape index %zu",
                        Dims(a).c_str(), Dims(b).c_str(), i);
        }
    }
    if (k1 != k2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "The tensor shapes of x1 and x2, %s and %s, have different k-dim",
                    Dims(a).c_str(), Dims(b).c_str());
    }
    if (bias != nullptr && bias->view_shape[0] != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "bias 1st-dim should be equal to x2 n-dim %ld, but actually is %ld.",
                    static_cast<long>(n), static_cast<long>(bias->view_shape[0]));
    }
    const size_t ro = ra > rb ? ra : rb;
    const std::vector<int64_t>& lng = ra > rb ? a : b;
    const std::vector<int64_t>& sht = ra > rb ? b : a;
    const size_t off = ro - (ra < rb ? ra : rb);
    std::vector<int64_t> batch;
    for (size_t i = 0; i + 2 < ro; ++i) {
        const int64_t s = i < off ? 1 : sht[i - off];
        const int64_t l = lng[i];
        if (s > 1 && l > 1 && s != l) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "current short dim value %ld and long dim value %ld are not supported for boardcasting",
                        static_cast<long>(s), static_cast<long>(l));
        }
        batch.push_back(s > l ? s : l);
    }
    const std::vector<int64_t>& o = out->view_shape;
    if (o.size() != batch.size() + 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Infered output dim num %zu is not equal to actual out dim num %zu.",
                    batch.size() + 2, o.size());
    }
    if (o[o.size() - 2] != m) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Out first dim should be equal to x1 m dim, but out first dim is %ld, x1 m is %ld.",
                    static_cast<long>(o[o.size() - 2]), static_cast<long>(m));
    }
    if (o.back() != n) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "Out second dim should be equal to x2 n dim, but out second dim is %ld, x2 n is %ld.",
                    static_cast<long>(o.back()), static_cast<long>(n));
    }
    for (size_t i = 0; i < batch.size(); ++i) {
        if (o[i] != batch[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Output dim %ld is not equal to infered output dim num %ld at dim index %zu.",
                        static_cast<long>(o[i]), static_cast<long>(batch[i]), i);
        }
    }
    return 0;
}

/// CheckSupportSocVersion: Atlas A2/A3 only (361001). Then BuildQuantMatMulGraph's empty path: an empty x1 or x2
/// with a non-empty out is filled with zeros, refused with a bias (ProcessEmptyTensor).
inline int QmmV1V2Soc(const OpCall& c, const aclTensor* x1, const aclTensor* x2, const aclTensor* bias,
                      const aclTensor* out) {
    if (c.soc != rt::Soc::kAscend910B && c.soc != rt::Soc::kAscend910_93) {
        return Fail(ACLNN_ERR_RUNTIME_ERROR, "QuantBatchMatmul/V2 support for %s is not implemented",
                    SocVersionName(c.soc));
    }
    if ((x1->numel == 0 || x2->numel == 0) && out->numel != 0 && bias != nullptr) {
        return Fail(ACLNN_ERR_INNER_NULLPTR, "k(reduce) is not supported to be equal to 0 when bias exists");
    }
    return 0;
}

inline int QmmDimRange23(const aclTensor* t, const char* name) {
    const size_t r = t->view_shape.size();
    if (r >= 2 && r <= 3) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "%s's dim-num should be in the range of [2, 3], but actually is %zu.", name, r);
}

}  // namespace nqmm

/// aclnnQuantMatmul (V1): CheckParams over the scalar deqScale's UINT64 tensor - dtypes and formats, CheckDimVaild
/// (x1, x2 2..3 dims; bias 1-D), CheckShapeValid (no transposes), the product. c.t = {x1, x2, bias, out}.
inline int CheckQuantMatmulV1(const OpCall& c, float /*deqScale*/) {
    const aclTensor* x1 = c.t[0];
    const aclTensor* x2 = c.t[1];
    const aclTensor* bias = c.t[2];
    const aclTensor* out = c.t[3];
    if (int ret = nqmm::QmmV1V2DtypeFormat(x1, x2, bias, nullptr, out)) return ret;
    if (int ret = nqmm::QmmDimRange23(x1, "x1")) return ret;
    if (int ret = nqmm::QmmDimRange23(x2, "x2")) return ret;
    if (bias != nullptr && bias->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 1 dimension input, but got bias with sizes %s.",
                    nqmm::Dims(bias->view_shape).c_str());
    }
    if (int ret = nqmm::QmmV1V2Shape(x1, x2, bias, false, false, out)) return ret;
    return nqmm::QmmV1V2Soc(c, x1, x2, bias, out);
}

/// aclnnQuantMatmulV2: CheckParamsV2 - dtypes and formats; CheckShapeValidV2 (x1, x2 2..3 dims; bias and deqScale
/// 1-D; CheckShapeValid with adjX1 / adjX2; deqScale of n rounded up to 16 elements); the product.
/// c.t = {x1, x2, bias, deqScale, out}.
inline int CheckQuantMatmulV2(const OpCall& c, bool adjX1, bool adjX2) {
    const aclTensor* x1 = c.t[0];
    const aclTensor* x2 = c.t[1];
    const aclTensor* bias = c.t[2];
    const aclTensor* deqScale = c.t[3];
    const aclTensor* out = c.t[4];
    if (int ret = nqmm::QmmV1V2DtypeFormat(x1, x2, bias, deqScale, out)) return ret;
    const aclTensor* xs[2] = {x1, x2};
    const char* xn[2] = {"x1", "x2"};
    for (int i = 0; i < 2; ++i) {
        if (xs[i]->view_shape.size() < 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expect %s dim to be at least 2, but got %zu.", xn[i],
                        xs[i]->view_shape.size());
        }
        if (xs[i]->view_shape.size() > 3) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Expect %s dim to be at most 3, but got %zu.", xn[i],
                        xs[i]->view_shape.size());
        }
    }
    if (bias != nullptr && bias->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 1 dimension input, but got bias with sizes %s.",
                    nqmm::Dims(bias->view_shape).c_str());
    }
    if (deqScale->view_shape.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "Expected 1 dimension input, but got deqScale with sizes %s.",
                    nqmm::Dims(deqScale->view_shape).c_str());
    }
    if (int ret = nqmm::QmmV1V2Shape(x1, x2, bias, adjX1, adjX2, out)) return ret;
    const std::vector<int64_t>& b = x2->view_shape;
    const int64_t n = b[b.size() - (adjX2 ? 2 : 1)];
    if ((n + 15) / 16 * 16 != deqScale->view_shape[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "deqScale shape %s is invalid.", nqmm::Dims(deqScale->view_shape).c_str());
    }
    return nqmm::QmmV1V2Soc(c, x1, x2, bias, out);
}


// ================================================================================ TransposeQuantBatchMatMul (+ WeightNz)
// matmul/transpose_quant_batch_mat_mul/op_api/aclnn_transpose_quant_batch_mat_mul.cpp CheckParams, then the empty and
// bias refusals (WeightNz: x2 FRACTAL_NZ first). c.t = {x1, x2, bias, x1Scale, x2Scale, out}. CANN's messages are
// rendered "Invalid <what> <value> of <name>: <reason>." (its OP_LOGE_FOR_INVALID_*_WITH_REASON fields).
namespace nqmm {

inline bool TqHif8(const aclTensor* x1, const aclTensor* x2) {
    return x1 != nullptr && x2 != nullptr && x1->dtype == ACL_HIFLOAT8 && x2->dtype == ACL_HIFLOAT8;
}
inline bool TqMx(const aclTensor* s1, const aclTensor* s2) {
    return s1 != nullptr && s2 != nullptr && s1->dtype == ACL_FLOAT8_E8M0 && s2->dtype == ACL_FLOAT8_E8M0;
}
inline int TqInvalid(const char* what, const std::string& value, const char* name, const std::string& reason) {
    return Fail(ACLNN_ERR_PARAM_INVALID, "aclnnTransposeQuantBatchMatMulGetWorkspaceSize: Invalid %s %s of %s: %s.",
                what, value.c_str(), name, reason.c_str());
}
inline std::string TqPerm(const aclIntArray* p) {
    std::string r = "[";
    for (size_t i = 0; i < p->values.size(); ++i) r += (i ? ", " : "") + std::to_string(p->values[i]);
    return r + "]";
}
inline bool TqPermIs(const aclIntArray* p, int64_t a, int64_t b, int64_t c) {
    return p->values.size() == 3 && p->values[0] == a && p->values[1] == b && p->values[2] == c;
}
inline int TqDtypeIn(const aclTensor* t, const char* name, std::initializer_list<aclDataType> l) {
    for (aclDataType d : l) {
        if (t->dtype == d) return 0;
    }
    std::string list = "[";
    for (aclDataType d : l) list += std::string(list.size() > 1 ? ", " : "") + DtypeName(d);
    list += "]";
    return TqInvalid("dtype", DtypeName(t->dtype), name, std::string("The dtype of ") + name + " must be in " + list);
}

}  // namespace nqmm

/// IsNpuArch3510Series: the Ascend 950 only (161002). It runs before the NULL checks, where OpCall::soc is not yet
/// set: it reads the active product itself.
inline int CheckTqbmmPlatform(const OpCall& /*c*/, int32_t, int64_t, const aclIntArray*, const aclIntArray*,
                              const aclIntArray*, int32_t) {
    const rt::Soc soc = rt::ActiveSoc();
    if (soc == rt::Soc::kAscend950) return 0;
    return nqmm::TqInvalid("value", rt::SocName(soc), "platform", "The value of platform can only be DAV_3510");
}

/// CheckNotNull (161001): x1, x2, x1Scale (unless x1 and x2 are both HIFLOAT8), x2Scale, permX1, permX2, permY, out.
inline int CheckTqbmmNull(const OpCall& c, int32_t, int64_t, const aclIntArray* permX1, const aclIntArray* permX2,
                          const aclIntArray* permY, int32_t) {
    auto null = [](const char* name) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR,
                    "aclnnTransposeQuantBatchMatMulGetWorkspaceSize: Invalid value nullptr of %s: The value of %s cannot "
                    "be null.",
                    name, name);
    };
    if (c.t[0] == nullptr) return null("x1");
    if (c.t[1] == nullptr) return null("x2");
    if (!nqmm::TqHif8(c.t[0], c.t[1]) && c.t[3] == nullptr) return null("x1Scale");
    if (c.t[4] == nullptr) return null("x2Scale");
    if (permX1 == nullptr) return null("permX1");
    if (permX2 == nullptr) return null("permX2");
    if (permY == nullptr) return null("permY");
    if (c.t[5] == nullptr) return null("out");
    return 0;
}

namespace nqmm {

/// CheckParams after CheckNotNull: CheckPermValid, CheckShapeValid (with the scales' shapes), CheckDtypeValid, the
/// FRACTAL_NZ rules (x2 NZ only in the MX mode, with a 5-D storage; x1, out, the scales never), InferGroupSize (MX:
/// groupSizeM, N 0 or 1 and K 32), batchSplitFactor 1; then (WeightNz) x2 FRACTAL_NZ - ND accepted here -, x1 or x2
/// empty, a bias given.
inline int TqbmmCheck(const OpCall& c, int32_t dtype, int64_t groupSize, const aclIntArray* permX1,
                      const aclIntArray* permX2, const aclIntArray* permY, int32_t batchSplitFactor, bool weight_nz) {
    const aclTensor* x1 = c.t[0];
    const aclTensor* x2 = c.t[1];
    const aclTensor* bias = c.t[2];
    const aclTensor* s1 = c.t[3];
    const aclTensor* s2 = c.t[4];
    const aclTensor* out = c.t[5];
    const bool mx = TqMx(s1, s2);
    const bool hif8 = TqHif8(x1, x2);
    // CheckPermValid
    const aclIntArray* perms[3] = {permX1, permX2, permY};
    const char* pnames[3] = {"permX1", "permX2", "permY"};
    for (int i = 0; i < 3; ++i) {
        if (perms[i]->values.size() != 3) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "aclnnTransposeQuantBatchMatMulGetWorkspaceSize: Invalid list size %zu of %s: it must be 3.",
                        perms[i]->values.size(), pnames[i]);
        }
    }
    const bool x2_021 = TqPermIs(permX2, 0, 2, 1);
    if (!TqPermIs(permX1, 1, 0, 2)) {
        return TqInvalid("value", TqPerm(permX1), "permX1", "The value of permX1 must be [1, 0, 2]");
    }
    if (!TqPermIs(permX2, 0, 1, 2) && !((mx || hif8) && x2_021)) {
        return TqInvalid("value", TqPerm(permX2), "permX2",
                         std::string("The value of permX2 must be ") +
                             ((mx || hif8) ? "[0, 1, 2] or [0, 2, 1]." : "[0, 1, 2]."));
    }
    if (!TqPermIs(permY, 1, 0, 2)) {
        return TqInvalid("value", TqPerm(permY), "permY", "The value of permY must be [1, 0, 2]");
    }
    // CheckShapeValid
    const std::vector<int64_t>& a = x1->view_shape;
    const std::vector<int64_t>& b = x2->view_shape;
    if (a.size() != 3 || b.size() != 3) {
        return TqInvalid("shape dims", std::to_string(a.size()) + ", " + std::to_string(b.size()), "x1, x2",
                         "The shape dims of x1, x2 must be 3");
    }
    const int64_t k1 = a[2], bt1 = a[1];  // x1 [M, B, K] (permX1 [1, 0, 2])
    const int64_t m = a[0];
    const int64_t bt2 = b[0];
    const int64_t k2 = x2_021 ? b[2] : b[1];
    const int64_t n = x2_021 ? b[1] : b[2];
    const std::string shapes = Dims(a) + ", " + Dims(b);
    if (bt1 != bt2) return TqInvalid("shapes", shapes, "x1, x2", "batch-axis of x1, x2 must be equal");
    if (k1 != k2) return TqInvalid("shapes", shapes, "x1, x2", "K-axis of x1, x2 must be equal");
    if (!mx && !hif8) {
        if (k1 != 512 || n != 128) {
            return TqInvalid("shape", Dims(b), "x2", "The k-axis and n-axis of x2 must be 512 and 128");
        }
    } else if (mx && k1 % 64 != 0) {
        return TqInvalid("shape", Dims(a), "x1", "K-axis of x1 must be exactly divisible by 64");
    }
    const int64_t groups = ((k1 + 31) / 32 + 1) / 2;
    if (!hif8) {  // CheckScalex1Valid
        const std::vector<int64_t>& s = s1->view_shape;
        if (mx) {
            if (s.size() != 4) {
                return TqInvalid("shape dim", std::to_string(s.size()), "x1Scale",
                                 "In MXFp8 scene, the shape dim of x1Scale must be 4");
            }
            if (s[0] != m || s[1] != bt1 || s[2] != groups || s[3] != 2) {
                return TqInvalid("shape", Dims(s), "x1Scale",
                                 "In MXFp8 scene, the shape of x1Scale must be " +
                                     Dims({m, bt1, groups, 2}));
            }
        } else {
            if (s.size() != 1) {
                return TqInvalid("shape dim", std::to_string(s.size()), "x1Scale", "The shape dim of x1Scale must be 1");
            }
            if (s[0] != m) {
                return TqInvalid("shape size", std::to_string(s[0]), "x1Scale",
                                 "Shape[0] of x1Scale must be equal to m-axis of x1 (" + std::to_string(m) + ")");
            }
        }
    }
    {  // CheckScalex2Valid
        const std::vector<int64_t>& s = s2->view_shape;
        if (mx) {
            if (s.size() != 4) {
                return TqInvalid("shape dim", std::to_string(s.size()), "x2Scale",
                                 "In MXFp8 scene, the shape dim of x2Scale must be 4");
            }
            const int64_t sn = x2_021 ? s[1] : s[2];
            const int64_t sg = x2_021 ? s[2] : s[1];
            if (s[0] != bt1 || sn != n || sg != groups || s[3] != 2) {
                return TqInvalid("shape", Dims(s), "x2Scale",
                                 "In MXFp8 scene, the shape of x2Scale must be " +
                                     Dims({bt1, x2_021 ? n : groups, x2_021 ? groups : n, 2}));
            }
        } else {
            if (s.size() != 1) {
                return TqInvalid("shape dim", std::to_string(s.size()), "x2Scale", "The shape dim of x2Scale must be 1");
            }
            if (s[0] != n) {
                return TqInvalid("shape size", std::to_string(s[0]), "x2Scale",
                                 "Shape[0] of x2Scale must be equal to n-axis of x2 (" + std::to_string(n) + ")");
            }
        }
    }
    if (hif8 && s1 != nullptr && s1->view_shape != std::vector<int64_t>{1} && s1->numel != 0) {
        // beyond CANN (its docs: a T-C x1Scale is empty or [1]; the op_api does not check it)
        return TqInvalid("shape", Dims(s1->view_shape), "x1Scale", "In T-C scene, the shape of x1Scale must be [1]");
    }
    // CheckDtypeValid
    if (!mx) {
        if (hif8) {
            if (s1 != nullptr) {
                if (int ret = TqDtypeIn(s1, "x1Scale", {ACL_UINT64, ACL_INT64})) return ret;
            }
            if (int ret = TqDtypeIn(s2, "x2Scale", {ACL_UINT64, ACL_INT64})) return ret;
        } else {
            if (int ret = TqDtypeIn(x1, "x1", {ACL_FLOAT8_E5M2, ACL_FLOAT8_E4M3FN})) return ret;
            if (int ret = TqDtypeIn(x2, "x2", {ACL_FLOAT8_E5M2, ACL_FLOAT8_E4M3FN})) return ret;
            if (int ret = TqDtypeIn(s1, "x1Scale", {ACL_FLOAT})) return ret;
            if (int ret = TqDtypeIn(s2, "x2Scale", {ACL_FLOAT})) return ret;
        }
    } else {
        if (int ret = TqDtypeIn(x1, "x1", {ACL_FLOAT8_E4M3FN})) return ret;
        if (int ret = TqDtypeIn(x2, "x2", {ACL_FLOAT8_E4M3FN})) return ret;
    }
    if (hif8) {
        if (int ret = TqDtypeIn(out, "out", {ACL_FLOAT16, ACL_BF16, ACL_HIFLOAT8})) return ret;
    } else {
        if (int ret = TqDtypeIn(out, "out", {ACL_FLOAT16, ACL_BF16})) return ret;
    }
    if (static_cast<int32_t>(out->dtype) != dtype) {
        return TqInvalid("dtype", DtypeName(out->dtype), "out",
                         "The dtype of out must be out dtype(" + std::to_string(dtype) + ")");
    }
    // formats
    // aclcpu: for the WeightNz entry an ND x2 stands for the FRACTAL_NZ weight NpuFormatCast would have made
    if (IsNz(x2) || (weight_nz && x2->format == ACL_FORMAT_ND)) {
        if (!mx) {
            return TqInvalid("format", "FRACTAL_NZ", "x2", "In non-mxfp8 mode case, the format of x2 cannot be FRACTAL_NZ");
        }
        if (IsNz(x2) && x2->storage_shape.size() != 5) {
            return TqInvalid("shape dim", std::to_string(x2->storage_shape.size()), "x2",
                             "The storage shape dim of x2 must be 5");
        }
    }
    if (IsNz(x1) || IsNz(out) || (s1 != nullptr && IsNz(s1)) || IsNz(s2)) {
        return TqInvalid("formats", "FRACTAL_NZ", "x1, out, x1Scale, x2Scale",
                         "The formats of x1, out, x1Scale, x2Scale cannot be FRACTAL_NZ");
    }
    // InferGroupSize
    const uint64_t g = static_cast<uint64_t>(groupSize);
    const uint64_t gk = g & 0xFFFF, gn = (g >> 16) & 0xFFFF, gm = (g >> 32) & 0xFFFF;
    if (mx && !((gm == 0 || gm == 1) && (gn == 0 || gn == 1) && gk == 32)) {
        return TqInvalid("values", std::to_string(gm) + ", " + std::to_string(gn) + ", " + std::to_string(gk),
                         "groupSizeM, groupSizeN, groupSizeK",
                         "The values of groupSizeM and groupSizeN must be 0 or 1, and the value of groupSizeK must be 32");
    }
    if (batchSplitFactor != 1) {
        return TqInvalid("value", std::to_string(batchSplitFactor), "batchSplitFactor",
                         "The value of batchSplitFactor must be 1");
    }
    if (weight_nz && !IsNz(x2) && x2->format != ACL_FORMAT_ND) {
        // aclcpu: ND stands for the FRACTAL_NZ weight aclnnTransMatmulWeight / NpuFormatCast would have made
        return TqInvalid("format", FormatName(x2->format), "x2", "The format of x2 must be FRACTAL_NZ");
    }
    if (x1->numel == 0 || x2->numel == 0) {
        return TqInvalid("shapes", shapes, "x1, x2", "x1, x2 cannot be empty tensors");
    }
    if (bias != nullptr) return TqInvalid("value", "", "bias", "The value of bias must be null");
    // beyond CANN (its kernel would write past it): out [M, B, N]
    if (out->view_shape != std::vector<int64_t>{m, bt1, n}) {
        return TqInvalid("shape", Dims(out->view_shape), "out", "The shape of out must be " + Dims({m, bt1, n}));
    }
    return 0;
}

}  // namespace nqmm

inline int CheckTransposeQuantBatchMatMul(const OpCall& c, int32_t dtype, int64_t groupSize, const aclIntArray* permX1,
                                          const aclIntArray* permX2, const aclIntArray* permY, int32_t batchSplitFactor) {
    return nqmm::TqbmmCheck(c, dtype, groupSize, permX1, permX2, permY, batchSplitFactor, false);
}

inline int CheckTransposeQuantBatchMatMulWeightNz(const OpCall& c, int32_t dtype, int64_t groupSize,
                                                  const aclIntArray* permX1, const aclIntArray* permX2,
                                                  const aclIntArray* permY, int32_t batchSplitFactor) {
    return nqmm::TqbmmCheck(c, dtype, groupSize, permX1, permX2, permY, batchSplitFactor, true);
}


// ================================================================================ QuantMatmulReduceSumWeightNz
// matmul/quant_matmul_reduce_sum/op_host/op_api/aclnn_quant_matmul_reduce_sum.cpp CheckInputs after the NULL checks
// (the table's): CheckInputExistence's rest, CheckInputAttr, CheckDtype, CheckFormat, CheckInputShape.
// c.t = {x1, x2, x1Scale, x2Scale, yScale, x1Offset, x2Offset, yOffset, bias, out}.
inline int CheckQuantMatmulReduceSum(const OpCall& c, bool transposeX1, bool transposeX2, int64_t groupSize,
                                     const aclIntArray* /*dims*/, bool keepDims) {
    const aclTensor* x1 = c.t[0];
    const aclTensor* x2 = c.t[1];
    const aclTensor* s1 = c.t[2];
    const aclTensor* s2 = c.t[3];
    const aclTensor* out = c.t[9];
    const char* unsupported[5] = {"yScale", "x1Offset", "x2Offset", "yOffset", "bias"};
    for (int i = 0; i < 5; ++i) {
        const aclTensor* t = c.t[4 + i];
        if (t != nullptr && t->numel != 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "Do not support %s now, %s should be empty tensor or nullptr.",
                        unsupported[i], unsupported[i]);
        }
    }
    if (transposeX1) return Fail(ACLNN_ERR_PARAM_INVALID, "Do not support transposeX1 = True now.");
    if (transposeX2) return Fail(ACLNN_ERR_PARAM_INVALID, "Do not support transposeX2 = True now.");
    if (groupSize > 0) return Fail(ACLNN_ERR_PARAM_INVALID, "Do not support groupSize > 0 now.");
    if (keepDims) return Fail(ACLNN_ERR_PARAM_INVALID, "Do not support keepDims = True now.");
    struct Want {
        const aclTensor* t;
        const char* name;
        aclDataType dt;
    };
    const Want wants[5] = {{x1, "x1", ACL_INT8}, {x2, "x2", ACL_INT8}, {s1, "x1Scale", ACL_FLOAT},
                           {s2, "x2Scale", ACL_BF16}, {out, "out", ACL_BF16}};
    for (const Want& w : wants) {
        if (w.t->dtype != w.dt) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s data type only support %s(%d) but got %d.", w.name, DtypeName(w.dt),
                        static_cast<int>(w.dt), static_cast<int>(w.t->dtype));
        }
    }
    constexpr int kNz = ACL_FORMAT_FRACTAL_NZ;
    if (nqmm::IsNz(x1)) return Fail(ACLNN_ERR_PARAM_INVALID, "x1 format(%d) not support NZ(%d).", kNz, kNz);
    // aclcpu: an ND x2 stands for the FRACTAL_NZ weight aclnnTransMatmulWeight would have made (it keeps weights ND)
    if (!nqmm::IsNz(x2) && x2->format != ACL_FORMAT_ND) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x2 format(%d) only support NZ(%d).", static_cast<int>(x2->format), kNz);
    }
    if (nqmm::IsNz(s1)) return Fail(ACLNN_ERR_PARAM_INVALID, "x1Scale format(%d) not support NZ(%d).", kNz, kNz);
    if (nqmm::IsNz(s2)) return Fail(ACLNN_ERR_PARAM_INVALID, "x2Scale format(%d) not support NZ(%d).", kNz, kNz);
    if (nqmm::IsNz(out)) return Fail(ACLNN_ERR_PARAM_INVALID, "out format(%d) not support NZ(%d).", kNz, kNz);
    const std::vector<int64_t>& a = x1->view_shape;
    const std::vector<int64_t>& b = x2->view_shape;
    if (a.size() != 3 || b.size() != 3) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x1 dim number (%zu) and x2 dim number (%zu) should be 3.", a.size(),
                    b.size());
    }
    if (a[0] != b[0]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "batch size of x2 (%ld) should be same as x1 (%ld).", static_cast<long>(b[0]),
                    static_cast<long>(a[0]));
    }
    if (a[2] != b[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x2 kSize(%ld) should be same as x1 kSize(%ld).", static_cast<long>(b[1]),
                    static_cast<long>(a[2]));
    }
    const std::vector<int64_t>& ss2 = s2->view_shape;
    if (ss2.size() != 1) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x2Scale dim number should be 1 but got %zu.", ss2.size());
    }
    if (ss2[0] != b[2]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x2Scale shape should be (%ld,) but got (%ld,).", static_cast<long>(b[2]),
                    static_cast<long>(ss2[0]));
    }
    const std::vector<int64_t>& ss1 = s1->view_shape;
    if (ss1.size() != 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x1Scale dim number should be 2 but got %zu.", ss1.size());
    }
    if (ss1[0] != a[0] || ss1[1] != a[1]) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "x1Scale shape should be (%ld, %ld) but got (%ld, %ld).",
                    static_cast<long>(a[0]), static_cast<long>(a[1]), static_cast<long>(ss1[0]), static_cast<long>(ss1[1]));
    }
    // beyond CANN (its ViewCopy would fail later): out [m, n]
    if (out->view_shape != std::vector<int64_t>{a[1], b[2]}) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "out shape should be (%ld, %ld) but got %s.", static_cast<long>(a[1]),
                    static_cast<long>(b[2]), nqmm::Dims(out->view_shape).c_str());
    }
    return 0;
}

}  // namespace aclcpu
