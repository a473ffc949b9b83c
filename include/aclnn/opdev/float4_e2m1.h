/*
 * aclnn/opdev/float4_e2m1.h - op::Float4E2M1, CANN's host-side FLOAT4_E2M1 value type (CANN path and name;
 * C++ only).
 *
 * CANN's example programs pack FLOAT4_E2M1 tensors with it: op::Float4E2M1(x).value is the 4-bit code of float x
 * (two codes a byte, element 2k in the low nibble). Names and members are facts of CANN (hicann/opbase
 * include/nnopbase/opdev/float4_e2m1.h); the code is aclcpu's, in libnnopbase. E2M1 (OCP MX v1.0): sign, 2
 * exponent bits (bias 1), 1 mantissa bit; values +-{0, 0.5, 1, 1.5, 2, 3, 4, 6}; no inf, no NaN.
 *
 * float -> code follows CANN's host conversion (hicann/opbase src/nnopbase/common/utils/float4_e2m1.cpp), which
 * is NOT the kernels' round-to-nearest-even (docs/lowp-dtypes.md) below 1.0: the mantissa is rounded to one bit
 * (nearest, ties to even) at the input's own exponent first, and a result below the normal range is then
 * shifted into the subnormal code, dropping the bits shifted out. So [0.5, 0.875) gives 0.5 (0.75 too, where
 * RNE gives 1.0), [0.875, 1) gives 1.0, and |x| < 0.5 gives a signed zero (0.3 too, where RNE gives 0.5).
 * |x| > 6 (after rounding) and +-inf saturate to +-6; NaN gives +6; +-0 keep their sign.
 */
#ifndef ACLCPU_ACLNN_OPDEV_FLOAT4_E2M1_H_
#define ACLCPU_ACLNN_OPDEV_FLOAT4_E2M1_H_

#include <cstdint>

#include "acl/acl_base.h"

/// Default visibility: these C++ types are exported by libnnopbase (as CANN's).
#ifndef ACLCPU_OPDEV_API
#define ACLCPU_OPDEV_API __attribute__((visibility("default")))
#endif

namespace op {

/// A FLOAT4_E2M1 code (low 4 bits of `value`).
struct ACLCPU_OPDEV_API Float4E2M1 {
    struct FromBitsTag {};
    static constexpr FromBitsTag FromBits() { return FromBitsTag(); }

    uint8_t value;  ///< the code: bit 3 sign, bits 2-1 exponent, bit 0 mantissa

    constexpr Float4E2M1() : value(0) {}
    /// From the code's bits (the low 4 bits are kept).
    constexpr Float4E2M1(uint8_t bits, FromBitsTag) : value(static_cast<uint8_t>(bits & 0x0F)) {}
    /// From a float (the rules in the file comment).
    Float4E2M1(float v);

    /// The code's value (exact).
    operator float() const;
    operator double() const;
    bool IsZero() const { return (value & 0x07) == 0; }
    bool IsNaN() const { return false; }
    bool IsInf() const { return false; }

    /// The conversions behind the constructor and operator float.
    static Float4E2M1 FloatToFloat4E2M1(float f);
    static float Float4E2M1ToFloat(Float4E2M1 fp4);
};

}  // namespace op

#endif  // ACLCPU_ACLNN_OPDEV_FLOAT4_E2M1_H_
