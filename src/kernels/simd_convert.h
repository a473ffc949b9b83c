// Target-independent side of the generic SIMD conversions (simd_convert-inl.h holds the per-target code):
// the streaming-store fence, the conversions as whole-array calls (test and benchmark hooks), and control
// of which Highway target runtime dispatch uses.
#pragma once

#include <cstddef>
#include <cstdint>

namespace aclcpu {
namespace kern {
namespace detail {
constexpr size_t kBuf = 64;  // elements of a stack vector buffer: >= 4 vectors of float on every x86 target
}  // namespace detail

/// Makes the streaming stores of the calling thread globally visible (sfence on x86; no-op elsewhere).
void StreamFence();

/// The conversions as the SIMD bodies perform them, over whole buffers (dispatched to the current target; used by
/// aclnnReduceSum's FLOAT16/BF16 value rows, tests and benchmarks), and - test hooks - control of which Highway
/// target is used.
namespace simd {

/// binary16 -> float32 (exact), n elements.
void HalfToFloat(const uint16_t* in, float* out, size_t n);
/// float32 -> binary16, RNE, overflow to inf, subnormals kept, NaN quiet; n elements.
void FloatToHalf(const float* in, uint16_t* out, size_t n);
/// bfloat16 -> float32 (exact), n elements.
void Bf16ToFloat(const uint16_t* in, float* out, size_t n);
/// float32 -> bfloat16, RNE (never truncation), NaN quiet; n elements.
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
