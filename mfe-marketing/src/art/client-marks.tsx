// Marks for the fictional client companies of the home page's logo strip, drawn for this site (ART-LICENSE.md).
// None is a real brand. The company's name stays real text beside its mark, so the mark itself is decorative.
import acmeStudio from './client-acme-studio.svg';
import blueHarbor from './client-blue-harbor.svg';
import fieldstone from './client-fieldstone.svg';
import lumenAndCo from './client-lumen-and-co.svg';
import northwind from './client-northwind.svg';

export const clients = ['NORTHWIND', 'BLUE HARBOR', 'ACME STUDIO', 'LUMEN & CO', 'FIELDSTONE'] as const;

const marks: Record<(typeof clients)[number], string> = {
  NORTHWIND: northwind,
  'BLUE HARBOR': blueHarbor,
  'ACME STUDIO': acmeStudio,
  'LUMEN & CO': lumenAndCo,
  FIELDSTONE: fieldstone,
};

export function ClientMark({ name }: { name: (typeof clients)[number] }) {
  return <img src={marks[name]} width={24} height={24} alt="" />;
}
