import type { MeetingRow } from 'shared-lib';
import type { AccountData } from '../hooks/use-account-data';
import { List, PanelNote } from './card-parts';
import { MeetingCard } from './MeetingCard';

export function MeetingsPanel({ data: meetings, loading }: AccountData<MeetingRow>) {
  if (loading) return <PanelNote role="status">Loading meetings...</PanelNote>;
  if (meetings.length === 0) return <PanelNote>No meetings booked yet</PanelNote>;
  return (
    <List>
      {meetings.map((meeting) => (
        <li key={meeting.id}>
          <MeetingCard meeting={meeting} />
        </li>
      ))}
    </List>
  );
}
