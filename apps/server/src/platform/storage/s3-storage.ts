import { AwsClient } from 'aws4fetch';
import { assertSafeKey, contentTypeOf, type Storage } from './storage';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** path-style URLs (endpoint/bucket/key), as MinIO and most S3-compatible services want */
  forcePathStyle: boolean;
}

/** S3-compatible object storage over plain HTTP with SigV4 signing (aws4fetch). */
export function createS3Storage(settings: S3Settings): Storage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
  });
  const base = new URL(settings.endpoint);
  const urlOf = (key: string) => {
    assertSafeKey(key);
    const encoded = key.split('/').map(encodeURIComponent).join('/');
    if (settings.forcePathStyle) return `${base.origin}/${settings.bucket}/${encoded}`;
    return `${base.protocol}//${settings.bucket}.${base.host}/${encoded}`;
  };
  const fail = async (action: string, key: string, response: Response): Promise<never> => {
    throw new Error(
      `S3 ${action} ${key} answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
    );
  };
  return {
    engine: 's3',
    async put(key, body, contentType) {
      const response = await client.fetch(urlOf(key), {
        method: 'PUT',
        body,
        headers: { 'content-type': contentType },
      });
      if (!response.ok) await fail('PUT', key, response);
    },
    async get(key) {
      const response = await client.fetch(urlOf(key));
      if (response.status === 404) return null;
      if (!response.ok) await fail('GET', key, response);
      const body = Buffer.from(await response.arrayBuffer());
      return {
        body,
        contentType: response.headers.get('content-type') ?? contentTypeOf(key),
        size: body.length,
      };
    },
    async delete(key) {
      const response = await client.fetch(urlOf(key), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) await fail('DELETE', key, response);
    },
  };
}
