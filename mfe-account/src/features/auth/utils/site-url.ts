/** Where links in the site's e-mails lead: this site's own pages, so the auth server must list them. */
export const siteUrl = (path: string) => `${window.location.origin}${path}`;
