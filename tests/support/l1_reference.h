// An independent, deliberately simple scalar model of aclnnL1LossBackward (SPEC 4 and 5): the one oracle of
// the tests that check results, tests/operators/exactness_test.cpp, the hardening suites (tests/runtime/stress_streams_test.cpp,
// tests/operators/huge_l1_loss_backward_test.cpp) and the fuzzer (fuzz/aclnn_fuzz.cpp). It shares no code with src/: the dtype deduction
// table is parsed from a text transcription of docs/zh/context/互推导关系.md (hicann/ops-nn), the cast rule
// follows 互转换关系.md, and every rounding is done by one generic "round an exactly known value to a binary
// format" routine working on x87 long double (64-bit significand: every float32, float16, bfloat16 and
// every 64-bit integer is exact in it), rounding to an integer by adding 2^63 in the default
// round-to-nearest-even mode. Speed is not a goal; obviousness is. Header-only, C++17, no dependencies.
#pragma once

#include <algorithm>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <sstream>
#include <string>
#include <vector>

static_assert(sizeof(long double) >= 10, "the model needs x87 extended precision (64-bit significand)");

namespace l1ref {

// ------------------------------------------------------------------ dtype codes (CANN's aclDataType values)

/// aclDataType codes, short names (kS = signed integer, kU = unsigned, kC = complex).
enum Dt : int {
    kF32 = 0, kF16 = 1, kS8 = 2, kS32 = 3, kU8 = 4, kS16 = 6, kU16 = 7, kU32 = 8, kS64 = 9, kU64 = 10,
    kF64 = 11, kBool = 12, kString = 13, kC64 = 16, kC128 = 17, kBF16 = 27, kS4 = 29, kU1 = 30, kC32 = 33,
    kHiF8 = 34, kF8E5M2 = 35, kF8E4M3 = 36, kF8E8M0 = 37, kF6E3M2 = 38, kF6E2M3 = 39, kF4E2M1 = 40, kF4E1M2 = 41,
};

/// The aclDataType name of a dtype code, for messages ("?" for unknown codes).
inline const char* DtName(int d) {
    switch (d) {
        case kF32: return "FLOAT"; case kF16: return "FLOAT16"; case kS8: return "INT8"; case kS32: return "INT32";
        case kU8: return "UINT8"; case kS16: return "INT16"; case kU16: return "UINT16"; case kU32: return "UINT32";
        case kS64: return "INT64"; case kU64: return "UINT64"; case kF64: return "DOUBLE"; case kBool: return "BOOL";
        case kC64: return "COMPLEX64"; case kC128: return "COMPLEX128"; case kBF16: return "BF16";
        case kC32: return "COMPLEX32"; case kHiF8: return "HIFLOAT8"; case kF8E5M2: return "FLOAT8_E5M2";
        case kF8E4M3: return "FLOAT8_E4M3FN"; case kF8E8M0: return "FLOAT8_E8M0"; case kF6E3M2: return "FLOAT6_E3M2";
        case kF6E2M3: return "FLOAT6_E2M3"; case kF4E2M1: return "FLOAT4_E2M1"; case kF4E1M2: return "FLOAT4_E1M2";
        default: return "?";
    }
}

/// Bytes per element for the dtypes the model reads or writes (0 for the others).
inline size_t DtSize(int d) {
    switch (d) {
        case kBool: case kS8: case kU8: return 1;
        case kF16: case kBF16: case kS16: case kU16: return 2;
        case kF32: case kS32: case kU32: return 4;
        case kF64: case kS64: case kU64: case kC64: return 8;
        case kC128: return 16;
        default: return 0;
    }
}

// ------------------------------------------------------------------ the deduction table, as text

namespace detail {

// Rows and columns in the document's order; "x" = cannot be deduced.
inline const char* const kTableText =
    "      f32  f16  f64  bf16 s8   u8   s16  u16  s32  u32  s64  u64  bool c32  c64  c128\n"
    "f32   f32  f32  f64  f32  f32  f32  f32  x    f32  x    f32  x    f32  c64  c64  c128\n"
    "f16   f32  f16  f64  f32  f16  f16  f16  x    f16  x    f16  x    f16  c32  c64  c128\n"
    "f64   f64  f64  f64  f64  f64  f64  f64  x    f64  x    f64  x    f64  c128 c128 c128\n"
    "bf16  f32  f32  f64  bf16 bf16 bf16 bf16 x    bf16 x    bf16 x    bf16 c32  c64  c128\n"
    "s8    f32  f16  f64  bf16 s8   s16  s16  x    s32  x    s64  x    s8   c32  c64  c128\n"
    "u8    f32  f16  f64  bf16 s16  u8   s16  x    s32  x    s64  x    u8   c32  c64  c128\n"
    "s16   f32  f16  f64  bf16 s16  s16  s16  x    s32  x    s64  x    s16  c32  c64  c128\n"
    "u16   x    x    x    x    x    x    x    u16  x    x    x    x    x    x    x    x\n"
    "s32   f32  f16  f64  bf16 s32  s32  s32  x    s32  x    s64  x    s32  c32  c64  c128\n"
    "u32   x    x    x    x    x    x    x    x    x    u32  x    x    x    x    x    x\n"
    "s64   f32  f16  f64  bf16 s64  s64  s64  x    s64  x    s64  x    s64  c32  c64  c128\n"
    "u64   x    x    x    x    x    x    x    x    x    x    x    u64  x    x    x    x\n"
    "bool  f32  f16  f64  bf16 s8   u8   s16  x    s32  x    s64  x    bool c32  c64  c128\n"
    "c32   c64  c32  c128 c32  c32  c32  c32  x    c32  x    c32  x    c32  c32  c64  c128\n"
    "c64   c64  c64  c128 c64  c64  c64  c64  x    c64  x    c64  x    c64  c64  c64  c128\n"
    "c128  c128 c128 c128 c128 c128 c128 c128 x    c128 x    c128 x    c128 c128 c128 c128\n";

inline int CodeOfShort(const std::string& s) {
    static const std::map<std::string, int> m = {
        {"f32", kF32}, {"f16", kF16}, {"f64", kF64}, {"bf16", kBF16}, {"s8", kS8}, {"u8", kU8},
        {"s16", kS16}, {"u16", kU16}, {"s32", kS32}, {"u32", kU32}, {"s64", kS64}, {"u64", kU64},
        {"bool", kBool}, {"c32", kC32}, {"c64", kC64}, {"c128", kC128}, {"x", -1}};
    auto it = m.find(s);
    return it == m.end() ? -2 : it->second;
}

struct Table {
    std::map<std::pair<int, int>, int> cell;  // (row dtype, column dtype) -> result (-1: cross)
    Table() {
        std::istringstream in(kTableText);
        std::string line;
        std::getline(in, line);
        std::vector<int> cols;
        {
            std::istringstream h(line);
            std::string w;
            while (h >> w) cols.push_back(CodeOfShort(w));
        }
        while (std::getline(in, line)) {
            std::istringstream r(line);
            std::string w;
            r >> w;
            const int row = CodeOfShort(w);
            for (int c : cols) {
                r >> w;
                cell[{row, c}] = CodeOfShort(w);
            }
        }
    }
};

}  // namespace detail

/// promote(a, b) by deduction table 1 (a selects the row); -1 where undefined or outside the table.
inline int Promote(int a, int b) {
    static const detail::Table t;
    auto it = t.cell.find({a, b});
    return it == t.cell.end() ? -1 : it->second;
}

/// 互转换关系.md: integers -> integers, floats, complex; floats -> floats, complex; complex -> complex;
/// bool -> integers, floats, complex; a dtype to itself always. Complex there means COMPLEX64/128.
inline bool Castable(int from, int to) {
    auto isint = [](int d) { return d == kS8 || d == kU8 || d == kS16 || d == kU16 || d == kS32 || d == kU32 ||
                                    d == kS64 || d == kU64; };
    auto isfloat = [](int d) { return d == kF16 || d == kF32 || d == kF64 || d == kBF16; };
    auto iscomplex = [](int d) { return d == kC64 || d == kC128; };
    if (from == to) return true;
    if (isint(from) || from == kBool) return isint(to) || isfloat(to) || iscomplex(to);
    if (isfloat(from)) return isfloat(to) || iscomplex(to);
    if (iscomplex(from)) return iscomplex(to);
    return false;
}

// ------------------------------------------------------------------ binary formats and rounding

/// A binary floating-point format.
struct Format {
    int precision;  // significand bits including the implicit one
    int emin;       // exponent of the smallest normal
    int emax;       // exponent of the largest finite
};
/// float32, float16 and bfloat16.
constexpr Format kFmtF32{24, -126, 127};
constexpr Format kFmtF16{11, -14, 15};
constexpr Format kFmtBF16{8, -126, 127};


/// 2^k for k in [-400, 400], exact in long double.
inline long double Pow2(int k) {
    static const std::vector<long double> table = [] {
        std::vector<long double> t(801);
        for (int i = 0; i <= 800; ++i) t[static_cast<size_t>(i)] = std::ldexp(1.0L, i - 400);
        return t;
    }();
    if (k < -400 || k > 400) return std::ldexp(1.0L, k);  // beyond the table (float64's range)
    return table[static_cast<size_t>(k + 400)];
}

/// The largest finite value of format f.
inline long double MaxFinite(const Format& f) { return (2.0L - Pow2(1 - f.precision)) * Pow2(f.emax); }

/// v (|v| < 2^62) rounded to the nearest integer, ties to even: adding and subtracting 2^63 (numbers in
/// [2^63, 2^64) have a unit in the last place of exactly 1 in the 64-bit significand) rounds |v| once, in
/// the default round-to-nearest-even mode. (Same result as nearbyintl, without its cost.)
inline long double RoundIntegerNearestEven(long double v) {
    const long double big = 9223372036854775808.0L;  // 2^63
    volatile long double up = std::fabs(v) + big;     // one rounding to an integer
    return std::copysign(up - big, v);                // exact
}

/// Rounds the exactly known value x to format f, nearest-even, with gradual underflow and overflow to inf.
inline long double RoundTo(long double x, const Format& f) {
    if (std::isnan(x) || std::isinf(x) || x == 0.0L) return x;
    const int e = std::ilogb(x);                                  // |x| in [2^e, 2^(e+1))
    if (e > f.emax) return std::copysign(HUGE_VALL, x);           // |x| >= 2^(emax+1) > MaxFinite(f)
    const int q = (e < f.emin ? f.emin : e) - (f.precision - 1);  // exponent of the last significand bit
    if (q > 400 || q < -400) std::abort();                        // outside every format used here
    const long double scaled = x * Pow2(-q);                       // exact: |scaled| < 2^precision
    long double r = RoundIntegerNearestEven(scaled) * Pow2(q);     // exact scaling back
    if (std::fabs(r) > MaxFinite(f)) r = std::copysign(HUGE_VALL, x);
    if (r == 0.0L) r = std::copysign(0.0L, x);
    return r;
}

/// float16 bits -> value.
inline long double F16Value(uint16_t h) {
    const int sign = h >> 15, exp = (h >> 10) & 31, frac = h & 1023;
    long double v;
    if (exp == 31) {
        v = frac ? NAN : HUGE_VALL;
    } else if (exp == 0) {
        v = std::ldexp(static_cast<long double>(frac), -24);
    } else {
        v = std::ldexp(static_cast<long double>(1024 + frac), exp - 25);
    }
    return sign ? -v : v;
}

/// A value already representable in float16 (or inf/NaN) -> its bits.
inline uint16_t F16Bits(long double v) {
    const uint16_t sign = std::signbit(v) ? 0x8000 : 0;
    if (std::isnan(v)) return 0x7E00;
    if (std::isinf(v)) return sign | 0x7C00;
    const long double a = std::fabs(v);
    if (a == 0.0L) return sign;
    if (a < std::ldexp(1.0L, -14)) return sign | static_cast<uint16_t>(std::ldexp(a, 24));
    const int e = std::ilogb(a);
    const long double frac = std::ldexp(a, -e) - 1.0L;  // in [0, 1)
    return sign | static_cast<uint16_t>((e + 15) << 10) | static_cast<uint16_t>(std::ldexp(frac, 10));
}

/// bfloat16 bits -> value (the upper half of a float32).
inline long double BF16Value(uint16_t b) {
    const uint32_t u = static_cast<uint32_t>(b) << 16;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

/// A value already representable in bfloat16 (or inf/NaN) -> its bits.
inline uint16_t BF16Bits(long double v) {
    if (std::isnan(v)) return 0x7FC0;
    const float f = static_cast<float>(v);  // exact: v is a bfloat16 value
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return static_cast<uint16_t>(u >> 16);
}

/// The format of promoted dtype p (FLOAT16, BF16, otherwise FLOAT).
inline const Format& FormatOf(int p) { return p == kF16 ? kFmtF16 : (p == kBF16 ? kFmtBF16 : kFmtF32); }

/// Reads one element of dtype d at p as an exact value (float formats widen exactly; integers are exact in
/// long double). Only the dtypes an accepted call can have as inputs.
inline long double ReadValue(const uint8_t* p, int d) {
    switch (d) {
        case kF32: { float v; std::memcpy(&v, p, 4); return v; }
        case kF16: { uint16_t h; std::memcpy(&h, p, 2); return F16Value(h); }
        case kBF16: { uint16_t h; std::memcpy(&h, p, 2); return BF16Value(h); }
        case kS8: { int8_t v; std::memcpy(&v, p, 1); return v; }
        case kU8: return *p;
        case kS16: { int16_t v; std::memcpy(&v, p, 2); return v; }
        case kU16: { uint16_t v; std::memcpy(&v, p, 2); return v; }
        case kS32: { int32_t v; std::memcpy(&v, p, 4); return v; }
        case kU32: { uint32_t v; std::memcpy(&v, p, 4); return v; }
        case kS64: { int64_t v; std::memcpy(&v, p, 8); return static_cast<long double>(v); }
        case kU64: { uint64_t v; std::memcpy(&v, p, 8); return static_cast<long double>(v); }
        case kBool: return *p != 0 ? 1.0L : 0.0L;
        default: return NAN;
    }
}

/// Writes v (a value of P) to an output element of dtype d: exact widening, RNE narrowing, complex (v, 0).
inline void WriteValue(uint8_t* p, int d, long double v) {
    switch (d) {
        case kF32: { const float f = static_cast<float>(RoundTo(v, kFmtF32)); std::memcpy(p, &f, 4); break; }
        case kF16: { const uint16_t h = F16Bits(RoundTo(v, kFmtF16)); std::memcpy(p, &h, 2); break; }
        case kBF16: { const uint16_t h = BF16Bits(RoundTo(v, kFmtBF16)); std::memcpy(p, &h, 2); break; }
        case kF64: { const double x = static_cast<double>(v); std::memcpy(p, &x, 8); break; }
        case kC64: { const float c[2] = {static_cast<float>(v), 0.0f}; std::memcpy(p, c, 8); break; }
        case kC128: { const double c[2] = {static_cast<double>(v), 0.0}; std::memcpy(p, c, 16); break; }
        default: break;
    }
}

// ------------------------------------------------------------------ profiles

/// The product profiles of SPEC 5.2 (kAllProfiles: every one, the default Ascend 950 first).
enum class Profile { kAscend950, kAscend910B, kAscend910_93, kAscend910, kAscend310P };
constexpr Profile kAllProfiles[] = {Profile::kAscend950, Profile::kAscend910B, Profile::kAscend910_93,
                                    Profile::kAscend910, Profile::kAscend310P};
/// The number of profiles in kAllProfiles.
constexpr int kNumProfiles = static_cast<int>(sizeof kAllProfiles / sizeof kAllProfiles[0]);

/// The profile's ACLCPU_SOC_VERSION / "soc_version" key.
inline const char* ProfileKey(Profile p) {
    switch (p) {
        case Profile::kAscend950: return "Ascend950";
        case Profile::kAscend910B: return "Ascend910B";
        case Profile::kAscend910_93: return "Ascend910_93";
        case Profile::kAscend910: return "Ascend910";
        case Profile::kAscend310P: return "Ascend310P";
    }
    return "?";
}

/// The profile aclrtGetSocName() reports (SPEC 2: "Ascend950PR_9599", "Ascend910B1", "Ascend910_9391",
/// "Ascend910A", "Ascend310P3"); Ascend 950 when the name is unknown or null.
inline Profile ProfileFromSocName(const char* name) {
    const std::string n = name != nullptr ? name : "";
    if (n.rfind("Ascend910B", 0) == 0) return Profile::kAscend910B;
    if (n.rfind("Ascend910_93", 0) == 0) return Profile::kAscend910_93;
    if (n.rfind("Ascend910", 0) == 0) return Profile::kAscend910;
    if (n.rfind("Ascend310P", 0) == 0) return Profile::kAscend310P;
    return Profile::kAscend950;
}

/// Whether BFLOAT16 is in the profile's support list (SPEC 4 step 4).
inline bool SupportsBF16(Profile p) { return p == Profile::kAscend950 || p == Profile::kAscend910B ||
                                             p == Profile::kAscend910_93; }
/// Whether the profile models the arch35 kernel (Ascend 950): its sign rule and sequential mean factor.
inline bool IsArch35(Profile p) { return p == Profile::kAscend950; }

/// The sign of (s - t) as the profile's kernel takes it: -1, 0 or 1.
inline int SignOf(Profile prof, long double s, long double t) {
    if (IsArch35(prof)) return s < t ? -1 : (s > t ? 1 : 0);  // NaN -> 0
    return s != t ? (s > t ? 1 : -1) : 0;                      // NaN -> -1
}

/// The mean factor of the profile for broadcast shape b.
inline float MeanFactor(Profile prof, const std::vector<int64_t>& b) {
    if (IsArch35(prof)) {
        float r = 1.0f;
        if (b.empty()) return r / 1.0f;
        for (int64_t d : b) r = r / static_cast<float>(d);  // float32 division, correctly rounded
        return r;
    }
    long double n = 1;
    for (int64_t d : b) n *= d;
    return static_cast<float>(1.0 / static_cast<double>(n));
}

// ------------------------------------------------------------------ tensors and the first phase

/// A tensor argument as the model sees it. data points at a host snapshot of the bytes at tensorData.
struct View {
    bool null = false;
    int dtype = kF32;
    std::vector<int64_t> shape, strides;
    int64_t offset = 0;
    std::vector<int64_t> storage;
    const uint8_t* data = nullptr;
    int format = 2;  ///< the aclFormat value (ND unless a caller says otherwise; the models that check it)
};

/// The element count of shape s (1 for 0-d).
inline int64_t NumelOf(const std::vector<int64_t>& s) {
    int64_t n = 1;
    for (int64_t d : s) n *= d;
    return n;
}

/// Element index (in elements from tensorData) of multi-index idx of a view.
inline int64_t ElementIndex(const View& v, const std::vector<int64_t>& idx) {
    int64_t e = v.offset;
    for (size_t k = 0; k < idx.size(); ++k) e += idx[k] * v.strides[k];
    return e;
}

/// Calls fn(idx) for every multi-index of shape, row-major.
template <typename Fn>
void ForEachIndex(const std::vector<int64_t>& shape, Fn&& fn) {
    if (NumelOf(shape) == 0) return;
    std::vector<int64_t> idx(shape.size(), 0);
    for (;;) {
        fn(idx);
        size_t k = shape.size();
        for (;;) {
            if (k == 0) return;
            --k;
            if (++idx[k] < shape[k]) break;
            idx[k] = 0;
        }
    }
}

/// Whether the element count of shape s fits int64_t (always when a dim is 0).
inline bool CountFits(const std::vector<int64_t>& s) {
    for (int64_t d : s) {
        if (d == 0) return true;
    }
    int64_t p = 1;
    for (int64_t d : s) {
        if (__builtin_mul_overflow(p, d, &p)) return false;
    }
    return true;
}

/// NumPy broadcast of shapes a and b into *out (right-aligned; equal or 1); false when incompatible. Its
/// element count may not fit int64_t (BroadcastShapes refuses that).
inline bool BroadcastDims(const std::vector<int64_t>& a, const std::vector<int64_t>& b, std::vector<int64_t>* out) {
    const size_t n = std::max(a.size(), b.size());
    std::vector<int64_t> r(n);
    for (size_t i = 0; i < n; ++i) {  // i counts from the right
        const int64_t x = i < a.size() ? a[a.size() - 1 - i] : 1;
        const int64_t y = i < b.size() ? b[b.size() - 1 - i] : 1;
        int64_t d;
        if (x == y) d = x;
        else if (x == 1) d = y;
        else if (y == 1) d = x;
        else return false;
        r[n - 1 - i] = d;
    }
    *out = r;
    return true;
}

/// NumPy broadcast of shapes a and b into *out; false when incompatible, or when the broadcast shape's element
/// count does not fit int64_t: the library's first phase refuses that shape too (161002, beyond CANN: valid
/// views without data such as [2^40, 1] and [1, 2^40]; engine::BroadcastShape::CountFits).
inline bool BroadcastShapes(const std::vector<int64_t>& a, const std::vector<int64_t>& b, std::vector<int64_t>* out) {
    return BroadcastDims(a, b, out) && CountFits(*out);
}

/// The first phase's verdict and, when it accepts, what the second phase needs.
struct Decision {
    int status = 0;  // 0, 161001 or 161002
    std::string why;
    int promote = -1;
    std::vector<int64_t> b;
    float r = 1.0f;
    bool empty = false;
};

/// ACLNN_ERR_PARAM_NULLPTR and ACLNN_ERR_PARAM_INVALID.
constexpr int kNullptr = 161001;
constexpr int kInvalid = 161002;

/// The dtype step of the first phase (SPEC 4 step 4): the promoted dtype P of (gradOutput, self, target) when
/// it is defined, castable to gradInput's dtype `out` and in the profile's support list; otherwise -1, with
/// the failing rule in *why when why is not null.
inline int PromoteFor(Profile prof, int go, int self, int target, int out, std::string* why = nullptr) {
    auto fail = [&](const char* rule) {
        if (why != nullptr) *why = rule;
        return -1;
    };
    const int p1 = Promote(go, self);
    if (p1 < 0) return fail("promote(gradOutput, self)");
    const int p = Promote(target, p1);
    if (p < 0) return fail("promote(target, p1)");
    if (!Castable(p, out)) return fail("cast to gradInput dtype");
    const bool supported = p == kF32 || p == kF16 || (p == kBF16 && SupportsBF16(prof));
    if (!supported) return fail("promote type not in the profile's support list");
    return p;
}

/// The first phase's decision (SPEC 4, with the BEYOND checks of SPEC 3 and 4.6).
inline Decision Decide(Profile prof, const View& go, const View& self, const View& target, int64_t reduction,
                       const View& out) {
    Decision d;
    auto fail = [&](int code, const std::string& why) {
        d.status = code;
        d.why = why;
        return d;
    };
    if (go.null || self.null || target.null || out.null) return fail(kNullptr, "null tensor");
    if (reduction < 0 || reduction > 2) return fail(kInvalid, "reduction");
    std::string why;
    const int p = PromoteFor(prof, go.dtype, self.dtype, target.dtype, out.dtype, &why);
    if (p < 0) return fail(kInvalid, why);
    for (const View* v : {&self, &target, &go, &out}) {
        if (v->shape.size() > 8) return fail(kInvalid, "more than 8 dims");
    }
    std::vector<int64_t> b1, b;
    if (!BroadcastShapes(self.shape, go.shape, &b1)) return fail(kInvalid, "broadcast(self, gradOutput)");
    if (!BroadcastShapes(target.shape, b1, &b)) return fail(kInvalid, "broadcast(target, b1)");
    if (out.shape != b) return fail(kInvalid, "gradInput shape != broadcast shape");
    for (const View* v : {&go, &self, &target, &out}) {
        if (NumelOf(v->shape) == 0) continue;
        int64_t last = v->offset;
        for (size_t k = 0; k < v->shape.size(); ++k) last += (v->shape[k] - 1) * v->strides[k];
        if (last >= NumelOf(v->storage)) return fail(kInvalid, "view outside its storage shape");
    }
    {
        std::vector<int64_t> at;
        ForEachIndex(out.shape, [&](const std::vector<int64_t>& idx) { at.push_back(ElementIndex(out, idx)); });
        std::sort(at.begin(), at.end());
        if (std::adjacent_find(at.begin(), at.end()) != at.end()) {
            return fail(kInvalid, "gradInput maps two indices to one element");
        }
    }
    d.promote = p;
    d.b = b;
    d.empty = NumelOf(self.shape) == 0 || NumelOf(go.shape) == 0 || NumelOf(target.shape) == 0;
    d.r = reduction == 1 ? MeanFactor(prof, b) : 1.0f;
    return d;
}

/// The multi-index of a right-aligned operand of shape `shape` for broadcast index idx.
inline std::vector<int64_t> OperandIndex(const std::vector<int64_t>& shape, const std::vector<int64_t>& idx) {
    std::vector<int64_t> r(shape.size());
    const size_t lead = idx.size() - shape.size();
    for (size_t k = 0; k < shape.size(); ++k) r[k] = shape[k] == 1 ? 0 : idx[lead + k];
    return r;
}

/// One element of SPEC 5.1: inputs already read as exact values of their own dtypes.
inline long double ElementResult(Profile prof, int P, float r, long double g_in, long double s_in, long double t_in) {
    const Format& fp = FormatOf(P);
    const long double g = RoundTo(g_in, fp), s = RoundTo(s_in, fp), t = RoundTo(t_in, fp);
    const int sign = SignOf(prof, s, t);
    const long double gr = RoundTo(g * static_cast<long double>(r), kFmtF32);  // float32 product (exact, then RNE)
    const long double y32 = RoundTo(static_cast<long double>(sign) * gr, kFmtF32);  // 0*inf = NaN; -1*+0 = -0
    return RoundTo(y32, fp);
}

/// Element index of the right-aligned operand v for broadcast index idx (size-1 dims contribute nothing).
inline int64_t BroadcastElementIndex(const View& v, const std::vector<int64_t>& idx) {
    int64_t e = v.offset;
    const size_t lead = idx.size() - v.shape.size();
    for (size_t k = 0; k < v.shape.size(); ++k) {
        if (v.shape[k] != 1) e += idx[lead + k] * v.strides[k];
    }
    return e;
}

/// The second phase: writes every element of out's view into out_bytes (a copy of the bytes at out's
/// tensorData), reading the inputs from their snapshots (out-of-place semantics).
inline void Compute(Profile prof, const Decision& d, const View& go, const View& self, const View& target,
                    const View& out, uint8_t* out_bytes) {
    if (d.status != 0 || d.empty) return;
    const size_t gsz = DtSize(go.dtype), ssz = DtSize(self.dtype), tsz = DtSize(target.dtype), osz = DtSize(out.dtype);
    ForEachIndex(d.b, [&](const std::vector<int64_t>& idx) {
        const long double g = ReadValue(go.data + BroadcastElementIndex(go, idx) * gsz, go.dtype);
        const long double s = ReadValue(self.data + BroadcastElementIndex(self, idx) * ssz, self.dtype);
        const long double t = ReadValue(target.data + BroadcastElementIndex(target, idx) * tsz, target.dtype);
        const long double y = ElementResult(prof, d.promote, d.r, g, s, t);
        WriteValue(out_bytes + ElementIndex(out, idx) * osz, out.dtype, y);
    });
}

/// Whether two output elements of dtype d are the same result: bit for bit, except that any NaN equals any
/// NaN (in the real part; the imaginary part is compared bit for bit).
inline bool SameResult(int d, const uint8_t* a, const uint8_t* b) {
    switch (d) {
        case kF32: {
            float x, y;
            std::memcpy(&x, a, 4);
            std::memcpy(&y, b, 4);
            if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
            return std::memcmp(a, b, 4) == 0;
        }
        case kF16: {
            uint16_t x, y;
            std::memcpy(&x, a, 2);
            std::memcpy(&y, b, 2);
            const bool nx = (x & 0x7FFF) > 0x7C00, ny = (y & 0x7FFF) > 0x7C00;
            return nx || ny ? nx && ny : x == y;
        }
        case kBF16: {
            uint16_t x, y;
            std::memcpy(&x, a, 2);
            std::memcpy(&y, b, 2);
            const bool nx = (x & 0x7FFF) > 0x7F80, ny = (y & 0x7FFF) > 0x7F80;
            return nx || ny ? nx && ny : x == y;
        }
        case kF64: {
            double x, y;
            std::memcpy(&x, a, 8);
            std::memcpy(&y, b, 8);
            if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
            return std::memcmp(a, b, 8) == 0;
        }
        case kC64: return SameResult(kF32, a, b) && std::memcmp(a + 4, b + 4, 4) == 0;
        case kC128: return SameResult(kF64, a, b) && std::memcmp(a + 8, b + 8, 8) == 0;
        default: return std::memcmp(a, b, DtSize(d)) == 0;
    }
}

}  // namespace l1ref
