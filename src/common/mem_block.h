// A memory block handed out by the runtime (aclrtMalloc / aclrtMallocHost) and the one rule for byte ranges
// inside it. The runtime's memory registry (src/runtime/memory.cpp) owns the blocks; tensors (data address
// checks), executors (workspaces) and copies (aclrtMemcpy/aclrtMemset ranges) all ask Holds, so that the
// rule - and its wrap-around safety - lives here once. Header-only, no runtime state: the tensor layer uses it
// without including the runtime.
#pragma once

#include <cstddef>
#include <cstdint>

namespace aclcpu {

/// A registered block: `size` bytes (as requested, not the allocation's padding) starting at address `base`.
struct MemBlock {
    uintptr_t base = 0;
    size_t size = 0;

    /// Whether the n bytes starting at address p lie inside the block: base <= p and p + n <= base + size,
    /// computed without overflow (p near UINTPTR_MAX or n near SIZE_MAX never wraps into a false yes).
    /// n == 0 is inside when p is in [base, base + size] (the one-past-the-end pointer included).
    bool Holds(uintptr_t p, size_t n) const { return p >= base && p - base <= size && n <= size - (p - base); }
};

}  // namespace aclcpu
