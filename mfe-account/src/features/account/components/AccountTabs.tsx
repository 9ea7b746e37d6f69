import type { SessionUser } from 'shared-lib';
import { Tabs, TabsContent, TabsList, TabsTrigger } from 'shared-lib/tabs';
import { fetchMeetings } from '../api/fetch-meetings';
import { fetchOrders } from '../api/fetch-orders';
import { useAccountData } from '../hooks/use-account-data';
import { MeetingsPanel } from './MeetingsPanel';
import { OrdersPanel } from './OrdersPanel';
import { ProfilePanel } from './ProfilePanel';

/** Profile, Orders and Meetings. Both lists load when the page opens, so switching tabs never refetches. */
export function AccountTabs({ user }: { user: SessionUser }) {
  const orders = useAccountData(user.id, fetchOrders);
  const meetings = useAccountData(user.id, fetchMeetings);
  return (
    <Tabs defaultValue="profile">
      <TabsList aria-label="Account sections">
        <TabsTrigger value="profile">Profile</TabsTrigger>
        <TabsTrigger value="orders">Orders</TabsTrigger>
        <TabsTrigger value="meetings">Meetings</TabsTrigger>
      </TabsList>
      <TabsContent value="profile">
        <ProfilePanel user={user} />
      </TabsContent>
      <TabsContent value="orders">
        <OrdersPanel {...orders} />
      </TabsContent>
      <TabsContent value="meetings">
        <MeetingsPanel {...meetings} />
      </TabsContent>
    </Tabs>
  );
}
