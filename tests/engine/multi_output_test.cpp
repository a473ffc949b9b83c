// Element-wise plans with several outputs (engine/elementwise.h: ElementwiseOperands num_outputs/more_out):
// every output written by one row, through the whole first and second phase (PublishElementwise, RunExecutor):
// broadcast inputs, a strided output, an output exactly on an input (in place: no workspace), an output
// overlapping an input otherwise (the temporary, per output), outputs sharing memory refused at planning
// (161002 naming both) and after re-addressing (the run fails, nothing written), the streaming-store request
// over the outputs' bytes; one and four inputs; and the single-output aggregate form still compiling and meaning
// what it did.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/elementwise.h"
#include "engine/first_phase.h"
#include "engine/plan_harness.h"

namespace {

using namespace aclcpu;
using namespace engine_test;
using aclcpu_test::Download;
using aclcpu_test::MakeTensor;

const char* const kNames[4] = {"a", "b", "out0", "out1"};

// The single-output aggregate form of the operators' first phases keeps its meaning.
static_assert(engine::ElementwiseOperands{3, 3, {0, 1, 2}}.num_outputs == 1, "default: one output");
static_assert(engine::ElementwiseOperands{3, 3, {0, 1, 2}}.Operand(0) == 3, "operand 0 is the output");
static_assert(engine::ElementwiseOperands{3, 3, {0, 1, 2}}.Operand(3) == 2, "then the inputs");
static_assert(engine::ElementwiseOperands{2, 2, {0, 1}, 2, {3}}.Operand(1) == 3, "second output");
static_assert(engine::ElementwiseOperands{2, 2, {0, 1}, 2, {3}}.Operand(2) == 0, "inputs after the outputs");

// Plans t = {a, b, out0, out1} (ops: out0, out1; inputs a, b) over `shape` and runs it; *ws: the workspace.
int PlanAndRun(aclTensor* const* t, const std::vector<int64_t>& shape, float alpha, uint64_t* ws = nullptr) {
    engine::BroadcastShape b;
    b.n = shape.size();
    for (size_t i = 0; i < shape.size(); ++i) b.d[i] = shape[i];
    const engine::ElementwiseOperands ops{2, 2, {0, 1}, 2, {3}};
    const aclTensor* ct[4] = {t[0], t[1], t[2], t[3]};
    if (int ret = engine::CheckElementwiseViews(ct, kNames, 4, ops)) return ret;
    uint64_t workspace = 0;
    aclOpExecutor* ex = nullptr;
    if (int ret = engine::PublishElementwise(ct, 4, 2, "aclnnTestTwoOutputs", kNames, false, ops, b,
                                             engine::KernelOf(&SelectAxpy2, AxpyParams{alpha}), &workspace, &ex)) {
        return ret;
    }
    if (ws != nullptr) *ws = workspace;
    return Launch(ex, workspace);
}

TEST(MultiOutput, BroadcastAndStridedOutputs) {
    // a: [4, 1, 6] broadcast along dim 1; b: [5, 6]; out0 contiguous [4, 5, 6]; out1 strided (every other
    // element of a [4, 5, 12] block).
    const std::vector<float> av = Values(24, 1), bv = Values(30, 2);
    DeviceBuffer ab = Upload(av), bb = Upload(bv), o0(120 * 4), o1(240 * 4);
    aclTensor* t[4] = {MakeTensor({4, 1, 6}, ACL_FLOAT, ab.get()), MakeTensor({5, 6}, ACL_FLOAT, bb.get()),
                       MakeTensor({4, 5, 6}, ACL_FLOAT, o0.get()),
                       MakeTensor({4, 5, 6}, ACL_FLOAT, o1.get(), {60, 12, 2}, 0, {240})};
    uint64_t ws = 1;
    ASSERT_EQ(PlanAndRun(t, {4, 5, 6}, 0.5f, &ws), 0) << aclcpu_test::LastError();
    EXPECT_EQ(ws, 0u);
    const std::vector<float> r0 = Download<float>(o0.get(), 120), r1 = Download<float>(o1.get(), 240);
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 5; ++j) {
            for (int k = 0; k < 6; ++k) {
                const float a = av[i * 6 + k], b = bv[j * 6 + k];
                EXPECT_EQ(r0[(i * 5 + j) * 6 + k], a * 0.5f + b) << i << "," << j << "," << k;
                EXPECT_EQ(r1[i * 60 + j * 12 + k * 2], a - b) << i << "," << j << "," << k;
            }
        }
    }
    for (aclTensor* x : t) aclDestroyTensor(x);
}

// A transposed input (a tiled plan: a is staged, neither output is): both outputs against the host loop.
TEST(MultiOutput, TransposedInputTiled) {
    const int64_t r = 64, c = 300;
    const std::vector<float> av = Values(r * c, 11), bv = Values(r * c, 12);
    DeviceBuffer ab = Upload(av), bb = Upload(bv), o0(r * c * 4), o1(r * c * 4);
    aclTensor* t[4] = {MakeTensor({r, c}, ACL_FLOAT, ab.get(), {1, r}), MakeTensor({r, c}, ACL_FLOAT, bb.get()),
                       MakeTensor({r, c}, ACL_FLOAT, o0.get()), MakeTensor({r, c}, ACL_FLOAT, o1.get())};
    std::vector<aclTensor> copies = {*t[0], *t[1], *t[2], *t[3]};
    engine::ElementwiseCall call(copies.data(), engine::ElementwiseOperands{2, 2, {0, 1}, 2, {3}},
                                 engine::BroadcastShape{{r, c}, 2}, engine::KernelOf(&SelectAxpy2, AxpyParams{}));
    EXPECT_TRUE(call.Tiled());
    ASSERT_EQ(PlanAndRun(t, {r, c}, -1.5f), 0) << aclcpu_test::LastError();
    const std::vector<float> r0 = Download<float>(o0.get(), r * c), r1 = Download<float>(o1.get(), r * c);
    for (int64_t i = 0; i < r; ++i) {
        for (int64_t j = 0; j < c; ++j) {
            const float a = av[j * r + i], b = bv[i * c + j];
            ASSERT_EQ(r0[i * c + j], a * -1.5f + b) << i << "," << j;
            ASSERT_EQ(r1[i * c + j], a - b) << i << "," << j;
        }
    }
    for (aclTensor* x : t) aclDestroyTensor(x);
}

// out0 exactly on a (in place) and out1 on b shifted by one element (overlapping other than exactly): out1
// goes through the workspace, out0 does not; the results equal the out-of-place ones.
TEST(MultiOutput, InPlaceAndOverlappingOutputs) {
    const int64_t n = 100000;  // several chunks of the grain
    const std::vector<float> av = Values(n, 3), bv = Values(n + 1, 4);
    DeviceBuffer ab = Upload(av), bb = Upload(bv);
    aclTensor* t[4] = {MakeTensor({n}, ACL_FLOAT, ab.get()), MakeTensor({n}, ACL_FLOAT, bb.get(), {1}, 1, {n + 1}),
                       MakeTensor({n}, ACL_FLOAT, ab.get()), MakeTensor({n}, ACL_FLOAT, bb.get(), {1}, 0, {n + 1})};
    uint64_t ws = 0;
    ASSERT_EQ(PlanAndRun(t, {n}, 2.0f, &ws), 0) << aclcpu_test::LastError();
    EXPECT_EQ(ws, static_cast<uint64_t>(n) * 4);  // out1's temporary only
    const std::vector<float> r0 = Download<float>(ab.get(), n), r1 = Download<float>(bb.get(), n + 1);
    for (int64_t i = 0; i < n; ++i) {
        ASSERT_EQ(r0[i], av[i] * 2.0f + bv[i + 1]) << i;
        ASSERT_EQ(r1[i], av[i] - bv[i + 1]) << i;
    }
    EXPECT_EQ(r1[n], bv[n]);  // the element out1 does not cover
    for (aclTensor* x : t) aclDestroyTensor(x);
}

TEST(MultiOutput, OutputsSharingMemoryAreRefused) {
    DeviceBuffer ab = Upload(Values(16, 5)), bb = Upload(Values(16, 6)), o(20 * 4);
    const std::vector<float> canary(20, 7.0f);
    ASSERT_EQ(aclrtMemcpy(o.get(), 80, canary.data(), 80, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    aclTensor* t[4] = {MakeTensor({16}, ACL_FLOAT, ab.get()), MakeTensor({16}, ACL_FLOAT, bb.get()),
                       MakeTensor({16}, ACL_FLOAT, o.get(), {1}, 0, {20}),
                       MakeTensor({16}, ACL_FLOAT, o.get(), {1}, 4, {20})};
    EXPECT_EQ(PlanAndRun(t, {16}, 1.0f), ACLNN_ERR_PARAM_INVALID);
    const std::string msg = aclcpu_test::LastError();
    EXPECT_NE(msg.find("out0 and out1 share memory"), std::string::npos) << msg;
    // The same descriptor as both outputs.
    aclTensor* same[4] = {t[0], t[1], t[2], t[2]};
    EXPECT_EQ(PlanAndRun(same, {16}, 1.0f), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(Download<float>(o.get(), 20), canary);  // nothing written
    for (aclTensor* x : t) aclDestroyTensor(x);
}

// A repeatable executor whose second output is re-addressed onto the first: the run refuses it (161002)
// and writes nothing.
TEST(MultiOutput, ReaddressedOverlapFailsTheRun) {
    DeviceBuffer ab = Upload(Values(16, 7)), bb = Upload(Values(16, 8)), o0(64), o1(64);
    aclTensor* t[4] = {MakeTensor({16}, ACL_FLOAT, ab.get()), MakeTensor({16}, ACL_FLOAT, bb.get()),
                       MakeTensor({16}, ACL_FLOAT, o0.get()), MakeTensor({16}, ACL_FLOAT, o1.get())};
    engine::BroadcastShape b;
    b.n = 1;
    b.d[0] = 16;
    const engine::ElementwiseOperands ops{2, 2, {0, 1}, 2, {3}};
    const aclTensor* ct[4] = {t[0], t[1], t[2], t[3]};
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(engine::PublishElementwise(ct, 4, 2, "aclnnTestTwoOutputs", kNames, false, ops, b,
                                         engine::KernelOf(&SelectAxpy2, AxpyParams{1.0f}), &ws, &ex),
              0);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0);
    ASSERT_EQ(Launch(ex, ws), 0);
    const std::vector<float> first = Download<float>(o0.get(), 16);
    ASSERT_EQ(aclSetOutputTensorAddr(ex, 1, nullptr, o0.get()), 0) << aclcpu_test::LastError();
    EXPECT_NE(Launch(ex, ws), 0);
    EXPECT_EQ(Download<float>(o0.get(), 16), first);  // untouched by the refused run
    aclDestroyAclOpExecutor(ex);
    for (aclTensor* x : t) aclDestroyTensor(x);
}

// Streaming stores are asked for when the outputs together reach kStreamingBytes (two outputs of 4 MiB): the
// plan's first selection asks for the streaming body, its second for the plain body of in-place runs; at half
// the size there is one plain selection only.
struct Capture {
    static aclcpu::kern::RowFn Select(const void* p, const aclDataType* d, const int64_t* s, bool nt) {
        Log().push_back(nt ? 1 : 0);
        return SelectAxpy2(p, d, s, nt);
    }
    static std::vector<int>& Log() {
        static std::vector<int> v;
        return v;
    }
};

TEST(MultiOutput, StreamingOverTheOutputsBytes) {
    const int64_t n = int64_t{1} << 20;
    DeviceBuffer ab(n * 4), bb(n * 4), o0(n * 4), o1(n * 4);
    const engine::ElementwiseOperands ops{2, 2, {0, 1}, 2, {3}};
    for (int64_t m : {n, n / 2}) {
        aclTensor* t[4] = {MakeTensor({m}, ACL_FLOAT, ab.get()), MakeTensor({m}, ACL_FLOAT, bb.get()),
                           MakeTensor({m}, ACL_FLOAT, o0.get()), MakeTensor({m}, ACL_FLOAT, o1.get())};
        const std::vector<aclTensor> copies = {*t[0], *t[1], *t[2], *t[3]};
        engine::BroadcastShape b;
        b.n = 1;
        b.d[0] = m;
        Capture::Log().clear();
        uint64_t ws = 1;
        engine::PlanElementwise(copies.data(), ops, b, engine::KernelOf(&Capture::Select, AxpyParams{}), &ws);
        EXPECT_EQ(ws, 0u);
        const std::vector<int> expected = m == n ? std::vector<int>{1, 0} : std::vector<int>{0};
        EXPECT_EQ(Capture::Log(), expected) << m;
        for (aclTensor* x : t) aclDestroyTensor(x);
    }
}

// One input and four inputs (kMaxInputs): out = sum of in_k * (k + 1), read through every operand slot.
template <int kInputs>
void WeightedSumRow(const void*, const aclDataType*, char* const* p, const int64_t* st, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        float r = 0.0f;
        for (int k = 0; k < kInputs; ++k) {
            float x;
            std::memcpy(&x, p[1 + k] + i * st[1 + k], 4);
            r += x * static_cast<float>(k + 1);
        }
        std::memcpy(p[0] + i * st[0], &r, 4);
    }
}

template <int kInputs>
aclcpu::kern::RowFn SelectWeighted(const void*, const aclDataType*, const int64_t*, bool) {
    return &WeightedSumRow<kInputs>;
}

template <int kInputs>
void CheckWeighted() {
    const int64_t n = 50000;
    std::vector<std::vector<float>> hv;
    std::vector<DeviceBuffer> bufs;
    std::vector<aclTensor*> t;
    for (int k = 0; k < kInputs; ++k) {
        hv.push_back(Values(n, 20 + k));
        bufs.push_back(Upload(hv.back()));
        t.push_back(MakeTensor({n}, ACL_FLOAT, bufs.back().get()));
    }
    DeviceBuffer out(n * 4);
    t.push_back(MakeTensor({n}, ACL_FLOAT, out.get()));
    engine::ElementwiseOperands ops{kInputs, kInputs, {}};
    for (int k = 0; k < kInputs; ++k) ops.in[k] = k;
    engine::BroadcastShape b;
    b.n = 1;
    b.d[0] = n;
    const char* const names[5] = {"x0", "x1", "x2", "x3", "x4"};
    std::vector<const aclTensor*> ct(t.begin(), t.end());
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(engine::PublishElementwise(ct.data(), kInputs + 1, kInputs, "aclnnTestWeighted", names, false, ops, b,
                                         engine::KernelOf(&SelectWeighted<kInputs>, 0), &ws, &ex),
              0);
    ASSERT_EQ(Launch(ex, ws), 0);
    const std::vector<float> got = Download<float>(out.get(), n);
    for (int64_t i = 0; i < n; ++i) {
        float r = 0.0f;
        for (int k = 0; k < kInputs; ++k) r += hv[k][i] * static_cast<float>(k + 1);
        ASSERT_EQ(got[i], r) << kInputs << " inputs, element " << i;
    }
    for (aclTensor* x : t) aclDestroyTensor(x);
}

TEST(MultiOutput, OneToFourInputs) {
    CheckWeighted<1>();
    CheckWeighted<4>();
}

}  // namespace
