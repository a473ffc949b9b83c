// Seeded random cases for aclnnL1Loss and aclnnSmoothL1Loss, run through the public API and compared bit for
// bit (any NaN equals any NaN) with the independent model tests/support/forward_loss_reference.h: the first
// phase's status, every byte of every buffer afterwards (outputs inside their views, nothing else written),
// for any dtypes, broadcast shapes, strided/offset views, reductions, sizes across the reduce template's chunk
// and core boundaries, an output aliasing an input (none), and beta. Public API only.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aclnnop/aclnn_l1_loss.h"
#include "support/forward_loss_reference.h"
#include "support/profile_scope.h"
#include "support/sample_size.h"
#include "support/test_util.h"

namespace fwdloss_test {

namespace R = l1ref;
using fwdref::FwdOp;
using R::Profile;

struct TSpec {
    bool null = false;
    int dtype = R::kF32;
    std::vector<int64_t> shape, strides, storage;
    int64_t offset = 0;
    int buffer = -1;
};

enum Arg { kSelf = 0, kTarget = 1, kOut = 2 };

struct Case {
    FwdOp op = FwdOp::kL1;
    Profile prof = Profile::kAscend950;
    int64_t reduction = 0;
    float beta = 1.0f;
    TSpec t[3];
    std::vector<size_t> buffers;  // bytes
    std::vector<int> fill;        // dtype each buffer is filled as
    uint64_t data_seed = 0;
    bool specials = true;  // NaN, inf, signed zeros, subnormals, huge values among the data
};

/// The operator's first and second phases (SmoothL1 through a function pointer the test sets, so that this
/// header does not need the SmoothL1 header before it exists).
using FirstFn = int (*)(const Case&, aclTensor* const*, uint64_t*, aclOpExecutor**);
using SecondFn = int (*)(void*, uint64_t, aclOpExecutor*, aclrtStream);

inline int L1First(const Case& c, aclTensor* const* ts, uint64_t* ws, aclOpExecutor** ex) {
    return aclnnL1LossGetWorkspaceSize(ts[0], ts[1], c.reduction, ts[2], ws, ex);
}

inline void RandomLayout(std::mt19937_64& g, TSpec& s) {
    auto uni = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(g); };
    const size_t nd = s.shape.size();
    std::vector<size_t> perm(nd);
    for (size_t i = 0; i < nd; ++i) perm[i] = i;
    if (uni(0, 3) == 0) std::shuffle(perm.begin(), perm.end(), g);  // transposed
    s.strides.assign(nd, 0);
    int64_t stride = uni(1, 4) == 1 ? 2 : 1;  // sometimes every other element
    for (size_t k = nd; k-- > 0;) {
        const size_t d = perm[k];
        s.strides[d] = stride;
        stride *= std::max<int64_t>(s.shape[d], 1) + (uni(0, 4) == 0 ? 1 : 0);
    }
    s.offset = uni(0, 3) == 0 ? uni(1, 5) : 0;
    int64_t last = s.offset;
    for (size_t k = 0; k < nd; ++k) last += (std::max<int64_t>(s.shape[k], 1) - 1) * s.strides[k];
    s.storage = {last + 1 + uni(0, 2)};
}

/// A random case of op in profile prof. `big`: a size that crosses the reduce template's chunk and core limits.
inline Case Generate(uint64_t seed, FwdOp op, Profile prof) {
    std::mt19937_64 g(seed * 0x9E3779B97F4A7C15ull + 17);
    auto uni = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(g); };
    Case c;
    c.op = op;
    c.prof = prof;
    c.data_seed = g();
    c.reduction = uni(0, 40) == 0 ? 3 : uni(0, 2);
    static const int kFloat[] = {R::kF32, R::kF16, R::kBF16};
    static const int kOther[] = {R::kF32, R::kF16, R::kBF16, R::kS64, R::kS32, R::kU8, R::kBool, R::kF64, R::kS8};
    auto dt = [&]() { return uni(0, 4) > 0 ? kFloat[uni(0, 2)] : kOther[uni(0, 8)]; };
    c.t[kSelf].dtype = dt();
    c.t[kTarget].dtype = uni(0, 2) == 0 ? dt() : c.t[kSelf].dtype;
    // Shapes: a base shape, each operand with some dims set to 1 or dropped (broadcast).
    const int kind = static_cast<int>(uni(0, 9));
    std::vector<int64_t> base;
    if (kind == 0) {
        base = {uni(9000, 120000)};  // one dim across chunk and core boundaries
        c.specials = uni(0, 3) == 0;  // else a NaN or inf would decide every large sum
    } else if (kind == 1) {
        base = {uni(2, 40), uni(200, 3000)};
        c.specials = uni(0, 3) == 0;
    } else {
        const int nd = static_cast<int>(uni(0, 4));
        for (int i = 0; i < nd; ++i) base.push_back(uni(0, 30) == 0 ? 0 : uni(1, 6));
    }
    for (int k = 0; k < 2; ++k) {
        std::vector<int64_t> s = base;
        if (uni(0, 2) == 0) {
            for (int64_t& d : s) {
                if (uni(0, 2) == 0) d = 1;
            }
        }
        if (!s.empty() && uni(0, 5) == 0) s.erase(s.begin());
        c.t[k].shape = s;
    }
    if (uni(0, 50) == 0) c.t[kTarget].shape.push_back(7);  // usually not broadcastable
    std::vector<int64_t> b;
    if (!R::BroadcastShapes(c.t[kSelf].shape, c.t[kTarget].shape, &b)) b = base;
    // out: the broadcast shape (none) or 0-d / one element (mean, sum); sometimes wrong.
    if (c.reduction == 0) {
        c.t[kOut].shape = b;
    } else {
        c.t[kOut].shape = op == FwdOp::kL1 ? std::vector<int64_t>{} : (uni(0, 1) ? std::vector<int64_t>{1}
                                                                                   : std::vector<int64_t>{});
    }
    if (uni(0, 30) == 0) c.t[kOut].shape.push_back(2);
    static const int kOutDt[] = {R::kF32, R::kF16, R::kBF16, R::kF64, R::kC64, R::kS64, R::kS32, R::kBool};
    c.t[kOut].dtype = uni(0, 2) > 0 ? c.t[kSelf].dtype : kOutDt[uni(0, 7)];
    if (op == FwdOp::kSmoothL1) {
        static const float kBeta[] = {1.0f, 0.5f, 0.0f, 2.0f, 1e-7f, INFINITY, -1.0f, NAN, 0.1f, 3.0f};
        c.beta = kBeta[uni(0, 9)];
    }
    for (int k = 0; k < 3; ++k) {
        RandomLayout(g, c.t[k]);
        c.t[k].buffer = k;
        c.buffers.push_back(static_cast<size_t>(c.t[k].storage[0]) * R::DtSize(c.t[k].dtype));
        c.fill.push_back(c.t[k].dtype);
    }
    // none: sometimes out exactly on self (in place) or overlapping it partially (same dtype size).
    if (c.reduction == 0 && R::DtSize(c.t[kOut].dtype) == R::DtSize(c.t[kSelf].dtype) && uni(0, 5) == 0) {
        c.t[kOut].buffer = 0;
        if (uni(0, 1) == 0) {
            c.t[kOut].strides = c.t[kSelf].strides;
            c.t[kOut].offset = c.t[kSelf].offset;
            c.t[kOut].storage = c.t[kSelf].storage;
            c.t[kOut].shape = c.t[kSelf].shape;
        } else {
            c.t[kOut].offset = std::min<int64_t>(1, c.t[kSelf].storage[0] - 1);
            c.t[kOut].storage = c.t[kSelf].storage;
        }
        c.buffers.pop_back();
        c.fill.pop_back();
    }
    if (uni(0, 60) == 0) c.t[uni(0, 2)].null = true;
    return c;
}

inline void RandomElement(std::mt19937_64& g, int d, uint8_t* p, bool specials) {
    auto uni = [&](int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(g); };
    const int64_t pick = specials ? uni(0, 99) : uni(10, 99);
    long double v;
    if (pick < 2) {
        v = NAN;
    } else if (pick < 4) {
        v = pick == 2 ? HUGE_VALL : -HUGE_VALL;
    } else if (pick < 6) {
        v = pick == 4 ? 0.0L : -0.0L;
    } else if (pick < 8) {
        v = std::ldexp(static_cast<long double>(uni(1, 100)), -140);  // f32 subnormal
    } else if (pick < 10) {
        v = std::ldexp(static_cast<long double>(uni(-1000, 1000)), static_cast<int>(uni(100, 125)));  // big
    } else if (pick < 14) {
        v = std::ldexp(static_cast<long double>(uni(-100, 100)), -30);  // around a tiny beta (1e-7)
    } else {
        v = std::ldexp(static_cast<long double>(uni(-(1 << 20), 1 << 20)), static_cast<int>(uni(-22, -8)));
    }
    switch (d) {
        case R::kF32: { const float f = static_cast<float>(v); std::memcpy(p, &f, 4); break; }
        case R::kF16: { const uint16_t h = R::F16Bits(R::RoundTo(v, R::kFmtF16)); std::memcpy(p, &h, 2); break; }
        case R::kBF16: { const uint16_t h = R::BF16Bits(R::RoundTo(v, R::kFmtBF16)); std::memcpy(p, &h, 2); break; }
        case R::kF64: { const double x = static_cast<double>(v); std::memcpy(p, &x, 8); break; }
        case R::kBool: *p = static_cast<uint8_t>(uni(0, 1)); break;
        default: {
            int64_t x = uni(-50, 50);
            if (pick < 3) x = pick == 0 ? INT64_MIN : INT64_MAX;
            std::memcpy(p, &x, R::DtSize(d));
            break;
        }
    }
}

inline std::string Hex(const uint8_t* p, size_t n) {
    std::ostringstream o;
    o << "0x";
    for (size_t i = n; i-- > 0;) o << "0123456789abcdef"[p[i] >> 4] << "0123456789abcdef"[p[i] & 15];
    return o.str();
}

/// Runs a case; returns "" when the library agrees with the model, else a description.
inline std::string RunCase(const Case& c, FirstFn first, SecondFn second) {
    using aclcpu_test::DeviceBuffer;
    std::mt19937_64 dr(c.data_seed);
    std::vector<std::vector<uint8_t>> snap(c.buffers.size());
    std::vector<DeviceBuffer> dev;
    dev.reserve(c.buffers.size());
    for (size_t b = 0; b < c.buffers.size(); ++b) {
        const size_t item = std::max<size_t>(R::DtSize(c.fill[b]), 1);
        snap[b].assign(std::max<size_t>(c.buffers[b], 1), 0);
        for (size_t i = 0; i + item <= c.buffers[b]; i += item) RandomElement(dr, c.fill[b], &snap[b][i], c.specials);
        dev.emplace_back(snap[b].size());
        aclrtMemcpy(dev[b].get(), snap[b].size(), snap[b].data(), snap[b].size(), ACL_MEMCPY_HOST_TO_DEVICE);
    }
    aclTensor* ts[3] = {nullptr, nullptr, nullptr};
    R::View mv[3];
    for (int k = 0; k < 3; ++k) {
        const TSpec& s = c.t[k];
        mv[k].null = s.null;
        mv[k].dtype = s.dtype;
        mv[k].shape = s.shape;
        mv[k].strides = s.strides;
        mv[k].offset = s.offset;
        mv[k].storage = s.storage;
        mv[k].data = snap[static_cast<size_t>(s.buffer)].data();
        if (s.null) continue;
        ts[k] = aclcpu_test::MakeTensor(s.shape, static_cast<aclDataType>(s.dtype),
                                        dev[static_cast<size_t>(s.buffer)].get(), s.strides, s.offset, s.storage);
    }
    const fwdref::Decision d = fwdref::Decide(c.op, c.prof, mv[kSelf], mv[kTarget], c.reduction, c.beta, mv[kOut]);
    std::vector<std::vector<uint8_t>> expect = snap;
    fwdref::Compute(c.op, c.prof, d, c.reduction, c.beta, mv[kSelf], mv[kTarget], mv[kOut],
                    expect[static_cast<size_t>(c.t[kOut].buffer)].data());
    std::ostringstream o;
    uint64_t ws = 0xDEADBEEFull;
    aclOpExecutor* const kSentinel = reinterpret_cast<aclOpExecutor*>(uintptr_t{0x5A5A5A50});
    aclOpExecutor* ex = kSentinel;
    const int st = first(c, ts, &ws, &ex);
    if (st != d.status) {
        o << "first phase returned " << st << " (" << aclcpu_test::LastError() << "), the model says " << d.status
          << " (" << d.why << ")";
    }
    if (st != 0) {
        if (ex != kSentinel || ws != 0xDEADBEEFull) o << "; a failed first phase wrote workspaceSize or executor";
    } else {
        DeviceBuffer wsbuf;
        if (ws > 0) wsbuf = DeviceBuffer(ws);
        int st2 = second(ws > 0 ? wsbuf.get() : nullptr, ws, ex, nullptr);
        if (st2 == 0) st2 = aclrtSynchronizeStream(nullptr);
        if (st2 != 0) o << "; second phase returned " << st2 << " (" << aclcpu_test::LastError() << ")";
    }
    const int outbuf = c.t[kOut].buffer;
    for (size_t b = 0; b < c.buffers.size() && o.str().size() < 2000; ++b) {
        const std::vector<uint8_t> got = aclcpu_test::Download<uint8_t>(dev[b].get(), snap[b].size());
        if (got == expect[b]) continue;
        if (static_cast<int>(b) != outbuf || d.status != 0) {
            o << "; buffer#" << b << " changed although " << (d.status != 0 ? "the call was rejected" : "no output");
            continue;
        }
        const size_t item = R::DtSize(c.t[kOut].dtype);
        int shown = 0;
        std::vector<bool> covered(got.size(), false);
        R::ForEachIndex(c.t[kOut].shape, [&](const std::vector<int64_t>& idx) {
            const size_t at = static_cast<size_t>(R::ElementIndex(mv[kOut], idx)) * item;
            for (size_t i = 0; i < item; ++i) covered[at + i] = true;
            if (!R::SameResult(c.t[kOut].dtype, &got[at], &expect[b][at]) && shown++ < 3) {
                o << "; out element " << at / item << " is " << Hex(&got[at], item) << ", the model says "
                  << Hex(&expect[b][at], item);
            }
        });
        for (size_t i = 0; i < got.size(); ++i) {
            if (!covered[i] && got[i] != expect[b][i]) {
                o << "; byte " << i << " outside out's view changed";
                break;
            }
        }
    }
    for (aclTensor* t : ts) {
        if (t != nullptr) aclDestroyTensor(t);
    }
    if (!o.str().empty()) {
        std::ostringstream h;
        h << "[prof " << R::ProfileKey(c.prof) << " reduction " << c.reduction << " beta " << c.beta << " dtypes "
          << R::DtName(c.t[0].dtype) << "," << R::DtName(c.t[1].dtype) << "," << R::DtName(c.t[2].dtype)
          << " numel(b) " << (d.status == 0 ? R::NumelOf(d.b) : -1) << "] ";
        return h.str() + o.str();
    }
    return "";
}

/// `cases` random cases in profile prof (the first kSampledRandomCases in sanitizer builds:
/// support/sample_size.h), each checked against the model.
inline void RunSweep(FwdOp op, Profile prof, uint64_t base_seed, int cases, FirstFn first, SecondFn second) {
    aclcpu_test::ProfileScope scope(prof);
    ASSERT_TRUE(scope.ok());
    cases = static_cast<int>(aclcpu_test::SweepSize(cases, aclcpu_test::kSampledRandomCases));
    int failures = 0;
    for (int i = 0; i < cases && failures < 5; ++i) {
        const Case c = Generate(base_seed + static_cast<uint64_t>(i), op, prof);
        const std::string why = RunCase(c, first, second);
        if (!why.empty()) {
            ++failures;
            ADD_FAILURE() << "seed " << base_seed + static_cast<uint64_t>(i) << ": " << why;
        }
    }
}

}  // namespace fwdloss_test
