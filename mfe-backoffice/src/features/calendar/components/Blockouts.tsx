// Block-outs: the form that blocks a whole day or some hours of one (the agency's time), and the blocked times of
// the days shown, each with Remove. A blocked time leaves the public booking picker (private.slot_grid).
import styled from 'styled-components';
import { Button, FormFailure, SubmitButton, TextField, toast, useAction, useFormSubmit } from 'shared-lib';
import { blockoutSchema, BLOCKOUT_REASON_MAX, type BlockoutInput } from 'shared-lib/validation/backoffice';
import { Note } from '../../../components/load-states';
import { FormPanel } from '../../../components/form-panel';
import { CaptionedTable } from '../../../components/table';
import { blockTime } from '../api/block-time';
import type { Blockout } from '../api/types';
import { unblockTime } from '../api/unblock-time';
import { addDays, dayName, instantAt } from '../utils/agency-time';
import { blockoutWhen } from './CalendarDays';

const Check = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 2.75rem;
  input {
    width: 1.25rem;
    height: 1.25rem;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

/** The instants a block-out covers: a whole day is midnight to midnight in the agency's zone. */
function blockoutSpan({ day, from, to }: BlockoutInput, timeZone: string) {
  return from && to
    ? { startsAt: instantAt(day, from, timeZone), endsAt: instantAt(day, to, timeZone) }
    : { startsAt: instantAt(day, '00:00', timeZone), endsAt: instantAt(addDays(day, 1), '00:00', timeZone) };
}

export function BlockTimeForm({
  timeZone,
  today,
  onBlocked,
}: {
  timeZone: string;
  today: string;
  onBlocked: (message: string) => void;
}) {
  const form = useFormSubmit({
    initial: { day: addDays(today, 1), wholeDay: 'true', from: '09:00', to: '12:00', reason: '' },
    schema: blockoutSchema,
    send: (data) => blockTime({ ...blockoutSpan(data, timeZone), reason: data.reason }),
    success: { title: 'Time blocked' },
    onSuccess: (_id, data) =>
      onBlocked(
        data.from
          ? `${dayName(data.day)} is blocked from ${data.from} to ${data.to}.`
          : `${dayName(data.day)} is blocked all day.`,
      ),
  });
  const whole = form.values.wholeDay === 'true';
  return (
    <FormPanel form={form} $fieldWidth="12rem" aria-labelledby="block-time">
      <h3 id="block-time" className="wide">
        Block time
      </h3>
      <TextField {...form.field('day')} type="date" min={today} label="Day" required />
      <Check>
        <input
          id="block-whole-day"
          type="checkbox"
          checked={whole}
          onChange={(event) => form.set('wholeDay', event.target.checked ? 'true' : '')}
        />
        <label htmlFor="block-whole-day">The whole day</label>
      </Check>
      {whole ? null : (
        <>
          <TextField {...form.field('from')} type="time" label={`From (${timeZone})`} required />
          <TextField {...form.field('to')} type="time" label={`To (${timeZone})`} required />
        </>
      )}
      <div className="wide">
        <TextField
          {...form.field('reason')}
          label="Reason (optional)"
          maxLength={BLOCKOUT_REASON_MAX}
          autoComplete="off"
        />
      </div>
      <div className="wide">
        <FormFailure form={form} />
        <SubmitButton form={form} busyLabel="Blocking...">
          Block
        </SubmitButton>
      </div>
    </FormPanel>
  );
}

function RemoveButton({
  blockout,
  when,
  onRemoved,
}: {
  blockout: Blockout;
  when: string;
  onRemoved: (message: string) => void;
}) {
  const remove = useAction({
    run: unblockTime,
    context: 'backoffice',
    onSuccess: () => onRemoved(`${when} can be booked again.`),
    onFailure: (message) => toast({ title: 'Error', description: message, variant: 'destructive' }),
  });
  return (
    <Button
      ref={remove.buttonRef}
      type="button"
      $size="sm"
      $variant="outline"
      disabled={remove.busy}
      aria-busy={remove.busy}
      aria-label={`Remove the block-out ${when}`}
      onClick={() => remove.run(blockout.id)}
    >
      {remove.busy ? 'Removing...' : 'Remove'}
    </Button>
  );
}

/** The blocked times that touch the days shown, with Remove. */
export function BlockoutList({
  blockouts,
  timeZone,
  onRemoved,
}: {
  blockouts: readonly Blockout[];
  timeZone: string;
  onRemoved: (message: string) => void;
}) {
  if (blockouts.length === 0) return <Note>No time is blocked in these days.</Note>;
  const caption = 'Blocked times in these days';
  return (
    <CaptionedTable caption={caption}>
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Reason</th>
          <th scope="col">
            <span>Action</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {blockouts.map((blockout) => {
          const when = blockoutWhen(blockout, timeZone);
          return (
            <tr key={blockout.id}>
              <th scope="row">{when}</th>
              <td>{blockout.reason ?? ''}</td>
              <td>
                <RemoveButton blockout={blockout} when={when} onRemoved={onRemoved} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </CaptionedTable>
  );
}
