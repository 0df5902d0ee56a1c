import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatSize } from '../storage/format-size';
import { HttpError, malformedBody, validationError } from './errors';
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

/** A 413 that says which limit the request passed. */
const tooLarge = (message: string) => new HttpError(413, message, 'PAYLOAD_TOO_LARGE');

export interface MultipartLimits {
  /** the largest file */
  fileBytes: number;
  /** the whole body: every file and field of one request together */
  requestBytes: number;
}

/**
 * What the parser threw, as the client should hear it: its own limits stay 413, a field named after a
 * built-in property is a 422 like any refused field name, and anything else (no boundary, a body cut
 * short, a client gone mid-body) means the body could not be read: 400.
 */
function asHttpError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const { code, statusCode } = (error ?? {}) as { code?: unknown; statusCode?: unknown };
  if (statusCode === 413) return error;
  if (code === 'FST_PROTO_VIOLATION')
    return validationError({ body: ['A field name is not allowed: it names a built-in property.'] });
  return malformedBody('The multipart body could not be read: it is cut short or not well formed.');
}

/** Only what the parser does is mapped; an error in our own code below stays a 500. */
async function parserStep<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw asHttpError(error);
  }
}

/**
 * Multipart bodies as the routes expect them: form fields nested the way PHP reads them
 * (`colours[primary]=…` → `{colours: {primary: …}}`), a field holding JSON parsed when it is an object,
 * and files moved out of the body into `request.uploads` with their names. Every byte counts against
 * the request's total as it arrives, so a request over it stops being read there (413).
 */
async function readMultipart(request: FastifyRequest, limits: MultipartLimits) {
  if (!request.isMultipart()) return;
  const tooMuch = () =>
    tooLarge(`The files of one request must not be larger than ${formatSize(limits.requestBytes)} in total.`);
  // A declared length already over the total is refused before a byte is read.
  if (Number(request.headers['content-length']) > limits.requestBytes) throw tooMuch();
  let total = 0;
  const count = (bytes: number) => {
    total += bytes;
    if (total > limits.requestBytes) throw tooMuch();
  };
  const body = bare();
  // The parser starts (and may throw: no boundary) at the first part.
  const iterator = request.parts();
  for (;;) {
    const next = await parserStep(() => iterator.next());
    if (next.done) break;
    const part = next.value;
    if (part.type === 'file') {
      if (isForbiddenKey(part.fieldname)) throw new ForbiddenFieldNameError(part.fieldname);
      const chunks: Buffer[] = [];
      await parserStep(async () => {
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          count(chunk.length);
          chunks.push(chunk);
        }
      });
      if (part.file.truncated)
        throw tooLarge(`A file must not be larger than ${formatSize(limits.fileBytes)}.`);
      (request.uploads[part.fieldname] ??= []).push({ filename: part.filename, body: Buffer.concat(chunks) });
    } else {
      if (part.valueTruncated) throw tooLarge(`The field ${part.fieldname} is too long.`);
      // A part sent as application/json arrives parsed: counted as its text.
      const text = typeof part.value === 'string' ? part.value : (JSON.stringify(part.value) ?? '');
      count(Buffer.byteLength(text));
      setPath(body, part.fieldname, fieldValue(part.fieldname, part.value));
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

export async function registerMultipart(app: FastifyInstance, limits: MultipartLimits) {
  // Parts are read in preValidation below, after the kernel's CSRF and access checks in onRequest.
  await app.register(multipart, {
    limits: { fileSize: limits.fileBytes, files: 20, fields: 300, parts: 320 },
  });
  app.decorateRequest('uploads', null as unknown as Record<string, UploadedFile[]>);
  app.addHook('onRequest', async (request) => {
    request.uploads = Object.create(null) as Record<string, UploadedFile[]>;
  });
  app.addHook('preValidation', (request) => readMultipart(request, limits));
}
