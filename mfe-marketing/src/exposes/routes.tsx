import { lazy } from 'react';
import { paths, type RemoteRoute } from 'shared-lib';

const Home = lazy(() => import('../pages/HomePage'));

const routes: readonly RemoteRoute[] = [
  { path: paths.home, Component: Home },
  ...[
    paths.about,
    paths.cases,
    paths.careers,
    paths.contact,
    paths.enterTheFuture,
    paths.customProjects,
    paths.blog,
    paths.blogArticle,
    paths.privacy,
    paths.terms,
  ].map((path) => ({ path, Component: Home })),
];

export default routes;
