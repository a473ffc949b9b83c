// include/aclnn/opdev/fp16_t.h and float4_e2m1.h: CANN's host-side value types (libnnopbase), as CANN's example
// programs use them. fp16_t against the runtime's aclFloatToFloat16 / aclFloat16ToFloat (round to nearest even)
// over every binary16 value, midpoints and doubles; Float4E2M1 against CANN's host rule (the header's file
// comment), restated here over a grid of floats from its definition, not from the implementation.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "acl/acl.h"
#include "aclnn/opdev/float4_e2m1.h"
#include "aclnn/opdev/fp16_t.h"

namespace {

bool IsNanBits(uint16_t h) { return (h & 0x7C00u) == 0x7C00u && (h & 0x3FFu) != 0; }

TEST(OpdevFp16, EveryValueRoundTripsThroughFloatAndDouble) {
    for (uint32_t b = 0; b < 0x10000u; ++b) {
        const uint16_t h = static_cast<uint16_t>(b);
        const op::fp16_t x(h);  // from the bits
        ASSERT_EQ(x.val, h);
        const float f = static_cast<float>(x);
        if (IsNanBits(h)) {
            ASSERT_TRUE(std::isnan(f));
            ASSERT_TRUE(op::isnan(x));
            ASSERT_EQ(op::fp16_t(f).val & 0x7FFFu, 0x7FFFu);  // CANN's NaN
            continue;
        }
        ASSERT_FALSE(op::isnan(x));
        if ((h & 0x7FFFu) == 0x7C00u) {  // +-inf (aclFloat16ToFloat saturates it to +-65536, as CANN's)
            ASSERT_TRUE(std::isinf(f));
            ASSERT_EQ(std::signbit(f), (h & 0x8000u) != 0);
        } else {
            ASSERT_EQ(f, aclFloat16ToFloat(h)) << std::hex << b;
        }
        ASSERT_EQ(op::fp16_t(f).val, h) << std::hex << b;
        ASSERT_EQ(op::fp16_t(static_cast<double>(f)).val, h) << std::hex << b;
        ASSERT_EQ(static_cast<double>(x), static_cast<double>(f));
    }
}

TEST(OpdevFp16, FloatsAndDoublesRoundToNearestEven) {
    // between every pair of neighbouring finite positive binary16 values: the midpoint, and just off it
    for (uint32_t b = 0; b < 0x7BFFu; ++b) {
        const double lo = aclFloat16ToFloat(static_cast<uint16_t>(b));
        const double hi = aclFloat16ToFloat(static_cast<uint16_t>(b + 1));
        const double mid = (lo + hi) / 2;
        const uint16_t even = (b & 1u) == 0 ? static_cast<uint16_t>(b) : static_cast<uint16_t>(b + 1);
        ASSERT_EQ(op::fp16_t(mid).val, even) << b;
        ASSERT_EQ(op::fp16_t(static_cast<float>(mid)).val, even) << b;
        const double above = mid + (hi - lo) * 1e-9;  // a double just above the midpoint: not a float
        ASSERT_EQ(op::fp16_t(above).val, b + 1) << b;
        ASSERT_EQ(op::fp16_t(-above).val, (b + 1) | 0x8000u) << b;
        ASSERT_EQ(op::fp16_t(static_cast<float>(mid) + 0.0f).val, aclFloatToFloat16(static_cast<float>(mid)));
    }
    EXPECT_EQ(op::fp16_t(65520.0).val, 0x7C00u);  // rounds beyond the largest finite value: inf
    EXPECT_EQ(op::fp16_t(65519.0).val, 0x7BFFu);
    EXPECT_EQ(op::fp16_t(-1e300).val, 0xFC00u);
    EXPECT_EQ(op::fp16_t(std::numeric_limits<double>::infinity()).val, 0x7C00u);
    EXPECT_EQ(op::fp16_t(1e-300).val, 0u);
    EXPECT_EQ(op::fp16_t(-1e-300).val, 0x8000u);
    EXPECT_EQ(op::fp16_t(std::ldexp(1.0, -24)).val, 1u);  // the smallest subnormal
    EXPECT_EQ(op::fp16_t(std::ldexp(1.0, -25)).val, 0u);  // half of it: a tie, to even (0)
    EXPECT_EQ(op::fp16_t(std::ldexp(1.0, -25) * (1 + 1e-12)).val, 1u);
}

TEST(OpdevFp16, IntegersArithmeticComparisonsAndConversions) {
    EXPECT_EQ(op::fp16_t(1).val, 0x3C00u);
    EXPECT_EQ(op::fp16_t(1.0).val, 0x3C00u);
    EXPECT_EQ(op::fp16_t(uint16_t(0x3C00)).val, 0x3C00u);  // bits, as CANN's constructor
    op::fp16_t a;
    a = uint16_t(2);  // the value, as CANN's operator=
    EXPECT_EQ(a.val, 0x4000u);
    a = int64_t(2049);  // 2049 is a tie between 2048 and 2050: to even
    EXPECT_EQ(static_cast<float>(a), 2048.0f);
    std::vector<op::fp16_t> v(4, 1.0);
    EXPECT_EQ(static_cast<float>(v[3]), 1.0f);
    op::fp16_t x(1.5), y(0.25);
    EXPECT_EQ(static_cast<float>(x + y), 1.75f);
    EXPECT_EQ(static_cast<float>(x - y), 1.25f);
    EXPECT_EQ(static_cast<float>(x * y), 0.375f);
    EXPECT_EQ(static_cast<float>(x / op::fp16_t(3.0)), static_cast<float>(op::fp16_t(0.5)));
    EXPECT_EQ((op::fp16_t(1.0) / op::fp16_t(3.0)).val, op::fp16_t(1.0 / 3.0).val);  // one rounding
    EXPECT_EQ((op::fp16_t(2048.0) + op::fp16_t(1.0)).val, op::fp16_t(2048.0).val);  // tie to even
    EXPECT_EQ((op::fp16_t(2048.0) + op::fp16_t(3.0)).val, op::fp16_t(2052.0).val);
    op::fp16_t z(1.0);
    z += op::fp16_t(1.0);
    EXPECT_EQ(static_cast<float>(z), 2.0f);
    EXPECT_TRUE(op::fp16_t(0.0) == op::fp16_t(-0.0));
    EXPECT_TRUE(op::fp16_t(1.0) < op::fp16_t(2.0));
    EXPECT_FALSE(op::fp16_t(uint16_t(0x7E00)) == op::fp16_t(uint16_t(0x7E00)));  // NaN is unordered
    EXPECT_EQ(static_cast<int32_t>(op::fp16_t(2.5)), 2);   // to nearest, ties to even
    EXPECT_EQ(static_cast<int32_t>(op::fp16_t(3.5)), 4);
    EXPECT_EQ(static_cast<int32_t>(op::fp16_t(-2.75)), -3);
    EXPECT_EQ(static_cast<int8_t>(op::fp16_t(300.0)), 127);  // saturated
    EXPECT_EQ(static_cast<int8_t>(op::fp16_t(-300.0)), -128);
    EXPECT_EQ(static_cast<uint8_t>(op::fp16_t(-3.0)), 0);
    EXPECT_EQ(static_cast<uint32_t>(op::fp16_t(uint16_t(0x7C00))), std::numeric_limits<uint32_t>::max());
    EXPECT_EQ(static_cast<int32_t>(op::fp16_t(uint16_t(0x7E00))), 0);  // NaN
    EXPECT_EQ(op::fp16_t(uint16_t(0x7C00)).IsInf(), 1);
    EXPECT_EQ(op::fp16_t(uint16_t(0xFC00)).IsInf(), -1);
    EXPECT_EQ(op::fp16_t(1.0).IsInf(), 0);
    EXPECT_FALSE(static_cast<bool>(op::fp16_t(0.0)));
    EXPECT_TRUE(static_cast<bool>(op::fp16_t(-0.0)));  // CANN's: any bit set
}

// CANN's host rule for float -> E2M1, restated: the binade's exponent e (E2M1 bias 1), one mantissa bit rounded
// to nearest even there; below the normal range (e <= 0) the code is shifted into the subnormal, bits dropped.
double E2M1Rule(double x) {
    if (std::isnan(x)) return 6.0;
    const double a = std::fabs(x);
    const double s = std::signbit(x) ? -1.0 : 1.0;
    if (a == 0) return s * 0.0;
    if (std::isinf(a)) return s * 6.0;
    int ex;
    std::frexp(a, &ex);  // a = f * 2^ex, f in [0.5, 1): binade exponent ex - 1
    const double step = std::ldexp(1.0, ex - 2);  // the spacing with one mantissa bit in this binade
    double r = std::nearbyint(a / step) * step;  // to nearest, ties to even (of a / step, i.e. the mantissa bit)
    if (r >= 8.0) return s * 6.0;
    if (r > 6.0) return s * 6.0;
    if (r < 1.0) r = r >= 0.875 ? 1.0 : (r >= 0.5 ? 0.5 : 0.0);  // the subnormal shift: 0.5 or 0
    return s * r;
}

TEST(OpdevFloat4E2M1, DecodeEveryCode) {
    const float mags[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};
    for (uint8_t c = 0; c < 16; ++c) {
        const op::Float4E2M1 v(c, op::Float4E2M1::FromBits());
        const float f = static_cast<float>(v);
        EXPECT_EQ(std::fabs(f), mags[c & 7]);
        EXPECT_EQ(std::signbit(f), (c & 8) != 0);
        EXPECT_EQ(op::Float4E2M1(f).value, c);  // every code round-trips
    }
}

TEST(OpdevFloat4E2M1, EncodeFollowsCannsHostRule) {
    EXPECT_EQ(op::Float4E2M1(0.75f).value, 0x1);   // 0.5, where round to nearest even gives 1.0
    EXPECT_EQ(op::Float4E2M1(0.3f).value, 0x0);    // 0, where round to nearest even gives 0.5
    EXPECT_EQ(op::Float4E2M1(0.875f).value, 0x2);  // 1.0
    EXPECT_EQ(op::Float4E2M1(-0.6f).value, 0x9);   // -0.5
    EXPECT_EQ(op::Float4E2M1(5.0f).value, 0x6);    // a tie: 4 (even)
    EXPECT_EQ(op::Float4E2M1(5.5f).value, 0x7);    // 6
    EXPECT_EQ(op::Float4E2M1(100.0f).value, 0x7);  // saturated
    EXPECT_EQ(op::Float4E2M1(-std::numeric_limits<float>::infinity()).value, 0xF);
    EXPECT_EQ(op::Float4E2M1(std::nanf("")).value, 0x7);
    EXPECT_EQ(op::Float4E2M1(-0.0f).value, 0x8);
    EXPECT_EQ(op::Float4E2M1(1e-40f).value, 0x0);  // a float subnormal
    for (int i = -8000; i <= 8000; ++i) {
        const float x = static_cast<float>(i) / 1000.0f;
        const double want = E2M1Rule(x);
        const float got = static_cast<float>(op::Float4E2M1(x));
        ASSERT_EQ(got, want) << x;
        ASSERT_EQ(std::signbit(got), std::signbit(want)) << x;
    }
}

}  // namespace
