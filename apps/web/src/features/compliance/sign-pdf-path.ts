/** /admin/investors/{id}/sign-pdf/{request id}: a document sent to an investor to sign (spec §2.1). */
export const signPdfPath = (investorId: number, requestId: number) =>
  `/admin/investors/${investorId}/sign-pdf/${requestId}`;
