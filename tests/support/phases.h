// Helpers of the hand-written operator suites (tests/operators/<family>_test.cpp): both phases of one call,
// a refused first phase, an owned aclScalar. One definition for every suite.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "support/test_util.h"

namespace aclcpu_test {

/// Runs a first phase (first(&ws, &ex)), then the second (second(workspace, ws, ex, stream)) with a workspace
/// of the size asked for on the default stream, and synchronises it; returns the first non-zero status (or 0).
template <typename First, typename Second>
int RunPhases(First&& first, Second second) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    int st = first(&ws, &ex);
    if (st != 0) return st;
    DeviceBuffer w;
    if (ws > 0) w = DeviceBuffer(ws);
    st = second(ws > 0 ? w.get() : nullptr, ws, ex, nullptr);
    return st != 0 ? st : aclrtSynchronizeStream(nullptr);
}

/// Expects a first phase (call(&ws, &ex)) to fail with status `code` and a message (aclGetRecentErrMsg)
/// containing `msg`, leaving *workspaceSize and *executor untouched.
template <typename Call>
void ExpectFails(Call&& call, int code, const std::string& msg) {
    uint64_t ws = 77;
    aclOpExecutor* ex = reinterpret_cast<aclOpExecutor*>(uintptr_t{0x40});
    LastError();
    EXPECT_EQ(call(&ws, &ex), code);
    const std::string m = LastError();
    EXPECT_NE(m.find(msg), std::string::npos) << "expected message: " << msg << "\ngot: " << m;
    EXPECT_EQ(ws, 77u);
    EXPECT_EQ(ex, reinterpret_cast<aclOpExecutor*>(uintptr_t{0x40}));
}

/// An aclScalar owned by the test: of a float (dtype FLOAT), of the value at v in dtype dt, of the number v
/// converted to dtype dt (FLOAT, DOUBLE, FLOAT16 rounded to nearest even, INT8/16/32/64, UINT8 truncated, BOOL
/// v != 0: the table's reference cases give an aclScalar's dtype so), or none (NULL, an optional aclScalar).
struct Scalar {
    aclScalar* s;
    explicit Scalar(float v) { s = aclCreateScalar(&v, ACL_FLOAT); }
    Scalar(const void* v, aclDataType dt) { s = aclCreateScalar(const_cast<void*>(v), dt); }
    Scalar(double v, aclDataType dt) : s(nullptr) {
        switch (dt) {
            case ACL_FLOAT: { float x = static_cast<float>(v); s = aclCreateScalar(&x, dt); break; }
            case ACL_DOUBLE: { double x = v; s = aclCreateScalar(&x, dt); break; }
            case ACL_FLOAT16: { aclFloat16 x = aclFloatToFloat16(static_cast<float>(v)); s = aclCreateScalar(&x, dt); break; }
            case ACL_INT8: { int8_t x = static_cast<int8_t>(v); s = aclCreateScalar(&x, dt); break; }
            case ACL_INT16: { int16_t x = static_cast<int16_t>(v); s = aclCreateScalar(&x, dt); break; }
            case ACL_INT32: { int32_t x = static_cast<int32_t>(v); s = aclCreateScalar(&x, dt); break; }
            case ACL_INT64: { int64_t x = static_cast<int64_t>(v); s = aclCreateScalar(&x, dt); break; }
            case ACL_UINT8: { uint8_t x = static_cast<uint8_t>(v); s = aclCreateScalar(&x, dt); break; }
            case ACL_BOOL: { bool x = v != 0.0; s = aclCreateScalar(&x, dt); break; }
            default: ADD_FAILURE() << "aclcpu_test::Scalar: no conversion of a number to dtype " << dt; break;
        }
    }
    explicit Scalar(std::nullptr_t) : s(nullptr) {}
    ~Scalar() {
        if (s != nullptr) aclDestroyScalar(s);
    }
    Scalar(const Scalar&) = delete;
    Scalar& operator=(const Scalar&) = delete;
};

}  // namespace aclcpu_test
