//===- ForeignDialects.cpp - Attributes of dialects oxla does not know ----===//

#include "compiler/Import/ForeignDialects.h"
#include "compiler/Import/SourceScanner.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Support/TypeID.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <mutex>

using namespace mlir;

namespace oxla {
namespace {

/// A dialect that oxla knows only by name: its attributes are kept as
/// written, it has no operations and no types.
class ForeignDialect : public Dialect {
public:
  ForeignDialect(StringRef name, MLIRContext *context, TypeID id)
      : Dialect(name, context, id) {}

  Attribute parseAttribute(DialectAsmParser &parser, Type type) const override {
    return OpaqueAttr::get(StringAttr::get(getContext(), getNamespace()),
                           parser.getFullSymbolSpec(),
                           type ? type : NoneType::get(getContext()));
  }

  Type parseType(DialectAsmParser &parser) const override {
    parser.emitError(parser.getNameLoc())
        << "type '!" << getNamespace() << "." << parser.getFullSymbolSpec()
        << "' of dialect '" << getNamespace()
        << "', which oxla does not know: only its attributes are read (as "
           "metadata)";
    return Type();
  }
};

/// One TypeID per foreign namespace for the life of the process (a dialect
/// keeps its name and TypeID; contexts come and go).
struct ForeignNamespace {
  SelfOwningTypeID id;
};

std::pair<StringRef, TypeID> foreignNamespace(StringRef name) {
  static std::mutex mutex;
  static llvm::StringMap<std::unique_ptr<ForeignNamespace>> namespaces;
  std::lock_guard<std::mutex> lock(mutex);
  auto [it, inserted] = namespaces.try_emplace(name);
  if (inserted)
    it->second = std::make_unique<ForeignNamespace>();
  return {it->first(), it->second->id.getTypeID()};
}

bool isNamespaceStart(char c) { return llvm::isAlpha(c) || c == '_'; }
bool isNamespaceChar(char c) { return llvm::isAlnum(c) || c == '_' || c == '$'; }

} // namespace

std::vector<std::string> attributeDialectNamespaces(StringRef text) {
  std::vector<std::string> names;
  scanSource(text, [&](SourceSpan span) {
    if (span.kind != SourceSpan::Code)
      return;
    for (size_t pos = text.find('#', span.begin); pos < span.end;
         pos = text.find('#', pos + 1)) {
      size_t begin = pos + 1;
      if (begin >= span.end || !isNamespaceStart(text[begin]))
        continue;
      size_t end = begin;
      while (end < span.end && isNamespaceChar(text[end]))
        ++end;
      // `#ns.name...` (pretty) or `#ns<...>` (verbose); a bare `#name` is an
      // alias.
      if (end >= span.end || (text[end] != '.' && text[end] != '<'))
        continue;
      std::string name = text.slice(begin, end).str();
      if (!llvm::is_contained(names, name))
        names.push_back(std::move(name));
    }
  });
  return names;
}

void registerForeignDialects(DialectRegistry &registry, StringRef text,
                             MLIRContext *context) {
  // Cheap test first: most programs use no dialect attribute at all.
  if (!text.contains('#'))
    return;
  auto isKnown = [&](StringRef name) {
    return name == "builtin" || registry.getDialectAllocator(name) ||
           (context && (context->getDialectRegistry().getDialectAllocator(name) ||
                        context->getLoadedDialect(name)));
  };
  for (const std::string &name : attributeDialectNamespaces(text)) {
    if (isKnown(name))
      continue;
    auto [stableName, id] = foreignNamespace(name);
    registry.insert(id, stableName, [stableName, id](MLIRContext *ctx) {
      return ctx->getOrLoadDialect(stableName, id, [&]() {
        return std::make_unique<ForeignDialect>(stableName, ctx, id);
      });
    });
  }
}

void registerForeignDialects(MLIRContext &context, StringRef text) {
  DialectRegistry registry;
  registerForeignDialects(registry, text, &context);
  context.appendDialectRegistry(registry);
}

} // namespace oxla
