import { rejectionInputSchema } from '@portico/contracts';
import type { ReactNode } from 'react';
import type { ValidatingSchema } from '../../form/zod-resolver';
import { ReasonModal } from '../../modals/reason-modal';

interface RejectModalProps {
  opened: boolean;
  onClose: () => void;
  /** "Reject categorisation" */
  title: string;
  /** what is being rejected and who will be told */
  children: ReactNode;
  confirmLabel: string;
  /** sends the rejection; a 422 on `reason` shows on the field */
  onReject: (reason: string) => Promise<unknown>;
  /** the contract's schema of the rejection, and the longest reason it takes */
  schema?: ValidatingSchema;
  maxLength?: number;
}

/**
 * Rejects something the investor gave (a categorisation, an onboarding document, an organisation
 * application) with a reason they are told.
 */
export function RejectModal({
  onReject,
  schema = rejectionInputSchema,
  maxLength = 1000,
  ...rest
}: RejectModalProps) {
  return (
    <ReasonModal
      {...rest}
      onSubmit={onReject}
      schema={schema}
      maxLength={maxLength}
      reasonDescription="Told to the investor, so they know what to do next."
    />
  );
}
