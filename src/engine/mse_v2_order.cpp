#include "engine/mse_v2_order.h"

#include <algorithm>
#include <cstring>

#include "common/exports.h"

namespace aclcpu {
namespace engine {
namespace {

constexpr int64_t kLanes = 64;  // float32 lanes of a 256-byte vector register

int64_t CeilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
int64_t CeilAlign(int64_t a, int64_t b) { return CeilDiv(a, b) * b; }
int64_t FloorAlign(int64_t a, int64_t b) { return a / b * b; }

}  // namespace

float LevelTreeSum(const float* x, int64_t count) {
    if (count <= kLanes) return RegisterTreeSum(x, static_cast<int>(count));
    std::vector<float> level(static_cast<size_t>(CeilDiv(count, kLanes)));
    const float* src = x;
    int64_t len = count;
    while (len > kLanes) {
        const int64_t reps = CeilDiv(len, kLanes);
        for (int64_t j = 0; j < reps; ++j) {
            const int64_t m = std::min(kLanes, len - j * kLanes);
            level[static_cast<size_t>(j)] =
                RegisterTreeSum(src + j * kLanes, static_cast<int>(m));  // j*64 >= j: in-place safe
        }
        src = level.data();
        len = reps;
    }
    return RegisterTreeSum(src, static_cast<int>(len));
}

float Arch35ReduceSum(const float* x, int64_t count) {
    if (count <= kLanes) return RegisterTreeSum(x, static_cast<int>(count));
    if (count > 4 * kLanes) return LevelTreeSum(x, count);
    float v[4][kLanes] = {};
    for (int64_t i = 0; i < count; ++i) v[i / kLanes][i % kLanes] = x[i];
    float a[kLanes];
    if (count <= 2 * kLanes) {
        for (int64_t i = 0; i < kLanes; ++i) a[i] = v[0][i] + v[1][i];
    } else if (count <= 3 * kLanes) {
        for (int64_t i = 0; i < kLanes; ++i) a[i] = (v[0][i] + v[1][i]) + v[2][i];
    } else {
        for (int64_t i = 0; i < kLanes; ++i) a[i] = (v[0][i] + v[1][i]) + (v[2][i] + v[3][i]);
    }
    return RegisterTreeSum(a, kLanes);
}

float A2ReduceSum(const float* x, int64_t count) {
    float acc = RegisterTreeSum(x, static_cast<int>(std::min(count, kLanes)));
    for (int64_t j = kLanes; j < count; j += kLanes) {
        acc = acc + RegisterTreeSum(x + j, static_cast<int>(std::min(kLanes, count - j)));
    }
    return acc;
}

Arch35MseV2Tiling TileArch35MseV2(int64_t n, const MseV2Hardware& hw) {
    constexpr int64_t kUbBlock = 32;       // GetUbBlockSize (bytes), used as an element count
    constexpr int64_t kCompareAlign = 64;  // 256 / sizeof(float)
    Arch35MseV2Tiling t;
    t.n = n;
    t.block_factor = CeilAlign(CeilDiv(n, hw.aiv_cores), kUbBlock);
    t.used_cores = CeilDiv(n, t.block_factor);
    const int64_t buffer_num = n > 1024 ? 10 : 7;
    t.ub_factor = FloorAlign((hw.ub_bytes / 4) / buffer_num, std::max(kUbBlock, kCompareAlign));
    return t;
}

float Arch35CorePartial(const Arch35MseV2Tiling& t, int64_t core, const ValueSource& values, float* buf) {
    const int64_t start = core * t.block_factor;
    const int64_t len = std::min(t.n - start, t.block_factor);
    float partial = 0.0f;
    for (int64_t k = 0; k * t.ub_factor < len; ++k) {
        const int64_t cur = std::min(t.ub_factor, len - k * t.ub_factor);
        values.Fill(start + k * t.ub_factor, cur, buf);
        partial = partial + Arch35ReduceSum(buf, cur);
    }
    return partial;
}

float KahanSum(const float* partials, int64_t n) {
    float total = 0.0f, comp = 0.0f;
    for (int64_t i = 0; i < n; ++i) {
        const float y = partials[i] - comp;
        const float s = total + y;
        comp = (s - total) - y;
        total = s;
    }
    return total;
}

float Arch35MseV2Total(int64_t n, const MseV2Hardware& hw, bool mean, const ValueSource& values) {
    const Arch35MseV2Tiling t = TileArch35MseV2(n, hw);
    std::vector<float> buf(static_cast<size_t>(t.ub_factor)), partials(static_cast<size_t>(t.used_cores));
    for (int64_t c = 0; c < t.used_cores; ++c)
        partials[static_cast<size_t>(c)] = Arch35CorePartial(t, c, values, buf.data());
    const float total = KahanSum(partials.data(), t.used_cores);
    return mean ? total / static_cast<float>(n) : total;
}

AscendCMseV2Tiling TileAscendCMseV2(int64_t n, int item_bytes, const MseV2Hardware& hw) {
    constexpr int64_t kBlockBytes = 32, kBlocksPerCore = 4096 / 32, kCastBuffers = 4, kInQues = 2;
    AscendCMseV2Tiling t;
    t.n = n;
    t.elems = kBlockBytes / item_bytes;
    t.scale = static_cast<float>(1.0 / static_cast<double>(n));
    const int64_t total_blocks = n / t.elems;
    t.tail_elems = n % t.elems;
    int64_t cores = hw.aiv_cores;
    if (total_blocks < cores * kBlocksPerCore) cores = CeilDiv(total_blocks, kBlocksPerCore);
    if (cores == 0) cores = 1;
    t.core_num = cores;
    t.block_per_core = total_blocks / cores;
    t.tail_blocks = total_blocks % cores;
    // UBSplit for sum/mean: one 32-byte block per core (+1) reserved; two input queues of bufferNum tiles,
    // plus four float32 cast buffers for the 2-byte dtypes.
    const int64_t usable = (hw.ub_bytes - kBlockBytes * (cores + 1)) / kBlockBytes;
    auto block_per_que = [&](int64_t buffers) {
        return item_bytes == 4 ? usable / (kInQues * buffers) : usable / (kInQues * buffers + kCastBuffers);
    };
    t.buffer_num = 1;
    int64_t bpq = block_per_que(1);
    if (t.block_per_core / bpq > 1) {
        t.buffer_num = 2;
        bpq = block_per_que(2);
    }
    t.tile_length = bpq * t.elems;
    t.epochs = t.block_per_core / bpq;
    t.tail_tile_length = (t.block_per_core % bpq) * t.elems;
    const int64_t last_blocks = t.block_per_core + t.tail_blocks;
    t.epochs_last = last_blocks / bpq;
    t.tail_tile_length_last = (last_blocks % bpq) * t.elems;
    return t;
}

void BisectFold(float* q, int64_t L, float scale, float acc[8]) {
    while (L > 8) {
        const int64_t off = ((L + 15) >> 4) << 3;  // ceil(ceil(L / 8) / 2) * 8
        for (int64_t i = 0; i < L - off; ++i) q[i] = q[i] + q[i + off];
        L = off;
    }
    for (int64_t i = 0; i < L; ++i) q[i] = q[i] * scale;
    for (int64_t i = 0; i < L; ++i) acc[i] = q[i] + acc[i];
}

void AscendCCoreLanes(const AscendCMseV2Tiling& t, int64_t core, bool mean, const ValueSource& values, float* buf,
                      float acc[8]) {
    for (int i = 0; i < 8; ++i) acc[i] = 0.0f;
    const bool last = core == t.core_num - 1;
    const int64_t offset = core * t.block_per_core * t.elems;
    const int64_t epochs = last ? t.epochs_last : t.epochs;
    const int64_t tail = last ? t.tail_tile_length_last : t.tail_tile_length;
    const float scale = mean ? t.scale : 1.0f;
    for (int64_t i = 0; i < epochs; ++i) {
        values.Fill(offset + i * t.tile_length, t.tile_length, buf);
        BisectFold(buf, t.tile_length, scale, acc);
    }
    const int64_t tail_len = last && t.tail_elems ? tail + t.tail_elems : tail;
    if (tail_len > 0) {
        values.Fill(offset + epochs * t.tile_length, tail_len, buf);
        BisectFold(buf, tail_len, scale, acc);
    }
}

float AscendCFinalSum(const float* lanes, int64_t count, bool is_310p) {
    return is_310p ? LevelTreeSum(lanes, count) : A2ReduceSum(lanes, count);
}

float AscendCMseV2Total(int64_t n, int item_bytes, const MseV2Hardware& hw, bool mean, bool is_310p,
                        const ValueSource& values) {
    const AscendCMseV2Tiling t = TileAscendCMseV2(n, item_bytes, hw);
    std::vector<float> buf(static_cast<size_t>(t.tile_length + 16)), lanes(static_cast<size_t>(t.core_num * 8));
    for (int64_t c = 0; c < t.core_num; ++c)
        AscendCCoreLanes(t, c, mean, values, buf.data(), &lanes[static_cast<size_t>(c * 8)]);
    return AscendCFinalSum(lanes.data(), t.core_num * 8, is_310p);
}

MseV2Arch35Order::MseV2Arch35Order(int64_t n, const MseV2Hardware& hw, bool mean)
    : t_(TileArch35MseV2(n, hw)), mean_(mean) {}

int64_t MseV2Arch35Order::Parts() const { return t_.used_cores; }

void MseV2Arch35Order::PartRange(int64_t part, int64_t* begin, int64_t* end) const {
    *begin = part * t_.block_factor;
    *end = std::min(t_.n, *begin + t_.block_factor);
}

int64_t MseV2Arch35Order::ScratchFloats() const { return t_.ub_factor; }

float MseV2Arch35Order::ReducePart(int64_t part, const ValueSource& values, float* scratch) const {
    return Arch35CorePartial(t_, part, values, scratch);
}

float MseV2Arch35Order::Combine(float* partials, int64_t parts) const {
    const float total = KahanSum(partials, parts);
    return mean_ ? total / static_cast<float>(t_.n) : total;
}

MseV2AscendCOrder::MseV2AscendCOrder(int64_t n, int item_bytes, const MseV2Hardware& hw, bool mean, bool is_310p)
    : t_(TileAscendCMseV2(n, item_bytes, hw)), mean_(mean), is_310p_(is_310p) {}

int64_t MseV2AscendCOrder::Parts() const { return t_.core_num; }

void MseV2AscendCOrder::PartRange(int64_t part, int64_t* begin, int64_t* end) const {
    *begin = part * t_.block_per_core * t_.elems;
    *end = part == t_.core_num - 1 ? t_.n : *begin + t_.block_per_core * t_.elems;
}

int64_t MseV2AscendCOrder::ScratchFloats() const { return t_.tile_length + 16 + 8; }

float MseV2AscendCOrder::ReducePart(int64_t part, const ValueSource& values, float* scratch) const {
    float* lanes = scratch + t_.tile_length + 16;
    AscendCCoreLanes(t_, part, mean_, values, scratch, lanes);
    return RegisterTreeSum(lanes, 8);
}

float MseV2AscendCOrder::Combine(float* partials, int64_t parts) const {
    constexpr int64_t kCoresPerRepeat = kLanes / 8;
    const int64_t reps = (parts + kCoresPerRepeat - 1) / kCoresPerRepeat;
    for (int64_t j = 0; j < reps; ++j) {  // j * 8 >= j: the results overwrite only values already read
        const int64_t m = std::min(kCoresPerRepeat, parts - j * kCoresPerRepeat);
        partials[j] = RegisterTreeSum(partials + j * kCoresPerRepeat, static_cast<int>(m));
    }
    if (is_310p_) return LevelTreeSum(partials, reps);
    float acc = partials[0];
    for (int64_t j = 1; j < reps; ++j) acc = acc + partials[j];
    return acc;
}

std::shared_ptr<const ReduceOrder> MakeMseV2Order(MseV2Order kind, int64_t n, int item_bytes, bool mean) {
    switch (kind) {
        case MseV2Order::kA2:
            return std::make_shared<MseV2AscendCOrder>(n, item_bytes, kHwA2, mean, false);
        case MseV2Order::k310P:
            return std::make_shared<MseV2AscendCOrder>(n, item_bytes, kHw310P, mean, true);
        default:
            return std::make_shared<MseV2Arch35Order>(n, kHw950, mean);
    }
}

}  // namespace engine
}  // namespace aclcpu
