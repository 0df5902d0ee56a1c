import { importSchema } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dataListOf } from '../../../lib/parsers';
import { importKeys } from './import-keys';

const response = dataListOf(importSchema);

/** GET /api/imports: the signed-in staff member's recent imports, newest first. */
export async function getImports(signal?: AbortSignal) {
  const body = await api.get('/api/imports', response, { signal });
  return body.data;
}

export const importsQueryOptions = () =>
  queryOptions({ queryKey: importKeys.list(), queryFn: ({ signal }) => getImports(signal) });

export function useImports(enabled = true) {
  return useQuery({ ...importsQueryOptions(), enabled });
}
