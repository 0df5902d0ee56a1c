import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Opens a list's Export menu: its row count, and each download link's path and query. */
export async function exportLinks() {
  await userEvent.setup().click(screen.getByRole('button', { name: 'Export' }));
  const link = async (name: string) => {
    const [path, query] = ((await screen.findByRole('menuitem', { name })).getAttribute('href') ?? '').split(
      '?',
    );
    return { path, query: Object.fromEntries(new URLSearchParams(query)) };
  };
  return {
    total: screen.queryByText(/rows?, as filtered$/)?.textContent,
    csv: await link('CSV (.csv)'),
    xlsx: await link('Excel (.xlsx)'),
  };
}
