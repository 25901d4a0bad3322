import { Suspense, lazy, use } from 'react';
import { Route, Routes, useLocation } from '@manzil/ui/router';
import {
  ARABIC_LISTING_PAGES,
  isKnownRoute,
  LISTING_PAGES,
  PAYMENT_RESULT_PAGES,
  PROPERTY_TYPE_SLUGS,
  SAVED_SEARCHES_ROUTE,
} from '@manzil/contracts';
import { LanguageProvider, Skeleton, type RemoteAppProps } from '@manzil/ui';
import { loadCustomerMessages, loadedCustomerMessages } from './i18n/load-messages.js';
import { ComingSoonPage } from './pages/coming-soon-page.js';
import { NotFoundPage } from './pages/content/content-parts.js';
import './pages/content/content.css';
import './pages/payments/payments.css';
import { HomePage } from './pages/home-page.js';
import { ListingPage } from './pages/listing-page.js';

import './customer.css';

// The page's language, as the gateway wrote it into <html lang>: its messages are fetched while
// the App's module and the shell's messages are, not behind the first render.
if (typeof document !== 'undefined') {
  void loadCustomerMessages(document.documentElement.lang === 'ar' ? 'ar' : 'en').catch(() => undefined);
}

/*
 * The home and listing pages, where most visits start, come with the App; the CMS pages
 * (static pages, FAQ, blog, contact forms, communities) are fetched when first shown.
 */
const StaticPage = lazy(() =>
  import('./pages/content/static-page.js').then((m) => ({ default: m.StaticPage })),
);
const FaqPage = lazy(() => import('./pages/content/faq-page.js').then((m) => ({ default: m.FaqPage })));
const BlogListPage = lazy(() =>
  import('./pages/content/blog-list-page.js').then((m) => ({ default: m.BlogListPage })),
);
const BlogPostPage = lazy(() =>
  import('./pages/content/blog-post-page.js').then((m) => ({ default: m.BlogPostPage })),
);
const ContactPage = lazy(() =>
  import('./pages/content/contact-pages.js').then((m) => ({ default: m.ContactPage })),
);
const ComplaintsPage = lazy(() =>
  import('./pages/content/contact-pages.js').then((m) => ({ default: m.ComplaintsPage })),
);
const MortgageCalculatorPage = lazy(() =>
  import('./pages/mortgage-calculator-page.js').then((m) => ({ default: m.MortgageCalculatorPage })),
);
const PropertyPage = lazy(() =>
  import('./property/property-page.js').then((m) => ({ default: m.PropertyPage })),
);
// The map (Leaflet, outlines) and the directory come when first opened.
const MapSearchPage = lazy(() =>
  import('./pages/map/map-search-page.js').then((m) => ({ default: m.MapSearchPage })),
);
const AgentFinderPage = lazy(() =>
  import('./pages/directory/finder-pages.js').then((m) => ({ default: m.AgentFinderPage })),
);
const CompanyFinderPage = lazy(() =>
  import('./pages/directory/finder-pages.js').then((m) => ({ default: m.CompanyFinderPage })),
);
const AgentPage = lazy(() =>
  import('./pages/directory/profile-pages.js').then((m) => ({ default: m.AgentPage })),
);
const CompanyPage = lazy(() =>
  import('./pages/directory/profile-pages.js').then((m) => ({ default: m.CompanyPage })),
);
const CommunitiesPage = lazy(() =>
  import('./pages/content/community-pages.js').then((m) => ({ default: m.CommunitiesPage })),
);
const AuctionsPage = lazy(() =>
  import('./pages/auctions/auctions-page.js').then((m) => ({ default: m.AuctionsPage })),
);
const ProjectsPage = lazy(() =>
  import('./pages/projects/projects-page.js').then((m) => ({ default: m.ProjectsPage })),
);
const ProjectPage = lazy(() =>
  import('./pages/projects/project-page.js').then((m) => ({ default: m.ProjectPage })),
);
const CommunityPage = lazy(() =>
  import('./pages/content/community-pages.js').then((m) => ({ default: m.CommunityPage })),
);

const MyWishlistPage = lazy(() =>
  import('./wishlist/my-wishlist-page.js').then((m) => ({ default: m.MyWishlistPage })),
);
const SavedSearchesPage = lazy(() =>
  import('./saved-searches/saved-searches-page.js').then((m) => ({ default: m.SavedSearchesPage })),
);
const PaymentSuccessPage = lazy(() =>
  import('./pages/payments/payment-result-pages.js').then((m) => ({ default: m.PaymentSuccessPage })),
);
const PaymentFailedPage = lazy(() =>
  import('./pages/payments/payment-result-pages.js').then((m) => ({ default: m.PaymentFailedPage })),
);

const MyOrdersPage = lazy(() =>
  import('./pages/orders/my-orders-page.js').then((m) => ({ default: m.MyOrdersPage })),
);

const RequestPropertyPage = lazy(() =>
  import('./pages/requirements/request-property-page.js').then((m) => ({ default: m.RequestPropertyPage })),
);
const PropertiesProposalPage = lazy(() =>
  import('./pages/proposal/proposal-pages.js').then((m) => ({ default: m.PropertiesProposalPage })),
);
const ProjectsProposalPage = lazy(() =>
  import('./pages/proposal/proposal-pages.js').then((m) => ({ default: m.ProjectsProposalPage })),
);
const DownloadProjectsProposalPage = lazy(() =>
  import('./pages/proposal/proposal-pages.js').then((m) => ({ default: m.DownloadProjectsProposalPage })),
);
const DownloadPropertiesProposalPage = lazy(() =>
  import('./pages/proposal/proposal-pages.js').then((m) => ({ default: m.DownloadPropertiesProposalPage })),
);

function PageLoading() {
  return (
    <div className="mz-container" data-testid="page-loading" aria-busy="true">
      <Skeleton inlineSize="45%" blockSize="2rem" radius="md" />
      <Skeleton inlineSize="70%" />
      <Skeleton inlineSize="100%" blockSize="14rem" radius="lg" />
    </div>
  );
}

/** A route of the spec not built yet says so; a path no role knows is a 404. */
function Fallback() {
  const { pathname } = useLocation();
  return isKnownRoute(pathname) ? <ComingSoonPage /> : <NotFoundPage />;
}

/** The customer screens, mounted by the shell for every public route. */
export default function App({ language, site }: RemoteAppProps) {
  // Suspends (the shell's outlet shows its skeleton) until this language's messages are in.
  const messages = loadedCustomerMessages(language) ?? use(loadCustomerMessages(language));
  return (
    <LanguageProvider language={language} messages={messages} site={site}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={<HomePage site={site} />} />
          {PROPERTY_TYPE_SLUGS.flatMap((type) =>
            [LISTING_PAGES[type], ARABIC_LISTING_PAGES[type]].map((path) => (
              <Route key={path} path={path} element={<ListingPage propertyType={type} site={site} />} />
            )),
          )}
          <Route path="/aboutCompany" element={<StaticPage slug="about-us" path="/aboutCompany" />} />
          <Route
            path="/termsandCondition"
            element={<StaticPage slug="terms-and-conditions" path="/termsandCondition" />}
          />
          <Route path="/privacyPolicy" element={<StaticPage slug="privacy-policy" path="/privacyPolicy" />} />
          <Route path="/pages/:slug" element={<StaticPage />} />
          {[LISTING_PAGES.faq, ARABIC_LISTING_PAGES.faq].map((path) => (
            <Route key={path} path={path} element={<FaqPage />} />
          ))}
          <Route path="/blog" element={<BlogListPage />} />
          <Route path="/blog/:slug" element={<BlogPostPage />} />
          {[LISTING_PAGES['contact-us'], ARABIC_LISTING_PAGES['contact-us'], '/contactUsNew'].map((path) => (
            <Route key={path} path={path} element={<ContactPage site={site} />} />
          ))}
          {[
            LISTING_PAGES['complaints-and-suggestions'],
            ARABIC_LISTING_PAGES['complaints-and-suggestions'],
          ].map((path) => (
            <Route key={path} path={path} element={<ComplaintsPage site={site} />} />
          ))}
          {[LISTING_PAGES['mortgage-calculator'], ARABIC_LISTING_PAGES['mortgage-calculator']].map((path) => (
            <Route key={path} path={path} element={<MortgageCalculatorPage site={site} />} />
          ))}
          <Route path="/property/:slug" element={<PropertyPage site={site} />} />
          <Route path="/map-search" element={<MapSearchPage site={site} />} />
          {[LISTING_PAGES['find-agent'], ARABIC_LISTING_PAGES['find-agent']].map((path) => (
            <Route key={path} path={path} element={<AgentFinderPage site={site} />} />
          ))}
          <Route path="/findCompanies" element={<CompanyFinderPage site={site} />} />
          <Route path="/agents/:slug" element={<AgentPage />} />
          <Route path="/company/:slug" element={<CompanyPage />} />
          {[LISTING_PAGES.auctions, ARABIC_LISTING_PAGES.auctions].map((path) => (
            <Route key={path} path={path} element={<AuctionsPage site={site} />} />
          ))}
          {[LISTING_PAGES['new-projects'], ARABIC_LISTING_PAGES['new-projects']].map((path) => (
            <Route key={path} path={path} element={<ProjectsPage site={site} />} />
          ))}
          <Route path="/project/:slug" element={<ProjectPage site={site} />} />
          <Route path="/communities" element={<CommunitiesPage />} />
          <Route path="/communities/:slug" element={<CommunityPage />} />
          <Route path="/myWishlist" element={<MyWishlistPage />} />
          <Route path={SAVED_SEARCHES_ROUTE} element={<SavedSearchesPage />} />
          <Route path={PAYMENT_RESULT_PAGES.success} element={<PaymentSuccessPage />} />
          <Route path={PAYMENT_RESULT_PAGES.failed} element={<PaymentFailedPage />} />
          <Route path="/my-orders" element={<MyOrdersPage site={site} />} />
          <Route path="/request-property" element={<RequestPropertyPage site={site} />} />
          <Route path="/properties-proposal" element={<PropertiesProposalPage />} />
          <Route path="/download-properties-proposal" element={<DownloadPropertiesProposalPage />} />
          <Route path="/properties-proposal/:id" element={<PropertiesProposalPage />} />
          <Route path="/download-properties-proposal/:id" element={<DownloadPropertiesProposalPage />} />
          <Route path="/projects-proposal" element={<ProjectsProposalPage />} />
          <Route path="/download-projects-proposal" element={<DownloadProjectsProposalPage />} />
          <Route path="/projects-proposal/:id" element={<ProjectsProposalPage />} />
          <Route path="/download-projects-proposal/:id" element={<DownloadProjectsProposalPage />} />
          <Route path="*" element={<Fallback />} />
        </Routes>
      </Suspense>
    </LanguageProvider>
  );
}
