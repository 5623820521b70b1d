# nlohmann-json and CLI11 come from Debian's header-only -dev packages in /usr/include. Cross
# builds (AArch64, Emscripten) must not see the host's /usr/include as a whole (its libc headers
# would shadow the target's), so each dependency gets a build-tree folder holding just a link to
# its own header directory.
function(sp_header_only_dep target header package)
  find_path(SP_${target}_ROOT ${header} PATHS /usr/include /usr/local/include
            NO_DEFAULT_PATH NO_CMAKE_FIND_ROOT_PATH)
  if(NOT SP_${target}_ROOT)
    message(FATAL_ERROR "${header} not found: install it with `apt-get install ${package}` "
                        "(or run scripts/setup.sh)")
  endif()
  get_filename_component(top "${header}" DIRECTORY)
  set(dir "${CMAKE_BINARY_DIR}/third_party/${target}")
  file(MAKE_DIRECTORY "${dir}")
  if(NOT EXISTS "${dir}/${top}")
    file(CREATE_LINK "${SP_${target}_ROOT}/${top}" "${dir}/${top}" SYMBOLIC)
  endif()
  add_library(${target} INTERFACE)
  target_include_directories(${target} SYSTEM INTERFACE "${dir}")
endfunction()

sp_header_only_dep(sp_json nlohmann/json.hpp nlohmann-json3-dev)
sp_header_only_dep(sp_cli11 CLI/CLI.hpp libcli11-dev)
