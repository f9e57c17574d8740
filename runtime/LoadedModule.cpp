//===- LoadedModule.cpp - An AOT module opened in this process ------------===//

#include "runtime/LoadedModule.h"

#include <dlfcn.h>
#include <elf.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

using namespace oxla::rt;

/// Checks that `path` is a whole x86-64 ELF shared library: dlopen maps its
/// segments as the headers say, and a segment past the end of a truncated
/// file faults (SIGBUS) when touched, deep inside the loader. Returns "" or
/// what is wrong.
static std::string checkSharedLibrary(const std::string &path) {
  // Reading a directory as a stream throws (EISDIR); other files that are
  // not regular (a FIFO) could block.
  struct stat status;
  if (::stat(path.c_str(), &status) != 0)
    return "cannot open " + path + ": " + std::strerror(errno);
  if (!S_ISREG(status.st_mode))
    return path + " is not a shared library (" +
           (S_ISDIR(status.st_mode) ? "a directory" : "not a regular file") + ")";
  std::ifstream file(path, std::ios::binary);
  if (!file)
    return "cannot open " + path + ": " + std::strerror(errno);
  std::vector<char> bytes((std::istreambuf_iterator<char>(file)),
                          std::istreambuf_iterator<char>());
  uint64_t size = bytes.size();
  auto corrupt = [&](const std::string &why) {
    return path + " is not a complete oxla module (a truncated or corrupt shared "
                  "library: " + why + ")";
  };
  Elf64_Ehdr header;
  if (size < sizeof header)
    return corrupt("it has " + std::to_string(size) + " bytes, fewer than an ELF header");
  std::memcpy(&header, bytes.data(), sizeof header);
  if (std::memcmp(header.e_ident, ELFMAG, SELFMAG) != 0)
    return path + " is not a shared library (no ELF header); oxla-run runs MLIR "
                  "programs and the modules oxla-compile writes";
  if (header.e_ident[EI_CLASS] != ELFCLASS64 || header.e_ident[EI_DATA] != ELFDATA2LSB ||
      header.e_type != ET_DYN || header.e_machine != EM_X86_64)
    return corrupt("not a 64-bit little-endian x86-64 shared object");
  // Does [offset, offset + length) lie within the file?
  auto within = [&](uint64_t offset, uint64_t length) {
    uint64_t end;
    return !__builtin_add_overflow(offset, length, &end) && end <= size;
  };
  if (header.e_phentsize != sizeof(Elf64_Phdr) ||
      !within(header.e_phoff, uint64_t(header.e_phnum) * sizeof(Elf64_Phdr)))
    return corrupt("the program headers lie outside the file");
  for (unsigned i = 0; i < header.e_phnum; ++i) {
    Elf64_Phdr segment;
    std::memcpy(&segment, bytes.data() + header.e_phoff + i * sizeof segment, sizeof segment);
    if (segment.p_filesz > segment.p_memsz && segment.p_type == PT_LOAD)
      return corrupt("segment " + std::to_string(i) + " has more file than memory bytes");
    if (!within(segment.p_offset, segment.p_filesz))
      return corrupt("segment " + std::to_string(i) + " ends at byte " +
                     std::to_string(segment.p_offset + segment.p_filesz) + ", the file has " +
                     std::to_string(size));
  }
  if (header.e_shoff != 0 &&
      (header.e_shentsize != sizeof(Elf64_Shdr) ||
       !within(header.e_shoff, uint64_t(header.e_shnum) * sizeof(Elf64_Shdr))))
    return corrupt("the section headers lie outside the file");
  return "";
}

std::unique_ptr<LoadedModule> LoadedModule::open(const std::string &path,
                                                 std::string &error) {
  error = checkSharedLibrary(path);
  if (!error.empty())
    return nullptr;
  // A path without a slash would be searched on the library path.
  std::string resolved = path.find('/') == std::string::npos ? "./" + path : path;
  void *handle = dlopen(resolved.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    error = dlerror();
    return nullptr;
  }
  auto *text = static_cast<const char *>(dlsym(handle, kMetadataSymbol));
  if (!text) {
    error = path + " is not an oxla module (no " + kMetadataSymbol + ")";
    dlclose(handle);
    return nullptr;
  }
  auto *digest = static_cast<const uint64_t *>(dlsym(handle, kMetadataDigestSymbol));
  if (!digest || *digest != metadataDigest(text)) {
    error = path + " is not a sound oxla module: its metadata " +
            (digest ? std::string("was changed after it was compiled (its digest does not "
                                  "match the one compiled into its code)")
                    : "has no digest (" + std::string(kMetadataDigestSymbol) +
                          "; written by an older oxla? compile it again)");
    dlclose(handle);
    return nullptr;
  }
  ModuleMetadata metadata;
  if (!ModuleMetadata::parse(text, metadata, error)) {
    error = path + ": " + error;
    dlclose(handle);
    return nullptr;
  }
  return std::unique_ptr<LoadedModule>(new LoadedModule(handle, std::move(metadata)));
}

LoadedModule::~LoadedModule() { dlclose(handle_); }

EntryFunction LoadedModule::entry(const std::string &name) const {
  return reinterpret_cast<EntryFunction>(
      dlsym(handle_, (std::string(kEntryPrefix) + name).c_str()));
}
