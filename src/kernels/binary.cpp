// The generic rows and the selector of the binary arithmetic (kernels/binary.h): every admitted dtype, any
// stride, element by element - the definition the fused rows are checked against.
#include "kernels/binary.h"

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>

#include "common/exports.h"  // the cross-library functions defined here get default visibility
#include "common/half.h"
#include "kernels/cast.h"
#include "kernels/convert.h"
#include "kernels/threshold.h"
#include "tensor/dtype.h"

namespace aclcpu {
namespace kern {
namespace {

template <typename T, typename U>
T Bits(U u) {
    static_assert(sizeof(T) == sizeof(U), "same size");
    T t;
    std::memcpy(&t, &u, sizeof t);
    return t;
}

float QuietF(float x) { return Bits<float>(Bits<uint32_t>(x) | 0x00400000u); }
double QuietD(double x) { return Bits<double>(Bits<uint64_t>(x) | 0x0008000000000000ull); }

/// The NaN rule of binary.h on a NaN result r of self a and other b.
float NaNRuleF(float a, float b) {
    if (a != a) return QuietF(a);
    if (b != b) return QuietF(b);
    return Bits<float>(kBinaryDefaultNaN);
}
double NaNRuleD(double a, double b) {
    if (a != a) return QuietD(a);
    if (b != b) return QuietD(b);
    return Bits<double>(0x7FF8000000000000ull);
}

float DoubleToP(double d, aclDataType p) { return DoubleToPromoted(d, p); }

/// One element of any real or complex dtype cast to the compute dtype c (DOUBLE, COMPLEX64, COMPLEX128), as
/// double parts: integers converted once to nearest even (to float32 for COMPLEX64), floats exactly.
void LoadParts(const char* p, aclDataType dt, aclDataType c, double* re, double* im) {
    *im = 0.0;
    if (c == ACL_COMPLEX64 && dt != ACL_COMPLEX64) {
        *re = LoadPromoted(p, dt, ACL_FLOAT);
        return;
    }
    switch (dt) {
        case ACL_FLOAT: *re = LoadRaw<float>(p); return;
        case ACL_FLOAT16: *re = HalfToFloat(LoadRaw<uint16_t>(p)); return;
        case ACL_BF16: *re = Bf16ToFloat(LoadRaw<uint16_t>(p)); return;
        case ACL_DOUBLE: *re = LoadRaw<double>(p); return;
        case ACL_COMPLEX64: *re = LoadRaw<float>(p); *im = LoadRaw<float>(p + 4); return;
        case ACL_COMPLEX128: *re = LoadRaw<double>(p); *im = LoadRaw<double>(p + 8); return;
        case ACL_UINT64: *re = static_cast<double>(LoadRaw<uint64_t>(p)); return;
        default: *re = static_cast<double>(LoadInt64(p, dt)); return;
    }
}

/// A real result to an integer or BOOL output: l0op::Cast's floating-to-integer rule (kernels/cast.h
/// StoreFloatingToInteger: toward zero, NaN 0, saturated to 32 bits - 64 for INT64, UINT32, UINT8 - then the
/// destination's low bits; BOOL != 0, a NaN true).
void StoreToInteger(char* p, aclDataType dt, double v) { StoreFloatingToInteger(p, dt, v); }

bool IsRealOrComplexOut(aclDataType dt) {
    return IsF32Family(dt) || dt == ACL_DOUBLE || dt == ACL_COMPLEX64 || dt == ACL_COMPLEX128;
}

/// A DOUBLE result (or one complex part) to an output element of any dtype.
void StoreDouble(char* p, aclDataType dt, double re, double im) {
    if (!IsRealOrComplexOut(dt)) return StoreToInteger(p, dt, re);
    switch (dt) {
        case ACL_DOUBLE: std::memcpy(p, &re, 8); return;
        case ACL_COMPLEX128: { const double c[2] = {re, im}; std::memcpy(p, c, 16); return; }
        case ACL_COMPLEX64: {
            const float c[2] = {DoubleToP(re, ACL_FLOAT), DoubleToP(im, ACL_FLOAT)};
            std::memcpy(p, c, 8);
            return;
        }
        default: StoreResult(p, dt, DoubleToP(re, dt)); return;
    }
}

/// An int64 wrapped to the compute dtype's width (two's complement; unsigned types zero-extended).
int64_t WrapTo(uint64_t v, aclDataType dt) {
    switch (dt) {
        case ACL_INT8: return static_cast<int8_t>(static_cast<uint8_t>(v));
        case ACL_UINT8: return static_cast<uint8_t>(v);
        case ACL_INT16: return static_cast<int16_t>(static_cast<uint16_t>(v));
        case ACL_UINT16: return static_cast<uint16_t>(v);
        case ACL_INT32: return static_cast<int32_t>(static_cast<uint32_t>(v));
        case ACL_UINT32: return static_cast<uint32_t>(v);
        default: return static_cast<int64_t>(v);
    }
}

/// float32 -> INT32 as Cast<int32, float, CAST_TRUNC> is modelled: toward zero, saturating; NaN 0 (assumed).
int32_t TruncSatInt32(float v) {
    if (v != v) return 0;
    if (v >= 2147483648.0f) return INT32_MAX;
    if (v <= -2147483648.0f) return INT32_MIN;
    return static_cast<int32_t>(v);
}

/// The integer and BOOL compute of one element (a, b already of the compute dtype, as int64).
int64_t IntElement(const BinaryParams& p, int64_t a, int64_t b) {
    const bool sub = p.op == BinaryOp::kSub;
    if (p.op == BinaryOp::kMax) return p.compute == ACL_BOOL ? ((a | b) & 1) : (a > b ? a : b);
    if (p.op == BinaryOp::kMin) return p.compute == ACL_BOOL ? (a & b & 1) : (a < b ? a : b);
    if (p.op == BinaryOp::kMaxSelect) return a > b ? a : b;
    if (p.op == BinaryOp::kMinSelect || p.op == BinaryOp::kMinFirst) return a < b ? a : b;
    if (p.op == BinaryOp::kMul) {  // MulOp / MulInt8Op / MulUint8Op (wrap); MulBoolOp (an AND)
        if (p.compute == ACL_BOOL) return a & b & 1;
        return WrapTo(static_cast<uint64_t>(a) * static_cast<uint64_t>(b), p.compute);
    }
    if (p.compute == ACL_BOOL) {  // 0/1 values; alpha * other is an AND (AxpyV2 / Mul of BOOL)
        const int64_t t = p.path == AlphaPath::kPlain ? b : (b & (p.alpha_i != 0 ? 1 : 0));
        // Add: min(a + t, 1) (AddBoolCompute, AxpyV2ComputeBool); Sub: |a - t| (SubBoolCompute)
        return sub ? ((a ^ t) & 1) : ((a | t) & 1);
    }
    if (p.path == AlphaPath::kAxpy) {  // INT32 through float32 (the products whose op_api picks Axpy for it)
        const float r = std::fma(static_cast<float>(b), p.alpha_f, static_cast<float>(a));
        return TruncSatInt32(r);
    }
    const uint64_t ua = static_cast<uint64_t>(a);
    uint64_t t = static_cast<uint64_t>(b);
    if (p.path != AlphaPath::kPlain) t = static_cast<uint64_t>(WrapTo(t * static_cast<uint64_t>(p.alpha_i), p.compute));
    return WrapTo(sub && p.path != AlphaPath::kAxpyV2 ? ua - t : ua + t, p.compute);
}

/// The DOUBLE compute of one element.
double DoubleElement(const BinaryParams& p, double a, double b) {
    const bool sub = p.op == BinaryOp::kSub;
    if (p.op == BinaryOp::kMax || p.op == BinaryOp::kMin) {  // VecMax / VecMin's rules, in double (assumed)
        if (a != a) return QuietD(a);
        if (b != b) return QuietD(b);
        if (a == b) {
            const uint64_t ua = Bits<uint64_t>(a), ub = Bits<uint64_t>(b);
            return Bits<double>(p.op == BinaryOp::kMax ? (ua & ub) : (ua | ub));
        }
        return p.op == BinaryOp::kMax ? (a > b ? a : b) : (a < b ? a : b);
    }
    if (p.op == BinaryOp::kMul || p.op == BinaryOp::kDiv) {  // the AI CPU kernels: IEEE double
        const double r = p.op == BinaryOp::kMul ? a * b : a / b;
        return r != r ? NaNRuleD(a, b) : r;
    }
    double t = b;
    if (p.path == AlphaPath::kMul) t = b * p.alpha_d;
    const double r = sub ? a - t : a + t;
    return r != r ? NaNRuleD(a, b) : r;
}

/// The NaN rule of binary.h per part of a complex result: a NaN part takes self's NaN in that part, else
/// other's, else the default NaN.
template <typename T>
void ComplexNaNRule(T ar, T ai, T br, T bi, T* rr, T* ri) {
    if (sizeof(T) == 4) {
        if (*rr != *rr) *rr = static_cast<T>(NaNRuleF(static_cast<float>(ar), static_cast<float>(br)));
        if (*ri != *ri) *ri = static_cast<T>(NaNRuleF(static_cast<float>(ai), static_cast<float>(bi)));
    } else {
        if (*rr != *rr) *rr = static_cast<T>(NaNRuleD(static_cast<double>(ar), static_cast<double>(br)));
        if (*ri != *ri) *ri = static_cast<T>(NaNRuleD(static_cast<double>(ai), static_cast<double>(bi)));
    }
}

/// Complex compute (T float for COMPLEX64, double for COMPLEX128): component-wise Add / Sub; kMul with the
/// textbook product (b.re al.re - b.im al.im, b.re al.im + b.im al.re) in T, each part rounded.
template <typename T>
void ComplexElement(const BinaryParams& p, T ar, T ai, T br, T bi, T* rr, T* ri) {
    const bool sub = p.op == BinaryOp::kSub;
    T tr = br, ti = bi;
    if (p.op == BinaryOp::kDiv) {  // the AI CPU kernel's std::complex division (libgcc's __divsc3 / __divdc3)
        const std::complex<T> q = std::complex<T>(ar, ai) / std::complex<T>(br, bi);
        *rr = q.real();
        *ri = q.imag();
        return;
    }
    if (p.op == BinaryOp::kMul) {  // the textbook product, each operation rounded
        const T p1 = ar * br, p2 = ai * bi, p3 = ar * bi, p4 = ai * br;
        *rr = p1 - p2;
        *ri = p3 + p4;
        ComplexNaNRule(ar, ai, br, bi, rr, ri);
        return;
    }
    if (p.path == AlphaPath::kMul) {
        const T xr = static_cast<T>(p.alpha_d), xi = static_cast<T>(p.alpha_im);
        const T p1 = br * xr, p2 = bi * xi, p3 = br * xi, p4 = bi * xr;
        tr = p1 - p2;
        ti = p3 + p4;
    }
    *rr = sub ? ar - tr : ar + tr;
    *ri = sub ? ai - ti : ai + ti;
    ComplexNaNRule(ar, ai, br, bi, rr, ri);
}

}  // namespace

namespace {
/// x flushed to zero of its sign when subnormal (DivHighPrecision's inputs and result, binary.h).
float FlushSubnormal(float x) {
    return std::fabs(x) < 1.17549435e-38f ? std::copysign(0.0f, x) : x;
}
}  // namespace

float BinaryFloatElement(const BinaryParams& p, float a, float b) {
    const bool sub = p.op == BinaryOp::kSub;
    float r;
    if (p.op == BinaryOp::kDiv) {
        const float x = FlushSubnormal(a), y = FlushSubnormal(b);
        r = FlushSubnormal(x / y);
        if (r != r) r = NaNRuleF(a, b);
        return RoundToPromoted(r, p.compute);
    }
    if (p.op == BinaryOp::kMul) {
        r = a * b;
        if (r != r) r = NaNRuleF(a, b);
        return RoundToPromoted(r, p.compute);
    }
    if (p.op == BinaryOp::kLerp) {  // Sub, then Axpy on the branch of the weight
        const float w = p.alpha_f, d = b - a;
        r = (w > -0.5f && w < 0.5f) ? std::fma(d, w, a) : std::fma(d, w - 1.0f, b);
        if (r != r) r = NaNRuleF(a, b);
        return RoundToPromoted(r, p.compute);
    }
    if (p.op == BinaryOp::kMax) return VecMax(a, b);  // a selection: already a value of the compute dtype
    if (p.op == BinaryOp::kMin) return VecMin(a, b);
    if (p.op == BinaryOp::kMaxSelect || p.op == BinaryOp::kMinSelect) {  // the 950's SIMT selects: ties give b
        const bool take_a = a != a || (p.op == BinaryOp::kMaxSelect ? a > b : a < b);
        r = take_a ? a : b;
        return r != r ? QuietF(r) : RoundToPromoted(r, p.compute);
    }
    if (p.op == BinaryOp::kMulRecip || p.op == BinaryOp::kMulRecipNewton) {
        r = a * Reciprocal950(b, p.op == BinaryOp::kMulRecipNewton);
        if (r != r) r = NaNRuleF(a, b);
        return RoundToPromoted(r, p.compute);
    }
    if (p.op == BinaryOp::kMinFirst) {  // a NaN operand's NaN (a's first), else a <= b ? a : b: ties give a
        if (a != a || b != b) return QuietF(a != a ? a : b);
        return RoundToPromoted(a <= b ? a : b, p.compute);
    }
    switch (p.path) {
        case AlphaPath::kAxpy:
            r = std::fma(b, p.alpha_f, a);
            break;
        case AlphaPath::kAxpyNative: {  // one rounding to the compute dtype: the double FMA of float values
            // (b * alpha exact in double) rounded once more to a half is the half FMA: docs/ops/foreach.md §3
            const double d = std::fma(static_cast<double>(b), static_cast<double>(p.alpha_f), static_cast<double>(a));
            if (d != d) return RoundToPromoted(NaNRuleF(a, b), p.compute);
            return DoubleToPromoted(d, p.compute);
        }
        case AlphaPath::kMul: {
            const float t = RoundToPromoted(b * p.alpha_f, p.compute);
            r = sub ? a - t : a + t;
            break;
        }
        default:
            r = sub ? a - b : a + b;
            break;
    }
    if (r != r) r = NaNRuleF(a, b);
    return RoundToPromoted(r, p.compute);
}

float UnaryFloatElement(const BinaryParams& p, float a) {
    if (p.op == BinaryOp::kSign) return a > 0.0f ? 1.0f : (a < 0.0f ? -1.0f : 0.0f);  // NaN, -0: +0
    if (p.op == BinaryOp::kReciprocal) {
        if (a != a) return RoundToPromoted(QuietF(a), p.compute);
        return RoundToPromoted(FlushSubnormal(1.0f / FlushSubnormal(a)), p.compute);
    }
    if (p.op == BinaryOp::kReciprocalHalf) {  // in half: half subnormals flushed (a division: one f32 rounding first
                                              // is innocuous)
        if (a != a) return RoundToPromoted(QuietF(a), p.compute);
        const auto flush_half = [](float x) { return std::fabs(x) < 0x1p-14f ? std::copysign(0.0f, x) : x; };
        return flush_half(RoundToPromoted(1.0f / flush_half(a), ACL_FLOAT16));
    }
    if (p.op == BinaryOp::kNegSub || p.op == BinaryOp::kAbsSelect) {  // 0 - a; a >= 0 ? a : 0 - a (exact)
        if (a != a) return QuietF(a);
        return p.op == BinaryOp::kNegSub || !(a >= 0.0f) ? 0.0f - a : a;
    }
    if (p.op == BinaryOp::kNeg || p.op == BinaryOp::kAbs) {  // vneg / vabs: the sign bit alone
        const uint32_t u = Bits<uint32_t>(a);
        const float r = Bits<float>(p.op == BinaryOp::kNeg ? (u ^ 0x80000000u) : (u & 0x7FFFFFFFu));
        return r != r ? QuietF(r) : r;
    }
    // kSqrt: FLOAT the 0-ULP square root (subnormals kept); FLOAT16 / BF16 the plain Sqrt of the widened value,
    // correctly rounded here (its documented error is 1 ULP), a BF16 subnormal input flushed (no subnormals)
    float x = p.compute == ACL_BF16 ? FlushSubnormal(a) : a;
    if (p.op == BinaryOp::kSqrtPlain) {  // no subnormals: below the compute dtype's smallest normal, zero
        const float tiny = p.compute == ACL_FLOAT16 ? 0x1p-14f : 0x1p-126f;
        if (std::fabs(a) < tiny) x = std::copysign(0.0f, a);
    }
    float r = std::sqrt(x);
    if (r != r) r = a != a ? QuietF(a) : Bits<float>(kBinaryDefaultNaN);
    return RoundToPromoted(r, p.compute);
}

float AddcmulFloatElement(const BinaryParams& p, float a, float b, float c) {
    float r;
    if (p.op == BinaryOp::kLerpSteps || p.op == BinaryOp::kLerpFused) {  // a self, b other, c the weight
        const float d = b - a;
        if (p.op == BinaryOp::kLerpSteps) {
            if (std::fabs(c) >= 0.5f) {
                const float t = 1.0f - c;
                const float m = d * t;
                r = b - m;
            } else {
                const float m = d * c;
                r = m + a;
            }
        } else {
            r = std::fabs(c) < 0.5f ? std::fma(c, d, a) : std::fma(c - 1.0f, d, b);
        }
        if (r == r) return RoundToPromoted(r, p.compute);
        if (a != a) return RoundToPromoted(QuietF(a), p.compute);
        return RoundToPromoted(NaNRuleF(b, c), p.compute);
    }
    if (p.op == BinaryOp::kAddcdiv) {  // DivHighPrecision(tensor1, tensor2), then one FMA with value and self
        r = std::fma(FlushSubnormal(FlushSubnormal(b) / FlushSubnormal(c)), p.alpha_f, a);
    } else {
        r = p.path == AlphaPath::kAxpyV2 ? std::fma(b, c, a) : std::fma(b * c, p.alpha_f, a);
    }
    if (r == r) return RoundToPromoted(r, p.compute);
    if (a != a) return RoundToPromoted(QuietF(a), p.compute);
    return RoundToPromoted(NaNRuleF(b, c), p.compute);
}

namespace {

/// An integer or BOOL element of dtype dt at p cast to the integer compute dtype c (wrapped), as uint64 bits.
uint64_t LoadWrapped(const char* p, aclDataType dt, aclDataType c) {
    return static_cast<uint64_t>(WrapTo(static_cast<uint64_t>(LoadInt64(p, dt)), c));
}

/// The aarch64 SDIV of two int64 bit patterns: the quotient truncated toward zero, 0 for a zero divisor,
/// INT64_MIN / -1 = INT64_MIN (the AI CPU's reading of aclnnAddcdiv's INT64 case; docs/ops/addcdiv.md).
int64_t SdivInt64(uint64_t a, uint64_t b) {
    const int64_t x = static_cast<int64_t>(a), y = static_cast<int64_t>(b);
    if (y == 0) return 0;
    if (y == -1) return static_cast<int64_t>(0 - a);
    return x / y;
}

/// The Addcmul and Addcdiv rows: operand 3 is tensor2. Addcdiv as binary.h's kAddcdiv says. Integers: self + tensor1 * tensor2 * value, wrapped (any order gives
/// the same bits); DOUBLE: self + value * (tensor1 * tensor2), each operation rounded (the AI CPU kernel's order
/// is not public: assumed).
void AddcmulRowGeneric(const BinaryParams& p, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const aclDataType c = p.compute;
    for (int64_t i = 0; i < n; ++i) {
        const char* x = ptrs[1] + i * st[1];
        const char* y = ptrs[2] + i * st[2];
        const char* z = ptrs[3] + i * st[3];
        char* o = ptrs[0] + i * st[0];
        if (IsF32Family(c)) {
            const float r = AddcmulFloatElement(p, LoadPromoted(x, dt[1], c), LoadPromoted(y, dt[2], c),
                                                LoadPromoted(z, dt[3], c));
            StoreResult(o, dt[0], r);
        } else if (c == ACL_DOUBLE) {
            double a, b, d, im;
            LoadParts(x, dt[1], c, &a, &im);
            LoadParts(y, dt[2], c, &b, &im);
            LoadParts(z, dt[3], c, &d, &im);
            const double t = p.op == BinaryOp::kAddcdiv ? b / d : b * d;
            double r = a + p.alpha_d * t;
            if (r != r) r = a != a ? QuietD(a) : NaNRuleD(b, d);
            StoreDouble(o, dt[0], r, 0.0);
        } else {
            const uint64_t a = LoadWrapped(x, dt[1], c);
            const uint64_t b = LoadWrapped(y, dt[2], c);
            const uint64_t d = LoadWrapped(z, dt[3], c);
            const uint64_t v = p.path == AlphaPath::kAxpyV2 ? 1 : static_cast<uint64_t>(p.alpha_i);
            if (p.op == BinaryOp::kAddcdiv) {
                StoreInt64Result(o, dt[0], WrapTo(a + static_cast<uint64_t>(SdivInt64(b, d)) * v, c));
            } else {
                StoreInt64Result(o, dt[0], WrapTo(a + b * d * v, c));
            }
        }
    }
}

}  // namespace

namespace {

/// The integer and BOOL compute of a unary operation (a of the compute dtype, as int64): Neg 0 - a and Abs |a|
/// with two's-complement wrap-around (the minimum stays itself); an unsigned or BOOL Abs a copy.
int64_t UnaryIntElement(const BinaryParams& p, int64_t a) {
    const aclDataType c = p.compute;
    if (p.op == BinaryOp::kAbs && (c == ACL_BOOL || c == ACL_UINT8 || c == ACL_UINT16 || c == ACL_UINT32 ||
                                   c == ACL_UINT64)) {
        return a;
    }
    if (p.op == BinaryOp::kSign) return (a > 0) - (a < 0);
    const uint64_t neg = 0 - static_cast<uint64_t>(a);
    if (p.op == BinaryOp::kNeg || p.op == BinaryOp::kNegSub || a < 0) return WrapTo(neg, c);
    return a;
}

/// A DOUBLE (or one complex part's) Neg / Abs: the sign bit alone, a NaN quieted.
double SignOpD(BinaryOp op, double a) {
    const uint64_t u = Bits<uint64_t>(a);
    const double r = Bits<double>(op == BinaryOp::kNeg ? (u ^ 0x8000000000000000ull) : (u & 0x7FFFFFFFFFFFFFFFull));
    return r != r ? QuietD(r) : r;
}

/// The DOUBLE and complex compute of a unary operation (the AI CPU kernels: -x; std::sqrt of the real or the
/// std::complex value), NaN results by the family's rule (a NaN input quieted, else the default NaN).
void UnaryWideElement(const BinaryParams& p, double ar, double ai, double* rr, double* ri) {
    const aclDataType c = p.compute;
    if (p.op != BinaryOp::kSqrt && p.op != BinaryOp::kSqrtPlain) {
        *rr = SignOpD(p.op, ar);
        *ri = c == ACL_DOUBLE ? 0.0 : SignOpD(p.op, ai);
        if (c == ACL_COMPLEX64) {
            *rr = static_cast<float>(*rr);
            *ri = static_cast<float>(*ri);
        }
        return;
    }
    if (c == ACL_DOUBLE) {
        const double r = std::sqrt(ar);
        *rr = r == r ? r : (ar != ar ? QuietD(ar) : Bits<double>(0x7FF8000000000000ull));
        *ri = 0.0;
        return;
    }
    if (c == ACL_COMPLEX64) {
        const std::complex<float> q = std::sqrt(std::complex<float>(static_cast<float>(ar), static_cast<float>(ai)));
        *rr = q.real();
        *ri = q.imag();
        return;
    }
    const std::complex<double> q = std::sqrt(std::complex<double>(ar, ai));
    *rr = q.real();
    *ri = q.imag();
}

/// The unary rows: self (operand 1, any admitted dtype) cast to the compute dtype, the operation, the result cast
/// to out's dtype (operand 0).
void UnaryRowGeneric(const BinaryParams& p, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const aclDataType c = p.compute;
    for (int64_t i = 0; i < n; ++i) {
        const char* x = ptrs[1] + i * st[1];
        char* o = ptrs[0] + i * st[0];
        if (IsF32Family(c)) {
            const float r = UnaryFloatElement(p, LoadPromoted(x, dt[1], c));
            if (IsRealOrComplexOut(dt[0])) {
                StoreResult(o, dt[0], r);
            } else {
                StoreToInteger(o, dt[0], r);
            }
        } else if (c == ACL_DOUBLE || c == ACL_COMPLEX64 || c == ACL_COMPLEX128) {
            double ar, ai, rr, ri;
            LoadParts(x, dt[1], c, &ar, &ai);
            UnaryWideElement(p, ar, ai, &rr, &ri);
            StoreDouble(o, dt[0], rr, ri);
        } else {
            const int64_t a = WrapTo(static_cast<uint64_t>(LoadInt64(x, dt[1])), c);
            StoreInt64Result(o, dt[0], UnaryIntElement(p, a));
        }
    }
}

}  // namespace

namespace {

/// One FLOAT / FLOAT16 / BF16 element of kAddcmulList / kAddcdivList (binary.h): a self, b tensor1, c tensor2, v the
/// value, all values of the compute dtype as float32.
float AddcListFloatElement(const BinaryParams& p, float a, float b, float c, float v) {
    float r;
    if (p.op == BinaryOp::kAddcmulList && p.path != AlphaPath::kAxpyNative) {
        r = p.path == AlphaPath::kMul ? std::fma(v * b, c, a) : std::fma(b * c, v, a);
    } else if (p.path == AlphaPath::kAxpyNative) {
        // half all the way: the half product (exact in float32, then rounded once; subnormals kept) or the half
        // quotient (half subnormals flushed), then the half FMA - the double FMA of half values rounded once to half
        const auto flush_half = [](float x) { return std::fabs(x) < 0x1p-14f ? std::copysign(0.0f, x) : x; };
        const float q = p.op == BinaryOp::kAddcmulList
                            ? RoundToPromoted(b * c, ACL_FLOAT16)
                            : flush_half(RoundToPromoted(flush_half(b) / flush_half(c), ACL_FLOAT16));
        const double d = std::fma(static_cast<double>(q), static_cast<double>(v), static_cast<double>(a));
        if (d == d) return DoubleToPromoted(d, p.compute);
        r = static_cast<float>(d);
    } else {
        const float q = FlushSubnormal(FlushSubnormal(b) / FlushSubnormal(c));
        if (p.path == AlphaPath::kMul) {
            const float t = v * q;
            r = a + t;
        } else {
            r = std::fma(q, v, a);
        }
    }
    if (r == r) return RoundToPromoted(r, p.compute);
    if (a != a) return RoundToPromoted(QuietF(a), p.compute);
    return RoundToPromoted(NaNRuleF(b, c), p.compute);
}

/// The rows of kAddcmulList / kAddcdivList: operands self, tensor1, tensor2, value (1 .. 4). Integers (Addcmul):
/// self + tensor1 * tensor2 * value, wrapped.
void AddcListRowGeneric(const BinaryParams& p, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const aclDataType c = p.compute;
    for (int64_t i = 0; i < n; ++i) {
        const char* x = ptrs[1] + i * st[1];
        const char* y = ptrs[2] + i * st[2];
        const char* z = ptrs[3] + i * st[3];
        const char* v = ptrs[4] + i * st[4];
        char* o = ptrs[0] + i * st[0];
        if (IsF32Family(c)) {
            StoreResult(o, dt[0], AddcListFloatElement(p, LoadPromoted(x, dt[1], c), LoadPromoted(y, dt[2], c),
                                                       LoadPromoted(z, dt[3], c), LoadPromoted(v, dt[4], c)));
        } else {
            const uint64_t a = LoadWrapped(x, dt[1], c);
            const uint64_t b = LoadWrapped(y, dt[2], c);
            const uint64_t d = LoadWrapped(z, dt[3], c);
            const uint64_t s = LoadWrapped(v, dt[4], c);
            StoreInt64Result(o, dt[0], WrapTo(a + b * d * s, c));
        }
    }
}

}  // namespace

namespace {

/// The rows of kAddAlphaOperand / kSubAlphaOperand (binary.h): operands self, other, alpha (1 .. 3). Alpha's stored
/// value (a FLOAT16 / FLOAT alpha widened exactly, an integer one as an int64) is decoded by SetAlphaOf into a copy
/// of the parameters with kAdd / kSub, and the V2 forms' row (BinaryRowGeneric over operands 0 .. 2) computes with
/// it: the same arithmetic, element for element, as the V2 plan's parameters with that alpha. A broadcast alpha
/// (stride 0) is decoded once per row, a strided one per element.
void AlphaOperandRowGeneric(const BinaryParams& p, const aclDataType* dt, char* const* ptrs, const int64_t* st,
                            int64_t n) {
    BinaryParams q = p;
    q.op = p.op == BinaryOp::kSubAlphaOperand ? BinaryOp::kSub : BinaryOp::kAdd;
    const auto read_alpha = [&](const char* a) {
        if (IsF32Family(dt[3])) {
            SetAlphaOf(&q, LoadPromoted(a, dt[3], ACL_FLOAT), 0);
        } else {
            SetAlphaOf(&q, 0.0, LoadInt64(a, dt[3]));
        }
    };
    if (st[3] == 0) {
        read_alpha(ptrs[3]);
        BinaryRowGeneric(&q, dt, ptrs, st, n);
        return;
    }
    for (int64_t i = 0; i < n; ++i) {
        read_alpha(ptrs[3] + i * st[3]);
        char* const one[3] = {ptrs[0] + i * st[0], ptrs[1] + i * st[1], ptrs[2] + i * st[2]};
        BinaryRowGeneric(&q, dt, one, st, 1);
    }
}

}  // namespace

void BinaryRowGeneric(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const BinaryParams& p = *static_cast<const BinaryParams*>(params);
    if (IsAlphaOperandOp(p.op)) return AlphaOperandRowGeneric(p, dt, ptrs, st, n);
    if (IsTernaryOp(p.op)) return AddcmulRowGeneric(p, dt, ptrs, st, n);
    if (IsValueOperandOp(p.op)) return AddcListRowGeneric(p, dt, ptrs, st, n);
    if (IsUnaryOp(p.op)) return UnaryRowGeneric(p, dt, ptrs, st, n);
    const bool value = p.other_is_value != 0;
    const aclDataType c = p.compute;
    if (IsF32Family(c)) {
        const float bv = static_cast<float>(p.other_re);  // Adds: a value of the compute dtype
        // an input cast to the compute dtype; a DOUBLE one rounded once (aclnnMaximum's 0-d DOUBLE operand)
        const auto load = [c](const char* q, aclDataType d) {
            return d == ACL_DOUBLE ? DoubleToP(LoadRaw<double>(q), c) : LoadPromoted(q, d, c);
        };
        for (int64_t i = 0; i < n; ++i) {
            const float a = load(ptrs[1] + i * st[1], dt[1]);
            const float b = value ? bv : load(ptrs[2] + i * st[2], dt[2]);
            const float r = BinaryFloatElement(p, a, b);
            if (IsRealOrComplexOut(dt[0])) {
                StoreResult(ptrs[0] + i * st[0], dt[0], r);
            } else {
                StoreToInteger(ptrs[0] + i * st[0], dt[0], r);
            }
        }
        return;
    }
    if (c == ACL_DOUBLE || c == ACL_COMPLEX64 || c == ACL_COMPLEX128) {
        for (int64_t i = 0; i < n; ++i) {
            double ar, ai, br = p.other_re, bi = p.other_im;
            LoadParts(ptrs[1] + i * st[1], dt[1], c, &ar, &ai);
            if (!value) LoadParts(ptrs[2] + i * st[2], dt[2], c, &br, &bi);
            double rr, ri = 0.0;
            if (c == ACL_DOUBLE) {
                rr = DoubleElement(p, ar, br);
            } else if (c == ACL_COMPLEX64) {  // parts of float32 values (LoadParts): exact
                float fr, fi;
                ComplexElement<float>(p, static_cast<float>(ar), static_cast<float>(ai), static_cast<float>(br),
                                      static_cast<float>(bi), &fr, &fi);
                rr = fr;
                ri = fi;
            } else {
                ComplexElement<double>(p, ar, ai, br, bi, &rr, &ri);
            }
            StoreDouble(ptrs[0] + i * st[0], dt[0], rr, ri);
        }
        return;
    }
    // integers and BOOL: the inputs cast to the compute dtype (wrapped), then the integer compute
    for (int64_t i = 0; i < n; ++i) {
        const int64_t a = WrapTo(static_cast<uint64_t>(LoadInt64(ptrs[1] + i * st[1], dt[1])), c);
        const int64_t b = value ? p.other_i : WrapTo(static_cast<uint64_t>(LoadInt64(ptrs[2] + i * st[2], dt[2])), c);
        const int64_t r = c == ACL_BOOL ? IntElement(p, a != 0, b != 0) : IntElement(p, a, b);
        StoreInt64Result(ptrs[0] + i * st[0], dt[0], r);
    }
}

RowFn SelectBinaryRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal) {
    const BinaryParams& p = *static_cast<const BinaryParams*>(params);
    if (IsAlphaOperandOp(p.op)) return &BinaryRowGeneric;  // alpha read at run time: the generic row only
    if (RowFn f = SelectBinaryFusedRow(p, dtypes, strides, nontemporal)) return f;
    return &BinaryRowGeneric;
}

}  // namespace kern
}  // namespace aclcpu
