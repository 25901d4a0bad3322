import { useState, type ReactElement, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  ACTIVITY_REPORTS_API,
  REPORT_BUCKETS,
  listingsReportSchema,
  spendReportSchema,
  type Language,
  type ReportBucket,
  type Site,
} from '@manzil/contracts';
import { Button, EmptyState, Skeleton, apiQueryFn, formatNumber, intlLocale, useLanguage } from '@manzil/ui';

const reportQuery = <T,>(
  name: 'listings' | 'spend',
  base: string,
  path: string,
  schema: { parse: (value: unknown) => T },
  bucket: ReportBucket,
  to: string | undefined,
  language: 'en' | 'ar',
) => ({
  queryKey: ['reports', name, { bucket, to, language }] as const,
  queryFn: apiQueryFn(`${base}${path}`, {
    language,
    query: to ? { bucket, to } : { bucket },
    results: schema as never,
  }) as () => Promise<T>,
  placeholderData: keepPreviousData,
});

/** The day before a window's first bucket: where the previous window ends. */
function dayBefore(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The axis label of a bucket starting on `start` (YYYY-MM-DD): "Sep 26" by month, "7 Sep" by
 * week, in the page's locale (Latin digits in both languages; en-AE's months are three letters,
 * where en-GB writes "Sept").
 */
export function bucketLabel(language: Language, bucket: ReportBucket): (start: string) => string {
  const format = new Intl.DateTimeFormat(intlLocale(language), {
    timeZone: 'UTC',
    ...(bucket === 'month' ? { month: 'short', year: '2-digit' } : { day: 'numeric', month: 'short' }),
  });
  return (start: string) => format.format(new Date(`${start}T00:00:00Z`));
}

function useLabel(bucket: ReportBucket) {
  return bucketLabel(useLanguage(), bucket);
}

/** The SVG side a chart starts from in each reading direction (recharts takes no logical sides). */
const CHART_START_SIDE = { ltr: 'left', rtl: 'right' } as const;

/**
 * A chart that reads right to left in Arabic: time runs from the right (the x axis reversed),
 * the value axis stands on the right, and the legend starts on the right, as the page does.
 */
function ChartFrame({
  title,
  testId,
  children,
  summary,
}: {
  title: string;
  testId: string;
  children: ReactElement;
  /** What the chart adds up to, and how it is counted: above the chart, in the page's direction. */
  summary?: ReactNode;
}) {
  return (
    <section className="profile-card profile-report" data-testid={testId} aria-label={title}>
      <h2 className="profile-report__title">{title}</h2>
      {summary}
      <div className="profile-report__chart" dir="ltr">
        <ResponsiveContainer width="100%" height={260}>
          {children}
        </ResponsiveContainer>
      </div>
    </section>
  );
}

/**
 * The company's or agent's "reports" tab (issue 13 item 7): their listings added and accepted,
 * and the views and leads those listings drew (listings' `GET /v1/reports/listings`), and their
 * spend (payments' `GET /v1/reports/spend`) per month, week or day, one window at a time, as
 * charts.
 */
export function ReportsTab({ site }: { site: Site }) {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string) => intl.formatMessage({ id });
  const rtl = language === 'ar';
  const [bucket, setBucket] = useState<ReportBucket>('month');
  const [to, setTo] = useState<string | undefined>(undefined);
  const listings = useQuery(
    reportQuery(
      'listings',
      '/api/listings',
      ACTIVITY_REPORTS_API.listings,
      listingsReportSchema,
      bucket,
      to,
      language,
    ),
  );
  const spend = useQuery(
    reportQuery(
      'spend',
      '/api/payments',
      ACTIVITY_REPORTS_API.spend,
      spendReportSchema,
      bucket,
      to,
      language,
    ),
  );
  const label = useLabel(bucket);
  const number = (value: number) => formatNumber(value, language);
  const currency = spend.data?.currency ?? (site === 'sa' ? 'SAR' : 'AED');

  if (listings.isError || spend.isError)
    return (
      <EmptyState
        title={t('shell.error.generic')}
        description={t('shell.profile.unavailable')}
        action={
          <Button
            onClick={() => {
              void listings.refetch();
              void spend.refetch();
            }}
          >
            {t('shell.retry')}
          </Button>
        }
        testId="reports-error"
      />
    );
  if (!listings.data || !spend.data)
    return (
      <div className="profile-card" data-testid="reports-loading">
        <Skeleton inlineSize="40%" blockSize="1.5rem" />
        <Skeleton inlineSize="100%" blockSize="12rem" />
      </div>
    );

  const listingRows = listings.data.items.map((item) => ({ ...item, label: label(item.start) }));
  const spendRows = spend.data.items.map((item) => ({ ...item, label: label(item.start) }));
  const totals = listings.data.items.reduce(
    (sum, item) => ({ views: sum.views + item.views, leads: sum.leads + item.leads }),
    { views: 0, leads: 0 },
  );
  // recharts draws in SVG and places its value axis and legend by physical side, not by the
  // page's direction: the reading direction's start side is chosen here, once.
  const startSide = CHART_START_SIDE[rtl ? 'rtl' : 'ltr'];
  const axis = {
    x: { dataKey: 'label', reversed: rtl, tick: { fontSize: 12 }, interval: 'preserveStartEnd' as const },
    y: {
      orientation: startSide,
      tickFormatter: number,
      width: 56,
      allowDecimals: false,
    },
    legend: {
      align: startSide,
      wrapperStyle: { direction: rtl ? ('rtl' as const) : ('ltr' as const) },
    },
  };
  const tooltip = {
    formatter: (value: unknown) => number(Number(value)),
    labelStyle: { direction: rtl ? ('rtl' as const) : ('ltr' as const) },
    contentStyle: {
      direction: rtl ? ('rtl' as const) : ('ltr' as const),
      textAlign: 'start' as const,
    },
  };
  /** Two series of the listings report over time (the second in amber), as a line chart. */
  const lines = (rows: typeof listingRows, [first, second]: ['added', 'approved'] | ['views', 'leads']) => (
    <LineChart data={rows}>
      <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
      <XAxis {...axis.x} />
      <YAxis {...axis.y} />
      <Tooltip {...tooltip} />
      <Legend {...axis.legend} />
      {[first, second].map((key, index) => (
        <Line
          key={key}
          type="monotone"
          dataKey={key}
          name={t(`shell.profile.reports.${key}`)}
          stroke={index === 0 ? '#0f766e' : '#b45309'}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );

  return (
    <div className="profile-reports" data-testid="reports">
      <div className="profile-reports__controls">
        <div className="profile-reports__buckets" role="group" aria-label={t('shell.profile.reports.bucket')}>
          {REPORT_BUCKETS.map((name) => (
            <Button
              key={name}
              size="sm"
              variant={name === bucket ? 'primary' : 'secondary'}
              aria-pressed={name === bucket}
              onClick={() => {
                setBucket(name);
                setTo(undefined);
              }}
              data-testid={`reports-bucket-${name}`}
            >
              {t(`shell.profile.reports.bucket.${name}`)}
            </Button>
          ))}
        </div>
        <div className="profile-reports__window">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setTo(dayBefore(listings.data.from))}
            data-testid="reports-earlier"
          >
            {t('shell.profile.reports.earlier')}
          </Button>
          <span data-testid="reports-window">
            {intl.formatMessage(
              { id: 'shell.profile.reports.window' },
              { from: label(listings.data.from), to: label(listings.data.to) },
            )}
          </span>
          <Button
            size="sm"
            variant="secondary"
            disabled={to === undefined}
            onClick={() => setTo(undefined)}
            data-testid="reports-latest"
          >
            {t('shell.profile.reports.latest')}
          </Button>
        </div>
      </div>
      <ChartFrame title={t('shell.profile.reports.listings')} testId="reports-listings">
        {lines(listingRows, ['added', 'approved'])}
      </ChartFrame>
      <ChartFrame
        title={intl.formatMessage({ id: 'shell.profile.reports.spend' }, { currency })}
        testId="reports-spend"
      >
        <BarChart data={spendRows}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
          <XAxis {...axis.x} />
          <YAxis {...axis.y} />
          <Tooltip {...tooltip} />
          <Legend {...axis.legend} />
          <Bar
            dataKey="amount"
            name={intl.formatMessage({ id: 'shell.profile.reports.amount' }, { currency })}
            fill="#0f766e"
            isAnimationActive={false}
          />
        </BarChart>
      </ChartFrame>
      <ChartFrame
        title={t('shell.profile.reports.viewsLeads')}
        testId="reports-views-leads"
        summary={
          <>
            <dl className="profile-report__totals" data-testid="reports-views-leads-totals">
              <div>
                <dt>{t('shell.profile.reports.views')}</dt>
                <dd data-testid="reports-views-total">{number(totals.views)}</dd>
              </div>
              <div>
                <dt>{t('shell.profile.reports.leads')}</dt>
                <dd data-testid="reports-leads-total">{number(totals.leads)}</dd>
              </div>
            </dl>
            <p className="profile-report__note">{t('shell.profile.reports.viewsLeadsNote')}</p>
          </>
        }
      >
        {lines(listingRows, ['views', 'leads'])}
      </ChartFrame>
    </div>
  );
}
