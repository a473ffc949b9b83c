// Reductions over a list of dims (engine/reduce.h: PlanAxisReduce, NormalizeDim): hand-checked sums with and
// without keepdim, negative dims, a sum whose value depends on the order (the reduce template's register tree
// gives 0 where a left-to-right sum gives 1), strided and broadcast views, a mean finished to FLOAT16, INT64
// values, empty slices, a side output written in the same pass, and a naive model that gathers each output
// element's slice in row-major order of the reduced dims and sums it with the same ReduceOrder. Results across thread counts: the binary re-runs itself
// with ACLCPU_NUM_THREADS = 1, 2, 3 and 7 and compares the output bytes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "common/half.h"
#include "engine/first_phase.h"
#include "engine/plan_harness.h"
#include "engine/reduce.h"
#include "kernels/convert.h"

namespace {

using namespace aclcpu;
using namespace engine_test;
using aclcpu_test::Download;
using aclcpu_test::MakeTensor;

// Values: input 1 widened to float32 (FLOAT, FLOAT16 or BF16 inputs).
void ValueRow(const void*, const aclDataType* dt, char* const* p, const int64_t* st, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        const float v = kern::LoadPromoted(p[1] + i * st[1], dt[1], ACL_FLOAT);
        std::memcpy(p[0] + i * st[0], &v, 4);
    }
}
kern::RowFn SelectValue(const void*, const aclDataType*, const int64_t*, bool) { return &ValueRow; }

// INT64 values: input 1 (INT32) widened.
void IntRow(const void*, const aclDataType*, char* const* p, const int64_t* st, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        int32_t x;
        std::memcpy(&x, p[1] + i * st[1], 4);
        const int64_t v = x;
        std::memcpy(p[0] + i * st[0], &v, 8);
    }
}
kern::RowFn SelectInt(const void*, const aclDataType*, const int64_t*, bool) { return &IntRow; }

// Floats in [-1, 1) with full mantissas (sums depend on their order).
std::vector<float> RandomFloats(size_t n, uint32_t seed) {
    std::vector<float> v(n);
    uint32_t x = seed * 747796405u + 2891336453u;
    for (size_t i = 0; i < n; ++i) {
        x = x * 1664525u + 1013904223u;
        v[i] = static_cast<float>(static_cast<int32_t>(x)) * (1.0f / 2147483648.0f);
    }
    return v;
}

struct Case {
    std::vector<int64_t> shape;         // broadcast shape = the input's shape here
    std::vector<int64_t> in_strides;    // empty: contiguous
    std::vector<int64_t> dims;          // as the operator takes them (negative allowed)
    bool keepdim = false;
    aclDataType out_dtype = ACL_FLOAT;
    bool mean = false;
};

std::vector<int64_t> Reduced(const Case& c, uint32_t mask) {
    std::vector<int64_t> s;
    for (size_t d = 0; d < c.shape.size(); ++d) {
        if (mask & (1u << d)) {
            if (c.keepdim) s.push_back(1);
        } else {
            s.push_back(c.shape[d]);
        }
    }
    return s;
}

uint32_t MaskOf(const Case& c) {
    uint32_t mask = 0;
    for (int64_t d : c.dims) {
        int64_t nd = 0;
        EXPECT_TRUE(engine::NormalizeDim(d, static_cast<int64_t>(c.shape.size()), &nd));
        mask |= 1u << nd;
    }
    return mask;
}

int64_t SliceSize(const Case& c, uint32_t mask) {
    int64_t r = 1;
    for (size_t d = 0; d < c.shape.size(); ++d) {
        if (mask & (1u << d)) r *= c.shape[d];
    }
    return r;
}

const char* const kNames[2] = {"self", "out"};

// Publishes the axis reduction of x into y (ops: out y, input x) and runs it; returns the first status.
int PublishAndRun(aclTensor* x, aclTensor* y, const engine::BroadcastShape& b, kern::RowSelectFn select,
                  const engine::AxisReduce& axes, std::shared_ptr<const engine::ReduceOrder> order,
                  const engine::ReduceFinish& finish) {
    const engine::ElementwiseOperands ops{1, 1, {0}};
    const aclTensor* t[2] = {x, y};
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    if (int ret = engine::PublishPlan(t, 2, 1, "aclnnTestReduceSum", kNames,
                                      [&](const aclTensor* copies, uint64_t* w) {
                                          return engine::PlanAxisReduce(copies, ops, b, engine::KernelOf(select, 0),
                                                                        axes, order, finish, w);
                                      },
                                      &ws, &ex)) {
        return ret;
    }
    EXPECT_EQ(ws, 0u);
    return Launch(ex, ws);
}

// Plans and runs the reduction of `in` (FLOAT values `host` laid out with c.in_strides) into a fresh output;
// returns the output's bytes.
std::vector<char> RunCase(const Case& c, const std::vector<float>& host, std::shared_ptr<const engine::ReduceOrder>* used = nullptr) {
    const uint32_t mask = MaskOf(c);
    const std::vector<int64_t> strides = c.in_strides.empty() ? aclcpu_test::ContiguousStrides(c.shape) : c.in_strides;
    DeviceBuffer in = Upload(host);
    aclTensor* x = MakeTensor(c.shape, ACL_FLOAT, in.get(), strides, 0, {static_cast<int64_t>(host.size())});
    const std::vector<int64_t> oshape = Reduced(c, mask);
    const size_t item = aclDataTypeSize(c.out_dtype);
    const int64_t on = aclcpu_test::Numel(oshape);
    DeviceBuffer out(static_cast<size_t>(on) * item + 64);
    aclTensor* y = MakeTensor(oshape, c.out_dtype, out.get());
    engine::BroadcastShape b;
    b.n = c.shape.size();
    for (size_t i = 0; i < b.n; ++i) b.d[i] = c.shape[i];
    const int64_t R = SliceSize(c, mask);
    std::shared_ptr<const engine::ReduceOrder> order =
        R > 0 ? engine::MakeReduceTemplateOrder(R, ACL_FLOAT, engine::ReduceTemplateDag{}) : nullptr;
    if (used != nullptr) *used = order;
    engine::ReduceFinish finish;
    finish.mean = c.mean;
    finish.mean_factor = R > 0 ? 1.0f / static_cast<float>(R) : NAN;
    finish.round_to = c.out_dtype == ACL_FLOAT16 ? ACL_FLOAT16 : ACL_FLOAT;
    EXPECT_EQ(PublishAndRun(x, y, b, &SelectValue, engine::AxisReduce{mask, c.keepdim}, order, finish), 0)
        << aclcpu_test::LastError();
    std::vector<char> bytes = Download<char>(out.get(), static_cast<size_t>(on) * item);
    aclDestroyTensor(x);
    aclDestroyTensor(y);
    return bytes;
}

std::vector<float> AsFloats(const std::vector<char>& b) {
    std::vector<float> f(b.size() / 4);
    std::memcpy(f.data(), b.data(), f.size() * 4);
    return f;
}

// A ValueSource over a host vector (the model's slice).
struct VectorSource final : engine::ValueSource {
    const std::vector<float>* v;
    void Fill(int64_t begin, int64_t n, float* out) const override {
        std::memcpy(out, v->data() + begin, static_cast<size_t>(n) * 4);
    }
};

// The naive model: each output element (kept dims in row-major order) gathers its slice's values in the
// row-major order of the reduced dims and sums them in `order`; the finish as documented.
std::vector<char> Model(const Case& c, const std::vector<float>& host, const engine::ReduceOrder* order) {
    const uint32_t mask = MaskOf(c);
    const std::vector<int64_t> strides = c.in_strides.empty() ? aclcpu_test::ContiguousStrides(c.shape) : c.in_strides;
    std::vector<int64_t> kept, red;
    for (size_t d = 0; d < c.shape.size(); ++d) ((mask & (1u << d)) ? red : kept).push_back(static_cast<int64_t>(d));
    int64_t M = 1, R = 1;
    for (int64_t d : kept) M *= c.shape[d];
    for (int64_t d : red) R *= c.shape[d];
    const size_t item = aclDataTypeSize(c.out_dtype);
    std::vector<char> out(static_cast<size_t>(M) * item);
    std::vector<float> slice(static_cast<size_t>(R));
    for (int64_t m = 0; m < M; ++m) {
        int64_t base = 0, rem = m;
        for (size_t k = kept.size(); k-- > 0;) {
            base += (rem % c.shape[kept[k]]) * strides[kept[k]];
            rem /= c.shape[kept[k]];
        }
        for (int64_t r = 0; r < R; ++r) {
            int64_t e = base, q = r;
            for (size_t k = red.size(); k-- > 0;) {
                e += (q % c.shape[red[k]]) * strides[red[k]];
                q /= c.shape[red[k]];
            }
            slice[static_cast<size_t>(r)] = host[static_cast<size_t>(e)];
        }
        float total = 0.0f;
        if (R > 0) {
            VectorSource src;
            src.v = &slice;
            std::vector<float> scratch(static_cast<size_t>(order->ScratchFloats()));
            std::vector<float> parts(static_cast<size_t>(order->Parts()));
            for (int64_t p = 0; p < order->Parts(); ++p) parts[static_cast<size_t>(p)] = order->ReducePart(p, src, scratch.data());
            total = order->Combine(parts.data(), order->Parts());
        }
        if (c.mean) total = total * (1.0f / static_cast<float>(R));
        kern::StoreResult(out.data() + m * static_cast<int64_t>(item), c.out_dtype,
                          kern::RoundToPromoted(total, c.out_dtype == ACL_FLOAT16 ? ACL_FLOAT16 : ACL_FLOAT));
    }
    return out;
}

TEST(AxisReduce, HandChecked) {
    const std::vector<float> v = {1, 2, 3, 4, 5, 6};  // [[1, 2, 3], [4, 5, 6]]
    EXPECT_EQ(AsFloats(RunCase({{2, 3}, {}, {1}}, v)), (std::vector<float>{6, 15}));
    EXPECT_EQ(AsFloats(RunCase({{2, 3}, {}, {-1}, true}, v)), (std::vector<float>{6, 15}));  // shape [2, 1]
    EXPECT_EQ(AsFloats(RunCase({{2, 3}, {}, {0}}, v)), (std::vector<float>{5, 7, 9}));
    EXPECT_EQ(AsFloats(RunCase({{2, 3}, {}, {-1, 0}}, v)), (std::vector<float>{21}));
    EXPECT_EQ(AsFloats(RunCase({{2, 3}, {}, {}}, v)), v);  // no dim reduced: each value, finished
    // Transposed view of the same memory: [3, 2] with strides [1, 3]; sum over dim 1 = the columns above.
    EXPECT_EQ(AsFloats(RunCase({{3, 2}, {1, 3}, {1}}, v)), (std::vector<float>{5, 7, 9}));
    // Mean into FLOAT16: 21 / 6 = 3.5.
    const std::vector<char> h = RunCase({{2, 3}, {}, {0, 1}, false, ACL_FLOAT16, true}, v);
    uint16_t bits;
    std::memcpy(&bits, h.data(), 2);
    EXPECT_EQ(bits, FloatToHalf(3.5f));
}

// The slice [1e8, 1, -1e8, 1] (R = 4, one register): the adjacent-pair tree gives (1e8 + 1) + (-1e8 + 1) = 0
// in float32, where a left-to-right sum would give 1.
TEST(AxisReduce, TheOrderIsTheTemplates) {
    const std::vector<float> v = {1e8f, 1.0f, -1e8f, 1.0f, 1e8f, 1.0f, -1e8f, 1.0f};
    EXPECT_EQ(AsFloats(RunCase({{2, 4}, {}, {1}}, v)), (std::vector<float>{0.0f, 0.0f}));
    float left = 0.0f;
    for (int i = 0; i < 4; ++i) left += v[i];
    EXPECT_EQ(left, 1.0f);  // the order the engine does not use
}

TEST(AxisReduce, AgainstTheModel) {
    const std::vector<Case> cases = {
        {{7, 300, 5}, {}, {1}},                 // middle dim: strided slices
        {{7, 300, 5}, {}, {0, 2}, true},        // outer and inner dims
        {{7, 300, 5}, {}, {-3, -2, -1}},        // every dim (rank-0 output)
        {{40, 3000}, {}, {1}, false, ACL_FLOAT16, true},  // long slices, mean, FLOAT16
        {{3000, 40}, {1, 3000}, {0}},           // a transposed view
        {{1, 70000}, {}, {1}},                  // one output, several parts of the template
        {{5, 0, 3}, {}, {1}},                   // empty slices: 0
    };
    for (const Case& c : cases) {
        int64_t extent = 1;
        for (size_t d = 0; d < c.shape.size(); ++d) extent *= c.shape[d];
        const std::vector<float> host = RandomFloats(static_cast<size_t>(extent), static_cast<uint32_t>(extent));
        std::shared_ptr<const engine::ReduceOrder> order;
        const std::vector<char> got = RunCase(c, host, &order);
        EXPECT_EQ(got, Model(c, host, order.get())) << "shape[0] " << c.shape[0] << ", dims " << c.dims.size();
    }
}

// Values of two inputs (a * b, b broadcast along dim 0), as a weight gradient sums them: over dim 0 of
// [[1, 2, 3], [4, 5, 6]] * [10, 20, 30] -> [50, 140, 270]; over dim 1 (keepdim) -> [[140], [320]].
void ProductRow(const void*, const aclDataType*, char* const* p, const int64_t* st, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        float a, b;
        std::memcpy(&a, p[1] + i * st[1], 4);
        std::memcpy(&b, p[2] + i * st[2], 4);
        const float v = a * b;
        std::memcpy(p[0] + i * st[0], &v, 4);
    }
}
kern::RowFn SelectProduct(const void*, const aclDataType*, const int64_t*, bool) { return &ProductRow; }

// Publishes and runs the sum of a [2, 3] broadcast shape's values over its rows (dim 0) or, keepdim, its
// columns (dim 1): t[0 .. n) with two inputs first, `ops` naming them; returns the first status.
int RunWeightGrad(const aclTensor* const* t, int n, const char* const* names, const engine::ElementwiseOperands& ops,
                  kern::RowSelectFn select, bool over_rows) {
    const int64_t R = over_rows ? 2 : 3;
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    if (int ret = engine::PublishPlan(t, n, 2, "aclnnTestWeightGrad", names,
                                      [&](const aclTensor* copies, uint64_t* w) {
                                          return engine::PlanAxisReduce(
                                              copies, ops, engine::BroadcastShape{{2, 3}, 2},
                                              engine::KernelOf(select, 0),
                                              engine::AxisReduce{over_rows ? 1u : 2u, !over_rows},
                                              engine::MakeReduceTemplateOrder(R, ACL_FLOAT, engine::ReduceTemplateDag{}),
                                              engine::ReduceFinish{}, w);
                                      },
                                      &ws, &ex)) {
        return ret;
    }
    return Launch(ex, ws);
}

TEST(AxisReduce, TwoInputsBroadcast) {
    DeviceBuffer ab = Upload({1, 2, 3, 4, 5, 6}), bb = Upload({10, 20, 30});
    for (const bool over_rows : {true, false}) {
        DeviceBuffer out(64);
        aclTensor* a = MakeTensor({2, 3}, ACL_FLOAT, ab.get());
        aclTensor* b = MakeTensor({3}, ACL_FLOAT, bb.get());
        aclTensor* y = over_rows ? MakeTensor({3}, ACL_FLOAT, out.get()) : MakeTensor({2, 1}, ACL_FLOAT, out.get());
        const engine::ElementwiseOperands ops{2, 2, {0, 1}};
        const aclTensor* t[3] = {a, b, y};
        const char* const names[3] = {"gradOutput", "weight", "out"};
        ASSERT_EQ(RunWeightGrad(t, 3, names, ops, &SelectProduct, over_rows), 0);
        const std::vector<float> expect = over_rows ? std::vector<float>{50, 140, 270} : std::vector<float>{140, 320};
        EXPECT_EQ(Download<float>(out.get(), expect.size()), expect);
        for (aclTensor* x : {a, b, y}) aclDestroyTensor(x);
    }
}

// A side output (ElementwiseOperands num_outputs 2): operand 1 gets a + b element by element while the values
// a * b are summed. Here the side output is a transposed view ([2, 3] with strides [1, 2]), and the sums run
// over each dim in turn.
void ProductAndSumRow(const void*, const aclDataType*, char* const* p, const int64_t* st, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
        float a, b;
        std::memcpy(&a, p[2] + i * st[2], 4);
        std::memcpy(&b, p[3] + i * st[3], 4);
        const float v = a * b, side = a + b;
        std::memcpy(p[0] + i * st[0], &v, 4);
        std::memcpy(p[1] + i * st[1], &side, 4);
    }
}
kern::RowFn SelectProductAndSum(const void*, const aclDataType*, const int64_t*, bool) { return &ProductAndSumRow; }

TEST(AxisReduce, SideOutputWrittenInTheSamePass) {
    DeviceBuffer ab = Upload({1, 2, 3, 4, 5, 6}), bb = Upload({10, 20, 30});
    for (const bool over_rows : {true, false}) {
        DeviceBuffer out(64), side_buf(64);
        aclTensor* a = MakeTensor({2, 3}, ACL_FLOAT, ab.get());
        aclTensor* b = MakeTensor({3}, ACL_FLOAT, bb.get());
        aclTensor* side = MakeTensor({2, 3}, ACL_FLOAT, side_buf.get(), {1, 2}, 0, {6});
        aclTensor* y = over_rows ? MakeTensor({3}, ACL_FLOAT, out.get()) : MakeTensor({2, 1}, ACL_FLOAT, out.get());
        const engine::ElementwiseOperands ops{3, 2, {0, 1}, 2, {2}};  // y, side; a, b
        const aclTensor* t[4] = {a, b, side, y};
        const char* const names[4] = {"gradOutput", "weight", "gradInput", "out"};
        ASSERT_EQ(RunWeightGrad(t, 4, names, ops, &SelectProductAndSum, over_rows), 0);
        const std::vector<float> expect = over_rows ? std::vector<float>{50, 140, 270} : std::vector<float>{140, 320};
        EXPECT_EQ(Download<float>(out.get(), expect.size()), expect);
        // storage of the transposed side output: element (i, j) at i + 2 j
        EXPECT_EQ(Download<float>(side_buf.get(), 6), (std::vector<float>{11, 14, 22, 25, 33, 36}));
        for (aclTensor* x : {a, b, side, y}) aclDestroyTensor(x);
    }
}

TEST(AxisReduce, Int64Values) {
    const std::vector<int32_t> v = {2000000000, 2000000000, -5, 7, 1, -1};  // [[a, b, c], [d, e, f]]
    DeviceBuffer in(v.size() * 4), out(2 * 8);
    ASSERT_EQ(aclrtMemcpy(in.get(), 24, v.data(), 24, ACL_MEMCPY_HOST_TO_DEVICE), ACL_SUCCESS);
    aclTensor* x = MakeTensor({2, 3}, ACL_INT32, in.get());
    aclTensor* y = MakeTensor({2}, ACL_INT64, out.get());
    engine::BroadcastShape b;
    b.n = 2;
    b.d[0] = 2;
    b.d[1] = 3;
    engine::ReduceFinish finish;
    finish.value_dtype = ACL_INT64;
    ASSERT_EQ(PublishAndRun(x, y, b, &SelectInt, engine::AxisReduce{2u, false}, nullptr, finish), 0);
    EXPECT_EQ(Download<int64_t>(out.get(), 2), (std::vector<int64_t>{3999999995, 7}));
    aclDestroyTensor(x);
    aclDestroyTensor(y);
}

TEST(AxisReduce, NormalizeDim) {
    int64_t d = -9;
    EXPECT_TRUE(engine::NormalizeDim(-1, 3, &d));
    EXPECT_EQ(d, 2);
    EXPECT_TRUE(engine::NormalizeDim(-3, 3, &d));
    EXPECT_EQ(d, 0);
    EXPECT_FALSE(engine::NormalizeDim(3, 3, &d));
    EXPECT_FALSE(engine::NormalizeDim(-4, 3, &d));
    EXPECT_EQ(d, 0);  // not written
    EXPECT_TRUE(engine::NormalizeDim(-1, 0, &d));  // a scalar's one "dim"
    EXPECT_EQ(d, 0);
    EXPECT_FALSE(engine::NormalizeDim(1, 0, &d));
}

// ------------------------------------------------------------------ thread counts

constexpr const char* kDumpVar = "ACLCPU_AXIS_REDUCE_DUMP";

// Cases big enough to split: many small slices, a few long ones (one output element per chunk), one output
// with its parts over the pool, and strided slices.
const std::vector<Case>& ThreadCases() {
    static const std::vector<Case> cases = {
        {{3, 400000}, {}, {1}},
        {{1000000}, {}, {0}},
        {{512, 3000}, {}, {0}},
        {{100000, 12}, {}, {1}, true, ACL_FLOAT16, true},
    };
    return cases;
}

TEST(AxisReduceThreadsChildProcess, Dump) {
    const char* path = std::getenv(kDumpVar);
    if (path == nullptr) GTEST_SKIP() << "runs only as a child of AxisReduce.ResultsIndependentOfThreads";
    std::ofstream f(path, std::ios::binary);
    for (const Case& c : ThreadCases()) {
        int64_t extent = 1;
        for (int64_t d : c.shape) extent *= d;
        const std::vector<char> got = RunCase(c, RandomFloats(static_cast<size_t>(extent), 77));
        f.write(got.data(), static_cast<std::streamsize>(got.size()));
    }
    ASSERT_TRUE(f.good());
}

TEST(AxisReduce, ResultsIndependentOfThreads) {
    char exe[4096];
    const ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    ASSERT_GT(len, 0);
    exe[len] = '\0';
    std::vector<char> reference;
    for (int threads : {1, 2, 3, 7}) {
        const std::string path = ::testing::TempDir() + "/aclcpu_axis_" + std::to_string(getpid()) + "_" +
                                 std::to_string(threads) + ".bin";
        const std::string cmd = std::string("ACLCPU_NUM_THREADS=") + std::to_string(threads) + " " + kDumpVar + "=" +
                                path + " '" + exe + "' --gtest_filter=AxisReduceThreadsChildProcess.Dump > /dev/null";
        ASSERT_EQ(std::system(cmd.c_str()), 0) << threads << " threads: child failed";
        std::ifstream f(path, std::ios::binary);
        std::vector<char> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
        std::remove(path.c_str());
        ASSERT_GT(bytes.size(), size_t{10000});
        if (threads == 1) {
            reference = std::move(bytes);
            continue;
        }
        EXPECT_TRUE(bytes == reference) << threads << " threads differ from 1";
    }
}

}  // namespace
