// Campaigns and leads as the staff functions return them, for the desks' component tests.
import { ApiError } from 'shared-lib';
import type { ContactMessage, ProjectRequest } from '../features/leads/api/types';
import type { StaffPromotion } from '../features/promotions/api/types';

const HOUR = 60 * 60 * 1000;
const at = (hoursFromNow: number) => new Date(Date.now() + hoursFromNow * HOUR).toISOString();

export const promotion = (patch: Partial<StaffPromotion> = {}): StaffPromotion => ({
  id: 'f0f0f0f0-0000-4000-8000-000000000001',
  words: '10% off your first project order this winter.',
  starts_at: at(-24),
  ends_at: at(24),
  offer: 'newsletter',
  link: null,
  created_at: at(-48),
  ...patch,
});

/** A running, an upcoming and an ended campaign. */
export const campaigns = (): StaffPromotion[] => [
  promotion({
    id: 'f0f0f0f0-0000-4000-8000-000000000003',
    words: 'Spring workshops.',
    starts_at: at(48),
    ends_at: at(96),
  }),
  promotion({ link: '/services/one-day-training' }),
  promotion({
    id: 'f0f0f0f0-0000-4000-8000-000000000002',
    words: 'Autumn offer.',
    starts_at: at(-96),
    ends_at: at(-48),
  }),
];

export const contactMessage = (n: number, patch: Partial<ContactMessage> = {}): ContactMessage => ({
  id: `${String(n).padStart(8, '0')}-0000-4000-8000-00000000c0de`,
  name: `Sender ${n}`,
  email: `sender${n}@example.com`,
  message: `Message number ${n}.`,
  created_at: `2026-11-${String(10 + n).padStart(2, '0')}T10:00:00Z`,
  handled_at: null,
  ...patch,
});

export const projectRequest = (n: number, patch: Partial<ProjectRequest> = {}): ProjectRequest => ({
  id: `${String(n).padStart(8, '0')}-0000-4000-8000-0000000000ab`,
  name: `Requester ${n}`,
  email: `requester${n}@example.com`,
  company: 'Analytical Engines Ltd',
  project_type: 'chatbot',
  budget: '10k-25k',
  timeline: 'asap',
  description: 'A chatbot that answers our customers at night.',
  created_at: `2026-11-${String(10 + n).padStart(2, '0')}T10:00:00Z`,
  handled_at: null,
  ...patch,
});

/** What staff_save_promotion answers for a campaign that is gone. */
export const promotionGone = () =>
  new ApiError({ code: 'promotion_not_found', status: 404, message: 'There is no such promotion.' });

/** What staff_mark_lead_handled answers for a lead that is gone. */
export const leadGone = () =>
  new ApiError({ code: 'lead_not_found', status: 404, message: 'There is no such message.' });
