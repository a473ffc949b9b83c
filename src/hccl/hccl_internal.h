// Internal interface of libhccl (src/hccl): the description of one collective as every rank's task sees it,
// the transport that carries it out among the ranks, and the communicator object behind an HcclComm handle.
//
// Layers: collectives.cpp checks a public call, resolves its device buffers (rt::PinBlocks) and enqueues a
// task (rt::Enqueue); the task hands its Op to the communicator's Transport, which returns once every rank's
// part is done. InProcTransport (inproc.cpp) serves ranks that are threads of this process; GlooTransport
// (gloo_transport.cpp) one rank of a group spread over processes or hosts. Run gives every rank the same
// results on either, bit for bit (reductions in rank order, reduce.h).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "hccl/hccl.h"

namespace aclcpu {
namespace hccl {

/// The operations a transport carries out.
enum class OpKind : int {
    kAllReduce, kBroadcast, kAllGather, kReduceScatter, kReduce, kScatter, kAlltoAll, kAlltoAllV, kAllGatherV,
    kReduceScatterV, kBarrier, kSendRecv
};

/// The public name of a kind ("HcclAllReduce"), for messages.
const char* OpName(OpKind kind);

/// Element size of a dtype: 1, 2, 4, 8 (16 for INT128); 0 for an unknown value.
size_t DtypeSize(int dtype);

/// CANN's name of a dtype ("HCCL_DATA_TYPE_FP32"), "unknown" otherwise.
const char* DtypeName(int dtype);

/// One send or receive of a point-to-point batch (host-accessible addresses).
struct P2PItem {
    bool send;
    uint32_t peer;
    void* buf;
    uint64_t count;
    HcclDataType dtype;
};

/// One rank's view of one collective. Addresses are host-accessible (MemBlock::Accessible) and stay valid
/// (pinned) until Run returns. Counts and displacements are elements of `dtype`.
struct Op {
    OpKind kind = OpKind::kBarrier;
    HcclDataType dtype = HCCL_DATA_TYPE_INT8;
    HcclReduceOp red = HCCL_REDUCE_SUM;
    uint32_t root = 0;
    uint64_t count = 0;           ///< the call's single count (send/recv count as the call names it)
    const void* send = nullptr;
    void* recv = nullptr;
    std::vector<uint64_t> send_counts, send_displs, recv_counts, recv_displs;  ///< V variants (rankSize each)
    std::vector<P2PItem> items;   ///< kSendRecv
};

/// Carries out collectives among the ranks of one group. Thread-safe: each rank's task calls Run for its
/// rank, concurrently with the other ranks'.
class Transport {
public:
    virtual ~Transport() = default;
    /// Number of ranks.
    virtual uint32_t size() const = 0;
    /// Runs rank `rank`'s part of its collective number `seq` (ranks number their collectives 0, 1, 2, ... in
    /// stream order; point-to-point batches are not numbered: they pair by peer and order). Blocks until the
    /// rank's results are written and its inputs no longer read by anyone. Returns an HcclResult; on failure
    /// *why says what happened.
    virtual int Run(uint32_t rank, uint64_t seq, const Op& op, std::string* why) = 0;
    /// Enqueue-time bookkeeping: rank `rank` enqueued its collective `seq` (seq == UINT64_MAX: a
    /// point-to-point batch) on the stream identified by `queue`; Started says its task began. Lets a transport
    /// tell a certain deadlock (two ranks' tasks in one queue) from a slow rank.
    virtual void Enqueued(uint32_t rank, uint64_t seq, const void* queue) = 0;
    virtual void Started(uint32_t rank, uint64_t seq, const void* queue) = 0;
    /// Rank `rank` released its handle after enqueueing `enqueued` numbered collectives: the other ranks' later
    /// collectives fail instead of waiting for it.
    virtual void Left(uint32_t rank, uint64_t enqueued) = 0;
    /// The group's error once broken (0 while healthy), with its description.
    virtual int Broken(std::string* why) const = 0;
};

/// The state behind one HcclComm handle (shared with the tasks it enqueued, which keep it alive).
struct Comm {
    std::shared_ptr<Transport> transport;
    uint32_t rank = 0;
    uint32_t size = 1;
    int32_t device = 0;
    std::string name;
    std::mutex mu;                      ///< orders enqueues: sequence numbers in stream order
    uint64_t next_seq = 0;              ///< numbered collectives enqueued so far (under mu)
    std::atomic<int> async_error{0};    ///< first error of a task of this rank
    std::mutex err_mu;
    std::string async_why;              ///< its description (under err_mu)

    /// Records a task's error (the first one sticks).
    void SetAsyncError(int code, const std::string& why);
};

/// Execution timeout of a new communicator, seconds: HCCL_EXEC_TIMEOUT (an integer 1 .. 2147483; default 1836).
double ExecTimeoutSeconds();
/// HcclCommInitRootInfo's wait, seconds: HCCL_CONNECT_TIMEOUT (an integer 1 .. 2147483; default 120).
double ConnectTimeoutSeconds();

/// A new in-process transport for `size` ranks whose waits end after `timeout_s` seconds.
std::shared_ptr<Transport> MakeInProcTransport(uint32_t size, double timeout_s, const std::string& name);

/// The live communicator behind a handle, or nullptr (after recording "<api>: ..." with Fail).
std::shared_ptr<Comm> LookupComm(HcclComm handle, const char* api);

}  // namespace hccl
}  // namespace aclcpu
