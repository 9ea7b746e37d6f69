import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, useLoad } from 'shared-lib';
import { LoadFailed, Loading, Note } from '../components/load-states';
import { PageFrame } from '../features/desks/components/PageFrame';
import { fetchPromotions } from '../features/promotions/api/fetch-promotions';
import type { StaffPromotion } from '../features/promotions/api/types';
import { PromotionForm } from '../features/promotions/components/PromotionForm';
import { PromotionsTable } from '../features/promotions/components/PromotionsTable';
import {
  groupPromotions,
  PROMOTION_STATE_LABELS,
  type PromotionState,
} from '../features/promotions/utils/promotion-state';

const Notice = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.success};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.successSoft};
  color: ${({ theme }) => theme.colors.text};
`;

const Group = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const STATES: readonly PromotionState[] = ['running', 'upcoming', 'ended'];
const EMPTY: Record<PromotionState, string> = {
  running: 'No promotion is running: the site shows no banner.',
  upcoming: 'No promotion is planned.',
  ended: 'No promotion has ended yet.',
};

/**
 * /admin/promotions, the promotions desk: the banner's campaigns, running, upcoming and ended; a new one or an
 * edit with the banner's preview; End for a running one (Remove for one not started yet).
 */
export default function PromotionsPage() {
  const promotions = useLoad((signal) => fetchPromotions(signal), [], { context: 'backoffice' });
  // null: no form; 'new': a new campaign; a campaign: its edit.
  const [editing, setEditing] = useState<StaffPromotion | 'new' | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // What the last save or End did; `round` moves focus even when the words repeat.
  const [notice, setNotice] = useState<{ text: string; round: number } | null>(null);
  const [closed, setClosed] = useState(0);

  // The list is read again after a change, so the pressed button (or the form) is gone: focus goes to what
  // happened, or back to "New promotion" after Cancel, never to <body>.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);
  useEffect(() => {
    if (closed) newButton.current?.focus();
  }, [closed]);

  const changed = (text: string) => {
    setEditing(null);
    setNotice((last) => ({ text, round: (last?.round ?? 0) + 1 }));
    promotions.retry();
  };
  const cancel = () => {
    setEditing(null);
    setClosed((n) => n + 1);
  };

  const now = new Date();
  return (
    <PageFrame title="Promotions">
      <div>
        <Button ref={newButton} type="button" onClick={() => setEditing('new')} disabled={editing !== null}>
          New promotion
        </Button>
      </div>
      {editing !== null ? (
        <PromotionForm
          key={editing === 'new' ? 'new' : editing.id}
          promotion={editing === 'new' ? null : editing}
          onSaved={(saved) => changed(`“${saved.words}” is saved.`)}
          onGone={() => changed('Someone else ended that promotion meanwhile, before it started.')}
          onCancel={cancel}
        />
      ) : null}
      {notice ? (
        <Notice key={notice.round} ref={noticeRef} tabIndex={-1} role="status">
          {notice.text}
        </Notice>
      ) : null}
      {promotions.state === 'failed' ? (
        <LoadFailed what="The promotions" error={promotions.error} onRetry={promotions.retry} />
      ) : promotions.state === 'loading' ? (
        <Loading label="Loading promotions..." />
      ) : (
        STATES.map((state) => {
          const list = groupPromotions(promotions.data, now)[state];
          const id = `promotions-${state}`;
          return (
            <Group key={state} aria-labelledby={id}>
              <h2 id={id}>{PROMOTION_STATE_LABELS[state]}</h2>
              {list.length === 0 ? (
                <Note>{EMPTY[state]}</Note>
              ) : (
                <PromotionsTable
                  state={state}
                  promotions={list}
                  onEdit={(promotion) => {
                    setNotice(null);
                    setEditing(promotion);
                  }}
                  onEnded={changed}
                />
              )}
            </Group>
          );
        })
      )}
    </PageFrame>
  );
}
