// What the checkout says before "Complete Purchase" (beyond the spec, #45.1): how and when one pays, when work
// starts, where the terms and the right of withdrawal are, and a consumer's required agreement that work may start
// within the withdrawal period, checked with the form's other fields (checkoutSchema).
import { useId } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { FieldError, paths, type FieldProps } from 'shared-lib';
import { PAYMENT_WORDS, START_CONSENT, withdrawalPath } from 'shared-lib/billing';

const Terms = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  p {
    margin: 0;
  }
`;

const Box = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space[2]};
  input {
    width: 1.125rem;
    height: 1.125rem;
    margin-top: 0.125rem;
    flex-shrink: 0;
  }
`;

export function PaymentTerms() {
  const headingId = useId();
  return (
    <Terms aria-labelledby={headingId}>
      <h3 id={headingId}>Payment</h3>
      <p>{PAYMENT_WORDS.method}</p>
      <p>{PAYMENT_WORDS.workStarts}</p>
      <p>
        Please read our <Link to={paths.terms}>Terms of Service</Link> and the{' '}
        <Link to={withdrawalPath}>right of withdrawal</Link>.
      </p>
    </Terms>
  );
}

/** The required box: ticked is 'yes'; its error, like a field's, is under it and marks it invalid. */
export function StartConsent({
  field,
  onChange,
}: {
  field: FieldProps;
  onChange: (checked: boolean) => void;
}) {
  const errorId = `${field.id}-error`;
  const describedBy = [field['aria-describedby'], field.error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div>
      <Box>
        <input
          id={field.id}
          name={field.name}
          type="checkbox"
          required
          checked={field.value === 'yes'}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={field.error ? true : undefined}
          aria-describedby={describedBy || undefined}
        />
        <label htmlFor={field.id}>{START_CONSENT.label}</label>
      </Box>
      {field.error ? <FieldError id={errorId}>{field.error}</FieldError> : null}
    </div>
  );
}
