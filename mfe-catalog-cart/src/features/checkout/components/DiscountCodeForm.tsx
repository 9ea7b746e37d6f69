import { useId, useRef } from 'react';
import styled from 'styled-components';
import { CheckCircle2 } from 'lucide-react';
import {
  Button,
  CODE_DISCOUNT_PERCENT,
  fieldAria,
  FieldFrame,
  Form,
  FormFailure,
  FormNote,
  FormRefusal,
  Input,
  normaliseDiscountCode,
  selectAppliedCode,
  SubmitButton,
  useCartStore,
  useFormSubmit,
  volumeDiscount,
  type CartItem,
  type DiscountCodeStatus,
} from 'shared-lib';
import { quoteCart } from '../api/quote-cart';
import { forgetStoredCode, readStoredCode } from '../utils/stored-code';

/**
 * Why a code gives this order nothing, by the server's quote: 'Invalid discount code' is the spec's; the others
 * are beyond the spec (issues #30 and #33): a code used on an order, a code on an account that has had its one
 * code discount, and a code the volume discount of this many items already matches or beats (the last two stay
 * unused, for a later order). The last is good news, said as a note, never as an error (#45.5).
 */
const CODE_REFUSALS = {
  unknown: 'Invalid discount code',
  redeemed: 'This discount code has already been used.',
  account_used: 'Your account has already used a discount code, so this one gives nothing and stays unused.',
} as const;
export const CODE_ALREADY_USED = CODE_REFUSALS.redeemed;

export function codeRefusal(status: Exclude<DiscountCodeStatus, 'valid'>, itemCount: number): string {
  if (status !== 'no_benefit') return CODE_REFUSALS[status];
  const { percent } = volumeDiscount(itemCount);
  const than = percent > CODE_DISCOUNT_PERCENT ? 'better than' : 'as good as';
  return `Your ${percent}% volume discount is ${than} this code; keep it for a later order.`;
}

/** Beyond the spec: an applied code can be taken off the order again. */
export const REMOVE_CODE = 'Remove code';

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

/** A code that applies, or one kept for a later order because the volume discount is as good or better. */
type CodeOutcome = { applied: string } | { kept: string };

/**
 * The server's quote of this order with the code says whether it applies (one call, so a mistyped code counts once
 * against the wrong-code budget); a refused code is told apart (CODE_REFUSALS), and a used code stored in this
 * browser is forgotten.
 */
async function applicableCode(items: readonly CartItem[], code: string): Promise<CodeOutcome> {
  const candidate = normaliseDiscountCode(code);
  const { code_status: status } = await quoteCart(items, candidate);
  if (status === 'valid') return { applied: candidate };
  if (status === 'no_benefit') return { kept: codeRefusal(status, items.length) };
  if (status === 'redeemed') forgetStoredCode(candidate);
  throw new FormRefusal({ title: codeRefusal(status ?? 'unknown', items.length), field: 'code' });
}

/**
 * A newsletter code: upper-cased as typed, one at a time; once applied the box shows it, locked, and the
 * applied line takes focus from the disabled field and button. `status` is where the applied code stands in the
 * checkout's latest quote: the line says 'applied' only while the code gives the order its discount.
 */
export function DiscountCodeForm({
  items,
  status,
  toastGroup,
}: {
  items: readonly CartItem[];
  status: DiscountCodeStatus | null;
  /** The page's toast group, shared with its other forms (the checkout's). */
  toastGroup?: string;
}) {
  const applied = useCartStore(selectAppliedCode);
  const applyCode = useCartStore((s) => s.applyCode);
  const form = useFormSubmit({
    initial: { code: readStoredCode() },
    toastGroup,
    send: ({ code }) => applicableCode(items, code),
    onSuccess: (outcome) => {
      if ('applied' in outcome) applyCode(outcome.applied);
    },
    success: (outcome) => ('applied' in outcome ? { title: 'Discount code applied! 🎉' } : undefined),
    // A better volume discount is said beside the field, in the success style, and describes it (#45.5).
    note: (outcome) => ('kept' in outcome ? outcome.kept : ''),
  });
  const noteId = `${useId()}-note`;
  const field = form.field('code');
  const error = applied ? undefined : field.error;
  const input = useRef<HTMLInputElement>(null);
  // The code goes back into the box, free to apply again; the box takes focus from the vanished button.
  const removeCode = () => {
    form.set('code', applied ?? '');
    applyCode(null);
    window.setTimeout(() => input.current?.focus());
  };

  return (
    <Form form={form}>
      <FieldFrame id={field.id} label="Discount code" error={error}>
        <Row>
          <Input
            ref={input}
            id={field.id}
            name={field.name}
            value={applied ?? field.value}
            onChange={(event) => form.set('code', event.target.value.toUpperCase())}
            // Not described by the form's failure (a lost connection): that is not the code's fault, and read with
            // the field it made a valid code sound wrong. The failure describes the Apply button instead.
            {...fieldAria(field.id, { error }, form.note ? noteId : undefined)}
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
      {form.note ? (
        <FormNote ref={form.noteRef} id={noteId} tabIndex={-1} role="status">
          {form.note}
        </FormNote>
      ) : null}
      {applied && (status === null || status === 'valid') ? (
        <Applied ref={form.noteRef} tabIndex={-1}>
          <CheckCircle2 size={18} aria-hidden /> {applied} applied
        </Applied>
      ) : null}
      {applied ? (
        <Button type="button" $variant="ghost" $size="sm" onClick={removeCode}>
          {REMOVE_CODE}
        </Button>
      ) : null}
    </Form>
  );
}
