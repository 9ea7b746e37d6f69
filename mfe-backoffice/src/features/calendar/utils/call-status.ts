import type { StaffCall } from '../api/types';

/** What staff can do with a call, as staff_move_call allows it. */
export type CallAction = 'confirm' | 'complete' | 'cancel';

const ACTIONS: Record<string, readonly CallAction[]> = {
  requested: ['confirm', 'cancel'],
  scheduled: ['complete', 'cancel'],
};

/** The actions a call in `status` offers; none for a completed, cancelled or unknown one. */
export const callActionsFor = (status: string): readonly CallAction[] => ACTIONS[status] ?? [];

const LABELS: Record<string, string> = {
  requested: 'Requested',
  scheduled: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** A status in words: 'Confirmed' for 'scheduled'; what came for one this app does not know. */
export const callStatusLabel = (status: string): string => LABELS[status] ?? status;

/** The call's status as the desk shows it: a guest's booking awaiting its e-mail's confirmation is a hold. */
export const callStatusWords = (call: Pick<StaffCall, 'status' | 'hold'>): string =>
  call.hold && call.status === 'requested' ? 'Hold' : callStatusLabel(call.status);
