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
  add_link_options(-fsanitize=${OXLA_SANITIZE})
endif()

# oxla_add_tool(name SOURCES...): an executable in build/bin linked against the compiler.
function(oxla_add_tool name)
  add_executable(${name} ${ARGN})
  target_link_libraries(${name} PRIVATE OxlaCompiler)
endfunction()
