// An accessible modal dialog (focus moved in and trapped, Escape closes, focus returns to the opener,
// background inert), built on Radix so those behaviours are a maintained library's job.
import { useRef } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import styled, { keyframes } from 'styled-components';
import { X } from 'lucide-react';
import { media } from './theme';
import { iconButtonStyles } from './primitives';

const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;

const Overlay = styled(RadixDialog.Overlay)`
  position: fixed;
  inset: 0;
  background: rgba(11, 16, 32, 0.55);
  z-index: ${({ theme }) => theme.z.dialog};
  animation: ${fadeIn} 0.15s ease-out;
`;

const Content = styled(RadixDialog.Content)<{ $wide?: boolean }>`
  position: fixed;
  z-index: ${({ theme }) => theme.z.dialog};
  left: 50%;
  top: 50%;
  transform: translate(-50%, -50%);
  width: calc(100vw - 2rem);
  max-width: ${({ $wide }) => ($wide ? '52rem' : '32rem')};
  max-height: calc(100dvh - 2rem);
  overflow-y: auto;
  background: ${({ theme }) => theme.colors.bg};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  padding: ${({ theme }) => theme.space[5]};
  animation: ${fadeIn} 0.15s ease-out;
  ${media.md} {
    padding: ${({ theme }) => theme.space[6]};
  }
`;

const Title = styled(RadixDialog.Title)`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  margin: 0 2rem 0.75rem 0;
`;

const Close = styled(RadixDialog.Close)<{ $size?: 'sm' | 'md' }>`
  ${iconButtonStyles}
  position: absolute;
  top: 0.75rem;
  right: 0.75rem;
  width: 2.5rem;
  height: 2.5rem;
  color: ${({ theme }) => theme.colors.muted};
`;

import type { DialogProps } from './dialog';

export default function DialogContent({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide,
}: DialogProps) {
  // Our dialogs open from plain buttons (or a timer), not a Radix Trigger, so Radix has no trigger to give focus
  // back to on close; the element focused when the dialog opened gets it back instead. A dialog that opened by
  // itself (the newsletter popup: focus was on <body>), or whose opener is gone, hands focus to the main landmark,
  // never to <body>.
  const opener = useRef(document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const target = opener.current;
    if (target && target !== document.body && target.isConnected) target.focus();
    if (document.activeElement === target && target !== document.body) return;
    document.querySelector<HTMLElement>('main')?.focus({ preventScroll: true });
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <Overlay />
        <Content
          $wide={wide}
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Title>{title}</Title>
          {description ? <RadixDialog.Description>{description}</RadixDialog.Description> : null}
          {children}
          <Close aria-label="Close">
            <X size={20} aria-hidden />
          </Close>
        </Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
