#include "support/test_util.h"

#include <algorithm>
#include <stdexcept>

namespace aclcpu_test {

DeviceBuffer::DeviceBuffer(size_t bytes) : bytes_(bytes) {
    if (aclrtMalloc(&ptr_, bytes == 0 ? 1 : bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
        throw std::runtime_error("aclrtMalloc failed");
    }
}

DeviceBuffer::~DeviceBuffer() {
    if (ptr_ != nullptr) aclrtFree(ptr_);
}

DeviceBuffer& DeviceBuffer::operator=(DeviceBuffer&& o) noexcept {
    if (this != &o) {
        if (ptr_ != nullptr) aclrtFree(ptr_);
        ptr_ = o.ptr_;
        bytes_ = o.bytes_;
        o.ptr_ = nullptr;
    }
    return *this;
}

std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& shape) {
    std::vector<int64_t> s(shape.size(), 1);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) {
        s[i] = s[i + 1] * std::max<int64_t>(shape[i + 1], 1);
    }
    return s;
}

int64_t Numel(const std::vector<int64_t>& shape) {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
}

aclTensor* MakeTensor(const std::vector<int64_t>& shape, aclDataType dtype, void* data, std::vector<int64_t> strides,
                      int64_t offset, std::vector<int64_t> storage) {
    if (strides.empty() && !shape.empty()) strides = ContiguousStrides(shape);
    if (storage.empty()) {
        int64_t last = offset;
        bool empty = false;
        for (size_t k = 0; k < shape.size(); ++k) {
            if (shape[k] == 0) empty = true;
            last += (shape[k] - 1) * strides[k];
        }
        storage = {empty ? offset : last + 1};
    }
    return aclCreateTensor(shape.data(), shape.size(), dtype, shape.empty() ? nullptr : strides.data(), offset,
                           ACL_FORMAT_ND, storage.data(), storage.size(), data);
}

HostTensor& HostTensor::operator=(HostTensor&& o) noexcept {
    if (this != &o) {
        if (tensor != nullptr) aclDestroyTensor(tensor);  // the descriptor first: it refers to the old buffer
        buffer = std::move(o.buffer);
        tensor = o.tensor;
        o.tensor = nullptr;
    }
    return *this;
}

HostTensor::~HostTensor() {
    if (tensor != nullptr) aclDestroyTensor(tensor);
}

HostTensor RawTensor(const std::vector<int64_t>& shape, aclDataType dtype, const void* bytes, size_t nbytes) {
    HostTensor h;
    const size_t need = static_cast<size_t>(Numel(shape)) * aclDataTypeSize(dtype);
    h.buffer = DeviceBuffer(need);
    if (nbytes) aclrtMemcpy(h.buffer.get(), need, bytes, std::min(nbytes, need), ACL_MEMCPY_HOST_TO_DEVICE);
    h.tensor = MakeTensor(shape, dtype, h.buffer.get());
    return h;
}

HostTensor FloatTensor(const std::vector<int64_t>& shape, const std::vector<float>& values) {
    return RawTensor(shape, ACL_FLOAT, values.data(), values.size() * sizeof(float));
}

HostTensor EmptyTensor(const std::vector<int64_t>& shape, aclDataType dtype, uint8_t fill) {
    HostTensor h;
    const size_t need = static_cast<size_t>(Numel(shape)) * aclDataTypeSize(dtype);
    h.buffer = DeviceBuffer(need);
    aclrtMemset(h.buffer.get(), need == 0 ? 1 : need, fill, need);
    h.tensor = MakeTensor(shape, dtype, h.buffer.get());
    return h;
}

int RunL1(const aclTensor* grad, const aclTensor* self, const aclTensor* target, int64_t reduction, aclTensor* out,
          aclrtStream stream) {
    uint64_t ws = 0;
    aclOpExecutor* ex = nullptr;
    int ret = aclnnL1LossBackwardGetWorkspaceSize(grad, self, target, reduction, out, &ws, &ex);
    if (ret != 0) return ret;
    DeviceBuffer workspace;
    if (ws > 0) workspace = DeviceBuffer(ws);
    ret = aclnnL1LossBackward(workspace.get(), ws, ex, stream);
    if (ret != 0) return ret;
    return aclrtSynchronizeStream(stream);
}

uint32_t Bits(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

float FromBits(uint32_t u) {
    float f;
    std::memcpy(&f, &u, 4);
    return f;
}

std::string LastError() {
    const char* m = aclGetRecentErrMsg();
    return m == nullptr ? std::string() : std::string(m);
}

}  // namespace aclcpu_test
