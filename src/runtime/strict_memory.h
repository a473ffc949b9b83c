// Strict mode's device memory (runtime/strict.h): the host-access and uninitialized-read checks.
//
// A device block allocated while strict mode is on is two mappings: the address handed to the application
// (an inaccessible PROT_NONE reservation, so that any host load or store through it faults as it would on
// the hardware) and an alias that only the library's copies, memsets and kernels use (MemBlock::alias; the
// translation is MemBlock::Accessible). A SIGSEGV handler reports a fault inside a strict block's reservation
// as host-access with the block's address, size and allocation call, then lets the process die of SIGSEGV.
// Fresh memory is filled with 0xFF bytes: a NaN in every floating dtype (float32/16, bfloat16, float64), so a
// read of never-written memory shows in the results too. Each block keeps a shadow of which of its bytes have
// been written by a copy, a memset or a kernel; a kernel or device-to-host copy reading others is reported as
// uninitialized-read (a device-to-device copy carries the shadow along instead).
#pragma once

#include <cstddef>
#include <cstdint>

namespace aclcpu {
namespace rt {

struct StrictBlock;  // one strict device block (strict_memory.cpp)

/// Maps a strict block of `size` bytes (> 0) for `api` called from `site` (a return address, may be null):
/// an inaccessible reservation of *reserved bytes (page-rounded size plus one page, so that the one-past-the-end
/// address is inside it) at *base, and its accessible poisoned alias. nullptr when a mapping fails.
StrictBlock* NewStrictBlock(size_t size, const char* api, void* site, uintptr_t* base, size_t* reserved);

/// The block was freed (its reservation stays as the quarantine's): unmaps the alias; a host access through
/// the stale address is reported as a use after free.
void RetireStrictBlock(StrictBlock* b);

/// The reservation is about to be unmapped: forgets the block (the caller unmaps the reservation).
void FreeStrictBlock(StrictBlock* b);

/// The accessible alias of the block's base.
uintptr_t StrictAlias(const StrictBlock* b);

/// Installs the SIGSEGV handler (once per process; it reports host access to strict device blocks, and asks
/// StrictSyncHandleFault (strict_sync.h) about the protected aclrtMallocHost pages of pending tasks).
void InstallStrictFaultHandler();

}  // namespace rt

// Exported to libnnopbase (common/exports.h): the shadow operations of a kernel launch. `block` is a
// MemBlock::strict pointer; offsets and counts are bytes from the block's base.

/// Records that bytes [off, off + n) of the block now hold written data.
void StrictMarkWritten(void* block, size_t off, size_t n);

/// Bytes of [off, off + n) never written; *first = the offset of the first of them (when any).
size_t StrictUnwritten(void* block, size_t off, size_t n, size_t* first);

/// "device memory block 0x... of N bytes from aclrtMalloc called at <site>", for reports (static per block).
const char* StrictBlockText(void* block);

/// Copies the written/unwritten state of n bytes from src's [soff, ...) to dst's [doff, ...) (a
/// device-to-device copy of unwritten bytes carries their state, it does not use them).
void StrictCopyShadow(void* dst, size_t doff, void* src, size_t soff, size_t n);

}  // namespace aclcpu
