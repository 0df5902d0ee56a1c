/**
 * Where files live (ARCHITECTURE.md): a local directory by default, S3-compatible object storage when
 * S3_* settings are given. Keys are paths like "branding/logo-3f2a….png"; the extension gives the type.
 */
export interface StoredFile {
  body: Buffer;
  contentType: string;
  size: number;
}

export interface Storage {
  readonly engine: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<StoredFile | null>;
  delete(key: string): Promise<void>;
}

export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const contentTypeOf = (key: string) =>
  CONTENT_TYPES[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/** Keys are ours, never a client's: letters, digits, dashes, dots and single slashes. */
export function assertSafeKey(key: string) {
  if (!/^[a-z0-9-]+(\/[A-Za-z0-9._-]+)+$/.test(key) || key.includes('..'))
    throw new Error(`unsafe storage key ${key}`);
}
