/**
 * The part of react-router the frontends use, shared between the shell and the remotes as one
 * singleton module (`@manzil/ui/router`, webpack.common.cjs) instead of react-router itself.
 *
 * Why: a shared module is bundled whole, since the host cannot know what a remote will ask of
 * it, and react-router whole (data routers, loaders, fetchers, server rendering, its cookie
 * helpers) is about three times what the declarative router below needs. Shared through this
 * module, webpack tree-shakes react-router inside it. One module still means one router: a
 * remote's <Routes> live in the shell's <BrowserRouter>.
 *
 * Import routing from here in app code, never from 'react-router' (a direct import would bundle
 * a second router with its own context; eslint refuses it). Tests may use react-router's
 * MemoryRouter: in jest both are the same module. Need another export? Add it here.
 */
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from 'react-router';
export type {
  LinkProps,
  Location,
  NavigateFunction,
  NavLinkProps,
  NavigateOptions,
  SetURLSearchParams,
  To,
} from 'react-router';
