import type { Dispatch, SetStateAction } from 'react';
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
  useLoad,
  useSessionStore,
  type CallType,
} from 'shared-lib';
import { bookingDetailsSchema } from 'shared-lib/validation';
import { bookDiscoveryCall } from '../api/book-discovery-call';
import { fetchAccountName } from '../api/fetch-account-name';
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

/** The database's rule (book_discovery_call): a booking is the account's only for the account's own address. */
const joinsAccount = (user: { email: string } | null, email: string): boolean =>
  user !== null && email.trim().toLowerCase() === user.email.trim().toLowerCase();
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
  /** Booked; `joinsAccount`: signed in and for the account's own address (any other address is a guest's hold). */
  onBooked: (slot: Slot, joinsAccount: boolean) => void;
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

  const email = user?.email ?? '';
  // What the visitor typed stays; an empty field takes the account's value. The name is a convenience: without
  // it, the email alone is filled in.
  useLoad(
    async (signal) => {
      const name = await fetchAccountName(signal).catch(() => '');
      if (!signal.aborted) setValues((v) => ({ ...v, email: v.email || email, name: v.name || name }));
    },
    [email, setValues],
    { context: 'booking', enabled: email !== '' },
  );

  const form = useFormSubmit({
    state: [values, setValues],
    schema: bookingDetailsSchema,
    send: (details) => bookDiscoveryCall({ ...details, slotStart: slot.slot_start }, callType),
    onSuccess: (_id, details) => {
      // The receipt (and a guest's link) go now; if the sender cannot be reached, its sweep sends them soon after.
      void sendQueuedEmails();
      onBooked(slot, joinsAccount(user, details.email));
    },
    // Beyond the spec (#30.1, #44): a guest's booking, and a signed-in one for another address, waits for the link
    // e-mailed to its address.
    success: (_id, details) =>
      joinsAccount(user, details.email)
        ? { title: 'Call booked!', description: "We'll confirm it by email within 24 hours." }
        : user
          ? {
              title: 'Check that inbox',
              description: 'The call is confirmed with the link we e-mailed to that address.',
            }
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
