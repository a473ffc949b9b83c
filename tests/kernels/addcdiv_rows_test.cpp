// The fused SIMD rows of aclnnAddcdiv (kernels/binary_simd.cpp: AddcdivF in the generic fused driver, and on
// AVX-512 the BF16 row AddcdivBf16Row with its 16-bit-domain input flush and its vfixupimmps NaN rule) against the
// generic row (BinaryRowGeneric: AddcmulFloatElement one element at a time), bit for bit, on every Highway target
// this CPU runs, with plain and streaming stores:
//   * BF16 and FLOAT16: every one of the 65536 patterns in each operand role (self, tensor1, tensor2), the other
//     two drawn from special values (+-0, +-inf, NaNs with payloads, BF16 subnormals, FLT_MIN's neighbours) and
//     random patterns;
//   * the NaN rule's order: every combination of NaN / not NaN in self, tensor1 and tensor2 with distinct
//     payloads, 0 / 0, inf / inf, a zero or infinite or NaN value;
//   * row shapes: lengths around the AVX-512 row's step (32, 64) and its generic-row threshold (256), odd lengths,
//     starts 0..33 elements past a 64-byte boundary (the streaming row's head), broadcast (stride 0) inputs.
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/binary.h"
#include "kernels/simd_convert.h"
#include "support/simd_targets.h"

namespace {

using aclcpu::kern::AlphaPath;
using aclcpu::kern::BinaryOp;
using aclcpu::kern::BinaryParams;
using aclcpu::kern::RowFn;
namespace kern = aclcpu::kern;

int g_rows = 0;  // fused rows compared (the checks are not vacuous)

// Special 16-bit patterns: BF16 (or FLOAT16 - the same bits read as halves) zeros, subnormals, the smallest
// normals, ones, infinities, NaNs quiet and signalling with payloads, both signs.
std::vector<uint16_t> Special16() {
    return {0x0000, 0x8000, 0x0001, 0x8001, 0x007F, 0x807F, 0x0040, 0x0080, 0x8080, 0x0081, 0x00FF, 0x3F80,
            0xBF80, 0x4040, 0x3EAB, 0x7F7F, 0xFF7F, 0x7F80, 0xFF80, 0x7FC0, 0xFFC0, 0x7FC1, 0xFFD3, 0x7F81,
            0xFF85, 0x7FFF, 0x0100, 0x1F80, 0x5F80, 0x3C00, 0x7C00, 0xFC00, 0x7E00, 0x7C01, 0x0400, 0x03FF};
}

uint16_t Draw(std::mt19937& g, const std::vector<uint16_t>& s) {
    const uint32_t r = g();
    if (r % 3 == 0) return s[(r / 3) % s.size()];
    if (r % 3 == 1) return static_cast<uint16_t>((r >> 8) & 0x80FFu);  // small exponents: subnormal quotients
    return static_cast<uint16_t>(r >> 16);
}

BinaryParams Params(aclDataType t, float value) {
    BinaryParams p{};
    p.compute = t;
    p.op = BinaryOp::kAddcdiv;
    p.path = AlphaPath::kPlain;
    p.alpha_f = value;
    return p;
}

// Runs the fused row (every target, plain and streaming stores) and the generic row over n elements of the three
// inputs (16-bit patterns; `bcast` bit k: input k broadcast, its first element), the output `skew` elements past a
// 64-byte boundary, and counts the elements that differ (the first few reported). The output's guard elements
// before and after must stay untouched.
int Compare(const BinaryParams& p, const std::vector<uint16_t> in[3], size_t n, size_t skew, int bcast,
            const char* what) {
    const aclDataType t = p.compute;
    const aclDataType dt[4] = {t, t, t, t};
    int64_t st[4] = {2, 2, 2, 2};
    for (int k = 0; k < 3; ++k) {
        if ((bcast >> k) & 1) st[k + 1] = 0;
    }
    int diffs = 0;
    // inputs at their own skews (unaligned starts independent of the output's)
    std::vector<uint16_t> buf[3];
    char* ptrs[4];
    for (int k = 0; k < 3; ++k) {
        buf[k].assign(n + 64, 0);
        const size_t off = (skew * 7 + 3 * static_cast<size_t>(k)) % 32;
        std::memcpy(buf[k].data() + off, in[k].data(), n * 2);
        ptrs[k + 1] = reinterpret_cast<char*>(buf[k].data() + off);
    }
    // the outputs: 64-byte aligned storage, `skew` elements in, guards of 0xEEEE around
    std::vector<uint16_t> want_store(n + 128, 0xEEEE), got_store(n + 128, 0xEEEE);
    auto aligned = [](std::vector<uint16_t>& v) {
        const uintptr_t a = reinterpret_cast<uintptr_t>(v.data());
        return v.data() + ((64 - a % 64) % 64) / 2;
    };
    uint16_t* want = aligned(want_store) + skew;
    ptrs[0] = reinterpret_cast<char*>(want);
    kern::BinaryRowGeneric(&p, dt, ptrs, st, static_cast<int64_t>(n));
    for (int64_t target : aclcpu_test::SimdTargets()) {
        kern::simd::ForceTarget(target);
        for (bool nt : {false, true}) {
            const RowFn fused = kern::SelectBinaryFusedRow(p, dt, st, nt);
            if (fused == nullptr) continue;
            ++g_rows;
            std::fill(got_store.begin(), got_store.end(), uint16_t{0xEEEE});
            uint16_t* got = aligned(got_store) + skew;
            ptrs[0] = reinterpret_cast<char*>(got);
            fused(&p, dt, ptrs, st, static_cast<int64_t>(n));
            kern::StreamFence();
            for (ptrdiff_t i = -static_cast<ptrdiff_t>(skew); i < static_cast<ptrdiff_t>(n) + 32; ++i) {
                if (got[i] != want[i] && ++diffs <= 5) {
                    ADD_FAILURE() << what << " target " << kern::simd::TargetName(target) << (nt ? " streaming" : "")
                                  << " n " << n << " skew " << skew << " element " << i << ": in 0x" << std::hex
                                  << (i >= 0 && i < static_cast<ptrdiff_t>(n)
                                          ? (uint32_t{in[0][static_cast<size_t>(i) * (st[1] != 0)]} << 16 |
                                             in[1][static_cast<size_t>(i) * (st[2] != 0)])
                                          : 0u)
                                  << "/0x"
                                  << (i >= 0 && i < static_cast<ptrdiff_t>(n)
                                          ? in[2][static_cast<size_t>(i) * (st[3] != 0)]
                                          : 0u)
                                  << " fused 0x" << got[i] << " generic 0x" << want[i];
                }
            }
        }
    }
    kern::simd::ForceTarget(0);
    return diffs;
}

// Every pattern in operand role `role`, the others drawn; 65536 * reps + 7 elements (an odd count).
void EveryPattern(std::vector<uint16_t> in[3], int role, int reps, uint32_t seed) {
    std::mt19937 g(seed);
    const std::vector<uint16_t> s = Special16();
    for (int k = 0; k < 3; ++k) in[k].clear();
    for (int rep = 0; rep < reps; ++rep) {
        for (uint32_t i = 0; i < 65536; ++i) {
            for (int k = 0; k < 3; ++k) in[k].push_back(k == role ? static_cast<uint16_t>(i) : Draw(g, s));
        }
    }
    for (int j = 0; j < 7; ++j) {
        for (int k = 0; k < 3; ++k) in[k].push_back(Draw(g, s));
    }
}

TEST(AddcdivRows, EveryPatternInEachRole) {
    g_rows = 0;
    for (aclDataType t : {ACL_BF16, ACL_FLOAT16}) {
        for (int role = 0; role < 3; ++role) {
            std::vector<uint16_t> in[3];
            EveryPattern(in, role, 2, 11u + static_cast<uint32_t>(role));
            for (float value : {1.0f, -0.375f}) {
                EXPECT_EQ(Compare(Params(t, value), in, in[0].size(), 1, 0, t == ACL_BF16 ? "bf16" : "f16"), 0)
                    << "role " << role << " value " << value;
            }
        }
    }
    // A tree compiled for the portable fallback alone (ACLCPU_SIMD_TARGETS=scalar, HWY_COMPILE_ONLY_EMU128: the
    // sanitizer trees) has no fused 16-bit Addcdiv row to compare; every vector target has them.
#ifndef HWY_COMPILE_ONLY_EMU128
    EXPECT_GE(g_rows, 8);
#endif
}

TEST(AddcdivRows, NaNRuleOrderAndSpecialValues) {
    // self, tensor1, tensor2 over a grid of specials with distinct NaN payloads per role: every combination of
    // NaN / not NaN, 0 / 0, inf / inf, subnormals on either side.
    const std::vector<uint16_t> vals = {0x0000, 0x8000, 0x0001, 0x8041, 0x3F80, 0xC040, 0x7F80, 0xFF80,
                                        0x7FC5, 0xFFA3, 0x7F81, 0x0080, 0x00FF, 0x2000, 0x6000, 0xFFC0};
    std::vector<uint16_t> in[3];
    for (uint16_t a : vals) {
        for (uint16_t b : vals) {
            for (uint16_t c : vals) {
                in[0].push_back(a);
                in[1].push_back(static_cast<uint16_t>(b ^ ((b & 0x7F80) == 0x7F80 && (b & 0x7F) ? 0x0010 : 0)));
                in[2].push_back(static_cast<uint16_t>(c ^ ((c & 0x7F80) == 0x7F80 && (c & 0x7F) ? 0x0020 : 0)));
            }
        }
    }
    for (aclDataType t : {ACL_BF16, ACL_FLOAT16}) {
        for (float value : {1.0f, 0.0f, -0.0f, 1e30f, -2.5f}) {
            EXPECT_EQ(Compare(Params(t, value), in, in[0].size(), 0, 0, "specials"), 0) << "value " << value;
        }
        uint32_t nan_bits = 0x7FC01234u;  // a NaN value with low payload bits: every NaN lane is rewritten
        float nan_value;
        std::memcpy(&nan_value, &nan_bits, 4);
        EXPECT_EQ(Compare(Params(t, nan_value), in, in[0].size(), 5, 0, "NaN value"), 0);
        EXPECT_EQ(Compare(Params(t, std::numeric_limits<float>::infinity()), in, in[0].size(), 3, 0, "inf value"), 0);
    }
}

TEST(AddcdivRows, LengthsStartsAndBroadcasts) {
    std::mt19937 g(7);
    const std::vector<uint16_t> s = Special16();
    std::vector<uint16_t> in[3];
    for (int k = 0; k < 3; ++k) {
        for (int i = 0; i < 1200; ++i) in[k].push_back(Draw(g, s));
    }
    for (aclDataType t : {ACL_BF16, ACL_FLOAT16}) {
        const BinaryParams p = Params(t, 0.75f);
        for (size_t n : {size_t{1}, size_t{31}, size_t{32}, size_t{33}, size_t{63}, size_t{64}, size_t{65},
                         size_t{255}, size_t{256}, size_t{257}, size_t{287}, size_t{288}, size_t{511}, size_t{513},
                         size_t{545}, size_t{1000}, size_t{1163}}) {
            for (size_t skew = 0; skew < 34; ++skew) {
                if (skew > 3 && n != 1163 && n != 545) continue;  // every head length on two long rows
                EXPECT_EQ(Compare(p, in, n, skew, 0, "lengths"), 0);
            }
        }
        for (int bcast = 1; bcast < 8; ++bcast) {
            EXPECT_EQ(Compare(p, in, 1000, 1, bcast, "broadcast"), 0) << "broadcast mask " << bcast;
        }
    }
}

}  // namespace
