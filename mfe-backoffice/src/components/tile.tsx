import styled from 'styled-components';

/** A framed box of the back office with a small heading: the start page's tiles, the newsletter desk's count. */
export const Tile = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  align-content: start;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
    color: ${({ theme }) => theme.colors.muted};
  }
  p {
    margin: 0;
  }
`;

/** A tile's figure: a count or a sum, large. */
export const Figure = styled.p`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.ink};
`;
