//===- CompileTimings.cpp - Where compile time goes ------------------------===//

#include "compiler/Target/CPU/CompileTimings.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

namespace oxla {

CompileTimings::Scope::Scope(CompileTimings *timings, const llvm::Twine &name,
                             unsigned depth)
    : timings_(timings), depth_(depth) {
  if (!timings_)
    return;
  name_ = name.str();
  position_ = timings_->size();
  start_ = std::chrono::steady_clock::now();
}

void CompileTimings::Scope::stop() {
  if (!timings_)
    return;
  std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start_;
  timings_->insert({std::move(name_), elapsed.count(), depth_}, position_);
  timings_ = nullptr;
}

void CompileTimings::add(const llvm::Twine &name, double seconds, unsigned depth) {
  std::lock_guard<std::mutex> lock(mutex_);
  steps_.push_back({name.str(), seconds, depth});
}

void CompileTimings::insert(Step step, size_t position) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (step.depth > 0 || position > steps_.size()) {
    steps_.push_back(std::move(step));
    return;
  }
  steps_.insert(steps_.begin() + position, std::move(step));
}

size_t CompileTimings::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return steps_.size();
}

std::vector<CompileTimings::Step> CompileTimings::steps() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return steps_;
}

void CompileTimings::print(llvm::raw_ostream &os) const {
  std::vector<Step> steps = this->steps();
  double total = 0;
  for (const Step &step : steps)
    if (step.depth == 0)
      total += step.seconds;
  os << "oxla: compile time (wall clock)\n";
  for (const Step &step : steps) {
    os << llvm::format("  %9.3f s  %5.1f%%  ", step.seconds,
                       total > 0 ? 100 * step.seconds / total : 0.0);
    os.indent(2 * step.depth) << step.name << "\n";
  }
  os << llvm::format("  %9.3f s  %5.1f%%  ", total, 100.0) << "total\n";
}

std::string CompileTimings::text() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  print(os);
  return text;
}

} // namespace oxla
