import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Copy } from 'lucide-react';
import {
  Button,
  EmailField,
  media,
  TextField,
  toast,
  useFocusAfterSubmit,
  useFormFeedback,
  useFormSubmit,
} from 'shared-lib';
import { isDuplicate, subscribeToNewsletter } from '../api/subscribe-to-newsletter';
import { storeDiscountCode } from '../utils/storage';
import { TeamIllustration } from './TeamIllustration';

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  ${media.md} {
    grid-template-columns: 1fr 1.2fr;
    align-items: center;
  }
`;

const Art = styled.div`
  display: none;
  ${media.md} {
    display: block;
  }
`;

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
`;

const Code = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space[4]};
  border: 2px dashed ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: 700;
  letter-spacing: 0.12em;
  text-align: center;
  color: ${({ theme }) => theme.colors.ink};
`;

// The popup opens on every first visit, most of which never use it: its validation (zod; its size is in
// docs/performance.md) loads when the visitor moves into the form, not with the popup.
const loadValidation = () => import('shared-lib/validation');

/** Subscribe, then show the code the database issued with a copy button. */
export default function NewsletterForm() {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState<string | null>(null);
  // Errors stay under their fields (the toast goes away); the first invalid field takes focus.
  const feedback = useFormFeedback<'name' | 'email'>();

  const { submitting, onSubmit } = useFormSubmit({
    check: async () => {
      const { checkForm, firstErrorMessage, newsletterSchema } = await loadValidation();
      return checkForm(newsletterSchema, { name, email }, firstErrorMessage, feedback.report);
    },
    // The database makes the code: a code chosen in the browser could be anything.
    send: (subscriber) => subscribeToNewsletter(subscriber),
    onSuccess: (discountCode) => {
      storeDiscountCode(discountCode);
      setCode(discountCode);
    },
    success: { title: 'Success! 🎉', description: 'Your discount code has been generated!' },
    failure: (error) => {
      if (!isDuplicate(error)) return undefined;
      feedback.report({ email: 'This email is already subscribed!' });
      return {
        title: 'Already Subscribed',
        description: 'This email is already subscribed!',
        variant: 'destructive',
      };
    },
  });
  useFocusAfterSubmit(feedback, submitting);
  // The form gives way to the code: focus goes with it instead of falling to <body>.
  const issued = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (code) issued.current?.focus();
  }, [code]);

  const copy = async () => {
    if (!code) return;
    await navigator.clipboard.writeText(code);
    toast({ title: 'Copied!', description: 'Discount code copied to clipboard' });
  };

  return (
    <Layout>
      <Art>
        <TeamIllustration />
      </Art>
      {code ? (
        <div ref={issued} tabIndex={-1} style={{ display: 'grid', gap: '0.75rem' }}>
          <p style={{ margin: 0 }}>Your 10% discount code:</p>
          <Code aria-live="polite">{code}</Code>
          <Button onClick={() => void copy()}>
            <Copy size={18} aria-hidden /> Copy code
          </Button>
          <p style={{ margin: 0, fontSize: '0.875rem' }}>
            Enter it at checkout. It is also saved in this browser.
          </p>
        </div>
      ) : (
        <Form ref={feedback.formRef} onSubmit={onSubmit} onFocus={() => void loadValidation()} noValidate>
          <p style={{ margin: 0 }}>
            Join AI Insights, our newsletter on practical AI, and get <strong>10% off</strong> your first
            project.
          </p>
          <TextField
            id="newsletter-name"
            label="Name"
            autoComplete="given-name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              feedback.clear('name');
            }}
            error={feedback.errors.name}
          />
          <EmailField
            id="newsletter-email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              feedback.clear('email');
            }}
            error={feedback.errors.email}
          />
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Subscribing...' : 'Get my 10% code'}
          </Button>
        </Form>
      )}
    </Layout>
  );
}
