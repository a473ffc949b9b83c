// Generic row and selector of the hard activations (kernels/hard_swish.h): the scalar definitions applied
// element by element with convert.h's loads and stores, the narrowing to P as each kernel's Cast rounds.
#include "kernels/hard_swish.h"

#include <cstdint>
#include <cstring>

#include "common/exports.h"  // the cross-library functions defined here get default visibility
#include "common/half.h"
#include "kernels/convert.h"

namespace aclcpu {
namespace kern {
namespace {

/// float -> binary16 bits, round to nearest with ties away from zero (AscendC's CAST_ROUND), overflow -> inf
/// (|f| >= 65520), subnormals kept, NaN as FloatToHalf.
inline uint16_t FloatToHalfRoundAway(float f) {
    const uint32_t u = FloatBits(f);
    const uint16_t sign = static_cast<uint16_t>((u >> 16) & 0x8000u);
    const uint32_t abs = u & 0x7FFFFFFFu;
    if (abs >= 0x7F800000u) return FloatToHalf(f);                         // inf or NaN
    if (abs >= 0x477FF000u) return static_cast<uint16_t>(sign | 0x7C00u);  // rounds to >= 65536 -> inf
    if (abs >= 0x38800000u) return static_cast<uint16_t>(sign | ((abs + 0x1000u - 0x38000000u) >> 13));
    const uint32_t exp = abs >> 23;
    if (exp < 102) return sign;  // below 2^-25: +-0
    const uint32_t mant = (abs & 0x7FFFFFu) | 0x800000u;
    const uint32_t shift = 126u - exp;  // 14..24
    uint32_t q = mant >> shift;
    if ((mant & ((1u << shift) - 1u)) >= (1u << (shift - 1))) ++q;  // a tie goes away from zero
    return static_cast<uint16_t>(sign | q);
}

/// float -> bfloat16 bits, round to nearest with ties away from zero (CAST_ROUND), NaN as FloatToBf16.
inline uint16_t FloatToBf16RoundAway(float f) {
    const uint32_t u = FloatBits(f);
    if ((u & 0x7FFFFFFFu) > 0x7F800000u) return FloatToBf16(f);
    return static_cast<uint16_t>((u + 0x8000u) >> 16);
}

/// A float32 result to the nearest value of P (FLOAT, FLOAT16, BF16) as the kind's Cast rounds (CAST_ROUND:
/// ties away from zero; CAST_RINT: RoundToPromoted), widened back exactly.
float NarrowToP(float v, aclDataType p, bool away) {
    if (!away) return RoundToPromoted(v, p);
    switch (p) {
        case ACL_FLOAT16:
            return HalfToFloat(FloatToHalfRoundAway(v));
        case ACL_BF16:
            return Bf16ToFloat(FloatToBf16RoundAway(v));
        default:
            return v;
    }
}

/// HardSigmoid's INT32 rows: x to float32 (RINT), the float32 formula, CAST_TRUNC back (0 or 1).
void HardSigmoidInt32Row(const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        const float x = IntToPromoted(LoadInt64(ptrs[1] + i * st[1], dt[1]), ACL_FLOAT);
        const int32_t y = static_cast<int32_t>(HardSigmoidElement(x));  // in [0, 1]: truncation is exact
        StoreInt64Result(ptrs[0] + i * st[0], dt[0], y);
    }
}

}  // namespace

void HardRowGeneric(const void* params, const aclDataType* dt, char* const* ptrs, const int64_t* st, int64_t n) {
    const HardParams& p = *static_cast<const HardParams*>(params);
    if (p.promote == ACL_INT32) {
        HardSigmoidInt32Row(dt, ptrs, st, n);
        return;
    }
    const bool two = HardInputs(p.kind) == 2;
    const bool away = HardRoundsAway(p.kind, p.promote);
    for (int64_t i = 0; i < n; ++i) {
        const float a = LoadPromoted(ptrs[1] + i * st[1], dt[1], p.promote);
        const float x = two ? LoadPromoted(ptrs[2] + i * st[2], dt[2], p.promote) : a;
        StoreResult(ptrs[0] + i * st[0], dt[0], NarrowToP(HardElement(p.kind, a, x), p.promote, away));
    }
}

RowFn SelectHardRow(const void* params, const aclDataType* dtypes, const int64_t* strides, bool nontemporal) {
    const HardParams& p = *static_cast<const HardParams*>(params);
    if (RowFn fast = SelectHardFusedRow(p, dtypes, strides, nontemporal)) return fast;
    return &HardRowGeneric;
}

}  // namespace kern
}  // namespace aclcpu
