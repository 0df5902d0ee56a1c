import {
  complianceQuestionSchema,
  dataOf,
  type ComplianceBank,
  type ComplianceQuestion,
  type ComplianceQuestionAdmin,
  type ComplianceQuestionChanges,
  type NewComplianceQuestionInput,
} from '@portico/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dataListOf } from '../../../lib/parsers';
import { appropriatenessKeys } from './appropriateness-keys';

const list = dataListOf(complianceQuestionSchema);
const one = dataOf(complianceQuestionSchema);
const base = '/api/compliance-questions';

/** Staff answers carry every field; this reads them as such (the contract marks them optional). */
export function asAdminQuestion(question: ComplianceQuestion): ComplianceQuestionAdmin {
  return {
    id: question.id,
    question: question.question,
    bank: question.bank ?? 'standard',
    position: question.position ?? 0,
    active: question.active ?? true,
    created_at: question.created_at ?? '',
    updated_at: question.updated_at ?? '',
    options: (question.options ?? []).map((option) => ({
      id: option.id,
      option: option.option,
      is_correct: option.is_correct ?? false,
      position: option.position ?? 0,
    })),
  };
}

/** GET /api/compliance-questions?include=options&filter[bank]=… (compliance:index): one bank, in order. */
export function useComplianceQuestions(bank: ComplianceBank) {
  return useQuery({
    queryKey: appropriatenessKeys.bank(bank),
    queryFn: async ({ signal }) =>
      (await api.get(`${base}?include=options&filter[bank]=${bank}`, list, { signal })).data.map(
        asAdminQuestion,
      ),
  });
}

function useRefreshBank() {
  const queryClient = useQueryClient();
  return (bank: ComplianceBank) =>
    queryClient.invalidateQueries({ queryKey: appropriatenessKeys.bank(bank) });
}

/** POST /api/compliance-questions (compliance:create). */
export function useCreateComplianceQuestion() {
  const refresh = useRefreshBank();
  return useMutation({
    mutationFn: async (input: NewComplianceQuestionInput) =>
      asAdminQuestion((await api.post(base, input, one)).data),
    onSuccess: (saved) => refresh(saved.bank),
  });
}

/** PATCH /api/compliance-questions/{id} (compliance:update); `options` replaces the options. */
export function useUpdateComplianceQuestion() {
  const refresh = useRefreshBank();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: ComplianceQuestionChanges }) =>
      asAdminQuestion((await api.patch(`${base}/${id}`, changes, one)).data),
    onSuccess: (saved) => refresh(saved.bank),
  });
}

/** DELETE /api/compliance-questions/{id} (compliance:delete). */
export function useDeleteComplianceQuestion(bank: ComplianceBank) {
  const refresh = useRefreshBank();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${base}/${id}`),
    onSuccess: () => refresh(bank),
  });
}

/** POST /api/compliance-questions/reorder (compliance:update): every id of the bank, in order. */
export function useReorderComplianceQuestions(bank: ComplianceBank) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: number[]) =>
      (await api.post(`${base}/reorder`, { bank, ids }, list)).data.map(asAdminQuestion),
    onSuccess: (ordered) => queryClient.setQueryData(appropriatenessKeys.bank(bank), ordered),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appropriatenessKeys.bank(bank) }),
  });
}
