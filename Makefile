# oxla: `make` builds, `make test` runs every test, `make demo` runs an example,
# `make bench` runs the benchmark suite. Each target installs what it needs first.

BUILD_DIR ?= build
SANITIZE ?=
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=

# A sanitizer build lives in its own folder so it never mixes with the normal one.
comma := ,
ifneq ($(SANITIZE),)
BUILD_DIR := build-$(subst $(comma),-,$(SANITIZE))
endif

.PHONY: all bootstrap configure build test demo bench format clean

all: build

bootstrap:
	@bash scripts/bootstrap.sh

$(BUILD_DIR)/build.ninja: | bootstrap
	cmake -S . -B $(BUILD_DIR) -G Ninja \
	  -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
	  -DPython3_EXECUTABLE=/usr/bin/python3 \
	  -DOXLA_SANITIZE=$(SANITIZE) $(CMAKE_FLAGS)

configure: bootstrap $(BUILD_DIR)/build.ninja

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

# A sanitized build's tests run with the options cmake/OxlaOptions.cmake explains.
SANITIZER_ENV := $(if $(SANITIZE),ASAN_OPTIONS=allow_user_poisoning=0:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1)

test: build
	cd $(BUILD_DIR) && $(SANITIZER_ENV) ctest --output-on-failure -j $(JOBS)

demo: build
	@bash scripts/demo.sh $(BUILD_DIR)

bench: build
	@bash scripts/bench.sh $(BUILD_DIR)

format:
	@git ls-files '*.cpp' '*.h' | xargs clang-format -i

clean:
	rm -rf $(BUILD_DIR)
