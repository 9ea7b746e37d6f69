// `./routes`: the pages this slice owns (shared-lib's remotePaths.marketing), each loaded on demand.
import { lazy } from 'react';
import { paths, type RemoteRoute } from 'shared-lib';

const legal = () => import('../pages/LegalPage');

const routes: readonly RemoteRoute[] = [
  { path: paths.home, Component: lazy(() => import('../pages/HomePage')) },
  { path: paths.about, Component: lazy(() => import('../pages/AboutPage')) },
  { path: paths.cases, Component: lazy(() => import('../pages/CasesPage')) },
  { path: paths.careers, Component: lazy(() => import('../pages/CareersPage')) },
  { path: paths.contact, Component: lazy(() => import('../pages/ContactPage')) },
  { path: paths.enterTheFuture, Component: lazy(() => import('../pages/EnterTheFuturePage')) },
  { path: paths.customProjects, Component: lazy(() => import('../pages/CustomProjectsPage')) },
  { path: paths.blog, Component: lazy(() => import('../pages/BlogPage')) },
  { path: paths.blogArticle, Component: lazy(() => import('../pages/BlogArticlePage')) },
  { path: paths.privacy, Component: lazy(() => legal().then((m) => ({ default: m.PrivacyPage }))) },
  { path: paths.terms, Component: lazy(() => legal().then((m) => ({ default: m.TermsPage }))) },
  { path: paths.imprint, Component: lazy(() => import('../pages/ImprintPage')) },
  { path: paths.booking, Component: lazy(() => import('../pages/BookingLinkPage')) },
];

export default routes;
