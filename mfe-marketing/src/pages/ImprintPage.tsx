// /imprint (issue #31.6, beyond the spec): who runs the site, as the law of the company's seat asks of a
// commercial site. Every detail is shared-lib's company file, read at build time (the page is prerendered).
import { company, Container, PageMeta, Section } from 'shared-lib';
import { countryName } from 'shared-lib/billing';
import styled from 'styled-components';
import { Prose } from '../components/layout';

const Details = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space[1]};
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0 0 ${({ theme }) => theme.space[3]};
  }
`;

const Address = styled.address`
  font-style: normal;
`;

const { address, register } = company;

const IMPRINT_DESCRIPTION = `${company.legalName}, ${address.city}: the company behind ${company.name}.`;

export default function ImprintPage() {
  return (
    <Section>
      <PageMeta title="Imprint" description={IMPRINT_DESCRIPTION} />
      <Container>
        <Prose>
          <h1>Imprint</h1>
          <section aria-labelledby="imprint-company">
            <h2 id="imprint-company">{company.legalName}</h2>
            <Address>
              {address.street}
              <br />
              {address.postalCode} {address.city}
              <br />
              {countryName(address.country)}
            </Address>
          </section>
          <section aria-labelledby="imprint-contact">
            <h2 id="imprint-contact">Contact</h2>
            <p>
              Email: <a href={`mailto:${company.email.contact}`}>{company.email.contact}</a>
            </p>
          </section>
          <section aria-labelledby="imprint-register">
            <h2 id="imprint-register">Company details</h2>
            <Details>
              <dt>Managing directors</dt>
              <dd>{company.managingDirectors.join(', ')}</dd>
              <dt>Commercial register</dt>
              <dd>
                {register.court}, {register.number}
              </dd>
              <dt>VAT identification number</dt>
              <dd>{company.vatId}</dd>
            </Details>
          </section>
        </Prose>
      </Container>
    </Section>
  );
}
