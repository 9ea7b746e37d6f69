import styled, { css } from 'styled-components';
import { Form } from 'shared-lib';

/**
 * A desk's form in a framed box. Its fields stand one under another, or, given `$fieldWidth` (a field's narrowest
 * width), side by side in as many columns as fit, with a `.wide` child across the whole row.
 */
export const FormPanel = styled(Form)<{ $fieldWidth?: string }>`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  ${({ $fieldWidth }) =>
    $fieldWidth &&
    css`
      grid-template-columns: repeat(auto-fit, minmax(${$fieldWidth}, 1fr));
      align-items: end;
      > .wide {
        grid-column: 1 / -1;
      }
    `}
`;
