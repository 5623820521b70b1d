// The puzzle's registry side: parameters, bench cases, the answer as JSON, contest I/O, which
// kernel applies to which case, and the illustration.

#include "puzzles/cephalopod/cephalopod.h"

#include <cstdio>
#include <map>

#include "core/engine.h"

namespace sp::cephalopod {

Result<Answer> no_moves(const Case& c) {
  Answer a;
  a.sum = hash(c.board) % kHashModulus;
  return {a, 0};
}

std::string format_bytes(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 20) && bytes % (std::size_t{1} << 20) == 0) return std::to_string(bytes >> 20) + " MiB";
  if (bytes >= (std::size_t{1} << 10) && bytes % (std::size_t{1} << 10) == 0) return std::to_string(bytes >> 10) + " KiB";
  return std::to_string(bytes) + " bytes";
}

Error out_of_memory(const char* what, const Budget& budget, std::size_t boards) {
  std::string msg = std::string(what) + ": the search needs more than " + format_bytes(budget.cap) + " of tables";
  if (boards) msg += " (one depth reached " + std::to_string(boards) + " boards)";
  return Error{msg};
}

// Classes, each with the set of its 8 orientations actually reached (one bit per slot of the
// symmetric BFS, carried to the children the way path counts are): a start board without
// symmetry reaches only some images of a class. Boards per level = the distinct images of the
// reached orientations.
Expected<std::vector<LevelProfile>> level_profile(const Case& c, Workspace& ws, std::uint64_t max_classes) {
  std::vector<LevelProfile> out;
  Level<1>* cur = &ws.plain[0];
  Level<1>* next = &ws.plain[1];
  cur->clear();
  if (!cur->reserve(ws.budget, 1)) return out_of_memory("illustrate", ws.budget, 1);
  bool added = false;
  const Canonical c0 = canonicalize(c.board);
  *cur->counts(cur->find_or_add(c0.board, added)) = 1u << kGroup.inverse[static_cast<std::size_t>(c0.sym)];
  // reached[j][m]: the orientations of a child stored as t_j(x), from the parent's set m.
  static const auto reached = [] {
    std::array<std::array<std::uint8_t, 256>, kSymmetries> r{};
    for (int j = 0; j < kSymmetries; ++j)
      for (unsigned m = 0; m < 256; ++m)
        for (int k = 0; k < kSymmetries; ++k)
          if (m >> kCountFrom[static_cast<std::size_t>(j)][static_cast<std::size_t>(k)] & 1u)
            r[static_cast<std::size_t>(j)][m] |= static_cast<std::uint8_t>(1u << k);
    return r;
  }();
  std::uint64_t seen = 0;
  Board kids[kChildBuffer];
  for (int d = 0;; ++d) {
    LevelProfile p{d, 0, cur->size(), 0};
    for (std::uint32_t i = 0; i < cur->size(); ++i) {
      const Board b = cur->key(i);
      Board images[kSymmetries];
      int distinct = 0;
      for (unsigned m = *cur->counts(i); m; m &= m - 1) {
        const Board image = apply(__builtin_ctz(m), b);
        bool fresh = true;
        for (int k = 0; k < distinct; ++k) fresh = fresh && images[k] != image;
        if (fresh) images[distinct++] = image;
      }
      p.boards += static_cast<std::uint64_t>(distinct);
      if (is_full(b)) p.full += static_cast<std::uint64_t>(distinct);
    }
    out.push_back(p);
    seen += p.classes;
    if (d == c.depth || seen > max_classes) break;
    next->clear();
    for (std::uint32_t i = 0; i < cur->size(); ++i) {
      const Board b = cur->key(i);
      if (is_full(b)) continue;
      if (!next->reserve(ws.budget, kMaxChildren)) return out_of_memory("illustrate", ws.budget, next->size());
      const unsigned mask = *cur->counts(i);
      const int n = write_children(b, kids);
      for (int k = 0; k < n; ++k) {
        const Canonical cx = canonicalize(kids[k]);
        std::uint32_t* slots = next->counts(next->find_or_add(cx.board, added));
        const std::uint32_t from = reached[static_cast<std::size_t>(cx.sym)][mask];
        *slots = added ? from : *slots | from;
      }
    }
    std::swap(cur, next);
  }
  return out;
}

namespace {

// The 12 public tests of the contest (inputs only), and the heavy cases: the empty board, and
// sparse boards without symmetry (2, 3 and 4 dice) that are as heavy, chosen here and checked
// against the reference kernel run without its memory cap (see tests/data).
struct BenchInput {
  int depth;
  const char* board;
};
constexpr BenchInput kOfficial[] = {{20, "060222161"}, {20, "506450064"}, {1, "555005555"},  {1, "616101616"},
                                    {8, "606000615"},  {24, "300362102"}, {36, "604202400"}, {32, "000054105"},
                                    {40, "004024134"}, {40, "054030030"}, {20, "051000401"}, {20, "100352100"}};
constexpr BenchInput kHeavy[] = {{20, "000000000"}, {30, "000000000"}, {40, "000000000"},
                                 {40, "100000020"}, {38, "100001020"}, {36, "100100011"}};

json params_of(int depth, const std::string& board) { return {{"board", board}, {"depth", depth}}; }

// The reference expands about a million boards in a few seconds, and holds its maps within the
// workspace's cap (see reference.cpp): past either, the case is for the fast kernels only.
constexpr std::uint64_t kReferenceBoards = 1'500'000;

std::string fixed(double v, int decimals) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

}  // namespace

PuzzleInfo Cephalopod::info() {
  PuzzleInfo i{
      "cephalopod",
      "Cephalopod",
      "Play every move sequence of up to `depth` turns on a 3x3 Cephalopod dice board (CodinGame "
      "Spring Challenge 2025) and sum the final boards' 9-digit hashes mod 2^30. A 27-bit board "
      "word with SWAR moves, boards merged per depth, 8-fold symmetry, Karang's cached DFS with "
      "vector move generation, a BFS level expanded one board per SIMD lane, and (P, m) layers "
      "that expand each class once.",
      "https://gist.github.com/Karang/a00e6641eca5958ce7f5459787812e02",
      "boards expanded",
      "reference",
      {"reference", "swar-bfs", "swar-bfs-sym", "dfs-cache", "simd-dfs", "lanes", "layered"},
  };
  i.solve_preference = {"lanes", "swar-bfs-sym"};
  return i;
}

ParamSchema Cephalopod::schema() {
  return {ParamSpec::integer("depth", "turns to play; a game that fills the board ends early", 0, kMaxDepth, 20),
          ParamSpec::text("board",
                          "9 cells row by row, 0 for empty or a die 1-6: 060222161, 060/222/161 or 0 6 0 2 2 2 1 6 1",
                          "060222161", 64)};
}

std::vector<NamedCase> Cephalopod::cases() {
  std::vector<NamedCase> out;
  auto add = [&out](const BenchInput& b) {
    json params = params_of(b.depth, b.board);
    out.push_back({case_name(params), params});
  };
  for (const BenchInput& b : kOfficial) add(b);
  for (const BenchInput& b : kHeavy) add(b);
  return out;
}

Expected<json> Cephalopod::canonical_params(const json& params, const Input& input) {
  if (input.present) return Error{"cephalopod takes no input file"};
  auto board = parse_board(params.at("board").get<std::string>());
  if (!board) return board.error_detail();
  return params_of(params.at("depth").get<int>(), board_digits(board.value()));
}

Expected<Case> Cephalopod::prepare(const json& params, const Input& input) {
  if (input.present) return Error{"cephalopod takes no input file"};
  auto board = parse_board(params.at("board").get<std::string>());
  if (!board) return board.error_detail();
  Case c;
  c.depth = params.at("depth").get<int>();
  c.digits = board.value();
  c.board = encode(c.digits);
  return c;
}

json Cephalopod::answer_json(const Answer& a) {
  json j = {{"sum", a.sum}, {"states_expanded", a.states_expanded}};
  if (a.distinct_finals) j["distinct_finals"] = a.distinct_finals;
  return j;
}

bool Cephalopod::same_answer(const json& a, const json& b) {
  return a.is_object() && b.is_object() && a.contains("sum") && b.contains("sum") && a["sum"] == b["sum"];
}

bool reference_takes(const Case& c, std::string& why_not) {
  auto ws = std::make_unique<Workspace>();
  auto profile = level_profile(c, *ws, kReferenceBoards / 4);
  std::uint64_t boards = 0, widest = 0;
  if (profile) {
    for (std::size_t d = 0; d < profile.value().size(); ++d) {
      boards += profile.value()[d].boards;
      widest = std::max(widest, profile.value()[d].boards);
    }
  }
  const bool complete = profile && profile.value().back().depth == c.depth;
  const std::uint64_t fit = Budget{}.cap / 96 / 2;  // a level and the next one (reference.cpp)
  if (complete && boards <= kReferenceBoards && widest <= fit) return true;
  why_not = "the map-based reference would expand more than " + std::to_string(kReferenceBoards) +
            " boards or hold more than " + std::to_string(fit) + " in one depth (tens of seconds, and more than " +
            format_bytes(Budget{}.cap) + "); the fast kernels are checked against it on lighter cases";
  return false;
}

bool Cephalopod::applies(const KernelInfo& kernel, const Case& c, std::string& why_not) {
  return kernel.id != "reference" || reference_takes(c, why_not);
}

Expected<json> Cephalopod::parse_contest_input(std::string_view text) {
  auto in = parse_contest(text);
  if (!in) return in.error_detail();
  return params_of(in.value().depth, board_digits(in.value().digits));
}

std::string Cephalopod::contest_output(const json& answer) {
  return answer.is_object() && answer.contains("sum") && answer["sum"].is_number_unsigned() ? std::to_string(answer["sum"].get<std::uint32_t>())
                                                                                               : std::string("no answer");
}

json Cephalopod::illustrate(const Case& c) {
  json cells = json::array();
  for (int cell = 0; cell < kCells; ++cell) {
    const int p = kSpiralOfCell[static_cast<std::size_t>(cell)];
    cells.push_back({{"cell", cell}, {"row", cell / 3}, {"col", cell % 3}, {"value", c.digits[static_cast<std::size_t>(cell)]},
                     {"position", p}, {"shift", 3 * p}});
  }
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%07x", c.board);
  json out = {{"digits", c.digits}, {"board", board_digits(c.digits)}, {"depth", c.depth}, {"word", c.board},
              {"word_hex", hex}, {"cells", cells}};
  auto ws = std::make_unique<Workspace>();
  auto profile = level_profile(c, *ws, kProfileClasses);
  json levels = json::array();
  if (profile)
    for (const LevelProfile& p : profile.value())
      levels.push_back({{"depth", p.depth}, {"boards", p.boards}, {"classes", p.classes}, {"full", p.full}});
  out["levels_complete"] = profile && profile.value().back().depth == c.depth;
  out["levels"] = std::move(levels);
  // The layered kernel's (P, m) layers that hold boards, each expanded once, against the
  // (board, depth) states a depth BFS expands instead.
  auto layered = layer_profile(c, *ws, kLayerProfileBoards);
  json layers = json::array();
  std::uint64_t states = 0;
  if (layered)
    for (const LayerStats& l : layered.value().layers) {
      if (!l.boards) continue;
      layers.push_back({{"pips", l.pips}, {"m", l.m}, {"width", l.width}, {"first_depth", l.first_depth},
                        {"boards", l.boards}, {"states", l.states}});
      states += l.states;
    }
  out["layers"] = std::move(layers);
  out["layers_complete"] = layered && layered.value().complete;
  out["layer_boards"] = layered ? layered.value().boards : 0;
  out["layer_states"] = states;
  return out;
}

// After `bench`: the 12 official tests as the contest scored them (the sum of their times), per
// kernel, next to the heavy cases.
json Cephalopod::summarize(const json& records) {
  std::map<std::string, std::string> official;  // case label -> "test N"
  for (std::size_t i = 0; i < std::size(kOfficial); ++i)
    official[case_name(params_of(kOfficial[i].depth, kOfficial[i].board))] = std::to_string(i + 1);
  std::vector<std::string> heavy;
  for (const BenchInput& b : kHeavy) heavy.push_back(case_name(params_of(b.depth, b.board)));

  struct Row {
    std::map<std::string, double> ms;  // heavy case -> median ms
    double official_ms = 0;
    int official_count = 0;
  };
  std::map<std::pair<int, std::string>, Row> rows;  // (kernel order, "kernel/isa")
  const auto& order = info().kernel_order;
  for (const auto& r : records) {
    if (!r.contains("timing") || !r["timing"].contains("median_ns") || !r.contains("case")) continue;
    const std::string id = r["kernel"].get<std::string>();
    const int rank = static_cast<int>(std::find(order.begin(), order.end(), id) - order.begin());
    Row& row = rows[{rank, id + "/" + r["isa"].get<std::string>()}];
    const double ms = r["timing"]["median_ns"].get<double>() / 1e6;
    const std::string label = r["case"].get<std::string>();
    if (official.count(label)) {
      row.official_ms += ms;
      ++row.official_count;
    } else if (std::find(heavy.begin(), heavy.end(), label) != heavy.end()) {
      row.ms[label] = ms;
    }
  }
  if (rows.empty()) return nullptr;
  json header = {"kernel", "12 official tests (ms)"};
  for (const auto& h : heavy) header.push_back(h + " (ms)");
  json table_rows = json::array();
  for (const auto& [key, row] : rows) {
    std::string official_cell = "–";
    if (row.official_count == 12) {
      official_cell = fixed(row.official_ms, 3);
    } else if (row.official_count) {
      official_cell = std::to_string(row.official_count);
      official_cell += " of 12 timed";
    }
    json line = {key.second, official_cell};
    for (const auto& h : heavy) line.push_back(row.ms.count(h) ? fixed(row.ms.at(h), 1) : "–");
    table_rows.push_back(line);
  }
  return {{"tables", json::array({{{"title", "cephalopod: median time per case, the official 12 summed"},
                                   {"header", header},
                                   {"rows", table_rows}}})},
          {"notes", json::array({"the contest winner answered its hidden final set in 9 ms in total (Jeremy Sawicki)"})}};
}

}  // namespace sp::cephalopod
