import { createHash } from 'node:crypto';
import { ROLES, type Document, type SignatureRequest } from '@portico/contracts';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { createStaff, createUser } from '../../test/factories';
import { multipartBody, PNG_1PX } from '../../test/files';
import { createTestApp, type Agent, type TestApp } from '../../test/test-app';
import { data, errors, json, noticesOf } from './compliance.test-fixtures';

let t: TestApp;
let adminUser: UserRow;
let admin: Agent;
let investor: UserRow;
let investorAgent: Agent;
let original: Buffer;

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');
const staffUrl = (user: { id: number }) => `/api/investors/${user.id}/signature-requests`;

async function twoPagePdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of ['Subscription agreement, page 1', 'Page 2: sign below'])
    doc.addPage([595.28, 841.89]).drawText(text, { x: 50, y: 780, size: 14, font });
  return Buffer.from(await doc.save());
}

const send = (
  agent: Agent,
  user: { id: number },
  fields: Record<string, string>,
  body?: Buffer,
  name = 'agreement.pdf',
) => {
  const { payload, headers } = multipartBody(
    fields,
    body ? { file: { name, type: 'application/pdf', body } } : {},
  );
  return agent.post(staffUrl(user), payload, { headers });
};

/** The text drawn on a page, as the hex strings pdf-lib writes for the standard fonts. */
async function pageText(pdf: PDFDocument, index: number) {
  const page = pdf.getPage(index);
  const contents = page.node.Contents();
  const streams = contents instanceof PDFRawStream ? [contents] : [];
  if (contents instanceof PDFArray)
    for (let item = 0; item < contents.size(); item += 1) {
      const stream = pdf.context.lookup(contents.get(item));
      if (stream instanceof PDFRawStream) streams.push(stream);
    }
  const raw = streams
    .map((stream) => Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1'))
    .join('\n');
  return [...raw.matchAll(/<([0-9A-Fa-f]+)>/g)]
    .map((match) => Buffer.from(match[1] ?? '', 'hex').toString('latin1'))
    .join(' ');
}

const typed = { signer_name: 'Sam Signer', signature_kind: 'typed', signature: 'Sam Signer', consent: true };

beforeAll(async () => {
  t = await createTestApp();
  adminUser = await createStaff(t.ctx.db, ROLES.SUPER_ADMIN, { name: 'Ada Admin' });
  admin = await t.as(adminUser);
  investor = await createUser(t.ctx.db, { name: 'Sam Signer' });
  investorAgent = await t.as(investor);
  original = await twoPagePdf();
});
afterAll(() => t.close());

describe('sending a PDF to sign', () => {
  it('stores it privately, tells the investor, and lets them read it through the request', async () => {
    const threadTasks = t.ctx.workers.started;
    const response = await send(
      admin,
      investor,
      { title: 'Subscription agreement', message: 'Please sign by Friday' },
      original,
    );
    expect(response.statusCode, response.body).toBe(201);
    // pdf-lib read the PDF on a worker thread, not on the event loop.
    expect(t.ctx.workers.started).toBe(threadTasks + 1);
    const request = data<SignatureRequest>(response);
    expect(request).toMatchObject({
      title: 'Subscription agreement',
      message: 'Please sign by Friday',
      status: 'awaiting',
      investor: { id: investor.id, name: 'Sam Signer' },
      requested_by: { name: 'Ada Admin' },
      source_document: { visibility: 'private', content_type: 'application/pdf' },
      signed_document: null,
    });
    const [notice] = await noticesOf(t.ctx.db, investor.id);
    expect(notice?.data).toEqual({
      message: '**Ada Admin** has sent you **Subscription agreement** to sign',
      cta: `/investor/pdf/${request.id}`,
      icon: 'default',
    });
    expect(data<Document[]>(await investorAgent.get('/api/profile/documents'))).toEqual([]);
    const mine = data<SignatureRequest>(
      await investorAgent.get(`/api/profile/signature-requests/${request.id}`),
    );
    const read = await t.request({ url: mine.source_document?.url ?? '' });
    expect(read.rawPayload.equals(original)).toBe(true);
  });

  it('refuses what cannot be signed, saying why', async () => {
    expect(errors(await send(admin, investor, { title: 'No file' }))).toEqual({
      file: ['Choose the PDF to be signed.'],
    });
    const png = await send(admin, investor, { title: 'A picture' }, PNG_1PX, 'picture.pdf');
    expect(errors(png).file?.[0]).toMatch(/must be a file of type: PDF/);
    const broken = await send(
      admin,
      investor,
      { title: 'Broken' },
      Buffer.from('%PDF-1.7\nnot really a pdf at all'),
    );
    expect(errors(broken).file?.[0]).toMatch(/password-protected or damaged/);
    expect(errors(await send(admin, investor, { title: '' }, original))).toEqual({
      title: ['The title field is required.'],
    });
  });
});

describe('signing', () => {
  it('stamps the PDF with a certificate page, stores it for the investor, and tells the requester', async () => {
    const [request] = data<SignatureRequest[]>(await investorAgent.get('/api/profile/signature-requests'));
    const threadTasks = t.ctx.workers.started;
    const response = await investorAgent.post(`/api/profile/signature-requests/${request?.id}/sign`, typed);
    expect(response.statusCode, response.body).toBe(200);
    // Stamped (and hashed) on a worker thread, not on the event loop.
    expect(t.ctx.workers.started).toBe(threadTasks + 1);
    const signed = data<SignatureRequest>(response);
    expect(signed).toMatchObject({
      status: 'signed',
      signer_name: 'Sam Signer',
      signature_kind: 'typed',
      document_hash: sha256(original),
      signed_document: { name: 'Subscription agreement (signed).pdf', visibility: 'public' },
    });
    expect(signed.signed_at).not.toBeNull();

    const file = await t.request({ url: signed.signed_document?.url ?? '' });
    const pdf = await PDFDocument.load(file.rawPayload);
    expect(pdf.getPageCount()).toBe(3);
    expect(pdf.getKeywords()).toContain(`sha256:${sha256(original)}`);
    const certificate = await pageText(pdf, 2);
    for (const expected of [
      'Signature certificate',
      'Subscription agreement',
      'Sam Signer',
      investor.email,
      sha256(original),
      `#${signed.id}`,
      signed.signed_at?.slice(0, 19) ?? 'no time',
    ])
      expect(certificate).toContain(expected);
    expect(await pageText(pdf, 0)).toContain('Signed electronically by Sam Signer');

    const documents = data<Document[]>(await investorAgent.get('/api/profile/documents'));
    expect(documents.map((document) => document.name)).toEqual(['Subscription agreement (signed).pdf']);
    const [notice] = await noticesOf(t.ctx.db, adminUser.id);
    expect(notice?.data).toMatchObject({
      message: '**Sam Signer** signed **Subscription agreement**',
      cta: `/admin/investors/${investor.id}/sign-pdf/${signed.id}`,
    });
    expect(notice?.audience).toBe('admin');

    const activity = json<{ data: Array<{ description: string }> }>(
      await admin.get(`/api/investors/${investor.id}/activity`),
    );
    expect(activity.data.map((line) => line.description)).toEqual(
      expect.arrayContaining([
        'Signed “Subscription agreement”',
        'Sent “Subscription agreement” for signature',
      ]),
    );

    const again = await investorAgent.post(`/api/profile/signature-requests/${signed.id}/sign`, typed);
    expect(again.statusCode).toBe(422);
    expect(errors(again)).toEqual({ status: ['This document has already been signed.'] });
    expect(errors(await admin.post(`${staffUrl(investor)}/${signed.id}/cancel`)).status?.[0]).toMatch(
      /already been signed/,
    );
  });

  it('takes a drawn signature as a PNG, and refuses one that is not', async () => {
    const request = data<SignatureRequest>(await send(admin, investor, { title: 'Side letter' }, original));
    const url = `/api/profile/signature-requests/${request.id}/sign`;
    const notPng = await investorAgent.post(url, {
      ...typed,
      signature_kind: 'drawn',
      signature: 'data:image/png;base64,aGVsbG8=',
    });
    expect(errors(notPng)).toEqual({ signature: ['A drawn signature must be a PNG image.'] });
    const notDataUrl = await investorAgent.post(url, { ...typed, signature_kind: 'drawn' });
    expect(errors(notDataUrl).signature?.[0]).toMatch(/must be a PNG image \(data:image/);
    const noConsent = await investorAgent.post(url, { ...typed, consent: false });
    expect(errors(noConsent)).toEqual({ consent: ['You must agree to sign electronically.'] });

    const drawn = await investorAgent.post(url, {
      ...typed,
      signature_kind: 'drawn',
      signature: `data:image/png;base64,${PNG_1PX.toString('base64')}`,
    });
    expect(drawn.statusCode, drawn.body).toBe(200);
    const signed = data<SignatureRequest>(drawn);
    const pdf = await PDFDocument.load(
      (await t.request({ url: signed.signed_document?.url ?? '' })).rawPayload,
    );
    expect(pdf.getPageCount()).toBe(3);
    expect(await pageText(pdf, 2)).toContain('Drawn');
  });

  it('cannot be signed once cancelled', async () => {
    const request = data<SignatureRequest>(
      await send(admin, investor, { title: 'Withdrawn deed' }, original),
    );
    const cancelled = await admin.post(`${staffUrl(investor)}/${request.id}/cancel`);
    expect(data<SignatureRequest>(cancelled)).toMatchObject({ status: 'cancelled', source_document: null });
    const sign = await investorAgent.post(`/api/profile/signature-requests/${request.id}/sign`, typed);
    expect(errors(sign)).toEqual({
      status: ['This signature request was cancelled: there is nothing to sign.'],
    });
    const messages = (await noticesOf(t.ctx.db, investor.id)).map((notice) => notice.data.message);
    expect(messages).toContain(
      'The request to sign **Withdrawn deed** has been withdrawn: you do not need to sign it.',
    );
  });
});

describe('who may see and sign', () => {
  it('keeps each investor to their own requests', async () => {
    const [request] = data<SignatureRequest[]>(await admin.get(staffUrl(investor)));
    const other = await t.as(await createUser(t.ctx.db));
    expect(data<SignatureRequest[]>(await other.get('/api/profile/signature-requests'))).toEqual([]);
    expect((await other.get(`/api/profile/signature-requests/${request?.id}`)).statusCode).toBe(404);
    expect((await other.post(`/api/profile/signature-requests/${request?.id}/sign`, typed)).statusCode).toBe(
      404,
    );
    expect((await other.get(staffUrl(investor))).statusCode).toBe(403);
    const stranger = await createUser(t.ctx.db);
    expect((await admin.get(`${staffUrl(stranger)}/${request?.id}`)).statusCode).toBe(404);
    expect((await admin.get(`${staffUrl(adminUser)}`)).statusCode).toBe(404);
  });

  it('lets staff with investors.update send, refuses a Custodian, and keeps staff out of the portal', async () => {
    const custodian = await t.as(await createStaff(t.ctx.db, ROLES.CUSTODIAN));
    expect((await custodian.get(staffUrl(investor))).statusCode).toBe(403);
    expect((await send(custodian, investor, { title: 'x' }, original)).statusCode).toBe(403);
    const manager = await t.as(await createStaff(t.ctx.db, ROLES.INVESTMENT_MANAGER));
    expect((await send(manager, investor, { title: 'From the manager' }, original)).statusCode).toBe(201);
    expect((await admin.get('/api/profile/signature-requests')).statusCode).toBe(403);
  });
});
