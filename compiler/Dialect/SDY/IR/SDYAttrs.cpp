//===- SDYAttrs.cpp - Shardy attributes: syntax and context-free rules ---===//
//
// Each attribute reads and writes Shardy's own syntax, so that a program
// printed by Shardy parses here and prints back unchanged:
//   mesh           <["x"=2, "y"=4], device_ids=[...]>
//   axis ref       "x"  or  "x":(pre-size)size
//   dim sharding   {"x", "y"}  {"x", ?}  {?}  {}  with an optional priority p<N>
//   sharding       <@mesh | mesh<...>, [dims], replicated={...}, unreduced=[max|min]{...}>
//   sharding rule  <([i, j], [j, k])->([i, k]) {i=8, j=4, k=2} reduction={j}, custom>
//
//===----------------------------------------------------------------------===//

#include "compiler/Dialect/SDY/IR/SDY.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace oxla::sdy;

//===----------------------------------------------------------------------===//
// Shared pieces of syntax
//===----------------------------------------------------------------------===//

std::string oxla::sdy::factorName(int64_t index) {
  constexpr int64_t kLetters = 'z' - 'i' + 1; // i..z
  if (index < kLetters)
    return std::string(1, static_cast<char>('i' + index));
  return "z_" + std::to_string(index - kLetters + 1);
}

/// Splits a run of factor names ("ij", "zz_1", "z_8z_9") into indices.
static ParseResult parseFactorRun(AsmParser &parser, StringRef run,
                                  SmallVectorImpl<int64_t> &indices) {
  constexpr int64_t kLetters = 'z' - 'i' + 1;
  size_t pos = 0;
  while (pos < run.size()) {
    char c = run[pos];
    if (c < 'i' || c > 'z')
      return parser.emitError(parser.getCurrentLocation())
             << "expected a factor name (i to z, or z_N), got '" << run << "'";
    if (c == 'z' && pos + 1 < run.size() && run[pos + 1] == '_') {
      size_t end = pos + 2;
      while (end < run.size() && llvm::isDigit(run[end]))
        ++end;
      int64_t n = 0;
      if (end == pos + 2 || run.substr(pos + 2, end - pos - 2).getAsInteger(10, n) ||
          n < 1)
        return parser.emitError(parser.getCurrentLocation())
               << "expected a factor number after 'z_' in '" << run << "'";
      indices.push_back(kLetters - 1 + n);
      pos = end;
      continue;
    }
    indices.push_back(c - 'i');
    ++pos;
  }
  return success();
}

static void printAxisList(AsmPrinter &printer, ArrayRef<AxisRefAttr> axes) {
  printer << '{';
  llvm::interleaveComma(axes, printer, [&](AxisRefAttr a) { a.print(printer); });
  printer << '}';
}

/// `{` (axis-ref (`,` axis-ref)*)? `}`
static ParseResult parseAxisList(AsmParser &parser,
                                 SmallVectorImpl<AxisRefAttr> &axes) {
  if (parser.parseLBrace())
    return failure();
  if (succeeded(parser.parseOptionalRBrace()))
    return success();
  do {
    Attribute axis = AxisRefAttr::parse(parser, Type{});
    if (!axis)
      return failure();
    axes.push_back(llvm::cast<AxisRefAttr>(axis));
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseRBrace();
}

//===----------------------------------------------------------------------===//
// Meshes and axes
//===----------------------------------------------------------------------===//

Attribute MeshAxisAttr::parse(AsmParser &parser, Type) {
  std::string name;
  int64_t size;
  if (parser.parseString(&name) || parser.parseEqual() || parser.parseInteger(size))
    return {};
  return getChecked([&] { return parser.emitError(parser.getCurrentLocation()); },
                    parser.getContext(), StringRef(name), size);
}

void MeshAxisAttr::print(AsmPrinter &printer) const {
  printer << '"' << getName() << "\"=" << getSize();
}

LogicalResult MeshAxisAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                   StringRef name, int64_t size) {
  if (size <= 0)
    return emitError() << "axis \"" << name << "\" has size " << size
                       << ", expected a positive size";
  return success();
}

Attribute MeshAttr::parse(AsmParser &parser, Type) {
  SmallVector<MeshAxisAttr> axes;
  SmallVector<int64_t> deviceIds;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseLSquare())
    return {};
  if (failed(parser.parseOptionalRSquare())) {
    do {
      Attribute axis = MeshAxisAttr::parse(parser, Type{});
      if (!axis)
        return {};
      axes.push_back(llvm::cast<MeshAxisAttr>(axis));
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRSquare())
      return {};
  }
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("device_ids") || parser.parseEqual() ||
        parser.parseLSquare())
      return {};
    if (failed(parser.parseOptionalRSquare())) {
      do {
        int64_t id;
        if (parser.parseInteger(id))
          return {};
        deviceIds.push_back(id);
      } while (succeeded(parser.parseOptionalComma()));
      if (parser.parseRSquare())
        return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    ArrayRef<MeshAxisAttr>(axes), ArrayRef<int64_t>(deviceIds));
}

void MeshAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(getAxes(), printer, [&](MeshAxisAttr a) { a.print(printer); });
  printer << ']';
  if (!getDeviceIds().empty()) {
    printer << ", device_ids=[";
    llvm::interleaveComma(getDeviceIds(), printer);
    printer << ']';
  }
  printer << '>';
}

LogicalResult MeshAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<MeshAxisAttr> axes,
                               ArrayRef<int64_t> deviceIds) {
  llvm::StringSet<> names;
  int64_t total = 1;
  for (MeshAxisAttr axis : axes) {
    if (!names.insert(axis.getName()).second)
      return emitError() << "mesh has the axis \"" << axis.getName() << "\" twice";
    total *= axis.getSize();
  }
  if (deviceIds.empty())
    return success();
  if (llvm::any_of(deviceIds, [](int64_t id) { return id < 0; }))
    return emitError() << "mesh device ids must be non-negative";
  if (axes.empty()) {
    if (deviceIds.size() != 1)
      return emitError() << "a mesh without axes has at most one device id, got "
                         << deviceIds.size();
    return success();
  }
  if (static_cast<int64_t>(deviceIds.size()) != total)
    return emitError() << "mesh has " << deviceIds.size()
                       << " device ids, but its axes make " << total << " devices";
  SmallVector<int64_t> sorted(deviceIds);
  llvm::sort(sorted);
  for (int64_t i = 0; i < total; ++i)
    if (sorted[i] != i)
      return emitError() << "mesh device ids must be a permutation of 0.."
                         << total - 1;
  if (llvm::equal(deviceIds, llvm::seq<int64_t>(0, total)))
    return emitError() << "mesh device ids must not be the identity order "
                          "[0, ..., " << total - 1 << "]; leave them out";
  return success();
}

int64_t MeshAttr::getTotalSize() const {
  int64_t total = 1;
  for (MeshAxisAttr axis : getAxes())
    total *= axis.getSize();
  return total;
}

bool MeshAttr::isMaximal() const {
  return getAxes().empty() && getDeviceIds().size() == 1;
}

MeshAxisAttr MeshAttr::getAxis(StringRef name) const {
  for (MeshAxisAttr axis : getAxes())
    if (axis.getName() == name)
      return axis;
  return {};
}

Attribute SubAxisInfoAttr::parse(AsmParser &parser, Type) {
  int64_t preSize, size;
  if (parser.parseLParen() || parser.parseInteger(preSize) || parser.parseRParen() ||
      parser.parseInteger(size))
    return {};
  return get(parser.getContext(), preSize, size);
}

void SubAxisInfoAttr::print(AsmPrinter &printer) const {
  printer << '(' << getPreSize() << ')' << getSize();
}

Attribute AxisRefAttr::parse(AsmParser &parser, Type) {
  std::string name;
  if (parser.parseString(&name))
    return {};
  SubAxisInfoAttr info;
  if (succeeded(parser.parseOptionalColon())) {
    Attribute parsed = SubAxisInfoAttr::parse(parser, Type{});
    if (!parsed)
      return {};
    info = llvm::cast<SubAxisInfoAttr>(parsed);
  }
  return get(parser.getContext(), name, info);
}

void AxisRefAttr::print(AsmPrinter &printer) const {
  printer << '"' << getName() << '"';
  if (SubAxisInfoAttr info = getSubAxisInfo()) {
    printer << ':';
    info.print(printer);
  }
}

int64_t AxisRefAttr::getSize(MeshAttr mesh) const {
  if (SubAxisInfoAttr info = getSubAxisInfo())
    return info.getSize();
  MeshAxisAttr axis = mesh.getAxis(getName());
  return axis ? axis.getSize() : 1;
}

int64_t AxisRefAttr::getPreSize() const {
  SubAxisInfoAttr info = getSubAxisInfo();
  return info ? info.getPreSize() : 1;
}

bool AxisRefAttr::overlaps(AxisRefAttr other, MeshAttr mesh) const {
  if (getName() != other.getName())
    return false;
  int64_t begin = getPreSize(), end = begin * getSize(mesh);
  int64_t otherBegin = other.getPreSize(), otherEnd = otherBegin * other.getSize(mesh);
  // A sub-axis (m)k covers the "digits" [m, m*k) of the axis in a mixed
  // radix; two overlap when these ranges intersect.
  return begin < otherEnd && otherBegin < end;
}

//===----------------------------------------------------------------------===//
// Shardings
//===----------------------------------------------------------------------===//

Attribute DimensionShardingAttr::parse(AsmParser &parser, Type) {
  SmallVector<AxisRefAttr> axes;
  bool closed = true;
  if (parser.parseLBrace())
    return {};
  if (succeeded(parser.parseOptionalQuestion())) {
    closed = false;
    if (parser.parseRBrace())
      return {};
  } else if (failed(parser.parseOptionalRBrace())) {
    while (true) {
      Attribute axis = AxisRefAttr::parse(parser, Type{});
      if (!axis)
        return {};
      axes.push_back(llvm::cast<AxisRefAttr>(axis));
      if (failed(parser.parseOptionalComma()))
        break;
      if (succeeded(parser.parseOptionalQuestion())) {
        closed = false;
        break;
      }
    }
    if (parser.parseRBrace())
      return {};
  }
  std::optional<int64_t> priority;
  StringRef keyword;
  SMLoc loc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    int64_t value;
    if (!keyword.consume_front("p") || keyword.getAsInteger(10, value)) {
      parser.emitError(loc) << "expected a priority p<N> after a dimension sharding";
      return {};
    }
    priority = value;
  }
  return get(parser.getContext(), axes, closed, priority);
}

void DimensionShardingAttr::print(AsmPrinter &printer) const {
  printer << '{';
  llvm::interleaveComma(getAxes(), printer, [&](AxisRefAttr a) { a.print(printer); });
  if (!getIsClosed())
    printer << (getAxes().empty() ? "?" : ", ?");
  printer << '}';
  if (std::optional<int64_t> priority = getPriority())
    printer << 'p' << *priority;
}

Attribute TensorShardingAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess())
    return {};
  Attribute meshOrRef;
  if (succeeded(parser.parseOptionalKeyword("mesh"))) {
    meshOrRef = MeshAttr::parse(parser, Type{});
    if (!meshOrRef)
      return {};
  } else {
    FlatSymbolRefAttr ref;
    if (parser.parseAttribute(ref))
      return {};
    meshOrRef = ref;
  }
  SmallVector<DimensionShardingAttr> dims;
  if (parser.parseComma() || parser.parseLSquare())
    return {};
  if (failed(parser.parseOptionalRSquare())) {
    do {
      Attribute dim = DimensionShardingAttr::parse(parser, Type{});
      if (!dim)
        return {};
      dims.push_back(llvm::cast<DimensionShardingAttr>(dim));
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRSquare())
      return {};
  }
  SmallVector<AxisRefAttr> replicated, unreduced;
  ReductionKind reduction = ReductionKind::SUM;
  bool seenReplicated = false, seenUnreduced = false;
  while (succeeded(parser.parseOptionalComma())) {
    SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    if (key == "replicated" && !seenReplicated) {
      seenReplicated = true;
      if (parseAxisList(parser, replicated))
        return {};
    } else if (key == "unreduced" && !seenUnreduced) {
      seenUnreduced = true;
      StringRef kind;
      SMLoc kindLoc = parser.getCurrentLocation();
      if (succeeded(parser.parseOptionalKeyword(&kind))) {
        std::optional<ReductionKind> parsed = symbolizeReductionKind(kind);
        if (!parsed) {
          parser.emitError(kindLoc) << "unknown reduction '" << kind
                                    << "' of unreduced axes (sum, max or min)";
          return {};
        }
        reduction = *parsed;
      }
      if (parseAxisList(parser, unreduced))
        return {};
    } else {
      parser.emitError(keyLoc) << "expected 'replicated' or 'unreduced' (each once), got '"
                               << key << "'";
      return {};
    }
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    meshOrRef, ArrayRef<DimensionShardingAttr>(dims),
                    ArrayRef<AxisRefAttr>(replicated), ArrayRef<AxisRefAttr>(unreduced),
                    reduction);
}

void TensorShardingAttr::print(AsmPrinter &printer) const {
  printer << '<';
  if (auto mesh = llvm::dyn_cast<MeshAttr>(getMeshOrRef())) {
    printer << "mesh";
    mesh.print(printer);
  } else {
    printer.printAttribute(getMeshOrRef());
  }
  printer << ", [";
  llvm::interleaveComma(getDimShardings(), printer,
                        [&](DimensionShardingAttr d) { d.print(printer); });
  printer << ']';
  if (!getReplicatedAxes().empty()) {
    printer << ", replicated=";
    printAxisList(printer, getReplicatedAxes());
  }
  if (!getUnreducedAxes().empty()) {
    printer << ", unreduced=";
    if (getReduction() != ReductionKind::SUM)
      printer << stringifyReductionKind(getReduction());
    printAxisList(printer, getUnreducedAxes());
  }
  printer << '>';
}

LogicalResult
TensorShardingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           Attribute meshOrRef, ArrayRef<DimensionShardingAttr> dims,
                           ArrayRef<AxisRefAttr>, ArrayRef<AxisRefAttr>,
                           ReductionKind) {
  if (!llvm::isa<MeshAttr, FlatSymbolRefAttr>(meshOrRef))
    return emitError() << "a sharding's mesh must be a mesh or a @symbol";
  for (auto [index, dim] : llvm::enumerate(dims)) {
    std::optional<int64_t> priority = dim.getPriority();
    if (!priority)
      continue;
    if (*priority < 0)
      return emitError() << "dimension " << index << " has a negative priority";
    if (dim.getIsClosed() && dim.getAxes().empty())
      return emitError() << "dimension " << index
                         << " is closed and empty, so it cannot have a priority";
  }
  return success();
}

StringRef TensorShardingAttr::getMeshName() const {
  if (auto ref = llvm::dyn_cast<FlatSymbolRefAttr>(getMeshOrRef()))
    return ref.getValue();
  return "";
}

MeshAttr TensorShardingAttr::getMesh(Operation *from) const {
  if (auto mesh = llvm::dyn_cast<MeshAttr>(getMeshOrRef()))
    return mesh;
  auto ref = llvm::cast<FlatSymbolRefAttr>(getMeshOrRef());
  auto meshOp = SymbolTable::lookupNearestSymbolFrom<MeshOp>(from, ref.getAttr());
  return meshOp ? meshOp.getMesh() : MeshAttr();
}

Attribute TensorShardingPerValueAttr::parse(AsmParser &parser, Type) {
  SmallVector<TensorShardingAttr> shardings;
  if (parser.parseLess() || parser.parseLSquare())
    return {};
  if (failed(parser.parseOptionalRSquare())) {
    do {
      // Each element is written stripped (<@mesh, ...>) or in full
      // (#sdy.sharding<@mesh, ...>).
      TensorShardingAttr sharding;
      if (parser.parseCustomAttributeWithFallback(sharding, Type{}))
        return {};
      shardings.push_back(sharding);
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRSquare())
      return {};
  }
  if (parser.parseGreater())
    return {};
  return get(parser.getContext(), shardings);
}

void TensorShardingPerValueAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(getShardings(), printer,
                        [&](TensorShardingAttr s) { s.print(printer); });
  printer << "]>";
}

//===----------------------------------------------------------------------===//
// Sharding rules
//===----------------------------------------------------------------------===//

Attribute DimMappingAttr::parse(AsmParser &parser, Type) {
  StringRef run;
  SmallVector<int64_t> indices;
  if (parser.parseKeyword(&run) || parseFactorRun(parser, run, indices))
    return {};
  return get(parser.getContext(), indices);
}

void DimMappingAttr::print(AsmPrinter &printer) const {
  for (int64_t index : getFactorIndices())
    printer << factorName(index);
}

Attribute TensorMappingAttr::parse(AsmParser &parser, Type) {
  SmallVector<DimMappingAttr> dims;
  if (parser.parseLSquare())
    return {};
  if (failed(parser.parseOptionalRSquare())) {
    do {
      Attribute dim = DimMappingAttr::parse(parser, Type{});
      if (!dim)
        return {};
      dims.push_back(llvm::cast<DimMappingAttr>(dim));
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRSquare())
      return {};
  }
  return get(parser.getContext(), dims);
}

void TensorMappingAttr::print(AsmPrinter &printer) const {
  printer << '[';
  llvm::interleaveComma(getDimMappings(), printer,
                        [&](DimMappingAttr d) { d.print(printer); });
  printer << ']';
}

static ParseResult parseTensorMappings(AsmParser &parser,
                                       SmallVectorImpl<TensorMappingAttr> &out) {
  if (parser.parseLParen())
    return failure();
  if (succeeded(parser.parseOptionalRParen()))
    return success();
  do {
    Attribute mapping = TensorMappingAttr::parse(parser, Type{});
    if (!mapping)
      return failure();
    out.push_back(llvm::cast<TensorMappingAttr>(mapping));
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseRParen();
}

/// `{` factor (`,` factor)* `}` as indices.
static ParseResult parseFactorSet(AsmParser &parser, SmallVectorImpl<int64_t> &out) {
  if (parser.parseLBrace())
    return failure();
  if (succeeded(parser.parseOptionalRBrace()))
    return success();
  do {
    StringRef name;
    if (parser.parseKeyword(&name) || parseFactorRun(parser, name, out))
      return failure();
  } while (succeeded(parser.parseOptionalComma()));
  return parser.parseRBrace();
}

Attribute OpShardingRuleAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<TensorMappingAttr> operands, results;
  if (parser.parseLess() || parseTensorMappings(parser, operands) ||
      parser.parseArrow() || parseTensorMappings(parser, results))
    return {};
  SmallVector<int64_t> sizes;
  if (succeeded(parser.parseOptionalLBrace())) {
    do {
      SMLoc nameLoc = parser.getCurrentLocation();
      StringRef name;
      SmallVector<int64_t> index;
      int64_t size;
      if (parser.parseKeyword(&name) || parseFactorRun(parser, name, index) ||
          parser.parseEqual() || parser.parseInteger(size))
        return {};
      if (index.size() != 1 || index[0] != static_cast<int64_t>(sizes.size())) {
        parser.emitError(nameLoc) << "expected factor '" << factorName(sizes.size())
                                  << "' here (factor sizes are listed in order)";
        return {};
      }
      sizes.push_back(size);
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRBrace())
      return {};
  }
  SmallVector<int64_t> reduction, needReplication, permutation, blocked;
  bool isCustom = false;
  while (true) {
    if (succeeded(parser.parseOptionalComma())) {
      if (parser.parseKeyword("custom"))
        return {};
      isCustom = true;
      break;
    }
    SMLoc keyLoc = parser.getCurrentLocation();
    StringRef key;
    if (failed(parser.parseOptionalKeyword(&key)))
      break;
    SmallVector<int64_t> *group =
        llvm::StringSwitch<SmallVector<int64_t> *>(key)
            .Case("reduction", &reduction)
            .Case("need_replication", &needReplication)
            .Case("permutation", &permutation)
            .Case("blocked_propagation", &blocked)
            .Default(nullptr);
    if (!group) {
      parser.emitError(keyLoc) << "unknown factor type '" << key << "'";
      return {};
    }
    if (parser.parseEqual() || parseFactorSet(parser, *group))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(loc); }, parser.getContext(),
                    ArrayRef<int64_t>(sizes), ArrayRef<TensorMappingAttr>(operands),
                    ArrayRef<TensorMappingAttr>(results), ArrayRef<int64_t>(reduction),
                    ArrayRef<int64_t>(needReplication), ArrayRef<int64_t>(permutation),
                    ArrayRef<int64_t>(blocked), isCustom);
}

static void printFactorSet(AsmPrinter &printer, StringRef key, ArrayRef<int64_t> set) {
  if (set.empty())
    return;
  printer << ' ' << key << "={";
  llvm::interleaveComma(set, printer, [&](int64_t f) { printer << factorName(f); });
  printer << '}';
}

void OpShardingRuleAttr::print(AsmPrinter &printer) const {
  auto printMappings = [&](ArrayRef<TensorMappingAttr> mappings) {
    printer << '(';
    llvm::interleaveComma(mappings, printer, [&](TensorMappingAttr m) { m.print(printer); });
    printer << ')';
  };
  printer << '<';
  printMappings(getOperandMappings());
  printer << "->";
  printMappings(getResultMappings());
  if (!getFactorSizes().empty()) {
    printer << " {";
    llvm::interleaveComma(llvm::enumerate(getFactorSizes()), printer, [&](auto f) {
      printer << factorName(f.index()) << '=' << f.value();
    });
    printer << '}';
  }
  printFactorSet(printer, "reduction", getReductionFactors());
  printFactorSet(printer, "need_replication", getNeedReplicationFactors());
  printFactorSet(printer, "permutation", getPermutationFactors());
  printFactorSet(printer, "blocked_propagation", getBlockedPropagationFactors());
  if (getIsCustomRule())
    printer << ", custom";
  printer << '>';
}

LogicalResult OpShardingRuleAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, ArrayRef<int64_t> sizes,
    ArrayRef<TensorMappingAttr> operands, ArrayRef<TensorMappingAttr> results,
    ArrayRef<int64_t> reduction, ArrayRef<int64_t> needReplication,
    ArrayRef<int64_t> permutation, ArrayRef<int64_t> blocked, bool) {
  int64_t numFactors = sizes.size();
  for (int64_t size : sizes)
    if (size <= 0)
      return emitError() << "sharding rule factor sizes must be positive, got " << size;
  auto checkTensor = [&](TensorMappingAttr mapping) -> LogicalResult {
    llvm::SmallSet<int64_t, 8> seen;
    for (DimMappingAttr dim : mapping.getDimMappings()) {
      if (dim.getFactorIndices().empty())
        return emitError() << "a dimension of a sharding rule maps to no factor";
      for (int64_t factor : dim.getFactorIndices()) {
        if (factor < 0 || factor >= numFactors)
          return emitError() << "sharding rule uses factor '" << factorName(factor)
                             << "', which has no size (" << numFactors << " factors)";
        if (!seen.insert(factor).second)
          return emitError() << "sharding rule uses factor '" << factorName(factor)
                             << "' twice in one tensor";
        if (dim.getFactorIndices().size() > 1 && sizes[factor] == 1)
          return emitError() << "factor '" << factorName(factor)
                             << "' of size 1 shares a dimension with other factors";
      }
    }
    return success();
  };
  for (TensorMappingAttr mapping : llvm::concat<const TensorMappingAttr>(operands, results))
    if (failed(checkTensor(mapping)))
      return failure();
  llvm::SmallSet<int64_t, 8> typed;
  for (int64_t factor : llvm::concat<const int64_t>(reduction, needReplication, permutation)) {
    if (factor < 0 || factor >= numFactors)
      return emitError() << "factor type lists factor '" << factorName(factor)
                         << "', which has no size";
    if (!typed.insert(factor).second)
      return emitError() << "factor '" << factorName(factor)
                         << "' has more than one type";
  }
  for (int64_t factor : blocked)
    if (factor < 0 || factor >= numFactors)
      return emitError() << "blocked_propagation lists factor '" << factorName(factor)
                         << "', which has no size";
  return success();
}

//===----------------------------------------------------------------------===//
// Axis lists of the collectives and manual computations
//===----------------------------------------------------------------------===//

Attribute AxisRefListAttr::parse(AsmParser &parser, Type) {
  SmallVector<AxisRefAttr> axes;
  if (parseAxisList(parser, axes))
    return {};
  return get(parser.getContext(), axes);
}

void AxisRefListAttr::print(AsmPrinter &printer) const {
  printAxisList(printer, getValue());
}

Attribute ListOfAxisRefListsAttr::parse(AsmParser &parser, Type) {
  SmallVector<AxisRefListAttr> lists;
  if (parser.parseLSquare())
    return {};
  if (failed(parser.parseOptionalRSquare())) {
    do {
      Attribute list = AxisRefListAttr::parse(parser, Type{});
      if (!list)
        return {};
      lists.push_back(llvm::cast<AxisRefListAttr>(list));
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRSquare())
      return {};
  }
  return get(parser.getContext(), lists);
}

void ListOfAxisRefListsAttr::print(AsmPrinter &printer) const {
  printer << '[';
  llvm::interleaveComma(getValue(), printer, [&](AxisRefListAttr l) { l.print(printer); });
  printer << ']';
}

Attribute ManualAxesAttr::parse(AsmParser &parser, Type) {
  SmallVector<StringAttr> axes;
  if (parser.parseLBrace())
    return {};
  if (failed(parser.parseOptionalRBrace())) {
    do {
      std::string name;
      if (parser.parseString(&name))
        return {};
      axes.push_back(StringAttr::get(parser.getContext(), name));
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRBrace())
      return {};
  }
  return get(parser.getContext(), axes);
}

void ManualAxesAttr::print(AsmPrinter &printer) const {
  printer << '{';
  llvm::interleaveComma(getValue(), printer,
                        [&](StringAttr a) { printer << '"' << a.getValue() << '"'; });
  printer << '}';
}

Attribute AllToAllParamAttr::parse(AsmParser &parser, Type) {
  SmallVector<AxisRefAttr> axes;
  int64_t src, tgt;
  if (parseAxisList(parser, axes) || parser.parseColon() || parser.parseInteger(src) ||
      parser.parseArrow() || parser.parseInteger(tgt))
    return {};
  return get(parser.getContext(), axes, src, tgt);
}

void AllToAllParamAttr::print(AsmPrinter &printer) const {
  printAxisList(printer, getAxes());
  printer << ": " << getSrcDim() << "->" << getTgtDim();
}

Attribute AllToAllParamListAttr::parse(AsmParser &parser, Type) {
  SmallVector<AllToAllParamAttr> params;
  if (parser.parseLSquare())
    return {};
  if (failed(parser.parseOptionalRSquare())) {
    do {
      Attribute param = AllToAllParamAttr::parse(parser, Type{});
      if (!param)
        return {};
      params.push_back(llvm::cast<AllToAllParamAttr>(param));
    } while (succeeded(parser.parseOptionalComma()));
    if (parser.parseRSquare())
      return {};
  }
  return get(parser.getContext(), params);
}

void AllToAllParamListAttr::print(AsmPrinter &printer) const {
  printer << '[';
  llvm::interleaveComma(getValue(), printer, [&](AllToAllParamAttr p) { p.print(printer); });
  printer << ']';
}

#define GET_ATTRDEF_CLASSES
#include "compiler/Dialect/SDY/IR/SDYAttrs.cpp.inc"

void SdyDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "compiler/Dialect/SDY/IR/SDYAttrs.cpp.inc"
      >();
}
