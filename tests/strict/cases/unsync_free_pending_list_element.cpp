// Bug: the last output of a foreach launch over 20 tensors (40 byte ranges) is freed before the stream is
// synchronised. aclcpu's aclrtFree waits for the launch - it must find it by that element's range, or it would wait
// forever on work strict mode holds until a synchronisation - and the other outputs are right. Expected: one
// unsynchronized-access.
#include <vector>

#include "aclnnop/aclnn_foreach_mul_scalar_v2.h"
#include "sync_case.h"

int main() {
    aclrtStream stream = strict_case::Open();
    constexpr int kTensors = 20;
    constexpr int64_t n = 16;
    std::vector<void*> in, out;
    std::vector<aclTensor*> tin, tout;
    for (int i = 0; i < kTensors; ++i) {
        in.push_back(sync_case::DeviceFilled(n, 1.5f));
        out.push_back(sync_case::DeviceFilled(n, 0.0f));
        tin.push_back(strict_case::FloatTensor(in.back(), n));
        tout.push_back(strict_case::FloatTensor(out.back(), n));
    }
    aclTensorList* x = aclCreateTensorList(tin.data(), tin.size());
    aclTensorList* y = aclCreateTensorList(tout.data(), tout.size());
    const float two = 2.0f;
    aclScalar* scalar = aclCreateScalar(const_cast<float*>(&two), ACL_FLOAT);
    uint64_t ws_size = 0;
    aclOpExecutor* ex = nullptr;
    CHECK_OK(aclnnForeachMulScalarV2GetWorkspaceSize(x, scalar, y, &ws_size, &ex));
    CHECK_OK(aclnnForeachMulScalarV2(nullptr, 0, ex, stream));
    CHECK_OK(aclrtFree(out[kTensors - 1]));  // the bug
    CHECK_OK(aclrtSynchronizeStream(stream));
    for (int i = 0; i + 1 < kTensors; ++i) sync_case::ExpectDevice(out[i], n, 3.0f, "out");
    CHECK_OK(aclDestroyScalar(scalar));
    CHECK_OK(aclDestroyTensorList(x));  // the lists own their tensors
    CHECK_OK(aclDestroyTensorList(y));
    for (int i = 0; i < kTensors; ++i) {
        CHECK_OK(aclrtFree(in[i]));
        if (i + 1 < kTensors) CHECK_OK(aclrtFree(out[i]));
    }
    strict_case::Close(stream);
    return 0;
}
