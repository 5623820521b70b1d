#include "core/subprocess.h"

#if defined(__linux__) && !defined(__EMSCRIPTEN__)
#define SP_HAS_SUBPROCESS 1
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

extern char** environ;
#else
#define SP_HAS_SUBPROCESS 0
#endif

namespace sp {

Subprocess::~Subprocess() { stop(); }

Subprocess::Subprocess(Subprocess&& other) noexcept { *this = std::move(other); }

Subprocess& Subprocess::operator=(Subprocess&& other) noexcept {
  if (this != &other) {
    stop();
    pid_ = other.pid_;
    to_child_ = other.to_child_;
    from_child_ = other.from_child_;
    buffer_ = std::move(other.buffer_);
    other.pid_ = other.to_child_ = other.from_child_ = -1;
  }
  return *this;
}

bool Subprocess::supported() { return SP_HAS_SUBPROCESS; }

#if SP_HAS_SUBPROCESS

std::string Subprocess::find_program(const std::vector<std::string>& candidates) {
  for (const auto& c : candidates)
    if (access(c.c_str(), X_OK) == 0) return c;
  return "";
}

Status Subprocess::start(const std::string& path) {
  stop();
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0) return Error{"cannot make a pipe: " + std::string(std::strerror(errno))};
  if (pipe2(out, O_CLOEXEC) != 0) {
    close(in[0]);
    close(in[1]);
    return Error{"cannot make a pipe: " + std::string(std::strerror(errno))};
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  char* argv[] = {const_cast<char*>(path.c_str()), nullptr};
  pid_t pid = -1;
  const int rc = posix_spawn(&pid, path.c_str(), &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  close(in[0]);
  close(out[1]);
  if (rc != 0) {
    close(in[1]);
    close(out[0]);
    return Error{"cannot start " + path + ": " + std::strerror(rc)};
  }
  pid_ = pid;
  to_child_ = in[1];
  from_child_ = out[0];
  buffer_.clear();
  signal(SIGPIPE, SIG_IGN);  // a peer that dies mid-write is an error value, not our death
  return success();
}

Status Subprocess::write(const std::string& text) {
  if (!running()) return Error{"the program is not running"};
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(to_child_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Error{"the program stopped reading its input"};
    done += static_cast<std::size_t>(n);
  }
  return success();
}

Expected<std::string> Subprocess::read_line(int timeout_ms) {
  if (!running()) return Error{"the program is not running"};
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    const auto nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) return Error{"the program wrote nothing for " + std::to_string(timeout_ms) + " ms"};
    pollfd p{from_child_, POLLIN, 0};
    const int ready = poll(&p, 1, static_cast<int>(left));
    if (ready < 0 && errno == EINTR) continue;
    if (ready <= 0) continue;
    char chunk[4096];
    const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Error{"the program ended"};
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

void Subprocess::stop() {
  if (to_child_ >= 0) close(to_child_);
  to_child_ = -1;
  if (pid_ > 0) {
    // A well-behaved program exits when its input closes; give it a moment, then insist.
    for (int i = 0; i < 50; ++i) {
      if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
        pid_ = -1;
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
      pid_ = -1;
    }
  }
  if (from_child_ >= 0) close(from_child_);
  from_child_ = -1;
  buffer_.clear();
}

#else

std::string Subprocess::find_program(const std::vector<std::string>&) { return ""; }
Status Subprocess::start(const std::string&) { return Error{"this build cannot start programs"}; }
Status Subprocess::write(const std::string&) { return Error{"this build cannot start programs"}; }
Expected<std::string> Subprocess::read_line(int) { return Error{"this build cannot start programs"}; }
void Subprocess::stop() {}

#endif

}  // namespace sp
