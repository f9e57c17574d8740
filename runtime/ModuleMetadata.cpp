//===- ModuleMetadata.cpp - What a compiled module says about itself ------===//

#include "runtime/ModuleMetadata.h"

#include <sstream>

using namespace oxla::rt;

std::string ModuleMetadata::serialize() const {
  std::ostringstream os;
  os << "oxla-module 1\n";
  for (const EntryMetadata &entry : entries) {
    os << "entry " << entry.name << "\n";
    for (const std::string &type : entry.arguments)
      os << "argument " << type << "\n";
    for (const std::string &type : entry.results)
      os << "result " << type << "\n";
  }
  for (const CheckDescription &check : checks) {
    // The location comes last: it may contain spaces.
    os.precision(17);
    os << "check " << check.kind << " " << check.maxUlp << " " << check.minUlp << " "
       << check.tolerance << " " << check.op << " " << check.location << "\n";
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
    } else if (keyword == "check") {
      CheckDescription check;
      if (!(words >> check.kind >> check.maxUlp >> check.minUlp >> check.tolerance >>
            check.op))
        return fail("malformed check");
      std::getline(words >> std::ws, check.location);
      out.checks.push_back(std::move(check));
    } else if (!keyword.empty()) {
      return fail("unknown keyword");
    }
  }
  if (number == 0)
    return error = "empty module metadata", false;
  return true;
}
