import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { company, Container, darkSurfaceFocus, media } from 'shared-lib';
import { footerLinks } from './nav-links';

const Bar = styled.footer`
  margin-top: auto;
  border-top: 1px solid ${({ theme }) => theme.colors.darkBorder};
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDarkMuted};
  padding: ${({ theme }) => theme.space[7]} 0 ${({ theme }) => theme.space[6]};
  ${darkSurfaceFocus}
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  ${media.md} {
    grid-template-columns: 2fr 3fr;
  }
  /* Wide screens: the links take the width they need, on one line. */
  ${media.lg} {
    grid-template-columns: minmax(0, 1fr) auto;
    align-items: center;
  }
`;

const Brand = styled.p`
  margin: 0 0 0.5rem;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 800;
  color: ${({ theme }) => theme.colors.onDark};
`;

const Links = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]} ${({ theme }) => theme.space[5]};
  margin: 0;
  padding: 0;
  list-style: none;
  ${media.lg} {
    flex-wrap: nowrap;
    white-space: nowrap;
  }
  a {
    display: inline-block;
    padding: 0.25rem 0;
    color: ${({ theme }) => theme.colors.onDark};
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`;

const Legal = styled.p`
  margin: ${({ theme }) => theme.space[6]} 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export function Footer() {
  return (
    <Bar>
      <Container>
        <Columns>
          <div>
            <Brand>{company.name}</Brand>
            <p>
              Fixed-price AI automation for businesses. Results in 7-14 days, and you own everything we build.
            </p>
          </div>
          <nav aria-label="Footer">
            <Links>
              {footerLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </Links>
          </nav>
        </Columns>
        {/* The company's name and seat (shared-lib's company file), and that prices include VAT (#31.5). */}
        <Legal>
          © {new Date().getFullYear()} {company.legalName}, {company.address.street},{' '}
          {company.address.postalCode} {company.address.city}. All prices in euros, including VAT.
        </Legal>
      </Container>
    </Bar>
  );
}
