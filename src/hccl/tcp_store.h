// The rendezvous store of communicators formed from a root info (HcclGetRootInfo + HcclCommInitRootInfo):
// a small key/value server that HcclGetRootInfo starts in the root's process, and the client every rank
// uses as gloo's rendezvous::Store to exchange its transport addresses. Only the rendezvous goes through it;
// every collective's data goes over gloo's own TCP transport.
//
// Why not a gloo store: Debian's gloo ships a FileStore (needs a shared file system) and a RedisStore (needs
// a Redis server); CANN's root info needs neither - it carries the root's address - and neither shall ours.
//
// Wire format (one request, one reply, on a connection the client keeps): request = op (1 byte: 'S' set,
// 'A' add if absent, 'D' delete, 'G' get, 'W' wait), key length (u32, at most kMaxKey), key, then for 'S' and
// 'A' the value's length (u64, at most kMaxValue) and value, for 'G'/'W' a timeout in ms (u32). Reply: status
// (1 byte: 1 done, 0 timed out / already present), then for a successful 'G' the value's length (u64) and
// value. Integers little-endian. The server ends once
// every rank has set "<prefix>/done/<rank>" for the group size set as "<prefix>/size", or when nothing
// happened for its idle bound.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <gloo/common/error.h>
#include <gloo/rendezvous/store.h>

namespace aclcpu {
namespace hccl {

/// Where a root store listens: a numeric IPv4 or IPv6 address and a TCP port.
/// Plain data (it travels inside HcclRootInfo): value-initialise it (`StoreEndpoint ep{}`).
struct StoreEndpoint {
    char ip[64];    ///< NUL-terminated numeric address
    uint16_t port;  ///< host byte order
};

/// Most store servers one process keeps at once (a root info's lives until its group formed or it idled out).
constexpr int kMaxServers = 256;

/// Starts a store server in this process, listening on `ip` (numeric) at a port the system chooses, served
/// by a detached thread that ends after `idle_s` seconds without a request or once its group has formed.
/// Returns 0 and fills *ep, or an HcclResult (HCCL_E_TCP_CONNECT: cannot listen; HCCL_E_UNAVAIL: kMaxServers
/// are running) with *why.
int StartStoreServer(const std::string& ip, double idle_s, StoreEndpoint* ep, std::string* why);

/// Whether `ip` is a numeric address a rank can listen on and others connect to (not unspecified, broadcast
/// or multicast).
bool UsableAddress(const std::string& ip);

/// The local interface address a rank announces and binds: HCCL_IF_IP when set (a usable numeric address),
/// else the address through which this host reaches `peer_ip` (a connected UDP socket's own address; no
/// packet is sent), else "127.0.0.1". Returns false (with *why) for a malformed HCCL_IF_IP.
bool LocalAddress(const std::string& peer_ip, std::string* out, std::string* why);

/// Thrown by StoreClient when the server refuses the connection: it has ended (its group formed, or its
/// process exited), since a root info's server listens before the root info exists.
struct StoreGone : gloo::IoException {
    using gloo::IoException::IoException;
};

/// A client of a store server, usable as gloo's rendezvous::Store. Every call that cannot complete within
/// its bound (the connect bound, which also bounds every reply, or the timeout given to wait/get) throws
/// gloo::IoException with "timed out" in its text, which gloo's rendezvous passes up.
class StoreClient : public gloo::rendezvous::Store {
public:
    /// Connects to `ep`, retrying until `connect_timeout` has passed; StoreGone when the connection is refused.
    StoreClient(const StoreEndpoint& ep, std::chrono::milliseconds connect_timeout);
    ~StoreClient() override;
    /// Sets `key` unless it exists; true when this call set it (atomic at the server).
    bool AddIfAbsent(const std::string& key, const std::vector<char>& data);
    /// Deletes `key` (no error when absent).
    void Remove(const std::string& key);
    void set(const std::string& key, const std::vector<char>& data) override;
    std::vector<char> get(const std::string& key) override;
    void wait(const std::vector<std::string>& keys) override;
    void wait(const std::vector<std::string>& keys, const std::chrono::milliseconds& timeout) override;

private:
    void Request(char op, const std::string& key, const std::vector<char>* value, uint32_t timeout_ms,
                 std::vector<char>* out);
    int fd_ = -1;
    std::chrono::milliseconds timeout_;
    std::chrono::steady_clock::time_point deadline_;  // construction + connect_timeout: bounds every reply
};

/// Largest key and value the server accepts.
constexpr uint32_t kMaxKey = 4096;
constexpr uint64_t kMaxValue = uint64_t{1} << 24;

}  // namespace hccl
}  // namespace aclcpu
