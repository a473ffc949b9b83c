// Subnormals are never flushed (SPEC 5.2), even when the calling application runs with flush-to-zero and
// denormals-are-zero set in MXCSR (what -ffast-math's start-up code or torch.set_flush_denormal(True) do;
// threads created afterwards inherit it). The kernels pin their own floating-point environment
// (FpEnvScope, common/fp_env.h) and give the caller's back.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "support/test_util.h"

#if defined(__x86_64__) || defined(__SSE__)
#include <xmmintrin.h>
#define ACLCPU_HAVE_MXCSR 1
#else
#define ACLCPU_HAVE_MXCSR 0
#endif

namespace {

using namespace aclcpu_test;

// Runs gradOutput = a subnormal, self > target, reduction none, over n FLOAT elements, with FTZ/DAZ set on
// the calling thread (and on the stream worker when it is created inside: a new stream is used).
void RunWithFlushToZero(int64_t n) {
#if ACLCPU_HAVE_MXCSR
    const uint32_t sub = 0x00000123u;  // a subnormal float
    std::vector<float> g(static_cast<size_t>(n), FromBits(sub)), s(static_cast<size_t>(n), 2.0f),
        t(static_cast<size_t>(n), 1.0f);
    // Every other element: a normal gradOutput whose product with the mean factor below is subnormal.
    for (int64_t i = 1; i < n; i += 2) g[static_cast<size_t>(i)] = 1e-30f;
    HostTensor tg = FloatTensor({n}, g), ts = FloatTensor({n}, s), tt = FloatTensor({n}, t);
    HostTensor out = EmptyTensor({n}, ACL_FLOAT);

    const unsigned saved = _mm_getcsr();
    _mm_setcsr(saved | 0x8040u);  // FTZ | DAZ
    aclrtStream stream = nullptr;
    ASSERT_EQ(aclrtCreateStream(&stream), ACL_SUCCESS);  // its worker inherits FTZ/DAZ
    const int none = RunL1(tg.tensor, ts.tensor, tt.tensor, 0, out.tensor, stream);
    const std::vector<uint32_t> y_none = Download<uint32_t>(out.buffer.get(), static_cast<size_t>(n));
    const int mean = RunL1(tg.tensor, ts.tensor, tt.tensor, 1, out.tensor, stream);
    const std::vector<float> y_mean = Download<float>(out.buffer.get(), static_cast<size_t>(n));
    const unsigned after = _mm_getcsr();
    aclrtDestroyStream(stream);
    _mm_setcsr(saved);

    ASSERT_EQ(none, 0);
    ASSERT_EQ(mean, 0);
    EXPECT_EQ(after & 0xFFC0u, (saved | 0x8040u) & 0xFFC0u) << "the caller's MXCSR mode was not restored";
    // The expectations, computed here with FTZ/DAZ off.
    for (int64_t i = 0; i < n; ++i) {
        const float gi = g[static_cast<size_t>(i)];
        const float r = 1.0f / static_cast<float>(n);
        ASSERT_EQ(y_none[static_cast<size_t>(i)], Bits(1.0f * (gi * 1.0f))) << "none, element " << i;
        ASSERT_EQ(Bits(y_mean[static_cast<size_t>(i)]), Bits(1.0f * (gi * r))) << "mean, element " << i;
    }
#else
    (void)n;
    GTEST_SKIP() << "no MXCSR on this architecture";
#endif
}

TEST(FpEnv, SubnormalsSurviveFlushToZeroCallerSmall) { RunWithFlushToZero(37); }

TEST(FpEnv, SubnormalsSurviveFlushToZeroCallerThreaded) { RunWithFlushToZero(int64_t{1} << 18); }

}  // namespace
