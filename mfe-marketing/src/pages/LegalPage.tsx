import { company, Container, Muted, Section, PageMeta } from 'shared-lib';
import { WITHDRAWAL_DAYS, WITHDRAWAL_SECTION_ID } from 'shared-lib/billing';
import { Prose } from '../components/layout';

interface LegalSection {
  /** Where a link leads straight to the section (/terms#withdrawal). */
  id?: string;
  heading: string;
  paragraphs: readonly string[];
}

function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: readonly LegalSection[];
}) {
  return (
    <Section>
      <PageMeta title={title} description={intro} />
      <Container>
        <Prose>
          <h1>{title}</h1>
          <Muted>Last updated: January 2025</Muted>
          <p>{intro}</p>
          {sections.map((section) => (
            // A section a link leads to is a region named by its heading.
            <section
              key={section.heading}
              id={section.id}
              aria-labelledby={section.id ? `${section.id}-heading` : undefined}
            >
              <h2 id={section.id ? `${section.id}-heading` : undefined}>{section.heading}</h2>
              {section.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </section>
          ))}
        </Prose>
      </Container>
    </Section>
  );
}

const privacy: readonly LegalSection[] = [
  {
    heading: 'Information we collect',
    paragraphs: [
      'What you give us: your name, e-mail address, company and the details of your enquiry or order, and your account credentials. What your browser sends: technical data such as browser type and pages visited.',
    ],
  },
  {
    heading: 'How we use it',
    paragraphs: [
      'To deliver the services you order, answer enquiries, send the newsletter you subscribed to, and improve the site. We never sell your data.',
    ],
  },
  {
    heading: 'Sharing',
    paragraphs: [
      'Only with the processors we need to run the service (hosting, database, e-mail), under data processing agreements, or when the law requires it.',
    ],
  },
  {
    heading: 'Security',
    paragraphs: [
      'Data is encrypted in transit, access is limited to the people who need it, and passwords are stored only as slow hashes.',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      'You may access, correct, export or delete your personal data, and object to or restrict its use. Write to us and we answer within 30 days.',
    ],
  },
  {
    heading: 'Cookies',
    paragraphs: [
      'We use only what the site needs to work: your session and your cart. No advertising cookies.',
    ],
  },
  {
    heading: 'Third-party links',
    paragraphs: ['Links to other sites are governed by their own privacy policies, which we do not control.'],
  },
  {
    heading: 'Children',
    paragraphs: ['Our services are for businesses. We do not knowingly collect data from anyone under 18.'],
  },
  { heading: 'Contact', paragraphs: [`Questions about your data: ${company.email.privacy}.`] },
];

const terms: readonly LegalSection[] = [
  {
    heading: 'Services',
    paragraphs: [
      'We provide fixed-price AI automation services and workshops as described on each service page. Volume discounts apply automatically at checkout.',
    ],
  },
  {
    heading: 'Accounts',
    paragraphs: [
      'You are responsible for keeping your login details safe and for what happens under your account.',
    ],
  },
  {
    heading: 'Payments',
    paragraphs: ['All prices are in euros. The price shown at checkout is the price you pay.'],
  },
  {
    heading: 'Refunds',
    paragraphs: [
      'Request a refund within 14 days of delivery. We decide case by case; digital products that have already been delivered may not be eligible.',
    ],
  },
  // Beyond the spec (#45.1): the checkout links here, beside "Complete Purchase".
  {
    id: WITHDRAWAL_SECTION_ID,
    heading: 'Right of withdrawal',
    paragraphs: [
      `If you order as a consumer, you may withdraw from your order within ${WITHDRAWAL_DAYS} days of placing it, without giving a reason, by telling us at ${company.email.legal}.`,
      'We start work once your payment arrives, within that period only if you agreed to it at checkout. If you withdraw after work has started, you pay for the part of the service delivered until then. Once the service is fully delivered, the right of withdrawal ends.',
    ],
  },
  {
    heading: 'Deliverables',
    paragraphs: [
      'Every project includes a recorded video walkthrough (Show-How), a visual how-to guide (Teach-How) and a success call 30 days after delivery (Follow-Up).',
    ],
  },
  {
    heading: 'Intellectual property',
    paragraphs: [
      'Once paid, you own what we build for you. We may reuse general know-how and non-confidential components.',
    ],
  },
  {
    heading: 'Your obligations',
    paragraphs: ['Give us accurate information and the access we need, and use the deliverables lawfully.'],
  },
  {
    heading: 'Liability',
    paragraphs: [
      'Our liability is limited to the amount you paid for the service concerned, except where the law does not allow such a limit.',
    ],
  },
  {
    heading: 'Disclaimers',
    paragraphs: [
      'AI output can contain mistakes. Review what the tools we build produce before relying on it for important decisions.',
    ],
  },
  {
    heading: 'Termination',
    paragraphs: [
      'Either party may end an ongoing engagement in writing; work delivered up to that point is paid for.',
    ],
  },
  { heading: 'Contact', paragraphs: [`Questions about these terms: ${company.email.legal}.`] },
];

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="How we collect, use and protect your personal data."
      sections={privacy}
    />
  );
}

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro="The terms that apply when you use this site and our services."
      sections={terms}
    />
  );
}
