/*===- oxla/runtime.h - The oxla runtime's C API -------------------------===*
 *
 * A C11 interface for embedding oxla: load an AOT module (oxla-compile) or
 * compile StableHLO in memory, make buffers, invoke functions synchronously
 * or asynchronously, plug in custom-call kernels.
 *
 * Ownership is explicit: every handle a function returns through an out
 * parameter belongs to the caller and is released with its `_free`
 * function; `_free(NULL)` does nothing. Functions that can fail return an
 * `oxla_status *`: NULL on success, otherwise a status the caller frees.
 * No function aborts on user error.
 *
 * Link `-loxla_runtime` to load AOT modules; `-loxla` adds the compiler
 * (oxla_executable_compile) and the reference interpreter (oxla_interpret).
 *
 *===----------------------------------------------------------------------===*/
#ifndef OXLA_RUNTIME_H
#define OXLA_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define OXLA_API_VERSION 2

/*===- status -------------------------------------------------------------===*/

typedef enum oxla_status_code {
  OXLA_OK = 0,
  OXLA_INVALID_ARGUMENT = 1,   /* a null handle, wrong shape, type or count */
  OXLA_NOT_FOUND = 2,          /* no such file, function or custom call */
  OXLA_UNSUPPORTED = 3,        /* the compiler cannot lower the program */
  OXLA_FAILED_PRECONDITION = 4,/* e.g. a donated buffer used again */
  OXLA_CHECK_FAILED = 5,       /* a check op in the program failed */
  OXLA_INTERNAL = 6,
  OXLA_CUSTOM_CALL_FAILED = 7, /* a registered kernel reported an error */
  OXLA_OUT_OF_MEMORY = 8,      /* an allocation failed; the message has its bytes */
  /* Not a code: makes the type as wide as an int, so that any value a caller
     passes is one the library may read (and refuse). */
  OXLA_STATUS_CODE_MAX_ENUM = 0x7fffffff,
} oxla_status_code;

typedef struct oxla_status oxla_status;

/* A status for a custom-call kernel to return; `message` is copied. */
oxla_status *oxla_status_create(oxla_status_code code, const char *message);
oxla_status_code oxla_status_get_code(const oxla_status *status);
/* The message, valid until the status is freed ("" for NULL). */
const char *oxla_status_get_message(const oxla_status *status);
void oxla_status_free(oxla_status *status);

/*===- element types --------------------------------------------------------===*/

typedef enum oxla_element_type {
  OXLA_BOOL = 0, /* one byte, 0 or 1 */
  OXLA_S8, OXLA_S16, OXLA_S32, OXLA_S64,
  OXLA_U8, OXLA_U16, OXLA_U32, OXLA_U64,
  OXLA_F16, OXLA_BF16, /* IEEE bit patterns in a uint16_t */
  OXLA_F32, OXLA_F64,
  OXLA_C64, OXLA_C128, /* {real, imaginary} pairs of f32 / f64 */
  /* Not a type: any int a caller passes is one the library may read (and
     refuse as an unknown type). */
  OXLA_ELEMENT_TYPE_MAX_ENUM = 0x7fffffff,
} oxla_element_type;

/* Bytes per element (0 for an unknown value). */
size_t oxla_element_type_size(oxla_element_type type);
/* The MLIR spelling: "i1", "i32", "ui8", "bf16", "complex<f32>", ... */
const char *oxla_element_type_name(oxla_element_type type);

/*===- client and devices ---------------------------------------------------===*/

typedef struct oxla_client oxla_client;

typedef struct oxla_client_options {
  /* Threads that compute one invocation: the thread that invokes and
   * num_threads - 1 workers the client starts; 0: one per core. An
   * asynchronous invocation runs on a thread of its own that takes the
   * caller's part. */
  int32_t num_threads;
  /* Virtual CPU devices (API version 2); 0 or 1: one. Programs with
   * shardings over a mesh of this many devices (Shardy `sdy.sharding`,
   * GSPMD `mhlo.sharding`) compile partitioned: each device runs its part
   * on its shards, on a thread of its own with num_threads / num_devices
   * threads, and collectives move the data between them (docs/sharding.md).
   * Programs without shardings run on one device as before. */
  int32_t num_devices;
} oxla_client_options;

/* `options` may be NULL for the defaults. */
oxla_status *oxla_client_create(const oxla_client_options *options,
                                oxla_client **out);
/* Waits for the client's pending asynchronous invocations first. */
void oxla_client_free(oxla_client *client);
int32_t oxla_client_num_threads(const oxla_client *client);
/* num_devices (at least 1). */
int32_t oxla_client_device_count(const oxla_client *client);
/* "cpu:0", "cpu:1", ...; NULL for an index out of range. */
const char *oxla_client_device_name(const oxla_client *client, int32_t device);

/*===- buffers --------------------------------------------------------------===*/

/* A dense row-major array on the host. Buffers are reference counted
 * internally: results and events may keep one alive after the caller's
 * oxla_buffer_free. */
typedef struct oxla_buffer oxla_buffer;

/* Copies `data` (`size_in_bytes` bytes, row-major) into a new buffer. */
oxla_status *oxla_buffer_create(oxla_client *client, oxla_element_type type,
                                const int64_t *dims, size_t rank,
                                const void *data, size_t size_in_bytes,
                                oxla_buffer **out);
/* A zero-filled buffer. */
oxla_status *oxla_buffer_create_zeros(oxla_client *client, oxla_element_type type,
                                      const int64_t *dims, size_t rank,
                                      oxla_buffer **out);
/* Wraps `data` without copying. `release(release_arg)` runs once the
 * buffer is no longer used (may be NULL). `data` must stay valid until
 * then and be aligned to the element size. */
typedef void (*oxla_release_fn)(void *release_arg);
oxla_status *oxla_buffer_import(oxla_client *client, oxla_element_type type,
                                const int64_t *dims, size_t rank, void *data,
                                size_t size_in_bytes, oxla_release_fn release,
                                void *release_arg, oxla_buffer **out);
/* Copies the buffer's contents to `data` (exactly its size in bytes). */
oxla_status *oxla_buffer_export(const oxla_buffer *buffer, void *data,
                                size_t size_in_bytes);

oxla_element_type oxla_buffer_element_type(const oxla_buffer *buffer);
size_t oxla_buffer_rank(const oxla_buffer *buffer);
/* `rank` sizes, valid while the buffer lives. */
const int64_t *oxla_buffer_dims(const oxla_buffer *buffer);
size_t oxla_buffer_size_in_bytes(const oxla_buffer *buffer);
/* The host memory; NULL once the buffer was donated. */
const void *oxla_buffer_data(const oxla_buffer *buffer);
void *oxla_buffer_mutable_data(oxla_buffer *buffer);
/* Whether an invocation took the buffer (oxla_invoke_options.donate). */
int oxla_buffer_is_donated(const oxla_buffer *buffer);
/* The device the buffer is placed on: 0 for a new buffer, the device that
 * computed it for a result of oxla_function_invoke_sharded. Devices share
 * the host's memory; the placement says whose shard a buffer is. */
int32_t oxla_buffer_device(const oxla_buffer *buffer);
/* A copy of `buffer` placed on `device` of `client`. */
oxla_status *oxla_buffer_copy_to_device(oxla_client *client, const oxla_buffer *buffer,
                                        int32_t device, oxla_buffer **out);
void oxla_buffer_free(oxla_buffer *buffer);

/*===- executables and functions ----------------------------------------------===*/

typedef struct oxla_executable oxla_executable;
/* A function of an executable; owned by it, valid while it lives. */
typedef struct oxla_function oxla_function;

/* Loads a shared library written by `oxla-compile -o m.so`. */
oxla_status *oxla_executable_load(oxla_client *client, const char *path,
                                  oxla_executable **out);

typedef struct oxla_compile_options {
  /* The functions to expose; NULL or 0 entries: `main` if the module has
   * one, else every public function. */
  const char *const *entries;
  size_t num_entries;
  /* The name diagnostics use for the source ("<input>" when NULL). */
  const char *source_name;
} oxla_compile_options;

/* Compiles StableHLO (MLIR text or bytecode, `size` bytes) for the host CPU
 * with the in-process JIT. Only in liboxla. Errors carry the compiler's
 * located diagnostics ("<source_name>:line:col: error: ..."). */
oxla_status *oxla_executable_compile(oxla_client *client, const char *source,
                                     size_t size, const oxla_compile_options *options,
                                     oxla_executable **out);
/* Waits for the executable's pending asynchronous invocations first. */
void oxla_executable_free(oxla_executable *executable);

size_t oxla_executable_function_count(const oxla_executable *executable);
oxla_function *oxla_executable_function(oxla_executable *executable, size_t index);
oxla_status *oxla_executable_lookup(oxla_executable *executable, const char *name,
                                    oxla_function **out);

const char *oxla_function_name(const oxla_function *function);
size_t oxla_function_argument_count(const oxla_function *function);
size_t oxla_function_result_count(const oxla_function *function);
/* The type of argument or result `index` in the --input spelling
 * ("2x3xf32", "?x4xi8", "f32"); NULL when out of range. */
const char *oxla_function_argument_type(const oxla_function *function, size_t index);
const char *oxla_function_result_type(const oxla_function *function, size_t index);
/* "(2x3xf32, f32) -> (2x3xf32)" */
const char *oxla_function_signature(const oxla_function *function);

/* Partitioned functions. On a client with N > 1 devices, a function whose
 * arguments, results or ops carry shardings over a mesh of N devices is
 * compiled for the N devices. Its signature stays the global one:
 * oxla_function_invoke takes and returns whole (global) arrays, cutting each
 * argument into the devices' shards and putting each result back together.
 * Callers that hold the shards use oxla_function_invoke_sharded. */

/* The devices the function runs on: N when it was partitioned, else 1. */
int32_t oxla_function_device_count(const oxla_function *function);
/* The sharding of argument or result `index` in Shardy's syntax with an
 * inline mesh, e.g. `<mesh<["x"=2, "y"=2]>, [{"x"}, {}]>`; "" for a
 * replicated value (every device holds it whole) and for every value of a
 * function on one device; NULL when out of range. */
const char *oxla_function_argument_sharding(const oxla_function *function, size_t index);
const char *oxla_function_result_sharding(const oxla_function *function, size_t index);
/* The type of one device's shard of argument or result `index` ("8x32xf32";
 * a dimension that does not divide is rounded up, the last shards padded);
 * the type itself on one device; NULL when out of range. */
const char *oxla_function_argument_shard_type(const oxla_function *function, size_t index);
const char *oxla_function_result_shard_type(const oxla_function *function, size_t index);

/*===- invocation -------------------------------------------------------------===*/

typedef struct oxla_invoke_options {
  /* Per argument, nonzero to donate it: the invocation takes the buffer's
   * memory and the buffer reports is_donated afterwards (invoking with it
   * again is OXLA_FAILED_PRECONDITION). A result the function pairs with
   * the argument (oxla_function_result_donor: `tf.aliasing_output`,
   * `jax.buffer_donor`) is returned in the donated memory itself when it
   * can change hands (buffers over 768 bytes; not a custom call's view).
   * May be NULL. */
  const uint8_t *donate;
} oxla_invoke_options;

/* Runs `function` on `arguments` (their types must match the signature;
 * '?' sizes match any size). On success stores one new buffer per result in
 * `results[0..num_results)`; the caller frees them. Thread-safe: several
 * threads may invoke one function at once. `options` may be NULL. */
oxla_status *oxla_function_invoke(oxla_function *function,
                                  oxla_buffer *const *arguments, size_t num_arguments,
                                  const oxla_invoke_options *options,
                                  oxla_buffer **results, size_t num_results);

/* Runs a partitioned function on shards the caller holds: `arguments` has
 * one buffer per device per argument, device-major (arguments[d * A + i] is
 * device d's shard of argument i, of its shard type, placed on device d);
 * `num_arguments` = device count * A. Stores device d's shard of result j
 * (placed on device d) in results[d * R + j]; `num_results` = device count
 * * R. A replicated argument is passed to every device (any buffer of its
 * type); a result held as partial sums (Shardy's `unreduced`) is each
 * device's partial value. On a function of one device it is
 * oxla_function_invoke. `options->donate` has num_arguments entries. */
oxla_status *oxla_function_invoke_sharded(oxla_function *function,
                                          oxla_buffer *const *arguments,
                                          size_t num_arguments,
                                          const oxla_invoke_options *options,
                                          oxla_buffer **results, size_t num_results);

/* The completion of an asynchronous invocation. */
typedef struct oxla_event oxla_event;

/* Checks the arguments now, then runs the invocation on the client's
 * threads. The arguments are kept alive until it completes. */
oxla_status *oxla_function_invoke_async(oxla_function *function,
                                        oxla_buffer *const *arguments,
                                        size_t num_arguments,
                                        const oxla_invoke_options *options,
                                        oxla_event **out);
/* Blocks until the invocation completed; returns its status. */
oxla_status *oxla_event_wait(oxla_event *event);
int oxla_event_is_ready(const oxla_event *event);
/* After a successful wait: moves the results out (once). */
oxla_status *oxla_event_take_results(oxla_event *event, oxla_buffer **results,
                                     size_t num_results);
/* Waits, then frees the event and any results not taken. */
void oxla_event_free(oxla_event *event);

/*===- memory -----------------------------------------------------------------===*/

/* What one invocation of a compiled function needs, known before it runs
 * (its buffer plan, docs/memory.md; what `--memory-report` prints). Bytes
 * of dynamic shape are not counted; `dynamic` is then nonzero. */
typedef struct oxla_memory_plan {
  /* 0 when the function has no buffer plan (interpreted, or compiled with
   * --oxla-buffer-plan=false): the byte counts are then arguments and
   * results only. */
  int known;
  int dynamic;
  /* arguments + results + temporaries: the most bytes held at once. */
  uint64_t peak;
  uint64_t arguments, results, temporaries;
  /* The arena of planned temporaries: the scratch an invocation needs
   * (oxla_function_invoke_with_scratch). */
  uint64_t arena;
  /* The most arena bytes live at once (a lower bound of `arena`). */
  uint64_t live_peak;
  /* Temporaries placed in the arena; allocations left to run time (each
   * call makes them: dynamic shapes, buffers that outlive a loop's
   * iteration), and their bytes of static shape (in `temporaries`). */
  uint64_t planned, unplanned, unplanned_bytes;
  /* Bytes of the results written in donated arguments, when the caller
   * donates them (not in `results`: they take no memory of their own). */
  uint64_t donated_results;
} oxla_memory_plan;

oxla_status *oxla_function_memory_plan(const oxla_function *function,
                                       oxla_memory_plan *out);
/* The argument whose memory result `result` is written in when that
 * argument is donated (oxla_invoke_options.donate), or -1: none, or an
 * index out of range. */
int64_t oxla_function_result_donor(const oxla_function *function, size_t result);
/* The report `--memory-report` prints for the function (the buffers live
 * at the peak with their locations, then "memory @NAME: peak N bytes
 * (arguments A, results R, temporaries T)"); valid while the executable
 * lives. NULL for a null function. */
const char *oxla_function_memory_report(const oxla_function *function);

/* The alignment oxla_function_invoke_with_scratch needs of its scratch. */
#define OXLA_SCRATCH_ALIGNMENT 64

/* Like oxla_function_invoke, but the compiled code takes its temporaries
 * from `scratch` (`scratch_size` bytes, OXLA_SCRATCH_ALIGNMENT-aligned,
 * the caller's: not used by another invocation while this one runs)
 * instead of the runtime's per-thread arena. Refused with
 * OXLA_INVALID_ARGUMENT, naming the bytes needed, when `scratch_size` is
 * below oxla_memory_plan.arena or `scratch` is misaligned or null while
 * the arena is not empty; OXLA_UNSUPPORTED for a function without a plan.
 * Allocations left to run time (oxla_memory_plan.unplanned) are still made
 * by the runtime. */
oxla_status *oxla_function_invoke_with_scratch(oxla_function *function,
                                               oxla_buffer *const *arguments,
                                               size_t num_arguments,
                                               const oxla_invoke_options *options,
                                               void *scratch, size_t scratch_size,
                                               oxla_buffer **results, size_t num_results);

/*===- custom calls -------------------------------------------------------------===*/

/* A kernel for `stablehlo.custom_call @name`: reads `operands`, writes the
 * preallocated `results` (their declared types), returns NULL or a status
 * (the invocation then fails with OXLA_CUSTOM_CALL_FAILED and its message).
 * `backend_config` is the op's backend_config as written ("" when absent).
 * The buffers are views valid only during the call. */
typedef oxla_status *(*oxla_custom_call_fn)(void *user_data,
                                            const oxla_buffer *const *operands,
                                            size_t num_operands,
                                            oxla_buffer *const *results,
                                            size_t num_results,
                                            const char *backend_config);

/* Registers `fn` for call target `name` (replacing an earlier one) in the
 * client; executables of this client call it from compiled code. */
oxla_status *oxla_client_register_custom_call(oxla_client *client, const char *name,
                                              oxla_custom_call_fn fn, void *user_data);

/*===- the reference interpreter and the IR ---------------------------------===*/

/* Like oxla_executable_compile, but the functions run in the reference
 * interpreter (the semantic oracle: slow, every op, dynamic result shapes).
 * Only in liboxla. */
oxla_status *oxla_executable_interpret(oxla_client *client, const char *source,
                                       size_t size, const oxla_compile_options *options,
                                       oxla_executable **out);

/* The module of an executable made from source at a stage of the CPU
 * pipeline: "stablehlo" (as parsed), or a phase name ("refined", "linalg", "fused",
 * "buffers", "llvm-dialect"; `oxla-run --emit` lists them). The text stays
 * valid while the executable lives. Only in liboxla. */
oxla_status *oxla_executable_ir(oxla_executable *executable, const char *stage,
                                const char **out);

/* The wall time of each step of the compilation of an executable made by
 * oxla_executable_compile, one per line (as `oxla-compile --time-phases`
 * prints them: parsing, the CPU pipeline's phases, LLVM's stages, linking,
 * loading, or the compile cache's lookup and load); "" for other
 * executables. The text stays valid while the executable lives. Only in
 * liboxla. */
oxla_status *oxla_executable_compile_timings(oxla_executable *executable,
                                             const char **out);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* OXLA_RUNTIME_H */
