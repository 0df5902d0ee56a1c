import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, contentTypeOf, type Storage } from './storage';

export function createLocalStorage(root: string): Storage {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(path.resolve(root), key);
  };
  return {
    engine: 'local',
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename would be safer across crashes; keys are new on every upload, so a torn
      // write is never read as a finished file by anyone who knows only the old key.
      await writeFile(file, body);
    },
    async get(key) {
      try {
        const body = await readFile(resolve(key));
        return { body, contentType: contentTypeOf(key), size: body.length };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}
