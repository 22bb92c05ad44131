import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chatSocket } from './chat-socket.mjs';

const RECEIVERS = fileURLToPath(new URL('./chat-receivers.mjs', import.meta.url));

/** @typedef {import('./chat-receivers.mjs').Command} Command */
/** @typedef {import('./chat-receivers.mjs').Reply} Reply */

/** Talks to the receiver process: `request(command, replyType)` resolves its reply. */
export function receiverProcess() {
  const child = fork(RECEIVERS, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  /** @type {Map<string, (reply: Reply) => void>} */
  const waiting = new Map();
  /** @type {Map<number, () => void>} */
  const completions = new Map();
  /** @type {Error | null} */
  let failure = null;
  child.on('message', (/** @type {Reply} */ message) => {
    if (message.type === 'complete') {
      completions.get(message.index)?.();
      return;
    }
    if (message.type === 'error') failure = new Error(message.message);
    const resolve = waiting.get(message.type);
    waiting.delete(message.type);
    resolve?.(message);
    if (failure) for (const other of waiting.values()) other({ type: 'error', message: failure.message });
  });
  return {
    /**
     * Sends a command and resolves the reply of that type.
     * @template {Reply['type']} T
     * @param {Command} command
     * @param {T} replyType
     * @returns {Promise<Extract<Reply, { type: T }>>}
     */
    async request(command, replyType) {
      /** @type {Promise<Reply>} */
      const reply = new Promise((resolve) => waiting.set(replyType, resolve));
      child.send(command);
      const message = await reply;
      if (failure) throw failure;
      return /** @type {Extract<Reply, { type: T }>} */ (message);
    },
    /**
     * Resolves true once every socket has message `index`, false after the timeout.
     * @param {number} index
     * @param {number} timeoutMs
     * @returns {Promise<boolean>}
     */
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

/**
 * The sender's socket (an employer session), WebSocket transport like the receivers.
 * @param {string} url
 * @param {string} token
 * @returns {Promise<import('socket.io-client').Socket>}
 */
export function connectSender(url, token) {
  const socket = chatSocket(url, token);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
