// Helpers shared by the test suites. They use only the public API (headers under include/).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_l1_loss_backward.h"

namespace aclcpu_test {

/// Memory from aclrtMalloc, freed on destruction.
class DeviceBuffer {
public:
    DeviceBuffer() = default;
    explicit DeviceBuffer(size_t bytes);
    ~DeviceBuffer();
    DeviceBuffer(DeviceBuffer&& o) noexcept : ptr_(o.ptr_), bytes_(o.bytes_) { o.ptr_ = nullptr; }
    DeviceBuffer& operator=(DeviceBuffer&& o) noexcept;
    DeviceBuffer(const DeviceBuffer&) = delete;
    DeviceBuffer& operator=(const DeviceBuffer&) = delete;
    void* get() const { return ptr_; }
    size_t bytes() const { return bytes_; }
    template <typename T>
    T* as() const { return static_cast<T*>(ptr_); }

private:
    void* ptr_ = nullptr;
    size_t bytes_ = 0;
};

/// Contiguous element strides of a shape.
std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& shape);

/// Number of elements of a shape (1 for 0-d).
int64_t Numel(const std::vector<int64_t>& shape);

/// A tensor over `data` with the given view; storage defaults to the smallest 1-d shape holding the view.
aclTensor* MakeTensor(const std::vector<int64_t>& shape, aclDataType dtype, void* data,
                      std::vector<int64_t> strides = {}, int64_t offset = 0, std::vector<int64_t> storage = {});

/// A contiguous tensor in fresh aclrtMalloc memory filled with `values` (raw element bytes of dtype).
struct HostTensor {
    DeviceBuffer buffer;
    aclTensor* tensor = nullptr;
    HostTensor() = default;
    HostTensor(HostTensor&& o) noexcept : buffer(std::move(o.buffer)), tensor(o.tensor) { o.tensor = nullptr; }
    HostTensor& operator=(HostTensor&& o) noexcept;
    HostTensor(const HostTensor&) = delete;
    HostTensor& operator=(const HostTensor&) = delete;
    ~HostTensor();
};

/// A contiguous FLOAT tensor holding `values`.
HostTensor FloatTensor(const std::vector<int64_t>& shape, const std::vector<float>& values);
/// A contiguous tensor of `dtype` holding the raw element bytes `bytes`.
HostTensor RawTensor(const std::vector<int64_t>& shape, aclDataType dtype, const void* bytes, size_t nbytes);
/// An uninitialised contiguous tensor of dtype, its memory filled with `fill` bytes (a canary).
HostTensor EmptyTensor(const std::vector<int64_t>& shape, aclDataType dtype, uint8_t fill = 0xA5);

/// Runs both phases and synchronises the stream; returns the first non-zero status (or 0).
int RunL1(const aclTensor* grad, const aclTensor* self, const aclTensor* target, int64_t reduction, aclTensor* out,
          aclrtStream stream = nullptr);

/// Bits of a float / a float from bits.
uint32_t Bits(float f);
float FromBits(uint32_t u);

/// Copies n elements of T from device memory.
template <typename T>
std::vector<T> Download(const void* p, size_t n) {
    std::vector<T> v(n);
    if (n) aclrtMemcpy(v.data(), n * sizeof(T), p, n * sizeof(T), ACL_MEMCPY_DEVICE_TO_HOST);
    return v;
}

/// A contiguous 1-d tensor of dtype `dt` holding the elements of `v` (a complex dtype: two values per element).
template <typename T>
HostTensor VectorTensor(aclDataType dt, const std::vector<T>& v) {
    const int64_t n = static_cast<int64_t>(v.size() * sizeof(T) / aclDataTypeSize(dt));
    return RawTensor({n}, dt, v.data(), v.size() * sizeof(T));
}

/// The first n values of type T of tensor t's data (copied from device memory).
template <typename T>
std::vector<T> ReadBack(const HostTensor& t, size_t n) {
    void* p = nullptr;
    aclGetRawTensorAddr(t.tensor, &p);
    return Download<T>(p, n);
}

/// The calling thread's recent error message as a string ("" when none); clears it.
std::string LastError();

/// The bytes an aclrtMalloc block of n requested bytes holds outside strict mode, as CANN's runtime gives it: n
/// rounded up to a multiple of 32, plus 32 (src/runtime/memory.cpp CannDeviceSize). Strict mode holds n.
inline size_t CannDeviceBytes(size_t n) { return (n + 31) / 32 * 32 + 32; }

}  // namespace aclcpu_test
