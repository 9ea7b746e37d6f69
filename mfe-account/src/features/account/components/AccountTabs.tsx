import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SessionUser } from 'shared-lib';
import { Tabs, TabsContent, TabsList, TabsTrigger } from 'shared-lib/tabs';
import { fetchMeetings } from '../api/fetch-meetings';
import { fetchOrders } from '../api/fetch-orders';
import { useAccountData } from '../hooks/use-account-data';
import { MeetingsPanel } from './MeetingsPanel';
import { OrdersPanel } from './OrdersPanel';

const TABS = ['profile', 'orders', 'meetings'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * Profile, Orders and Meetings; the Profile tab's content (`profile`, the auth feature's settings) comes from the
 * account page. Both lists load when the page opens, so switching tabs never refetches. The open tab lives in the
 * URL (`/account?tab=orders`), so a reload, a bookmark or a shared link opens it again; Profile, the default, keeps
 * the plain `/account`.
 */
export function AccountTabs({ user, profile }: { user: SessionUser; profile: ReactNode }) {
  const orders = useAccountData(user.id, fetchOrders);
  const meetings = useAccountData(user.id, fetchMeetings);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'profile';
  const select = (value: string) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'profile' || !isTab(value)) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      // Switching tabs is not a new page: Back leaves the account instead of stepping through its tabs.
      { replace: true },
    );
  };
  return (
    <Tabs value={tab} onValueChange={select}>
      <TabsList aria-label="Account sections">
        <TabsTrigger value="profile">Profile</TabsTrigger>
        <TabsTrigger value="orders">Orders</TabsTrigger>
        <TabsTrigger value="meetings">Meetings</TabsTrigger>
      </TabsList>
      <TabsContent value="profile">{profile}</TabsContent>
      <TabsContent value="orders">
        <OrdersPanel {...orders} />
      </TabsContent>
      <TabsContent value="meetings">
        <MeetingsPanel {...meetings} />
      </TabsContent>
    </Tabs>
  );
}
