// Rank-ordered reductions (reduce.h). Each block of kBlock elements is accumulated in a local array in the
// accumulation type (float for the 16-bit floats, the unsigned type for integer SUM/PROD), input by input in
// rank order, then stored: the same operations in the same order for every element whatever the block
// boundaries, so results do not depend on which rank reduces which slice.
#include "hccl/reduce.h"

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "common/half.h"

namespace aclcpu {
namespace hccl {
namespace {

constexpr uint64_t kBlock = 1024;

// Storage type T, accumulation type A.
template <typename T, typename A>
struct Plain {
    using Store = T;
    using Acc = A;
    static Acc Load(T v) { return static_cast<Acc>(v); }
    static T Put(Acc v) { return static_cast<T>(v); }
};
struct Half {
    using Store = uint16_t;
    using Acc = float;
    static float Load(uint16_t v) { return HalfToFloat(v); }
    static uint16_t Put(float v) { return FloatToHalf(v); }
};
struct Bf16 {
    using Store = uint16_t;
    using Acc = float;
    static float Load(uint16_t v) { return Bf16ToFloat(v); }
    static uint16_t Put(float v) { return FloatToBf16(v); }
};

// Floating operations.
struct FSum { template <typename A> static A Do(A a, A b) { return a + b; } };
struct FProd { template <typename A> static A Do(A a, A b) { return a * b; } };
struct FMax {
    template <typename A> static A Do(A a, A b) {
        if (a != a) return a;
        if (b != b) return b;
        return b > a ? b : a;
    }
};
struct FMin {
    template <typename A> static A Do(A a, A b) {
        if (a != a) return a;
        if (b != b) return b;
        return b < a ? b : a;
    }
};
// Integer operations on the unsigned accumulation type U (wrap-around; products of narrow types are formed in
// at least 32-bit unsigned arithmetic so that no promotion to int can overflow). MAX/MIN compare as the
// storage type S.
template <typename S>
struct ISum { template <typename U> static U Do(U a, U b) { return static_cast<U>(a + b); } };
template <typename S>
struct IProd {
    template <typename U> static U Do(U a, U b) {
        using W = typename std::conditional<(sizeof(U) < 4), uint32_t, U>::type;
        return static_cast<U>(static_cast<W>(a) * static_cast<W>(b));
    }
};
template <typename S>
struct IMax { template <typename U> static U Do(U a, U b) { return static_cast<S>(b) > static_cast<S>(a) ? b : a; } };
template <typename S>
struct IMin { template <typename U> static U Do(U a, U b) { return static_cast<S>(b) < static_cast<S>(a) ? b : a; } };

template <typename Tr, typename Op>
void Kernel(const void* const* in, uint32_t n, void* out, uint64_t begin, uint64_t end) {
    using T = typename Tr::Store;
    using A = typename Tr::Acc;
    A acc[kBlock];
    T* o = static_cast<T*>(out);
    for (uint64_t b = begin; b < end; b += kBlock) {
        const uint64_t m = std::min<uint64_t>(kBlock, end - b);
        const T* p = static_cast<const T*>(in[0]) + b;
        for (uint64_t k = 0; k < m; ++k) acc[k] = Tr::Load(p[k]);
        for (uint32_t j = 1; j < n; ++j) {
            const T* q = static_cast<const T*>(in[j]) + b;
            for (uint64_t k = 0; k < m; ++k) acc[k] = Op::Do(acc[k], Tr::Load(q[k]));
        }
        for (uint64_t k = 0; k < m; ++k) o[b + k] = Tr::Put(acc[k]);
    }
}

template <typename Tr>
bool Float(HcclReduceOp op, const void* const* in, uint32_t n, void* out, uint64_t b, uint64_t e) {
    switch (op) {
        case HCCL_REDUCE_SUM: Kernel<Tr, FSum>(in, n, out, b, e); return true;
        case HCCL_REDUCE_PROD: Kernel<Tr, FProd>(in, n, out, b, e); return true;
        case HCCL_REDUCE_MAX: Kernel<Tr, FMax>(in, n, out, b, e); return true;
        case HCCL_REDUCE_MIN: Kernel<Tr, FMin>(in, n, out, b, e); return true;
        default: return false;
    }
}

// Integers are stored and accumulated as their unsigned type (same bits); S is the signedness for MAX/MIN.
template <typename S>
bool Int(HcclReduceOp op, const void* const* in, uint32_t n, void* out, uint64_t b, uint64_t e) {
    using U = typename std::make_unsigned<S>::type;
    using Tr = Plain<U, U>;
    switch (op) {
        case HCCL_REDUCE_SUM: Kernel<Tr, ISum<S>>(in, n, out, b, e); return true;
        case HCCL_REDUCE_PROD: Kernel<Tr, IProd<S>>(in, n, out, b, e); return true;
        case HCCL_REDUCE_MAX: Kernel<Tr, IMax<S>>(in, n, out, b, e); return true;
        case HCCL_REDUCE_MIN: Kernel<Tr, IMin<S>>(in, n, out, b, e); return true;
        default: return false;
    }
}

}  // namespace

bool ReduceRange(HcclDataType dtype, HcclReduceOp op, const void* const* in, uint32_t n, void* out, uint64_t begin,
                 uint64_t end) {
    if (n == 0) return false;
    if (begin >= end) return true;
    switch (dtype) {
        case HCCL_DATA_TYPE_INT8: return Int<int8_t>(op, in, n, out, begin, end);
        case HCCL_DATA_TYPE_UINT8: return Int<uint8_t>(op, in, n, out, begin, end);
        case HCCL_DATA_TYPE_INT16: return Int<int16_t>(op, in, n, out, begin, end);
        case HCCL_DATA_TYPE_UINT16: return Int<uint16_t>(op, in, n, out, begin, end);
        case HCCL_DATA_TYPE_INT32: return Int<int32_t>(op, in, n, out, begin, end);
        case HCCL_DATA_TYPE_UINT32: return Int<uint32_t>(op, in, n, out, begin, end);
        case HCCL_DATA_TYPE_INT64: return Int<int64_t>(op, in, n, out, begin, end);
        case HCCL_DATA_TYPE_UINT64: return Int<uint64_t>(op, in, n, out, begin, end);
        case HCCL_DATA_TYPE_FP16: return Float<Half>(op, in, n, out, begin, end);
        case HCCL_DATA_TYPE_BFP16: return Float<Bf16>(op, in, n, out, begin, end);
        case HCCL_DATA_TYPE_FP32: return Float<Plain<float, float>>(op, in, n, out, begin, end);
        case HCCL_DATA_TYPE_FP64: return Float<Plain<double, double>>(op, in, n, out, begin, end);
        default: return false;
    }
}

}  // namespace hccl
}  // namespace aclcpu
