// The translation unit a playground build compiles for one ISA pass (docs/playground.md): the
// user's source, saved as kernel.cpp beside it, opened inside the pass exactly as a puzzle's
// kernels.inl is (cmake/isa_passes.cmake writes those), after the slot's prelude (the puzzle's
// relative headers the slot's kernels build on), then the slot's glue registers its
// `kernel` as the puzzle's kernel `yours`. Diagnostics in the user's code name kernel.cpp with the
// editor's own line numbers, since the file is included as it is.

/** Slot ids and pass names are checked against the build's own lists before they get here; this
 * is a second check, since both end up inside a C++ file. */
const NAME = /^[a-z][a-z0-9_]{0,31}$/;

export const USER_SOURCE_FILE = 'kernel.cpp';

export function passFile(puzzle, pass) {
  if (!NAME.test(puzzle) || !NAME.test(pass)) throw new Error(`not a puzzle or pass name: ${puzzle} ${pass}`);
  return `// Generated for a playground build (scripts/lib/playground/pass-file.mjs): ISA pass ${pass}.
#define SP_PASS ${pass}
#include "puzzles/${puzzle}/${puzzle}.h"
#include "simd/isa.h"
#if !SP_PASS_BUILT
#error "this build does not compile the ${pass} pass"
#endif
SP_ISA_BEGIN
#include "simd/pass_family.h"
#include "puzzles/${puzzle}/playground/prelude.inl"
namespace playground {
using namespace ::sp::${puzzle};
#include "${USER_SOURCE_FILE}"
}  // namespace playground
#include "puzzles/${puzzle}/playground/slot.inl"
SP_ISA_END
SP_REGISTER_PASS(playground);
`;
}
