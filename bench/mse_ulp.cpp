// One-off accuracy measurement of aclnnMseLoss's summation orders (docs/ops/mse_loss.md §6, "Accuracy"): for
// N = 2^24 element values q >= 0 from a few distributions, the largest distance in float32 ULPs between each
// product profile's order (engine/mse_v2_order.h: Ascend 950 arch35, A2/A3, 310P; FLOAT and 2-byte tilings;
// sum and mean) and the exactly rounded result. The exact sum is accumulated in long double with Neumaier
// compensation (error far below 2^-64 of the sum), then rounded once to float32. Not a test: prints a table.
//   g++ -O2 -std=c++17 -ffp-contract=off -Iinclude -Isrc bench/mse_ulp.cpp build/libaclcpu_static.a
//     $(pkg-config --libs libhwy) -ltbb -lpthread -o /tmp/mse_ulp && /tmp/mse_ulp [N]
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "engine/mse_v2_order.h"

using namespace aclcpu::engine;

namespace {

int64_t Ordered(float f) {
    int32_t i;
    std::memcpy(&i, &f, 4);
    return i < 0 ? -static_cast<int64_t>(i & 0x7FFFFFFF) : i;
}

int64_t Ulps(float a, float b) { return std::llabs(Ordered(a) - Ordered(b)); }

float ExactlyRounded(const std::vector<float>& q, bool mean) {
    long double s = 0, c = 0;
    for (float v : q) {
        const long double t = s + v;
        c += std::fabs(s) >= std::fabs(static_cast<long double>(v)) ? (s - t) + v : (v - t) + s;
        s = t;
    }
    long double total = s + c;
    if (mean) total /= static_cast<long double>(q.size());
    return static_cast<float>(total);  // one rounding from the 64-bit significand
}

struct Src final : ValueSource {
    const std::vector<float>* q = nullptr;
    void Fill(int64_t begin, int64_t n, float* dst) const override {
        std::memcpy(dst, q->data() + begin, static_cast<size_t>(n) * sizeof(float));
    }
};

}  // namespace

int main(int argc, char** argv) {
    const int64_t n = argc > 1 ? std::atoll(argv[1]) : (int64_t{1} << 24);
    std::mt19937_64 rng(20261201);
    const char* names[3] = {"uniform[0,1)", "normal^2", "wide 2^-20..2^20"};
    std::printf("N = %lld\n%-18s %-8s %-5s %12s %12s %12s\n", static_cast<long long>(n), "distribution", "dtype", "red",
                "950 arch35", "A2/A3", "310P");
    int64_t worst[3] = {0, 0, 0};
    for (int dist = 0; dist < 3; ++dist) {
        std::vector<float> q(static_cast<size_t>(n));
        std::uniform_real_distribution<float> u(0.0f, 1.0f);
        std::normal_distribution<float> nd(0.0f, 1.0f);
        for (auto& v : q) {
            if (dist == 0)
                v = u(rng);
            else if (dist == 1) {
                const float d = nd(rng);
                v = d * d;
            } else
                v = std::ldexp(u(rng), static_cast<int>(rng() % 41) - 20);
        }
        Src src;
        src.q = &q;
        for (int item : {4, 2}) {
            for (bool mean : {false, true}) {
                const float exact = ExactlyRounded(q, mean);
                const int64_t d[3] = {item == 4 ? Ulps(Arch35MseV2Total(n, kHw950, mean, src), exact) : -1,
                                      Ulps(AscendCMseV2Total(n, item, kHwA2, mean, false, src), exact),
                                      Ulps(AscendCMseV2Total(n, item, kHw310P, mean, true, src), exact)};
                for (int k = 0; k < 3; ++k) worst[k] = std::max(worst[k], d[k]);
                std::printf("%-18s %-8s %-5s %12lld %12lld %12lld\n", names[dist], item == 4 ? "FLOAT" : "2-byte",
                            mean ? "mean" : "sum", static_cast<long long>(d[0]), static_cast<long long>(d[1]),
                            static_cast<long long>(d[2]));
            }
        }
    }
    std::printf(
        "largest: 950 %lld, A2/A3 %lld, 310P %lld ULP (950's order does not depend on the dtype: -1 = same "
        "as FLOAT)\n",
        static_cast<long long>(worst[0]), static_cast<long long>(worst[1]), static_cast<long long>(worst[2]));
    return 0;
}
