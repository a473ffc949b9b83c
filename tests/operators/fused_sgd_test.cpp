// aclnnFusedSgd through the public API (docs/ops/fused_sgd.md): one step over lists of 1-40 tensors of different
// shapes (empty ones among them), every dtype and option (momentum or none, the first step, nesterov, maximize,
// weight decay, a gradScale or none) on the Ascend 950 and Atlas A2 profiles, bit for bit against a reference
// written from the kernel's steps (each a separately rounded float32 operation, independent of src/); then
// CANN's check order (attributes before the null checks) and codes.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_fused_sgd.h"
#include "support/foreach_reference.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::DeviceBuffer;
using aclcpu_test::LastError;
using aclcpu_test::ProfileScope;
using aclcpu_test::RunPhases;
using foreachref::F32;
using l1ref::Profile;

const bool kQuietLog = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

struct Options {
    float wd = 0.0f, momentum = 0.0f, lr = 0.1f, dampening = 0.0f;
    bool nesterov = false, maximize = false, first = false, bufs = false;
    float grad_scale = 0.0f;  // 0: none
};

// One dense tensor list of dtype d over one device block per tensor.
struct DevList {
    std::vector<DeviceBuffer> bufs;
    std::vector<std::vector<uint8_t>> host;
    aclTensorList* list = nullptr;
    DevList(const std::vector<std::vector<int64_t>>& shapes, int d, std::mt19937& rng) {
        std::vector<aclTensor*> ts;
        std::normal_distribution<float> nd(0.0f, 1.0f);
        for (const auto& s : shapes) {
            int64_t n = 1;
            for (int64_t x : s) n *= x;
            const size_t es = l1ref::DtSize(d);
            std::vector<uint8_t> h(static_cast<size_t>(std::max<int64_t>(n, 1)) * es);
            for (int64_t e = 0; e < n; ++e) l1ref::WriteValue(h.data() + e * es, d, nd(rng));
            bufs.emplace_back(h.size());
            aclrtMemcpy(bufs.back().get(), h.size(), h.data(), h.size(), ACL_MEMCPY_HOST_TO_DEVICE);
            host.push_back(h);
            ts.push_back(aclcpu_test::MakeTensor(s, static_cast<aclDataType>(d), bufs.back().get()));
        }
        list = aclCreateTensorList(ts.data(), ts.size());
    }
    ~DevList() { aclDestroyTensorList(list); }
    std::vector<uint8_t> Read(size_t i) const {
        std::vector<uint8_t> v(host[i].size());
        aclrtMemcpy(v.data(), v.size(), bufs[i].get(), v.size(), ACL_MEMCPY_DEVICE_TO_HOST);
        return v;
    }
};

float Val(const std::vector<uint8_t>& h, size_t e, int d) {
    return static_cast<float>(l1ref::ReadValue(h.data() + e * l1ref::DtSize(d), d));
}

// The kernel's steps for one element (fused_sgd_f32.h / fused_sgd_f16_bf16.h): p, g, buf widened; returns the
// float32 values written (rounded to the dtype by the caller).
void Step(const Options& o, float& p, float& g, float& buf, bool& g_written) {
    g_written = false;
    if (o.grad_scale != 0.0f) {
        const float inv = F32(1.0L / o.grad_scale);
        g = F32(static_cast<long double>(g) * inv);
        g_written = true;
    }
    if (o.maximize) g = -g;
    if (o.wd != 0.0f) g = F32(static_cast<long double>(g) + F32(static_cast<long double>(p) * o.wd));
    if (o.bufs) {
        if (o.first) {
            buf = g;
        } else {
            const float a = F32(static_cast<long double>(buf) * o.momentum);
            const float b = F32(static_cast<long double>(g) * F32(1.0L - o.dampening));
            buf = F32(static_cast<long double>(a) + b);
        }
        g = o.nesterov ? F32(static_cast<long double>(F32(static_cast<long double>(buf) * o.momentum)) + g) : buf;
    }
    p = F32(static_cast<long double>(p) - F32(static_cast<long double>(g) * o.lr));
}

int RunSgd(const aclTensorList* p, const aclTensorList* g, const aclTensorList* b, const aclTensor* gs,
           const Options& o) {
    return RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) {
            return aclnnFusedSgdGetWorkspaceSize(p, g, b, gs, o.wd, o.momentum, o.lr, o.dampening, o.nesterov,
                                                 o.maximize, o.first, ws, ex);
        },
        aclnnFusedSgd);
}

bool Same(int d, const uint8_t* a, const uint8_t* b) { return foreachref::SameFloat(d, a, b); }

void Check(Profile prof, int d, const Options& o, uint32_t seed) {
    std::mt19937 rng(seed);
    std::uniform_int_distribution<int> count(1, 40), dim(0, 6);
    std::vector<std::vector<int64_t>> shapes(static_cast<size_t>(count(rng)));
    for (auto& s : shapes) {
        const int r = dim(rng) % 3;
        for (int k = 0; k < r; ++k) s.push_back(dim(rng) + (k == 0 ? 0 : 1));  // some empty
    }
    DevList p(shapes, d, rng), g(shapes, d, rng), b(shapes, d, rng);
    std::vector<DeviceBuffer> gsb;
    aclTensor* gs = nullptr;
    if (o.grad_scale != 0.0f) {
        gsb.emplace_back(4);
        aclrtMemcpy(gsb.back().get(), 4, &o.grad_scale, 4, ACL_MEMCPY_HOST_TO_DEVICE);
        gs = aclcpu_test::MakeTensor({1}, ACL_FLOAT, gsb.back().get());
    }
    ASSERT_EQ(RunSgd(p.list, g.list, o.bufs ? b.list : nullptr, gs, o), 0) << LastError();
    const size_t es = l1ref::DtSize(d);
    for (size_t i = 0; i < shapes.size(); ++i) {
        const auto gp = p.Read(i), gg = g.Read(i), gb = b.Read(i);
        int64_t n = 1;
        for (int64_t x : shapes[i]) n *= x;
        for (int64_t e = 0; e < n; ++e) {
            float pv = Val(p.host[i], e, d), gv = Val(g.host[i], e, d), bv = Val(b.host[i], e, d);
            bool gw = false;
            Step(o, pv, gv, bv, gw);
            uint8_t want[4];
            l1ref::WriteValue(want, d, pv);
            ASSERT_TRUE(Same(d, gp.data() + e * es, want)) << "param " << i << "/" << e << " got "
                                                            << Val(gp, e, d) << " want " << pv;
            if (o.bufs) {
                l1ref::WriteValue(want, d, bv);
                ASSERT_TRUE(Same(d, gb.data() + e * es, want)) << "buf " << i << "/" << e;
            } else {
                ASSERT_EQ(std::memcmp(gb.data() + e * es, b.host[i].data() + e * es, es), 0);  // untouched
            }
            // grads: written (scaled, rounded) only with a gradScale
            const float gwant = gw ? F32(static_cast<long double>(Val(g.host[i], e, d)) * F32(1.0L / o.grad_scale))
                                   : Val(g.host[i], e, d);
            l1ref::WriteValue(want, d, gwant);
            ASSERT_TRUE(Same(d, gg.data() + e * es, want)) << "grad " << i << "/" << e;
        }
    }
    if (gs != nullptr) aclDestroyTensor(gs);
}

TEST(FusedSgd, BitExactAgainstTheKernelSteps) {
    uint32_t seed = 1;
    for (Profile prof : {Profile::kAscend950, Profile::kAscend910B}) {
        ProfileScope scope(prof);
        for (int d : {l1ref::kF32, l1ref::kF16, l1ref::kBF16}) {
            Options plain;
            Options mom;
            mom.bufs = true;
            mom.momentum = 0.9f;
            mom.dampening = 0.1f;
            mom.wd = 1e-2f;
            Options first = mom;
            first.first = true;
            Options nest;
            nest.bufs = true;
            nest.momentum = 0.8f;
            nest.nesterov = true;
            nest.maximize = true;
            nest.grad_scale = 3.0f;
            nest.wd = 0.05f;
            Options scaled = plain;
            scaled.grad_scale = 1024.0f;
            scaled.maximize = true;
            for (const Options& o : {plain, mom, first, nest, scaled}) {
                SCOPED_TRACE(std::string(l1ref::ProfileKey(prof)) + " dtype " + std::to_string(d));
                Check(prof, d, o, seed++);
            }
        }
    }
}

TEST(FusedSgd, ChecksInCannsOrder) {
    ProfileScope scope(Profile::kAscend950);
    std::mt19937 rng(3);
    DevList p({{2, 3}}, l1ref::kF32, rng), g({{2, 3}}, l1ref::kF32, rng), g2({{3, 2}}, l1ref::kF32, rng);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    // the attributes before the null checks: a NULL paramsRef with a negative lr -> 161002
    EXPECT_EQ(aclnnFusedSgdGetWorkspaceSize(nullptr, g.list, nullptr, nullptr, 0, 0, -1.0f, 0, false, false, false, &ws, &ex),
              161002);
    EXPECT_NE(LastError().find("lr[-1.000000] shoule be greater or equal than 0"), std::string::npos);
    EXPECT_EQ(aclnnFusedSgdGetWorkspaceSize(nullptr, g.list, nullptr, nullptr, 0, 0, 0.1f, 0, false, false, false, &ws, &ex),
              161001);
    // a momentum without buffers; nesterov without momentum
    EXPECT_EQ(aclnnFusedSgdGetWorkspaceSize(p.list, g.list, nullptr, nullptr, 0, 0.9f, 0.1f, 0, false, false, false, &ws, &ex),
              161002);
    EXPECT_NE(LastError().find("momentum shoube be 0"), std::string::npos);
    EXPECT_EQ(aclnnFusedSgdGetWorkspaceSize(p.list, g.list, nullptr, nullptr, 0, 0, 0.1f, 0, true, false, false, &ws, &ex),
              161002);
    // shapes
    EXPECT_EQ(aclnnFusedSgdGetWorkspaceSize(p.list, g2.list, nullptr, nullptr, 0, 0, 0.1f, 0, false, false, false, &ws, &ex),
              161002);
    EXPECT_NE(LastError().find("expects all input tensors with the same shape."), std::string::npos);
    // an empty list is an error, not a no-op
    aclTensorList* empty = aclCreateTensorList(nullptr, 0);
    EXPECT_EQ(aclnnFusedSgdGetWorkspaceSize(empty, empty, nullptr, nullptr, 0, 0, 0.1f, 0, false, false, false, &ws, &ex),
              161002);
    EXPECT_NE(LastError().find("paramsRef tensor list is empty."), std::string::npos);
    // an empty buffer list counts as none
    ASSERT_EQ(aclnnFusedSgdGetWorkspaceSize(p.list, g.list, empty, nullptr, 0, 0, 0.1f, 0, false, false, false, &ws, &ex), 0)
        << LastError();
    aclDestroyAclOpExecutor(ex);
    aclDestroyTensorList(empty);
    {
        ProfileScope old(Profile::kAscend910);
        std::mt19937 r2(4);
        DevList q({{4}}, l1ref::kF32, r2), h({{4}}, l1ref::kF32, r2);
        EXPECT_EQ(aclnnFusedSgdGetWorkspaceSize(q.list, h.list, nullptr, nullptr, 0, 0, 0.1f, 0, false, false, false, &ws, &ex),
                  561103);
    }
}

}  // namespace
