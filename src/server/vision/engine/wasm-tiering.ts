/**
 * How soon V8 recompiles a WebAssembly function with its optimising compiler (TurboFan). Code
 * first runs as Liftoff's quick baseline code; once a function has run for its "tiering budget"
 * (roughly bytes of code executed, 13 million by default) it is recompiled in the background.
 * Model inference in a fresh process (onnxruntime-web's OCR, tfjs's CenterNet) crosses the
 * default budget in hundreds of functions that run only while a session loads or a pass starts,
 * and recompiling those costs more CPU than their faster code saves before the answer. At 200
 * million, the kernels that carry a pass still tier up within its first moments and the rest stay
 * baseline: an OCR detector session's creation and three 960x640 passes took 2.51-3.05 s of CPU
 * against 2.66-3.40 s at the default (p50 2.59 and 3.00 s, 10 interleaved fresh processes), and
 * the later passes ran as fast. In the functions, p50 over the demo samples, a caption's first
 * answer took 2.7 s of CPU against 3.7 s, a watermark check's 2.9 s against 4.2 s. The price: a
 * warm answer with many recogniser reads runs longer before their kernels are optimised (the tiled
 * watermark sample's second answer 6.8 s against 5.9 s); 1,000 million left warm passes slower.
 *
 * The flag is process-wide and read when a module is compiled, so it is set before either engine
 * compiles its WebAssembly (no Node option is needed: Netlify's runtime takes none from here).
 */
import { setFlagsFromString } from 'node:v8';

export const WASM_TIERING_BUDGET = 200_000_000;

let tuned = false;

/** Sets the tiering budget once per process; call before compiling a WebAssembly module. */
export function tuneWasmTiering(): void {
  if (tuned) return;
  tuned = true;
  setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}
