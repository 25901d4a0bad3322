import { useIntl } from 'react-intl';
import type { ImageUploadTexts } from '@manzil/ui/forms';

/** The picture/logo upload's texts in the page's language (spec §5: jpeg, png, jpg, gif < 2 MB). */
export function useUploadTexts(): ImageUploadTexts {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return {
    choose: t('shell.upload.choose'),
    change: t('shell.upload.change'),
    uploading: t('shell.upload.uploading'),
    wrongType: t('shell.upload.wrongType'),
    tooBig: t('shell.upload.tooBig'),
    failed: t('shell.error.generic'),
    hint: t('shell.upload.hint'),
  };
}
