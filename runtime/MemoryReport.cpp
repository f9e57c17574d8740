//===- MemoryReport.cpp - What an entry needs, known before it runs -------===//

#include "runtime/MemoryReport.h"

#include "llvm/ADT/StringRef.h"

#include <sstream>

using namespace oxla::rt;

namespace {

std::optional<uint64_t> elementBytes(llvm::StringRef name) {
  if (name.consume_front("complex<") && name.consume_back(">")) {
    std::optional<uint64_t> part = elementBytes(name);
    return part ? std::optional<uint64_t>(2 * *part) : std::nullopt;
  }
  if (name == "index")
    return 8;
  if (name == "bf16")
    return 2;
  unsigned bits = 0;
  if (name.consume_front("f")) {
    // f16, f32, f64; the f8 and narrower formats take a byte each.
    if (name.getAsInteger(10, bits))
      return name.starts_with("8") || name.starts_with("4") || name.starts_with("6")
                 ? std::optional<uint64_t>(1)
                 : std::nullopt;
    return (bits + 7) / 8;
  }
  if (name.consume_front("ui") || name.consume_front("si") || name.consume_front("i")) {
    if (name.getAsInteger(10, bits) || bits == 0)
      return std::nullopt;
    return (bits + 7) / 8;
  }
  return std::nullopt;
}

} // namespace

std::optional<uint64_t> oxla::rt::tensorSpecBytes(const std::string &spec) {
  llvm::StringRef rest(spec);
  uint64_t elements = 1;
  while (true) {
    size_t x = rest.find('x');
    if (x == llvm::StringRef::npos || rest.starts_with("complex<"))
      break;
    llvm::StringRef size = rest.take_front(x);
    uint64_t value = 0;
    if (size.getAsInteger(10, value))
      break; // `?`, or an element type containing an `x`
    elements *= value;
    rest = rest.drop_front(x + 1);
  }
  if (rest.contains('?'))
    return std::nullopt;
  std::optional<uint64_t> bytes = elementBytes(rest);
  if (!bytes)
    return std::nullopt;
  return elements * *bytes;
}

PredictedMemory oxla::rt::predictMemory(const EntryMetadata &entry) {
  PredictedMemory predicted;
  for (auto [specs, total] : {std::pair{&entry.arguments, &predicted.arguments},
                              std::pair{&entry.results, &predicted.results}})
    for (const std::string &spec : *specs) {
      if (std::optional<uint64_t> bytes = tensorSpecBytes(spec))
        *total += *bytes;
      else
        predicted.dynamic = true;
    }
  for (const Donation &donation : entry.donations)
    if (std::optional<uint64_t> bytes = tensorSpecBytes(entry.results[donation.result])) {
      predicted.results -= *bytes;
      predicted.donatedResults += *bytes;
    }
  predicted.temporaries = entry.memory.arenaBytes + entry.memory.unplannedBytes;
  if (entry.memory.dynamic > 0)
    predicted.dynamic = true;
  return predicted;
}

std::string oxla::rt::memoryReport(const EntryMetadata &entry) {
  std::ostringstream os;
  const EntryMemoryPlan &plan = entry.memory;
  PredictedMemory predicted = predictMemory(entry);
  os << "memory report @" << entry.name << "\n";
  os << "  arguments: " << entry.arguments.size() << " buffer(s), " << predicted.arguments
     << " bytes\n";
  os << "  results: " << entry.results.size() << " buffer(s), "
     << predicted.results + predicted.donatedResults << " bytes";
  if (!entry.donations.empty())
    os << ", " << predicted.donatedResults << " of them in donated arguments";
  os << "\n";
  for (const Donation &donation : entry.donations) {
    os << "  result #" << donation.result << " in donated argument #" << donation.argument
       << " (" << entry.results[donation.result] << ")";
    if (donation.copied)
      os << ", computed in a temporary and copied there after the argument's last read";
    os << "\n";
  }
  if (!plan.known) {
    os << "  temporaries: no buffer plan (the module was compiled without one)\n";
  } else {
    os << "  arena: " << plan.arenaBytes << " bytes for " << plan.planned
       << " planned temporaries (at most " << plan.livePeakBytes
       << " bytes of them live at once)\n";
    os << "  left to run time: " << plan.unplanned << " allocation(s), "
       << plan.unplannedBytes << " bytes of static shape";
    if (plan.dynamic > 0)
      os << ", " << plan.dynamic << " of dynamic shape";
    os << "\n";
    if (!plan.atPeak.empty())
      os << "  live at the peak:\n";
    for (const PlannedBufferDescription &buffer : plan.atPeak)
      os << "    " << buffer.bytes << " bytes at offset " << buffer.offset << ": "
         << buffer.type << " from " << (buffer.location.empty() ? "?" : buffer.location)
         << "\n";
  }
  os << "memory @" << entry.name << ": peak " << predicted.peak() << " bytes (arguments "
     << predicted.arguments << ", results " << predicted.results << ", temporaries "
     << predicted.temporaries << ")";
  if (predicted.dynamic)
    os << " and what dynamic shapes need at run time";
  os << "\n";
  return os.str();
}
