// The one place a remote is mounted: Suspense while it loads, an error boundary if it cannot load or throws
// while rendering. The fallback keeps the rest of the page alive and offers Retry without a reload.
import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteKey } from 'shared-lib';
import { PageSkeleton } from './PageSkeleton';
import { retryRemote } from './remotes';
import { UnavailablePanel } from './UnavailablePanel';

interface Props {
  remote: RemoteKey;
  children: ReactNode;
  /** What to show while loading; the page's skeleton by default. */
  loading?: ReactNode;
  /** What to show when the remote is down; the unavailable panel by default. */
  fallback?: (retry: () => void) => ReactNode;
}

interface State {
  error: Error | null;
}

export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[shell] the ${this.props.remote} slice failed`, error, info.componentStack);
  }

  retry = () => {
    retryRemote(this.props.remote);
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    const { children, remote, loading, fallback } = this.props;
    if (error)
      return fallback ? fallback(this.retry) : <UnavailablePanel remote={remote} onRetry={this.retry} />;
    // `null` is a valid loading state for widgets: only a missing one means "a page is loading".
    return <Suspense fallback={loading === undefined ? <PageSkeleton /> : loading}>{children}</Suspense>;
  }
}
