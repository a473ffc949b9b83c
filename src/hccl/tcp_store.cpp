// The rendezvous store of root-info communicators: server and client (format and rules: tcp_store.h).
#include "hccl/tcp_store.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <condition_variable>
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <thread>

#include <gloo/common/error.h>

#include "hccl/hccl_types.h"

namespace aclcpu {
namespace hccl {
namespace {

using Clock = std::chrono::steady_clock;

// A socket address from a numeric IPv4/IPv6 string and a port; false when `ip` is not numeric.
bool MakeAddress(const std::string& ip, uint16_t port, sockaddr_storage* ss, socklen_t* len) {
    std::memset(ss, 0, sizeof *ss);
    auto* v4 = reinterpret_cast<sockaddr_in*>(ss);
    if (inet_pton(AF_INET, ip.c_str(), &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(port);
        *len = sizeof(sockaddr_in);
        return true;
    }
    auto* v6 = reinterpret_cast<sockaddr_in6*>(ss);
    if (inet_pton(AF_INET6, ip.c_str(), &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(port);
        *len = sizeof(sockaddr_in6);
        return true;
    }
    return false;
}

// Waits until fd is readable (or writable) or `deadline` passes; false on timeout or error.
bool WaitFd(int fd, short events, Clock::time_point deadline) {
    for (;;) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) return false;
        pollfd p{fd, events, 0};
        const int r = poll(&p, 1, static_cast<int>(std::min<long long>(left, 1000)));
        if (r > 0) return (p.revents & (events | POLLHUP | POLLERR)) != 0;
        if (r < 0 && errno != EINTR) return false;
    }
}

// Reads exactly n bytes before `deadline`; false on EOF, error or timeout.
bool ReadAll(int fd, void* buf, size_t n, Clock::time_point deadline) {
    char* p = static_cast<char*>(buf);
    while (n > 0) {
        if (!WaitFd(fd, POLLIN, deadline)) return false;
        const ssize_t r = ::recv(fd, p, n, 0);
        if (r == 0) return false;
        if (r < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return false;
        }
        p += r;
        n -= static_cast<size_t>(r);
    }
    return true;
}

bool WriteAll(int fd, const void* buf, size_t n) {
    const char* p = static_cast<const char*>(buf);
    while (n > 0) {
        const ssize_t r = ::send(fd, p, n, MSG_NOSIGNAL);
        if (r < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return false;
        }
        p += r;
        n -= static_cast<size_t>(r);
    }
    return true;
}

template <typename T>
void Put(std::vector<char>* out, T v) {  // little-endian (the only byte order this runs on: x86-64, AArch64)
    const char* p = reinterpret_cast<const char*>(&v);
    out->insert(out->end(), p, p + sizeof v);
}

// The server's state, shared by its accept loop and its connections' threads.
struct Server {
    std::mutex mu;
    std::condition_variable cv;
    std::map<std::string, std::vector<char>> kv;
    Clock::time_point last = Clock::now();
    int conns = 0;
    bool Formed() const {  // "<prefix>/size" is n and n "<prefix>/done/<rank>" keys are set
        for (const auto& e : kv) {
            const std::string& k = e.first;
            if (k.size() < 5 || k.compare(k.size() - 5, 5, "/size") != 0) continue;
            const std::string prefix = k.substr(0, k.size() - 4) + "done/";
            const long n = std::strtol(std::string(e.second.begin(), e.second.end()).c_str(), nullptr, 10);
            long done = 0;
            for (auto it = kv.lower_bound(prefix); it != kv.end() && it->first.compare(0, prefix.size(), prefix) == 0;
                 ++it) {
                ++done;
            }
            if (n > 0 && done >= n) return true;
        }
        return false;
    }
};

// Serves one connection until the client closes it (or sends something malformed).
void Serve(std::shared_ptr<Server> s, int fd) {
    const auto far = [] { return Clock::now() + std::chrono::hours(24 * 365); };
    for (;;) {
        char op = 0;
        uint32_t klen = 0;
        if (!ReadAll(fd, &op, 1, far()) || !ReadAll(fd, &klen, 4, far()) || klen > kMaxKey) break;
        std::string key(klen, '\0');
        if (!ReadAll(fd, &key[0], klen, far())) break;
        std::vector<char> reply;
        if (op == 'S' || op == 'A') {
            uint64_t vlen = 0;
            if (!ReadAll(fd, &vlen, 8, far()) || vlen > kMaxValue) break;
            std::vector<char> value(vlen);
            if (vlen > 0 && !ReadAll(fd, value.data(), vlen, far())) break;
            bool stored = true;
            {
                std::lock_guard<std::mutex> lock(s->mu);
                if (op == 'A' && s->kv.count(key) != 0) {
                    stored = false;
                } else {
                    s->kv[key] = std::move(value);
                }
                s->last = Clock::now();
            }
            s->cv.notify_all();
            reply.push_back(stored ? 1 : 0);
        } else if (op == 'D') {
            {
                std::lock_guard<std::mutex> lock(s->mu);
                s->kv.erase(key);
                s->last = Clock::now();
            }
            reply.push_back(1);
        } else if (op == 'G' || op == 'W') {
            uint32_t timeout_ms = 0;
            if (!ReadAll(fd, &timeout_ms, 4, far())) break;
            std::unique_lock<std::mutex> lock(s->mu);
            s->last = Clock::now();
            const bool ok = s->cv.wait_for(lock, std::chrono::milliseconds(timeout_ms),
                                           [&] { return s->kv.count(key) != 0; });
            reply.push_back(ok ? 1 : 0);
            if (ok && op == 'G') {
                const std::vector<char>& v = s->kv[key];
                Put<uint64_t>(&reply, v.size());
                reply.insert(reply.end(), v.begin(), v.end());
            }
        } else {
            break;
        }
        if (!WriteAll(fd, reply.data(), reply.size())) break;
    }
    ::close(fd);
    {
        std::lock_guard<std::mutex> lock(s->mu);
        --s->conns;
        s->last = Clock::now();
    }
    s->cv.notify_all();
}

std::atomic<int> g_servers{0};  // store servers running in this process

void AcceptLoop(std::shared_ptr<Server> s, int lfd, double idle_s) {
    const auto idle = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(idle_s));
    for (;;) {
        {
            std::lock_guard<std::mutex> lock(s->mu);
            if (s->conns == 0 && (s->Formed() || Clock::now() - s->last > idle)) break;
        }
        pollfd p{lfd, POLLIN, 0};
        const int r = poll(&p, 1, 100);
        if (r <= 0) continue;
        const int fd = ::accept(lfd, nullptr, nullptr);
        if (fd < 0) continue;
        const int one = 1;
        setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        {
            std::lock_guard<std::mutex> lock(s->mu);
            ++s->conns;
            s->last = Clock::now();
        }
        try {
            std::thread(Serve, s, fd).detach();
        } catch (...) {  // no thread: drop the connection (its client retries or times out)
            ::close(fd);
            std::lock_guard<std::mutex> lock(s->mu);
            --s->conns;
        }
    }
    ::close(lfd);
    g_servers.fetch_sub(1);
}

}  // namespace

bool UsableAddress(const std::string& ip) {
    sockaddr_storage ss;
    socklen_t len = 0;
    if (!MakeAddress(ip, 0, &ss, &len)) return false;
    if (ss.ss_family == AF_INET) {
        const uint32_t a = ntohl(reinterpret_cast<sockaddr_in*>(&ss)->sin_addr.s_addr);
        return a != 0 && a != 0xFFFFFFFFu && (a >> 28) != 0xE;  // not 0.0.0.0, broadcast, 224.0.0.0/4
    }
    const in6_addr& a6 = reinterpret_cast<sockaddr_in6*>(&ss)->sin6_addr;
    return !IN6_IS_ADDR_UNSPECIFIED(&a6) && !IN6_IS_ADDR_MULTICAST(&a6);
}

int StartStoreServer(const std::string& ip, double idle_s, StoreEndpoint* ep, std::string* why) {
    sockaddr_storage ss;
    socklen_t len = 0;
    if (ip.size() >= sizeof ep->ip || !MakeAddress(ip, 0, &ss, &len)) {
        *why = "the root address \"" + ip + "\" is not a numeric IPv4 or IPv6 address";
        return HCCL_E_PARA;
    }
    if (g_servers.fetch_add(1) >= kMaxServers) {
        g_servers.fetch_sub(1);
        *why = "this process already runs " + std::to_string(kMaxServers) +
               " rendezvous servers of root infos whose groups have not formed";
        return HCCL_E_UNAVAIL;
    }
    const int lfd = ::socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (lfd < 0) {
        g_servers.fetch_sub(1);
        *why = std::string("socket: ") + std::strerror(errno);
        return HCCL_E_TCP_CONNECT;
    }
    if (::bind(lfd, reinterpret_cast<sockaddr*>(&ss), len) != 0 || ::listen(lfd, 128) != 0 ||
        ::getsockname(lfd, reinterpret_cast<sockaddr*>(&ss), &len) != 0) {
        *why = "cannot listen on " + ip + ": " + std::strerror(errno);
        ::close(lfd);
        g_servers.fetch_sub(1);
        return HCCL_E_TCP_CONNECT;
    }
    std::memcpy(ep->ip, ip.c_str(), ip.size() + 1);
    ep->port = ntohs(ss.ss_family == AF_INET ? reinterpret_cast<sockaddr_in*>(&ss)->sin_port
                                             : reinterpret_cast<sockaddr_in6*>(&ss)->sin6_port);
    auto s = std::make_shared<Server>();
    try {
        std::thread(AcceptLoop, s, lfd, idle_s).detach();
    } catch (...) {
        ::close(lfd);
        g_servers.fetch_sub(1);
        *why = "cannot start the rendezvous server's thread";
        return HCCL_E_INTERNAL;
    }
    return 0;
}

bool LocalAddress(const std::string& peer_ip, std::string* out, std::string* why) {
    sockaddr_storage ss;
    socklen_t len = 0;
    const char* env = std::getenv("HCCL_IF_IP");
    if (env != nullptr && *env != '\0') {
        if (!UsableAddress(env)) {
            *why = std::string("HCCL_IF_IP=\"") + std::string(env).substr(0, 64) +
                   "\" is not a numeric IPv4 or IPv6 address of an interface (not unspecified, broadcast or multicast)";
            return false;
        }
        *out = env;
        return true;
    }
    *out = "127.0.0.1";
    if (!MakeAddress(peer_ip, 9, &ss, &len)) return true;
    const int fd = ::socket(ss.ss_family, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return true;
    sockaddr_storage self;
    socklen_t self_len = sizeof self;
    char buf[INET6_ADDRSTRLEN] = {};
    if (::connect(fd, reinterpret_cast<sockaddr*>(&ss), len) == 0 &&
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&self), &self_len) == 0) {
        const void* a = self.ss_family == AF_INET ? static_cast<const void*>(&reinterpret_cast<sockaddr_in*>(&self)->sin_addr)
                                                  : static_cast<const void*>(&reinterpret_cast<sockaddr_in6*>(&self)->sin6_addr);
        if (inet_ntop(self.ss_family, a, buf, sizeof buf) != nullptr) *out = buf;
    }
    ::close(fd);
    return true;
}

StoreClient::StoreClient(const StoreEndpoint& ep, std::chrono::milliseconds connect_timeout)
    : timeout_(connect_timeout), deadline_(Clock::now() + connect_timeout) {
    sockaddr_storage ss;
    socklen_t len = 0;
    if (!MakeAddress(ep.ip, ep.port, &ss, &len)) {
        throw gloo::IoException(std::string("the root address \"") + ep.ip + "\" is not numeric");
    }
    const auto deadline = Clock::now() + connect_timeout;
    int last_errno = 0;
    while (Clock::now() < deadline) {
        const int fd = ::socket(ss.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0) throw gloo::IoException(std::string("socket: ") + std::strerror(errno));
        if (::connect(fd, reinterpret_cast<sockaddr*>(&ss), len) == 0) {
            const int one = 1;
            setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
            fd_ = fd;
            return;
        }
        last_errno = errno;
        ::close(fd);
        if (last_errno == ECONNREFUSED) {  // the server listened before the root info existed: it has ended
            throw StoreGone(std::string("the rendezvous server at ") + ep.ip + ":" + std::to_string(ep.port) +
                            " has ended (its group has formed, or the process that made the root info exited)");
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    throw gloo::IoException(std::string("timed out: no rendezvous server answered at ") + ep.ip + ":" +
                            std::to_string(ep.port) + " within HCCL_CONNECT_TIMEOUT (" + std::strerror(last_errno) +
                            ")");
}

StoreClient::~StoreClient() {
    if (fd_ >= 0) ::close(fd_);
}

void StoreClient::Request(char op, const std::string& key, const std::vector<char>* value, uint32_t timeout_ms,
                          std::vector<char>* out) {
    if (key.size() > kMaxKey || (value != nullptr && value->size() > kMaxValue)) {
        throw gloo::IoException("rendezvous key or value too large");
    }
    std::vector<char> req;
    req.push_back(op);
    Put<uint32_t>(&req, static_cast<uint32_t>(key.size()));
    req.insert(req.end(), key.begin(), key.end());
    if (value != nullptr) {
        Put<uint64_t>(&req, value->size());
        req.insert(req.end(), value->begin(), value->end());
    } else if (op != 'D') {
        Put<uint32_t>(&req, timeout_ms);
    }
    if (!WriteAll(fd_, req.data(), req.size())) throw gloo::IoException("the rendezvous server closed the connection");
    // A reply is due when the server's wait ends; a server that stops answering is bounded by the connect bound.
    const auto deadline = std::min(Clock::now() + std::chrono::milliseconds(timeout_ms) + std::chrono::seconds(2),
                                   std::max(deadline_, Clock::now()) + std::chrono::seconds(1));
    char status = 0;
    if (!ReadAll(fd_, &status, 1, deadline)) {
        throw gloo::IoException("timed out: no reply from the rendezvous server within HCCL_CONNECT_TIMEOUT");
    }
    if (op == 'A') {
        if (out != nullptr) out->assign(1, status);
        return;
    }
    if (status != 1) {
        throw gloo::IoException("timed out after " + std::to_string(timeout_ms) + " ms waiting for rendezvous key \"" +
                                key + "\" (a rank has not joined)");
    }
    if (out != nullptr) {
        uint64_t n = 0;
        if (!ReadAll(fd_, &n, 8, deadline) || n > kMaxValue) throw gloo::IoException("malformed rendezvous reply");
        out->resize(n);
        if (n > 0 && !ReadAll(fd_, out->data(), n, deadline)) throw gloo::IoException("truncated rendezvous reply");
    }
}

void StoreClient::set(const std::string& key, const std::vector<char>& data) { Request('S', key, &data, 0, nullptr); }

bool StoreClient::AddIfAbsent(const std::string& key, const std::vector<char>& data) {
    std::vector<char> added;
    Request('A', key, &data, 0, &added);
    return !added.empty() && added[0] == 1;
}

void StoreClient::Remove(const std::string& key) { Request('D', key, nullptr, 0, nullptr); }

std::vector<char> StoreClient::get(const std::string& key) {
    std::vector<char> out;
    Request('G', key, nullptr, static_cast<uint32_t>(timeout_.count()), &out);
    return out;
}

void StoreClient::wait(const std::vector<std::string>& keys) { wait(keys, timeout_); }

void StoreClient::wait(const std::vector<std::string>& keys, const std::chrono::milliseconds& timeout) {
    const auto deadline = Clock::now() + timeout;  // one bound for all the keys
    for (const std::string& k : keys) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        Request('W', k, nullptr, static_cast<uint32_t>(std::max<long long>(left, 0)), nullptr);
    }
}

}  // namespace hccl
}  // namespace aclcpu
