// The foreach operators through the public API (docs/ops/foreach.md): lists of 1-64 tensors of different shapes
// (0-d, empty, transposed views) with NaN, infinities, signed zeros and subnormals, compared bit for bit with
// tests/support/foreach_reference.h on the Ascend 950 and Atlas A2 profiles; in place (out = x), outputs aliasing
// another input list, empty lists; and each check in CANN's order with its status and message (null arguments,
// list lengths, mixed dtypes, NULL elements, a product without the operator, destroyed handles).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "aclnnop/aclnn_foreach_abs.h"
#include "aclnnop/aclnn_foreach_add_list.h"
#include "aclnnop/aclnn_foreach_add_list_v2.h"
#include "aclnnop/aclnn_foreach_add_scalar.h"
#include "aclnnop/aclnn_foreach_add_scalar_v2.h"
#include "aclnnop/aclnn_foreach_copy.h"
#include "aclnnop/aclnn_foreach_addcdiv_list.h"
#include "aclnnop/aclnn_foreach_addcdiv_scalar.h"
#include "aclnnop/aclnn_foreach_addcdiv_scalar_list.h"
#include "aclnnop/aclnn_foreach_addcdiv_scalar_v2.h"
#include "aclnnop/aclnn_foreach_addcmul_list.h"
#include "aclnnop/aclnn_foreach_addcmul_scalar.h"
#include "aclnnop/aclnn_foreach_addcmul_scalar_list.h"
#include "aclnnop/aclnn_foreach_addcmul_scalar_v2.h"
#include "aclnnop/aclnn_foreach_div_list.h"
#include "aclnnop/aclnn_foreach_div_scalar.h"
#include "aclnnop/aclnn_foreach_div_scalar_list.h"
#include "aclnnop/aclnn_foreach_div_scalar_v2.h"
#include "aclnnop/aclnn_foreach_lerp_list.h"
#include "aclnnop/aclnn_foreach_lerp_scalar.h"
#include "aclnnop/aclnn_foreach_add_scalar_list.h"
#include "aclnnop/aclnn_foreach_sub_scalar_list.h"
#include "aclnnop/aclnn_foreach_mul_scalar_list.h"
#include "aclnnop/aclnn_foreach_maximum_list.h"
#include "aclnnop/aclnn_foreach_maximum_scalar_list.h"
#include "aclnnop/aclnn_foreach_minimum_list.h"
#include "aclnnop/aclnn_foreach_minimum_scalar_list.h"
#include "aclnnop/aclnn_foreach_maximum_scalar_v2.h"
#include "aclnnop/aclnn_foreach_minimum_scalar_v2.h"
#include "aclnnop/aclnn_foreach_mul_list.h"
#include "aclnnop/aclnn_foreach_mul_scalar.h"
#include "aclnnop/aclnn_foreach_mul_scalar_v2.h"
#include "aclnnop/aclnn_foreach_neg.h"
#include "aclnnop/aclnn_foreach_reciprocal.h"
#include "aclnnop/aclnn_foreach_sign.h"
#include "aclnnop/aclnn_foreach_sqrt.h"
#include "aclnnop/aclnn_foreach_sub_list.h"
#include "aclnnop/aclnn_foreach_sub_list_v2.h"
#include "aclnnop/aclnn_foreach_sub_scalar.h"
#include "aclnnop/aclnn_foreach_sub_scalar_v2.h"
#include "aclnnop/aclnn_foreach_zero_inplace.h"
#include "aclnnop/aclnn_foreach_maximum_scalar.h"
#include "aclnnop/aclnn_foreach_minimum_scalar.h"
#include "aclnnop/aclnn_foreach_mul_scalar_inplace.h"
#include "aclnnop/aclnn_foreach_sub_scalar_inplace.h"
#include "aclnnop/aclnn_foreach_mul_list_inplace.h"
#include "aclnnop/aclnn_foreach_div_list_inplace.h"
#include "aclnnop/aclnn_foreach_add_list_inplace.h"
#include "aclnnop/aclnn_foreach_sub_list_inplace.h"
#include "support/foreach_reference.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/test_util.h"

namespace {

using aclcpu_test::DeviceBuffer;
using aclcpu_test::LastError;
using aclcpu_test::ProfileScope;
using aclcpu_test::RunPhases;
using l1ref::Profile;
using l1ref::kBF16;
using l1ref::kF16;
using l1ref::kF32;

constexpr int kNullptr = 161001;
constexpr int kInvalid = 161002;

const bool kQuietLog = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

int Code(aclDataType d) { return static_cast<int>(d); }

// One list tensor: its own device buffer (storage), a view over it (contiguous, or the transpose of a 2-d
// storage), host copies of the storage bytes.
struct Item {
    std::vector<int64_t> shape, strides;
    int64_t storage = 0;  // elements
    DeviceBuffer buf;
    std::vector<uint8_t> host;
};

int64_t Numel(const std::vector<int64_t>& s) {
    int64_t n = 1;
    for (int64_t d : s) n *= d;
    return n;
}

// Element offsets of a view in row-major index order.
std::vector<int64_t> Offsets(const Item& t) {
    const int64_t n = Numel(t.shape);
    std::vector<int64_t> off(static_cast<size_t>(n));
    std::vector<int64_t> idx(t.shape.size(), 0);
    for (int64_t i = 0; i < n; ++i) {
        int64_t e = 0;
        for (size_t k = 0; k < idx.size(); ++k) e += idx[k] * t.strides[k];
        off[static_cast<size_t>(i)] = e;
        for (size_t k = idx.size(); k-- > 0;) {
            if (++idx[k] < t.shape[k]) break;
            idx[k] = 0;
        }
    }
    return off;
}

// A value of dtype d for element i: specials first, then random values of a few magnitudes.
void FillElement(uint8_t* p, int d, std::mt19937& rng) {
    static const float kSpecial[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1e-40f, -3e-39f, 65504.0f, 1.0f, -0.5f,
                                     3.0e38f, 6.0e-5f};
    std::uniform_int_distribution<int> pick(0, 40);
    const int k = pick(rng);
    if (d == Code(ACL_INT32) || d == Code(ACL_INT16) || d == Code(ACL_INT8) || d == Code(ACL_UINT8) ||
        d == Code(ACL_INT64)) {
        std::uniform_int_distribution<int64_t> v(-3000000000LL, 3000000000LL);
        const int64_t x = k < 4 ? (k == 0 ? INT32_MIN : k == 1 ? INT32_MAX : k == 2 ? -128 : 255) : v(rng);
        const size_t n = l1ref::DtSize(d);
        std::memcpy(p, &x, n);  // little-endian low bytes: wrapped to the width
        return;
    }
    float f;
    if (k < 12) {
        f = kSpecial[k];
    } else {
        std::uniform_real_distribution<float> u(-4.0f, 4.0f);
        std::uniform_int_distribution<int> e(-20, 20);
        f = std::ldexp(u(rng), e(rng));
    }
    l1ref::WriteValue(p, d, f);  // RNE to the dtype (NaN: quiet)
}

// A list of n tensors of dtype d (shapes of 0-3 dims, some empty, some transposed views), random contents.
std::vector<std::unique_ptr<Item>> MakeItems(int n, int d, std::mt19937& rng, const std::vector<int64_t>* shapes_of = nullptr) {
    std::vector<std::unique_ptr<Item>> items;
    std::uniform_int_distribution<int> rank(0, 3), dim(0, 9), coin(0, 3);
    for (int i = 0; i < n; ++i) {
        auto t = std::make_unique<Item>();
        if (shapes_of != nullptr) {
            t->shape = shapes_of[i];
        } else {
            const int r = rank(rng);
            for (int k = 0; k < r; ++k) t->shape.push_back(k == 0 && coin(rng) == 0 ? dim(rng) : 1 + dim(rng) % 7);
        }
        t->storage = Numel(t->shape);
        t->strides.assign(t->shape.size(), 1);
        for (size_t k = t->shape.size(); k-- > 1;) t->strides[k - 1] = t->strides[k] * t->shape[k];
        if (t->shape.size() == 2 && coin(rng) == 1) {  // the transpose of a [s1, s0] storage
            t->strides = {1, t->shape[0]};
        }
        const size_t bytes = static_cast<size_t>(std::max<int64_t>(t->storage, 1)) * l1ref::DtSize(d);
        t->host.resize(bytes);
        for (int64_t e = 0; e < t->storage; ++e) FillElement(t->host.data() + e * l1ref::DtSize(d), d, rng);
        t->buf = DeviceBuffer(bytes);
        aclrtMemcpy(t->buf.get(), bytes, t->host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        items.push_back(std::move(t));
    }
    return items;
}

// An aclTensorList over the items' views (the list owns the aclTensors; the buffers stay the items').
struct List {
    aclTensorList* list = nullptr;
    std::vector<aclTensor*> tensors;
    List(const std::vector<std::unique_ptr<Item>>& items, int d) {
        for (const auto& t : items) {
            tensors.push_back(aclcpu_test::MakeTensor(t->shape, static_cast<aclDataType>(d), t->buf.get(), t->strides, 0,
                                                      {std::max<int64_t>(t->storage, 0)}));
        }
        list = aclCreateTensorList(tensors.data(), tensors.size());
    }
    ~List() { aclDestroyTensorList(list); }
    List(const List&) = delete;
    List& operator=(const List&) = delete;
};

// The reference of one call over the items (x: inputs, the output written into `expect` storage copies).
enum class Op { kAddScalar, kMulScalar, kMulList, kLerp, kSubScalar, kAddcmul, kSqrt, kAddList, kDivScalarList, kNeg, kAbs, kMax, kMin, kDivScalar, kSubList, kDivList, kAddcdiv, kAddScalarT, kMulScalarT,
              kAddSL, kSubSL, kMulSL, kMaxSL, kMinSL, kMaxL, kMinL, kSubScalarT, kSign, kLerpL, kAddcmulSL, kAddcdivSL, kAddcmulT, kAddcdivT, kRecip, kDivScalarT, kAddcmulL, kAddcdivL,
              kMaxT, kMinT, kMulSI, kSubSI, kMulLI, kDivLI, kAddLI, kSubLI, kAddListT, kSubListT };

// The in-place forms (the Ascend 950 only): x1 (x) is their output.
bool IsInplaceOp(Op op) {
    return op == Op::kMulSI || op == Op::kSubSI || op == Op::kMulLI || op == Op::kDivLI || op == Op::kAddLI ||
           op == Op::kSubLI;
}

struct Call {
    Op op;
    int dtype;
    Profile prof;
    double scalar = 0.0;         // the scalar / weight (as passed: a FLOAT or DOUBLE aclScalar, or INT64)
    aclDataType scalar_dtype = ACL_FLOAT;
    size_t n = 0;  // the lists' length (DivScalarList's scalars)
};

// The scalar as the kernel holds it: the op_api's ConvertToTensor (BF16 and the 950's FLOAT16 with a floating
// scalar: FLOAT; else the list's dtype), read back as float32.
float KernelScalar(const Call& c) {
    const float f = static_cast<float>(c.scalar);  // ToFloat: RNE
    // SubScalarV2's op_api has no FLOAT branch for a FLOAT16 list
    const bool keeps_float = c.prof == Profile::kAscend950 &&
                             (c.op == Op::kAddScalar || c.op == Op::kMulScalar || c.op == Op::kAddcmul ||
                              c.op == Op::kAddScalarT || c.op == Op::kMulScalarT || c.op == Op::kAddcmulT ||
                              c.op == Op::kMulSI || c.op == Op::kSubSI) &&
                             (c.scalar_dtype == ACL_FLOAT || c.scalar_dtype == ACL_DOUBLE);
    if (c.dtype == kF16 && !keeps_float) {
        return static_cast<float>(l1ref::RoundTo(f, l1ref::kFmtF16));
    }
    return f;
}

int64_t KernelIntScalar(const Call& c) { return static_cast<int64_t>(c.scalar); }

// Sqrt's kernel: the plain Sqrt (no subnormals) on the value as the product's kernel holds it - FLOAT16 in half on
// Atlas A2/A3 (half subnormals flushed), widened to float32 on the Ascend 950; FLOAT and BF16 in float32 (float32
// subnormals flushed) - correctly rounded.
float SqrtStep(const Call& c, float x) {
    const float tiny = (c.dtype == kF16 && c.prof != Profile::kAscend950) ? 0x1p-14f : 0x1p-126f;
    if (std::fabs(x) < tiny) x = std::copysign(0.0f, x);
    if (std::isnan(x) || x < 0) return NAN;
    return foreachref::F32(std::sqrt(static_cast<long double>(x)));
}

// DivScalarList's scalar for position i (FLOAT): c.scalar * (i + 1), with a zero, an infinity and a tiny value
// among them.
float ListScalar(const Call& c, size_t i) {
    switch (i % 7) {
        case 3: return 0.0f;
        case 5: return -INFINITY;
        case 6: return 1e-39f;  // a float32 subnormal: flushed by the Div
        default: return static_cast<float>(c.scalar * static_cast<double>(i + 1));
    }
}

// The aclScalarList forms' scalar for position i (DOUBLE for floating lists, INT64 for INT32 ones): c.scalar * (i + 1)
// with signed zeros, infinities, a NaN, a float32 subnormal and values between float32 neighbours among them; INT32
// lists also get values beyond int32 and 2^24 + 1 (which float rounds).
bool IsScalarListOp(Op op) {
    return op == Op::kAddSL || op == Op::kSubSL || op == Op::kMulSL || op == Op::kMaxSL || op == Op::kMinSL;
}
double ScalarListValue(const Call& c, size_t i) {
    if (c.dtype == Code(ACL_INT32)) {
        static const int64_t kInts[] = {5000000001LL, -3000000000LL, 16777217, 2147483647, -2147483648LL, 0, -1};
        return i % 3 == 1 ? static_cast<double>(kInts[(i / 3) % 7]) : c.scalar * static_cast<double>(i + 1);
    }
    switch (i % 9) {
        case 2: return 0.0;
        case 3: return -0.0;
        case 5: return -INFINITY;
        case 6: return 1e-39;
        case 7: return NAN;
        case 8: return 0.1 + 1e-12;  // rounds to a float32 (and again to half)
        default: return c.scalar * static_cast<double>(i + 1);
    }
}
int64_t ScalarListInt(const Call& c, size_t i) { return static_cast<int64_t>(ScalarListValue(c, i)); }

// The per-position value of the scalars-tensor forms (AddcmulScalarList, AddcdivScalarList, AddcmulList,
// AddcdivList) as its element of the
// list's dtype holds it (*bytes: that element).
long double ValueTensorElement(const Call& c, size_t i, uint8_t* bytes) {
    if (c.dtype == Code(ACL_INT32)) {
        const int32_t v = static_cast<int32_t>(foreachref::Wrap(ScalarListInt(c, i), 4, false));
        std::memcpy(bytes, &v, 4);
        return v;
    }
    l1ref::WriteValue(bytes, c.dtype, ScalarListValue(c, i));
    return l1ref::ReadValue(bytes, c.dtype);
}

// The float32 value v with a subnormal flushed to zero of its sign.
float Flush(float v) { return std::fabs(v) < 0x1p-126f ? std::copysign(0.0f, v) : v; }

// AddListV2's / SubListV2's alpha as the kernel holds it: FLOAT16 lists a half (AddList's Ascend 950 SIMT kernel
// decoding a subnormal half as 2^-14 * (1 + m / 1024); SubList's widens it with a plain conversion), BF16 / FLOAT
// lists a float32.
float ListAlpha(const Call& c) {
    const float f = static_cast<float>(c.scalar);
    if (c.dtype != kF16) return f;
    const float h = static_cast<float>(l1ref::RoundTo(f, l1ref::kFmtF16));
    if (c.op == Op::kAddList && c.prof == Profile::kAscend950 && h != 0.0f && std::fabs(h) < 0x1p-14f) {
        return std::copysign(std::ldexp(1.0f + std::fabs(h) * 0x1p24f / 1024.0f, -14), h);
    }
    return h;
}

// Expected bytes of output element e (x1, x2, x3 elements at a, b, t) of list position `pos`.
void ExpectElement(Call c, const uint8_t* a, const uint8_t* b, const uint8_t* t, uint8_t* o, size_t pos = 0) {
    // the V1 scalar forms compute as the V2 ones with the scalar tensor's stored value (RunOp stores the value the
    // V2 op_api would convert to)
    if (c.op == Op::kAddScalarT) c.op = Op::kAddScalar;
    if (c.op == Op::kMulScalarT) c.op = Op::kMulScalar;
    if (c.op == Op::kSubScalarT) c.op = Op::kSubScalar;
    if (c.op == Op::kAddcmulT) c.op = Op::kAddcmul;
    if (c.op == Op::kAddcdivT) c.op = Op::kAddcdiv;
    if (c.op == Op::kDivScalarT) c.op = Op::kDivScalar;
    if (c.op == Op::kMaxT) c.op = Op::kMax;  // the V2 kernels with the stored scalar
    if (c.op == Op::kMinT) c.op = Op::kMin;
    if (c.op == Op::kMulLI) c.op = Op::kMulList;  // the vector Mul in the dtype: the same bits
    if (c.op == Op::kDivLI) c.op = Op::kDivList;  // float32 Div, flushed, rounded once
    // AddList / SubList V1: the V2 kernels on the alpha tensor's stored value (RunOp stores what the V2 op_api's
    // ConvertToTensor makes of c.scalar: ListAlpha's half, the float32, the int32)
    if (c.op == Op::kAddListT) c.op = Op::kAddList;
    if (c.op == Op::kSubListT) c.op = Op::kSubList;
    const int d = c.dtype;
    const size_t n = l1ref::DtSize(d);
    if (d == kF32 || d == kF16 || d == kBF16) {
        const float x = static_cast<float>(l1ref::ReadValue(a, d));
        float r;
        switch (c.op) {
            case Op::kAddScalar: r = foreachref::ScalarStep(false, x, KernelScalar(c)); break;
            case Op::kMulScalar: r = foreachref::ScalarStep(true, x, KernelScalar(c)); break;
            case Op::kMulList: r = foreachref::ScalarStep(true, x, static_cast<float>(l1ref::ReadValue(b, d))); break;
            case Op::kSubScalar: r = foreachref::F32(static_cast<long double>(x) - KernelScalar(c)); break;
            case Op::kAddcmul: {
                const float p = foreachref::F32(l1ref::ReadValue(b, d) * l1ref::ReadValue(t, d));
                r = std::fmaf(p, KernelScalar(c), x);
                break;
            }
            case Op::kSqrt: r = SqrtStep(c, x); break;
            // the 950's in-place kernels: widened to float32, Muls / Adds(-s) with the scalar tensor's value
            case Op::kMulSI: r = foreachref::ScalarStep(true, x, KernelScalar(c)); break;
            case Op::kSubSI: r = foreachref::F32(static_cast<long double>(x) - KernelScalar(c)); break;
            case Op::kAddLI: case Op::kSubLI: {  // Muls(x2, alpha) rounded to float32, then Add / Sub rounded
                const float y = static_cast<float>(l1ref::ReadValue(b, d));
                const float f = static_cast<float>(c.scalar);
                const float a = d == kF16 ? static_cast<float>(l1ref::RoundTo(f, l1ref::kFmtF16)) : f;
                const float t = foreachref::F32(static_cast<long double>(y) * a);
                r = foreachref::F32(c.op == Op::kAddLI ? static_cast<long double>(x) + t : static_cast<long double>(x) - t);
                break;
            }
            case Op::kMax: case Op::kMin: {  // IEEE maximum / minimum: x's NaN first, +0 above -0
                const float y = KernelScalar(c);
                const bool mx = c.op == Op::kMax;
                if (std::isnan(x) || std::isnan(y)) {
                    r = NAN;
                } else if (x == y) {
                    r = (std::signbit(x) != mx) ? x : y;
                } else {
                    r = (x > y) == mx ? x : y;
                }
                break;
            }
            case Op::kDivScalar: {
                const float s = KernelScalar(c);
                if (c.prof == Profile::kAscend950) {  // x * reciprocal; Newton for FLOAT and BF16 lists, unfused
                    float inv;
                    if (s == 0.0f) {
                        inv = std::signbit(s) ? -INFINITY : INFINITY;
                    } else if (std::isinf(s)) {
                        inv = s > 0 ? 0.0f : -0.0f;
                    } else {
                        inv = foreachref::F32(1.0L / s);
                        if (d != kF16) {
                            const float t = foreachref::F32(static_cast<long double>(s) * inv);
                            const float u = foreachref::F32(2.0L - t);
                            inv = foreachref::F32(static_cast<long double>(inv) * u);
                        }
                    }
                    r = foreachref::F32(static_cast<long double>(x) * inv);
                    if (std::isnan(x) || std::isnan(inv) || (std::isinf(x) && inv == 0.0f) ||
                        (x == 0.0f && std::isinf(inv))) {
                        r = NAN;
                    }
                } else {
                    const float xf = Flush(x), sf = Flush(s);
                    r = Flush(foreachref::F32(static_cast<long double>(xf) / sf));
                    if ((xf == 0.0f && sf == 0.0f) || std::isnan(xf) || std::isnan(sf) ||
                        (std::isinf(xf) && std::isinf(sf))) {
                        r = NAN;
                    }
                }
                break;
            }
            case Op::kSubList: {
                const float y = static_cast<float>(l1ref::ReadValue(b, d));
                float a = ListAlpha(c);
                if (d == kF16 && c.prof != Profile::kAscend950) {  // Muls then Sub, in half
                    const float t = static_cast<float>(l1ref::RoundTo(static_cast<long double>(y) * a, l1ref::kFmtF16));
                    r = foreachref::F32(static_cast<long double>(x) - t);
                } else {
                    if (d == kBF16 && c.prof == Profile::kAscend950) {  // the float32's low half read as a bf16
                        uint32_t u;
                        std::memcpy(&u, &a, 4);
                        u = (u & 0xFFFFu) << 16;
                        std::memcpy(&a, &u, 4);
                    }
                    r = std::fmaf(y, -a, x);
                }
                break;
            }
            case Op::kAddcdiv: {  // fma(x2 / x3 (flushed), s, x1)
                const float y = Flush(static_cast<float>(l1ref::ReadValue(b, d)));
                const float z = Flush(static_cast<float>(l1ref::ReadValue(t, d)));
                float q = Flush(foreachref::F32(static_cast<long double>(y) / z));
                if ((y == 0.0f && z == 0.0f) || std::isnan(y) || std::isnan(z) || (std::isinf(y) && std::isinf(z))) q = NAN;
                r = std::fmaf(q, KernelScalar(c), x);
                break;
            }
            case Op::kDivList: {
                const float xf = Flush(x), yf = Flush(static_cast<float>(l1ref::ReadValue(b, d)));
                r = Flush(foreachref::F32(static_cast<long double>(xf) / yf));
                if ((xf == 0.0f && yf == 0.0f) || std::isnan(xf) || std::isnan(yf) || (std::isinf(xf) && std::isinf(yf))) {
                    r = NAN;
                }
                break;
            }
            case Op::kNeg:  // the 950's sign flip; A2/A3's 0 - x (both zeros +0)
                r = c.prof == Profile::kAscend950 ? -x : (x == 0.0f ? 0.0f : -x);
                break;
            case Op::kAbs:  // A2/A3 the sign cleared; the 950's x >= 0 ? x : 0 - x (abs(-0) = -0)
                r = c.prof == Profile::kAscend950 ? (x >= 0.0f ? x : 0.0f - x) : std::fabs(x);
                break;
            case Op::kAddList: {
                const float y = static_cast<float>(l1ref::ReadValue(b, d));
                if (d == kF16 && c.prof != Profile::kAscend950) {  // the half Axpy: one rounding to half
                    const long double e = std::fma(static_cast<long double>(y), static_cast<long double>(ListAlpha(c)),
                                                   static_cast<long double>(x));
                    r = static_cast<float>(l1ref::RoundTo(e, l1ref::kFmtF16));
                } else {
                    r = std::fmaf(y, ListAlpha(c), x);
                }
                break;
            }
            case Op::kDivScalarList: {
                float s = ListScalar(c, pos);
                if (d == kF16 && c.prof != Profile::kAscend950) s = static_cast<float>(l1ref::RoundTo(s, l1ref::kFmtF16));
                const float xf = Flush(x), sf = Flush(s);
                r = Flush(foreachref::F32(static_cast<long double>(xf) / sf));
                if (xf == 0.0f && sf == 0.0f) r = NAN;
                if (std::isnan(xf) || std::isnan(sf)) r = NAN;
                if (std::isinf(xf) && std::isinf(sf)) r = NAN;
                break;
            }
            case Op::kAddSL: case Op::kSubSL: case Op::kMulSL: case Op::kMaxSL: case Op::kMinSL: {
                // the host tensor's float32 (RNE), rounded to half again on Atlas A2/A3 for FLOAT16 lists
                float y = static_cast<float>(ScalarListValue(c, pos));
                if (d == kF16 && c.prof != Profile::kAscend950) y = static_cast<float>(l1ref::RoundTo(y, l1ref::kFmtF16));
                const long double lx = x, ly = y;
                if (c.op == Op::kAddSL) {
                    r = foreachref::F32(lx + ly);
                } else if (c.op == Op::kSubSL) {
                    r = foreachref::F32(lx - ly);
                } else if (c.op == Op::kMulSL) {
                    r = foreachref::F32(lx * ly);
                } else if (std::isnan(x) || std::isnan(y)) {
                    r = NAN;
                } else if (x != y) {
                    r = (x > y) == (c.op == Op::kMaxSL) ? x : y;
                } else if (c.op == Op::kMaxSL) {  // zeros: +0 above -0 (both products)
                    r = x != 0.0f ? x : (std::signbit(x) && std::signbit(y) ? -0.0f : 0.0f);
                } else if (c.prof == Profile::kAscend950) {  // x <= y ? x : y: ties give x
                    r = x;
                } else {  // the vector Mins: -0 below +0
                    r = std::signbit(x) || std::signbit(y) ? (x == 0.0f ? -0.0f : x) : x;
                }
                if (std::isnan(r)) r = NAN;
                break;
            }
            case Op::kLerpL: {  // in float32; A2/A3 every step rounded, the 950 two FMAs
                const float y = static_cast<float>(l1ref::ReadValue(b, d));
                const float w = static_cast<float>(l1ref::ReadValue(t, d));
                const float df = foreachref::F32(static_cast<long double>(y) - x);
                if (c.prof == Profile::kAscend950) {
                    r = std::fabs(w) < 0.5f ? std::fmaf(w, df, x) : std::fmaf(foreachref::F32(w - 1.0L), df, y);
                } else if (std::fabs(w) >= 0.5f) {
                    const float m = foreachref::F32(static_cast<long double>(df) * foreachref::F32(1.0L - w));
                    r = foreachref::F32(static_cast<long double>(y) - m);
                } else {
                    r = foreachref::F32(static_cast<long double>(foreachref::F32(static_cast<long double>(df) * w)) + x);
                }
                if (std::isnan(r)) r = NAN;
                break;
            }
            case Op::kAddcmulSL: case Op::kAddcdivSL: {
                uint8_t sb[8];
                const float v = static_cast<float>(ValueTensorElement(c, pos, sb));
                const float y = static_cast<float>(l1ref::ReadValue(b, d));
                const float z = static_cast<float>(l1ref::ReadValue(t, d));
                const bool a950 = c.prof == Profile::kAscend950;
                if (c.op == Op::kAddcmulSL) {  // A2/A3 fma(y * z, v, x); the 950 fma(v * y, z, x)
                    r = a950 ? std::fmaf(foreachref::F32(static_cast<long double>(v) * y), z, x)
                             : std::fmaf(foreachref::F32(static_cast<long double>(y) * z), v, x);
                } else if (d == kF16 && !a950) {  // every step in half: the quotient, then the half FMA
                    const auto fh = [](float f) { return std::fabs(f) < 0x1p-14f ? std::copysign(0.0f, f) : f; };
                    const float q = fh(static_cast<float>(l1ref::RoundTo(static_cast<long double>(fh(y)) / fh(z), l1ref::kFmtF16)));
                    r = static_cast<float>(l1ref::RoundTo(std::fma(static_cast<long double>(q), static_cast<long double>(v),
                                                                   static_cast<long double>(x)), l1ref::kFmtF16));
                } else {
                    const float q = Flush(foreachref::F32(static_cast<long double>(Flush(y)) / Flush(z)));
                    if (a950 && d == kBF16) {  // three statements, each rounded
                        r = foreachref::F32(static_cast<long double>(x) + foreachref::F32(static_cast<long double>(v) * q));
                    } else {
                        r = std::fmaf(q, v, x);
                    }
                }
                if (std::isnan(r)) r = NAN;
                break;
            }
            case Op::kAddcmulL: case Op::kAddcdivL: {
                // Mul (Div) then Axpy on both products: float32 on the Ascend 950 (every dtype widened) and for FLOAT
                // and BF16 on Atlas A2/A3; A2/A3 FLOAT16 in half - the half product (quotient), then the half FMA
                uint8_t sb[8];
                const float v = static_cast<float>(ValueTensorElement(c, pos, sb));
                const float y = static_cast<float>(l1ref::ReadValue(b, d));
                const float z = static_cast<float>(l1ref::ReadValue(t, d));
                const bool half = d == kF16 && c.prof != Profile::kAscend950;
                float q;
                if (c.op == Op::kAddcmulL) {
                    q = half ? static_cast<float>(l1ref::RoundTo(static_cast<long double>(y) * z, l1ref::kFmtF16))
                             : foreachref::F32(static_cast<long double>(y) * z);
                } else if (half) {
                    const auto fh = [](float f) { return std::fabs(f) < 0x1p-14f ? std::copysign(0.0f, f) : f; };
                    q = fh(static_cast<float>(l1ref::RoundTo(static_cast<long double>(fh(y)) / fh(z), l1ref::kFmtF16)));
                } else {
                    q = Flush(foreachref::F32(static_cast<long double>(Flush(y)) / Flush(z)));
                }
                if (half) {
                    r = static_cast<float>(l1ref::RoundTo(std::fma(static_cast<long double>(q), static_cast<long double>(v),
                                                                   static_cast<long double>(x)), l1ref::kFmtF16));
                } else {
                    r = std::fmaf(q, v, x);
                }
                if (std::isnan(r)) r = NAN;
                break;
            }
            case Op::kRecip: {  // the plain Div, correctly rounded, subnormals flushed: A2/A3 FLOAT16 in half
                const bool half = d == kF16 && c.prof != Profile::kAscend950;
                const float tiny = half ? 0x1p-14f : 0x1p-126f;
                const auto flush = [tiny](float f) { return std::fabs(f) < tiny ? std::copysign(0.0f, f) : f; };
                const float xf = flush(x);
                r = half ? static_cast<float>(l1ref::RoundTo(1.0L / xf, l1ref::kFmtF16)) : foreachref::F32(1.0L / xf);
                r = flush(r);
                if (std::isnan(x)) r = NAN;
                break;
            }
            case Op::kSign:  // NaN and both zeros: +0
                r = x > 0.0f ? 1.0f : (x < 0.0f ? -1.0f : 0.0f);
                break;
            case Op::kMaxL: case Op::kMinL: {
                const float y = static_cast<float>(l1ref::ReadValue(b, d));
                const bool mx = c.op == Op::kMaxL;
                if (c.prof == Profile::kAscend950) {  // isnan(x) || x > y (x < y) ? x : y - ties give y
                    r = (std::isnan(x) || (mx ? x > y : x < y)) ? x : y;
                } else if (std::isnan(x) || std::isnan(y)) {  // the vector Max / Min: NaN, then +0 above -0
                    r = NAN;
                } else if (x != y || x != 0.0f) {
                    r = (x > y) == mx ? x : y;
                } else {
                    r = (std::signbit(x) && std::signbit(y)) || (!mx && (std::signbit(x) || std::signbit(y))) ? -0.0f : 0.0f;
                }
                if (std::isnan(r)) r = NAN;
                break;
            }
            default: r = foreachref::LerpStep(x, static_cast<float>(l1ref::ReadValue(b, d)), static_cast<float>(c.scalar)); break;
        }
        foreachref::StoreFloat(o, d, r);
        return;
    }
    const bool u = d == Code(ACL_UINT8);
    const int64_t x = static_cast<int64_t>(l1ref::ReadValue(a, d));
    int64_t r = 0;
    if (c.op == Op::kAddcmulSL || c.op == Op::kAddcmulL) {
        uint8_t sb[8];
        const uint64_t v = static_cast<uint64_t>(static_cast<int64_t>(ValueTensorElement(c, pos, sb)));
        const uint64_t y = static_cast<uint64_t>(l1ref::ReadValue(b, d)), z = static_cast<uint64_t>(l1ref::ReadValue(t, d));
        r = static_cast<int64_t>(static_cast<uint64_t>(x) + y * z * v);
    } else if (c.op == Op::kSign) {
        r = (x > 0) - (x < 0);
    } else if (c.op == Op::kMaxL || c.op == Op::kMinL) {
        const int64_t y = static_cast<int64_t>(l1ref::ReadValue(b, d));
        r = (c.op == Op::kMaxL) == (x > y) ? x : y;
    } else if (IsScalarListOp(c.op)) {
        const int64_t v = ScalarListInt(c, pos), low = foreachref::Wrap(v, 4, false);
        const bool a950 = c.prof == Profile::kAscend950;
        if (c.op == Op::kAddSL || c.op == Op::kMulSL) {
            // the 950 passes the int64 through float (RNE), then to int32 (toward zero, saturated: assumed)
            const float f = static_cast<float>(v);
            const int64_t y = !a950 ? low : f >= 2147483648.0f ? INT32_MAX : f <= -2147483648.0f ? INT32_MIN
                                                                                                : static_cast<int64_t>(f);
            r = c.op == Op::kAddSL ? x + y
                                   : static_cast<int64_t>(static_cast<uint64_t>(x) * static_cast<uint64_t>(y));
        } else if (c.op == Op::kSubSL) {
            r = x - low;
        } else {  // A2/A3 against the low 32 bits; the 950 against the whole int64, the low 32 bits kept
            const int64_t y = a950 ? v : low;
            r = (c.op == Op::kMaxSL) == (x > y) ? x : y;
        }
    } else if (c.op == Op::kMax || c.op == Op::kMin) {
        const int64_t y = foreachref::Wrap(KernelIntScalar(c), 4, false);
        r = (c.op == Op::kMax) == (x > y) ? x : y;
    } else if (c.op == Op::kSubList) {
        const int64_t y = static_cast<int64_t>(l1ref::ReadValue(b, d));
        r = static_cast<int64_t>(static_cast<uint64_t>(x) - static_cast<uint64_t>(y) * static_cast<uint64_t>(KernelIntScalar(c)));
    } else if (c.op == Op::kNeg) {
        r = static_cast<int64_t>(0 - static_cast<uint64_t>(x));
    } else if (c.op == Op::kAddList) {
        const int64_t y = static_cast<int64_t>(l1ref::ReadValue(b, d));
        r = static_cast<int64_t>(static_cast<uint64_t>(x) + static_cast<uint64_t>(y) * static_cast<uint64_t>(KernelIntScalar(c)));
    } else if (c.op == Op::kAddcmul) {
        const uint64_t y = static_cast<uint64_t>(l1ref::ReadValue(b, d)), z = static_cast<uint64_t>(l1ref::ReadValue(t, d));
        r = static_cast<int64_t>(static_cast<uint64_t>(x) +
                                 y * z * static_cast<uint64_t>(foreachref::Wrap(KernelIntScalar(c), 4, false)));
    } else if (c.op == Op::kMulList) {
        const int64_t y = static_cast<int64_t>(l1ref::ReadValue(b, d));
        r = static_cast<int64_t>(static_cast<uint64_t>(x) * static_cast<uint64_t>(y));
    } else if (c.op == Op::kAddLI || c.op == Op::kSubLI) {  // Muls then Add / Sub, wrapping
        const uint64_t y = static_cast<uint64_t>(l1ref::ReadValue(b, d));
        const uint64_t t = y * static_cast<uint64_t>(foreachref::Wrap(KernelIntScalar(c), 4, false));
        r = static_cast<int64_t>(c.op == Op::kAddLI ? static_cast<uint64_t>(x) + t : static_cast<uint64_t>(x) - t);
    } else if (c.op == Op::kMulScalar || c.op == Op::kMulSI) {
        r = static_cast<int64_t>(static_cast<uint64_t>(x) * static_cast<uint64_t>(foreachref::Wrap(KernelIntScalar(c), 4, false)));
    } else if (c.op == Op::kSubScalar || c.op == Op::kSubSI) {
        r = x - foreachref::Wrap(KernelIntScalar(c), 4, false);
    } else {
        r = x + foreachref::Wrap(KernelIntScalar(c), 4, false);
    }
    r = foreachref::Wrap(r, static_cast<int>(n), u);
    std::memcpy(o, &r, n);
}

int RunOp(const Call& c, const aclTensorList* x1, const aclTensorList* x2, aclTensorList* out,
          const aclTensorList* x3 = nullptr) {
    std::unique_ptr<aclScalar, decltype(&aclDestroyScalar)> s(nullptr, aclDestroyScalar);
    if (c.scalar_dtype == ACL_FLOAT) {
        const float f = static_cast<float>(c.scalar);
        s.reset(aclCreateScalar(const_cast<float*>(&f), ACL_FLOAT));
    } else if (c.scalar_dtype == ACL_DOUBLE) {
        const double v = c.scalar;
        s.reset(aclCreateScalar(const_cast<double*>(&v), ACL_DOUBLE));
    } else {
        const int64_t v = static_cast<int64_t>(c.scalar);
        s.reset(aclCreateScalar(const_cast<int64_t*>(&v), ACL_INT64));
    }
    switch (c.op) {
        case Op::kAddScalar:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachAddScalarV2GetWorkspaceSize(x1, s.get(), out, ws, ex); }, aclnnForeachAddScalarV2);
        case Op::kMulScalar:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachMulScalarV2GetWorkspaceSize(x1, s.get(), out, ws, ex); }, aclnnForeachMulScalarV2);
        case Op::kSubScalar:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachSubScalarV2GetWorkspaceSize(x1, s.get(), out, ws, ex); }, aclnnForeachSubScalarV2);
        case Op::kAddcmul:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachAddcmulScalarV2GetWorkspaceSize(x1, x2, x3, s.get(), out, ws, ex); },
                aclnnForeachAddcmulScalarV2);
        case Op::kAddList:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachAddListV2GetWorkspaceSize(x1, x2, s.get(), out, ws, ex); }, aclnnForeachAddListV2);
        case Op::kDivScalarList: {
            std::vector<float> vals;
            std::vector<aclScalar*> ss;
            for (size_t i = 0; i < c.n; ++i) vals.push_back(ListScalar(c, i));
            for (float& v : vals) ss.push_back(aclCreateScalar(&v, ACL_FLOAT));
            aclScalarList* sl = aclCreateScalarList(ss.data(), ss.size());
            const int st = RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachDivScalarListGetWorkspaceSize(x1, sl, out, ws, ex); }, aclnnForeachDivScalarList);
            aclDestroyScalarList(sl);
            return st;
        }
        case Op::kAddSL: case Op::kSubSL: case Op::kMulSL: case Op::kMaxSL: case Op::kMinSL: {
            const bool ints = c.dtype == Code(ACL_INT32);
            std::vector<double> dv(c.n);
            std::vector<int64_t> iv(c.n);
            std::vector<aclScalar*> ss;
            for (size_t i = 0; i < c.n; ++i) {
                dv[i] = ScalarListValue(c, i);
                iv[i] = ScalarListInt(c, i);
                ss.push_back(ints ? aclCreateScalar(&iv[i], ACL_INT64) : aclCreateScalar(&dv[i], ACL_DOUBLE));
            }
            aclScalarList* sl = aclCreateScalarList(ss.data(), ss.size());
            int st = 0;
            auto run = [&](auto first, auto second) {
                st = RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return first(x1, sl, out, ws, ex); }, second);
            };
            switch (c.op) {
                case Op::kAddSL: run(aclnnForeachAddScalarListGetWorkspaceSize, aclnnForeachAddScalarList); break;
                case Op::kSubSL: run(aclnnForeachSubScalarListGetWorkspaceSize, aclnnForeachSubScalarList); break;
                case Op::kMulSL: run(aclnnForeachMulScalarListGetWorkspaceSize, aclnnForeachMulScalarList); break;
                case Op::kMaxSL: run(aclnnForeachMaximumScalarListGetWorkspaceSize, aclnnForeachMaximumScalarList); break;
                default: run(aclnnForeachMinimumScalarListGetWorkspaceSize, aclnnForeachMinimumScalarList); break;
            }
            aclDestroyScalarList(sl);
            return st;
        }
        case Op::kMaxL:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachMaximumListGetWorkspaceSize(x1, x2, out, ws, ex); }, aclnnForeachMaximumList);
        case Op::kMinL:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachMinimumListGetWorkspaceSize(x1, x2, out, ws, ex); }, aclnnForeachMinimumList);
        case Op::kMax:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachMaximumScalarV2GetWorkspaceSize(x1, s.get(), out, ws, ex); }, aclnnForeachMaximumScalarV2);
        case Op::kMin:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachMinimumScalarV2GetWorkspaceSize(x1, s.get(), out, ws, ex); }, aclnnForeachMinimumScalarV2);
        case Op::kDivScalar:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachDivScalarV2GetWorkspaceSize(x1, s.get(), out, ws, ex); }, aclnnForeachDivScalarV2);
        case Op::kSubList:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachSubListV2GetWorkspaceSize(x1, x2, s.get(), out, ws, ex); }, aclnnForeachSubListV2);
        case Op::kAddcmulT: case Op::kAddcdivT: case Op::kDivScalarT: case Op::kMaxT: case Op::kMinT:
        case Op::kMulSI: case Op::kSubSI: case Op::kAddLI: case Op::kSubLI: case Op::kAddListT: case Op::kSubListT:
        case Op::kAddScalarT: case Op::kMulScalarT: case Op::kSubScalarT: {
            // the V1 forms: a one-element tensor holding the scalar the V2 form's op_api would convert to - FLOAT for
            // FLOAT and BF16 lists; FLOAT16 for FLOAT16 (FLOAT on the Ascend 950 for Add, Mul and Addcmul); INT32
            // (the in-place scalar forms: FLOAT for FLOAT16 lists unless the case names FLOAT16; the in-place alpha
            // forms: FLOAT16 for FLOAT16 lists, FLOAT for FLOAT and BF16, INT32)
            const bool float_half = c.prof == Profile::kAscend950 &&
                                    (c.op == Op::kAddScalarT || c.op == Op::kMulScalarT || c.op == Op::kAddcmulT ||
                                     ((c.op == Op::kMulSI || c.op == Op::kSubSI) && c.scalar_dtype != ACL_FLOAT16));
            const aclDataType sd = c.dtype == kF32 || c.dtype == kBF16 ? ACL_FLOAT
                                   : c.dtype == kF16 ? (float_half ? ACL_FLOAT : ACL_FLOAT16)
                                                     : ACL_INT32;
            uint8_t bytes[4] = {};
            if (sd == ACL_INT32) {
                const int32_t v = static_cast<int32_t>(foreachref::Wrap(KernelIntScalar(c), 4, false));
                std::memcpy(bytes, &v, 4);
            } else if (c.op == Op::kAddLI || c.op == Op::kSubLI) {
                l1ref::WriteValue(bytes, sd == ACL_FLOAT ? kF32 : kF16, static_cast<float>(c.scalar));
            } else {
                l1ref::WriteValue(bytes, sd == ACL_FLOAT ? kF32 : kF16, KernelScalar(c));
            }
            DeviceBuffer sb(4);
            aclrtMemcpy(sb.get(), 4, bytes, 4, ACL_MEMCPY_HOST_TO_DEVICE);
            aclTensor* st = aclcpu_test::MakeTensor({1}, sd, sb.get());
            auto run = [&](auto first, auto second) { return RunPhases(first, second); };
            int r = 0;
            switch (c.op) {
                case Op::kAddScalarT: r = run([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachAddScalarGetWorkspaceSize(x1, st, out, ws, ex); }, aclnnForeachAddScalar); break;
                case Op::kSubScalarT: r = run([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachSubScalarGetWorkspaceSize(x1, st, out, ws, ex); }, aclnnForeachSubScalar); break;
                case Op::kMulScalarT: r = run([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachMulScalarGetWorkspaceSize(x1, st, out, ws, ex); }, aclnnForeachMulScalar); break;
                case Op::kDivScalarT: r = run([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachDivScalarGetWorkspaceSize(x1, st, out, ws, ex); }, aclnnForeachDivScalar); break;
                case Op::kMaxT: r = run([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachMaximumScalarGetWorkspaceSize(x1, st, out, ws, ex); }, aclnnForeachMaximumScalar); break;
                case Op::kMinT: r = run([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachMinimumScalarGetWorkspaceSize(x1, st, out, ws, ex); }, aclnnForeachMinimumScalar); break;
                case Op::kMulSI: r = run([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachMulScalarInplaceGetWorkspaceSize(x1, st, ws, ex); }, aclnnForeachMulScalarInplace); break;
                case Op::kSubSI: r = run([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachSubScalarInplaceGetWorkspaceSize(x1, st, ws, ex); }, aclnnForeachSubScalarInplace); break;
                case Op::kAddLI: r = run([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachAddListInplaceGetWorkspaceSize(x1, x2, st, ws, ex); }, aclnnForeachAddListInplace); break;
                case Op::kSubLI: r = run([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachSubListInplaceGetWorkspaceSize(x1, x2, st, ws, ex); }, aclnnForeachSubListInplace); break;
                case Op::kAddListT: r = run([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachAddListGetWorkspaceSize(x1, x2, st, out, ws, ex); }, aclnnForeachAddList); break;
                case Op::kSubListT: r = run([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachSubListGetWorkspaceSize(x1, x2, st, out, ws, ex); }, aclnnForeachSubList); break;
                case Op::kAddcmulT: r = run([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachAddcmulScalarGetWorkspaceSize(x1, x2, x3, st, out, ws, ex); },
                    aclnnForeachAddcmulScalar); break;
                default: r = run([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachAddcdivScalarGetWorkspaceSize(x1, x2, x3, st, out, ws, ex); },
                    aclnnForeachAddcdivScalar); break;
            }
            aclDestroyTensor(st);
            return r;
        }
        case Op::kAddcdiv:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachAddcdivScalarV2GetWorkspaceSize(x1, x2, x3, s.get(), out, ws, ex); },
                aclnnForeachAddcdivScalarV2);
        case Op::kDivList:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachDivListGetWorkspaceSize(x1, x2, out, ws, ex); }, aclnnForeachDivList);
        case Op::kNeg:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachNegGetWorkspaceSize(x1, out, ws, ex); }, aclnnForeachNeg);
        case Op::kAbs:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachAbsGetWorkspaceSize(x1, out, ws, ex); }, aclnnForeachAbs);
        case Op::kAddcmulSL: case Op::kAddcdivSL: case Op::kAddcmulL: case Op::kAddcdivL: {
            // the values: one tensor of the list's dtype, read at run time
            const size_t es = l1ref::DtSize(c.dtype);
            std::vector<uint8_t> host(std::max<size_t>(c.n, 1) * es);
            for (size_t i = 0; i < c.n; ++i) ValueTensorElement(c, i, host.data() + i * es);
            DeviceBuffer sb(host.size());
            aclrtMemcpy(sb.get(), host.size(), host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE);
            aclTensor* st = aclcpu_test::MakeTensor({static_cast<int64_t>(c.n)}, static_cast<aclDataType>(c.dtype), sb.get());
            int r = 0;
            switch (c.op) {
                case Op::kAddcmulSL: r = RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachAddcmulScalarListGetWorkspaceSize(x1, x2, x3, st, out, ws, ex); },
                    aclnnForeachAddcmulScalarList); break;
                case Op::kAddcdivSL: r = RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachAddcdivScalarListGetWorkspaceSize(x1, x2, x3, st, out, ws, ex); },
                    aclnnForeachAddcdivScalarList); break;
                case Op::kAddcmulL: r = RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachAddcmulListGetWorkspaceSize(x1, x2, x3, st, out, ws, ex); },
                    aclnnForeachAddcmulList); break;
                default: r = RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                    return aclnnForeachAddcdivListGetWorkspaceSize(x1, x2, x3, st, out, ws, ex); },
                    aclnnForeachAddcdivList); break;
            }
            aclDestroyTensor(st);
            return r;
        }
        case Op::kLerpL:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachLerpListGetWorkspaceSize(x1, x2, x3, out, ws, ex); }, aclnnForeachLerpList);
        case Op::kRecip:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachReciprocalGetWorkspaceSize(x1, out, ws, ex); }, aclnnForeachReciprocal);
        case Op::kSign:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachSignGetWorkspaceSize(x1, out, ws, ex); }, aclnnForeachSign);
        case Op::kSqrt:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachSqrtGetWorkspaceSize(x1, out, ws, ex); }, aclnnForeachSqrt);
        case Op::kMulList:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachMulListGetWorkspaceSize(x1, x2, out, ws, ex); }, aclnnForeachMulList);
        case Op::kMulLI:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachMulListInplaceGetWorkspaceSize(x1, x2, ws, ex); }, aclnnForeachMulListInplace);
        case Op::kDivLI:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachDivListInplaceGetWorkspaceSize(x1, x2, ws, ex); }, aclnnForeachDivListInplace);
        default:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachLerpScalarGetWorkspaceSize(x1, x2, s.get(), out, ws, ex); }, aclnnForeachLerpScalar);
    }
}

bool TwoInputs(Op op) {
    return op == Op::kMulList || op == Op::kLerp || op == Op::kAddcmul || op == Op::kAddList || op == Op::kSubList ||
           op == Op::kDivList || op == Op::kAddcdiv || op == Op::kMaxL || op == Op::kMinL ||
           op == Op::kLerpL || op == Op::kAddcmulSL || op == Op::kAddcdivSL || op == Op::kAddcmulT || op == Op::kAddcdivT ||
           op == Op::kAddcmulL || op == Op::kAddcdivL || op == Op::kMulLI || op == Op::kDivLI || op == Op::kAddLI ||
           op == Op::kSubLI || op == Op::kAddListT || op == Op::kSubListT;
}

// Runs c over a random list of n tensors out of place and in place (out = x1) and compares every element with the
// reference; returns the number of elements compared.
int64_t Sweep(Call c, int n, uint32_t seed) {
    c.n = static_cast<size_t>(n);
    std::mt19937 rng(seed);
    const int d = c.dtype;
    const size_t es = l1ref::DtSize(d);
    auto x1 = MakeItems(n, d, rng);
    std::vector<std::vector<int64_t>> shapes;
    for (const auto& t : x1) shapes.push_back(t->shape);
    auto x2 = MakeItems(n, d, rng, shapes.data());
    auto out = MakeItems(n, d, rng, shapes.data());
    auto x3 = MakeItems(n, d, rng, shapes.data());
    int64_t compared = 0;
    for (int inplace = IsInplaceOp(c.op) ? 1 : 0; inplace < 2; ++inplace) {  // the in-place forms: x1 is out
        List l1(x1, d), l2(x2, d), lo(inplace ? x1 : out, d), l3(x3, d);
        EXPECT_EQ(RunOp(c, l1.list, l2.list, lo.list, l3.list), 0) << LastError();
        for (int i = 0; i < n; ++i) {
            Item& o = inplace ? *x1[i] : *out[i];
            std::vector<uint8_t> got(o.host.size());
            aclrtMemcpy(got.data(), got.size(), o.buf.get(), got.size(), ACL_MEMCPY_DEVICE_TO_HOST);
            const std::vector<int64_t> oa = Offsets(*x1[i]), ob = Offsets(*x2[i]), oo = Offsets(o), oc = Offsets(*x3[i]);
            for (size_t e = 0; e < oa.size(); ++e) {
                uint8_t want[8] = {};
                ExpectElement(c, x1[i]->host.data() + oa[e] * es, x2[i]->host.data() + ob[e] * es,
                              x3[i]->host.data() + oc[e] * es, want, static_cast<size_t>(i));
                const uint8_t* g = got.data() + oo[e] * es;
                const bool same = (d == kF32 || d == kF16 || d == kBF16) ? foreachref::SameFloat(d, g, want)
                                                                           : std::memcmp(g, want, es) == 0;
                if (!same) {
                    ADD_FAILURE() << "tensor " << i << " element " << e << " dtype " << d << " inplace " << inplace
                                  << ": got " << l1ref::ReadValue(g, d) << ", want " << l1ref::ReadValue(want, d)
                                  << " (x1 " << l1ref::ReadValue(x1[i]->host.data() + oa[e] * es, d) << ", x2 "
                                  << l1ref::ReadValue(x2[i]->host.data() + ob[e] * es, d) << ")";
                    return compared;
                }
                ++compared;
            }
            if (inplace) o.host = got;  // x1 now holds the result (the next pass would read it; none does)
        }
        if (!TwoInputs(c.op) && inplace) break;
    }
    return compared;
}

struct Case {
    Op op;
    std::vector<int> dtypes;
    double scalar;
    aclDataType scalar_dtype;
};

TEST(Foreach, BitExactAgainstTheReferenceOnEveryListShape) {
    const std::vector<Case> cases = {
        {Op::kAddScalar, {kF32, kF16, kBF16}, 0.1, ACL_DOUBLE},
        {Op::kAddScalar, {kF16}, 1.0009765625, ACL_DOUBLE},
        {Op::kAddScalar, {Code(ACL_INT32)}, -7, ACL_INT64},
        {Op::kMulScalar, {kF32, kF16, kBF16}, -0.3, ACL_DOUBLE},
        {Op::kMulScalar, {Code(ACL_INT32)}, 65537, ACL_INT64},
        {Op::kMulList, {kF32, kF16, kBF16, Code(ACL_INT32), Code(ACL_INT16), Code(ACL_INT8), Code(ACL_UINT8)}, 0, ACL_FLOAT},
        {Op::kLerp, {kF32, kF16, kBF16}, 0.25, ACL_FLOAT},
        {Op::kLerp, {kF32, kF16, kBF16}, 0.75, ACL_DOUBLE},
        {Op::kLerp, {kF32}, -0.5, ACL_FLOAT},
        {Op::kSubScalar, {kF32, kF16, kBF16}, 0.3, ACL_DOUBLE},
        {Op::kSubScalar, {Code(ACL_INT32)}, 5000000000.0, ACL_INT64},
        {Op::kAddcmul, {kF32, kF16, kBF16}, 0.001, ACL_DOUBLE},
        {Op::kAddcmul, {Code(ACL_INT32)}, -3, ACL_INT64},
        {Op::kSqrt, {kF32, kF16, kBF16}, 0, ACL_FLOAT},
        {Op::kAddList, {kF32, kBF16}, -0.9, ACL_DOUBLE},
        {Op::kAddList, {kF16}, -0.9, ACL_DOUBLE},
        {Op::kAddList, {kF16}, 3e-6, ACL_DOUBLE},  // a half subnormal alpha: the Ascend 950 kernel's decoding
        {Op::kAddList, {Code(ACL_INT32)}, 3, ACL_INT64},
        {Op::kDivScalarList, {kF32, kF16, kBF16}, 0.7, ACL_FLOAT},
        {Op::kNeg, {kF32, kF16, kBF16, Code(ACL_INT32)}, 0, ACL_FLOAT},
        {Op::kAbs, {kF32, kF16, kBF16}, 0, ACL_FLOAT},
        {Op::kMax, {kF32, kF16, kBF16}, 0.5, ACL_DOUBLE},
        {Op::kMin, {kF32, kF16, kBF16}, -0.0, ACL_DOUBLE},
        {Op::kMax, {Code(ACL_INT32)}, 7, ACL_INT64},
        {Op::kMin, {Code(ACL_INT32)}, -7, ACL_INT64},
        {Op::kDivScalar, {kF32, kF16, kBF16}, 3.0, ACL_DOUBLE},
        {Op::kDivScalar, {kF32, kBF16}, 0.1, ACL_DOUBLE},
        {Op::kSubList, {kF32, kF16, kBF16}, 0.3, ACL_DOUBLE},
        {Op::kSubList, {kF16}, 3e-6, ACL_DOUBLE},  // a subnormal half alpha: SubList's kernels widen it plainly
        {Op::kSubList, {Code(ACL_INT32)}, 3, ACL_INT64},
        {Op::kDivList, {kF32, kF16, kBF16}, 0, ACL_FLOAT},
        {Op::kAddcdiv, {kF32, kF16, kBF16}, -0.001, ACL_DOUBLE},
        {Op::kAddScalarT, {kF32, kF16, kBF16}, 0.1, ACL_DOUBLE},
        {Op::kMulScalarT, {kF32, kF16, kBF16}, -0.3, ACL_DOUBLE},
        {Op::kAddScalarT, {Code(ACL_INT32)}, -7, ACL_INT64},
        {Op::kMulScalarT, {Code(ACL_INT32)}, 65537, ACL_INT64},
        {Op::kAddSL, {kF32, kF16, kBF16, Code(ACL_INT32)}, 0.3, ACL_DOUBLE},
        {Op::kSubSL, {kF32, kF16, kBF16, Code(ACL_INT32)}, -0.7, ACL_DOUBLE},
        {Op::kMulSL, {kF32, kF16, kBF16, Code(ACL_INT32)}, 1.1, ACL_DOUBLE},
        {Op::kMaxSL, {kF32, kF16, kBF16, Code(ACL_INT32)}, 0.5, ACL_DOUBLE},
        {Op::kMinSL, {kF32, kF16, kBF16, Code(ACL_INT32)}, -0.5, ACL_DOUBLE},
        {Op::kSubScalarT, {kF32, kF16, kBF16, Code(ACL_INT32)}, 0.3, ACL_DOUBLE},
        {Op::kSubScalarT, {Code(ACL_INT32)}, 5000000000.0, ACL_INT64},
        {Op::kLerpL, {kF32, kF16, kBF16}, 0, ACL_FLOAT},
        {Op::kAddcmulSL, {kF32, kF16, kBF16, Code(ACL_INT32)}, 0.001, ACL_DOUBLE},
        {Op::kAddcdivSL, {kF32, kF16, kBF16}, -0.003, ACL_DOUBLE},
        {Op::kAddcmulT, {kF32, kF16, kBF16}, 0.001, ACL_DOUBLE},
        {Op::kAddcmulT, {Code(ACL_INT32)}, -3, ACL_INT64},
        {Op::kAddcdivT, {kF32, kF16, kBF16}, -0.001, ACL_DOUBLE},
        {Op::kDivScalarT, {kF32, kF16, kBF16}, 3.0, ACL_DOUBLE},
        {Op::kDivScalarT, {kF32, kF16, kBF16}, 0.1, ACL_DOUBLE},
        {Op::kRecip, {kF32, kF16, kBF16}, 0, ACL_FLOAT},
        {Op::kSign, {kF32, kF16, kBF16, Code(ACL_INT8), Code(ACL_INT32), Code(ACL_INT64)}, 0, ACL_FLOAT},
        {Op::kMaxL, {kF32, kF16, kBF16, Code(ACL_INT32)}, 0, ACL_FLOAT},
        {Op::kMinL, {kF32, kF16, kBF16, Code(ACL_INT32)}, 0, ACL_FLOAT},
        {Op::kAddcmulL, {kF32, kF16, kBF16, Code(ACL_INT32)}, 0.001, ACL_DOUBLE},
        {Op::kAddcmulL, {kF16}, 3.0, ACL_DOUBLE},
        {Op::kAddcdivL, {kF32, kF16, kBF16}, -0.003, ACL_DOUBLE},
        {Op::kMaxT, {kF32, kF16, kBF16, Code(ACL_INT32)}, 0.5, ACL_DOUBLE},
        {Op::kMinT, {kF32, kF16, kBF16}, -0.0, ACL_DOUBLE},
        {Op::kMinT, {Code(ACL_INT32)}, -7, ACL_INT64},
        // the Ascend 950's in-place forms (refused on Atlas A2/A3: below)
        {Op::kMulSI, {kF32, kF16, kBF16}, -0.3, ACL_DOUBLE},
        {Op::kMulSI, {kF16}, 1.0009765625, ACL_FLOAT16},
        {Op::kMulSI, {Code(ACL_INT32)}, 65537, ACL_INT64},
        {Op::kSubSI, {kF32, kF16, kBF16}, 0.3, ACL_DOUBLE},
        {Op::kSubSI, {kF16}, 0.3, ACL_FLOAT16},
        {Op::kSubSI, {Code(ACL_INT32)}, 5000000000.0, ACL_INT64},
        {Op::kMulLI, {kF32, kF16, kBF16, Code(ACL_INT32)}, 0, ACL_FLOAT},
        {Op::kDivLI, {kF32, kF16, kBF16}, 0, ACL_FLOAT},
        {Op::kAddLI, {kF32, kF16, kBF16}, -0.9, ACL_DOUBLE},
        {Op::kAddLI, {kF16}, 3e-6, ACL_DOUBLE},  // a half subnormal alpha: widened exactly (no SIMT decoding here)
        {Op::kAddLI, {Code(ACL_INT32)}, 3, ACL_INT64},
        {Op::kSubLI, {kF32, kF16, kBF16}, 0.3, ACL_DOUBLE},
        {Op::kSubLI, {Code(ACL_INT32)}, -3, ACL_INT64},
    };
    uint32_t seed = 7;
    for (Profile prof : {Profile::kAscend950, Profile::kAscend910B}) {
        ProfileScope scope(prof);
        for (const Case& k : cases) {
            if (IsInplaceOp(k.op) && prof != Profile::kAscend950) continue;
            for (int d : k.dtypes) {
                int64_t compared = 0;  // a list may hold only empty tensors; all of them cannot
                for (int n : {1, 5, 64}) {
                    Call c{k.op, d, prof, k.scalar, k.scalar_dtype};
                    SCOPED_TRACE(std::string(l1ref::ProfileKey(prof)) + " op " + std::to_string(static_cast<int>(k.op)) +
                                 " dtype " + std::to_string(d) + " n " + std::to_string(n));
                    compared += Sweep(c, n, seed++);
                }
                EXPECT_GT(compared, 100);
            }
        }
    }
}

// Lerp's two branches meet where torch's do: the weight 0.5 takes the second (x2 + (w - 1) * d).
TEST(Foreach, LerpBranchesAndTheFusedAxpy) {
    const float x1v[] = {1.0f, 0.0f, 3.0f}, x2v[] = {1.0f + 0x1p-23f, 1.0f, -1e30f};
    for (float w : {0.5f, 0.49999997f, -0.5f, 2.0f}) {
        std::vector<std::unique_ptr<Item>> a, b, o;
        for (auto* v : {&a, &b, &o}) {
            auto t = std::make_unique<Item>();
            t->shape = {3};
            t->strides = {1};
            t->storage = 3;
            t->buf = DeviceBuffer(12);
            const float* src = v == &a ? x1v : x2v;
            aclrtMemcpy(t->buf.get(), 12, src, 12, ACL_MEMCPY_HOST_TO_DEVICE);
            v->push_back(std::move(t));
        }
        List la(a, kF32), lb(b, kF32), lo(o, kF32);
        Call c{Op::kLerp, kF32, Profile::kAscend950, w, ACL_FLOAT};
        ASSERT_EQ(RunOp(c, la.list, lb.list, lo.list), 0) << LastError();
        float got[3];
        aclrtMemcpy(got, 12, o[0]->buf.get(), 12, ACL_MEMCPY_DEVICE_TO_HOST);
        for (int i = 0; i < 3; ++i) {
            const float d = x2v[i] - x1v[i];
            const float want = (w > -0.5f && w < 0.5f) ? std::fmaf(d, w, x1v[i]) : std::fmaf(d, w - 1.0f, x2v[i]);
            EXPECT_EQ(aclcpu_test::Bits(got[i]), aclcpu_test::Bits(want)) << "w " << w << " i " << i;
        }
    }
}

// An output list that is another call's input list element by element (out = x2) and a list naming one tensor
// twice as input: the results are those of the calls made element by element.
TEST(Foreach, OutputAliasingTheOtherInputList) {
    std::mt19937 rng(11);
    const std::vector<std::vector<int64_t>> shapes = {{3, 4}, {5}, {2, 2}};
    auto x1 = MakeItems(3, kF32, rng, shapes.data());
    auto x2 = MakeItems(3, kF32, rng, shapes.data());
    List l1(x1, kF32), l2(x2, kF32), lo(x2, kF32);
    Call c{Op::kMulList, kF32, Profile::kAscend950, 0, ACL_FLOAT};
    ASSERT_EQ(RunOp(c, l1.list, l2.list, lo.list), 0) << LastError();
    for (int i = 0; i < 3; ++i) {
        const int64_t n = Numel(shapes[i]);
        std::vector<float> got(static_cast<size_t>(n));
        aclrtMemcpy(got.data(), n * 4, x2[i]->buf.get(), n * 4, ACL_MEMCPY_DEVICE_TO_HOST);
        for (int64_t e = 0; e < n; ++e) {
            float a, b;
            std::memcpy(&a, x1[i]->host.data() + e * 4, 4);
            std::memcpy(&b, x2[i]->host.data() + e * 4, 4);
            const float want = a * b;
            EXPECT_TRUE(aclcpu_test::Bits(got[e]) == aclcpu_test::Bits(want) || (want != want && got[e] != got[e]));
        }
    }
}

// ------------------------------------------------------------------ the checks

struct Lists {
    std::mt19937 rng{3};
    std::vector<std::unique_ptr<Item>> a, b, o;
    Lists(int n, int d, int n_out = -1) {
        std::vector<std::vector<int64_t>> shapes(static_cast<size_t>(std::max(n, n_out)), std::vector<int64_t>{2, 3});
        a = MakeItems(n, d, rng, shapes.data());
        b = MakeItems(n, d, rng, shapes.data());
        o = MakeItems(n_out < 0 ? n : n_out, d, rng, shapes.data());
    }
};

int FirstAddScalar(const aclTensorList* x, const aclScalar* s, aclTensorList* out) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    const int st = aclnnForeachAddScalarV2GetWorkspaceSize(x, s, out, &ws, &ex);
    if (st == 0) aclDestroyAclOpExecutor(ex);
    return st;
}

TEST(ForeachChecks, NullArgumentsListLengthsAndTheirOrder) {
    ProfileScope scope(Profile::kAscend950);
    Lists l(2, kF32), l3(3, kF32);
    List x(l.a, kF32), out(l.o, kF32), out3(l3.o, kF32);
    const float one = 1.0f;
    aclScalar* s = aclCreateScalar(const_cast<float*>(&one), ACL_FLOAT);
    EXPECT_EQ(FirstAddScalar(nullptr, s, out.list), kNullptr);
    EXPECT_NE(LastError().find("TensorList but got null for argument self"), std::string::npos);
    EXPECT_EQ(FirstAddScalar(x.list, nullptr, out.list), kNullptr);
    EXPECT_NE(LastError().find("argument scalar"), std::string::npos);
    EXPECT_EQ(FirstAddScalar(x.list, s, nullptr), kNullptr);
    // aclnnForeachAddScalarV2's length check sits among its null checks (161001); aclnnForeachMulScalarV2's is a
    // shape check (161002)
    EXPECT_EQ(FirstAddScalar(x.list, s, out3.list), kNullptr);
    EXPECT_NE(LastError().find("but got 2 and 3"), std::string::npos);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnForeachMulScalarV2GetWorkspaceSize(x.list, s, out3.list, &ws, &ex), kInvalid);
    EXPECT_NE(LastError().find("must have the same number of tensors"), std::string::npos);
    EXPECT_EQ(aclnnForeachMulListGetWorkspaceSize(x.list, x.list, out3.list, &ws, &ex), kInvalid);
    EXPECT_NE(LastError().find("Tensor lists must have the same number of tensors, got 2 and 2"), std::string::npos);
    EXPECT_EQ(aclnnForeachLerpScalarGetWorkspaceSize(x.list, x.list, s, out3.list, &ws, &ex), kInvalid);
    EXPECT_NE(LastError().find("check x1->Size() == out->Size() failed."), std::string::npos);
    // beyond CANN: workspaceSize / executor NULL
    EXPECT_EQ(aclnnForeachAddScalarV2GetWorkspaceSize(x.list, s, out.list, nullptr, &ex), kNullptr);
    aclDestroyScalar(s);
}

TEST(ForeachChecks, DtypesPerProductAndTheScalarRule) {
    const double tenth = 0.1;
    const int64_t three = 3;
    for (Profile prof : {Profile::kAscend950, Profile::kAscend910B}) {
        ProfileScope scope(prof);
        aclScalar* sd = aclCreateScalar(const_cast<double*>(&tenth), ACL_DOUBLE);
        aclScalar* si = aclCreateScalar(const_cast<int64_t*>(&three), ACL_INT64);
        Lists f16(2, kF16), f32(2, kF32), i16(1, Code(ACL_INT16)), f64(1, Code(ACL_DOUBLE));
        List xf16(f16.a, kF16), of16(f16.o, kF16), of32(f32.o, kF32), xi16(i16.a, Code(ACL_INT16)),
            oi16(i16.o, Code(ACL_INT16)), xf64(f64.a, Code(ACL_DOUBLE)), of64(f64.o, Code(ACL_DOUBLE));
        EXPECT_EQ(FirstAddScalar(xf16.list, sd, of16.list), 0) << LastError();
        // out's dtype must be x[0]'s
        EXPECT_EQ(FirstAddScalar(xf16.list, sd, of32.list), kInvalid);
        EXPECT_NE(LastError().find("Tensor (*out)[i] expected dtype is DT_FLOAT16 but found DT_FLOAT."), std::string::npos);
        // an integer scalar for a FLOAT16 list
        EXPECT_EQ(FirstAddScalar(xf16.list, si, of16.list), kInvalid);
        EXPECT_NE(LastError().find("Tensor scalar not implemented for DT_INT64"), std::string::npos);
        // INT16 lists: Atlas A2 only
        EXPECT_EQ(FirstAddScalar(xi16.list, si, oi16.list), prof == Profile::kAscend910B ? 0 : kInvalid) << LastError();
        EXPECT_EQ(FirstAddScalar(xf64.list, sd, of64.list), kInvalid);
        EXPECT_NE(LastError().find("Tensor (*self)[0] not implemented for DT_DOUBLE"), std::string::npos);
        aclDestroyScalar(sd);
        aclDestroyScalar(si);
    }
    // a FLOAT scalar with a FLOAT16 list: the Ascend 950 only
    {
        ProfileScope scope(Profile::kAscend910B);
        const float f = 0.5f;
        aclScalar* sf = aclCreateScalar(const_cast<float*>(&f), ACL_FLOAT);
        Lists f16(1, kF16);
        List x(f16.a, kF16), o(f16.o, kF16);
        EXPECT_EQ(FirstAddScalar(x.list, sf, o.list), kInvalid);
        aclDestroyScalar(sf);
    }
}

TEST(ForeachChecks, ProductsWithoutTheOperatorEmptyListsAndNullElements) {
    const float one = 1.0f;
    {
        ProfileScope scope(Profile::kAscend910);
        aclScalar* s = aclCreateScalar(const_cast<float*>(&one), ACL_FLOAT);
        Lists l(1, kF32);
        List x(l.a, kF32), o(l.o, kF32);
        EXPECT_EQ(FirstAddScalar(x.list, s, o.list), kInvalid);
        EXPECT_NE(LastError().find("support for 1001 is not implemented"), std::string::npos);
        aclDestroyScalar(s);
    }
    ProfileScope scope(Profile::kAscend950);
    aclScalar* s = aclCreateScalar(const_cast<float*>(&one), ACL_FLOAT);
    aclTensorList* e1 = aclCreateTensorList(nullptr, 0);
    aclTensorList* e2 = aclCreateTensorList(nullptr, 0);
    uint64_t ws = 99;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnForeachAddScalarV2GetWorkspaceSize(e1, s, e2, &ws, &ex), 0) << LastError();
    EXPECT_EQ(ws, 0u);
    EXPECT_EQ(aclnnForeachAddScalarV2(nullptr, 0, ex, nullptr), 0);
    EXPECT_EQ(aclrtSynchronizeStream(nullptr), 0);
    // a NULL element: CANN's check (AddScalarV2) or beyond CANN (MulList reads it unchecked there)
    Lists l(1, kF32);
    const aclTensor* holes[2] = {aclcpu_test::MakeTensor({2, 3}, ACL_FLOAT, l.a[0]->buf.get()), nullptr};
    aclTensorList* with_null = aclCreateTensorList(holes, 2);
    ASSERT_NE(with_null, nullptr) << LastError();
    EXPECT_EQ(FirstAddScalar(with_null, s, with_null), kInvalid);
    EXPECT_NE(LastError().find("null for argument (*self)[i]"), std::string::npos);
    EXPECT_EQ(aclnnForeachMulListGetWorkspaceSize(with_null, with_null, with_null, &ws, &ex), kInvalid);
    EXPECT_NE(LastError().find("x1[1]"), std::string::npos);
    aclDestroyTensorList(with_null);
    aclDestroyScalar(s);
    aclDestroyTensorList(e1);
    aclDestroyTensorList(e2);
}

// aclnnForeachDivScalarList's aclnn layer is generated by CANN: its documented codes (561002 for the tiling's
// refusals).
TEST(ForeachChecks, DivScalarListCodes) {
    ProfileScope scope(Profile::kAscend950);
    Lists l(2, kF32);
    List x(l.a, kF32), out(l.o, kF32);
    float one = 1.0f;
    double two = 2.0;
    aclScalar* s1[] = {aclCreateScalar(&one, ACL_FLOAT)};
    aclScalarList* short_list = aclCreateScalarList(s1, 1);
    int64_t three = 3;
    aclScalar* s2[] = {aclCreateScalar(&one, ACL_FLOAT), aclCreateScalar(&two, ACL_DOUBLE)};
    aclScalarList* mixed_list = aclCreateScalarList(s2, 2);
    aclScalar* s3[] = {aclCreateScalar(&three, ACL_INT64), aclCreateScalar(&two, ACL_DOUBLE)};
    aclScalarList* int_first = aclCreateScalarList(s3, 2);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnForeachDivScalarListGetWorkspaceSize(x.list, short_list, out.list, &ws, &ex), 561002);
    EXPECT_NE(LastError().find("holds 1 for 2"), std::string::npos);
    // element 0 decides the host tensor's dtype (FLOAT or DOUBLE: FLOAT); the others are converted to it
    EXPECT_EQ(aclnnForeachDivScalarListGetWorkspaceSize(x.list, mixed_list, out.list, &ws, &ex), 0) << LastError();
    aclDestroyAclOpExecutor(ex);
    EXPECT_EQ(aclnnForeachDivScalarListGetWorkspaceSize(x.list, int_first, out.list, &ws, &ex), kInvalid);
    EXPECT_NE(LastError().find("element 0 dtype DT_INT64"), std::string::npos);
    EXPECT_EQ(aclnnForeachDivScalarListGetWorkspaceSize(x.list, nullptr, out.list, &ws, &ex), kNullptr);
    aclDestroyScalarList(short_list);
    aclDestroyScalarList(mixed_list);
    aclDestroyScalarList(int_first);
}

// A2/A3's INT16 / INT8 / UINT8 negation (wrapped), and ZeroInplace writes +0 over the view only.
TEST(Foreach, NegOfSmallIntegersAndZeroInplace) {
    ProfileScope scope(Profile::kAscend910B);
    for (int d : {Code(ACL_INT16), Code(ACL_INT8), Code(ACL_UINT8)}) {
        Call c{Op::kNeg, d, Profile::kAscend910B, 0, ACL_FLOAT};
        EXPECT_GT(Sweep(c, 17, 99), 0);
    }
    std::mt19937 rng(8);
    const std::vector<std::vector<int64_t>> shapes = {{4, 4}, {6}, {}};
    auto x = MakeItems(3, kF32, rng, shapes.data());
    x[0]->strides = {8, 2};  // every other element of a 4 x 8 storage
    x[0]->storage = 32;
    x[0]->buf = DeviceBuffer(32 * 4);
    const std::vector<float> ones(32, 1.0f);
    aclrtMemcpy(x[0]->buf.get(), 128, ones.data(), 128, ACL_MEMCPY_HOST_TO_DEVICE);
    List l(x, kF32);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnForeachZeroInplaceGetWorkspaceSize(l.list, ws, ex); },
                        aclnnForeachZeroInplace), 0) << LastError();
    std::vector<float> got(32);
    aclrtMemcpy(got.data(), 128, x[0]->buf.get(), 128, ACL_MEMCPY_DEVICE_TO_HOST);
    for (int e = 0; e < 32; ++e) {
        const bool in_view = (e % 8) % 2 == 0 && e / 8 < 4;
        EXPECT_EQ(aclcpu_test::Bits(got[e]), in_view ? 0u : aclcpu_test::Bits(1.0f)) << e;
    }
    float v[6];
    aclrtMemcpy(v, 24, x[1]->buf.get(), 24, ACL_MEMCPY_DEVICE_TO_HOST);
    for (float f : v) EXPECT_EQ(aclcpu_test::Bits(f), 0u);
}

// The V1 scalar forms' scalar tensor: one element (561002 otherwise), of the dtype the list takes (161002).
TEST(ForeachChecks, ScalarTensorOfTheV1Forms) {
    ProfileScope scope(Profile::kAscend910B);
    Lists l(2, kF32);
    List x(l.a, kF32), out(l.o, kF32);
    DeviceBuffer sb(8);
    aclTensor* two = aclcpu_test::MakeTensor({2}, ACL_FLOAT, sb.get());
    aclTensor* half = aclcpu_test::MakeTensor({1}, ACL_FLOAT16, sb.get());
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnForeachAddScalarGetWorkspaceSize(x.list, two, out.list, &ws, &ex), 561002);
    EXPECT_NE(LastError().find("one element"), std::string::npos);
    EXPECT_EQ(aclnnForeachMulScalarGetWorkspaceSize(x.list, half, out.list, &ws, &ex), kInvalid);
    EXPECT_NE(LastError().find("DT_FLOAT16"), std::string::npos);
    EXPECT_EQ(aclnnForeachAddScalarGetWorkspaceSize(x.list, nullptr, out.list, &ws, &ex), kNullptr);
    aclDestroyTensor(two);
    aclDestroyTensor(half);
}

TEST(ForeachChecks, ShapesDimsAndDestroyedHandles) {
    ProfileScope scope(Profile::kAscend950);
    std::mt19937 rng(5);
    const std::vector<std::vector<int64_t>> sa = {{2, 3}}, sb = {{3, 2}}, s9 = {{1, 1, 1, 1, 1, 1, 1, 1, 2}};
    auto a = MakeItems(1, kF32, rng, sa.data());
    auto b = MakeItems(1, kF32, rng, sb.data());
    auto n9 = MakeItems(1, kF32, rng, s9.data());
    List la(a, kF32), lb(b, kF32), l9(n9, kF32), l9o(n9, kF32);
    const float one = 1.0f;
    aclScalar* s = aclCreateScalar(const_cast<float*>(&one), ACL_FLOAT);
    EXPECT_EQ(FirstAddScalar(la.list, s, lb.list), kInvalid);
    EXPECT_NE(LastError().find("but [2,3] does not equal [3,2]"), std::string::npos);
    EXPECT_EQ(FirstAddScalar(l9.list, s, l9o.list), kInvalid);
    EXPECT_NE(LastError().find("cannot be larger than 8 dimensions"), std::string::npos);
    aclScalar* dead = aclCreateScalar(const_cast<float*>(&one), ACL_FLOAT);
    aclDestroyScalar(dead);
    EXPECT_EQ(FirstAddScalar(la.list, dead, la.list), kInvalid);
    aclDestroyScalar(s);
}

// ------------------------------------------------------------------ aclnnForeachCopy

// Every tensor of x copied into out over random list shapes (transposed views): same-dtype copies byte for byte for
// every dtype of the list, the four casts rounded to nearest even (exact widening), on both products.
TEST(ForeachCopy, EveryDtypeAndTheFourCasts) {
    const int same[] = {kF32, kF16, kBF16, Code(ACL_INT8), Code(ACL_UINT8), Code(ACL_INT16), Code(ACL_UINT16),
                        Code(ACL_INT32), Code(ACL_UINT32), Code(ACL_INT64), Code(ACL_DOUBLE), Code(ACL_BOOL)};
    const int casts[][2] = {{kF32, kF16}, {kF32, kBF16}, {kF16, kF32}, {kBF16, kF32}};
    std::vector<std::pair<int, int>> pairs;
    for (int d : same) pairs.push_back({d, d});
    for (const auto& c : casts) pairs.push_back({c[0], c[1]});
    for (Profile prof : {Profile::kAscend950, Profile::kAscend910B}) {
        ProfileScope scope(prof);
        for (const auto& [xd, od] : pairs) {
            std::mt19937 rng(static_cast<uint32_t>(xd * 31 + od));
            const bool floats = xd == kF32 || xd == kF16 || xd == kBF16;
            auto x = MakeItems(19, floats ? xd : kF32, rng);  // non-float dtypes: random bytes below
            std::vector<std::vector<int64_t>> shapes;
            for (auto& t : x) {
                shapes.push_back(t->shape);
                if (floats) continue;
                const size_t bytes = static_cast<size_t>(std::max<int64_t>(t->storage, 1)) * l1ref::DtSize(xd);
                t->host.resize(bytes);
                for (auto& b : t->host) b = static_cast<uint8_t>(rng());
                t->buf = DeviceBuffer(bytes);
                aclrtMemcpy(t->buf.get(), bytes, t->host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
            }
            auto out = MakeItems(19, od == kF16 || od == kBF16 || od == kF32 ? od : kF32, rng, shapes.data());
            for (auto& t : out) {  // out's storage in od's item size
                const size_t bytes = static_cast<size_t>(std::max<int64_t>(t->storage, 1)) * l1ref::DtSize(od);
                t->host.assign(bytes, 0x5A);
                t->buf = DeviceBuffer(bytes);
                aclrtMemcpy(t->buf.get(), bytes, t->host.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
            }
            List lx(x, xd), lo(out, od);
            ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                          return aclnnForeachCopyGetWorkspaceSize(lx.list, lo.list, ws, ex);
                      }, aclnnForeachCopy), 0) << LastError() << " " << xd << " -> " << od;
            const size_t xs = l1ref::DtSize(xd), os = l1ref::DtSize(od);
            for (size_t i = 0; i < x.size(); ++i) {
                std::vector<uint8_t> got(out[i]->host.size());
                aclrtMemcpy(got.data(), got.size(), out[i]->buf.get(), got.size(), ACL_MEMCPY_DEVICE_TO_HOST);
                const std::vector<int64_t> ox = Offsets(*x[i]), oo = Offsets(*out[i]);
                for (size_t e = 0; e < ox.size(); ++e) {
                    const uint8_t* src = x[i]->host.data() + ox[e] * xs;
                    const uint8_t* g = got.data() + oo[e] * os;
                    if (xd == od) {
                        ASSERT_EQ(std::memcmp(g, src, xs), 0) << "dtype " << xd << " tensor " << i << " element " << e;
                    } else {
                        uint8_t want[8] = {};
                        l1ref::WriteValue(want, od, l1ref::ReadValue(src, xd));
                        ASSERT_TRUE(foreachref::SameFloat(od, g, want))
                            << xd << " -> " << od << " tensor " << i << " element " << e << ": got "
                            << l1ref::ReadValue(g, od) << ", want " << l1ref::ReadValue(want, od);
                    }
                }
            }
        }
    }
}

// CANN compares no shapes: an out with more elements receives x's in its first row-major positions (the rest kept);
// fewer elements -> 561103; aclcpu refuses a differently shaped out that is not contiguous (161002). In place and
// an empty list; the dtype rules in CANN's order.
TEST(ForeachCopy, ShapesInPlaceAndChecks) {
    ProfileScope scope(Profile::kAscend950);
    std::mt19937 rng(21);
    const std::vector<std::vector<int64_t>> s23 = {{2, 3}}, s8 = {{8}}, s5 = {{5}}, s32 = {{3, 2}};
    auto x = MakeItems(1, kF32, rng, s23.data());
    x[0]->strides = {1, 2};  // the transpose of a 3 x 2 storage
    auto big = MakeItems(1, kF32, rng, s8.data());
    auto small = MakeItems(1, kF32, rng, s5.data());
    auto tr = MakeItems(1, kF32, rng, s32.data());
    tr[0]->strides = {1, 3};
    List lx(x, kF32), lbig(big, kF32), lsmall(small, kF32), ltr(tr, kF32);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                  return aclnnForeachCopyGetWorkspaceSize(lx.list, lbig.list, ws, ex);
              }, aclnnForeachCopy), 0) << LastError();
    float got[8];
    aclrtMemcpy(got, 32, big[0]->buf.get(), 32, ACL_MEMCPY_DEVICE_TO_HOST);
    const std::vector<int64_t> ox = Offsets(*x[0]);
    for (int e = 0; e < 8; ++e) {
        const uint8_t* want = e < 6 ? x[0]->host.data() + ox[static_cast<size_t>(e)] * 4 : big[0]->host.data() + e * 4;
        EXPECT_TRUE(foreachref::SameFloat(kF32, reinterpret_cast<const uint8_t*>(&got[e]), want)) << e;
    }
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnForeachCopyGetWorkspaceSize(lx.list, lsmall.list, &ws, &ex), 561103);
    EXPECT_NE(LastError().find("fewer elements"), std::string::npos);
    EXPECT_EQ(aclnnForeachCopyGetWorkspaceSize(lx.list, ltr.list, &ws, &ex), kInvalid);
    EXPECT_NE(LastError().find("not contiguous"), std::string::npos);
    // in place: a no-op
    ASSERT_EQ(RunPhases([&](uint64_t* w, aclOpExecutor** e) { return aclnnForeachCopyGetWorkspaceSize(lx.list, lx.list, w, e); },
                        aclnnForeachCopy), 0) << LastError();
    // dtypes: x[0] outside the list, out[i] not out[0]'s, an unsupported mapping (the aclDataType values printed)
    Lists f16(2, kF16), f32(2, kF32);
    List xf16(f16.a, kF16), of32(f32.o, kF32), xf32(f32.a, kF32);
    std::vector<std::unique_ptr<Item>> mixed;
    mixed.push_back(std::move(f16.o[0]));
    mixed.push_back(std::move(f32.b[0]));
    const aclTensor* mt[] = {aclcpu_test::MakeTensor({2, 3}, ACL_FLOAT16, mixed[0]->buf.get()),
                             aclcpu_test::MakeTensor({2, 3}, ACL_FLOAT, mixed[1]->buf.get())};
    aclTensorList* lmixed = aclCreateTensorList(mt, 2);
    EXPECT_EQ(aclnnForeachCopyGetWorkspaceSize(xf16.list, of32.list, &ws, &ex), 0) << LastError();
    aclDestroyAclOpExecutor(ex);
    EXPECT_EQ(aclnnForeachCopyGetWorkspaceSize(xf32.list, lmixed, &ws, &ex), kInvalid);
    EXPECT_NE(LastError().find("Tensor (*out)[i] expected dtype is DT_FLOAT16 but found DT_FLOAT."), std::string::npos);
    Lists i32(2, Code(ACL_INT32));
    List xi32(i32.a, Code(ACL_INT32));
    EXPECT_EQ(aclnnForeachCopyGetWorkspaceSize(xi32.list, of32.list, &ws, &ex), kInvalid);
    EXPECT_NE(LastError().find("dtype mapping from x(3) to out(0) is not supported"), std::string::npos);
    EXPECT_EQ(aclnnForeachCopyGetWorkspaceSize(nullptr, of32.list, &ws, &ex), kNullptr);
    EXPECT_NE(LastError().find("got null for argument x."), std::string::npos);
    Lists l3(3, kF32);
    List x3(l3.a, kF32);
    EXPECT_EQ(aclnnForeachCopyGetWorkspaceSize(x3.list, of32.list, &ws, &ex), kInvalid);
    EXPECT_NE(LastError().find("Tensor lists must have the same number of tensors"), std::string::npos);
    // an empty x: success, nothing to run; an empty out with a non-empty x: the length check
    aclTensorList* e1 = aclCreateTensorList(nullptr, 0);
    EXPECT_EQ(aclnnForeachCopyGetWorkspaceSize(e1, e1, &ws, &ex), 0) << LastError();
    EXPECT_EQ(ws, 0u);
    aclDestroyAclOpExecutor(ex);
    EXPECT_EQ(aclnnForeachCopyGetWorkspaceSize(xi32.list, e1, &ws, &ex), kInvalid);
    EXPECT_NE(LastError().find("Tensor lists must have the same number of tensors"), std::string::npos);
    {
        ProfileScope old(Profile::kAscend910);
        EXPECT_EQ(aclnnForeachCopyGetWorkspaceSize(xf32.list, of32.list, &ws, &ex), kInvalid);
        EXPECT_NE(LastError().find("is not implemented"), std::string::npos);
    }
    aclDestroyTensorList(lmixed);
    aclDestroyTensorList(e1);
}

// The scalars-tensor forms read their values when the second phase runs (written after the first phase here), and
// aclSetInputTensorAddr on the scalars argument (input 3) moves every position's view; the scalars tensor's checks.
TEST(ForeachChecks, ValueTensorReadAtRunTimeAndReaddressed) {
    ProfileScope scope(Profile::kAscend910B);
    std::mt19937 rng(11);
    const std::vector<std::vector<int64_t>> shapes = {{3}, {2, 2}};
    auto x1 = MakeItems(2, kF32, rng, shapes.data());
    auto x2 = MakeItems(2, kF32, rng, shapes.data());
    auto x3 = MakeItems(2, kF32, rng, shapes.data());
    auto out = MakeItems(2, kF32, rng, shapes.data());
    List l1(x1, kF32), l2(x2, kF32), l3(x3, kF32), lo(out, kF32);
    DeviceBuffer first(8), second(8);
    const float zeros[2] = {0.0f, 0.0f}, vals[2] = {2.0f, -3.0f}, other[2] = {0.5f, 4.0f};
    aclrtMemcpy(first.get(), 8, zeros, 8, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(second.get(), 8, other, 8, ACL_MEMCPY_HOST_TO_DEVICE);
    aclTensor* st = aclcpu_test::MakeTensor({2}, ACL_FLOAT, first.get());
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnForeachAddcmulScalarListGetWorkspaceSize(l1.list, l2.list, l3.list, st, lo.list, &ws, &ex), 0)
        << LastError();
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0) << LastError();
    aclrtMemcpy(first.get(), 8, vals, 8, ACL_MEMCPY_HOST_TO_DEVICE);  // after the first phase
    const auto check = [&](const float* v) {
        for (size_t i = 0; i < 2; ++i) {
            const int64_t n = Numel(shapes[i]);
            std::vector<float> got(static_cast<size_t>(n));
            aclrtMemcpy(got.data(), n * 4, out[i]->buf.get(), n * 4, ACL_MEMCPY_DEVICE_TO_HOST);
            const std::vector<int64_t> oa = Offsets(*x1[i]), ob = Offsets(*x2[i]), od = Offsets(*x3[i]), oo = Offsets(*out[i]);
            for (size_t e = 0; e < oa.size(); ++e) {
                float a, b, d;
                std::memcpy(&a, x1[i]->host.data() + oa[e] * 4, 4);
                std::memcpy(&b, x2[i]->host.data() + ob[e] * 4, 4);
                std::memcpy(&d, x3[i]->host.data() + od[e] * 4, 4);
                const float want = std::fmaf(foreachref::F32(static_cast<long double>(b) * d), v[i], a);
                const float g = got[static_cast<size_t>(oo[e])];
                EXPECT_TRUE(aclcpu_test::Bits(g) == aclcpu_test::Bits(want) || (want != want && g != g)) << i << " " << e;
            }
        }
    };
    ASSERT_EQ(aclnnForeachAddcmulScalarList(nullptr, 0, ex, nullptr), 0) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
    check(vals);
    ASSERT_EQ(aclSetInputTensorAddr(ex, 3, st, second.get()), 0) << LastError();
    ASSERT_EQ(aclnnForeachAddcmulScalarList(nullptr, 0, ex, nullptr), 0) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
    check(other);
    aclDestroyAclOpExecutor(ex);
    // the scalars tensor: the lists' dtype (161002 generated; 561103 AddcdivScalarList's launcher), one per position
    aclTensor* half = aclcpu_test::MakeTensor({2}, ACL_FLOAT16, first.get());
    aclTensor* three = aclcpu_test::MakeTensor({1}, ACL_FLOAT, first.get());
    EXPECT_EQ(aclnnForeachAddcmulScalarListGetWorkspaceSize(l1.list, l2.list, l3.list, half, lo.list, &ws, &ex), kInvalid);
    EXPECT_NE(LastError().find("Tensor scalars dtype DT_FLOAT16"), std::string::npos);
    EXPECT_EQ(aclnnForeachAddcdivScalarListGetWorkspaceSize(l1.list, l2.list, l3.list, half, lo.list, &ws, &ex), 561103);
    EXPECT_EQ(aclnnForeachAddcmulScalarListGetWorkspaceSize(l1.list, l2.list, l3.list, three, lo.list, &ws, &ex), 561002);
    EXPECT_NE(LastError().find("holds 1 for 2"), std::string::npos);
    EXPECT_EQ(aclnnForeachAddcdivScalarListGetWorkspaceSize(l1.list, l2.list, l3.list, nullptr, lo.list, &ws, &ex), kNullptr);
    EXPECT_NE(LastError().find("got null for argument scalars"), std::string::npos);
    aclDestroyTensor(half);
    aclDestroyTensor(three);
    aclDestroyTensor(st);
}

// ------------------------------------------------------------------ aclnnForeachAddcmulList / AddcdivList

// Items of dtype d holding `vals` (one 1-d tensor per entry), each value rounded to d (RNE).
std::vector<std::unique_ptr<Item>> ItemsOf(const std::vector<std::vector<float>>& vals, int d) {
    std::vector<std::unique_ptr<Item>> items;
    const size_t es = l1ref::DtSize(d);
    for (const auto& v : vals) {
        auto t = std::make_unique<Item>();
        t->shape = {static_cast<int64_t>(v.size())};
        t->strides = {1};
        t->storage = static_cast<int64_t>(v.size());
        t->host.resize(std::max<size_t>(v.size(), 1) * es);
        for (size_t e = 0; e < v.size(); ++e) l1ref::WriteValue(t->host.data() + e * es, d, v[e]);
        t->buf = DeviceBuffer(t->host.size());
        aclrtMemcpy(t->buf.get(), t->host.size(), t->host.data(), t->host.size(), ACL_MEMCPY_HOST_TO_DEVICE);
        items.push_back(std::move(t));
    }
    return items;
}

// A 1-d scalars tensor of dtype d over fresh device memory holding `vals` (rounded to d; INT32 truncated).
struct ValueTensor {
    DeviceBuffer buf;
    aclTensor* t = nullptr;
    ValueTensor(const std::vector<float>& vals, int d) : buf(std::max<size_t>(vals.size(), 1) * l1ref::DtSize(d)) {
        std::vector<uint8_t> host(std::max<size_t>(vals.size(), 1) * l1ref::DtSize(d));
        for (size_t i = 0; i < vals.size(); ++i) {
            uint8_t* q = host.data() + i * l1ref::DtSize(d);
            if (d == Code(ACL_INT32)) {
                const int32_t v = static_cast<int32_t>(vals[i]);
                std::memcpy(q, &v, 4);
            } else {
                l1ref::WriteValue(q, d, vals[i]);
            }
        }
        aclrtMemcpy(buf.get(), host.size(), host.data(), host.size(), ACL_MEMCPY_HOST_TO_DEVICE);
        t = aclcpu_test::MakeTensor({static_cast<int64_t>(vals.size())}, static_cast<aclDataType>(d), buf.get());
    }
    ~ValueTensor() { aclDestroyTensor(t); }
    ValueTensor(const ValueTensor&) = delete;
    ValueTensor& operator=(const ValueTensor&) = delete;
};

// The values of `items` read back from the device as float32.
std::vector<std::vector<float>> ReadItems(const std::vector<std::unique_ptr<Item>>& items, int d) {
    std::vector<std::vector<float>> got;
    const size_t es = l1ref::DtSize(d);
    for (const auto& t : items) {
        std::vector<uint8_t> bytes(t->host.size());
        aclrtMemcpy(bytes.data(), bytes.size(), t->buf.get(), bytes.size(), ACL_MEMCPY_DEVICE_TO_HOST);
        std::vector<float> v;
        for (int64_t e = 0; e < t->storage; ++e) v.push_back(static_cast<float>(l1ref::ReadValue(bytes.data() + e * es, d)));
        got.push_back(v);
    }
    return got;
}

// Runs one of the four scalars-tensor entry points (AddcmulList, AddcdivList, AddcmulScalarList, AddcdivScalarList).
int RunAddc(Op op, const aclTensorList* x1, const aclTensorList* x2, const aclTensorList* x3, const aclTensor* st,
            aclTensorList* out) {
    switch (op) {
        case Op::kAddcmulL:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachAddcmulListGetWorkspaceSize(x1, x2, x3, st, out, ws, ex); }, aclnnForeachAddcmulList);
        case Op::kAddcdivL:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachAddcdivListGetWorkspaceSize(x1, x2, x3, st, out, ws, ex); }, aclnnForeachAddcdivList);
        case Op::kAddcmulSL:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachAddcmulScalarListGetWorkspaceSize(x1, x2, x3, st, out, ws, ex); },
                aclnnForeachAddcmulScalarList);
        default:
            return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) {
                return aclnnForeachAddcdivScalarListGetWorkspaceSize(x1, x2, x3, st, out, ws, ex); },
                aclnnForeachAddcdivScalarList);
    }
}

// AddcmulList's FLOAT16 lists: Atlas A2/A3 multiply in half (a product beyond 65504 is an infinity, a product is
// rounded to half before the FMA), the Ascend 950 in float32 - and AddcmulScalarList widens on both products.
TEST(ForeachAddcList, AddcmulListHalfProductPerProduct) {
    const float p = 1.0f + 0x1p-10f;  // p * p = 1 + 2^-9 + 2^-20: half rounds off the 2^-20
    const std::vector<std::vector<float>> a = {{1.0f, 1.0f}, {-(1.0f + 0x1p-9f)}},
                                          b = {{300.0f, 300.0f}, {p}}, c = {{300.0f, -300.0f}, {p}};
    const float h_milli = static_cast<float>(l1ref::RoundTo(0.001L, l1ref::kFmtF16));
    const auto half = [](float f) { return static_cast<float>(l1ref::RoundTo(f, l1ref::kFmtF16)); };
    for (Profile prof : {Profile::kAscend950, Profile::kAscend910B}) {
        ProfileScope scope(prof);
        for (Op op : {Op::kAddcmulL, Op::kAddcmulSL}) {
            for (float s0 : {0.0f, 0.001f}) {
                auto x1 = ItemsOf(a, kF16), x2 = ItemsOf(b, kF16), x3 = ItemsOf(c, kF16), out = ItemsOf(a, kF16);
                List l1(x1, kF16), l2(x2, kF16), l3(x3, kF16), lo(out, kF16);
                ValueTensor st({s0, 1.0f}, kF16);
                ASSERT_EQ(RunAddc(op, l1.list, l2.list, l3.list, st.t, lo.list), 0) << LastError();
                const auto got = ReadItems(out, kF16);
                const bool in_half = op == Op::kAddcmulL && prof == Profile::kAscend910B;
                const float s = s0 == 0.0f ? 0.0f : h_milli;
                SCOPED_TRACE(std::string(l1ref::ProfileKey(prof)) + (op == Op::kAddcmulL ? " List" : " ScalarList") +
                             " s " + std::to_string(s0));
                if (in_half) {  // 90000 -> inf: inf * 0 = NaN, inf * s = inf
                    if (s0 == 0.0f) {
                        EXPECT_TRUE(std::isnan(got[0][0]) && std::isnan(got[0][1]));
                    } else {
                        EXPECT_EQ(got[0][0], INFINITY);
                        EXPECT_EQ(got[0][1], -INFINITY);
                    }
                    EXPECT_EQ(aclcpu_test::Bits(got[1][0]), 0u);  // (1 + 2^-9) - (1 + 2^-9): +0
                } else if (op == Op::kAddcmulSL && prof == Profile::kAscend950) {  // its SIMT fma(s * x2, x3, x1)
                    const float sx = foreachref::F32(static_cast<long double>(s) * 300.0L);
                    EXPECT_EQ(got[0][0], half(std::fmaf(sx, 300.0f, 1.0f)));
                    EXPECT_EQ(got[0][1], half(std::fmaf(sx, -300.0f, 1.0f)));
                    EXPECT_EQ(got[1][0], 0x1p-20f);
                } else {
                    EXPECT_EQ(got[0][0], half(std::fmaf(90000.0f, s, 1.0f)));
                    EXPECT_EQ(got[0][1], half(std::fmaf(-90000.0f, s, 1.0f)));
                    EXPECT_EQ(got[1][0], 0x1p-20f);  // the float32 product keeps 2^-20 (a half subnormal)
                }
            }
        }
    }
}

// AddcdivList's BF16 lists on the Ascend 950: one FMA, fma(x2 / x3, s, x1); AddcdivScalarList rounds s * q first.
TEST(ForeachAddcList, AddcdivListBf16OneFmaOnThe950) {
    ProfileScope scope(Profile::kAscend950);
    // q = 1 / 3 in float32; s = 3: s * q = 1 exactly in float32 after rounding (0x3F800000), but the FMA keeps the
    // residual 3 * q - 1 = 2^-25 (q = 0x3EAAAAAB), so x1 = -1 gives 2^-25 via the FMA and 0 via the rounded product
    const std::vector<std::vector<float>> a = {{-1.0f}}, b = {{1.0f}}, c = {{3.0f}};
    for (Op op : {Op::kAddcdivL, Op::kAddcdivSL}) {
        auto x1 = ItemsOf(a, kBF16), x2 = ItemsOf(b, kBF16), x3 = ItemsOf(c, kBF16), out = ItemsOf(a, kBF16);
        List l1(x1, kBF16), l2(x2, kBF16), l3(x3, kBF16), lo(out, kBF16);
        ValueTensor st({3.0f}, kBF16);
        ASSERT_EQ(RunAddc(op, l1.list, l2.list, l3.list, st.t, lo.list), 0) << LastError();
        const auto got = ReadItems(out, kBF16);
        const float q = 1.0f / 3.0f;
        const float want = op == Op::kAddcdivL ? std::fmaf(q, 3.0f, -1.0f)
                                               : foreachref::F32(-1.0L + foreachref::F32(3.0L * q));
        EXPECT_EQ(got[0][0], static_cast<float>(l1ref::RoundTo(want, l1ref::kFmtBF16))) << (op == Op::kAddcdivL);
        if (op == Op::kAddcdivL) {
            EXPECT_NE(got[0][0], 0.0f);
        }
    }
}

// Outputs that are inputs of later positions: out = x1 = [A, B] with x2 = [B, A] and x3 = [C, C] - position 1 reads
// A as position 0 left it (the calls made one by one); and out = x3 (each output its own position's divisor).
TEST(ForeachAddcList, AliasedListsRunInListOrder) {
    ProfileScope scope(Profile::kAscend950);
    for (Op op : {Op::kAddcmulL, Op::kAddcdivL}) {
        const std::vector<std::vector<float>> av = {{1.5f, -2.0f, 0.0f}}, bv = {{3.0f, 0.25f, -7.0f}},
                                              cv = {{0.1f, 3.0f, -0.0f}};
        auto A = ItemsOf(av, kF32), B = ItemsOf(bv, kF32), C = ItemsOf(cv, kF32);
        const float s0 = 0.3f, s1 = -1.7f;
        const auto step = [op](float x, float y, float z, float s) {
            return op == Op::kAddcmulL ? std::fmaf(y * z, s, x) : std::fmaf(Flush(y / z), s, x);
        };
        {
            const aclTensor* t1[] = {aclcpu_test::MakeTensor({3}, ACL_FLOAT, A[0]->buf.get()),
                                     aclcpu_test::MakeTensor({3}, ACL_FLOAT, B[0]->buf.get())};
            const aclTensor* t2[] = {aclcpu_test::MakeTensor({3}, ACL_FLOAT, B[0]->buf.get()),
                                     aclcpu_test::MakeTensor({3}, ACL_FLOAT, A[0]->buf.get())};
            const aclTensor* t3[] = {aclcpu_test::MakeTensor({3}, ACL_FLOAT, C[0]->buf.get()),
                                     aclcpu_test::MakeTensor({3}, ACL_FLOAT, C[0]->buf.get())};
            const aclTensor* to[] = {aclcpu_test::MakeTensor({3}, ACL_FLOAT, A[0]->buf.get()),
                                     aclcpu_test::MakeTensor({3}, ACL_FLOAT, B[0]->buf.get())};
            aclTensorList *l1 = aclCreateTensorList(t1, 2), *l2 = aclCreateTensorList(t2, 2),
                          *l3 = aclCreateTensorList(t3, 2), *lo = aclCreateTensorList(to, 2);
            ValueTensor st({s0, s1}, kF32);
            ASSERT_EQ(RunAddc(op, l1, l2, l3, st.t, lo), 0) << LastError();
            const auto ga = ReadItems(A, kF32), gb = ReadItems(B, kF32);
            for (size_t e = 0; e < 3; ++e) {
                const float a1 = step(av[0][e], bv[0][e], cv[0][e], s0);   // position 0: A updated
                const float b1 = step(bv[0][e], a1, cv[0][e], s1);         // position 1 reads the new A
                EXPECT_TRUE(aclcpu_test::Bits(ga[0][e]) == aclcpu_test::Bits(a1) || (a1 != a1 && ga[0][e] != ga[0][e])) << e;
                EXPECT_TRUE(aclcpu_test::Bits(gb[0][e]) == aclcpu_test::Bits(b1) || (b1 != b1 && gb[0][e] != gb[0][e])) << e;
            }
            for (aclTensorList* l : {l1, l2, l3, lo}) aclDestroyTensorList(l);
        }
    }
}

// The List forms' checks (generated layers: the codes CANN documents), each with its status and message.
TEST(ForeachAddcList, Checks) {
    using First = aclnnStatus (*)(const aclTensorList*, const aclTensorList*, const aclTensorList*, const aclTensor*,
                                  const aclTensorList*, uint64_t*, aclOpExecutor**);
    for (First first : {static_cast<First>(aclnnForeachAddcmulListGetWorkspaceSize),
                        static_cast<First>(aclnnForeachAddcdivListGetWorkspaceSize)}) {
        const bool mul = first == static_cast<First>(aclnnForeachAddcmulListGetWorkspaceSize);
        SCOPED_TRACE(mul ? "AddcmulList" : "AddcdivList");
        for (Profile prof : {Profile::kAscend950, Profile::kAscend910B}) {
            ProfileScope scope(prof);
            Lists f32(2, kF32), f16(2, kF16), i32(2, Code(ACL_INT32)), three(3, kF32);
            List x(f32.a, kF32), y(f32.b, kF32), o(f32.o, kF32), h(f16.a, kF16), xi(i32.a, Code(ACL_INT32)),
                oi(i32.o, Code(ACL_INT32)), x3(three.a, kF32);
            ValueTensor s2({1.0f, 2.0f}, kF32), s1({1.0f}, kF32), s2h({1.0f, 2.0f}, kF16), si({1.0f, 2.0f}, Code(ACL_INT32));
            DeviceBuffer b9(8);
            aclTensor* s9 = aclcpu_test::MakeTensor({1, 1, 1, 1, 1, 1, 1, 1, 2}, ACL_FLOAT, b9.get());
            uint64_t ws = 0;
            aclOpExecutor* ex = nullptr;
            ASSERT_EQ(first(x.list, y.list, y.list, s2.t, o.list, &ws, &ex), 0) << LastError();
            aclDestroyAclOpExecutor(ex);
            // NULL arguments, in parameter order
            EXPECT_EQ(first(nullptr, y.list, y.list, s2.t, o.list, &ws, &ex), kNullptr);
            EXPECT_NE(LastError().find("got null for argument x1."), std::string::npos);
            EXPECT_EQ(first(x.list, y.list, nullptr, nullptr, o.list, &ws, &ex), kNullptr);
            EXPECT_NE(LastError().find("got null for argument x3."), std::string::npos);
            EXPECT_EQ(first(x.list, y.list, y.list, nullptr, o.list, &ws, &ex), kNullptr);
            EXPECT_NE(LastError().find("got null for argument scalars."), std::string::npos);
            EXPECT_EQ(first(x.list, y.list, y.list, s2.t, nullptr, &ws, &ex), kNullptr);
            EXPECT_EQ(first(x.list, y.list, y.list, s2.t, o.list, nullptr, &ex), kNullptr);
            // dtypes: x1[0] outside the list (INT32 for AddcdivList), x2[0] or out of another dtype (161002), a
            // later tensor of x2 of another dtype (561002: the tiling's)
            EXPECT_EQ(first(xi.list, xi.list, xi.list, si.t, oi.list, &ws, &ex), mul ? 0 : kInvalid) << LastError();
            if (mul) {
                aclDestroyAclOpExecutor(ex);
            } else {
                EXPECT_NE(LastError().find("Tensor x1[0] dtype DT_INT32 should be in dtype support list"), std::string::npos);
            }
            EXPECT_EQ(first(x.list, h.list, y.list, s2.t, o.list, &ws, &ex), kInvalid);
            EXPECT_NE(LastError().find("Tensor x2[0] dtype DT_FLOAT16 does not match the kernel"), std::string::npos);
            EXPECT_EQ(first(x.list, y.list, y.list, s2.t, h.list, &ws, &ex), kInvalid);
            EXPECT_NE(LastError().find("Tensor out[i] dtype DT_FLOAT16 should be x1's dtype DT_FLOAT"), std::string::npos);
            const aclTensor* mixed_t[] = {aclcpu_test::MakeTensor({2, 3}, ACL_FLOAT, f32.b[0]->buf.get()),
                                          aclcpu_test::MakeTensor({2, 3}, ACL_FLOAT16, f16.b[1]->buf.get())};
            aclTensorList* mixed = aclCreateTensorList(mixed_t, 2);
            EXPECT_EQ(first(x.list, y.list, mixed, s2.t, o.list, &ws, &ex), 561002);
            EXPECT_NE(LastError().find("Every tensor of x3 should have x1[0]'s dtype DT_FLOAT, but found DT_FLOAT16"),
                      std::string::npos);
            // lengths (561002, the tiling's)
            EXPECT_EQ(first(x.list, y.list, x3.list, s2.t, o.list, &ws, &ex), 561002);
            EXPECT_NE(LastError().find("must have the same number of tensors, but got 2, 2, 3 and 2"), std::string::npos);
            // the scalars tensor: the lists' dtype (161002), at most 8 dims, then one value per position (561002)
            EXPECT_EQ(first(x.list, y.list, y.list, s2h.t, o.list, &ws, &ex), kInvalid);
            EXPECT_NE(LastError().find("Tensor scalars dtype DT_FLOAT16 should be the lists' dtype DT_FLOAT"), std::string::npos);
            EXPECT_EQ(first(x.list, y.list, y.list, s9, o.list, &ws, &ex), 561002);
            EXPECT_NE(LastError().find("cannot be larger than 8 dimensions, but has 9"), std::string::npos);
            EXPECT_EQ(first(x.list, y.list, y.list, s1.t, o.list, &ws, &ex), 561002);
            EXPECT_NE(LastError().find("holds 1 for 2"), std::string::npos);
            // a NULL element (161002)
            const aclTensor* holes[2] = {aclcpu_test::MakeTensor({2, 3}, ACL_FLOAT, f32.a[0]->buf.get()), nullptr};
            aclTensorList* with_null = aclCreateTensorList(holes, 2);
            EXPECT_EQ(first(x.list, with_null, y.list, s2.t, o.list, &ws, &ex), kInvalid);
            EXPECT_NE(LastError().find("x2[1]"), std::string::npos);
            // empty lists: success, nothing to run (the scalars tensor is not read)
            aclTensorList* e = aclCreateTensorList(nullptr, 0);
            ws = 99;
            ASSERT_EQ(first(e, e, e, s1.t, e, &ws, &ex), 0) << LastError();
            EXPECT_EQ(ws, 0u);
            EXPECT_EQ(mul ? aclnnForeachAddcmulList(nullptr, 0, ex, nullptr) : aclnnForeachAddcdivList(nullptr, 0, ex, nullptr), 0);
            EXPECT_EQ(aclrtSynchronizeStream(nullptr), 0);
            {
                ProfileScope old(Profile::kAscend910);
                EXPECT_EQ(first(x.list, y.list, y.list, s2.t, o.list, &ws, &ex), kInvalid);
                EXPECT_NE(LastError().find("is not supported on Ascend910"), std::string::npos);
            }
            aclDestroyTensorList(mixed);
            aclDestroyTensorList(with_null);
            aclDestroyTensorList(e);
            aclDestroyTensor(s9);
        }
    }
}

// The values are read when the second phase runs (written after the first phase here), through a strided view of
// the scalars tensor (row-major order), and aclSetInputTensorAddr on input 3 moves every position's value.
TEST(ForeachAddcList, ValuesReadAtRunTimeThroughAStridedViewAndReaddressed) {
    ProfileScope scope(Profile::kAscend910B);
    std::mt19937 rng(13);
    const std::vector<std::vector<int64_t>> shapes = {{3}, {2, 2}, {0}};
    for (Op op : {Op::kAddcmulL, Op::kAddcdivL}) {
        auto x1 = MakeItems(3, kF32, rng, shapes.data());
        auto x2 = MakeItems(3, kF32, rng, shapes.data());
        auto x3 = MakeItems(3, kF32, rng, shapes.data());
        auto out = MakeItems(3, kF32, rng, shapes.data());
        List l1(x1, kF32), l2(x2, kF32), l3(x3, kF32), lo(out, kF32);
        DeviceBuffer first(24), second(24);
        const float zeros[6] = {}, vals[6] = {2.0f, 99.0f, -3.0f, 99.0f, 0.5f, 99.0f},
                    other[6] = {0.25f, 99.0f, 4.0f, 99.0f, -1.0f, 99.0f};
        aclrtMemcpy(first.get(), 24, zeros, 24, ACL_MEMCPY_HOST_TO_DEVICE);
        aclrtMemcpy(second.get(), 24, other, 24, ACL_MEMCPY_HOST_TO_DEVICE);
        aclTensor* st = aclcpu_test::MakeTensor({3}, ACL_FLOAT, first.get(), {2}, 0, {6});  // every other element
        uint64_t ws = 0;
        aclOpExecutor* ex = nullptr;
        const bool mul = op == Op::kAddcmulL;
        ASSERT_EQ(mul ? aclnnForeachAddcmulListGetWorkspaceSize(l1.list, l2.list, l3.list, st, lo.list, &ws, &ex)
                      : aclnnForeachAddcdivListGetWorkspaceSize(l1.list, l2.list, l3.list, st, lo.list, &ws, &ex), 0)
            << LastError();
        ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0) << LastError();
        aclrtMemcpy(first.get(), 24, vals, 24, ACL_MEMCPY_HOST_TO_DEVICE);  // after the first phase
        const auto check = [&](const float* v) {
            for (size_t i = 0; i < 3; ++i) {
                std::vector<float> got(out[i]->host.size() / 4);
                aclrtMemcpy(got.data(), got.size() * 4, out[i]->buf.get(), got.size() * 4, ACL_MEMCPY_DEVICE_TO_HOST);
                const std::vector<int64_t> oa = Offsets(*x1[i]), ob = Offsets(*x2[i]), od = Offsets(*x3[i]),
                                           oo = Offsets(*out[i]);
                for (size_t e = 0; e < oa.size(); ++e) {
                    float a, b, d;
                    std::memcpy(&a, x1[i]->host.data() + oa[e] * 4, 4);
                    std::memcpy(&b, x2[i]->host.data() + ob[e] * 4, 4);
                    std::memcpy(&d, x3[i]->host.data() + od[e] * 4, 4);
                    const float s = v[2 * i];
                    const float q = mul ? b * d : Flush(Flush(b) / Flush(d));
                    const float want = std::fmaf(q, s, a);
                    const float g = got[static_cast<size_t>(oo[e])];
                    EXPECT_TRUE(aclcpu_test::Bits(g) == aclcpu_test::Bits(want) || (want != want && g != g)) << i << " " << e;
                }
            }
        };
        const auto second_phase = [&] {
            return mul ? aclnnForeachAddcmulList(nullptr, 0, ex, nullptr) : aclnnForeachAddcdivList(nullptr, 0, ex, nullptr);
        };
        ASSERT_EQ(second_phase(), 0) << LastError();
        ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
        check(vals);
        ASSERT_EQ(aclSetInputTensorAddr(ex, 3, st, second.get()), 0) << LastError();
        ASSERT_EQ(second_phase(), 0) << LastError();
        ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
        check(other);
        aclDestroyAclOpExecutor(ex);
        aclDestroyTensor(st);
    }
}

}  // namespace

// ------------------------------------------------------------------ the Ascend 950's in-place forms

// The address setters number a repeatable in-place executor's arguments as CANN does: the op definitions of the
// in-place forms (ops-nn foreach_*_inplace_def.cpp) declare the in-place list as input 0, the other arguments as the
// inputs after it, and no output at all.
TEST(ForeachInplace, AddressSettersNumberTheListAsInputZero) {
    ProfileScope scope(Profile::kAscend950);
    constexpr int kLen = 4;
    // n FLOAT tensors of kLen elements in one block; tensor k holds base + k * 10 + e
    struct Block {
        DeviceBuffer buf;
        std::vector<aclTensor*> t;
        aclTensorList* list = nullptr;
        Block(int n, float base) : buf(static_cast<size_t>(n) * kLen * 4) {
            std::vector<float> h(static_cast<size_t>(n) * kLen);
            for (size_t i = 0; i < h.size(); ++i) h[i] = base + static_cast<float>(i / kLen * 10 + i % kLen);
            aclrtMemcpy(buf.get(), h.size() * 4, h.data(), h.size() * 4, ACL_MEMCPY_HOST_TO_DEVICE);
            for (int k = 0; k < n; ++k) t.push_back(aclcpu_test::MakeTensor({kLen}, ACL_FLOAT, buf.as<float>() + k * kLen));
            list = aclCreateTensorList(t.data(), t.size());
        }
        ~Block() { aclDestroyTensorList(list); }
        std::vector<float> Values() const { return aclcpu_test::Download<float>(buf.get(), t.size() * kLen); }
    };
    const auto launch = [](aclnnStatus (*second)(void*, uint64_t, aclOpExecutor*, aclrtStream), uint64_t ws,
                           aclOpExecutor* ex) {
        DeviceBuffer w(ws > 0 ? ws : 1);
        ASSERT_EQ(second(ws > 0 ? w.get() : nullptr, ws, ex, nullptr), 0) << LastError();
        ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
    };
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    {  // x1 += alpha * x2: inputs x1 (0), x2 (1), alpha (2); no output
        Block x1(2, 0.0f), x2(2, 100.0f), moved(2, 1000.0f);
        DeviceBuffer ab(4);
        const float alpha = 2.0f;
        aclrtMemcpy(ab.get(), 4, &alpha, 4, ACL_MEMCPY_HOST_TO_DEVICE);
        aclTensor* at = aclcpu_test::MakeTensor({1}, ACL_FLOAT, ab.get());
        ASSERT_EQ(aclnnForeachAddListInplaceGetWorkspaceSize(x1.list, x2.list, at, &ws, &ex), 0) << LastError();
        ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0);
        EXPECT_EQ(aclSetDynamicOutputTensorAddr(ex, 0, 0, x1.list, moved.buf.get()), kInvalid);  // no outputs
        EXPECT_NE(LastError().find("not a dynamic"), std::string::npos);
        EXPECT_EQ(aclSetInputTensorAddr(ex, 0, nullptr, moved.buf.get()), kInvalid);  // input 0 is the list
        EXPECT_NE(LastError().find("is a tensor list"), std::string::npos);
        EXPECT_EQ(aclSetDynamicInputTensorAddr(ex, 2, 0, x1.list, moved.buf.get()), kInvalid);  // alpha: no list
        // x1[1] now at moved's second tensor, x2[0] at moved's first; alpha at input 2 (same memory)
        ASSERT_EQ(aclSetDynamicInputTensorAddr(ex, 0, 1, x1.list, moved.buf.as<float>() + kLen), 0) << LastError();
        ASSERT_EQ(aclSetDynamicTensorAddr(ex, 1, 0, x2.list, moved.buf.get()), 0) << LastError();
        ASSERT_EQ(aclSetInputTensorAddr(ex, 2, at, ab.get()), 0) << LastError();
        launch(aclnnForeachAddListInplace, ws, ex);
        const std::vector<float> a = x1.Values(), m = moved.Values();
        for (int e = 0; e < kLen; ++e) {
            EXPECT_EQ(a[e], static_cast<float>(e) + 2.0f * (1000.0f + e)) << e;         // x1[0] += 2 * moved[0]
            EXPECT_EQ(a[kLen + e], static_cast<float>(10 + e)) << e;                     // x1[1] moved away
            EXPECT_EQ(m[kLen + e], 1010.0f + e + 2.0f * (110.0f + e)) << e;             // moved[1] += 2 * x2[1]
            EXPECT_EQ(m[e], 1000.0f + e) << e;                                           // read, not written
        }
        aclDestroyAclOpExecutor(ex);
        aclDestroyTensor(at);
    }
    {  // x *= scalar: inputs x (0), scalar (1); x1 *= x2: inputs x1 (0), x2 (1); x = 0: input x (0)
        Block x(2, 1.0f), y(2, 3.0f), moved(2, 50.0f);
        DeviceBuffer sb(4);
        const float three = 3.0f;
        aclrtMemcpy(sb.get(), 4, &three, 4, ACL_MEMCPY_HOST_TO_DEVICE);
        aclTensor* st = aclcpu_test::MakeTensor({1}, ACL_FLOAT, sb.get());
        ASSERT_EQ(aclnnForeachMulScalarInplaceGetWorkspaceSize(x.list, st, &ws, &ex), 0) << LastError();
        ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0);
        EXPECT_EQ(aclSetDynamicOutputTensorAddr(ex, 0, 0, x.list, moved.buf.get()), kInvalid);
        ASSERT_EQ(aclSetInputTensorAddr(ex, 1, st, sb.get()), 0) << LastError();  // the scalar is input 1
        ASSERT_EQ(aclSetDynamicInputTensorAddr(ex, 0, 0, x.list, moved.buf.get()), 0) << LastError();
        launch(aclnnForeachMulScalarInplace, ws, ex);
        EXPECT_EQ(moved.Values()[1], 153.0f);
        EXPECT_EQ(x.Values()[1], 2.0f);
        aclDestroyAclOpExecutor(ex);
        ASSERT_EQ(aclnnForeachMulListInplaceGetWorkspaceSize(x.list, y.list, &ws, &ex), 0) << LastError();
        ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0);
        EXPECT_EQ(aclSetDynamicOutputTensorAddr(ex, 0, 0, x.list, moved.buf.get()), kInvalid);
        ASSERT_EQ(aclSetDynamicInputTensorAddr(ex, 0, 1, x.list, moved.buf.as<float>() + kLen), 0) << LastError();
        ASSERT_EQ(aclSetDynamicInputTensorAddr(ex, 1, 1, y.list, y.buf.get()), 0) << LastError();  // y[1] -> y[0]
        launch(aclnnForeachMulListInplace, ws, ex);
        EXPECT_EQ(moved.Values()[kLen + 2], (60.0f + 2) * (3.0f + 2));  // moved[1] *= y[0]
        aclDestroyAclOpExecutor(ex);
        ASSERT_EQ(aclnnForeachZeroInplaceGetWorkspaceSize(x.list, &ws, &ex), 0) << LastError();
        ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0);
        EXPECT_EQ(aclSetDynamicOutputTensorAddr(ex, 0, 0, x.list, moved.buf.get()), kInvalid);
        EXPECT_EQ(aclSetDynamicInputTensorAddr(ex, 1, 0, x.list, moved.buf.get()), kInvalid);  // one input
        // (the setters re-addressed the caller's descriptors too: x[0] and x[1] are moved's tensors by now)
        ASSERT_EQ(aclSetDynamicInputTensorAddr(ex, 0, 0, x.list, y.buf.get()), 0) << LastError();
        launch(aclnnForeachZeroInplace, ws, ex);
        EXPECT_EQ(y.Values()[3], 0.0f);                                  // x[0], re-addressed to y[0]
        EXPECT_EQ(moved.Values()[3], (50.0f + 3) * 3.0f * (3.0f + 3));  // where x[0] was: untouched
        EXPECT_EQ(moved.Values()[kLen + 3], 0.0f);                       // x[1]
        EXPECT_EQ(x.Values()[3], 4.0f);  // x's own first tensor: moved away before the first launch
        aclDestroyAclOpExecutor(ex);
        aclDestroyTensor(st);
    }
}

// x2 naming x1's tensors at other positions (x2[i] = x1[(i + 1) % 3]): the results are those of the calls made
// position by position in list order (the last position reads the first one's new value); the alpha tensor is read
// when the kernel runs (written after the first phase, then re-addressed); Atlas A2/A3 refuse the in-place forms;
// the kernel match of alpha's and x2[0]'s dtype, the alpha and scalar element counts.
TEST(ForeachInplace, AliasedPositionsAlphaReadAtRunTimeAndChecks) {
    ProfileScope scope(Profile::kAscend950);
    std::mt19937 rng(17);
    const std::vector<std::vector<int64_t>> shapes = {{2, 3}, {2, 3}, {2, 3}};
    auto x1 = MakeItems(3, kF32, rng, shapes.data());
    std::vector<std::vector<float>> v(3);
    for (int i = 0; i < 3; ++i) {  // the contiguous values (MakeItems' views may be strided: read them back)
        const std::vector<int64_t> off = Offsets(*x1[i]);
        for (int64_t e : off) {
            float f;
            std::memcpy(&f, x1[i]->host.data() + e * 4, 4);
            v[i].push_back(f);
        }
    }
    List l1(x1, kF32);
    std::vector<aclTensor*> rot_copy;  // x1's views again, rotated by one position
    for (int j : {1, 2, 0}) {
        const Item& t = *x1[static_cast<size_t>(j)];
        rot_copy.push_back(aclcpu_test::MakeTensor(t.shape, ACL_FLOAT, t.buf.get(), t.strides, 0,
                                                   {std::max<int64_t>(t.storage, 0)}));
    }
    aclTensorList* l2 = aclCreateTensorList(rot_copy.data(), rot_copy.size());
    DeviceBuffer ab(4), other(4);
    const float zero = 0.0f, alpha = 0.75f, alpha2 = -2.5f;
    aclrtMemcpy(ab.get(), 4, &zero, 4, ACL_MEMCPY_HOST_TO_DEVICE);
    aclrtMemcpy(other.get(), 4, &alpha2, 4, ACL_MEMCPY_HOST_TO_DEVICE);
    aclTensor* at = aclcpu_test::MakeTensor({1, 1}, ACL_FLOAT, ab.get());  // one element in two dims
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnForeachSubListInplaceGetWorkspaceSize(l1.list, l2, at, &ws, &ex), 0) << LastError();
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0) << LastError();
    aclrtMemcpy(ab.get(), 4, &alpha, 4, ACL_MEMCPY_HOST_TO_DEVICE);  // after the first phase
    const auto step = [&](float a) {  // the calls one by one: x1[i] -= (a * x1[(i + 1) % 3] rounded)
        for (int i = 0; i < 3; ++i) {
            const std::vector<float>& y = v[(i + 1) % 3];
            for (size_t e = 0; e < v[i].size(); ++e) {  // each step rounded to float32
                const float t = foreachref::F32(static_cast<long double>(a) * y[e]);
                v[i][e] = foreachref::F32(static_cast<long double>(v[i][e]) - t);
            }
        }
    };
    const auto check = [&]() {
        for (int i = 0; i < 3; ++i) {
            std::vector<uint8_t> got(x1[i]->host.size());
            aclrtMemcpy(got.data(), got.size(), x1[i]->buf.get(), got.size(), ACL_MEMCPY_DEVICE_TO_HOST);
            const std::vector<int64_t> off = Offsets(*x1[i]);
            for (size_t e = 0; e < off.size(); ++e) {
                float g;
                std::memcpy(&g, got.data() + off[e] * 4, 4);
                const float w = v[i][e];
                EXPECT_TRUE(aclcpu_test::Bits(g) == aclcpu_test::Bits(w) || (g != g && w != w)) << i << " " << e;
            }
        }
    };
    ASSERT_EQ(aclnnForeachSubListInplace(nullptr, ws, ex, nullptr), 0) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
    step(alpha);
    check();
    ASSERT_EQ(aclSetInputTensorAddr(ex, 2, at, other.get()), 0) << LastError();  // x1, x2, alpha: alpha is 2
    ASSERT_EQ(aclnnForeachSubListInplace(nullptr, ws, ex, nullptr), 0) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
    step(alpha2);
    check();
    aclDestroyAclOpExecutor(ex);
    // checks: alpha's dtype (FLOAT16 lists take FLOAT16), x2[0]'s dtype, one element, the product
    aclTensor* half = aclcpu_test::MakeTensor({1}, ACL_FLOAT16, ab.get());
    aclTensor* two = aclcpu_test::MakeTensor({2}, ACL_FLOAT, ab.get());
    EXPECT_EQ(aclnnForeachAddListInplaceGetWorkspaceSize(l1.list, l2, half, &ws, &ex), kInvalid);
    EXPECT_NE(LastError().find("Tensor alpha dtype DT_FLOAT16"), std::string::npos) << LastError();
    EXPECT_EQ(aclnnForeachAddListInplaceGetWorkspaceSize(l1.list, l2, two, &ws, &ex), 561002);
    EXPECT_NE(LastError().find("one element"), std::string::npos) << LastError();
    EXPECT_EQ(aclnnForeachMulScalarInplaceGetWorkspaceSize(l1.list, two, &ws, &ex), 561002);
    EXPECT_EQ(aclnnForeachSubScalarInplaceGetWorkspaceSize(l1.list, nullptr, &ws, &ex), kNullptr);
    EXPECT_EQ(aclnnForeachMaximumScalarGetWorkspaceSize(l1.list, half, l2, &ws, &ex), kInvalid);  // FLOAT lists: FLOAT
    EXPECT_EQ(aclnnForeachMinimumScalarGetWorkspaceSize(l1.list, two, l2, &ws, &ex), 561002);
    {
        Lists h(3, kF16);
        List lh(h.a, kF16);
        EXPECT_EQ(aclnnForeachMulListInplaceGetWorkspaceSize(l1.list, lh.list, &ws, &ex), kInvalid);
        EXPECT_NE(LastError().find("does not match the kernel"), std::string::npos) << LastError();
        EXPECT_EQ(aclnnForeachMulScalarInplaceGetWorkspaceSize(lh.list, at, &ws, &ex), 0) << LastError();  // FLOAT
        aclDestroyAclOpExecutor(ex);
        EXPECT_EQ(aclnnForeachAddListInplaceGetWorkspaceSize(lh.list, lh.list, half, &ws, &ex), 0) << LastError();
        aclDestroyAclOpExecutor(ex);
        Lists i32(2, Code(ACL_INT32));
        List li(i32.a, Code(ACL_INT32));
        EXPECT_EQ(aclnnForeachDivListInplaceGetWorkspaceSize(li.list, li.list, &ws, &ex), kInvalid);  // no INT32
    }
    {
        ProfileScope a2(Profile::kAscend910B);
        EXPECT_EQ(aclnnForeachMulListInplaceGetWorkspaceSize(l1.list, l2, &ws, &ex), kInvalid);
        EXPECT_NE(LastError().find("not supported"), std::string::npos) << LastError();
        EXPECT_EQ(aclnnForeachSubScalarInplaceGetWorkspaceSize(l1.list, at, &ws, &ex), kInvalid);
    }
    aclDestroyTensor(half);
    aclDestroyTensor(two);
    aclDestroyTensor(at);
    aclDestroyTensorList(l2);
}

// ------------------------------------------------------------------ aclnnForeachAddList / SubList (V1)

// The V1 forms (alpha a one-element tensor read when the kernel runs) against the test's model of the V2 kernels on
// alpha's stored value (ExpectElement: the half Axpy as the double FMA rounded once to half on Atlas A2/A3, the
// Ascend 950's subnormal-half decoding and its SubList's low-16-bits reading of a BF16 list's FLOAT alpha, INT32
// wrapping), every product that has them, lists of 1, 5 and 64 tensors (0-d, empty, transposed views; NaN,
// infinities, signed zeros, subnormals, INT32 extremes), out of place and in place (out = x1).
TEST(ForeachListAlphaV1, BitExactPerProduct) {
    const std::vector<Case> cases = {
        {Op::kAddListT, {kF32, kF16, kBF16}, -0.9, ACL_DOUBLE},
        {Op::kAddListT, {kF16}, 3e-6, ACL_DOUBLE},  // a half subnormal alpha: the Ascend 950 kernel's decoding
        {Op::kAddListT, {kF16}, -6.0e-8, ACL_DOUBLE},  // the smallest half subnormal
        {Op::kAddListT, {kF32, kF16, kBF16}, 1e30, ACL_DOUBLE},  // FLOAT16: an infinite alpha
        {Op::kAddListT, {kF32, kF16, kBF16}, -0.0, ACL_DOUBLE},
        {Op::kAddListT, {Code(ACL_INT32)}, 3, ACL_INT64},
        {Op::kAddListT, {Code(ACL_INT32)}, -65537, ACL_INT64},
        {Op::kSubListT, {kF32, kF16, kBF16}, 0.3, ACL_DOUBLE},
        {Op::kSubListT, {kF32, kF16, kBF16}, 1.0, ACL_DOUBLE},  // BF16 on the 950: 0x3F800000's low half, 0
        {Op::kSubListT, {kF16}, 3e-6, ACL_DOUBLE},  // a subnormal half alpha: no decoding in SubList
        {Op::kSubListT, {kF32, kBF16}, -1.1754944e-38 / 3, ACL_DOUBLE},  // a float32 subnormal alpha
        {Op::kSubListT, {Code(ACL_INT32)}, 3, ACL_INT64},
        {Op::kSubListT, {Code(ACL_INT32)}, -65537, ACL_INT64},
    };
    uint32_t seed = 901;
    for (Profile prof : {Profile::kAscend950, Profile::kAscend910B, Profile::kAscend910_93}) {
        ProfileScope scope(prof);
        for (const Case& k : cases) {
            for (int d : k.dtypes) {
                int64_t compared = 0;
                for (int n : {1, 5, 64}) {
                    Call c{k.op, d, prof, k.scalar, k.scalar_dtype};
                    SCOPED_TRACE(std::string(l1ref::ProfileKey(prof)) + " op " + std::to_string(static_cast<int>(k.op)) +
                                 " dtype " + std::to_string(d) + " n " + std::to_string(n) + " alpha " +
                                 std::to_string(k.scalar));
                    compared += Sweep(c, n, seed++);
                }
                EXPECT_GT(compared, 100);
            }
        }
    }
}

namespace {

// The alpha tensor's bytes for c as RunOp stores them (the value the V2 op_api would convert c.scalar to).
std::vector<uint8_t> AlphaBytes(const Call& c) {
    std::vector<uint8_t> b(4, 0);
    if (c.dtype == Code(ACL_INT32)) {
        const int32_t v = static_cast<int32_t>(foreachref::Wrap(KernelIntScalar(c), 4, false));
        std::memcpy(b.data(), &v, 4);
    } else {
        l1ref::WriteValue(b.data(), c.dtype == kF16 ? kF16 : kF32, KernelScalar(c));
    }
    return b;
}

// The expected storage of every position after one call of c with out_i = x1_i op alpha * x2_i, where x1, x2, out
// are views of the positions' items given by index (aliases allowed: all reads are of the storage before the call,
// which is what each position's element-wise kernel sees when its own out is at most its own x1 or x2).
std::vector<std::vector<uint8_t>> Expected(const Call& c, const std::vector<std::unique_ptr<Item>>& items,
                                           const std::vector<int>& x1, const std::vector<int>& x2,
                                           const std::vector<int>& out) {
    const size_t es = l1ref::DtSize(c.dtype);
    std::vector<std::vector<uint8_t>> want;
    for (const auto& t : items) want.push_back(t->host);
    for (size_t i = 0; i < x1.size(); ++i) {
        const Item &a = *items[x1[i]], &b = *items[x2[i]], &o = *items[out[i]];
        const std::vector<int64_t> oa = Offsets(a), ob = Offsets(b), oo = Offsets(o);
        for (size_t e = 0; e < oa.size(); ++e) {
            uint8_t w[8] = {};
            ExpectElement(c, a.host.data() + oa[e] * es, b.host.data() + ob[e] * es, b.host.data() + ob[e] * es, w, i);
            std::memcpy(want[out[i]].data() + oo[e] * es, w, es);
        }
    }
    return want;
}

void ExpectStorage(int d, const std::vector<std::unique_ptr<Item>>& items, std::vector<std::vector<uint8_t>>& want) {
    const size_t es = l1ref::DtSize(d);
    for (size_t i = 0; i < items.size(); ++i) {
        std::vector<uint8_t> got(items[i]->host.size());
        aclrtMemcpy(got.data(), got.size(), items[i]->buf.get(), got.size(), ACL_MEMCPY_DEVICE_TO_HOST);
        for (size_t e = 0; e + es <= got.size() && static_cast<int64_t>(e / es) < items[i]->storage; e += es) {
            const bool same = d == Code(ACL_INT32) ? std::memcmp(got.data() + e, want[i].data() + e, es) == 0
                                                   : foreachref::SameFloat(d, got.data() + e, want[i].data() + e);
            if (!same) {
                ADD_FAILURE() << "item " << i << " element " << e / es << ": got " << l1ref::ReadValue(got.data() + e, d)
                              << ", want " << l1ref::ReadValue(want[i].data() + e, d);
                return;
            }
        }
        items[i]->host = got;
    }
}

}  // namespace

// alpha is read when the kernel runs: written after the first phase (a repeatable executor), then re-addressed to
// another buffer (aclSetInputTensorAddr: input 2 after the lists x1, x2); x2 naming x1's tensors and out naming x1
// (every list the same memory) or x2; a strided alpha view ([1, 1] of a larger storage at an offset).
TEST(ForeachListAlphaV1, AlphaReadAtRunTimeAliasedListsAndReaddressed) {
    for (Profile prof : {Profile::kAscend950, Profile::kAscend910B}) {
        ProfileScope scope(prof);
        for (int d : std::vector<int>{kF32, kF16, kBF16, Code(ACL_INT32)}) {
            for (Op op : {Op::kAddListT, Op::kSubListT}) {
                SCOPED_TRACE(std::string(l1ref::ProfileKey(prof)) + " dtype " + std::to_string(d) + " op " +
                             std::to_string(static_cast<int>(op)));
                std::mt19937 rng(static_cast<uint32_t>(d * 7 + static_cast<int>(op)));
                const std::vector<std::vector<int64_t>> shapes = {{2, 3}, {0}, {5}, {}, {3, 1, 2}};
                auto items = MakeItems(5, d, rng, shapes.data());
                auto more = MakeItems(5, d, rng, shapes.data());
                for (auto& t : more) items.push_back(std::move(t));
                const auto make_list = [&](const std::vector<int>& idx) {  // fresh handles (a list owns them)
                    std::vector<aclTensor*> ts;
                    for (int k : idx) {
                        const Item& t = *items[static_cast<size_t>(k)];
                        ts.push_back(aclcpu_test::MakeTensor(t.shape, static_cast<aclDataType>(d), t.buf.get(), t.strides,
                                                             0, {std::max<int64_t>(t.storage, 0)}));
                    }
                    return aclCreateTensorList(ts.data(), ts.size());
                };
                const aclDataType ad = d == kF16 ? ACL_FLOAT16 : d == Code(ACL_INT32) ? ACL_INT32 : ACL_FLOAT;
                // the alpha storage: 4 elements, the view [1, 1] at offset 2 (strides 2, 1)
                DeviceBuffer ab(16), other(16);
                const std::vector<uint8_t> zeros(16, 0);
                aclrtMemcpy(ab.get(), 16, zeros.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE);
                // x1 = x2 = out = items 0..4 (all one memory); then x1 = items 0..4, x2 = out = items 5..9
                for (int layout = 0; layout < 2; ++layout) {
                    const std::vector<int> x1 = {0, 1, 2, 3, 4};
                    const std::vector<int> x2 = layout == 0 ? x1 : std::vector<int>{5, 6, 7, 8, 9};
                    aclTensorList* l1 = make_list(x1);
                    aclTensorList* l2 = make_list(x2);
                    aclTensorList* lo = make_list(x2);
                    aclTensor* at = aclcpu_test::MakeTensor({1, 1}, ad, ab.get(), {2, 1}, 2, {4});
                    uint64_t ws = 0;
                    aclOpExecutor* ex = nullptr;
                    const int st = op == Op::kAddListT ? aclnnForeachAddListGetWorkspaceSize(l1, l2, at, lo, &ws, &ex)
                                                       : aclnnForeachSubListGetWorkspaceSize(l1, l2, at, lo, &ws, &ex);
                    ASSERT_EQ(st, 0) << LastError();
                    ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), 0) << LastError();
                    const auto run = [&]() {
                        const int r = op == Op::kAddListT ? aclnnForeachAddList(nullptr, ws, ex, nullptr)
                                                          : aclnnForeachSubList(nullptr, ws, ex, nullptr);
                        ASSERT_EQ(r, 0) << LastError();
                        ASSERT_EQ(aclrtSynchronizeStream(nullptr), 0);
                    };
                    // alpha written after the first phase: element 2 of the storage
                    Call c{op, d, prof, d == Code(ACL_INT32) ? 7.0 : -0.7, ACL_DOUBLE};
                    std::vector<uint8_t> bytes = AlphaBytes(c);
                    const size_t es = aclDataTypeSize(ad);
                    aclrtMemcpy(static_cast<uint8_t*>(ab.get()) + 2 * es, es, bytes.data(), es, ACL_MEMCPY_HOST_TO_DEVICE);
                    auto want = Expected(c, items, x1, x2, x2);
                    run();
                    ExpectStorage(d, items, want);
                    // re-addressed: another buffer whose element 2 holds another alpha
                    Call c2{op, d, prof, d == Code(ACL_INT32) ? -3.0 : 2.5, ACL_DOUBLE};
                    bytes = AlphaBytes(c2);
                    std::vector<uint8_t> ob(16, 0);
                    std::memcpy(ob.data() + 2 * es, bytes.data(), es);
                    aclrtMemcpy(other.get(), 16, ob.data(), 16, ACL_MEMCPY_HOST_TO_DEVICE);
                    ASSERT_EQ(aclSetInputTensorAddr(ex, 2, at, other.get()), 0) << LastError();
                    want = Expected(c2, items, x1, x2, x2);
                    run();
                    ExpectStorage(d, items, want);
                    aclDestroyAclOpExecutor(ex);
                    aclDestroyTensor(at);
                    aclDestroyTensorList(l1);
                    aclDestroyTensorList(l2);
                    aclDestroyTensorList(lo);
                }
            }
        }
    }
}

// The checks stay CANN's (docs/ops/nn_foreach.md): AddList's DOUBLE alpha 561103 and alpha of two elements 161002;
// SubList's alpha of another dtype than the kernel's 161002 (the kernel match, after the table's checks); the
// Ascend910 refuses both. SubList's INT16 / INT8 / UINT8 lists on Atlas A2/A3 (INT32 alpha) compute as the V2
// form's kernels with that alpha, bit for bit.
TEST(ForeachListAlphaV1, ChecksAndTheSmallIntegerLists) {
    ProfileScope scope(Profile::kAscend910B);
    Lists f(2, kF32);
    List lf(f.a, kF32), lg(f.b, kF32), lo(f.o, kF32);
    DeviceBuffer ab(16);
    const float one = 1.0f;
    aclrtMemcpy(ab.get(), 4, &one, 4, ACL_MEMCPY_HOST_TO_DEVICE);
    aclTensor* half = aclcpu_test::MakeTensor({1}, ACL_FLOAT16, ab.get());
    aclTensor* dbl = aclcpu_test::MakeTensor({1}, ACL_DOUBLE, ab.get());
    aclTensor* two = aclcpu_test::MakeTensor({2}, ACL_FLOAT, ab.get());
    aclTensor* fl = aclcpu_test::MakeTensor({1}, ACL_FLOAT, ab.get());
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    EXPECT_EQ(aclnnForeachAddListGetWorkspaceSize(lf.list, lg.list, dbl, lo.list, &ws, &ex), 561103);
    EXPECT_EQ(aclnnForeachAddListGetWorkspaceSize(lf.list, lg.list, two, lo.list, &ws, &ex), kInvalid);
    EXPECT_EQ(aclnnForeachAddListGetWorkspaceSize(lf.list, lg.list, half, lo.list, &ws, &ex), kInvalid);
    EXPECT_EQ(aclnnForeachSubListGetWorkspaceSize(lf.list, lg.list, half, lo.list, &ws, &ex), kInvalid);
    EXPECT_NE(LastError().find("does not match the kernel"), std::string::npos) << LastError();
    EXPECT_EQ(aclnnForeachSubListGetWorkspaceSize(lf.list, lg.list, two, lo.list, &ws, &ex), kInvalid);
    EXPECT_EQ(aclnnForeachSubListGetWorkspaceSize(lf.list, lg.list, fl, lo.list, &ws, &ex), 0) << LastError();
    aclDestroyAclOpExecutor(ex);
    // beyond CANN: alpha's view outside its storage (offset 5 of a one-element storage) is refused, not read
    aclTensor* outside = aclcpu_test::MakeTensor({1}, ACL_FLOAT, ab.get(), {1}, 5, {1});
    EXPECT_EQ(aclnnForeachAddListGetWorkspaceSize(lf.list, lg.list, outside, lo.list, &ws, &ex), kInvalid);
    EXPECT_EQ(aclnnForeachSubListGetWorkspaceSize(lf.list, lg.list, outside, lo.list, &ws, &ex), kInvalid);
    EXPECT_NE(LastError().find("alpha view"), std::string::npos) << LastError();
    aclDestroyTensor(outside);
    for (int d : {Code(ACL_INT16), Code(ACL_INT8), Code(ACL_UINT8)}) {
        SCOPED_TRACE(d);
        std::mt19937 rng(static_cast<uint32_t>(d));
        auto x1 = MakeItems(5, d, rng);
        std::vector<std::vector<int64_t>> shapes;
        for (const auto& t : x1) shapes.push_back(t->shape);
        auto x2 = MakeItems(5, d, rng, shapes.data());
        auto o1 = MakeItems(5, d, rng, shapes.data());
        auto o2 = MakeItems(5, d, rng, shapes.data());
        List l1(x1, d), l2(x2, d), lo1(o1, d), lo2(o2, d);
        const int32_t a = -37;
        DeviceBuffer ib(4);
        aclrtMemcpy(ib.get(), 4, &a, 4, ACL_MEMCPY_HOST_TO_DEVICE);
        aclTensor* ai = aclcpu_test::MakeTensor({1}, ACL_INT32, ib.get());
        EXPECT_EQ(RunPhases([&](uint64_t* w, aclOpExecutor** e) {
            return aclnnForeachSubListGetWorkspaceSize(l1.list, l2.list, ai, lo1.list, w, e); }, aclnnForeachSubList), 0)
            << LastError();
        const int64_t av = a;
        aclScalar* as = aclCreateScalar(const_cast<int64_t*>(&av), ACL_INT64);
        EXPECT_EQ(RunPhases([&](uint64_t* w, aclOpExecutor** e) {
            return aclnnForeachSubListV2GetWorkspaceSize(l1.list, l2.list, as, lo2.list, w, e); }, aclnnForeachSubListV2), 0)
            << LastError();
        for (size_t i = 0; i < o1.size(); ++i) {
            std::vector<uint8_t> g1(o1[i]->host.size()), g2(o2[i]->host.size());
            aclrtMemcpy(g1.data(), g1.size(), o1[i]->buf.get(), g1.size(), ACL_MEMCPY_DEVICE_TO_HOST);
            aclrtMemcpy(g2.data(), g2.size(), o2[i]->buf.get(), g2.size(), ACL_MEMCPY_DEVICE_TO_HOST);
            const std::vector<int64_t> f1 = Offsets(*o1[i]), f2 = Offsets(*o2[i]);  // each its own view
            const size_t es = l1ref::DtSize(d);
            for (size_t e = 0; e < f1.size(); ++e) {
                EXPECT_EQ(std::memcmp(g1.data() + f1[e] * es, g2.data() + f2[e] * es, es), 0) << i << " " << e;
            }
        }
        aclDestroyScalar(as);
        aclDestroyTensor(ai);
    }
    {
        ProfileScope old(Profile::kAscend910);
        EXPECT_EQ(aclnnForeachAddListGetWorkspaceSize(lf.list, lg.list, fl, lo.list, &ws, &ex), kInvalid);
        EXPECT_EQ(aclnnForeachSubListGetWorkspaceSize(lf.list, lg.list, fl, lo.list, &ws, &ex), kInvalid);
    }
    aclDestroyTensor(half);
    aclDestroyTensor(dbl);
    aclDestroyTensor(two);
    aclDestroyTensor(fl);
}
