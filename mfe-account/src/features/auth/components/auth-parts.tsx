// The auth screens' shared frame: a centred card with its heading, intro, form, and link-style buttons.
import styled from 'styled-components';
import { Card, Form, media, Muted } from 'shared-lib';

export const Panel = styled(Card)`
  width: 100%;
  max-width: 28rem;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space[5]};
  ${media.sm} {
    padding: ${({ theme }) => theme.space[6]};
  }
`;

export const Heading = styled.h1`
  margin: 0 0 ${({ theme }) => theme.space[2]};
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  text-align: center;
`;

export const Intro = styled(Muted)`
  margin: 0 0 ${({ theme }) => theme.space[5]};
  text-align: center;
`;

export const PanelForm = styled(Form)`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

export const Switch = styled.p`
  margin: ${({ theme }) => theme.space[5]} 0 0;
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
`;

export const TextButton = styled.button`
  padding: 0.25rem;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 2px;
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.primaryHover};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
`;
