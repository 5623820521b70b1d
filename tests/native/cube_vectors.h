#pragma once
// The published cube tables (tests/data/cube_vectors.json, from ../shared/research/cube.md), shared
// by the cube model and kernel tests.

#include <cstdint>

#include "puzzles/cube/cube.h"
#include "test_util.h"

namespace sp::cube::test {

inline const json& vectors() {
  static const json v = sp::test::load_data("cube_vectors.json");
  return v;
}

// A cubie-level cube from the tables' {cp, co, ep, eo}.
inline CubieCube cubie_from(const json& j) {
  CubieCube c;
  for (int i = 0; i < kCorners; ++i) c.cp[i] = j["cp"][i].get<std::uint8_t>(), c.co[i] = j["co"][i].get<std::uint8_t>();
  for (int i = 0; i < kEdges; ++i) c.ep[i] = j["ep"][i].get<std::uint8_t>(), c.eo[i] = j["eo"][i].get<std::uint8_t>();
  return c;
}

}  // namespace sp::cube::test
