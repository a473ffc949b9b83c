// The fused SIMD rows of the flushing float operations (kernels/binary_simd.cpp: Div's DivHighPrecision, Addcdiv's
// quotient, Sqrt / SqrtPlain's input flush) against the generic rows (BinaryRowGeneric: BinaryFloatElement /
// AddcmulFloatElement / UnaryFloatElement one element at a time), bit for bit, on every Highway target this CPU
// runs: FLOAT with subnormals of every size around FLT_MIN, quotients that land just above and below FLT_MIN, +-0,
// +-inf and NaNs with payloads; BF16 with every one of the 65536 patterns as the first operand; FLOAT16 Div with every
// pattern as the dividend and as the divisor, and divided by float32 values; odd lengths and
// starts one element past an alignment (the rows' heads and tails).
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/binary.h"
#include "kernels/simd_convert.h"
#include "support/sample_size.h"
#include "support/simd_targets.h"

namespace {

using aclcpu::kern::AlphaPath;
using aclcpu::kern::BinaryOp;
using aclcpu::kern::BinaryParams;
using aclcpu::kern::RowFn;
namespace kern = aclcpu::kern;

// FLOAT values that exercise the flushes: subnormals (smallest, largest, in between), FLT_MIN and its neighbours,
// zeros, infinities, NaNs (quiet and signalling, both signs), ordinary and huge values.
std::vector<uint32_t> SpecialF32() {
    std::vector<uint32_t> v = {0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x00000100u, 0x007FFFFFu,
                               0x807FFFFFu, 0x00400000u, 0x00800000u, 0x80800000u, 0x00800001u, 0x00FFFFFFu,
                               0x3F800000u, 0xBF800000u, 0x40400000u, 0x3EAAAAABu, 0x7F7FFFFFu, 0xFF7FFFFFu,
                               0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC01234u, 0x7F800001u, 0xFF812345u,
                               0x4B000001u, 0x34000000u, 0x2A800000u, 0x1F800000u, 0x5F800000u, 0x00C00000u};
    return v;
}

// Random FLOAT bits concentrated near the subnormal range and around 1 (quotients near FLT_MIN, roots of tiny
// values), with some fully random patterns.
uint32_t RandomF32(std::mt19937& g) {
    const uint32_t r = g();
    const uint32_t sign = r & 0x80000000u;
    switch (g() % 4) {
        case 0: return sign | (g() & 0x007FFFFFu);                              // subnormal
        case 1: return sign | ((1u + g() % 30u) << 23) | (g() & 0x007FFFFFu);   // tiny normals
        case 2: return sign | ((110u + g() % 40u) << 23) | (g() & 0x007FFFFFu); // around 1 and beyond
        default: return g();
    }
}

uint16_t Bf16Of(uint32_t u) { return static_cast<uint16_t>(u >> 16); }

int g_fused_rows = 0;  // fused rows compared (the checks are not vacuous)

// Runs `row` over n elements of the operands (bytes; operand 0 the output), each at byte offset `skew` * item.
void RunRow(RowFn row, const BinaryParams& p, const aclDataType* dt, int nops, std::vector<std::vector<uint8_t>>* ops,
            int64_t n, int64_t skew) {
    char* ptrs[4];
    int64_t st[4];
    for (int k = 0; k < nops; ++k) {
        const int64_t item = dt[k] == ACL_FLOAT ? 4 : 2;
        ptrs[k] = reinterpret_cast<char*>((*ops)[k].data()) + skew * item;
        st[k] = item;
    }
    row(&p, dt, ptrs, st, n);
}

// Compares the fused row with the generic row on the inputs (operands 1 .. nops-1 of dtype t, n elements each).
int CompareRows(BinaryParams p, aclDataType t, const std::vector<std::vector<uint32_t>>& in, int64_t n,
                const char* what) {
    const int nops = static_cast<int>(in.size()) + 1;
    aclDataType dt[4] = {t, t, t, t};
    const int64_t item = t == ACL_FLOAT ? 4 : 2;
    int64_t st[4] = {item, item, item, item};
    int diffs = 0;
    for (int64_t target : aclcpu_test::SimdTargets()) {
        kern::simd::ForceTarget(target);
        const RowFn fused = kern::SelectBinaryFusedRow(p, dt, st, false);
        if (fused == nullptr) continue;
        ++g_fused_rows;
        for (int64_t skew : {int64_t{0}, int64_t{1}}) {
            std::vector<std::vector<uint8_t>> a(static_cast<size_t>(nops)), b;
            for (int k = 0; k < nops; ++k) a[static_cast<size_t>(k)].assign(static_cast<size_t>((n + 2) * item), 0xEE);
            for (int k = 1; k < nops; ++k) {
                for (int64_t i = 0; i < n; ++i) {
                    const uint32_t u = in[static_cast<size_t>(k - 1)][static_cast<size_t>(i)];
                    uint8_t* dst = a[static_cast<size_t>(k)].data() + (i + skew) * item;
                    if (t == ACL_FLOAT) {
                        std::memcpy(dst, &u, 4);
                    } else {  // BF16: the float's high half; FLOAT16: the pattern itself
                        const uint16_t h = t == ACL_BF16 ? Bf16Of(u) : static_cast<uint16_t>(u);
                        std::memcpy(dst, &h, 2);
                    }
                }
            }
            b = a;
            RunRow(fused, p, dt, nops, &a, n, skew);
            RunRow(&kern::BinaryRowGeneric, p, dt, nops, &b, n, skew);
            for (int64_t i = 0; i < n + 2; ++i) {
                const uint8_t* x = a[0].data() + i * item;
                const uint8_t* y = b[0].data() + i * item;
                if (std::memcmp(x, y, static_cast<size_t>(item)) != 0 && ++diffs <= 5) {
                    uint32_t gx = 0, gy = 0;
                    std::memcpy(&gx, x, static_cast<size_t>(item));
                    std::memcpy(&gy, y, static_cast<size_t>(item));
                    ADD_FAILURE() << what << " target " << kern::simd::TargetName(target) << " element " << i
                                  << " skew " << skew << ": fused 0x" << std::hex << gx << " generic 0x" << gy;
                }
            }
        }
    }
    kern::simd::ForceTarget(0);
    return diffs;
}

BinaryParams Params(BinaryOp op, aclDataType t, float value) {
    BinaryParams p{};
    p.compute = t;
    p.op = op;
    p.path = AlphaPath::kPlain;
    p.other_is_value = aclcpu::kern::IsUnaryOp(op) ? 1 : 0;
    p.alpha_f = value;
    return p;
}

// FLOAT: every pair of the special values (in both roles) plus random pairs, an odd count.
std::vector<std::vector<uint32_t>> F32Operands(int count, uint32_t seed) {
    std::mt19937 g(seed);
    const std::vector<uint32_t> s = SpecialF32();
    std::vector<std::vector<uint32_t>> v(static_cast<size_t>(count));
    for (uint32_t x : s) {
        for (uint32_t y : s) {
            for (int k = 0; k < count; ++k) v[static_cast<size_t>(k)].push_back(k == 0 ? x : (k == 1 ? y : s[(x + y) % s.size()]));
        }
    }
    for (int i = 0; i < 40001; ++i) {
        for (int k = 0; k < count; ++k) v[static_cast<size_t>(k)].push_back(RandomF32(g));
    }
    return v;
}

// BF16: every pattern as the first operand, against divisors / other operands drawn from the special values
// (rounded to BF16 by truncation: the row reads only the high half) and random patterns.
std::vector<std::vector<uint32_t>> Bf16Operands(int count, uint32_t seed) {
    std::mt19937 g(seed);
    const std::vector<uint32_t> s = SpecialF32();
    std::vector<std::vector<uint32_t>> v(static_cast<size_t>(count));
    for (uint32_t rep = 0; rep < 6; ++rep) {
        for (uint32_t i = 0; i < 65536; ++i) {
            v[0].push_back(i << 16);
            for (int k = 1; k < count; ++k) {
                const uint32_t pick = g();
                v[static_cast<size_t>(k)].push_back(pick % 3 == 0 ? s[pick / 3 % s.size()] : RandomF32(g));
            }
        }
    }
    return v;
}

TEST(BinaryFlushRows, DivMatchesGenericRow) {
    g_fused_rows = 0;
    const auto f = F32Operands(2, 1);
    EXPECT_EQ(CompareRows(Params(BinaryOp::kDiv, ACL_FLOAT, 1.0f), ACL_FLOAT, f, static_cast<int64_t>(f[0].size()), "Div f32"), 0);
    const auto b = Bf16Operands(2, 2);
    EXPECT_EQ(CompareRows(Params(BinaryOp::kDiv, ACL_BF16, 1.0f), ACL_BF16, b, static_cast<int64_t>(b[0].size()), "Div bf16"), 0);
    // the divisor taking every pattern
    const std::vector<std::vector<uint32_t>> swapped = {b[1], b[0]};
    EXPECT_EQ(CompareRows(Params(BinaryOp::kDiv, ACL_BF16, 1.0f), ACL_BF16, swapped, static_cast<int64_t>(b[0].size()),
                          "Div bf16 divisors"), 0);
    EXPECT_GE(g_fused_rows, 3);
}

// FLOAT16 division: every pattern as the dividend and as the divisor against special and random patterns, random
// pairs of normal values, and every pattern divided by float32 values that are not FLOAT16 values (a value row's
// divisor: 1/3, 0.1, 7 + 1 ulp, 3e-5, a float32 subnormal, 1e30, a value just under FLOAT16's largest).
TEST(BinaryFlushRows, DivFloat16MatchesGenericRow) {
    std::mt19937 g(7);
    const std::vector<uint32_t> special = {0x0000, 0x8000, 0x0001, 0x8001, 0x03FF, 0x0400, 0x8400, 0x3C00, 0xBC00,
                                           0x3C01, 0x7BFF, 0xFBFF, 0x7C00, 0xFC00, 0x7E00, 0xFE01, 0x7C01, 0x3555,
                                           0x4200, 0x0200, 0x1400, 0x5800, 0x2E66, 0x4B80};
    auto random_f16 = [&]() -> uint32_t {
        const uint32_t r = g();
        return r % 4 == 0 ? special[(r >> 2) % special.size()] : (r >> 8) & 0xFFFF;
    };
    // sampled runs (sanitizer trees, support/sample_size.h): 2 of the 8 rounds of random partners, 20,001 of the
    // 200,001 normal pairs
    const uint32_t rounds = aclcpu_test::SampledSweeps() ? 2 : 8;
    std::vector<std::vector<uint32_t>> every(2);
    for (uint32_t rep = 0; rep < rounds; ++rep) {
        for (uint32_t i = 0; i < 65536; ++i) {
            every[0].push_back(i);
            every[1].push_back(random_f16());
        }
    }
    every[0].push_back(0x3C00);  // an odd count
    every[1].push_back(0x4200);
    const int64_t n = static_cast<int64_t>(every[0].size());
    const BinaryParams p = Params(BinaryOp::kDiv, ACL_FLOAT16, 1.0f);
    EXPECT_EQ(CompareRows(p, ACL_FLOAT16, every, n, "Div f16 dividends"), 0);
    const std::vector<std::vector<uint32_t>> divisors = {every[1], every[0]};
    EXPECT_EQ(CompareRows(p, ACL_FLOAT16, divisors, n, "Div f16 divisors"), 0);
    std::vector<std::vector<uint32_t>> normal(2);
    for (int i = 0, pairs = aclcpu_test::SampledSweeps() ? 20001 : 200001; i < pairs; ++i) {
        uint32_t x, y;
        do x = g() & 0xFFFF; while ((x & 0x7C00) == 0 || (x & 0x7C00) == 0x7C00);
        do y = g() & 0xFFFF; while ((y & 0x7C00) == 0 || (y & 0x7C00) == 0x7C00);
        normal[0].push_back(x);
        normal[1].push_back(y);
    }
    EXPECT_EQ(CompareRows(p, ACL_FLOAT16, normal, static_cast<int64_t>(normal[0].size()), "Div f16 normal pairs"), 0);
    std::vector<std::vector<uint32_t>> dividends(1);
    for (uint32_t i = 0; i < 65536; ++i) dividends[0].push_back(i);
    dividends[0].push_back(0x3C00);
    for (uint32_t v : {0x3EAAAAABu, 0x3DCCCCCDu, 0x40E00001u, 0x37FBA882u, 0x006CE3EEu, 0x7149F2CAu, 0x477FE001u}) {
        float value;
        std::memcpy(&value, &v, 4);
        BinaryParams pv = p;
        pv.other_is_value = 1;
        pv.other_re = value;
        EXPECT_EQ(CompareRows(pv, ACL_FLOAT16, dividends, 65537, "Div f16 by a value"), 0) << std::hex << v;
    }
}

TEST(BinaryFlushRows, AddcdivMatchesGenericRow) {
    for (float value : {1.0f, -0.5f, 3e38f}) {
        const auto f = F32Operands(3, 3);
        EXPECT_EQ(CompareRows(Params(BinaryOp::kAddcdiv, ACL_FLOAT, value), ACL_FLOAT, f,
                              static_cast<int64_t>(f[0].size()), "Addcdiv f32"), 0);
        const auto b = Bf16Operands(3, 4);
        // tensor1 (operand 2) takes every pattern; self and tensor2 vary
        const std::vector<std::vector<uint32_t>> t1 = {b[1], b[0], b[2]};
        EXPECT_EQ(CompareRows(Params(BinaryOp::kAddcdiv, ACL_BF16, value), ACL_BF16, t1,
                              static_cast<int64_t>(b[0].size()), "Addcdiv bf16"), 0);
    }
}

TEST(BinaryFlushRows, SqrtMatchesGenericRow) {
    for (BinaryOp op : {BinaryOp::kSqrt, BinaryOp::kSqrtPlain}) {
        const auto f = F32Operands(1, 5);
        EXPECT_EQ(CompareRows(Params(op, ACL_FLOAT, 1.0f), ACL_FLOAT, f, static_cast<int64_t>(f[0].size()), "Sqrt f32"), 0);
        std::vector<std::vector<uint32_t>> every(1);
        for (uint32_t i = 0; i < 65536; ++i) every[0].push_back(i << 16);
        every[0].push_back(0x3F800000u);  // an odd count
        EXPECT_EQ(CompareRows(Params(op, ACL_BF16, 1.0f), ACL_BF16, every, 65537, "Sqrt bf16"), 0);
        for (uint32_t& u : every[0]) u = (u >> 16) << 16;
        EXPECT_EQ(CompareRows(Params(op, ACL_FLOAT16, 1.0f), ACL_FLOAT16, every, 65537, "Sqrt f16 (bits reused)"), 0);
    }
}

}  // namespace
