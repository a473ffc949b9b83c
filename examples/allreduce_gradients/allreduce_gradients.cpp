// Data-parallel gradients on 8 devices: one thread per device computes the gradient of its own mini-batch
// (aclnnL1LossBackward, mean reduction) on its stream, then HcclAllReduce (SUM) adds the 8 gradients in place
// on the same stream, so every rank holds the same sum; rank 0 prints it. Built like a CANN sample
// (CMakeLists.txt next to this file) against libascendcl, libnnopbase, libopapi and libhccl.
//
// Rank r's batch: pred[i] = (i + r) / 4, target[i] = i / 2 (i = 0..3). The gradient of mean |pred - target|
// with respect to pred is sign(pred - target) / 4, so each element of the sum is a multiple of 1/4, exact.
// Exit status 0, 1 on an error, 77 when fewer than 8 devices are available.
#include <cstdint>
#include <cstdio>
#include <thread>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_l1_loss_backward.h"
#include "hccl/hccl.h"

namespace {

constexpr int kRanks = 8;
constexpr int64_t kN = 4;
constexpr int64_t kMean = 1;

void* ToDevice(const float* host, size_t bytes) {
  void* dev = nullptr;
  if (aclrtMalloc(&dev, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) return nullptr;
  if (host != nullptr) aclrtMemcpy(dev, bytes, host, bytes, ACL_MEMCPY_HOST_TO_DEVICE);
  return dev;
}

// Rank r: its gradient, then the all-reduce; writes the summed gradient to out. Returns 0 or an error code.
int Rank(int r, int32_t device, HcclComm comm, float* out) {
  int ret = aclrtSetDevice(device);
  if (ret != 0) return ret;
  aclrtStream stream = nullptr;
  if ((ret = aclrtCreateStream(&stream)) != 0) return ret;
  float pred[kN], target[kN], one = 1.0f;
  for (int i = 0; i < kN; ++i) {
    pred[i] = (i + r) / 4.0f;
    target[i] = i / 2.0f;
  }
  int64_t shape[1] = {kN}, strides[1] = {1};
  void* pred_dev = ToDevice(pred, sizeof pred);
  void* target_dev = ToDevice(target, sizeof target);
  void* one_dev = ToDevice(&one, sizeof one);
  void* grad_dev = ToDevice(nullptr, sizeof pred);
  aclTensor* t_pred = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, pred_dev);
  aclTensor* t_target = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, target_dev);
  aclTensor* t_one = aclCreateTensor(nullptr, 0, ACL_FLOAT, nullptr, 0, ACL_FORMAT_ND, nullptr, 0, one_dev);
  aclTensor* t_grad = aclCreateTensor(shape, 1, ACL_FLOAT, strides, 0, ACL_FORMAT_ND, shape, 1, grad_dev);
  uint64_t ws_size = 0;
  aclOpExecutor* executor = nullptr;
  void* ws = nullptr;
  ret = aclnnL1LossBackwardGetWorkspaceSize(t_one, t_pred, t_target, kMean, t_grad, &ws_size, &executor);
  if (ret == 0 && ws_size > 0) ws = ToDevice(nullptr, ws_size);
  if (ret == 0) ret = aclnnL1LossBackward(ws, ws_size, executor, stream);
  // The gradients of all ranks, summed in place on the same stream (after the backward pass).
  if (ret == 0) ret = HcclAllReduce(grad_dev, grad_dev, kN, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream);
  const int sync = aclrtSynchronizeStream(stream);
  if (ret == 0) ret = sync;
  if (ret == 0) ret = aclrtMemcpy(out, sizeof pred, grad_dev, sizeof pred, ACL_MEMCPY_DEVICE_TO_HOST);
  if (ret != 0) std::printf("rank %d: error %d: %s\n", r, ret, aclGetRecentErrMsg());
  aclDestroyTensor(t_pred);
  aclDestroyTensor(t_target);
  aclDestroyTensor(t_one);
  aclDestroyTensor(t_grad);
  aclrtFree(pred_dev);
  aclrtFree(target_dev);
  aclrtFree(one_dev);
  aclrtFree(grad_dev);
  if (ws != nullptr) aclrtFree(ws);
  aclrtDestroyStream(stream);
  aclrtResetDevice(device);
  return ret;
}

}  // namespace

int main() {
  if (aclInit(nullptr) != ACL_SUCCESS) return 1;
  uint32_t devices_available = 0;
  aclrtGetDeviceCount(&devices_available);
  if (devices_available < kRanks) {
    std::printf("allreduce_gradients: needs %d devices, aclrtGetDeviceCount reports %u\n", kRanks, devices_available);
    aclFinalize();
    return 77;
  }
  int32_t devices[kRanks];
  for (int r = 0; r < kRanks; ++r) devices[r] = r;
  HcclComm comms[kRanks];
  HcclResult hr = HcclCommInitAll(kRanks, devices, comms);
  if (hr != HCCL_SUCCESS) {
    std::printf("HcclCommInitAll failed: %s: %s\n", HcclGetErrorString(hr), aclGetRecentErrMsg());
    aclFinalize();
    return 1;
  }
  float grads[kRanks][kN];
  int status[kRanks];
  std::vector<std::thread> threads;
  for (int r = 0; r < kRanks; ++r) {
    threads.emplace_back([&, r] { status[r] = Rank(r, devices[r], comms[r], grads[r]); });
  }
  for (std::thread& t : threads) t.join();
  int failed = 0;
  for (int r = 0; r < kRanks; ++r) failed |= status[r] != 0;
  for (int r = 1; r < kRanks && !failed; ++r) {
    for (int i = 0; i < kN; ++i) failed |= grads[r][i] != grads[0][i];
  }
  if (!failed) {
    std::printf("summed gradient on rank 0 (8 ranks):");
    for (int i = 0; i < kN; ++i) std::printf(" %.2f", grads[0][i]);
    std::printf("\nevery rank holds the same sum\n");
  }
  for (int r = 0; r < kRanks; ++r) HcclCommDestroy(comms[r]);
  aclFinalize();
  return failed ? 1 : 0;
}
