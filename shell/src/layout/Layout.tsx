import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { LiveRegion, Toaster } from 'shared-lib';
import { useRecoveryRedirect } from '../auth/use-recovery-redirect';
import { RemoteWidget } from '../federation/RemoteWidget';
import { Footer } from './Footer';
import { Header } from './Header';
import { PromoBanner } from './PromoBanner';
import { useRouteFocus } from './use-route-focus';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
`;

const SkipLink = styled.a`
  position: absolute;
  left: 0.5rem;
  top: -3rem;
  z-index: 100;
  padding: 0.5rem 1rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  &:focus {
    top: 0.5rem;
  }
`;

const Main = styled.main`
  flex: 1;
  &:focus {
    outline: none;
  }
`;

export function Layout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);
  useRecoveryRedirect();
  // A new page starts at the top at once: the stylesheet's smooth scrolling is for in-page anchors, and animating
  // up from the footer would slide the next page's skeleton past the visitor. (Block body: scrollTo returns a
  // promise in current Chromium, and an effect must not return anything but a cleanup function.)
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname]);
  return (
    <Page>
      {/* The polite live region is on the page from the start, empty; announce() fills it later. */}
      <LiveRegion />
      <SkipLink href="#main">Skip to content</SkipLink>
      <Header />
      <Main id="main" tabIndex={-1} ref={main}>
        {children}
      </Main>
      <Footer />
      {/* Fixed to the bottom of the window, so last in the reading and tab order too. */}
      <PromoBanner afterDismiss={main} />
      {/* Into the header's toast dock (after the header in the tab order), or <body> under a modal dialog. */}
      <Toaster />
      {/* The cart's backend sync, headless; a catalogue remote without it saves from its cart button. */}
      <RemoteWidget remote="catalog" expose="./CartSync" />
      <RemoteWidget remote="marketing" expose="./NewsletterPopup" />
      <RemoteWidget remote="marketing" expose="./PurchaseToast" />
    </Page>
  );
}
