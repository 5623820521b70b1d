# The playground's link kit (issue #31, docs/playground.md): what the local server needs to turn a
# user's kernel source into a whole engine of this build, with no flag coming from the page.
#
# A user's kernel is compiled like a puzzle's kernels.inl, once per ISA pass, and linked with
# every object of this build's engine: natively the CLI (so the result is a `simd-puzzles` that
# speaks `engine`), in wasm the Embind module. It registers itself as kernel `yours` of its slot's
# puzzle, so our kernels and the user's run in one engine, verified and timed by one harness.
#
# Writes into <build>/playground/:
#   libsp_engine.a   the engine's objects (link it whole: kernels register by static initialisers)
#   toolchain.json   the compiler, compile and link flags, include folders, and for each slot
#                    (cpp/puzzles/<p>/playground/slot.json) the passes this build compiles; a
#                    native kit also names the CLI linked from the same objects (`cli`), whose
#                    `simd-puzzles passes --json` says which of them this CPU runs
#
# sp_playground_kit(<objects target>...): the object libraries whose objects make the engine.
function(sp_playground_kit)
  set(dir "${CMAKE_BINARY_DIR}/playground")
  set(objects "")
  foreach(t IN LISTS ARGN)
    list(APPEND objects "$<TARGET_OBJECTS:${t}>")
  endforeach()
  add_library(sp_playground_engine STATIC ${objects})
  set_target_properties(sp_playground_engine PROPERTIES
    OUTPUT_NAME sp_engine ARCHIVE_OUTPUT_DIRECTORY "${dir}" LINKER_LANGUAGE CXX)

  # The compile flags of a pass file: those sp_objects compiles with, minus the precompiled
  # header (the user's file includes what it needs; a PCH would tie it to this tree's state).
  string(TOUPPER "${CMAKE_BUILD_TYPE}" type)
  separate_arguments(base_flags UNIX_COMMAND "${CMAKE_CXX_FLAGS} ${CMAKE_CXX_FLAGS_${type}}")
  set(compile -std=c++20 ${base_flags} -Wall -Wextra)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    list(APPEND compile -Wno-psabi)
  endif()
  get_target_property(json_includes sp_json INTERFACE_INCLUDE_DIRECTORIES)
  set(includes "${PROJECT_SOURCE_DIR}/cpp" ${json_includes})
  if(EMSCRIPTEN)
    set(link ${base_flags} ${SP_WASM_MODULE_LINK_OPTIONS})
    set(output "simd-puzzles.mjs")
  else()
    set(link ${base_flags} -pthread)
    set(output "simd-puzzles")
  endif()

  # Each slot's passes that this build compiles (cmake/isa_passes.cmake decides, as for our own).
  file(GLOB slot_files CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/cpp/puzzles/*/playground/slot.json")
  set(slots_json "{}")
  foreach(slot_file IN LISTS slot_files)
    file(READ "${slot_file}" slot)
    set_property(DIRECTORY "${PROJECT_SOURCE_DIR}" APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${slot_file}")
    string(JSON puzzle GET "${slot}" puzzle)
    string(JSON pass_count LENGTH "${slot}" passes)
    set(built_passes "[]")
    math(EXPR last "${pass_count} - 1")
    foreach(i RANGE ${last})
      string(JSON pass GET "${slot}" passes ${i})
      sp_pass_built(${pass} built)
      if(built)
        string(JSON n LENGTH "${built_passes}")
        string(JSON built_passes SET "${built_passes}" ${n} "\"${pass}\"")
      endif()
    endforeach()
    string(JSON slots_json SET "${slots_json}" "${puzzle}" "${built_passes}")
  endforeach()

  set(json "{}")
  string(JSON json SET "${json}" build "\"${SP_BUILD_NAME}\"")
  string(JSON json SET "${json}" cxx "\"${CMAKE_CXX_COMPILER}\"")
  string(JSON json SET "${json}" output "\"${output}\"")
  string(JSON json SET "${json}" archive "\"${dir}/libsp_engine.a\"")
  # The CLI of the same objects: its registry knows this build's passes and cpu::has says which
  # this CPU runs (the compile service asks it rather than keep a table of CPU flags of its own).
  if(TARGET simd-puzzles AND NOT EMSCRIPTEN)
    get_target_property(cli_dir simd-puzzles RUNTIME_OUTPUT_DIRECTORY)
    if(NOT cli_dir)
      get_target_property(cli_dir simd-puzzles BINARY_DIR)
    endif()
    string(JSON json SET "${json}" cli "\"${cli_dir}/simd-puzzles${CMAKE_EXECUTABLE_SUFFIX}\"")
  endif()
  foreach(field compile includes link)
    set(array "[]")
    set(i 0)
    foreach(item IN LISTS ${field})
      string(JSON array SET "${array}" ${i} "\"${item}\"")
      math(EXPR i "${i} + 1")
    endforeach()
    string(JSON json SET "${json}" ${field} "${array}")
  endforeach()
  string(JSON json SET "${json}" slots "${slots_json}")
  file(WRITE "${dir}/toolchain.json.in" "${json}\n")
  # Rewritten only when it changes, so the compile service's cache keys hold across configures.
  configure_file("${dir}/toolchain.json.in" "${dir}/toolchain.json" COPYONLY)
endfunction()
