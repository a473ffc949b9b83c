// aclnnMseLoss past 2^31 elements (label "huge": 4 GiB of memory; never run on a shared build machine, skip
// with ctest -LE huge). A FLOAT16 self of 2^31 + 64 ones against a 0-d target 0 on Ascend 950, mean and sum:
// the MSELossV2 arch35 order (64 cores of 2^25 + 32 elements, exact chunk and core sums, Kahan total 2^31 +
// 64 rounded to 2^31) gives mean 2^31 / (float)(2^31 + 64) = 1 and sum 2^31, which FLOAT16 (the promote
// type) cannot hold: inf. A NaN in the last element must reach the result (a 32-bit index would not read it).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "aclnnop/aclnn_mse_loss.h"
#include "support/profile_scope.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::DeviceBuffer;
using aclcpu_test::LastError;
using aclcpu_test::MakeTensor;

constexpr int64_t kN = (int64_t{1} << 31) + 64;

float RunScalar(const aclTensor* s, const aclTensor* t, int64_t reduction) {
    DeviceBuffer ob(4);
    aclTensor* out = MakeTensor({}, ACL_FLOAT, ob.get());
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnMseLossGetWorkspaceSize(s, t, reduction, out, &ws, &ex), 0) << LastError();
    EXPECT_EQ(aclnnMseLoss(nullptr, 0, ex, nullptr), 0) << LastError();
    EXPECT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    aclDestroyTensor(out);
    return aclcpu_test::Download<float>(ob.get(), 1)[0];
}

TEST(HugeMseLoss, MeanAndSumPast2To31Elements) {
    aclcpu_test::ProfileScope scope(l1ref::Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    DeviceBuffer sb(static_cast<size_t>(kN) * 2), tb(64);
    uint16_t* sp = sb.as<uint16_t>();
    std::fill(sp, sp + kN, uint16_t{0x3C00});  // FLOAT16 1.0
    tb.as<uint16_t>()[0] = 0;
    aclTensor* s = MakeTensor({kN}, ACL_FLOAT16, sb.get());
    aclTensor* t = MakeTensor({}, ACL_FLOAT16, tb.get());
    EXPECT_EQ(RunScalar(s, t, 1), 1.0f);
    EXPECT_EQ(RunScalar(s, t, 2), HUGE_VALF);
    sp[kN - 1] = 0x7E00;  // NaN in the last element
    EXPECT_TRUE(std::isnan(RunScalar(s, t, 1)));
    aclDestroyTensor(s);
    aclDestroyTensor(t);
}

}  // namespace
