//===- LoadedModule.h - An AOT module opened in this process --------------===//
#ifndef OXLA_RUNTIME_LOADEDMODULE_H
#define OXLA_RUNTIME_LOADEDMODULE_H

#include "runtime/ModuleMetadata.h"

#include <memory>
#include <string>

namespace oxla::rt {

/// `oxla_entry_<name>`: one memref descriptor pointer per argument, then
/// per result.
using EntryFunction = void (*)(void **);

/// A shared library written by `oxla-compile`, opened with dlopen. The
/// check routines it calls come from the loading process (the runtime).
class LoadedModule {
public:
  static std::unique_ptr<LoadedModule> open(const std::string &path, std::string &error);
  ~LoadedModule();
  LoadedModule(const LoadedModule &) = delete;
  LoadedModule &operator=(const LoadedModule &) = delete;

  const ModuleMetadata &metadata() const { return metadata_; }
  /// The entry function of `name`, or null.
  EntryFunction entry(const std::string &name) const;

private:
  LoadedModule(void *handle, ModuleMetadata metadata)
      : handle_(handle), metadata_(std::move(metadata)) {}
  void *handle_;
  ModuleMetadata metadata_;
};

} // namespace oxla::rt

#endif // OXLA_RUNTIME_LOADEDMODULE_H
