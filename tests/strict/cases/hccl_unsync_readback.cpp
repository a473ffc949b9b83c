// Bug: rank 0 copies the all-reduce's result back before synchronising its stream (rank 1 does it right).
// Expected: one unsynchronized-access report, for rank 0's aclrtMemcpy.
#include "hccl_case.h"

int main() {
    hccl_case::RunTwoRanks([](int rank, HcclComm comm, aclrtStream stream) {
        void* buf = strict_case::DeviceFloats({1.0f + rank, 2, 3, 4});
        if (HcclAllReduce(buf, buf, 4, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream) != HCCL_SUCCESS) std::exit(2);
        float out[4];
        if (rank == 0) CHECK_OK(aclrtMemcpy(out, sizeof out, buf, sizeof out, ACL_MEMCPY_DEVICE_TO_HOST));
        CHECK_OK(aclrtSynchronizeStream(stream));
        if (rank == 1) CHECK_OK(aclrtMemcpy(out, sizeof out, buf, sizeof out, ACL_MEMCPY_DEVICE_TO_HOST));
        CHECK_OK(aclrtFree(buf));
    });
    return 0;
}
