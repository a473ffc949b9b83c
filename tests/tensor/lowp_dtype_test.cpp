// src/tensor/lowp_dtype.h: the float32 <-> HIFLOAT8 / FLOAT8_E5M2 / FLOAT8_E4M3FN / FLOAT8_E8M0 / FLOAT4_E2M1 /
// FLOAT4_E1M2 / INT4 converters (docs/lowp-dtypes.md).
//
// Decode: every code of every format (256 or 16), against a value computed here from the code's fields as each
// format's definition gives them (OCP OFP8, OCP MX v1.0, arXiv 2409.16626 for HiF8, two's complement for
// INT4), plus literal constants from those texts (largest finite, smallest subnormal, specials).
// Encode: Encode(Decode(c)) == c for every non-NaN code; and Encode(x) against a brute-force reference (the
// nearest value of the format's grid found by binary search over the decoded-by-definition values, ties by
// code parity or away from zero, overflow to the format's overflow code) over: every grid point, every
// midpoint and its float neighbours, both neighbours of every grid point, 64 floats spread over each gap,
// both signs; float32 subnormals; +-0, +-inf, NaNs; the overflow boundary; and every 4093rd float32 bit
// pattern of all 2^32. The bulk functions: offsets, odd nibbles, untouched neighbours.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <limits>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "tensor/lowp_dtype.h"

namespace {

namespace lowp = aclcpu::lowp;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

double P2(int e) { return std::ldexp(1.0, e); }

uint32_t Bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    return u;
}

float FromBits(uint32_t u) {
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

// --- expected values from the bit layouts ------------------------------------------------------------------

// s | exponent field (ebits) | mantissa (mbits), bias, IEEE subnormals at exponent 0; specials left to callers.
double Minifloat(unsigned code, int ebits, int mbits, int bias) {
    const unsigned s = (code >> (ebits + mbits)) & 1u;
    const unsigned e = (code >> mbits) & ((1u << ebits) - 1u);
    const unsigned m = code & ((1u << mbits) - 1u);
    const double frac = static_cast<double>(m) / P2(mbits);
    const double v = e == 0 ? frac * P2(1 - bias) : (1.0 + frac) * P2(static_cast<int>(e) - bias);
    return s ? -v : v;
}

double ExpectE4M3FN(unsigned c) {  // OFP8: bias 7, no inf, NaN = S.1111.111
    if ((c & 0x7Fu) == 0x7Fu) return kNaN;
    return Minifloat(c, 4, 3, 7);
}

double ExpectE5M2(unsigned c) {  // OFP8: bias 15, IEEE specials at exponent 31
    if (((c >> 2) & 0x1Fu) == 0x1Fu) return (c & 3u) ? kNaN : ((c & 0x80u) ? -kInf : kInf);
    return Minifloat(c, 5, 2, 15);
}

double ExpectE8M0(unsigned c) { return c == 0xFFu ? kNaN : P2(static_cast<int>(c) - 127); }  // MX 5.4.1
double ExpectE2M1(unsigned c) { return Minifloat(c, 2, 1, 1); }                                  // MX 5.3.3
double ExpectE1M2(unsigned c) { return Minifloat(c, 1, 2, 1); }  // CANN: emax 0, 2 mantissa bits
double ExpectInt4(unsigned c) { return c < 8 ? c : static_cast<double>(c) - 16.0; }

// HiF8 (arXiv 2409.16626, section 2): read the 7 bits after the sign as a string, match the dot prefix.
double ExpectHiF8(unsigned c) {
    const bool neg = (c >> 7) != 0;
    std::string b;
    for (int i = 6; i >= 0; --i) b += ((c >> i) & 1u) ? '1' : '0';
    struct Dot {
        const char* prefix;
        int exp_width;  // -1: denormal mode
    };
    static const Dot kDots[] = {{"11", 4}, {"10", 3}, {"01", 2}, {"001", 1}, {"0001", 0}, {"0000", -1}};
    auto bin = [](const std::string& s) {
        int v = 0;
        for (char ch : s) v = v * 2 + (ch - '0');
        return v;
    };
    for (const Dot& d : kDots) {
        if (b.compare(0, std::strlen(d.prefix), d.prefix) != 0) continue;
        const std::string rest = b.substr(std::strlen(d.prefix));
        if (d.exp_width < 0) {  // denormal: 2^(M - 23); M = 0 is zero, or NaN with the sign set
            const int m = bin(rest);
            if (m == 0) return neg ? kNaN : 0.0;
            return neg ? -P2(m - 23) : P2(m - 23);
        }
        int e = 0;
        if (d.exp_width > 0) {  // sign-magnitude with an implicit leading 1 of the magnitude
            const int mag = bin("1" + rest.substr(1, d.exp_width - 1));
            e = rest[0] == '1' ? -mag : mag;
        }
        const std::string mant = rest.substr(d.exp_width);
        const int m = bin(mant);
        if (d.exp_width == 4 && e == 15 && m == 1) return neg ? -kInf : kInf;  // S.11.0111.1
        const double v = (1.0 + m / P2(static_cast<int>(mant.size()))) * P2(e);
        return neg ? -v : v;
    }
    ADD_FAILURE() << "no dot prefix for " << b;
    return kNaN;
}

// --- the formats under test -------------------------------------------------------------------------------

enum class Ties { kEven, kAway };

struct Format {
    const char* name;
    aclDataType dtype;
    unsigned codes;  // 256 or 16
    float (*decode)(uint8_t);
    uint8_t (*encode)(float);
    double (*expect)(unsigned);
    Ties ties;
    double overflow_value;   // the first grid value past the largest finite one, 0 for saturating formats
    unsigned overflow_code;  // its code (positive side; the sign bit is added for negative inputs)
    unsigned neg_sign;       // the sign bit to OR into a negative result, 0 where there is no sign bit
    bool signed_zero;
    // results for special inputs, computed by rule (not by nearness)
    unsigned pos_inf, neg_inf, nan_pos, nan_neg;
};

const Format kFormats[] = {
    {"HIFLOAT8", ACL_HIFLOAT8, 256, lowp::DecodeHiFloat8, lowp::EncodeHiFloat8, ExpectHiF8, Ties::kAway,
     49152.0, 0x6F, 0x80, false, 0x6F, 0xEF, 0x80, 0x80},
    {"FLOAT8_E5M2", ACL_FLOAT8_E5M2, 256, lowp::DecodeFloat8E5M2, lowp::EncodeFloat8E5M2, ExpectE5M2, Ties::kEven,
     65536.0, 0x7C, 0x80, true, 0x7C, 0xFC, 0x7E, 0xFE},
    {"FLOAT8_E4M3FN", ACL_FLOAT8_E4M3FN, 256, lowp::DecodeFloat8E4M3FN, lowp::EncodeFloat8E4M3FN, ExpectE4M3FN,
     Ties::kEven, 480.0, 0x7F, 0x80, true, 0x7F, 0xFF, 0x7F, 0xFF},
    {"FLOAT8_E8M0", ACL_FLOAT8_E8M0, 256, lowp::DecodeFloat8E8M0, lowp::EncodeFloat8E8M0, ExpectE8M0, Ties::kEven,
     P2(128), 0xFF, 0, false, 0xFF, 0xFF, 0xFF, 0xFF},
    {"FLOAT4_E2M1", ACL_FLOAT4_E2M1, 16, lowp::DecodeFloat4E2M1, lowp::EncodeFloat4E2M1, ExpectE2M1, Ties::kEven,
     0.0, 0, 0x8, true, 0x7, 0xF, 0x0, 0x0},
    {"FLOAT4_E1M2", ACL_FLOAT4_E1M2, 16, lowp::DecodeFloat4E1M2, lowp::EncodeFloat4E1M2, ExpectE1M2, Ties::kEven,
     0.0, 0, 0x8, true, 0x7, 0xF, 0x0, 0x0},
    {"INT4", ACL_INT4, 16, lowp::DecodeInt4, lowp::EncodeInt4, ExpectInt4, Ties::kEven, 0.0, 0, 0, false, 0x7, 0x8,
     0x0, 0x0},
};

// Failure messages name the format, not its bytes.
void PrintTo(const Format& f, std::ostream* os) { *os << f.name; }

bool SameValue(double a, double b) {
    if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
    return a == b && std::signbit(a) == std::signbit(b);
}

// Brute-force reference encoder: the grid (value, code) of every finite code plus the overflow slots,
// sorted by value; x goes to its nearest grid value.
class Reference {
public:
    explicit Reference(const Format& f) : f_(f) {
        for (unsigned c = 0; c < f.codes; ++c) {
            const double v = f.expect(c);
            if (std::isnan(v) || std::isinf(v)) continue;
            if (v == 0 && std::signbit(v)) continue;  // -0 shares the value 0; chosen by x's sign below
            grid_.push_back({v, c});
        }
        if (f.overflow_value > 0) {
            grid_.push_back({f.overflow_value, f.overflow_code});
            if (f.neg_sign) grid_.push_back({-f.overflow_value, f.overflow_code | f.neg_sign});
        }
        std::sort(grid_.begin(), grid_.end());
    }

    const std::vector<std::pair<double, unsigned>>& grid() const { return grid_; }

    unsigned Encode(float xf) const {
        const double x = xf;
        if (std::isnan(x)) return std::signbit(x) ? f_.nan_neg : f_.nan_pos;
        if (std::isinf(x)) return x > 0 ? f_.pos_inf : f_.neg_inf;
        if (f_.dtype == ACL_FLOAT8_E8M0 && x < 0) return 0xFF;  // unsigned: negative inputs are NaN
        auto hi = std::lower_bound(grid_.begin(), grid_.end(), std::make_pair(x, 0u));
        const std::pair<double, unsigned>* pick;
        if (hi == grid_.end()) {
            pick = &grid_.back();
        } else if (hi == grid_.begin() || hi->first == x) {
            pick = &*hi;
        } else {
            const auto lo = hi - 1;
            const double dlo = x - lo->first, dhi = hi->first - x;
            if (dlo < dhi) {
                pick = &*lo;
            } else if (dhi < dlo) {
                pick = &*hi;
            } else if (f_.ties == Ties::kAway) {
                pick = std::fabs(lo->first) > std::fabs(hi->first) ? &*lo : &*hi;
            } else {
                pick = (lo->second & 1u) == 0 ? &*lo : &*hi;
            }
        }
        if (pick->first == 0 && f_.signed_zero && std::signbit(x)) return pick->second | f_.neg_sign;
        return pick->second;
    }

private:
    const Format& f_;
    std::vector<std::pair<double, unsigned>> grid_;
};

std::string Hex(unsigned v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%02X", v);
    return buf;
}

class LowpFormat : public ::testing::TestWithParam<Format> {};

// Every code decodes to the value its fields define.
TEST_P(LowpFormat, DecodeEveryCode) {
    const Format& f = GetParam();
    for (unsigned c = 0; c < f.codes; ++c) {
        const double got = f.decode(static_cast<uint8_t>(c));
        EXPECT_PRED2(SameValue, got, f.expect(c)) << f.name << " code " << Hex(c);
    }
    if (f.codes == 16) {  // a 4-bit decoder reads only the low nibble
        for (unsigned c = 0; c < 256; ++c) {
            EXPECT_PRED2(SameValue, f.decode(static_cast<uint8_t>(c)), f.expect(c & 0xFu)) << f.name << Hex(c);
        }
    }
}

// Encode(Decode(c)) == c for every code that is not NaN.
TEST_P(LowpFormat, RoundTripEveryNonNanCode) {
    const Format& f = GetParam();
    int checked = 0;
    for (unsigned c = 0; c < f.codes; ++c) {
        const float v = f.decode(static_cast<uint8_t>(c));
        if (std::isnan(v)) continue;
        EXPECT_EQ(f.encode(v), c) << f.name << " code " << Hex(c) << " value " << v;
        ++checked;
    }
    EXPECT_GE(checked, static_cast<int>(f.codes) - 14);  // at most 14 NaN codes (E4M3FN 2, E5M2 6)
}

// Encode against the reference over the grid's points, midpoints, their neighbours and the gaps between.
TEST_P(LowpFormat, EncodeMatchesNearestAroundEveryGridPoint) {
    const Format& f = GetParam();
    const Reference ref(f);
    const auto& g = ref.grid();
    const float fmax = std::numeric_limits<float>::max();
    std::vector<float> xs;
    auto add = [&](double v) {
        if (std::fabs(v) > fmax) return;
        const float x = static_cast<float>(v);
        xs.push_back(x);
        xs.push_back(std::nextafter(x, std::numeric_limits<float>::infinity()));
        xs.push_back(std::nextafter(x, -std::numeric_limits<float>::infinity()));
    };
    for (size_t i = 0; i < g.size(); ++i) {
        add(g[i].first);
        if (i + 1 == g.size()) continue;
        const double a = g[i].first, b = g[i + 1].first;
        const double mid = (a + b) / 2;  // a and b have at most 4 significant bits: mid is exact, and a float
        ASSERT_EQ(static_cast<double>(static_cast<float>(mid)), mid) << f.name;
        add(mid);
        if (std::fabs(b) <= fmax && std::fabs(a) <= fmax) {  // 63 floats spread evenly over the gap
            const float fa = static_cast<float>(a), fb = static_cast<float>(b);
            for (int k = 1; k < 64; ++k) {
                const float t = fa + (fb - fa) * (static_cast<float>(k) / 64.0f);
                xs.push_back(t);
            }
        }
    }
    std::vector<float> with_neg = xs;
    for (float x : xs) with_neg.push_back(-x);
    for (float x : with_neg) {
        const unsigned want = ref.Encode(x);
        ASSERT_EQ(f.encode(x), want) << f.name << " x=" << x << " (bits " << std::hex << Bits(x) << ")";
    }
}

// Specials and edges: +-0, +-inf, NaNs, float32 subnormals, the largest floats, the overflow boundary.
TEST_P(LowpFormat, EncodeSpecialsSubnormalsAndOverflow) {
    const Format& f = GetParam();
    const Reference ref(f);
    std::vector<float> xs = {0.0f, -0.0f, std::numeric_limits<float>::infinity(),
                             -std::numeric_limits<float>::infinity(), std::numeric_limits<float>::max(),
                             -std::numeric_limits<float>::max(), std::numeric_limits<float>::min(),
                             FromBits(0x7FC00000u), FromBits(0xFFC00000u), FromBits(0x7F800001u),
                             FromBits(0xFF812345u)};
    for (uint32_t u = 1; u < 0x800000u; u += 257) {  // float32 subnormals, both signs
        xs.push_back(FromBits(u));
        xs.push_back(FromBits(u | 0x80000000u));
    }
    xs.push_back(FromBits(0x400000u));  // 2^-127 (E8M0's smallest)
    xs.push_back(FromBits(0x600000u));  // 1.5 * 2^-127
    xs.push_back(FromBits(0x600001u));
    if (f.overflow_value > 0) {  // the overflow boundary: half way from the largest finite to the overflow slot
        const auto& g = ref.grid();
        const double top = std::prev(std::lower_bound(g.begin(), g.end(), std::make_pair(f.overflow_value, 0u)))->first;
        const float edge = static_cast<float>((top + f.overflow_value) / 2);
        for (float x : {edge, std::nextafter(edge, 0.0f), std::nextafter(edge, 1e38f)}) {
            xs.push_back(x);
            xs.push_back(-x);
        }
    }
    for (float x : xs) {
        EXPECT_EQ(f.encode(x), ref.Encode(x)) << f.name << " x=" << x << " (bits " << std::hex << Bits(x) << ")";
    }
}

// Every 4093rd float32 bit pattern (about a million, all exponents, NaNs included).
TEST_P(LowpFormat, EncodeMatchesNearestOnStridedFloat32Sweep) {
    const Format& f = GetParam();
    const Reference ref(f);
    uint64_t mismatches = 0;
    for (uint64_t u = 0; u <= 0xFFFFFFFFull; u += 4093) {
        const float x = FromBits(static_cast<uint32_t>(u));
        const unsigned want = ref.Encode(x), got = f.encode(x);
        if (got != want && ++mismatches <= 5) {
            ADD_FAILURE() << f.name << " bits " << std::hex << u << " x=" << x << " got " << got << " want " << want;
        }
    }
    EXPECT_EQ(mismatches, 0u);
}

// The saturating FP8/HiF8 encoders: the reference's result, with the overflow slot (inf, or E4M3FN's NaN)
// replaced by the largest finite value of the same sign, for finite and infinite inputs; NaN unchanged.
TEST(LowpSaturating, MatchesReferenceWithOverflowClamped) {
    struct Sat {
        const Format* f;
        uint8_t (*encode_sat)(float);
        unsigned max_code;
    };
    const Sat sats[] = {{&kFormats[0], lowp::EncodeHiFloat8Sat, 0x6E},
                        {&kFormats[1], lowp::EncodeFloat8E5M2Sat, 0x7B},
                        {&kFormats[2], lowp::EncodeFloat8E4M3FNSat, 0x7E}};
    for (const Sat& s : sats) {
        const Reference ref(*s.f);
        uint64_t mismatches = 0;
        auto check = [&](float x) {
            unsigned want = ref.Encode(x);
            if (!std::isnan(x) && (want & 0x7Fu) == s.f->overflow_code) want = (want & 0x80u) | s.max_code;
            const unsigned got = s.encode_sat(x);
            if (got != want && ++mismatches <= 5) {
                ADD_FAILURE() << s.f->name << " x=" << x << " got " << Hex(got) << " want " << Hex(want);
            }
        };
        for (uint64_t u = 0; u <= 0xFFFFFFFFull; u += 65521) check(FromBits(static_cast<uint32_t>(u)));
        for (const auto& gv : ref.grid()) {
            if (std::fabs(gv.first) > std::numeric_limits<float>::max()) continue;
            const float x = static_cast<float>(gv.first);
            for (float y : {x, std::nextafter(x, 1e38f), std::nextafter(x, -1e38f)}) check(y);
        }
        for (float x : {std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity(),
                        std::numeric_limits<float>::max(), 40960.0f, 61440.0f, 464.0f, 464.5f}) {
            check(x);
            check(-x);
        }
        EXPECT_EQ(mismatches, 0u) << s.f->name;
    }
    EXPECT_EQ(lowp::EncodeFloat8E4M3FNSat(1e6f), 0x7E);
    EXPECT_EQ(lowp::EncodeFloat8E4M3FNSat(-std::numeric_limits<float>::infinity()), 0xFE);
    EXPECT_EQ(lowp::EncodeFloat8E5M2Sat(61440.0f), 0x7B);
    EXPECT_EQ(lowp::EncodeHiFloat8Sat(-40960.0f), 0xEE);
    EXPECT_EQ(lowp::EncodeHiFloat8Sat(std::numeric_limits<float>::quiet_NaN()), 0x80);
}

// Literal values from the format texts, independent of any formula above.
TEST(LowpConstants, PublishedValues) {
    // OFP8 table 1: E4M3 max 448, min subnormal 2^-9, min normal 2^-6; E5M2 max 57344, min subnormal 2^-16.
    EXPECT_EQ(lowp::DecodeFloat8E4M3FN(0x7E), 448.0f);
    EXPECT_EQ(lowp::DecodeFloat8E4M3FN(0x01), std::ldexp(1.0f, -9));
    EXPECT_EQ(lowp::DecodeFloat8E4M3FN(0x08), std::ldexp(1.0f, -6));
    EXPECT_TRUE(std::isnan(lowp::DecodeFloat8E4M3FN(0x7F)));
    EXPECT_EQ(lowp::DecodeFloat8E4M3FN(0xFE), -448.0f);
    EXPECT_EQ(lowp::DecodeFloat8E5M2(0x7B), 57344.0f);
    EXPECT_EQ(lowp::DecodeFloat8E5M2(0x01), std::ldexp(1.0f, -16));
    EXPECT_EQ(lowp::DecodeFloat8E5M2(0x7C), std::numeric_limits<float>::infinity());
    EXPECT_EQ(lowp::EncodeFloat8E4M3FN(464.0f), 0x7E);  // tie -> even (448)
    EXPECT_EQ(lowp::EncodeFloat8E4M3FN(464.5f), 0x7F);  // past: NaN (non-saturating)
    EXPECT_EQ(lowp::EncodeFloat8E5M2(61440.0f), 0x7C);  // tie between 57344 (odd) and inf (even)
    EXPECT_EQ(lowp::EncodeFloat8E5M2(61439.0f), 0x7B);
    // HiF8 paper: max 2^15, min normal 2^-15, min denormal 2^-22, one zero 0x00, NaN 0x80, inf S.11.0111.1.
    EXPECT_EQ(lowp::DecodeHiFloat8(0x6E), 32768.0f);
    EXPECT_EQ(lowp::DecodeHiFloat8(0x7E), std::ldexp(1.0f, -15));
    EXPECT_EQ(lowp::DecodeHiFloat8(0x01), std::ldexp(1.0f, -22));
    EXPECT_EQ(lowp::DecodeHiFloat8(0x07), std::ldexp(1.0f, -16));
    EXPECT_EQ(lowp::DecodeHiFloat8(0x08), 1.0f);
    EXPECT_EQ(lowp::DecodeHiFloat8(0x09), 1.125f);
    EXPECT_EQ(lowp::DecodeHiFloat8(0x10), 2.0f);
    EXPECT_EQ(lowp::DecodeHiFloat8(0x18), 0.5f);
    EXPECT_EQ(lowp::DecodeHiFloat8(0x20), 4.0f);
    EXPECT_EQ(lowp::DecodeHiFloat8(0x40), 16.0f);
    EXPECT_EQ(lowp::DecodeHiFloat8(0x60), 256.0f);
    EXPECT_EQ(lowp::DecodeHiFloat8(0xC8), -64.0f);  // 1.10.0.10.00: -(2^(4+2))
    EXPECT_EQ(lowp::DecodeHiFloat8(0x6F), std::numeric_limits<float>::infinity());
    EXPECT_EQ(lowp::DecodeHiFloat8(0xEF), -std::numeric_limits<float>::infinity());
    EXPECT_TRUE(std::isnan(lowp::DecodeHiFloat8(0x80)));
    EXPECT_EQ(lowp::EncodeHiFloat8(1.0625f), 0x09);   // tie 1 / 1.125: away from zero
    EXPECT_EQ(lowp::EncodeHiFloat8(-1.0625f), 0x89);
    EXPECT_EQ(lowp::EncodeHiFloat8(40960.0f), 0x6F);  // tie 32768 / inf slot: away -> inf
    EXPECT_EQ(lowp::EncodeHiFloat8(40959.996f), 0x6E);
    EXPECT_EQ(lowp::EncodeHiFloat8(std::ldexp(1.0f, -23)), 0x01);
    EXPECT_EQ(lowp::EncodeHiFloat8(std::nextafter(std::ldexp(1.0f, -23), 0.0f)), 0x00);
    EXPECT_EQ(lowp::EncodeHiFloat8(-0.0f), 0x00);
    // MX v1.0: E8M0 2^-127..2^127, 0xFF NaN; E2M1 max 6, min subnormal 0.5.
    EXPECT_EQ(lowp::DecodeFloat8E8M0(0x7F), 1.0f);
    EXPECT_EQ(lowp::DecodeFloat8E8M0(0x00), std::ldexp(1.0f, -127));
    EXPECT_EQ(lowp::DecodeFloat8E8M0(0xFE), std::ldexp(1.0f, 127));
    EXPECT_TRUE(std::isnan(lowp::DecodeFloat8E8M0(0xFF)));
    EXPECT_EQ(lowp::EncodeFloat8E8M0(3.0f), 0x80);  // tie 2 (0x80, even) / 4 (0x81)
    EXPECT_EQ(lowp::EncodeFloat8E8M0(6.0f), 0x82);  // tie 4 (0x81) / 8 (0x82, even)
    EXPECT_EQ(lowp::DecodeFloat4E2M1(0x7), 6.0f);
    EXPECT_EQ(lowp::DecodeFloat4E2M1(0x1), 0.5f);
    EXPECT_EQ(lowp::DecodeFloat4E2M1(0xF), -6.0f);
    EXPECT_EQ(lowp::EncodeFloat4E2M1(5.0f), 0x6);    // tie 4 (0b110, even) / 6
    EXPECT_EQ(lowp::EncodeFloat4E2M1(100.0f), 0x7);  // saturates
    EXPECT_EQ(lowp::DecodeFloat4E1M2(0x7), 1.75f);
    EXPECT_EQ(lowp::DecodeFloat4E1M2(0x1), 0.25f);
    EXPECT_EQ(lowp::DecodeFloat4E1M2(0x4), 1.0f);
    EXPECT_EQ(lowp::DecodeInt4(0x8), -8.0f);
    EXPECT_EQ(lowp::DecodeInt4(0xF), -1.0f);
    EXPECT_EQ(lowp::EncodeInt4(2.5f), 0x2);
    EXPECT_EQ(lowp::EncodeInt4(-2.5f), 0xE);
    EXPECT_EQ(lowp::EncodeInt4(-100.0f), 0x8);
}

INSTANTIATE_TEST_SUITE_P(AllFormats, LowpFormat, ::testing::ValuesIn(kFormats),
                         [](const ::testing::TestParamInfo<Format>& info) { return std::string(info.param.name); });

// --- dtype-generic helpers and the bulk functions ---------------------------------------------------------------

TEST(LowpDtype, ClassesAndStorage) {
    for (int v = 0; v <= 64; ++v) {
        const auto t = static_cast<aclDataType>(v);
        const bool lowp_expected = v == 29 || v == 34 || v == 35 || v == 36 || v == 37 || v == 40 || v == 41;
        EXPECT_EQ(lowp::IsLowPrecision(t), lowp_expected) << v;
        EXPECT_EQ(lowp::IsPacked4Bit(t), v == 29 || v == 40 || v == 41) << v;
    }
    EXPECT_EQ(lowp::StorageBytes(ACL_INT4, 5), 3u);
    EXPECT_EQ(lowp::StorageBytes(ACL_FLOAT4_E2M1, 4), 2u);
    EXPECT_EQ(lowp::StorageBytes(ACL_FLOAT4_E1M2, 1), 1u);
    EXPECT_EQ(lowp::StorageBytes(ACL_HIFLOAT8, 5), 5u);
    EXPECT_EQ(lowp::StorageBytes(ACL_FLOAT8_E8M0, 0), 0u);
    EXPECT_EQ(lowp::StorageBytes(ACL_FLOAT, 5), 0u);
    EXPECT_EQ(lowp::ByteOfElement(ACL_INT4, 7), 3);
    EXPECT_EQ(lowp::ByteOfElement(ACL_FLOAT8_E5M2, 7), 7);
    EXPECT_EQ(lowp::NibbleShift(ACL_INT4, 6), 0);
    EXPECT_EQ(lowp::NibbleShift(ACL_INT4, 7), 4);
    EXPECT_EQ(lowp::NibbleShift(ACL_FLOAT8_E4M3FN, 7), 0);
}

TEST_P(LowpFormat, BulkDecodeAndEncodeKeepNeighbours) {
    const Format& f = GetParam();
    const bool packed = f.codes == 16;
    // 40 elements of known codes; element i's code is (i * 37 + 11) mod codes.
    const int kElems = 40;
    std::vector<uint8_t> buf(packed ? kElems / 2 : kElems);
    auto code_of = [&](int i) { return static_cast<unsigned>((i * 37 + 11) % static_cast<int>(f.codes)); };
    for (int i = 0; i < kElems; ++i) {
        if (packed) {
            buf[i / 2] |= static_cast<uint8_t>(code_of(i) << ((i % 2) * 4));  // element 2k low nibble
        } else {
            buf[i] = static_cast<uint8_t>(code_of(i));
        }
    }
    for (int first : {0, 1, 2, 3, 7}) {
        const int n = kElems - first - 3;
        std::vector<float> out(n, 12345.0f);
        ASSERT_TRUE(lowp::DecodeToFloat(f.dtype, buf.data(), first, n, out.data()));
        for (int k = 0; k < n; ++k) {
            EXPECT_PRED2(SameValue, out[k], f.expect(code_of(first + k))) << f.name << " element " << first + k;
        }
    }
    // Encode a range that starts and ends on odd nibbles into a buffer of 0xA5; everything else stays.
    for (int first : {1, 2, 5}) {
        const int n = 9;
        std::vector<float> vals(n);
        for (int k = 0; k < n; ++k) vals[k] = f.decode(static_cast<uint8_t>(code_of(first + k)));
        std::vector<uint8_t> dst(buf.size(), 0xA5);
        ASSERT_TRUE(lowp::EncodeFromFloat(f.dtype, vals.data(), n, dst.data(), first));
        for (int i = 0; i < kElems; ++i) {
            const unsigned got = packed ? (dst[i / 2] >> ((i % 2) * 4)) & 0xFu : dst[i];
            const unsigned untouched = packed ? ((i % 2) ? 0xAu : 0x5u) : 0xA5u;
            if (i >= first && i < first + n) {
                if (!std::isnan(vals[i - first])) {
                    EXPECT_EQ(got, f.encode(vals[i - first])) << f.name << " element " << i;
                }
            } else {
                EXPECT_EQ(got, untouched) << f.name << " element " << i << " outside [" << first << ", +" << n << ")";
            }
        }
    }
    float one = 0.0f;
    EXPECT_TRUE(lowp::DecodeToFloat(f.dtype, nullptr, 0, 0, nullptr));  // nothing to do
    EXPECT_FALSE(lowp::DecodeToFloat(f.dtype, nullptr, 0, 1, &one));
    EXPECT_FALSE(lowp::EncodeFromFloat(f.dtype, &one, 1, nullptr, 0));
}

TEST(LowpDtype, BulkRejectsOtherDtypes) {
    uint8_t byte = 0x5A;
    float x = 1.0f;
    EXPECT_FALSE(lowp::DecodeToFloat(ACL_FLOAT16, &byte, 0, 1, &x));
    EXPECT_FALSE(lowp::EncodeFromFloat(ACL_INT8, &x, 1, &byte, 0));
    EXPECT_FALSE(lowp::EncodeFromFloat(ACL_FLOAT6_E3M2, &x, 1, &byte, 0));
    EXPECT_EQ(byte, 0x5A);
    EXPECT_EQ(x, 1.0f);
}

}  // namespace
