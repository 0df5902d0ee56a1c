import {
  capTableImportResultSchema,
  capTableSchema,
  dataOf,
  type CapTableClassInput,
  type CapTableClassUpdate,
  type CapTableHolderInput,
  type CapTableHolderUpdate,
} from '@portico/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { existingKeys } from './existing-investments';

/*
 * Writing an existing investment's cap table (decision 020): its share classes, its holders off the
 * platform, and an import. Each answer is the whole table, so the cache is set from it; the pre-emption
 * of any follow-on round changes with it too.
 */

const base = (id: number) => `/api/existing-investments/${id}/cap-table`;
const table = dataOf(capTableSchema);

function useTableMutation<Variables extends { id: number }, Answer extends { data: unknown }>(
  send: (variables: Variables) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (answer, { id }) => {
      if (capTableSchema.safeParse(answer.data).success)
        queryClient.setQueryData(existingKeys.capTable(id), answer.data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: existingKeys.all(id) }),
        queryClient.invalidateQueries({ queryKey: ['pre-emption'] }),
      ]);
    },
  });
}

export const useAddCapTableClass = () =>
  useTableMutation(({ id, input }: { id: number; input: CapTableClassInput }) =>
    api.post(`${base(id)}/classes`, input, table),
  );

export const useChangeCapTableClass = () =>
  useTableMutation(
    ({ id, classId, changes }: { id: number; classId: number; changes: CapTableClassUpdate }) =>
      api.patch(`${base(id)}/classes/${classId}`, changes, table),
  );

export const useRemoveCapTableClass = () =>
  useTableMutation(({ id, classId }: { id: number; classId: number }) =>
    api.delete(`${base(id)}/classes/${classId}`, table),
  );

export const useAddCapTableHolder = () =>
  useTableMutation(({ id, input }: { id: number; input: CapTableHolderInput }) =>
    api.post(`${base(id)}/holders`, input, table),
  );

export const useChangeCapTableHolder = () =>
  useTableMutation(
    ({ id, holderId, changes }: { id: number; holderId: number; changes: CapTableHolderUpdate }) =>
      api.patch(`${base(id)}/holders/${holderId}`, changes, table),
  );

export const useRemoveCapTableHolder = () =>
  useTableMutation(({ id, holderId }: { id: number; holderId: number }) =>
    api.delete(`${base(id)}/holders/${holderId}`, table),
  );

/** Uploads a CSV or Excel cap table: all its rows are written, or none (a 422 names each bad row). */
export const useImportCapTable = () =>
  useTableMutation(({ id, file }: { id: number; file: File }) => {
    const body = new FormData();
    body.append('file', file);
    return api.post(`${base(id)}/import`, body, dataOf(capTableImportResultSchema));
  });
