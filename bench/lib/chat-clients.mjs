import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { io } from 'socket.io-client';

const RECEIVERS = fileURLToPath(new URL('./chat-receivers.mjs', import.meta.url));

/** Talks to the receiver process: `request(command, replyType)` resolves its reply. */
export function receiverProcess() {
  const child = fork(RECEIVERS, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const waiting = new Map();
  const completions = new Map();
  let failure = null;
  child.on('message', (message) => {
    if (message.type === 'complete') {
      completions.get(message.index)?.();
      return;
    }
    if (message.type === 'error') failure = new Error(message.message);
    const resolve = waiting.get(message.type);
    waiting.delete(message.type);
    resolve?.(message);
    if (failure) for (const other of waiting.values()) other({ type: 'error' });
  });
  return {
    async request(command, replyType) {
      const reply = new Promise((resolve) => waiting.set(replyType, resolve));
      child.send(command);
      const message = await reply;
      if (failure) throw failure;
      return message;
    },
    /** Resolves true once every socket has message `index`, false after the timeout. */
    whenComplete(index, timeoutMs) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          completions.delete(index);
          resolve(false);
        }, timeoutMs);
        completions.set(index, () => {
          clearTimeout(timer);
          completions.delete(index);
          resolve(true);
        });
      });
    },
    close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'close' });
      return exited;
    },
  };
}

/** The sender's socket (an employer session), WebSocket transport like the receivers. */
export function connectSender(url, token) {
  const socket = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
