//===- Module.cpp - The _oxla Python extension over oxla's C API -----------===//
//
// A thin layer over include/oxla/runtime.h: executables, functions, events and
// the conversion between numpy arrays and oxla buffers. Argument checking that
// needs Python's view of values (scalars, dtypes, messages) lives in
// python/oxla/__init__.py; this file checks only what keeps memory safe.
//
//===----------------------------------------------------------------------===//

#include <oxla/runtime.h>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cctype>
#include <cstring>
#include <memory>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace py = pybind11;

namespace {

//===- errors ----------------------------------------------------------------===//

/// A failed C call; the translator turns it into the oxla.Error subclass of
/// its code.
struct StatusError : std::exception {
  oxla_status_code code;
  std::string message;
  StatusError(oxla_status_code code, std::string message)
      : code(code), message(std::move(message)) {}
  const char *what() const noexcept override { return message.c_str(); }
};

constexpr int kNumCodes = OXLA_OUT_OF_MEMORY + 1;

const char *codeName(int code) {
  switch (code) {
  case OXLA_OK: return "OK";
  case OXLA_INVALID_ARGUMENT: return "INVALID_ARGUMENT";
  case OXLA_NOT_FOUND: return "NOT_FOUND";
  case OXLA_UNSUPPORTED: return "UNSUPPORTED";
  case OXLA_FAILED_PRECONDITION: return "FAILED_PRECONDITION";
  case OXLA_CHECK_FAILED: return "CHECK_FAILED";
  case OXLA_INTERNAL: return "INTERNAL";
  case OXLA_CUSTOM_CALL_FAILED: return "CUSTOM_CALL_FAILED";
  case OXLA_OUT_OF_MEMORY: return "OUT_OF_MEMORY";
  }
  return "UNKNOWN";
}

// The exception classes, made once at import and kept for the process.
PyObject *errorBase = nullptr;
PyObject *errorClasses[kNumCodes] = {};

/// Takes ownership of `status`; throws when it is not NULL.
void check(oxla_status *status) {
  if (!status)
    return;
  StatusError error(oxla_status_get_code(status), oxla_status_get_message(status));
  oxla_status_free(status);
  throw error;
}

void raiseStatus(const StatusError &error) {
  int code = static_cast<int>(error.code);
  PyObject *cls = code >= 0 && code < kNumCodes && errorClasses[code] ? errorClasses[code]
                                                                       : errorBase;
  // Compiler diagnostics quote source text, which need not be valid UTF-8.
  py::object text = py::reinterpret_steal<py::object>(PyUnicode_DecodeUTF8(
      error.message.data(), static_cast<Py_ssize_t>(error.message.size()), "replace"));
  if (!text) {
    PyErr_Clear();
    text = py::str("<undecodable message>");
  }
  py::object instance =
      py::reinterpret_steal<py::object>(PyObject_CallOneArg(cls, text.ptr()));
  if (!instance)
    return; // the call set a Python error already
  py::str name(codeName(code));
  if (PyObject_SetAttrString(instance.ptr(), "code", name.ptr()) != 0)
    return;
  PyErr_SetObject(cls, instance.ptr());
}

/// Makes oxla.<name>(bases...) with a docstring.
PyObject *makeErrorClass(py::module_ &m, const char *name, PyObject *bases,
                         const char *doc) {
  std::string qualified = std::string("oxla.") + name;
  PyObject *cls = PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases, nullptr);
  if (!cls)
    throw py::error_already_set();
  m.add_object(name, py::reinterpret_borrow<py::object>(cls));
  return cls;
}

void defineErrors(py::module_ &m) {
  errorBase = makeErrorClass(m, "Error", PyExc_RuntimeError,
                             "A failed oxla C API call. `code` is the status code's "
                             "name (\"INVALID_ARGUMENT\", ...), the text its message.");
  auto subclass = [&](int code, const char *name, PyObject *builtin, const char *doc) {
    py::tuple bases = builtin ? py::make_tuple(py::handle(errorBase), py::handle(builtin))
                              : py::make_tuple(py::handle(errorBase));
    errorClasses[code] = makeErrorClass(m, name, bases.ptr(), doc);
  };
  subclass(OXLA_INVALID_ARGUMENT, "InvalidArgumentError", PyExc_ValueError,
           "A malformed program or argument (wrong shape, type or count).");
  subclass(OXLA_NOT_FOUND, "NotFoundError", nullptr,
           "No such file, function or custom call.");
  subclass(OXLA_UNSUPPORTED, "UnsupportedError", PyExc_NotImplementedError,
           "The compiler cannot lower the program.");
  subclass(OXLA_FAILED_PRECONDITION, "FailedPreconditionError", nullptr,
           "The call is not allowed in the current state.");
  subclass(OXLA_CHECK_FAILED, "CheckFailedError", nullptr,
           "A check op of the program (e.g. @check.expect_close) failed.");
  subclass(OXLA_INTERNAL, "InternalError", nullptr, "An internal oxla error.");
  subclass(OXLA_CUSTOM_CALL_FAILED, "CustomCallFailedError", nullptr,
           "A registered custom-call kernel reported an error.");
  subclass(OXLA_OUT_OF_MEMORY, "OutOfMemoryError", PyExc_MemoryError,
           "An allocation failed (a buffer or a result too large for memory).");
  py::register_exception_translator([](std::exception_ptr pointer) {
    try {
      if (pointer)
        std::rethrow_exception(pointer);
    } catch (const StatusError &error) {
      raiseStatus(error);
    }
  });
}

//===- the client --------------------------------------------------------------===//

/// One client per thread count (0: one thread per core) and device count,
/// made on first use, with the GIL held. They are never freed: executables
/// and buffers that Python still holds at exit refer to them.
oxla_client *theClient(unsigned threads = 0, unsigned devices = 1) {
  static std::map<std::pair<unsigned, unsigned>, oxla_client *> clients;
  oxla_client *&client = clients[{threads, devices}];
  if (!client) {
    oxla_client_options options{/*num_threads=*/static_cast<int32_t>(threads),
                                /*num_devices=*/static_cast<int32_t>(devices)};
    oxla_client *made = nullptr;
    check(oxla_client_create(&options, &made));
    client = made;
  }
  return client;
}

//===- element types -----------------------------------------------------------===//

constexpr int kNumElementTypes = OXLA_C128 + 1;

std::optional<oxla_element_type> elementTypeNamed(const std::string &name) {
  for (int i = 0; i < kNumElementTypes; ++i) {
    auto type = static_cast<oxla_element_type>(i);
    if (name == oxla_element_type_name(type))
      return type;
  }
  if (name == "si8") return OXLA_S8;
  if (name == "si16") return OXLA_S16;
  if (name == "si32") return OXLA_S32;
  if (name == "si64") return OXLA_S64;
  return std::nullopt;
}

/// The element of a type in the --input spelling: what follows the leading
/// "<size>x" groups ("2x?xcomplex<f32>" -> "complex<f32>").
std::string elementOf(const std::string &spec) {
  size_t pos = 0;
  while (true) {
    size_t end = pos;
    while (end < spec.size() && (std::isdigit(static_cast<unsigned char>(spec[end])) ||
                                 spec[end] == '?'))
      ++end;
    if (end == pos || end >= spec.size() || spec[end] != 'x')
      return spec.substr(pos);
    pos = end + 1;
  }
}

/// The numpy dtype of an element type; bf16 travels as its uint16 bits.
py::dtype dtypeOf(oxla_element_type type) {
  switch (type) {
  case OXLA_BOOL: return py::dtype("bool");
  case OXLA_S8: return py::dtype("int8");
  case OXLA_S16: return py::dtype("int16");
  case OXLA_S32: return py::dtype("int32");
  case OXLA_S64: return py::dtype("int64");
  case OXLA_U8: return py::dtype("uint8");
  case OXLA_U16: return py::dtype("uint16");
  case OXLA_U32: return py::dtype("uint32");
  case OXLA_U64: return py::dtype("uint64");
  case OXLA_F16: return py::dtype("float16");
  case OXLA_BF16: return py::dtype("uint16");
  case OXLA_F32: return py::dtype("float32");
  case OXLA_F64: return py::dtype("float64");
  case OXLA_C64: return py::dtype("complex64");
  case OXLA_C128: return py::dtype("complex128");
  case OXLA_ELEMENT_TYPE_MAX_ENUM: break;
  }
  throw std::invalid_argument("unknown oxla element type");
}

//===- buffers -----------------------------------------------------------------===//

/// Buffers this layer made and must free on every path.
struct BufferList {
  std::vector<oxla_buffer *> buffers;
  BufferList() = default;
  BufferList(const BufferList &) = delete;
  BufferList &operator=(const BufferList &) = delete;
  ~BufferList() {
    for (oxla_buffer *buffer : buffers)
      oxla_buffer_free(buffer);
  }
};

/// Copies `value` into a new buffer of the element type `spec` names.
/// __init__.py has converted and checked the dtype already; this check only
/// guards the copy's size.
oxla_buffer *bufferFrom(const py::handle &value, const std::string &spec, size_t index) {
  std::optional<oxla_element_type> type = elementTypeNamed(elementOf(spec));
  if (!type)
    throw py::type_error("argument #" + std::to_string(index) + " has type " + spec +
                         ", whose element type the C API does not have");
  py::array array = py::array::ensure(value, py::array::c_style);
  if (!array)
    throw py::type_error("argument #" + std::to_string(index) + " is not an array");
  if (static_cast<size_t>(array.itemsize()) != oxla_element_type_size(*type))
    throw py::type_error("argument #" + std::to_string(index) + ": expected " + spec +
                         " elements of " +
                         std::to_string(oxla_element_type_size(*type)) +
                         " bytes, got " + std::to_string(array.itemsize()));
  std::vector<int64_t> dims(array.shape(), array.shape() + array.ndim());
  oxla_buffer *buffer = nullptr;
  check(oxla_buffer_create(theClient(), *type, dims.data(), dims.size(), array.data(),
                           static_cast<size_t>(array.nbytes()), &buffer));
  return buffer;
}

/// A numpy array over a result buffer's memory, without a copy: the array's
/// base is a capsule that frees the buffer. Takes ownership of `buffer`.
py::array arrayFrom(oxla_buffer *buffer) {
  py::capsule owner(buffer, [](void *pointer) {
    oxla_buffer_free(static_cast<oxla_buffer *>(pointer));
  });
  py::dtype dtype = dtypeOf(oxla_buffer_element_type(buffer));
  const int64_t *dims = oxla_buffer_dims(buffer);
  std::vector<py::ssize_t> shape(dims, dims + oxla_buffer_rank(buffer));
  if (oxla_buffer_size_in_bytes(buffer) == 0)
    return py::array(dtype, shape);
  return py::array(dtype, shape, oxla_buffer_mutable_data(buffer), owner);
}

//===- executables, functions, events -------------------------------------------===//

struct Executable {
  oxla_executable *handle = nullptr;
  /// The client it was made by (its buffers are placed on its devices).
  oxla_client *client = nullptr;
  Executable(oxla_executable *handle, oxla_client *client) : handle(handle), client(client) {}
  Executable(const Executable &) = delete;
  Executable &operator=(const Executable &) = delete;
  ~Executable() { oxla_executable_free(handle); }
};
using ExecutablePtr = std::shared_ptr<Executable>;

/// An invocation in flight; keeps its executable alive.
/// The results as numpy arrays, each taking its buffer; the buffers not yet
/// taken are freed if a conversion throws.
py::list arraysFrom(std::vector<oxla_buffer *> &results) {
  py::list out;
  for (size_t i = 0; i < results.size(); ++i) {
    oxla_buffer *buffer = results[i];
    results[i] = nullptr;
    try {
      out.append(arrayFrom(buffer));
    } catch (...) {
      for (size_t j = i + 1; j < results.size(); ++j)
        oxla_buffer_free(results[j]);
      throw;
    }
  }
  return out;
}

struct Event {
  ExecutablePtr owner;
  oxla_event *handle = nullptr;
  size_t numResults = 0;
  bool taken = false;
  Event(ExecutablePtr owner, oxla_event *handle, size_t numResults)
      : owner(std::move(owner)), handle(handle), numResults(numResults) {}
  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;
  ~Event() {
    py::gil_scoped_release release;
    oxla_event_free(handle);
  }

  bool ready() const { return oxla_event_is_ready(handle) != 0; }

  /// Waits, then returns the results (once).
  py::list wait() {
    if (taken)
      throw StatusError(OXLA_FAILED_PRECONDITION, "the results were taken already");
    oxla_status *status;
    {
      py::gil_scoped_release release;
      status = oxla_event_wait(handle);
    }
    if (status) {
      taken = true;
      check(status);
    }
    std::vector<oxla_buffer *> results(numResults, nullptr);
    taken = true;
    check(oxla_event_take_results(handle, results.data(), results.size()));
    return arraysFrom(results);
  }
};

struct Function {
  ExecutablePtr owner;
  oxla_function *handle = nullptr;

  std::string name() const { return oxla_function_name(handle); }
  std::string signature() const { return oxla_function_signature(handle); }

  std::string memoryReport() const { return oxla_function_memory_report(handle); }

  py::dict memoryPlan() const {
    oxla_memory_plan plan{};
    check(oxla_function_memory_plan(handle, &plan));
    py::dict out;
    out["known"] = plan.known != 0;
    out["dynamic"] = plan.dynamic != 0;
    out["peak"] = plan.peak;
    out["arguments"] = plan.arguments;
    out["results"] = plan.results;
    out["temporaries"] = plan.temporaries;
    out["arena"] = plan.arena;
    out["live_peak"] = plan.live_peak;
    out["planned"] = plan.planned;
    out["unplanned"] = plan.unplanned;
    out["unplanned_bytes"] = plan.unplanned_bytes;
    out["donated_results"] = plan.donated_results;
    return out;
  }

  std::vector<std::string> argumentTypes() const {
    std::vector<std::string> types;
    for (size_t i = 0; i < oxla_function_argument_count(handle); ++i)
      types.push_back(oxla_function_argument_type(handle, i));
    return types;
  }
  std::vector<std::string> resultTypes() const {
    std::vector<std::string> types;
    for (size_t i = 0; i < oxla_function_result_count(handle); ++i)
      types.push_back(oxla_function_result_type(handle, i));
    return types;
  }

  void makeArguments(const py::sequence &arguments, BufferList &buffers) const {
    size_t count = oxla_function_argument_count(handle);
    if (arguments.size() != count)
      throw py::type_error("@" + name() + " takes " + std::to_string(count) +
                           " argument(s), " + std::to_string(arguments.size()) +
                           " given");
    for (size_t i = 0; i < count; ++i)
      buffers.buffers.push_back(
          bufferFrom(arguments[i], oxla_function_argument_type(handle, i), i));
  }

  /// `donate`: indices of arguments whose buffers (copies of the arrays
  /// given) the call may take: a result paired with one (result_donors)
  /// is returned in its memory instead of memory of its own.
  py::list invoke(const py::sequence &arguments, const std::vector<size_t> &donate) {
    BufferList inputs;
    makeArguments(arguments, inputs);
    std::vector<uint8_t> flags(inputs.buffers.size(), 0);
    for (size_t index : donate) {
      if (index >= flags.size())
        throw py::index_error("@" + name() + ": donate names argument #" +
                              std::to_string(index) + " of " +
                              std::to_string(flags.size()));
      flags[index] = 1;
    }
    oxla_invoke_options options{flags.data()};
    std::vector<oxla_buffer *> results(oxla_function_result_count(handle), nullptr);
    oxla_status *status;
    {
      py::gil_scoped_release release;
      status = oxla_function_invoke(handle, inputs.buffers.data(), inputs.buffers.size(),
                                    donate.empty() ? nullptr : &options, results.data(),
                                    results.size());
    }
    check(status);
    return arraysFrom(results);
  }

  int32_t deviceCount() const { return oxla_function_device_count(handle); }

  /// Per argument (or result): the sharding, None when replicated.
  std::vector<std::optional<std::string>> shardings(bool results) const {
    std::vector<std::optional<std::string>> texts;
    size_t count = results ? oxla_function_result_count(handle)
                           : oxla_function_argument_count(handle);
    for (size_t i = 0; i < count; ++i) {
      std::string text = results ? oxla_function_result_sharding(handle, i)
                                 : oxla_function_argument_sharding(handle, i);
      texts.push_back(text.empty() ? std::nullopt : std::optional<std::string>(text));
    }
    return texts;
  }
  std::vector<std::string> shardTypes(bool results) const {
    std::vector<std::string> types;
    size_t count = results ? oxla_function_result_count(handle)
                           : oxla_function_argument_count(handle);
    for (size_t i = 0; i < count; ++i)
      types.push_back(results ? oxla_function_result_shard_type(handle, i)
                              : oxla_function_argument_shard_type(handle, i));
    return types;
  }

  /// Every device's shards in (a sequence per device), every device's result
  /// shards out (a list per device).
  py::list invokeSharded(const py::sequence &perDevice) {
    auto devices = static_cast<size_t>(deviceCount());
    size_t count = oxla_function_argument_count(handle);
    if (perDevice.size() != devices)
      throw py::type_error("@" + name() + " runs on " + std::to_string(devices) +
                           " device(s); shards for " + std::to_string(perDevice.size()) +
                           " given");
    BufferList inputs;
    for (size_t d = 0; d < devices; ++d) {
      py::sequence shards = perDevice[d];
      if (shards.size() != count)
        throw py::type_error("@" + name() + " takes " + std::to_string(count) +
                             " argument(s); device " + std::to_string(d) + " has " +
                             std::to_string(shards.size()));
      for (size_t i = 0; i < count; ++i) {
        oxla_buffer *buffer =
            bufferFrom(shards[i], oxla_function_argument_shard_type(handle, i), i);
        if (d > 0) {
          oxla_buffer *placed = nullptr;
          oxla_status *status = oxla_buffer_copy_to_device(owner->client, buffer,
                                                           static_cast<int32_t>(d), &placed);
          oxla_buffer_free(buffer);
          check(status);
          buffer = placed;
        }
        inputs.buffers.push_back(buffer);
      }
    }
    size_t numResults = oxla_function_result_count(handle);
    std::vector<oxla_buffer *> results(devices * numResults, nullptr);
    oxla_status *status;
    {
      py::gil_scoped_release release;
      status = oxla_function_invoke_sharded(handle, inputs.buffers.data(),
                                            inputs.buffers.size(), nullptr, results.data(),
                                            results.size());
    }
    check(status);
    py::list all = arraysFrom(results);
    py::list byDevice;
    for (size_t d = 0; d < devices; ++d) {
      py::list mine;
      for (size_t j = 0; j < numResults; ++j)
        mine.append(all[d * numResults + j]);
      byDevice.append(mine);
    }
    return byDevice;
  }

  std::unique_ptr<Event> invokeAsync(const py::sequence &arguments) {
    BufferList inputs;
    makeArguments(arguments, inputs);
    oxla_event *event = nullptr;
    // The event keeps the arguments alive; ours are freed on return.
    check(oxla_function_invoke_async(handle, inputs.buffers.data(),
                                     inputs.buffers.size(), nullptr, &event));
    return std::make_unique<Event>(owner, event, oxla_function_result_count(handle));
  }
};

std::vector<std::string> functionNames(const ExecutablePtr &executable) {
  std::vector<std::string> names;
  size_t count = oxla_executable_function_count(executable->handle);
  for (size_t i = 0; i < count; ++i)
    names.push_back(oxla_function_name(oxla_executable_function(executable->handle, i)));
  return names;
}

Function lookup(const ExecutablePtr &executable, const std::string &name) {
  oxla_function *function = nullptr;
  check(oxla_executable_lookup(executable->handle, name.c_str(), &function));
  return Function{executable, function};
}

std::string irText(const ExecutablePtr &executable, const std::string &stage) {
  const char *text = nullptr;
  oxla_status *status;
  {
    py::gil_scoped_release release;
    status = oxla_executable_ir(executable->handle, stage.c_str(), &text);
  }
  check(status);
  return text ? text : "";
}

/// The times of the steps of the executable's compilation ("" for one not
/// compiled from source).
std::string compileTimings(const ExecutablePtr &executable) {
  const char *text = nullptr;
  check(oxla_executable_compile_timings(executable->handle, &text));
  return text ? text : "";
}

/// oxla_executable_compile or _interpret on `source`.
ExecutablePtr build(const py::bytes &source,
                    const std::optional<std::vector<std::string>> &entries,
                    const std::optional<std::string> &sourceName, bool interpret,
                    unsigned threads, unsigned devices) {
  std::string text = source;
  std::vector<const char *> entryPointers;
  if (entries)
    for (const std::string &entry : *entries)
      entryPointers.push_back(entry.c_str());
  oxla_compile_options options{};
  options.entries = entryPointers.empty() ? nullptr : entryPointers.data();
  options.num_entries = entryPointers.size();
  options.source_name = sourceName ? sourceName->c_str() : nullptr;
  oxla_client *client = theClient(threads, devices);
  oxla_executable *executable = nullptr;
  oxla_status *status;
  {
    py::gil_scoped_release release;
    status = interpret ? oxla_executable_interpret(client, text.data(), text.size(),
                                                   &options, &executable)
                       : oxla_executable_compile(client, text.data(), text.size(),
                                                 &options, &executable);
  }
  check(status);
  return std::make_shared<Executable>(executable, client);
}

ExecutablePtr load(const std::string &path, unsigned threads) {
  oxla_client *client = theClient(threads);
  oxla_executable *executable = nullptr;
  oxla_status *status;
  {
    py::gil_scoped_release release;
    status = oxla_executable_load(client, path.c_str(), &executable);
  }
  check(status);
  return std::make_shared<Executable>(executable, client);
}

} // namespace

PYBIND11_MODULE(_oxla, m) {
  m.doc() = "The C API of oxla, a StableHLO compiler and runtime (use the oxla package)";
  m.attr("API_VERSION") = OXLA_API_VERSION;
  defineErrors(m);

  py::class_<Event>(m, "Event")
      .def("ready", &Event::ready, "Whether the invocation completed.")
      .def("wait", &Event::wait,
           "Blocks until the invocation completed; returns its results (once).");

  py::class_<Function>(m, "Function")
      .def_property_readonly("name", &Function::name)
      .def_property_readonly("signature", &Function::signature)
      .def_property_readonly("argument_types", &Function::argumentTypes)
      .def_property_readonly("result_types", &Function::resultTypes)
      .def_property_readonly("memory_report", &Function::memoryReport)
      .def_property_readonly("memory_plan", &Function::memoryPlan)
      .def("invoke", &Function::invoke, py::arg("arguments"),
           py::arg("donate") = std::vector<size_t>{},
           "Runs the function on C-contiguous arrays of the signature's types; "
           "returns the list of results. `donate`: the arguments whose buffers "
           "the call may take for the results paired with them.")
      .def_property_readonly("result_donors",
                             [](const Function &f) {
                               std::vector<int64_t> donors;
                               for (size_t i = 0; i < oxla_function_result_count(f.handle); ++i)
                                 donors.push_back(oxla_function_result_donor(f.handle, i));
                               return donors;
                             })
      .def("invoke_async", &Function::invokeAsync, py::arg("arguments"))
      .def_property_readonly("device_count", &Function::deviceCount)
      .def_property_readonly("argument_shardings",
                             [](const Function &f) { return f.shardings(false); })
      .def_property_readonly("result_shardings",
                             [](const Function &f) { return f.shardings(true); })
      .def_property_readonly("argument_shard_types",
                             [](const Function &f) { return f.shardTypes(false); })
      .def_property_readonly("result_shard_types",
                             [](const Function &f) { return f.shardTypes(true); })
      .def("invoke_sharded", &Function::invokeSharded, py::arg("shards"),
           "Runs a partitioned function on every device's shards (a sequence of "
           "arrays per device); returns a list of result shards per device.");

  py::class_<Executable, ExecutablePtr>(m, "Executable")
      .def_property_readonly("functions", &functionNames)
      .def("lookup", &lookup, py::arg("name"))
      .def("ir", &irText, py::arg("stage"))
      .def_property_readonly("compile_timings", &compileTimings);

  m.def("build", &build, py::arg("source"), py::arg("entries") = py::none(),
        py::arg("source_name") = py::none(), py::arg("interpret") = false,
        py::arg("threads") = 0u, py::arg("devices") = 1u,
        "Compiles (or, with interpret, prepares for the reference interpreter) "
        "StableHLO text or bytecode.");
  m.def("load", &load, py::arg("path"), py::arg("threads") = 0u, "Loads an AOT module written by oxla-compile.");
  m.def("element_of", &elementOf, py::arg("type"),
        "The element type of a type in the --input spelling (\"2x?xf32\" -> \"f32\").");
  m.def("device_count", [] { return oxla_client_device_count(theClient()); });
  m.def(
      "num_threads", [](unsigned threads) { return oxla_client_num_threads(theClient(threads)); },
      py::arg("threads") = 0u);
}
