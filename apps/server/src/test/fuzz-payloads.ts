import type { Access } from '../platform/auth/access';
import { multipartBody, PNG_1PX } from './files';
import {
  INJECTIONS,
  NASTY_STRINGS,
  PATTERN_CANDIDATES,
  RAW_NUMBERS,
  WRONG_VALUES,
  type Random,
} from './fuzz-inputs';

/**
 * The fuzz test's payloads (platform/http/fuzz.integration.test.ts): for each operation of
 * docs/openapi.json a valid body, then spoiled ones: wrong types, huge and odd strings, nulls, nesting,
 * overflow numbers, injection strings, prototype keys, odd uploads and malformed multipart bodies. Its
 * types of docs/openapi.json serve the other tests that read the document too.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
export type Parameter = {
  in: 'path' | 'query';
  name: string;
  schema?: Schema;
  /** `form` and not exploded: a comma-separated list (the list-query grammar) */
  style?: string;
  explode?: boolean;
};
export type Operation = {
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security?: unknown;
  /** the access the route declares, and the rules it adds before the body is read */
  'x-access'?: Access;
  'x-access-also'?: string[];
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

/** A body to send: JSON text or multipart bytes, with a note saying what is wrong with it. */
export type Body = { body: string | Buffer; contentType?: string; note: string };

const typesOf = (schema: Schema) =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];

/** Operations that also take multipart/form-data with files. */
const TAKES_FILES =
  /\/(documents|onboarding-documents|signature-requests|imports|cap-table\/import|branding(\/\{id\})?)$/;
const FILE_FIELDS = ['file', 'files', 'logo', 'logoLight', 'favicon'];

/** The payload makers for one document: its schemas resolve against its components. */
export function fuzzPayloads(document: OpenApiDocument, ids: Record<string, number>) {
  let sequence = 0;

  const resolve = (schema: Schema | undefined): Schema => {
    if (!schema) return {};
    if (schema.$ref)
      return resolve(document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]);
    if (schema.allOf) return Object.assign({}, ...schema.allOf.map(resolve)) as Schema;
    return schema;
  };

  /** A free-text string: one the nasty strings can be put in without breaking a format or a list of values. */
  const isFreeText = (schema: Schema): boolean => {
    const plain = resolve(schema);
    const variants = plain.anyOf ?? plain.oneOf;
    if (variants) return variants.some(isFreeText);
    return (
      typesOf(plain).includes('string') &&
      !plain.enum &&
      plain.const === undefined &&
      !plain.format &&
      !plain.pattern
    );
  };

  const isNumeric = (schema: Schema): boolean => {
    const plain = resolve(schema);
    const variants = plain.anyOf ?? plain.oneOf;
    if (variants) return variants.some(isNumeric);
    return typesOf(plain).some((type) => type === 'integer' || type === 'number');
  };

  /** The largest (or smallest) number a schema allows, or a value past any column when it sets none. */
  const edgeOf = (schema: Schema, edge: 'maximum' | 'minimum'): number => {
    const plain = resolve(schema);
    const variants = plain.anyOf ?? plain.oneOf;
    if (variants) {
      const numeric = variants.find(isNumeric);
      return numeric ? edgeOf(numeric, edge) : 0;
    }
    if (edge === 'maximum') return plain.maximum ?? Number.MAX_SAFE_INTEGER;
    return (
      plain.minimum ??
      (plain.exclusiveMinimum === undefined ? Number.MIN_SAFE_INTEGER : plain.exclusiveMinimum + 1)
    );
  };

  /** A valid value for a schema, as best it can: the base that one field at a time is spoiled from. */
  const validValue = (schema: Schema | undefined, field: string, depth = 0): unknown => {
    const plain = resolve(schema);
    if (plain.const !== undefined) return plain.const;
    if (plain.enum) return plain.enum[0];
    const variants = plain.anyOf ?? plain.oneOf;
    if (variants) {
      const chosen = variants.find((variant) => !typesOf(resolve(variant)).includes('null')) ?? variants[0];
      return validValue(chosen, field, depth);
    }
    const type = typesOf(plain).find((item) => item !== 'null') ?? (plain.properties ? 'object' : 'string');
    switch (type) {
      case 'string': {
        if (plain.format === 'email' || field.includes('email')) return `fuzz${(sequence += 1)}@example.test`;
        if (plain.format === 'date') return '1980-05-17';
        if (plain.format === 'date-time') return '2030-01-02T03:04:05.000Z';
        if (plain.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
        if (plain.format === 'uri' || field.includes('url') || field === 'website')
          return 'https://example.test/';
        if (plain.pattern) {
          const pattern = new RegExp(plain.pattern);
          const fits = PATTERN_CANDIDATES.find(
            (candidate) => pattern.test(candidate) && candidate.length >= (plain.minLength ?? 0),
          );
          if (fits !== undefined) return fits;
        }
        if (field.includes('password')) return 'Correct-horse-battery-9';
        return `Fuzz ${field} ${(sequence += 1)}`.slice(
          0,
          Math.max(plain.maxLength ?? 40, plain.minLength ?? 1),
        );
      }
      case 'integer':
      case 'number': {
        const id = ids[field];
        if (id !== undefined) return id;
        const low = plain.minimum ?? (plain.exclusiveMinimum === undefined ? 1 : plain.exclusiveMinimum + 1);
        return Math.min(Math.max(low, 1), plain.maximum ?? 1);
      }
      case 'boolean':
        return true;
      case 'array':
        return depth > 4 || !plain.minItems
          ? []
          : Array.from({ length: plain.minItems }, () => validValue(plain.items, field, depth + 1));
      case 'object': {
        if (depth > 4) return {};
        return Object.fromEntries(
          Object.entries(plain.properties ?? {}).map(([key, value]) => [
            key,
            validValue(value, key, depth + 1),
          ]),
        );
      }
      default:
        return null;
    }
  };

  const jsonSchemaOf = (operation: Operation) =>
    resolve(operation.requestBody?.content['application/json']?.schema);
  const baseOf = (operation: Operation) =>
    validValue(jsonSchemaOf(operation), 'body') as Record<string, unknown>;

  /** The base body's scalar fields as form fields. */
  const formFields = (operation: Operation): Record<string, string> => {
    const base = baseOf(operation);
    return Object.fromEntries(
      Object.entries(typeof base === 'object' && base !== null ? base : {})
        .filter(([, value]) => ['string', 'number', 'boolean'].includes(typeof value))
        .map(([key, value]) => [key, String(value)]),
    );
  };

  /** The bodies an operation is sent: valid, then spoiled in every way, some picked by the generator. */
  function bodies(operation: Operation, random: Random): Body[] {
    const schema = jsonSchemaOf(operation);
    const properties = schema.properties ?? {};
    const fields = Object.keys(properties);
    const base = () => baseOf(operation);
    const list: Body[] = [];
    const add = (value: unknown, note: string) => list.push({ body: JSON.stringify(value), note });
    add(base(), 'valid');
    const texts = fields.filter((field) => isFreeText(properties[field] ?? {}));
    // Four of the strings an operation, picked by the generator: each still reaches dozens of operations.
    if (texts.length > 0)
      for (const text of random.sample(NASTY_STRINGS, 4))
        add(
          { ...base(), ...Object.fromEntries(texts.map((field) => [field, text])) },
          'nasty text in every text field',
        );
    const numbers = fields.filter((field) => isNumeric(properties[field] ?? {}));
    for (const raw of numbers.length > 0 ? RAW_NUMBERS : RAW_NUMBERS.slice(0, 1)) {
      const json = JSON.stringify(base());
      const spoiled = numbers.reduce(
        (text, field) => text.replace(new RegExp(`("${field}":)(-?\\d+(\\.\\d+)?)`), `$1${raw}`),
        json,
      );
      list.push({ body: numbers.length > 0 ? spoiled : `{"n": ${raw}}`, note: `number ${raw}` });
    }
    // Each number at the edge its schema allows: a column narrower than the schema overflows there.
    if (numbers.length > 0)
      for (const edge of ['maximum', 'minimum'] as const)
        add(
          {
            ...base(),
            ...Object.fromEntries(numbers.map((field) => [field, edgeOf(properties[field] ?? {}, edge)])),
          },
          `numbers at their ${edge}`,
        );
    for (const whole of ['null', JSON.stringify([base()])]) list.push({ body: whole, note: 'wrong body' });
    for (const field of random.sample(fields, 1))
      add({ ...base(), [field]: random.pick(WRONG_VALUES) }, `wrong type for ${field}`);
    add(
      { ...base(), ...Object.fromEntries(fields.map((field) => [field, random.pick(WRONG_VALUES)])) },
      'every field wrong',
    );
    list.push({
      body: `{"__proto__": {"polluted": "yes", "user": "index"}, "constructor": {"prototype": {"polluted": "yes"}}, ${JSON.stringify(base()).slice(1)}`,
      note: 'prototype keys',
    });
    add(
      { prototype: { polluted: 'yes' }, constructor: 'x', toString: 'x', hasOwnProperty: 1 },
      'only prototype keys',
    );
    return list;
  }

  /** Uploads with odd names and contents: traversal, very long and unicode names, empty and broken files. */
  function uploads(template: string, operation: Operation): Body[] {
    if (!TAKES_FILES.test(template)) return [];
    const fields = formFields(operation);
    const texts = Object.fromEntries(Object.keys(fields).map((key) => [key, INJECTIONS]));
    const csv = Buffer.from("first_name,last_name,email\n=cmd|' /C calc'!A0,😀\u202e,bad@@x\n,,\n");
    const files = [
      { name: '../../etc/passwd', type: 'image/png', body: PNG_1PX },
      { name: `${'x'.repeat(3000)}.csv`, type: 'text/csv', body: csv },
      { name: 'résumé 😀\u202efdp.pdf', type: 'application/pdf', body: Buffer.from('%PDF-1.4\n%%EOF') },
      { name: 'empty.pdf', type: 'application/pdf', body: Buffer.alloc(0) },
    ];
    return files.map((file, index) => {
      const { payload, headers } = multipartBody(
        index === 2 ? { ...fields, ...texts } : fields,
        Object.fromEntries(FILE_FIELDS.map((name) => [name, file])),
      );
      return {
        body: payload,
        contentType: headers['content-type'],
        note: `upload ${file.name.slice(0, 40)}`,
      };
    });
  }

  /**
   * Multipart bodies a parser must refuse with a 4xx: cut short, without a boundary, with broken part
   * headers, and a file sent where a text field is expected. Every operation that takes a body gets them.
   */
  function malformedMultipart(operation: Operation): Body[] {
    const fields = formFields(operation);
    const named = Object.keys(fields).length > 0 ? fields : { name: 'Fuzz' };
    const file = { name: 'f.png', type: 'image/png', body: PNG_1PX };
    const whole = multipartBody(named, { file });
    const boundary = whole.headers['content-type'].replace(/^.*boundary=/, '');
    const contentType = whole.headers['content-type'];
    const brokenHeaders = Buffer.from(
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="unterminated',
        'a header line without a colon',
        '',
        'value',
        `--${boundary}`,
        'Content-Type: text/plain',
        '',
        'a part without a disposition',
        `--${boundary}`,
        `Content-Disposition: form-data; name="${'n'.repeat(5000)}"; filename*=UTF-8''%FF%FE`,
        '',
        'value',
        `--${boundary}--`,
        '',
      ].join('\r\n'),
    );
    const asFiles = multipartBody(
      {},
      Object.fromEntries(
        Object.entries(named).map(([key, value]) => [
          key,
          { name: `${key}.txt`, type: 'text/plain', body: Buffer.from(value) },
        ]),
      ),
    );
    return [
      {
        body: whole.payload.subarray(0, Math.floor(whole.payload.length * 0.6)),
        contentType,
        note: 'multipart cut short',
      },
      { body: whole.payload, contentType: 'multipart/form-data', note: 'multipart without a boundary' },
      { body: brokenHeaders, contentType, note: 'multipart with broken part headers' },
      {
        body: asFiles.payload,
        contentType: asFiles.headers['content-type'],
        note: 'multipart file for a text field',
      },
    ];
  }

  return { bodies, uploads, malformedMultipart };
}
