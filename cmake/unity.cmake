# Unity builds: every tree (native, sanitize, AArch64, both wasm flavours) compiles its shared
# sources in batches, one translation unit per batch. The precompiled headers already spare each
# file the parsing of nlohmann-json and the standard library, but each file still instantiates the
# same templates (json conversions, containers, gtest's assertions) and optimises them again; a
# batch does that once. Measured on the native tree (2026-11-26): the 28 region-free shared
# sources in one unit took 41 CPU-s against about 65 one by one.
#
# sp_unity_build(target [pass files...]): the ISA pass files (cmake/isa_passes.cmake) compile
# alone. A header is read once per batch, so a second pass in a batch would find its kernel
# headers already read under the first pass's namespace; and each pass file defines its pass's
# kPass. A build has only a few (one per puzzle and pass it has), so batching them saves little.
# Registrations use __COUNTER__, so batched files never clash; file-local helpers in batched files
# need distinct names.
function(sp_unity_build target)
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  if(ARGN)
    set_source_files_properties(${ARGN} TARGET_DIRECTORY ${target} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
  endif()
endfunction()
