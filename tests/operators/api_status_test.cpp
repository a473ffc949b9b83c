// Status codes of aclnnL1LossBackwardGetWorkspaceSize (SPEC 4, first phase, in CANN's order) and of
// aclnnL1LossBackward and the executor API (SPEC 6, second phase).
//
// Every failure checks: the exact code; a non-empty aclGetRecentErrMsg naming the offending value;
// that *workspaceSize and *executor kept their pre-set sentinels (first phase); and that the output
// buffer, filled with a canary before the call, was not written (after synchronising the streams).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "support/test_util.h"

namespace {

using aclcpu_test::Bits;
using aclcpu_test::DeviceBuffer;
using aclcpu_test::Download;
using aclcpu_test::EmptyTensor;
using aclcpu_test::FloatTensor;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;
using aclcpu_test::MakeTensor;
using aclcpu_test::RawTensor;

constexpr int kNull = ACLNN_ERR_PARAM_NULLPTR;      // 161001
constexpr int kInvalid = ACLNN_ERR_PARAM_INVALID;   // 161002
constexpr int kRuntime = ACLNN_ERR_RUNTIME_ERROR;   // 361001
constexpr int kInnerNull = ACLNN_ERR_INNER_NULLPTR; // 561103
constexpr uint8_t kCanary = 0xA5;
constexpr uint64_t kWsSentinel = 0xDEADBEEFCAFEF00Dull;
aclOpExecutor* const kExSentinel = reinterpret_cast<aclOpExecutor*>(static_cast<uintptr_t>(0x5E471E1));

std::string Ptr(const void* p) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%p", p);
    return buf;
}

// Waits for all work everywhere, then checks that `bytes` bytes at p still hold the canary.
void ExpectCanary(const void* p, size_t bytes) {
    ASSERT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
    const std::vector<uint8_t> b = Download<uint8_t>(p, bytes);
    size_t bad = 0;
    for (uint8_t v : b) bad += v != kCanary;
    EXPECT_EQ(bad, 0u) << "output bytes were written by a failed call";
}

void ExpectMessage(const std::vector<std::string>& needles) {
    const std::string msg = LastError();
    EXPECT_FALSE(msg.empty()) << "no aclGetRecentErrMsg after a failure";
    for (const std::string& n : needles) EXPECT_NE(msg.find(n), std::string::npos) << "message: " << msg << "\nmissing: " << n;
}

// A first phase that must fail with `code` and a message containing every needle, writing nothing.
void ExpectFirstPhaseFails(const aclTensor* g, const aclTensor* s, const aclTensor* t, int64_t reduction,
                           aclTensor* out, int code, const std::vector<std::string>& needles) {
    LastError();  // clear
    uint64_t ws = kWsSentinel;
    aclOpExecutor* ex = kExSentinel;
    EXPECT_EQ(aclnnL1LossBackwardGetWorkspaceSize(g, s, t, reduction, out, &ws, &ex), code);
    EXPECT_EQ(ws, kWsSentinel) << "*workspaceSize was written by a failed first phase";
    EXPECT_EQ(ex, kExSentinel) << "*executor was written by a failed first phase";
    ExpectMessage(needles);
}

// Four valid FLOAT tensors of one shape: g = {1, 2, ...}, s = {0, 1, 2, 0, 1, 2, ...}, t = 1; gradInput
// filled with the canary. (Members are initialised from prvalues: HostTensor's defaulted move copies its
// raw aclTensor pointer, so moving one in would leave the temporary to destroy the descriptor.)
std::vector<float> Iota(int64_t n, float start) {
    std::vector<float> v(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) v[i] = start + static_cast<float>(i);
    return v;
}
std::vector<float> Mod3(int64_t n) {
    std::vector<float> v(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) v[i] = static_cast<float>(i % 3);
    return v;
}

struct Args {
    HostTensor g, s, t, out;
    explicit Args(const std::vector<int64_t>& shape = {2, 3})
        : g(FloatTensor(shape, Iota(aclcpu_test::Numel(shape), 1.0f))),
          s(FloatTensor(shape, Mod3(aclcpu_test::Numel(shape)))),
          t(FloatTensor(shape, std::vector<float>(static_cast<size_t>(aclcpu_test::Numel(shape)), 1.0f))),
          out(EmptyTensor(shape, ACL_FLOAT, kCanary)) {}
    void ExpectOutUntouched() const { ExpectCanary(out.buffer.get(), out.buffer.bytes()); }
};

// Runs the first phase, which must succeed.
aclOpExecutor* Plan(const Args& a, int64_t reduction = 0, uint64_t* ws_out = nullptr) {
    uint64_t ws = kWsSentinel;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnL1LossBackwardGetWorkspaceSize(a.g.tensor, a.s.tensor, a.t.tensor, reduction, a.out.tensor, &ws, &ex),
              OK)
        << LastError();
    EXPECT_NE(ex, nullptr);
    if (ws_out) *ws_out = ws;
    else EXPECT_EQ(ws, 0u);
    return ex;
}

// ================================================================ first phase (SPEC 4)

TEST(FirstPhase, NullWorkspaceSizeOrExecutor) {
    Args a;
    LastError();
    aclOpExecutor* ex = kExSentinel;
    EXPECT_EQ(aclnnL1LossBackwardGetWorkspaceSize(a.g.tensor, a.s.tensor, a.t.tensor, 0, a.out.tensor, nullptr, &ex),
              kNull);
    EXPECT_EQ(ex, kExSentinel);
    ExpectMessage({"workspaceSize"});
    uint64_t ws = kWsSentinel;
    EXPECT_EQ(aclnnL1LossBackwardGetWorkspaceSize(a.g.tensor, a.s.tensor, a.t.tensor, 0, a.out.tensor, &ws, nullptr),
              kNull);
    EXPECT_EQ(ws, kWsSentinel);
    ExpectMessage({"executor"});
    // Step 1 comes before step 2: all tensors null too, still the workspaceSize complaint.
    EXPECT_EQ(aclnnL1LossBackwardGetWorkspaceSize(nullptr, nullptr, nullptr, 7, nullptr, nullptr, &ex), kNull);
    ExpectMessage({"workspaceSize"});
    a.ExpectOutUntouched();
}

TEST(FirstPhase, NullTensorsInCannOrder) {
    Args a;
    const aclTensor *g = a.g.tensor, *s = a.s.tensor, *t = a.t.tensor;
    aclTensor* out = a.out.tensor;
    const std::string p = "Expected a proper Tensor but got null for argument ";
    ExpectFirstPhaseFails(nullptr, nullptr, nullptr, 0, nullptr, kNull, {p + "gradOutput."});
    ExpectFirstPhaseFails(g, nullptr, nullptr, 0, nullptr, kNull, {p + "self."});
    ExpectFirstPhaseFails(g, s, nullptr, 0, nullptr, kNull, {p + "target."});
    ExpectFirstPhaseFails(g, s, t, 0, nullptr, kNull, {p + "gradInput."});
    // Each alone.
    ExpectFirstPhaseFails(nullptr, s, t, 0, out, kNull, {p + "gradOutput."});
    ExpectFirstPhaseFails(g, nullptr, t, 0, out, kNull, {p + "self."});
    ExpectFirstPhaseFails(g, s, nullptr, 0, out, kNull, {p + "target."});
    // Null checks come before the reduction check.
    ExpectFirstPhaseFails(g, nullptr, t, 5, out, kNull, {p + "self."});
    a.ExpectOutUntouched();
}

TEST(FirstPhase, InvalidReduction) {
    Args a;
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, a.t.tensor, -1, a.out.tensor, kInvalid, {"reduction", "-1"});
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, a.t.tensor, 3, a.out.tensor, kInvalid, {"reduction", "3"});
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, a.t.tensor, INT64_MIN, a.out.tensor, kInvalid,
                          {"reduction", "-9223372036854775808"});
    // Reduction is checked before dtypes: a UINT16 self does not change the complaint.
    HostTensor u16 = EmptyTensor({2, 3}, ACL_UINT16, 0);
    ExpectFirstPhaseFails(a.g.tensor, u16.tensor, a.t.tensor, 3, a.out.tensor, kInvalid, {"reduction", "3"});
    a.ExpectOutUntouched();
}

TEST(FirstPhase, DtypePromotionFailure) {
    Args a;
    HostTensor u16 = EmptyTensor({2, 3}, ACL_UINT16, 0);
    // promote(gradOutput FLOAT, self UINT16) is undefined (a cross in the deduction table).
    ExpectFirstPhaseFails(a.g.tensor, u16.tensor, a.t.tensor, 0, a.out.tensor, kInvalid, {"DT_UINT16", "DT_FLOAT"});
    // promote(target UINT16, FLOAT) likewise.
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, u16.tensor, 0, a.out.tensor, kInvalid, {"DT_UINT16"});
    // UINT32 and UINT64 against FLOAT16.
    HostTensor h = EmptyTensor({2, 3}, ACL_FLOAT16, 0);
    HostTensor u32 = EmptyTensor({2, 3}, ACL_UINT32, 0);
    ExpectFirstPhaseFails(h.tensor, u32.tensor, h.tensor, 0, a.out.tensor, kInvalid, {"DT_UINT32", "DT_FLOAT16"});
    // Dtype is checked before shapes: a mismatching gradInput shape does not change the complaint.
    HostTensor bad_out = EmptyTensor({2, 4}, ACL_FLOAT, kCanary);
    ExpectFirstPhaseFails(a.g.tensor, u16.tensor, a.t.tensor, 0, bad_out.tensor, kInvalid, {"DT_UINT16"});
    a.ExpectOutUntouched();
}

TEST(FirstPhase, ResultNotCastableToGradInput) {
    Args a;
    HostTensor i32 = EmptyTensor({2, 3}, ACL_INT32, kCanary);
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, a.t.tensor, 0, i32.tensor, kInvalid, {"DT_FLOAT", "DT_INT32"});
    ExpectCanary(i32.buffer.get(), i32.buffer.bytes());
    HostTensor b = EmptyTensor({2, 3}, ACL_BOOL, kCanary);
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, a.t.tensor, 0, b.tensor, kInvalid, {"DT_BOOL"});
    ExpectCanary(b.buffer.get(), b.buffer.bytes());
}

TEST(FirstPhase, PromotedTypeNotSupported) {
    // All INT32 -> promoted DT_INT32, castable to an INT32 gradInput, but not in the support list.
    HostTensor gi = EmptyTensor({2, 3}, ACL_INT32, 1), si = EmptyTensor({2, 3}, ACL_INT32, 2),
               ti = EmptyTensor({2, 3}, ACL_INT32, 3), oi = EmptyTensor({2, 3}, ACL_INT32, kCanary);
    ExpectFirstPhaseFails(gi.tensor, si.tensor, ti.tensor, 0, oi.tensor, kInvalid, {"DT_INT32", "support"});
    ExpectCanary(oi.buffer.get(), oi.buffer.bytes());
    // All DOUBLE.
    HostTensor gd = EmptyTensor({2, 3}, ACL_DOUBLE, 0), od = EmptyTensor({2, 3}, ACL_DOUBLE, kCanary);
    ExpectFirstPhaseFails(gd.tensor, gd.tensor, gd.tensor, 1, od.tensor, kInvalid, {"DT_DOUBLE", "support"});
    ExpectCanary(od.buffer.get(), od.buffer.bytes());
    // FLOAT with a DOUBLE target promotes to DOUBLE as well.
    Args a;
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, gd.tensor, 0, a.out.tensor, kInvalid, {"DT_DOUBLE"});
    // Complex inputs.
    HostTensor c = EmptyTensor({2, 3}, ACL_COMPLEX64, 0), oc = EmptyTensor({2, 3}, ACL_COMPLEX64, kCanary);
    ExpectFirstPhaseFails(c.tensor, c.tensor, c.tensor, 0, oc.tensor, kInvalid, {"DT_COMPLEX64"});
    a.ExpectOutUntouched();
}

TEST(FirstPhase, IntegerInputsPromotingToASupportedFloatAreValid) {
    // self INT32 with FLOAT16 target and gradOutput: p = FLOAT16 (SPEC 4.4).
    HostTensor h = EmptyTensor({2, 3}, ACL_FLOAT16, 0), si = EmptyTensor({2, 3}, ACL_INT32, 0),
               o = EmptyTensor({2, 3}, ACL_FLOAT16, kCanary);
    uint64_t ws = kWsSentinel;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(h.tensor, si.tensor, h.tensor, 0, o.tensor, &ws, &ex), OK)
        << LastError();
    EXPECT_EQ(ws, 0u);
    ASSERT_NE(ex, nullptr);
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), OK);
}

TEST(FirstPhase, MoreThanEightDims) {
    Args a;
    const std::vector<int64_t> nine(9, 1);
    HostTensor f9 = FloatTensor(nine, {1.0f});
    HostTensor o9 = EmptyTensor(nine, ACL_FLOAT, kCanary);
    const std::string shape9 = "[1,1,1,1,1,1,1,1,1]";
    ExpectFirstPhaseFails(a.g.tensor, f9.tensor, a.t.tensor, 0, a.out.tensor, kInvalid, {"self", shape9});
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, f9.tensor, 0, a.out.tensor, kInvalid, {"target", shape9});
    ExpectFirstPhaseFails(f9.tensor, a.s.tensor, a.t.tensor, 0, a.out.tensor, kInvalid, {"gradOutput", shape9});
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, a.t.tensor, 0, o9.tensor, kInvalid, {"gradInput", shape9});
    // Order: self before target before gradOutput before gradInput.
    ExpectFirstPhaseFails(f9.tensor, f9.tensor, f9.tensor, 0, o9.tensor, kInvalid, {"The self tensor"});
    ExpectFirstPhaseFails(f9.tensor, a.s.tensor, f9.tensor, 0, o9.tensor, kInvalid, {"The target tensor"});
    ExpectFirstPhaseFails(f9.tensor, a.s.tensor, a.t.tensor, 0, o9.tensor, kInvalid, {"The gradOutput tensor"});
    // Exactly 8 dims is fine.
    const std::vector<int64_t> eight(8, 1);
    HostTensor f8 = FloatTensor(eight, {2.0f}), o8 = EmptyTensor(eight, ACL_FLOAT, kCanary);
    EXPECT_EQ(aclcpu_test::RunL1(f8.tensor, f8.tensor, f8.tensor, 0, o8.tensor), OK) << LastError();
    ExpectCanary(o9.buffer.get(), o9.buffer.bytes());
    a.ExpectOutUntouched();
}

TEST(FirstPhase, NonBroadcastableShapes) {
    Args a;
    HostTensor s24 = FloatTensor({2, 4}, std::vector<float>(8, 0.0f));
    ExpectFirstPhaseFails(a.g.tensor, s24.tensor, a.t.tensor, 0, a.out.tensor, kInvalid, {"[2,4]", "[2,3]"});
    HostTensor t5 = FloatTensor({5}, std::vector<float>(5, 0.0f));
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, t5.tensor, 0, a.out.tensor, kInvalid, {"[5]", "[2,3]"});
    HostTensor g3 = FloatTensor({3, 3}, std::vector<float>(9, 0.0f));
    ExpectFirstPhaseFails(g3.tensor, a.s.tensor, a.t.tensor, 0, a.out.tensor, kInvalid, {"[3,3]"});
    // 0 broadcasts only against 1: [0] with [3] fails.
    HostTensor z = FloatTensor({2, 0}, {});
    ExpectFirstPhaseFails(a.g.tensor, z.tensor, a.t.tensor, 0, a.out.tensor, kInvalid, {"[2,0]"});
    a.ExpectOutUntouched();
}

// CANN's own sentence names the output "out" (ops-nn loss/l1_loss_grad/op_api/aclnn_l1_loss_backward.cpp,
// CheckShape); it is kept verbatim and docs/runtime.md says that "out" is gradInput.
TEST(FirstPhase, GradInputShapeMismatch) {
    Args a;
    HostTensor o24 = EmptyTensor({2, 4}, ACL_FLOAT, kCanary);
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, a.t.tensor, 0, o24.tensor, kInvalid,
                          {"Shape of out should be [2,3], but current is [2,4]."});
    ExpectCanary(o24.buffer.get(), o24.buffer.bytes());
    // gradInput is not broadcast into: [3] and [1,2,3] are wrong for b = [2,3].
    HostTensor o3 = EmptyTensor({3}, ACL_FLOAT, kCanary), o123 = EmptyTensor({1, 2, 3}, ACL_FLOAT, kCanary);
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, a.t.tensor, 0, o3.tensor, kInvalid,
                          {"Shape of out should be [2,3], but current is [3]."});
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, a.t.tensor, 0, o123.tensor, kInvalid,
                          {"Shape of out should be [2,3], but current is [1,2,3]."});
    a.ExpectOutUntouched();
}

TEST(FirstPhase, ViewOutsideStorage) {
    Args a;
    DeviceBuffer big(1024);
    // [2,3] contiguous needs 6 elements; the storage shape [5] holds only 5.
    aclTensor* s = MakeTensor({2, 3}, ACL_FLOAT, big.get(), {}, 0, {5});
    ExpectFirstPhaseFails(a.g.tensor, s, a.t.tensor, 0, a.out.tensor, kInvalid, {"self", "[5]"});
    // An offset pushing the view past the storage end.
    aclTensor* t = MakeTensor({2, 3}, ACL_FLOAT, big.get(), {}, 1, {6});
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, t, 0, a.out.tensor, kInvalid, {"target", "offset 1"});
    // gradInput outside its storage.
    aclTensor* o = MakeTensor({2, 3}, ACL_FLOAT, a.out.buffer.get(), {4, 1}, 0, {6});
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, a.t.tensor, 0, o, kInvalid, {"gradInput", "[4,1]"});
    aclDestroyTensor(s);
    aclDestroyTensor(t);
    aclDestroyTensor(o);
    a.ExpectOutUntouched();
}

TEST(FirstPhase, GradInputMappingTwoIndicesToOneAddress) {
    Args a;
    aclTensor* o = MakeTensor({2, 3}, ACL_FLOAT, a.out.buffer.get(), {0, 1});
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, a.t.tensor, 0, o, kInvalid, {"gradInput", "[0,1]"});
    aclDestroyTensor(o);
    // Overlapping (interleaved) strides: (0,2) and (1,0) both land on element 2.
    o = MakeTensor({2, 3}, ACL_FLOAT, a.out.buffer.get(), {2, 1});
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, a.t.tensor, 0, o, kInvalid, {"gradInput", "[2,1]"});
    aclDestroyTensor(o);
    // A zero stride on a dim of size 1 is harmless.
    HostTensor g = FloatTensor({1, 3}, {1, 2, 3}), s = FloatTensor({1, 3}, {1, 1, 1});
    o = MakeTensor({1, 3}, ACL_FLOAT, a.out.buffer.get(), {0, 1});
    EXPECT_EQ(aclcpu_test::RunL1(g.tensor, s.tensor, s.tensor, 2, o), OK) << LastError();
    aclDestroyTensor(o);
    // Zero strides on inputs are fine (broadcast views).
    aclTensor* sb = MakeTensor({2, 3}, ACL_FLOAT, a.s.buffer.get(), {0, 1});
    HostTensor out2 = EmptyTensor({2, 3}, ACL_FLOAT, kCanary);
    EXPECT_EQ(aclcpu_test::RunL1(a.g.tensor, sb, a.t.tensor, 2, out2.tensor), OK) << LastError();
    aclDestroyTensor(sb);
}

TEST(FirstPhase, DestroyedOrUnknownTensor) {
    Args a;
    HostTensor extra = FloatTensor({2, 3}, std::vector<float>(6, 0.0f));
    aclTensor* dead = extra.tensor;
    ASSERT_EQ(aclDestroyTensor(dead), OK);
    extra.tensor = nullptr;
    ExpectFirstPhaseFails(a.g.tensor, dead, a.t.tensor, 0, a.out.tensor, kInvalid, {"self", Ptr(dead)});
    ExpectFirstPhaseFails(dead, a.s.tensor, a.t.tensor, 0, a.out.tensor, kInvalid, {"gradOutput"});
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, a.t.tensor, 0, reinterpret_cast<aclTensor*>(dead), kInvalid,
                          {"gradInput"});
    int64_t junk[16] = {};
    const aclTensor* fake = reinterpret_cast<const aclTensor*>(junk);
    ExpectFirstPhaseFails(a.g.tensor, a.s.tensor, fake, 0, a.out.tensor, kInvalid, {"target", Ptr(fake)});
    a.ExpectOutUntouched();
}

TEST(FirstPhase, EmptyTensorsSucceedAndWriteNothing) {
    // A 64-byte canary block behind every empty gradInput: nothing may be written there.
    for (int64_t reduction : {0, 1, 2}) {
        DeviceBuffer canary(64);
        ASSERT_EQ(aclrtMemset(canary.get(), 64, kCanary, 64), ACL_SUCCESS);
        HostTensor g = FloatTensor({0, 3}, {}), s = FloatTensor({0, 3}, {}), t = FloatTensor({0, 3}, {});
        aclTensor* out = MakeTensor({0, 3}, ACL_FLOAT, canary.get());
        uint64_t ws = kWsSentinel;
        aclOpExecutor* ex = nullptr;
        ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(g.tensor, s.tensor, t.tensor, reduction, out, &ws, &ex), OK)
            << LastError();
        EXPECT_EQ(ws, 0u);
        ASSERT_NE(ex, nullptr);
        EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), OK) << LastError();
        ExpectCanary(canary.get(), 64);
        // The empty plan is consumed like any other.
        EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), kInvalid);
        ExpectMessage({Ptr(ex)});
        aclDestroyTensor(out);
    }
    // Broadcast to an empty shape: 0-d gradOutput, self [2,0], target [1] -> b = [2,0]. The empty views
    // (self, gradInput) may have null data.
    const int64_t s_dims[2] = {2, 0}, one[1] = {1}, zero[1] = {0};
    HostTensor gd = FloatTensor({}, {1.0f}), td = FloatTensor({1}, {2.0f});
    aclTensor* g = aclCreateTensor(nullptr, 0, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, one, 1, gd.buffer.get());
    aclTensor* s = aclCreateTensor(s_dims, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, zero, 1, nullptr);
    aclTensor* t = aclCreateTensor(one, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, one, 1, td.buffer.get());
    aclTensor* o = aclCreateTensor(s_dims, 2, ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND, zero, 1, nullptr);
    uint64_t ws = kWsSentinel;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(g, s, t, 1, o, &ws, &ex), OK) << LastError();
    EXPECT_EQ(ws, 0u);
    EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), OK) << LastError();
    EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    // SPEC 3 (BEYOND): a NON-empty view with null data is refused by the second phase even when the result
    // is empty and nothing would read it.
    aclTensor* t_null = aclCreateTensor(one, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, one, 1, nullptr);
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(g, s, t_null, 1, o, &ws, &ex), OK) << LastError();
    LastError();
    EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), kNull);
    ExpectMessage({"target"});
    for (aclTensor* x : {g, s, t, o, t_null}) aclDestroyTensor(x);
}

// ================================================================ second phase (SPEC 6)

TEST(SecondPhase, NullExecutor) {
    LastError();
    EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, nullptr, nullptr), kNull);
    ExpectMessage({"executor"});
}

TEST(SecondPhase, NullWorkspaceWithNonZeroSizeConsumesTheExecutor) {
    Args a;
    aclOpExecutor* ex = Plan(a);
    LastError();
    EXPECT_EQ(aclnnL1LossBackward(nullptr, 64, ex, nullptr), kNull);
    ExpectMessage({"64", "workspace"});
    a.ExpectOutUntouched();
    // Consumed by that failure (as in CANN): a second call is refused, never a double free.
    EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), kInvalid);
    ExpectMessage({Ptr(ex)});
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), kInvalid);
    ExpectMessage({Ptr(ex)});
    a.ExpectOutUntouched();
}

// gradInput aliasing self through a transposed view: the plan needs a temporary (workspace).
struct AliasCase {
    HostTensor g, t;
    DeviceBuffer buf{16};
    aclTensor* s = nullptr;
    aclTensor* out = nullptr;
    AliasCase() : g(FloatTensor({2, 2}, {1, 2, 3, 4})), t(FloatTensor({2, 2}, {2, 2, 2, 2})) {
        // self = [[1,2],[3,4]] row-major in buf; gradInput = the transposed view of the same bytes.
        const float sv[4] = {1, 2, 3, 4};
        EXPECT_EQ(aclrtMemcpy(buf.get(), 16, sv, 16, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
        s = MakeTensor({2, 2}, ACL_FLOAT, buf.get());
        out = MakeTensor({2, 2}, ACL_FLOAT, buf.get(), {1, 2});
    }
    ~AliasCase() {
        aclDestroyTensor(s);
        aclDestroyTensor(out);
    }
    std::vector<float> Bytes() const { return Download<float>(buf.get(), 4); }
};

TEST(SecondPhase, WorkspaceSmallerThanRequested) {
    AliasCase c;
    uint64_t ws = kWsSentinel;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(c.g.tensor, c.s, c.t.tensor, 2, c.out, &ws, &ex), OK) << LastError();
    ASSERT_EQ(ws, 16u);  // a [2,2] FLOAT temporary
    DeviceBuffer work(ws);
    LastError();
    EXPECT_EQ(aclnnL1LossBackward(work.get(), ws - 1, ex, nullptr), kInvalid);
    ExpectMessage({"15", "16"});
    ASSERT_EQ(aclrtSynchronizeDevice(), ACL_SUCCESS);
    EXPECT_EQ(c.Bytes(), (std::vector<float>{1, 2, 3, 4}));  // self (= the output bytes) untouched
    // The failure consumed the executor.
    EXPECT_EQ(aclnnL1LossBackward(work.get(), ws, ex, nullptr), kInvalid);
    ExpectMessage({Ptr(ex)});

    // A proper run: out(i,j) = sign(s(i,j) - 2) * g(i,j) computed out of place, stored at element i + 2j:
    // out(0,0) = -1*1 -> [0]; out(1,0) = +1*3 -> [1]; out(0,1) = 0*2 -> [2]; out(1,1) = +1*4 -> [3].
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(c.g.tensor, c.s, c.t.tensor, 2, c.out, &ws, &ex), OK);
    ASSERT_EQ(ws, 16u);
    // A workspace that is not aclrtMalloc memory is refused (BEYOND).
    float host_ws[8];
    EXPECT_EQ(aclnnL1LossBackward(host_ws, ws, ex, nullptr), kInvalid);
    ExpectMessage({"workspace"});
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(c.g.tensor, c.s, c.t.tensor, 2, c.out, &ws, &ex), OK);
    ASSERT_EQ(aclnnL1LossBackward(work.get(), ws, ex, nullptr), OK) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    const std::vector<float> r = c.Bytes();
    EXPECT_EQ(r, (std::vector<float>{-1, 3, 0, 4}));
}

TEST(SecondPhase, ExecutorRunTwice) {
    Args a;
    aclOpExecutor* ex = Plan(a, 2);
    ASSERT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), OK) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    // Expected: sign(s - 1) * g with s = {0,1,2,0,1,2}, g = {1..6}.
    const std::vector<float> want = {-1, 0, 3, -4, 0, 6};
    EXPECT_EQ(Download<float>(a.out.buffer.get(), 6), want);
    ASSERT_EQ(aclrtMemset(a.out.buffer.get(), 24, kCanary, 24), ACL_SUCCESS);
    LastError();
    EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), kInvalid);
    ExpectMessage({Ptr(ex)});
    a.ExpectOutUntouched();
}

TEST(SecondPhase, PointerThatWasNeverAnExecutor) {
    Args a;
    int64_t junk[32] = {};
    aclOpExecutor* fake = reinterpret_cast<aclOpExecutor*>(junk);
    LastError();
    EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, fake, nullptr), kInvalid);
    ExpectMessage({Ptr(fake)});
    EXPECT_EQ(aclSetAclOpExecutorRepeatable(fake), kInvalid);
    ExpectMessage({Ptr(fake)});
    EXPECT_EQ(aclDestroyAclOpExecutor(fake), kInvalid);
    ExpectMessage({Ptr(fake)});
    EXPECT_EQ(aclSetInputTensorAddr(fake, 0, nullptr, a.g.buffer.get()), kInvalid);
    ExpectMessage({Ptr(fake)});
    a.ExpectOutUntouched();
}

TEST(SecondPhase, DestroyedOrUnknownStream) {
    Args a;
    aclrtStream st = nullptr;
    ASSERT_EQ(aclrtCreateStream(&st), ACL_SUCCESS);
    ASSERT_EQ(aclrtDestroyStream(st), ACL_SUCCESS);
    aclOpExecutor* ex = Plan(a);
    LastError();
    EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, ex, st), kRuntime);
    ExpectMessage({Ptr(st)});
    a.ExpectOutUntouched();
    int junk = 0;
    ex = Plan(a);
    EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, ex, &junk), kRuntime);
    ExpectMessage({Ptr(&junk)});
    a.ExpectOutUntouched();
}

TEST(SecondPhase, TensorDataFreedBetweenPhases) {
    Args a;
    void* p = nullptr;
    ASSERT_EQ(aclrtMalloc(&p, 24, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
    aclTensor* s = MakeTensor({2, 3}, ACL_FLOAT, p);
    uint64_t ws = kWsSentinel;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(a.g.tensor, s, a.t.tensor, 0, a.out.tensor, &ws, &ex), OK);
    ASSERT_EQ(aclrtFree(p), ACL_SUCCESS);
    LastError();
    EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), kInvalid);
    ExpectMessage({"self", Ptr(p)});
    a.ExpectOutUntouched();
    aclDestroyTensor(s);
}

TEST(SecondPhase, NullDataOfNonEmptyTensor) {
    Args a;
    aclTensor* o = MakeTensor({2, 3}, ACL_FLOAT, nullptr);
    uint64_t ws = kWsSentinel;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(a.g.tensor, a.s.tensor, a.t.tensor, 0, o, &ws, &ex), OK)
        << LastError();
    LastError();
    EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), kNull);
    ExpectMessage({"gradInput", "[2,3]"});
    aclDestroyTensor(o);
    // A null input as well.
    aclTensor* t = MakeTensor({2, 3}, ACL_FLOAT, nullptr);
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(a.g.tensor, a.s.tensor, t, 0, a.out.tensor, &ws, &ex), OK);
    EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), kNull);
    ExpectMessage({"target"});
    a.ExpectOutUntouched();
    aclDestroyTensor(t);
}

TEST(SecondPhase, DataNotFromAclrtMalloc) {
    Args a;
    std::vector<float> host(6, 1.0f);
    aclTensor* t = MakeTensor({2, 3}, ACL_FLOAT, host.data());
    uint64_t ws = kWsSentinel;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(a.g.tensor, a.s.tensor, t, 0, a.out.tensor, &ws, &ex), OK);
    LastError();
    EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), kInvalid);
    ExpectMessage({"target", Ptr(host.data())});
    a.ExpectOutUntouched();
    aclDestroyTensor(t);
    // A view that runs past the end of its aclrtMalloc block: 16 bytes asked for, CANN's 64 held (16 rounded up to
    // 32, plus 32); the view's 6 floats from byte 48 end at byte 72.
    DeviceBuffer small(16);
    aclTensor* s = MakeTensor({2, 3}, ACL_FLOAT, static_cast<char*>(small.get()) + 48);
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(a.g.tensor, s, a.t.tensor, 0, a.out.tensor, &ws, &ex), OK);
    EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), kInvalid);
    ExpectMessage({"self", "[2,3]"});
    a.ExpectOutUntouched();
    aclDestroyTensor(s);
}

TEST(SecondPhase, DescriptorsMayBeDestroyedAfterTheFirstPhase) {
    Args a;
    aclOpExecutor* ex = Plan(a, 2);
    for (HostTensor* h : {&a.g, &a.s, &a.t, &a.out}) {
        ASSERT_EQ(aclDestroyTensor(h->tensor), OK);
        h->tensor = nullptr;
    }
    ASSERT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), OK) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(Download<float>(a.out.buffer.get(), 6), (std::vector<float>{-1, 0, 3, -4, 0, 6}));
}

TEST(SecondPhase, RepeatableExecutor) {
    Args a;
    aclOpExecutor* ex = Plan(a, 2);
    LastError();
    EXPECT_EQ(aclSetAclOpExecutorRepeatable(nullptr), kInnerNull);
    ExpectMessage({"executor"});
    EXPECT_EQ(aclDestroyAclOpExecutor(nullptr), kInnerNull);
    ExpectMessage({"executor"});
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), OK);

    // Run 1: s = {0,1,2,0,1,2}, t = 1, g = {1..6}.
    ASSERT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), OK) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(Download<float>(a.out.buffer.get(), 6), (std::vector<float>{-1, 0, 3, -4, 0, 6}));

    // Run 2: new values in the same buffers are read at run time.
    const float t2[6] = {5, 5, 5, -5, -5, -5};
    ASSERT_EQ(aclrtMemcpy(a.t.buffer.get(), 24, t2, 24, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    ASSERT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), OK) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(Download<float>(a.out.buffer.get(), 6), (std::vector<float>{-1, -2, -3, 4, 5, 6}));

    // Run 3 on new buffers set through the three setters.
    HostTensor g3 = FloatTensor({2, 3}, {10, 20, 30, 40, 50, 60});
    HostTensor s3 = FloatTensor({2, 3}, {1, 2, 3, 4, 5, 6});
    HostTensor t3 = FloatTensor({2, 3}, {6, 5, 4, 3, 2, 1});
    HostTensor o3 = EmptyTensor({2, 3}, ACL_FLOAT, kCanary);
    EXPECT_EQ(aclSetInputTensorAddr(ex, 0, nullptr, g3.buffer.get()), OK) << LastError();
    EXPECT_EQ(aclSetInputTensorAddr(ex, 1, a.s.tensor, s3.buffer.get()), OK) << LastError();
    void* addr = nullptr;
    EXPECT_EQ(aclGetRawTensorAddr(a.s.tensor, &addr), OK);
    EXPECT_EQ(addr, s3.buffer.get());  // the tensor argument follows
    EXPECT_EQ(aclSetTensorAddr(ex, 2, nullptr, t3.buffer.get()), OK) << LastError();
    EXPECT_EQ(aclSetOutputTensorAddr(ex, 0, nullptr, o3.buffer.get()), OK) << LastError();
    ASSERT_EQ(aclrtMemset(a.out.buffer.get(), 24, kCanary, 24), ACL_SUCCESS);
    ASSERT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), OK) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(Download<float>(o3.buffer.get(), 6), (std::vector<float>{-10, -20, -30, 40, 50, 60}));
    a.ExpectOutUntouched();  // the old output is no longer written

    // aclSetTensorAddr numbers inputs then outputs together: 3 = gradInput.
    EXPECT_EQ(aclSetTensorAddr(ex, 3, nullptr, a.out.buffer.get()), OK) << LastError();
    ASSERT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), OK) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(Download<float>(a.out.buffer.get(), 6), (std::vector<float>{-10, -20, -30, 40, 50, 60}));

    // Indices out of range, null executor, an address outside its block.
    ASSERT_EQ(aclrtMemset(o3.buffer.get(), 24, kCanary, 24), ACL_SUCCESS);
    LastError();
    EXPECT_EQ(aclSetInputTensorAddr(ex, 3, nullptr, g3.buffer.get()), kInvalid);
    ExpectMessage({"index 3"});
    EXPECT_EQ(aclSetOutputTensorAddr(ex, 1, nullptr, o3.buffer.get()), kInvalid);
    ExpectMessage({"index 1"});
    EXPECT_EQ(aclSetTensorAddr(ex, 4, nullptr, o3.buffer.get()), kInvalid);
    ExpectMessage({"index 4"});
    // CANN's code for a null executor (opbase acl_op_api.cpp), for all six spellings (was 161001).
    EXPECT_EQ(aclSetInputTensorAddr(nullptr, 0, nullptr, g3.buffer.get()), kInnerNull);
    ExpectMessage({"executor"});
    EXPECT_EQ(aclSetOutputTensorAddr(nullptr, 0, a.s.tensor, g3.buffer.get()), kInnerNull);
    ExpectMessage({"executor"});
    EXPECT_EQ(aclSetTensorAddr(nullptr, 0, nullptr, g3.buffer.get()), kInnerNull);
    ExpectMessage({"executor"});
    EXPECT_EQ(AclSetInputTensorAddr(nullptr, 0, nullptr, g3.buffer.get()), kInnerNull);
    ExpectMessage({"executor"});
    EXPECT_EQ(AclSetOutputTensorAddr(nullptr, 0, nullptr, g3.buffer.get()), kInnerNull);
    ExpectMessage({"executor"});
    EXPECT_EQ(AclSetTensorAddr(nullptr, 0, nullptr, g3.buffer.get()), kInnerNull);
    ExpectMessage({"executor"});
    addr = nullptr;
    EXPECT_EQ(aclGetRawTensorAddr(a.s.tensor, &addr), OK);
    EXPECT_EQ(addr, s3.buffer.get());  // the refused call wrote nothing into the tensor
    DeviceBuffer tiny(8);  // CANN's 64 bytes: 6 floats from byte 48 run past them
    EXPECT_EQ(aclSetInputTensorAddr(ex, 1, nullptr, static_cast<char*>(tiny.get()) + 48), kInvalid);
    ExpectMessage({"self"});

    // The plan still runs where it did (the failed setters changed nothing).
    ASSERT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), OK) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    ExpectCanary(o3.buffer.get(), 24);
    EXPECT_EQ(Download<float>(a.out.buffer.get(), 6), (std::vector<float>{-10, -20, -30, 40, 50, 60}));

    // Destroying right after a launch is safe: the launch runs on its own snapshot.
    ASSERT_EQ(aclrtMemset(a.out.buffer.get(), 24, kCanary, 24), ACL_SUCCESS);
    ASSERT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), OK) << LastError();
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), OK);
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(Download<float>(a.out.buffer.get(), 6), (std::vector<float>{-10, -20, -30, 40, 50, 60}));

    // Destroyed: neither runnable nor destroyable again.
    ASSERT_EQ(aclrtMemset(a.out.buffer.get(), 24, kCanary, 24), ACL_SUCCESS);
    LastError();
    EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), kInvalid);
    ExpectMessage({Ptr(ex)});
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), kInvalid);
    ExpectMessage({Ptr(ex)});
    EXPECT_EQ(aclSetOutputTensorAddr(ex, 0, nullptr, o3.buffer.get()), kInvalid);
    ExpectMessage({Ptr(ex)});
    a.ExpectOutUntouched();
}

TEST(SecondPhase, RepeatableExecutorRunsThreeTimesOnAStream) {
    Args a;
    aclrtStream st = nullptr;
    ASSERT_EQ(aclrtCreateStream(&st), ACL_SUCCESS);
    aclOpExecutor* ex = Plan(a, 1);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), OK);
    // mean over [2,3]: r = (1/2)/3 in float; values sign * g * r.
    volatile float r = 1.0f;
    r = r / 2.0f;
    r = r / 3.0f;
    const float gv[6] = {1, 2, 3, 4, 5, 6};
    const float sg[6] = {-1, 0, 1, -1, 0, 1};
    for (int run = 0; run < 3; ++run) {
        ASSERT_EQ(aclrtMemsetAsync(a.out.buffer.get(), 24, kCanary, 24, st), ACL_SUCCESS);
        ASSERT_EQ(aclnnL1LossBackward(nullptr, 0, ex, st), OK) << LastError();
        ASSERT_EQ(aclrtSynchronizeStream(st), ACL_SUCCESS);
        const std::vector<float> got = Download<float>(a.out.buffer.get(), 6);
        for (int i = 0; i < 6; ++i) {
            const float g = gv[i];
            const float want = sg[i] * (g * r);
            EXPECT_EQ(Bits(got[i]), Bits(want)) << "run " << run << " element " << i;
        }
    }
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), OK);
    EXPECT_EQ(aclrtDestroyStream(st), ACL_SUCCESS);
}

}  // namespace
