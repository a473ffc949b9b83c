// The reduce template's in-place path (engine::ReduceSumARDirect, kern::FoldChunkGroups) against the buffered
// path it replaces (values widened into a float32 buffer, pre-folded, then engine::ReduceSumAR), bit for bit:
// every chunk length around the fused kernel's group, tail-fold and pre-fold boundaries; FLOAT, FLOAT16 and BF16
// storage; starts misaligned by 0..3 elements; NaN, +-inf, +-0 (all -0 too: the pad's and the pre-fold's +0
// additions turn -0 into +0, a fused path that skipped them would keep -0), subnormals and order-sensitive
// magnitudes; every Highway target this CPU runs. Then whole ReduceTemplateOrders over a source that offers
// direct access and one that does not.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include <gtest/gtest.h>

#include "common/half.h"
#include "engine/reduce.h"
#include "kernels/reduce_fold.h"
#include "kernels/simd_convert.h"
#include "support/simd_targets.h"

namespace {

using aclcpu::engine::kDirectMinChunk;
using aclcpu::engine::ReduceHardware;
using aclcpu::engine::ReduceSumAR;
using aclcpu::engine::ReduceSumARDirect;
using aclcpu::engine::ReduceTemplateDag;
using aclcpu::engine::ReduceTemplateOrder;
using aclcpu::engine::ReduceTemplateTiling;
using aclcpu::engine::TileReduceTemplate;
using aclcpu::engine::ValueSource;
namespace simd = aclcpu::kern::simd;

uint32_t Bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

// Storage of n elements of dtype t (FLOAT: 4 bytes, FLOAT16 / BF16: 2), as raw bytes.
struct Storage {
    aclDataType t;
    std::vector<unsigned char> bytes;
    size_t item() const { return t == ACL_FLOAT ? 4 : 2; }
    int64_t size() const { return static_cast<int64_t>(bytes.size() / item()); }
    const unsigned char* at(int64_t i) const { return bytes.data() + static_cast<size_t>(i) * item(); }
};

// What the value rows write (kernels/reduce_sum.cpp): a copy, or the SIMD widening.
void Widen(const Storage& s, int64_t begin, int64_t n, float* out) {
    if (n <= 0) return;
    if (s.t == ACL_FLOAT) {
        std::memcpy(out, s.at(begin), static_cast<size_t>(n) * 4);
        return;
    }
    std::vector<uint16_t> h(static_cast<size_t>(n));
    std::memcpy(h.data(), s.at(begin), static_cast<size_t>(n) * 2);
    if (s.t == ACL_FLOAT16) {
        simd::HalfToFloat(h.data(), out, static_cast<size_t>(n));
    } else {
        simd::Bf16ToFloat(h.data(), out, static_cast<size_t>(n));
    }
}

// The float32 value of a random element of kind k: 0 order-sensitive magnitudes, 1 specials mixed in, 2 all -0.
float RandomValue(std::mt19937& g, int kind) {
    if (kind == 2) return -0.0f;
    const uint32_t r = g();
    if (kind == 1) {
        switch (r % 16) {
            case 0: return -0.0f;
            case 1: return 0.0f;
            case 2: return std::ldexp(static_cast<float>(r >> 8 & 0x3FF), -150);  // float32 subnormals
            case 3: return -std::ldexp(static_cast<float>(r >> 8 & 0x3FF), -24);  // binary16 subnormals
            case 4: return 65504.0f;
            default: break;
        }
    }
    const float m = static_cast<float>(g() % 1000003) / 1000003.0f;
    const int e = static_cast<int>(g() % 40) - 20;
    return (r & 1 ? -1.0f : 1.0f) * std::ldexp(1.0f + m, e);
}

// n random elements of dtype t (the float values rounded to t), `off` leading elements before them.
Storage RandomStorage(aclDataType t, int64_t n, int kind, uint32_t seed) {
    std::mt19937 g(seed);
    Storage s;
    s.t = t;
    s.bytes.resize(static_cast<size_t>(n) * s.item());
    for (int64_t i = 0; i < n; ++i) {
        const float f = RandomValue(g, kind);
        if (t == ACL_FLOAT) {
            std::memcpy(s.bytes.data() + i * 4, &f, 4);
        } else {
            const uint16_t h = t == ACL_FLOAT16 ? aclcpu::FloatToHalf(f) : aclcpu::FloatToBf16(f);
            std::memcpy(s.bytes.data() + i * 2, &h, 2);
        }
    }
    return s;
}

// Sets element i to one special: 0 +inf, 1 -inf, 2 a quiet NaN with a payload, 3 a signalling NaN.
void PutSpecial(Storage* s, int64_t i, int which) {
    if (s->t == ACL_FLOAT) {
        const uint32_t v[4] = {0x7F800000u, 0xFF800000u, 0x7FC01234u, 0xFF812345u};
        std::memcpy(s->bytes.data() + i * 4, &v[which], 4);
    } else {
        const uint16_t h[4] = {0x7C00u, 0xFC00u, 0x7E12u, 0xFD23u};
        const uint16_t b[4] = {0x7F80u, 0xFF80u, 0x7FC1u, 0xFF91u};
        const uint16_t v = s->t == ACL_FLOAT16 ? h[which] : b[which];
        std::memcpy(s->bytes.data() + i * 2, &v, 2);
    }
}

// The buffered path: ReducePart's Fill / pre-fold / ReduceSumAR for the chunk at `a` (len) with `b` (len2, 0: none).
float Buffered(const Storage& s, int64_t a, int64_t len, int64_t b, int64_t len2) {
    std::vector<float> va(static_cast<size_t>((len + 63) / 64 * 64)), vb(static_cast<size_t>(len2 + 1));
    Widen(s, a, len, va.data());
    if (len2 > 0) {
        Widen(s, b, len2, vb.data());
        for (int64_t j = 0; j < len2; ++j) va[j] = va[j] + vb[j];
        for (int64_t j = len2; j < len; ++j) va[j] = va[j] + 0.0f;
    }
    return ReduceSumAR(va.data(), len);
}

float Direct(const Storage& s, int64_t a, int64_t len, int64_t b, int64_t len2) {
    aclcpu::kern::ChunkValues c;
    c.a = s.at(a);
    c.len = len;
    c.b = len2 > 0 ? s.at(b) : nullptr;
    c.len2 = len2;
    c.dtype = s.t;
    std::vector<float> scratch(static_cast<size_t>((len + 63) / 64 * 64 / 16 + 64), 12345.0f);
    return ReduceSumARDirect(c, scratch.data());
}

// Equal bits; where several NaNs meet, which payload survives is left open (kernels/reduce_fold.h): both NaN.
void ExpectSame(float want, float got, bool many_nans, const char* what, int64_t len, int64_t len2) {
    if (many_nans && std::isnan(want)) {
        EXPECT_TRUE(std::isnan(got)) << what << " len=" << len << " len2=" << len2;
    } else {
        EXPECT_EQ(Bits(want), Bits(got)) << what << " len=" << len << " len2=" << len2 << " want=" << want
                                         << " got=" << got;
    }
}

const aclDataType kTypes[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};

TEST(ReduceDirect, ChunkMatchesBufferedPathEveryTarget) {
    aclcpu_test::SimdTargetGuard guard;
    // Lengths: the smallest direct chunk, group (1024) and block (64) boundaries +- a vector, main-part doublings,
    // a tail fold ending inside a vector (padded - main not a multiple of 16), the Ascend 950 chunk lengths.
    const int64_t lens[] = {2041, 2048, 2049, 2055, 2056, 2064, 2100, 3072, 3073, 3080, 3100, 4095, 4096, 4097, 5000,
                            6143, 6144, 6152, 8191, 8200, 14784, 16391, 29440};
    int sensitive = 0;
    for (int64_t target : aclcpu_test::SimdTargets()) {
        simd::ForceTarget(target);
        for (aclDataType t : kTypes) {
            for (int kind = 0; kind < 3; ++kind) {
                uint32_t seed = 7u + static_cast<uint32_t>(kind) * 1000u + static_cast<uint32_t>(t) * 77u;
                for (int64_t len : lens) {
                    if ((len + 7) / 8 * 8 < kDirectMinChunk) continue;
                    // Chunk b: none, as long, one shorter, ending inside the first group, the tail, a vector.
                    for (int64_t len2 : {int64_t{0}, len, len - 1, int64_t{1}, int64_t{1000}, len / 2 + 3, len - 17}) {
                        if (len2 < 0 || len2 > len) continue;
                        for (int64_t off : {0, 1, 3}) {
                            Storage s = RandomStorage(t, 2 * len + 8, kind, seed++);
                            // one NaN or infinity in most runs, at spots that move with the offsets
                            const bool many = kind == 1 && (seed % 3 == 0);
                            if (kind == 1) {
                                PutSpecial(&s, off + static_cast<int64_t>(seed % static_cast<uint32_t>(len)), seed % 4);
                                if (many) PutSpecial(&s, len + off + static_cast<int64_t>(seed % static_cast<uint32_t>(len2 + 1)), 2);
                            }
                            const float want = Buffered(s, off, len, len + off + 4, len2);
                            const float got = Direct(s, off, len, len + off + 4, len2);
                            ExpectSame(want, got, many, simd::TargetName(target), len, len2);
                            if (kind == 2) {  // all -0: -0 without a pad / pre-fold +0, else +0
                                const bool pad = len % 8 != 0 || (len2 > 0 && len2 < len);
                                EXPECT_EQ(Bits(got), pad ? 0u : 0x80000000u) << "len=" << len << " len2=" << len2;
                            }
                            if (kind == 0 && len2 == 0) {  // the data is order-sensitive, so the check can fail
                                std::vector<float> v(static_cast<size_t>(len));
                                Widen(s, off, len, v.data());
                                float seq = 0.0f;
                                for (float x : v) seq += x;
                                if (Bits(seq) != Bits(want)) ++sensitive;
                            }
                        }
                    }
                }
            }
        }
    }
    EXPECT_GT(sensitive, 20);
}

// A source over storage, with or without direct access (the engine's RowSource for a widening row).
struct StorageSource final : ValueSource {
    const Storage* s = nullptr;
    int64_t off = 0;
    bool direct = false;
    void Fill(int64_t begin, int64_t n, float* out) const override { Widen(*s, off + begin, n, out); }
    bool Direct(const void** base, aclDataType* dtype) const override {
        if (!direct) return false;
        *base = s->at(off);
        *dtype = s->t;
        return true;
    }
};

float RunOrder(const ReduceTemplateOrder& order, const StorageSource& src) {
    const int64_t parts = order.Parts();
    std::vector<float> partials(static_cast<size_t>(parts));
    std::vector<float> scratch(static_cast<size_t>(order.ScratchFloats()));
    for (int64_t p = 0; p < parts; ++p) partials[static_cast<size_t>(p)] = order.ReducePart(p, src, scratch.data());
    return order.Combine(partials.data(), parts);
}

TEST(ReduceDirect, WholeOrdersMatchFillOnly) {
    // Small machines give many chunks per core (pre-folds with a short last chunk), the Ascend 950 constants the
    // real chunk lengths; n covers one-chunk sums, chunks too short for the direct path, and uneven ends.
    ReduceHardware small;
    small.vector_cores = 4;
    small.ub_size = 16384 + 65536;
    const ReduceHardware a950;
    ReduceTemplateDag dag;  // aclnnReduceSum's Cast-ReduceSum-Cast DAG (engine::CastReduceCastDag)
    int direct_chunks = 0;
    for (aclDataType t : kTypes) {
        dag = aclcpu::engine::CastReduceCastDag(t);
        const ReduceHardware* const machines[] = {&small, &a950};
        for (const ReduceHardware* hw : machines) {
            for (int64_t n : {int64_t{2047}, int64_t{4099}, int64_t{10497}, int64_t{65537}, int64_t{100003},
                              int64_t{300001}, (int64_t{1} << 20) + 13}) {
                const ReduceTemplateTiling tl = TileReduceTemplate(n, t, dag, *hw);
                const ReduceTemplateOrder order(n, tl);
                if (tl.ub_factor_r >= kDirectMinChunk) ++direct_chunks;
                for (int kind = 0; kind < 3; ++kind) {
                    for (int64_t off : {0, 1}) {
                        Storage s = RandomStorage(t, n + off, kind, static_cast<uint32_t>(n) + static_cast<uint32_t>(kind));
                        if (kind == 1) PutSpecial(&s, off + n / 3, 0);
                        StorageSource fill, direct;
                        fill.s = direct.s = &s;
                        fill.off = direct.off = off;
                        direct.direct = true;
                        EXPECT_EQ(Bits(RunOrder(order, fill)), Bits(RunOrder(order, direct)))
                            << "t=" << t << " n=" << n << " ub=" << tl.ub_factor_r << " kind=" << kind;
                    }
                }
            }
        }
    }
    EXPECT_GT(direct_chunks, 10);  // the sweep did take the direct path
}

}  // namespace
