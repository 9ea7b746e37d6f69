import { useId } from 'react';
import { CalendarDays } from 'lucide-react';
import styled from 'styled-components';
import { capitalise, formatMeetingWhen, type MeetingRow } from 'shared-lib';
import { CardTitle, ItemCard, Line } from './card-parts';
import { MeetingActions } from './MeetingActions';

const When = styled(Line)`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  color: ${({ theme }) => theme.colors.muted};
`;

export function MeetingCard({ meeting, onChanged }: { meeting: MeetingRow; onChanged: () => void }) {
  const titleId = useId();
  return (
    <ItemCard aria-labelledby={titleId}>
      <CardTitle id={titleId}>{meeting.meeting_type}</CardTitle>
      <When>
        <CalendarDays size={16} aria-hidden />
        {formatMeetingWhen(meeting.scheduled_at)}
      </When>
      <Line>
        <strong>Status:</strong> {capitalise(meeting.status)}
      </Line>
      {meeting.notes ? (
        <Line>
          <strong>Notes:</strong> {meeting.notes}
        </Line>
      ) : null}
      <MeetingActions meeting={meeting} onChanged={onChanged} />
    </ItemCard>
  );
}
