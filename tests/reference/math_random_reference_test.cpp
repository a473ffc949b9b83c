// The reference tier's random operators of ops-math (docs/ops/math_random.md) through the public API: what the
// contract promises instead of the NPU's Philox bits - a call reproducible per (seed, offset) whatever the views,
// different (seed, offset) giving different numbers, the ...Tensor variants reading seed and offset from their device
// tensors exactly as the scalar forms take them - and the distributions (ranges exact, means and deviations on
// 100000 draws within bounds of at least six standard errors, all with fixed seeds so nothing can flake), the
// attribute mappings (from / to, mean / std, prob 0 and 1 exact), and the checks in CANN's order with their codes
// and messages per product. The table-driven suite (reference_table_test.cpp) runs each entry's cases on
// transposed, strided, offset and broadcast views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "aclnnop/aclnn_bernoulli.h"
#include "aclnnop/aclnn_dropout.h"
#include "aclnnop/aclnn_dropout_backward.h"
#include "aclnnop/aclnn_dropout_do_mask.h"
#include "aclnnop/aclnn_dropout_gen_mask.h"
#include "aclnnop/aclnn_dropout_v3.h"
#include "aclnnop/aclnn_dropout_v3_grad.h"
#include "aclnnop/aclnn_normal.h"
#include "aclnnop/aclnn_normal_out.h"
#include "aclnnop/aclnn_random.h"
#include "aclnnop/aclnn_randperm.h"
#include "aclnnop/aclnn_uniform.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace math_random_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;
using aclcpu_test::Scalar;

constexpr int64_t kN = 100000;  // draws for the statistics

std::vector<double> Zeros(int64_t n) { return std::vector<double>(static_cast<size_t>(n), 0.0); }

double Mean(const at::Tensor& v) { return v.to(at::kDouble).mean().item<double>(); }
double Std(const at::Tensor& v) { return v.to(at::kDouble).std().item<double>(); }

// ---- the calls
int Uniform(aclTensor* self, double from, double to, uint64_t seed, uint64_t offset) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnInplaceUniformGetWorkspaceSize(self, from, to, seed, offset, ws, ex);
        },
        aclnnInplaceUniform);
}
int UniformTensor(aclTensor* self, double from, double to, const aclTensor* seed, const aclTensor* off,
                  uint64_t offset) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnInplaceUniformTensorGetWorkspaceSize(self, from, to, seed, off, offset, ws, ex);
        },
        aclnnInplaceUniformTensor);
}
int Normal(aclTensor* self, float mean, float std, int64_t seed, int64_t offset) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnInplaceNormalGetWorkspaceSize(self, mean, std, seed, offset, ws, ex);
        },
        aclnnInplaceNormal);
}
int NormalTensor(aclTensor* self, float mean, float std, const aclTensor* seed, const aclTensor* off,
                 int64_t offset) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnInplaceNormalTensorGetWorkspaceSize(self, mean, std, seed, off, offset, ws, ex);
        },
        aclnnInplaceNormalTensor);
}
int NormalFF(float mean, float std, int64_t seed, int64_t offset, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnNormalFloatFloatGetWorkspaceSize(mean, std, seed, offset, out, ws, ex);
        },
        aclnnNormalFloatFloat);
}
int Bernoulli(const aclTensor* self, const aclScalar* prob, int64_t seed, int64_t offset, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBernoulliGetWorkspaceSize(self, prob, seed, offset, out, ws, ex);
        },
        aclnnBernoulli);
}

// ================================================================================ InplaceUniform

// [from, to) exactly; mean (from + to) / 2 and variance (to - from)^2 / 12 on 100000 FLOAT draws (standard errors
// 0.0046 and 0.006: the bounds are 6 and 8 of them).
TEST(ReferenceMathRandomUniform, RangeAndStatistics) {
    Dev self(Zeros(kN), at::kFloat, {kN});
    ASSERT_EQ(Uniform(self.t, -2.0, 3.0, 42, 0), 0) << LastError();
    const at::Tensor v = self.Storage();
    EXPECT_GE(v.min().item<double>(), -2.0);
    EXPECT_LT(v.max().item<double>(), 3.0);
    EXPECT_NEAR(Mean(v), 0.5, 0.03);
    EXPECT_NEAR(Std(v) * Std(v), 25.0 / 12.0, 0.05);
    // spread over the whole range, not a constant or a narrow band
    EXPECT_LT(v.min().item<double>(), -1.99);
    EXPECT_GT(v.max().item<double>(), 2.99);
}

// The same (seed, offset): the same numbers in the same logical order, whatever the view (a transposed view's
// element [i][j] holds what the contiguous call's [i][j] holds). Another offset or seed: other numbers.
TEST(ReferenceMathRandomUniform, ReproducibleAndDistinctStreams) {
    Dev a(Zeros(12), at::kFloat, {3, 4});
    Dev b(Zeros(12), at::kFloat, {3, 4}, {1, 3});  // transposed storage
    Dev c(Zeros(12), at::kFloat, {3, 4});
    Dev d(Zeros(12), at::kFloat, {3, 4});
    ASSERT_EQ(Uniform(a.t, 0.0, 1.0, 5, 16), 0) << LastError();
    ASSERT_EQ(Uniform(b.t, 0.0, 1.0, 5, 16), 0) << LastError();
    ASSERT_EQ(Uniform(c.t, 0.0, 1.0, 5, 20), 0) << LastError();
    ASSERT_EQ(Uniform(d.t, 0.0, 1.0, 6, 16), 0) << LastError();
    const at::Tensor va = a.Storage().view({3, 4});
    const at::Tensor vb = b.Storage().view({4, 3}).t();
    EXPECT_TRUE(at::equal(va, vb));
    EXPECT_FALSE(at::equal(va, c.Storage().view({3, 4})));
    EXPECT_FALSE(at::equal(va, d.Storage().view({3, 4})));
    // a second identical call: identical bits
    Dev e(Zeros(12), at::kFloat, {3, 4});
    ASSERT_EQ(Uniform(e.t, 0.0, 1.0, 5, 16), 0) << LastError();
    EXPECT_TRUE(at::equal(va, e.Storage().view({3, 4})));
}

// from == to is accepted (every element from); integers: the FLOAT draws truncated toward zero, inside [from, to).
TEST(ReferenceMathRandomUniform, DegenerateRangeAndIntegers) {
    Dev self(Zeros(64), at::kFloat, {64});
    ASSERT_EQ(Uniform(self.t, 1.5, 1.5, 1, 0), 0) << LastError();
    EXPECT_TRUE(at::equal(self.Storage(), at::full({64}, 1.5, at::kDouble)));
    Dev ints(Zeros(1000), at::kInt, {1000});
    ASSERT_EQ(Uniform(ints.t, 0.0, 10.0, 3, 0), 0) << LastError();
    const at::Tensor v = ints.Storage();
    EXPECT_GE(v.min().item<double>(), 0.0);
    EXPECT_LE(v.max().item<double>(), 9.0);
    EXPECT_TRUE(at::equal(v, v.floor()));
    EXPECT_EQ(std::get<0>(at::_unique(v)).size(0), 10);  // every value 0..9 drawn
    // DOUBLE: drawn in DOUBLE (more than float32's 24 bits)
    Dev dbl(Zeros(64), at::kDouble, {64});
    ASSERT_EQ(Uniform(dbl.t, 0.0, 1.0, 3, 0), 0) << LastError();
    const at::Tensor dv = dbl.Storage();
    EXPECT_FALSE(at::equal(dv, dv.to(at::kFloat).to(at::kDouble)));
}

// UniformTensor: seed = seedTensor[0], offset = offsetTensor[0] + offset - the same bits as the scalar form.
TEST(ReferenceMathRandomUniform, TensorFormReadsSeedAndOffset) {
    Dev seed({123.0}, at::kLong, {1});
    Dev off({40.0}, at::kLong, {1});
    Dev a(Zeros(256), at::kFloat, {256});
    Dev b(Zeros(256), at::kFloat, {256});
    Dev c(Zeros(256), at::kFloat, {256});
    ASSERT_EQ(UniformTensor(a.t, -1.0, 1.0, seed.t, off.t, 8), 0) << LastError();
    ASSERT_EQ(Uniform(b.t, -1.0, 1.0, 123, 48), 0) << LastError();
    ASSERT_EQ(Uniform(c.t, -1.0, 1.0, 123, 40), 0) << LastError();
    EXPECT_TRUE(at::equal(a.Storage(), b.Storage()));
    EXPECT_FALSE(at::equal(a.Storage(), c.Storage()));
}

TEST(ReferenceMathRandomUniform, ChecksInCannOrder) {
    Dev self(Zeros(4), at::kFloat, {4});
    Dev boolean(Zeros(4), at::kBool, {4});
    Dev bf16(Zeros(4), at::kBFloat16, {4});
    Dev nine(Zeros(1), at::kFloat, {1, 1, 1, 1, 1, 1, 1, 1, 1});
    auto uni = [](aclTensor* s, double from, double to) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceUniformGetWorkspaceSize(s, from, to, 0, 0, ws, ex); };
    };
    ExpectFails(uni(nullptr, 0, 1), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [self] but instead found nullptr.");
    ExpectFails(uni(boolean.t, 0, 1), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_BOOL, should be in dtype support list [DT_FLOAT, DT_INT32, DT_INT64, "
                "DT_FLOAT16, DT_INT16, DT_INT8, DT_UINT8, DT_DOUBLE, DT_BF16].");
    ExpectFails(uni(nine.t, 0, 1), ACLNN_ERR_PARAM_INVALID, "The self tensor cannot be larger than 8 dimensions.");
    ExpectFails(uni(self.t, 2, 1), ACLNN_ERR_PARAM_INVALID, "from cannot be greater than to, from is 2.000000 and to is 1.000000.");
    // the dtype before from/to
    ExpectFails(uni(boolean.t, 2, 1), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_BOOL");
    // no workspace check of CANN's: the first phase's own (beyond CANN) after from/to
    EXPECT_EQ(aclnnInplaceUniformGetWorkspaceSize(self.t, 0, 1, 0, 0, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    for (auto p : {l1ref::Profile::kAscend910, l1ref::Profile::kAscend310P}) {
        aclcpu_test::ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        ExpectFails(uni(bf16.t, 0, 1), ACLNN_ERR_PARAM_INVALID,
                    "Input dtype of aclnnInplaceUniform is not support bfloat16 in current socversion.");
    }
    for (auto p : {l1ref::Profile::kAscend950, l1ref::Profile::kAscend910B}) {
        aclcpu_test::ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        Dev b(Zeros(4), at::kBFloat16, {4});  // made after the switch (it resets the device's memory)
        EXPECT_EQ(Uniform(b.t, 0, 1, 0, 0), 0) << LastError();
    }
}

// UniformTensor's seed and offset tensors: checked after selfRef's empty return; their dtypes (UINT64, INT64) not
// on Atlas A2/A3 (the op_api's DSA path checks neither).
TEST(ReferenceMathRandomUniform, TensorFormChecksPerProduct) {
    Dev self(Zeros(4), at::kFloat, {4});
    Dev empty(Zeros(0), at::kFloat, {0});
    Dev seed({1.0}, at::kLong, {1});
    Dev seed32({1.0}, at::kInt, {1});
    auto uni = [](aclTensor* s, const aclTensor* sd, const aclTensor* of) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnInplaceUniformTensorGetWorkspaceSize(s, 0, 1, sd, of, 0, ws, ex);
        };
    };
    ExpectFails(uni(self.t, nullptr, seed.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [seedTensor] but instead found nullptr.");
    ExpectFails(uni(self.t, seed.t, nullptr), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [offsetTensor] but instead found nullptr.");
    // an empty selfRef returns before them
    EXPECT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return uni(empty.t, nullptr, nullptr)(ws, ex); },
                        aclnnInplaceUniformTensor),
              0);
    for (auto p : {l1ref::Profile::kAscend950, l1ref::Profile::kAscend910, l1ref::Profile::kAscend310P}) {
        aclcpu_test::ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        ExpectFails(uni(self.t, seed32.t, seed.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor seedTensor not implemented for DT_INT32, should be in dtype support list [DT_UINT64, DT_INT64].");
        ExpectFails(uni(self.t, seed.t, seed32.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor offsetTensor not implemented for DT_INT32");
    }
    for (auto p : {l1ref::Profile::kAscend910B, l1ref::Profile::kAscend910_93}) {
        aclcpu_test::ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        Dev s4(Zeros(4), at::kFloat, {4});
        Dev sd32({1.0}, at::kInt, {1});
        Dev sd({1.0}, at::kLong, {1});
        EXPECT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return uni(s4.t, sd32.t, sd.t)(ws, ex); },
                            aclnnInplaceUniformTensor),
                  0)
            << LastError();
    }
}

// ================================================================================ InplaceNormal

// mean and standard deviation on 100000 FLOAT draws (standard errors 0.0063 and 0.0045; bounds 8 and 11 of them);
// std 0 writes mean everywhere.
TEST(ReferenceMathRandomNormal, StatisticsAndZeroStd) {
    Dev self(Zeros(kN), at::kFloat, {kN});
    ASSERT_EQ(Normal(self.t, 0.5f, 2.0f, 9, 0), 0) << LastError();
    const at::Tensor v = self.Storage();
    EXPECT_NEAR(Mean(v), 0.5, 0.05);
    EXPECT_NEAR(Std(v), 2.0, 0.05);
    // about 68.3% within one deviation (standard error 0.0015)
    const double inside = ((v - 0.5).abs() < 2.0).to(at::kDouble).mean().item<double>();
    EXPECT_NEAR(inside, 0.6827, 0.01);
    Dev flat(Zeros(16), at::kFloat, {16});
    ASSERT_EQ(Normal(flat.t, -3.25f, 0.0f, 9, 0), 0) << LastError();
    EXPECT_TRUE(at::equal(flat.Storage(), at::full({16}, -3.25, at::kDouble)));
}

TEST(ReferenceMathRandomNormal, ReproducibleAndDistinctStreams) {
    Dev a(Zeros(32), at::kFloat, {32});
    Dev b(Zeros(64), at::kFloat, {32}, {2}, 1);  // every other element, offset 1
    Dev c(Zeros(32), at::kFloat, {32});
    ASSERT_EQ(Normal(a.t, 0, 1, 77, 4), 0) << LastError();
    ASSERT_EQ(Normal(b.t, 0, 1, 77, 4), 0) << LastError();
    ASSERT_EQ(Normal(c.t, 0, 1, 77, 8), 0) << LastError();
    const at::Tensor vb = b.Storage().slice(0, 1, 64, 2);
    EXPECT_TRUE(at::equal(a.Storage(), vb));
    EXPECT_FALSE(at::equal(a.Storage(), c.Storage()));
    // untouched elements of the strided storage stay 0
    EXPECT_TRUE(at::equal(b.Storage().slice(0, 0, 64, 2), at::zeros({32}, at::kDouble)));
}

// NormalTensor: seedTensor[0] and offsetTensor[0] + offset - the scalar form's bits.
TEST(ReferenceMathRandomNormal, TensorFormReadsSeedAndOffset) {
    Dev seed({-5.0}, at::kLong, {1});
    Dev off({12.0}, at::kLong, {1});
    Dev a(Zeros(128), at::kHalf, {128});
    Dev b(Zeros(128), at::kHalf, {128});
    ASSERT_EQ(NormalTensor(a.t, 1.0f, 0.5f, seed.t, off.t, 4), 0) << LastError();
    ASSERT_EQ(Normal(b.t, 1.0f, 0.5f, -5, 16), 0) << LastError();
    EXPECT_TRUE(at::equal(a.Storage(), b.Storage()));
}

TEST(ReferenceMathRandomNormal, ChecksInCannOrder) {
    Dev self(Zeros(4), at::kFloat, {4});
    Dev cplx(Zeros(4), at::kComplexFloat, {4});
    Dev bf16(Zeros(4), at::kBFloat16, {4});
    Dev seed({1.0}, at::kLong, {1});
    Dev seed32({1.0}, at::kInt, {1});
    Dev seed2({1.0, 2.0}, at::kLong, {2});
    auto nrm = [](aclTensor* s, float std) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceNormalGetWorkspaceSize(s, 0, std, 0, 0, ws, ex); };
    };
    EXPECT_EQ(aclnnInplaceNormalGetWorkspaceSize(nullptr, 0, 1, 0, 0, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    ExpectFails(nrm(nullptr, 1), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclTensor] for argument [self] but instead found nullptr.");
    ExpectFails(nrm(self.t, -1), ACLNN_ERR_PARAM_INVALID, "Normal expects std >= 0.0, but found std [-1.000000].");
    ExpectFails(nrm(cplx.t, -1), ACLNN_ERR_PARAM_INVALID, "Normal expects std >= 0.0");  // std before the dtype
    ExpectFails(nrm(cplx.t, 1), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_COMPLEX64");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        ExpectFails(nrm(bf16.t, 1), ACLNN_ERR_PARAM_INVALID, "Self dtype DT_BF16 not support in current soc version.");
        ExpectFails(nrm(cplx.t, 1), ACLNN_ERR_PARAM_INVALID,
                    "should be in dtype support list [DT_FLOAT16, DT_FLOAT, DT_DOUBLE, DT_INT16, DT_INT32, DT_INT64, "
                    "DT_INT8, DT_UINT8, DT_BOOL].");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev b(Zeros(4), at::kBFloat16, {4});
        EXPECT_EQ(Normal(b.t, 0, 1, 0, 0), 0) << LastError();
    }
    auto nt = [](aclTensor* s, const aclTensor* sd, const aclTensor* of) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnInplaceNormalTensorGetWorkspaceSize(s, 0, 1, sd, of, 0, ws, ex);
        };
    };
    ExpectFails(nt(self.t, nullptr, seed.t), ACLNN_ERR_PARAM_NULLPTR, "argument [seedTensor]");
    ExpectFails(nt(self.t, seed.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument [offsetTensor]");
    ExpectFails(nt(self.t, seed32.t, seed.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor seedTensor expected dtype is DT_INT64 but found DT_INT32.");
    ExpectFails(nt(self.t, seed.t, seed32.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor offsetTensor expected dtype is DT_INT64 but found DT_INT32.");
    ExpectFails(nt(self.t, seed2.t, seed.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for seedTensor to have same size as [1], but got [2].");
    ExpectFails(nt(cplx.t, seed2.t, seed.t), ACLNN_ERR_PARAM_INVALID, "seedTensor");  // before selfRef's dtype
    ExpectFails(nt(self.t, seed.t, seed2.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for offsetTensor to have same size as [1], but got [2].");
}

// ================================================================================ Normal (out of place)

// out = mean + std * z: FloatFloat(m, s) is m + s * FloatFloat(0, 1) of the same (seed, offset), in float32.
TEST(ReferenceMathRandomNormalOut, FloatFloatIsMeanPlusStdTimesZ) {
    Dev z(Zeros(256), at::kFloat, {256});
    Dev y(Zeros(256), at::kFloat, {256});
    ASSERT_EQ(NormalFF(0.0f, 1.0f, 31, 8, z.t), 0) << LastError();
    ASSERT_EQ(NormalFF(-2.0f, 3.0f, 31, 8, y.t), 0) << LastError();
    const at::Tensor zf = z.Storage().to(at::kFloat);
    const at::Tensor want = (zf * 3.0f + -2.0f).to(at::kDouble);
    EXPECT_TRUE(at::allclose(y.Storage(), want, 1e-6, 1e-6));
    Dev big(Zeros(kN), at::kFloat, {kN});
    ASSERT_EQ(NormalFF(4.0f, 0.25f, 1, 0, big.t), 0) << LastError();
    EXPECT_NEAR(Mean(big.Storage()), 4.0, 0.01);  // standard error 0.0008
    EXPECT_NEAR(Std(big.Storage()), 0.25, 0.01);  // standard error 0.0006
}

// TensorTensor: mean a [50000, 2] view of two values (row stride 0) and std [2] broadcast to it: each column its
// own mean and deviation (standard errors below 0.014; bounds at least 7 of them). TensorFloat / FloatTensor: the
// same z as FloatFloat(0, 1).
TEST(ReferenceMathRandomNormalOut, TensorFormsBroadcastPerColumn) {
    const int64_t rows = 50000;
    Dev mean({-10.0, 10.0}, at::kFloat, {rows, 2}, {0, 1});
    Dev stdv({0.5, 3.0}, at::kFloat, {2});
    Dev out(Zeros(rows * 2), at::kFloat, {rows, 2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnNormalTensorTensorGetWorkspaceSize(mean.t, stdv.t, 2, 0, out.t, ws, ex);
              },
                        aclnnNormalTensorTensor),
              0)
        << LastError();
    const at::Tensor v = out.Storage().view({rows, 2});
    EXPECT_NEAR(Mean(v.select(1, 0)), -10.0, 0.02);
    EXPECT_NEAR(Std(v.select(1, 0)), 0.5, 0.02);
    EXPECT_NEAR(Mean(v.select(1, 1)), 10.0, 0.1);
    EXPECT_NEAR(Std(v.select(1, 1)), 3.0, 0.1);
    // TensorFloat (mean tensor, std 1) and FloatTensor (mean 0, std tensor) on the same z as FloatFloat(0, 1)
    Dev z(Zeros(8), at::kFloat, {2, 4});
    ASSERT_EQ(NormalFF(0, 1, 6, 0, z.t), 0) << LastError();
    Dev m4({1.0, 2.0, 3.0, 4.0}, at::kFloat, {4});
    Dev tf(Zeros(8), at::kFloat, {2, 4});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnNormalTensorFloatGetWorkspaceSize(m4.t, 1.0f, 6, 0, tf.t, ws, ex);
              },
                        aclnnNormalTensorFloat),
              0)
        << LastError();
    const at::Tensor zf = z.Storage().to(at::kFloat).view({2, 4});
    EXPECT_TRUE(at::allclose(tf.Storage().view({2, 4}), (zf + at::arange(1, 5, at::kFloat)).to(at::kDouble)));
    Dev s8({1, 2, 3, 4, 5, 6, 7, 8}, at::kFloat, {2, 4});
    Dev ft(Zeros(8), at::kFloat, {2, 4});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnNormalFloatTensorGetWorkspaceSize(0.0f, s8.t, 6, 0, ft.t, ws, ex);
              },
                        aclnnNormalFloatTensor),
              0)
        << LastError();
    EXPECT_TRUE(at::allclose(ft.Storage().view({2, 4}), (zf * at::arange(1, 9, at::kFloat).view({2, 4})).to(at::kDouble)));
}

TEST(ReferenceMathRandomNormalOut, Checks) {
    Dev m2(Zeros(2), at::kFloat, {2});
    Dev m3(Zeros(3), at::kFloat, {3});
    Dev i2(Zeros(2), at::kInt, {2});
    Dev out2(Zeros(2), at::kFloat, {2});
    Dev out4(Zeros(4), at::kFloat, {4});
    Dev empty(Zeros(0), at::kFloat, {0});
    auto tt = [](const aclTensor* m, const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnNormalTensorTensorGetWorkspaceSize(m, s, 0, 0, o, ws, ex); };
    };
    ExpectFails(tt(nullptr, m2.t, out2.t), ACLNN_ERR_PARAM_NULLPTR, "argument [mean]");
    ExpectFails(tt(m2.t, nullptr, out2.t), ACLNN_ERR_PARAM_NULLPTR, "argument [std]");
    ExpectFails(tt(m2.t, m2.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument [out]");
    ExpectFails(tt(m2.t, m3.t, out2.t), ACLNN_ERR_PARAM_INVALID, "The size of tensor mean [2] must match the size of tensor std [3].");
    ExpectFails(tt(m2.t, m2.t, out4.t), ACLNN_ERR_PARAM_INVALID, "Shape of out should be [2], but current is [4].");
    ExpectFails(tt(i2.t, m2.t, out2.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor mean not implemented for DT_INT32, should be in dtype support list [DT_BF16, DT_FLOAT16, DT_FLOAT, DT_DOUBLE].");
    ExpectFails(tt(m2.t, m2.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "out");
    auto ft = [](const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnNormalFloatTensorGetWorkspaceSize(0, s, 0, 0, o, ws, ex); };
    };
    ExpectFails(ft(empty.t, out2.t), ACLNN_ERR_PARAM_INVALID, "The std can not be an empty tensor.");
    ExpectFails(ft(m3.t, out2.t), ACLNN_ERR_PARAM_INVALID, "Shape of std should be match with out.");
    ExpectFails(ft(i2.t, out2.t), ACLNN_ERR_PARAM_INVALID, "Tensor std not implemented for DT_INT32");
    auto tf = [](const aclTensor* m, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnNormalTensorFloatGetWorkspaceSize(m, 1, 0, 0, o, ws, ex); };
    };
    ExpectFails(tf(m3.t, out2.t), ACLNN_ERR_PARAM_INVALID, "The size of tensor mean [3] must match the size of tensor out [2].");
    ExpectFails(tf(m2.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument [out]");
    auto ff = [](aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnNormalFloatFloatGetWorkspaceSize(0, 1, 0, 0, o, ws, ex); };
    };
    Dev iout(Zeros(2), at::kInt, {2});
    ExpectFails(ff(iout.t), ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_INT32");
    ExpectFails(ff(nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument [out]");
}

// ================================================================================ Bernoulli

// prob 0 and 1: exactly 0 and 1; prob 0.3: a mean of 0.3 on 100000 draws (standard error 0.0015; bound 0.01); the
// values only 0 or 1 in every output dtype; InplaceBernoulli the same bits as Bernoulli.
TEST(ReferenceMathRandomBernoulli, ExactEndsAndStatistics) {
    Dev self(Zeros(kN), at::kFloat, {kN});
    Dev out(Zeros(kN), at::kFloat, {kN});
    const float p0 = 0.0f, p1 = 1.0f, p3 = 0.3f;
    Scalar s0(p0), s1(p1), s3(p3);
    ASSERT_EQ(Bernoulli(self.t, s0.s, 1, 0, out.t), 0) << LastError();
    EXPECT_TRUE(at::equal(out.Storage(), at::zeros({kN}, at::kDouble)));
    ASSERT_EQ(Bernoulli(self.t, s1.s, 1, 0, out.t), 0) << LastError();
    EXPECT_TRUE(at::equal(out.Storage(), at::ones({kN}, at::kDouble)));
    ASSERT_EQ(Bernoulli(self.t, s3.s, 1, 0, out.t), 0) << LastError();
    const at::Tensor v = out.Storage();
    EXPECT_TRUE(at::equal(v, (v > 0.5).to(at::kDouble)));
    EXPECT_NEAR(Mean(v), 0.3, 0.01);
    // INT32 and BOOL outputs: 0 / 1; the in-place form: the same bits for the same (seed, offset)
    Dev iself(Zeros(64), at::kInt, {64});
    Dev iout(Zeros(64), at::kInt, {64});
    ASSERT_EQ(Bernoulli(iself.t, s3.s, 4, 8, iout.t), 0) << LastError();
    EXPECT_TRUE(at::equal(iout.Storage(), (iout.Storage() > 0.5).to(at::kDouble)));
    Dev ref(Zeros(64), at::kInt, {64});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnInplaceBernoulliGetWorkspaceSize(ref.t, s3.s, 4, 8, ws, ex);
              },
                        aclnnInplaceBernoulli),
              0)
        << LastError();
    EXPECT_TRUE(at::equal(ref.Storage(), iout.Storage()));
    Dev other(Zeros(64), at::kInt, {64});
    ASSERT_EQ(Bernoulli(iself.t, s3.s, 4, 12, other.t), 0) << LastError();
    EXPECT_FALSE(at::equal(other.Storage(), iout.Storage()));
}

// BernoulliTensor: prob [2] = {0, 1} broadcast over [500, 2]: column 0 all 0, column 1 all 1; prob {0.25, 0.75}:
// column means (standard error 0.0019 on 50000 rows; bound 0.015).
TEST(ReferenceMathRandomBernoulli, TensorProbBroadcast) {
    Dev self(Zeros(1000), at::kHalf, {500, 2});
    Dev out(Zeros(1000), at::kHalf, {500, 2});
    Dev prob({0.0, 1.0}, at::kFloat, {2});
    auto bt = [&](const aclTensor* s, const aclTensor* p, aclTensor* o) {
        return RunPhases(
            [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnBernoulliTensorGetWorkspaceSize(s, p, 3, 0, o, ws, ex); },
            aclnnBernoulliTensor);
    };
    ASSERT_EQ(bt(self.t, prob.t, out.t), 0) << LastError();
    const at::Tensor v = out.Storage().view({500, 2});
    EXPECT_TRUE(at::equal(v.select(1, 0), at::zeros({500}, at::kDouble)));
    EXPECT_TRUE(at::equal(v.select(1, 1), at::ones({500}, at::kDouble)));
    const int64_t rows = 50000;
    Dev bself(Zeros(rows * 2), at::kFloat, {rows, 2});
    Dev bout(Zeros(rows * 2), at::kFloat, {rows, 2});
    Dev q({0.25, 0.75}, at::kDouble, {2});
    ASSERT_EQ(bt(bself.t, q.t, bout.t), 0) << LastError();
    const at::Tensor w = bout.Storage().view({rows, 2});
    EXPECT_NEAR(Mean(w.select(1, 0)), 0.25, 0.015);
    EXPECT_NEAR(Mean(w.select(1, 1)), 0.75, 0.015);
}

TEST(ReferenceMathRandomBernoulli, ChecksPerProduct) {
    Dev self(Zeros(4), at::kFloat, {4});
    Dev out(Zeros(4), at::kFloat, {4});
    Dev hout(Zeros(4), at::kHalf, {4});
    Dev out3(Zeros(3), at::kFloat, {3});
    Dev bf16(Zeros(4), at::kBFloat16, {4});
    Dev u16(Zeros(4), at::kShort, {4}, {}, 0, ACL_UINT16);
    Dev nz(Zeros(4), at::kFloat, {4}, {}, 0, ACL_FORMAT_FRACTAL_NZ);
    const float half = 0.5f, big = 1.5f;
    const int32_t ip = 1;
    Scalar p(half), pbig(big), pint(&ip, ACL_INT32);
    auto be = [](const aclTensor* s, const aclScalar* pr, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnBernoulliGetWorkspaceSize(s, pr, 0, 0, o, ws, ex); };
    };
    EXPECT_EQ(aclnnBernoulliGetWorkspaceSize(self.t, p.s, 0, 0, out.t, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    ExpectFails(be(nullptr, p.s, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument [self]");
    ExpectFails(be(self.t, nullptr, out.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclScalar] for argument [prob] but instead found nullptr.");
    ExpectFails(be(self.t, p.s, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument [out]");
    ExpectFails(be(self.t, pint.s, out.t), ACLNN_ERR_PARAM_INVALID, "Tensor prob not implemented for DT_INT32");
    ExpectFails(be(self.t, p.s, hout.t), ACLNN_ERR_PARAM_INVALID, "Tensor self expected dtype is DT_FLOAT16 but found DT_FLOAT.");
    ExpectFails(be(self.t, pbig.s, out.t), ACLNN_ERR_PARAM_INVALID, "prob should be in range 0<=prob<=1 .");
    ExpectFails(be(self.t, p.s, out3.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [4] does not equal [3].");
    Dev nzout(Zeros(4), at::kFloat, {4});
    ExpectFails(be(nz.t, p.s, nzout.t), ACLNN_ERR_PARAM_INVALID, "self [FRACTAL_NZ]");
    {   // Ascend 950: UINT16 passes CANN's list, then the reference tier refuses it (no ATen type); Atlas A2: the list
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        Dev u(Zeros(4), at::kShort, {4}, {}, 0, ACL_UINT16);
        Dev uo(Zeros(4), at::kShort, {4}, {}, 0, ACL_UINT16);
        ExpectFails(be(u.t, p.s, uo.t), ACLNN_ERR_PARAM_INVALID,
                    "self of dtype DT_UINT16 is not implemented at the reference tier");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        ExpectFails(be(u16.t, p.s, u16.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_UINT16");
        Dev b(Zeros(4), at::kBFloat16, {4});
        Dev bo(Zeros(4), at::kBFloat16, {4});
        EXPECT_EQ(Bernoulli(b.t, p.s, 0, 0, bo.t), 0) << LastError();
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        ExpectFails(be(bf16.t, p.s, bf16.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_BF16, should be in dtype support list [DT_FLOAT, DT_INT32, DT_INT64, "
                    "DT_FLOAT16, DT_INT16, DT_INT8, DT_UINT8, DT_DOUBLE, DT_BOOL].");
    }
    {   // Ascend310P: the op_api's empty list refuses every dtype
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        ExpectFails(be(self.t, p.s, out.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_FLOAT, should be in dtype support list [].");
    }
    // BernoulliTensor: prob's own list and dims
    Dev iprob(Zeros(4), at::kInt, {4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnBernoulliTensorGetWorkspaceSize(self.t, iprob.t, 0, 0, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor prob not implemented for DT_INT32");
}

// ================================================================================ InplaceRandom

int RandomInts(aclTensor* self, int64_t from, int64_t to, int64_t seed, int64_t offset) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnInplaceRandomGetWorkspaceSize(self, from, to, seed, offset, ws, ex);
        },
        aclnnInplaceRandom);
}

// integers in [from, to): every value of a small range drawn, the mean of a large one (standard error 0.18 on
// 100000 draws in [-500, 500); bound 1.5); FLOAT holds integers too; BOOL draws both values of [0, 2).
TEST(ReferenceMathRandomRandom, IntegersInRange) {
    Dev ints(Zeros(1000), at::kInt, {1000});
    ASSERT_EQ(RandomInts(ints.t, -3, 4, 5, 0), 0) << LastError();
    const at::Tensor v = ints.Storage();
    EXPECT_EQ(v.min().item<double>(), -3.0);
    EXPECT_EQ(v.max().item<double>(), 3.0);
    EXPECT_EQ(std::get<0>(at::_unique(v)).size(0), 7);
    Dev big(Zeros(kN), at::kFloat, {kN});
    ASSERT_EQ(RandomInts(big.t, -500, 500, 6, 0), 0) << LastError();
    const at::Tensor b = big.Storage();
    EXPECT_TRUE(at::equal(b, b.floor()));
    EXPECT_GE(b.min().item<double>(), -500.0);
    EXPECT_LE(b.max().item<double>(), 499.0);
    EXPECT_NEAR(Mean(b), -0.5, 1.5);
    Dev flags(Zeros(64), at::kBool, {64});
    ASSERT_EQ(RandomInts(flags.t, 0, 2, 1, 0), 0) << LastError();
    const double ones = flags.Storage().sum().item<double>();
    EXPECT_GT(ones, 10.0);
    EXPECT_LT(ones, 54.0);
    // reproducible; another offset differs
    Dev again(Zeros(1000), at::kInt, {1000});
    ASSERT_EQ(RandomInts(again.t, -3, 4, 5, 0), 0) << LastError();
    EXPECT_TRUE(at::equal(again.Storage(), v));
    ASSERT_EQ(RandomInts(again.t, -3, 4, 5, 4), 0) << LastError();
    EXPECT_FALSE(at::equal(again.Storage(), v));
}

TEST(ReferenceMathRandomRandom, TensorFormAndChecks) {
    Dev seed({9.0}, at::kLong, {1});
    Dev off({3.0}, at::kLong, {1});
    Dev seed32({9.0}, at::kInt, {1});
    Dev a(Zeros(100), at::kLong, {100});
    Dev b(Zeros(100), at::kLong, {100});
    auto rt = [](aclTensor* s, const aclTensor* sd, const aclTensor* of, int64_t offset) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnInplaceRandomTensorGetWorkspaceSize(s, 0, 1000, sd, of, offset, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(rt(a.t, seed.t, off.t, 5), aclnnInplaceRandomTensor), 0) << LastError();
    ASSERT_EQ(RandomInts(b.t, 0, 1000, 9, 8), 0) << LastError();
    EXPECT_TRUE(at::equal(a.Storage(), b.Storage()));
    Dev cplx(Zeros(4), at::kComplexFloat, {4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceRandomGetWorkspaceSize(nullptr, 0, 1, 0, 0, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "argument [selfRef]");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceRandomGetWorkspaceSize(a.t, 5, 5, 0, 0, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "from 5 must be less than to 5.");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceRandomGetWorkspaceSize(cplx.t, 0, 1, 0, 0, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID, "Tensor selfRef not implemented for DT_COMPLEX64");
        ExpectFails(rt(a.t, seed32.t, off.t, 0), ACLNN_ERR_INNER_NULLPTR, "Random seedTensor dtype must be DT_INT64, got DT_INT32.");
        ExpectFails(rt(a.t, seed.t, nullptr, 0), ACLNN_ERR_PARAM_NULLPTR, "argument [offsetTensor]");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceRandomGetWorkspaceSize(cplx.t, 1, 0, 0, 0, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID, "from 1 must be less than to 0.");  // COMPLEX64 in this list
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev a2(Zeros(100), at::kLong, {100});
        Dev sd32({9.0}, at::kInt, {1});
        Dev of({3.0}, at::kLong, {1});
        EXPECT_EQ(RunPhases(rt(a2.t, sd32.t, of.t, 0), aclnnInplaceRandomTensor), 0) << LastError();
    }
}

// ================================================================================ Dropout

/// The keep bit of element i of a mask's bytes (LSB first), computed here from the bytes.
int Bit(const std::vector<double>& bytes, int64_t i) { return (static_cast<int>(bytes[i / 8]) >> (i % 8)) & 1; }

int GenMask(std::vector<int64_t> shape, double p, int64_t seed, int64_t offset, aclTensor* out) {
    aclIntArray* arr = aclCreateIntArray(shape.data(), shape.size());
    const int st = RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnDropoutGenMaskGetWorkspaceSize(arr, p, seed, offset, out, ws, ex); },
        aclnnDropoutGenMask);
    aclDestroyIntArray(arr);
    return st;
}
int DoMask(const aclTensor* self, const aclTensor* mask, double p, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnDropoutDoMaskGetWorkspaceSize(self, mask, p, out, ws, ex); },
        aclnnDropoutDoMask);
}

// The mask's size rule and bit statistics: 100000 elements -> 782 blocks of 128 bits = 12512 bytes; the kept
// fraction 1 - p (standard error 0.0014; bound 0.01); p 0 -> 0xFF bytes, p 1 -> 0 bytes.
TEST(ReferenceMathRandomDropout, GenMaskSizeAndStatistics) {
    Dev mask(Zeros(12512), at::kByte, {12512});
    ASSERT_EQ(GenMask({100, 1000}, 0.3, 21, 0, mask.t), 0) << LastError();
    const std::vector<double> bytes = mask.Values();
    int64_t kept = 0;
    for (int64_t i = 0; i < kN; ++i) kept += Bit(bytes, i);
    EXPECT_NEAR(static_cast<double>(kept) / kN, 0.7, 0.01);
    Dev all(Zeros(16), at::kByte, {16});
    ASSERT_EQ(GenMask({20}, 0.0, 1, 0, all.t), 0) << LastError();
    EXPECT_TRUE(at::equal(all.Storage(), at::full({16}, 255.0, at::kDouble)));
    ASSERT_EQ(GenMask({20}, 1.0, 1, 0, all.t), 0) << LastError();
    EXPECT_TRUE(at::equal(all.Storage(), at::zeros({16}, at::kDouble)));
    // reproducible; another offset differs
    Dev a(Zeros(32), at::kByte, {32});
    Dev b(Zeros(32), at::kByte, {32});
    ASSERT_EQ(GenMask({200}, 0.5, 3, 0, a.t), 0) << LastError();
    ASSERT_EQ(GenMask({200}, 0.5, 3, 0, b.t), 0) << LastError();
    EXPECT_TRUE(at::equal(a.Storage(), b.Storage()));
    ASSERT_EQ(GenMask({200}, 0.5, 3, 4, b.t), 0) << LastError();
    EXPECT_FALSE(at::equal(a.Storage(), b.Storage()));
}

// GenMask -> DoMask round trip, the bits read here LSB first: out[i] = x[i] * (1 / 0.75f) where bit i is 1, else 0;
// aclnnDropout with the same (p, seed, offset) writes the same mask and the same out; DropoutBackward with
// scale 2 equals DoMask with p 0.5.
TEST(ReferenceMathRandomDropout, MaskLayoutRoundTrip) {
    const int64_t n = 200;
    std::vector<double> xs;
    for (int64_t i = 0; i < n; ++i) xs.push_back(0.5 * static_cast<double>(i % 17) - 3.0);
    Dev x(xs, at::kFloat, {4, 50});
    Dev mask(Zeros(32), at::kByte, {32});
    ASSERT_EQ(GenMask({4, 50}, 0.25, 17, 8, mask.t), 0) << LastError();
    Dev out(Zeros(n), at::kFloat, {4, 50});
    ASSERT_EQ(DoMask(x.t, mask.t, 0.25, out.t), 0) << LastError();
    const std::vector<double> bytes = mask.Values();
    const std::vector<double> got = out.Values();
    const float r = 1.0f / 0.75f;
    int64_t kept = 0;
    for (int64_t i = 0; i < n; ++i) {
        const double want = Bit(bytes, i) ? static_cast<double>(static_cast<float>(xs[i]) * r) : 0.0;
        ASSERT_EQ(got[i], want) << "element " << i;
        kept += Bit(bytes, i);
    }
    EXPECT_GT(kept, 100);
    EXPECT_LT(kept, 200);
    // aclnnDropout: the same mask and out
    Dev dout(Zeros(n), at::kFloat, {4, 50});
    Dev dmask(Zeros(32), at::kByte, {32});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnDropoutGetWorkspaceSize(x.t, 0.25, true, 17, 8, dout.t, dmask.t, ws, ex);
              },
                        aclnnDropout),
              0)
        << LastError();
    EXPECT_TRUE(at::equal(dmask.Storage(), mask.Storage()));
    EXPECT_TRUE(at::equal(dout.Storage(), out.Storage()));
    // DropoutBackward(scale 2) == DoMask(p 0.5)
    Dev g1(Zeros(n), at::kFloat, {4, 50});
    Dev g2(Zeros(n), at::kFloat, {4, 50});
    ASSERT_EQ(DoMask(x.t, mask.t, 0.5, g1.t), 0) << LastError();
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnDropoutBackwardGetWorkspaceSize(x.t, mask.t, 2.0, g2.t, ws, ex);
              },
                        aclnnDropoutBackward),
              0)
        << LastError();
    EXPECT_TRUE(at::equal(g1.Storage(), g2.Storage()));
    const std::vector<double> g = g1.Values();
    for (int64_t i = 0; i < n; ++i) ASSERT_EQ(g[i], Bit(bytes, i) ? xs[i] * 2.0 : 0.0) << "element " << i;
}

// DoMask's ends: p 0 -> self, p 1 -> zeros (whatever the mask); aclnnDropout with train false: out = input and
// maskOut untouched; FLOAT16: keep rounded to FLOAT16 first (1 - 0.1 -> 0.89990234), the reciprocal in float32.
TEST(ReferenceMathRandomDropout, EndsAndHalfKeep) {
    std::vector<double> xs = {1.0, -2.0, 3.5, 0.25, 8.0, -0.5, 2.0};
    Dev x(xs, at::kFloat, {7});
    Dev mask(std::vector<double>(16, 0.0), at::kByte, {16});
    Dev out(Zeros(7), at::kFloat, {7});
    ASSERT_EQ(DoMask(x.t, mask.t, 0.0, out.t), 0) << LastError();
    EXPECT_TRUE(at::equal(out.Storage(), at::tensor(xs, at::kDouble)));
    Dev ones(std::vector<double>(16, 255.0), at::kByte, {16});
    ASSERT_EQ(DoMask(x.t, ones.t, 1.0, out.t), 0) << LastError();
    EXPECT_TRUE(at::equal(out.Storage(), at::zeros({7}, at::kDouble)));
    Dev hx(xs, at::kHalf, {7});
    Dev hout(Zeros(7), at::kFloat, {7});
    ASSERT_EQ(DoMask(hx.t, ones.t, 0.1, hout.t), 0) << LastError();
    const float keep = static_cast<float>(at::scalar_tensor(0.9f, at::kFloat).to(at::kHalf).item<float>());
    const float r = 1.0f / keep;
    for (size_t i = 0; i < xs.size(); ++i) {
        const double want = at::scalar_tensor(static_cast<float>(xs[i]) * r, at::kFloat).to(at::kHalf).item<double>();
        EXPECT_EQ(hout.Values()[i], want) << i;
    }
    Dev dout(Zeros(7), at::kFloat, {7});
    Dev dmask(std::vector<double>(16, 171.0), at::kByte, {16});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnDropoutGetWorkspaceSize(x.t, 0.5, false, 1, 0, dout.t, dmask.t, ws, ex);
              },
                        aclnnDropout),
              0)
        << LastError();
    EXPECT_TRUE(at::equal(dout.Storage(), at::tensor(xs, at::kDouble)));
    EXPECT_TRUE(at::equal(dmask.Storage(), at::full({16}, 171.0, at::kDouble)));
}

// DropoutV3: out = x / 0.7f where the mask bit (LSB first) is 1, else 0; kept fraction near 0.7 over 100000 elements
// (standard error 0.0014; bound 0.01); the padding bits 0; V3Grad with the mask and scale 1 / 0.7 gives out back;
// V3Grad refused outside the Ascend 950.
TEST(ReferenceMathRandomDropout, V3AndV3Grad) {
    std::vector<double> xs;
    for (int64_t i = 0; i < kN; ++i) xs.push_back(0.25 * static_cast<double>(i % 9) - 1.0);
    Dev x(xs, at::kFloat, {kN});
    Dev out(Zeros(kN), at::kFloat, {kN});
    Dev mask(Zeros(12512), at::kByte, {12512});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnDropoutV3GetWorkspaceSize(x.t, nullptr, 0.3, 4, 0, out.t, mask.t, ws, ex);
              },
                        aclnnDropoutV3),
              0)
        << LastError();
    const std::vector<double> bytes = mask.Values();
    const std::vector<double> got = out.Values();
    const float r = 1.0f / 0.7f;
    int64_t kept = 0;
    for (int64_t i = 0; i < kN; ++i) {
        const int b = Bit(bytes, i);
        ASSERT_EQ(got[i], b ? static_cast<double>(static_cast<float>(xs[i]) * r) : 0.0) << i;
        kept += b;
    }
    EXPECT_NEAR(static_cast<double>(kept) / kN, 0.7, 0.01);
    for (int64_t i = kN; i < 12512 * 8; ++i) ASSERT_EQ(Bit(bytes, i), 0) << "padding bit " << i;
    Dev g(Zeros(kN), at::kFloat, {kN});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnDropoutV3GradGetWorkspaceSize(x.t, mask.t, 1.0 / 0.7, g.t, ws, ex);
              },
                        aclnnDropoutV3Grad),
              0)
        << LastError();
    const std::vector<double> gv = g.Values();
    for (int64_t i = 0; i < kN; ++i) {
        ASSERT_EQ(gv[i], Bit(bytes, i) ? static_cast<double>(static_cast<float>(xs[i]) * static_cast<float>(1.0 / 0.7)) : 0.0) << i;
    }
    // p 0: out = x, the mask 0xFF
    Dev m16(Zeros(16), at::kByte, {16});
    Dev x7(Zeros(7), at::kFloat, {7});
    Dev o7(Zeros(7), at::kFloat, {7});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnDropoutV3GetWorkspaceSize(x7.t, nullptr, 0.0, 0, 0, o7.t, m16.t, ws, ex);
              },
                        aclnnDropoutV3),
              0)
        << LastError();
    EXPECT_TRUE(at::equal(m16.Storage(), at::full({16}, 255.0, at::kDouble)));
    // checks
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnDropoutV3GetWorkspaceSize(x7.t, x7.t, 0.5, 0, 0, o7.t, m16.t, ws, ex);
    },
                ACLNN_ERR_PARAM_INVALID, "currently, the input of noise_shape must be nullptr, please check.");
    Dev m32(Zeros(32), at::kByte, {32});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnDropoutV3GradGetWorkspaceSize(x7.t, m32.t, 2.0, o7.t, ws, ex);
    },
                ACLNN_ERR_PARAM_INVALID, "Size of mask has to be 16, but current is 32.");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnDropoutV3GradGetWorkspaceSize(nullptr, m16.t, 2.0, o7.t, ws, ex);
        },
                    ACLNN_ERR_PARAM_INVALID, "aclnnDropoutV3Grad is not supported in current socversion.");
    }
}

TEST(ReferenceMathRandomDropout, Checks) {
    Dev x(Zeros(20), at::kFloat, {20});
    Dev out(Zeros(20), at::kFloat, {20});
    Dev iout(Zeros(20), at::kInt, {20});
    Dev m16(Zeros(16), at::kByte, {16});
    Dev m8(Zeros(8), at::kByte, {8});
    Dev i8(Zeros(16), at::kChar, {16});
    Dev bf(Zeros(20), at::kBFloat16, {20});
    Dev bfout(Zeros(20), at::kBFloat16, {20});
    Dev empty(Zeros(0), at::kFloat, {0});
    auto dm = [](const aclTensor* s, const aclTensor* m, double p, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnDropoutDoMaskGetWorkspaceSize(s, m, p, o, ws, ex); };
    };
    ExpectFails(dm(nullptr, m16.t, 0.5, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument [self]");
    ExpectFails(dm(x.t, nullptr, 0.5, out.t), ACLNN_ERR_PARAM_NULLPTR, "argument [mask]");
    ExpectFails(dm(x.t, m16.t, 0.5, iout.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    ExpectFails(dm(x.t, i8.t, 0.5, out.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor mask not implemented for DT_INT8, should be in dtype support list [DT_UINT8].");
    ExpectFails(dm(x.t, m16.t, 1.5, out.t), ACLNN_ERR_PARAM_INVALID,
                "The value of prob has to be between 0 and 1, but current is 1.500000.");
    ExpectFails(dm(x.t, m8.t, 0.5, out.t), ACLNN_ERR_PARAM_INVALID, "Size of mask has to be 16, but current is 8.");
    // an empty self returns before the dtype checks
    EXPECT_EQ(RunPhases(dm(empty.t, i8.t, 3.0, iout.t), aclnnDropoutDoMask), 0) << LastError();
    auto gm = [](aclIntArray* shape, double p, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnDropoutGenMaskGetWorkspaceSize(shape, p, 0, 0, o, ws, ex); };
    };
    const int64_t dims[1] = {200};
    aclIntArray* shape = aclCreateIntArray(dims, 1);
    ExpectFails(gm(nullptr, 0.5, m16.t), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a value of type [aclIntArray] for argument [input] but instead found nullptr.");
    ExpectFails(gm(shape, 0.5, i8.t), ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_INT8");
    ExpectFails(gm(shape, -0.1, m16.t), ACLNN_ERR_PARAM_INVALID, "The value of prob has to be between 0 and 1");
    ExpectFails(gm(shape, 0.5, m16.t), ACLNN_ERR_PARAM_INVALID, "Size of out has to be 32, but current is 16.");
    aclDestroyIntArray(shape);
    auto dr = [](const aclTensor* in, double p, aclTensor* o, aclTensor* m) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnDropoutGetWorkspaceSize(in, p, true, 0, 0, o, m, ws, ex); };
    };
    ExpectFails(dr(x.t, 0.5, out.t, nullptr), ACLNN_ERR_PARAM_NULLPTR, "argument [maskOut]");
    ExpectFails(dr(x.t, 2.0, out.t, m16.t), ACLNN_ERR_PARAM_INVALID, "The value of p has to be between 0 and 1, but current is 2.000000.");
    Dev m32(Zeros(32), at::kByte, {32});
    ExpectFails(dr(x.t, 0.5, out.t, m32.t), ACLNN_ERR_PARAM_INVALID, "Size of maskOut has to be 16, but current is 32.");
    {   // BF16: Atlas A2/A3 only (SocVersion test), not the Ascend 950
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        ExpectFails(dr(bf.t, 0.5, bfout.t, m16.t), ACLNN_ERR_PARAM_INVALID,
                    "Tensor input not implemented for DT_BF16, should be in dtype support list [DT_FLOAT, DT_FLOAT16].");
        Dev b(Zeros(20), at::kBFloat16, {20});
        Dev bo(Zeros(20), at::kBFloat16, {20});
        Dev m(Zeros(16), at::kByte, {16});
        EXPECT_EQ(DoMask(b.t, m.t, 0.5, bo.t), 0) << LastError();  // DoMask's NpuArch list has it
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev b(Zeros(20), at::kBFloat16, {20});
        Dev bo(Zeros(20), at::kBFloat16, {20});
        Dev m(Zeros(16), at::kByte, {16});
        EXPECT_EQ(RunPhases(dr(b.t, 0.5, bo.t, m.t), aclnnDropout), 0) << LastError();
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        ExpectFails(dm(bf.t, m16.t, 0.5, bfout.t), ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_BF16");
    }
    auto bw = [](const aclTensor* g, const aclTensor* m, double scale, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnDropoutBackwardGetWorkspaceSize(g, m, scale, o, ws, ex); };
    };
    ExpectFails(bw(x.t, m16.t, 0.5, out.t), ACLNN_ERR_PARAM_INVALID, "but got scale 0.500000.");
    ExpectFails(bw(x.t, m32.t, 2.0, out.t), ACLNN_ERR_PARAM_INVALID, "Size of maskOut has to be 16, but current is 32.");
    // scale 0: p = 1, zeros (tensors made after the profile switches, which reset the device's memory)
    Dev g(std::vector<double>(20, 1.5), at::kFloat, {20});
    Dev gmask(Zeros(16), at::kByte, {16});
    Dev go(std::vector<double>(20, 3.0), at::kFloat, {20});
    EXPECT_EQ(RunPhases(bw(g.t, gmask.t, 0.0, go.t), aclnnDropoutBackward), 0) << LastError();
    EXPECT_TRUE(at::equal(go.Storage(), at::zeros({20}, at::kDouble)));
}

// ================================================================================ Randperm

int Randperm(int64_t n, int64_t seed, int64_t offset, aclTensor* out) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnRandpermGetWorkspaceSize(n, seed, offset, out, ws, ex); },
        aclnnRandperm);
}

// a permutation of 0 .. n-1 (sorted: arange), not the identity, reproducible, another offset another permutation;
// each position's mean over 2000 draws of n = 10 near 4.5 (standard error 0.064; bound 0.45).
TEST(ReferenceMathRandomRandperm, PermutationAndChecks) {
    const int64_t n = 1000;
    Dev out(Zeros(n), at::kInt, {n});
    ASSERT_EQ(Randperm(n, 5, 0, out.t), 0) << LastError();
    const at::Tensor v = out.Storage();
    EXPECT_TRUE(at::equal(std::get<0>(v.sort()), at::arange(n, at::kDouble)));
    EXPECT_FALSE(at::equal(v, at::arange(n, at::kDouble)));
    Dev again(Zeros(n), at::kInt, {n});
    ASSERT_EQ(Randperm(n, 5, 0, again.t), 0) << LastError();
    EXPECT_TRUE(at::equal(again.Storage(), v));
    ASSERT_EQ(Randperm(n, 5, 4, again.t), 0) << LastError();
    EXPECT_FALSE(at::equal(again.Storage(), v));
    at::Tensor first = at::zeros({10}, at::kDouble);
    Dev small(Zeros(10), at::kLong, {10});
    for (int64_t k = 0; k < 2000; ++k) {
        ASSERT_EQ(Randperm(10, 1, 4 * k, small.t), 0) << LastError();
        first += small.Storage();
    }
    first /= 2000.0;
    EXPECT_LT((first - 4.5).abs().max().item<double>(), 0.45);
    // checks
    EXPECT_EQ(aclnnRandpermGetWorkspaceSize(4, 0, 0, out.t, nullptr, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnRandpermGetWorkspaceSize(4, 0, 0, nullptr, ws, ex); },
                ACLNN_ERR_INNER_NULLPTR, "argument [out]");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnRandpermGetWorkspaceSize(4, 0, 0, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Expected tensor for out to have same size as [4], but got [1000].");
    Dev boolean(Zeros(4), at::kBool, {4});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnRandpermGetWorkspaceSize(4, 0, 0, boolean.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_BOOL");
    Dev bf(Zeros(4), at::kBFloat16, {4});
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnRandpermGetWorkspaceSize(4, 0, 0, bf.t, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_BF16");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        Dev b(Zeros(4), at::kBFloat16, {4});
        ASSERT_EQ(Randperm(4, 2, 0, b.t), 0) << LastError();
        EXPECT_TRUE(at::equal(std::get<0>(b.Storage().sort()), at::arange(4, at::kDouble)));
    }
}

// ================================================================================ DropoutGenMaskV2 / V2Tensor

// V2 draws aclnnDropoutGenMask's mask for the same (seed, offset); V2Tensor reads them from device tensors (the
// offset: offsetTensor's last element plus offset)
TEST(ReferenceMathDropoutGenMaskV2, SameMaskAsV1) {
    std::vector<int64_t> shape = {300};
    aclIntArray* arr = aclCreateIntArray(shape.data(), shape.size());
    Dev v1(std::vector<double>(48, 0), at::kByte, {48});
    ASSERT_EQ(GenMask(shape, 0.4, 9, 12, v1.t), 0) << LastError();
    Dev v2(std::vector<double>(48, 0), at::kByte, {48});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnDropoutGenMaskV2GetWorkspaceSize(arr, 0.4, 9, 12, ACL_FLOAT16, v2.t, ws, ex);
              },
                        aclnnDropoutGenMaskV2),
              0)
        << LastError();
    EXPECT_EQ(v2.Values(), v1.Values());
    Dev seed({9}, at::kLong, {1});
    Dev off({0, 10}, at::kLong, {2});
    Dev v3(std::vector<double>(48, 0), at::kByte, {48});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnDropoutGenMaskV2TensorGetWorkspaceSize(arr, 0.4, seed.t, off.t, 2, ACL_FLOAT, v3.t, ws, ex);
              },
                        aclnnDropoutGenMaskV2Tensor),
              0)
        << LastError();
    EXPECT_EQ(v3.Values(), v1.Values());
    Dev small(std::vector<double>(16, 0), at::kByte, {16});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnDropoutGenMaskV2GetWorkspaceSize(arr, 0.4, 9, 12, ACL_FLOAT, small.t, ws, ex);
                },
                ACLNN_ERR_PARAM_INVALID, "Size of out has to be 48, but current is 16.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnDropoutGenMaskV2GetWorkspaceSize(arr, 1.5, 9, 12, ACL_FLOAT, v2.t, ws, ex);
                },
                ACLNN_ERR_PARAM_INVALID, "The value of prob has to be between 0 and 1");
    aclDestroyIntArray(arr);
}

// Atlas A2's CreateDropout: a probDataType other than FLOAT16, BF16, FLOAT (prob neither 0 nor 1)
TEST(ReferenceMathDropoutGenMaskV2, ProbDtypeOnAscend910B) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    std::vector<int64_t> shape = {10};
    aclIntArray* arr = aclCreateIntArray(shape.data(), shape.size());
    Dev out(std::vector<double>(16, 0), at::kByte, {16});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnDropoutGenMaskV2GetWorkspaceSize(arr, 0.5, 1, 0, ACL_INT32, out.t, ws, ex);
                },
                ACLNN_ERR_INNER_NULLPTR, "Scalar p not implemented for DT_INT32");
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnDropoutGenMaskV2GetWorkspaceSize(arr, 1.0, 1, 0, ACL_INT32, out.t, ws, ex);
              },
                        aclnnDropoutGenMaskV2),
              0)
        << LastError();
    EXPECT_EQ(out.Values(), std::vector<double>(16, 0));
    aclDestroyIntArray(arr);
}

}  // namespace math_random_reference_test
