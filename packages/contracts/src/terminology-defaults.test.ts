import { describe, expect, it } from 'vitest';
import { ROLE_IDS, ROLE_NAMES } from './roles';
import { TERMS } from './terminology-defaults';

describe('terminology labels', () => {
  it('names each role by its name in the roles table, never by its number', () => {
    for (const id of ROLE_IDS) {
      const term = TERMS[`role_${id}`];
      expect(term.label).toContain(ROLE_NAMES[id]);
      expect(term.label).not.toMatch(/\d/);
    }
  });

  it('gives no term a numbered label', () => {
    const numbered = Object.values(TERMS).filter((term) => /\b(Role|Status) \d/.test(term.label));
    expect(numbered).toEqual([]);
  });
});
