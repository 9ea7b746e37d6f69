import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Copy } from 'lucide-react';
import {
  Button,
  EmailField,
  Form,
  FormFailure,
  isApiError,
  media,
  SubmitButton,
  TextField,
  toast,
  useFormSubmit,
} from 'shared-lib';
import { subscribeToNewsletter } from '../api/subscribe-to-newsletter';
import { storeDiscountCode } from '../utils/storage';
import { ResendCode } from './ResendCode';
import { TeamIllustration } from './TeamIllustration';

const Columns = styled.div`
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

const Layout = styled(Form)`
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
  const [code, setCode] = useState<string | null>(null);
  // The address the server called already subscribed, while it is still the one in the field.
  const [subscribed, setSubscribed] = useState<string | null>(null);
  const values = useState({ name: '', email: '' });
  const email = values[0].email.trim();
  const form = useFormSubmit({
    state: values,
    loadSchema: () => loadValidation().then((validation) => validation.newsletterSchema),
    // The spec's newsletter toast names only the first failing rule; each error stays under its field.
    invalidToast: 'first',
    // The database makes the code: a code chosen in the browser could be anything.
    send: subscribeToNewsletter,
    onSuccess: (discountCode) => {
      storeDiscountCode(discountCode);
      setCode(discountCode);
    },
    success: { title: 'Success! 🎉', description: 'Your discount code has been generated!' },
    refusal: (error) =>
      isApiError(error, '23505')
        ? { title: 'Already Subscribed', description: 'This email is already subscribed!', field: 'email' }
        : undefined,
    onFailure: ({ error }) => setSubscribed(isApiError(error, '23505') ? email : null),
  });
  const resendTo = subscribed !== null && email === subscribed ? subscribed : null;
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
    <Columns>
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
        <div style={{ display: 'grid', gap: '1rem' }}>
          <Layout form={form}>
            <p style={{ margin: 0 }}>
              Join AI Insights, our newsletter on practical AI, and get <strong>10% off</strong> your first
              project.
            </p>
            <TextField {...form.field('name')} label="Name" autoComplete="given-name" />
            <EmailField {...form.field('email')} />
            <FormFailure form={form} />
            <SubmitButton form={form} busyLabel="Subscribing...">
              Get my 10% code
            </SubmitButton>
          </Layout>
          {resendTo ? <ResendCode key={resendTo} email={resendTo} /> : null}
        </div>
      )}
    </Columns>
  );
}
