// The matmul / quantised-matmul operators added to the nn_matmul and nn_quant_matmul families at the reference tier
// (ops/families/nn_matmul.yaml: aclnnFusedMatmul; ops/families/nn_quant_matmul.yaml: aclnnQuantMatmulV5,
// aclnnQuantMatmulWeightNz, aclnnQuantBatchMatmulInplaceAdd; docs/ops/nn_matmul.md, docs/ops/nn_quant_matmul.md)
// through the public API: each quant mode's result against sums written out here in double (not the library's
// helpers), every attribute's mapping (transposes, groupSize, fusedOpType), low-precision inputs built from their
// byte encodings (FLOAT8_E4M3FN, FLOAT8_E8M0), and the checks in CANN's order with its codes and messages. The
// table-driven suite (reference_table_test.cpp) runs each entry's cases on transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "aclnnop/aclnn_batchmatmul_quant.h"
#include "aclnnop/aclnn_einsum.h"
#include "aclnnop/aclnn_fused_matmul.h"
#include "aclnnop/aclnn_fused_quant_matmul.h"
#include "aclnnop/aclnn_fused_quant_matmul_weight_nz.h"
#include "aclnnop/aclnn_quant_batch_matmul_inplace_add.h"
#include "aclnnop/aclnn_quant_matmul_dequant.h"
#include "aclnnop/aclnn_quant_matmul_v5.h"
#include "aclnnop/aclnn_quant_matmul_weight_nz.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace matmul_fused_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::DevList;
using aclcpu_test::MakeDev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::ProfileScope;
using aclcpu_test::RunPhases;

// ---- helpers

/// A deterministic small-integer pattern in [lo, hi].
std::vector<double> Ints(int64_t n, int lo, int hi, int seed) {
    std::vector<double> v(static_cast<size_t>(n));
    const int span = hi - lo + 1;
    for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = lo + static_cast<int>((i * 7 + seed * 13 + i / 3) % span);
    return v;
}
/// A deterministic pattern of small floats exact in FLOAT16 / BF16 (multiples of 1/8 in [-2, 2]).
std::vector<double> Small(int64_t n, int seed) {
    std::vector<double> v(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = ((i * 5 + seed * 11) % 33 - 16) / 8.0;
    return v;
}
/// The quant param of a FLOAT scale (its bits in the low word, bit 46 set: aclnnTransQuantParamV2's layout; the scales
/// used here are exact in FP19).
double QuantParam(float s) {
    uint32_t u = 0;
    std::memcpy(&u, &s, 4);
    return static_cast<double>(static_cast<uint64_t>(u) | (1ULL << 46));
}
/// A FLOAT's bits as the int64 value of a UINT64 whose low word holds them (the A8W4 / T-CG scales).
double FloatBitsAsU64(float s) {
    uint32_t u = 0;
    std::memcpy(&u, &s, 4);
    return static_cast<double>(u);
}
/// row-major [r, c] element
double At(const std::vector<double>& v, int64_t c, int64_t i, int64_t j) { return v[static_cast<size_t>(i * c + j)]; }

void ExpectNear(const std::vector<double>& got, const std::vector<double>& want, double rtol, double atol) {
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < got.size(); ++i) {
        EXPECT_NEAR(got[i], want[i], atol + rtol * std::fabs(want[i])) << "element " << i;
    }
}

int V5(const aclTensor* x1, const aclTensor* x2, const aclTensor* x1s, const aclTensor* x2s, const aclTensor* ys,
       const aclTensor* x1o, const aclTensor* x2o, const aclTensor* yo, const aclTensor* bias, bool t1, bool t2,
       int64_t gs, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantMatmulV5GetWorkspaceSize(x1, x2, x1s, x2s, ys, x1o, x2o, yo, bias, t1, t2, gs, out, ws, ex);
        },
        aclnnQuantMatmulV5);
}

// ================================================================================ QuantMatmulV5

// T-C per channel (Atlas A2): INT8 x INT8 exact, an INT32 bias before the quant-param scale, FLOAT16 out.
TEST(ReferenceMatmulFusedQuantMatmulV5, PerChannelQuantParamInt32Bias) {
    ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    const int64_t m = 3, k = 16, n = 4;
    const std::vector<double> a = Ints(m * k, -8, 7, 1), b = Ints(k * n, -5, 5, 2);
    const std::vector<float> sc = {0.5f, 0.25f, 0.125f, 1.0f};
    std::vector<double> q;
    for (float s : sc) q.push_back(QuantParam(s));
    const std::vector<double> bias = {3, -2, 1, 0};
    Dev x1(a, at::kChar, {m, k});
    // x2 given transposed: [n, k] storage, transposeX2 true
    std::vector<double> bt(static_cast<size_t>(n * k));
    for (int64_t i = 0; i < k; ++i)
        for (int64_t j = 0; j < n; ++j) bt[static_cast<size_t>(j * k + i)] = At(b, n, i, j);
    Dev x2(bt, at::kChar, {n, k});
    Dev scale(q, at::kLong, {n}, {}, 0, ACL_UINT64);
    Dev b32(bias, at::kInt, {n});
    Dev out(std::vector<double>(m * n, 0.0), at::kHalf, {m, n});
    ASSERT_EQ(V5(x1.t, x2.t, nullptr, scale.t, nullptr, nullptr, nullptr, nullptr, b32.t, false, true, 0, out.t), 0)
        << LastError();
    std::vector<double> want;
    for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
            double s = 0;
            for (int64_t p = 0; p < k; ++p) s += At(a, k, i, p) * At(b, n, p, j);
            want.push_back(static_cast<double>(static_cast<at::Half>(static_cast<float>((s + bias[j]) * sc[j]))));
        }
    ExpectNear(out.Values(), want, 0, 0);
}

// K-C (pertoken) with FLOAT scales and a BF16 bias after the scales; transposeX1.
TEST(ReferenceMatmulFusedQuantMatmulV5, PerTokenBf16) {
    ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    const int64_t m = 2, k = 8, n = 3;
    const std::vector<double> at_ = Ints(k * m, -6, 6, 3), b = Ints(k * n, -4, 4, 4);  // x1 stored [k, m]
    const std::vector<double> s1 = {0.5, 2.0}, s2 = {0.25, 1.0, 0.125}, bias = {1.0, -0.5, 0.25};
    Dev x1(at_, at::kChar, {k, m});
    Dev x2(b, at::kChar, {k, n});
    Dev x1s(s1, at::kFloat, {m});
    Dev x2s(s2, at::kFloat, {n});
    Dev bb(bias, at::kBFloat16, {n});
    Dev out(std::vector<double>(m * n, 0.0), at::kBFloat16, {m, n});
    ASSERT_EQ(V5(x1.t, x2.t, x1s.t, x2s.t, nullptr, nullptr, nullptr, nullptr, bb.t, true, false, 0, out.t), 0)
        << LastError();
    std::vector<double> want;
    for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
            double s = 0;
            for (int64_t p = 0; p < k; ++p) s += At(at_, m, p, i) * At(b, n, p, j);
            want.push_back(s * s2[j] * s1[i] + bias[j]);
        }
    ExpectNear(out.Values(), want, 1.0 / 128, 1e-6);
}

// G-B per block (Atlas A2): x1Scale [m, ceil(k/gk)], x2Scale [ceil(n/gn), ceil(k/gk)] with transposeX2, groupSize
// gm = 1, gn = 2, gk = 4 (a last k group shorter than gk).
TEST(ReferenceMatmulFusedQuantMatmulV5, PerBlockGroups) {
    ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    const int64_t m = 2, k = 10, n = 3, gk = 4, gn = 2;
    const int64_t kk = 3, nn = 2;
    const std::vector<double> a = Ints(m * k, -5, 5, 5), bt = Ints(n * k, -5, 5, 6);  // x2 stored [n, k]
    const std::vector<double> s1 = {0.5, 1, 2, 0.25, 4, 1};    // [m, kk]
    const std::vector<double> s2 = {1, 0.5, 2, 0.25, 1, 0.5};  // [nn, kk]
    Dev x1(a, at::kChar, {m, k});
    Dev x2(bt, at::kChar, {n, k});
    Dev x1s(s1, at::kFloat, {m, kk});
    Dev x2s(s2, at::kFloat, {nn, kk});
    Dev outb(std::vector<double>(m * n, 0.0), at::kBFloat16, {m, n});
    const int64_t gs = (int64_t{1} << 32) | (gn << 16) | gk;
    ASSERT_EQ(V5(x1.t, x2.t, x1s.t, x2s.t, nullptr, nullptr, nullptr, nullptr, nullptr, false, true, gs, outb.t), 0)
        << LastError();
    std::vector<double> want;
    for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
            double s = 0;
            for (int64_t p = 0; p < k; ++p) s += At(a, k, i, p) * At(bt, k, j, p) * At(s1, kk, i, p / gk) * At(s2, kk, j / gn, p / gk);
            want.push_back(s);
        }
    ExpectNear(outb.Values(), want, 1.0 / 128, 1e-6);
}

// MX on the Ascend 950: FLOAT8_E4M3FN inputs from their bytes, FLOAT8_E8M0 scales (one per 32 elements of k),
// transposeX2, a FLOAT out and a FLOAT bias.
TEST(ReferenceMatmulFusedQuantMatmulV5, MicroscalingFp8) {
    ProfileScope scope(l1ref::Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    const int64_t m = 2, k = 64, n = 2;
    // E4M3FN bytes: 0x38 = 1.0, 0x40 = 2.0, 0x30 = 0.5, 0xB8 = -1.0
    const std::vector<double> codes = {0x38, 0x40, 0x30, 0xB8};
    const std::vector<double> vals = {1.0, 2.0, 0.5, -1.0};
    std::vector<double> a(m * k), av(m * k), b(n * k), bv(n * k);  // x2 stored [n, k]
    for (int64_t i = 0; i < m * k; ++i) {
        a[i] = codes[(i * 3 + i / 5) % 4];
        av[i] = vals[(i * 3 + i / 5) % 4];
    }
    for (int64_t i = 0; i < n * k; ++i) {
        b[i] = codes[(i + i / 7) % 4];
        bv[i] = vals[(i + i / 7) % 4];
    }
    // E8M0 bytes: 127 = 1, 128 = 2, 126 = 0.5; x1Scale [m, 1, 2], x2Scale [n, 1, 2]
    const std::vector<double> s1c = {128, 126, 127, 129}, s2c = {126, 127, 128, 128};
    auto e8 = [](double c) { return std::ldexp(1.0, static_cast<int>(c) - 127); };
    Dev x1(a, at::kByte, {m, k}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev x2(b, at::kByte, {n, k}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev x1s(s1c, at::kByte, {m, 1, 2}, {}, 0, ACL_FLOAT8_E8M0);
    Dev x2s(s2c, at::kByte, {n, 1, 2}, {}, 0, ACL_FLOAT8_E8M0);
    Dev bias(std::vector<double>{0.5, -1.0}, at::kFloat, {n});
    Dev out(std::vector<double>(m * n, 0.0), at::kFloat, {m, n});
    const int64_t gs = (int64_t{1} << 32) | (int64_t{1} << 16) | 32;
    ASSERT_EQ(V5(x1.t, x2.t, x1s.t, x2s.t, nullptr, nullptr, nullptr, nullptr, bias.t, false, true, gs, out.t), 0)
        << LastError();
    std::vector<double> want;
    for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
            double s = 0;
            for (int64_t p = 0; p < k; ++p) {
                s += At(av, k, i, p) * e8(s1c[i * 2 + p / 32]) * At(bv, k, j, p) * e8(s2c[j * 2 + p / 32]);
            }
            want.push_back(s + (j == 0 ? 0.5 : -1.0));
        }
    ExpectNear(out.Values(), want, 1e-6, 1e-6);
}

// K-G A8W4 INT (Atlas A2): x2 INT32 packs of 8 INT4 (value j in bits 4j..4j+3), x2Scale UINT64 [k/256, n] holding a
// FLOAT, x1Scale [m, 1], yOffset [n]: out = (x1 @ (x2 * x2Scale) + yOffset) * x1Scale.
TEST(ReferenceMatmulFusedQuantMatmulV5, A8W4IntPerGroup) {
    ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    const int64_t m = 2, k = 512, n = 8;
    const std::vector<double> a = Ints(m * k, -3, 3, 7);
    // every packed word: nibbles 1, -1 (0xF), 2, 0, -2 (0xE), 3, 0, 1 -> column j's value
    const int vals[8] = {1, -1, 2, 0, -2, 3, 0, 1};
    uint32_t word = 0;
    for (int j = 0; j < 8; ++j) word |= (static_cast<uint32_t>(vals[j]) & 0xF) << (4 * j);
    Dev x1(a, at::kChar, {m, k});
    Dev x2(std::vector<double>(k, static_cast<double>(static_cast<int32_t>(word))), at::kInt, {k, 1});
    std::vector<double> s2;
    const float gscale[2] = {0.5f, 2.0f};
    for (int g = 0; g < 2; ++g)
        for (int64_t j = 0; j < n; ++j) s2.push_back(FloatBitsAsU64(gscale[g]));
    Dev x2s(s2, at::kLong, {2, n}, {}, 0, ACL_UINT64);
    Dev x1s(std::vector<double>{0.25, 1.0}, at::kFloat, {m, 1});
    const std::vector<double> yo = Ints(n, -4, 4, 8);
    Dev yoff(yo, at::kFloat, {n});
    Dev out(std::vector<double>(m * n, 0.0), at::kHalf, {m, n});
    ASSERT_EQ(V5(x1.t, x2.t, x1s.t, x2s.t, nullptr, nullptr, nullptr, yoff.t, nullptr, false, false, 256, out.t), 0)
        << LastError();
    std::vector<double> want;
    const double s1[2] = {0.25, 1.0};
    for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
            double s = 0;
            for (int64_t p = 0; p < k; ++p) s += At(a, k, i, p) * vals[j] * gscale[p / 256];
            want.push_back(static_cast<double>(static_cast<at::Half>(static_cast<float>((s + yo[j]) * s1[i]))));
        }
    ExpectNear(out.Values(), want, 1e-3, 1e-3);
}

TEST(ReferenceMatmulFusedQuantMatmulV5, Checks) {
    ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev x1(std::vector<double>(8, 1), at::kChar, {2, 4});
    Dev x2(std::vector<double>(12, 1), at::kChar, {4, 3});
    Dev q(std::vector<double>(3, QuantParam(1.0f)), at::kLong, {3}, {}, 0, ACL_UINT64);
    Dev ys(std::vector<double>(3, 1), at::kLong, {3}, {}, 0, ACL_UINT64);
    Dev x2f(std::vector<double>(12, 1), at::kFloat, {4, 3});
    Dev x2k(std::vector<double>(15, 1), at::kChar, {5, 3});
    Dev out(std::vector<double>(6, 0), at::kHalf, {2, 3});
    Dev out_bad(std::vector<double>(8, 0), at::kHalf, {2, 4});
    auto call = [](const aclTensor* a, const aclTensor* b, const aclTensor* s, const aclTensor* y, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantMatmulV5GetWorkspaceSize(a, b, nullptr, s, y, nullptr, nullptr, nullptr, nullptr, false,
                                                      false, 0, o, ws, ex);
        };
    };
    ExpectFails(call(nullptr, x2.t, q.t, nullptr, out.t), 161001, "Expected a proper Tensor but got null for argument x1.");
    ExpectFails(call(x1.t, x2.t, nullptr, nullptr, out.t), 161001,
                "Expected a proper Tensor but got null for argument x2Scale.");
    // CANN returns ACLNN_ERR_PARAM_NULLPTR for a parameter V5 does not use given non-empty
    ExpectFails(call(x1.t, x2.t, q.t, ys.t, out.t), 161001, "The value of yScale must be empty tensor or nullptr");
    ExpectFails(call(x1.t, x2f.t, q.t, nullptr, out.t), 161002, "Tensor x2 expected dtype is DT_INT8 but found DT_FLOAT.");
    ExpectFails(call(x1.t, x2k.t, q.t, nullptr, out.t), 161002, "x1 k dim and x2 k dim should be same");
    ExpectFails(call(x1.t, x2.t, q.t, nullptr, out_bad.t), 161002, "Out 2nd dim should be equal to x2 n dim");
    // workspaceSize NULL first
    EXPECT_EQ(aclnnQuantMatmulV5GetWorkspaceSize(x1.t, x2.t, nullptr, q.t, nullptr, nullptr, nullptr, nullptr, nullptr,
                                                 false, false, 0, out.t, nullptr, nullptr),
              161001);
    {
        // Ascend 950: a FRACTAL_NZ x2 is refused before the null checks (aclnnQuantMatmulWeightNz is the NZ entry)
        ProfileScope s950(l1ref::Profile::kAscend950);
        ASSERT_TRUE(s950.ok());
        Dev nz(std::vector<double>(16 * 32, 1), at::kChar, {32, 16}, {}, 0, ACL_FORMAT_FRACTAL_NZ);
        ExpectFails(call(nullptr, nz.t, q.t, nullptr, out.t), 161002, "The format of x2 must be FORMAT_ND");
    }
    {
        ProfileScope s910(l1ref::Profile::kAscend910);
        ASSERT_TRUE(s910.ok());
        ExpectFails(call(x1.t, x2.t, q.t, nullptr, out.t), 361001, "");
    }
}

// aclnnQuantMatmulWeightNz on an ND weight (aclcpu's aclnnTransMatmulWeight leaves a weight ND): V5's result.
TEST(ReferenceMatmulFusedQuantMatmulWeightNz, SameAsV5) {
    ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    const int64_t m = 2, k = 32, n = 16;
    Dev x1(Ints(m * k, -4, 4, 9), at::kChar, {m, k});
    Dev x2(Ints(k * n, -4, 4, 10), at::kChar, {k, n});
    Dev q(std::vector<double>(n, QuantParam(0.25f)), at::kLong, {n}, {}, 0, ACL_UINT64);
    Dev o1(std::vector<double>(m * n, 0), at::kHalf, {m, n});
    Dev o2(std::vector<double>(m * n, 0), at::kHalf, {m, n});
    ASSERT_EQ(V5(x1.t, x2.t, nullptr, q.t, nullptr, nullptr, nullptr, nullptr, nullptr, false, false, 0, o1.t), 0)
        << LastError();
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnQuantMatmulWeightNzGetWorkspaceSize(x1.t, x2.t, nullptr, q.t, nullptr, nullptr, nullptr,
                                                                      nullptr, nullptr, false, false, 0, o2.t, ws, ex);
                  },
                  aclnnQuantMatmulWeightNz),
              0)
        << LastError();
    EXPECT_EQ(o1.Values(), o2.Values());
    double s = 0;
    const std::vector<double> a = Ints(m * k, -4, 4, 9), b = Ints(k * n, -4, 4, 10);
    for (int64_t p = 0; p < k; ++p) s += At(a, k, 0, p) * At(b, n, p, 0);
    EXPECT_EQ(o2.Values()[0], s * 0.25);
}

// ================================================================================ QuantBatchMatmulInplaceAdd

int InplaceAdd(const aclTensor* x1, const aclTensor* x2, const aclTensor* s1, const aclTensor* s2, aclTensor* y, bool t1,
               bool t2, int64_t gs) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantBatchMatmulInplaceAddGetWorkspaceSize(x1, x2, s1, s2, y, t1, t2, gs, ws, ex);
        },
        aclnnQuantBatchMatmulInplaceAdd);
}

// MX FLOAT8: yRef += (x1^T * s1) @ (x2 * s2), x1 [k, m], x2 [k, n], scales [ceil(k/64), m|n, 2].
TEST(ReferenceMatmulFusedQuantBatchMatmulInplaceAdd, MicroscalingAddsInPlace) {
    ProfileScope scope(l1ref::Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    const int64_t m = 2, k = 40, n = 3;  // k below 64: the second scale of each pair covers k 32..39
    const std::vector<double> codes = {0x38, 0x40, 0x30, 0xB8};
    const std::vector<double> vals = {1.0, 2.0, 0.5, -1.0};
    std::vector<double> a(k * m), av(k * m), b(k * n), bv(k * n);
    for (int64_t i = 0; i < k * m; ++i) {
        a[i] = codes[(i + i / 3) % 4];
        av[i] = vals[(i + i / 3) % 4];
    }
    for (int64_t i = 0; i < k * n; ++i) {
        b[i] = codes[(2 * i + 1) % 4];
        bv[i] = vals[(2 * i + 1) % 4];
    }
    const std::vector<double> s1c = {127, 128, 126, 127}, s2c = {128, 127, 127, 126, 129, 127};  // [1, m, 2], [1, n, 2]
    auto e8 = [](double c) { return std::ldexp(1.0, static_cast<int>(c) - 127); };
    Dev x1(a, at::kByte, {k, m}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev x2(b, at::kByte, {k, n}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev x1s(s1c, at::kByte, {1, m, 2}, {}, 0, ACL_FLOAT8_E8M0);
    Dev x2s(s2c, at::kByte, {1, n, 2}, {}, 0, ACL_FLOAT8_E8M0);
    const std::vector<double> y0 = {1, 2, 3, -1, -2, -3};
    Dev y(y0, at::kFloat, {m, n});
    ASSERT_EQ(InplaceAdd(x1.t, x2.t, x1s.t, x2s.t, y.t, true, false, 32), 0) << LastError();
    std::vector<double> want;
    for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
            double s = 0;
            for (int64_t p = 0; p < k; ++p) {
                s += At(av, m, p, i) * e8(s1c[i * 2 + p / 32]) * At(bv, n, p, j) * e8(s2c[j * 2 + p / 32]);
            }
            want.push_back(y0[i * n + j] + s);
        }
    ExpectNear(y.Values(), want, 1e-6, 1e-6);
}

TEST(ReferenceMatmulFusedQuantBatchMatmulInplaceAdd, Checks) {
    ProfileScope scope(l1ref::Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    Dev x1(std::vector<double>(8, 0x38), at::kByte, {4, 2}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev x2(std::vector<double>(12, 0x38), at::kByte, {4, 3}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev x1i(std::vector<double>(8, 1), at::kChar, {4, 2});
    Dev s1(std::vector<double>(4, 127), at::kByte, {1, 2, 2}, {}, 0, ACL_FLOAT8_E8M0);
    Dev s2(std::vector<double>(6, 127), at::kByte, {1, 3, 2}, {}, 0, ACL_FLOAT8_E8M0);
    Dev y(std::vector<double>(6, 0), at::kFloat, {2, 3});
    Dev y3(std::vector<double>(6, 0), at::kFloat, {1, 2, 3});
    auto call = [](const aclTensor* a, const aclTensor* b, const aclTensor* c, const aclTensor* d, aclTensor* o, bool t1,
                   int64_t gs) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantBatchMatmulInplaceAddGetWorkspaceSize(a, b, c, d, o, t1, false, gs, ws, ex);
        };
    };
    ExpectFails(call(x1.t, x2.t, nullptr, s2.t, y.t, true, 32), 161001,
                "Expected a proper Tensor but got null for argument x1ScaleOptional.");
    ExpectFails(call(x1.t, x2.t, s1.t, s2.t, y3.t, true, 32), 161002, "the shape dim of yRef must be 2");
    ExpectFails(call(x1.t, x2.t, s1.t, s2.t, y.t, true, 64), 161002, "groupSize must be 4295032864");
    ExpectFails(call(x1i.t, x2.t, s1.t, s2.t, y.t, true, 32), 161002, "this dtype combination can not be supported");
    ExpectFails(call(x1.t, x2.t, s1.t, s2.t, y.t, false, 32), 161002,
                "transposeX1 must be true and transposeX2 must be false");
}

// ================================================================================ FusedMatmul

int Fused(const aclTensor* x1, const aclTensor* x2, const aclTensor* bias, const aclTensor* x3, const char* op,
          int8_t cmt, const aclTensor* y) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnFusedMatmulGetWorkspaceSize(x1, x2, bias, x3, op, cmt, y, ws, ex);
        },
        aclnnFusedMatmul);
}

// Each fusedOpType against ATen's plain functions on the FLOAT product, rounded once to y's dtype.
TEST(ReferenceMatmulFusedFusedMatmul, EachOpType) {
    ProfileScope scope(l1ref::Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    const int64_t m = 4, k = 6, n = 5;
    const std::vector<double> a = Small(m * k, 1), b = Small(k * n, 2), c = Small(m * n, 3), bi = Small(n, 4);
    const at::Tensor A = at::tensor(a, at::kDouble).view({m, k}), B = at::tensor(b, at::kDouble).view({k, n});
    const at::Tensor C = at::tensor(c, at::kDouble).view({m, n}), Bi = at::tensor(bi, at::kDouble);
    const at::Tensor mm = at::matmul(A, B);
    Dev x1(a, at::kHalf, {m, k});
    Dev x2(b, at::kHalf, {k, n});
    Dev x3(c, at::kHalf, {m, n});
    Dev bias(bi, at::kFloat, {n});
    struct Case {
        const char* op;
        bool with_bias;
        bool with_x3;
        at::Tensor want;
    };
    const std::vector<Case> cases = {
        {"", true, false, mm + Bi},
        {"relu", true, false, at::relu(mm + Bi)},
        {"add", true, true, mm + Bi + C},
        {"mul", false, true, mm * C},
        {"gelu_erf", false, false, at::gelu(mm.to(at::kFloat)).to(at::kDouble)},
        {"gelu_tanh", false, false, at::gelu(mm.to(at::kFloat), "tanh").to(at::kDouble)},
    };
    for (const Case& cs : cases) {
        Dev y(std::vector<double>(m * n, 0), at::kHalf, {m, n});
        ASSERT_EQ(Fused(x1.t, x2.t, cs.with_bias ? bias.t : nullptr, cs.with_x3 ? x3.t : nullptr, cs.op, 0, y.t), 0)
            << cs.op << ": " << LastError();
        const at::Tensor want = cs.want.to(at::kFloat).to(at::kHalf).to(at::kDouble).contiguous().view({-1});
        const std::vector<double> w(want.data_ptr<double>(), want.data_ptr<double>() + want.numel());
        SCOPED_TRACE(cs.op);
        ExpectNear(y.Values(), w, 2e-3, 2e-3);
    }
    // 16cast32: a FLOAT y, the product unrounded
    Dev y32(std::vector<double>(m * n, 0), at::kFloat, {m, n});
    ASSERT_EQ(Fused(x1.t, x2.t, nullptr, nullptr, "16cast32", 0, y32.t), 0) << LastError();
    const at::Tensor w32 = mm.contiguous().view({-1});
    ExpectNear(y32.Values(), std::vector<double>(w32.data_ptr<double>(), w32.data_ptr<double>() + w32.numel()), 0, 1e-9);
}

TEST(ReferenceMatmulFusedFusedMatmul, Checks) {
    ProfileScope scope(l1ref::Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    Dev x1(std::vector<double>(8, 1), at::kHalf, {2, 4});
    Dev x2(std::vector<double>(12, 1), at::kHalf, {4, 3});
    Dev x2b(std::vector<double>(12, 1), at::kBFloat16, {4, 3});
    Dev x1f(std::vector<double>(8, 1), at::kFloat, {2, 4});
    Dev x2f(std::vector<double>(12, 1), at::kFloat, {4, 3});
    Dev x3(std::vector<double>(6, 1), at::kHalf, {2, 3});
    Dev bias(std::vector<double>(3, 1), at::kHalf, {3});
    Dev y(std::vector<double>(6, 0), at::kHalf, {2, 3});
    Dev yf(std::vector<double>(6, 0), at::kFloat, {2, 3});
    Dev y3(std::vector<double>(6, 0), at::kHalf, {1, 2, 3});
    auto call = [](const aclTensor* a, const aclTensor* b, const aclTensor* c, const aclTensor* d, const char* op,
                   int8_t cmt, const aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnFusedMatmulGetWorkspaceSize(a, b, c, d, op, cmt, o, ws, ex); };
    };
    ExpectFails(call(x1.t, x2.t, nullptr, nullptr, "sigmoid", 0, y.t), 161002,
                "fusedOpType must be in the type of /16cast32/add/mul/gelu_erf/gelu_tanh/relu");
    ExpectFails(call(x1.t, x2.t, nullptr, nullptr, nullptr, 0, y.t), 161002, "fusedOpType is nullptr");
    ExpectFails(call(nullptr, x2.t, nullptr, nullptr, "relu", 0, y.t), 161001,
                "Expected a proper Tensor but got null for argument x1.");
    ExpectFails(call(x1.t, x2.t, bias.t, nullptr, "gelu_erf", 0, y.t), 161001, "bias is not supported right now");
    ExpectFails(call(x1.t, x2.t, nullptr, nullptr, "add", 0, y.t), 161001,
                "Expected a proper Tensor but got null for argument x3.");
    ExpectFails(call(x1.t, x2.t, nullptr, nullptr, "relu", 0, y3.t), 161002,
                "x dimension and y dimension should be the same");
    ExpectFails(call(x1.t, x2b.t, nullptr, nullptr, "relu", 0, y.t), 161002, "Tensor x2 expected dtype is DT_FLOAT16");
    ExpectFails(call(x1f.t, x2f.t, nullptr, nullptr, "gelu_tanh", 3, yf.t), 161002,
                "Tensor x1 not implemented for DT_FLOAT, should be in dtype support list [DT_BF16, DT_FLOAT16].");
    ExpectFails(call(x1f.t, x2f.t, nullptr, nullptr, "relu", 0, yf.t), 161002,
                "fusedmatmul is only supported bf16/fp16/hf32, does not support fp32.");
    ExpectFails(call(x1.t, x2.t, nullptr, nullptr, "16cast32", 0, y.t), 161002, "Tensor y not implemented for DT_FLOAT16");
    EXPECT_EQ(Fused(x1f.t, x2f.t, nullptr, nullptr, "relu", 3, yf.t), 0) << LastError();
}

// ================================================================================ FusedQuantMatmul (+ WeightNz)

double GeluTanh(double x) {
    const double k = std::sqrt(2.0 / M_PI);
    return 0.5 * x * (1.0 + std::tanh(k * (x + 0.044715 * x * x * x)));
}
double GeluErf(double x) { return 0.5 * x * (1.0 + std::erf(x / std::sqrt(2.0))); }

// out = gelu(x1 @ x2 * x2Scale * x1Scale [+ bias]); the same for the WeightNz entry on an ND weight.
TEST(ReferenceMatmulFusedFusedQuantMatmul, GeluOfPerTokenProduct) {
    ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    const int64_t m = 3, k = 16, n = 4;
    const std::vector<double> a = Ints(m * k, -3, 3, 11), b = Ints(k * n, -3, 3, 12);
    const std::vector<double> s1 = {0.125, 0.25, 0.0625}, s2 = {0.5, 0.25, 1.0, 0.125}, bias = {0.5, -0.25, 0, 1};
    Dev x1(a, at::kChar, {m, k});
    Dev x2(b, at::kChar, {k, n});
    Dev x1s(s1, at::kFloat, {m});
    Dev x2s(s2, at::kFloat, {n});
    Dev bb(bias, at::kBFloat16, {n});
    for (int nz = 0; nz < 2; ++nz) {
        for (const char* op : {"gelu_tanh", "gelu_erf"}) {
            Dev out(std::vector<double>(m * n, 0), at::kBFloat16, {m, n});
            auto first = [&](uint64_t* ws, aclOpExecutor** ex) {
                return nz ? aclnnFusedQuantMatmulWeightNzGetWorkspaceSize(x1.t, x2.t, x1s.t, x2s.t, nullptr, nullptr,
                                                                         nullptr, nullptr, bb.t, nullptr, op, 0, out.t,
                                                                         ws, ex)
                          : aclnnFusedQuantMatmulGetWorkspaceSize(x1.t, x2.t, x1s.t, x2s.t, nullptr, nullptr, nullptr,
                                                                  nullptr, bb.t, nullptr, op, 0, out.t, ws, ex);
            };
            const int st = nz ? RunPhases(first, aclnnFusedQuantMatmulWeightNz) : RunPhases(first, aclnnFusedQuantMatmul);
            ASSERT_EQ(st, 0) << op << ": " << LastError();
            std::vector<double> want;
            for (int64_t i = 0; i < m; ++i)
                for (int64_t j = 0; j < n; ++j) {
                    double s = 0;
                    for (int64_t p = 0; p < k; ++p) s += At(a, k, i, p) * At(b, n, p, j);
                    const double f = s * s2[j] * s1[i] + bias[j];
                    want.push_back(std::strcmp(op, "gelu_tanh") == 0 ? GeluTanh(f) : GeluErf(f));
                }
            SCOPED_TRACE(op);
            ExpectNear(out.Values(), want, 1.0 / 128, 1e-3);
        }
    }
}

TEST(ReferenceMatmulFusedFusedQuantMatmul, Checks) {
    ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev x1(std::vector<double>(8, 1), at::kChar, {2, 4});
    Dev x2(std::vector<double>(12, 1), at::kChar, {4, 3});
    Dev x1h(std::vector<double>(8, 1), at::kHalf, {2, 4});
    Dev x1s(std::vector<double>(2, 1), at::kFloat, {2});
    Dev x1s3(std::vector<double>(3, 1), at::kFloat, {3});
    Dev x2s(std::vector<double>(3, 1), at::kFloat, {3});
    Dev off(std::vector<double>(3, 1), at::kFloat, {3});
    Dev out(std::vector<double>(6, 0), at::kHalf, {2, 3});
    auto call = [](const aclTensor* a, const aclTensor* b, const aclTensor* s1, const aclTensor* s2, const aclTensor* o2,
                   const char* op, int64_t gs, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnFusedQuantMatmulGetWorkspaceSize(a, b, s1, s2, nullptr, nullptr, o2, nullptr, nullptr, nullptr, op,
                                                         gs, o, ws, ex);
        };
    };
    ExpectFails(call(nullptr, x2.t, x1s.t, x2s.t, nullptr, "gelu_tanh", 0, out.t), 161001,
                "Expected a proper Tensor but got null for argument x1.");
    ExpectFails(call(x1.t, x2.t, x1s.t, x2s.t, nullptr, "relu", 0, out.t), 161002,
                "fusedOpType must be in the type of gelu_erf/gelu_tanh");
    ExpectFails(call(x1.t, x2.t, nullptr, x2s.t, nullptr, "gelu_tanh", 0, out.t), 161001,
                "Expected a proper Tensor but got null for argument x1Scale.");
    ExpectFails(call(x1.t, x2.t, x1s.t, x2s.t, off.t, "gelu_tanh", 0, out.t), 161001,
                "Do not support x2Offset now, x2Offset should be empty tensor or nullptr.");
    ExpectFails(call(x1.t, x2.t, x1s.t, x2s.t, nullptr, "gelu_tanh", 5, out.t), 161001,
                "Do not support groupSize now, groupSize should be 0.");
    ExpectFails(call(x1h.t, x2.t, x1s.t, x2s.t, nullptr, "gelu_tanh", 0, out.t), 161002,
                "only support A8W8/A4W4 scenario");
    ExpectFails(call(x1.t, x2.t, x1s3.t, x2s.t, nullptr, "gelu_tanh", 0, out.t), 161002,
                "the shape of x1Scale should equal to the m: (2), but actual is (3).");
}

// ================================================================================ QuantMatmulDequant

int Qmd(const aclTensor* x, const aclTensor* w, const aclTensor* ws_, const aclTensor* xs, const aclTensor* sm,
        const char* mode, bool tw, const aclTensor* out) {
    std::string m = mode;
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantMatmulDequantGetWorkspaceSize(x, w, ws_, nullptr, xs, nullptr, sm, &m[0], tw, out, ws, ex);
        },
        aclnnQuantMatmulDequant);
}

// Dynamic per-token quantisation with a smooth scale, then the FLOAT weightScale; and the static per-tensor form with
// an INT64 weightScale already multiplied by the x scale.
TEST(ReferenceMatmulFusedQuantMatmulDequant, DynamicAndStatic) {
    ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    const int64_t m = 2, k = 16, n = 16;
    const std::vector<double> xv = Small(m * k, 5), wv = Ints(n * k, -7, 7, 13), sm = Small(k, 6);
    std::vector<double> wsv(n);
    for (int64_t j = 0; j < n; ++j) wsv[j] = 0.5 + 0.125 * (j % 4);
    Dev x(xv, at::kHalf, {m, k});
    Dev w(wv, at::kChar, {n, k});
    Dev wsc(wsv, at::kFloat, {n});
    Dev smooth(sm, at::kHalf, {k});
    Dev out(std::vector<double>(m * n, 0), at::kHalf, {m, n});
    ASSERT_EQ(Qmd(x.t, w.t, wsc.t, nullptr, smooth.t, "pertoken", true, out.t), 0) << LastError();
    std::vector<double> want;
    for (int64_t i = 0; i < m; ++i) {
        std::vector<double> row(k);
        double amax = 0;
        for (int64_t p = 0; p < k; ++p) {
            row[p] = static_cast<double>(static_cast<float>(xv[i * k + p] * sm[p]));
            amax = std::max(amax, std::fabs(row[p]));
        }
        const double sx = static_cast<float>(amax) / 127.0f;
        for (int64_t j = 0; j < n; ++j) {
            double acc = 0;
            for (int64_t p = 0; p < k; ++p) {
                const double q = std::max(-128.0, std::min(127.0, static_cast<double>(std::nearbyint(static_cast<float>(row[p] / sx)))));
                acc += q * At(wv, k, j, p);
            }
            want.push_back(acc * wsv[j] * sx);
        }
    }
    ExpectNear(out.Values(), want, 2e-3, 2e-3);
    // static per tensor: xScale FLOAT16 [1] = 0.25, weightScale INT64 holding 0.5 * 0.25 as FLOAT bits
    Dev xs(std::vector<double>{0.25}, at::kHalf, {1});
    Dev wsi(std::vector<double>(n, FloatBitsAsU64(0.125f)), at::kLong, {n});
    Dev out2(std::vector<double>(m * n, 0), at::kHalf, {m, n});
    ASSERT_EQ(Qmd(x.t, w.t, wsi.t, xs.t, nullptr, "pertensor", true, out2.t), 0) << LastError();
    std::vector<double> want2;
    for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
            double acc = 0;
            for (int64_t p = 0; p < k; ++p) {
                const double q = std::max(-128.0, std::min(127.0, std::nearbyint(xv[i * k + p] / 0.25)));
                acc += q * At(wv, k, j, p);
            }
            want2.push_back(acc * 0.125);
        }
    ExpectNear(out2.Values(), want2, 1e-3, 1e-3);
}

TEST(ReferenceMatmulFusedQuantMatmulDequant, Checks) {
    ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    Dev x(std::vector<double>(32, 1), at::kHalf, {2, 16});
    Dev w(std::vector<double>(256, 1), at::kChar, {16, 16});
    Dev w8(std::vector<double>(128, 1), at::kChar, {8, 16});
    Dev wsc(std::vector<double>(16, 1), at::kFloat, {16});
    Dev xs16(std::vector<double>(2, 1), at::kHalf, {2});
    Dev out(std::vector<double>(32, 0), at::kHalf, {2, 16});
    Dev outf(std::vector<double>(32, 0), at::kFloat, {2, 16});
    EXPECT_EQ(Qmd(x.t, w.t, wsc.t, nullptr, nullptr, "pertoken", false, out.t), 161002);
    EXPECT_EQ(Qmd(nullptr, w.t, wsc.t, nullptr, nullptr, "pertoken", true, out.t), 161001);
    EXPECT_EQ(Qmd(x.t, w.t, wsc.t, nullptr, nullptr, "pertoken", true, outf.t), 161002);
    EXPECT_NE(LastError().find("Expected both tensors to have same dtype"), std::string::npos);
    EXPECT_EQ(Qmd(x.t, w.t, wsc.t, xs16.t, nullptr, "pertoken", true, out.t), 161002);
    EXPECT_NE(LastError().find("CheckParamsDateType failed"), std::string::npos);
    EXPECT_EQ(Qmd(x.t, w8.t, wsc.t, nullptr, nullptr, "pertoken", true, out.t), 161002);
    EXPECT_NE(LastError().find("weight shape (N, K) must both align to 16"), std::string::npos);
    {
        ProfileScope s910b(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(s910b.ok());
        EXPECT_EQ(Qmd(x.t, w.t, wsc.t, nullptr, nullptr, "pertoken", true, out.t), 161002);
        EXPECT_NE(LastError().find("support for Ascend910B is not implemented"), std::string::npos);
    }
}

// ================================================================================ BatchMatmulQuant

// out = clamp(round((x1 @ x2 + bias) * scale + offset)), scale FP19 and offset from the quant params, per column.
TEST(ReferenceMatmulFusedBatchMatmulQuant, RequantisesPerColumn) {
    ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    const int64_t m = 2, k = 4, n = 3;
    const std::vector<double> a = Small(m * k, 7), b = Small(k * n, 8), bias = {0.5, -1.0, 2.0};
    const float sc[3] = {4.0f, 0.5f, 8.0f};
    const int offs[3] = {3, -5, 0};
    std::vector<double> q(16, 0.0);
    for (int j = 0; j < 3; ++j) {
        uint32_t u = 0;
        std::memcpy(&u, &sc[j], 4);
        q[j] = static_cast<double>(static_cast<uint64_t>(u) | (1ULL << 46) |
                                   ((static_cast<uint64_t>(offs[j]) & 0x1FF) << 37));
    }
    Dev x1(a, at::kHalf, {m, k});
    Dev x2(b, at::kHalf, {k, n});
    Dev qp(q, at::kLong, {16}, {}, 0, ACL_UINT64);
    Dev bb(bias, at::kHalf, {n});
    Dev out(std::vector<double>(m * n, 0), at::kChar, {m, n});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnBatchMatmulQuantGetWorkspaceSize(x1.t, x2.t, qp.t, bb.t, false, false, out.t, ws, ex);
                  },
                  aclnnBatchMatmulQuant),
              0)
        << LastError();
    std::vector<double> want;
    for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
            double s = 0;
            for (int64_t p = 0; p < k; ++p) s += At(a, k, i, p) * At(b, n, p, j);
            const double f = std::nearbyint((s + bias[j]) * sc[j] + offs[j]);
            want.push_back(std::max(-128.0, std::min(127.0, f)));
        }
    EXPECT_EQ(out.Values(), want);
    // checks: FLOAT x1; a quantParam of neither 1 nor n rounded up to 16 elements
    Dev x1f(a, at::kFloat, {m, k});
    Dev qp3(std::vector<double>(3, 0), at::kLong, {3}, {}, 0, ACL_UINT64);
    const aclTensor* x2t = x2.t;
    aclTensor* ot = out.t;
    auto call = [=](const aclTensor* a1, const aclTensor* q1) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBatchMatmulQuantGetWorkspaceSize(a1, x2t, q1, nullptr, false, false, ot, ws, ex);
        };
    };
    ExpectFails(call(nullptr, qp.t), 161001, "Expected a proper Tensor but got null for argument x1.");
    ExpectFails(call(x1f.t, qp.t), 161002, "Tensor x1 not implemented for DT_FLOAT, should be in dtype support list [DT_FLOAT16].");
    ExpectFails(call(x1.t, qp3.t), 161002, "not equal to 1 or n align to multiple of 16");
}

// ================================================================================ Einsum

int Einsum(const aclTensorList* l, const char* eq, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnEinsumGetWorkspaceSize(l, eq, out, ws, ex); },
                     aclnnEinsum);
}

// abcd,abced->abce (letters renamed by first appearance): out[a,b,c,e] = sum_d t1[a,b,c,e,d] * t0[a,b,c,d].
TEST(ReferenceMatmulFusedEinsum, BatchedContractionAndOuterProduct) {
    ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    const int64_t A = 2, B = 1, C = 3, D = 4, E = 2;
    const std::vector<double> v0 = Small(A * B * C * D, 1), v1 = Small(A * B * C * E * D, 2);
    std::vector<std::unique_ptr<Dev>> devs;
    devs.push_back(MakeDev(v0, at::kFloat, {A, B, C, D}));
    devs.push_back(MakeDev(v1, at::kFloat, {A, B, C, E, D}));
    DevList l(std::move(devs));
    Dev out(std::vector<double>(A * B * C * E, 0), at::kFloat, {A, B, C, E});
    ASSERT_EQ(Einsum(l.list, "pqrs,pqrts->pqrt", out.t), 0) << LastError();
    std::vector<double> want;
    for (int64_t i = 0; i < A * B * C; ++i)
        for (int64_t e = 0; e < E; ++e) {
            double s = 0;
            for (int64_t d = 0; d < D; ++d) s += v1[static_cast<size_t>((i * E + e) * D + d)] * v0[static_cast<size_t>(i * D + d)];
            want.push_back(s);
        }
    ExpectNear(out.Values(), want, 1e-6, 1e-6);
    // a,b->ab in INT32: the exact outer product
    std::vector<std::unique_ptr<Dev>> d2;
    d2.push_back(MakeDev({1, -2, 3}, at::kInt, {3}));
    d2.push_back(MakeDev({4, 5}, at::kInt, {2}));
    DevList l2(std::move(d2));
    Dev o2(std::vector<double>(6, 0), at::kInt, {3, 2});
    ASSERT_EQ(Einsum(l2.list, "i,j->ij", o2.t), 0) << LastError();
    EXPECT_EQ(o2.Values(), (std::vector<double>{4, 5, -8, -10, 12, 15}));
}

TEST(ReferenceMatmulFusedEinsum, Checks) {
    ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    std::vector<std::unique_ptr<Dev>> devs;
    devs.push_back(MakeDev({1, 2, 3}, at::kFloat, {3}));
    devs.push_back(MakeDev({4, 5}, at::kFloat, {2}));
    DevList l(std::move(devs));
    Dev out(std::vector<double>(6, 0), at::kFloat, {3, 2});
    Dev out_h(std::vector<double>(6, 0), at::kHalf, {3, 2});
    Dev out_b(std::vector<double>(6, 0), at::kBFloat16, {3, 2});
    auto call = [](const aclTensorList* t, const char* eq, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnEinsumGetWorkspaceSize(t, eq, o, ws, ex); };
    };
    ExpectFails(call(nullptr, "a,b->ab", out.t), 161001, "Expected a proper TensorList but got null for argument tensors.");
    ExpectFails(call(l.list, nullptr, out.t), 161001, "The equation cannot be nullptr");
    ExpectFails(call(l.list, "a,b->ab", out_b.t), 161002, "Tensor out not implemented for DT_BF16");
    ExpectFails(call(l.list, "a,b->ab", out_h.t), 161002, "all inputs dtype is not equal, please check.");
    ExpectFails(call(l.list, "a,b->ba", out.t), 161002, "failed to match equation [a,b->ba]");
    {
        // FLOAT is not in the Ascend310P list
        ProfileScope p310(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(p310.ok());
        ExpectFails(call(l.list, "a,b->ab", out.t), 161002, "not implemented for DT_FLOAT");
    }
}

}  // namespace matmul_fused_reference_test
