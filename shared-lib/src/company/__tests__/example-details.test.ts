import { company } from '../company';
import { exampleDetailsIn, isDemoCompany } from '../example-details';

const real = {
  vatId: 'DE811907980',
  bank: { iban: 'DE02120300000000202051' },
  register: { number: 'HRB 123456 B' },
  address: { street: 'Friedrichstraße 68' },
};

describe('the demo company’s example details', () => {
  it('are what the shipped company file still holds, each named by its field', () => {
    expect(exampleDetailsIn(company).map((example) => example.field)).toEqual([
      'bank.iban',
      'vatId',
      'register.number',
      'address.street',
    ]);
    expect(isDemoCompany(company)).toBe(true);
  });

  it('are none of a real firm’s details', () => {
    expect(exampleDetailsIn(real)).toEqual([]);
    expect(isDemoCompany(real)).toBe(false);
  });

  it('are found however the IBAN is spaced or cased, one field at a time', () => {
    const found = exampleDetailsIn({ ...real, bank: { iban: 'de89 3704 0044 0532 0130 00' } });
    expect(found).toEqual([{ field: 'bank.iban', column: 'iban', value: 'DE89370400440532013000' }]);
  });
});
