import type { TChat } from '@puna/domain';
import type { TFunction } from '../../../lib/i18n';
import { chatPreview, chatTitle, type TChatViewer } from '../chat-rules';

/** A chat's title as text (docs/product.md#chat). */
export function chatTitleText(chat: TChat, viewer: TChatViewer, t: TFunction): string {
  const title = chatTitle(chat, viewer.userType);
  if (title.kind === 'name') return title.text;
  return t(title.kind === 'unknownWorker' ? 'chat.unknownWorker' : 'chat.unknownEmployer');
}

/** A chat row's preview as text: 'You: …', 'Sender: …' or 'No messages yet'. */
export function chatPreviewText(chat: TChat, viewer: TChatViewer, t: TFunction): string {
  const preview = chatPreview(chat, viewer);
  if (preview.kind === 'none') return t('chat.noMessages');
  if (preview.kind === 'own') return t('chat.previewOwn', { content: preview.content });
  return t('chat.previewOther', { sender: preview.sender, content: preview.content });
}
