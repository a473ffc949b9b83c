// Shared part of the strict-mode HCCL cases: two ranks of one HcclCommInitAll communicator, one thread and one
// stream each, on devices 0 and 1; each rank's body gets its rank, communicator and stream.
#pragma once

#include <functional>
#include <thread>

#include "hccl/hccl.h"
#include "strict_case.h"

namespace hccl_case {

inline void RunTwoRanks(const std::function<void(int rank, HcclComm comm, aclrtStream stream)>& body) {
    CHECK_OK(aclInit(nullptr));
    int32_t devices[2] = {0, 1};
    HcclComm comms[2];
    if (HcclCommInitAll(2, devices, comms) != HCCL_SUCCESS) std::exit(2);
    std::thread ranks[2];
    for (int r = 0; r < 2; ++r) {
        ranks[r] = std::thread([&, r] {
            CHECK_OK(aclrtSetDevice(devices[r]));
            aclrtStream stream = nullptr;
            CHECK_OK(aclrtCreateStream(&stream));
            body(r, comms[r], stream);
            CHECK_OK(aclrtDestroyStream(stream));
            CHECK_OK(aclrtResetDevice(devices[r]));
        });
    }
    for (auto& t : ranks) t.join();
    for (HcclComm c : comms) HcclCommDestroy(c);
    CHECK_OK(aclFinalize());
}

}  // namespace hccl_case
