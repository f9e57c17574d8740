//===- LoadedModule.cpp - An AOT module opened in this process ------------===//

#include "runtime/LoadedModule.h"

#include <dlfcn.h>

using namespace oxla::rt;

std::unique_ptr<LoadedModule> LoadedModule::open(const std::string &path,
                                                 std::string &error) {
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
