// SIMD bodies of the L1 gradient rows (Highway, runtime dispatch to the best target of the CPU).
//
// Two kinds of body, both bit-exact to L1Element + the scalar conversions of convert.h / half.h:
//  * fused rows: all four operands share one dtype P in {FLOAT, FLOAT16, BF16}, gradInput contiguous, each
//    input contiguous or broadcast (stride 0). Loads convert in registers, the result is rounded to P in
//    registers and stored; optionally with non-temporal (streaming) stores for outputs far larger than cache.
//  * block rows: anything else (mixed dtypes, integer inputs, strided operands, wide outputs). The row is cut
//    into blocks of kBlock elements; each input is brought to float32 in a small stack block (SIMD conversion
//    when contiguous FLOAT16/BF16, used in place when contiguous FLOAT, a scalar gather otherwise), the
//    arithmetic and the rounding to P run in SIMD, and the result is converted on the way out.
//
// Conversions: on x86 AVX2/AVX-512 the f16 <-> f32 conversions are the F16C instructions (exact, RNE, with
// _MM_FROUND_NO_EXC: rounding from the immediate, not MXCSR); on every other target (SSE4, SSSE3, scalar,
// non-x86) they are exact integer emulations written here, because Highway 1.0's own emulation truncates
// and mishandles inf/NaN. bf16 narrowing is RNE implemented here with integer ops (Highway 1.0 truncates).
// The sign compares avoid Highway 1.0's float operator!= (ordered on AVX2/AVX-512, unordered on SSE4):
// "s != t" is Not(Eq(s, t)), true for NaN as in C++.
#pragma once

#include <cstddef>
#include <cstdint>

#include "kernels/l1_loss_grad.h"

namespace aclcpu {
namespace kern {

/// A fused SIMD body for rows where all four operands share one dtype P in {FLOAT, FLOAT16, BF16}, gradInput
/// is contiguous and each input is contiguous or broadcast (stride 0); nullptr when the row does not qualify.
/// `nontemporal`: store the output with streaming stores (call StreamFence() after the rows of a thread).
L1RowFn SelectL1SimdRow(const L1Params& p, const aclDataType* dtypes, const int64_t* strides,
                        bool nontemporal = false);

/// The block body: any accepted dtypes and byte strides (it falls back to the scalar conversions of
/// convert.h operand by operand where no SIMD conversion applies). Never nullptr. `nontemporal`: a
/// contiguous output is written with streaming stores (call StreamFence() after the rows of a thread).
L1RowFn SelectL1BlockRow(const L1Params& p, const aclDataType* dtypes, const int64_t* strides,
                         bool nontemporal = false);

/// Makes the streaming stores of the calling thread globally visible (sfence on x86; no-op elsewhere).
void StreamFence();

/// Pins, for its scope, the floating-point environment SPEC 5 assumes: on x86, MXCSR = round to nearest
/// even, no flush-to-zero, no denormals-are-zero, exceptions masked. A host built with -ffast-math (its
/// crtfastmath.o sets FTZ/DAZ at start-up, inherited by every thread it creates) or one that called
/// torch.set_flush_denormal(True) would otherwise flush subnormal inputs and results, in the SIMD and the
/// scalar bodies alike. The caller's MXCSR (flags included) is restored on exit. No-op elsewhere.
class FpEnvScope {
public:
    FpEnvScope() {
#if defined(__SSE__) || defined(__x86_64__)
        saved_ = __builtin_ia32_stmxcsr();
        if ((saved_ & ~kFlags) != kDefault) __builtin_ia32_ldmxcsr(kDefault);
#endif
    }
    ~FpEnvScope() {
#if defined(__SSE__) || defined(__x86_64__)
        if ((saved_ & ~kFlags) != kDefault) __builtin_ia32_ldmxcsr(saved_);
#endif
    }
    FpEnvScope(const FpEnvScope&) = delete;
    FpEnvScope& operator=(const FpEnvScope&) = delete;

private:
    static constexpr unsigned kDefault = 0x1F80u;  // all exceptions masked, RC = nearest, FTZ = DAZ = 0
    static constexpr unsigned kFlags = 0x3Fu;      // sticky exception flags: not part of the mode
    unsigned saved_ = kDefault;
};

/// Test and benchmark hooks: the conversions as the SIMD bodies perform them (dispatched to the current
/// target), and control of which Highway target is used.
namespace simd {

void HalfToFloat(const uint16_t* in, float* out, size_t n);
void FloatToHalf(const float* in, uint16_t* out, size_t n);
void Bf16ToFloat(const uint16_t* in, float* out, size_t n);
void FloatToBf16(const float* in, uint16_t* out, size_t n);
/// The fused BF16 rows' own narrowing (two vectors at a time, without crossing 128-bit blocks):
/// out[2i] = bf16(even[i]), out[2i + 1] = bf16(odd[i]).
void FloatToBf16Pairs(const float* even, const float* odd, uint16_t* out, size_t pairs);

/// Number of Highway targets compiled into the library that this CPU supports; Target(i) is one of them
/// (best first), TargetName its name.
int NumTargets();
int64_t Target(int i);
const char* TargetName(int64_t target);
/// The target dispatch currently chooses.
int64_t CurrentTarget();
/// Restricts dispatch to `target` (one of Target(i)); 0 restores the CPU's best. Affects later selections
/// and conversions only (rows already selected by a plan keep their target). Not thread-safe: tests only.
void ForceTarget(int64_t target);

}  // namespace simd

}  // namespace kern
}  // namespace aclcpu
