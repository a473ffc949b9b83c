// The custom first-phase checks of the nn_quant_matmul family at the reference tier (ops/families/
// nn_quant_matmul.yaml; docs/ops/nn_quant_matmul.md): TransQuantParamV2 / V3 and QuantMatmulV3 / V4, and the host
// function aclnnTransQuantParam's whole computation (TransQuantParamHost, which the table cannot yet declare: see the
// contract). Included by src/op/reference_checks.h at its end through the generated op/family_hooks.inc. Each hook
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

}  // namespace aclcpu
