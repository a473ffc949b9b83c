// Tensor-list plans (engine/list.h): one plan over many element-wise sub-problems, each with its own shapes,
// strides, offsets and scalar (out_i = a_i * alpha_i + b_i, the foreach form), through the first phase
// (PublishElementwiseList: the prototype's list arguments) and the generic second phase: hundreds of tensors
// of many sizes plus one big and one transposed (tiled) tensor; in-place lists (out_i exactly on a_i); an
// output overlapping its own input (that item through a temporary); an output of one item on another item's
// input (the items then run in list order); and a repeatable executor re-addressed with
// aclSetDynamicInputTensorAddr / aclSetDynamicOutputTensorAddr, with their index errors. Every result is
// checked against a host loop that knows only the views.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include "engine/first_phase.h"
#include "engine/list.h"
#include "engine/plan_harness.h"

namespace {

using namespace aclcpu;
using namespace engine_test;
using aclcpu_test::Download;
using aclcpu_test::MakeTensor;

// A view of a float buffer: shape, element strides and offset (right-aligned to the item's shape).
struct View {
    std::vector<int64_t> shape, strides;
    int64_t offset = 0;
};

View Contiguous(std::vector<int64_t> shape) { return View{shape, aclcpu_test::ContiguousStrides(shape), 0}; }

// Element offset of broadcast index `idx` (outermost first, over `b`) in view v.
int64_t At(const View& v, const std::vector<int64_t>& b, const std::vector<int64_t>& idx) {
    int64_t e = v.offset;
    for (size_t k = 0; k < v.shape.size(); ++k) {
        const size_t d = b.size() - v.shape.size() + k;
        if (v.shape[k] != 1) e += idx[d] * v.strides[k];
    }
    return e;
}

// host: out = a * alpha + b over shape b (a, b read from `ha`, `hb`, written to `ho`).
void Reference(const View& va, const View& vb, const View& vo, const std::vector<int64_t>& shape, float alpha,
               const std::vector<float>& ha, const std::vector<float>& hb, std::vector<float>* ho) {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    std::vector<int64_t> idx(shape.size(), 0);
    for (int64_t i = 0; i < n; ++i) {
        int64_t rem = i;
        for (size_t d = shape.size(); d-- > 0;) {
            idx[d] = rem % shape[d];
            rem /= shape[d];
        }
        (*ho)[static_cast<size_t>(At(vo, shape, idx))] =
            ha[static_cast<size_t>(At(va, shape, idx))] * alpha + hb[static_cast<size_t>(At(vb, shape, idx))];
    }
}

int64_t Extent(const View& v) {
    int64_t e = v.offset;
    for (size_t k = 0; k < v.shape.size(); ++k) e += (v.shape[k] - 1) * v.strides[k];
    return e + 1;
}

engine::BroadcastShape ShapeOf(const std::vector<int64_t>& s) {
    engine::BroadcastShape b;
    b.n = s.size();
    for (size_t i = 0; i < s.size(); ++i) b.d[i] = s[i];
    return b;
}

// One foreach case: K items over lists a, b (inputs) and out (outputs), each its own buffer.
struct ListCase {
    std::vector<std::vector<int64_t>> shapes;
    std::vector<View> va, vb, vo;
    std::vector<float> alpha;
    std::vector<std::vector<float>> ha, hb;
    std::vector<DeviceBuffer> da, db, dout;
    std::vector<aclTensor*> ta, tb, tout;

    void Add(std::vector<int64_t> shape, View a, View b, View o, float al) {
        const uint32_t seed = static_cast<uint32_t>(shapes.size());
        shapes.push_back(shape);
        ha.push_back(Values(static_cast<size_t>(Extent(a)), 2 * seed + 1));
        hb.push_back(Values(static_cast<size_t>(Extent(b)), 2 * seed + 2));
        da.push_back(Upload(ha.back()));
        db.push_back(Upload(hb.back()));
        dout.emplace_back(static_cast<size_t>(Extent(o)) * 4 + 64);
        EXPECT_EQ(aclrtMemset(dout.back().get(), dout.back().bytes(), 0, dout.back().bytes()), ACL_SUCCESS);
        ta.push_back(MakeTensor(a.shape, ACL_FLOAT, da.back().get(), a.strides, a.offset, {Extent(a)}));
        tb.push_back(MakeTensor(b.shape, ACL_FLOAT, db.back().get(), b.strides, b.offset, {Extent(b)}));
        tout.push_back(MakeTensor(o.shape, ACL_FLOAT, dout.back().get(), o.strides, o.offset, {Extent(o)}));
        va.push_back(a);
        vb.push_back(b);
        vo.push_back(o);
        alpha.push_back(al);
    }
    size_t K() const { return shapes.size(); }
    // Item i's output one element before its b's view, in b's (new) buffer of numel + 1 values: the output overlaps
    // its own input other than exactly (the item goes through a temporary). Contiguous views of item i's shape.
    void OutputBeforeB(size_t i, uint32_t seed) { OutputBesideB(i, seed, 1, 0); }
    // Item i's b and out in one new buffer of n + 1 elements, at offsets b_offset and out_offset (0 or 1).
    void OutputBesideB(size_t i, uint32_t seed, int64_t b_offset, int64_t out_offset) {
        int64_t n = 1;
        for (int64_t d : shapes[i]) n *= d;
        const std::vector<int64_t> st = aclcpu_test::ContiguousStrides(shapes[i]);
        hb[i] = Values(static_cast<size_t>(n + 1), seed);
        db[i] = Upload(hb[i]);
        aclDestroyTensor(tb[i]);
        tb[i] = MakeTensor(shapes[i], ACL_FLOAT, db[i].get(), st, b_offset, {n + 1});
        vb[i] = View{shapes[i], st, b_offset};
        aclDestroyTensor(tout[i]);
        tout[i] = MakeTensor(shapes[i], ACL_FLOAT, db[i].get(), st, out_offset, {n + 1});
    }
    ~ListCase() {
        for (auto* v : {&ta, &tb, &tout}) {
            for (aclTensor* t : *v) aclDestroyTensor(t);
        }
    }
};

const char* const kArgNames[3] = {"x1", "x2", "out"};

// Publishes the foreach call over lists (a, b) -> out; t: a..., b..., out...
int Publish(const std::vector<aclTensor*>& t, size_t K, const std::vector<engine::ElementwiseListItem>& items,
            uint64_t* ws, aclOpExecutor** ex) {
    const int k = static_cast<int>(K);
    const CallArg args[3] = {{0, k, true}, {k, k, true}, {2 * k, k, true}};
    std::vector<const aclTensor*> ct(t.begin(), t.end());
    return engine::PublishElementwiseList(ct.data(), 3 * k, 2 * k, "aclnnTestForeach", args, 3, kArgNames,
                                          items.data(), items.size(), ws, ex);
}

std::vector<engine::ElementwiseListItem> Items(const ListCase& c) {
    const int k = static_cast<int>(c.K());
    std::vector<engine::ElementwiseListItem> items;
    for (int i = 0; i < k; ++i) {
        items.push_back({engine::ElementwiseOperands{2 * k + i, 2, {i, k + i}}, ShapeOf(c.shapes[i]),
                         engine::KernelOf(&SelectAxpy, AxpyParams{c.alpha[i]})});
    }
    return items;
}

std::vector<aclTensor*> AllTensors(const ListCase& c) {
    std::vector<aclTensor*> t = c.ta;
    t.insert(t.end(), c.tb.begin(), c.tb.end());
    t.insert(t.end(), c.tout.begin(), c.tout.end());
    return t;
}

// The plan PlanElementwiseList made, whichever of its two kinds (engine/list.h: FlatListPlan for flat items,
// ElementwiseListPlan otherwise).
struct ListPlanView {
    std::shared_ptr<const OpPlan> plan;
    const engine::ElementwiseListPlan* general = nullptr;
    const engine::FlatListPlan* flat = nullptr;
    bool Together(const aclTensor* t) const { return general != nullptr ? general->Together(t) : flat->Together(t); }
    size_t Items() const { return general != nullptr ? general->Items() : flat->Items(); }
    bool ShortRun() const { return plan->ShortRun(); }
};

// The plan PlanElementwiseList makes for copies of t (kept in *copies, which the plan was made over); nullptr when
// it is of neither kind.
std::shared_ptr<ListPlanView> PlanOf(const std::vector<aclTensor*>& t, const std::vector<engine::ElementwiseListItem>& items,
                                     std::vector<aclTensor>* copies, uint64_t* ws) {
    for (aclTensor* x : t) copies->push_back(*x);
    auto v = std::make_shared<ListPlanView>();
    v->plan = engine::PlanElementwiseList(copies->data(), items.data(), items.size(), ws);
    v->general = dynamic_cast<const engine::ElementwiseListPlan*>(v->plan.get());
    v->flat = dynamic_cast<const engine::FlatListPlan*>(v->plan.get());
    if (v->general == nullptr && v->flat == nullptr) return nullptr;
    return v;
}

void ExpectOutputs(const ListCase& c) {
    for (size_t i = 0; i < c.K(); ++i) {
        std::vector<float> expect = Download<float>(c.dout[i].get(), static_cast<size_t>(Extent(c.vo[i])));
        Reference(c.va[i], c.vb[i], c.vo[i], c.shapes[i], c.alpha[i], c.ha[i], c.hb[i], &expect);
        EXPECT_EQ(Download<float>(c.dout[i].get(), expect.size()), expect) << "item " << i;
    }
}

// Plans c's items as the first phase does (*plan: every item in one index space, no workspace), then publishes and
// launches the call and checks every output against the host loop.
void PlanRunAndCheck(const ListCase& c, std::shared_ptr<ListPlanView>* plan) {
    const std::vector<aclTensor*> t = AllTensors(c);
    const std::vector<engine::ElementwiseListItem> items = Items(c);
    std::vector<aclTensor> copies;
    uint64_t ws = 1;
    *plan = PlanOf(t, items, &copies, &ws);
    ASSERT_NE(*plan, nullptr);
    EXPECT_EQ((*plan)->Items(), c.K());
    EXPECT_TRUE((*plan)->Together(copies.data()));
    EXPECT_EQ(ws, 0u);
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(Publish(t, c.K(), items, &ws, &ex), 0) << aclcpu_test::LastError();
    ASSERT_EQ(Launch(ex, ws), 0) << aclcpu_test::LastError();
    ExpectOutputs(c);
}

// Hundreds of small tensors of many shapes, one big one (several grains) and one transposed one (tiled).
TEST(ListPlan, ManyTensorsOnePlan) {
    ListCase c;
    for (int i = 0; i < 300; ++i) {
        const int64_t n = 1 + (i * 7) % 37;
        std::vector<int64_t> s = i % 3 == 0 ? std::vector<int64_t>{n} : std::vector<int64_t>{2, n};
        View b = i % 5 == 1 ? Contiguous({n}) : Contiguous(s);  // some b broadcast along dim 0
        View o = Contiguous(s);
        if (i % 4 == 2) o.offset = 3;  // an output at a storage offset
        c.Add(s, Contiguous(s), b, o, 0.25f * static_cast<float>(i % 9));
    }
    c.Add({200000}, Contiguous({200000}), Contiguous({200000}), Contiguous({200000}), 1.5f);
    c.Add({64, 300}, View{{64, 300}, {1, 64}, 0}, Contiguous({64, 300}), Contiguous({64, 300}), -2.0f);
    std::shared_ptr<ListPlanView> lp;
    PlanRunAndCheck(c, &lp);
    ASSERT_NE(lp, nullptr);
    EXPECT_FALSE(lp->ShortRun());
    EXPECT_EQ(lp->flat, nullptr);  // strided and broadcast items
}

// Positions of one shape class (the same shape, strides, dtypes and scalar; only offsets and buffers differ)
// share the class's planned call, each with its own operands, offset shifts and temporaries' mask; another class
// in between starts a class of its own (13 runs here), and a position whose output overlaps its own input (through
// the workspace) - the first of its run (20) or inside one (23) - must not take a neighbour's offsets or aliasing
// decision, nor hand its own to them.
TEST(ListPlan, PositionsOfOneShapeClass) {
    ListCase c;
    for (int i = 0; i < 64; ++i) {
        const std::vector<int64_t> s = i % 10 == 9 ? std::vector<int64_t>{2, 75} : std::vector<int64_t>{3, 50};
        View a = Contiguous(s), b = Contiguous(s), o = Contiguous(s);
        a.offset = i % 5;
        b.offset = (i * 3) % 7;
        o.offset = i % 4;
        c.Add(s, a, b, o, 0.75f);
    }
    c.OutputBeforeB(20, 77);  // position 20 (class {3, 50}): its output one element before its own b's view
    c.OutputBesideB(23, 78, 0, 1);  // and 23, inside the same run: its output one element after its b's view
    const std::vector<aclTensor*> t = AllTensors(c);
    const std::vector<engine::ElementwiseListItem> items = Items(c);
    std::vector<aclTensor> copies;
    uint64_t ws = 0;
    const auto lp = PlanOf(t, items, &copies, &ws);
    ASSERT_NE(lp, nullptr);
    EXPECT_EQ(lp->Items(), c.K());
    ASSERT_NE(lp->general, nullptr);  // strided positions: not flat
    EXPECT_EQ(lp->general->Classes(), 13u);
    EXPECT_EQ(ws, 150u * 4);  // the temporary of one of positions 20 and 23 (they run one at a time)
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(Publish(t, c.K(), items, &ws, &ex), 0) << aclcpu_test::LastError();
    ASSERT_EQ(Launch(ex, ws), 0) << aclcpu_test::LastError();
    for (size_t i : {size_t{20}, size_t{23}}) {  // b read whole before out is written (as through a temporary)
        const size_t bo = i == 20 ? 1 : 0, oo = 1 - bo;
        const std::vector<float> got = Download<float>(c.db[i].get(), 151);
        for (size_t j = 0; j < 150; ++j) {
            ASSERT_EQ(got[j + oo], c.ha[i][j + c.va[i].offset] * 0.75f + c.hb[i][j + bo]) << "position " << i << ", " << j;
        }
    }
    for (size_t i = 0; i < c.K(); ++i) {
        if (i == 20 || i == 23) continue;
        std::vector<float> expect = Download<float>(c.dout[i].get(), static_cast<size_t>(Extent(c.vo[i])));
        Reference(c.va[i], c.vb[i], c.vo[i], c.shapes[i], c.alpha[i], c.ha[i], c.hb[i], &expect);
        EXPECT_EQ(Download<float>(c.dout[i].get(), expect.size()), expect) << "item " << i;
    }
}

// In-place foreach over 40 items: out_i is a_i (one tensor per item, among the outputs), alpha_i = alpha(i): no
// workspace, a_i overwritten; the plan flat when every item has the same alpha (`flat`).
template <typename AlphaOf>
void RunInPlaceList(AlphaOf alpha, bool flat) {
    ListCase c;
    for (int i = 0; i < 40; ++i) c.Add({1 + i * 997}, Contiguous({1 + i * 997}), Contiguous({1 + i * 997}),
                                       Contiguous({1 + i * 997}), alpha(i));
    const int k = static_cast<int>(c.K());
    std::vector<aclTensor*> t = c.tb;                    // inputs: b
    t.insert(t.end(), c.ta.begin(), c.ta.end());         // outputs: a, in place
    std::vector<engine::ElementwiseListItem> items;
    for (int i = 0; i < k; ++i) {
        items.push_back({engine::ElementwiseOperands{k + i, 2, {k + i, i}}, ShapeOf(c.shapes[i]),
                         engine::KernelOf(&SelectAxpy, AxpyParams{c.alpha[i]})});
    }
    std::vector<aclTensor> copies;
    uint64_t ws = 1;
    const auto lp = PlanOf(t, items, &copies, &ws);
    ASSERT_NE(lp, nullptr);
    EXPECT_EQ(lp->flat != nullptr, flat);
    EXPECT_TRUE(lp->Together(copies.data()));
    const CallArg args[2] = {{0, k, true}, {k, k, true}};
    const char* const names[2] = {"other", "selfRef"};
    std::vector<const aclTensor*> ct(t.begin(), t.end());
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(engine::PublishElementwiseList(ct.data(), 2 * k, k, "aclnnTestForeachInplace", args, 2, names,
                                             items.data(), items.size(), &ws, &ex),
              0);
    EXPECT_EQ(ws, 0u);
    ASSERT_EQ(Launch(ex, ws), 0) << aclcpu_test::LastError();
    for (int i = 0; i < k; ++i) {
        const std::vector<float> got = Download<float>(c.da[i].get(), c.ha[i].size());
        for (size_t j = 0; j < got.size(); ++j) ASSERT_EQ(got[j], c.ha[i][j] * c.alpha[i] + c.hb[i][j]) << i << "," << j;
    }
}

// Each item its own alpha: the general plan.
TEST(ListPlan, InPlaceList) {
    RunInPlaceList([](int i) { return 0.5f + static_cast<float>(i); }, false);
}

// One alpha: the flat plan, each output read and written at once.
TEST(ListPlan, FlatPlanInPlace) {
    RunInPlaceList([](int) { return 0.75f; }, true);
}

// Lists of contiguous tensors under one kernel (an optimizer's lists) get the flat plan; a strided position, a
// position with parameters of its own, or an output meeting its own input other than exactly each make the general
// plan instead. Every planned variant gives the host loop's values.
TEST(ListPlan, FlatPlanForContiguousLists) {
    for (int variant = 0; variant < 4; ++variant) {  // 0 flat, 1 a transposed a_5, 2 alpha_11 its own, 3 out_9 on b_9
        ListCase c;
        for (int i = 0; i < 30; ++i) {
            const bool transposed = variant == 1 && i == 5;
            const std::vector<int64_t> shape = transposed ? std::vector<int64_t>{40, 30}
                                                          : std::vector<int64_t>{i == 7 ? 70000 : 1 + i * 331};
            const View a = transposed ? View{shape, {1, 40}, 0} : Contiguous(shape);
            c.Add(shape, a, Contiguous(shape), Contiguous(shape), variant == 2 && i == 11 ? 2.5f : 1.5f);
        }
        std::shared_ptr<ListPlanView> lp;
        if (variant == 3) {  // its outputs' checks are OverlappingOutputThroughTemporary's
            c.OutputBeforeB(9, 91);
            std::vector<aclTensor> copies;
            uint64_t ws = 0;
            lp = PlanOf(AllTensors(c), Items(c), &copies, &ws);
        } else {
            PlanRunAndCheck(c, &lp);
        }
        ASSERT_NE(lp, nullptr);
        EXPECT_EQ(lp->flat != nullptr, variant == 0) << "variant " << variant;
    }
}

// out_1 overlaps its own b shifted by one element: that item goes through the workspace; the others do not.
TEST(ListPlan, OverlappingOutputThroughTemporary) {
    ListCase c;
    for (int i = 0; i < 3; ++i) c.Add({5000}, Contiguous({5000}), Contiguous({5000}), Contiguous({5000}), 3.0f);
    c.OutputBeforeB(1, 99);  // item 1's output: b_1's memory one element before b_1's view
    const std::vector<aclTensor*> t = AllTensors(c);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(Publish(t, c.K(), Items(c), &ws, &ex), 0);
    EXPECT_EQ(ws, 5000u * 4);
    ASSERT_EQ(Launch(ex, ws), 0) << aclcpu_test::LastError();
    const std::vector<float> got = Download<float>(c.db[1].get(), 5001);
    for (size_t j = 0; j < 5000; ++j) ASSERT_EQ(got[j], c.ha[1][j] * 3.0f + c.hb[1][j + 1]) << j;
    for (size_t i : {size_t{0}, size_t{2}}) {
        std::vector<float> expect(5000);
        Reference(c.va[i], c.vb[i], c.vo[i], c.shapes[i], 3.0f, c.ha[i], c.hb[i], &expect);
        EXPECT_EQ(Download<float>(c.dout[i].get(), 5000), expect) << i;
    }
}

// ShortRun counts every item's elements, those of an item that runs alone (through a temporary) too.
TEST(ListPlan, ShortRunCountsEveryItem) {
    for (const int64_t big : {int64_t{30000}, int64_t{63000}}) {
        ListCase c;
        c.Add({3000}, Contiguous({3000}), Contiguous({3000}), Contiguous({3000}), 1.0f);
        c.Add({big}, Contiguous({big}), Contiguous({big}), Contiguous({big}), 1.0f);
        aclDestroyTensor(c.tout[1]);  // item 1 writes its own a, one element on: a temporary
        c.tout[1] = MakeTensor({big - 1}, ACL_FLOAT, c.da[1].get(), {1}, 1, {big});
        aclDestroyTensor(c.ta[1]);
        c.ta[1] = MakeTensor({big - 1}, ACL_FLOAT, c.da[1].get(), {1}, 0, {big});
        aclDestroyTensor(c.tb[1]);
        c.tb[1] = MakeTensor({big - 1}, ACL_FLOAT, c.db[1].get(), {1}, 0, {big});
        c.shapes[1] = {big - 1};
        std::vector<aclTensor> copies;
        uint64_t ws = 0;
        const auto lp = PlanOf(AllTensors(c), Items(c), &copies, &ws);
        ASSERT_NE(lp, nullptr);
        EXPECT_EQ(ws, static_cast<uint64_t>(big - 1) * 4);
        EXPECT_EQ(lp->ShortRun(), 3000 + big - 1 <= engine::kShortRunElements) << big;
    }
}

// out_0 is a_1's memory: the items run in list order, so item 1 reads what item 0 wrote.
TEST(ListPlan, ItemsSharingMemoryRunInOrder) {
    ListCase c;
    for (int i = 0; i < 2; ++i) c.Add({70000}, Contiguous({70000}), Contiguous({70000}), Contiguous({70000}), 2.0f);
    aclDestroyTensor(c.tout[0]);
    c.tout[0] = MakeTensor({70000}, ACL_FLOAT, c.da[1].get());
    const std::vector<aclTensor*> t = AllTensors(c);
    const std::vector<engine::ElementwiseListItem> items = Items(c);
    std::vector<aclTensor> copies;
    uint64_t ws = 0;
    const auto lp = PlanOf(t, items, &copies, &ws);
    ASSERT_NE(lp, nullptr);
    EXPECT_FALSE(lp->Together(copies.data()));
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(Publish(t, c.K(), items, &ws, &ex), 0);
    ASSERT_EQ(Launch(ex, ws), 0);
    std::vector<float> a1(70000);
    for (size_t j = 0; j < a1.size(); ++j) a1[j] = c.ha[0][j] * 2.0f + c.hb[0][j];  // item 0's result
    EXPECT_EQ(Download<float>(c.da[1].get(), 70000), a1);
    std::vector<float> o1(70000);
    for (size_t j = 0; j < o1.size(); ++j) o1[j] = a1[j] * 2.0f + c.hb[1][j];
    EXPECT_EQ(Download<float>(c.dout[1].get(), 70000), o1);
}

// The cross-item overlap check finds an output on another item's input whatever the order of the tensors'
// addresses along the lists (ascending, descending, shuffled: the runs the span sort merges), exactly or half a
// tensor off, and finds none when the items are apart.
TEST(ListPlan, MeetingFoundInEveryAddressOrder) {
    constexpr int K = 40;
    constexpr int64_t N = 64;
    DeviceBuffer block(static_cast<size_t>(3 * K + 1) * N * 4);
    for (int order = 0; order < 3; ++order) {
        for (int meet = 0; meet < 3; ++meet) {  // 0 apart, 1 out_5 exactly on b_31, 2 out_5 half a tensor into b_31
            std::vector<int> slot(3 * K);  // each tensor's N-element slot of the block: a..., b..., out...
            std::iota(slot.begin(), slot.end(), 0);
            if (order == 1) std::reverse(slot.begin(), slot.end());
            if (order == 2) std::shuffle(slot.begin(), slot.end(), std::mt19937(7));
            std::vector<aclTensor*> t;
            for (int i = 0; i < 3 * K; ++i) {
                int64_t at = slot[static_cast<size_t>(i)] * N;
                if (meet > 0 && i == 2 * K + 5) at = slot[K + 31] * N + (meet == 2 ? N / 2 : 0);
                t.push_back(MakeTensor({N}, ACL_FLOAT, static_cast<float*>(block.get()) + at));
            }
            std::vector<engine::ElementwiseListItem> items;
            for (int i = 0; i < K; ++i) {
                items.push_back({engine::ElementwiseOperands{2 * K + i, 2, {i, K + i}}, ShapeOf({N}),
                                 engine::KernelOf(&SelectAxpy, AxpyParams{2.0f})});
            }
            std::vector<aclTensor> copies;
            uint64_t ws = 0;
            const auto lp = PlanOf(t, items, &copies, &ws);
            ASSERT_NE(lp, nullptr);
            EXPECT_EQ(lp->Together(copies.data()), meet == 0) << "order " << order << ", meet " << meet;
            for (aclTensor* x : t) aclDestroyTensor(x);
        }
    }
}

// A repeatable executor: list elements re-addressed through their lists, and the setters' index errors.
TEST(ListPlan, RepeatableDynamicAddresses) {
    ListCase c;
    for (int i = 0; i < 20; ++i) c.Add({100 + i}, Contiguous({100 + i}), Contiguous({100 + i}), Contiguous({100 + i}), 1.0f);
    const std::vector<aclTensor*> t = AllTensors(c);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(Publish(t, c.K(), Items(c), &ws, &ex), 0);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0);
    ASSERT_EQ(Launch(ex, ws), 0);
    ExpectOutputs(c);
    // Lists over the same descriptors (they take ownership: ListCase must not destroy them again).
    aclTensorList* la = aclCreateTensorList(c.ta.data(), c.K());
    aclTensorList* lo = aclCreateTensorList(c.tout.data(), c.K());
    ASSERT_NE(la, nullptr);
    ASSERT_NE(lo, nullptr);
    c.ta.clear();
    c.tout.clear();
    // New memory for a_3 and out_7.
    const std::vector<float> a3 = Values(103, 1234);
    DeviceBuffer na = Upload(a3), no(107 * 4);
    EXPECT_EQ(aclSetDynamicInputTensorAddr(ex, 0, 3, la, na.get()), 0) << aclcpu_test::LastError();
    EXPECT_EQ(aclSetDynamicOutputTensorAddr(ex, 0, 7, lo, no.get()), 0) << aclcpu_test::LastError();
    // Index errors: a list argument through the single-tensor setter, irIndex past the lists, relativeIndex
    // past the list, an output list through the input numbering.
    EXPECT_EQ(aclSetInputTensorAddr(ex, 0, nullptr, na.get()), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(aclcpu_test::LastError().find("is a tensor list"), std::string::npos);
    EXPECT_EQ(aclSetDynamicInputTensorAddr(ex, 2, 0, la, na.get()), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(aclSetDynamicInputTensorAddr(ex, 0, 20, la, na.get()), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(aclSetDynamicOutputTensorAddr(ex, 1, 0, lo, no.get()), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(aclSetDynamicTensorAddr(ex, 2, 7, lo, no.get()), 0) << aclcpu_test::LastError();  // all: out is 2
    ASSERT_EQ(Launch(ex, ws), 0) << aclcpu_test::LastError();
    const std::vector<float> o7 = Download<float>(no.get(), 107);
    for (size_t j = 0; j < 107; ++j) ASSERT_EQ(o7[j], c.ha[7][j] * 1.0f + c.hb[7][j]) << j;
    const std::vector<float> o3 = Download<float>(c.dout[3].get(), 103);
    for (size_t j = 0; j < 103; ++j) ASSERT_EQ(o3[j], a3[j] * 1.0f + c.hb[3][j]) << j;
    aclDestroyAclOpExecutor(ex);
    aclDestroyTensorList(la);
    aclDestroyTensorList(lo);
}

// Strict mode (inaccessible handed-out addresses, shadow checks) with launches of hundreds of tensors: the
// binary re-runs the list tests above under ACLCPU_STRICT=1 and must pass them with no report.
TEST(ListPlan, UnderStrictMode) {
    char exe[4096];
    const ssize_t len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
    ASSERT_GT(len, 0);
    exe[len] = '\0';
    const std::string cmd = std::string("ACLCPU_STRICT=1 '") + exe +
                            "' --gtest_filter=ListPlan.ManyTensorsOnePlan:ListPlan.InPlaceList:"
                            "ListPlan.RepeatableDynamicAddresses > /dev/null 2>&1";
    EXPECT_EQ(std::system(cmd.c_str()), 0);
}

}  // namespace
