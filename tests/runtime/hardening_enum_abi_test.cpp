// Issue 5 ("Hardened"), regression of a fuzzer finding: a C program may pass ANY int where the API takes an
// enum (aclDataType, aclFormat, aclrtMemcpyKind, aclSysParamOpt) - C enums are ints - but the library, being
// C++, loaded such arguments as the enum type, which is undefined for values outside the enumeration's range
// (UBSan -fsanitize=enum reported aclCreateTensor with format 1000). The library now reads them as ints.
//
// This file deliberately does NOT include the ACL headers: it declares the entry points the way a C caller's
// ABI sees them (an enum argument is an int), so that the test itself never forms an out-of-range enum
// value in C++ (which would be undefined on the test's side).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

struct aclTensor;
extern "C" {
aclTensor* aclCreateTensor(const int64_t* viewDims, uint64_t viewDimsNum, int dataType, const int64_t* stride,
                           int64_t offset, int format, const int64_t* storageDims, uint64_t storageDimsNum, void* data);
int aclDestroyTensor(const aclTensor* tensor);
int aclGetFormat(const aclTensor* tensor, int* format);
int aclGetDataType(const aclTensor* tensor, int* dataType);
size_t aclDataTypeSize(int dataType);
int aclrtMemcpy(void* dst, size_t destMax, const void* src, size_t count, int kind);
int aclrtSetSysParamOpt(int opt, int64_t value);
int aclrtGetSysParamOpt(int opt, int64_t* value);
const char* aclGetRecentErrMsg(void);
}

namespace {

const int kOutOfRange[] = {1000, -1000, 64, -65, 0x7FFFFFFF, static_cast<int>(0x80000000u)};

bool HasMessage() {
    const char* m = aclGetRecentErrMsg();
    return m != nullptr && m[0] != '\0';
}

TEST(HardeningEnumAbi, FormatIsALabelThatRoundTrips) {
    const int64_t dims[1] = {4};
    for (int fmt : kOutOfRange) {
        aclTensor* t = aclCreateTensor(dims, 1, /*ACL_FLOAT*/ 0, nullptr, 0, fmt, dims, 1, nullptr);
        ASSERT_NE(t, nullptr) << fmt;
        int got = 0;
        EXPECT_EQ(aclGetFormat(t, &got), 0);
        EXPECT_EQ(got, fmt);
        EXPECT_EQ(aclDestroyTensor(t), 0);
    }
}

TEST(HardeningEnumAbi, UnknownDataTypesAreRejected) {
    const int64_t dims[1] = {4};
    for (int dt : kOutOfRange) {
        EXPECT_EQ(aclCreateTensor(dims, 1, dt, nullptr, 0, /*ACL_FORMAT_ND*/ 2, dims, 1, nullptr), nullptr) << dt;
        EXPECT_TRUE(HasMessage());
        EXPECT_EQ(aclDataTypeSize(dt), 0u) << dt;
    }
    aclTensor* t = aclCreateTensor(dims, 1, /*ACL_BF16*/ 27, nullptr, 0, 2, dims, 1, nullptr);
    ASSERT_NE(t, nullptr);
    int got = 0;
    EXPECT_EQ(aclGetDataType(t, &got), 0);
    EXPECT_EQ(got, 27);
    EXPECT_EQ(aclDestroyTensor(t), 0);
}

TEST(HardeningEnumAbi, MemcpyKindAndSysParamOutOfRange) {
    char a[8] = "abcdefg", b[8] = {};
    for (int kind : kOutOfRange) {
        EXPECT_EQ(aclrtMemcpy(b, 8, a, 8, kind), 100000) << kind;  // ACL_ERROR_INVALID_PARAM
        EXPECT_TRUE(HasMessage());
    }
    EXPECT_EQ(b[0], 0);
    int64_t v = 0;
    for (int opt : kOutOfRange) {
        EXPECT_EQ(aclrtSetSysParamOpt(opt, 1), 100000) << opt;
        EXPECT_TRUE(HasMessage());
        EXPECT_NE(aclrtGetSysParamOpt(opt, &v), 0) << opt;
        EXPECT_TRUE(HasMessage());
    }
}

}  // namespace
