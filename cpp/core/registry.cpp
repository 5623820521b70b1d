#include "core/registry.h"

#include <algorithm>
#include <utility>

#include "core/typed_puzzle.h"

namespace sp {

volatile std::uint64_t detail::g_sink = 0;

std::uint64_t fnv1a64(Bytes bytes) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ull;
  return h;
}

std::string KernelInfo::key() const { return id + "/" + std::string(isa_name(isa)); }

std::string Kernel::key() const { return info_.key(); }

std::string Kernel::unavailable_reason() const {
  return "needs " + cpu::feature_names(info_.needs) + "; this CPU or build lacks " +
         cpu::feature_names(info_.needs & ~cpu::features());
}

const Kernel* Puzzle::find_kernel(const std::string& id, Isa isa) const {
  for (const auto& k : kernels_)
    if (k->info().id == id && k->info().isa == isa) return k.get();
  return nullptr;
}

const Kernel* Puzzle::reference() const {
  for (const auto& k : kernels_)
    if (k->info().id == info_.reference_kernel && k->available()) return k.get();
  return nullptr;
}

void Puzzle::add_kernel(std::unique_ptr<Kernel> k) {
  kernels_.push_back(std::move(k));
  auto rank = [this](const Kernel& kernel) {
    const auto& order = info_.kernel_order;
    auto it = std::find(order.begin(), order.end(), kernel.info().id);
    return std::pair(it - order.begin(), static_cast<int>(kernel.info().isa));
  };
  std::stable_sort(kernels_.begin(), kernels_.end(),
                   [&](const auto& a, const auto& b) { return rank(*a) < rank(*b); });
}

Expected<json> Puzzle::canonical_params(const json& raw_params, const Input& input) const {
  if (input.present && info_.input_file.empty()) return Error{info_.id + " takes no input file"};
  auto params = validate_params(params_, raw_params);
  if (!params) return params;
  return canonicalise(params.value(), input);
}

Expected<std::unique_ptr<PreparedCase>> Puzzle::prepare(const json& raw_params, const Input& input) const {
  auto params = canonical_params(raw_params, input);
  if (!params) return params.error_detail();
  auto prepared = prepare_validated(params.value(), input);
  if (prepared) {
    PreparedCase& c = *prepared.value();
    c.params = std::move(params.value());
    c.has_input = input.present;
    c.input_bytes = input.bytes.size();
    c.input_digest = input.present ? fnv1a64(input.bytes) : 0;
  }
  return prepared;
}

Puzzle& Registry::add(std::unique_ptr<Puzzle> p) {
  Puzzle& added = *p;
  puzzles_.push_back(std::move(p));
  // Keep a stable order regardless of static-initialisation order across object files.
  std::sort(puzzles_.begin(), puzzles_.end(),
            [](const auto& a, const auto& b) { return a->info().id < b->info().id; });
  return added;
}

void Registry::add_pass(std::string_view name, Isa isa, std::uint32_t needs) {
  for (const auto& p : passes_)
    if (p.name == name) return;  // every puzzle of a pass registers the same row of isa.h
  passes_.push_back({std::string(name), isa, needs});
  std::sort(passes_.begin(), passes_.end(), [](const auto& a, const auto& b) {
    return std::pair(static_cast<int>(a.isa), std::string_view(a.name)) <
           std::pair(static_cast<int>(b.isa), std::string_view(b.name));
  });
}

const Puzzle* Registry::find(const std::string& id) const {
  for (const auto& p : puzzles_)
    if (p->info().id == id) return p.get();
  return nullptr;
}

Registry& registry() {
  static Registry instance;
  return instance;
}

json catalog_json() {
  json puzzles = json::array();
  for (const auto& p : registry().puzzles()) {
    const auto& info = p->info();
    json kernels = json::array();
    for (const auto& k : p->kernels()) {
      const auto& ki = k->info();
      kernels.push_back({{"id", ki.id},
                         {"isa", std::string(isa_name(ki.isa))},
                         {"key", k->key()},
                         {"group", ki.group},
                         {"needs", cpu::feature_names(ki.needs)},
                         {"available", k->available()},
                         {"summary", ki.summary}});
      if (!k->available()) kernels.back()["unavailable_reason"] = k->unavailable_reason();
    }
    json cases = json::array();
    for (const auto& c : p->bench_cases()) {
      cases.push_back({{"name", c.name}, {"params", c.params}});
      if (!c.alias.empty()) cases.back()["alias"] = c.alias;
    }
    puzzles.push_back({{"id", info.id},
                       {"title", info.title},
                       {"summary", info.summary},
                       {"source_url", info.source_url},
                       {"work_unit", info.work_unit},
                       {"reference_kernel", info.reference_kernel},
                       // Every kernel id the puzzle has in some build (display order), for data
                       // from elsewhere: a native report names kernels this build lacks.
                       {"kernel_order", info.kernel_order},
                       {"input_file", info.input_file},
                       {"solves_contest_input", !info.solve_preference.empty()},
                       {"params", schema_to_json(p->params())},
                       {"bench_cases", cases},
                       {"kernels", kernels}});
  }
  json isas = json::array();
#define SP_ISA_JSON(id, name, bits) isas.push_back({{"name", name}, {"bits", bits}});
  SP_ISA_LIST(SP_ISA_JSON)
#undef SP_ISA_JSON
  return {{"puzzles", puzzles}, {"isas", isas}};
}

json passes_json() {
  json passes = json::array();
  for (const auto& p : registry().passes())
    passes.push_back({{"name", p.name},
                      {"isa", std::string(isa_name(p.isa))},
                      {"needs", cpu::feature_names(p.needs)},
                      {"runs", p.runs()}});
  return {{"arch", cpu::arch_name()},
          {"cpu", cpu::model_name()},
          {"features", cpu::feature_names(cpu::features())},
          {"passes", passes}};
}

}  // namespace sp
