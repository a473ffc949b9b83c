// aclnnL1Loss reductions over more than 2^31 elements (label "huge": run only with ctest -L huge). The
// inputs are small and broadcast - self [65536, 1], target [1, 32769] - so the broadcast shape has
// 2^31 + 65536 elements while the tensors take a few hundred KiB: the reduction engine's linear indices,
// chunks and parts must run past 2^31 without a 32-bit wrap. INT64 sums are exact (a wrapped index would
// miss or repeat elements and change them); the FLOAT mean of values that are all 1 is 1 within a few ulps.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "aclnnop/aclnn_l1_loss.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::Download;
using aclcpu_test::EmptyTensor;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;
using aclcpu_test::RawTensor;

constexpr int64_t kRows = 65536, kCols = 32769;

int RunL1Loss(const aclTensor* s, const aclTensor* t, int64_t reduction, aclTensor* out) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    int st = aclnnL1LossGetWorkspaceSize(s, t, reduction, out, &ws, &ex);
    if (st != 0) return st;
    st = aclnnL1Loss(nullptr, ws, ex, nullptr);
    return st != 0 ? st : aclrtSynchronizeStream(nullptr);
}

TEST(HugeL1Loss, Int64SumPast2To31) {
    // |s_i - t_j| with s_i = i and t_j = -j: the sum over all (i, j) is cols * sum(i) + rows * sum(j).
    std::vector<int64_t> sv(kRows), tv(kCols);
    for (int64_t i = 0; i < kRows; ++i) sv[static_cast<size_t>(i)] = i;
    for (int64_t j = 0; j < kCols; ++j) tv[static_cast<size_t>(j)] = -j;
    HostTensor s = RawTensor({kRows, 1}, ACL_INT64, sv.data(), sv.size() * 8),
               t = RawTensor({1, kCols}, ACL_INT64, tv.data(), tv.size() * 8), o = EmptyTensor({}, ACL_INT64);
    ASSERT_EQ(RunL1Loss(s.tensor, t.tensor, 2, o.tensor), 0) << LastError();
    const int64_t want = kCols * (kRows * (kRows - 1) / 2) + kRows * (kCols * (kCols - 1) / 2);
    EXPECT_EQ(Download<int64_t>(o.buffer.get(), 1)[0], want);
}

TEST(HugeL1Loss, FloatMeanPast2To31) {
    std::vector<float> sv(kRows, 1.0f), tv(kCols, 0.0f);
    HostTensor s = RawTensor({kRows, 1}, ACL_FLOAT, sv.data(), sv.size() * 4),
               t = RawTensor({1, kCols}, ACL_FLOAT, tv.data(), tv.size() * 4), o = EmptyTensor({}, ACL_FLOAT);
    ASSERT_EQ(RunL1Loss(s.tensor, t.tensor, 1, o.tensor), 0) << LastError();
    const float mean = Download<float>(o.buffer.get(), 1)[0];
    EXPECT_NEAR(mean, 1.0f, 1e-6f);
}

}  // namespace
