import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { CartItem } from 'shared-lib';
import { ServiceIcon } from 'shared-lib/service-icon';

const Line = styled.li`
  display: grid;
  grid-template-columns: auto 1fr auto auto;
  align-items: center;
  gap: ${({ theme }) => theme.space[3]};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  a {
    color: ${({ theme }) => theme.colors.ink};
    font-weight: 600;
  }
  svg {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

interface CartLineProps {
  item: CartItem;
  /** The price as this list shows it. */
  price: ReactNode;
  /** The remove button. */
  children: ReactNode;
  /** Called when the service's link is followed (the panel closes). */
  onNavigate?: () => void;
  className?: string;
}

/** One service in a cart list (the panel's, the checkout's): icon, the title linking to its page, price, remove. */
export function CartLine({ item, price, children, onNavigate, className }: CartLineProps) {
  return (
    <Line className={className}>
      <ServiceIcon name={item.icon} size={20} />
      {item.path ? (
        <Link to={item.path} onClick={onNavigate}>
          {item.title}
        </Link>
      ) : (
        <span>{item.title}</span>
      )}
      {price}
      {children}
    </Line>
  );
}
