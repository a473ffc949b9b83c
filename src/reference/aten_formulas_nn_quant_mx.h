// The reference formulas' helpers of the nn_quant_mx family (ops/families/nn_quant_mx.yaml; docs/ops/nn_quant_mx.md):
// ops-nn's MX (microscaling) quantisation operators - a block of `blocksize` consecutive elements along one axis
// shares one power-of-two scale (a FLOAT8_E8M0 code), each element divided by it and rounded onto the FLOAT8 /
// FLOAT4 element grid. Restated from the golden scripts (quant/dynamic_mx_quant/tests/assets/golden.py and its
// copies in dynamic_mx_quant_with_dual_axis, grouped_dynamic_mx_quant) and the arch35 kernels' scale computation
// (op_kernel/arch35/*: the exponent taken from the block's largest magnitude, the "cuBLAS" ceil rule, the FP4
// scaleAlg 2 carry rule); each function names its source. The arithmetic is written as plain loops over float32
// values (every step is a power-of-two scaling or a rounding onto a small grid, so it is exact in double); ATen
// only lays the data out. Included at the end of reference/aten_formulas.h (through the generated
// reference/family_formulas.inc). Needs ATen.
#pragma once

#include <ATen/ATen.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

namespace aclcpu {
namespace ref {
namespace nnqmx {

// aclDataType values (acl_base.h) of the MX element types.
constexpr int64_t kE5M2 = 35;
constexpr int64_t kE4M3 = 36;
constexpr int64_t kE2M1 = 40;
constexpr int64_t kE1M2 = 41;

/// An MX element format: emax (the exponent of its largest normal: OCP MX section 5 / the op docs' table),
/// mantissa bits, the smallest normal exponent (below it the grid is the subnormal one), the largest magnitude.
struct Elem {
    int emax;
    int mbits;
    int min_exp;
    double max;
};

inline Elem ElemOf(int64_t dst) {
    switch (dst) {
        case kE5M2: return {15, 2, -14, 57344.0};
        case kE4M3: return {8, 3, -6, 448.0};
        case kE1M2: return {0, 2, 0, 1.75};
        default: return {2, 1, 0, 6.0};  // FLOAT4_E2M1
    }
}

/// Rounds q (already scaled so that the grid is the integers) by a CANN round mode: "rint" (and an empty / NULL
/// mode) to nearest, ties to even; "round" to nearest, ties away from zero; "floor" towards minus infinity (the
/// golden script's _mx_round_mantissa).
inline double RoundGrid(double q, const std::string& mode) {
    if (mode == "round") return q < 0 ? -std::floor(-q + 0.5) : std::floor(q + 0.5);
    if (mode == "floor") return std::floor(q);
    return std::nearbyint(q);
}

/// One value onto the element grid: v (already divided by the block's scale), its private exponent
/// floor(log2|v|) clipped below at the format's smallest normal exponent, the mantissa rounded by `mode`, then
/// saturated to +-max; NaN gives 0 (the golden script's _mx_quantize_to_element_format and its nan_to_num: "NPU
/// casts NaN to +0").
inline float ToElement(double v, const Elem& e, const std::string& mode) {
    if (std::isnan(v)) return 0.0f;
    if (v == 0.0) return 0.0f;
    double r;
    if (std::isinf(v)) {
        r = v;
    } else {
        int ex = 0;
        std::frexp(v, &ex);  // |v| = m * 2^ex, m in [0.5, 1)
        const int p = std::max(ex - 1, e.min_exp);
        const double q = std::ldexp(v, e.mbits - p);
        r = std::ldexp(RoundGrid(q, mode), p - e.mbits);
    }
    if (r > e.max) r = e.max;
    if (r < -e.max) r = -e.max;
    return static_cast<float>(r);
}

/// floor(log2(a)) of a positive finite float (exact: frexp, not log2).
inline int FloorLog2(double a) {
    int ex = 0;
    std::frexp(a, &ex);
    return ex - 1;
}

/// The nearest BFLOAT16 value of a float, ties to even (the dual-axis kernel's FP16 -> BF16 CAST_RINT).
inline float RoundToBf16(float f) {
    if (std::isnan(f)) return f;
    uint32_t u = 0;
    std::memcpy(&u, &f, 4);
    const uint32_t lsb = (u >> 16) & 1u;
    u = (u + 0x7FFFu + lsb) & 0xFFFF0000u;
    float r = 0;
    std::memcpy(&r, &u, 4);
    return r;
}

/// The parameters of one MX quantisation.
struct MxParams {
    int64_t dst = kE4M3;
    int64_t scale_alg = 0;
    double dst_type_max = 0.0;
    double max_low_bound = 0.0;
    std::string round = "rint";
};

/// The shared exponent of a block whose largest magnitude is amax (NaN for an infinite / NaN block: E8M0's NaN
/// code), clipped below at -127 (E8M0's smallest value), by the operators' scaleAlg:
///  0 (OCP MX): floor(log2(amax)) - emax; a zero block -127 (golden _mx_calculate_share_exp; the kernel takes the
///    exponent field of amax as BFLOAT16, truncated - the same number);
///  1 ("cuBLAS", FLOAT8 only): s = amax / max(element) in float32, its biased exponent E and mantissa M; E + 1 when
///    s is normal, E < 254 and M > 0, or s subnormal and M > 2^22; exponent E - 127 (golden
///    _mx_calculate_share_exp_nv); maxLowBound > 0 first raises amax to it (aclnnDynamicMxQuantV3's doc);
///  2 (FLOAT4_E2M1 only): dstTypeMax 0 or 6: amax as BFLOAT16 (FP16 inputs rounded to nearest even), floor(log2)
///    plus one when its 7-bit mantissa exceeds 0x40 (1.5), minus emax 2; dstTypeMax 7: the same with 0x60 (1.75);
///    any other dstTypeMax (6 < d <= 12): the cuBLAS rule with amax * float(1 / dstTypeMax) and no subnormal
///    branch (dynamic_mx_quant_with_dual_axis_base.h ComputeScaleDynamicDefault / Custom).
inline double SharedExp(float amax, bool fp16_input, const MxParams& p, const Elem& e) {
    if (std::isnan(amax) || std::isinf(amax)) return std::numeric_limits<double>::quiet_NaN();
    double se;
    if (p.scale_alg == 1 || (p.scale_alg == 2 && p.dst_type_max != 0.0 && p.dst_type_max != 6.0 &&
                             p.dst_type_max != 7.0)) {
        float a = amax;
        if (p.scale_alg == 1 && p.max_low_bound > 0) a = std::max(a, static_cast<float>(p.max_low_bound));
        if (a == 0.0f) return -127.0;
        float s;
        if (p.scale_alg == 1) {
            s = a / static_cast<float>(e.max);
        } else {
            s = a * static_cast<float>(1.0 / p.dst_type_max);
        }
        uint32_t u = 0;
        std::memcpy(&u, &s, 4);
        int ex = static_cast<int>((u >> 23) & 0xFFu);
        const uint32_t man = u & 0x7FFFFFu;
        if (ex > 0 && ex < 254 && man > 0) {
            ex += 1;
        } else if (p.scale_alg == 1 && ex == 0 && man > (1u << 22)) {
            ex += 1;
        }
        se = static_cast<double>(ex - 127);
    } else if (p.scale_alg == 2) {
        const float b = fp16_input ? RoundToBf16(amax) : amax;
        if (b == 0.0f) return -127.0;
        uint32_t u = 0;
        std::memcpy(&u, &b, 4);
        const int field = static_cast<int>((u >> 23) & 0xFFu);
        const uint32_t man7 = (u >> 16) & 0x7Fu;
        const uint32_t limit = p.dst_type_max == 7.0 ? 0x60u : 0x40u;
        int ex = field;
        if (field >= 2 && man7 > limit) ex += 1;
        if (field < 2) ex = 2;  // below FP4_E2M1's emax: the smallest scale
        se = static_cast<double>(ex - 2 - 127);
    } else {
        if (amax == 0.0f) return -127.0;
        se = static_cast<double>(FloorLog2(amax) - e.emax);
    }
    if (se > 127) return std::numeric_limits<double>::quiet_NaN();
    return std::max(se, -127.0);
}

/// MX-quantises x along `axis` in blocks of `bs` (the last block zero-padded): returns (y, scales) - y the element
/// values (x's shape, FLOAT, on the element grid), scales 2^shared_exp (NaN for E8M0's NaN) of shape x's with the
/// axis dim replaced by the number of blocks rounded up to even (the pad scale 2^-127, E8M0 code 0) and split into
/// [pairs, 2], the 2 moved last: CANN's mxscale layout, where for a non-last axis two consecutive blocks' scales are
/// interleaved into the trailing dim (golden _pad_to_even, _interleave).
inline std::tuple<at::Tensor, at::Tensor> MxQuantAxis(const at::Tensor& x, int64_t axis, int64_t bs, const MxParams& p) {
    const int64_t nd = x.dim();
    const int64_t a = axis < 0 ? axis + nd : axis;
    const bool fp16 = x.scalar_type() == at::kHalf;
    const Elem e = ElemOf(p.dst);
    const at::Tensor xm = x.to(at::kFloat).movedim(a, -1).contiguous();
    const int64_t n = xm.size(-1);
    const int64_t rows = n == 0 ? 0 : xm.numel() / n;
    const int64_t groups = (n + bs - 1) / bs;
    const int64_t gpad = (groups + 1) / 2 * 2;
    std::vector<int64_t> ys = xm.sizes().vec();
    std::vector<int64_t> ss = ys;
    ss.back() = gpad;
    at::Tensor y = at::zeros(ys, at::TensorOptions().dtype(at::kFloat));
    at::Tensor s = at::full(ss, std::ldexp(1.0, -127), at::TensorOptions().dtype(at::kFloat));
    const float* xp = xm.data_ptr<float>();
    float* yp = y.data_ptr<float>();
    float* sp = s.data_ptr<float>();
    for (int64_t r = 0; r < rows; ++r) {
        for (int64_t g = 0; g < groups; ++g) {
            const int64_t lo = g * bs;
            const int64_t hi = std::min(n, lo + bs);
            float amax = 0.0f;
            bool bad = false;
            for (int64_t k = lo; k < hi; ++k) {
                const float v = xp[r * n + k];
                if (std::isnan(v) || std::isinf(v)) bad = true;
                amax = std::max(amax, std::fabs(v));
            }
            const double se = bad ? std::numeric_limits<double>::quiet_NaN() : SharedExp(amax, fp16, p, e);
            sp[r * gpad + g] = std::isnan(se) ? std::numeric_limits<float>::quiet_NaN()
                                              : static_cast<float>(std::ldexp(1.0, static_cast<int>(se)));
            for (int64_t k = lo; k < hi; ++k) {
                const double v = std::isnan(se) ? std::numeric_limits<double>::quiet_NaN()
                                                : std::ldexp(static_cast<double>(xp[r * n + k]), -static_cast<int>(se));
                yp[r * n + k] = ToElement(v, e, p.round);
            }
        }
    }
    std::vector<int64_t> split(ss.begin(), ss.end() - 1);
    split.push_back(gpad / 2);
    split.push_back(2);
    const at::Tensor sl = s.reshape(split).movedim(-2, a);
    return std::make_tuple(y.movedim(-1, a), sl);
}

/// The CANN round-mode string of a char* parameter: NULL (empty here) means "rint".
inline std::string RoundOf(const std::string& r) { return r.empty() ? std::string("rint") : r; }

inline MxParams Params(int64_t dst, int64_t scaleAlg, double dstTypeMax, double maxLowBound, const std::string& round) {
    MxParams p;
    p.dst = dst;
    p.scale_alg = scaleAlg;
    p.dst_type_max = dstTypeMax;
    p.max_low_bound = maxLowBound;
    p.round = RoundOf(round);
    return p;
}


/// Quantises the block of rows [lo, hi) of column c of a row-major [m, n] float array (a block of a grouped, axis-0
/// MX quantisation): writes y and returns the block's scale (2^shared_exp, NaN for E8M0's NaN).
inline float QuantColumnBlock(const float* xp, float* yp, int64_t n, int64_t c, int64_t lo, int64_t hi, bool fp16,
                              const MxParams& p, const Elem& e) {
    float amax = 0.0f;
    bool bad = false;
    for (int64_t r = lo; r < hi; ++r) {
        const float v = xp[r * n + c];
        if (std::isnan(v) || std::isinf(v)) bad = true;
        amax = std::max(amax, std::fabs(v));
    }
    const double se = bad ? std::numeric_limits<double>::quiet_NaN() : SharedExp(amax, fp16, p, e);
    for (int64_t r = lo; r < hi; ++r) {
        const double v = std::isnan(se) ? std::numeric_limits<double>::quiet_NaN()
                                        : std::ldexp(static_cast<double>(xp[r * n + c]), -static_cast<int>(se));
        yp[r * n + c] = ToElement(v, e, p.round);
    }
    return std::isnan(se) ? std::numeric_limits<float>::quiet_NaN()
                          : static_cast<float>(std::ldexp(1.0, static_cast<int>(se)));
}

/// The grouped MX quantisation along axis 0 of a 2-D x [m, n] (golden _grouped_mx_quantize,
/// _reshape_scale_array_pad): groupIndex holds the groups' cumulative row ends; each group's rows are quantised in
/// blocks of 32 rows of their own (the last one zero-padded). The scales of group g occupy block rows
/// 2 * (end[g-1] / 64 + g) .. 2 * (end[g] / 64 + g + 1) of a [2 * (m / 64 + G), n] array: its blocks' scales, a pad
/// block of 2^-127 to an even count, then blocks of 1.0 up to the next group's start; pairs of block rows are then
/// interleaved into a trailing dim of 2 ([m / 64 + G, n, 2]). Beyond the golden script (which refuses them): group
/// ends are clamped into [previous end, m], so a decreasing or too large index reads nothing outside x, and rows
/// after the last end are written 0.
inline std::tuple<at::Tensor, at::Tensor> GroupedMxQuantRows(const at::Tensor& x, const at::Tensor& groupIndex,
                                                            int64_t bs, const MxParams& p) {
    const bool fp16 = x.scalar_type() == at::kHalf;
    const Elem e = ElemOf(p.dst);
    const at::Tensor xf = x.to(at::kFloat).contiguous();
    const int64_t m = xf.size(0);
    const int64_t n = xf.size(1);
    const at::Tensor gi = groupIndex.to(at::kLong).contiguous();
    const int64_t groups = gi.numel();
    const int64_t* gp = gi.data_ptr<int64_t>();
    const int64_t rows2 = 2 * (m / 64 + groups);
    at::Tensor y = at::zeros({m, n}, at::TensorOptions().dtype(at::kFloat));
    at::Tensor s = at::ones({rows2, n}, at::TensorOptions().dtype(at::kFloat));
    const float* xp = xf.data_ptr<float>();
    float* yp = y.data_ptr<float>();
    float* sp = s.data_ptr<float>();
    int64_t prev = 0;
    for (int64_t g = 0; g < groups; ++g) {
        const int64_t end = std::min(std::max(gp[g], prev), m);
        const int64_t start_row = 2 * (prev / 64 + g);
        const int64_t blocks = (end - prev + bs - 1) / bs;
        for (int64_t b = 0; b < blocks; ++b) {
            const int64_t lo = prev + b * bs;
            const int64_t hi = std::min(end, lo + bs);
            for (int64_t c = 0; c < n; ++c) {
                const float sc = QuantColumnBlock(xp, yp, n, c, lo, hi, fp16, p, e);
                if (start_row + b < rows2) sp[(start_row + b) * n + c] = sc;
            }
        }
        if (blocks % 2 == 1 && start_row + blocks < rows2) {
            for (int64_t c = 0; c < n; ++c) sp[(start_row + blocks) * n + c] = static_cast<float>(std::ldexp(1.0, -127));
        }
        prev = end;
    }
    const at::Tensor sl = s.reshape({rows2 / 2, 2, n}).transpose(1, 2);
    return std::make_tuple(y, sl);
}
}  // namespace nnqmx

/// aclnnDynamicMxQuant / V2 / V3: MX quantisation of x along axis in blocks of blocksize into (yOut, mxscaleOut).
inline std::tuple<at::Tensor, at::Tensor> DynamicMxQuantIn(const at::Tensor& x, int64_t axis, const std::string& round,
                                                           int64_t dstType, int64_t blocksize, int64_t scaleAlg,
                                                           double dstTypeMax, double maxLowBound) {
    return nnqmx::MxQuantAxis(x, axis, blocksize,
                              nnqmx::Params(dstType, scaleAlg, dstTypeMax, maxLowBound, round));
}

/// aclnnDynamicMxQuantWithDualAxis / V2: the same x quantised along -1 and along -2, blocks of 32, into
/// (y1Out, mxscale1Out, y2Out, mxscale2Out) (the golden script calls _mx_quantize twice).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> DynamicMxQuantDualAxisIn(
    const at::Tensor& x, const std::string& round, int64_t dstType, int64_t scaleAlg, double dstTypeMax) {
    const nnqmx::MxParams p = nnqmx::Params(dstType, scaleAlg, dstTypeMax, 0.0, round);
    auto r1 = nnqmx::MxQuantAxis(x, -1, 32, p);
    auto r2 = nnqmx::MxQuantAxis(x, -2, 32, p);
    return std::make_tuple(std::get<0>(r1), std::get<1>(r1), std::get<0>(r2), std::get<1>(r2));
}

/// aclnnGroupedDynamicMxQuant / V2: x [m, n] quantised along its rows per group (groupIndex: cumulative row ends)
/// in blocks of blocksize (32) into (y, mxscale [m / 64 + G, n, 2]).
inline std::tuple<at::Tensor, at::Tensor> GroupedDynamicMxQuantIn(const at::Tensor& x, const at::Tensor& groupIndex,
                                                                  const std::string& round, int64_t dstType,
                                                                  int64_t blocksize, int64_t scaleAlg,
                                                                  double dstTypeMax) {
    return nnqmx::GroupedMxQuantRows(x, groupIndex, blocksize,
                                     nnqmx::Params(dstType, scaleAlg, dstTypeMax, 0.0, round));
}

/// aclnnGroupedDynamicMxQuantWithDualAxis: x [m, n] quantised along -1 in blocks of 32 (y1Out, y1ScaleOut
/// [m, n / 64, 2]; groups do not cross a row) and down its columns per group (y2Out, y2ScaleOut
/// [m / 64 + G, n, 2], GroupedDynamicMxQuant's layout), scaleAlg 1 (the only one the tiling accepts) or as given.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> GroupedDynamicMxQuantDualAxisIn(
    const at::Tensor& x, const at::Tensor& groupIndex, const std::string& round, int64_t scaleAlg, int64_t dstDtype,
    double maxDtypeValue) {
    const nnqmx::MxParams p = nnqmx::Params(dstDtype, scaleAlg, maxDtypeValue, 0.0, round);
    auto r1 = nnqmx::MxQuantAxis(x, -1, 32, p);
    auto r2 = nnqmx::GroupedMxQuantRows(x, groupIndex, 32, p);
    return std::make_tuple(std::get<0>(r1), std::get<1>(r1), std::get<0>(r2), std::get<1>(r2));
}

/// aclnnAntiMxQuant: y = x * mxscale of the element's block (blocks of 32 along axis; mxscale in CANN's layout,
/// [..., ceil(blocks / 2), ..., 2] with the axis dim split as DynamicMxQuant writes it), in float32, then cast to y's
/// dtype (the doc's X_q * 2^(sf - 127); an E8M0 NaN scale gives NaN).
inline at::Tensor AntiMxQuantIn(const at::Tensor& x, const at::Tensor& mxscale, int64_t axis) {
    const int64_t nd = x.dim();
    const int64_t a = axis < 0 ? axis + nd : axis;
    const at::Tensor xm = x.to(at::kFloat).movedim(a, -1);
    const int64_t n = xm.size(-1);
    // the scales of the blocks along the axis, last: [..., pairs * 2]
    at::Tensor s = mxscale.to(at::kFloat).movedim(a, -2);
    std::vector<int64_t> flat = s.sizes().vec();
    flat.pop_back();
    flat.back() *= 2;
    s = s.reshape(flat);
    const at::Tensor idx = at::arange(n, at::TensorOptions().dtype(at::kLong)).div(32, "floor");
    const at::Tensor se = s.index_select(-1, idx);
    return (xm * se).movedim(-1, a);
}

/// RmsNorm in float32 over x's last dim (rms_norm_dynamic_mx_quant docs): rstd = 1 / sqrt(mean(x^2) + epsilon),
/// v = x * rstd * gamma (+ beta). Returns (v, rstd [..., 1]).
inline std::tuple<at::Tensor, at::Tensor> nnqmx_RmsNorm(const at::Tensor& xf, const at::Tensor& gamma,
                                                       const at::Tensor& beta, double epsilon) {
    const at::Tensor rstd = at::rsqrt(xf.pow(2).mean({-1}, true) + epsilon);
    at::Tensor v = xf * rstd * gamma.to(at::kFloat);
    if (beta.defined()) v = v + beta.to(at::kFloat);
    return std::make_tuple(v, rstd);
}

/// aclnnRmsNormDynamicMxQuant: RmsNorm of x (float32, not rounded to x's dtype before quantising: the fused kernel's
/// reading here), MX-quantised along the last dim in blocks of 32 into (yOut, mxscaleOut), and rstd into rstdOut when
/// outputRstd (otherwise rstdOut is left as it is).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor> RmsNormDynamicMxQuantIn(
    const at::Tensor& x, const at::Tensor& gamma, const at::Tensor& beta, double epsilon, int64_t scaleAlg,
    const std::string& roundMode, int64_t dstType, bool outputRstd, const at::Tensor& rstdOut) {
    auto nr = nnqmx_RmsNorm(x.to(at::kFloat), gamma, beta, epsilon);
    auto q = nnqmx::MxQuantAxis(std::get<0>(nr), -1, 32, nnqmx::Params(dstType, scaleAlg, 0.0, 0.0, roundMode));
    return std::make_tuple(std::get<0>(q), std::get<1>(q), outputRstd ? std::get<1>(nr) : rstdOut);
}

/// aclnnAddRmsNormDynamicMxQuant: x = x1 + x2 rounded to x1's dtype (xOut), then as RmsNormDynamicMxQuant on x.
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> AddRmsNormDynamicMxQuantIn(
    const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& gamma, const at::Tensor& beta, double epsilon,
    int64_t scaleAlg, const std::string& roundMode, int64_t dstType, bool outputRstd, const at::Tensor& rstdOut) {
    const at::Tensor xs = (x1.to(at::kFloat) + x2.to(at::kFloat)).to(x1.scalar_type());
    auto nr = nnqmx_RmsNorm(xs.to(at::kFloat), gamma, beta, epsilon);
    auto q = nnqmx::MxQuantAxis(std::get<0>(nr), -1, 32, nnqmx::Params(dstType, scaleAlg, 0.0, 0.0, roundMode));
    return std::make_tuple(std::get<0>(q), xs, std::get<1>(q), outputRstd ? std::get<1>(nr) : rstdOut);
}

/// The SwiGLU of the swiglu MX operators in float32 (quant/swiglu_mx_quant docs): swigluMode 0 - x split in halves
/// along activateDim, A the left half (activateLeft) or the right, out = silu(A) * B; swigluMode 1 (activateDim the
/// last dim) - x_glu the even-indexed elements of the last dim (the odd ones when activateLeft is false: aclcpu's
/// reading), x_linear the others, x_glu clamped above at clampLimit, x_linear into [-clampLimit, clampLimit],
/// out = x_glu * sigmoid(gluAlpha * x_glu) * (x_linear + gluBias).
inline at::Tensor MxSwiglu(const at::Tensor& x, int64_t activateDim, bool activateLeft, int64_t swigluMode,
                           double clampLimit, double gluAlpha, double gluBias) {
    const at::Tensor xf = x.to(at::kFloat);
    if (swigluMode == 1) {
        const int64_t n = xf.size(-1);
        const at::Tensor even = xf.slice(-1, 0, n, 2);
        const at::Tensor odd = xf.slice(-1, 1, n, 2);
        const at::Tensor glu = (activateLeft ? even : odd).clamp_max(clampLimit);
        const at::Tensor lin = (activateLeft ? odd : even).clamp(-clampLimit, clampLimit);
        return glu * at::sigmoid(glu * gluAlpha) * (lin + gluBias);
    }
    const int64_t d = activateDim < 0 ? activateDim + xf.dim() : activateDim;
    const int64_t h = xf.size(d) / 2;
    const at::Tensor left = xf.narrow(d, 0, h);
    const at::Tensor right = xf.narrow(d, h, h);
    const at::Tensor a = activateLeft ? left : right;
    const at::Tensor b = activateLeft ? right : left;
    return a * at::sigmoid(a) * b;
}

/// aclnnSwigluMxQuant: the SwiGLU (MxSwiglu, float32, not rounded before quantising) MX-quantised along axis in
/// blocks of 32 into (yOut, mxscaleOut). groupIndexOptional is not read: every row is computed, where CANN computes
/// only the rows its groups cover and leaves the others unspecified.
inline std::tuple<at::Tensor, at::Tensor> SwigluMxQuantIn(const at::Tensor& x, int64_t activateDim, bool activateLeft,
                                                          int64_t swigluMode, double clampLimit, double gluAlpha,
                                                          double gluBias, int64_t axis, int64_t dstType,
                                                          const std::string& round, int64_t scaleAlg,
                                                          double maxDtypeValue) {
    const at::Tensor v = MxSwiglu(x, activateDim, activateLeft, swigluMode, clampLimit, gluAlpha, gluBias);
    return nnqmx::MxQuantAxis(v, axis, 32, nnqmx::Params(dstType, scaleAlg, maxDtypeValue, 0.0, round));
}

/// The dual-axis MX of a 2-D value v [m, n]: along -1 (y1, mxscale1), and along -2 - per group of rows
/// (GroupedDynamicMxQuant's layout, [m / 64 + G, n, 2]) when groupIndex is given, else over all rows
/// ([ceil(m / 64), n, 2]).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> MxDualAxisGrouped(const at::Tensor& v,
                                                                                   const at::Tensor& groupIndex,
                                                                                   const nnqmx::MxParams& p) {
    auto r1 = nnqmx::MxQuantAxis(v, -1, 32, p);
    auto r2 = groupIndex.defined() ? nnqmx::GroupedMxQuantRows(v, groupIndex, 32, p) : nnqmx::MxQuantAxis(v, -2, 32, p);
    return std::make_tuple(std::get<0>(r1), std::get<1>(r1), std::get<0>(r2), std::get<1>(r2));
}

/// aclnnSwigluMxQuantWithDualAxis: SwiGLU of x [m, 2n] (halves of the last dim, silu of the left one when
/// activateLeft) in float32, then MxDualAxisGrouped into (y1Out, mxscale1Out, y2Out, mxscale2Out).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> SwigluMxQuantWithDualAxisIn(
    const at::Tensor& x, const at::Tensor& groupIndex, bool activateLeft, const std::string& round, int64_t scaleAlg,
    int64_t dstType, double maxDtypeValue) {
    const at::Tensor v = MxSwiglu(x, -1, activateLeft, 0, 0.0, 1.0, 0.0);
    return MxDualAxisGrouped(v, groupIndex, nnqmx::Params(dstType, scaleAlg, maxDtypeValue, 0.0, round));
}

/// aclnnSwigluBackwardMxQuantWithDualAxis: the SwiGLU gradient of x [m, 2n] (A the left half - activateLeft is
/// true, the only value the tiling accepts - B the right) under yGrad [m, n] in float32 (the doc's formula):
/// grad_A = yGrad * B * sigmoid(A) * (1 + A - A * sigmoid(A)), grad_B = yGrad * A * sigmoid(A), grad_x =
/// [grad_A, grad_B]; then MxDualAxisGrouped into (y1Out, mxscale1Out, y2Out, mxscale2Out).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor> SwigluBackwardMxQuantWithDualAxisIn(
    const at::Tensor& x, const at::Tensor& yGrad, const at::Tensor& groupIndex, bool activateLeft,
    const std::string& round, int64_t scaleAlg, int64_t dstDtype, double maxDtypeValue) {
    const at::Tensor xf = x.to(at::kFloat);
    const at::Tensor g = yGrad.to(at::kFloat);
    const int64_t h = xf.size(-1) / 2;
    const at::Tensor left = xf.narrow(-1, 0, h);
    const at::Tensor right = xf.narrow(-1, h, h);
    const at::Tensor a = activateLeft ? left : right;
    const at::Tensor b = activateLeft ? right : left;
    const at::Tensor sg = at::sigmoid(a);
    const at::Tensor ga = g * b * sg * (1 + a - a * sg);
    const at::Tensor gb = g * a * sg;
    const at::Tensor grad = activateLeft ? at::cat({ga, gb}, -1) : at::cat({gb, ga}, -1);
    return MxDualAxisGrouped(grad, groupIndex, nnqmx::Params(dstDtype, scaleAlg, maxDtypeValue, 0.0, round));
}

}  // namespace ref
}  // namespace aclcpu
