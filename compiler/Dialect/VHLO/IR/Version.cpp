//===- Version.cpp - StableHLO versions -----------------------------------===//

#include "compiler/Dialect/VHLO/IR/Version.h"

#include "llvm/ADT/SmallVector.h"

using namespace oxla::vhlo;

std::optional<Version> Version::parse(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef, 3> fields;
  text.split(fields, '.');
  if (fields.size() != 3)
    return std::nullopt;
  int64_t parsed[3];
  for (int i = 0; i < 3; ++i)
    if (fields[i].empty() || fields[i].getAsInteger(10, parsed[i]) || parsed[i] < 0)
      return std::nullopt;
  return Version(parsed[0], parsed[1], parsed[2]);
}

std::string Version::str() const {
  return std::to_string(major()) + "." + std::to_string(minor()) + "." + std::to_string(patch());
}
