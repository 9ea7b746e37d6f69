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
  type CartItem,
  type DiscountCodeStatus,
} from 'shared-lib';
import { quoteCart } from '../api/quote-cart';
import { forgetStoredCode, readStoredCode } from '../utils/stored-code';

/**
 * Why a code gives this order nothing, by the server's quote: 'Invalid discount code' is the spec's; the others
 * are beyond the spec, the minimal honest words until the polish issue (#33) words them for good: a code used on
 * an order, a code on an account that has had its one code discount, a code the volume discount already matches
 * (issue #30: the last two stay unused).
 */
export const CODE_REFUSALS = {
  unknown: 'Invalid discount code',
  redeemed: 'This discount code has already been used.',
  account_used: 'Your account has already used a discount code, so this one gives nothing and stays unused.',
  no_benefit:
    'Your volume discount is already as large as this code, so it gives nothing on this order and stays unused.',
} as const satisfies Record<Exclude<DiscountCodeStatus, 'valid'>, string>;
export const CODE_ALREADY_USED = CODE_REFUSALS.redeemed;

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
 * The server's quote of this order with the code says whether it applies (one call, so a mistyped code counts once
 * against the wrong-code budget); a refused code is told apart (CODE_REFUSALS), and a used code stored in this
 * browser is forgotten.
 */
async function applicableCode(items: readonly CartItem[], code: string): Promise<string> {
  const candidate = normaliseDiscountCode(code);
  const { code_status: status } = await quoteCart(items, candidate);
  if (status === 'valid') return candidate;
  if (status === 'redeemed') forgetStoredCode(candidate);
  throw new FormRefusal({ title: CODE_REFUSALS[status ?? 'unknown'], field: 'code' });
}

/**
 * A newsletter code: upper-cased as typed, one at a time; once applied the box shows it, locked, and the
 * applied line takes focus from the disabled field and button. `status` is where the applied code stands in the
 * checkout's latest quote: the line says 'applied' only while the code gives the order its discount.
 */
export function DiscountCodeForm({
  items,
  status,
}: {
  items: readonly CartItem[];
  status: DiscountCodeStatus | null;
}) {
  const applied = useCartStore(selectAppliedCode);
  const applyCode = useCartStore((s) => s.applyCode);
  const form = useFormSubmit({
    initial: { code: readStoredCode() },
    send: ({ code }) => applicableCode(items, code),
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
      {applied && (status === null || status === 'valid') ? (
        <Applied ref={form.noteRef} tabIndex={-1}>
          <CheckCircle2 size={18} aria-hidden /> {applied} applied
        </Applied>
      ) : null}
    </Form>
  );
}
