import { useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PHOTO_LIMITS,
  VIDEO_LIMITS,
  fieldMessage,
  propertyUpdateSchemaFor,
  type Language,
  type OwnedProperty,
  type PropertyPhoto,
} from '@manzil/contracts';
import { ApiError, apiFieldErrors, useFeedback, refetchAfterWrite } from '@manzil/ui';
import { TextField } from '@manzil/ui/forms';
import { listingKeys, propertyPaths, propertyWrite } from '../listings/listings-api.js';
import { typed, useDraftStep } from './draft-form.js';
import { StepForm, useT } from './step-parts.js';
import type { StepProps } from './wizard-page.js';

export interface VideoValues {
  videos: [string, string];
}

/** Spec §5 photos, checked before anything is sent: at most 10 per selection, each under 2 MB, jpeg/png/jpg/gif. */
export function photoSelectionProblem(files: readonly File[]): string | null {
  if (files.length === 0) return 'file.required';
  if (files.length > PHOTO_LIMITS.maxPerSelection) return 'photo.count';
  if (files.some((file) => !(PHOTO_LIMITS.types as readonly string[]).includes(file.type)))
    return 'file.type';
  if (files.some((file) => file.size >= PHOTO_LIMITS.maxBytes)) return 'file.size';
  return null;
}

/** Spec §5 videos, checked before anything is sent: mp4, under 50 MB, at most 2 with the links. */
export function videoProblem(file: File | undefined, videosSoFar: number): string | null {
  if (!file) return 'file.required';
  if (videosSoFar >= VIDEO_LIMITS.maxPerListing) return 'video.count';
  if (!(VIDEO_LIMITS.types as readonly string[]).includes(file.type) && !/\.mp4$/i.test(file.name))
    return 'video.type';
  if (file.size >= VIDEO_LIMITS.maxBytes) return 'video.size';
  return null;
}

function usePhotoWrites(property: OwnedProperty, language: Language) {
  const client = useQueryClient();
  const keep = (saved: OwnedProperty) => {
    client.setQueryData(listingKeys.one(language, saved.id), saved);
    void refetchAfterWrite(client, listingKeys.mine());
  };
  const upload = useMutation({
    mutationFn: (files: File[]) => {
      const body = new FormData();
      for (const file of files) body.append('files', file);
      return propertyWrite(propertyPaths.photos(property.id), language, { method: 'POST', body });
    },
    onSuccess: keep,
  });
  const reorder = useMutation({
    mutationFn: (ids: string[]) =>
      propertyWrite(propertyPaths.photoOrder(property.id), language, { method: 'PUT', body: { ids } }),
    onSuccess: keep,
  });
  const remove = useMutation({
    mutationFn: (photoId: string) =>
      propertyWrite(propertyPaths.photo(property.id, photoId), language, { method: 'DELETE' }),
    onSuccess: keep,
  });
  return { upload, reorder, remove };
}

/** Earlier and later in the order: the arrows point the way the page reads (mirrored in Arabic). */
const MOVES = [
  { by: -1, key: 'earlier', arrow: '←' },
  { by: 1, key: 'later', arrow: '→' },
] as const;

function moved(photos: PropertyPhoto[], index: number, by: number): string[] {
  const ids = photos.map((photo) => photo.id);
  const [id] = ids.splice(index, 1);
  ids.splice(index + by, 0, id);
  return ids;
}

function Photos({
  property,
  language,
  error,
  onSelection,
}: {
  property: OwnedProperty;
  language: Language;
  /** The step's own message (fewer than 6 photos to go on), until the next selection. */
  error: string | null;
  onSelection: () => void;
}) {
  const t = useT();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { toast } = useFeedback();
  const [problem, setProblem] = useState<string | null>(null);
  const { upload, reorder, remove } = usePhotoWrites(property, language);
  const photos = [...property.photos].sort((a, b) => a.position - b.position);
  const shown = error ?? problem;
  const failed = (failure: unknown) => {
    const field = apiFieldErrors(failure)[0];
    if (field) setProblem(field.message);
    else
      toast(
        'danger',
        failure instanceof ApiError && failure.message ? failure.message : t('agentPortal.error'),
      );
  };

  async function choose(files: File[]) {
    onSelection();
    const found = photoSelectionProblem(files);
    if (found) {
      setProblem(fieldMessage(found, language));
      return;
    }
    setProblem(null);
    try {
      await upload.mutateAsync(files);
    } catch (failure) {
      failed(failure);
    }
  }

  return (
    <fieldset className="mz-fieldset" data-testid="photos">
      <legend>{t('agentPortal.section.photos')}</legend>
      <p className="ap-hint" id={`${inputId}-hint`}>
        {t('agentPortal.hint.photos', { count: photos.length })}
      </p>
      <div className={shown ? 'mz-field mz-field--invalid' : 'mz-field'}>
        <input
          ref={input}
          id={inputId}
          name="photos"
          className="ap-upload__input"
          type="file"
          multiple
          accept="image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif"
          disabled={upload.isPending}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${inputId}-error` : `${inputId}-hint`}
          data-testid="photos-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            void choose(files);
          }}
        />
        <label className="ap-upload" htmlFor={inputId}>
          {upload.isPending ? t('agentPortal.upload.uploading') : t('agentPortal.upload.photos')}
        </label>
        {shown ? (
          <p className="mz-field__error" id={`${inputId}-error`} data-testid="photos-error">
            {shown}
          </p>
        ) : null}
      </div>
      {photos.length > 0 ? (
        <ol className="ap-photos" data-testid="photo-list">
          {photos.map((photo, index) => (
            <li key={photo.id} className="ap-photo" data-testid="photo-item">
              <img
                src={photo.urls.thumb}
                alt={t('agentPortal.photo.alt', { number: index + 1 })}
                width={160}
                height={120}
                style={photo.blurDataUrl ? { backgroundImage: `url(${photo.blurDataUrl})` } : undefined}
              />
              {index === 0 ? <span className="ap-photo__cover">{t('agentPortal.photo.cover')}</span> : null}
              <span className="ap-photo__actions">
                {MOVES.map(({ by, key, arrow }) => (
                  <button
                    key={key}
                    type="button"
                    className="mz-button mz-button--ghost mz-button--sm"
                    disabled={!photos[index + by] || reorder.isPending}
                    aria-label={t(`agentPortal.photo.${key}`, { number: index + 1 })}
                    data-testid={`photo-${key}`}
                    onClick={() => reorder.mutateAsync(moved(photos, index, by)).catch(failed)}
                  >
                    <span aria-hidden="true" className="ap-flip">
                      {arrow}
                    </span>
                  </button>
                ))}
                <button
                  type="button"
                  className="mz-button mz-button--ghost mz-button--sm"
                  disabled={remove.isPending}
                  aria-label={t('agentPortal.photo.delete', { number: index + 1 })}
                  data-testid="photo-delete"
                  onClick={() => remove.mutateAsync(photo.id).catch(failed)}
                >
                  {t('agentPortal.delete')}
                </button>
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </fieldset>
  );
}

/** Step 3: photos (uploaded at once, reordered, deleted) and up to 2 videos (links or mp4 uploads); at least 6 photos to go on. */
export function MediaStep({ property, language, site, advance, back, movingForward }: StepProps) {
  const t = useT();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const listing = property as OwnedProperty;
  const videos = Array.isArray(listing.draft.videos) ? (listing.draft.videos as unknown[]) : [];
  const { form, saveAndAdvance } = useDraftStep<VideoValues>({
    step: 'media',
    property: listing,
    language,
    schema: propertyUpdateSchemaFor(site),
    advance,
    defaults: { videos: [typed(videos[0]), typed(videos[1])] },
  });

  const client = useQueryClient();
  const videoInputId = useId();
  const [videoError, setVideoError] = useState<string | null>(null);
  const uploadVideo = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return propertyWrite(propertyPaths.videos(listing.id), language, { method: 'POST', body });
    },
    onSuccess: (saved) => {
      client.setQueryData(listingKeys.one(language, saved.id), saved);
      void refetchAfterWrite(client, listingKeys.mine());
    },
  });

  /** An mp4 goes up at once; its path fills the first free box, which saving keeps (clearing it removes the video). */
  async function chooseVideo(file: File | undefined) {
    const boxes = form.getValues('videos');
    const filled = boxes.filter((url) => url.trim() !== '');
    const found = videoProblem(file, filled.length);
    if (found || !file) {
      setVideoError(fieldMessage(found ?? 'file.required', language));
      return;
    }
    setVideoError(null);
    try {
      const saved = await uploadVideo.mutateAsync(file);
      const list = Array.isArray(saved.draft.videos) ? (saved.draft.videos as string[]) : [];
      form.setValue('videos', [typed(list[0]), typed(list[1])], { shouldDirty: true });
    } catch (failure) {
      const field = apiFieldErrors(failure)[0];
      setVideoError(
        field?.message ??
          (failure instanceof ApiError && failure.message ? failure.message : t('agentPortal.error')),
      );
    }
  }

  async function onSave(values: VideoValues) {
    if (movingForward() && listing.photos.length < PHOTO_LIMITS.minPerListing) {
      setPhotoError(fieldMessage('photo.min', language));
      document.querySelector<HTMLInputElement>('[data-testid="photos-input"]')?.focus();
      return null;
    }
    setPhotoError(null);
    return saveAndAdvance({
      videos: values.videos.filter((url) => url.trim() !== ''),
    } as unknown as VideoValues);
  }

  return (
    <StepForm form={form} onSave={onSave} step="media" back={back}>
      <Photos
        property={listing}
        language={language}
        error={listing.photos.length < PHOTO_LIMITS.minPerListing ? photoError : null}
        onSelection={() => setPhotoError(null)}
      />
      <fieldset className="mz-fieldset">
        <legend>{t('agentPortal.section.videos')}</legend>
        <p className="ap-hint">{t('agentPortal.hint.videos')}</p>
        <div className="ap-grid ap-grid--pair">
          <TextField
            control={form.control}
            name="videos.0"
            label={t('agentPortal.field.video1')}
            type="url"
            dir="ltr"
            testId="property-video-1"
          />
          <TextField
            control={form.control}
            name="videos.1"
            label={t('agentPortal.field.video2')}
            type="url"
            dir="ltr"
            testId="property-video-2"
          />
        </div>
        <div className={videoError ? 'mz-field mz-field--invalid' : 'mz-field'}>
          <input
            id={videoInputId}
            name="videoFile"
            className="ap-upload__input"
            type="file"
            accept="video/mp4,.mp4"
            disabled={uploadVideo.isPending}
            aria-invalid={videoError ? true : undefined}
            aria-describedby={videoError ? `${videoInputId}-error` : undefined}
            data-testid="video-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              void chooseVideo(file);
            }}
          />
          <label className="ap-upload" htmlFor={videoInputId}>
            {uploadVideo.isPending ? t('agentPortal.upload.uploading') : t('agentPortal.upload.video')}
          </label>
          {videoError ? (
            <p className="mz-field__error" id={`${videoInputId}-error`} data-testid="video-error">
              {videoError}
            </p>
          ) : null}
        </div>
      </fieldset>
    </StepForm>
  );
}
