import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import type { ZodType } from 'zod';
import type { Language, OwnedProperty } from '@manzil/contracts';
import { useContractForm } from '@manzil/ui/forms';
import { refetchAfterWrite } from '@manzil/ui';
import { listingKeys, propertyPaths, propertyWrite } from '../listings/listings-api.js';

/** The wizard's steps, in order; the ad-licence step only on the Saudi site (spec §2). */
export const WIZARD_STEPS = ['basic', 'address', 'media', 'documents', 'licence', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** What a form holds for a draft value: text as typed ('' for nothing). */
export function typed(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** A localized text of the draft as two boxes. */
export function typedPair(value: unknown): { en: string; ar: string } {
  const pair = (value ?? {}) as { en?: unknown; ar?: unknown };
  return { en: typed(pair.en), ar: typed(pair.ar) };
}

/**
 * The schema's input made from the form: a blank box is "not given" (undefined), but its key
 * stays, so a rule that joins fields (a rent listing names at least one rent price) sees that
 * the step has those fields.
 */
export function blanksOut(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (Array.isArray(value)) return value.map(blanksOut).filter((item) => item !== undefined);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, blanksOut(inner)]));
  return value;
}

/** Typed but not yet saved values survive a reload (sessionStorage, per listing and step). */
const backupKey = (id: string | null, step: WizardStep) => `mz-wizard:${id ?? 'new'}:${step}`;

function readBackup<V>(key: string): V | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as V) : null;
  } catch {
    return null;
  }
}

function writeBackup(key: string, values: unknown) {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(values));
  } catch {
    // A full or blocked storage only loses the backup, never the saved draft.
  }
}

export function clearBackup(id: string | null, step: WizardStep) {
  try {
    window.sessionStorage.removeItem(backupKey(id, step));
  } catch {
    // see writeBackup
  }
}

export interface DraftStepOptions<V extends FieldValues> {
  step: WizardStep;
  property: OwnedProperty | null;
  language: Language;
  /** The contracts schema the endpoint checks the step's fields with. */
  schema: ZodType;
  defaults: V;
  /** What a new listing's first save sends (POST): the step's parsed values. */
  createBody?: (values: V) => unknown;
  /** Where the wizard goes once the step is saved. */
  advance: (saved: OwnedProperty) => void;
}

/**
 * A step of the wizard: a contracts form (checked on blur and on submit, the first invalid
 * field focused) whose save writes the draft: the first save starts it (POST), every later
 * one sends the step's boxes as they are (PATCH; a box left blank clears its field).
 */
export function useDraftStep<V extends FieldValues>({
  step,
  property,
  language,
  schema,
  defaults,
  createBody,
  advance,
}: DraftStepOptions<V>) {
  const id = property?.id ?? null;
  const key = backupKey(id, step);
  const client = useQueryClient();
  const form = useContractForm<V>({
    schema,
    defaultValues: (readBackup<V>(key) ?? defaults) as DefaultValues<V>,
    toInput: blanksOut,
  });
  useEffect(() => {
    const watching = form.watch((values) => writeBackup(key, values));
    return () => watching.unsubscribe();
  }, [form, key]);
  const save = useMutation({
    mutationFn: (values: V) =>
      id
        ? propertyWrite(propertyPaths.one(id), language, { method: 'PATCH', body: values })
        : propertyWrite(propertyPaths.create, language, {
            method: 'POST',
            body: createBody ? createBody(values) : blanksOut(values),
          }),
    onSuccess: (saved) => {
      clearBackup(id, step);
      client.setQueryData(listingKeys.one(language, saved.id), saved);
      void refetchAfterWrite(client, listingKeys.mine());
    },
  });
  /** Saves the step's boxes, then moves on. */
  const saveAndAdvance = async (values: V) => {
    const saved = await save.mutateAsync(values);
    advance(saved);
    return saved;
  };
  return { form, save, saveAndAdvance };
}
