import styled from 'styled-components';
import {
  FormFailure,
  isApiError,
  orderStatusLabel,
  sendQueuedEmails,
  SubmitButton,
  TextareaField,
  TextField,
  useFormSubmit,
  type Refusal,
} from 'shared-lib';
import { localToday, markPaidSchema, staffNoteSchema } from 'shared-lib/validation/backoffice';
import { FormPanel } from '../../../components/form-panel';
import { markOrderPaid } from '../api/mark-order-paid';
import { cancelOrder, markOrderDelivered, startOrderWork } from '../api/move-order';
import type { OrderMove, StaffOrder } from '../api/types';
import { actionsFor, type OrderAction } from '../utils/order-actions';

const Panel = styled(FormPanel)`
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
  }
`;

const Panels = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
  gap: ${({ theme }) => theme.space[4]};
`;

/** What the page does after an action: the order as it now is, or the refusal because someone acted first. */
export interface ActionOutcome {
  onDone: (order: StaffOrder, message: string) => void;
  onChanged: (message: string) => void;
}

/**
 * Another staff member moved the order on first: the database's sentence says to what ('Someone else changed
 * this order meanwhile: it is now Paid.'); the page then shows the order as it now is.
 */
function changedRefusal(error: unknown): Refusal<never> | undefined {
  if (!isApiError(error, 'order_changed')) return undefined;
  const now = error.details ? orderStatusLabel(error.details) : null;
  return {
    title: 'Someone else changed this order',
    description: now ? `Someone else changed this order meanwhile: it is now ${now}.` : error.message,
  };
}

/**
 * After a move: the customer's e-mail (paid, delivered, cancelled) goes now, as after a checkout, rather than at
 * the outbox's next sweep; then the page shows the order as it now is.
 */
function doneHandler(onDone: ActionOutcome['onDone'], message: string) {
  return (next: StaffOrder) => {
    void sendQueuedEmails();
    onDone(next, message);
  };
}

function failureHandler(onChanged: (message: string) => void) {
  return ({ error, message }: { error: unknown; message: string }) => {
    if (isApiError(error, 'order_changed')) onChanged(message);
  };
}

function MarkPaidForm({ order, onDone, onChanged }: { order: StaffOrder } & ActionOutcome) {
  const form = useFormSubmit({
    initial: { paidOn: localToday(), bankReference: '', note: '' },
    schema: markPaidSchema,
    send: (data) => markOrderPaid({ orderId: order.id, expectedStatus: order.status, ...data }),
    success: { title: 'Marked paid' },
    onSuccess: doneHandler(onDone, `${order.order_number} is paid.`),
    refusal: changedRefusal,
    onFailure: failureHandler(onChanged),
  });
  return (
    <Panel form={form} aria-labelledby="action-mark-paid">
      <h3 id="action-mark-paid">Mark paid</h3>
      <p>The bank transfer has arrived.</p>
      <TextField {...form.field('paidOn')} type="date" max={localToday()} label="Paid on" required />
      <TextField {...form.field('bankReference')} label="Bank reference" autoComplete="off" required />
      <TextareaField {...form.field('note')} label="Note (optional)" rows={2} />
      <FormFailure form={form} />
      <SubmitButton form={form} busyLabel="Saving...">
        Mark paid
      </SubmitButton>
    </Panel>
  );
}

const MOVES: Record<
  Exclude<OrderAction, 'markPaid'>,
  {
    title: string;
    words: string;
    button: string;
    busy: string;
    done: string;
    toast: string;
    send: (move: OrderMove) => Promise<StaffOrder>;
    danger?: boolean;
  }
> = {
  startWork: {
    title: 'Start work',
    words: 'Work on the project begins.',
    button: 'Start work',
    busy: 'Saving...',
    done: 'is in progress.',
    toast: 'Work started',
    send: startOrderWork,
  },
  markDelivered: {
    title: 'Delivered',
    words: 'The project is handed over; the customer is e-mailed.',
    button: 'Mark delivered',
    busy: 'Saving...',
    done: 'is delivered.',
    toast: 'Marked delivered',
    send: markOrderDelivered,
  },
  cancel: {
    title: 'Cancel the order',
    words: 'Issues a credit note for the invoice; the customer is e-mailed.',
    button: 'Cancel order',
    busy: 'Cancelling...',
    done: 'is cancelled.',
    toast: 'Order cancelled',
    send: cancelOrder,
    danger: true,
  },
};

function MoveForm({
  action,
  order,
  onDone,
  onChanged,
}: { action: Exclude<OrderAction, 'markPaid'>; order: StaffOrder } & ActionOutcome) {
  const move = MOVES[action];
  const form = useFormSubmit({
    initial: { note: '' },
    schema: staffNoteSchema,
    send: ({ note }) => move.send({ orderId: order.id, expectedStatus: order.status, note }),
    success: { title: move.toast },
    onSuccess: doneHandler(onDone, `${order.order_number} ${move.done}`),
    refusal: changedRefusal,
    onFailure: failureHandler(onChanged),
  });
  const id = `action-${action}`;
  return (
    <Panel form={form} aria-labelledby={id}>
      <h3 id={id}>{move.title}</h3>
      <p>{move.words}</p>
      <TextareaField {...form.field('note')} label="Note (optional)" rows={2} />
      <FormFailure form={form} />
      <SubmitButton form={form} busyLabel={move.busy} $variant={move.danger ? 'danger' : 'primary'}>
        {move.button}
      </SubmitButton>
    </Panel>
  );
}

/** The moves the order's status allows, each a small form; nothing for a cancelled order. */
export function OrderActions({ order, onDone, onChanged }: { order: StaffOrder } & ActionOutcome) {
  const actions = actionsFor(order.status);
  if (actions.length === 0) return <p>A cancelled order has nothing left to do.</p>;
  return (
    <Panels>
      {actions.map((action) =>
        action === 'markPaid' ? (
          <MarkPaidForm key={action} order={order} onDone={onDone} onChanged={onChanged} />
        ) : (
          <MoveForm key={action} action={action} order={order} onDone={onDone} onChanged={onChanged} />
        ),
      )}
    </Panels>
  );
}
