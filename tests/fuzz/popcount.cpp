// Fuzz target `popcount`: popcount's input files (the CLI's --file, the page's file picker), read
// through the registry the way the engine reads them, and counted by every kernel this CPU runs.
//
// Input: the bytes of a file (an empty one too: 0 bytes, 0 bits). Each input is prepared three
// times, once per mode (array, word, read), at offset 0 and at an offset taken from the data
// (1..63, so the same input always gets the same one), and every available kernel that applies to the mode counts it: the reference
// (`scalar-builtin`) and the word variants, the SIMD kernels' vector loops and zero-filled tails
// at every length and misalignment. Besides "no crash, no UB, no leak, no read outside the data"
// (prepare puts 0xFF guard bytes around the data, so a kernel reading past it miscounts):
//   - every bit count equals a bytewise popcount computed here (a clear-lowest-bit loop per
//     byte), every byte sum a plain byte loop;
//   - the case describes the file: the known answer (read mode) is the byte sum, the
//     illustration says source "file" and the file's size.
// Cost: linear in the input (libFuzzer's -max_len, 4 KiB in scripts/fuzz.sh); milliseconds.

#include <cstdint>
#include <string>

#include "core/registry.h"
#include "fuzz_check.h"
#include "fuzz_target.h"

namespace fuzz_popcount {

using sp::json;

std::uint64_t bytewise_popcount(const std::uint8_t* data, std::size_t size) {
  std::uint64_t bits = 0;
  for (std::size_t i = 0; i < size; ++i)
    for (unsigned b = data[i]; b; b &= b - 1) ++bits;
  return bits;
}

std::uint64_t byte_sum(const std::uint8_t* data, std::size_t size) {
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < size; ++i) sum += data[i];
  return sum;
}

const sp::Puzzle& popcount_puzzle() {
  static const sp::Puzzle* p = sp::registry().find("popcount");
  if (!p) sp::fuzz::fail(__FILE__, __LINE__, "registry().find(\"popcount\")", "the popcount puzzle is not registered");
  return *p;
}

SP_FUZZ_TARGET(popcount, data, size) {
  const sp::Puzzle& puzzle = popcount_puzzle();
  const sp::Input file = sp::Input::file(sp::Bytes(data, size));  // an empty file too: 0 bits
  const std::uint64_t bits = bytewise_popcount(data, size);
  const std::uint64_t sum = byte_sum(data, size);
  const int derived_offset = 1 + static_cast<int>(sum % 63);

  for (const char* mode : {"array", "word", "read"}) {
    for (int offset : {0, derived_offset}) {
      const json params = {{"mode", mode}, {"offset", offset}};
      const std::string where = std::string("mode=") + mode + " offset=" + std::to_string(offset) + " size=" +
                                std::to_string(size);
      auto prepared = puzzle.prepare(params, file);
      SP_FUZZ_CHECK(prepared, where, ": prepare failed: ", prepared ? "" : prepared.error());
      const sp::PreparedCase& c = *prepared.value();
      SP_FUZZ_CHECK(c.has_input && c.input_bytes == size, where, ": input_bytes ", std::to_string(c.input_bytes));

      const json picture = puzzle.illustrate(c);
      SP_FUZZ_CHECK(picture.value("source", "") == "file" && picture.value("bytes", std::size_t{0}) == size, where,
                    ": the illustration does not describe the file: ", sp::dump_json(picture));
      const auto known = puzzle.known_answer(c);
      if (std::string(mode) == "read")
        SP_FUZZ_CHECK((known && known->answer == json{{"byte_sum", sum}}), where, ": known answer is not the byte sum");
      else
        SP_FUZZ_CHECK(!known, where, ": a file's bit count has no known answer but the reference's");

      int ran = 0;
      bool reference_ran = false;
      for (const auto& kernel : puzzle.kernels()) {
        std::string why_not;
        if (!kernel->available() || !puzzle.applies(kernel->info(), c, why_not)) continue;
        const auto result = kernel->run(c);
        SP_FUZZ_CHECK(result, where, ": ", kernel->key(), " failed: ", result ? "" : result.error());
        const sp::Outcome& out = result.value();
        const json expected = out.answer.contains("byte_sum") ? json{{"byte_sum", sum}} : json{{"bits", bits}};
        SP_FUZZ_CHECK(out.answer == expected, where, ": ", kernel->key(), " answered ", sp::dump_json(out.answer),
                      ", bytewise: ", sp::dump_json(expected));
        SP_FUZZ_CHECK(out.work == size, where, ": ", kernel->key(), " reports work ", std::to_string(out.work));
        ++ran;
        reference_ran |= kernel.get() == puzzle.reference();
      }
      SP_FUZZ_CHECK(ran > 0, where, ": no kernel applies");
      if (std::string(mode) == "array") SP_FUZZ_CHECK(reference_ran, where, ": the reference kernel did not run");
    }
  }
  return 0;
}

}  // namespace fuzz_popcount
