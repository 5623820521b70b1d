// Stockfish as a peer: Debian's `stockfish` binary measured beside our perft kernels on the same
// positions, in the same report. It is a separate program we talk to over pipes (UCI:
// "position fen ...", "go perft N"; it prints one "move: nodes" line per root move, then
// "Nodes searched: N"), never linked. Its perft counts leaves in bulk at the last ply, as ours
// do, so nodes per second compare like for like.
//
// One process per timed loop, started and warmed outside timing; each timed rep is one
// "go perft" round trip (the pipe's cost is microseconds against perft's milliseconds).
// Native builds only: the page measures Stockfish.js in its own worker instead.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/subprocess.h"
#include "core/typed_puzzle.h"
#include "puzzles/chess/chess.h"

#if !defined(__EMSCRIPTEN__)

namespace sp::chess {
namespace {

const std::vector<std::string> kStockfishPaths = {"/usr/games/stockfish", "/usr/bin/stockfish", "/usr/local/bin/stockfish"};

// A line must arrive within this long: generous for the deepest case the budget lets through,
// short enough that a stuck program ends in an error rather than a hang.
int line_timeout_ms(const Case& c) {
  const double seconds = 10 + c.estimated_nodes / 20e6;  // Stockfish's perft: well over 50 M nodes/s
  return seconds > 3600 ? 3600 * 1000 : static_cast<int>(seconds * 1000);
}

struct PerftReply {
  std::uint64_t nodes = 0;
  json divide = json::array();  // [{move, nodes}], sorted by move as Chess::answer_json sorts ours
};

class StockfishSession {
 public:
  static Expected<StockfishSession> open() {
    const std::string path = Subprocess::find_program(kStockfishPaths);
    if (path.empty()) return Error{"stockfish is not installed (setup.sh installs Debian's package)"};
    StockfishSession s;
    if (auto st = s.process_.start(path); !st) return st.error_detail();
    // One thread, like our kernels; perft uses no hash table, so its size does not matter.
    if (auto st = s.process_.write("uci\nsetoption name Threads value 1\nisready\n"); !st) return st.error_detail();
    for (;;) {
      auto line = s.process_.read_line(10000);
      if (!line) return Error{"stockfish did not answer 'isready': " + line.error()};
      if (line.value() == "readyok") break;
    }
    return s;
  }

  Status set_position(const std::string& fen) { return process_.write("position fen " + fen + "\n"); }

  Expected<PerftReply> perft(int depth, int timeout_ms) {
    if (auto st = process_.write("go perft " + std::to_string(depth) + "\n"); !st) return st.error_detail();
    PerftReply reply;
    for (;;) {
      auto line = process_.read_line(timeout_ms);
      if (!line) return Error{"stockfish's perft did not finish: " + line.error()};
      const std::string& text = line.value();
      unsigned long long n = 0;
      if (std::sscanf(text.c_str(), "Nodes searched: %llu", &n) == 1) {
        reply.nodes = n;
        break;
      }
      // "e2e4: 600" (UCI move, colon, count); anything else (info lines) is skipped.
      const auto colon = text.find(": ");
      if (colon != std::string::npos && colon >= 4 && colon <= 5 && std::sscanf(text.c_str() + colon + 2, "%llu", &n) == 1)
        reply.divide.push_back({{"move", text.substr(0, colon)}, {"nodes", n}});
    }
    std::sort(reply.divide.begin(), reply.divide.end(), [](const json& a, const json& b) { return a["move"] < b["move"]; });
    return reply;
  }

 private:
  Subprocess process_;
};

json reply_json(const Case& c, const PerftReply& r) {
  json out = {{"nodes", r.nodes}};
  if (c.divide) out["divide"] = r.divide;
  return out;
}

class StockfishLoop final : public Timeable {
 public:
  StockfishLoop(StockfishSession session, const Case& c) : session_(std::move(session)), case_(c) {}
  Status run(std::uint64_t reps) override {
    for (std::uint64_t i = 0; i < reps; ++i) {
      auto r = session_.perft(case_.depth, line_timeout_ms(case_));
      if (!r) return r.error_detail();
      if (r.value().nodes != nodes_) return Error{"stockfish changed its answer between runs"};
    }
    return success();
  }
  std::uint64_t work_per_op() const override { return nodes_; }
  void set_nodes(std::uint64_t n) { nodes_ = n; }

 private:
  StockfishSession session_;
  const Case& case_;
  std::uint64_t nodes_ = 0;
};

class StockfishPeer final : public Kernel {
 public:
  StockfishPeer()
      : Kernel({"stockfish", Isa::peer, 0, "Debian's Stockfish, `go perft` over a pipe (a separate program, GPL): the peer to beat",
                "peer"}) {}

  bool available() const override { return !Subprocess::find_program(kStockfishPaths).empty(); }
  std::string unavailable_reason() const override {
    return Subprocess::supported() ? "stockfish is not installed (Debian package stockfish)" : "no subprocesses in this build";
  }

  Expected<Outcome> run(const PreparedCase& prepared) const override {
    const Case& c = TypedPuzzle<Chess>::unwrap(prepared);
    if (c.mode != Mode::perft) return Error{"stockfish measures perft only"};
    auto session = StockfishSession::open();
    if (!session) return session.error_detail();
    if (auto st = session.value().set_position(c.fen); !st) return st.error_detail();
    auto r = session.value().perft(c.depth, line_timeout_ms(c));
    if (!r) return r.error_detail();
    return Outcome{reply_json(c, r.value()), r.value().nodes};
  }

  Expected<std::unique_ptr<Timeable>> timeable(const PreparedCase& prepared) const override {
    const Case& c = TypedPuzzle<Chess>::unwrap(prepared);
    if (c.mode != Mode::perft) return Error{"stockfish measures perft only"};
    auto session = StockfishSession::open();
    if (!session) return session.error_detail();
    if (auto st = session.value().set_position(c.fen); !st) return st.error_detail();
    auto warm = session.value().perft(c.depth, line_timeout_ms(c));  // outside timing, as for our kernels
    if (!warm) return warm.error_detail();
    auto loop = std::make_unique<StockfishLoop>(std::move(session.value()), c);
    loop->set_nodes(warm.value().nodes);
    return std::unique_ptr<Timeable>(std::move(loop));
  }
};

const bool registered = [] {
  typed_puzzle<Chess>().add_kernel(std::make_unique<StockfishPeer>());
  return true;
}();

}  // namespace
}  // namespace sp::chess

#endif
