// Popcount: every kernel this machine can run, on every ISA this build has (x86 natively, NEON
// under qemu-aarch64), against a plain bit loop: all 65 densities, edge words, every length
// 0..1025 at every start offset 0..63, and large random buffers. Plus the generator, the params,
// the three modes and how the engine verifies them.

#include <cmath>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <map>
#include <random>
#include <set>

#include "core/engine.h"
#include "core/registry.h"
#include "puzzles/popcount/popcount.h"
#include "test_util.h"

namespace sp::popcount {
namespace {

const Puzzle& puzzle() { return *registry().find("popcount"); }
using Prepared = TypedPuzzle<Popcount>::PreparedTyped;

// The definition, nothing clever: test every bit of every byte.
std::uint64_t bit_loop(const std::uint8_t* p, std::size_t n) {
  std::uint64_t bits = 0;
  for (std::size_t i = 0; i < n; ++i)
    for (int b = 0; b < 8; ++b) bits += (p[i] >> b) & 1u;
  return bits;
}

std::uint64_t byte_loop(const std::uint8_t* p, std::size_t n) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += p[i];
  return sum;
}

// The family a kernel id was registered with (its group); nullopt for an unknown id.
std::optional<Family> family_of(const std::string& kernel_id) {
  for (const auto& k : puzzle().kernels())
    if (k->info().id == kernel_id) return family_named(k->info().group);
  return std::nullopt;
}

bool is_read(const Kernel& k) { return family_of(k.info().id) == Family::read; }

// What a read kernel must answer (the byte sum) and what every other kernel must (the bits).
std::uint64_t expected(const Kernel& k, const std::uint8_t* p, std::size_t n) {
  return is_read(k) ? byte_loop(p, n) : bit_loop(p, n);
}

// Kernel k's answer on these bytes, through the same path the engine takes (a case viewing them).
std::uint64_t answer_of(const Kernel& k, const std::uint8_t* p, std::size_t n) {
  Case c;
  c.data = p;
  c.size = n;
  Prepared prepared(std::move(c));
  const Outcome o = k.run(prepared).value();
  EXPECT_EQ(o.work, n) << k.key();
  const char* key = is_read(k) ? "byte_sum" : "bits";
  EXPECT_TRUE(o.answer.contains(key)) << k.key() << " answered " << o.answer.dump();
  return o.answer.contains(key) ? o.answer[key].get<std::uint64_t>() : ~std::uint64_t{0};
}

std::vector<const Kernel*> available_kernels() {
  std::vector<const Kernel*> out;
  for (const auto& k : puzzle().kernels())
    if (k->available()) out.push_back(k.get());
  return out;
}

std::vector<std::uint8_t> random_bytes(std::size_t n, std::uint32_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::uint8_t> out(n);
  for (auto& b : out) b = static_cast<std::uint8_t>(rng());
  return out;
}

// ---- the registry ----------------------------------------------------------------------------

TEST(Popcount, EveryIsaThisBuildHasIsRegistered) {
  std::set<std::string> keys;
  for (const auto& k : puzzle().kernels()) keys.insert(k->key());
  for (const char* k : {"swar-shift/scalar", "sparse/scalar", "hackmem/scalar", "table8/scalar", "table16/scalar",
                        "builtin/scalar", "scalar-builtin/scalar", "memory-read/scalar"})
    EXPECT_TRUE(keys.count(k)) << k;
#if defined(__x86_64__)
  for (const char* k : {"nibble-lookup/sse4.1", "nibble-lookup/avx2", "nibble-lookup/avx512", "byte-popcnt/sse4.1",
                        "byte-popcnt/avx512", "harley-seal/sse4.1", "harley-seal/avx2", "harley-seal/avx512",
                        "vpopcntdq/avx512", "memory-read/sse4.1", "memory-read/avx2", "memory-read/avx512"})
    EXPECT_TRUE(keys.count(k)) << k;
  EXPECT_EQ(keys.size(), 20u);
#elif defined(__aarch64__)
  for (const char* k : {"nibble-lookup/neon", "byte-popcnt/neon", "harley-seal/neon", "memory-read/neon"})
    EXPECT_TRUE(keys.count(k)) << k;
  EXPECT_EQ(keys.size(), 12u);
#endif
}

TEST(Popcount, EveryKernelHasAFamilyAndAnswersInIt) {
  const std::uint8_t bytes[3] = {0xFF, 0x01, 0x80};
  for (const auto& k : puzzle().kernels()) {
    ASSERT_TRUE(family_of(k->info().id).has_value()) << k->key();
    if (k->available()) {
      EXPECT_EQ(answer_of(*k, bytes, 3), is_read(*k) ? 0x180u : 10u) << k->key();
    }
  }
  EXPECT_FALSE(family_of("nope").has_value());
  const Kernel* ref = puzzle().reference();
  ASSERT_NE(ref, nullptr);
  EXPECT_EQ(ref->key(), "scalar-builtin/scalar");
}

// ---- correctness: every kernel against the bit loop ------------------------------------------

TEST(Popcount, EdgeWords) {
  std::vector<std::uint64_t> words = {0, ~0ull, 0x5555555555555555ull, 0xAAAAAAAAAAAAAAAAull,
                                      0x0F0F0F0F0F0F0F0Full, 0xF0F0F0F0F0F0F0F0ull, 0x00FF00FF00FF00FFull,
                                      0xFF00FF00FF00FF00ull, 0x00000000FFFFFFFFull, 0xFFFFFFFF00000000ull,
                                      0x8000000000000001ull, 0x7FFFFFFFFFFFFFFEull, 0x0123456789ABCDEFull,
                                      0x8080808080808080ull, 0x0101010101010101ull};
  for (int b = 0; b < 64; ++b) {
    words.push_back(1ull << b);
    words.push_back(~(1ull << b));
  }
  for (const Kernel* k : available_kernels()) {
    for (std::uint64_t w : words) {
      // One word: the tail paths of the vector kernels, the whole story of the word variants.
      std::uint8_t one[8];
      std::memcpy(one, &w, 8);
      EXPECT_EQ(answer_of(*k, one, 8), expected(*k, one, 8)) << k->key() << " word " << std::hex << w;
      // The word repeated over 32 KiB + 24 bytes: every main loop, and for all-ones words the
      // byte counters at their most (they must be widened before they wrap).
      std::vector<std::uint8_t> many(8 * 4099);
      for (std::size_t i = 0; i < many.size(); i += 8) std::memcpy(&many[i], &w, 8);
      EXPECT_EQ(answer_of(*k, many.data(), many.size()), expected(*k, many.data(), many.size()))
          << k->key() << " word " << std::hex << w << " x 4099";
    }
  }
}

TEST(Popcount, AllDensitiesBothOrders) {
  const std::size_t size = 8 * 2000 + 5;  // a partial last word too
  std::vector<std::uint8_t> data(size);
  for (Order order : {Order::sorted, Order::mixed}) {
    for (int k = 0; k <= 64; ++k) {
      const std::uint64_t placed = generate(data.data(), size, k, order, 1000 + k);
      ASSERT_EQ(placed, bit_loop(data.data(), size)) << "generator, k=" << k;
      for (const Kernel* kernel : available_kernels())
        EXPECT_EQ(answer_of(*kernel, data.data(), size), expected(*kernel, data.data(), size))
            << kernel->key() << " k=" << k << (order == Order::sorted ? " sorted" : " mixed");
    }
  }
}

// Each (offset, length) gets its own allocation that ends exactly where the data ends, with 0xFF
// before the start: reading past the end trips AddressSanitizer, reading before the start miscounts.
TEST(Popcount, EveryLengthAtEveryOffset) {
  constexpr std::size_t kMaxLength = 1025;
  constexpr std::size_t kMaxOffset = 63;
  const std::vector<std::uint8_t> source = random_bytes(kMaxLength, 7);
  std::vector<std::uint64_t> bits(kMaxLength + 1, 0), sums(kMaxLength + 1, 0);
  for (std::size_t n = 1; n <= kMaxLength; ++n) {
    bits[n] = bits[n - 1] + bit_loop(&source[n - 1], 1);
    sums[n] = sums[n - 1] + source[n - 1];
  }
  const auto kernels = available_kernels();
  int failures = 0;
  for (std::size_t offset = 0; offset <= kMaxOffset; ++offset) {
    for (std::size_t length = 0; length <= kMaxLength; ++length) {
      std::unique_ptr<std::uint8_t[]> buffer(new std::uint8_t[offset + length + (offset + length == 0)]);
      std::memset(buffer.get(), 0xFF, offset);
      if (length) std::memcpy(buffer.get() + offset, source.data(), length);
      for (const Kernel* k : kernels) {
        const std::uint64_t want = is_read(*k) ? sums[length] : bits[length];
        const std::uint64_t got = answer_of(*k, buffer.get() + offset, length);
        if (got != want && ++failures <= 20)
          ADD_FAILURE() << k->key() << " offset " << offset << " length " << length << ": " << got << " != " << want;
      }
    }
  }
  EXPECT_EQ(failures, 0);
}

// Large buffers: 1 MiB + 7 and 64 MiB - 3 at odd offsets (under qemu and sanitizers, where this
// is 10-50x slower, 1 MiB + 7 and 2 MiB + 1).
TEST(Popcount, LargeRandomBuffers) {
  const std::vector<std::pair<std::size_t, std::size_t>> shapes =
      test::quick_mode() ? std::vector<std::pair<std::size_t, std::size_t>>{{(1u << 20) + 7, 13}, {(2u << 20) + 1, 61}}
                         : std::vector<std::pair<std::size_t, std::size_t>>{{(1u << 20) + 7, 13}, {(64u << 20) - 3, 61}};
  for (const auto& [size, offset] : shapes) {
    std::vector<std::uint8_t> buffer = random_bytes(size + offset, static_cast<std::uint32_t>(size));
    const std::uint8_t* data = buffer.data() + offset;
    const std::uint64_t bits = bit_loop(data, size), sum = byte_loop(data, size);
    for (const Kernel* k : available_kernels())
      EXPECT_EQ(answer_of(*k, data, size), is_read(*k) ? sum : bits) << k->key() << " size " << size;
  }
}

// ---- the generator ---------------------------------------------------------------------------

TEST(Popcount, GeneratorPlacesExactlyKBitsPerWordWhenSorted) {
  for (int k = 0; k <= 64; ++k) {
    for (std::size_t size : {std::size_t{0}, std::size_t{3}, std::size_t{8 * 300 + 5}}) {
      std::vector<std::uint8_t> data(size);
      const std::uint64_t placed = generate(data.data(), size, k, Order::sorted, 42);
      EXPECT_EQ(placed, bit_loop(data.data(), size)) << "k=" << k << " size=" << size;
      for (std::size_t i = 0; i < size; i += 8) {
        const std::size_t bytes = std::min<std::size_t>(8, size - i);
        EXPECT_EQ(bit_loop(&data[i], bytes), std::min<std::uint64_t>(k, 8 * bytes)) << "k=" << k << " word " << i / 8;
      }
    }
  }
}

TEST(Popcount, GeneratorMixesCountsAroundK) {
  const std::size_t words = 4096;
  std::vector<std::uint8_t> data(8 * words);
  for (int k = 0; k <= 64; ++k) {
    const std::uint64_t placed = generate(data.data(), data.size(), k, Order::mixed, 9);
    EXPECT_EQ(placed, bit_loop(data.data(), data.size())) << k;
    const int m = std::min(k, 64 - k);
    int lo = 64, hi = 0;
    for (std::size_t i = 0; i < words; ++i) {
      const int c = static_cast<int>(bit_loop(&data[8 * i], 8));
      lo = std::min(lo, c);
      hi = std::max(hi, c);
    }
    EXPECT_EQ(lo, k - m) << k;  // the whole range is used (a miss has odds below e^-60)
    EXPECT_EQ(hi, k + m) << k;
    // Mean k: the standard error of 4096 draws is at most 0.3 (k = 32, uniform on 0..64).
    EXPECT_NEAR(static_cast<double>(placed) / words, k, 1.5) << k;
  }
}

TEST(Popcount, PreparedDataIsTheSameAtEveryOffsetAndGuarded) {
  auto base = puzzle().prepare({{"size", 1000}, {"k", 17}, {"offset", 0}});
  ASSERT_TRUE(base) << base.error();
  const Case& c0 = TypedPuzzle<Popcount>::unwrap(*base.value());
  for (int offset : {0, 1, 7, 8, 31, 63}) {
    auto p = puzzle().prepare({{"size", 1000}, {"k", 17}, {"offset", offset}});
    ASSERT_TRUE(p) << p.error();
    const Case& c = TypedPuzzle<Popcount>::unwrap(*p.value());
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(c.data) % kAlignment, static_cast<std::uintptr_t>(offset));
    EXPECT_EQ(std::memcmp(c.data, c0.data, 1000), 0) << offset;
    for (int g = 1; g <= 64; ++g) {  // guard bytes both sides
      EXPECT_EQ(c.data[-g], 0xFF) << offset;
      EXPECT_EQ(c.data[1000 + g - 1], 0xFF) << offset;
    }
    EXPECT_EQ(c.placed_bits, bit_loop(c.data, 1000));
  }
  auto other_seed = puzzle().prepare({{"size", 1000}, {"k", 17}, {"seed", 2}});
  EXPECT_NE(std::memcmp(TypedPuzzle<Popcount>::unwrap(*other_seed.value()).data, c0.data, 1000), 0);
}

// ---- params and cases ------------------------------------------------------------------------

// Params only (canonical_params validates them as prepare does): preparing the cases would fill
// the read cases' buffers of up to 64 MiB, seconds natively and more under the sanitizers, for
// nothing this test checks (the data is checked above, the bench prepares every case anyway).
TEST(Popcount, BenchCasesCoverTheSweepTheArraysAndTheReads) {
  std::map<std::string, int> modes;
  std::set<std::pair<std::string, int>> sweep;
  for (const auto& c : puzzle().bench_cases()) {
    auto p = puzzle().canonical_params(c.params);
    ASSERT_TRUE(p) << c.name << ": " << p.error();
    EXPECT_EQ(case_name(p.value()), c.name);
    const std::string mode = c.params["mode"].get<std::string>();
    ++modes[mode];
    if (mode == "word") {
      sweep.insert({c.params["order"].get<std::string>(), c.params["k"].get<int>()});
      EXPECT_EQ(c.params["size"], 16384) << c.name;
    }
  }
  EXPECT_EQ(modes["word"], 130);
  EXPECT_EQ(modes["array"], 7);  // the six sizes and the Suite's 16 KiB counted kSuiteRepeat times
  EXPECT_EQ(modes["read"], 6);
  EXPECT_EQ(sweep.size(), 130u);
  EXPECT_TRUE(sweep.count({"mixed", 64}) && sweep.count({"sorted", 0}));
}

TEST(Popcount, BadParamsAreErrorsNotCrashes) {
  const std::vector<std::pair<json, std::string>> cases = {
      {{{"k", 65}}, "k must be in 0..64, got 65"},
      {{{"k", -1}}, "k must be in 0..64, got -1"},
      {{{"size", 67108865}}, "size must be in 0..67108864, got 67108865"},
      {{{"offset", 64}}, "offset must be in 0..63, got 64"},
      {{{"seed", -1}}, "seed must be in 0..4294967295"},
      {{{"mode", "bits"}}, "mode must be one of word, array, read, got 'bits'"},
      {{{"order", "random"}}, "order must be one of sorted, mixed, got 'random'"},
      {{{"n", 8}}, "unknown parameter 'n'"},
      {{{"repeat", 0}}, "repeat must be in 1..65536, got 0"},
      {{{"repeat", 65537}}, "repeat must be in 1..65536, got 65537"},
      // At most 1 GiB counted a call: 64 KiB x 16384 is 1 GiB, one byte more is refused.
      {{{"size", 65537}, {"repeat", 16384}}, "repeat: 16384 passes over 65537 bytes is more than 1 GiB a call"},
  };
  for (const auto& [params, message] : cases) {
    auto c = puzzle().prepare(params);
    ASSERT_FALSE(c) << params.dump();
    EXPECT_NE(c.error().find(message), std::string::npos) << c.error();
  }
}

// ---- the engine: verification, modes, files --------------------------------------------------

json run(const json& params, const Input& input = {}) {
  json r = handle_request({{"action", "run"}, {"puzzle", "popcount"}, {"params", params}}, input);
  EXPECT_TRUE(r["ok"].get<bool>()) << r.dump();
  return r;
}

std::set<std::string> families_in(const json& records) {
  std::set<std::string> out;
  for (const auto& rec : records) {
    auto f = family_of(rec["kernel"].get<std::string>());
    out.insert(f == Family::word ? "word" : f == Family::array ? "array" : "read");
  }
  return out;
}

TEST(Popcount, EachModeRunsItsFamilyVerifiedByTheGenerator) {
  for (const char* mode : {"word", "array", "read"}) {
    for (const char* order : {"sorted", "mixed"}) {
      json r = run({{"mode", mode}, {"k", 9}, {"order", order}, {"size", 777}, {"offset", 5}});
      EXPECT_EQ(families_in(r["results"]), std::set<std::string>{mode}) << mode;
      for (const auto& rec : r["results"]) {
        EXPECT_EQ(rec["verified"], true) << rec.dump();
        EXPECT_EQ(rec["work"], 777) << rec.dump();
        EXPECT_EQ(rec["work_unit"], "bytes");
      }
      ASSERT_TRUE(r.contains("known"));
      if (std::string(mode) == "read") {
        EXPECT_EQ(r["known"]["source"], "a plain byte loop over the generated bytes");
      } else {
        EXPECT_EQ(r["known"]["answer"]["bits"], r["illustration"]["bits"]);
        if (std::string(order) == "sorted") {
          EXPECT_EQ(r["known"]["answer"]["bits"], 9 * 97 + 8);  // 97 words, then 1 byte: 8 bits
        }
      }
      // The other families are reported as skipped, with the reason.
      for (const auto& s : r["skipped"]) {
        auto f = family_of(s["kernel"].get<std::string>());
        ASSERT_TRUE(f.has_value());
        EXPECT_NE(s["reason"].get<std::string>().find("mode="), std::string::npos) << s.dump();
      }
    }
  }
}

// `repeat` counts the same bytes several times a call: one pass's answer, verified by the generator
// on every kernel of each mode, with the work of all passes; repeat=1 stays out of the case.
TEST(Popcount, RepeatedPassesGiveOnePassesAnswerAndAllTheirWork) {
  for (const char* mode : {"word", "array", "read"}) {
    json r = run({{"mode", mode}, {"k", 9}, {"order", "mixed"}, {"size", 777}, {"offset", 5}, {"repeat", 3}});
    json once = run({{"mode", mode}, {"k", 9}, {"order", "mixed"}, {"size", 777}, {"offset", 5}});
    EXPECT_EQ(r["params"]["repeat"], 3);
    EXPECT_FALSE(once["params"].contains("repeat"));
    ASSERT_EQ(r["results"].size(), once["results"].size());
    for (std::size_t i = 0; i < r["results"].size(); ++i) {
      const json& rec = r["results"][i];
      EXPECT_EQ(rec["verified"], true) << rec.dump();
      EXPECT_EQ(rec["answer"], once["results"][i]["answer"]) << rec.dump();
      EXPECT_EQ(rec["work"], 3 * 777) << rec.dump();
    }
  }
  EXPECT_FALSE(puzzle().canonical_params({{"repeat", 1}}).value().contains("repeat"));
  EXPECT_TRUE(puzzle().prepare({{"size", 65536}, {"repeat", 16384}}));
  // The Suite's case is a bench case (so the native benchmark measures it) and stays in cache.
  bool found = false;
  for (const auto& c : puzzle().bench_cases())
    if (c.params.value("repeat", 1) == kSuiteRepeat) found = c.params["mode"] == "array" && c.params["size"] == 16384;
  EXPECT_TRUE(found);
}

// A repeated case is the Suite's, not a size of the sweep: the summary's tables keep one pass per size.
TEST(Popcount, SummaryLeavesRepeatedCasesOut) {
  json rec = {{"kernel", "harley-seal"}, {"isa", "avx2"},
              {"params", {{"mode", "array"}, {"k", 32}, {"order", "sorted"}, {"size", 16384}, {"repeat", 8192}}},
              {"timing", {{"ns_per_unit", 0.1}, {"units_per_second", 1e10}}}};
  const json summary = Popcount::summarize(json::array({rec}));
  EXPECT_EQ(summary.dump().find("16 KiB"), std::string::npos) << summary.dump();
}

// An empty file is a file: 0 bytes, 0 set bits, never the generated buffer its params describe.
TEST(Popcount, AnEmptyFileCountsZeroInEveryMode) {
  const std::uint8_t none = 0;
  for (const char* mode : {"word", "array", "read"}) {
    json r = run({{"mode", mode}, {"size", 16384}}, Input::file(Bytes(&none, 0)));
    EXPECT_EQ(r["illustration"]["source"], "file") << mode;
    EXPECT_EQ(r["illustration"]["bytes"], 0) << mode;
    EXPECT_NE(r["case"].get<std::string>().find("file=0B"), std::string::npos) << r["case"];
    ASSERT_FALSE(r["results"].empty()) << mode;
    for (const auto& rec : r["results"]) {
      const json zero = std::string(mode) == "read" ? json{{"byte_sum", 0}} : json{{"bits", 0}};
      EXPECT_EQ(rec["answer"], zero) << rec.dump();
      EXPECT_EQ(rec["work"], 0) << rec.dump();
      EXPECT_NE(rec["verified"], false) << rec.dump();
    }
  }
}

TEST(Popcount, AFileIsCountedInEveryModeAndCheckedAgainstTheReference) {
  const std::vector<std::uint8_t> file = random_bytes(12345, 99);
  const std::uint64_t bits = bit_loop(file.data(), file.size()), sum = byte_loop(file.data(), file.size());
  for (const char* mode : {"word", "array", "read"}) {
    json r = run({{"mode", mode}, {"offset", 3}}, Input::file(Bytes(file.data(), file.size())));
    EXPECT_EQ(r["illustration"]["source"], "file");
    EXPECT_EQ(r["illustration"]["bytes"], 12345);
    EXPECT_FALSE(r["illustration"].contains("bits"));  // nothing known before counting
    ASSERT_FALSE(r["results"].empty());
    for (const auto& rec : r["results"]) {
      if (std::string(mode) == "read") {
        EXPECT_EQ(rec["answer"]["byte_sum"], sum) << rec.dump();
        EXPECT_EQ(rec["verified_by"], "a plain byte loop over the file");
      } else {
        EXPECT_EQ(rec["answer"]["bits"], bits) << rec.dump();
        EXPECT_FALSE(r.contains("known"));
        if (rec["kernel"] != "scalar-builtin") {
          EXPECT_EQ(rec["verified_by"], "reference scalar-builtin/scalar");
        }
      }
      if (rec["verified"].is_boolean()) {
        EXPECT_EQ(rec["verified"], true) << rec.dump();
      }
      EXPECT_EQ(rec["work"], 12345);
    }
  }
}

TEST(Popcount, IllustrationShowsTheFirstBytes) {
  json r = run({{"mode", "array"}, {"size", 20}, {"k", 64}});
  EXPECT_EQ(r["illustration"]["source"], "generated");
  EXPECT_EQ(r["illustration"]["head"].size(), 20u);
  for (const auto& b : r["illustration"]["head"]) EXPECT_EQ(b, 255);
  EXPECT_EQ(r["illustration"]["bits"], 160);
}

TEST(Popcount, TimedRunCarriesTheHarnessFields) {
  json r = handle_request({{"action", "run"},
                           {"puzzle", "popcount"},
                           {"params", {{"mode", "array"}, {"size", 4096}}},
                           {"kernels", {"scalar-builtin"}},
                           {"time", true},
                           {"harness", {{"min_samples", 3}, {"min_sample_ms", 1}}}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  ASSERT_EQ(r["results"].size(), 1u);
  const json& t = r["results"][0]["timing"];
  EXPECT_EQ(t["samples"], 3);
  // A rate, not a speed: this test also runs under ASan on a busy machine (93 MB/s there once),
  // and speeds belong to the benchmarks.
  EXPECT_GT(t["units_per_second"].get<double>(), 0);
  EXPECT_TRUE(std::isfinite(t["units_per_second"].get<double>()));
  EXPECT_NEAR(t["ns_per_unit"].get<double>() * 4096, t["median_ns"].get<double>(), 1e-6 * t["median_ns"].get<double>());
}

// ---- the CLI's summary (summary.cpp) ---------------------------------------------------------

// A record as the engine writes it; a file run's record says what it read in "input".
json timed_record(const std::string& kernel, const std::string& isa, json params, double ns_per_byte,
                  bool file = false) {
  json r = {{"kernel", kernel}, {"isa", isa}, {"case", case_name(params)}, {"params", std::move(params)},
            {"timing", {{"ns_per_unit", ns_per_byte}, {"units_per_second", 1e9 / ns_per_byte}}}};
  if (file) r["input"] = {{"bytes", 100}, {"fnv1a64", "0123456789abcdef"}};
  return r;
}

TEST(Popcount, SummaryNamesTheCrossoversAndTheCeiling) {
  json records = json::array();
  auto word = [](int k) { return json{{"mode", "word"}, {"k", k}, {"order", "sorted"}}; };
  for (int k = 0; k <= 8; ++k) {  // per word: swar-shift 1.6 ns, sparse 0.5 + 0.5 k, builtin 0.4, table8 3
    records.push_back(timed_record("table8", "scalar", word(k), 3.0 / 8));
    records.push_back(timed_record("sparse", "scalar", word(k), (0.5 + 0.5 * k) / 8));
    records.push_back(timed_record("swar-shift", "scalar", word(k), 1.6 / 8));
    records.push_back(timed_record("builtin", "scalar", word(k), 0.4 / 8));
  }
  records.push_back(timed_record("sparse", "scalar", word(9), 0.01, /*file=*/true));  // a file: left out
  auto array = [](const char* mode, int size) { return json{{"mode", mode}, {"size", size}}; };
  records.push_back(timed_record("vpopcntdq", "avx512", array("array", 16384), 0.01));
  records.push_back(timed_record("memory-read", "avx512", array("read", 16384), 0.008));
  records.push_back(timed_record("harley-seal", "avx2", array("array", 16384), 0.02));

  const json s = Popcount::summarize(records);
  ASSERT_EQ(s["tables"].size(), 2u);
  EXPECT_EQ(s["tables"][0]["title"], "word sweep, sorted pools: ns per 64-bit word");
  EXPECT_EQ(s["tables"][0]["header"], json({"k", "swar-shift", "sparse", "table8", "builtin"}));
  EXPECT_EQ(s["tables"][0]["rows"].size(), 9u);
  EXPECT_EQ(s["tables"][0]["rows"][4], json({"4", "1.60", "2.50", "3.00", "0.40"}));
  EXPECT_EQ(s["tables"][0]["id"], "sweep-sorted");
  EXPECT_EQ(s["tables"][0]["notes"], json({"sparse beats swar-shift at k = 0–2 (crossover after k = 2)",
                                           "builtin beats swar-shift at every k measured",
                                           "table8: slower than swar-shift at every k measured",
                                           "fastest: builtin at every k measured"}));
  EXPECT_EQ(s["tables"][1]["id"], "arrays");
  EXPECT_EQ(s["tables"][1]["header"], json({"kernel", "16 KiB"}));
  EXPECT_EQ(s["tables"][1]["rows"], json::array({json::array({"vpopcntdq/avx512", "100.0"}), json::array({"harley-seal/avx2", "50.0"}),
                                                json::array({"memory-read/avx512 (ceiling)", "125.0"})}));
  EXPECT_EQ(s["tables"][1]["row_keys"], json({"vpopcntdq/avx512", "harley-seal/avx2", "memory-read/avx512"}));
  EXPECT_EQ(s["tables"][1]["column_keys"], json({nullptr, 16384}));
  EXPECT_EQ(s["tables"][1]["notes"], json({"16 KiB: best vpopcntdq/avx512 100.0 GB/s, 80% of memory-read/avx512 (125.0 GB/s)"}));
  EXPECT_TRUE(Popcount::summarize(json::array()).is_null());
}

// Records reach summarize from share links: anything malformed is left out, never a throw (which
// would abort the wasm module).
TEST(Popcount, SummaryLeavesMalformedRecordsOut) {
  json good = timed_record("swar-shift", "scalar", {{"mode", "word"}, {"k", 4}, {"order", "sorted"}, {"size", 16384}}, 0.2);
  json records = json::array({good, 42, "text", json::object(), nullptr});
  for (const char* field : {"kernel", "isa", "params", "timing"}) {
    json r = good;
    r[field] = 7;
    records.push_back(r);
    r.erase(field);
    records.push_back(r);
  }
  for (const char* field : {"k", "size", "mode", "order"}) {
    json r = good;
    r["params"][field] = json::array({1});
    records.push_back(r);
  }
  for (json bad : {json("fast"), json(-1.0), json(nullptr)}) {
    json r = good;
    r["timing"]["ns_per_unit"] = bad;
    records.push_back(r);
  }
  const json s = Popcount::summarize(records);
  ASSERT_EQ(s["tables"].size(), 1u) << s.dump();
  EXPECT_EQ(s["tables"][0]["rows"], json::array({json::array({"4", "1.60"})}));
  EXPECT_TRUE(Popcount::summarize(json::array({42, "x"})).is_null());
  // Through the engine, as the page calls it.
  const json r = handle_request({{"action", "summarize"}, {"puzzle", "popcount"}, {"records", records}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  EXPECT_EQ(r["summary"], s);
}

TEST(Popcount, SummaryOfARealBenchRun) {
  json r = handle_request({{"action", "bench"},
                           {"puzzles", {"popcount"}},
                           {"cases", {"k=0 mode=word offset=0 order=mixed seed=1 size=16384",
                                      "k=5 mode=word offset=0 order=mixed seed=1 size=16384",
                                      "k=32 mode=array offset=0 order=sorted seed=1 size=64",
                                      "k=32 mode=read offset=0 order=sorted seed=1 size=64"}},
                           {"kernels", {"swar-shift", "sparse", "scalar-builtin", "memory-read/scalar"}},
                           {"harness", {{"min_samples", 3}, {"min_sample_ms", 1}}}});
  ASSERT_TRUE(r["ok"].get<bool>()) << r.dump();
  const json s = Popcount::summarize(r["report"]["records"]);
  ASSERT_EQ(s["tables"].size(), 2u) << s.dump();
  EXPECT_EQ(s["tables"][0]["title"], "word sweep, mixed pools: ns per 64-bit word");
  EXPECT_EQ(s["tables"][0]["rows"].size(), 2u);
  EXPECT_EQ(s["tables"][1]["rows"].size(), 2u);
  EXPECT_EQ(s["tables"][0]["notes"].back().get<std::string>().rfind("fastest: ", 0), 0u) << s.dump();
}

}  // namespace
}  // namespace sp::popcount
