#pragma once
// `simd-puzzles engine`: the resident native engine the local server talks to (engine_server.cpp).

namespace sp::cli {

int cmd_engine();

}  // namespace sp::cli
