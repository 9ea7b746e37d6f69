// Shows the toast bus's toasts. The shell mounts one; standalone remote hosts mount their own.
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import styled, { css, keyframes } from 'styled-components';
import { X } from 'lucide-react';
import { useToastStore, type Toast } from '../stores/toast';
import { IconButton } from './primitives';

const slideIn = keyframes`from { transform: translateY(0.75rem); opacity: 0; } to { transform: none; opacity: 1; }`;

const Region = styled.ol`
  position: fixed;
  z-index: ${({ theme }) => theme.z.toast};
  right: 1rem;
  bottom: 1rem;
  display: grid;
  gap: 0.5rem;
  width: min(24rem, calc(100vw - 2rem));
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li<{ $variant: Toast['variant'] }>`
  position: relative;
  padding: 0.875rem 2.75rem 0.875rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  animation: ${slideIn} 0.2s ease-out;
  ${({ theme, $variant }) =>
    $variant === 'destructive'
      ? css`
          background: ${theme.colors.danger};
          color: #fff;
          /* White ring and hover on red: the blue ring would be 1:1 here, the light hover would hide the X. */
          --focus-ring: #fff;
          button:hover {
            background: rgba(255, 255, 255, 0.2);
          }
        `
      : css`
          background: ${theme.colors.bg};
          color: ${theme.colors.text};
          border: 1px solid ${theme.colors.border};
        `}
`;

const Title = styled.p`
  margin: 0;
  font-weight: 700;
`;
const Description = styled.p`
  margin: 0.125rem 0 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
const CloseButton = styled(IconButton)`
  position: absolute;
  top: 0.5rem;
  right: 0.5rem;
`;

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useToastStore((s) => s.dismiss);
  useEffect(() => {
    const timer = window.setTimeout(() => dismiss(toast.id), toast.duration);
    return () => window.clearTimeout(timer);
  }, [dismiss, toast.id, toast.duration]);
  return (
    // The live role sits inside the list item: on the <li> itself it would unmake the list (axe 'list').
    <Item $variant={toast.variant}>
      <div role={toast.variant === 'destructive' ? 'alert' : 'status'}>
        <Title>{toast.title}</Title>
        {toast.description ? <Description>{toast.description}</Description> : null}
      </div>
      <CloseButton $size="sm" aria-label="Dismiss notification" onClick={() => dismiss(toast.id)}>
        <X size={16} aria-hidden />
      </CloseButton>
    </Item>
  );
}

/**
 * Rendered straight into <body> and only while there are toasts, so a toast raised while a modal dialog is open
 * (which hides everything else from assistive technology) is still announced.
 */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  if (toasts.length === 0) return null;
  return createPortal(
    <Region aria-label="Notifications">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </Region>,
    document.body,
  );
}
