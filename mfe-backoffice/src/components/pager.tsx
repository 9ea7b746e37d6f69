import { Link } from 'react-router-dom';
import styled from 'styled-components';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[4]};
  margin-top: ${({ theme }) => theme.space[4]};
`;

/** Previous and Next between a list's pages (the orders, the leads); `href` gives a page's address. */
export function Pager({
  page,
  pages,
  href,
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
}) {
  if (pages <= 1) return null;
  return (
    <Nav aria-label="Pages">
      {page > 1 ? <Link to={href(page - 1)}>Previous page</Link> : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? <Link to={href(page + 1)}>Next page</Link> : null}
    </Nav>
  );
}
