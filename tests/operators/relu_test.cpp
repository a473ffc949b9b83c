// aclnnRelu, aclnnInplaceRelu, aclnnThresholdBackward, aclnnLeakyRelu, aclnnInplaceLeakyRelu and
// aclnnLeakyReluBackward, aclnnThreshold, aclnnInplaceThreshold, aclnnHardshrink, aclnnSoftshrink and
// aclnnSoftshrinkBackward through the public API (docs/ops/relu.md, threshold_backward.md, leaky_relu.md,
// leaky_relu_backward.md, threshold.md, hardshrink.md, softshrink.md, softshrink_backward.md): CANN's check order, codes and messages; the dtype lists per product
// profile (integers, BF16, INT64 only for ReluGrad on the 950); the threshold's conversion and the two
// kernels; and a seeded sweep per profile and admitted dtype compared bit for bit with the independent model
// (tests/support/relu_reference.h) - IEEE specials (NaN with payloads, signalling NaN, +-inf, +-0,
// subnormals), values exactly at the threshold, integer extremes - over broadcasting, strided and transposed
// views, in place, aliased outputs and empty tensors.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_hardshrink.h"
#include "aclnnop/aclnn_leaky_relu.h"
#include "aclnnop/aclnn_leaky_relu_backward.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_softshrink.h"
#include "aclnnop/aclnn_softshrink_backward.h"
#include "aclnnop/aclnn_threshold.h"
#include "aclnnop/aclnn_threshold_backward.h"
#include "support/leaky_relu_reference.h"
#include "support/profile_scope.h"
#include "support/relu_reference.h"
#include "support/phases.h"
#include "support/test_util.h"

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
using aclcpu_test::Scalar;
using l1ref::Profile;

constexpr int kNull = 161001;
constexpr int kInvalid = 161002;

const bool kQuietLog = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

// ------------------------------------------------------------------ running the APIs

int RunRelu(const aclTensor* self, const aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnReluGetWorkspaceSize(self, out, ws, ex); }, aclnnRelu);
}

int RunInplaceRelu(aclTensor* selfRef) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceReluGetWorkspaceSize(selfRef, ws, ex); }, aclnnInplaceRelu);
}

int RunTb(const aclTensor* g, const aclTensor* s, const aclScalar* thr, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnThresholdBackwardGetWorkspaceSize(g, s, thr, out, ws, ex); }, aclnnThresholdBackward);
}

// Expects a first phase to fail with `code` and a message containing `msg`, writing neither output.
// ------------------------------------------------------------------ check order and messages

TEST(Relu, CheckOrderAndMessages) {
    HostTensor x = FloatTensor({2, 2}, {1, -1, 2, -2}), out = EmptyTensor({2, 2}, ACL_FLOAT);
    auto relu = [](const aclTensor* a, const aclTensor* b) {
        return [a, b](uint64_t* ws, aclOpExecutor** ex) { return aclnnReluGetWorkspaceSize(a, b, ws, ex); };
    };
    ExpectFails(relu(nullptr, nullptr), kNull, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(relu(x.tensor, nullptr), kNull, "Expected a proper Tensor but got null for argument out.");
    ExpectFails([](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceReluGetWorkspaceSize(nullptr, ws, ex); },
                kNull, "got null for argument self.");
    HostTensor d = EmptyTensor({2, 2}, ACL_DOUBLE), i16 = EmptyTensor({2, 2}, ACL_INT16),
               h = EmptyTensor({2, 2}, ACL_FLOAT16), b9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT),
               o3 = EmptyTensor({3}, ACL_FLOAT), d9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_DOUBLE);
    // dtype (self's list, then out == self) before dims and shape
    ExpectFails(relu(d9.tensor, o3.tensor), kInvalid,
                "Self dtype DT_DOUBLE should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_INT8, DT_UINT8, "
                "DT_INT32, DT_INT64, DT_BF16.");
    ExpectFails(relu(i16.tensor, out.tensor), kInvalid, "Self dtype DT_INT16 should be in dtype support list");
    ExpectFails(relu(x.tensor, h.tensor), kInvalid, "Tensor self expected dtype is DT_FLOAT16 but found DT_FLOAT.");
    ExpectFails(relu(b9.tensor, out.tensor), kInvalid, "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails(relu(x.tensor, b9.tensor), kInvalid, "The out tensor cannot be larger than 8 dimensions.");
    ExpectFails(relu(x.tensor, o3.tensor), kInvalid,
                "Expected tensor for self to have same size as tensor for out, but [2,2] does not equal [3].");
    // beyond CANN, after CANN's checks
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnReluGetWorkspaceSize(x.tensor, out.tensor, nullptr, &ex), kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    EXPECT_EQ(aclnnReluGetWorkspaceSize(x.tensor, out.tensor, &ws, nullptr), kNull);
    EXPECT_EQ(aclnnReluGetWorkspaceSize(nullptr, out.tensor, nullptr, nullptr), kNull);
    EXPECT_NE(LastError().find("argument self"), std::string::npos);
    // a view past its storage
    DeviceBuffer buf(16);
    aclTensor* past = MakeTensor({2, 2}, ACL_FLOAT, buf.get(), {2, 1}, 0, {3});
    ExpectFails(relu(past, out.tensor), kInvalid, "self");
    aclDestroyTensor(past);
    // a destroyed descriptor
    aclTensor* dead = MakeTensor({2, 2}, ACL_FLOAT, buf.get());
    aclDestroyTensor(dead);
    ExpectFails(relu(x.tensor, dead), kInvalid, "no longer a live");
}

TEST(Relu, Bf16ListPerProfile) {
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok()) << l1ref::ProfileKey(p);
        HostTensor b = EmptyTensor({3}, ACL_BF16, 0), ob = EmptyTensor({3}, ACL_BF16);
        const bool bf16 = p == Profile::kAscend950 || p == Profile::kAscend910B || p == Profile::kAscend910_93;
        LastError();
        EXPECT_EQ(RunRelu(b.tensor, ob.tensor), bf16 ? 0 : kInvalid) << l1ref::ProfileKey(p);
        if (!bf16) {
            EXPECT_NE(LastError().find("Self dtype DT_BF16 should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                                       "DT_INT8, DT_UINT8, DT_INT32, DT_INT64."),
                      std::string::npos);
        }
    }
}

TEST(ThresholdBackward, CheckOrderAndMessages) {
    HostTensor g = FloatTensor({2, 2}, {1, 1, 1, 1}), s = FloatTensor({2, 2}, {1, 2, 3, 4}),
               out = EmptyTensor({2, 2}, ACL_FLOAT);
    Scalar one(1.0f), zero(0.0f);
    auto tb = [](const aclTensor* a, const aclTensor* b, const aclScalar* t, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnThresholdBackwardGetWorkspaceSize(a, b, t, o, ws, ex); };
    };
    // threshold first, then out, then workspaceSize, then gradOutput and self
    ExpectFails(tb(nullptr, nullptr, nullptr, nullptr), kNull, "argument threshold");
    ExpectFails(tb(nullptr, nullptr, one.s, nullptr), kNull, "got null for argument out.");
    aclOpExecutor* ex = nullptr;
    LastError();
    EXPECT_EQ(aclnnThresholdBackwardGetWorkspaceSize(nullptr, nullptr, one.s, out.tensor, nullptr, &ex), kNull);
    EXPECT_NE(LastError().find("workspaceSize"), std::string::npos);
    ExpectFails(tb(nullptr, nullptr, one.s, out.tensor), kNull, "got null for argument gradOutput.");
    ExpectFails(tb(g.tensor, nullptr, one.s, out.tensor), kNull, "got null for argument self.");
    // dtypes: gradOutput's, then self's list; gradOutput == self; out == self
    HostTensor d = EmptyTensor({2, 2}, ACL_DOUBLE), h = EmptyTensor({2, 2}, ACL_FLOAT16),
               i64 = EmptyTensor({2, 2}, ACL_INT64, 0), o64 = EmptyTensor({2, 2}, ACL_INT64);
    ExpectFails(tb(d.tensor, d.tensor, one.s, out.tensor), kInvalid,
                "Tensor gradOutput not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_INT32, "
                "DT_FLOAT16, DT_INT8, DT_UINT8, DT_BF16.");
    ExpectFails(tb(g.tensor, d.tensor, one.s, out.tensor), kInvalid, "Tensor self not implemented for DT_DOUBLE");
    ExpectFails(tb(h.tensor, s.tensor, one.s, out.tensor), kInvalid,
                "Tensor gradOutput expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(tb(g.tensor, s.tensor, one.s, h.tensor), kInvalid,
                "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    // INT64: only with the ReluGrad kernel (threshold within FLT_EPSILON of 0) on the 950 (the default profile)
    ExpectFails(tb(i64.tensor, i64.tensor, one.s, o64.tensor), kInvalid,
                "Tensor gradOutput not implemented for DT_INT64, should be in dtype support list DT_FLOAT, DT_INT32, "
                "DT_FLOAT16, DT_INT8, DT_UINT8, DT_BF16.");
    EXPECT_EQ(RunTb(i64.tensor, i64.tensor, zero.s, o64.tensor), 0) << LastError();
    // dims, broadcast, out's shape
    HostTensor f9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT, 0), f3 = FloatTensor({3}, {1, 2, 3}),
               o21 = EmptyTensor({2, 1}, ACL_FLOAT);
    ExpectFails(tb(f9.tensor, s.tensor, one.s, out.tensor), kInvalid,
                "The gradOutput tensor cannot be larger than 8 dimensions.");
    ExpectFails(tb(g.tensor, f9.tensor, one.s, out.tensor), kInvalid,
                "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails(tb(f3.tensor, s.tensor, one.s, out.tensor), kInvalid,
                "The size of tensor self [2,2] must match the size of tensor gradOutput [3].");
    ExpectFails(tb(g.tensor, s.tensor, one.s, o21.tensor), kInvalid,
                "Shape of out should be [2,2], but current is [2,1].");
    // beyond CANN: executor null (after CANN's checks), a destroyed scalar
    uint64_t ws = 0;
    EXPECT_EQ(aclnnThresholdBackwardGetWorkspaceSize(g.tensor, s.tensor, one.s, out.tensor, &ws, nullptr), kNull);
    float v = 2.0f;
    aclScalar* dead = aclCreateScalar(&v, ACL_FLOAT);
    aclDestroyScalar(dead);
    ExpectFails(tb(g.tensor, s.tensor, dead, out.tensor), kInvalid, "threshold");
    // every list per profile: BF16 (not on 910/310P), INT64 (only 950 with threshold 0)
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool a2 = p == Profile::kAscend950 || p == Profile::kAscend910B || p == Profile::kAscend910_93;
        HostTensor b = EmptyTensor({2}, ACL_BF16, 0), ob = EmptyTensor({2}, ACL_BF16), l = EmptyTensor({2}, ACL_INT64, 0),
                   ol = EmptyTensor({2}, ACL_INT64);
        EXPECT_EQ(RunTb(b.tensor, b.tensor, one.s, ob.tensor), a2 ? 0 : kInvalid) << l1ref::ProfileKey(p);
        EXPECT_EQ(RunTb(l.tensor, l.tensor, zero.s, ol.tensor), p == Profile::kAscend950 ? 0 : kInvalid)
            << l1ref::ProfileKey(p);
        if (!a2) {
            HostTensor dd = EmptyTensor({2}, ACL_DOUBLE, 0);
            ExpectFails(tb(dd.tensor, dd.tensor, one.s, ob.tensor), kInvalid,
                        "should be in dtype support list DT_FLOAT, DT_INT32, DT_FLOAT16, DT_INT8, DT_UINT8.");
        }
    }
}

// ------------------------------------------------------------------ the threshold and the two kernels

std::vector<float> RunTbFloat(const std::vector<float>& g, const std::vector<float>& s, const aclScalar* thr) {
    const int64_t n = static_cast<int64_t>(s.size());
    HostTensor tg = FloatTensor({n}, g), ts = FloatTensor({n}, s), out = EmptyTensor({n}, ACL_FLOAT);
    EXPECT_EQ(RunTb(tg.tensor, ts.tensor, thr, out.tensor), 0) << LastError();
    return aclcpu_test::Download<float>(out.buffer.get(), static_cast<size_t>(n));
}

TEST(ThresholdBackward, KernelChoiceAndThresholdConversion) {
    // ops-nn's example: threshold 1, self {0.2, 1.2, 2.2, 3.2}, gradOutput {4.5, 4.4, 4.3, 4.2}
    Scalar one(1.0f);
    const std::vector<float> ex = RunTbFloat({4.5f, 4.4f, 4.3f, 4.2f}, {0.2f, 1.2f, 2.2f, 3.2f}, one.s);
    EXPECT_EQ(ex, (std::vector<float>{0.0f, 4.4f, 4.3f, 4.2f}));
    // |threshold| <= FLT_EPSILON runs ReluGrad, which compares with 0: self = 5e-9 keeps its gradient, and the
    // zeros take gradOutput's sign; a threshold just above FLT_EPSILON runs ThresholdGradV2D.
    Scalar tiny(1e-8f), eps(1.1920929e-07f), above(1.2e-07f);
    const std::vector<float> g = {-3.0f, -3.0f, 2.0f, HUGE_VALF};
    const std::vector<float> s = {5e-9f, -1.0f, 0.0f, -1.0f};
    std::vector<float> r = RunTbFloat(g, s, tiny.s);
    EXPECT_EQ(aclcpu_test::Bits(r[0]), aclcpu_test::Bits(-3.0f));
    EXPECT_EQ(aclcpu_test::Bits(r[1]), 0x80000000u);  // -3 * 0 = -0
    EXPECT_EQ(aclcpu_test::Bits(r[2]), 0x00000000u);  // self = 0 <= 0
    EXPECT_EQ(aclcpu_test::Bits(r[3]), 0x7FC00000u);  // inf * 0
    EXPECT_EQ(aclcpu_test::Bits(RunTbFloat(g, s, eps.s)[1]), 0x80000000u);
    r = RunTbFloat(g, s, above.s);
    EXPECT_EQ(aclcpu_test::Bits(r[0]), 0u);  // 5e-9 <= 1.2e-7: selected 0
    EXPECT_EQ(aclcpu_test::Bits(r[1]), 0u);  // +0, not gradOutput's sign
    EXPECT_EQ(aclcpu_test::Bits(r[3]), 0u);
    // the scalar is converted once to float32 (RNE) from its own dtype
    const double d = 0.1;
    const int64_t big = (int64_t{1} << 60) + 1;
    const int32_t i3 = 3;
    Scalar sd(&d, ACL_DOUBLE), sbig(&big, ACL_INT64), si(&i3, ACL_INT32);
    const float f01 = 0.1f;
    r = RunTbFloat({1, 1, 1}, {f01, std::nextafter(f01, 1.0f), 0.1f}, sd.s);
    EXPECT_EQ(r, (std::vector<float>{0, 1, 0}));  // (float)0.1 == 0.1f: ties select 0
    r = RunTbFloat({1, 1}, {1.1529215e18f, std::nextafter(1.1529215e18f, HUGE_VALF)}, sbig.s);
    EXPECT_EQ(r, (std::vector<float>{0, 1}));
    r = RunTbFloat({7, 7, 7}, {2.0f, 3.0f, 3.5f}, si.s);
    EXPECT_EQ(r, (std::vector<float>{0, 0, 7}));
    // NaN threshold: never <= -> gradOutput everywhere
    Scalar nan(NAN);
    r = RunTbFloat({1, 2}, {-1.0f, NAN}, nan.s);
    EXPECT_EQ(r, (std::vector<float>{1, 2}));
}

TEST(ThresholdBackward, Int32GoesThroughFloat32) {
    const std::vector<int32_t> g = {16777217, INT32_MAX, -16777217, 5, 9};
    const std::vector<int32_t> s = {16777218, 1 << 30, 1 << 30, 16777217, 16777216};  // 16777217 -> 2^24 <= t
    HostTensor tg = aclcpu_test::RawTensor({5}, ACL_INT32, g.data(), 20), ts = aclcpu_test::RawTensor({5}, ACL_INT32, s.data(), 20),
               out = EmptyTensor({5}, ACL_INT32);
    const float t = 16777216.0f;
    Scalar thr(t);
    ASSERT_EQ(RunTb(tg.tensor, ts.tensor, thr.s, out.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<int32_t>(out.buffer.get(), 5),
              (std::vector<int32_t>{16777216, INT32_MAX, -16777216, 0, 0}));
    // ReluGrad (threshold 0) keeps int32 exact
    Scalar zero(0.0f);
    ASSERT_EQ(RunTb(tg.tensor, ts.tensor, zero.s, out.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<int32_t>(out.buffer.get(), 5), g);
}

// ------------------------------------------------------------------ the sweep against the model

/// One operand: a view (element strides, offset) over host bytes of `storage` elements.
struct Operand {
    aclDataType dt = ACL_FLOAT;
    std::vector<int64_t> shape, strides;
    int64_t offset = 0, storage = 0;
    std::vector<uint8_t> host;
    DeviceBuffer dev;
    aclTensor* t = nullptr;
    size_t Item() const { return aclDataTypeSize(dt); }
    uint64_t At(int64_t e) const {
        uint64_t b = 0;
        std::memcpy(&b, host.data() + e * Item(), Item());
        return b;
    }
    void Upload() {
        dev = DeviceBuffer(host.size());
        aclrtMemcpy(dev.get(), host.size(), host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE);
        t = MakeTensor(shape, dt, dev.get(), strides, offset, {storage});
    }
    std::vector<uint8_t> Download() const {
        std::vector<uint8_t> v(host.size());
        aclrtMemcpy(v.data(), v.size(), dev.get(), v.size(), ACL_MEMCPY_DEVICE_TO_HOST);
        return v;
    }
    ~Operand() { aclDestroyTensor(t); }
};

/// Element offset of the broadcast-shape index `idx` (rank of `out_shape`) in operand o.
int64_t ElemOf(const Operand& o, const std::vector<int64_t>& idx) {
    int64_t e = o.offset;
    const size_t lead = idx.size() - o.shape.size();
    for (size_t k = 0; k < o.shape.size(); ++k) e += (o.shape[k] == 1 ? 0 : idx[lead + k]) * o.strides[k];
    return e;
}

/// Random bits for a dtype: specials, the thresholds' values, small and extreme integers, random patterns.
uint64_t RandomBits(std::mt19937_64& rng, aclDataType dt) {
    static const uint32_t f32[] = {0x00000000u, 0x80000000u, 0x3F000000u, 0xC0000000u, 0x7F800000u, 0xFF800000u,
                                   0x7FC00000u, 0xFFC00001u, 0x7F800001u, 0xFFA00000u, 0x00000001u, 0x807FFFFFu,
                                   0x32ABCC77u, 0x3F800000u, 0xBF800000u, 0x7F7FFFFFu};
    static const uint16_t f16[] = {0x0000, 0x8000, 0x3800, 0xC000, 0x7C00, 0xFC00, 0x7E00, 0xFE01,
                                   0x7C01, 0xFD00, 0x0001, 0x83FF, 0x0000, 0x3C00, 0xBC00, 0x7BFF};
    static const uint16_t bf[] = {0x0000, 0x8000, 0x3F00, 0xC000, 0x7F80, 0xFF80, 0x7FC0, 0xFFC1,
                                  0x7F81, 0xFFA0, 0x0001, 0x807F, 0x0000, 0x3F80, 0xBF80, 0x7F7F};
    const uint64_t r = rng();
    const bool special = rng() % 2 == 0;
    switch (dt) {
        case ACL_FLOAT: return special ? f32[r % 16] : (r & 0xFFFFFFFFu);
        case ACL_FLOAT16: return special ? f16[r % 16] : (r & 0xFFFFu);
        case ACL_BF16: return special ? bf[r % 16] : (r & 0xFFFFu);
        case ACL_INT8: case ACL_UINT8: return special ? (r % 5 + 0xFE) & 0xFF : (r & 0xFF);
        case ACL_INT32: {
            static const int32_t v[] = {0, -1, 1, INT32_MIN, INT32_MAX, 16777217, -16777217, 2};
            return special ? static_cast<uint32_t>(v[r % 8]) : (r & 0xFFFFFFFFu);
        }
        default: {
            static const int64_t v[] = {0, -1, 1, INT64_MIN, INT64_MAX, 2};
            return special ? static_cast<uint64_t>(v[r % 6]) : r;
        }
    }
}

/// An operand of `shape` over `storage` elements with element strides and offset, filled with random bits.
void Make(Operand* o, std::mt19937_64& rng, aclDataType dt, std::vector<int64_t> shape, std::vector<int64_t> strides,
          int64_t offset, int64_t storage) {
    o->dt = dt;
    o->shape = std::move(shape);
    o->strides = std::move(strides);
    o->offset = offset;
    o->storage = storage;
    o->host.assign(static_cast<size_t>(storage) * o->Item(), 0);
    for (int64_t e = 0; e < storage; ++e) {
        const uint64_t b = RandomBits(rng, dt);
        std::memcpy(o->host.data() + e * o->Item(), &b, o->Item());
    }
}

std::vector<int64_t> Contig(const std::vector<int64_t>& shape) { return aclcpu_test::ContiguousStrides(shape); }

/// Calls fn(idx) for every index of shape (row-major).
template <typename Fn>
void ForEachIndex(const std::vector<int64_t>& shape, Fn&& fn) {
    const int64_t n = aclcpu_test::Numel(shape);
    std::vector<int64_t> idx(shape.size(), 0);
    for (int64_t i = 0; i < n; ++i) {
        fn(idx);
        for (size_t k = shape.size(); k-- > 0;) {
            if (++idx[k] < shape[k]) break;
            idx[k] = 0;
        }
    }
}

/// Compares out's downloaded storage with `want` (the expected storage bytes), reporting the first mismatch.
bool SameBytes(const Operand& out, const std::vector<uint8_t>& want, const std::string& what) {
    const std::vector<uint8_t> got = out.Download();
    for (size_t e = 0; e < got.size() / out.Item(); ++e) {
        if (std::memcmp(got.data() + e * out.Item(), want.data() + e * out.Item(), out.Item()) != 0) {
            uint64_t g = 0, w = 0;
            std::memcpy(&g, got.data() + e * out.Item(), out.Item());
            std::memcpy(&w, want.data() + e * out.Item(), out.Item());
            ADD_FAILURE() << what << ": storage element " << e << " got 0x" << std::hex << g << " want 0x" << w;
            return false;
        }
    }
    return true;
}

/// The one-input sweep of the piecewise-linear family (LeakyRelu, Threshold, Hardshrink): self [3, 45] of dtype
/// dt, 0 contiguous, 1 strided self into a transposed out, 2 in place; model(x bits) -> y bits; run(self, out)
/// the out-of-place call, run_inplace(self) the in-place one. Adds the layouts checked to *checked.
template <typename Model, typename Run, typename RunInplace>
void SweepUnary(std::mt19937_64& rng, aclDataType dt, const std::string& what, Model&& model, Run&& run,
                RunInplace&& run_inplace, int* checked) {
    for (int layout = 0; layout < 3; ++layout) {
        const std::vector<int64_t> shape = {3, 45};
        Operand self, out;
        if (layout == 1) {
            Make(&self, rng, dt, shape, {100, 2}, 1, 3 * 100);
            Make(&out, rng, dt, shape, {1, 3}, 0, 3 * 45);
        } else {
            Make(&self, rng, dt, shape, Contig(shape), 0, 3 * 45);
            Make(&out, rng, dt, shape, Contig(shape), 0, 3 * 45);
        }
        std::vector<uint8_t> want = layout == 2 ? self.host : out.host;
        ForEachIndex(shape, [&](const std::vector<int64_t>& idx) {
            const uint64_t y = model(self.At(ElemOf(self, idx)));
            std::memcpy(want.data() + ElemOf(layout == 2 ? self : out, idx) * out.Item(), &y, out.Item());
        });
        self.Upload();
        if (layout == 2) {
            ASSERT_EQ(run_inplace(self), 0) << what << LastError();
            EXPECT_TRUE(SameBytes(self, want, what + " in place"));
        } else {
            out.Upload();
            ASSERT_EQ(run(self.t, out.t), 0) << what << LastError();
            EXPECT_TRUE(SameBytes(out, want, what + " layout " + std::to_string(layout)));
        }
        ++*checked;
    }
}

/// The two-input sweep of the family's gradients (LeakyReluBackward, SoftshrinkBackward) for dtype dt:
/// 0 gradOutput [4,1,37] x self [3,37] -> [4,3,37]; 1 strided gradOutput [3,37], self broadcast [37];
/// 2 out on gradOutput's memory; model(g bits, s bits) -> y bits, run(g, s, out) the call.
template <typename Model, typename Run>
void SweepBinary(std::mt19937_64& rng, aclDataType dt, const std::string& what, Model&& model, Run&& run,
                 int* checked) {
    for (int layout = 0; layout < 3; ++layout) {
        Operand g, s, out;
        std::vector<int64_t> oshape;
        if (layout == 0) {
            oshape = {4, 3, 37};
            Make(&g, rng, dt, {4, 1, 37}, {37, 37, 1}, 0, 4 * 37);
            Make(&s, rng, dt, {3, 37}, {37, 1}, 0, 3 * 37);
            Make(&out, rng, dt, oshape, Contig(oshape), 0, 4 * 3 * 37);
        } else if (layout == 1) {
            oshape = {3, 37};
            Make(&g, rng, dt, oshape, {80, 2}, 1, 3 * 80);
            Make(&s, rng, dt, {37}, {1}, 0, 37);
            Make(&out, rng, dt, oshape, Contig(oshape), 0, 3 * 37);
        } else {
            oshape = {5, 41};
            Make(&g, rng, dt, oshape, Contig(oshape), 0, 5 * 41);
            Make(&s, rng, dt, oshape, Contig(oshape), 0, 5 * 41);
        }
        const Operand& dst = layout == 2 ? g : out;
        std::vector<uint8_t> want = dst.host;
        ForEachIndex(oshape, [&](const std::vector<int64_t>& idx) {
            const uint64_t y = model(g.At(ElemOf(g, idx)), s.At(ElemOf(s, idx)));
            std::memcpy(want.data() + ElemOf(dst, idx) * dst.Item(), &y, dst.Item());
        });
        g.Upload();
        s.Upload();
        if (layout == 2) {
            aclTensor* alias = MakeTensor(oshape, dt, g.dev.get());
            ASSERT_EQ(run(g.t, s.t, alias), 0) << what << LastError();
            aclDestroyTensor(alias);
        } else {
            out.Upload();
            ASSERT_EQ(run(g.t, s.t, out.t), 0) << what << LastError();
        }
        EXPECT_TRUE(SameBytes(dst, want, what + " layout " + std::to_string(layout)));
        ++*checked;
    }
}

std::vector<aclDataType> ReluDtypes(Profile p) {
    std::vector<aclDataType> v = {ACL_FLOAT, ACL_FLOAT16, ACL_INT8, ACL_UINT8, ACL_INT32, ACL_INT64};
    if (p == Profile::kAscend950 || p == Profile::kAscend910B || p == Profile::kAscend910_93) v.push_back(ACL_BF16);
    return v;
}

TEST(Relu, SweepMatchesModelOnEveryProfile) {
    std::mt19937_64 rng(0x5e1u);
    int checked = 0;
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        for (aclDataType dt : ReluDtypes(p)) {
            const std::string what = std::string(l1ref::ProfileKey(p)) + " dtype " + std::to_string(dt);
            // 1. contiguous, 2. strided input -> transposed output, 3. in place, 4. out on self's memory
            for (int layout = 0; layout < 4; ++layout) {
                const std::vector<int64_t> shape = {3, 77};
                Operand self, out;
                if (layout == 1) {
                    Make(&self, rng, dt, shape, {160, 2}, 3, 3 * 160);
                    Make(&out, rng, dt, shape, {1, 3}, 0, 3 * 77);
                } else {
                    Make(&self, rng, dt, shape, Contig(shape), 0, 3 * 77);
                    Make(&out, rng, dt, shape, Contig(shape), 0, 3 * 77);
                }
                std::vector<uint8_t> want = out.host;
                if (layout >= 2) want = self.host;
                ForEachIndex(shape, [&](const std::vector<int64_t>& idx) {
                    const uint64_t y = reluref::Relu(dt, self.At(ElemOf(self, idx)));
                    std::memcpy(want.data() + ElemOf(layout >= 2 ? self : out, idx) * out.Item(), &y, out.Item());
                });
                self.Upload();
                if (layout == 2) {
                    ASSERT_EQ(RunInplaceRelu(self.t), 0) << what << LastError();
                    EXPECT_TRUE(SameBytes(self, want, what + " in place"));
                } else if (layout == 3) {
                    aclTensor* alias = MakeTensor(shape, dt, self.dev.get());
                    ASSERT_EQ(RunRelu(self.t, alias), 0) << what << LastError();
                    aclDestroyTensor(alias);
                    EXPECT_TRUE(SameBytes(self, want, what + " aliased"));
                } else {
                    out.Upload();
                    ASSERT_EQ(RunRelu(self.t, out.t), 0) << what << LastError();
                    EXPECT_TRUE(SameBytes(out, want, what + " layout " + std::to_string(layout)));
                }
                ++checked;
            }
        }
    }
    EXPECT_EQ(checked, 4 * (3 * 7 + 2 * 6));
}

std::vector<aclDataType> TbDtypes(Profile p, bool relu_grad) {
    std::vector<aclDataType> v = {ACL_FLOAT, ACL_INT32, ACL_FLOAT16, ACL_INT8, ACL_UINT8};
    if (p == Profile::kAscend950 || p == Profile::kAscend910B || p == Profile::kAscend910_93) v.push_back(ACL_BF16);
    if (p == Profile::kAscend950 && relu_grad) v.push_back(ACL_INT64);
    return v;
}

TEST(ThresholdBackward, SweepMatchesModelOnEveryProfile) {
    std::mt19937_64 rng(0x7b1u);
    const float thresholds[] = {0.0f, 0.5f, -2.0f, 1e-8f, 1.0f, HUGE_VALF};
    int checked = 0;
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        for (float thr : thresholds) {
            Scalar st(thr);
            for (aclDataType dt : TbDtypes(p, reluref::UsesReluGrad(thr))) {
                const std::string what = std::string(l1ref::ProfileKey(p)) + " dtype " + std::to_string(dt) +
                                         " threshold " + std::to_string(thr);
                // 0: g [4,1,37] x s [3,37] -> [4,3,37]; 1: g [3,37] x s [37] (self broadcast), strided g;
                // 2: out on gradOutput's memory (in place), same shapes; 3: transposed out, s broadcast [3,1]
                for (int layout = 0; layout < 4; ++layout) {
                    Operand g, s, out;
                    std::vector<int64_t> oshape;
                    switch (layout) {
                        case 0:
                            oshape = {4, 3, 37};
                            Make(&g, rng, dt, {4, 1, 37}, {37, 37, 1}, 0, 4 * 37);
                            Make(&s, rng, dt, {3, 37}, {37, 1}, 0, 3 * 37);
                            Make(&out, rng, dt, oshape, Contig(oshape), 0, 4 * 3 * 37);
                            break;
                        case 1:
                            oshape = {3, 37};
                            Make(&g, rng, dt, oshape, {80, 2}, 1, 3 * 80);
                            Make(&s, rng, dt, {37}, {1}, 0, 37);
                            Make(&out, rng, dt, oshape, Contig(oshape), 0, 3 * 37);
                            break;
                        case 2:
                            oshape = {5, 41};
                            Make(&g, rng, dt, oshape, Contig(oshape), 0, 5 * 41);
                            Make(&s, rng, dt, oshape, Contig(oshape), 0, 5 * 41);
                            break;
                        default:
                            oshape = {3, 50};
                            Make(&g, rng, dt, oshape, Contig(oshape), 0, 3 * 50);
                            Make(&s, rng, dt, {3, 1}, {1, 1}, 0, 3);
                            Make(&out, rng, dt, oshape, {1, 3}, 0, 3 * 50);
                            break;
                    }
                    const Operand& dst = layout == 2 ? g : out;
                    std::vector<uint8_t> want = dst.host;
                    ForEachIndex(oshape, [&](const std::vector<int64_t>& idx) {
                        const uint64_t y = reluref::ThresholdBackward(dt, g.At(ElemOf(g, idx)), s.At(ElemOf(s, idx)), thr);
                        std::memcpy(want.data() + ElemOf(dst, idx) * dst.Item(), &y, dst.Item());
                    });
                    g.Upload();
                    s.Upload();
                    if (layout == 2) {
                        aclTensor* alias = MakeTensor(oshape, dt, g.dev.get());
                        ASSERT_EQ(RunTb(g.t, s.t, st.s, alias), 0) << what << LastError();
                        aclDestroyTensor(alias);
                    } else {
                        out.Upload();
                        ASSERT_EQ(RunTb(g.t, s.t, st.s, out.t), 0) << what << LastError();
                    }
                    EXPECT_TRUE(SameBytes(dst, want, what + " layout " + std::to_string(layout)));
                    ++checked;
                }
            }
        }
    }
    EXPECT_GT(checked, 400);
}

// ------------------------------------------------------------------ empty tensors and UINT8 in place

TEST(ReluPair, EmptyTensorsRunNothing) {
    HostTensor e = EmptyTensor({0, 3}, ACL_FLOAT), oe = EmptyTensor({0, 3}, ACL_FLOAT);
    uint64_t ws = 9;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnReluGetWorkspaceSize(e.tensor, oe.tensor, &ws, &ex), 0);
    EXPECT_EQ(ws, 0u);
    EXPECT_EQ(aclnnRelu(nullptr, 0, ex, nullptr), 0);
    // ThresholdBackward: empty gradOutput broadcast against self [1, 3] -> out [0, 3]
    HostTensor s = FloatTensor({1, 3}, {1, 2, 3});
    Scalar thr(1.0f);
    ws = 9;
    ASSERT_EQ(aclnnThresholdBackwardGetWorkspaceSize(e.tensor, s.tensor, thr.s, oe.tensor, &ws, &ex), 0);
    EXPECT_EQ(ws, 0u);
    EXPECT_EQ(aclnnThresholdBackward(nullptr, 0, ex, nullptr), 0);
    EXPECT_EQ(aclrtSynchronizeStream(nullptr), 0);
}

TEST(ReluPair, Uint8IsCopiedOrLeftAlone) {
    const uint8_t v[4] = {0, 1, 200, 255};
    HostTensor x = aclcpu_test::RawTensor({4}, ACL_UINT8, v, 4), out = EmptyTensor({4}, ACL_UINT8);
    ASSERT_EQ(RunRelu(x.tensor, out.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<uint8_t>(out.buffer.get(), 4), std::vector<uint8_t>(v, v + 4));
    ASSERT_EQ(RunInplaceRelu(x.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<uint8_t>(x.buffer.get(), 4), std::vector<uint8_t>(v, v + 4));
}

TEST(ReluPair, PartlyOverlappingOutputsSeeTheOriginalInputs) {
    // out is self shifted by one element on the same memory: every element must come from self's values before
    // the call (the engine computes into the workspace the first phase asks for, then copies back).
    const int64_t n = 1000;
    std::vector<float> v(n + 1);
    for (int64_t i = 0; i <= n; ++i) v[i] = static_cast<float>((i * 37) % 19) - 9.0f;
    DeviceBuffer buf((n + 1) * 4);
    aclrtMemcpy(buf.get(), (n + 1) * 4, v.data(), (n + 1) * 4, ACL_MEMCPY_HOST_TO_DEVICE);
    aclTensor* self = MakeTensor({n}, ACL_FLOAT, buf.get(), {1}, 0, {n + 1});
    aclTensor* out = MakeTensor({n}, ACL_FLOAT, buf.get(), {1}, 1, {n + 1});
    ASSERT_EQ(RunRelu(self, out), 0) << LastError();
    std::vector<float> got = aclcpu_test::Download<float>(buf.get(), static_cast<size_t>(n + 1));
    EXPECT_EQ(got[0], v[0]);
    for (int64_t i = 0; i < n; ++i) ASSERT_EQ(got[i + 1], v[i] > 0 ? v[i] : 0.0f) << i;
    // ThresholdBackward with out shifted over gradOutput
    aclrtMemcpy(buf.get(), (n + 1) * 4, v.data(), (n + 1) * 4, ACL_MEMCPY_HOST_TO_DEVICE);
    HostTensor s = FloatTensor({n}, std::vector<float>(v.begin() + 1, v.end()));
    Scalar thr(0.5f);
    ASSERT_EQ(RunTb(self, s.tensor, thr.s, out), 0) << LastError();
    got = aclcpu_test::Download<float>(buf.get(), static_cast<size_t>(n + 1));
    for (int64_t i = 0; i < n; ++i) ASSERT_EQ(got[i + 1], v[i + 1] <= 0.5f ? 0.0f : v[i]) << i;
    aclDestroyTensor(self);
    aclDestroyTensor(out);
}

// ------------------------------------------------------------------ LeakyRelu and LeakyReluBackward

int RunLeaky(const aclTensor* self, const aclScalar* slope, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLeakyReluGetWorkspaceSize(self, slope, out, ws, ex); }, aclnnLeakyRelu);
}

int RunInplaceLeaky(aclTensor* selfRef, const aclScalar* slope) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceLeakyReluGetWorkspaceSize(selfRef, slope, ws, ex); }, aclnnInplaceLeakyRelu);
}

int RunLeakyGrad(const aclTensor* g, const aclTensor* s, const aclScalar* slope, bool self_is_result, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLeakyReluBackwardGetWorkspaceSize(g, s, slope, self_is_result, out, ws, ex); }, aclnnLeakyReluBackward);
}

TEST(LeakyRelu, CheckOrderAndMessages) {
    HostTensor x = FloatTensor({2, 2}, {1, -1, 2, -2}), out = EmptyTensor({2, 2}, ACL_FLOAT);
    Scalar slope(0.1f);
    auto lr = [](const aclTensor* a, const aclScalar* s, aclTensor* b) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnLeakyReluGetWorkspaceSize(a, s, b, ws, ex); };
    };
    // self, negativeSlope, out
    ExpectFails(lr(nullptr, nullptr, nullptr), kNull, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(lr(x.tensor, nullptr, nullptr), kNull,
                "Expected a value of type number for argument negativeSlope but instead found type null.");
    ExpectFails(lr(x.tensor, slope.s, nullptr), kNull, "Expected a proper Tensor but got null for argument out.");
    ExpectFails([](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceLeakyReluGetWorkspaceSize(nullptr, nullptr, ws, ex); },
                kNull, "got null for argument self.");
    // self's list, then CanCast(self, out): a FLOAT16 or DOUBLE out of a FLOAT self is accepted, an integer not
    HostTensor i32 = EmptyTensor({2, 2}, ACL_INT32, 0), i9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_INT32, 0),
               oi = EmptyTensor({2, 2}, ACL_INT32), f9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT, 0),
               o3 = EmptyTensor({3}, ACL_FLOAT), o9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT);
    ExpectFails(lr(i9.tensor, slope.s, o3.tensor), kInvalid,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_DOUBLE, DT_BF16.");
    ExpectFails(lr(x.tensor, slope.s, oi.tensor), kInvalid,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(lr(f9.tensor, slope.s, o3.tensor), kInvalid, "The self tensor cannot be larger than 8 dimensions.");
    // out's rank is not checked by CANN: only its shape
    ExpectFails(lr(x.tensor, slope.s, o9.tensor), kInvalid,
                "Expected tensor for out to have same size as tensor for self, but [1,1,1,1,1,1,1,1,1] does not equal "
                "[2,2].");
    ExpectFails(lr(x.tensor, slope.s, o3.tensor), kInvalid,
                "Expected tensor for out to have same size as tensor for self, but [3] does not equal [2,2].");
    // beyond CANN: workspaceSize / executor, a destroyed scalar, a scalar without a float conversion, views
    aclOpExecutor* ex = nullptr;
    uint64_t ws = 0;
    EXPECT_EQ(aclnnLeakyReluGetWorkspaceSize(x.tensor, slope.s, out.tensor, nullptr, &ex), kNull);
    EXPECT_EQ(aclnnLeakyReluGetWorkspaceSize(x.tensor, slope.s, out.tensor, &ws, nullptr), kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    float v = 2.0f;
    aclScalar* dead = aclCreateScalar(&v, ACL_FLOAT);
    aclDestroyScalar(dead);
    ExpectFails(lr(x.tensor, dead, out.tensor), kInvalid, "negativeSlope");
    DeviceBuffer buf(16);
    aclTensor* past = MakeTensor({2, 2}, ACL_FLOAT, buf.get(), {2, 1}, 0, {3});
    ExpectFails(lr(past, slope.s, out.tensor), kInvalid, "self");
    aclDestroyTensor(past);
    // BF16 on the 950 and A2/A3 only
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool a2 = p == Profile::kAscend950 || p == Profile::kAscend910B || p == Profile::kAscend910_93;
        HostTensor b = EmptyTensor({2}, ACL_BF16, 0), ob = EmptyTensor({2}, ACL_BF16);
        EXPECT_EQ(RunLeaky(b.tensor, slope.s, ob.tensor), a2 ? 0 : kInvalid) << l1ref::ProfileKey(p);
        if (!a2) {
            EXPECT_NE(LastError().find("should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_DOUBLE."),
                      std::string::npos);
        }
    }
}

TEST(LeakyReluBackward, CheckOrderAndMessages) {
    HostTensor g = FloatTensor({2, 2}, {1, 1, 1, 1}), s = FloatTensor({2, 2}, {1, -2, 3, -4}),
               out = EmptyTensor({2, 2}, ACL_FLOAT);
    Scalar slope(0.1f), neg(-0.5f);
    auto lg = [](const aclTensor* a, const aclTensor* b, const aclScalar* sl, bool r, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnLeakyReluBackwardGetWorkspaceSize(a, b, sl, r, o, ws, ex);
        };
    };
    ExpectFails(lg(nullptr, nullptr, nullptr, false, nullptr), kNull, "got null for argument gradOutput.");
    ExpectFails(lg(g.tensor, nullptr, nullptr, false, nullptr), kNull, "got null for argument self.");
    ExpectFails(lg(g.tensor, s.tensor, nullptr, false, nullptr), kNull,
                "Expected a value of type number for argument negativeSlope but instead found type null.");
    ExpectFails(lg(g.tensor, s.tensor, slope.s, false, nullptr), kNull, "got null for argument out.");
    // gradOutput's, self's, then the scalar's list (integers and BOOL admitted; COMPLEX64 not)
    HostTensor i32 = EmptyTensor({2, 2}, ACL_INT32, 0), oi = EmptyTensor({2, 2}, ACL_INT32),
               h = FloatTensor({2, 2}, {1, 1, 1, 1});
    ExpectFails(lg(i32.tensor, s.tensor, slope.s, false, out.tensor), kInvalid,
                "Tensor gradOutput not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, "
                "DT_DOUBLE, DT_BF16.");
    ExpectFails(lg(g.tensor, i32.tensor, slope.s, false, out.tensor), kInvalid,
                "Tensor self not implemented for DT_INT32");
    const float cplx[2] = {0.5f, 0.0f};
    Scalar sc(cplx, ACL_COMPLEX64);
    ExpectFails(lg(g.tensor, s.tensor, sc.s, false, out.tensor), kInvalid,
                "Tensor negativeSlope not implemented for DT_COMPLEX64, should be in dtype support list DT_FLOAT, "
                "DT_FLOAT16, DT_DOUBLE, DT_INT32, DT_INT64, DT_INT8, DT_UINT8, DT_BOOL, DT_INT16, DT_BF16.");
    const int64_t two = 2;
    Scalar si(&two, ACL_INT64);
    // shapes: dims, broadcast, out's shape - before selfIsResult and the cast to out
    HostTensor f9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT, 0), f3 = FloatTensor({3}, {1, 2, 3}),
               o21 = EmptyTensor({2, 1}, ACL_FLOAT);
    ExpectFails(lg(f9.tensor, s.tensor, slope.s, false, out.tensor), kInvalid,
                "The gradOutput tensor cannot be larger than 8 dimensions.");
    ExpectFails(lg(g.tensor, f9.tensor, slope.s, false, out.tensor), kInvalid,
                "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails(lg(f3.tensor, s.tensor, slope.s, false, out.tensor), kInvalid,
                "The size of tensor gradOutput [3] must match the size of tensor self [2,2].");
    ExpectFails(lg(g.tensor, s.tensor, neg.s, true, o21.tensor), kInvalid,
                "Shape of out should be [2,2], but current is [2,1].");
    ExpectFails(lg(g.tensor, s.tensor, neg.s, true, oi.tensor), kInvalid,
                "In-place leakyRelu backward calculation is triggered with a negativeSlope which is not supported, "
                "while negativeSlope: [-5.000000e-01], selfIsResult: [1].");
    ExpectFails(lg(g.tensor, s.tensor, neg.s, false, oi.tensor), kInvalid,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    EXPECT_EQ(RunLeakyGrad(g.tensor, s.tensor, neg.s, false, out.tensor), 0) << LastError();
    EXPECT_EQ(RunLeakyGrad(g.tensor, s.tensor, slope.s, true, out.tensor), 0) << LastError();
    EXPECT_EQ(RunLeakyGrad(g.tensor, s.tensor, si.s, false, out.tensor), 0) << LastError();  // an INT64 slope
    EXPECT_EQ(aclcpu_test::Download<float>(out.buffer.get(), 4), (std::vector<float>{1, 2, 1, 2}));
    (void)h;
    // beyond CANN
    uint64_t ws = 0;
    EXPECT_EQ(aclnnLeakyReluBackwardGetWorkspaceSize(g.tensor, s.tensor, slope.s, false, out.tensor, &ws, nullptr),
              kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool a2 = p == Profile::kAscend950 || p == Profile::kAscend910B || p == Profile::kAscend910_93;
        HostTensor b = EmptyTensor({2}, ACL_BF16, 0), ob = EmptyTensor({2}, ACL_BF16);
        EXPECT_EQ(RunLeakyGrad(b.tensor, b.tensor, slope.s, false, ob.tensor), a2 ? 0 : kInvalid) << l1ref::ProfileKey(p);
    }
}

uint32_t F32Bits(float f) { return aclcpu_test::Bits(f); }

TEST(LeakyRelu, SpecialsSlopeConversionAndCasts) {
    // FLOAT: the negative branch is one float32 product; NaNs keep sign and payload (quieted); -0 * s = -0;
    // -inf * 0 is the default NaN; subnormal products round (RNE) or flush to a signed zero only by rounding.
    const float sub = 1.0e-45f;  // the smallest subnormal
    const std::vector<float> xs = {2.0f, -2.0f, -0.0f, 0.0f, -HUGE_VALF, HUGE_VALF, sub, -sub, -3.0e-39f,
                                   aclcpu_test::FromBits(0xFFA00001u), aclcpu_test::FromBits(0x7FC00005u)};
    const int64_t n = static_cast<int64_t>(xs.size());
    auto run = [&](const aclScalar* sl) {
        HostTensor x = FloatTensor({n}, xs), out = EmptyTensor({n}, ACL_FLOAT);
        EXPECT_EQ(RunLeaky(x.tensor, sl, out.tensor), 0) << LastError();
        return aclcpu_test::Download<float>(out.buffer.get(), static_cast<size_t>(n));
    };
    Scalar s01(0.01f), zero(0.0f), half(0.5f);
    std::vector<float> r = run(s01.s);
    EXPECT_EQ(r[0], 2.0f);
    EXPECT_EQ(F32Bits(r[1]), F32Bits(-2.0f * 0.01f));
    EXPECT_EQ(F32Bits(r[2]), 0x80000000u);
    EXPECT_EQ(F32Bits(r[3]), 0x00000000u);
    EXPECT_EQ(r[4], -HUGE_VALF);
    EXPECT_EQ(r[5], HUGE_VALF);
    EXPECT_EQ(F32Bits(r[6]), 1u);             // x > 0: selected
    EXPECT_EQ(F32Bits(r[7]), 0x80000000u);    // -2^-149 * 0.01 rounds to -0
    EXPECT_EQ(F32Bits(r[9]), 0xFFE00001u);    // signalling NaN: quieted, sign and payload kept
    EXPECT_EQ(F32Bits(r[10]), 0x7FC00005u);
    r = run(zero.s);
    EXPECT_EQ(F32Bits(r[1]), 0x80000000u);    // -2 * 0 = -0
    EXPECT_EQ(F32Bits(r[4]), 0x7FC00000u);    // -inf * 0: the default NaN
    r = run(half.s);
    EXPECT_EQ(F32Bits(r[7]), 0x80000000u);    // -2^-149 * 0.5: the tie rounds to even (-0)
    EXPECT_EQ(F32Bits(r[8]), F32Bits(-3.0e-39f * 0.5f));
    // the slope: ToFloat once (RNE) from its dtype; DOUBLE 0.1 -> 0.1f
    const double d01 = 0.1;
    Scalar sd(&d01, ACL_DOUBLE);
    r = run(sd.s);
    EXPECT_EQ(F32Bits(r[1]), F32Bits(-2.0f * 0.1f));
    // FLOAT16: widened, product in float32 (exact here), narrowed once (RNE); slope 0.75 makes ties
    Scalar q3(0.75f);
    const uint16_t hx[] = {0xBC01, 0xBC03, 0xFC00, 0x8003, 0x7E01, 0x3C00};
    HostTensor th = aclcpu_test::RawTensor({6}, ACL_FLOAT16, hx, sizeof hx), oh = EmptyTensor({6}, ACL_FLOAT16);
    ASSERT_EQ(RunLeaky(th.tensor, q3.s, oh.tensor), 0) << LastError();
    const std::vector<uint16_t> gh = aclcpu_test::Download<uint16_t>(oh.buffer.get(), 6);
    EXPECT_EQ(gh[0], 0xBA02);  // -(1 + 2^-10) * 0.75 = -(0.75 + 1.5 ulp): the tie to even
    EXPECT_EQ(gh[1], 0xBA04);  // -(1 + 3 * 2^-10) * 0.75 = -(0.75 + 4.5 ulp): the tie to even
    EXPECT_EQ(gh[2], 0xFC00);  // -inf * 0.75
    EXPECT_EQ(gh[3], 0x8002);  // -3 * 2^-24 * 0.75 = -2.25 * 2^-24: a subnormal, rounded
    EXPECT_EQ(gh[4], 0x7E01);  // a quiet NaN through the multiply branch
    EXPECT_EQ(gh[5], 0x3C00);
    // out of another dtype: the result in self's dtype, then cast (FLOAT16 self -> FLOAT out is exact;
    // FLOAT self -> FLOAT16 out rounds once more)
    HostTensor of = EmptyTensor({6}, ACL_FLOAT);
    ASSERT_EQ(RunLeaky(th.tensor, q3.s, of.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<float>(of.buffer.get(), 1)[0], -0.7509765625f);
    HostTensor xf = FloatTensor({1}, {-1.00048828125f}), o16 = EmptyTensor({1}, ACL_FLOAT16);
    ASSERT_EQ(RunLeaky(xf.tensor, half.s, o16.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<uint16_t>(o16.buffer.get(), 1)[0], 0xB800);  // -0.500244140625 -> tie -> even
    // DOUBLE (AICPU): the product in double with the float32 slope
    const double dx[] = {-3.0, 5.0, -0.0, -HUGE_VAL};
    HostTensor td = aclcpu_test::RawTensor({4}, ACL_DOUBLE, dx, sizeof dx), od = EmptyTensor({4}, ACL_DOUBLE);
    ASSERT_EQ(RunLeaky(td.tensor, s01.s, od.tensor), 0) << LastError();
    const std::vector<double> gd = aclcpu_test::Download<double>(od.buffer.get(), 4);
    EXPECT_EQ(gd[0], -3.0 * static_cast<double>(0.01f));
    EXPECT_EQ(gd[1], 5.0);
    EXPECT_TRUE(std::signbit(gd[2]) && gd[2] == 0.0);
    EXPECT_EQ(gd[3], -HUGE_VAL);
    // in place
    HostTensor ip = FloatTensor({3}, {-4.0f, 4.0f, -1.0f});
    ASSERT_EQ(RunInplaceLeaky(ip.tensor, half.s), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<float>(ip.buffer.get(), 3), (std::vector<float>{-2.0f, 4.0f, -0.5f}));
    // empty self: nothing runs
    HostTensor e = EmptyTensor({0, 2}, ACL_FLOAT), oe = EmptyTensor({0, 2}, ACL_FLOAT);
    EXPECT_EQ(RunLeaky(e.tensor, half.s, oe.tensor), 0) << LastError();
}

TEST(LeakyReluBackward, SpecialsAndPromotion) {
    // self > 0 (ordered) selects gradOutput; self <= 0, -0 and NaN multiply it by the slope
    const std::vector<float> g = {3.0f, 3.0f, 3.0f, 3.0f, -HUGE_VALF, aclcpu_test::FromBits(0xFF800001u)};
    const std::vector<float> s = {1.0f, 0.0f, -0.0f, NAN, -1.0f, 2.0f};
    HostTensor tg = FloatTensor({6}, g), ts = FloatTensor({6}, s), out = EmptyTensor({6}, ACL_FLOAT);
    Scalar zero(0.0f), q(0.25f);
    ASSERT_EQ(RunLeakyGrad(tg.tensor, ts.tensor, q.s, false, out.tensor), 0) << LastError();
    std::vector<float> r = aclcpu_test::Download<float>(out.buffer.get(), 6);
    EXPECT_EQ(r[0], 3.0f);
    EXPECT_EQ(r[1], 0.75f);
    EXPECT_EQ(r[2], 0.75f);
    EXPECT_EQ(r[3], 0.75f);
    EXPECT_EQ(r[4], -HUGE_VALF);
    EXPECT_EQ(F32Bits(r[5]), 0xFFC00001u);
    ASSERT_EQ(RunLeakyGrad(tg.tensor, ts.tensor, zero.s, false, out.tensor), 0) << LastError();
    r = aclcpu_test::Download<float>(out.buffer.get(), 6);
    EXPECT_EQ(F32Bits(r[4]), 0x7FC00000u);  // -inf * 0
    // broadcasting and promotion: FLOAT16 gradOutput [2,1] with FLOAT self [3] -> FLOAT [2,3]; BF16 x FLOAT16 ->
    // FLOAT; DOUBLE x FLOAT -> DOUBLE
    const uint16_t gh[] = {0x3C00, 0xC000};  // 1, -2
    HostTensor th = aclcpu_test::RawTensor({2, 1}, ACL_FLOAT16, gh, sizeof gh), sf = FloatTensor({3}, {1.0f, -1.0f, 0.0f}),
               o23 = EmptyTensor({2, 3}, ACL_FLOAT);
    ASSERT_EQ(RunLeakyGrad(th.tensor, sf.tensor, q.s, false, o23.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<float>(o23.buffer.get(), 6),
              (std::vector<float>{1.0f, 0.25f, 0.25f, -2.0f, -0.5f, -0.5f}));
    const uint16_t bh[] = {0x3F80, 0xC040};  // 1, -3 (BF16)
    HostTensor tb = aclcpu_test::RawTensor({2}, ACL_BF16, bh, sizeof bh), sh = aclcpu_test::RawTensor({2}, ACL_FLOAT16, gh, 4),
               o2 = EmptyTensor({2}, ACL_FLOAT);
    ASSERT_EQ(RunLeakyGrad(tb.tensor, sh.tensor, q.s, false, o2.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<float>(o2.buffer.get(), 2), (std::vector<float>{1.0f, -0.75f}));
    const double dg[] = {1.0 + 1e-12, -1.0};
    HostTensor tdg = aclcpu_test::RawTensor({2}, ACL_DOUBLE, dg, sizeof dg), sfs = FloatTensor({2}, {-1.0f, 1.0f}),
               od = EmptyTensor({2}, ACL_DOUBLE);
    ASSERT_EQ(RunLeakyGrad(tdg.tensor, sfs.tensor, q.s, false, od.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<double>(od.buffer.get(), 2), (std::vector<double>{(1.0 + 1e-12) * 0.25, -1.0}));
    // a DOUBLE result beyond FLOAT16's and FLOAT's range narrows to an infinity of its sign (and 65519.9 to
    // FLOAT16's max), as a cast on the NPU; the fuzzer found the reference model aborting on such values
    const double big[] = {1e300, -0x1p1000, 65519.9, 7e38};
    HostTensor tbig = aclcpu_test::RawTensor({4}, ACL_DOUBLE, big, sizeof big), s4 = FloatTensor({4}, {1, 1, 1, 1}),
               oh = EmptyTensor({4}, ACL_FLOAT16), of = EmptyTensor({4}, ACL_FLOAT);
    ASSERT_EQ(RunLeakyGrad(tbig.tensor, s4.tensor, q.s, false, oh.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<uint16_t>(oh.buffer.get(), 4), (std::vector<uint16_t>{0x7C00, 0xFC00, 0x7BFF, 0x7C00}));
    ASSERT_EQ(RunLeakyGrad(tbig.tensor, s4.tensor, q.s, false, of.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<float>(of.buffer.get(), 4),
              (std::vector<float>{HUGE_VALF, -HUGE_VALF, 65519.9f, HUGE_VALF}));
    // empty
    HostTensor e = EmptyTensor({0, 3}, ACL_FLOAT), s13 = FloatTensor({1, 3}, {1, 2, 3}), oe = EmptyTensor({0, 3}, ACL_FLOAT);
    EXPECT_EQ(RunLeakyGrad(e.tensor, s13.tensor, q.s, false, oe.tensor), 0) << LastError();
}

std::vector<aclDataType> LeakyDtypes(Profile p) {
    std::vector<aclDataType> v = {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE};
    if (p == Profile::kAscend950 || p == Profile::kAscend910B || p == Profile::kAscend910_93) v.push_back(ACL_BF16);
    return v;
}

TEST(LeakyReluPair, SweepMatchesModelOnEveryProfile) {
    std::mt19937_64 rng(0x1eau);
    const float slopes[] = {0.01f, 0.5f, 0.0f, -1.5f, 3.0e-39f, HUGE_VALF, NAN, 1e30f};
    int checked = 0;
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        for (float slope : slopes) {
            Scalar sl(slope);
            for (aclDataType dt : LeakyDtypes(p)) {
                const std::string what = std::string(l1ref::ProfileKey(p)) + " dtype " + std::to_string(dt) +
                                         " slope " + std::to_string(slope);
                SweepUnary(
                    rng, dt, what + " forward",
                    [&](uint64_t x) { return leakyref::LeakyRelu(dt, x, x, slope); },
                    [&](const aclTensor* a, aclTensor* b) { return RunLeaky(a, sl.s, b); },
                    [&](Operand& o) { return RunInplaceLeaky(o.t, sl.s); }, &checked);
                SweepBinary(
                    rng, dt, what + " backward",
                    [&](uint64_t gb, uint64_t sb) { return leakyref::LeakyRelu(dt, gb, sb, slope); },
                    [&](const aclTensor* a, const aclTensor* b, aclTensor* o) { return RunLeakyGrad(a, b, sl.s, false, o); },
                    &checked);
            }
        }
    }
    EXPECT_EQ(checked, 8 * 6 * (3 * 4 + 2 * 3));
}

// ------------------------------------------------------------------ Threshold

int RunThreshold(const aclTensor* self, const aclScalar* thr, const aclScalar* val, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnThresholdGetWorkspaceSize(self, thr, val, out, ws, ex); }, aclnnThreshold);
}

int RunInplaceThreshold(aclTensor* selfRef, const aclScalar* thr, const aclScalar* val) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceThresholdGetWorkspaceSize(selfRef, thr, val, ws, ex); }, aclnnInplaceThreshold);
}

TEST(Threshold, CheckOrderAndMessages) {
    HostTensor x = FloatTensor({2, 2}, {1, -1, 2, -2}), out = EmptyTensor({2, 2}, ACL_FLOAT);
    Scalar t(0.5f), v(-7.0f);
    auto th = [](const aclTensor* a, const aclScalar* tt, const aclScalar* vv, aclTensor* b) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnThresholdGetWorkspaceSize(a, tt, vv, b, ws, ex); };
    };
    // workspaceSize / executor first (OP_CHECK_COMM_INPUT), then self, out, threshold, value
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnThresholdGetWorkspaceSize(nullptr, nullptr, nullptr, nullptr, nullptr, &ex), kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    EXPECT_EQ(aclnnInplaceThresholdGetWorkspaceSize(nullptr, nullptr, nullptr, nullptr, &ex), kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    ExpectFails(th(nullptr, nullptr, nullptr, nullptr), kNull, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(th(x.tensor, nullptr, nullptr, nullptr), kNull, "Expected a proper Tensor but got null for argument out.");
    ExpectFails(th(x.tensor, nullptr, nullptr, out.tensor), kNull,
                "Expected a value of type number for argument threshold but instead found type null.");
    ExpectFails(th(x.tensor, t.s, nullptr, out.tensor), kNull,
                "Expected a value of type number for argument value but instead found type null.");
    // the list, then (not on the 950) CanCast(self, out), dims, shape
    HostTensor d = EmptyTensor({2, 2}, ACL_DOUBLE, 0), oi = EmptyTensor({2, 2}, ACL_INT32),
               f9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT, 0), o3 = EmptyTensor({3}, ACL_FLOAT);
    ExpectFails(th(d.tensor, t.s, v.s, out.tensor), kInvalid,
                "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_INT32, "
                "DT_FLOAT16, DT_INT8, DT_UINT8, DT_INT16, DT_INT64, DT_BF16.");
    ExpectFails(th(f9.tensor, t.s, v.s, o3.tensor), kInvalid, "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails(th(x.tensor, t.s, v.s, o3.tensor), kInvalid,
                "Expected tensor for self to have same size as tensor for out, but [2,2] does not equal [3].");
    // on the 950 a FLOAT self casts to an INT32 out (truncation toward zero, our model); before it, refused
    ASSERT_EQ(RunThreshold(x.tensor, t.s, v.s, oi.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<int32_t>(oi.buffer.get(), 4), (std::vector<int32_t>{1, -7, 2, -7}));
    {
        ProfileScope scope(Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        ExpectFails(th(x.tensor, t.s, v.s, oi.tensor), kInvalid,
                    "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
        HostTensor b = EmptyTensor({2}, ACL_BF16, 0), ob = EmptyTensor({2}, ACL_BF16);
        EXPECT_EQ(RunThreshold(b.tensor, t.s, v.s, ob.tensor), 0) << LastError();
    }
    {
        ProfileScope scope(Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        HostTensor b = EmptyTensor({2}, ACL_BF16, 0), ob = EmptyTensor({2}, ACL_BF16);
        ExpectFails(th(b.tensor, t.s, v.s, ob.tensor), kInvalid,
                    "Tensor self not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_INT32, "
                    "DT_FLOAT16, DT_INT8, DT_UINT8, DT_INT16, DT_INT64.");
    }
    // beyond CANN: a destroyed scalar, views
    float fv = 2.0f;
    aclScalar* dead = aclCreateScalar(&fv, ACL_FLOAT);
    aclDestroyScalar(dead);
    ExpectFails(th(x.tensor, t.s, dead, out.tensor), kInvalid, "value");
    DeviceBuffer buf(16);
    aclTensor* past = MakeTensor({2, 2}, ACL_FLOAT, buf.get(), {2, 1}, 0, {3});
    ExpectFails(th(past, t.s, v.s, out.tensor), kInvalid, "self");
    aclDestroyTensor(past);
}

TEST(Threshold, SpecialsConversionsAndIntegers) {
    // FLOAT: x <= threshold selects value (x == threshold included; -0 <= 0); NaN x stays (quieted); NaN
    // threshold selects self everywhere
    const std::vector<float> xs = {0.5f, std::nextafter(0.5f, 1.0f), -0.0f, 0.0f, -HUGE_VALF, HUGE_VALF,
                                   aclcpu_test::FromBits(0x7FA00001u), 1e-45f};
    const int64_t n = static_cast<int64_t>(xs.size());
    Scalar half(0.5f), zero(0.0f), v9(9.0f), nan(NAN);
    HostTensor x = FloatTensor({n}, xs), out = EmptyTensor({n}, ACL_FLOAT);
    ASSERT_EQ(RunThreshold(x.tensor, half.s, v9.s, out.tensor), 0) << LastError();
    std::vector<float> r = aclcpu_test::Download<float>(out.buffer.get(), static_cast<size_t>(n));
    EXPECT_EQ(r[0], 9.0f);
    EXPECT_EQ(r[1], xs[1]);
    EXPECT_EQ(r[2], 9.0f);
    EXPECT_EQ(r[4], 9.0f);
    EXPECT_EQ(r[5], HUGE_VALF);
    EXPECT_EQ(aclcpu_test::Bits(r[6]), 0x7FE00001u);
    EXPECT_EQ(r[7], 9.0f);
    ASSERT_EQ(RunThreshold(x.tensor, zero.s, v9.s, out.tensor), 0) << LastError();
    r = aclcpu_test::Download<float>(out.buffer.get(), static_cast<size_t>(n));
    EXPECT_EQ(r[2], 9.0f);  // -0 <= 0
    EXPECT_EQ(r[3], 9.0f);
    EXPECT_EQ(r[7], 1e-45f);  // the smallest subnormal > 0
    ASSERT_EQ(RunThreshold(x.tensor, nan.s, v9.s, out.tensor), 0) << LastError();
    r = aclcpu_test::Download<float>(out.buffer.get(), static_cast<size_t>(n));
    EXPECT_EQ(r[0], 0.5f);
    EXPECT_EQ(r[4], -HUGE_VALF);
    // FLOAT16: threshold and value rounded to half first: 0.1 -> 0x2E66 (0.0999755859375), value 1/3 -> 0x3555
    const double d01 = 0.1, third = 1.0 / 3.0;
    Scalar t01(&d01, ACL_DOUBLE), vthird(&third, ACL_DOUBLE);
    const uint16_t hx[] = {0x2E66, 0x2E67, 0x2E65, 0xFE01};
    HostTensor th = aclcpu_test::RawTensor({4}, ACL_FLOAT16, hx, sizeof hx), oh = EmptyTensor({4}, ACL_FLOAT16);
    ASSERT_EQ(RunThreshold(th.tensor, t01.s, vthird.s, oh.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<uint16_t>(oh.buffer.get(), 4), (std::vector<uint16_t>{0x3555, 0x2E67, 0x3555, 0xFE01}));
    // the result in self's dtype, then cast: FLOAT16 -> FLOAT exact
    HostTensor of = EmptyTensor({4}, ACL_FLOAT);
    ASSERT_EQ(RunThreshold(th.tensor, t01.s, vthird.s, of.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<float>(of.buffer.get(), 1)[0], 0.333251953125f);
    // integers: the compare in the dtype; a fractional threshold truncates toward zero (2.7 -> 2, -2.7 -> -2)
    const int32_t iv[] = {2, 3, -2, -3, INT32_MIN, INT32_MAX};
    const double t27 = 2.7, tm27 = -2.7;
    const int64_t big = (int64_t{1} << 40) + 5;  // wraps to 5 in INT32
    Scalar s27(&t27, ACL_DOUBLE), sm27(&tm27, ACL_DOUBLE), sbig(&big, ACL_INT64), vm1(-1.0f);
    HostTensor ti = aclcpu_test::RawTensor({6}, ACL_INT32, iv, sizeof iv), oi = EmptyTensor({6}, ACL_INT32);
    ASSERT_EQ(RunThreshold(ti.tensor, s27.s, vm1.s, oi.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<int32_t>(oi.buffer.get(), 6), (std::vector<int32_t>{-1, 3, -1, -1, -1, INT32_MAX}));
    ASSERT_EQ(RunThreshold(ti.tensor, sm27.s, sbig.s, oi.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<int32_t>(oi.buffer.get(), 6), (std::vector<int32_t>{2, 3, 5, 5, 5, INT32_MAX}));
    // INT16: native on the 950 (value 40000 wraps to -25536 there); converted to INT32 before it (the result's
    // cast back wraps the same way): the same bytes either way, the threshold 40000 differs
    const int16_t sv[] = {100, -100, 32767};
    const int32_t t40k = 40000;
    Scalar s40k(&t40k, ACL_INT32);
    for (Profile p : {Profile::kAscend950, Profile::kAscend910B}) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        HostTensor ts = aclcpu_test::RawTensor({3}, ACL_INT16, sv, sizeof sv), os = EmptyTensor({3}, ACL_INT16);
        ASSERT_EQ(RunThreshold(ts.tensor, s40k.s, s40k.s, os.tensor), 0) << LastError();
        const std::vector<int16_t> got = aclcpu_test::Download<int16_t>(os.buffer.get(), 3);
        if (p == Profile::kAscend950) {  // threshold -25536: nothing is <= it
            EXPECT_EQ(got, (std::vector<int16_t>{100, -100, 32767}));
        } else {  // threshold 40000 in INT32: everything is <= it; value 40000 wraps on the cast back
            EXPECT_EQ(got, (std::vector<int16_t>{-25536, -25536, -25536}));
        }
    }
    // UINT8 and INT64
    const uint8_t u8[] = {0, 5, 200, 255};
    const int64_t i64[] = {INT64_MIN, -1, 0, INT64_MAX};
    Scalar s5(5.0f), s0(0.0f), v7(7.0f);
    HostTensor tu = aclcpu_test::RawTensor({4}, ACL_UINT8, u8, 4), ou = EmptyTensor({4}, ACL_UINT8);
    ASSERT_EQ(RunThreshold(tu.tensor, s5.s, v7.s, ou.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<uint8_t>(ou.buffer.get(), 4), (std::vector<uint8_t>{7, 7, 200, 255}));
    HostTensor tl = aclcpu_test::RawTensor({4}, ACL_INT64, i64, sizeof i64);
    ASSERT_EQ(RunInplaceThreshold(tl.tensor, s0.s, v7.s), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<int64_t>(tl.buffer.get(), 4), (std::vector<int64_t>{7, 7, 7, INT64_MAX}));
    // in place, float; empty
    HostTensor ip = FloatTensor({3}, {-4.0f, 4.0f, 0.5f});
    ASSERT_EQ(RunInplaceThreshold(ip.tensor, half.s, v9.s), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<float>(ip.buffer.get(), 3), (std::vector<float>{9.0f, 4.0f, 9.0f}));
    HostTensor e = EmptyTensor({0, 2}, ACL_FLOAT), oe = EmptyTensor({0, 2}, ACL_FLOAT);
    EXPECT_EQ(RunThreshold(e.tensor, half.s, v9.s, oe.tensor), 0) << LastError();
}

/// threshold / value as an element of dt for the sweep (the scalars are FLOAT and exactly representable).
uint64_t ElementOf(aclDataType dt, float v) {
    switch (dt) {
        case ACL_FLOAT: return aclcpu_test::Bits(v);
        case ACL_FLOAT16: { reluref::FloatFormat f{}; reluref::FormatOf(dt, &f); return leakyref::Encode(f, v); }
        case ACL_BF16: return aclcpu_test::Bits(v) >> 16;
        case ACL_INT8: return reluref::Bits(static_cast<int8_t>(v));
        case ACL_UINT8: return reluref::Bits(static_cast<uint8_t>(v));
        case ACL_INT16: return reluref::Bits(static_cast<int16_t>(v));
        case ACL_INT32: return reluref::Bits(static_cast<int32_t>(v));
        default: return reluref::Bits(static_cast<int64_t>(v));
    }
}

std::vector<aclDataType> ThresholdDtypes(Profile p) {
    std::vector<aclDataType> v = {ACL_FLOAT, ACL_INT32, ACL_FLOAT16, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT64};
    if (p == Profile::kAscend950 || p == Profile::kAscend910B || p == Profile::kAscend910_93) v.push_back(ACL_BF16);
    return v;
}

TEST(Threshold, SweepMatchesModelOnEveryProfile) {
    std::mt19937_64 rng(0x7e5u);
    const float pairs[][2] = {{0.5f, -1.0f}, {0.0f, 0.0f}, {-2.0f, 3.0f}, {1.0f, 1.0f}, {100.0f, 0.0f}};
    int checked = 0;
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        for (const auto& tv : pairs) {
            Scalar st(tv[0]), sv(tv[1]);
            for (aclDataType dt : ThresholdDtypes(p)) {
                const bool is_unsigned = dt == ACL_UINT8;
                if (is_unsigned && (tv[0] < 0 || tv[1] < 0)) continue;  // the sweep keeps to exact conversions
                const uint64_t tb = ElementOf(dt, tv[0]), vb = ElementOf(dt, tv[1]);
                const std::string what = std::string(l1ref::ProfileKey(p)) + " dtype " + std::to_string(dt) +
                                         " threshold " + std::to_string(tv[0]);
                SweepUnary(
                    rng, dt, what, [&](uint64_t x) { return leakyref::Threshold(dt, x, tb, vb); },
                    [&](const aclTensor* a, aclTensor* b) { return RunThreshold(a, st.s, sv.s, b); },
                    [&](Operand& o) { return RunInplaceThreshold(o.t, st.s, sv.s); }, &checked);
            }
        }
    }
    EXPECT_GT(checked, 400);
}

// ------------------------------------------------------------------ Hardshrink

using ShrinkFirstPhase = aclnnStatus (*)(const aclTensor*, const aclScalar*, aclTensor*, uint64_t*, aclOpExecutor**);

/// The checks Hardshrink and Softshrink share, in CANN's order: workspaceSize / executor first; self, lambd, out
/// null; self's, then out's list; the shape before the rank. `lambd` is a scalar both accept.
void ExpectShrinkChecks(ShrinkFirstPhase first, const aclScalar* lambd) {
    HostTensor x = FloatTensor({2, 2}, {1, -1, 2, -2});
    auto call = [first](const aclTensor* a, const aclScalar* ll, aclTensor* b) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return first(a, ll, b, ws, ex); };
    };
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(first(nullptr, nullptr, nullptr, nullptr, &ex), kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    ExpectFails(call(nullptr, nullptr, nullptr), kNull, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(call(x.tensor, nullptr, nullptr), kNull,
                "Expected a value of type number for argument lambd but instead found type null.");
    ExpectFails(call(x.tensor, lambd, nullptr), kNull, "Expected a proper Tensor but got null for argument out.");
    HostTensor d = EmptyTensor({2, 2}, ACL_DOUBLE, 0), od = EmptyTensor({2, 2}, ACL_DOUBLE),
               f9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT, 0), o9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT),
               o3 = EmptyTensor({3}, ACL_FLOAT);
    ExpectFails(call(d.tensor, lambd, o3.tensor), kInvalid,
                "Tensor self not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(call(x.tensor, lambd, od.tensor), kInvalid, "Tensor out not implemented for DT_DOUBLE");
    ExpectFails(call(f9.tensor, lambd, o3.tensor), kInvalid,
                "Expected tensor for self to have same size as tensor for out, but [1,1,1,1,1,1,1,1,1] does not equal [3].");
    ExpectFails(call(f9.tensor, lambd, o9.tensor), kInvalid, "The self tensor cannot be larger than 8 dimensions.");
}

int RunHardshrink(const aclTensor* self, const aclScalar* lambd, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardshrinkGetWorkspaceSize(self, lambd, out, ws, ex); }, aclnnHardshrink);
}

TEST(Hardshrink, CheckOrderAndMessages) {
    HostTensor x = FloatTensor({2, 2}, {1, -1, 2, -2}), out = EmptyTensor({2, 2}, ACL_FLOAT);
    Scalar l(0.5f);
    auto hs = [](const aclTensor* a, const aclScalar* ll, aclTensor* b) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnHardshrinkGetWorkspaceSize(a, ll, b, ws, ex); };
    };
    ExpectShrinkChecks(&aclnnHardshrinkGetWorkspaceSize, l.s);
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool bf16 = p != Profile::kAscend910 && p != Profile::kAscend310P;
        HostTensor b = EmptyTensor({2}, ACL_BF16, 0), ob = EmptyTensor({2}, ACL_BF16);
        EXPECT_EQ(RunHardshrink(b.tensor, l.s, ob.tensor), bf16 ? 0 : kInvalid) << l1ref::ProfileKey(p);
    }
    float fv = 1.0f;
    aclScalar* dead = aclCreateScalar(&fv, ACL_FLOAT);
    aclDestroyScalar(dead);
    ExpectFails(hs(x.tensor, dead, out.tensor), kInvalid, "lambd");
}

TEST(Hardshrink, SpecialsLambdAndCasts) {
    // |x| <= lambd -> +0 (the edges included, -0 -> +0); NaN and +-inf pass (NaN quieted)
    const std::vector<float> xs = {0.5f, -0.5f, std::nextafter(0.5f, 1.0f), -std::nextafter(0.5f, 1.0f), -0.0f,
                                   HUGE_VALF, -HUGE_VALF, aclcpu_test::FromBits(0xFF800002u), -1e-45f};
    const int64_t n = static_cast<int64_t>(xs.size());
    HostTensor x = FloatTensor({n}, xs), out = EmptyTensor({n}, ACL_FLOAT);
    Scalar l(0.5f), neg(-3.0f), nan(NAN), inf(HUGE_VALF);
    ASSERT_EQ(RunHardshrink(x.tensor, l.s, out.tensor), 0) << LastError();
    std::vector<float> r = aclcpu_test::Download<float>(out.buffer.get(), static_cast<size_t>(n));
    EXPECT_EQ(aclcpu_test::Bits(r[0]), 0u);
    EXPECT_EQ(aclcpu_test::Bits(r[1]), 0u);  // +0, not -0
    EXPECT_EQ(r[2], xs[2]);
    EXPECT_EQ(r[3], xs[3]);
    EXPECT_EQ(aclcpu_test::Bits(r[4]), 0u);
    EXPECT_EQ(r[5], HUGE_VALF);
    EXPECT_EQ(r[6], -HUGE_VALF);
    EXPECT_EQ(aclcpu_test::Bits(r[7]), 0xFFC00002u);
    EXPECT_EQ(aclcpu_test::Bits(r[8]), 0u);
    // a negative lambd counts as 0: only +-0 become +0
    ASSERT_EQ(RunHardshrink(x.tensor, neg.s, out.tensor), 0) << LastError();
    r = aclcpu_test::Download<float>(out.buffer.get(), static_cast<size_t>(n));
    EXPECT_EQ(r[0], 0.5f);
    EXPECT_EQ(aclcpu_test::Bits(r[4]), 0u);
    EXPECT_EQ(aclcpu_test::Bits(r[8]), aclcpu_test::Bits(-1e-45f));
    // a NaN lambd keeps every element; +inf zeroes every non-NaN one
    ASSERT_EQ(RunHardshrink(x.tensor, nan.s, out.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<float>(out.buffer.get(), 1)[0], 0.5f);
    ASSERT_EQ(RunHardshrink(x.tensor, inf.s, out.tensor), 0) << LastError();
    r = aclcpu_test::Download<float>(out.buffer.get(), static_cast<size_t>(n));
    EXPECT_EQ(aclcpu_test::Bits(r[6]), 0u);
    EXPECT_EQ(aclcpu_test::Bits(r[7]), 0xFFC00002u);
    // FLOAT16 compared in float32 with the float32 lambd (not rounded to half): 0.1f lies between two halves
    const uint16_t hx[] = {0x2E66, 0x2E67, 0xAE67};  // 0.0999755859375 <= 0.1f; 0.10003662109375 > 0.1f
    Scalar l01(0.1f);
    HostTensor th = aclcpu_test::RawTensor({3}, ACL_FLOAT16, hx, sizeof hx), oh = EmptyTensor({3}, ACL_FLOAT16),
               of = EmptyTensor({3}, ACL_FLOAT);
    ASSERT_EQ(RunHardshrink(th.tensor, l01.s, oh.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<uint16_t>(oh.buffer.get(), 3), (std::vector<uint16_t>{0, 0x2E67, 0xAE67}));
    ASSERT_EQ(RunHardshrink(th.tensor, l01.s, of.tensor), 0) << LastError();  // cast to a FLOAT out: exact
    EXPECT_EQ(aclcpu_test::Download<float>(of.buffer.get(), 3)[1], 0.10003662109375f);
    HostTensor e = EmptyTensor({0, 2}, ACL_FLOAT), oe = EmptyTensor({0, 2}, ACL_FLOAT);
    EXPECT_EQ(RunHardshrink(e.tensor, l.s, oe.tensor), 0) << LastError();
}

TEST(Hardshrink, SweepMatchesModelOnEveryProfile) {
    std::mt19937_64 rng(0x45u);
    const float lambds[] = {0.5f, 0.0f, 1.0f, 2.0f, HUGE_VALF};
    int checked = 0;
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool bf16 = p != Profile::kAscend910 && p != Profile::kAscend310P;
        for (float lambd : lambds) {
            Scalar sl(lambd);
            for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
                if (dt == ACL_BF16 && !bf16) continue;
                const std::string what = std::string(l1ref::ProfileKey(p)) + " dtype " + std::to_string(dt);
                SweepUnary(
                    rng, dt, what, [&](uint64_t x) { return leakyref::Hardshrink(dt, x, lambd); },
                    [&](const aclTensor* a, aclTensor* b) { return RunHardshrink(a, sl.s, b); },
                    [&](Operand& o) {  // out aliasing self (Hardshrink has no in-place variant)
                        aclTensor* alias = MakeTensor(o.shape, o.dt, o.dev.get());
                        const int st = RunHardshrink(o.t, sl.s, alias);
                        aclDestroyTensor(alias);
                        return st;
                    },
                    &checked);
            }
        }
    }
    EXPECT_EQ(checked, 3 * 5 * (3 * 3 + 2 * 2));
}

// ------------------------------------------------------------------ Softshrink

int RunSoftshrink(const aclTensor* self, const aclScalar* lambd, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSoftshrinkGetWorkspaceSize(self, lambd, out, ws, ex); },
                     aclnnSoftshrink);
}

TEST(Softshrink, CheckOrderAndMessages) {
    HostTensor x = FloatTensor({2, 2}, {1, -1, 2, -2}), out = EmptyTensor({2, 2}, ACL_FLOAT);
    Scalar l(0.5f), neg(-0.25f), nan(NAN);
    auto ss = [](const aclTensor* a, const aclScalar* ll, aclTensor* b) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSoftshrinkGetWorkspaceSize(a, ll, b, ws, ex); };
    };
    ExpectShrinkChecks(&aclnnSoftshrinkGetWorkspaceSize, neg.s);  // lambd is checked after the shapes
    ExpectFails(ss(x.tensor, neg.s, out.tensor), kInvalid, "lambd should be greater or equal to 0, but found to be [-0.250000].");
    EXPECT_EQ(RunSoftshrink(x.tensor, nan.s, out.tensor), 0) << LastError();  // NaN is not < 0
    EXPECT_EQ(aclcpu_test::Download<float>(out.buffer.get(), 4), (std::vector<float>{0, 0, 0, 0}));
    // BF16: refused by product before the lists, naming the product
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool bf16 = p != Profile::kAscend910 && p != Profile::kAscend310P;
        HostTensor b = EmptyTensor({2}, ACL_BF16, 0), ob = EmptyTensor({2}, ACL_FLOAT), dd = EmptyTensor({2}, ACL_DOUBLE, 0);
        EXPECT_EQ(RunSoftshrink(b.tensor, l.s, ob.tensor), bf16 ? 0 : kInvalid) << l1ref::ProfileKey(p);
        if (!bf16) {
            const std::string m = LastError();
            EXPECT_NE(m.find("bfloat16 dtype is unsupported by the current SOC version ["), std::string::npos) << m;
            EXPECT_NE(m.find("], self dtype is DT_BF16 and out dtype is DT_FLOAT"), std::string::npos) << m;
            ExpectFails(ss(dd.tensor, l.s, ob.tensor), kInvalid, "Tensor self not implemented for DT_DOUBLE");
        }
    }
}

TEST(Softshrink, SpecialsAndRounding) {
    const float sub = 1e-45f;
    const std::vector<float> xs = {0.5f, -0.5f, 0.75f, -0.75f, -0.0f, HUGE_VALF, -HUGE_VALF, NAN,
                                   aclcpu_test::FromBits(0xFF800001u), std::nextafter(0.5f, 1.0f), 1e30f};
    const int64_t n = static_cast<int64_t>(xs.size());
    HostTensor x = FloatTensor({n}, xs), out = EmptyTensor({n}, ACL_FLOAT);
    Scalar l(0.5f), zero(0.0f), inf(HUGE_VALF), ls(sub);
    ASSERT_EQ(RunSoftshrink(x.tensor, l.s, out.tensor), 0) << LastError();
    std::vector<float> r = aclcpu_test::Download<float>(out.buffer.get(), static_cast<size_t>(n));
    EXPECT_EQ(aclcpu_test::Bits(r[0]), 0u);  // the edges: +0
    EXPECT_EQ(aclcpu_test::Bits(r[1]), 0u);
    EXPECT_EQ(r[2], 0.25f);
    EXPECT_EQ(r[3], -0.25f);
    EXPECT_EQ(aclcpu_test::Bits(r[4]), 0u);
    EXPECT_EQ(r[5], HUGE_VALF);
    EXPECT_EQ(r[6], -HUGE_VALF);
    EXPECT_EQ(aclcpu_test::Bits(r[7]), 0u);  // NaN fails both compares: +0 (the kernel's selects)
    EXPECT_EQ(aclcpu_test::Bits(r[8]), 0u);
    EXPECT_EQ(r[9], std::nextafter(0.5f, 1.0f) - 0.5f);
    EXPECT_EQ(r[10], 1e30f);  // 1e30 - 0.5 rounds to 1e30
    ASSERT_EQ(RunSoftshrink(x.tensor, zero.s, out.tensor), 0) << LastError();
    r = aclcpu_test::Download<float>(out.buffer.get(), static_cast<size_t>(n));
    EXPECT_EQ(r[0], 0.5f);
    EXPECT_EQ(aclcpu_test::Bits(r[4]), 0u);  // -0: neither > 0 nor < -0
    ASSERT_EQ(RunSoftshrink(x.tensor, inf.s, out.tensor), 0) << LastError();
    r = aclcpu_test::Download<float>(out.buffer.get(), static_cast<size_t>(n));
    EXPECT_EQ(aclcpu_test::Bits(r[5]), 0u);  // inf > inf is false
    // subnormal lambd: 2^-148 - 2^-149 (3e-45f is 2^-148)
    HostTensor xs2 = FloatTensor({2}, {3e-45f, -3e-45f}), o2 = EmptyTensor({2}, ACL_FLOAT);
    ASSERT_EQ(RunSoftshrink(xs2.tensor, ls.s, o2.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<float>(o2.buffer.get(), 2), (std::vector<float>{sub, -sub}));
    // FLOAT16: the float32 result rounded once (RNE): 1 + 2^-10 - 2^-12 = 1.000732421875 is between 1 + 2^-10 and
    // 1 + 2^-9 ... lambd 2^-12 makes a tie to even
    const float l12 = 1.0f / 4096.0f;
    Scalar sl12(l12);
    const uint16_t hx[] = {0x3C01, 0x3C02, 0xBC01};  // 1 + 2^-10, 1 + 2^-9, -(1 + 2^-10)
    HostTensor th = aclcpu_test::RawTensor({3}, ACL_FLOAT16, hx, sizeof hx), oh = EmptyTensor({3}, ACL_FLOAT16),
               of = EmptyTensor({3}, ACL_FLOAT);
    ASSERT_EQ(RunSoftshrink(th.tensor, sl12.s, oh.tensor), 0) << LastError();
    // 1 + 2^-10 - 2^-12 = 1 + 3 * 2^-12: nearest halves 1 + 2^-10 (0x3C01) at distance 2^-12, 1 (0x3C00) at 3 * 2^-12
    // 1 + 2^-9 - 2^-12 = 1 + 7 * 2^-12: between 0x3C01 (4) and 0x3C02 (8): nearer 0x3C02; tie-free
    EXPECT_EQ(aclcpu_test::Download<uint16_t>(oh.buffer.get(), 3), (std::vector<uint16_t>{0x3C01, 0x3C02, 0xBC01}));
    const float l11 = 1.0f / 2048.0f;  // 1 + 2^-10 - 2^-11 = 1 + 2^-11: a tie between 0x3C00 and 0x3C01 -> 0x3C00
    Scalar sl11(l11);
    ASSERT_EQ(RunSoftshrink(th.tensor, sl11.s, oh.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<uint16_t>(oh.buffer.get(), 3), (std::vector<uint16_t>{0x3C00, 0x3C02, 0xBC00}));
    ASSERT_EQ(RunSoftshrink(th.tensor, sl11.s, of.tensor), 0) << LastError();  // cast to FLOAT after rounding
    EXPECT_EQ(aclcpu_test::Download<float>(of.buffer.get(), 1)[0], 1.0f);
}

TEST(Softshrink, SweepMatchesModelOnEveryProfile) {
    std::mt19937_64 rng(0x55u);
    const float lambds[] = {0.5f, 0.0f, 1e-40f, 2.0f, HUGE_VALF, NAN, 3.3f};
    int checked = 0;
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool bf16 = p != Profile::kAscend910 && p != Profile::kAscend310P;
        for (float lambd : lambds) {
            Scalar sl(lambd);
            for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
                if (dt == ACL_BF16 && !bf16) continue;
                SweepUnary(
                    rng, dt, std::string(l1ref::ProfileKey(p)) + " dtype " + std::to_string(dt),
                    [&](uint64_t xb) { return leakyref::Softshrink(dt, xb, lambd); },
                    [&](const aclTensor* a, aclTensor* b) { return RunSoftshrink(a, sl.s, b); },
                    [&](Operand& o) {
                        aclTensor* alias = MakeTensor(o.shape, o.dt, o.dev.get());
                        const int st = RunSoftshrink(o.t, sl.s, alias);
                        aclDestroyTensor(alias);
                        return st;
                    },
                    &checked);
            }
        }
    }
    EXPECT_EQ(checked, 3 * 7 * (3 * 3 + 2 * 2));
}

// ------------------------------------------------------------------ SoftshrinkBackward

int RunSsb(const aclTensor* g, const aclTensor* s, const aclScalar* lambd, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSoftshrinkBackwardGetWorkspaceSize(g, s, lambd, out, ws, ex); },
        aclnnSoftshrinkBackward);
}

TEST(SoftshrinkBackward, CheckOrderAndMessages) {
    HostTensor g = FloatTensor({2, 2}, {1, 2, 3, 4}), s = FloatTensor({2, 2}, {1, -0.25f, 0.5f, -2}),
               out = EmptyTensor({2, 2}, ACL_FLOAT);
    Scalar l(0.5f), neg(-1.0f);
    auto sb = [](const aclTensor* a, const aclTensor* b, const aclScalar* ll, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSoftshrinkBackwardGetWorkspaceSize(a, b, ll, o, ws, ex); };
    };
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnSoftshrinkBackwardGetWorkspaceSize(nullptr, nullptr, nullptr, nullptr, nullptr, &ex), kNull);
    EXPECT_NE(LastError().find("The workspaceSize or executor is nullptr."), std::string::npos);
    ExpectFails(sb(nullptr, nullptr, nullptr, nullptr), kNull, "got null for argument gradOutput.");
    ExpectFails(sb(g.tensor, nullptr, nullptr, nullptr), kNull, "got null for argument self.");
    ExpectFails(sb(g.tensor, s.tensor, nullptr, nullptr), kNull,
                "Expected a value of type number for argument lambd but instead found type null.");
    ExpectFails(sb(g.tensor, s.tensor, l.s, nullptr), kNull, "got null for argument gradInput.");
    HostTensor d = EmptyTensor({2, 2}, ACL_DOUBLE, 0), od = EmptyTensor({2, 2}, ACL_DOUBLE),
               f9 = EmptyTensor(std::vector<int64_t>(9, 1), ACL_FLOAT, 0), f3 = FloatTensor({3}, {1, 2, 3}),
               o21 = EmptyTensor({2, 1}, ACL_FLOAT);
    ExpectFails(sb(d.tensor, s.tensor, neg.s, out.tensor), kInvalid,
                "Tensor gradOutput not implemented for DT_DOUBLE, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(sb(g.tensor, d.tensor, neg.s, out.tensor), kInvalid, "Tensor self not implemented for DT_DOUBLE");
    ExpectFails(sb(g.tensor, s.tensor, neg.s, od.tensor), kInvalid, "Tensor gradInput not implemented for DT_DOUBLE");
    ExpectFails(sb(f9.tensor, s.tensor, neg.s, out.tensor), kInvalid, "The gradOutput tensor cannot be larger than 8 dimensions.");
    ExpectFails(sb(g.tensor, f9.tensor, neg.s, out.tensor), kInvalid, "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails(sb(f3.tensor, s.tensor, neg.s, out.tensor), kInvalid,
                "The size of tensor gradOutput [3] must match the size of tensor self [2,2].");
    ExpectFails(sb(g.tensor, s.tensor, neg.s, o21.tensor), kInvalid,
                "Expected tensor for gradInput to have same size as [2,2], but got [2,1].");
    ExpectFails(sb(g.tensor, s.tensor, neg.s, out.tensor), kInvalid,
                "lambd should be greater or equal to 0, but found to be [-1.000000].");
    ASSERT_EQ(RunSsb(g.tensor, s.tensor, l.s, out.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<float>(out.buffer.get(), 4), (std::vector<float>{1, 0, 0, 4}));
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool bf16 = p != Profile::kAscend910 && p != Profile::kAscend310P;
        HostTensor b = EmptyTensor({2}, ACL_BF16, 0), ob = EmptyTensor({2}, ACL_BF16);
        EXPECT_EQ(RunSsb(b.tensor, b.tensor, l.s, ob.tensor), bf16 ? 0 : kInvalid) << l1ref::ProfileKey(p);
    }
}

TEST(SoftshrinkBackward, SpecialsMixedDtypesAndBroadcasting) {
    // |self| > lambd keeps gradOutput (a NaN quieted); the edges and -0 give +0; a NaN self keeps gradOutput
    const std::vector<float> g = {-3.0f, -3.0f, -3.0f, -3.0f, -3.0f, aclcpu_test::FromBits(0xFF800003u), HUGE_VALF};
    const std::vector<float> x = {0.5f, -0.5f, -0.0f, NAN, 0.75f, 2.0f, -HUGE_VALF};
    HostTensor tg = FloatTensor({7}, g), tx = FloatTensor({7}, x), out = EmptyTensor({7}, ACL_FLOAT);
    Scalar l(0.5f), nan(NAN), inf(HUGE_VALF);
    ASSERT_EQ(RunSsb(tg.tensor, tx.tensor, l.s, out.tensor), 0) << LastError();
    std::vector<float> r = aclcpu_test::Download<float>(out.buffer.get(), 7);
    EXPECT_EQ(aclcpu_test::Bits(r[0]), 0u);
    EXPECT_EQ(aclcpu_test::Bits(r[1]), 0u);
    EXPECT_EQ(aclcpu_test::Bits(r[2]), 0u);
    EXPECT_EQ(r[3], -3.0f);
    EXPECT_EQ(r[4], -3.0f);
    EXPECT_EQ(aclcpu_test::Bits(r[5]), 0xFFC00003u);
    EXPECT_EQ(r[6], HUGE_VALF);
    ASSERT_EQ(RunSsb(tg.tensor, tx.tensor, nan.s, out.tensor), 0) << LastError();  // nothing is > NaN
    r = aclcpu_test::Download<float>(out.buffer.get(), 7);
    EXPECT_EQ(aclcpu_test::Bits(r[4]), 0u);
    EXPECT_EQ(r[3], -3.0f);  // a NaN self still keeps gradOutput
    ASSERT_EQ(RunSsb(tg.tensor, tx.tensor, inf.s, out.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Bits(aclcpu_test::Download<float>(out.buffer.get(), 7)[6]), 0u);  // inf > inf is false
    // mixed dtypes: both to FLOAT (FLOAT16 gradOutput [2,1] x BF16 self [3] -> [2,3] FLOAT)
    const uint16_t gh[] = {0x3C00, 0xC000};     // 1, -2
    const uint16_t xb[] = {0x3F80, 0x3E80, 0xBF00};  // 1, 0.25, -0.5
    HostTensor th = aclcpu_test::RawTensor({2, 1}, ACL_FLOAT16, gh, sizeof gh), txb = aclcpu_test::RawTensor({3}, ACL_BF16, xb, sizeof xb),
               o23 = EmptyTensor({2, 3}, ACL_FLOAT);
    Scalar l3(0.3f);
    ASSERT_EQ(RunSsb(th.tensor, txb.tensor, l3.s, o23.tensor), 0) << LastError();
    EXPECT_EQ(aclcpu_test::Download<float>(o23.buffer.get(), 6), (std::vector<float>{1, 0, 1, -2, 0, -2}));
    // empty gradOutput: nothing runs
    HostTensor e = EmptyTensor({0, 3}, ACL_FLOAT), s13 = FloatTensor({1, 3}, {1, 2, 3}), oe = EmptyTensor({0, 3}, ACL_FLOAT);
    EXPECT_EQ(RunSsb(e.tensor, s13.tensor, l.s, oe.tensor), 0) << LastError();
}

TEST(SoftshrinkBackward, SweepMatchesModelOnEveryProfile) {
    std::mt19937_64 rng(0x5bu);
    const float lambds[] = {0.5f, 0.0f, 1e-40f, 2.0f, HUGE_VALF, NAN};
    int checked = 0;
    for (Profile p : l1ref::kAllProfiles) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        const bool bf16 = p != Profile::kAscend910 && p != Profile::kAscend310P;
        for (float lambd : lambds) {
            Scalar sl(lambd);
            for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
                if (dt == ACL_BF16 && !bf16) continue;
                const std::string what = std::string(l1ref::ProfileKey(p)) + " dtype " + std::to_string(dt);
                SweepBinary(
                    rng, dt, what, [&](uint64_t gb, uint64_t sb) { return leakyref::SoftshrinkBackward(dt, gb, sb, lambd); },
                    [&](const aclTensor* a, const aclTensor* b, aclTensor* o) { return RunSsb(a, b, sl.s, o); }, &checked);
            }
        }
    }
    EXPECT_EQ(checked, 6 * 3 * (3 * 3 + 2 * 2));
}

}  // namespace
