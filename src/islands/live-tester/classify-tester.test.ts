import { describe, expect, it } from 'vitest';
import {
  buildClassifyFields,
  classifyFieldsOf,
  classifyOutcome,
  classifyView,
  labelRow,
} from './classify-tester';
import { oneImageError } from './tester-model';
import { classifyAnswer } from './test-answers';

const answer = classifyAnswer();

describe('classify tester', () => {
  it('sends the room types by default and a label set id only when given', () => {
    expect(buildClassifyFields(3)).toEqual({ top_k: 3 });
    expect(buildClassifyFields(1, 'room_type')).toEqual({ top_k: 1 });
    expect(buildClassifyFields(2, ' 0b6f3c1e-4a7d-4f7e-9d1a-2b3c4d5e6f70 ')).toEqual({
      top_k: 2,
      taxonomy: '0b6f3c1e-4a7d-4f7e-9d1a-2b3c4d5e6f70',
    });
  });
  it("reads the form's values: a label set only on the visitor's own subscription, top_k one of the choices", () => {
    const values = { top_k: '5', taxonomy: 'my-set' };
    expect(classifyFieldsOf(values, false)).toEqual({ top_k: 5 });
    expect(classifyFieldsOf(values, true)).toEqual({ top_k: 5, taxonomy: 'my-set' });
    expect(classifyFieldsOf({ ...values, top_k: '40' }, false)).toEqual({ top_k: 3 });
  });
  it('asks for an image URL or an upload', () => {
    expect(oneImageError({ imageUrl: '  ' })).toBe('Please provide an image URL');
    expect(oneImageError({ imageUrl: 'https://a/k.jpg' })).toBeNull();
    expect(
      oneImageError({ imageUrl: '', file: new File(['x'], 'k.jpg', { type: 'image/jpeg' }) }),
    ).toBeNull();
  });
  it('shows labels as words with whole percentages, best first, in an ordered list', () => {
    expect(labelRow({ label: 'living_room', score: 0.4567 })).toEqual({
      kind: 'score',
      name: 'Living room',
      percent: 46,
    });
    const view = classifyView(answer);
    expect(view.summary).toEqual({ term: 'Taxonomy', value: 'room_type', rest: ' · 0.12 s' });
    expect(view.rows).toEqual([
      { kind: 'score', name: 'Living room', percent: 46 },
      { kind: 'score', name: 'Kitchen', percent: 30 },
    ]);
    expect(view).toMatchObject({
      ordered: true,
      listLabel: 'Labels, best first',
      note: 'Room-type classifier. Scores are shares of the evidence, not certainties.',
    });
  });
  it("shows the server's message, or a generic one for network failures", () => {
    expect(classifyOutcome({ ok: true, data: answer, status: 200 })).toEqual({
      ok: true,
      view: classifyView(answer),
    });
    expect(
      classifyOutcome({
        ok: false,
        error: { status: 429, code: 'RATE_LIMITED', message: 'Too many requests', details: null },
      } as never),
    ).toEqual({
      ok: false,
      message: 'Too many requests',
    });
    expect(
      classifyOutcome({
        ok: false,
        error: { status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch', details: null },
      } as never),
    ).toEqual({
      ok: false,
      message: 'API test failed',
    });
  });
});
