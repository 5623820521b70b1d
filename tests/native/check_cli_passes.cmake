# ctest cli_passes: `simd-puzzles passes --json` (the registry's passes, cpp/core/registry.h) lists
# exactly the ISA passes this build compiled kernels in (SP_PASSES_BUILT, cmake/isa_passes.cmake),
# each once, each with whether this CPU runs it, and marks the architecture's baseline passes as
# running; its table for people names the same passes. The playground's server compiles a user's
# kernel for the passes this answer says run (scripts/lib/playground/compile.mjs), so a pass the
# registry forgot would silently never be compiled there, and one it wrongly marks as running
# would give a binary that dies of SIGILL.
#
#   cmake -DCLI=<simd-puzzles> -DEMULATOR=<a,b> -DEXPECTED=<pass,...> -DBASELINE=<pass,...>
#         -P check_cli_passes.cmake
# Lists are comma-separated (ctest would split a semicolon list into arguments).
cmake_minimum_required(VERSION 3.25)  # a script has no project: this sets the policies (IN_LIST)
string(REPLACE "," ";" expected "${EXPECTED}")
string(REPLACE "," ";" baseline "${BASELINE}")
string(REPLACE "," ";" emulator "${EMULATOR}")
if(NOT expected)
  message(FATAL_ERROR "cli_passes: no expected passes given (SP_PASSES_BUILT is empty?)")
endif()

execute_process(COMMAND ${emulator} ${CLI} passes --json
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cli_passes: `simd-puzzles passes --json` failed (${rc}): ${err}")
endif()
string(JSON count ERROR_VARIABLE json_error LENGTH "${out}" passes)
if(json_error)
  message(FATAL_ERROR "cli_passes: no `passes` array in the answer (${json_error}):\n${out}")
endif()
if(count EQUAL 0)
  message(FATAL_ERROR "cli_passes: the CLI lists no pass; this build compiled ${EXPECTED}")
endif()

set(names "")
set(running "")
math(EXPR last "${count} - 1")
foreach(i RANGE ${last})
  string(JSON name GET "${out}" passes ${i} name)
  string(JSON runs_type TYPE "${out}" passes ${i} runs)
  if(NOT runs_type STREQUAL "BOOLEAN")
    message(FATAL_ERROR "cli_passes: pass '${name}' has no boolean `runs` (${runs_type})")
  endif()
  string(JSON runs GET "${out}" passes ${i} runs)
  if(name IN_LIST names)
    message(FATAL_ERROR "cli_passes: pass '${name}' is listed twice:\n${out}")
  endif()
  list(APPEND names ${name})
  if(runs)
    list(APPEND running ${name})
  endif()
endforeach()

set(missing ${expected})
list(REMOVE_ITEM missing ${names})
set(extra ${names})
list(REMOVE_ITEM extra ${expected})
if(missing OR extra)
  message(FATAL_ERROR "cli_passes: the CLI lists [${names}], this build compiled [${expected}]"
                      " (missing: [${missing}], not compiled: [${extra}])")
endif()
foreach(pass IN LISTS baseline)
  if(pass IN_LIST expected AND NOT pass IN_LIST running)
    message(FATAL_ERROR "cli_passes: baseline pass '${pass}' is not marked as running (running: [${running}]):\n${out}")
  endif()
endforeach()

# The table for people: one row per pass, in the same order.
execute_process(COMMAND ${emulator} ${CLI} passes OUTPUT_VARIABLE table RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cli_passes: `simd-puzzles passes` failed (${rc})")
endif()
set(order "")
foreach(name IN LISTS names)
  string(REGEX MATCH "\n  ${name} +[a-z0-9.]+ +[^\n]+ +(yes|no \\(lacks [^\n]+\\))\n" row "${table}")
  if(NOT row)
    message(FATAL_ERROR "cli_passes: `simd-puzzles passes` has no row for '${name}':\n${table}")
  endif()
  string(FIND "${table}" "${row}" at)
  list(APPEND order ${at})
endforeach()
set(sorted ${order})
list(SORT sorted COMPARE NATURAL)
if(NOT sorted STREQUAL order)
  message(FATAL_ERROR "cli_passes: the table's rows are not in the JSON's order:\n${table}")
endif()
message(STATUS "cli_passes: ok: [${names}], running here: [${running}]")
