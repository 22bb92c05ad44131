import { ChatScreen } from '../components/chat-screen';

/**
 * /kryepuntor/chat. The screen fills the frame between the header and the tab bar (phones) or
 * the page's bottom padding (desktop); the negative margin takes back part of that padding.
 */
export function EmployerChatPage() {
  return (
    <ChatScreen homePath="/kryepuntor" className="-mb-16 h-[calc(100dvh-10rem)] lg:-mb-6 lg:h-[calc(100dvh-7rem)]" />
  );
}
