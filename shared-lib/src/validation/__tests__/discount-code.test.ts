import { normaliseDiscountCode } from '../discount-code';

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
