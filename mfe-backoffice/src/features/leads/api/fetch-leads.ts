import { callSupabase } from 'shared-lib';
import type { ContactMessage, LeadKind, ProjectRequest } from './types';

export const LEADS_PAGE_SIZE = 20;

export interface LeadsQuery {
  kind: LeadKind;
  /** Only the ones nobody has handled yet. */
  unhandledOnly: boolean;
  /** 1-based. */
  page: number;
}

export interface LeadsResult {
  total: number;
  leads: (ContactMessage | ProjectRequest)[];
}

/** One page of contact messages or project requests, newest first (staff_leads). */
export async function fetchLeads(
  { kind, unhandledOnly, page }: LeadsQuery,
  signal?: AbortSignal,
): Promise<LeadsResult> {
  const answer = await callSupabase((supabase) => {
    const call = supabase.rpc('staff_leads', {
      kind,
      unhandled_only: unhandledOnly,
      page,
      page_size: LEADS_PAGE_SIZE,
    });
    return signal ? call.abortSignal(signal) : call;
  });
  // The function returns json: its shape is the tables' rows (to_json of each) and their count.
  const { total_count, leads } = answer as unknown as { total_count: number; leads: LeadsResult['leads'] };
  return { total: total_count, leads };
}
