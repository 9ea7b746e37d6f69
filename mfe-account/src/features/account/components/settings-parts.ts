// The Profile tab's settings: each a card with its heading, its text, a narrow form and a row of buttons.
import styled from 'styled-components';
import { Card } from 'shared-lib';

export const SettingsSection = styled(Card).attrs({ as: 'section' })`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  margin-top: ${({ theme }) => theme.space[5]};
  p {
    margin: 0;
  }
`;

export const SettingsTitle = styled.h2`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
`;

export const SettingsForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  max-width: 22rem;
`;
