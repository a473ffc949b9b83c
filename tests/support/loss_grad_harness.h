// Seeded random cases for aclnnMseLossBackward and aclnnSmoothL1LossBackward, run through the public API and
// compared bit for bit (any NaN equals any NaN) with the independent model tests/support/loss_grad_reference.h:
// the first phase's status, every byte of every buffer afterwards (outputs inside their views, nothing else
// written), for any dtypes, broadcast shapes, strided/offset views, aliasing between the output and the
// inputs, special values and (SmoothL1) beta. Also profile switching for the tests. Public API only.
#pragma once

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "aclnnop/aclnn_mse_loss_backward.h"
#include "aclnnop/aclnn_smooth_l1_loss_backward.h"
#include "support/loss_grad_reference.h"
#include "support/profile_scope.h"
#include "support/sample_size.h"
#include "support/test_util.h"

namespace lossgrad_test {

namespace R = l1ref;
using lossref::Op;
using R::Profile;

// ------------------------------------------------------------------ profiles

using aclcpu_test::ProfileScope;
using aclcpu_test::SwitchProfile;

// ------------------------------------------------------------------ cases

struct Rng {
    std::mt19937_64 g;
    explicit Rng(uint64_t seed) : g(seed) {}
    uint64_t Bits() { return g(); }
    int64_t Uni(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(g); }
    bool Chance(double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(g) < p; }
    template <typename T>
    T Pick(const std::vector<T>& v) {
        return v[static_cast<size_t>(Uni(0, static_cast<int64_t>(v.size()) - 1))];
    }
};

inline uint64_t SplitMix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

/// One tensor argument: its view over one of the case's buffers.
struct TSpec {
    bool null = false;
    int dtype = R::kF32;
    std::vector<int64_t> shape, strides, storage;
    int64_t offset = 0;
    int buffer = -1;
};

enum Arg { kGo = 0, kSelf = 1, kTarget = 2, kOut = 3 };

struct Case {
    Op op = Op::kMse;
    Profile prof = Profile::kAscend950;
    int64_t reduction = 0;
    float beta = 1.0f;
    TSpec t[4];
    std::vector<size_t> buffers;  // bytes
    std::vector<int> fill;        // dtype each buffer is filled as
    uint64_t data_seed = 0;
};

inline const char* ArgName(Op op, int k) {
    static const char* const mse[] = {"gradOutput", "self", "target", "out"};
    static const char* const sl1[] = {"gradOut", "self", "target", "gradInput"};
    return op == Op::kMse ? mse[k] : sl1[k];
}

inline std::string Vec(const std::vector<int64_t>& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
    return s + "]";
}

inline std::string Describe(const Case& c) {
    std::ostringstream o;
    o << (c.op == Op::kMse ? "MseLossBackward" : "SmoothL1LossBackward") << " profile=" << R::ProfileKey(c.prof)
      << " reduction=" << c.reduction << " beta=" << c.beta << "\n";
    for (int k = 0; k < 4; ++k) {
        const TSpec& s = c.t[k];
        o << "  " << ArgName(c.op, k) << ": ";
        if (s.null) {
            o << "nullptr\n";
            continue;
        }
        o << R::DtName(s.dtype) << " shape=" << Vec(s.shape) << " strides=" << Vec(s.strides) << " offset=" << s.offset
          << " storage=" << Vec(s.storage) << " buffer#" << s.buffer << "\n";
    }
    return o.str();
}

inline int64_t MaxIndex(const TSpec& s) {
    int64_t m = s.offset;
    for (size_t k = 0; k < s.shape.size(); ++k) m += (s.shape[k] - 1) * s.strides[k];
    return m;
}

// Strides (elements) for a view of s.shape: contiguous, permuted, stepped, or expanded (0) for inputs.
inline void RandomLayout(Rng& r, TSpec& s, bool input) {
    const size_t n = s.shape.size();
    std::vector<size_t> order(n);
    for (size_t i = 0; i < n; ++i) order[i] = n - 1 - i;
    const int64_t mode = r.Uni(0, 9);
    if (mode >= 7) std::shuffle(order.begin(), order.end(), r.g);
    s.strides.assign(n, 0);
    int64_t running = 1;
    for (size_t i = 0; i < n; ++i) {
        const size_t d = order[i];
        int64_t stride = running;
        if (input && s.shape[d] > 1 && mode == 6 && r.Chance(0.3)) stride = 0;
        if ((mode == 4 || mode == 5) && r.Chance(0.5)) stride = running * r.Uni(2, 3);
        s.strides[d] = stride;
        if (stride > 0) running = std::max(running, stride * std::max<int64_t>(s.shape[d], 1));
    }
    s.offset = r.Chance(0.7) ? 0 : r.Uni(1, 9);
    const int64_t need = R::NumelOf(s.shape) == 0 ? s.offset + 1 : MaxIndex(s) + 1;
    s.storage = {need + (r.Chance(0.5) ? 0 : r.Uni(1, 5))};
}

inline Case Generate(uint64_t seed, Op op, Profile prof) {
    Rng r(seed);
    Case c;
    c.op = op;
    c.prof = prof;
    c.data_seed = SplitMix(seed ^ 0xDA7A);
    c.reduction = r.Chance(0.02) ? r.Pick(std::vector<int64_t>{-1, 3, 100}) : r.Uni(0, 2);
    c.beta = r.Pick(std::vector<float>{1.0f, 1.0f, 0.5f, 2.0f, 0.0f, 1e-7f, 1e-6f, 3e-6f, 0.1f, 3.0f, HUGE_VALF, 1e-40f,
                                       static_cast<float>(r.Uni(1, 1000)) / 64.0f});
    if (r.Chance(0.02)) c.beta = r.Chance(0.5) ? -1.0f : NAN;
    const std::vector<int> floats = {R::kF32, R::kF16, R::kBF16};
    const std::vector<int> others = {R::kF64, R::kS32, R::kS8, R::kBool, R::kC64, R::kS64};
    auto pick_dtype = [&] { return r.Chance(0.97) ? r.Pick(floats) : r.Pick(others); };
    if (op == Op::kMse) {
        const int d = pick_dtype();
        for (int k = 0; k < 3; ++k) c.t[k].dtype = r.Chance(0.95) ? d : pick_dtype();
    } else {
        const int d = pick_dtype();
        for (int k = 0; k < 3; ++k) c.t[k].dtype = r.Chance(0.6) ? d : pick_dtype();
    }
    c.t[kOut].dtype = r.Chance(0.6) ? c.t[kSelf].dtype : pick_dtype();
    // shapes: a broadcast shape and inputs that broadcast to it
    const int64_t nd = r.Pick(std::vector<int64_t>{0, 1, 1, 2, 2, 2, 3, 3, 4, 5});
    std::vector<int64_t> base(static_cast<size_t>(nd));
    int64_t numel = 1;
    for (auto& d : base) {
        d = r.Pick(std::vector<int64_t>{1, 2, 3, 4, 5, 7, 8, 16, 17, 33, 64, 100});
        while (d > 1 && numel * d > 2048) d = (d + 1) / 2;
        numel *= d;
    }
    if (nd > 0 && r.Chance(0.03)) base[static_cast<size_t>(r.Uni(0, nd - 1))] = 0;
    const double bcast_p = r.Pick(std::vector<double>{0.0, 0.0, 0.3});
    for (int k = 0; k < 3; ++k) {
        const int64_t rank = r.Chance(0.75) ? nd : r.Uni(0, nd);
        std::vector<int64_t> sh(base.end() - rank, base.end());
        for (auto& d : sh) {
            if (r.Chance(bcast_p)) d = 1;
        }
        c.t[k].shape = sh;
    }
    if (r.Chance(0.05))
        c.t[kGo].shape = r.Chance(0.5) ? std::vector<int64_t>{} : std::vector<int64_t>{1};  // scalar dout
    if (r.Chance(0.02)) {                                                                   // incompatible shapes
        TSpec& s = c.t[r.Uni(0, 2)];
        for (auto& d : s.shape) {
            if (d > 1) {
                ++d;
                break;
            }
        }
    }
    if (r.Chance(0.01)) {  // 9 dims
        TSpec& s = c.t[r.Uni(0, 2)];
        while (s.shape.size() < 9) s.shape.insert(s.shape.begin(), 1);
    }
    std::vector<int64_t> b1, b;
    if (R::BroadcastShapes(c.t[kGo].shape, c.t[kSelf].shape, &b1) && R::BroadcastShapes(c.t[kTarget].shape, b1, &b)) {
        c.t[kOut].shape = b;
    } else {
        c.t[kOut].shape = base;
    }
    if (r.Chance(0.02)) c.t[kOut].shape.push_back(2);  // wrong output shape
    for (int k = 0; k < 4; ++k) RandomLayout(r, c.t[k], k != kOut);
    // buffers: one each, or the output sharing memory with inputs (in place or partially overlapping)
    auto bytes_of = [](const TSpec& s) {
        return static_cast<size_t>(std::max<int64_t>(R::NumelOf(s.storage), 1)) *
               std::max<size_t>(R::DtSize(s.dtype), 1);
    };
    for (int k = 0; k < 4; ++k) {
        c.t[k].buffer = static_cast<int>(c.buffers.size());
        c.buffers.push_back(bytes_of(c.t[k]));
        c.fill.push_back(c.t[k].dtype);
    }
    if (r.Chance(0.15)) {
        for (int k = 0; k < 3; ++k) {
            TSpec& s = c.t[k];
            if (R::DtSize(s.dtype) == 0 || !r.Chance(0.6)) continue;
            if (r.Chance(0.5) && s.shape == c.t[kOut].shape && s.dtype == c.t[kOut].dtype) {
                s.strides = c.t[kOut].strides;  // exactly in place
                s.offset = c.t[kOut].offset;
                s.storage = c.t[kOut].storage;
            }
            s.buffer = c.t[kOut].buffer;
            const size_t ob = static_cast<size_t>(c.t[kOut].buffer);
            c.buffers[ob] = std::max(c.buffers[ob], bytes_of(s));
        }
    }
    if (r.Chance(0.01)) c.t[r.Uni(0, 3)].null = true;
    return c;
}

/// A large contiguous case (multi-threaded rows, streaming stores for outputs of 8 MiB and more): self and
/// out [rows, cols] of dtype `in` / `out`, target [cols] broadcast, gradOutput [rows, 1] (or 0-d when
/// `scalar_go`).
inline Case LargeCase(Op op, Profile prof, int in, int out, int64_t rows, int64_t cols, bool scalar_go,
                      int64_t reduction, float beta, uint64_t seed) {
    Case c;
    c.op = op;
    c.prof = prof;
    c.reduction = reduction;
    c.beta = beta;
    c.data_seed = seed;
    const std::vector<int64_t> shapes[4] = {
        scalar_go ? std::vector<int64_t>{} : std::vector<int64_t>{rows, 1}, {rows, cols}, {cols}, {rows, cols}};
    for (int k = 0; k < 4; ++k) {
        TSpec& s = c.t[k];
        s.dtype = k == kOut ? out : in;
        s.shape = shapes[k];
        s.strides.assign(s.shape.size(), 1);
        for (size_t d = s.shape.size(); d-- > 1;) s.strides[d - 1] = s.strides[d] * s.shape[d];
        s.storage = {R::NumelOf(s.shape)};
        s.buffer = k;
        c.buffers.push_back(static_cast<size_t>(R::NumelOf(s.shape)) * R::DtSize(s.dtype));
        c.fill.push_back(s.dtype);
    }
    return c;
}

// ------------------------------------------------------------------ values

/// A palette that makes ties likely: 0, +-1, +-beta, 2 beta, inf, NaN and a few others, as float.
inline float PaletteValue(Rng& r, float beta) {
    const std::vector<float> v = {0.0f,        -0.0f,     1.0f,       -1.0f,  beta,  -beta, 2 * beta,
                                  0.5f * beta, HUGE_VALF, -HUGE_VALF, NAN,    3.0f,  0.5f,  1.5f,
                                  -2.0f,       65504.0f,  1e-6f,      -3e-6f, 1e-40f};
    return r.Pick(v);
}

inline void RandomElement(Rng& r, int d, uint8_t* p, float beta) {
    const size_t sz = R::DtSize(d);
    if (sz == 0) return;
    if (d == R::kF32 || d == R::kF16 || d == R::kBF16) {
        float f;
        const int64_t k = r.Uni(0, 99);
        if (k < 45) {
            f = PaletteValue(r, beta);
        } else if (k < 85) {  // moderate values
            f = std::ldexp(static_cast<float>(r.Uni(-(1 << 24), 1 << 24)), static_cast<int>(r.Uni(-30, 4)));
        } else {  // any bit pattern
            uint32_t u = static_cast<uint32_t>(r.Bits());
            std::memcpy(&f, &u, 4);
        }
        if (d == R::kF32) {
            std::memcpy(p, &f, 4);
        } else if (d == R::kF16) {
            const uint16_t h = R::F16Bits(R::RoundTo(f, R::kFmtF16));
            std::memcpy(p, &h, 2);
        } else {
            const uint16_t h = R::BF16Bits(R::RoundTo(f, R::kFmtBF16));
            std::memcpy(p, &h, 2);
        }
        return;
    }
    for (size_t i = 0; i < sz; ++i) p[i] = static_cast<uint8_t>(r.Bits());
}

// ------------------------------------------------------------------ running a case

inline R::View ModelView(const TSpec& s, const std::vector<std::vector<uint8_t>>& snap) {
    R::View v;
    v.null = s.null;
    v.dtype = s.dtype;
    v.shape = s.shape;
    v.strides = s.strides;
    v.offset = s.offset;
    v.storage = s.storage;
    v.data = s.buffer >= 0 ? snap[static_cast<size_t>(s.buffer)].data() : nullptr;
    return v;
}

/// Calls the operator's first phase.
inline int FirstPhase(const Case& c, aclTensor* const* ts, uint64_t* ws, aclOpExecutor** ex) {
    if (c.op == Op::kMse) {
        return aclnnMseLossBackwardGetWorkspaceSize(ts[0], ts[1], ts[2], c.reduction, ts[3], ws, ex);
    }
    return aclnnSmoothL1LossBackwardGetWorkspaceSize(ts[0], ts[1], ts[2], c.reduction, c.beta, ts[3], ws, ex);
}

/// Calls the operator's second phase.
inline int SecondPhase(Op op, void* w, uint64_t ws, aclOpExecutor* ex, aclrtStream stream) {
    return op == Op::kMse ? aclnnMseLossBackward(w, ws, ex, stream) : aclnnSmoothL1LossBackward(w, ws, ex, stream);
}

/// The model's decision for a case (views over `snap`).
inline lossref::LossDecision Decide(const Case& c, const R::View* mv) {
    return c.op == Op::kMse
               ? lossref::DecideMse(c.prof, mv[kGo], mv[kSelf], mv[kTarget], c.reduction, mv[kOut])
               : lossref::DecideSmoothL1(c.prof, mv[kGo], mv[kSelf], mv[kTarget], c.reduction, c.beta, mv[kOut]);
}

inline std::string Hex(const uint8_t* p, size_t n) {
    std::string s = "0x";
    char buf[3];
    for (size_t i = n; i-- > 0;) {
        std::snprintf(buf, sizeof buf, "%02x", p[i]);
        s += buf;
    }
    return s;
}

/// Runs one case through the public API; "" on success, else a description of the first discrepancies.
/// `elements` (optional) is increased by the number of output elements compared.
inline std::string RunCase(const Case& c, int64_t* elements = nullptr) {
    using aclcpu_test::DeviceBuffer;
    Rng dr(c.data_seed);
    std::vector<std::vector<uint8_t>> snap(c.buffers.size());
    std::vector<DeviceBuffer> dev;
    dev.reserve(c.buffers.size());
    for (size_t b = 0; b < c.buffers.size(); ++b) {
        const size_t item = std::max<size_t>(R::DtSize(c.fill[b]), 1);
        snap[b].assign(c.buffers[b], 0);
        for (size_t i = 0; i + item <= c.buffers[b]; i += item) RandomElement(dr, c.fill[b], &snap[b][i], c.beta);
        dev.emplace_back(c.buffers[b]);
        aclrtMemcpy(dev[b].get(), c.buffers[b], snap[b].data(), c.buffers[b], ACL_MEMCPY_HOST_TO_DEVICE);
    }
    aclTensor* ts[4] = {nullptr, nullptr, nullptr, nullptr};
    for (int k = 0; k < 4; ++k) {
        const TSpec& s = c.t[k];
        if (s.null) continue;
        ts[k] = aclcpu_test::MakeTensor(s.shape, static_cast<aclDataType>(s.dtype),
                                        dev[static_cast<size_t>(s.buffer)].get(), s.strides, s.offset, s.storage);
    }
    auto cleanup = [&] {
        for (aclTensor* t : ts) {
            if (t != nullptr) aclDestroyTensor(t);
        }
    };
    R::View mv[4];
    for (int k = 0; k < 4; ++k) mv[k] = ModelView(c.t[k], snap);
    const lossref::LossDecision ld = Decide(c, mv);
    std::vector<std::vector<uint8_t>> expect = snap;
    if (ld.d.status == 0) {
        lossref::Compute(c.op, c.prof, ld, c.beta, mv[kGo], mv[kSelf], mv[kTarget], mv[kOut],
                         expect[static_cast<size_t>(c.t[kOut].buffer)].data());
    }
    std::ostringstream o;
    uint64_t ws = 0xDEADBEEFull;
    aclOpExecutor* const kSentinel = reinterpret_cast<aclOpExecutor*>(uintptr_t{0x5A5A5A50});
    aclOpExecutor* ex = kSentinel;
    const int st = FirstPhase(c, ts, &ws, &ex);
    if (st != ld.d.status) {
        o << "first phase returned " << st << " (" << aclcpu_test::LastError() << "), the model says " << ld.d.status
          << " (" << ld.d.why << ")";
    }
    if (st != 0) {
        if (ex != kSentinel || ws != 0xDEADBEEFull) o << "; a failed first phase wrote workspaceSize or executor";
    } else {
        DeviceBuffer wsbuf;
        if (ws > 0) wsbuf = DeviceBuffer(ws);
        int st2 = SecondPhase(c.op, ws > 0 ? wsbuf.get() : nullptr, ws, ex, nullptr);
        if (st2 == 0) st2 = aclrtSynchronizeStream(nullptr);
        if (st2 != 0) o << "; second phase returned " << st2 << " (" << aclcpu_test::LastError() << ")";
    }
    const int outbuf = c.t[kOut].buffer;
    for (size_t b = 0; b < c.buffers.size() && o.str().size() < 3000; ++b) {
        const std::vector<uint8_t> got = aclcpu_test::Download<uint8_t>(dev[b].get(), c.buffers[b]);
        if (got == expect[b]) continue;
        if (static_cast<int>(b) != outbuf || ld.d.status != 0) {
            o << "; buffer#" << b << " changed although "
              << (ld.d.status != 0 ? "the call was rejected" : "it is no output");
            continue;
        }
        const TSpec& os = c.t[kOut];
        const size_t item = R::DtSize(os.dtype);
        std::vector<bool> covered(got.size(), false);
        int shown = 0;
        R::ForEachIndex(os.shape, [&](const std::vector<int64_t>& idx) {
            const size_t at = static_cast<size_t>(R::ElementIndex(mv[kOut], idx)) * item;
            for (size_t i = 0; i < item; ++i) covered[at + i] = true;
            if (!R::SameResult(os.dtype, &got[at], &expect[b][at]) && shown < 3) {
                ++shown;
                o << "; " << ArgName(c.op, kOut) << Vec(idx) << " is " << Hex(&got[at], item) << ", the model says "
                  << Hex(&expect[b][at], item) << " [";
                for (int k = 0; k < 3; ++k) {
                    const R::View& v = mv[k];
                    const uint8_t* p = v.data + R::BroadcastElementIndex(v, idx) * R::DtSize(v.dtype);
                    o << ArgName(c.op, k) << "=" << static_cast<double>(R::ReadValue(p, v.dtype)) << " ";
                }
                o << "promote=" << R::DtName(ld.d.promote) << " cof=" << ld.cof << " norm=" << ld.norm << "]";
            }
        });
        for (size_t i = 0; i < got.size(); ++i) {
            if (!covered[i] && got[i] != expect[b][i]) {
                o << "; byte " << i << " of the output's buffer outside its view changed";
                break;
            }
        }
    }
    if (elements != nullptr && ld.d.status == 0 && !ld.d.empty) *elements += R::NumelOf(ld.d.b);
    cleanup();
    return o.str();
}

// ------------------------------------------------------------------ suites shared by the operators' tests

/// Outputs of 2^21+ elements (rows over the device pool and, for FLOAT outputs of 8 MiB and more, streaming
/// stores) of operator `op`, in four profile / dtype / reduction / beta combinations.
inline void RunLargeCases(Op op) {
    // 2,116,643 elements: 8.07 MiB of FLOAT; sanitizer builds (support/sample_size.h) 257 rows: 527,621
    // elements, 2 MiB of FLOAT, still many tiles and every thread.
    const int64_t rows = aclcpu_test::SweepSize(1031, 257), cols = 2053;
    struct L {
        Profile prof;
        int in, out;
        bool scalar_go;
        int64_t reduction;
        float beta;
    };
    const L cases[] = {{Profile::kAscend950, R::kF32, R::kF32, false, 1, 1.0f},
                       {Profile::kAscend950, R::kBF16, R::kBF16, true, 0, 0.5f},
                       {Profile::kAscend910B, R::kF16, R::kF32, false, 1, 2.0f},
                       {Profile::kAscend310P, R::kF16, R::kF16, true, 2, 0.0f}};
    uint64_t seed = 0x1A46E;
    for (const L& l : cases) {
        ProfileScope scope(l.prof);
        ASSERT_TRUE(scope.ok());
        const Case c = LargeCase(op, l.prof, l.in, l.out, rows, cols, l.scalar_go, l.reduction, l.beta, ++seed);
        const std::string err = RunCase(c);
        EXPECT_TRUE(err.empty()) << err << "\n" << Describe(c);
    }
}

/// The seeded random sweep of operator `op` in profile `prof`: `cases` cases (kSampledRandomCases in sanitizer
/// builds: support/sample_size.h) from seeds base_seed + i, each
/// compared bit for bit (and status for status) with the reference model; prints a summary line tagged `tag`.
inline void RunRandomSweep(Op op, const char* tag, Profile prof, uint64_t base_seed, int64_t cases) {
    ProfileScope scope(prof);
    ASSERT_TRUE(scope.ok());
    cases = aclcpu_test::SweepSize(cases, aclcpu_test::kSampledRandomCases);  // sanitizer builds: sample_size.h
    int64_t failures = 0, elements = 0;
    for (int64_t i = 0; i < cases; ++i) {
        const Case c = Generate(SplitMix(base_seed + static_cast<uint64_t>(i)), op, prof);
        const std::string err = RunCase(c, &elements);
        if (!err.empty() && ++failures <= 8) {
            ADD_FAILURE() << "case " << i << ": " << err << "\n" << Describe(c);
        }
    }
    std::cout << "[" << tag << "] " << R::ProfileKey(prof) << ": " << cases << " cases, " << elements
              << " elements compared, " << failures << " failed\n";
    EXPECT_EQ(failures, 0);
}

}  // namespace lossgrad_test
