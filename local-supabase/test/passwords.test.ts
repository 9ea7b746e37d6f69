// Password hashing: GoTrue's format, so accounts move between this backend and hosted Supabase.
import { hashPassword, verifyPassword, type PasswordPolicy } from '../src/auth/passwords';

const policy: PasswordPolicy = { minLength: 8, requirements: 'letters_digits', bcryptCost: 4 };

// 'DemoPass123' as pgcrypto writes it (`crypt(..., gen_salt('bf', 4))`), the way seed.sql hashes the demo account.
const PGCRYPTO_HASH = '$2a$04$lKQ6sFAYG13e7efBdqW8huCdcG47D8Umrq4.pq/0PsCf7b/NYrnMy';

describe('password hashing', () => {
  it('writes bcrypt hashes with the 2a prefix and the configured cost, as GoTrue does', async () => {
    const stored = await hashPassword('DemoPass123', policy);
    expect(stored).toMatch(/^\$2a\$04\$[./A-Za-z0-9]{53}$/);
    await expect(verifyPassword('DemoPass123', stored, policy)).resolves.toBe(true);
    await expect(verifyPassword('DemoPass124', stored, policy)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('Same1234', policy), hashPassword('Same1234', policy)]);
    expect(a).not.toBe(b);
  });

  it('accepts a hash written by pgcrypto', async () => {
    await expect(verifyPassword('DemoPass123', PGCRYPTO_HASH, policy)).resolves.toBe(true);
    await expect(verifyPassword('demopass123', PGCRYPTO_HASH, policy)).resolves.toBe(false);
  });

  it('answers false for an unknown user or a malformed stored hash, without throwing', async () => {
    await expect(verifyPassword('DemoPass123', null, policy)).resolves.toBe(false);
    await expect(verifyPassword('DemoPass123', 'not-a-bcrypt-hash', policy)).resolves.toBe(false);
  });

  it('leaves the event loop free while it hashes', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    await hashPassword('DemoPass123', { ...policy, bcryptCost: 12 });
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(5);
  });
});
