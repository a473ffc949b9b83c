// The reference formulas' helpers of ops-nn's transcendental foreach operators (ops/families/nn_foreach.yaml;
// docs/ops/nn_foreach.md). Included at the end of reference/aten_formulas.h (through the generated
// reference/family_formulas.inc). A foreach formula takes each list as a std::vector<at::Tensor> (views of the
// caller's elements) and returns one result per element; the writer casts each to its out element's dtype.
#pragma once

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <tuple>
#include <vector>

namespace aclcpu {
namespace ref {

/// One element of a unary foreach operator, as the kernels' ForeachImplictOutput computes it (hicann/ops-nn
/// foreach/foreach_utils/op_kernel/foreach_implict_output.h, instantiated per dtype in foreach_<op>.cpp):
/// FLOAT computed in FLOAT; FLOAT16 and BF16 widened to FLOAT for ATen's function and rounded back once (the
/// Ascend 950 and BF16 kernels compute in float; Atlas A2/A3 compute FLOAT16 in half, which the reference does
/// not emulate); INT16 (Atlas A2/A3, foreach_exp / foreach_expm1) cast to FLOAT, INT8 and UINT8 to FLOAT16
/// (CAST_NONE: exact), the function computed - in FLOAT here, the FLOAT16 ones rounded to FLOAT16 as the half
/// computation's result would be - and cast back with CAST_RINT: rounded to the nearest integer, ties to even,
/// then saturated to the dtype's range (the saturation is our reading of the cast; the sources do not say).
inline at::Tensor ForeachUnaryElement(const at::Tensor& x, at::Tensor (*f)(const at::Tensor&)) {
    const at::ScalarType s = x.scalar_type();
    if (!at::isIntegralType(s, /*includeBool=*/true)) return f(Widened(x)).to(s);
    at::Tensor r = f(x.to(at::kFloat));
    if (s == at::kChar || s == at::kByte) r = r.to(at::kHalf).to(at::kFloat);
    double lo = 0.0, hi = 0.0;
    switch (s) {
        case at::kChar: lo = -128.0; hi = 127.0; break;
        case at::kByte: lo = 0.0; hi = 255.0; break;
        case at::kShort: lo = -32768.0; hi = 32767.0; break;
        default: lo = -2147483648.0; hi = 2147483647.0; break;
    }
    return at::round(r).clamp(lo, hi).to(s);
}

/// A unary foreach operator (aclnnForeachExp, aclnnForeachSin, ...): ForeachUnaryElement of every tensor of x.
inline std::vector<at::Tensor> ForeachUnary(const std::vector<at::Tensor>& x, at::Tensor (*f)(const at::Tensor&)) {
    std::vector<at::Tensor> out;
    out.reserve(x.size());
    for (const at::Tensor& t : x) out.push_back(ForeachUnaryElement(t, f));
    return out;
}

/// One element of the power forms (foreach_pow_list, foreach_pow_scalar_list, foreach_pow_scalar_and_tensor):
/// FLOAT16 and BF16 widened to FLOAT for ATen's pow and rounded back once; FLOAT in FLOAT; INT32 as ATen's pow of
/// its operands (an integer power with an integer exponent, wrapping; with a floating exponent computed in FLOAT and
/// converted back by the writer, truncating). The kernels' own steps (AscendC's Power) are not public.
inline at::Tensor PowElement(const at::Tensor& base, const at::Tensor& exponent) {
    const at::ScalarType s = base.scalar_type();
    if (at::isIntegralType(s, /*includeBool=*/true)) return at::pow(base, exponent);
    return at::pow(Widened(base), Widened(exponent)).to(s);
}
inline at::Tensor PowElement(const at::Tensor& base, const at::Scalar& exponent) {
    const at::ScalarType s = base.scalar_type();
    if (at::isIntegralType(s, /*includeBool=*/true)) return at::pow(base, exponent);
    return at::pow(Widened(base), exponent).to(s);
}
inline at::Tensor PowElement(const at::Scalar& base, const at::Tensor& exponent) {
    const at::ScalarType s = exponent.scalar_type();
    if (at::isIntegralType(s, /*includeBool=*/true)) return at::pow(base, exponent);
    return at::pow(base, Widened(exponent)).to(s);
}

/// aclnnForeachPowList: x1[i] ^ x2[i] (PowElement).
inline std::vector<at::Tensor> ForeachPowList(const std::vector<at::Tensor>& x1, const std::vector<at::Tensor>& x2) {
    std::vector<at::Tensor> out;
    for (size_t i = 0; i < x1.size() && i < x2.size(); ++i) out.push_back(PowElement(x1[i], x2[i]));
    return out;
}

/// aclnnForeachPowScalarList: x[i] ^ scalars[i] (PowElement).
inline std::vector<at::Tensor> ForeachPowScalars(const std::vector<at::Tensor>& x, const std::vector<at::Scalar>& s) {
    std::vector<at::Tensor> out;
    for (size_t i = 0; i < x.size() && i < s.size(); ++i) out.push_back(PowElement(x[i], s[i]));
    return out;
}

/// The element functions of the V1 forms: a and b (a list element and a one-element tensor) computed in FLOAT
/// when floating (FLOAT16 and BF16 widened, the result rounded once to a's dtype), in a's own dtype when integral (ATen's integer arithmetic: wrapping; division refused by ATen for
/// integers by zero).
using ForeachElementFn = at::Tensor (*)(const at::Tensor& a, const at::Tensor& b);
inline at::Tensor ForeachInDtype(const at::Tensor& a, const at::Tensor& b, ForeachElementFn f) {
    const at::ScalarType s = a.scalar_type();
    if (at::isIntegralType(s, /*includeBool=*/true)) return f(a, b.to(s)).to(s);
    return f(Widened(a), b.to(at::kFloat)).to(s);
}
inline at::Tensor ForeachPowTensor(const at::Tensor& a, const at::Tensor& b) { return at::pow(a, b); }

/// A V1 form with a one-element scalar tensor (aclnnForeachPowScalar):
/// f(x[i], scalar) for every tensor (ForeachInDtype; the scalar broadcast from its one element).
inline std::vector<at::Tensor> ForeachWithScalarTensor(const std::vector<at::Tensor>& x, const at::Tensor& scalar,
                                                       ForeachElementFn f) {
    std::vector<at::Tensor> out;
    const at::Tensor s = scalar.reshape({});
    for (const at::Tensor& t : x) out.push_back(ForeachInDtype(t, s, f));
    return out;
}

/// aclnnForeachPowScalarV2: x[i] ^ scalar (PowElement).
inline std::vector<at::Tensor> ForeachPowScalar(const std::vector<at::Tensor>& x, const at::Scalar& scalar) {
    std::vector<at::Tensor> out;
    for (const at::Tensor& t : x) out.push_back(PowElement(t, scalar));
    return out;
}

/// aclnnForeachPowScalarAndTensor: scalar ^ x[i] (PowElement).
inline std::vector<at::Tensor> ForeachScalarPow(const at::Scalar& scalar, const std::vector<at::Tensor>& x) {
    std::vector<at::Tensor> out;
    for (const at::Tensor& t : x) out.push_back(PowElement(scalar, t));
    return out;
}

/// aclnnForeachNorm (foreach_norm's golden script, tests/assets/golden.py, and the Ascend 950's formula in
/// aclnnForeachNorm.md): p = +-Inf -> the largest absolute value; int(p) == 1 (the integer part) -> the sum of
/// absolute values; any other p (NaN too) -> the Euclidean norm; each x[i] in float64 as the golden script computes,
/// rounded once to its dtype (an empty tensor: 0). One element per x[i], shape [1] (the infershape's; the writer
/// broadcasts it into an out[i] of shape [1, 1] too).
inline std::vector<at::Tensor> ForeachNormIn(const std::vector<at::Tensor>& x, const at::Scalar& scalar) {
    const double p = scalar.toDouble();
    double ord = 2.0;
    if (std::isinf(p)) {
        ord = INFINITY;
    } else if (!std::isnan(p) && std::fabs(p) < 4e18 && static_cast<int64_t>(p) == 1) {
        ord = 1.0;
    }
    std::vector<at::Tensor> out;
    for (const at::Tensor& t : x) {
        const at::Tensor d = t.to(at::kDouble);
        const at::Tensor n = d.numel() == 0 ? at::zeros({}, d.options()) : at::linalg_vector_norm(d, ord);
        out.push_back(n.reshape({1}).to(t.scalar_type()));
    }
    return out;
}

/// foreach_round_off_number (op_kernel/foreach_round_off_number.h InnerComputer): a floating tensor cast to float32
/// (exact), then float32 -> float32 with the mode's rounding - 1 CAST_RINT (nearest, ties to even), 2 CAST_FLOOR,
/// 3 CAST_CEIL, 4 CAST_ROUND (nearest, ties away from zero), 5 CAST_TRUNC, 7 the fraction x - trunc(x); every other
/// mode CAST_NONE or CAST_ODD, which lose nothing from float32 to float32: x unchanged - and back to the dtype
/// (CAST_RINT, here ATen's round-to-nearest-even cast). INT16 / INT32: unchanged, mode 7 gives 0.
inline at::Tensor ForeachRoundOffElement(const at::Tensor& x, int64_t mode) {
    const at::ScalarType s = x.scalar_type();
    if (at::isIntegralType(s, /*includeBool=*/true)) return mode == 7 ? at::zeros_like(x) : x.clone();
    const at::Tensor d = x.to(at::kDouble);  // float32 values exactly; ties and floors computed without rounding
    at::Tensor r;
    switch (mode) {
        case 1: r = at::round(d); break;  // ATen's round: nearest, ties to even
        case 2: r = at::floor(d); break;
        case 3: r = at::ceil(d); break;
        case 4: r = at::sign(d) * at::floor(at::abs(d) + 0.5); break;
        case 5: r = at::trunc(d); break;
        case 7: r = d - at::trunc(d); break;
        default: r = d; break;
    }
    return r.to(at::kFloat).to(s);
}

/// aclnnForeachRoundOffNumber: roundMode a one-element INT8 tensor (its value read once).
inline std::vector<at::Tensor> ForeachRoundOffTensor(const std::vector<at::Tensor>& x, const at::Tensor& roundMode) {
    const int64_t mode = roundMode.reshape({}).to(at::kLong).item<int64_t>();
    std::vector<at::Tensor> out;
    for (const at::Tensor& t : x) out.push_back(ForeachRoundOffElement(t, mode));
    return out;
}

/// aclnnForeachRoundOffNumberV2: roundMode an aclScalar (INT8 or INT64) the op_api converts to INT8 (ConvertToTensor,
/// DT_INT8: a truncating integer conversion, modulo 256).
inline std::vector<at::Tensor> ForeachRoundOffScalar(const std::vector<at::Tensor>& x, const at::Scalar& roundMode) {
    const int64_t mode = static_cast<int8_t>(roundMode.toLong());
    std::vector<at::Tensor> out;
    for (const at::Tensor& t : x) out.push_back(ForeachRoundOffElement(t, mode));
    return out;
}

/// aclnnForeachNonFiniteCheckAndUnscale (foreach_non_finite_check_and_unscale_n_d.h; torch's
/// _amp_foreach_non_finite_check_and_unscale_): every tensor widened to FLOAT, multiplied by invScale's first
/// element and rounded once to its dtype; foundInf: when any element of any tensor is infinite or NaN, a copy of it
/// with its first element ([0, ..., 0]) 1.0, otherwise foundInf itself (not written). Returns both, in parameter
/// order. The kernel finds a non-finite value through the reduce max / min of each block; here isfinite on every
/// element.
inline std::tuple<std::vector<at::Tensor>, at::Tensor> ForeachNonFiniteCheckAndUnscale(
    const std::vector<at::Tensor>& scaledGrads, const at::Tensor& foundInf, const at::Tensor& invScale) {
    const at::Tensor s = invScale.reshape({-1}).narrow(0, 0, 1).to(at::kFloat).reshape({});
    std::vector<at::Tensor> out;
    bool found = false;
    for (const at::Tensor& g : scaledGrads) {
        const at::Tensor f = g.to(at::kFloat);
        if (!found && f.numel() > 0 && !at::isfinite(f).all().item<bool>()) found = true;
        out.push_back((f * s).to(g.scalar_type()));
    }
    if (!found) return std::make_tuple(out, foundInf);
    at::Tensor flag = foundInf.clone(at::MemoryFormat::Contiguous);
    flag.view({-1}).narrow(0, 0, 1).fill_(1.0);
    return std::make_tuple(out, flag);
}

}  // namespace ref
}  // namespace aclcpu
