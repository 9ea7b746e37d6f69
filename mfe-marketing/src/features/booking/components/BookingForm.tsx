import { useEffect, type Dispatch, type SetStateAction } from 'react';
import styled from 'styled-components';
import {
  Button,
  describeError,
  EmailField,
  Form,
  FormFailure,
  isApiError,
  selectUser,
  sendQueuedEmails,
  SubmitButton,
  TextareaField,
  TextField,
  useFormSubmit,
  useSessionStore,
  type CallType,
} from 'shared-lib';
import { bookingDetailsSchema } from 'shared-lib/validation';
import { bookDiscoveryCall } from '../api/book-discovery-call';
import { knownName } from '../api/known-name';
import type { Slot } from '../utils/slots';

const Layout = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

/**
 * Beyond the spec (issue #30): the database's refusals of a second upcoming call, by their codes. An address that
 * already has one is told only that its owner was e-mailed a link to manage it (the purchase issue sends that
 * e-mail), never that call's date; an account is told where its call is.
 */
const BOOKING_REFUSALS = {
  address_has_booking: "We've e-mailed that address a link to manage its booking.",
  account_has_booking:
    'You already have an upcoming call with us. You will find it under Meetings in your account.',
} as const;
const ALREADY_BOOKED = 'Call already booked';

/** What the visitor types; the calendar keeps it, so changing the time or a refused time loses nothing. */
type BookingDetails = { name: string; email: string; note: string };
export const emptyBookingDetails: BookingDetails = { name: '', email: '', note: '' };

interface BookingFormProps {
  slot: Slot;
  callType: CallType;
  /** The call's name as the page shows it ('Discovery Call'). */
  callName: string;
  /** The slot in words, in the visitor's time zone. */
  slotLabel: string;
  values: BookingDetails;
  setValues: Dispatch<SetStateAction<BookingDetails>>;
  onBooked: (slot: Slot) => void;
  /** The database refused the time (taken meanwhile, or no longer bookable): its words. */
  onRefused: (message: string) => void;
  onChangeTime: () => void;
}

/**
 * The booking's details: name, email and an optional note, under the contact form's rules and feedback (errors
 * under the fields, the first invalid one focused, a toast). A signed-in customer finds their email (and name,
 * when their account has one) filled in.
 */
export function BookingForm({
  slot,
  callType,
  callName,
  slotLabel,
  values,
  setValues,
  onBooked,
  onRefused,
  onChangeTime,
}: BookingFormProps) {
  const user = useSessionStore(selectUser);

  useEffect(() => {
    if (!user) return;
    let current = true;
    // The e-mail at once; the name when the account knows one. What was typed meanwhile is kept.
    setValues((v) => ({ ...v, email: v.email || user.email }));
    knownName().then(
      (name) => current && setValues((v) => ({ ...v, name: v.name || name })),
      // Without it the customer types their name, as a guest does.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [user, setValues]);

  const form = useFormSubmit({
    state: [values, setValues],
    schema: bookingDetailsSchema,
    send: (details) => bookDiscoveryCall({ ...details, slotStart: slot.slot_start }, callType),
    onSuccess: () => {
      // The receipt (and a guest's link) go now; if the sender cannot be reached, its sweep sends them soon after.
      void sendQueuedEmails();
      onBooked(slot);
    },
    // Beyond the spec (#30.1): a guest's booking waits for the link e-mailed to its address.
    success: user
      ? { title: 'Call booked!', description: "We'll confirm it by email within 24 hours." }
      : { title: 'Check your email', description: 'Confirm your call with the link we e-mailed you.' },
    refusal: (error) => {
      // The database refused the time (P0001, in its own words): the calendar says so and loads the times again.
      if (isApiError(error, 'P0001')) {
        return { title: 'Time no longer available', description: describeError(error).message };
      }
      if (isApiError(error, 'address_has_booking')) {
        return { title: ALREADY_BOOKED, description: BOOKING_REFUSALS.address_has_booking, field: 'email' };
      }
      if (isApiError(error, 'account_has_booking')) {
        return { title: ALREADY_BOOKED, description: BOOKING_REFUSALS.account_has_booking };
      }
      return undefined;
    },
    onFailure: ({ error, message }) => {
      if (isApiError(error, 'P0001')) onRefused(message);
    },
  });

  return (
    <Layout form={form} aria-labelledby="booking-form-title">
      <div>
        <h3 id="booking-form-title">Your details</h3>
        <p>
          {callName}: <strong>{slotLabel}</strong>
        </p>
      </div>
      <TextField {...form.field('name')} label="Name" autoComplete="name" required />
      <EmailField {...form.field('email')} required />
      <TextareaField
        {...form.field('note')}
        label="Note (optional)"
        placeholder="What would you like to talk about?"
      />
      <FormFailure form={form} />
      <Actions>
        <SubmitButton form={form} busyLabel="Booking...">
          Confirm booking
        </SubmitButton>
        <Button $variant="outline" onClick={onChangeTime} disabled={form.submitting}>
          Change time
        </Button>
      </Actions>
    </Layout>
  );
}
