import type { SharedStore } from './store/shared-store';

const KEY = 'maintenance';
const CACHE_MS = 2_000;

/**
 * Maintenance is on when MAINTENANCE=1 or when the shared flag is set (every node sees it within
 * two seconds). Read on every request, so the flag is cached briefly.
 */
export function createMaintenance(store: SharedStore, forced: boolean) {
  let cached: { value: boolean; at: number } | undefined;
  return {
    forced,
    async isDown(): Promise<boolean> {
      if (forced) return true;
      if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
      const value = (await store.get(KEY)) === '1';
      cached = { value, at: Date.now() };
      return value;
    },
    async set(down: boolean) {
      if (down) await store.set(KEY, '1');
      else await store.delete(KEY);
      cached = undefined;
    },
  };
}

export type Maintenance = ReturnType<typeof createMaintenance>;
