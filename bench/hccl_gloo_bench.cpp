// HcclAllReduce across processes against gloo's own all-reduce on the same data, in one run:
//   hccl_gloo_bench [nranks=4] [MiB=64] [reps=5]
// starts nranks copies of itself on this host (loopback), joined by HcclGetRootInfo/HcclCommInitRootInfo; each
// times HcclAllReduce (FLOAT, SUM, in place, on its stream, synchronised) and gloo::allreduce (its ring
// algorithm, FLOAT sum, over a gloo context of its own formed through a FileStore) on a buffer of MiB MiB,
// best of reps. Rank 0 prints both times and their ratio (HCCL / gloo); the bound is 1.2.
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <gloo/allreduce.h>
#include <gloo/math.h>
#include <gloo/rendezvous/context.h>
#include <gloo/rendezvous/file_store.h>
#include <gloo/rendezvous/prefix_store.h>
#include <gloo/transport/tcp/device.h>

#include "acl/acl.h"
#include "hccl/hccl.h"

extern char** environ;

namespace {

double Seconds(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

int Rank(const char* file, const char* store_dir, int n, int r, size_t mib, int reps) {
    HcclRootInfo root;
    FILE* f = std::fopen(file, "rb");
    if (f == nullptr || std::fread(&root, sizeof root, 1, f) != 1) return 2;
    std::fclose(f);
    if (aclInit(nullptr) != ACL_SUCCESS || aclrtSetDevice(r) != ACL_SUCCESS) return 3;
    HcclComm comm = nullptr;
    if (HcclCommInitRootInfo(n, &root, r, &comm) != HCCL_SUCCESS) {
        std::fprintf(stderr, "rank %d: %s\n", r, aclGetRecentErrMsg());
        return 4;
    }
    aclrtStream s = nullptr;
    aclrtCreateStream(&s);
    const size_t count = mib * (size_t{1} << 20) / sizeof(float);
    void* dev = nullptr;
    aclrtMalloc(&dev, count * sizeof(float), ACL_MEM_MALLOC_HUGE_FIRST);
    std::vector<float> host(count, 1.0f + static_cast<float>(r));
    aclrtMemcpy(dev, count * sizeof(float), host.data(), count * sizeof(float), ACL_MEMCPY_HOST_TO_DEVICE);
    double hccl = 1e30, gloo_s = 1e30;
    for (int i = 0; i < reps; ++i) {
        const auto t = std::chrono::steady_clock::now();
        if (HcclAllReduce(dev, dev, count, HCCL_DATA_TYPE_FP32, HCCL_REDUCE_SUM, comm, s) != HCCL_SUCCESS ||
            aclrtSynchronizeStream(s) != ACL_SUCCESS) {
            std::fprintf(stderr, "rank %d: HcclAllReduce failed: %s\n", r, aclGetRecentErrMsg());
            return 5;
        }
        hccl = std::min(hccl, Seconds(t));
    }
    gloo::rendezvous::FileStore fstore(store_dir);
    gloo::rendezvous::PrefixStore store("bench", fstore);
    gloo::transport::tcp::attr attr;
    attr.hostname = "127.0.0.1";
    auto device = gloo::transport::tcp::CreateDevice(attr);
    auto ctx = std::make_shared<gloo::rendezvous::Context>(r, n);
    ctx->connectFullMesh(store, device);
    for (int i = 0; i < reps; ++i) {
        const auto t = std::chrono::steady_clock::now();
        gloo::AllreduceOptions o(ctx);
        o.setInput(host.data(), count);
        o.setOutput(host.data(), count);
        o.setAlgorithm(gloo::AllreduceOptions::Algorithm::RING);
        o.setReduceFunction(static_cast<void (*)(void*, const void*, const void*, size_t)>(&gloo::sum<float>));
        o.setTag(static_cast<uint32_t>(i));
        gloo::allreduce(o);
        gloo_s = std::min(gloo_s, Seconds(t));
    }
    if (r == 0) {
        std::printf("ranks %d, %zu MiB FLOAT: HcclAllReduce %.1f ms, gloo::allreduce (ring) %.1f ms, ratio %.2f\n", n,
                    mib, hccl * 1e3, gloo_s * 1e3, hccl / gloo_s);
    }
    HcclCommDestroy(comm);
    aclrtFree(dev);
    aclrtDestroyStream(s);
    aclFinalize();
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 8 && std::strcmp(argv[1], "--rank") == 0) {
        return Rank(argv[2], argv[3], std::atoi(argv[4]), std::atoi(argv[5]), std::strtoul(argv[6], nullptr, 10),
                    std::atoi(argv[7]));
    }
    const int n = argc > 1 ? std::atoi(argv[1]) : 4;
    const size_t mib = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 64;
    const int reps = argc > 3 ? std::atoi(argv[3]) : 5;
    if (n < 2 || n > 8 || mib == 0 || mib > 4096 || reps < 1) {
        std::fprintf(stderr, "usage: hccl_gloo_bench [nranks 2-8] [MiB 1-4096] [reps >= 1]\n");
        return 2;
    }
    if (aclInit(nullptr) != ACL_SUCCESS) return 3;
    HcclRootInfo root;
    if (HcclGetRootInfo(&root) != HCCL_SUCCESS) {
        std::fprintf(stderr, "HcclGetRootInfo: %s\n", aclGetRecentErrMsg());
        return 3;
    }
    char file[] = "/tmp/aclcpu_hccl_benchXXXXXX";
    char dir[] = "/tmp/aclcpu_gloo_storeXXXXXX";
    const int fd = mkstemp(file);
    if (fd < 0 || mkdtemp(dir) == nullptr || write(fd, &root, sizeof root) != static_cast<ssize_t>(sizeof root)) return 3;
    close(fd);
    std::vector<pid_t> pids;
    const std::string ns = std::to_string(n), ms = std::to_string(mib), rs = std::to_string(reps);
    for (int r = 0; r < n; ++r) {
        std::string rank = std::to_string(r);
        char* args[] = {argv[0], const_cast<char*>("--rank"), file, dir, const_cast<char*>(ns.c_str()), &rank[0],
                        const_cast<char*>(ms.c_str()), const_cast<char*>(rs.c_str()), nullptr};
        pid_t pid;
        if (posix_spawn(&pid, argv[0], nullptr, nullptr, args, environ) != 0) return 3;
        pids.push_back(pid);
    }
    int worst = 0;
    for (pid_t p : pids) {
        int st = 0;
        waitpid(p, &st, 0);
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) worst = 1;
    }
    std::remove(file);
    std::string cmd = std::string("rm -rf ") + dir;
    if (std::system(cmd.c_str()) != 0) worst = 1;
    aclFinalize();
    return worst;
}
