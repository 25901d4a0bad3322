export {
  SERVER_ERROR,
  apiFieldErrors,
  contractResolver,
  errorText,
  flattenErrors,
  passwordMismatch,
  readError,
  showServerErrors,
  useContractForm,
  type ContractFormOptions,
  type CrossFieldRules,
} from './contract-form.js';
export {
  CheckboxField,
  EmailField,
  PasswordField,
  PhoneField,
  SelectField,
  TextAreaField,
  TextField,
  digitsOnly,
  useBoundField,
  type BoundField,
  type FormControl,
  type CheckboxFieldProps,
  type PasswordFieldProps,
  type PhoneFieldProps,
  type SelectFieldProps,
  type TextAreaFieldProps,
  type TextFieldProps,
} from './fields.js';
export {
  FormErrorSummary,
  SubmitButton,
  type FormErrorSummaryProps,
  type SubmitButtonProps,
} from './form-status.js';
export {
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_TYPES,
  ImageUpload,
  ImageUploadField,
  imageFileProblem,
  type ImageUploadFieldProps,
  type ImageUploadProps,
  type ImageUploadTexts,
} from './image-upload.js';
export { OtpField, OtpInput, type OtpFieldProps, type OtpInputProps } from './otp-input.js';
export { ConfirmDialog, Dialog, type ConfirmDialogProps, type DialogProps } from './dialog.js';
export {
  LoadingOverlay,
  TOAST_MS,
  Toast,
  useToastState,
  type ToastMessage,
  type ToastType,
} from './toast.js';
export {
  AGENT_LANGUAGES,
  AgentProfileFields,
  ContactFields,
  PasswordPairFields,
  PersonNameFields,
  type AgentProfileFieldsProps,
  type ContactFieldsProps,
  type PasswordPairFieldsProps,
  type PersonNameFieldsProps,
} from './field-groups.js';
