//===- Passes.td - Passes on linalg, from fusion to buffers -*- tablegen -*-===//

#ifndef OXLA_CODEGEN_PASSES
#define OXLA_CODEGEN_PASSES

include "mlir/Pass/PassBase.td"

def FuseElementwise : Pass<"oxla-fuse-elementwise", "mlir::ModuleOp"> {
  let summary = "Fuse elementwise linalg producers into their consumers, "
                "except into contractions";
  let description = [{
    linalg's elementwise fusion (`linalg-fuse-elementwise-ops`), controlled:
    a producer is not fused into a contraction (a linalg.generic whose body
    multiplies its two inputs and adds the product to its output), where it
    would be recomputed for every term of every sum and would hide the
    matrix product from `oxla-matmul-to-runtime`. Before the patterns,
    clusters of elementwise generics over one static iteration space,
    passing values through identity maps, each become one generic in a
    single step: the patterns merge one producer at a time into a new op
    holding both bodies, which along a chain of n ops copies n^2 / 2 body
    ops (a generated 5000-op chain took 4 s).
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::affine::AffineDialect",
                           "mlir::tensor::TensorDialect"];
}

def CloneCheapProducers : Pass<"oxla-clone-cheap-producers", "mlir::ModuleOp"> {
  let summary = "Give each consumer its own copy of a fill, splat or "
                "broadcast that several consumers share";
  let description = [{
    CSE merges equal fills and broadcasts, so one zero tensor ends up as the
    accumulator of several matrix products and one broadcast constant as an
    input of several elementwise ops. Shared, it costs memory: elementwise
    fusion does not fuse a producer with other users (it would be computed
    twice), so the broadcast is materialized and read back, and one-shot
    bufferization copies the shared fill before each product writes into it.
    Recomputing these producers costs nothing (their bodies only move data),
    so each such use gets its own clone, placed right before the user:
    a use as a linalg op's destination (init) operand, and a use as an input
    of an elementwise linalg.generic (which then fuses the clone), in the
    producer's block (a clone in a loop body would run every iteration).
    Other uses (a contraction's inputs, returns) keep the original.

    A producer qualifies when it is a `linalg.fill`, or a `linalg.generic`
    with parallel loops only whose body yields input block arguments
    (broadcasts, transposes, copies). Run before fusion, and again right
    before bufferization, after the last CSE.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def MatmulToRuntime : Pass<"oxla-matmul-to-runtime", "mlir::ModuleOp"> {
  let summary = "Replace f32 matrix products on buffers by calls of the "
                "runtime's matmul routine";
  let description = [{
    A linalg.generic on memrefs of f32 that computes C += A * B over batch,
    M, N and K loops (several M, N or K loops when their dimensions collapse
    into one without a copy), of at least `min-multiply-adds` terms,
    becomes a call of `oxla_matmul_f32` on views (transposed, collapsed)
    A[batch..., M, K], B[batch..., K, N], C[batch..., M, N]. The routine sums every element in the same order as
    the loops (runtime/MatmulRoutine.cpp). When a `linalg.fill` of +0.0
    into C comes right before (nothing in between touches memory), both
    become one call of `oxla_matmul_f32_zero`, which zeroes each tile of C
    where it first computes it instead of in a pass of its own.
  }];
  let options = [
    Option<"minMultiplyAdds", "min-multiply-adds", "int64_t", "4096",
           "Smaller products stay loops">
  ];
  let dependentDialects = ["mlir::func::FuncDialect", "mlir::memref::MemRefDialect"];
}

def ConvolutionToRuntime : Pass<"oxla-convolution-to-runtime", "mlir::ModuleOp"> {
  let summary = "Replace f32 convolutions by calls of the runtime's "
                "convolution routine";
  let description = [{
    A `stablehlo.convolution` of static f32 tensors with one feature and one
    batch group and no input (lhs) dilation, of at least `min-multiply-adds`
    terms, becomes a call of `oxla_convolution_f32` on buffers of its
    operands and a fresh result buffer (bufferization.to_memref and
    to_tensor around the call). The routine sums every element in the
    interpreter's order and skips window positions on padding as it does
    (runtime/ConvolutionRoutine.cpp), so results do not change; it packs
    the kernel and runs register-blocked micro-kernels on the thread pool.
    When the convolution's only user adds a bias broadcast along the output
    features (`broadcast_in_dim` of a rank-1 tensor), the call is to
    `oxla_convolution_bias_f32`, which also takes the bias, and when that
    sum's only user is a `maximum` with a +0.0 splat (a ReLU), to
    `oxla_convolution_bias_relu_f32`: the routine applies them to each tile
    of sums (the same roundings, NaN kept), and the add and maximum go.
    A depthwise convolution (feature_group_count = the input features, one
    input feature per group, any multiplier) calls
    `oxla_depthwise_convolution_f32` (and its `_bias` and `_bias_relu`
    forms) with the same views and window instead: one term per window
    position, summed in the interpreter's order along the contiguous
    dimension (runtime/DepthwiseConvolution.cpp).
    Runs on StableHLO, before the lowering to linalg.
  }];
  let options = [
    Option<"minMultiplyAdds", "min-multiply-adds", "int64_t", "4096",
           "Smaller convolutions stay loops">
  ];
  let dependentDialects = ["mlir::bufferization::BufferizationDialect",
                           "mlir::func::FuncDialect", "mlir::memref::MemRefDialect"];
}

def ExpandMath : Pass<"oxla-expand-math", "mlir::ModuleOp"> {
  let summary = "Compute f32 math.exp and math.tanh with oxla's own "
                "vectorizable functions";
  let description = [{
    libm's expf and tanhf take one element at a time, so a loop that calls
    them does not vectorize. This replaces each f32 `math.exp` and
    `math.tanh` by a call of a function defined once in the module
    (`__oxla_expf`, `__oxla_tanhf`, in arith and math.fma/roundeven/copysign
    ops), with variants on vectors of 4, 8 and 16 lanes that the
    `vector-function-abi-variant` attribute tells LLVM's loop vectorizer
    about: a vectorized loop calls the variant of its width. Loops stay
    small however many of these they compute. Ops already on vectors are
    expanded in place. The algorithms and their accuracy (at most 1 ULP
    for exp and 2 for tanh against the interpreter, NaN, infinities, -0,
    overflow and subnormal results handled) are in ExpandMath.cpp. Other
    element types stay libm calls.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::func::FuncDialect",
                           "mlir::LLVM::LLVMDialect", "mlir::math::MathDialect"];
}

def ExpandF64ToNarrowFloat : Pass<"oxla-expand-f64-to-narrow-float", "mlir::ModuleOp"> {
  let summary = "Round f64 to f16 and bf16 with vectorizable ops instead of "
                "a call per element";
  let description = [{
    Each `arith.truncf` from f64 to f16 or bf16 (scalars or vectors)
    becomes a rounding to odd into f32 (arith and math.absf ops on the
    bits) followed by `arith.truncf` to the narrow type, which x86 does in
    one instruction for f16 (F16C) and in integer ops for bf16
    (arith-expand), both vectorized by LLVM; the result is the single
    correctly rounded conversion (to nearest even), as `__truncdfhf2` and
    `__truncdfbf2`, which LLVM calls otherwise, one element at a time. Why
    rounding to odd makes the two roundings one is in
    ExpandF64ToNarrowFloat.cpp.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::math::MathDialect"];
}

def NarrowFloatMinMax : Pass<"oxla-narrow-float-min-max", "mlir::ModuleOp"> {
  let summary = "Compute f32 maximum/minimum of f16 or bf16 values on their "
                "16-bit patterns";
  let description = [{
    An `arith.maximumf` or `arith.minimumf` on f32 whose operands are
    `arith.extf` of f16 (or bf16) values, or f32 constants that type holds
    exactly, becomes integer ops on the 16-bit patterns (an order key,
    compares and selects, NaN propagated) and an `arith.extf` of the chosen
    pattern: the same value, -0 below +0, in vector integer instructions
    where LLVM would otherwise compare halves lane by lane (the reason is in
    NarrowFloatMinMax.cpp). Then every `arith.truncf` of an `arith.extf`
    from its own result type is replaced by the extf's operand (exact): the
    bf16 round trip otherwise costs a scalar NaN test per lane.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def LowerReductions : Pass<"oxla-lower-reductions", "mlir::ModuleOp"> {
  let summary = "Lower reductions over the last dimension of buffers to "
                "loops that reduce several rows at once";
  let description = [{
    A `linalg.reduce` on memrefs over its input's last dimension becomes
    loops with the accumulators in registers. When the body is one op whose
    result does not depend on the order (max, min, bitwise, integer add and
    mul) or is an f32/f64 sum (the spec leaves the order of a reduction to
    the implementation; XLA reassociates sums too), a statically long row
    (at least 32) is reduced in 16 interleaved lanes, a vector where the
    row is contiguous (4 vectors side by side from 128 on), the lanes
    combined in a tree. Other bodies, and sums with `in-order-sums` (or
    OXLA_EXACT_SUMS=1 in the environment), keep the interpreter's order: a
    parallel loop over groups of 8 rows, each reduced in order with the 8
    chains side by side (bit for bit the interpreter's result, without
    waiting on each add), and a loop for the rows left over; when the body
    is arith/math ops that apply lane by lane and the rows are contiguous,
    the 8 chains are the lanes of one vector, fed by 8 x 8 blocks
    transposed in registers. An elementwise linalg.generic that writes the
    reduced buffer just before the reduction is computed inside its loops
    (and the buffer stored only if something else reads it); when that
    producer calls a math function and reads a tile that the enclosing
    scf.parallel moves tile by tile, the lane loop prefetches the next
    tile's lines into L2 as it goes. Other reductions stay linalg.
  }];
  let options = [
    Option<"inOrderSums", "in-order-sums", "bool", "false",
           "Sum f32/f64 rows in the interpreter's order (as does the environment "
           "variable OXLA_EXACT_SUMS=1) instead of in vector lanes">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::memref::MemRefDialect",
                           "mlir::scf::SCFDialect", "mlir::vector::VectorDialect"];
}

def FuseRows : Pass<"oxla-fuse-rows", "mlir::ModuleOp"> {
  let summary = "Compute reductions over rows and the elementwise ops that "
                "use them one tile of rows at a time";
  let description = [{
    XLA's row fusion, for softmax and layer norm: the last elementwise
    linalg.generic of a computation that uses a reduction over all but the
    first dimension is tiled along its first dimension (an scf.forall over
    tiles of about 128 KiB), and the linalg ops that produce its tile's rows
    (reductions, elementwise ops, fills; not contractions) are fused into
    the loop. Each tile's passes over the data then hit the cache instead
    of memory. A producer that only the tile uses is computed in it (once,
    however many of the tile's ops read it; fills once per use); one that
    ops after the tile use too is computed in it and its whole result
    yielded from the loop for them, so that a later tile reads that result
    instead of copying a residual chain into every layer's tile; one that
    an op before the tile uses stays outside. Sums keep their order: a tile
    holds whole rows.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::tensor::TensorDialect"];
}

def SequentialSmallLoops : Pass<"oxla-sequential-small-loops", "mlir::ModuleOp"> {
  let summary = "Keep scf.parallel only where the work pays for tasks";
  let description = [{
    async-parallel-for splits every scf.parallel into tasks by its trip
    count alone. This pass decides by work instead: an outermost parallel
    loop that runs fewer than `min-parallel-work` ops (trip counts times
    the ops of the body, nested loops counted with their trips; unknown
    trip counts count as large) becomes scf.for loops, and so does every
    parallel loop inside another (loops inside a task run on its thread;
    a row tile of oxla-fuse-rows would otherwise dispatch tasks of its
    own). Of the loops left, the leading dimensions with at least 64
    iterations stay parallel, collapsed into one, and the rest become
    scf.for loops inside: async-parallel-for in MLIR 19 computes rows
    twice when it splits a loop of several dimensions into blocks that are
    not whole inner rows. The parallel loops are split into as many tasks
    as there are threads.
  }];
  let options = [
    Option<"minParallelWork", "min-parallel-work", "int64_t", "65536",
           "Loops with less work run on one thread">
  ];
  let dependentDialects = ["mlir::scf::SCFDialect"];
}

def ElideResultCopies : Pass<"oxla-elide-result-copies", "mlir::ModuleOp"> {
  let summary = "Compute a result in its out-parameter instead of copying "
                "a fresh buffer into it";
  let description = [{
    After buffer-results-to-out-params, a function whose result was a
    buffer it allocated (memref.alloc in its body, of the out-parameter's
    type) ends with a copy into the out-parameter. The buffer is replaced
    by the out-parameter and the copy removed. Runs before deallocation.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def ScheduleForMemory : Pass<"oxla-schedule-for-memory", "mlir::ModuleOp"> {
  let summary = "Order independent ops for the lowest peak of live temporaries";
  let description = [{
    Runs before bufferization (on-tensors: the order decides which results
    bufferization writes in place) and again after it, before
    oxla-plan-buffers (on the allocations the plan places). Each block of a
    function (its body, loop and branch bodies, inner blocks first) is
    reordered within its dependences (SSA values; the buffers each op reads
    and writes, traced through views to an allocation, a global or an
    argument; an op with effects that cannot be traced keeps its place
    among the ops with effects). Two orders are tried, as XLA's memory
    schedulers: a list scheduler taking the ready op that frees the most
    bytes net, and a depth-first post-order from the block's sinks visiting
    first the dependence whose subgraph starts the most bytes. The order
    with the lowest simulated peak (the bytes of the block's allocations
    live at once, from the first op using each to the last, plus what an
    op's regions hold while it runs) is kept; the written order on ties.
    On tensors, where the simulation can only guess which results
    bufferization writes in place, a block for which it sees a lower peak
    has its orders measured instead, by bufferizing and planning a copy of
    the module (at most 16 per run; blocks where no order is seen to lower
    the peak are not measured). Allocations, views and other ops without
    effects or regions are placed just before their first user.
  }];
  let options = [
    Option<"onTensors", "on-tensors", "bool", /*default=*/"false",
           "Before bufferization: the buffers are the static tensors ops compute, a "
           "destination-style op's result sharing its init's, a slice or reshape "
           "its source's">,
    Option<"reportMeasured", "report-measured", "bool", /*default=*/"false",
           "On tensors: a remark on each block whose orders were measured, with "
           "how many (to see what scheduling costs)">
  ];
  let statistics = [
    Statistic<"numReordered", "blocks-reordered", "Blocks given a new order">
  ];
}

def RematerializeCheapProducers
    : Pass<"oxla-rematerialize-cheap-producers", "mlir::ModuleOp"> {
  let summary = "Compute cheap producers again at each later user instead of "
                "keeping their results live";
  let description = [{
    Run (on tensors, before scheduling) only when `--memory-limit` asks for
    less than the peak of the program as scheduled: a fill, or a generic
    with parallel loops only and at most four pure scalar ops in its body
    (a broadcast, transpose, iota, cheap elementwise op), whose operands
    cost no memory to keep (function arguments, constants, empty tensors),
    used by several ops of its block is computed again right before each of
    them but the first. Its result then dies at each user instead of
    staying live from the first to the last, at the price of recomputing it.
  }];
}

def ReuseDonatedArguments : Pass<"oxla-reuse-donated-arguments", "mlir::ModuleOp"> {
  let summary = "Make a result's out-parameter safe to be its donated argument";
  let description = [{
    Runs after bufferization and scheduling, before the buffer plan. An
    entry whose arguments were paired with results of their type
    (`oxla.donations`, from `tf.aliasing_output` / `jax.buffer_donor`:
    DonatedArguments.h) may be called with each pair's out-parameter and
    argument one buffer (the runtime hands the donated argument's memory
    back as the result). That is already correct when every read of the
    argument comes before the first write of the out-parameter, or in that
    op when it is an elementwise linalg.generic reading the argument
    through the map it writes the result with. Otherwise the result is
    computed in a new temporary (placed by the buffer plan) and copied into
    the out-parameter just before the return. The module gets
    `oxla.donations`: per pair {entry, argument, result, copied}.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def PlanBuffers : Pass<"oxla-plan-buffers", "mlir::ModuleOp"> {
  let summary = "Give each static temporary of an entry an offset in one arena";
  let description = [{
    Runs after bufferization and before deallocation, on every public
    function with a body (the entries). A temporary (memref.alloc) of static
    shape whose aliases (views, casts) are neither returned, yielded from a
    region, turned back into a tensor nor freed, allocated outside parallel
    loops, is live from its allocation to its last use in program order; a
    use inside a loop or branch nested in the allocation's block keeps it
    live through the whole loop or branch. Offsets come from XLA's
    heap-simulator algorithm (global decreasing size, best fit), aligned to
    64 bytes: buffers whose live ranges are disjoint share bytes.

    Each planned allocation gets `oxla.arena_offset`, each function
    `oxla.arena_size`, and the module `oxla.memory_plans`: per function the
    arena's bytes, the most bytes live at one point (`live_peak`), the
    buffers live there (bytes, offset, type, location) and the allocations
    left to run time (`unplanned`, `unplanned_bytes` of static shape,
    `dynamic`). The report of `--memory-report` is read from it.
  }];
}

def AllocateFromArena : Pass<"oxla-allocate-from-arena", "mlir::ModuleOp"> {
  let summary = "Replace the planned temporaries by views of an arena parameter";
  let description = [{
    Carries out oxla-plan-buffers: a function with planned temporaries takes
    one more parameter, a `memref<Nxi8>` arena of `oxla.arena_size` bytes
    (last, after the out-parameters), and each planned memref.alloc becomes
    a memref.view of it at its offset. The entry wrappers (ModuleABI.cpp)
    pass an arena from the runtime, kept from one call to the next: static
    temporaries cost no allocation after the first call.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::memref::MemRefDialect"];
}

def OutlineKernels : Pass<"oxla-outline-kernels", "mlir::ModuleOp"> {
  let summary = "Move each loop nest into a function of its own";
  let description = [{
    After bufferization a program's function holds all its kernels, each an
    outermost scf.for or scf.parallel loop nest: a 600-op transformer is
    one LLVM function with over a thousand loops. LLVM's loop passes
    (LoopRotate, IndVarSimplify, LoopDeletion) invalidate scalar evolution
    for the whole function at each loop, so their cost grows with the
    square of the function: GPT-2's 95,000-line `main` spent 10 of its 16
    s of `opt -O2` in them. This pass outlines each kernel (an outermost
    loop that allocates nothing on the heap; a loop that does, such as the
    body of a program's while loop, is searched for kernels inside) of at
    least `min-ops` ops into a private `noinline` function and calls it:
    the values it uses from above become arguments (constants and global
    addresses are cloned into it), its results the function's results.
    A function with fewer than two kernels stays as it is. Each kernel is
    then optimized and compiled on its own, in time linear in the program.

    Kernels that are equal but for the globals they read (a layer's
    weights) and the values of up to 16 scalar constants that bound no loop
    (a temporary's offset in the buffer arena, a layer's scale) are one
    function that takes those as arguments: the 12 layers of GPT-2 are
    compiled once, not 12 times (809 LLVM functions of 258,000 lines after
    -O2 before, 88% of them copies). A global that every call of a kernel
    passes moves back into it.
  }];
  let options = [
    Option<"minOps", "min-ops", "int64_t", "8",
           "Loop nests with fewer ops stay in their function">
  ];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def IsolateTaskBodies : Pass<"oxla-isolate-task-bodies", "mlir::ModuleOp"> {
  let summary = "Keep the functions that async tasks call from being inlined "
                "into the coroutines";
  let description = [{
    `async-parallel-for` outlines a parallel loop's body into a function
    that each `async.execute` task calls. Inlined into the task's
    coroutine, the body reads its buffers' pointers from the coroutine
    frame, which LLVM must assume every store may overwrite: the loop then
    reloads them on every iteration and is not vectorized. Marked
    `noinline`, the body keeps its pointers in arguments and vectorizes
    (with runtime alias checks) as the caller's own loops do.
  }];
  let dependentDialects = ["mlir::func::FuncDialect"];
}

def ProfileKernels : Pass<"oxla-profile-kernels", "mlir::ModuleOp"> {
  let summary = "Time each kernel of the public functions (opt-in profiler)";
  let description = [{
    Wraps each kernel of a public function (a call of an outlined kernel or
    of a matrix product, convolution or custom-call routine, and each
    outermost loop nest that allocates nothing left in place) in calls of
    the runtime's `oxla_profile_begin()` and `oxla_profile_end(name, flops,
    bytes)` (runtime/KernelProfiler.cpp), which add up the wall time per
    kernel and print it when the process exits. `name` is a constant i8
    global: the callee (or "loop") and the first file:line or name of its
    location. Calls of the math helpers (`__oxla_*`), which loops make per
    element, are not timed. `flops` counts the kernel's floating-point adds, multiplies,
    divides, min/max (FMAs twice, vectors per lane) times the constant trip
    counts of the loops around them, and the routines' multiply-adds twice;
    `bytes` adds up the statically shaped memrefs it takes or uses from
    above: the least it must move. Together they give each kernel's floor.
    The CPU pipeline runs it after oxla-outline-kernels when the
    environment sets OXLA_PROFILE_KERNELS (which also keys the compile
    cache, as every OXLA_ variable does).
  }];
  let dependentDialects = ["mlir::func::FuncDialect", "mlir::memref::MemRefDialect",
                           "mlir::arith::ArithDialect"];
}

#endif // OXLA_CODEGEN_PASSES
