import { billingSchema, VAT_OUTSIDE_EU, vatNumberMessage } from '../../validation/schemas';
import {
  COUNTRIES,
  countryName,
  EU_VAT_FORMATS,
  isVatNumberOf,
  normaliseVatNumber,
  vatNumberFormat,
} from '../billing';

const form = {
  name: 'Ada Lovelace',
  company: '',
  address: 'Example Street 12',
  postalCode: '',
  city: 'Berlin',
  country: 'DE',
  vatNumber: '',
};

const messages = (values: Record<string, string>) =>
  billingSchema.safeParse(values).error?.issues.map((issue) => issue.message) ?? [];

describe('the country list', () => {
  it('has every ISO 3166-1 code once, with its English name', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map(([code]) => code)).size).toBe(249);
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('GR')).toBe('Greece');
    expect(countryName('XX')).toBe('XX');
  });

  it('knows the VAT number form of the 27 member states of the EU, and none elsewhere', () => {
    expect(Object.keys(EU_VAT_FORMATS)).toHaveLength(27);
    expect(vatNumberFormat('CH')).toBeUndefined();
    for (const [country, format] of Object.entries(EU_VAT_FORMATS)) {
      expect(isVatNumberOf(country, format.example)).toBe(true);
      expect(isVatNumberOf(country, `QQ${format.example.slice(2)}`)).toBe(false);
      expect(isVatNumberOf(country, `${format.prefix}`)).toBe(false);
    }
  });
});

describe('VAT numbers', () => {
  it('are stored without the spaces, dots and dashes people type, in upper case', () => {
    expect(normaliseVatNumber(' de 123.456-789 ')).toBe('DE123456789');
  });

  it.each([
    ['DE', 'DE123456789', true],
    ['DE', 'DE12345678', false],
    ['AT', 'ATU12345678', true],
    ['AT', 'AT12345678', false],
    ['GR', 'EL123456789', true],
    ['GR', 'GR123456789', false],
    ['NL', 'NL123456789B01', true],
    ['IE', 'IE1234567WA', true],
    ['IE', 'IE1X23456W', true],
    ['FR', 'FRIO123456789', false],
    ['DE', 'AT123456789', false],
  ])('%s: %s is %s', (country, number, valid) => {
    expect(isVatNumberOf(country, number)).toBe(valid);
  });
});

describe('billingSchema', () => {
  it('trims, leaves out empty optional fields and normalises the VAT number', () => {
    expect(
      billingSchema.parse({ ...form, name: ' Ada ', company: ' ', vatNumber: 'de 123 456 789' }),
    ).toEqual({
      name: 'Ada',
      address: 'Example Street 12',
      city: 'Berlin',
      country: 'DE',
      vatNumber: 'DE123456789',
    });
  });

  it('says what is missing, each under its field', () => {
    expect(messages({ ...form, name: '', address: ' ', city: '', country: '' })).toEqual([
      'Name is required',
      'Address is required',
      'City is required',
      'Please select a country',
    ]);
  });

  it('refuses a VAT number of another country, or outside the EU', () => {
    expect(messages({ ...form, vatNumber: 'ATU12345678' })).toEqual([vatNumberMessage('DE')]);
    expect(vatNumberMessage('DE')).toBe('Enter a VAT number of Germany, such as DE123456789');
    expect(messages({ ...form, country: 'CH', vatNumber: 'CHE123456789' })).toEqual([VAT_OUTSIDE_EU]);
  });

  it('refuses what is too long, as the database does', () => {
    expect(
      messages({
        ...form,
        name: 'x'.repeat(101),
        company: 'x'.repeat(101),
        address: 'x'.repeat(201),
        postalCode: '1'.repeat(21),
        city: 'x'.repeat(101),
      }),
    ).toEqual([
      'Name must be less than 100 characters',
      'Company name must be less than 100 characters',
      'Address must be less than 200 characters',
      'Postal code must be less than 20 characters',
      'City must be less than 100 characters',
    ]);
  });
});
