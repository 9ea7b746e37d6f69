import styled from 'styled-components';
import {
  Button,
  Form,
  FormFailure,
  isApiError,
  sendQueuedEmails,
  SubmitButton,
  TextareaField,
  useAction,
  useFormSubmit,
  VisuallyHidden,
  type Refusal,
} from 'shared-lib';
import { cancelCallSchema } from 'shared-lib/validation/backoffice';
import { cancelCall } from '../api/cancel-call';
import { completeCall } from '../api/complete-call';
import { confirmCall } from '../api/confirm-call';
import type { CallMoved, StaffCall } from '../api/types';
import { callActionsFor, callStatusLabel } from '../utils/call-status';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
`;

const Disclosure = styled.details`
  flex: 1 1 100%;
  summary {
    display: inline-block;
    cursor: pointer;
    color: ${({ theme }) => theme.colors.danger};
    font-weight: 600;
    padding: ${({ theme }) => `${theme.space[2]} 0`};
  }
  summary:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const CancelPanel = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  max-width: 36rem;
  p {
    margin: 0;
  }
`;

/** What the page does after an action: the words of what happened, or of what someone else did first. */
export interface CallOutcome {
  onDone: (message: string) => void;
  onChanged: (message: string) => void;
}

/** Another staff member moved the call on first (409 call_changed, its status now in details), in words. */
function callChangedWords(error: unknown): string | undefined {
  if (!isApiError(error, 'call_changed')) return undefined;
  return error.details
    ? `Someone else changed this call meanwhile: it is now ${callStatusLabel(error.details)}.`
    : error.message;
}

const changedRefusal = (error: unknown): Refusal<never> | undefined => {
  const description = callChangedWords(error);
  return description ? { title: 'Someone else changed this call', description } : undefined;
};

function MoveButton({
  call,
  who,
  run,
  label,
  busyLabel,
  done,
  onDone,
  onChanged,
}: {
  call: StaffCall;
  who: string;
  run: (id: string) => Promise<CallMoved>;
  label: string;
  busyLabel: string;
  done: string;
} & CallOutcome) {
  const action = useAction({
    run,
    context: 'backoffice',
    onSuccess: () => {
      // Confirming queues the booker's e-mail: it goes now, as an order move's does, not at the next sweep.
      void sendQueuedEmails();
      onDone(`The call with ${who} ${done}`);
    },
    handled: (error) => {
      const words = callChangedWords(error);
      if (words) onChanged(words);
      return Boolean(words);
    },
  });
  return (
    <>
      <Button
        ref={action.buttonRef}
        type="button"
        $size="sm"
        disabled={action.busy}
        aria-busy={action.busy}
        aria-label={`${action.busy ? busyLabel : label} the call with ${who}`}
        aria-describedby={action.failure ? `failure-${call.id}` : undefined}
        onClick={() => action.run(call.id)}
      >
        {action.busy ? busyLabel : label}
      </Button>
      {action.failure ? (
        <p id={`failure-${call.id}`} role="alert">
          {action.failure}
        </p>
      ) : null}
    </>
  );
}

function CancelCallForm({ call, who, onDone, onChanged }: { call: StaffCall; who: string } & CallOutcome) {
  const form = useFormSubmit({
    initial: { message: '' },
    schema: cancelCallSchema,
    send: ({ message }) => cancelCall({ meetingId: call.id, message }),
    success: { title: 'Call cancelled' },
    onSuccess: () => {
      void sendQueuedEmails();
      onDone(`The call with ${who} is cancelled; they are e-mailed.`);
    },
    refusal: changedRefusal,
    onFailure: ({ error, message }) => {
      if (isApiError(error, 'call_changed')) onChanged(message);
    },
  });
  const heading = `cancel-${call.id}`;
  return (
    <CancelPanel form={form} aria-labelledby={heading}>
      <p id={heading}>Cancel the call with {who}. They are e-mailed; your message is part of the e-mail.</p>
      <TextareaField {...form.field('message')} label="Message to the booker (optional)" rows={3} />
      <FormFailure form={form} />
      <SubmitButton form={form} busyLabel="Cancelling..." $variant="danger">
        Cancel call
      </SubmitButton>
    </CancelPanel>
  );
}

/** The moves the call's status allows: Confirm or Mark completed, and Cancel with a message. */
export function CallActions({ call, onDone, onChanged }: { call: StaffCall } & CallOutcome) {
  const actions = callActionsFor(call.status);
  if (actions.length === 0) return null;
  const who = call.name ?? call.email ?? 'the booker';
  return (
    <Row>
      {actions.includes('confirm') ? (
        <MoveButton
          call={call}
          who={who}
          run={confirmCall}
          label="Confirm"
          busyLabel="Confirming..."
          done="is confirmed; they are e-mailed."
          onDone={onDone}
          onChanged={onChanged}
        />
      ) : null}
      {actions.includes('complete') ? (
        <MoveButton
          call={call}
          who={who}
          run={completeCall}
          label="Mark completed"
          busyLabel="Saving..."
          done="is completed."
          onDone={onDone}
          onChanged={onChanged}
        />
      ) : null}
      {actions.includes('cancel') ? (
        <Disclosure>
          <summary>
            Cancel<VisuallyHidden> the call with {who}</VisuallyHidden>…
          </summary>
          <CancelCallForm call={call} who={who} onDone={onDone} onChanged={onChanged} />
        </Disclosure>
      ) : null}
    </Row>
  );
}
