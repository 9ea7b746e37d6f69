import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { paths, SelectField, useLoad } from 'shared-lib';
import { LoadFailed, Loading, Note } from '../components/load-states';
import { Pager } from '../components/pager';
import { PageFrame } from '../features/desks/components/PageFrame';
import { fetchLeads, LEADS_PAGE_SIZE } from '../features/leads/api/fetch-leads';
import type { LeadKind } from '../features/leads/api/types';
import { LeadsTable } from '../features/leads/components/LeadsTable';
import { LEAD_KINDS, leadKindOf } from '../features/leads/utils/leads';

const Kinds = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    display: inline-block;
    padding: ${({ theme }) => `${theme.space[2]} ${theme.space[3]}`};
    border-bottom: 3px solid transparent;
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    text-decoration: none;
  }
  a:hover {
    border-bottom-color: ${({ theme }) => theme.colors.border};
  }
  a[aria-current='page'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[4]};
  margin-bottom: ${({ theme }) => theme.space[4]};
  > :last-child {
    flex: 0 1 16rem;
  }
`;

const SHOW_OPTIONS = [{ value: 'unhandled', label: 'Not handled yet' }];

/** The query string's page, 1 for anything that is not a whole number from 1 up. */
const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
};

/**
 * /admin/leads, the leads desk: contact messages or project requests (one list at a time), newest first, all or
 * only those nobody has handled, paged; each with a Reply link and Mark handled. The kind, the filter and the
 * page live in the address, as the orders desk's do.
 */
export default function LeadsPage() {
  const [params, setParams] = useSearchParams();
  const kind = leadKindOf(params.get('kind'));
  const unhandledOnly = params.get('show') === 'unhandled';
  const page = pageOf(params.get('page'));
  const leads = useLoad(
    (signal) => fetchLeads({ kind, unhandledOnly, page }, signal),
    [kind, unhandledOnly, page],
    {
      context: 'backoffice',
    },
  );

  const addressOf = (next: { kind?: LeadKind; unhandledOnly?: boolean; page?: number }) => {
    const merged = { kind, unhandledOnly, page: 1, ...next };
    const out = new URLSearchParams();
    if (merged.kind !== 'contact_message') out.set('kind', merged.kind);
    if (merged.unhandledOnly) out.set('show', 'unhandled');
    if (merged.page > 1) out.set('page', String(merged.page));
    return out;
  };
  const href = (next: Parameters<typeof addressOf>[0]) => {
    const query = addressOf(next).toString();
    return query ? `${paths.adminLeads}?${query}` : paths.adminLeads;
  };

  const label = LEAD_KINDS.find((entry) => entry.kind === kind)?.label ?? '';
  const caption = `${label}${unhandledOnly ? ' not handled yet' : ''}, newest first`;

  return (
    <PageFrame title="Leads">
      <div>
        <Bar>
          <nav aria-label="Kind of lead">
            <Kinds>
              {LEAD_KINDS.map((entry) => (
                <li key={entry.kind}>
                  <Link
                    to={href({ kind: entry.kind })}
                    aria-current={entry.kind === kind ? 'page' : undefined}
                  >
                    {entry.label}
                  </Link>
                </li>
              ))}
            </Kinds>
          </nav>
          <SelectField
            id="leads-show"
            label="Show"
            placeholder="All"
            options={SHOW_OPTIONS}
            value={unhandledOnly ? 'unhandled' : ''}
            onChange={(event) => setParams(addressOf({ unhandledOnly: event.target.value === 'unhandled' }))}
          />
        </Bar>
        {leads.state === 'failed' ? (
          <LoadFailed what={`The ${label.toLowerCase()}`} error={leads.error} onRetry={leads.retry} />
        ) : leads.state === 'loading' ? (
          <Loading label={`Loading ${label.toLowerCase()}...`} />
        ) : leads.data.leads.length === 0 ? (
          <Note role="status">
            {unhandledOnly
              ? `Every one of the ${label.toLowerCase()} is handled.`
              : `No ${label.toLowerCase()} yet.`}
          </Note>
        ) : (
          <>
            <LeadsTable
              kind={kind}
              leads={leads.data.leads}
              caption={caption}
              onHandled={(id, handledAt) =>
                leads.set({
                  ...leads.data,
                  leads: leads.data.leads.map((lead) =>
                    lead.id === id ? { ...lead, handled_at: handledAt } : lead,
                  ),
                })
              }
              onGone={leads.retry}
            />
            <Pager
              page={page}
              pages={Math.max(1, Math.ceil(leads.data.total / LEADS_PAGE_SIZE))}
              href={(n) => href({ page: n })}
            />
          </>
        )}
      </div>
    </PageFrame>
  );
}
