// The reference formulas' helpers of the nn_matmul family (ops/families/nn_matmul.yaml; docs/ops/nn_matmul.md):
// Addbmm's sum over the batch and Gemm's transposes, around the cube rule of the main table's matmul entries
// (CubeMatmul, CubeAddmm in reference/aten_formulas.h, which includes this file at its end through the generated
// reference/family_formulas.inc). Needs ATen.
#pragma once

#include <ATen/ATen.h>

#include <string>

#include <cctype>
#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>
#include <vector>

namespace aclcpu {
namespace ref {

/// aclnnAddbmm / aclnnInplaceAddbmm (matmul/batch_mat_mul_v3/op_host/op_api/aclnn_addbmm.cpp, AddbmmMatmulGraph):
/// the batched product as the cube computes it (CubeMatmul: inputs rounded to the cube's dtype, products summed in
/// FLOAT, each batch's result rounded to that dtype), ReduceSum over the batch, then beta * self + alpha * sum. The
/// reduction and the scaling are done here in FLOAT and rounded once to the product's dtype (CANN's graph reduces
/// in the product's dtype and adds in the promoted one - for FLOAT16 / BF16 inputs the NPU may round after the
/// reduction too). A BF16 self is widened to FLOAT before beta's multiply (SelfMulsBetaProcess), as here.
inline at::Tensor CubeAddbmm(const at::Tensor& self, const at::Tensor& batch1, const at::Tensor& batch2,
                             const at::Scalar& beta, const at::Scalar& alpha, int64_t cube_math_type) {
    const at::Tensor bmm = CubeMatmul(batch1, batch2, cube_math_type);
    const at::Tensor sum = bmm.to(at::kFloat).sum(0);
    const at::Tensor r = at::add(at::mul(self.to(at::kFloat), beta), at::mul(sum, alpha));
    return r.to(bmm.scalar_type());
}

/// aclnnGemm (matmul/gemm/op_host/op_api/aclnn_gemm.cpp): out = alpha * op(A) @ op(B) + beta * C, op a transpose
/// where transA / transB is non-zero; the product and the sum as aclnnAddmm computes them (CubeAddmm), the route the
/// Ascend 950 takes (ExecAddmmGraph over transposed views); elsewhere CANN's graph multiplies by alpha and adds with
/// Axpy in the promoted dtype, which may round once more for FLOAT16 / BF16. An empty C or an empty product writes
/// nothing (the op_api's early return); an empty k gives beta * C.
inline at::Tensor CubeGemm(const at::Tensor& A, const at::Tensor& B, const at::Tensor& C, double alpha, double beta,
                           int64_t transA, int64_t transB, int64_t cube_math_type) {
    const at::Tensor a = transA != 0 ? A.t() : A;
    const at::Tensor b = transB != 0 ? B.t() : B;
    if (C.numel() == 0 || a.size(0) == 0 || b.size(1) == 0) return at::empty({a.size(0), b.size(1)}, C.options());
    const float fa = static_cast<float>(alpha);  // CANN's float attributes
    const float fb = static_cast<float>(beta);
    if (a.size(1) == 0) return at::mul(C.to(at::kFloat), fb).expand({a.size(0), b.size(1)}).to(C.scalar_type());
    return CubeAddmm(C, a, b, at::Scalar(fb), at::Scalar(fa), cube_math_type);
}

/// The dtype opbase's PromoteType gives an aclScalar of the bridge's kind with a tensor dtype: a floating scalar is
/// taken as FLOAT (the bridge hands every floating aclScalar over as a double: a DOUBLE alpha or beta is promoted as
/// FLOAT here), an integer one as INT64, a BOOL one as BOOL.
inline at::ScalarType ScalarPromote(const at::Scalar& s, at::ScalarType t) {
    const at::ScalarType st = s.isBoolean() ? at::kBool : (s.isIntegral(false) ? at::kLong : at::kFloat);
    return at::promote_types(st, t);
}

/// aclnnAddmv (matmul/addmv/op_host/op_api/aclnn_addmv.cpp): out = beta * self + alpha * (mat @ vec), following the
/// op_api's graph: the product in the promoted dtype of mat and vec - by the cube (CubeMatmul) for FLOAT / FLOAT16 /
/// BF16, else element products summed along the row (ReduceSum; BOOL: LogicalAnd then ReduceAny); times alpha (in
/// its promotion with the product) unless alpha is 1; beta * self (in its promotion with self) unless beta is 1;
/// their sum (BOOL: LogicalOr) in the promotion of both; written into out's dtype. An alpha of 0 (or an empty mat /
/// vec) leaves beta * self alone; a beta of 0 leaves the product alone (self not read: a NaN there does not
/// propagate). An empty self: the first phase returns before.
inline at::Tensor AddmvFormula(const at::Tensor& self, const at::Tensor& mat, const at::Tensor& vec,
                               const at::Scalar& alpha, const at::Scalar& beta, int64_t cube_math_type) {
    const float eps = std::numeric_limits<float>::epsilon();
    const float af = alpha.toFloat();
    const float bf = beta.toFloat();
    const at::ScalarType p = at::promote_types(mat.scalar_type(), vec.scalar_type());
    at::Tensor part2;
    if (std::fabs(af) > eps && mat.numel() != 0 && vec.numel() != 0) {
        if (p == at::kFloat || p == at::kHalf || p == at::kBFloat16) {
            part2 = CubeMatmul(mat.to(p), vec.to(p).unsqueeze(1), cube_math_type).squeeze(1);
        } else if (p == at::kBool) {
            part2 = at::logical_and(mat, vec).any(1);
        } else {
            part2 = at::mul(mat.to(p), vec.to(p)).sum(1, false, p);
        }
        if (std::fabs(af - 1.0f) > eps) {
            const at::ScalarType pa = ScalarPromote(alpha, part2.scalar_type());
            part2 = pa == at::kBool ? at::logical_and(part2, at::scalar_tensor(alpha.toBool(), at::kBool))
                                    : at::mul(part2.to(pa), alpha);
        }
    }
    at::Tensor part1;
    if (!part2.defined() || std::fabs(bf) > eps) {
        if (std::fabs(bf - 1.0f) <= eps) {
            part1 = self;
        } else {
            const at::ScalarType pb = ScalarPromote(beta, self.scalar_type());
            part1 = pb == at::kBool ? at::logical_and(self, at::scalar_tensor(beta.toBool(), at::kBool))
                                    : at::mul(self.to(pb), beta);
        }
    }
    if (!part2.defined()) return part1;
    if (!part1.defined()) return part2;
    const at::ScalarType p3 = at::promote_types(part1.scalar_type(), part2.scalar_type());
    return p3 == at::kBool ? at::logical_or(part1, part2) : at::add(part1.to(p3), part2.to(p3));
}

// ================================================================================== weight layouts, weight-quantised
// matmuls

/// The 8 4-bit fields of each INT32 element along `dim`, the low nibble first (field i in bits 4i..4i+3), as
/// unsigned codes 0..15 (INT32), the dim 8 times longer: the packing of aclnnConvertWeightToINT4Pack's INT32 output
/// (matmul/convert_weight_to_int4_pack/op_host/op_api/aclnn_convert_weight_to_int4_pack.cpp ConvertToB4Pack: two
/// nibbles a byte, the first low, bytes in order, little-endian).
inline at::Tensor UnpackNibbles(const at::Tensor& packed, int64_t dim) {
    const at::Tensor p = packed.movedim(dim, -1).to(at::kInt);
    std::vector<at::Tensor> parts;
    for (int i = 0; i < 8; ++i) parts.push_back(at::bitwise_and(at::bitwise_right_shift(p, 4 * i), 0xF));
    return at::stack(parts, -1).flatten(-2).movedim(-1, dim);
}

/// 4-bit codes (0..15) packed 8 an INT32 along the last dim (its length a multiple of 8), the first code low.
inline at::Tensor PackNibbles(const at::Tensor& codes) {
    std::vector<int64_t> shape = codes.sizes().vec();
    shape.back() /= 8;
    shape.push_back(8);
    const at::Tensor c = codes.to(at::kLong).reshape(shape);
    at::Tensor acc = at::zeros(c.select(-1, 0).sizes(), c.options());
    for (int i = 0; i < 8; ++i) acc = at::bitwise_or(acc, at::bitwise_left_shift(c.select(-1, i), 4 * i));
    return acc.to(at::kInt);  // two's complement wrap of the 32-bit pattern
}

/// INT4 codes as signed values in [-8, 7].
inline at::Tensor Int4Signed(const at::Tensor& codes) { return at::sub(at::bitwise_xor(codes, 8), 8); }

/// FLOAT4_E2M1 codes (sign bit 3, exponent 2 bits, mantissa 1 bit) as their values.
inline at::Tensor Fp4E2M1Values(const at::Tensor& codes) {
    static const float kTable[16] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f,
                                     -0.0f, -0.5f, -1.0f, -1.5f, -2.0f, -3.0f, -4.0f, -6.0f};
    const at::Tensor table = at::from_blob(const_cast<float*>(kTable), {16}, at::kFloat).clone();
    return table.index_select(0, codes.reshape({-1}).to(at::kLong)).reshape(codes.sizes());
}

/// aclnn_convert_weight_to_int4_pack.cpp ConvertFp32ToFp4e2m1: the float's bits masked to sign, exponent and the first
/// mantissa bit (0xFFC00000) and looked up among the 16 FLOAT4_E2M1 values; any other pattern gives code 0.
inline at::Tensor Fp32ToFp4Codes(const at::Tensor& w) {
    const at::Tensor bits = at::bitwise_and(w.to(at::kFloat).contiguous().view(at::kInt).to(at::kLong), static_cast<int64_t>(0xFFC00000LL));
    static const int64_t kPatterns[16] = {0x00000000, 0x3F000000, 0x3F800000, 0x3FC00000, 0x40000000, 0x40400000,
                                          0x40800000, 0x40C00000, 0x80000000, 0xBF000000, 0xBF800000, 0xBFC00000,
                                          0xC0000000, 0xC0400000, 0xC0800000, 0xC0C00000};
    at::Tensor codes = at::zeros(bits.sizes(), bits.options());
    for (int64_t i = 1; i < 16; ++i) codes = at::where(bits == kPatterns[i], at::full({}, i, bits.options()), codes);
    return codes;
}

/// aclnnConvertWeightToINT4Pack: INT32 weight -> INT4 (the low 4 bits of each element as a signed value; a value
/// outside [-8, 7] wraps as CANN's mask does) or INT32 (8 of those nibbles an element); FLOAT weight -> FLOAT4_E2M1
/// (Fp32ToFp4Codes' value) or FLOAT (8 codes an element, the packed bits). The output's dtype: INT4 reaches the formula
/// as INT8, FLOAT4_E2M1 as FLOAT of the weight's shape (a packed FLOAT output has the last dim / 8).
inline at::Tensor ConvertWeightToInt4PackFormula(const at::Tensor& weight, const at::Tensor& out) {
    if (weight.scalar_type() == at::kInt) {
        const at::Tensor codes = at::bitwise_and(weight, 0xF);
        if (out.scalar_type() == at::kChar) return Int4Signed(codes).to(at::kChar);
        return PackNibbles(codes);
    }
    const at::Tensor codes = Fp32ToFp4Codes(weight);
    if (out.dim() > 0 && weight.dim() > 0 && out.size(-1) == weight.size(-1)) return Fp4E2M1Values(codes);
    return PackNibbles(codes).view(at::kFloat);
}

/// A float32 from the low 32 bits of each INT64 / UINT64 element (aclnnTransQuantParam / V2's packing of a float32
/// scale into a 64-bit word).
inline at::Tensor LowWordFloat(const at::Tensor& t) {
    return at::bitwise_and(t.to(at::kLong), static_cast<int64_t>(0xFFFFFFFFLL)).to(at::kInt).contiguous().view(at::kFloat);
}

/// A per-tensor ([1], [1, 1]), per-channel ([n], [1, n]) or per-group ([ceil(k / g), n]) antiquant parameter as a
/// float32 tensor broadcastable to the weight's [k, n].
inline at::Tensor AntiquantParam(const at::Tensor& p, int64_t k, int64_t group) {
    at::Tensor f = (p.scalar_type() == at::kLong) ? LowWordFloat(p) : p.to(at::kFloat);
    if (f.dim() == 1) return f.reshape({1, f.size(0)});
    if (group > 0) return f.repeat_interleave(group, 0).narrow(0, 0, k);
    return f;
}

/// aclnnWeightQuantBatchMatmulV2 / V3 / Nz (matmul/weight_quant_batch_matmul_v2/op_host/op_api/
/// aclnn_weight_quant_batch_matmul_v2.cpp; docs/aclnnWeightQuantBatchMatmulV2.md: y = x @ ((weight + antiquantOffset) *
/// antiquantScale) + bias, then optionally y = round(y * quantScale + quantOffset) to INT8). The weight's values: INT8,
/// INT4 (reaching here as INT8), FLOAT8 / HIFLOAT8 / FLOAT4 (as FLOAT, decoded), or packed - INT32 holding 8 INT4, or on
/// the Ascend 950 FLOAT holding 8 FLOAT4_E2M1 (TensorPreProcess's reinterpretation; the packed dim is the one whose
/// length differs from y's n / x's k). antiquantScale INT64 / UINT64 (the fixpipe mode) holds a float32 in its low
/// word; a FLOAT8_E8M0 scale reaches here decoded (a power of two). The dequantised weight is computed in float32 and
/// rounded once to x's dtype (the cube's operand dtype); the products summed in float32 (ATen's FLOAT matmul), the
/// bias added in float32, one rounding to y's dtype. The NPU's kernels may round the antiquant steps separately in
/// FLOAT16 / BF16 and sum in another order: not bit-exact (docs/ops/nn_matmul.md).
inline at::Tensor WeightQuantMatmul(const at::Tensor& x, const at::Tensor& weight, const at::Tensor& scale,
                                    const at::Tensor& offset, const at::Tensor& quantScale,
                                    const at::Tensor& quantOffset, const at::Tensor& bias, int64_t group,
                                    const at::Tensor& y) {
    at::Tensor w = weight;
    const bool packed_int = weight.scalar_type() == at::kInt;
    const bool packed_fp4 = weight.scalar_type() == at::kFloat &&
                            (weight.size(-1) != y.size(-1) || weight.size(-2) != x.size(-1));
    if (packed_int || packed_fp4) {
        const int64_t dim = weight.size(-1) != y.size(-1) ? weight.dim() - 1 : weight.dim() - 2;
        const at::Tensor codes = UnpackNibbles(weight.contiguous().view(at::kInt), dim);
        w = packed_int ? Int4Signed(codes).to(at::kFloat) : Fp4E2M1Values(codes);
    }
    const int64_t k = w.size(-2);
    at::Tensor wf = w.to(at::kFloat);
    if (offset.defined()) wf = at::add(wf, AntiquantParam(offset, k, group));
    wf = at::mul(wf, AntiquantParam(scale, k, group));
    const at::ScalarType xt = x.scalar_type();
    at::Tensor r = at::matmul(x.to(at::kFloat), wf.to(xt).to(at::kFloat));
    if (bias.defined() && bias.numel() != 0) r = at::add(r, bias.to(at::kFloat));
    if (quantScale.defined() && quantScale.numel() != 0) {
        const at::Tensor qs = (quantScale.scalar_type() == at::kLong) ? LowWordFloat(quantScale)
                                                                        : quantScale.to(at::kFloat);
        r = at::mul(r, qs.reshape({-1}));
        if (quantOffset.defined() && quantOffset.numel() != 0) r = at::add(r, quantOffset.to(at::kFloat).reshape({-1}));
        return at::clamp(at::round(r), -128, 127).to(at::kChar);
    }
    return r.to(xt);
}

/// aclnnTransposeBatchMatMul / WeightNz (matmul/transpose_batch_mat_mul/op_api/aclnn_transpose_batch_mat_mul.cpp;
/// docs/aclnnTransposeBatchMatMul.md): x1 permuted by permX1 to [B, M, K], x2 by permX2 to [B, K, N], the product by the
/// cube rule (CubeMatmul; cubeMathType USE_HF32 is passed to the kernel as its HF32 switch - not emulated), permuted by
/// permY ([1, 0, 2]) to [M, B, N]. With scale ([B * N] INT64 / UINT64, a float32 in each low word): each (b, n) column
/// times its scale, rounded half to even and saturated to INT8, laid out [M, 1, B * N]. With batchSplitFactor f > 1:
/// [f, M, B / f * N] (block s holds batches s * B / f ..). The result is cast to out's dtype by the write.
inline at::Tensor TransposeBatchMatmulFormula(const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& scale,
                                              at::IntArrayRef permX1, at::IntArrayRef permX2, int64_t cubeMathType,
                                              int64_t batchSplitFactor) {
    const at::Tensor a = x1.permute(permX1);
    const at::Tensor b = x2.permute(permX2);
    const at::Tensor r = CubeMatmul(a, b, cubeMathType).permute({1, 0, 2});  // [M, B, N]
    const int64_t m = r.size(0), bt = r.size(1), n = r.size(2);
    if (scale.defined()) {
        const at::Tensor q = at::mul(r.to(at::kFloat), LowWordFloat(scale).reshape({bt, n}));
        return at::clamp(at::round(q), -128, 127).to(at::kChar).reshape({m, 1, bt * n});
    }
    if (batchSplitFactor > 1) {
        return r.reshape({m, batchSplitFactor, bt / batchSplitFactor * n}).permute({1, 0, 2});
    }
    return r;
}

/// aclnnWeightQuantBatchMatmul (V1; matmul/weight_quant_batch_matmul/op_host/op_api/aclnn_weight_quant_batch_matmul.cpp).
/// m > 64 (WeightQuantMatmulSingleOp): the weight cast to FLOAT, + antiquantOffset unless it is 0 and * antiquantScale
/// unless it is 1 (|v - c| <= FLT_EPSILON), cast to FLOAT16, + addOffset, * mulScale (FLOAT16 element-wise, each rounded
/// to FLOAT16), all in x2's own layout (a transposeX2 weight is [n, k]); m <= 64 (the fixpipe kernel): (x2 + deqOffset)
/// * deqScale (a float32 in each UINT64's low word) rounded to FLOAT16 (the diagonal matrix, an identity, not read).
/// Then x1 (transposeX1: its last two dims swapped) @ weight, products summed in float32, the bias rounded to FLOAT16
/// and added in float32, one rounding to FLOAT16. The NPU's fixpipe may round otherwise (not bit-exact).
inline at::Tensor WeightQuantMatmulV1(const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& deqOffset,
                                      const at::Tensor& deqScale, const at::Tensor& addOffset,
                                      const at::Tensor& mulScale, const at::Tensor& bias, bool transposeX1,
                                      bool transposeX2, double antiquantScale, double antiquantOffset) {
    const at::Tensor a = transposeX1 ? x1.transpose(-1, -2) : x1;
    const int64_t m = a.size(-2);
    at::Tensor w;
    if (m <= 64) {
        at::Tensor scale = deqScale.scalar_type() == at::kLong ? LowWordFloat(deqScale) : deqScale.to(at::kFloat);
        w = at::mul(at::add(x2.to(at::kFloat), deqOffset.to(at::kFloat)), scale).to(at::kHalf);
    } else {
        const float eps = std::numeric_limits<float>::epsilon();
        const float off = static_cast<float>(antiquantOffset);
        const float sc = static_cast<float>(antiquantScale);
        at::Tensor f = x2.to(at::kFloat);
        if (std::fabs(off) > eps) f = at::add(f, off);
        if (std::fabs(sc - 1.0f) > eps) f = at::mul(f, sc);
        w = f.to(at::kHalf);
        if (addOffset.defined()) w = at::add(w.to(at::kFloat), addOffset.to(at::kFloat)).to(at::kHalf);
        if (mulScale.defined()) w = at::mul(w.to(at::kFloat), mulScale.to(at::kFloat)).to(at::kHalf);
    }
    if (transposeX2) w = w.transpose(-1, -2);
    at::Tensor r = at::matmul(a.to(at::kFloat), w.to(at::kFloat));
    if (bias.defined()) r = at::add(r, bias.to(at::kHalf).to(at::kFloat));
    return r.to(at::kHalf);
}

/// aclnnMatmulEmuSplitWeight (matmul/matmul_emu_split_weight; docs/aclnnMatmulEmuSplitWeight.md): y = x @ wHigh +
/// wLowScale * (x @ wLow), BF16 operands, each product summed in float32 (ATen's FLOAT matmul on the exact BF16
/// values), the scaling and the sum in float32 (the kernel's order of the two accumulations may differ).
inline at::Tensor MatmulEmuSplitWeightFormula(const at::Tensor& x, const at::Tensor& wHigh, const at::Tensor& wLow,
                                              double wLowScale) {
    const at::Tensor xf = x.to(at::kFloat);
    const at::Tensor hi = at::matmul(xf, wHigh.to(at::kFloat));
    const at::Tensor lo = at::matmul(xf, wLow.to(at::kFloat));
    return at::add(hi, at::mul(lo, static_cast<float>(wLowScale)));
}

/// aclnnFusedMatmul (matmul/fused_mat_mul; op_api aclnn_fused_matmul.cpp, docs/aclnnFusedMatmul.md):
/// y = OP(x1 @ x2 + bias, x3) with OP by fusedOpType - "" and "16cast32" none (16cast32: a FLOAT y), "relu",
/// "gelu_erf" (erf GELU), "gelu_tanh" (tanh approximation), "add" (+ x3), "mul" (* x3; x3 broadcast over y's batch).
/// The product as the cube computes it for the inputs' dtype (FLOAT16 / BF16 operands exact in FLOAT, products summed
/// in FLOAT; FLOAT inputs - cubeMathType USE_HF32 - multiplied as FLOAT, HF32 not emulated), the bias and the fused
/// operation applied to the FLOAT accumulator (the fixpipe / vector epilogue), rounded once to y's dtype by the engine.
inline at::Tensor FusedMatmulFormula(const at::Tensor& x1, const at::Tensor& x2, const at::Tensor& bias,
                                     const at::Tensor& x3, const std::string& op) {
    at::Tensor r = at::matmul(x1.to(at::kFloat), x2.to(at::kFloat));
    if (bias.defined()) r = r + bias.to(at::kFloat).reshape({-1});
    if (op == "relu") {
        r = at::relu(r);
    } else if (op == "gelu_erf") {
        r = at::gelu(r, "none");
    } else if (op == "gelu_tanh") {
        r = at::gelu(r, "tanh");
    } else if (op == "add") {
        r = r + x3.to(at::kFloat);
    } else if (op == "mul") {
        r = r * x3.to(at::kFloat);
    }
    return r;
}

/// aclnnEinsum (matmul/batch_mat_mul_v3/op_host/op_api/aclnn_einsum.cpp): the two equations the op_api handles, after
/// its renaming of the letters ("abcd,abced->abce", "a,b->ab"):
///  - abcd,abced->abce: out[a,b,c,e] = sum_d t1[a,b,c,e,d] * t0[a,b,c,d], the op_api's batched matmul of t1 with t0
///    unsqueezed - cubeMathType KEEP_DTYPE (0) on DAV_2201 / the Ascend 950, USE_FP16 (2) elsewhere, the same product
///    for the dtypes those products list (FLOAT is listed only where KEEP_DTYPE applies) - with integer inputs cast to
///    FLOAT16 first and the result cast back to their dtype (ATen's truncating cast);
///  - a,b->ab: the outer product t0[a] * t1[b], in the inputs' dtype (the op_api's Mul).
inline at::Tensor EinsumFormula(const std::vector<at::Tensor>& tensors, const std::string& equation) {
    std::string e = equation;
    char map[256] = {};
    char next = 'a';
    for (char& ch : e) {
        const unsigned char u = static_cast<unsigned char>(ch);
        if (!std::isalpha(u)) continue;
        if (map[u] == 0) map[u] = next++;
        ch = map[u];
    }
    const at::Tensor& t0 = tensors.at(0);
    const at::Tensor& t1 = tensors.at(1);
    if (e == "a,b->ab") return at::mul(t0.unsqueeze(1), t1.unsqueeze(0));
    const at::ScalarType dt = t0.scalar_type();
    const bool floating = dt == at::kFloat || dt == at::kHalf;
    const at::Tensor a = floating ? t0 : t0.to(at::kHalf);
    const at::Tensor b = floating ? t1 : t1.to(at::kHalf);
    const at::Tensor r = CubeMatmul(b, a.unsqueeze(-1), 0).squeeze(-1);
    return floating ? r : r.to(dt);
}


/// aclnnFusedLinearOnlineMaxSum (matmul/fused_linear_online_max_sum; docs/aclnnFusedLinearOnlineMaxSum.md, its golden
/// tests/st executor and kernel): logits = input @ weight^T (products summed in float32), then per row m: logitsMax =
/// max, sumExp = sum of exp(logits - max), targetMask = target < vocabStartIndex or target >= vocabEndIndex (the
/// kernel's CMPMODE::GE and the golden script; the docs write >), maskedTarget = 0 where masked else target -
/// vocabStartIndex, predicted = 0 where masked else (logits - max)[m, maskedTarget] (NaN here where maskedTarget is
/// not below n: the kernel would read another row's value), targetMaskOut the mask packed 8 rows a byte, row 8k + j
/// at bit j (the rows past m padded with the mask of a target 0), vocabParallelLogits = logits rounded to input's
/// dtype. An empty input (m 0) writes nothing (the op_api's early return).
inline std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor> FusedLinearOnlineMaxSumRef(
    const at::Tensor& input, const at::Tensor& weight, const at::Tensor& target, int64_t vocabStartIndex,
    int64_t vocabEndIndex) {
    const at::Tensor logits = at::matmul(input.to(at::kFloat), weight.to(at::kFloat).t());  // [m, n]
    const int64_t m = logits.size(0), n = logits.size(1);
    const at::Tensor lmax = std::get<0>(logits.max(-1));
    const at::Tensor sub = logits - lmax.unsqueeze(-1);
    const at::Tensor sum = at::exp(sub).sum(-1);
    const at::Tensor t = target.to(at::kLong);
    const at::Tensor mask = at::logical_or(at::lt(t, vocabStartIndex), at::ge(t, vocabEndIndex));
    const at::Tensor masked = at::where(mask, at::zeros_like(t), t - vocabStartIndex);
    const at::Tensor inside = at::lt(masked, n);
    const at::Tensor idx = at::where(inside, masked, at::zeros_like(masked)).unsqueeze(-1);
    at::Tensor pred = at::gather(sub, 1, idx).squeeze(-1);
    pred = at::where(inside, pred, at::full_like(pred, std::numeric_limits<float>::quiet_NaN()));
    pred = at::where(mask, at::zeros_like(pred), pred);
    const int64_t aligned = (m + 7) / 8 * 8;
    const bool pad_mask = 0 < vocabStartIndex || 0 >= vocabEndIndex;
    at::Tensor bits = at::full({aligned}, pad_mask ? 1 : 0, at::TensorOptions().dtype(at::kLong));
    bits.narrow(0, 0, m).copy_(mask.to(at::kLong));
    const at::Tensor weights = at::pow(at::full({8}, 2, at::TensorOptions().dtype(at::kLong)),
                                       at::arange(8, at::TensorOptions().dtype(at::kLong)));
    const at::Tensor packed = (bits.reshape({-1, 8}) * weights).sum(1).to(at::kByte);
    return std::make_tuple(lmax, sum, pred, packed, masked.to(target.scalar_type()), logits.to(input.scalar_type()));
}

/// aclnnFusedLinearCrossEntropyLossGrad (matmul/fused_linear_cross_entropy_loss_grad; docs/
/// aclnnFusedLinearCrossEntropyLossGrad.md and its golden tests/st executor): the softmax [BT, V] - softmaxOptional,
/// or exp(input @ weight^T - logitsMax) / sumExpLogits (products summed in float32) -; at [i, maskedTarget[i]]
/// minus (1 - targetMask[i]) (a UINT8 targetMask packs 8 rows a byte, row 8k + j at bit j; a BOOL one a row each;
/// a maskedTarget outside 0..V-1 subtracts nothing here); times grad[i]; rounded to input's dtype (the golden
/// script's cast); then inputGrad = g @ weight and weightGrad = g^T @ input, products summed in float32, rounded
/// to input's dtype. An empty input or weight writes nothing (the op_api's early return).
inline std::tuple<at::Tensor, at::Tensor> FusedLinearCrossEntropyLossGradRef(
    const at::Tensor& grad, const at::Tensor& input, const at::Tensor& weight, const at::Tensor& targetMask,
    const at::Tensor& maskedTarget, const at::Tensor& logitsMax, const at::Tensor& sumExpLogits,
    const at::Tensor& softmax, const at::Tensor& inputGradOut, const at::Tensor& weightGradOut) {
    if (input.numel() == 0 || weight.numel() == 0) return std::make_tuple(inputGradOut.clone(), weightGradOut.clone());
    const int64_t bt = input.size(0), v = weight.size(0);
    at::Tensor sm;
    if (softmax.defined()) {
        sm = softmax.to(at::kFloat).clone();
    } else {
        const at::Tensor logits = at::matmul(input.to(at::kFloat), weight.to(at::kFloat).t());
        sm = at::exp(logits - logitsMax.to(at::kFloat).unsqueeze(-1)) / sumExpLogits.to(at::kFloat).unsqueeze(-1);
    }
    at::Tensor mask;
    if (targetMask.scalar_type() == at::kBool) {
        mask = targetMask.to(at::kLong);
    } else {
        const at::Tensor bytes = targetMask.to(at::kLong).reshape({-1, 1});
        const at::Tensor shifts = at::arange(8, at::TensorOptions().dtype(at::kLong)).reshape({1, 8});
        mask = at::bitwise_and(at::floor_divide(bytes, at::pow(at::full({1, 8}, 2, bytes.options()), shifts)), 1)
                   .reshape({-1})
                   .narrow(0, 0, bt);
    }
    const at::Tensor t = maskedTarget.to(at::kLong);
    const at::Tensor inside = at::logical_and(at::ge(t, 0), at::lt(t, v));
    const at::Tensor update = (1 - mask).to(at::kFloat) * inside.to(at::kFloat);
    const at::Tensor idx = at::where(inside, t, at::zeros_like(t)).unsqueeze(-1);
    sm.scatter_add_(1, idx, -update.unsqueeze(-1));
    const at::Tensor g = (sm * grad.to(at::kFloat).unsqueeze(-1)).to(input.scalar_type()).to(at::kFloat);
    const at::Tensor gi = at::matmul(g, weight.to(at::kFloat)).to(input.scalar_type());
    const at::Tensor gw = at::matmul(g.t(), input.to(at::kFloat)).to(input.scalar_type());
    return std::make_tuple(gi, gw);
}


/// aclnnBatchMatMulWeightNz (matmul/batch_mat_mul_v3/op_host/op_api/aclnn_batch_matmul.cpp): the batched product as
/// aclnnBatchMatMul computes it (CubeMatmul), except that two inputs of one 16-bit dtype with a FLOAT out
/// (NeedEnableFp32Output) give the float32 sums without the rounding to the 16-bit dtype.
inline at::Tensor BatchMatmulWeightNzFormula(const at::Tensor& self, const at::Tensor& mat2, const at::Tensor& out,
                                             int64_t cube_math_type) {
    const at::ScalarType a = self.scalar_type();
    if (out.scalar_type() == at::kFloat && a == mat2.scalar_type() && (a == at::kHalf || a == at::kBFloat16)) {
        return at::matmul(self.to(at::kFloat), mat2.to(at::kFloat));
    }
    return CubeMatmul(self, mat2, cube_math_type);
}

}  // namespace ref
}  // namespace aclcpu
