import type { Database } from 'shared-lib';

type Tables = Database['public']['Tables'];

/** The two kinds of lead, as staff_leads and staff_mark_lead_handled name them. */
export type LeadKind = 'contact_message' | 'project_request';

export type ContactMessage = Tables['contact_messages']['Row'];
export type ProjectRequest = Tables['project_requests']['Row'];
