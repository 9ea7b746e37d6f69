// The site's public origin in the database (private.company_details.site_url, supabase/migrations
// 20261128100000_company_details.sql), from which SQL builds the absolute links of e-mails. On hosted Supabase the
// agency sets it once per deployment (README, "Deploying"); locally it is the site this service serves ([auth]
// site_url or SITE_URL), written at every start so the links of a local e-mail lead to the local site.
import type { Queryable } from './database';

export async function writeSiteUrl(db: Queryable, siteUrl: string): Promise<void> {
  const exists = await db.query<{ found: boolean }>(
    `select to_regclass('private.company_details') is not null as found`,
  );
  if (!exists.rows[0]?.found) return;
  await db.query('update private.company_details set site_url = $1 where site_url is distinct from $1', [
    new URL(siteUrl).origin,
  ]);
}
