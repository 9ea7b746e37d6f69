import { company, formatLongDate } from 'shared-lib';
import { BUDGETS, PROJECT_TYPES, TIMELINES } from 'shared-lib/validation';
import type { ContactMessage, LeadKind, ProjectRequest } from '../api/types';

export const LEAD_KINDS: readonly { kind: LeadKind; label: string }[] = [
  { kind: 'contact_message', label: 'Contact messages' },
  { kind: 'project_request', label: 'Project requests' },
];

/** The address's kind, contact messages for anything else. */
export const leadKindOf = (value: string | null): LeadKind =>
  value === 'project_request' ? 'project_request' : 'contact_message';

/** A select's label for a stored value, or the value itself should a newer form have sent one this list lacks. */
const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

export const projectTypeLabel = (value: string) => labelOf(PROJECT_TYPES, value);
export const budgetLabel = (value: string) => labelOf(BUDGETS, value);
export const timelineLabel = (value: string) => labelOf(TIMELINES, value);

/**
 * A reply to a lead in the staff member's mail program, the subject filled in. The address is encoded, so one
 * that carries '?' or '&' (typed by anyone on the public forms) cannot add recipients or headers of its own.
 */
export function replyLink(kind: LeadKind, lead: ContactMessage | ProjectRequest): string {
  const subject =
    kind === 'project_request' && 'project_type' in lead
      ? `Re: your ${projectTypeLabel(lead.project_type)} project request to ${company.name}`
      : `Re: your message to ${company.name} of ${formatLongDate(lead.created_at)}`;
  // '@' stays as it is (RFC 6068 allows it, and some mail programs do not decode %40).
  const to = encodeURIComponent(lead.email).replace(/%40/g, '@');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}`;
}
