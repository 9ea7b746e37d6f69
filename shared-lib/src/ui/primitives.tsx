// Small building blocks every slice uses, so the four apps look like one site.
import styled, { css } from 'styled-components';
import { Link } from 'react-router-dom';
import { media } from './theme';
import { darkSurfaceFocus } from './global-style';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
  $block?: boolean;
}

const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  min-height: ${({ $size = 'md' }) => ({ sm: '2.25rem', md: '2.75rem', lg: '3.25rem' })[$size]};
  padding: 0 ${({ $size = 'md' }) => ({ sm: '0.875rem', md: '1.25rem', lg: '1.75rem' })[$size]};
  border: 1px solid transparent;
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme, $size = 'md' }) => ($size === 'sm' ? theme.fontSizes.sm : theme.fontSizes.md)};
  font-weight: 600;
  line-height: 1;
  text-decoration: none;
  white-space: nowrap;
  /* On the narrowest phones (320 px) a long label wraps inside the button instead of scrolling the page
     sideways (WCAG 1.4.10). */
  max-width: 100%;
  @media (max-width: 24em) {
    white-space: normal;
    line-height: 1.25;
    padding-block: 0.5rem;
    text-align: center;
  }
  cursor: pointer;
  transition:
    background-color 0.15s ease,
    border-color 0.15s ease,
    color 0.15s ease;
  ${({ theme, $variant = 'primary' }) =>
    ({
      primary: css`
        background: ${theme.colors.primary};
        color: ${theme.colors.onPrimary};
        &:hover:not(:disabled) {
          background: ${theme.colors.primaryHover};
        }
      `,
      secondary: css`
        background: ${theme.colors.surfaceAlt};
        color: ${theme.colors.ink};
        &:hover:not(:disabled) {
          background: ${theme.colors.border};
        }
      `,
      outline: css`
        background: ${theme.colors.bg};
        color: ${theme.colors.ink};
        border-color: ${theme.colors.border};
        &:hover:not(:disabled) {
          border-color: ${theme.colors.primary};
          color: ${theme.colors.primary};
        }
      `,
      ghost: css`
        background: transparent;
        color: ${theme.colors.text};
        &:hover:not(:disabled) {
          background: ${theme.colors.surface};
        }
      `,
      danger: css`
        background: ${theme.colors.danger};
        color: ${theme.colors.onDanger};
      `,
    })[$variant]}
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export const Button = styled.button.attrs<ButtonStyleProps>((p) => ({
  type: p.type ?? 'button',
}))<ButtonStyleProps>`
  ${buttonStyles}
`;

/** A router link that looks like a button. */
export const ButtonLink = styled(Link)<ButtonStyleProps>`
  ${buttonStyles}
`;

export const Container = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxWidth};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space[4]};
  ${media.md} {
    padding: 0 ${({ theme }) => theme.space[6]};
  }
`;

/** A page's blocks one under the other at one rhythm; `$maxWidth` narrows a page that is read rather than browsed. */
export const PageStack = styled(Container)<{ $maxWidth?: string }>`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  ${({ $maxWidth }) => $maxWidth && `max-width: ${$maxWidth};`}
`;

/** A row of actions (buttons and links) that wraps onto more lines on a narrow screen. */
export const ActionRow = styled.div<{ $centered?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  justify-content: ${({ $centered }) => ($centered ? 'center' : 'flex-start')};
  gap: ${({ theme }) => theme.space[3]};
`;

export const Section = styled.section<{ $tone?: 'plain' | 'soft' | 'dark' }>`
  padding: ${({ theme }) => theme.space[8]} 0;
  background: ${({ theme, $tone = 'plain' }) =>
    ({ plain: 'transparent', soft: theme.colors.surface, dark: theme.colors.dark })[$tone]};
  color: ${({ theme, $tone }) => ($tone === 'dark' ? theme.colors.onDark : 'inherit')};
  ${({ theme, $tone }) =>
    $tone === 'dark' &&
    css`
      ${darkSurfaceFocus}
      h1,
      h2,
      h3 {
        color: ${theme.colors.onDark};
      }
    `}
`;

export const Card = styled.div`
  /* A light card can sit in a dark band: its rings go back to the ring for light surfaces (3:1 on it). */
  --focus-ring: ${({ theme }) => theme.colors.focus};
  background: ${({ theme }) => theme.colors.bg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  padding: ${({ theme }) => theme.space[5]};
`;

export const Badge = styled.span<{ $tone?: 'primary' | 'accent' | 'highlight' | 'neutral' }>`
  display: inline-flex;
  align-items: center;
  padding: 0.2rem 0.6rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  letter-spacing: 0.04em;
  ${({ theme, $tone = 'primary' }) =>
    ({
      primary: css`
        background: ${theme.colors.primary};
        color: ${theme.colors.onPrimary};
      `,
      accent: css`
        background: ${theme.colors.accentSoft};
        color: ${theme.colors.accent};
      `,
      highlight: css`
        background: ${theme.colors.highlightSoft};
        color: ${theme.colors.onHighlightSoft};
      `,
      neutral: css`
        background: ${theme.colors.surfaceAlt};
        color: ${theme.colors.text};
      `,
    })[$tone]}
`;

const fieldStyles = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 2.75rem;
  padding: 0.625rem 0.875rem;
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.fieldBorder)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};
  color: ${({ theme }) => theme.colors.ink};
  &::placeholder {
    color: ${({ theme }) => theme.colors.placeholder};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 0;
    border-color: ${({ theme }) => theme.colors.focus};
  }
  &:disabled {
    background: ${({ theme }) => theme.colors.surface};
  }
`;

export const Input = styled.input<{ $invalid?: boolean }>`
  ${fieldStyles}
`;
export const Textarea = styled.textarea<{ $invalid?: boolean }>`
  ${fieldStyles}
  min-height: 8rem;
  resize: vertical;
`;
export const Select = styled.select<{ $invalid?: boolean }>`
  ${fieldStyles}
`;

export const Label = styled.label`
  display: block;
  margin-bottom: ${({ theme }) => theme.space[2]};
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.ink};
`;

export const FieldError = styled.p`
  margin: ${({ theme }) => theme.space[1]} 0 0;
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  padding: 0;
  margin: -1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

export const Grid = styled.div<{ $min?: string }>`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, ${({ $min = '16rem' }) => $min}), 1fr));
`;

/** A round button (or link) holding only an icon; give it an aria-label. */
export const iconButtonStyles = css<{ $size?: 'sm' | 'md' }>`
  position: relative;
  display: inline-grid;
  place-items: center;
  flex: none;
  width: ${({ $size = 'md' }) => ($size === 'sm' ? '2rem' : '2.75rem')};
  height: ${({ $size = 'md' }) => ($size === 'sm' ? '2rem' : '2.75rem')};
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover,
  &[aria-expanded='true'] {
    background: ${({ theme }) => theme.colors.surfaceAlt};
  }
`;

export const IconButton = styled.button.attrs<{ $size?: 'sm' | 'md' }>((p) => ({
  type: p.type ?? 'button',
}))<{
  $size?: 'sm' | 'md';
}>`
  ${iconButtonStyles}
`;

export const IconLink = styled(Link)<{ $size?: 'sm' | 'md' }>`
  ${iconButtonStyles}
`;

/** The small count on an icon button (the cart's number of items). */
export const CountBadge = styled.span`
  position: absolute;
  top: 0.125rem;
  right: 0.125rem;
  min-width: 1.25rem;
  height: 1.25rem;
  padding: 0 0.3rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.7rem;
  font-weight: 700;
  line-height: 1.25rem;
  text-align: center;
`;
