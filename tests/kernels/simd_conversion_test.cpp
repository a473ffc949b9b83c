// The SIMD conversions used by the kernels (l1_simd.h) against the scalar reference of src/common/half.h,
// on every Highway target compiled in and supported by this CPU (F16C on AVX2/AVX-512, the exact integer
// emulation on SSE4/SSSE3/scalar):
//   * all 65536 binary16 and all 65536 bfloat16 patterns -> float32;
//   * float32 -> binary16 and -> bfloat16 (RNE) for all 2^32 float patterns on the dispatched (best) target,
//     and a dense sweep (every rounding boundary of every exponent, subnormals, NaN payloads, plus 4M random
//     patterns) on the others. ACLCPU_SIMD_EXHAUSTIVE=1 makes every target exhaustive (about 20 s per
//     target on 2 cores); =0 makes all of them sweep-only (a quick run). Sanitizer builds
//     (support/sample_size.h) run the dense sweep on every target, with 2^18 instead of 4M random patterns.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "common/half.h"
#include "support/sample_size.h"
#include "support/simd_targets.h"
#include "support/test_util.h"
#include "kernels/reduce_fold.h"
#include "kernels/simd_convert.h"

namespace {

using namespace aclcpu;
namespace simd = aclcpu::kern::simd;
using aclcpu_test::SimdTargetGuard;
using aclcpu_test::SimdTargets;

bool IsHalfSignallingNaN(uint16_t h) { return (h & 0x7C00u) == 0x7C00u && (h & 0x3FFu) != 0 && (h & 0x200u) == 0; }

// Which float -> 16-bit coverage a target gets: 2 = all 2^32 patterns, 1 = the dense sweep.
int Coverage(size_t index, int64_t target, int64_t best_emulated) {
    const char* env = std::getenv("ACLCPU_SIMD_EXHAUSTIVE");
    if (env != nullptr && std::string(env) == "1") return 2;
    if (env != nullptr && std::string(env) == "0") return 1;
    if (aclcpu_test::SampledSweeps()) return 1;  // sanitizer builds: the 2^32 sweep runs in Release only
    (void)target;
    (void)best_emulated;
    return index == 0 ? 2 : 1;
}

// Targets whose f16 conversions are emulated (everything but x86 AVX2 / AVX-512).
bool IsEmulatedF16(int64_t target) {
    const std::string name = simd::TargetName(target);
    return name != "AVX2" && name != "AVX3" && name != "AVX3_DL" && name != "AVX3_ZEN4";
}


int64_t BestEmulated() {
    for (int64_t t : SimdTargets()) {
        if (IsEmulatedF16(t)) return t;
    }
    return 0;
}

// Patterns for the dense sweep: for each sign and exponent, every top-10 mantissa with the low 13 bits
// (the f16 rounding position) and low 16 bits (bf16) set to values around half an ulp, plus random patterns.
std::vector<uint32_t> SweepPatterns() {
    std::vector<uint32_t> v;
    const uint32_t low13[] = {0x0000, 0x0001, 0x0FFE, 0x0FFF, 0x1000, 0x1001, 0x1FFF, 0x0800, 0x17FF};
    const uint32_t low16[] = {0x0000, 0x0001, 0x7FFE, 0x7FFF, 0x8000, 0x8001, 0xFFFF, 0x4000};
    for (uint32_t sign = 0; sign < 2; ++sign) {
        for (uint32_t exp = 0; exp < 256; ++exp) {
            const uint32_t hi = sign << 31 | exp << 23;
            for (uint32_t m10 = 0; m10 < 1024; ++m10) {
                for (uint32_t lo : low13) v.push_back(hi | m10 << 13 | lo);
            }
            for (uint32_t m7 = 0; m7 < 128; ++m7) {
                for (uint32_t lo : low16) v.push_back(hi | m7 << 16 | lo);
            }
        }
    }
    std::mt19937 rng(12345);
    const int64_t random = aclcpu_test::SweepSize(int64_t{1} << 22, int64_t{1} << 18);
    for (int64_t i = 0; i < random; ++i) v.push_back(static_cast<uint32_t>(rng()));
    return v;
}

// Converts `count` patterns starting at `first` (or from `list`) with the dispatched SIMD code and checks
// against the reference; returns the number of mismatches (reporting the first few).
uint64_t CheckFloatToNarrow(bool bf16, uint64_t first, uint64_t count, const std::vector<uint32_t>* list) {
    constexpr size_t kChunk = 1 << 16;
    std::vector<float> in(kChunk);
    std::vector<uint16_t> out(kChunk), pairs_out(kChunk);
    uint64_t bad = 0;
    for (uint64_t base = 0; base < count; base += kChunk) {
        const size_t m = static_cast<size_t>(count - base < kChunk ? count - base : kChunk);
        for (size_t i = 0; i < m; ++i) {
            const uint32_t u = list ? (*list)[base + i] : static_cast<uint32_t>(first + base + i);
            in[i] = BitsToFloat(u);
        }
        if (bf16) {
            simd::FloatToBf16(in.data(), out.data(), m);
        } else {
            simd::FloatToHalf(in.data(), out.data(), m);
        }
        if (bf16) {  // the fused rows' pairwise narrowing too: first half of the chunk even, second half odd
            const size_t pairs = m / 2;
            simd::FloatToBf16Pairs(in.data(), in.data() + pairs, pairs_out.data(), pairs);
            for (size_t i = 0; i < 2 * pairs; ++i) {
                const float src = (i % 2 == 0) ? in[i / 2] : in[pairs + i / 2];
                if (pairs_out[i] != FloatToBf16(src)) {
                    if (bad < 5) {
                        ADD_FAILURE() << "bf16 pairs of float bits 0x" << std::hex << FloatBits(src) << ": got 0x"
                                      << pairs_out[i] << ", reference 0x" << FloatToBf16(src);
                    }
                    ++bad;
                }
            }
        }
        for (size_t i = 0; i < m; ++i) {
            const uint16_t ref = bf16 ? FloatToBf16(in[i]) : FloatToHalf(in[i]);
            if (out[i] != ref) {
                if (bad < 5) {
                    ADD_FAILURE() << (bf16 ? "bf16" : "f16") << " of float bits 0x" << std::hex << FloatBits(in[i])
                                  << ": got 0x" << out[i] << ", reference 0x" << ref;
                }
                ++bad;
            }
        }
    }
    return bad;
}

// All 2^32 patterns, split over two threads (the dispatch target is process-wide).
uint64_t CheckAllFloats(bool bf16) {
    uint64_t bad[2] = {0, 0};
    const uint64_t half = uint64_t{1} << 31;
    std::thread other([&] { bad[1] = CheckFloatToNarrow(bf16, half, half, nullptr); });
    bad[0] = CheckFloatToNarrow(bf16, 0, half, nullptr);
    other.join();
    return bad[0] + bad[1];
}

TEST(SimdConversion, TargetsAreListed) {
    ASSERT_GE(SimdTargets().size(), 1u);
    for (size_t i = 0; i < SimdTargets().size(); ++i) {
        std::printf("target %zu: %s%s\n", i, simd::TargetName(SimdTargets()[i]),
                    IsEmulatedF16(SimdTargets()[i]) ? " (emulated f16)" : " (F16C)");
    }
    EXPECT_EQ(simd::CurrentTarget(), SimdTargets()[0]);
    SimdTargetGuard guard;
    for (int64_t t : SimdTargets()) {
        simd::ForceTarget(t);
        EXPECT_EQ(simd::CurrentTarget(), t);
    }
}

TEST(SimdConversion, AllHalfToFloat) {
    SimdTargetGuard guard;
    std::vector<uint16_t> in(65536);
    for (uint32_t i = 0; i < 65536; ++i) in[i] = static_cast<uint16_t>(i);
    for (size_t ti = 0; ti < SimdTargets().size(); ++ti) {
        const int64_t target = SimdTargets()[ti];
        simd::ForceTarget(target);
        ASSERT_EQ(simd::CurrentTarget(), target);
        // Odd lengths and offsets exercise the padded tail.
        for (size_t len : {size_t{65536}, size_t{65535}, size_t{7}}) {
            std::vector<float> out(len);
            simd::HalfToFloat(in.data() + (65536 - len), out.data(), len);
            int bad = 0;
            for (size_t j = 0; j < len; ++j) {
                const uint16_t h = in[65536 - len + j];
                const uint32_t ref = FloatBits(HalfToFloat(h));
                const uint32_t got = FloatBits(out[j]);
                // F16C sets the quiet bit of a signalling NaN (the value then only meets compares and
                // products, which quiet it too: results are unaffected). Everything else is exact.
                const bool ok = got == ref || (IsHalfSignallingNaN(h) && got == (ref | 0x00400000u));
                if (!ok && bad++ < 5) {
                    ADD_FAILURE() << simd::TargetName(target) << ": f16 0x" << std::hex << h << " -> 0x" << got
                                  << ", reference 0x" << ref;
                }
            }
            EXPECT_EQ(bad, 0) << simd::TargetName(target);
        }
    }
}

TEST(SimdConversion, AllBf16ToFloat) {
    SimdTargetGuard guard;
    std::vector<uint16_t> in(65536);
    std::vector<float> out(65536);
    for (uint32_t i = 0; i < 65536; ++i) in[i] = static_cast<uint16_t>(i);
    for (size_t ti = 0; ti < SimdTargets().size(); ++ti) {
        const int64_t target = SimdTargets()[ti];
        simd::ForceTarget(target);
        simd::Bf16ToFloat(in.data(), out.data(), 65536);
        int bad = 0;
        for (uint32_t i = 0; i < 65536; ++i) {
            if (FloatBits(out[i]) != FloatBits(Bf16ToFloat(in[i])) && bad++ < 5) {
                ADD_FAILURE() << simd::TargetName(target) << ": bf16 0x" << std::hex << i;
            }
        }
        EXPECT_EQ(bad, 0) << simd::TargetName(target);
    }
}

void CheckFloatToNarrowAllTargets(bool bf16) {
    SimdTargetGuard guard;
    const std::vector<uint32_t> sweep = SweepPatterns();
    const int64_t best_emulated = BestEmulated();
    for (size_t ti = 0; ti < SimdTargets().size(); ++ti) {
        const int64_t target = SimdTargets()[ti];
        simd::ForceTarget(target);
        const int coverage = Coverage(ti, target, best_emulated);
        std::printf("%s float -> %s: %s\n", simd::TargetName(target), bf16 ? "bf16" : "f16",
                    coverage == 2 ? "all 2^32 patterns" : "dense sweep");
        const uint64_t bad =
            coverage == 2 ? CheckAllFloats(bf16) : CheckFloatToNarrow(bf16, 0, sweep.size(), &sweep);
        EXPECT_EQ(bad, 0u) << simd::TargetName(target);
    }
}

TEST(SimdConversion, FloatToHalf) { CheckFloatToNarrowAllTargets(false); }

TEST(SimdConversion, FloatToBf16) { CheckFloatToNarrowAllTargets(true); }

// Highway 1.0's own bf16 demotion truncates; ours must round to nearest even and quiet NaNs.
TEST(SimdConversion, Bf16RoundsToNearestEven) {
    const float in[] = {BitsToFloat(0x3F808000u), BitsToFloat(0x3F818000u), BitsToFloat(0x3F808001u),
                        BitsToFloat(0x7F800001u), BitsToFloat(0xFF7FFFFFu)};
    uint16_t out[5];
    simd::FloatToBf16(in, out, 5);
    EXPECT_EQ(out[0], 0x3F80u);  // tie, even below
    EXPECT_EQ(out[1], 0x3F82u);  // tie, odd: up
    EXPECT_EQ(out[2], 0x3F81u);  // above the tie
    EXPECT_EQ(out[3], 0x7FC0u);  // signalling NaN -> quiet
    EXPECT_EQ(out[4], 0xFF80u);  // rounds past the largest finite bf16 -> -inf
}

// The reduction engine's fold (kernels/reduce_fold.h) on every target against one float32 addition per element:
// every length up to 3 vectors of the widest target plus odd ones, misaligned starts, the IEEE specials
// (signed zeros: -0 + -0 stays -0, -0 + +0 is +0; infinities, inf - inf, NaN payloads, subnormals kept,
// overflow) and random values; the same range as dst and src. Where both addends are NaNs, C++ leaves open
// which one's payload the sum carries (compilers commute the operands), so either one, quieted, is accepted.
bool FoldedAsAdded(float d, float s, float got) {
    uint32_t g;
    std::memcpy(&g, &got, 4);
    if (d != d && s != s) {
        uint32_t a, b;
        std::memcpy(&a, &d, 4);
        std::memcpy(&b, &s, 4);
        return g == (a | 0x00400000u) || g == (b | 0x00400000u);
    }
    const float want = d + s;
    uint32_t w;
    std::memcpy(&w, &want, 4);
    return g == w;
}

TEST(SimdConversion, FoldAddIsOneAdditionPerElement) {
    SimdTargetGuard guard;
    const uint32_t specials[] = {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00001u, 0xFFA00000u,
                                 0x00000001u, 0x807FFFFFu, 0x7F7FFFFFu, 0x3F800000u, 0xBF800000u, 0x33800000u};
    std::mt19937 rng(7);
    auto value = [&] {
        uint32_t u = rng() % 3 == 0 ? specials[rng() % 12] : rng();
        float f;
        std::memcpy(&f, &u, 4);
        return f;
    };
    int cases = 0;
    for (int64_t t : SimdTargets()) {
        simd::ForceTarget(t);
        for (size_t n : {0, 1, 3, 7, 8, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65, 100, 129}) {
            for (size_t off : {0, 1, 5}) {
                std::vector<float> dst(n + off + 8), src(n + off + 8);
                for (float& x : dst) x = value();
                for (float& x : src) x = value();
                const std::vector<float> before = dst;
                kern::FoldAdd(dst.data() + off, src.data() + off, n);
                for (size_t i = 0; i < dst.size(); ++i) {
                    const bool folded = i >= off && i < off + n;
                    ASSERT_TRUE(folded ? FoldedAsAdded(before[i], src[i], dst[i])
                                       : std::memcmp(&before[i], &dst[i], 4) == 0)
                        << simd::TargetName(t) << " n=" << n << " off=" << off << " element " << i;
                }
                std::vector<float> self = src;  // dst == src
                kern::FoldAdd(self.data() + off, self.data() + off, n);
                for (size_t i = 0; i < self.size(); ++i) {
                    const bool folded = i >= off && i < off + n;
                    ASSERT_TRUE(folded ? FoldedAsAdded(src[i], src[i], self[i]) : std::memcmp(&src[i], &self[i], 4) == 0)
                        << simd::TargetName(t) << " n=" << n << " off=" << off << " element " << i << " (same range)";
                }
                ++cases;
            }
        }
    }
    std::printf("%d fold cases\n", cases);
}

}  // namespace
