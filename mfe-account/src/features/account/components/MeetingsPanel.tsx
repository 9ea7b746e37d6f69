import { SkeletonText, type MeetingRow } from 'shared-lib';
import type { AccountData } from '../hooks/use-account-data';
import { LoadFailed, PanelNote, SecondFactorNeeded } from '../../../components/panel-states';
import { ItemCard, List } from './card-parts';
import { GuestBookingsOffer } from './GuestBookingsOffer';
import { MeetingCard } from './MeetingCard';
import { LoadingCards } from './LoadingCards';

/** A meeting card's shape: type, when, status. */
function MeetingCardSkeleton() {
  return (
    <ItemCard>
      <SkeletonText $w="11rem" $size="1.125rem" />
      <SkeletonText $w="14rem" />
      <SkeletonText $w="8rem" />
    </ItemCard>
  );
}

export function MeetingsPanel({ status, data: meetings, error, retry }: AccountData<MeetingRow>) {
  if (status === 'loading')
    return (
      <LoadingCards label="Loading meetings...">
        <MeetingCardSkeleton />
      </LoadingCards>
    );
  if (status === 'error') return <LoadFailed what="Your meetings" error={error} onRetry={retry} />;
  if (status === 'second-factor') return <SecondFactorNeeded what="meetings" />;
  return (
    <>
      {meetings.length === 0 ? (
        <PanelNote>No meetings booked yet</PanelNote>
      ) : (
        <List>
          {meetings.map((meeting) => (
            <li key={meeting.id}>
              <MeetingCard meeting={meeting} onChanged={retry} />
            </li>
          ))}
        </List>
      )}
      <GuestBookingsOffer />
    </>
  );
}
