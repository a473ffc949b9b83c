// More of the nn_matmul and nn_quant_matmul families' reference-tier operators through the public API
// (ops/families/nn_matmul.yaml, nn_quant_matmul.yaml; docs/ops/nn_matmul.md, nn_quant_matmul.md): the weight-NZ
// products (MatmulWeightNz, BatchMatMulWeightNz) on real FRACTAL_NZ storage laid out here block by block, the INT8
// products of QuantMatmul / QuantMatmulV2 and QuantMatmulReduceSumWeightNz against integer sums computed here, the
// FLOAT8 / MX products of TransposeQuantBatchMatMul against hand-computed values, the split cross-entropy pieces
// (FusedLinearOnlineMaxSum, FusedLinearCrossEntropyLossGrad) against ATen called directly, and the checks in CANN's
// order with its codes and messages. The table-driven suite (reference_table_test.cpp) runs each entry's cases on
// transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_fused_linear_cross_entropy_loss_grad.h"
#include "aclnnop/aclnn_fused_linear_online_max_sum.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_quant_matmul.h"
#include "aclnnop/aclnn_quant_matmul_reduce_sum.h"
#include "aclnnop/aclnn_transpose_quant_batch_mat_mul.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit.
namespace nn_matmul_extra_reference_test {

using aclcpu_test::DeviceBuffer;
using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;

std::vector<double> Ramp(int64_t n, double start, double step, int64_t period = 0) {
    std::vector<double> v(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i)] = start + step * static_cast<double>(period > 0 ? i % period : i);
    return v;
}

/// A FRACTAL_NZ tensor of view [batch.., rows, cols] (FLOAT16 here) whose storage [batch.., n1, m1, 16, 16] is laid
/// out here block by block: element (r, c) at [c / 16, r / 16, r % 16, c % 16]; the padding holds 999.
struct NzDev {
    DeviceBuffer buf;
    aclTensor* t = nullptr;
    NzDev(const at::Tensor& values, aclDataType dt = ACL_FLOAT16) {
        const int64_t nd = values.dim();
        const int64_t rows = values.size(nd - 2), cols = values.size(nd - 1);
        const int64_t batch = values.numel() / (rows * cols);
        const int64_t n1 = (cols + 15) / 16, m1 = (rows + 15) / 16;
        at::Tensor blocks = at::full({batch, n1, m1, 16, 16}, 999.0, at::kDouble);
        const at::Tensor v = values.to(at::kDouble).reshape({batch, rows, cols});
        for (int64_t b = 0; b < batch; ++b) {
            for (int64_t r = 0; r < rows; ++r) {
                for (int64_t c = 0; c < cols; ++c) blocks[b][c / 16][r / 16][r % 16][c % 16] = v[b][r][c];
            }
        }
        const at::Tensor host = blocks.to(dt == ACL_BF16 ? at::kBFloat16 : at::kHalf).contiguous();
        const size_t bytes = static_cast<size_t>(host.numel() * host.element_size());
        buf = DeviceBuffer(bytes);
        aclrtMemcpy(buf.get(), bytes, host.data_ptr(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        std::vector<int64_t> view(values.sizes().begin(), values.sizes().end());
        std::vector<int64_t> storage(view.begin(), view.end() - 2);
        storage.insert(storage.end(), {n1, m1, 16, 16});
        const std::vector<int64_t> strides = aclcpu_test::ContiguousStrides(view);
        t = aclCreateTensor(view.data(), view.size(), dt, strides.data(), 0, ACL_FORMAT_FRACTAL_NZ, storage.data(),
                            storage.size(), buf.get());
    }
    ~NzDev() { aclDestroyTensor(t); }
    NzDev(const NzDev&) = delete;
    NzDev& operator=(const NzDev&) = delete;
};

at::Tensor Host(const std::vector<double>& v, std::vector<int64_t> shape) {
    return at::tensor(v, at::kDouble).reshape(shape);
}
at::Tensor Got(const Dev& d, std::vector<int64_t> shape) { return d.Storage().reshape(shape); }
std::vector<double> Vec(const at::Tensor& t) {
    const at::Tensor d = t.to(at::kDouble).contiguous();
    return std::vector<double>(d.data_ptr<double>(), d.data_ptr<double>() + d.numel());
}

// ================================================================================ MatmulWeightNz

int MatmulNz(const aclTensor* a, const aclTensor* b, const aclTensor* out, int8_t cmt) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMatmulWeightNzGetWorkspaceSize(a, b, const_cast<aclTensor*>(out), cmt, ws, ex);
        },
        aclnnMatmulWeightNz);
}

// A real FRACTAL_NZ weight (k 20, n 18: padded blocks) read through its blocks; the product as aclnnMm's (FLOAT16
// inputs, sums in float32, one rounding).
TEST(ReferenceMatmulExtraMatmulWeightNz, NzWeightMatchesMm) {
    const at::Tensor a = Host(Ramp(5 * 20, -1.0, 0.125, 17), {5, 20}).to(at::kHalf);
    const at::Tensor w = Host(Ramp(20 * 18, 0.5, -0.0625, 13), {20, 18}).to(at::kHalf);
    Dev self(Ramp(5 * 20, -1.0, 0.125, 17), at::kHalf, {5, 20});
    NzDev mat2(w);
    Dev out(std::vector<double>(5 * 18, 0.0), at::kHalf, {5, 18});
    ASSERT_EQ(MatmulNz(self.t, mat2.t, out.t, 1), 0) << LastError();
    const at::Tensor want = at::matmul(a.to(at::kFloat), w.to(at::kFloat)).to(at::kHalf).to(at::kDouble);
    EXPECT_TRUE(at::equal(Got(out, {5, 18}), want));
}

// An ND weight is accepted too (aclnnTransMatmulWeight keeps weights ND here), also a transposed view (the btrans
// example's [K, N] view of an [N, K] storage).
TEST(ReferenceMatmulExtraMatmulWeightNz, NdAndTransposedWeight) {
    Dev self(Ramp(3 * 16, 1.0, 0.25, 7), at::kBFloat16, {3, 16});
    Dev w(Ramp(8 * 16, -2.0, 0.5, 9), at::kBFloat16, {16, 8}, {1, 16});  // storage [8, 16], view [16, 8]
    Dev out(std::vector<double>(24, 0.0), at::kBFloat16, {3, 8});
    ASSERT_EQ(MatmulNz(self.t, w.t, out.t, 1), 0) << LastError();
    const at::Tensor a = Host(Ramp(3 * 16, 1.0, 0.25, 7), {3, 16}).to(at::kBFloat16).to(at::kFloat);
    const at::Tensor b = Host(Ramp(8 * 16, -2.0, 0.5, 9), {8, 16}).to(at::kBFloat16).to(at::kFloat).t();
    EXPECT_TRUE(at::equal(Got(out, {3, 8}), at::matmul(a, b).to(at::kBFloat16).to(at::kDouble)));
}

TEST(ReferenceMatmulExtraMatmulWeightNz, Checks) {
    Dev self(std::vector<double>(32, 1.0), at::kHalf, {2, 16});
    Dev selfb(std::vector<double>(32, 1.0), at::kBFloat16, {2, 16});
    Dev selff(std::vector<double>(32, 1.0), at::kFloat, {2, 16});
    Dev w(std::vector<double>(16 * 8, 1.0), at::kHalf, {16, 8});
    Dev wf(std::vector<double>(16 * 8, 1.0), at::kFloat, {16, 8});
    Dev wk1(std::vector<double>(8, 1.0), at::kHalf, {1, 8});
    Dev w3(std::vector<double>(32, 1.0), at::kHalf, {2, 16, 1});
    Dev out(std::vector<double>(16, 0.0), at::kHalf, {2, 8});
    Dev out_bad(std::vector<double>(18, 0.0), at::kHalf, {2, 9});
    Dev wnz_flat(std::vector<double>(16 * 8, 1.0), at::kHalf, {16, 8}, {}, 0, ACL_FORMAT_FRACTAL_NZ);
    auto mm = [](const aclTensor* a, const aclTensor* b, const aclTensor* o, int8_t c) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMatmulWeightNzGetWorkspaceSize(a, b, const_cast<aclTensor*>(o), c, ws, ex);
        };
    };
    ExpectFails(mm(nullptr, w.t, out.t, 1), 161001, "Expected a proper Tensor but got null for argument self.");
    ExpectFails(mm(self.t, nullptr, out.t, 1), 161001, "Expected a proper Tensor but got null for argument mat2.");
    ExpectFails(mm(selfb.t, w.t, out.t, 1), 161002, "must be both DT_BF16 or both DT_FLOAT16");
    {
        Dev w8(std::vector<double>(64, 1.0), at::kHalf, {8, 8});
        ExpectFails(mm(self.t, w8.t, out.t, 1), 161002, "The k-axis of the two inputs are different");
    }
    ExpectFails(mm(self.t, wk1.t, out.t, 1), 161002, "Not supported mat2 n = 1 or k = 1");
    ExpectFails(mm(self.t, w3.t, out.t, 1), 161002, "Expected 2 dimension input");
    ExpectFails(mm(self.t, wnz_flat.t, out.t, 1), 161002, "Only support mat2 storageShapeDim is 4");
    ExpectFails(mm(self.t, w.t, out_bad.t, 1), 161002, "Expected out of shape [2, 8]");
    {
        Dev wn1(std::vector<double>(16, 1.0), at::kHalf, {16, 1});
        Dev o1(std::vector<double>(2, 0.0), at::kHalf, {2, 1});
        ExpectFails(mm(self.t, wn1.t, o1.t, 1), 161002, "Not supported mat2 n = 1 or k = 1");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        ExpectFails(mm(selff.t, wf.t, out.t, 1), 161002, "Float32 weight NZ is unsupported by the current SOC version");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        ExpectFails(mm(self.t, w.t, out.t, 1), 161002, "Weight NZ is unsupported by the current SOC version");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        // memory from before the product's switch is not the new device's: fresh tensors
        Dev sf(std::vector<double>(32, 1.0), at::kFloat, {2, 16});
        Dev wf2(std::vector<double>(16 * 8, 1.0), at::kFloat, {16, 8});
        Dev o16(std::vector<double>(16, 0.0), at::kHalf, {2, 8});
        ExpectFails(mm(sf.t, wf2.t, o16.t, 0), 161002, "Input tensor's dtype[DT_FLOAT] should be same with output's");
        Dev of(std::vector<double>(16, 0.0), at::kFloat, {2, 8});
        ASSERT_EQ(MatmulNz(sf.t, wf2.t, of.t, 1), 0) << LastError();  // FLOAT weight NZ: Atlas A2/A3 only
        EXPECT_EQ(of.Values(), std::vector<double>(16, 16.0));
    }
}

// ================================================================================ BatchMatMulWeightNz

int BmmNz(const aclTensor* a, const aclTensor* b, const aclTensor* out, int8_t cmt) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBatchMatMulWeightNzGetWorkspaceSize(a, b, const_cast<aclTensor*>(out), cmt, ws, ex);
        },
        aclnnBatchMatMulWeightNz);
}

// A 5-D FRACTAL_NZ weight [B, n1, k1, 16, 16], a FLOAT out: two 16-bit inputs with a FLOAT out give the float32
// sums unrounded (NeedEnableFp32Output); a FLOAT16 out rounds them once.
TEST(ReferenceMatmulExtraBatchMatMulWeightNz, NzWeightFloatOut) {
    const at::Tensor a = Host(Ramp(2 * 3 * 24, -1.5, 0.125, 23), {2, 3, 24}).to(at::kHalf);
    const at::Tensor w = Host(Ramp(2 * 24 * 20, 1.0, -0.0625, 29), {2, 24, 20}).to(at::kHalf);
    Dev self(Ramp(2 * 3 * 24, -1.5, 0.125, 23), at::kHalf, {2, 3, 24});
    NzDev mat2(w);
    Dev out(std::vector<double>(2 * 3 * 20, 0.0), at::kFloat, {2, 3, 20});
    ASSERT_EQ(BmmNz(self.t, mat2.t, out.t, 0), 0) << LastError();
    const at::Tensor sums = at::matmul(a.to(at::kFloat), w.to(at::kFloat));
    EXPECT_TRUE(at::equal(Got(out, {2, 3, 20}), sums.to(at::kDouble)));
    Dev out16(std::vector<double>(2 * 3 * 20, 0.0), at::kHalf, {2, 3, 20});
    ASSERT_EQ(BmmNz(self.t, mat2.t, out16.t, 1), 0) << LastError();
    EXPECT_TRUE(at::equal(Got(out16, {2, 3, 20}), sums.to(at::kHalf).to(at::kDouble)));
}

TEST(ReferenceMatmulExtraBatchMatMulWeightNz, Checks) {
    Dev self(std::vector<double>(32, 1.0), at::kHalf, {1, 2, 16});
    Dev selff(std::vector<double>(32, 1.0), at::kFloat, {1, 2, 16});
    Dev w(std::vector<double>(16 * 8, 1.0), at::kHalf, {1, 16, 8});
    Dev wb(std::vector<double>(16 * 8, 1.0), at::kBFloat16, {1, 16, 8});
    Dev out(std::vector<double>(16, 0.0), at::kHalf, {1, 2, 8});
    Dev outb(std::vector<double>(16, 0.0), at::kBFloat16, {1, 2, 8});
    Dev out2(std::vector<double>(16, 0.0), at::kHalf, {2, 8});
    auto bmm = [](const aclTensor* a, const aclTensor* b, const aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBatchMatMulWeightNzGetWorkspaceSize(a, b, const_cast<aclTensor*>(o), 1, ws, ex);
        };
    };
    ExpectFails(bmm(self.t, w.t, nullptr), 161001, "Expected a proper Tensor but got null for argument out.");
    ExpectFails(bmm(selff.t, w.t, out.t), 161002, "Tensor self not implemented for DT_FLOAT");
    ExpectFails(bmm(self.t, wb.t, outb.t), 161002, "self's dtype [DT_FLOAT16] and mat2's dtype [DT_BF16] are not equal.");
    ExpectFails(bmm(self.t, w.t, outb.t), 161002, "self's dtype [DT_FLOAT16] and out's dtype [DT_BF16] are not equal.");
    ExpectFails(bmm(self.t, w.t, out2.t), 161002, "Expected 3 dimension input");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    ExpectFails(bmm(self.t, w.t, out.t), 161002, "batchmatmulweightnz is unsupported in this npu arch");
}

// ================================================================================ QuantMatmul (V1) / QuantMatmulV2

/// aclnnTransQuantParam's layout of a scale with no offset: the FLOAT's bits with bit 46.
uint64_t QuantParam(float s) {
    uint32_t u = 0;
    std::memcpy(&u, &s, 4);
    return static_cast<uint64_t>(u) | (1ULL << 46);
}

int QmmV2(const aclTensor* x1, const aclTensor* x2, const aclTensor* bias, const aclTensor* dq, bool a1, bool a2,
          const aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantMatmulV2GetWorkspaceSize(x1, x2, bias, dq, a1, a2, const_cast<aclTensor*>(out), ws, ex);
        },
        aclnnQuantMatmulV2);
}

// out = (x1 @ x2 + bias) * scale[n]: exact integer sums, the scale per column from the first n quant params.
TEST(ReferenceMatmulExtraQuantMatmulV2, IntegerSumsTimesColumnScale) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    const int64_t m = 3, k = 5, n = 4;
    std::vector<double> a = Ramp(m * k, -7, 3, 11), b = Ramp(k * n, 5, -2, 9), bias = {100, -50, 7, 0};
    std::vector<double> q(16, 0.0);
    const float scales[4] = {0.5f, 0.25f, -2.0f, 1.0f};
    Dev x1(a, at::kChar, {m, k});
    Dev x2(b, at::kChar, {n, k}, {1, n});  // adjX2: x2's view [n, k] of a [k, n] storage
    Dev bs(bias, at::kInt, {n});
    std::vector<int64_t> qbits;
    for (int i = 0; i < 16; ++i) qbits.push_back(static_cast<int64_t>(QuantParam(i < 4 ? scales[i] : 9.0f)));
    at::Tensor qhost = at::tensor(qbits, at::kLong);
    Dev dq(std::vector<double>(16, 0.0), at::kLong, {16}, {}, 0, ACL_UINT64);
    aclrtMemcpy(dq.buf.get(), 16 * 8, qhost.data_ptr(), 16 * 8, ACL_MEMCPY_HOST_TO_DEVICE);
    Dev out(std::vector<double>(m * n, 0.0), at::kHalf, {m, n});
    ASSERT_EQ(QmmV2(x1.t, x2.t, bs.t, dq.t, false, true, out.t), 0) << LastError();
    const std::vector<double> got = out.Values();
    for (int64_t i = 0; i < m; ++i) {
        for (int64_t j = 0; j < n; ++j) {
            double acc = bias[static_cast<size_t>(j)];
            for (int64_t p = 0; p < k; ++p) acc += a[static_cast<size_t>(i * k + p)] * b[static_cast<size_t>(p * n + j)];
            const double want = at::tensor(acc * scales[j], at::kFloat).to(at::kHalf).item<double>();
            EXPECT_EQ(got[static_cast<size_t>(i * n + j)], want) << i << "," << j;
        }
    }
}

TEST(ReferenceMatmulExtraQuantMatmulV2, Checks) {
    Dev x1(std::vector<double>(8, 1), at::kChar, {2, 4});
    Dev x2(std::vector<double>(12, 1), at::kChar, {4, 3});
    Dev dq(std::vector<double>(16, 0), at::kLong, {16}, {}, 0, ACL_UINT64);
    Dev dq15(std::vector<double>(15, 0), at::kLong, {15}, {}, 0, ACL_UINT64);
    Dev out(std::vector<double>(6, 0), at::kHalf, {2, 3});
    Dev outf(std::vector<double>(6, 0), at::kFloat, {2, 3});
    auto call = [&](const aclTensor* d, const aclTensor* o) {
        return [=, &x1, &x2](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantMatmulV2GetWorkspaceSize(x1.t, x2.t, nullptr, d, false, false, const_cast<aclTensor*>(o), ws,
                                                      ex);
        };
    };
    // CheckNotNull returns ACLNN_ERR_INNER_NULLPTR there
    ExpectFails(call(nullptr, out.t), 561103, "Expected a proper Tensor but got null for argument deqScale.");
    ExpectFails(call(dq.t, outf.t), 161002, "Tensor out not implemented for DT_FLOAT");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        ExpectFails(call(dq15.t, out.t), 161002, "deqScale shape [15] is invalid.");
    }
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    ExpectFails(call(dq.t, out.t), 361001, "QuantBatchMatmul/V2 support for");
}

// V1: one FLOAT scale, read as FP19 (its bits masked with 0xFFFFE000).
TEST(ReferenceMatmulExtraQuantMatmul, OneScaleMaskedToFp19) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev x1(std::vector<double>{1, 2, 3, 4}, at::kChar, {2, 2});
    Dev x2(std::vector<double>{1, 0, 0, 1}, at::kChar, {2, 2});
    Dev out(std::vector<double>(4, 0), at::kHalf, {2, 2});
    uint32_t u = 0x3F801FFF;  // 1.00097644...; FP19 keeps 1.0
    float scale = 0;
    std::memcpy(&scale, &u, 4);
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnQuantMatmulGetWorkspaceSize(x1.t, x2.t, nullptr, scale, out.t, ws, ex);
                  },
                  aclnnQuantMatmul),
              0)
        << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1, 2, 3, 4}));
}

// ================================================================================ QuantMatmulReduceSumWeightNz

int ReduceSum(const aclTensor* x1, const aclTensor* x2, const aclTensor* s1, const aclTensor* s2, const aclIntArray* dims,
              bool keep, const aclTensor* out, const aclTensor* bias = nullptr) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnQuantMatmulReduceSumWeightNzGetWorkspaceSize(x1, x2, s1, s2, nullptr, nullptr, nullptr, nullptr,
                                                                    bias, false, false, 0, dims, keep,
                                                                    const_cast<aclTensor*>(out), ws, ex);
        },
        aclnnQuantMatmulReduceSumWeightNz);
}

// out[m, n] = sum_b (x1[b] @ x2[b])[m, n] * x1Scale[b, m] * x2Scale[n], rounded once to BF16.
TEST(ReferenceMatmulExtraQuantMatmulReduceSumWeightNz, SumOverBatch) {
    const int64_t B = 2, m = 3, k = 4, n = 2;
    const std::vector<double> a = Ramp(B * m * k, -5, 1, 11), b = Ramp(B * k * n, 3, -1, 7);
    const std::vector<double> s1 = {0.5, 1, 2, 0.25, 4, 1}, s2 = {1, 0.5};
    Dev x1(a, at::kChar, {B, m, k});
    Dev x2(b, at::kChar, {B, k, n});
    Dev sc1(s1, at::kFloat, {B, m});
    Dev sc2(s2, at::kBFloat16, {n});
    Dev out(std::vector<double>(m * n, 0), at::kBFloat16, {m, n});
    const int64_t d0 = 0;
    aclIntArray* dims = aclCreateIntArray(&d0, 1);
    ASSERT_EQ(ReduceSum(x1.t, x2.t, sc1.t, sc2.t, dims, false, out.t), 0) << LastError();
    const std::vector<double> got = out.Values();
    for (int64_t i = 0; i < m; ++i) {
        for (int64_t j = 0; j < n; ++j) {
            double sum = 0;
            for (int64_t bb = 0; bb < B; ++bb) {
                double acc = 0;
                for (int64_t p = 0; p < k; ++p) {
                    acc += a[static_cast<size_t>((bb * m + i) * k + p)] * b[static_cast<size_t>((bb * k + p) * n + j)];
                }
                sum += acc * s1[static_cast<size_t>(bb * m + i)] * s2[static_cast<size_t>(j)];
            }
            EXPECT_EQ(got[static_cast<size_t>(i * n + j)], at::tensor(sum, at::kFloat).to(at::kBFloat16).item<double>());
        }
    }
    // checks in CANN's order
    Dev bias(std::vector<double>{1, 1}, at::kFloat, {n});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnQuantMatmulReduceSumWeightNzGetWorkspaceSize(x1.t, x2.t, sc1.t, sc2.t, nullptr, nullptr, nullptr,
                                                                nullptr, nullptr, false, false, 0, nullptr, false,
                                                                out.t, ws, ex);
    }, 161001, "Expected a proper IntArray but got null for argument dims.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnQuantMatmulReduceSumWeightNzGetWorkspaceSize(x1.t, x2.t, sc1.t, sc2.t, nullptr, nullptr, nullptr,
                                                                nullptr, bias.t, false, false, 0, dims, false, out.t,
                                                                ws, ex);
    }, 161002, "Do not support bias now");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnQuantMatmulReduceSumWeightNzGetWorkspaceSize(x1.t, x2.t, sc1.t, sc2.t, nullptr, nullptr, nullptr,
                                                                nullptr, nullptr, false, false, 0, dims, true, out.t,
                                                                ws, ex);
    }, 161002, "Do not support keepDims = True now.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnQuantMatmulReduceSumWeightNzGetWorkspaceSize(x1.t, x2.t, sc2.t, sc2.t, nullptr, nullptr, nullptr,
                                                                nullptr, nullptr, false, false, 0, dims, false, out.t,
                                                                ws, ex);
    }, 161002, "x1Scale data type only support DT_FLOAT(0) but got 27.");
    aclDestroyIntArray(dims);
}

// ================================================================================ TransposeQuantBatchMatMul

// FLOAT8_E4M3FN codes: 0x38 1.0, 0x40 2.0, 0x30 0.5; FLOAT8_E8M0 codes: 127 1.0, 128 2.0, 126 0.5.
int Tqbmm(const aclTensor* x1, const aclTensor* x2, const aclTensor* s1, const aclTensor* s2, int32_t dtype,
          int64_t group, const std::vector<int64_t>& p2, const aclTensor* out, bool nz = false) {
    const std::vector<int64_t> p1 = {1, 0, 2}, py = {1, 0, 2};
    aclIntArray* a1 = aclCreateIntArray(p1.data(), 3);
    aclIntArray* a2 = aclCreateIntArray(p2.data(), 3);
    aclIntArray* ay = aclCreateIntArray(py.data(), 3);
    auto first = [&](uint64_t* ws, aclOpExecutor** ex) {
        return nz ? aclnnTransposeQuantBatchMatMulWeightNzGetWorkspaceSize(x1, x2, nullptr, s1, s2, dtype, group, a1, a2,
                                                                          ay, 1, const_cast<aclTensor*>(out), ws, ex)
                  : aclnnTransposeQuantBatchMatMulGetWorkspaceSize(x1, x2, nullptr, s1, s2, dtype, group, a1, a2, ay,
                                                                    1, const_cast<aclTensor*>(out), ws, ex);
    };
    const int st = nz ? RunPhases(first, aclnnTransposeQuantBatchMatMulWeightNz)
                      : RunPhases(first, aclnnTransposeQuantBatchMatMul);
    aclDestroyIntArray(a1);
    aclDestroyIntArray(a2);
    aclDestroyIntArray(ay);
    return st;
}

// K-C: x1 [M, B, K] all 1.0, x2 [B, K, N] all 2.0 (K 512): 1024 * x1Scale[m] * x2Scale[n], laid out [M, B, N].
TEST(ReferenceMatmulExtraTransposeQuantBatchMatMul, PerChannelScales) {
    const int64_t M = 2, B = 1, K = 512, N = 128;
    Dev x1(std::vector<double>(M * B * K, 0x38), at::kByte, {M, B, K}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev x2(std::vector<double>(B * K * N, 0x40), at::kByte, {B, K, N}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev s1(std::vector<double>{0.5, 0.25}, at::kFloat, {M});
    Dev s2(Ramp(N, 1, 1, 4), at::kFloat, {N});  // 1, 2, 3, 4, 1, ...
    Dev out(std::vector<double>(M * B * N, 0), at::kBFloat16, {M, B, N});
    ASSERT_EQ(Tqbmm(x1.t, x2.t, s1.t, s2.t, 27, 0, {0, 1, 2}, out.t), 0) << LastError();
    const std::vector<double> got = out.Values();
    for (int64_t i = 0; i < M; ++i) {
        for (int64_t j = 0; j < N; ++j) EXPECT_EQ(got[static_cast<size_t>(i * N + j)], 1024.0 * (i == 0 ? 0.5 : 0.25) * (1 + j % 4));
    }
}

// MX: one E8M0 scale per 32 elements of K on each side; block 0 of x1 scaled by 2, block 1 by 1; x2's blocks by 0.5
// and 1; permX2 [0, 2, 1] reads x2 as [B, N, K] and its scale as [B, N, G, 2].
TEST(ReferenceMatmulExtraTransposeQuantBatchMatMul, MicroScaling) {
    const int64_t M = 1, B = 2, K = 64, N = 3;
    Dev x1(std::vector<double>(M * B * K, 0x38), at::kByte, {M, B, K}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev x2(std::vector<double>(B * N * K, 0x30), at::kByte, {B, N, K}, {}, 0, ACL_FLOAT8_E4M3FN);  // 0.5
    std::vector<double> c1;
    for (int64_t i = 0; i < M * B; ++i) c1.insert(c1.end(), {128, 127});
    std::vector<double> c2;
    for (int64_t i = 0; i < B * N; ++i) c2.insert(c2.end(), {126, 127});
    Dev s1(c1, at::kByte, {M, B, 1, 2}, {}, 0, ACL_FLOAT8_E8M0);
    Dev s2(c2, at::kByte, {B, N, 1, 2}, {}, 0, ACL_FLOAT8_E8M0);
    Dev out(std::vector<double>(M * B * N, 0), at::kHalf, {M, B, N});
    ASSERT_EQ(Tqbmm(x1.t, x2.t, s1.t, s2.t, 1, 32, {0, 2, 1}, out.t), 0) << LastError();
    // block 0: 32 * (1 * 2) * (0.5 * 0.5) = 16; block 1: 32 * 1 * 0.5 = 16
    EXPECT_EQ(out.Values(), std::vector<double>(M * B * N, 32.0));
    // the WeightNz entry: MX only (an ND x2 standing for the NZ weight)
    Dev out2(std::vector<double>(M * B * N, 0), at::kHalf, {M, B, N});
    ASSERT_EQ(Tqbmm(x1.t, x2.t, s1.t, s2.t, 1, 32, {0, 2, 1}, out2.t, true), 0) << LastError();
    EXPECT_EQ(out2.Values(), std::vector<double>(M * B * N, 32.0));
}

TEST(ReferenceMatmulExtraTransposeQuantBatchMatMul, Checks) {
    const int64_t M = 2, B = 1, K = 512, N = 128;
    Dev x1(std::vector<double>(M * B * K, 0x38), at::kByte, {M, B, K}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev x2(std::vector<double>(B * K * N, 0x38), at::kByte, {B, K, N}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev x2small(std::vector<double>(B * K * 16, 0x38), at::kByte, {B, K, 16}, {}, 0, ACL_FLOAT8_E4M3FN);
    Dev s1(std::vector<double>(M, 1), at::kFloat, {M});
    Dev s2(std::vector<double>(N, 1), at::kFloat, {N});
    Dev out(std::vector<double>(M * B * N, 0), at::kBFloat16, {M, B, N});
    Dev out16(std::vector<double>(M * B * 16, 0), at::kBFloat16, {M, B, 16});
    EXPECT_EQ(Tqbmm(x1.t, x2.t, nullptr, s2.t, 27, 0, {0, 1, 2}, out.t), 161001);
    EXPECT_NE(LastError().find("x1Scale"), std::string::npos);
    EXPECT_EQ(Tqbmm(x1.t, x2.t, s1.t, s2.t, 27, 0, {0, 2, 1}, out.t), 161002);  // [0, 2, 1]: MX / T-C only
    EXPECT_NE(LastError().find("[0, 1, 2]"), std::string::npos);
    EXPECT_EQ(Tqbmm(x1.t, x2small.t, s1.t, s2.t, 27, 0, {0, 1, 2}, out16.t), 161002);
    EXPECT_NE(LastError().find("must be 512 and 128"), std::string::npos);
    EXPECT_EQ(Tqbmm(x1.t, x2.t, s1.t, s2.t, 1, 0, {0, 1, 2}, out.t), 161002);  // dtype 1 with a BF16 out
    EXPECT_NE(LastError().find("out dtype(1)"), std::string::npos);
    EXPECT_EQ(Tqbmm(x1.t, x2.t, s1.t, s2.t, 27, 0, {0, 1, 2}, out.t, true), 161002);  // WeightNz: MX only
    EXPECT_NE(LastError().find("non-mxfp8 mode"), std::string::npos);
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    EXPECT_EQ(Tqbmm(x1.t, x2.t, s1.t, s2.t, 27, 0, {0, 1, 2}, out.t), 161002);
    EXPECT_NE(LastError().find("DAV_3510"), std::string::npos);
}

// ================================================================================ FusedLinearOnlineMaxSum

TEST(ReferenceMatmulExtraFusedLinearOnlineMaxSum, AgainstAten) {
    const int64_t m = 10, k = 8, n = 6;
    const std::vector<double> iv = Ramp(m * k, -1, 0.125, 13), wv = Ramp(n * k, 0.75, -0.0625, 11);
    const std::vector<double> tv = {0, 3, 5, 6, 7, 2, 9, 4, 1, 8};
    Dev input(iv, at::kHalf, {m, k});
    Dev weight(wv, at::kHalf, {n, k});
    Dev target(tv, at::kInt, {m});
    Dev lmax(std::vector<double>(m, 0), at::kFloat, {m});
    Dev lsum(std::vector<double>(m, 0), at::kFloat, {m});
    Dev pred(std::vector<double>(m, 0), at::kFloat, {m});
    Dev mask(std::vector<double>(2, 0), at::kByte, {2});
    Dev mt(std::vector<double>(m, 0), at::kInt, {m});
    Dev logits(std::vector<double>(m * n, 0), at::kHalf, {m, n});
    const int64_t start = 2, end = 8;  // rows with target 2..7 are this shard's
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnFusedLinearOnlineMaxSumGetWorkspaceSize(input.t, weight.t, target.t, start, end,
                                                                           lmax.t, lsum.t, pred.t, mask.t, mt.t,
                                                                           logits.t, ws, ex);
                  },
                  aclnnFusedLinearOnlineMaxSum),
              0)
        << LastError();
    const at::Tensor x = Host(iv, {m, k}).to(at::kHalf).to(at::kFloat);
    const at::Tensor w = Host(wv, {n, k}).to(at::kHalf).to(at::kFloat);
    const at::Tensor lg = at::matmul(x, w.t());
    const at::Tensor mx = std::get<0>(lg.max(1));
    EXPECT_TRUE(at::allclose(Got(lmax, {m}), mx.to(at::kDouble)));
    EXPECT_TRUE(at::allclose(Got(lsum, {m}), at::exp(lg - mx.unsqueeze(1)).sum(1).to(at::kDouble), 1e-5, 1e-6));
    EXPECT_TRUE(at::equal(Got(logits, {m, n}), lg.to(at::kHalf).to(at::kDouble)));
    const std::vector<double> mtv = mt.Values(), pv = pred.Values();
    unsigned bits[2] = {0, 0};
    for (int64_t i = 0; i < m; ++i) {
        const bool masked = tv[static_cast<size_t>(i)] < start || tv[static_cast<size_t>(i)] >= end;
        if (masked) bits[i / 8] |= 1u << (i % 8);
        EXPECT_EQ(mtv[static_cast<size_t>(i)], masked ? 0 : tv[static_cast<size_t>(i)] - start) << i;
        const double want = masked ? 0.0 : (lg[i][static_cast<int64_t>(tv[static_cast<size_t>(i)] - start)] - mx[i]).item<double>();
        EXPECT_NEAR(pv[static_cast<size_t>(i)], want, 1e-6) << i;
    }
    for (int i = 10; i < 16; ++i) bits[1] |= 1u << (i % 8);  // padding rows: a target 0 is below start
    EXPECT_EQ(mask.Values(), (std::vector<double>{static_cast<double>(bits[0]), static_cast<double>(bits[1])}));
    // a targetMaskOut of the wrong size
    Dev mask3(std::vector<double>(3, 0), at::kByte, {3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnFusedLinearOnlineMaxSumGetWorkspaceSize(input.t, weight.t, target.t, start, end, lmax.t, lsum.t,
                                                             pred.t, mask3.t, mt.t, nullptr, ws, ex);
    }, 161002, "Expected tensor for targetMaskOut to have same size as [2]");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnFusedLinearOnlineMaxSumGetWorkspaceSize(input.t, weight.t, target.t, 3, 2, lmax.t, lsum.t, pred.t,
                                                             mask.t, mt.t, nullptr, ws, ex);
    }, 161002, "vocabEndIndex should be greater than or equal to vocabStartIndex");
}

// ================================================================================ FusedLinearCrossEntropyLossGrad

TEST(ReferenceMatmulExtraFusedLinearCrossEntropyLossGrad, SoftmaxAndMemorySavingModes) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    const int64_t bt = 5, h = 4, v = 128;
    const std::vector<double> gv = {1, 0.5, -1, 2, 0.25};
    const std::vector<double> iv = Ramp(bt * h, -1, 0.25, 9), wv = Ramp(v * h, 0.5, -0.0625, 17);
    const std::vector<double> mtv = {3, 0, 127, 5, 64};
    const std::vector<double> maskbits = {2 + 16};  // rows 1 and 4 masked
    Dev grad(gv, at::kFloat, {bt});
    Dev input(iv, at::kBFloat16, {bt, h});
    Dev weight(wv, at::kBFloat16, {v, h});
    Dev mask(maskbits, at::kByte, {1});
    Dev mt(mtv, at::kInt, {bt});
    const at::Tensor x = Host(iv, {bt, h}).to(at::kBFloat16).to(at::kFloat);
    const at::Tensor w = Host(wv, {v, h}).to(at::kBFloat16).to(at::kFloat);
    const at::Tensor lg = at::matmul(x, w.t());
    const at::Tensor sm = at::softmax(lg, 1);
    Dev softmax(Vec(sm), at::kFloat, {bt, v});
    // the expected gradient: softmax minus the one-hot of the unmasked rows, times grad
    at::Tensor g = sm.clone();
    for (int64_t i = 0; i < bt; ++i) {
        const bool masked = i == 1 || i == 4;
        if (!masked) g[i][static_cast<int64_t>(mtv[static_cast<size_t>(i)])] -= 1.0;
    }
    g = (g * Host(gv, {bt}).to(at::kFloat).unsqueeze(1)).to(at::kBFloat16).to(at::kFloat);
    const at::Tensor want_i = at::matmul(g, w).to(at::kBFloat16).to(at::kDouble);
    const at::Tensor want_w = at::matmul(g.t(), x).to(at::kBFloat16).to(at::kDouble);
    Dev gi(std::vector<double>(bt * h, 0), at::kBFloat16, {bt, h});
    Dev gw(std::vector<double>(v * h, 0), at::kBFloat16, {v, h});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnFusedLinearCrossEntropyLossGradGetWorkspaceSize(grad.t, input.t, weight.t, mask.t,
                                                                                   mt.t, 0.0f, nullptr, nullptr,
                                                                                   softmax.t, gi.t, gw.t, ws, ex);
                  },
                  aclnnFusedLinearCrossEntropyLossGrad),
              0)
        << LastError();
    EXPECT_TRUE(at::allclose(Got(gi, {bt, h}), want_i, 1e-2, 1e-3));
    EXPECT_TRUE(at::allclose(Got(gw, {v, h}), want_w, 1e-2, 1e-3));
    // the memory-saving mode rebuilds the softmax from logitsMax and sumExpLogits
    const at::Tensor mx = std::get<0>(lg.max(1));
    const at::Tensor se = at::exp(lg - mx.unsqueeze(1)).sum(1);
    Dev lmax(Vec(mx), at::kFloat, {bt});
    Dev lsum(Vec(se), at::kFloat, {bt});
    Dev gi2(std::vector<double>(bt * h, 0), at::kBFloat16, {bt, h});
    Dev gw2(std::vector<double>(v * h, 0), at::kBFloat16, {v, h});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnFusedLinearCrossEntropyLossGradGetWorkspaceSize(grad.t, input.t, weight.t, mask.t,
                                                                                   mt.t, 0.0f, lmax.t, lsum.t, nullptr,
                                                                                   gi2.t, gw2.t, ws, ex);
                  },
                  aclnnFusedLinearCrossEntropyLossGrad),
              0)
        << LastError();
    EXPECT_TRUE(at::allclose(Got(gi2, {bt, h}), want_i, 1e-2, 1e-3));
    EXPECT_TRUE(at::allclose(Got(gw2, {v, h}), want_w, 1e-2, 1e-3));
    // checks
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnFusedLinearCrossEntropyLossGradGetWorkspaceSize(grad.t, input.t, weight.t, mask.t, mt.t, 0.0f,
                                                                     lmax.t, nullptr, nullptr, gi.t, gw.t, ws, ex);
    }, 161001, "softmaxOptional can not be nullptr");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnFusedLinearCrossEntropyLossGradGetWorkspaceSize(grad.t, input.t, weight.t, mask.t, mt.t, 0.1f,
                                                                     nullptr, nullptr, softmax.t, gi.t, gw.t, ws, ex);
    }, 161002, "only support labelSmoothing equals 0");
    aclcpu_test::ProfileScope s950(l1ref::Profile::kAscend950);
    ASSERT_TRUE(s950.ok());
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnFusedLinearCrossEntropyLossGradGetWorkspaceSize(grad.t, input.t, weight.t, mask.t, mt.t, 0.0f,
                                                                     nullptr, nullptr, softmax.t, gi.t, gw.t, ws, ex);
    }, 361001, "Current platform is not supported");
}

}  // namespace nn_matmul_extra_reference_test
