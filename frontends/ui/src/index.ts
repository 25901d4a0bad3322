import './styles.js';

export { intlLocale, isolateLtr, languageOfLocale } from './format/locale.js';
export { formatNumber } from './format/number.js';
export { currencyLabel, formatPrice, priceParts, type Currency, type PriceParts } from './format/price.js';
export { areaUnitLabel, formatArea, type AreaUnit } from './format/area.js';
export { SITE_TIME_ZONES, formatSiteDate, type SiteDateOptions } from './format/date.js';

export { ApiError, apiFetch, apiFile, timezoneOffset, type ApiFetchOptions } from './api/api-fetch.js';
export { apiFieldErrors } from './api/field-errors.js';
export {
  REFRESH_TOKEN_KEY,
  SESSION_EVENT,
  TOKEN_COOKIE,
  TOKEN_KEY,
  UNIQUE_ID_KEY,
  avatarLetter,
  clearSession,
  decodeSession,
  hasStaleToken,
  isPlaceholderPicture,
  readRefreshToken,
  readSession,
  readToken,
  roleOf,
  storeSession,
  subscribeSession,
  type LoggedInRole,
  type Session,
} from './session/session.js';
export { identityPath, refreshSession } from './session/refresh.js';
export {
  LOGIN_PROMPT_REASONS,
  requireLogin,
  setLoginPromptHandler,
  type LoginPromptReason,
} from './session/login-prompt.js';
export { useRequireLogin, useSession } from './session/use-session.js';
export { uiMessages } from './messages/index.js';
export type { RemoteAppProps } from './remote-app.js';

export {
  Button,
  buttonClassName,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './components/button.js';
export { Select, type SelectOption, type SelectProps } from './components/select.js';
export { Ltr } from './components/ltr.js';
export { Price, type PriceProps } from './components/price.js';
export { PropertyCard, type PropertyCardProps } from './components/property-card.js';
export {
  PropertyCardSkeleton,
  PropertyGridSkeleton,
  Skeleton,
  type SkeletonProps,
} from './components/skeleton.js';
export { EmptyState, type EmptyStateProps } from './components/empty-state.js';
export { ErrorBoundary, ErrorFallback, type ErrorBoundaryProps } from './components/error-boundary.js';
export { useLanguage } from './components/use-language.js';
export {
  AlertIcon,
  AreaIcon,
  BathIcon,
  BedIcon,
  ChevronDownIcon,
  HomeIcon,
  PinIcon,
  SearchIcon,
} from './components/icons.js';
export { LanguageProvider, type LanguageProviderProps } from './components/language-provider.js';
export { SiteDate, SiteProvider, useSite, type SiteDateProps } from './components/site-date.js';
export { PagePlaceholder, type PagePlaceholderProps } from './components/page-placeholder.js';
export { PagedList, Pager } from './components/paged-list.js';
export * from './data/index.js';
// The forms are their own entry: '@manzil/ui/forms' (react-hook-form stays off pages without a form),
// and so are the proposal builders: '@manzil/ui/proposals'.
export * from './feedback/index.js';
export * from './seo/index.js';
export * from './a11y/index.js';
