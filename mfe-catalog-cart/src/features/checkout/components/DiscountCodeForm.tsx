import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CheckCircle2 } from 'lucide-react';
import {
  Button,
  errorToast,
  fieldAria,
  FieldError,
  Input,
  Label,
  normaliseDiscountCode,
  toast,
  useCartStore,
  selectAppliedCode,
} from 'shared-lib';
import { discountCodeStatus } from '../api/discount-code-status';
import { validateDiscountCode } from '../api/validate-discount-code';
import { forgetStoredCode, readStoredCode } from '../utils/stored-code';

/** Beyond the spec: a code the server knows but that an order has already used. */
export const CODE_ALREADY_USED = 'This discount code has already been used.';

/** The box's toasts replace each other: 'Discount code applied!' takes the place of an earlier refusal. */
const TOAST_GROUP = 'discount-code';

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
 * A newsletter code: upper-cased as typed, checked by the backend, one at a time. A refused code is told apart:
 * never issued ('Invalid discount code', spec) or already used on an order (CODE_ALREADY_USED); a used code
 * stored in this browser is forgotten.
 */
export function DiscountCodeForm() {
  const applied = useCartStore(selectAppliedCode);
  const applyCode = useCartStore((s) => s.applyCode);
  const [code, setCode] = useState(readStoredCode);
  const [busy, setBusy] = useState(false);
  // Why the last code was refused, kept under the field (the toast goes away).
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const appliedLine = useRef<HTMLParagraphElement>(null);
  const [settled, setSettled] = useState(0);

  // While the check runs the field and the button are disabled, which drops focus; when it has answered, focus
  // goes to the applied-code line, or back to the field to correct the code, never staying on <body>.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (settled === 0) return;
    // Unless the visitor has moved on elsewhere meanwhile.
    const active = document.activeElement;
    if (active && active !== document.body && !form.current?.contains(active)) return;
    (appliedLine.current ?? input.current)?.focus();
  }, [settled]);

  const refuse = (message: string) => {
    setError(message);
    toast({ title: message, variant: 'destructive', group: TOAST_GROUP });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const candidate = normaliseDiscountCode(code);
    if (!candidate) return;
    setBusy(true);
    setError(null);
    try {
      if (await validateDiscountCode(candidate)) {
        applyCode(candidate);
        toast({ title: 'Discount code applied! 🎉', group: TOAST_GROUP });
      } else if ((await discountCodeStatus(candidate)) === 'redeemed') {
        forgetStoredCode(candidate);
        refuse(CODE_ALREADY_USED);
      } else {
        refuse('Invalid discount code');
      }
    } catch (failure) {
      const shown = errorToast(failure, 'discount code');
      setError(shown.description ?? shown.title);
      toast({ ...shown, group: TOAST_GROUP });
    } finally {
      setBusy(false);
      setSettled((n) => n + 1);
    }
  };

  return (
    <form ref={form} onSubmit={(e) => void submit(e)}>
      <Label htmlFor="discount-code">Discount code</Label>
      <Row>
        <Input
          ref={input}
          id="discount-code"
          value={applied ?? code}
          onChange={(e) => {
            setCode(e.target.value.toUpperCase());
            setError(null);
          }}
          {...fieldAria('discount-code', { error: error ?? undefined })}
          disabled={Boolean(applied) || busy}
          autoComplete="off"
          spellCheck={false}
          placeholder="Enter code"
        />
        <Button type="submit" $variant="secondary" disabled={!code.trim() || busy || Boolean(applied)}>
          Apply
        </Button>
      </Row>
      {error && !applied ? <FieldError id="discount-code-error">{error}</FieldError> : null}
      {applied ? (
        <Applied ref={appliedLine} tabIndex={-1}>
          <CheckCircle2 size={18} aria-hidden /> {applied} applied
        </Applied>
      ) : null}
    </form>
  );
}
