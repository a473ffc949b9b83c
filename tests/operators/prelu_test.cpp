// aclnnPrelu and aclnnPreluBackward through the public API (docs/ops/prelu.md, prelu_backward.md): CANN's
// check order, codes and messages (the weight size rules with their counts and shapes, the dtype lists per
// product), the arch35 arithmetic on IEEE specials (NaN with payloads, signalling NaN, +-inf, +-0,
// subnormals, 16-bit ties), promotion and the cast to out, the weight's channel broadcast over every layout
// the plan hooks distinguish (one element, 0-d, a channel vector of any rank, strided, a weight view no single
// stride walks, a strided self, out on self, a broadcast gradOutput, gradInput on its inputs) and gradWeight's
// per-channel sums (slices over several chunks and cores), each compared bit for bit with the independent
// model (tests/support/prelu_reference.h) on every profile.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "aclnnop/aclnn_prelu.h"
#include "aclnnop/aclnn_prelu_backward.h"
#include "support/l1_reference.h"
#include "support/prelu_reference.h"
#include "support/profile_scope.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::DeviceBuffer;
using aclcpu_test::EmptyTensor;
using aclcpu_test::FloatTensor;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;
using aclcpu_test::MakeTensor;
using aclcpu_test::ProfileScope;
using l1ref::Profile;

constexpr int kNull = 161001;
constexpr int kInvalid = 161002;

const bool kQuietLog = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

/// Runs both phases of aclnnPrelu with the workspace asked for and synchronises; the first non-zero status.
int RunPrelu(const aclTensor* self, const aclTensor* weight, aclTensor* out) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    int st = aclnnPreluGetWorkspaceSize(self, weight, out, &ws, &ex);
    if (st != 0) return st;
    DeviceBuffer w;
    if (ws > 0) w = DeviceBuffer(ws);
    st = aclnnPrelu(ws > 0 ? w.get() : nullptr, ws, ex, nullptr);
    return st != 0 ? st : aclrtSynchronizeStream(nullptr);
}

/// Expects the first phase to fail with `code` and a message containing `msg`, leaving ws and ex alone.
void ExpectFails(const aclTensor* self, const aclTensor* weight, aclTensor* out, int code, const std::string& msg) {
    uint64_t ws = 77;
    aclOpExecutor* ex = reinterpret_cast<aclOpExecutor*>(uintptr_t{0x40});
    LastError();
    EXPECT_EQ(aclnnPreluGetWorkspaceSize(self, weight, out, &ws, &ex), code);
    const std::string m = LastError();
    EXPECT_NE(m.find(msg), std::string::npos) << "expected message: " << msg << "\ngot: " << m;
    EXPECT_EQ(ws, 77u);
    EXPECT_EQ(ex, reinterpret_cast<aclOpExecutor*>(uintptr_t{0x40}));
}

uint32_t F32Bits(float f) { return aclcpu_test::Bits(f); }

TEST(Prelu, CheckOrderAndMessages) {
    HostTensor x = FloatTensor({2, 3}, {1, -1, 2, -2, 3, -3}), w = FloatTensor({3}, {0.5f, 1, 2}),
               out = EmptyTensor({2, 3}, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    // 1. workspaceSize first (CANN's CHECK_RET, before the tensors)
    EXPECT_EQ(aclnnPreluGetWorkspaceSize(nullptr, nullptr, nullptr, nullptr, &ex), kNull);
    EXPECT_NE(LastError().find("aclnnPreluGetWorkspaceSize: the workspaceSize is nullptr."), std::string::npos);
    // 2. the tensors in order
    ExpectFails(nullptr, nullptr, nullptr, kNull, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(x.tensor, nullptr, nullptr, kNull, "Expected a proper Tensor but got null for argument weight.");
    ExpectFails(x.tensor, w.tensor, nullptr, kNull, "Expected a proper Tensor but got null for argument out.");
    // 3. dtypes: self, weight, out in the list (before dims and shapes)
    HostTensor d9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_DOUBLE), wd = EmptyTensor({3}, ACL_DOUBLE),
               od = EmptyTensor({2, 3}, ACL_DOUBLE), xi = EmptyTensor({2, 3}, ACL_INT32);
    ExpectFails(d9.tensor, w.tensor, out.tensor, kInvalid,
                "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_BF16.");
    ExpectFails(xi.tensor, w.tensor, out.tensor, kInvalid, "Tensor self not implemented for DT_INT32");
    ExpectFails(x.tensor, wd.tensor, out.tensor, kInvalid, "Tensor weight not implemented for DT_DOUBLE");
    ExpectFails(x.tensor, w.tensor, od.tensor, kInvalid, "Tensor out not implemented for DT_DOUBLE");
    // 4. dims (self, weight, out), then out's shape, then the weight size
    HostTensor b9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT), o3 = EmptyTensor({3, 2}, ACL_FLOAT),
               w2 = FloatTensor({2}, {1, 2}), w9 = EmptyTensor({1, 1, 1, 1, 1, 1, 1, 1, 3}, ACL_FLOAT),
               x1 = FloatTensor({3}, {1, 2, 3}), o1 = EmptyTensor({3}, ACL_FLOAT);
    ExpectFails(b9.tensor, w2.tensor, o3.tensor, kInvalid, "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails(x.tensor, w9.tensor, o3.tensor, kInvalid, "The weight tensor cannot be larger than 8 dimensions.");
    ExpectFails(x.tensor, w2.tensor, b9.tensor, kInvalid, "The out tensor cannot be larger than 8 dimensions.");
    ExpectFails(x.tensor, w2.tensor, o3.tensor, kInvalid,
                "Expected tensor for self to have same size as tensor for out, but [2,3] does not equal [3,2].");
    ExpectFails(x.tensor, w2.tensor, out.tensor, kInvalid,
                "expected weight tensor size equal input channels, but found 2 does not equal 3");
    // a 1-d self has one channel: its weight must have one element
    ExpectFails(x1.tensor, w.tensor, o1.tensor, kInvalid,
                "expected weight tensor size equal input channels, but found 3 does not equal 1");
    // 5. beyond CANN, after its checks: executor, views
    EXPECT_EQ(aclnnPreluGetWorkspaceSize(x.tensor, w2.tensor, out.tensor, &ws, nullptr), kInvalid);
    EXPECT_EQ(aclnnPreluGetWorkspaceSize(x.tensor, w.tensor, out.tensor, &ws, nullptr), kNull);
    EXPECT_NE(LastError().find("the executor is nullptr."), std::string::npos);
    DeviceBuffer buf(16);
    aclTensor* past = MakeTensor({2, 3}, ACL_FLOAT, buf.get(), {3, 1}, 0, {4});
    ExpectFails(past, w.tensor, out.tensor, kInvalid, "");
    aclDestroyTensor(past);
    // success: workspace 0, an executor
    ASSERT_EQ(aclnnPreluGetWorkspaceSize(x.tensor, w.tensor, out.tensor, &ws, &ex), 0) << LastError();
    EXPECT_EQ(ws, 0u);
    EXPECT_EQ(aclnnPrelu(nullptr, 0, ex, nullptr), 0) << LastError();
    EXPECT_EQ(aclrtSynchronizeStream(nullptr), 0);
    EXPECT_EQ(aclcpu_test::Download<float>(out.buffer.get(), 6), (std::vector<float>{1, -1, 2, -1, 3, -6}));
}

TEST(Prelu, NoBf16OnAscend910And310P) {
    for (Profile p : {Profile::kAscend910, Profile::kAscend310P}) {
        ProfileScope scope(p);
        HostTensor xb = EmptyTensor({2, 3}, ACL_BF16), w = FloatTensor({3}, {0.5f, 1, 2}),
                   out = EmptyTensor({2, 3}, ACL_FLOAT), wb = EmptyTensor({3}, ACL_BF16);
        ExpectFails(xb.tensor, w.tensor, out.tensor, kInvalid,
                    "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
        HostTensor x3 = FloatTensor({2, 3}, {1, 2, 3, 4, 5, 6});
        ExpectFails(x3.tensor, wb.tensor, out.tensor, kInvalid, "Tensor weight not implemented for DT_BF16");
    }
}

TEST(Prelu, FloatSpecials) {
    // x > 0 selects x; otherwise one float32 product x * w: NaN x quieted with sign and payload; a NaN weight
    // or an invalid product (inf * 0) the default NaN; signed zeros by the product's sign rule; subnormal
    // products rounded (RNE).
    const float sub = 1.0e-45f;
    const std::vector<float> xs = {2.0f,
                                   -2.0f,
                                   -0.0f,
                                   0.0f,
                                   -HUGE_VALF,
                                   HUGE_VALF,
                                   sub,
                                   -sub,
                                   aclcpu_test::FromBits(0xFFA00001u),
                                   aclcpu_test::FromBits(0x7FC00005u)};
    const int64_t n = static_cast<int64_t>(xs.size());
    auto run = [&](float wv) {
        HostTensor x = FloatTensor({n}, xs), w = FloatTensor({1}, {wv}), out = EmptyTensor({n}, ACL_FLOAT);
        EXPECT_EQ(RunPrelu(x.tensor, w.tensor, out.tensor), 0) << LastError();
        std::vector<uint32_t> r;
        for (float f : aclcpu_test::Download<float>(out.buffer.get(), static_cast<size_t>(n))) r.push_back(F32Bits(f));
        return r;
    };
    std::vector<uint32_t> r = run(0.25f);
    EXPECT_EQ(r[0], F32Bits(2.0f));
    EXPECT_EQ(r[1], F32Bits(-0.5f));
    EXPECT_EQ(r[2], 0x80000000u);  // -0 * 0.25
    EXPECT_EQ(r[3], 0x00000000u);  // +0 is not > 0: +0 * 0.25
    EXPECT_EQ(r[4], F32Bits(-HUGE_VALF));
    EXPECT_EQ(r[5], F32Bits(HUGE_VALF));
    EXPECT_EQ(r[6], 1u);           // selected
    EXPECT_EQ(r[7], 0x80000000u);  // -2^-149 / 4 rounds to -0
    EXPECT_EQ(r[8], 0xFFE00001u);  // signalling NaN quieted, sign and payload kept
    EXPECT_EQ(r[9], 0x7FC00005u);
    r = run(-2.0f);
    EXPECT_EQ(r[1], F32Bits(4.0f));
    EXPECT_EQ(r[2], 0x00000000u);  // -0 * -2 = +0
    EXPECT_EQ(r[3], 0x80000000u);  // +0 * -2 = -0
    EXPECT_EQ(r[4], F32Bits(HUGE_VALF));
    EXPECT_EQ(r[7], 2u);  // -2^-149 * -2 = 2^-148
    r = run(0.0f);
    EXPECT_EQ(r[1], 0x80000000u);  // -2 * 0 = -0
    EXPECT_EQ(r[4], 0x7FC00000u);  // -inf * 0: the default NaN
    r = run(0.5f);
    EXPECT_EQ(r[7], 0x80000000u);  // -2^-150: the tie to even (-0)
    r = run(aclcpu_test::FromBits(0x7FC12345u));
    EXPECT_EQ(r[0], F32Bits(2.0f));  // selected whatever the weight
    EXPECT_EQ(r[1], 0x7FC00000u);    // a NaN weight times a number: the default NaN
    EXPECT_EQ(r[8], 0xFFE00001u);    // a NaN x keeps its own
}

TEST(Prelu, SixteenBitTiesAndPromotion) {
    // FLOAT16: the product of two float16 values is exact in float32 and rounded once (RNE) - the kernel's
    // float16 Mul; ties to even.
    const uint16_t hx[] = {0xBC01, 0xBC03, 0xFC00, 0x8003, 0x7C01, 0x3C00};
    const uint16_t hw[] = {0x3A00};  // 0.75
    HostTensor th = aclcpu_test::RawTensor({6}, ACL_FLOAT16, hx, sizeof hx),
               tw = aclcpu_test::RawTensor({1}, ACL_FLOAT16, hw, sizeof hw), oh = EmptyTensor({6}, ACL_FLOAT16);
    ASSERT_EQ(RunPrelu(th.tensor, tw.tensor, oh.tensor), 0) << LastError();
    const std::vector<uint16_t> gh = aclcpu_test::Download<uint16_t>(oh.buffer.get(), 6);
    EXPECT_EQ(gh[0], 0xBA02);  // -(1 + 2^-10) * 0.75 = -(0.75 + 1.5 ulp): the tie to even
    EXPECT_EQ(gh[1], 0xBA04);  // -(1 + 3 * 2^-10) * 0.75 = -(0.75 + 4.5 ulp): the tie to even
    EXPECT_EQ(gh[2], 0xFC00);
    EXPECT_EQ(gh[3], 0x8002);  // -3 * 2^-24 * 0.75: a subnormal, rounded
    EXPECT_EQ(gh[4], 0x7E01);  // a signalling NaN quieted
    EXPECT_EQ(gh[5], 0x3C00);
    // BF16: -(1 + 2^-7) * 0.75 = -(0.75 + 1.5 ulp): the tie to even
    const uint16_t bx[] = {0xBF81, 0x3F80}, bw[] = {0x3F40};
    HostTensor tb = aclcpu_test::RawTensor({2}, ACL_BF16, bx, sizeof bx),
               twb = aclcpu_test::RawTensor({1}, ACL_BF16, bw, sizeof bw), ob = EmptyTensor({2}, ACL_BF16);
    ASSERT_EQ(RunPrelu(tb.tensor, twb.tensor, ob.tensor), 0) << LastError();
    const std::vector<uint16_t> gb = aclcpu_test::Download<uint16_t>(ob.buffer.get(), 2);
    EXPECT_EQ(gb[0], 0xBF42);
    EXPECT_EQ(gb[1], 0x3F80);
    // FLOAT16 self, FLOAT weight: promoted to FLOAT (the product in float32), then cast to out's FLOAT16
    HostTensor wf = FloatTensor({1}, {0.1f}), of = EmptyTensor({6}, ACL_FLOAT), o16 = EmptyTensor({6}, ACL_FLOAT16);
    ASSERT_EQ(RunPrelu(th.tensor, wf.tensor, of.tensor), 0) << LastError();
    const float x0 = -1.0009765625f;  // 0xBC01
    EXPECT_EQ(F32Bits(aclcpu_test::Download<float>(of.buffer.get(), 1)[0]), F32Bits(x0 * 0.1f));
    ASSERT_EQ(RunPrelu(th.tensor, wf.tensor, o16.tensor), 0) << LastError();
    uint8_t want[2];
    l1ref::WriteValue(want, l1ref::kF16, static_cast<long double>(x0 * 0.1f));
    uint16_t w16;
    std::memcpy(&w16, want, 2);
    EXPECT_EQ(aclcpu_test::Download<uint16_t>(o16.buffer.get(), 1)[0], w16);
    // FLOAT16 self with BF16 weight: promoted to FLOAT
    HostTensor o32 = EmptyTensor({6}, ACL_FLOAT);
    ASSERT_EQ(RunPrelu(th.tensor, twb.tensor, o32.tensor), 0) << LastError();
    EXPECT_EQ(F32Bits(aclcpu_test::Download<float>(o32.buffer.get(), 1)[0]), F32Bits(x0 * 0.75f));
}

// ------------------------------------------------------------------ layouts against the model

/// One tensor of a layout case: its view over a storage of `storage` elements, filled with random values
/// (with specials) of dtype.
struct Spec {
    std::vector<int64_t> shape, strides;  // strides empty: contiguous
    int64_t offset = 0;
    int64_t storage = 0;  // 0: exactly the view's elements
    Spec(std::vector<int64_t> sh, std::vector<int64_t> st = {}, int64_t off = 0, int64_t sto = 0)
        : shape(std::move(sh)), strides(std::move(st)), offset(off), storage(sto) {}
};

/// Random element bytes of dtype dt (FLOAT, FLOAT16, BF16): mostly values of magnitude 2^-22 .. 2^2 (sums of
/// them depend on the order of the additions), some specials (1 in `special_rate`; 0: none).
std::vector<uint8_t> RandomBytes(aclDataType dt, int64_t n, std::mt19937_64& rng, int special_rate = 10) {
    const size_t item = aclDataTypeSize(dt);
    std::vector<uint8_t> b(static_cast<size_t>(n) * item);
    const float specials[] = {0.0f, -0.0f, HUGE_VALF, -HUGE_VALF, NAN, 1.0e-40f, -1.0e-40f, 65504.0f, -7.0e4f};
    for (int64_t i = 0; i < n; ++i) {
        float v = std::ldexp(static_cast<float>(static_cast<int64_t>(rng() % 2001) - 1000),
                             -8 - static_cast<int>(rng() % 24));
        if (special_rate > 0 && rng() % static_cast<uint64_t>(special_rate) == 0) {
            v = specials[rng() % (sizeof specials / sizeof specials[0])];
        }
        uint8_t* p = b.data() + static_cast<size_t>(i) * item;
        if (dt == ACL_FLOAT) {
            std::memcpy(p, &v, 4);
        } else {
            l1ref::WriteValue(p, dt == ACL_FLOAT16 ? l1ref::kF16 : l1ref::kBF16, static_cast<long double>(v));
        }
    }
    return b;
}

/// Runs self (x), weight (w), out (o; same shape as self, contiguous unless o_spec says) on every profile in
/// the dtypes given and compares every output byte with opref::Prelu (NaN equals NaN). `out_on_self`: out is
/// self's tensor.
void CompareWithModel(const Spec& xs, const Spec& ws, aclDataType xd, aclDataType wd, aclDataType od, uint32_t seed,
                      bool out_on_self = false) {
    std::mt19937_64 rng(seed);
    auto extent = [](const Spec& s) {
        if (s.storage > 0) return s.storage;
        return aclcpu_test::Numel(s.shape) == 0 ? int64_t{1} : aclcpu_test::Numel(s.shape);
    };
    for (Profile prof : l1ref::kAllProfiles) {
        if ((xd == ACL_BF16 || wd == ACL_BF16 || od == ACL_BF16) && !l1ref::SupportsBF16(prof)) continue;
        ProfileScope scope(prof);
        const int64_t xn = extent(xs), wn = extent(ws);
        const std::vector<uint8_t> xb = RandomBytes(xd, xn, rng), wb = RandomBytes(wd, wn, rng);
        DeviceBuffer xbuf(xb.size()), wbuf(wb.size());
        ASSERT_EQ(aclrtMemcpy(xbuf.get(), xb.size(), xb.data(), xb.size(), ACL_MEMCPY_HOST_TO_DEVICE), 0);
        ASSERT_EQ(aclrtMemcpy(wbuf.get(), wb.size(), wb.data(), wb.size(), ACL_MEMCPY_HOST_TO_DEVICE), 0);
        const std::vector<int64_t> xst = xs.strides.empty() ? aclcpu_test::ContiguousStrides(xs.shape) : xs.strides;
        const std::vector<int64_t> wst = ws.strides.empty() ? aclcpu_test::ContiguousStrides(ws.shape) : ws.strides;
        aclTensor* x = MakeTensor(xs.shape, xd, xbuf.get(), xst, xs.offset, {xn});
        aclTensor* w = MakeTensor(ws.shape, wd, wbuf.get(), wst, ws.offset, {wn});
        const int64_t on = aclcpu_test::Numel(xs.shape);
        const size_t oitem = aclDataTypeSize(od);
        HostTensor o = EmptyTensor(xs.shape, od);
        aclTensor* out = out_on_self ? x : o.tensor;
        l1ref::View v[3];
        v[0] = {false, static_cast<int>(xd), xs.shape, xst, xs.offset, {xn}, xb.data()};
        v[1] = {false, static_cast<int>(wd), ws.shape, wst, ws.offset, {wn}, wb.data()};
        std::vector<uint8_t> want(out_on_self ? xb : std::vector<uint8_t>(static_cast<size_t>(on) * oitem, 0xA5));
        v[2] = out_on_self
                   ? v[0]
                   : l1ref::View{false, static_cast<int>(od), xs.shape, aclcpu_test::ContiguousStrides(xs.shape), 0,
                                 {on},  want.data()};
        uint8_t* wp = want.data();
        ASSERT_EQ(opref::Prelu(prof, v, nullptr, &wp), 0);
        ASSERT_EQ(RunPrelu(x, w, out), 0) << LastError();
        const size_t bytes = want.size();
        std::vector<uint8_t> got(bytes);
        ASSERT_EQ(
            aclrtMemcpy(got.data(), bytes, out_on_self ? xbuf.get() : o.buffer.get(), bytes, ACL_MEMCPY_DEVICE_TO_HOST),
            0);
        int bad = 0;
        for (size_t e = 0; e < bytes && bad < 5; e += oitem) {
            if (!l1ref::SameResult(static_cast<int>(od), &got[e], &want[e])) {
                ADD_FAILURE() << l1ref::ProfileKey(prof) << " element " << e / oitem;
                ++bad;
            }
        }
        aclDestroyTensor(x);
        aclDestroyTensor(w);
    }
}

TEST(Prelu, ChannelLayoutsMatchTheModel) {
    const aclDataType dts[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    uint32_t seed = 1;
    for (aclDataType d : dts) {
        SCOPED_TRACE(d);
        // a channel vector on dim 1 of a 3-d self (the weight strided across the inner rows)
        CompareWithModel({{2, 3, 5}}, {{3}}, d, d, d, seed++);
        // the channel as the innermost dim (the weight contiguous along the rows: the fused body)
        CompareWithModel({{700, 3}}, {{3}}, d, d, d, seed++);
        CompareWithModel({{4, 3, 1000}}, {{3}}, d, d, d, seed++);
        // weight of other ranks with C elements: [1, C], [C, 1, 1]
        CompareWithModel({{2, 4, 3}}, {{1, 4}}, d, d, d, seed++);
        CompareWithModel({{2, 4, 3}}, {{4, 1, 1}}, d, d, d, seed++);
        // a strided weight (every other element) with an offset
        CompareWithModel({{3, 4, 2}}, {{4}, {2}, 1, 9}, d, d, d, seed++);
        // a weight view no single stride walks (a transposed [2, 3]): self's dim 1 split into the weight's runs
        CompareWithModel({{2, 6, 3}}, {{2, 3}, {1, 2}, 0, 6}, d, d, d, seed++);
        CompareWithModel({{2, 6}}, {{3, 2}, {1, 3}, 0, 6}, d, d, d, seed++);
        // one element: [1], [1, 1, 1] and 0-d, on 0-d, 1-d and 4-d selves
        CompareWithModel({{2, 3, 2, 2}}, {{1}}, d, d, d, seed++);
        CompareWithModel({{2, 3, 2, 2}}, {{1, 1, 1}}, d, d, d, seed++);
        CompareWithModel({{2, 3, 2, 2}}, {{}}, d, d, d, seed++);
        CompareWithModel({{}}, {{1}}, d, d, d, seed++);
        CompareWithModel({{7}}, {{}}, d, d, d, seed++);
        // a transposed self view ([3, 4] of a [4, 3] storage: channel stride 3)
        CompareWithModel({{3, 4}, {1, 3}, 0, 12}, {{4}}, d, d, d, seed++);
        // out on self
        CompareWithModel({{2, 3, 5}}, {{3}}, d, d, d, seed++, true);
    }
    // mixed dtypes: promoted, then cast to out's
    CompareWithModel({{2, 3, 5}}, {{3}}, ACL_FLOAT16, ACL_FLOAT, ACL_FLOAT16, seed++);
    CompareWithModel({{2, 3, 5}}, {{3}}, ACL_FLOAT16, ACL_BF16, ACL_BF16, seed++);
    CompareWithModel({{2, 3, 5}}, {{3}}, ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT16, seed++);
    CompareWithModel({{600, 3}}, {{3}}, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT, seed++);
}

TEST(Prelu, EmptyAndTooManyRuns) {
    // an empty self (its channel count 0 with an empty weight, or a weight of one element): nothing runs
    HostTensor e = EmptyTensor({2, 0, 3}, ACL_FLOAT), we = EmptyTensor({0}, ACL_FLOAT),
               oe = EmptyTensor({2, 0, 3}, ACL_FLOAT);
    uint64_t ws = 9;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnPreluGetWorkspaceSize(e.tensor, we.tensor, oe.tensor, &ws, &ex), 0) << LastError();
    EXPECT_EQ(ws, 0u);
    EXPECT_EQ(aclnnPrelu(nullptr, 0, ex, nullptr), 0);
    HostTensor e2 = EmptyTensor({0, 3}, ACL_FLOAT), w3 = FloatTensor({3}, {1, 2, 3}),
               o2 = EmptyTensor({0, 3}, ACL_FLOAT);
    EXPECT_EQ(RunPrelu(e2.tensor, w3.tensor, o2.tensor), 0) << LastError();
    // beyond CANN: an 8-d self whose weight view needs two strides (9 dims in all) is refused
    DeviceBuffer wbuf(6 * 4);
    aclTensor* wt = MakeTensor({2, 3}, ACL_FLOAT, wbuf.get(), {1, 2}, 0, {6});
    const std::vector<int64_t> s8 = {1, 6, 1, 1, 1, 1, 1, 2};
    HostTensor x8 = EmptyTensor(s8, ACL_FLOAT), o8 = EmptyTensor(s8, ACL_FLOAT);
    ExpectFails(x8.tensor, wt, o8.tensor, kInvalid, "pass a contiguous weight");
    // the same weight made contiguous runs
    HostTensor wc = FloatTensor({2, 3}, {1, 2, 3, 4, 5, 6});
    EXPECT_EQ(RunPrelu(x8.tensor, wc.tensor, o8.tensor), 0) << LastError();
    aclDestroyTensor(wt);
}

// ------------------------------------------------------------------ PreluBackward

/// Runs both phases of aclnnPreluBackward with the workspace asked for and synchronises; the first non-zero status.
int RunPreluBackward(const aclTensor* g, const aclTensor* self, const aclTensor* weight, aclTensor* gi, aclTensor* gw) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    int st = aclnnPreluBackwardGetWorkspaceSize(g, self, weight, gi, gw, &ws, &ex);
    if (st != 0) return st;
    DeviceBuffer w;
    if (ws > 0) w = DeviceBuffer(ws);
    st = aclnnPreluBackward(ws > 0 ? w.get() : nullptr, ws, ex, nullptr);
    return st != 0 ? st : aclrtSynchronizeStream(nullptr);
}

/// Expects aclnnPreluBackward's first phase to fail with `code` and a message containing `msg`.
void ExpectBackwardFails(const aclTensor* g, const aclTensor* self, const aclTensor* weight, aclTensor* gi,
                         aclTensor* gw, int code, const std::string& msg) {
    uint64_t ws = 77;
    aclOpExecutor* ex = reinterpret_cast<aclOpExecutor*>(uintptr_t{0x40});
    LastError();
    EXPECT_EQ(aclnnPreluBackwardGetWorkspaceSize(g, self, weight, gi, gw, &ws, &ex), code);
    const std::string m = LastError();
    EXPECT_NE(m.find(msg), std::string::npos) << "expected message: " << msg << "\ngot: " << m;
    EXPECT_EQ(ws, 77u);
    EXPECT_EQ(ex, reinterpret_cast<aclOpExecutor*>(uintptr_t{0x40}));
}

TEST(PreluBackward, CheckOrderAndMessages) {
    HostTensor g = FloatTensor({2, 3}, {1, 1, 1, 1, 1, 1}), x = FloatTensor({2, 3}, {1, -1, 2, -2, 3, -3}),
               w = FloatTensor({3}, {0.5f, 1, 2}), gi = EmptyTensor({2, 3}, ACL_FLOAT),
               gw = EmptyTensor({3}, ACL_FLOAT);
    // 1. the tensors in order (no workspace check first: CANN has none)
    ExpectBackwardFails(nullptr, nullptr, nullptr, nullptr, nullptr, kNull,
                        "Expected a proper Tensor but got null for argument gradOutput.");
    ExpectBackwardFails(g.tensor, x.tensor, w.tensor, gi.tensor, nullptr, kNull,
                        "Expected a proper Tensor but got null for argument gradWeight.");
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnPreluBackwardGetWorkspaceSize(nullptr, x.tensor, w.tensor, gi.tensor, gw.tensor, nullptr, &ex),
              kNull);
    EXPECT_NE(LastError().find("argument gradOutput"), std::string::npos);
    // 2. self's list, then every other dtype equal to self's
    HostTensor xd = EmptyTensor({2, 3}, ACL_DOUBLE), h = EmptyTensor({2, 3}, ACL_FLOAT16),
               wh = EmptyTensor({3}, ACL_FLOAT16);
    ExpectBackwardFails(g.tensor, xd.tensor, w.tensor, gi.tensor, gw.tensor, kInvalid,
                        "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, "
                        "DT_FLOAT16, DT_BF16.");
    ExpectBackwardFails(h.tensor, x.tensor, w.tensor, gi.tensor, gw.tensor, kInvalid,
                        "Expected both tensors to have same dtype, but found gradOutput DT_FLOAT16 and self DT_FLOAT.");
    ExpectBackwardFails(g.tensor, x.tensor, wh.tensor, gi.tensor, gw.tensor, kInvalid,
                        "Expected both tensors to have same dtype, but found weight DT_FLOAT16 and self DT_FLOAT.");
    ExpectBackwardFails(g.tensor, x.tensor, w.tensor, h.tensor, gw.tensor, kInvalid,
                        "Expected both tensors to have same dtype, but found gradInput DT_FLOAT16 and self DT_FLOAT.");
    ExpectBackwardFails(g.tensor, x.tensor, w.tensor, gi.tensor, wh.tensor, kInvalid,
                        "Expected both tensors to have same dtype, but found gradWeight DT_FLOAT16 and self DT_FLOAT.");
    // 3. dims, gradInput's shape
    HostTensor b9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT), gi3 = EmptyTensor({3, 2}, ACL_FLOAT);
    ExpectBackwardFails(b9.tensor, x.tensor, w.tensor, gi.tensor, gw.tensor, kInvalid,
                        "The gradOutput tensor cannot be larger than 8 dimensions.");
    ExpectBackwardFails(g.tensor, x.tensor, w.tensor, gi.tensor, b9.tensor, kInvalid,
                        "The gradWeight tensor cannot be larger than 8 dimensions.");
    ExpectBackwardFails(g.tensor, x.tensor, w.tensor, gi3.tensor, gw.tensor, kInvalid,
                        "Expected tensor for gradInput to have same size as tensor for self, but [3,2] does not equal "
                        "[2,3].");
    // 4. the weight rule
    HostTensor w2 = FloatTensor({2}, {1, 2}), x0 = FloatTensor({}, {1}), g0 = FloatTensor({}, {1}),
               gi0 = EmptyTensor({}, ACL_FLOAT), gw13 = EmptyTensor({1, 3}, ACL_FLOAT),
               w1 = FloatTensor({1, 1}, {0.5f}), gw1 = EmptyTensor({1}, ACL_FLOAT);
    ExpectBackwardFails(g0.tensor, x0.tensor, w2.tensor, gi0.tensor, gw.tensor, kInvalid,
                        "The self tensor must have at least 1 dimensions.");
    ExpectBackwardFails(g.tensor, x.tensor, w2.tensor, gi.tensor, gw.tensor, kInvalid,
                        "the number of weight elements must be 1 or self channel size");
    ExpectBackwardFails(g.tensor, x.tensor, w.tensor, gi.tensor, gw13.tensor, kInvalid,
                        "Expected tensor for gradWeight to have same size as [3], but got [1,3].");
    ExpectBackwardFails(g.tensor, x.tensor, w1.tensor, gi.tensor, gw1.tensor, kInvalid,
                        "Expected tensor for weight to have same size as tensor for gradWeight, but [1,1] does not "
                        "equal [1].");
    // 5. gradOutput broadcasting to self's shape only
    HostTensor g4 = FloatTensor({4}, {1, 2, 3, 4}), g23 = FloatTensor({2, 1, 3}, {1, 2, 3, 4, 5, 6});
    ExpectBackwardFails(g4.tensor, x.tensor, w.tensor, gi.tensor, gw.tensor, kInvalid,
                        "The size of tensor self [2,3] must match the size of tensor gradOutput [4].");
    ExpectBackwardFails(g23.tensor, x.tensor, w.tensor, gi.tensor, gw.tensor, kInvalid,
                        "the broadcastShape[[2,2,3]] of gradOutput and self must be equal with selfShape[[2,3]].");
    // 6. beyond CANN: workspace arguments; gradWeight sharing memory with another tensor
    EXPECT_EQ(aclnnPreluBackwardGetWorkspaceSize(g.tensor, x.tensor, w.tensor, gi.tensor, gw.tensor, nullptr, &ex),
              kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    EXPECT_EQ(aclnnPreluBackwardGetWorkspaceSize(g.tensor, x.tensor, w.tensor, gi.tensor, gw.tensor, &ws, nullptr),
              kNull);
    ExpectBackwardFails(g.tensor, x.tensor, w.tensor, gi.tensor, w.tensor, kInvalid,
                        "beyond CANN: gradWeight and weight share memory");
    aclTensor* gw_on_gi = MakeTensor({3}, ACL_FLOAT, gi.buffer.get());
    ExpectBackwardFails(g.tensor, x.tensor, w.tensor, gi.tensor, gw_on_gi, kInvalid,
                        "beyond CANN: gradWeight and gradInput share memory");
    aclDestroyTensor(gw_on_gi);
    // success: gradInput = x > 0 ? g : w * g; gradWeight[c] = sum over the rows of x <= 0 ? x * g : 0
    ASSERT_EQ(RunPreluBackward(g.tensor, x.tensor, w.tensor, gi.tensor, gw.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<float>(gi.buffer.get(), 6), (std::vector<float>{1, 1, 1, 0.5f, 1, 2}));
    EXPECT_EQ(aclcpu_test::Download<float>(gw.buffer.get(), 3), (std::vector<float>{-2, -1, -3}));
}

TEST(PreluBackward, SpecialsAndSignedZeros) {
    // self [1, 2, 4], weight [2] = {0.5, 0}: channel 0 with NaN/inf/zeros in gradOutput, channel 1 all x <= 0
    const float nan = aclcpu_test::FromBits(0x7FA00001u);  // signalling
    HostTensor x = FloatTensor({1, 2, 4}, {-0.0f, 0.0f, 2.0f, -1.0f, -1.0f, -2.0f, -0.0f, -HUGE_VALF}),
               g = FloatTensor({1, 2, 4}, {3.0f, -3.0f, nan, -0.0f, 1.0f, 1.0f, 5.0f, 0.0f}),
               w = FloatTensor({2}, {0.5f, 0.0f}), gi = EmptyTensor({1, 2, 4}, ACL_FLOAT),
               gw = EmptyTensor({2}, ACL_FLOAT);
    ASSERT_EQ(RunPreluBackward(g.tensor, x.tensor, w.tensor, gi.tensor, gw.tensor), 0) << LastError();
    std::vector<uint32_t> r;
    for (float f : aclcpu_test::Download<float>(gi.buffer.get(), 8)) r.push_back(F32Bits(f));
    EXPECT_EQ(r[0], F32Bits(1.5f));   // -0 is not > 0: 0.5 * 3
    EXPECT_EQ(r[1], F32Bits(-1.5f));  // +0 neither
    EXPECT_EQ(r[2], 0x7FE00001u);     // x > 0 selects g: the signalling NaN quieted
    EXPECT_EQ(r[3], 0x80000000u);     // 0.5 * -0
    EXPECT_EQ(r[4], 0x00000000u);     // 0 * 1
    EXPECT_EQ(r[6], 0x00000000u);     // 0 * 5
    EXPECT_EQ(r[7], 0x00000000u);     // 0 * +0
    const std::vector<float> sw = aclcpu_test::Download<float>(gw.buffer.get(), 2);
    // channel 0: -0*3 + 0*-3 + (x > 0: +0) + -1*-0 = a zero; channel 1: -1 - 2 + -0*5 + (-inf * 0: NaN) = NaN
    EXPECT_EQ(sw[0], 0.0f);
    EXPECT_TRUE(std::isnan(sw[1]));
    // FLOAT16: gradInput 0.5 * g, the updates x * g = 1 + 2^-10 each, summed in float32, rounded to FLOAT16
    const uint16_t hx[] = {0xBC00, 0xBC00}, hg[] = {0xBC01, 0xBC01}, hw[] = {0x3800};  // x -1, g -(1 + 2^-10), w 0.5
    HostTensor th = aclcpu_test::RawTensor({2}, ACL_FLOAT16, hx, sizeof hx),
               tg = aclcpu_test::RawTensor({2}, ACL_FLOAT16, hg, sizeof hg),
               tw = aclcpu_test::RawTensor({1}, ACL_FLOAT16, hw, sizeof hw), ogi = EmptyTensor({2}, ACL_FLOAT16),
               ogw = EmptyTensor({1}, ACL_FLOAT16);
    ASSERT_EQ(RunPreluBackward(tg.tensor, th.tensor, tw.tensor, ogi.tensor, ogw.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<uint16_t>(ogi.buffer.get(), 2), (std::vector<uint16_t>{0xB801, 0xB801}));
    EXPECT_EQ(aclcpu_test::Download<uint16_t>(ogw.buffer.get(), 1)[0], 0x4001);  // 2 * (1 + 2^-10)
}

/// Runs PreluBackward on every profile (the BF16 ones for BF16) with random inputs of dtype d and compares
/// gradInput and gradWeight with opref::PreluBackward. gi_on: -1 a fresh gradInput, 0 on gradOutput, 1 on
/// self (same shape as self required).
void CompareBackward(const Spec& gs, const Spec& xs, const Spec& ws, aclDataType d, uint32_t seed, int gi_on = -1,
                     int special_rate = 10) {
    std::mt19937_64 rng(seed);
    auto extent = [](const Spec& s) {
        if (s.storage > 0) return s.storage;
        return aclcpu_test::Numel(s.shape) == 0 ? int64_t{1} : aclcpu_test::Numel(s.shape);
    };
    const size_t item = aclDataTypeSize(d);
    for (Profile prof : l1ref::kAllProfiles) {
        if (d == ACL_BF16 && !l1ref::SupportsBF16(prof)) continue;
        ProfileScope scope(prof);
        const Spec* specs[3] = {&gs, &xs, &ws};
        std::vector<std::vector<uint8_t>> bytes(3);
        std::vector<DeviceBuffer> bufs;
        std::vector<aclTensor*> ts;
        l1ref::View v[5];
        for (int i = 0; i < 3; ++i) {
            const Spec& sp = *specs[i];
            const int64_t n = extent(sp);
            bytes[static_cast<size_t>(i)] = RandomBytes(d, n, rng, special_rate);
            bufs.emplace_back(bytes[static_cast<size_t>(i)].size());
            ASSERT_EQ(aclrtMemcpy(bufs.back().get(), bytes[static_cast<size_t>(i)].size(),
                                  bytes[static_cast<size_t>(i)].data(), bytes[static_cast<size_t>(i)].size(),
                                  ACL_MEMCPY_HOST_TO_DEVICE),
                      0);
            const std::vector<int64_t> st = sp.strides.empty() ? aclcpu_test::ContiguousStrides(sp.shape) : sp.strides;
            ts.push_back(MakeTensor(sp.shape, d, bufs.back().get(), st, sp.offset, {n}));
            v[i] = {false, static_cast<int>(d), sp.shape, st, sp.offset, {n}, bytes[static_cast<size_t>(i)].data()};
        }
        const int64_t wn = aclcpu_test::Numel(ws.shape);
        const std::vector<int64_t> gw_shape = wn == 1 ? ws.shape : std::vector<int64_t>{wn};
        HostTensor gi = EmptyTensor(xs.shape, d), gw = EmptyTensor(gw_shape, d);
        const int64_t xn = aclcpu_test::Numel(xs.shape);
        aclTensor* gi_t = gi_on < 0 ? gi.tensor : ts[static_cast<size_t>(gi_on)];
        std::vector<uint8_t> want_gi =
            gi_on < 0 ? std::vector<uint8_t>(static_cast<size_t>(xn) * item, 0xA5) : bytes[static_cast<size_t>(gi_on)];
        std::vector<uint8_t> want_gw(static_cast<size_t>(wn) * item, 0xA5);
        v[3] = gi_on < 0
                   ? l1ref::View{false, static_cast<int>(d), xs.shape, aclcpu_test::ContiguousStrides(xs.shape), 0,
                                 {xn},  want_gi.data()}
                   : v[gi_on];
        v[3].data = want_gi.data();
        v[4] = {false, static_cast<int>(d), gw_shape, aclcpu_test::ContiguousStrides(gw_shape), 0,
                {wn},  want_gw.data()};
        uint8_t* outs[2] = {want_gi.data(), want_gw.data()};
        ASSERT_EQ(opref::PreluBackward(prof, v, nullptr, outs), 0);
        ASSERT_EQ(RunPreluBackward(ts[0], ts[1], ts[2], gi_t, gw.tensor), 0) << LastError();
        std::vector<uint8_t> got_gi(want_gi.size()), got_gw(want_gw.size());
        const void* gi_mem = gi_on < 0 ? gi.buffer.get() : bufs[static_cast<size_t>(gi_on)].get();
        ASSERT_EQ(aclrtMemcpy(got_gi.data(), got_gi.size(), gi_mem, got_gi.size(), ACL_MEMCPY_DEVICE_TO_HOST), 0);
        ASSERT_EQ(aclrtMemcpy(got_gw.data(), got_gw.size(), gw.buffer.get(), got_gw.size(), ACL_MEMCPY_DEVICE_TO_HOST),
                  0);
        int bad = 0;
        for (size_t e = 0; e < got_gi.size() && bad < 5; e += item) {
            if (!l1ref::SameResult(static_cast<int>(d), &got_gi[e], &want_gi[e])) {
                ADD_FAILURE() << l1ref::ProfileKey(prof) << " gradInput element " << e / item;
                ++bad;
            }
        }
        for (size_t e = 0; e < got_gw.size() && bad < 10; e += item) {
            if (!l1ref::SameResult(static_cast<int>(d), &got_gw[e], &want_gw[e])) {
                ADD_FAILURE() << l1ref::ProfileKey(prof) << " gradWeight element " << e / item;
                ++bad;
            }
        }
        for (aclTensor* t : ts) aclDestroyTensor(t);
    }
}

TEST(PreluBackward, LayoutsAndSumsMatchTheModel) {
    uint32_t seed = 100;
    for (aclDataType d : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
        SCOPED_TRACE(d);
        CompareBackward({{2, 3, 5}}, {{2, 3, 5}}, {{3}}, d, seed++);
        CompareBackward({{700, 3}}, {{700, 3}}, {{3}}, d, seed++);               // channel innermost: fused rows
        CompareBackward({{3, 1}}, {{2, 3, 1}}, {{3}}, d, seed++);                // a broadcast gradOutput
        CompareBackward({{5}}, {{2, 3, 5}}, {{1}}, d, seed++);                   // one weight: one sum of every element
        CompareBackward({{}}, {{}}, {{}}, d, seed++);                            // 0-d
        CompareBackward({{9}}, {{9}}, {{1, 1}}, d, seed++);                      // 1-d self, [1, 1] weight
        CompareBackward({{3, 4, 2}}, {{3, 4, 2}}, {{4}, {2}, 1, 9}, d, seed++);  // a strided weight
        CompareBackward({{2, 6, 3}}, {{2, 6, 3}}, {{2, 3}, {1, 2}, 0, 6}, d, seed++);  // weight runs: dim 1 split
        CompareBackward({{6, 1}}, {{2, 6, 3}}, {{3, 2}, {1, 3}, 0, 6}, d, seed++);     // and a broadcast gradOutput
        CompareBackward({{3, 4}, {1, 3}, 0, 12}, {{3, 4}, {1, 3}, 0, 12}, {{4}}, d, seed++);  // transposed views
        CompareBackward({{2, 3, 5}}, {{2, 3, 5}}, {{3}}, d, seed++, 0);                       // gradInput on gradOutput
        CompareBackward({{2, 3, 5}}, {{2, 3, 5}}, {{3}}, d, seed++, 1);                       // gradInput on self
    }
    // slices of many chunks (and cores): 64 * 5000 values per channel; 20000 (FLOAT: the reduce as the DAG's
    // first compute node doubles the input buffers, which splits this slice over 61 cores); one sum of 3 * 10^5
    // (no specials: one NaN or infinity would decide the whole sum)
    CompareBackward({{64, 2, 5000}}, {{64, 2, 5000}}, {{2}}, ACL_FLOAT, seed++, -1, 0);
    CompareBackward({{4, 2, 5000}}, {{4, 2, 5000}}, {{2}}, ACL_FLOAT, seed++, -1, 0);
    CompareBackward({{4, 2, 5000}}, {{4, 2, 5000}}, {{2}}, ACL_FLOAT16, seed++, -1, 0);
    CompareBackward({{64, 2, 5000}}, {{64, 2, 5000}}, {{2}}, ACL_FLOAT16, seed++, -1, 0);
    CompareBackward({{300000}}, {{300000}}, {{1}}, ACL_BF16, seed++, -1, 0);
}

// gradInput apart from the inputs takes one pass (the reduction's rows write it beside the values); re-addressed
// onto memory it shares with gradOutput (one element further on, so that a one-pass row would read what it had
// just written), the same executor takes the two passes at its next launch and gives the first run's bits.
TEST(PreluBackward, ReaddressedOverlapTakesTheTwoPasses) {
    const int64_t n = 1000;
    std::vector<float> gv(static_cast<size_t>(n) + 1), xv(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
        gv[static_cast<size_t>(i)] = static_cast<float>(i % 7) - 2.5f;
        xv[static_cast<size_t>(i)] = static_cast<float>((i * 5) % 11) - 6.0f;
    }
    gv[static_cast<size_t>(n)] = 0.0f;
    HostTensor gbuf = FloatTensor({n + 1}, gv);  // gradOutput: its first n elements
    aclTensor* g = MakeTensor({n}, ACL_FLOAT, gbuf.buffer.get());
    HostTensor x = FloatTensor({n}, xv), w = FloatTensor({1}, {0.25f});
    HostTensor gi = EmptyTensor({n}, ACL_FLOAT), gw = EmptyTensor({1}, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnPreluBackwardGetWorkspaceSize(g, x.tensor, w.tensor, gi.tensor, gw.tensor, &ws, &ex), 0)
        << LastError();
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0);
    DeviceBuffer wsb;
    if (ws > 0) wsb = DeviceBuffer(ws);
    ASSERT_EQ(aclnnPreluBackward(ws > 0 ? wsb.get() : nullptr, ws, ex, nullptr), 0) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
    const std::vector<float> gi1 = aclcpu_test::Download<float>(gi.buffer.get(), static_cast<size_t>(n));
    const std::vector<float> gw1 = aclcpu_test::Download<float>(gw.buffer.get(), 1);
    for (int64_t i = 0; i < n; ++i) {  // x > 0 ? g : 0.25 g
        const float gi_i = gv[static_cast<size_t>(i)], xi = xv[static_cast<size_t>(i)];
        ASSERT_EQ(gi1[static_cast<size_t>(i)], xi > 0 ? gi_i : 0.25f * gi_i) << i;
    }
    // gradInput (output 0) onto gradOutput's elements 1 .. n
    ASSERT_EQ(aclSetOutputTensorAddr(ex, 0, nullptr, static_cast<float*>(gbuf.buffer.get()) + 1), 0) << LastError();
    ASSERT_EQ(aclnnPreluBackward(ws > 0 ? wsb.get() : nullptr, ws, ex, nullptr), 0) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
    const std::vector<float> after = aclcpu_test::Download<float>(gbuf.buffer.get(), static_cast<size_t>(n) + 1);
    EXPECT_EQ(std::vector<float>(after.begin() + 1, after.end()), gi1);
    EXPECT_EQ(aclcpu_test::Download<float>(gw.buffer.get(), 1), gw1);
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), 0);
    aclDestroyTensor(g);
}

// gradWeight apart from every other tensor (row 13) holds at every launch: re-addressed onto self, onto gradInput
// or with an input re-addressed onto it, a repeatable executor's launch fails with 161002 and writes nothing;
// re-addressed apart again, it runs.
TEST(PreluBackward, ReaddressedGradWeightOverlapFailsTheLaunch) {
    HostTensor g = FloatTensor({2, 2, 2}, std::vector<float>(8, 1.0f));
    HostTensor x = FloatTensor({2, 2, 2}, std::vector<float>(8, -1.0f));
    HostTensor w = FloatTensor({2}, {0.5f, 0.5f});
    HostTensor gi = EmptyTensor({2, 2, 2}, ACL_FLOAT), gw = EmptyTensor({2}, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnPreluBackwardGetWorkspaceSize(g.tensor, x.tensor, w.tensor, gi.tensor, gw.tensor, &ws, &ex), 0)
        << LastError();
    ASSERT_EQ(ws, 0u);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0);
    auto launch = [&] {
        const int st = aclnnPreluBackward(nullptr, 0, ex, nullptr);
        const int sync = aclrtSynchronizeStream(nullptr);
        return st != 0 ? st : sync;
    };
    ASSERT_EQ(launch(), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<float>(gw.buffer.get(), 2), (std::vector<float>{-4, -4}));
    const std::vector<float> self_before = aclcpu_test::Download<float>(x.buffer.get(), 8);
    const std::vector<float> gi_before = aclcpu_test::Download<float>(gi.buffer.get(), 8);
    float* self_dev = static_cast<float*>(x.buffer.get());
    // gradWeight (output 1) onto self's elements 2 and 3
    ASSERT_EQ(aclSetOutputTensorAddr(ex, 1, nullptr, self_dev + 2), 0) << LastError();
    EXPECT_NE(launch(), 0);
    EXPECT_EQ(aclcpu_test::Download<float>(x.buffer.get(), 8), self_before);
    // gradWeight onto gradInput
    ASSERT_EQ(aclSetOutputTensorAddr(ex, 1, nullptr, gi.buffer.get()), 0) << LastError();
    EXPECT_NE(launch(), 0);
    EXPECT_EQ(aclcpu_test::Download<float>(gi.buffer.get(), 8), gi_before);
    // apart again; then weight (input 2) re-addressed onto gradWeight
    ASSERT_EQ(aclSetOutputTensorAddr(ex, 1, nullptr, gw.buffer.get()), 0) << LastError();
    ASSERT_EQ(launch(), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<float>(gw.buffer.get(), 2), (std::vector<float>{-4, -4}));
    ASSERT_EQ(aclSetInputTensorAddr(ex, 2, nullptr, gw.buffer.get()), 0) << LastError();
    EXPECT_NE(launch(), 0);
    EXPECT_EQ(aclcpu_test::Download<float>(gw.buffer.get(), 2), (std::vector<float>{-4, -4}));
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), 0);
}

TEST(PreluBackward, EmptyInputsRunNothing) {
    HostTensor e = EmptyTensor({2, 0, 3}, ACL_FLOAT), we = EmptyTensor({0}, ACL_FLOAT),
               gie = EmptyTensor({2, 0, 3}, ACL_FLOAT), gwe = EmptyTensor({0}, ACL_FLOAT);
    uint64_t ws = 9;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnPreluBackwardGetWorkspaceSize(e.tensor, e.tensor, we.tensor, gie.tensor, gwe.tensor, &ws, &ex), 0)
        << LastError();
    EXPECT_EQ(ws, 0u);
    EXPECT_EQ(aclnnPreluBackward(nullptr, 0, ex, nullptr), 0);
    // an empty gradOutput broadcast to a non-empty self cannot happen ([0] does not broadcast to [3]); an empty
    // self with a one-element weight leaves gradWeight alone
    HostTensor e2 = EmptyTensor({0, 3}, ACL_FLOAT), w1 = FloatTensor({1}, {0.5f}), gi2 = EmptyTensor({0, 3}, ACL_FLOAT),
               gw1 = EmptyTensor({1}, ACL_FLOAT, 0x5A);
    ASSERT_EQ(RunPreluBackward(e2.tensor, e2.tensor, w1.tensor, gi2.tensor, gw1.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<uint32_t>(gw1.buffer.get(), 1)[0], 0x5A5A5A5Au);
}

}  // namespace
