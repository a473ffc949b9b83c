// The reference tier's ops-math element-wise unary operators through the public API (docs/ops/math_unary.md):
// each formula against closed forms computed here in double (std::cos, std::log1p, ...; not the library's
// helpers), the op_api casts (an integral self computed in FLOAT or in out's dtype, FLOAT16 rounded once), the
// attribute mappings (RoundDecimals' decimals, NanToNum's nan / posinf / neginf), and the checks in CANN's
// order with its codes and messages per product (null -> 161001; dtypes, products, shapes, formats -> 161002).
// The table-driven suite (reference_table_test.cpp) runs each entry's cases on transposed, strided and offset
// views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include "aclnnop/aclnn_acos.h"
#include "aclnnop/aclnn_acosh.h"
#include "aclnnop/aclnn_asin.h"
#include "aclnnop/aclnn_asinh.h"
#include "aclnnop/aclnn_atan.h"
#include "aclnnop/aclnn_atanh.h"
#include "aclnnop/aclnn_ceil.h"
#include "aclnnop/aclnn_cos.h"
#include "aclnnop/aclnn_cosh.h"
#include "aclnnop/aclnn_digamma.h"
#include "aclnnop/aclnn_erf.h"
#include "aclnnop/aclnn_erfc.h"
#include "aclnnop/aclnn_exp.h"
#include "aclnnop/aclnn_expm1.h"
#include "aclnnop/aclnn_floor.h"
#include "aclnnop/aclnn_isfinite.h"
#include "aclnnop/aclnn_isneginf.h"
#include "aclnnop/aclnn_isposinf.h"
#include "aclnnop/aclnn_lgamma.h"
#include "aclnnop/aclnn_log.h"
#include "aclnnop/aclnn_log10.h"
#include "aclnnop/aclnn_log1p.h"
#include "aclnnop/aclnn_log2.h"
#include "aclnnop/aclnn_nan_to_num.h"
#include "aclnnop/aclnn_reciprocal.h"
#include "aclnnop/aclnn_round.h"
#include "aclnnop/aclnn_rsqrt.h"
#include "aclnnop/aclnn_sign.h"
#include "aclnnop/aclnn_signbit.h"
#include "aclnnop/aclnn_sin.h"
#include "aclnnop/aclnn_sinc.h"
#include "aclnnop/aclnn_sinh.h"
#include "aclnnop/aclnn_square.h"
#include "aclnnop/aclnn_tan.h"
#include "aclnnop/aclnn_tanh.h"
#include "aclnnop/aclnn_tanh_backward.h"
#include "aclnnop/aclnn_trunc.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace math_unary_reference_test {

using aclcpu_test::AclOf;
using aclcpu_test::Dev;

using aclcpu_test::DeviceBuffer;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::RunPhases;

/// A first phase of the (self, out) form: its workspace and executor pointers.
using First = std::function<aclnnStatus(const aclTensor*, aclTensor*, uint64_t*, aclOpExecutor**)>;
using Second = aclnnStatus (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

/// Runs first/second on self -> out.
int RunUnary(const First& first, Second second, const Dev& self, const Dev& out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return first(self.t, out.t, ws, ex); }, second);
}

at::Tensor Map(const std::vector<double>& xs, const std::function<double(double)>& f) {
    std::vector<double> v;
    for (double x : xs) v.push_back(f(x));
    return at::tensor(v, at::kDouble);
}

/// got within float32 rounding of want (a few ULPs of ATen's vectorised functions).
void ExpectClose(const at::Tensor& got, const at::Tensor& want, double rtol = 2e-6, double atol = 1e-6) {
    ASSERT_EQ(got.sizes(), want.sizes());
    EXPECT_TRUE(at::allclose(got, want, rtol, atol, /*equal_nan=*/true)) << "got:\n" << got << "\nwant:\n" << want;
}

/// The values each value-check feeds (exact in FLOAT), with the domain the function needs.
const std::vector<double> kAny = {-1.75, -0.5, 0.0, 0.375, 0.875, 1.5, 2.0, 3.25};
const std::vector<double> kUnit = {-0.875, -0.5, -0.25, 0.0, 0.125, 0.5, 0.75, 0.9375};
const std::vector<double> kPositive = {0.125, 0.5, 0.75, 1.0, 1.5, 2.0, 3.25, 10.0};
const std::vector<double> kAtLeastOne = {1.0, 1.125, 1.5, 2.0, 2.75, 3.25, 5.0, 10.0};
const std::vector<double> kAboveMinusOne = {-0.875, -0.5, 0.0, 0.25, 0.75, 1.5, 3.25, 10.0};

double Sinc(double x) { return x == 0.0 ? 1.0 : std::sin(M_PI * x) / (M_PI * x); }

struct UnaryCase {
    const char* name;
    First first;
    Second second;
    const std::vector<double>* xs;
    double (*f)(double);
};

#define ACLNN_FIRST(Op) [](const aclTensor* s, aclTensor* o, uint64_t* ws, aclOpExecutor** ex) { return Op(s, o, ws, ex); }

// Each floating unary operator on a FLOAT view over a transposed storage: the closed form in double, within float32
// rounding.
TEST(ReferenceMathUnary, FloatValuesAgainstClosedForms) {
    const std::vector<UnaryCase> cases = {
        {"Cos", ACLNN_FIRST(aclnnCosGetWorkspaceSize), aclnnCos, &kAny, [](double x) { return std::cos(x); }},
        {"Exp", ACLNN_FIRST(aclnnExpGetWorkspaceSize), aclnnExp, &kAny, [](double x) { return std::exp(x); }},
        {"Log", ACLNN_FIRST(aclnnLogGetWorkspaceSize), aclnnLog, &kPositive, [](double x) { return std::log(x); }},
        {"Log2", ACLNN_FIRST(aclnnLog2GetWorkspaceSize), aclnnLog2, &kPositive, [](double x) { return std::log2(x); }},
        {"Log10", ACLNN_FIRST(aclnnLog10GetWorkspaceSize), aclnnLog10, &kPositive,
         [](double x) { return std::log10(x); }},
        {"Log1p", ACLNN_FIRST(aclnnLog1pGetWorkspaceSize), aclnnLog1p, &kAboveMinusOne,
         [](double x) { return std::log1p(x); }},
        {"Sin", ACLNN_FIRST(aclnnSinGetWorkspaceSize), aclnnSin, &kAny, [](double x) { return std::sin(x); }},
        {"Tan", ACLNN_FIRST(aclnnTanGetWorkspaceSize), aclnnTan, &kAny, [](double x) { return std::tan(x); }},
        {"Tanh", ACLNN_FIRST(aclnnTanhGetWorkspaceSize), aclnnTanh, &kAny, [](double x) { return std::tanh(x); }},
        {"Sinh", ACLNN_FIRST(aclnnSinhGetWorkspaceSize), aclnnSinh, &kAny, [](double x) { return std::sinh(x); }},
        {"Cosh", ACLNN_FIRST(aclnnCoshGetWorkspaceSize), aclnnCosh, &kAny, [](double x) { return std::cosh(x); }},
        {"Acos", ACLNN_FIRST(aclnnAcosGetWorkspaceSize), aclnnAcos, &kUnit, [](double x) { return std::acos(x); }},
        {"Acosh", ACLNN_FIRST(aclnnAcoshGetWorkspaceSize), aclnnAcosh, &kAtLeastOne,
         [](double x) { return std::acosh(x); }},
        {"Asin", ACLNN_FIRST(aclnnAsinGetWorkspaceSize), aclnnAsin, &kUnit, [](double x) { return std::asin(x); }},
        {"Asinh", ACLNN_FIRST(aclnnAsinhGetWorkspaceSize), aclnnAsinh, &kAny, [](double x) { return std::asinh(x); }},
        {"Atan", ACLNN_FIRST(aclnnAtanGetWorkspaceSize), aclnnAtan, &kAny, [](double x) { return std::atan(x); }},
        {"Atanh", ACLNN_FIRST(aclnnAtanhGetWorkspaceSize), aclnnAtanh, &kUnit, [](double x) { return std::atanh(x); }},
        {"Erf", ACLNN_FIRST(aclnnErfGetWorkspaceSize), aclnnErf, &kAny, [](double x) { return std::erf(x); }},
        {"Erfc", ACLNN_FIRST(aclnnErfcGetWorkspaceSize), aclnnErfc, &kAny, [](double x) { return std::erfc(x); }},
        {"Expm1", ACLNN_FIRST(aclnnExpm1GetWorkspaceSize), aclnnExpm1, &kAny, [](double x) { return std::expm1(x); }},
        {"Reciprocal", ACLNN_FIRST(aclnnReciprocalGetWorkspaceSize), aclnnReciprocal, &kPositive,
         [](double x) { return 1.0 / x; }},
        {"Rsqrt", ACLNN_FIRST(aclnnRsqrtGetWorkspaceSize), aclnnRsqrt, &kPositive,
         [](double x) { return 1.0 / std::sqrt(x); }},
        {"Ceil", ACLNN_FIRST(aclnnCeilGetWorkspaceSize), aclnnCeil, &kAny, [](double x) { return std::ceil(x); }},
        {"Floor", ACLNN_FIRST(aclnnFloorGetWorkspaceSize), aclnnFloor, &kAny, [](double x) { return std::floor(x); }},
        {"Trunc", ACLNN_FIRST(aclnnTruncGetWorkspaceSize), aclnnTrunc, &kAny, [](double x) { return std::trunc(x); }},
        {"Round", ACLNN_FIRST(aclnnRoundGetWorkspaceSize), aclnnRound, &kAny,
         [](double x) { return std::nearbyint(x); }},  // half to even (the default rounding mode)
        {"Sinc", ACLNN_FIRST(aclnnSincGetWorkspaceSize), aclnnSinc, &kAny, Sinc},
        {"Lgamma", ACLNN_FIRST(aclnnLgammaGetWorkspaceSize), aclnnLgamma, &kPositive,
         [](double x) { return std::lgamma(x); }},
        {"Sign", ACLNN_FIRST(aclnnSignGetWorkspaceSize), aclnnSign, &kAny,
         [](double x) { return static_cast<double>((x > 0) - (x < 0)); }},
    };
    for (const UnaryCase& k : cases) {
        SCOPED_TRACE(k.name);
        const std::vector<double>& xs = *k.xs;
        Dev self(xs, at::kFloat, {2, 4}, {1, 2});  // [2, 4] over a [4, 2] storage
        Dev out(std::vector<double>(8, 9.0), at::kFloat, {2, 4});
        ASSERT_EQ(RunUnary(k.first, k.second, self, out), 0) << LastError();
        const at::Tensor x = at::tensor(xs, at::kDouble).view({4, 2}).t().contiguous().view({8});
        const std::vector<double> seen(x.data_ptr<double>(), x.data_ptr<double>() + 8);
        ExpectClose(out.Storage(), Map(seen, k.f));
    }
}

// Digamma at known values (no std::digamma): psi(1) = -gamma, psi(1/2) = -gamma - 2 ln 2, psi(2) = 1 - gamma,
// psi(x + 1) = psi(x) + 1/x.
TEST(ReferenceMathUnary, DigammaKnownValues) {
    const double g = 0.57721566490153286;
    Dev self({1.0, 0.5, 2.0, 3.0}, at::kDouble, {4});
    Dev out(std::vector<double>(4), at::kDouble, {4});
    ASSERT_EQ(RunUnary(ACLNN_FIRST(aclnnDigammaGetWorkspaceSize), aclnnDigamma, self, out), 0) << LastError();
    ExpectClose(out.Storage(), at::tensor(std::vector<double>{-g, -g - 2.0 * std::log(2.0), 1.0 - g, 1.5 - g}, at::kDouble),
                1e-12, 1e-12);
}

// FLOAT16 self, FLOAT16 out: computed in float32 and rounded once (exp(2.5) = 12.18..., whose FLOAT16 rounding
// differs from exp of a FLOAT16 chain only by that one rounding).
TEST(ReferenceMathUnary, Float16ComputedInFloatRoundedOnce) {
    const std::vector<double> xs = {-1.5, 0.25, 1.0, 2.5};
    Dev self(xs, at::kHalf, {4});
    Dev out(std::vector<double>(4), at::kHalf, {4});
    ASSERT_EQ(RunUnary(ACLNN_FIRST(aclnnExpGetWorkspaceSize), aclnnExp, self, out), 0) << LastError();
    const at::Tensor want = Map(xs, [](double x) { return std::exp(x); }).to(at::kFloat).to(at::kHalf).to(at::kDouble);
    EXPECT_TRUE(at::equal(out.Storage(), want)) << out.Storage() << want;
}

// The casts: Cos computes an INT32 self in FLOAT (out DOUBLE gets float32 values: 2^24 + 1 becomes 2^24 first,
// whose cosine differs from cos(2^24 + 1) by about 0.8); Log1p casts an INT32 self to out's dtype first (out
// FLOAT16: log1p computed from the FLOAT16 value, rounded to FLOAT16).
TEST(ReferenceMathUnary, IntegralSelfCasts) {
    Dev ints({16777217.0, 3.0, 0.0, -1.0}, at::kInt, {4});
    Dev dout(std::vector<double>(4), at::kDouble, {4});
    ASSERT_EQ(RunUnary(ACLNN_FIRST(aclnnCosGetWorkspaceSize), aclnnCos, ints, dout), 0) << LastError();
    const at::Tensor want_cos = Map({16777216.0, 3.0, 0.0, -1.0}, [](double x) { return std::cos(x); });
    ExpectClose(dout.Storage(), want_cos, 1e-6, 1e-6);
    EXPECT_GT(std::fabs(std::cos(16777217.0) - std::cos(16777216.0)), 0.3);

    Dev pos({3.0, 0.0, 1.0, 2047.0}, at::kInt, {4});
    Dev hout(std::vector<double>(4), at::kHalf, {4});
    ASSERT_EQ(RunUnary(ACLNN_FIRST(aclnnLog1pGetWorkspaceSize), aclnnLog1p, pos, hout), 0) << LastError();
    const at::Tensor want = Map({3.0, 0.0, 1.0, 2048.0},  // 2047 rounds to 2048 in FLOAT16 first
                                [](double x) { return std::log1p(x); })
                                .to(at::kHalf)
                                .to(at::kDouble);
    ExpectClose(hout.Storage(), want, 0, 1e-3);

    // Floor of an integral self is a copy
    Dev i64({-5.0, 4.0, 9.0}, at::kLong, {3});
    Dev i64out(std::vector<double>(3), at::kLong, {3});
    ASSERT_EQ(RunUnary(ACLNN_FIRST(aclnnFloorGetWorkspaceSize), aclnnFloor, i64, i64out), 0) << LastError();
    EXPECT_TRUE(at::equal(i64out.Storage(), at::tensor(std::vector<double>{-5.0, 4.0, 9.0}, at::kDouble)));
}

// In place on a strided view: only the view's elements change.
TEST(ReferenceMathUnary, InplaceOnStridedView) {
    Dev ref({0.5, 100.0, 1.0, 100.0, 2.0, 100.0}, at::kFloat, {3}, {2});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceLogGetWorkspaceSize(ref.t, ws, ex); },
                        aclnnInplaceLog),
              0)
        << LastError();
    ExpectClose(ref.Storage(),
                at::tensor(std::vector<double>{std::log(0.5), 100.0, 0.0, 100.0, std::log(2.0), 100.0}, at::kDouble)
                    .to(at::kFloat)
                    .to(at::kDouble));
}

// The predicates: BOOL outputs on NaN, infinities, signed zeros; an integral self all true / all false.
TEST(ReferenceMathUnary, Predicates) {
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const std::vector<double> xs = {-inf, -1.0, -0.0, 0.0, 2.0, inf, nan};
    Dev self(xs, at::kFloat, {7});
    auto run = [&](const First& f, Second s) {
        Dev out(std::vector<double>(7, 0.0), at::kBool, {7});
        EXPECT_EQ(RunUnary(f, s, self, out), 0) << LastError();
        return out.Storage();
    };
    auto bools = [](std::vector<double> v) { return at::tensor(v, at::kDouble); };
    EXPECT_TRUE(at::equal(run(ACLNN_FIRST(aclnnIsFiniteGetWorkspaceSize), aclnnIsFinite), bools({0, 1, 1, 1, 1, 0, 0})));
    EXPECT_TRUE(at::equal(run(ACLNN_FIRST(aclnnIsPosInfGetWorkspaceSize), aclnnIsPosInf), bools({0, 0, 0, 0, 0, 1, 0})));
    EXPECT_TRUE(at::equal(run(ACLNN_FIRST(aclnnIsNegInfGetWorkspaceSize), aclnnIsNegInf), bools({1, 0, 0, 0, 0, 0, 0})));
    EXPECT_TRUE(at::equal(run(ACLNN_FIRST(aclnnSignbitGetWorkspaceSize), aclnnSignbit), bools({1, 1, 1, 0, 0, 0, 0})));
    Dev ints({-3.0, 0.0, 5.0}, at::kInt, {3});
    Dev fin(std::vector<double>(3, 0.0), at::kBool, {3});
    ASSERT_EQ(RunUnary(ACLNN_FIRST(aclnnIsFiniteGetWorkspaceSize), aclnnIsFinite, ints, fin), 0) << LastError();
    EXPECT_TRUE(at::equal(fin.Storage(), bools({1, 1, 1})));
    // Signbit into a FLOAT out (BOOL castable to it): 1.0 / 0.0
    Dev fout(std::vector<double>(3, 7.0), at::kFloat, {3});
    ASSERT_EQ(RunUnary(ACLNN_FIRST(aclnnSignbitGetWorkspaceSize), aclnnSignbit, ints, fout), 0) << LastError();
    EXPECT_TRUE(at::equal(fout.Storage(), bools({1, 0, 0})));
}

// Sign: -1 / 0 / 1 (BOOL itself); Square (Ascend 950) x * x in the dtype.
TEST(ReferenceMathUnary, SignAndSquare) {
    Dev i({-7.0, 0.0, 3.0}, at::kLong, {3});
    Dev iout(std::vector<double>(3), at::kLong, {3});
    ASSERT_EQ(RunUnary(ACLNN_FIRST(aclnnSignGetWorkspaceSize), aclnnSign, i, iout), 0) << LastError();
    EXPECT_TRUE(at::equal(iout.Storage(), at::tensor(std::vector<double>{-1, 0, 1}, at::kDouble)));
    Dev b({1.0, 0.0}, at::kBool, {2});
    Dev bout(std::vector<double>(2), at::kBool, {2});
    ASSERT_EQ(RunUnary(ACLNN_FIRST(aclnnSignGetWorkspaceSize), aclnnSign, b, bout), 0) << LastError();
    EXPECT_TRUE(at::equal(bout.Storage(), at::tensor(std::vector<double>{1, 0}, at::kDouble)));
    Dev sq({-3.0, 1.5, 0.1}, at::kFloat, {3});
    Dev sqout(std::vector<double>(3), at::kFloat, {3});
    ASSERT_EQ(RunUnary(ACLNN_FIRST(aclnnSquareGetWorkspaceSize), aclnnSquare, sq, sqout), 0) << LastError();
    const float tenth = 0.1f;
    ExpectClose(sqout.Storage(), at::tensor(std::vector<double>{9.0, 2.25, static_cast<double>(tenth * tenth)}, at::kDouble),
                0, 0);
}

// TanhBackward: gradOutput * (1 - output^2), gradOutput broadcast over output's rows.
TEST(ReferenceMathUnary, TanhBackwardBroadcasts) {
    Dev g({2.0, -1.0, 0.5}, at::kFloat, {1, 3});
    Dev y({0.5, 0.25, -0.75, 0.0, 1.0, -0.5}, at::kFloat, {2, 3});
    Dev gi(std::vector<double>(6), at::kFloat, {2, 3});
    ASSERT_EQ(RunPhases(
                  [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTanhBackwardGetWorkspaceSize(g.t, y.t, gi.t, ws, ex); },
                  aclnnTanhBackward),
              0)
        << LastError();
    const std::vector<double> gv = {2.0, -1.0, 0.5}, yv = {0.5, 0.25, -0.75, 0.0, 1.0, -0.5};
    std::vector<double> want;
    for (int k = 0; k < 6; ++k) want.push_back(gv[k % 3] * (1.0 - yv[k] * yv[k]));
    ExpectClose(gi.Storage(), at::tensor(want, at::kDouble));
}

// RoundDecimals: decimals as ATen's round(x, decimals), half to even; negative decimals round to tens.
TEST(ReferenceMathUnary, RoundDecimalsMapping) {
    Dev self({1.25, -2.35, 15.0, 25.0}, at::kDouble, {4});
    auto run = [&](int64_t d) {
        Dev out(std::vector<double>(4), at::kDouble, {4});
        EXPECT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                                return aclnnRoundDecimalsGetWorkspaceSize(self.t, d, out.t, ws, ex);
                            },
                            aclnnRoundDecimals),
                  0)
            << LastError();
        return out.Storage();
    };
    ExpectClose(run(1), at::tensor(std::vector<double>{1.2, -2.4, 15.0, 25.0}, at::kDouble), 1e-12, 1e-12);
    ExpectClose(run(0), at::tensor(std::vector<double>{1.0, -2.0, 15.0, 25.0}, at::kDouble), 0, 0);
    ExpectClose(run(-1), at::tensor(std::vector<double>{0.0, -0.0, 20.0, 20.0}, at::kDouble), 0, 0);
}

// NanToNum: nan, posinf, neginf replace NaN, +inf, -inf; FLOAT16: a posinf beyond its range becomes +inf.
TEST(ReferenceMathUnary, NanToNumMapping) {
    const double inf = std::numeric_limits<double>::infinity();
    const double nan = std::numeric_limits<double>::quiet_NaN();
    Dev self({nan, inf, -inf, 1.5}, at::kFloat, {4});
    Dev out(std::vector<double>(4), at::kFloat, {4});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                            return aclnnNanToNumGetWorkspaceSize(self.t, 7.0f, 8.0f, -9.0f, out.t, ws, ex);
                        },
                        aclnnNanToNum),
              0)
        << LastError();
    ExpectClose(out.Storage(), at::tensor(std::vector<double>{7.0, 8.0, -9.0, 1.5}, at::kDouble), 0, 0);
    Dev h({nan, inf, -inf}, at::kHalf, {3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                            return aclnnInplaceNanToNumGetWorkspaceSize(h.t, 0.5f, 1e30f, -3.0f, ws, ex);
                        },
                        aclnnInplaceNanToNum),
              0)
        << LastError();
    ExpectClose(h.Storage(), at::tensor(std::vector<double>{0.5, inf, -3.0}, at::kDouble), 0, 0);
}

// ================================================================================ checks

const char kNullT0[] = "Expected a value of type [aclTensor] for argument [t0] but instead found nullptr.";
const char kNullSelfRef[] = "Expected a value of type [aclTensor] for argument [selfRef] but instead found nullptr.";

TEST(ReferenceMathUnaryChecks, NullMessagesAsCannsHelpers) {
    Dev x({1.0, 2.0}, at::kFloat, {2});
    Dev o(std::vector<double>(2), at::kFloat, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnExpGetWorkspaceSize(nullptr, o.t, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, kNullT0);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnExpGetWorkspaceSize(x.t, nullptr, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "argument [t1]");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceExpGetWorkspaceSize(nullptr, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, kNullSelfRef);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTanGetWorkspaceSize(nullptr, o.t, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "argument [self]");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAcosGetWorkspaceSize(nullptr, o.t, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "argument [input]");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCosGetWorkspaceSize(nullptr, o.t, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, kNullT0);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceCosGetWorkspaceSize(nullptr, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, kNullSelfRef);
}

// Exp: INT32 outside its list; BOOL computes in FLOAT, which an INT32 out cannot take; the Inplace form's own list.
TEST(ReferenceMathUnaryChecks, ExpDtypes) {
    Dev i({1.0, 2.0}, at::kInt, {2});
    Dev b({1.0, 0.0}, at::kBool, {2});
    Dev f(std::vector<double>(2), at::kFloat, {2});
    Dev iout(std::vector<double>(2), at::kInt, {2});
    auto exp = [](const aclTensor* s, aclTensor* o) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnExpGetWorkspaceSize(s, o, ws, ex); };
    };
    ExpectFails(exp(i.t, f.t), ACLNN_ERR_PARAM_INVALID,
                "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16, "
                "DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128, DT_BOOL, DT_INT64.");
    ExpectFails(exp(b.t, iout.t), ACLNN_ERR_PARAM_INVALID,
                "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    Dev l({1.0, 2.0}, at::kLong, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnInplaceExpGetWorkspaceSize(l.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor selfRef not implemented for DT_INT64");
    Dev short_out(std::vector<double>(3), at::kFloat, {3});
    Dev x({1.0, 2.0}, at::kFloat, {2});
    ExpectFails(exp(x.t, short_out.t), ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for self to have same size as tensor for out, but [2] does not equal [3].");
}

// Per product: BF16 outside the Ascend910's lists; Sin's own SOC message; IsPosInf refused on the Ascend910;
// Square only on the Ascend 950; NanToNum refused on the Ascend910 and Ascend310P.
TEST(ReferenceMathUnaryChecks, ProductLists) {
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        Dev bf({1.0, 2.0}, at::kBFloat16, {2});
        Dev f(std::vector<double>(2), at::kFloat, {2});
        Dev bo(std::vector<double>(2), at::kBool, {2});
        Dev x({1.0, 2.0}, at::kFloat, {2});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnExpGetWorkspaceSize(bf.t, f.t, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_BF16");
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSinGetWorkspaceSize(bf.t, f.t, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID, "Self dtype DT_BF16 is unsupported by the current SOC version [");
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnIsPosInfGetWorkspaceSize(x.t, bo.t, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID, "aclnnIsPosInf is not supported on this device.");
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnIsNegInfGetWorkspaceSize(x.t, bo.t, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID, "aclnnIsNegInf is not supported on this device.");
        Dev xo(std::vector<double>(2), at::kFloat, {2});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) {
                        return aclnnNanToNumGetWorkspaceSize(x.t, 0.0f, 1.0f, -1.0f, xo.t, ws, ex);
                    },
                    ACLNN_ERR_PARAM_INVALID, "NanToNum is not supported on this device.");
        // Round's BF16 list: everywhere but the Ascend910
        Dev bo2(std::vector<double>(2), at::kBFloat16, {2});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnRoundGetWorkspaceSize(bf.t, bo2.t, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID, "Tensor self not implemented for DT_BF16");
        // Sign: the Ascend910's own message
        Dev i8({1.0, -1.0}, at::kChar, {2});
        Dev i8o(std::vector<double>(2), at::kChar, {2});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSignGetWorkspaceSize(i8.t, i8o.t, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID, "On Ascend910 self dtype [DT_INT8] should be in dtype support list [");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend310P);
        ASSERT_TRUE(scope.ok());
        Dev bf({1.0, 2.0}, at::kBFloat16, {2});
        Dev bo(std::vector<double>(2), at::kBFloat16, {2});
        Dev x({1.0, 2.0}, at::kFloat, {2});
        Dev b(std::vector<double>(2), at::kBool, {2});
        // Round takes BF16 on the Ascend310P (GetDtypeSupportListV3's default), IsPosInf runs there
        EXPECT_EQ(RunUnary(ACLNN_FIRST(aclnnRoundGetWorkspaceSize), aclnnRound, bf, bo), 0) << LastError();
        EXPECT_EQ(RunUnary(ACLNN_FIRST(aclnnIsPosInfGetWorkspaceSize), aclnnIsPosInf, x, b), 0) << LastError();
        Dev xo(std::vector<double>(2), at::kFloat, {2});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSquareGetWorkspaceSize(x.t, xo.t, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID, "not implemented for ");
    }
    {
        aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        Dev i32({1.0, -2.0}, at::kInt, {2});
        Dev i32o(std::vector<double>(2), at::kInt, {2});
        // Trunc's integers only on a RegBase arch (Ascend 950)
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTruncGetWorkspaceSize(i32.t, i32o.t, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID,
                    "Tensor self not implemented for DT_INT32, should be in dtype support list DT_FLOAT, DT_FLOAT16, DT_BF16.");
        // Sign on Atlas A2: INT8 outside the list and not BF16
        Dev i8({1.0, -1.0}, at::kChar, {2});
        Dev i8o(std::vector<double>(2), at::kChar, {2});
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSignGetWorkspaceSize(i8.t, i8o.t, ws, ex); },
                    ACLNN_ERR_PARAM_INVALID, "self dtype [DT_INT8] should be in dtype support list [");
    }
    // the default product (Ascend 950): Trunc takes INT32 and copies it
    Dev i32({1.0, -2.0}, at::kInt, {2});
    Dev i32o(std::vector<double>(2), at::kInt, {2});
    ASSERT_EQ(RunUnary(ACLNN_FIRST(aclnnTruncGetWorkspaceSize), aclnnTrunc, i32, i32o), 0) << LastError();
    EXPECT_TRUE(at::equal(i32o.Storage(), at::tensor(std::vector<double>{1.0, -2.0}, at::kDouble)));
}

// Log10: a floating self needs out of its dtype, an integral one a FLOAT out; Tanh: the formats; Ceil / Floor:
// the dtype match, each with its own wording; IsFinite: out BOOL.
TEST(ReferenceMathUnaryChecks, DtypeAndFormatRules) {
    Dev h({1.0, 2.0}, at::kHalf, {2});
    Dev f(std::vector<double>(2), at::kFloat, {2});
    Dev i({1.0, 2.0}, at::kInt, {2});
    Dev d(std::vector<double>(2), at::kDouble, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLog10GetWorkspaceSize(h.t, f.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Expected both tensors to have same dtype, but found self DT_FLOAT16 and out DT_FLOAT.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLog10GetWorkspaceSize(i.t, d.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_FLOAT but found DT_DOUBLE.");
    EXPECT_EQ(RunUnary(ACLNN_FIRST(aclnnLog10GetWorkspaceSize), aclnnLog10, i, f), 0) << LastError();

    Dev x({1.0, 2.0}, at::kFloat, {2});
    Dev nchw(std::vector<double>(2), at::kFloat, {2}, {}, 0, ACL_FORMAT_NCHW);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTanhGetWorkspaceSize(x.t, nchw.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Format of input and output should be equal, self [ND], out [NCHW].");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCeilGetWorkspaceSize(x.t, d.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor self expected dtype is DT_DOUBLE but found DT_FLOAT.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnFloorGetWorkspaceSize(x.t, d.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_FLOAT but found DT_DOUBLE.");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnIsFiniteGetWorkspaceSize(x.t, f.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor out expected dtype is DT_BOOL but found DT_FLOAT.");
    // Tan: an INT32 self computes in FLOAT, which an INT32 out cannot take
    Dev iout(std::vector<double>(2), at::kInt, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTanGetWorkspaceSize(i.t, iout.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Result type DT_FLOAT can't be cast to the desired output type DT_INT32.");
    // Log: COMPLEX64 self not castable to a FLOAT out
    Dev c({1.0, 2.0}, at::kComplexFloat, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnLogGetWorkspaceSize(c.t, f.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Result type DT_COMPLEX64 can't be cast to the desired output type DT_FLOAT.");
    // Acosh names out first in its shape message
    Dev three(std::vector<double>(3), at::kFloat, {3});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnAcoshGetWorkspaceSize(x.t, three.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID,
                "Expected tensor for out to have same size as tensor for self, but [3] does not equal [2].");
    // Cos prints its parameter's own name (input) in the list check
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCosGetWorkspaceSize(x.t, iout.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "Tensor out not implemented for DT_INT32");
    // TanhBackward: the broadcast, then gradInput's shape
    Dev g({1.0, 2.0, 3.0}, at::kFloat, {3});
    Dev gi(std::vector<double>(2), at::kFloat, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnTanhBackwardGetWorkspaceSize(g.t, x.t, gi.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "The size of tensor gradOutput [3] must match the size of tensor output [2].");
}

}  // namespace math_unary_reference_test
