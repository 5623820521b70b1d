// `simd-puzzles engine`: the resident engine (core/engine_protocol.h says the wire format). One
// thread reads standard input, so a cancel reaches the request that is running; the main thread
// answers requests one at a time, in order, with sp::handle_request: the same code and schema as
// the wasm worker. No file is ever read here, whatever a request says.

#include "cli/engine_server.h"

#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <iostream>
#include <mutex>
#include <thread>

#include "core/engine.h"
#include "core/engine_protocol.h"

namespace sp::cli {
namespace {

constexpr std::size_t kMaxQueued = 64;

struct Queued {
  json id;
  json request;
};

class EngineServer {
 public:
  int serve() {
    write(ready_line(static_cast<long>(::getpid())));
    std::thread reader([this] { read_loop(); });
    for (;;) {
      Queued next;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [this] { return closed_ || !queue_.empty(); });
        if (queue_.empty()) break;  // closed and nothing left
        next = std::move(queue_.front());
        queue_.pop_front();
        running_ = next.id;
        stop_ = false;
      }
      const json response = handle_request(
          next.request, Input::none(), [&](const json& event) { write(progress_line(next.id, event)); },
          [this] { return stop_.load(std::memory_order_relaxed); });
      {
        std::lock_guard lock(mutex_);
        running_ = nullptr;
      }
      write(response_line(next.id, response));
    }
    reader.join();
    return 0;
  }

 private:
  // Lines of at most kMaxProtocolLine bytes; a longer one is answered and skipped to its end.
  void read_loop() {
    std::string line;
    bool too_long = false;
    for (int c; (c = std::getchar()) != EOF;) {
      if (c != '\n') {
        if (line.size() <= kMaxProtocolLine) line.push_back(static_cast<char>(c));
        else too_long = true;
        continue;
      }
      if (too_long) write(response_line(nullptr, {{"ok", false}, {"error", "the line is longer than 1 MiB"}}));
      else if (!line.empty()) take(parse_protocol_line(line));
      line.clear();
      too_long = false;
    }
    std::lock_guard lock(mutex_);
    closed_ = true;
    stop_ = true;  // nobody is left to read the answer
    wake_.notify_all();
  }

  void take(ProtocolMessage m) {
    if (m.kind == ProtocolMessage::Kind::invalid) {
      write(response_line(m.id, {{"ok", false}, {"error", m.error}}));
      return;
    }
    std::unique_lock lock(mutex_);
    if (m.kind == ProtocolMessage::Kind::cancel) {
      bool cancelled = false;
      if (running_.is_number_integer() && running_.get<std::int64_t>() == m.target) {
        stop_ = true;
        cancelled = true;
      }
      for (auto it = queue_.begin(); it != queue_.end(); ++it) {
        if (it->id.get<std::int64_t>() != m.target) continue;
        const json id = it->id;
        queue_.erase(it);
        lock.unlock();
        write(response_line(id, {{"ok", false}, {"error", "stopped on request"}}));
        lock.lock();
        cancelled = true;
        break;
      }
      lock.unlock();
      write(response_line(m.id, {{"ok", true}, {"cancelled", cancelled}}));
      return;
    }
    if (queue_.size() >= kMaxQueued) {
      lock.unlock();
      write(response_line(m.id, {{"ok", false}, {"error", "too many requests are waiting"}}));
      return;
    }
    queue_.push_back({m.id, std::move(m.request)});
    wake_.notify_all();
  }

  void write(const std::string& line) {
    std::lock_guard lock(out_mutex_);
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fputc('\n', stdout);
    std::fflush(stdout);
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Queued> queue_;
  json running_;
  bool closed_ = false;
  std::atomic<bool> stop_{false};
  std::mutex out_mutex_;
};

}  // namespace

int cmd_engine() {
  EngineServer server;
  return server.serve();
}

}  // namespace sp::cli
