// One-parameter L1 regression trained on the device API: the forward loss (aclnnL1Loss) and its gradient
// (aclnnL1LossBackward) run on a stream, the host applies the weight update. Built like a CANN aclnn sample
// (CMakeLists.txt next to this file, or one g++ line) and run by the tests in every product profile
// (tests/acceptance/run_example.sh), which compare its output with expected_output.txt.
//
// Model: pred = w * x, loss = mean(|pred - y|) over the 4 samples, dloss/dpred = sign(pred - y) / 4 (times the
// incoming gradient 1), dloss/dw = sum(dloss/dpred * x), w -= lr * dloss/dw. Every value below is a short
// binary fraction, so the output is the same in every profile and on the NPU.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_l1_loss.h"
#include "aclnnop/aclnn_l1_loss_backward.h"

#define CHECK_ACL(expr)                                                                \
  do {                                                                                 \
    const int check_ret_ = static_cast<int>(expr);                                     \
    if (check_ret_ != 0) {                                                             \
      std::printf("%s failed, error %d: %s\n", #expr, check_ret_, aclGetRecentErrMsg()); \
      return check_ret_;                                                               \
    }                                                                                  \
  } while (0)

namespace {

// A device buffer of `count` floats with a contiguous ND aclTensor of `shape` over it (shape {} is 0-d).
struct DeviceTensor {
  void* addr = nullptr;
  aclTensor* tensor = nullptr;
  size_t bytes = 0;
};

int CreateDeviceTensor(const std::vector<int64_t>& shape, DeviceTensor* t) {
  int64_t count = 1;
  for (int64_t d : shape) count *= d;
  t->bytes = static_cast<size_t>(count) * sizeof(float);
  CHECK_ACL(aclrtMalloc(&t->addr, t->bytes, ACL_MEM_MALLOC_HUGE_FIRST));
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

void DestroyDeviceTensor(DeviceTensor* t) {
  if (t->tensor != nullptr) aclDestroyTensor(t->tensor);
  if (t->addr != nullptr) aclrtFree(t->addr);
  *t = DeviceTensor{};
}

// Runs a planned call with a workspace of its own, the way every aclnn sample does.
template <typename Launch>
int RunWithWorkspace(uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream, Launch launch,
                     void** workspace) {
  *workspace = nullptr;
  if (workspace_size > 0) CHECK_ACL(aclrtMalloc(workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST));
  CHECK_ACL(launch(*workspace, workspace_size, executor, stream));
  return 0;
}

int Train(aclrtStream stream) {
  const std::vector<float> x = {1.0f, 2.0f, 3.0f, 4.0f};
  const std::vector<float> y = {2.0f, 4.0f, 6.0f, 8.0f};  // y = 2 x: the weight to find is 2
  const int64_t kMean = 1;
  const float lr = 0.125f;
  float w = 0.5f;

  DeviceTensor pred, target, loss, grad_out, grad_pred;
  int ret = CreateDeviceTensor({4}, &pred);
  if (ret == 0) ret = CreateDeviceTensor({4}, &target);
  if (ret == 0) ret = CreateDeviceTensor({}, &loss);      // mean: a 0-d result
  if (ret == 0) ret = CreateDeviceTensor({}, &grad_out);  // dloss/dloss = 1, broadcast over the samples
  if (ret == 0) ret = CreateDeviceTensor({4}, &grad_pred);
  const float one = 1.0f;
  if (ret == 0) ret = aclrtMemcpy(target.addr, target.bytes, y.data(), target.bytes, ACL_MEMCPY_HOST_TO_DEVICE);
  if (ret == 0) ret = aclrtMemcpy(grad_out.addr, grad_out.bytes, &one, sizeof(one), ACL_MEMCPY_HOST_TO_DEVICE);

  for (int step = 0; ret == 0 && step < 6; ++step) {
    std::vector<float> p(x.size());
    for (size_t i = 0; i < x.size(); ++i) p[i] = w * x[i];
    ret = aclrtMemcpy(pred.addr, pred.bytes, p.data(), pred.bytes, ACL_MEMCPY_HOST_TO_DEVICE);
    if (ret != 0) break;

    // Forward: loss = L1Loss(pred, target, mean).
    uint64_t ws_fwd = 0, ws_bwd = 0;
    aclOpExecutor* fwd = nullptr;
    aclOpExecutor* bwd = nullptr;
    void* work_fwd = nullptr;
    void* work_bwd = nullptr;
    ret = aclnnL1LossGetWorkspaceSize(pred.tensor, target.tensor, kMean, loss.tensor, &ws_fwd, &fwd);
    if (ret != 0) {
      std::printf("aclnnL1LossGetWorkspaceSize failed, error %d: %s\n", ret, aclGetRecentErrMsg());
      break;
    }
    ret = RunWithWorkspace(ws_fwd, fwd, stream, aclnnL1Loss, &work_fwd);
    // Backward: dloss/dpred = L1LossBackward(1, pred, target, mean), on the same stream.
    if (ret == 0) {
      ret = aclnnL1LossBackwardGetWorkspaceSize(grad_out.tensor, pred.tensor, target.tensor, kMean, grad_pred.tensor,
                                                &ws_bwd, &bwd);
      if (ret != 0) std::printf("aclnnL1LossBackwardGetWorkspaceSize failed, error %d: %s\n", ret, aclGetRecentErrMsg());
    }
    if (ret == 0) ret = RunWithWorkspace(ws_bwd, bwd, stream, aclnnL1LossBackward, &work_bwd);
    const int sync = aclrtSynchronizeStream(stream);  // also when a launch failed: free workspaces only after it
    if (ret == 0 && sync != 0) {
      std::printf("aclrtSynchronizeStream failed, error %d: %s\n", sync, aclGetRecentErrMsg());
      ret = sync;
    }
    if (work_fwd != nullptr) aclrtFree(work_fwd);
    if (work_bwd != nullptr) aclrtFree(work_bwd);
    if (ret != 0) break;

    float loss_value = 0.0f;
    std::vector<float> g(x.size());
    ret = aclrtMemcpy(&loss_value, sizeof(loss_value), loss.addr, loss.bytes, ACL_MEMCPY_DEVICE_TO_HOST);
    if (ret == 0) ret = aclrtMemcpy(g.data(), g.size() * sizeof(float), grad_pred.addr, grad_pred.bytes,
                                    ACL_MEMCPY_DEVICE_TO_HOST);
    if (ret != 0) break;
    float dw = 0.0f;
    for (size_t i = 0; i < x.size(); ++i) dw += g[i] * x[i];
    std::printf("step %d: w = %f, loss = %f, dloss/dpred = [%f, %f, %f, %f], dloss/dw = %f\n", step, w, loss_value,
                g[0], g[1], g[2], g[3], dw);
    w -= lr * dw;
  }
  if (ret == 0) std::printf("final w = %f\n", w);
  DestroyDeviceTensor(&pred);
  DestroyDeviceTensor(&target);
  DestroyDeviceTensor(&loss);
  DestroyDeviceTensor(&grad_out);
  DestroyDeviceTensor(&grad_pred);
  return ret;
}

}  // namespace

int main() {
  const int32_t device = 0;
  aclrtStream stream = nullptr;
  CHECK_ACL(aclInit(nullptr));
  CHECK_ACL(aclrtSetDevice(device));
  CHECK_ACL(aclrtCreateStream(&stream));
  const int ret = Train(stream);
  aclrtDestroyStream(stream);
  aclrtResetDevice(device);
  aclFinalize();
  return ret;
}
