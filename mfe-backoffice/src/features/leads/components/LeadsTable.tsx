import styled from 'styled-components';
import { Button, formatLongDate, isApiError, toast, useAction } from 'shared-lib';
import { CaptionedTable } from '../../../components/table';
import { markLeadHandled } from '../api/mark-lead-handled';
import type { ContactMessage, LeadKind, ProjectRequest } from '../api/types';
import { budgetLabel, projectTypeLabel, replyLink, timelineLabel } from '../utils/leads';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const Words = styled.td`
  min-width: 16rem;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

type Lead = ContactMessage | ProjectRequest;

/** What the list does after a press: show the lead's new state in its row, or read the list again. */
export interface LeadChanges {
  onHandled: (leadId: string, handledAt: string | null) => void;
  onGone: () => void;
}

/**
 * Marks the lead handled, or back to not handled. The row shows the answer in place (and keeps focus on its
 * button, which now offers the opposite), even under "Not handled yet", so a slip is undone with one press.
 */
function HandledButton({ kind, lead, onHandled, onGone }: { kind: LeadKind; lead: Lead } & LeadChanges) {
  const handled = lead.handled_at !== null;
  const mark = useAction({
    run: markLeadHandled,
    context: 'backoffice',
    onSuccess: (handledAt: string | null) => {
      toast({ title: handled ? 'Marked not handled' : 'Marked handled', description: `From ${lead.name}` });
      onHandled(lead.id, handledAt);
    },
    onFailure: (message, error) => {
      toast({ title: 'Error', description: message, variant: 'destructive' });
      // Gone meanwhile (removed from the database): the list shows what is there now.
      if (isApiError(error, 'lead_not_found')) onGone();
    },
  });
  return (
    <Button
      ref={mark.buttonRef}
      type="button"
      $size="sm"
      $variant="outline"
      disabled={mark.busy}
      aria-busy={mark.busy}
      aria-label={`${handled ? 'Mark not handled' : 'Mark handled'}: ${lead.name}, ${formatLongDate(lead.created_at)}`}
      onClick={() => mark.run(kind, lead.id, !handled)}
    >
      {mark.busy ? 'Saving...' : handled ? 'Mark not handled' : 'Mark handled'}
    </Button>
  );
}

/** One page of a kind's leads, newest first: who, what, whether handled, Reply and Mark handled. */
export function LeadsTable({
  kind,
  leads,
  caption,
  onHandled,
  onGone,
}: {
  kind: LeadKind;
  leads: readonly Lead[];
  caption: string;
} & LeadChanges) {
  const requests = kind === 'project_request';
  return (
    <CaptionedTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">From</th>
          <th scope="col">Received</th>
          {requests ? <th scope="col">Project</th> : null}
          <th scope="col">{requests ? 'Description' : 'Message'}</th>
          <th scope="col">Handled</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => (
          <tr key={lead.id}>
            <th scope="row">
              {lead.name}
              <br />
              {lead.email}
              {'company' in lead && lead.company ? (
                <>
                  <br />
                  {lead.company}
                </>
              ) : null}
            </th>
            <td>{formatLongDate(lead.created_at)}</td>
            {'project_type' in lead ? (
              <td>
                {projectTypeLabel(lead.project_type)}
                <br />
                {budgetLabel(lead.budget)}
                <br />
                {timelineLabel(lead.timeline)}
              </td>
            ) : null}
            <Words>{'description' in lead ? lead.description : lead.message}</Words>
            <td>{lead.handled_at ? formatLongDate(lead.handled_at) : 'Not yet'}</td>
            <td>
              <Actions>
                <a href={replyLink(kind, lead)} aria-label={`Reply to ${lead.name}`}>
                  Reply
                </a>
                <HandledButton kind={kind} lead={lead} onHandled={onHandled} onGone={onGone} />
              </Actions>
            </td>
          </tr>
        ))}
      </tbody>
    </CaptionedTable>
  );
}
