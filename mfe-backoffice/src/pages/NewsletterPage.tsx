import styled from 'styled-components';
import { Button, toast, useAction, useLoad } from 'shared-lib';
import { localToday } from 'shared-lib/validation/backoffice';
import { LoadFailed, Loading } from '../components/load-states';
import { PageFrame } from '../features/desks/components/PageFrame';
import { fetchSubscribers, type Subscriber } from '../features/newsletter/api/fetch-subscribers';
import { downloadText } from '../features/newsletter/utils/download';
import { subscribersCsv, subscribersFileName } from '../features/newsletter/utils/subscribers-csv';

const Panel = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  justify-items: start;
  padding: ${({ theme }) => theme.space[4]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.md};
    color: ${({ theme }) => theme.colors.muted};
  }
  p {
    margin: 0;
  }
`;

const Figure = styled.p`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.ink};
`;

/**
 * /admin/newsletter: how many people subscribe to AI Insights, and their names, e-mails and subscription dates as
 * a CSV file. The export reads the list again, so it holds whoever subscribed since the page opened, and the count
 * follows it.
 */
export default function NewsletterPage() {
  const subscribers = useLoad((signal) => fetchSubscribers(signal), [], { context: 'backoffice' });
  const exportCsv = useAction({
    run: () => fetchSubscribers(),
    context: 'backoffice',
    onSuccess: (list: Subscriber[]) => {
      subscribers.set(list);
      downloadText(subscribersFileName(localToday()), subscribersCsv(list), 'text/csv;charset=utf-8');
      toast({ title: 'Export ready', description: `${list.length} subscribers in the file.` });
    },
    onFailure: (message) => toast({ title: 'Error', description: message, variant: 'destructive' }),
  });

  return (
    <PageFrame title="Newsletter">
      {subscribers.state === 'failed' ? (
        <LoadFailed what="The subscribers" error={subscribers.error} onRetry={subscribers.retry} />
      ) : subscribers.state === 'loading' ? (
        <Loading label="Loading subscribers..." />
      ) : (
        <Panel aria-labelledby="subscribers">
          <h2 id="subscribers">Subscribers to AI Insights</h2>
          <Figure>{subscribers.data.length}</Figure>
          <p>
            The export is a CSV file of each subscriber’s name, e-mail and the time they subscribed (UTC).
          </p>
          <Button
            ref={exportCsv.buttonRef}
            type="button"
            disabled={exportCsv.busy || subscribers.data.length === 0}
            aria-busy={exportCsv.busy}
            onClick={() => exportCsv.run()}
          >
            {exportCsv.busy ? 'Preparing the file...' : 'Download the subscribers (CSV)'}
          </Button>
          {subscribers.data.length === 0 ? (
            <p>Nobody has subscribed yet, so there is nothing to export.</p>
          ) : null}
        </Panel>
      )}
    </PageFrame>
  );
}
