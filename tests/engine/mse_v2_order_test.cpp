// The MSELossV2 summation orders (engine/mse_v2_order.h) against hand-computed cases: each case is built so that
// the order under test and its nearest alternatives give different float32 results (2^24 + 1 rounds to 2^24,
// 2^24 + 2 is exact), and the tilings against values worked out from the ops-nn tiling code by hand.
#include "engine/mse_v2_order.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <utility>
#include <vector>

#include "support/mse_loss_reference.h"

namespace {

using namespace aclcpu::engine;

constexpr float k24 = 16777216.0f;  // 2^24: the spacing of float32 there is 2

// A value source over a vector, recording the ranges asked for (single-threaded use only).
struct VecSource final : ValueSource {
    std::vector<float> v;
    mutable std::vector<std::pair<int64_t, int64_t>> calls;
    void Fill(int64_t begin, int64_t n, float* dst) const override {
        calls.emplace_back(begin, n);
        for (int64_t i = 0; i < n; ++i) dst[i] = v[static_cast<size_t>(begin + i)];
    }
    const ValueSource& Source() const { return *this; }
};

TEST(MseV2Order, RegisterTreeIsAdjacentPairs) {
    std::vector<float> x(64, 1.0f);
    x[0] = k24;
    // (2^24 + 1) -> 2^24 loses x1; the 31 other pairs give 2 each and every later sum is exact: 2^24 + 62.
    EXPECT_EQ(RegisterTreeSum(x.data(), 64), k24 + 62.0f);
    // Sequential addition would lose every 1; the exact sum is 2^24 + 63.
    EXPECT_EQ(RegisterTreeSum(x.data(), 1), k24);
    EXPECT_EQ(RegisterTreeSum(x.data(), 0), 0.0f);
    std::vector<float> y = {1e8f, 1.0f, -1e8f, 1.0f};
    EXPECT_EQ(RegisterTreeSum(y.data(), 4), 0.0f);  // (1e8 + 1) + (-1e8 + 1) = 1e8 - 1e8; sequential gives 1
}

// The (vectorised) RegisterTreeSum against the tree written out in place, bit for bit, for every count and
// values mixing magnitudes, signed zeros, infinities and subnormals (no NaN: which NaN payload a sum of two NaNs
// keeps is the compiler's operand order in either version).
TEST(MseV2Order, RegisterTreeMatchesInPlaceTree) {
    std::mt19937 rng(64);
    const float specials[] = {0.0f, -0.0f, INFINITY, -INFINITY, 1e-45f, -1e-45f, 3e38f, -3e38f, k24, 1.0f, -1.0f};
    for (int iter = 0; iter < 2000; ++iter) {
        float x[64];
        for (float& f : x) {
            const unsigned k = rng() % 4;
            if (k == 0) {
                f = specials[rng() % (sizeof specials / sizeof specials[0])];
            } else {
                const float m = static_cast<float>(static_cast<int>(rng() % 2001) - 1000);
                f = std::ldexp(m, static_cast<int>(rng() % 60) - 30);
            }
        }
        const int count = iter < 65 ? iter : static_cast<int>(rng() % 65);
        float v[64];
        for (int i = 0; i < 64; ++i) v[i] = i < count ? x[i] : 0.0f;
        for (int width = 64; width > 1; width /= 2) {
            for (int i = 0; i < width / 2; ++i) v[i] = v[2 * i] + v[2 * i + 1];
        }
        const float got = RegisterTreeSum(x, count);
        if (std::isnan(v[0])) {  // inf + -inf somewhere
            EXPECT_TRUE(std::isnan(got)) << "count " << count;
        } else {
            EXPECT_EQ(std::signbit(got), std::signbit(v[0])) << "count " << count;
            EXPECT_EQ(got, v[0]) << "count " << count;
        }
    }
}

TEST(MseV2Order, Arch35CounterModeRegisters) {
    // <= 2 registers: lane-wise v0 + v1 first. x0 = 2^24, x1 = 1, x65 = 1: lanes 2^24 and 1 + 1 = 2 -> 2^24 + 2.
    std::vector<float> x(128, 0.0f);
    x[0] = k24;
    x[1] = 1.0f;
    x[65] = 1.0f;
    EXPECT_EQ(Arch35ReduceSum(x.data(), 128), k24 + 2.0f);
    EXPECT_EQ(LevelTreeSum(x.data(), 128), k24);  // per-repeat trees first: 2^24 + 1 -> 2^24, then + 1 -> 2^24
    // 4 registers: (v0 + v1) + (v2 + v3): x0 = 2^24, x128 = x192 = 1 -> 2^24 + 2; ((v0 + v1) + v2) + v3 -> 2^24.
    std::vector<float> z(256, 0.0f);
    z[0] = k24;
    z[128] = 1.0f;
    z[192] = 1.0f;
    EXPECT_EQ(Arch35ReduceSum(z.data(), 256), k24 + 2.0f);
    // 3 registers: (v0 + v1) + v2: x0 = 2^24, x64 = 1, x128 = 1 -> lane 0: (2^24 + 1) + 1 -> 2^24.
    std::vector<float> w(192, 0.0f);
    w[0] = k24;
    w[64] = 1.0f;
    w[128] = 1.0f;
    EXPECT_EQ(Arch35ReduceSum(w.data(), 192), k24);
    // Beyond 4 registers the per-repeat trees: 320 values, 2^24 at 0 and 1 at 64, 128, 192, 256 -> repeat
    // results [2^24, 1, 1, 1, 1] -> tree ((2^24 + 1) + (1 + 1)) + ((1 + 0) + 0) = (2^24 + 2) + 1, a tie that
    // rounds to even: 2^24 + 4 (a sequential sum would give 2^24).
    std::vector<float> u(320, 0.0f);
    u[0] = k24;
    for (int i : {64, 128, 192, 256}) u[i] = 1.0f;
    EXPECT_EQ(Arch35ReduceSum(u.data(), 320), k24 + 4.0f);
}

TEST(MseV2Order, A2RepeatsInOrderAnd310PTree) {
    // Repeat results [2^24, 1, 1, 1]: in order ((2^24 + 1) + 1) + 1 = 2^24; as a tree (2^24 + 1) + (1 + 1) = 2^24 + 2.
    std::vector<float> x(256, 0.0f);
    x[0] = k24;
    x[64] = x[128] = x[192] = 1.0f;
    EXPECT_EQ(A2ReduceSum(x.data(), 256), k24);
    EXPECT_EQ(AscendCFinalSum(x.data(), 256, false), k24);
    EXPECT_EQ(AscendCFinalSum(x.data(), 256, true), k24 + 2.0f);
    EXPECT_EQ(A2ReduceSum(x.data(), 3), k24);
}

TEST(MseV2Order, KahanAcrossCores) {
    const float p[3] = {k24, 1.0f, 1.0f};
    EXPECT_EQ(KahanSum(p, 3), k24 + 2.0f);  // the compensation carries the lost 1; plain addition gives 2^24
    EXPECT_EQ(KahanSum(p, 0), 0.0f);
}

TEST(MseV2Order, Arch35Tiling) {
    // n = 6: CeilAlign(CeilDiv(6, 64), 32) = 32, one core; n <= 1024: FloorAlign(63488 / 7, 64) = 9024.
    Arch35MseV2Tiling t = TileArch35MseV2(6, kHw950);
    EXPECT_EQ(t.block_factor, 32);
    EXPECT_EQ(t.used_cores, 1);
    EXPECT_EQ(t.ub_factor, 9024);
    // n = 2048: 32 per core, 64 cores, FloorAlign(63488 / 10, 64) = 6336.
    t = TileArch35MseV2(2048, kHw950);
    EXPECT_EQ(t.block_factor, 32);
    EXPECT_EQ(t.used_cores, 64);
    EXPECT_EQ(t.ub_factor, 6336);
    // n = 10^6: CeilDiv = 15625 -> 15648 per core, CeilDiv(10^6, 15648) = 64 cores (the last holds 14176).
    t = TileArch35MseV2(1000000, kHw950);
    EXPECT_EQ(t.block_factor, 15648);
    EXPECT_EQ(t.used_cores, 64);
    // Core 0 in chunks 6336, 6336, 2976; the last core 6336, 6336, 1504.
    VecSource s;
    s.v.assign(1000000, 1.0f);
    std::vector<float> buf(static_cast<size_t>(t.ub_factor));
    EXPECT_EQ(Arch35CorePartial(t, 0, s.Source(), buf.data()), 15648.0f);
    EXPECT_EQ(s.calls, (std::vector<std::pair<int64_t, int64_t>>{{0, 6336}, {6336, 6336}, {12672, 2976}}));
    s.calls.clear();
    EXPECT_EQ(Arch35CorePartial(t, 63, s.Source(), buf.data()), 14176.0f);
    EXPECT_EQ(s.calls, (std::vector<std::pair<int64_t, int64_t>>{{985824, 6336}, {992160, 6336}, {998496, 1504}}));
}

TEST(MseV2Order, Arch35ChunkSumsAreSequential) {
    // One core (a hardware of one vector core), two chunks of 6336 and 64: partial = (0 + s0) + s1.
    const MseV2Hardware one{1, 253952};
    VecSource s;
    s.v.assign(6400, 0.0f);
    s.v[0] = k24;  // chunk 0 sums to 2^24 + 1 -> in the chunk's tree: 2^24 + 1 -> 2^24 (x0 + x1 pair)
    s.v[1] = 1.0f;
    s.v[6336] = 1.0f;  // chunk 1 (64 elements) sums to 2
    s.v[6337] = 1.0f;
    const Arch35MseV2Tiling t = TileArch35MseV2(6400, one);
    EXPECT_EQ(t.block_factor, 6400);
    EXPECT_EQ(t.ub_factor, 6336);
    EXPECT_EQ(Arch35MseV2Total(6400, one, false, s.Source()), k24 + 2.0f);
    EXPECT_EQ(Arch35MseV2Total(6400, one, true, s.Source()), (k24 + 2.0f) / 6400.0f);
}

TEST(MseV2Order, AscendCTiling) {
    // FLOAT, n = 100: 12 blocks + 4 elements, one core; U = (196608 - 64) / 32 = 6142, blockPerQue 3071.
    AscendCMseV2Tiling t = TileAscendCMseV2(100, 4, kHwA2);
    EXPECT_EQ(t.core_num, 1);
    EXPECT_EQ(t.block_per_core, 12);
    EXPECT_EQ(t.tail_elems, 4);
    EXPECT_EQ(t.tile_length, 3071 * 8);
    EXPECT_EQ(t.epochs_last, 0);
    EXPECT_EQ(t.tail_tile_length_last, 96);
    // FLOAT16, n = 10^6: 62500 blocks on 48 cores, 1302 each, 4 extra on the last; U = (196608 - 32 * 49) / 32
    // = 6095, blockPerQue = 6095 / 6 = 1015 (1302 / 1015 = 1 epoch: single buffer).
    t = TileAscendCMseV2(1000000, 2, kHwA2);
    EXPECT_EQ(t.core_num, 48);
    EXPECT_EQ(t.block_per_core, 1302);
    EXPECT_EQ(t.tail_blocks, 4);
    EXPECT_EQ(t.buffer_num, 1);
    EXPECT_EQ(t.tile_length, 16240);
    EXPECT_EQ(t.epochs, 1);
    EXPECT_EQ(t.tail_tile_length, 287 * 16);
    EXPECT_EQ(t.tail_tile_length_last, 291 * 16);
    EXPECT_FLOAT_EQ(t.scale, 1e-6f);
    // FLOAT, n = 2^22 on 48 cores: 524288 blocks, 10922 per core -> more than one epoch: double buffer,
    // blockPerQue = (196608 - 32 * 49) / 32 / 4 = 1523.
    t = TileAscendCMseV2(int64_t{1} << 22, 4, kHwA2);
    EXPECT_EQ(t.buffer_num, 2);
    EXPECT_EQ(t.tile_length, 1523 * 8);
}

TEST(MseV2Order, BisectFoldByHand) {
    std::vector<float> q(20);
    for (int i = 0; i < 20; ++i) q[i] = static_cast<float>(i);
    float acc[8] = {};
    // L = 20: off 16 -> q0..3 = 16, 18, 20, 22; L = 16: off 8 -> 24, 27, 30, 33, 16, 18, 20, 22.
    BisectFold(q.data(), 20, 1.0f, acc);
    EXPECT_EQ(std::vector<float>(acc, acc + 8), (std::vector<float>{24, 27, 30, 33, 16, 18, 20, 22}));
    // A short tile (L <= 8) is scaled and added lane by lane.
    float two[3] = {1, 2, 4};
    BisectFold(two, 3, 0.5f, acc);
    EXPECT_EQ(std::vector<float>(acc, acc + 8), (std::vector<float>{24.5f, 28, 32, 33, 16, 18, 20, 22}));
}

TEST(MseV2Order, AscendCCoresAndTails) {
    // FLOAT16 n = 100: 6 blocks of 16 + 4; one core, a single tail tile of 100 elements.
    VecSource s;
    for (int i = 0; i < 100; ++i) s.v.push_back(static_cast<float>(i % 7));
    const AscendCMseV2Tiling t = TileAscendCMseV2(100, 2, kHwA2);
    std::vector<float> buf(static_cast<size_t>(t.tile_length + 16));
    float lanes[8];
    AscendCCoreLanes(t, 0, false, s.Source(), buf.data(), lanes);
    EXPECT_EQ(s.calls, (std::vector<std::pair<int64_t, int64_t>>{{0, 100}}));
    float total = 0;
    for (float l : lanes) total += l;
    EXPECT_EQ(total, 295.0f);  // small integers: every order is exact (14 periods of 21, then 0 + 1)
    // The whole reduction equals the independent model for sizes across the tiling's branches.
    for (int64_t n : {1, 7, 8, 9, 17, 1000, 16385, 100003, 800001}) {
        VecSource r;
        uint32_t x = 12345u + static_cast<uint32_t>(n);
        for (int64_t i = 0; i < n; ++i) {
            x = x * 1664525u + 1013904223u;
            r.v.push_back(static_cast<float>(x >> 8) * 0x1p-20f);
        }
        for (int item : {4, 2}) {
            for (bool mean : {false, true}) {
                EXPECT_EQ(AscendCMseV2Total(n, item, kHwA2, mean, false, r.Source()),
                          mseref::SumAscendC(r.v, item, mean, false))
                    << n;
                EXPECT_EQ(AscendCMseV2Total(n, item, kHw310P, mean, true, r.Source()),
                          mseref::SumAscendC(r.v, item, mean, true))
                    << n;
            }
        }
        for (bool mean : {false, true}) {
            EXPECT_EQ(Arch35MseV2Total(n, kHw950, mean, r.Source()), mseref::Sum950(r.v, mean)) << n;
        }
    }
}

// The ReduceOrder classes the operator hands to PlanReduce give what the whole-sum functions give: in
// particular the AscendC order's part sums (the tree of a core's 8 lanes) and Combine (trees of 8 part sums
// per repeat) are the final ReduceSum over all lanes, bit for bit.
float RunOrder(const aclcpu::engine::ReduceOrder& o, const VecSource& src) {
    std::vector<float> scratch(static_cast<size_t>(o.ScratchFloats())), partials;
    int64_t expect_begin = 0;
    for (int64_t p = 0; p < o.Parts(); ++p) {
        int64_t b = 0, e = 0;
        o.PartRange(p, &b, &e);
        EXPECT_EQ(b, expect_begin);  // the parts tile [0, n) in order
        expect_begin = e;
        partials.push_back(o.ReducePart(p, src, scratch.data()));
    }
    EXPECT_EQ(expect_begin, static_cast<int64_t>(src.v.size()));
    return o.Combine(partials.data(), static_cast<int64_t>(partials.size()));
}

TEST(MseV2Order, OrderClassesEqualTheWholeSums) {
    for (int64_t n : {1, 9, 1000, 5000, 70001, 400003}) {
        VecSource r;
        uint32_t x = 777u + static_cast<uint32_t>(n);
        for (int64_t i = 0; i < n; ++i) {
            x = x * 1664525u + 1013904223u;
            r.v.push_back(static_cast<float>(x >> 8) * 0x1p-12f);  // up to 2^12: sums lose bits in every order
        }
        for (bool mean : {false, true}) {
            EXPECT_EQ(RunOrder(*MakeMseV2Order(MseV2Order::kArch35, n, 4, mean), r),
                      Arch35MseV2Total(n, kHw950, mean, r));
            for (int item : {4, 2}) {
                EXPECT_EQ(RunOrder(*MakeMseV2Order(MseV2Order::kA2, n, item, mean), r),
                          AscendCMseV2Total(n, item, kHwA2, mean, false, r))
                    << n;
                EXPECT_EQ(RunOrder(*MakeMseV2Order(MseV2Order::k310P, n, item, mean), r),
                          AscendCMseV2Total(n, item, kHw310P, mean, true, r))
                    << n;
            }
        }
    }
    // More than 8 cores' lanes with unequal lane values, directly: Combine of per-core trees == A2ReduceSum /
    // LevelTreeSum of all lanes, for 1..48 cores of random lanes.
    uint32_t x = 99u;
    for (int cores = 1; cores <= 48; ++cores) {
        std::vector<float> lanes(static_cast<size_t>(cores) * 8), parts;
        for (auto& l : lanes) {
            x = x * 1664525u + 1013904223u;
            l = static_cast<float>(x >> 4) * 0x1p-10f;
        }
        for (int c = 0; c < cores; ++c) parts.push_back(aclcpu::engine::RegisterTreeSum(&lanes[c * 8], 8));
        std::vector<float> parts2 = parts;
        const MseV2AscendCOrder a2(1, 4, kHwA2, false, false), p310(1, 4, kHw310P, false, true);
        EXPECT_EQ(a2.Combine(parts.data(), cores), A2ReduceSum(lanes.data(), cores * 8)) << cores;
        EXPECT_EQ(p310.Combine(parts2.data(), cores), LevelTreeSum(lanes.data(), cores * 8)) << cores;
    }
}

}  // namespace
