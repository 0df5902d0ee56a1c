import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateOpenApi, OPENAPI_FILE } from './openapi';

describe('docs/openapi.json', () => {
  it('is what the route schemas generate (run `npm run openapi` after changing a route)', async () => {
    const document = await generateOpenApi();
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(document);
    const parsed = JSON.parse(document) as { paths: Record<string, unknown> };
    expect(Object.keys(parsed.paths)).toEqual(
      expect.arrayContaining(['/login', '/api/user', '/api/admin-accounts']),
    );
  });
});
