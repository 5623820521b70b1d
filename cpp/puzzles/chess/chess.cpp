// The chess puzzle's traits: params, bench cases, preparing a case, answers, the illustration.

#include "puzzles/chess/chess.h"

#include <algorithm>
#include <cstdio>
#include <map>

#include "core/engine.h"
#include "puzzles/chess/reference.h"
#include "puzzles/chess/sliders.h"

namespace sp::chess {
namespace {

constexpr const char* kModeNames[] = {"perft", "attacks"};
constexpr const char* kPieceNames[] = {"rook", "bishop", "queen"};
constexpr const char* kMeasureNames[] = {"throughput", "latency"};

template <class E, std::size_t N>
E parse_enum(const json& v, const char* const (&names)[N]) {
  for (std::size_t i = 0; i < N; ++i)
    if (v == names[i]) return static_cast<E>(i);
  return static_cast<E>(0);  // unreachable: the schema checked the choice
}

// splitmix64: the same pool on every platform.
struct SplitMix {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
};

// A bench case is named as the engine labels its records: case_name of the canonical params
// (so `bench --case` takes what a report shows; a named position appears as its FEN), with a short
// alias such as "kiwipete d5" that `bench --case` takes too.
NamedCase named_case(json params, std::string alias) {
  auto canonical = Chess::canonical_params(params, {});
  return {case_name(canonical ? canonical.value() : params), std::move(params), std::move(alias)};
}
NamedCase perft_case(const char* position, int depth) {
  return named_case({{"mode", "perft"}, {"fen", position}, {"depth", depth}, {"divide", false}},
                    std::string(position) + " d" + std::to_string(depth));
}
NamedCase attacks_case(const char* piece, const char* measure) {
  return named_case({{"mode", "attacks"}, {"piece", piece}, {"measure", measure}},
                    std::string(piece) + " " + measure);
}

std::vector<RegisteredKernel>& kernel_list() {
  static std::vector<RegisteredKernel> list;
  return list;
}

}  // namespace

bool register_kernel(KernelInfo info, KernelImpl impl) {
  kernel_list().push_back({info, impl});
  return sp::register_kernel<Chess>(std::move(info), impl);
}

const std::vector<RegisteredKernel>& registered_kernels() { return kernel_list(); }

bool Chess::add_kernel(KernelInfo info, const KernelImpl& impl) {
  info.summary += impl.table_bytes ? "; tables " + table_bytes_text(impl.table_bytes) : std::string("; no tables");
  return register_kernel(std::move(info), impl);
}

std::string hex64(Bitboard b) {
  char buf[19];
  std::snprintf(buf, sizeof buf, "0x%016llx", static_cast<unsigned long long>(b));
  return buf;
}

std::string table_bytes_text(std::size_t bytes) {
  std::string digits = std::to_string(bytes), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out + " bytes";
}

PoolStorage make_pool(std::uint32_t count, std::uint64_t seed) {
  PoolStorage p;
  SplitMix rng{seed};
  p.squares.resize(count);
  p.occupancy.resize(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    p.squares[i] = static_cast<std::uint8_t>(rng.next() & 63);
    p.occupancy[i] = rng.next() & rng.next();
  }
  return p;
}

double estimated_nodes(const Game& g, int depth) {
  if (depth <= 2) return static_cast<double>(reference_perft(g, depth));
  const double first = static_cast<double>(reference_perft(g, 1)), second = static_cast<double>(reference_perft(g, 2));
  if (first == 0) return 0;
  double n = second;
  for (int i = 2; i < depth; ++i) n *= second / first;
  return n;
}

bool within_budget(const KernelImpl& impl, const Case& c, std::string& why_not) {
  if (c.mode != Mode::perft || impl.node_budget <= 0 || c.estimated_nodes <= impl.node_budget) return true;
  char buf[220];
  std::snprintf(buf, sizeof buf,
                "the make-and-test reference makes every leaf; this case has about %.2g nodes, over its "
                "budget of %.0f million",
                c.estimated_nodes, impl.node_budget / 1e6);
  why_not = buf;
  return false;
}

PuzzleInfo Chess::info() {
  return {
      "chess",
      "Chess: sliding attacks and perft",
      "Sliding-piece attacks by Hyperbola Quintessence (a byte swap reverses a file or a "
      "diagonal: attacks = (o - 2r) ^ reverse(o' - 2r')), scalar and in SIMD lanes, against ray "
      "walking, classical ray scans, fancy magic, PEXT and Kogge-Stone fills; then each method "
      "inside a legal move generator (check and pin masks, bulk counting at the last ply), proved "
      "by perft against published counts and an independent make-and-test generator.",
      "https://www.chessprogramming.org/Hyperbola_Quintessence",
      "nodes",
      "ray-walk",
      {"ray-walk", "hq", "hq-simd", "classical", "fancy-magic", "pext", "kogge-stone", "stockfish"},
      "",  // no input file
  };
}

ParamSchema Chess::schema() {
  std::string names;
  for (const NamedPosition& n : kNamedPositions) names += std::string(names.empty() ? "" : ", ") + std::string(n.name);
  return {
      ParamSpec::choice("mode",
                        "perft: count the leaf nodes of the legal move tree; attacks: time sliding "
                        "attack lookups on " + std::to_string(kPoolSize) + " random (square, occupancy) pairs",
                        {"perft", "attacks"}, "perft"),
      ParamSpec::text("fen", "mode=perft: the position, as a FEN or a name (" + names + ")", "startpos", 100),
      ParamSpec::integer("depth", "mode=perft: plies to search", 0, kMaxDepth, 4),
      ParamSpec::flag("divide", "mode=perft: also count the leaves below each root move", false),
      ParamSpec::choice("piece", "mode=attacks: the slider looked up", {"rook", "bishop", "queen"}, "queen"),
      ParamSpec::choice("measure",
                        "mode=attacks: throughput (independent lookups) or latency (each "
                        "lookup's occupancy depends on the previous result)",
                        {"throughput", "latency"}, "throughput"),
  };
}

std::vector<NamedCase> Chess::cases() {
  std::vector<NamedCase> out;
  for (const char* piece : kPieceNames)
    for (const char* measure : kMeasureNames) out.push_back(attacks_case(piece, measure));
  out.push_back(perft_case("startpos", 4));  // the page's default case: native numbers for a newcomer's first run
  out.push_back(perft_case("startpos", 5));
  out.push_back(perft_case("startpos", 6));
  out.push_back(perft_case("kiwipete", 4));
  out.push_back(perft_case("kiwipete", 5));
  out.push_back(perft_case("position3", 6));
  out.push_back(perft_case("position4", 5));
  out.push_back(perft_case("position5", 4));
  out.push_back(perft_case("position6", 4));
  return out;
}

Expected<json> Chess::canonical_params(const json& params, const Input&) {
  if (params.at("mode") == "attacks")
    return json{{"mode", "attacks"}, {"piece", params.at("piece")}, {"measure", params.at("measure")}};
  auto game = parse_fen(params.at("fen").get_ref<const std::string&>());
  if (!game) return Error{"fen: " + game.error(), "fen"};
  return json{{"mode", "perft"}, {"fen", to_fen(game.value())}, {"depth", params.at("depth")}, {"divide", params.at("divide")}};
}

Expected<Case> Chess::prepare(const json& params, const Input& input) {
  if (input.present) return Error{"chess takes no input file"};
  Case c;
  c.mode = parse_enum<Mode>(params.at("mode"), kModeNames);
  auto game = parse_fen(params.value("fen", std::string("startpos")));
  if (!game) return Error{"fen: " + game.error(), "fen"};
  c.game = game.value();
  c.fen = to_fen(c.game);
  if (c.mode == Mode::attacks) {
    c.piece = parse_enum<SliderPiece>(params.at("piece"), kPieceNames);
    c.measure = parse_enum<Measure>(params.at("measure"), kMeasureNames);
    c.pool_storage = make_pool(kPoolSize, kPoolSeed);
    c.pool = {c.pool_storage.squares.data(), c.pool_storage.occupancy.data(), kPoolSize};
  } else {
    c.depth = params.at("depth").get<int>();
    c.divide = params.at("divide").get<bool>();
    c.estimated_nodes = estimated_nodes(c.game, c.depth);
  }
  return c;
}

Expected<Result<Answer>> Chess::run(const KernelImpl& impl, const Case& c, Workspace& w) {
  if (std::string why; !within_budget(impl, c, why)) return Error{why};
  Answer a;
  a.mode = c.mode;
  if (c.mode == Mode::attacks) {
    a.checksum = impl.attacks(c.pool, c.piece, c.measure);
    a.lookups = c.pool.count;
    return Result<Answer>{a, c.pool.count};
  }
  if (c.divide) {
    // Sized here, in baseline code, not inside a kernel's ISA pass (see simd/isa.h).
    if (w.divide.size() < static_cast<std::size_t>(kMaxMoves)) w.divide.resize(kMaxMoves);
    a.divide_count = impl.divide(c.game, c.depth, w.divide.data());
    a.divide = w.divide.data();
    a.nodes = c.depth == 0 ? 1 : 0;
    for (int i = 0; i < a.divide_count; ++i) a.nodes += a.divide[i].nodes;
  } else {
    a.nodes = impl.perft(c.game, c.depth);
  }
  return Result<Answer>{a, a.nodes};
}

std::vector<EntryPoint> Chess::entry_points(const KernelImpl& impl) {
  std::vector<EntryPoint> entries;
  if (impl.lookup) entries.push_back({"lookup", reinterpret_cast<std::uintptr_t>(impl.lookup)});
  if (impl.perft) entries.push_back({"perft", reinterpret_cast<std::uintptr_t>(impl.perft)});
  return entries;
}

json Chess::answer_json(const Answer& a) {
  if (a.mode == Mode::attacks) return {{"checksum", hex64(a.checksum)}, {"lookups", a.lookups}};
  json out = {{"nodes", a.nodes}};
  if (a.divide_count >= 0) {
    std::vector<std::pair<std::string, std::uint64_t>> lines;
    for (int i = 0; i < a.divide_count; ++i) lines.emplace_back(uci(a.divide[i].move), a.divide[i].nodes);
    std::sort(lines.begin(), lines.end());
    json list = json::array();
    for (const auto& [move, nodes] : lines) list.push_back({{"move", move}, {"nodes", nodes}});
    out["divide"] = std::move(list);
  }
  return out;
}

bool Chess::same_answer(const json& a, const json& b) {
  if (!a.contains("nodes") || !b.contains("nodes")) return a == b;
  if (a["nodes"] != b["nodes"]) return false;
  return !a.contains("divide") || !b.contains("divide") || a["divide"] == b["divide"];
}

std::optional<KnownAnswer> Chess::known(const Case& c) {
  if (c.mode != Mode::perft) return std::nullopt;
  const auto nodes = c.depth == 0 ? std::optional<std::uint64_t>(1) : published_perft(c.fen, c.depth);
  if (!nodes) return std::nullopt;
  return KnownAnswer{{{"nodes", *nodes}}, c.depth == 0 ? "perft(0) = 1" : *published_source(c.fen)};
}

bool Chess::applies(const KernelInfo& kernel, const Case& c, std::string& why_not) {
  if (kernel.isa == Isa::peer && c.mode != Mode::perft) {
    why_not = "a peer program is measured on perft only";
    return false;
  }
  for (const RegisteredKernel& k : registered_kernels())
    if (k.info.id == kernel.id && k.info.isa == kernel.isa) return within_budget(k.impl, c, why_not);
  return true;
}

json Chess::illustrate(const Case& c) { return illustrate_game(c.game); }

json illustrate_game(const Game& g) {
  const Position& p = g.position;
  const Bitboard occ = p.all();
  json board = json::array();
  for (Square s = 0; s < 64; ++s) {
    const char letter = piece_letter(p, s);
    board.push_back(letter ? std::string(1, letter) : std::string());
  }
  json sliders = json::array();
  for (Square s = 0; s < 64; ++s) {
    const char letter = piece_letter(p, s);
    const char kind = static_cast<char>(letter | 0x20);
    if (kind != 'b' && kind != 'r' && kind != 'q') continue;
    struct LineInfo {
      const char* name;
      Bitboard mask;
      bool bit_reversal;
    };
    const LineMasks& m = kLineMasks[s];
    std::vector<LineInfo> lines;
    if (kind != 'b') lines.push_back({"file", m.file, false}), lines.push_back({"rank", m.rank, true});
    if (kind != 'r') lines.push_back({"diagonal", m.diagonal, false}), lines.push_back({"anti-diagonal", m.anti_diagonal, false});
    json steps = json::array();
    Bitboard attacks = 0;
    for (const LineInfo& l : lines) {
      auto reverse = [&](Bitboard b) { return l.bit_reversal ? reverse_bits(b) : byte_swap(b); };
      const Bitboard r = square_bb(s);
      const Bitboard o = (occ & l.mask) | r;
      const Bitboard forward = o - 2 * r;
      const Bitboard o_rev = reverse(o), r_rev = reverse(r);
      const Bitboard backward_rev = o_rev - 2 * r_rev;
      const Bitboard backward = reverse(backward_rev);
      const Bitboard x = forward ^ backward;
      attacks |= x & l.mask;
      steps.push_back({{"line", l.name},
                       {"reversal", l.bit_reversal ? "bit reversal" : "byte swap"},
                       {"mask", hex64(l.mask)},
                       {"o", hex64(o)},
                       {"r", hex64(r)},
                       {"o-2r", hex64(forward)},
                       {"o'", hex64(o_rev)},
                       {"r'", hex64(r_rev)},
                       {"o'-2r'", hex64(backward_rev)},
                       {"reverse(o'-2r')", hex64(backward)},
                       {"xor", hex64(x)},
                       {"attacks", hex64(x & l.mask)}});
    }
    sliders.push_back({{"square", square_name(s)},
                       {"index", s},
                       {"piece", std::string(1, letter)},
                       {"attacks", hex64(attacks)},
                       {"lines", std::move(steps)}});
  }
  return {{"fen", to_fen(g)},
          {"side", g.side == kWhite ? "w" : "b"},
          {"board", std::move(board)},
          {"occupied", hex64(occ)},
          {"sliders", std::move(sliders)}};
}

}  // namespace sp::chess

namespace sp::chess {
namespace {

std::string fixed(double v, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

std::size_t table_bytes_of(const std::string& id, const std::string& isa) {
  for (const RegisteredKernel& k : registered_kernels())
    if (k.info.id == id && isa_name(k.info.isa) == isa && k.impl.table_bytes) return k.impl.table_bytes;
  return 0;
}

}  // namespace

json Chess::summarize(const json& records) {
  // rate[kernel/isa][column] in millions per second.
  std::vector<std::string> kernels;
  std::map<std::string, std::map<std::string, double>> rate;
  std::vector<std::string> perft_columns;
  for (const json& r : records) {
    if (!r.contains("timing") || !r["timing"].contains("units_per_second")) continue;
    const std::string k = r["kernel"].get<std::string>() + "/" + r["isa"].get<std::string>();
    if (std::find(kernels.begin(), kernels.end(), k) == kernels.end()) kernels.push_back(k);
    const json& p = r["params"];
    std::string column;
    if (p.value("mode", "") == "attacks") {
      column = p.value("piece", "") + " " + p.value("measure", "");
    } else {
      std::string fen = p.value("fen", "");
      for (const NamedPosition& n : kNamedPositions)
        if (auto g = parse_fen(n.fen); g && to_fen(g.value()) == fen) fen = std::string(n.name);
      if (fen.size() > 20) fen = fen.substr(0, 17) + "...";
      column = fen + " d" + std::to_string(p.value("depth", 0));
      if (std::find(perft_columns.begin(), perft_columns.end(), column) == perft_columns.end()) perft_columns.push_back(column);
    }
    rate[k][column] = r["timing"].value("units_per_second", 0.0) / 1e6;
  }
  if (kernels.empty()) return nullptr;
  auto cell = [&](const std::string& k, const std::string& c) {
    auto it = rate[k].find(c);
    return it == rate[k].end() ? std::string("-") : fixed(it->second, it->second < 10 ? 1 : 0);
  };

  json tables = json::array();
  const std::vector<std::string> attack_columns = {"rook throughput", "rook latency", "bishop throughput",
                                                   "bishop latency", "queen throughput", "queen latency"};
  json rows = json::array();
  for (const std::string& k : kernels) {
    bool any = false;
    for (const auto& c : attack_columns) any = any || rate[k].count(c);
    if (!any) continue;
    const std::size_t slash = k.find('/');
    json row = {k, table_bytes_text(table_bytes_of(k.substr(0, slash), k.substr(slash + 1)))};
    for (const auto& c : attack_columns) row.push_back(cell(k, c));
    rows.push_back(row);
  }
  if (!rows.empty()) {
    json header = {"kernel", "tables"};
    for (const auto& c : attack_columns) header.push_back(c);
    tables.push_back({{"title", "sliding attacks: million lookups per second (" + std::to_string(kPoolSize) +
                                    " random (square, occupancy) pairs)"},
                      {"header", header},
                      {"rows", rows}});
  }
  rows = json::array();
  for (const std::string& k : kernels) {
    json row = {k};
    bool any = false;
    for (const auto& c : perft_columns) any = any || rate[k].count(c), row.push_back(cell(k, c));
    if (any) rows.push_back(row);
  }
  if (!rows.empty()) {
    json header = {"kernel"};
    for (const auto& c : perft_columns) header.push_back(c);
    tables.push_back({{"title", "perft: million leaf nodes per second (one thread, bulk counting)"},
                      {"header", header},
                      {"rows", rows}});
  }

  // The ratios, where both sides ran.
  json notes = json::array();
  auto best = [&](const std::string& id, const std::string& column) {
    double b = 0;
    for (const auto& [k, m] : rate)
      if (k.substr(0, k.find('/')) == id && m.count(column)) b = std::max(b, m.at(column));
    return b;
  };
  for (const std::string& column : {std::string("queen throughput"), std::string("queen latency")}) {
    const double hq = best("hq", column), pext = best("pext", column), simd = best("hq-simd", column);
    if (hq > 0 && pext > 0) notes.push_back(column + ": hq / pext = " + fixed(hq / pext, 2) + " (target >= 0.6)");
    if (hq > 0 && simd > 0) notes.push_back(column + ": best hq-simd / hq = " + fixed(simd / hq, 2) + " (target >= 1)");
  }
  // Ours against Stockfish on each position both ran: the fastest of our kernels, named.
  for (const std::string& column : perft_columns) {
    const double stockfish = best("stockfish", column);
    std::string fastest;
    double ours = 0;
    for (const auto& [k, m] : rate)
      if (k.substr(k.find('/') + 1) != "peer" && m.count(column) && m.at(column) > ours) ours = m.at(column), fastest = k;
    if (stockfish > 0 && ours > 0)
      notes.push_back(column + ": " + fastest + " / stockfish = " + fixed(ours / stockfish, 2) + " (target >= 3)");
  }
  return {{"tables", tables}, {"notes", notes}};
}

}  // namespace sp::chess
