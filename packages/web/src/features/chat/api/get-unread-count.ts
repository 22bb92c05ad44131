/**
 * Unread chat messages for the red dot on Chat / Chats. `GET /notifications/messages/unread`
 * (polled every 30 s, SPEC §4) arrives with the chat issue; until the server has it nothing is
 * unread, so the dot stays hidden rather than calling a route that does not exist yet.
 */
export function useUnreadCount(): number {
  return 0;
}
