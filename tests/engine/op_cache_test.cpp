// The aclnn cache (executor/op_cache.h): a first phase repeating an earlier successful one's arguments gets that
// call's executor back. Each test checks the counters (GetOpCacheStats) and every result against a host loop:
// a repeated call hits and computes the same values; any change of a key's part - scalar value, data address,
// shape, strides, offset, dtype, product, which arguments are one aclTensor - misses and computes the new call;
// an entry lent to an executor not yet launched makes the same call miss; re-addressed and repeatable executors
// and strict-mode launches leave the cache; a destroyed unlaunched executor gives its call back; failed first
// phases are never cached; eviction (the entry limit) while an entry is lent frees it when it comes back. A cached
// call's second phase pins its last launch's blocks again without looking them up or repeating the address checks
// only while no block has come or gone: a freed tensor is refused as before.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "executor/op_cache.h"
#include "runtime/runtime.h"
#include "runtime/strict.h"
#include "support/test_util.h"
#include "op/operator_headers.inc"

namespace {

using namespace aclcpu;
using aclcpu_test::Download;
using aclcpu_test::MakeTensor;

struct Counts {
    uint64_t hits, misses;
};
Counts Now() {
    const OpCacheStats s = GetOpCacheStats();
    return {s.hits, s.misses};
}

// n FLOAT tensors of `len` elements each in one aclrtMalloc block, element i of tensor k = k * 100 + i.
struct FloatList {
    aclcpu_test::DeviceBuffer buf;
    std::vector<aclTensor*> t;
    aclTensorList* list = nullptr;
    int n, len;
    FloatList(int n_, int len_, bool fill = true) : buf(static_cast<size_t>(n_) * len_ * 4), n(n_), len(len_) {
        std::vector<float> h(static_cast<size_t>(n) * len);
        for (size_t i = 0; i < h.size(); ++i) h[i] = fill ? static_cast<float>(i / len * 100 + i % len) : 0.0f;
        aclrtMemcpy(buf.get(), h.size() * 4, h.data(), h.size() * 4, ACL_MEMCPY_HOST_TO_DEVICE);
        Make();
    }
    void Make() {
        t.clear();
        for (int k = 0; k < n; ++k) t.push_back(MakeTensor({len}, ACL_FLOAT, buf.as<float>() + k * len));
        list = aclCreateTensorList(t.data(), t.size());
    }
    // new handles over the same memory (the old list destroyed): what a framework does for every call
    void Remake() {
        aclDestroyTensorList(list);
        Make();
    }
    std::vector<float> Values() const { return Download<float>(buf.get(), static_cast<size_t>(n) * len); }
    ~FloatList() { aclDestroyTensorList(list); }
};

// Both phases of aclnnForeachMulScalarV2(x, s, out) and a stream synchronisation; returns the first status.
int MulScalar(const aclTensorList* x, float s, aclTensorList* out, aclOpExecutor** keep = nullptr) {
    aclScalar* sc = aclCreateScalar(&s, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    int ret = aclnnForeachMulScalarV2GetWorkspaceSize(x, sc, out, &ws, &ex);
    aclDestroyScalar(sc);
    if (ret != 0) return ret;
    if (keep != nullptr) {  // the caller launches it
        *keep = ex;
        return 0;
    }
    ret = aclnnForeachMulScalarV2(nullptr, ws, ex, nullptr);
    if (ret != 0) return ret;
    return aclrtSynchronizeStream(nullptr);
}

void ExpectScaled(const FloatList& x, const FloatList& out, float s) {
    const std::vector<float> a = x.Values(), o = out.Values();
    for (size_t i = 0; i < a.size(); ++i) ASSERT_EQ(o[i], a[i] * s) << "element " << i;
}

class OpCache : public ::testing::Test {
protected:
    void SetUp() override {
        SetOpCacheLimit(10000);  // empty, CANN's default size
        ASSERT_FALSE(StrictMode());
    }
    void TearDown() override { SetOpCacheLimit(10000); }
};

TEST_F(OpCache, RepeatedCallHitsAndComputesTheSame) {
    FloatList x(7, 33), out(7, 33, false);
    const Counts c0 = Now();
    ASSERT_EQ(MulScalar(x.list, 0.5f, out.list), 0);
    ExpectScaled(x, out, 0.5f);
    EXPECT_EQ(Now().misses, c0.misses + 1);
    EXPECT_EQ(Now().hits, c0.hits);
    EXPECT_EQ(GetOpCacheStats().entries, 1u);
    for (int r = 0; r < 3; ++r) {
        aclrtMemset(out.buf.get(), out.buf.bytes(), 0, out.buf.bytes());
        ASSERT_EQ(MulScalar(x.list, 0.5f, out.list), 0);
        ExpectScaled(x, out, 0.5f);
    }
    EXPECT_EQ(Now().hits, c0.hits + 3);
    // new handles over the same memory: the key is their content, not their addresses
    x.Remake();
    out.Remake();
    aclrtMemset(out.buf.get(), out.buf.bytes(), 0, out.buf.bytes());
    ASSERT_EQ(MulScalar(x.list, 0.5f, out.list), 0);
    ExpectScaled(x, out, 0.5f);
    EXPECT_EQ(Now().hits, c0.hits + 4);
}

TEST_F(OpCache, EveryPartOfTheKeyMatters) {
    FloatList x(4, 16), out(4, 16, false), other(4, 16, false);
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list), 0);
    const Counts c0 = Now();
    // another scalar value
    ASSERT_EQ(MulScalar(x.list, 3.0f, out.list), 0);
    ExpectScaled(x, out, 3.0f);
    // another data address (the output list elsewhere)
    ASSERT_EQ(MulScalar(x.list, 2.0f, other.list), 0);
    ExpectScaled(x, other, 2.0f);
    // another length
    {
        std::vector<aclTensor*> xc, oc;
        for (int k = 0; k < 3; ++k) {
            xc.push_back(MakeTensor({16}, ACL_FLOAT, x.buf.as<float>() + k * 16));
            oc.push_back(MakeTensor({16}, ACL_FLOAT, out.buf.as<float>() + k * 16));
        }
        aclTensorList* xl = aclCreateTensorList(xc.data(), xc.size());
        aclTensorList* ol = aclCreateTensorList(oc.data(), oc.size());
        aclrtMemset(out.buf.get(), out.buf.bytes(), 0, out.buf.bytes());
        ASSERT_EQ(MulScalar(xl, 2.0f, ol), 0);
        const std::vector<float> o = out.Values(), a = x.Values();
        for (int i = 0; i < 64; ++i) ASSERT_EQ(o[i], i < 48 ? a[i] * 2.0f : 0.0f) << i;
        aclDestroyTensorList(xl);
        aclDestroyTensorList(ol);
    }
    // another shape over the same bytes ([4, 4] instead of [16]), another offset, other strides
    for (int variant = 0; variant < 3; ++variant) {
        std::vector<aclTensor*> xc, oc;
        for (int k = 0; k < 4; ++k) {
            float* xp = x.buf.as<float>() + k * 16;
            float* op = out.buf.as<float>() + k * 16;
            if (variant == 0) {
                xc.push_back(MakeTensor({4, 4}, ACL_FLOAT, xp, {}, 0, {16}));
                oc.push_back(MakeTensor({4, 4}, ACL_FLOAT, op, {}, 0, {16}));
            } else if (variant == 1) {  // elements 1 .. 15 through the offset
                xc.push_back(MakeTensor({15}, ACL_FLOAT, xp, {1}, 1, {16}));
                oc.push_back(MakeTensor({15}, ACL_FLOAT, op, {1}, 1, {16}));
            } else {  // every other element
                xc.push_back(MakeTensor({8}, ACL_FLOAT, xp, {2}, 0, {16}));
                oc.push_back(MakeTensor({8}, ACL_FLOAT, op, {2}, 0, {16}));
            }
        }
        aclTensorList* xl = aclCreateTensorList(xc.data(), xc.size());
        aclTensorList* ol = aclCreateTensorList(oc.data(), oc.size());
        aclrtMemset(out.buf.get(), out.buf.bytes(), 0, out.buf.bytes());
        ASSERT_EQ(MulScalar(xl, 2.0f, ol), 0);
        const std::vector<float> o = out.Values(), a = x.Values();
        for (int i = 0; i < 64; ++i) {
            const int j = i % 16;
            const bool written = variant == 0 || (variant == 1 && j >= 1) || (variant == 2 && j % 2 == 0);
            ASSERT_EQ(o[i], written ? a[i] * 2.0f : 0.0f) << "variant " << variant << " element " << i;
        }
        aclDestroyTensorList(xl);
        aclDestroyTensorList(ol);
    }
    EXPECT_EQ(Now().hits, c0.hits);
    EXPECT_EQ(Now().misses, c0.misses + 6);
    // each of them now hits
    ASSERT_EQ(MulScalar(x.list, 3.0f, out.list), 0);
    ExpectScaled(x, out, 3.0f);
    EXPECT_EQ(Now().hits, c0.hits + 1);
}

// The interned description (aclTensor::layout) the key reads: equal for equal descriptions, different otherwise,
// and following aclInitTensor.
TEST_F(OpCache, LayoutIdsNameDescriptions) {
    aclcpu_test::DeviceBuffer b(256);
    aclTensor* a = MakeTensor({4, 4}, ACL_FLOAT, b.get());
    aclTensor* same = MakeTensor({4, 4}, ACL_FLOAT, b.as<float>() + 16);  // other data: same description
    aclTensor* strided = MakeTensor({4, 4}, ACL_FLOAT, b.get(), {1, 4});
    aclTensor* offset = MakeTensor({4, 4}, ACL_FLOAT, b.get(), {}, 1, {32});
    aclTensor* half = MakeTensor({4, 4}, ACL_FLOAT16, b.get());
    aclTensor* flat = MakeTensor({16}, ACL_FLOAT, b.get());
    ASSERT_NE(a->layout, 0u);
    EXPECT_EQ(a->layout, same->layout);
    for (const aclTensor* t : {strided, offset, half, flat}) EXPECT_NE(t->layout, a->layout);
    EXPECT_NE(strided->layout, offset->layout);
    const int64_t dims[] = {16}, strides[] = {1};
    ASSERT_EQ(aclInitTensor(a, dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, dims, 1, nullptr), 0);
    EXPECT_EQ(a->layout, flat->layout);  // now [16]: the description [16] has
    for (aclTensor* t : {a, same, strided, offset, half, flat}) aclDestroyTensor(t);
}

TEST_F(OpCache, InitTensorChangesTheKey) {
    FloatList x(2, 16), out(2, 16, false);
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list), 0);
    const Counts c0 = Now();
    // the output's first tensor described again as its first 8 elements: a miss, and only those written
    const int64_t dims[] = {8}, strides[] = {1}, storage[] = {16};
    ASSERT_EQ(aclInitTensor(out.t[0], dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 1, nullptr), 0);
    ASSERT_EQ(aclInitTensor(x.t[0], dims, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, storage, 1, nullptr), 0);
    aclrtMemset(out.buf.get(), out.buf.bytes(), 0, out.buf.bytes());
    ASSERT_EQ(MulScalar(x.list, 3.0f, out.list), 0);
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list), 0);
    EXPECT_EQ(Now().hits, c0.hits);
    EXPECT_EQ(Now().misses, c0.misses + 2);
    const std::vector<float> a = x.Values(), o = out.Values();
    for (int i = 0; i < 32; ++i) ASSERT_EQ(o[i], i >= 8 && i < 16 ? 0.0f : a[i] * 2.0f) << i;
}

TEST_F(OpCache, DtypeAndProductAreInTheKey) {
    // aclnnMul over FLOAT, then the same bytes as INT32: another dtype, another plan
    aclcpu_test::DeviceBuffer a(64), b(64), o(64);
    std::vector<int32_t> ha(16), hb(16);
    for (int i = 0; i < 16; ++i) {
        ha[i] = i + 1;
        hb[i] = 3 * i - 7;
    }
    aclrtMemcpy(a.get(), 64, ha.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(b.get(), 64, hb.data(), 64, ACL_MEMCPY_HOST_TO_DEVICE);
    auto run = [&](aclDataType dt) {
        aclTensor* ta = MakeTensor({16}, dt, a.get());
        aclTensor* tb = MakeTensor({16}, dt, b.get());
        aclTensor* to = MakeTensor({16}, dt, o.get());
        uint64_t ws = 0;
        aclOpExecutor* ex = nullptr;
        int ret = aclnnMulGetWorkspaceSize(ta, tb, to, &ws, &ex);
        if (ret == 0) ret = aclnnMul(nullptr, ws, ex, nullptr);
        if (ret == 0) ret = aclrtSynchronizeStream(nullptr);
        aclDestroyTensor(ta);
        aclDestroyTensor(tb);
        aclDestroyTensor(to);
        return ret;
    };
    const Counts c0 = Now();
    ASSERT_EQ(run(ACL_INT32), 0);
    std::vector<int32_t> r = Download<int32_t>(o.get(), 16);
    for (int i = 0; i < 16; ++i) ASSERT_EQ(r[i], ha[i] * hb[i]);
    ASSERT_EQ(run(ACL_FLOAT), 0);  // the same bytes as floats: another key
    EXPECT_EQ(Now().misses, c0.misses + 2);
    ASSERT_EQ(run(ACL_INT32), 0);
    EXPECT_EQ(Now().hits, c0.hits + 1);
    r = Download<int32_t>(o.get(), 16);
    for (int i = 0; i < 16; ++i) ASSERT_EQ(r[i], ha[i] * hb[i]);
    // another product: the same arguments miss
    const rt::Soc other = rt::ActiveSoc() == rt::Soc::kAscend950 ? rt::Soc::kAscend910B : rt::Soc::kAscend950;
    rt::SetThreadSocOverride(&other);
    ASSERT_EQ(run(ACL_INT32), 0);
    rt::SetThreadSocOverride(nullptr);
    EXPECT_EQ(Now().misses, c0.misses + 3);
    EXPECT_EQ(Now().hits, c0.hits + 1);
}

TEST_F(OpCache, InPlaceAndDistinctHandlesAreDifferentCalls) {
    // x *= 2 in place (one list as input and output), then the same addresses through two lists of their own
    FloatList x(3, 8);
    const std::vector<float> before = x.Values();
    const Counts c0 = Now();
    ASSERT_EQ(MulScalar(x.list, 2.0f, x.list), 0);
    std::vector<float> after = x.Values();
    for (size_t i = 0; i < after.size(); ++i) ASSERT_EQ(after[i], before[i] * 2.0f);
    std::vector<aclTensor*> alias;
    for (int k = 0; k < 3; ++k) alias.push_back(MakeTensor({8}, ACL_FLOAT, x.buf.as<float>() + k * 8));
    aclTensorList* out = aclCreateTensorList(alias.data(), alias.size());
    ASSERT_EQ(MulScalar(x.list, 2.0f, out), 0);  // same bytes, other handles: another key (their pattern)
    after = x.Values();
    for (size_t i = 0; i < after.size(); ++i) ASSERT_EQ(after[i], before[i] * 4.0f);
    EXPECT_EQ(Now().misses, c0.misses + 2);
    ASSERT_EQ(MulScalar(x.list, 2.0f, x.list), 0);  // in place again: a hit
    EXPECT_EQ(Now().hits, c0.hits + 1);
    after = x.Values();
    for (size_t i = 0; i < after.size(); ++i) ASSERT_EQ(after[i], before[i] * 8.0f);
    ASSERT_EQ(MulScalar(x.list, 2.0f, out), 0);  // the other handles again: their own entry, same words
    EXPECT_EQ(Now().hits, c0.hits + 2);
    EXPECT_EQ(Now().misses, c0.misses + 2);
    after = x.Values();
    for (size_t i = 0; i < after.size(); ++i) ASSERT_EQ(after[i], before[i] * 16.0f);
    aclDestroyTensorList(out);
}

TEST_F(OpCache, ManyTensorsAtOneAddressKeepTheirWholePattern) {
    // Ten inputs at one address (more than an entry keeps pairs for), with equal descriptions: one handle ten
    // times, two handles five times each, and ten handles are three calls with the same words. Each misses once
    // and then hits its own entry.
    FloatList out(10, 4, false);
    aclcpu_test::DeviceBuffer src(16);
    const std::vector<float> v = {1.0f, 2.0f, 3.0f, 4.0f};
    aclrtMemcpy(src.get(), 16, v.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE);
    aclTensor* k = MakeTensor({4}, ACL_FLOAT, src.get());
    aclTensor* h = MakeTensor({4}, ACL_FLOAT, src.get());
    aclTensor* g = MakeTensor({4}, ACL_FLOAT, src.get());
    std::vector<aclTensor*> one(10, k), two, ten;
    for (int i = 0; i < 10; ++i) two.push_back(i < 5 ? h : g);
    for (int i = 0; i < 10; ++i) ten.push_back(MakeTensor({4}, ACL_FLOAT, src.get()));
    aclTensorList* lists[3] = {aclCreateTensorList(one.data(), one.size()), aclCreateTensorList(two.data(), two.size()),
                               aclCreateTensorList(ten.data(), ten.size())};
    for (aclTensorList* l : lists) ASSERT_NE(l, nullptr) << aclGetRecentErrMsg();
    auto run = [&](aclTensorList* l) {
        aclrtMemset(out.buf.get(), out.buf.bytes(), 0, out.buf.bytes());
        ASSERT_EQ(MulScalar(l, 3.0f, out.list), 0);
        const std::vector<float> o = out.Values();
        for (size_t i = 0; i < o.size(); ++i) ASSERT_EQ(o[i], v[i % 4] * 3.0f) << "element " << i;
    };
    const Counts c0 = Now();
    for (aclTensorList* l : lists) run(l);
    EXPECT_EQ(Now().misses, c0.misses + 3);
    EXPECT_EQ(Now().hits, c0.hits);
    for (int r = 0; r < 2; ++r) {
        for (aclTensorList* l : lists) run(l);
    }
    EXPECT_EQ(Now().misses, c0.misses + 3);
    EXPECT_EQ(Now().hits, c0.hits + 6);
    EXPECT_EQ(GetOpCacheStats().entries, 3u);
    for (aclTensorList* l : lists) aclDestroyTensorList(l);
}

TEST_F(OpCache, AnElementReleasedUnderALiveListIsFoundAgain) {
    // The elements of a live list are looked up again once any aclTensor has been released since they were last
    // all found live (aclTensorList::live_at). The public API cannot release an element a live list owns; the
    // registry's own call does, as a defect elsewhere could.
    FloatList x(3, 8), out(3, 8, false);
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list), 0);
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list), 0);  // elements not looked up again (nothing released)
    ASSERT_TRUE(ReleaseHandle(x.t[1], HandleKind::kTensor));
    EXPECT_EQ(MulScalar(x.list, 2.0f, out.list), 161002);
    EXPECT_NE(std::string(aclGetRecentErrMsg()).find("aclTensor"), std::string::npos) << aclGetRecentErrMsg();
    EXPECT_EQ(MulScalar(x.list, 2.0f, x.list), 161002);  // the dead element as input and output
}

TEST_F(OpCache, LentEntryMissesUntilItsLaunchGivesItBack) {
    FloatList x(5, 10), out(5, 10, false);
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list), 0);
    const Counts c0 = Now();
    aclOpExecutor* first = nullptr;
    aclOpExecutor* second = nullptr;
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list, &first), 0);   // the entry lent to `first`
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list, &second), 0);  // planned in full
    EXPECT_EQ(Now().hits, c0.hits + 1);
    EXPECT_EQ(Now().misses, c0.misses + 1);
    EXPECT_EQ(GetOpCacheStats().entries, 1u);
    ASSERT_EQ(aclnnForeachMulScalarV2(nullptr, 0, second, nullptr), 0);
    ASSERT_EQ(aclnnForeachMulScalarV2(nullptr, 0, first, nullptr), 0);
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
    ExpectScaled(x, out, 2.0f);
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list), 0);  // back in the cache
    EXPECT_EQ(Now().hits, c0.hits + 2);
}

TEST_F(OpCache, DestroyedUnlaunchedExecutorGivesItsCallBack) {
    FloatList x(2, 8), out(2, 8, false);
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list), 0);
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list, &ex), 0);
    ASSERT_EQ(aclDestroyAclOpExecutor(ex), 0);
    const Counts c0 = Now();
    aclrtMemset(out.buf.get(), out.buf.bytes(), 0, out.buf.bytes());
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list), 0);
    EXPECT_EQ(Now().hits, c0.hits + 1);
    ExpectScaled(x, out, 2.0f);
}

TEST_F(OpCache, ReaddressedAndRepeatableExecutorsLeaveTheCache) {
    FloatList x(2, 8), out(2, 8, false), elsewhere(2, 8, false);
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list), 0);
    ASSERT_EQ(GetOpCacheStats().entries, 1u);
    // a hit, re-addressed before its launch: it computes into `elsewhere` and its entry is gone
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list, &ex), 0);
    for (size_t k = 0; k < 2; ++k) {
        ASSERT_EQ(aclSetDynamicOutputTensorAddr(ex, 0, k, out.list, elsewhere.buf.as<float>() + k * 8), 0);
    }
    EXPECT_EQ(GetOpCacheStats().entries, 0u);
    ASSERT_EQ(aclnnForeachMulScalarV2(nullptr, 0, ex, nullptr), 0);
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
    ExpectScaled(x, elsewhere, 2.0f);
    out.Remake();  // its handles now point at `elsewhere` (aclSetDynamic*TensorAddr updates them): new ones
    // a full first phase caches again; a repeatable executor then takes the call for good
    const Counts c0 = Now();
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list), 0);
    EXPECT_EQ(Now().misses, c0.misses + 1);
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list, &ex), 0);
    EXPECT_EQ(Now().hits, c0.hits + 1);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0);
    EXPECT_EQ(GetOpCacheStats().entries, 0u);
    for (int r = 0; r < 2; ++r) ASSERT_EQ(aclnnForeachMulScalarV2(nullptr, 0, ex, nullptr), 0);
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
    ASSERT_EQ(aclDestroyAclOpExecutor(ex), 0);
    ExpectScaled(x, out, 2.0f);
}

TEST_F(OpCache, StrictModeRunsEveryFirstPhaseInFull) {
    FloatList x(2, 8), out(2, 8, false);
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list), 0);
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list, &ex), 0);  // lent, then launched in strict mode: dropped
    SetStrictMode(true);
    ASSERT_EQ(aclnnForeachMulScalarV2(nullptr, 0, ex, nullptr), 0);
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
    const Counts c0 = Now();
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list), 0);
    SetStrictMode(false);
    EXPECT_EQ(Now().hits, c0.hits);
    EXPECT_EQ(Now().misses, c0.misses);  // not even looked up
    EXPECT_EQ(GetOpCacheStats().entries, 0u);
    ExpectScaled(x, out, 2.0f);
}

TEST_F(OpCache, FailedFirstPhasesAreNotCached) {
    FloatList x(2, 8);
    std::vector<aclTensor*> wrong;
    aclcpu_test::DeviceBuffer b(64);
    for (int k = 0; k < 2; ++k) wrong.push_back(MakeTensor({8}, ACL_FLOAT16, b.as<char>() + k * 16));
    aclTensorList* out = aclCreateTensorList(wrong.data(), wrong.size());
    for (int r = 0; r < 2; ++r) {
        const int ret = MulScalar(x.list, 2.0f, out);
        EXPECT_EQ(ret, ACLNN_ERR_PARAM_INVALID);
        EXPECT_NE(aclcpu_test::LastError().find("expected dtype"), std::string::npos);
    }
    EXPECT_EQ(GetOpCacheStats().entries, 0u);
    aclDestroyTensorList(out);
}

TEST_F(OpCache, FreedMemoryIsCheckedAgainOnAHit) {
    FloatList x(3, 8);
    auto out = std::make_unique<FloatList>(3, 8, false);
    ASSERT_EQ(MulScalar(x.list, 2.0f, out->list), 0);
    ASSERT_EQ(MulScalar(x.list, 2.0f, out->list), 0);  // a hit whose launch re-pins the same blocks
    ExpectScaled(x, *out, 2.0f);
    // another block comes and goes: the next hit looks its blocks up again (and still computes)
    {
        aclcpu_test::DeviceBuffer other(256);
    }
    aclrtMemset(out->buf.get(), out->buf.bytes(), 0, out->buf.bytes());
    const Counts c0 = Now();
    ASSERT_EQ(MulScalar(x.list, 2.0f, out->list), 0);
    EXPECT_EQ(Now().hits, c0.hits + 1);
    ExpectScaled(x, *out, 2.0f);
    // the output's block freed under its handles: the first phase hits, the second refuses the call
    aclTensorList* dangling = out->list;
    void* freed = out->buf.get();
    aclrtFree(freed);
    new (&out->buf) aclcpu_test::DeviceBuffer();  // the FloatList no longer owns the freed block
    float s = 2.0f;
    aclScalar* sc = aclCreateScalar(&s, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnForeachMulScalarV2GetWorkspaceSize(x.list, sc, dangling, &ws, &ex), 0);
    EXPECT_EQ(Now().hits, c0.hits + 2);
    EXPECT_EQ(aclnnForeachMulScalarV2(nullptr, ws, ex, nullptr), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(aclcpu_test::LastError().find("out"), std::string::npos);
    aclDestroyScalar(sc);
}

// aclFinalize frees every block: a cached call repeated after aclInit, or launched then after its first phase came
// before, must look its memory up again (and find it gone), not re-pin what the registry held before.
TEST_F(OpCache, FinalizeFreesTheBlocksOfCachedCalls) {
    void* p = nullptr;
    ASSERT_EQ(aclrtMalloc(&p, 64, ACL_MEM_MALLOC_HUGE_FIRST), 0);
    aclTensor* t = MakeTensor({16}, ACL_FLOAT, p);
    aclTensorList* l = aclCreateTensorList(&t, 1);
    for (int r = 0; r < 2; ++r) ASSERT_EQ(MulScalar(l, 2.0f, l), 0);  // cached, launched, re-pinned
    for (int lent = 0; lent < 2; ++lent) {
        aclOpExecutor* ex = nullptr;
        if (lent == 1) ASSERT_EQ(MulScalar(l, 2.0f, l, &ex), 0);  // a hit made before aclFinalize
        ASSERT_EQ(aclrtResetDevice(0), 0);
        ASSERT_EQ(aclFinalize(), 0);
        ASSERT_EQ(aclInit(nullptr), 0);
        ASSERT_EQ(aclrtSetDevice(0), 0);
        if (lent == 0) {
            float s = 2.0f;
            aclScalar* sc = aclCreateScalar(&s, ACL_FLOAT);
            uint64_t ws = 0;
            ASSERT_EQ(aclnnForeachMulScalarV2GetWorkspaceSize(l, sc, l, &ws, &ex), 0);
            aclDestroyScalar(sc);
        }
        EXPECT_EQ(aclnnForeachMulScalarV2(nullptr, 0, ex, nullptr), ACLNN_ERR_PARAM_INVALID) << "lent " << lent;
        EXPECT_NE(aclcpu_test::LastError().find("aclrtMalloc"), std::string::npos);
    }
    aclDestroyTensorList(l);
}

TEST_F(OpCache, LimitEvictsTheLeastRecentlyUsedAndLentEntriesLater) {
    SetOpCacheLimit(1);
    FloatList x(2, 8), out(2, 8, false);
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list), 0);
    ASSERT_EQ(MulScalar(x.list, 3.0f, out.list), 0);  // evicts the first
    EXPECT_EQ(GetOpCacheStats().entries, 1u);
    Counts c0 = Now();
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list), 0);
    EXPECT_EQ(Now().misses, c0.misses + 1);
    ExpectScaled(x, out, 2.0f);
    // an entry evicted while lent is freed when its launch gives the call back (ASan would see a leak or a
    // use after free); a limit of 0 turns the cache off
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list, &ex), 0);
    SetOpCacheLimit(0);
    EXPECT_EQ(GetOpCacheStats().entries, 0u);
    ASSERT_EQ(aclnnForeachMulScalarV2(nullptr, 0, ex, nullptr), 0);
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
    c0 = Now();
    ASSERT_EQ(MulScalar(x.list, 2.0f, out.list), 0);
    EXPECT_EQ(Now().misses, c0.misses);
    EXPECT_EQ(Now().hits, c0.hits);
    EXPECT_EQ(GetOpCacheStats().entries, 0u);
}

}  // namespace
