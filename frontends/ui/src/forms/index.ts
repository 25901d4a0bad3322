/*
 * @manzil/ui/forms: react-hook-form over the contracts' schemas (see frontends/README.md). An
 * entry of its own, shared on its own, so a page without a form (the home, the listings) loads
 * neither react-hook-form nor its resolver. Everything of the design system it uses comes from
 * '@manzil/ui' (the shared singleton), never by a relative path: a relative import would put a
 * second copy of those modules into this entry's chunk.
 */
// The form kit's own classes, loaded with this entry (the basic field classes are '@manzil/ui's).
import './forms.css';
export {
  SERVER_ERROR,
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
export { FormDialog, type FormDialogProps } from './form-dialog.js';
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
