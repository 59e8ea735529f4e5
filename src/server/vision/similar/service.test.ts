import { describe, expect, it } from 'vitest';
import { EF_SEARCH, EXACT_SCAN_ROWS, FILTERED_EF_SEARCH, searchPlan } from './service';

describe('searchPlan', () => {
  it('scans small candidate sets exactly', () => {
    expect(searchPlan(136, false, true)).toMatchObject({ exact: true });
    expect(searchPlan(EXACT_SCAN_ROWS, true, false)).toMatchObject({ exact: true });
  });

  it('always scans a collection exactly, whatever its size: the index is shared by every account', () => {
    expect(searchPlan(EXACT_SCAN_ROWS + 1, false, true, 'collection')).toMatchObject({ exact: true });
  });

  it('asks the HNSW index at EF_SEARCH for a large unfiltered gallery', () => {
    expect(searchPlan(100_000, false, true)).toEqual({
      exact: false,
      efSearch: EF_SEARCH,
      iterativeScan: false,
    });
  });

  it('keeps scanning the graph when a category filter applies (iterative scan), else over-fetches', () => {
    expect(searchPlan(100_000, true, true)).toEqual({
      exact: false,
      efSearch: EF_SEARCH,
      iterativeScan: true,
    });
    expect(searchPlan(100_000, true, false)).toEqual({
      exact: false,
      efSearch: FILTERED_EF_SEARCH,
      iterativeScan: false,
    });
    expect(FILTERED_EF_SEARCH).toBeGreaterThan(EF_SEARCH);
  });
});
