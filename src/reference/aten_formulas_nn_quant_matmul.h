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
#include <string>
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


namespace nqmm {

// aclDataType values (acl_base.h) the V5 formula tells modes apart by (a.AclDtype; -1 for an absent tensor)
constexpr int32_t kDtFloat = 0, kDtFloat16 = 1, kDtInt8 = 2, kDtInt32 = 3, kDtInt64 = 9, kDtUint64 = 10,
                  kDtBf16 = 27, kDtInt4 = 29, kDtHif8 = 34, kDtE5m2 = 35, kDtE4m3 = 36, kDtE8m0 = 37, kDtFp4 = 40;

/// The aclDataType the caller created t with, -1 for an absent (undefined) optional tensor.
template <class A>
int32_t DtOf(const A& a, const at::Tensor& t) {
    return t.defined() ? a.AclDtype(t) : -1;
}

/// A scale of quant params (INT64 / UINT64 seen as INT64) as the FLOAT its low word holds. fp19: the fixpipe's FP19
/// (mask 0xFFFFE000, the V3 / V4 / V5 T-C path); else the whole FLOAT (the A8W4 vector paths, whose UINT64 scales
/// carry a FLOAT's bits in the low word). Another dtype widened to FLOAT.
inline at::Tensor ScaleAsFloat(const at::Tensor& s, bool fp19) {
    if (s.scalar_type() != at::kLong) return s.to(at::kFloat);
    const std::vector<int64_t> q = Int64Values(s);
    std::vector<float> f(q.size());
    for (size_t i = 0; i < q.size(); ++i) {
        if (fp19) {
            f[i] = ScaleOfBits(static_cast<uint64_t>(q[i]));
        } else {
            const uint32_t u = static_cast<uint32_t>(static_cast<uint64_t>(q[i]) & 0xFFFFFFFFULL);
            std::memcpy(&f[i], &u, 4);
        }
    }
    return at::tensor(f, at::kFloat).view(s.sizes());
}

/// Repeats each element of dim `dim` `g` times and keeps the first `size`: a per-group scale expanded to per-element.
inline at::Tensor ExpandGroups(const at::Tensor& s, int64_t dim, int64_t g, int64_t size) {
    return s.repeat_interleave(std::max<int64_t>(g, 1), dim).narrow(dim, 0, size);
}

/// The group size along a dim of `size` elements that a scale of `groups` entries there implies, unless `given`
/// (groupSize's field) is set: CANN's InferGroupSize (quant_matmul_checker.cpp) takes size / groups when it divides,
/// else the ceiling.
inline int64_t GroupOf(int64_t given, int64_t size, int64_t groups) {
    if (given > 0) return given;
    if (groups <= 0) return 1;
    return (size + groups - 1) / groups;
}

}  // namespace nqmm

/// aclnnQuantMatmulV5 / aclnnQuantMatmulWeightNz (matmul/quant_batch_matmul_v4/op_host/op_api/aclnn_quant_matmul_v5.cpp,
/// matmul/quant_batch_matmul_v3/op_api/quant_matmul_checker.cpp; docs/aclnnQuantMatmulV5.md, its formulas per quant
/// mode). x1, x2 arrive decoded (FLOAT8 / HIFLOAT8 / FLOAT4 as FLOAT, INT4 as INT8; an INT32 x2 - or x1 - packs 8 INT4
/// along its last dim and is unpacked). op() transposes the last two dims where transposeX1 / transposeX2. The modes:
///  - MX (x1Scale and x2Scale FLOAT8_E8M0): x1Scale [..., m, ceil(k/64), 2] ([..., ceil(k/64), m, 2] transposed), x2Scale
///    [..., n, ceil(k/64), 2] with transposeX2, else [..., ceil(k/64), n, 2]: one scale per 32 elements of k on each side;
///    out = sum_k (x1 * s1) (x2 * s2) + bias.
///  - G-B / B-B (FLOAT x1Scale and x2Scale of 2+ dims; FLOAT8 / HIFLOAT8 / INT8 inputs): x1Scale [ceil(m/gm), ceil(k/gk)]
///    (transposed with x1), x2Scale [ceil(k/gk), ceil(n/gn)] (transposed with x2), groupSize = gm << 32 | gn << 16 | gk
///    (0: inferred from the shapes); out = sum_k (x1 * s1)(x2 * s2) + bias.
///  - K-G A4W4 (INT4, x2Offset FLOAT16 [ceil(k/gk), n] with FLOAT x1Scale [m, 1] and x2Scale [ceil(k/gk), n], not
///    transposed with x2):
///    out = x1Scale * sum_k x1 * (x2 - x2Offset) * x2Scale.
///  - K-G A8W4 INT (INT8 x1, INT32-packed x2; x2Scale UINT64 [ceil(k/256), n] or [n] with a FLOAT in its low word,
///    x1Scale FLOAT [m, 1] or [m], yOffset FLOAT [n]): out = (x1 @ (x2 * x2Scale) + yOffset) * x1Scale.
///  - T-CG A8W4 FLOAT (FLOAT8_E4M3FN x1, FLOAT4_E2M1 x2, no x1Scale, x2Scale BF16 / FLOAT16 [ceil(k/32), n] - transposed
///    with x2 -, yScale UINT64 [1, n] with a FLOAT in its low word): out = (x1 @ (x2 * x2Scale)) * yScale.
///  - else the per-tensor / per-channel / per-token modes, QuantMatmulRef's computation with x2Scale as the scale,
///    x2Offset as the offset and x1Scale as the per-token (or, one element, per-tensor) scale; a FLOAT bias is added
///    before the scale when there is no x1Scale and x2Scale holds quant params (the FLOAT8 / HIFLOAT8 T-C formula).
/// Products of integers are exact (in double); scaled products are summed in double, the dequantisation is float32;
/// the engine rounds once to out's dtype (an INT8 out rounded to nearest even and saturated here). The NPU's cube and
/// fixpipe round in their own steps, so low-precision outputs may differ in the last place.
template <class A>
at::Tensor QuantMatmulV5Ref(const A& a, const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& x1Scale,
                            const at::Tensor& x2Scale, const at::Tensor& yScale, const at::Tensor& x2Offset,
                            const at::Tensor& yOffset, const at::Tensor& bias, bool transposeX1, bool transposeX2,
                            int64_t groupSize, const at::Tensor& out) {
    using namespace nqmm;
    const int32_t d1 = DtOf(a, x1), d2 = DtOf(a, x2), ds1 = DtOf(a, x1Scale), ds2 = DtOf(a, x2Scale);
    const int32_t dout = DtOf(a, out);
    at::Tensor A1 = UnpackInt4x8(x1).to(at::kDouble);
    at::Tensor B2 = UnpackInt4x8(x2).to(at::kDouble);
    if (transposeX1) A1 = A1.transpose(-2, -1);
    if (transposeX2) B2 = B2.transpose(-2, -1);
    const int64_t m = A1.size(-2), k = A1.size(-1), n = B2.size(-1);
    const uint64_t gs = static_cast<uint64_t>(groupSize);
    const int64_t gk_in = static_cast<int64_t>(gs & 0xFFFF), gn_in = static_cast<int64_t>((gs >> 16) & 0xFFFF),
                  gm_in = static_cast<int64_t>((gs >> 32) & 0xFFFF);
    auto finish = [&](at::Tensor f) {  // f: FLOAT result [..., m, n]
        if (dout == kDtInt8) return at::clamp(at::round(f), -128, 127).to(at::kChar).reshape(out.sizes());
        return f.reshape(out.sizes());
    };
    auto add_bias = [&](at::Tensor f) {
        if (!bias.defined()) return f;
        at::Tensor b = bias.to(at::kFloat);
        if (b.dim() == 3) return f + b;  // [batch, 1, n]
        return f + b.reshape({-1});
    };
    const bool mx = ds1 == kDtE8m0 && ds2 == kDtE8m0;
    const bool float_in = d1 == kDtE4m3 || d1 == kDtE5m2 || d1 == kDtHif8 || d1 == kDtFp4;
    const bool block = !mx && ds1 == kDtFloat && ds2 == kDtFloat && x1Scale.dim() > 1 && x2Scale.dim() > 1 &&
                       !x2Offset.defined() && (float_in || x1Scale.dim() == x1.dim());
    if (mx || block) {
        at::Tensor s1 = x1Scale.to(at::kDouble);
        at::Tensor s2 = x2Scale.to(at::kDouble);
        int64_t gm = 1, gk = 32, gn = 1;
        if (mx) {
            // [..., m, G/2, 2] -> [..., m, G]; transposed x1: [..., G/2, m, 2] -> [..., m, G/2, 2] first
            if (transposeX1) s1 = s1.transpose(-3, -2);
            s1 = s1.flatten(-2, -1);
            if (transposeX2) {
                s2 = s2.flatten(-2, -1).transpose(-2, -1);  // [..., n, G/2, 2] -> [..., G, n]
            } else {
                s2 = s2.transpose(-2, -1).flatten(-3, -2);  // [..., G/2, n, 2] -> [..., G/2, 2, n] -> [..., G, n]
            }
        } else {
            if (transposeX1) s1 = s1.transpose(-2, -1);  // [..., M', K']
            if (transposeX2) s2 = s2.transpose(-2, -1);  // [..., K', N']
            gm = GroupOf(gm_in, m, s1.size(-2));
            gk = GroupOf(gk_in, k, s1.size(-1));
            gn = GroupOf(gn_in, n, s2.size(-1));
        }
        s1 = ExpandGroups(ExpandGroups(s1, -1, gk, k), -2, gm, m);
        s2 = ExpandGroups(ExpandGroups(s2, -2, gk, k), -1, gn, n);
        at::Tensor f = at::matmul(A1 * s1, B2 * s2).to(at::kFloat);
        return finish(add_bias(f));
    }
    if (x2Offset.defined() && x2Offset.dim() > 1) {  // K-G A4W4, non-symmetric
        // x2Scale and x2Offset are [ceil(k/gk), n] whatever transposeX2 (IsA4W4PergroupNonSymmetric)
        at::Tensor s2 = x2Scale.to(at::kDouble);
        at::Tensor o2 = x2Offset.to(at::kDouble);
        const int64_t gk = GroupOf(gk_in, k, s2.size(-2));
        s2 = ExpandGroups(s2, -2, gk, k);
        o2 = ExpandGroups(o2, -2, gk, k);
        at::Tensor f = at::matmul(A1, (B2 - o2) * s2) * x1Scale.to(at::kDouble).reshape({-1, 1});
        return finish(add_bias(f.to(at::kFloat)));
    }
    const bool a8w4_int = d1 == kDtInt8 && (d2 == kDtInt32 || d2 == kDtInt4) && yOffset.defined();
    const bool tcg = d1 == kDtE4m3 && d2 == kDtFp4 && !x1Scale.defined();
    if (a8w4_int || tcg) {
        at::Tensor s2 = ScaleAsFloat(x2Scale, false).to(at::kDouble);
        if (s2.dim() == 1) {
            s2 = s2.reshape({1, -1});  // per channel
        } else {
            if (tcg && transposeX2) s2 = s2.transpose(-2, -1);
            s2 = ExpandGroups(s2, -2, GroupOf(a8w4_int ? 256 : (gk_in > 0 ? gk_in : 32), k, s2.size(-2)), k);
        }
        at::Tensor f = at::matmul(A1, B2 * s2);
        if (a8w4_int) {
            f = (f + yOffset.to(at::kDouble).reshape({-1})) * x1Scale.to(at::kDouble).reshape({-1, 1});
        } else {
            f = f * ScaleAsFloat(yScale, false).to(at::kDouble).reshape({-1});
        }
        return finish(add_bias(f.to(at::kFloat)));
    }
    // per-tensor / per-channel / per-token
    at::Tensor acc = at::matmul(A1, B2);  // exact for integer inputs
    const bool quant_param = ds2 == kDtInt64 || ds2 == kDtUint64;
    const bool bias_first = bias.defined() && (bias.scalar_type() == at::kInt || (!x1Scale.defined() && quant_param));
    if (bias_first) {
        at::Tensor b = bias.to(at::kDouble);
        acc = acc + (b.dim() == 3 ? b : b.reshape({-1}));
    }
    if (dout == kDtInt32) return acc.to(at::kLong).to(at::kInt).reshape(out.sizes());
    at::Tensor f = acc.to(at::kFloat) * ScaleAsFloat(x2Scale, true).reshape({-1});
    if (x1Scale.defined()) {
        at::Tensor s1 = x1Scale.to(at::kFloat);
        f = s1.numel() == 1 && m != 1 ? f * s1.reshape({}) : f * s1.reshape({-1, 1});
    }
    if (bias.defined() && !bias_first) f = add_bias(f);
    if (dout == kDtInt8) {
        if (x2Offset.defined()) {
            f = f + x2Offset.to(at::kFloat).reshape({-1});
        } else if (quant_param) {
            f = f + EmbeddedOffset(x2Scale).reshape({-1});
        }
    }
    return finish(f);
}



/// aclnnFusedQuantMatmul / aclnnFusedQuantMatmulWeightNz (matmul/fused_quant_mat_mul; docs/aclnnFusedQuantMatmul.md):
/// out = gelu(x1 @ x2 * x2Scale * x1Scale [+ bias]) - the per-token product of QuantMatmulV5Ref (x1Scale the per-token
/// scale, x2Scale per channel or tensor; an INT32 bias before the scales, another after) - with gelu_erf (ATen's exact
/// GELU) or gelu_tanh (its tanh approximation) applied to the float32 result, rounded once to out's dtype. The
/// transposes are the views' (the op_api reads them from the strides), so the formula reads the views as given.
template <class A>
at::Tensor FusedQuantMatmulRef(const A& a, const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& x1Scale,
                               const at::Tensor& x2Scale, const at::Tensor& bias, const std::string& fusedOpType,
                               const at::Tensor& out) {
    const at::Tensor f = QuantMatmulV5Ref(a, x1, x2, x1Scale, x2Scale, at::Tensor(), at::Tensor(), at::Tensor(), bias,
                                          false, false, 0, out);
    return at::gelu(f.to(at::kFloat), fusedOpType == "gelu_tanh" ? "tanh" : "none");
}


/// aclnnQuantMatmulDequant (matmul/quant_matmul_dequant; docs/aclnnQuantMatmulDequant.md): x (FLOAT16) times
/// smoothScale when given; without xScale a dynamic per-token quantisation (scale_x = max|x| of the row / 127), else
/// scale_x = xScale ([1] or [m]); x_q = round(x / scale_x) (to nearest even, saturated to INT8); acc = x_q @ weight^T
/// exact; out = acc * weightScale * scale_x for a FLOAT weightScale, acc * weightScale for an INT64 one (the FLOAT in
/// its low word, already multiplied by the per-tensor x scale). The smoothing, quantisation and dequantisation are
/// float32 here; the kernel's vector units may round differently in the last place.
template <class A>
at::Tensor QuantMatmulDequantRef(const A& a, const at::Tensor& x, const at::Tensor& weight, const at::Tensor& weightScale,
                                 const at::Tensor& xScale, const at::Tensor& smoothScale) {
    at::Tensor xf = x.to(at::kFloat);
    if (smoothScale.defined()) xf = xf * smoothScale.to(at::kFloat).reshape({-1});
    at::Tensor sx;
    if (xScale.defined()) {
        sx = xScale.to(at::kFloat).reshape({-1, 1});
    } else {
        sx = std::get<0>(at::max(at::abs(xf), -1, true)) / 127.0f;
    }
    const at::Tensor q = at::clamp(at::round(xf / sx), -128, 127);
    const at::Tensor acc = at::matmul(q.to(at::kDouble), weight.to(at::kDouble).transpose(-2, -1)).to(at::kFloat);
    if (nqmm::DtOf(a, weightScale) == nqmm::kDtInt64) {
        return acc * nqmm::ScaleAsFloat(weightScale, false).reshape({-1});
    }
    return acc * weightScale.to(at::kFloat).reshape({-1}) * sx;
}


/// aclnnBatchMatmulQuant (matmul/batch_matmul_quant; docs/aclnnBatchMatmulQuant.md: out = Quant(x1 @ x2 + bias)):
/// the FLOAT16 product summed in float32 (the cube), the FLOAT16 bias added in float32, then the fixpipe's requantisation
/// with the quant params (aclnnTransQuantParam's uint64: the FP19 scale and the 9-bit offset; one for all columns or
/// one per column, the first n of the 16-aligned list): round(f * scale + offset) to nearest even, saturated to INT8.
inline at::Tensor BatchMatmulQuantRef(const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& quantParam,
                                      const at::Tensor& bias, bool transposeX1, bool transposeX2) {
    at::Tensor a = x1.to(at::kFloat);
    at::Tensor b = x2.to(at::kFloat);
    if (transposeX1) a = a.transpose(-2, -1);
    if (transposeX2) b = b.transpose(-2, -1);
    at::Tensor f = at::matmul(a, b);
    if (bias.defined()) f = f + bias.to(at::kFloat).reshape({-1});
    const int64_t n = f.size(-1);
    at::Tensor q = quantParam.reshape({-1});
    if (q.numel() != 1) q = q.narrow(0, 0, n);
    const at::Tensor scale = nqmm::DequantScale(q);
    const at::Tensor offset = nqmm::EmbeddedOffset(q);
    return at::clamp(at::round(f * scale + offset), -128, 127).to(at::kChar);
}


/// aclnnQuantMatmulV2 (matmul/quant_matmul/op_host/op_api/aclnn_quant_matmul.cpp; docs/aclnnQuantMatmulV2.md:
/// out = (x1 @ x2 + bias) * deqScale): op(x1) @ op(x2) exact in int64 (op a transpose of the last two dims where
/// adjX1 / adjX2; batch dims broadcast), the INT32 bias added to the accumulator, times the FP19 scale the first n of
/// deqScale's 16-aligned quant params carry (QuantMatmulRef's FLOAT16 path), rounded once to FLOAT16 by the copy.
inline at::Tensor QuantMatmulV2Ref(const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& bias,
                                   const at::Tensor& deqScale, bool adjX1, bool adjX2, const at::Tensor& out) {
    const int64_t n = adjX2 ? x2.size(-2) : x2.size(-1);
    const at::Tensor scale = deqScale.reshape({-1}).narrow(0, 0, n);
    return QuantMatmulRef(x1, x2, scale, at::Tensor(), at::Tensor(), bias, adjX1, adjX2, out);
}

/// aclnnQuantMatmul (V1; the same file): as V2 with one scale, the FLOAT deqScale's bits masked to FP19
/// (TransDequantScaleToM1: & 0xFFFFE000), no transposes.
inline at::Tensor QuantMatmulV1Ref(const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& bias, double deqScale,
                                   const at::Tensor& out) {
    const float f = static_cast<float>(deqScale);  // CANN's float parameter
    uint32_t u = 0;
    std::memcpy(&u, &f, 4);
    const at::Tensor scale = at::full({1}, static_cast<int64_t>(u), at::TensorOptions().dtype(at::kLong));
    return QuantMatmulRef(x1, x2, scale, at::Tensor(), at::Tensor(), bias, false, false, out);
}


/// aclnnTransposeQuantBatchMatMul / WeightNz (matmul/transpose_quant_batch_mat_mul/op_api/
/// aclnn_transpose_quant_batch_mat_mul.cpp; docs/aclnnTransposeQuantBatchMatMul.md). x1 [M, B, K] (permX1 [1, 0, 2])
/// and x2 [B, K, N] (permX2 [0, 1, 2]) or [B, N, K] ([0, 2, 1]) arrive decoded to FLOAT (FLOAT8 / HIFLOAT8 exactly);
/// the product per batch, then permY [1, 0, 2] to [M, B, N]:
///  - K-C (FLOAT scales): (x1[b] @ x2[b]) * x1Scale[m] * x2Scale[n];
///  - MX (FLOAT8_E8M0 scales, 4-D): each element of k scaled by its block of 32 (x1Scale [M, B, G, 2] - block j at
///    [m, b, j / 2, j % 2] -, x2Scale [B, G, N, 2] or, permX2 [0, 2, 1], [B, N, G, 2]) before the product;
///  - T-C (HIFLOAT8 inputs, UINT64 / INT64 scales): the product times x1Scale's one scale (1 without it) and x2Scale[n],
///    each read as the FP19 its low word holds (the T-C convention of aclnnQuantMatmulV5 here; the kernel's exact
///    reading of these UINT64 scales is not documented).
/// Products summed in float32 by ATen (the cube's order and the fixpipe's rounding are not modelled), the result
/// rounded once to out's dtype (a HIFLOAT8 out: ties away, non-saturating, by the bridge's encoder).
inline at::Tensor TransposeQuantBatchMatmulRef(const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& x1Scale,
                                               const at::Tensor& x2Scale, at::IntArrayRef permX2) {
    const bool x2_021 = permX2.size() == 3 && permX2[1] == 2;
    at::Tensor a = x1.to(at::kFloat).permute({1, 0, 2});                   // [B, M, K]
    at::Tensor b = x2.to(at::kFloat);
    if (x2_021) b = b.transpose(1, 2);                                   // [B, K, N]
    const int64_t B = a.size(0), M = a.size(1), K = a.size(2), N = b.size(2);
    at::Tensor r;
    if (x2Scale.dim() == 4) {  // MX
        const at::Tensor s1 = x1Scale.to(at::kFloat).reshape({M, B, -1}).permute({1, 0, 2});  // [B, M, 2G]
        const at::Tensor e1 = nqmm::ExpandGroups(s1, 2, 32, K);                                // [B, M, K]
        at::Tensor s2 = x2Scale.to(at::kFloat);
        s2 = x2_021 ? s2.reshape({B, N, -1}) : s2.permute({0, 2, 1, 3}).reshape({B, N, -1});  // [B, N, 2G]
        const at::Tensor e2 = nqmm::ExpandGroups(s2, 2, 32, K).transpose(1, 2);              // [B, K, N]
        r = at::bmm(a * e1, b * e2);
    } else if (x2Scale.scalar_type() == at::kLong) {  // T-C
        r = at::bmm(a, b) * nqmm::ScaleAsFloat(x2Scale, true).reshape({1, 1, N});
        if (x1Scale.defined() && x1Scale.numel() > 0) r = r * nqmm::ScaleAsFloat(x1Scale, true).reshape({-1})[0];
    } else {  // K-C
        r = at::bmm(a, b) * x1Scale.to(at::kFloat).reshape({1, M, 1}) * x2Scale.to(at::kFloat).reshape({1, 1, N});
    }
    return r.permute({1, 0, 2});
}


/// aclnnQuantMatmulReduceSumWeightNz (matmul/quant_matmul_reduce_sum; docs/aclnnQuantMatmulReduceSumWeightNz.md:
/// out = sum over the batch of (x1_i @ x2_i) * x1Scale * x2Scale, x1Scale broadcast to [batch, m, n]): each batch's
/// INT8 product exact (int64 here, the cube's INT32 accumulator), times x1Scale[b, m] and the BF16 x2Scale[n] in
/// float32, summed over the batch in float32, rounded once to BF16 by the copy (the kernel's summation order and
/// intermediate roundings are not documented).
inline at::Tensor QuantMatmulReduceSumRef(const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& x1Scale,
                                          const at::Tensor& x2Scale) {
    const at::Tensor acc = at::matmul(x1.to(at::kLong), x2.to(at::kLong)).to(at::kFloat);  // [B, M, N]
    const at::Tensor f = acc * x1Scale.to(at::kFloat).unsqueeze(-1) * x2Scale.to(at::kFloat).reshape({1, 1, -1});
    return f.sum(0);
}

}  // namespace ref
}  // namespace aclcpu
