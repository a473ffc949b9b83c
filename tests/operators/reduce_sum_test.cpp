// aclnnReduceSum through the public API (docs/ops/reduce_sum.md): ops-math's example, dims lists (negative,
// unordered, empty = every dim) with and without keepDims against tests/support/reduce_sum_reference.h, the result
// dtype (self cast to it first; FLOAT16 summed in float32 and rounded once), integers wrapping, BOOL as any, an empty
// and a 0-d self, the one-element shape tolerance, and CANN's messages for each check in its order. The table-driven
// suite sweeps dtypes, views and thread counts at the default (every dim).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_reduce_sum.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/reduce_sum_reference.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::EmptyTensor;
using aclcpu_test::ExpectFails;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;
using aclcpu_test::ProfileScope;
using aclcpu_test::RawTensor;
using aclcpu_test::ReadBack;
using aclcpu_test::RunPhases;
using l1ref::Profile;

constexpr int kNullptr = 161001;
constexpr int kInvalid = 161002;

const bool kQuietLog = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

/// An aclIntArray owned by the test.
struct Dims {
    aclIntArray* a;
    explicit Dims(std::vector<int64_t> v) { a = aclCreateIntArray(v.data(), v.size()); }
    ~Dims() { aclDestroyIntArray(a); }
    Dims(const Dims&) = delete;
    Dims& operator=(const Dims&) = delete;
};

int RunReduceSum(const aclTensor* s, const std::vector<int64_t>& dims, bool keep, aclDataType dt, aclTensor* o) {
    Dims d(dims);
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnReduceSumGetWorkspaceSize(s, d.a, keep, dt, o, ws, ex); },
                     aclnnReduceSum);
}

template <typename T>
HostTensor Shaped(const std::vector<int64_t>& shape, aclDataType dt, const std::vector<T>& v) {
    return RawTensor(shape, dt, v.data(), v.size() * sizeof(T));
}

// ops-math's test_aclnn_reduce_sum.cpp: self [4, 2] of 0..7, dims {0}, keepDims false, FLOAT -> [12, 16].
TEST(ReduceSum, ExampleOfOpsMath) {
    HostTensor s = Shaped<float>({4, 2}, ACL_FLOAT, {0, 1, 2, 3, 4, 5, 6, 7}), o = EmptyTensor({2}, ACL_FLOAT);
    ASSERT_EQ(RunReduceSum(s.tensor, {0}, false, ACL_FLOAT, o.tensor), 0) << LastError();
    EXPECT_EQ(ReadBack<float>(o, 2), (std::vector<float>{12, 16}));
}

// dims lists and keepDims against the model, FLOAT / FLOAT16 / BF16 / INT32 / INT8 / BOOL results, random values
// (FLOAT16 and BF16 results are sums of float32 values rounded once).
TEST(ReduceSum, DimsAndKeepDimsMatchTheModel) {
    using namespace l1ref;
    std::mt19937 rng(77);
    const std::vector<int64_t> shape = {3, 5, 4};
    const std::vector<std::vector<int64_t>> dim_lists = {{0}, {1}, {2}, {-1}, {0, 2}, {2, 0}, {-3, -2}, {0, 1, 2}, {}};
    const int dtypes[][2] = {{kF32, kF32}, {kF16, kF16}, {kBF16, kBF16}, {kF32, kF16}, {kS32, kS32}, {kS8, kS8},
                             {kF32, kS32}, {kBool, kS64}, {kS32, kBool}, {kU8, kF32}};
    int compared = 0;
    for (const auto& dd : dtypes) {
        const int sd = dd[0], c = dd[1];
        std::vector<uint8_t> bytes(60 * DtSize(sd));
        for (size_t i = 0; i < 60; ++i) {
            const double v = static_cast<double>(static_cast<int>(rng() % 2001) - 1000) / 8.0;
            binref::WriteCast(bytes.data() + i * DtSize(sd), sd, kF64, sd == kBool ? (rng() % 3 == 0) : v, 0.0L);
        }
        HostTensor s = RawTensor(shape, static_cast<aclDataType>(sd), bytes.data(), bytes.size());
        View sv;
        sv.dtype = sd;
        sv.shape = shape;
        sv.strides = aclcpu_test::ContiguousStrides(shape);
        sv.storage = {60};
        sv.data = bytes.data();
        for (const auto& dims : dim_lists) {
            for (bool keep : {false, true}) {
                std::vector<int64_t> os;
                for (int64_t k = 0; k < 3; ++k) {
                    bool red = dims.empty();
                    for (int64_t d : dims) red = red || (d < 0 ? d + 3 : d) == k;
                    if (!red) os.push_back(shape[static_cast<size_t>(k)]);
                    if (red && keep) os.push_back(1);
                }
                HostTensor o = EmptyTensor(os, static_cast<aclDataType>(c));
                View ov;
                ov.dtype = c;
                ov.shape = os;
                ov.strides = aclcpu_test::ContiguousStrides(os);
                ov.storage = {std::max<int64_t>(NumelOf(os), 1)};
                std::vector<uint8_t> want(static_cast<size_t>(ov.storage[0]) * DtSize(c), 0);
                ASSERT_EQ(reducesumref::ReduceSum(Profile::kAscend950, sv, dims, keep, c, ov, want.data()), 0);
                ASSERT_EQ(RunReduceSum(s.tensor, dims, keep, static_cast<aclDataType>(c), o.tensor), 0) << LastError();
                const std::vector<uint8_t> got = ReadBack<uint8_t>(o, want.size());
                EXPECT_EQ(got, want) << DtName(sd) << "->" << DtName(c) << " dims " << dims.size() << " keep " << keep;
                ++compared;
            }
        }
    }
    EXPECT_EQ(compared, 180);
}

// The result dtype is self cast to dtype first: FLOAT values 1 + 2^-11 summed as FLOAT16 are 1 each (the cast rounds),
// an INT8 sum wraps, and a BOOL dtype is "any".
TEST(ReduceSum, DtypeCastsFirstIntegersWrapBoolIsAny) {
    const float x = 1.0f + std::ldexp(1.0f, -11);
    HostTensor s = Shaped<float>({4}, ACL_FLOAT, {x, x, x, x}), o16 = EmptyTensor({}, ACL_FLOAT16);
    ASSERT_EQ(RunReduceSum(s.tensor, {}, false, ACL_FLOAT16, o16.tensor), 0) << LastError();
    EXPECT_EQ(ReadBack<uint16_t>(o16, 1)[0], 0x4400);  // 4.0
    HostTensor i8 = Shaped<int8_t>({3}, ACL_INT8, {100, 100, 100}), o8 = EmptyTensor({}, ACL_INT8);
    ASSERT_EQ(RunReduceSum(i8.tensor, {0}, false, ACL_INT8, o8.tensor), 0) << LastError();
    EXPECT_EQ(ReadBack<int8_t>(o8, 1)[0], static_cast<int8_t>(300 - 256));
    HostTensor b = Shaped<uint8_t>({2, 3}, ACL_BOOL, {0, 0, 1, 0, 0, 0}), ob = EmptyTensor({2}, ACL_BOOL);
    ASSERT_EQ(RunReduceSum(b.tensor, {1}, false, ACL_BOOL, ob.tensor), 0) << LastError();
    EXPECT_EQ(ReadBack<uint8_t>(ob, 2), (std::vector<uint8_t>{1, 0}));
}

// An empty self fills out with 0 (no shape check, as CANN's FillScalar); a 0-d self is cast into out's one element;
// a one-element result may be written into any one-element out (CheckShapeAndScalarSame).
TEST(ReduceSum, EmptyZeroDimAndOneElementResults) {
    HostTensor e = EmptyTensor({0, 3}, ACL_FLOAT), o3 = Shaped<float>({3}, ACL_FLOAT, {7, 7, 7});
    ASSERT_EQ(RunReduceSum(e.tensor, {0}, false, ACL_FLOAT, o3.tensor), 0) << LastError();
    EXPECT_EQ(ReadBack<float>(o3, 3), (std::vector<float>{0, 0, 0}));
    HostTensor z = Shaped<float>({}, ACL_FLOAT, {2.5f}), oi = EmptyTensor({1}, ACL_INT32);
    ASSERT_EQ(RunReduceSum(z.tensor, {0}, true, ACL_INT32, oi.tensor), 0) << LastError();
    EXPECT_EQ(ReadBack<int32_t>(oi, 1)[0], 2);
    HostTensor s = Shaped<float>({1, 4}, ACL_FLOAT, {1, 2, 3, 4}), o11 = EmptyTensor({1, 1, 1}, ACL_FLOAT);
    ASSERT_EQ(RunReduceSum(s.tensor, {1}, false, ACL_FLOAT, o11.tensor), 0) << LastError();  // [1] into [1, 1, 1]
    EXPECT_EQ(ReadBack<float>(o11, 1)[0], 10.0f);
}

TEST(ReduceSum, Messages) {
    HostTensor s = Shaped<float>({2, 3}, ACL_FLOAT, {1, 2, 3, 4, 5, 6}), o = EmptyTensor({3}, ACL_FLOAT);
    HostTensor oh = EmptyTensor({3}, ACL_FLOAT16), od = EmptyTensor({3}, ACL_DOUBLE), o2 = EmptyTensor({2}, ACL_FLOAT);
    Dims d0({0}), bad({2}), twice({0, -2}), none({});
    auto call = [&](const aclTensor* x, const aclIntArray* d, aclDataType dt, aclTensor* out) {
        return [=](uint64_t* ws, aclOpExecutor** ex) { return aclnnReduceSumGetWorkspaceSize(x, d, false, dt, out, ws, ex); };
    };
    ExpectFails(call(s.tensor, nullptr, ACL_FLOAT, o.tensor), kNullptr,
                "Expected a value of type List[int] for argument dims but instead found type null.");
    ExpectFails(call(s.tensor, d0.a, ACL_UINT16, o.tensor), kInvalid, "type DT_UINT16 should be in dtype support list [");
    ExpectFails(call(s.tensor, d0.a, ACL_FLOAT, oh.tensor), kInvalid,
                "Tensor out expected dtype is DT_FLOAT but found DT_FLOAT16.");
    ExpectFails(call(s.tensor, bad.a, ACL_FLOAT, o.tensor), kInvalid, "Provided dim 2 must be in the range of [-2, 1].");
    ExpectFails(call(s.tensor, twice.a, ACL_FLOAT, o.tensor), kInvalid, "Dim 0 appears multiple times in the list of dims.");
    ExpectFails(call(s.tensor, d0.a, ACL_FLOAT, o2.tensor), kInvalid, "The tensor's shape[[3]] is not equal with shape[[2]].");
    ExpectFails(call(s.tensor, d0.a, ACL_DOUBLE, od.tensor), kInvalid, "aclnnReduceSum in DT_DOUBLE is not implemented");
    ExpectFails(call(s.tensor, none.a, ACL_FLOAT, s.tensor), kInvalid, "The tensor's shape[[]] is not equal with shape[[2,3]].");
}

}  // namespace
