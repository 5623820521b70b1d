// The Embind module: three functions, generic over the registry. Requests and responses are JSON
// text (the engine's schema, see core/engine.h); a puzzle needs nothing here.
//
//   handle(requestJson, onProgress?) -> responseJson   (onProgress(eventJson) during long runs)
//   setInput(Uint8Array) -> bool                        (a file the user picked; copied in once)
//   clearInput()
//
// Nothing here throws: bad JSON, bad params and oversize input come back as {"ok": false, ...}.
// The build has no C++ exception support, so an escaped exception would abort the module.

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cstdint>
#include <new>
#include <string>
#include <vector>

#include "core/engine.h"

namespace {

// The page reads local files up to this size (popcount inputs); larger ones get a message there.
constexpr std::size_t kMaxInputBytes = std::size_t{512} << 20;

std::vector<std::uint8_t>& input() {
  static std::vector<std::uint8_t> bytes;
  return bytes;
}

std::string handle(const std::string& request_text, emscripten::val on_progress) {
  const sp::json request = sp::parse_json(request_text);
  if (request.is_discarded())
    return sp::dump_json({{"ok", false}, {"error", "request is not valid JSON"}});
  sp::ProgressFn progress;
  if (on_progress.typeOf().as<std::string>() == "function")
    progress = [&](const sp::json& event) { on_progress(sp::dump_json(event)); };
  return sp::dump_json(sp::handle_request(request, input(), progress));
}

bool set_input(emscripten::val bytes) {
  const std::size_t n = bytes["length"].as<std::size_t>();
  auto& buffer = input();
  buffer.clear();
  if (n > kMaxInputBytes) return false;
  // Grow with nothrow semantics: a failed allocation must not abort the module.
  std::uint8_t* probe = new (std::nothrow) std::uint8_t[n ? n : 1];
  if (!probe) return false;
  delete[] probe;
  buffer.resize(n);
  // Copy straight from the JS array into wasm memory; the view is made after any heap growth.
  emscripten::val view(emscripten::typed_memory_view(n, buffer.data()));
  view.call<void>("set", bytes);
  return true;
}

void clear_input() {
  input().clear();
  input().shrink_to_fit();
}

}  // namespace

EMSCRIPTEN_BINDINGS(simd_puzzles) {
  emscripten::function("handle", &handle);
  emscripten::function("setInput", &set_input);
  emscripten::function("clearInput", &clear_input);
}
