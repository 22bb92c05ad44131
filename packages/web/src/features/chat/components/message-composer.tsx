import { CHAT_MESSAGE_MAX } from '@puna/domain';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

type MessageComposerProps = {
  onSend: (content: string) => void;
  /** On phones Send is disabled while the text is blank (docs/product.md#chat). */
  isMobile: boolean;
};

/** The message input and Send: the text is trimmed and a blank one never sent (docs/product.md#chat). */
export function MessageComposer({ onSend, isMobile }: MessageComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const inputId = useId();
  const isBlank = text.trim() === '';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const content = text.trim();
    if (!content) return;
    onSend(content);
    setText('');
  }

  return (
    <form onSubmit={submit} className="flex items-center gap-2 border-t border-slate-200 bg-white p-3">
      <label htmlFor={inputId} className="sr-only">
        {t('chat.messageLabel')}
      </label>
      <input
        id={inputId}
        type="text"
        className="field-input min-w-0 flex-1 rounded-full px-4"
        placeholder={t('chat.placeholder')}
        value={text}
        maxLength={CHAT_MESSAGE_MAX}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="btn-primary shrink-0 rounded-full" disabled={isMobile && isBlank}>
        <SendHorizontal className="size-4" aria-hidden="true" />
        {t('chat.send')}
      </button>
    </form>
  );
}
