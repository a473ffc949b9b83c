// A CANN-style host program of our own (issue 15) that calls every nnopbase argument-object function of
// aclnn/acl_meta.h the way ops-nn's examples do: scalars, int/float/bool arrays, tensor and scalar lists,
// aclInitTensor, the dynamic (tensor-list) address setters and aclDestroyAclOpExecutor on a repeatable
// executor. Written in C++11 against the installed headers only; prints one line per check and returns 1
// when any check fails.
#include <cstdint>
#include <cstdio>
#include <vector>

#include "acl/acl.h"
#include "aclnn/acl_meta.h"
#include "aclnnop/aclnn_l1_loss_backward.h"

namespace {

int g_failures = 0;

void Check(bool ok, const char* what) {
    std::printf("%s: %s\n", ok ? "ok" : "FAILED", what);
    if (!ok) {
        const char* msg = aclGetRecentErrMsg();
        if (msg != nullptr) std::printf("  (last error: %s)\n", msg);
        ++g_failures;
    }
}

aclTensor* MakeTensor(const std::vector<int64_t>& shape, void* data) {
    std::vector<int64_t> strides(shape.size(), 1);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 2; i >= 0; --i) strides[i] = shape[i + 1] * strides[i + 1];
    return aclCreateTensor(shape.data(), shape.size(), ACL_FLOAT, strides.data(), 0, ACL_FORMAT_ND, shape.data(),
                           shape.size(), data);
}

}  // namespace

int main() {
    int32_t deviceId = 0;
    aclrtStream stream = nullptr;
    Check(aclInit(nullptr) == ACL_SUCCESS, "aclInit");
    Check(aclrtSetDevice(deviceId) == ACL_SUCCESS, "aclrtSetDevice");
    Check(aclrtCreateStream(&stream) == ACL_SUCCESS, "aclrtCreateStream");

    // Scalars of several dtypes, as operators with alpha/value arguments take them.
    float alphaValue = 1.5f;
    int64_t intValue = -3;
    uint16_t halfValue = aclFloatToFloat16(0.5f);
    bool boolValue = true;
    aclScalar* alpha = aclCreateScalar(&alphaValue, ACL_FLOAT);
    aclScalar* intScalar = aclCreateScalar(&intValue, ACL_INT64);
    aclScalar* halfScalar = aclCreateScalar(&halfValue, ACL_FLOAT16);
    aclScalar* boolScalar = aclCreateScalar(&boolValue, ACL_BOOL);
    Check(alpha != nullptr && intScalar != nullptr && halfScalar != nullptr && boolScalar != nullptr,
          "aclCreateScalar (FLOAT, INT64, FLOAT16, BOOL)");
    Check(aclCreateScalar(nullptr, ACL_FLOAT) == nullptr && aclGetRecentErrMsg() != nullptr,
          "aclCreateScalar(nullptr) is refused with a message");
    Check(aclCreateScalar(&alphaValue, ACL_STRING) == nullptr, "aclCreateScalar(ACL_STRING) is refused");

    // Arrays: dims, kernel sizes, flags.
    std::vector<int64_t> dims = {0, 2, 3};
    std::vector<float> weights = {0.25f, 0.75f};
    bool maskValues[3] = {true, false, true};
    aclIntArray* dimArray = aclCreateIntArray(dims.data(), dims.size());
    aclFloatArray* weightArray = aclCreateFloatArray(weights.data(), weights.size());
    aclBoolArray* maskArray = aclCreateBoolArray(maskValues, 3);
    uint64_t size = 0;
    Check(aclGetIntArraySize(dimArray, &size) == ACL_SUCCESS && size == 3, "aclCreateIntArray / aclGetIntArraySize");
    Check(aclGetFloatArraySize(weightArray, &size) == ACL_SUCCESS && size == 2,
          "aclCreateFloatArray / aclGetFloatArraySize");
    Check(aclGetBoolArraySize(maskArray, &size) == ACL_SUCCESS && size == 3,
          "aclCreateBoolArray / aclGetBoolArraySize");
    Check(aclGetIntArraySize(nullptr, &size) == ACLNN_ERR_PARAM_NULLPTR, "aclGetIntArraySize(nullptr) is 161001");

    // A tensor list as foreach operators take it; the list owns its tensors.
    std::vector<void*> deviceAddrs(3, nullptr);
    std::vector<const aclTensor*> tensors;
    for (size_t i = 0; i < deviceAddrs.size(); ++i) {
        Check(aclrtMalloc(&deviceAddrs[i], 6 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST) == ACL_SUCCESS, "aclrtMalloc");
        // Written before an operator reads it (strict mode reports a read of never-written device memory).
        Check(aclrtMemset(deviceAddrs[i], 6 * sizeof(float), 0, 6 * sizeof(float)) == ACL_SUCCESS, "aclrtMemset");
        tensors.push_back(MakeTensor({2, 3}, deviceAddrs[i]));
    }
    aclTensorList* tensorList = aclCreateTensorList(tensors.data(), tensors.size());
    Check(aclGetTensorListSize(tensorList, &size) == ACL_SUCCESS && size == 3,
          "aclCreateTensorList / aclGetTensorListSize");
    Check(aclDestroyTensor(tensors[0]) == ACLNN_ERR_PARAM_INVALID,
          "aclDestroyTensor on an element of a live list is refused (161002)");

    // A scalar list; it owns its scalars.
    const aclScalar* scalarItems[] = {alpha, intScalar};
    aclScalarList* scalarList = aclCreateScalarList(scalarItems, 2);
    Check(aclGetScalarListSize(scalarList, &size) == ACL_SUCCESS && size == 2,
          "aclCreateScalarList / aclGetScalarListSize");

    // aclInitTensor: re-describe an output in place (a transposed view of the same storage).
    void* outAddr = nullptr;
    aclrtMalloc(&outAddr, 6 * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    aclTensor* out = MakeTensor({2, 3}, outAddr);
    std::vector<int64_t> tShape = {3, 2}, tStrides = {1, 3}, storage = {6};
    Check(aclInitTensor(out, tShape.data(), 2, ACL_FLOAT, tStrides.data(), 0, ACL_FORMAT_ND, storage.data(), 1,
                        nullptr) == ACL_SUCCESS,
          "aclInitTensor");
    int64_t* viewDims = nullptr;
    uint64_t viewDimsNum = 0;
    Check(aclGetViewShape(out, &viewDims, &viewDimsNum) == ACL_SUCCESS && viewDimsNum == 2 && viewDims[0] == 3 &&
              viewDims[1] == 2,
          "aclInitTensor changed the view shape to [3,2]");
    delete[] viewDims;
    int64_t* strides = nullptr;
    uint64_t stridesNum = 0;
    Check(aclGetViewStrides(out, &strides, &stridesNum) == ACL_SUCCESS && stridesNum == 2 && strides[0] == 1 &&
              strides[1] == 3,
          "aclInitTensor changed the strides to [1,3]");
    delete[] strides;
    void* kept = nullptr;
    Check(aclGetRawTensorAddr(out, &kept) == ACL_SUCCESS && kept == outAddr, "aclInitTensor kept the data address");

    // A repeatable executor, run twice, then destroyed; the dynamic address setters on it.
    aclTensor* a = MakeTensor({3, 2}, deviceAddrs[1]);
    uint64_t workspaceSize = 0;
    aclOpExecutor* executor = nullptr;
    Check(aclnnL1LossBackwardGetWorkspaceSize(a, a, a, 1, out, &workspaceSize, &executor) == ACL_SUCCESS,
          "aclnnL1LossBackwardGetWorkspaceSize");
    Check(aclSetAclOpExecutorRepeatable(executor) == ACL_SUCCESS, "aclSetAclOpExecutorRepeatable");
    Check(aclnnL1LossBackward(nullptr, 0, executor, stream) == ACL_SUCCESS, "aclnnL1LossBackward, first launch");
    Check(aclnnL1LossBackward(nullptr, 0, executor, stream) == ACL_SUCCESS, "aclnnL1LossBackward, second launch");
    Check(aclrtSynchronizeStream(stream) == ACL_SUCCESS, "aclrtSynchronizeStream");
    Check(aclSetDynamicInputTensorAddr(executor, 0, 0, nullptr, outAddr) == ACLNN_ERR_INNER_NULLPTR,
          "aclSetDynamicInputTensorAddr(tensors nullptr) is 561103");
    Check(aclSetDynamicOutputTensorAddr(executor, 0, 5, tensorList, outAddr) == ACLNN_ERR_PARAM_INVALID,
          "aclSetDynamicOutputTensorAddr(relativeIndex 5 of 3) is 161002");
    Check(aclSetDynamicTensorAddr(nullptr, 0, 0, tensorList, outAddr) == ACLNN_ERR_INNER_NULLPTR,
          "aclSetDynamicTensorAddr(executor nullptr) is 561103");
    Check(AclSetDynamicInputTensorAddr(executor, 0, 0, tensorList, outAddr) == ACLNN_ERR_PARAM_INVALID &&
              AclSetDynamicOutputTensorAddr(executor, 0, 0, tensorList, outAddr) == ACLNN_ERR_PARAM_INVALID &&
              AclSetDynamicTensorAddr(executor, 0, 0, tensorList, outAddr) == ACLNN_ERR_PARAM_INVALID,
          "Acl* dynamic setters: aclnnL1LossBackward takes no tensor list (161002)");
    Check(aclDestroyAclOpExecutor(executor) == ACL_SUCCESS, "aclDestroyAclOpExecutor");
    Check(aclDestroyAclOpExecutor(executor) == ACLNN_ERR_PARAM_INVALID, "a second aclDestroyAclOpExecutor is 161002");

    // Clean-up in the examples' order.
    Check(aclDestroyScalar(halfScalar) == ACL_SUCCESS && aclDestroyScalar(boolScalar) == ACL_SUCCESS,
          "aclDestroyScalar");
    Check(aclDestroyScalarList(scalarList) == ACL_SUCCESS, "aclDestroyScalarList (destroys alpha and intScalar)");
    Check(aclDestroyScalar(alpha) == ACLNN_ERR_PARAM_INVALID, "alpha was destroyed by its list");
    Check(aclDestroyIntArray(dimArray) == ACL_SUCCESS, "aclDestroyIntArray");
    Check(aclDestroyFloatArray(weightArray) == ACL_SUCCESS, "aclDestroyFloatArray");
    Check(aclDestroyBoolArray(maskArray) == ACL_SUCCESS, "aclDestroyBoolArray");
    Check(aclDestroyTensorList(tensorList) == ACL_SUCCESS, "aclDestroyTensorList (destroys its tensors)");
    Check(aclDestroyTensor(tensors[1]) == ACLNN_ERR_PARAM_INVALID, "the list's tensors are destroyed");
    Check(aclDestroyTensor(a) == ACL_SUCCESS && aclDestroyTensor(out) == ACL_SUCCESS, "aclDestroyTensor");
    for (size_t i = 0; i < deviceAddrs.size(); ++i) aclrtFree(deviceAddrs[i]);
    aclrtFree(outAddr);
    aclrtDestroyStream(stream);
    aclrtResetDevice(deviceId);
    aclFinalize();
    std::printf("%s\n", g_failures == 0 ? "api_nnopbase_sample: all checks passed" : "api_nnopbase_sample: FAILED");
    return g_failures == 0 ? 0 : 1;
}
