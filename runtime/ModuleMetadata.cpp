//===- ModuleMetadata.cpp - What a compiled module says about itself ------===//

#include "runtime/ModuleMetadata.h"

#include "llvm/ADT/StringRef.h"

#include <cctype>
#include <sstream>

using namespace oxla::rt;

namespace {

/// The text as one line: a newline becomes `\n`, a backslash `\\`, and
/// leading whitespace (which the reader skips) is kept behind a backslash.
std::string escapeLine(const std::string &text) {
  std::string out;
  size_t leading = 0;
  while (leading < text.size() && std::isspace(static_cast<unsigned char>(text[leading])) &&
         text[leading] != '\n') {
    out += '\\';
    out += text[leading++];
  }
  for (char c : llvm::StringRef(text).drop_front(leading)) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
  return out;
}

std::string unescapeLine(const std::string &text) {
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size()) {
      out += text[i + 1] == 'n' ? '\n' : text[i + 1];
      ++i;
    } else {
      out += text[i];
    }
  }
  return out;
}

} // namespace

std::string ModuleMetadata::serialize() const {
  std::ostringstream os;
  os << "oxla-module 1\n";
  for (const EntryMetadata &entry : entries) {
    os << "entry " << entry.name << "\n";
    for (const std::string &type : entry.arguments)
      os << "argument " << type << "\n";
    for (const std::string &type : entry.results)
      os << "result " << type << "\n";
    const EntryMemoryPlan &plan = entry.memory;
    if (plan.known) {
      os << "memory_plan " << plan.arenaBytes << " " << plan.livePeakBytes << " "
         << plan.planned << " " << plan.unplanned << " " << plan.unplannedBytes << " "
         << plan.dynamic << "\n";
      for (const PlannedBufferDescription &buffer : plan.atPeak)
        os << "memory_at_peak " << buffer.bytes << " " << buffer.offset << " " << buffer.type
           << " " << escapeLine(buffer.location) << "\n";
    }
    for (const Donation &donation : entry.donations)
      os << "donation " << donation.argument << " " << donation.result << " "
         << (donation.copied ? 1 : 0) << "\n";
  }
  for (const CheckDescription &check : checks) {
    // The location comes last: it may contain spaces.
    os.precision(17);
    os << "check " << check.kind << " " << check.maxUlp << " " << check.minUlp << " "
       << check.tolerance << " " << check.op << " " << check.location << "\n";
    if (!check.probeId.empty() || check.iteration != 0)
      os << "check_probe " << check.iteration << " " << escapeLine(check.probeId) << "\n";
    if (!check.message.empty())
      os << "check_message " << escapeLine(check.message) << "\n";
  }
  for (const CustomCallDescription &call : customCalls) {
    os << "custom_call " << escapeLine(call.target) << "\n";
    for (const std::string &type : call.operands)
      os << "custom_call_operand " << type << "\n";
    for (const std::string &type : call.results)
      os << "custom_call_result " << type << "\n";
    if (!call.backendConfig.empty())
      os << "custom_call_config " << escapeLine(call.backendConfig) << "\n";
    if (!call.attributes.empty())
      os << "custom_call_attributes " << escapeLine(call.attributes) << "\n";
  }
  return os.str();
}

bool ModuleMetadata::parse(const std::string &text, ModuleMetadata &out,
                           std::string &error) {
  std::istringstream lines(text);
  std::string line;
  int number = 0;
  out = ModuleMetadata();
  while (std::getline(lines, line)) {
    ++number;
    std::istringstream words(line);
    std::string keyword;
    words >> keyword;
    auto fail = [&](const char *what) {
      error = "module metadata line " + std::to_string(number) + ": " + what;
      return false;
    };
    if (number == 1) {
      std::string version;
      words >> version;
      if (keyword != "oxla-module" || version != "1")
        return fail("expected 'oxla-module 1'");
      continue;
    }
    if (keyword == "entry") {
      EntryMetadata entry;
      if (!(words >> entry.name))
        return fail("entry without a name");
      out.entries.push_back(std::move(entry));
    } else if (keyword == "argument" || keyword == "result") {
      std::string type;
      if (out.entries.empty() || !(words >> type))
        return fail("argument or result outside an entry");
      (keyword == "argument" ? out.entries.back().arguments
                             : out.entries.back().results)
          .push_back(type);
    } else if (keyword == "memory_plan") {
      if (out.entries.empty())
        return fail("memory_plan outside an entry");
      EntryMemoryPlan &plan = out.entries.back().memory;
      if (!(words >> plan.arenaBytes >> plan.livePeakBytes >> plan.planned >> plan.unplanned >>
            plan.unplannedBytes >> plan.dynamic))
        return fail("malformed memory_plan");
      plan.known = true;
    } else if (keyword == "memory_at_peak") {
      if (out.entries.empty() || !out.entries.back().memory.known)
        return fail("memory_at_peak outside a memory_plan");
      PlannedBufferDescription buffer;
      if (!(words >> buffer.bytes >> buffer.offset >> buffer.type))
        return fail("malformed memory_at_peak");
      std::getline(words >> std::ws, buffer.location);
      buffer.location = unescapeLine(buffer.location);
      out.entries.back().memory.atPeak.push_back(std::move(buffer));
    } else if (keyword == "donation") {
      if (out.entries.empty())
        return fail("donation outside an entry");
      EntryMetadata &entry = out.entries.back();
      Donation donation;
      int copied = 0;
      if (!(words >> donation.argument >> donation.result >> copied) ||
          donation.argument >= entry.arguments.size() ||
          donation.result >= entry.results.size())
        return fail("malformed donation");
      donation.copied = copied != 0;
      entry.donations.push_back(donation);
    } else if (keyword == "check") {
      CheckDescription check;
      if (!(words >> check.kind >> check.maxUlp >> check.minUlp >> check.tolerance >>
            check.op))
        return fail("malformed check");
      std::getline(words >> std::ws, check.location);
      out.checks.push_back(std::move(check));
    } else if (keyword == "check_probe") {
      if (out.checks.empty() || !(words >> out.checks.back().iteration))
        return fail("check_probe outside a check");
      std::getline(words >> std::ws, out.checks.back().probeId);
      out.checks.back().probeId = unescapeLine(out.checks.back().probeId);
    } else if (keyword == "check_message") {
      if (out.checks.empty())
        return fail("check_message outside a check");
      std::getline(words >> std::ws, out.checks.back().message);
      out.checks.back().message = unescapeLine(out.checks.back().message);
    } else if (keyword == "custom_call") {
      CustomCallDescription call;
      std::getline(words >> std::ws, call.target);
      if (call.target.empty())
        return fail("custom_call without a target");
      call.target = unescapeLine(call.target);
      out.customCalls.push_back(std::move(call));
    } else if (keyword == "custom_call_operand" || keyword == "custom_call_result") {
      std::string type;
      if (out.customCalls.empty() || !(words >> type))
        return fail("custom_call operand or result outside a custom_call");
      (keyword == "custom_call_operand" ? out.customCalls.back().operands
                                        : out.customCalls.back().results)
          .push_back(type);
    } else if (keyword == "custom_call_config") {
      if (out.customCalls.empty())
        return fail("custom_call_config outside a custom_call");
      std::string config;
      std::getline(words >> std::ws, config);
      out.customCalls.back().backendConfig = unescapeLine(config);
    } else if (keyword == "custom_call_attributes") {
      if (out.customCalls.empty())
        return fail("custom_call_attributes outside a custom_call");
      std::string attributes;
      std::getline(words >> std::ws, attributes);
      out.customCalls.back().attributes = unescapeLine(attributes);
    } else if (!keyword.empty()) {
      return fail("unknown keyword");
    }
  }
  if (number == 0)
    return error = "empty module metadata", false;
  return true;
}

uint64_t oxla::rt::metadataDigest(const char *text) {
  uint64_t digest = 0xcbf29ce484222325ull;
  for (; *text; ++text) {
    digest ^= uint8_t(*text);
    digest *= 0x100000001b3ull;
  }
  return digest;
}
