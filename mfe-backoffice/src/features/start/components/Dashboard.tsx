import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  Button,
  capitalise,
  formatCents,
  formatLongDate,
  formatMeetingWhen,
  paths,
  toast,
  useAction,
  VisuallyHidden,
} from 'shared-lib';
import { CaptionedTable } from '../../../components/table';
import type { Dashboard as DashboardData, FailedEmail } from '../api/fetch-dashboard';
import { resendEmail } from '../api/resend-email';
import { Figure, Tile } from '../../../components/tile';

const Tiles = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
  gap: ${({ theme }) => theme.space[4]};
`;

const Calls = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
`;

const Wide = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
  p {
    margin: 0;
  }
`;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** 'order_paid' -> 'Order paid': which e-mail it was. */
const templateWords = (template: string) => capitalise(template.replace(/_/g, ' '));

function ResendButton({ email, onResent }: { email: FailedEmail; onResent: () => void }) {
  const resend = useAction({
    run: resendEmail,
    context: 'backoffice',
    onSuccess: () => {
      toast({ title: 'E-mail queued again', description: `To ${email.recipient}` });
      onResent();
    },
    onFailure: (message) => toast({ title: 'Error', description: message, variant: 'destructive' }),
  });
  return (
    <Button
      ref={resend.buttonRef}
      type="button"
      $size="sm"
      $variant="outline"
      disabled={resend.busy}
      aria-busy={resend.busy}
      aria-label={`Resend ${templateWords(email.template)} to ${email.recipient}`}
      onClick={() => resend.run(email.id)}
    >
      {resend.busy ? 'Resending...' : 'Resend'}
    </Button>
  );
}

/** The start page's content: what needs doing. `onChanged` reloads it (after a Resend). */
export function Dashboard({ data, onChanged }: { data: DashboardData; onChanged: () => void }) {
  const leads = data.unhandled_leads;
  return (
    <>
      <Tiles>
        <Tile aria-labelledby="tile-awaiting">
          <h2 id="tile-awaiting">Awaiting payment</h2>
          <Figure>{formatCents(data.awaiting_payment.total_cents)}</Figure>
          <p>
            <Link to={`${paths.adminOrders}?status=awaiting_payment`}>
              {plural(data.awaiting_payment.count, 'order', 'orders')}
            </Link>
          </p>
        </Tile>
        <Tile aria-labelledby="tile-paid">
          <h2 id="tile-paid">Paid this month</h2>
          <Figure>{formatCents(data.paid_this_month.total_cents)}</Figure>
          <p>{plural(data.paid_this_month.count, 'order', 'orders')}</p>
        </Tile>
        <Tile aria-labelledby="tile-leads">
          <h2 id="tile-leads">Unhandled leads</h2>
          <Figure>{leads.contact_messages + leads.project_requests}</Figure>
          <p>
            {plural(leads.contact_messages, 'contact message', 'contact messages')},{' '}
            {plural(leads.project_requests, 'project request', 'project requests')}
          </p>
        </Tile>
        <Tile aria-labelledby="tile-calls">
          <h2 id="tile-calls">Next calls</h2>
          {data.next_calls.length === 0 ? (
            <p>No calls coming up.</p>
          ) : (
            <Calls>
              {data.next_calls.map((call) => (
                <li key={call.id}>
                  <strong>{formatMeetingWhen(call.scheduled_at)}</strong>
                  <br />
                  {call.name ?? call.email ?? 'Unknown'}
                  {call.email && call.name !== call.email ? ` (${call.email})` : null},{' '}
                  {capitalise(call.meeting_type.replace(/_/g, ' '))}
                  {call.status === 'requested' ? ', not confirmed yet' : null}
                </li>
              ))}
            </Calls>
          )}
        </Tile>
      </Tiles>

      <Wide aria-labelledby="failed-emails">
        <h2 id="failed-emails">E-mails not sent</h2>
        {data.failed_emails.length === 0 ? (
          <p>Every e-mail went out.</p>
        ) : (
          <CaptionedTable
            label="E-mails the outbox gave up on"
            caption="E-mails the outbox gave up on, newest first"
          >
            <thead>
              <tr>
                <th scope="col">E-mail</th>
                <th scope="col">To</th>
                <th scope="col">Queued</th>
                <th scope="col">Attempts</th>
                <th scope="col">
                  <VisuallyHidden>Action</VisuallyHidden>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.failed_emails.map((email) => (
                <tr key={email.id}>
                  <th scope="row">{templateWords(email.template)}</th>
                  <td>{email.recipient}</td>
                  <td>{formatLongDate(email.created_at)}</td>
                  <td>{email.attempts}</td>
                  <td>
                    <ResendButton email={email} onResent={onChanged} />
                  </td>
                </tr>
              ))}
            </tbody>
          </CaptionedTable>
        )}
      </Wide>
    </>
  );
}
