import {
  recordAttributeValueSchema,
  type AttributeSubjectType,
  type AttributeValuesInput,
} from '@portico/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { dataListOf } from '../parsers';
import { recordApiPath, recordKeys, type RecordRef } from './record-keys';

const response = dataListOf(recordAttributeValueSchema);
export const attributeValuesKey = (record: RecordRef) =>
  [...recordKeys.record(record), 'attribute-values'] as const;

/** GET /api/{path}/{id}/attribute-values (the record's show): its custom attributes and their values. */
export const attributeValuesQueryOptions = (type: AttributeSubjectType, id: number) =>
  queryOptions({
    queryKey: attributeValuesKey({ type, id }),
    queryFn: async ({ signal }) =>
      (await api.get(recordApiPath({ type, id }, 'attribute-values'), response, { signal })).data,
  });

export function useAttributeValues(type: AttributeSubjectType, id: number) {
  return useQuery(attributeValuesQueryOptions(type, id));
}

/** PUT /api/{path}/{id}/attribute-values (the record's update): several at once; the activity shows it. */
export function useSaveAttributeValues(type: AttributeSubjectType, id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AttributeValuesInput) =>
      (await api.put(recordApiPath({ type, id }, 'attribute-values'), input, response)).data,
    onSuccess: (values) => {
      queryClient.setQueryData(attributeValuesKey({ type, id }), values);
      void queryClient.invalidateQueries({ queryKey: recordKeys.activity({ type, id }) });
    },
  });
}
