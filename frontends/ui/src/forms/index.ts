export {
  passwordMismatch,
  problemText,
  problemsOfApiError,
  problemsOfIssues,
  useForm,
  type FieldProblem,
  type FieldProblems,
} from './use-form.js';
export {
  CheckboxField,
  PasswordField,
  PhoneField,
  SelectField,
  TextAreaField,
  TextField,
  digitsOnly,
  type CheckboxFieldProps,
  type PasswordFieldProps,
  type PhoneFieldProps,
  type SelectFieldProps,
  type TextAreaFieldProps,
  type TextFieldProps,
} from './fields.js';
export {
  IMAGE_UPLOAD_MAX_BYTES,
  IMAGE_UPLOAD_TYPES,
  ImageUpload,
  imageFileProblem,
  type ImageUploadProps,
  type ImageUploadTexts,
} from './image-upload.js';
export { OtpInput, type OtpInputProps } from './otp-input.js';
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
  EmailField,
  PasswordPairFields,
  PersonNameFields,
  type AgentProfileFieldsProps,
  type ContactFieldsProps,
  type EmailFieldProps,
  type PasswordPairFieldsProps,
  type PersonNameFieldsProps,
} from './field-groups.js';
