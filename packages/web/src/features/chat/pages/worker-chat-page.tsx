import { ChatScreen } from '../components/chat-screen';

/** /datapuntoret/chat. The screen fills the frame below the header (taller on phones, where the links wrap). */
export function WorkerChatPage() {
  return <ChatScreen homePath="/datapuntoret" className="-mb-2 h-[calc(100dvh-9.5rem)] md:h-[calc(100dvh-7rem)]" />;
}
