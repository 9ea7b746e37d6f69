// The promotion banner's bar as visitors see it: the shell's banner (shell/src/layout/PromoBanner.tsx) and the back
// office's preview of a campaign (#42.5) draw this one component, so the preview cannot drift from the real thing.
// The words end in "See the details"; with a link the bar leads there (a site path through the router, an https
// address as a plain link), without one it is a button that opens the newsletter offer (`onOpenOffer`).
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { Gift } from 'lucide-react';
import { darkSurfaceFocus } from './global-style';

const Bar = styled.aside<{ $preview: boolean }>`
  display: flex;
  background: ${({ theme }) => theme.colors.dark};
  ${({ $preview, theme }) =>
    $preview
      ? css`
          border-radius: ${theme.radii.md};
        `
      : css`
          position: fixed;
          z-index: ${theme.z.header};
          right: 0;
          bottom: 0;
          left: 0;
          /* Clear of a phone's home indicator. */
          padding-bottom: env(safe-area-inset-bottom, 0px);
        `}
  @media print {
    display: none;
  }
`;

const bannerStyles = css`
  flex: 1;
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 2.5rem;
  padding: 0.5rem 1rem;
  border: 0;
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  text-align: center;
  text-decoration: none;
  /* The ring goes inside: outside it would fall off the bottom of the window. */
  ${darkSurfaceFocus}
  &:focus-visible {
    outline-offset: -5px;
  }
  u {
    text-underline-offset: 3px;
  }
`;

/** The preview's banner: the same look, nothing to press (pressing it would leave the form being typed). */
const BannerStatic = styled.div`
  ${bannerStyles}
  cursor: default;
`;
const BannerButton = styled.button`
  ${bannerStyles}
`;
const BannerAnchor = styled.a`
  ${bannerStyles}
`;
const BannerRouterLink = styled(Link)`
  ${bannerStyles}
`;

export interface PromotionBarProps {
  words: string;
  /** Where the banner leads: a path on this site or an https address; null opens the newsletter offer. */
  link: string | null;
  /** Opens the newsletter offer (a banner without a link). */
  onOpenOffer?: () => void;
  /** The close button beside the words (the shell's; a preview has none). */
  dismiss?: ReactNode;
  /**
   * A preview in the page's flow (the back office) instead of the bar fixed to the window's bottom: no landmark
   * (a page that also shows the real banner has one "Promotion" region only) and nothing to press.
   */
  preview?: boolean;
  ref?: Ref<HTMLElement>;
}

export function PromotionBar({ words, link, onOpenOffer, dismiss, preview = false, ref }: PromotionBarProps) {
  const content = (
    <>
      <Gift size={16} aria-hidden />
      <span>
        {words} <u>See the details</u>
      </span>
    </>
  );
  return (
    <Bar
      ref={ref}
      as={preview ? 'div' : 'aside'}
      aria-label={preview ? undefined : 'Promotion'}
      $preview={preview}
    >
      {preview ? (
        <BannerStatic>{content}</BannerStatic>
      ) : link === null ? (
        <BannerButton type="button" onClick={onOpenOffer} aria-haspopup="dialog">
          {content}
        </BannerButton>
      ) : link.startsWith('/') ? (
        <BannerRouterLink to={link}>{content}</BannerRouterLink>
      ) : (
        <BannerAnchor href={link}>{content}</BannerAnchor>
      )}
      {dismiss}
    </Bar>
  );
}
