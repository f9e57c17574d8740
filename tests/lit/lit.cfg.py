# lit configuration for oxla's FileCheck tests (tests/lit/**).
import os

import lit.formats

config.name = "oxla"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.oxla_obj_root, "tests", "lit")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in", "Inputs"]

# oxla's tools first, then FileCheck, not, split-file from LLVM 19.
config.environment["PATH"] = os.pathsep.join(
    [config.oxla_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", os.environ["PATH"])]
)
config.environment["OXLA_CONFORMANCE_DIR"] = config.conformance_dir
# Each test compiles its own programs; the compile cache (on by default for
# users) is tested where a test turns it on (oxla-run/compile-cache.test).
config.environment["OXLA_CACHE_DIR"] = "off"
for var in ("ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%scripts", os.path.join(config.oxla_src_root, "scripts")))
config.substitutions.append(("%conformance_dir", config.conformance_dir))
