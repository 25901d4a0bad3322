import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from '@manzil/ui/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SITE_FACTS,
  type Language,
  type ModeratedProperty,
  type OwnedProperty,
  type PropertyDocument,
  type Site,
} from '@manzil/contracts';
import {
  Button,
  EmptyState,
  ErrorFallback,
  Ltr,
  SafeImage,
  SiteDate,
  Skeleton,
  formatNumber,
  formatPrice,
  downloadApiFile,
  isNotFound,
  useFeedback,
} from '@manzil/ui';
import { useAdminText } from '../cms/use-admin-text.js';
import { afterDecision, approveProperty, placesQuery, propertyQuery } from './moderation-api.js';
import { draftTitle } from './property-text.js';
import { RejectForm } from './reject-form.js';

type Draft = Record<string, unknown>;
type Bilingual = Partial<Record<Language, string>>;

/** Enumerated fields shown with their label in the admin's language. */
const ENUM_FIELDS = ['propertyType', 'kind', 'agreementType', 'furnishing'] as const;
const NUMBER_FIELDS = ['bedrooms', 'bathrooms', 'builtUpArea', 'plotSize'] as const;
const PRICE_FIELDS = ['price', 'priceDaily', 'priceWeekly', 'priceMonthly', 'priceYearly'] as const;
const TEXT_FIELDS = ['title', 'subTitle', 'description'] as const;

const isBilingual = (value: unknown): value is Bilingual => typeof value === 'object' && value !== null;

function BilingualText({ value }: { value: Bilingual }) {
  return (
    <>
      {(['en', 'ar'] as const).map((language) =>
        value[language] ? (
          <p
            key={language}
            className="ad-detail__text"
            lang={language}
            dir={language === 'ar' ? 'rtl' : 'ltr'}
          >
            {value[language]}
          </p>
        ) : null,
      )}
    </>
  );
}

/** City › community by name in the admin's language (the draft holds their ids). */
function LocationLine({ cityId, communityId }: { cityId: string; communityId?: string }) {
  const { language } = useAdminText();
  const cities = useQuery(placesQuery(undefined, language));
  const communities = useQuery({ ...placesQuery(cityId, language), enabled: Boolean(communityId) });
  const name = (id: string, places?: { items: { id: string; name: Record<Language, string> }[] }) =>
    places?.items.find((place) => place.id === id)?.name[language] ?? id;
  return (
    <>
      {name(cityId, cities.data)}
      {communityId ? ` › ${name(communityId, communities.data)}` : null}
    </>
  );
}

/** The listing's fields as the owner typed them (the draft), labelled in the admin's language. */
function Fields({ property, site }: { property: OwnedProperty; site: Site }) {
  const { t, language } = useAdminText();
  const draft: Draft = property.draft;
  const rows: [string, ReactNode][] = [];
  for (const field of TEXT_FIELDS) {
    const value = draft[field];
    if (isBilingual(value)) rows.push([field, <BilingualText key={field} value={value} />]);
  }
  for (const field of ENUM_FIELDS) {
    const value = draft[field];
    if (typeof value === 'string') rows.push([field, t(`moderation.${field}.${value}`)]);
  }
  for (const field of PRICE_FIELDS) {
    const value = draft[field];
    if (typeof value === 'number')
      rows.push([field, <Ltr key={field}>{formatPrice(value, SITE_FACTS[site].currency, language)}</Ltr>]);
  }
  for (const field of NUMBER_FIELDS) {
    const value = draft[field];
    if (typeof value === 'number') rows.push([field, <Ltr key={field}>{formatNumber(value, language)}</Ltr>]);
  }
  if (typeof draft.cityId === 'string')
    rows.push([
      'location',
      <LocationLine
        key="location"
        cityId={draft.cityId}
        communityId={typeof draft.communityId === 'string' ? draft.communityId : undefined}
      />,
    ]);
  for (const field of ['referenceNumber', 'permitNumber'] as const) {
    const value = draft[field];
    if (typeof value === 'string') rows.push([field, <Ltr key={field}>{value}</Ltr>]);
  }
  const licence = (draft.regulator as Draft | undefined)?.adLicenseNumber;
  if (typeof licence === 'string') rows.push(['adLicenseNumber', <Ltr key="licence">{licence}</Ltr>]);
  rows.push(['completeness', t('moderation.percent', { percent: property.completeness.percent })]);
  return (
    <dl className="ad-fields" data-testid="moderation-fields">
      {rows.map(([field, value]) => (
        <div key={field} className="ad-fields__row">
          <dt>{t(`moderation.field.${field}`)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A titled group of media; "None" when it has nothing to show. */
function MediaSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  const { t } = useAdminText();
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="ad-detail__heading">
        {title}
      </h2>
      {children ?? <p className="ad-muted">{t('moderation.media.none')}</p>}
    </section>
  );
}

/** A document's title, then its file name and size. */
function DocumentLabel({ document }: { document: PropertyDocument }) {
  const { t, language } = useAdminText();
  return (
    <span>
      <strong>
        <bdi>{document.title}</bdi>
      </strong>{' '}
      <span className="ad-muted">
        <Ltr>{document.fileName}</Ltr> ·{' '}
        {t('moderation.media.size', {
          size: formatNumber(Math.ceil(document.sizeBytes / 1024), language),
        })}
      </span>
    </span>
  );
}

/**
 * The documents the owner removed while a version still needed them: marked removed with the
 * date, downloadable while their file is kept (a sale deletes it), so the moderator sees what
 * was withdrawn. Nothing when there are none.
 */
function RemovedDocuments({ documents }: { documents: ModeratedProperty['removedDocuments'] }) {
  const { t } = useAdminText();
  if (!documents.length) return null;
  return (
    <MediaSection
      id="ad-media-removed-documents"
      title={t('moderation.media.removedDocuments', { count: documents.length })}
    >
      <ul className="ad-files" data-testid="moderation-removed-documents">
        {documents.map((document) => (
          <li key={document.id} className="ad-files__item ad-files__item--removed">
            <span className="ad-files__text">
              <DocumentLabel document={document} />
              <span className="ad-removed" data-testid="moderation-removed-on">
                {t('moderation.media.removedOn')} <SiteDate date={document.removedAt} month="short" />
              </span>
            </span>
            {document.fileUrl ? (
              <DocumentDownload url={document.fileUrl} title={document.title} fileName={document.fileName} />
            ) : (
              <span className="ad-muted" data-testid="moderation-removed-file-gone">
                {t('moderation.media.fileGone')}
              </span>
            )}
          </li>
        ))}
      </ul>
    </MediaSection>
  );
}

/** Photos, videos and documents in one column, so they are seen beside the fields they prove. */
function Media({ property }: { property: ModeratedProperty }) {
  const { t } = useAdminText();
  const videos = Array.isArray(property.draft.videos)
    ? property.draft.videos.filter((v): v is string => typeof v === 'string')
    : [];
  return (
    <div className="ad-media" data-testid="moderation-media">
      <MediaSection
        id="ad-media-photos"
        title={t('moderation.media.photos', { count: property.photos.length })}
      >
        {property.photos.length ? (
          <ul className="ad-photos">
            {property.photos.map((photo, index) => (
              <li key={photo.id}>
                <a href={photo.urls.detail} target="_blank" rel="noreferrer">
                  <SafeImage
                    src={photo.urls.thumb}
                    alt={t('moderation.media.photo', { n: index + 1 })}
                    width={photo.width}
                    height={photo.height}
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </MediaSection>
      <MediaSection id="ad-media-videos" title={t('moderation.media.videos', { count: videos.length })}>
        {videos.length ? (
          <ul className="ad-files">
            {videos.map((url) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noreferrer">
                  <Ltr>{url}</Ltr>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </MediaSection>
      <MediaSection
        id="ad-media-documents"
        title={t('moderation.media.documents', { count: property.documents.length })}
      >
        {property.documents.length ? (
          <ul className="ad-files" data-testid="moderation-documents">
            {property.documents.map((document) => (
              <li key={document.id} className="ad-files__item">
                <DocumentLabel document={document} />
                <DocumentDownload
                  url={document.fileUrl}
                  title={document.title}
                  fileName={document.fileName}
                />
              </li>
            ))}
          </ul>
        ) : null}
      </MediaSection>
      <RemovedDocuments documents={property.removedDocuments} />
    </div>
  );
}

/**
 * Downloads a document with the admin's token (the file is never public); one recorded without
 * its file alerts 'Invalid URL' (spec §5), a refusal shows a toast.
 */
function DocumentDownload({ url, title, fileName }: { url: string | null; title: string; fileName: string }) {
  const { t, language } = useAdminText();
  const feedback = useFeedback();
  const download = useMutation({
    mutationFn: () => downloadApiFile(url, language, fileName),
    onError: () => feedback.toast('danger', t('admin.error.action')),
  });
  return (
    <Button
      variant="secondary"
      size="sm"
      disabled={download.isPending}
      aria-busy={download.isPending || undefined}
      aria-label={t('moderation.media.downloadNamed', { title })}
      onClick={() => download.mutate()}
      data-testid="moderation-document-download"
    >
      {t('moderation.media.download')}
    </Button>
  );
}

function Decision({ property }: { property: OwnedProperty }) {
  const { t, language } = useAdminText();
  const feedback = useFeedback();
  const client = useQueryClient();
  const navigate = useNavigate();
  const done = () => {
    void afterDecision(client);
    navigate('/admin/moderation');
  };
  const approve = useMutation({
    mutationFn: () => approveProperty(property.id, language),
    onSuccess: () => {
      feedback.toast('success', t('moderation.done.approved'));
      done();
    },
    onError: () => feedback.toast('danger', t('admin.error.action')),
  });
  const canApprove = property.approvalStatus === 'pending' || property.approvalStatus === 'rejected';
  const canReject = property.approvalStatus === 'pending';
  if (!canApprove && !canReject) return null;
  return (
    <section className="ad-decision" aria-labelledby="ad-decision-title" data-testid="moderation-decision">
      <h2 id="ad-decision-title" className="ad-detail__heading">
        {t('moderation.decision')}
      </h2>
      {canApprove ? (
        <Button
          type="button"
          onClick={() => approve.mutate()}
          disabled={approve.isPending}
          aria-busy={approve.isPending || undefined}
          data-testid="approve"
        >
          {t('moderation.approve')}
        </Button>
      ) : null}
      {canReject ? <RejectForm propertyId={property.id} onRejected={done} /> : null}
    </section>
  );
}

/** One listing to moderate: its media beside its fields, then approve or reject with a reason. */
export function ModerationDetail({ site }: { site: Site }) {
  const { t, language } = useAdminText();
  const { id = '' } = useParams();
  const property = useQuery(propertyQuery(id, language));
  const data = property.data;
  return (
    <section data-testid="moderation-detail">
      <Link className="ad-back" to="/admin/moderation">
        {t('moderation.back')}
      </Link>
      {property.isPending ? <Skeleton inlineSize="100%" blockSize="20rem" radius="lg" /> : null}
      {property.isError && isNotFound(property.error) ? <EmptyState title={t('admin.empty')} /> : null}
      {property.isError && !isNotFound(property.error) ? (
        <ErrorFallback onRetry={() => void property.refetch()} />
      ) : null}
      {data ? (
        <>
          <div className="ad-head">
            <h1 className="ad-head__title">{draftTitle(data, language) || t('moderation.untitled')}</h1>
            <span className={`ad-status ad-status--${data.approvalStatus}`} data-testid="moderation-status">
              {t(`moderation.status.${data.approvalStatus}`)}
            </span>
          </div>
          <p className="ad-lead">
            {data.submittedAt ? (
              <>
                {t('moderation.submittedOn')} <SiteDate date={data.submittedAt} month="long" />
              </>
            ) : null}
            {data.published ? ` · ${t('moderation.editOfPublished')}` : null}
          </p>
          {data.rejectedReason ? (
            <p className="ad-rejected" data-testid="moderation-rejected">
              <strong>{t('moderation.rejectedReason')}</strong> <bdi>{data.rejectedReason}</bdi>
              {data.rejectedAt ? (
                <>
                  {' · '}
                  <SiteDate date={data.rejectedAt} month="short" />
                </>
              ) : null}
            </p>
          ) : null}
          <div className="ad-detail">
            <Media property={data} />
            <div className="ad-detail__side">
              <Fields property={data} site={site} />
              <Decision property={data} />
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}
