// The fused SIMD rows of the ReLU pair (kernels/relu_simd.cpp) and of the LeakyRelu pair
// (kernels/leaky_relu_simd.cpp) against their generic rows (kernels/relu.cpp, leaky_relu.cpp), byte for
// byte, on every Highway target this CPU supports: FLOAT, FLOAT16 and BF16; Relu, ReluGrad and
// ThresholdGradV2D (thresholds 0.5, -2, +inf, NaN, a subnormal); LeakyRelu and LeakyReluGrad (slopes 0.01,
// 0, -1.5, +inf, NaN, a subnormal, 1e30); Threshold (the same thresholds, values -1 and NaN); Hardshrink, Softshrink
// and SoftshrinkBackward (lambd |threshold|); Prelu and PreluBackward's gradInput (a random weight operand,
// contiguous or broadcast) and its float32 update values; plain and streaming stores; every broadcast pattern of the two ReluGrad / ThresholdGrad
// inputs; lengths around the vector width; misaligned output starts; in place. Values mix the IEEE specials (signed
// zeros, infinities, quiet and signalling NaNs with payloads, subnormals, values equal to the threshold) with random
// ones. The generic rows themselves are checked against the independent model in tests/operators/relu_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "kernels/convert.h"
#include "kernels/leaky_relu.h"
#include "kernels/relu.h"
#include "kernels/simd_convert.h"
#include "kernels/threshold.h"
#include "support/simd_targets.h"
#include "tensor/dtype.h"

namespace {

using namespace aclcpu;
using namespace aclcpu::kern;
using aclcpu_test::SimdTargetGuard;
using aclcpu_test::SimdTargets;

const uint32_t kF32[] = {0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x7F800000u, 0xFF800000u,
                         0x7FC00000u, 0xFFC00001u, 0x7F800001u, 0xFFA00000u, 0x00000001u, 0x807FFFFFu,
                         0x3F000000u, 0xC0000000u, 0x7F7FFFFFu, 0xFF7FFFFFu};
const uint16_t kF16[] = {0x0000, 0x8000, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00, 0xFE01,
                         0x7C01, 0xFD00, 0x0001, 0x83FF, 0x3800, 0xC000, 0x7BFF, 0xFBFF};
const uint16_t kBf16[] = {0x0000, 0x8000, 0x3F80, 0xBF80, 0x7F80, 0xFF80, 0x7FC0, 0xFFC1,
                          0x7F81, 0xFFA0, 0x0001, 0x807F, 0x3F00, 0xC000, 0x7F7F, 0xFF7F};

void Fill(std::mt19937& rng, aclDataType dt, char* p, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        const bool special = rng() % 2 == 0;
        if (dt == ACL_FLOAT) {
            uint32_t u = rng();
            if (special) u = kF32[rng() % 16];
            std::memcpy(p + 4 * i, &u, 4);
        } else {
            uint16_t u = static_cast<uint16_t>(rng());
            if (special) u = dt == ACL_FLOAT16 ? kF16[rng() % 16] : kBf16[rng() % 16];
            std::memcpy(p + 2 * i, &u, 2);
        }
    }
}

constexpr int kLeakyOp = 10;           // LeakyRelu (one input)
constexpr int kLeakyGradOp = 11;       // LeakyReluGrad (gradOutput, self)
constexpr int kThresholdOp = 12;       // Threshold (one input; value -1, or NaN for a negative threshold)
constexpr int kHardShrinkOp = 13;      // Hardshrink (one input; lambd = |threshold|, value +0)
constexpr int kSoftShrinkOp = 14;      // Softshrink (one input; lambd = |threshold|)
constexpr int kSoftShrinkGradOp = 15;  // SoftshrinkBackward (gradOutput, self; lambd = |threshold|)
constexpr int kHardtanhOp = 16;  // Hardtanh (one input; min = -|threshold|, max = |threshold|, in the dtype)
constexpr int kHardtanhGradOp = 17;  // HardtanhBackward (gradOutput, self; min = -|threshold|, max = |threshold|)
constexpr int kHardShrinkGradOp = 18;  // HardshrinkBackward (gradOutput, self; lambd = |threshold|)
constexpr int kPreluOp = 19;           // Prelu (self, weight: the LeakyRelu rows with a slope operand)
constexpr int kPreluGradOp = 20;       // PreluBackward's gradInput (gradOutput, self, weight)
constexpr int kPreluUpdateOp = 21;     // PreluBackward's update values (gradOutput, self; float32 out)

/// Whether a Threshold-row op takes two inputs (gradOutput, self).
bool TwoInputThresholdOp(int op) { return op == kSoftShrinkGradOp || op == kHardtanhGradOp || op == kHardShrinkGradOp; }

/// v rounded to dt (FLOAT16 / BF16 RNE), as float32: a threshold the first phase would have converted.
float RoundToDtype(aclDataType dt, float v) { return RoundToPromoted(v, dt); }

struct Case {
    int op;  // kReluOp, ThresholdOpCode, kLeakyOp or kLeakyGradOp
    aclDataType dt;
    float threshold;
    int64_t stride[4];  // out, first, second, third input (bytes; the third: kPreluGradOp's weight)
    int64_t n, off;
    bool nt, in_place;
};

std::string Describe(const Case& c, int64_t target) {
    return std::string(simd::TargetName(target)) + " op=" + std::to_string(c.op) + " " + DtypeName(c.dt) +
           " thr=" + std::to_string(c.threshold) + " n=" + std::to_string(c.n) + " off=" + std::to_string(c.off) +
           " strides " + std::to_string(c.stride[1]) + "/" + std::to_string(c.stride[2]) + "/" +
           std::to_string(c.stride[3]) + (c.nt ? " nt" : "") + (c.in_place ? " in-place" : "");
}

bool RunCase(std::mt19937& rng, const Case& c, int64_t target) {
    const bool update = c.op == kPreluUpdateOp;
    const bool prelu = c.op == kPreluOp || c.op == kPreluGradOp || update;
    const bool leaky = c.op == kLeakyOp || c.op == kLeakyGradOp || prelu;
    const bool thr_op = c.op >= kThresholdOp && !prelu;
    const int inputs = c.op == kPreluGradOp                                                          ? 3
                       : c.op == kReluOp || c.op == kLeakyOp || (thr_op && !TwoInputThresholdOp(c.op)) ? 1
                                                                                                     : 2;
    const int64_t item = static_cast<int64_t>(ItemSize(c.dt));
    std::vector<std::vector<char>> in(3);
    for (int k = 0; k < inputs; ++k) {
        in[k].assign(static_cast<size_t>((c.n + 1) * item), 0);
        Fill(rng, c.dt, in[k].data(), c.stride[k + 1] == 0 ? 1 : c.n);
    }
    if (inputs == 2 && c.stride[2] != 0 && c.threshold == 0.5f) {  // self exactly at the threshold, often
        for (int64_t i = 0; i < c.n; i += 3) {
            const uint32_t f = 0x3F000000u;
            const uint16_t h = c.dt == ACL_FLOAT16 ? 0x3800 : 0x3F00;
            std::memcpy(in[1].data() + i * item, c.dt == ACL_FLOAT ? static_cast<const void*>(&f) : &h,
                        static_cast<size_t>(item));
        }
    }
    const int64_t oitem = update ? 4 : item;  // the update values are float32
    const size_t bytes = static_cast<size_t>((c.n + c.off + 1) * oitem) + 192;
    std::vector<char> want(bytes, 0x5A), got(bytes, 0x5A);
    auto base = [&](std::vector<char>& v) {
        char* b = v.data();
        return b + (64 - reinterpret_cast<uintptr_t>(b) % 64) % 64 + c.off * oitem;
    };
    char* pw = base(want);
    char* pg = base(got);
    // In place: the output is the first input (Relu's self, the gradient rows' gradOutput).
    if (c.in_place) {
        std::memcpy(pw, in[0].data(), static_cast<size_t>(c.n * item));
        std::memcpy(pg, in[0].data(), static_cast<size_t>(c.n * item));
    }
    const ReluParams rp{c.dt};
    const ThresholdGradParams tp{c.dt, static_cast<ThresholdKernel>(leaky ? 0 : c.op - 1), c.threshold};
    // the slope: c.threshold, or (Prelu) the last input
    LeakyReluParams lp{c.dt, c.op == kPreluOp ? 1 : (c.op == kPreluGradOp ? 2 : inputs), c.threshold,
                       prelu && !update};
    lp.update = update;
    ThresholdParams hp{};
    hp.dtype = c.dt;
    hp.kind = c.op == kThresholdOp    ? SelectKind::kThreshold
              : c.op == kHardShrinkOp ? SelectKind::kHardShrink
              : c.op == kSoftShrinkOp ? SelectKind::kSoftShrink
              : c.op == kHardtanhOp   ? SelectKind::kHardtanh
              : c.op == kHardtanhGradOp ? SelectKind::kHardtanhGrad
              : c.op == kHardShrinkGradOp ? SelectKind::kHardShrinkGrad
                                      : SelectKind::kSoftShrinkGrad;
    hp.thr_f = RoundToDtype(c.dt, c.threshold);
    hp.val_f = c.threshold < 0 ? QuietNaN(NAN) : -1.0f;
    if (c.op >= kHardShrinkOp) {  // lambd is a float32 >= 0 (or NaN), never rounded to the dtype
        hp.thr_f = std::fabs(c.threshold);
        hp.val_f = 0.0f;
    }
    if (c.op == kHardtanhOp) {  // signed zeros (1e-40 in the 16-bit dtypes), NaN and infinite bounds
        hp.thr_f = RoundToDtype(c.dt, -std::fabs(c.threshold));
        hp.val_f = RoundToDtype(c.dt, std::fabs(c.threshold));
    }
    if (c.op == kHardtanhGradOp) {  // float32 bounds, not rounded to the dtype
        hp.thr_f = -std::fabs(c.threshold);
        hp.val_f = std::fabs(c.threshold);
    }
    const void* params = thr_op ? static_cast<const void*>(&hp)
                         : leaky ? static_cast<const void*>(&lp)
                         : c.op == kReluOp ? static_cast<const void*>(&rp)
                                           : static_cast<const void*>(&tp);
    const aclDataType dts[4] = {update ? ACL_FLOAT : c.dt, c.dt, c.dt, c.dt};
    char* wp[4] = {pw, c.in_place ? pw : in[0].data(), in[1].data(), in[2].data()};
    char* gp[4] = {pg, c.in_place ? pg : in[0].data(), in[1].data(), in[2].data()};
    if (thr_op) {
        ThresholdRowGeneric(params, dts, wp, c.stride, c.n);
    } else if (leaky) {
        LeakyReluRowGeneric(params, dts, wp, c.stride, c.n);
    } else if (c.op == kReluOp) {
        ReluRowGeneric(params, dts, wp, c.stride, c.n);
    } else {
        ThresholdGradRowGeneric(params, dts, wp, c.stride, c.n);
    }
    RowFn fn = thr_op  ? SelectThresholdFusedRow(hp, dts, c.stride, c.nt)
               : leaky ? SelectLeakyReluFusedRow(lp, dts, c.stride, c.nt)
                       : SelectReluFusedRow(c.op, c.dt, dts, c.stride, c.nt);
    if (fn == nullptr) {
        ADD_FAILURE() << Describe(c, target) << ": no fused row";
        return false;
    }
    fn(params, dts, gp, c.stride, c.n);
    StreamFence();
    // From the aligned bases over everything the row may touch and beyond (canaries included).
    const char* bw = pw - c.off * oitem;
    const char* bg = pg - c.off * oitem;
    const size_t cmp = bytes - 64;
    if (std::memcmp(bw, bg, cmp) != 0) {
        size_t first = 0;
        while (bw[first] == bg[first]) ++first;
        ADD_FAILURE() << Describe(c, target) << ": first differing byte " << first;
        return false;
    }
    return true;
}

TEST(ReluRows, FusedRowsMatchGenericOnEveryTarget) {
    SimdTargetGuard guard;
    std::mt19937 rng(950);
    const float thresholds[] = {0.5f, -2.0f, HUGE_VALF, NAN, 1e-40f};
    const float slopes[] = {0.01f, 0.0f, -1.5f, HUGE_VALF, NAN, 1e-40f, 1e30f};
    int failures = 0, cases = 0;
    for (int64_t target : SimdTargets()) {
        simd::ForceTarget(target);
        for (aclDataType dt : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            const int64_t item = static_cast<int64_t>(ItemSize(dt));
            for (int op : {kReluOp, ThresholdOpCode(ThresholdKernel::kReluGrad),
                           ThresholdOpCode(ThresholdKernel::kThresholdGradV2D), kLeakyOp, kLeakyGradOp,
                           kThresholdOp, kHardShrinkOp, kSoftShrinkOp, kSoftShrinkGradOp, kHardtanhOp, kHardtanhGradOp,
                           kHardShrinkGradOp, kPreluOp, kPreluGradOp, kPreluUpdateOp}) {
                const bool one_input = op == kReluOp || op == kLeakyOp ||
                                       (op >= kThresholdOp && !TwoInputThresholdOp(op) && op != kPreluOp &&
                                        op != kPreluGradOp);
                // gradient rows: none, gradOutput, self broadcast; PreluBackward's gradInput: also the weight
                const int patterns = one_input ? 1 : (op == kPreluGradOp ? 4 : 3);
                for (int bc = 0; bc < patterns; ++bc) {
                    for (int64_t n : {1, 5, 8, 16, 31, 33, 64, 129, 700}) {
                        for (int64_t off : {0, 1, 7}) {
                            for (int nt = 0; nt < 2; ++nt) {
                                for (int ip = 0; ip < 2; ++ip) {
                                    const bool slope = op == kLeakyOp || op == kLeakyGradOp;
                                    const float t = slope ? slopes[rng() % 7] : thresholds[rng() % 5];
                                    if (op == kPreluUpdateOp && ip != 0) continue;  // a float32 buffer of its own
                                    Case c{op, dt, t, {item, item, item, item}, n, off, nt != 0, ip != 0};
                                    if (op == kPreluUpdateOp) c.stride[0] = 4;
                                    if (one_input) c.stride[2] = 0;
                                    if (op != kPreluGradOp) c.stride[3] = 0;
                                    if (bc == 1) c.stride[1] = 0;
                                    if (bc == 2) c.stride[2] = 0;
                                    if (bc == 3) c.stride[3] = 0;
                                    if (c.in_place && c.stride[1] == 0) continue;
                                    ++cases;
                                    if (!RunCase(rng, c, target) && ++failures > 10) return;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    std::printf("%d fused cases on %zu targets\n", cases, SimdTargets().size());
}

TEST(ReluRows, FusedSelectionRefusesOtherRows) {
    const aclDataType f[3] = {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT};
    const int64_t contiguous[3] = {4, 4, 4};
    const int64_t strided_out[3] = {8, 4, 4};
    const int64_t strided_in[3] = {4, 8, 4};
    EXPECT_NE(SelectReluFusedRow(kReluOp, ACL_FLOAT, f, contiguous, false), nullptr);
    EXPECT_EQ(SelectReluFusedRow(kReluOp, ACL_FLOAT, f, strided_out, false), nullptr);
    EXPECT_EQ(SelectReluFusedRow(kReluOp, ACL_FLOAT, f, strided_in, false), nullptr);
    const aclDataType i32[3] = {ACL_INT32, ACL_INT32, ACL_INT32};
    EXPECT_EQ(SelectReluFusedRow(kReluOp, ACL_INT32, i32, contiguous, false), nullptr);
    const ReluParams rp{ACL_INT32};
    EXPECT_EQ(SelectReluRow(&rp, i32, contiguous, false), &ReluRowGeneric);
    const ThresholdGradParams tp{ACL_FLOAT, ThresholdKernel::kThresholdGradV2D, 1.0f};
    EXPECT_EQ(SelectThresholdGradRow(&tp, f, strided_in, false), &ThresholdGradRowGeneric);
    EXPECT_NE(SelectThresholdGradRow(&tp, f, contiguous, false), &ThresholdGradRowGeneric);
    // LeakyRelu: fused only when every operand has the promote type (a cast output takes the generic row)
    const LeakyReluParams lp{ACL_FLOAT, 1, 0.01f};
    const aclDataType to_half[2] = {ACL_FLOAT16, ACL_FLOAT};
    EXPECT_NE(SelectLeakyReluRow(&lp, f, contiguous, false), &LeakyReluRowGeneric);
    EXPECT_EQ(SelectLeakyReluRow(&lp, to_half, contiguous, false), &LeakyReluRowGeneric);
    EXPECT_EQ(SelectLeakyReluRow(&lp, f, strided_out, false), &LeakyReluRowGeneric);
    const LeakyReluParams ld{ACL_DOUBLE, 2, 0.01f};
    const aclDataType d3[3] = {ACL_DOUBLE, ACL_DOUBLE, ACL_DOUBLE};
    const int64_t contiguous8[3] = {8, 8, 8};
    EXPECT_EQ(SelectLeakyReluRow(&ld, d3, contiguous8, false), &LeakyReluRowGeneric);
}

}  // namespace
