// Issue 5 ("Hardened"): tensors past 2^31 elements and 2^32 bytes (label "huge": 4-8 GiB of memory; skip
// locally with ACLCPU_SKIP_HUGE=1 tools/test.sh or ctest -LE huge).
//
// A FLOAT16 gradInput of 2^31 + 64 elements (4 GiB) with broadcast scalar inputs (0-d, [1], and one
// zero-stride [2^31 + 64] view of a single element, which sets the broadcast shape) for each reduction; a self of 2^31 + 64 elements whose last 64 differ from the rest (a wrapped 32-bit index would
// read the start again); and a non-contiguous gradInput whose addresses run past 2^32 bytes with gaps
// that must stay untouched. Every element of the 4 GiB output is checked (start, the 2^31 boundary and
// the end in particular) against tests/support/l1_reference.h, and the canary past the end must survive.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

#include "support/test_util.h"
#include "support/l1_reference.h"

namespace {

using aclcpu_test::DeviceBuffer;
using aclcpu_test::LastError;
using aclcpu_test::MakeTensor;

constexpr int64_t kN = (int64_t{1} << 31) + 64;  // elements of the big FLOAT16 tensors
constexpr uint16_t kCanary = 0xA5A5;

uint16_t Half(float v) { return l1ref::F16Bits(l1ref::RoundTo(v, l1ref::kFmtF16)); }

// A FLOAT16 scalar in its own block: 0-d (rank 0), [1], or `expand` = a view of that one element expanded
// to a big shape with zero strides (storage [1]) - what gives the broadcast its 2^31 + 64 elements.
struct Scalar {
    DeviceBuffer buf{64};
    aclTensor* t = nullptr;
    Scalar(float v, bool zero_d, const std::vector<int64_t>& expand = {}) {
        const uint16_t h = Half(v);
        EXPECT_EQ(aclrtMemcpy(buf.get(), 2, &h, 2, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
        if (!expand.empty()) {
            t = MakeTensor(expand, ACL_FLOAT16, buf.get(), std::vector<int64_t>(expand.size(), 0), 0, {1});
        } else {
            t = zero_d ? MakeTensor({}, ACL_FLOAT16, buf.get()) : MakeTensor({1}, ACL_FLOAT16, buf.get());
        }
        EXPECT_NE(t, nullptr) << LastError();
    }
    ~Scalar() { aclDestroyTensor(t); }
};

double Seconds(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Runs both phases on the default stream and synchronises.
void RunBoth(const aclTensor* g, const aclTensor* s, const aclTensor* t, int64_t reduction, aclTensor* out) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(g, s, t, reduction, out, &ws, &ex), OK) << LastError();
    ASSERT_EQ(ws, 0u);
    ASSERT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), OK) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS) << LastError();
}

// The expected FLOAT16 bits of one element with inputs g, s, t (FLOAT16 values) under `reduction`, for the
// broadcast shape b.
uint16_t Expected(float g, float s, float t, int64_t reduction, const std::vector<int64_t>& b) {
    const l1ref::Profile prof = l1ref::ProfileFromSocName(aclrtGetSocName());
    const float r = reduction == 1 ? l1ref::MeanFactor(prof, b) : 1.0f;
    const long double y = l1ref::ElementResult(prof, l1ref::kF16, r, l1ref::F16Value(Half(g)), l1ref::F16Value(Half(s)),
                                               l1ref::F16Value(Half(t)));
    unsigned char bytes[2];
    l1ref::WriteValue(bytes, l1ref::kF16, y);
    uint16_t h;
    std::memcpy(&h, bytes, 2);
    return h;
}

// Counts elements of [begin, end) of p that differ from want; reports the first few.
int64_t CountWrong(const uint16_t* p, int64_t begin, int64_t end, uint16_t want, const char* what) {
    int64_t bad = 0;
    for (int64_t i = begin; i < end; ++i) {
        if (p[i] != want) {
            if (bad < 3) ADD_FAILURE() << what << ": element " << i << " is 0x" << std::hex << p[i] << ", want 0x" << want;
            ++bad;
        }
    }
    return bad;
}

class HugeL1 : public ::testing::Test {
protected:
    void SetUp() override {
        // gradInput: 2^31 + 64 FLOAT16 elements plus a 64-element canary tail.
        out_ = DeviceBuffer(static_cast<size_t>(kN + 64) * 2);
        host_ = out_.as<uint16_t>();  // device memory is host memory here: read it directly, fast
        ASSERT_EQ(aclrtMemset(out_.get(), out_.bytes(), 0xA5, out_.bytes()), ACL_SUCCESS);
    }
    void ExpectCanaryTail() { EXPECT_EQ(CountWrong(host_, kN, kN + 64, kCanary, "canary past the end"), 0); }
    DeviceBuffer out_;
    uint16_t* host_ = nullptr;
};

// Scalar (0-d and [1]) inputs broadcast to 2^31 + 64 elements, for each reduction; all elements checked,
// with explicit looks at the start, both sides of 2^31 and the end.
TEST_F(HugeL1, BroadcastScalarsToTwoToThe31PlusElements) {
    const std::vector<int64_t> b = {kN};
    aclTensor* out = MakeTensor(b, ACL_FLOAT16, out_.get());
    ASSERT_NE(out, nullptr);
    struct Case {
        float g, s, t;
        int64_t reduction;
        bool zero_d;
        int expanded;  // which input is the zero-stride [2^31 + 64] view of its scalar
    };
    const Case cases[] = {
        {3.0f, 1.0f, 0.0f, 0, true, 0},        // none: +3
        {65504.0f, 0.0f, 1.0f, 1, false, 1},   // mean: -(65504 * r), r from the 64-bit element count (subnormal)
        {-2.0f, 0.5f, 0.5f, 2, true, 2},       // sum, s == t: 0 * -2 = -0
    };
    for (const Case& c : cases) {
        const auto t0 = std::chrono::steady_clock::now();
        Scalar g(c.g, c.zero_d, c.expanded == 0 ? b : std::vector<int64_t>{});
        Scalar s(c.s, !c.zero_d, c.expanded == 1 ? b : std::vector<int64_t>{});
        Scalar t(c.t, c.zero_d, c.expanded == 2 ? b : std::vector<int64_t>{});
        RunBoth(g.t, s.t, t.t, c.reduction, out);
        if (HasFatalFailure()) break;
        const uint16_t want = Expected(c.g, c.s, c.t, c.reduction, b);
        const double run_s = Seconds(t0);
        const int64_t two31 = int64_t{1} << 31;
        for (int64_t i : {int64_t{0}, int64_t{1}, two31 - 2, two31 - 1, two31, two31 + 1, kN - 2, kN - 1}) {
            EXPECT_EQ(host_[i], want) << "element " << i << " (reduction " << c.reduction << ")";
        }
        EXPECT_EQ(CountWrong(host_, 0, kN, want, "gradInput"), 0) << "reduction " << c.reduction;
        ExpectCanaryTail();
        std::printf("2^31+64 FLOAT16 elements, reduction %lld, %s inputs: 0x%04x everywhere, %.1f s\n",
                    static_cast<long long>(c.reduction), c.zero_d ? "0-d" : "[1]", want, run_s);
        // reset for the next case, so a run that writes nothing cannot pass on the previous values
        ASSERT_EQ(aclrtMemset(out_.get(), out_.bytes(), 0xA5, out_.bytes()), ACL_SUCCESS);
    }
    // the mean factor must come from the 64-bit count: its result is not that of a wrapped count (64)
    EXPECT_NE(Expected(65504.0f, 0.0f, 1.0f, 1, b), Expected(65504.0f, 0.0f, 1.0f, 1, {64}));
    aclDestroyTensor(out);
}

// self has 2^31 + 64 elements: the first 2^31 are above target, the last 64 below. A 32-bit element index
// (or byte offset) would wrap and read the first ones again for the tail.
TEST_F(HugeL1, InputPastTwoToThe31Elements) {
    DeviceBuffer self(static_cast<size_t>(kN) * 2);
    const int64_t two31 = int64_t{1} << 31;
    ASSERT_EQ(aclrtMemset(self.get(), self.bytes(), 0x3C, static_cast<size_t>(two31) * 2), ACL_SUCCESS);  // 1.0586
    ASSERT_EQ(aclrtMemset(self.as<char>() + two31 * 2, 128, 0xBC, 128), ACL_SUCCESS);                     // -1.0586
    aclTensor* s = MakeTensor({kN}, ACL_FLOAT16, self.get());
    aclTensor* out = MakeTensor({kN}, ACL_FLOAT16, out_.get());
    Scalar g(5.0f, false), t(0.0f, true);
    const auto t0 = std::chrono::steady_clock::now();
    RunBoth(g.t, s, t.t, 0, out);
    if (HasFatalFailure()) return;
    const uint16_t plus = Half(5.0f), minus = Half(-5.0f);
    EXPECT_EQ(CountWrong(host_, 0, two31, plus, "gradInput below 2^31"), 0);
    EXPECT_EQ(CountWrong(host_, two31, kN, minus, "gradInput from 2^31"), 0);
    ExpectCanaryTail();
    std::printf("self of 2^31+64 elements: tail read from the right place, %.1f s\n", Seconds(t0));
    aclDestroyTensor(s);
    aclDestroyTensor(out);
}

// A non-contiguous gradInput [15, 2^27 + 4] with strides [1, 16]: element (r, c) at 16c + r, so addresses
// run to element 2^31 + 62 (byte 2^32 + 124) and every 16th element is a gap that must stay untouched.
TEST_F(HugeL1, StridedOutputPastTwoToThe32Bytes) {
    const int64_t cols = kN / 16;  // 2^27 + 4
    const std::vector<int64_t> b = {15, cols};
    aclTensor* out = MakeTensor(b, ACL_FLOAT16, out_.get(), {1, 16}, 0, {16 * cols});
    ASSERT_NE(out, nullptr) << LastError();
    Scalar g(-1.5f, false, b), s(2.0f, true), t(1.0f, false);
    const auto t0 = std::chrono::steady_clock::now();
    RunBoth(g.t, s.t, t.t, 2, out);
    if (HasFatalFailure()) return;
    const double run_s = Seconds(t0);
    const uint16_t want = Half(-1.5f);
    int64_t bad = 0;
    for (int64_t c = 0; c < cols; ++c) {
        const uint16_t* q = host_ + 16 * c;
        bool ok = q[15] == kCanary;
        for (int r = 0; r < 15; ++r) ok &= q[r] == want;
        if (!ok && bad++ < 3) ADD_FAILURE() << "column " << c << " (elements from " << 16 * c << ") is wrong";
    }
    EXPECT_EQ(bad, 0);
    ExpectCanaryTail();
    std::printf("strided [15, 2^27+4] output spanning 4 GiB: %.1f s\n", run_s);
    aclDestroyTensor(out);
}

}  // namespace
