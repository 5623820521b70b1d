#include "core/listing.h"

#include <string>

#include "core/build_name.h"
#include "core/registry.h"


extern "C" [[gnu::noinline, gnu::used]] std::uint32_t sp_listing_anchor() {
  return 0x4c495354u;  // "LIST"
}

namespace sp {

json entry_points_json() {
  json kernels = json::array();
  for (const auto& puzzle : registry().puzzles()) {
    for (const auto& k : puzzle->kernels()) {
      json entries = json::array();
      for (const auto& e : k->entry_points())
        if (e.address != 0) entries.push_back({{"role", e.role}, {"address", std::to_string(e.address)}});
      if (entries.empty()) continue;  // a peer: another program, no listing
      kernels.push_back({{"puzzle", puzzle->info().id},
                         {"kernel", k->info().id},
                         {"isa", std::string(isa_name(k->info().isa))},
                         {"key", k->key()},
                         {"entries", entries}});
    }
  }
  return {{"build", build_name()},
          {"anchor", std::to_string(reinterpret_cast<std::uintptr_t>(&sp_listing_anchor))},
          {"kernels", kernels}};
}

}  // namespace sp
