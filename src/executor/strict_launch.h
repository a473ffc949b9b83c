// Strict mode's part of the second phase (issue 14; runtime/strict.h, runtime/strict_memory.h): the launch
// of a planned operator works on the accessible aliases of strict device blocks, and its tensors' bytes are
// checked against the blocks' shadows where the kernel runs, in stream order: a read of never-written bytes
// by an input is an uninitialized-read, the outputs' bytes count as written after the run.
#pragma once

#include "executor/executor.h"
#include "runtime/runtime.h"

namespace aclcpu {

/// Wraps the stream task `inner` of a launch whose blocks the second phase has pinned: addrs[0 .. n) are
/// the run's addresses (record.tensors' data, then the workspace; nullptr: none) and blocks[0 .. n) their
/// blocks. Rewrites record's tensor data and workspace addresses that lie in strict blocks to their aliases
/// (MemBlock::Accessible), so the kernel never touches an inaccessible address, and returns the task to
/// enqueue instead: it checks the inputs' shadow, runs `inner` and marks the outputs written, then
/// releases the pins of the rewritten addresses (taken over from record.blocks, whose entries' pin it clears, so
/// that `inner` does not release them before the shadow is marked). Returns
/// `inner` unchanged when no address is in a strict block. `op_name` (static text) names the launching API in
/// reports. Throws std::bad_alloc like new.
rt::Task StrictWrapLaunch(LaunchRecord& record, const char* op_name, const void* const* addrs, const rt::Block* blocks,
                          int n, rt::Task inner);

/// Gives up a task StrictWrapLaunch returned that could not be enqueued: frees the wrapper (not the inner
/// task's context, and no pins: the caller releases them all as without strict mode). No-op for another task.
void StrictDropLaunch(rt::Task task);

}  // namespace aclcpu
