// Scalar and bulk conversions between float32 and the low-precision dtypes of acl_base.h that ATen (PyTorch
// 1.13) has no type for: HIFLOAT8, FLOAT8_E5M2, FLOAT8_E4M3FN, FLOAT8_E8M0, FLOAT4_E2M1, FLOAT4_E1M2, INT4.
// A layer that computes in float decodes such a tensor with DecodeToFloat and writes results back with
// EncodeFromFloat. Every decode is exact (each code's value is a float32); every encode rounds to the nearest
// value of the format's grid, and what it does at a tie, on overflow and with NaN/inf is written on each
// function, with the source of the rule. docs/lowp-dtypes.md has the layouts, the sources and the readings
// that public text leaves open.
//
// Codes are the raw storage bits in a uint8_t: the 8-bit formats use all 8 bits; the 4-bit formats use the low
// 4 bits (a 4-bit Decode ignores the high 4 bits, a 4-bit Encode returns 0..15). Independent of the
// floating-point environment (no FE rounding mode or flag is read or raised on purpose).
#pragma once

#include <cstddef>
#include <cstdint>

#include "acl/acl_base.h"

namespace aclcpu::lowp {

// --- HIFLOAT8 (ACL_HIFLOAT8 = 34): Ascend HiF8, arXiv 2409.16626 ------------------------------------------

/// HiF8 code -> float (exact). Layout: sign, a prefix-coded dot field (11, 10, 01, 001, 0001, 0000) giving
/// the width of a sign-magnitude exponent with an implicit leading magnitude 1, then 1-3 mantissa bits;
/// dot 0000 is the denormal mode, 2^(m-23) for m = 1..7. 0x00 is the only zero, 0x80 the only NaN, 0x6F/0xEF
/// are +-inf. Largest finite 2^15 = 32768 (0x6E), smallest normal 2^-15 (0x7E), smallest denormal 2^-22
/// (0x01). Source: arXiv 2409.16626 section 2; the same constants in CANN's AICPU Cast
/// (hicann/ops-math math/cast/op_kernel_aicpu/cast_aicpu.cpp) and in en_dtypes.hifloat8, CANN's golden type.
float DecodeHiFloat8(uint8_t code);

/// float -> HiF8 code, round to nearest with ties away from zero ("TA", CANN's round mode "round": the only
/// one aclnnCast uses for float->HIFLOAT8, hicann/ops-math math/cast/op_kernel/arch35/cast_struct.h), not
/// saturating: |x| >= 40960 (the midpoint between 32768 and the inf slot 49152) and +-inf give +-inf (0x6F/
/// 0xEF); NaN gives 0x80; |x| < 2^-23 (half the smallest denormal) and +-0 give 0x00 (no negative zero).
/// The "hybrid" rounding (HR, CANN's round mode "hybrid") is not implemented; EncodeHiFloat8Sat saturates.
uint8_t EncodeHiFloat8(float x);

/// EncodeHiFloat8 in saturating mode (AscendC SIMT `__float22hif82_rna_sat`): what would give +-inf (finite
/// overflow, and +-inf itself) gives +-32768 (0x6E/0xEE); NaN still gives 0x80.
uint8_t EncodeHiFloat8Sat(float x);

// --- FLOAT8_E5M2 (ACL_FLOAT8_E5M2 = 35): OCP 8-bit Floating Point Specification (OFP8) rev 1.0 -------------

/// E5M2 code -> float (exact). s.eeeee.mm, bias 15, IEEE-like: subnormals, +-0, +-inf (0x7C/0xFC), NaN for
/// exponent 31 with a nonzero mantissa. Largest finite 57344 (0x7B), smallest subnormal 2^-16 (0x01).
float DecodeFloat8E5M2(uint8_t code);

/// float -> E5M2 code, round to nearest, ties to even (CANN: CAST_RINT in aclnnCast's float->FLOAT8_E5M2
/// path; the AscendC fp8 conversion documents RINT), not saturating (the AscendC documented non-saturating
/// mode): |x| >= 61440 and +-inf give +-inf; NaN gives 0x7E with the input's sign; subnormals kept.
uint8_t EncodeFloat8E5M2(float x);

/// EncodeFloat8E5M2 in the AscendC saturating mode: finite overflow and +-inf give +-57344 (0x7B/0xFB); NaN
/// stays NaN (the mode where control bit CTRL[50] = 1; with CTRL[50] = 0 the hardware gives 0 for NaN).
uint8_t EncodeFloat8E5M2Sat(float x);

// --- FLOAT8_E4M3FN (ACL_FLOAT8_E4M3FN = 36): OCP OFP8 rev 1.0 ---------------------------------------------

/// E4M3FN code -> float (exact). s.eeee.mmm, bias 7, subnormals, +-0, no infinities; NaN only for
/// s.1111.111 (0x7F/0xFF). Largest finite 448 (0x7E), smallest subnormal 2^-9 (0x01).
float DecodeFloat8E4M3FN(uint8_t code);

/// float -> E4M3FN code, round to nearest, ties to even (CAST_RINT, as for E5M2), not saturating: |x| > 464
/// (ties at 464 go to 448, the even code) and +-inf give NaN (0x7F, 0xFF for a negative input), as the
/// AscendC non-saturating mode documents; NaN gives 0x7F with the input's sign. Whether aclnnCast runs the
/// saturating mode (overflow -> +-448, EncodeFloat8E4M3FNSat) is not public: docs/lowp-dtypes.md.
uint8_t EncodeFloat8E4M3FN(float x);

/// EncodeFloat8E4M3FN in the AscendC saturating mode: |x| > 464 and +-inf give +-448 (0x7E/0xFE); NaN stays
/// NaN (0x7F with the input's sign; CTRL[50] = 1, as for E5M2).
uint8_t EncodeFloat8E4M3FNSat(float x);

// --- FLOAT8_E8M0 (ACL_FLOAT8_E8M0 = 37): OCP Microscaling Formats (MX) v1.0, section 5.4.1 ----------------

/// E8M0 code -> float (exact): 2^(code - 127) for code 0..254 (code 0 is 2^-127, a float32 subnormal), NaN
/// for 0xFF. Unsigned; no zero, no infinity.
float DecodeFloat8E8M0(uint8_t code);

/// float -> E8M0 code: round to the nearest power of two 2^-127..2^127 (midpoints 1.5 * 2^k), ties to the
/// even code; NaN, +-inf, negative x (not -0) and x > 1.5 * 2^127 give 0xFF (NaN); +-0 and tiny positive
/// x give 0x00 (2^-127, the nearest value). MX v1.0 defines no conversion to E8M0 (CANN's MX quant ops
/// compute their scales with their own ceil rule, not with this function): the rule here is this
/// project's choice, docs/lowp-dtypes.md.
uint8_t EncodeFloat8E8M0(float x);

// --- FLOAT4_E2M1 (ACL_FLOAT4_E2M1 = 40): OCP MX v1.0, section 5.3.3 ---------------------------------------

/// E2M1 code (low 4 bits) -> float (exact). s.ee.m, bias 1: +-{0, 0.5, 1, 1.5, 2, 3, 4, 6}; no inf, no NaN.
float DecodeFloat4E2M1(uint8_t code);

/// float -> E2M1 code (0..15), round to nearest, ties to even (CAST_RINT), saturating: |x| > 6 and +-inf give
/// +-6 (MX v1.0 clamps to the largest normal); NaN gives +0 (no NaN code: a choice, docs/lowp-dtypes.md).
/// aclnnCast converts float -> FLOAT4 through BF16 (two RINT roundings); this is the single rounding: for
/// CANN's path call EncodeFloat4E2M1(Bf16ToFloat(FloatToBf16(x))) (common/half.h).
uint8_t EncodeFloat4E2M1(float x);

// --- FLOAT4_E1M2 (ACL_FLOAT4_E1M2 = 41): CANN's own 4-bit format --------------------------------------------

/// E1M2 code (low 4 bits) -> float (exact). s.e.mm, bias 1 (CANN's MX quant docs give it emax 0):
/// +-{0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75}; no inf, no NaN.
float DecodeFloat4E1M2(uint8_t code);

/// float -> E1M2 code (0..15), round to nearest, ties to even (CAST_RINT), saturating at +-1.75 (inf too);
/// NaN gives +0. Same BF16 remark as EncodeFloat4E2M1.
uint8_t EncodeFloat4E1M2(float x);

// --- INT4 (ACL_INT4 = 29) ---------------------------------------------------------------------------------

/// INT4 code (low 4 bits, two's complement) -> float: -8..7.
float DecodeInt4(uint8_t code);

/// float -> INT4 code (0..15): round to nearest, ties to even, saturating to [-8, 7]; NaN gives 0 (aclnnCast's
/// float -> integer rule; aclnnCast itself converts only INT32 -> INT4).
uint8_t EncodeInt4(float x);

// --- dtype-generic ------------------------------------------------------------------------------------------

/// True for the seven dtypes above (the ones this file converts).
bool IsLowPrecision(aclDataType t);

/// True for ACL_INT4, ACL_FLOAT4_E2M1 and ACL_FLOAT4_E1M2: two elements per byte, element 2k in the low nibble
/// (bits 0-3) of byte k and element 2k+1 in the high nibble (as ops-nn's aclnnConvertWeightToINT4Pack packs
/// INT4 and FLOAT4_E2M1: matmul/convert_weight_to_int4_pack/op_host/op_api/aclnn_convert_weight_to_int4_pack.cpp,
/// and as numpy/ml_dtypes pack int4).
bool IsPacked4Bit(aclDataType t);

/// Bytes that elements [0, n) of dtype t occupy: ceil(n / 2) for the packed 4-bit dtypes, n for the 8-bit
/// ones; 0 for n <= 0 or a dtype IsLowPrecision rejects.
size_t StorageBytes(aclDataType t, int64_t n);

/// Byte holding element i (i >= 0) of dtype t: i / 2 for the packed 4-bit dtypes, i otherwise.
int64_t ByteOfElement(aclDataType t, int64_t i);

/// Bit position (0 or 4) of element i's nibble in its byte for the packed 4-bit dtypes; 0 otherwise.
int NibbleShift(aclDataType t, int64_t i);

/// Decodes elements [first_element, first_element + n) of the dtype-t buffer src (element 0 at src, packed
/// per IsPacked4Bit) into dst[0..n). first_element >= 0; n <= 0 does nothing. Returns false, writing nothing,
/// when IsLowPrecision(t) is false or src/dst is null with n > 0.
bool DecodeToFloat(aclDataType t, const void* src, int64_t first_element, int64_t n, float* dst);

/// Encodes src[0..n) into elements [first_element, first_element + n) of the dtype-t buffer dst with the
/// Encode function of t. For the 4-bit dtypes only the written elements' nibbles change (read-modify-write of
/// a byte shared with an element outside the range keeps that element). Returns false, writing nothing, when
/// IsLowPrecision(t) is false or src/dst is null with n > 0.
bool EncodeFromFloat(aclDataType t, const float* src, int64_t n, void* dst, int64_t first_element);

}  // namespace aclcpu::lowp
