/**
 * The stores as a page loads them: a fresh copy of every store module over a given browser storage, so a
 * test can write, "reload" (load them again over the same storage) and read back what a page would see.
 */
import { vi } from 'vitest';

export type Storage = Record<string, string>;

export async function freshStores(storage: Storage = {}) {
  vi.resetModules();
  const persistent = await import('@nanostores/persistent');
  persistent.setPersistentEngine(storage, { addEventListener() {}, removeEventListener() {} });
  return {
    storage,
    shopper: await import('../../../src/stores/shopper.ts'),
    watchlist: await import('../../../src/stores/watchlist.ts'),
    session: await import('../../../src/stores/session.ts'),
    viewed: await import('../../../src/stores/viewed.ts'),
    favourites: await import('../../../src/stores/favourites.ts'),
    toast: await import('../../../src/stores/toast.ts'),
  };
}
