// main() of every GoogleTest binary: the runtime is initialised once around all tests (aclInit /
// aclFinalize), as a real application would. Tests that exercise init/finalize themselves restore it.
#include <gtest/gtest.h>

#include "acl/acl.h"

namespace {

class AclEnvironment : public ::testing::Environment {
public:
    void SetUp() override { ASSERT_EQ(aclInit(nullptr), ACL_SUCCESS); ASSERT_EQ(aclrtSetDevice(0), ACL_SUCCESS); }
    void TearDown() override { aclrtResetDevice(0); aclFinalize(); }
};

}  // namespace

int main(int argc, char** argv) {
    ::testing::InitGoogleTest(&argc, argv);
    ::testing::AddGlobalTestEnvironment(new AclEnvironment);
    return RUN_ALL_TESTS();
}
