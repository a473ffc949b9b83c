// The reference tier through the public API (docs/reference-tier.md): aclnnMm, aclnnAddmm and aclnnInplaceAddmm
// on non-contiguous views and broadcasting, compared with ATen called directly on contiguous copies; the
// cubeMathType mapping (USE_FP16 rounds FLOAT inputs to FLOAT16 first); the checks in CANN's order with its codes
// and messages, per product rule; empty shapes; and ACLCPU_FIDELITY's "exact" (the aclInit config key) refusing
// every reference-tier first phase.
#include <gtest/gtest.h>

#include <ATen/ATen.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_addmm.h"
#include "aclnnop/aclnn_addr.h"
#include "aclnnop/aclnn_batch_matmul.h"
#include "aclnnop/aclnn_gelu_backward.h"
#include "aclnnop/aclnn_layer_norm.h"
#include "aclnnop/aclnn_layer_norm_backward.h"
#include "aclnnop/aclnn_matmul.h"
#include "aclnnop/aclnn_mm.h"
#include "aclnnop/aclnn_trans_quant_param.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_case.h"  // OwnedBoolArray
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace reference_tier_test {

using aclcpu_test::DeviceBuffer;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::MakeTensor;
using aclcpu_test::RunPhases;
using aclcpu_test::Scalar;

/// A device buffer of `storage` elements of dtype holding `values` (as FLOAT, converted by ATen's RNE cast).
struct Dev {
    DeviceBuffer buf;
    aclTensor* t = nullptr;
    at::ScalarType type;
    Dev(const std::vector<float>& storage_values, at::ScalarType ty, const std::vector<int64_t>& shape,
        std::vector<int64_t> strides = {}, int64_t offset = 0)
        : type(ty) {
        at::Tensor host = at::tensor(storage_values).to(ty);
        const size_t bytes = host.numel() * host.element_size();
        buf = DeviceBuffer(bytes > 0 ? bytes : 1);
        if (bytes > 0) aclrtMemcpy(buf.get(), bytes, host.data_ptr(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        t = MakeTensor(shape, AclType(ty), buf.get(), strides, offset, {static_cast<int64_t>(storage_values.size())});
    }
    ~Dev() { aclDestroyTensor(t); }
    static aclDataType AclType(at::ScalarType ty) {
        return ty == at::kHalf ? ACL_FLOAT16 : ty == at::kBFloat16 ? ACL_BF16 : ty == at::kInt ? ACL_INT32 : ACL_FLOAT;
    }
    /// The storage back on the host as a FLOAT tensor of `n` elements.
    at::Tensor Storage(int64_t n) const {
        at::Tensor host = at::empty({n}, at::TensorOptions().dtype(type));
        aclrtMemcpy(host.data_ptr(), n * host.element_size(), buf.get(), n * host.element_size(),
                    ACL_MEMCPY_DEVICE_TO_HOST);
        return host.to(at::kFloat);
    }
};

std::vector<float> Iota(int n, float scale, float shift) {
    std::vector<float> v(n);
    for (int i = 0; i < n; ++i) v[i] = std::fmod(i * 7.0f, 11.0f) * scale + shift;
    return v;
}

std::vector<float> Random(int n, uint32_t seed) {
    std::mt19937 gen(seed);
    std::uniform_real_distribution<float> d(-1.0f, 1.0f);
    std::vector<float> v(n);
    for (float& x : v) x = d(gen);
    return v;
}

int Mm(const aclTensor* a, const aclTensor* b, aclTensor* out, int8_t cube) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMmGetWorkspaceSize(a, b, out, cube, ws, ex); },
                     aclnnMm);
}

int Addmm(const aclTensor* self, const aclTensor* m1, const aclTensor* m2, float beta, float alpha, aclTensor* out,
          int8_t cube) {
    Scalar b(beta), a(alpha);
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAddmmGetWorkspaceSize(self, m1, m2, b.s, a.s, out, cube, ws, ex);
        },
        aclnnAddmm);
}

// An optional aclScalar (the table's `optional: true`, CANN's betaOptional / alphaOptional of aclnnAddr): NULL
// reaches the formula as nullopt, which aclnnAddr takes as 1 (CANN's aclnn_addr.cpp); an INT64 scalar keeps its
// integer value. Each result against ATen's addr called directly.
TEST(ReferenceOptionalScalar, AddrNullBetaAndAlphaAreOne) {
    const std::vector<float> c = Iota(6, 1.0f, -3.0f), v1 = Iota(2, 0.5f, 1.0f), v2 = Iota(3, 1.0f, -1.0f);
    Dev self(c, at::kFloat, {2, 3});
    Dev vec1(v1, at::kFloat, {2});
    Dev vec2(v2, at::kFloat, {3});
    const at::Tensor want = at::addr(at::tensor(c).view({2, 3}), at::tensor(v1), at::tensor(v2), 1, 1);
    for (int absent = 0; absent < 4; ++absent) {  // bit 0: beta NULL, bit 1: alpha NULL (the others: 1.0)
        Dev out(std::vector<float>(6, 0.0f), at::kFloat, {2, 3});
        Scalar one(1.0f);
        const aclScalar* beta = (absent & 1) ? nullptr : one.s;
        const aclScalar* alpha = (absent & 2) ? nullptr : one.s;
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnAddrGetWorkspaceSize(self.t, vec1.t, vec2.t, beta, alpha, out.t, ws, ex);
                  }, aclnnAddr), 0) << absent << ": " << LastError();
        EXPECT_TRUE(at::equal(out.Storage(6).view({2, 3}), want)) << absent << out.Storage(6) << want;
    }
    const int64_t three = 3;
    Scalar alpha3(&three, ACL_INT64);
    Dev out(std::vector<float>(6, 0.0f), at::kFloat, {2, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAddrGetWorkspaceSize(self.t, vec1.t, vec2.t, nullptr, alpha3.s, out.t, ws, ex);
              }, aclnnAddr), 0) << LastError();
    EXPECT_TRUE(at::equal(out.Storage(6).view({2, 3}),
                          at::addr(at::tensor(c).view({2, 3}), at::tensor(v1), at::tensor(v2), 1, 3)));
    // a NULL tensor is still refused (161001), an optional scalar's NULL is not a null argument
    EXPECT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAddrGetWorkspaceSize(nullptr, vec1.t, vec2.t, nullptr, nullptr, out.t, ws, ex);
              }, aclnnAddr), 161001);
    LastError();
}

// A host function in a CANN header that declares no table operator (aclnn_trans_quant_param.h): the generated header
// declares it, the generated unit defines it (nqmm::TransQuantParamCall); values and codes through the C API.
TEST(ReferenceHostFunction, TransQuantParamThroughItsOwnHeader) {
    const float scale[2] = {1.0f, -2.5f};
    const float offset[1] = {3.4f};
    uint64_t* param = nullptr;
    uint64_t size = 0;
    ASSERT_EQ(aclnnTransQuantParam(scale, 2, offset, 1, &param, &size), 0) << LastError();
    ASSERT_EQ(size, 16u);  // max(2, 1) rounded up to 16
    ASSERT_NE(param, nullptr);
    EXPECT_EQ(param[0], ((0x3F800000ULL | (1ULL << 46)) & 0x4000FFFFFFFFULL) | (3ULL << 37));
    EXPECT_EQ(param[1], 0xC0200000ULL | (1ULL << 46));
    for (uint64_t i = 2; i < size; ++i) EXPECT_EQ(param[i], 0u) << i;
    std::free(param);
    param = nullptr;
    ASSERT_EQ(aclnnTransQuantParam(scale, 1, nullptr, 0, &param, &size), 0) << LastError();
    EXPECT_EQ(size, 1u);
    std::free(param);
    EXPECT_EQ(aclnnTransQuantParam(scale, 2, nullptr, 0, nullptr, &size), 161001);
    EXPECT_NE(LastError().find("quantParam"), std::string::npos);
    EXPECT_EQ(aclnnTransQuantParam(scale, 2, offset, 0, &param, &size), 161002);
    EXPECT_NE(LastError().find("offsetSize must be larger than 0"), std::string::npos);
}

// mat2 a transposed view ([7, 3] over a [3, 7] storage), random FLOAT values: ATen's mm on contiguous copies, to
// float32 rounding (the summation order of a strided and a contiguous gemm may differ).
TEST(ReferenceMm, TransposedViewMatchesAten) {
    const std::vector<float> a = Random(5 * 7, 1), b = Random(3 * 7, 2);
    Dev self(a, at::kFloat, {5, 7});
    Dev mat2(b, at::kFloat, {7, 3}, {1, 7});
    Dev out(std::vector<float>(15, -9.0f), at::kFloat, {5, 3});
    ASSERT_EQ(Mm(self.t, mat2.t, out.t, 1), 0) << LastError();
    const at::Tensor want = at::mm(at::tensor(a).view({5, 7}), at::tensor(b).view({3, 7}).t().contiguous());
    const at::Tensor got = out.Storage(15).view({5, 3});
    EXPECT_TRUE(at::allclose(got, want, 1e-6, 1e-6)) << got << want;
}

// Integer-valued FLOAT16 data (every product and sum exact): bit-equal to ATen's float matmul rounded to FLOAT16,
// into a transposed out view.
TEST(ReferenceMm, Float16IntoStridedOut) {
    const std::vector<float> a = Iota(4 * 6, 1.0f, -5.0f), b = Iota(6 * 2, 1.0f, -3.0f);
    Dev self(a, at::kHalf, {4, 6});
    Dev mat2(b, at::kHalf, {6, 2});
    Dev out(std::vector<float>(8, 0.0f), at::kHalf, {4, 2}, {1, 4});  // column-major out
    ASSERT_EQ(Mm(self.t, mat2.t, out.t, 0), 0) << LastError();
    const at::Tensor want = at::mm(at::tensor(a).view({4, 6}), at::tensor(b).view({6, 2})).to(at::kHalf).to(at::kFloat);
    const at::Tensor got = out.Storage(8).view({2, 4}).t();
    EXPECT_TRUE(at::equal(got, want)) << got << want;
}

// cubeMathType USE_FP16 (2) with FLOAT inputs: the cube computes in FLOAT16, so 1 + 2^-12 (not a FLOAT16 value)
// enters as 1 and the FLOAT16 result is rounded; KEEP_DTYPE (0) keeps FLOAT.
TEST(ReferenceMm, CubeMathTypeUseFp16RoundsInputs) {
    const float x = 1.0f + 1.0f / 4096;
    Dev self({x, x}, at::kFloat, {1, 2});
    Dev mat2({1.0f, 1.0f}, at::kFloat, {2, 1});
    Dev out({0.0f}, at::kFloat, {1, 1});
    ASSERT_EQ(Mm(self.t, mat2.t, out.t, 2), 0) << LastError();
    EXPECT_EQ(out.Storage(1).item<float>(), 2.0f);
    ASSERT_EQ(Mm(self.t, mat2.t, out.t, 0), 0) << LastError();
    EXPECT_EQ(out.Storage(1).item<float>(), 2.0f * x);
}

// k = 0: out is zeros; m = 0: nothing runs.
TEST(ReferenceMm, EmptyShapes) {
    Dev self(std::vector<float>{}, at::kFloat, {3, 0});
    Dev mat2(std::vector<float>{}, at::kFloat, {0, 2});
    Dev out(std::vector<float>(6, 5.0f), at::kFloat, {3, 2});
    ASSERT_EQ(Mm(self.t, mat2.t, out.t, 1), 0) << LastError();
    EXPECT_TRUE(at::equal(out.Storage(6), at::zeros({6})));
    Dev none(std::vector<float>{}, at::kFloat, {0, 4});
    Dev m2(Iota(8, 1.0f, 0.0f), at::kFloat, {4, 2});
    Dev o2(std::vector<float>{}, at::kFloat, {0, 2});
    EXPECT_EQ(Mm(none.t, m2.t, o2.t, 1), 0) << LastError();
}

// CANN's order and messages (aclnn_mm.cpp; matmul_util.cpp's Dav2201 rule on Ascend 950).
TEST(ReferenceMm, ChecksInCannOrder) {
    Dev self(Iota(6, 1.0f, 0.0f), at::kFloat, {2, 3});
    Dev mat2(Iota(6, 1.0f, 0.0f), at::kFloat, {3, 2});
    Dev out(std::vector<float>(4), at::kFloat, {2, 2});
    Dev ints(Iota(6, 1.0f, 0.0f), at::kInt, {3, 2});
    Dev three(Iota(6, 1.0f, 0.0f), at::kFloat, {1, 2, 3});
    Dev bad_k(Iota(8, 1.0f, 0.0f), at::kFloat, {4, 2});
    Dev bad_out(std::vector<float>(6), at::kFloat, {2, 3});
    auto mm = [&](const aclTensor* a, const aclTensor* b, aclTensor* o, int8_t cube) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnMmGetWorkspaceSize(a, b, o, cube, ws, ex); };
    };
    ExpectFails(mm(nullptr, nullptr, nullptr, 1), ACLNN_ERR_PARAM_NULLPTR, "argument out");
    ExpectFails(mm(nullptr, mat2.t, out.t, 1), ACLNN_ERR_PARAM_NULLPTR, "argument self");
    ExpectFails(mm(self.t, ints.t, out.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Tensor matB not implemented for DT_INT32, should be in dtype support list [DT_FLOAT, DT_FLOAT16, DT_BF16].");
    ExpectFails(mm(self.t, mat2.t, out.t, 9), ACLNN_ERR_PARAM_INVALID, "but got 9");
    ExpectFails(mm(self.t, mat2.t, out.t, -1), ACLNN_ERR_PARAM_INVALID, "FP16FP32_KEEP_DTYPE");
    ExpectFails(mm(three.t, mat2.t, out.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Expected 2 dimension input, but got self with sizes [1,2,3].");
    ExpectFails(mm(self.t, bad_k.t, out.t, 1), ACLNN_ERR_PARAM_INVALID, "self Kdim[3], mat2 Kdim[4]");
    ExpectFails(mm(self.t, mat2.t, bad_out.t, 1), ACLNN_ERR_PARAM_INVALID, "out_n[3] must be same with mat2_n[2]");
}

// The default rule (Ascend910, Ascend310P): no BF16; a FLOAT input refuses KEEP_DTYPE, USE_HF32 and -1.
TEST(ReferenceMm, DefaultRuleProducts) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    Dev self(Iota(6, 1.0f, 0.0f), at::kFloat, {2, 3});
    Dev mat2(Iota(6, 1.0f, 0.0f), at::kFloat, {3, 2});
    Dev bf(Iota(6, 1.0f, 0.0f), at::kBFloat16, {3, 2});
    Dev out(std::vector<float>(4), at::kFloat, {2, 2});
    auto mm = [&](const aclTensor* a, const aclTensor* b, aclTensor* o, int8_t cube) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnMmGetWorkspaceSize(a, b, o, cube, ws, ex); };
    };
    ExpectFails(mm(self.t, bf.t, out.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Tensor matB not implemented for DT_BF16, should be in dtype support list [DT_FLOAT, DT_FLOAT16].");
    ExpectFails(mm(self.t, mat2.t, out.t, 0), ACLNN_ERR_PARAM_INVALID, "KEEP_DTYPE or USE_HF32");
    ExpectFails(mm(self.t, mat2.t, out.t, 3), ACLNN_ERR_PARAM_INVALID, "KEEP_DTYPE or USE_HF32");
    EXPECT_EQ(Mm(self.t, mat2.t, out.t, 1), 0) << LastError();
}

// self broadcast from [n] (beta 0.5, alpha 2), mat1 a transposed view; integer-valued data, so bit-equal to
// ATen's addmm on copies.
TEST(ReferenceAddmm, BroadcastSelfAndTransposedMat1) {
    const std::vector<float> bias = Iota(3, 2.0f, -4.0f), m1 = Iota(4 * 5, 1.0f, -5.0f), m2 = Iota(5 * 3, 1.0f, -2.0f);
    Dev self(bias, at::kFloat, {3});
    Dev mat1(m1, at::kFloat, {4, 5}, {1, 4});  // [4, 5] over a [5, 4] storage
    Dev mat2(m2, at::kFloat, {5, 3});
    Dev out(std::vector<float>(12, 0.0f), at::kFloat, {4, 3});
    ASSERT_EQ(Addmm(self.t, mat1.t, mat2.t, 0.5f, 2.0f, out.t, 1), 0) << LastError();
    const at::Tensor want = at::addmm(at::tensor(bias), at::tensor(m1).view({5, 4}).t().contiguous(),
                                      at::tensor(m2).view({5, 3}), 0.5, 2.0);
    EXPECT_TRUE(at::equal(out.Storage(12).view({4, 3}), want)) << out.Storage(12) << want;
}

// In place: selfRef [m, n] holds the result; random BF16 data against ATen in float rounded to BF16 (one ULP:
// the float sums of a strided and a contiguous gemm may round apart before the BF16 rounding).
TEST(ReferenceAddmm, InplaceBf16) {
    const std::vector<float> c = Random(6, 3), m1 = Random(2 * 4, 4), m2 = Random(4 * 3, 5);
    Dev self(c, at::kBFloat16, {2, 3});
    Dev mat1(m1, at::kBFloat16, {2, 4});
    Dev mat2(m2, at::kBFloat16, {4, 3});
    Scalar b(1.0f), a(1.0f);
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnInplaceAddmmGetWorkspaceSize(self.t, mat1.t, mat2.t, b.s, a.s, 1, ws, ex);
                  },
                  aclnnInplaceAddmm),
              0)
        << LastError();
    auto bf = [](const std::vector<float>& v) { return at::tensor(v).to(at::kBFloat16).to(at::kFloat); };
    const at::Tensor mm = at::mm(bf(m1).view({2, 4}), bf(m2).view({4, 3})).to(at::kBFloat16).to(at::kFloat);
    const at::Tensor want = (bf(c).view({2, 3}) + mm).to(at::kBFloat16).to(at::kFloat);
    EXPECT_TRUE(at::allclose(self.Storage(6).view({2, 3}), want, 1e-2, 1e-2)) << self.Storage(6) << want;
}

TEST(ReferenceAddmm, ChecksInCannOrder) {
    Dev self(Iota(6, 1.0f, 0.0f), at::kFloat, {2, 3});
    Dev mat1(Iota(8, 1.0f, 0.0f), at::kFloat, {2, 4});
    Dev mat2(Iota(12, 1.0f, 0.0f), at::kFloat, {4, 3});
    Dev bad_self(Iota(4, 1.0f, 0.0f), at::kFloat, {4});
    Dev out(std::vector<float>(6), at::kFloat, {2, 3});
    Dev bad_out(std::vector<float>(6), at::kFloat, {3, 2});
    Scalar one_scalar(1.0f);
    const aclScalar* one_s = one_scalar.s;
    struct {
        const aclScalar* s;
    } one{one_s};
    auto addmm = [&](const aclTensor* s, const aclTensor* m1, const aclTensor* m2, const aclScalar* beta, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAddmmGetWorkspaceSize(s, m1, m2, beta, one_s, o, 1, ws, ex);
        };
    };
    ExpectFails(addmm(nullptr, mat1.t, mat2.t, one.s, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument self");
    ExpectFails(addmm(self.t, mat1.t, mat2.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument beta");
    ExpectFails(addmm(self.t, mat1.t, mat1.t, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "The k-axis of the two inputs are different.");
    ExpectFails(addmm(bad_self.t, mat1.t, mat2.t, one.s, out.t), ACLNN_ERR_PARAM_INVALID,
                "The size of tensor self [4] must match the size [2,3].");
    ExpectFails(addmm(self.t, mat1.t, mat2.t, one.s, bad_out.t), ACLNN_ERR_PARAM_INVALID,
                "Shape of out should be [2,3], but the current is [3,2].");
}

// aclnnBatchMatMul (aclnn_batch_matmul.cpp) and aclnnMatmul (aclnn_matmul.cpp): their shape checks, and the
// out shape aclcpu checks where CANN trusts the caller (a wrong out would be written past its view).
TEST(ReferenceBatchMatMul, ChecksAndBroadcastBatch) {
    Dev a(Iota(1 * 2 * 3, 1.0f, -2.0f), at::kFloat, {1, 2, 3});
    Dev b(Iota(4 * 3 * 2, 1.0f, -3.0f), at::kFloat, {4, 3, 2});
    Dev out(std::vector<float>(16), at::kFloat, {4, 2, 2});
    Dev two_d(Iota(6, 1.0f, 0.0f), at::kFloat, {2, 3});
    Dev bad_out(std::vector<float>(16), at::kFloat, {4, 2, 2, 1});
    auto bmm = [&](const aclTensor* x, const aclTensor* y, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnBatchMatMulGetWorkspaceSize(x, y, o, 1, ws, ex); };
    };
    ExpectFails(bmm(two_d.t, b.t, out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected 3 dimension input, but got selfTensor with sizes [2,3].");
    ExpectFails(bmm(a.t, b.t, bad_out.t), ACLNN_ERR_PARAM_INVALID, "got outTensor with sizes [4,2,2,1]");
    ExpectFails(bmm(b.t, b.t, out.t), ACLNN_ERR_PARAM_INVALID, "self [2], mat2 [3]");
    ASSERT_EQ(RunPhases(bmm(a.t, b.t, out.t), aclnnBatchMatMul), 0) << LastError();
    const at::Tensor want = at::matmul(at::tensor(Iota(6, 1.0f, -2.0f)).view({1, 2, 3}),
                                       at::tensor(Iota(24, 1.0f, -3.0f)).view({4, 3, 2}));
    EXPECT_TRUE(at::equal(out.Storage(16).view({4, 2, 2}), want));
}

TEST(ReferenceMatmul, VectorOperandsAndOutShape) {
    Dev m(Iota(12, 1.0f, -4.0f), at::kFloat, {3, 4});
    Dev v(Iota(4, 1.0f, -1.0f), at::kFloat, {4});
    Dev out(std::vector<float>(3), at::kFloat, {3});
    Dev wrong(std::vector<float>(3), at::kFloat, {3, 1});
    Dev scalar(std::vector<float>{2.0f}, at::kFloat, {});
    auto mm = [&](const aclTensor* x, const aclTensor* y, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnMatmulGetWorkspaceSize(x, y, o, 1, ws, ex); };
    };
    ExpectFails(mm(m.t, v.t, wrong.t), ACLNN_ERR_PARAM_INVALID, "Expected out of shape [3] (the matmul of [3,4] and [4])");
    ExpectFails(mm(scalar.t, v.t, out.t), ACLNN_ERR_PARAM_INVALID, "Matmul not support [], [4]");
    ExpectFails(mm(v.t, m.t, out.t), ACLNN_ERR_PARAM_INVALID, "The k-axis of the two inputs are different [4], [3,4]");
    ASSERT_EQ(RunPhases(mm(m.t, v.t, out.t), aclnnMatmul), 0) << LastError();
    const at::Tensor want = at::matmul(at::tensor(Iota(12, 1.0f, -4.0f)).view({3, 4}), at::tensor(Iota(4, 1.0f, -1.0f)));
    EXPECT_TRUE(at::equal(out.Storage(3), want));
}

// aclnnLayerNorm against torch.nn.functional.layer_norm's values (ATen's own layer_norm, not the formula's
// native_layer_norm): out, mean and rstd; on Atlas A2/A3 a flat [M] mean takes the row statistics in order; the
// shape and dtype checks and implMode.
TEST(ReferenceLayerNorm, MatchesLayerNormAndChecks) {
    const std::vector<float> x = Random(2 * 3 * 4, 7), w = Random(4, 8), b = Random(4, 9);
    Dev input(x, at::kFloat, {2, 3, 4});
    Dev weight(w, at::kFloat, {4});
    Dev bias(b, at::kFloat, {4});
    Dev out(std::vector<float>(24), at::kFloat, {2, 3, 4});
    Dev mean(std::vector<float>(6), at::kFloat, {2, 3, 1});
    Dev rstd(std::vector<float>(6), at::kFloat, {2, 3, 1});
    const std::vector<int64_t> ns = {4};
    aclIntArray* shape = aclCreateIntArray(ns.data(), 1);
    const aclTensor* bias_t = bias.t;
    auto ln = [&](const aclTensor* in, const aclTensor* wt, aclTensor* o, aclTensor* mo, aclTensor* ro) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnLayerNormGetWorkspaceSize(in, shape, wt, bias_t, 1e-5, o, mo, ro, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(ln(input.t, weight.t, out.t, mean.t, rstd.t), aclnnLayerNorm), 0) << LastError();
    const at::Tensor xt = at::tensor(x).view({2, 3, 4});
    const at::Tensor want = at::layer_norm(xt, {4}, at::tensor(w), at::tensor(b), 1e-5);
    EXPECT_TRUE(at::allclose(out.Storage(24).view({2, 3, 4}), want, 1e-5, 1e-6));
    EXPECT_TRUE(at::allclose(mean.Storage(6), xt.mean(-1).flatten(), 1e-6, 1e-6));
    const at::Tensor var = xt.var(-1, /*unbiased=*/false).flatten();
    EXPECT_TRUE(at::allclose(rstd.Storage(6), (var + 1e-5).rsqrt(), 1e-5, 1e-6));
    Dev w16(w, at::kHalf, {4});
    Dev wrong(std::vector<float>(5), at::kFloat, {5});
    ExpectFails(ln(input.t, w16.t, out.t, nullptr, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Expected both tensors to have same dtype, but found weightOptional DT_FLOAT16 and input DT_FLOAT.");
    ExpectFails(ln(input.t, wrong.t, out.t, nullptr, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Expected normalized index [0] shape [4] be equal to weight index [0] shape [5], but failed.");
    Dev flat(std::vector<float>(6), at::kFloat, {6});
    ExpectFails(ln(input.t, weight.t, out.t, flat.t, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Expected meanOutOptional dimNum [1] to be equal to input dimNum [3], but check failed.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnLayerNormWithImplModeGetWorkspaceSize(input.t, shape, weight.t, bias.t, 1e-5, out.t, nullptr,
                                                          nullptr, 2, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "KEEP_FP16 only support all input dtype float16!");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);  // the flat statistics of the A2/A3 kernel
        ASSERT_TRUE(scope.ok());
        Dev in2(x, at::kFloat, {2, 3, 4});
        Dev w2(w, at::kFloat, {4});
        Dev b2(b, at::kFloat, {4});
        Dev o2(std::vector<float>(24), at::kFloat, {2, 3, 4});
        Dev m2(std::vector<float>(6), at::kFloat, {6});
        Dev bad(std::vector<float>(5), at::kFloat, {5});
        const aclTensor *i2 = in2.t, *wt2 = w2.t, *bt2 = b2.t;
        aclTensor* ot2 = o2.t;
        auto run = [&](aclTensor* mo) {
            return [=](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnLayerNormGetWorkspaceSize(i2, shape, wt2, bt2, 1e-5, ot2, mo, nullptr, ws, ex);
            };
        };
        ExpectFails(run(bad.t), ACLNN_ERR_PARAM_INVALID, "Expected meanOutOptional to hold 6 elements");
        ASSERT_EQ(RunPhases(run(m2.t), aclnnLayerNorm), 0) << LastError();
        EXPECT_TRUE(at::allclose(m2.Storage(6), xt.mean(-1).flatten(), 1e-6, 1e-6));
    }
    aclDestroyIntArray(shape);
}

// Beyond CANN: released scalars and int arrays are refused before any check reads them; an optional output that
// maps two elements to one address is refused like out; a failure inside ATen reaches aclrtSynchronizeStream's
// message with ATen's (or the bridge's) reason.
TEST(ReferenceHostile, ReleasedHandlesOverlapAndAtenErrors) {
    Dev self(Iota(4, 1.0f, 0.0f), at::kFloat, {2, 2});
    Dev out(std::vector<float>(4), at::kFloat, {2, 2});
    float one = 1.0f;
    aclScalar* beta = aclCreateScalar(&one, ACL_FLOAT);  // the value is copied
    Scalar alpha(1.0f);
    ASSERT_EQ(aclDestroyScalar(beta), 0);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAddmmGetWorkspaceSize(self.t, self.t, self.t, beta, alpha.s, out.t, 1, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "beta: aclScalar");
    const std::vector<int64_t> ns = {2};
    aclIntArray* shape = aclCreateIntArray(ns.data(), 1);
    ASSERT_EQ(aclDestroyIntArray(shape), 0);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnLayerNormGetWorkspaceSize(self.t, shape, nullptr, nullptr, 1e-5, out.t, nullptr, nullptr, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "normalizedShape: aclIntArray");
    aclIntArray* live = aclCreateIntArray(ns.data(), 1);
    Dev mean(std::vector<float>(1), at::kFloat, {2, 1}, {0, 1});  // both rows on one element
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnLayerNormGetWorkspaceSize(self.t, live, nullptr, nullptr, 1e-5, out.t, mean.t, nullptr, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "meanOutOptional view (shape [2,1], strides [0,1]) maps several elements");
    aclDestroyIntArray(live);
    // gradInput UINT32: CANN's op_api does not check it; ATen 1.13 has no such type, so the reference tier's first
    // phase refuses it after the operator's own checks (nothing reaches the reference library)
    Dev grad(Iota(4, 1.0f, 0.0f), at::kFloat, {2, 2});
    DeviceBuffer u32(16);
    aclTensor* gi = MakeTensor({2, 2}, ACL_UINT32, u32.get());
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnGeluBackwardGetWorkspaceSize(grad.t, self.t, gi, ws, ex); },
                ACLNN_ERR_PARAM_INVALID,
                "aclnnGeluBackward: gradInput of dtype DT_UINT32 is not implemented at the reference tier (PyTorch 1.13's "
                "ATen has no such type).");
    aclDestroyTensor(gi);
}

// "fidelity": "exact" in aclInit's config (as ACLCPU_FIDELITY=exact) refuses every reference-tier first phase
// with 161002 and leaves exact-tier operators alone; a value other than exact or reference fails aclInit.
TEST(ReferenceFidelity, ExactRefusesReferenceTier) {
    const std::string path = "/tmp/aclcpu_fidelity_" + std::to_string(getpid()) + ".json";
    auto reinit = [&](const char* text) {
        aclrtResetDevice(0);
        EXPECT_EQ(aclFinalize(), ACL_SUCCESS);
        {
            std::ofstream f(path);
            f << text;
        }
        const int rc = aclInit(path.c_str());
        std::remove(path.c_str());
        return rc;
    };
    EXPECT_EQ(reinit("{\"fidelity\": \"approximate\"}"), ACL_ERROR_FILE_ATTR_INVALID);
    EXPECT_NE(LastError().find("expected \"exact\" or \"reference\""), std::string::npos);
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(reinit("{\"fidelity\": \"exact\"}"), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    {
        Dev self(Iota(4, 1.0f, 0.0f), at::kFloat, {2, 2});
        Dev out(std::vector<float>(4), at::kFloat, {2, 2});
        ExpectFails([&](uint64_t* ws,
                        aclOpExecutor** ex) { return aclnnMmGetWorkspaceSize(self.t, self.t, out.t, 1, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID, "aclnnMm is a reference-tier operator");
    }
    ASSERT_EQ(reinit("{\"fidelity\": \"reference\"}"), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    {
        Dev self(Iota(4, 1.0f, 0.0f), at::kFloat, {2, 2});
        Dev out(std::vector<float>(4), at::kFloat, {2, 2});
        EXPECT_EQ(Mm(self.t, self.t, out.t, 1), 0) << LastError();
    }
}

// An optional output left out (NULL) where the table's `views` check names it: skipped, not read (the check once
// dereferenced it: aclnnLayerNormBackward with outputMask[0] false and gradInputOut NULL crashed).
TEST(ReferenceHostile, ViewsCheckSkipsAnAbsentOptionalOutput) {
    Dev x(Iota(6, 1.0f, 0.5f), at::kFloat, {2, 3});
    Dev g(Iota(6, 0.25f, 0.25f), at::kFloat, {2, 3});
    Dev mean({1.0f, 2.0f}, at::kFloat, {2, 1});
    Dev rstd({0.5f, 0.25f}, at::kFloat, {2, 1});
    Dev w({1.0f, 1.0f, 1.0f}, at::kFloat, {3});
    Dev gw(std::vector<float>(3), at::kFloat, {3});
    Dev gb(std::vector<float>(3), at::kFloat, {3});
    const std::vector<int64_t> ns = {3};
    aclIntArray* shape = aclCreateIntArray(ns.data(), 1);
    aclcpu_test::OwnedBoolArray mask({false, true, true});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnLayerNormBackwardGetWorkspaceSize(g.t, x.t, shape, mean.t, rstd.t, w.t, nullptr, mask.a, nullptr,
                                                      gw.t, gb.t, ws, ex);
    }, aclnnLayerNormBackward), 0) << LastError();
    aclDestroyIntArray(shape);
}

}  // namespace reference_tier_test
