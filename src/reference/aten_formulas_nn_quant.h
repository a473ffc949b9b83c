// The reference formulas' helpers of the nn_quant family (ops/families/nn_quant.yaml; docs/ops/nn_quant.md): the
// quantisation arithmetic of ops-nn's quant/ kernels, restated from each operator's golden script
// (quant/<op>/tests/assets/golden.py, which is what the reference tier stands for) and its kernel / op_api sources,
// each function naming its source. Everything is computed in float32 (every kernel here casts FLOAT16 / BF16 inputs
// to float first); the final integer cast rounds as the kernel's cast does and saturates where it does. Included at
// the end of reference/aten_formulas.h (through the generated reference/family_formulas.inc). Needs ATen.
#pragma once

#include <ATen/ATen.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace aclcpu {
namespace ref {
namespace nnq {

// aclDataType values the quant formulas compare with (acl_base.h).
constexpr int64_t kDtInt8 = 2;
constexpr int64_t kDtUint8 = 4;
constexpr int64_t kDtInt32 = 3;
constexpr int64_t kDtInt4 = 29;
constexpr int64_t kDtHiFloat8 = 34;
constexpr int64_t kDtFloat8E5M2 = 35;
constexpr int64_t kDtFloat8E4M3FN = 36;

inline bool IsFloat8(int64_t d) { return d == kDtHiFloat8 || d == kDtFloat8E5M2 || d == kDtFloat8E4M3FN; }

/// Rounds float values by a CANN round mode name: "round" (and "hybrid") to nearest even (CAST_RINT; ATen's round
/// is std::nearbyint), "floor", "ceil", "trunc".
inline at::Tensor RoundBy(const at::Tensor& v, const std::string& mode) {
    if (mode == "floor") return at::floor(v);
    if (mode == "ceil") return at::ceil(v);
    if (mode == "trunc") return at::trunc(v);
    return at::round(v);
}

/// Saturates rounded float values into [lo, hi]; NaN becomes 0 (the NPU's float -> int32 conversion; the golden
/// scripts' numpy casts leave NaN undefined).
inline at::Tensor Saturate(const at::Tensor& v, double lo, double hi) {
    return at::nan_to_num(v, 0.0, hi, lo).clamp(lo, hi);
}

/// Packs int4 values (an integer tensor whose last dim is a multiple of 8, each in [-8, 7]) eight to an INT32,
/// element 8k + j in bits 4j .. 4j + 3 (little-endian nibbles: the layout CANN's INT32 view of an INT4 tensor has).
inline at::Tensor PackInt4ToInt32(const at::Tensor& q) {
    std::vector<int64_t> shape = q.sizes().vec();
    const int64_t last = shape.empty() ? 1 : shape.back();
    std::vector<int64_t> grouped(shape.begin(), shape.empty() ? shape.end() : shape.end() - 1);
    grouped.push_back(last / 8);
    grouped.push_back(8);
    const at::Tensor nib = q.to(at::kLong).reshape(grouped).bitwise_and(0xF);
    const at::Tensor shifts = at::arange(0, 32, 4, at::TensorOptions().dtype(at::kLong));
    const at::Tensor word = nib.__lshift__(shifts).sum(-1);  // in [0, 2^32)
    // the unsigned 32-bit word as a signed INT32 (two's complement)
    return at::where(word >= (int64_t{1} << 31), word - (int64_t{1} << 32), word).to(at::kInt);
}

/// Unpacks an INT32 tensor of packed int4 values (PackInt4ToInt32's layout) into float values, the last dim 8 times
/// longer (a 0-d tensor gives [8]).
inline at::Tensor UnpackInt32ToInt4(const at::Tensor& x) {
    const at::Tensor w = (x.dim() == 0 ? x.reshape({1}) : x).to(at::kLong).bitwise_and(static_cast<int64_t>(0xFFFFFFFF));
    const at::Tensor shifts = at::arange(0, 32, 4, at::TensorOptions().dtype(at::kLong));
    at::Tensor nib = w.unsqueeze(-1).__rshift__(shifts).bitwise_and(0xF);
    nib = at::where(nib >= 8, nib - 16, nib);
    std::vector<int64_t> shape = w.sizes().vec();
    shape.back() *= 8;
    return nib.reshape(shape).to(at::kFloat);
}

/// The integer range of a quantized output of aclDataType d (INT32 the packed int4 form).
inline void IntRange(int64_t d, double* lo, double* hi) {
    if (d == kDtInt4 || d == kDtInt32) {
        *lo = -8;
        *hi = 7;
    } else {
        *lo = -128;
        *hi = 127;
    }
}

/// A view of a per-channel parameter p (1-d, or of x's rank) that broadcasts against x along dim `axis`.
inline at::Tensor AlongAxis(const at::Tensor& p, int64_t xdim, int64_t axis) {
    if (p.dim() != 1 || xdim == 0 || p.numel() == 1) return p;
    std::vector<int64_t> shape(static_cast<size_t>(xdim), 1);
    shape[static_cast<size_t>(axis)] = p.numel();
    return p.reshape(shape);
}

}  // namespace nnq

/// aclnnAscendQuant / aclnnAscendQuantV3 (ascend_quant_v2 kernel: ascend_quant_v2_fp32.h / _fp16.h / _bf16.h
/// Compute and ascend_quant_v2.h CastOut; tests/assets/golden.py): x, scale and offset cast to float32,
/// v = x * scale (times scale again under sqrtMode, as the kernel's second Mul), plus offset; then the round mode's
/// cast to int32 and the saturating cast to INT8 / INT4 (clamped to [-128, 127] / [-8, 7]); an INT32 y receives the
/// int4 values packed eight per element (the op_api's INT32 view of an INT4 result). The 8-bit floating outputs
/// (V3 on the Ascend 950) get v unrounded (the engine's encoder rounds to nearest even). scale / offset are
/// broadcast along `axis` (V3; V1's is the last dim).
inline at::Tensor AscendQuantIn(const at::Tensor& x, const at::Tensor& scale, const at::Tensor& offset, bool sqrtMode,
                                const std::string& roundMode, int64_t dstType, int64_t axis) {
    const at::Tensor xf = x.to(at::kFloat);
    const int64_t a = x.dim() == 0 ? 0 : (axis < 0 ? axis + x.dim() : axis);
    const at::Tensor s = nnq::AlongAxis(scale.to(at::kFloat), x.dim(), a);
    at::Tensor v = xf * s;
    if (sqrtMode) v = v * s;
    if (offset.defined()) v = v + nnq::AlongAxis(offset.to(at::kFloat), x.dim(), a);
    if (nnq::IsFloat8(dstType)) return v;
    double lo = 0;
    double hi = 0;
    nnq::IntRange(dstType, &lo, &hi);
    const at::Tensor q = nnq::Saturate(nnq::RoundBy(v, roundMode), lo, hi);
    if (dstType == nnq::kDtInt32) return nnq::PackInt4ToInt32(q);
    return q.to(at::kChar);
}

/// aclnnAscendAntiQuant (ascend_anti_quant_v2 kernel, op_kernel/arch35/ascend_anti_quant_v2_common.h: x cast to
/// float - INT8 / INT4 through half, exactly -, offset added, times scale (twice under sqrtMode), all in float32,
/// then CAST_RINT to y's dtype; aclnnAscendAntiQuant.md's formula y = (x + offset) * scale [* scale]). An INT32 x
/// holds eight int4 values per element (the op_api's INT4 view of it). scale / offset apply along y's last dim; a
/// 1-d scale of y's second-to-last size (the Ascend 950's per-head form) along that dim.
inline at::Tensor AscendAntiQuantIn(const at::Tensor& x, const at::Tensor& scale, const at::Tensor& offset,
                                    bool sqrtMode, const at::Tensor& y) {
    const at::Tensor xf = x.scalar_type() == at::kInt ? nnq::UnpackInt32ToInt4(x) : x.to(at::kFloat);
    auto along = [&](const at::Tensor& p) {
        const at::Tensor f = p.to(at::kFloat);
        if (f.dim() == 1 && y.dim() > 1 && f.size(0) == y.size(-2) && f.size(0) != y.size(-1)) return f.unsqueeze(-1);
        return f;
    };
    at::Tensor v = xf;
    if (offset.defined()) v = v + along(offset);
    const at::Tensor s = along(scale);
    v = v * s;
    if (sqrtMode) v = v * s;
    return v.reshape(y.sizes());
}

/// aclnnDynamicQuant / aclnnDynamicQuantV2, per token (dynamic_quant tests/assets/golden.py _dynamic_quant_common):
/// rows of x in float32, times smooth (the smooth row of the row's group under groupIndex: rows [g[e-1], g[e]) take
/// smooth row e; rows past the last group end are left unsmoothed here), then
///   symmetric:  scale = max|row| * (1 / M), y = round(row / scale)
///   asymmetric: scale = (max - min) * (1 / (2M + 1)), offset = M - max / scale, y = round(row / scale + offset)
/// with M = 127 (INT8) or 7 (INT4, and INT32 = packed INT4), the rounding to nearest even, y saturated to the
/// output's range (NaN, from an all-zero row, to 0). yDtype is y's aclDataType. Returns (y, scale, offset); offset
/// undefined when offsetOut is (symmetric).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> DynamicQuantIn(const at::Tensor& x, const at::Tensor& smooth,
                                                                     const at::Tensor& groupIndex,
                                                                     const at::Tensor& offsetOut, int64_t yDtype) {
    const int64_t h = x.size(-1);
    at::Tensor rows = x.to(at::kFloat).reshape({-1, h});
    if (smooth.defined()) {
        const at::Tensor sm = smooth.to(at::kFloat);
        if (groupIndex.defined()) {
            const at::Tensor g = groupIndex.to(at::kLong).contiguous();
            const int64_t* gp = g.data_ptr<int64_t>();
            const int64_t m = rows.size(0);
            at::Tensor factor = at::ones({m, h}, at::TensorOptions().dtype(at::kFloat));
            int64_t start = 0;
            for (int64_t e = 0; e < g.numel(); ++e) {
                const int64_t end = std::min<int64_t>(std::max<int64_t>(gp[e], start), m);
                if (end > start) factor.narrow(0, start, end - start).copy_(sm[e].expand({end - start, h}));
                start = std::max(start, end);
            }
            rows = rows * factor;
        } else {
            rows = rows * sm.reshape({1, h});
        }
    }
    double lo = 0;
    double hi = 0;
    nnq::IntRange(yDtype, &lo, &hi);
    const float m = static_cast<float>(hi);
    std::vector<int64_t> lead = x.sizes().vec();
    lead.pop_back();
    at::Tensor y;
    at::Tensor scale;
    at::Tensor offset;
    if (!offsetOut.defined()) {
        const at::Tensor mx = std::get<0>(rows.abs().max(-1, true));
        scale = mx * (1.0f / m);
        y = rows / scale;
    } else {
        const at::Tensor mx = std::get<0>(rows.max(-1, true));
        const at::Tensor mn = std::get<0>(rows.min(-1, true));
        scale = (mx - mn) * (1.0f / (2.0f * m + 1.0f));
        offset = m - mx / scale;
        y = rows / scale + offset;
    }
    at::Tensor q = nnq::Saturate(at::round(y), lo, hi).reshape(x.sizes());
    q = yDtype == nnq::kDtInt32 ? nnq::PackInt4ToInt32(q) : q.to(at::kChar);
    scale = scale.reshape(lead);
    if (offset.defined()) offset = offset.reshape(lead);
    return std::make_tuple(q, scale, offset);
}

/// DynamicQuant's two outputs (V1 has no offset).
inline std::tuple<at::Tensor, at::Tensor> DynamicQuantV1In(const at::Tensor& x, const at::Tensor& smooth,
                                                           const at::Tensor& yOut) {
    const int64_t yd = yOut.scalar_type() == at::kInt ? nnq::kDtInt32 : nnq::kDtInt8;
    auto r = DynamicQuantIn(x, smooth, at::Tensor(), at::Tensor(), yd);
    return std::make_tuple(std::get<0>(r), std::get<1>(r));
}

/// DynamicQuantV2's three outputs (offset when offsetOut is given).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> DynamicQuantV2In(const at::Tensor& x, const at::Tensor& smooth,
                                                                       const at::Tensor& groupIndex,
                                                                       const at::Tensor& yOut,
                                                                       const at::Tensor& offsetOut) {
    const int64_t yd = yOut.scalar_type() == at::kInt ? nnq::kDtInt32 : nnq::kDtInt8;
    auto r = DynamicQuantIn(x, smooth, groupIndex, offsetOut, yd);
    if (!offsetOut.defined()) return std::make_tuple(std::get<0>(r), std::get<1>(r), offsetOut);
    return r;
}

/// aclnnQuantize (quantize tests/assets/golden.py; op_api aclnn_quantize.cpp casts FLOAT16 scales to FLOAT and
/// reshapes scales / zeroPoints along axis): v = x / scales (+ zeroPoints), in float32; for an integer out rounded
/// to nearest even and saturated to INT8 [-128, 127], UINT8 [0, 255], INT32 (NaN to 0); a floating out (the 8-bit
/// floating dtypes on the Ascend 950) gets v unrounded.
inline at::Tensor QuantizeIn(const at::Tensor& x, const at::Tensor& scales, const at::Tensor& zeroPoints, int64_t axis,
                             const at::Tensor& out) {
    const int64_t a = x.dim() == 0 ? 0 : (axis < 0 ? axis + x.dim() : axis);
    at::Tensor v = x.to(at::kFloat) / nnq::AlongAxis(scales.to(at::kFloat), x.dim(), a);
    if (zeroPoints.defined()) v = v + nnq::AlongAxis(zeroPoints.to(at::kFloat), x.dim(), a);
    const at::ScalarType o = out.scalar_type();
    if (o == at::kChar) return nnq::Saturate(at::round(v), -128, 127).to(at::kChar);
    if (o == at::kByte) return nnq::Saturate(at::round(v), 0, 255).to(at::kByte);
    if (o == at::kInt) return nnq::Saturate(at::round(v).to(at::kDouble), -2147483648.0, 2147483647.0).to(at::kInt);
    return v;
}

/// aclnnFakeQuantPerTensorAffineCachemask / aclnnFakeQuantPerChannelAffineCachemask: PyTorch's
/// fake_quantize_*_affine_cachemask arithmetic (ATen's CPU kernel, which the op_api restates; ATen's own function is
/// not called because it refuses a zero point outside [quantMin, quantMax], which CANN computes with): in float32,
/// inv = 1 / scale, q = nearbyint(self * inv) + zeroPoint, mask = quantMin <= q <= quantMax,
/// out = (clamp(q, quantMin, quantMax) - zeroPoint) * scale. Per tensor with fakeQuantEnabled < 1: out = self and an
/// all-true mask (the op_api's shortcut). scale / zeroPoint along `axis` (per channel).
inline std::tuple<at::Tensor, at::Tensor> FakeQuantAffineIn(const at::Tensor& self, const at::Tensor& scale,
                                                            const at::Tensor& zeroPoint, int64_t axis, int64_t quantMin,
                                                            int64_t quantMax) {
    const at::Tensor x = self.to(at::kFloat);
    const int64_t a = self.dim() == 0 ? 0 : (axis < 0 ? axis + self.dim() : axis);
    const at::Tensor s = nnq::AlongAxis(scale.to(at::kFloat).reshape({-1}), self.dim(), a);
    const at::Tensor z = nnq::AlongAxis(zeroPoint.to(at::kFloat).reshape({-1}), self.dim(), a);
    const at::Tensor inv = 1.0f / s;
    const at::Tensor q = at::round(x * inv) + z;
    const at::Tensor mask = (q >= static_cast<double>(quantMin)).logical_and(q <= static_cast<double>(quantMax));
    const at::Tensor out = (q.clamp(static_cast<double>(quantMin), static_cast<double>(quantMax)) - z) * s;
    return std::make_tuple(self.dim() == 0 ? out.reshape({}) : out, self.dim() == 0 ? mask.reshape({}) : mask);
}

inline std::tuple<at::Tensor, at::Tensor> FakeQuantPerTensorIn(const at::Tensor& self, const at::Tensor& scale,
                                                               const at::Tensor& zeroPoint, double fakeQuantEnabled,
                                                               int64_t quantMin, int64_t quantMax) {
    if (fakeQuantEnabled < 1.0) {
        return std::make_tuple(self, at::ones(self.sizes(), at::TensorOptions().dtype(at::kBool)));
    }
    return FakeQuantAffineIn(self, scale, zeroPoint, 0, quantMin, quantMax);
}

/// aclnnGroupQuant (aclnnGroupQuant.md: y = round(x * scale + offsetOptional); the ST executor
/// tests/st/aclnnGroupQuant/executor_aclnnGroupQuant.py is its golden): x [S, H] in float32, rows [g[e-1], g[e]) of
/// groupIndex's cumulative row ends times scale row e (rows past the last end - CANN requires it to be S - times 0
/// here), plus the one-element offset; rounded to nearest even, saturated to INT8 [-128, 127] or INT4 [-8, 7] (an
/// INT32 y, dstType 3, holds the int4 values packed).
inline at::Tensor GroupQuantIn(const at::Tensor& x, const at::Tensor& scale, const at::Tensor& groupIndex,
                               const at::Tensor& offset, int64_t dstType) {
    const at::Tensor xf = x.to(at::kFloat);
    const int64_t m = xf.size(0);
    const int64_t h = xf.size(1);
    const at::Tensor sf = scale.to(at::kFloat);
    at::Tensor factor = at::zeros({m, h}, at::TensorOptions().dtype(at::kFloat));
    const at::Tensor g = groupIndex.to(at::kLong).contiguous();
    const int64_t* gp = g.data_ptr<int64_t>();
    int64_t start = 0;
    for (int64_t e = 0; e < g.numel(); ++e) {
        const int64_t end = std::min<int64_t>(std::max<int64_t>(gp[e], start), m);
        if (end > start) factor.narrow(0, start, end - start).copy_(sf[e].expand({end - start, h}));
        start = std::max(start, end);
    }
    at::Tensor v = xf * factor;
    if (offset.defined() && offset.numel() == 1) v = v + offset.to(at::kFloat).reshape({});
    double lo = 0;
    double hi = 0;
    nnq::IntRange(dstType, &lo, &hi);
    const at::Tensor q = nnq::Saturate(at::round(v), lo, hi);
    if (dstType == nnq::kDtInt32) return nnq::PackInt4ToInt32(q);
    return q.to(at::kChar);
}

}  // namespace ref
}  // namespace aclcpu
