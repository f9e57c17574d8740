"""oxla: compile and run StableHLO programs from Python.

    import numpy as np, oxla
    exe = oxla.compile('''
      func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
        %0 = stablehlo.add %a, %b : tensor<4xf32>
        return %0 : tensor<4xf32>
      }''')
    exe(np.ones(4, np.float32), np.arange(4, dtype=np.float32))

Element types map to numpy dtypes: i1 <-> bool, i8/si8 .. i64 <-> int8 .. int64,
ui8 .. ui64 <-> uint8 .. uint64, f16 <-> float16, f32 <-> float32, f64 <-> float64,
complex<f32> <-> complex64, complex<f64> <-> complex128. numpy has no bfloat16: bf16
arguments take uint16 arrays of the bf16 bit patterns and bf16 results come back as
uint16 arrays (see `float32_to_bfloat16` and `bfloat16_to_float32`).

Failed C API calls raise `oxla.Error` (a RuntimeError) or one of its subclasses by
status code; `error.code` is the code's name ("INVALID_ARGUMENT", "CHECK_FAILED", ...).
"""

import collections
import os
import re
import sys
import time

import numpy as np


from . import _oxla
from ._oxla import (
    API_VERSION,
    CheckFailedError,
    CustomCallFailedError,
    Error,
    FailedPreconditionError,
    InternalError,
    InvalidArgumentError,
    NotFoundError,
    OutOfMemoryError,
    UnsupportedError,
)

__all__ = [
    "API_VERSION", "CheckFailedError", "CustomCallFailedError", "Error", "Executable",
    "FailedPreconditionError", "Function", "Future", "InternalError",
    "InvalidArgumentError", "MemoryLimitError", "NotFoundError", "OutOfMemoryError",
    "Shardings",
    "UnsupportedError",
    "bfloat16_to_float32",
    "compile", "dtype_of", "float32_to_bfloat16", "interpret", "load",
]

STAGES = ("stablehlo", "refined", "linalg", "fused", "buffers", "llvm-dialect")

_DTYPES = {
    "i1": np.dtype(np.bool_),
    "i8": np.dtype(np.int8), "si8": np.dtype(np.int8),
    "i16": np.dtype(np.int16), "si16": np.dtype(np.int16),
    "i32": np.dtype(np.int32), "si32": np.dtype(np.int32),
    "i64": np.dtype(np.int64), "si64": np.dtype(np.int64),
    "ui8": np.dtype(np.uint8), "ui16": np.dtype(np.uint16),
    "ui32": np.dtype(np.uint32), "ui64": np.dtype(np.uint64),
    "f16": np.dtype(np.float16),
    "bf16": np.dtype(np.uint16),  # bit patterns: numpy has no bfloat16
    "f32": np.dtype(np.float32), "f64": np.dtype(np.float64),
    "complex<f32>": np.dtype(np.complex64), "complex<f64>": np.dtype(np.complex128),
}


def dtype_of(type_spec):
    """The numpy dtype for a type in the signature's spelling ("2x3xf32" -> float32).

    bf16 maps to uint16 (the bit patterns)."""
    element = _oxla.element_of(type_spec)
    try:
        return _DTYPES[element]
    except KeyError:
        raise TypeError(f"type {type_spec}: element type {element} has no numpy dtype")


def float32_to_bfloat16(values):
    """bf16 bit patterns (uint16) of `values`, rounded to nearest even."""
    floats = np.asarray(values, dtype=np.float32)
    bits = floats.view(np.uint32).astype(np.uint64)
    sixteen = np.uint64(16)
    lsb = (bits >> sixteen) & np.uint64(1)
    rounded = (bits + np.uint64(0x7FFF) + lsb) >> sixteen
    # NaNs stay NaNs (quiet), whatever their payload.
    quiet = (bits >> sixteen) | np.uint64(0x40)
    return np.where(np.isnan(floats), quiet, rounded).astype(np.uint16)


def bfloat16_to_float32(bits):
    """float32 values of bf16 bit patterns (a uint16 array)."""
    bits = np.asarray(bits, dtype=np.uint16)
    return (bits.astype(np.uint32) << np.uint32(16)).view(np.float32)


def _c_contiguous(array):
    # Not np.ascontiguousarray: it makes 0-d arrays 1-d.
    array = np.asarray(array)
    return array if array.flags.c_contiguous else array.copy(order="C")


def _convert_argument(function, index, value, type_spec):
    """`value` as a C-contiguous array of the dtype `type_spec` asks for."""
    expected = dtype_of(type_spec)
    element = _oxla.element_of(type_spec)
    where = f"@{function.name} argument #{index} ({type_spec})"
    if isinstance(value, np.ndarray) or isinstance(value, np.generic):
        array = np.asarray(value)
        if array.dtype != expected:
            raise TypeError(f"{where}: expected a {expected} array, got {array.dtype}")
        return _c_contiguous(array)
    if isinstance(value, (bool, int, float, complex, list, tuple)):
        given = np.asarray(value)
        if element == "bf16" and given.dtype.kind == "f":
            return _c_contiguous(float32_to_bfloat16(given))
        if given.dtype.kind not in _COMPATIBLE_KINDS[expected.kind]:
            raise TypeError(f"{where}: cannot pass a {type(value).__name__} of "
                            f"{given.dtype} values as {expected}")
        try:
            array = given.astype(expected)
        except (OverflowError, ValueError) as error:
            raise TypeError(f"{where}: {error}") from None
        same = array == given
        if given.dtype.kind in "fc":
            same |= np.isnan(given)
        if not np.all(same):
            raise TypeError(f"{where}: {value!r} does not fit in {expected}")
        return _c_contiguous(array)
    raise TypeError(f"{where}: expected a numpy array or a scalar, got "
                    f"{type(value).__name__}")


# Python values of these numpy kinds convert to a dtype of the key's kind.
_COMPATIBLE_KINDS = {"b": "b", "i": "bi", "u": "bi", "f": "biuf", "c": "biufc"}


def _results(function, arrays):
    if not arrays:
        return None
    if len(arrays) == 1:
        return arrays[0]
    return tuple(arrays)


Shardings = collections.namedtuple(
    "Shardings", "devices arguments results argument_shard_types result_shard_types")
Shardings.__doc__ = """How a function is partitioned over its devices.

`devices`: the device count (1 for a function that was not partitioned).
`arguments`, `results`: per value, its sharding in Shardy's syntax with an inline
mesh (`<mesh<["x"=2]>, [{"x"}, {}]>`), None when every device holds it whole.
`argument_shard_types`, `result_shard_types`: the type of one device's shard
("4x8xf32"; a dimension that does not divide is rounded up, the last shards
padded)."""


class Function:
    """A function of an executable: call it with numpy arrays or scalars."""

    def __init__(self, executable, handle):
        self._executable = executable  # keeps the Python wrapper alive too
        self._handle = handle

    @property
    def name(self):
        return self._handle.name

    @property
    def signature(self):
        """"(2x3xf32, f32) -> (2x3xf32)"."""
        return self._handle.signature

    @property
    def argument_types(self):
        return list(self._handle.argument_types)

    @property
    def result_types(self):
        return list(self._handle.result_types)

    def memory_report(self):
        """What a call needs, known before it runs, as `oxla-run --memory-report`
        prints it: arguments, results, temporaries, the arena, the buffers live
        at the peak (with their locations), ending with `memory @NAME: peak N
        bytes (arguments A, results R, temporaries T)`."""
        return self._handle.memory_report

    @property
    def memory_plan(self):
        """The same numbers as a dict: peak, arguments, results, temporaries,
        arena (the scratch a call takes), live_peak, planned, unplanned,
        unplanned_bytes, dynamic (shapes known only at run time, not counted),
        known (False without a buffer plan, e.g. interpreted) and
        donated_results (bytes of results written in donated arguments, not in
        `results`)."""
        return dict(self._handle.memory_plan)

    @property
    def result_donors(self):
        """Per result, the argument (`tf.aliasing_output`, `jax.buffer_donor`)
        in whose buffer it is computed when that argument is donated
        (`f(*args, donate=(i,))`), or -1."""
        return list(self._handle.result_donors)

    def _arguments(self, args):
        types = self._handle.argument_types
        if len(args) != len(types):
            raise TypeError(f"@{self.name} {self.signature} takes {len(types)} "
                            f"argument(s), {len(args)} given")
        return [_convert_argument(self, i, value, spec)
                for i, (value, spec) in enumerate(zip(args, types))]

    def __call__(self, *args, donate=()):
        """Runs the function; one result comes back as an array, several as a
        tuple, none as None. `donate`: indices of arguments whose buffers (the
        copies of the arrays given: the arrays stay as they are) the call may
        take, so that a result paired with one (`result_donors`) needs no
        memory of its own."""
        return _results(self, self._handle.invoke(self._arguments(args), list(donate)))

    def call_async(self, *args):
        """Starts the function on the client's threads; returns a Future."""
        return Future(self, self._handle.invoke_async(self._arguments(args)))

    @property
    def shardings(self):
        """How the function is partitioned (a `Shardings`)."""
        handle = self._handle
        return Shardings(handle.device_count, list(handle.argument_shardings),
                         list(handle.result_shardings), list(handle.argument_shard_types),
                         list(handle.result_shard_types))

    def call_sharded(self, shards):
        """Runs a partitioned function on shards you hold: `shards[d]` is the list
        of device d's arguments (each of its shard type; a replicated argument
        whole on every device). Returns a list per device of its result shards
        (a result held as partial sums is each device's partial value).
        A call with global arrays (`f(*args)`) cuts and reassembles them for you."""
        devices = self._handle.device_count
        shards = list(shards)
        if len(shards) != devices:
            raise TypeError(f"@{self.name} runs on {devices} device(s); shards for "
                            f"{len(shards)} given")
        types = self._handle.argument_shard_types
        converted = []
        for device, arguments in enumerate(shards):
            arguments = list(arguments)
            if len(arguments) != len(types):
                raise TypeError(f"@{self.name} takes {len(types)} argument(s); device "
                                f"{device} has {len(arguments)}")
            converted.append([_convert_argument(self, i, value, spec)
                              for i, (value, spec) in enumerate(zip(arguments, types))])
        return self._handle.invoke_sharded(converted)

    def __repr__(self):
        return f"<oxla.Function @{self.name} {self.signature}>"


class Future:
    """The result of `call_async`: `result()` waits for it."""

    def __init__(self, function, event):
        self._function = function
        self._event = event
        self._done = False
        self._value = None
        self._error = None

    def done(self):
        return self._done or self._event.ready()

    def result(self, timeout=None):
        """Waits for the invocation and returns its results like a call (or raises
        its error). With a timeout in seconds, raises TimeoutError when it has not
        completed by then."""
        if not self._done:
            if timeout is not None:
                deadline = time.monotonic() + timeout
                while not self._event.ready():
                    if time.monotonic() >= deadline:
                        raise TimeoutError("the oxla invocation has not completed")
                    time.sleep(0.001)
            try:
                self._value = _results(self._function, self._event.wait())
            except BaseException as error:  # kept and raised again on each call
                self._error = error
            self._done = True
        if self._error is not None:
            raise self._error
        return self._value

    def exception(self, timeout=None):
        try:
            self.result(timeout)
        except TimeoutError:
            raise
        except Exception as error:
            return error
        return None


class Executable:
    """Compiled (or loaded, or interpreted) StableHLO functions.

    `exe(*args)` calls its only function, or `main` when it has several;
    `exe["name"](*args)` calls any of them."""

    def __init__(self, handle, source_name=None):
        self._handle = handle
        self._source_name = source_name
        self._functions = {}

    @property
    def compile_timings(self):
        """The wall time of each step of the compilation, one per line ("" for
        an executable that was loaded or is interpreted)."""
        return self._handle.compile_timings

    @property
    def functions(self):
        """The names of the functions."""
        return list(self._handle.functions)

    def function(self, name):
        """The function `name` (oxla.NotFoundError when there is none)."""
        if name not in self._functions:
            self._functions[name] = Function(self, self._handle.lookup(name))
        return self._functions[name]

    def __getitem__(self, name):
        return self.function(name)

    def __contains__(self, name):
        return name in self.functions

    @property
    def default_function(self):
        names = self.functions
        if len(names) == 1:
            return self.function(names[0])
        if "main" in names:
            return self.function("main")
        raise TypeError("the executable has several functions and no main; call one of "
                        "them by name: " + ", ".join(names))

    @property
    def signature(self):
        """The default function's signature, "(2x3xf32, f32) -> (2x3xf32)"."""
        return self.default_function.signature

    def __call__(self, *args):
        return self.default_function(*args)

    def call_async(self, *args):
        return self.default_function.call_async(*args)

    @property
    def shardings(self):
        """The default function's `Shardings`."""
        return self.default_function.shardings

    def call_sharded(self, shards):
        """The default function's `call_sharded`."""
        return self.default_function.call_sharded(shards)

    def memory_report(self):
        """`Function.memory_report()` of each function, in order."""
        return "".join(self.function(name).memory_report() for name in self.functions)

    def as_text(self, stage="stablehlo"):
        """The module's IR at a stage of the CPU pipeline: one of STAGES
        ("stablehlo" as parsed, "refined" (calls inlined, shapes refined), "linalg", "fused", "buffers", "llvm-dialect").
        Only for executables made from source."""
        return self._handle.ir(stage)

    def __repr__(self):
        return f"<oxla.Executable {', '.join('@' + n for n in self.functions)}>"


def _read_source(src, name):
    """(bytes, source name) for a text, bytes or path source."""
    if isinstance(src, os.PathLike):
        path = os.fspath(src)
        with open(path, "rb") as file:
            return file.read(), name or os.fsdecode(path)
    if isinstance(src, str):
        # One line without a brace cannot be a program: take it as a path, so
        # that a missing file raises FileNotFoundError rather than a parse error.
        # An empty or blank text is an (empty) program, not a path.
        if "\n" not in src and src.strip() and (os.path.isfile(src) or "{" not in src):
            with open(src, "rb") as file:
                return file.read(), name or src
        return src.encode("utf-8"), name
    if isinstance(src, (bytes, bytearray, memoryview)):
        return bytes(src), name
    raise TypeError("the source must be StableHLO text (str), bytes (text or MLIR "
                    f"bytecode) or a path, not {type(src).__name__}")


def _entries(entries):
    if entries is None:
        return None
    if isinstance(entries, str):
        return [entries]
    return [str(entry) for entry in entries]


def _is_onnx(data, name):
    """Whether the source is an ONNX model (as the importer decides)."""
    return (name or "").endswith(".onnx") or (len(data) > 4 and data[0] == 0x08
                                              and data[1] < 0x80)


# The importer's message for a value it needs when the model is read that is
# computed from graph inputs (NodeContext::computedAtRunTime): "... is computed
# at run time from graph input 'shape'; ..." / "from graph inputs 'a', 'b'".
_RUN_TIME_INPUTS = re.compile(r"computed at run time from graph inputs? ((?:'[^']*'(?:, )?)+);")


def _run_time_inputs(error):
    """The graph inputs whose values the importer asked for in `error`."""
    match = _RUN_TIME_INPUTS.search(str(error))
    return re.findall(r"'([^']*)'", match.group(1)) if match else []


class _SpecializingModel:
    """An ONNX model compiled for each call's arguments: for their shapes when
    its inputs have dynamic sizes (a batch axis exported as dynamic), as
    oxla-run specializes dynamic programs, and for the values of the inputs
    that fix shapes (a Reshape's shape, a Slice's starts, a TopK's K given as
    graph inputs), which the importer names and which are then imported as
    initializers: the compiled program for those values, as a shape-polymorphic
    export is specialized for its dimension variables. Kept per key."""

    def __init__(self, model, name, threads=0, timing=False, value_inputs=(),
                 memory_limit=None):
        self._model = model
        self._name = name
        self._threads = threads
        self._timing = timing
        self._value_inputs = list(value_inputs)
        self._memory_limit = memory_limit
        self._compiled = {}

    def _inputs(self):
        initialized = {t.name for t in self._model.graph.initializer}
        return [v for v in self._model.graph.input if v.name not in initialized]

    @property
    def input_names(self):
        return [v.name for v in self._inputs()]

    def _build(self, args, bound):
        import copy
        from onnx import mapping, numpy_helper
        model = copy.deepcopy(self._model)
        initialized = {t.name for t in model.graph.initializer}
        inputs = [v for v in model.graph.input if v.name not in initialized]
        for value, arg in zip(inputs, args):
            shape = np.shape(arg)
            dims = value.type.tensor_type.shape.dim
            if len(dims) != len(shape):
                raise TypeError(f"input '{value.name}' has rank {len(dims)}, "
                                f"got an array of shape {shape}")
            for dim, size in zip(dims, shape):
                if dim.HasField("dim_value") and dim.dim_value != size:
                    raise TypeError(f"input '{value.name}' has shape "
                                    f"{[d.dim_value or d.dim_param for d in dims]}, "
                                    f"got an array of shape {shape}")
                dim.Clear()
                dim.dim_value = size
            if value.name in bound:
                dtype = mapping.TENSOR_TYPE_TO_NP_TYPE[value.type.tensor_type.elem_type]
                model.graph.initializer.append(
                    numpy_helper.from_array(np.asarray(arg, dtype=dtype), value.name))
        # The outputs' and intermediate values' declared shapes are
        # recomputed by the importer.
        del model.graph.value_info[:]
        return Executable(
            _oxla.build(model.SerializeToString(), None, self._name, False, self._threads),
            self._name)

    def _key(self, args):
        shapes = tuple(tuple(np.shape(a)) for a in args)
        names = self.input_names
        values = tuple((name, np.asarray(args[names.index(name)]).tobytes())
                       for name in self._value_inputs)
        return shapes, values

    def _for(self, args):
        names = self.input_names
        if len(args) != len(names):
            raise TypeError(f"the model takes {len(names)} argument(s), {len(args)} given")
        while True:
            key = self._key(args)
            if key in self._compiled:
                return self._compiled[key]
            try:
                executable = self._build(args, set(self._value_inputs))
            except UnsupportedError as error:
                more = [n for n in _run_time_inputs(error)
                        if n in names and n not in self._value_inputs]
                if not more:
                    raise
                self._value_inputs += more
                continue
            self._compiled[key] = executable
            if self._timing:
                sys.stderr.write(executable.compile_timings)
            if self._memory_limit is not None:
                _check_memory_limit(executable, self._memory_limit)
            return executable

    def __call__(self, *args, **by_name):
        args = _arguments_by_name(self.input_names, args, by_name)
        executable = self._for(args)
        return executable(*[a for n, a in zip(self.input_names, args)
                            if n not in self._value_inputs])


def _arguments_by_name(names, args, by_name):
    """The positional arguments, with those given by (ONNX input) name placed."""
    if not by_name:
        return args
    args = list(args) + [None] * (len(names) - len(args))
    for key, value in by_name.items():
        if key not in names:
            raise TypeError(f"the model has no input '{key}' (inputs: {', '.join(names)})")
        index = names.index(key)
        if args[index] is not None:
            raise TypeError(f"input '{key}' is given twice")
        args[index] = value
    missing = [n for n, a in zip(names, args) if a is None]
    if missing:
        raise TypeError("missing input(s): " + ", ".join(missing))
    return args


def _thread_count(threads):
    """The client thread count of `threads=` (0 for the default, one per core)."""
    if threads is None:
        return 0
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be a positive int or None, not {threads!r}")
    if threads < 1 or threads > 4096:
        raise ValueError(f"threads must be between 1 and 4096, not {threads}")
    return threads


def _device_count(devices):
    if devices is None:
        return 1
    if isinstance(devices, bool) or not isinstance(devices, int):
        raise TypeError(f"devices must be a positive int or None, not {devices!r}")
    if devices < 1 or devices > 4096:
        raise ValueError(f"devices must be between 1 and 4096, not {devices}")
    return devices



class MemoryLimitError(Error, MemoryError):
    """A function needs more bytes at its peak than `compile(memory_limit=)`
    allows. `needed` is its peak, `limit` the limit, `function` its name."""

    def __init__(self, message, needed=None, limit=None, function=None):
        super().__init__(message)
        self.needed = needed
        self.limit = limit
        self.function = function


def _check_memory_limit(executable, limit):
    """Raises MemoryLimitError for the first function of `executable` whose
    predicted peak is over `limit` bytes."""
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise TypeError(f"memory_limit must be a non-negative int, not {limit!r}")
    for name in executable.functions:
        function = executable.function(name)
        plan = function.memory_plan
        if plan["peak"] <= limit:
            continue
        live = [line.strip() for line in function.memory_report().splitlines()
                if line.startswith("    ")]
        message = (f"@{name} needs {plan['peak']} bytes at its peak (arguments "
                   f"{plan['arguments']}, results {plan['results']}, temporaries "
                   f"{plan['temporaries']}), over memory_limit {limit}")
        message += "".join("\nlive at the peak: " + line for line in live)
        raise MemoryLimitError(message, plan["peak"], limit, name)


def compile(src, entries=None, name=None, threads=None, timing=False, devices=None,
            memory_limit=None):
    """Compiles StableHLO or an ONNX model for the host CPU.

    `src`: MLIR text (str), bytes (text, bytecode, a StableHLO portable
    artifact or an ONNX model), or the path of a file (then diagnostics name the
    file). `entries`: the functions to expose (default: main if there is one,
    else every public function). `name`: the source name diagnostics use
    ("<input>" by default). An ONNX model whose inputs have dynamic sizes is
    compiled for the shapes of the arguments it is called with (python3-onnx
    reads it). A program compiled before is loaded from the compile cache
    ($OXLA_CACHE_DIR, default ~/.cache/oxla; OXLA_CACHE_DIR=off disables it).
    `threads`: the threads its parallel loops and routines run on (default:
    one per core). `timing=True` prints the wall time of each step of the
    compilation on stderr (as `oxla-compile --time-phases`);
    `Executable.compile_timings` holds the same text. `devices=N`: a program
    with shardings over a mesh of N devices (Shardy or GSPMD) is partitioned
    and runs on N virtual CPU devices, each a thread with threads / N threads
    of its own; calls still take and return global arrays (`call_sharded`
    takes every device's shards, `Executable.shardings` says what they are).
    Programs without shardings run on one device. `memory_limit`: bytes a
    call may hold at its peak (arguments, results and temporaries, as
    `Executable.memory_report()` predicts it); a function over it raises
    MemoryLimitError naming the bytes it needs and the buffers live at its
    peak (as `oxla-compile --memory-limit`; an ONNX model with dynamic sizes
    is checked when compiled for its arguments' shapes)."""
    threads = _thread_count(threads)
    devices = _device_count(devices)
    data, source_name = _read_source(src, name)
    if _is_onnx(data, source_name) and entries is None:
        try:
            import onnx
        except ImportError:
            onnx = None
        if onnx is not None:
            try:
                model = onnx.load_from_string(data)
            except Exception:  # noqa: BLE001 - the importer reports what is wrong
                model = None
            if model is not None and any(
                    not d.HasField("dim_value")
                    for v in model.graph.input
                    if v.name not in {t.name for t in model.graph.initializer}
                    for d in v.type.tensor_type.shape.dim):
                return _SpecializingModel(model, source_name or "<input>", threads, timing,
                                          memory_limit=memory_limit)
            if model is not None:
                try:
                    executable = Executable(
                        _oxla.build(data, None, source_name, False, threads, devices), source_name)
                except UnsupportedError as error:
                    value_inputs = _run_time_inputs(error)
                    if not value_inputs:
                        raise
                    return _SpecializingModel(model, source_name or "<input>", threads,
                                              timing, value_inputs, memory_limit)
                if timing:
                    sys.stderr.write(executable.compile_timings)
                if memory_limit is not None:
                    _check_memory_limit(executable, memory_limit)
                return executable
    executable = Executable(_oxla.build(data, _entries(entries), source_name, False, threads,
                                        devices),
                            source_name)
    if timing:
        sys.stderr.write(executable.compile_timings)
    if memory_limit is not None:
        _check_memory_limit(executable, memory_limit)
    return executable


def interpret_executable(src, entries=None, name=None, devices=None):
    """Like `compile`, but the functions run in the reference interpreter."""
    data, source_name = _read_source(src, name)
    return Executable(_oxla.build(data, _entries(entries), source_name, True, 0,
                                  _device_count(devices)),
                      source_name)


def interpret(src, *args, entry=None, name=None):
    """Runs `entry` (default: as for a call of the executable) of `src` on `args` in
    the reference interpreter; returns like a call."""
    executable = interpret_executable(src, None if entry is None else [entry], name)
    function = executable.default_function if entry is None else executable[entry]
    return function(*args)


def load(path, threads=None):
    """Loads an AOT module written by `oxla-compile FILE -o MODULE.so`;
    `threads` as for `compile`."""
    return Executable(_oxla.load(os.fspath(path), _thread_count(threads)), os.fspath(path))
