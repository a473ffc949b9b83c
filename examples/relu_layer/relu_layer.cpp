// A ReLU layer's forward and backward on the device API, the calls torch_npu makes for nn.ReLU: aclnnRelu
// (forward into a new tensor), aclnnInplaceRelu (forward in place) and aclnnThresholdBackward with threshold 0
// (the backward), plus aclnnThresholdBackward with threshold 1 on the inputs of ops-nn's example. Built like a
// CANN aclnn sample (CMakeLists.txt next to this file, or one g++ line) and run by the tests in every product
// profile (tests/acceptance/run_example.sh), which compare its output with expected_output.txt. Every result
// is an input element or a zero, so the output is the same in every profile and on the NPU.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_threshold_backward.h"

#define CHECK_ACL(expr)                                                                \
  do {                                                                                 \
    const int check_ret_ = static_cast<int>(expr);                                     \
    if (check_ret_ != 0) {                                                             \
      std::printf("%s failed, error %d: %s\n", #expr, check_ret_, aclGetRecentErrMsg()); \
      return check_ret_;                                                               \
    }                                                                                  \
  } while (0)

namespace {

// A device buffer holding `values` (FLOAT) with a contiguous ND aclTensor of `shape` over it.
struct DeviceTensor {
  void* addr = nullptr;
  aclTensor* tensor = nullptr;
  size_t count = 0;
};

int Upload(const std::vector<int64_t>& shape, const std::vector<float>& values, DeviceTensor* t) {
  t->count = values.size();
  const size_t bytes = t->count * sizeof(float);
  CHECK_ACL(aclrtMalloc(&t->addr, bytes, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(aclrtMemcpy(t->addr, bytes, values.data(), bytes, ACL_MEMCPY_HOST_TO_DEVICE));
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = strides[i + 1] * shape[i + 1];
  t->tensor = aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                              shape.size(), t->addr);
  if (t->tensor == nullptr) {
    std::printf("aclCreateTensor failed: %s\n", aclGetRecentErrMsg());
    return 1;
  }
  return 0;
}

void Release(DeviceTensor* t) {
  if (t->tensor != nullptr) aclDestroyTensor(t->tensor);
  if (t->addr != nullptr) aclrtFree(t->addr);
  *t = DeviceTensor{};
}

int Print(const char* name, const DeviceTensor& t) {
  std::vector<float> host(t.count);
  CHECK_ACL(aclrtMemcpy(host.data(), host.size() * sizeof(float), t.addr, host.size() * sizeof(float),
                        ACL_MEMCPY_DEVICE_TO_HOST));
  std::printf("%s =", name);
  for (float v : host) std::printf(" %f", v);
  std::printf("\n");
  return 0;
}

// Second phase with a workspace of its own, then synchronisation, the way every aclnn sample does it.
template <typename Launch>
int Launch2(uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream, Launch launch) {
  void* workspace = nullptr;
  if (workspace_size > 0) CHECK_ACL(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(launch(workspace, workspace_size, executor, stream));
  CHECK_ACL(aclrtSynchronizeStream(stream));
  if (workspace != nullptr) aclrtFree(workspace);
  return 0;
}

int Layer(aclrtStream stream) {
  const std::vector<int64_t> shape = {2, 3};
  DeviceTensor x, y, grad_y, grad_x, self, grad, out;
  int ret = Upload(shape, {-1.5f, 0.0f, 2.25f, -0.0f, 0.5f, -3.0f}, &x);
  if (ret == 0) ret = Upload(shape, std::vector<float>(6, 0.0f), &y);
  if (ret == 0) ret = Upload(shape, {0.25f, 0.5f, 0.75f, 1.0f, 1.25f, 1.5f}, &grad_y);
  if (ret == 0) ret = Upload(shape, std::vector<float>(6, 0.0f), &grad_x);
  if (ret == 0) ret = Upload({2, 2}, {0.2f, 1.2f, 2.2f, 3.2f}, &self);  // ops-nn's example inputs
  if (ret == 0) ret = Upload({2, 2}, {4.5f, 4.4f, 4.3f, 4.2f}, &grad);
  if (ret == 0) ret = Upload({2, 2}, std::vector<float>(4, 0.0f), &out);
  float zero = 0.0f, one = 1.0f;
  aclScalar* threshold0 = aclCreateScalar(&zero, ACL_FLOAT);
  aclScalar* threshold1 = aclCreateScalar(&one, ACL_FLOAT);
  uint64_t ws = 0;
  aclOpExecutor* executor = nullptr;
  if (ret == 0) ret = Print("x", x);
  // forward: y = relu(x)
  if (ret == 0) ret = aclnnReluGetWorkspaceSize(x.tensor, y.tensor, &ws, &executor);
  if (ret == 0) ret = Launch2(ws, executor, stream, aclnnRelu);
  if (ret == 0) ret = Print("relu(x)", y);
  // backward: grad_x = grad_y where x > 0, else 0 (threshold 0: ReluGrad)
  if (ret == 0) ret = aclnnThresholdBackwardGetWorkspaceSize(grad_y.tensor, x.tensor, threshold0, grad_x.tensor, &ws,
                                                             &executor);
  if (ret == 0) ret = Launch2(ws, executor, stream, aclnnThresholdBackward);
  if (ret == 0) ret = Print("grad_x", grad_x);
  // forward in place: x = relu(x)
  if (ret == 0) ret = aclnnInplaceReluGetWorkspaceSize(x.tensor, &ws, &executor);
  if (ret == 0) ret = Launch2(ws, executor, stream, aclnnInplaceRelu);
  if (ret == 0) ret = Print("x after aclnnInplaceRelu", x);
  // threshold 1 on ops-nn's example inputs
  if (ret == 0) ret = aclnnThresholdBackwardGetWorkspaceSize(grad.tensor, self.tensor, threshold1, out.tensor, &ws,
                                                             &executor);
  if (ret == 0) ret = Launch2(ws, executor, stream, aclnnThresholdBackward);
  if (ret == 0) ret = Print("threshold_backward(threshold 1)", out);
  if (ret != 0) std::printf("failed, error %d: %s\n", ret, aclGetRecentErrMsg());
  aclDestroyScalar(threshold0);
  aclDestroyScalar(threshold1);
  DeviceTensor* all[] = {&x, &y, &grad_y, &grad_x, &self, &grad, &out};
  for (DeviceTensor* t : all) Release(t);
  return ret;
}

}  // namespace

int main() {
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(0));
  aclrtStream stream = nullptr;
  CHECK_ACL(aclrtCreateStream(&stream));
  const int ret = Layer(stream);
  aclrtDestroyStream(stream);
  aclrtResetDevice(0);
  aclFinalize();
  return ret;
}
