import { describe, expect, it } from 'vitest';
import { TRACE_NET, traceNetLogits } from './trace-net';

/** The fixed inputs of scripts/data/train_ai_signal_net.py (probe_image): generated, never stored. */
function probeImage(kind: number, size: number): Uint8Array {
  const px = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      for (let c = 0; c < 3; c++)
        px[(y * size + x) * 3 + c] =
          kind === 0 ? (x * 7 + y * 13 + c * 29) % 256 : (x * x * 3 + y * 5 + (x ^ y) * 11 + c * 53) % 256;
  return px;
}

describe('trace network', () => {
  it('gives the logits the trained PyTorch model gave on the same inputs', async () => {
    expect(TRACE_NET.probes.length).toBeGreaterThanOrEqual(3);
    for (const p of TRACE_NET.probes) {
      const [logit] = await traceNetLogits(probeImage(p.kind, p.size), 1, p.size);
      expect(logit).toBeCloseTo(p.logit, 3);
    }
  });

  it('scores a batch of crops one logit each, the same as one at a time', async () => {
    const a = probeImage(0, 64);
    const b = probeImage(1, 64);
    const both = new Uint8Array(a.length * 2);
    both.set(a);
    both.set(b, a.length);
    const [la, lb] = await traceNetLogits(both, 2, 64);
    expect(la).toBeCloseTo((await traceNetLogits(a, 1, 64))[0]!, 4);
    expect(lb).toBeCloseTo((await traceNetLogits(b, 1, 64))[0]!, 4);
    expect(la).not.toBeCloseTo(lb!, 2);
    await expect(traceNetLogits(a, 2, 64)).rejects.toThrow(/expected/);
  });
});
