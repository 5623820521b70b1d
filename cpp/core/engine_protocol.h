#pragma once
// The resident engine's wire format (`simd-puzzles engine`): the engine's own JSON requests, one
// per line on standard input, and one JSON line per answer or progress event on standard output.
// The local server (scripts/lib/native-engine.mjs) keeps one such process, so the page's native
// side is the same request it sends its worker, never a command line built from it.
//
//   in:  {"id": 7, "request": {"action": "run", ...}}     a request (ids: integers 0..2^53)
//        {"id": 8, "cancel": 7}                           stop request 7 (running or queued)
//   out: {"ready": true, "pid": 1234}                     once, at start
//        {"id": 7, "progress": {...engine event...}}      while request 7 runs
//        {"id": 7, "response": {...engine response...}}  its one answer (also for a refusal)
//        {"id": 8, "response": {"ok": true, "cancelled": true|false}}
// A line that is not one of these gets {"id": null | its id, "response": {"ok": false, "error"}}.
// The engine reads no file in this mode: a request is all the input it has.

#include <cstdint>
#include <string>
#include <string_view>

#include "core/json.h"

namespace sp {

inline constexpr std::size_t kMaxProtocolLine = 1 << 20;  // 1 MiB: far above any page request

struct ProtocolMessage {
  enum class Kind { request, cancel, invalid } kind = Kind::invalid;
  json id;          // the integer id, or null when the line had none that could be read
  json request;     // kind == request
  std::int64_t target = 0;  // kind == cancel: the id to stop
  std::string error;        // kind == invalid: why, for a person
};

ProtocolMessage parse_protocol_line(std::string_view line);

std::string ready_line(long pid);
std::string response_line(const json& id, const json& response);
std::string progress_line(const json& id, const json& event);

}  // namespace sp
