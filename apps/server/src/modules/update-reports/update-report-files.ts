import { UPDATE_REPORT_IMAGE_PATH } from '@portico/contracts';
import { and, eq } from 'drizzle-orm';
import { updateReportAttachments } from '../../db/schema';
import { recordAudit, type Actor } from '../../platform/audit/audit';
import { fieldError, notFound } from '../../platform/http/errors';
import type { UploadedFile } from '../../platform/http/multipart';
import { editable, NOT_FOUND, type ReportKit } from './update-report-kit';
import { attachmentsOf, findNamedReport } from './update-reports.repository';

export const IMAGE_FOLDER = 'update-report-images';
const FILE_FOLDER = 'update-report-files';
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const ATTACHMENT_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
];

/** A report's files: attachments (before publication only), images in its body, and its PDF. */
export function createReportFiles(kit: ReportKit) {
  const { db, storage } = kit.ctx;

  return {
    async addAttachments(actor: Actor, id: number, files: UploadedFile[]) {
      if (files.length === 0) throw fieldError('files', 'Choose at least one file to attach.');
      const row = await findNamedReport(db, id);
      if (!row) throw notFound(NOT_FOUND);
      const stored: Array<{ key: string; contentType: string; file: UploadedFile }> = [];
      try {
        for (const file of files)
          stored.push({
            ...(await kit.storeFile(FILE_FOLDER, 'files', file, ATTACHMENT_TYPES, `File “${file.filename}”`)),
            file,
          });
        return await db.transaction(async (tx) => {
          const report = await kit.locked(tx, id);
          if (!editable(report))
            throw fieldError('files', 'Files can be attached only before the report is published.');
          const rows = await tx
            .insert(updateReportAttachments)
            .values(
              stored.map(({ key, contentType, file }) => ({
                report_id: id,
                name: file.filename.slice(0, 255) || 'file',
                storage_key: key,
                mime_type: contentType,
                size: file.body.length,
                created_by: actor.userId,
              })),
            )
            .returning();
          await recordAudit(tx, actor, {
            action: 'update_report.attachments_added',
            subjectType: 'update_report',
            subjectId: id,
            after: { attachments: rows.map((attachment) => ({ id: attachment.id, name: attachment.name })) },
          });
          return kit.detail(tx, id);
        });
      } catch (error) {
        await kit.forget(stored.map((item) => item.key));
        throw error;
      }
    },

    async removeAttachment(actor: Actor, id: number, attachmentId: number) {
      const { result, key } = await db.transaction(async (tx) => {
        const report = await kit.locked(tx, id);
        const [attachment] = await tx
          .delete(updateReportAttachments)
          .where(and(eq(updateReportAttachments.id, attachmentId), eq(updateReportAttachments.report_id, id)))
          .returning();
        if (!attachment) throw notFound('No such attachment.');
        if (!editable(report))
          throw fieldError('files', 'Files can be removed only before the report is published.');
        await recordAudit(tx, actor, {
          action: 'update_report.attachment_removed',
          subjectType: 'update_report',
          subjectId: id,
          before: { id: attachment.id, name: attachment.name },
        });
        return { result: await kit.detail(tx, id), key: attachment.storage_key };
      });
      await kit.forget([key]);
      return result;
    },

    /** An image for a body: stored under a random name, served at a same-site path the sanitiser allows. */
    async uploadImage(actor: Actor, file: UploadedFile | undefined) {
      if (!file) throw fieldError('image', 'Choose an image.');
      const { key } = await kit.storeFile(IMAGE_FOLDER, 'image', file, IMAGE_TYPES, 'Image');
      await recordAudit(db, actor, {
        action: 'update_report.image_uploaded',
        subjectType: 'update_report',
        subjectId: null,
        after: { key },
      });
      return { url: `${UPDATE_REPORT_IMAGE_PATH}${key.slice(IMAGE_FOLDER.length + 1)}` };
    },

    async image(name: string) {
      const file = await storage.get(`${IMAGE_FOLDER}/${name}`);
      if (!file) throw notFound();
      return file;
    },

    async pdf(id: number) {
      const named = await findNamedReport(db, id);
      if (!named) throw notFound(NOT_FOUND);
      return kit.pdfOf(
        named,
        (await attachmentsOf(db, [id])).map((row) => row.name),
      );
    },
  };
}
