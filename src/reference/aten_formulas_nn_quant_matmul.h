// The reference formulas' helpers of the nn_quant_matmul family (ops/families/nn_quant_matmul.yaml;
// docs/ops/nn_quant_matmul.md): ops-nn's quant-parameter conversion (TransQuantParamV2 / V3) and its activation-
// quantised matmuls (QuantMatmulV3 / V4). Included by reference/aten_formulas.h at its end through the generated
// reference/family_formulas.inc. Needs ATen.
//
// Facts (hicann/ops-nn): quant/trans_quant_param_v2/op_kernel/trans_quant_param_v2.h (the uint64 quant-param bit
// layout: bits 0..31 the FLOAT scale's bits - roundMode 0 masked to its top 19 bits, 0xFFFFE000; roundMode 1
// rounded to 19 bits (FP19: 1 sign, 8 exponent, 10 mantissa bits) to nearest even -, bit 46 set, bits 37..45 the
// offset as a 9-bit two's complement integer, rint'ed and clamped to [-256, 255]);
// matmul/quant_batch_matmul_v3/op_api/aclnn_quant_matmul_v4.cpp and docs/aclnnQuantMatmulV4.md (the computation:
// out = (x1 @ x2 [+ INT32 bias]) * scale [* pertokenScale] [+ FLOAT / BF16 / FLOAT16 bias] [+ offset]).
#pragma once

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

namespace aclcpu {
namespace ref {

namespace nqmm {

constexpr uint64_t kDeqScaleMul = 0xFFFFE000ULL;  // the top 19 bits of a FLOAT's bits (FP19)
constexpr uint64_t kQuantScaleBit = 1ULL << 46;
constexpr uint64_t kInt9Mask = 0x1FFULL;
constexpr int kOffsetShift = 37;

/// trans_quant_param_v2.h CalQuantPreScaleValue: the scale's FLOAT bits as the quant param's low word - roundMode 0
/// truncated to FP19 (mask 0xFFFFE000), roundMode 1 rounded to FP19 to nearest even (an exponent of 0 keeps the sign
/// only; 255 (Inf / NaN) keeps the truncated mantissa; a carry out of the mantissa bumps the exponent) - with bit 46.
inline uint64_t ScaleBits(float scale, int64_t round_mode) {
    uint32_t u = 0;
    std::memcpy(&u, &scale, 4);
    if (round_mode == 0) return (static_cast<uint64_t>(u) & kDeqScaleMul) | kQuantScaleBit;
    const uint32_t sign = (u >> 31) & 0x1;
    uint32_t exponent = (u >> 23) & 0xFF;
    const uint32_t mantissa = u & 0x7FFFFF;
    uint32_t m19 = mantissa >> 13;
    const uint32_t round_bit = (mantissa >> 12) & 0x1;
    const uint32_t sticky = mantissa & 0xFFF;
    uint32_t fp19 = 0;
    if (exponent == 0) {
        fp19 = sign << 18;
    } else if (exponent == 0xFF) {
        fp19 = (sign << 18) | (exponent << 10) | m19;
    } else {
        if (round_bit != 0 && (sticky != 0 || (m19 & 0x1) != 0)) {
            m19 += 1;
            if (m19 >= (1u << 10)) {
                m19 = 0;
                exponent += 1;
            }
        }
        fp19 = exponent > 0xFF ? ((sign << 18) | (0xFFu << 10)) : ((sign << 18) | (exponent << 10) | m19);
    }
    return (static_cast<uint64_t>(fp19) << 13) | kQuantScaleBit;
}

/// The offset's 9-bit field: rint (the kernel's CAST_RINT, ties to even), clamped to [-256, 255], at bits 37..45.
inline uint64_t OffsetBits(float offset) {
    const float r = std::nearbyint(offset);
    int v = 0;
    if (std::isnan(r)) {
        v = 0;  // the NPU's float -> int32 cast of NaN is 0
    } else {
        v = static_cast<int>(std::max(-256.0f, std::min(255.0f, r)));
    }
    return (static_cast<uint64_t>(static_cast<int64_t>(v)) & kInt9Mask) << kOffsetShift;
}

/// A quant param's scale as the fixpipe reads it: the FP19 value of its low word (bits 0..31 masked with 0xFFFFE000).
inline float ScaleOfBits(uint64_t q) {
    const uint32_t u = static_cast<uint32_t>(q & kDeqScaleMul);
    float f = 0.0f;
    std::memcpy(&f, &u, 4);
    return f;
}

/// A quant param's offset: the 9-bit two's complement integer at bits 37..45.
inline float OffsetOfBits(uint64_t q) {
    const int v = static_cast<int>((q >> kOffsetShift) & kInt9Mask);
    return static_cast<float>(v >= 256 ? v - 512 : v);
}

/// The elements of t (any dtype, any view) as int64 values in row-major order (a UINT64 quant param reaches the
/// formula as an INT64 tensor holding the same bits).
inline std::vector<int64_t> Int64Values(const at::Tensor& t) {
    const at::Tensor c = t.to(at::kLong).contiguous();
    return std::vector<int64_t>(c.data_ptr<int64_t>(), c.data_ptr<int64_t>() + c.numel());
}

/// The elements of t as float values in row-major order.
inline std::vector<float> FloatValues(const at::Tensor& t) {
    const at::Tensor c = t.to(at::kFloat).contiguous();
    return std::vector<float>(c.data_ptr<float>(), c.data_ptr<float>() + c.numel());
}

/// A scale tensor as FLOAT values: a quant param (INT64, or UINT64 seen as INT64) decoded with ScaleOfBits; FLOAT
/// and BF16 widened.
inline at::Tensor DequantScale(const at::Tensor& scale) {
    if (scale.scalar_type() != at::kLong) return scale.to(at::kFloat);
    const std::vector<int64_t> q = Int64Values(scale);
    std::vector<float> f(q.size());
    for (size_t i = 0; i < q.size(); ++i) f[i] = ScaleOfBits(static_cast<uint64_t>(q[i]));
    return at::tensor(f, at::kFloat).view(scale.sizes());
}

/// The offsets a quant param carries (OffsetOfBits of each element), as FLOAT.
inline at::Tensor EmbeddedOffset(const at::Tensor& scale) {
    const std::vector<int64_t> q = Int64Values(scale);
    std::vector<float> f(q.size());
    for (size_t i = 0; i < q.size(); ++i) f[i] = OffsetOfBits(static_cast<uint64_t>(q[i]));
    return at::tensor(f, at::kFloat).view(scale.sizes());
}

/// An INT32 tensor packing 8 INT4 values per element (the A4W4 form of aclnnQuantMatmulV4's x1 / x2; CANN's
/// aclnnConvertWeightToINT4Pack layout: value j of an element in bits 4j..4j+3, the first value lowest) unpacked
/// along its last dim into INT8 values in [-8, 7]; another dtype is returned as is.
inline at::Tensor UnpackInt4x8(const at::Tensor& t) {
    if (t.scalar_type() != at::kInt) return t;
    std::vector<int64_t> shape(t.sizes().begin(), t.sizes().end());
    const at::Tensor c = t.contiguous();
    const int32_t* p = c.data_ptr<int32_t>();
    std::vector<int8_t> v(static_cast<size_t>(c.numel()) * 8);
    for (int64_t i = 0; i < c.numel(); ++i) {
        const uint32_t w = static_cast<uint32_t>(p[i]);
        for (int j = 0; j < 8; ++j) {
            const int nib = static_cast<int>((w >> (4 * j)) & 0xF);
            v[static_cast<size_t>(i * 8 + j)] = static_cast<int8_t>(nib >= 8 ? nib - 16 : nib);
        }
    }
    shape.back() *= 8;
    return at::from_blob(v.data(), {static_cast<int64_t>(v.size())}, at::kChar).clone().view(shape);
}

}  // namespace nqmm

/// aclnnTransQuantParamV2 / V3 (quant/trans_quant_param_v2: op_api aclnn_trans_quant_param_v2.cpp, kernel
/// trans_quant_param_v2.h TransQuantParamV2::Process): element i of the max(len(scale), len(offset)) results is
/// ScaleBits(scale[i], roundMode) | OffsetBits(offset[i]) (a scale or offset of one element serving every i; no
/// offset: no offset bits), over the tensors' elements in row-major order. The results fill out's elements in
/// row-major order; out's elements beyond them keep their values (the kernel writes only that many).
inline at::Tensor TransQuantParamRef(const at::Tensor& scale, const at::Tensor& offset, int64_t round_mode,
                                     const at::Tensor& out) {
    const std::vector<float> s = nqmm::FloatValues(scale);
    const std::vector<float> o = offset.defined() ? nqmm::FloatValues(offset) : std::vector<float>();
    const size_t n = std::max(s.size(), o.size());
    at::Tensor r = out.to(at::kLong).contiguous().clone().view({-1});
    int64_t* rp = r.data_ptr<int64_t>();
    const size_t limit = std::min(n, static_cast<size_t>(r.numel()));
    for (size_t i = 0; i < limit; ++i) {
        uint64_t q = 0;
        if (!s.empty()) q = nqmm::ScaleBits(s.size() == 1 ? s[0] : (i < s.size() ? s[i] : 0.0f), round_mode);
        if (!o.empty()) q |= nqmm::OffsetBits(o.size() == 1 ? o[0] : (i < o.size() ? o[i] : 0.0f));
        rp[i] = static_cast<int64_t>(q);
    }
    return r.view(out.sizes());
}

/// aclnnQuantMatmulV3 / V4 (matmul/quant_batch_matmul_v3/op_api/aclnn_quant_matmul_v4.cpp; docs/aclnnQuantMatmulV4.md):
///   acc = op(x1) @ op(x2), exact in int64 (op a transpose of the last two dims where transposeX1 / transposeX2;
///         batch dims broadcast; INT4 values - INT8 here - or INT32 packs of 8 INT4 unpacked first);
///   an INT32 bias is added to acc (the cube's accumulator);
///   out INT32: acc (+ bias) itself, no dequantisation;
///   else f = float(acc) * scale (a quant param's FP19 scale, or the FLOAT / BF16 scale, per n or one), then
///         * pertokenScale[m] when given, then + a FLOAT / FLOAT16 / BF16 bias (in FLOAT), all in FLOAT;
///   out INT8: f + offset (the offset tensor, or - with a quant-param scale and no offset tensor - the offset the
///         quant param carries), rounded to nearest even and saturated to [-128, 127];
///   out FLOAT16 / BF16: f, rounded once to out's dtype by the engine's copy.
/// The NPU's fixpipe multiplies in its own precision (not documented as IEEE float32), so FLOAT16 / BF16 results may
/// differ from it in the last place.
inline at::Tensor QuantMatmulRef(const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& scale,
                                 const at::Tensor& offset, const at::Tensor& pertokenScale, const at::Tensor& bias,
                                 bool transposeX1, bool transposeX2, const at::Tensor& out) {
    at::Tensor a = nqmm::UnpackInt4x8(x1).to(at::kLong);
    at::Tensor b = nqmm::UnpackInt4x8(x2).to(at::kLong);
    if (transposeX1) a = a.transpose(-2, -1);
    if (transposeX2) b = b.transpose(-2, -1);
    at::Tensor acc = at::matmul(a, b);  // int64: exact
    const bool int_bias = bias.defined() && bias.scalar_type() == at::kInt;
    if (int_bias) acc = acc + bias.to(at::kLong);
    if (out.scalar_type() == at::kInt) return acc.to(at::kInt).reshape(out.sizes());
    at::Tensor f = acc.to(at::kFloat) * nqmm::DequantScale(scale).reshape({-1});
    if (pertokenScale.defined()) f = f * pertokenScale.to(at::kFloat).reshape({-1, 1});
    if (bias.defined() && !int_bias) f = f + bias.to(at::kFloat);
    if (out.scalar_type() == at::kChar) {
        if (offset.defined()) {
            f = f + offset.to(at::kFloat).reshape({-1});
        } else if (scale.scalar_type() == at::kLong) {
            f = f + nqmm::EmbeddedOffset(scale).reshape({-1});
        }
        return at::clamp(at::round(f), -128, 127).to(at::kChar).reshape(out.sizes());
    }
    return f.reshape(out.sizes());
}


}  // namespace ref
}  // namespace aclcpu
