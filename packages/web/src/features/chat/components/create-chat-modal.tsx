import { CHAT_NAME_MAX, type TChat } from '@puna/domain';
import { type FormEvent, useId, useState } from 'react';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { useToast } from '../../../components/toast';
import { useTranslation } from '../../../lib/i18n';
import { translateError } from '../../../lib/i18n-errors';
import { useCreateChat } from '../api/create-chat';
import { useChatWorkers } from '../api/get-chat-workers';
import { chatRequestFor } from '../chat-rules';

type CreateChatModalProps = {
  open: boolean;
  onClose: () => void;
  /** The chat to open: the new one, or the existing one the server answered with. */
  onOpenChat: (chat: TChat) => void;
};

/** 'Create New Chat': workers with checkboxes, a group name when more than one is chosen. */
export function CreateChatModal({ open, onClose, onOpenChat }: CreateChatModalProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('chat.create.title')}>
      {/* Mounted only while open, so every opening starts with nothing selected. */}
      {open ? <CreateChatForm onClose={onClose} onOpenChat={onOpenChat} /> : null}
    </Modal>
  );
}

function CreateChatForm({ onClose, onOpenChat }: Omit<CreateChatModalProps, 'open'>) {
  const { t } = useTranslation();
  const toast = useToast();
  const workers = useChatWorkers(true);
  const createChat = useCreateChat();
  const [selected, setSelected] = useState<number[]>([]);
  const [groupName, setGroupName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const nameId = useId();
  const nameErrorId = useId();
  const legendId = useId();
  const isGroup = selected.length > 1;
  const isLoading = workers.isPending || createChat.isPending;

  function toggle(workerId: number) {
    setSelected((ids) => (ids.includes(workerId) ? ids.filter((id) => id !== workerId) : [...ids, workerId]));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = (workers.data ?? []).filter((worker) => selected.includes(worker.id));
    if (chosen.length === 0) {
      toast.error(t('chat.create.selectAtLeastOne'));
      return;
    }
    const request = chatRequestFor(chosen, groupName);
    if (request.type === 'group' && request.name === '') {
      setNameError(t('chat.create.groupNameRequired'));
      return;
    }
    try {
      const { chat, alreadyExisted } = await createChat.mutateAsync(request);
      if (alreadyExisted) toast.info(t('chat.create.exists'));
      onOpenChat(chat);
      onClose();
    } catch (error) {
      toast.error(t('chat.create.failed', { error: translateError(error, '') }));
    }
  }

  const list = workers.data ?? [];
  return (
    <form onSubmit={submit} noValidate>
      <fieldset aria-labelledby={legendId}>
        <legend id={legendId} className="field-label">
          {t('chat.create.workers')}
        </legend>
        {workers.isPending ? (
          <p className="flex items-center gap-2 py-3 text-sm text-slate-600" role="status">
            <Spinner className="size-4" />
            {t('chat.create.loadingWorkers')}
          </p>
        ) : list.length === 0 ? (
          <p className="py-3 text-sm text-slate-600">{t('chat.create.noWorkers')}</p>
        ) : (
          <ul className="max-h-64 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
            {list.map((worker) => (
              <li key={worker.id}>
                <label className="flex cursor-pointer items-center gap-3 px-3 py-2.5 text-sm hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    checked={selected.includes(worker.id)}
                    onChange={() => toggle(worker.id)}
                  />
                  <span className="min-w-0 wrap-anywhere text-slate-900">{worker.name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      {isGroup ? (
        <div className="mt-4">
          <label htmlFor={nameId} className="field-label">
            {t('chat.create.groupName')}
          </label>
          <input
            id={nameId}
            className="field-input"
            value={groupName}
            maxLength={CHAT_NAME_MAX}
            placeholder={t('chat.create.groupNamePlaceholder')}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? nameErrorId : undefined}
            onChange={(event) => {
              setGroupName(event.target.value);
              setNameError(null);
            }}
          />
          {nameError ? (
            <p id={nameErrorId} className="mt-1 text-sm text-red-700">
              {nameError}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="mt-6 flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t('chat.create.cancel')}
        </button>
        <button type="submit" className="btn-primary" disabled={selected.length === 0 || isLoading}>
          {createChat.isPending ? <Spinner className="size-4" /> : null}
          {t('chat.create.submit')}
        </button>
      </div>
    </form>
  );
}
