import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { CheckCircle2 } from 'lucide-react';
import {
  Button,
  Input,
  Label,
  normaliseDiscountCode,
  toast,
  useCartStore,
  selectAppliedCode,
} from 'shared-lib';
import { validateDiscountCode } from '../api/validate-discount-code';

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

/** A newsletter code: upper-cased as typed, checked by the backend, one at a time. */
export function DiscountCodeForm() {
  const applied = useCartStore(selectAppliedCode);
  const applyCode = useCartStore((s) => s.applyCode);
  const [code, setCode] = useState(() => localStorage.getItem('discount_code') ?? '');
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
      } else {
        toast({ title: 'Invalid discount code', variant: 'destructive' });
      }
    } catch (error) {
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
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
