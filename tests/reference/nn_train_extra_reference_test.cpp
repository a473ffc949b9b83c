// Training-step and serving helpers at the reference tier through the public API: aclnnApplyAdam and
// aclnnAdvanceStep (ops/families/nn_optim.yaml; docs/ops/nn_optim.md), aclnnForeachNonFiniteCheckAndUnscale
// (nn_foreach.yaml; docs/ops/nn_foreach.md) and aclnnScatterList (nn_index.yaml; docs/ops/nn_index.md). Each
// formula against values computed here independently (closed forms in double, hand-written loops), and the checks
// with their codes and messages. The table-driven suite (reference_table_test.cpp) runs each entry's cases on
// transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "aclnnop/aclnn_advance_step.h"
#include "aclnnop/aclnn_advance_step_v2.h"
#include "aclnnop/aclnn_apply_adam.h"
#include "aclnnop/aclnn_apply_adam_w_quant.h"
#include "aclnnop/aclnn_foreach_non_finite_check_and_unscale.h"
#include "aclnnop/aclnn_fused_adamw.h"
#include "aclnnop/aclnn_scatter_list.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace nn_train_extra_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::DevList;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::MakeDev;
using aclcpu_test::RunPhases;

void ExpectValues(const at::Tensor& got, const std::vector<double>& want, double rtol, double atol) {
    ASSERT_EQ(got.numel(), static_cast<int64_t>(want.size()));
    for (size_t i = 0; i < want.size(); ++i) {
        const double g = got[static_cast<int64_t>(i)].item<double>();
        EXPECT_NEAR(g, want[i], atol + rtol * std::fabs(want[i])) << "element " << i;
    }
}

// ================================================================================ ApplyAdam

struct AdamCase {
    std::vector<double> var = {0.0, 1.0, 2.0, 3.0, -1.5, 0.25};
    std::vector<double> m = {0.0, 1.0, 2.0, 3.0, 0.5, -0.5};
    std::vector<double> v = {0.0, 1.0, 2.0, 3.0, 0.01, 0.5};
    std::vector<double> grad = {0.0, 1.0, 2.0, 3.0, -2.0, 0.125};
    double b1p = 0.431, b2p = 0.992, lr = 0.001, b1 = 0.9, b2 = 0.999, eps = 1e-8;
};

// TensorFlow's ApplyAdam in double (aclnnApplyAdam.md's formulas).
void AdamExpect(const AdamCase& s, bool nesterov, std::vector<double>* var, std::vector<double>* m,
                std::vector<double>* v) {
    var->clear(); m->clear(); v->clear();
    const double lr_t = s.lr * std::sqrt(1 - s.b2p) / (1 - s.b1p);
    for (size_t i = 0; i < s.var.size(); ++i) {
        const double g = s.grad[i];
        const double mo = s.b1 * s.m[i] + (1 - s.b1) * g;
        const double vo = s.b2 * s.v[i] + (1 - s.b2) * g * g;
        const double n = nesterov ? s.b1 * mo + (1 - s.b1) * g : mo;
        var->push_back(s.var[i] - lr_t * n / (std::sqrt(vo) + s.eps));
        m->push_back(mo);
        v->push_back(vo);
    }
}

TEST(ReferenceTrainExtraApplyAdam, StepFloatAndNesterov) {
    const AdamCase s;
    for (bool nesterov : {false, true}) {
        Dev var(s.var, at::kFloat, {2, 3}), m(s.m, at::kFloat, {2, 3}), v(s.v, at::kFloat, {2, 3});
        Dev b1p({s.b1p}, at::kFloat, {1}), b2p({s.b2p}, at::kFloat, {1}), lr({s.lr}, at::kFloat, {1});
        Dev b1({s.b1}, at::kFloat, {1}), b2({s.b2}, at::kFloat, {}), eps({s.eps}, at::kFloat, {1});
        Dev grad(s.grad, at::kFloat, {2, 3});
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnApplyAdamGetWorkspaceSize(var.t, m.t, v.t, b1p.t, b2p.t, lr.t, b1.t, b2.t, eps.t,
                                                            grad.t, false, nesterov, ws, ex);
                  }, aclnnApplyAdam),
                  0)
            << LastError();
        std::vector<double> ev, em, evv;
        AdamExpect(s, nesterov, &ev, &em, &evv);
        ExpectValues(var.Storage(), ev, 1e-6, 1e-7);
        ExpectValues(m.Storage(), em, 1e-6, 1e-7);
        ExpectValues(v.Storage(), evv, 1e-6, 1e-7);
        ExpectValues(b1p.Storage(), {static_cast<float>(s.b1p)}, 0, 0);  // read, not written
    }
}

// FLOAT16 states on a transposed view: computed in float32, each state rounded once to FLOAT16.
TEST(ReferenceTrainExtraApplyAdam, HalfTransposedView) {
    const AdamCase s;
    // var stored transposed: the [2, 3] view element (i, j) lives at storage j * 2 + i
    std::vector<double> var_storage(6);
    for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 3; ++j) var_storage[j * 2 + i] = s.var[i * 3 + j];
    }
    Dev var(var_storage, at::kHalf, {2, 3}, {1, 2}), m(s.m, at::kHalf, {2, 3}), v(s.v, at::kHalf, {2, 3});
    Dev b1p({s.b1p}, at::kFloat, {1}), b2p({s.b2p}, at::kFloat, {1}), lr({0.1}, at::kFloat, {1});
    Dev b1({s.b1}, at::kFloat, {1}), b2({s.b2}, at::kFloat, {1}), eps({s.eps}, at::kFloat, {1});
    Dev grad(s.grad, at::kHalf, {2, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnApplyAdamGetWorkspaceSize(var.t, m.t, v.t, b1p.t, b2p.t, lr.t, b1.t, b2.t, eps.t, grad.t,
                                                        true, false, ws, ex);
              }, aclnnApplyAdam),
              0)
        << LastError();
    AdamCase h = s;  // the FLOAT16 inputs' values
    for (auto* vec : {&h.var, &h.m, &h.v, &h.grad}) {
        for (double& x : *vec) x = static_cast<double>(static_cast<float>(c10::Half(static_cast<float>(x))));
    }
    h.lr = 0.1;
    std::vector<double> ev, em, evv;
    AdamExpect(h, false, &ev, &em, &evv);
    const at::Tensor got = var.Storage();
    for (int i = 0; i < 2; ++i) {
        for (int j = 0; j < 3; ++j) {
            const double want = ev[static_cast<size_t>(i * 3 + j)];
            EXPECT_NEAR(got[j * 2 + i].item<double>(), want, 2e-3 * std::fabs(want) + 1e-3) << i << "," << j;
        }
    }
    ExpectValues(m.Storage(), em, 2e-3, 1e-3);
}

TEST(ReferenceTrainExtraApplyAdam, Checks) {
    Dev var(std::vector<double>(4, 1.0), at::kFloat, {2, 2}), m(std::vector<double>(4), at::kFloat, {2, 2});
    Dev v(std::vector<double>(4), at::kFloat, {2, 2}), one({0.9}, at::kFloat, {1}), two({0.9, 0.9}, at::kFloat, {2});
    Dev grad(std::vector<double>(4), at::kFloat, {2, 2}), hgrad(std::vector<double>(4), at::kHalf, {2, 2});
    Dev hone({0.9}, at::kHalf, {1}), m3(std::vector<double>(3), at::kFloat, {3});
    auto call = [&](aclTensor* vr, const aclTensor* mm, const aclTensor* lr, const aclTensor* g) {
        return [=, &v, &one](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnApplyAdamGetWorkspaceSize(vr, mm, v.t, one.t, one.t, lr, one.t, one.t, one.t, g, false, false,
                                                  ws, ex);
        };
    };
    ExpectFails(call(nullptr, m.t, one.t, grad.t), ACLNN_ERR_PARAM_NULLPTR, "argument varRef.");
    ExpectFails(call(var.t, m.t, nullptr, grad.t), ACLNN_ERR_PARAM_NULLPTR, "argument lr.");
    ExpectFails(call(var.t, m.t, one.t, hgrad.t), ACLNN_ERR_PARAM_INVALID,
                "Expected grad to have varRef's dtype, but found grad DT_FLOAT16 and varRef DT_FLOAT.");
    ExpectFails(call(var.t, m.t, hone.t, grad.t), ACLNN_ERR_PARAM_INVALID, "Tensor lr not implemented for DT_FLOAT16");
    ExpectFails(call(var.t, m.t, two.t, grad.t), ACLNN_ERR_INNER_TILING_ERROR, "Input lr must be scalar");
    ExpectFails(call(var.t, m3.t, one.t, grad.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for m to have same size as tensor for varRef, but [3] does not equal [2,2].");
    {  // apply_adam_def.cpp configures the Ascend 950 only
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        ExpectFails(call(var.t, m.t, one.t, grad.t), ACLNN_ERR_PARAM_INVALID, "Tensor varRef not implemented for DT_FLOAT");
    }
}

// ================================================================================ ApplyAdamWQuant

// The kernel's step written out element by element in float (apply_adam_w_quant_fp32.h), with its 8-step binary
// search and the sign correction of m's code; one block of 256 elements plus a partial one.
struct QuantRef {
    static int Search(float x, const std::vector<float>& q) {
        int lower = 0, upper = 255, pivot = 127;
        for (int i = 0; i < 8; ++i) {
            if (i > 0) pivot = (lower + upper) >> 1;
            if (x > q[static_cast<size_t>(pivot)]) lower = pivot; else upper = pivot;
        }
        const float dl = std::fabs(x - q[static_cast<size_t>(lower)]);
        const float du = std::fabs(x - q[static_cast<size_t>(upper)]);
        return dl <= du ? lower : upper;
    }
    static float Sign(float x) { return x > 0 ? 1.0f : (x < 0 ? -1.0f : 0.0f); }
};

TEST(ReferenceTrainExtraApplyAdamWQuant, BlockwiseStep) {
    const int n = 300;  // blocks of 256: one full, one of 44
    std::vector<double> var(n), grad(n), mc(n), vc(n), qm(256), qv(256);
    for (int i = 0; i < 256; ++i) {
        qm[static_cast<size_t>(i)] = static_cast<float>(-1.0 + 2.0 * i / 255.0);  // a signed, sorted map
        qv[static_cast<size_t>(i)] = static_cast<float>(i / 255.0);
    }
    for (int i = 0; i < n; ++i) {
        var[static_cast<size_t>(i)] = std::sin(0.1 * i);
        grad[static_cast<size_t>(i)] = std::cos(0.37 * i) * 0.5;
        mc[static_cast<size_t>(i)] = (i * 37) % 256;
        vc[static_cast<size_t>(i)] = (i * 11) % 256;
    }
    const std::vector<double> am = {0.5, 2.0}, av = {0.25, 1.5};
    Dev dvar(var, at::kFloat, {n}), dgrad(grad, at::kFloat, {n}), dm(mc, at::kByte, {n}), dv(vc, at::kByte, {n});
    Dev dqm(qm, at::kFloat, {256}), dqv(qv, at::kFloat, {256}), dam(am, at::kFloat, {2}), dav(av, at::kFloat, {2});
    Dev dstep({4}, at::kLong, {1});
    const double lr = 0.05, b1 = 0.9, b2 = 0.99, wd = 0.1, eps = 1e-6, gs = 0.5;
    char mode[] = "BLOCKWISE";
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnApplyAdamWQuantGetWorkspaceSize(dvar.t, dgrad.t, dm.t, dv.t, dqm.t, dqv.t, dam.t, dav.t,
                                                              dstep.t, lr, b1, b2, wd, eps, gs, mode, 256, ws, ex);
              }, aclnnApplyAdamWQuant),
              0)
        << LastError();
    // expected, in float as the kernel computes
    std::vector<float> qmf(qm.begin(), qm.end()), qvf(qv.begin(), qv.end());
    const float t = 5.0f, fb1 = static_cast<float>(b1), fb2 = static_cast<float>(b2), flr = static_cast<float>(lr);
    const float c1 = 1.0f - std::pow(fb1, t), c2 = std::sqrt(1.0f - std::pow(fb2, t));
    const float step_size = -flr * c2 / c1;
    std::vector<float> m(n), v(n), want_var(n);
    for (int i = 0; i < n; ++i) {
        const size_t k = static_cast<size_t>(i);
        const float g = static_cast<float>(grad[k]) * static_cast<float>(gs);
        m[k] = qmf[static_cast<size_t>(mc[k])] * static_cast<float>(am[k / 256]) * fb1 + g * (1.0f - fb1);
        v[k] = qvf[static_cast<size_t>(vc[k])] * static_cast<float>(av[k / 256]) * fb2 + (g * g) * (1.0f - fb2);
        want_var[k] = (static_cast<float>(var[k]) + (m[k] * step_size) / (std::sqrt(v[k]) + static_cast<float>(eps) * c2)) *
                      (1.0f - flr * static_cast<float>(wd));
    }
    float amax_m[2] = {0, 0}, amax_v[2] = {0, 0};
    for (int i = 0; i < n; ++i) {
        amax_m[i / 256] = std::max(amax_m[i / 256], std::fabs(m[static_cast<size_t>(i)]));
        amax_v[i / 256] = std::max(amax_v[i / 256], std::fabs(v[static_cast<size_t>(i)]));
    }
    const at::Tensor got_var = dvar.Storage(), got_m = dm.Storage(), got_v = dv.Storage();
    int mismatched_m = 0, mismatched_v = 0;
    for (int i = 0; i < n; ++i) {
        const size_t k = static_cast<size_t>(i);
        EXPECT_NEAR(got_var[i].item<double>(), want_var[k], 1e-5 * std::fabs(want_var[k]) + 1e-6) << i;
        const float nm = m[k] / amax_m[i / 256], nv = v[k] / amax_v[i / 256];
        int cm = QuantRef::Search(nm, qmf);
        const float es = QuantRef::Sign(qmf[static_cast<size_t>(cm)]);
        if (QuantRef::Sign(nm) != es) cm += es < 0 ? -1 : 1;
        const int cv = QuantRef::Search(nv, qvf);
        mismatched_m += got_m[i].item<int64_t>() != ((cm + 256) % 256);
        mismatched_v += got_v[i].item<int64_t>() != cv;
    }
    EXPECT_EQ(mismatched_m, 0);
    EXPECT_EQ(mismatched_v, 0);
    ExpectValues(dam.Storage(), {amax_m[0], amax_m[1]}, 1e-6, 0);
    ExpectValues(dav.Storage(), {amax_v[0], amax_v[1]}, 1e-6, 0);
    // the codes are in the map's range and the states' signs survive
    EXPECT_GT(got_m.max().item<double>(), 128);
    EXPECT_LT(got_m.min().item<double>(), 127);
}

TEST(ReferenceTrainExtraApplyAdamWQuant, Checks) {
    Dev var(std::vector<double>(256), at::kFloat, {256}), grad(std::vector<double>(256), at::kFloat, {256});
    Dev hgrad(std::vector<double>(256), at::kHalf, {256}), m(std::vector<double>(256), at::kByte, {256});
    Dev m8(std::vector<double>(256), at::kChar, {256}), q(std::vector<double>(256), at::kFloat, {256});
    Dev q128(std::vector<double>(128), at::kFloat, {128}), a1({1.0}, at::kFloat, {1}), a2({1.0, 1.0}, at::kFloat, {2});
    Dev step({0}, at::kLong, {1}), step2({0, 0}, at::kLong, {2});
    char mode[] = "BLOCKWISE";
    auto call = [&](const aclTensor* g, aclTensor* mm, const aclTensor* qq, aclTensor* aa, const aclTensor* st,
                    int64_t bs) {
        return [=, &var, &m, &q, &a1, &mode](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnApplyAdamWQuantGetWorkspaceSize(var.t, g, mm, m.t, q.t, qq, a1.t, aa, st, 0.001, 0.9, 0.999,
                                                        0.0, 1e-8, 1.0, mode, bs, ws, ex);
        };
    };
    ExpectFails(call(grad.t, m.t, q.t, nullptr, step.t, 256), ACLNN_ERR_PARAM_NULLPTR, "argument absmaxVRef.");
    ExpectFails(call(hgrad.t, m.t, q.t, a1.t, step.t, 256), ACLNN_ERR_PARAM_INVALID, "Expected grad to have varRef's dtype");
    ExpectFails(call(grad.t, m8.t, q.t, a1.t, step.t, 256), ACLNN_ERR_PARAM_INVALID, "Tensor mRef not implemented for DT_INT8");
    ExpectFails(call(grad.t, m.t, q.t, a1.t, step.t, 128), ACLNN_ERR_INNER_TILING_ERROR, "attr block_size should be 256");
    ExpectFails(call(grad.t, m.t, q128.t, a1.t, step.t, 256), ACLNN_ERR_INNER_TILING_ERROR,
                "qmapM and qmapV should be same shape");
    ExpectFails(call(grad.t, m.t, q.t, a2.t, step.t, 256), ACLNN_ERR_INNER_TILING_ERROR,
                "absmaxM and absmaxV should each contain ceil(var size / block_size) elements");
    ExpectFails(call(grad.t, m.t, q.t, a1.t, step2.t, 256), ACLNN_ERR_INNER_TILING_ERROR, "step should have only one element");
}

// ================================================================================ FusedAdamw

// torch's _fused_adamw_ in double for one tensor (the kernel's order: decay, moments, then the step).
void FusedAdamwExpect(std::vector<double> p, const std::vector<double>& g0, std::vector<double> m,
                      std::vector<double> v, std::vector<double>* vmax, double step, double lr, double b1, double b2,
                      double wd, double eps, bool amsgrad, bool maximize, double grad_scale, std::vector<double>* p_out,
                      std::vector<double>* m_out, std::vector<double>* v_out) {
    const double t = step + 1;
    const double bc1 = 1 - std::pow(b1, t), bc2 = std::sqrt(1 - std::pow(b2, t));
    for (size_t i = 0; i < p.size(); ++i) {
        double g = g0[i] / grad_scale;
        if (maximize) g = -g;
        p[i] *= 1 - lr * wd;
        m[i] = m[i] * b1 + g * (1 - b1);
        v[i] = v[i] * b2 + g * g * (1 - b2);
        double s = v[i];
        if (amsgrad) {
            (*vmax)[i] = std::max((*vmax)[i], v[i]);
            s = (*vmax)[i];
        }
        p[i] -= lr / bc1 * m[i] / (std::sqrt(s) / bc2 + eps);
    }
    *p_out = p;
    *m_out = m;
    *v_out = v;
}

TEST(ReferenceTrainExtraFusedAdamw, TwoTensorsAmsgradGradScale) {
    const std::vector<double> p0 = {1.0, -2.0, 0.5}, p1 = {3.0, 0.25};
    const std::vector<double> g0 = {0.5, -1.0, 2.0}, g1 = {-0.75, 1.5};
    const std::vector<double> m0 = {0.1, 0.0, -0.2}, m1 = {0.3, -0.1};
    const std::vector<double> v0 = {0.01, 0.02, 0.0}, v1 = {0.04, 0.5};
    const std::vector<double> x0 = {0.5, 0.0, 0.5}, x1 = {0.0, 1.0};
    for (bool amsgrad : {false, true}) {
        auto two = [](const std::vector<double>& a, const std::vector<double>& b) {
            std::vector<std::unique_ptr<Dev>> d;
            d.push_back(MakeDev(a, at::kFloat, {static_cast<int64_t>(a.size())}));
            d.push_back(MakeDev(b, at::kFloat, {static_cast<int64_t>(b.size())}));
            return d;
        };
        auto pd = two(p0, p1), gd = two(g0, g1), md = two(m0, m1), vd = two(v0, v1), xd = two(x0, x1);
        Dev* pp[2] = {pd[0].get(), pd[1].get()};
        Dev* mp[2] = {md[0].get(), md[1].get()};
        Dev* vp[2] = {vd[0].get(), vd[1].get()};
        Dev* xp[2] = {xd[0].get(), xd[1].get()};
        DevList params(std::move(pd)), grads(std::move(gd)), ms(std::move(md)), vs(std::move(vd)), xs(std::move(xd));
        std::vector<std::unique_ptr<Dev>> sd;
        sd.push_back(MakeDev({2}, at::kLong, {1}));
        sd.push_back(MakeDev({5}, at::kLong, {1}));
        DevList steps(std::move(sd));
        Dev scale({2.0}, at::kFloat, {1});
        const double lr = 0.1, b1 = 0.9, b2 = 0.999, wd = 0.01, eps = 1e-8;
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnFusedAdamwGetWorkspaceSize(params.list, grads.list, ms.list, vs.list, xs.list,
                                                             steps.list, scale.t, nullptr, lr, b1, b2, wd, eps, amsgrad,
                                                             true, ws, ex);
                  }, aclnnFusedAdamw),
                  0)
            << LastError();
        const std::vector<double>* P[2] = {&p0, &p1};
        const std::vector<double>* G[2] = {&g0, &g1};
        const std::vector<double>* M[2] = {&m0, &m1};
        const std::vector<double>* V[2] = {&v0, &v1};
        const std::vector<double>* X[2] = {&x0, &x1};
        const double st[2] = {2, 5};
        for (int k = 0; k < 2; ++k) {
            std::vector<double> vmax = *X[k], ep, em, ev;
            FusedAdamwExpect(*P[k], *G[k], *M[k], *V[k], &vmax, st[k], lr, b1, b2, wd, eps, amsgrad, true, 2.0, &ep,
                             &em, &ev);
            ExpectValues(pp[k]->Storage(), ep, 1e-5, 1e-6);
            ExpectValues(mp[k]->Storage(), em, 1e-6, 1e-7);
            ExpectValues(vp[k]->Storage(), ev, 1e-6, 1e-7);
            ExpectValues(xp[k]->Storage(), vmax, 1e-6, 1e-7);  // unchanged without amsgrad
        }
    }
}

// foundInfOptional holding 1.0: nothing is written; a NULL maxExpAvgSqsRef without amsgrad.
TEST(ReferenceTrainExtraFusedAdamw, FoundInfSkipsAndChecks) {
    auto one = [](const std::vector<double>& a, at::ScalarType t = at::kFloat) {
        std::vector<std::unique_ptr<Dev>> d;
        d.push_back(MakeDev(a, t, {static_cast<int64_t>(a.size())}));
        return d;
    };
    auto pd = one({1.0, 2.0});
    Dev* p = pd[0].get();
    DevList params(std::move(pd)), grads(one({0.5, 0.5})), ms(one({0.0, 0.0})), vs(one({0.0, 0.0}));
    DevList steps(one({0}, at::kLong)), hsteps(one({0}, at::kInt)), hgrads(one({0.5, 0.5}, at::kHalf));
    DevList two_steps([] {
        std::vector<std::unique_ptr<Dev>> d;
        d.push_back(MakeDev({0}, at::kLong, {1}));
        d.push_back(MakeDev({0}, at::kLong, {1}));
        return d;
    }());
    Dev found({1.0}, at::kFloat, {1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnFusedAdamwGetWorkspaceSize(params.list, grads.list, ms.list, vs.list, nullptr, steps.list,
                                                         nullptr, found.t, 0.1, 0.9, 0.999, 0.0, 1e-8, false, false, ws,
                                                         ex);
              }, aclnnFusedAdamw),
              0)
        << LastError();
    ExpectValues(p->Storage(), {1.0, 2.0}, 0, 0);
    auto call = [&](const aclTensorList* g, const aclTensorList* st, double lr, bool amsgrad) {
        return [&, g, st, lr, amsgrad](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnFusedAdamwGetWorkspaceSize(params.list, g, ms.list, vs.list, nullptr, st, nullptr, nullptr, lr,
                                                   0.9, 0.999, 0.0, 1e-8, amsgrad, false, ws, ex);
        };
    };
    ExpectFails(call(grads.list, steps.list, -0.1, false), ACLNN_ERR_PARAM_INVALID, "The lr[-0.100000] shoule be greater");
    ExpectFails(call(grads.list, steps.list, 0.1, true), ACLNN_ERR_PARAM_INVALID,
                "When amsgrad is true, maxExpAvgSqsRef should not be nullptr.");
    ExpectFails(call(nullptr, steps.list, 0.1, false), ACLNN_ERR_PARAM_NULLPTR, "argument grads.");
    ExpectFails(call(grads.list, two_steps.list, 0.1, false), ACLNN_ERR_PARAM_INVALID,
                "stateSteps tensor count does not match params.");
    ExpectFails(call(grads.list, hsteps.list, 0.1, false), ACLNN_ERR_PARAM_INVALID,
                "Tensor stateSteps[0] not implemented for DT_INT32");
    ExpectFails(call(hgrads.list, steps.list, 0.1, false), ACLNN_ERR_PARAM_INVALID,
                "expects all input tensors with the same dtype.");
}

// ================================================================================ AdvanceStep

// CANN's example: numSeqs 8, numQueries 4, blockSize 2, every tensor 0..7 (blockTables [8, 1]).
TEST(ReferenceTrainExtraAdvanceStep, ExampleValues) {
    const std::vector<double> seq = {0, 1, 2, 3, 4, 5, 6, 7};
    Dev tokens(seq, at::kLong, {8, 1}), sampled({0, 1, 2, 3}, at::kLong, {4, 1}), positions(seq, at::kLong, {8, 1});
    Dev lens(seq, at::kLong, {8, 1}), slots(seq, at::kLong, {8, 1}), table(seq, at::kLong, {8, 1});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAdvanceStepGetWorkspaceSize(tokens.t, sampled.t, positions.t, lens.t, slots.t, table.t,
                                                          8, 4, 2, ws, ex);
              }, aclnnAdvanceStep),
              0)
        << LastError();
    // for i < 4: pos = seqLens[i] = i; block = table.flat[i / 2] = i / 2; slot = (i / 2 + 1 * i) * 2 + i % 2
    ExpectValues(tokens.Storage(), {0, 1, 2, 3, 0, 0, 0, 0}, 0, 0);
    ExpectValues(positions.Storage(), {0, 1, 2, 3, 0, 0, 0, 0}, 0, 0);
    ExpectValues(lens.Storage(), {1, 2, 3, 4, 4, 5, 6, 7}, 0, 0);
    ExpectValues(slots.Storage(), {0, 3, 6, 9, -1, -1, -1, -1}, 0, 0);
    ExpectValues(table.Storage(), seq, 0, 0);  // read, not written
}

// The kernel's indexing: the block number read at blockTables.flat[pos / blockSize] (not row i), plus the row
// length times i; C division and remainder.
TEST(ReferenceTrainExtraAdvanceStep, BlockIndexing) {
    Dev tokens({9, 9, 9}, at::kLong, {3}), sampled({5, 6}, at::kLong, {2, 1}), positions({9, 9, 9}, at::kLong, {3});
    Dev lens({7, 2, 9}, at::kLong, {3}), slots({9, 9, 9}, at::kLong, {3});
    Dev table({10, 11, 12, 20, 21, 22, 30, 31, 32}, at::kLong, {3, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAdvanceStepGetWorkspaceSize(tokens.t, sampled.t, positions.t, lens.t, slots.t, table.t,
                                                          3, 2, 4, ws, ex);
              }, aclnnAdvanceStep),
              0)
        << LastError();
    // i = 0: pos 7 -> flat[1] = 11, slot = (11 + 0) * 4 + 3 = 47; i = 1: pos 2 -> flat[0] = 10, (10 + 3) * 4 + 2 = 54
    ExpectValues(slots.Storage(), {47, 54, -1}, 0, 0);
    ExpectValues(lens.Storage(), {8, 3, 9}, 0, 0);
    ExpectValues(positions.Storage(), {7, 2, 0}, 0, 0);
    ExpectValues(tokens.Storage(), {5, 6, 0}, 0, 0);
}

// A block index past blockTables fails the second phase (561000), nothing read past it.
TEST(ReferenceTrainExtraAdvanceStep, BlockIndexOutsideTable) {
    Dev tokens({0, 0}, at::kLong, {2}), sampled({1}, at::kLong, {1, 1}), positions({0, 0}, at::kLong, {2});
    Dev lens({100, 0}, at::kLong, {2}), slots({0, 0}, at::kLong, {2}), table({1, 2}, at::kLong, {2, 1});
    EXPECT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAdvanceStepGetWorkspaceSize(tokens.t, sampled.t, positions.t, lens.t, slots.t, table.t,
                                                          2, 1, 4, ws, ex);
              }, aclnnAdvanceStep),
              561000);
}

TEST(ReferenceTrainExtraAdvanceStep, Checks) {
    Dev t4(std::vector<double>(4), at::kLong, {4}), t5(std::vector<double>(5), at::kLong, {5});
    Dev s2(std::vector<double>(2), at::kLong, {2, 1}), s22(std::vector<double>(4), at::kLong, {2, 2});
    Dev f4(std::vector<double>(4), at::kFloat, {4}), tab(std::vector<double>(8), at::kLong, {4, 2});
    auto call = [&](const aclTensor* tok, const aclTensor* smp, const aclTensor* pos, int64_t seqs, int64_t q,
                    int64_t bs) {
        return [=, &t4, &tab](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAdvanceStepGetWorkspaceSize(tok, smp, pos, t4.t, t4.t, tab.t, seqs, q, bs, ws, ex);
        };
    };
    ExpectFails(call(t4.t, nullptr, t4.t, 4, 2, 4), ACLNN_ERR_PARAM_NULLPTR, "argument sampledTokenIds.");
    ExpectFails(call(t4.t, s2.t, f4.t, 4, 2, 4), ACLNN_ERR_PARAM_INVALID, "Tensor inputPositions not implemented for DT_FLOAT");
    ExpectFails(call(t4.t, s2.t, t4.t, 4, 2, 0), ACLNN_ERR_INNER_TILING_ERROR, "Non-positive attr block_size");
    ExpectFails(call(t4.t, s2.t, t4.t, 2, 2, 4), ACLNN_ERR_INNER_TILING_ERROR,
                "numSeqs 2 should not be smaller or equal to numQueries 2");
    ExpectFails(call(t5.t, s2.t, t4.t, 4, 2, 4), ACLNN_ERR_INNER_TILING_ERROR, "numSeqs 4 should equal to inputTokens's dim 5");
    ExpectFails(call(t4.t, s22.t, t4.t, 4, 2, 4), ACLNN_ERR_INNER_TILING_ERROR, "sampledTokenIds's last dim should be 1");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        ExpectFails(call(t4.t, s2.t, t4.t, 4, 2, 4), ACLNN_ERR_PARAM_INVALID, "not implemented for DT_INT64");
    }
}

// ================================================================================ AdvanceStepV2

// The spec path (specToken and acceptedNum given): worked by hand from advance_step_spec.h's steps.
TEST(ReferenceTrainExtraAdvanceStepV2, SpecPath) {
    Dev tokens({0, 0, 0, 0}, at::kLong, {4}), sampled({5, -1, 8, 9}, at::kLong, {2, 2});
    Dev positions({3, 4, 6, 7}, at::kLong, {4}), lens({0, 0, 0, 0}, at::kLong, {4}), slots({0, 0, 0, 0}, at::kLong, {4});
    Dev table({10, 11, 12, 20, 21, 22}, at::kLong, {2, 3}), spec({11, 12}, at::kLong, {2, 1});
    Dev accepted({0, 2}, at::kLong, {2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAdvanceStepV2GetWorkspaceSize(tokens.t, sampled.t, positions.t, lens.t, slots.t, table.t,
                                                            spec.t, accepted.t, 2, 2, 4, ws, ex);
              }, aclnnAdvanceStepV2),
              0)
        << LastError();
    // row 0: p = 3 + 0 + 1, 4 + 0 + 1; block 1 of row 0 (11); the token before the first -1 (5), then the spec token
    // row 1: p = 9, 10; block 2 of row 1 (22); no -1: the last token (9)
    ExpectValues(positions.Storage(), {4, 5, 9, 10}, 0, 0);
    ExpectValues(lens.Storage(), {5, 6, 10, 11}, 0, 0);
    ExpectValues(slots.Storage(), {44, 45, 89, 90}, 0, 0);
    ExpectValues(tokens.Storage(), {5, 11, 9, 12}, 0, 0);
}

// Without specToken / acceptedNum: aclnnAdvanceStep's legacy path and checks.
TEST(ReferenceTrainExtraAdvanceStepV2, LegacyPathAndChecks) {
    Dev tokens({9, 9, 9}, at::kLong, {3}), sampled({5, 6}, at::kLong, {2, 1}), positions({9, 9, 9}, at::kLong, {3});
    Dev lens({7, 2, 9}, at::kLong, {3}), slots({9, 9, 9}, at::kLong, {3});
    Dev table({10, 11, 12, 20, 21, 22, 30, 31, 32}, at::kLong, {3, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAdvanceStepV2GetWorkspaceSize(tokens.t, sampled.t, positions.t, lens.t, slots.t, table.t,
                                                            nullptr, nullptr, 3, 2, 4, ws, ex);
              }, aclnnAdvanceStepV2),
              0)
        << LastError();
    ExpectValues(slots.Storage(), {47, 54, -1}, 0, 0);
    Dev spec3({1, 2, 3}, at::kLong, {3, 1}), acc2({1, 1}, at::kLong, {2}), acc3({1, 1, 1}, at::kLong, {3});
    auto call = [&](const aclTensor* sp, const aclTensor* ac) {
        return [&, sp, ac](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnAdvanceStepV2GetWorkspaceSize(tokens.t, sampled.t, positions.t, lens.t, slots.t, table.t, sp, ac,
                                                      3, 2, 4, ws, ex);
        };
    };
    ExpectFails(call(spec3.t, acc2.t), ACLNN_ERR_INNER_TILING_ERROR, "acceptedNum shape is not [num_seqs, ].");
    // both given: the spec path's shapes (inputTokens [3 * 2] expected)
    ExpectFails(call(spec3.t, acc3.t), ACLNN_ERR_INNER_TILING_ERROR,
                "inputTokens shape is not [num_seqs * (1 + spec_num),].");
}

// A row of sampledTokenIds starting with its minimum (the kernel would read before the row): 561000.
TEST(ReferenceTrainExtraAdvanceStepV2, RowStartingWithMinimum) {
    Dev tokens({0, 0}, at::kLong, {2}), sampled({-1, 4}, at::kLong, {1, 2}), positions({0, 1}, at::kLong, {2});
    Dev lens({0, 0}, at::kLong, {2}), slots({0, 0}, at::kLong, {2}), table({1, 2}, at::kLong, {1, 2});
    Dev spec({3}, at::kLong, {1, 1}), accepted({0}, at::kLong, {1});
    EXPECT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnAdvanceStepV2GetWorkspaceSize(tokens.t, sampled.t, positions.t, lens.t, slots.t, table.t,
                                                            spec.t, accepted.t, 1, 1, 4, ws, ex);
              }, aclnnAdvanceStepV2),
              561000);
}

// ================================================================================ ForeachNonFiniteCheckAndUnscale

TEST(ReferenceTrainExtraNonFiniteCheckAndUnscale, FiniteAndNonFinite) {
    const double inf = std::numeric_limits<double>::infinity();
    // one dtype per list: a FLOAT list, then a FLOAT16 list with an infinity
    {
        std::vector<std::unique_ptr<Dev>> d;
        d.push_back(MakeDev({1.0, -2.0, 4.0, 8.0}, at::kFloat, {2, 2}));
        d.push_back(MakeDev({0.5, 3.0, -6.0}, at::kFloat, {3}));
        Dev* g0 = d[0].get();
        Dev* g1 = d[1].get();
        DevList grads(std::move(d));
        Dev found({0.0}, at::kFloat, {1}), inv({0.25}, at::kFloat, {1});
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnForeachNonFiniteCheckAndUnscaleGetWorkspaceSize(grads.list, found.t, inv.t, ws, ex);
                  }, aclnnForeachNonFiniteCheckAndUnscale),
                  0)
            << LastError();
        ExpectValues(g0->Storage(), {0.25, -0.5, 1.0, 2.0}, 0, 0);
        ExpectValues(g1->Storage(), {0.125, 0.75, -1.5}, 0, 0);
        ExpectValues(found.Storage(), {0.0}, 0, 0);  // nothing non-finite: left as it was
    }
    {
        std::vector<std::unique_ptr<Dev>> d;
        d.push_back(MakeDev({1.0, 2.0}, at::kHalf, {2}));
        d.push_back(MakeDev({0.5, inf, std::nan("")}, at::kHalf, {3}));
        Dev* g0 = d[0].get();
        Dev* g1 = d[1].get();
        DevList grads(std::move(d));
        Dev found({0.0}, at::kFloat, {1}), inv({0.5}, at::kFloat, {1});
        ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                      return aclnnForeachNonFiniteCheckAndUnscaleGetWorkspaceSize(grads.list, found.t, inv.t, ws, ex);
                  }, aclnnForeachNonFiniteCheckAndUnscale),
                  0)
            << LastError();
        ExpectValues(g0->Storage(), {0.5, 1.0}, 0, 0);
        const at::Tensor g = g1->Storage();
        EXPECT_EQ(g[0].item<double>(), 0.25);
        EXPECT_TRUE(std::isinf(g[1].item<double>()));
        EXPECT_TRUE(std::isnan(g[2].item<double>()));
        ExpectValues(found.Storage(), {1.0}, 0, 0);
    }
}

TEST(ReferenceTrainExtraNonFiniteCheckAndUnscale, Checks) {
    std::vector<std::unique_ptr<Dev>> d;
    d.push_back(MakeDev({1.0, 2.0}, at::kFloat, {2}));
    d.push_back(MakeDev({1.0, 2.0}, at::kHalf, {2}));
    DevList mixed(std::move(d));
    std::vector<std::unique_ptr<Dev>> e;
    e.push_back(MakeDev({1.0, 2.0}, at::kFloat, {2}));
    DevList ok(std::move(e));
    DevList empty(std::vector<std::unique_ptr<Dev>>{});
    Dev found({0.0}, at::kFloat, {1}), inv({1.0}, at::kFloat, {1}), hinv({1.0}, at::kHalf, {1});
    Dev inv2({1.0, 1.0}, at::kFloat, {2});
    auto call = [](const aclTensorList* l, const aclTensor* f, const aclTensor* i) {
        return [=](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnForeachNonFiniteCheckAndUnscaleGetWorkspaceSize(l, f, i, ws, ex);
        };
    };
    ExpectFails(call(nullptr, found.t, inv.t), ACLNN_ERR_PARAM_NULLPTR, "argument scaledGrads.");
    ExpectFails(call(ok.list, nullptr, inv.t), ACLNN_ERR_PARAM_NULLPTR, "argument foundInf.");
    ExpectFails(call(ok.list, found.t, hinv.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor invScale dtype DT_FLOAT16 should be in dtype support list DT_FLOAT.");
    ExpectFails(call(mixed.list, found.t, inv.t), ACLNN_ERR_INNER_TILING_ERROR, "scaledGrads[1] is DT_FLOAT16");
    ExpectFails(call(empty.list, found.t, inv.t), ACLNN_ERR_INNER_TILING_ERROR, "within the range (0, 256], but got 0");
    ExpectFails(call(ok.list, found.t, inv2.t), ACLNN_ERR_INNER_TILING_ERROR, "The shape size of inv_scale should be 1");
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        ExpectFails(call(ok.list, found.t, inv.t), ACLNN_ERR_PARAM_INVALID, "is not supported on");
    }
}

// ================================================================================ ScatterList

// CANN's example: one var [5, 3, 4] of zeros, updates [1, 5, 3, 4] of tens, indice [[0, 1]] (start 0, length 1),
// axis -2: var[0][:, 0:1, :] = 10.
TEST(ReferenceTrainExtraScatterList, ExampleTwoDimIndice) {
    std::vector<std::unique_ptr<Dev>> d;
    d.push_back(MakeDev(std::vector<double>(60, 0.0), at::kFloat, {5, 3, 4}));
    Dev* v0 = d[0].get();
    DevList var(std::move(d));
    Dev indice({0, 1}, at::kLong, {1, 2}), updates(std::vector<double>(60, 10.0), at::kFloat, {1, 5, 3, 4});
    char reduce[] = "update";
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnScatterListGetWorkspaceSize(var.list, indice.t, updates.t, nullptr, reduce, -2, ws, ex);
              }, aclnnScatterList),
              0)
        << LastError();
    std::vector<double> want(60, 0.0);
    for (int a = 0; a < 5; ++a) {
        for (int c = 0; c < 4; ++c) want[static_cast<size_t>(a * 12 + c)] = 10.0;  // row 0 of each [3, 4] block
    }
    ExpectValues(v0->Storage(), want, 0, 0);
}

// 1-D indice (start per tensor, the whole of updates' axis), a mask skipping one tensor, the last axis.
TEST(ReferenceTrainExtraScatterList, OneDimIndiceMaskLastAxis) {
    std::vector<std::unique_ptr<Dev>> d;
    d.push_back(MakeDev(std::vector<double>(10, 0.0), at::kFloat, {2, 5}));
    d.push_back(MakeDev(std::vector<double>(10, 0.0), at::kFloat, {2, 5}));
    d.push_back(MakeDev(std::vector<double>(10, 0.0), at::kFloat, {2, 5}));
    Dev* v0 = d[0].get();
    Dev* v1 = d[1].get();
    Dev* v2 = d[2].get();
    DevList var(std::move(d));
    std::vector<double> u(12);
    for (int i = 0; i < 12; ++i) u[static_cast<size_t>(i)] = i + 1;  // updates[b][r][k] = b * 4 + r * 2 + k + 1
    Dev updates(u, at::kFloat, {3, 2, 2}), indice({3, 1, 4}, at::kInt, {3}), mask({1, 0, 1}, at::kByte, {3});
    char reduce[] = "update";
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnScatterListGetWorkspaceSize(var.list, indice.t, updates.t, mask.t, reduce, -1, ws, ex);
              }, aclnnScatterList),
              0)
        << LastError();
    ExpectValues(v0->Storage(), {0, 0, 0, 1, 2, 0, 0, 0, 3, 4}, 0, 0);
    ExpectValues(v1->Storage(), std::vector<double>(10, 0.0), 0, 0);  // mask 0
    ExpectValues(v2->Storage(), {0, 0, 0, 0, 9, 0, 0, 0, 0, 11}, 0, 0);  // start 4: clipped to one element
}

TEST(ReferenceTrainExtraScatterList, Checks) {
    auto list = [](std::vector<int64_t> shape, at::ScalarType t) {
        int64_t n = 1;
        for (int64_t x : shape) n *= x;
        std::vector<std::unique_ptr<Dev>> d;
        d.push_back(MakeDev(std::vector<double>(static_cast<size_t>(n)), t, shape));
        return std::unique_ptr<DevList>(new DevList(std::move(d)));
    };
    auto var = list({3, 4}, at::kFloat);
    auto hvar = list({3, 4}, at::kHalf);
    auto dvar = list({3, 4}, at::kDouble);
    Dev indice({0}, at::kLong, {1}), findice({0}, at::kFloat, {1}), updates(std::vector<double>(8), at::kFloat, {1, 2, 4});
    Dev big(std::vector<double>(16), at::kFloat, {1, 4, 4}), two(std::vector<double>(16), at::kFloat, {2, 2, 4});
    Dev mask2(std::vector<double>(2), at::kByte, {2});
    char update[] = "update", add[] = "add";
    auto call = [](const DevList& v, const aclTensor* i, const aclTensor* u, const aclTensor* m, char* r, int64_t axis) {
        return [&v, i, u, m, r, axis](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnScatterListGetWorkspaceSize(v.list, i, u, m, r, axis, ws, ex);
        };
    };
    ExpectFails(call(*var, nullptr, updates.t, nullptr, update, -2), ACLNN_ERR_PARAM_NULLPTR, "argument indice.");
    ExpectFails(call(*dvar, indice.t, updates.t, nullptr, update, -2), ACLNN_ERR_PARAM_INVALID,
                "Tensor varRef[0] dtype DT_DOUBLE should be in dtype support list");
    ExpectFails(call(*hvar, indice.t, updates.t, nullptr, update, -2), ACLNN_ERR_PARAM_INVALID,
                "Tensor updates dtype DT_FLOAT should be varRef's dtype DT_FLOAT16.");
    ExpectFails(call(*var, findice.t, updates.t, nullptr, update, -2), ACLNN_ERR_PARAM_INVALID,
                "Tensor indice dtype DT_FLOAT should be in dtype support list DT_INT32, DT_INT64.");
    ExpectFails(call(*var, indice.t, two.t, nullptr, update, -2), ACLNN_ERR_INNER_TILING_ERROR,
                "The tensor number of varRef (1) must equal updates' first dim (2).");
    ExpectFails(call(*var, indice.t, updates.t, nullptr, update, 0), ACLNN_ERR_INNER_TILING_ERROR, "axis 0 is out of range");
    ExpectFails(call(*var, indice.t, big.t, nullptr, update, -2), ACLNN_ERR_INNER_TILING_ERROR,
                "updates' size at the axis (4) must not exceed varRef's (3).");
    ExpectFails(call(*var, indice.t, updates.t, mask2.t, update, -2), ACLNN_ERR_INNER_TILING_ERROR,
                "The first dim of mask (2) must equal the first dim of updates (1).");
    ExpectFails(call(*var, indice.t, updates.t, nullptr, add, -2), ACLNN_ERR_INNER_TILING_ERROR,
                "reduce only supports \"update\" now");
    // a NULL reduceOptional is the definition's default, "update"
    EXPECT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnScatterListGetWorkspaceSize(var->list, indice.t, updates.t, nullptr, nullptr, -2, ws, ex);
              }, aclnnScatterList),
              0)
        << LastError();
}

}  // namespace nn_train_extra_reference_test
