//===- ThreadPool.cpp - The client's worker threads -----------------------===//

#include "runtime/ThreadPool.h"

#include "runtime/CallRecovery.h"

#include <algorithm>

#include <chrono>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

using namespace oxla::rt;

namespace {
thread_local ThreadPool *currentPool = nullptr;

/// How long an idle thread polls before it sleeps: waking a sleeping thread
/// takes tens of microseconds, as long as a small invocation runs.
constexpr std::chrono::microseconds kSpin{100};

/// Polls `ready` for up to kSpin; whether it held.
template <typename F> bool spinUntil(F &&ready) {
  auto start = std::chrono::steady_clock::now();
  for (unsigned i = 0;; ++i) {
    if (ready())
      return true;
#if defined(__x86_64__)
    _mm_pause();
#endif
    if (i % 64 == 63 && std::chrono::steady_clock::now() - start > kSpin)
      return false;
  }
}
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
  workers_.reserve(threads - 1);
  for (unsigned i = 0; i + 1 < threads; ++i) {
    pthread_t worker;
    startError_ = pthread_create(
        &worker, nullptr,
        [](void *self) -> void * {
          auto *pool = static_cast<ThreadPool *>(self);
          currentPool = pool;
          pool->work();
          return nullptr;
        },
        this);
    if (startError_ != 0)
      break;
    workers_.push_back(worker);
  }
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
    stopping_flag_.store(true);
  }
  ready_.notify_all();
  for (pthread_t worker : workers_)
    pthread_join(worker, nullptr);
  // Without workers nobody else runs what is left.
  while (runOne()) {
  }
}

void ThreadPool::submit(std::function<void()> task) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    tasks_.push_back(std::move(task));
    queued_.fetch_add(1, std::memory_order_release);
    ++events_;
  }
  ready_.notify_one();
  changed_.notify_all();
}

void ThreadPool::finished() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    ++events_;
  }
  changed_.notify_all();
}

bool ThreadPool::runOne() {
  std::function<void()> task;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (tasks_.empty())
      return false;
    task = std::move(tasks_.front());
    tasks_.pop_front();
    queued_.fetch_sub(1, std::memory_order_relaxed);
  }
  {
    // A task may run compiled code (a parallel loop's body) inside a call.
    CallbackScope callback;
    task();
  }
  finished();
  return true;
}

void ThreadPool::helpUntil(const std::function<bool()> &done) {
  while (!done()) {
    if (runOne())
      continue;
    if (spinUntil([&] { return queued_.load(std::memory_order_acquire) != 0 || done(); }))
      continue;
    std::unique_lock<std::mutex> lock(mutex_);
    // A task that makes done() true counts an event after it did so, under
    // the lock: either done() sees it here or the wait sees the event.
    uint64_t seen = events_;
    if (!tasks_.empty() || done())
      continue;
    changed_.wait_for(lock, std::chrono::milliseconds(1),
                      [&] { return events_ != seen; });
  }
}

void ThreadPool::work() {
  for (;;) {
    std::function<void()> task;
    spinUntil([this] {
      return queued_.load(std::memory_order_acquire) != 0 ||
             stopping_flag_.load(std::memory_order_relaxed);
    });
    {
      std::unique_lock<std::mutex> lock(mutex_);
      ready_.wait(lock, [this] { return stopping_ || !tasks_.empty(); });
      if (tasks_.empty())
        return;
      task = std::move(tasks_.front());
      tasks_.pop_front();
      queued_.fetch_sub(1, std::memory_order_relaxed);
    }
    task();
    finished();
  }
}
