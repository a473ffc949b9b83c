// Issue 5 ("Hardened"): regression tests, one per bug the hardening work found (fuzzer inputs and
// concurrency findings reduced to the call that exposed them). Each names the bug it pins; the sanitizer
// builds of tools/ci_stages.sh run them with ASan + UBSan, where the original bugs were reports.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "aclnnop/aclnn_l1_loss.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::DeviceBuffer;
using aclcpu_test::Download;
using aclcpu_test::LastError;

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

aclTensor* Create(const std::vector<int64_t>& dims, aclDataType dt, const int64_t* strides, int64_t offset,
                  const std::vector<int64_t>& storage, void* data = nullptr) {
    return aclCreateTensor(dims.data(), dims.size(), dt, strides, offset, ACL_FORMAT_ND, storage.data(), storage.size(),
                           data);
}

// Fuzzer: contiguous strides (stride == nullptr) of an EMPTY view were computed as products of all inner
// dims, which overflow int64 for shapes like [0, 2^62, 4] (signed overflow, UB). Now rejected with a message.
TEST(HardeningRegression, ContiguousStridesOfAnEmptyViewOverflowing) {
    const int64_t big = int64_t{1} << 62;
    aclTensor* t = Create({0, big, 4}, ACL_FLOAT, nullptr, 0, {0});
    EXPECT_EQ(t, nullptr);
    EXPECT_NE(LastError().find("overflow"), std::string::npos);
    // [0, INT64_MAX] is still fine: its only stride product that is stored (for dim 0) fits.
    aclTensor* ok = Create({0, kMax}, ACL_FLOAT16, nullptr, 0, {0});
    ASSERT_NE(ok, nullptr) << LastError();
    aclDestroyTensor(ok);
}

// Fuzzer: a view whose highest element index is exactly INT64_MAX made aclCreateTensor compute
// (last + 1) * itemsize with last + 1 overflowing (UB). Now rejected with a message.
TEST(HardeningRegression, HighestElementIndexAtInt64Max) {
    const int64_t strides[1] = {kMax};
    aclTensor* t = Create({2}, ACL_INT8, strides, 0, {1});
    EXPECT_EQ(t, nullptr);
    EXPECT_FALSE(LastError().empty());
    aclTensor* t2 = Create({1}, ACL_BOOL, nullptr, kMax, {1});
    EXPECT_EQ(t2, nullptr);
    EXPECT_FALSE(LastError().empty());
}

// Review of the planner (src/kernels/elementwise.cpp): coalescing two loop dims multiplies an operand's
// byte stride by the dim size. For an input whose byte stride is above 2^62 that product overflowed
// (UB) although the view itself is valid (its byte extent fits int64): self [2, 2] FLOAT16 with element
// strides [1, 2^61 + 1] (bytes [2, 2^62 + 2]) under a contiguous gradInput. The first phase must plan it
// (the data is never set, so nothing runs) and reject it in the second phase (no data).
TEST(HardeningRegression, PlannerCoalescingWithHugeInputStride) {
    const int64_t h = (int64_t{1} << 61) + 1;
    const int64_t self_strides[2] = {1, h};
    DeviceBuffer small(64);
    aclTensor* g = Create({2, 2}, ACL_FLOAT16, nullptr, 0, {4}, small.get());
    aclTensor* s = Create({2, 2}, ACL_FLOAT16, self_strides, 0, {h + 2});
    aclTensor* t = Create({2, 2}, ACL_FLOAT16, nullptr, 0, {4}, small.get());
    DeviceBuffer out_buf(64);
    aclTensor* out = Create({2, 2}, ACL_FLOAT16, nullptr, 0, {4}, out_buf.get());
    ASSERT_NE(s, nullptr) << LastError();
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(g, s, t, 0, out, &ws, &ex), OK) << LastError();
    EXPECT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), ACLNN_ERR_PARAM_NULLPTR);  // self has no data
    EXPECT_FALSE(LastError().empty());
    // The same layout with the huge stride on the output's side of the loop (gradInput transposed).
    const int64_t out_strides[2] = {1, 2};
    aclTensor* out_t = Create({2, 2}, ACL_FLOAT16, out_strides, 0, {4}, out_buf.get());
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(g, s, t, 1, out_t, &ws, &ex), OK) << LastError();
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), OK);
    for (aclTensor* x : {g, s, t, out, out_t}) aclDestroyTensor(x);
}

// Fuzzer: two valid views without data, self [4, 1] x [1, 2^62] style, broadcast to a shape whose element count
// overflows int64 (16 * 3074457345618258602 in BroadcastShape::Numel, signed overflow, UB) in a forward loss's
// mean. Every broadcast check of the first phase now refuses such a shape with its own message (beyond CANN,
// whose NPU cannot hold the tensors); a shape with a zero dim still counts 0 elements.
TEST(HardeningRegression, BroadcastShapeWhoseCountOverflows) {
    const int64_t big = int64_t{1} << 40;
    aclTensor* self = Create({big, 1}, ACL_FLOAT, nullptr, 0, {big});
    aclTensor* target = Create({1, big}, ACL_FLOAT, nullptr, 0, {big});
    aclTensor* out = Create({}, ACL_FLOAT, nullptr, 0, {1});
    aclTensor* grad = Create({1}, ACL_FLOAT, nullptr, 0, {1});
    aclTensor* gin = Create({big, 1}, ACL_FLOAT, nullptr, 0, {big});  // never compared: the count check is first
    ASSERT_TRUE(self != nullptr && target != nullptr && out != nullptr && grad != nullptr && gin != nullptr)
        << LastError();
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    for (int64_t reduction : {1, 2}) {
        EXPECT_EQ(aclnnL1LossGetWorkspaceSize(self, target, reduction, out, &ws, &ex), 161002);
        EXPECT_NE(LastError().find("The broadcast shape [1099511627776,1099511627776] of self and target has more "
                                   "elements than int64_t can count."),
                  std::string::npos)
            << LastError();
        EXPECT_EQ(aclnnMseLossGetWorkspaceSize(self, target, reduction, out, &ws, &ex), 161002);
        EXPECT_NE(LastError().find("more elements than int64_t can count"), std::string::npos) << LastError();
    }
    EXPECT_EQ(aclnnL1LossBackwardGetWorkspaceSize(grad, self, target, 1, gin, &ws, &ex), 161002);
    EXPECT_NE(LastError().find("more elements than int64_t can count"), std::string::npos) << LastError();
    // a zero dim: 0 elements, whatever the other dims
    aclTensor* empty = Create({0, 1}, ACL_FLOAT, nullptr, 0, {0});
    ASSERT_NE(empty, nullptr) << LastError();
    EXPECT_EQ(aclnnL1LossGetWorkspaceSize(empty, target, 2, out, &ws, &ex), 0) << LastError();
    aclDestroyAclOpExecutor(ex);
    for (aclTensor* t : {self, target, out, grad, gin, empty}) aclDestroyTensor(t);
}

}  // namespace
