import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, Card, formatEuro, VisuallyHidden } from 'shared-lib';
import { type Service } from 'shared-lib/catalogue';
import { ServiceIcon } from 'shared-lib/service-icon';
import { CartToggle } from './CartToggle';

const Root = styled(Card)`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p {
    margin: 0;
    flex: 1;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
  min-height: 2.75rem;
`;

const Icon = styled.span`
  display: inline-grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.primary};
`;

const Price = styled.p`
  && {
    flex: 0;
    color: ${({ theme }) => theme.colors.ink};
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: 800;
  }
`;

const LearnMore = styled(Link)`
  align-self: center;
  padding: 0.5rem;
  font-weight: 600;
`;

export function ServiceCard({ service }: { service: Service }) {
  return (
    <Root as="article" aria-labelledby={`service-${service.id}`}>
      <Top>
        <Icon>
          <ServiceIcon name={service.icon} />
        </Icon>
        {service.badge ? (
          <Badge $tone={service.badge === 'POPULAR' ? 'primary' : 'highlight'}>{service.badge}</Badge>
        ) : null}
      </Top>
      <h3 id={`service-${service.id}`}>{service.title}</h3>
      <Price>{formatEuro(service.price)}</Price>
      <p>{service.description}</p>
      <CartToggle service={service} />
      <LearnMore to={service.path}>
        Learn More<VisuallyHidden> {service.title}</VisuallyHidden>
      </LearnMore>
    </Root>
  );
}
