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
    // The two strict-mode fields and the pin have no default initializer, so that an array of blocks (the second phase keeps
    // one per launch) costs what it did before them: every registry lookup (FindBlock, PinBlocks) and every
    // aggregate initialisation (MemBlock{base, size}, MemBlock{}) sets them.
    /// Strict mode (runtime/strict.h): where the library itself reads and writes the block, since the handed-out
    /// address `base` is not host-accessible there; 0 when base is accessible (strict mode off, host blocks).
    uintptr_t alias;
    /// Strict mode: the block's shadow state (runtime/strict_memory.h, opaque here), nullptr when off.
    void* strict;
    /// rt::PinBlocks: the registry entry the pin was taken on, so that rt::UnpinPinned releases it without
    /// looking the address up again (the entry stays while it is pinned: aclrtFree waits); nullptr otherwise.
    void* pin;

    /// The address through which the library accesses address p of this block (p itself unless aliased):
    /// the one translation of a device address into memory the library may touch.
    void* Accessible(const void* p) const {
        const uintptr_t a = reinterpret_cast<uintptr_t>(p);
        return reinterpret_cast<void*>(alias == 0 ? a : alias + (a - base));
    }

    /// Whether the n bytes starting at address p lie inside the block: base <= p and p + n <= base + size,
    /// computed without overflow (p near UINTPTR_MAX or n near SIZE_MAX never wraps into a false yes).
    /// n == 0 is inside when p is in [base, base + size] (the one-past-the-end pointer included).
    bool Holds(uintptr_t p, size_t n) const { return p >= base && p - base <= size && n <= size - (p - base); }
};

}  // namespace aclcpu
