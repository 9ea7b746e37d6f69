// The company's details are written once, in shared-lib's company file; a migration copies them into the row
// invoices and e-mails read (private.company_details). The row, as private.seller() gives it to them, must say
// exactly what the file says, on both engines; no client reads it; and its site origin is the site served.
import { company } from '../../shared-lib/src/company/company';
import { KINDS, startBackend, type Backend } from './harness';
import { queryMigrated, queryPostgres } from './sql';

jest.setTimeout(90_000);

describe.each(KINDS)('the company details on %s', (kind) => {
  let backend: Backend | undefined;
  beforeAll(async () => {
    if (kind === 'postgres') backend = await startBackend(kind, { SITE_URL: 'https://shop.example.com/' });
  });
  afterAll(() => backend?.stop());

  it('are in the database exactly as shared-lib’s company file says, for the agency only', async () => {
    const [row] = await queryMigrated<{ seller: unknown; readable: boolean[] }>(
      kind,
      backend,
      `select private.seller() as seller,
         array[has_table_privilege('anon', 'private.company_details', 'select'),
           has_table_privilege('authenticated', 'private.company_details', 'select')] as readable`,
    );
    expect(row!.seller).toEqual(company);
    expect(row!.readable).toEqual([false, false]);
  });

  if (kind === 'postgres') {
    it('hold the origin of the site the service serves, for the links of e-mails', async () => {
      const rows = await queryPostgres(backend!, `select private.site_link('/account?tab=orders') as link`);
      expect(rows).toEqual([{ link: 'https://shop.example.com/account?tab=orders' }]);
    });
  }
});
