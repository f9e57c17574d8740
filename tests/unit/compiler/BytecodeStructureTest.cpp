// The counts that MLIR 19's bytecode reader trusts are checked against the
// bytes that follow them; well-formed files pass. Files are built by hand
// from the encoding (mlir/Bytecode/Encoding.h): one-byte varints are
// (value << 1) | 1, sections are id, length, data.

#include "compiler/Dialect/VHLO/Transforms/BytecodeStructure.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

using oxla::vhlo::findUnreadableBytecode;

namespace {

/// A one-byte varint (values below 128).
uint8_t v(unsigned value) { return static_cast<uint8_t>(value << 1 | 1); }

/// A bytecode file of version 6 with the given section contents.
class File {
public:
  File &section(uint8_t id, std::initializer_list<uint8_t> data) {
    sections.push_back(id);
    sections.push_back(v(data.size()));
    sections.insert(sections.end(), data);
    return *this;
  }
  std::optional<std::string> check() const {
    std::string bytes = "ML\xefR";
    bytes += static_cast<char>(v(6));
    bytes += std::string("test", 5); // producer, null-terminated
    bytes.append(sections.begin(), sections.end());
    return findUnreadableBytecode(bytes);
  }

private:
  std::vector<uint8_t> sections;
};

/// Strings, one dialect without ops, no attributes or types, and `ir`.
File withIR(std::initializer_list<uint8_t> ir) {
  File file;
  file.section(0, {v(0)})
      .section(1, {v(1), v(0), v(0)})
      .section(2, {})
      .section(3, {v(0), v(0)})
      .section(4, ir);
  return file;
}

TEST(BytecodeStructure, AcceptsWellFormedFiles) {
  // An empty top-level block.
  EXPECT_EQ(withIR({v(0)}).check(), std::nullopt);
  // One op with one region of one empty block.
  EXPECT_EQ(withIR({v(1 << 1), v(0), 0x10, v(0), v(1 << 1), v(1), v(0),
                    v(0)})
                .check(),
            std::nullopt);
}

TEST(BytecodeStructure, RejectsTruncatedFiles) {
  std::optional<std::string> reason =
      findUnreadableBytecode(std::string("ML\xefR\x0d", 5));
  ASSERT_TRUE(reason);
  EXPECT_EQ(*reason, "the data ends early");
}

TEST(BytecodeStructure, RejectsCountsLargerThanTheirData) {
  File strings;
  strings.section(0, {v(100)})
      .section(1, {v(0), v(0)})
      .section(2, {})
      .section(3, {v(0), v(0)})
      .section(4, {v(0)});
  ASSERT_TRUE(strings.check());
  EXPECT_EQ(*strings.check(),
            "a count of strings (100) larger than the 0 bytes that follow");

  // An op with one region that claims 100 blocks.
  std::optional<std::string> blocks =
      withIR({v(1 << 1), v(0), 0x10, v(0), v(1 << 1), v(100)}).check();
  ASSERT_TRUE(blocks);
  EXPECT_EQ(*blocks,
            "a count of blocks (100) larger than the 0 bytes that follow");
}

TEST(BytecodeStructure, RejectsAttributeGroupsLargerThanTheTable) {
  // One attribute in the table, but a group of five.
  File file;
  file.section(0, {v(0)})
      .section(1, {v(1), v(0), v(0)})
      .section(2, {0, 0, 0, 0, 0})
      .section(3, {v(1), v(0), v(0), v(5), v(1), v(1), v(1), v(1), v(1)})
      .section(4, {v(0)});
  std::optional<std::string> reason = file.check();
  ASSERT_TRUE(reason);
  EXPECT_EQ(*reason, "a dialect group with more entries than the table");
}

} // namespace
