import { useEffect, type Dispatch, type SetStateAction } from 'react';
import styled from 'styled-components';
import {
  Button,
  EmailField,
  fieldAria,
  FieldFrame,
  getSupabase,
  selectUser,
  Textarea,
  TextField,
  useFocusAfterSubmit,
  useFormFeedback,
  useFormSubmit,
  useSessionStore,
} from 'shared-lib';
import { bookingSchema, checkForm } from 'shared-lib/validation';
import { bookDiscoveryCall, SlotUnavailableError } from '../api/booking';
import type { Slot } from '../utils/slots';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[3]};
`;

/** What the visitor types; the calendar keeps it, so changing the time or a refused time loses nothing. */
interface BookingDetails {
  name: string;
  email: string;
  note: string;
}
export const emptyBookingDetails: BookingDetails = { name: '', email: '', note: '' };
type Field = keyof BookingDetails;

interface BookingFormProps {
  slot: Slot;
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
  slotLabel,
  values,
  setValues,
  onBooked,
  onRefused,
  onChangeTime,
}: BookingFormProps) {
  const user = useSessionStore(selectUser);
  const feedback = useFormFeedback<Field>();

  useEffect(() => {
    if (!user) return;
    let current = true;
    // The name, when the account has one, is in the session's metadata (read locally, no request).
    void getSupabase()
      .then((supabase) => supabase.auth.getSession())
      .then(({ data }) => {
        const meta = data.session?.user.user_metadata ?? {};
        const name =
          typeof meta.full_name === 'string'
            ? meta.full_name
            : typeof meta.name === 'string'
              ? meta.name
              : '';
        if (current) setValues((v) => ({ ...v, email: v.email || user.email, name: v.name || name }));
      })
      .catch(() => {
        if (current) setValues((v) => ({ ...v, email: v.email || user.email }));
      });
    return () => {
      current = false;
    };
  }, [user, setValues]);

  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    feedback.clear(field);
  };
  const form = useFormSubmit({
    check: () =>
      checkForm(bookingSchema, { ...values, slotStart: slot.slot_start }, undefined, feedback.report),
    send: async (booking) => {
      try {
        return await bookDiscoveryCall(booking);
      } catch (error) {
        if (error instanceof SlotUnavailableError) onRefused(error.message);
        throw error;
      }
    },
    onSuccess: () => onBooked(slot),
    success: { title: 'Call booked!', description: "We'll confirm it by email within 24 hours." },
    failure: (error) =>
      error instanceof SlotUnavailableError
        ? { title: 'Time no longer available', description: error.message, variant: 'destructive' }
        : undefined,
  });
  useFocusAfterSubmit(feedback, form.submitting);
  const { errors } = feedback;

  return (
    <Form ref={feedback.formRef} onSubmit={form.onSubmit} noValidate aria-labelledby="booking-form-title">
      <div>
        <h3 id="booking-form-title">Your details</h3>
        <p>
          Discovery Call: <strong>{slotLabel}</strong>
        </p>
      </div>
      <TextField
        id="booking-name"
        label="Name"
        autoComplete="name"
        value={values.name}
        onChange={set('name')}
        required
        error={errors.name}
      />
      <EmailField
        id="booking-email"
        value={values.email}
        onChange={set('email')}
        required
        error={errors.email}
      />
      <FieldFrame id="booking-note" label="Note (optional)" error={errors.note}>
        <Textarea
          id="booking-note"
          value={values.note}
          onChange={set('note')}
          placeholder="What would you like to talk about?"
          {...fieldAria('booking-note', { error: errors.note })}
        />
      </FieldFrame>
      <Actions>
        <Button type="submit" disabled={form.submitting}>
          {form.submitting ? 'Booking...' : 'Confirm booking'}
        </Button>
        <Button $variant="outline" onClick={onChangeTime} disabled={form.submitting}>
          Change time
        </Button>
      </Actions>
    </Form>
  );
}
