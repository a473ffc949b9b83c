// One call of the table-driven reference test (tests/reference/reference_table_test.cpp; the cases are generated
// from ops/operators.yaml's reference entries, tools/opgen/gen_ops.py write_reference_cases): the tensors of the
// case in device memory with the views it names, both phases through the C API, and the comparison of each
// output with the entry's formula evaluated by ATen on contiguous copies of the inputs. Needs ATen (the test
// links libtorch) and src/tensor/lowp_dtype.cpp's converters (compiled into the reference tests:
// tests/CMakeLists.txt) for the low-precision dtypes; public API otherwise.
#pragma once

#include <gtest/gtest.h>

#include <ATen/ATen.h>

#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "support/phases.h"
#include "tensor/lowp_dtype.h"
#include "support/test_util.h"

namespace aclcpu_test {

/// ATen's type of the aclDataTypes the cases use.
inline at::ScalarType AtenTypeOf(aclDataType d) {
    switch (d) {
        case ACL_FLOAT16: return at::kHalf;
        case ACL_BF16: return at::kBFloat16;
        case ACL_DOUBLE: return at::kDouble;
        case ACL_INT8: return at::kChar;
        case ACL_UINT8: return at::kByte;
        case ACL_INT16: return at::kShort;
        case ACL_INT32: return at::kInt;
        case ACL_INT64: return at::kLong;
        case ACL_UINT64: return at::kLong;  // as the reference library reads it: INT64's bits
        case ACL_BOOL: return at::kBool;
        case ACL_INT4: return at::kChar;  // as the reference library hands an INT4 tensor to a formula
        default: return at::kFloat;       // FLOAT; the low-precision floating types reach a formula as FLOAT
    }
}

class RefCase {
public:
    /// An input: view `shape` of dtype over a storage laid out as `mod` says - "" contiguous; "T" the reversed
    /// dims stored contiguously (a transposed view); "s2" the last dim doubled in storage, the view taking every
    /// other element; "+1" a storage offset of one element. Values: quarter-integers in [-2, 2] (exact in every
    /// floating dtype), a different run for each tensor.
    void In(const std::string& name, aclDataType dtype, std::vector<int64_t> shape, const std::string& mod) {
        Make(name, dtype, std::move(shape), mod, false);
    }
    /// An output: as In, its storage filled with 7 (so unwritten elements show).
    void Out(const std::string& name, aclDataType dtype, std::vector<int64_t> shape, const std::string& mod) {
        Make(name, dtype, std::move(shape), mod, true);
    }
    /// An input that is also the output (an Inplace variant's selfRef): as In.
    void InOut(const std::string& name, aclDataType dtype, std::vector<int64_t> shape, const std::string& mod) {
        Make(name, dtype, std::move(shape), mod, false);
    }
    /// One element of a tensor list of a case: dtype, view shape, storage layout (as In's `mod`).
    struct Spec {
        aclDataType dtype;
        std::vector<int64_t> shape;
        std::string mod;
    };
    /// A list input (an aclTensorList of a foreach entry): its elements made as In makes a tensor, named
    /// "<name>#<i>", owned by the list (aclDestroyTensorList destroys them).
    void InList(const std::string& name, const std::vector<Spec>& specs) { MakeList(name, specs, false); }
    /// A list output: its elements as Out.
    void OutList(const std::string& name, const std::vector<Spec>& specs) { MakeList(name, specs, true); }
    /// A list both read and written (an Inplace variant's list): as InList.
    void InOutList(const std::string& name, const std::vector<Spec>& specs) { MakeList(name, specs, false); }
    aclTensorList* AclList(const std::string& name) {
        auto it = lists_.find(name);
        if (it == lists_.end()) throw std::runtime_error("no list " + name);
        return it->second.first;
    }
    /// The list's elements' values before the call (Copy of each).
    std::vector<at::Tensor> CopyList(const std::string& name) {
        std::vector<at::Tensor> out;
        for (size_t i = 0; i < ListSize(name); ++i) out.push_back(Copy(Element(name, i)));
        return out;
    }
    /// Expect for every element of the list (and the result's length the list's).
    void ExpectList(const std::string& name, const std::vector<at::Tensor>& expected) {
        if (!ran_) return;
        ASSERT_EQ(expected.size(), ListSize(name)) << name;
        for (size_t i = 0; i < expected.size(); ++i) Expect(Element(name, i), expected[i]);
    }
    /// An optional tensor the case leaves out: NULL in the call, an undefined tensor in the formula, not compared.
    void Absent(const std::string& name) { absent_.insert(name); }
    aclTensor* Acl(const std::string& name) { return absent_.count(name) ? nullptr : Get(name).acl; }
    /// The tensor's values before the call, contiguous, in its dtype (undefined for an absent one).
    at::Tensor Copy(const std::string& name) {
        if (absent_.count(name)) return at::Tensor();
        T& t = Get(name);
        at::Tensor x = t.before.as_strided(t.shape, t.strides, t.offset).clone();
        if (t.dtype == ACL_INT4) x = x.to(at::kChar);
        copies_.push_back({x, t.dtype});
        return x;
    }
    /// The aclDataType value of the tensor a Copy was made of (the formulas' a.AclDtype, as the reference library
    /// answers it); -1 for another tensor.
    int32_t AclDtype(const at::Tensor& x) const {
        for (const auto& c : copies_) {
            if (c.first.is_same(x)) return static_cast<int32_t>(c.second);
        }
        return -1;
    }
    /// The product family the case runs under, as the reference library's Args::Product names it ("Ascend950",
    /// "Ascend910B", "Ascend910_93", "Ascend910", "Ascend310P"), from the chip aclrtGetSocName reports; and
    /// whether it is Ascend 950 (Args::RegBase).
    std::string Product() const {
        const std::string chip = aclrtGetSocName() != nullptr ? aclrtGetSocName() : "";
        for (const char* family : {"Ascend950", "Ascend910B", "Ascend910_93", "Ascend310P"}) {
            if (chip.compare(0, std::strlen(family), family) == 0) return family;
        }
        return chip.compare(0, 9, "Ascend910") == 0 ? "Ascend910" : chip;
    }
    bool RegBase() const { return Product() == "Ascend950"; }
    /// The call's status: 0 expected (with the recent error message otherwise).
    void Run(int status) {
        ran_ = status == 0;
        EXPECT_EQ(status, 0) << LastError();
    }
    /// Compares the output with `expected` (cast to its dtype with ATen's rounding): integers and BOOL equal;
    /// floating dtypes within a relative 1e-5 (FLOAT, DOUBLE) or 1e-2 (FLOAT16, BF16) and an absolute 1e-5, since
    /// ATen may sum a strided and a contiguous operand in different orders; and every storage element outside the
    /// view unchanged.
    void Expect(const std::string& name, const at::Tensor& expected) {
        if (!ran_ || absent_.count(name)) return;
        T& t = Get(name);
        const bool lowp = aclcpu::lowp::IsLowPrecision(t.dtype);
        at::Tensor after = at::empty({t.storage}, at::TensorOptions().dtype(lowp ? at::kFloat : AtenTypeOf(t.dtype)));
        if (lowp) {  // the codes decoded; the expected values encoded and decoded with the same rules
            std::vector<uint8_t> codes(StorageBytes(t));
            ASSERT_EQ(aclrtMemcpy(codes.data(), codes.size(), t.buf.get(), codes.size(), ACL_MEMCPY_DEVICE_TO_HOST), 0);
            ASSERT_TRUE(aclcpu::lowp::DecodeToFloat(t.dtype, codes.data(), 0, t.storage, after.data_ptr<float>()));
        } else {
            const size_t bytes = static_cast<size_t>(t.storage) * after.element_size();
            ASSERT_EQ(aclrtMemcpy(after.data_ptr(), bytes, t.buf.get(), bytes, ACL_MEMCPY_DEVICE_TO_HOST), 0);
        }
        const at::Tensor got = after.as_strided(t.shape, t.strides, t.offset);
        const at::Tensor want = lowp ? RoundTrip(t.dtype, expected.to(at::kFloat)) : expected.to(got.scalar_type());
        ASSERT_EQ(got.sizes(), want.sizes()) << name;
        if (at::isFloatingType(got.scalar_type())) {
            const bool low = got.scalar_type() == at::kHalf || got.scalar_type() == at::kBFloat16;
            EXPECT_TRUE(at::allclose(got.to(at::kDouble), want.to(at::kDouble), low ? 1e-2 : 1e-5, 1e-5,
                                     /*equal_nan=*/true))
                << name << ":\n" << got << "\nexpected:\n" << want;
        } else {
            EXPECT_TRUE(at::equal(got, want)) << name << ":\n" << got << "\nexpected:\n" << want;
        }
        // outside the view: the storage as it was
        at::Tensor mask = at::ones({t.storage}, at::kBool);
        mask.as_strided(t.shape, t.strides, t.offset).fill_(false);
        EXPECT_TRUE(at::equal(after.masked_select(mask), t.before.masked_select(mask)))
            << name << ": written outside its view";
    }
    /// Expect for an output whose shape the computation decides (a `dynamic_shape` entry): the caller's aclTensor
    /// now has expected's view shape (aclGetViewShape), its elements lie contiguously from the view's first element
    /// and equal expected's (as Expect compares them), and the rest of the storage is as it was.
    void ExpectDynamic(const std::string& name, const at::Tensor& expected) {
        if (!ran_ || absent_.count(name)) return;
        T& t = Get(name);
        int64_t* dims = nullptr;
        uint64_t nd = 0;
        ASSERT_EQ(aclGetViewShape(t.acl, &dims, &nd), 0);
        std::vector<int64_t> shape(dims, dims + nd);
        delete[] dims;
        ASSERT_EQ(shape, expected.sizes().vec()) << name << ": view shape after the call";
        at::Tensor after = at::empty({t.storage}, at::TensorOptions().dtype(AtenTypeOf(t.dtype)));
        const size_t bytes = static_cast<size_t>(t.storage) * after.element_size();
        ASSERT_EQ(aclrtMemcpy(after.data_ptr(), bytes, t.buf.get(), bytes, ACL_MEMCPY_DEVICE_TO_HOST), 0);
        const int64_t n = expected.numel();
        const at::Tensor got = after.narrow(0, t.offset, n).reshape(expected.sizes());
        const at::Tensor want = expected.to(got.scalar_type());
        if (at::isFloatingType(got.scalar_type())) {
            EXPECT_TRUE(at::allclose(got.to(at::kDouble), want.to(at::kDouble), 1e-5, 1e-5, /*equal_nan=*/true))
                << name << ":\n" << got << "\nexpected:\n" << want;
        } else {
            EXPECT_TRUE(at::equal(got, want)) << name << ":\n" << got << "\nexpected:\n" << want;
        }
        at::Tensor mask = at::ones({t.storage}, at::kBool);
        mask.narrow(0, t.offset, n).fill_(false);
        EXPECT_TRUE(at::equal(after.masked_select(mask), t.before.masked_select(mask)))
            << name << ": written outside the result's elements";
    }
    /// x (FLOAT) as a tensor of low-precision dtype d holds it: each element encoded and decoded.
    static at::Tensor RoundTrip(aclDataType d, const at::Tensor& x) {
        at::Tensor c = x.contiguous();
        const int64_t n = c.numel();
        std::vector<uint8_t> codes(aclcpu::lowp::StorageBytes(d, n) + 1);
        at::Tensor back = at::empty(c.sizes(), at::kFloat);
        aclcpu::lowp::EncodeFromFloat(d, c.data_ptr<float>(), n, codes.data(), 0);
        aclcpu::lowp::DecodeToFloat(d, codes.data(), 0, n, back.data_ptr<float>());
        return back;
    }
    ~RefCase() {
        for (auto& kv : lists_) aclDestroyTensorList(kv.second.first);  // and its elements
        for (auto& kv : tensors_) {
            if (!kv.second.in_list) aclDestroyTensor(kv.second.acl);
        }
    }

private:
    struct T {
        aclDataType dtype = ACL_FLOAT;
        std::vector<int64_t> shape, strides;
        int64_t offset = 0, storage = 0;
        DeviceBuffer buf;
        at::Tensor before;  // the storage's values at creation (1-D)
        aclTensor* acl = nullptr;
        bool in_list = false;  // owned by a tensor list
    };
    /// Bytes of t's storage (a low-precision dtype: its codes, two 4-bit elements a byte).
    static size_t StorageBytes(const T& t) {
        if (aclcpu::lowp::IsLowPrecision(t.dtype)) return aclcpu::lowp::StorageBytes(t.dtype, t.storage);
        return static_cast<size_t>(t.storage) * t.before.element_size();
    }
    static std::string Element(const std::string& list, size_t i) { return list + "#" + std::to_string(i); }
    size_t ListSize(const std::string& name) {
        AclList(name);  // throws for an unknown list
        return lists_[name].second;
    }
    void MakeList(const std::string& name, const std::vector<Spec>& specs, bool out) {
        std::vector<aclTensor*> items;
        for (size_t i = 0; i < specs.size(); ++i) {
            Make(Element(name, i), specs[i].dtype, specs[i].shape, specs[i].mod, out);
            T& t = Get(Element(name, i));
            t.in_list = true;
            items.push_back(t.acl);
        }
        lists_[name] = {aclCreateTensorList(items.data(), items.size()), specs.size()};
    }
    T& Get(const std::string& name) {
        auto it = tensors_.find(name);
        if (it == tensors_.end()) throw std::runtime_error("no tensor " + name);
        return it->second;
    }
    void Make(const std::string& name, aclDataType dtype, std::vector<int64_t> shape, const std::string& mod, bool out) {
        T& t = tensors_[name];
        t.dtype = dtype;
        t.shape = shape;
        const size_t n = shape.size();
        std::vector<int64_t> layout = shape;  // the storage's own contiguous shape
        if (mod == "T") layout.assign(shape.rbegin(), shape.rend());
        if (mod == "s2" && n > 0) layout[n - 1] *= 2;
        std::vector<int64_t> lstrides(n, 1);
        for (int i = static_cast<int>(n) - 2; i >= 0; --i) lstrides[i] = lstrides[i + 1] * layout[i + 1];
        t.strides = lstrides;
        if (mod == "T") t.strides.assign(lstrides.rbegin(), lstrides.rend());
        if (mod == "s2" && n > 0) t.strides[n - 1] = 2;
        t.offset = mod == "+1" ? 1 : 0;
        int64_t numel = 1;
        for (int64_t d : layout) numel *= d;
        t.storage = numel + t.offset;
        const bool lowp = aclcpu::lowp::IsLowPrecision(dtype);
        const at::ScalarType type = lowp ? at::kFloat : AtenTypeOf(dtype);
        const int64_t seed = static_cast<int64_t>(tensors_.size()) * 5;
        if (out) {
            t.before = at::full({t.storage}, 7, at::TensorOptions().dtype(type));
        } else if (dtype == ACL_FLOAT8_E8M0) {  // unsigned powers of two: 2^-3 .. 2^3
            at::Tensor k = at::arange(t.storage, at::kLong);
            t.before = at::pow(2.0, ((k * 7 + seed) % 7 - 3).to(at::kFloat));
        } else {
            at::Tensor k = at::arange(t.storage, at::kLong);
            t.before = ((k * 7 + seed) % 17 - 8).to(at::kFloat).div(4).to(type);
        }
        std::vector<uint8_t> codes;
        if (lowp) {  // the device holds the codes; `before` their exact values
            t.before = RoundTrip(dtype, t.before);
            codes.resize(aclcpu::lowp::StorageBytes(dtype, t.storage));
            aclcpu::lowp::EncodeFromFloat(dtype, t.before.data_ptr<float>(), t.storage, codes.data(), 0);
        }
        const size_t bytes = StorageBytes(t);
        t.buf = DeviceBuffer(bytes > 0 ? bytes : 1);
        if (bytes > 0) {
            aclrtMemcpy(t.buf.get(), bytes, lowp ? static_cast<void*>(codes.data()) : t.before.data_ptr(), bytes,
                        ACL_MEMCPY_HOST_TO_DEVICE);
        }
        t.acl = MakeTensor(t.shape, dtype, t.buf.get(), t.strides, t.offset, {t.storage});
    }

    std::map<std::string, T> tensors_;
    std::map<std::string, std::pair<aclTensorList*, size_t>> lists_;
    std::set<std::string> absent_;
    std::vector<std::pair<at::Tensor, aclDataType>> copies_;  // Copy's results (AclDtype)
    bool ran_ = false;
};

/// An aclIntArray owned by the test.
struct OwnedIntArray {
    aclIntArray* a;
    explicit OwnedIntArray(const std::vector<int64_t>& v) : a(aclCreateIntArray(v.data(), v.size())) {}
    ~OwnedIntArray() { aclDestroyIntArray(a); }
    OwnedIntArray(const OwnedIntArray&) = delete;
    OwnedIntArray& operator=(const OwnedIntArray&) = delete;
};

/// An aclScalarList of FLOAT scalars owned by a case (a foreach entry's scalars, one per list position).
struct OwnedScalarList {
    aclScalarList* a;
    std::vector<double> values;  ///< the scalars' values as the formula reads them (each rounded to float)
    explicit OwnedScalarList(const std::vector<double>& v) {
        std::vector<aclScalar*> items;
        for (double x : v) {
            float f = static_cast<float>(x);
            values.push_back(static_cast<double>(f));
            items.push_back(aclCreateScalar(&f, ACL_FLOAT));
        }
        a = aclCreateScalarList(items.data(), items.size());
    }
    /// The values as ATen scalars (a formula's std::vector<at::Scalar>).
    std::vector<at::Scalar> Scalars() const { return std::vector<at::Scalar>(values.begin(), values.end()); }
    ~OwnedScalarList() { aclDestroyScalarList(a); }
    OwnedScalarList(const OwnedScalarList&) = delete;
    OwnedScalarList& operator=(const OwnedScalarList&) = delete;
};

/// An aclBoolArray owned by a case (a case's list of booleans, e.g. aclnnConvolutionBackward's outputMask).
struct OwnedBoolArray {
    aclBoolArray* a;
    std::vector<int64_t> bits;  ///< the values as 0 / 1, as the formula reads them (at::IntArrayRef)
    explicit OwnedBoolArray(const std::vector<bool>& v) {
        std::unique_ptr<bool[]> raw(new bool[v.size() + 1]);
        for (size_t i = 0; i < v.size(); ++i) {
            raw[i] = v[i];
            bits.push_back(v[i] ? 1 : 0);
        }
        a = aclCreateBoolArray(raw.get(), v.size());
    }
    ~OwnedBoolArray() { aclDestroyBoolArray(a); }
    OwnedBoolArray(const OwnedBoolArray&) = delete;
    OwnedBoolArray& operator=(const OwnedBoolArray&) = delete;
};

/// One generated case: the API it calls, its index among that entry's cases, its body, and the product whose
/// profile it runs under (the case's `product`; nullptr: the default profile, the Ascend 950's).
struct RefCaseRow {
    const char* api;
    int index;
    void (*run)(RefCase& c);
    const char* product = nullptr;
};

/// How GoogleTest prints a case (its API and index).
inline void PrintTo(const RefCaseRow& r, std::ostream* os) { *os << r.api << " case " << r.index; }

}  // namespace aclcpu_test
