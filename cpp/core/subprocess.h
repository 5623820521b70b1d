#pragma once
// A line-oriented conversation with an external program over pipes (POSIX), for peers: programs
// we measure beside our kernels on the same cases (Stockfish's `go perft`). Native builds only;
// in wasm `Subprocess::supported()` is false and start() fails with a message.

#include <cstdint>
#include <string>
#include <vector>

#include "core/expected.h"

namespace sp {

class Subprocess {
 public:
  Subprocess() = default;
  ~Subprocess();
  Subprocess(Subprocess&& other) noexcept;
  Subprocess& operator=(Subprocess&& other) noexcept;
  Subprocess(const Subprocess&) = delete;
  Subprocess& operator=(const Subprocess&) = delete;

  static bool supported();
  // The first of `candidates` that exists and is executable, or "".
  static std::string find_program(const std::vector<std::string>& candidates);

  // Starts `path` with no arguments, stdin and stdout piped, stderr discarded.
  Status start(const std::string& path);
  bool running() const { return pid_ > 0; }

  Status write(const std::string& text);
  // The next line of output without its newline; an error if the program ended or wrote nothing
  // for `timeout_ms`.
  Expected<std::string> read_line(int timeout_ms);

  // Closes its stdin, waits briefly, then kills it if it is still there.
  void stop();

 private:
  int pid_ = -1;
  int to_child_ = -1;
  int from_child_ = -1;
  std::string buffer_;
};

}  // namespace sp
