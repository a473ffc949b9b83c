// The operators CANN declares in a header beside ones aclcpu implements (aclnnDivMod in aclnn_div.h,
// aclnnAddmmWeightNz in aclnn_addmm.h): declared with CANN's signature
// (from cmake/cann_operator_signatures.tsv, by tools/opgen/gen_ops.py), both phases refusing the call with 161002
// and a message naming the operator, nothing written through the out pointers.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "aclnnop/aclnn_div.h"
#include "aclnnop/aclnn_addmm.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::LastError;

void ExpectRefused(aclnnStatus status, const char* op, uint64_t ws, aclOpExecutor* ex) {
    EXPECT_EQ(status, ACLNN_ERR_PARAM_INVALID) << op;
    const std::string message = LastError();
    EXPECT_NE(message.find(std::string("aclcpu does not implement ") + op + " "), std::string::npos) << message;
    EXPECT_EQ(ws, 12345u) << op << ": workspaceSize written";
    EXPECT_EQ(ex, reinterpret_cast<aclOpExecutor*>(0x1)) << op << ": executor written";
}

TEST(UnimplementedInHeader, BothPhasesRefuseNamingTheOperator) {
    uint64_t ws = 12345;
    aclOpExecutor* ex = reinterpret_cast<aclOpExecutor*>(0x1);
    ExpectRefused(aclnnDivModGetWorkspaceSize(nullptr, nullptr, 0, nullptr, &ws, &ex), "aclnnDivMod", ws, ex);
    ExpectRefused(aclnnInplaceDivModsGetWorkspaceSize(nullptr, nullptr, 2, &ws, &ex), "aclnnInplaceDivMods", ws, ex);
    ExpectRefused(aclnnAddmmWeightNzGetWorkspaceSize(nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, 1, &ws, &ex),
                  "aclnnAddmmWeightNz", ws, ex);
    EXPECT_EQ(aclnnDivMod(nullptr, 0, nullptr, nullptr), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(LastError().find("aclcpu does not implement aclnnDivMod "), std::string::npos);
}

}  // namespace
