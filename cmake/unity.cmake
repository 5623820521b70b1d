# Unity builds: every tree (native, sanitize, AArch64, both wasm flavours) compiles its shared
# sources in batches, one translation unit per batch. The precompiled headers already spare each
# file the parsing of nlohmann-json and the standard library, but each file still instantiates the
# same templates (json conversions, containers, gtest's assertions) and optimises them again; a
# batch does that once. Measured on the native tree (2026-11-26): the 28 region-free shared
# sources in one unit took 41 CPU-s against about 65 one by one.
#
# On x86-64, a file with an instruction-set region (SP_TARGET_BEGIN or SP_V128_BEGIN, cpp/simd/
# target.h) always compiles alone: the headers it includes inside the region would be compiled for
# that ISA once for the whole batch (include guards), so a baseline file after it would instantiate
# their templates with AVX2 or SSE4.1 code (shared_code_is_baseline_* caught exactly that).
# Elsewhere the regions are empty and the x86 kernel files compile to nothing: they batch like the
# rest. Registrations use __COUNTER__, so batched puzzle files never clash; file-local helpers in
# batched files need distinct names.
function(sp_unity_build target)
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  if(EMSCRIPTEN OR NOT CMAKE_SYSTEM_PROCESSOR MATCHES "x86_64|AMD64|amd64")
    return()
  endif()
  get_target_property(sources ${target} SOURCES)
  foreach(source IN LISTS sources)
    file(READ "${source}" text)
    string(REGEX MATCH "SP_[A-Z0-9_]*_BEGIN" region "${text}")
    if(region)
      set_source_files_properties("${source}" TARGET_DIRECTORY ${target} PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
    endif()
  endforeach()
endfunction()
