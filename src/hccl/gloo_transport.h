// The transport of communicators formed from a root info: one rank of a group whose ranks may be in other
// processes or on other hosts, over gloo's TCP transport (Debian's libgloo). The rendezvous goes through the
// root's store (tcp_store.h); the data of every collective through gloo's pairs.
//
// Results are those of the in-process transport bit for bit: data moves with gloo's all-to-all-v,
// all-gather-v and broadcast (which only copy bytes), and every reduction is ReduceRange over the ranks'
// inputs in rank order on the rank that owns a slice of the result (reduce.h). An all-reduce is a
// reduce-scatter by all-to-all (each rank receives its slice of every rank's input) followed by an
// all-gather of the reduced slices: the traffic of gloo's ring all-reduce, in a fixed order.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "hccl/hccl_internal.h"
#include "hccl/tcp_store.h"

namespace aclcpu {
namespace hccl {

/// Joins rank `rank` of `size` to the group whose rendezvous is `store` (the root's store server, tcp_store.h),
/// its keys under `prefix` (unique per root info), binding gloo's TCP device to `local_ip`. Waits up to
/// `connect_s` seconds for the other ranks; every later wait of a collective is bounded by `exec_s` seconds.
/// Returns the transport, or nullptr with *code (HCCL_E_TIMEOUT when a rank did not join in time,
/// HCCL_E_TCP_CONNECT for other failures) and *why.
std::shared_ptr<Transport> MakeGlooTransport(uint32_t rank, uint32_t size, gloo::rendezvous::Store& store,
                                             const std::string& prefix, const std::string& local_ip, double connect_s,
                                             double exec_s, int* code, std::string* why);

}  // namespace hccl
}  // namespace aclcpu
