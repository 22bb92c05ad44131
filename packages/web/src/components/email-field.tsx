import { useTranslation } from '../lib/i18n';
import { TextField, type TextFieldProps } from './text-field';

/** The e-mail address field of the visitor's forms (login, sign-up, verification, contact). */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete'>) {
  const { t } = useTranslation();
  return <TextField label={t('fields.email')} type="email" autoComplete="email" {...props} />;
}
