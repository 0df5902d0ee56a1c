import { describe, expect, it } from 'vitest';
import { singularOf } from './terminology';

describe('singularOf', () => {
  it('names one of a plural term', () => {
    expect(singularOf('opportunities')).toBe('opportunity');
    expect(singularOf('deals')).toBe('deal');
    expect(singularOf('Investments')).toBe('Investment');
    expect(singularOf('boxes')).toBe('box');
    expect(singularOf('business')).toBe('business');
    expect(singularOf('equity')).toBe('equity');
    expect(singularOf('keys')).toBe('key');
  });
});
