import styled from 'styled-components';
import { Button, formatMeetingWhen, toast, useAction } from 'shared-lib';
import { CaptionedTable } from '../../../components/table';
import { endPromotion } from '../api/end-promotion';
import type { StaffPromotion } from '../api/types';
import { PROMOTION_STATE_LABELS, type PromotionState } from '../utils/promotion-state';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
`;

function EndButton({
  promotion,
  state,
  onEnded,
}: {
  promotion: StaffPromotion;
  state: PromotionState;
  onEnded: (message: string) => void;
}) {
  // A campaign not started yet is removed (staff_end_promotion): the button says so.
  const upcoming = state === 'upcoming';
  const end = useAction({
    run: endPromotion,
    context: 'backoffice',
    onSuccess: () =>
      onEnded(
        upcoming ? `“${promotion.words}” is removed.` : `“${promotion.words}” has ended: its banner is gone.`,
      ),
    onFailure: (message) => toast({ title: 'Error', description: message, variant: 'destructive' }),
  });
  return (
    <Button
      ref={end.buttonRef}
      type="button"
      $size="sm"
      $variant="danger"
      disabled={end.busy}
      aria-busy={end.busy}
      aria-label={`${upcoming ? 'Remove' : 'End'} “${promotion.words}”`}
      onClick={() => end.run(promotion.id)}
    >
      {end.busy ? 'Ending...' : upcoming ? 'Remove' : 'End now'}
    </Button>
  );
}

/** One state's campaigns: words, dates, link and, unless ended, Edit and End. */
export function PromotionsTable({
  state,
  promotions,
  onEdit,
  onEnded,
}: {
  state: PromotionState;
  promotions: readonly StaffPromotion[];
  onEdit: (promotion: StaffPromotion) => void;
  /** After End: what happened, in words. */
  onEnded: (message: string) => void;
}) {
  const caption = `${PROMOTION_STATE_LABELS[state]} promotions`;
  const actions = state !== 'ended';
  return (
    <CaptionedTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">Words</th>
          <th scope="col">Starts</th>
          <th scope="col">Ends</th>
          <th scope="col">Link</th>
          {actions ? <th scope="col">Actions</th> : null}
        </tr>
      </thead>
      <tbody>
        {promotions.map((promotion) => (
          <tr key={promotion.id}>
            <th scope="row">{promotion.words}</th>
            <td>{formatMeetingWhen(promotion.starts_at)}</td>
            <td>{formatMeetingWhen(promotion.ends_at)}</td>
            <td>{promotion.link ?? 'The newsletter offer'}</td>
            {actions ? (
              <td>
                <Actions>
                  <Button
                    type="button"
                    $size="sm"
                    $variant="outline"
                    aria-label={`Edit “${promotion.words}”`}
                    onClick={() => onEdit(promotion)}
                  >
                    Edit
                  </Button>
                  <EndButton promotion={promotion} state={state} onEnded={onEnded} />
                </Actions>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  );
}
