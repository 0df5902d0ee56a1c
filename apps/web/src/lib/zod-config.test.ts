import { afterEach, describe, expect, it, vi } from 'vitest';
import './zod-config';
import { z } from 'zod';

describe('zod-config', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is the settings object zod reads: jitless is on', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('keeps zod from making code at run time (no new Function), which the CSP would refuse', () => {
    const makeCode = vi.spyOn(globalThis, 'Function');
    const schema = z.object({ name: z.string(), amount: z.number() });
    expect(schema.parse({ name: 'Olivia', amount: 1 })).toEqual({ name: 'Olivia', amount: 1 });
    expect(schema.parse({ name: 'James', amount: 2 })).toEqual({ name: 'James', amount: 2 });
    expect(makeCode).not.toHaveBeenCalled();
  });
});
