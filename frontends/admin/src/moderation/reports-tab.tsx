import { Link, useSearchParams } from '@manzil/ui/router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  REPORTER_TYPE_LABELS,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  UNIT_LAYOUT_LABELS,
  unitLayoutSchema,
  type AdminListingReport,
  type Language,
  type ReportReason,
} from '@manzil/contracts';
import { EmptyState, ErrorFallback, SiteDate, Skeleton } from '@manzil/ui';
import { useAdminText } from '../cms/use-admin-text.js';
import { Pager } from '../pager.js';
import { MODERATION_PAGE_SIZE, reportsQuery } from './moderation-api.js';

/** What a report is about: the listing (to its moderation page) or a project's unit (to the project). */
function Subject({ report, language }: { report: AdminListingReport; language: Language }) {
  const { t } = useAdminText();
  if (report.unit) {
    const layout = unitLayoutSchema.safeParse(report.unit.layout);
    const unitName = [
      layout.success ? UNIT_LAYOUT_LABELS[layout.data][language] : report.unit.layout,
      report.unit.reference,
    ]
      .filter(Boolean)
      .join(' · ');
    return (
      <>
        <Link to={`/admin/projects/${report.unit.projectId}`} className="ad-table__title">
          {report.unit.projectTitle[language] || report.unit.projectTitle.en}
        </Link>
        <span className="ad-status" data-testid="report-unit">
          {t('moderation.report.unit', { unit: unitName })}
        </span>
      </>
    );
  }
  if (!report.property) return <>—</>;
  return (
    <>
      <Link to={`/admin/moderation/${report.propertyId}`} className="ad-table__title">
        {report.property.title[language] || report.property.title.en}
      </Link>
      <span className={`ad-status ad-status--${report.property.approvalStatus}`}>
        {t(`moderation.status.${report.property.approvalStatus}`)}
      </span>
    </>
  );
}

/** The site's reports of listings and of units (spec §3 Report), newest first, by reason. */
export function ReportsTab() {
  const { t, language } = useAdminText();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const reason = REPORT_REASONS.find((value) => value === params.get('reason'));
  const reports = useQuery({ ...reportsQuery(page, reason, language), placeholderData: keepPreviousData });
  const data = reports.data;
  const go = (next: { page?: number; reason?: ReportReason }) =>
    setParams({
      tab: 'reports',
      ...(next.reason ? { reason: next.reason } : {}),
      ...(next.page && next.page > 1 ? { page: String(next.page) } : {}),
    });
  const pages = data ? Math.max(1, Math.ceil(data.total / MODERATION_PAGE_SIZE)) : 1;
  return (
    <>
      <div className="ad-filters">
        <label className="ad-filters__field">
          <span className="ad-filters__label">{t('moderation.report.reason')}</span>
          <select
            className="mz-input"
            value={reason ?? ''}
            onChange={(event) =>
              go({ reason: (event.target.value || undefined) as ReportReason | undefined })
            }
            data-testid="filter-reason"
          >
            <option value="">{t('moderation.report.allReasons')}</option>
            {REPORT_REASONS.map((value) => (
              <option key={value} value={value}>
                {REPORT_REASON_LABELS[value][language]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {reports.isPending ? <Skeleton inlineSize="100%" blockSize="16rem" radius="lg" /> : null}
      {reports.isError && !data ? <ErrorFallback onRetry={() => void reports.refetch()} /> : null}
      {data && data.items.length === 0 ? <EmptyState title={t('admin.empty')} /> : null}
      {data && data.items.length > 0 ? (
        <div className="ad-table-wrap">
          <table className="ad-table" data-testid="reports-table">
            <caption className="mz-visually-hidden">{t('moderation.tab.reports')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('moderation.report.listing')}</th>
                <th scope="col">{t('moderation.report.reason')}</th>
                <th scope="col">{t('moderation.report.userType')}</th>
                <th scope="col">{t('moderation.report.comment')}</th>
                <th scope="col">{t('moderation.report.date')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((report) => (
                <tr key={report.id} data-testid="report-row">
                  <td>
                    <Subject report={report} language={language} />
                  </td>
                  <td>{REPORT_REASON_LABELS[report.reason][language]}</td>
                  <td>{REPORTER_TYPE_LABELS[report.userType][language]}</td>
                  <td className="ad-table__text">
                    <bdi>{report.comment}</bdi>
                  </td>
                  <td>
                    <SiteDate date={report.createdAt} month="short" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager page={page} pages={pages} onPage={(n) => go({ page: n, reason })} />
    </>
  );
}
