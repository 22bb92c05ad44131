import { ChatScreen } from '../components/chat-screen';

/**
 * /datapuntoret/chat. As the employer's: the screen fills the frame between the header and the tab
 * bar (phones) or the page's bottom padding (desktop).
 */
export function WorkerChatPage() {
  return (
    <ChatScreen homePath="/datapuntoret" className="-mb-16 h-[calc(100dvh-10rem)] lg:-mb-6 lg:h-[calc(100dvh-7rem)]" />
  );
}
