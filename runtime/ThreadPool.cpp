//===- ThreadPool.cpp - The client's worker threads -----------------------===//

#include "runtime/ThreadPool.h"

#include <algorithm>

#include <chrono>

using namespace oxla::rt;

namespace {
thread_local ThreadPool *currentPool = nullptr;
} // namespace

ThreadPool *ThreadPool::current() { return currentPool; }

ThreadPool &ThreadPool::processDefault() {
  static ThreadPool pool(0);
  return pool;
}

ScopedPool::ScopedPool(ThreadPool *pool) : previous_(currentPool) { currentPool = pool; }
ScopedPool::~ScopedPool() { currentPool = previous_; }

ThreadPool::ThreadPool(unsigned threads) {
  if (threads == 0)
    threads = std::max(1u, std::thread::hardware_concurrency());
  workers_.reserve(threads);
  for (unsigned i = 0; i < threads; ++i)
    workers_.emplace_back([this] {
      currentPool = this;
      work();
    });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  ready_.notify_all();
  for (std::thread &worker : workers_)
    worker.join();
}

void ThreadPool::submit(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    tasks_.push_back(std::move(task));
  }
  ready_.notify_one();
}

bool ThreadPool::runOne() {
  std::function<void()> task;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (tasks_.empty())
      return false;
    task = std::move(tasks_.front());
    tasks_.pop_front();
  }
  task();
  return true;
}

void ThreadPool::helpUntil(const std::function<bool()> &done) {
  while (!done())
    if (!runOne())
      std::this_thread::sleep_for(std::chrono::microseconds(20));
}

void ThreadPool::work() {
  for (;;) {
    std::function<void()> task;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      ready_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty())
        return;
      task = std::move(tasks_.front());
      tasks_.pop_front();
    }
    task();
  }
}
