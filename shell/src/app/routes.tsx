// The routing table: every route of the spec, each mapped to the remote that owns it (shared-lib's
// `remotePaths`), protected ones behind the sign-in guard, the back office's behind the staff guard, anything else
// the 404 page.
import { Route, Routes } from 'react-router-dom';
import { protectedPaths, remotePaths, staffPaths, type RemoteKey } from 'shared-lib';
import { ProtectedRoute } from '../auth/ProtectedRoute';
import { StaffRoute } from '../auth/StaffRoute';
import { RemotePage } from '../federation/RemotePage';
import { NotFound } from '../pages/NotFound';

const table = (Object.entries(remotePaths) as [RemoteKey, readonly string[]][]).flatMap(([remote, list]) =>
  list.map((path) => ({ remote, path })),
);

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
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
