import styled from 'styled-components';
import {
  EmailField,
  Form,
  FormFailure,
  SubmitButton,
  SuccessNote,
  TextareaField,
  TextField,
  useFormSubmit,
} from 'shared-lib';
import { contactSchema } from 'shared-lib/validation';
import { sendContactMessage } from '../api/send-contact-message';

const Layout = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

/**
 * The message form: the spec's rules, one toast listing what is wrong and each error under its field (the first
 * invalid field takes focus), the message stored for the agency, then the success text where the button was.
 * What was typed stays when sending fails, so nothing is lost.
 */
export function ContactForm() {
  const form = useFormSubmit({
    initial: { name: '', email: '', message: '' },
    schema: contactSchema,
    send: sendContactMessage,
    clearOnSuccess: true,
    note: "Message sent! We'll get back to you within 24 hours.",
    success: { title: 'Message sent!', description: "We'll get back to you within 24 hours." },
  });

  return (
    <Layout form={form} aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <TextField {...form.field('name')} label="Name" autoComplete="name" required />
      <EmailField {...form.field('email')} required />
      <TextareaField {...form.field('message')} label="Message" required />
      <FormFailure form={form} />
      <SubmitButton form={form} busyLabel="Sending...">
        Send Message
      </SubmitButton>
      <SuccessNote form={form} />
    </Layout>
  );
}
