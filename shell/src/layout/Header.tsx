import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { Menu as MenuIcon, ShoppingCart, Sparkles, X } from 'lucide-react';
import {
  ButtonLink,
  Container,
  CountBadge,
  IconButton,
  IconLink,
  media,
  paths,
  selectCount,
  useCartStore,
} from 'shared-lib';
import { RemoteWidget } from '../federation/RemoteWidget';
import { AccountMenu } from './AccountMenu';
import { headerLinks } from './nav-links';
import { useScrolled } from './use-scrolled';

const Bar = styled.header<{ $compact: boolean }>`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.z.header};
  background: rgba(255, 255, 255, 0.92);
  backdrop-filter: saturate(180%) blur(12px);
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
  font-weight: 800;
  /* One line on a 375 px phone beside the three header buttons. */
  font-size: ${({ theme }) => theme.fontSizes.md};
  white-space: nowrap;
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

/** While the catalogue slice loads, or if it is down, the header still shows how many items are in the cart. */
function CartFallback() {
  const count = useCartStore(selectCount);
  return (
    <IconLink to={paths.howWeWork} aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}>
      <ShoppingCart size={20} aria-hidden />
      {count > 0 ? <CountBadge aria-hidden>{count}</CountBadge> : null}
    </IconLink>
  );
}

export function Header() {
  const compact = useScrolled(20);
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => {
    setMenuOpen(false);
  }, [location.pathname]);

  return (
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
          <div data-slot="cart">
            <RemoteWidget remote="catalog" expose="./CartButton" fallback={<CartFallback />} />
          </div>
          <AccountMenu />
          <MenuToggle
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
  );
}
