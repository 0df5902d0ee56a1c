import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-error';
import { recordKeys } from '../../../lib/records/record-keys';
import { dealKeys } from './deal-keys';
import { updateDeal } from './deal-mutations';
import type { BoardDeal } from './get-deals';

export interface DealMove {
  deal: BoardDeal;
  stageId: number;
  /** its place in the column, from 0 */
  position: number;
}

/** The board after a move: the card leaves its column and takes its place in the other, both renumbered. */
export function movedBoard(board: readonly BoardDeal[], { deal, stageId, position }: DealMove): BoardDeal[] {
  const column = (stage: number) =>
    board
      .filter((card) => card.stage_id === stage && card.id !== deal.id)
      .sort((a, b) => a.position - b.position || a.id - b.id);
  const target = column(stageId);
  target.splice(Math.min(position, target.length), 0, { ...deal, stage_id: stageId });
  const renumbered = new Map<number, BoardDeal>();
  target.forEach((card, index) => renumbered.set(card.id, { ...card, position: index }));
  if (deal.stage_id !== stageId)
    column(deal.stage_id).forEach((card, index) => renumbered.set(card.id, { ...card, position: index }));
  return board.map((card) => renumbered.get(card.id) ?? card);
}

/**
 * Moves a card (PATCH stage_id and position): the board shows it at once and goes back, with the
 * server's reason, if the move is refused.
 */
export function useMoveDeal(pipelineId: number) {
  const queryClient = useQueryClient();
  const key = dealKeys.board(pipelineId);
  return useMutation({
    mutationFn: (move: DealMove) =>
      updateDeal({ id: move.deal.id, changes: { stage_id: move.stageId, position: move.position } }),
    onMutate: async (move) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<BoardDeal[]>(key);
      if (before) queryClient.setQueryData(key, movedBoard(before, move));
      return { before };
    },
    onError: (error, move, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
      notifications.show({
        color: 'danger',
        title: `${move.deal.name} was not moved`,
        message:
          isApiError(error) && !error.unanswered
            ? error.message
            : 'The move did not reach the server. Please try again.',
      });
    },
    onSettled: (_deal, _error, move) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: dealKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: dealKeys.detail(move.deal.id) }),
        queryClient.invalidateQueries({ queryKey: ['pipelines'] }),
        queryClient.invalidateQueries({
          queryKey: recordKeys.activity({ type: 'pipeline_deal', id: move.deal.id }),
        }),
      ]),
  });
}
