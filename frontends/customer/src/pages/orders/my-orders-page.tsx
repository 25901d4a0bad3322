import { useIntl } from 'react-intl';
import { Link, useSearchParams } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import { listingPagePath, type OrderKind, type OrderView, type Site } from '@manzil/contracts';
import {
  Button,
  EmptyState,
  Price,
  SiteDate,
  Skeleton,
  buttonClassName,
  useLanguage,
  useSession,
} from '@manzil/ui';
import { PageHeading } from '../content/content-parts.js';
import { ListPager } from '../list-pager.js';
import { ORDERS_PAGE_SIZE, ordersQuery } from './orders-queries.js';
import './orders.css';

const KINDS: readonly OrderKind[] = ['unit', 'property'];

function OrderCard({ order }: { order: OrderView }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <article className="mz-card cu-order" data-testid="order">
      <header className="cu-order__header">
        <h2 className="cu-order__title" data-testid="order-title">
          {order.title}
        </h2>
        <span className={`cu-order__status cu-order__status--${order.status}`} data-testid="order-status">
          {t(`customer.payment.status.${order.status}`)}
        </span>
      </header>
      <dl className="cu-order__facts">
        <div>
          <dt>{t('customer.payment.amount')}</dt>
          <dd>
            <Price amount={order.amount} currency={order.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('customer.orders.date')}</dt>
          <dd>
            <SiteDate date={order.createdAt} month="long" />
          </dd>
        </div>
      </dl>
      {order.history.length > 1 ? (
        <details className="cu-order__history">
          <summary>{t('customer.orders.history')}</summary>
          <ol>
            {order.history.map((entry) => (
              <li key={`${entry.status}-${entry.at}`}>
                {t(`customer.payment.status.${entry.status}`)} · <SiteDate date={entry.at} month="short" />
              </li>
            ))}
          </ol>
        </details>
      ) : null}
      {order.projectSlug ? (
        <Link className={buttonClassName('secondary', 'sm')} to={`/project/${order.projectSlug}`}>
          {t('customer.orders.viewProject')}
        </Link>
      ) : null}
    </article>
  );
}

/**
 * `/my-orders` (spec §2, Saudi only): the customer's unit orders (online bookings) and property
 * orders. On the UAE site, for other roles and for visitors the page says so without calling
 * the API (a 401/403 would end a session).
 */
export function MyOrdersPage({ site }: { site: Site }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const language = useLanguage();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const kind: OrderKind = params.get('kind') === 'property' ? 'property' : 'unit';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const allowed = site === 'sa' && session?.role === 'user';
  const query = useQuery({ ...ordersQuery(kind, page, language), enabled: allowed });

  if (!allowed) {
    const saudi = site === 'sa';
    return (
      <div className="mz-container cu-orders" data-testid="orders-page">
        <PageHeading title={t('customer.orders.title')} />
        <EmptyState
          testId={saudi ? 'orders-customers-only' : 'orders-saudi-only'}
          title={t(saudi ? 'customer.orders.customersOnly.title' : 'customer.orders.saudiOnly.title')}
          description={t(
            saudi ? 'customer.orders.customersOnly.description' : 'customer.orders.saudiOnly.description',
          )}
          action={
            <Link className={buttonClassName('secondary')} to="/">
              {t('customer.payment.home')}
            </Link>
          }
        />
      </div>
    );
  }

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / ORDERS_PAGE_SIZE)) : 1;
  return (
    <div className="mz-container cu-orders" data-testid="orders-page">
      <PageHeading title={t('customer.orders.title')} />
      <div className="cu-orders__tabs" role="tablist">
        {KINDS.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={kind === value}
            className={`cu-orders__tab${kind === value ? ' cu-orders__tab--active' : ''}`}
            onClick={() => setParams(value === 'unit' ? {} : { kind: value })}
            data-testid={`orders-tab-${value}`}
          >
            {t(`customer.orders.tab.${value}`)}
          </button>
        ))}
      </div>
      {query.isError && !data ? (
        <EmptyState
          testId="orders-error"
          title={t('customer.wishlist.failedTitle')}
          action={<Button onClick={() => void query.refetch()}>{t('customer.wishlist.retry')}</Button>}
        />
      ) : !data ? (
        <div aria-busy="true">
          <Skeleton inlineSize="100%" blockSize="7rem" radius="lg" />
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState
          testId="orders-empty"
          title={t('customer.orders.empty.title')}
          description={t(`customer.orders.empty.${kind}`)}
          action={
            <Link className={buttonClassName('primary')} to={listingPagePath('new-projects', language)}>
              {t('customer.orders.browseProjects')}
            </Link>
          }
        />
      ) : (
        <>
          <div className="cu-orders__list" data-testid="orders-list">
            {data.items.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </div>
          <ListPager
            page={page}
            pages={pages}
            onPage={(to) => setParams({ ...(kind === 'unit' ? {} : { kind }), page: String(to) })}
            className="cu-orders__pager"
            messages={{
              pages: 'customer.orders.pageOf',
              previous: 'customer.orders.previous',
              next: 'customer.orders.next',
              pageOf: 'customer.orders.pageOf',
            }}
          />
        </>
      )}
    </div>
  );
}
