/*
 * aclnn/opdev/fp16_t.h - op::fp16_t, CANN's host-side IEEE binary16 value type (CANN path and name; C++ only).
 *
 * CANN's example programs fill host buffers of FLOAT16 tensors with it (std::vector<op::fp16_t> v(n, 1.0)) and
 * print results through its conversions. Names and the member list are facts of CANN (hicann/opbase
 * include/nnopbase/opdev/fp16_t.h and its API page "fp16_t"); the code is aclcpu's, in libnnopbase.
 *
 * Semantics (aclcpu; CANN's implementation agrees except where noted):
 *   - `val` holds the binary16 bits (1 sign, 5 exponent, 10 mantissa bits).
 *   - from float, double or an integer: rounded to nearest, ties to even; out of range -> +-inf; subnormal
 *     results kept; NaN -> 0x7FFF with the input's sign (CANN's float path; its double path too).
 *   - from uint16_t: the BITS (fp16_t(uint16_t(0x3C00)) is 1.0), as CANN's constructor; assigning a uint16_t
 *     with operator= converts the VALUE, as CANN's operator=.
 *   - + - * /: the exact result rounded once to binary16 (nearest, ties to even).
 *   - comparisons: IEEE (NaN unordered; +0 == -0).
 *   - to float / double: exact. To an integer type: rounded to nearest, ties to even, saturated to the type's
 *     range; NaN -> 0. int64_t / uint64_t convert through int32_t / uint32_t, as CANN's.
 * CANN's own fp16_t also declares bfloat16 conversions and mantissa helpers (ExtractFP16, ReverseMan, ...),
 * which its API page marks reserved; aclcpu leaves them out.
 */
#ifndef ACLCPU_ACLNN_OPDEV_FP16_T_H_
#define ACLCPU_ACLNN_OPDEV_FP16_T_H_

#include <cstdint>
#include <type_traits>

#include "acl/acl_base.h"

/// Default visibility: these C++ types are exported by libnnopbase (as CANN's).
#ifndef ACLCPU_OPDEV_API
#define ACLCPU_OPDEV_API __attribute__((visibility("default")))
#endif

namespace op {

/// A binary16 value (see the file comment for the conversion rules).
typedef struct ACLCPU_OPDEV_API tagFp16 {
    uint16_t val;  ///< the binary16 bits

    tagFp16(void) : val(0) {}
    /// From any arithmetic value (float, double, an integer; bool as 0/1): rounded to nearest, ties to even.
    template <typename T, typename std::enable_if<std::is_arithmetic<T>::value &&
                                                  !std::is_same<T, uint16_t>::value, int>::type = 0>
    tagFp16(const T& value) : val(FromDouble(static_cast<double>(value))) {}
    tagFp16(const float& value) : val(FromFloat(value)) {}
    /// From the binary16 bits.
    constexpr tagFp16(const uint16_t& uiVal) : val(uiVal) {}
    tagFp16(const tagFp16& fp) : val(fp.val) {}

    tagFp16 operator+(const tagFp16 fp);
    tagFp16 operator-(const tagFp16 fp);
    tagFp16 operator*(const tagFp16 fp);
    tagFp16 operator/(const tagFp16 fp);
    tagFp16 operator+=(const tagFp16 fp);
    tagFp16 operator-=(const tagFp16 fp);
    tagFp16 operator*=(const tagFp16 fp);
    tagFp16 operator/=(const tagFp16 fp);

    bool operator==(const tagFp16& fp) const;
    bool operator!=(const tagFp16& fp) const;
    bool operator>(const tagFp16& fp) const;
    bool operator>=(const tagFp16& fp) const;
    bool operator<(const tagFp16& fp) const;
    bool operator<=(const tagFp16& fp) const;

    tagFp16& operator=(const tagFp16& fp);
    tagFp16& operator=(const float& fVal);
    tagFp16& operator=(const double& dVal);
    tagFp16& operator=(const int8_t& iVal);
    tagFp16& operator=(const uint8_t& uiVal);
    tagFp16& operator=(const int16_t& iVal);
    tagFp16& operator=(const uint16_t& uiVal);
    tagFp16& operator=(const int32_t& iVal);
    tagFp16& operator=(const uint32_t& uiVal);
    tagFp16& operator=(const int64_t& iVal);
    tagFp16& operator=(const uint64_t& uiVal);

    operator float() const;
    operator double() const;
    operator int8_t() const;
    operator uint8_t() const;
    operator int16_t() const;
    operator uint16_t() const;
    operator int32_t() const;
    operator uint32_t() const;
    operator int64_t() const;
    operator uint64_t() const;
    operator bool() const;

    /// 1 for +inf, -1 for -inf, 0 otherwise.
    int IsInf();
    float toFloat();
    double toDouble();
    int8_t toInt8();
    uint8_t toUInt8();
    int16_t toInt16();
    uint16_t toUInt16();
    int32_t toInt32();
    uint32_t toUInt32();

    /// The conversions behind the constructors (binary16 bits of the value, rules above).
    static uint16_t FromFloat(float f);
    static uint16_t FromDouble(double d);
} fp16_t;

/// Whether the value is a NaN.
inline bool isnan(const fp16_t& value) {
    return (value.val & 0x7C00u) == 0x7C00u && (value.val & 0x3FFu) != 0;
}

}  // namespace op

#endif  // ACLCPU_ACLNN_OPDEV_FP16_T_H_
