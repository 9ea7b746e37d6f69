import * as Menu from '@radix-ui/react-dropdown-menu';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { LogOut, User, UserCircle } from 'lucide-react';
import { IconButton, paths, signOut, toast, type SessionUser } from 'shared-lib';

const Content = styled(Menu.Content)`
  z-index: ${({ theme }) => theme.z.dropdown};
  min-width: 13rem;
  padding: 0.375rem;
  background: ${({ theme }) => theme.colors.bg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const Email = styled.p`
  margin: 0;
  padding: 0.5rem 0.75rem;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.muted};
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Item = styled(Menu.Item)`
  display: flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.625rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  cursor: pointer;
  outline: none;
  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
  /* The site's focus ring for keyboard focus (the highlight alone is 1.15:1 against the menu). */
  &:focus-visible {
    outline: 3px solid var(--focus-ring, ${({ theme }) => theme.colors.focus});
    outline-offset: -3px;
  }
`;

/**
 * What a sign-out says, for the menu that vanished with it said nothing (beyond the spec, docs/architecture.md).
 * "On this device": the sign-out ends this browser's session only.
 */
export const SIGNED_OUT = {
  title: 'Signed out',
  description: 'You are signed out on this device.',
} as const;

/** The signed-in user's menu: My Account and Sign Out (Radix: roving focus, arrow keys, Escape). */
export default function SignedInMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const { key } = useLocation();
  // Signed out at once, even offline: the server's part is best effort (shared-lib's signOut).
  const handleSignOut = () => {
    navigate(paths.home);
    void signOut({ on: key });
    toast(SIGNED_OUT);
  };
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <IconButton type="button" aria-label="Account menu">
          <UserCircle size={22} aria-hidden />
        </IconButton>
      </Menu.Trigger>
      <Menu.Portal>
        <Content align="end" sideOffset={8}>
          <Email>{user.email}</Email>
          <Item asChild>
            <Link to={paths.account}>
              <User size={16} aria-hidden /> My Account
            </Link>
          </Item>
          <Item onSelect={handleSignOut}>
            <LogOut size={16} aria-hidden /> Sign Out
          </Item>
        </Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
