import styled from 'styled-components';
import {
  ActionRow,
  ButtonLink,
  Card,
  Container,
  media,
  Muted,
  PageMeta,
  paths,
  Section,
  VisuallyHidden,
} from 'shared-lib';
import { ClientMark, clients } from '../art/client-marks';
import { HeroArt } from '../art/hero-art';
import { Eyebrow, SectionTitle, Steps } from '../components/layout';

const Hero = styled(Section)`
  background:
    radial-gradient(60rem 30rem at 80% -10%, ${({ theme }) => theme.colors.glow} 0%, transparent 60%),
    ${({ theme }) => theme.colors.bg};
`;

const HeroGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[6]};
  align-items: center;
  ${media.lg} {
    grid-template-columns: 1.1fr 1fr;
  }
  h1 {
    margin: 0.5rem 0 1rem;
    font-size: ${({ theme }) => theme.fontSizes['4xl']};
  }
`;

const Lead = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  color: ${({ theme }) => theme.colors.muted};
  max-width: 36rem;
`;

const Compare = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  margin-top: ${({ theme }) => theme.space[7]};
  ${media.sm} {
    grid-template-columns: 1fr 1fr;
  }
`;

const Art = styled.div`
  max-width: 34rem;
  justify-self: center;
  width: 100%;
`;

/** The Build & Play band: its text and its two ways in, across the full width from 768 px. */
const PlayGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space[5]};
  align-items: center;
  ${media.md} {
    grid-template-columns: 3fr 2fr;
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
  p {
    margin: 0;
    max-width: 38rem;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: ${({ theme }) => theme.colors.onDarkMuted};
  }
`;

const Panel = styled.div<{ $after?: boolean }>`
  padding: ${({ theme }) => theme.space[5]};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $after }) => ($after ? theme.colors.dark : theme.colors.surface)};
  color: ${({ theme, $after }) => ($after ? theme.colors.onDark : theme.colors.text)};
  h2 {
    margin: 0 0 0.75rem;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    color: inherit;
  }
  ul {
    margin: 0;
    padding-left: 1.1rem;
  }
  li {
    margin-bottom: 0.4rem;
  }
`;

const Logos = styled.ul`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space[4]} ${({ theme }) => theme.space[7]};
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: inline-flex;
    align-items: center;
    gap: 0.5rem;
    font-weight: 800;
    font-size: ${({ theme }) => theme.fontSizes.lg};
    letter-spacing: 0.04em;
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    padding: 0.75rem 0.375rem;
    text-align: left;
    ${media.sm} {
      padding: 0.75rem;
    }
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  thead th {
    color: ${({ theme }) => theme.colors.ink};
  }
  tbody th {
    font-weight: 600;
  }
`;

// Scrolls sideways only if a very narrow screen cannot fit the table; focusable and labelled so
// keyboard users can scroll it too.
const TableWrap = styled.div`
  overflow-x: auto;
`;

const comparisonTitleId = 'home-comparison-title';

const process = [
  {
    title: 'We understand',
    text: 'A 30-minute call about your business, your tools and the work that eats your week.',
  },
  {
    title: 'Plug-and-play pricing',
    text: 'Pick fixed-price services. Three or more and the discount applies automatically.',
  },
  {
    title: 'Long-term success',
    text: 'Show-How videos, a Teach-How guide and a Follow-Up call 30 days after delivery.',
  },
  {
    title: 'Stay ahead',
    text: 'AI Insights, our newsletter (9.99 EUR per month), keeps you up to date after we are done.',
  },
];

const comparison = [
  ['Time to results', '7-14 days', '3-6 months'],
  ['Price', 'Fixed, with automatic discounts', 'Hourly, open-ended'],
  ['Ownership', 'You own everything we build', 'Often locked to the vendor'],
  ['Training', 'Included: Show-How, Teach-How, Follow-Up', 'Extra workshops, extra invoices'],
];

export default function HomePage() {
  return (
    <>
      <PageMeta
        title="AI Made Simple"
        description="Fixed-price AI automation for businesses: results in 7-14 days, and you own everything."
      />
      <Hero>
        <Container>
          <HeroGrid>
            <div>
              <Eyebrow>AI automation for real businesses</Eyebrow>
              <h1>AI made simple</h1>
              <Lead>
                Websites, chatbots and automations at fixed prices, with results in 7-14 days. You own
                everything we build, and training and follow-up are included.
              </Lead>
              <ActionRow>
                <ButtonLink to={paths.howWeWork} $size="lg">
                  See our services
                </ButtonLink>
                <ButtonLink to={paths.contact} $size="lg" $variant="outline">
                  Book a discovery call
                </ButtonLink>
              </ActionRow>
            </div>
            <Art>
              <HeroArt />
            </Art>
          </HeroGrid>
          <Compare aria-label="Before and after working with us" role="group">
            <Panel>
              <h2>Before</h2>
              <ul>
                <li>Copying data between tools by hand</li>
                <li>Customer questions waiting overnight</li>
                <li>Content written in a rush, if at all</li>
              </ul>
            </Panel>
            <Panel $after>
              <h2>After</h2>
              <ul>
                <li>Workflows that run on their own</li>
                <li>Answers in seconds, day and night</li>
                <li>A content calendar that fills itself</li>
              </ul>
            </Panel>
          </Compare>
        </Container>
      </Hero>
      <Section $tone="soft" aria-label="Companies we work with">
        <Container>
          <Muted as="p" style={{ textAlign: 'center' }}>
            Trusted by teams at
          </Muted>
          <Logos>
            {clients.map((name) => (
              <li key={name}>
                <ClientMark name={name} />
                {name}
              </li>
            ))}
          </Logos>
        </Container>
      </Section>
      <Section>
        <Container>
          <SectionTitle>How it works</SectionTitle>
          <Steps steps={process} />
        </Container>
      </Section>
      <Section $tone="soft">
        <Container>
          <SectionTitle id={comparisonTitleId}>Us and a typical consultancy</SectionTitle>
          <TableWrap role="region" aria-labelledby={comparisonTitleId} tabIndex={0}>
            <Table aria-labelledby={comparisonTitleId}>
              <thead>
                <tr>
                  <th scope="col">
                    <VisuallyHidden>Aspect</VisuallyHidden>
                  </th>
                  <th scope="col">AI Made Simple</th>
                  <th scope="col">Typical consultancy</th>
                </tr>
              </thead>
              <tbody>
                {comparison.map(([aspect, us, them]) => (
                  <tr key={aspect}>
                    <th scope="row">{aspect}</th>
                    <td>{us}</td>
                    <td>{them}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableWrap>
        </Container>
      </Section>
      <Section $tone="dark">
        <Container>
          <PlayGrid>
            <div>
              <h2>Build &amp; Play</h2>
              <p>
                Start with one fixed-price service, see the result within two weeks, and build from there.
              </p>
            </div>
            <Card style={{ display: 'grid', gap: '0.75rem' }}>
              <ButtonLink to={paths.howWeWork} $block>
                Browse services
              </ButtonLink>
              <ButtonLink to={paths.enterTheFuture} $block $variant="secondary">
                Tell us about your project
              </ButtonLink>
            </Card>
          </PlayGrid>
        </Container>
      </Section>
    </>
  );
}
