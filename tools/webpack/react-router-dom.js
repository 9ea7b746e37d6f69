// The react-router-dom every app shares (shared-singletons.js): only what the storefront uses of it. A shared
// module is provided whole, as its consumers are built elsewhere, so sharing the package itself shipped all of
// react-router 6 (data routers, loaders, fetchers; figures in docs/performance.md). Through this list webpack keeps
// only these exports and what they need.
//
// A remote that needs another export adds it here and the shell is deployed with it first: the shell's copy is the
// one every remote gets. The build refuses an import of react-router-dom that is not listed (router-contract.js).
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom/dist/index.js';
