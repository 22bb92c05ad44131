import { zodResolver } from '@hookform/resolvers/zod';
import { ZContactRequest } from '@puna/domain';
import { Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/alert';
import { CardPage } from '../../../components/card-page';
import { EmailField } from '../../../components/email-field';
import { Field } from '../../../components/field';
import { SubmitButton } from '../../../components/submit-button';
import { TextField } from '../../../components/text-field';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useSendContactMessage } from '../api/send-contact-message';

/** docs/product.md#contact: after sending, the success text shows and the landing page follows after 3 seconds. */
const RETURN_HOME_MS = 3000;

export function ContactPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const send = useSendContactMessage();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm({
    resolver: zodResolver(ZContactRequest),
    defaultValues: { name: '', email: '', message: '' },
  });

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => navigate('/'), RETURN_HOME_MS);
    return () => window.clearTimeout(timer);
  }, [sent, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send.mutateAsync(values);
      setSent(true);
    } catch (error) {
      // The first client only logged a failure (docs/product.md#contact); the person still deserves to know it did not go out.
      console.error('Contact message failed', error);
      setFailure(translateError(error, t('contact.failed')));
    }
    // docs/product.md#contact: the fields are cleared either way.
    reset();
  });

  const submitting = formState.isSubmitting || send.isPending;
  return (
    <CardPage
      wide
      title={t('contact.title')}
      subtitle={t('contact.subtitle')}
      back={{ to: '/', label: t('contact.back') }}
    >
      {sent ? (
        <Alert tone="success" className="mb-4">
          <p className="font-medium">{t('contact.sent')}</p>
          <p className="mt-0.5 text-emerald-800">{t('contact.returning')}</p>
        </Alert>
      ) : null}
      {failure ? (
        <Alert tone="error" className="mb-4">
          {failure}
        </Alert>
      ) : null}

      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <TextField
          label={t('contact.name')}
          autoComplete="name"
          error={formState.errors.name?.message}
          {...register('name')}
        />
        <EmailField error={formState.errors.email?.message} {...register('email')} />
        <Field label={t('contact.message')} error={formState.errors.message?.message}>
          {(control) => (
            <textarea
              rows={5}
              placeholder={t('contact.messagePlaceholder')}
              className="field-input resize-y"
              {...control}
              {...register('message')}
            />
          )}
        </Field>
        <SubmitButton
          className="btn-primary w-full"
          pending={submitting}
          disabled={submitting || sent}
          icon={<Send className="size-4" aria-hidden="true" />}
        >
          {t('contact.submit')}
        </SubmitButton>
      </form>
    </CardPage>
  );
}
