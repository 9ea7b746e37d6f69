// The routing table: every route of the spec, each mapped to the remote that owns it (shared-lib's
// `remotePaths`), protected ones behind the sign-in guard, the back office's behind the staff guard, anything else
// the 404 page.
import { Navigate, Route, Routes } from 'react-router-dom';
import { paths, protectedPaths, remotePaths, staffPaths, type RemoteKey } from 'shared-lib';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { StaffRoute } from '../auth/StaffRoute';
import { RemotePage } from '../federation/RemotePage';
import { NotFound } from '../pages/NotFound';

const table = (Object.entries(remotePaths) as [RemoteKey, readonly string[]][]).flatMap(([remote, list]) =>
  list.map((path) => ({ remote, path })),
);

const SERVICES = '/services';

export function AppRoutes() {
  return (
    <Routes>
      {table.map(({ remote, path }) => {
        const page = <RemotePage remote={remote} path={path} />;
        return (
          <Route
            key={path}
            path={path}
            element={
              staffPaths.includes(path) ? (
                <StaffRoute>{page}</StaffRoute>
              ) : protectedPaths.includes(path) ? (
                <ProtectedRoute>{page}</ProtectedRoute>
              ) : (
                page
              )
            }
          />
        );
      })}
      {/* The list of services is at the spec's /how-we-work; /services, the parent of every service page's path,
          leads there rather than to the 404 page (beyond the spec, #45.7). */}
      <Route path={SERVICES} element={<Navigate to={paths.howWeWork} replace />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
