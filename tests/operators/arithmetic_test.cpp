// SPEC 5: the arithmetic of aclnnL1LossBackward on hand-computed values, bit for bit.
//
//   y32 = sign(s, t) * (g * r)   (float32, two multiplies in this order)
//   y_P = y32 rounded to the promoted type P (RNE; subnormals kept; overflow -> inf)
//   gradInput = y_P converted to gradInput's dtype
//
// Default profile: Ascend 950 (sign: s < t ? -1 : s > t ? 1 : 0, NaN -> 0; mean factor r = 1.0f / d1 / d2 ...
// in float32). The last tests switch to Atlas A2 (910B: NaN -> -1, r = (float)(1.0 / numel)) and back.
//
// Expected bit patterns are written out as constants with their derivation; where a constant is a float32
// operation result (a mean factor, a product) the test recomputes it with plain float arithmetic and checks
// the documented constant first, so the derivation itself is verified.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "support/test_util.h"

namespace {

using aclcpu_test::Bits;
using aclcpu_test::DeviceBuffer;
using aclcpu_test::Download;
using aclcpu_test::EmptyTensor;
using aclcpu_test::FloatTensor;
using aclcpu_test::FromBits;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;
using aclcpu_test::RawTensor;
using aclcpu_test::RunL1;

constexpr int64_t kNone = 0, kMean = 1, kSum = 2;
const float kInf = std::numeric_limits<float>::infinity();
const float kNaN = std::numeric_limits<float>::quiet_NaN();

constexpr const char* kSoc950 = "Ascend950PR_9599";

// Finalises and initialises with a JSON config holding `soc` (nullptr: no config), then sets device 0.
void Reinit(const char* soc) {
    ASSERT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    if (soc == nullptr) {
        ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    } else {
        char path[] = "/tmp/aclcpu_arith_cfg_XXXXXX";
        const int fd = mkstemp(path);
        ASSERT_GE(fd, 0);
        const std::string json = std::string("{\"soc_version\": \"") + soc + "\"}";
        ASSERT_EQ(write(fd, json.data(), json.size()), static_cast<ssize_t>(json.size()));
        close(fd);
        const int ret = aclInit(path);
        std::remove(path);
        ASSERT_EQ(ret, ACL_SUCCESS) << LastError();
    }
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
}

// Every test runs in the Ascend 950 profile: the default, or forced by a config when the environment
// (ACLCPU_SOC_VERSION) chose another one.
class Arith : public ::testing::Test {
protected:
    void SetUp() override {
        if (std::strcmp(aclrtGetSocName(), kSoc950) != 0) {
            Reinit("Ascend950");
            forced_ = true;
        }
        ASSERT_STREQ(aclrtGetSocName(), kSoc950);
    }
    void TearDown() override {
        if (forced_) Reinit(nullptr);
    }
    bool forced_ = false;
};

HostTensor Half(const std::vector<int64_t>& shape, const std::vector<uint16_t>& bits) {
    return RawTensor(shape, ACL_FLOAT16, bits.data(), bits.size() * 2);
}
HostTensor Bf16(const std::vector<int64_t>& shape, const std::vector<uint16_t>& bits) {
    return RawTensor(shape, ACL_BF16, bits.data(), bits.size() * 2);
}

std::vector<uint32_t> FloatBitsOf(const HostTensor& out, size_t n) {
    std::vector<uint32_t> b;
    for (float f : Download<float>(out.buffer.get(), n)) b.push_back(Bits(f));
    return b;
}

std::vector<uint16_t> HalfBitsOf(const HostTensor& out, size_t n) { return Download<uint16_t>(out.buffer.get(), n); }

// Counts elements of v different from `want`.
size_t CountNot(const std::vector<uint16_t>& v, uint16_t want) {
    size_t bad = 0;
    for (uint16_t x : v) bad += x != want;
    return bad;
}

// ================================================================ FLOAT, common cases

TEST_F(Arith, SeedSample) {
    // fixtures/seed_sample.cpp: g = {0,1,2,3}, s = {0,1,2,3}, t = 1, mean over [2,2] (r = 0.25).
    //   [0] sign -1 * (0 * 0.25) = -0  -> 0x80000000 (prints -0.000000)
    //   [1] sign  0 * (1 * 0.25) = +0
    //   [2] 1 * 0.5, [3] 1 * 0.75
    HostTensor g = FloatTensor({2, 2}, {0, 1, 2, 3}), s = FloatTensor({2, 2}, {0, 1, 2, 3}),
               t = FloatTensor({2, 2}, {1, 1, 1, 1}), o = EmptyTensor({2, 2}, ACL_FLOAT);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kMean, o.tensor), OK) << LastError();
    EXPECT_EQ(FloatBitsOf(o, 4), (std::vector<uint32_t>{0x80000000u, 0x00000000u, 0x3F000000u, 0x3F400000u}));
    for (int64_t red : {kNone, kSum}) {
        ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, red, o.tensor), OK) << LastError();
        EXPECT_EQ(FloatBitsOf(o, 4), (std::vector<uint32_t>{0x80000000u, 0x00000000u, 0x40000000u, 0x40400000u}));
    }
}

TEST_F(Arith, SignedZeros) {
    // sum (r = 1): y = sign * g.
    const std::vector<float> s = {1, 1, 0, 0, 2, -0.0f, 1};
    const std::vector<float> t = {1, 1, 1, 1, 1, 0.0f, 1};
    const std::vector<float> g = {-2, 2, 0.0f, -0.0f, -0.0f, 5, -0.0f};
    const std::vector<uint32_t> want = {
        0x80000000u,  // s == t: +0 * -2 = -0
        0x00000000u,  // +0 * 2 = +0
        0x80000000u,  // -1 * +0 = -0
        0x00000000u,  // -1 * -0 = +0
        0x80000000u,  // +1 * -0 = -0
        0x00000000u,  // -0 == +0: sign +0, * 5 = +0
        0x80000000u,  // +0 * -0 = -0
    };
    HostTensor gs = FloatTensor({7}, g), ss = FloatTensor({7}, s), ts = FloatTensor({7}, t),
               o = EmptyTensor({7}, ACL_FLOAT);
    ASSERT_EQ(RunL1(gs.tensor, ss.tensor, ts.tensor, kSum, o.tensor), OK) << LastError();
    EXPECT_EQ(FloatBitsOf(o, 7), want);
    // mean over [7]: the zeros keep their signs through g * r.
    ASSERT_EQ(RunL1(gs.tensor, ss.tensor, ts.tensor, kMean, o.tensor), OK) << LastError();
    const std::vector<uint32_t> got = FloatBitsOf(o, 7);
    for (size_t i : {0u, 2u, 4u, 6u}) EXPECT_EQ(got[i], 0x80000000u) << i;
    for (size_t i : {1u, 3u, 5u}) EXPECT_EQ(got[i], 0x00000000u) << i;
}

TEST_F(Arith, NanAndInfinity950) {
    struct Case {
        float s, t, g;
        uint32_t want;  // 0xFFFFFFFF: any NaN
    };
    const uint32_t kAnyNaN = 0xFFFFFFFFu;
    const std::vector<Case> cases = {
        {2, 1, kInf, 0x7F800000u},            // +1 * inf
        {1, 2, kInf, 0xFF800000u},            // -1 * inf
        {1, 1, kInf, kAnyNaN},                // 0 * inf = NaN
        {1, 1, -kInf, kAnyNaN},               // 0 * -inf = NaN
        {2, 1, kNaN, kAnyNaN},                // g NaN
        {kInf, kInf, 3, 0x00000000u},         // s = t = inf -> sign 0
        {-kInf, -kInf, -3, 0x80000000u},      // s = t = -inf -> +0 * -3 = -0
        {kInf, -kInf, 3, 0x40400000u},        // +3
        {-kInf, 5, 3, 0xC0400000u},           // -3
        {kNaN, 1, 3, 0x00000000u},            // NaN in self -> sign 0 (Ascend 950)
        {1, kNaN, 3, 0x00000000u},            // NaN in target -> sign 0
        {kNaN, kNaN, -3, 0x80000000u},        // +0 * -3
        {kNaN, 1, kInf, kAnyNaN},             // 0 * inf
        {3e38f, -3e38f, 1, 0x3F800000u},      // no subtraction: s - t would overflow, sign is still 1
        {std::numeric_limits<float>::denorm_min(), 0, 1, 0x3F800000u},  // tiny but greater
    };
    const size_t n = cases.size();
    std::vector<float> s, t, g;
    for (const Case& c : cases) {
        s.push_back(c.s);
        t.push_back(c.t);
        g.push_back(c.g);
    }
    HostTensor gs = FloatTensor({static_cast<int64_t>(n)}, g), ss = FloatTensor({static_cast<int64_t>(n)}, s),
               ts = FloatTensor({static_cast<int64_t>(n)}, t), o = EmptyTensor({static_cast<int64_t>(n)}, ACL_FLOAT);
    ASSERT_EQ(RunL1(gs.tensor, ss.tensor, ts.tensor, kNone, o.tensor), OK) << LastError();
    const std::vector<float> got = Download<float>(o.buffer.get(), n);
    for (size_t i = 0; i < n; ++i) {
        if (cases[i].want == kAnyNaN) {
            EXPECT_TRUE(std::isnan(got[i])) << i << ": " << got[i];
        } else {
            EXPECT_EQ(Bits(got[i]), cases[i].want) << i << ": " << got[i];
        }
    }
}

TEST_F(Arith, Reductions) {
    // s - t signs: {-1, 0, 1, -1, 0, 1}; g = {1..6}.
    HostTensor g = FloatTensor({2, 3}, {1, 2, 3, 4, 5, 6}), s = FloatTensor({2, 3}, {0, 1, 2, 3, 4, 5}),
               t = FloatTensor({2, 3}, {1, 1, 1, 4, 4, 4}), o = EmptyTensor({2, 3}, ACL_FLOAT);
    for (int64_t red : {kNone, kSum}) {
        ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, red, o.tensor), OK) << LastError();
        EXPECT_EQ(Download<float>(o.buffer.get(), 6), (std::vector<float>{-1, 0, 3, -4, 0, 6}));
    }
    // mean: r = (1.0f / 2) / 3 = 0x3E2AAAAB (0.16666667f, the float nearest 1/6).
    volatile float r = 1.0f;
    r = r / 2.0f;
    r = r / 3.0f;
    ASSERT_EQ(Bits(r), 0x3E2AAAABu);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kMean, o.tensor), OK) << LastError();
    const std::vector<float> got = Download<float>(o.buffer.get(), 6);
    const float sign[6] = {-1, 0, 1, -1, 0, 1};
    for (int i = 0; i < 6; ++i) {
        const float gi = static_cast<float>(i + 1);
        const float prod = gi * r;
        EXPECT_EQ(Bits(got[i]), Bits(sign[i] * prod)) << i;
    }
    // Spot values: 3 * 0x3E2AAAAB = 0.5000000149 -> 0x3F000000 (0.5); 6 * r -> 0x3F800000 (1.0).
    EXPECT_EQ(Bits(got[2]), 0x3F000000u);
    EXPECT_EQ(Bits(got[5]), 0x3F800000u);
    EXPECT_EQ(Bits(got[0]), 0xBE2AAAABu);
}

TEST_F(Arith, MeanFactorOf10x10x10) {
    // Ascend 950: r = 1.0f / 10 / 10 / 10 in float32, left to right = 0.0009999999f = 0x3A83126E
    // (one ulp below (float)0.001 = 0x3A83126F).
    volatile float r = 1.0f;
    r = r / 10.0f;
    r = r / 10.0f;
    r = r / 10.0f;
    ASSERT_EQ(Bits(r), 0x3A83126Eu);
    const std::vector<float> ones(1000, 1.0f), zeros(1000, 0.0f);
    HostTensor g = FloatTensor({10, 10, 10}, ones), s = FloatTensor({10, 10, 10}, ones),
               t = FloatTensor({10, 10, 10}, zeros), o = EmptyTensor({10, 10, 10}, ACL_FLOAT);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kMean, o.tensor), OK) << LastError();
    size_t bad = 0;
    for (uint32_t b : FloatBitsOf(o, 1000)) bad += b != 0x3A83126Eu;
    EXPECT_EQ(bad, 0u);
    // The factor counts the broadcast shape, not gradOutput's: a 0-d gradOutput gives the same.
    HostTensor g0 = FloatTensor({}, {1.0f});
    ASSERT_EQ(RunL1(g0.tensor, s.tensor, t.tensor, kMean, o.tensor), OK) << LastError();
    bad = 0;
    for (uint32_t b : FloatBitsOf(o, 1000)) bad += b != 0x3A83126Eu;
    EXPECT_EQ(bad, 0u);
}

TEST_F(Arith, ScalarGradOutputWithMean) {
    // g is 0-d (3.0), s and t are [2,3]: b = [2,3], r = 0x3E2AAAAB; 3 * r = 0x3F000000 (0.5).
    HostTensor g = FloatTensor({}, {3.0f}), s = FloatTensor({2, 3}, {0, 1, 2, 3, 4, 5}),
               t = FloatTensor({2, 3}, {1, 1, 1, 4, 4, 4}), o = EmptyTensor({2, 3}, ACL_FLOAT);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kMean, o.tensor), OK) << LastError();
    EXPECT_EQ(FloatBitsOf(o, 6), (std::vector<uint32_t>{0xBF000000u, 0, 0x3F000000u, 0xBF000000u, 0, 0x3F000000u}));
    // All three 0-d: b = [] counts as [1], r = 1.
    HostTensor s0 = FloatTensor({}, {2.0f}), t0 = FloatTensor({}, {5.0f}), o0 = EmptyTensor({}, ACL_FLOAT);
    ASSERT_EQ(RunL1(g.tensor, s0.tensor, t0.tensor, kMean, o0.tensor), OK) << LastError();
    EXPECT_EQ(FloatBitsOf(o0, 1), (std::vector<uint32_t>{0xC0400000u}));  // -3
}

TEST_F(Arith, Broadcast) {
    // self [2,1] = {1, 5}, target [1,3] = {0, 3, 6}, gradOutput [] = 2 -> b = [2,3]:
    //   row s=1: sign(1-0)=1, sign(1-3)=-1, sign(1-6)=-1; row s=5: 1, 1, -1.
    HostTensor s = FloatTensor({2, 1}, {1, 5}), t = FloatTensor({1, 3}, {0, 3, 6}), g = FloatTensor({}, {2.0f}),
               o = EmptyTensor({2, 3}, ACL_FLOAT);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kSum, o.tensor), OK) << LastError();
    EXPECT_EQ(Download<float>(o.buffer.get(), 6), (std::vector<float>{2, -2, -2, 2, 2, -2}));
    // mean: 2 * r with r = 0x3E2AAAAB -> 0x3EAAAAAB (exact doubling).
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kMean, o.tensor), OK) << LastError();
    EXPECT_EQ(FloatBitsOf(o, 6), (std::vector<uint32_t>{0x3EAAAAABu, 0xBEAAAAABu, 0xBEAAAAABu, 0x3EAAAAABu,
                                                        0x3EAAAAABu, 0xBEAAAAABu}));
    // The roles permuted: gradOutput [2,1] = {1, 2}, self [1,3] = {0, 5, 1}, target [] = 1.
    HostTensor g2 = FloatTensor({2, 1}, {1, 2}), s2 = FloatTensor({1, 3}, {0, 5, 1}), t2 = FloatTensor({}, {1.0f});
    ASSERT_EQ(RunL1(g2.tensor, s2.tensor, t2.tensor, kNone, o.tensor), OK) << LastError();
    EXPECT_EQ(Download<float>(o.buffer.get(), 6), (std::vector<float>{-1, 1, 0, -2, 2, 0}));
    // Broadcast over a leading dim of a 3-d result: self [3] against target [2,1,1].
    HostTensor s3 = FloatTensor({3}, {1, 2, 3}), t3 = FloatTensor({2, 1, 1}, {2, 0}), g3 = FloatTensor({1}, {4.0f});
    HostTensor o3 = EmptyTensor({2, 1, 3}, ACL_FLOAT);
    ASSERT_EQ(RunL1(g3.tensor, s3.tensor, t3.tensor, kSum, o3.tensor), OK) << LastError();
    EXPECT_EQ(Download<float>(o3.buffer.get(), 6), (std::vector<float>{-4, 0, 4, 4, 4, 4}));
}

TEST_F(Arith, Float32SubnormalsAreKept) {
    // mean over [2]: r = 0.5. g = FLT_MIN (2^-126) -> 2^-127 = 0x00400000 (subnormal);
    // g = 3 * 2^-149 -> 1.5 * 2^-149: the float32 multiply rounds the tie to even, 2 * 2^-149 = 0x00000002.
    HostTensor g = RawTensor({2}, ACL_FLOAT, std::vector<uint32_t>{0x00800000u, 0x00000003u}.data(), 8);
    HostTensor s = FloatTensor({2}, {1, 1}), t = FloatTensor({2}, {0, 0}), o = EmptyTensor({2}, ACL_FLOAT);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kMean, o.tensor), OK) << LastError();
    EXPECT_EQ(FloatBitsOf(o, 2), (std::vector<uint32_t>{0x00400000u, 0x00000002u}));
    // A subnormal self vs zero target still has sign 1 (no flush of inputs).
    HostTensor s2 = RawTensor({2}, ACL_FLOAT, std::vector<uint32_t>{0x00000001u, 0x80000001u}.data(), 8);
    HostTensor g2 = FloatTensor({2}, {1, 1});
    ASSERT_EQ(RunL1(g2.tensor, s2.tensor, t.tensor, kSum, o.tensor), OK) << LastError();
    EXPECT_EQ(Download<float>(o.buffer.get(), 2), (std::vector<float>{1, -1}));
}

// ================================================================ FLOAT16

TEST_F(Arith, Float16Basic) {
    // sum, f16 throughout. g = {1, -2, 65504, 2^-24}; signs {1, -1, 0, 1}.
    HostTensor g = Half({4}, {0x3C00, 0xC000, 0x7BFF, 0x0001}), s = Half({4}, {0x4000, 0x3C00, 0x3C00, 0x3C00}),
               t = Half({4}, {0x3C00, 0x4000, 0x3C00, 0x0000}), o = EmptyTensor({4}, ACL_FLOAT16);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kSum, o.tensor), OK) << LastError();
    EXPECT_EQ(HalfBitsOf(o, 4), (std::vector<uint16_t>{0x3C00, 0x4000, 0x0000, 0x0001}));
}

TEST_F(Arith, Float16TieRoundsUpToEven) {
    // Mean over b = [3515] with a 0-d gradOutput g = f16 0x3EA1 = 1 + 673/1024 = 1.6572265625 and sign +1.
    //   r   = 1.0f / 3515          = 0x39952847 (0x1.2a508ep-12)
    //   y32 = g * r (float32)      = 0x39F73000 (0x1.ee6p-12)
    // In binary16 the exponent -12 is normal (ulp 2^-22): significand 1.1110 1110 0110b; the 10 stored bits
    // are 11 1011 1001 = 0x3B9 and the rest is "10" - exactly half an ulp. 0x3B9 is odd, so RNE rounds up
    // to 0x3BA; exponent field -12 + 15 = 3. Result 0x0C00 | 0x3BA = 0x0FBA (truncation would give 0x0FB9).
    volatile float r = 1.0f;
    r = r / 3515.0f;
    ASSERT_EQ(Bits(r), 0x39952847u);
    volatile float g32 = 1.6572265625f;
    ASSERT_EQ(Bits(g32 * r), 0x39F73000u);
    const int64_t n = 3515;
    HostTensor g = Half({}, {0x3EA1}), s = Half({n}, std::vector<uint16_t>(n, 0x3C00)),
               t = Half({n}, std::vector<uint16_t>(n, 0x0000)), o = EmptyTensor({n}, ACL_FLOAT16);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kMean, o.tensor), OK) << LastError();
    EXPECT_EQ(CountNot(HalfBitsOf(o, n), 0x0FBA), 0u);
    // Sign -1: the same magnitude with the sign bit, 0x8FBA.
    HostTensor t2 = Half({1}, {0x4000});
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t2.tensor, kMean, o.tensor), OK) << LastError();
    EXPECT_EQ(CountNot(HalfBitsOf(o, n), 0x8FBA), 0u);
}

TEST_F(Arith, Float16TieStaysOnEven) {
    // Mean over b = [3439], g = f16 0x3E10 = 1 + 528/1024 = 1.515625, sign +1.
    //   r   = 1.0f / 3439 = 0x39987420 (0x1.30e84p-12)
    //   y32 = g * r       = 0x39E71000 (0x1.ce2p-12)
    // Significand 1.1100 1110 0010b: stored bits 11 0011 1000 = 0x338 (even), remainder "10" = half an ulp,
    // so RNE keeps 0x338: 0x0C00 | 0x338 = 0x0F38 (round-half-away would give 0x0F39).
    volatile float r = 1.0f;
    r = r / 3439.0f;
    ASSERT_EQ(Bits(r), 0x39987420u);
    volatile float g32 = 1.515625f;
    ASSERT_EQ(Bits(g32 * r), 0x39E71000u);
    const int64_t n = 3439;
    HostTensor g = Half({}, {0x3E10}), s = Half({n}, std::vector<uint16_t>(n, 0x3C00)), t = Half({1}, {0x0000}),
               o = EmptyTensor({n}, ACL_FLOAT16);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kMean, o.tensor), OK) << LastError();
    EXPECT_EQ(CountNot(HalfBitsOf(o, n), 0x0F38), 0u);
}

TEST_F(Arith, Float16SubnormalResultsAndTies) {
    // Mean over [8]: r = 1/8 exactly, so y32 = g / 8 exactly and all rounding happens in the f16 store.
    // Subnormal f16 values are k * 2^-24 (k = the bits); g / 8 is k/8 ulps:
    //   0x000C: 12/8 = 1.5  -> tie -> 2 (even)       0x0004: 4/8 = 0.5 -> tie -> 0
    //   0x0014: 20/8 = 2.5  -> tie -> 2 (even)       0x001C: 28/8 = 3.5 -> tie -> 4 (even)
    //   0x000D: 13/8 = 1.625 -> 2                    0x000B: 11/8 = 1.375 -> 1 (kept, not flushed)
    //   0x8014: -2.5 -> tie -> -2 = 0x8002           0x0404 (normal, 1028 ulps): 128.5 -> tie -> 128 = 0x0080
    HostTensor g = Half({8}, {0x000C, 0x0004, 0x0014, 0x001C, 0x000D, 0x000B, 0x8014, 0x0404});
    HostTensor s = Half({8}, std::vector<uint16_t>(8, 0x3C00)), t = Half({8}, std::vector<uint16_t>(8, 0x0000));
    HostTensor o = EmptyTensor({8}, ACL_FLOAT16);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kMean, o.tensor), OK) << LastError();
    EXPECT_EQ(HalfBitsOf(o, 8), (std::vector<uint16_t>{0x0002, 0x0000, 0x0002, 0x0004, 0x0002, 0x0001, 0x8002, 0x0080}));
}

TEST_F(Arith, Float16InputsFloatOutputKeepHalfPrecision) {
    // f16 inputs, FLOAT gradInput: P = FLOAT16, so y is rounded to f16 before widening.
    // mean over [3], g = 1: y32 = r = 1.0f/3 = 0x3EAAAAAB; to f16: significand bits 01 0101 0101|0101...
    // (below half) -> 0x3555 = 2^-2 * 1365/1024 = 0.333251953125 = float 0x3EAAA000 (not 0x3EAAAAAB).
    HostTensor g = Half({3}, {0x3C00, 0x3C00, 0x3C00}), s = Half({3}, {0x4000, 0x3C00, 0x0000}),
               t = Half({3}, {0x3C00, 0x3C00, 0x3C00});
    HostTensor o = EmptyTensor({3}, ACL_FLOAT);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kMean, o.tensor), OK) << LastError();
    EXPECT_EQ(FloatBitsOf(o, 3), (std::vector<uint32_t>{0x3EAAA000u, 0x00000000u, 0xBEAAA000u}));
    // The same into DOUBLE: exact widening of the f16 value.
    HostTensor od = EmptyTensor({3}, ACL_DOUBLE);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kMean, od.tensor), OK) << LastError();
    EXPECT_EQ(Download<double>(od.buffer.get(), 3), (std::vector<double>{0.333251953125, 0.0, -0.333251953125}));
}

TEST_F(Arith, FloatInputsFloat16OutputOverflowAndRounding) {
    // P = FLOAT; the FLOAT16 gradInput gets y32 rounded once (RNE, overflow -> inf, no saturation here).
    // sum, sign +1, y32 = g:
    //   70000 -> inf 0x7C00; -70000 -> 0xFC00; 65519 -> 65504 0x7BFF (below the 65520 midpoint);
    //   65520 -> midpoint of 65504 and 65536: even is 65536 = inf 0x7C00; 65504 -> 0x7BFF;
    //   1e-8 (0.17 ulp of 2^-24) -> +0; 3 * 2^-25 (1.5 ulp) -> tie -> 0x0002.
    const std::vector<float> gv = {70000.0f, -70000.0f, 65519.0f, 65520.0f, 65504.0f, 1e-8f, 3.0f * std::ldexp(1.0f, -25)};
    const int64_t n = static_cast<int64_t>(gv.size());
    HostTensor g = FloatTensor({n}, gv), s = FloatTensor({1}, {1.0f}), t = FloatTensor({1}, {0.0f});
    HostTensor o = EmptyTensor({n}, ACL_FLOAT16);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kSum, o.tensor), OK) << LastError();
    EXPECT_EQ(HalfBitsOf(o, n), (std::vector<uint16_t>{0x7C00, 0xFC00, 0x7BFF, 0x7C00, 0x7BFF, 0x0000, 0x0002}));
}

TEST_F(Arith, IntegerInputsConvertToPromotedTypeFirst) {
    // self INT32 with FLOAT16 target and gradOutput: P = FLOAT16, so self is rounded to f16 (RNE, overflow
    // to inf) before the comparison:
    //   2049 -> 2048 (tie, even) == target 2048 (0x6800)     -> sign 0 -> +0
    //   2051 -> 2052 (tie, even) == target 2052 (0x6802)     -> +0
    //   100000 -> inf > target 60000 (0x7B53)                -> 1
    //   -3 == target -3 (0xC200)                             -> +0
    //   65519 -> 65504 == target 65504 (0x7BFF)              -> +0
    //   65520 -> inf (midpoint, even is 2^16) > 65504        -> 1
    const std::vector<int32_t> sv = {2049, 2051, 100000, -3, 65519, 65520};
    HostTensor s = RawTensor({6}, ACL_INT32, sv.data(), sv.size() * 4);
    HostTensor t = Half({6}, {0x6800, 0x6802, 0x7B53, 0xC200, 0x7BFF, 0x7BFF});
    HostTensor g = Half({6}, std::vector<uint16_t>(6, 0x3C00));
    HostTensor o = EmptyTensor({6}, ACL_FLOAT16);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kSum, o.tensor), OK) << LastError();
    EXPECT_EQ(HalfBitsOf(o, 6), (std::vector<uint16_t>{0x0000, 0x0000, 0x3C00, 0x0000, 0x0000, 0x3C00}));
}

// ================================================================ BFLOAT16

TEST_F(Arith, Bf16TieRoundsUpToEven) {
    // Mean over b = [31335], g = bf16 0x3FA4 = 1 + 36/128 = 1.28125, sign +1.
    //   r   = 1.0f / 31335 = 0x3805DA89
    //   y32 = g * r        = 0x382B8000
    // bf16 keeps the top 16 bits 0x382B; the dropped half 0x8000 is exactly half an ulp and 0x382B is odd,
    // so RNE gives 0x382C (truncation would keep 0x382B).
    volatile float r = 1.0f;
    r = r / 31335.0f;
    ASSERT_EQ(Bits(r), 0x3805DA89u);
    volatile float g32 = 1.28125f;
    ASSERT_EQ(Bits(g32 * r), 0x382B8000u);
    const int64_t n = 31335;
    HostTensor g = Bf16({}, {0x3FA4}), s = Bf16({n}, std::vector<uint16_t>(n, 0x3F80)), t = Bf16({1}, {0x0000});
    HostTensor o = EmptyTensor({n}, ACL_BF16);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kMean, o.tensor), OK) << LastError();
    EXPECT_EQ(CountNot(HalfBitsOf(o, n), 0x382C), 0u);
    // Full-size contiguous inputs on both sides give the same bits; sign -1 sets the sign bit.
    HostTensor sf = Bf16({n}, std::vector<uint16_t>(n, 0x0000)), tf = Bf16({n}, std::vector<uint16_t>(n, 0x3F80));
    ASSERT_EQ(RunL1(g.tensor, sf.tensor, tf.tensor, kMean, o.tensor), OK) << LastError();
    EXPECT_EQ(CountNot(HalfBitsOf(o, n), 0xB82C), 0u);
}

TEST_F(Arith, Bf16TieStaysOnEven) {
    // Mean over b = [31771], g = bf16 0x3FEF = 1 + 111/128 = 1.8671875, sign +1.
    //   r = 1.0f / 31771 = 0x38040449; y32 = g * r = 0x38768000: top half 0x3876 (even), dropped 0x8000 ->
    //   stays 0x3876 (round-half-up would give 0x3877).
    volatile float r = 1.0f;
    r = r / 31771.0f;
    ASSERT_EQ(Bits(r), 0x38040449u);
    volatile float g32 = 1.8671875f;
    ASSERT_EQ(Bits(g32 * r), 0x38768000u);
    const int64_t n = 31771;
    HostTensor g = Bf16({}, {0x3FEF}), s = Bf16({1}, {0x3F80}), t = Bf16({n}, std::vector<uint16_t>(n, 0x0000));
    HostTensor o = EmptyTensor({n}, ACL_BF16);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kMean, o.tensor), OK) << LastError();
    EXPECT_EQ(CountNot(HalfBitsOf(o, n), 0x3876), 0u);
}

TEST_F(Arith, Bf16SubnormalResultsAndTies) {
    // Mean over [8] (r = 1/8 exactly). bf16 subnormals are k * 2^-133; y32 = g / 8 is exact in float32
    // (float subnormals reach 2^-149), and the bf16 store rounds k/8 ulps:
    //   0x000C -> 1.5 -> 2; 0x0004 -> 0.5 -> 0; 0x0014 -> 2.5 -> 2; 0x001C -> 3.5 -> 4; 0x000D -> 1.625 -> 2;
    //   0x000B -> 1.375 -> 1; 0x8014 -> -2.5 -> 0x8002;
    //   0x0084 (normal: 2^-126 * (1 + 4/128) = 132 ulps) -> 16.5 -> tie -> 16 = 0x0010.
    HostTensor g = Bf16({8}, {0x000C, 0x0004, 0x0014, 0x001C, 0x000D, 0x000B, 0x8014, 0x0084});
    HostTensor s = Bf16({8}, std::vector<uint16_t>(8, 0x3F80)), t = Bf16({8}, std::vector<uint16_t>(8, 0x0000));
    HostTensor o = EmptyTensor({8}, ACL_BF16);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kMean, o.tensor), OK) << LastError();
    EXPECT_EQ(HalfBitsOf(o, 8), (std::vector<uint16_t>{0x0002, 0x0000, 0x0002, 0x0004, 0x0002, 0x0001, 0x8002, 0x0010}));
}

TEST_F(Arith, FloatInputsBf16OutputRoundsToNearestEven) {
    // P = FLOAT, gradInput BF16: one RNE rounding of y32 = g (sum, sign +1).
    //   1 + 2^-8 (half an ulp above 0x3F80, even)      -> 0x3F80
    //   1 + 3 * 2^-8 (half an ulp above 0x3F81, odd)   -> 0x3F82 (truncation: 0x3F81)
    //   1 + 2^-8 + 2^-20 (just above half)             -> 0x3F81
    //   -(1 + 3 * 2^-8)                                -> 0xBF82
    //   inf -> 0x7F80; 3.4e38 (0x7F7FC99E) rounds to 0x7F80 (inf): above the 0x7F7F|8000 midpoint
    const std::vector<float> gv = {1.0f + std::ldexp(1.0f, -8), 1.0f + 3.0f * std::ldexp(1.0f, -8),
                                   1.0f + std::ldexp(1.0f, -8) + std::ldexp(1.0f, -20),
                                   -(1.0f + 3.0f * std::ldexp(1.0f, -8)), kInf, FromBits(0x7F7FC99Eu)};
    const int64_t n = static_cast<int64_t>(gv.size());
    HostTensor g = FloatTensor({n}, gv), s = FloatTensor({1}, {1.0f}), t = FloatTensor({1}, {0.0f});
    HostTensor o = EmptyTensor({n}, ACL_BF16);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kSum, o.tensor), OK) << LastError();
    EXPECT_EQ(HalfBitsOf(o, n), (std::vector<uint16_t>{0x3F80, 0x3F82, 0x3F81, 0xBF82, 0x7F80, 0x7F80}));
}

TEST_F(Arith, ComplexOutputGetsZeroImaginaryPart) {
    HostTensor g = FloatTensor({2}, {1.5f, 2.5f}), s = FloatTensor({2}, {0, 3}), t = FloatTensor({2}, {1, 1});
    HostTensor o = EmptyTensor({2}, ACL_COMPLEX64);
    ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kSum, o.tensor), OK) << LastError();
    EXPECT_EQ(Download<float>(o.buffer.get(), 4), (std::vector<float>{-1.5f, 0.0f, 2.5f, 0.0f}));
}

// ================================================================ profile switch (Atlas A2, 910)

TEST_F(Arith, ProfileAscend910B) {
    forced_ = true;  // TearDown re-initialises with the environment's default profile
    Reinit("Ascend910B");
    ASSERT_STREQ(aclrtGetSocName(), "Ascend910B1");
    {
        // NaN sign is -1: s != t is true for NaN, s > t is false.
        HostTensor s = FloatTensor({4}, {kNaN, 1, kNaN, kInf}), t = FloatTensor({4}, {1, kNaN, kNaN, kInf}),
                   g = FloatTensor({4}, {3, 3, -3, 3}), o = EmptyTensor({4}, ACL_FLOAT);
        ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kSum, o.tensor), OK) << LastError();
        EXPECT_EQ(FloatBitsOf(o, 4), (std::vector<uint32_t>{0xC0400000u, 0xC0400000u, 0x40400000u, 0x00000000u}));
        // Mean factor (float)(1.0 / 1000) = 0x3A83126F for [10,10,10].
        volatile double inv = 1.0 / 1000.0;
        ASSERT_EQ(Bits(static_cast<float>(inv)), 0x3A83126Fu);
        const std::vector<float> ones(1000, 1.0f), zeros(1000, 0.0f);
        HostTensor g3 = FloatTensor({10, 10, 10}, ones), s3 = FloatTensor({10, 10, 10}, ones),
                   t3 = FloatTensor({10, 10, 10}, zeros), o3 = EmptyTensor({10, 10, 10}, ACL_FLOAT);
        ASSERT_EQ(RunL1(g3.tensor, s3.tensor, t3.tensor, kMean, o3.tensor), OK) << LastError();
        size_t bad = 0;
        for (uint32_t b : FloatBitsOf(o3, 1000)) bad += b != 0x3A83126Fu;
        EXPECT_EQ(bad, 0u);
        // The seed sample is unchanged.
        HostTensor sg = FloatTensor({2, 2}, {0, 1, 2, 3}), ss = FloatTensor({2, 2}, {0, 1, 2, 3}),
                   st = FloatTensor({2, 2}, {1, 1, 1, 1}), so = EmptyTensor({2, 2}, ACL_FLOAT);
        ASSERT_EQ(RunL1(sg.tensor, ss.tensor, st.tensor, kMean, so.tensor), OK) << LastError();
        EXPECT_EQ(FloatBitsOf(so, 4), (std::vector<uint32_t>{0x80000000u, 0x00000000u, 0x3F000000u, 0x3F400000u}));
        // BF16 is supported on Atlas A2.
        HostTensor b = Bf16({1}, {0x3F80}), bo = EmptyTensor({1}, ACL_BF16);
        ASSERT_EQ(RunL1(b.tensor, b.tensor, b.tensor, kSum, bo.tensor), OK) << LastError();
    }
    Reinit("Ascend910");
    ASSERT_STREQ(aclrtGetSocName(), "Ascend910A");
    {
        // The training series has no BF16 in its support list.
        HostTensor b = Bf16({1}, {0x3F80}), bo = EmptyTensor({1}, ACL_BF16);
        uint64_t ws = 0x1234;
        aclOpExecutor* ex = nullptr;
        LastError();
        EXPECT_EQ(aclnnL1LossBackwardGetWorkspaceSize(b.tensor, b.tensor, b.tensor, 0, bo.tensor, &ws, &ex),
                  ACLNN_ERR_PARAM_INVALID);
        EXPECT_EQ(ws, 0x1234u);
        EXPECT_EQ(ex, nullptr);
        EXPECT_NE(LastError().find("DT_BF16"), std::string::npos);
        // NaN -> -1 there too.
        HostTensor s = FloatTensor({1}, {kNaN}), t = FloatTensor({1}, {0}), g = FloatTensor({1}, {2}),
                   o = EmptyTensor({1}, ACL_FLOAT);
        ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kSum, o.tensor), OK) << LastError();
        EXPECT_EQ(FloatBitsOf(o, 1), (std::vector<uint32_t>{0xC0000000u}));
    }
    // Back to the 950 profile (the fixture restores the environment's default afterwards).
    Reinit("Ascend950");
    {
        HostTensor s = FloatTensor({1}, {kNaN}), t = FloatTensor({1}, {0}), g = FloatTensor({1}, {2}),
                   o = EmptyTensor({1}, ACL_FLOAT);
        ASSERT_EQ(RunL1(g.tensor, s.tensor, t.tensor, kSum, o.tensor), OK) << LastError();
        EXPECT_EQ(FloatBitsOf(o, 1), (std::vector<uint32_t>{0x00000000u}));
    }
}

}  // namespace
