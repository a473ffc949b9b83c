// Issue 12: aclnnMseLossBackward and aclnnSmoothL1LossBackward on tensors past 2^31 elements and 2^32 bytes,
// the sibling of huge_l1_loss_backward_test.cpp (label "huge": 4-8 GiB of memory per test; skip locally with
// ACLCPU_SKIP_HUGE=1 tools/test.sh or ctest -LE huge; tests/CMakeLists.txt runs huge tests one at a time).
//
// For each operator (each check is a fixture method, run once per operator), as for L1:
//  - a FLOAT16 gradInput of 2^31 + 64 elements (4 GiB) from broadcast scalar inputs (0-d, [1], and zero-stride
//    [2^31 + 64] views of a single element, which set the broadcast shape), for each reduction. The mean
//    factor must come from the 64-bit element count of self: MSE's 2 / n (and, on Ascend 910B, the
//    MseLossGradV2 tiling's float product of self's dims when the three input shapes agree), Smooth L1's 1 / n;
//  - a self of 2^31 + 64 elements whose last 64 differ from the rest (a wrapped 32-bit index would read the
//    start again);
//  - a non-contiguous gradInput whose addresses run past 2^32 bytes with gaps that must stay untouched.
// Every element of the 4 GiB output is checked (the start, both sides of 2^31 and the end in particular)
// against the independent model tests/support/loss_grad_reference.h, and the canary past the end must
// survive.
//
// ACLCPU_HUGE_ELEMENTS=<n> (a multiple of 16, at least 128) runs the same checks with n elements in place of
// 2^31 + 64 and the boundary at n - 64: a check of the test itself on machines without 8 GiB to spare. It
// proves nothing about 64-bit indexing.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "aclnnop/aclnn_mse_loss_backward.h"
#include "aclnnop/aclnn_smooth_l1_loss_backward.h"
#include "support/loss_grad_reference.h"
#include "support/profile_scope.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::DeviceBuffer;
using aclcpu_test::LastError;
using aclcpu_test::MakeTensor;
using lossref::Op;

constexpr int64_t kFullN = (int64_t{1} << 31) + 64;
constexpr uint16_t kCanary = 0xA5A5;

// Elements of the big FLOAT16 tensors: 2^31 + 64, or ACLCPU_HUGE_ELEMENTS (see the header comment).
int64_t BigN() {
    const char* v = std::getenv("ACLCPU_HUGE_ELEMENTS");
    if (v == nullptr || *v == '\0') return kFullN;
    const long long n = std::strtoll(v, nullptr, 10);
    return n >= 128 && n % 16 == 0 ? n : kFullN;
}

const int64_t kN = BigN();
const int64_t kBoundary = kN - 64;  // 2^31 in the full-size run

uint16_t Half(float v) { return l1ref::F16Bits(l1ref::RoundTo(v, l1ref::kFmtF16)); }

// A FLOAT16 scalar in its own block: 0-d (rank 0), [1], or `expand` = a view of that one element expanded to
// a big shape with zero strides (storage [1]).
struct Scalar {
    DeviceBuffer buf{64};
    aclTensor* t = nullptr;
    std::vector<int64_t> shape;
    Scalar(float v, bool zero_d, const std::vector<int64_t>& expand = {}) {
        const uint16_t h = Half(v);
        EXPECT_EQ(aclrtMemcpy(buf.get(), 2, &h, 2, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
        if (!expand.empty()) {
            shape = expand;
            t = MakeTensor(expand, ACL_FLOAT16, buf.get(), std::vector<int64_t>(expand.size(), 0), 0, {1});
        } else {
            shape = zero_d ? std::vector<int64_t>{} : std::vector<int64_t>{1};
            t = MakeTensor(shape, ACL_FLOAT16, buf.get());
        }
        EXPECT_NE(t, nullptr) << LastError();
    }
    ~Scalar() { aclDestroyTensor(t); }
};

double Seconds(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

const char* OpName(Op op) { return op == Op::kMse ? "MseLossBackward" : "SmoothL1LossBackward"; }

// Runs both phases of `op` on the default stream and synchronises (beta: Smooth L1's).
void RunBoth(Op op, const aclTensor* g, const aclTensor* s, const aclTensor* t, int64_t reduction, float beta,
             aclTensor* out) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    if (op == Op::kMse) {
        ASSERT_EQ(aclnnMseLossBackwardGetWorkspaceSize(g, s, t, reduction, out, &ws, &ex), OK) << LastError();
        ASSERT_EQ(ws, 0u);
        ASSERT_EQ(aclnnMseLossBackward(nullptr, 0, ex, nullptr), OK) << LastError();
    } else {
        ASSERT_EQ(aclnnSmoothL1LossBackwardGetWorkspaceSize(g, s, t, reduction, beta, out, &ws, &ex), OK)
            << LastError();
        ASSERT_EQ(ws, 0u);
        ASSERT_EQ(aclnnSmoothL1LossBackward(nullptr, 0, ex, nullptr), OK) << LastError();
    }
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS) << LastError();
}

// The shapes of one call's inputs (gradOutput, self, target).
struct Shapes {
    std::vector<int64_t> g, s, t;
};

// The expected FLOAT16 bits of one element of `op` with FLOAT16 inputs g, s, t (every input and the output
// FLOAT16, all ND) under `reduction`, with the model's mean factor for these input shapes.
uint16_t Expected(Op op, float g, float s, float t, int64_t reduction, float beta, const Shapes& sh) {
    const l1ref::Profile prof = l1ref::ProfileFromSocName(aclrtGetSocName());
    const long double gv = l1ref::F16Value(Half(g)), sv = l1ref::F16Value(Half(s)), tv = l1ref::F16Value(Half(t));
    long double y;
    if (op == Op::kMse) {
        const float cof = reduction == 1 ? lossref::MseMeanCof(prof, sh.g, sh.s, sh.t) : 2.0f;
        y = lossref::MseElement(gv, sv, tv, cof);
    } else {
        const float norm = reduction == 1 ? lossref::SmoothL1MeanNorm(sh.s) : 1.0f;
        y = lossref::SmoothL1Element(prof, l1ref::NumelOf(sh.g) == 1, beta, norm, gv, sv, tv);
    }
    unsigned char bytes[2];
    l1ref::WriteValue(bytes, l1ref::kF16, l1ref::RoundTo(y, l1ref::kFmtF16));  // promote type FLOAT16
    uint16_t h;
    std::memcpy(&h, bytes, 2);
    return h;
}

// Counts elements of [begin, end) of p that differ from want; reports the first few.
int64_t CountWrong(const uint16_t* p, int64_t begin, int64_t end, uint16_t want, const char* what) {
    int64_t bad = 0;
    for (int64_t i = begin; i < end; ++i) {
        if (p[i] != want) {
            if (bad < 3)
                ADD_FAILURE() << what << ": element " << i << " is 0x" << std::hex << p[i] << ", want 0x" << want;
            ++bad;
        }
    }
    return bad;
}

class HugeLossGrad : public ::testing::Test {
protected:
    // The gradInput buffer: kN FLOAT16 elements plus a 64-element canary tail. Each test allocates it (after
    // switching the profile, if it does: aclFinalize frees every block) and frees it before such a switch ends.
    void AllocOutput() {
        out_ = DeviceBuffer(static_cast<size_t>(kN + 64) * 2);
        ASSERT_NE(out_.get(), nullptr);
        host_ = out_.as<uint16_t>();  // device memory is host memory here: read it directly, fast
        ResetOutput();
    }
    void ResetOutput() { ASSERT_EQ(aclrtMemset(out_.get(), out_.bytes(), 0xA5, out_.bytes()), ACL_SUCCESS); }
    void ExpectCanaryTail() { EXPECT_EQ(CountWrong(host_, kN, kN + 64, kCanary, "canary past the end"), 0); }
    // Every element of the contiguous [kN] output equals want, with explicit looks at the start, both sides
    // of the boundary and the end.
    void ExpectAll(uint16_t want, const char* what) {
        for (int64_t i :
             {int64_t{0}, int64_t{1}, kBoundary - 2, kBoundary - 1, kBoundary, kBoundary + 1, kN - 2, kN - 1}) {
            EXPECT_EQ(host_[i], want) << what << ": element " << i;
        }
        EXPECT_EQ(CountWrong(host_, 0, kN, want, what), 0);
        ExpectCanaryTail();
    }
    // The checks, one per operator (defined below).
    void BroadcastScalars(Op op);
    void MeanOn910B(Op op);
    void InputPast2To31(Op op);
    void StridedOutputPast2To32(Op op);
    DeviceBuffer out_;
    uint16_t* host_ = nullptr;
};

struct BroadcastCase {
    float g, s, t;
    int64_t reduction;
    float beta;
    bool zero_d;   // the scalars that are not expanded: 0-d or [1] (self takes the other)
    int expanded;  // which inputs are zero-stride [kN] views of their scalar: bit 0 g, bit 1 s, bit 2 t
    const char* what;
};

// Runs one broadcast case into the [kN] output and checks every element; returns the expected bits.
uint16_t RunBroadcast(Op op, const BroadcastCase& c, aclTensor* out) {
    const std::vector<int64_t> b = {kN};
    Scalar g(c.g, c.zero_d, (c.expanded & 1) ? b : std::vector<int64_t>{});
    Scalar s(c.s, !c.zero_d, (c.expanded & 2) ? b : std::vector<int64_t>{});
    Scalar t(c.t, c.zero_d, (c.expanded & 4) ? b : std::vector<int64_t>{});
    RunBoth(op, g.t, s.t, t.t, c.reduction, c.beta, out);
    return Expected(op, c.g, c.s, c.t, c.reduction, c.beta, Shapes{g.shape, s.shape, t.shape});
}

// Scalar (0-d and [1]) inputs broadcast to 2^31 + 64 elements, for each reduction, on the default profile
// (Ascend 950); all elements checked. Mean takes self's element count: self is the expanded one there.
void HugeLossGrad::BroadcastScalars(Op op) {
    ASSERT_NO_FATAL_FAILURE(AllocOutput());
    aclTensor* out = MakeTensor({kN}, ACL_FLOAT16, out_.get());
    ASSERT_NE(out, nullptr);
    const BroadcastCase cases[] = {
        {3.0f, 1.0f, 0.25f, 0, 0.5f, true, 1, "none"},                // MSE 2 * 0.75 * 3; SmoothL1 |x| > beta: +3
        {65504.0f, 0.0f, 1.0f, 1, 2.0f, false, 2, "mean"},            // a factor from the 64-bit count (subnormal)
        {-2.0f, 0.5f, 0.5f, 2, 1.0f, true, 4, "sum, s == t"},         // 0 * -2 = -0
        {-1.5f, 0.75f, 0.25f, 2, 1.0f, false, 1, "sum, |x| < beta"},  // MSE -1.5; SmoothL1 x / beta * g
    };
    for (const BroadcastCase& c : cases) {
        const auto t0 = std::chrono::steady_clock::now();
        const uint16_t want = RunBroadcast(op, c, out);
        if (HasFatalFailure()) break;
        const double run_s = Seconds(t0);
        ExpectAll(want, c.what);
        std::printf("%s: %lld FLOAT16 elements, %s: 0x%04x everywhere, %.1f s\n", OpName(op),
                    static_cast<long long>(kN), c.what, want, run_s);
        ResetOutput();  // so that a run that writes nothing cannot pass on the previous values
    }
    // The mean factor comes from the 64-bit count: its result is not that of a wrapped count (64 elements).
    const l1ref::Profile prof = l1ref::ProfileFromSocName(aclrtGetSocName());
    if (kN == kFullN) {
        if (op == Op::kMse) {
            EXPECT_NE(lossref::MseMeanCof(prof, {}, {kN}, {1}), lossref::MseMeanCof(prof, {}, {64}, {1}));
        } else {
            EXPECT_NE(lossref::SmoothL1MeanNorm({kN}), lossref::SmoothL1MeanNorm({64}));
        }
    }
    aclDestroyTensor(out);
}

// MSE's mean on Ascend 910B with gradOutput, self and target of one shape [2^31 + 64] (zero-stride views of
// one element each): the MseLossGradV2 tiling's factor from the float product of self's dims,
// (1.0f / (float)(2^31 + 64)) * 2.0f = 2^-30 (for this n the same float as (float)(2.0 / n); a product or
// count wrapped to 32 bits would give 2^-5). Smooth L1 on that profile: the TBE formula with 1 / n.
void HugeLossGrad::MeanOn910B(Op op) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    ASSERT_NO_FATAL_FAILURE(AllocOutput());
    aclTensor* out = MakeTensor({kN}, ACL_FLOAT16, out_.get());
    ASSERT_NE(out, nullptr);
    const BroadcastCase c{65504.0f, 1.0f, 0.0f, 1, 4.0f, false, 7, "mean, equal shapes"};
    const uint16_t want = RunBroadcast(op, c, out);
    if (!HasFatalFailure()) {
        ExpectAll(want, c.what);
        std::printf("%s on Ascend910B: %lld elements, %s: 0x%04x everywhere\n", OpName(op), static_cast<long long>(kN),
                    c.what, want);
    }
    if (op == Op::kMse && kN == kFullN) {
        EXPECT_EQ(lossref::MseMeanCof(l1ref::Profile::kAscend910B, {kN}, {kN}, {kN}), 0x1p-30f);
    }
    aclDestroyTensor(out);
    out_ = DeviceBuffer();  // before the profile scope's aclFinalize
}

// self has 2^31 + 64 elements: the first 2^31 are 1.0586 (0x3C3C), the last 64 -1.1836 (0xBCBC). A 32-bit
// element index (or byte offset) would wrap and read the first ones again for the tail.
void HugeLossGrad::InputPast2To31(Op op) {
    ASSERT_NO_FATAL_FAILURE(AllocOutput());
    DeviceBuffer self(static_cast<size_t>(kN) * 2);
    ASSERT_EQ(aclrtMemset(self.get(), self.bytes(), 0x3C, static_cast<size_t>(kBoundary) * 2), ACL_SUCCESS);
    ASSERT_EQ(aclrtMemset(self.as<char>() + kBoundary * 2, 128, 0xBC, 128), ACL_SUCCESS);
    const uint16_t* sp = self.as<uint16_t>();
    const float above = static_cast<float>(l1ref::F16Value(sp[0])),
                below = static_cast<float>(l1ref::F16Value(sp[kN - 1]));
    aclTensor* s = MakeTensor({kN}, ACL_FLOAT16, self.get());
    aclTensor* out = MakeTensor({kN}, ACL_FLOAT16, out_.get());
    ASSERT_NE(s, nullptr);
    ASSERT_NE(out, nullptr);
    const float beta = 2.0f;  // Smooth L1: |x| < beta, so the result carries x itself
    Scalar g(5.0f, false), t(0.0f, true);
    const auto t0 = std::chrono::steady_clock::now();
    RunBoth(op, g.t, s, t.t, 0, beta, out);
    if (HasFatalFailure()) return;
    const double run_s = Seconds(t0);
    const Shapes sh{g.shape, {kN}, t.shape};
    const uint16_t plus = Expected(op, 5.0f, above, 0.0f, 0, beta, sh);
    const uint16_t minus = Expected(op, 5.0f, below, 0.0f, 0, beta, sh);
    ASSERT_NE(plus, minus);
    EXPECT_EQ(CountWrong(host_, 0, kBoundary, plus, "gradInput below the boundary"), 0);
    EXPECT_EQ(CountWrong(host_, kBoundary, kN, minus, "gradInput from the boundary"), 0);
    ExpectCanaryTail();
    std::printf("%s: self of %lld elements, tail read from the right place (0x%04x, 0x%04x), %.1f s\n", OpName(op),
                static_cast<long long>(kN), plus, minus, run_s);
    aclDestroyTensor(s);
    aclDestroyTensor(out);
}

// A non-contiguous gradInput [15, 2^27 + 4] with strides [1, 16]: element (r, c) at 16c + r, so addresses run
// to element 2^31 + 62 (byte 2^32 + 124) and every 16th element is a gap that must stay untouched.
void HugeLossGrad::StridedOutputPast2To32(Op op) {
    ASSERT_NO_FATAL_FAILURE(AllocOutput());
    const int64_t cols = kN / 16;
    const std::vector<int64_t> b = {15, cols};
    aclTensor* out = MakeTensor(b, ACL_FLOAT16, out_.get(), {1, 16}, 0, {16 * cols});
    ASSERT_NE(out, nullptr) << LastError();
    Scalar g(-1.5f, false, b), s(2.0f, true), t(1.0f, false);
    const float beta = 0.5f;
    const auto t0 = std::chrono::steady_clock::now();
    RunBoth(op, g.t, s.t, t.t, 2, beta, out);
    if (HasFatalFailure()) return;
    const double run_s = Seconds(t0);
    const uint16_t want = Expected(op, -1.5f, 2.0f, 1.0f, 2, beta, Shapes{b, s.shape, t.shape});
    int64_t bad = 0;
    for (int64_t c = 0; c < cols; ++c) {
        const uint16_t* q = host_ + 16 * c;
        bool ok = q[15] == kCanary;
        for (int r = 0; r < 15; ++r) ok &= q[r] == want;
        if (!ok && bad++ < 3) ADD_FAILURE() << "column " << c << " (elements from " << 16 * c << ") is wrong";
    }
    EXPECT_EQ(bad, 0);
    ExpectCanaryTail();
    std::printf("%s: strided [15, %lld] output spanning %lld bytes: 0x%04x, %.1f s\n", OpName(op),
                static_cast<long long>(cols), static_cast<long long>(kN * 2), want, run_s);
    aclDestroyTensor(out);
}

TEST_F(HugeLossGrad, MseBroadcastScalarsToTwoToThe31PlusElements) { BroadcastScalars(Op::kMse); }
TEST_F(HugeLossGrad, SmoothL1BroadcastScalarsToTwoToThe31PlusElements) { BroadcastScalars(Op::kSmoothL1); }
TEST_F(HugeLossGrad, MseMeanOnAscend910BWithEqualShapes) { MeanOn910B(Op::kMse); }
TEST_F(HugeLossGrad, SmoothL1MeanOnAscend910BWithEqualShapes) { MeanOn910B(Op::kSmoothL1); }
TEST_F(HugeLossGrad, MseInputPastTwoToThe31Elements) { InputPast2To31(Op::kMse); }
TEST_F(HugeLossGrad, SmoothL1InputPastTwoToThe31Elements) { InputPast2To31(Op::kSmoothL1); }
TEST_F(HugeLossGrad, MseStridedOutputPastTwoToThe32Bytes) { StridedOutputPast2To32(Op::kMse); }
TEST_F(HugeLossGrad, SmoothL1StridedOutputPastTwoToThe32Bytes) { StridedOutputPast2To32(Op::kSmoothL1); }

}  // namespace
