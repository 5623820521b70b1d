// The reference: Kociemba's cubie arithmetic on four byte arrays, one element at a time.

#include "puzzles/cube/cube.h"

// The driver, compiled at baseline as sp::cube::Driver (a relative header: the ISA passes compile
// their own copies, sp::isa_<pass>::cube::Driver).
namespace sp {
#include "puzzles/cube/driver.h"
}  // namespace sp

namespace sp::cube {
namespace {

struct ScalarOps {
  using State = CubieCube;
  using Mem = CubieCube;
  static const Operands<Mem>& operands(const Case& c) { return c.cubie; }
  static State load(const Mem& m) { return m; }
  static void store(Mem& m, State s) { m = s; }
  static Packed packed(State s) { return pack(s); }
  static State identity() { return identity_cube(); }
  static bool equal(State a, State b) { return a == b; }
  static State compose(State a, State b) { return multiply(a, b); }
  static State invert(State a) { return inverse(a); }
};

Result<Answer> run_scalar(const Case& c, const Output& out) { return Driver<ScalarOps>::run(c, out); }

SP_REGISTER_KERNEL(Cube,
                   {"scalar", Isa::scalar, 0,
                    "cp/co/ep/eo byte arrays: table lookups to compose, a scatter to invert (reference)"},
                   &run_scalar);

}  // namespace
}  // namespace sp::cube
