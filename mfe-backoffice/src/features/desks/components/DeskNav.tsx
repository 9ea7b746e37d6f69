import { NavLink } from 'react-router-dom';
import styled from 'styled-components';
import { desks } from '../utils/desks';

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const DeskLink = styled(NavLink)`
  display: inline-block;
  padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  text-decoration: none;
  &:hover {
    border-color: ${({ theme }) => theme.colors.primary};
  }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.colors.primary};
    border-color: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

/** The back office's own navigation: one link per desk, the current one marked for screen readers too. */
export function DeskNav() {
  return (
    <nav aria-label="Back office">
      <List>
        {desks.map((desk) => (
          <li key={desk.path}>
            <DeskLink to={desk.path} end>
              {desk.label}
            </DeskLink>
          </li>
        ))}
      </List>
    </nav>
  );
}
