// The one byte-range rule (common/mem_block.h), used by tensors, workspaces and copies: edges and wrap-around.
#include <cstdint>

#include <gtest/gtest.h>

#include "common/mem_block.h"

namespace {

using aclcpu::MemBlock;

TEST(MemBlock, HoldsExactlyTheBytesOfTheBlock) {
    const MemBlock b{0x1000, 256, 0, nullptr};
    EXPECT_TRUE(b.Holds(0x1000, 256));
    EXPECT_TRUE(b.Holds(0x1000, 0));
    EXPECT_TRUE(b.Holds(0x10ff, 1));
    EXPECT_TRUE(b.Holds(0x1100, 0));  // one past the end, empty
    EXPECT_FALSE(b.Holds(0x1000, 257));
    EXPECT_FALSE(b.Holds(0x10ff, 2));
    EXPECT_FALSE(b.Holds(0x1100, 1));
    EXPECT_FALSE(b.Holds(0x0fff, 1));
    EXPECT_FALSE(b.Holds(0x0fff, 0));
    EXPECT_FALSE(b.Holds(0x1101, 0));
}

TEST(MemBlock, NeverWrapsIntoAFalseYes) {
    const MemBlock b{0x1000, 256, 0, nullptr};
    EXPECT_FALSE(b.Holds(0x1010, SIZE_MAX));                // p + n wraps below the block's end
    EXPECT_FALSE(b.Holds(UINTPTR_MAX, 0x1080));            // p near the top, n brings it "back"
    EXPECT_FALSE(b.Holds(0x1010, SIZE_MAX - 0x1010 + 1));  // p + n == 0 exactly
    const MemBlock top{UINTPTR_MAX - 255, 255, 0, nullptr};  // a block ending at the top of the address space
    EXPECT_TRUE(top.Holds(UINTPTR_MAX - 255, 255));
    EXPECT_TRUE(top.Holds(UINTPTR_MAX, 0));
    EXPECT_FALSE(top.Holds(UINTPTR_MAX - 1, 2));
    const MemBlock empty{0x2000, 0, 0, nullptr};
    EXPECT_TRUE(empty.Holds(0x2000, 0));
    EXPECT_FALSE(empty.Holds(0x2000, 1));
}

}  // namespace
