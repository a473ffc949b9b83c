// The fast row bodies (fused SIMD rows, block rows) against the scalar reference body L1RowGeneric, byte for
// byte, on every Highway target this CPU supports: every dtype, both sign rules, plain and streaming stores,
// broadcast patterns, lengths around the vector width, misaligned starts, mixed dtypes, integer inputs,
// strided operands and wide outputs. Values mix the IEEE specials (signed zeros, infinities, NaNs with
// payloads and signalling NaNs, subnormals, the largest finite values) with random ones, and self == target
// often.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "common/half.h"
#include "kernels/fused_row.h"
#include "support/simd_targets.h"
#include "support/test_util.h"
#include "kernels/l1_loss_grad.h"
#include "kernels/l1_simd.h"
#include "kernels/loss.h"
#include "kernels/loss_simd.h"
#include "kernels/mse_loss.h"
#include "tensor/dtype.h"

namespace {

using namespace aclcpu;
using namespace aclcpu::kern;
using aclcpu_test::SimdTargetGuard;
using aclcpu_test::SimdTargets;



const uint32_t kSpecialFloats[] = {
    0x00000000u, 0x80000000u, 0x3F800000u, 0xBF800000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00001u,
    0x7F800001u, 0x7FA00000u, 0x00000001u, 0x807FFFFFu, 0x00800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x477FF000u,
    0x477FEFFFu, 0x33000000u, 0x33000001u, 0x38800000u, 0x387FFFFFu, 0x3F808000u, 0x3F818000u, 0x40490FDBu};
const uint16_t kSpecialHalfs[] = {0x0000, 0x8000, 0x3C00, 0xBC00, 0x7C00, 0xFC00, 0x7E00, 0xFE01, 0x7C01, 0x7D00,
                                  0x0001, 0x83FF, 0x0400, 0x7BFF, 0xFBFF, 0x3555, 0x4248};
const uint16_t kSpecialBf16[] = {0x0000, 0x8000, 0x3F80, 0xBF80, 0x7F80, 0xFF80, 0x7FC0, 0xFFC1, 0x7F81, 0x7FA0,
                                 0x0001, 0x807F, 0x0080, 0x7F7F, 0xFF7F, 0x4049};

// Fills n elements of dtype dt at p with a mix of specials and random values.
void Fill(std::mt19937& rng, aclDataType dt, char* p, int64_t n) {
    const size_t item = ItemSize(dt);
    for (int64_t i = 0; i < n; ++i) {
        const bool special = rng() % 3 == 0;
        uint64_t bits = (static_cast<uint64_t>(rng()) << 32) | rng();
        switch (dt) {
            case ACL_FLOAT:
                if (special) bits = kSpecialFloats[rng() % (sizeof kSpecialFloats / 4)];
                else if (rng() % 2) {  // an ordinary value of moderate size (random bits are often NaN-free huge)
                    const float f = static_cast<float>(static_cast<int>(rng() % 2001) - 1000) / 64.0f;
                    bits = FloatBits(f);
                }
                break;
            case ACL_FLOAT16:
                if (special) bits = kSpecialHalfs[rng() % (sizeof kSpecialHalfs / 2)];
                break;
            case ACL_BF16:
                if (special) bits = kSpecialBf16[rng() % (sizeof kSpecialBf16 / 2)];
                break;
            case ACL_BOOL: bits = rng() % 2; break;
            case ACL_INT8:
            case ACL_UINT8:
            case ACL_INT16:
                if (rng() % 2) bits = rng() % 5;  // small values make self == target likely
                break;
            default:
                if (rng() % 2) bits = static_cast<uint64_t>(static_cast<int64_t>(rng() % 7) - 3);
                break;
        }
        std::memcpy(p + static_cast<size_t>(i) * item, &bits, item);
    }
}

// self == target for roughly a quarter of the elements when the dtypes match.
void CorrelateSelfTarget(std::mt19937& rng, aclDataType dts, char* s, int64_t sst, aclDataType dtt, char* t,
                         int64_t tst, int64_t n) {
    if (dts != dtt || sst == 0 || tst == 0) return;
    const size_t item = ItemSize(dts);
    for (int64_t i = 0; i < n; ++i) {
        if (rng() % 4 == 0) std::memcpy(t + i * tst, s + i * sst, item);
    }
}

struct RowCase {
    L1Params params;
    aclDataType dt[4];   // gradInput, gradOutput, self, target
    int64_t stride[4];   // bytes
    int64_t n;
    int64_t out_offset;  // elements: misaligns the output start
};

std::string Describe(const RowCase& c, int64_t target) {
    std::string s = std::string(simd::TargetName(target)) + " P=" + DtypeName(c.params.promote) +
                    (c.params.rule == SignRule::kTbe ? " tbe" : " arch35") + " r=" + std::to_string(c.params.r) +
                    " n=" + std::to_string(c.n) + " off=" + std::to_string(c.out_offset) + " dt/stride:";
    for (int k = 0; k < 4; ++k) s += std::string(" ") + DtypeName(c.dt[k]) + "/" + std::to_string(c.stride[k]);
    return s;
}

// Runs `fn` and the reference over the same inputs; returns whether the outputs are byte-identical.
bool RunAndCompare(std::mt19937& rng, const RowCase& c, RowFn fn, bool in_place_self, int64_t target) {
    const int64_t n = c.n;
    std::vector<std::vector<char>> in(3);
    char* ptrs[4];
    for (int k = 1; k < 4; ++k) {
        const int64_t span = c.stride[k] == 0 ? 1 : n;
        in[k - 1].assign(static_cast<size_t>((span + 1) * (c.stride[k] == 0 ? ItemSize(c.dt[k]) : c.stride[k])) + 64,
                         0);
        ptrs[k] = in[k - 1].data();
        Fill(rng, c.dt[k], ptrs[k], c.stride[k] == 0 ? 1 : n * c.stride[k] / static_cast<int64_t>(ItemSize(c.dt[k])));
    }
    CorrelateSelfTarget(rng, c.dt[2], ptrs[2], c.stride[2], c.dt[3], ptrs[3], c.stride[3], n);
    const size_t oitem = ItemSize(c.dt[0]);
    const size_t obytes = static_cast<size_t>((n + c.out_offset + 1) * c.stride[0]) + 128;
    std::vector<char> got(obytes, 0x5A), want(obytes, 0x5A);
    // 64-byte aligned base + offset, so streaming stores see every alignment.
    auto aligned = [&](std::vector<char>& v) {
        char* b = v.data();
        b += (64 - reinterpret_cast<uintptr_t>(b) % 64) % 64;
        return b + c.out_offset * static_cast<int64_t>(oitem);
    };
    char* pwant = aligned(want);
    char* pgot = aligned(got);
    std::vector<char> self_copy;
    if (in_place_self) {  // gradInput is self (same dtype, same contiguous layout): copy self into the outputs
        std::memcpy(pwant, ptrs[2], static_cast<size_t>(n) * oitem);
        std::memcpy(pgot, ptrs[2], static_cast<size_t>(n) * oitem);
    }
    char* rp[4] = {pwant, ptrs[1], in_place_self ? pwant : ptrs[2], ptrs[3]};
    L1RowGeneric(&c.params, c.dt, rp, c.stride, n);
    char* fp[4] = {pgot, ptrs[1], in_place_self ? pgot : ptrs[2], ptrs[3]};
    fn(&c.params, c.dt, fp, c.stride, n);
    StreamFence();
    // Compare from the aligned bases over everything the row may touch and beyond (canaries included).
    const char* bw = pwant - c.out_offset * static_cast<int64_t>(oitem);
    const char* bg = pgot - c.out_offset * static_cast<int64_t>(oitem);
    const size_t cmp = obytes - 64;
    if (std::memcmp(bg, bw, cmp) != 0) {
        size_t first = 0;
        while (bg[first] == bw[first]) ++first;
        ADD_FAILURE() << Describe(c, target) << (in_place_self ? " in-place" : "") << ": first differing byte "
                      << first;
        return false;
    }
    return true;
}

const float kFactors[] = {1.0f, 0.0009999999f, 1.0f / 3.0f, 1e-30f, 3e38f};

TEST(SimdRows, FusedRowsMatchReference) {
    SimdTargetGuard guard;
    std::mt19937 rng(2024);
    int failures = 0, cases = 0;
    for (int64_t target : SimdTargets()) {
        simd::ForceTarget(target);
        for (aclDataType P : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
            const int64_t item = static_cast<int64_t>(ItemSize(P));
            for (SignRule rule : {SignRule::kArch35, SignRule::kTbe}) {
                for (int nt = 0; nt < 2; ++nt) {
                    for (int bcast = 0; bcast < 8; ++bcast) {
                        for (int64_t n : {1, 2, 7, 8, 15, 16, 17, 31, 33, 64, 100, 257, 1000}) {
                            for (int64_t off : {0, 1, 3, 9}) {
                                RowCase c{{P, rule, kFactors[rng() % 5]}, {P, P, P, P}, {item, 0, 0, 0}, n, off};
                                for (int k = 0; k < 3; ++k) c.stride[k + 1] = (bcast >> k) & 1 ? 0 : item;
                                RowFn fn = SelectL1SimdRow(c.params, c.dt, c.stride, nt != 0);
                                ASSERT_NE(fn, nullptr) << Describe(c, target);
                                ++cases;
                                if (!RunAndCompare(rng, c, fn, false, target) && ++failures > 10) return;
                                if (c.stride[2] != 0 && !RunAndCompare(rng, c, fn, true, target) && ++failures > 10)
                                    return;
                            }
                        }
                    }
                }
            }
        }
    }
    std::printf("%d fused cases on %zu targets\n", cases, SimdTargets().size());
}

TEST(SimdRows, FusedSelectionRefusesOtherShapes) {
    const L1Params p{ACL_FLOAT, SignRule::kArch35, 1.0f};
    const aclDataType same[4] = {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT, ACL_FLOAT};
    const int64_t strided_out[4] = {8, 4, 4, 4};
    const int64_t strided_in[4] = {4, 4, 8, 4};
    EXPECT_EQ(SelectL1SimdRow(p, same, strided_out), nullptr);
    EXPECT_EQ(SelectL1SimdRow(p, same, strided_in), nullptr);
    const aclDataType mixed[4] = {ACL_FLOAT, ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT};
    const int64_t contiguous[4] = {4, 4, 2, 4};
    EXPECT_EQ(SelectL1SimdRow(p, mixed, contiguous), nullptr);
    EXPECT_NE(SelectL1BlockRow(p, mixed, contiguous), nullptr);
}

// Random dtype mixes, strides and output dtypes through the block body.
TEST(SimdRows, BlockRowsMatchReference) {
    SimdTargetGuard guard;
    std::mt19937 rng(77);
    const aclDataType inputs[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_FLOAT,  ACL_FLOAT16, ACL_BF16,
                                  ACL_INT32, ACL_INT8,    ACL_UINT8, ACL_INT64, ACL_BOOL,    ACL_INT16};
    const aclDataType outputs[] = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_DOUBLE, ACL_COMPLEX64, ACL_COMPLEX128};
    int cases = 0, failures = 0;
    for (int64_t target : SimdTargets()) {
        simd::ForceTarget(target);
        for (int iter = 0; iter < 600; ++iter) {
            RowCase c{};
            for (int k = 1; k < 4; ++k) c.dt[k] = inputs[rng() % (sizeof inputs / sizeof inputs[0])];
            const aclDataType p = PromoteTypes(c.dt[3], PromoteTypes(c.dt[1], c.dt[2]));
            aclDataType P = p;
            if (P != ACL_FLOAT && P != ACL_FLOAT16 && P != ACL_BF16) {
                // integer-only inputs: the first phase would reject them; use a float gradOutput instead
                c.dt[1] = ACL_FLOAT16;
                P = PromoteTypes(c.dt[3], PromoteTypes(c.dt[1], c.dt[2]));
                if (P != ACL_FLOAT && P != ACL_FLOAT16 && P != ACL_BF16) continue;
            }
            c.dt[0] = outputs[rng() % (sizeof outputs / sizeof outputs[0])];
            if (!CanCast(P, c.dt[0])) continue;
            c.params = L1Params{P, rng() % 2 ? SignRule::kTbe : SignRule::kArch35, kFactors[rng() % 5]};
            for (int k = 0; k < 4; ++k) {
                const int64_t item = static_cast<int64_t>(ItemSize(c.dt[k]));
                const int mode = static_cast<int>(rng() % 4);  // 0,1 contiguous, 2 strided, 3 broadcast
                c.stride[k] = mode < 2 ? item : mode == 2 ? item * (2 + static_cast<int64_t>(rng() % 3)) : 0;
            }
            if (c.stride[0] == 0) c.stride[0] = static_cast<int64_t>(ItemSize(c.dt[0]));
            const int64_t lens[] = {1, 5, 8, 31, 513, 1100, 2048};
            c.n = lens[rng() % 7];
            c.out_offset = static_cast<int64_t>(rng() % 4);
            ++cases;
            if (!RunAndCompare(rng, c, SelectL1Row(&c.params, c.dt, c.stride, false), false, target) && ++failures > 10)
                return;
            // the block body itself, plain and with streaming stores
            for (bool nt : {false, true}) {
                if (!RunAndCompare(rng, c, SelectL1BlockRow(c.params, c.dt, c.stride, nt), false, target) &&
                    ++failures > 10)
                    return;
            }
        }
    }
    std::printf("%d block cases on %zu targets\n", cases, SimdTargets().size());
}

// Contiguous rows of one 16-bit dtype P (p.promote) over g, s, t: the fused body and the block body must
// both equal L1RowGeneric byte for byte.
void ExpectRowsMatchGeneric(const L1Params& p, const std::vector<uint16_t>& g, const std::vector<uint16_t>& s,
                            const std::vector<uint16_t>& t, const std::string& label) {
    const int64_t n = static_cast<int64_t>(g.size());
    const aclDataType dt[4] = {p.promote, p.promote, p.promote, p.promote};
    const int64_t st[4] = {2, 2, 2, 2};
    std::vector<uint16_t> want(g.size()), fused(g.size()), block(g.size());
    char* pw[4] = {reinterpret_cast<char*>(want.data()), reinterpret_cast<char*>(const_cast<uint16_t*>(g.data())),
                   reinterpret_cast<char*>(const_cast<uint16_t*>(s.data())),
                   reinterpret_cast<char*>(const_cast<uint16_t*>(t.data()))};
    L1RowGeneric(&p, dt, pw, st, n);
    char* pf[4] = {reinterpret_cast<char*>(fused.data()), pw[1], pw[2], pw[3]};
    SelectL1SimdRow(p, dt, st)(&p, dt, pf, st, n);
    char* pb[4] = {reinterpret_cast<char*>(block.data()), pw[1], pw[2], pw[3]};
    SelectL1BlockRow(p, dt, st)(&p, dt, pb, st, n);
    EXPECT_EQ(fused, want) << label;
    EXPECT_EQ(block, want) << label;
}

// Exhaustive pairs for FLOAT16 rows: every (self, target) pair of a set of 512 binary16 patterns covering all
// exponents with NaN and signalling-NaN payloads, through the fused body and the block body.
TEST(SimdRows, HalfPairsMatchReference) {
    SimdTargetGuard guard;
    std::vector<uint16_t> vals;
    for (uint32_t e = 0; e < 32; ++e) {
        for (uint32_t m : {0u, 1u, 0x155u, 0x200u, 0x201u, 0x3FFu, 0x100u, 0x2AAu}) {
            vals.push_back(static_cast<uint16_t>(e << 10 | m));
            vals.push_back(static_cast<uint16_t>(0x8000u | e << 10 | m));
        }
    }
    const int64_t n = static_cast<int64_t>(vals.size() * vals.size());
    std::vector<uint16_t> s(static_cast<size_t>(n)), t(static_cast<size_t>(n)), g(static_cast<size_t>(n));
    std::mt19937 rng(5);
    for (size_t i = 0; i < vals.size(); ++i) {
        for (size_t j = 0; j < vals.size(); ++j) {
            s[i * vals.size() + j] = vals[i];
            t[i * vals.size() + j] = vals[j];
            g[i * vals.size() + j] = vals[rng() % vals.size()];
        }
    }
    for (int64_t target : SimdTargets()) {
        simd::ForceTarget(target);
        for (SignRule rule : {SignRule::kArch35, SignRule::kTbe}) {
            ExpectRowsMatchGeneric(L1Params{ACL_FLOAT16, rule, 0.0009999999f}, g, s, t, simd::TargetName(target));
        }
    }
}

// Every BF16 gradOutput pattern (NaN payloads, signalling NaNs, infinities, subnormals) against each sign
// (+1, -1, 0 and a NaN self or target), for r = 1 (the fused body then skips rounding: MergeBf16Exact) and
// factors that round, overflow and underflow (MergeBf16Fused), through the fused body and the block body.
TEST(SimdRows, Bf16AllGradPatternsMatchReference) {
    SimdTargetGuard guard;
    const uint16_t kPairs[][2] = {{0x3F80, 0x0000}, {0x0000, 0x3F80}, {0x3F80, 0x3F80}, {0x7FC1, 0x3F80},
                                  {0x3F80, 0x7F81}, {0x8000, 0x0000}};
    const int64_t npairs = static_cast<int64_t>(sizeof(kPairs) / sizeof(kPairs[0]));
    const int64_t n = 65536 * npairs;
    std::vector<uint16_t> g(static_cast<size_t>(n)), s(static_cast<size_t>(n)), t(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
        g[static_cast<size_t>(i)] = static_cast<uint16_t>(i / npairs);
        s[static_cast<size_t>(i)] = kPairs[i % npairs][0];
        t[static_cast<size_t>(i)] = kPairs[i % npairs][1];
    }
    for (int64_t target : SimdTargets()) {
        simd::ForceTarget(target);
        for (SignRule rule : {SignRule::kArch35, SignRule::kTbe}) {
            for (float r : {1.0f, 1.0f / 3.0f, 3e38f, 1e-30f}) {
                ExpectRowsMatchGeneric(L1Params{ACL_BF16, rule, r}, g, s, t,
                                       std::string(simd::TargetName(target)) + " r=" + std::to_string(r));
            }
        }
    }
}


// ------------------------------------------------------------------ forward losses (kernels/loss_simd.h)
//
// The SIMD rows of aclnnL1Loss, aclnnSmoothL1Loss and aclnnMseLoss - the `none` rows (plain and streaming
// stores) and the reduction's value rows - against the scalar bodies LossRowGeneric / LossValuesRowGeneric /
// MseLossRowGeneric / MseLossValues, byte for byte (NaNs included), on every target.
namespace fwd {

struct FwdCase {
    FwdLoss loss;
    LossParams lp;     // L1, Smooth L1
    MseLossParams mp;  // MSE
    bool values;
    aclDataType dt[3];  // out, self, target
    int64_t stride[3];  // bytes
    int64_t n;
    int64_t out_offset;  // elements
    const void* params() const { return loss == FwdLoss::kMse ? static_cast<const void*>(&mp) : &lp; }
};

std::string Describe(const FwdCase& c, int64_t target) {
    return std::string(simd::TargetName(target)) + " loss=" + std::to_string(static_cast<int>(c.loss)) +
           " P=" + DtypeName(c.dt[1]) + (c.values ? " values" : " none") + " n=" + std::to_string(c.n) +
           " off=" + std::to_string(c.out_offset) + " strides=" + std::to_string(c.stride[1]) + "/" +
           std::to_string(c.stride[2]) + " beta=" + std::to_string(c.lp.sigma) + " mul=" +
           std::to_string(c.lp.multiply) + " scale=" + std::to_string(c.lp.scale_values ? c.lp.scale : 1.0f);
}

void Reference(const FwdCase& c, char* const* ptrs) {
    if (c.loss == FwdLoss::kMse) {
        if (c.values) {
            MseLossValues(c.mp.promote, c.dt + 1, ptrs + 1, c.stride + 1, c.n, reinterpret_cast<float*>(ptrs[0]));
        } else {
            MseLossRowGeneric(&c.mp, c.dt, ptrs, c.stride, c.n);
        }
    } else if (c.values) {
        LossValuesRowGeneric(&c.lp, c.dt, ptrs, c.stride, c.n);
    } else {
        LossRowGeneric(&c.lp, c.dt, ptrs, c.stride, c.n);
    }
}

// Runs fn and the reference over the same inputs (s, t: n elements each unless broadcast); true when the
// outputs and the canary bytes around them agree.
bool Compare(const FwdCase& c, RowFn fn, char* s, char* t, int64_t target) {
    const size_t oitem = ItemSize(c.dt[0]);
    const size_t obytes = static_cast<size_t>(c.n + c.out_offset + 1) * oitem + 128;
    std::vector<char> got(obytes, 0x5A), want(obytes, 0x5A);
    auto aligned = [&](std::vector<char>& v) {
        char* b = v.data();
        b += (64 - reinterpret_cast<uintptr_t>(b) % 64) % 64;
        return b + c.out_offset * static_cast<int64_t>(oitem);
    };
    char* pw = aligned(want);
    char* pg = aligned(got);
    char* rp[3] = {pw, s, t};
    Reference(c, rp);
    char* fp[3] = {pg, s, t};
    fn(c.params(), c.dt, fp, c.stride, c.n);
    StreamFence();
    // from the aligned bases over everything the row may touch and beyond (canaries included)
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

// Smooth L1 parameters as the operator sets them (§5.2, §5.3): beta >= 0; 950: |beta| < 1e-6f -> multiply 0.
LossParams SmoothL1Params(aclDataType P, float beta, bool ascend950, bool values) {
    LossParams p{P, LossKind::kSmoothL1, values ? LossOutput::kValue : LossOutput::kRounded, 0, 1.0f, beta, 0.0f,
                 -0.5f * beta};
    p.multiply = ascend950 && std::fabs(beta) < 1e-6f ? 0.0f : 1.0f / beta;
    return p;
}

const float kBetas[] = {1.0f, 0.0f, 5e-7f, 41.0f, 0.5f, 3.0f, HUGE_VALF, 1e-30f};

// The row's parameter block as the selector takes it.
const void* ParamsOf(const FwdCase& c) {
    return c.loss == FwdLoss::kMse ? static_cast<const void*>(&c.mp) : static_cast<const void*>(&c.lp);
}

FwdCase MakeCase(std::mt19937& rng, FwdLoss loss, aclDataType P, bool values) {
    FwdCase c{};
    c.loss = loss;
    c.values = values;
    c.mp = {P, values};
    if (loss == FwdLoss::kSmoothL1) {
        c.lp = SmoothL1Params(P, kBetas[rng() % (sizeof kBetas / 4)], rng() % 2 == 0, values);
    } else {
        c.lp = {P, LossKind::kL1, values ? LossOutput::kValue : LossOutput::kRounded, 0, 1.0f, 0.0f, 0.0f, 0.0f};
        if (loss == FwdLoss::kL1 && values && rng() % 2) {  // TBE L1 mean: each value times cof
            c.lp.scale_values = 1;
            c.lp.scale = kFactors[rng() % 5];
        }
    }
    c.dt[0] = values ? ACL_FLOAT : P;
    c.dt[1] = c.dt[2] = P;
    c.stride[0] = static_cast<int64_t>(ItemSize(c.dt[0]));
    return c;
}

// Inputs of n elements of dtype dt: specials, +-beta, values on a 1/64 grid, random bits; t == s at times.
void FillInputs(std::mt19937& rng, const FwdCase& c, std::vector<char>& s, std::vector<char>& t) {
    const size_t item = ItemSize(c.dt[1]);
    s.assign(static_cast<size_t>(c.n) * item + 64, 0);
    t.assign(static_cast<size_t>(c.n) * item + 64, 0);
    Fill(rng, c.dt[1], s.data(), c.n);
    Fill(rng, c.dt[2], t.data(), c.n);
    const float beta = c.lp.sigma;
    for (int64_t i = 0; i < c.n; ++i) {
        char* q = (rng() % 2 ? s.data() : t.data()) + static_cast<size_t>(i) * item;
        const unsigned k = rng() % 8;
        if (k == 0) {
            std::memcpy(t.data() + i * item, s.data() + i * item, item);  // self == target
        } else if (k == 1 && std::isfinite(beta)) {  // |s - t| near beta
            const float f = rng() % 2 ? beta : -beta;
            if (c.dt[1] == ACL_FLOAT) {
                std::memcpy(q, &f, 4);
            } else {
                const uint16_t h = c.dt[1] == ACL_FLOAT16 ? FloatToHalf(f) : FloatToBf16(f);
                std::memcpy(q, &h, 2);
            }
        }
    }
}

TEST(SimdRows, ForwardLossRowsMatchReference) {
    SimdTargetGuard guard;
    std::mt19937 rng(31337);
    int failures = 0, cases = 0;
    for (int64_t target : SimdTargets()) {
        simd::ForceTarget(target);
        for (FwdLoss loss : {FwdLoss::kL1, FwdLoss::kSmoothL1, FwdLoss::kMse}) {
            for (aclDataType P : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16}) {
                const int64_t item = static_cast<int64_t>(ItemSize(P));
                for (int mode = 0; mode < 3; ++mode) {  // 0 none, 1 none streaming, 2 values
                    for (int bcast = 0; bcast < 4; ++bcast) {
                        for (int64_t n : {1, 2, 7, 8, 15, 16, 17, 31, 33, 64, 100, 257, 1000}) {
                            FwdCase c = MakeCase(rng, loss, P, mode == 2);
                            c.n = n;
                            c.out_offset = static_cast<int64_t>(rng() % 10);
                            c.stride[1] = bcast & 1 ? 0 : item;
                            c.stride[2] = bcast & 2 ? 0 : item;
                            const bool scale = c.lp.scale_values != 0;
                            RowFn fn = SelectFwdLossSimdRow(loss, ParamsOf(c), P, c.values, scale, c.dt, c.stride, mode == 1);
                            ASSERT_NE(fn, nullptr) << Describe(c, target);
                            // the operators' selectors pick the same body
                            const RowFn sel = loss == FwdLoss::kMse
                                                  ? SelectMseLossRow(&c.mp, c.dt, c.stride, mode == 1)
                                                  : SelectLossRow(&c.lp, c.dt, c.stride, mode == 1);
                            EXPECT_EQ(sel, fn) << Describe(c, target);
                            std::vector<char> s, t;
                            FillInputs(rng, c, s, t);
                            ++cases;
                            if (!Compare(c, fn, s.data(), t.data(), target) && ++failures > 10) return;
                        }
                    }
                }
            }
        }
    }
    std::printf("%d forward-loss cases on %zu targets\n", cases, SimdTargets().size());
}

// BF16 `none` rows round without the NaN test only when no parameter can bring a NaN payload with low bits
// into a result (the operators reject a NaN beta, so this guard is the kernels' own defence).
TEST(SimdRows, Bf16RoundingSkipsNaNTestOnlyForQuietParams) {
    SimdTargetGuard guard;
    const aclDataType bf[3] = {ACL_BF16, ACL_BF16, ACL_BF16};
    const int64_t st[3] = {2, 2, 2};
    for (int64_t target : SimdTargets()) {
        simd::ForceTarget(target);
        LossParams ok = SmoothL1Params(ACL_BF16, 1.0f, true, false);
        LossParams payload = ok;
        payload.adds = BitsToFloat(0x7FC00123u);
        LossParams default_nan = ok;
        default_nan.multiply = BitsToFloat(0x7FC00000u);
        const RowFn quiet = SelectFwdLossSimdRow(FwdLoss::kSmoothL1, &ok, ACL_BF16, false, false, bf, st, false);
        EXPECT_NE(SelectFwdLossSimdRow(FwdLoss::kSmoothL1, &payload, ACL_BF16, false, false, bf, st, false), quiet);
        EXPECT_EQ(SelectFwdLossSimdRow(FwdLoss::kSmoothL1, &default_nan, ACL_BF16, false, false, bf, st, false),
                  quiet);
    }
    EXPECT_TRUE(QuietBf16Param(1.0f));
    EXPECT_TRUE(QuietBf16Param(-HUGE_VALF));
    EXPECT_TRUE(QuietBf16Param(BitsToFloat(0xFFC00000u)));
    EXPECT_FALSE(QuietBf16Param(BitsToFloat(0x7FC00001u)));
    EXPECT_FALSE(QuietBf16Param(BitsToFloat(0x7F810000u)));  // signalling
}

TEST(SimdRows, ForwardLossSelectionRefusesOtherShapes) {
    const LossParams lp{};
    const aclDataType same[3] = {ACL_FLOAT16, ACL_FLOAT16, ACL_FLOAT16};
    const int64_t contiguous[3] = {2, 2, 2};
    const int64_t strided_out[3] = {4, 2, 2};
    const int64_t strided_in[3] = {2, 4, 2};
    EXPECT_NE(SelectFwdLossSimdRow(FwdLoss::kL1, &lp, ACL_FLOAT16, false, false, same, contiguous, false), nullptr);
    EXPECT_EQ(SelectFwdLossSimdRow(FwdLoss::kL1, &lp, ACL_FLOAT16, false, false, same, strided_out, false), nullptr);
    EXPECT_EQ(SelectFwdLossSimdRow(FwdLoss::kMse, &lp, ACL_FLOAT16, false, false, same, strided_in, true), nullptr);
    const aclDataType mixed[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT};
    const int64_t mixed_st[3] = {4, 2, 4};
    EXPECT_EQ(SelectFwdLossSimdRow(FwdLoss::kSmoothL1, &lp, ACL_FLOAT, false, false, mixed, mixed_st, false), nullptr);
    const aclDataType wide_out[3] = {ACL_FLOAT, ACL_FLOAT16, ACL_FLOAT16};  // none into a FLOAT out: scalar
    const int64_t wide_st[3] = {4, 2, 2};
    EXPECT_EQ(SelectFwdLossSimdRow(FwdLoss::kL1, &lp, ACL_FLOAT16, false, false, wide_out, wide_st, false), nullptr);
    EXPECT_NE(SelectFwdLossSimdRow(FwdLoss::kL1, &lp, ACL_FLOAT16, true, true, wide_out, wide_st, false), nullptr);
    EXPECT_EQ(SelectFwdLossSimdRow(FwdLoss::kMse, &lp, ACL_INT64, true, false, wide_out, wide_st, false), nullptr);
    const LossParams p{ACL_FLOAT16, LossKind::kL1, LossOutput::kRounded, 0, 1.0f, 0.0f, 0.0f, 0.0f};
    EXPECT_EQ(SelectLossRow(&p, wide_out, wide_st, false), &LossRowGeneric);
}

// Every (self, target) pair of 512 binary16 patterns (all exponents, subnormals, infinities, NaN payloads,
// signalling NaNs) through each loss's `none` row (rounding ties to FLOAT16 included) and values row.
TEST(SimdRows, ForwardLossHalfPairsMatchReference) {
    SimdTargetGuard guard;
    std::vector<uint16_t> vals;
    for (uint32_t e = 0; e < 32; ++e) {
        for (uint32_t m : {0u, 1u, 0x155u, 0x200u, 0x201u, 0x3FFu, 0x100u, 0x2AAu}) {
            vals.push_back(static_cast<uint16_t>(e << 10 | m));
            vals.push_back(static_cast<uint16_t>(0x8000u | e << 10 | m));
        }
    }
    const int64_t n = static_cast<int64_t>(vals.size() * vals.size());
    std::vector<uint16_t> s(static_cast<size_t>(n)), t(static_cast<size_t>(n));
    for (size_t i = 0; i < vals.size(); ++i) {
        for (size_t j = 0; j < vals.size(); ++j) {
            s[i * vals.size() + j] = vals[i];
            t[i * vals.size() + j] = vals[j];
        }
    }
    std::mt19937 rng(8);
    int failures = 0;
    for (int64_t target : SimdTargets()) {
        simd::ForceTarget(target);
        for (FwdLoss loss : {FwdLoss::kL1, FwdLoss::kSmoothL1, FwdLoss::kMse}) {
            for (int mode = 0; mode < 3; ++mode) {
                FwdCase c = MakeCase(rng, loss, ACL_FLOAT16, mode == 2);
                c.n = n;
                c.stride[1] = c.stride[2] = 2;
                RowFn fn = SelectFwdLossSimdRow(loss, ParamsOf(c), ACL_FLOAT16, c.values, c.lp.scale_values != 0, c.dt, c.stride,
                                                mode == 1);
                ASSERT_NE(fn, nullptr);
                if (!Compare(c, fn, reinterpret_cast<char*>(s.data()), reinterpret_cast<char*>(t.data()), target) &&
                    ++failures > 5)
                    return;
            }
        }
    }
}

// Every BF16 self pattern against targets that make s - t exact, halfway (RNE ties) and inexact in BF16.
TEST(SimdRows, ForwardLossBf16AllPatternsMatchReference) {
    SimdTargetGuard guard;
    const uint16_t kTargets[] = {0x0000, 0x8000, 0x3F80, 0x3F81, 0xBF80, 0x4049, 0x0001, 0x7F80, 0x7FC1, 0x3B80};
    const int64_t nt = static_cast<int64_t>(sizeof kTargets / 2);
    const int64_t n = 65536 * nt;
    std::vector<uint16_t> s(static_cast<size_t>(n)), t(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
        s[static_cast<size_t>(i)] = static_cast<uint16_t>(i / nt);
        t[static_cast<size_t>(i)] = kTargets[i % nt];
    }
    std::mt19937 rng(9);
    int failures = 0;
    for (int64_t target : SimdTargets()) {
        simd::ForceTarget(target);
        for (FwdLoss loss : {FwdLoss::kL1, FwdLoss::kSmoothL1, FwdLoss::kMse}) {
            for (int mode = 0; mode < 3; ++mode) {
                FwdCase c = MakeCase(rng, loss, ACL_BF16, mode == 2);
                c.n = n;
                c.stride[1] = c.stride[2] = 2;
                RowFn fn =
                    SelectFwdLossSimdRow(loss, ParamsOf(c), ACL_BF16, c.values, c.lp.scale_values != 0, c.dt, c.stride, mode == 1);
                ASSERT_NE(fn, nullptr);
                if (!Compare(c, fn, reinterpret_cast<char*>(s.data()), reinterpret_cast<char*>(t.data()), target) &&
                    ++failures > 5)
                    return;
            }
        }
    }
}

}  // namespace fwd

}  // namespace
