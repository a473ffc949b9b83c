// Limits shared by every layer (one constant per rule).
#pragma once

namespace aclcpu {

/// Largest rank any operator here accepts (CANN's MAX_DIM_LEN of the element-wise loss operators, 8), and
/// so the most dims a loop plan of the engine ever holds. Descriptors themselves may have up to 64 dims
/// (aclCreateTensor's own limit, src/tensor/tensor.cpp); the operators reject anything above this.
constexpr int kMaxDims = 8;

}  // namespace aclcpu
