import { Button } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../modals/confirm-modal';

interface RecordHeaderActionsProps {
  /** the edit page; undefined when the role may not edit */
  editHref: string | undefined;
  /** deleting, after a confirmation; undefined when the role may not delete */
  deletion:
    | {
        title: string;
        /** what is lost, in the confirmation */
        body: ReactNode;
        run: () => Promise<unknown>;
      }
    | undefined;
}

/** A record's Edit and Delete buttons, each shown only to a role that may (the caller decides). */
export function RecordHeaderActions({ editHref, deletion }: RecordHeaderActionsProps) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      {editHref && (
        <Button component={Link} to={editHref} leftSection={<IconPencil size={18} aria-hidden />}>
          Edit
        </Button>
      )}
      {deletion && (
        <>
          <Button
            variant="default"
            color="danger"
            leftSection={<IconTrash size={18} aria-hidden />}
            onClick={() => setAsking(true)}
          >
            Delete
          </Button>
          <ConfirmModal
            opened={asking}
            onClose={() => setAsking(false)}
            title={deletion.title}
            confirmLabel="Delete"
            danger
            onConfirm={deletion.run}
          >
            {deletion.body}
          </ConfirmModal>
        </>
      )}
    </>
  );
}
