import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { Menu as MenuIcon, Sparkles, X } from 'lucide-react';
import { ButtonLink, Container, IconButton, media, paths, ToastDock } from 'shared-lib';
import { RemoteWidget } from '../federation/RemoteWidget';
import { AccountMenu } from './AccountMenu';
import { CartLoading, CartUnavailable } from './CartFallback';
import { headerLinks } from './nav-links';
import { useScrolled } from './use-scrolled';

/** Sticks to the top: the header, and below it the toast dock, whose toasts hang from the header on a phone. */
const Top = styled.div`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.z.header};
`;

const Bar = styled.header<{ $compact: boolean }>`
  position: relative;
  /* The frosted glass is a layer behind the content: backdrop-filter on the header itself would make it the
     containing block of fixed children, and the cart drawer (position: fixed) could not fill the screen. */
  &::before {
    content: '';
    position: absolute;
    inset: 0;
    z-index: -1;
    background: color-mix(in srgb, ${({ theme }) => theme.colors.bg} 92%, transparent);
    backdrop-filter: saturate(180%) blur(12px);
  }
  border-bottom: 1px solid ${({ theme, $compact }) => ($compact ? theme.colors.border : 'transparent')};
  box-shadow: ${({ theme, $compact }) => ($compact ? theme.shadows.sm : 'none')};
  transition:
    box-shadow 0.2s ease,
    border-color 0.2s ease;
`;

const Inner = styled(Container)<{ $compact: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  height: ${({ theme, $compact }) => ($compact ? theme.layout.headerHeightCompact : theme.layout.headerHeight)};
  transition: height 0.2s ease;
`;

const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  /* One line on a 375 px phone beside the three header buttons; on a narrower screen, or with wider text
     spacing (WCAG 1.4.12), the name wraps rather than pushing the menu button off the screen. */
  min-width: 0;
  line-height: 1.15;
  font-weight: 800;
  font-size: ${({ theme }) => theme.fontSizes.md};
  color: ${({ theme }) => theme.colors.ink};
  text-decoration: none;
  margin-right: auto;
  ${media.sm} {
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const navLink = css`
  padding: 0.5rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 500;
  text-decoration: none;
  &:hover {
    color: ${({ theme }) => theme.colors.primary};
  }
  &.active {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

const DesktopNav = styled.nav`
  display: none;
  ${media.lg} {
    display: flex;
    gap: ${({ theme }) => theme.space[1]};
  }
  a {
    ${navLink}
  }
`;

const Actions = styled.div`
  flex: none;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[1]};
`;

const Cta = styled(ButtonLink)`
  display: none;
  ${media.md} {
    display: inline-flex;
  }
`;

const MenuToggle = styled(IconButton)`
  ${media.lg} {
    display: none;
  }
`;

const MobileNav = styled.nav`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.bg};
  ${media.lg} {
    display: none;
  }
  ul {
    list-style: none;
    margin: 0;
    padding: ${({ theme }) => theme.space[3]} 0;
    display: grid;
    gap: ${({ theme }) => theme.space[1]};
  }
  a:not([data-cta]) {
    ${navLink}
    display: block;
    padding: 0.75rem;
  }
`;

/**
 * The cart's place in the header. Its content swaps (loading, the remote's cart button, the unavailable state,
 * loading again after Retry); when the control that had focus is swapped out, focus goes to the new one instead
 * of falling to <body>.
 */
function CartSlot({ children }: { children: ReactNode }) {
  const slot = useRef<HTMLDivElement>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    const element = slot.current;
    if (!element) return;
    const observer = new MutationObserver(() => {
      if (!hadFocus.current || element.contains(document.activeElement)) return;
      if (document.activeElement && document.activeElement !== document.body) return;
      element.querySelector<HTMLElement>('button, a[href]')?.focus();
    });
    observer.observe(element, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={slot}
      data-slot="cart"
      onFocus={() => {
        hadFocus.current = true;
      }}
      onBlur={(event) => {
        // Focus leaving for another control (not vanishing with a removed element) ends the slot's claim.
        if (event.relatedTarget) hadFocus.current = slot.current?.contains(event.relatedTarget) ?? false;
      }}
    >
      {children}
    </div>
  );
}

export function Header() {
  const compact = useScrolled(20);
  const [menuOpen, setMenuOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);
  // Escape closes the mobile menu and gives focus back to its toggle.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // The key is the menu's, not also the newest toast's.
      event.preventDefault();
      setMenuOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <Top>
      <Bar $compact={compact} data-compact={compact}>
        <Inner $compact={compact}>
          <Brand to={paths.home}>
            <Sparkles size={22} aria-hidden />
            AI Made Simple
          </Brand>
          <DesktopNav aria-label="Main">
            {headerLinks.map((link) => (
              <NavLink key={link.to} to={link.to} end={link.to === paths.home}>
                {link.label}
              </NavLink>
            ))}
          </DesktopNav>
          <Actions>
            <Cta to={paths.enterTheFuture} $size="sm">
              Enter the Future
            </Cta>
            <CartSlot>
              <RemoteWidget
                remote="catalog"
                expose="./CartButton"
                fallback={<CartLoading />}
                unavailable={(retry) => <CartUnavailable onRetry={retry} />}
              />
            </CartSlot>
            <AccountMenu />
            <MenuToggle
              ref={toggle}
              type="button"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X size={22} aria-hidden /> : <MenuIcon size={22} aria-hidden />}
            </MenuToggle>
          </Actions>
        </Inner>
        {menuOpen ? (
          <MobileNav id="mobile-menu" aria-label="Mobile">
            <Container>
              <ul>
                {headerLinks.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.to === paths.home}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <ButtonLink to={paths.enterTheFuture} $block data-cta>
                    Enter the Future
                  </ButtonLink>
                </li>
              </ul>
            </Container>
          </MobileNav>
        ) : null}
      </Bar>
      <ToastDock />
    </Top>
  );
}
