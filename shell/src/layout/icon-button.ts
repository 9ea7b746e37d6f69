import styled, { css } from 'styled-components';
import { Link } from 'react-router-dom';

const iconButton = css`
  position: relative;
  display: inline-grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: transparent;
  color: ${({ theme }) => theme.colors.ink};
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

export const IconButton = styled.button`
  ${iconButton}
`;
export const IconLink = styled(Link)`
  ${iconButton}
`;
