import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Gift } from 'lucide-react';
import { darkSurfaceFocus, Dialog, paths } from 'shared-lib';

const Banner = styled.button`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  width: 100%;
  min-height: 2.5rem;
  padding: 0.5rem 1rem;
  border: 0;
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  text-align: center;
  /* The ring goes inside: outside it would sit under the sticky header. */
  ${darkSurfaceFocus}
  &:focus-visible {
    outline-offset: -5px;
  }
  u {
    text-underline-offset: 3px;
  }
`;

const Steps = styled.ol`
  padding-left: 1.25rem;
  li {
    margin-bottom: 0.5rem;
  }
`;

export function PromoBanner() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Banner type="button" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Gift size={16} aria-hidden />
        <span>
          September special: 10% off your first project order. <u>See the details</u>
        </span>
      </Banner>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="10% off your first project this September"
        description="Order your first fixed-price project during September and we take 10% off the price."
      >
        <Steps>
          <li>
            Choose any service on{' '}
            <Link to={paths.howWeWork} onClick={() => setOpen(false)}>
              Our Services
            </Link>{' '}
            and add it to your cart.
          </li>
          <li>Sign in or create an account, then go to checkout before the end of September.</li>
          <li>
            The 10% comes off at checkout. If your cart already earns a larger volume discount, you get the
            larger one: discounts never stack.
          </li>
        </Steps>
        <p>
          The offer is for your first project order only. Questions?{' '}
          <Link to={paths.contact} onClick={() => setOpen(false)}>
            Contact us
          </Link>{' '}
          and we reply within 24 hours.
        </p>
      </Dialog>
    </>
  );
}
