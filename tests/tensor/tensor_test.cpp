// SPEC 3: aclCreateTensor, aclDestroyTensor and the getters of acl_meta.h.
//
// Expected values are the literal arguments given at creation (or contiguous strides derived by hand);
// status codes are CANN's (161001 ACLNN_ERR_PARAM_NULLPTR, 161002 ACLNN_ERR_PARAM_INVALID).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "support/test_util.h"

namespace {

using aclcpu_test::DeviceBuffer;
using aclcpu_test::LastError;

constexpr int kNull = ACLNN_ERR_PARAM_NULLPTR;     // 161001
constexpr int kInvalid = ACLNN_ERR_PARAM_INVALID;  // 161002

std::vector<int64_t> ViewShape(const aclTensor* t) {
    int64_t* dims = nullptr;
    uint64_t n = 99;
    EXPECT_EQ(aclGetViewShape(t, &dims, &n), OK);
    std::vector<int64_t> v(dims, dims + n);
    delete[] dims;
    return v;
}

std::vector<int64_t> ViewStrides(const aclTensor* t) {
    int64_t* s = nullptr;
    uint64_t n = 99;
    EXPECT_EQ(aclGetViewStrides(t, &s, &n), OK);
    std::vector<int64_t> v(s, s + n);
    delete[] s;
    return v;
}

std::vector<int64_t> StorageShape(const aclTensor* t) {
    int64_t* s = nullptr;
    uint64_t n = 99;
    EXPECT_EQ(aclGetStorageShape(t, &s, &n), OK);
    std::vector<int64_t> v(s, s + n);
    delete[] s;
    return v;
}

// A creation that must fail: nullptr and a message containing `needle`.
void ExpectCreateFails(const int64_t* dims, uint64_t ndims, aclDataType dt, const int64_t* strides, int64_t offset,
                       const int64_t* storage, uint64_t nstorage, const std::string& needle) {
    LastError();
    aclTensor* t = aclCreateTensor(dims, ndims, dt, strides, offset, ACL_FORMAT_ND, storage, nstorage, nullptr);
    EXPECT_EQ(t, nullptr);
    if (t != nullptr) aclDestroyTensor(t);
    const std::string msg = LastError();
    EXPECT_FALSE(msg.empty());
    EXPECT_NE(msg.find(needle), std::string::npos) << msg;
}

TEST(TensorCreate, NullDimsWithNonZeroCountReturnsNull) {
    const int64_t storage[1] = {6};
    const int64_t dims[2] = {2, 3};
    ExpectCreateFails(nullptr, 2, ACL_FLOAT, nullptr, 0, storage, 1, "viewDims");
    ExpectCreateFails(dims, 2, ACL_FLOAT, nullptr, 0, nullptr, 1, "storageDims");
}

TEST(TensorCreate, NullDimsWithZeroCountIsAScalar) {
    aclTensor* t = aclCreateTensor(nullptr, 0, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, nullptr);
    ASSERT_NE(t, nullptr);
    EXPECT_TRUE(ViewShape(t).empty());
    EXPECT_TRUE(ViewStrides(t).empty());
    EXPECT_TRUE(StorageShape(t).empty());
    EXPECT_EQ(aclDestroyTensor(t), OK);
}

TEST(TensorCreate, NegativeDimsStridesOffsetReturnNull) {
    const int64_t storage[1] = {100};
    const int64_t neg_dim[2] = {2, -3};
    ExpectCreateFails(neg_dim, 2, ACL_FLOAT, nullptr, 0, storage, 1, "-3");
    const int64_t dims[2] = {2, 3};
    const int64_t neg_stride[2] = {3, -1};
    ExpectCreateFails(dims, 2, ACL_FLOAT, neg_stride, 0, storage, 1, "-1");
    ExpectCreateFails(dims, 2, ACL_FLOAT, nullptr, -4, storage, 1, "-4");
    const int64_t neg_storage[1] = {-7};
    ExpectCreateFails(dims, 2, ACL_FLOAT, nullptr, 0, neg_storage, 1, "-7");
}

TEST(TensorCreate, UnknownDtypeReturnsNull) {
    const int64_t dims[1] = {4};
    ExpectCreateFails(dims, 1, static_cast<aclDataType>(5), nullptr, 0, dims, 1, "5");
    ExpectCreateFails(dims, 1, ACL_DT_UNDEFINED, nullptr, 0, dims, 1, "-1");
}

TEST(TensorCreate, OverflowingShapesReturnNull) {
    const int64_t huge[3] = {int64_t{1} << 40, int64_t{1} << 40, 1};
    const int64_t storage[1] = {1};
    ExpectCreateFails(huge, 3, ACL_FLOAT, nullptr, 0, storage, 1, "overflow");
    const int64_t dims[1] = {3};
    const int64_t stride[1] = {INT64_MAX / 2};
    ExpectCreateFails(dims, 1, ACL_FLOAT, stride, 0, storage, 1, "overflow");
}

TEST(TensorCreate, NullStrideMeansContiguous) {
    const int64_t dims[3] = {2, 3, 4};
    const int64_t storage[1] = {24};
    aclTensor* t = aclCreateTensor(dims, 3, ACL_FLOAT16, nullptr, 5, ACL_FORMAT_NCL, storage, 1, nullptr);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(ViewStrides(t), (std::vector<int64_t>{12, 4, 1}));
    EXPECT_EQ(aclDestroyTensor(t), OK);
    // A zero dim counts as 1 in the strides of the dims before it (PyTorch's convention).
    const int64_t zdims[3] = {2, 0, 3};
    t = aclCreateTensor(zdims, 3, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, storage, 1, nullptr);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(ViewStrides(t), (std::vector<int64_t>{3, 3, 1}));
    EXPECT_EQ(aclDestroyTensor(t), OK);
}

TEST(TensorGetters, ReturnWhatWasCreated) {
    DeviceBuffer buf(256);
    const int64_t dims[2] = {3, 2};
    const int64_t strides[2] = {1, 5};
    const int64_t storage[2] = {4, 5};
    aclTensor* t = aclCreateTensor(dims, 2, ACL_BF16, strides, 7, ACL_FORMAT_NCHW, storage, 2, buf.get());
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(ViewShape(t), (std::vector<int64_t>{3, 2}));
    EXPECT_EQ(ViewStrides(t), (std::vector<int64_t>{1, 5}));
    EXPECT_EQ(StorageShape(t), (std::vector<int64_t>{4, 5}));
    int64_t offset = -1;
    EXPECT_EQ(aclGetViewOffset(t, &offset), OK);
    EXPECT_EQ(offset, 7);
    aclFormat fmt = ACL_FORMAT_UNDEFINED;
    EXPECT_EQ(aclGetFormat(t, &fmt), OK);
    EXPECT_EQ(fmt, ACL_FORMAT_NCHW);
    aclDataType dt = ACL_DT_UNDEFINED;
    EXPECT_EQ(aclGetDataType(t, &dt), OK);
    EXPECT_EQ(dt, ACL_BF16);
    void* addr = nullptr;
    EXPECT_EQ(aclGetRawTensorAddr(t, &addr), OK);
    EXPECT_EQ(addr, buf.get());
    EXPECT_EQ(aclSetRawTensorAddr(t, nullptr), OK);
    EXPECT_EQ(aclGetRawTensorAddr(t, &addr), OK);
    EXPECT_EQ(addr, nullptr);
    EXPECT_EQ(aclDestroyTensor(t), OK);
}

TEST(TensorGetters, ZeroDimArraysAreAllocatedWithNew) {
    const int64_t storage[1] = {1};
    aclTensor* t = aclCreateTensor(nullptr, 0, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, storage, 1, nullptr);
    ASSERT_NE(t, nullptr);
    int64_t* dims = nullptr;
    uint64_t n = 99;
    ASSERT_EQ(aclGetViewShape(t, &dims, &n), OK);
    EXPECT_EQ(n, 0u);
    EXPECT_NE(dims, nullptr);  // CANN allocates even for 0-d; the caller delete[]s
    delete[] dims;
    int64_t* strides = nullptr;
    n = 99;
    ASSERT_EQ(aclGetViewStrides(t, &strides, &n), OK);
    EXPECT_EQ(n, 0u);
    EXPECT_NE(strides, nullptr);
    delete[] strides;
    int64_t* st = nullptr;
    n = 99;
    ASSERT_EQ(aclGetStorageShape(t, &st, &n), OK);
    EXPECT_EQ(n, 1u);
    ASSERT_NE(st, nullptr);
    EXPECT_EQ(st[0], 1);
    delete[] st;
    EXPECT_EQ(aclDestroyTensor(t), OK);
}

TEST(TensorGetters, NullArgumentsReturn161001) {
    const int64_t dims[1] = {4};
    aclTensor* t = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, nullptr);
    ASSERT_NE(t, nullptr);
    int64_t* arr = nullptr;
    uint64_t n = 0;
    int64_t off = 0;
    aclFormat fmt;
    aclDataType dt;
    void* addr;
    auto expect_null = [](aclnnStatus st) {
        EXPECT_EQ(st, kNull);
        EXPECT_FALSE(LastError().empty());
    };
    expect_null(aclGetViewShape(nullptr, &arr, &n));
    expect_null(aclGetViewShape(t, nullptr, &n));
    expect_null(aclGetViewShape(t, &arr, nullptr));
    expect_null(aclGetViewStrides(nullptr, &arr, &n));
    expect_null(aclGetViewStrides(t, nullptr, &n));
    expect_null(aclGetViewStrides(t, &arr, nullptr));
    expect_null(aclGetStorageShape(nullptr, &arr, &n));
    expect_null(aclGetStorageShape(t, nullptr, &n));
    expect_null(aclGetStorageShape(t, &arr, nullptr));
    expect_null(aclGetViewOffset(nullptr, &off));
    expect_null(aclGetViewOffset(t, nullptr));
    expect_null(aclGetFormat(nullptr, &fmt));
    expect_null(aclGetFormat(t, nullptr));
    expect_null(aclGetDataType(nullptr, &dt));
    expect_null(aclGetDataType(t, nullptr));
    expect_null(aclGetRawTensorAddr(nullptr, &addr));
    expect_null(aclGetRawTensorAddr(t, nullptr));
    expect_null(aclSetRawTensorAddr(nullptr, nullptr));
    EXPECT_EQ(arr, nullptr);  // nothing was allocated by the failed calls
    EXPECT_EQ(aclDestroyTensor(t), OK);
}

TEST(TensorDestroy, NullIsOk) {
    LastError();
    EXPECT_EQ(aclDestroyTensor(nullptr), OK);
    EXPECT_TRUE(LastError().empty());
}

TEST(TensorDestroy, DoubleDestroyIsAnErrorNotACrash) {
    const int64_t dims[1] = {4};
    aclTensor* t = aclCreateTensor(dims, 1, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, dims, 1, nullptr);
    ASSERT_NE(t, nullptr);
    EXPECT_EQ(aclDestroyTensor(t), OK);
    LastError();
    EXPECT_EQ(aclDestroyTensor(t), kInvalid);
    EXPECT_FALSE(LastError().empty());
    // Getters on a destroyed descriptor are refused too, without touching it.
    aclDataType dt;
    EXPECT_EQ(aclGetDataType(t, &dt), kInvalid);
    EXPECT_FALSE(LastError().empty());
    // A pointer that never was a tensor.
    int64_t not_a_tensor[8] = {};
    EXPECT_EQ(aclDestroyTensor(reinterpret_cast<const aclTensor*>(not_a_tensor)), kInvalid);
    EXPECT_FALSE(LastError().empty());
}

}  // namespace
