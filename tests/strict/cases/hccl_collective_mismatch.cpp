// Bug: the ranks' collective sequences differ (rank 0 all-reduces 4 elements, rank 1 only 3). Both tasks fail
// with HCCL_E_PARA. Expected: one collective-mismatch report per rank.
#include "hccl_case.h"

int main() {
    hccl_case::RunTwoRanks([](int rank, HcclComm comm, aclrtStream stream) {
        void* buf = strict_case::DeviceFloats({1.0f + rank, 2, 3, 4});
        if (HcclAllReduce(buf, buf, rank == 0 ? 4 : 3, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, stream) !=
            HCCL_SUCCESS) {
            std::exit(2);
        }
        if (aclrtSynchronizeStream(stream) == ACL_SUCCESS) std::exit(3);  // the mismatch is the stream's error
        CHECK_OK(aclrtFree(buf));
    });
    return 0;
}
