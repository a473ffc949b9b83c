// The reduction engine's orders (engine/reduce.h) against hand-checked sums and against a naive model of the
// documented Ascend 950 reduce-template order (docs/ops/README.md steps 3-6) written here with its own data
// structures: vectors of chunks and blocks, recursive trees.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "engine/reduce.h"

namespace {

using aclcpu::engine::ReduceHardware;
using aclcpu::engine::ReduceOrder;
using aclcpu::engine::ReduceSumAR;
using aclcpu::engine::ReduceTemplateDag;
using aclcpu::engine::ReduceTemplateOrder;
using aclcpu::engine::ReduceTemplateTiling;
using aclcpu::engine::RegisterTreeSum;
using aclcpu::engine::TileReduceTemplate;
using aclcpu::engine::ValueSource;

uint32_t Bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

// ---- the naive model

// Adjacent-pair tree over a power-of-two number of values, recursively: tree(left half) + tree(right half).
float Tree(const std::vector<float>& v, size_t lo, size_t n) {
    if (n == 1) return v[lo];
    return Tree(v, lo, n / 2) + Tree(v, lo + n / 2, n / 2);
}

float Register(std::vector<float> lanes) {
    lanes.resize(64, 0.0f);
    return Tree(lanes, 0, 64);
}

using Block = std::vector<float>;

// Halving fold of a list of 2^k blocks: block i += block i + size/2 until one is left.
Block FoldHalves(std::vector<Block> blocks) {
    for (size_t size = blocks.size(); size > 1; size /= 2) {
        for (size_t i = 0; i < size / 2; ++i) {
            for (size_t l = 0; l < 64; ++l) blocks[i][l] += blocks[i + size / 2][l];
        }
    }
    return blocks[0];
}

float NaiveChunk(std::vector<float> v) {
    v.resize((v.size() + 7) / 8 * 8, 0.0f);
    if (v.size() <= 64) return Register(v);
    size_t main = 64;
    while (main * 2 <= v.size()) main *= 2;
    for (size_t j = main; j < v.size(); ++j) v[j - main] += v[j];
    std::vector<Block> blocks;
    for (size_t b = 0; b < main / 64; ++b) blocks.emplace_back(v.begin() + b * 64, v.begin() + (b + 1) * 64);
    while (blocks.size() > 16) {
        std::vector<Block> next;
        for (size_t g = 0; g < blocks.size(); g += 16) {
            next.push_back(FoldHalves(std::vector<Block>(blocks.begin() + g, blocks.begin() + g + 16)));
        }
        blocks = next;
    }
    return Register(FoldHalves(blocks));
}

// Tree over 2^k chunk results in the binary counter's operand order: right subtree + left subtree.
float CounterTree(const std::vector<float>& r, size_t lo, size_t n) {
    if (n == 1) return r[lo];
    return CounterTree(r, lo + n / 2, n / 2) + CounterTree(r, lo, n / 2);
}

float NaiveOrder(const std::vector<float>& values, const ReduceTemplateTiling& t) {
    std::vector<std::vector<float>> chunks;
    for (size_t s = 0; s < values.size(); s += static_cast<size_t>(t.ub_factor_r)) {
        const size_t e = std::min(values.size(), s + static_cast<size_t>(t.ub_factor_r));
        chunks.emplace_back(values.begin() + s, values.begin() + e);
    }
    std::vector<float> cores;
    for (size_t c0 = 0; c0 < chunks.size(); c0 += static_cast<size_t>(t.r_per_core)) {
        const size_t count = std::min(chunks.size() - c0, static_cast<size_t>(t.r_per_core));
        size_t pos = 1;
        while (pos * 2 < count) pos *= 2;
        std::vector<float> results;
        for (size_t i = 0; i < pos; ++i) {
            std::vector<float> a = chunks[c0 + i];
            if (i + pos < count) {
                const std::vector<float>& b = chunks[c0 + i + pos];
                for (size_t j = 0; j < b.size(); ++j) a[j] += b[j];
            }
            results.push_back(NaiveChunk(a));
        }
        cores.push_back(CounterTree(results, 0, pos));
    }
    EXPECT_EQ(cores.size(), static_cast<size_t>(t.group_r));
    return cores.size() == 1 ? cores[0] : NaiveChunk(cores);
}

// ---- running an order on a vector of values

struct VectorSource final : ValueSource {
    const std::vector<float>* v;
    void Fill(int64_t begin, int64_t n, float* out) const override {
        for (int64_t i = 0; i < n; ++i) out[i] = (*v)[static_cast<size_t>(begin + i)];
    }
};

float RunOrder(const ReduceOrder& order, const std::vector<float>& values, bool reverse_parts) {
    VectorSource src;
    src.v = &values;
    const int64_t parts = order.Parts();
    std::vector<float> partials(static_cast<size_t>(parts));
    std::vector<float> scratch(static_cast<size_t>(order.ScratchFloats()));
    int64_t covered = 0;
    for (int64_t k = 0; k < parts; ++k) {
        const int64_t p = reverse_parts ? parts - 1 - k : k;
        int64_t b, e;
        order.PartRange(p, &b, &e);
        covered += e - b;
        partials[static_cast<size_t>(p)] = order.ReducePart(p, src, scratch.data());
    }
    EXPECT_EQ(covered, static_cast<int64_t>(values.size()));
    return order.Combine(partials.data(), parts);
}

std::vector<float> RandomValues(size_t n, uint32_t seed) {
    std::mt19937 g(seed);
    std::uniform_real_distribution<float> mag(-30.0f, 30.0f);
    std::vector<float> v(n);
    for (float& x : v) x = std::ldexp(static_cast<float>(g() % 1000003) / 1000003.0f, static_cast<int>(mag(g)));
    return v;
}

ReduceTemplateDag L1Like() {
    ReduceTemplateDag d;
    d.pre_input = 2;
    d.pre_temp_calc = 2;
    d.post_temp_calc = 1;
    return d;
}

// ---- hand-checked sums

TEST(ReduceOrder, RegisterTreeIsAdjacentPairs) {
    // Sequentially 1e8 + 1 - 1e8 + 1 = 1; as the tree (1e8 + 1) + (-1e8 + 1) = 1e8 - 1e8 = 0 (ulp(1e8) = 8).
    float lanes[64] = {1e8f, 1.0f, -1e8f, 1.0f};
    EXPECT_EQ(RegisterTreeSum(lanes, 4), 0.0f);
    // Lanes beyond count are +0 whatever the array holds.
    float junk[64];
    for (float& x : junk) x = 5.0f;
    EXPECT_EQ(RegisterTreeSum(junk, 3), 15.0f);
    // Pairing (l0 + l1) + (l2 + l3), not (l0 + l2) + ...: 1 + 2^24 -> 2^24 (tie to even), 1 + 1 = 2.
    float p[64] = {1.0f, 16777216.0f, 1.0f, 1.0f};
    EXPECT_EQ(RegisterTreeSum(p, 4), 16777218.0f);
}

TEST(ReduceOrder, ReduceSumARHandChecked) {
    // 72 values: padded to 72, main 64, tail 8 added onto lanes 0..7 first. Lane 0 = 2^24 and the tail's
    // first value 1 make lane 0 = 2^24 (tie to even); the other 70 ones sum to 70 in the tree.
    std::vector<float> v(128, 1.0f);
    v[0] = 16777216.0f;
    EXPECT_EQ(ReduceSumAR(v.data(), 72), 16777216.0f + 70.0f);
    // Padding: 65 values pad to 72, so the 65th is a tail element on lane 0.
    std::vector<float> w(128, 7.0f);
    for (int i = 0; i < 65; ++i) w[i] = 1.0f;
    EXPECT_EQ(ReduceSumAR(w.data(), 65), 65.0f);
}

TEST(ReduceOrder, TilingHandChecked) {
    // N = 2^24 FLOAT, DAG (2 inputs, 2 temps, 1 post temp): pre buffers 4 + 2, post 3; resultBlock 512;
    // basicBlock = FloorAlign((237568 - 1536) / 6, 256) = 39168 bytes, bBlockNum 9792 floats; step 9792
    // gives ceil(2^24 / 9792) = 1714 chunks, 1714 / ceil(1714 / 64) = 63 cores > 95 %: accepted.
    ReduceTemplateTiling t = TileReduceTemplate(int64_t{1} << 24, ACL_FLOAT, L1Like());
    EXPECT_EQ(t.basic_block, 39168u);
    EXPECT_EQ(t.ub_factor_r, 9792);
    EXPECT_EQ(t.r_total, 1714);
    EXPECT_EQ(t.r_per_core, 27);
    EXPECT_EQ(t.group_r, 64);
    // N = 98304: the first aligned step from 9792 down with > 95 % of 64 cores busy is 1632 (61 chunks).
    t = TileReduceTemplate(98304, ACL_FLOAT, L1Like());
    EXPECT_EQ(t.ub_factor_r, 1632);
    EXPECT_EQ(t.r_total, 61);
    EXPECT_EQ(t.group_r, 61);
    // Small N: R loads whole into the UB, one chunk on one core.
    t = TileReduceTemplate(1000, ACL_FLOAT, L1Like());
    EXPECT_EQ(t.ub_factor_r, 1000);
    EXPECT_EQ(t.group_r, 1);
    // FLOAT16 input: Ratio() = 2 doubles the floats a basic block holds.
    const ReduceTemplateTiling h = TileReduceTemplate(int64_t{1} << 24, ACL_FLOAT16, L1Like());
    EXPECT_GT(h.ub_factor_r, 9792);
}

// ---- the order against the naive model

TEST(ReduceOrder, MatchesNaiveModelAcrossChunkBoundaries) {
    // A small machine (4 cores, 64 KiB of UB for data) so that many chunks, pre-folds and groupR > 1 occur.
    ReduceHardware hw;
    hw.vector_cores = 4;
    hw.ub_size = 16384 + 65536;
    int checked_multi = 0;
    for (int64_t n : {1, 2, 7, 8, 63, 64, 65, 72, 127, 128, 129, 1000, 1024, 1025, 2623, 2624, 2625, 4096, 5000,
                      9999, 10496, 10497, 65536, 65537, 100000, 262144, 300001}) {
        const ReduceTemplateTiling t = TileReduceTemplate(n, ACL_FLOAT, L1Like(), hw);
        const ReduceTemplateOrder order(n, t);
        const std::vector<float> v = RandomValues(static_cast<size_t>(n), static_cast<uint32_t>(n));
        const float want = NaiveOrder(v, t);
        EXPECT_EQ(Bits(RunOrder(order, v, false)), Bits(want)) << "n=" << n << " ub=" << t.ub_factor_r;
        EXPECT_EQ(Bits(RunOrder(order, v, true)), Bits(want)) << "n=" << n;
        if (t.group_r > 1 && t.r_per_core > 2) ++checked_multi;
    }
    EXPECT_GT(checked_multi, 3);  // the sweep did exercise several chunks per core and several cores
}

TEST(ReduceOrder, MatchesNaiveModelOnAscend950Constants) {
    for (int64_t n : {int64_t{98304}, int64_t{1} << 20, (int64_t{1} << 20) + 13}) {
        const ReduceTemplateTiling t = TileReduceTemplate(n, ACL_FLOAT, L1Like());
        const ReduceTemplateOrder order(n, t);
        const std::vector<float> v = RandomValues(static_cast<size_t>(n), 99u);
        EXPECT_EQ(Bits(RunOrder(order, v, false)), Bits(NaiveOrder(v, t))) << "n=" << n;
    }
}

TEST(ReduceOrder, OrderMattersSoTheModelIsNotVacuous) {
    // 2^24 then 4999 ones: sequentially every +1 is lost (tie to even); the template's tree adds the ones
    // among themselves first.
    std::vector<float> v(5000, 1.0f);
    v[0] = 16777216.0f;
    const ReduceTemplateTiling t = TileReduceTemplate(5000, ACL_FLOAT, L1Like());
    float seq = 0.0f;
    for (float x : v) seq += x;
    EXPECT_EQ(seq, 16777216.0f);
    const float tree = RunOrder(ReduceTemplateOrder(5000, t), v, false);
    EXPECT_GE(tree, 16777216.0f + 4980.0f);  // only the additions onto lane 0's 2^24 can round (ulp 2)
    EXPECT_LE(tree, 16777216.0f + 5000.0f);
}

}  // namespace
