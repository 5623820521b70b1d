#include "puzzles/popcount/popcount.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

#include "core/engine.h"

namespace sp::popcount {
namespace {

static_assert(std::endian::native == std::endian::little,
              "words are stored and read little-endian (x86, AArch64 and wasm all are)");

// The word sweep's pool: 2,048 words, so the data stays in L1 and one call of the slowest
// variant (sparse at k = 64) takes tens of microseconds.
constexpr std::int64_t kWordPoolBytes = 16 << 10;
// Array sizes across the cache hierarchy. On the reference machine (an AMD EPYC Zen 5 VM: L1d
// 48 KiB and L2 1 MiB per core, a shared L3 of tens of MiB) they live in L1, L1, L1, L2, L3 and
// memory; on Zen 4 (L1d 32 KiB) and current Xeons the same.
constexpr std::array<std::int64_t, 6> kArraySizes = {64, 1 << 10, 16 << 10, 256 << 10, 4 << 20, 64 << 20};

const char* mode_name(Mode m) { return m == Mode::word ? "word" : m == Mode::array ? "array" : "read"; }
const char* order_name(Order o) { return o == Order::sorted ? "sorted" : "mixed"; }


// splitmix64: small, fast, and the same sequence on every target. Each call yields two 32-bit
// draws for `below`.
class Rng {
 public:
  explicit Rng(std::uint64_t seed) : state_(seed) {}
  // Uniform in [0, n), n <= 2^32 (Lemire's multiply-shift; the bias is below n / 2^32).
  std::uint32_t below(std::uint32_t n) {
    if (!spare_left_) {
      spare_ = next();
      spare_left_ = true;
    } else {
      spare_ >>= 32;
      spare_left_ = false;
    }
    return static_cast<std::uint32_t>(((spare_ & 0xFFFFFFFFull) * n) >> 32);
  }

 private:
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  std::uint64_t state_;
  std::uint64_t spare_ = 0;
  bool spare_left_ = false;
};

// A word with exactly `bits` set bits among its low `width` bits (1..64), by Floyd's sampling:
// for j = width - draws .. width - 1, draw t in [0, j] and take t, or j if t is taken already.
// That gives a uniform subset of `draws` distinct positions in `draws` draws, with no rejection
// and nothing but the word itself as state. A dense word is the complement of a sparse one, so a
// word never costs more than width / 2 draws.
std::uint64_t word_with_bits(Rng& rng, int bits, int width) {
  const std::uint64_t all = width == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
  const bool dense = 2 * bits > width;
  const int draws = dense ? width - bits : bits;
  std::uint64_t w = 0;
  for (int j = width - draws; j < width; ++j) {
    const std::uint64_t t = std::uint64_t{1} << rng.below(static_cast<std::uint32_t>(j + 1));
    w |= (w & t) ? std::uint64_t{1} << j : t;
  }
  return dense ? all & ~w : w;
}

json case_params(Mode mode, int k, Order order, std::int64_t size) {
  return {{"mode", mode_name(mode)}, {"k", k}, {"order", order_name(order)}, {"size", size}, {"offset", 0}, {"seed", 1}};
}

}  // namespace

std::uint64_t generate(std::uint8_t* out, std::size_t size, int k, Order order, std::uint64_t seed) {
  Rng rng(seed);
  const int spread = std::min(k, 64 - k);  // mixed: k_i in [k - spread, k + spread]
  std::uint64_t placed = 0;
  for (std::size_t i = 0; i < size; i += 8) {
    const int k_i = order == Order::sorted ? k : k - spread + static_cast<int>(rng.below(2 * spread + 1));
    const std::size_t bytes = std::min<std::size_t>(8, size - i);
    const int width = static_cast<int>(8 * bytes);  // the last word may be partial
    const int bits = std::min(k_i, width);
    const std::uint64_t w = word_with_bits(rng, bits, width);
    std::memcpy(out + i, &w, bytes);  // little-endian: bit b of w lands in byte b / 8
    placed += static_cast<std::uint64_t>(bits);
  }
  return placed;
}

const char* family_name(Family f) { return f == Family::word ? "word" : f == Family::array ? "array" : "read"; }

std::optional<Family> family_named(const std::string& group) {
  for (Family f : {Family::word, Family::array, Family::read})
    if (group == family_name(f)) return f;
  return std::nullopt;
}

bool register_kernel(Family family, KernelInfo info, CountFn count) {
  info.group = family_name(family);
  return sp::register_kernel<Popcount>(std::move(info), KernelImpl{count, family});
}

bool Popcount::add_kernel(KernelInfo info, KernelImpl impl) {
  const std::optional<Family> family = family_named(info.group);
  if (!family) {  // a pass table without a mode: a programming error, caught by every test run
    std::fprintf(stderr, "popcount kernel %s: group '%s' is not a mode (word, array, read)\n", info.key().c_str(),
                 info.group.c_str());
    std::abort();
  }
  return register_kernel(*family, std::move(info), impl.count);
}

PuzzleInfo Popcount::info() {
  return {
      "popcount",
      "Popcount",
      "Count the set bits of a buffer. One 64-bit word at a time against the number of set bits "
      "(SWAR, Kernighan's sparse loop, HAKMEM, tables, the builtin), and whole arrays from 64 B "
      "to 64 MiB (Muła's nibble lookup, Harley-Seal carry-save adders, VPOPCNTDQ, NEON cnt, "
      "i8x16.popcnt) against a plain memory read of the same bytes.",
      "https://www.chessprogramming.org/Population_Count",
      "bytes",
      "scalar-builtin",
      {"swar-shift", "sparse", "hackmem", "table8", "table16", "builtin", "scalar-builtin",
       "nibble-lookup", "byte-popcnt", "harley-seal", "vpopcntdq", "memory-read"},
      "a file whose set bits to count (it replaces the generated data; k, order, size and seed "
      "are then unused)",
  };
}

ParamSchema Popcount::schema() {
  return {
      ParamSpec::choice("mode",
                        "word: the single-word variants on a pool of words; array: the array "
                        "kernels; read: a plain read of the same bytes (the memory ceiling)",
                        {"word", "array", "read"}, "array"),
      ParamSpec::integer("k", "set bits per 64-bit word of the generated data (density k/64)", 0, 64, 32),
      ParamSpec::choice("order",
                        "sorted: every word has exactly k bits; mixed: k_i uniform in "
                        "[k-m, k+m], m = min(k, 64-k), so branches on the count mispredict",
                        {"sorted", "mixed"}, "sorted"),
      ParamSpec::integer("size", "bytes of generated data (a word pool is size/8 words)", 0, kMaxSize,
                         kWordPoolBytes),
      ParamSpec::integer("offset", "start misalignment from a 64-byte boundary, in bytes", 0, kMaxOffset, 0),
      ParamSpec::integer("seed", "seed of the generated data", 0, 4294967295, 1),
      ParamSpec::integer("repeat",
                         "times one call counts the same bytes (a buffer in cache stays there, so "
                         "more passes mean more counting, not more memory traffic); size x repeat "
                         "at most 1 GiB",
                         1, kMaxRepeat, 1),
  };
}

std::vector<NamedCase> Popcount::cases() {
  std::vector<NamedCase> out;
  auto add = [&out](json params) { out.push_back({case_name(params), std::move(params)}); };
  for (Order order : {Order::sorted, Order::mixed})
    for (int k = 0; k <= 64; ++k) add(case_params(Mode::word, k, order, kWordPoolBytes));
  for (std::int64_t size : kArraySizes) add(case_params(Mode::array, 32, Order::sorted, size));
  for (std::int64_t size : kArraySizes) add(case_params(Mode::read, 32, Order::sorted, size));
  // The Suite's case: the 16 KiB array counted kSuiteRepeat times a call.
  json suite = case_params(Mode::array, 32, Order::sorted, 16 << 10);
  suite["repeat"] = kSuiteRepeat;
  add(std::move(suite));
  return out;
}

Expected<json> Popcount::canonical_params(const json& params, const Input& input) {
  const std::int64_t repeat = params.value("repeat", std::int64_t{1});
  const std::int64_t size = input.present ? static_cast<std::int64_t>(input.bytes.size()) : params.at("size").get<std::int64_t>();
  // A declared file (validate without its bytes) has size 0 here; run() checks the real one.
  if (repeat > 1 && size > kMaxRepeatedBytes / repeat)
    return Error{"repeat: " + std::to_string(repeat) + " passes over " + std::to_string(size) +
                     " bytes is more than 1 GiB a call; use fewer passes or a smaller size",
                 "repeat"};
  json out = input.present ? json{{"mode", params.at("mode")}, {"offset", params.at("offset")}} : params;
  // repeat=1 leaves the params, so every case made before `repeat` existed keeps its name and key.
  if (repeat > 1) out["repeat"] = repeat;
  else out.erase("repeat");
  return out;
}

Expected<Case> Popcount::prepare(const json& params, const Input& input) {
  Case c;
  const std::string mode = params.at("mode").get<std::string>();
  c.mode = mode == "word" ? Mode::word : mode == "array" ? Mode::array : Mode::read;
  c.offset = params.at("offset").get<int>();
  c.from_file = input.present;  // an empty file is a file: 0 bytes, 0 set bits
  c.repeat = params.value("repeat", std::uint32_t{1});  // canonical params leave out repeat=1
  if (!c.from_file) {
    c.k = params.at("k").get<int>();
    c.order = params.at("order").get<std::string>() == "sorted" ? Order::sorted : Order::mixed;
  }
  const std::size_t size = c.from_file ? input.bytes.size() : params.at("size").get<std::size_t>();

  // [front guard | slack to the 64-byte boundary | offset | data | back guard], guards 0xFF: a
  // kernel that reads outside the data miscounts, and the tests see it.
  const std::size_t total = size + static_cast<std::size_t>(c.offset) + 3 * kAlignment;
  if (total < size) return Error{"the input is too large"};
  c.storage.reset(new (std::nothrow) std::uint8_t[total]);
  if (!c.storage) return Error{"not enough memory for " + std::to_string(size) + " bytes of data"};
  std::uint8_t* const base = c.storage.get();
  const auto front = reinterpret_cast<std::uintptr_t>(base + kAlignment);
  std::uint8_t* const data = base + kAlignment + (kAlignment - front % kAlignment) % kAlignment + c.offset;
  std::memset(base, 0xFF, static_cast<std::size_t>(data - base));
  std::memset(data + size, 0xFF, total - static_cast<std::size_t>(data - base) - size);

  if (c.from_file) {
    if (size) std::memcpy(data, input.bytes.data(), size);
  } else {
    c.placed_bits = generate(data, size, c.k, c.order, params.at("seed").get<std::uint64_t>());
  }
  if (c.mode == Mode::read)
    for (std::size_t i = 0; i < size; ++i) c.byte_sum += data[i];
  c.data = data;
  c.size = size;
  return c;
}

json Popcount::answer_json(const Answer& a) {
  if (a.family == Family::read) return {{"byte_sum", a.value}};
  return {{"bits", a.value}};
}

std::optional<KnownAnswer> Popcount::known(const Case& c) {
  // Each source names the generator or the file: records carry it (verified_by), and the page
  // tells generated data from a file's by it.
  if (c.mode == Mode::read)
    return KnownAnswer{{{"byte_sum", c.byte_sum}},
                       c.from_file ? "a plain byte loop over the file" : "a plain byte loop over the generated bytes"};
  if (c.from_file) return std::nullopt;  // the reference kernel decides
  return KnownAnswer{{{"bits", c.placed_bits}},
                     c.order == Order::sorted ? "the generator placed exactly k bits per word"
                                              : "the generator placed k_i bits in word i, summed"};
}

json Popcount::illustrate(const Case& c) {
  json head = json::array();
  for (std::size_t i = 0; i < std::min<std::size_t>(c.size, 32); ++i) head.push_back(c.data[i]);
  json out = {{"mode", mode_name(c.mode)},
              {"source", c.from_file ? "file" : "generated"},
              {"bytes", c.size},
              {"offset", c.offset},
              {"head", std::move(head)}};
  if (!c.from_file) {
    out["k"] = c.k;
    out["order"] = order_name(c.order);
    out["bits"] = c.placed_bits;
  }
  return out;
}

bool Popcount::applies(const KernelInfo& kernel, const Case& c, std::string& why_not) {
  const std::optional<Family> family = family_named(kernel.group);
  if (!family) return true;  // not one of ours: nothing to say
  switch (*family) {
    case Family::word:
      if (c.mode == Mode::word) return true;
      why_not = "a single-word variant: it is timed on word pools (mode=word)";
      return false;
    case Family::array:
      if (c.mode == Mode::array) return true;
      why_not = "an array kernel: it runs on array cases (mode=array)";
      return false;
    case Family::read:
      if (c.mode == Mode::read) return true;
      why_not = "the memory-read ceiling: it runs on read cases (mode=read)";
      return false;
  }
  return true;
}

}  // namespace sp::popcount
