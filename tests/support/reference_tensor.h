// A device tensor made of host values through ATen, for the reference tier's value tests (tests/reference/): the
// values converted to an ATen dtype, copied into an aclrtMalloc block, viewed with a shape, strides, offset and a
// format (or another aclDataType of the same width, e.g. UINT16 over INT16 bits); read back as DOUBLE.
#pragma once

#include <ATen/ATen.h>

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "support/test_util.h"

namespace aclcpu_test {

/// The aclDataType of an ATen dtype (FLOAT for one CANN has no name for).
inline aclDataType AclOf(at::ScalarType t) {
    switch (t) {
        case at::kHalf: return ACL_FLOAT16;
        case at::kBFloat16: return ACL_BF16;
        case at::kDouble: return ACL_DOUBLE;
        case at::kChar: return ACL_INT8;
        case at::kByte: return ACL_UINT8;
        case at::kShort: return ACL_INT16;
        case at::kInt: return ACL_INT32;
        case at::kLong: return ACL_INT64;
        case at::kBool: return ACL_BOOL;
        case at::kComplexFloat: return ACL_COMPLEX64;
        case at::kComplexDouble: return ACL_COMPLEX128;
        default: return ACL_FLOAT;
    }
}

/// A device tensor: `storage` values (converted to `type` by ATen) viewed with shape/strides/offset (contiguous
/// strides when none are given), in a format, described as `acl` (default: AclOf(type)).
struct Dev {
    DeviceBuffer buf;
    aclTensor* t = nullptr;
    at::ScalarType type;
    int64_t n;
    Dev(const std::vector<double>& storage, at::ScalarType ty, std::vector<int64_t> shape,
        std::vector<int64_t> strides = {}, int64_t offset = 0, aclFormat format = ACL_FORMAT_ND,
        aclDataType acl = ACL_DT_UNDEFINED)
        : type(ty), n(static_cast<int64_t>(storage.size())) {
        at::Tensor host = at::tensor(storage, at::kDouble).to(ty);
        const size_t bytes = static_cast<size_t>(n) * host.element_size();
        buf = DeviceBuffer(bytes > 0 ? bytes : 8);
        if (bytes > 0) aclrtMemcpy(buf.get(), bytes, host.data_ptr(), bytes, ACL_MEMCPY_HOST_TO_DEVICE);
        if (strides.empty()) strides = ContiguousStrides(shape);
        const int64_t storage_dims[1] = {n};
        t = aclCreateTensor(shape.data(), shape.size(), acl == ACL_DT_UNDEFINED ? AclOf(ty) : acl, strides.data(),
                            offset, format, storage_dims, 1, buf.get());
    }
    /// As above, ND, described as `acl` (UINT16 over INT16 values, ...).
    Dev(const std::vector<double>& storage, at::ScalarType ty, std::vector<int64_t> shape, std::vector<int64_t> strides,
        int64_t offset, aclDataType acl)
        : Dev(storage, ty, std::move(shape), std::move(strides), offset, ACL_FORMAT_ND, acl) {}
    ~Dev() { aclDestroyTensor(t); }
    Dev(const Dev&) = delete;
    Dev& operator=(const Dev&) = delete;
    /// The storage back on the host, as DOUBLE.
    at::Tensor Storage() const {
        at::Tensor host = at::empty({n}, at::TensorOptions().dtype(type));
        if (n > 0) {
            aclrtMemcpy(host.data_ptr(), n * host.element_size(), buf.get(), n * host.element_size(),
                        ACL_MEMCPY_DEVICE_TO_HOST);
        }
        return host.to(at::kDouble);
    }
    /// The storage back on the host, as DOUBLE values in storage order.
    std::vector<double> Values() const {
        const at::Tensor s = Storage().contiguous();
        return std::vector<double>(s.data_ptr<double>(), s.data_ptr<double>() + n);
    }
};

/// Device tensors gathered into an aclTensorList, which owns their aclTensors (each Dev keeps its memory).
struct DevList {
    std::vector<std::unique_ptr<Dev>> devs;
    aclTensorList* list = nullptr;
    explicit DevList(std::vector<std::unique_ptr<Dev>> d) : devs(std::move(d)) {
        std::vector<aclTensor*> items;
        for (auto& x : devs) items.push_back(x->t);
        list = aclCreateTensorList(items.data(), items.size());
        for (auto& x : devs) x->t = nullptr;  // the list destroys them
    }
    ~DevList() { aclDestroyTensorList(list); }
    DevList(const DevList&) = delete;
    DevList& operator=(const DevList&) = delete;
};

/// A Dev on the heap (for DevList): `v` the storage's values as `t`, the view's shape and strides.
inline std::unique_ptr<Dev> MakeDev(const std::vector<double>& v, at::ScalarType t, std::vector<int64_t> shape,
                                    std::vector<int64_t> strides = {}) {
    return std::unique_ptr<Dev>(new Dev(v, t, std::move(shape), std::move(strides)));
}

}  // namespace aclcpu_test
