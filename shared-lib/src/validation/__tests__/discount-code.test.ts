import { generateDiscountCode, normaliseDiscountCode } from '../discount-code';

describe('generateDiscountCode', () => {
  it('is the first three letters of the name upper-cased plus six random letters or digits', () => {
    for (let i = 0; i < 50; i += 1) expect(generateDiscountCode('ada lovelace')).toMatch(/^ADA[A-Z0-9]{6}$/);
    expect(generateDiscountCode('J. Doe')).toMatch(/^JDO[A-Z0-9]{6}$/);
    expect(generateDiscountCode('Al')).toMatch(/^AL[A-Z0-9]{6}$/);
  });

  it('draws its characters from the given random source', () => {
    const source = jest.fn((bytes: Uint8Array) => bytes.fill(1));
    expect(generateDiscountCode('Ada', source)).toBe('ADABBBBBB');
    expect(source).toHaveBeenCalled();
  });

  it('uses the platform’s cryptographic source by default', () => {
    const spy = jest.spyOn(globalThis.crypto, 'getRandomValues');
    generateDiscountCode('Ada');
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('rejects bytes that would bias the alphabet (252 and above)', () => {
    const batches = [new Uint8Array([252, 253, 254, 255, 0, 1]), new Uint8Array([2, 3, 4, 5, 6, 7])];
    const source = (bytes: Uint8Array) => {
      bytes.set(batches.shift()!);
      return bytes;
    };
    expect(generateDiscountCode('Ada', source)).toBe('ADAABCDEF');
  });
});

it('normalises codes to upper case', () => {
  expect(normaliseDiscountCode(' ada1b2c3d ')).toBe('ADA1B2C3D');
});
