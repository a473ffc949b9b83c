// The reference tier's transcendental foreach operators through the public API (docs/ops/nn_foreach.md): every
// operator's values against closed forms computed here in double (std::exp, std::erfc, ...; not the library's
// helpers) over lists of tensors of different shapes and views, FLOAT16 rounded once, the integer dtypes of
// aclnnForeachExp on Atlas A2 (rounded to the nearest integer, saturated), lists that alias (out = x), empty lists
// and long lists, the checks' codes per product, and ACLCPU_FIDELITY=exact. The table-driven suite
// (reference_table_test.cpp) runs each entry's cases on transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <unistd.h>
#include <vector>

#include "aclnnop/aclnn_foreach_a_cos_inplace.h"
#include "aclnnop/aclnn_foreach_acos.h"
#include "aclnnop/aclnn_foreach_add_list.h"
#include "aclnnop/aclnn_foreach_asin.h"
#include "aclnnop/aclnn_foreach_atan.h"
#include "aclnnop/aclnn_foreach_cos.h"
#include "aclnnop/aclnn_foreach_cosh.h"
#include "aclnnop/aclnn_foreach_erf.h"
#include "aclnnop/aclnn_foreach_erfc.h"
#include "aclnnop/aclnn_foreach_exp.h"
#include "aclnnop/aclnn_foreach_expm1.h"
#include "aclnnop/aclnn_foreach_log.h"
#include "aclnnop/aclnn_foreach_log10.h"
#include "aclnnop/aclnn_foreach_log1p.h"
#include "aclnnop/aclnn_foreach_log2.h"
#include "aclnnop/aclnn_foreach_log_inplace.h"
#include "aclnnop/aclnn_foreach_maximum_scalar.h"
#include "aclnnop/aclnn_foreach_mul_list_inplace.h"
#include "aclnnop/aclnn_foreach_pow_scalar_v2.h"
#include "aclnnop/aclnn_foreach_pow_list.h"
#include "aclnnop/aclnn_foreach_pow_scalar_and_tensor.h"
#include "aclnnop/aclnn_foreach_pow_scalar_list.h"
#include "aclnnop/aclnn_foreach_sigmoid.h"
#include "aclnnop/aclnn_foreach_sin.h"
#include "aclnnop/aclnn_foreach_sinh.h"
#include "aclnnop/aclnn_foreach_tan.h"
#include "aclnnop/aclnn_foreach_tanh.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace foreach_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::DevList;
using aclcpu_test::MakeDev;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::ProfileScope;
using aclcpu_test::RunPhases;
using aclcpu_test::Scalar;
using l1ref::Profile;

using First = aclnnStatus (*)(const aclTensorList*, const aclTensorList*, uint64_t*, aclOpExecutor**);
using Second = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

int RunList(First first, Second second, const DevList& x, const DevList& out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return first(x.list, out.list, ws, ex); }, second);
}

struct UnaryCase {
    const char* name;
    First first;
    Second second;
    double (*f)(double);
    double lo, hi;  // the domain the values are taken from
};

double Sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }
double Exp(double x) { return std::exp(x); }
double Expm1(double x) { return std::expm1(x); }
double Log(double x) { return std::log(x); }
double Log2(double x) { return std::log2(x); }
double Log10(double x) { return std::log10(x); }
double Log1p(double x) { return std::log1p(x); }
double Sin(double x) { return std::sin(x); }
double Cos(double x) { return std::cos(x); }
double Tan(double x) { return std::tan(x); }
double Sinh(double x) { return std::sinh(x); }
double Cosh(double x) { return std::cosh(x); }
double Tanh(double x) { return std::tanh(x); }
double Asin(double x) { return std::asin(x); }
double Acos(double x) { return std::acos(x); }
double Atan(double x) { return std::atan(x); }
double Erf(double x) { return std::erf(x); }
double Erfc(double x) { return std::erfc(x); }

const UnaryCase kCases[] = {
    {"Exp", aclnnForeachExpGetWorkspaceSize, aclnnForeachExp, Exp, -3.0, 3.0},
    {"Expm1", aclnnForeachExpm1GetWorkspaceSize, aclnnForeachExpm1, Expm1, -3.0, 3.0},
    {"Log", aclnnForeachLogGetWorkspaceSize, aclnnForeachLog, Log, 0.125, 9.0},
    {"Log2", aclnnForeachLog2GetWorkspaceSize, aclnnForeachLog2, Log2, 0.125, 9.0},
    {"Log10", aclnnForeachLog10GetWorkspaceSize, aclnnForeachLog10, Log10, 0.125, 9.0},
    {"Log1p", aclnnForeachLog1pGetWorkspaceSize, aclnnForeachLog1p, Log1p, -0.875, 9.0},
    {"Sin", aclnnForeachSinGetWorkspaceSize, aclnnForeachSin, Sin, -3.0, 3.0},
    {"Cos", aclnnForeachCosGetWorkspaceSize, aclnnForeachCos, Cos, -3.0, 3.0},
    {"Tan", aclnnForeachTanGetWorkspaceSize, aclnnForeachTan, Tan, -1.25, 1.25},
    {"Sinh", aclnnForeachSinhGetWorkspaceSize, aclnnForeachSinh, Sinh, -3.0, 3.0},
    {"Cosh", aclnnForeachCoshGetWorkspaceSize, aclnnForeachCosh, Cosh, -3.0, 3.0},
    {"Tanh", aclnnForeachTanhGetWorkspaceSize, aclnnForeachTanh, Tanh, -3.0, 3.0},
    {"Asin", aclnnForeachAsinGetWorkspaceSize, aclnnForeachAsin, Asin, -0.9375, 0.9375},
    {"Acos", aclnnForeachAcosGetWorkspaceSize, aclnnForeachAcos, Acos, -0.9375, 0.9375},
    {"Atan", aclnnForeachAtanGetWorkspaceSize, aclnnForeachAtan, Atan, -3.0, 3.0},
    {"Erf", aclnnForeachErfGetWorkspaceSize, aclnnForeachErf, Erf, -3.0, 3.0},
    {"Erfc", aclnnForeachErfcGetWorkspaceSize, aclnnForeachErfc, Erfc, -3.0, 3.0},
    {"Sigmoid", aclnnForeachSigmoidGetWorkspaceSize, aclnnForeachSigmoid, Sigmoid, -6.0, 6.0},
};

/// n values spread over [lo, hi], each exact in FLOAT16 (multiples of 1/64 inside the range).
std::vector<double> Spread(int64_t n, double lo, double hi, int64_t phase) {
    std::vector<double> v;
    for (int64_t i = 0; i < n; ++i) {
        const double t = static_cast<double>((i * 7 + phase) % n) / static_cast<double>(n > 1 ? n - 1 : 1);
        v.push_back(std::round((lo + (hi - lo) * t) * 64.0) / 64.0);
    }
    return v;
}

at::Tensor Closed(const std::vector<double>& v, double (*f)(double)) {
    std::vector<double> r;
    for (double x : v) r.push_back(f(x));
    return at::tensor(r, at::kDouble);
}

// Every operator on a list of three FLOAT tensors of different shapes (one a transposed view, one strided), against
// the closed form in double: within FLOAT's rounding and a few ULPs of ATen's vectorised functions.
TEST(ReferenceForeachUnary, EveryOperatorAgainstClosedForms) {
    for (const UnaryCase& c : kCases) {
        SCOPED_TRACE(c.name);
        const std::vector<double> a = Spread(6, c.lo, c.hi, 1), b = Spread(5, c.lo, c.hi, 2),
                                  d = Spread(8, c.lo, c.hi, 3);
        std::vector<std::unique_ptr<Dev>> xs, os;
        xs.push_back(MakeDev(a, at::kFloat, {2, 3}, {1, 2}));  // a [3, 2] storage viewed transposed
        xs.push_back(MakeDev(b, at::kFloat, {5}));
        xs.push_back(MakeDev(d, at::kFloat, {4}, {2}));  // every other element
        os.push_back(MakeDev(std::vector<double>(6, 7.0), at::kFloat, {2, 3}));
        os.push_back(MakeDev(std::vector<double>(5, 7.0), at::kFloat, {5}));
        os.push_back(MakeDev(std::vector<double>(4, 7.0), at::kFloat, {4}));
        DevList x(std::move(xs)), out(std::move(os));
        ASSERT_EQ(RunList(c.first, c.second, x, out), 0) << LastError();
        // the transposed view's element (i, j) is storage element i + 2 j
        const at::Tensor wa = Closed(a, c.f).as_strided({2, 3}, {1, 2}).reshape({6});
        const at::Tensor wd = Closed(d, c.f).as_strided({4}, {2});
        const at::Tensor want[] = {wa, Closed(b, c.f), wd};
        for (int k = 0; k < 3; ++k) {
            const at::Tensor got = out.devs[static_cast<size_t>(k)]->Storage();
            EXPECT_TRUE(at::allclose(got, want[k], 4e-6, 1e-6)) << k << ": got\n" << got << "\nwant\n" << want[k];
        }
    }
}

// FLOAT16 and BF16 are computed in FLOAT and rounded once: the result is the closed form rounded to the dtype
// (values chosen away from rounding ties).
TEST(ReferenceForeachUnary, Float16AndBf16RoundedOnce) {
    const std::vector<double> v = {-2.0, -0.75, 0.0, 0.5, 1.25, 2.5};
    for (at::ScalarType t : {at::kHalf, at::kBFloat16}) {
        std::vector<std::unique_ptr<Dev>> xs, os;
        xs.push_back(MakeDev(v, t, {6}));
        os.push_back(MakeDev(std::vector<double>(6, 0.0), t, {6}));
        DevList x(std::move(xs)), out(std::move(os));
        ASSERT_EQ(RunList(aclnnForeachExpGetWorkspaceSize, aclnnForeachExp, x, out), 0) << LastError();
        const at::Tensor want = Closed(v, Exp).to(t).to(at::kDouble);
        EXPECT_TRUE(at::equal(out.devs[0]->Storage(), want)) << out.devs[0]->Storage() << "\n" << want;
    }
}

// aclnnForeachExp's integer dtypes (Atlas A2/A3 only): computed in float (INT8 / UINT8 through half), rounded to
// the nearest integer, saturated to the dtype's range; the Ascend 950's list has no integer dtype.
TEST(ReferenceForeachUnary, IntegerExpOnAtlasA2) {
    {
        ProfileScope scope(Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        std::vector<std::unique_ptr<Dev>> xs, os;
        xs.push_back(MakeDev({-3, 0, 1, 2, 3, 10, 11}, at::kShort, {7}));
        os.push_back(MakeDev(std::vector<double>(7, 0.0), at::kShort, {7}));
        DevList x(std::move(xs)), out(std::move(os));
        ASSERT_EQ(RunList(aclnnForeachExpGetWorkspaceSize, aclnnForeachExp, x, out), 0) << LastError();
        // exp: 0.0498, 1, 2.718, 7.389, 20.09, 22026.5, 59874 (beyond INT16: 32767)
        EXPECT_EQ(out.devs[0]->Values(), (std::vector<double>{0, 1, 3, 7, 20, 22026, 32767}));

        std::vector<std::unique_ptr<Dev>> xs8, os8;
        xs8.push_back(MakeDev({0, 2, 4, 5}, at::kChar, {4}));
        xs8.push_back(MakeDev({0, 4, 5, 6}, at::kByte, {4}));
        os8.push_back(MakeDev(std::vector<double>(4, 0.0), at::kChar, {4}));
        os8.push_back(MakeDev(std::vector<double>(4, 0.0), at::kChar, {4}));
        DevList x8(std::move(xs8)), out8(std::move(os8));
        // two dtypes in one x list: the second tensor's dtype differs from x[0]'s (the tiling check, 561002)
        EXPECT_EQ(RunList(aclnnForeachExpGetWorkspaceSize, aclnnForeachExp, x8, out8), ACLNN_ERR_INNER_TILING_ERROR);
        std::vector<std::unique_ptr<Dev>> xu, ou;
        xu.push_back(MakeDev({0, 4, 5, 6}, at::kByte, {4}));
        ou.push_back(MakeDev(std::vector<double>(4, 0.0), at::kByte, {4}));
        DevList xu8(std::move(xu)), ou8(std::move(ou));
        ASSERT_EQ(RunList(aclnnForeachExpGetWorkspaceSize, aclnnForeachExp, xu8, ou8), 0) << LastError();
        // exp(5) = 148.41 is 148.375 in half -> 148; exp(6) = 403.4 saturates to 255
        EXPECT_EQ(ou8.devs[0]->Values(), (std::vector<double>{1, 55, 148, 255}));
        std::vector<std::unique_ptr<Dev>> xi, oi;
        xi.push_back(MakeDev({0, 2, 4, 5}, at::kChar, {4}));
        oi.push_back(MakeDev(std::vector<double>(4, 0.0), at::kChar, {4}));
        DevList xi8(std::move(xi)), oi8(std::move(oi));
        ASSERT_EQ(RunList(aclnnForeachExpGetWorkspaceSize, aclnnForeachExp, xi8, oi8), 0) << LastError();
        EXPECT_EQ(oi8.devs[0]->Values(), (std::vector<double>{1, 7, 55, 127}));
    }
    {
        ProfileScope scope(Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        std::vector<std::unique_ptr<Dev>> xs, os;
        xs.push_back(MakeDev({1, 2}, at::kShort, {2}));
        os.push_back(MakeDev({0, 0}, at::kShort, {2}));
        DevList x(std::move(xs)), out(std::move(os));
        ExpectFails(
            [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnForeachExpGetWorkspaceSize(x.list, out.list, ws, ex); },
            ACLNN_ERR_PARAM_INVALID, "Tensor x[0] dtype DT_INT16 should be in dtype support list");
    }
}

// The power forms: x1[i] ^ x2[i], x[i] ^ scalars[i] and scalar ^ x[i] against std::pow in double; an INT32 list's
// integer power is exact.
TEST(ReferenceForeachPow, ListsScalarListAndScalarBase) {
    const std::vector<double> a = {0.5, 1.5, 2.0, 3.0}, b = {2.0, -1.0, 0.5, 3.0}, c = {1.0, 4.0};
    std::vector<std::unique_ptr<Dev>> x1, x2, o;
    x1.push_back(MakeDev(a, at::kFloat, {4}));
    x1.push_back(MakeDev(c, at::kFloat, {2}));
    x2.push_back(MakeDev(b, at::kFloat, {4}));
    x2.push_back(MakeDev({3.0, 0.5}, at::kFloat, {2}));
    o.push_back(MakeDev(std::vector<double>(4, 7.0), at::kFloat, {4}));
    o.push_back(MakeDev(std::vector<double>(2, 7.0), at::kFloat, {2}));
    DevList l1(std::move(x1)), l2(std::move(x2)), out(std::move(o));
    int rc = RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnForeachPowListGetWorkspaceSize(l1.list, l2.list, out.list, ws, ex);
        },
        aclnnForeachPowList);
    ASSERT_EQ(rc, 0) << LastError();
    const at::Tensor want0 = at::tensor(std::vector<double>{0.25, 1.0 / 1.5, std::sqrt(2.0), 27.0});
    EXPECT_TRUE(at::allclose(out.devs[0]->Storage(), want0, 2e-6, 1e-7)) << out.devs[0]->Storage();
    EXPECT_TRUE(at::allclose(out.devs[1]->Storage(), at::tensor(std::vector<double>{1.0, 2.0}), 2e-6, 1e-7));

    // x[i] ^ scalars[i]: FLOAT scalars 2 and 0.5
    float e0 = 2.0f, e1 = 0.5f;
    aclScalar* items[2] = {aclCreateScalar(&e0, ACL_FLOAT), aclCreateScalar(&e1, ACL_FLOAT)};
    aclScalarList* scalars = aclCreateScalarList(items, 2);
    rc = RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnForeachPowScalarListGetWorkspaceSize(l1.list, scalars, out.list, ws, ex);
        },
        aclnnForeachPowScalarList);
    ASSERT_EQ(rc, 0) << LastError();
    const at::Tensor want1 = at::tensor(std::vector<double>{0.25, 2.25, 4.0, 9.0});
    EXPECT_TRUE(at::allclose(out.devs[0]->Storage(), want1, 2e-6, 1e-7)) << out.devs[0]->Storage();
    EXPECT_TRUE(at::allclose(out.devs[1]->Storage(), at::tensor(std::vector<double>{1.0, 2.0}), 2e-6, 1e-7));
    aclDestroyScalarList(scalars);

    // scalar ^ x[i] on an INT32 list: 3 ^ {0, 1, 2, 5} exactly
    std::vector<std::unique_ptr<Dev>> xi, oi;
    xi.push_back(MakeDev({0, 1, 2, 5}, at::kInt, {4}));
    oi.push_back(MakeDev({0, 0, 0, 0}, at::kInt, {4}));
    DevList li(std::move(xi)), lo(std::move(oi));
    const Scalar three(3.0f);
    rc = RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnForeachPowScalarAndTensorGetWorkspaceSize(three.s, li.list, lo.list, ws, ex);
        },
        aclnnForeachPowScalarAndTensor);
    ASSERT_EQ(rc, 0) << LastError();
    EXPECT_EQ(lo.devs[0]->Values(), (std::vector<double>{1, 3, 9, 243}));
}

// aclnnForeachPowScalarV2 (its op_api's checks: the scalar's dtype list by the list's dtype) and the Ascend 950's
// in-place forms (aclnnForeachLogInplace, aclnnForeachACosInplace: refused elsewhere).
TEST(ReferenceForeachPow, ScalarV2AndInPlaceForms) {
    {
        std::vector<std::unique_ptr<Dev>> xs, os;
        xs.push_back(MakeDev({0.5, 2.0, 3.0}, at::kFloat, {3}));
        os.push_back(MakeDev({7, 7, 7}, at::kFloat, {3}));
        DevList x(std::move(xs)), out(std::move(os));
        const Scalar two(2.0f);
        const int rc = RunPhases(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachPowScalarV2GetWorkspaceSize(x.list, two.s, out.list, ws, ex);
            },
            aclnnForeachPowScalarV2);
        ASSERT_EQ(rc, 0) << LastError();
        EXPECT_EQ(out.devs[0]->Values(), (std::vector<double>{0.25, 4.0, 9.0}));
        const int32_t i3 = 3;
        const Scalar int_scalar(&i3, ACL_INT32);  // a FLOAT list takes FLOAT or DOUBLE scalars
        ExpectFails(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachPowScalarV2GetWorkspaceSize(x.list, int_scalar.s, out.list, ws, ex);
            },
            ACLNN_ERR_PARAM_INVALID, "Tensor scalar not implemented for DT_INT32");
    }
    {
        ProfileScope scope(Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        const std::vector<double> v = {0.25, 1.0, 4.0}, w = {-0.5, 0.0, 1.0};
        std::vector<std::unique_ptr<Dev>> xs, ys;
        xs.push_back(MakeDev(v, at::kFloat, {3}));
        ys.push_back(MakeDev(w, at::kFloat, {3}));
        DevList x(std::move(xs)), y(std::move(ys));
        int rc = RunPhases(
            [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnForeachLogInplaceGetWorkspaceSize(x.list, ws, ex); },
            aclnnForeachLogInplace);
        ASSERT_EQ(rc, 0) << LastError();
        EXPECT_TRUE(at::allclose(x.devs[0]->Storage(), Closed(v, Log), 2e-6, 1e-7)) << x.devs[0]->Storage();
        rc = RunPhases(
            [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnForeachACosInplaceGetWorkspaceSize(y.list, ws, ex); },
            aclnnForeachACosInplace);
        ASSERT_EQ(rc, 0) << LastError();
        EXPECT_TRUE(at::allclose(y.devs[0]->Storage(), Closed(w, Acos), 2e-6, 1e-7)) << y.devs[0]->Storage();
    }
    {
        ProfileScope scope(Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        std::vector<std::unique_ptr<Dev>> xs;
        xs.push_back(MakeDev({1.0}, at::kFloat, {1}));
        DevList x(std::move(xs));
        ExpectFails(
            [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnForeachLogInplaceGetWorkspaceSize(x.list, ws, ex); },
            ACLNN_ERR_PARAM_INVALID, "aclnnForeachLogInplaceGetWorkspaceSize is not supported on Ascend910B");
    }
}

// The V1 forms with a one-element scalar tensor: max(x[i], scalar) (exact tier since), x1[i] + alpha * x2[i]; the
// Ascend 950's MulListInplace (exact tier since) writes x1; a reference-tier alpha tensor of two elements is refused
// (beyond CANN; the exact tier's V1 forms refuse it with the tiling's 561002, tests/operators/foreach_test.cpp).
TEST(ReferenceForeachV1, ScalarTensorsAndInPlaceLists) {
    ProfileScope scope(Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    std::vector<std::unique_ptr<Dev>> xs, ys, os;
    xs.push_back(MakeDev({-1.0, 0.5, 2.0}, at::kFloat, {3}));
    ys.push_back(MakeDev({4.0, 8.0, -2.0}, at::kFloat, {3}));
    os.push_back(MakeDev({7, 7, 7}, at::kFloat, {3}));
    DevList x(std::move(xs)), y(std::move(ys)), out(std::move(os));
    const Dev scalar({0.75}, at::kFloat, {1});
    int rc = RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnForeachMaximumScalarGetWorkspaceSize(x.list, scalar.t, out.list, ws, ex);
        },
        aclnnForeachMaximumScalar);
    ASSERT_EQ(rc, 0) << LastError();
    EXPECT_EQ(out.devs[0]->Values(), (std::vector<double>{0.75, 0.75, 2.0}));
    const Dev alpha({0.5}, at::kFloat, {1});
    rc = RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnForeachAddListGetWorkspaceSize(x.list, y.list, alpha.t, out.list, ws, ex);
        },
        aclnnForeachAddList);
    ASSERT_EQ(rc, 0) << LastError();
    EXPECT_EQ(out.devs[0]->Values(), (std::vector<double>{1.0, 4.5, 1.0}));
    rc = RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnForeachMulListInplaceGetWorkspaceSize(x.list, y.list, ws, ex);
        },
        aclnnForeachMulListInplace);
    ASSERT_EQ(rc, 0) << LastError();
    EXPECT_EQ(x.devs[0]->Values(), (std::vector<double>{-4.0, 4.0, -4.0}));
    const Dev two({1.0, 2.0}, at::kFloat, {2});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnForeachAddListGetWorkspaceSize(x.list, y.list, two.t, out.list, ws, ex);
        },
        ACLNN_ERR_PARAM_INVALID, "the scalar tensor must hold one element, but holds 2");
    // AddList's op_api: out checked for NULL first; a DOUBLE alpha passes its list and finds no kernel (561103)
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnForeachAddListGetWorkspaceSize(x.list, y.list, alpha.t, nullptr, ws, ex);
        },
        ACLNN_ERR_PARAM_NULLPTR, "argument out");
    const Dev alpha_d({0.5}, at::kDouble, {1});
    ExpectFails(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnForeachAddListGetWorkspaceSize(x.list, y.list, alpha_d.t, out.list, ws, ex);
        },
        ACLNN_ERR_INNER_NULLPTR, "no ForeachAddList kernel takes a DT_DOUBLE alpha");
    {  // INT8 lists: in the op definition's list, not in the op_api's (FLOAT, FLOAT16, INT32, BF16)
        ProfileScope a2(Profile::kAscend910B);
        ASSERT_TRUE(a2.ok());
        std::vector<std::unique_ptr<Dev>> is, js, ks;
        is.push_back(MakeDev({1, 2}, at::kChar, {2}));
        js.push_back(MakeDev({1, 2}, at::kChar, {2}));
        ks.push_back(MakeDev({0, 0}, at::kChar, {2}));
        DevList i8(std::move(is)), j8(std::move(js)), o8(std::move(ks));
        const Dev ia({1}, at::kInt, {1});
        ExpectFails(
            [&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachAddListGetWorkspaceSize(i8.list, j8.list, ia.t, o8.list, ws, ex);
            },
            ACLNN_ERR_PARAM_INVALID, "Tensor (*x1)[0] not implemented for DT_INT8");
    }
}

// The Ascend910 and Ascend310P have no configuration of these operators: every call is refused.
TEST(ReferenceForeachUnary, RefusedOnOlderProducts) {
    for (Profile p : {Profile::kAscend910, Profile::kAscend310P}) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        std::vector<std::unique_ptr<Dev>> xs, os;
        xs.push_back(MakeDev({1, 2}, at::kFloat, {2}));
        os.push_back(MakeDev({0, 0}, at::kFloat, {2}));
        DevList x(std::move(xs)), out(std::move(os));
        ExpectFails(
            [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnForeachSinGetWorkspaceSize(x.list, out.list, ws, ex); },
            ACLNN_ERR_PARAM_INVALID, "aclnnForeachSinGetWorkspaceSize is not supported on Ascend");
    }
}

// out may be x itself (in place: separate aclTensors over the same memory), a list may be empty, and a long list
// of tensors of different shapes (empty ones among them) is computed element by element.
TEST(ReferenceForeachUnary, InPlaceEmptyAndLongLists) {
    {
        const std::vector<double> v = {0.25, 0.5, 1.0, 2.0};
        std::vector<std::unique_ptr<Dev>> xs;
        xs.push_back(MakeDev(v, at::kFloat, {4}));
        DevList x(std::move(xs));
        const int64_t shape[1] = {4}, strides[1] = {1};
        aclTensor* alias =
            aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, x.devs[0]->buf.get());
        aclTensorList* out = aclCreateTensorList(&alias, 1);
        const int rc = RunPhases(
            [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnForeachLogGetWorkspaceSize(x.list, out, ws, ex); },
            aclnnForeachLog);
        ASSERT_EQ(rc, 0) << LastError();
        EXPECT_TRUE(at::allclose(x.devs[0]->Storage(), Closed(v, Log), 2e-6, 1e-7)) << x.devs[0]->Storage();
        aclDestroyTensorList(out);
    }
    {
        aclTensorList* empty = aclCreateTensorList(nullptr, 0);
        const int rc = RunPhases(
            [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnForeachTanhGetWorkspaceSize(empty, empty, ws, ex); },
            aclnnForeachTanh);
        EXPECT_EQ(rc, 0) << LastError();
        aclDestroyTensorList(empty);
    }
    {
        std::vector<std::unique_ptr<Dev>> xs, os;
        std::vector<std::vector<double>> vals;
        for (int k = 0; k < 64; ++k) {
            const int64_t n = k % 9;  // 0 .. 8 elements: empty tensors among them
            vals.push_back(Spread(n, -2.0, 2.0, k));
            xs.push_back(MakeDev(vals.back(), at::kFloat, {n}));
            os.push_back(MakeDev(std::vector<double>(static_cast<size_t>(n), 7.0), at::kFloat, {n}));
        }
        DevList x(std::move(xs)), out(std::move(os));
        ASSERT_EQ(RunList(aclnnForeachSigmoidGetWorkspaceSize, aclnnForeachSigmoid, x, out), 0) << LastError();
        for (size_t k = 0; k < 64; ++k) {
            if (vals[k].empty()) continue;
            EXPECT_TRUE(at::allclose(out.devs[k]->Storage(), Closed(vals[k], Sigmoid), 4e-6, 1e-7)) << k;
        }
    }
}

// The checks' codes: NULL lists (161001), lists of different lengths (561002), an out element of another dtype
// (161002), a NULL element (161002, beyond CANN), a shape that differs (561002).
TEST(ReferenceForeachUnary, Checks) {
    std::vector<std::unique_ptr<Dev>> xs, os, o2, o3;
    xs.push_back(MakeDev({1, 2}, at::kFloat, {2}));
    os.push_back(MakeDev({0, 0}, at::kFloat, {2}));
    os.push_back(MakeDev({0, 0}, at::kFloat, {2}));
    o2.push_back(MakeDev({0, 0}, at::kHalf, {2}));
    o3.push_back(MakeDev({0, 0, 0}, at::kFloat, {3}));
    DevList x(std::move(xs)), two(std::move(os)), half(std::move(o2)), longer(std::move(o3));
    auto first = [](const aclTensorList* a, const aclTensorList* b) {
        return [a, b](uint64_t* ws, aclOpExecutor** ex) { return aclnnForeachCosGetWorkspaceSize(a, b, ws, ex); };
    };
    ExpectFails(first(nullptr, x.list), ACLNN_ERR_PARAM_NULLPTR, "got null for argument x");
    ExpectFails(first(x.list, nullptr), ACLNN_ERR_PARAM_NULLPTR, "got null for argument out");
    ExpectFails(first(x.list, two.list), ACLNN_ERR_INNER_TILING_ERROR,
                "must have the same number of tensors, but got 1 and 2");
    ExpectFails(first(x.list, half.list), ACLNN_ERR_PARAM_INVALID,
                "Tensor out[i] dtype DT_FLOAT16 should be x's dtype DT_FLOAT");
    ExpectFails(first(x.list, longer.list), ACLNN_ERR_INNER_TILING_ERROR, "Expected out[i] to have x[i]'s shape");
    aclTensor* none = nullptr;
    aclTensorList* holes = aclCreateTensorList(&none, 1);
    ExpectFails(first(x.list, holes), ACLNN_ERR_PARAM_INVALID, "out[0]");
    aclDestroyTensorList(holes);
}

// "fidelity": "exact" in aclInit's config refuses the tier's foreach operators in their first phase too.
TEST(ReferenceForeachUnary, ExactFidelityRefuses) {
    const std::string path = "/tmp/aclcpu_foreach_fidelity_" + std::to_string(getpid()) + ".json";
    aclrtResetDevice(0);
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    {
        std::ofstream f(path);
        f << "{\"fidelity\": \"exact\"}";
    }
    ASSERT_EQ(aclInit(path.c_str()), ACL_SUCCESS);
    std::remove(path.c_str());
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
    {
        std::vector<std::unique_ptr<Dev>> xs, os;
        xs.push_back(MakeDev({1, 2}, at::kFloat, {2}));
        os.push_back(MakeDev({0, 0}, at::kFloat, {2}));
        DevList x(std::move(xs)), out(std::move(os));
        ExpectFails(
            [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnForeachErfGetWorkspaceSize(x.list, out.list, ws, ex); },
            ACLNN_ERR_PARAM_INVALID, "aclnnForeachErf is a reference-tier operator");
    }
    aclrtResetDevice(0);
    ASSERT_EQ(aclFinalize(), ACL_SUCCESS);
    ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS);
    ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS);
}

}  // namespace foreach_reference_test
