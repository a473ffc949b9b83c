// Tiled plans (engine/loop.h: PlanTiles / ForEachTileRow, used for transposed inputs) and the whole operator
// on non-contiguous views, against an oracle that knows nothing of the planner: for every index of the
// broadcast shape it finds each operand's element from the view's own shape, strides and offset, and applies
// convert.h's scalar conversions and L1Element (SPEC 5). Both sign rules run at the kernel level; the API
// level runs in the active profile with the matching rule.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "support/simd_targets.h"
#include "support/test_util.h"
#include "kernels/convert.h"
#include "engine/loop.h"
#include "kernels/l1_loss_grad.h"
#include "kernels/l1_simd.h"
#include "kernels/transpose_simd.h"
#include "tensor/dtype.h"

namespace {

using namespace aclcpu;
using namespace aclcpu::engine;
using namespace aclcpu::kern;

struct View {
    std::vector<int64_t> shape, strides;  // elements
    int64_t offset = 0;
    aclDataType dt = ACL_FLOAT;
    int64_t storage = 0;  // elements
};

// The byte offset of broadcast index idx (outermost first, b dims) in a view right-aligned to b.
int64_t ByteOffset(const View& v, const std::vector<int64_t>& b, const std::vector<int64_t>& idx) {
    int64_t e = v.offset;
    const size_t nd = v.shape.size();
    for (size_t k = 0; k < nd; ++k) {
        const size_t bd = b.size() - nd + k;
        if (v.shape[k] != 1) e += idx[bd] * v.strides[k];
    }
    return e * static_cast<int64_t>(ItemSize(v.dt));
}

// The oracle: out (of view o) = L1 gradient of g, s, t views over broadcast shape b.
void Oracle(const L1Params& p, const View* v, char* const* data, const std::vector<int64_t>& b) {
    int64_t numel = 1;
    for (int64_t d : b) numel *= d;
    std::vector<int64_t> idx(b.size(), 0);
    for (int64_t i = 0; i < numel; ++i) {
        int64_t rem = i;
        for (size_t d = b.size(); d-- > 0;) {
            idx[d] = rem % b[d];
            rem /= b[d];
        }
        const float g = LoadPromoted(data[1] + ByteOffset(v[1], b, idx), v[1].dt, p.promote);
        const float s = LoadPromoted(data[2] + ByteOffset(v[2], b, idx), v[2].dt, p.promote);
        const float t = LoadPromoted(data[3] + ByteOffset(v[3], b, idx), v[3].dt, p.promote);
        StoreResult(data[0] + ByteOffset(v[0], b, idx), v[0].dt, RoundToPromoted(L1Element(g, s, t, p), p.promote));
    }
}

void FillRandom(std::mt19937& rng, std::vector<char>& buf, aclDataType dt) {
    const size_t item = ItemSize(dt);
    for (size_t i = 0; i + item <= buf.size(); i += item) {
        const float v = static_cast<float>(static_cast<int>(rng() % 9) - 4) * 0.5f;
        uint32_t u = aclcpu_test::Bits(v);
        if (rng() % 50 == 0) u = 0x7FC00000u;  // NaN
        if (dt == ACL_FLOAT) {
            std::memcpy(&buf[i], &u, 4);
        } else if (dt == ACL_FLOAT16) {
            const uint16_t h = FloatToHalf(aclcpu_test::FromBits(u));
            std::memcpy(&buf[i], &h, 2);
        } else if (dt == ACL_BF16) {
            const uint16_t h = static_cast<uint16_t>(u >> 16);
            std::memcpy(&buf[i], &h, 2);
        } else if (dt == ACL_INT32) {
            const int32_t x = static_cast<int32_t>(rng() % 7) - 3;
            std::memcpy(&buf[i], &x, 4);
        }
    }
}

// A view of shape `shape` whose dims are laid out in memory in the order `perm` (perm[0] outermost), with
// an optional extra stride factor on the innermost memory dim and an offset.
View Permuted(const std::vector<int64_t>& shape, const std::vector<int>& perm, aclDataType dt, int64_t gap = 1,
              int64_t offset = 0) {
    View v;
    v.shape = shape;
    v.dt = dt;
    v.offset = offset;
    v.strides.assign(shape.size(), 0);
    int64_t s = gap;
    for (size_t k = perm.size(); k-- > 0;) {
        v.strides[static_cast<size_t>(perm[k])] = s;
        s *= shape[static_cast<size_t>(perm[k])];
    }
    v.storage = offset + s;
    return v;
}

struct TileCase {
    std::vector<int64_t> b;
    View v[4];  // out, g, s, t
    aclDataType P;
};

std::vector<TileCase> Cases() {
    const aclDataType F = ACL_FLOAT, H = ACL_FLOAT16, B = ACL_BF16;
    std::vector<TileCase> c;
    // 2-D transposed self, each dtype
    for (aclDataType d : {F, H, B}) {
        c.push_back({{300, 700},
                     {Permuted({300, 700}, {0, 1}, d), Permuted({300, 700}, {0, 1}, d), Permuted({300, 700}, {1, 0}, d),
                      Permuted({300, 700}, {0, 1}, d)},
                     d});
    }
    // transposed self and target, broadcast gradOutput column, 3-D with an outer batch dim
    c.push_back({{3, 130, 260},
                 {Permuted({3, 130, 260}, {0, 1, 2}, F), Permuted({3, 130, 1}, {0, 1, 2}, F),
                  Permuted({3, 130, 260}, {0, 2, 1}, F), Permuted({3, 130, 260}, {2, 0, 1}, F)},
                 F});
    // mixed: f16 transposed self, f32 target, f32 output
    c.push_back({{257, 511},
                 {Permuted({257, 511}, {0, 1}, F), Permuted({257, 511}, {0, 1}, F), Permuted({257, 511}, {1, 0}, H),
                  Permuted({257, 511}, {0, 1}, F)},
                 F});
    // int32 transposed self with bf16 others; strided transposed (gap 3) with offset
    c.push_back({{100, 333},
                 {Permuted({100, 333}, {0, 1}, B), Permuted({100, 333}, {0, 1}, B), Permuted({100, 333}, {1, 0}, ACL_INT32),
                  Permuted({100, 333}, {1, 0}, B, 3, 5)},
                 B});
    // transposed self wider than one tile along dim 0 (tile0 1024 for FLOAT), rows not a multiple of a strip
    c.push_back({{1030, 1100},
                 {Permuted({1030, 1100}, {0, 1}, F), Permuted({1030, 1100}, {0, 1}, F),
                  Permuted({1030, 1100}, {1, 0}, F), Permuted({1030, 1100}, {0, 1}, F)},
                 F});
    // transposed output (everything else contiguous): the planner walks the output forwards, so the
    // inputs become the scattered operands
    c.push_back({{200, 300},
                 {Permuted({200, 300}, {1, 0}, F), Permuted({200, 300}, {0, 1}, F), Permuted({200, 300}, {0, 1}, F),
                  Permuted({200, 300}, {0, 1}, F)},
                 F});
    return c;
}

struct Buffers {
    std::vector<char> mem[4];
    char* data[4];
};

Buffers Make(std::mt19937& rng, const TileCase& c) {
    Buffers b;
    for (int k = 0; k < 4; ++k) {
        b.mem[k].assign(static_cast<size_t>(c.v[k].storage) * ItemSize(c.v[k].dt) + 64, 0);
        if (k > 0) FillRandom(rng, b.mem[k], c.v[k].dt);
        b.data[k] = b.mem[k].data();
    }
    return b;
}

// The register-transposing stager against the definition buf[j * pitch + a] = element (a, j): every size
// around the 4x4 / 8x8 blocks, an unaligned source, and nothing written outside the m x rows tile.
TEST(TiledPlans, StageTransposed32MatchesDefinition) {
    const int64_t ms[] = {0, 1, 3, 4, 7, 8, 9, 15, 16, 17, 31, 64, 250, 1024};
    const int64_t rows_list[] = {1, 2, 5, 8, 12, 16, 17, 33};
    aclcpu_test::SimdTargetGuard guard;
    for (int64_t target : aclcpu_test::SimdTargets()) {  // AVX2: 8x8 blocks, SSE4: 4x4, scalar
        simd::ForceTarget(target);
        SCOPED_TRACE(simd::TargetName(target));
        for (int64_t m : ms) {
            for (int64_t rows : rows_list) {
                const int64_t ld = rows + 5;  // source row length (elements), odd on purpose
                std::vector<uint32_t> src(static_cast<size_t>((m + 1) * ld + 1));
                for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint32_t>(i * 2654435761u);
                const char* base = reinterpret_cast<const char*>(src.data() + 1);  // 4-byte, not 32-byte, aligned
                const int64_t pitch = m + 3;
                const uint32_t kSentinel = 0xDEADBEEFu;
                std::vector<uint32_t> buf(static_cast<size_t>(pitch * (rows + 1)), kSentinel);
                StageTransposed32(base, ld * 4, m, rows, pitch, buf.data());
                for (int64_t j = 0; j < rows + 1; ++j) {
                    for (int64_t a = 0; a < pitch; ++a) {
                        const uint32_t got = buf[static_cast<size_t>(j * pitch + a)];
                        if (j < rows && a < m) {
                            ASSERT_EQ(got, src[static_cast<size_t>(1 + a * ld + j)])
                                << "m " << m << " rows " << rows << " a " << a << " j " << j;
                        } else {
                            ASSERT_EQ(got, kSentinel)
                                << "write outside the tile: m " << m << " rows " << rows << " a " << a << " j " << j;
                        }
                    }
                }
            }
        }
    }
}

TEST(TiledPlans, KernelLevelMatchesOracle) {
    std::mt19937 rng(11);
    int tiled = 0;
    for (const TileCase& c : Cases()) {
        for (SignRule rule : {SignRule::kArch35, SignRule::kTbe}) {
            for (bool nt : {false, true}) {
                const L1Params p{c.P, rule, 0.0009999999f};
                Buffers want = Make(rng, c);
                Buffers got;
                for (int k = 0; k < 4; ++k) {
                    got.mem[k] = want.mem[k];
                    got.data[k] = got.mem[k].data();
                }
                Oracle(p, c.v, want.data, c.b);
                OperandSpec ops[4];
                for (int k = 0; k < 4; ++k) {
                    ops[k] = OperandSpec{c.v[k].dt, static_cast<int>(c.v[k].shape.size()), c.v[k].shape.data(),
                                         c.v[k].strides.data(), c.v[k].offset};
                }
                const LoopPlan plan = PlanLoop(c.b.data(), static_cast<int>(c.b.size()), ops, 4);
                const TilePlan tiles = PlanTiles(plan);
                ASSERT_GT(tiles.units, 0) << "case " << tiled << ": expected a tiled plan";
                int64_t inner[4];
                TileRowStrides(plan, tiles, inner);
                const bool streaming = nt && inner[0] == static_cast<int64_t>(ItemSize(plan.dtype[0]));
                const RowFn row = SelectL1Row(&p, plan.dtype, inner, streaming);
                size_t items[4];
                for (int k = 0; k < 4; ++k) items[k] = ItemSize(plan.dtype[k]);
                // Units in two uneven ranges, as two threads would take them.
                const int64_t mid = tiles.units / 3;
                auto fn = [&](char* const* ptrs, const int64_t* st, int64_t n) { row(&p, plan.dtype, ptrs, st, n); };
                ForEachTileRow(plan, tiles, got.data, items, 0, mid, fn);
                ForEachTileRow(plan, tiles, got.data, items, mid, tiles.units, fn);
                StreamFence();
                EXPECT_TRUE(got.mem[0] == want.mem[0]) << "case " << tiled << " rule " << static_cast<int>(rule)
                                                       << " nt " << nt;
            }
        }
        ++tiled;
    }
}

// The same views through the public API (planner, tiling, threads, row selection, streaming decision).
TEST(TiledPlans, ApiMatchesOracle) {
    std::mt19937 rng(12);
    const SignRule rule = std::string(aclrtGetSocName()).find("950") != std::string::npos ? SignRule::kArch35
                                                                                          : SignRule::kTbe;
    int index = 0;
    for (const TileCase& c : Cases()) {
        for (int64_t reduction : {0, 2}) {  // none and sum: r = 1
            const L1Params p{c.P, rule, 1.0f};
            Buffers host = Make(rng, c);
            aclcpu_test::DeviceBuffer dev[4];
            aclTensor* t[4];
            for (int k = 0; k < 4; ++k) {
                dev[k] = aclcpu_test::DeviceBuffer(host.mem[k].size());
                ASSERT_EQ(aclrtMemcpy(dev[k].get(), host.mem[k].size(), host.mem[k].data(), host.mem[k].size(),
                                      ACL_MEMCPY_HOST_TO_DEVICE),
                          ACL_SUCCESS);
                t[k] = aclcpu_test::MakeTensor(c.v[k].shape, c.v[k].dt, dev[k].get(), c.v[k].strides, c.v[k].offset,
                                               {c.v[k].storage});
                ASSERT_NE(t[k], nullptr);
            }
            ASSERT_EQ(aclcpu_test::RunL1(t[1], t[2], t[3], reduction, t[0]), 0) << aclcpu_test::LastError();
            Oracle(p, c.v, host.data, c.b);
            std::vector<char> got(host.mem[0].size());
            ASSERT_EQ(aclrtMemcpy(got.data(), got.size(), dev[0].get(), got.size(), ACL_MEMCPY_DEVICE_TO_HOST), ACL_SUCCESS);
            EXPECT_EQ(std::memcmp(got.data(), host.mem[0].data(), got.size()), 0) << "case " << index;
            for (aclTensor* x : t) aclDestroyTensor(x);
        }
        ++index;
    }
}

}  // namespace
