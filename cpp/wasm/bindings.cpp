// The Embind module: four functions, generic over the registry. Requests and responses are JSON
// text (the engine's schema, see core/engine.h); a puzzle needs nothing here.
//
//   handle(requestJson, onProgress?) -> responseJson   (onProgress(eventJson) during long runs)
//   setInput(Uint8Array) -> bool                        (a file the user picked, possibly empty; copied in once)
//   clearInput()                                         (no file: puzzles generate their data)
//   entryPoints() -> json                                (each kernel's entry functions as table
//                                                         indices, for scripts/build-listings.mjs)
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
#include "core/listing.h"

namespace {

// The page reads local files up to this size (popcount inputs); larger ones get a message there.
constexpr std::size_t kMaxInputBytes = std::size_t{512} << 20;

// The picked file. `present` is separate from the bytes: an empty file is a file (0 set bits).
struct PickedFile {
  bool present = false;
  std::vector<std::uint8_t> bytes;
};

PickedFile& picked() {
  static PickedFile file;
  return file;
}

void clear_input() {
  picked().present = false;
  picked().bytes.clear();
  picked().bytes.shrink_to_fit();
}

std::string handle(const std::string& request_text, emscripten::val on_progress) {
  const sp::json request = sp::parse_json(request_text);
  if (request.is_discarded())
    return sp::dump_json({{"ok", false}, {"error", "request is not valid JSON"}});
  sp::ProgressFn progress;
  if (on_progress.typeOf().as<std::string>() == "function")
    progress = [&](const sp::json& event) { on_progress(sp::dump_json(event)); };
  const PickedFile& file = picked();
  return sp::dump_json(sp::handle_request(request, file.present ? sp::Input::file(file.bytes) : sp::Input::none(), progress));
}

bool set_input(emscripten::val bytes) {
  const std::size_t n = bytes["length"].as<std::size_t>();
  clear_input();
  auto& buffer = picked().bytes;
  if (n > kMaxInputBytes) return false;
  // Grow with nothrow semantics: a failed allocation must not abort the module.
  std::uint8_t* probe = new (std::nothrow) std::uint8_t[n ? n : 1];
  if (!probe) return false;
  delete[] probe;
  buffer.resize(n);
  // Copy straight from the JS array into wasm memory; the view is made after any heap growth.
  emscripten::val view(emscripten::typed_memory_view(n, buffer.data()));
  view.call<void>("set", bytes);
  picked().present = true;
  return true;
}

}  // namespace

EMSCRIPTEN_BINDINGS(simd_puzzles) {
  emscripten::function("handle", &handle);
  emscripten::function("setInput", &set_input);
  emscripten::function("clearInput", &clear_input);
  emscripten::function("entryPoints", +[]() { return sp::dump_json(sp::entry_points_json()); });
}
