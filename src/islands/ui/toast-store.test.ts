import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dismissToast,
  getToasts,
  showToast,
  subscribeToasts,
  TOAST_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
} from './toast-store';

afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('shows one toast at a time, the newest, for 5 s by default', () => {
    showToast({ title: 'First' });
    showToast({ title: 'Error', description: 'Boom', variant: 'destructive' });
    const toasts = getToasts();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({
      title: 'Error',
      description: 'Boom',
      variant: 'destructive',
      duration: TOAST_DURATION_MS,
      open: true,
    });
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('closes a dismissed toast and removes it after the removal delay', () => {
    vi.useFakeTimers();
    const listener = vi.fn();
    const off = subscribeToasts(listener);
    const id = showToast({ title: 'Bye', duration: 1000 });
    dismissToast(id);
    expect(getToasts()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
    expect(listener).toHaveBeenCalledTimes(3);
    off();
  });
});
