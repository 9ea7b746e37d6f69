import { useState } from 'react';
import styled from 'styled-components';
import { Button, EmailField, Label, Textarea, TextField, useFormSubmit } from 'shared-lib';
import { checkForm, contactSchema } from 'shared-lib/validation';
import { sendContactMessage } from '../api/send-contact-message';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const empty = { name: '', email: '', message: '' };

/** The message form: the spec's rules, one toast listing what is wrong, the message stored for the agency. */
export function ContactForm() {
  const [values, setValues] = useState(empty);
  const set = (field: keyof typeof empty) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const { submitting, onSubmit } = useFormSubmit({
    check: () => checkForm(contactSchema, values),
    send: sendContactMessage,
    // What was typed stays when sending fails, so nothing is lost.
    onSuccess: () => setValues(empty),
    success: { title: 'Message sent!', description: "We'll get back to you within 24 hours." },
  });

  return (
    <Form onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <TextField
        id="contact-name"
        label="Name"
        autoComplete="name"
        value={values.name}
        onChange={set('name')}
      />
      <EmailField id="contact-email" value={values.email} onChange={set('email')} />
      <div>
        <Label htmlFor="contact-message">Message</Label>
        <Textarea id="contact-message" value={values.message} onChange={set('message')} />
      </div>
      <Button type="submit" disabled={submitting}>
        {submitting ? 'Sending...' : 'Send Message'}
      </Button>
    </Form>
  );
}
