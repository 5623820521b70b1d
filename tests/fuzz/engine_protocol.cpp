// Fuzz target `engine_protocol`: the resident engine's line parser (cpp/core/engine_protocol.h),
// what `simd-puzzles engine` reads from the local server, one JSON message per line.
//
// Input: one line's bytes, as the engine's reader hands them over (it splits at '\n'; anything
// else, NUL and '\r' included, can be in a line). Besides "no crash, no UB, no leak, no
// exception" it must hold:
//   - every line gets a kind: a request (an object, under a valid id), a cancel (a valid id and a
//     valid target), or invalid with a message for a person (no control characters, UTF-8 when
//     the line was); an id that is read is an integer in 0..2^53, else null;
//   - the kind agrees with an independent reading of the same JSON: exactly {id, request} with an
//     object request, or exactly {id, cancel}, both ids integers in range;
//   - what the engine writes back is one line each (no raw newline in a response or a progress
//     line, whatever the request or the error held), and it parses back to the same id and body:
//     the server reads answers line by line (scripts/lib/native-engine.mjs);
//   - a request re-serialised and parsed again is the same message (the parse is a fixed point).
//
// Cost: nothing is executed; a line is parsed and serialised a few times, linear in its length
// (libFuzzer's -max_len keeps lines far below kMaxProtocolLine, tested once with a long line).

#include <cstdint>
#include <string>

#include "core/engine_protocol.h"
#include "fuzz_check.h"
#include "fuzz_target.h"

namespace fuzz_engine_protocol {

using sp::json;
using Kind = sp::ProtocolMessage::Kind;

constexpr std::int64_t kMaxId = std::int64_t{1} << 53;

bool valid_id(const json& v) {
  return v.is_number_integer() && v.get<std::int64_t>() >= 0 && v.get<std::int64_t>() <= kMaxId;
}

// The kind a line must get, read here without the parser's own code: what the wire format says.
Kind expected_kind(const json& message) {
  if (!message.is_object() || !message.contains("id") || !valid_id(message["id"])) return Kind::invalid;
  const bool request = message.contains("request"), cancel = message.contains("cancel");
  if (message.size() != 2 || request == cancel) return Kind::invalid;
  if (request) return message["request"].is_object() ? Kind::request : Kind::invalid;
  return valid_id(message["cancel"]) ? Kind::cancel : Kind::invalid;
}

// An answer line goes back as one line and reads back as what was sent.
void check_line(const std::string& line, const json& id, const char* field, const json& body) {
  SP_FUZZ_CHECK(line.find('\n') == std::string::npos && line.find('\r') == std::string::npos,
                "an engine line holds a line break: ", line.substr(0, 300));
  const json back = sp::parse_json(line);
  SP_FUZZ_CHECK(back.is_object() && back.size() == 2 && back.contains(field), "an engine line does not read back: ",
                line.substr(0, 300));
  SP_FUZZ_CHECK(back["id"] == id, "an engine line's id changed: ", line.substr(0, 300));
  // Invalid UTF-8 is replaced when written, so only a UTF-8 body must come back unchanged.
  if (sp::fuzz::all_strings_utf8(body))
    SP_FUZZ_CHECK(back[field] == body, "an engine line's body changed: ", line.substr(0, 300));
}

SP_FUZZ_INIT(engine_protocol) {
  // Once: a line past the limit is refused without being parsed.
  const sp::ProtocolMessage long_line = sp::parse_protocol_line(std::string(sp::kMaxProtocolLine + 1, ' '));
  SP_FUZZ_CHECK(long_line.kind == Kind::invalid && long_line.id.is_null(), "a line over 1 MiB was taken");
  return 0;
}

SP_FUZZ_TARGET(engine_protocol, data, size) {
  const std::string_view line = sp::fuzz::as_text(data, size);
  const bool utf8 = sp::fuzz::valid_utf8(line);
  const sp::ProtocolMessage m = sp::parse_protocol_line(line);

  SP_FUZZ_CHECK(m.id.is_null() || valid_id(m.id), "a message id out of range: ", sp::dump_json(m.id));
  const json parsed = sp::parse_json(line);
  SP_FUZZ_CHECK(m.kind == expected_kind(parsed), "the kind disagrees with the wire format for: ",
                std::string(line.substr(0, 300)));

  switch (m.kind) {
    case Kind::invalid: {
      sp::fuzz::check_message(m.error, utf8, "protocol");
      check_line(sp::response_line(m.id, {{"ok", false}, {"error", m.error}}), m.id, "response",
                 {{"ok", false}, {"error", m.error}});
      break;
    }
    case Kind::cancel:
      SP_FUZZ_CHECK(valid_id(m.id) && m.target >= 0 && m.target <= kMaxId, "a cancel with an id out of range");
      SP_FUZZ_CHECK(parsed["cancel"].get<std::int64_t>() == m.target, "a cancel names another request");
      break;
    case Kind::request: {
      SP_FUZZ_CHECK(valid_id(m.id) && m.request.is_object(), "a request that is not an object under a valid id");
      SP_FUZZ_CHECK(m.request == parsed["request"], "the request changed on the way in");
      // Serialised and read again: the same message.
      const sp::ProtocolMessage again = sp::parse_protocol_line(sp::dump_json({{"id", m.id}, {"request", m.request}}));
      if (sp::fuzz::all_strings_utf8(m.request))
        SP_FUZZ_CHECK(again.kind == Kind::request && again.id == m.id && again.request == m.request,
                      "a request does not survive a round trip: ", sp::dump_json(m.request).substr(0, 300));
      // Whatever the request held comes back in one line: an echo of it as a response and as a
      // progress event (the engine's answers quote a request's text).
      check_line(sp::response_line(m.id, m.request), m.id, "response", m.request);
      check_line(sp::progress_line(m.id, m.request), m.id, "progress", m.request);
      break;
    }
  }
  return 0;
}

}  // namespace fuzz_engine_protocol
