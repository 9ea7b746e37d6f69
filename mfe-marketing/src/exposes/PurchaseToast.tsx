// `./PurchaseToast`: an invented recent purchase, bottom-left: first after 10 s, then every 30 s, visible for
// 5 s (spec section 1). It waits while the tab is hidden and can be switched off in config.json.
import { useEffect, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { ShoppingBag } from 'lucide-react';
import { getRuntimeConfig, media } from 'shared-lib';
import { services } from 'shared-lib/catalogue';
import { msUntilAfterLoad } from '../utils/since-load';

export const FIRST_AFTER_MS = 10_000;
export const EVERY_MS = 30_000;
export const VISIBLE_MS = 5_000;

const buyers = [
  ['Anna', 'Berlin'],
  ['Lukas', 'Vienna'],
  ['Sophie', 'Amsterdam'],
  ['Matteo', 'Milan'],
  ['Claire', 'Lyon'],
  ['Jonas', 'Copenhagen'],
  ['Elena', 'Madrid'],
  ['Tomás', 'Lisbon'],
] as const;

const pick = (n: number) => {
  const [name, city] = buyers[n % buyers.length]!;
  const service = services[(n * 5) % services.length]!;
  return { name, city, service: service.title };
};

const rise = keyframes`from { opacity: 0; transform: translateY(0.5rem); } to { opacity: 1; transform: none; }`;

const Card = styled.div`
  position: fixed;
  z-index: ${({ theme }) => theme.z.toast};
  left: 0.75rem;
  bottom: 0.75rem;
  display: flex;
  align-items: center;
  gap: 0.75rem;
  max-width: min(20rem, calc(100vw - 1.5rem));
  padding: 0.625rem 0.875rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.bg};
  box-shadow: ${({ theme }) => theme.shadows.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  animation: ${rise} 0.25s ease-out;
  ${media.md} {
    left: 1rem;
    bottom: 1rem;
  }
  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.accent};
  }
  p {
    margin: 0;
  }
`;

export default function PurchaseToast() {
  const [shown, setShown] = useState<ReturnType<typeof pick> | null>(null);
  const enabled = getRuntimeConfig().purchaseToast;

  useEffect(() => {
    if (!enabled) return;
    let count = 0;
    let timer: number;
    const schedule = (delay: number) => {
      timer = window.setTimeout(() => {
        // A hidden tab shows nothing; try again on the normal rhythm.
        if (document.hidden) return schedule(EVERY_MS);
        setShown(pick(count++));
        timer = window.setTimeout(() => {
          setShown(null);
          schedule(EVERY_MS - VISIBLE_MS);
        }, VISIBLE_MS);
      }, delay);
    };
    schedule(msUntilAfterLoad(FIRST_AFTER_MS));
    return () => window.clearTimeout(timer);
  }, [enabled]);

  return (
    <div role="status" aria-live="polite">
      {shown ? (
        <Card>
          <ShoppingBag size={20} aria-hidden />
          <p>
            <strong>{shown.name}</strong> from {shown.city} just bought <strong>{shown.service}</strong>
          </p>
        </Card>
      ) : null}
    </div>
  );
}
