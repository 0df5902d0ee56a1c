import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  type Document,
  type DocumentVisibility,
  type SubjectType,
} from '@portico/contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { randomToken } from '../../platform/crypto';
import { notFound, validationError } from '../../platform/http/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import { checkUpload } from '../../platform/storage/uploads';
import { toApiTimestamp } from '../../platform/time';
import type { SubjectRegistry } from '../records/subjects';
import {
  deleteDocument,
  findDocument,
  insertDocuments,
  listDocuments,
  updateDocument,
  type DocumentRow,
} from './documents.repository';

const LINK_MINUTES = 15;
const RULES = { maxBytes: DOCUMENT_MAX_BYTES, types: Object.keys(DOCUMENT_TYPES) };

/** A file name fit for a header and a list: no paths, no control characters. */
const cleanName = (filename: string) =>
  (filename.split(/[\\/]/).pop() ?? 'document')
    .replace(/\p{Cc}|"/gu, '')
    .trim()
    .slice(0, 200) || 'document';

/**
 * Documents on any record (spec §4): uploaded several at a time, checked by content, public (the
 * investor sees them) or private (staff only), and downloaded only through short-lived signed links.
 */
export function createDocumentsService(ctx: AppContext, subjects: SubjectRegistry) {
  const { db, storage, signer } = ctx;

  function link(row: DocumentRow) {
    const expires = new Date(Date.now() + LINK_MINUTES * 60_000);
    const url = new URL(signer.sign(`/files/${row.storage_key}`, expires));
    return { url: url.pathname + url.search, url_expires_at: toApiTimestamp(expires) };
  }

  const toResource = (row: DocumentRow): Document => ({
    id: row.id,
    subject_type: row.subject_type,
    subject_id: row.subject_id,
    name: row.name,
    content_type: row.content_type,
    size_bytes: row.size_bytes,
    visibility: row.visibility,
    category: row.category,
    uploaded_by:
      row.uploaded_by && row.uploader_name ? { id: row.uploaded_by, name: row.uploader_name } : null,
    created_at: toApiTimestamp(row.created_at),
    ...link(row),
  });

  async function requireSubject(tx: DbOrTx, type: SubjectType, id: number) {
    const subject = await subjects.get(type).find(tx, id);
    if (!subject) throw notFound();
    return subject;
  }

  return {
    toResource,

    async list(type: SubjectType, id: number) {
      await requireSubject(db, type, id);
      return (await listDocuments(db, type, id)).map(toResource);
    },

    /** A record's public documents (the investor portal), without checking the record exists. */
    async listPublic(type: SubjectType, id: number) {
      return (await listDocuments(db, type, id, true)).map(toResource);
    },

    /** What an investor sees of their own record: public documents only. */
    async listPublicForInvestor(userId: number) {
      return (await listDocuments(db, 'investor', userId, true)).map(toResource);
    },

    async upload(
      actor: Actor,
      type: SubjectType,
      id: number,
      files: UploadedFile[],
      fields: { visibility: DocumentVisibility; category?: string | undefined },
      tx: DbOrTx = db,
    ) {
      if (files.length === 0) throw validationError({ files: ['Choose at least one file to upload.'] });
      // Every file is checked before anything is stored, so a bad one writes nothing.
      const checked = [];
      for (const [index, file] of files.entries())
        checked.push({
          file,
          type: await checkUpload(ctx.workers, `files.${index}`, file.body, {
            ...RULES,
            label: `file “${cleanName(file.filename)}”`,
          }),
        });
      await requireSubject(tx, type, id);
      const stored = checked.map(({ file, type: detected }) => ({
        file,
        detected,
        key: `documents/${randomToken(18)}.${detected.extension}`,
      }));
      for (const item of stored) await storage.put(item.key, item.file.body, item.detected.contentType);
      try {
        const rows = await (tx === db ? db.transaction((inner) => write(inner)) : write(tx));
        return rows;
      } catch (error) {
        for (const item of stored) await storage.delete(item.key).catch(() => undefined);
        throw error;
      }

      async function write(inner: DbOrTx) {
        const inserted = await insertDocuments(
          inner,
          stored.map((item) => ({
            subject_type: type,
            subject_id: id,
            name: cleanName(item.file.filename),
            storage_key: item.key,
            content_type: item.detected.contentType,
            size_bytes: item.file.body.length,
            visibility: fields.visibility,
            category: fields.category ?? null,
            uploaded_by: actor.userId,
          })),
        );
        for (const row of inserted)
          await recordAudit(inner, actor, {
            action: 'document.uploaded',
            subjectType: type,
            subjectId: id,
            after: { document_id: row.id, name: row.name, visibility: row.visibility },
          });
        return (await listDocuments(inner, type, id))
          .filter((row) => inserted.some((item) => item.id === row.id))
          .map(toResource);
      }
    },

    async update(
      actor: Actor,
      type: SubjectType,
      id: number,
      documentId: number,
      changes: {
        name?: string | undefined;
        visibility?: DocumentVisibility | undefined;
        category?: string | null | undefined;
      },
    ) {
      return db.transaction(async (tx) => {
        const before = await findDocument(tx, type, id, documentId);
        if (!before) throw notFound('No document with that id.');
        await updateDocument(tx, documentId, {
          ...(changes.name !== undefined ? { name: cleanName(changes.name) } : {}),
          ...(changes.visibility !== undefined ? { visibility: changes.visibility } : {}),
          ...(changes.category !== undefined ? { category: changes.category } : {}),
        });
        const after = await findDocument(tx, type, id, documentId);
        if (!after) throw notFound();
        await recordAudit(tx, actor, {
          action: 'document.updated',
          subjectType: type,
          subjectId: id,
          before: { document_id: documentId, name: before.name, visibility: before.visibility },
          after: { document_id: documentId, name: after.name, visibility: after.visibility },
        });
        return toResource(after);
      });
    },

    async remove(actor: Actor, type: SubjectType, id: number, documentId: number) {
      const row = await db.transaction(async (tx) => {
        const found = await findDocument(tx, type, id, documentId);
        if (!found) throw notFound('No document with that id.');
        await deleteDocument(tx, documentId);
        await recordAudit(tx, actor, {
          action: 'document.deleted',
          subjectType: type,
          subjectId: id,
          before: { document_id: documentId, name: found.name },
        });
        return found;
      });
      await storage.delete(row.storage_key).catch(() => undefined);
    },
  };
}

export type DocumentsService = ReturnType<typeof createDocumentsService>;
