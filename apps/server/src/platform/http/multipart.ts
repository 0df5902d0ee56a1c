import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenFieldNameError, isForbiddenKey } from './forbidden-field-name';

export interface UploadedFile {
  /** the name the browser gave; only ever shown, never used as a storage key */
  filename: string;
  body: Buffer;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** files of a multipart request, by field name, read into memory (size-limited) */
    uploads: Record<string, UploadedFile[]>;
  }
}

/** `colours[primary]` → ['colours', 'primary'] */
const pathOf = (name: string) => name.replace(/\]/g, '').split('[');

type Node = Record<string, unknown>;

/** An object with no prototype: a field name can only ever add its own keys to it. */
const bare = (): Node => Object.create(null) as Node;

function setPath(target: Node, name: string, value: unknown) {
  const path = pathOf(name);
  if (path.some((segment) => isForbiddenKey(segment))) throw new ForbiddenFieldNameError(name);
  let node = target;
  path.forEach((segment, index) => {
    if (index === path.length - 1) {
      node[segment] = value;
      return;
    }
    const next = Object.hasOwn(node, segment) ? node[segment] : undefined;
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[segment] = bare();
    node = node[segment] as Node;
  });
}

/** A field holding JSON, parsed; keys that reach a prototype are refused as in a field name. */
function fieldValue(name: string, value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[{[]/.test(value)) return value;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value, (key, item: unknown) => {
      if (isForbiddenKey(key)) throw new ForbiddenFieldNameError(`${name}.${key}`);
      return item;
    });
  } catch (error) {
    if (error instanceof ForbiddenFieldNameError) throw error;
    return value;
  }
  return parsed;
}

type Part = MultipartFile | MultipartValue;

/**
 * Multipart bodies as the routes expect them: form fields nested the way PHP reads them
 * (`colours[primary]=…` → `{colours: {primary: …}}`), a field holding JSON parsed when it is an object,
 * and files moved out of the body into `request.uploads` with their names.
 */
async function normalise(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const body = bare();
  // A form with no parts at all still has a (empty) body.
  const raw = typeof request.body === 'object' && request.body !== null ? request.body : {};
  for (const [name, entry] of Object.entries(raw as Record<string, Part | Part[]>)) {
    const parts = Array.isArray(entry) ? entry : [entry];
    for (const part of parts) {
      if (part.type === 'file') {
        if (isForbiddenKey(name)) throw new ForbiddenFieldNameError(name);
        (request.uploads[name] ??= []).push({ filename: part.filename, body: await part.toBuffer() });
      } else {
        setPath(body, name, fieldValue(name, part.value));
      }
    }
  }
  request.body = body;
}

/** The first file of each field: for forms that take one file per field (logos). */
export function firstFiles(uploads: Record<string, UploadedFile[]>): Record<string, Buffer> {
  return Object.fromEntries(
    Object.entries(uploads).flatMap(([name, files]) => (files[0] ? [[name, files[0].body]] : [])),
  );
}

export async function registerMultipart(app: FastifyInstance, maxFileBytes: number) {
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: maxFileBytes, files: 20, fields: 300, parts: 320 },
    throwFileSizeLimit: true,
  });
  app.decorateRequest('uploads', null as unknown as Record<string, UploadedFile[]>);
  app.addHook('onRequest', async (request) => {
    request.uploads = Object.create(null) as Record<string, UploadedFile[]>;
  });
  app.addHook('preValidation', normalise);
}
