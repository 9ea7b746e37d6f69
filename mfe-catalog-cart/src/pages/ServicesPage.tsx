import styled from 'styled-components';
import {
  ButtonLink,
  Container,
  darkSurfaceFocus,
  Grid,
  Muted,
  paths,
  Section,
  selectCount,
  useCartStore,
  PageMeta,
} from 'shared-lib';
import { servicesByCategory } from 'shared-lib/catalogue';
import { DiscountHint } from '../features/cart/components/DiscountHint';
import { ServiceCard } from '../features/catalogue/components/ServiceCard';

const Hero = styled.header`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  max-width: 44rem;
  margin-bottom: ${({ theme }) => theme.space[6]};
  h1 {
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
    margin: 0;
  }
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

// Card widths chosen so no card sits alone on a last row: the ten full deliverables run 4-4-2 at 1280 px and
// 2 per row at 768 px; the three workshops fit one row from 768 px up.
const FULL_MIN = '15rem';
const WORKSHOPS_MIN = '13.5rem';

/** The volume-discount hint, across the full width of the grids below it. */
const HintBar = styled.div`
  margin: calc(-1 * ${({ theme }) => theme.space[3]}) 0 ${({ theme }) => theme.space[6]};
`;

const Group = styled.section`
  margin-bottom: ${({ theme }) => theme.space[7]};
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
`;

const Custom = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  justify-items: start;
  padding: ${({ theme }) => theme.space[6]};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.dark};
  color: ${({ theme }) => theme.colors.onDark};
  ${darkSurfaceFocus}
  h2 {
    color: ${({ theme }) => theme.colors.onDark};
    margin: 0;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.onDarkMuted};
  }
  div {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space[3]};
  }
`;

export default function ServicesPage() {
  const count = useCartStore(selectCount);
  return (
    <Section>
      <PageMeta
        title="Our Services"
        description="Fixed-price AI automation services and workshops, with automatic volume discounts."
      />
      <Container>
        <Hero>
          <h1>Our Services</h1>
          <Muted as="p">
            Fixed prices, results in 7-14 days, and everything we build is yours. Add three or more services
            and the discount applies automatically.
          </Muted>
        </Hero>
        <HintBar>
          <DiscountHint count={count} />
        </HintBar>
        <Group aria-labelledby="full-deliverables">
          <h2 id="full-deliverables">Full Deliverables</h2>
          <Grid $min={FULL_MIN}>
            {servicesByCategory('full').map((service) => (
              <ServiceCard key={service.id} service={service} />
            ))}
          </Grid>
        </Group>
        <Group aria-labelledby="workshops">
          <h2 id="workshops">Workshops</h2>
          <Grid $min={WORKSHOPS_MIN}>
            {servicesByCategory('workshops').map((service) => (
              <ServiceCard key={service.id} service={service} />
            ))}
          </Grid>
        </Group>
        <Custom aria-labelledby="custom-project">
          <h2 id="custom-project">Custom Project</h2>
          <p>Need something that is not on the list? We scope, price and build custom automations too.</p>
          <div>
            <ButtonLink to={paths.contact}>Contact Us</ButtonLink>
            <ButtonLink to={paths.customProjects} $variant="secondary">
              How custom projects work
            </ButtonLink>
          </div>
        </Custom>
      </Container>
    </Section>
  );
}
