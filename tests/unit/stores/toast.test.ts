import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshStores } from './storage.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('toast store', () => {
  it('shows one toast at a time: a new one replaces the one showing', async () => {
    const { toast } = await freshStores();
    toast.showToast({ title: 'Car Saved In Watchlist', tone: 'info', durationMs: toast.TOAST_MS });
    toast.showToast({ title: 'Copied', tone: 'info', durationMs: 3000 });
    expect(toast.$toast.get()?.title).toBe('Copied');
  });

  it('removes a toast after its time, and an earlier timer never closes a later toast', async () => {
    const { toast } = await freshStores();
    toast.showToast({ title: 'Car Removed', tone: 'info', durationMs: 10_000 });
    vi.advanceTimersByTime(2_000);
    toast.showToast({ title: 'Copied', tone: 'info', durationMs: 3_000 });
    vi.advanceTimersByTime(2_999);
    expect(toast.$toast.get()?.title).toBe('Copied');
    vi.advanceTimersByTime(1);
    expect(toast.$toast.get()).toBeNull();
  });

  it('keeps a toast while the shopper reads it, then gives it its full time again', async () => {
    const { toast } = await freshStores();
    toast.showToast({ title: 'Car Saved In Watchlist', tone: 'info', durationMs: 10_000 });
    vi.advanceTimersByTime(9_000);
    toast.holdToast();
    vi.advanceTimersByTime(60_000);
    expect(toast.$toast.get()?.title).toBe('Car Saved In Watchlist');
    toast.releaseToast();
    vi.advanceTimersByTime(9_999);
    expect(toast.$toast.get()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(toast.$toast.get()).toBeNull();
  });

  it('keeps an error until it is closed', async () => {
    const { toast } = await freshStores();
    const id = toast.showToast({ title: 'Your watchlist was not changed', message: 'Down for maintenance.', tone: 'error', durationMs: null });
    vi.advanceTimersByTime(600_000);
    expect(toast.$toast.get()?.id).toBe(id);
    toast.dismissToast(id + 1);
    expect(toast.$toast.get()?.id).toBe(id);
    toast.dismissToast(id);
    expect(toast.$toast.get()).toBeNull();
  });
});
