// Reference model of aclnnAdd / aclnnAdds and aclnnSub / aclnnSubs (docs/ops/add.md, docs/ops/sub.md),
// written from ops-math's op_api and arch35
// kernels independently of the operator code: the first phase's verdict and the elements, computed from the
// exact values (l1ref's readers and writers) with one IEEE operation per kernel instruction (float32
// additions and fmaf as the AiCore executes them; DOUBLE, integer and complex arithmetic as the AI CPU
// kernels do). Covers the aclScalar dtypes BOOL (the table's defaults: true), INT64 and FLOAT (binary_test.cpp).
#pragma once

#include <cmath>
#include <complex>
#include <cstdint>
#include <cstring>
#include <vector>

#include "support/l1_reference.h"
#include "support/op_info.h"

namespace binref {

using l1ref::Profile;
using l1ref::View;

/// aclnnAdd's dtype list (GetDtypeSupportListBySocVersion: BF16 on the 950, 910B, 910_93).
inline bool Listed(Profile prof, int d) {
    using namespace l1ref;
    switch (d) {
        case kF32: case kS32: case kS64: case kF16: case kS16: case kS8: case kU8: case kF64: case kBool:
        case kC64: case kC128:
            return true;
        case kBF16:
            return SupportsBF16(prof);
        default:
            return false;
    }
}

inline bool IsFloating(int d) { return d == l1ref::kF32 || d == l1ref::kF16 || d == l1ref::kBF16 || d == l1ref::kF64; }
inline bool IsComplex(int d) { return d == l1ref::kC64 || d == l1ref::kC128 || d == l1ref::kC32; }
inline bool IsIntegral(int d) {
    using namespace l1ref;
    return d == kS8 || d == kU8 || d == kS16 || d == kU16 || d == kS32 || d == kU32 || d == kS64 || d == kU64;
}

/// An aclScalar as the model takes it: dtype FLOAT, INT64 or BOOL, value v.
struct Scalar {
    int dtype;
    double v;
};

/// The branch of the op_api for promote p and alpha (0 plain, 1 Axpy, 2 AxpyV2, 3 Mul then Add).
inline int Branch(Profile prof, int p, const Scalar& alpha, bool sub) {
    using namespace l1ref;
    const bool regbase = prof == Profile::kAscend950;
    const float af = static_cast<float>(alpha.v);
    bool one = af == 1.0f || af != af;  // neither above nor below 1
    if (regbase && IsComplex(p)) one = false;
    if (regbase && p == kF64) one = alpha.v == 1.0 || alpha.v != alpha.v;
    if (one) return 0;
    if (regbase || sub ? (p == kF32 || p == kF16 || p == kBF16) : (p == kF32 || p == kS32 || p == kF16)) return 1;
    if (regbase && !sub && (p == kS32 || p == kS64 || p == kS8 || p == kU8 || p == kBool)) return 2;
    if (regbase && sub && (p == kS32 || p == kS64 || p == kS8)) return 2;
    return 3;
}

inline float QuietF(float x) {
    uint32_t u;
    std::memcpy(&u, &x, 4);
    u |= 0x00400000u;
    std::memcpy(&x, &u, 4);
    return x;
}
inline double QuietD(double x) {
    uint64_t u;
    std::memcpy(&u, &x, 8);
    u |= 0x0008000000000000ull;
    std::memcpy(&x, &u, 8);
    return x;
}
inline float NaNF(float a, float b) {
    if (a != a) return QuietF(a);
    if (b != b) return QuietF(b);
    float d;
    const uint32_t u = 0x7FC00000u;
    std::memcpy(&d, &u, 4);
    return d;
}
inline double NaND(double a, double b) {
    if (a != a) return QuietD(a);
    if (b != b) return QuietD(b);
    double d;
    const uint64_t u = 0x7FF8000000000000ull;
    std::memcpy(&d, &u, 8);
    return d;
}

/// The integer width mask and sign of dtype d.
inline int64_t Wrap(int64_t v, int d) {
    using namespace l1ref;
    switch (d) {
        case kS8: return static_cast<int8_t>(v);
        case kU8: return static_cast<uint8_t>(v);
        case kS16: return static_cast<int16_t>(v);
        case kS32: return static_cast<int32_t>(v);
        case kBool: return v != 0;
        default: return v;
    }
}

/// Writes an exact value (or a NaN / inf) to an output element of dtype d from a result of dtype p.
inline void WriteOut(uint8_t* o, int d, long double v, long double im = 0.0L) {
    using namespace l1ref;
    if (IsIntegral(d) || d == kBool) {
        const int64_t w = Wrap(static_cast<int64_t>(v), d);
        std::memcpy(o, &w, DtSize(d));  // little end first: the low bytes
        return;
    }
    if (d == kC64) {
        const float c[2] = {static_cast<float>(RoundTo(v, kFmtF32)), static_cast<float>(RoundTo(im, kFmtF32))};
        std::memcpy(o, c, 8);
        return;
    }
    if (d == kC128) {
        const double c[2] = {static_cast<double>(v), static_cast<double>(im)};
        std::memcpy(o, c, 16);
        return;
    }
    if (v != v) {  // NaN: quiet, the top payload bits (the narrowing of a float32 NaN)
        float f = static_cast<float>(v);
        if (d == kF64) {
            const double x = static_cast<double>(v);
            std::memcpy(o, &x, 8);
            return;
        }
        uint32_t u;
        std::memcpy(&u, &f, 4);
        if (d == kF32) { std::memcpy(o, &f, 4); return; }
        const uint16_t h = d == kBF16 ? static_cast<uint16_t>(u >> 16)
                                      : static_cast<uint16_t>(((u >> 16) & 0x8000u) | 0x7E00u | ((u >> 13) & 0x3FFu));
        std::memcpy(o, &h, 2);
        return;
    }
    WriteValue(o, d, v);
}

/// The first phase of aclnnAdd (self, other, out; alpha) -> status, *promote.
inline int Decide(Profile prof, const View& self, const View& other, const Scalar& alpha, const View& out,
                  int* promote, std::vector<int64_t>* b) {
    using namespace l1ref;
    if (self.null || other.null || out.null) return kNullptr;
    if (!Listed(prof, self.dtype) || !Listed(prof, other.dtype)) return kInvalid;
    const int p = Promote(self.dtype, other.dtype);
    if (p < 0) return kInvalid;
    if (p == kBool ? !(IsIntegral(alpha.dtype) || alpha.dtype == kBool) : !Castable(alpha.dtype, p)) return kInvalid;
    if (!Castable(p, out.dtype)) return kInvalid;
    if (self.shape.size() > 8 || other.shape.size() > 8) return kInvalid;
    if (!BroadcastShapes(self.shape, other.shape, b) || *b != out.shape) return kInvalid;
    *promote = p;
    return 0;
}

/// One element: a, b the inputs' exact values (real parts; ai, bi the imaginary parts) cast to p, branch br.
/// Returns the result (a value of p) in *re, *im.
inline void Element(bool sub, int p, int br, const Scalar& alpha, long double a, long double ai, long double b,
                    long double bi, long double* re, long double* im) {
    using namespace l1ref;
    *im = 0.0L;
    if (p == kF32 || p == kF16 || p == kBF16) {
        const float x = static_cast<float>(a), y = static_cast<float>(b);
        const float af = static_cast<float>(alpha.v);
        float r;
        if (br == 1) {
            r = std::fmaf(y, sub ? -af : af, x);
        } else if (br == 3) {
            const float t = static_cast<float>(RoundTo(static_cast<long double>(y * static_cast<float>(RoundTo(af, FormatOf(p)))), FormatOf(p)));
            r = sub ? x - t : x + t;
        } else {
            r = sub ? x - y : x + y;
        }
        if (r != r) r = NaNF(x, y);
        *re = r != r ? static_cast<long double>(r) : RoundTo(r, FormatOf(p));
        return;
    }
    if (p == kF64) {
        const double x = static_cast<double>(a), y = static_cast<double>(b);
        const double t = br == 3 ? y * alpha.v : y;
        double r = sub ? x - t : x + t;
        if (r != r) r = NaND(x, y);
        *re = r;
        return;
    }
    if (IsComplex(p)) {
        // per part: the sum's NaN by the rule on self's and other's same part (not the product's NaN)
        auto part = [&](long double u, long double v, long double w) -> long double {
            if (p == kC64) {
                const float x = static_cast<float>(u), y = static_cast<float>(v);
                const float r = sub ? x - y : x + y;
                return r != r ? NaNF(x, static_cast<float>(w)) : r;
            }
            const double x = static_cast<double>(u), y = static_cast<double>(v);
            const double r = sub ? x - y : x + y;
            return r != r ? NaND(x, static_cast<double>(w)) : r;
        };
        long double tr = b, ti = bi;
        if (br == 3) {  // (b * alpha) with a real alpha: (br al - bi 0, br 0 + bi al)
            if (p == kC64) {
                const float xr = static_cast<float>(b), xi = static_cast<float>(bi), al = static_cast<float>(alpha.v);
                tr = xr * al - xi * 0.0f;
                ti = xr * 0.0f + xi * al;
            } else {
                const double xr = static_cast<double>(b), xi = static_cast<double>(bi), al = alpha.v;
                tr = xr * al - xi * 0.0;
                ti = xr * 0.0 + xi * al;
            }
        }
        *re = part(a, tr, b);
        *im = part(ai, ti, bi);
        return;
    }
    const int64_t x = static_cast<int64_t>(a), y = static_cast<int64_t>(b);
    if (p == kBool) {
        const bool t = y != 0 && (br == 0 || alpha.v != 0.0);
        *re = sub ? ((x != 0) != t) : (x != 0 || t);
        return;
    }
    if (br == 1) {  // INT32 through float32 (Axpy), truncated, saturating
        const float r = std::fmaf(static_cast<float>(y), static_cast<float>(alpha.v), static_cast<float>(x));
        if (r != r) *re = 0.0L;
        else if (r >= 2147483648.0f) *re = 2147483647.0L;
        else if (r <= -2147483648.0f) *re = -2147483648.0L;
        else *re = std::trunc(static_cast<long double>(r));
        return;
    }
    const uint64_t t = br == 0 ? static_cast<uint64_t>(y)
                               : static_cast<uint64_t>(Wrap(static_cast<int64_t>(static_cast<uint64_t>(y) *
                                                                                 static_cast<uint64_t>(static_cast<int64_t>(alpha.v))), p));
    *re = Wrap(static_cast<int64_t>(sub ? static_cast<uint64_t>(x) - t : static_cast<uint64_t>(x) + t), p);
}

/// A FLOAT, FLOAT16 or BF16 element widened to float32, a NaN's payload kept (FLOAT16: its 10 bits at the top
/// of float32's; l1ref's readers return a plain NaN).
inline float WidenBits(const uint8_t* q, int d) {
    using namespace l1ref;
    uint32_t u = 0;
    if (d == kF32) {
        std::memcpy(&u, q, 4);
    } else if (d == kBF16) {
        uint16_t h;
        std::memcpy(&h, q, 2);
        u = static_cast<uint32_t>(h) << 16;
    } else {
        uint16_t h;
        std::memcpy(&h, q, 2);
        if ((h & 0x7C00u) != 0x7C00u || (h & 0x3FFu) == 0) return static_cast<float>(F16Value(h));
        u = (static_cast<uint32_t>(h & 0x8000u) << 16) | 0x7F800000u | (static_cast<uint32_t>(h & 0x3FFu) << 13);
    }
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

/// An input element's value cast to p (RNE for the float types; integers wrapped; complex parts).
inline void CastIn(const View& v, int64_t e, int p, long double* re, long double* im) {
    using namespace l1ref;
    const uint8_t* q = v.data + e * DtSize(v.dtype);
    *im = 0.0L;
    if (v.dtype == kF32 || v.dtype == kF16 || v.dtype == kBF16) {
        const float f = WidenBits(q, v.dtype);
        if (f != f) {
            *re = (p == kF64 || p == kC128) ? static_cast<long double>(static_cast<double>(QuietF(f)))
                                            : static_cast<long double>(QuietF(f));
            return;
        }
    }
    if (v.dtype == kC64) {
        float c[2];
        std::memcpy(c, q, 8);
        *re = c[0];
        *im = c[1];
        return;
    }
    if (v.dtype == kC128) {
        double c[2];
        std::memcpy(c, q, 16);
        *re = c[0];
        *im = c[1];
        return;
    }
    if (v.dtype == kF64) {
        double x;
        std::memcpy(&x, q, 8);
        *re = x;
        return;
    }
    const long double x = ReadValue(q, v.dtype);
    if (p == kF32 || p == kF16 || p == kBF16) {
        *re = x != x ? static_cast<long double>(QuietF(static_cast<float>(x))) : RoundTo(x, FormatOf(p));
    } else if (p == kC64) {
        *re = RoundTo(x, kFmtF32);
    } else if (p == kF64 || p == kC128) {
        *re = static_cast<double>(x);
    } else {
        *re = Wrap(static_cast<int64_t>(x), p);
    }
}

/// aclnnAdd (sub false) and aclnnSub (sub true): the verdict and, when 0, the elements written into o_bytes.
inline int Binary(Profile prof, bool sub, const View& self, const View& other, const Scalar& alpha, const View& out,
                  uint8_t* o_bytes) {
    int p = 0;
    std::vector<int64_t> b;
    const int st = Decide(prof, self, other, alpha, out, &p, &b);
    if (st != 0) return st;
    const float af = static_cast<float>(alpha.v);
    if (sub && prof != Profile::kAscend950 && (af > 1.0f || af < 1.0f) && IsFloating(p) && p != l1ref::kF64) {
        p = l1ref::kF32;  // aclnn_sub.cpp outside regbase
    }
    const int br = Branch(prof, p, alpha, sub);
    l1ref::ForEachIndex(b, [&](const std::vector<int64_t>& idx) {
        long double a, ai, c, ci, r, ri;
        CastIn(self, l1ref::BroadcastElementIndex(self, idx), p, &a, &ai);
        CastIn(other, l1ref::BroadcastElementIndex(other, idx), p, &c, &ci);
        Element(sub, p, br, alpha, a, ai, c, ci, &r, &ri);
        WriteOut(o_bytes + l1ref::ElementIndex(out, idx) * l1ref::DtSize(out.dtype), out.dtype, r, ri);
    });
    return 0;
}

/// aclnnAdds' promote type (ScalarFormPromote's rule, written again from aclnn_add.cpp).
inline int ScalarPromote(Profile prof, int self, const Scalar& other, const Scalar& alpha, int out) {
    using namespace l1ref;
    if (prof != Profile::kAscend950) {
        if (IsComplex(self) || IsComplex(other.dtype)) return Promote(self, other.dtype);
        if (IsFloating(self)) return self;
        if (other.dtype == kF64 && out == kF32) return kF32;
        if (IsFloating(other.dtype) || self == kBool) return Promote(self, other.dtype);
        return self;
    }
    const int lower = IsFloating(other.dtype) ? kF32 : other.dtype;  // FLOAT, INT64 or BOOL scalars only
    int p;
    if (IsComplex(self) || IsFloating(self)) p = self;
    else if (self == kBool || IsFloating(lower)) p = Promote(self, lower);
    else p = self;
    if (p == kF16 || p == kBF16) {
        const float o = static_cast<float>(other.v), a = static_cast<float>(alpha.v);
        const float oc = static_cast<float>(RoundTo(o, FormatOf(p))), ac = static_cast<float>(RoundTo(a, FormatOf(p)));
        if (!(std::fabs(oc - o) <= 1.1920928955078125e-7f && std::fabs(ac - a) <= 1.1920928955078125e-7f)) p = kF32;
    }
    return p;
}

/// aclnnAdds (sub false) and aclnnSubs (sub true): self, out; other, alpha.
inline int BinaryScalar(Profile prof, bool sub, const View& self, const Scalar& other, const Scalar& alpha,
                        const View& out, uint8_t* o_bytes) {
    using namespace l1ref;
    if (self.null || out.null) return kNullptr;
    if (!Listed(prof, self.dtype)) return kInvalid;
    const int p = ScalarPromote(prof, self.dtype, other, alpha, out.dtype);
    if (p < 0) return kInvalid;
    if (p == kBool ? !(IsIntegral(alpha.dtype) || alpha.dtype == kBool) : !Castable(alpha.dtype, p)) return kInvalid;
    if (prof == Profile::kAscend950 && (!Castable(other.dtype, p) || !Listed(prof, p))) return kInvalid;
    if (!Castable(p, out.dtype)) return kInvalid;
    if (self.shape.size() > 8 || self.shape != out.shape) return kInvalid;
    const int br = Branch(prof, p, alpha, sub);
    long double c;  // other converted to p (ToFloat rounded again for the 16-bit floats)
    if (p == kF32 || p == kF16 || p == kBF16) c = RoundTo(static_cast<float>(other.v), FormatOf(p));
    else if (p == kF64 || IsComplex(p)) c = other.v;
    else c = Wrap(static_cast<int64_t>(other.v), p);
    ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        long double a, ai, r, ri;
        CastIn(self, ElementIndex(self, idx), p, &a, &ai);
        Element(sub, p, br, alpha, a, ai, c, 0.0L, &r, &ri);
        WriteOut(o_bytes + ElementIndex(out, idx) * DtSize(out.dtype), out.dtype, r, ri);
    });
    return 0;
}

/// WriteOut for a result of dtype p: a floating or complex result into an integer or BOOL out as l0op::Cast is
/// modelled there (truncated toward zero, saturated to the range, NaN 0; BOOL != 0), a complex one into a real
/// out its real part.
inline void WriteCast(uint8_t* o, int d, int p, long double v, long double im) {
    using namespace l1ref;
    const bool from_real = IsFloating(p) || IsComplex(p);
    if (from_real && (IsIntegral(d) || d == kBool)) {  // l0op::Cast's floating-to-integer rule (docs/ops/copy.md §4)
        if (d == kBool) {
            *o = v != 0.0L;
            return;
        }
        long double t = v != v ? 0.0L : std::trunc(v);
        if (d == kU64) {
            t = t < 0 ? 0.0L : (t > 18446744073709551615.0L ? 18446744073709551615.0L : t);
            const uint64_t w = static_cast<uint64_t>(t);
            std::memcpy(o, &w, 8);
            return;
        }
        const bool wide = d == kS64 || d == kU32 || d == kU8;  // through 64 bits; the others through 32
        const long double lo = wide ? -9223372036854775808.0L : -2147483648.0L;
        const long double hi = wide ? 9223372036854775807.0L : 2147483647.0L;
        const int64_t w = static_cast<int64_t>(t < lo ? lo : (t > hi ? hi : t));
        std::memcpy(o, &w, DtSize(d));  // the low bytes
        return;
    }
    WriteOut(o, d, v, IsComplex(d) ? im : 0.0L);
}

/// One element of aclnnMul in p: a * b with the NaN rule (complex: the textbook product, per part).
inline void MulElement(int p, long double a, long double ai, long double b, long double bi, long double* re,
                       long double* im) {
    using namespace l1ref;
    *im = 0.0L;
    if (p == kF32 || p == kF16 || p == kBF16) {
        const float x = static_cast<float>(a), y = static_cast<float>(b);
        float r = x * y;
        if (r != r) r = NaNF(x, y);
        *re = r != r ? static_cast<long double>(r) : RoundTo(r, FormatOf(p));
        return;
    }
    if (p == kF64) {
        const double x = static_cast<double>(a), y = static_cast<double>(b);
        const double r = x * y;
        *re = r != r ? NaND(x, y) : r;
        return;
    }
    if (p == kC64) {
        const float xr = static_cast<float>(a), xi = static_cast<float>(ai), yr = static_cast<float>(b),
                    yi = static_cast<float>(bi);
        const float rr = xr * yr - xi * yi, ri = xr * yi + xi * yr;
        *re = rr != rr ? NaNF(xr, yr) : rr;
        *im = ri != ri ? NaNF(xi, yi) : ri;
        return;
    }
    if (p == kC128) {
        const double xr = static_cast<double>(a), xi = static_cast<double>(ai), yr = static_cast<double>(b),
                     yi = static_cast<double>(bi);
        const double rr = xr * yr - xi * yi, ri = xr * yi + xi * yr;
        *re = rr != rr ? NaND(xr, yr) : rr;
        *im = ri != ri ? NaND(xi, yi) : ri;
        return;
    }
    const int64_t x = static_cast<int64_t>(a), y = static_cast<int64_t>(b);
    if (p == kBool) {
        *re = (x != 0 && y != 0) ? 1 : 0;
        return;
    }
    *re = Wrap(static_cast<int64_t>(static_cast<uint64_t>(x) * static_cast<uint64_t>(y)), p);
}

/// aclnnMul (ops-math aclnn_mul.cpp): nulls; self's, other's, out's dtypes listed; the promote type defined
/// and (outside the 950) castable to out's dtype; dims, broadcast, out's shape; then the elements.
inline int Mul(Profile prof, const View& self, const View& other, const View& out, uint8_t* o_bytes) {
    using namespace l1ref;
    if (self.null || other.null || out.null) return kNullptr;
    if (!Listed(prof, self.dtype) || !Listed(prof, other.dtype) || !Listed(prof, out.dtype)) return kInvalid;
    const int p = Promote(self.dtype, other.dtype);
    if (p < 0) return kInvalid;
    if (prof != Profile::kAscend950 && !Castable(p, out.dtype)) return kInvalid;
    if (self.shape.size() > 8 || other.shape.size() > 8) return kInvalid;
    std::vector<int64_t> b;
    if (!BroadcastShapes(self.shape, other.shape, &b) || b != out.shape) return kInvalid;
    ForEachIndex(b, [&](const std::vector<int64_t>& idx) {
        long double a, ai, c, ci, r, ri;
        CastIn(self, BroadcastElementIndex(self, idx), p, &a, &ai);
        CastIn(other, BroadcastElementIndex(other, idx), p, &c, &ci);
        MulElement(p, a, ai, c, ci, &r, &ri);
        WriteCast(o_bytes + ElementIndex(out, idx) * DtSize(out.dtype), out.dtype, p, r, ri);
    });
    return 0;
}

/// aclnnMuls: InferTensorScalarDtype (written again from aclnn_mul.cpp), the Muls kernel's branch, the
/// 950-only checks, then the elements.
inline int Muls(Profile prof, const View& self, const Scalar& other, const View& out, uint8_t* o_bytes) {
    using namespace l1ref;
    if (self.null || out.null) return kNullptr;
    if (!Listed(prof, self.dtype) || !Listed(prof, out.dtype)) return kInvalid;
    const bool regbase = prof == Profile::kAscend950;
    int p;
    if (regbase) {
        p = ScalarPromote(prof, self.dtype, other, other, out.dtype);
        if (p < 0 || !Listed(prof, p) || !Castable(self.dtype, p) || !Castable(other.dtype, p) ||
            !Castable(p, out.dtype)) {
            return kInvalid;
        }
    } else if (IsComplex(self.dtype)) {
        p = self.dtype;
    } else if (IsFloating(self.dtype)) {
        p = self.dtype != kBF16 ? self.dtype : kF32;
    } else if ((self.dtype == kBool && other.dtype == kF64) || (other.dtype == kF64 && out.dtype == kF32)) {
        p = kF32;
    } else if (IsFloating(other.dtype) || self.dtype == kBool) {
        p = Promote(self.dtype, other.dtype);
    } else {
        p = self.dtype;
    }
    if (self.shape != out.shape || self.shape.size() > 8) return kInvalid;
    const bool kernel = regbase ? ((self.dtype == kF16 || self.dtype == kBF16) && IsFloating(other.dtype))
                                : (self.dtype == kBF16 && other.dtype == kF64);
    if (kernel) p = self.dtype;
    long double c;
    if (kernel) c = static_cast<float>(other.v);  // ToFloat, not rounded to self's dtype
    else if (p == kF32 || p == kF16 || p == kBF16) c = RoundTo(static_cast<float>(other.v), FormatOf(p));
    else if (p == kF64 || IsComplex(p)) c = other.v;
    else c = Wrap(static_cast<int64_t>(other.v), p);
    ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        long double a, ai, r, ri;
        CastIn(self, ElementIndex(self, idx), p, &a, &ai);
        MulElement(p, a, ai, c, 0.0L, &r, &ri);
        WriteCast(o_bytes + ElementIndex(out, idx) * DtSize(out.dtype), out.dtype, p, r, ri);
    });
    return 0;
}

/// opbase's private storage formats (the fractal and C0 ones), which aclnnDiv and aclnnAddcmul refuse.
inline bool PrivateFormat(int f) {
    return f == 3 || f == 4 || f == 12 || f == 29 || f == 32 || f == 33 || (f >= 50 && f <= 54);
}

/// One element of aclnnDiv in compute dtype p: FLOAT/FLOAT16/BF16 the quotient of the float32 values with
/// subnormal inputs and result flushed to signed zero, rounded to p; DOUBLE IEEE; complex std::complex.
inline void DivElement(int p, long double a, long double ai, long double b, long double bi, long double* re,
                       long double* im) {
    using namespace l1ref;
    *im = 0.0L;
    auto flush = [](float x) { return std::fabs(x) < 1.17549435e-38f ? std::copysign(0.0f, x) : x; };
    if (p == kF32 || p == kF16 || p == kBF16) {
        const float x = static_cast<float>(a), y = static_cast<float>(b);
        float r = flush(flush(x) / flush(y));
        if (r != r) r = NaNF(x, y);
        *re = r != r ? static_cast<long double>(r) : RoundTo(r, FormatOf(p));
        return;
    }
    if (p == kF64) {
        const double x = static_cast<double>(a), y = static_cast<double>(b);
        const double r = x / y;
        *re = r != r ? NaND(x, y) : r;
        return;
    }
    if (p == kC64) {
        const std::complex<float> q = std::complex<float>(static_cast<float>(a), static_cast<float>(ai)) /
                                      std::complex<float>(static_cast<float>(b), static_cast<float>(bi));
        *re = q.real();
        *im = q.imag();
        return;
    }
    const std::complex<double> q = std::complex<double>(static_cast<double>(a), static_cast<double>(ai)) /
                                   std::complex<double>(static_cast<double>(b), static_cast<double>(bi));
    *re = q.real();
    *im = q.imag();
}

/// aclnnDiv (aclnn_div.cpp MODE_REAL_DIV): nulls (out, other, self); dims, broadcast, out's shape; other's and
/// self's dtypes listed; the promote type defined; the result type (950: FLOAT for INT32/BOOL) castable to out;
/// then the elements in the compute dtype (integral promote types: FLOAT).
inline int Div(Profile prof, const View& self, const View& other, const View& out, uint8_t* o_bytes) {
    using namespace l1ref;
    if (self.null || other.null || out.null) return kNullptr;
    if (self.shape.size() > 8 || other.shape.size() > 8) return kInvalid;
    std::vector<int64_t> b;
    if (!BroadcastShapes(self.shape, other.shape, &b) || b != out.shape) return kInvalid;
    if (!Listed(prof, self.dtype) || !Listed(prof, other.dtype)) return kInvalid;
    const int p = Promote(self.dtype, other.dtype);
    if (p < 0) return kInvalid;
    const int from = prof == Profile::kAscend950 && (p == kS32 || p == kBool) ? kF32 : p;
    if (!Castable(from, out.dtype)) return kInvalid;
    if (PrivateFormat(self.format) || PrivateFormat(other.format) || PrivateFormat(out.format)) return kInvalid;
    const int c = (IsIntegral(p) || p == kBool) ? kF32 : p;
    ForEachIndex(b, [&](const std::vector<int64_t>& idx) {
        long double x, xi, y, yi, r, ri;
        CastIn(self, BroadcastElementIndex(self, idx), c, &x, &xi);
        CastIn(other, BroadcastElementIndex(other, idx), c, &y, &yi);
        DivElement(c, x, xi, y, yi, &r, &ri);
        WriteCast(o_bytes + ElementIndex(out, idx) * DtSize(out.dtype), out.dtype, c, r, ri);
    });
    return 0;
}

/// Whether a view's elements are laid out row-major without gaps (aclnn_div.cpp's contiguity test).
inline bool ContiguousView(const View& v) {
    int64_t expect = 1;
    for (size_t k = v.shape.size(); k-- > 0;) {
        if (v.shape[k] != 1 && v.strides[k] != expect) return false;
        expect *= v.shape[k];
    }
    return true;
}

/// aclnnDivs (aclnn_div.cpp aclnnDivsGetWorkspaceSize, read again): nulls (self, other, out); out's, then self's
/// private format; other's, then self's dtype listed; dims; out's shape; the cast check (Ascend 950: the tensor-scalar
/// promote type of self with other's category, FLOAT for INT32 / BOOL; elsewhere self's dtype) to out. Then the
/// branch: Ascend 950 with a FLOAT / FLOAT16 / BF16 self and a floating other (not a strided self with a DOUBLE
/// other): self in float32 times float32(1.0 / other), one rounding; Atlas A2/A3's mixed pairs: the float32 quotient
/// of self and other in other's own dtype (DOUBLE as FLOAT), rounded to self's dtype; every other branch the
/// DivHighPrecision quotient in FLOAT (the 950's floating and integral selves, every product's integral ones), in
/// self's floating dtype with other rounded to it (the other products), DOUBLE, or complex.
inline int Divs(Profile prof, const View& self, const Scalar& other, const View& out, uint8_t* o_bytes) {
    using namespace l1ref;
    if (self.null || out.null) return kNullptr;
    if (PrivateFormat(out.format) || PrivateFormat(self.format)) return kInvalid;
    if (!Listed(prof, other.dtype) || !Listed(prof, self.dtype)) return kInvalid;
    if (self.shape.size() > 8 || self.shape != out.shape) return kInvalid;
    const bool regbase = prof == Profile::kAscend950;
    const auto f32_family = [](int d) { return d == kF32 || d == kF16 || d == kBF16; };
    if (regbase) {
        const int lower = IsFloating(other.dtype) ? kF32 : other.dtype;
        int p = IsFloating(self.dtype) ? self.dtype : ((self.dtype == kBool || IsFloating(lower)) ? Promote(self.dtype, lower)
                                                                                                    : self.dtype);
        if (p < 0) return kInvalid;
        if (p != kS32 && p != kBool && (IsIntegral(p))) p = kF32;
        if (!Castable(p == kS32 || p == kBool ? kF32 : p, out.dtype)) return kInvalid;
    } else if (!Castable(self.dtype, out.dtype)) {
        return kInvalid;
    }
    const bool a2 = prof == Profile::kAscend910B || prof == Profile::kAscend910_93;
    const int sd = self.dtype, od = other.dtype;
    const bool mixed = a2 && ((sd == kF16 && (od == kF32 || od == kBF16)) || (sd == kF32 && (od == kF16 || od == kBF16)) ||
                              (sd == kBF16 && (od == kF32 || od == kF64 || od == kF16)));
    const bool muls = regbase && f32_family(sd) && (f32_family(od) || od == kF64) && !(od == kF64 && !ContiguousView(self));
    int c;
    long double y;
    if (muls) {
        c = kF32;
        y = static_cast<float>(1.0 / other.v);
    } else if (mixed) {
        c = sd;
        y = RoundTo(other.v, FormatOf(od == kF64 ? kF32 : od));
    } else if (f32_family(sd)) {
        c = regbase ? kF32 : sd;
        y = RoundTo(other.v, FormatOf(c));
    } else if (sd == kF64 || IsComplex(sd)) {
        c = sd;
        y = sd == kC64 ? RoundTo(other.v, kFmtF32) : static_cast<long double>(other.v);
    } else {
        c = kF32;
        y = RoundTo(other.v, kFmtF32);
    }
    ForEachIndex(self.shape, [&](const std::vector<int64_t>& idx) {
        long double x, xi, r, ri;
        CastIn(self, ElementIndex(self, idx), c, &x, &xi);
        if (muls) {
            const float a = static_cast<float>(x), b = static_cast<float>(y);
            float q = a * b;
            if (q != q) q = NaNF(a, b);
            r = q;
            ri = 0.0L;
        } else {
            DivElement(c, x, xi, y, 0.0L, &r, &ri);
        }
        WriteCast(o_bytes + ElementIndex(out, idx) * DtSize(out.dtype), out.dtype, c, r, ri);
    });
    return 0;
}

/// The 950's BinaryOpTypePromote as the model reads data_type_utils.h: equal "has dims" -> Promote; otherwise
/// the dimensioned tensor's dtype as the higher category (complex > floating > the rest; BOOL or a floating
/// lower: Promote).
inline int BinaryPromote(const View& a, const View& b) {
    using namespace l1ref;
    if (a.shape.empty() == b.shape.empty()) return Promote(a.dtype, b.dtype);
    const int hi = a.shape.empty() ? b.dtype : a.dtype, lo = a.shape.empty() ? a.dtype : b.dtype;
    if (IsComplex(hi)) return hi;
    if (IsComplex(lo)) return hi == kF16 ? kC32 : (hi == kF32 || hi == kBF16) ? kC64 : hi == kF64 ? kC128 : lo;
    if (IsFloating(hi)) return hi;
    if (hi == kBool || IsFloating(lo)) return Promote(hi, lo);
    return hi;
}

/// aclnnMaximum (mx) / aclnnMinimum: nulls; self's, other's, out's dtypes in the list (no complex); the promote
/// type defined and castable to out; shapes; then Max / Min in the compute dtype (GetComputeType), cast to out.
inline int MaxMin(Profile prof, bool mx, const View& self, const View& other, const View& out, uint8_t* o_bytes) {
    using namespace l1ref;
    if (self.null || other.null || out.null) return kNullptr;
    for (int d : {self.dtype, other.dtype, out.dtype}) {
        if (!Listed(prof, d) || IsComplex(d)) return kInvalid;
    }
    const bool regbase = prof == Profile::kAscend950;
    const int p = regbase ? BinaryPromote(self, other) : Promote(self.dtype, other.dtype);
    if (p < 0 || !Castable(p, out.dtype)) return kInvalid;
    if (self.shape.size() > 8 || other.shape.size() > 8) return kInvalid;
    std::vector<int64_t> b;
    if (!BroadcastShapes(self.shape, other.shape, &b) || b != out.shape) return kInvalid;
    int c = p;
    if (regbase && self.dtype == other.dtype) {
        const int in = self.dtype, o = out.dtype;
        auto bits = [](int d) { return static_cast<int>(DtSize(d)) * 8; };
        auto sgn = [](int d) { return d == kS8 || d == kS16 || d == kS32 || d == kS64; };
        bool safe = in == o || in == kBool;
        if (!safe && IsIntegral(in) && IsIntegral(o)) safe = sgn(in) == sgn(o) && bits(in) <= bits(o);
        else if (!safe && IsFloating(o)) safe = IsIntegral(in) || IsFloating(in);
        c = safe ? in : o;
    }
    ForEachIndex(b, [&](const std::vector<int64_t>& idx) {
        long double x, xi, y, yi, r = 0.0L;
        CastIn(self, BroadcastElementIndex(self, idx), c, &x, &xi);
        CastIn(other, BroadcastElementIndex(other, idx), c, &y, &yi);
        if (c == kF32 || c == kF16 || c == kBF16 || c == kF64) {
            if (x != x) {
                r = x;  // already quiet (CastIn)
            } else if (y != y) {
                r = y;
            } else if (x == y) {  // zeros: +0 wins for Max (the sign bits ANDed), -0 for Min
                const bool neg = mx ? (std::signbit(x) && std::signbit(y)) : (std::signbit(x) || std::signbit(y));
                r = neg ? -std::fabs(x) : std::fabs(x);
            } else {
                r = mx ? (x > y ? x : y) : (x < y ? x : y);
            }
            if (c == kF64 && r != r) r = QuietD(static_cast<double>(r));
        } else if (c == kBool) {
            r = mx ? ((x != 0) || (y != 0)) : ((x != 0) && (y != 0));
        } else {
            r = mx ? (x > y ? x : y) : (x < y ? x : y);
        }
        WriteCast(o_bytes + ElementIndex(out, idx) * DtSize(out.dtype), out.dtype, c, r, 0.0L);
    });
    return 0;
}

/// aclnnAdd's tensor-tensor steps for aclnnAddcmul: nulls (self, tensor1, tensor2, out); the three input dtypes
/// in Addcmul's list (no INT16, BOOL, complex); the promote type of self with PromoteType(tensor1, tensor2),
/// not INT16/BOOL/complex, castable to out; shapes; then per element: FLOAT/FLOAT16/BF16 fma(t1 * t2, value,
/// self) in float32 (A2/A3 with value 1 and tensor2 broadcasting to self: fma(t1, t2, self)), rounded once;
/// integers self + t1 * t2 * value wrapped; DOUBLE self + value * (t1 * t2). value: an aclScalar (dtype, v).
inline int Addcmul(Profile prof, const View& self, const View& t1, const View& t2, const Scalar& value,
                   const View& out, uint8_t* o_bytes) {
    using namespace l1ref;
    if (self.null || t1.null || t2.null || out.null) return kNullptr;
    auto listed = [&](int d) {
        return d == kF32 || d == kS32 || d == kS64 || d == kF16 || d == kS8 || d == kU8 || d == kF64 ||
               (d == kBF16 && SupportsBF16(prof));
    };
    if (!listed(self.dtype) || !listed(t1.dtype) || !listed(t2.dtype)) return kInvalid;
    const int p1 = Promote(t1.dtype, t2.dtype);
    if (p1 < 0) return kInvalid;
    const int p = Promote(self.dtype, p1);
    if (p < 0 || p == kS16 || p == kBool || IsComplex(p) || !Castable(p, out.dtype)) return kInvalid;
    for (const View* v : {&self, &t1, &t2, &out}) {
        if (PrivateFormat(v->format)) return kInvalid;
    }
    if (self.shape.size() > 8 || t1.shape.size() > 8 || t2.shape.size() > 8) return kInvalid;
    std::vector<int64_t> b1, b, bt;
    if (!BroadcastShapes(t1.shape, t2.shape, &b1) || !BroadcastShapes(self.shape, b1, &b) || b != out.shape) {
        return kInvalid;
    }
    const bool a2a3 = prof == Profile::kAscend910B || prof == Profile::kAscend910_93;
    const float vf = static_cast<float>(value.v);
    const bool axpy = a2a3 && !(vf > 1.0f || vf < 1.0f) && (p == kF32 || p == kBF16 || p == kF16 || p == kS32) &&
                      BroadcastShapes(t2.shape, self.shape, &bt) && bt == self.shape;
    const bool keep_float = prof == Profile::kAscend950 && (self.dtype == kF16 || self.dtype == kBF16) &&
                            IsFloating(value.dtype) && p != kF64;
    const float v32 = keep_float || p == kF32 ? vf : static_cast<float>(RoundTo(vf, FormatOf(p)));
    ForEachIndex(b, [&](const std::vector<int64_t>& idx) {
        long double x, y, z, im, r;
        CastIn(self, BroadcastElementIndex(self, idx), p, &x, &im);
        CastIn(t1, BroadcastElementIndex(t1, idx), p, &y, &im);
        CastIn(t2, BroadcastElementIndex(t2, idx), p, &z, &im);
        if (p == kF32 || p == kF16 || p == kBF16) {
            const float a = static_cast<float>(x), c = static_cast<float>(y), d = static_cast<float>(z);
            float q = axpy ? std::fmaf(c, d, a) : std::fmaf(c * d, v32, a);
            if (q != q) q = a != a ? QuietF(a) : NaNF(c, d);
            r = q != q ? static_cast<long double>(q) : RoundTo(q, FormatOf(p));
        } else if (p == kF64) {
            const double a = static_cast<double>(x), c = static_cast<double>(y), d = static_cast<double>(z);
            double q = a + value.v * (c * d);
            if (q != q) q = a != a ? QuietD(a) : NaND(c, d);
            r = q;
        } else {
            const uint64_t a = static_cast<uint64_t>(static_cast<int64_t>(x)), c = static_cast<uint64_t>(static_cast<int64_t>(y)),
                           d = static_cast<uint64_t>(static_cast<int64_t>(z));
            const uint64_t v = axpy ? 1 : static_cast<uint64_t>(Wrap(static_cast<int64_t>(value.v), p));
            r = Wrap(static_cast<int64_t>(a + c * d * v), p);
        }
        WriteCast(o_bytes + ElementIndex(out, idx) * DtSize(out.dtype), out.dtype, p, r, 0.0L);
    });
    return 0;
}

/// aclnnAddcdiv (aclnn_addcdiv.cpp, addcdiv_dag.h, read again): nulls (self, tensor1, tensor2, out); the three input
/// dtypes in {FLOAT, INT64, FLOAT16, DOUBLE} (+ BF16 where supported; out's never); the promote type of self with
/// PromoteType(tensor1, tensor2) castable to out; dims of all four; shapes; then per element: FLOAT/FLOAT16/BF16
/// the high-precision quotient of tensor1 and tensor2 (subnormals flushed) and one fused multiply-add with value and
/// self, rounded once; DOUBLE self + value * (tensor1 / tensor2); INT64 the quotient truncated (0 for a zero
/// divisor, the minimum over -1 itself), times value, plus self, wrapped.
inline int Addcdiv(Profile prof, const View& self, const View& t1, const View& t2, const Scalar& value,
                   const View& out, uint8_t* o_bytes) {
    using namespace l1ref;
    if (self.null || t1.null || t2.null || out.null) return kNullptr;
    auto listed = [&](int d) {
        return d == kF32 || d == kS64 || d == kF16 || d == kF64 || (d == kBF16 && SupportsBF16(prof));
    };
    if (!listed(self.dtype) || !listed(t1.dtype) || !listed(t2.dtype)) return kInvalid;
    const int p = Promote(self.dtype, Promote(t1.dtype, t2.dtype));
    if (p < 0 || !Castable(p, out.dtype)) return kInvalid;
    for (const View* v : {&self, &t1, &t2, &out}) {
        if (v->shape.size() > 8) return kInvalid;
    }
    std::vector<int64_t> b1, b;
    if (!BroadcastShapes(t1.shape, t2.shape, &b1) || !BroadcastShapes(self.shape, b1, &b) || b != out.shape) {
        return kInvalid;
    }
    const bool keep_float = prof == Profile::kAscend950 && (self.dtype == kF16 || self.dtype == kBF16) &&
                            IsFloating(value.dtype) && p != kF64;
    const float vf = static_cast<float>(value.v);
    const float v32 = keep_float || p == kF32 ? vf : static_cast<float>(RoundTo(vf, FormatOf(p)));
    auto flush = [](float x) { return std::fabs(x) < 1.17549435e-38f ? std::copysign(0.0f, x) : x; };
    ForEachIndex(b, [&](const std::vector<int64_t>& idx) {
        long double x, y, z, im, r;
        CastIn(self, BroadcastElementIndex(self, idx), p, &x, &im);
        CastIn(t1, BroadcastElementIndex(t1, idx), p, &y, &im);
        CastIn(t2, BroadcastElementIndex(t2, idx), p, &z, &im);
        if (p == kF32 || p == kF16 || p == kBF16) {
            const float a = static_cast<float>(x), c = static_cast<float>(y), d = static_cast<float>(z);
            float q = std::fmaf(flush(flush(c) / flush(d)), v32, a);
            if (q != q) q = a != a ? QuietF(a) : NaNF(c, d);
            r = q != q ? static_cast<long double>(q) : RoundTo(q, FormatOf(p));
        } else if (p == kF64) {
            const double a = static_cast<double>(x), c = static_cast<double>(y), d = static_cast<double>(z);
            double q = a + value.v * (c / d);
            if (q != q) q = a != a ? QuietD(a) : NaND(c, d);
            r = q;
        } else {
            const int64_t a = static_cast<int64_t>(x), c = static_cast<int64_t>(y), d = static_cast<int64_t>(z);
            int64_t q = 0;
            if (d == -1) {
                q = static_cast<int64_t>(0 - static_cast<uint64_t>(c));
            } else if (d != 0) {
                q = c / d;
            }
            const uint64_t v = static_cast<uint64_t>(static_cast<int64_t>(value.v));
            r = static_cast<int64_t>(static_cast<uint64_t>(a) + static_cast<uint64_t>(q) * v);
        }
        WriteCast(o_bytes + ElementIndex(out, idx) * DtSize(out.dtype), out.dtype, p, r, 0.0L);
    });
    return 0;
}

}  // namespace binref

namespace opref {

/// aclnnAdd (binary_reference.h): self, other, out; alpha (an aclScalar of dtype BOOL holding a[0].f).
inline int Add(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg* a, uint8_t* const* out) {
    return binref::Binary(prof, false, t[0], t[1], binref::Scalar{l1ref::kBool, a[0].f}, t[2], out[0]);
}

/// aclnnAdds (binary_reference.h): self, out; other, alpha (aclScalars of dtype BOOL holding a[0].f, a[1].f).
inline int Adds(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg* a, uint8_t* const* out) {
    return binref::BinaryScalar(prof, false, t[0], binref::Scalar{l1ref::kBool, a[0].f},
                                binref::Scalar{l1ref::kBool, a[1].f}, t[1], out[0]);
}

/// aclnnSub (binary_reference.h): as Add.
inline int Sub(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg* a, uint8_t* const* out) {
    return binref::Binary(prof, true, t[0], t[1], binref::Scalar{l1ref::kBool, a[0].f}, t[2], out[0]);
}

/// aclnnSubs (binary_reference.h): as Adds.
inline int Subs(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg* a, uint8_t* const* out) {
    return binref::BinaryScalar(prof, true, t[0], binref::Scalar{l1ref::kBool, a[0].f},
                                binref::Scalar{l1ref::kBool, a[1].f}, t[1], out[0]);
}

/// aclnnMul (binary_reference.h): self, other, out.
inline int Mul(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg*, uint8_t* const* out) {
    return binref::Mul(prof, t[0], t[1], t[2], out[0]);
}

/// aclnnMuls (binary_reference.h): self, out; other (an aclScalar of dtype BOOL holding a[0].f).
inline int Muls(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg* a, uint8_t* const* out) {
    return binref::Muls(prof, t[0], binref::Scalar{l1ref::kBool, a[0].f}, t[1], out[0]);
}

/// aclnnDiv (binary_reference.h): self, other, out.
inline int Div(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg*, uint8_t* const* out) {
    return binref::Div(prof, t[0], t[1], t[2], out[0]);
}

/// aclnnDivs (binary_reference.h): self, out; other (an aclScalar of dtype BOOL holding a[0].f).
inline int Divs(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg* a, uint8_t* const* out) {
    return binref::Divs(prof, t[0], binref::Scalar{l1ref::kBool, a[0].f}, t[1], out[0]);
}

/// aclnnMaximum (binary_reference.h): self, other, out.
inline int Maximum(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg*, uint8_t* const* out) {
    return binref::MaxMin(prof, true, t[0], t[1], t[2], out[0]);
}

/// aclnnMinimum (binary_reference.h): self, other, out.
inline int Minimum(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg*, uint8_t* const* out) {
    return binref::MaxMin(prof, false, t[0], t[1], t[2], out[0]);
}

/// aclnnAddcmul (binary_reference.h): self, tensor1, tensor2, out; value (an aclScalar of dtype BOOL holding
/// a[0].f).
inline int Addcmul(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg* a, uint8_t* const* out) {
    return binref::Addcmul(prof, t[0], t[1], t[2], binref::Scalar{l1ref::kBool, a[0].f}, t[3], out[0]);
}

/// aclnnAddcdiv (binary_reference.h): self, tensor1, tensor2, out; value (an aclScalar of dtype BOOL holding
/// a[0].f).
inline int Addcdiv(l1ref::Profile prof, const l1ref::View* t, const aclcpu_test::opinfo::Arg* a, uint8_t* const* out) {
    return binref::Addcdiv(prof, t[0], t[1], t[2], binref::Scalar{l1ref::kBool, a[0].f}, t[3], out[0]);
}

}  // namespace opref
