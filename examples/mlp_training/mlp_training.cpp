// Twenty steps of training a two-layer MLP (Linear 8 -> 32, ReLU, Linear 32 -> 4, MSE loss, plain SGD) with
// the aclnn calls torch_npu makes for one training step of
//
//   model = nn.Sequential(nn.Linear(8, 32), nn.ReLU(), nn.Linear(32, 4)); opt = torch.optim.SGD(lr=0.05)
//   loss = F.mse_loss(model(x), target); loss.backward(); opt.step()
//
// forward   z = aclnnAddmm(b1, x, W1^T)  (nn.Linear is addmm(bias, x, W.t()): W^T is a transposed view of the
//                                        weight, made with aclCreateTensor's strides, not a copy)
//           h = aclnnRelu(z)
//           y = aclnnAddmm(b2, h, W2^T)
//           loss = aclnnMseLoss(y, target, mean)
// backward  g = aclnnInplaceOne(g)       (the loss's incoming gradient, a 0-d tensor)
//           dy = aclnnMseLossBackward(g, y, target, mean)
//           dW2 = aclnnMm(dy^T, h), db2 = aclnnReduceSum(dy, dim 0), dh = aclnnMm(dy, W2)
//           dz = aclnnThresholdBackward(dh, h, 0)   (ReLU's backward reads its result: dz = dh where h > 0)
//           dW1 = aclnnMm(dz^T, x), db1 = aclnnReduceSum(dz, dim 0)
// update    p += (-lr) * g for the four parameters: aclnnForeachAddListV2 with out = the parameters (torch_npu's
//           _foreach_add_), or, on products whose op_api has no foreach kernels (Atlas training and inference
//           series), aclnnInplaceAdd per parameter, the slow path torch_npu takes there. Both are one fused
//           multiply-add per element.
//
// Addmm and Mm run with cubeMathType 1 (ALLOW_FP32_DOWN_PRECISION), what torch_npu passes by default. The data
// (inputs, initial parameters, targets) come from a fixed LCG and are exact binary fractions, so
// torch_check.py next to this file rebuilds the same network in PyTorch and compares the losses. Built like a
// CANN aclnn sample (CMakeLists.txt next to this file, or one g++ line) and run by the tests in every product
// profile (tests/acceptance/run_example.sh), which compare its output with expected_output.txt.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "acl/acl.h"
#include "aclnnop/aclnn_add.h"
#include "aclnnop/aclnn_addmm.h"
#include "aclnnop/aclnn_foreach_add_list_v2.h"
#include "aclnnop/aclnn_mm.h"
#include "aclnnop/aclnn_mse_loss.h"
#include "aclnnop/aclnn_mse_loss_backward.h"
#include "aclnnop/aclnn_ones.h"
#include "aclnnop/aclnn_reduce_sum.h"
#include "aclnnop/aclnn_relu.h"
#include "aclnnop/aclnn_threshold_backward.h"

#define CHECK_RET(cond, return_expr) \
  do {                               \
    if (!(cond)) {                   \
      return_expr;                   \
    }                                \
  } while (0)

#define LOG_PRINT(message, ...)     \
  do {                              \
    printf(message, ##__VA_ARGS__); \
  } while (0)

// An aclnn status or an ACL runtime result that must be 0 (ACL_SUCCESS), with the call's name and the reason.
#define CHECK_ACL(expr, name)                                                                            \
  do {                                                                                                   \
    const int check_ret_ = static_cast<int>(expr);                                                       \
    CHECK_RET(check_ret_ == ACL_SUCCESS,                                                                 \
              LOG_PRINT("%s failed. ERROR: %d, %s\n", name, check_ret_, aclGetRecentErrMsg()); return check_ret_); \
  } while (0)

namespace {

const int64_t kBatch = 16;
const int64_t kIn = 8;
const int64_t kHidden = 32;
const int64_t kOut = 4;
const int kSteps = 20;
const float kLr = 0.05f;
const int8_t kCubeMathType = 1;  // ALLOW_FP32_DOWN_PRECISION
const int64_t kMean = 1;         // reduction

int64_t GetShapeSize(const std::vector<int64_t>& shape) {
  int64_t size = 1;
  for (int64_t d : shape) size *= d;
  return size;
}

// A device buffer of FLOAT elements with a contiguous ND aclTensor of `shape` over it (shape {} is 0-d).
struct DeviceTensor {
  void* addr = nullptr;
  aclTensor* tensor = nullptr;
  std::vector<int64_t> shape;
  size_t bytes = 0;
};

aclTensor* CreateView(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides,
                      const std::vector<int64_t>& storage, void* addr) {
  return aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, storage.data(),
                         storage.size(), addr);
}

std::vector<int64_t> ContiguousStrides(const std::vector<int64_t>& shape) {
  std::vector<int64_t> strides(shape.size(), 1);
  for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

// Allocates the buffer and, when `host` is given, copies it to the device.
int CreateAclTensor(const std::vector<int64_t>& shape, const std::vector<float>* host, DeviceTensor* t) {
  t->shape = shape;
  t->bytes = static_cast<size_t>(GetShapeSize(shape)) * sizeof(float);
  CHECK_ACL(aclrtMalloc(&t->addr, t->bytes, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
  if (host != nullptr) {
    CHECK_ACL(aclrtMemcpy(t->addr, t->bytes, host->data(), t->bytes, ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy");
  }
  t->tensor = CreateView(shape, ContiguousStrides(shape), shape, t->addr);
  CHECK_RET(t->tensor != nullptr, LOG_PRINT("aclCreateTensor failed: %s\n", aclGetRecentErrMsg()); return 1);
  return 0;
}

void DestroyDeviceTensor(DeviceTensor* t) {
  if (t->tensor != nullptr) aclDestroyTensor(t->tensor);
  if (t->addr != nullptr) aclrtFree(t->addr);
  t->tensor = nullptr;
  t->addr = nullptr;
}

// The transpose of a contiguous (rows, cols) matrix as torch's t() makes it: shape (cols, rows), strides
// (1, cols), over the same memory (storage shape: the storage's element count, as torch_npu passes it).
aclTensor* CreateTransposedView(const DeviceTensor& m) {
  const int64_t rows = m.shape[0], cols = m.shape[1];
  return CreateView({cols, rows}, {1, cols}, {rows * cols}, m.addr);
}

// Deterministic data: a 32-bit LCG; each value is (k - 2^23) / 2^23 times a power of two, an exact float.
struct Lcg {
  uint32_t state;
  float Next(float scale) {
    state = state * 1664525u + 1013904223u;
    const int32_t k = static_cast<int32_t>(state >> 8) - (1 << 23);  // [-2^23, 2^23)
    return static_cast<float>(k) / 8388608.0f * scale;
  }
};

std::vector<float> Fill(Lcg* lcg, int64_t count, float scale) {
  std::vector<float> v(static_cast<size_t>(count));
  for (float& e : v) e = lcg->Next(scale);
  return v;
}

struct Mlp {
  // data and parameters
  DeviceTensor x, target, w1, b1, w2, b2;
  aclTensor* w1_t = nullptr;  // (in, hidden) view of w1
  aclTensor* w2_t = nullptr;  // (hidden, out) view of w2
  // activations, loss, gradients
  DeviceTensor z, h, y, loss, grad_loss, dy, dw2, db2, dh, dz, dw1, db1;
  aclTensor* dy_t = nullptr;  // (out, batch) view of dy
  aclTensor* dz_t = nullptr;  // (hidden, batch) view of dz
  aclScalar* one = nullptr;
  aclScalar* zero = nullptr;
  aclScalar* neg_lr = nullptr;
  aclIntArray* dim0 = nullptr;
  bool foreach_update = false;
  std::vector<void*> workspaces;  // of the step in flight, freed once the stream is synchronised
};

// Runs a planned call's second phase with a workspace of its own; the workspace lives until the step's
// synchronisation (FreeWorkspaces).
template <typename Launch>
int Launch2(Mlp* m, const char* name, uint64_t workspace_size, aclOpExecutor* executor, aclrtStream stream,
            Launch launch) {
  void* workspace = nullptr;
  if (workspace_size > 0) {
    CHECK_ACL(aclrtMalloc(&workspace, workspace_size, ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc");
    m->workspaces.push_back(workspace);
  }
  CHECK_ACL(launch(workspace, workspace_size, executor, stream), name);
  return 0;
}

void FreeWorkspaces(Mlp* m) {
  for (void* w : m->workspaces) aclrtFree(w);
  m->workspaces.clear();
}

int Forward(Mlp* m, aclrtStream stream) {
  uint64_t ws = 0;
  aclOpExecutor* executor = nullptr;
  // z = b1 + x @ W1^T
  CHECK_ACL(aclnnAddmmGetWorkspaceSize(m->b1.tensor, m->x.tensor, m->w1_t, m->one, m->one, m->z.tensor, kCubeMathType,
                                       &ws, &executor),
            "aclnnAddmmGetWorkspaceSize");
  CHECK_RET(Launch2(m, "aclnnAddmm", ws, executor, stream, aclnnAddmm) == 0, return 1);
  // h = relu(z)
  CHECK_ACL(aclnnReluGetWorkspaceSize(m->z.tensor, m->h.tensor, &ws, &executor), "aclnnReluGetWorkspaceSize");
  CHECK_RET(Launch2(m, "aclnnRelu", ws, executor, stream, aclnnRelu) == 0, return 1);
  // y = b2 + h @ W2^T
  CHECK_ACL(aclnnAddmmGetWorkspaceSize(m->b2.tensor, m->h.tensor, m->w2_t, m->one, m->one, m->y.tensor, kCubeMathType,
                                       &ws, &executor),
            "aclnnAddmmGetWorkspaceSize");
  CHECK_RET(Launch2(m, "aclnnAddmm", ws, executor, stream, aclnnAddmm) == 0, return 1);
  // loss = mean((y - target)^2)
  CHECK_ACL(aclnnMseLossGetWorkspaceSize(m->y.tensor, m->target.tensor, kMean, m->loss.tensor, &ws, &executor),
            "aclnnMseLossGetWorkspaceSize");
  CHECK_RET(Launch2(m, "aclnnMseLoss", ws, executor, stream, aclnnMseLoss) == 0, return 1);
  return 0;
}

int Backward(Mlp* m, aclrtStream stream) {
  uint64_t ws = 0;
  aclOpExecutor* executor = nullptr;
  // the loss's incoming gradient: ones_like(loss)
  CHECK_ACL(aclnnInplaceOneGetWorkspaceSize(m->grad_loss.tensor, &ws, &executor), "aclnnInplaceOneGetWorkspaceSize");
  CHECK_RET(Launch2(m, "aclnnInplaceOne", ws, executor, stream, aclnnInplaceOne) == 0, return 1);
  // dy = 2 (y - target) / n * g
  CHECK_ACL(aclnnMseLossBackwardGetWorkspaceSize(m->grad_loss.tensor, m->y.tensor, m->target.tensor, kMean,
                                                 m->dy.tensor, &ws, &executor),
            "aclnnMseLossBackwardGetWorkspaceSize");
  CHECK_RET(Launch2(m, "aclnnMseLossBackward", ws, executor, stream, aclnnMseLossBackward) == 0, return 1);
  // second layer: dW2 = dy^T @ h, db2 = sum(dy, 0), dh = dy @ W2
  CHECK_ACL(aclnnMmGetWorkspaceSize(m->dy_t, m->h.tensor, m->dw2.tensor, kCubeMathType, &ws, &executor),
            "aclnnMmGetWorkspaceSize");
  CHECK_RET(Launch2(m, "aclnnMm", ws, executor, stream, aclnnMm) == 0, return 1);
  CHECK_ACL(aclnnReduceSumGetWorkspaceSize(m->dy.tensor, m->dim0, false, ACL_FLOAT, m->db2.tensor, &ws, &executor),
            "aclnnReduceSumGetWorkspaceSize");
  CHECK_RET(Launch2(m, "aclnnReduceSum", ws, executor, stream, aclnnReduceSum) == 0, return 1);
  CHECK_ACL(aclnnMmGetWorkspaceSize(m->dy.tensor, m->w2.tensor, m->dh.tensor, kCubeMathType, &ws, &executor),
            "aclnnMmGetWorkspaceSize");
  CHECK_RET(Launch2(m, "aclnnMm", ws, executor, stream, aclnnMm) == 0, return 1);
  // ReLU: dz = dh where h > 0, else 0
  CHECK_ACL(aclnnThresholdBackwardGetWorkspaceSize(m->dh.tensor, m->h.tensor, m->zero, m->dz.tensor, &ws, &executor),
            "aclnnThresholdBackwardGetWorkspaceSize");
  CHECK_RET(Launch2(m, "aclnnThresholdBackward", ws, executor, stream, aclnnThresholdBackward) == 0, return 1);
  // first layer: dW1 = dz^T @ x, db1 = sum(dz, 0) (x needs no gradient)
  CHECK_ACL(aclnnMmGetWorkspaceSize(m->dz_t, m->x.tensor, m->dw1.tensor, kCubeMathType, &ws, &executor),
            "aclnnMmGetWorkspaceSize");
  CHECK_RET(Launch2(m, "aclnnMm", ws, executor, stream, aclnnMm) == 0, return 1);
  CHECK_ACL(aclnnReduceSumGetWorkspaceSize(m->dz.tensor, m->dim0, false, ACL_FLOAT, m->db1.tensor, &ws, &executor),
            "aclnnReduceSumGetWorkspaceSize");
  CHECK_RET(Launch2(m, "aclnnReduceSum", ws, executor, stream, aclnnReduceSum) == 0, return 1);
  return 0;
}

// A list of fresh tensor descriptors over the given buffers (the list owns and destroys them).
aclTensorList* CreateList(const DeviceTensor* const* tensors, size_t count) {
  std::vector<aclTensor*> views(count, nullptr);
  for (size_t i = 0; i < count; ++i) {
    views[i] = CreateView(tensors[i]->shape, ContiguousStrides(tensors[i]->shape), tensors[i]->shape, tensors[i]->addr);
    if (views[i] == nullptr) {
      for (size_t j = 0; j < i; ++j) aclDestroyTensor(views[j]);
      return nullptr;
    }
  }
  aclTensorList* list = aclCreateTensorList(views.data(), count);
  if (list == nullptr) {
    for (aclTensor* v : views) aclDestroyTensor(v);
  }
  return list;
}

// p += (-lr) * grad for W1, b1, W2, b2 (the order of model.parameters()).
int Update(Mlp* m, aclrtStream stream) {
  const DeviceTensor* params[] = {&m->w1, &m->b1, &m->w2, &m->b2};
  const DeviceTensor* grads[] = {&m->dw1, &m->db1, &m->dw2, &m->db2};
  uint64_t ws = 0;
  aclOpExecutor* executor = nullptr;
  if (m->foreach_update) {
    aclTensorList* self = CreateList(params, 4);
    aclTensorList* other = CreateList(grads, 4);
    aclTensorList* out = CreateList(params, 4);
    int ret = (self != nullptr && other != nullptr && out != nullptr) ? 0 : 1;
    if (ret != 0) LOG_PRINT("aclCreateTensorList failed: %s\n", aclGetRecentErrMsg());
    if (ret == 0) {
      ret = aclnnForeachAddListV2GetWorkspaceSize(self, other, m->neg_lr, out, &ws, &executor);
      if (ret != ACL_SUCCESS) {
        LOG_PRINT("aclnnForeachAddListV2GetWorkspaceSize failed. ERROR: %d, %s\n", ret, aclGetRecentErrMsg());
      }
    }
    if (ret == 0) ret = Launch2(m, "aclnnForeachAddListV2", ws, executor, stream, aclnnForeachAddListV2);
    if (self != nullptr) aclDestroyTensorList(self);
    if (other != nullptr) aclDestroyTensorList(other);
    if (out != nullptr) aclDestroyTensorList(out);
    return ret;
  }
  for (int i = 0; i < 4; ++i) {
    CHECK_ACL(aclnnInplaceAddGetWorkspaceSize(params[i]->tensor, grads[i]->tensor, m->neg_lr, &ws, &executor),
              "aclnnInplaceAddGetWorkspaceSize");
    CHECK_RET(Launch2(m, "aclnnInplaceAdd", ws, executor, stream, aclnnInplaceAdd) == 0, return 1);
  }
  return 0;
}

// Synchronises the stream (as loss.item() does), frees the step's workspaces and reads the loss.
int ReadLoss(Mlp* m, aclrtStream stream, float* loss) {
  CHECK_ACL(aclrtSynchronizeStream(stream), "aclrtSynchronizeStream");
  FreeWorkspaces(m);
  CHECK_ACL(aclrtMemcpy(loss, sizeof(float), m->loss.addr, sizeof(float), ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy");
  return 0;
}

int Setup(Mlp* m) {
  Lcg lcg = {20240611u};
  // parameters in nn.Linear's layout: weight (out_features, in_features), bias (out_features)
  const std::vector<float> w1 = Fill(&lcg, kHidden * kIn, 0.5f);
  const std::vector<float> b1 = Fill(&lcg, kHidden, 0.5f);
  const std::vector<float> w2 = Fill(&lcg, kOut * kHidden, 0.25f);
  const std::vector<float> b2 = Fill(&lcg, kOut, 0.25f);
  const std::vector<float> x = Fill(&lcg, kBatch * kIn, 1.0f);
  // target[i][j] = x[i][2j] * x[i][2j+1] + 0.5 * x[i][(2j+3) mod 8], exact in double, rounded once to float
  std::vector<float> target(static_cast<size_t>(kBatch * kOut));
  for (int64_t i = 0; i < kBatch; ++i) {
    const float* r = &x[static_cast<size_t>(i * kIn)];
    for (int64_t j = 0; j < kOut; ++j) {
      const double v = static_cast<double>(r[2 * j]) * r[2 * j + 1] + 0.5 * r[(2 * j + 3) % kIn];
      target[static_cast<size_t>(i * kOut + j)] = static_cast<float>(v);
    }
  }
  CHECK_RET(CreateAclTensor({kBatch, kIn}, &x, &m->x) == 0, return 1);
  CHECK_RET(CreateAclTensor({kBatch, kOut}, &target, &m->target) == 0, return 1);
  CHECK_RET(CreateAclTensor({kHidden, kIn}, &w1, &m->w1) == 0, return 1);
  CHECK_RET(CreateAclTensor({kHidden}, &b1, &m->b1) == 0, return 1);
  CHECK_RET(CreateAclTensor({kOut, kHidden}, &w2, &m->w2) == 0, return 1);
  CHECK_RET(CreateAclTensor({kOut}, &b2, &m->b2) == 0, return 1);
  CHECK_RET(CreateAclTensor({kBatch, kHidden}, nullptr, &m->z) == 0, return 1);
  CHECK_RET(CreateAclTensor({kBatch, kHidden}, nullptr, &m->h) == 0, return 1);
  CHECK_RET(CreateAclTensor({kBatch, kOut}, nullptr, &m->y) == 0, return 1);
  CHECK_RET(CreateAclTensor({}, nullptr, &m->loss) == 0, return 1);
  CHECK_RET(CreateAclTensor({}, nullptr, &m->grad_loss) == 0, return 1);
  CHECK_RET(CreateAclTensor({kBatch, kOut}, nullptr, &m->dy) == 0, return 1);
  CHECK_RET(CreateAclTensor({kOut, kHidden}, nullptr, &m->dw2) == 0, return 1);
  CHECK_RET(CreateAclTensor({kOut}, nullptr, &m->db2) == 0, return 1);
  CHECK_RET(CreateAclTensor({kBatch, kHidden}, nullptr, &m->dh) == 0, return 1);
  CHECK_RET(CreateAclTensor({kBatch, kHidden}, nullptr, &m->dz) == 0, return 1);
  CHECK_RET(CreateAclTensor({kHidden, kIn}, nullptr, &m->dw1) == 0, return 1);
  CHECK_RET(CreateAclTensor({kHidden}, nullptr, &m->db1) == 0, return 1);
  m->w1_t = CreateTransposedView(m->w1);
  m->w2_t = CreateTransposedView(m->w2);
  m->dy_t = CreateTransposedView(m->dy);
  m->dz_t = CreateTransposedView(m->dz);
  CHECK_RET(m->w1_t != nullptr && m->w2_t != nullptr && m->dy_t != nullptr && m->dz_t != nullptr,
            LOG_PRINT("aclCreateTensor (transposed view) failed: %s\n", aclGetRecentErrMsg()); return 1);
  const float one = 1.0f, zero = 0.0f, neg_lr = -kLr;
  m->one = aclCreateScalar(const_cast<float*>(&one), ACL_FLOAT);
  m->zero = aclCreateScalar(const_cast<float*>(&zero), ACL_FLOAT);
  m->neg_lr = aclCreateScalar(const_cast<float*>(&neg_lr), ACL_FLOAT);
  const int64_t dims[] = {0};
  m->dim0 = aclCreateIntArray(dims, 1);
  CHECK_RET(m->one != nullptr && m->zero != nullptr && m->neg_lr != nullptr && m->dim0 != nullptr,
            LOG_PRINT("aclCreateScalar/aclCreateIntArray failed: %s\n", aclGetRecentErrMsg()); return 1);
  // torch_npu's foreach operators run where CANN has their kernels (Atlas A2/A3, Ascend 950); elsewhere it
  // falls back to one in-place add per tensor.
  const char* soc = aclrtGetSocName();
  m->foreach_update = soc != nullptr && (std::strncmp(soc, "Ascend910B", 10) == 0 ||
                                         std::strncmp(soc, "Ascend910_93", 12) == 0 ||
                                         std::strncmp(soc, "Ascend950", 9) == 0);
  return 0;
}

void Release(Mlp* m) {
  FreeWorkspaces(m);
  aclTensor* views[] = {m->w1_t, m->w2_t, m->dy_t, m->dz_t};
  for (aclTensor* v : views) {
    if (v != nullptr) aclDestroyTensor(v);
  }
  DeviceTensor* all[] = {&m->x,  &m->target, &m->w1,  &m->b1,  &m->w2, &m->b2, &m->z,  &m->h,   &m->y,
                         &m->loss, &m->grad_loss, &m->dy, &m->dw2, &m->db2, &m->dh, &m->dz, &m->dw1, &m->db1};
  for (DeviceTensor* t : all) DestroyDeviceTensor(t);
  if (m->one != nullptr) aclDestroyScalar(m->one);
  if (m->zero != nullptr) aclDestroyScalar(m->zero);
  if (m->neg_lr != nullptr) aclDestroyScalar(m->neg_lr);
  if (m->dim0 != nullptr) aclDestroyIntArray(m->dim0);
}

int Train(Mlp* m, aclrtStream stream) {
  CHECK_RET(Setup(m) == 0, return 1);
  float loss = 0.0f;
  for (int step = 1; step <= kSteps; ++step) {
    CHECK_RET(Forward(m, stream) == 0, return 1);
    CHECK_RET(Backward(m, stream) == 0, return 1);
    CHECK_RET(Update(m, stream) == 0, return 1);
    CHECK_RET(ReadLoss(m, stream, &loss) == 0, return 1);
    LOG_PRINT("step %2d loss %.6f\n", step, loss);
  }
  // the loss of the trained parameters: one more forward pass
  CHECK_RET(Forward(m, stream) == 0, return 1);
  CHECK_RET(ReadLoss(m, stream, &loss) == 0, return 1);
  LOG_PRINT("final loss after %d steps %.6f\n", kSteps, loss);
  return 0;
}

}  // namespace

int main() {
  int32_t deviceId = 0;
  aclrtStream stream = nullptr;
  CHECK_ACL(aclInit(nullptr), "aclInit");
  CHECK_ACL(aclrtSetDevice(deviceId), "aclrtSetDevice");
  CHECK_ACL(aclrtCreateStream(&stream), "aclrtCreateStream");
  Mlp mlp;
  int ret = Train(&mlp, stream);
  if (ret != 0) aclrtSynchronizeStream(stream);  // let launched work finish before its memory is freed
  Release(&mlp);
  aclrtDestroyStream(stream);
  aclrtResetDevice(deviceId);
  aclFinalize();
  return ret;
}
