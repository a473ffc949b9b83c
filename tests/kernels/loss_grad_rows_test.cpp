// The MSE and Smooth L1 gradient row bodies (fused SIMD rows, block rows) against the scalar reference bodies
// MseGradRowGeneric / SmoothL1GradRowGeneric, byte for byte (any NaN equal to any NaN), on every Highway target this
// CPU supports: every promote dtype, every Smooth L1 rule, plain and streaming stores, broadcast patterns, lengths
// around the vector width, misaligned outputs, mixed input dtypes, strided operands and wider or narrower outputs.
// Values mix IEEE specials with random values, values at +-beta and self == target.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "common/half.h"
#include "kernels/fused_row.h"
#include "kernels/loss_grad.h"
#include "kernels/simd_convert.h"
#include "support/simd_targets.h"
#include "tensor/dtype.h"

namespace {

using namespace aclcpu;
using namespace aclcpu::kern;
using aclcpu_test::SimdTargetGuard;
using aclcpu_test::SimdTargets;

const uint32_t kSpecials[] = {0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x7F800000u, 0xFF800000u,
                              0x7FC00000u, 0xFFC00001u, 0x7F800001u, 0x00000001u, 0x807FFFFFu, 0x00800000u,
                              0x7F7FFFFFu, 0xFF7FFFFFu, 0x477FF000u, 0x33000000u, 0x3F808000u, 0x42240000u /* 41 */};
const float kBetas[] = {1.0f, 41.0f, 0.0f, 5e-7f, HUGE_VALF, 3.0f, 0.5f};

// One value for dtype dt, as bits at p: specials, +-beta, small multiples of 1/64, random bits.
void FillOne(std::mt19937& rng, aclDataType dt, char* p, float beta) {
    float f;
    const unsigned k = rng() % 8;
    if (k < 2) {
        uint32_t u = kSpecials[rng() % (sizeof kSpecials / 4)];
        std::memcpy(&f, &u, 4);
    } else if (k < 4) {
        f = rng() % 2 ? beta : -beta;
    } else if (k < 7) {
        f = static_cast<float>(static_cast<int>(rng() % 513) - 256) / 64.0f;
    } else {
        uint32_t u = rng();
        std::memcpy(&f, &u, 4);
    }
    if (dt == ACL_FLOAT) {
        std::memcpy(p, &f, 4);
    } else {
        const uint16_t h = dt == ACL_FLOAT16 ? FloatToHalf(f) : FloatToBf16(f);
        std::memcpy(p, &h, 2);
    }
}

bool IsNaN(aclDataType dt, const char* p) {
    if (dt == ACL_FLOAT) {
        float f;
        std::memcpy(&f, p, 4);
        return std::isnan(f);
    }
    uint16_t h;
    std::memcpy(&h, p, 2);
    return dt == ACL_FLOAT16 ? (h & 0x7FFF) > 0x7C00 : (h & 0x7FFF) > 0x7F80;
}

struct Row {
    int op;  // kLossGradMse or LossGradOpCode(rule)
    MseGradParams mse;
    SmoothL1GradParams sl1;
    aclDataType dt[4];
    int64_t stride[4];  // bytes
    int64_t n;
    int64_t out_offset;  // elements
    const void* params() const { return op == kLossGradMse ? static_cast<const void*>(&mse) : &sl1; }
    aclDataType promote() const { return op == kLossGradMse ? mse.promote : sl1.promote; }
};

Row MakeRow(std::mt19937& rng, int op, aclDataType P) {
    Row r{};
    r.op = op;
    r.mse = {P, rng() % 2 ? 2.0f : 2.0f / 3.0f};
    const float beta = kBetas[rng() % (sizeof kBetas / 4)];
    r.sl1.promote = P;
    r.sl1.rule = op == 1 ? SmoothL1Rule::kArch35Tensor : (op == 2 ? SmoothL1Rule::kArch35Scalar : SmoothL1Rule::kTbe);
    r.sl1.sigma = beta;
    r.sl1.neg_sigma = -1.0f * beta;
    r.sl1.inv_sigma = op == 3 ? beta + 1e-6f : (std::fabs(beta) < 1e-6f ? NAN : 1.0f / beta);
    r.sl1.norm = rng() % 2 ? 1.0f : 1.0f / 7.0f;
    return r;
}

std::string Describe(const Row& c, int64_t target) {
    std::string s = std::string(simd::TargetName(target)) + " op=" + std::to_string(c.op) +
                    " P=" + DtypeName(c.promote()) + " n=" + std::to_string(c.n) +
                    " off=" + std::to_string(c.out_offset) + " beta=" + std::to_string(c.sl1.sigma) + " dt/stride:";
    for (int k = 0; k < 4; ++k) s += std::string(" ") + DtypeName(c.dt[k]) + "/" + std::to_string(c.stride[k]);
    return s;
}

// Runs fn and the generic body over the same inputs; true when the outputs (and the bytes around them) agree.
bool RunAndCompare(std::mt19937& rng, const Row& c, RowFn fn, int64_t target) {
    const int64_t n = c.n;
    std::vector<std::vector<char>> in(3);
    char* ptrs[4];
    for (int k = 1; k < 4; ++k) {
        const int64_t count = c.stride[k] == 0 ? 1 : n;
        const int64_t step = c.stride[k] == 0 ? static_cast<int64_t>(ItemSize(c.dt[k])) : c.stride[k];
        in[k - 1].assign(static_cast<size_t>(count * step) + 64, 0);
        ptrs[k] = in[k - 1].data();
        for (int64_t i = 0; i < count; ++i) FillOne(rng, c.dt[k], ptrs[k] + i * step, c.sl1.sigma);
    }
    if (c.dt[2] == c.dt[3] && c.stride[2] != 0 && c.stride[3] != 0) {  // self == target now and then
        for (int64_t i = 0; i < n; ++i) {
            if (rng() % 5 == 0) std::memcpy(ptrs[3] + i * c.stride[3], ptrs[2] + i * c.stride[2], ItemSize(c.dt[2]));
        }
    }
    const size_t oitem = ItemSize(c.dt[0]);
    const size_t obytes = static_cast<size_t>((n + c.out_offset + 1) * c.stride[0]) + 128;
    std::vector<char> got(obytes, 0x5A), want(obytes, 0x5A);
    auto aligned = [&](std::vector<char>& v) {
        char* b = v.data();
        b += (64 - reinterpret_cast<uintptr_t>(b) % 64) % 64;
        return b + c.out_offset * static_cast<int64_t>(oitem);
    };
    char* pw = aligned(want);
    char* pg = aligned(got);
    char* rp[4] = {pw, ptrs[1], ptrs[2], ptrs[3]};
    if (c.op == kLossGradMse) {
        MseGradRowGeneric(c.params(), c.dt, rp, c.stride, n);
    } else {
        SmoothL1GradRowGeneric(c.params(), c.dt, rp, c.stride, n);
    }
    char* fp[4] = {pg, ptrs[1], ptrs[2], ptrs[3]};
    fn(c.params(), c.dt, fp, c.stride, n);
    StreamFence();
    // A NaN result equals any NaN: which operand's payload a NaN carries through several operations is up to
    // the compiler's operand order in the scalar body (multiplication commutes). Everything else bit for bit.
    for (int64_t i = 0; i < n; ++i) {
        char* g = pg + i * c.stride[0];
        const char* w = pw + i * c.stride[0];
        if (IsNaN(c.dt[0], g) && IsNaN(c.dt[0], w)) std::memcpy(g, w, oitem);
    }
    const char* bw = pw - c.out_offset * static_cast<int64_t>(oitem);
    const char* bg = pg - c.out_offset * static_cast<int64_t>(oitem);
    if (std::memcmp(bg, bw, obytes - 64) != 0) {
        size_t first = 0;
        while (bg[first] == bw[first]) ++first;
        ADD_FAILURE() << Describe(c, target) << ": first differing byte " << first;
        return false;
    }
    return true;
}

TEST(LossGradRows, FusedRowsMatchReference) {
    SimdTargetGuard guard;
    std::mt19937 rng(4242);
    int failures = 0, cases = 0;
    for (int64_t target : SimdTargets()) {
        simd::ForceTarget(target);
        for (int op = 0; op < 4; ++op) {
            for (aclDataType P : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
                const int64_t item = static_cast<int64_t>(ItemSize(P));
                for (int nt = 0; nt < 2; ++nt) {
                    for (int bcast = 0; bcast < 8; ++bcast) {
                        for (int64_t n : {1, 7, 8, 16, 17, 33, 64, 100, 1000}) {
                            Row c = MakeRow(rng, op, P);
                            c.n = n;
                            c.out_offset = static_cast<int64_t>(rng() % 10);
                            for (int k = 0; k < 4; ++k) c.dt[k] = P;
                            c.stride[0] = item;
                            for (int k = 0; k < 3; ++k) c.stride[k + 1] = (bcast >> k) & 1 ? 0 : item;
                            RowFn fn = SelectLossGradFusedRow(op, P, c.dt, c.stride, nt != 0);
                            ASSERT_NE(fn, nullptr) << Describe(c, target);
                            ++cases;
                            if (!RunAndCompare(rng, c, fn, target) && ++failures > 10) return;
                        }
                    }
                }
            }
        }
    }
    std::printf("%d fused cases on %zu targets\n", cases, SimdTargets().size());
}

TEST(LossGradRows, SelectionRefusesOtherShapesForFused) {
    const aclDataType same[4] = {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT};
    const int64_t strided_out[4] = {8, 4, 4, 4};
    const int64_t contiguous[4] = {4, 4, 4, 4};
    EXPECT_EQ(SelectLossGradFusedRow(kLossGradMse, ACL_FLOAT, same, strided_out, false), nullptr);
    EXPECT_NE(SelectLossGradFusedRow(kLossGradMse, ACL_FLOAT, same, contiguous, false), nullptr);
    const aclDataType wide_out[4] = {ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16};
    EXPECT_EQ(SelectLossGradFusedRow(kLossGradMse, ACL_FLOAT16, wide_out, contiguous, false), nullptr);
    const MseGradParams p{ACL_FLOAT16, 2.0f};
    EXPECT_NE(SelectMseGradRow(&p, wide_out, contiguous, false), nullptr);  // the block body
}

TEST(LossGradRows, BlockRowsMatchReference) {
    SimdTargetGuard guard;
    std::mt19937 rng(99);
    const aclDataType floats[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    int failures = 0, cases = 0;
    for (int64_t target : SimdTargets()) {
        simd::ForceTarget(target);
        for (int i = 0; i < 600; ++i) {
            const int op = static_cast<int>(rng() % 4);
            Row c = MakeRow(rng, op, ACL_FLOAT);
            if (op == kLossGradMse) {  // MSE: inputs share self's dtype P; the output any listed dtype
                const aclDataType P = floats[rng() % 3];
                c.mse.promote = P;
                c.dt[1] = c.dt[2] = c.dt[3] = P;
            } else {  // Smooth L1: any mix, P their promotion
                for (int k = 1; k < 4; ++k) c.dt[k] = floats[rng() % 3];
                const bool all16 = c.dt[1] == ACL_FLOAT16 && c.dt[2] == ACL_FLOAT16 && c.dt[3] == ACL_FLOAT16;
                const bool allb = c.dt[1] == ACL_BF16 && c.dt[2] == ACL_BF16 && c.dt[3] == ACL_BF16;
                c.sl1.promote = all16 ? ACL_FLOAT16 : (allb ? ACL_BF16 : ACL_FLOAT);
            }
            c.dt[0] = floats[rng() % 3];
            for (int k = 0; k < 4; ++k) {
                const int64_t item = static_cast<int64_t>(ItemSize(c.dt[k]));
                const unsigned m = rng() % 4;
                c.stride[k] = (k > 0 && m == 0) ? 0 : item * (m == 3 ? 3 : 1);
            }
            c.n = static_cast<int64_t>(rng() % 1500) + 1;
            c.out_offset = static_cast<int64_t>(rng() % 5);
            const bool nt = rng() % 2 == 0;
            RowFn fn = SelectLossGradBlockRow(op, c.promote(), nt);
            ASSERT_NE(fn, nullptr);
            ++cases;
            if (!RunAndCompare(rng, c, fn, target) && ++failures > 10) return;
        }
    }
    std::printf("%d block cases on %zu targets\n", cases, SimdTargets().size());
}

// The BF16 fused rows round without the NaN test when the parameters allow it (QuietBf16Param). That must give
// the bits of the rounding with the test: every BF16 pattern as self (all NaN payloads included), against
// targets and gradients that make the difference exact, inexact and NaN, on every target and op. A NaN result
// must be a quiet NaN in both (skipping the test wrongly would turn a NaN into an infinity, a zero or a NaN of
// another sign); which operand's payload it carries is the compiler's choice of operand order for a
// commutative product, as everywhere in this file.
TEST(LossGradRows, Bf16QuietRoundingEqualsCheckedRounding) {
    SimdTargetGuard guard;
    const uint16_t kOthers[] = {0x0000, 0x8000, 0x3F80, 0x3F81, 0xBF80, 0x4049, 0x0001, 0x7F80, 0x7FC1, 0xFF81};
    const int64_t no = static_cast<int64_t>(sizeof kOthers / 2);
    const int64_t n = 65536 * no;
    std::vector<uint16_t> g(static_cast<size_t>(n)), s(static_cast<size_t>(n)), t(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
        s[static_cast<size_t>(i)] = static_cast<uint16_t>(i / no);
        t[static_cast<size_t>(i)] = kOthers[i % no];
        g[static_cast<size_t>(i)] = kOthers[(i / 7) % no];
    }
    const aclDataType dt[4] = {ACL_BF16, ACL_BF16, ACL_BF16, ACL_BF16};
    const int64_t st[4] = {2, 2, 2, 2};
    std::vector<uint16_t> quiet(static_cast<size_t>(n)), checked(static_cast<size_t>(n));
    std::mt19937 rng(12);
    int checks = 0;
    for (int64_t target : SimdTargets()) {
        simd::ForceTarget(target);
        for (int op = 0; op < 4; ++op) {
            for (int rep = 0; rep < 2; ++rep) {
                Row c = MakeRow(rng, op, ACL_BF16);
                ASSERT_TRUE(QuietBf16Param(c.mse.cof) && QuietBf16Param(c.sl1.inv_sigma) && QuietBf16Param(c.sl1.norm));
                const RowFn fq = SelectLossGradFusedRow(op, ACL_BF16, dt, st, rep == 1, true);
                const RowFn fc = SelectLossGradFusedRow(op, ACL_BF16, dt, st, rep == 1, false);
                ASSERT_NE(fq, nullptr);
                ASSERT_NE(fq, fc);
                char* pq[4] = {reinterpret_cast<char*>(quiet.data()), reinterpret_cast<char*>(g.data()),
                               reinterpret_cast<char*>(s.data()), reinterpret_cast<char*>(t.data())};
                char* pc[4] = {reinterpret_cast<char*>(checked.data()), pq[1], pq[2], pq[3]};
                fq(c.params(), dt, pq, st, n);
                fc(c.params(), dt, pc, st, n);
                StreamFence();
                auto quiet_nan = [](uint16_t h) { return (h & 0x7FC0) == 0x7FC0; };
                size_t i = 0;
                while (i < quiet.size() &&
                       (quiet[i] == checked[i] || (quiet_nan(quiet[i]) && quiet_nan(checked[i]))))
                    ++i;
                ASSERT_EQ(i, quiet.size()) << simd::TargetName(target) << " op=" << op << " at " << i << ": g=0x"
                                           << std::hex << g[i] << " s=0x" << s[i] << " t=0x" << t[i] << " quiet 0x"
                                           << quiet[i] << " checked 0x" << checked[i];
                ++checks;
            }
        }
    }
    std::printf("%d row pairs identical\n", checks);
}

}  // namespace
