import { useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  EmailField,
  fieldAria,
  FieldFrame,
  FormNote,
  Textarea,
  TextField,
  useFocusAfterSubmit,
  useFormFeedback,
  useFormSubmit,
} from 'shared-lib';
import { checkForm, contactSchema } from 'shared-lib/validation';
import { sendContactMessage } from '../api/send-contact-message';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const empty = { name: '', email: '', message: '' };
type Field = keyof typeof empty;

/**
 * The message form: the spec's rules, one toast listing what is wrong and each error under its field (the first
 * invalid field takes focus), the message stored for the agency, then the success text where the button was.
 */
export function ContactForm() {
  const [values, setValues] = useState(empty);
  const feedback = useFormFeedback<Field>();
  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    feedback.clear(field);
  };
  const form = useFormSubmit({
    check: () => checkForm(contactSchema, values, undefined, feedback.report),
    send: sendContactMessage,
    // What was typed stays when sending fails, so nothing is lost.
    onSuccess: () => {
      setValues(empty);
      feedback.succeed("Message sent! We'll get back to you within 24 hours.");
    },
    success: { title: 'Message sent!', description: "We'll get back to you within 24 hours." },
  });
  useFocusAfterSubmit(feedback, form.submitting);
  const { errors } = feedback;

  return (
    <Form ref={feedback.formRef} onSubmit={form.onSubmit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <TextField
        id="contact-name"
        label="Name"
        autoComplete="name"
        value={values.name}
        onChange={set('name')}
        required
        error={errors.name}
      />
      <EmailField
        id="contact-email"
        value={values.email}
        onChange={set('email')}
        required
        error={errors.email}
      />
      <FieldFrame id="contact-message" label="Message" required error={errors.message}>
        <Textarea
          id="contact-message"
          value={values.message}
          onChange={set('message')}
          required
          {...fieldAria('contact-message', { error: errors.message })}
        />
      </FieldFrame>
      <Button type="submit" disabled={form.submitting}>
        {form.submitting ? 'Sending...' : 'Send Message'}
      </Button>
      {feedback.note ? (
        <FormNote ref={feedback.noteRef} tabIndex={-1}>
          {feedback.note}
        </FormNote>
      ) : null}
    </Form>
  );
}
