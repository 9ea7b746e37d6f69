import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { ButtonLink, Container, paths, PageMeta } from 'shared-lib';
import { markPageRendered } from '../federation/use-after-first-load';

const Wrapper = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[9]} 0;
  text-align: center;
`;

const Code = styled.h1`
  font-size: clamp(4rem, 3rem + 6vw, 7rem);
  margin: 0;
  color: ${({ theme }) => theme.colors.primary};
`;

export function NotFound() {
  const location = useLocation();
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', location.pathname);
  }, [location.pathname]);
  useEffect(markPageRendered, []);
  return (
    <Container>
      <PageMeta title="Page not found" notFound />
      <Wrapper>
        <Code>404</Code>
        <p style={{ fontSize: '1.25rem' }}>Oops! Page not found</p>
        <ButtonLink to={paths.home}>Return to Home</ButtonLink>
      </Wrapper>
    </Container>
  );
}
