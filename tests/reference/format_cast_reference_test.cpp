// aclnnNpuFormatCast and aclnnNpuFormatCastCalculateSizeAndFormat (ops/families/format_cast.yaml;
// docs/ops/format_cast.md): the host function's storage shapes and formats per product and dtype (written out from
// the op_api's rule: [batch..., ceil(cols / c0), ceil(rows / 16), 16, c0]), its refusals, and the two-phase
// conversion ND -> FRACTAL_NZ -> ND through the C API: every element checked at its block position (element (r, c)
// of a batch at ((c / c0) * m1 + r / 16) * 16 * c0 + (r % 16) * c0 + c % c0), the padding keeping its bytes; then
// the first phase's refusals per product.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_npu_format_cast.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit.
namespace format_cast_reference_test {

using aclcpu_test::DeviceBuffer;
using aclcpu_test::Download;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::ProfileScope;
using aclcpu_test::RunPhases;
using l1ref::Profile;

/// Device bytes and a tensor over them (contiguous view of `shape`, storage shape `storage`, format).
struct Buf {
    DeviceBuffer buf;
    aclTensor* t = nullptr;
    Buf(const std::vector<uint8_t>& bytes, aclDataType dtype, std::vector<int64_t> shape,
        std::vector<int64_t> storage, int format = ACL_FORMAT_ND, int64_t offset = 0,
        std::vector<int64_t> strides = {})
        : buf(bytes.size()) {
        aclrtMemcpy(buf.get(), bytes.size(), bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE);
        if (strides.empty()) {
            strides.assign(shape.size(), 1);
            for (size_t i = shape.size(); i-- > 1;) strides[i - 1] = strides[i] * shape[i];
        }
        t = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), offset, static_cast<aclFormat>(format),
                            storage.data(), storage.size(), buf.get());
    }
    ~Buf() { aclDestroyTensor(t); }
    Buf(const Buf&) = delete;
    Buf& operator=(const Buf&) = delete;
    std::vector<uint8_t> Bytes() const { return Download<uint8_t>(buf.get(), buf.bytes()); }
};

/// The host function's answer: status, shape, format (actualFormat starts at 777 to see whether it is written).
struct Size {
    int ret = -1;
    std::vector<int64_t> shape;
    int format = 777;
};

Size Calc(const aclTensor* src, int dstFormat, int additionalDtype) {
    Size s;
    int64_t* shape = nullptr;
    uint64_t n = 0;
    s.ret = aclnnNpuFormatCastCalculateSizeAndFormat(src, dstFormat, additionalDtype, &shape, &n, &s.format);
    if (s.ret == 0 && shape != nullptr) s.shape.assign(shape, shape + n);
    delete[] shape;  // as CANN's examples free it
    return s;
}

/// A contiguous ND tensor of `shape` (zero bytes) for the host function.
struct Nd : Buf {
    Nd(aclDataType dt, std::vector<int64_t> shape, int format = ACL_FORMAT_ND)
        : Buf(std::vector<uint8_t>(NBytes(shape), 0), dt, shape, shape, format) {}
    static size_t NBytes(const std::vector<int64_t>& shape) {  // 8 bytes an element: enough for every dtype here
        int64_t n = 1;
        for (int64_t d : shape) n *= d;
        return static_cast<size_t>(n < 1 ? 1 : n) * 8;
    }
};

int Cast(const aclTensor* src, aclTensor* dst) {
    return RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNpuFormatCastGetWorkspaceSize(src, dst, ws, ex); },
                     aclnnNpuFormatCast);
}

// ---------------------------------------------------------------- the host function, Ascend 950

TEST(ReferenceFormatCastSize, Ascend950NdToNz) {
    ProfileScope scope(Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    struct Row {
        aclDataType dt;
        std::vector<int64_t> shape;
        int addl;
        std::vector<int64_t> want;
        int format;
    };
    const Row rows[] = {
        {ACL_FLOAT16, {5, 40}, -1, {3, 1, 16, 16}, ACL_FORMAT_FRACTAL_NZ},          // c0 32 / 2
        {ACL_BF16, {17, 16}, ACL_BF16, {1, 2, 16, 16}, ACL_FORMAT_FRACTAL_NZ},
        {ACL_FLOAT, {2, 33, 9}, -1, {2, 2, 3, 16, 8}, ACL_FORMAT_FRACTAL_NZ},       // c0 8, batch kept
        {ACL_INT8, {64, 70}, -1, {3, 4, 16, 32}, ACL_FORMAT_FRACTAL_NZ},            // c0 32
        {ACL_FLOAT8_E4M3FN, {3, 2, 5, 33}, -1, {3, 2, 2, 1, 16, 32}, ACL_FORMAT_FRACTAL_NZ},
        {ACL_FLOAT4_E2M1, {16, 100}, -1, {2, 1, 16, 64}, ACL_FORMAT_FRACTAL_NZ},    // 4-bit: c0 64
        {ACL_INT32, {32, 16}, ACL_FLOAT16, {1, 2, 16, 16}, ACL_FORMAT_FRACTAL_NZ_C0_16},  // 2-byte A: C0_16
        {ACL_FLOAT, {32, 16}, ACL_FLOAT8_E4M3FN, {1, 2, 16, 32}, ACL_FORMAT_FRACTAL_NZ_C0_32},
        {ACL_INT32, {3, 32, 40}, ACL_INT8, {3, 2, 2, 16, 32}, ACL_FORMAT_FRACTAL_NZ_C0_32},
        {ACL_FLOAT, {32, 16}, ACL_HIFLOAT8, {1, 2, 16, 16}, 777},  // the op_api sets no format on that path
    };
    for (const Row& r : rows) {
        Nd src(r.dt, r.shape);
        const Size s = Calc(src.t, ACL_FORMAT_FRACTAL_NZ, r.addl);
        EXPECT_EQ(s.ret, 0) << "dtype " << r.dt << ": " << LastError();
        EXPECT_EQ(s.shape, r.want) << "dtype " << r.dt;
        EXPECT_EQ(s.format, r.format) << "dtype " << r.dt;
    }
    // NCL is taken as ND; NCHW only with additionalDtype = src's dtype (a quant dtype)
    Nd ncl(ACL_FLOAT16, {2, 18, 17}, ACL_FORMAT_NCL);
    Size s = Calc(ncl.t, ACL_FORMAT_FRACTAL_NZ, -1);
    EXPECT_EQ(s.ret, 0) << LastError();
    EXPECT_EQ(s.shape, (std::vector<int64_t>{2, 2, 2, 16, 16}));
    Nd nchw(ACL_INT8, {1, 2, 3, 40}, ACL_FORMAT_NCHW);
    s = Calc(nchw.t, ACL_FORMAT_FRACTAL_NZ, ACL_INT8);
    EXPECT_EQ(s.ret, 0) << LastError();
    EXPECT_EQ(s.shape, (std::vector<int64_t>{1, 2, 2, 1, 16, 32}));
}

TEST(ReferenceFormatCastSize, Ascend950NzToNd) {
    ProfileScope scope(Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    Buf nz(std::vector<uint8_t>(3 * 16 * 16 * 2, 0), ACL_FLOAT16, {5, 40}, {3, 1, 16, 16}, ACL_FORMAT_FRACTAL_NZ);
    const Size s = Calc(nz.t, ACL_FORMAT_ND, -1);
    EXPECT_EQ(s.ret, 0) << LastError();
    EXPECT_EQ(s.shape, (std::vector<int64_t>{5, 40}));
    EXPECT_EQ(s.format, ACL_FORMAT_ND);
    Buf c016(std::vector<uint8_t>(2 * 16 * 16 * 4, 0), ACL_FLOAT, {20, 10}, {1, 2, 16, 16}, ACL_FORMAT_FRACTAL_NZ_C0_16);
    EXPECT_EQ(Calc(c016.t, ACL_FORMAT_ND, -1).ret, 0) << LastError();
    // c0 not the format's: FRACTAL_NZ of FLOAT16 needs 16
    Buf bad(std::vector<uint8_t>(6 * 16 * 8 * 2, 0), ACL_FLOAT16, {5, 40}, {5, 1, 16, 8}, ACL_FORMAT_FRACTAL_NZ);
    EXPECT_EQ(Calc(bad.t, ACL_FORMAT_ND, -1).ret, ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(LastError().find("c0"), std::string::npos);
    // a storage of 3 dims
    Buf three(std::vector<uint8_t>(16 * 16 * 2, 0), ACL_FLOAT16, {4, 4}, {1, 16, 16}, ACL_FORMAT_FRACTAL_NZ);
    EXPECT_EQ(Calc(three.t, ACL_FORMAT_ND, -1).ret, ACLNN_ERR_PARAM_INVALID);
}

TEST(ReferenceFormatCastSize, Ascend950Refusals) {
    ProfileScope scope(Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    struct Row {
        aclDataType dt;
        std::vector<int64_t> shape;
        int addl;
        const char* msg;
    };
    const Row rows[] = {
        {ACL_FLOAT16, {1, 8}, -1, "axis k of srcTensor cannot be equal to 1"},
        {ACL_FLOAT, {2, 2, 2, 2, 2, 2, 2}, -1, "between 2 and 6"},
        {ACL_INT32, {32, 16}, -1, "additionalDtype must be int8/uint8"},   // INT32 = INT32: the quant rule
        {ACL_INT32, {32, 16}, ACL_FLOAT, "float16/bfloat16/int8 when the dtype of srcTensor is int32"},
        {ACL_FLOAT, {32, 16}, ACL_INT8, "float16, bfloat16, float8_e4m3fn, hifloat8 or uint8"},
        {ACL_FLOAT, {2, 2, 32, 16}, ACL_BF16, "must be 2 or 3"},
        {ACL_FLOAT16, {0, 16}, -1, "must not be empty"},
        {ACL_UINT32, {32, 16}, -1, "must be one of"},  // in the weight list, not in the 950's
        {ACL_INT64, {32, 16}, -1, "must be one of"},   // in neither
    };
    for (const Row& r : rows) {
        Nd src(r.dt, r.shape);
        LastError();
        EXPECT_EQ(Calc(src.t, ACL_FORMAT_FRACTAL_NZ, r.addl).ret, ACLNN_ERR_PARAM_INVALID) << r.msg;
        EXPECT_NE(LastError().find(r.msg), std::string::npos) << r.msg;
    }
    // the op_api's other pairs: not converted by aclcpu
    Nd nchw(ACL_FLOAT16, {1, 16, 4, 4}, ACL_FORMAT_NCHW);
    EXPECT_EQ(Calc(nchw.t, ACL_FORMAT_NC1HWC0, -1).ret, ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(LastError().find("aclcpu converts only between ND"), std::string::npos);
    Nd ncdhw(ACL_FLOAT16, {1, 16, 2, 4, 4}, ACL_FORMAT_NCDHW);
    EXPECT_EQ(Calc(ncdhw.t, ACL_FRACTAL_Z_3D, -1).ret, ACLNN_ERR_PARAM_INVALID);
    // a pair the op_api has no path for: 361001
    Nd nd(ACL_FLOAT16, {16, 16});
    EXPECT_EQ(Calc(nd.t, ACL_FORMAT_NC1HWC0, -1).ret, ACLNN_ERR_RUNTIME_ERROR);
    // NULL srcTensor: 161002 (CANN folds the check into its 161002); NULL results: 161001 (beyond CANN)
    int64_t* shape = nullptr;
    uint64_t n = 0;
    int fmt = 0;
    EXPECT_EQ(aclnnNpuFormatCastCalculateSizeAndFormat(nullptr, 29, -1, &shape, &n, &fmt), ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(aclnnNpuFormatCastCalculateSizeAndFormat(nd.t, 29, -1, nullptr, &n, &fmt), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclnnNpuFormatCastCalculateSizeAndFormat(nd.t, 29, -1, &shape, nullptr, &fmt), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(aclnnNpuFormatCastCalculateSizeAndFormat(nd.t, 29, -1, &shape, &n, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    EXPECT_EQ(shape, nullptr);
    // a destroyed tensor
    aclTensor* dead = nullptr;
    {
        Nd gone(ACL_FLOAT16, {16, 16});
        dead = gone.t;
    }
    EXPECT_EQ(aclnnNpuFormatCastCalculateSizeAndFormat(dead, 29, -1, &shape, &n, &fmt), ACLNN_ERR_PARAM_INVALID);
}

// ---------------------------------------------------------------- the host function, Atlas A2/A3 and others

TEST(ReferenceFormatCastSize, AtlasA2A3) {
    for (Profile p : {Profile::kAscend910B, Profile::kAscend910_93}) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        struct Row {
            aclDataType dt;
            std::vector<int64_t> shape;
            int addl;
            std::vector<int64_t> want;
        };
        const Row rows[] = {
            {ACL_FLOAT16, {5, 40}, -1, {3, 1, 16, 16}},
            {ACL_INT8, {64, 70}, -1, {3, 4, 16, 32}},
            {ACL_INT32, {32, 16}, ACL_FLOAT16, {1, 2, 16, 16}},   // c0 from the 2-byte additionalDtype
            {ACL_FLOAT, {4, 1}, -1, {1, 1, 16, 8}},               // k = 1 is no refusal here
            {ACL_INT32, {2, 3, 4, 5, 6, 7, 9}, -1, {2, 3, 4, 5, 6, 2, 1, 16, 8}},  // no rank rule here
            {ACL_BF16, {3, 40}, ACL_INT8, {2, 1, 16, 32}},        // c0 = 32 / 1 byte
        };
        for (const Row& r : rows) {
            Nd src(r.dt, r.shape);
            const Size s = Calc(src.t, ACL_FORMAT_FRACTAL_NZ, r.addl);
            EXPECT_EQ(s.ret, 0) << "dtype " << r.dt << ": " << LastError();
            EXPECT_EQ(s.shape, r.want) << "dtype " << r.dt;
            EXPECT_EQ(s.format, ACL_FORMAT_FRACTAL_NZ);
        }
        // an empty tensor: the op_api falls back to aclop (361001)
        Nd empty(ACL_FLOAT16, {0, 16});
        EXPECT_EQ(Calc(empty.t, ACL_FORMAT_FRACTAL_NZ, -1).ret, ACLNN_ERR_RUNTIME_ERROR);
        // NZ -> ND: only FRACTAL_NZ itself
        Buf nz(std::vector<uint8_t>(3 * 16 * 16 * 2, 0), ACL_FLOAT16, {5, 40}, {3, 1, 16, 16}, ACL_FORMAT_FRACTAL_NZ);
        const Size back = Calc(nz.t, ACL_FORMAT_ND, -1);
        EXPECT_EQ(back.ret, 0) << LastError();
        EXPECT_EQ(back.shape, (std::vector<int64_t>{5, 40}));
        Buf c016(std::vector<uint8_t>(2 * 16 * 16 * 4, 0), ACL_FLOAT, {20, 10}, {1, 2, 16, 16},
                 ACL_FORMAT_FRACTAL_NZ_C0_16);
        EXPECT_EQ(Calc(c016.t, ACL_FORMAT_ND, -1).ret, ACLNN_ERR_PARAM_INVALID);
        // an additionalDtype without a byte size (4-bit): no c0 (beyond CANN, which divides by zero)
        Nd f16(ACL_FLOAT16, {16, 16});
        EXPECT_EQ(Calc(f16.t, ACL_FORMAT_FRACTAL_NZ, ACL_FLOAT4_E2M1).ret, ACLNN_ERR_PARAM_INVALID);
    }
    for (Profile p : {Profile::kAscend910, Profile::kAscend310P}) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        Nd src(ACL_FLOAT16, {16, 16});
        EXPECT_EQ(Calc(src.t, ACL_FORMAT_FRACTAL_NZ, -1).ret, ACLNN_ERR_PARAM_INVALID);
        EXPECT_NE(LastError().find("Only support Ascend950/ASCEND910_93/ASCEND910B"), std::string::npos);
    }
}

// ---------------------------------------------------------------- the conversion

/// ND -> NZ with the host function's storage shape, then NZ -> ND: elements of `item` bytes (shape [batch..., rows,
/// cols]), each element's bytes distinct; the NZ blocks checked position by position, the padding (0xA5) kept, and
/// the round trip equal to the source.
void RoundTrip(aclDataType dt, size_t item, std::vector<int64_t> shape, int addl, int wantFormat) {
    const size_t nd = shape.size();
    const int64_t rows = shape[nd - 2], cols = shape[nd - 1];
    int64_t numel = 1;
    for (int64_t d : shape) numel *= d;
    std::vector<uint8_t> src_bytes(static_cast<size_t>(numel) * item);
    for (size_t k = 0; k < src_bytes.size(); ++k) src_bytes[k] = static_cast<uint8_t>((k * 7 + 3) % 61 + 1);
    if (dt == ACL_FLOAT16 || dt == ACL_BF16) {  // keep each element a finite number: high byte 0x3C / 0x3F
        for (size_t k = 1; k < src_bytes.size(); k += 2) src_bytes[k] = static_cast<uint8_t>(dt == ACL_FLOAT16 ? 0x3C : 0x3F);
    }
    if (dt == ACL_FLOAT) {
        for (size_t k = 3; k < src_bytes.size(); k += 4) src_bytes[k] = 0x3F;
    }
    Buf src(src_bytes, dt, shape, shape);
    const Size s = Calc(src.t, ACL_FORMAT_FRACTAL_NZ, addl);
    ASSERT_EQ(s.ret, 0) << LastError();
    ASSERT_EQ(s.format, wantFormat);
    const std::vector<int64_t>& st = s.shape;
    ASSERT_EQ(st.size(), nd + 2);
    const int64_t n1 = st[nd - 2], m1 = st[nd - 1], m0 = st[nd], c0 = st[nd + 1];
    int64_t storage = 1;
    for (int64_t d : st) storage *= d;
    Buf nz(std::vector<uint8_t>(static_cast<size_t>(storage) * item, 0xA5), dt, shape, st, s.format);
    ASSERT_EQ(Cast(src.t, nz.t), 0) << LastError();
    const std::vector<uint8_t> blocks = nz.Bytes();
    std::vector<bool> used(static_cast<size_t>(storage), false);
    const int64_t batches = numel / (rows * cols);
    const int64_t block = n1 * m1 * m0 * c0;
    int bad = 0;
    for (int64_t b = 0; b < batches; ++b) {
        for (int64_t r = 0; r < rows; ++r) {
            for (int64_t c = 0; c < cols; ++c) {
                const int64_t at = b * block + ((c / c0) * m1 + r / m0) * m0 * c0 + (r % m0) * c0 + c % c0;
                const int64_t from = (b * rows + r) * cols + c;
                used[static_cast<size_t>(at)] = true;
                if (std::memcmp(&blocks[static_cast<size_t>(at) * item], &src_bytes[static_cast<size_t>(from) * item],
                                item) != 0 && ++bad < 5) {
                    ADD_FAILURE() << "dtype " << dt << " element (" << b << ", " << r << ", " << c << ")";
                }
            }
        }
    }
    EXPECT_EQ(bad, 0);
    for (int64_t k = 0; k < storage; ++k) {
        if (used[static_cast<size_t>(k)]) continue;
        for (size_t i = 0; i < item; ++i) {
            if (blocks[static_cast<size_t>(k) * item + i] != 0xA5 && ++bad < 5) ADD_FAILURE() << "padding " << k;
        }
    }
    EXPECT_EQ(bad, 0);
    // and back: NZ -> ND
    const Size back = Calc(nz.t, ACL_FORMAT_ND, -1);
    ASSERT_EQ(back.ret, 0) << LastError();
    EXPECT_EQ(back.shape, shape);
    Buf out(std::vector<uint8_t>(src_bytes.size(), 0), dt, shape, shape);
    ASSERT_EQ(Cast(nz.t, out.t), 0) << LastError();
    EXPECT_EQ(out.Bytes(), src_bytes) << "dtype " << dt;
}

TEST(ReferenceFormatCastValues, Ascend950RoundTrips) {
    ProfileScope scope(Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    RoundTrip(ACL_FLOAT16, 2, {2, 20, 37}, -1, ACL_FORMAT_FRACTAL_NZ);  // the batchmatmul weight_nz path
    RoundTrip(ACL_BF16, 2, {33, 16}, -1, ACL_FORMAT_FRACTAL_NZ);
    RoundTrip(ACL_FLOAT, 4, {3, 18, 9}, -1, ACL_FORMAT_FRACTAL_NZ);     // c0 8
    RoundTrip(ACL_INT8, 1, {40, 70}, -1, ACL_FORMAT_FRACTAL_NZ);        // c0 32
    RoundTrip(ACL_FLOAT, 4, {17, 20}, ACL_FLOAT16, ACL_FORMAT_FRACTAL_NZ_C0_16);
    RoundTrip(ACL_FLOAT, 4, {2, 17, 40}, ACL_FLOAT8_E4M3FN, ACL_FORMAT_FRACTAL_NZ_C0_32);
}

TEST(ReferenceFormatCastValues, AtlasA2RoundTrips) {
    ProfileScope scope(Profile::kAscend910B);
    ASSERT_TRUE(scope.ok());
    RoundTrip(ACL_FLOAT16, 2, {2, 20, 37}, -1, ACL_FORMAT_FRACTAL_NZ);
    RoundTrip(ACL_INT8, 1, {33, 70}, -1, ACL_FORMAT_FRACTAL_NZ);
    RoundTrip(ACL_INT32, 4, {19, 20}, ACL_FLOAT16, ACL_FORMAT_FRACTAL_NZ);  // c0 16 of INT32 elements
}

// FLOAT8_E4M3FN keeps its codes through the decode / encode around the copy (every finite code; NaN 0x7F/0xFF too).
TEST(ReferenceFormatCastValues, Float8CodesKept) {
    ProfileScope scope(Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    std::vector<uint8_t> codes(16 * 16);
    for (size_t k = 0; k < codes.size(); ++k) codes[k] = static_cast<uint8_t>(k);
    Buf src(codes, ACL_FLOAT8_E4M3FN, {16, 16}, {16, 16});
    const Size s = Calc(src.t, ACL_FORMAT_FRACTAL_NZ, -1);
    ASSERT_EQ(s.ret, 0) << LastError();
    ASSERT_EQ(s.shape, (std::vector<int64_t>{1, 1, 16, 32}));
    Buf nz(std::vector<uint8_t>(16 * 32, 0x11), ACL_FLOAT8_E4M3FN, {16, 16}, s.shape, s.format);
    ASSERT_EQ(Cast(src.t, nz.t), 0) << LastError();
    const std::vector<uint8_t> b = nz.Bytes();
    for (int r = 0; r < 16; ++r) {
        for (int c = 0; c < 32; ++c) {
            const uint8_t want = c < 16 ? static_cast<uint8_t>(r * 16 + c) : 0x11;
            EXPECT_EQ(b[static_cast<size_t>(r * 32 + c)], want) << r << ", " << c;
        }
    }
}

// A same-format ND copy (the Ascend 950 op_api's TransData returns its input; ViewCopy copies it).
TEST(ReferenceFormatCastValues, Ascend950SameFormatCopy) {
    ProfileScope scope(Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    std::vector<uint8_t> v(4 * 6 * 4);
    for (size_t k = 0; k < v.size(); ++k) v[k] = static_cast<uint8_t>(k);
    Buf src(v, ACL_INT32, {4, 6}, {4, 6});
    Buf dst(std::vector<uint8_t>(v.size(), 0), ACL_INT32, {4, 6}, {4, 6});
    ASSERT_EQ(Cast(src.t, dst.t), 0) << LastError();
    EXPECT_EQ(dst.Bytes(), v);
}

// ---------------------------------------------------------------- the first phase's refusals

TEST(ReferenceFormatCastChecks, NullAndScope) {
    ProfileScope scope(Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    Nd src(ACL_FLOAT16, {16, 16});
    Buf nz(std::vector<uint8_t>(16 * 16 * 2, 0), ACL_FLOAT16, {16, 16}, {1, 1, 16, 16}, ACL_FORMAT_FRACTAL_NZ);
    auto first = [&](const aclTensor* a, aclTensor* b) {
        return [a, b](uint64_t* ws, aclOpExecutor** ex) { return aclnnNpuFormatCastGetWorkspaceSize(a, b, ws, ex); };
    };
    ExpectFails(first(nullptr, nz.t), ACLNN_ERR_INNER_NULLPTR, "srcTensor is nullptr.");
    ExpectFails(first(src.t, nullptr), ACLNN_ERR_INNER_NULLPTR, "dstTensor is nullptr.");
    uint64_t ws = 0;
    EXPECT_EQ(aclnnNpuFormatCastGetWorkspaceSize(src.t, nz.t, &ws, nullptr), ACLNN_ERR_PARAM_NULLPTR);
    // FLOAT16 from NCHW: the non-quant rule wants ND / NCL
    Nd nchw(ACL_FLOAT16, {1, 1, 16, 16}, ACL_FORMAT_NCHW);
    Buf nz4(std::vector<uint8_t>(16 * 16 * 2, 0), ACL_FLOAT16, {1, 1, 16, 16}, {1, 1, 1, 1, 16, 16},
            ACL_FORMAT_FRACTAL_NZ);
    ExpectFails(first(nchw.t, nz4.t), ACLNN_ERR_PARAM_INVALID, "must be ND/NCL");
    // a pair the op_api supports but aclcpu does not convert
    Nd nc1hwc0(ACL_FLOAT16, {1, 1, 4, 4, 16}, ACL_FORMAT_NC1HWC0);
    Nd nchw2(ACL_FLOAT16, {1, 16, 4, 4}, ACL_FORMAT_NCHW);
    ExpectFails(first(nchw2.t, nc1hwc0.t), ACLNN_ERR_PARAM_INVALID, "aclcpu converts only between ND");
    // beyond CANN: dtypes or view shapes that differ
    Buf nz_i8(std::vector<uint8_t>(16 * 32, 0), ACL_INT8, {16, 16}, {1, 1, 16, 32}, ACL_FORMAT_FRACTAL_NZ);
    Nd src_f(ACL_FLOAT, {16, 16});
    ExpectFails(first(src_f.t, nz_i8.t), ACLNN_ERR_PARAM_INVALID, "aclcpu converts the layout only");
    Nd src_small(ACL_FLOAT16, {8, 16});
    ExpectFails(first(src_small.t, nz.t), ACLNN_ERR_PARAM_INVALID, "differs from dstTensor's");
    // an NZ storage that does not cover its view (the engine's check)
    Buf short_nz(std::vector<uint8_t>(16 * 16 * 2, 0), ACL_FLOAT16, {20, 16}, {1, 1, 16, 16}, ACL_FORMAT_FRACTAL_NZ);
    Nd src20(ACL_FLOAT16, {20, 16});
    ExpectFails(first(src20.t, short_nz.t), ACLNN_ERR_PARAM_INVALID, "FRACTAL_NZ with view shape");
    // a non-contiguous source on the generic path (same-format copy)
    std::vector<uint8_t> bytes(16 * 16 * 2, 0);
    Buf tr(bytes, ACL_FLOAT16, {16, 8}, {16, 16}, ACL_FORMAT_ND, 0, {1, 16});
    Nd nd8(ACL_FLOAT16, {16, 8});
    ExpectFails(first(tr.t, nd8.t), ACLNN_ERR_PARAM_INVALID, "srcTensor must be contiguous");
    // NZ -> ND: the storage must block dstTensor's shape
    Buf nz_src(std::vector<uint8_t>(2 * 16 * 16 * 2, 0), ACL_FLOAT16, {16, 16}, {2, 1, 16, 16}, ACL_FORMAT_FRACTAL_NZ);
    Nd nd16(ACL_FLOAT16, {16, 16});
    ExpectFails(first(nz_src.t, nd16.t), ACLNN_ERR_PARAM_INVALID, "n1 must be equal to ceil(n/n0)");
}

TEST(ReferenceFormatCastChecks, PerProduct) {
    {
        ProfileScope scope(Profile::kAscend910B);
        ASSERT_TRUE(scope.ok());
        auto first = [](const aclTensor* a, aclTensor* b) {
            return [a, b](uint64_t* ws, aclOpExecutor** ex) { return aclnnNpuFormatCastGetWorkspaceSize(a, b, ws, ex); };
        };
        // FLOAT8_E4M3FN: in the 950's list, not in Atlas A2's
        Nd f8(ACL_FLOAT8_E4M3FN, {16, 32});
        Buf nz8(std::vector<uint8_t>(16 * 32, 0), ACL_FLOAT8_E4M3FN, {16, 32}, {1, 1, 16, 32}, ACL_FORMAT_FRACTAL_NZ);
        ExpectFails(first(f8.t, nz8.t), ACLNN_ERR_PARAM_INVALID, "must be one of");
        // FRACTAL_NZ_C0_16 is no pair there (CANN returns 0 without an executor; aclcpu refuses)
        Nd f32(ACL_FLOAT, {16, 16});
        Buf c016(std::vector<uint8_t>(16 * 16 * 4, 0), ACL_FLOAT, {16, 16}, {1, 1, 16, 16}, ACL_FORMAT_FRACTAL_NZ_C0_16);
        ExpectFails(first(f32.t, c016.t), ACLNN_ERR_PARAM_INVALID, "Unsupported format transformation");
        // an ND -> ND copy neither
        Nd f32b(ACL_FLOAT, {16, 16});
        ExpectFails(first(f32.t, f32b.t), ACLNN_ERR_PARAM_INVALID, "Unsupported format transformation");
    }
    {
        ProfileScope scope(Profile::kAscend950);
        ASSERT_TRUE(scope.ok());
        // the 950 takes FLOAT8_E4M3FN (quant rule) and FRACTAL_NZ_C0_16 (forward pair)
        Nd f8(ACL_FLOAT8_E4M3FN, {16, 32});
        Buf nz8(std::vector<uint8_t>(16 * 32, 0), ACL_FLOAT8_E4M3FN, {16, 32}, {1, 1, 16, 32}, ACL_FORMAT_FRACTAL_NZ);
        EXPECT_EQ(Cast(f8.t, nz8.t), 0) << LastError();
        Nd f32(ACL_FLOAT, {16, 16});
        Buf c016(std::vector<uint8_t>(16 * 16 * 4, 0), ACL_FLOAT, {16, 16}, {1, 1, 16, 16}, ACL_FORMAT_FRACTAL_NZ_C0_16);
        EXPECT_EQ(Cast(f32.t, c016.t), 0) << LastError();
        // UINT32: in the weight list, not in the 950's
        Nd u32(ACL_UINT32, {16, 16});
        Buf nzu(std::vector<uint8_t>(16 * 16 * 4, 0), ACL_UINT32, {16, 16}, {2, 1, 16, 8}, ACL_FORMAT_FRACTAL_NZ);
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNpuFormatCastGetWorkspaceSize(u32.t, nzu.t, ws, ex); },
                      ACLNN_ERR_PARAM_INVALID, "must be one of");
    }
    for (Profile p : {Profile::kAscend910, Profile::kAscend310P}) {
        ProfileScope scope(p);
        ASSERT_TRUE(scope.ok());
        Nd src(ACL_FLOAT16, {16, 16});
        Buf nz(std::vector<uint8_t>(16 * 16 * 2, 0), ACL_FLOAT16, {16, 16}, {1, 1, 16, 16}, ACL_FORMAT_FRACTAL_NZ);
        ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnNpuFormatCastGetWorkspaceSize(src.t, nz.t, ws, ex); },
                      ACLNN_ERR_PARAM_INVALID, "Only support Ascend950/ASCEND910_93/ASCEND910B");
    }
}

}  // namespace format_cast_reference_test
