// The reference tier's conversions around ATen (docs/reference-tier.md, "Dtypes and layouts ATen lacks"): tensors
// of the low-precision dtypes (FLOAT8_E4M3FN, FLOAT8_E5M2, FLOAT8_E8M0, HIFLOAT8, FLOAT4_E2M1, FLOAT4_E1M2, INT4)
// decoded exactly for the formula and its outputs encoded back, FRACTAL_NZ storages read and written as their ND
// view, and the first phase's refusals (a dtype with no conversion, an NZ storage that does not cover its view).
// Through the public API with aclnnCat (whose Ascend 950 list admits every low-precision float) and aclnnCos;
// expected codes and values written out or derived from the codes themselves, never from the converters under
// test alone.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_cat.h"
#include "aclnnop/aclnn_cos.h"
#include "support/phases.h"
#include "support/profile_scope.h"
#include "support/test_util.h"

// Named after the file, not anonymous: the value suites compile as one unity translation unit
// (tests/CMakeLists.txt, reference_values_test).
namespace lowp_layout_reference_test {

using aclcpu_test::DeviceBuffer;
using aclcpu_test::Download;
using aclcpu_test::ExpectFails;
using aclcpu_test::LastError;
using aclcpu_test::MakeTensor;
using aclcpu_test::ProfileScope;
using aclcpu_test::RunPhases;
using l1ref::Profile;

/// Device bytes and a tensor over them (view shape, strides, offset in elements; storage in elements; format).
struct Raw {
    DeviceBuffer buf;
    aclTensor* t = nullptr;
    Raw(const std::vector<uint8_t>& bytes, aclDataType dtype, std::vector<int64_t> shape, std::vector<int64_t> strides,
        int64_t offset, std::vector<int64_t> storage, aclFormat format = ACL_FORMAT_ND)
        : buf(bytes.size()) {
        aclrtMemcpy(buf.get(), bytes.size(), bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE);
        t = aclCreateTensor(shape.data(), shape.size(), dtype, strides.data(), offset, format, storage.data(),
                            storage.size(), buf.get());
    }
    ~Raw() { aclDestroyTensor(t); }
    Raw(const Raw&) = delete;
    Raw& operator=(const Raw&) = delete;
    std::vector<uint8_t> Bytes() const { return Download<uint8_t>(buf.get(), buf.bytes()); }
};

/// aclnnCat of one tensor (no promotion between list elements: CANN's PromoteType has no public rule for these
/// dtypes, docs/differences.md) into out: the reference tier's decode, ATen's join and the encode back.
int CatOne(Raw* in, const Raw& out) {
    aclTensor* items[1] = {in->t};
    aclTensorList* l = aclCreateTensorList(items, 1);  // owns in->t from here
    in->t = nullptr;
    const int ret = RunPhases(
        [&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCatGetWorkspaceSize(l, 0, out.t, ws, ex); }, aclnnCat);
    aclDestroyTensorList(l);
    return ret;
}

// Every FLOAT8_E4M3FN, FLOAT8_E5M2, HIFLOAT8 and FLOAT8_E8M0 code through aclnnCat (decoded, joined, encoded): the
// output holds the same codes, NaNs (with their sign where the format has one) and -0 included. A code survives a
// decode and an encode unchanged wherever it is canonical; the one non-canonical family is E5M2's NaNs.
TEST(ReferenceLowp, EightBitCodesSurviveTheConversion) {
    ProfileScope scope(Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    for (aclDataType dt : {ACL_FLOAT8_E4M3FN, ACL_FLOAT8_E5M2, ACL_HIFLOAT8, ACL_FLOAT8_E8M0}) {
        std::vector<uint8_t> codes(256);
        for (int i = 0; i < 256; ++i) codes[static_cast<size_t>(i)] = static_cast<uint8_t>(i);
        Raw in(codes, dt, {256}, {1}, 0, {256});
        Raw out(std::vector<uint8_t>(256, 0x55), dt, {256}, {1}, 0, {256});
        ASSERT_EQ(CatOne(&in, out), 0) << LastError();
        const std::vector<uint8_t> got = out.Bytes();
        for (int c = 0; c < 256; ++c) {
            uint8_t want = static_cast<uint8_t>(c);
            // E5M2's NaNs (exponent 31, mantissa 1..3) all encode as the quiet NaN 0x7E with their sign
            if (dt == ACL_FLOAT8_E5M2 && (c & 0x7F) > 0x7C) want = static_cast<uint8_t>((c & 0x80) | 0x7E);
            EXPECT_EQ(got[static_cast<size_t>(c)], want) << "dtype " << dt << " code " << c;
        }
    }
}

// FLOAT4_E2M1 packs two elements a byte (element 2k in the low nibble): a [7] view from element 1 (starting in a
// high nibble) into a [7] out from element 0 - every nibble where it belongs, the nibble out shares with element 7
// of its storage and the byte past it untouched.
TEST(ReferenceLowp, FourBitElementsPackedByNibble) {
    ProfileScope scope(Profile::kAscend950);
    ASSERT_TRUE(scope.ok());
    // storage nibbles F 1 2 3 9 A B C (bytes 0x1F 0x32 0xA9 0xCB), view [7] from element 1 -> 1 2 3 9 A B C
    Raw in({0x1F, 0x32, 0xA9, 0xCB}, ACL_FLOAT4_E2M1, {7}, {1}, 1, {8});
    Raw out({0xEE, 0xEE, 0xEE, 0xEE, 0xEE}, ACL_FLOAT4_E2M1, {7}, {1}, 0, {8});
    ASSERT_EQ(CatOne(&in, out), 0) << LastError();
    EXPECT_EQ(out.Bytes(), (std::vector<uint8_t>{0x21, 0x93, 0xBA, 0xEC, 0xEE}));
}

// A FRACTAL_NZ input is read as its ND view: a FLOAT [3, 20] view over storage [n1 2, m1 1, m0 16, c0 16] (element
// (r, c) at ((c / 16) * 1 + r / 16) * 256 + (r % 16) * 16 + c % 16), through aclnnCos into an ND out; an NZ output
// is written into its blocks and the padding keeps its bytes.
TEST(ReferenceLayout, FractalNzReadAndWrittenAsItsView) {
    const int64_t rows = 3, cols = 20, storage = 2 * 1 * 16 * 16;
    auto nz_index = [](int64_t r, int64_t c) { return ((c / 16) * 1 + r / 16) * 256 + (r % 16) * 16 + c % 16; };
    std::vector<float> blocks(static_cast<size_t>(storage), 100.0f);  // padding: 100
    for (int64_t r = 0; r < rows; ++r) {
        for (int64_t c = 0; c < cols; ++c) blocks[static_cast<size_t>(nz_index(r, c))] = 0.1f * static_cast<float>(r * cols + c);
    }
    std::vector<uint8_t> bytes(blocks.size() * 4);
    std::memcpy(bytes.data(), blocks.data(), bytes.size());
    Raw in(bytes, ACL_FLOAT, {rows, cols}, {cols, 1}, 0, {2, 1, 16, 16}, ACL_FORMAT_FRACTAL_NZ);
    Raw out(std::vector<uint8_t>(rows * cols * 4, 0), ACL_FLOAT, {rows, cols}, {cols, 1}, 0, {rows, cols});
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCosGetWorkspaceSize(in.t, out.t, ws, ex); },
                        aclnnCos),
              0)
        << LastError();
    const std::vector<float> got = Download<float>(out.buf.get(), static_cast<size_t>(rows * cols));
    for (int64_t k = 0; k < rows * cols; ++k) {
        EXPECT_FLOAT_EQ(got[static_cast<size_t>(k)], std::cos(0.1f * static_cast<float>(k))) << k;
    }
    // ND in, NZ out: the blocks hold cos of each element; the padding stays 100
    std::vector<float> nd(static_cast<size_t>(rows * cols));
    for (int64_t k = 0; k < rows * cols; ++k) nd[static_cast<size_t>(k)] = 0.1f * static_cast<float>(k);
    std::vector<uint8_t> nd_bytes(nd.size() * 4);
    std::memcpy(nd_bytes.data(), nd.data(), nd_bytes.size());
    std::vector<float> pad(static_cast<size_t>(storage), 100.0f);
    std::vector<uint8_t> pad_bytes(pad.size() * 4);
    std::memcpy(pad_bytes.data(), pad.data(), pad_bytes.size());
    Raw nd_in(nd_bytes, ACL_FLOAT, {rows, cols}, {cols, 1}, 0, {rows, cols});
    Raw nz_out(pad_bytes, ACL_FLOAT, {rows, cols}, {cols, 1}, 0, {2, 1, 16, 16}, ACL_FORMAT_FRACTAL_NZ);
    ASSERT_EQ(RunPhases([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCosGetWorkspaceSize(nd_in.t, nz_out.t, ws, ex); },
                        aclnnCos),
              0)
        << LastError();
    const std::vector<float> blocks_out = Download<float>(nz_out.buf.get(), static_cast<size_t>(storage));
    std::vector<bool> inside(static_cast<size_t>(storage), false);
    for (int64_t r = 0; r < rows; ++r) {
        for (int64_t c = 0; c < cols; ++c) {
            const size_t i = static_cast<size_t>(nz_index(r, c));
            inside[i] = true;
            EXPECT_FLOAT_EQ(blocks_out[i], std::cos(0.1f * static_cast<float>(r * cols + c))) << r << "," << c;
        }
    }
    for (size_t i = 0; i < inside.size(); ++i) {
        if (!inside[i]) EXPECT_EQ(blocks_out[i], 100.0f) << "padding element " << i;
    }
}

// The first phase refuses, after the operator's own checks (161002, naming the tensor), an NZ storage that does not
// cover its view (n1 * c0 < cols; batch dims missing): nothing is read past the storage. (A dtype with neither an
// ATen type nor a conversion, UINT16/32/64: the families' suites.)
TEST(ReferenceLayout, RefusesWhatItCannotConvert) {
    std::vector<uint8_t> bytes(2 * 1 * 16 * 16 * 4, 0);
    Raw small(bytes, ACL_FLOAT, {3, 40}, {40, 1}, 0, {2, 1, 16, 16}, ACL_FORMAT_FRACTAL_NZ);  // 2 * 16 = 32 < 40
    Raw out(std::vector<uint8_t>(3 * 40 * 4, 0), ACL_FLOAT, {3, 40}, {40, 1}, 0, {3, 40});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCosGetWorkspaceSize(small.t, out.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID,
                "aclnnCos: input is FRACTAL_NZ with view shape [3,40] and storage shape [2,1,16,16]; the reference tier needs");
    Raw batch(bytes, ACL_FLOAT, {2, 3, 8}, {24, 8, 1}, 0, {1, 1, 16, 16}, ACL_FORMAT_FRACTAL_NZ);  // no batch dim
    Raw bout(std::vector<uint8_t>(2 * 3 * 8 * 4, 0), ACL_FLOAT, {2, 3, 8}, {24, 8, 1}, 0, {2, 3, 8});
    ExpectFails([&](uint64_t* ws, aclOpExecutor** ex) { return aclnnCosGetWorkspaceSize(batch.t, bout.t, ws, ex); },
                ACLNN_ERR_PARAM_INVALID, "aclnnCos: input is FRACTAL_NZ with view shape [2,3,8] and storage shape [1,1,16,16]");
}

}  // namespace lowp_layout_reference_test
