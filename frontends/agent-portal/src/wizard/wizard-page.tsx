import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from '@manzil/ui/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language, OwnedProperty, Site } from '@manzil/contracts';
import { ErrorFallback, Skeleton, isNotFound, type Session } from '@manzil/ui';
import { listingKeys, ownedPropertyQuery } from '../listings/listings-api.js';
import { WIZARD_STEPS, type WizardStep } from './draft-form.js';
import { AddressStep } from './address-step.js';
import { BasicStep } from './basic-step.js';
import { DocumentsStep } from './documents-step.js';
import { LicenceStep } from './licence-step.js';
import { MediaStep } from './media-step.js';
import { ReviewStep } from './review-step.js';

export interface StepProps {
  property: OwnedProperty | null;
  language: Language;
  site: Site;
  session: Session | null;
  /** The step saved (or had nothing to save): go where the visitor asked, else to the next step. */
  advance: (property: OwnedProperty | null) => void;
  /** Whether the move being made goes forward (Next), not back to an earlier step. */
  movingForward: () => boolean;
  /** Back: the step's form is submitted towards the previous step (null on the first). */
  back: (() => void) | null;
  /** Goes to a step without saving (the review's links to a missing field). */
  goTo: (step: WizardStep) => void;
}

/** The form every step's save runs through; the stepper's buttons submit it. */
export const STEP_FORM_ID = 'wizard-step';

export function stepsOf(site: Site): WizardStep[] {
  return WIZARD_STEPS.filter((step) => step !== 'licence' || site === 'sa');
}

function isStep(value: string | null, steps: WizardStep[]): value is WizardStep {
  return value !== null && (steps as string[]).includes(value);
}

/**
 * `/addNewProperty` (spec §2): a new listing, or `?id=` the owner's listing to edit (from
 * `/manage-properties`), at `?step=`. Every step saves the draft before the next one shows,
 * so a reload resumes where the visitor was, with what they had saved.
 */
export function WizardPage({
  language,
  site,
  session,
}: {
  language: Language;
  site: Site;
  session: Session | null;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  const steps = stepsOf(site);
  const id = params.get('id');
  const requested = params.get('step');
  const step: WizardStep = isStep(requested, steps) ? requested : 'basic';
  const index = steps.indexOf(step);
  const wanted = useRef<WizardStep | null>(null);
  const read = useQuery({ ...ownedPropertyQuery(language, id ?? ''), enabled: id !== null });

  const move = (to: WizardStep, propertyId: string | null) => {
    const next = new URLSearchParams();
    if (propertyId) next.set('id', propertyId);
    next.set('step', to);
    setParams(next);
    // A new step is announced and shown from its title (a query change keeps the focus where it was).
    requestAnimationFrame(() => document.getElementById('wizard-step-title')?.focus());
  };
  const advance = (saved: OwnedProperty | null) => {
    const to = wanted.current ?? steps[Math.min(index + 1, steps.length - 1)];
    wanted.current = null;
    if (saved) client.setQueryData(listingKeys.one(language, saved.id), saved);
    move(to, saved?.id ?? id);
  };
  const movingForward = () => wanted.current === null || steps.indexOf(wanted.current) > index;

  let body;
  if (id !== null && read.isPending) body = <Skeleton blockSize="320px" radius="lg" />;
  else if (id !== null && read.isError)
    body = isNotFound(read.error) ? (
      <p className="ap-alert" role="alert">
        {t('agentPortal.wizard.notFound')}
      </p>
    ) : (
      <ErrorFallback onRetry={() => void read.refetch()} />
    );
  else {
    const property = read.data ?? null;
    const props: StepProps = {
      property,
      language,
      site,
      session,
      advance,
      movingForward,
      back:
        index > 0
          ? () => {
              wanted.current = steps[index - 1];
            }
          : null,
      goTo: (to) => move(to, property?.id ?? null),
    };
    const key = `${property?.id ?? 'new'}:${step}`;
    body =
      step === 'basic' || property === null ? (
        <BasicStep key={key} {...props} />
      ) : step === 'address' ? (
        <AddressStep key={key} {...props} />
      ) : step === 'media' ? (
        <MediaStep key={key} {...props} />
      ) : step === 'documents' ? (
        <DocumentsStep key={key} {...props} />
      ) : step === 'licence' ? (
        <LicenceStep key={key} {...props} />
      ) : (
        <ReviewStep key={key} {...props} />
      );
  }

  const editing = id !== null;
  return (
    <div className="ap-page" data-testid="add-property-page">
      <header className="mz-page-head">
        <div>
          <p className="mz-eyebrow">{t('agentPortal.eyebrow')}</p>
          <h1 className="mz-page-title">
            {t(editing ? 'agentPortal.wizard.editTitle' : 'agentPortal.add.title')}
          </h1>
          <p className="mz-page-subtitle">{t('agentPortal.wizard.savedEachStep')}</p>
        </div>
      </header>
      <nav className="ap-steps" aria-label={t('agentPortal.wizard.steps')}>
        <ol>
          {steps.map((name, position) => (
            <li key={name}>
              <button
                type="submit"
                form={STEP_FORM_ID}
                className={position === index ? 'ap-step ap-step--current' : 'ap-step'}
                aria-current={position === index ? 'step' : undefined}
                disabled={!editing && position > 0}
                data-testid={`wizard-step-${name}`}
                onClick={() => {
                  wanted.current = name;
                }}
              >
                <span className="ap-step__number" aria-hidden="true">
                  {position + 1}
                </span>
                <span className="ap-step__label">{t(`agentPortal.step.${name}`)}</span>
              </button>
            </li>
          ))}
        </ol>
      </nav>
      <section className="ap-panel" aria-labelledby="wizard-step-title">
        <h2 id="wizard-step-title" className="ap-panel__title" tabIndex={-1}>
          {t('agentPortal.wizard.stepOf', { step: index + 1, total: steps.length })}{' '}
          {t(`agentPortal.step.${step}`)}
        </h2>
        {body}
      </section>
    </div>
  );
}
