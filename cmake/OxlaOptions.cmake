# Compiler, linker and sanitizer settings shared by every oxla target.

if(OXLA_USE_CCACHE)
  find_program(OXLA_CCACHE ccache)
  if(OXLA_CCACHE)
    set(CMAKE_C_COMPILER_LAUNCHER "${OXLA_CCACHE}")
    set(CMAKE_CXX_COMPILER_LAUNCHER "${OXLA_CCACHE}")
  endif()
endif()

# lld links the large MLIR-based tools several times faster than GNU ld.
include(CheckCXXSourceCompiles)
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  set(CMAKE_REQUIRED_LINK_OPTIONS -fuse-ld=lld)
  check_cxx_source_compiles("int main() { return 0; }" OXLA_HAVE_LLD)
  unset(CMAKE_REQUIRED_LINK_OPTIONS)
  if(OXLA_HAVE_LLD)
    add_link_options(-fuse-ld=lld)
  endif()
endif()

# Debian's LLVM is built without exceptions and with RTTI; oxla matches it.
add_compile_options(-fno-exceptions -Wall -Wextra -Wno-unused-parameter)
if(CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  add_compile_options(-Wno-deprecated-this-capture)
endif()

if(OXLA_SANITIZE)
  string(REPLACE "," ";" _oxla_sanitizers "${OXLA_SANITIZE}")
  foreach(_s IN LISTS _oxla_sanitizers)
    if(NOT _s MATCHES "^(address|undefined)$")
      message(FATAL_ERROR "OXLA_SANITIZE: unknown sanitizer '${_s}' (use address,undefined)")
    endif()
  endforeach()
  add_compile_options(-fsanitize=${OXLA_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  # One shared sanitizer runtime for every program and for the Python
  # extension: Python is not sanitized, so the tests that import oxla load the
  # runtime first (OXLA_PRELOAD_SANITIZER_ENV), and the tools they start must
  # use that same runtime, not a static copy of their own.
  if("address" IN_LIST _oxla_sanitizers)
    set(_oxla_sanitizer_runtime asan)
  else()
    set(_oxla_sanitizer_runtime ubsan_standalone)
  endif()
  execute_process(
    COMMAND ${CMAKE_CXX_COMPILER}
            -print-file-name=libclang_rt.${_oxla_sanitizer_runtime}-${CMAKE_SYSTEM_PROCESSOR}.so
    OUTPUT_VARIABLE _oxla_sanitizer_library OUTPUT_STRIP_TRAILING_WHITESPACE)
  get_filename_component(_oxla_sanitizer_dir "${_oxla_sanitizer_library}" DIRECTORY)
  add_link_options(-fsanitize=${OXLA_SANITIZE} -shared-libsan
                   -Wl,-rpath,${_oxla_sanitizer_dir})
  # The options every test runs with (the Makefile's `test` sets them too):
  # Debian's LLVM and MLIR are not sanitized, but LLVM's headers poison the
  # allocator slabs our objects start (llvm/Support/Allocator.h), which the
  # libraries' own copy of the allocator then hands out without unpoisoning:
  # user poisoning off, or every MLIR program reports use-after-poison.
  # Allocations beyond memory return null, as oxla's out-of-memory errors
  # expect, instead of aborting.
  set(OXLA_ASAN_OPTIONS "allow_user_poisoning=0:allocator_may_return_null=1")
  # For Python (not sanitized) and libFuzzer's programs (its runtime comes
  # before the sanitizer's otherwise): the sanitizer runtime loaded first.
  # Python's own allocations are not freed at exit: no leak report there.
  set(OXLA_PRELOAD_SANITIZER_ENV "LD_PRELOAD=${_oxla_sanitizer_library}"
      "ASAN_OPTIONS=${OXLA_ASAN_OPTIONS}:detect_leaks=0")
else()
  set(OXLA_PRELOAD_SANITIZER_ENV "")
endif()

# oxla_add_tool(name SOURCES...): an executable in build/bin linked against the compiler.
function(oxla_add_tool name)
  add_executable(${name} ${ARGN})
  target_link_libraries(${name} PRIVATE OxlaCompiler)
endfunction()
