// Placeholders in the shape of what is loading, so the page keeps its layout when the content arrives. The
// spec's loading text stays: it is the status region's name and is read out, while the shapes are hidden from
// assistive technology.
import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { media } from './theme';
import { VisuallyHidden } from './primitives';

const shimmer = keyframes`
  from { background-position: 100% 0; }
  to { background-position: -100% 0; }
`;

/** One grey shape; size it with `$w`/`$h` (any CSS length) or by its container. */
export const SkeletonBlock = styled.span<{ $w?: string; $h?: string; $radius?: 'sm' | 'md' | 'lg' | 'pill' }>`
  display: block;
  width: ${({ $w = '100%' }) => $w};
  max-width: 100%;
  height: ${({ $h = '1rem' }) => $h};
  border-radius: ${({ theme, $radius = 'sm' }) => theme.radii[$radius]};
  background: linear-gradient(
    90deg,
    ${({ theme }) => theme.colors.surfaceAlt} 25%,
    ${({ theme }) => theme.colors.surface} 50%,
    ${({ theme }) => theme.colors.surfaceAlt} 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
  ${media.reducedMotion} {
    animation: none;
  }
`;

/** A line of text at the site's line height (1.6): a bar with the glyphs' height, centred in the line. */
export const SkeletonText = styled(SkeletonBlock)<{ $size?: string }>`
  height: 0.8em;
  margin: 0.4em 0;
  font-size: ${({ $size = '1rem' }) => $size};
`;

/**
 * A loading state: `role="status"` named by the spec's loading text (also read out), with the placeholder shapes
 * inside, hidden from assistive technology.
 */
export function LoadingStatus({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div role="status" aria-label={label} aria-busy="true" className={className}>
      <VisuallyHidden>{label}</VisuallyHidden>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

/** A labelled field loading: the label's bar over the input's box. */
export function SkeletonField() {
  return (
    <>
      <SkeletonText $w="6rem" $size="0.875rem" />
      <SkeletonBlock $h="2.75rem" $radius="md" />
    </>
  );
}

const FormShape = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
`;

/** A form loading (a remote's form, or a session check in front of one): its fields and its button. */
export function FormSkeleton({ fields, className }: { fields: number; className?: string }) {
  return (
    <LoadingStatus label="Loading..." className={className}>
      <FormShape>
        {Array.from({ length: fields }, (_, i) => (
          <SkeletonField key={i} />
        ))}
        <SkeletonBlock $h="3.25rem" $radius="md" />
      </FormShape>
    </LoadingStatus>
  );
}

/** Lines of figures loading (a price summary): one bar per line. */
export function LinesSkeleton({ lines }: { lines: number }) {
  return (
    <LoadingStatus label="Loading...">
      {Array.from({ length: lines }, (_, i) => (
        <SkeletonText key={i} $w={i === lines - 1 ? '100%' : '85%'} />
      ))}
    </LoadingStatus>
  );
}
