import styled from 'styled-components';
import { Muted, selectUser, useLoad, useSessionStore } from 'shared-lib';
import { LoadFailed, Loading } from '../components/load-states';
import { PageFrame } from '../features/desks/components/PageFrame';
import { fetchDashboard } from '../features/start/api/fetch-dashboard';
import { Dashboard } from '../features/start/components/Dashboard';

const Intro = styled(Muted)`
  margin: 0 0 ${({ theme }) => theme.space[6]};
`;

/**
 * /admin, the back office's start page: what needs doing (orders awaiting payment, paid this month, the next calls,
 * unhandled leads, the e-mails the outbox gave up on). The shell's staff guard renders it only for staff at aal2.
 */
export default function StartPage() {
  const user = useSessionStore(selectUser);
  const dashboard = useLoad((signal) => fetchDashboard(signal), [], { context: 'backoffice' });
  return (
    <PageFrame title="Back office" intro={user ? <Intro>Signed in as {user.email}</Intro> : null}>
      {dashboard.state === 'failed' ? (
        <LoadFailed what="What needs doing" error={dashboard.error} onRetry={dashboard.retry} />
      ) : dashboard.state === 'ready' ? (
        <Dashboard data={dashboard.data} onChanged={dashboard.retry} />
      ) : (
        <Loading label="Loading what needs doing..." />
      )}
    </PageFrame>
  );
}
