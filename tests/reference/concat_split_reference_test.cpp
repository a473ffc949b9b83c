// The reference tier's joins and splits through the public API (docs/ops/concat_split.md): aclnnCat, aclnnStack,
// aclnnMaxN, aclnnMinN, aclnnSplitTensor and aclnnSplitWithSize against values written out here (a join or a split
// moves elements: the expected storage is spelled element by element), with views, mixed dtypes promoted and cast
// to out, the 1-D empty tensors aclnnCat leaves out, and the checks' codes and messages per product. The
// table-driven suite (reference_table_test.cpp) runs each entry's cases on transposed, strided and offset views.
#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "aclnnop/aclnn_cat.h"
#include "aclnnop/aclnn_chunk_cat.h"
#include "aclnnop/aclnn_maxn.h"
#include "aclnnop/aclnn_minn.h"
#include "aclnnop/aclnn_split_tensor.h"
#include "aclnnop/aclnn_split_with_size.h"
#include "aclnnop/aclnn_stack.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reference_tensor.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace concat_split_reference_test {

using aclcpu_test::Dev;
using aclcpu_test::DevList;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::MakeDev;
using aclcpu_test::ProfileScope;
using aclcpu_test::RunPhases;
using l1ref::Profile;

std::vector<std::unique_ptr<Dev>> Devs(std::unique_ptr<Dev> a) {
    std::vector<std::unique_ptr<Dev>> v;
    v.push_back(std::move(a));
    return v;
}
std::vector<std::unique_ptr<Dev>> Devs(std::unique_ptr<Dev> a, std::unique_ptr<Dev> b) {
    std::vector<std::unique_ptr<Dev>> v = Devs(std::move(a));
    v.push_back(std::move(b));
    return v;
}
std::vector<std::unique_ptr<Dev>> Devs(std::unique_ptr<Dev> a, std::unique_ptr<Dev> b, std::unique_ptr<Dev> c) {
    std::vector<std::unique_ptr<Dev>> v = Devs(std::move(a), std::move(b));
    v.push_back(std::move(c));
    return v;
}

int Cat(const DevList& l, int64_t dim, const Dev& out) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCatGetWorkspaceSize(l.list, dim, out.t, ws, ex); },
                     aclnnCat);
}

// A transposed view, an INT32 and a FLOAT16 tensor joined along dim 1 into FLOAT: each element where it belongs,
// promoted and cast; dim -1 the same.
TEST(ReferenceConcatSplit, CatJoinsViewsAndPromotes) {
    for (int64_t dim : {1, -1}) {
        // a: storage [0 1 2 3 4 5] as [3, 2] viewed transposed -> [[0, 2, 4], [1, 3, 5]]
        DevList l(Devs(MakeDev({0, 1, 2, 3, 4, 5}, at::kFloat, {2, 3}, {1, 2}), MakeDev({7, 8}, at::kInt, {2, 1}),
                       MakeDev({0.5, 1.5, 2.5, 3.5}, at::kHalf, {2, 2})));
        Dev out(std::vector<double>(12, -1.0), at::kFloat, {2, 6});
        ASSERT_EQ(Cat(l, dim, out), 0) << LastError();
        EXPECT_EQ(out.Values(), (std::vector<double>{0, 2, 4, 7, 0.5, 1.5, 1, 3, 5, 8, 2.5, 3.5}));
    }
}

// 1-D tensors of shape [0] are left out before the checks (whatever their dims); a list of nothing else: success,
// out untouched.
TEST(ReferenceConcatSplit, CatLeavesOutOneDimEmptyTensors) {
    DevList l(Devs(MakeDev({}, at::kFloat, {0}), MakeDev({1, 2, 3, 4}, at::kFloat, {2, 2}), MakeDev({}, at::kFloat, {0})));
    Dev out(std::vector<double>(4, -1.0), at::kFloat, {2, 2});
    ASSERT_EQ(Cat(l, 1, out), 0) << LastError();
    EXPECT_EQ(out.Values(), (std::vector<double>{1, 2, 3, 4}));
    DevList none(Devs(MakeDev({}, at::kFloat, {0})));
    Dev untouched({9, 9}, at::kFloat, {2});
    ASSERT_EQ(Cat(none, 0, untouched), 0) << LastError();
    EXPECT_EQ(untouched.Values(), (std::vector<double>{9, 9}));
}

TEST(ReferenceConcatSplit, CatChecks) {
    auto first = [](const DevList& l, int64_t dim, const Dev& out) {
        return [&l, dim, &out](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnCatGetWorkspaceSize(l.list, dim, out.t, ws, ex);
        };
    };
    DevList two(Devs(MakeDev({1, 2}, at::kFloat, {1, 2}), MakeDev({3, 4, 5}, at::kFloat, {1, 3})));
    Dev out({0, 0, 0, 0, 0}, at::kFloat, {1, 5});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCatGetWorkspaceSize(nullptr, 1, out.t, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "argument tensors");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCatGetWorkspaceSize(two.list, 1, nullptr, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "argument out");
    ExpectFails(first(two, 0, out), ACLNN_ERR_PARAM_INVALID, "dim 1 of tensor 1 is [3], should be equal to tensor 0 [2]");
    ExpectFails(first(two, 2, out), ACLNN_ERR_PARAM_INVALID, "dimnum 2 exceed the dim range of the tensor 2");
    Dev wrong({0, 0, 0, 0}, at::kFloat, {1, 4});
    ExpectFails(first(two, 1, wrong), ACLNN_ERR_PARAM_INVALID, "the shape of out is [1,4], but the result's is [1,5]");
    Dev int_out({0, 0, 0, 0, 0}, at::kInt, {1, 5});  // FLOAT cannot be cast to INT32
    ExpectFails(first(two, 1, int_out), ACLNN_ERR_PARAM_INVALID, "can't be cast to the desired output type DT_INT32");
    DevList ranks(Devs(MakeDev({1, 2}, at::kFloat, {1, 2}), MakeDev({3, 4}, at::kFloat, {2})));
    ExpectFails(first(ranks, 1, out), ACLNN_ERR_PARAM_INVALID, "dimnum of tensor 1 is [1], should be equal to tensor 0 [2]");
    // BF16 is outside the Ascend910's list (and in the Atlas A2's)
    {
        ProfileScope scope(Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        DevList bf(Devs(MakeDev({1, 2}, at::kBFloat16, {2})));
        Dev o({0, 0}, at::kBFloat16, {2});
        ExpectFails(first(bf, 0, o), ACLNN_ERR_PARAM_INVALID, "tensor 0 not implemented for DT_BF16");
    }
    {
        ProfileScope scope(Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        DevList bf(Devs(MakeDev({1, 2}, at::kBFloat16, {2})));
        Dev o({0, 0}, at::kBFloat16, {2});
        ASSERT_EQ(Cat(bf, 0, o), 0) << LastError();
        EXPECT_EQ(o.Values(), (std::vector<double>{1, 2}));
    }
    // UINT16 is in the Ascend 950's list, but ATen 1.13 has no such type: refused in the first phase
    DevList u16(Devs(std::unique_ptr<Dev>(new Dev({1, 2}, at::kShort, {2}, {}, 0, ACL_UINT16))));
    Dev o16({0, 0}, at::kShort, {2}, {}, 0, ACL_UINT16);
    ExpectFails(first(u16, 0, o16), ACLNN_ERR_PARAM_INVALID, "has no such type");
}

// aclnnChunkCat: a [3, 2] tensor and a [5] tensor in two chunks: rows of ceil(3/2) = 2 and ceil(5/2) = 3 elements'
// worth, the short last chunks padded with zeros; BF16 written into FLOAT; dim other than 0 refused before the null
// checks; an empty list succeeds.
TEST(ReferenceConcatSplit, ChunkCat) {
    auto first = [](const aclTensorList* l, int64_t dim, int64_t chunks, aclTensor* out) {
        return [l, dim, chunks, out](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnChunkCatGetWorkspaceSize(l, dim, chunks, out, ws, ex);
        };
    };
    DevList l(Devs(MakeDev({1, 2, 3, 4, 5, 6}, at::kBFloat16, {3, 2}), MakeDev({7, 8, 9, 10, 11}, at::kBFloat16, {5})));
    Dev out(std::vector<double>(14, -1), at::kFloat, {2, 7});
    ASSERT_EQ(RunPhases(first(l.list, 0, 2, out.t), aclnnChunkCat), 0) << LastError();
    // row 0: rows 0-1 of the first (1 2 3 4), elements 0-2 of the second (7 8 9); row 1: row 2 and a zero row
    // (5 6 0 0), elements 3-4 and a zero (10 11 0)
    EXPECT_EQ(out.Values(), (std::vector<double>{1, 2, 3, 4, 7, 8, 9, 5, 6, 0, 0, 10, 11, 0}));
    ExpectFails(first(nullptr, 1, 2, out.t), ACLNN_ERR_PARAM_INVALID, "dim only support 0 now.");
    ExpectFails(first(nullptr, 0, 2, out.t), ACLNN_ERR_PARAM_NULLPTR, "tensors is nullptr.");
    ExpectFails(first(l.list, 0, 0, out.t), ACLNN_ERR_PARAM_INVALID, "numChunks is 0");
    Dev small(std::vector<double>(12, 0), at::kFloat, {2, 6});
    ExpectFails(first(l.list, 0, 2, small.t), ACLNN_ERR_PARAM_INVALID, "the shape of out is [2,6], but the result's is [2,7]");
    DevList f(Devs(MakeDev({1, 2}, at::kFloat, {2})));
    Dev half_out({0, 0}, at::kHalf, {2, 1});
    ExpectFails(first(f.list, 0, 2, half_out.t), ACLNN_ERR_PARAM_INVALID, "output dtype must be float when input dtype is float.");
    aclTensorList* empty = aclCreateTensorList(nullptr, 0);
    EXPECT_EQ(RunPhases(first(empty, 0, 2, out.t), aclnnChunkCat), 0) << LastError();
    aclDestroyTensorList(empty);
    {
        ProfileScope scope(Profile::kAscend910);
        ASSERT_TRUE(scope.ok());
        DevList g(Devs(MakeDev({1, 2}, at::kFloat, {2})));
        Dev o({0, 0}, at::kFloat, {1, 2});
        ExpectFails(first(g.list, 0, 1, o.t), ACLNN_ERR_PARAM_INVALID, "tensor 0 not implemented for DT_FLOAT");
    }
}

// aclnnStack: a new dim at 0, 1 and -1 (the last), mixed dtypes cast to out; NULLs return 561103 as CANN's op_api
// does; an empty list and differing shapes are refused.
TEST(ReferenceConcatSplit, Stack) {
    auto run = [](const DevList& l, int64_t dim, const Dev& out) {
        return RunPhases(
            [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnStackGetWorkspaceSize(l.list, dim, out.t, ws, ex); },
            aclnnStack);
    };
    DevList l(Devs(MakeDev({1, 2, 3}, at::kFloat, {3}), MakeDev({4, 5, 6}, at::kInt, {3})));
    Dev out0(std::vector<double>(6, 0), at::kDouble, {2, 3});
    ASSERT_EQ(run(l, 0, out0), 0) << LastError();
    EXPECT_EQ(out0.Values(), (std::vector<double>{1, 2, 3, 4, 5, 6}));
    for (int64_t dim : {1, -1}) {
        Dev out1(std::vector<double>(6, 0), at::kFloat, {3, 2});
        ASSERT_EQ(run(l, dim, out1), 0) << LastError();
        EXPECT_EQ(out1.Values(), (std::vector<double>{1, 4, 2, 5, 3, 6}));
    }
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnStackGetWorkspaceSize(nullptr, 0, out0.t, ws, ex); },
                ACLNN_ERR_INNER_NULLPTR, "Input of aclnnStack should not be null");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnStackGetWorkspaceSize(l.list, 0, nullptr, ws, ex); },
                ACLNN_ERR_INNER_NULLPTR, "argument out");
    aclTensorList* empty = aclCreateTensorList(nullptr, 0);
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnStackGetWorkspaceSize(empty, 0, out0.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "tensors is empty");
    aclDestroyTensorList(empty);
    DevList shapes(Devs(MakeDev({1, 2, 3}, at::kFloat, {3}), MakeDev({4, 5}, at::kFloat, {2})));
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnStackGetWorkspaceSize(shapes.list, 0, out0.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "dim 0 of tensor 1 is [2], should be equal to tensor 0 [3]");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnStackGetWorkspaceSize(l.list, 3, out0.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "dimnum 3 exceed the dim range of the [-2, 1]");
}

// aclnnMaxN / aclnnMinN: three tensors broadcast together ([2, 1], [3], [1, 3]); NaN propagates; a tensor of another
// dtype than out's and shapes that do not broadcast are refused.
TEST(ReferenceConcatSplit, MaxNAndMinN) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    DevList l(Devs(MakeDev({1, 5}, at::kFloat, {2, 1}), MakeDev({0, 3, nan}, at::kFloat, {3}),
                   MakeDev({2, -4, 6, 9, 9, 9}, at::kFloat, {1, 3}, {6, 2})));  // every other element: [2, 6, 9]
    Dev mx(std::vector<double>(6, 0), at::kFloat, {2, 3});
    Dev mn(std::vector<double>(6, 0), at::kFloat, {2, 3});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaxNGetWorkspaceSize(l.list, mx.t, ws, ex); },
                        aclnnMaxN), 0) << LastError();
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMinNGetWorkspaceSize(l.list, mn.t, ws, ex); },
                        aclnnMinN), 0) << LastError();
    const std::vector<double> gx = mx.Values(), gn = mn.Values();
    const std::vector<double> wx = {2, 6, nan, 5, 6, nan}, wn = {0, 1, nan, 0, 3, nan};
    for (size_t i = 0; i < 6; ++i) {
        if (std::isnan(wx[i])) {
            EXPECT_TRUE(std::isnan(gx[i]) && std::isnan(gn[i])) << i;
        } else {
            EXPECT_EQ(gx[i], wx[i]) << i;
            EXPECT_EQ(gn[i], wn[i]) << i;
        }
    }
    DevList mixed(Devs(MakeDev({1, 2}, at::kFloat, {2}), MakeDev({1, 2}, at::kHalf, {2})));
    Dev o({0, 0}, at::kFloat, {2});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaxNGetWorkspaceSize(mixed.list, o.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "dtype DT_FLOAT16 should be out's dtype DT_FLOAT");
    DevList bad(Devs(MakeDev({1, 2}, at::kFloat, {2}), MakeDev({1, 2, 3}, at::kFloat, {3})));
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMinNGetWorkspaceSize(bad.list, o.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "must match the size of tensor");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnMaxNGetWorkspaceSize(l.list, o.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "the shape of out is [2], but the result's is [2,3]");
}

// aclnnSplitTensor: pieces of two along dim 1 of a transposed view, the last one the rest, each cast to its out
// tensor's dtype; the pieces' count and shapes and splitSections are checked.
TEST(ReferenceConcatSplit, SplitTensor) {
    // storage [0..9] as [5, 2] viewed transposed: [[0, 2, 4, 6, 8], [1, 3, 5, 7, 9]]
    Dev self({0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, at::kFloat, {2, 5}, {1, 2});
    DevList out(Devs(MakeDev({0, 0, 0, 0}, at::kFloat, {2, 2}), MakeDev({0, 0, 0, 0}, at::kInt, {2, 2}),
                     MakeDev({0, 0}, at::kHalf, {2, 1})));
    auto first = [&](uint64_t sections, int64_t dim, const DevList& o) {
        return [&self, sections, dim, &o](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnSplitTensorGetWorkspaceSize(self.t, sections, dim, o.list, ws, ex);
        };
    };
    ASSERT_EQ(RunPhases(first(2, 1, out), aclnnSplitTensor), 0) << LastError();
    EXPECT_EQ(out.devs[0]->Values(), (std::vector<double>{0, 2, 1, 3}));
    EXPECT_EQ(out.devs[1]->Values(), (std::vector<double>{4, 6, 5, 7}));
    EXPECT_EQ(out.devs[2]->Values(), (std::vector<double>{8, 9}));
    DevList two(Devs(MakeDev({0, 0, 0, 0}, at::kFloat, {2, 2}), MakeDev({0, 0, 0, 0}, at::kFloat, {2, 2})));
    ExpectFails(first(2, 1, two), ACLNN_ERR_PARAM_INVALID, "out holds 2 tensors, but self splits into 3");
    ExpectFails(first(0, 1, out), ACLNN_ERR_PARAM_INVALID, "splitSections to not be zero");
    ExpectFails(first(2, 2, out), ACLNN_ERR_PARAM_INVALID, "dim value [2] to be in range [-2, 2)");
    ExpectFails(first(2, -1, two), ACLNN_ERR_PARAM_INVALID, "out holds 2 tensors");
    DevList shapes(Devs(MakeDev({0, 0, 0, 0}, at::kFloat, {2, 2}), MakeDev({0, 0, 0, 0}, at::kFloat, {4}),
                        MakeDev({0, 0}, at::kFloat, {2, 1})));
    ExpectFails(first(2, 1, shapes), ACLNN_ERR_PARAM_INVALID, "the shape of out[1] is [4], but the result's is [2,2]");
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnSplitTensorGetWorkspaceSize(nullptr, 2, 1, out.list, ws, ex); },
                ACLNN_ERR_PARAM_NULLPTR, "argument self");
    // one piece of the whole when splitSections is at least the size
    DevList whole(Devs(MakeDev(std::vector<double>(10, 0), at::kFloat, {2, 5})));
    ASSERT_EQ(RunPhases(first(7, 1, whole), aclnnSplitTensor), 0) << LastError();
    EXPECT_EQ(whole.devs[0]->Values(), (std::vector<double>{0, 2, 4, 6, 8, 1, 3, 5, 7, 9}));
}

// aclnnSplitWithSize: pieces of the given sizes (a zero-size piece too); the sizes' sum and count are checked.
TEST(ReferenceConcatSplit, SplitWithSize) {
    Dev self({0, 1, 2, 3, 4, 5}, at::kFloat, {6});
    DevList out(Devs(MakeDev({9}, at::kFloat, {1}), MakeDev({}, at::kFloat, {0}), MakeDev({0, 0, 0, 0, 0}, at::kDouble, {5})));
    auto first = [&](std::vector<int64_t> sizes, const DevList& o) {
        return [&self, sizes, &o](uint64_t* ws, aclOpExecutor** ex) {
            aclIntArray* a = aclCreateIntArray(sizes.data(), sizes.size());
            const int rc = aclnnSplitWithSizeGetWorkspaceSize(self.t, a, 0, o.list, ws, ex);
            aclDestroyIntArray(a);
            return rc;
        };
    };
    ASSERT_EQ(RunPhases(first({1, 0, 5}, out), aclnnSplitWithSize), 0) << LastError();
    EXPECT_EQ(out.devs[0]->Values(), (std::vector<double>{0}));
    EXPECT_EQ(out.devs[2]->Values(), (std::vector<double>{1, 2, 3, 4, 5}));
    ExpectFails(first({1, 0, 4}, out), ACLNN_ERR_PARAM_INVALID, "all split value sum [5] to be equal to split dimIndex [0] value [6]");
    ExpectFails(first({1, 5}, out), ACLNN_ERR_PARAM_INVALID, "splitSize num [2] to be equal to output num [3]");
    ExpectFails(first({2, -1, 5}, out), ACLNN_ERR_PARAM_INVALID, "sizes cannot be negative");
    ExpectFails(first({1, 1, 4}, out), ACLNN_ERR_PARAM_INVALID, "the shape of out[1] is [0], but the result's is [1]");
}

}  // namespace concat_split_reference_test
