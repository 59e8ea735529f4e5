/**
 * TensorFlow.js as the engine uses it (core, the graph-model converter, the WASM backend), loaded
 * with `require`. Its packages are CommonJS; an ES module that imports one makes Node lex the
 * package's whole source for named exports (cjs-module-lexer) before it runs, and tfjs-core and
 * tfjs-converter are 1.2 MB each: `require` skips that, 0.2 s of CPU of every cold start of a
 * function that runs a model (import 660-720 ms of CPU against 440-510 ms, measured on the caption
 * function's unpacked bundle). Node shares one module cache between the two, so a package loaded
 * either way is the same instance. Types come from the packages as usual (`import type`).
 */
import { createRequire } from 'node:module';
import type * as TfCore from '@tensorflow/tfjs-core';
import type * as TfConverter from '@tensorflow/tfjs-converter';
import type * as TfWasm from '@tensorflow/tfjs-backend-wasm';

/**
 * The three packages, required from here. The `require` is made and used inside this function:
 * a bundler hoists a module's top-level variables out of their declarations, and Netlify's file
 * tracer (@vercel/nft) follows only a `createRequire` result declared as a variable, so this way
 * the packages still ship in every function bundle that runs a model.
 */
function requireTfjs(): { core: typeof TfCore; converter: typeof TfConverter; wasm: typeof TfWasm } {
  const requireCjs = createRequire(import.meta.url);
  return {
    core: requireCjs('@tensorflow/tfjs-core') as typeof TfCore,
    converter: requireCjs('@tensorflow/tfjs-converter') as typeof TfConverter,
    wasm: requireCjs('@tensorflow/tfjs-backend-wasm') as typeof TfWasm,
  };
}

const { core, converter, wasm } = requireTfjs();
export const tf = core;
export const { loadGraphModel } = converter;
export const { setWasmPaths } = wasm;
