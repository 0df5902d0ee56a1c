import { Button, FileButton, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Opportunity } from '@portico/contracts';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { isApiError } from '../../../lib/api-error';
import { useCoverImage } from '../api/opportunity-mutations';

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/svg+xml';

/** The image on the opportunity's card and at the top of its page. */
export function CoverImageField({ opportunity, canEdit }: { opportunity: Opportunity; canEdit: boolean }) {
  const cover = useCoverImage(opportunity.id);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = (file: File | null) => {
    if (!file) return;
    setError(null);
    cover.mutate(file, {
      onSuccess: () =>
        notifications.show({
          color: 'success',
          title: 'Cover image saved',
          message: 'It shows on the card.',
        }),
      onError: (caught) => {
        const errors = isApiError(caught) && typeof caught.errors === 'object' ? caught.errors : undefined;
        setError(errors?.image?.[0] ?? 'The image was not saved; try again.');
      },
    });
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Cover image">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg">
            Cover image
          </Title>
          <Text size="sm" c="dimmed">
            Shown on the opportunity&apos;s card and at the top of its page.
          </Text>
        </div>
        {opportunity.cover_image_url ? (
          <Image
            src={opportunity.cover_image_url}
            alt="Cover image"
            radius="sm"
            h={160}
            w="100%"
            maw={420}
            fit="cover"
          />
        ) : (
          <Text size="sm" c="dimmed">
            No cover image yet.
          </Text>
        )}
        {error && (
          <Text size="sm" c="danger" role="alert">
            {error}
          </Text>
        )}
        {canEdit && (
          <Group gap="sm">
            <FileButton onChange={upload} accept={IMAGE_TYPES}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  loading={cover.isPending}
                  leftSection={<IconPhotoUp size={16} aria-hidden />}
                >
                  {opportunity.cover_image_url ? 'Replace image' : 'Upload image'}
                </Button>
              )}
            </FileButton>
            {opportunity.cover_image_url && (
              <Button
                variant="default"
                color="danger"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setRemoving(true)}
              >
                Remove
              </Button>
            )}
          </Group>
        )}
      </Stack>
      <ConfirmModal
        opened={removing}
        onClose={() => setRemoving(false)}
        title="Remove the cover image?"
        confirmLabel="Remove"
        danger
        onConfirm={async () => {
          await cover.mutateAsync(null);
          setRemoving(false);
        }}
      >
        The card and the page will show no image until another is uploaded.
      </ConfirmModal>
    </Paper>
  );
}
