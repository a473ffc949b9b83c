// The reference-tier operators this session added to the nn_matmul, nn_index and conversion families
// (ops/families/nn_matmul.yaml, nn_index.yaml, conversion.yaml; docs/ops/nn_matmul.md, nn_index.md, conversion.md)
// through the public API: each formula against values worked out here by hand (loops, not ATen's functions), each
// attribute's mapping (beta / alpha, transA / transB, cubeMathType's routing, dim, alpha's conversion), the empty
// early returns, and the checks in CANN's order with its codes and messages (null -> 161001; refused dtypes and
// shapes, per product where the lists differ -> 161002). The table-driven suite (reference_table_test.cpp) runs each
// entry's cases on transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "aclnnop/aclnn_addbmm.h"
#include "aclnnop/aclnn_addmv.h"
#include "aclnnop/aclnn_circular_pad2d.h"
#include "aclnnop/aclnn_circular_pad2d_backward.h"
#include "aclnnop/aclnn_circular_pad3d.h"
#include "aclnnop/aclnn_circular_pad3d_backward.h"
#include "aclnnop/aclnn_embedding_dense_backward.h"
#include "aclnnop/aclnn_baddbmm.h"
#include "aclnnop/aclnn_fill_diagonal.h"
#include "aclnnop/aclnn_fill_tensor.h"
#include "aclnnop/aclnn_gather_v3.h"
#include "aclnnop/aclnn_gemm.h"
#include "aclnnop/aclnn_index_add.h"
#include "aclnnop/aclnn_index_copy.h"
#include "aclnnop/aclnn_masked_fill_scalar.h"
#include "aclnnop/aclnn_max_unpool2d_backward.h"
#include "aclnnop/aclnn_max_unpool3d_backward.h"
#include "aclnnop/aclnn_masked_fill_tensor.h"
#include "aclnnop/aclnn_mv.h"
#include "aclnnop/aclnn_pad2d_backward.h"
#include "aclnnop/aclnn_reflection_pad1d_backward.h"
#include "aclnnop/aclnn_reflection_pad3d_backward.h"
#include "aclnnop/aclnn_repeat_interleave_grad.h"
#include "aclnnop/aclnn_slice_v2.h"
#include "aclnnop/aclnn_tf_scatter_add.h"
#include "aclnnop/aclnn_unfold_grad.h"
#include "aclnnop/aclnn_replication_pad1d_backward.h"
#include "aclnnop/aclnn_replication_pad3d_backward.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace index_conv_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;
using aclcpu_test::Scalar;

void ExpectValues(const Dev& d, const std::vector<double>& want, double tol = 0.0) {
    const std::vector<double> got = d.Values();
    ASSERT_EQ(got.size(), want.size());
    for (size_t i = 0; i < want.size(); ++i) {
        if (tol == 0.0) {
            EXPECT_DOUBLE_EQ(got[i], want[i]) << "element " << i;
        } else {
            EXPECT_NEAR(got[i], want[i], tol) << "element " << i;
        }
    }
}

std::vector<double> Iota(int n, double start = 0.0, double step = 1.0) {
    std::vector<double> v;
    for (int i = 0; i < n; ++i) v.push_back(start + step * i);
    return v;
}

/// Row-major [m, k] @ [k, n] by hand.
std::vector<double> MatMul(const std::vector<double>& a, const std::vector<double>& b, int m, int k, int n) {
    std::vector<double> r(static_cast<size_t>(m * n), 0.0);
    for (int i = 0; i < m; ++i) {
        for (int j = 0; j < n; ++j) {
            double s = 0.0;
            for (int q = 0; q < k; ++q) s += a[static_cast<size_t>(i * k + q)] * b[static_cast<size_t>(q * n + j)];
            r[static_cast<size_t>(i * n + j)] = s;
        }
    }
    return r;
}

std::vector<double> Slice(const std::vector<double>& v, int begin, int count) {
    return std::vector<double>(v.begin() + begin, v.begin() + begin + count);
}

// ================================================================================ Addbmm, Baddbmm

int Addbmm(const aclTensor* self, const aclTensor* b1, const aclTensor* b2, float beta, float alpha, aclTensor* out,
           int8_t cube) {
    Scalar sb(beta), sa(alpha);
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAddbmmGetWorkspaceSize(self, b1, b2, sb.s, sa.s, out, cube, ws, ex);
    }, aclnnAddbmm);
}

int Baddbmm(const aclTensor* self, const aclTensor* b1, const aclTensor* b2, float beta, float alpha, aclTensor* out,
            int8_t cube) {
    Scalar sb(beta), sa(alpha);
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnBaddbmmGetWorkspaceSize(self, b1, b2, sb.s, sa.s, out, cube, ws, ex);
    }, aclnnBaddbmm);
}

// out = beta * self + alpha * sum_b batch1[b] @ batch2[b], self [3] broadcast over the rows.
TEST(ReferenceIndexConvAddbmm, SumOverBatchScaled) {
    const std::vector<double> a = Iota(12, -3.0, 0.5);  // [2,2,3]
    const std::vector<double> b = Iota(12, 1.0, -0.25);  // [2,3,2]... used as [2,3,2]
    const std::vector<double> s = {1.0, -2.0};           // [2] broadcast to [2,2]
    Dev self(s, at::kFloat, {2});
    Dev b1(a, at::kFloat, {2, 2, 3});
    Dev b2(b, at::kFloat, {2, 3, 2});
    Dev out(std::vector<double>(4, 99.0), at::kFloat, {2, 2});
    ASSERT_EQ(Addbmm(self.t, b1.t, b2.t, 0.5f, 2.0f, out.t, 1), 0) << LastError();
    const std::vector<double> p0 = MatMul(Slice(a, 0, 6), Slice(b, 0, 6), 2, 3, 2);
    const std::vector<double> p1 = MatMul(Slice(a, 6, 6), Slice(b, 6, 6), 2, 3, 2);
    std::vector<double> want(4);
    for (int i = 0; i < 4; ++i) want[i] = 0.5 * s[i % 2] + 2.0 * (p0[i] + p1[i]);
    ExpectValues(out, want, 1e-5);
}

// In place: selfRef [2,2] updated; a batch of 1 in batch2 broadcast against batch1's 2.
TEST(ReferenceIndexConvAddbmm, InplaceBroadcastBatch) {
    const std::vector<double> a = Iota(8, 1.0);   // [2,2,2]
    const std::vector<double> b = {1, 2, 3, 4};    // [1,2,2]
    Dev self({1, 1, 1, 1}, at::kFloat, {2, 2});
    Dev b1(a, at::kFloat, {2, 2, 2});
    Dev b2(b, at::kFloat, {1, 2, 2});
    Scalar beta(1.0f), alpha(-1.0f);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceAddbmmGetWorkspaceSize(self.t, b1.t, b2.t, beta.s, alpha.s, 1, ws, ex);
    }, aclnnInplaceAddbmm), 0) << LastError();
    const std::vector<double> p0 = MatMul(Slice(a, 0, 4), b, 2, 2, 2);
    const std::vector<double> p1 = MatMul(Slice(a, 4, 4), b, 2, 2, 2);
    std::vector<double> want(4);
    for (int i = 0; i < 4; ++i) want[i] = 1.0 - (p0[i] + p1[i]);
    ExpectValues(self, want);
}

// FLOAT16 inputs: each product rounded to FLOAT16 (the cube's dtype), the sum in float32 rounded once.
TEST(ReferenceIndexConvAddbmm, Float16ProductsRounded) {
    // each batch's product is 1024 + 0.5 (= 1024.5, rounds to 1024 in FLOAT16); the sum of two: 2048
    Dev self({0.0}, at::kHalf, {1});
    Dev b1({1024.0, 0.5, 1024.0, 0.5}, at::kHalf, {2, 1, 2});
    Dev b2({1.0, 1.0, 1.0, 1.0}, at::kHalf, {2, 2, 1});
    Dev out({0.0}, at::kHalf, {1, 1});
    ASSERT_EQ(Addbmm(self.t, b1.t, b2.t, 1.0f, 1.0f, out.t, 0), 0) << LastError();
    ExpectValues(out, {2048.0});
}

TEST(ReferenceIndexConvAddbmm, Checks) {
    Dev self({0, 0, 0, 0}, at::kFloat, {2, 2});
    Dev b1(Iota(8), at::kFloat, {2, 2, 2});
    Dev b2(Iota(8), at::kFloat, {2, 2, 2});
    Dev b2d(Iota(4), at::kFloat, {2, 2});
    Dev b2k(Iota(12), at::kFloat, {2, 3, 2});
    Dev b3(Iota(12), at::kFloat, {3, 2, 2});
    Dev out(std::vector<double>(4), at::kFloat, {2, 2});
    Dev out_bad(std::vector<double>(6), at::kFloat, {2, 3});
    Dev self3(Iota(8), at::kFloat, {2, 2, 2});
    Dev self_i(Iota(4), at::kInt, {2, 2});
    Scalar one(1.0f);
    const aclScalar* al = one.s;
    auto call = [al](const aclTensor* s, const aclTensor* x, const aclTensor* y, const aclScalar* be, aclTensor* o,
                     int8_t cube) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAddbmmGetWorkspaceSize(s, x, y, be, al, o, cube, ws, ex);
        };
    };
    ExpectFails(call(nullptr, b1.t, b2.t, one.s, out.t, 1), ACLNN_ERR_PARAM_NULLPTR, "argument self.");
    ExpectFails(call(self.t, nullptr, b2.t, one.s, out.t, 1), ACLNN_ERR_PARAM_NULLPTR, "argument batch1.");
    ExpectFails(call(self.t, b1.t, b2.t, nullptr, out.t, 1), ACLNN_ERR_PARAM_NULLPTR, "argument beta.");
    ExpectFails(call(self.t, b1.t, b2.t, one.s, nullptr, 1), ACLNN_ERR_PARAM_NULLPTR, "argument out.");
    ExpectFails(call(self_i.t, b1.t, b2.t, one.s, out.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Tensor bias not implemented for DT_INT32");
    ExpectFails(call(self.t, b1.t, b2d.t, one.s, out.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Expected 3 dimension input, but got batch2 with sizes [2,2].");
    ExpectFails(call(self.t, b1.t, b2k.t, one.s, out.t, 1), ACLNN_ERR_PARAM_INVALID,
                "batch1's last dim and batch2's penultimate dim shoule be same");
    ExpectFails(call(self.t, b1.t, b3.t, one.s, out.t, 1), ACLNN_ERR_PARAM_INVALID,
                "self's batch dim and mat2's batch dim can not broadcast");
    ExpectFails(call(self3.t, b1.t, b2.t, one.s, out.t, 1), ACLNN_ERR_PARAM_INVALID,
                "The self tensor cannot be larger than 2 dimensions.");
    ExpectFails(call(self.t, b1.t, b2.t, one.s, out_bad.t, 1), ACLNN_ERR_PARAM_INVALID, "Shape of out should be");
    ExpectFails(call(self.t, b1.t, b2.t, one.s, out.t, 9), ACLNN_ERR_PARAM_INVALID,
                "The value of cubeMathType only support");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev s16(Iota(4), at::kBFloat16, {2, 2});
        Dev x16(Iota(8), at::kBFloat16, {2, 2, 2});
        Dev y16(Iota(8), at::kBFloat16, {2, 2, 2});
        Dev o16(std::vector<double>(4), at::kBFloat16, {2, 2});
        ExpectFails(call(s16.t, x16.t, y16.t, one.s, o16.t, 1), ACLNN_ERR_PARAM_INVALID,
                    "Tensor matA not implemented for DT_BF16, should be in dtype support list [DT_FLOAT, DT_FLOAT16].");
        // the default rule: FLOAT with KEEP_DTYPE refused
        Dev s(Iota(4), at::kFloat, {2, 2});
        Dev x(Iota(8), at::kFloat, {2, 2, 2});
        Dev o(std::vector<double>(4), at::kFloat, {2, 2});
        ExpectFails(call(s.t, x.t, x.t, one.s, o.t, 0), ACLNN_ERR_PARAM_INVALID,
                    "The npu arch does not support FP32 for calculations when the cubeMathType is KEEP_DTYPE");
    }
}

// out = beta * self + alpha * batch1 @ batch2 per batch, self [1,1,2] broadcast.
TEST(ReferenceIndexConvBaddbmm, ScaledBroadcastSelf) {
    const std::vector<double> a = Iota(12, -2.0, 0.5);  // [2,2,3]
    const std::vector<double> b = Iota(12, 0.5, 0.25);  // [2,3,2]
    Dev self({3.0, -1.0}, at::kFloat, {1, 1, 2});
    Dev b1(a, at::kFloat, {2, 2, 3});
    Dev b2(b, at::kFloat, {2, 3, 2});
    Dev out(std::vector<double>(8, 99.0), at::kFloat, {2, 2, 2});
    ASSERT_EQ(Baddbmm(self.t, b1.t, b2.t, 2.0f, -0.5f, out.t, 1), 0) << LastError();
    std::vector<double> want;
    for (int batch = 0; batch < 2; ++batch) {
        const std::vector<double> p = MatMul(Slice(a, batch * 6, 6), Slice(b, batch * 6, 6), 2, 3, 2);
        for (int i = 0; i < 4; ++i) want.push_back(2.0 * (i % 2 == 0 ? 3.0 : -1.0) - 0.5 * p[static_cast<size_t>(i)]);
    }
    ExpectValues(out, want, 1e-5);
}

TEST(ReferenceIndexConvBaddbmm, InplaceAndChecks) {
    const std::vector<double> a = Iota(8, 1.0);  // [2,2,2]
    Dev self(std::vector<double>(8, 1.0), at::kFloat, {2, 2, 2});
    Dev b1(a, at::kFloat, {2, 2, 2});
    Dev b2({1, 0, 0, 1, 2, 0, 0, 2}, at::kFloat, {2, 2, 2});  // I and 2I
    Scalar beta(0.0f), alpha(1.0f);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceBaddbmmGetWorkspaceSize(self.t, b1.t, b2.t, beta.s, alpha.s, 1, ws, ex);
    }, aclnnInplaceBaddbmm), 0) << LastError();
    ExpectValues(self, {1, 2, 3, 4, 10, 12, 14, 16});

    Dev s(Iota(8), at::kFloat, {2, 2, 2});
    Dev out(std::vector<double>(8), at::kFloat, {2, 2, 2});
    Dev out_bad(std::vector<double>(4), at::kFloat, {2, 2});
    Dev b1_one(Iota(4), at::kFloat, {1, 2, 2});
    auto call = [&](const aclTensor* x, aclTensor* o, int8_t cube) {
        return [=, &s, &b2, &alpha](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBaddbmmGetWorkspaceSize(s.t, x, b2.t, alpha.s, alpha.s, o, cube, ws, ex);
        };
    };
    ExpectFails(call(nullptr, out.t, 1), ACLNN_ERR_PARAM_NULLPTR, "argument batch1.");
    ExpectFails(call(b1.t, out_bad.t, 1), ACLNN_ERR_PARAM_INVALID, "Shape of out should be [2,2,2]");
    // a batch-1 batch1 broadcast by self's batch of 2: the product would be broadcast itself
    ExpectFails(call(b1_one.t, out.t, 1), ACLNN_ERR_PARAM_INVALID, "batch1@batch2's shape should be same with");
    ExpectFails(call(b1.t, out.t, 5), ACLNN_ERR_PARAM_INVALID, "The value of cubeMathType only support");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev s2(Iota(8), at::kFloat, {2, 2, 2});
        Dev x(Iota(8), at::kFloat, {2, 2, 2});
        Dev o(std::vector<double>(8), at::kFloat, {2, 2, 2});
        Scalar one(1.0f);
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBaddbmmGetWorkspaceSize(s2.t, x.t, x.t, one.s, one.s, o.t, 4, ws, ex);
        }, ACLNN_ERR_PARAM_INVALID, "current platform not support cubeMathType = 4: USE_FP32_ADD.");
    }
}

// ================================================================================ Mv

int Mv(const aclTensor* self, const aclTensor* vec, aclTensor* out, int8_t cube) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnMvGetWorkspaceSize(self, vec, out, cube, ws, ex);
    }, aclnnMv);
}

TEST(ReferenceIndexConvMv, ValuesAndEmptyK) {
    const std::vector<double> m = Iota(6, -1.0, 0.75);  // [3,2]
    Dev self(m, at::kFloat, {3, 2});
    Dev vec({2.0, -3.0}, at::kFloat, {2});
    Dev out(std::vector<double>(3, 99.0), at::kFloat, {3});
    ASSERT_EQ(Mv(self.t, vec.t, out.t, 1), 0) << LastError();
    ExpectValues(out, MatMul(m, {2.0, -3.0}, 3, 2, 1), 1e-6);
    // a transposed self: storage [2,3] viewed as [3,2]
    Dev self_t(m, at::kFloat, {3, 2}, {1, 3});
    Dev out_t(std::vector<double>(3, 99.0), at::kFloat, {3});
    ASSERT_EQ(Mv(self_t.t, vec.t, out_t.t, 1), 0) << LastError();
    ExpectValues(out_t, {m[0] * 2 - m[3] * 3, m[1] * 2 - m[4] * 3, m[2] * 2 - m[5] * 3}, 1e-6);
    // k = 0: zeros
    Dev empty_self(std::vector<double>(), at::kFloat, {3, 0});
    Dev empty_vec(std::vector<double>(), at::kFloat, {0});
    Dev out0(std::vector<double>(3, 99.0), at::kFloat, {3});
    ASSERT_EQ(Mv(empty_self.t, empty_vec.t, out0.t, 1), 0) << LastError();
    ExpectValues(out0, {0.0, 0.0, 0.0});
}

TEST(ReferenceIndexConvMv, Checks) {
    Dev self(Iota(6), at::kFloat, {3, 2});
    Dev vec({1, 1}, at::kFloat, {2});
    Dev vec3({1, 1, 1}, at::kFloat, {3});
    Dev out(std::vector<double>(3), at::kFloat, {3});
    Dev out_h(std::vector<double>(3), at::kHalf, {3});
    Dev out2(std::vector<double>(2), at::kFloat, {2});
    Dev self_h(Iota(6), at::kHalf, {3, 2});
    auto call = [](const aclTensor* s, const aclTensor* v, aclTensor* o, int8_t cube) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnMvGetWorkspaceSize(s, v, o, cube, ws, ex); };
    };
    ExpectFails(call(nullptr, vec.t, out.t, 1), ACLNN_ERR_PARAM_NULLPTR, "argument self.");
    ExpectFails(call(self.t, nullptr, out.t, 1), ACLNN_ERR_PARAM_NULLPTR, "argument vec.");
    ExpectFails(call(self.t, vec.t, out_h.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found out DT_FLOAT16 and vec DT_FLOAT.");
    ExpectFails(call(self_h.t, vec.t, out.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found self DT_FLOAT16 and vec DT_FLOAT.");
    ExpectFails(call(self.t, vec3.t, out.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for vec to have same size as [2], but got [3].");
    ExpectFails(call(self.t, vec.t, out2.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [3], but got [2].");
    ExpectFails(call(self.t, self.t, out.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Expected 1 dimension input, but got vec with sizes [3,2].");
    // cubeMathType 4 (USE_FP32_ADD) accepted on the Ascend 950 (the default product) and on Atlas A2 (taken as 0)
    Dev o(std::vector<double>(3), at::kFloat, {3});
    EXPECT_EQ(Mv(self.t, vec.t, o.t, 4), 0) << LastError();
    ExpectValues(o, {1, 5, 9});
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev s2(Iota(6), at::kFloat, {3, 2});
        Dev v2({1, 1}, at::kFloat, {2});
        Dev o2(std::vector<double>(3), at::kFloat, {3});
        EXPECT_EQ(Mv(s2.t, v2.t, o2.t, 4), 0) << LastError();
        ExpectValues(o2, {1, 5, 9});
    }
}

// ================================================================================ Gemm

int Gemm(const aclTensor* A, const aclTensor* B, const aclTensor* C, float alpha, float beta, int64_t ta, int64_t tb,
         aclTensor* out, int8_t cube) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGemmGetWorkspaceSize(A, B, C, alpha, beta, ta, tb, out, cube, ws, ex);
    }, aclnnGemm);
}

// Every transA / transB combination: A stored [k, m] when transA, B stored [n, k] when transB.
TEST(ReferenceIndexConvGemm, TransposesAlphaBeta) {
    const int m = 2, k = 3, n = 2;
    const std::vector<double> a = Iota(6, -1.0, 0.5);   // op(A) [2,3] row-major
    const std::vector<double> b = Iota(6, 2.0, -0.75);  // op(B) [3,2] row-major
    const std::vector<double> c = {1.0, -1.0};          // [2] broadcast
    const std::vector<double> p = MatMul(a, b, m, k, n);
    std::vector<double> at_(6), bt(6);
    for (int i = 0; i < m; ++i) for (int q = 0; q < k; ++q) at_[static_cast<size_t>(q * m + i)] = a[static_cast<size_t>(i * k + q)];
    for (int q = 0; q < k; ++q) for (int j = 0; j < n; ++j) bt[static_cast<size_t>(j * k + q)] = b[static_cast<size_t>(q * n + j)];
    for (int ta = 0; ta < 2; ++ta) {
        for (int tb = 0; tb < 2; ++tb) {
            Dev A(ta ? at_ : a, at::kFloat, ta ? std::vector<int64_t>{k, m} : std::vector<int64_t>{m, k});
            Dev B(tb ? bt : b, at::kFloat, tb ? std::vector<int64_t>{n, k} : std::vector<int64_t>{k, n});
            Dev C(c, at::kFloat, {2});
            Dev out(std::vector<double>(4, 99.0), at::kFloat, {2, 2});
            ASSERT_EQ(Gemm(A.t, B.t, C.t, 1.5f, -2.0f, ta, tb, out.t, 1), 0) << LastError();
            std::vector<double> want(4);
            for (int i = 0; i < 4; ++i) want[i] = 1.5 * p[static_cast<size_t>(i)] - 2.0 * c[static_cast<size_t>(i % 2)];
            ExpectValues(out, want, 1e-5);
        }
    }
}

TEST(ReferenceIndexConvGemm, Checks) {
    Dev A(Iota(6), at::kFloat, {2, 3});
    Dev B(Iota(6), at::kFloat, {3, 2});
    Dev C(Iota(4), at::kFloat, {2, 2});
    Dev C3(Iota(3), at::kFloat, {3});
    Dev out(std::vector<double>(4), at::kFloat, {2, 2});
    Dev out_bad(std::vector<double>(6), at::kFloat, {2, 3});
    Dev Ai(Iota(6), at::kInt, {2, 3});
    auto call = [](const aclTensor* a, const aclTensor* b, const aclTensor* c, int64_t ta, aclTensor* o, int8_t cube) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnGemmGetWorkspaceSize(a, b, c, 1.0f, 1.0f, ta, 0, o, cube, ws, ex);
        };
    };
    ExpectFails(call(A.t, B.t, nullptr, 0, out.t, 1), ACLNN_ERR_PARAM_NULLPTR, "argument C.");
    ExpectFails(call(nullptr, B.t, C.t, 0, out.t, 1), ACLNN_ERR_PARAM_NULLPTR, "argument A.");
    ExpectFails(call(Ai.t, B.t, C.t, 0, out.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Tensor A not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
    ExpectFails(call(A.t, B.t, C.t, 1, out.t, 1), ACLNN_ERR_PARAM_INVALID, "The k-axis of the two inputs are different.");
    ExpectFails(call(A.t, B.t, C3.t, 0, out.t, 1), ACLNN_ERR_PARAM_INVALID,
                "The size of tensor C [3] must match the size [2,2].");
    ExpectFails(call(A.t, B.t, C.t, 0, out_bad.t, 1), ACLNN_ERR_PARAM_INVALID, "Expected out of shape [2,2]");
    ExpectFails(call(A.t, B.t, C.t, 0, out.t, 7), ACLNN_ERR_PARAM_INVALID, "The value of cubeMathType only support");
    // the Ascend 950 (the default product) accepts 4 (Atlas A2 takes it as KEEP_DTYPE)
    EXPECT_EQ(Gemm(A.t, B.t, C.t, 1.0f, 0.0f, 0, 0, out.t, 4), 0) << LastError();
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev a(Iota(6), at::kFloat, {2, 3});
        Dev b(Iota(6), at::kFloat, {3, 2});
        Dev c(Iota(4), at::kFloat, {2, 2});
        Dev o(std::vector<double>(4), at::kFloat, {2, 2});
        Dev a16(Iota(6), at::kBFloat16, {2, 3});
        ExpectFails(call(a16.t, b.t, c.t, 0, o.t, 1), ACLNN_ERR_PARAM_INVALID,
                    "Bfloat16 is unsupported by the current SOC version");
        // FLOAT with KEEP_DTYPE, or USE_FP32_ADD (not routed outside Atlas A2/A3): no FP32 cube there
        ExpectFails(call(a.t, b.t, c.t, 0, o.t, 0), ACLNN_ERR_PARAM_INVALID,
                    "The soc version does not support bf16 / fp32 for calculations");
        ExpectFails(call(a.t, b.t, c.t, 0, o.t, 4), ACLNN_ERR_PARAM_INVALID,
                    "The soc version does not support bf16 / fp32 for calculations");
        EXPECT_EQ(Gemm(a.t, b.t, c.t, 1.0f, 0.0f, 0, 0, o.t, 1), 0) << LastError();
        ExpectValues(o, MatMul(Iota(6), Iota(6), 2, 3, 2), 1e-6);
    }
}

// ================================================================================ IndexAdd

int IndexAdd(const aclTensor* self, int64_t dim, const aclTensor* index, const aclTensor* source, const aclScalar* alpha,
             aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnIndexAddGetWorkspaceSize(self, dim, index, source, alpha, out, ws, ex);
    }, aclnnIndexAdd);
}

// Repeated indices accumulate; dim 1 with a negative dim; alpha scales.
TEST(ReferenceIndexConvIndexAdd, ValuesAndDims) {
    const std::vector<double> s = Iota(6);        // [2,3]
    const std::vector<double> src = {1, 2, 3, 4};  // [2,2]
    Dev self(s, at::kFloat, {2, 3});
    Dev source(src, at::kFloat, {2, 2});
    Dev index({2, 2}, at::kLong, {2});
    Dev out(std::vector<double>(6, 99.0), at::kFloat, {2, 3});
    Scalar alpha(2.0f);
    ASSERT_EQ(IndexAdd(self.t, -1, index.t, source.t, alpha.s, out.t), 0) << LastError();
    // column 2 gets 2 * (src[:,0] + src[:,1])
    ExpectValues(out, {0, 1, 2 + 2 * (1 + 2), 3, 4, 5 + 2 * (3 + 4)});
    // dim 0: rows 1 then 0
    Dev source0(Iota(6, 10.0), at::kFloat, {2, 3});
    Dev index0({1, 0}, at::kInt, {2});
    Dev out0(std::vector<double>(6, 99.0), at::kFloat, {2, 3});
    ASSERT_EQ(IndexAdd(self.t, 0, index0.t, source0.t, alpha.s, out0.t), 0) << LastError();
    ExpectValues(out0, {0 + 26, 1 + 28, 2 + 30, 3 + 20, 4 + 22, 5 + 24});
}

// alpha converted to an INT32 self's dtype first (2.75 -> 2); a 0-d index and source count as [1].
TEST(ReferenceIndexConvIndexAdd, AlphaConvertedAndScalarIndex) {
    Dev self({1, 2, 3}, at::kInt, {3});
    Dev source({5}, at::kInt, {});
    Dev index({1}, at::kLong, {});
    Dev out(std::vector<double>(3, 99.0), at::kInt, {3});
    Scalar alpha(2.75f);
    ASSERT_EQ(IndexAdd(self.t, 0, index.t, source.t, alpha.s, out.t), 0) << LastError();
    ExpectValues(out, {1, 12, 3});
    // FLOAT16 in float32, rounded once: 2048 + 1 + 1 = 2050
    Dev h({2048.0}, at::kHalf, {1});
    Dev hs({1.0, 1.0}, at::kHalf, {2});
    Dev hi({0, 0}, at::kLong, {2});
    Dev ho({0.0}, at::kHalf, {1});
    Scalar one(1.0f);
    ASSERT_EQ(IndexAdd(h.t, 0, hi.t, hs.t, one.s, ho.t), 0) << LastError();
    ExpectValues(ho, {2050.0});
    // an empty source: nothing written
    Dev es(std::vector<double>(), at::kFloat, {0});
    Dev ei(std::vector<double>(), at::kLong, {0});
    Dev self_f({1, 2, 3}, at::kFloat, {3});
    Dev eo(std::vector<double>(3, 7.0), at::kFloat, {3});
    ASSERT_EQ(IndexAdd(self_f.t, 0, ei.t, es.t, one.s, eo.t), 0) << LastError();
    ExpectValues(eo, {7, 7, 7});
}

TEST(ReferenceIndexConvIndexAdd, Checks) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev source(Iota(4), at::kFloat, {2, 2});
    Dev source_h(Iota(4), at::kHalf, {2, 2});
    Dev source_3d(Iota(4), at::kFloat, {2, 2, 1});
    Dev index({0, 1}, at::kLong, {2});
    Dev index_f({0, 1}, at::kFloat, {2});
    Dev index_2d({0, 1}, at::kLong, {1, 2});
    Dev index_3({0, 1, 2}, at::kLong, {3});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    Dev out_bad(std::vector<double>(6), at::kFloat, {3, 2});
    Scalar one(1.0f);
    auto call = [&](const aclTensor* s, int64_t dim, const aclTensor* i, const aclTensor* u, const aclScalar* a,
                    aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnIndexAddGetWorkspaceSize(s, dim, i, u, a, o, ws, ex);
        };
    };
    uint64_t ws = 0;
    EXPECT_EQ(aclnnIndexAddGetWorkspaceSize(self.t, 1, index.t, source.t, one.s, out.t, &ws, nullptr),
              ACLNN_ERR_PARAM_NULLPTR);
    ExpectFails(call(nullptr, 1, index.t, source.t, one.s, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument self.");
    ExpectFails(call(self.t, 1, index.t, nullptr, one.s, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument source.");
    ExpectFails(call(self.t, 1, index.t, source.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument alpha.");
    ExpectFails(call(self.t, 1, index_f.t, source.t, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "index dtype DT_FLOAT should be in dtype support list [DT_INT32, DT_INT64].");
    ExpectFails(call(self.t, 1, index.t, source_h.t, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "self dtype DT_FLOAT and source dtype DT_FLOAT16 must same.");
    ExpectFails(call(self.t, 2, index.t, source.t, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "dim should be in [-self.dims(), self.dims), but dim is 2.");
    ExpectFails(call(self.t, 1, index.t, source_3d.t, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "DimNum of self must be equal to dimNum of source.");
    ExpectFails(call(self.t, 0, index.t, source.t, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "The size of self must match the size of source at dimension 0.");
    ExpectFails(call(self.t, 1, index_2d.t, source.t, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Index dimension 2 is supposed to be 1.");
    ExpectFails(call(self.t, 1, index_3.t, source.t, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "Number of index should be equal to number of source in dim  1.");
    ExpectFails(call(self.t, 1, index.t, source.t, one.s, out_bad.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev s(Iota(2), at::kBFloat16, {2});
        Dev u(Iota(2), at::kBFloat16, {2});
        Dev i({0, 1}, at::kLong, {2});
        Dev o(std::vector<double>(2), at::kBFloat16, {2});
        ExpectFails(call(s.t, 0, i.t, u.t, one.s, o.t), ACLNN_ERR_PARAM_INVALID,
                    "Self dtype DT_BF16 should be in dtype support list [DT_FLOAT, DT_INT32, DT_FLOAT16, DT_DOUBLE, "
                    "DT_INT16, DT_INT8, DT_UINT8, DT_INT64, DT_BOOL].");
    }
}

// ================================================================================ IndexCopy (+ Inplace)

TEST(ReferenceIndexConvIndexCopy, ValuesAndInplace) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev source({10, 20, 30, 40}, at::kFloat, {2, 2});
    Dev index({2, 0}, at::kLong, {2});
    Dev out(std::vector<double>(6, 99.0), at::kFloat, {2, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnIndexCopyGetWorkspaceSize(self.t, 1, index.t, source.t, out.t, ws, ex);
    }, aclnnIndexCopy), 0) << LastError();
    ExpectValues(out, {20, 1, 10, 40, 4, 30});
    ExpectValues(self, Iota(6));  // self untouched
    Dev rows({7, 8, 9}, at::kInt, {1, 3});
    Dev self_i(Iota(6), at::kInt, {2, 3});
    Dev idx1({1}, at::kInt, {1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceIndexCopyGetWorkspaceSize(self_i.t, 0, idx1.t, rows.t, ws, ex);
    }, aclnnInplaceIndexCopy), 0) << LastError();
    ExpectValues(self_i, {0, 1, 2, 7, 8, 9});
    // an empty index: nothing written
    Dev ei(std::vector<double>(), at::kLong, {0});
    Dev es(std::vector<double>(), at::kFloat, {2, 0});
    Dev eo(std::vector<double>(6, 5.0), at::kFloat, {2, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnIndexCopyGetWorkspaceSize(self.t, 1, ei.t, es.t, eo.t, ws, ex);
    }, aclnnIndexCopy), 0) << LastError();
    ExpectValues(eo, std::vector<double>(6, 5.0));
}

TEST(ReferenceIndexConvIndexCopy, Checks) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev source(Iota(4), at::kFloat, {2, 2});
    Dev source_h(Iota(4), at::kHalf, {2, 2});
    Dev source_rows(Iota(3), at::kFloat, {1, 3});
    Dev index({0, 1}, at::kLong, {2});
    Dev index_2d({0, 1}, at::kLong, {1, 2});
    Dev index_f({0, 1}, at::kFloat, {2});
    Dev out(std::vector<double>(6), at::kFloat, {2, 3});
    auto call = [](const aclTensor* s, int64_t dim, const aclTensor* i, const aclTensor* u, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnIndexCopyGetWorkspaceSize(s, dim, i, u, o, ws, ex); };
    };
    ExpectFails(call(nullptr, 1, index.t, source.t, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument selfRef.");
    ExpectFails(call(self.t, 1, index.t, source.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument outRef.");
    ExpectFails(call(self.t, 1, index_f.t, source.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor index not implemented for DT_FLOAT");
    ExpectFails(call(self.t, 1, index.t, source_h.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found selfRef DT_FLOAT and source DT_FLOAT16.");
    ExpectFails(call(self.t, 1, index_2d.t, source.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "The index tensor cannot be larger than 1 dimensions.");
    ExpectFails(call(self.t, 3, index.t, source.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Dimension out of range (expected to be in range of [-2, 1],but got 3)");
    ExpectFails(call(self.t, 0, index.t, source.t, out.t), ACLNN_ERR_PARAM_INVALID, "Self and source must have same slice shapes");
    ExpectFails(call(self.t, 0, index.t, source_rows.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "The element num of index (2) should be equal to source size in dimension 0, actual is 1");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev s(Iota(2), at::kBFloat16, {2});
        Dev u(Iota(1), at::kBFloat16, {1});
        Dev i({0}, at::kLong, {1});
        Dev o(std::vector<double>(2), at::kBFloat16, {2});
        ExpectFails(call(s.t, 0, i.t, u.t, o.t), ACLNN_ERR_PARAM_INVALID, "Tensor selfRef not implemented for DT_BF16");
    }
}

// ================================================================================ InplaceMaskedFill (Scalar, Tensor)

TEST(ReferenceIndexConvMaskedFill, ScalarAndTensorValues) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev mask({1, 0, 1}, at::kBool, {3});  // broadcast over the rows
    Scalar v(-2.5f);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceMaskedFillScalarGetWorkspaceSize(self.t, mask.t, v.s, ws, ex);
    }, aclnnInplaceMaskedFillScalar), 0) << LastError();
    ExpectValues(self, {-2.5, 1, -2.5, -2.5, 4, -2.5});
    // INT32 with a FLOAT value: truncated toward zero
    Dev self_i(Iota(4), at::kInt, {2, 2});
    Dev mask_i({0, 1, 1, 0}, at::kBool, {2, 2});
    Scalar vi(-3.75f);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceMaskedFillScalarGetWorkspaceSize(self_i.t, mask_i.t, vi.s, ws, ex);
    }, aclnnInplaceMaskedFillScalar), 0) << LastError();
    ExpectValues(self_i, {0, -3, -3, 3});
    // the tensor form: a FLOAT16 value cast to FLOAT
    Dev self_t(Iota(4), at::kFloat, {4});
    Dev mask_t({1, 1, 0, 0}, at::kBool, {4});
    Dev value({0.5}, at::kHalf, {});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceMaskedFillTensorGetWorkspaceSize(self_t.t, mask_t.t, value.t, ws, ex);
    }, aclnnInplaceMaskedFillTensor), 0) << LastError();
    ExpectValues(self_t, {0.5, 0.5, 2, 3});
}

TEST(ReferenceIndexConvMaskedFill, Checks) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev mask({1, 0, 1}, at::kBool, {3});
    Dev mask_u8({1, 0, 1}, at::kByte, {3});
    Dev mask_big(Iota(12), at::kBool, {2, 2, 3});
    Dev self_d(Iota(2), at::kDouble, {2});
    Dev mask2({1, 0}, at::kBool, {2});
    Dev value({1.0}, at::kFloat, {});
    Dev value1({1.0}, at::kFloat, {1});
    Scalar v(1.0f);
    auto scalar = [&](aclTensor* s, const aclTensor* m, const aclScalar* val) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnInplaceMaskedFillScalarGetWorkspaceSize(s, m, val, ws, ex);
        };
    };
    auto tensor = [&](aclTensor* s, const aclTensor* m, const aclTensor* val) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnInplaceMaskedFillTensorGetWorkspaceSize(s, m, val, ws, ex);
        };
    };
    ExpectFails(scalar(nullptr, mask.t, v.s), ACLNN_ERR_PARAM_NULLPTR, "argument selfRef.");
    ExpectFails(scalar(self.t, mask.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument value.");
    ExpectFails(scalar(self_d.t, mask2.t, v.s), ACLNN_ERR_PARAM_INVALID, "Tensor selfRef not implemented for DT_DOUBLE");
    ExpectFails(scalar(self.t, mask_u8.t, v.s), ACLNN_ERR_PARAM_INVALID,
                "Tensor mask expected dtype is DT_BOOL but found DT_UINT8.");
    ExpectFails(scalar(self.t, mask_big.t, v.s), ACLNN_ERR_PARAM_INVALID, "Shape of out should be [2,2,3]");
    ExpectFails(tensor(self.t, mask.t, value1.t), ACLNN_ERR_PARAM_INVALID,
                "Expected 0 dimension input, but got value with sizes [1].");
    ExpectFails(tensor(self.t, mask2.t, value.t), ACLNN_ERR_PARAM_INVALID, "must match the size of tensor mask");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev s(Iota(2), at::kBFloat16, {2});
        Dev m({1, 0}, at::kBool, {2});
        ExpectFails(scalar(s.t, m.t, v.s), ACLNN_ERR_PARAM_INVALID,
                    "Input dtype of aclnnInplaceMaskedFillScalar is not support bfloat16 in current socversion.");
    }
}

// ================================================================================ InplaceFillTensor

TEST(ReferenceIndexConvFillTensor, ValuesAndChecks) {
    Dev self(Iota(6), at::kFloat, {2, 3}, {1, 2});  // a transposed view
    Dev value({-1.25}, at::kDouble, {1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceFillTensorGetWorkspaceSize(self.t, value.t, ws, ex);
    }, aclnnInplaceFillTensor), 0) << LastError();
    ExpectValues(self, std::vector<double>(6, -1.25));
    Dev self_i(Iota(3), at::kInt, {3});
    Dev value_f({2.9}, at::kFloat, {});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceFillTensorGetWorkspaceSize(self_i.t, value_f.t, ws, ex);
    }, aclnnInplaceFillTensor), 0) << LastError();
    ExpectValues(self_i, {2, 2, 2});
    Dev value2({1, 2}, at::kFloat, {2});
    Dev self_u(Iota(3), at::kShort, {3}, {}, 0, ACL_UINT16);
    auto call = [](aclTensor* s, const aclTensor* v) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceFillTensorGetWorkspaceSize(s, v, ws, ex); };
    };
    ExpectFails(call(nullptr, value.t), ACLNN_ERR_PARAM_NULLPTR, "argument selfRef.");
    ExpectFails(call(self.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument value.");
    ExpectFails(call(self_u.t, value.t), ACLNN_ERR_PARAM_INVALID, "Tensor selfRef not implemented for DT_UINT16");
    ExpectFails(call(self.t, value2.t), ACLNN_ERR_PARAM_INVALID,
                "value shape should be 0D or 1D with size = 1, but got [2].");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        Dev s(Iota(2), at::kBFloat16, {2});
        Dev v1({1.0}, at::kFloat, {});
        ExpectFails(call(s.t, v1.t), ACLNN_ERR_PARAM_INVALID, "Tensor selfRef not implemented for DT_BF16");
    }
}

// ================================================================================ the pads' backward operators

using PadGradFirst = aclnnStatus (*)(const aclTensor*, const aclTensor*, const aclIntArray*, aclTensor*, uint64_t*,
                                     aclOpExecutor**);
using PadGradSecond = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

int PadGrad(PadGradFirst first, PadGradSecond second, const aclTensor* g, const aclTensor* s,
            const std::vector<int64_t>& pad, aclTensor* gi) {
    aclIntArray* p = aclCreateIntArray(pad.data(), pad.size());
    const int rc = RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return first(g, s, p, gi, ws, ex); }, second);
    aclDestroyIntArray(p);
    return rc;
}

/// 1-D gradient by hand: position j of gradOutput (length n + b + e) reads self's position map(j - b).
std::vector<double> PadGrad1d(const std::vector<double>& g, int n, int b, bool reflect) {
    std::vector<double> r(static_cast<size_t>(n), 0.0);
    for (size_t j = 0; j < g.size(); ++j) {
        int p = static_cast<int>(j) - b;
        if (reflect) {
            if (p < 0) p = -p;
            if (p > n - 1) p = 2 * (n - 1) - p;
        } else {
            p = p < 0 ? 0 : (p > n - 1 ? n - 1 : p);
        }
        r[static_cast<size_t>(p)] += g[j];
    }
    return r;
}

TEST(ReferenceIndexConvPadBackward, OneDimByHand) {
    const std::vector<double> g = {1, 2, 4, 8, 16, 32, 64, 128};  // [1,8]: self [1,5] padded by [2, 1]
    for (bool reflect : {true, false}) {
        Dev grad(g, at::kFloat, {1, 8});
        Dev self(std::vector<double>(5, 0.0), at::kFloat, {1, 5});
        Dev gin(std::vector<double>(5, 99.0), at::kFloat, {1, 5});
        const int rc = reflect ? PadGrad(aclnnReflectionPad1dBackwardGetWorkspaceSize, aclnnReflectionPad1dBackward,
                                         grad.t, self.t, {2, 1}, gin.t)
                               : PadGrad(aclnnReplicationPad1dBackwardGetWorkspaceSize, aclnnReplicationPad1dBackward,
                                         grad.t, self.t, {2, 1}, gin.t);
        ASSERT_EQ(rc, 0) << LastError();
        ExpectValues(gin, PadGrad1d(g, 5, 2, reflect));
    }
    // a negative begin crops: self [1,4] padded by [-1, 2] -> 5 positions reading self 1..3 then reflected
    Dev grad(std::vector<double>{1, 2, 3, 4, 5}, at::kFloat, {1, 5});
    Dev self(std::vector<double>(4, 0.0), at::kFloat, {1, 4});
    Dev gin(std::vector<double>(4, 99.0), at::kFloat, {1, 4});
    ASSERT_EQ(PadGrad(aclnnReflectionPad1dBackwardGetWorkspaceSize, aclnnReflectionPad1dBackward, grad.t, self.t,
                      {-1, 2}, gin.t), 0) << LastError();
    ExpectValues(gin, PadGrad1d({1, 2, 3, 4, 5}, 4, -1, true));
}

// 2d replication: the corner of a [1,1] self gets every gradient element; 3d reflection with pads on one dim only.
TEST(ReferenceIndexConvPadBackward, TwoAndThreeDims) {
    Dev grad(Iota(12, 1.0), at::kFloat, {1, 3, 4});
    Dev self({0.0}, at::kFloat, {1, 1, 1});
    Dev gin({99.0}, at::kFloat, {1, 1, 1});
    ASSERT_EQ(PadGrad(aclnnReplicationPad2dBackwardGetWorkspaceSize, aclnnReplicationPad2dBackward, grad.t, self.t,
                      {1, 2, 0, 2}, gin.t), 0) << LastError();
    ExpectValues(gin, {78.0});  // 1 + ... + 12
    // [1,1,1,1,4] padded by [1, 1] on W only: W's reflection map as the 1-D one
    const std::vector<double> g = {1, 2, 4, 8, 16, 32};
    Dev grad3(g, at::kFloat, {1, 1, 1, 6});
    Dev self3(std::vector<double>(4, 0.0), at::kFloat, {1, 1, 1, 4});
    Dev gin3(std::vector<double>(4, 99.0), at::kFloat, {1, 1, 1, 4});
    ASSERT_EQ(PadGrad(aclnnReflectionPad3dBackwardGetWorkspaceSize, aclnnReflectionPad3dBackward, grad3.t, self3.t,
                      {1, 1, 0, 0, 0, 0}, gin3.t), 0) << LastError();
    ExpectValues(gin3, PadGrad1d(g, 4, 1, true));
    // FLOAT16 summed in float32: 2048 + 1 + 1 = 2050 (a replication edge read three times)
    Dev gh({1.0, 2048.0, 1.0}, at::kHalf, {1, 3});
    Dev sh({0.0}, at::kHalf, {1, 1});
    Dev gih({0.0}, at::kHalf, {1, 1});
    ASSERT_EQ(PadGrad(aclnnReplicationPad1dBackwardGetWorkspaceSize, aclnnReplicationPad1dBackward, gh.t, sh.t, {1, 1},
                      gih.t), 0) << LastError();
    ExpectValues(gih, {2050.0});
}

TEST(ReferenceIndexConvPadBackward, Checks) {
    Dev grad(Iota(8), at::kFloat, {1, 8});
    Dev grad_h(Iota(8), at::kHalf, {1, 8});
    Dev grad_bad(Iota(7), at::kFloat, {1, 7});
    Dev self(Iota(5), at::kFloat, {1, 5});
    Dev self_i(Iota(5), at::kInt, {1, 5});
    Dev self_1d(Iota(5), at::kFloat, {5});
    Dev gin(std::vector<double>(5), at::kFloat, {1, 5});
    Dev gin_bad(std::vector<double>(4), at::kFloat, {1, 4});
    auto refl1 = [](const aclTensor* g, const aclTensor* s, std::vector<int64_t> pad, aclTensor* gi) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            aclIntArray* p = aclCreateIntArray(pad.data(), pad.size());
            const aclnnStatus st = aclnnReflectionPad1dBackwardGetWorkspaceSize(g, s, p, gi, ws, ex);
            aclDestroyIntArray(p);
            return st;
        };
    };
    uint64_t ws = 0;
    EXPECT_EQ(aclnnReflectionPad1dBackwardGetWorkspaceSize(grad.t, self.t, nullptr, gin.t, &ws, nullptr),
              ACLNN_ERR_PARAM_NULLPTR);
    ExpectFails(refl1(nullptr, self.t, {2, 1}, gin.t), ACLNN_ERR_PARAM_NULLPTR, "argument gradOutput.");
    ExpectFails([&](uint64_t* w, aclOpExecutor** ex) {
        return aclnnReflectionPad1dBackwardGetWorkspaceSize(grad.t, self.t, nullptr, gin.t, w, ex);
    }, ACLNN_ERR_PARAM_NULLPTR, "argument padding");
    ExpectFails(refl1(grad.t, self_i.t, {2, 1}, gin.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_INT32");
    ExpectFails(refl1(grad_h.t, self.t, {2, 1}, gin.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradOutput expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(refl1(grad.t, self.t, {2, 1}, gin_bad.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for gradInput");
    ExpectFails(refl1(grad.t, self_1d.t, {2, 1}, gin.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for gradInput");
    ExpectFails(refl1(grad.t, self.t, {2, 1, 0}, gin.t), ACLNN_ERR_PARAM_INVALID, "padding length should be 2, but got 3.");
    ExpectFails(refl1(grad_bad.t, self.t, {2, 1}, gin.t), ACLNN_ERR_PARAM_INVALID, "wrong gradOutput shape.");
    ExpectFails(refl1(grad.t, self.t, {5, -2}, gin.t), ACLNN_ERR_PARAM_INVALID,
                "padding size should be less than the corresponding self dimention.");
    // empty: a 2-D self refused in replication mode (reflection refuses its pads first: none is below 0), a 3-D
    // self with an empty batch accepted
    Dev ge(std::vector<double>(), at::kFloat, {2, 0});
    Dev se(std::vector<double>(), at::kFloat, {2, 0});
    Dev gie(std::vector<double>(), at::kFloat, {2, 0});
    ExpectFails([&](uint64_t* w, aclOpExecutor** ex) {
        const int64_t pad[2] = {0, 0};
        aclIntArray* p = aclCreateIntArray(pad, 2);
        const aclnnStatus st = aclnnReplicationPad1dBackwardGetWorkspaceSize(ge.t, se.t, p, gie.t, w, ex);
        aclDestroyIntArray(p);
        return st;
    }, ACLNN_ERR_PARAM_INVALID, "Input should not be empty.");
    ExpectFails(refl1(ge.t, se.t, {0, 0}, gie.t), ACLNN_ERR_PARAM_INVALID,
                "padding size should be less than the corresponding self dimention.");
    Dev ge3(std::vector<double>(), at::kFloat, {0, 2, 6});
    Dev se3(std::vector<double>(), at::kFloat, {0, 2, 4});
    Dev gie3(std::vector<double>(), at::kFloat, {0, 2, 4});
    EXPECT_EQ(PadGrad(aclnnReflectionPad1dBackwardGetWorkspaceSize, aclnnReflectionPad1dBackward, ge3.t, se3.t, {1, 1},
                      gie3.t), 0) << LastError();
    // 2d: BF16 pads above 7 refused
    Dev g2(std::vector<double>(1 * 3 * 20), at::kBFloat16, {1, 3, 20});
    Dev s2(std::vector<double>(1 * 2 * 10), at::kBFloat16, {1, 2, 10});
    Dev gi2(std::vector<double>(1 * 2 * 10), at::kBFloat16, {1, 2, 10});
    ExpectFails([&](uint64_t* w, aclOpExecutor** ex) {
        const int64_t pad[4] = {2, 8, 1, 0};
        aclIntArray* p = aclCreateIntArray(pad, 4);
        const aclnnStatus st = aclnnReplicationPad2dBackwardGetWorkspaceSize(g2.t, s2.t, p, gi2.t, w, ex);
        aclDestroyIntArray(p);
        return st;
    }, ACLNN_ERR_PARAM_INVALID, "bf16 only supports h dim no pad or padding values less than 7 or equal 7.");
    // 3d: a 4-D empty self refused
    Dev g3(std::vector<double>(), at::kFloat, {0, 2, 2, 2});
    ExpectFails([&](uint64_t* w, aclOpExecutor** ex) {
        const int64_t pad[6] = {0, 0, 0, 0, 0, 0};
        aclIntArray* p = aclCreateIntArray(pad, 6);
        const aclnnStatus st = aclnnReplicationPad3dBackwardGetWorkspaceSize(g3.t, g3.t, p, g3.t, w, ex);
        aclDestroyIntArray(p);
        return st;
    }, ACLNN_ERR_PARAM_INVALID, "Expected 4D or 5D tensor with possibly 0 batch size");
}

// ================================================================================ EmbeddingDenseBackward

int EmbeddingDenseBackward(const aclTensor* grad, const aclTensor* indices, uint64_t nw, uint64_t pad, bool freq,
                           const aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnEmbeddingDenseBackwardGetWorkspaceSize(grad, indices, nw, pad, freq, out, ws, ex);
    }, aclnnEmbeddingDenseBackward);
}

// Rows summed at their indices; the padding row skipped; scaleGradByFreq divides by each index's count.
TEST(ReferenceIndexConvEmbeddingDenseBackward, SumsPaddingAndFrequency) {
    const std::vector<double> g = {1, 2, 10, 20, 100, 200, 1000, 2000};  // [4,2]
    Dev grad(g, at::kFloat, {2, 2, 2});                                 // indices [2,2]
    Dev indices({0, 2, 0, 3}, at::kLong, {2, 2});
    Dev out(std::vector<double>(8, 99.0), at::kFloat, {4, 2});
    ASSERT_EQ(EmbeddingDenseBackward(grad.t, indices.t, 4, 3, false, out.t), 0) << LastError();
    ExpectValues(out, {1 + 100, 2 + 200, 0, 0, 10, 20, 0, 0});  // row 3 is the padding row
    Dev out_f(std::vector<double>(8, 99.0), at::kFloat, {4, 2});
    ASSERT_EQ(EmbeddingDenseBackward(grad.t, indices.t, 4, UINT64_MAX, true, out_f.t), 0) << LastError();
    ExpectValues(out_f, {(1 + 100) / 2.0, (2 + 200) / 2.0, 0, 0, 10, 20, 1000, 2000});
    // FLOAT indices truncated (1.75 -> 1); a FLOAT16 grad into a FLOAT out; an empty indices gives zeros
    Dev gh({1.5, -2.0}, at::kHalf, {1, 2});
    Dev fi({1.75}, at::kFloat, {1});
    Dev oh(std::vector<double>(4, 99.0), at::kFloat, {2, 2});
    ASSERT_EQ(EmbeddingDenseBackward(gh.t, fi.t, 2, UINT64_MAX, false, oh.t), 0) << LastError();
    ExpectValues(oh, {0, 0, 1.5, -2.0});
    Dev ge(std::vector<double>(), at::kFloat, {0, 2});
    Dev ie(std::vector<double>(), at::kLong, {0});
    Dev oe(std::vector<double>(4, 99.0), at::kFloat, {2, 2});
    ASSERT_EQ(EmbeddingDenseBackward(ge.t, ie.t, 2, 0, false, oe.t), 0) << LastError();
    ExpectValues(oe, {0, 0, 0, 0});
}

TEST(ReferenceIndexConvEmbeddingDenseBackward, Checks) {
    Dev grad(Iota(6), at::kFloat, {2, 3});
    Dev indices({0, 1}, at::kLong, {2});
    Dev indices3({0, 1, 2}, at::kLong, {3});
    Dev out(std::vector<double>(12), at::kFloat, {4, 3});
    Dev out3d(std::vector<double>(12), at::kFloat, {1, 4, 3});
    Dev out_bad(std::vector<double>(9), at::kFloat, {3, 3});
    Dev grad_d(Iota(6), at::kDouble, {2, 3});
    Dev indices_c(std::vector<double>{0, 1}, at::kShort, {2}, {}, 0, ACL_UINT16);
    auto call = [](const aclTensor* g, const aclTensor* i, const aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnEmbeddingDenseBackwardGetWorkspaceSize(g, i, 4, 0, false, o, ws, ex);
        };
    };
    ExpectFails(call(nullptr, indices.t, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument grad.");
    ExpectFails(call(grad.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument indices.");
    ExpectFails(call(grad_d.t, indices.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor grad not implemented for DT_DOUBLE");
    ExpectFails(call(grad.t, indices_c.t, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor indices not implemented for DT_UINT16");
    ExpectFails(call(grad.t, indices3.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "grad shape [[2,3]] is not match with indices shape [[3]].");
    ExpectFails(call(grad.t, indices.t, out3d.t), ACLNN_ERR_PARAM_INVALID, "outDim shape is not equal to 2");
    ExpectFails(call(grad.t, indices.t, out_bad.t), ACLNN_ERR_PARAM_INVALID,
                "outshape [[3,3]] is not match with infershape {4, 3}.");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev g(Iota(6), at::kBFloat16, {2, 3});
        Dev i({0, 1}, at::kLong, {2});
        Dev o(std::vector<double>(12), at::kFloat, {4, 3});
        ExpectFails(call(g.t, i.t, o.t), ACLNN_ERR_PARAM_INVALID, "Tensor grad not implemented for DT_BF16");
    }
}

// ================================================================================ GatherV3

int GatherV3(const aclTensor* self, int64_t dim, const aclTensor* index, int64_t batchDims, int64_t mode, aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGatherV3GetWorkspaceSize(self, dim, index, batchDims, mode, out, ws, ex);
    }, aclnnGatherV3);
}

// Atlas A2: dim 0 only, index [2,2] gives out [2,2,3]; other dims refused there.
TEST(ReferenceIndexConvGatherV3, Dim0AndArchRule) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    Dev self(Iota(9), at::kFloat, {3, 3});
    Dev index({2, 0, 1, 2}, at::kLong, {2, 2});
    Dev out(std::vector<double>(12, 99.0), at::kFloat, {2, 2, 3});
    ASSERT_EQ(GatherV3(self.t, 0, index.t, 0, 1, out.t), 0) << LastError();
    ExpectValues(out, {6, 7, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8});
    Dev out1(std::vector<double>(12), at::kFloat, {3, 2, 2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGatherV3GetWorkspaceSize(self.t, 1, index.t, 0, 1, out1.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Currently, only dim=0, batchDims=0, and mode=1 are supported.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGatherV3GetWorkspaceSize(self.t, 0, index.t, 0, 0, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Currently, only dim=0, batchDims=0, and mode=1 are supported.");
    Dev out_bad(std::vector<double>(6), at::kFloat, {2, 3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGatherV3GetWorkspaceSize(self.t, 0, index.t, 0, 1, out_bad.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as [2,2,3], but got [2,3].");
    Dev out_h(std::vector<double>(12), at::kHalf, {2, 2, 3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGatherV3GetWorkspaceSize(self.t, 0, index.t, 0, 1, out_h.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found self DT_FLOAT and out DT_FLOAT16.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGatherV3GetWorkspaceSize(self.t, 2, index.t, 0, 1, out.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "dim 2 not in valid range: [-2, 2)");
}

// Ascend 950 (the runtime's default product): batchDims 1 gathers row by row; out drops index's batch dim.
TEST(ReferenceIndexConvGatherV3, BatchDimsOnAscend950) {
    Dev self(Iota(6), at::kFloat, {2, 3});
    Dev index({2, 0, 1, 1}, at::kInt, {2, 2});
    Dev out(std::vector<double>(4, 99.0), at::kFloat, {2, 2});
    ASSERT_EQ(GatherV3(self.t, 1, index.t, 1, 0, out.t), 0) << LastError();
    ExpectValues(out, {2, 0, 4, 4});
    Dev index3({0, 1, 0}, at::kInt, {3, 1});
    Dev out3(std::vector<double>(6), at::kFloat, {2, 1});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGatherV3GetWorkspaceSize(self.t, 1, index3.t, 1, 0, out3.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "self.shape[:batch_dims] should be equal to indices.shape[:batch_dims].");
    Dev out0(std::vector<double>(3), at::kFloat, {3});  // batchDims 2 takes both index dims off
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnGatherV3GetWorkspaceSize(self.t, 0, index.t, 2, 0, out0.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "aclnnGatherV3, batchDims must be less than rank(self).");
}

// ================================================================================ RepeatInterleaveGrad

int RepeatInterleaveGrad(const aclTensor* y, const aclTensor* rep, int64_t axis, const aclTensor* out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnRepeatInterleaveGradGetWorkspaceSize(y, rep, axis, out, ws, ex);
    }, aclnnRepeatInterleaveGrad);
}

// The documented examples: repeats [1, 2, 2, 1] and [2] along axis 1 of a [2, 6] yGrad; out any shape of the count.
TEST(ReferenceIndexConvRepeatInterleaveGrad, GroupsSummed) {
    const std::vector<double> y = {1, 2, 4, 8, 16, 32, 100, 200, 400, 800, 1600, 3200};
    Dev yg(y, at::kFloat, {2, 6});
    Dev reps({1, 2, 2, 1}, at::kLong, {4});
    Dev out(std::vector<double>(8, 99.0), at::kFloat, {2, 4});
    ASSERT_EQ(RepeatInterleaveGrad(yg.t, reps.t, 1, out.t), 0) << LastError();
    ExpectValues(out, {1, 6, 24, 32, 100, 600, 2400, 3200});
    Dev one({2}, at::kInt, {});
    Dev out2(std::vector<double>(6, 99.0), at::kFloat, {6});  // [2, 3] laid out as [6]
    ASSERT_EQ(RepeatInterleaveGrad(yg.t, one.t, -1, out2.t), 0) << LastError();
    ExpectValues(out2, {3, 12, 48, 300, 1200, 4800});
    // a repeat that does not divide the axis: the second phase fails (the values are data)
    Dev four({4}, at::kLong, {1});
    Dev out3(std::vector<double>(2), at::kFloat, {2});
    EXPECT_NE(RepeatInterleaveGrad(yg.t, four.t, 1, out3.t), 0);
}

TEST(ReferenceIndexConvRepeatInterleaveGrad, Checks) {
    Dev yg(Iota(6), at::kFloat, {2, 3});
    Dev reps({1, 2}, at::kLong, {2});
    Dev reps2d({1, 2}, at::kLong, {1, 2});
    Dev reps_f({1, 2}, at::kFloat, {2});
    Dev out(std::vector<double>(4), at::kFloat, {2, 2});
    Dev out_bad(std::vector<double>(6), at::kFloat, {2, 3});
    Dev out_h(std::vector<double>(4), at::kHalf, {2, 2});
    auto call = [](const aclTensor* y, const aclTensor* r, int64_t axis, const aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnRepeatInterleaveGradGetWorkspaceSize(y, r, axis, o, ws, ex);
        };
    };
    ExpectFails(call(nullptr, reps.t, 1, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument yGrad.");
    ExpectFails(call(yg.t, reps2d.t, 1, out.t), ACLNN_ERR_PARAM_INVALID, "repeats must be a 0-D or 1-D tensor");
    ExpectFails(call(yg.t, reps.t, 2, out.t), ACLNN_ERR_PARAM_INVALID, "axis 2 is out of range [-2, 2).");
    ExpectFails(call(yg.t, reps.t, 1, out_bad.t), ACLNN_ERR_PARAM_INVALID, "out must hold 4 elements");
    ExpectFails(call(yg.t, reps_f.t, 1, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor repeats not implemented for DT_FLOAT");
    ExpectFails(call(yg.t, reps.t, 1, out_h.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev y2(Iota(6), at::kFloat, {2, 3});
        Dev r2({1, 2}, at::kLong, {2});
        Dev o2(std::vector<double>(4), at::kFloat, {2, 2});
        ExpectFails(call(y2.t, r2.t, 1, o2.t), ACLNN_ERR_PARAM_INVALID,
                    "aclnnRepeatInterleaveGrad is not supported on Ascend910B");
    }
}

// ================================================================================ MaxUnpool2dBackward

TEST(ReferenceIndexConvMaxUnpool2dBackward, GatherAndChecks) {
    // gradOutput [1,2,2,3] (oH 2, oW 3), self [1,2,1,2]: each out element reads its channel's plane at its index
    Dev grad(Iota(12, 1.0), at::kFloat, {1, 2, 2, 3});
    Dev self(std::vector<double>(4, 0.0), at::kFloat, {1, 2, 1, 2});
    Dev indices({5, 0, 3, 2}, at::kLong, {1, 2, 1, 2});
    Dev out(std::vector<double>(4, 99.0), at::kHalf, {1, 2, 1, 2});  // cast to out's FLOAT16
    const int64_t os[2] = {2, 3};
    aclIntArray* outputSize = aclCreateIntArray(os, 2);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnMaxUnpool2dBackwardGetWorkspaceSize(grad.t, self.t, indices.t, outputSize, out.t, ws, ex);
    }, aclnnMaxUnpool2dBackward), 0) << LastError();
    ExpectValues(out, {6, 1, 10, 9});
    auto call = [&](const aclTensor* g, const aclTensor* s, const aclTensor* i, const aclIntArray* o, aclTensor* r) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMaxUnpool2dBackwardGetWorkspaceSize(g, s, i, o, r, ws, ex);
        };
    };
    Dev out_f(std::vector<double>(4), at::kFloat, {1, 2, 1, 2});
    Dev self_h(std::vector<double>(4), at::kHalf, {1, 2, 1, 2});
    Dev out_b(std::vector<double>(4), at::kBool, {1, 2, 1, 2});
    Dev idx_f({0, 0, 0, 0}, at::kFloat, {1, 2, 1, 2});
    Dev self_2d(std::vector<double>(4), at::kFloat, {2, 2});
    Dev grad_c(Iota(18), at::kFloat, {1, 3, 2, 3});
    const int64_t os3[3] = {2, 3, 1};
    aclIntArray* outputSize3 = aclCreateIntArray(os3, 3);
    const int64_t os_bad[2] = {3, 2};
    aclIntArray* outputSizeBad = aclCreateIntArray(os_bad, 2);
    ExpectFails(call(grad.t, self.t, indices.t, nullptr, out_f.t), ACLNN_ERR_PARAM_NULLPTR, "argument outputSize");
    ExpectFails(call(grad.t, self.t, indices.t, outputSize, out_b.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_BOOL.");
    ExpectFails(call(grad.t, self_h.t, indices.t, outputSize, out_f.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor gradOutput expected dtype is DT_FLOAT16 but found DT_FLOAT.");
    ExpectFails(call(grad.t, self.t, idx_f.t, outputSize, out_f.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor indices not implemented for DT_FLOAT");
    ExpectFails(call(grad.t, self_2d.t, indices.t, outputSize, out_f.t), ACLNN_ERR_PARAM_INVALID,
                "Expected self to be a 3d or 4d Tensor, instead got: 2");
    ExpectFails(call(grad_c.t, self.t, indices.t, outputSize, out_f.t), ACLNN_ERR_PARAM_INVALID,
                "Expected (N, C) of self and gradOutput to be equal, instead got self: (1, 2), gradOutput: (1, 3)");
    ExpectFails(call(grad.t, self.t, indices.t, outputSize3, out_f.t), ACLNN_ERR_PARAM_INVALID,
                "Expected size of outputSize must be 2, but got: 3");
    ExpectFails(call(grad.t, self.t, indices.t, outputSizeBad, out_f.t), ACLNN_ERR_PARAM_INVALID,
                "Inconsistent gradOutput size. output height = 3, output width = 2, but got gradOutput: 2x3");
    aclDestroyIntArray(outputSize);
    aclDestroyIntArray(outputSize3);
    aclDestroyIntArray(outputSizeBad);
}

// ================================================================================ TfScatterAdd

int TfScatterAdd(aclTensor* var, const aclTensor* indices, const aclTensor* updates) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnTfScatterAddGetWorkspaceSize(var, indices, updates, ws, ex);
    }, aclnnTfScatterAdd);
}

// Row scatter with a repeated index; the ScatterNd form with pairs of coordinates.
TEST(ReferenceIndexConvTfScatterAdd, RowsAndNd) {
    Dev var(Iota(6), at::kFloat, {3, 2});
    Dev indices({2, 0, 2}, at::kLong, {3});
    Dev updates({1, 2, 10, 20, 100, 200}, at::kFloat, {3, 2});
    ASSERT_EQ(TfScatterAdd(var.t, indices.t, updates.t), 0) << LastError();
    ExpectValues(var, {0 + 10, 1 + 20, 2, 3, 4 + 101, 5 + 202});
    Dev var2(Iota(6), at::kInt, {2, 3});
    Dev pairs({1, 2, 0, 0}, at::kInt, {2, 2});  // (1,2) and (0,0)
    Dev upd2({7, 9}, at::kInt, {2});
    ASSERT_EQ(TfScatterAdd(var2.t, pairs.t, upd2.t), 0) << LastError();
    ExpectValues(var2, {0 + 9, 1, 2, 3, 4, 5 + 7});
}

TEST(ReferenceIndexConvTfScatterAdd, Checks) {
    Dev var(Iota(6), at::kFloat, {3, 2});
    Dev var_d(Iota(6), at::kDouble, {3, 2});
    Dev indices({0, 1}, at::kLong, {2});
    Dev indices_f({0, 1}, at::kFloat, {2});
    Dev updates(Iota(4), at::kFloat, {2, 2});
    Dev updates_h(Iota(4), at::kHalf, {2, 2});
    Dev updates_bad(Iota(6), at::kFloat, {2, 3});
    auto call = [](aclTensor* v, const aclTensor* i, const aclTensor* u) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnTfScatterAddGetWorkspaceSize(v, i, u, ws, ex); };
    };
    ExpectFails(call(nullptr, indices.t, updates.t), ACLNN_ERR_PARAM_NULLPTR, "argument varRef.");
    ExpectFails(call(var_d.t, indices.t, updates.t), ACLNN_ERR_PARAM_INVALID, "Tensor varRef not implemented for DT_DOUBLE");
    ExpectFails(call(var.t, indices_f.t, updates.t), ACLNN_ERR_PARAM_INVALID, "Tensor indices not implemented for DT_FLOAT");
    ExpectFails(call(var.t, indices.t, updates_h.t), ACLNN_ERR_PARAM_INVALID,
                "updates dtype DT_FLOAT16 should be in same with varRef dtype DT_FLOAT.");
    ExpectFails(call(var.t, indices.t, updates_bad.t), ACLNN_ERR_PARAM_INVALID,
                "updatesShape must have the same number of varShape.");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        Dev v(Iota(6), at::kFloat, {3, 2});
        Dev i({0, 1}, at::kLong, {2});
        Dev u(Iota(4), at::kFloat, {2, 2});
        ExpectFails(call(v.t, i.t, u.t), ACLNN_ERR_PARAM_INVALID, "Tensor varRef not implemented for DT_FLOAT");
    }
}

// ================================================================================ MaxUnpool3dBackward

TEST(ReferenceIndexConvMaxUnpool3dBackward, GatherAndChecks) {
    // 5-D: gradOutput [1,2,1,2,2], self [1,2,1,1,2]: each channel reads its own 4-element plane
    Dev grad(Iota(8, 1.0), at::kFloat, {1, 2, 1, 2, 2});
    Dev self(std::vector<double>(4), at::kFloat, {1, 2, 1, 1, 2});
    Dev indices({3, 0, 1, 2}, at::kLong, {1, 2, 1, 1, 2});
    Dev out(std::vector<double>(4, 99.0), at::kFloat, {1, 2, 1, 1, 2});
    const int64_t os[3] = {1, 2, 2}, st[3] = {1, 1, 1}, pd[3] = {0, 0, 0}, bad[3] = {1, 0, 1};
    aclIntArray* outputSize = aclCreateIntArray(os, 3);
    aclIntArray* stride = aclCreateIntArray(st, 3);
    aclIntArray* padding = aclCreateIntArray(pd, 3);
    aclIntArray* stride0 = aclCreateIntArray(bad, 3);
    aclIntArray* two = aclCreateIntArray(os, 2);
    auto call = [&](const aclTensor* g, const aclTensor* s, const aclTensor* i, const aclIntArray* o,
                    const aclIntArray* t, aclTensor* r) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnMaxUnpool3dBackwardGetWorkspaceSize(g, s, i, o, t, padding, r, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(call(grad.t, self.t, indices.t, outputSize, stride, out.t), aclnnMaxUnpool3dBackward), 0)
        << LastError();
    ExpectValues(out, {4, 1, 6, 7});
    Dev out_t(std::vector<double>(4), at::kFloat, {1, 2, 1, 1, 2}, {4, 1, 4, 4, 2});  // channels interleaved
    Dev idx32({0, 0, 0, 0}, at::kInt, {1, 2, 1, 1, 2});
    Dev self_h(std::vector<double>(4), at::kHalf, {1, 2, 1, 1, 2});
    Dev self_3d(std::vector<double>(4), at::kFloat, {2, 1, 2});
    ExpectFails(call(grad.t, self.t, indices.t, outputSize, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument stride");
    ExpectFails(call(grad.t, self.t, indices.t, outputSize, stride, out_t.t), ACLNN_ERR_PARAM_INVALID,
                "out must be contiguous");
    ExpectFails(call(grad.t, self_h.t, indices.t, outputSize, stride, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(call(grad.t, self.t, idx32.t, outputSize, stride, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor indices expected dtype is DT_INT64 but found DT_INT32.");
    ExpectFails(call(grad.t, self_3d.t, indices.t, outputSize, stride, out.t), ACLNN_ERR_PARAM_INVALID,
                "Input to max_unpooling3d should be a 4d or 5d Tensor, but got a tensor with dim 3");
    ExpectFails(call(grad.t, self.t, indices.t, two, stride, out.t), ACLNN_ERR_PARAM_INVALID,
                "There should be exactly three elements (depth, height, width) in output_size, but got 2 elements");
    ExpectFails(call(grad.t, self.t, indices.t, outputSize, stride0, out.t), ACLNN_ERR_PARAM_INVALID,
                "strides[1] shoule be greater than zero, but got 0.");
    aclDestroyIntArray(outputSize);
    aclDestroyIntArray(stride);
    aclDestroyIntArray(padding);
    aclDestroyIntArray(stride0);
    aclDestroyIntArray(two);
}

// ================================================================================ CircularPad2d / 3d and backwards

// [1,1,3] padded by (W 2, 1), (H 1, 0): rows wrap (the last row first), columns wrap; the backward sums the copies.
TEST(ReferenceIndexConvCircularPad, ForwardAndBackwardByHand) {
    Dev self({1, 2, 3}, at::kFloat, {1, 1, 3});
    Dev out(std::vector<double>(12, 99.0), at::kFloat, {1, 2, 6});
    const int64_t pad[4] = {2, 1, 1, 0};
    aclIntArray* p = aclCreateIntArray(pad, 4);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCircularPad2dGetWorkspaceSize(self.t, p, out.t, ws, ex);
    }, aclnnCircularPad2d), 0) << LastError();
    // a row: positions j = 0..5 read (j - 2) mod 3 = 1, 2, 0, 1, 2, 0
    ExpectValues(out, {2, 3, 1, 2, 3, 1, 2, 3, 1, 2, 3, 1});
    Dev grad(Iota(12, 1.0), at::kFloat, {1, 2, 6});
    Dev gin(std::vector<double>(3, 99.0), at::kFloat, {1, 1, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCircularPad2dBackwardGetWorkspaceSize(grad.t, self.t, p, gin.t, ws, ex);
    }, aclnnCircularPad2dBackward), 0) << LastError();
    // self 0 gets positions 2, 5 of both rows: 3 + 6 + 9 + 12; self 1: 1, 4 -> 1 + 4 + 7 + 10; self 2: 2 + 5 + 8 + 11
    ExpectValues(gin, {30, 22, 26});
    aclDestroyIntArray(p);
    // 3d: only D padded (1, 1) on a [1,2,1,1] self: depth wraps
    Dev s3({5, 7}, at::kFloat, {1, 2, 1, 1});
    Dev o3(std::vector<double>(4, 99.0), at::kFloat, {1, 4, 1, 1});
    const int64_t pad3[6] = {0, 0, 0, 0, 1, 1};
    aclIntArray* p3 = aclCreateIntArray(pad3, 6);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCircularPad3dGetWorkspaceSize(s3.t, p3, o3.t, ws, ex);
    }, aclnnCircularPad3d), 0) << LastError();
    ExpectValues(o3, {7, 5, 7, 5});
    Dev g3({1, 10, 100, 1000}, at::kFloat, {1, 4, 1, 1});
    Dev gi3(std::vector<double>(2, 99.0), at::kFloat, {1, 2, 1, 1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCircularPad3dBackwardGetWorkspaceSize(g3.t, s3.t, p3, gi3.t, ws, ex);
    }, aclnnCircularPad3dBackward), 0) << LastError();
    ExpectValues(gi3, {10 + 1000, 1 + 100});
    // the 3d backward's null checks return 561103 (ACLNN_ERR_INNER_NULLPTR), the 2d's 161001
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCircularPad3dBackwardGetWorkspaceSize(nullptr, s3.t, p3, gi3.t, ws, ex);
    }, ACLNN_ERR_INNER_NULLPTR, "argument gradOutput.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnCircularPad2dBackwardGetWorkspaceSize(nullptr, s3.t, p3, gi3.t, ws, ex);
    }, ACLNN_ERR_PARAM_NULLPTR, "argument gradOutput.");
    aclDestroyIntArray(p3);
}

TEST(ReferenceIndexConvCircularPad, Checks) {
    Dev self(Iota(12), at::kFloat, {1, 3, 4});
    Dev self_d(Iota(12), at::kDouble, {1, 3, 4});
    Dev out(std::vector<double>(30), at::kFloat, {1, 5, 6});
    Dev out_h(std::vector<double>(30), at::kHalf, {1, 5, 6});
    Dev out_bad(std::vector<double>(24), at::kFloat, {1, 4, 6});
    Dev self_2d(Iota(4), at::kFloat, {2, 2});
    const int64_t pad[4] = {1, 1, 1, 1};
    aclIntArray* p = aclCreateIntArray(pad, 4);
    aclIntArray* p2 = aclCreateIntArray(pad, 2);
    auto call = [&](const aclTensor* s, const aclIntArray* pp, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnCircularPad2dGetWorkspaceSize(s, pp, o, ws, ex); };
    };
    ExpectFails(call(self.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument padding");
    ExpectFails(call(self_d.t, p, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_DOUBLE");
    ExpectFails(call(self.t, p, out_h.t), ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(call(self_2d.t, p, out.t), ACLNN_ERR_PARAM_INVALID, "The self tensor must have at least 3 dimensions.");
    ExpectFails(call(self.t, p2, out.t), ACLNN_ERR_PARAM_INVALID, "padding length should be 4, but got 2.");
    ExpectFails(call(self.t, p, out_bad.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as [1,5,6], but got [1,4,6].");
    Dev empty(std::vector<double>(), at::kFloat, {1, 0, 4});
    Dev empty_out(std::vector<double>(), at::kFloat, {1, 2, 6});
    ExpectFails(call(empty.t, p, empty_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected 3D or 4D tensor with possibly 0 batch size and other non-zero dimentions for inpit.");
    aclDestroyIntArray(p);
    aclDestroyIntArray(p2);
}

// ================================================================================ InplaceFillDiagonal

TEST(ReferenceIndexConvFillDiagonal, WrapAndChecks) {
    // a tall [5,2] matrix: the diagonal (0,0), (1,1); with wrap it restarts at row 3: (3,0), (4,1)
    for (bool wrap : {false, true}) {
        Dev self(std::vector<double>(10, 0.0), at::kFloat, {5, 2});
        Scalar v(2.5f);
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnInplaceFillDiagonalGetWorkspaceSize(self.t, v.s, wrap, ws, ex);
        }, aclnnInplaceFillDiagonal), 0) << LastError();
        if (wrap) {
            ExpectValues(self, {2.5, 0, 0, 2.5, 0, 0, 2.5, 0, 0, 2.5});
        } else {
            ExpectValues(self, {2.5, 0, 0, 2.5, 0, 0, 0, 0, 0, 0});
        }
    }
    // a cube: (i, i, i); an INT32 selfRef takes the value truncated (-3.75 -> -3)
    Dev cube(std::vector<double>(8, 1.0), at::kInt, {2, 2, 2});
    Scalar neg(-3.75f);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInplaceFillDiagonalGetWorkspaceSize(cube.t, neg.s, false, ws, ex);
    }, aclnnInplaceFillDiagonal), 0) << LastError();
    ExpectValues(cube, {-3, 1, 1, 1, 1, 1, 1, -3});
    auto call = [](aclTensor* s, const aclScalar* v) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceFillDiagonalGetWorkspaceSize(s, v, false, ws, ex); };
    };
    Dev vec(Iota(3), at::kFloat, {3});
    Dev uneven(Iota(12), at::kFloat, {2, 2, 3});
    Dev i8(Iota(4), at::kChar, {2, 2});
    Dev f16(Iota(4), at::kHalf, {2, 2});
    Scalar big(300.0f), huge(1e5f);
    const double cplx[2] = {1.0, 2.0};
    Scalar c(cplx, ACL_COMPLEX128);
    ExpectFails(call(nullptr, big.s), ACLNN_ERR_PARAM_NULLPTR, "argument selfRef.");
    ExpectFails(call(vec.t, big.s), ACLNN_ERR_PARAM_INVALID, "The selfRef tensor must have at least 2 dimensions.");
    ExpectFails(call(uneven.t, big.s), ACLNN_ERR_PARAM_INVALID,
                "Dim of selfRef[3] greater than 2, all dimensions of input must be of equal length.");
    ExpectFails(call(i8.t, c.s), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_COMPLEX128 can't be cast to the desired output type DT_FLOAT.");
    ExpectFails(call(i8.t, big.s), ACLNN_ERR_PARAM_INVALID,
                "value cannot be converted to type DT_INT8 without overflow : 300.");
    ExpectFails(call(f16.t, huge.s), ACLNN_ERR_PARAM_INVALID,
                "value cannot be converted to type DT_FLOAT16 without overflow : 100000.000000.");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev b(Iota(4), at::kBFloat16, {2, 2});
        ExpectFails(call(b.t, big.s), ACLNN_ERR_PARAM_INVALID, "Tensor selfRef not implemented for DT_BF16");
    }
}

// ================================================================================ SliceV2

TEST(ReferenceIndexConvSliceV2, ClampsAndSteps) {
    Dev self(Iota(12), at::kFloat, {3, 4});
    Dev out(std::vector<double>(4, 99.0), at::kFloat, {2, 2});
    const int64_t st[2] = {-1, 1}, en[2] = {-5, 100}, ax[2] = {1, 0}, sp[2] = {1, 1};
    // axis 1: start -1 -> 3, end -5 -> -1, clamped up to start: 0 columns; axis 0: rows 1..2 (end 100 clamped)
    aclIntArray* starts = aclCreateIntArray(st, 2);
    aclIntArray* ends = aclCreateIntArray(en, 2);
    aclIntArray* axes = aclCreateIntArray(ax, 2);
    aclIntArray* steps = aclCreateIntArray(sp, 2);
    auto call = [&](const aclTensor* s, const aclIntArray* a, const aclIntArray* e, const aclIntArray* x,
                    const aclIntArray* p, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnSliceV2GetWorkspaceSize(s, a, e, x, p, o, ws, ex); };
    };
    ExpectFails(call(self.t, starts, ends, axes, steps, out.t), ACLNN_ERR_PARAM_INVALID,
                "Shape of aclnnSliceV2 out should be [2,0], but current is [2,2].");
    // rows 0 and 2 (step 2), columns 1..3 by 2
    const int64_t st2[2] = {0, 1}, en2[2] = {3, -1}, ax2[2] = {0, -1}, sp2[2] = {2, 2};
    aclIntArray* s2 = aclCreateIntArray(st2, 2);
    aclIntArray* e2 = aclCreateIntArray(en2, 2);
    aclIntArray* x2 = aclCreateIntArray(ax2, 2);
    aclIntArray* p2 = aclCreateIntArray(sp2, 2);
    Dev out2(std::vector<double>(2, 99.0), at::kFloat, {2, 1});
    ASSERT_EQ(RunPhases(call(self.t, s2, e2, x2, p2, out2.t), aclnnSliceV2), 0) << LastError();
    ExpectValues(out2, {1, 9});
    const int64_t dup[2] = {0, -2}, zero[2] = {1, 0};
    aclIntArray* axes_dup = aclCreateIntArray(dup, 2);
    aclIntArray* steps0 = aclCreateIntArray(zero, 2);
    aclIntArray* one = aclCreateIntArray(st2, 1);
    Dev out_h(std::vector<double>(2), at::kHalf, {2, 1});
    ExpectFails(call(self.t, s2, e2, x2, p2, out_h.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(call(self.t, s2, e2, axes_dup, p2, out2.t), ACLNN_ERR_PARAM_INVALID,
                "aclnnSliceV2 axes 0 appears multiple times in the list of dims.");
    ExpectFails(call(self.t, one, e2, x2, p2, out2.t), ACLNN_ERR_PARAM_INVALID,
                "Expected aclnnSliceV2 starts.size() 1 to be equal to axes.size() 2.");
    ExpectFails(call(self.t, s2, e2, x2, steps0, out2.t), ACLNN_ERR_PARAM_INVALID, "aclnnSliceV2 step must be positive.");
    ExpectFails(call(self.t, s2, e2, nullptr, p2, out2.t), ACLNN_ERR_PARAM_NULLPTR, "argument axes");
    for (aclIntArray* a : {starts, ends, axes, steps, s2, e2, x2, p2, axes_dup, steps0, one}) aclDestroyIntArray(a);
}

// ================================================================================ UnfoldGrad

TEST(ReferenceIndexConvUnfoldGrad, OverlapsSummedAndChecks) {
    // input [5] unfolded by size 3, step 1: windows [0..2], [1..3], [2..4]; gradOut [3,3]
    Dev go(Iota(9, 1.0), at::kFloat, {3, 3});
    Dev gi(std::vector<double>(5, 99.0), at::kFloat, {5});
    const int64_t in5[1] = {5};
    aclIntArray* sizes = aclCreateIntArray(in5, 1);
    auto call = [&](const aclTensor* g, const aclIntArray* s, int64_t dim, int64_t size, int64_t step, const aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnUnfoldGradGetWorkspaceSize(g, s, dim, size, step, o, ws, ex); };
    };
    ASSERT_EQ(RunPhases(call(go.t, sizes, 0, 3, 1, gi.t), aclnnUnfoldGrad), 0) << LastError();
    // position 0: g[0][0]; 1: g[0][1] + g[1][0]; 2: g[0][2] + g[1][1] + g[2][0]; 3: g[1][2] + g[2][1]; 4: g[2][2]
    ExpectValues(gi, {1, 2 + 4, 3 + 5 + 7, 6 + 8, 9});
    Dev gi4(std::vector<double>(4), at::kFloat, {4});
    Dev gi_d(std::vector<double>(5), at::kDouble, {5});
    ExpectFails(call(nullptr, sizes, 0, 3, 1, gi.t), ACLNN_ERR_INNER_NULLPTR, "argument gradOut.");
    ExpectFails(call(go.t, sizes, 0, 3, 1, gi_d.t), ACLNN_ERR_PARAM_INVALID, "Tensor gradIn not implemented for DT_DOUBLE");
    ExpectFails(call(go.t, sizes, 0, 3, 1, gi4.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for gradIn to have same size as [5], but got [4].");
    ExpectFails(call(go.t, sizes, 1, 3, 1, gi.t), ACLNN_ERR_PARAM_INVALID, "dim 1 must lie in [0, 0]");
    ExpectFails(call(go.t, sizes, 0, 0, 1, gi.t), ACLNN_ERR_PARAM_INVALID, "size 0 must be positive");
    ExpectFails(call(go.t, sizes, 0, 3, -1, gi.t), ACLNN_ERR_PARAM_INVALID, "step -1 must be positive");
    aclDestroyIntArray(sizes);
}

// ================================================================================ Addmv

int Addmv(const aclTensor* self, const aclTensor* mat, const aclTensor* vec, const aclScalar* alpha,
          const aclScalar* beta, aclTensor* out, int8_t cube) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAddmvGetWorkspaceSize(self, mat, vec, alpha, beta, out, cube, ws, ex);
    }, aclnnAddmv);
}

// FLOAT by the cube, INT32 by products summed, alpha 0 (self alone), beta 0 (a NaN self not read).
TEST(ReferenceIndexConvAddmv, PathsByHand) {
    const std::vector<double> m = Iota(6, -1.0, 0.5);  // [3,2]
    Dev self({1, 2, 3}, at::kFloat, {3});
    Dev mat(m, at::kFloat, {3, 2});
    Dev vec({2, -1}, at::kFloat, {2});
    Dev out(std::vector<double>(3, 99.0), at::kFloat, {3});
    Scalar a(2.0f), b(0.5f), zero(0.0f), one(1.0f);
    ASSERT_EQ(Addmv(self.t, mat.t, vec.t, a.s, b.s, out.t, 1), 0) << LastError();
    const std::vector<double> mv = MatMul(m, {2, -1}, 3, 2, 1);
    ExpectValues(out, {0.5 * 1 + 2 * mv[0], 0.5 * 2 + 2 * mv[1], 0.5 * 3 + 2 * mv[2]}, 1e-6);
    Dev mi({1, 2, 3, 4, 5, 6}, at::kInt, {3, 2});
    Dev vi({3, -1}, at::kInt, {2});
    Dev si({10, 20, 30}, at::kInt, {3});
    Dev oi(std::vector<double>(3, 99.0), at::kInt, {3});
    ASSERT_EQ(Addmv(si.t, mi.t, vi.t, one.s, one.s, oi.t, 1), 0) << LastError();
    ExpectValues(oi, {10 + 1, 20 + 5, 30 + 9});
    Dev o0(std::vector<double>(3, 99.0), at::kFloat, {3});
    ASSERT_EQ(Addmv(self.t, mat.t, vec.t, zero.s, b.s, o0.t, 1), 0) << LastError();
    ExpectValues(o0, {0.5, 1, 1.5});
    Dev nan_self({std::nan(""), 0, 0}, at::kFloat, {3});
    Dev on(std::vector<double>(3, 99.0), at::kFloat, {3});
    ASSERT_EQ(Addmv(nan_self.t, mat.t, vec.t, one.s, zero.s, on.t, 1), 0) << LastError();
    ExpectValues(on, mv, 1e-6);
}

TEST(ReferenceIndexConvAddmv, Checks) {
    Dev self({1, 2, 3}, at::kFloat, {3});
    Dev self2(Iota(6), at::kFloat, {3, 2});
    Dev mat(Iota(6), at::kFloat, {3, 2});
    Dev vec({2, -1}, at::kFloat, {2});
    Dev vec3({2, -1, 0}, at::kFloat, {3});
    Dev out(std::vector<double>(3), at::kFloat, {3});
    Dev out_i(std::vector<double>(3), at::kInt, {3});
    Dev self_c(std::vector<double>(3), at::kComplexFloat, {3});
    Scalar one(1.0f), two(2.0f);
    auto call = [&](const aclTensor* s, const aclTensor* m, const aclTensor* v, const aclScalar* a, aclTensor* o,
                    int8_t cube) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAddmvGetWorkspaceSize(s, m, v, a, a, o, cube, ws, ex);
        };
    };
    ExpectFails(call(self.t, mat.t, nullptr, one.s, out.t, 1), ACLNN_ERR_PARAM_NULLPTR, "argument vec.");
    ExpectFails(call(self.t, mat.t, vec.t, nullptr, out.t, 1), ACLNN_ERR_PARAM_NULLPTR, "argument alpha.");
    ExpectFails(call(self_c.t, mat.t, vec.t, one.s, out.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_COMPLEX64");
    ExpectFails(call(self.t, mat.t, vec.t, two.s, out_i.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(call(self2.t, mat.t, vec.t, one.s, out.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Expect input tensor dim [0/1,2,1,1], but receive self [2], mat [2], vec [1], out [1].");
    ExpectFails(call(self.t, mat.t, vec3.t, one.s, out.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Input tensor shape not satisfy, current shape : self [[3]], mat [[3,2]], vec [[3]], out [[3]].");
    ExpectFails(call(self.t, mat.t, vec.t, one.s, out.t, 9), ACLNN_ERR_PARAM_INVALID,
                "The value of cubeMathType only support");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev s(Iota(3), at::kFloat, {3});
        Dev m(Iota(6), at::kFloat, {3, 2});
        Dev v({1, 1}, at::kFloat, {2});
        Dev o(std::vector<double>(3), at::kFloat, {3});
        ExpectFails(call(s.t, m.t, v.t, one.s, o.t, 0), ACLNN_ERR_PARAM_INVALID,
                    "The soc version does not support bf16 / fp32 for calculations");
        EXPECT_EQ(Addmv(s.t, m.t, v.t, one.s, one.s, o.t, 1), 0) << LastError();
        ExpectValues(o, {0 + 1, 1 + 5, 2 + 9}, 1e-6);
    }
}

}  // namespace index_conv_reference_test
