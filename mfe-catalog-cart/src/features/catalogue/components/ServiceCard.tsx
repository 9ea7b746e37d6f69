import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, Card, formatEuro, VisuallyHidden } from 'shared-lib';
import { type Service } from 'shared-lib/catalogue';
import { ServiceArt } from 'shared-lib/service-art';
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

/** The illustration across the card's top edge, with the badge over its corner. */
const Top = styled.div`
  position: relative;
  margin: calc(-1 * ${({ theme }) => theme.space[5]}) calc(-1 * ${({ theme }) => theme.space[5]}) 0;
  border-radius: ${({ theme }) => theme.radii.lg} ${({ theme }) => theme.radii.lg} 0 0;
  overflow: hidden;
  & > span {
    position: absolute;
    top: ${({ theme }) => theme.space[3]};
    right: ${({ theme }) => theme.space[3]};
  }
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
        <ServiceArt name={service.icon} />
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
