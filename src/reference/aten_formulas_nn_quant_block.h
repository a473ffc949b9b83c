// The reference formulas' helpers of the nn_quant_block family (ops/families/nn_quant_block.yaml;
// docs/ops/nn_quant_block.md): the quantisation arithmetic of ops-nn's quant_max, grouped_quant_max,
// dynamic_block_quant and swi_glu_quant kernels, restated on ATen from each operator's golden script
// (quant/<op>/tests/assets/golden.py where there is one), its kernel (op_kernel/) and its document, each function
// naming its source. Everything is computed in float32; 8-bit floating outputs are handed over as float values (the
// engine's encoder rounds them to nearest), INT4 ones as int8 values. Included at the end of
// reference/aten_formulas.h (through the generated reference/family_formulas.inc). Needs ATen.
#pragma once

#include <ATen/ATen.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace aclcpu {
namespace ref {
namespace nqb {

// aclDataType values (acl_base.h).
constexpr int64_t kInt8 = 2;
constexpr int64_t kInt4 = 29;
constexpr int64_t kHiFloat8 = 34;
constexpr int64_t kFloat8E5M2 = 35;
constexpr int64_t kFloat8E4M3FN = 36;

/// The largest finite value of an output dtype (dynamic_block_quant golden.py _get_dtype_range; INT8 127).
inline double DtypeMax(int64_t d) {
    if (d == kHiFloat8) return 32768.0;
    if (d == kFloat8E5M2) return 57344.0;
    if (d == kFloat8E4M3FN) return 448.0;
    if (d == kInt4) return 7.0;
    return 127.0;
}

/// Cumulative group ends from a group tensor (INT32 / INT64; groupListType 1: counts), each clamped into [previous
/// end, rows] so that a hostile list never indexes outside x (the kernels read them as they are).
inline std::vector<int64_t> GroupEnds(const at::Tensor& g, int64_t groupListType, int64_t rows) {
    const at::Tensor gl = g.to(at::kLong).contiguous().reshape({-1});
    const int64_t* p = gl.data_ptr<int64_t>();
    std::vector<int64_t> ends(static_cast<size_t>(gl.numel()));
    int64_t prev = 0;
    for (int64_t i = 0; i < gl.numel(); ++i) {
        int64_t e = groupListType == 1 ? prev + std::min(std::max<int64_t>(p[i], 0), rows) : p[i];
        e = std::min(std::max(e, prev), rows);
        ends[static_cast<size_t>(i)] = e;
        prev = e;
    }
    return ends;
}

}  // namespace nqb

/// aclnnQuantMax (quant_max kernel; aclnnQuantMax.md: y = cast(x * scale), amax = max |x|): x * scale in float32,
/// handed to the engine's 8-bit float encoder (round to nearest; HIFLOAT8 ties away from zero); amax in float32,
/// rounded to x's dtype by the output copy. NaN in x propagates to amax as ATen's max does.
inline std::tuple<at::Tensor, at::Tensor> QuantMaxIn(const at::Tensor& x, const at::Tensor& scale) {
    const at::Tensor xf = x.to(at::kFloat);
    const at::Tensor y = xf * scale.to(at::kFloat).reshape({});
    const at::Tensor amax = xf.abs().max().reshape({1});
    return std::make_tuple(y, amax);
}

/// aclnnGroupedQuantMax (aclnnGroupedQuantMax.md): groupList holds cumulative row ends along dim 0; rows of group g
/// get y = x * scale[g] and amax[g] = max |x_g| (0 for an empty group). Rows after the last end belong to no group:
/// their y is 0 (the NPU leaves them unwritten; aclcpu writes every element of its outputs).
inline std::tuple<at::Tensor, at::Tensor> GroupedQuantMaxIn(const at::Tensor& x, const at::Tensor& scale,
                                                             const at::Tensor& groupList) {
    const at::Tensor xf = x.to(at::kFloat);
    const int64_t rows = x.size(0);
    const std::vector<int64_t> ends = nqb::GroupEnds(groupList, 0, rows);
    const at::Tensor sf = scale.to(at::kFloat).reshape({-1});
    at::Tensor y = at::zeros_like(xf);
    at::Tensor amax = at::zeros({static_cast<int64_t>(ends.size())}, xf.options());
    int64_t start = 0;
    for (size_t g = 0; g < ends.size(); ++g) {
        const int64_t end = ends[g];
        if (end > start) {
            const at::Tensor part = xf.slice(0, start, end);
            y.slice(0, start, end).copy_(part * sf[static_cast<int64_t>(g)]);
            amax[static_cast<int64_t>(g)] = part.abs().max();
        }
        start = end;
    }
    return std::make_tuple(y, amax);
}

/// aclnnDynamicBlockQuant / aclnnDynamicBlockQuantV2 (dynamic_block_quant tests/assets/golden.py): non-finite x
/// elements count as 0 for the block maxima; per block of rowBlockSize x colBlockSize (the last two dims, the
/// trailing blocks partial) scale = blockmax(|x|) / M (M: dstTypeMax when non-zero, else the dtype's largest value,
/// INT8 127), capped at 1 / minScale when minScale != 0; y = x / scale (an infinite or NaN x keeps its value), clipped
/// to +-the dtype's largest value, NaN (0 / 0) becoming 0; INT8 rounded half to even (rint). The 8-bit floating
/// dtypes are encoded by the engine (round to nearest; HIFLOAT8 ties away: its "round" mode).
inline std::tuple<at::Tensor, at::Tensor> DynamicBlockQuantIn(const at::Tensor& x, double minScale,
                                                               const std::string& /*roundMode*/, int64_t dstType,
                                                               int64_t rowBlockSize, int64_t colBlockSize,
                                                               double dstTypeMax) {
    const bool three = x.dim() == 3;
    const at::Tensor xf = (three ? x : x.unsqueeze(0)).to(at::kFloat);
    const int64_t b = xf.size(0);
    const int64_t m = xf.size(1);
    const int64_t n = xf.size(2);
    const int64_t rb = (m + rowBlockSize - 1) / rowBlockSize;
    const int64_t cb = (n + colBlockSize - 1) / colBlockSize;
    const at::Tensor finite = at::isfinite(xf);
    const at::Tensor x0 = at::where(finite, xf, at::zeros_like(xf));
    at::Tensor padded = at::zeros({b, rb * rowBlockSize, cb * colBlockSize}, xf.options());
    padded.slice(1, 0, m).slice(2, 0, n).copy_(x0.abs());
    const at::Tensor bmax =
        padded.reshape({b, rb, rowBlockSize, cb, colBlockSize}).amax(at::IntArrayRef{2, 4});  // [b, rb, cb]
    const double maxv = dstTypeMax != 0.0 ? dstTypeMax : nqb::DtypeMax(dstType);
    at::Tensor scale = bmax / static_cast<float>(maxv);
    if (minScale != 0.0) scale = at::minimum(scale, at::full({}, static_cast<float>(1.0 / minScale), xf.options()));
    const at::Tensor se = scale.repeat_interleave(rowBlockSize, 1)
                              .repeat_interleave(colBlockSize, 2)
                              .slice(1, 0, m)
                              .slice(2, 0, n);
    at::Tensor out = at::where(finite, x0 / se, xf);
    const double lim = nqb::DtypeMax(dstType);
    out = at::nan_to_num(out.clamp(-lim, lim), 0.0);
    if (dstType == nqb::kInt8) out = at::round(out).to(at::kChar);
    if (!three) {
        out = out.squeeze(0);
        scale = scale.squeeze(0);
    }
    return std::make_tuple(out, scale);
}

/// aclnnSwiGluQuant / aclnnSwiGluQuantV2 (swi_glu_quant op_kernel swi_glu_quant.h / swi_glu_quant_static.h, the
/// document's formulas): x viewed as [rows, 2N]; A the left half when activateLeft, else the right one, B the other;
/// act = A / (1 + exp(-A)) * B in float32. Row r (0-based) belongs to the first group g with end[g] >= r + 1
/// (groupIndex: cumulative ends, or counts under groupListType 1); without groupIndex every row uses group 0; a row
/// after the last end is not multiplied by a smooth scale. Smooth scales / offsets of shape [G, N] apply per
/// channel, of shape [G] per tensor. dynamic: scale = 127 (INT4: 7) / max |row| and y = rint(row * scale), scaleOut
/// = scale; static: y = rint(row * smooth + offset), scaleOut 0. y saturates to the output's range.
inline std::tuple<at::Tensor, at::Tensor> SwiGluQuantIn(const at::Tensor& x, const at::Tensor& smooth,
                                                         const at::Tensor& offsets, const at::Tensor& groupIndex,
                                                         bool activateLeft, const std::string& quantMode,
                                                         int64_t groupListType, int64_t dstType) {
    const int64_t last = x.size(-1);
    const int64_t half = last / 2;
    const at::Tensor xf = x.to(at::kFloat).reshape({-1, last});
    const int64_t rows = xf.size(0);
    const at::Tensor left = xf.slice(1, 0, half);
    const at::Tensor right = xf.slice(1, half, last);
    const at::Tensor a = activateLeft ? left : right;
    const at::Tensor bpart = activateLeft ? right : left;
    at::Tensor act = a / (at::exp(-a) + 1.0f) * bpart;
    const bool isStatic = quantMode == "static";
    // the group of each row (-1: none)
    std::vector<int64_t> rowGroup(static_cast<size_t>(rows), 0);
    if (groupIndex.defined()) {
        const std::vector<int64_t> ends = nqb::GroupEnds(groupIndex, groupListType, rows);
        size_t g = 0;
        for (int64_t r = 0; r < rows; ++r) {
            while (g < ends.size() && ends[g] < r + 1) ++g;
            rowGroup[static_cast<size_t>(r)] = g < ends.size() ? static_cast<int64_t>(g) : -1;
        }
    }
    const at::Tensor sm = smooth.defined() ? smooth.to(at::kFloat) : smooth;
    const at::Tensor of = offsets.defined() ? offsets.to(at::kFloat) : offsets;
    auto paramRow = [&](const at::Tensor& p, int64_t g) {
        const int64_t gi = std::min<int64_t>(g, p.size(0) - 1);  // the checks make G the group count
        return p.dim() == 1 ? p.slice(0, gi, gi + 1) : p[gi];       // [1] broadcasts, [N] per channel
    };
    const double dstScale = dstType == nqb::kInt4 ? 7.0 : 127.0;
    const double lo = dstType == nqb::kInt4 ? -8.0 : -128.0;
    const double hi = dstType == nqb::kInt4 ? 7.0 : 127.0;
    at::Tensor y = at::empty_like(act);
    at::Tensor scale = at::zeros({rows}, act.options());
    for (int64_t r = 0; r < rows; ++r) {
        at::Tensor row = act[r];
        const int64_t g = rowGroup[static_cast<size_t>(r)];
        if (g >= 0 && sm.defined()) row = row * paramRow(sm, g);
        if (isStatic) {
            if (g >= 0 && of.defined()) row = row + paramRow(of, g);
        } else {
            const at::Tensor s = dstScale / row.abs().max();
            scale[r] = s;
            row = row * s;
        }
        y[r] = at::nan_to_num(at::round(row), 0.0).clamp(lo, hi);
    }
    std::vector<int64_t> yshape = x.sizes().vec();
    yshape.back() = half;
    const std::vector<int64_t> sshape(x.sizes().begin(), x.sizes().end() - 1);
    return std::make_tuple(y.to(at::kChar).reshape(yshape), scale.reshape(sshape));
}

namespace nqb {
/// Packs int4 values (last dim a multiple of 8, each in [-8, 7]) eight per INT32, element 8k + j in bits 4j .. 4j + 3
/// (the layout of CANN's INT32 view of an INT4 tensor).
inline at::Tensor PackInt4(const at::Tensor& q) {
    std::vector<int64_t> shape = q.sizes().vec();
    const int64_t last = shape.back();
    shape.back() = last / 8;
    shape.push_back(8);
    const at::Tensor nib = q.to(at::kLong).reshape(shape).bitwise_and(0xF);
    const at::Tensor shifts = at::arange(0, 32, 4, at::TensorOptions().dtype(at::kLong));
    const at::Tensor word = nib.__lshift__(shifts).sum(-1);
    return at::where(word >= (int64_t{1} << 31), word - (int64_t{1} << 32), word).to(at::kInt);
}
}  // namespace nqb

/// aclnnFlatQuant / V2 / V3, the per-token INT4 path (flat_quant op_kernel flat_quant_vec.h; tests/ut gen_data.py):
/// per k, x'' = kroneckerP1 @ (x[k] @ kroneckerP2), each product summed in float32 and rounded to x's dtype (the cube
/// writes its result in x's dtype); quantScale[k] = max |x''[k]| * clipRatio / 7; out = rint(x''[k] * ((7 /
/// clipRatio) / max)) (7 when max is 0) - the kernel rounds the product to FLOAT16 first, then to an integer
/// (assumed: to nearest even) -, saturated to [-8, 7]; an INT32 out holds eight int4 values per element.
inline std::tuple<at::Tensor, at::Tensor> FlatQuantIn(const at::Tensor& x, const at::Tensor& p1, const at::Tensor& p2,
                                                       double clipRatio, int64_t outDtype) {
    const at::ScalarType dt = x.scalar_type();
    const at::Tensor x1 = at::matmul(x.to(at::kFloat), p2.to(at::kFloat)).to(dt).to(at::kFloat);
    const at::Tensor x2 = at::matmul(p1.to(at::kFloat), x1).to(dt).to(at::kFloat);  // [K, M, N]
    const int64_t k = x2.size(0);
    const at::Tensor mx = x2.abs().reshape({k, -1}).amax(1);  // [K]
    const float cr = static_cast<float>(clipRatio);
    const at::Tensor scale = mx * cr / 7.0f;
    const at::Tensor mult = at::where(mx != 0, (7.0f / cr) / mx, at::full_like(mx, 7.0f));
    const at::Tensor q =
        at::nan_to_num(at::round((x2 * mult.reshape({k, 1, 1})).to(at::kHalf).to(at::kFloat)), 0.0).clamp(-8, 7);
    if (outDtype == 3) return std::make_tuple(nqb::PackInt4(q), scale);  // INT32
    return std::make_tuple(q.to(at::kChar), scale);
}

/// aclnnGroupedDynamicBlockQuant / V2 (grouped_dynamic_block_quant tests/assets/golden.py): groupList's cumulative
/// ends (clamped into [previous end, rows]) split x's second-to-last dim; each group is cut into blocks from its own
/// first row (partial blocks at its end and at the last columns); per block scale = max|x| / M (M: dstTypeMax when
/// non-zero, else the 8-bit float's largest value), capped at 1 / minScale where finite and minScale != 0; y = x /
/// scale clipped to +- the dtype's largest value, NaN becoming 0. Group g's scale rows start at scaleOut row
/// end[g-1] / rowBlockSize + g (0 for g = 0); the rows between groups, and any after the last, hold 1 (the golden's
/// filler). Rows of x after the last end belong to no group: y 0 there.
inline std::tuple<at::Tensor, at::Tensor> GroupedDynamicBlockQuantIn(const at::Tensor& x, const at::Tensor& groupList,
                                                                      double minScale, int64_t dstType,
                                                                      int64_t rowBlockSize, int64_t colBlockSize,
                                                                      double dstTypeMax) {
    const bool three = x.dim() == 3;
    const at::Tensor xf = (three ? x : x.unsqueeze(0)).to(at::kFloat);
    const int64_t b = xf.size(0);
    const int64_t m = xf.size(1);
    const int64_t n = xf.size(2);
    const int64_t cb = (n + colBlockSize - 1) / colBlockSize;
    const std::vector<int64_t> ends = nqb::GroupEnds(groupList, 0, m);
    const int64_t srows = m / rowBlockSize + static_cast<int64_t>(ends.size());
    at::Tensor scale = at::ones({b, srows, cb}, xf.options());
    at::Tensor y = at::zeros_like(xf);
    const double maxv = dstTypeMax != 0.0 ? dstTypeMax : nqb::DtypeMax(dstType);
    const double lim = nqb::DtypeMax(dstType);
    int64_t prev = 0;
    for (size_t gi = 0; gi < ends.size(); ++gi) {
        const int64_t end = ends[gi];
        const int64_t addr = prev / rowBlockSize + static_cast<int64_t>(gi);  // the group's first scale row
        const int64_t rows = end - prev;
        if (rows > 0) {
            const int64_t rb = (rows + rowBlockSize - 1) / rowBlockSize;
            const at::Tensor part = xf.slice(1, prev, end);
            at::Tensor padded = at::zeros({b, rb * rowBlockSize, cb * colBlockSize}, xf.options());
            padded.slice(1, 0, rows).slice(2, 0, n).copy_(part.abs());
            const at::Tensor bmax = padded.reshape({b, rb, rowBlockSize, cb, colBlockSize}).amax(at::IntArrayRef{2, 4});
            at::Tensor s = bmax / static_cast<float>(maxv);
            if (minScale != 0.0) {
                const at::Tensor capped = at::minimum(s, at::full({}, static_cast<float>(1.0 / minScale), s.options()));
                s = at::where(at::isfinite(bmax), capped, s);
            }
            const int64_t take = std::min(rb, srows - addr);  // inside scaleOut whatever the list says
            if (take > 0) scale.slice(1, addr, addr + take).copy_(s.slice(1, 0, take));
            const at::Tensor se =
                s.repeat_interleave(rowBlockSize, 1).repeat_interleave(colBlockSize, 2).slice(1, 0, rows).slice(2, 0, n);
            y.slice(1, prev, end).copy_(at::nan_to_num((part / se).clamp(-lim, lim), 0.0));
        }
        prev = end;
    }
    if (!three) {
        y = y.squeeze(0);
        scale = scale.squeeze(0);
    }
    return std::make_tuple(y, scale);
}

/// aclnnDequantSwigluQuant / V2 (dequant_swiglu_quant tests/st/aclnnDequantSwigluQuantV2/executor_*.py golden):
/// x as [rows, 2H]; groupIndex holds row counts per group (absent: one group of every row; a count clamped so the
/// groups stay inside x; rows after the groups get y 0, scale 0). An INT32 x: (x + an INT32 bias[g]) *
/// weightScale[g] * activationScale[row] + a floating bias[g]; FLOAT16 / BF16 x is taken as it is. swigluMode 0:
/// silu(A) * B of the halves (A the left one when activateLeft); 1: A, B the even / odd columns, 2: the halves, then
/// min(A, clampLimit) * sigmoid(gluAlpha * A) * (clamp(B, +-clampLimit) + gluBias). static: act / quantScale[g] +
/// quantOffset[g], scaleOut 0; dynamic: act * quantScale[g], scaleOut = max|row| / 127, act * 127 / max|row|; then
/// clamped to [-128, 127] and rounded half to even. A [1] quantScale serves every group.
inline std::tuple<at::Tensor, at::Tensor> DequantSwigluQuantIn(
    const at::Tensor& x, const at::Tensor& ws, const at::Tensor& as, const at::Tensor& bias, const at::Tensor& qs,
    const at::Tensor& qo, const at::Tensor& gi, bool activateLeft, const std::string& quantMode, int64_t swigluMode,
    double clampLimit, double gluAlpha, double gluBias) {
    const int64_t two = x.size(-1);
    const int64_t h = two / 2;
    const at::Tensor xf = x.to(at::kFloat).reshape({-1, two});
    const int64_t rows = xf.size(0);
    const bool isInt = x.scalar_type() == at::kInt;
    const bool dynamic = quantMode == "dynamic";
    auto row2 = [](const at::Tensor& p) { return p.to(at::kFloat).reshape({p.dim() == 2 ? p.size(0) : 1, -1}); };
    const at::Tensor wsf = ws.defined() ? row2(ws) : ws;
    const at::Tensor bf = bias.defined() ? row2(bias) : bias;
    const at::Tensor asf = as.defined() ? as.to(at::kFloat).reshape({-1, 1}) : as;
    at::Tensor qsf, qof;
    if (qs.defined()) {
        // [H] / [G, H] per channel; [1] / [G] one value per group
        const bool perChannel = qs.size(-1) == h;
        qsf = perChannel ? qs.to(at::kFloat).reshape({-1, h}) : qs.to(at::kFloat).reshape({-1, 1});
        if (qo.defined()) qof = perChannel ? qo.to(at::kFloat).reshape({-1, h}) : qo.to(at::kFloat).reshape({-1, 1});
    }
    auto pick = [](const at::Tensor& p, int64_t g) { return p[std::min<int64_t>(g, p.size(0) - 1)]; };
    std::vector<int64_t> counts;
    if (gi.defined()) {
        const std::vector<int64_t> ends = nqb::GroupEnds(gi, 1, rows);
        int64_t prev = 0;
        for (int64_t e : ends) {
            counts.push_back(e - prev);
            prev = e;
        }
    } else {
        counts.push_back(rows);
    }
    at::Tensor y = at::zeros({rows, h}, xf.options());
    at::Tensor scale = at::zeros({rows}, xf.options());
    int64_t off = 0;
    for (size_t g = 0; g < counts.size(); ++g) {
        const int64_t n = counts[g];
        if (n == 0) continue;
        const int64_t gg = static_cast<int64_t>(g);
        at::Tensor res = xf.slice(0, off, off + n);
        if (isInt) {
            if (bf.defined() && bias.scalar_type() == at::kInt) res = res + pick(bf, gg);
            res = res * pick(wsf, gg);
            if (asf.defined()) res = res * asf.slice(0, off, off + n);
            if (bf.defined() && bias.scalar_type() != at::kInt) res = res + pick(bf, gg);
        }
        at::Tensor a, b;
        if (swigluMode == 1) {
            a = res.slice(1, 0, two, 2);
            b = res.slice(1, 1, two, 2);
        } else {
            a = activateLeft ? res.slice(1, 0, h) : res.slice(1, h, two);
            b = activateLeft ? res.slice(1, h, two) : res.slice(1, 0, h);
        }
        at::Tensor out;
        if (swigluMode == 0) {
            out = a * at::sigmoid(a) * b;
        } else {
            const at::Tensor ac = a.clamp_max(clampLimit);
            const at::Tensor bc = b.clamp(-clampLimit, clampLimit);
            out = ac * at::sigmoid(ac * static_cast<float>(gluAlpha)) * (bc + static_cast<float>(gluBias));
        }
        if (qsf.defined()) {
            if (dynamic) {
                out = out * pick(qsf, gg);
                const at::Tensor mx = out.abs().amax(1, true);
                scale.slice(0, off, off + n).copy_(mx.reshape({-1}) / 127.0f);
                out = out * (127.0f / mx);
            } else {
                out = out / pick(qsf, gg);
                if (qof.defined()) out = out + pick(qof, gg);
            }
        }
        y.slice(0, off, off + n).copy_(at::round(at::nan_to_num(out, 0.0).clamp(-128, 127)));
        off += n;
    }
    std::vector<int64_t> yshape = x.sizes().vec();
    yshape.back() = h;
    const std::vector<int64_t> sshape(x.sizes().begin(), x.sizes().end() - 1);
    return std::make_tuple(y.to(at::kChar).reshape(yshape), scale.reshape(sshape));
}

/// aclnnInplaceQuantScatter (quant_update_scatter tests/assets/golden.py, reduce "update"): q = updates /
/// quantScales (+ quantZeroPoints), along the last dim (one element: every position), rounded half to even and
/// saturated to INT8; then for each i of updates' dim 0, q[i] is written into selfRef[b] (b = i, or indices[i][0]
/// for [B, 2] indices) at offset indices[i] (indices[i][1]) along axis, the other dims from 0. A write that would
/// leave selfRef (a data-dependent index out of range) is skipped whole.
inline at::Tensor QuantScatterIn(const at::Tensor& selfRef, const at::Tensor& indices, const at::Tensor& updates,
                                 const at::Tensor& quantScales, const at::Tensor& quantZeroPoints, int64_t axis) {
    at::Tensor out = selfRef.clone();
    const int64_t n = selfRef.dim();
    const int64_t a = axis < 0 ? axis + n : axis;
    const int64_t last = updates.size(-1);
    auto along = [&](const at::Tensor& p) {
        const at::Tensor f = p.to(at::kFloat).reshape({-1});
        return f.numel() == 1 ? f.reshape({}) : f.reshape({last});
    };
    at::Tensor v = updates.to(at::kFloat) / along(quantScales);
    if (quantZeroPoints.defined()) v = v + along(quantZeroPoints);
    const at::Tensor q = at::nan_to_num(at::round(v), 0.0).clamp(-128, 127).to(at::kChar);
    const at::Tensor id = indices.to(at::kLong).contiguous();
    const bool pairs = id.dim() == 2;
    const int64_t* ip = id.data_ptr<int64_t>();
    const int64_t len = updates.size(a);
    for (int64_t i = 0; i < updates.size(0); ++i) {
        const int64_t b = pairs ? ip[2 * i] : i;
        const int64_t start = pairs ? ip[2 * i + 1] : ip[i];
        if (b < 0 || b >= selfRef.size(0) || start < 0 || start > selfRef.size(a) - len) continue;
        at::Tensor dst = out[b];
        for (int64_t d = 1; d < n; ++d) {
            dst = d == a ? dst.narrow(d - 1, start, len) : dst.narrow(d - 1, 0, updates.size(d));
        }
        dst.copy_(q[i]);
    }
    return out;
}

}  // namespace ref
}  // namespace aclcpu
