//===- run.js - The ONNX Runtime peer (onnxruntime-node) ------------------===//
//
//   node run.js MODEL.onnx --input A.npy ... [--out-dir D] [--threads N] [--warmup N]
//               [--warmup-time S] [--min-reps N] [--max-reps N] [--min-time S]
//               [--calls N] [--mode run|call|compile]
//
// Runs the ONNX file torch.onnx.export wrote for a workload (inputs arg0, arg1, ... in
// the StableHLO module's argument order, read from .npy files) with intraOpNumThreads
// N, and prints one JSON line like the other peers. --mode call: W8, ms per call over
// --calls calls per repetition. --mode compile: times InferenceSession.create (W9).
// Results of the last run go to D/result<i>.npy.
//
//===----------------------------------------------------------------------===//
'use strict';
const fs = require('fs');
const path = require('path');
const ort = require('onnxruntime-node');

function parseArgs(argv) {
  const o = {inputs: [], threads: 1, warmup: 2, warmupTime: 0.0, minReps: 5,
             maxReps: 1000, minTime: 1.0, calls: 10000, mode: 'run', outDir: null,
             model: null};
  for (let i = 0; i < argv.length; ++i) {
    const a = argv[i];
    const v = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--input') o.inputs.push(v());
    else if (a === '--out-dir') o.outDir = v();
    else if (a === '--threads') o.threads = parseInt(v());
    else if (a === '--warmup') o.warmup = parseInt(v());
    else if (a === '--warmup-time') o.warmupTime = parseFloat(v());
    else if (a === '--min-reps') o.minReps = parseInt(v());
    else if (a === '--max-reps') o.maxReps = parseInt(v());
    else if (a === '--min-time') o.minTime = parseFloat(v());
    else if (a === '--calls') o.calls = parseInt(v());
    else if (a === '--mode') o.mode = v();
    else if (!a.startsWith('-') && !o.model) o.model = a;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!o.model) throw new Error('usage: node run.js MODEL.onnx --input A.npy ...');
  return o;
}

const DTYPES = {'<f4': ['float32', Float32Array], '<f8': ['float64', Float64Array],
                '<i4': ['int32', Int32Array], '<i8': ['int64', BigInt64Array]};

// A .npy file (little-endian, C order) as an ort.Tensor.
function readNpy(file) {
  const buf = fs.readFileSync(file);
  if (buf.toString('latin1', 1, 6) !== 'NUMPY') throw new Error(`${file}: not .npy`);
  const major = buf[6];
  const hlen = major === 1 ? buf.readUInt16LE(8) : buf.readUInt32LE(8);
  const start = major === 1 ? 10 : 12;
  const header = buf.toString('latin1', start, start + hlen);
  const descr = /'descr':\s*'([^']+)'/.exec(header)[1];
  if (/'fortran_order':\s*True/.test(header)) throw new Error(`${file}: Fortran order`);
  const shape = /'shape':\s*\(([^)]*)\)/.exec(header)[1].split(',')
                    .map(s => s.trim()).filter(s => s).map(Number);
  if (!DTYPES[descr]) throw new Error(`${file}: unsupported dtype ${descr}`);
  const [type, Arr] = DTYPES[descr];
  const n = shape.reduce((a, b) => a * b, 1);
  // Copied so the typed array is aligned.
  const body = buf.subarray(start + hlen, start + hlen + n * Arr.BYTES_PER_ELEMENT);
  const data = new Arr(new Uint8Array(body).buffer, 0, n);
  return new ort.Tensor(type, data, shape);
}

function writeNpy(file, tensor) {
  const descr = {float32: '<f4', float64: '<f8', int32: '<i4', int64: '<i8'}[tensor.type];
  const dims = tensor.dims.join(', ') + (tensor.dims.length === 1 ? ',' : '');
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': (${dims}), }`;
  const total = 10 + header.length + 1;
  header += ' '.repeat((64 - (total % 64)) % 64) + '\n';
  const pre = Buffer.alloc(10);
  Buffer.from('\x93NUMPY', 'latin1').copy(pre, 0);
  pre[6] = 1; pre[7] = 0;
  pre.writeUInt16LE(header.length, 8);
  const d = tensor.data;
  const body = Buffer.from(d.buffer, d.byteOffset, d.byteLength);
  fs.writeFileSync(file, Buffer.concat([pre, Buffer.from(header, 'latin1'), body]));
}

const now = () => Number(process.hrtime.bigint()) / 1e6;

function summary(o, times, compileMs, extra) {
  const s = [...times].sort((a, b) => a - b);
  const n = s.length;
  const median = n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  return Object.assign({system: 'ort', threads: o.threads, compile_ms: compileMs,
                        median_ms: median, min_ms: s[0], max_ms: s[n - 1], reps: n,
                        times_ms: times}, extra || {});
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const options = {intraOpNumThreads: o.threads, interOpNumThreads: 1,
                   executionMode: 'sequential', graphOptimizationLevel: 'all'};
  if (o.mode === 'compile') {
    // Creations of many seconds stop after 10 s of them (at least one).
    const times = [];
    while (!times.length ||
           (times.length < o.minReps && times.reduce((a, b) => a + b, 0) < 10e3)) {
      const t0 = now();
      const s = await ort.InferenceSession.create(o.model, options);
      times.push(now() - t0);
      await s.release();
    }
    console.log(JSON.stringify(summary(o, times, 0)));
    return;
  }
  const t0 = now();
  const session = await ort.InferenceSession.create(o.model, options);
  const compileMs = now() - t0;
  const feeds = {};
  session.inputNames.forEach((name, i) => { feeds[name] = readNpy(o.inputs[i]); });
  if (session.inputNames.length !== o.inputs.length)
    throw new Error(`${o.model} takes ${session.inputNames.length} inputs, got ` +
                    `${o.inputs.length}`);
  let out;
  const times = [];
  if (o.mode === 'call') {
    for (let i = 0; i < 200; ++i) out = await session.run(feeds);
    for (let r = 0; r < Math.max(o.minReps, 3); ++r) {
      const start = now();
      for (let i = 0; i < o.calls; ++i) out = await session.run(feeds);
      times.push((now() - start) / o.calls);
    }
  } else {
    const warmBegin = now();
    for (let i = 0; i < o.warmup || now() - warmBegin < o.warmupTime * 1000; ++i)
      out = await session.run(feeds);
    const begin = now();
    while (times.length < o.maxReps) {
      if (times.length >= o.minReps && now() - begin >= o.minTime * 1000) break;
      const start = now();
      out = await session.run(feeds);
      times.push(now() - start);
    }
  }
  if (o.outDir) {
    fs.mkdirSync(o.outDir, {recursive: true});
    session.outputNames.forEach((name, i) =>
      writeNpy(path.join(o.outDir, `result${i}.npy`), out[name]));
  }
  console.log(JSON.stringify(summary(o, times, compileMs)));
}

main().catch(e => { console.error(`ort peer: ${e.message}`); process.exit(1); });
