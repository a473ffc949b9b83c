// The custom first-phase checks of aclnnNpuFormatCast and the host function aclnnNpuFormatCastCalculateSizeAndFormat
// (ops/families/format_cast.yaml; contract docs/ops/format_cast.md). Included through op/family_hooks.inc at the end
// of src/op/reference_checks.h (FormatName, Fail, ShapeString are defined before it).
// Facts: hicann/ops-math conversion/npu_format_cast/op_host/op_api/aclnn_npu_format_cast.cpp (the dtype lists
// WEIGHT_DTYPE_SUPPORT_LIST, ASCEND950_WEIGHT_DTYPE_SUPPORT_LIST, ASCEND910B_DTYPE_SUPPORT_LIST; the format pairs of
// kTransdataForwardFormatPairsRegBase / kTransdataForwardFormatPairs910B; CheckCalculateSizeAndFormatInputs,
// Check95NdToNzCalculateSizeAndFormatInputs, ValidNzShape, ValidNz2NdShape, ValidDtypeFormatForNz2Nd, CalcNdToNz,
// CalcToNd, CheckGetWorkSpaceSizeInputs, Check95NdToNzGetWorkSpaceSizeInputs, Check95NzToNdGetWorkSpaceSizeInputs,
// CheckFormatValid) and conversion/trans_data/op_api/transdata.cpp (TransData returns its input unchanged when the
// two primary formats are equal, so such a call is a plain copy). The messages restate opbase's
// OP_LOGE_FOR_INVALID_* texts in our words. aclcpu converts only between the ND-like formats (ND, NCL, NCHW, NCDHW)
// and the FRACTAL_NZ forms: the op_api's other pairs (NC1HWC0, FRACTAL_Z, FRACTAL_Z_3D, NDC1HWC0 ...) are refused
// with 161002.
#pragma once

#include <cstdint>
#include <new>
#include <string>
#include <vector>

#include "common/status.h"
#include "op/op_call.h"
#include "runtime/runtime.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace fmtcast {

constexpr const char* kApi = "aclnnNpuFormatCast";
constexpr int kNchw = 0, kNhwc = 1, kNd = 2, kNc1hwc0 = 3, kFz = 4, kHwcn = 16, kNdhwc = 27, kNz = 29, kNcdhw = 30,
              kDhwcn = 31, kNdc1hwc0 = 32, kFz3d = 33, kNcl = 47, kNzC016 = 50, kNzC032 = 51, kNzC02 = 52,
              kNzC04 = 53;

inline bool RegBase(rt::Soc s) { return s == rt::Soc::kAscend950; }
/// The products the op_api serves (IsRegBase, ASCEND910B, ASCEND910_93); the others are refused.
inline bool Served(rt::Soc s) {
    return s == rt::Soc::kAscend950 || s == rt::Soc::kAscend910B || s == rt::Soc::kAscend910_93;
}
/// INPUT_FORMAT_TO_NZ_SUPPORT_LIST, and IsNz2Nd's "basic" destination formats.
inline bool NdLike(int f) { return f == kNd || f == kNcl || f == kNchw || f == kNcdhw; }
/// IsNzFormat (FRACTAL_NZ and its C0_2 / C0_4 / C0_16 / C0_32 forms; C0_8 is not among them).
inline bool NzFormat(int f) { return f == kNz || f == kNzC02 || f == kNzC04 || f == kNzC016 || f == kNzC032; }

/// ge::GetSizeByDataType as the op_api divides by it: bytes per element; 0 for the 4-bit types (GE answers 1000 +
/// their bit width, so 32 / size is 0 there) and for a value that names no dtype.
inline int64_t GeSize(int dtype) {
    if (dtype < 0 || dtype > 64) return 0;
    const aclDataType d = static_cast<aclDataType>(dtype);
    if (IsPacked4Bit(d)) return 0;
    return static_cast<int64_t>(ItemSize(d));
}

inline const std::vector<aclDataType>& WeightList() {  // WEIGHT_DTYPE_SUPPORT_LIST
    static const std::vector<aclDataType> l = {ACL_INT8,  ACL_UINT8,  ACL_FLOAT,         ACL_FLOAT16,
                                               ACL_BF16,  ACL_INT32,  ACL_UINT32,        ACL_FLOAT8_E4M3FN,
                                               ACL_FLOAT4_E2M1, ACL_HIFLOAT8, ACL_FLOAT4_E1M2};
    return l;
}
inline const std::vector<aclDataType>& List950() {  // ASCEND950_WEIGHT_DTYPE_SUPPORT_LIST
    static const std::vector<aclDataType> l = {ACL_INT8,          ACL_FLOAT,       ACL_FLOAT16,  ACL_BF16,
                                               ACL_INT32,         ACL_FLOAT8_E4M3FN, ACL_FLOAT4_E2M1, ACL_HIFLOAT8,
                                               ACL_UINT8,         ACL_FLOAT4_E1M2};
    return l;
}
inline const std::vector<aclDataType>& List910B() {  // ASCEND910B_DTYPE_SUPPORT_LIST
    static const std::vector<aclDataType> l = {ACL_INT8, ACL_UINT8, ACL_FLOAT, ACL_FLOAT16,
                                               ACL_BF16, ACL_INT32, ACL_UINT32};
    return l;
}

inline bool InList(int d, const std::vector<aclDataType>& l) {
    for (aclDataType x : l) {
        if (static_cast<int>(x) == d) return true;
    }
    return false;
}

inline std::string ListString(const std::vector<aclDataType>& l) {
    std::string s = "[";
    for (size_t i = 0; i < l.size(); ++i) {
        if (i > 0) s += ", ";
        s += DtypeName(l[i]);
    }
    return s + "]";
}

/// OP_CHECK_DTYPE_NOT_SUPPORT_WITH_REASON(ACLNN_NAME, tensor, list).
inline int CheckDtype(const aclTensor* t, const char* name, const std::vector<aclDataType>& l) {
    if (InList(t->dtype, l)) return 0;
    return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the dtype %s of %s is invalid: The dtype of %s must be one of %s.", kApi,
                DtypeName(t->dtype), name, name, ListString(l).c_str());
}

/// op::IsContiguous over the view: each stride the product of the later dims (dims of size 1 ignored).
inline bool Contiguous(const aclTensor* t) {
    if (t->numel == 0) return true;
    int64_t expect = 1;
    for (size_t i = t->view_shape.size(); i-- > 0;) {
        if (t->view_shape[i] != 1 && t->strides[i] != expect) return false;
        expect *= t->view_shape[i];
    }
    return true;
}

inline bool QuantDtype(int d) {  // IsQuantMatmulDtype's dtypes
    return d == ACL_INT8 || d == ACL_UINT8 || d == ACL_FLOAT8_E4M3FN || d == ACL_HIFLOAT8 || d == ACL_FLOAT4_E2M1 ||
           d == ACL_FLOAT4_E1M2;
}
inline bool IsQuantMatmulDtype(int s, int d) { return s == d && QuantDtype(s); }
inline bool IsNonQuantMatmulDtype(int dtype, int dstFormat = kNd) {
    return (dtype == ACL_FLOAT && dstFormat != kNzC016 && dstFormat != kNzC032) || dtype == ACL_FLOAT16 ||
           dtype == ACL_BF16;
}

/// Whether the call takes the op_api's ND -> FRACTAL_NZ branch (both the host function and the first phase test it).
inline bool NdToNzBranch(int srcFormat, int dstFormat, bool sameDtype) {
    return dstFormat == kNz && (srcFormat == kNd || srcFormat == kNcl || (sameDtype && NdLike(srcFormat)));
}

/// The op_api's other supported pairs (the host function's if-chain): aclcpu does not convert them.
inline bool OtherCannPair(int s, int d) {
    static const int pairs[][2] = {{kNcdhw, kNdc1hwc0}, {kNdc1hwc0, kNcdhw}, {kNcdhw, kFz3d},   {kFz3d, kNcdhw},
                                   {kNchw, kNc1hwc0},   {kNc1hwc0, kNchw},   {kNhwc, kNc1hwc0}, {kNc1hwc0, kNhwc},
                                   {kNchw, kFz},        {kFz, kNchw},        {kHwcn, kFz},      {kFz, kHwcn},
                                   {kDhwcn, kFz3d},     {kFz3d, kDhwcn},     {kNdhwc, kNdc1hwc0}, {kNdc1hwc0, kNdhwc}};
    for (const auto& p : pairs) {
        if (p[0] == s && p[1] == d) return true;
    }
    return false;
}

inline int RefuseOtherPair(const char* api, int s, int d) {
    return Fail(ACLNN_ERR_PARAM_INVALID,
                "%s: converting %s to %s is not implemented: aclcpu converts only between ND (NCL, NCHW, NCDHW) and "
                "FRACTAL_NZ (docs/ops/format_cast.md).",
                api, FormatName(s), FormatName(d));
}

inline std::string Shape(const std::vector<int64_t>& v) { return ShapeString(v.data(), v.size()); }

/// ValidNzShape: an NZ tensor's storage of 4 to 8 dims, none 0, its c0 the format's (FRACTAL_NZ: 32 bytes of the
/// dtype, 64 for FLOAT4_E2M1).
inline int ValidNzShape(const aclTensor* src) {
    const std::vector<int64_t>& s = src->storage_shape;
    if (s.size() < 4 || s.size() > 8) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: srcTensor's storage dim %zu is invalid: The StorageShape dim of srcTensor must be between 4 "
                    "and 8 for input tensor in Nz format.",
                    kApi, s.size());
    }
    for (int64_t v : s) {
        if (v == 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: srcTensor's storage shape %s is invalid: srcTensor cannot be empty, each axis of "
                        "storageShape cannot be 0.",
                        kApi, Shape(s).c_str());
        }
    }
    int64_t expected = -1;
    switch (src->format) {
        case kNz: {
            const int64_t size = GeSize(src->dtype);
            expected = src->dtype == ACL_FLOAT4_E2M1 ? 64 : (size > 0 ? 32 / size : 0);
            break;
        }
        case kNzC02: expected = 2; break;
        case kNzC04: expected = 4; break;
        case kNzC016: expected = 16; break;
        case kNzC032: expected = 32; break;
        default: break;
    }
    if (s.back() != expected) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: the value %lld of c0 is invalid: it must be %lld.", kApi,
                    static_cast<long long>(s.back()), static_cast<long long>(expected));
    }
    return 0;
}

// ---------------------------------------------------------------- aclnnNpuFormatCastCalculateSizeAndFormat

/// Check95NdToNzCalculateSizeAndFormatInputs (Ascend 950): the 950 list, no zero dim, then the weight-quant rule
/// (additionalDtype not src's), the non-quant rule (FLOAT / FLOAT16 / BF16: k != 1, 2-6 dims) or the quant rule.
inline int Check950NdToNzSize(const aclTensor* src, int dstFormat, int additionalDtype) {
    if (int r = CheckDtype(src, "srcTensor", List950())) return r;
    const std::vector<int64_t>& v = src->view_shape;
    for (int64_t d : v) {
        if (d == 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: srcTensor's shape %s is invalid: srcTensor must not be empty tensor, each dimension must "
                        "not be 0.",
                        kApi, Shape(v).c_str());
        }
    }
    const size_t dims = v.size();
    const int srcDtype = src->dtype;
    if (additionalDtype != srcDtype) {  // ValidateWeightQuantMatmulParams
        if (srcDtype == ACL_INT32 && additionalDtype != ACL_FLOAT16 && additionalDtype != ACL_BF16 &&
            additionalDtype != ACL_INT8) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: additionalDtype %d is invalid: The value of additionalDtype must be float16/bfloat16/int8 "
                        "when the dtype of srcTensor is int32.",
                        kApi, additionalDtype);
        }
        if (srcDtype == ACL_FLOAT && additionalDtype != ACL_FLOAT16 && additionalDtype != ACL_BF16 &&
            additionalDtype != ACL_FLOAT8_E4M3FN && additionalDtype != ACL_HIFLOAT8 && additionalDtype != ACL_UINT8) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: additionalDtype %d is invalid: additionalDtype must be float16, bfloat16, float8_e4m3fn, "
                        "hifloat8 or uint8 when the dtype of srcTensor is float32.",
                        kApi, additionalDtype);
        }
        if (dims != 2 && dims != 3) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: srcTensor's dim %zu is invalid: The srcTensor must be 2 or 3 when additionalDtype is not "
                        "equal to srcTensor's dtype.",
                        kApi, dims);
        }
        if (dstFormat != kNz) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: dstFormat %d is invalid: it must be 29(FORMAT_FRACTAL_NZ).", kApi,
                        dstFormat);
        }
        return 0;
    }
    if (IsNonQuantMatmulDtype(additionalDtype) && dstFormat == kNz) {  // ValidateNonQuantMatmulParams
        if (dims >= 2 && v[dims - 2] == 1) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: srcTensor's shape %s is invalid: The axis k of srcTensor cannot be equal to 1 when "
                        "additionalDtype equals the dtype of srcTensor.",
                        kApi, Shape(v).c_str());
        }
        if (dims < 2 || dims > 6) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: srcTensor's dim %zu is invalid: The shape dim of srcTensor must be between 2 and 6 when "
                        "additionalDtype equals the dtype of srcTensor.",
                        kApi, dims);
        }
        return 0;
    }
    if (!QuantDtype(additionalDtype)) {  // ValidateQuantMatmulParams
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: additionalDtype %d is invalid: additionalDtype must be "
                    "int8/uint8/float8_e4m3fn/hifloat8/float4_e2m1/float4_e1m2 when additionalDtype equals the dtype "
                    "of srcTensor and additionalDtype is not float16 or bfloat16.",
                    kApi, additionalDtype);
    }
    if (dims < 2 || dims > 6) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: srcTensor's dim %zu is invalid: The ViewShape dim of srcTensor must be between 2 and 6 when "
                    "additionalDtype equals the dtype of srcTensor and additionalDtype is int8.",
                    kApi, dims);
    }
    return 0;
}

/// FallbackAclop (Atlas A2/A3): an empty tensor has no aclnn path there (CANN falls back to aclop): 361001.
inline int FallbackAclop(rt::Soc soc, const aclTensor* t) {
    if (RegBase(soc) || t->numel != 0) return 0;
    return Fail(ACLNN_ERR_RUNTIME_ERROR, "aclnn empty tensor is not supported, fallback aclop.");
}

/// The array the caller frees with delete[] (CANN allocates it with new[]).
inline int AllocShape(const std::vector<int64_t>& dims, int64_t** dstShape, uint64_t* dstShapeSize) {
    int64_t* p = new (std::nothrow) int64_t[dims.empty() ? 1 : dims.size()]();
    if (p == nullptr) return Fail(ACLNN_ERR_RUNTIME_ERROR, "Failed to allocate memory for the dstShape array.");
    for (size_t i = 0; i < dims.size(); ++i) p[i] = dims[i];
    *dstShape = p;
    *dstShapeSize = dims.size();
    return 0;
}

/// aclnnNpuFormatCastCalculateSizeAndFormat: the storage shape (new[]-allocated, the caller's to delete[]) and the
/// format a dst tensor needs for converting srcTensor to dstFormat (additionalDtype -1: srcTensor's dtype; else the
/// dtype of the matmul operand the weight will meet, which decides c0).
inline int CalculateSizeAndFormatHost(rt::Soc soc, const aclTensor* src, int dstFormat, int additionalDtype,
                                      int64_t** dstShape, uint64_t* dstShapeSize, int* actualFormat) {
    const char* api = "aclnnNpuFormatCastCalculateSizeAndFormat";
    // CheckCalculateSizeAndFormatInputs; the caller turns each of its failures into 161002.
    if (!Served(soc)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: Only support Ascend950/ASCEND910_93/ASCEND910B, not %s.", api,
                    rt::SocName(soc));
    }
    if (src == nullptr) return Fail(ACLNN_ERR_PARAM_INVALID, "%s: srcTensor is nullptr.", api);
    if (int r = CheckDtype(src, "srcTensor", WeightList())) return r;
    // BEYOND CANN (which writes through them unchecked): the three result pointers.
    if (dstShape == nullptr || dstShapeSize == nullptr || actualFormat == nullptr) {
        return Fail(ACLNN_ERR_PARAM_NULLPTR, "%s: %s is nullptr.", api,
                    dstShape == nullptr ? "dstShape" : dstShapeSize == nullptr ? "dstShapeSize" : "actualFormat");
    }
    const int srcFormat = src->format;
    const int srcDtype = src->dtype;
    if (additionalDtype == -1) additionalDtype = srcDtype;
    const std::vector<int64_t>& v = src->view_shape;
    if (NdToNzBranch(srcFormat, dstFormat, additionalDtype == srcDtype)) {
        if (RegBase(soc)) {
            if (int r = Check950NdToNzSize(src, dstFormat, additionalDtype)) {
                (void)r;
                return ACLNN_ERR_PARAM_INVALID;
            }
        } else if (int r = FallbackAclop(soc, src)) {
            return r;
        }
        // CalcNdToNz
        int64_t c0 = 16;
        int format = -1;  // -1: *actualFormat left as it was (the op_api sets none on that path)
        if (!RegBase(soc)) {
            const int64_t size = GeSize(additionalDtype);
            c0 = size > 0 ? 32 / size : 0;
            format = kNz;
        } else if (additionalDtype == srcDtype) {
            const int64_t size = GeSize(srcDtype);
            c0 = size > 0 ? 32 / size : 0;
            if (additionalDtype == ACL_FLOAT4_E2M1 || additionalDtype == ACL_FLOAT4_E1M2) c0 = 64;
            format = kNz;
        } else {
            if (GeSize(additionalDtype) == 2) format = kNzC016;
            if (additionalDtype == ACL_FLOAT8_E4M3FN || additionalDtype == ACL_INT8) {
                c0 = 32;
                format = kNzC032;
            }
        }
        // BEYOND CANN: a view of fewer than 2 dims has no matrix to block (the op_api reads outside its shape), and
        // an additionalDtype of no whole byte size gives no c0 (the op_api divides by zero).
        if (v.size() < 2) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: srcTensor's shape %s has fewer than 2 dims; FRACTAL_NZ blocks "
                        "the last two.", api, Shape(v).c_str());
        }
        if (c0 <= 0) {
            return Fail(ACLNN_ERR_PARAM_INVALID, "%s: additionalDtype %d has no byte size to derive c0 from.", api,
                        additionalDtype);
        }
        std::vector<int64_t> out(v.begin(), v.end() - 2);
        const int64_t rows = v[v.size() - 2], cols = v[v.size() - 1];
        out.push_back((cols + c0 - 1) / c0);
        out.push_back((rows + 15) / 16);
        out.push_back(16);
        out.push_back(c0);
        if (int r = AllocShape(out, dstShape, dstShapeSize)) return r;
        if (format != -1) *actualFormat = format;
        return 0;
    }
    if (NzFormat(srcFormat) && dstFormat == kNd) {
        if (!RegBase(soc)) {
            if (srcFormat != kNz) {
                return Fail(ACLNN_ERR_PARAM_INVALID, "%s: srcTensor's format %s is invalid: it must be FORMAT_FRACTAL_NZ.",
                            kApi, FormatName(srcFormat));
            }
        } else if (ValidNzShape(src) != 0) {
            return ACLNN_ERR_PARAM_INVALID;
        }
        if (int r = FallbackAclop(soc, src)) return r;
        if (int r = AllocShape(v, dstShape, dstShapeSize)) return r;  // CalcToNd: the view shape
        *actualFormat = kNd;
        return 0;
    }
    if (OtherCannPair(srcFormat, dstFormat)) return RefuseOtherPair(api, srcFormat, dstFormat);
    return Fail(ACLNN_ERR_RUNTIME_ERROR, "%s unsupported format transformation (%s to %s).", api, FormatName(srcFormat),
                FormatName(dstFormat));
}

// ---------------------------------------------------------------- aclnnNpuFormatCast's first phase

/// Check95NdToNzGetWorkSpaceSizeInputs: the 950 list (src, dst), CheckFormatValid, then the rank rule.
inline int Check950NdToNz(const aclTensor* src, const aclTensor* dst) {
    if (int r = CheckDtype(src, "srcTensor", List950())) return r;
    if (int r = CheckDtype(dst, "dstTensor", List950())) return r;
    const int sd = src->dtype, dd = dst->dtype, sf = src->format, df = dst->format;
    if (IsQuantMatmulDtype(sd, dd)) {
        if (!(NdLike(sf) && df == kNz)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: the formats %s, %s of srcTensor, dstTensor are invalid: The format of srcTensor must be "
                        "ND/NCL/NCHW/NCDHW and the format of dstTensor must be FRACTAL_NZ when the dtype of srcTensor "
                        "equals int8/uint8/float8_e4m3fn/hifloat8.",
                        kApi, FormatName(sf), FormatName(df));
        }
    } else if (IsNonQuantMatmulDtype(sd, df)) {
        if (!((sf == kNd || sf == kNcl) && df == kNz)) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: the formats %s, %s of srcTensor, dstTensor are invalid: The format of srcTensor must be "
                        "ND/NCL and the format of dstTensor must be FRACTAL_NZ when the dtype of srcTensor equals "
                        "float16 or bfloat16.",
                        kApi, FormatName(sf), FormatName(df));
        }
    } else if (!((sd == ACL_INT32 || sd == ACL_FLOAT || sd == ACL_FLOAT8_E4M3FN || sd == ACL_HIFLOAT8 ||
                  sd == ACL_UINT8) &&
                 sf == kNd && (df == kNzC016 || df == kNzC032 || df == kNz))) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: the formats %s, %s of srcTensor, dstTensor are invalid: The format of srcTensor must be ND "
                    "and the format of dstTensor must be FRACTAL_NZ_C0_16/FRACTAL_NZ_C0_32/FRACTAL_NZ when the dtype "
                    "of srcTensor equals int32/float/float8_e4m3fn/hifloat8/uint8.",
                    kApi, FormatName(sf), FormatName(df));
    }
    const size_t vd = src->view_shape.size(), sdims = dst->storage_shape.size();
    if (IsQuantMatmulDtype(sd, dd) || IsNonQuantMatmulDtype(sd, df)) {
        if (vd < 2 || vd > 6 || sdims < 4 || sdims > 8) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: the dims %zu, %zu of srcTensor, dstTensor are invalid: The ViewShape dim of srcTensor "
                        "must be between 2 and 6 and the StorageShape dim of dstTensor must be between 4 and 8 when "
                        "the dtype of srcTensor equals the dtype of dstTensor.",
                        kApi, vd, sdims);
        }
    } else if (!((vd == 2 || vd == 3) && (sdims == 4 || sdims == 5))) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: the dims %zu, %zu of srcTensor, dstTensor are invalid: The ViewShape dim of srcTensor must be "
                    "2 or 3 and the StorageShape dim of dstTensor must be 4 or 5 when srcDtype is not equal to "
                    "dstDtype.",
                    kApi, vd, sdims);
    }
    return 0;
}

/// Check95NzToNdGetWorkSpaceSizeInputs: the 950 list, ValidNzShape, ValidNz2NdShape, ValidDtypeFormatForNz2Nd.
inline int Check950NzToNd(const aclTensor* src, const aclTensor* dst) {
    if (int r = CheckDtype(src, "srcTensor", List950())) return r;
    if (int r = CheckDtype(dst, "dstTensor", List950())) return r;
    if (ValidNzShape(src) != 0) return ACLNN_ERR_PARAM_INVALID;
    const std::vector<int64_t>& s = src->storage_shape;
    const std::vector<int64_t>& v = dst->view_shape;
    const size_t sn = s.size(), vn = v.size();
    if (vn + 2 != sn) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: the dims %zu, %zu of srcTensor, dstTensor are invalid: Nz-dimensions must be equal to "
                    "ND-dimensions plus 2.",
                    kApi, sn, vn);
    }
    if (vn < 2) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: dstTensor's dim %zu is invalid: The ViewShape dim of ND must be larger than or equal to 2.",
                    kApi, vn);
    }
    for (size_t i = 0; i + 2 < vn; ++i) {
        if (s[i] != v[i]) {
            return Fail(ACLNN_ERR_PARAM_INVALID,
                        "%s: the shapes %s, %s of srcTensor, dstTensor are invalid: ND dimensions except last 2 must "
                        "match Nz dimensions except last 4.",
                        kApi, Shape(s).c_str(), Shape(v).c_str());
        }
    }
    const int64_t n = v[vn - 2], c = v[vn - 1], c1 = s[sn - 4], n1 = s[sn - 3], n0 = s[sn - 2], c0 = s[sn - 1];
    if (n1 != (n + n0 - 1) / n0 || c1 != (c + c0 - 1) / c0) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: (n, c) = (%lld, %lld), (c1, n1, n0, c0) = (%lld, %lld, %lld, %lld) of dstTensor, srcTensor are "
                    "invalid: n1 must be equal to ceil(n/n0) and c1 must be equal to ceil(c/c0) when converting Nz to "
                    "ND.",
                    kApi, static_cast<long long>(n), static_cast<long long>(c), static_cast<long long>(c1),
                    static_cast<long long>(n1), static_cast<long long>(n0), static_cast<long long>(c0));
    }
    // INPUT_DTYPE_FORMAT_NZ_TO_ND_SUPPORT_LIST
    const int d = src->dtype, f = src->format;
    const bool ok = (d == ACL_FLOAT4_E2M1 && (f == kNz || f == kNzC032)) ||
                    ((d == ACL_INT8 || d == ACL_UINT8) && (f == kNz || f == kNzC016 || f == kNzC032)) ||
                    ((d == ACL_FLOAT8_E4M3FN || d == ACL_FLOAT16 || d == ACL_BF16) && f == kNz) ||
                    ((d == ACL_INT32 || d == ACL_FLOAT) && NzFormat(f));
    if (!ok) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: Do not support converting [%s] to ND when srcDtype is [%s].", kApi,
                    FormatName(f), DtypeName(src->dtype));
    }
    return 0;
}

/// CheckGetWorkSpaceSizeInputs: the product, both tensors contiguous, both dtypes in WEIGHT_DTYPE_SUPPORT_LIST.
inline int CheckGeneric(rt::Soc soc, const aclTensor* src, const aclTensor* dst) {
    if (!Served(soc)) {
        return Fail(ACLNN_ERR_PARAM_INVALID, "%s: Only support Ascend950/ASCEND910_93/ASCEND910B, not %s.", kApi,
                    rt::SocName(soc));
    }
    if (!Contiguous(src)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: srcTensor's shape non-contiguous is invalid: srcTensor must be contiguous.", kApi);
    }
    if (!Contiguous(dst)) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: dstTensor's shape non-contiguous is invalid: dstTensor must be contiguous.", kApi);
    }
    if (int r = CheckDtype(src, "srcTensor", WeightList())) return r;
    return CheckDtype(dst, "dstTensor", WeightList());
}

}  // namespace fmtcast

/// aclnnNpuFormatCastGetWorkspaceSize after its null checks (c.t = {srcTensor, dstTensor}): the op_api's checks per
/// product, then aclcpu's scope (ND-like <-> FRACTAL_NZ, or a same-format copy on the Ascend 950) and, beyond
/// CANN, the same dtype and view shape on both sides and each ND view inside its storage.
inline int CheckNpuFormatCast(const OpCall& c) {
    using namespace fmtcast;
    const aclTensor* src = c.t[0];
    const aclTensor* dst = c.t[1];
    const int sf = src->format, df = dst->format;
    if (RegBase(c.soc)) {
        int r = 0;
        if (NdToNzBranch(sf, df, src->dtype == dst->dtype)) {
            r = Check950NdToNz(src, dst);
        } else if (NzFormat(sf) && NdLike(df)) {
            r = Check950NzToNd(src, dst);
        } else {
            r = CheckGeneric(c.soc, src, dst);
        }
        if (r != 0) return ACLNN_ERR_PARAM_INVALID;
        const bool forward = (IsQuantMatmulDtype(src->dtype, dst->dtype) && df == kNz) ||
                             ((sf == kNd || sf == kNcl) && (df == kNz || df == kNzC016 || df == kNzC032));
        const bool backward = NzFormat(sf) && NdLike(df);
        const bool same = sf == df && NdLike(sf);  // TransData returns its input: a copy
        if (!forward && !backward && !same) return RefuseOtherPair(kApi, sf, df);
    } else {
        // CheckGetWorkSpaceSizeInputs runs (and logs) first; CheckDtypeValid returns first; both fail with 161002.
        if (CheckGeneric(c.soc, src, dst) != 0) return ACLNN_ERR_PARAM_INVALID;
        if (int r = CheckDtype(src, "srcTensor", List910B())) return r;  // CheckDtypeValid
        if (int r = CheckDtype(dst, "dstTensor", List910B())) return r;
        const bool forward = NdLike(sf) && df == kNz;   // kTransdataForwardFormatPairs910B's NZ pairs
        const bool backward = sf == kNz && NdLike(df);  // the same pairs read backwards
        if (!forward && !backward) {
            const bool cannPair = OtherCannPair(sf, df) || (sf == kNhwc && df == kNc1hwc0) ||
                                  (sf == kNdhwc && df == kNdc1hwc0);
            if (cannPair) return RefuseOtherPair(kApi, sf, df);
            // CANN logs this and returns `false` (0) without an executor; aclcpu refuses the call.
            return Fail(ACLNN_ERR_PARAM_INVALID, "Unsupported format transformation from [%s] to [%s]", FormatName(sf),
                        FormatName(df));
        }
    }
    // BEYOND CANN: the conversion copies src's view into dst's view element by element.
    if (src->dtype != dst->dtype) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: srcTensor's dtype %s differs from dstTensor's %s; aclcpu converts the layout only, not the "
                    "dtype.",
                    kApi, DtypeName(src->dtype), DtypeName(dst->dtype));
    }
    if (src->view_shape != dst->view_shape) {
        return Fail(ACLNN_ERR_PARAM_INVALID,
                    "%s: srcTensor's view shape %s differs from dstTensor's %s; aclcpu needs both views to be the same "
                    "matrix (the NZ tensor's view is its ND shape).",
                    kApi, fmtcast::Shape(src->view_shape).c_str(), fmtcast::Shape(dst->view_shape).c_str());
    }
    if (!NzFormat(sf) && sf != 54) {
        if (int r = CheckStorageBounds(*src, "srcTensor")) return r;
    }
    if (!NzFormat(df) && df != 54) {
        if (int r = CheckStorageBounds(*dst, "dstTensor")) return r;
    }
    return 0;
}

}  // namespace aclcpu
