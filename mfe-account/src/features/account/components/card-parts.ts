// Layout pieces the order and meeting cards share.
import styled from 'styled-components';
import { Card } from 'shared-lib';

export const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const ItemCard = styled(Card).attrs({ as: 'article' })`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
  overflow-wrap: anywhere;
`;

export const CardTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

export const Line = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.text};
`;

export const Subtle = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
