// The nn_matmul family's weight-layout and weight-quantised operators at the reference tier, through the public API
// (docs/ops/nn_matmul.md): aclnnTransMatmulWeight (the data left as it is), aclnnConvertWeightToINT4Pack (the packed
// bits against a closed form computed here), aclnnWeightQuantBatchMatmulV2 / V3 / Nz and V1 (the dequantised product
// against sums computed here in double: per channel, per group, offsets, bias, an INT32-packed weight),
// aclnnTransposeBatchMatMul (the permutations, batchSplitFactor, the INT8 scale), aclnnMatmulEmuSplitWeight, and their
// main checks
// in CANN's order with codes and messages, per product where the op_api's rules differ. The table-driven suite
// (reference_table_test.cpp) runs each entry's cases on transposed and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "aclnnop/aclnn_convert_weight_to_int4_pack.h"
#include "aclnnop/aclnn_matmul_emu_split_weight.h"
#include "aclnnop/aclnn_trans_matmul_weight.h"
#include "aclnnop/aclnn_transpose_batch_mat_mul.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_nz.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_v2.h"
#include "aclnnop/aclnn_weight_quant_batch_matmul_v3.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace nn_matmul_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;

std::vector<double> Iota(int64_t n, double start, double step) {
    std::vector<double> v;
    for (int64_t i = 0; i < n; ++i) v.push_back(start + step * static_cast<double>(i));
    return v;
}

// ================================================================================ TransMatmulWeight

int TransMatmulWeight(aclTensor* w) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTransMatmulWeightGetWorkspaceSize(w, ws, ex); },
                     aclnnTransMatmulWeight);
}

// The data and the descriptor stay as the caller wrote them (aclcpu's matmuls read ND).
TEST(ReferenceNnMatmulTransWeight, LeavesDataAsItIs) {
    const std::vector<double> v = Iota(24, -5.0, 0.5);
    Dev w(v, at::kHalf, {4, 6});
    ASSERT_EQ(TransMatmulWeight(w.t), 0) << LastError();
    EXPECT_EQ(w.Values(), v);
    aclFormat f = ACL_FORMAT_NCHW;
    ASSERT_EQ(aclGetFormat(w.t, &f), ACL_SUCCESS);
    EXPECT_EQ(f, ACL_FORMAT_ND);
    Dev i8(Iota(96, -48.0, 1.0), at::kChar, {3, 32});
    ASSERT_EQ(TransMatmulWeight(i8.t), 0) << LastError();
    EXPECT_EQ(i8.Values(), Iota(96, -48.0, 1.0));
}

TEST(ReferenceNnMatmulTransWeight, ChecksInCannOrder) {
    auto call = [](aclTensor* w) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnTransMatmulWeightGetWorkspaceSize(w, ws, ex); };
    };
    ExpectFails(call(nullptr), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument mmWeightRef.");
    Dev f32(Iota(4, 0, 1), at::kFloat, {2, 2});
    ExpectFails(call(f32.t), ACLNN_ERR_PARAM_INVALID, "Tensor mmWeightRef not implemented for DT_FLOAT");
    Dev nz(Iota(4, 0, 1), at::kHalf, {2, 2}, {}, 0, ACL_FORMAT_FRACTAL_NZ);
    ExpectFails(call(nz.t), ACLNN_ERR_PARAM_INVALID, "the format of input should be ND. Actual is [FRACTAL_NZ].");
    // the Ascend 950 (default product): FLOAT16 exactly 2-D, INT8 2-6 dims
    Dev h3(Iota(8, 0, 1), at::kHalf, {2, 2, 2});
    ExpectFails(call(h3.t), ACLNN_ERR_PARAM_INVALID, "It is expected that tensorShape has 2 dimensions, but got dimensions 3.");
    Dev i3(Iota(8, 0, 1), at::kChar, {2, 2, 2});
    EXPECT_EQ(TransMatmulWeight(i3.t), 0) << LastError();
    Dev i1(Iota(8, 0, 1), at::kChar, {8});
    ExpectFails(call(i1.t), ACLNN_ERR_PARAM_INVALID, "It is expected that tensorShape has 2-6 dimensions, but got dimensions 1.");
}

// Atlas A2 (SocVersion ASCEND910B): 2-6 dims for every dtype; Ascend910: FLOAT16 only.
TEST(ReferenceNnMatmulTransWeight, ProductRules) {
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev h3(Iota(8, 0, 1), at::kHalf, {2, 2, 2});
        EXPECT_EQ(TransMatmulWeight(h3.t), 0) << LastError();
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev i8(Iota(4, 0, 1), at::kChar, {2, 2});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTransMatmulWeightGetWorkspaceSize(i8.t, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID, "should be in dtype support list DT_FLOAT16");
    }
}

// ================================================================================ ConvertWeightToINT4Pack

int ConvertPack(const aclTensor* w, aclTensor* p) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnConvertWeightToINT4PackGetWorkspaceSize(w, p, ws, ex); },
        aclnnConvertWeightToINT4Pack);
}

/// The closed form: element 8j + i's low 4 bits in bits 4i..4i+3 of packed element j, as a signed 32-bit value.
int32_t PackEight(const std::vector<int64_t>& codes, size_t j) {
    uint32_t u = 0;
    for (size_t i = 0; i < 8; ++i) u |= (static_cast<uint32_t>(codes[8 * j + i]) & 0xFu) << (4 * i);
    int32_t s;
    std::memcpy(&s, &u, 4);
    return s;
}

TEST(ReferenceNnMatmulInt4Pack, Int32ToPackedInt32) {
    // values -8..7 and two out of range (9 keeps its low nibble 9, -9 its 7): CANN masks, it does not saturate
    std::vector<double> v = Iota(16, -8.0, 1.0);
    v[3] = 9.0;
    v[4] = -9.0;
    Dev w(v, at::kInt, {2, 8});
    Dev p(std::vector<double>(2, 0.0), at::kInt, {2, 1});
    ASSERT_EQ(ConvertPack(w.t, p.t), 0) << LastError();
    std::vector<int64_t> codes;
    for (double x : v) codes.push_back(static_cast<int64_t>(x));
    const std::vector<double> got = p.Values();
    EXPECT_EQ(static_cast<int32_t>(got[0]), PackEight(codes, 0));
    EXPECT_EQ(static_cast<int32_t>(got[1]), PackEight(codes, 1));
    EXPECT_EQ(PackEight({1, 2, 3, 4, 5, 6, 7, -8}, 0), static_cast<int32_t>(0x87654321u));  // the layout itself
}

// FLOAT weight: the float's bits masked to sign, exponent and the first mantissa bit, looked up among FLOAT4_E2M1's
// 16 values (0.75 -> code 0, 5.0 -> 4.0's code 6, 6.5 -> 6.0's code 7), 8 codes packed into the bits of a FLOAT.
TEST(ReferenceNnMatmulInt4Pack, FloatToPackedFloat) {
    const std::vector<double> v = {0.5, 1.0, -6.0, 0.75, 5.0, 6.5, -0.5, 3.0};
    const std::vector<int64_t> codes = {1, 2, 15, 0, 6, 7, 9, 5};
    Dev w(v, at::kFloat, {1, 8});
    Dev p(std::vector<double>(1, 0.0), at::kFloat, {1, 1});
    ASSERT_EQ(ConvertPack(w.t, p.t), 0) << LastError();
    const float got = static_cast<float>(p.Values()[0]);
    int32_t bits;
    std::memcpy(&bits, &got, 4);
    EXPECT_EQ(bits, PackEight(codes, 0));
}

TEST(ReferenceNnMatmulInt4Pack, ChecksInCannOrder) {
    auto call = [](const aclTensor* w, aclTensor* p) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnConvertWeightToINT4PackGetWorkspaceSize(w, p, ws, ex); };
    };
    Dev w(Iota(16, 0, 0), at::kInt, {2, 8});
    Dev p(std::vector<double>(2), at::kInt, {2, 1});
    ExpectFails(call(nullptr, p.t), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument weight.");
    ExpectFails(call(w.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument weightInt4Pack.");
    Dev wt(Iota(16, 0, 0), at::kInt, {8, 2}, {1, 8});
    ExpectFails(call(wt.t, p.t), ACLNN_ERR_PARAM_INVALID, "the input weight and weightInt4Pack only support contiguous Tensor");
    Dev w16(Iota(16, 0, 0), at::kHalf, {2, 8});
    ExpectFails(call(w16.t, p.t), ACLNN_ERR_PARAM_INVALID, "Tensor weight not implemented for DT_FLOAT16");
    Dev pf(std::vector<double>(2), at::kFloat, {2, 1});
    ExpectFails(call(w.t, pf.t), ACLNN_ERR_PARAM_INVALID,
                "Invalid dtype combination: weight dtype: DT_INT32, weightInt4Pack dtype: DT_FLOAT.");
    Dev w1(Iota(8, 0, 0), at::kInt, {8});
    Dev p1(std::vector<double>(1), at::kInt, {1});
    ExpectFails(call(w1.t, p1.t), ACLNN_ERR_PARAM_INVALID, "weight's dim should be in range [2, 3]. Actual is [1].");
    Dev w12(Iota(24, 0, 0), at::kInt, {2, 12});
    ExpectFails(call(w12.t, p.t), ACLNN_ERR_PARAM_INVALID,
                "when weightInt4Pack's datatype is int32 or fp32, the last dim of weight should be a multiple of 8, "
                "Actual is 12");
    Dev p2(std::vector<double>(4), at::kInt, {2, 2});
    ExpectFails(call(w.t, p2.t), ACLNN_ERR_PARAM_INVALID, "but got weight [2, 8], and weightInt4Pack [2, 2]");
}

// ================================================================================ WeightQuantBatchMatmulV2 / V3 / Nz

struct Wq {
    const aclTensor* x;
    const aclTensor* weight;
    const aclTensor* scale;
    const aclTensor* offset = nullptr;
    const aclTensor* qscale = nullptr;
    const aclTensor* qoffset = nullptr;
    const aclTensor* bias = nullptr;
    int group = 0;
    const aclTensor* y;
};

auto WqV2(const Wq& a) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnWeightQuantBatchMatmulV2GetWorkspaceSize(a.x, a.weight, a.scale, a.offset, a.qscale, a.qoffset,
                                                             a.bias, a.group, a.y, ws, ex);
    };
}
auto WqV3(const Wq& a, int innerPrecise) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnWeightQuantBatchMatmulV3GetWorkspaceSize(a.x, a.weight, a.scale, a.offset, a.qscale, a.qoffset,
                                                             a.bias, a.group, innerPrecise, a.y, ws, ex);
    };
}
auto WqNz(const Wq& a) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnWeightQuantBatchMatmulNzGetWorkspaceSize(a.x, a.weight, a.scale, a.offset, a.qscale, a.qoffset,
                                                             a.bias, a.group, a.y, ws, ex);
    };
}

/// y[i][j] = sum_k x[i][k] * ((w[k][j] + off[g(k)][j]) * s[g(k)][j]) + bias[j], in double (g(k) = k / group, or 0).
std::vector<double> WqExpect(const std::vector<double>& x, const std::vector<double>& w, const std::vector<double>& s,
                             const std::vector<double>& off, const std::vector<double>& bias, int64_t m, int64_t k,
                             int64_t n, int64_t group) {
    std::vector<double> y(static_cast<size_t>(m * n), 0.0);
    for (int64_t i = 0; i < m; ++i) {
        for (int64_t j = 0; j < n; ++j) {
            double acc = bias.empty() ? 0.0 : bias[j];
            for (int64_t kk = 0; kk < k; ++kk) {
                const int64_t g = group > 0 ? kk / group : 0;
                const double sc = s.size() == 1 ? s[0] : s[g * n + j];
                const double of = off.empty() ? 0.0 : (off.size() == 1 ? off[0] : off[g * n + j]);
                acc += x[i * k + kk] * ((w[kk * n + j] + of) * sc);
            }
            y[i * n + j] = acc;
        }
    }
    return y;
}

// Per channel with offset and bias, FLOAT16: values exact in FLOAT16, so the sum is exact.
TEST(ReferenceNnMatmulWqbmm, PerChannelOffsetBias) {
    const int64_t m = 2, k = 4, n = 3;
    const std::vector<double> xv = {1, 2, -1, 0.5, -2, 1, 3, -1};
    const std::vector<double> wv = {1, -2, 3, 4, 0, -1, -3, 2, 5, 7, -8, 1};
    const std::vector<double> sv = {0.5, 2, -1};
    const std::vector<double> ov = {1, -1, 0.5};
    const std::vector<double> bv = {0.25, -3, 8};
    Dev x(xv, at::kHalf, {m, k});
    Dev w(wv, at::kChar, {k, n});
    Dev s(sv, at::kHalf, {n});
    Dev o(ov, at::kHalf, {n});
    Dev b(bv, at::kHalf, {n});
    Dev y(std::vector<double>(m * n, 99.0), at::kHalf, {m, n});
    Wq a{x.t, w.t, s.t};
    a.offset = o.t;
    a.bias = b.t;
    a.y = y.t;
    ASSERT_EQ(RunPhases(WqV2(a), aclnnWeightQuantBatchMatmulV2), 0) << LastError();
    EXPECT_EQ(y.Values(), WqExpect(xv, wv, sv, ov, bv, m, k, n, 0));
    // V3 (innerPrecise 1) and Nz (an ND weight accepted) give the same
    Dev y3(std::vector<double>(m * n, 99.0), at::kHalf, {m, n});
    a.y = y3.t;
    ASSERT_EQ(RunPhases(WqV3(a, 1), aclnnWeightQuantBatchMatmulV3), 0) << LastError();
    EXPECT_EQ(y3.Values(), y.Values());
    Dev yz(std::vector<double>(m * n, 99.0), at::kHalf, {m, n});
    a.y = yz.t;
    ASSERT_EQ(RunPhases(WqNz(a), aclnnWeightQuantBatchMatmulNz), 0) << LastError();
    EXPECT_EQ(yz.Values(), y.Values());
}

// Per group (antiquantGroupSize 32, k 64: scale [2, n]) with a transposed weight and scale (BF16).
TEST(ReferenceNnMatmulWqbmm, PerGroupTransposedWeight) {
    const int64_t m = 2, k = 64, n = 3;
    std::vector<double> xv, wv_kn(k * n), sv = {0.5, 1, 2, -1, 0.25, 4};
    for (int64_t i = 0; i < m * k; ++i) xv.push_back(static_cast<double>((i * 7) % 5 - 2));
    for (int64_t kk = 0; kk < k; ++kk) {
        for (int64_t j = 0; j < n; ++j) wv_kn[kk * n + j] = static_cast<double>((kk * 3 + j * 5) % 15 - 7);
    }
    // weight stored [n, k] (transposed view [k, n]); scale stored [n, 2] (transposed view [2, n])
    std::vector<double> wv_nk(n * k), sv_t(2 * n);
    for (int64_t kk = 0; kk < k; ++kk) {
        for (int64_t j = 0; j < n; ++j) wv_nk[j * k + kk] = wv_kn[kk * n + j];
    }
    for (int64_t g = 0; g < 2; ++g) {
        for (int64_t j = 0; j < n; ++j) sv_t[j * 2 + g] = sv[g * n + j];
    }
    Dev x(xv, at::kBFloat16, {m, k});
    Dev w(wv_nk, at::kChar, {k, n}, {1, k});
    Dev s(sv_t, at::kBFloat16, {2, n}, {1, 2});
    Dev y(std::vector<double>(m * n, 0.0), at::kBFloat16, {m, n});
    Wq a{x.t, w.t, s.t};
    a.group = 32;
    a.y = y.t;
    ASSERT_EQ(RunPhases(WqV2(a), aclnnWeightQuantBatchMatmulV2), 0) << LastError();
    const std::vector<double> want = WqExpect(xv, wv_kn, sv, {}, {}, m, k, n, 32);
    const at::Tensor wt = at::tensor(want, at::kDouble).to(at::kBFloat16).to(at::kDouble);
    EXPECT_TRUE(at::equal(at::tensor(y.Values(), at::kDouble), wt)) << at::tensor(y.Values()) << "\n" << wt;
}

// An INT32 weight [k, n / 8] holds 8 INT4 values an element (the low nibble first): the same result as the INT8
// weight of those values.
TEST(ReferenceNnMatmulWqbmm, PackedInt32Weight) {
    const int64_t m = 2, k = 4, n = 8;
    std::vector<double> xv = {1, -1, 2, 0.5, 0, 3, -2, 1};
    std::vector<int64_t> codes;
    std::vector<double> wv;
    for (int64_t i = 0; i < k * n; ++i) {
        const int64_t v = (i * 5) % 16 - 8;
        codes.push_back(v);
        wv.push_back(static_cast<double>(v));
    }
    std::vector<double> packed;
    for (int64_t j = 0; j < k; ++j) packed.push_back(static_cast<double>(PackEight(codes, static_cast<size_t>(j))));
    const std::vector<double> sv = {0.5};
    Dev x(xv, at::kHalf, {m, k});
    Dev w(packed, at::kInt, {k, 1});
    Dev s(sv, at::kHalf, {1});
    Dev y(std::vector<double>(m * n, 0.0), at::kHalf, {m, n});
    Wq a{x.t, w.t, s.t};
    a.y = y.t;
    ASSERT_EQ(RunPhases(WqV2(a), aclnnWeightQuantBatchMatmulV2), 0) << LastError();
    EXPECT_EQ(y.Values(), WqExpect(xv, wv, sv, {}, {}, m, k, n, 0));
}

TEST(ReferenceNnMatmulWqbmm, ChecksInCannOrder) {
    Dev x(Iota(8, 0, 1), at::kHalf, {2, 4});
    Dev w(Iota(12, 0, 1), at::kChar, {4, 3});
    Dev s(Iota(3, 1, 1), at::kHalf, {3});
    Dev y(std::vector<double>(6), at::kHalf, {2, 3});
    Wq a{x.t, w.t, s.t};
    a.y = y.t;
    {
        Wq b = a;
        b.x = nullptr;
        ExpectFails(WqV2(b), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument x.");
        b = a;
        b.scale = nullptr;
        ExpectFails(WqV2(b), ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument antiquantScale.");
    }
    // the Ascend 950 takes no quantScale (161001)
    Dev qs(Iota(3, 1, 1), at::kLong, {3});
    {
        Wq b = a;
        b.qscale = qs.t;
        ExpectFails(WqV2(b), ACLNN_ERR_PARAM_NULLPTR, "Current Soc do not support quantScaleOptional or quantOffsetOptional");
    }
    Dev x32(Iota(8, 0, 1), at::kFloat, {2, 4});
    {
        Wq b = a;
        b.x = x32.t;
        ExpectFails(WqV2(b), ACLNN_ERR_PARAM_INVALID, "Tensor x not implemented for DT_FLOAT");
    }
    Dev ybf(std::vector<double>(6), at::kBFloat16, {2, 3});
    {
        Wq b = a;
        b.y = ybf.t;
        ExpectFails(WqV2(b), ACLNN_ERR_PARAM_INVALID,
                    "when quantScaleOptional is null, y's dtype should be same as x [DT_FLOAT16], actual is [DT_BF16].");
    }
    Dev sbf(Iota(3, 1, 1), at::kBFloat16, {3});
    {
        Wq b = a;
        b.scale = sbf.t;
        ExpectFails(WqV2(b), ACLNN_ERR_PARAM_INVALID, "x's dtype must be same as antiquantScale's dtype");
    }
    Dev w5(Iota(15, 0, 1), at::kChar, {5, 3});
    {
        Wq b = a;
        b.weight = w5.t;
        ExpectFails(WqV2(b), ACLNN_ERR_PARAM_INVALID,
                    "x's k and weight's k should be equal, actual x'k is 4, weight's k is 5.");
    }
    Dev y4(std::vector<double>(8), at::kHalf, {2, 4});
    {
        Wq b = a;
        b.y = y4.t;
        ExpectFails(WqV2(b), ACLNN_ERR_PARAM_INVALID,
                    "y's n and weight's n should be equal, actual y's n is 4, weight's n is 3.");
    }
    Dev s2(Iota(2, 1, 1), at::kHalf, {2});
    {
        Wq b = a;
        b.scale = s2.t;
        ExpectFails(WqV2(b), ACLNN_ERR_PARAM_INVALID, "antiquantScale shape must be [1] or [3] and group size is 0");
        b = a;
        b.group = 16;
        ExpectFails(WqV2(b), ACLNN_ERR_PARAM_INVALID, "antiquantGroupSize should be an integer multiple of 32, actual is 16.");
    }
    // on the Ascend 950 x must not be transposed
    Dev xt(Iota(8, 0, 1), at::kHalf, {2, 4}, {1, 2});
    {
        Wq b = a;
        b.x = xt.t;
        ExpectFails(WqV2(b), ACLNN_ERR_PARAM_INVALID, "On DAV3510, the value of x can not be transposed");
    }
    ExpectFails(WqV3(a, 2), ACLNN_ERR_PARAM_INVALID, "cannot support innerPrecise[2]");
}

// The products: Ascend910 has no implementation (361001); Nz is the Ascend 950's only; Atlas A2 takes quantScale (y
// INT8) and an x transposed.
TEST(ReferenceNnMatmulWqbmm, ProductRules) {
    // the tensors are made inside each profile (switching the profile resets the device and its memory)
    struct Args {
        Dev x{Iota(8, 0, 1), at::kHalf, {2, 4}};
        Dev w{Iota(12, 0, 1), at::kChar, {4, 3}};
        Dev s{Iota(3, 1, 1), at::kHalf, {3}};
        Dev y{std::vector<double>(6), at::kHalf, {2, 3}};
        Wq a() const {
            Wq r{x.t, w.t, s.t};
            r.y = y.t;
            return r;
        }
    };
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Args g;
        ExpectFails(WqV2(g.a()), ACLNN_ERR_RUNTIME_ERROR, "support for Ascend910");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Args g;
        ExpectFails(WqNz(g.a()), ACLNN_ERR_RUNTIME_ERROR, "aclnn nz support for");
        Dev xt(std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8}, at::kHalf, {2, 4}, {1, 2});
        Wq b = g.a();
        b.x = xt.t;
        ASSERT_EQ(RunPhases(WqV2(b), aclnnWeightQuantBatchMatmulV2), 0) << LastError();
        // x = [[1,3,5,7],[2,4,6,8]] (the transposed view), w = 0..11 row-major, s = 1,2,3
        const std::vector<double> xv = {1, 3, 5, 7, 2, 4, 6, 8};
        EXPECT_EQ(g.y.Values(), WqExpect(xv, Iota(12, 0, 1), {1, 2, 3}, {}, {}, 2, 4, 3, 0));
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        Args g;
        Dev sbf(Iota(3, 1, 1), at::kBFloat16, {3});
        Wq b = g.a();
        b.scale = sbf.t;
        ExpectFails(WqV2(b), ACLNN_ERR_PARAM_INVALID, "Tensor antiquantScale not implemented for DT_BF16");
    }
}

// ================================================================================ WeightQuantBatchMatmul (V1)

auto WqV1(const aclTensor* x1, const aclTensor* x2, const aclTensor* addOffset, const aclTensor* mulScale,
          const aclTensor* bias, bool tx1, bool tx2, float scale, float offset, aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnWeightQuantBatchMatmulGetWorkspaceSize(x1, x2, nullptr, nullptr, nullptr, addOffset, mulScale, bias,
                                                           tx1, tx2, scale, offset, out, ws, ex);
    };
}

// m = 65 (> 64: the single-op path): ((x2 + 1) * 0.5 + addOffset) * mulScale, bias added; values exact in FLOAT16.
TEST(ReferenceNnMatmulWqbmmV1, SingleOpPath) {
    const int64_t m = 65, k = 2, n = 3;
    std::vector<double> xv;
    for (int64_t i = 0; i < m * k; ++i) xv.push_back(static_cast<double>(i % 4) - 1.0);
    const std::vector<double> wv = {1, -3, 5, 2, 0, -1};
    const std::vector<double> ao = {0.5, 1, -2};
    const std::vector<double> ms = {2, 0.5, 1};
    const std::vector<double> bv = {1, -1, 0.25};
    Dev x1(xv, at::kHalf, {m, k});
    Dev x2(wv, at::kChar, {k, n});
    Dev a(ao, at::kHalf, {n});
    Dev s(ms, at::kHalf, {n});
    Dev b(bv, at::kFloat, {n});
    Dev out(std::vector<double>(m * n, 0.0), at::kHalf, {m, n});
    ASSERT_EQ(RunPhases(WqV1(x1.t, x2.t, a.t, s.t, b.t, false, false, 0.5f, 1.0f, out.t), aclnnWeightQuantBatchMatmul), 0)
        << LastError();
    std::vector<double> want(m * n);
    for (int64_t i = 0; i < m; ++i) {
        for (int64_t j = 0; j < n; ++j) {
            double acc = bv[j];
            for (int64_t kk = 0; kk < k; ++kk) acc += xv[i * k + kk] * (((wv[kk * n + j] + 1.0) * 0.5 + ao[j]) * ms[j]);
            want[i * n + j] = acc;
        }
    }
    EXPECT_EQ(out.Values(), want);
}

TEST(ReferenceNnMatmulWqbmmV1, ChecksAllInvalid) {
    Dev x1(Iota(8, 0, 1), at::kHalf, {4, 2});
    Dev x2(Iota(6, 0, 1), at::kChar, {2, 3});
    Dev out(std::vector<double>(12), at::kHalf, {4, 3});
    // CANN returns 161002 for a NULL too
    ExpectFails(WqV1(nullptr, x2.t, nullptr, nullptr, nullptr, false, false, 1, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected a proper Tensor but got null for argument x1.");
    // m = 4 <= 64: the fixpipe inputs are required
    ExpectFails(WqV1(x1.t, x2.t, nullptr, nullptr, nullptr, false, false, 1, 0, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected a proper Tensor but got null for argument diagonalMatrix.");
    Dev big(Iota(130, 0, 0), at::kHalf, {65, 2});
    Dev bigout(std::vector<double>(195), at::kHalf, {65, 3});
    Dev f32(Iota(195, 0, 0), at::kFloat, {65, 3});
    ExpectFails(WqV1(big.t, x2.t, nullptr, nullptr, nullptr, false, false, 1, 0, f32.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out not implemented for DT_FLOAT");
    Dev a4(Iota(4, 0, 0), at::kHalf, {4});
    ExpectFails(WqV1(big.t, x2.t, a4.t, nullptr, nullptr, false, false, 1, 0, bigout.t), ACLNN_ERR_PARAM_INVALID,
                "single op Offset's broad cast dim is not equal to one or N, can't broadcast");
    Dev x2k(Iota(9, 0, 0), at::kChar, {3, 3});
    ExpectFails(WqV1(big.t, x2k.t, nullptr, nullptr, nullptr, false, false, 1, 0, bigout.t), ACLNN_ERR_PARAM_INVALID,
                "The k-axis of the two inputs are different [65,2], [3,3]");
}

// ================================================================================ TransposeBatchMatMul

auto Tbmm(const aclTensor* x1, const aclTensor* x2, const aclTensor* bias, const aclTensor* scale,
          std::vector<int64_t> p1, std::vector<int64_t> p2, std::vector<int64_t> py, int8_t cmt, int32_t f,
          aclTensor* out) {
    return [=](uint64_t* ws, aclOpExecutor** ex) {
        aclIntArray* a1 = aclCreateIntArray(p1.data(), p1.size());
        aclIntArray* a2 = aclCreateIntArray(p2.data(), p2.size());
        aclIntArray* ay = aclCreateIntArray(py.data(), py.size());
        const int ret = aclnnTransposeBatchMatMulGetWorkspaceSize(x1, x2, bias, scale, a1, a2, ay, cmt, f, out, ws, ex);
        aclDestroyIntArray(a1);
        aclDestroyIntArray(a2);
        aclDestroyIntArray(ay);
        return ret;
    };
}

// x1 [M, B, K] (permX1 [1, 0, 2]), x2 [B, K, N]: out[m][b][n] = sum_k x1[m][b][k] * x2[b][k][n]; with
// batchSplitFactor 2 the batches split into two blocks [2, M, B / 2 * N].
TEST(ReferenceNnMatmulTbmm, PermutationsAndSplit) {
    const int64_t M = 3, B = 4, K = 2, N = 2;
    std::vector<double> a, b;
    for (int64_t i = 0; i < M * B * K; ++i) a.push_back(static_cast<double>(i % 5) - 2.0);
    for (int64_t i = 0; i < B * K * N; ++i) b.push_back(static_cast<double>(i % 3) + 1.0);
    auto want = [&](int64_t m, int64_t bb, int64_t n) {
        double acc = 0;
        for (int64_t k = 0; k < K; ++k) acc += a[(m * B + bb) * K + k] * b[(bb * K + k) * N + n];
        return acc;
    };
    Dev x1(a, at::kFloat, {M, B, K});
    Dev x2(b, at::kFloat, {B, K, N});
    Dev out(std::vector<double>(M * B * N), at::kFloat, {M, B, N});
    ASSERT_EQ(RunPhases(Tbmm(x1.t, x2.t, nullptr, nullptr, {1, 0, 2}, {0, 1, 2}, {1, 0, 2}, 1, 1, out.t),
                        aclnnTransposeBatchMatMul),
              0)
        << LastError();
    std::vector<double> w;
    for (int64_t m = 0; m < M; ++m) {
        for (int64_t bb = 0; bb < B; ++bb) {
            for (int64_t n = 0; n < N; ++n) w.push_back(want(m, bb, n));
        }
    }
    EXPECT_EQ(out.Values(), w);
    // batchSplitFactor 2: out[s][m][(bb - s * B / 2) * N + n]
    Dev split(std::vector<double>(M * B * N), at::kFloat, {2, M, B / 2 * N});
    ASSERT_EQ(RunPhases(Tbmm(x1.t, x2.t, nullptr, nullptr, {1, 0, 2}, {0, 1, 2}, {1, 0, 2}, 1, 2, split.t),
                        aclnnTransposeBatchMatMul),
              0)
        << LastError();
    std::vector<double> ws;
    for (int64_t sp = 0; sp < 2; ++sp) {
        for (int64_t m = 0; m < M; ++m) {
            for (int64_t bb = sp * B / 2; bb < (sp + 1) * B / 2; ++bb) {
                for (int64_t n = 0; n < N; ++n) ws.push_back(want(m, bb, n));
            }
        }
    }
    EXPECT_EQ(split.Values(), ws);
}

// scale (INT64 holding float32 bits, [B * N]): out INT8 [M, 1, B * N], each column times its scale, rounded half to
// even and saturated.
TEST(ReferenceNnMatmulTbmm, Int8Scale) {
    const int64_t M = 2, B = 2, K = 2, N = 2;
    const std::vector<double> a = {1, 2, 3, 4, -5, 6, 7, -8};  // [M, B, K]
    const std::vector<double> b = {10, 20, 30, 40, 50, 60, 70, 80};  // [B, K, N]
    const std::vector<float> sc = {0.5f, 0.25f, 1.0f, 0.1f};
    std::vector<double> scale_bits;
    for (float f : sc) {
        uint32_t u;
        std::memcpy(&u, &f, 4);
        scale_bits.push_back(static_cast<double>(u));
    }
    Dev x1(a, at::kHalf, {M, B, K});
    Dev x2(b, at::kHalf, {B, K, N});
    Dev s(scale_bits, at::kLong, {B * N});
    Dev out(std::vector<double>(M * B * N), at::kChar, {M, 1, B * N});
    ASSERT_EQ(RunPhases(Tbmm(x1.t, x2.t, nullptr, s.t, {1, 0, 2}, {0, 1, 2}, {1, 0, 2}, 1, 1, out.t),
                        aclnnTransposeBatchMatMul),
              0)
        << LastError();
    std::vector<double> w;
    for (int64_t m = 0; m < M; ++m) {
        for (int64_t bb = 0; bb < B; ++bb) {
            for (int64_t n = 0; n < N; ++n) {
                double acc = 0;
                for (int64_t k = 0; k < K; ++k) acc += a[(m * B + bb) * K + k] * b[(bb * K + k) * N + n];
                const float v = std::nearbyint(static_cast<float>(acc) * sc[bb * N + n]);
                w.push_back(std::fmax(-128.0, std::fmin(127.0, v)));
            }
        }
    }
    EXPECT_EQ(out.Values(), w);
}

TEST(ReferenceNnMatmulTbmm, ChecksInCannOrder) {
    Dev x1(Iota(24, 0, 0.5), at::kFloat, {3, 2, 4});
    Dev x2(Iota(40, 0, 0.5), at::kFloat, {2, 4, 5});
    Dev out(std::vector<double>(30), at::kFloat, {3, 2, 5});
    ExpectFails(Tbmm(nullptr, x2.t, nullptr, nullptr, {1, 0, 2}, {0, 1, 2}, {1, 0, 2}, 1, 1, out.t),
                ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument x1.");
    Dev x2d(Iota(8, 0, 1), at::kFloat, {2, 4});
    ExpectFails(Tbmm(x2d.t, x2.t, nullptr, nullptr, {1, 0, 2}, {0, 1, 2}, {1, 0, 2}, 1, 1, out.t),
                ACLNN_ERR_PARAM_INVALID, "The dims of the two inputs should be 3, now they are [2,4] and [2,4,5]");
    ExpectFails(Tbmm(x1.t, x2.t, nullptr, nullptr, {1, 0}, {0, 1, 2}, {1, 0, 2}, 1, 1, out.t), ACLNN_ERR_PARAM_INVALID,
                "The perm parameter must be three-dimensional!");
    ExpectFails(Tbmm(x1.t, x2.t, nullptr, nullptr, {1, 0, 2}, {0, 1, 2}, {1, 0, 2}, -1, 1, out.t),
                ACLNN_ERR_PARAM_INVALID, "the value of cubeMathType cannot be -1");
    ExpectFails(Tbmm(x1.t, x2.t, nullptr, nullptr, {2, 0, 1}, {0, 1, 2}, {1, 0, 2}, 1, 1, out.t),
                ACLNN_ERR_PARAM_INVALID, "the perm of x1 should be [0, 1, 2] or [1, 0, 2].");
    ExpectFails(Tbmm(x1.t, x2.t, nullptr, nullptr, {1, 0, 2}, {0, 1, 2}, {0, 1, 2}, 1, 1, out.t),
                ACLNN_ERR_PARAM_INVALID, "the perm of y should be [1, 0, 2].");
    ExpectFails(Tbmm(x1.t, x2.t, nullptr, nullptr, {1, 0, 2}, {0, 1, 2}, {1, 0, 2}, 1, 3, out.t),
                ACLNN_ERR_PARAM_INVALID, "batch_split_factor[3] should be factor of batch[2]");
    Dev bias(Iota(5, 0, 1), at::kFloat, {5});
    ExpectFails(Tbmm(x1.t, x2.t, bias.t, nullptr, {1, 0, 2}, {0, 1, 2}, {1, 0, 2}, 1, 1, out.t),
                ACLNN_ERR_PARAM_INVALID, "The bias is not support in TBMM.");
    Dev h2(Iota(40, 0, 0.5), at::kHalf, {2, 4, 5});
    ExpectFails(Tbmm(x1.t, h2.t, nullptr, nullptr, {1, 0, 2}, {0, 1, 2}, {1, 0, 2}, 1, 1, out.t),
                ACLNN_ERR_PARAM_INVALID, "x1's dtype [DT_FLOAT] and x2's dtype [DT_FLOAT16] are not equal.");
    Dev wrong(std::vector<double>(30), at::kFloat, {2, 3, 5});
    ExpectFails(Tbmm(x1.t, x2.t, nullptr, nullptr, {1, 0, 2}, {0, 1, 2}, {1, 0, 2}, 1, 1, wrong.t),
                ACLNN_ERR_PARAM_INVALID, "Expected out to have shape [3,2,5], but got [2,3,5].");
}

// ================================================================================ MatmulEmuSplitWeight

int EmuSplit(const aclTensor* x, const aclTensor* wh, const aclTensor* wl, const aclTensor* y, float s, int8_t yd) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMatmulEmuSplitWeightGetWorkspaceSize(x, wh, wl, y, s, yd, ws, ex);
        },
        aclnnMatmulEmuSplitWeight);
}

TEST(ReferenceNnMatmulEmuSplit, HighPlusScaledLow) {
    const std::vector<double> xv = {1, 2, -1, 0.5};           // [2, 2]
    const std::vector<double> hv = {3, -1, 0.25, 8, 2, 1};    // [2, 3]
    const std::vector<double> lv = {64, -128, 32, 16, 4, -8};  // [2, 3]
    Dev x(xv, at::kBFloat16, {2, 2});
    Dev wh(hv, at::kBFloat16, {2, 3});
    Dev wl(lv, at::kBFloat16, {2, 3});
    Dev y(std::vector<double>(6), at::kFloat, {2, 3});
    ASSERT_EQ(EmuSplit(x.t, wh.t, wl.t, y.t, 0.00390625f, 0), 0) << LastError();
    std::vector<double> want;
    for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 3; ++j) {
            double hi = 0, lo = 0;
            for (int k = 0; k < 2; ++k) {
                hi += xv[i * 2 + k] * hv[k * 3 + j];
                lo += xv[i * 2 + k] * lv[k * 3 + j];
            }
            want.push_back(hi + lo / 256.0);
        }
    }
    EXPECT_EQ(y.Values(), want);
}

TEST(ReferenceNnMatmulEmuSplit, ChecksInCannOrder) {
    Dev x(Iota(4, 0, 1), at::kBFloat16, {2, 2});
    Dev w(Iota(6, 0, 1), at::kBFloat16, {2, 3});
    Dev y(std::vector<double>(6), at::kFloat, {2, 3});
    auto call = [](const aclTensor* a, const aclTensor* h, const aclTensor* l, const aclTensor* o, float s, int8_t d) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMatmulEmuSplitWeightGetWorkspaceSize(a, h, l, o, s, d, ws, ex);
        };
    };
    ExpectFails(call(x.t, nullptr, w.t, y.t, 0.00390625f, 0), ACLNN_ERR_PARAM_NULLPTR, "The value of w_high cannot be null");
    Dev xh(Iota(4, 0, 1), at::kHalf, {2, 2});
    ExpectFails(call(xh.t, w.t, w.t, y.t, 0.00390625f, 0), ACLNN_ERR_PARAM_INVALID, "The dtype of x must be in [DT_BF16]");
    ExpectFails(call(x.t, w.t, w.t, y.t, 0.00390625f, 1), ACLNN_ERR_PARAM_INVALID, "The value of yDtype must be 0");
    ExpectFails(call(x.t, w.t, w.t, y.t, 0.5f, 0), ACLNN_ERR_PARAM_INVALID, "The value of wLowScale must be 0.003906");
    ExpectFails(call(x.t, w.t, w.t, y.t, NAN, 0), ACLNN_ERR_PARAM_INVALID, "The value of wLowScale cannot be NaN");
    Dev y2(std::vector<double>(4), at::kFloat, {2, 2});
    ExpectFails(call(x.t, w.t, w.t, y2.t, 0.00390625f, 0), ACLNN_ERR_PARAM_INVALID, "The shape of y must be [2, 3]");
}

// The host functions beside aclnnTransMatmulWeight (conversion/trans_data's op_api): the last two dims aligned to
// 16 for FLOAT16 / BF16, to 16 (rows) and 32 (columns) for INT8, the batch dims multiplied as they are; V1 is
// FLOAT16 over exactly 2 dims, V2 2-6 dims without zeros; the null and rank checks' codes.
TEST(ReferenceNnMatmulHost, CalculateMatmulWeightSize) {
    auto v2 = [](std::vector<int64_t> shape, aclDataType dt, uint64_t* size) {
        aclIntArray* a = aclCreateIntArray(shape.data(), shape.size());
        const int ret = aclnnCalculateMatmulWeightSizeV2(a, dt, size);
        aclDestroyIntArray(a);
        return ret;
    };
    uint64_t size = 0;
    ASSERT_EQ(v2({100, 60}, ACL_INT8, &size), 0) << LastError();
    EXPECT_EQ(size, 112u * 64u);
    ASSERT_EQ(v2({3, 100, 60}, ACL_FLOAT16, &size), 0) << LastError();
    EXPECT_EQ(size, 3u * 112u * 64u);
    ASSERT_EQ(v2({4096, 8192}, ACL_BF16, &size), 0) << LastError();
    EXPECT_EQ(size, 4096u * 8192u);
    EXPECT_EQ(v2({5}, ACL_FLOAT16, &size), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(LastError().find("tensorShape has 2-6 dimensions, but got dimensions 1"), std::string::npos);
    EXPECT_EQ(v2({4, 0}, ACL_FLOAT16, &size), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(v2({4, 4}, ACL_FLOAT16, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    const std::vector<int64_t> s1{17, 33};
    aclIntArray* a = aclCreateIntArray(s1.data(), s1.size());
    ASSERT_EQ(aclnnCalculateMatmulWeightSize(a, &size), 0) << LastError();
    EXPECT_EQ(size, 32u * 48u);
    aclDestroyIntArray(a);
    EXPECT_EQ(aclnnCalculateMatmulWeightSize(nullptr, &size), ACLNN_ERR_PARAM_NULLPTR);
    // beyond CANN: a destroyed aclIntArray is refused, never read
    EXPECT_EQ(aclnnCalculateMatmulWeightSize(a, &size), ACLNN_ERR_PARAM_INVALID);
}

}  // namespace nn_matmul_reference_test
