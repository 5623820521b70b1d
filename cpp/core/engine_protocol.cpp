#include "core/engine_protocol.h"

#include "core/params.h"

namespace sp {
namespace {

constexpr std::int64_t kMaxId = (std::int64_t{1} << 53);  // exact in a JavaScript number

bool valid_id(const json& v) {
  return v.is_number_integer() && v.get<std::int64_t>() >= 0 && v.get<std::int64_t>() <= kMaxId;
}

ProtocolMessage invalid(json id, std::string why) {
  ProtocolMessage m;
  m.id = std::move(id);
  m.error = std::move(why);
  return m;
}

}  // namespace

ProtocolMessage parse_protocol_line(std::string_view line) {
  if (line.size() > kMaxProtocolLine) return invalid(nullptr, "the line is longer than 1 MiB");
  const json message = parse_json(line);
  if (message.is_discarded()) return invalid(nullptr, "the line is not JSON");
  if (!message.is_object()) return invalid(nullptr, "a message must be a JSON object");
  const json id = message.value("id", json());
  if (!valid_id(id)) return invalid(nullptr, "a message needs an \"id\": an integer in 0..2^53");
  for (auto it = message.begin(); it != message.end(); ++it)
    if (it.key() != "id" && it.key() != "request" && it.key() != "cancel")
      return invalid(id, "unknown field " + quote_user_text(it.key()) + " (a message has id and request, or id and cancel)");
  const bool has_request = message.contains("request"), has_cancel = message.contains("cancel");
  if (has_request == has_cancel) return invalid(id, "a message has either a request or a cancel");
  ProtocolMessage m;
  m.id = id;
  if (has_cancel) {
    if (!valid_id(message["cancel"])) return invalid(id, "cancel must name a request id");
    m.kind = ProtocolMessage::Kind::cancel;
    m.target = message["cancel"].get<std::int64_t>();
    return m;
  }
  if (!message["request"].is_object()) return invalid(id, "request must be a JSON object");
  m.kind = ProtocolMessage::Kind::request;
  m.request = message["request"];
  return m;
}

std::string ready_line(long pid) { return dump_json({{"ready", true}, {"pid", pid}}); }

std::string response_line(const json& id, const json& response) {
  return dump_json({{"id", id}, {"response", response}});
}

std::string progress_line(const json& id, const json& event) {
  return dump_json({{"id", id}, {"progress", event}});
}

}  // namespace sp
