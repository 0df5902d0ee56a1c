import type { Page } from '@playwright/test';
import { api } from './session';

/** The id of an investor found by email through the list API, as staff see it. */
export async function investorIdByEmail(page: Page, email: string): Promise<number> {
  const list = (await api(page, 'GET', `/api/investors?filter[search]=${encodeURIComponent(email)}`)) as {
    data: Array<{ id: number; email: string }>;
  };
  const found = list.data.find((row) => row.email === email);
  if (!found) throw new Error(`no investor ${email}`);
  return found.id;
}
