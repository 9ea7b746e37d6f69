import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Input, Label, Textarea, toast } from 'shared-lib';
import { contactSchema, errorMessages } from 'shared-lib/validation';
import { sendContactMessage } from '../api/send-contact-message';

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const empty = { name: '', email: '', message: '' };

/** The message form: the spec's rules, one toast listing what is wrong, the message stored for the agency. */
export function ContactForm() {
  const [values, setValues] = useState(empty);
  const [sending, setSending] = useState(false);
  const set = (field: keyof typeof empty) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = contactSchema.safeParse(values);
    if (!parsed.success) {
      toast({
        title: 'Validation Error',
        description: errorMessages(parsed.error).join(', '),
        variant: 'destructive',
      });
      return;
    }
    setSending(true);
    try {
      await sendContactMessage(parsed.data);
      toast({ title: 'Message sent!', description: "We'll get back to you within 24 hours." });
      setValues(empty);
    } catch (error) {
      // What was typed stays, so nothing is lost.
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  };

  return (
    <Form onSubmit={(e) => void submit(e)} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us a message</h2>
      <div>
        <Label htmlFor="contact-name">Name</Label>
        <Input id="contact-name" autoComplete="name" value={values.name} onChange={set('name')} />
      </div>
      <div>
        <Label htmlFor="contact-email">Email</Label>
        <Input
          id="contact-email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
        />
      </div>
      <div>
        <Label htmlFor="contact-message">Message</Label>
        <Textarea id="contact-message" value={values.message} onChange={set('message')} />
      </div>
      <Button type="submit" disabled={sending}>
        {sending ? 'Sending...' : 'Send Message'}
      </Button>
    </Form>
  );
}
