import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import styled from 'styled-components';
import { Check } from 'lucide-react';
import {
  ActionRow,
  Button,
  ButtonLink,
  Card,
  Container,
  formatEuro,
  media,
  Muted,
  PageMeta,
  paths,
  Section,
  selectIsInCart,
  serviceJsonLd,
  siteUrl,
  Steps,
  strategyCallBookingPath,
  useCartStore,
} from 'shared-lib';
import { getServicePageByPath, toCartItem, type Service, type ServicePage } from 'shared-lib/catalogue';
import { ServiceArt } from 'shared-lib/service-art';
import { ServiceIcon } from 'shared-lib/service-icon';

/**
 * The page's opening: the text and buy box, with the service's illustration beside them on wide screens (the text
 * column wide enough for the three cart actions on one line at 1280 px) and centred under them on narrower ones.
 */
const Intro = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
  align-items: center;
  ${media.lg} {
    grid-template-columns: 3fr 2fr;
  }
`;

const Art = styled(ServiceArt)`
  justify-self: center;
  max-width: 30rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.md};
  ${media.lg} {
    justify-self: start;
  }
`;

const Hero = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  max-width: 44rem;
  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
  }
`;

const Icon = styled.span`
  display: inline-grid;
  place-items: center;
  width: 3.5rem;
  height: 3.5rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.primary};
`;

const Tagline = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  color: ${({ theme }) => theme.colors.text};
`;

/** The price card fills the text's column: a narrower one left an empty column beside it at 768 px. */
const Buy = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[5]};
`;

const Price = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes['3xl']};
  font-weight: 800;
  color: ${({ theme }) => theme.colors.ink};
`;

/** The cart's actions on one line where they fit; where they do not, each line they wrap to is filled evenly. */
const BuyActions = styled(ActionRow)`
  > * {
    flex: 1 1 auto;
  }
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
  margin-top: ${({ theme }) => theme.space[7]};
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
`;

const Benefits = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    gap: ${({ theme }) => theme.space[2]};
  }
  svg {
    flex: none;
    margin-top: 0.2rem;
    color: ${({ theme }) => theme.colors.success};
  }
`;

const ReadyBox = styled.section`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[7]};
  padding: ${({ theme }) => theme.space[6]};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  text-align: center;
  h2 {
    margin: 0;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const isService = (page: ServicePage): page is Service => 'price' in page;

/** Price and cart control of a purchasable service: 'Add to Cart - €899.00', then 'Added to Cart' and checkout. */
function BuyBox({ service }: { service: Service }) {
  const inCart = useCartStore(selectIsInCart(service.id));
  const add = useCartStore((s) => s.add);
  // The Add button turns into a disabled 'Added to Cart', which cannot keep focus: focus moves on to the
  // 'Go to Checkout' link that appears, instead of falling to <body>.
  const checkout = useRef<HTMLAnchorElement>(null);
  const justAdded = useRef(false);
  useEffect(() => {
    if (!inCart || !justAdded.current) return;
    justAdded.current = false;
    checkout.current?.focus();
  }, [inCart]);
  return (
    <Buy>
      <Price>{formatEuro(service.price)}</Price>
      <Muted as="p" style={{ margin: 0 }}>
        Fixed price. Some services might include subscriptions at other companies (for example hosting or an
        AI tool), which you pay to them directly.
      </Muted>
      <BuyActions>
        <Button
          $size="lg"
          disabled={inCart}
          onClick={() => {
            justAdded.current = true;
            add(toCartItem(service));
          }}
        >
          {inCart ? 'Added to Cart' : `Add to Cart - ${formatEuro(service.price)}`}
        </Button>
        {inCart ? (
          <ButtonLink ref={checkout} to={paths.checkout} $size="lg" $variant="secondary">
            Go to Checkout
          </ButtonLink>
        ) : null}
        <ButtonLink to={paths.contact} $size="lg" $variant="outline">
          Contact Us
        </ButtonLink>
      </BuyActions>
    </Buy>
  );
}

export default function ServiceDetailPage() {
  const { pathname } = useLocation();
  const page = getServicePageByPath(pathname.replace(/\/+$/, ''));
  if (!page) return null;
  return (
    <Section>
      <PageMeta
        title={page.title}
        description={page.tagline}
        kind="service"
        structuredData={serviceJsonLd(page, siteUrl())}
      />
      <Container>
        <Intro>
          <div>
            <Hero>
              <Icon>
                <ServiceIcon name={page.icon} size={28} />
              </Icon>
              <h1>{page.title}</h1>
              <Tagline>{page.tagline}</Tagline>
              <Muted as="p" style={{ margin: 0 }}>
                {page.description}
              </Muted>
            </Hero>
            {isService(page) ? (
              <BuyBox service={page} />
            ) : (
              <ActionRow style={{ marginTop: '1.5rem' }}>
                <ButtonLink to={strategyCallBookingPath} $size="lg">
                  Book Your Call
                </ButtonLink>
              </ActionRow>
            )}
          </div>
          <Art name={page.icon} />
        </Intro>
        <Columns>
          <section aria-labelledby="what-you-get">
            <h2 id="what-you-get">What you get</h2>
            <Benefits>
              {page.whatYouGet.map((benefit) => (
                <li key={benefit}>
                  <Check size={18} aria-hidden />
                  {benefit}
                </li>
              ))}
            </Benefits>
          </section>
          <section aria-labelledby="how-it-works">
            <h2 id="how-it-works">How it works</h2>
            <Steps steps={page.howItWorks.map((step) => ({ title: step.title, text: step.description }))} />
          </section>
        </Columns>
        <ReadyBox aria-labelledby="ready">
          <h2 id="ready">Ready to get started?</h2>
          <p>Tell us about your business and we reply within 24 hours.</p>
          <ButtonLink to={paths.contact}>Contact Us</ButtonLink>
        </ReadyBox>
      </Container>
    </Section>
  );
}
