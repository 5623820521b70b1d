#pragma once
// Where each kernel's instructions start, for its listing. scripts/build-listings.mjs asks a built
// program (the native CLI's hidden `entry-points` command, the wasm module's `entryPoints()`) for
// every registered kernel's entry functions and finds them in the same binary's disassembly, so a
// kernel needs no name or annotation of its own: its registration is its entry (see
// Kernel::entry_points).

#include <cstdint>

#include "core/json.h"

namespace sp {

// {"build": build_name(), "anchor": address of sp_listing_anchor,
//  "kernels": [{"puzzle", "kernel", "isa", "key", "entries": [{"role", "address"}]}]}.
// Natively an address minus the anchor's is the function's offset from the anchor in the
// binary's own disassembly, whatever address the program was loaded at (PIE, qemu); in wasm an
// address is an index into the function table. Addresses are decimal strings: JSON numbers
// would round them in JavaScript.
json entry_points_json();

}  // namespace sp

// A function with a name the listings script looks up: natively the fixed point that kernel
// addresses are measured from. Its result is a marker nothing else returns, so no linker folds it
// with another function.
extern "C" std::uint32_t sp_listing_anchor();
