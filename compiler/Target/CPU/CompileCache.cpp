//===- CompileCache.cpp - Compiled modules kept on disk -------------------===//

#include "compiler/Target/CPU/CompileCache.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SHA256.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <algorithm>
#include <cstdlib>
#include <dlfcn.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace oxla {
namespace {

constexpr uint64_t kDefaultMaxBytes = uint64_t(2) << 30;
constexpr llvm::StringLiteral kLibrarySuffix = ".so";
constexpr llvm::StringLiteral kChecksumSuffix = ".xxh128";

std::string hexDigest(llvm::ArrayRef<uint8_t> digest) {
  return llvm::toHex(digest, /*LowerCase=*/true);
}

/// XXH3's 128-bit hash: corruption is what it detects, not tampering, and
/// it reads a 100 MB entry in a few milliseconds (SHA-256 took a quarter
/// second, most of a cached compile).
std::string checksumOf(llvm::StringRef bytes) {
  llvm::XXH128_hash_t hash = llvm::xxh3_128bits(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()));
  return llvm::utohexstr(hash.high64, /*LowerCase=*/true, 16) +
         llvm::utohexstr(hash.low64, /*LowerCase=*/true, 16);
}

/// This oxla build: the binary that holds this code (the tool, or the
/// shared library of the C API), by path, size and modification time.
std::string buildIdentity() {
  Dl_info info;
  std::string identity = "oxla-build";
  if (dladdr(reinterpret_cast<void *>(&buildIdentity), &info) && info.dli_fname) {
    llvm::sys::fs::file_status status;
    identity += std::string(" ") + info.dli_fname;
    if (!llvm::sys::fs::status(info.dli_fname, status))
      identity += " " + std::to_string(status.getSize()) + " " +
                  std::to_string(status.getLastModificationTime().time_since_epoch().count());
  }
  return identity;
}

/// The host CPU and the features code generation may use.
std::string hostIdentity() {
  std::string identity = llvm::sys::getHostCPUName().str();
  std::vector<std::string> enabled;
  for (const auto &feature : llvm::sys::getHostCPUFeatures())
    if (feature.second)
      enabled.push_back(feature.first().str());
  std::sort(enabled.begin(), enabled.end());
  identity += " " + llvm::join(enabled, ",");
  return identity;
}

std::string defaultDirectory() {
  if (const char *xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    llvm::SmallString<256> path(xdg);
    llvm::sys::path::append(path, "oxla");
    return path.str().str();
  }
  llvm::SmallString<256> home;
  if (!llvm::sys::path::home_directory(home))
    return "";
  llvm::sys::path::append(home, ".cache", "oxla");
  return home.str().str();
}

} // namespace

CompileCache::CompileCache(std::string directory, uint64_t maxBytes)
    : directory_(std::move(directory)), maxBytes_(maxBytes) {}

std::optional<CompileCache> CompileCache::fromEnvironment() {
  std::string directory;
  if (const char *named = std::getenv("OXLA_CACHE_DIR")) {
    directory = named;
    if (directory.empty() || directory == "off" || directory == "0")
      return std::nullopt;
  } else {
    directory = defaultDirectory();
  }
  // A folder that cannot be made, or is a file, or cannot be written to:
  // no cache (create_directories succeeds on an existing file).
  if (directory.empty() || llvm::sys::fs::create_directories(directory) ||
      !llvm::sys::fs::is_directory(directory) ||
      llvm::sys::fs::access(directory, llvm::sys::fs::AccessMode::Write))
    return std::nullopt;
  uint64_t maxBytes = kDefaultMaxBytes;
  if (const char *limit = std::getenv("OXLA_CACHE_MAX_BYTES"))
    if (llvm::StringRef(limit).getAsInteger(10, maxBytes))
      maxBytes = kDefaultMaxBytes;
  return CompileCache(std::move(directory), maxBytes);
}

std::string CompileCache::environmentVariables() {
  std::string variables;
  for (char **entry = environ; *entry; ++entry) {
    llvm::StringRef variable(*entry);
    if (variable.starts_with("OXLA_") && !variable.starts_with("OXLA_CACHE_"))
      variables += variable.str() + "\n";
  }
  return variables;
}

std::string CompileCache::key(llvm::ArrayRef<llvm::StringRef> parts) {
  static const std::string environment =
      buildIdentity() + "\n" + LLVM_VERSION_STRING + "\n" + hostIdentity();
  llvm::SHA256 hasher;
  auto add = [&](llvm::StringRef part) {
    // Each part with its length: ("ab", "c") and ("a", "bc") differ.
    std::string length = std::to_string(part.size()) + ":";
    hasher.update(length);
    hasher.update(part);
  };
  add(environment);
  for (llvm::StringRef part : parts)
    add(part);
  std::array<uint8_t, 32> digest = hasher.final();
  return hexDigest(digest);
}

std::string CompileCache::entryPath(llvm::StringRef key) const {
  llvm::SmallString<256> path(directory_);
  llvm::sys::path::append(path, key + kLibrarySuffix);
  return path.str().str();
}

std::optional<std::string> CompileCache::lookup(llvm::StringRef key) const {
  std::string path = entryPath(key);
  std::string checksumPath = path + kChecksumSuffix.str();
  auto library = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false);
  if (!library)
    return std::nullopt;
  auto checksum = llvm::MemoryBuffer::getFile(checksumPath);
  if (!checksum || llvm::StringRef((*checksum)->getBuffer()).trim() !=
                       checksumOf((*library)->getBuffer())) {
    // Half written by a process that died, truncated or corrupted: compile
    // again (the insert replaces both files).
    llvm::sys::fs::remove(path);
    llvm::sys::fs::remove(checksumPath);
    return std::nullopt;
  }
  // Recently used: trim() removes the entries used longest ago first.
  utimensat(AT_FDCWD, path.c_str(), nullptr, 0);
  return path;
}

std::string CompileCache::temporaryPath(llvm::StringRef key) const {
  llvm::SmallString<256> path(directory_);
  llvm::sys::path::append(path, key + ".tmp" + std::to_string(llvm::sys::Process::getProcessId()) +
                                    kLibrarySuffix);
  return path.str().str();
}

std::optional<std::string> CompileCache::insert(llvm::StringRef key, llvm::StringRef written,
                                                std::string &error) const {
  auto library = llvm::MemoryBuffer::getFile(written, /*IsText=*/false,
                                             /*RequiresNullTerminator=*/false);
  if (!library) {
    error = "cannot read '" + written.str() + "': " + library.getError().message();
    return std::nullopt;
  }
  std::string path = entryPath(key);
  // The checksum first: a reader that finds the new library also finds its
  // checksum; one that finds an old library with the new checksum
  // recompiles.
  std::string checksumTemp = path + kChecksumSuffix.str() + ".tmp" +
                             std::to_string(llvm::sys::Process::getProcessId());
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(checksumTemp, ec);
    if (ec) {
      error = "cannot write '" + checksumTemp + "': " + ec.message();
      return std::nullopt;
    }
    os << checksumOf((*library)->getBuffer()) << "\n";
  }
  if (std::error_code ec = llvm::sys::fs::rename(checksumTemp, path + kChecksumSuffix.str())) {
    error = "cannot rename '" + checksumTemp + "': " + ec.message();
    llvm::sys::fs::remove(checksumTemp);
    return std::nullopt;
  }
  if (std::error_code ec = llvm::sys::fs::rename(written, path)) {
    error = "cannot rename '" + written.str() + "': " + ec.message();
    return std::nullopt;
  }
  trim(path);
  return path;
}

void CompileCache::trim(llvm::StringRef keep) const {
  struct Entry {
    std::string path;
    uint64_t bytes;
    llvm::sys::TimePoint<> used;
  };
  std::vector<Entry> entries;
  uint64_t total = 0;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(directory_, ec), end; it != end && !ec;
       it.increment(ec)) {
    llvm::StringRef path = it->path();
    if (!path.ends_with(kLibrarySuffix) || llvm::sys::path::filename(path).contains(".tmp"))
      continue;
    llvm::sys::fs::file_status status;
    if (llvm::sys::fs::status(path, status))
      continue;
    entries.push_back({path.str(), status.getSize(), status.getLastModificationTime()});
    total += status.getSize();
  }
  std::sort(entries.begin(), entries.end(),
            [](const Entry &a, const Entry &b) { return a.used < b.used; });
  for (const Entry &entry : entries) {
    if (total <= maxBytes_)
      break;
    if (entry.path == keep)
      continue;
    llvm::sys::fs::remove(entry.path);
    llvm::sys::fs::remove(entry.path + kChecksumSuffix.str());
    total -= entry.bytes;
  }
}

} // namespace oxla
