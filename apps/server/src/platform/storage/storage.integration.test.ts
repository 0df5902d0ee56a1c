import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ROLES } from '@portico/contracts';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../../test/factories';
import { multipartBody, PNG_1PX } from '../../test/files';
import { createTestApp } from '../../test/test-app';
import { detectFileType } from './file-types';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** A fake S3 in process (s3rver), so the S3 engine is tested against the S3 protocol itself. */
let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let localDir: string;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(os.tmpdir(), 'portico-s3-'));
  localDir = await mkdtemp(path.join(os.tmpdir(), 'portico-local-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'portico' }],
  });
  const address = await s3.run();
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await s3.close();
  await rm(s3Dir, { recursive: true, force: true });
  await rm(localDir, { recursive: true, force: true });
});

const engines: Array<{ name: string; make: () => Storage }> = [
  { name: 'local', make: () => createLocalStorage(localDir) },
  {
    name: 's3',
    make: () =>
      createS3Storage({
        endpoint,
        bucket: 'portico',
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      }),
  },
];

describe.each(engines)('the $name storage engine', ({ make }) => {
  it('puts, gets and deletes a file', async () => {
    const storage = make();
    await storage.put('branding/logo-test.png', PNG_1PX, 'image/png');
    const file = await storage.get('branding/logo-test.png');
    expect(file?.body.equals(PNG_1PX)).toBe(true);
    expect(file?.contentType).toBe('image/png');
    await storage.delete('branding/logo-test.png');
    expect(await storage.get('branding/logo-test.png')).toBeNull();
  });

  it('refuses keys that could escape their folder', async () => {
    await expect(make().put('../etc/passwd', PNG_1PX, 'text/plain')).rejects.toThrow(/unsafe/);
  });
});

describe('the app on S3', () => {
  it('stores an uploaded logo in the bucket and serves it', async () => {
    const t = await createTestApp({
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'portico',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    try {
      expect(t.ctx.storage.engine).toBe('s3');
      const admin = await t.as(await createStaff(t.ctx.db, ROLES.SUPER_ADMIN));
      const { payload, headers } = multipartBody(
        {},
        { logo: { name: 'l.png', type: 'image/png', body: PNG_1PX } },
      );
      const response = await admin.patch('/api/branding/1', payload, { headers });
      const logo = (JSON.parse(response.body) as { data: { logo: string } }).data.logo;
      const served = await t.request({ url: logo });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('file type detection', () => {
  it('reads the type from the bytes, not the name', () => {
    expect(detectFileType(PNG_1PX)).toEqual({ contentType: 'image/png', extension: 'png' });
    expect(detectFileType(Buffer.from('%PDF-1.7\n'))).toEqual({
      contentType: 'application/pdf',
      extension: 'pdf',
    });
    expect(detectFileType(Buffer.from('<?xml version="1.0"?>\n<svg xmlns="x"></svg>'))?.extension).toBe(
      'svg',
    );
    expect(detectFileType(Buffer.from('hello'))).toBeNull();
  });
});
