// Proof of exactness (issue 3): seeded random cases compared bit for bit with the independent scalar model
// tests/support/l1_reference.h (SPEC 4 accept/reject decisions and codes, SPEC 5 arithmetic, every
// profile of SPEC 5.2), plus aliasing, large (multi-threaded) and thread-count invariance checks.
//
// Expected values come only from the model; the code under test is reached through the public API.
// Every case is generated from its own seed. On a failure the suite name, case index, seed and a full
// description are printed; EXACTNESS_REPRO=<suite>:<index> runs just that case of that suite, verbosely.
#include <gtest/gtest.h>
#include <cpuid.h>
#include <immintrin.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/test_util.h"
#include "support/l1_reference.h"
#include "support/profile_scope.h"
#include "support/sample_size.h"

extern char** environ;

namespace {

namespace R = l1ref;
using aclcpu_test::DeviceBuffer;

// Thousands of deliberately rejected calls: keep the runtime's error log quiet unless asked for (the log
// level is read once, at the first message, which comes after static initialisation).
const bool kQuietLog = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", /*overwrite=*/0) == 0; }();
using R::Profile;

// ------------------------------------------------------------------ random numbers

uint64_t SplitMix(uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

struct Rng {
    std::mt19937_64 g;
    explicit Rng(uint64_t seed) : g(seed) {}
    uint64_t Bits() { return g(); }
    int64_t Uni(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(g); }
    bool Chance(double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(g) < p; }
    template <typename T>
    T Pick(const std::vector<T>& v) { return v[static_cast<size_t>(Uni(0, static_cast<int64_t>(v.size()) - 1))]; }
};

// ------------------------------------------------------------------ dtypes

const std::vector<int> kMainInputDtypes = {R::kF32, R::kF16, R::kBF16, R::kS8,  R::kU8,  R::kS16,
                                          R::kS32, R::kS64, R::kBool, R::kF64, R::kU16, R::kC64};
const std::vector<int> kExoticDtypes = {R::kHiF8,   R::kF8E5M2, R::kF8E4M3, R::kF8E8M0, R::kF6E3M2, R::kF6E2M3,
                                        R::kF4E2M1, R::kF4E1M2, R::kU32,    R::kU64,    R::kC128,   R::kC32};
const std::vector<int> kValidOutDtypes = {R::kF16, R::kF32, R::kF64, R::kBF16, R::kC64, R::kC128};
const std::vector<int> kInvalidOutDtypes = {R::kS8,  R::kU8,  R::kS16,   R::kS32,   R::kS64, R::kBool,
                                            R::kC32, R::kU16, R::kU32,   R::kU64,   R::kHiF8, R::kF8E5M2,
                                            R::kF8E4M3, R::kF8E8M0, R::kF6E3M2, R::kF4E2M1};

// Bytes per element used for allocations (the model knows only the dtypes it reads or writes).
size_t AllocItem(int d) {
    const size_t s = R::DtSize(d);
    return s ? s : 16;
}

// ------------------------------------------------------------------ value pools

uint32_t F32Bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

const std::vector<uint32_t>& F32Specials() {
    static const std::vector<uint32_t> v = [] {
        std::vector<uint32_t> s = {
            0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0x7FFFFFFFu,
            0x00000001u, 0x80000001u, 0x007FFFFFu, 0x807FFFFFu, 0x00800000u, 0x00400000u, 0x7F7FFFFFu, 0xFF7FFFFFu,
            0x7F7F0000u, 0x7F7F8000u, 0x7F7F7FFFu, 0x477FEFFFu, 0x477FF000u, 0x477FE000u, 0xC77FE000u, 0x47800000u,
            0x33800000u, 0xB3800000u, 0x33000000u, 0x33400000u, 0x33C00000u, 0x38800000u, 0x387FC000u, 0x38000000u,
        };
        const float fl[] = {1.0f, -1.0f, 2.0f, 0.5f, 3.0f, -3.0f, 0.1f, 1.0f / 3.0f, 1.0f + 0x1p-8f, 1.0f + 0x3p-8f,
                            -(1.0f + 0x1p-8f), 1.0f + 0x1p-11f, 1.0f + 0x3p-11f, 2049.0f, 2051.0f, 257.0f, 259.0f,
                            1e-40f, 1e-45f, 16777216.0f, 65505.0f, 7.0f, 1000.0f, 1e30f, -1e30f, 1e-30f, 0x1.0101p0f,
                            0x1.0081p0f, 0x1.0018p0f, 0x1.7fp-127f, 0x1.81p-133f};
        for (float f : fl) s.push_back(F32Bits(f));
        return s;
    }();
    return v;
}

const std::vector<uint16_t> kF16Specials = {0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0xFE00, 0x7C01, 0x0001, 0x8001,
                                            0x03FF, 0x0400, 0x7BFF, 0xFBFF, 0x3C00, 0xBC00, 0x3C01, 0x4000, 0x3800,
                                            0x0200, 0x3555, 0x0003, 0x7BFE, 0x3C02, 0x4248};
const std::vector<uint16_t> kBF16Specials = {0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0xFFC0, 0x7F81, 0x0001, 0x8001,
                                             0x007F, 0x0080, 0x7F7F, 0xFF7F, 0x3F80, 0xBF80, 0x3F81, 0x4000, 0x3EAB,
                                             0x477F, 0x4780, 0x3380, 0x3300, 0x3340, 0x33C0, 0x477E, 0x4B80};
const std::vector<int64_t> kIntSpecials = {
    0, 1, -1, 2, -2, 3, 7, 127, -128, 255, 256, 257, 259, 32767, -32768, 65535, 2047, 2049, 2051, 65504, 65505,
    65519, 65520, 65536, -65504, -65520, 16777216, 16777217, -16777217, 16842753, -16842753, 16777219,
    2147483647, -2147483647 - 1, 33554435};
const std::vector<int64_t> kInt64Specials = {
    INT64_MAX, INT64_MIN, INT64_MIN + 1, (int64_t{1} << 53) + 1, (int64_t{1} << 40) + (int64_t{1} << 32) + 1,
    -((int64_t{1} << 40) + (int64_t{1} << 32) + 1), (int64_t{1} << 62) + (int64_t{1} << 54),
    (int64_t{1} << 24) + 1, 4294967295ll, 4294967297ll, INT64_MAX - (int64_t{1} << 39) + 1};

uint32_t RandomF32(Rng& r) {
    const int64_t k = r.Uni(0, 99);
    if (k < 40) return r.Pick(F32Specials());
    const uint32_t sign = r.Chance(0.5) ? 0x80000000u : 0u;
    if (k < 80) {
        const uint32_t exp = static_cast<uint32_t>(r.Uni(127 - 30, 127 + 30));
        return sign | exp << 23 | static_cast<uint32_t>(r.Bits() & 0x7FFFFFu);
    }
    if (k < 90) {
        const uint32_t exp = static_cast<uint32_t>(r.Uni(0, 254));
        return sign | exp << 23 | static_cast<uint32_t>(r.Bits() & 0x7FFFFFu);
    }
    if (k < 95) {  // a float16-precision value (ties and exact values for the f16 paths)
        const uint32_t exp = static_cast<uint32_t>(r.Uni(127 - 26, 127 + 16));
        return sign | exp << 23 | static_cast<uint32_t>((r.Bits() & 0x7FFu) << 12);
    }
    return static_cast<uint32_t>(r.Bits());
}

uint16_t RandomF16(Rng& r) {
    const int64_t k = r.Uni(0, 99);
    if (k < 40) return r.Pick(kF16Specials);
    if (k < 80) {
        const uint16_t sign = r.Chance(0.5) ? 0x8000 : 0;
        return sign | static_cast<uint16_t>(r.Uni(1, 30) << 10) | static_cast<uint16_t>(r.Bits() & 0x3FF);
    }
    return static_cast<uint16_t>(r.Bits());
}

uint16_t RandomBF16(Rng& r) {
    const int64_t k = r.Uni(0, 99);
    if (k < 40) return r.Pick(kBF16Specials);
    if (k < 80) {
        const uint16_t sign = r.Chance(0.5) ? 0x8000 : 0;
        return sign | static_cast<uint16_t>(r.Uni(127 - 30, 127 + 30) << 7) | static_cast<uint16_t>(r.Bits() & 0x7F);
    }
    return static_cast<uint16_t>(r.Bits());
}

int64_t RandomInt(Rng& r, int d) {
    const int64_t k = r.Uni(0, 99);
    if (k < 45) return d == R::kS64 && r.Chance(0.4) ? r.Pick(kInt64Specials) : r.Pick(kIntSpecials);
    if (k < 75) return r.Uni(-20, 20);
    return static_cast<int64_t>(r.Bits());
}

// Small shared palette so that self == target happens often, across dtypes too.
const std::vector<double> kPalette = {0.0, -0.0, 1.0, -1.0, 2.0, HUGE_VAL, -HUGE_VAL, NAN, 0.5, 65504.0, 3.0};
const std::vector<int64_t> kIntPalette = {0, 1, -1, 2, 3};

// Writes one random element of dtype d at p (palette: from the shared small palette).
void RandomElement(Rng& r, int d, uint8_t* p, bool palette) {
    if (palette && d != R::kBool && R::DtSize(d) != 0 && r.Chance(0.75)) {
        const bool isfloat = d == R::kF32 || d == R::kF16 || d == R::kBF16 || d == R::kF64 || d == R::kC64;
        if (isfloat) {
            const long double v = r.Pick(kPalette);
            switch (d) {
                case R::kF32: { const float f = static_cast<float>(v); std::memcpy(p, &f, 4); return; }
                case R::kF16: { const uint16_t h = R::F16Bits(R::RoundTo(v, R::kFmtF16)); std::memcpy(p, &h, 2); return; }
                case R::kBF16: { const uint16_t h = R::BF16Bits(v); std::memcpy(p, &h, 2); return; }
                case R::kF64: { const double x = static_cast<double>(v); std::memcpy(p, &x, 8); return; }
                case R::kC64: { const float c[2] = {static_cast<float>(v), 0.0f}; std::memcpy(p, c, 8); return; }
            }
        } else {
            const int64_t v = r.Pick(kIntPalette);
            uint8_t bytes[16] = {};  // COMPLEX128 elements are 16 bytes: zero-extend the palette value
            std::memcpy(bytes, &v, sizeof v);
            std::memcpy(p, bytes, R::DtSize(d));  // little endian: the low bytes
            return;
        }
    }
    switch (d) {
        case R::kF32: { const uint32_t u = RandomF32(r); std::memcpy(p, &u, 4); break; }
        case R::kF16: { const uint16_t u = RandomF16(r); std::memcpy(p, &u, 2); break; }
        case R::kBF16: { const uint16_t u = RandomBF16(r); std::memcpy(p, &u, 2); break; }
        case R::kBool: *p = r.Chance(0.5) ? 1 : 0; break;
        case R::kS8: case R::kU8: case R::kS16: case R::kU16: case R::kS32: case R::kU32: case R::kS64: case R::kU64: {
            const int64_t v = RandomInt(r, d);
            std::memcpy(p, &v, R::DtSize(d));
            break;
        }
        case R::kF64: {
            const double x = r.Chance(0.5) ? static_cast<double>(R::F16Value(RandomF16(r))) : std::ldexp(
                static_cast<double>(r.Uni(-1000000, 1000000)), static_cast<int>(r.Uni(-40, 40)));
            std::memcpy(p, &x, 8);
            break;
        }
        default: {
            const size_t n = AllocItem(d);
            for (size_t i = 0; i < n; ++i) p[i] = static_cast<uint8_t>(r.Bits());
            break;
        }
    }
}

// ------------------------------------------------------------------ cases

struct TSpec {
    bool null = false;
    int dtype = R::kF32;
    std::vector<int64_t> shape, strides, storage;
    int64_t offset = 0;
    int buffer = -1;  // index into Case::buffers
    int same_as = -1; // reuse the aclTensor object of another argument (index 0..3)
};

struct BufSpec {
    size_t bytes = 0;
    int fill = R::kF32;     // dtype whose value pool fills it
    bool palette = false;  // fill from the shared small palette
};

enum Arg { kGo = 0, kSelf = 1, kTarget = 2, kOut = 3 };
const char* const kArgNames[] = {"gradOutput", "self", "target", "gradInput"};

struct Case {
    Profile prof = Profile::kAscend950;
    int64_t reduction = 0;
    TSpec t[4];
    std::vector<BufSpec> buffers;
    uint64_t data_seed = 0;
    // checks specific to aliasing cases
    bool expect_workspace = false;   // a temporary is needed: workspaceSize must be > 0
    bool compare_out_of_place = false;
};

std::string Vec(const std::vector<int64_t>& v) {
    std::string s = "[";
    for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
    return s + "]";
}

std::string Describe(const Case& c) {
    std::ostringstream o;
    o << "profile=" << R::ProfileKey(c.prof) << " reduction=" << c.reduction << " data_seed=0x" << std::hex
      << c.data_seed << std::dec << "\n";
    for (int k = 0; k < 4; ++k) {
        const TSpec& s = c.t[k];
        o << "  " << kArgNames[k] << ": ";
        if (s.null) {
            o << "nullptr\n";
            continue;
        }
        if (s.same_as >= 0) o << "(same aclTensor as " << kArgNames[s.same_as] << ") ";
        o << R::DtName(s.dtype) << " shape=" << Vec(s.shape) << " strides=" << Vec(s.strides) << " offset=" << s.offset
          << " storage=" << Vec(s.storage) << " buffer#" << s.buffer << "\n";
    }
    for (size_t b = 0; b < c.buffers.size(); ++b) {
        o << "  buffer#" << b << ": " << c.buffers[b].bytes << " bytes, filled as " << R::DtName(c.buffers[b].fill)
          << (c.buffers[b].palette ? " (palette)" : "") << "\n";
    }
    return o.str();
}

int64_t MaxIndex(const TSpec& s) {
    int64_t m = s.offset;
    for (size_t k = 0; k < s.shape.size(); ++k) m += (s.shape[k] - 1) * s.strides[k];
    return m;
}

bool EmptyShape(const std::vector<int64_t>& s) { return R::NumelOf(s) == 0; }

// Strides and offset for a view of `shape`: random dim order (transposes), steps, padding, expanded (0)
// strides for inputs, arbitrary strides on size-1 dims.
void RandomLayout(Rng& r, TSpec& s, bool input, double expand_p) {
    const size_t n = s.shape.size();
    std::vector<size_t> order(n);
    for (size_t i = 0; i < n; ++i) order[i] = n - 1 - i;  // innermost first
    const int64_t mode = r.Uni(0, 9);
    if (mode >= 6) std::shuffle(order.begin(), order.end(), r.g);  // permuted
    s.strides.assign(n, 0);
    int64_t running = 1;
    for (size_t i = 0; i < n; ++i) {
        const size_t d = order[i];
        const int64_t size = s.shape[d];
        int64_t stride;
        if (size == 1) {
            const int64_t k = r.Uni(0, 3);
            stride = k == 0 ? running : (k == 1 ? 0 : (k == 2 ? r.Uni(1, 40) : running * 2));
        } else if (input && r.Chance(expand_p)) {
            stride = 0;
        } else {
            const int64_t step = (mode == 3 || mode == 4 || mode == 8) && r.Chance(0.5) ? r.Uni(2, 3) : 1;
            stride = running * step;
        }
        s.strides[d] = stride;
        if (size > 1 && stride > 0) running = std::max(running, stride * size);
        if (mode == 5 && r.Chance(0.5)) running += r.Uni(1, 3);
    }
    if (n >= 2 && r.Chance(0.04)) {  // arbitrary small strides: interleaved views, overlapping or not
        for (size_t d = 0; d < n; ++d) s.strides[d] = r.Uni(input ? 0 : 1, 12);
    }
    s.offset = r.Chance(0.6) ? 0 : r.Uni(1, 20);
}

// Storage shape (elements) holding the view, with some slack; multi-dim sometimes.
void RandomStorage(Rng& r, TSpec& s, bool too_small) {
    const int64_t need = EmptyShape(s.shape) ? s.offset + 1 : MaxIndex(s) + 1;
    int64_t numel = too_small ? need - 1 : need + (r.Chance(0.5) ? 0 : r.Uni(1, 10));
    const int64_t k = r.Uni(0, 9);
    if (too_small || k < 5 || numel < 4) {
        s.storage = {numel};
    } else if (k < 8) {
        const int64_t a = r.Uni(2, 4);
        s.storage = {a, (numel + a - 1) / a};
    } else {
        s.storage = {2, 1, (numel + 1) / 2, 1};
    }
}

int64_t PickDim(Rng& r) {
    static const std::vector<int64_t> small = {1, 2, 3, 4, 5, 7, 8, 9};
    static const std::vector<int64_t> medium = {15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 127, 128, 129};
    static const std::vector<int64_t> large = {255, 256, 257, 511, 1000, 1023, 2049, 4095};
    const int64_t k = r.Uni(0, 99);
    if (k < 65) return r.Pick(small);
    if (k < 92) return r.Pick(medium);
    return r.Pick(large);
}

struct GenOptions {
    int forced_dtypes[3] = {-1, -1, -1};  // gradOutput, self, target
    int64_t cap = 0;                      // element cap (0: random)
};

Case Generate(uint64_t seed, Profile prof, const GenOptions& opt) {
    Rng r(seed);
    Case c;
    c.prof = prof;
    c.data_seed = SplitMix(seed ^ 0xDA7A);
    // reduction
    c.reduction = r.Chance(0.02) ? r.Pick(std::vector<int64_t>{-1, 3, 4, 100, INT64_MIN, INT64_MAX}) : r.Uni(0, 2);
    // dtypes
    for (int k = 0; k < 3; ++k) {
        if (opt.forced_dtypes[k] >= 0) {
            c.t[k].dtype = opt.forced_dtypes[k];
        } else {
            const int64_t q = r.Uni(0, 99);
            if (q < 70) c.t[k].dtype = r.Pick(std::vector<int>{R::kF32, R::kF16, R::kBF16});
            else if (q < 95) c.t[k].dtype = r.Pick(kMainInputDtypes);
            else c.t[k].dtype = r.Pick(kExoticDtypes);
        }
    }
    c.t[kOut].dtype = r.Chance(0.9) ? r.Pick(kValidOutDtypes) : r.Pick(kInvalidOutDtypes);
    // shapes
    const int64_t nd = r.Pick(std::vector<int64_t>{0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8});
    const int64_t cap = opt.cap ? opt.cap : r.Pick(std::vector<int64_t>{64, 256, 256, 1024, 4096});
    std::vector<int64_t> base(static_cast<size_t>(nd));
    int64_t numel = 1;
    for (auto& d : base) {
        d = PickDim(r);
        while (d > 1 && numel * d > cap) d = (d + 1) / 2;
        numel *= d;
    }
    std::shuffle(base.begin(), base.end(), r.g);  // the large dims not always first
    if (nd > 0 && r.Chance(0.03)) base[static_cast<size_t>(r.Uni(0, nd - 1))] = 0;  // empty
    const double bcast_p = r.Pick(std::vector<double>{0.0, 0.0, 0.2, 0.5});
    for (int k = 0; k < 3; ++k) {
        const int64_t rank = r.Chance(0.75) ? nd : r.Uni(0, nd);
        std::vector<int64_t> sh(base.end() - rank, base.end());
        for (auto& d : sh) {
            if (r.Chance(bcast_p)) d = 1;
        }
        c.t[k].shape = sh;
    }
    if (r.Chance(0.02)) {  // incompatible broadcast
        TSpec& s = c.t[r.Uni(0, 2)];
        for (auto& d : s.shape) {
            if (d > 1) {
                d += 1;
                break;
            }
        }
    }
    if (r.Chance(0.01)) {  // 9 dims
        TSpec& s = c.t[r.Uni(0, 2)];
        while (s.shape.size() < 9) s.shape.insert(s.shape.begin(), 1);
    }
    // equality modes between self and target (the first two only where the dtypes are not being swept)
    int64_t eq = r.Uni(0, 99);
    if (opt.forced_dtypes[0] >= 0 && eq < 15) eq += 15;
    const bool palette = eq >= 55;
    if (eq < 15) {
        c.t[kTarget].shape = c.t[kSelf].shape;
        c.t[kTarget].dtype = c.t[kSelf].dtype;
    }
    std::vector<int64_t> b1, b;
    if (R::BroadcastShapes(c.t[kSelf].shape, c.t[kGo].shape, &b1) && R::BroadcastShapes(c.t[kTarget].shape, b1, &b)) {
        c.t[kOut].shape = b;
    } else {
        c.t[kOut].shape = base;
    }
    if (r.Chance(0.02)) {  // wrong gradInput shape
        std::vector<int64_t>& o = c.t[kOut].shape;
        const int64_t k = r.Uni(0, 2);
        if (k == 0 || o.empty()) o.push_back(r.Uni(1, 2));
        else if (k == 1) o.erase(o.begin());
        else o.back() += 1;
    }
    if (r.Chance(0.005)) {  // 9-dim gradInput
        while (c.t[kOut].shape.size() < 9) c.t[kOut].shape.insert(c.t[kOut].shape.begin(), 1);
    }
    // layouts
    const double expand_p = r.Chance(0.3) ? 0.3 : 0.0;
    for (int k = 0; k < 4; ++k) RandomLayout(r, c.t[k], k != kOut, expand_p);
    if (r.Chance(0.01) && c.t[kOut].shape.size() >= 1) {  // gradInput mapping two indices to one element
        TSpec& o = c.t[kOut];
        for (size_t d = 0; d < o.shape.size(); ++d) {
            if (o.shape[d] > 1) {
                o.strides[d] = r.Chance(0.5) ? 0 : (d + 1 < o.shape.size() ? o.strides[d + 1] : 1);
                break;
            }
        }
    }
    // buffers: each its own, or gradInput sharing memory with some inputs (aliasing)
    const bool share = r.Chance(0.12);
    const int too_small = r.Chance(0.01) ? static_cast<int>(r.Uni(0, 3)) : -1;
    for (int k = 0; k < 4; ++k) {
        if (c.t[k].same_as >= 0 || (k == kTarget && eq < 15)) continue;
        RandomStorage(r, c.t[k], k == too_small && !EmptyShape(c.t[k].shape));
    }
    auto new_buffer = [&](int fill, size_t bytes) {
        BufSpec bs;
        bs.bytes = bytes + static_cast<size_t>(r.Uni(0, 16));
        bs.fill = fill;
        bs.palette = palette;
        c.buffers.push_back(bs);
        return static_cast<int>(c.buffers.size()) - 1;
    };
    auto bytes_of = [](const TSpec& s) {
        const int64_t need = std::max<int64_t>(R::NumelOf(s.storage), MaxIndex(s) + 1);
        return static_cast<size_t>(std::max<int64_t>(need, 1)) * AllocItem(s.dtype);
    };
    if (share) {
        const int shared = new_buffer(c.t[kOut].dtype, bytes_of(c.t[kOut]));
        c.t[kOut].buffer = shared;
        for (int k = 0; k < 3; ++k) {
            TSpec& s = c.t[k];
            if (s.same_as >= 0 || (k == kTarget && eq < 15)) continue;
            if (s.dtype == R::kBool || R::DtSize(s.dtype) == 0 || !r.Chance(0.6)) continue;
            if (r.Chance(0.3) && s.shape == c.t[kOut].shape && s.dtype == c.t[kOut].dtype) {
                s.strides = c.t[kOut].strides;  // exactly in place
                s.offset = c.t[kOut].offset;
                s.storage = c.t[kOut].storage;
            }
            s.buffer = shared;
            c.buffers[shared].bytes = std::max(c.buffers[shared].bytes, bytes_of(s));
            if (r.Chance(0.5)) c.buffers[shared].fill = s.dtype;
        }
    }
    for (int k = 0; k < 4; ++k) {
        TSpec& s = c.t[k];
        if (s.same_as >= 0 || (k == kTarget && eq < 15)) continue;
        if (s.buffer < 0) s.buffer = new_buffer(k == kOut ? R::kF32 : s.dtype, bytes_of(s));
    }
    if (eq < 15) {  // target: the same view of the same memory as self (eq < 10), or the same aclTensor
        c.t[kTarget] = c.t[kSelf];
        if (eq >= 10) c.t[kTarget].same_as = kSelf;
    }
    for (int k = 0; k < 4; ++k) {  // the same aclTensor: the same descriptor
        if (c.t[k].same_as >= 0) {
            const int src = c.t[k].same_as;
            c.t[k] = c.t[src];
            c.t[k].same_as = src;
        }
    }
    if (r.Chance(0.01)) c.t[r.Uni(0, 3)].null = true;
    return c;
}

// ------------------------------------------------------------------ running a case

struct Stats {
    int64_t cases = 0, accepted = 0, rejected = 0, elements = 0, failures = 0;
};

R::View ModelView(const TSpec& s, const std::vector<std::vector<uint8_t>>& snap) {
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

uint64_t Fnv(const std::vector<uint8_t>& v, uint64_t h = 1469598103934665603ull) {
    for (uint8_t b : v) h = (h ^ b) * 1099511628211ull;
    return h;
}

std::string Hex(const uint8_t* p, size_t n) {
    std::string s = "0x";
    char buf[3];
    for (size_t i = n; i-- > 0;) {
        std::snprintf(buf, sizeof buf, "%02x", p[i]);
        s += buf;
    }
    return s;
}

// Runs one case; returns "" on success or a description of the first discrepancy. `digest` (optional)
// receives a hash of gradInput's buffer after the run.
Stats g_stats;  // totals over every case run by this process (accepted, rejected, elements compared)

std::string RunCase(const Case& c, uint64_t* digest = nullptr, bool verbose = false) {
    // 1. memory and data
    Rng dr(c.data_seed);
    std::vector<std::vector<uint8_t>> snap(c.buffers.size());
    std::vector<DeviceBuffer> dev;
    dev.reserve(c.buffers.size());
    for (size_t b = 0; b < c.buffers.size(); ++b) {
        const BufSpec& bs = c.buffers[b];
        const size_t item = AllocItem(bs.fill);
        snap[b].assign(bs.bytes, 0);
        for (size_t i = 0; i + item <= bs.bytes; i += item) RandomElement(dr, bs.fill, &snap[b][i], bs.palette);
        dev.emplace_back(bs.bytes);
        if (bs.bytes) {
            aclrtMemcpy(dev[b].get(), bs.bytes, snap[b].data(), bs.bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        }
    }
    // 2. tensors
    aclTensor* ts[4] = {nullptr, nullptr, nullptr, nullptr};
    bool owned[4] = {false, false, false, false};
    std::string err;
    for (int k = 0; k < 4; ++k) {
        const TSpec& s = c.t[k];
        if (s.null || s.same_as >= 0) continue;
        ts[k] = aclcpu_test::MakeTensor(s.shape, static_cast<aclDataType>(s.dtype), dev[static_cast<size_t>(s.buffer)].get(),
                                        s.strides, s.offset, s.storage);
        owned[k] = true;
        if (ts[k] == nullptr) err = std::string("aclCreateTensor failed for ") + kArgNames[k] + ": " + aclcpu_test::LastError();
    }
    for (int k = 0; k < 4; ++k) {
        if (!c.t[k].null && c.t[k].same_as >= 0) ts[k] = ts[c.t[k].same_as];
    }
    auto cleanup = [&] {
        for (int k = 0; k < 4; ++k) {
            if (owned[k] && ts[k] != nullptr) aclDestroyTensor(ts[k]);
        }
    };
    if (!err.empty()) {
        cleanup();
        return err;
    }
    for (int k = 0; k < 4; ++k) {  // the generator's own invariant: every view lies inside its buffer
        const TSpec& s = c.t[k];
        if (s.null || EmptyShape(s.shape)) continue;
        if (static_cast<size_t>(MaxIndex(s) + 1) * AllocItem(s.dtype) > c.buffers[static_cast<size_t>(s.buffer)].bytes) {
            cleanup();
            return std::string("test generator bug: ") + kArgNames[k] + "'s view exceeds its buffer";
        }
    }
    // 3. the model
    R::View mv[4];
    for (int k = 0; k < 4; ++k) mv[k] = ModelView(c.t[k], snap);
    const R::Decision d = R::Decide(c.prof, mv[kGo], mv[kSelf], mv[kTarget], c.reduction, mv[kOut]);
    ++g_stats.cases;
    ++(d.status == 0 ? g_stats.accepted : g_stats.rejected);
    if (d.status == 0 && !d.empty) g_stats.elements += R::NumelOf(d.b);
    std::vector<std::vector<uint8_t>> expect = snap;
    if (d.status == 0 && c.t[kOut].buffer >= 0) {
        R::Compute(c.prof, d, mv[kGo], mv[kSelf], mv[kTarget], mv[kOut], expect[static_cast<size_t>(c.t[kOut].buffer)].data());
    }
    if (verbose) {
        std::cout << "model: status " << d.status << " (" << d.why << ") promote=" << (d.promote >= 0 ? R::DtName(d.promote) : "-")
                  << " b=" << Vec(d.b) << " r=" << d.r << (d.empty ? " empty" : "") << "\n";
    }
    // 4. first phase
    uint64_t ws = 0xDEADBEEFull;
    aclOpExecutor* const kSentinel = reinterpret_cast<aclOpExecutor*>(uintptr_t{0x5A5A5A50});
    aclOpExecutor* ex = kSentinel;
    const int st = aclnnL1LossBackwardGetWorkspaceSize(ts[kGo], ts[kSelf], ts[kTarget], c.reduction, ts[kOut], &ws, &ex);
    std::ostringstream o;
    if (st != d.status) {
        o << "first phase returned " << st << " (" << aclcpu_test::LastError() << "), the model says " << d.status << " ("
          << d.why << ")";
    }
    if (st != 0) {
        if (ex != kSentinel || ws != 0xDEADBEEFull) o << "; a failed first phase wrote workspaceSize or executor";
    } else {
        // 5. second phase
        if (c.expect_workspace && ws == 0) o << "; workspaceSize is 0 although gradInput overlaps an input";
        constexpr size_t kGuard = 64;
        DeviceBuffer wsbuf;
        if (ws > 0) {
            wsbuf = DeviceBuffer(ws + kGuard);
            aclrtMemset(wsbuf.get(), ws + kGuard, 0xCD, ws + kGuard);
        }
        int st2 = aclnnL1LossBackward(ws > 0 ? wsbuf.get() : nullptr, ws, ex, nullptr);
        if (st2 == 0) st2 = aclrtSynchronizeStream(nullptr);
        if (st2 != 0) o << "; second phase returned " << st2 << " (" << aclcpu_test::LastError() << ")";
        if (ws > 0) {
            const std::vector<uint8_t> w = aclcpu_test::Download<uint8_t>(wsbuf.get(), ws + kGuard);
            for (size_t i = ws; i < ws + kGuard; ++i) {
                if (w[i] != 0xCD) {
                    o << "; the second phase wrote past the workspace (byte " << i << " of " << ws << ")";
                    break;
                }
            }
            if (!d.empty && std::all_of(w.begin(), w.begin() + static_cast<int64_t>(ws), [](uint8_t x) { return x == 0xCD; })) {
                o << "; a workspace of " << ws << " bytes was asked for but never used";
            }
        }
    }
    // 6. compare every buffer with the expectation
    const int outbuf = c.t[kOut].buffer;
    for (size_t b = 0; b < c.buffers.size() && o.str().size() < 4000; ++b) {
        const std::vector<uint8_t> got = aclcpu_test::Download<uint8_t>(dev[b].get(), c.buffers[b].bytes);
        if (digest != nullptr && static_cast<int>(b) == outbuf) *digest = Fnv(got, *digest);
        if (got == expect[b]) continue;
        if (static_cast<int>(b) != outbuf || d.status != 0) {
            o << "; buffer#" << b << " changed although " << (d.status != 0 ? "the call was rejected" : "it is no output");
            continue;
        }
        // element by element over gradInput's view (NaN == NaN), then the other bytes exactly
        const TSpec& os = c.t[kOut];
        const size_t item = R::DtSize(os.dtype);
        std::vector<bool> covered(got.size(), false);
        int shown = 0;
        R::ForEachIndex(os.shape, [&](const std::vector<int64_t>& idx) {
            const size_t at = static_cast<size_t>(R::ElementIndex(mv[kOut], idx)) * item;
            for (size_t i = 0; i < item; ++i) covered[at + i] = true;
            if (!R::SameResult(os.dtype, &got[at], &expect[b][at]) && shown < 3) {
                ++shown;
                auto in = [&](int k) {
                    const R::View& v = mv[k];
                    const int64_t e = R::ElementIndex(v, R::OperandIndex(v.shape, idx));
                    const uint8_t* p = v.data + e * R::DtSize(v.dtype);
                    std::ostringstream s;
                    s << kArgNames[k] << "=" << Hex(p, R::DtSize(v.dtype)) << "(" << static_cast<double>(R::ReadValue(p, v.dtype))
                      << ")";
                    return s.str();
                };
                o << "; gradInput" << Vec(idx) << " is " << Hex(&got[at], item) << ", the model says "
                  << Hex(&expect[b][at], item) << " [" << in(kGo) << " " << in(kSelf) << " " << in(kTarget)
                  << " promote=" << R::DtName(d.promote) << " r=" << d.r << "]";
            }
        });
        for (size_t i = 0; i < got.size(); ++i) {
            if (!covered[i] && got[i] != expect[b][i]) {
                o << "; byte " << i << " of gradInput's buffer outside its view changed (or overlapping input bytes)";
                break;
            }
        }
    }
    cleanup();
    return o.str();
}

// ------------------------------------------------------------------ profiles

using aclcpu_test::ProfileScope;

// ------------------------------------------------------------------ suites

// EXACTNESS_REPRO=<suite>:<index> restricts a suite to one case.
bool Selected(const std::string& suite, int64_t index, bool* verbose) {
    const char* e = std::getenv("EXACTNESS_REPRO");
    *verbose = false;
    if (e == nullptr || *e == '\0') return true;
    const std::string s = e;
    const size_t colon = s.rfind(':');
    if (colon == std::string::npos) return true;
    if (s.substr(0, colon) != suite || std::strtoll(s.c_str() + colon + 1, nullptr, 10) != index) return false;
    *verbose = true;
    return true;
}

void Report(const std::string& suite, int64_t index, const Case& c, const std::string& err, Stats* st) {
    ++st->failures;
    if (st->failures <= 12) {
        ADD_FAILURE() << suite << " case " << index << " (rerun: EXACTNESS_REPRO=" << suite << ":" << index << "): " << err
                      << "\n"
                      << Describe(c);
    }
}

void RunRandomSuite(Profile prof, int64_t sweep_cases, int64_t random_cases, uint64_t base_seed) {
    const std::string suite = std::string("random_") + R::ProfileKey(prof);
    ProfileScope scope(prof);
    ASSERT_TRUE(scope.ok()) << "could not switch to profile " << R::ProfileKey(prof);
    Stats st;
    const auto t0 = std::chrono::steady_clock::now();
    // Sanitizer builds: every dtype triple, but the first kSampledRandomCases random cases (support/sample_size.h).
    const int64_t n = sweep_cases + aclcpu_test::SweepSize(random_cases, aclcpu_test::kSampledRandomCases);
    for (int64_t i = 0; i < n; ++i) {
        bool verbose;
        if (!Selected(suite, i, &verbose)) continue;
        GenOptions opt;
        if (i < sweep_cases) {  // every input dtype triple of the main list, small shapes
            const int64_t j = i % 1728;
            opt.forced_dtypes[0] = kMainInputDtypes[static_cast<size_t>(j % 12)];
            opt.forced_dtypes[1] = kMainInputDtypes[static_cast<size_t>(j / 12 % 12)];
            opt.forced_dtypes[2] = kMainInputDtypes[static_cast<size_t>(j / 144)];
            opt.cap = 64;
        }
        const Case c = Generate(SplitMix(base_seed + static_cast<uint64_t>(i)), prof, opt);
        if (verbose) std::cout << Describe(c);
        std::string err;
        try {
            err = RunCase(c, nullptr, verbose);
        } catch (const std::exception& e) {
            err = std::string("exception: ") + e.what();
        }
        ++st.cases;
        if (!err.empty()) Report(suite, i, c, err, &st);
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::cout << "[exactness] " << suite << ": " << st.cases << " cases, " << st.failures << " failed, " << secs
              << " s (process totals: " << g_stats.accepted << " accepted, " << g_stats.rejected << " rejected, "
              << g_stats.elements << " elements compared)\n";
    EXPECT_EQ(st.failures, 0);
}

constexpr int64_t kSweep = 1728;   // all 12^3 input dtype triples
constexpr int64_t kRandom = 6000;  // per profile

TEST(Exactness, RandomAscend950) { RunRandomSuite(Profile::kAscend950, kSweep, kRandom, 0x950000000ull); }
TEST(Exactness, RandomAscend910B) { RunRandomSuite(Profile::kAscend910B, kSweep, kRandom, 0x910B00000ull); }
TEST(Exactness, RandomAscend910_93) { RunRandomSuite(Profile::kAscend910_93, kSweep, kRandom, 0x9109300000ull); }
TEST(Exactness, RandomAscend910) { RunRandomSuite(Profile::kAscend910, kSweep, kRandom, 0x910000000ull); }
TEST(Exactness, RandomAscend310P) { RunRandomSuite(Profile::kAscend310P, kSweep, kRandom, 0x310F00000ull); }

// The default runtime (aclInit(nullptr), no config) is the Ascend 950 profile.
TEST(Exactness, DefaultProfileIsAscend950) {
    if (const char* e = std::getenv("ACLCPU_SOC_VERSION")) {
        if (*e) GTEST_SKIP() << "ACLCPU_SOC_VERSION is set";
    }
    Stats st;
    for (int64_t i = 0; i < 300; ++i) {
        const Case c = Generate(SplitMix(0xDEFA0000ull + static_cast<uint64_t>(i)), Profile::kAscend950, GenOptions{});
        const std::string err = RunCase(c);
        if (!err.empty()) Report("default", i, c, err, &st);
    }
    EXPECT_EQ(st.failures, 0);
}

// ------------------------------------------------------------------ aliasing

enum class Alias {
    kSameAsSelf, kSameAsTarget, kSameAsGradOutput, kAllSame, kShiftPlus, kShiftMinus, kTransposed,
    kF16UnderF32, kF32UnderBF16, kBroadcastRow, kScalarGradInOut, kSelfReversedHalf
};
const char* AliasName(Alias a) {
    switch (a) {
        case Alias::kSameAsSelf: return "gradInput is self";
        case Alias::kSameAsTarget: return "gradInput is target";
        case Alias::kSameAsGradOutput: return "gradInput is gradOutput";
        case Alias::kAllSame: return "all four are one tensor";
        case Alias::kShiftPlus: return "gradInput = self shifted by +1 element";
        case Alias::kShiftMinus: return "gradInput = self shifted by -1 element";
        case Alias::kTransposed: return "gradInput = transposed view of self's memory";
        case Alias::kF16UnderF32: return "FLOAT gradInput over FLOAT16 self's bytes";
        case Alias::kF32UnderBF16: return "BF16 gradInput over FLOAT target's bytes";
        case Alias::kBroadcastRow: return "gradInput [m,n] over self [1,n]'s memory";
        case Alias::kScalarGradInOut: return "scalar gradOutput inside gradInput";
        case Alias::kSelfReversedHalf: return "gradInput over the second half of self";
    }
    return "?";
}

TSpec Contig(int dtype, std::vector<int64_t> shape, int buffer, int64_t offset = 0) {
    TSpec s;
    s.dtype = dtype;
    s.shape = std::move(shape);
    s.strides = aclcpu_test::ContiguousStrides(s.shape);
    s.offset = offset;
    s.buffer = buffer;
    s.storage = {std::max<int64_t>(MaxIndex(s) + 1, 1)};
    return s;
}

Case MakeAliasCase(Alias a, Profile prof, int dt, int64_t reduction, int64_t m, int64_t n, uint64_t seed) {
    Case c;
    c.prof = prof;
    c.reduction = reduction;
    c.data_seed = seed;
    c.compare_out_of_place = true;
    auto buf = [&](int fill, size_t bytes) {
        BufSpec b;
        b.fill = fill;
        b.bytes = bytes;
        b.palette = (seed & 1) != 0;
        c.buffers.push_back(b);
        return static_cast<int>(c.buffers.size()) - 1;
    };
    const size_t item = R::DtSize(dt);
    const std::vector<int64_t> mn = {m, n};
    const int64_t numel = m * n;
    auto own = [&](int k, int dtype, std::vector<int64_t> shape) {
        c.t[k] = Contig(dtype, shape, buf(dtype, static_cast<size_t>(R::NumelOf(shape)) * R::DtSize(dtype) + 8));
    };
    const std::vector<int64_t> go_shape = reduction == 0 ? mn : std::vector<int64_t>{};
    switch (a) {
        case Alias::kSameAsSelf:
        case Alias::kSameAsTarget: {
            const int k = a == Alias::kSameAsSelf ? kSelf : kTarget;
            own(kGo, dt, go_shape);
            own(kSelf, dt, mn);
            own(kTarget, R::kF32, {n});
            if (k == kTarget) own(kTarget, dt, mn);
            c.t[kOut] = c.t[k];
            c.t[kOut].same_as = k;
            break;
        }
        case Alias::kSameAsGradOutput:
            own(kGo, dt, mn);
            own(kSelf, dt, mn);
            own(kTarget, dt, {1, n});
            c.t[kOut] = c.t[kGo];
            c.t[kOut].same_as = kGo;
            break;
        case Alias::kAllSame:
            own(kSelf, dt, mn);
            for (int k : {kGo, kTarget, kOut}) {
                c.t[k] = c.t[kSelf];
                c.t[k].same_as = kSelf;
            }
            break;
        case Alias::kShiftPlus:
        case Alias::kShiftMinus: {
            const int b = buf(dt, static_cast<size_t>(numel + 1) * item);
            c.t[kSelf] = Contig(dt, mn, b, a == Alias::kShiftPlus ? 0 : 1);
            c.t[kOut] = Contig(dt, mn, b, a == Alias::kShiftPlus ? 1 : 0);
            own(kGo, dt, go_shape);
            own(kTarget, dt, mn);
            c.expect_workspace = a == Alias::kShiftPlus && numel > 1;
            break;
        }
        case Alias::kTransposed: {
            const int b = buf(dt, static_cast<size_t>(n * n) * item);
            c.t[kSelf] = Contig(dt, {n, n}, b);
            c.t[kOut] = Contig(dt, {n, n}, b);
            c.t[kOut].strides = {1, n};
            own(kGo, dt, reduction == 0 ? std::vector<int64_t>{n, n} : std::vector<int64_t>{});
            own(kTarget, dt, {n});
            c.expect_workspace = n > 1;
            break;
        }
        case Alias::kF16UnderF32: {
            const int b = buf(R::kF16, static_cast<size_t>(numel) * 4);
            c.t[kSelf] = Contig(R::kF16, mn, b);
            c.t[kOut] = Contig(R::kF32, mn, b);
            own(kGo, dt, go_shape);
            own(kTarget, R::kF16, mn);
            c.expect_workspace = numel > 1;
            break;
        }
        case Alias::kF32UnderBF16: {
            const int b = buf(R::kF32, static_cast<size_t>(numel) * 4);
            c.t[kTarget] = Contig(R::kF32, mn, b);
            c.t[kOut] = Contig(R::kBF16, mn, b, numel);  // the second half of target's bytes
            own(kGo, dt, go_shape);
            own(kSelf, dt, mn);
            c.expect_workspace = numel > 1;
            break;
        }
        case Alias::kBroadcastRow: {
            const int b = buf(dt, static_cast<size_t>(numel) * item);
            c.t[kSelf] = Contig(dt, {1, n}, b);
            c.t[kOut] = Contig(dt, mn, b);
            own(kGo, dt, go_shape);
            own(kTarget, dt, mn);
            c.expect_workspace = m > 1;
            break;
        }
        case Alias::kScalarGradInOut: {
            const int b = buf(dt, static_cast<size_t>(numel) * item);
            c.t[kOut] = Contig(dt, mn, b);
            c.t[kGo] = Contig(dt, {}, b, numel / 2);
            own(kSelf, dt, mn);
            own(kTarget, dt, {m, 1});
            c.expect_workspace = numel > 1;
            break;
        }
        case Alias::kSelfReversedHalf: {
            const int b = buf(dt, static_cast<size_t>(2 * numel) * item);
            c.t[kSelf] = Contig(dt, {2 * m, n}, b);
            c.t[kOut] = Contig(dt, mn, b, numel);
            c.t[kSelf].shape = {m, n};
            c.t[kSelf].strides = {2 * n, 1};  // every other row: rows 0, 2, 4, ... interleave with the output rows
            c.t[kSelf].storage = {2 * numel};
            own(kGo, dt, go_shape);
            own(kTarget, dt, mn);
            c.expect_workspace = m > 1;
            break;
        }
    }
    return c;
}

// Runs gradInput out of place (a fresh contiguous buffer, inputs restored) and compares with the model too;
// RunCase has already compared the aliased run with the model, so both equal the out-of-place result.
std::string RunOutOfPlace(const Case& aliased) {
    Case c = aliased;
    c.expect_workspace = false;
    if (c.t[kOut].same_as >= 0) c.t[kOut].same_as = -1;
    BufSpec b;
    b.fill = R::kF32;
    b.bytes = static_cast<size_t>(std::max<int64_t>(R::NumelOf(c.t[kOut].shape), 1)) * R::DtSize(c.t[kOut].dtype);
    c.buffers.push_back(b);
    c.t[kOut] = Contig(c.t[kOut].dtype, c.t[kOut].shape, static_cast<int>(c.buffers.size()) - 1);
    return RunCase(c);
}

TEST(Exactness, Aliasing) {
    const Alias all[] = {Alias::kSameAsSelf,   Alias::kSameAsTarget, Alias::kSameAsGradOutput, Alias::kAllSame,
                         Alias::kShiftPlus,    Alias::kShiftMinus,   Alias::kTransposed,       Alias::kF16UnderF32,
                         Alias::kF32UnderBF16, Alias::kBroadcastRow, Alias::kScalarGradInOut,  Alias::kSelfReversedHalf};
    const Profile profs[] = {Profile::kAscend950, Profile::kAscend910B, Profile::kAscend310P};
    Stats st;
    int64_t index = 0;
    for (Profile prof : profs) {
        ProfileScope scope(prof);
        ASSERT_TRUE(scope.ok());
        for (Alias a : all) {
            for (int dt : {R::kF32, R::kF16, R::kBF16}) {
                if (dt == R::kBF16 && !R::SupportsBF16(prof)) continue;
                for (int64_t red : {0, 1, 2}) {
                    for (auto mn : std::vector<std::pair<int64_t, int64_t>>{{1, 1}, {3, 37}, {64, 70}, {1, 1000}}) {
                        ++index;
                        bool verbose;
                        if (!Selected("aliasing", index, &verbose)) continue;
                        const int64_t n = a == Alias::kTransposed ? std::min<int64_t>(mn.second, 70) : mn.second;
                        const int64_t m = a == Alias::kTransposed ? n : mn.first;
                        const Case c = MakeAliasCase(a, prof, dt, red, m, n, SplitMix(0xA11A5ull + static_cast<uint64_t>(index)));
                        if (verbose) std::cout << AliasName(a) << "\n" << Describe(c);
                        std::string err = RunCase(c, nullptr, verbose);
                        if (err.empty()) {
                            const std::string e2 = RunOutOfPlace(c);
                            if (!e2.empty()) err = "out-of-place run: " + e2;
                        }
                        ++st.cases;
                        if (!err.empty()) Report("aliasing", index, c, std::string(AliasName(a)) + ": " + err, &st);
                    }
                }
            }
        }
    }
    std::cout << "[exactness] aliasing: " << st.cases << " cases, " << st.failures << " failed\n";
    EXPECT_EQ(st.failures, 0);
}

// Regressions found by the generator: the gradInput overlap check must be exact (SPEC 4.6 rejects only
// views mapping two indices to one element): interleaved but disjoint strides are accepted, colliding ones
// rejected, and an empty view never overlaps (SPEC 4.7: success, nothing written).
TEST(Exactness, GradInputOverlapIsExact) {
    struct Probe {
        std::vector<int64_t> shape, strides;
        int expect;  // the model must agree; checked below
    };
    const Probe probes[] = {
        {{3, 2}, {2, 3}, 0},          // elements 0,3,2,5,4,7: interleaved, disjoint
        {{5, 8, 1, 1}, {9, 4, 1, 9}, 0},
        {{15, 3}, {8, 5}, 0},
        {{3, 2}, {1, 1}, 161002},     // 1 = 0*1 + 1*1 = 1*1 + 0*1: collide
        {{4, 3}, {3, 4}, 0},          // 3i + 4j: disjoint for i < 4 (a collision needs i - i' = 4)
        {{5, 3}, {3, 4}, 0},          // a collision needs j - j' = 3, but j < 3: disjoint
        {{5, 4}, {3, 4}, 161002},     // (4,0) = 12 = (0,3): collide
        {{3, 2, 0}, {0, 0, 0}, 0},    // empty: nothing to overlap
        {{2, 0, 4}, {1, 0, 0}, 0},
    };
    Stats st;
    int64_t index = 0;
    for (const Probe& pr : probes) {
        for (int64_t red : {0, 1}) {
            Case c;
            c.reduction = red;
            c.data_seed = SplitMix(0x0FE12A9ull + static_cast<uint64_t>(index));
            TSpec o;
            o.dtype = R::kF32;
            o.shape = pr.shape;
            o.strides = pr.strides;
            o.storage = {std::max<int64_t>(MaxIndex(o) + 1, 1)};
            c.buffers.push_back(BufSpec{static_cast<size_t>(o.storage[0]) * 4 + 4, R::kF32, false});
            o.buffer = 0;
            c.t[kOut] = o;
            for (int k : {kGo, kSelf, kTarget}) {
                c.t[k] = Contig(R::kF16, pr.shape, static_cast<int>(c.buffers.size()));
                c.buffers.push_back(BufSpec{static_cast<size_t>(std::max<int64_t>(R::NumelOf(pr.shape), 1)) * 2, R::kF16, k == kTarget});
            }
            R::View mv = ModelView(o, std::vector<std::vector<uint8_t>>(1, std::vector<uint8_t>(c.buffers[0].bytes)));
            R::View in = mv;
            in.dtype = R::kF16;
            in.strides = aclcpu_test::ContiguousStrides(pr.shape);
            const int model = R::Decide(c.prof, in, in, in, red, mv).status;
            EXPECT_EQ(model, pr.expect) << "model, probe " << Vec(pr.shape) << " strides " << Vec(pr.strides);
            const std::string err = RunCase(c);
            if (!err.empty()) Report("overlap", index, c, err, &st);
            ++index;
        }
    }
    EXPECT_EQ(st.failures, 0);
}

// ------------------------------------------------------------------ large cases (past the threading grain)

std::vector<Case> LargeCases(Profile prof) {
    std::vector<Case> v;
    auto buf = [](Case& c, int fill, size_t bytes) {
        BufSpec b;
        b.fill = fill;
        b.bytes = bytes;
        c.buffers.push_back(b);
        return static_cast<int>(c.buffers.size()) - 1;
    };
    auto contig = [&](Case& c, int k, int dt, std::vector<int64_t> shape) {
        c.t[k] = Contig(dt, shape, buf(c, dt, static_cast<size_t>(R::NumelOf(shape)) * R::DtSize(dt)));
    };
    uint64_t seed = 0x1A26E0000ull + static_cast<uint64_t>(prof) * 1000;
    auto start = [&](int64_t red) {
        Case c;
        c.prof = prof;
        c.reduction = red;
        c.data_seed = SplitMix(++seed);
        return c;
    };
    {  // same-dtype FLOAT, contiguous: the fast rows
        Case c = start(1);
        for (int k : {kGo, kSelf, kTarget, kOut}) contig(c, k, R::kF32, {300001});
        v.push_back(c);
    }
    {  // FLOAT16, scalar gradOutput, mean
        Case c = start(1);
        contig(c, kGo, R::kF16, {});
        for (int k : {kSelf, kTarget, kOut}) contig(c, k, R::kF16, {4, 50000});
        v.push_back(c);
    }
    if (R::SupportsBF16(prof)) {  // BF16 with a transposed gradInput, sum
        Case c = start(2);
        for (int k : {kGo, kSelf, kTarget}) contig(c, k, R::kBF16, {512, 300});
        contig(c, kOut, R::kBF16, {512, 300});
        c.t[kOut].strides = {1, 512};
        v.push_back(c);
    }
    {  // mixed dtypes: INT32 self, FLOAT16 target, FLOAT gradOutput row -> BF16 or FLOAT16 output
        Case c = start(0);
        contig(c, kGo, R::kF32, {1, 400});
        contig(c, kSelf, R::kS32, {400, 400});
        contig(c, kTarget, R::kF16, {400, 1});
        contig(c, kOut, R::SupportsBF16(prof) ? R::kBF16 : R::kF16, {400, 400});
        v.push_back(c);
    }
    {  // gradInput = self shifted by one element: the temporary and the parallel copy
        Case c = start(1);
        const int b = buf(c, R::kF32, (200000 + 1) * 4);
        c.t[kSelf] = Contig(R::kF32, {200000}, b);
        c.t[kOut] = Contig(R::kF32, {200000}, b, 1);
        contig(c, kGo, R::kF32, {});
        contig(c, kTarget, R::kF32, {200000});
        c.expect_workspace = true;
        v.push_back(c);
    }
    {  // in place on FLOAT16 self, stepped target
        Case c = start(0);
        contig(c, kSelf, R::kF16, {1000, 200});
        c.t[kOut] = c.t[kSelf];
        c.t[kOut].same_as = kSelf;
        contig(c, kGo, R::kF16, {1000, 200});
        const int b = buf(c, R::kF16, 1000 * 400 * 2);
        c.t[kTarget] = Contig(R::kF16, {1000, 200}, b);
        c.t[kTarget].strides = {400, 2};
        c.t[kTarget].storage = {1000 * 400};
        v.push_back(c);
    }
    {  // INT64 gradOutput, UINT8 self, FLOAT target, COMPLEX64 output, expanded target
        Case c = start(1);
        contig(c, kGo, R::kS64, {130000});
        contig(c, kSelf, R::kU8, {130000});
        const int b = buf(c, R::kF32, 64);
        c.t[kTarget] = Contig(R::kF32, {130000}, b);
        c.t[kTarget].strides = {0};
        c.t[kTarget].storage = {16};
        contig(c, kOut, R::kC64, {130000});
        v.push_back(c);
    }
    return v;
}

void RunLargeCases(std::vector<uint64_t>* digests) {
    Stats st;
    // Sanitizer builds: the Ascend950 profile's cases only (support/sample_size.h); the random suites cover
    // every profile there.
    const std::vector<Profile> profiles = aclcpu_test::SampledSweeps()
        ? std::vector<Profile>{Profile::kAscend950}
        : std::vector<Profile>{Profile::kAscend950, Profile::kAscend910B, Profile::kAscend310P};
    for (Profile prof : profiles) {
        ProfileScope scope(prof);
        ASSERT_TRUE(scope.ok());
        const std::vector<Case> cases = LargeCases(prof);
        for (size_t i = 0; i < cases.size(); ++i) {
            uint64_t h = 1469598103934665603ull;
            const std::string err = RunCase(cases[i], &h);
            digests->push_back(h);
            ++st.cases;
            if (!err.empty()) Report(std::string("large_") + R::ProfileKey(prof), static_cast<int64_t>(i), cases[i], err, &st);
        }
    }
    std::cout << "[exactness] large: " << st.cases << " cases, " << st.failures << " failed\n";
    EXPECT_EQ(st.failures, 0);
}

TEST(Exactness, LargeCases) {
    std::vector<uint64_t> digests;
    RunLargeCases(&digests);
    if (const char* path = std::getenv("EXACTNESS_DIGEST_FILE")) {
        std::ofstream f(path);
        for (uint64_t h : digests) f << std::hex << h << "\n";
    }
}

// Results must not depend on the thread count (ACLCPU_NUM_THREADS is read once per process): re-runs this
// binary's LargeCases with 1, 2 and 5 threads; each child compares with the model, and all children
// must produce identical gradInput bytes.
TEST(Exactness, ThreadCountInvariance) {
    if (std::getenv("EXACTNESS_DIGEST_FILE") != nullptr) GTEST_SKIP() << "child process";
    std::vector<std::string> results;
    for (int threads : {1, 2, 5}) {
        const std::string digest = "/tmp/aclcpu_exactness_digest_" + std::to_string(getpid()) + "_" + std::to_string(threads);
        std::vector<std::string> env_store;
        for (char** e = environ; *e != nullptr; ++e) {
            const std::string s = *e;
            if (s.rfind("ACLCPU_NUM_THREADS=", 0) == 0 || s.rfind("EXACTNESS_", 0) == 0 || s.rfind("GTEST_", 0) == 0) continue;
            env_store.push_back(s);
        }
        env_store.push_back("ACLCPU_NUM_THREADS=" + std::to_string(threads));
        env_store.push_back("EXACTNESS_DIGEST_FILE=" + digest);
        std::vector<char*> envp;
        for (auto& s : env_store) envp.push_back(&s[0]);
        envp.push_back(nullptr);
        std::string exe = "/proc/self/exe", filter = "--gtest_filter=Exactness.LargeCases";
        char* argv[] = {&exe[0], &filter[0], nullptr};
        pid_t pid;
        ASSERT_EQ(posix_spawn(&pid, "/proc/self/exe", nullptr, nullptr, argv, envp.data()), 0);
        int status = 0;
        ASSERT_EQ(waitpid(pid, &status, 0), pid);
        EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "LargeCases failed with ACLCPU_NUM_THREADS=" << threads;
        std::ifstream f(digest);
        std::stringstream ss;
        ss << f.rdbuf();
        results.push_back(ss.str());
        std::remove(digest.c_str());
        EXPECT_FALSE(results.back().empty()) << "no digest from the child with " << threads << " threads";
    }
    for (size_t i = 1; i < results.size(); ++i) EXPECT_EQ(results[i], results[0]) << "thread count changed the results";
}

// ------------------------------------------------------------------ argument checks the generator does not reach

TEST(Exactness, NullOutputPointersAndCheckOrder) {
    float v = 1.0f;
    aclcpu_test::HostTensor a = aclcpu_test::FloatTensor({1}, {v});
    aclcpu_test::HostTensor out = aclcpu_test::EmptyTensor({1}, ACL_FLOAT);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnL1LossBackwardGetWorkspaceSize(a.tensor, a.tensor, a.tensor, 0, out.tensor, nullptr, &ex), 161001);
    EXPECT_EQ(aclnnL1LossBackwardGetWorkspaceSize(a.tensor, a.tensor, a.tensor, 0, out.tensor, &ws, nullptr), 161001);
    // null tensors are reported before a bad reduction or dtype (161001 first)
    EXPECT_EQ(aclnnL1LossBackwardGetWorkspaceSize(nullptr, a.tensor, a.tensor, 9, out.tensor, &ws, &ex), 161001);
    EXPECT_EQ(aclnnL1LossBackwardGetWorkspaceSize(a.tensor, a.tensor, a.tensor, 9, nullptr, &ws, &ex), 161001);
    EXPECT_EQ(ex, nullptr);
}

// ------------------------------------------------------------------ the model's own conversions, checked

// F16C (VCVTPS2PH with imm 0: round to nearest even) as an outside oracle of the model's float16 rounding.
__attribute__((target("f16c"))) uint16_t HardwareF16(float f) {
    return static_cast<uint16_t>(_cvtss_sh(f, 0));
}
__attribute__((target("f16c"))) float HardwareF16ToF32(uint16_t h) { return _cvtsh_ss(h); }

// CPUID leaf 1, ECX bit 29: F16C (clang 14's __builtin_cpu_supports does not know "f16c"; g++'s does).
bool CpuHasF16C() {
    unsigned a = 0, b = 0, c = 0, d = 0;
    return __get_cpuid(1, &a, &b, &c, &d) != 0 && (c & (1u << 29)) != 0;
}

TEST(ReferenceModel, Float16RoundingMatchesF16C) {
    if (!CpuHasF16C()) GTEST_SKIP() << "no F16C";
    Rng r(12345);
    auto check = [&](float f) {
        const uint16_t hw = HardwareF16(f);
        const uint16_t mine = R::F16Bits(R::RoundTo(f, R::kFmtF16));
        if (std::isnan(f)) return;
        ASSERT_EQ(mine, hw) << "f=" << f << " bits=0x" << std::hex << F32Bits(f);
    };
    for (uint32_t u : F32Specials()) {
        float f;
        std::memcpy(&f, &u, 4);
        check(f);
    }
    for (int i = 0; i < 300000; ++i) {
        const uint32_t u = RandomF32(r);
        float f;
        std::memcpy(&f, &u, 4);
        check(f);
    }
    // every float between consecutive float16 values around ties, in the subnormal and overflow ranges
    for (uint32_t u = 0x33000000u; u < 0x38900000u; u += 0x1FFu) {
        float f;
        std::memcpy(&f, &u, 4);
        check(f);
    }
    for (uint32_t u = 0x477FD000u; u < 0x47801000u; ++u) {
        float f;
        std::memcpy(&f, &u, 4);
        check(f);
    }
    for (uint32_t h = 0; h < 0x10000u; ++h) {
        const float hw = HardwareF16ToF32(static_cast<uint16_t>(h));
        const long double mine = R::F16Value(static_cast<uint16_t>(h));
        if (std::isnan(hw)) {
            EXPECT_TRUE(std::isnan(mine));
            continue;
        }
        ASSERT_EQ(F32Bits(static_cast<float>(mine)), F32Bits(hw)) << std::hex << h;
        ASSERT_EQ(R::F16Bits(mine), h);
    }
}

// bfloat16: the model's generic rounding against the integer formula (add 0x7FFF plus the lowest kept bit,
// drop 16 bits), over every float32 class.
TEST(ReferenceModel, BFloat16RoundingMatchesIntegerRne) {
    Rng r(777);
    for (int i = 0; i < 400000; ++i) {
        const uint32_t u = i < 65536 ? (static_cast<uint32_t>(i) << 16 | 0x8000u) ^ (i & 1 ? 0x1u : 0u)
                                     : RandomF32(r);
        float f;
        std::memcpy(&f, &u, 4);
        if (std::isnan(f)) continue;
        const uint16_t want = static_cast<uint16_t>((u + 0x7FFFu + ((u >> 16) & 1u)) >> 16);
        ASSERT_EQ(R::BF16Bits(R::RoundTo(f, R::kFmtBF16)), want) << std::hex << u;
    }
}

TEST(ReferenceModel, HandCheckedRoundings) {
    auto bf = [](long double v) { return R::BF16Bits(R::RoundTo(v, R::kFmtBF16)); };
    EXPECT_EQ(bf(1.0L + 0x1p-8L), 0x3F80);              // tie -> even (down)
    EXPECT_EQ(bf(1.0L + 0x3p-8L), 0x3F82);              // tie -> even (up)
    EXPECT_EQ(bf(1.0L + 0x1p-8L + 0x1p-20L), 0x3F81);   // above the tie: up, never truncated
    EXPECT_EQ(bf(-(1.0L + 0x1p-8L + 0x1p-20L)), 0xBF81);
    EXPECT_EQ(bf(0x1.fep127L), 0x7F7F);                 // bf16 max
    EXPECT_EQ(bf(0x1.ffp127L), 0x7F80);                 // tie past max -> inf
    EXPECT_EQ(bf(0x1p-133L), 0x0001);                   // smallest bf16 subnormal
    EXPECT_EQ(bf(0x1p-134L), 0x0000);                   // half of it: tie -> even 0
    EXPECT_EQ(bf(-0x1p-134L), 0x8000);
    // integers -> bf16 with one rounding (via float32 first would give 2^24 and 2^40)
    EXPECT_EQ(bf(16842753.0L), 0x4B81);          // 2^24 + 2^16 + 1 -> 2^24 + 2^17
    EXPECT_EQ(bf(1099511627776.0L + 4294967296.0L + 1.0L), 0x5381);  // 2^40 + 2^32 + 1 -> 2^40 + 2^33
    auto h = [](long double v) { return R::F16Bits(R::RoundTo(v, R::kFmtF16)); };
    EXPECT_EQ(h(65504.0L), 0x7BFF);
    EXPECT_EQ(h(65519.0L), 0x7BFF);
    EXPECT_EQ(h(65520.0L), 0x7C00);  // tie past max -> inf
    EXPECT_EQ(h(2049.0L), 0x6800);
    EXPECT_EQ(h(2051.0L), 0x6802);
    EXPECT_EQ(h(0x1p-25L), 0x0000);
    EXPECT_EQ(h(0x3p-25L), 0x0002);
    EXPECT_EQ(h(2147483647.0L), 0x7C00);
    // far beyond every format's range (a DOUBLE value narrowed; the fuzzer found the model aborting here)
    EXPECT_EQ(h(1e300L), 0x7C00);
    EXPECT_EQ(h(-0x1p1023L), 0xFC00);
    EXPECT_EQ(bf(0x1p500L), 0x7F80);
    EXPECT_EQ(bf(-1e300L), 0xFF80);
    EXPECT_TRUE(std::isinf(R::RoundTo(0x1p1000L, R::kFmtF32)) && R::RoundTo(-0x1p1000L, R::kFmtF32) < 0);
    EXPECT_EQ(h(0x1p-1074L), 0x0000);  // the smallest DOUBLE subnormal
    // the table is symmetric for the cells the operator uses, and a few cells by hand
    EXPECT_EQ(R::Promote(R::kF16, R::kBF16), R::kF32);
    EXPECT_EQ(R::Promote(R::kS32, R::kF16), R::kF16);
    EXPECT_EQ(R::Promote(R::kBool, R::kBF16), R::kBF16);
    EXPECT_EQ(R::Promote(R::kU16, R::kF32), -1);
    EXPECT_EQ(R::Promote(R::kS8, R::kU8), R::kS16);
    EXPECT_EQ(R::Promote(R::kHiF8, R::kF32), -1);
    for (int a : kMainInputDtypes) {
        for (int b : kMainInputDtypes) EXPECT_EQ(R::Promote(a, b), R::Promote(b, a)) << a << " " << b;
    }
    // mean factors (SPEC 5.2 examples)
    EXPECT_EQ(F32Bits(R::MeanFactor(Profile::kAscend950, {10, 10, 10})), F32Bits(0.0009999999f));
    EXPECT_EQ(F32Bits(R::MeanFactor(Profile::kAscend910B, {10, 10, 10})), F32Bits(0.001f));
    // sign rules
    EXPECT_EQ(R::SignOf(Profile::kAscend950, NAN, 1.0L), 0);
    EXPECT_EQ(R::SignOf(Profile::kAscend910B, NAN, 1.0L), -1);
    EXPECT_EQ(R::SignOf(Profile::kAscend910, HUGE_VALL, HUGE_VALL), 0);
    // 0 * inf = NaN, -1 * +0 = -0
    EXPECT_TRUE(std::isnan(R::ElementResult(Profile::kAscend950, R::kF32, 1.0f, HUGE_VALL, 1.0L, 1.0L)));
    EXPECT_TRUE(std::signbit(R::ElementResult(Profile::kAscend950, R::kF32, 1.0f, 0.0L, 1.0L, 2.0L)));
}

}  // namespace
