// Correct: two ranks all-reduce in place, synchronise, then read the result back. Expected: no report.
#include "hccl_case.h"

int main() {
    hccl_case::RunTwoRanks([](int rank, HcclComm comm, aclrtStream stream) {
        void* buf = strict_case::DeviceFloats({1.0f + rank, 2, 3, 4});
        if (HcclAllReduce(buf, buf, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream) != HCCL_SUCCESS) std::exit(2);
        CHECK_OK(aclrtSynchronizeStream(stream));
        float out[4];
        CHECK_OK(aclrtMemcpy(out, sizeof out, buf, sizeof out, ACL_MEMCPY_DEVICE_TO_HOST));
        if (out[0] != 3.0f || out[3] != 8.0f) std::exit(3);
        CHECK_OK(aclrtFree(buf));
    });
    return 0;
}
