// Issue 15, nnopbase half: aclScalar, aclIntArray, aclFloatArray, aclBoolArray, aclTensorList, aclScalarList,
// aclInitTensor and the dynamic (tensor-list) address setters of acl_meta.h.
//  * success paths with the stored values checked (a scalar's bits per dtype, array elements, list elements);
//  * every status code with its message (161001, 161002, 561103) and nothing changed on a refused call;
//  * the list ownership rule (CANN: a list destroys its elements) and its misuse cases;
//  * thousands of create / destroy / create rounds per new handle kind: calls through the released handle
//    fail with 161002 and a "was released" message, the new object works, and no new object of any kind gets
//    an address released fewer than kHandleQuarantine releases ago.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "aclnn/acl_meta.h"
#include "common/handle_registry.h"
#include "support/test_util.h"
#include "tensor/arguments.h"
#include "tensor/tensor.h"

namespace {

using aclcpu::HandleReleaseCount;
using aclcpu::kHandleQuarantine;
using aclcpu_test::EmptyTensor;
using aclcpu_test::HostTensor;
using aclcpu_test::LastError;
using aclcpu_test::MakeTensor;

constexpr int kNull = ACLNN_ERR_PARAM_NULLPTR;       // 161001
constexpr int kInvalid = ACLNN_ERR_PARAM_INVALID;    // 161002
constexpr int kInnerNull = ACLNN_ERR_INNER_NULLPTR;  // 561103
constexpr int kRounds = 3000;

const bool g_quiet = [] { return setenv("ASCEND_GLOBAL_LOG_LEVEL", "4", 0) == 0; }();

std::string Ptr(const void* p) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%p", p);
    return buf;
}

bool Has(const std::string& m, const std::string& part) { return m.find(part) != std::string::npos; }

// The message of the call that just failed names `p`, its kind and says it was released.
void ExpectReleased(const void* p, const char* kind, const char* call) {
    const std::string m = LastError();
    EXPECT_TRUE(Has(m, Ptr(p)) && Has(m, kind) && Has(m, "was released")) << call << ": " << m;
}

aclTensor* SmallTensor(void* data = nullptr) { return MakeTensor({2, 3}, ACL_FLOAT, data); }

// ---- aclScalar ----

struct ScalarCase {
    aclDataType dtype;
    size_t width;
};

TEST(Scalar, EveryCannDtypeKeepsExactlyItsBits) {
    // CANN's list (opbase common_types.cpp aclScalar::aclScalar) with the bytes each one copies.
    const ScalarCase cases[] = {
        {ACL_FLOAT, 4},       {ACL_FLOAT16, 2},       {ACL_BF16, 2},        {ACL_INT8, 1},        {ACL_INT16, 2},
        {ACL_UINT16, 2},      {ACL_UINT8, 1},         {ACL_INT32, 4},       {ACL_INT64, 8},       {ACL_UINT32, 4},
        {ACL_UINT64, 8},      {ACL_BOOL, 1},          {ACL_DOUBLE, 8},      {ACL_COMPLEX64, 8},   {ACL_COMPLEX128, 16},
        {ACL_FLOAT8_E5M2, 1}, {ACL_FLOAT8_E4M3FN, 1}, {ACL_FLOAT8_E8M0, 1}, {ACL_FLOAT6_E3M2, 1}, {ACL_FLOAT6_E2M3, 1},
        {ACL_FLOAT4_E2M1, 1}, {ACL_FLOAT4_E1M2, 1},   {ACL_HIFLOAT8, 1},
    };
    uint8_t value[16];
    for (int i = 0; i < 16; ++i) value[i] = static_cast<uint8_t>(0xA1 + 7 * i);
    for (const ScalarCase& c : cases) {
        aclScalar* s = aclCreateScalar(value, c.dtype);
        ASSERT_NE(s, nullptr) << c.dtype << ": " << LastError();
        EXPECT_EQ(s->dtype, c.dtype);
        EXPECT_EQ(s->size, c.width) << c.dtype;
        EXPECT_EQ(std::memcmp(s->bits, value, c.width), 0) << c.dtype;
        for (size_t k = c.width; k < sizeof s->bits; ++k) EXPECT_EQ(s->bits[k], 0) << c.dtype << " byte " << k;
        EXPECT_EQ(aclDestroyScalar(s), OK);
    }
}

TEST(Scalar, ValuesReadBackAsNumbers) {
    struct Case {
        aclDataType dtype;
        std::vector<uint8_t> bytes;
        double expect;
    };
    auto bytes_of = [](const void* p, size_t n) {
        return std::vector<uint8_t>(static_cast<const uint8_t*>(p), static_cast<const uint8_t*>(p) + n);
    };
    const float f = -2.75f;
    const double d = 1e300;
    const int8_t i8 = -7;
    const int16_t i16 = -30000;
    const uint16_t half_one_and_half = 0x3E00;  // FLOAT16 1.5
    const uint16_t bf16_minus_two = 0xC000;     // BF16 -2
    const int32_t i32 = -2147483647;
    const uint32_t u32 = 4000000000u;
    const int64_t i64 = -(int64_t{1} << 40);
    const uint64_t u64 = uint64_t{1} << 63;
    const uint8_t u8 = 250, b = 1;
    const float c64[2] = {3.5f, -9.0f};
    const double c128[2] = {-0.125, 4.0};
    const Case cases[] = {
        {ACL_FLOAT, bytes_of(&f, 4), -2.75},
        {ACL_DOUBLE, bytes_of(&d, 8), 1e300},
        {ACL_INT8, bytes_of(&i8, 1), -7},
        {ACL_INT16, bytes_of(&i16, 2), -30000},
        {ACL_UINT16, bytes_of(&half_one_and_half, 2), 0x3E00},
        {ACL_FLOAT16, bytes_of(&half_one_and_half, 2), 1.5},
        {ACL_BF16, bytes_of(&bf16_minus_two, 2), -2.0},
        {ACL_INT32, bytes_of(&i32, 4), -2147483647.0},
        {ACL_UINT32, bytes_of(&u32, 4), 4000000000.0},
        {ACL_INT64, bytes_of(&i64, 8), -1099511627776.0},
        {ACL_UINT64, bytes_of(&u64, 8), 9223372036854775808.0},
        {ACL_UINT8, bytes_of(&u8, 1), 250},
        {ACL_BOOL, bytes_of(&b, 1), 1},
        {ACL_COMPLEX64, bytes_of(c64, 8), 3.5},
        {ACL_COMPLEX128, bytes_of(c128, 16), -0.125},
    };
    for (const Case& c : cases) {
        std::vector<uint8_t> v = c.bytes;
        aclScalar* s = aclCreateScalar(v.data(), c.dtype);
        ASSERT_NE(s, nullptr) << LastError();
        double got = 0;
        ASSERT_TRUE(aclcpu::ScalarToDouble(*s, &got)) << c.dtype;
        EXPECT_EQ(got, c.expect) << c.dtype;
        v.assign(v.size(), 0);  // the scalar holds a copy
        ASSERT_TRUE(aclcpu::ScalarToDouble(*s, &got));
        EXPECT_EQ(got, c.expect) << c.dtype << " after the caller's buffer changed";
        EXPECT_EQ(aclDestroyScalar(s), OK);
    }
    const uint8_t fp8 = 0x38;
    aclScalar* s = aclCreateScalar(const_cast<uint8_t*>(&fp8), ACL_FLOAT8_E4M3FN);
    ASSERT_NE(s, nullptr);
    double got = 123;
    EXPECT_FALSE(aclcpu::ScalarToDouble(*s, &got));  // no converter for the 1-byte float formats
    EXPECT_EQ(got, 123);
    EXPECT_EQ(aclDestroyScalar(s), OK);
}

TEST(Scalar, RefusesNullValueAndUnsupportedDtypes) {
    float v = 1;
    EXPECT_EQ(aclCreateScalar(nullptr, ACL_FLOAT), nullptr);
    EXPECT_TRUE(Has(LastError(), "value is null"));
    const int bad[] = {ACL_DT_UNDEFINED, ACL_STRING, ACL_INT4, ACL_UINT1, ACL_COMPLEX32, 5, 14, 15, 42, 999, -5};
    for (int dt : bad) {
        aclDataType dtype;
        std::memcpy(&dtype, &dt, sizeof dt);
        EXPECT_EQ(aclCreateScalar(&v, dtype), nullptr) << dt;
        const std::string m = LastError();
        EXPECT_TRUE(Has(m, "not supported") && Has(m, std::to_string(dt))) << dt << ": " << m;
    }
}

TEST(Scalar, DestroyCodes) {
    EXPECT_EQ(aclDestroyScalar(nullptr), OK);  // CANN
    int32_t v = 5;
    aclScalar* s = aclCreateScalar(&v, ACL_INT32);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(aclDestroyScalar(s), OK);
    EXPECT_EQ(aclDestroyScalar(s), kInvalid);
    ExpectReleased(s, "aclScalar", "second aclDestroyScalar");
    int64_t foreign[4] = {};
    EXPECT_EQ(aclDestroyScalar(reinterpret_cast<aclScalar*>(foreign)), kInvalid);
    EXPECT_TRUE(Has(LastError(), "is not a live aclScalar"));
}

// ---- arrays ----

TEST(Arrays, CopyTheirElements) {
    int64_t iv[] = {3, -1, int64_t{1} << 62, 0};
    float fv[] = {1.5f, -0.0f, INFINITY};
    bool bv[] = {true, false, true, true, false};
    aclIntArray* ia = aclCreateIntArray(iv, 4);
    aclFloatArray* fa = aclCreateFloatArray(fv, 3);
    aclBoolArray* ba = aclCreateBoolArray(bv, 5);
    ASSERT_TRUE(ia && fa && ba) << LastError();
    iv[0] = 99, fv[0] = 99, bv[0] = false;  // copies: the caller's arrays may change
    EXPECT_EQ(ia->values, (std::vector<int64_t>{3, -1, int64_t{1} << 62, 0}));
    ASSERT_EQ(fa->values.size(), 3u);
    EXPECT_EQ(fa->values[0], 1.5f);
    EXPECT_TRUE(std::signbit(fa->values[1]));
    EXPECT_TRUE(std::isinf(fa->values[2]));
    EXPECT_EQ(ba->values, (std::vector<uint8_t>{1, 0, 1, 1, 0}));
    uint64_t n = 77;
    EXPECT_EQ(aclGetIntArraySize(ia, &n), OK);
    EXPECT_EQ(n, 4u);
    EXPECT_EQ(aclGetFloatArraySize(fa, &n), OK);
    EXPECT_EQ(n, 3u);
    EXPECT_EQ(aclGetBoolArraySize(ba, &n), OK);
    EXPECT_EQ(n, 5u);
    EXPECT_EQ(aclDestroyIntArray(ia), OK);
    EXPECT_EQ(aclDestroyFloatArray(fa), OK);
    EXPECT_EQ(aclDestroyBoolArray(ba), OK);
}

TEST(Arrays, EmptyArraysAsCann) {
    int64_t iv[] = {1};
    aclIntArray* a = aclCreateIntArray(nullptr, 0);
    aclIntArray* b = aclCreateIntArray(iv, 0);
    aclFloatArray* f = aclCreateFloatArray(nullptr, 0);
    aclBoolArray* c = aclCreateBoolArray(nullptr, 0);
    ASSERT_TRUE(a && b && f && c);
    uint64_t n = 9;
    EXPECT_EQ(aclGetIntArraySize(a, &n), OK);
    EXPECT_EQ(n, 0u);
    n = 9;
    EXPECT_EQ(aclGetIntArraySize(b, &n), OK);
    EXPECT_EQ(n, 0u);
    n = 9;
    EXPECT_EQ(aclGetFloatArraySize(f, &n), OK);
    EXPECT_EQ(n, 0u);
    n = 9;
    EXPECT_EQ(aclGetBoolArraySize(c, &n), OK);
    EXPECT_EQ(n, 0u);
    EXPECT_EQ(aclDestroyIntArray(a), OK);
    EXPECT_EQ(aclDestroyIntArray(b), OK);
    EXPECT_EQ(aclDestroyFloatArray(f), OK);
    EXPECT_EQ(aclDestroyBoolArray(c), OK);
}

TEST(Arrays, BadInput) {
    EXPECT_EQ(aclCreateIntArray(nullptr, 3), nullptr);
    EXPECT_TRUE(Has(LastError(), "value is null but size is 3"));
    EXPECT_EQ(aclCreateFloatArray(nullptr, 1), nullptr);
    EXPECT_TRUE(Has(LastError(), "aclCreateFloatArray"));
    EXPECT_EQ(aclCreateBoolArray(nullptr, 2), nullptr);
    EXPECT_TRUE(Has(LastError(), "aclCreateBoolArray"));
    int64_t iv[] = {1, 2};
    EXPECT_EQ(aclCreateIntArray(iv, static_cast<uint64_t>(-2)), nullptr);  // a negative count
    EXPECT_TRUE(Has(LastError(), "-2 as a signed count"));
    EXPECT_EQ(aclCreateIntArray(iv, (uint64_t{1} << 62)), nullptr);  // 2^65 bytes: cannot be held
    EXPECT_TRUE(Has(LastError(), "cannot hold"));

    aclIntArray* a = aclCreateIntArray(iv, 2);
    ASSERT_NE(a, nullptr);
    uint64_t n = 5;
    EXPECT_EQ(aclGetIntArraySize(nullptr, &n), kNull);
    EXPECT_TRUE(Has(LastError(), "aclIntArray is null"));
    EXPECT_EQ(aclGetIntArraySize(a, nullptr), kNull);
    EXPECT_TRUE(Has(LastError(), "size is null"));
    EXPECT_EQ(aclGetFloatArraySize(nullptr, &n), kNull);
    EXPECT_EQ(aclGetBoolArraySize(nullptr, &n), kNull);
    // Another kind's handle is not a live handle of this kind.
    EXPECT_EQ(aclGetFloatArraySize(reinterpret_cast<aclFloatArray*>(a), &n), kInvalid);
    EXPECT_TRUE(Has(LastError(), "is not a live aclFloatArray"));
    EXPECT_EQ(aclDestroyBoolArray(reinterpret_cast<aclBoolArray*>(a)), kInvalid);
    EXPECT_TRUE(Has(LastError(), "is not a live aclBoolArray"));
    EXPECT_EQ(n, 5u);
    EXPECT_EQ(aclDestroyIntArray(nullptr), OK);
    EXPECT_EQ(aclDestroyFloatArray(nullptr), OK);
    EXPECT_EQ(aclDestroyBoolArray(nullptr), OK);
    EXPECT_EQ(aclDestroyIntArray(a), OK);
    EXPECT_EQ(aclDestroyIntArray(a), kInvalid);
    ExpectReleased(a, "aclIntArray", "second aclDestroyIntArray");
    EXPECT_EQ(aclGetIntArraySize(a, &n), kInvalid);
    ExpectReleased(a, "aclIntArray", "aclGetIntArraySize");
    EXPECT_EQ(n, 5u);
}

// ---- lists ----

// Whether tensor t is a live handle (a getter succeeds on it).
bool TensorLive(const aclTensor* t) {
    int64_t off = -1;
    const bool live = aclGetViewOffset(t, &off) == OK;
    LastError();
    return live;
}

TEST(TensorList, HoldsItsElementsAndDestroysThem) {
    aclTensor* a = SmallTensor();
    aclTensor* b = SmallTensor();
    const aclTensor* items[] = {a, nullptr, b, a};  // a NULL element and a repeated one, as CANN allows
    aclTensorList* l = aclCreateTensorList(items, 4);
    ASSERT_NE(l, nullptr) << LastError();
    EXPECT_EQ(l->items, (std::vector<aclTensor*>{a, nullptr, b, a}));
    uint64_t n = 0;
    EXPECT_EQ(aclGetTensorListSize(l, &n), OK);
    EXPECT_EQ(n, 4u);
    // An element of a live list is the list's to destroy: refused, and still usable.
    EXPECT_EQ(aclDestroyTensor(a), kInvalid);
    const std::string m = LastError();
    EXPECT_TRUE(Has(m, "belongs to aclTensorList") && Has(m, Ptr(l))) << m;
    EXPECT_TRUE(TensorLive(a));
    EXPECT_EQ(aclDestroyTensorList(l), OK);
    EXPECT_FALSE(TensorLive(a));
    EXPECT_FALSE(TensorLive(b));
    EXPECT_EQ(aclDestroyTensor(b), kInvalid);  // destroyed by the list: a second destroy
    const std::string mb = LastError();  // released, and by what: the list's destroy may have been it
    EXPECT_TRUE(Has(mb, Ptr(b)) && Has(mb, "aclTensor") && Has(mb, "was released") &&
                Has(mb, "aclDestroyTensorList"))
        << mb;
    EXPECT_EQ(aclDestroyTensorList(l), kInvalid);
    ExpectReleased(l, "aclTensorList", "second aclDestroyTensorList");
    EXPECT_EQ(aclGetTensorListSize(l, &n), kInvalid);
    ExpectReleased(l, "aclTensorList", "aclGetTensorListSize");
}

TEST(TensorList, EmptyAndBadInput) {
    aclTensorList* e = aclCreateTensorList(nullptr, 0);
    ASSERT_NE(e, nullptr);
    uint64_t n = 3;
    EXPECT_EQ(aclGetTensorListSize(e, &n), OK);
    EXPECT_EQ(n, 0u);
    EXPECT_EQ(aclDestroyTensorList(e), OK);
    EXPECT_EQ(aclDestroyTensorList(nullptr), OK);
    EXPECT_EQ(aclCreateTensorList(nullptr, 2), nullptr);
    EXPECT_TRUE(Has(LastError(), "value is null but size is 2"));
    aclTensor* a = SmallTensor();
    const aclTensor* one[] = {a};
    EXPECT_EQ(aclCreateTensorList(one, static_cast<uint64_t>(-1)), nullptr);
    EXPECT_TRUE(Has(LastError(), "-1 as a signed count"));
    EXPECT_EQ(aclGetTensorListSize(nullptr, &n), kNull);
    EXPECT_TRUE(Has(LastError(), "aclTensorList is null"));

    // A released element: refused, and the marks made on earlier elements are undone.
    aclTensor* dead = SmallTensor();
    ASSERT_EQ(aclDestroyTensor(dead), OK);
    const aclTensor* with_dead[] = {a, dead};
    EXPECT_EQ(aclCreateTensorList(with_dead, 2), nullptr);
    std::string m = LastError();
    EXPECT_TRUE(Has(m, "aclCreateTensorList (element 1)") && Has(m, Ptr(dead)) && Has(m, "was released")) << m;
    // Another kind's handle as an element.
    int32_t v = 1;
    aclScalar* s = aclCreateScalar(&v, ACL_INT32);
    const aclTensor* with_scalar[] = {reinterpret_cast<aclTensor*>(s)};
    EXPECT_EQ(aclCreateTensorList(with_scalar, 1), nullptr);
    EXPECT_TRUE(Has(LastError(), "is not a live aclTensor"));
    // An element of another live list.
    aclTensorList* first = aclCreateTensorList(one, 1);
    ASSERT_NE(first, nullptr);
    EXPECT_EQ(aclCreateTensorList(one, 1), nullptr);
    m = LastError();
    EXPECT_TRUE(Has(m, "already belongs to aclTensorList") && Has(m, Ptr(first))) << m;
    EXPECT_EQ(aclDestroyTensorList(first), OK);
    EXPECT_FALSE(TensorLive(a));
    EXPECT_EQ(aclDestroyScalar(s), OK);
    // Size getter with a null size pointer.
    aclTensorList* l2 = aclCreateTensorList(nullptr, 0);
    EXPECT_EQ(aclGetTensorListSize(l2, nullptr), kNull);
    EXPECT_TRUE(Has(LastError(), "size is null"));
    EXPECT_EQ(aclDestroyTensorList(l2), OK);
}

TEST(TensorList, RefusedCreateLeavesElementsFree) {
    aclTensor* a = SmallTensor();
    aclTensor* dead = SmallTensor();
    ASSERT_EQ(aclDestroyTensor(dead), OK);
    const aclTensor* items[] = {a, dead};
    ASSERT_EQ(aclCreateTensorList(items, 2), nullptr);
    LastError();
    EXPECT_EQ(aclDestroyTensor(a), OK) << LastError();  // not owned by the refused list
}

TEST(TensorList, OwnershipIsTakenAtomically) {
    // Threads race to put one tensor into a list of their own: exactly one list gets it, and a thread racing
    // aclDestroyTensor either destroys it before any list took it or is refused.
    constexpr int kThreads = 4;
    for (int round = 0; round < 300; ++round) {
        aclTensor* t = SmallTensor();
        aclTensorList* got[kThreads] = {};
        int destroyed = -1;
        std::vector<std::thread> threads;
        for (int k = 0; k < kThreads; ++k) {
            threads.emplace_back([&, k] {
                const aclTensor* items[] = {t};
                got[k] = aclCreateTensorList(items, 1);
            });
        }
        threads.emplace_back([&] { destroyed = aclDestroyTensor(t); });
        for (std::thread& th : threads) th.join();
        int winners = 0;
        for (aclTensorList* l : got) {
            if (l == nullptr) continue;
            ++winners;
            EXPECT_EQ(aclDestroyTensorList(l), OK);
        }
        if (destroyed == OK) {
            EXPECT_EQ(winners, 0) << "round " << round;  // destroyed first: no list may hold it
        } else {
            EXPECT_EQ(destroyed, kInvalid);
            EXPECT_EQ(winners, 1) << "round " << round;
        }
        EXPECT_FALSE(TensorLive(t));
    }
}

TEST(ScalarList, HoldsItsElementsAndDestroysThem) {
    float f = 2.5f;
    int64_t i = -4;
    aclScalar* a = aclCreateScalar(&f, ACL_FLOAT);
    aclScalar* b = aclCreateScalar(&i, ACL_INT64);
    const aclScalar* items[] = {a, b, nullptr};
    aclScalarList* l = aclCreateScalarList(items, 3);
    ASSERT_NE(l, nullptr) << LastError();
    uint64_t n = 0;
    EXPECT_EQ(aclGetScalarListSize(l, &n), OK);
    EXPECT_EQ(n, 3u);
    double got = 0;
    ASSERT_TRUE(aclcpu::ScalarToDouble(*l->items[1], &got));
    EXPECT_EQ(got, -4.0);
    EXPECT_EQ(aclDestroyScalar(b), kInvalid);
    EXPECT_TRUE(Has(LastError(), "belongs to aclScalarList"));
    const aclScalar* again[] = {b};
    EXPECT_EQ(aclCreateScalarList(again, 1), nullptr);
    EXPECT_TRUE(Has(LastError(), "already belongs to aclScalarList"));
    EXPECT_EQ(aclDestroyScalarList(l), OK);
    EXPECT_EQ(aclDestroyScalar(a), kInvalid);
    ExpectReleased(a, "aclScalar", "aclDestroyScalar after its list");
    EXPECT_EQ(aclDestroyScalarList(l), kInvalid);
    ExpectReleased(l, "aclScalarList", "second aclDestroyScalarList");
    EXPECT_EQ(aclGetScalarListSize(nullptr, &n), kNull);
    EXPECT_EQ(aclGetScalarListSize(l, &n), kInvalid);
    EXPECT_EQ(aclCreateScalarList(nullptr, 1), nullptr);
    EXPECT_TRUE(Has(LastError(), "value is null"));
    aclScalarList* e = aclCreateScalarList(nullptr, 0);
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(aclDestroyScalarList(e), OK);
    EXPECT_EQ(aclDestroyScalarList(nullptr), OK);
}

// ---- aclInitTensor ----

std::vector<int64_t> Shape(aclnnStatus (*get)(const aclTensor*, int64_t**, uint64_t*), const aclTensor* t) {
    int64_t* d = nullptr;
    uint64_t n = 0;
    EXPECT_EQ(get(t, &d, &n), OK);
    std::vector<int64_t> v(d, d + n);
    delete[] d;
    return v;
}

TEST(InitTensor, RedescribesInPlaceKeepingWhatIsNotGiven) {
    float buf[16] = {};
    const int64_t view[] = {2, 3}, storage[] = {16};
    aclTensor* t = aclCreateTensor(view, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, storage, 1, buf);
    ASSERT_NE(t, nullptr);
    // New view [3,2] transposed strides, INT32, offset 1, NCHW; storage shape and data address kept.
    const int64_t v2[] = {3, 2}, s2[] = {1, 3};
    ASSERT_EQ(aclInitTensor(t, v2, 2, ACL_INT32, s2, 1, ACL_FORMAT_NCHW, nullptr, 0, nullptr), OK) << LastError();
    EXPECT_EQ(Shape(aclGetViewShape, t), (std::vector<int64_t>{3, 2}));
    EXPECT_EQ(Shape(aclGetViewStrides, t), (std::vector<int64_t>{1, 3}));
    EXPECT_EQ(Shape(aclGetStorageShape, t), (std::vector<int64_t>{16}));
    int64_t off = 0;
    aclDataType dt = ACL_DT_UNDEFINED;
    aclFormat fmt = ACL_FORMAT_UNDEFINED;
    void* addr = nullptr;
    EXPECT_EQ(aclGetViewOffset(t, &off), OK);
    EXPECT_EQ(off, 1);
    EXPECT_EQ(aclGetDataType(t, &dt), OK);
    EXPECT_EQ(dt, ACL_INT32);
    EXPECT_EQ(aclGetFormat(t, &fmt), OK);
    EXPECT_EQ(fmt, ACL_FORMAT_NCHW);
    EXPECT_EQ(aclGetRawTensorAddr(t, &addr), OK);
    EXPECT_EQ(addr, buf);
    EXPECT_EQ(t->numel, 6);
    EXPECT_EQ(t->max_index, 1 + 2 * 1 + 1 * 3);
    // View kept (viewDims NULL), contiguous strides of it, new storage and address.
    const int64_t s3[] = {4, 4};
    ASSERT_EQ(aclInitTensor(t, nullptr, 0, ACL_FLOAT16, nullptr, 0, ACL_FORMAT_ND, s3, 2, buf + 4), OK);
    EXPECT_EQ(Shape(aclGetViewShape, t), (std::vector<int64_t>{3, 2}));
    EXPECT_EQ(Shape(aclGetViewStrides, t), (std::vector<int64_t>{2, 1}));
    EXPECT_EQ(Shape(aclGetStorageShape, t), (std::vector<int64_t>{4, 4}));
    EXPECT_EQ(aclGetRawTensorAddr(t, &addr), OK);
    EXPECT_EQ(addr, buf + 4);
    EXPECT_EQ(t->storage_numel, 16);
    EXPECT_EQ(aclDestroyTensor(t), OK);
}

TEST(InitTensor, BadInputChangesNothing) {
    aclTensor* t = SmallTensor();
    const int64_t neg[] = {2, -3};
    EXPECT_EQ(aclInitTensor(nullptr, neg, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr), kNull);
    EXPECT_TRUE(Has(LastError(), "aclInitTensor: tensor is null"));
    EXPECT_EQ(aclInitTensor(t, nullptr, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr), kNull);
    EXPECT_TRUE(Has(LastError(), "viewDims is null but its count is 2"));
    EXPECT_EQ(aclInitTensor(t, neg, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr), kInvalid);
    EXPECT_TRUE(Has(LastError(), "aclInitTensor: view dim 1 is -3"));
    const int64_t ok[] = {3, 2};
    aclDataType bad_dtype;
    const int raw = 77;
    std::memcpy(&bad_dtype, &raw, sizeof raw);
    EXPECT_EQ(aclInitTensor(t, ok, 2, bad_dtype, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr), kInvalid);
    EXPECT_TRUE(Has(LastError(), "data type 77"));
    EXPECT_EQ(aclInitTensor(t, ok, 2, ACL_FLOAT, nullptr, -1, ACL_FORMAT_ND, nullptr, 0, nullptr), kInvalid);
    EXPECT_TRUE(Has(LastError(), "offset -1 is negative"));
    const int64_t strides[] = {1, 1};
    EXPECT_EQ(aclInitTensor(t, nullptr, 0, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, nullptr, 0, nullptr), kInvalid);
    EXPECT_TRUE(Has(LastError(), "strides are given with viewDimsNum 0"));
    EXPECT_EQ(Shape(aclGetViewShape, t), (std::vector<int64_t>{2, 3}));
    EXPECT_EQ(Shape(aclGetViewStrides, t), (std::vector<int64_t>{3, 1}));
    aclDataType dt;
    EXPECT_EQ(aclGetDataType(t, &dt), OK);
    EXPECT_EQ(dt, ACL_FLOAT);
    EXPECT_EQ(aclDestroyTensor(t), OK);
    EXPECT_EQ(aclInitTensor(t, ok, 2, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr), kInvalid);
    ExpectReleased(t, "aclTensor", "aclInitTensor on a destroyed tensor");
}

TEST(InitTensor, ElementOfAListStaysOwned) {
    aclTensor* t = SmallTensor();
    const aclTensor* items[] = {t};
    aclTensorList* l = aclCreateTensorList(items, 1);
    ASSERT_NE(l, nullptr);
    const int64_t v[] = {6};
    ASSERT_EQ(aclInitTensor(t, v, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, v, 1, nullptr), OK);
    EXPECT_EQ(aclDestroyTensor(t), kInvalid);  // still the list's
    LastError();
    EXPECT_EQ(aclDestroyTensorList(l), OK);
    EXPECT_FALSE(TensorLive(t));
}

// ---- dynamic (tensor-list) address setters ----

TEST(DynamicTensorAddr, CodesAndNothingWritten) {
    HostTensor g = EmptyTensor({2, 3}, ACL_FLOAT, 0), o = EmptyTensor({2, 3}, ACL_FLOAT, 0);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(g.tensor, g.tensor, g.tensor, 0, o.tensor, &ws, &ex), OK)
        << LastError();
    float data[6] = {};
    aclTensor* e = SmallTensor(data);
    const aclTensor* items[] = {e, nullptr};
    aclTensorList* l = aclCreateTensorList(items, 2);
    ASSERT_NE(l, nullptr);
    float other[6] = {};
    using Fn = aclnnStatus (*)(aclOpExecutor*, size_t, const size_t, aclTensorList*, void*);
    const Fn fns[] = {aclSetDynamicInputTensorAddr, aclSetDynamicOutputTensorAddr, aclSetDynamicTensorAddr,
                      AclSetDynamicInputTensorAddr, AclSetDynamicOutputTensorAddr, AclSetDynamicTensorAddr};
    for (Fn fn : fns) {
        EXPECT_EQ(fn(ex, 0, 0, nullptr, other), kInnerNull);
        EXPECT_TRUE(Has(LastError(), "tensors is null"));
        EXPECT_EQ(fn(ex, 0, 2, l, other), kInvalid);
        EXPECT_TRUE(Has(LastError(), "relativeIndex 2 is out of the tensor list's size 2"));
        EXPECT_EQ(fn(ex, 0, 1, l, other), kInnerNull);
        EXPECT_TRUE(Has(LastError(), "element 1 of aclTensorList"));
        EXPECT_EQ(fn(nullptr, 0, 0, l, other), kInnerNull);
        EXPECT_TRUE(Has(LastError(), "executor is null"));
        EXPECT_EQ(fn(ex, 0, 0, l, other), kInvalid);
        EXPECT_TRUE(Has(LastError(), "not a dynamic (tensor-list)"));
        EXPECT_EQ(fn(ex, 0, 0, reinterpret_cast<aclTensorList*>(e), other), kInvalid);
        EXPECT_TRUE(Has(LastError(), "is not a live aclTensorList"));
        void* addr = nullptr;
        EXPECT_EQ(aclGetRawTensorAddr(e, &addr), OK);
        EXPECT_EQ(addr, data);  // nothing written by a refused call
    }
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), OK);
    EXPECT_EQ(aclSetDynamicInputTensorAddr(ex, 0, 0, l, other), kInvalid);
    ExpectReleased(ex, "aclOpExecutor", "aclSetDynamicInputTensorAddr on a destroyed executor");
    EXPECT_EQ(aclDestroyTensorList(l), OK);
    EXPECT_EQ(aclSetDynamicTensorAddr(nullptr, 0, 0, l, other), kInvalid);
    ExpectReleased(l, "aclTensorList", "aclSetDynamicTensorAddr on a destroyed list");
}

TEST(RepeatableExecutor, DestroyedByAclDestroyAclOpExecutor) {
    HostTensor g = EmptyTensor({2, 3}, ACL_FLOAT, 0), o = EmptyTensor({2, 3}, ACL_FLOAT, 0);
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    ASSERT_EQ(aclnnL1LossBackwardGetWorkspaceSize(g.tensor, g.tensor, g.tensor, 0, o.tensor, &ws, &ex), OK);
    ASSERT_EQ(aclSetAclOpExecutorRepeatable(ex), OK);
    for (int i = 0; i < 3; ++i) ASSERT_EQ(aclnnL1LossBackward(nullptr, 0, ex, nullptr), OK) << LastError();
    ASSERT_EQ(aclrtSynchronizeStream(nullptr), ACL_SUCCESS);
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), OK);
    EXPECT_EQ(aclDestroyAclOpExecutor(ex), kInvalid);
    ExpectReleased(ex, "aclOpExecutor", "second aclDestroyAclOpExecutor");
    EXPECT_EQ(aclDestroyAclOpExecutor(nullptr), kInnerNull);
}

// ---- released handles: create / destroy / create cycles per kind ----

// Addresses released recently with the release count at their release: no new object may take one while
// fewer than kHandleQuarantine releases followed.
class Window {
public:
    void Releasing(const void* p) { released_[p] = HandleReleaseCount() + 1; }
    void Created(const void* p) {
        auto it = released_.find(p);
        if (it == released_.end()) return;
        const uint64_t since = HandleReleaseCount() - it->second;
        EXPECT_GE(since, kHandleQuarantine) << "address " << p << " came back after " << since << " releases";
        if (since >= kHandleQuarantine) ++reused_late_;
        released_.erase(it);
    }
    int reused_late() const { return reused_late_; }

private:
    std::unordered_map<const void*, uint64_t> released_;
    int reused_late_ = 0;
};

// One kind's cycle: `make` creates a live object (checked), `destroy` releases it (returns its code),
// `use` calls a getter on it (returns its code), `size_of` reads its element count through the API.
template <typename T, typename Make, typename Destroy, typename Use>
void Cycle(const char* kind, Make make, Destroy destroy, Use use) {
    Window w;
    T* prev = nullptr;
    for (int r = 0; r < kRounds; ++r) {
        T* obj = make(r);
        ASSERT_NE(obj, nullptr) << kind << " round " << r << ": " << LastError();
        w.Created(obj);
        if (prev != nullptr) {
            // The previous round's handle is released: every call through it fails, the new object works.
            ASSERT_EQ(use(prev), kInvalid) << kind << " round " << r;
            if (r % 500 == 1) ExpectReleased(prev, kind, "call through a released handle");
            LastError();
            ASSERT_EQ(destroy(prev), kInvalid) << kind << " round " << r;
            LastError();
        }
        ASSERT_EQ(use(obj), OK) << kind << " round " << r << ": " << LastError();
        w.Releasing(obj);
        ASSERT_EQ(destroy(obj), OK) << kind << " round " << r;
        prev = obj;
    }
    // Allocators hand back recent addresses at once; the registry only after the quarantine.
    std::printf("%s: %d addresses came back, each only after %llu or more releases\n", kind, w.reused_late(),
                static_cast<unsigned long long>(kHandleQuarantine));
}

TEST(ReleasedHandles, Scalar) {
    // A scalar has no getter: a scalar list reads it through the registry. Even rounds destroy the scalar
    // with aclDestroyScalar, odd rounds through a list that owns it.
    Window w;
    aclScalar* prev = nullptr;
    for (int r = 0; r < kRounds; ++r) {
        int64_t v = r;
        aclScalar* s = aclCreateScalar(&v, ACL_INT64);
        ASSERT_NE(s, nullptr) << r;
        w.Created(s);
        double got = -1;
        ASSERT_TRUE(aclcpu::ScalarToDouble(*s, &got));
        ASSERT_EQ(got, r);
        if (prev != nullptr) {
            const aclScalar* stale[] = {prev};
            ASSERT_EQ(aclCreateScalarList(stale, 1), nullptr) << r;
            if (r % 500 == 1) ExpectReleased(prev, "aclScalar", "aclCreateScalarList with a released scalar");
            LastError();
            ASSERT_EQ(aclDestroyScalar(prev), kInvalid) << r;
            LastError();
        }
        if (r % 2 == 0) {
            w.Releasing(s);
            ASSERT_EQ(aclDestroyScalar(s), OK) << r;
        } else {
            const aclScalar* items[] = {s};
            aclScalarList* l = aclCreateScalarList(items, 1);
            ASSERT_NE(l, nullptr) << r << ": " << LastError();
            w.Created(l);
            w.Releasing(s);  // released first, then the list
            w.Releasing(l);
            ASSERT_EQ(aclDestroyScalarList(l), OK) << r;
        }
        prev = s;
    }
    std::printf("aclScalar: %d addresses came back, each only after %llu or more releases\n", w.reused_late(),
                static_cast<unsigned long long>(kHandleQuarantine));
}

TEST(ReleasedHandles, IntArray) {
    Cycle<aclIntArray>(
        "aclIntArray",
        [](int r) {
            int64_t v[2] = {r, -r};
            return aclCreateIntArray(v, 2);
        },
        [](aclIntArray* a) { return aclDestroyIntArray(a); },
        [](aclIntArray* a) {
            uint64_t n = 0;
            const int ret = aclGetIntArraySize(a, &n);
            return ret == OK && n != 2 ? -1 : ret;
        });
}

TEST(ReleasedHandles, FloatArray) {
    Cycle<aclFloatArray>(
        "aclFloatArray",
        [](int r) {
            float v[3] = {1.0f * r, 0, 0};
            return aclCreateFloatArray(v, 3);
        },
        [](aclFloatArray* a) { return aclDestroyFloatArray(a); },
        [](aclFloatArray* a) {
            uint64_t n = 0;
            const int ret = aclGetFloatArraySize(a, &n);
            return ret == OK && n != 3 ? -1 : ret;
        });
}

TEST(ReleasedHandles, BoolArray) {
    Cycle<aclBoolArray>(
        "aclBoolArray",
        [](int r) {
            bool v[1] = {r % 2 == 0};
            return aclCreateBoolArray(v, 1);
        },
        [](aclBoolArray* a) { return aclDestroyBoolArray(a); },
        [](aclBoolArray* a) {
            uint64_t n = 0;
            const int ret = aclGetBoolArraySize(a, &n);
            return ret == OK && n != 1 ? -1 : ret;
        });
}

TEST(ReleasedHandles, TensorList) {
    Cycle<aclTensorList>(
        "aclTensorList",
        [](int r) {
            const aclTensor* items[2] = {SmallTensor(), r % 2 ? SmallTensor() : nullptr};
            return aclCreateTensorList(items, 2);
        },
        [](aclTensorList* l) { return aclDestroyTensorList(l); },
        [](aclTensorList* l) {
            uint64_t n = 0;
            const int ret = aclGetTensorListSize(l, &n);
            return ret == OK && n != 2 ? -1 : ret;
        });
}

TEST(ReleasedHandles, ScalarList) {
    Cycle<aclScalarList>(
        "aclScalarList",
        [](int r) {
            float v = static_cast<float>(r);
            const aclScalar* items[1] = {aclCreateScalar(&v, ACL_FLOAT)};
            return aclCreateScalarList(items, 1);
        },
        [](aclScalarList* l) { return aclDestroyScalarList(l); },
        [](aclScalarList* l) {
            uint64_t n = 0;
            const int ret = aclGetScalarListSize(l, &n);
            return ret == OK && n != 1 ? -1 : ret;
        });
}

}  // namespace
