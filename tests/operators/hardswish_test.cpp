// aclnnHardswish, aclnnInplaceHardswish, aclnnHardsigmoid, aclnnInplaceHardsigmoid, aclnnHardswishBackward,
// aclnnHardswishBackwardV2 and aclnnHardsigmoidBackward through the public API (docs/ops/hardswish.md,
// hardsigmoid.md, hardswish_backward.md, hardswish_backward_v2.md, hardsigmoid_backward.md): CANN's check order, codes
// and messages; the dtype lists per product profile; the points where the kernels differ from PyTorch's formula (the
// float32 1/6 multiplied where torch divides by 6, -inf, the CAST_ROUND ties of the 16-bit dtypes, the gradients'
// bounds -3 and 3); and sweeps compared bit for bit with the independent model (tests/support/hard_swish_reference.h):
// every FLOAT16 and BF16 bit pattern, random FLOAT bit patterns with the IEEE specials, into contiguous outputs (the
// fused SIMD rows) and strided ones (the generic rows), in place and out of another dtype; and the fused SIMD rows
// against the generic rows on every Highway target this CPU runs (white-box: kernels/hard_swish.h).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_hardsigmoid.h"
#include "aclnnop/aclnn_hardsigmoid_backward.h"
#include "aclnnop/aclnn_hardswish.h"
#include "aclnnop/aclnn_hardswish_backward.h"
#include "aclnnop/aclnn_hardswish_backward_v2.h"
#include "kernels/hard_swish.h"
#include "kernels/simd_convert.h"
#include "support/hard_swish_reference.h"
#include "support/profile_scope.h"
#include "support/simd_targets.h"
#include "support/phases.h"
#include "support/test_util.h"
#include "tensor/dtype.h"

namespace {

using aclcpu_test::DeviceBuffer;
using aclcpu_test::EmptyTensor;
using aclcpu_test::FloatTensor;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;
using aclcpu_test::MakeTensor;
using aclcpu_test::ProfileScope;
using aclcpu_test::ExpectFails;
using aclcpu_test::RunPhases;
using l1ref::Profile;
namespace kern = aclcpu::kern;

constexpr int kNull = 161001;
constexpr int kInvalid = 161002;

const bool kQuietLog = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

reluref::FloatFormat FormatOf(aclDataType dt) {
    reluref::FloatFormat f{};
    reluref::FormatOf(dt, &f);
    return f;
}

size_t ItemOf(aclDataType dt) { return dt == ACL_FLOAT ? 4 : 2; }

/// Sweep inputs of dtype dt: every bit pattern of a 16-bit dtype; for FLOAT random bit patterns, values near the
/// kernels' bounds and the IEEE specials.
std::vector<uint32_t> SweepBits(aclDataType dt, uint64_t seed) {
    std::vector<uint32_t> v;
    if (dt != ACL_FLOAT) {
        for (uint32_t u = 0; u < 65536; ++u) v.push_back(u);
        return v;
    }
    const float edges[] = {-3.0f,     3.0f,       -6.0f,  6.0f,    0.0f,    -0.0f,    1.5f, -1.5f,
                           HUGE_VALF, -HUGE_VALF, 1e-45f, -1e-45f, 3.4e38f, -3.4e38f, 0.5f, -0.5f};
    for (float e : edges) {
        v.push_back(aclcpu_test::Bits(e));
        v.push_back(aclcpu_test::Bits(std::nextafter(e, HUGE_VALF)));
        v.push_back(aclcpu_test::Bits(std::nextafter(e, -HUGE_VALF)));
    }
    for (uint32_t nan : {0x7F800001u, 0xFFC00123u, 0x7FA00000u, 0x7FC00000u}) v.push_back(nan);
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<float> near(-8.0f, 8.0f);
    while (v.size() < 60000) {
        v.push_back(v.size() % 2 ? static_cast<uint32_t>(rng()) : aclcpu_test::Bits(near(rng)));
    }
    return v;
}

/// Element bits as the raw bytes of a dtype-dt array.
std::vector<uint8_t> Pack(aclDataType dt, const std::vector<uint32_t>& bits) {
    const size_t item = ItemOf(dt);
    std::vector<uint8_t> b(bits.size() * item);
    for (size_t i = 0; i < bits.size(); ++i) std::memcpy(b.data() + i * item, &bits[i], item);
    return b;
}

uint32_t ElementAt(const std::vector<uint8_t>& bytes, size_t item, size_t i) {
    uint32_t u = 0;
    std::memcpy(&u, bytes.data() + i * item, item);
    return u;
}

/// Runs a one-input operator over `xs` (dtype dt) into out of dtype odt in three layouts - contiguous (the
/// fused rows when odt == dt), every second element of a strided out (the generic rows), in place (odt == dt)
/// - and compares each element with model(x bits) (bits of odt). run(self, out) is the out-of-place call,
/// run_inplace(self) the in-place one.
template <typename Model, typename Run, typename RunInplace>
void CheckUnary(aclDataType dt, aclDataType odt, const std::vector<uint32_t>& xs, Model&& model, Run&& run,
                RunInplace&& run_inplace, const std::string& what) {
    const int64_t n = static_cast<int64_t>(xs.size());
    const std::vector<uint8_t> in = Pack(dt, xs);
    const size_t oi = ItemOf(odt);
    for (int layout = 0; layout < 3; ++layout) {
        if (layout == 2 && odt != dt) continue;
        HostTensor x = aclcpu_test::RawTensor({n}, dt, in.data(), in.size());
        DeviceBuffer ob(static_cast<size_t>(2 * n) * oi);
        aclTensor* out = layout == 1 ? MakeTensor({n}, odt, ob.get(), {2}) : MakeTensor({n}, odt, ob.get());
        int st;
        if (layout == 2) {
            st = run_inplace(x.tensor);
        } else {
            st = run(x.tensor, out);
        }
        ASSERT_EQ(st, 0) << what << " layout " << layout << ": " << LastError();
        const std::vector<uint8_t> got = aclcpu_test::Download<uint8_t>(
            layout == 2 ? x.buffer.get() : ob.get(), static_cast<size_t>(layout == 1 ? 2 * n : n) * oi);
        int bad = 0;
        for (int64_t i = 0; i < n && bad < 5; ++i) {
            const uint32_t g = ElementAt(got, oi, static_cast<size_t>(layout == 1 ? 2 * i : i));
            const uint32_t w = model(xs[static_cast<size_t>(i)]);
            if (g != w) {
                ++bad;
                ADD_FAILURE() << what << " layout " << layout << ": x 0x" << std::hex << xs[static_cast<size_t>(i)]
                              << " got 0x" << g << " want 0x" << w;
            }
        }
        aclDestroyTensor(out);
    }
}

/// Runs a two-input operator (gradOutput gs of dtype gdt, self xs of dtype xdt, the same shape) into out of dtype
/// odt in three layouts - contiguous, a strided out, out on gradOutput's memory (odt == gdt) - and compares each
/// element with model(g bits, x bits). run(g, x, out) is the call.
template <typename Model, typename Run>
void CheckBinary(aclDataType gdt, aclDataType xdt, aclDataType odt, const std::vector<uint32_t>& gs,
                 const std::vector<uint32_t>& xs, Model&& model, Run&& run, const std::string& what) {
    const int64_t n = static_cast<int64_t>(xs.size());
    const std::vector<uint8_t> gin = Pack(gdt, gs), xin = Pack(xdt, xs);
    const size_t oi = ItemOf(odt);
    for (int layout = 0; layout < 3; ++layout) {
        if (layout == 2 && odt != gdt) continue;
        HostTensor g = aclcpu_test::RawTensor({n}, gdt, gin.data(), gin.size());
        HostTensor x = aclcpu_test::RawTensor({n}, xdt, xin.data(), xin.size());
        DeviceBuffer ob(static_cast<size_t>(2 * n) * oi);
        void* base = layout == 2 ? g.buffer.get() : ob.get();
        aclTensor* out = layout == 1 ? MakeTensor({n}, odt, base, {2}) : MakeTensor({n}, odt, base);
        ASSERT_EQ(run(g.tensor, x.tensor, out), 0) << what << " layout " << layout << ": " << LastError();
        const std::vector<uint8_t> got =
            aclcpu_test::Download<uint8_t>(base, static_cast<size_t>(layout == 1 ? 2 * n : n) * oi);
        int bad = 0;
        for (int64_t i = 0; i < n && bad < 5; ++i) {
            const size_t k = static_cast<size_t>(i);
            const uint32_t got_bits = ElementAt(got, oi, static_cast<size_t>(layout == 1 ? 2 * i : i));
            const uint32_t w = model(gs[k], xs[k]);
            if (got_bits != w) {
                ++bad;
                ADD_FAILURE() << what << " layout " << layout << ": g 0x" << std::hex << gs[k] << " x 0x" << xs[k]
                              << " got 0x" << got_bits << " want 0x" << w;
            }
        }
        aclDestroyTensor(out);
    }
}

/// Random gradOutput bits of dtype dt for n elements: random patterns, the specials, finite values near 1.
std::vector<uint32_t> GradBits(aclDataType dt, size_t n, uint64_t seed) {
    std::mt19937_64 rng(seed);
    const reluref::FloatFormat f = FormatOf(dt);
    const uint32_t specials[] = {
        0u, f.sign, f.exp_mask, f.sign | f.exp_mask, f.exp_mask | f.quiet | 3u, f.exp_mask | 1u, 1u};
    std::vector<uint32_t> v(n);
    const uint32_t mask = dt == ACL_FLOAT ? 0xFFFFFFFFu : 0xFFFFu;
    for (size_t i = 0; i < n; ++i) {
        v[i] = i % 5 == 0 ? specials[rng() % 7] : static_cast<uint32_t>(rng()) & mask;
    }
    return v;
}

// ------------------------------------------------------------------ Hardswish

int RunHardswish(const aclTensor* self, const aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardswishGetWorkspaceSize(self, out, ws, ex); },
        aclnnHardswish);
}

int RunInplaceHardswish(const aclTensor* self) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceHardswishGetWorkspaceSize(self, ws, ex); },
        aclnnInplaceHardswish);
}

TEST(Hardswish, CheckOrderAndMessages) {
    HostTensor x = FloatTensor({2, 2}, {1, -1, 2, -2}), out = EmptyTensor({2, 2}, ACL_FLOAT);
    auto call = [](const aclTensor* a, const aclTensor* b) {
        return [a, b](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardswishGetWorkspaceSize(a, b, ws, ex); };
    };
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnHardswishGetWorkspaceSize(nullptr, nullptr, nullptr, &ex), kNull);  // before the tensors
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    ExpectFails(call(nullptr, out.tensor), kNull, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(call(x.tensor, nullptr), kNull, "Expected a proper Tensor but got null for argument out.");
    ExpectFails([](uint64_t* ws, aclOpExecutor** e) { return aclnnInplaceHardswishGetWorkspaceSize(nullptr, ws, e); },
                kNull, "Expected a proper Tensor but got null for argument self.");
    HostTensor d9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_DOUBLE), o3 = EmptyTensor({3}, ACL_FLOAT),
               od = EmptyTensor({2, 2}, ACL_DOUBLE), f9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT, 0),
               o9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT), h = EmptyTensor({2, 2}, ACL_FLOAT16),
               i32 = EmptyTensor({2, 2}, ACL_INT32, 0);
    // self's list, then out's, then the shape; CANN checks no rank (beyond CANN: 8 dims, after the shape)
    ExpectFails(
        call(d9.tensor, o3.tensor), kInvalid,
        "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(call(i32.tensor, out.tensor), kInvalid, "Tensor self not implemented for DT_INT32");
    ExpectFails(call(x.tensor, od.tensor), kInvalid, "Tensor out not implemented for DT_DOUBLE");
    ExpectFails(
        call(f9.tensor, o3.tensor), kInvalid,
        "Expected tensor for self to have same size as tensor for out, but [1,1,1,1,1,1,1,1,1] does not equal [3].");
    ExpectFails(call(f9.tensor, o9.tensor), kInvalid, "The self tensor cannot be larger than 8 dimensions.");
    EXPECT_EQ(RunHardswish(x.tensor, h.tensor), 0) << LastError();  // FLOAT to FLOAT16: castable
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool bf16 = l1ref::SupportsBF16(p);
        HostTensor b = EmptyTensor({2}, ACL_BF16, 0), ob = EmptyTensor({2}, ACL_BF16), of = EmptyTensor({2}, ACL_FLOAT);
        HostTensor f = EmptyTensor({2}, ACL_FLOAT, 0);
        EXPECT_EQ(RunHardswish(b.tensor, ob.tensor), bf16 ? 0 : kInvalid) << l1ref::ProfileKey(p);
        EXPECT_EQ(RunHardswish(f.tensor, ob.tensor), bf16 ? 0 : kInvalid) << l1ref::ProfileKey(p);
        EXPECT_EQ(RunHardswish(f.tensor, of.tensor), 0) << l1ref::ProfileKey(p);
    }
    HostTensor e = EmptyTensor({0, 3}, ACL_FLOAT), oe = EmptyTensor({0, 3}, ACL_FLOAT);
    uint64_t ws = 1;
    EXPECT_EQ(aclnnHardswishGetWorkspaceSize(e.tensor, oe.tensor, &ws, &ex), 0);
    EXPECT_EQ(ws, 0u);
    EXPECT_EQ(aclnnHardswish(nullptr, 0, ex, nullptr), 0);
}

TEST(Hardswish, WhereTheKernelDiffersFromTorch) {
    // x, then the 950's bits; torch's x * clamp(x + 3, 0, 6) / 6 in float32 differs at each of the first five
    const float x0 = 0.11368897f;  // (x * t) * (1/6) one ulp above (x * t) / 6
    const std::vector<float> xs = {x0, 3.2864726f, -HUGE_VALF, -1e30f, -3.0f, -0.0f, HUGE_VALF, 3.0f, 6.0f, -2.0f};
    const int64_t n = static_cast<int64_t>(xs.size());
    HostTensor x = FloatTensor({n}, xs), out = EmptyTensor({n}, ACL_FLOAT);
    ASSERT_EQ(RunHardswish(x.tensor, out.tensor), 0) << LastError();
    const std::vector<float> r = aclcpu_test::Download<float>(out.buffer.get(), static_cast<size_t>(n));
    const float sixth = 1.0f / 6.0f;
    volatile float six = 6.0f;  // torch's division, kept from constant folding
    const float t0 = x0 + 3.0f;
    EXPECT_EQ(r[0], (x0 * t0) * sixth);
    EXPECT_NE(r[0], (x0 * t0) / six);
    EXPECT_EQ(aclcpu_test::Bits(r[1]), aclcpu_test::Bits(3.2864728f));  // torch: x itself (x * 6 / 6)
    EXPECT_EQ(aclcpu_test::Bits(r[2]), 0x80000000u);                    // -inf: Max(x, -3) * 0 = -0 (torch: NaN)
    EXPECT_EQ(aclcpu_test::Bits(r[3]), 0x80000000u);
    EXPECT_EQ(aclcpu_test::Bits(r[4]), 0x80000000u);  // -3 * +0
    EXPECT_EQ(aclcpu_test::Bits(r[5]), 0x80000000u);  // -0 * 3
    EXPECT_EQ(r[6], HUGE_VALF);
    EXPECT_EQ(r[7], 3.0f);
    EXPECT_EQ(r[8], 6.0f);
    EXPECT_EQ(r[9], (-2.0f * 1.0f) * sixth);
}

TEST(Hardswish, SixteenBitTiesRoundAwayFromZero) {
    // FLOAT16 0x0001 (2^-24): x * 3 * (1/6) is 2^-25 in float32, a tie between +0 and 2^-24: CAST_ROUND gives
    // 2^-24 (RNE would give +0), -2^-24 gives -2^-24
    const uint16_t hx[] = {0x0001, 0x8001};
    HostTensor th = aclcpu_test::RawTensor({2}, ACL_FLOAT16, hx, sizeof hx), oh = EmptyTensor({2}, ACL_FLOAT16),
               of = EmptyTensor({2}, ACL_FLOAT);
    ASSERT_EQ(RunHardswish(th.tensor, oh.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<uint16_t>(oh.buffer.get(), 2), (std::vector<uint16_t>{0x0001, 0x8001}));
    // into a FLOAT out the result is still rounded to self's dtype first (the kernel runs in FLOAT16)
    ASSERT_EQ(RunHardswish(th.tensor, of.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<float>(of.buffer.get(), 2), (std::vector<float>{0x1p-24f, -0x1p-24f}));
    // a NaN keeps its sign and payload, quieted
    const uint32_t nan[] = {0x7F800001u, 0xFFA00005u};
    HostTensor tn = aclcpu_test::RawTensor({2}, ACL_FLOAT, nan, sizeof nan), on = EmptyTensor({2}, ACL_FLOAT);
    ASSERT_EQ(RunInplaceHardswish(tn.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<uint32_t>(tn.buffer.get(), 2), (std::vector<uint32_t>{0x7FC00001u, 0xFFE00005u}));
}

TEST(Hardswish, SweepMatchesModel) {
    for (Profile p : {Profile::kAscend950, Profile::kAscend910}) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            if (dt == ACL_BF16 && !l1ref::SupportsBF16(p)) continue;
            const reluref::FloatFormat f = FormatOf(dt);
            std::vector<aclDataType> odts = {dt};
            if (dt != ACL_FLOAT16) odts.push_back(ACL_FLOAT16);  // the kernel's result cast to another dtype
            for (aclDataType odt : odts) {
                const reluref::FloatFormat fo = FormatOf(odt);
                CheckUnary(
                    dt, odt, SweepBits(dt, 7),
                    [&](uint32_t x) { return hardref::Convert(f, hardref::Hardswish(f, x), fo); }, RunHardswish,
                    RunInplaceHardswish,
                    std::string(l1ref::ProfileKey(p)) + " " + std::to_string(dt) + "->" + std::to_string(odt));
            }
        }
    }
}

// ------------------------------------------------------------------ Hardsigmoid

int RunHardsigmoid(const aclTensor* self, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardsigmoidGetWorkspaceSize(self, out, ws, ex); },
        aclnnHardsigmoid);
}

int RunInplaceHardsigmoid(const aclTensor* self) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceHardsigmoidGetWorkspaceSize(self, ws, ex); },
        aclnnInplaceHardsigmoid);
}

TEST(Hardsigmoid, CheckOrderAndMessages) {
    HostTensor x = FloatTensor({2, 2}, {1, -1, 2, -2}), out = EmptyTensor({2, 2}, ACL_FLOAT);
    auto call = [](const aclTensor* a, aclTensor* b) {
        return [a, b](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardsigmoidGetWorkspaceSize(a, b, ws, ex); };
    };
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnHardsigmoidGetWorkspaceSize(x.tensor, out.tensor, nullptr, &ex), kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    ExpectFails(call(nullptr, out.tensor), kNull, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(call(x.tensor, nullptr), kNull, "Expected a proper Tensor but got null for argument out.");
    HostTensor d9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_DOUBLE), o3 = EmptyTensor({3}, ACL_FLOAT16),
               f9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT, 0),
               o9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT), od = EmptyTensor({2, 2}, ACL_DOUBLE),
               h = EmptyTensor({2, 2}, ACL_FLOAT16);
    // self's list (out's dtype is only compared with self's, last), the rank, the shape, the dtypes
    ExpectFails(call(d9.tensor, o3.tensor), kInvalid,
                "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_INT32, DT_BF16.");
    ExpectFails(call(f9.tensor, o3.tensor), kInvalid, "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails(call(x.tensor, o3.tensor), kInvalid,
                "Expected tensor for self to have same size as tensor for out, but [2,2] does not equal [3].");
    ExpectFails(call(x.tensor, od.tensor), kInvalid,
                "Parameters self, out of aclnnHardsigmoid have incorrect dtypes DT_FLOAT, DT_DOUBLE. Reason: the dtype "
                "of self and out must be the same.");
    ExpectFails(call(x.tensor, h.tensor), kInvalid, "incorrect dtypes DT_FLOAT, DT_FLOAT16.");
    (void)o9;
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        HostTensor b = EmptyTensor({2}, ACL_BF16, 0), ob = EmptyTensor({2}, ACL_BF16);
        EXPECT_EQ(RunHardsigmoid(b.tensor, ob.tensor), l1ref::SupportsBF16(p) ? 0 : kInvalid) << l1ref::ProfileKey(p);
        if (!l1ref::SupportsBF16(p)) {
            ExpectFails(call(d9.tensor, o3.tensor), kInvalid,
                        "should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_INT32.");
        }
    }
}

TEST(Hardsigmoid, WhereTheKernelDiffersFromTorch) {
    // x * (1/6) + 0.5 (two roundings, the float32 1/6) where torch computes clamp(x + 3, 0, 6) / 6
    const float below3 = std::nextafter(3.0f, 0.0f);  // 2.9999998 * (1/6) + 0.5 rounds to 1
    const std::vector<float> xs = {-2.1350424f, below3, -3.0f, 3.0f, -HUGE_VALF, HUGE_VALF, -0.0f, 2.6918967f};
    const int64_t n = static_cast<int64_t>(xs.size());
    HostTensor x = FloatTensor({n}, xs), out = EmptyTensor({n}, ACL_FLOAT);
    ASSERT_EQ(RunHardsigmoid(x.tensor, out.tensor), 0) << LastError();
    const std::vector<float> r = aclcpu_test::Download<float>(out.buffer.get(), static_cast<size_t>(n));
    volatile float six = 6.0f;
    const float sixth = 1.0f / 6.0f;
    EXPECT_EQ(r[0], xs[0] * sixth + 0.5f);
    EXPECT_NE(r[0], (xs[0] + 3.0f) / six);
    EXPECT_EQ(r[1], 1.0f);
    EXPECT_EQ(aclcpu_test::Bits(r[2]), 0u);  // -3 * (1/6) = -0.5 exactly after rounding: +0
    EXPECT_EQ(r[3], 1.0f);
    EXPECT_EQ(aclcpu_test::Bits(r[4]), 0u);
    EXPECT_EQ(r[5], 1.0f);
    EXPECT_EQ(r[6], 0.5f);
    EXPECT_EQ(r[7], xs[7] * sixth + 0.5f);
    EXPECT_NE(r[7], (xs[7] + 3.0f) / six);
    // INT32: RINT in, CAST_TRUNC out: 0 below 3, 1 from 3 on
    const int32_t iv[] = {-5, 2, 3, 100, INT32_MIN, INT32_MAX};
    HostTensor ti = aclcpu_test::RawTensor({6}, ACL_INT32, iv, sizeof iv);
    ASSERT_EQ(RunInplaceHardsigmoid(ti.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<int32_t>(ti.buffer.get(), 6), (std::vector<int32_t>{0, 0, 1, 1, 0, 1}));
}

TEST(Hardsigmoid, SixteenBitRounding) {
    // BF16 0x3C40 (0.01171875): x * (1/6) + 0.5 = 0.501953125, a tie between 0x3F00 and 0x3F01: CAST_ROUND
    // gives 0x3F01; FLOAT16 0x1600 (0.00146484375): 0.500244140625, a tie between 0x3800 and 0x3801: CAST_RINT
    // gives the even 0x3800 (the negated inputs give 0.498046875 and 0.499755859375, exact in the dtypes)
    const uint16_t b[] = {0x3C40, 0xBC40}, h[] = {0x1600, 0x9600};
    HostTensor tb = aclcpu_test::RawTensor({2}, ACL_BF16, b, sizeof b), ob = EmptyTensor({2}, ACL_BF16);
    HostTensor th = aclcpu_test::RawTensor({2}, ACL_FLOAT16, h, sizeof h), oh = EmptyTensor({2}, ACL_FLOAT16);
    ASSERT_EQ(RunHardsigmoid(tb.tensor, ob.tensor), 0) << LastError();
    ASSERT_EQ(RunHardsigmoid(th.tensor, oh.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<uint16_t>(ob.buffer.get(), 2), (std::vector<uint16_t>{0x3F01, 0x3EFF}));
    EXPECT_EQ(aclcpu_test::Download<uint16_t>(oh.buffer.get(), 2), (std::vector<uint16_t>{0x3800, 0x37FF}));
}

TEST(Hardsigmoid, SweepMatchesModel) {
    for (Profile p : {Profile::kAscend950, Profile::kAscend910}) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            if (dt == ACL_BF16 && !l1ref::SupportsBF16(p)) continue;
            const reluref::FloatFormat f = FormatOf(dt);
            CheckUnary(
                dt, dt, SweepBits(dt, 9), [&](uint32_t x) { return hardref::Hardsigmoid(f, x); },
                [](const aclTensor* a, aclTensor* o) { return RunHardsigmoid(a, o); }, RunInplaceHardsigmoid,
                std::string(l1ref::ProfileKey(p)) + " " + std::to_string(dt));
        }
        std::mt19937_64 rng(3);
        std::vector<int32_t> iv = {-4, -3, -2, 2, 3, 4, 0, 16777217, -16777217};
        while (iv.size() < 5000)
            iv.push_back(static_cast<int32_t>(rng() % 20) - 10 + (rng() % 3 == 0 ? static_cast<int32_t>(rng()) : 0));
        const int64_t n = static_cast<int64_t>(iv.size());
        HostTensor ti = aclcpu_test::RawTensor({n}, ACL_INT32, iv.data(), iv.size() * 4),
                   oi = EmptyTensor({n}, ACL_INT32);
        ASSERT_EQ(RunHardsigmoid(ti.tensor, oi.tensor), 0) << LastError();
        const std::vector<int32_t> got = aclcpu_test::Download<int32_t>(oi.buffer.get(), iv.size());
        for (size_t i = 0; i < iv.size(); ++i) ASSERT_EQ(got[i], hardref::HardsigmoidInt32(iv[i])) << iv[i];
    }
}

// ------------------------------------------------------------------ HardswishBackward

int RunHardswishBackward(const aclTensor* g, const aclTensor* x, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardswishBackwardGetWorkspaceSize(g, x, out, ws, ex); },
        aclnnHardswishBackward);
}

TEST(HardswishBackward, CheckOrderAndMessages) {
    HostTensor g = FloatTensor({2, 2}, {1, -1, 2, -2}), x = FloatTensor({2, 2}, {1, 2, 3, 4}),
               out = EmptyTensor({2, 2}, ACL_FLOAT);
    auto call = [](const aclTensor* a, const aclTensor* b, aclTensor* c) {
        return
            [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardswishBackwardGetWorkspaceSize(a, b, c, ws, ex); };
    };
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnHardswishBackwardGetWorkspaceSize(nullptr, nullptr, nullptr, nullptr, &ex), kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    ExpectFails(call(nullptr, x.tensor, out.tensor), kNull,
                "Expected a proper Tensor but got null for argument gradOutput.");
    ExpectFails(call(g.tensor, nullptr, out.tensor), kNull, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(call(g.tensor, x.tensor, nullptr), kNull, "Expected a proper Tensor but got null for argument out.");
    HostTensor d = EmptyTensor({2, 2}, ACL_DOUBLE, 0), h = EmptyTensor({2, 2}, ACL_FLOAT16, 0),
               f9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT, 0), f3 = EmptyTensor({3}, ACL_FLOAT, 0);
    // self's list before gradOutput's; gradOutput's, then out's dtype against self's; ranks; the two shapes
    ExpectFails(
        call(d.tensor, d.tensor, out.tensor), kInvalid,
        "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(call(d.tensor, x.tensor, out.tensor), kInvalid, "Tensor gradOutput not implemented for DT_DOUBLE");
    ExpectFails(call(h.tensor, x.tensor, h.tensor), kInvalid,
                "Tensor gradOutput expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(call(g.tensor, x.tensor, h.tensor), kInvalid,
                "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(call(f9.tensor, f3.tensor, f3.tensor), kInvalid,
                "The gradOutput tensor cannot be larger than 8 dimensions.");
    ExpectFails(call(f3.tensor, f9.tensor, f3.tensor), kInvalid, "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails(call(f3.tensor, x.tensor, out.tensor), kInvalid,
                "Expected tensor for gradOutput to have same size as tensor for self, but [3] does not equal [2,2].");
    ExpectFails(call(g.tensor, x.tensor, f3.tensor), kInvalid,
                "Expected tensor for out to have same size as tensor for self, but [3] does not equal [2,2].");
}

TEST(HardswishBackward, BoundsAndWhereTheKernelDiffersFromTorch) {
    // d = x * (1/3) + 0.5 for -3 <= x <= 3 (both bounds included), +0 below -3, 1 above 3 and for NaN
    const float lo = std::nextafter(-3.0f, -HUGE_VALF), hi = std::nextafter(3.0f, HUGE_VALF);
    const float nan = aclcpu_test::FromBits(0x7FC00000u);
    const std::vector<float> xs = {-3.0f, lo, 3.0f, hi, nan, -4.0f, -4.0f, -1.5f, 2.7027822f, -HUGE_VALF};
    const std::vector<float> gs = {2.0f, 2.0f, 2.0f, 2.0f, 2.0f, -1.0f, HUGE_VALF, HUGE_VALF, 1.0f, 1.0f};
    const int64_t n = static_cast<int64_t>(xs.size());
    HostTensor g = FloatTensor({n}, gs), x = FloatTensor({n}, xs), out = EmptyTensor({n}, ACL_FLOAT);
    ASSERT_EQ(RunHardswishBackward(g.tensor, x.tensor, out.tensor), 0) << LastError();
    const std::vector<float> r = aclcpu_test::Download<float>(out.buffer.get(), static_cast<size_t>(n));
    EXPECT_EQ(r[0], -1.0f);  // 2 * (-3 * (1/3) + 0.5) = 2 * -0.5
    EXPECT_EQ(aclcpu_test::Bits(r[1]), 0u);
    EXPECT_EQ(r[2], 3.0f);  // 2 * 1.5
    EXPECT_EQ(r[3], 2.0f);
    EXPECT_EQ(r[4], 2.0f);                            // a NaN self selects gradOutput (torch's scalar path too)
    EXPECT_EQ(aclcpu_test::Bits(r[5]), 0x80000000u);  // -1 * +0 = -0 (torch returns +0 below -3)
    EXPECT_EQ(aclcpu_test::Bits(r[6]), 0x7FC00000u);  // inf * 0: the default NaN (torch: 0)
    EXPECT_EQ(aclcpu_test::Bits(r[7]), 0x7FC00000u);  // -1.5 * (1/3) + 0.5 rounds to 0: inf * 0 again
    volatile float three = 3.0f;
    const float third = 1.0f / 3.0f;
    EXPECT_EQ(r[8], xs[8] * third + 0.5f);
    EXPECT_NE(r[8], xs[8] / three + 0.5f);  // torch divides by 3
    EXPECT_EQ(aclcpu_test::Bits(r[9]), 0u);
}

TEST(HardswishBackward, SweepMatchesModel) {
    for (Profile p : {Profile::kAscend950, Profile::kAscend910}) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            if (dt == ACL_BF16 && !l1ref::SupportsBF16(p)) continue;
            const reluref::FloatFormat f = FormatOf(dt);
            const std::vector<uint32_t> xs = SweepBits(dt, 11);
            CheckBinary(
                dt, dt, dt, GradBits(dt, xs.size(), 12), xs,
                [&](uint32_t g, uint32_t x) { return hardref::HardswishBackward(f, g, x); }, RunHardswishBackward,
                std::string(l1ref::ProfileKey(p)) + " " + std::to_string(dt));
        }
    }
}

// ------------------------------------------------------------------ HardswishBackwardV2

int RunHardswishBackwardV2(const aclTensor* g, const aclTensor* x, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardswishBackwardV2GetWorkspaceSize(g, x, out, ws, ex); },
        aclnnHardswishBackwardV2);
}

TEST(HardswishBackwardV2, CheckOrderAndStrictBounds) {
    HostTensor g = FloatTensor({2, 2}, {1, -1, 2, -2}), x = FloatTensor({2, 2}, {1, 2, 3, 4}),
               out = EmptyTensor({2, 2}, ACL_FLOAT);
    auto call = [](const aclTensor* a, const aclTensor* b, aclTensor* c) {
        return
            [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardswishBackwardV2GetWorkspaceSize(a, b, c, ws, ex); };
    };
    ExpectFails(call(g.tensor, nullptr, out.tensor), kNull, "Expected a proper Tensor but got null for argument self.");
    HostTensor d = EmptyTensor({2, 2}, ACL_DOUBLE, 0), h = EmptyTensor({2, 2}, ACL_FLOAT16, 0),
               f3 = EmptyTensor({3}, ACL_FLOAT, 0);
    // gradOutput's list before self's (V1 checks self's first)
    ExpectFails(call(d.tensor, d.tensor, out.tensor), kInvalid,
                "Tensor gradOutput not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, "
                "DT_FLOAT16, DT_BF16.");
    ExpectFails(call(h.tensor, x.tensor, out.tensor), kInvalid,
                "Tensor gradOutput expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(call(g.tensor, x.tensor, f3.tensor), kInvalid,
                "Expected tensor for out to have same size as tensor for self, but [3] does not equal [2,2].");
    // -3 and 3 are outside the linear part: +0 and gradOutput (V1: g * -0.5 and g * 1.5)
    const std::vector<float> xs = {-3.0f, 3.0f, std::nextafter(-3.0f, 0.0f), std::nextafter(3.0f, 0.0f), NAN};
    const int64_t n = static_cast<int64_t>(xs.size());
    HostTensor gg = FloatTensor({n}, std::vector<float>(xs.size(), 2.0f)), xx = FloatTensor({n}, xs),
               o = EmptyTensor({n}, ACL_FLOAT);
    ASSERT_EQ(RunHardswishBackwardV2(gg.tensor, xx.tensor, o.tensor), 0) << LastError();
    const std::vector<float> r = aclcpu_test::Download<float>(o.buffer.get(), static_cast<size_t>(n));
    const float third = 1.0f / 3.0f;
    EXPECT_EQ(aclcpu_test::Bits(r[0]), 0u);
    EXPECT_EQ(r[1], 2.0f);
    EXPECT_EQ(r[2], 2.0f * (xs[2] * third + 0.5f));
    EXPECT_EQ(r[3], 2.0f * (xs[3] * third + 0.5f));
    EXPECT_EQ(r[4], 2.0f);
    for (Profile p : {Profile::kAscend950, Profile::kAscend910B, Profile::kAscend910}) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            if (dt == ACL_BF16 && !l1ref::SupportsBF16(p)) continue;
            const reluref::FloatFormat f = FormatOf(dt);
            const std::vector<uint32_t> bits = SweepBits(dt, 17);
            CheckBinary(
                dt, dt, dt, GradBits(dt, bits.size(), 18), bits,
                [&](uint32_t gb, uint32_t xb) { return hardref::HardswishBackward(f, gb, xb, /*strict=*/true); },
                RunHardswishBackwardV2, std::string(l1ref::ProfileKey(p)) + " " + std::to_string(dt));
        }
    }
}

// ------------------------------------------------------------------ HardsigmoidBackward

int RunHardsigmoidBackward(const aclTensor* g, const aclTensor* x, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardsigmoidBackwardGetWorkspaceSize(g, x, out, ws, ex); },
        aclnnHardsigmoidBackward);
}

TEST(HardsigmoidBackward, CheckOrderAndMessages) {
    HostTensor g = FloatTensor({2, 2}, {1, -1, 2, -2}), x = FloatTensor({2, 2}, {1, 2, 3, 4}),
               out = EmptyTensor({2, 2}, ACL_FLOAT);
    auto call = [](const aclTensor* a, const aclTensor* b, aclTensor* c) {
        return
            [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardsigmoidBackwardGetWorkspaceSize(a, b, c, ws, ex); };
    };
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnHardsigmoidBackwardGetWorkspaceSize(g.tensor, x.tensor, out.tensor, nullptr, &ex), kNull);
    ExpectFails(call(nullptr, x.tensor, out.tensor), kNull,
                "Expected a proper Tensor but got null for argument gradOutput.");
    ExpectFails(call(g.tensor, nullptr, out.tensor), kNull, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(call(g.tensor, x.tensor, nullptr), kNull, "Expected a proper Tensor but got null for argument out.");
    HostTensor d = EmptyTensor({2, 2}, ACL_DOUBLE, 0), i32 = EmptyTensor({2, 2}, ACL_INT32),
               f9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT, 0), f3 = EmptyTensor({3}, ACL_FLOAT, 0),
               h = FloatTensor({2, 2}, {0, 0, 0, 0}), b = EmptyTensor({2, 2}, ACL_BF16, 0);
    // gradOutput's list before self's (CANN's order: FLOAT, BF16, FLOAT16); the promoted dtype castable to out
    ExpectFails(call(d.tensor, d.tensor, out.tensor), kInvalid,
                "Tensor gradOutput not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_BF16, "
                "DT_FLOAT16.");
    ExpectFails(call(g.tensor, d.tensor, out.tensor), kInvalid, "Tensor self not implemented for DT_DOUBLE");
    ExpectFails(call(g.tensor, x.tensor, i32.tensor), kInvalid,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(call(f9.tensor, f3.tensor, f3.tensor), kInvalid,
                "The gradOutput tensor cannot be larger than 8 dimensions.");
    ExpectFails(call(f3.tensor, f3.tensor, f9.tensor), kInvalid, "The out tensor cannot be larger than 8 dimensions.");
    ExpectFails(call(f3.tensor, x.tensor, out.tensor), kInvalid,
                "Expected tensor for self to have same size as tensor for gradOutput, but [2,2] does not equal [3].");
    ExpectFails(call(g.tensor, x.tensor, f3.tensor), kInvalid,
                "Expected tensor for self to have same size as tensor for out, but [2,2] does not equal [3].");
    // out's dtype is in no list: a DOUBLE out takes the FLOAT result exactly; BF16 with FLOAT promotes to FLOAT
    HostTensor od = EmptyTensor({2, 2}, ACL_DOUBLE);
    EXPECT_EQ(RunHardsigmoidBackward(g.tensor, x.tensor, od.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<double>(od.buffer.get(), 1)[0], static_cast<double>(1.0f * (1.0f / 6.0f)));
    EXPECT_EQ(RunHardsigmoidBackward(b.tensor, h.tensor, out.tensor), 0) << LastError();
}

TEST(HardsigmoidBackward, StrictBoundsAndWhereTheKernelDiffersFromTorch) {
    // g * (1/6) where 0 < x * (1/6) + 0.5 < 1 (strict, compared after the float32 rounding), else +0
    const float below3 = std::nextafter(3.0f, 0.0f), above_m3 = std::nextafter(-3.0f, 0.0f);
    const std::vector<float> xs = {-3.0f, above_m3, 3.0f, below3, NAN, 0.0f, 1.0f, 1.0f};
    const std::vector<float> gs = {6.0f, 6.0f, 6.0f, 6.0f, 6.0f, -7.0f, aclcpu_test::FromBits(0x7FA00001u), -HUGE_VALF};
    const int64_t n = static_cast<int64_t>(xs.size());
    HostTensor g = FloatTensor({n}, gs), x = FloatTensor({n}, xs), out = EmptyTensor({n}, ACL_FLOAT);
    ASSERT_EQ(RunHardsigmoidBackward(g.tensor, x.tensor, out.tensor), 0) << LastError();
    const std::vector<float> r = aclcpu_test::Download<float>(out.buffer.get(), static_cast<size_t>(n));
    const float sixth = 1.0f / 6.0f;
    volatile float six = 6.0f;
    EXPECT_EQ(aclcpu_test::Bits(r[0]), 0u);
    EXPECT_EQ(r[1], 6.0f * sixth);  // t = 2.98e-08 > 0
    EXPECT_EQ(aclcpu_test::Bits(r[2]), 0u);
    EXPECT_EQ(aclcpu_test::Bits(r[3]), 0u);  // t rounds to 1: +0 where torch (x < 3) gives g / 6
    EXPECT_EQ(aclcpu_test::Bits(r[4]), 0u);  // a NaN self: +0
    EXPECT_EQ(r[5], -7.0f * sixth);
    EXPECT_NE(r[5], -7.0f / six);                     // torch divides by 6
    EXPECT_EQ(aclcpu_test::Bits(r[6]), 0x7FE00001u);  // a NaN gradOutput inside the band, quieted
    EXPECT_EQ(r[7], -HUGE_VALF);
}

TEST(HardsigmoidBackward, SweepMatchesModel) {
    for (Profile p : {Profile::kAscend950, Profile::kAscend910}) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            if (dt == ACL_BF16 && !l1ref::SupportsBF16(p)) continue;
            const reluref::FloatFormat f = FormatOf(dt);
            const std::vector<uint32_t> xs = SweepBits(dt, 13);
            CheckBinary(
                dt, dt, dt, GradBits(dt, xs.size(), 14), xs,
                [&](uint32_t g, uint32_t x) { return hardref::HardsigmoidBackward(f, g, x); }, RunHardsigmoidBackward,
                std::string(l1ref::ProfileKey(p)) + " " + std::to_string(dt));
        }
        if (!l1ref::SupportsBF16(p)) continue;
        // mixed: FLOAT16 gradOutput, BF16 self -> FLOAT (both widened exactly), into FLOAT16 (RNE)
        const reluref::FloatFormat f16 = FormatOf(ACL_FLOAT16), fb = FormatOf(ACL_BF16), f32 = FormatOf(ACL_FLOAT);
        const std::vector<uint32_t> xs = SweepBits(ACL_BF16, 15);
        CheckBinary(
            ACL_FLOAT16, ACL_BF16, ACL_FLOAT16, GradBits(ACL_FLOAT16, xs.size(), 16), xs,
            [&](uint32_t g, uint32_t x) {
                const uint32_t y =
                    hardref::HardsigmoidBackward(f32, hardref::Convert(f16, g, f32), hardref::Convert(fb, x, f32));
                return hardref::Convert(f32, y, f16);
            },
            RunHardsigmoidBackward, "mixed");
    }
}

// ------------------------------------------------------------------ the rows

TEST(HardRows, FusedMatchesGenericOnEveryTarget) {
    // every kind and dtype, plain and streaming stores, contiguous and broadcast inputs, lengths around the
    // vector width and misaligned starts; inputs mix random bit patterns with the specials and the bounds
    aclcpu_test::SimdTargetGuard guard;
    std::mt19937_64 rng(35);
    int cases = 0;
    for (int64_t target : aclcpu_test::SimdTargets()) {
        kern::simd::ForceTarget(target);
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            const int64_t item = static_cast<int64_t>(aclcpu::ItemSize(dt));
            const std::vector<uint32_t> pool = SweepBits(dt, 21);
            for (kern::HardKind kind :
                 {kern::HardKind::kHardSwish, kern::HardKind::kHardSigmoid, kern::HardKind::kHardSwishGrad,
                  kern::HardKind::kHardSigmoidGrad, kern::HardKind::kHardSwishGradV2}) {
                const kern::HardParams params{dt, kind};
                const int ops = 1 + kern::HardInputs(kind);
                for (int64_t n : {1, 7, 64, 131, 1000}) {
                    for (int pattern = 0; pattern < 4; ++pattern) {  // bit 0: input 2 broadcast; bit 1: streaming
                        const int64_t off = pattern == 3 ? 1 : 0;
                        std::vector<std::vector<uint8_t>> in(2,
                                                             std::vector<uint8_t>(static_cast<size_t>((n + 1) * item)));
                        for (auto& v : in) {
                            for (int64_t i = 0; i <= n; ++i) {
                                const uint32_t u =
                                    rng() % 3 == 0 ? static_cast<uint32_t>(rng()) : pool[rng() % pool.size()];
                                std::memcpy(v.data() + i * item, &u, static_cast<size_t>(item));
                            }
                        }
                        std::vector<uint8_t> fused(static_cast<size_t>((n + 1) * item)), generic(fused.size());
                        const aclDataType dts[3] = {dt, dt, dt};
                        const int64_t st[3] = {item, item, (pattern & 1) && ops == 3 ? 0 : item};
                        const bool nt = (pattern & 2) != 0;
                        const kern::RowFn f = kern::SelectHardFusedRow(params, dts, st, nt);
                        ASSERT_NE(f, nullptr);
                        char* pf[3] = {reinterpret_cast<char*>(fused.data() + off * item),
                                       reinterpret_cast<char*>(in[0].data()), reinterpret_cast<char*>(in[1].data())};
                        char* pg[3] = {reinterpret_cast<char*>(generic.data() + off * item), pf[1], pf[2]};
                        f(&params, dts, pf, st, n);
                        if (nt) kern::StreamFence();
                        kern::HardRowGeneric(&params, dts, pg, st, n);
                        ASSERT_EQ(fused, generic) << kern::simd::TargetName(target) << " dtype " << dt << " kind "
                                                  << static_cast<int>(kind) << " n " << n << " pattern " << pattern;
                        ++cases;
                    }
                }
            }
        }
    }
    EXPECT_EQ(cases, static_cast<int>(aclcpu_test::SimdTargets().size()) * 3 * 5 * 5 * 4);
}

}  // namespace
