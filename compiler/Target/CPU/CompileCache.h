//===- CompileCache.h - Compiled modules kept on disk ---------------------===//
//
// A persistent cache of compiled programs, so that a second run of the same
// program does not compile at all (as JAX's compilation cache does). An
// entry is the shared library oxla-compile would write for the program
// (ModuleABI.h: code plus metadata), named by a key that hashes everything
// the code depends on: the program's bytes, the entry points and argument
// types it was specialized for, the options, the oxla build (the binary
// holding the compiler: its path, size and modification time), LLVM's
// version and the host CPU with its features.
//
// The cache lives in $OXLA_CACHE_DIR, else $XDG_CACHE_HOME/oxla, else
// ~/.cache/oxla; OXLA_CACHE_DIR=off (or an empty value) disables it. It
// holds at most $OXLA_CACHE_MAX_BYTES (default 2 GiB): after each insert the
// least recently used entries go. Entries are written to a temporary file
// and renamed into place, so concurrent processes never see half an entry;
// each has a checksum beside it (XXH3-128), and an entry whose bytes do not match (a
// truncated or corrupted file) is removed and compiled again.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_COMPILER_TARGET_CPU_COMPILECACHE_H
#define OXLA_COMPILER_TARGET_CPU_COMPILECACHE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace oxla {

class CompileCache {
public:
  /// The cache the environment names, or nothing when it is disabled or its
  /// directory cannot be created, is not a directory or cannot be written.
  static std::optional<CompileCache> fromEnvironment();

  explicit CompileCache(std::string directory, uint64_t maxBytes);

  /// The OXLA_* environment variables but the cache's own, one per line:
  /// part of a key, since they may change what the compiler does.
  static std::string environmentVariables();

  /// The key of a compilation: a hash of `parts` and of this oxla build,
  /// LLVM's version and the host CPU.
  static std::string key(llvm::ArrayRef<llvm::StringRef> parts);

  /// The path of the valid entry for `key`, or nothing. A hit marks the entry
  /// as recently used; a corrupted entry is removed.
  std::optional<std::string> lookup(llvm::StringRef key) const;

  /// Where to write a new entry's library before insert().
  std::string temporaryPath(llvm::StringRef key) const;

  /// Moves the library at `written` into the cache under `key` and trims
  /// the cache to its size. Returns the entry's path.
  std::optional<std::string> insert(llvm::StringRef key, llvm::StringRef written,
                                    std::string &error) const;

  const std::string &directory() const { return directory_; }

private:
  std::string entryPath(llvm::StringRef key) const;
  /// Removes the least recently used entries but `keep` until the cache
  /// holds at most its size.
  void trim(llvm::StringRef keep) const;

  std::string directory_;
  uint64_t maxBytes_;
};

} // namespace oxla

#endif // OXLA_COMPILER_TARGET_CPU_COMPILECACHE_H
