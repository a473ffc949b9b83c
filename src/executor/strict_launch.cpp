// Strict mode's part of the second phase (executor/strict_launch.h).
#include "executor/strict_launch.h"

#include <string>
#include <vector>

#include "runtime/strict.h"
#include "runtime/strict_memory.h"
#include "tensor/dtype.h"
#include "tensor/tensor.h"

namespace aclcpu {
namespace {

// One tensor of the launch that lies in a strict block.
struct Operand {
    void* strict;      // the block's shadow
    uintptr_t base;    // the block's base (handed-out address)
    const void* data;  // the tensor's data address (handed-out)
    bool input;
    bool dense;     // its view covers [lo, hi) exactly once: the whole range is checked at once
    size_t lo, hi;  // its byte range, as offsets from the block's base
    const char* name;
    std::vector<int64_t> shape, strides;  // elements; for a view with gaps, walked element by element
    int64_t offset;                       // elements
    size_t item;                          // bytes per element
};

struct Launch {
    rt::Task inner;
    const char* op;
    std::vector<Operand> operands;
    std::vector<rt::Block> pinned;  // the aliased blocks, whose pins this wrapper releases after marking them
};

// Calls fn(begin, end) for the byte ranges (offsets from the block's base) of a view's elements, a run of
// contiguous elements at a time along the innermost dimension when its stride is 1.
template <typename Fn>
void ForEachRun(const Operand& o, Fn fn) {
    const size_t rank = o.shape.size();
    const size_t data_off = reinterpret_cast<uintptr_t>(o.data) - o.base;
    if (rank == 0) {
        const size_t b = data_off + static_cast<size_t>(o.offset) * o.item;
        fn(b, b + o.item);
        return;
    }
    const int64_t inner = o.shape[rank - 1];
    const bool run = o.strides[rank - 1] == 1;
    std::vector<int64_t> idx(rank, 0);
    for (;;) {
        int64_t e = o.offset;
        for (size_t d = 0; d + 1 < rank; ++d) e += idx[d] * o.strides[d];
        if (run) {
            const size_t b = data_off + static_cast<size_t>(e) * o.item;
            fn(b, b + static_cast<size_t>(inner) * o.item);
        } else {
            for (int64_t k = 0; k < inner; ++k) {
                const size_t b = data_off + static_cast<size_t>(e + k * o.strides[rank - 1]) * o.item;
                fn(b, b + o.item);
            }
        }
        size_t d = rank - 1;
        for (;;) {
            if (d == 0) return;
            --d;
            if (++idx[d] < o.shape[d]) break;
            idx[d] = 0;
        }
    }
}

int RunStrict(void* ctx) {
    Launch* l = static_cast<Launch*>(ctx);
    for (const Operand& o : l->operands) {
        if (!o.input) continue;
        size_t missing = 0, first = 0;
        if (o.dense) {
            missing = StrictUnwritten(o.strict, o.lo, o.hi - o.lo, &first);
        } else {
            ForEachRun(o, [&](size_t b, size_t e) {
                size_t f = 0;
                const size_t m = StrictUnwritten(o.strict, b, e - b, &f);
                if (m != 0 && missing == 0) first = f;
                missing += m;
            });
        }
        if (missing == 0) continue;
        StrictReport(StrictKind::kUninitializedRead,
                     "%s reads its input %s at device address %p (%zu bytes), and %zu bytes of it (the first at byte "
                     "%zu of the block) were never written by a copy, a memset or a kernel: %s; they hold the "
                     "poison bytes 0xFF (NaN); write the tensor's memory (aclrtMemcpy, aclrtMemset or an "
                     "operator's output) before the launch",
                     l->op, o.name, o.data, o.hi - o.lo, missing, first, StrictBlockText(o.strict));
        StrictMarkWritten(o.strict, o.lo, o.hi - o.lo);  // reported once
    }
    const int ret = l->inner.run(l->inner.ctx);
    if (ret == 0) {
        for (const Operand& o : l->operands) {
            if (o.input) continue;
            if (o.dense) {
                StrictMarkWritten(o.strict, o.lo, o.hi - o.lo);
            } else {
                ForEachRun(o, [&](size_t b, size_t e) { StrictMarkWritten(o.strict, b, e - b); });
            }
        }
    }
    rt::UnpinPinned(l->pinned.data(), static_cast<int>(l->pinned.size()));
    delete l;
    return ret;
}

}  // namespace

rt::Task StrictWrapLaunch(LaunchRecord& record, const char* op_name, const void* const* addrs, const rt::Block* blocks,
                          int n, rt::Task inner) {
    bool any = false;
    for (int i = 0; i < n; ++i) any = any || (addrs[i] != nullptr && blocks[i].alias != 0);
    if (!any) return inner;
    Launch* l = new Launch();
    l->inner = inner;
    l->op = op_name;
    const int ntensors = static_cast<int>(record.tensors.size());
    for (int i = 0; i < n; ++i) {
        if (addrs[i] == nullptr || blocks[i].alias == 0) continue;
        // this pin is the wrapper's to release, after the shadow is marked (the launch's task skips it)
        l->pinned.push_back(blocks[i]);
        record.blocks[static_cast<size_t>(i)].pin = nullptr;
        if (i >= ntensors) {  // the workspace: the plan's own temporaries, written before they are read
            record.workspace = blocks[i].Accessible(record.workspace);
            continue;
        }
        aclTensor& t = record.tensors[i];
        uintptr_t lo, hi;
        ByteRange(t, &lo, &hi);
        Operand o;
        o.strict = blocks[i].strict;
        o.base = blocks[i].base;
        o.data = t.data;
        o.input = i < record.num_inputs;
        o.lo = lo - blocks[i].base;
        o.hi = hi - blocks[i].base;
        o.item = ItemSize(t.dtype);
        o.dense = static_cast<uint64_t>(t.numel) * o.item == hi - lo;
        o.name = record.tensor_names != nullptr ? record.tensor_names[i] : "tensor";
        if (!o.dense) {
            o.shape = t.view_shape;
            o.strides = t.strides;
        }
        o.offset = t.offset;
        l->operands.push_back(std::move(o));
        t.data = blocks[i].Accessible(t.data);
    }
    return rt::Task{&RunStrict, l, inner.short_run};
}

void StrictDropLaunch(rt::Task task) {
    if (task.run == &RunStrict) delete static_cast<Launch*>(task.ctx);
}

}  // namespace aclcpu
