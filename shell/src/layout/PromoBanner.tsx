// The September banner (spec section 1) and its dialog. The offer is the newsletter code, which the server
// gives: the dialog says how to get and use it, and shows the newsletter form itself (`./NewsletterForm` of the
// marketing remote). With a marketing remote that lacks it (built before it), a link leads to the newsletter
// popup instead.
import { use, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Gift } from 'lucide-react';
import { darkSurfaceFocus, Dialog, FormSkeleton, paths } from 'shared-lib';
import { RemoteBoundary } from '../federation/RemoteBoundary';
import { loadExposed } from '../federation/remotes';

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

function NewsletterForm() {
  const Form = use(loadExposed('marketing', './NewsletterForm')).default;
  return <Form />;
}

/**
 * The fallback: the older marketing remote offers its form only in the popup, which opens on a page load for a
 * visitor who has not closed it before (spec section 1), so the link clears that flag and loads the home page.
 */
function SubscribeLink() {
  return (
    <p>
      <a href={paths.home} onClick={() => localStorage.removeItem('newsletter_popup_seen')}>
        Subscribe to AI Insights
      </a>
    </p>
  );
}

export function PromoBanner() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Banner type="button" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Gift size={16} aria-hidden />
        <span>
          10% off your first project order this September. <u>See the details</u>
        </span>
      </Banner>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="10% off your first project this September"
        description="Subscribe to AI Insights, our newsletter, and get a code for 10% off your first project order."
        wide
      >
        <Steps>
          <li>Subscribe below with your name and email.</li>
          <li>You receive your discount code at once. Copy it: it is also kept in this browser.</li>
          <li>
            Choose your services on{' '}
            <Link to={paths.howWeWork} onClick={() => setOpen(false)}>
              Our Services
            </Link>
            , sign in, and enter the code at checkout. Each code can be used once. If your cart already earns
            a larger volume discount, you get the larger one: discounts never stack.
          </li>
        </Steps>
        <RemoteBoundary
          remote="marketing"
          loading={<FormSkeleton fields={2} />}
          fallback={() => <SubscribeLink />}
        >
          <NewsletterForm />
        </RemoteBoundary>
        <p>
          Questions?{' '}
          <Link to={paths.contact} onClick={() => setOpen(false)}>
            Contact us
          </Link>{' '}
          and we reply within 24 hours.
        </p>
      </Dialog>
    </>
  );
}
