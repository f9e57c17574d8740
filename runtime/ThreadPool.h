//===- ThreadPool.h - The client's worker threads -------------------------===//
//
// A fixed set of workers taking tasks from one queue. A client owns one, so
// that concurrent invocations share the machine instead of each starting
// its own threads.
//
//===----------------------------------------------------------------------===//
#ifndef OXLA_RUNTIME_THREADPOOL_H
#define OXLA_RUNTIME_THREADPOOL_H

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace oxla::rt {

class ThreadPool {
public:
  /// `threads` workers; 0 for the number of cores.
  explicit ThreadPool(unsigned threads);
  /// Runs the queued tasks, then joins the workers.
  ~ThreadPool();
  ThreadPool(const ThreadPool &) = delete;
  ThreadPool &operator=(const ThreadPool &) = delete;

  unsigned size() const { return static_cast<unsigned>(workers_.size()); }
  void submit(std::function<void()> task);

private:
  void work();

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> tasks_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

} // namespace oxla::rt

#endif // OXLA_RUNTIME_THREADPOOL_H
