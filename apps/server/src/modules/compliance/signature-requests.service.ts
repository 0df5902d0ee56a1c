import {
  can,
  DOCUMENT_MAX_BYTES,
  PNG_DATA_URL_PREFIX,
  SIGNATURE_CONSENT_TEXT,
  type SignatureKind,
  type SignatureRequest,
} from '@portico/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound, validationError } from '../../platform/http/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import { detectFileType } from '../../platform/storage/file-types';
import { checkUpload } from '../../platform/storage/uploads';
import { toApiTimestamp } from '../../platform/time';
import { isShutdown } from '../../platform/workers/worker-pool';
import { workerTaskRef } from '../../platform/workers/worker-task';
import { findUserById } from '../users/users.repository';
import {
  createOutbox,
  loadInvestor,
  personRef,
  staffWhere,
  timestampOrNull,
  type ComplianceDeps,
} from './compliance.shared';
import type { canStampTask, signPdfTask } from './signature-stamp';
import {
  documentsByIds,
  insertSignatureRequest,
  listSignatureRequests,
  lockSignatureRequest,
  updateSignatureRequest,
  type SignatureRequestRecord,
  type SignatureRequestRow,
} from './signature-requests.repository';

export interface Signing {
  signer_name: string;
  signature_kind: SignatureKind;
  signature: string;
}

// pdf-lib loads on the worker threads only.
const STAMP_MODULE = new URL('./signature-stamp.ts', import.meta.url);
const canStamp = workerTaskRef<typeof canStampTask>(STAMP_MODULE, 'canStampTask');
const signPdf = workerTaskRef<typeof signPdfTask>(STAMP_MODULE, 'signPdfTask');

/** A title as part of a file name: no path separators. */
const fileTitle = (title: string) => title.replace(/[\\/]+/g, '-').slice(0, 150);

const STATE_ERRORS: Record<'signed' | 'cancelled', string> = {
  signed: 'This document has already been signed.',
  cancelled: 'This signature request was cancelled: there is nothing to sign.',
};

/**
 * Sign PDF: staff send a PDF to an investor, who signs it in the portal; the signed copy is stamped
 * (signer, email, time, IP, request, SHA-256 of the original) and stored as a public document.
 */
export function createSignatureRequestsService(ctx: AppContext, deps: ComplianceDeps) {
  const { db, storage, workers } = ctx;
  const { documents, notifications } = deps;

  async function present(tx: DbOrTx, rows: SignatureRequestRow[]): Promise<SignatureRequest[]> {
    const ids = rows.flatMap(({ request }) => [request.source_document_id, request.signed_document_id ?? 0]);
    const files = await documentsByIds(
      tx,
      ids.filter((id) => id > 0),
    );
    const file = (id: number | null) => {
      const row = id ? files.get(id) : undefined;
      return row ? documents.toResource(row) : null;
    };
    return rows.map(({ request, investor, requester_name }) => ({
      id: request.id,
      investor,
      title: request.title,
      message: request.message,
      status: request.status,
      source_document: request.status === 'cancelled' ? null : file(request.source_document_id),
      signed_document: file(request.signed_document_id),
      signer_name: request.signer_name,
      signature_kind: request.signature_kind,
      document_hash: request.document_hash,
      signed_at: timestampOrNull(request.signed_at),
      requested_by: personRef(request.requested_by, requester_name),
      created_at: toApiTimestamp(request.created_at),
      updated_at: toApiTimestamp(request.updated_at),
    }));
  }

  async function one(tx: DbOrTx, userId: number, id: number) {
    const [found] = await present(tx, await listSignatureRequests(tx, userId, id));
    if (!found) throw notFound('No signature request with that id.');
    return found;
  }

  /** Signing a request that is not awaiting a signature is a 422 the signer can understand. */
  function assertAwaiting(request: SignatureRequestRecord) {
    if (request.status !== 'awaiting') throw fieldError('status', STATE_ERRORS[request.status]);
  }

  /** The drawn signature's image, checked by its content. */
  function drawnImage(signature: string) {
    const png = Buffer.from(signature.slice(PNG_DATA_URL_PREFIX.length), 'base64');
    if (detectFileType(png)?.contentType !== 'image/png')
      throw fieldError('signature', 'A drawn signature must be a PNG image.');
    return png;
  }

  /** Who hears that a document was signed: the requester, or else the staff who review onboarding. */
  async function signedAudience(tx: DbOrTx, requestedBy: number | null): Promise<UserRow[]> {
    const requester = requestedBy ? await findUserById(tx, requestedBy) : undefined;
    if (requester && !requester.deactivated_at && requester.role_id !== 5) return [requester];
    return staffWhere(
      tx,
      (role) => can(role, 'onboarding_documents', 'index') && can(role, 'investors', 'update'),
    );
  }

  return {
    async list(userId: number) {
      await loadInvestor(db, userId);
      return present(db, await listSignatureRequests(db, userId));
    },

    async get(userId: number, id: number) {
      await loadInvestor(db, userId);
      return one(db, userId, id);
    },

    /** Staff send a PDF to sign; it is stored as a private document and the investor is notified. */
    async create(
      actor: Actor,
      actorUser: UserRow,
      userId: number,
      fields: { title: string; message?: string | null | undefined },
      files: UploadedFile[],
    ) {
      const [file, ...more] = files;
      if (!file || more.length > 0)
        throw validationError({
          file: [file ? 'Send one PDF per signature request.' : 'Choose the PDF to be signed.'],
        });
      await checkUpload(workers, 'file', file.body, {
        label: `file “${file.filename}”`,
        maxBytes: DOCUMENT_MAX_BYTES,
        types: ['application/pdf'],
      });
      // A PDF that kills or outlasts the reader's thread cannot be stamped either.
      const stampable = await workers.run(canStamp, file.body).catch((error: unknown) => {
        // The server is stopping: a 503 (toHttpError), not the file's fault.
        if (isShutdown(error)) throw error;
        return false;
      });
      if (!stampable)
        throw fieldError(
          'file',
          'This PDF cannot be signed: it is password-protected or damaged. Send one that opens without a password.',
        );
      const outbox = createOutbox(notifications);
      const id = await db.transaction(async (tx) => {
        const investor = await loadInvestor(tx, userId);
        const [document] = await documents.upload(
          actor,
          'investor',
          userId,
          [file],
          { visibility: 'private', category: 'For signature' },
          tx,
        );
        if (!document) throw new Error('the upload stored no document');
        const row = await insertSignatureRequest(tx, {
          user_id: userId,
          source_document_id: document.id,
          title: fields.title,
          message: fields.message ?? null,
          status: 'awaiting',
          requested_by: actor.userId,
        });
        await recordAudit(tx, actor, {
          action: 'signature_request.created',
          subjectType: 'investor',
          subjectId: userId,
          after: { signature_request_id: row.id, title: row.title, document_id: document.id },
        });
        await outbox.add(tx, [investor], {
          type: 'App\\Notifications\\SignatureRequested',
          audience: 'user',
          data: {
            message: `**${actorUser.name}** has sent you **${row.title}** to sign`,
            cta: `/investor/pdf/${row.id}`,
            icon: 'default',
          },
        });
        return row.id;
      });
      await outbox.publish();
      return one(db, userId, id);
    },

    async cancel(actor: Actor, userId: number, id: number) {
      const outbox = createOutbox(notifications);
      await db.transaction(async (tx) => {
        const investor = await loadInvestor(tx, userId);
        const row = await lockSignatureRequest(tx, userId, id);
        if (!row) throw notFound('No signature request with that id.');
        if (row.status !== 'awaiting')
          throw fieldError(
            'status',
            row.status === 'signed'
              ? 'This document has already been signed and cannot be cancelled.'
              : 'This signature request is already cancelled.',
          );
        await updateSignatureRequest(tx, id, { status: 'cancelled' });
        await recordAudit(tx, actor, {
          action: 'signature_request.cancelled',
          subjectType: 'investor',
          subjectId: userId,
          before: { signature_request_id: id, title: row.title, status: row.status },
          after: { signature_request_id: id, title: row.title, status: 'cancelled' },
        });
        await outbox.add(tx, [investor], {
          type: 'App\\Notifications\\SignatureRequestCancelled',
          audience: 'user',
          data: {
            message: `The request to sign **${row.title}** has been withdrawn: you do not need to sign it.`,
            cta: `/investor/pdf/${id}`,
            icon: 'default',
          },
        });
      });
      await outbox.publish();
      return one(db, userId, id);
    },

    /** The investor signs: the PDF is stamped, stored as a public document, and staff are told. */
    async sign(actor: Actor, investor: UserRow, id: number, input: Signing) {
      const [current] = await listSignatureRequests(db, investor.id, id);
      if (!current) throw notFound('No signature request with that id.');
      assertAwaiting(current.request);
      const signature =
        input.signature_kind === 'drawn'
          ? { kind: 'drawn' as const, png: drawnImage(input.signature) }
          : { kind: 'typed' as const, text: input.signature };
      const source = (await documentsByIds(db, [current.request.source_document_id])).get(
        current.request.source_document_id,
      );
      const original = source ? await storage.get(source.storage_key) : null;
      if (!original) throw new Error(`the PDF of signature request ${id} is missing from storage`);
      const signedAt = new Date();
      const stamp = {
        title: current.request.title,
        requestId: id,
        signerName: input.signer_name,
        signerEmail: investor.email,
        signedAt,
        ip: actor.ip,
        consentText: SIGNATURE_CONSENT_TEXT,
        signature,
      };
      const stamped = await workers
        .run(signPdf, { original: original.body, stamp })
        .catch((error: unknown) => {
          if (isShutdown(error)) throw error;
          ctx.log.warn({ err: error, signatureRequestId: id }, 'could not stamp a PDF for signature');
          throw fieldError(
            'status',
            'This document cannot be signed because its PDF is damaged: please ask us to send it again.',
          );
        });
      const outbox = createOutbox(notifications);
      await db.transaction(async (tx) => {
        const row = await lockSignatureRequest(tx, investor.id, id);
        if (!row) throw notFound('No signature request with that id.');
        assertAwaiting(row);
        const [signed] = await documents.upload(
          actor,
          'investor',
          investor.id,
          [
            {
              filename: `${fileTitle(row.title)} (signed).pdf`,
              body: Buffer.from(stamped.pdf.buffer, stamped.pdf.byteOffset, stamped.pdf.byteLength),
            },
          ],
          { visibility: 'public', category: 'Signed documents' },
          tx,
        );
        if (!signed) throw new Error('the upload stored no document');
        await updateSignatureRequest(tx, id, {
          status: 'signed',
          signer_name: input.signer_name,
          signature_kind: input.signature_kind,
          document_hash: stamped.documentHash,
          signed_at: signedAt,
          signed_document_id: signed.id,
        });
        await recordAudit(tx, actor, {
          action: 'signature_request.signed',
          subjectType: 'investor',
          subjectId: investor.id,
          before: { signature_request_id: id, status: row.status },
          after: {
            signature_request_id: id,
            title: row.title,
            status: 'signed',
            signer_name: input.signer_name,
            signature_kind: input.signature_kind,
            document_hash: stamped.documentHash,
            signed_document_id: signed.id,
            signed_document_hash: stamped.signedHash,
            signed_at: signedAt.toISOString(),
          },
        });
        await outbox.add(tx, await signedAudience(tx, row.requested_by), {
          type: 'App\\Notifications\\DocumentSigned',
          audience: 'admin',
          data: {
            message: `**${investor.name}** signed **${row.title}**`,
            cta: `/admin/investors/${investor.id}/sign-pdf/${id}`,
            icon: 'default',
          },
        });
      });
      await outbox.publish();
      return one(db, investor.id, id);
    },
  };
}

export type SignatureRequestsService = ReturnType<typeof createSignatureRequestsService>;
