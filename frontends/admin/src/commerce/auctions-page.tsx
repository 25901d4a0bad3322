import { useState } from 'react';
import { useSearchParams } from '@manzil/ui/router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createAuctionFormSchema,
  rescheduleAuctionBodySchema,
  type AdminAuctionView,
  type AdminAuctionsQuery,
  type Site,
} from '@manzil/contracts';
import {
  ApiError,
  Button,
  EmptyState,
  ErrorFallback,
  Price,
  Skeleton,
  useFeedback,
  refetchAfterWrite,
} from '@manzil/ui';
import { FormErrorSummary, SelectField, SubmitButton, TextField, useContractForm } from '@manzil/ui/forms';
import { useAdminText } from '../cms/use-admin-text.js';
import { Pager } from '../pager.js';
import {
  COMMERCE_PAGE_SIZE,
  adminAuctionsQuery,
  auctionablePropertiesQuery,
  cancelAuction,
  commerceKeys,
  createAuction,
  rescheduleAuction,
  siteInstant,
  siteLocal,
} from './commerce-api.js';
import { useConsoleSubmit } from './console-submit.js';
import { SiteTime } from './site-time.js';

const STATUSES = ['upcoming', 'live', 'closed', 'canceled'] as const;
type Status = (typeof STATUSES)[number];

interface CreateValues {
  propertyId: string;
  startsAt: string;
  endsAt: string;
  startingPrice: string;
  minIncrement: string;
  biddingFee: string;
}

/** Blank optional amounts are left out (the service's defaults: increment 1,000, no fee). */
const createInput = (site: Site) => (values: CreateValues) => ({
  propertyId: values.propertyId,
  startsAt: siteInstant(values.startsAt, site),
  endsAt: siteInstant(values.endsAt, site),
  startingPrice: values.startingPrice,
  minIncrement: values.minIncrement.trim() || undefined,
  biddingFee: values.biddingFee.trim() || undefined,
});

/** The new auction: an accepted property of the site (searchable), times on the site's clock, prices. */
function CreateAuctionForm({ site, onDone }: { site: Site; onDone: () => void }) {
  const { t, language } = useAdminText();
  const [search, setSearch] = useState('');
  const properties = useQuery({
    ...auctionablePropertiesQuery(search, 1, language),
    placeholderData: keepPreviousData,
  });
  const form = useContractForm<CreateValues>({
    schema: createAuctionFormSchema,
    defaultValues: {
      propertyId: '',
      startsAt: '',
      endsAt: '',
      startingPrice: '',
      minIncrement: '',
      biddingFee: '',
    },
    toInput: createInput(site),
  });
  const { control } = form;
  const options = (properties.data?.items ?? []).map((property) => ({
    value: property.id,
    label: property.openAuctionId
      ? t('auctions.form.propertyBusy', { title: property.title[language] })
      : t('auctions.form.propertyOption', { title: property.title[language], slug: property.slug }),
  }));
  const submit = useConsoleSubmit(form, {
    list: commerceKeys.auctions,
    done: 'auctions.done.created',
    onDone,
  });
  const onValid = (body: unknown) => submit(() => createAuction(body, language));
  return (
    <form
      className="ad-editor ad-panel"
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      noValidate
      data-testid="auction-create-form"
    >
      <h2 className="ad-panel__title">{t('auctions.new')}</h2>
      <FormErrorSummary control={control} setFocus={form.setFocus} />
      <label className="ad-filters__field ad-filters__field--grow">
        <span className="ad-filters__label">{t('auctions.form.search')}</span>
        <input
          className="mz-input"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="auction-property-search"
        />
      </label>
      <SelectField
        control={control}
        name="propertyId"
        label={t('auctions.form.property')}
        placeholder={t(options.length ? 'auctions.form.choose' : 'auctions.form.noProperty')}
        options={options}
        testId="auction-property"
      />
      <div className="ad-editor__row">
        <TextField
          control={control}
          name="startsAt"
          type="datetime-local"
          label={t('auctions.form.startsAt')}
          hint={t(`auctions.form.clock.${site}`)}
          dir="ltr"
          testId="auction-starts-box"
          data-testid="auction-starts"
        />
        <TextField
          control={control}
          name="endsAt"
          type="datetime-local"
          label={t('auctions.form.endsAt')}
          hint={t(`auctions.form.clock.${site}`)}
          dir="ltr"
          testId="auction-ends-box"
          data-testid="auction-ends"
        />
      </div>
      <div className="ad-editor__row">
        <TextField
          control={control}
          name="startingPrice"
          inputMode="decimal"
          label={t('auctions.form.startingPrice', { currency: t(`commerce.currency.${site}`) })}
          dir="ltr"
          testId="auction-price-box"
          data-testid="auction-price"
        />
        <TextField
          control={control}
          name="minIncrement"
          inputMode="decimal"
          label={t('auctions.form.minIncrement', { currency: t(`commerce.currency.${site}`) })}
          hint={t('auctions.form.minIncrementHint')}
          dir="ltr"
          testId="auction-increment-box"
          data-testid="auction-increment"
        />
        <TextField
          control={control}
          name="biddingFee"
          inputMode="decimal"
          label={t('auctions.form.biddingFee', { currency: t(`commerce.currency.${site}`) })}
          hint={t('auctions.form.biddingFeeHint')}
          dir="ltr"
          testId="auction-fee-box"
          data-testid="auction-fee"
        />
      </div>
      <div className="ad-head__actions">
        <Button variant="ghost" onClick={onDone}>
          {t('commerce.dismiss')}
        </Button>
        <SubmitButton control={control} data-testid="auction-create">
          {t('auctions.schedule')}
        </SubmitButton>
      </div>
    </form>
  );
}

interface ScheduleValues {
  startsAt: string;
  endsAt: string;
}

/** New times of an auction not ended (its start only while upcoming). */
function RescheduleForm({
  auction,
  site,
  onDone,
}: {
  auction: AdminAuctionView;
  site: Site;
  onDone: () => void;
}) {
  const { t, language } = useAdminText();
  const started = auction.adminStatus === 'live';
  const form = useContractForm<ScheduleValues>({
    schema: rescheduleAuctionBodySchema,
    defaultValues: { startsAt: siteLocal(auction.startsAt, site), endsAt: siteLocal(auction.endsAt, site) },
    // A live auction keeps its start to the millisecond (the form shows minutes).
    toInput: (values) => ({
      startsAt: started ? auction.startsAt : siteInstant(values.startsAt, site),
      endsAt: siteInstant(values.endsAt, site),
    }),
  });
  const { control } = form;
  const submit = useConsoleSubmit(form, {
    list: commerceKeys.auctions,
    done: 'auctions.done.rescheduled',
    onDone,
  });
  const onValid = (body: unknown) => submit(() => rescheduleAuction(auction.id, body, language));
  return (
    <form
      className="ad-inline-form"
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      noValidate
      data-testid="auction-reschedule-form"
    >
      <TextField
        control={control}
        name="startsAt"
        type="datetime-local"
        label={t('auctions.form.startsAt')}
        disabled={started}
        dir="ltr"
        data-testid="reschedule-starts"
      />
      <TextField
        control={control}
        name="endsAt"
        type="datetime-local"
        label={t('auctions.form.endsAt')}
        dir="ltr"
        data-testid="reschedule-ends"
      />
      <div className="ad-head__actions">
        <Button variant="ghost" onClick={onDone}>
          {t('commerce.dismiss')}
        </Button>
        <SubmitButton control={control} data-testid="reschedule-save">
          {t('admin.save')}
        </SubmitButton>
      </div>
    </form>
  );
}

function AuctionRow({ auction, site }: { auction: AdminAuctionView; site: Site }) {
  const { t, language } = useAdminText();
  const feedback = useFeedback();
  const client = useQueryClient();
  const [editing, setEditing] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelAuction(auction.id, language),
    onSuccess: () => feedback.toast('success', t('auctions.done.canceled')),
    onError: (error) =>
      feedback.toast('danger', error instanceof ApiError ? error.message : t('admin.error.action')),
    onSettled: () => refetchAfterWrite(client, commerceKeys.auctions),
  });
  const open = auction.adminStatus === 'upcoming' || auction.adminStatus === 'live';
  const askCancel = async () => {
    if (await feedback.confirm(t('auctions.confirm.cancel'))) cancel.mutate();
  };
  return (
    <>
      <tr data-testid="auction-row" data-auction-id={auction.id}>
        <td className="ad-table__title">{auction.property?.title[language] ?? '—'}</td>
        <td>
          <span className={`ad-status ad-status--${auction.adminStatus}`} data-testid="auction-status">
            {t(`auctions.status.${auction.adminStatus}`)}
          </span>
        </td>
        <td>
          <SiteTime iso={auction.startsAt} site={site} />
        </td>
        <td>
          <SiteTime iso={auction.endsAt} site={site} />
        </td>
        <td>
          <Price amount={auction.startingPrice} currency={auction.currency} />
        </td>
        <td>
          <Price amount={auction.currentPrice} currency={auction.currency} />
        </td>
        <td>{auction.bidCount}</td>
        <td className="ad-table__actions">
          {open ? (
            <>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setEditing((v) => !v)}
                data-testid="auction-reschedule"
              >
                {t('auctions.reschedule')}
              </Button>
              <button
                type="button"
                className="ad-link-danger"
                disabled={cancel.isPending}
                onClick={() => void askCancel()}
                data-testid="auction-cancel"
              >
                {t('auctions.cancel')}
              </button>
            </>
          ) : null}
        </td>
      </tr>
      {editing ? (
        <tr>
          <td colSpan={8}>
            <RescheduleForm auction={auction} site={site} onDone={() => setEditing(false)} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function filtersOf(params: URLSearchParams): AdminAuctionsQuery {
  const status = STATUSES.find((value) => value === params.get('status'));
  return { status, page: Math.max(1, Number(params.get('page')) || 1), limit: COMMERCE_PAGE_SIZE };
}

/** `/admin/auctions`: the site's auctions, a new one from an accepted property, new times, cancel. */
export function AuctionsPage({ site }: { site: Site }) {
  const { t, language } = useAdminText();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const filters = filtersOf(params);
  const list = useQuery({ ...adminAuctionsQuery(filters, language), placeholderData: keepPreviousData });
  const data = list.data;
  const go = (status: Status | undefined, page = 1) => {
    const next: Record<string, string> = {};
    if (status) next.status = status;
    if (page > 1) next.page = String(page);
    setParams(next);
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / COMMERCE_PAGE_SIZE)) : 1;
  return (
    <section data-testid="admin-auctions-page">
      <div className="ad-head">
        <h1 className="ad-head__title">{t('auctions.title')}</h1>
        <div className="ad-head__actions">
          {!creating ? (
            <Button onClick={() => setCreating(true)} data-testid="auction-new">
              {t('auctions.new')}
            </Button>
          ) : null}
        </div>
      </div>
      {creating ? <CreateAuctionForm site={site} onDone={() => setCreating(false)} /> : null}
      <div className="ad-filters" role="group" aria-label={t('auctions.filter')}>
        <label className="ad-filters__field">
          <span className="ad-filters__label">{t('admin.column.status')}</span>
          <select
            className="mz-input"
            value={filters.status ?? ''}
            onChange={(event) => go((event.target.value || undefined) as Status | undefined)}
            data-testid="auctions-filter-status"
          >
            <option value="">{t('auctions.status.all')}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`auctions.status.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending ? <Skeleton inlineSize="100%" blockSize="16rem" radius="lg" /> : null}
      {list.isError && !data ? <ErrorFallback onRetry={() => void list.refetch()} /> : null}
      {data && data.items.length === 0 ? <EmptyState title={t('admin.empty')} /> : null}
      {data && data.items.length > 0 ? (
        <div className="ad-table-wrap">
          <table className="ad-table" data-testid="auctions-table">
            <caption className="mz-visually-hidden">{t('auctions.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('auctions.column.property')}</th>
                <th scope="col">{t('admin.column.status')}</th>
                <th scope="col">{t('auctions.column.starts')}</th>
                <th scope="col">{t('auctions.column.ends')}</th>
                <th scope="col">{t('auctions.column.startingPrice')}</th>
                <th scope="col">{t('auctions.column.currentPrice')}</th>
                <th scope="col">{t('auctions.column.bids')}</th>
                <th scope="col">{t('auctions.column.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((auction) => (
                <AuctionRow key={auction.id} auction={auction} site={site} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager page={filters.page} pages={pages} onPage={(page) => go(filters.status, page)} />
    </section>
  );
}
