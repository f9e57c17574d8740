//===- GSPMDSharding.cpp - Parsing and converting `mhlo.sharding` --------===//

#include "compiler/Sharding/GSPMDSharding.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <numeric>

using namespace oxla::sharding;

namespace {

/// A small recursive-descent reader over the string.
class Reader {
public:
  explicit Reader(llvm::StringRef text) : text_(text) {}

  void skipSpaces() {
    while (pos_ < text_.size() && text_[pos_] == ' ')
      ++pos_;
  }
  bool consume(llvm::StringRef token) {
    skipSpaces();
    if (!text_.substr(pos_).starts_with(token))
      return false;
    pos_ += token.size();
    return true;
  }
  bool peek(llvm::StringRef token) {
    skipSpaces();
    return text_.substr(pos_).starts_with(token);
  }
  bool atEnd() {
    skipSpaces();
    return pos_ == text_.size();
  }
  std::optional<int64_t> integer() {
    skipSpaces();
    size_t end = pos_;
    while (end < text_.size() && llvm::isDigit(text_[end]))
      ++end;
    int64_t value;
    if (end == pos_ || text_.substr(pos_, end - pos_).getAsInteger(10, value))
      return std::nullopt;
    pos_ = end;
    return value;
  }
  /// `[` n (`,` n)* `]`
  bool integerList(std::vector<int64_t> &out, char open = '[', char close = ']') {
    if (!consume(llvm::StringRef(&open, 1)))
      return false;
    do {
      std::optional<int64_t> value = integer();
      if (!value)
        return false;
      out.push_back(*value);
    } while (consume(","));
    return consume(llvm::StringRef(&close, 1));
  }
  /// Skips a balanced `{...}` (metadata).
  bool skipBraces() {
    if (!consume("{"))
      return false;
    int depth = 1;
    bool inString = false;
    while (pos_ < text_.size() && depth > 0) {
      char c = text_[pos_++];
      if (c == '"' && (pos_ < 2 || text_[pos_ - 2] != '\\'))
        inString = !inString;
      else if (!inString && c == '{')
        ++depth;
      else if (!inString && c == '}')
        --depth;
    }
    return depth == 0;
  }
  size_t column() const { return pos_; }
  GSPMDSharding::ParseError error(const std::string &message) const {
    return {message, pos_};
  }

private:
  llvm::StringRef text_;
  size_t pos_ = 0;
};

using Result = std::variant<GSPMDSharding, GSPMDSharding::ParseError>;

/// The devices of the V2 form <=[reshape]T(perm): iota over the product,
/// reshaped, transposed by perm, flattened.
std::optional<std::vector<int64_t>> iotaDevices(const std::vector<int64_t> &reshape,
                                                const std::vector<int64_t> &perm) {
  int64_t total = 1;
  for (int64_t d : reshape)
    total *= d;
  std::vector<int64_t> strides(reshape.size(), 1);
  for (int64_t i = static_cast<int64_t>(reshape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * reshape[i + 1];
  std::vector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(reshape[p]);
  std::vector<int64_t> devices;
  devices.reserve(total);
  std::vector<int64_t> index(shape.size(), 0);
  for (int64_t n = 0; n < total; ++n) {
    int64_t id = 0;
    for (size_t i = 0; i < shape.size(); ++i)
      id += index[i] * strides[perm[i]];
    devices.push_back(id);
    for (int64_t i = static_cast<int64_t>(shape.size()) - 1; i >= 0; --i) {
      if (++index[i] < shape[i])
        break;
      index[i] = 0;
    }
  }
  return devices;
}

Result parseTiled(Reader &reader) {
  GSPMDSharding sharding;
  sharding.kind = GSPMDSharding::Kind::Tiled;
  if (!reader.integerList(sharding.tileShape))
    return reader.error("expected the tile assignment shape devices=[d0,d1,...]");
  int64_t total = 1;
  for (int64_t d : sharding.tileShape) {
    if (d <= 0)
      return reader.error("tile assignment dimensions must be positive");
    total *= d;
  }
  if (reader.consume("<=")) {
    std::vector<int64_t> reshape, perm;
    if (!reader.integerList(reshape))
      return reader.error("expected the iota shape <=[n,...]");
    if (reader.consume("T"))
      if (!reader.integerList(perm, '(', ')'))
        return reader.error("expected a transpose T(p0,p1,...)");
    int64_t product = 1;
    for (int64_t d : reshape)
      product *= d;
    if (product != total)
      return reader.error("iota of " + std::to_string(product) +
                          " devices for a tile assignment of " + std::to_string(total));
    if (perm.empty()) {
      perm.resize(reshape.size());
      std::iota(perm.begin(), perm.end(), 0);
    }
    std::vector<int64_t> sorted(perm);
    llvm::sort(sorted);
    if (perm.size() != reshape.size() ||
        !llvm::equal(sorted, llvm::seq<int64_t>(0, reshape.size())))
      return reader.error("the transpose must be a permutation of the iota's dimensions");
    sharding.devices = *iotaDevices(reshape, perm);
  } else {
    do {
      std::optional<int64_t> id = reader.integer();
      if (!id)
        return reader.error("expected a device id");
      sharding.devices.push_back(*id);
    } while (reader.consume(","));
    if (static_cast<int64_t>(sharding.devices.size()) != total)
      return reader.error("tile assignment lists " + std::to_string(sharding.devices.size()) +
                          " devices, its shape has " + std::to_string(total));
    std::vector<int64_t> sorted(sharding.devices);
    llvm::sort(sorted);
    if (!llvm::equal(sorted, llvm::seq<int64_t>(0, total)))
      return reader.error("the devices must be a permutation of 0.." +
                          std::to_string(total - 1));
  }
  while (!reader.peek("}")) {
    if (reader.consume("last_tile_dim_replicate")) {
      sharding.subgroups.push_back(GSPMDSharding::Subgroup::Replicated);
    } else if (reader.consume("last_tile_dims=")) {
      if (!reader.consume("{"))
        return reader.error("expected last_tile_dims={...}");
      do {
        if (reader.consume("manual"))
          sharding.subgroups.push_back(GSPMDSharding::Subgroup::Manual);
        else if (reader.consume("replicated"))
          sharding.subgroups.push_back(GSPMDSharding::Subgroup::Replicated);
        else
          return reader.error("expected 'manual' or 'replicated' in last_tile_dims");
      } while (reader.consume(","));
      if (!reader.consume("}"))
        return reader.error("expected '}' after last_tile_dims");
    } else if (reader.consume("metadata=")) {
      if (!reader.skipBraces())
        return reader.error("unterminated metadata={...}");
    } else {
      return reader.error("unexpected text in a tiled sharding");
    }
  }
  if (sharding.subgroups.size() > sharding.tileShape.size())
    return reader.error("more subgroup dimensions than tile dimensions");
  return sharding;
}

Result parseOne(Reader &reader) {
  if (!reader.consume("{"))
    return reader.error("expected '{'");
  GSPMDSharding sharding;
  if (reader.peek("{") || reader.peek("}")) {
    // A tuple: `{}` (no elements) or `{{...}, {...}}`.
    sharding.kind = GSPMDSharding::Kind::Tuple;
    if (reader.consume("}"))
      return sharding;
    do {
      Result element = parseOne(reader);
      if (std::holds_alternative<GSPMDSharding::ParseError>(element))
        return element;
      sharding.elements.push_back(std::get<GSPMDSharding>(std::move(element)));
    } while (reader.consume(","));
    if (!reader.consume("}"))
      return reader.error("expected '}' after the tuple's shardings");
    return sharding;
  }
  if (reader.consume("replicated")) {
    sharding.kind = GSPMDSharding::Kind::Replicated;
  } else if (reader.consume("manual")) {
    sharding.kind = GSPMDSharding::Kind::Manual;
  } else if (reader.consume("unknown")) {
    sharding.kind = GSPMDSharding::Kind::Unknown;
  } else if (reader.consume("maximal")) {
    sharding.kind = GSPMDSharding::Kind::Maximal;
    if (!reader.consume("device="))
      return reader.error("expected 'device=N' after 'maximal'");
    std::optional<int64_t> device = reader.integer();
    if (!device)
      return reader.error("expected a device number");
    sharding.maximalDevice = *device;
  } else if (reader.consume("devices=")) {
    Result tiled = parseTiled(reader);
    if (std::holds_alternative<GSPMDSharding::ParseError>(tiled))
      return tiled;
    sharding = std::get<GSPMDSharding>(std::move(tiled));
  } else {
    return reader.error("expected replicated, manual, maximal, devices=[...] or a tuple");
  }
  if (reader.consume("metadata=") && !reader.skipBraces())
    return reader.error("unterminated metadata={...}");
  if (!reader.consume("}"))
    return reader.error("expected '}'");
  return sharding;
}

} // namespace

std::variant<GSPMDSharding, GSPMDSharding::ParseError>
GSPMDSharding::parse(llvm::StringRef text) {
  Reader reader(text);
  Result result = parseOne(reader);
  if (std::holds_alternative<ParseError>(result))
    return result;
  if (!reader.atEnd())
    return reader.error("unexpected text after the sharding");
  return result;
}

int64_t GSPMDSharding::requiredDevices() const {
  switch (kind) {
  case Kind::Maximal:
    return maximalDevice + 1;
  case Kind::Tiled:
    return static_cast<int64_t>(devices.size());
  case Kind::Tuple: {
    int64_t most = 1;
    for (const GSPMDSharding &element : elements)
      most = std::max(most, element.requiredDevices());
    return most;
  }
  default:
    return 1;
  }
}

std::string GSPMDSharding::str() const {
  auto join = [](const std::vector<int64_t> &values) {
    std::string s;
    for (size_t i = 0; i < values.size(); ++i)
      s += (i ? "," : "") + std::to_string(values[i]);
    return s;
  };
  switch (kind) {
  case Kind::Replicated: return "{replicated}";
  case Kind::Manual: return "{manual}";
  case Kind::Unknown: return "{unknown}";
  case Kind::Maximal: return "{maximal device=" + std::to_string(maximalDevice) + "}";
  case Kind::Tuple: {
    std::string s = "{";
    for (size_t i = 0; i < elements.size(); ++i)
      s += (i ? ", " : "") + elements[i].str();
    return s + "}";
  }
  case Kind::Tiled: {
    std::string s = "{devices=[" + join(tileShape) + "]";
    bool iota = llvm::equal(devices, llvm::seq<int64_t>(0, devices.size()));
    s += iota ? "<=[" + std::to_string(devices.size()) + "]" : join(devices);
    if (subgroups.size() == 1 && subgroups[0] == Subgroup::Replicated) {
      s += " last_tile_dim_replicate";
    } else if (!subgroups.empty()) {
      s += " last_tile_dims={";
      for (size_t i = 0; i < subgroups.size(); ++i)
        s += std::string(i ? ", " : "") +
             (subgroups[i] == Subgroup::Manual ? "manual" : "replicated");
      s += "}";
    }
    return s + "}";
  }
  }
  return "";
}

std::variant<Sharding, std::string> GSPMDSharding::toSharding(int64_t rank) const {
  switch (kind) {
  case Kind::Tuple:
    return std::string("a tuple sharding describes several values");
  case Kind::Replicated:
  case Kind::Unknown:
    return Sharding::replicatedOn(Mesh{}, rank);
  case Kind::Maximal: {
    Mesh mesh;
    mesh.deviceIds = {maximalDevice};
    return Sharding::replicatedOn(mesh, rank);
  }
  case Kind::Manual: {
    // Manual on every device of an unknown mesh: nothing to split here.
    Sharding sharding = Sharding::replicatedOn(Mesh{}, rank);
    return sharding;
  }
  case Kind::Tiled:
    break;
  }
  if (dataRank() != rank)
    return "sharding " + str() + " describes rank " + std::to_string(dataRank()) +
           ", the value has rank " + std::to_string(rank);
  // One mesh axis per tile dimension (size-1 ones left out), devices in the
  // tile assignment's order.
  Sharding sharding;
  sharding.dims.resize(rank);
  for (size_t i = 0; i < tileShape.size(); ++i) {
    if (tileShape[i] == 1)
      continue;
    std::string name = "_axis_" + std::to_string(i);
    sharding.mesh.axes.push_back({name, tileShape[i]});
    if (static_cast<int64_t>(i) < rank) {
      sharding.dims[i].axes.push_back({name, 1, std::nullopt});
      continue;
    }
    if (subgroups[i - rank] == Subgroup::Manual)
      sharding.manualAxes.push_back(name);
    else
      sharding.replicated.push_back({name, 1, std::nullopt});
  }
  if (!llvm::equal(devices, llvm::seq<int64_t>(0, devices.size())))
    sharding.mesh.deviceIds = devices;
  return sharding;
}
