// The table-driven reference test: every case of every reference-tier entry of ops/operators.yaml (its
// `reference.cases`, generated into <build>/generated/tests/reference_cases.inc) runs through the C API with the
// views it names - transposed, strided, offset storage, broadcasting shapes - and its output is compared with the
// entry's own formula evaluated by ATen on contiguous copies of the inputs. What this checks is the tier's
// plumbing for each entry: the views wrapped without copies, the parameters as the formula reads them, the
// result written into exactly the output's view with its dtype. What each formula computes is checked by the
// hand-written suites beside it (reference_tier_test.cpp).
#include <gtest/gtest.h>

#include <cmath>  // HUGE_VAL, NAN in generated cases
#include <memory>
#include <string>

#include "reference/aten_formulas.h"
#include "src/op/operator_headers.inc"  // every operator header (generated)
#include "support/profile_scope.h"
#include "support/reference_case.h"

namespace {

using aclcpu_test::RefCase;
using aclcpu_test::RefCaseRow;

#include "tests/reference_cases.inc"

class ReferenceTable : public ::testing::TestWithParam<RefCaseRow> {};

TEST_P(ReferenceTable, MatchesItsFormulaOnCopies) {
    // a case of a named product runs under its profile, made before (and ended after) the case's device memory
    std::unique_ptr<aclcpu_test::ProfileScope> scope;
    if (const char* product = GetParam().product) {
        for (l1ref::Profile p : l1ref::kAllProfiles) {
            if (std::string(l1ref::ProfileKey(p)) == product) scope.reset(new aclcpu_test::ProfileScope(p));
        }
        ASSERT_TRUE(scope != nullptr && scope->ok()) << "no profile " << product;
    }
    RefCase c;
    GetParam().run(c);
}

INSTANTIATE_TEST_SUITE_P(Cases, ReferenceTable, ::testing::ValuesIn(kReferenceCases),
                         [](const ::testing::TestParamInfo<RefCaseRow>& info) {
                             return std::string(info.param.api) + "_" + std::to_string(info.param.index);
                         });

}  // namespace
