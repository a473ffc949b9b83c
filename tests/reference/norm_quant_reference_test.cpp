// The reference tier's batch-norm statistics, instance norm and AscendQuant (V1) through the public API
// (docs/ops/nn_norm.md, docs/ops/nn_quant.md): each formula against an expectation computed here independently (ATen
// in double or closed forms), the attribute mappings (training, momentum, eps, dataFormat, sqrtMode, roundMode,
// dstType), the running statistics the in/out tensors carry across two calls, and the main checks in CANN's order
// with their codes and messages, per product where the op_apis differ. The table-driven suite
// (reference_table_test.cpp) runs each entry's cases on transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "aclnnop/aclnn_add_layer_norm_quant.h"
#include "aclnnop/aclnn_ascend_quant.h"
#include "aclnnop/aclnn_batch_norm.h"
#include "aclnnop/aclnn_batch_norm_gather_stats_with_counts.h"
#include "aclnnop/aclnn_batch_norm_reduce.h"
#include "aclnnop/aclnn_instance_norm.h"
#include "aclnnop/aclnn_layer_norm_quant.h"
#include "aclnnop/aclnn_rms_norm_dynamic_quant.h"
#include "aclnnop/aclnn_sync_batch_norm_gather_stats.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit.
namespace norm_quant_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;

/// n values in [-2, 2] on a 1/16 grid (exact in FLOAT16 and BF16), varied by seed.
std::vector<double> Vals(int64_t n, double seed) {
    std::vector<double> v;
    for (int64_t i = 0; i < n; ++i) v.push_back(std::round(std::sin(static_cast<double>(i) * 0.77 + seed) * 32.0) / 16.0);
    return v;
}

/// n positive values in [0.5, 2.5].
std::vector<double> Pos(int64_t n, double seed) {
    std::vector<double> v = Vals(n, seed);
    for (double& x : v) x = std::fabs(x) / 2.0 + 0.5;
    return v;
}

at::Tensor T(const std::vector<double>& v, std::vector<int64_t> shape) {
    return at::tensor(v, at::kDouble).reshape(shape);
}

void ExpectClose(const at::Tensor& got, const at::Tensor& want, double rtol = 1e-5, double atol = 1e-5) {
    ASSERT_EQ(got.numel(), want.numel());
    const at::Tensor g = got.reshape(want.sizes()).to(at::kDouble);
    EXPECT_TRUE(at::allclose(g, want.to(at::kDouble), rtol, atol)) << "got:\n" << g << "\nwant:\n" << want;
}

// ================================================================================ BatchNormReduce

// NCHW and NHWC: the per-channel sums over N, H, W; an ND x refused (CANN's CheckFormat); an empty x writes zeros.
TEST(ReferenceNormQuantBatchNormReduce, SumsPerChannelByFormat) {
    const std::vector<double> xv = Vals(2 * 3 * 2 * 4, 0.3);
    const at::Tensor X = T(xv, {2, 3, 2, 4});
    {
        Dev x(xv, at::kHalf, {2, 3, 2, 4}, {}, 0, ACL_FORMAT_NCHW);
        Dev sum(std::vector<double>(3, 9), at::kFloat, {3}), sq(std::vector<double>(3, 9), at::kFloat, {3});
        auto first = [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBatchNormReduceGetWorkspaceSize(x.t, sum.t, sq.t, ws, ex);
        };
        ASSERT_EQ(RunPhases(first, aclnnBatchNormReduce), 0) << LastError();
        ExpectClose(sum.Storage(), X.sum(std::vector<int64_t>{0, 2, 3}));
        ExpectClose(sq.Storage(), X.pow(2).sum(std::vector<int64_t>{0, 2, 3}));
    }
    {
        // the same values as NHWC [2, 2, 4, 3]: C is the last dim
        Dev x(xv, at::kFloat, {2, 2, 4, 3}, {}, 0, ACL_FORMAT_NHWC);
        Dev sum(std::vector<double>(3, 9), at::kFloat, {3}), sq(std::vector<double>(3, 9), at::kFloat, {3});
        auto first = [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBatchNormReduceGetWorkspaceSize(x.t, sum.t, sq.t, ws, ex);
        };
        ASSERT_EQ(RunPhases(first, aclnnBatchNormReduce), 0) << LastError();
        const at::Tensor Xh = T(xv, {2, 2, 4, 3});
        ExpectClose(sum.Storage(), Xh.sum(std::vector<int64_t>{0, 1, 2}));
        ExpectClose(sq.Storage(), Xh.pow(2).sum(std::vector<int64_t>{0, 1, 2}));
    }
    {
        Dev x(xv, at::kFloat, {2, 3, 2, 4});  // ND
        Dev sum(std::vector<double>(3, 9), at::kFloat, {3}), sq(std::vector<double>(3, 9), at::kFloat, {3});
        Dev sumh(std::vector<double>(3, 9), at::kHalf, {3});
        Dev xn(xv, at::kFloat, {2, 3, 2, 4}, {}, 0, ACL_FORMAT_NCHW), sum4(std::vector<double>(4, 9), at::kFloat, {4});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBatchNormReduceGetWorkspaceSize(x.t, sum.t, sq.t, ws, ex);
        }, ACLNN_ERR_PARAM_INVALID, "Format of x only supports [NCHW, NHWC], but format is [ND].");
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBatchNormReduceGetWorkspaceSize(xn.t, sumh.t, sq.t, ws, ex);
        }, ACLNN_ERR_PARAM_INVALID, "Tensor sum not implemented for DT_FLOAT16, should be in dtype support list DT_FLOAT.");
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBatchNormReduceGetWorkspaceSize(xn.t, sum4.t, sq.t, ws, ex);
        }, ACLNN_ERR_PARAM_INVALID, "It is expected size of sum equals to input_C(3), but size is 4");
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBatchNormReduceGetWorkspaceSize(nullptr, sum.t, sq.t, ws, ex);
        }, ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument x.");
    }
    {
        // an empty x (even ND, before CheckFormat): sum and squareSum filled with 0
        Dev x(std::vector<double>{}, at::kFloat, {0, 3, 2, 2});
        Dev sum(std::vector<double>(3, 9), at::kFloat, {3}), sq(std::vector<double>(3, 9), at::kFloat, {3});
        auto first = [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBatchNormReduceGetWorkspaceSize(x.t, sum.t, sq.t, ws, ex);
        };
        ASSERT_EQ(RunPhases(first, aclnnBatchNormReduce), 0) << LastError();
        ExpectClose(sum.Storage(), at::zeros({3}, at::kDouble));
        ExpectClose(sq.Storage(), at::zeros({3}, at::kDouble));
    }
}

// ================================================================================ BatchNorm

/// input [N, C, L] statistics over dims 0, 2 (double).
struct BnStats {
    at::Tensor mean, var_b, var_u;
};
BnStats Stats(const at::Tensor& x) {
    const at::Tensor m = x.mean(std::vector<int64_t>{0, 2});
    const at::Tensor d = x - m.reshape({1, -1, 1});
    const double n = static_cast<double>(x.numel() / x.size(1));
    const at::Tensor s = d.pow(2).sum(std::vector<int64_t>{0, 2});
    return {m, s / n, s / (n - 1)};
}

// training: batch statistics, saveMean / saveInvstd, running statistics updated in place - twice, so the second call
// starts from the first's running values (the in/out tensors); then inference with the running statistics.
TEST(ReferenceNormQuantBatchNorm, TrainingUpdatesRunningStatsAndInference) {
    const int64_t N = 2, C = 3, L = 4;
    const std::vector<double> xv = Vals(N * C * L, 0.5);
    const std::vector<double> wv = {0.5, 1.5, -1.0}, bv = {0.25, 0.0, -0.5};
    const std::vector<double> rmv = {0.1, -0.2, 0.3}, rvv = {1.0, 2.0, 0.5};
    Dev x(xv, at::kFloat, {N, C, L}), w(wv, at::kFloat, {C}), b(bv, at::kFloat, {C});
    Dev rm(rmv, at::kFloat, {C}), rv(rvv, at::kFloat, {C});
    Dev out(std::vector<double>(N * C * L, 9), at::kFloat, {N, C, L});
    Dev sm(std::vector<double>(C, 9), at::kFloat, {C}), si(std::vector<double>(C, 9), at::kFloat, {C});
    const double momentum = 0.25, eps = 1e-3;
    auto first = [&](bool training) {
        return [&, training](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBatchNormGetWorkspaceSize(x.t, w.t, b.t, rm.t, rv.t, training, momentum, eps, out.t, sm.t,
                                                  si.t, ws, ex);
        };
    };
    const at::Tensor X = T(xv, {N, C, L});
    const BnStats s = Stats(X);
    const at::Tensor W = T(wv, {C}), B = T(bv, {C});
    at::Tensor RM = T(rmv, {C}), RV = T(rvv, {C});
    const at::Tensor inv = 1.0 / at::sqrt(s.var_b + eps);
    const at::Tensor want = (X - s.mean.reshape({1, C, 1})) * inv.reshape({1, C, 1}) * W.reshape({1, C, 1}) +
                            B.reshape({1, C, 1});
    for (int call = 0; call < 2; ++call) {
        ASSERT_EQ(RunPhases(first(true), aclnnBatchNorm), 0) << LastError();
        RM = RM * (1 - momentum) + s.mean * momentum;
        RV = RV * (1 - momentum) + s.var_u * momentum;
        ExpectClose(out.Storage(), want, 1e-4, 1e-4);
        ExpectClose(sm.Storage(), s.mean);
        ExpectClose(si.Storage(), inv, 1e-4, 1e-4);
        ExpectClose(rm.Storage(), RM);
        ExpectClose(rv.Storage(), RV, 1e-5, 1e-5);
    }
    // inference: the running statistics (now RM, RV), which are not written; saveMean / saveInvstd untouched
    Dev sm2(std::vector<double>(C, 7), at::kFloat, {C});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnBatchNormGetWorkspaceSize(x.t, w.t, b.t, rm.t, rv.t, false, momentum, eps, out.t, sm2.t, nullptr,
                                              ws, ex);
    }, aclnnBatchNorm), 0) << LastError();
    const at::Tensor wantInf = (X - RM.reshape({1, C, 1})) / at::sqrt(RV.reshape({1, C, 1}) + eps) *
                                   W.reshape({1, C, 1}) + B.reshape({1, C, 1});
    ExpectClose(out.Storage(), wantInf, 1e-4, 1e-4);
    ExpectClose(rm.Storage(), RM);
    ExpectClose(sm2.Storage(), at::full({C}, 7.0, at::kDouble));
}

// absent weight, bias and running statistics: ones / zeros; the training null rule and the dtype lists per product.
TEST(ReferenceNormQuantBatchNorm, AbsentTensorsAndChecks) {
    const int64_t N = 3, C = 2, L = 5;
    const std::vector<double> xv = Vals(N * C * L, 0.9);
    Dev x(xv, at::kHalf, {N, C, L});
    Dev out(std::vector<double>(N * C * L, 9), at::kHalf, {N, C, L});
    Dev sm(std::vector<double>(C, 9), at::kHalf, {C}), si(std::vector<double>(C, 9), at::kHalf, {C});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnBatchNormGetWorkspaceSize(x.t, nullptr, nullptr, nullptr, nullptr, true, 0.1, 1e-5, out.t, sm.t,
                                              si.t, ws, ex);
    }, aclnnBatchNorm), 0) << LastError();
    const at::Tensor X = T(xv, {N, C, L});
    const BnStats s = Stats(X);
    const at::Tensor inv = 1.0 / at::sqrt(s.var_b + 1e-5);
    ExpectClose(out.Storage(), (X - s.mean.reshape({1, C, 1})) * inv.reshape({1, C, 1}), 1e-2, 1e-2);
    ExpectClose(sm.Storage(), s.mean, 1e-3, 1e-3);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnBatchNormGetWorkspaceSize(x.t, nullptr, nullptr, nullptr, nullptr, true, 0.1, 1e-5, out.t, nullptr,
                                              si.t, ws, ex);
    }, ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument saveMean.");
    Dev xb(xv, at::kBFloat16, {N, C, L}), outb(std::vector<double>(N * C * L, 9), at::kBFloat16, {N, C, L});
    auto bf16 = [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnBatchNormGetWorkspaceSize(xb.t, nullptr, nullptr, nullptr, nullptr, false, 0.1, 1e-5, outb.t,
                                              nullptr, nullptr, ws, ex);
    };
    ASSERT_EQ(RunPhases(bf16, aclnnBatchNorm), 0) << LastError();  // Ascend 950 (the default) takes BF16
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
    ASSERT_TRUE(scope.ok());
    ExpectFails(bf16, ACLNN_ERR_PARAM_INVALID,
                "Tensor input not implemented for DT_BF16, should be in dtype support list DT_FLOAT, DT_FLOAT16.");
}

// ================================================================================ SyncBatchNormGatherStats

TEST(ReferenceNormQuantSyncBatchNormGatherStats, ClosedFormAndRunningStats) {
    const int64_t N = 3, C = 4;
    const std::vector<double> sv = Vals(N * C, 0.2), cv = {4, 6, 2};
    std::vector<double> qv = Pos(N * C, 0.7);
    for (double& q : qv) q *= 8;  // square sums large enough for a positive variance
    const std::vector<double> mv = {0.1, 0.2, 0.3, 0.4}, vv = {1, 2, 3, 4};
    Dev sum(sv, at::kFloat, {N, C}), sq(qv, at::kFloat, {N, C}), cnt(cv, at::kInt, {N});
    Dev mean(mv, at::kFloat, {C}), var(vv, at::kFloat, {C});
    Dev bm(std::vector<double>(C, 9), at::kFloat, {C}), bi(std::vector<double>(C, 9), at::kFloat, {C});
    const float momentum = 0.5f, eps = 1e-2f;
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnSyncBatchNormGatherStatsGetWorkspaceSize(sum.t, sq.t, cnt.t, mean.t, var.t, momentum, eps, bm.t,
                                                             bi.t, ws, ex);
    }, aclnnSyncBatchNormGatherStats), 0) << LastError();
    const double n = 12;
    const at::Tensor BM = T(sv, {N, C}).sum(0) / n;
    const at::Tensor BV = T(qv, {N, C}).sum(0) / n - BM * BM;
    ExpectClose(bm.Storage(), BM);
    ExpectClose(bi.Storage(), 1.0 / at::sqrt(BV + static_cast<double>(eps)), 1e-4, 1e-4);
    ExpectClose(mean.Storage(), T(mv, {C}) * 0.5 + BM * 0.5);
    ExpectClose(var.Storage(), T(vv, {C}) * 0.5 + BV * (n / (n - 1)) * 0.5, 1e-4, 1e-4);
    // N = 0 refused after the shape checks
    Dev sum0(std::vector<double>{}, at::kFloat, {0, C}), sq0(std::vector<double>{}, at::kFloat, {0, C});
    Dev cnt0(std::vector<double>{}, at::kInt, {0});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnSyncBatchNormGatherStatsGetWorkspaceSize(sum0.t, sq0.t, cnt0.t, mean.t, var.t, momentum, eps, bm.t,
                                                             bi.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "totalSumShape dim0 is zero");
    Dev meanh(mv, at::kHalf, {C});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnSyncBatchNormGatherStatsGetWorkspaceSize(sum.t, sq.t, cnt.t, meanh.t, var.t, momentum, eps, bm.t,
                                                             bi.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found totalSum DT_FLOAT and mean DT_FLOAT16.");
}

// ================================================================================ BatchNormGatherStatsWithCounts

TEST(ReferenceNormQuantBatchNormGatherStatsWithCounts, ClosedFormAndRunningStats) {
    const int64_t W = 3, C = 2;
    const std::vector<double> mv = Vals(W * C, 0.4), iv = Pos(W * C, 0.1), cv = {3, 5, 8};
    const std::vector<double> rmv = {0.5, -0.5}, rvv = {2, 3};
    Dev input(Vals(2 * C * 3, 0.0), at::kFloat, {2, C, 3});
    Dev mean(mv, at::kFloat, {W, C}), inv(iv, at::kFloat, {W, C}), cnt(cv, at::kFloat, {W});
    Dev rm(rmv, at::kFloat, {C}), rv(rvv, at::kFloat, {C});
    Dev ma(std::vector<double>(C, 9), at::kFloat, {C}), ia(std::vector<double>(C, 9), at::kFloat, {C});
    const double momentum = 0.2, eps = 1e-3;
    auto first = [&](aclTensor* r_m, aclTensor* r_v) {
        return [&, r_m, r_v](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnBatchNormGatherStatsWithCountsGetWorkspaceSize(input.t, mean.t, inv.t, r_m, r_v, momentum, eps,
                                                                       cnt.t, ma.t, ia.t, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(first(rm.t, rv.t), aclnnBatchNormGatherStatsWithCounts), 0) << LastError();
    const at::Tensor M = T(mv, {W, C}), I = T(iv, {W, C}), K = T(cv, {W, 1});
    const double n = 16;
    const at::Tensor MA = (M * K).sum(0) / n;
    const at::Tensor V = (K * (1.0 / (I * I) - eps + (M - MA).pow(2))).sum(0) / n;
    ExpectClose(ma.Storage(), MA);
    ExpectClose(ia.Storage(), 1.0 / at::sqrt(V + eps), 1e-4, 1e-4);
    ExpectClose(rm.Storage(), T(rmv, {C}) * 0.8 + MA * 0.2);
    ExpectClose(rv.Storage(), T(rvv, {C}) * 0.8 + V * (n / (n - 1)) * 0.2, 1e-4, 1e-4);
    // without the running statistics: the same meanAll / invstdAll
    ASSERT_EQ(RunPhases(first(nullptr, nullptr), aclnnBatchNormGatherStatsWithCounts), 0) << LastError();
    ExpectClose(ma.Storage(), MA);
    Dev cnt2(cv, at::kFloat, {W, 1});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnBatchNormGatherStatsWithCountsGetWorkspaceSize(input.t, mean.t, inv.t, nullptr, nullptr, momentum,
                                                                   eps, nullptr, ma.t, ia.t, ws, ex);
    }, ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument counts.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnBatchNormGatherStatsWithCountsGetWorkspaceSize(input.t, mean.t, inv.t, nullptr, nullptr, momentum,
                                                                   eps, cnt2.t, ma.t, ia.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "dim of counts should be one.");
}

// ================================================================================ InstanceNorm

// Ascend310P only; NCHW and NHWC (the op_api's transposes), mean and the biased variance per (n, c).
TEST(ReferenceNormQuantInstanceNorm, RefusedOffAscend310P) {
    Dev x(Vals(2 * 3 * 2 * 2, 0.6), at::kFloat, {2, 3, 2, 2}), g(std::vector<double>(3, 1), at::kFloat, {3});
    Dev y(std::vector<double>(24, 9), at::kFloat, {2, 3, 2, 2}), m(std::vector<double>(6, 9), at::kFloat, {2, 3, 1, 1});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInstanceNormGetWorkspaceSize(x.t, g.t, g.t, "NCHW", 1e-5, y.t, m.t, m.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "aclnnInstanceNorm only supports Ascend310p");  // Ascend 950, the default
}

TEST(ReferenceNormQuantInstanceNorm, NchwNhwcOn310POnly) {
    // the profile before the device memory (a profile switch re-opens the runtime)
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    const int64_t N = 2, C = 3, H = 2, Wd = 4;
    const std::vector<double> xv = Vals(N * C * H * Wd, 0.6);
    const std::vector<double> gv = {1.0, 0.5, -2.0}, bv = {0.0, 0.25, 1.0};
    const double eps = 1e-3;
    Dev g(gv, at::kFloat, {C}), b(bv, at::kFloat, {C});
    const at::Tensor G = T(gv, {1, C, 1, 1}), B = T(bv, {1, C, 1, 1});
    auto expect = [&](const at::Tensor& Xnchw, at::Tensor* y, at::Tensor* m, at::Tensor* v) {
        *m = Xnchw.mean(std::vector<int64_t>{2, 3}, true);
        *v = (Xnchw - *m).pow(2).mean(std::vector<int64_t>{2, 3}, true);
        *y = (Xnchw - *m) / at::sqrt(*v + eps) * G + B;
    };
    Dev x(xv, at::kFloat, {N, C, H, Wd});
    Dev y(std::vector<double>(N * C * H * Wd, 9), at::kFloat, {N, C, H, Wd});
    Dev mean(std::vector<double>(N * C, 9), at::kFloat, {N, C, 1, 1}), var(std::vector<double>(N * C, 9), at::kFloat, {N, C, 1, 1});
    auto nchw = [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInstanceNormGetWorkspaceSize(x.t, g.t, b.t, "NCHW", eps, y.t, mean.t, var.t, ws, ex);
    };
    ASSERT_EQ(RunPhases(nchw, aclnnInstanceNorm), 0) << LastError();
    at::Tensor Y, M, V;
    expect(T(xv, {N, C, H, Wd}), &Y, &M, &V);
    ExpectClose(y.Storage(), Y, 1e-4, 1e-4);
    ExpectClose(mean.Storage(), M);
    ExpectClose(var.Storage(), V);
    // NHWC: the same storage read as [N, H, W, C]
    Dev xh(xv, at::kFloat, {N, H, Wd, C});
    Dev yh(std::vector<double>(N * C * H * Wd, 9), at::kFloat, {N, H, Wd, C});
    Dev mh(std::vector<double>(N * C, 9), at::kFloat, {N, 1, 1, C}), vh(std::vector<double>(N * C, 9), at::kFloat, {N, 1, 1, C});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInstanceNormGetWorkspaceSize(xh.t, g.t, b.t, "NHWC", eps, yh.t, mh.t, vh.t, ws, ex);
    }, aclnnInstanceNorm), 0) << LastError();
    expect(T(xv, {N, H, Wd, C}).permute({0, 3, 1, 2}), &Y, &M, &V);
    ExpectClose(yh.Storage(), Y.permute({0, 2, 3, 1}).contiguous(), 1e-4, 1e-4);
    ExpectClose(mh.Storage(), M.reshape({N, C}));
    ExpectClose(vh.Storage(), V.reshape({N, C}));
    // checks: dataFormat, dtype match, gamma's size on C
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInstanceNormGetWorkspaceSize(x.t, g.t, b.t, "ND", eps, y.t, mean.t, var.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "");
    Dev yh16(std::vector<double>(N * C * H * Wd, 9), at::kHalf, {N, C, H, Wd});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInstanceNormGetWorkspaceSize(x.t, g.t, b.t, "NCHW", eps, yh16.t, mean.t, var.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Tensor y expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInstanceNormGetWorkspaceSize(xh.t, g.t, b.t, "NCHW", eps, yh.t, mh.t, vh.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "gamma.shape[0] must be equal to x's C axis");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnInstanceNormGetWorkspaceSize(x.t, g.t, b.t, nullptr, eps, y.t, mean.t, var.t, ws, ex);
    }, ACLNN_ERR_PARAM_NULLPTR, "");
}

// ================================================================================ AscendQuant (V1)

/// The common call of the AscendQuant tests: x [1, 8] FLOAT, scale [8], offset [8], INT8 y.
struct AqCall {
    std::vector<double> xv = {0.5, 1.5, -2.5, 3.25, 100.0, -100.0, 2.75, -0.75};
    std::vector<double> sv = {2.0, 1.0, 1.0, 1.0, 2.0, 2.0, 1.0, 1.0}, ov = {0, 0.5, 0, 0, 0, 0, -1, 0};
    Dev x{xv, at::kFloat, {1, 8}}, s{sv, at::kFloat, {8}}, o{ov, at::kFloat, {8}};
    Dev y{std::vector<double>(8, 0), at::kChar, {1, 8}};
    std::function<aclnnStatus(uint64_t*, aclOpExecutor**)> First(bool sqrtMode, const char* mode, const aclTensor* off) {
        return [this, sqrtMode, mode, off](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAscendQuantGetWorkspaceSize(x.t, s.t, off, sqrtMode, mode, ACL_INT8, y.t, ws, ex);
        };
    }
};

// The Ascend 950's list is empty (V1's NpuArch switch names no regbase arch): every call refused.
TEST(ReferenceNormQuantAscendQuant, RefusedOnAscend950) {
    AqCall a;
    ExpectFails(a.First(false, "round", a.o.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_FLOAT, should be in dtype support list");
}

// Atlas A2: v = x * scale (* scale under sqrtMode) + offset, the round modes, INT8 saturation, INT32 packing of int4.
TEST(ReferenceNormQuantAscendQuant, RoundModesSaturationOnA2) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    AqCall a;
    const at::Tensor X = T(a.xv, {1, 8}), S = T(a.sv, {8}), O = T(a.ov, {8});
    struct Mode {
        const char* name;
        at::Tensor (*fn)(const at::Tensor&);
    };
    const Mode modes[] = {{"round", [](const at::Tensor& v) { return at::round(v); }},
                          {"floor", [](const at::Tensor& v) { return at::floor(v); }},
                          {"ceil", [](const at::Tensor& v) { return at::ceil(v); }},
                          {"trunc", [](const at::Tensor& v) { return at::trunc(v); }}};
    for (const Mode& m : modes) {
        ASSERT_EQ(RunPhases(a.First(false, m.name, a.o.t), aclnnAscendQuant), 0) << m.name << LastError();
        ExpectClose(a.y.Storage(), at::clamp(m.fn(X * S + O), -128, 127));
    }
    // round is half to even: 0.5 * 2 = 1, 1.5 + 0.5 = 2, -2.5 -> -2, 2.75 - 1 = 1.75 -> 2
    ASSERT_EQ(RunPhases(a.First(false, "round", a.o.t), aclnnAscendQuant), 0) << LastError();
    ExpectClose(a.y.Storage(), T({1, 2, -2, 3, 127, -128, 2, -1}, {1, 8}));
    // sqrtMode: scale twice; no offset
    ASSERT_EQ(RunPhases(a.First(true, "round", nullptr), aclnnAscendQuant), 0) << LastError();
    ExpectClose(a.y.Storage(), at::clamp(at::round(X * S * S), -128, 127));
    ExpectFails(a.First(false, "rint", a.o.t), ACLNN_ERR_PARAM_INVALID,
                "check roundMode failed, roundMode[rint] not in ['round','floor','ceil','trunc'].");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendQuantGetWorkspaceSize(a.x.t, a.s.t, a.o.t, false, "round", ACL_INT4, a.y.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "must be able to represent the y dtype[DT_INT8].");
    // INT32: eight int4 results per element, element 0 in the low nibble, saturated to [-8, 7]
    const std::vector<double> x8 = {1, -1, 7, 9, -9, 0, 2, -3};
    Dev xq(x8, at::kFloat, {1, 8}), one(std::vector<double>{1.0}, at::kFloat, {1});
    Dev y32(std::vector<double>{0}, at::kInt, {1, 1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendQuantGetWorkspaceSize(xq.t, one.t, nullptr, false, "round", ACL_INT32, y32.t, ws, ex);
    }, aclnnAscendQuant), 0) << LastError();
    const int q[8] = {1, -1, 7, 7, -8, 0, 2, -3};
    uint32_t packed = 0;
    for (int i = 0; i < 8; ++i) packed |= (static_cast<uint32_t>(q[i]) & 0xFu) << (4 * i);
    EXPECT_EQ(static_cast<int64_t>(y32.Storage()[0].item<double>()), static_cast<int64_t>(static_cast<int32_t>(packed)));
    // a FLOAT16 x needs a FLOAT16 scale
    Dev xh(a.xv, at::kHalf, {1, 8});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendQuantGetWorkspaceSize(xh.t, a.s.t, nullptr, false, "round", ACL_INT8, a.y.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "input x:DT_FLOAT16 not compatible with scale:DT_FLOAT.");
}

// Ascend310P: INT8 output only.
TEST(ReferenceNormQuantAscendQuant, Int8OnlyOn310P) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
    ASSERT_TRUE(scope.ok());
    AqCall a;
    Dev y32(std::vector<double>{0}, at::kInt, {1, 1});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAscendQuantGetWorkspaceSize(a.x.t, a.s.t, nullptr, false, "round", ACL_INT32, y32.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_INT32, should be in dtype support list");
    ASSERT_EQ(RunPhases(a.First(false, "trunc", a.o.t), aclnnAscendQuant), 0) << LastError();
    ExpectClose(a.y.Storage(), at::clamp(at::trunc(T(a.xv, {1, 8}) * T(a.sv, {8}) + T(a.ov, {8})), -128, 127));
}

// ================================================================================ LayerNormQuant

/// Layer norm over the last dim of X [rows, D] (double), times gamma plus beta.
at::Tensor LayerNormRows(const at::Tensor& X, const at::Tensor& G, const at::Tensor& B, double eps) {
    const at::Tensor m = X.mean(std::vector<int64_t>{-1}, true);
    const at::Tensor v = (X - m).pow(2).mean(std::vector<int64_t>{-1}, true);
    return (X - m) / at::sqrt(v + eps) * G + B;
}

/// Round half to even, saturated to INT8.
at::Tensor QuantI8(const at::Tensor& v) { return at::clamp(at::round(v), -128, 127); }

// static quant through FLOAT16: res = round(half(y / scale + zeroPoint)); zeroPointsOptional required for quantMode 0,
// quantMode 1 refused; the product lists (FLOAT only on the Ascend 950).
TEST(ReferenceNormQuantLayerNormQuant, StaticQuantAndChecks) {
    const int64_t R = 3, D = 8;
    const std::vector<double> xv = Vals(R * D, 0.15), gv = Vals(D, 1.1), bv = Vals(D, 2.3);
    Dev x(xv, at::kFloat, {R, D}), g(gv, at::kFloat, {D}), b(bv, at::kFloat, {D});
    Dev s(std::vector<double>{0.0078125}, at::kFloat, {1}), z(std::vector<double>{3}, at::kChar, {1});
    Dev res(std::vector<double>(R * D, 0), at::kChar, {R, D});
    auto first = [&](const aclTensor* zp, int mode) {
        return [&, zp, mode](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnLayerNormQuantGetWorkspaceSize(x.t, g.t, b.t, s.t, zp, mode, 1e-5, res.t, nullptr, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(first(z.t, 0), aclnnLayerNormQuant), 0) << LastError();
    const at::Tensor Y = LayerNormRows(T(xv, {R, D}), T(gv, {D}), T(bv, {D}), 1e-5);
    const at::Tensor want = QuantI8((Y / 0.0078125 + 3).to(at::kHalf).to(at::kDouble));
    const at::Tensor got = res.Storage().reshape({R, D});
    // within one step of the FLOAT16 rounding of a value near a .5 boundary
    EXPECT_LE((got - want).abs().max().item<double>(), 1.0) << got << want;
    EXPECT_GE((got == want).to(at::kDouble).mean().item<double>(), 0.9);
    EXPECT_GT((got.abs() == 127).sum().item<int64_t>() + (got == -128).sum().item<int64_t>(), 0);  // saturates
    ExpectFails(first(nullptr, 0), ACLNN_ERR_PARAM_NULLPTR,
                "Expected a proper Tensor but got null for argument zeroPointsOptional.");
    ExpectFails(first(z.t, 1), ACLNN_ERR_PARAM_INVALID,
                "Only support static mode quant currently, quantMode should be 0");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    ExpectFails(first(z.t, 0), ACLNN_ERR_PARAM_INVALID,
                "Tensor x not implemented for DT_FLOAT, should be in dtype support list [DT_FLOAT16, DT_BF16].");
}

// ================================================================================ RmsNormDynamicQuant

// Atlas A2/A3 only: y = rmsnorm(x) * gamma + beta, v = y * smooth, scale = rowmax|v| / 127, yOut = round(v / scale).
TEST(ReferenceNormQuantRmsNormDynamicQuant, RefusedOnAscend950) {
    Dev x(Vals(16, 0.25), at::kHalf, {2, 8}), g(Vals(8, 0.8), at::kHalf, {8});
    Dev y(std::vector<double>(16, 0), at::kChar, {2, 8}), sc(std::vector<double>(2, 0), at::kFloat, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnRmsNormDynamicQuantGetWorkspaceSize(x.t, g.t, nullptr, nullptr, 1e-6, 2, y.t, sc.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "does not support the dtypes");
}

TEST(ReferenceNormQuantRmsNormDynamicQuant, PerRowQuantOnA2) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    const int64_t R = 2, D = 8;
    const std::vector<double> xv = Vals(R * D, 0.25), gv = Vals(D, 0.8), sv = Pos(D, 0.4), bv = Vals(D, 1.7);
    Dev x(xv, at::kHalf, {R, D}), g(gv, at::kHalf, {D}), sm(sv, at::kHalf, {D}), b(bv, at::kHalf, {D});
    Dev y(std::vector<double>(R * D, 0), at::kChar, {R, D}), sc(std::vector<double>(R, 0), at::kFloat, {R});
    auto first = [&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnRmsNormDynamicQuantGetWorkspaceSize(x.t, g.t, sm.t, b.t, 1e-6, 2, y.t, sc.t, ws, ex);
    };
    ASSERT_EQ(RunPhases(first, aclnnRmsNormDynamicQuant), 0) << LastError();
    const at::Tensor X = T(xv, {R, D});
    const at::Tensor Y = X / at::sqrt(X.pow(2).mean(std::vector<int64_t>{-1}, true) + 1e-6) * T(gv, {D}) + T(bv, {D});
    const at::Tensor V = Y * T(sv, {D});
    const at::Tensor S = std::get<0>(V.abs().max(-1, true)) / 127.0;
    ExpectClose(sc.Storage(), S.reshape({R}), 1e-5, 1e-6);
    const at::Tensor got = y.Storage().reshape({R, D});
    EXPECT_LE((got - QuantI8(V / S)).abs().max().item<double>(), 1.0);
    EXPECT_EQ(got.abs().max().item<double>(), 127.0);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnRmsNormDynamicQuantGetWorkspaceSize(x.t, g.t, sm.t, b.t, 1e-6, 3, y.t, sc.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "supports dstType 2 (INT8) here, but got 3.");
}

// ================================================================================ AddLayerNormQuant

// Ascend 950 only: static (divMode divides, else multiplies; zero points added), dynamic (per-row scales, two
// quantizers), additionalOutput; the platform check comes before the null checks.
TEST(ReferenceNormQuantAddLayerNormQuant, StaticDynamicAndChecks) {
    const int64_t R = 4, D = 8;
    const std::vector<double> av = Vals(R * D, 0.1), bv = Vals(R * D, 0.9), gv = Vals(D, 1.3), ev = Vals(D, 2.1);
    const std::vector<double> s1v = Pos(D, 0.5), s2v = Pos(D, 1.5), z1v = Vals(D, 0.7), biasv = Vals(D, 3.1);
    Dev x1(av, at::kFloat, {R, D}), x2(bv, at::kFloat, {R, D}), g(gv, at::kFloat, {D}), be(ev, at::kFloat, {D});
    Dev bias(biasv, at::kFloat, {D}), s1(s1v, at::kFloat, {D}), s2(s2v, at::kFloat, {D}), z1(z1v, at::kFloat, {D});
    Dev y1(std::vector<double>(R * D, 0), at::kChar, {R, D}), y2(std::vector<double>(R * D, 0), at::kChar, {R, D});
    Dev xo(std::vector<double>(R * D, 9), at::kFloat, {R, D});
    Dev o1(std::vector<double>(R, 0), at::kFloat, {R}), o2(std::vector<double>(R, 0), at::kFloat, {R});
    const at::Tensor X = T(av, {R, D}) + T(bv, {R, D}) + T(biasv, {D});
    const at::Tensor Y = LayerNormRows(X, T(gv, {D}), T(ev, {D}), 1e-5);
    auto call = [&](const char* mode, bool add, bool div, const aclTensor* sc2, const aclTensor* zp1) {
        return [&, mode, add, div, sc2, zp1](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAddLayerNormQuantGetWorkspaceSize(x1.t, x2.t, g.t, be.t, bias.t, s1.t, sc2, zp1, nullptr, mode,
                                                          1e-5, add, div, y1.t, y2.t, xo.t, o1.t, o2.t, ws, ex);
        };
    };
    // static, divMode: y / s1 + z1 (one quantizer: y2Out untouched)
    ASSERT_EQ(RunPhases(call("static", true, true, nullptr, z1.t), aclnnAddLayerNormQuant), 0) << LastError();
    EXPECT_LE((y1.Storage().reshape({R, D}) - QuantI8(Y / T(s1v, {D}) + T(z1v, {D}))).abs().max().item<double>(), 1.0);
    ExpectClose(y2.Storage(), at::zeros({R * D}, at::kDouble));
    ExpectClose(xo.Storage(), X.reshape({-1}));
    // static, multiply, two quantizers
    ASSERT_EQ(RunPhases(call("static", true, false, s2.t, nullptr), aclnnAddLayerNormQuant), 0) << LastError();
    EXPECT_LE((y1.Storage().reshape({R, D}) - QuantI8(Y * T(s1v, {D}))).abs().max().item<double>(), 1.0);
    EXPECT_LE((y2.Storage().reshape({R, D}) - QuantI8(Y * T(s2v, {D}))).abs().max().item<double>(), 1.0);
    EXPECT_GE((y2.Storage().reshape({R, D}) == QuantI8(Y * T(s2v, {D}))).to(at::kDouble).mean().item<double>(), 0.9);
    // dynamic (x1 FLOAT16 or BF16), two quantizers
    Dev x1h(av, at::kHalf, {R, D}), x2h(bv, at::kHalf, {R, D}), gh(gv, at::kHalf, {D}), beh(ev, at::kHalf, {D});
    Dev s1h(s1v, at::kHalf, {D}), s2h(s2v, at::kHalf, {D}), xoh(std::vector<double>(R * D, 9), at::kHalf, {R, D});
    auto dyn = [&](const aclTensor* sc1, const aclTensor* sc2, const aclTensor* zp1) {
        return [&, sc1, sc2, zp1](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAddLayerNormQuantGetWorkspaceSize(x1h.t, x2h.t, gh.t, beh.t, nullptr, sc1, sc2, zp1, nullptr,
                                                          "dynamic", 1e-5, true, true, y1.t, y2.t, xoh.t, o1.t, o2.t,
                                                          ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(dyn(s1h.t, s2h.t, nullptr), aclnnAddLayerNormQuant), 0) << LastError();
    const at::Tensor Xh = (T(av, {R, D}) + T(bv, {R, D})).to(at::kHalf).to(at::kDouble);  // x rounded only in xOut
    const at::Tensor Yh = LayerNormRows(T(av, {R, D}) + T(bv, {R, D}), T(gv, {D}), T(ev, {D}), 1e-5);
    const at::Tensor V1 = Yh * T(s1v, {D}), V2 = Yh * T(s2v, {D});
    const at::Tensor S1 = std::get<0>(V1.abs().max(-1, true)) / 127.0, S2 = std::get<0>(V2.abs().max(-1, true)) / 127.0;
    ExpectClose(o1.Storage(), S1.reshape({R}), 1e-4, 1e-6);
    ExpectClose(o2.Storage(), S2.reshape({R}), 1e-4, 1e-6);
    EXPECT_LE((y1.Storage().reshape({R, D}) - QuantI8(V1 / S1)).abs().max().item<double>(), 1.0);
    EXPECT_LE((y2.Storage().reshape({R, D}) - QuantI8(V2 / S2)).abs().max().item<double>(), 1.0);
    ExpectClose(xoh.Storage(), Xh.reshape({-1}));
    ExpectFails(dyn(s1h.t, nullptr, s1h.t), ACLNN_ERR_PARAM_INVALID,
                "Invalid Optional input combination in dyn quant mode");
    ExpectFails(dyn(s1.t, nullptr, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Tensor scales1Optional not implemented for DT_FLOAT, should be in dtype support list [DT_FLOAT16, "
                "DT_BF16].");
    ExpectFails(call("dynamic", true, true, nullptr, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Tensor x1 not implemented for DT_FLOAT, should be in dtype support list [DT_FLOAT16, DT_BF16].");
    // additionalOutput false: xOut untouched
    Dev xo2(std::vector<double>(R * D, 9), at::kFloat, {R, D});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAddLayerNormQuantGetWorkspaceSize(x1.t, x2.t, g.t, be.t, nullptr, s1.t, nullptr, nullptr, nullptr,
                                                      "static", 1e-5, false, true, y1.t, y2.t, xo2.t, o1.t, o2.t, ws, ex);
    }, aclnnAddLayerNormQuant), 0) << LastError();
    ExpectClose(xo2.Storage(), at::full({R * D}, 9.0, at::kDouble));
    // checks
    ExpectFails(call("none", true, true, nullptr, nullptr), ACLNN_ERR_PARAM_INVALID,
                "Got quantMode neither \"dynamic\" nor \"static\".");
    ExpectFails(call("static", true, true, s2.t, z1.t), ACLNN_ERR_PARAM_INVALID,
                "Invalid Optional input combination in stc quant mode");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAddLayerNormQuantGetWorkspaceSize(x1.t, x2.t, g.t, be.t, nullptr, s1.t, nullptr, nullptr, nullptr,
                                                      "static", 1e-5, true, true, y1.t, y2.t, xo.t, o1.t, nullptr, ws, ex);
    }, ACLNN_ERR_PARAM_NULLPTR, "Expected a proper Tensor but got null for argument outScales2Out.");
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
        return aclnnAddLayerNormQuantGetWorkspaceSize(nullptr, x2.t, g.t, be.t, nullptr, s1.t, nullptr, nullptr,
                                                      nullptr, "static", 1e-5, true, true, y1.t, y2.t, xo.t, o1.t,
                                                      o2.t, ws, ex);
    }, ACLNN_ERR_PARAM_INVALID, "Support for npuArch 2201 is not implemented.");
}

}  // namespace norm_quant_reference_test
