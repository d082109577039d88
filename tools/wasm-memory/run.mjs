// Usage (from the repository root):
//   cargo build --release --target wasm32-unknown-unknown \
//     --manifest-path tools/wasm-memory/Cargo.toml
//   node tools/wasm-memory/run.mjs \
//     tools/wasm-memory/target/wasm32-unknown-unknown/release/wasm_memory.wasm 100000
// Prints the wasm memory before and after loading long_history(N). Wasm memory
// never shrinks, so "after" includes the load's peak (the text, the parsed script).
import { readFileSync } from 'fs';

const [file, n] = [process.argv[2], Number(process.argv[3] ?? 100000)];
const { instance } = await WebAssembly.instantiate(readFileSync(file), {});
const memory = instance.exports.memory;
const before = memory.buffer.byteLength;
const t0 = performance.now();
const steps = instance.exports.load(n);
const ms = performance.now() - t0;
const after = memory.buffer.byteLength;
const mb = (b) => (b / 1e6).toFixed(1);
console.log(
  `records ${n} steps ${steps} load ${ms.toFixed(0)} ms ` +
    `wasm memory ${mb(before)} -> ${mb(after)} MB (${((after - before) / Math.max(steps, 1)).toFixed(0)} B/step)`,
);
