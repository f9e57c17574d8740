//===- BytecodeStructure.cpp - Counts in MLIR bytecode, checked first -----===//
//
// MLIR 19's bytecode reader trusts several counts in the file: it sizes
// tables by them before reading the entries (a corrupt string, dialect or
// value count asks for terabytes), creates that many blocks (a corrupt block
// count runs for hours), and fills the attribute and type table group by
// group without checking that a group fits (a corrupt group size writes past
// the table). This walk reads the same structure without building anything
// and rejects a count that the bytes after it cannot hold: every entry it
// counts takes at least one byte. It follows the encoding of bytecode
// versions 0 to 6 (mlir/Bytecode/Encoding.h); what it cannot decode it
// reports too, since the reader would fail there as well.
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/VHLO/Transforms/BytecodeStructure.h"

#include "mlir/Bytecode/Encoding.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <memory>
#include <optional>

using namespace mlir;
namespace bc = mlir::bytecode;

namespace {

/// Why the walk stopped.
struct Malformed {
  std::string reason;
};

/// Reads the primitive encodings of one section (or of the whole file).
class Reader {
public:
  explicit Reader(llvm::ArrayRef<uint8_t> data) : data(data) {}

  size_t remaining() const { return data.size() - offset; }
  bool empty() const { return remaining() == 0; }

  std::optional<Malformed> byte(uint8_t &value) {
    if (empty())
      return Malformed{"the data ends early"};
    value = data[offset++];
    return std::nullopt;
  }

  std::optional<Malformed> bytes(size_t count, llvm::ArrayRef<uint8_t> &out) {
    if (count > remaining())
      return Malformed{"the data ends early"};
    out = data.slice(offset, count);
    offset += count;
    return std::nullopt;
  }

  /// MLIR's prefix varint: the trailing zeros of the first byte count the
  /// bytes that follow (8 when the first byte is zero).
  std::optional<Malformed> varint(uint64_t &value) {
    uint8_t head;
    if (auto error = byte(head))
      return error;
    if (head & 1) {
      value = head >> 1;
      return std::nullopt;
    }
    unsigned extra = head == 0 ? 8 : llvm::countr_zero(head);
    llvm::ArrayRef<uint8_t> rest;
    if (auto error = bytes(extra, rest))
      return error;
    if (head == 0) {
      value = 0;
      for (unsigned i = 0; i < 8; ++i)
        value |= uint64_t(rest[i]) << (8 * i);
      return std::nullopt;
    }
    uint64_t raw = head;
    for (unsigned i = 0; i < extra; ++i)
      raw |= uint64_t(rest[i]) << (8 * (i + 1));
    value = raw >> (extra + 1);
    return std::nullopt;
  }

  std::optional<Malformed> varintWithFlag(uint64_t &value, bool &flag) {
    if (auto error = varint(value))
      return error;
    flag = value & 1;
    value >>= 1;
    return std::nullopt;
  }

  /// A count of entries that each take at least one more byte.
  std::optional<Malformed> count(uint64_t &value, const char *what) {
    if (auto error = varint(value))
      return error;
    if (value > remaining())
      return Malformed{std::string("a count of ") + what + " (" +
                       std::to_string(value) + ") larger than the " +
                       std::to_string(remaining()) + " bytes that follow"};
    return std::nullopt;
  }

  std::optional<Malformed> skipVarints(uint64_t n) {
    uint64_t ignored;
    for (uint64_t i = 0; i < n; ++i)
      if (auto error = varint(ignored))
        return error;
    return std::nullopt;
  }

  std::optional<Malformed> string() {
    while (true) {
      uint8_t c;
      if (auto error = byte(c))
        return error;
      if (c == 0)
        return std::nullopt;
    }
  }

  /// A section: id (high bit: aligned), length, alignment padding, data.
  std::optional<Malformed> section(uint8_t &id, llvm::ArrayRef<uint8_t> &out) {
    uint8_t idAndAligned;
    uint64_t length;
    if (auto error = byte(idAndAligned))
      return error;
    if (auto error = varint(length))
      return error;
    id = idAndAligned & 0x7F;
    if (id >= bc::Section::kNumSections)
      return Malformed{"an unknown section id " + std::to_string(id)};
    if (idAndAligned & 0x80) {
      uint64_t alignment;
      if (auto error = varint(alignment))
        return error;
      if (!llvm::isPowerOf2_64(alignment) || alignment > 4096)
        return Malformed{"an invalid section alignment"};
      uintptr_t address = reinterpret_cast<uintptr_t>(data.data() + offset);
      uint64_t padding = llvm::alignTo(address, alignment) - address;
      llvm::ArrayRef<uint8_t> pad;
      if (auto error = bytes(padding, pad))
        return error;
    }
    return bytes(length, out);
  }

private:
  llvm::ArrayRef<uint8_t> data;
  size_t offset = 0;
};

/// The part of the IR section's encoding that holds counts.
class IRWalk {
public:
  IRWalk(uint64_t version) : version(version) {}

  std::optional<Malformed> walk(llvm::ArrayRef<uint8_t> ir) {
    Reader top(ir);
    frames.push_back(Frame{&top, nullptr, 0, 0, 0});
    // The reader defines the top-level block's arguments before it has a
    // scope for values to live in.
    if (auto error = blockHeader(frames.back(), /*topLevel=*/true))
      return error;
    while (!frames.empty()) {
      Frame &frame = frames.back();
      if (frame.opsLeft) {
        --frame.opsLeft;
        if (auto error = operation(frame))
          return error;
      } else if (frame.blocksLeft) {
        --frame.blocksLeft;
        if (auto error = blockHeader(frame))
          return error;
      } else if (frame.regionsLeft) {
        --frame.regionsLeft;
        if (auto error = region(frame))
          return error;
      } else {
        frames.pop_back();
      }
    }
    return std::nullopt;
  }

private:
  struct Frame {
    Reader *reader;
    std::unique_ptr<Reader> owned; // an isolated region's own section
    uint64_t regionsLeft, blocksLeft, opsLeft;
  };

  std::optional<Malformed> useListOrders(Reader &reader, uint64_t numValues) {
    uint64_t ranges = 1, ignored;
    if (numValues > 1)
      if (auto error = reader.count(ranges, "use-list orders"))
        return error;
    for (uint64_t i = 0; i < ranges; ++i) {
      if (numValues > 1)
        if (auto error = reader.varint(ignored))
          return error;
      uint64_t uses;
      bool pairs;
      if (auto error = reader.varintWithFlag(uses, pairs))
        return error;
      if (uses > reader.remaining())
        return Malformed{"a use-list order longer than the data"};
      if (auto error = reader.skipVarints(uses))
        return error;
    }
    return std::nullopt;
  }

  std::optional<Malformed> blockHeader(Frame &frame, bool topLevel = false) {
    Reader &reader = *frame.reader;
    bool hasArgs;
    if (auto error = reader.varintWithFlag(frame.opsLeft, hasArgs))
      return error;
    if (hasArgs && topLevel)
      return Malformed{"arguments on the top-level block"};
    if (frame.opsLeft > reader.remaining())
      return Malformed{"a block with more operations than bytes"};
    uint64_t numArgs = 0;
    if (hasArgs) {
      if (auto error = reader.count(numArgs, "block arguments"))
        return error;
      for (uint64_t i = 0; i < numArgs; ++i) {
        uint64_t type;
        bool hasLoc = true;
        if (version >= bc::kElideUnknownBlockArgLocation) {
          if (auto error = reader.varintWithFlag(type, hasLoc))
            return error;
        } else if (auto error = reader.varint(type)) {
          return error;
        }
        if (hasLoc)
          if (auto error = reader.skipVarints(1))
            return error;
      }
    }
    if (version < bc::kUseListOrdering || !hasArgs)
      return std::nullopt;
    uint8_t hasOrders;
    if (auto error = reader.byte(hasOrders))
      return error;
    return hasOrders ? useListOrders(reader, numArgs) : std::nullopt;
  }

  std::optional<Malformed> region(Frame &frame) {
    Reader &reader = *frame.reader;
    uint64_t numBlocks, numValues;
    if (auto error = reader.count(numBlocks, "blocks"))
      return error;
    if (numBlocks == 0)
      return std::nullopt;
    if (auto error = reader.count(numValues, "values"))
      return error;
    frame.blocksLeft = numBlocks - 1;
    return blockHeader(frame);
  }

  std::optional<Malformed> operation(Frame &frame) {
    Reader &reader = *frame.reader;
    uint64_t ignored, n;
    uint8_t mask;
    if (auto error = reader.varint(ignored)) // name
      return error;
    if (auto error = reader.byte(mask))
      return error;
    if (auto error = reader.varint(ignored)) // location
      return error;
    if (mask & bc::OpEncodingMask::kHasAttrs)
      if (auto error = reader.varint(ignored))
        return error;
    if (mask & bc::OpEncodingMask::kHasProperties)
      if (auto error = reader.varint(ignored))
        return error;
    uint64_t numResults = 0;
    for (uint8_t list : {bc::OpEncodingMask::kHasResults,
                         bc::OpEncodingMask::kHasOperands,
                         bc::OpEncodingMask::kHasSuccessors}) {
      if (!(mask & list))
        continue;
      if (auto error = reader.count(n, "results, operands or successors"))
        return error;
      if (list == bc::OpEncodingMask::kHasResults)
        numResults = n;
      if (auto error = reader.skipVarints(n))
        return error;
    }
    if (version >= bc::kUseListOrdering &&
        (mask & bc::OpEncodingMask::kHasUseListOrders))
      if (auto error = useListOrders(reader, numResults))
        return error;
    if (!(mask & bc::OpEncodingMask::kHasInlineRegions))
      return std::nullopt;
    bool isolated;
    if (auto error = reader.varintWithFlag(n, isolated))
      return error;
    if (n > reader.remaining())
      return Malformed{"an operation with more regions than bytes"};
    if (n == 0)
      return std::nullopt;
    Frame child{&reader, nullptr, n, 0, 0};
    if (isolated && version >= bc::kLazyLoading) {
      uint8_t id;
      llvm::ArrayRef<uint8_t> data;
      if (auto error = reader.section(id, data))
        return error;
      if (id != bc::Section::kIR)
        return Malformed{"an isolated region outside an IR section"};
      child.owned = std::make_unique<Reader>(data);
      child.reader = child.owned.get();
    }
    frames.push_back(std::move(child));
    return std::nullopt;
  }

  uint64_t version;
  llvm::SmallVector<Frame> frames;
};

/// Groups of entries by dialect: dialect index, entry count, entries.
std::optional<Malformed>
dialectGroups(Reader &reader, uint64_t numDialects, uint64_t numEntries,
              llvm::function_ref<std::optional<Malformed>()> entry) {
  for (uint64_t done = 0; done < numEntries;) {
    uint64_t dialect, inGroup;
    if (auto error = reader.varint(dialect))
      return error;
    if (dialect >= numDialects)
      return Malformed{"an invalid dialect index"};
    if (auto error = reader.varint(inGroup))
      return error;
    if (inGroup > numEntries - done)
      return Malformed{"a dialect group with more entries than the table"};
    for (uint64_t i = 0; i < inGroup; ++i)
      if (auto error = entry())
        return error;
    done += inGroup;
  }
  return std::nullopt;
}

std::optional<Malformed> checkStructure(llvm::ArrayRef<uint8_t> file) {
  Reader reader(file);
  llvm::ArrayRef<uint8_t> magic;
  uint64_t version;
  if (auto error = reader.bytes(4, magic))
    return error;
  if (auto error = reader.varint(version))
    return error;
  if (version > bc::kVersion)
    return std::nullopt; // The reader says which versions it reads.
  if (auto error = reader.string())
    return error;

  std::optional<llvm::ArrayRef<uint8_t>> sections[bc::Section::kNumSections];
  while (!reader.empty()) {
    uint8_t id;
    llvm::ArrayRef<uint8_t> data;
    if (auto error = reader.section(id, data))
      return error;
    sections[id] = data;
  }
  for (uint8_t id : {bc::Section::kString, bc::Section::kDialect,
                     bc::Section::kAttrType, bc::Section::kAttrTypeOffset,
                     bc::Section::kIR})
    if (!sections[id])
      return std::nullopt; // The reader reports the missing section.

  // The string table: sizes (each with its terminating NUL), then the data.
  uint64_t n;
  Reader strings(*sections[bc::Section::kString]);
  if (auto error = strings.count(n, "strings"))
    return error;
  uint64_t total = 0;
  for (uint64_t i = 0; i < n; ++i) {
    uint64_t size;
    if (auto error = strings.varint(size))
      return error;
    if (size == 0)
      return Malformed{"a string without its terminating NUL"};
    total += std::min<uint64_t>(size, file.size());
  }
  if (total > strings.remaining())
    return Malformed{"strings longer than their section"};

  if (sections[bc::Section::kProperties]) {
    Reader properties(*sections[bc::Section::kProperties]);
    if (auto error = properties.count(n, "properties"))
      return error;
  }

  Reader dialects(*sections[bc::Section::kDialect]);
  uint64_t numDialects;
  if (auto error = dialects.count(numDialects, "dialects"))
    return error;
  for (uint64_t i = 0; i < numDialects; ++i) {
    uint64_t name;
    bool hasVersion = false;
    if (version < bc::kDialectVersioning) {
      if (auto error = dialects.varint(name))
        return error;
    } else if (auto error = dialects.varintWithFlag(name, hasVersion)) {
      return error;
    }
    if (hasVersion) {
      uint8_t id;
      llvm::ArrayRef<uint8_t> data;
      if (auto error = dialects.section(id, data))
        return error;
    }
  }
  if (version >= bc::kElideUnknownBlockArgLocation)
    if (auto error = dialects.count(n, "operation names"))
      return error;

  Reader offsets(*sections[bc::Section::kAttrTypeOffset]);
  uint64_t numAttributes, numTypes;
  if (auto error = offsets.varint(numAttributes))
    return error;
  if (auto error = offsets.varint(numTypes))
    return error;
  if (numAttributes > offsets.remaining() ||
      numTypes > offsets.remaining() - numAttributes)
    return Malformed{"more attributes and types than the offset table holds"};
  uint64_t dataSize = sections[bc::Section::kAttrType]->size(), used = 0;
  auto entry = [&]() -> std::optional<Malformed> {
    uint64_t size;
    bool custom;
    if (auto error = offsets.varintWithFlag(size, custom))
      return error;
    if (size > dataSize - used)
      return Malformed{"an attribute or type past the end of its section"};
    used += size;
    return std::nullopt;
  };
  if (auto error = dialectGroups(offsets, numDialects, numAttributes, entry))
    return error;
  if (auto error = dialectGroups(offsets, numDialects, numTypes, entry))
    return error;

  return IRWalk(version).walk(*sections[bc::Section::kIR]);
}

} // namespace

std::optional<std::string>
oxla::vhlo::findUnreadableBytecode(llvm::StringRef buffer) {
  llvm::ArrayRef<uint8_t> bytes(
      reinterpret_cast<const uint8_t *>(buffer.data()), buffer.size());
  if (std::optional<Malformed> error = checkStructure(bytes))
    return error->reason;
  return std::nullopt;
}

std::string oxla::vhlo::bytecodeProducerNote(llvm::StringRef buffer) {
  llvm::ArrayRef<uint8_t> bytes(
      reinterpret_cast<const uint8_t *>(buffer.data()), buffer.size());
  Reader reader(bytes);
  llvm::ArrayRef<uint8_t> magic;
  uint64_t version;
  if (reader.bytes(4, magic) || reader.varint(version))
    return "";
  size_t start = 4 + (bytes.size() - 4 - reader.remaining());
  if (reader.string())
    return "";
  llvm::StringRef producer = buffer.substr(start).split('\0').first;
  return "in bytecode version " + std::to_string(version) + " produced by: " + producer.str();
}
