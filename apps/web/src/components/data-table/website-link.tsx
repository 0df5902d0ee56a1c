import { Anchor } from '@mantine/core';

/** A website as a short link that opens in a new tab, or a dash. */
export function WebsiteLink({ url }: { url: string | null | undefined }) {
  if (!url) return '—';
  return (
    <Anchor href={url} target="_blank" rel="noreferrer" size="sm">
      {url.replace(/^https?:\/\//, '')}
    </Anchor>
  );
}
