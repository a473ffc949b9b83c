// The floating-point environment the bit-exact arithmetic assumes (SPEC 5), pinned for a scope.
#pragma once

namespace aclcpu {

/// Pins, for its scope, the floating-point environment SPEC 5 assumes: on x86, MXCSR = round to nearest
/// even, no flush-to-zero, no denormals-are-zero, exceptions masked. A host built with -ffast-math (its
/// crtfastmath.o sets FTZ/DAZ at start-up, inherited by every thread it creates) or one that called
/// torch.set_flush_denormal(True) would otherwise flush subnormal inputs and results, in the SIMD and the
/// scalar bodies alike. The caller's MXCSR (flags included) is restored on exit. No-op elsewhere.
/// Used around every piece of float arithmetic an operator does: each chunk of rows the engine runs on a
/// pool thread, and first-phase scalars such as the mean factor.
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

}  // namespace aclcpu
