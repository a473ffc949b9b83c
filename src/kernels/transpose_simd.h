// Register-transposing tile stager for the tiled plans (elementwise.h): copies a tile of 4-byte elements
// that is contiguous along dim 1 (a transposed operand) into a buffer laid out along dim 0, with 8x8
// (256-bit vectors: AVX2, AVX-512) or 4x4 (128-bit vectors: SSE4, NEON) in-register transposes.
// Highway with runtime dispatch; a plain copy on targets without fixed-width vectors. Moves bits only.
#pragma once

#include <cstdint>

namespace aclcpu {
namespace kern {

/// Copies an m x rows tile of 4-byte elements, element (a, j) at byte `src + a * s0 + j * 4` (a < m along
/// dim 0, j < rows along dim 1), to `buf[j * pitch + a]` (pitch in elements, >= m). Any m, rows >= 0; src
/// needs 4-byte alignment only. The tile's source lines are read whole, one block of rows at a time.
void StageTransposed32(const char* src, int64_t s0, int64_t m, int64_t rows, int64_t pitch, uint32_t* buf);

}  // namespace kern
}  // namespace aclcpu
