import { callSupabase } from 'shared-lib';
import type { LeadKind } from './types';

/**
 * Marks a lead handled (or, `handled` false, not yet) (staff_mark_lead_handled); resolves with when it was
 * handled, null when it no longer is.
 */
export const markLeadHandled = async (
  kind: LeadKind,
  leadId: string,
  handled: boolean,
): Promise<string | null> =>
  await callSupabase((supabase) =>
    supabase.rpc('staff_mark_lead_handled', { kind, lead_id: leadId, handled }),
  );
