// op::fp16_t and op::Float4E2M1 (include/aclnn/opdev/): CANN's host-side value types of libnnopbase, which
// CANN's example programs use to fill and read FLOAT16 and FLOAT4_E2M1 buffers. The rules are in the headers.
#include "aclnn/opdev/float4_e2m1.h"
#include "aclnn/opdev/fp16_t.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "common/half.h"

namespace op {
namespace {

uint16_t NanBits(bool negative) { return static_cast<uint16_t>((negative ? 0x8000u : 0u) | 0x7FFFu); }

// double -> float rounded to odd (toward zero, the last bit set when inexact): rounding that float to binary16
// to nearest even then equals rounding the double directly (float keeps more than 11 + 2 bits).
float RoundToOddFloat(double d) {
    float f = static_cast<float>(d);
    if (static_cast<double>(f) == d || std::isinf(f)) return f;  // exact, or far beyond binary16's range
    if (std::fabs(static_cast<double>(f)) > std::fabs(d)) f = std::nextafter(f, 0.0f);
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    u |= 1u;
    std::memcpy(&f, &u, sizeof f);
    return f;
}

// Round to nearest, ties to even, then saturate to [lo, hi]; NaN -> 0.
template <typename I>
I ToInt(uint16_t bits) {
    const double v = aclcpu::HalfToFloat(bits);
    if (std::isnan(v)) return 0;
    const double r = std::nearbyint(v);  // the default rounding mode: to nearest, ties to even
    if (r <= static_cast<double>(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
    if (r >= static_cast<double>(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
    return static_cast<I>(r);
}

double Value(uint16_t bits) { return aclcpu::HalfToFloat(bits); }

}  // namespace

uint16_t fp16_t::FromFloat(float f) {
    if (std::isnan(f)) return NanBits(std::signbit(f));
    return aclcpu::FloatToHalf(f);
}

uint16_t fp16_t::FromDouble(double d) {
    if (std::isnan(d)) return NanBits(std::signbit(d));
    return aclcpu::FloatToHalf(RoundToOddFloat(d));
}

// The exact sum, difference and product of two binary16 values fit a double; the quotient rounded to double
// and then to binary16 is the correctly rounded quotient (53 >= 2 * 11 + 2).
fp16_t fp16_t::operator+(const fp16_t fp) { return fp16_t(FromDouble(Value(val) + Value(fp.val))); }
fp16_t fp16_t::operator-(const fp16_t fp) { return fp16_t(FromDouble(Value(val) - Value(fp.val))); }
fp16_t fp16_t::operator*(const fp16_t fp) { return fp16_t(FromDouble(Value(val) * Value(fp.val))); }
fp16_t fp16_t::operator/(const fp16_t fp) { return fp16_t(FromDouble(Value(val) / Value(fp.val))); }
fp16_t fp16_t::operator+=(const fp16_t fp) { return *this = *this + fp; }
fp16_t fp16_t::operator-=(const fp16_t fp) { return *this = *this - fp; }
fp16_t fp16_t::operator*=(const fp16_t fp) { return *this = *this * fp; }
fp16_t fp16_t::operator/=(const fp16_t fp) { return *this = *this / fp; }

bool fp16_t::operator==(const fp16_t& fp) const { return Value(val) == Value(fp.val); }
bool fp16_t::operator!=(const fp16_t& fp) const { return !(*this == fp); }
bool fp16_t::operator>(const fp16_t& fp) const { return Value(val) > Value(fp.val); }
bool fp16_t::operator>=(const fp16_t& fp) const { return Value(val) >= Value(fp.val); }
bool fp16_t::operator<(const fp16_t& fp) const { return Value(val) < Value(fp.val); }
bool fp16_t::operator<=(const fp16_t& fp) const { return Value(val) <= Value(fp.val); }

fp16_t& fp16_t::operator=(const fp16_t& fp) {
    val = fp.val;
    return *this;
}
fp16_t& fp16_t::operator=(const float& fVal) {
    val = FromFloat(fVal);
    return *this;
}
fp16_t& fp16_t::operator=(const double& dVal) {
    val = FromDouble(dVal);
    return *this;
}
fp16_t& fp16_t::operator=(const int8_t& iVal) { return *this = static_cast<double>(iVal); }
fp16_t& fp16_t::operator=(const uint8_t& uiVal) { return *this = static_cast<double>(uiVal); }
fp16_t& fp16_t::operator=(const int16_t& iVal) { return *this = static_cast<double>(iVal); }
fp16_t& fp16_t::operator=(const uint16_t& uiVal) { return *this = static_cast<double>(uiVal); }
fp16_t& fp16_t::operator=(const int32_t& iVal) { return *this = static_cast<double>(iVal); }
fp16_t& fp16_t::operator=(const uint32_t& uiVal) { return *this = static_cast<double>(uiVal); }
fp16_t& fp16_t::operator=(const int64_t& iVal) { return *this = static_cast<double>(iVal); }
fp16_t& fp16_t::operator=(const uint64_t& uiVal) { return *this = static_cast<double>(uiVal); }

fp16_t::operator float() const { return aclcpu::HalfToFloat(val); }
fp16_t::operator double() const { return aclcpu::HalfToFloat(val); }
fp16_t::operator int8_t() const { return ToInt<int8_t>(val); }
fp16_t::operator uint8_t() const { return ToInt<uint8_t>(val); }
fp16_t::operator int16_t() const { return ToInt<int16_t>(val); }
fp16_t::operator uint16_t() const { return ToInt<uint16_t>(val); }
fp16_t::operator int32_t() const { return ToInt<int32_t>(val); }
fp16_t::operator uint32_t() const { return ToInt<uint32_t>(val); }
fp16_t::operator int64_t() const { return ToInt<int32_t>(val); }
fp16_t::operator uint64_t() const { return ToInt<uint32_t>(val); }
fp16_t::operator bool() const { return val != 0; }

int fp16_t::IsInf() {
    if ((val & 0x7FFFu) != 0x7C00u) return 0;
    return (val & 0x8000u) != 0 ? -1 : 1;
}
float fp16_t::toFloat() { return static_cast<float>(*this); }
double fp16_t::toDouble() { return static_cast<double>(*this); }
int8_t fp16_t::toInt8() { return static_cast<int8_t>(*this); }
uint8_t fp16_t::toUInt8() { return static_cast<uint8_t>(*this); }
int16_t fp16_t::toInt16() { return static_cast<int16_t>(*this); }
uint16_t fp16_t::toUInt16() { return static_cast<uint16_t>(*this); }
int32_t fp16_t::toInt32() { return static_cast<int32_t>(*this); }
uint32_t fp16_t::toUInt32() { return static_cast<uint32_t>(*this); }

// ---- FLOAT4_E2M1: CANN's host conversion (the header says how it differs from round to nearest even)
Float4E2M1::Float4E2M1(float v) : value(FloatToFloat4E2M1(v).value) {}
Float4E2M1::operator float() const { return Float4E2M1ToFloat(*this); }
Float4E2M1::operator double() const { return Float4E2M1ToFloat(*this); }

Float4E2M1 Float4E2M1::FloatToFloat4E2M1(float f) {
    if (std::isnan(f)) return Float4E2M1(0x07, FromBits());  // +6
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    const uint8_t sign = static_cast<uint8_t>((u >> 31) << 3);
    uint32_t exp = (u >> 23) & 0xFFu;
    uint32_t man = u & 0x7FFFFFu;
    if (exp == 0 && man == 0) return Float4E2M1(sign, FromBits());
    if (exp == 0xFFu) return Float4E2M1(static_cast<uint8_t>(sign | 0x07), FromBits());  // +-inf: +-6
    int32_t e = static_cast<int32_t>(exp) - 127 + 1;  // E2M1's biased exponent of the value's binade
    if (exp == 0) {                                    // a float subnormal: normalise (far below E2M1's range)
        e = 1 - 127 + 1;
        while ((man & 0x800000u) == 0) {
            man <<= 1;
            --e;
        }
        man &= 0x7FFFFFu;
    }
    // one mantissa bit, to nearest, ties to even, at the value's own exponent
    uint32_t m = man >> 22;
    const bool round = ((man >> 21) & 1u) != 0;
    const bool sticky = (man & ((1u << 21) - 1u)) != 0;
    if (round && (sticky || (m & 1u) != 0)) {
        if (++m > 1u) {
            m = 0;
            ++e;
        }
    }
    if (e <= 0) {  // below the normal range: shifted into the subnormal code, the shifted-out bits dropped
        if (e < -1) return Float4E2M1(sign, FromBits());
        m = (m | 2u) >> (1 - e);
        e = 0;
    } else if (e >= 4) {
        return Float4E2M1(static_cast<uint8_t>(sign | 0x07), FromBits());  // saturated: +-6
    }
    return Float4E2M1(static_cast<uint8_t>(sign | (static_cast<uint32_t>(e) << 1) | (m & 1u)), FromBits());
}

float Float4E2M1::Float4E2M1ToFloat(Float4E2M1 fp4) {
    static const float kMagnitude[8] = {0.0f, 0.5f, 1.0f, 1.5f, 2.0f, 3.0f, 4.0f, 6.0f};
    const float m = kMagnitude[fp4.value & 0x07];
    return (fp4.value & 0x08) != 0 ? -m : m;
}

}  // namespace op
