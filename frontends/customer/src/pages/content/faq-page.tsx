import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { FAQ_CATEGORIES, listingPagePath, type Faq } from '@manzil/contracts';
import { contentQueries, useDocumentHead, useLanguage } from '@manzil/ui';
import { ContentError, ContentLoading, PageHeading } from './content-parts.js';

const CATEGORY_ORDER = Object.keys(FAQ_CATEGORIES);

/** FAQs grouped by category (in the contracts' category order), each by its position. */
export function groupFaqs(faqs: Faq[]): { category: string; name: string; items: Faq[] }[] {
  const groups = new Map<string, { category: string; name: string; items: Faq[] }>();
  for (const faq of faqs) {
    const group = groups.get(faq.category) ?? { category: faq.category, name: faq.categoryName, items: [] };
    group.items.push(faq);
    groups.set(faq.category, group);
  }
  for (const group of groups.values()) group.items.sort((a, b) => a.position - b.position);
  return [...groups.values()].sort(
    (a, b) => CATEGORY_ORDER.indexOf(a.category) - CATEGORY_ORDER.indexOf(b.category),
  );
}

/** `/faq` (and its Arabic path): the questions by category, each an accordion item. */
export function FaqPage() {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string) => intl.formatMessage({ id });
  const faqs = useQuery(contentQueries.faqs(language));
  useDocumentHead({
    language,
    title: t('customer.faq.title'),
    description: t('customer.faq.lead'),
    path: listingPagePath('faq', language),
    alternates: { en: listingPagePath('faq', 'en'), ar: listingPagePath('faq', 'ar') },
  });
  return (
    <div className="mz-container cu-page cu-page--narrow" data-testid="faq-page">
      <PageHeading
        eyebrow={t('customer.faq.eyebrow')}
        title={t('customer.faq.title')}
        lead={t('customer.faq.lead')}
      />
      {faqs.isPending ? <ContentLoading /> : null}
      {faqs.isError ? <ContentError onRetry={() => void faqs.refetch()} /> : null}
      {faqs.data
        ? groupFaqs(faqs.data.items).map((group) => (
            <section key={group.category} className="cu-faq__group" data-testid="faq-group">
              <h2 className="cu-faq__category">{group.name}</h2>
              <div className="cu-faq__list">
                {group.items.map((faq) => (
                  <details key={faq.id} className="cu-faq__item" data-testid="faq-item">
                    <summary className="cu-faq__question">{faq.question}</summary>
                    <div className="cu-faq__answer">
                      {faq.answer.split(/\n\s*\n/).map((paragraph) => (
                        <p key={paragraph}>{paragraph}</p>
                      ))}
                    </div>
                  </details>
                ))}
              </div>
            </section>
          ))
        : null}
    </div>
  );
}
