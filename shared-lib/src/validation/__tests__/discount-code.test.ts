import { generateDiscountCode, normaliseDiscountCode, type RandomSource } from '../discount-code';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A random source that hands out the given bytes in order, as many as each call asks for. */
function scripted(bytes: readonly number[]) {
  const queue = [...bytes];
  const requests: number[] = [];
  const source: RandomSource = (array) => {
    requests.push(array.length);
    for (let i = 0; i < array.length; i += 1) array[i] = queue.shift() ?? 0;
    return array;
  };
  return { source, requests };
}

describe('generateDiscountCode', () => {
  it('is the first three letters of the name upper-cased plus six random letters or digits', () => {
    for (let i = 0; i < 50; i += 1) expect(generateDiscountCode('ada lovelace')).toMatch(/^ADA[A-Z0-9]{6}$/);
  });

  it.each([
    ['Ada Lovelace', 'ADA'],
    ['  ada', 'ADA'],
    ['J. Doe', 'JDO'],
    ['Al', 'AL'],
    ['A', 'A'],
    ['O’Neil', 'ONE'],
    ['Zoë', 'ZOË'],
    ['Zoe\u0308', 'ZOË'], // the same name typed with a combining diaeresis
    ['ßam', 'SSA'],
    ['Łukasz', 'ŁUK'],
    ['42', ''],
  ])('takes the letters of %j: %j', (name, prefix) => {
    const code = generateDiscountCode(name, scripted([0, 1, 2, 3, 4, 5]).source);
    expect(code).toBe(`${prefix}ABCDEF`);
  });

  it('never contains lower-case ASCII or spaces, and is 6 to 9 characters long', () => {
    for (const name of ['ada', 'x', 'Mary Ann', '  ', 'ßßß']) {
      const code = generateDiscountCode(name);
      expect(code).toMatch(/^[^\sa-z]{6,9}$/);
      expect(normaliseDiscountCode(code)).toBe(code);
    }
  });

  it('draws its characters from the given random source', () => {
    const source = jest.fn((bytes: Uint8Array) => bytes.fill(1));
    expect(generateDiscountCode('Ada', source)).toBe('ADABBBBBB');
    expect(source).toHaveBeenCalledTimes(1);
  });

  it('maps bytes onto A-Z then 0-9', () => {
    expect(generateDiscountCode('Ada', scripted([25, 26, 35, 36, 71, 251]).source)).toBe('ADAZ09A99');
  });

  it('uses the platform’s cryptographic source by default', () => {
    const spy = jest.spyOn(globalThis.crypto, 'getRandomValues');
    try {
      expect(generateDiscountCode('Ada')).toMatch(/^ADA[A-Z0-9]{6}$/);
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('rejects bytes that would bias the alphabet (252 and above) and draws again for the rest', () => {
    const { source, requests } = scripted([252, 253, 254, 255, 0, 1, 2, 3, 4, 5]);
    expect(generateDiscountCode('Ada', source)).toBe('ADAABCDEF');
    expect(requests).toEqual([6, 4]);
  });

  it('accepts 251, the last unbiased byte', () => {
    expect(generateDiscountCode('Ada', scripted([251, 251, 251, 251, 251, 251]).source)).toBe('ADA999999');
  });

  it('uses each character equally often over every usable byte', () => {
    const counts = new Map<string, number>();
    const bytes = Array.from({ length: 256 }, (_, b) => b);
    // 256 bytes, of which 252 are usable: 42 codes of 6 characters, each character exactly 7 times.
    const { source } = scripted(bytes);
    for (let i = 0; i < 42; i += 1) {
      for (const char of generateDiscountCode('', source)) counts.set(char, (counts.get(char) ?? 0) + 1);
    }
    expect([...counts.keys()].sort().join('')).toBe([...ALPHABET].sort().join(''));
    expect(new Set(counts.values())).toEqual(new Set([7]));
  });

  it('gives up on a random source that only returns unusable bytes', () => {
    expect(() => generateDiscountCode('Ada', (bytes) => bytes.fill(255))).toThrow(/random source/);
  });

  it('never takes more than six characters from a source that returns extra bytes', () => {
    expect(generateDiscountCode('Ada', () => new Uint8Array(10).fill(2))).toBe('ADACCCCCC');
  });
});

describe('normaliseDiscountCode', () => {
  it.each([
    [' ada1b2c3d ', 'ADA1B2C3D'],
    ['ADA1B2C3D', 'ADA1B2C3D'],
    ['\tzoëabc123\n', 'ZOËABC123'],
    ['', ''],
  ])('%j -> %j', (input, output) => {
    expect(normaliseDiscountCode(input)).toBe(output);
  });
});
