import { io } from 'socket.io-client';

/**
 * A Socket.IO connection of one session, as the web app opens it (WebSocket transport), without
 * reconnecting and not shared with another socket to the same server. It starts connecting at once.
 * @param {string} url
 * @param {string} token the session token it authenticates with
 * @returns {import('socket.io-client').Socket}
 */
export function chatSocket(url, token) {
  return io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
}
