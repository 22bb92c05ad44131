import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import {
  type CSSProperties,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from '../lib/i18n';

type ToastTone = 'success' | 'error' | 'info';
type Toast = { id: number; tone: ToastTone; message: string };
type ToastApi = {
  success: (message: string) => void;
  error: (message: string) => void;
  /** Neither a success nor a failure: something the person should know (e.g. "this chat already exists"). */
  info: (message: string) => void;
};

const ToastContext = createContext<ToastApi | null>(null);
const VISIBLE_MS = 6000;
/** At most this many at once: a new one pushes the oldest out rather than stacking deeper. */
const MAX_VISIBLE = 2;
/** Space between the page's header and the first toast (px). */
const GAP_BELOW_HEADER = 12;

const tones = {
  success: { icon: CircleCheck, border: 'border-emerald-200', colour: 'text-emerald-600' },
  error: { icon: CircleAlert, border: 'border-red-200', colour: 'text-red-600' },
  info: { icon: Info, border: 'border-sky-200', colour: 'text-sky-700' },
} as const;

/**
 * The bottom edge of the page's top bar as drawn now (with the impersonation banner, if shown); 0
 * when none is in view. A header further down (a chat's title bar) does not count.
 */
function headerBottom(): number {
  let bottom = 0;
  for (const header of document.querySelectorAll('header')) {
    const box = header.getBoundingClientRect();
    if (box.top <= 1 && box.height > 0) bottom = Math.max(bottom, box.bottom);
  }
  return Math.round(bottom);
}

/**
 * Short messages that survive navigation (e.g. "Email verified!" shown on the landing page). On a
 * phone they sit at the bottom centre, above the tab bar; on wider screens at the top centre just
 * below the header, so they never cover Logout, the menu button, Login, a page's Close or the
 * impersonation banner's Go Back.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [top, setTop] = useState(0);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const show = useCallback(
    (tone: ToastTone, message: string) => {
      const id = nextId.current++;
      setTop(headerBottom());
      // The same sentence again replaces the earlier one instead of repeating it.
      setToasts((list) => [
        ...list.filter((toast) => toast.message !== message).slice(-(MAX_VISIBLE - 1)),
        { id, tone, message },
      ]);
      window.setTimeout(() => dismiss(id), VISIBLE_MS);
    },
    [dismiss],
  );
  const api = useMemo<ToastApi>(
    () => ({
      success: (message) => show('success', message),
      error: (message) => show('error', message),
      info: (message) => show('info', message),
    }),
    [show],
  );

  // A toast shown before the page's header was drawn (a lazily loaded page after a navigation), or
  // across a resize, follows the header: measured again on the next frame after any change.
  const visible = toasts.length > 0;
  useEffect(() => {
    if (!visible) return;
    let frame = 0;
    const follow = () => {
      window.cancelAnimationFrame(frame);
      frame = window.requestAnimationFrame(() => setTop(headerBottom()));
    };
    follow();
    const changes = new MutationObserver(follow);
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', follow);
    return () => {
      window.cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener('resize', follow);
    };
  }, [visible]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <section
        aria-label={t('common.notifications')}
        style={{ '--toast-top': `${top + GAP_BELOW_HEADER}px` } as CSSProperties}
        className="pointer-events-none fixed inset-x-0 bottom-[calc(env(safe-area-inset-bottom)+5rem)] z-[60] flex flex-col items-center gap-2 px-3 sm:top-(--toast-top) sm:bottom-auto"
      >
        {toasts.map((toast) => {
          const tone = tones[toast.tone];
          const Icon = tone.icon;
          return (
            <div
              key={toast.id}
              role={toast.tone === 'error' ? 'alert' : 'status'}
              data-tone={toast.tone}
              className={`pointer-events-auto flex w-full max-w-sm animate-pop-in items-start gap-3 rounded-xl border bg-white px-4 py-3 text-sm shadow-lg ${tone.border}`}
            >
              <Icon className={`mt-0.5 size-5 shrink-0 ${tone.colour}`} aria-hidden="true" />
              <p className="min-w-0 flex-1 wrap-anywhere text-slate-800">{toast.message}</p>
              <button
                type="button"
                onClick={() => dismiss(toast.id)}
                className="-m-1 shrink-0 rounded p-1 text-slate-500 hover:text-slate-800"
                aria-label={t('common.dismiss')}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            </div>
          );
        })}
      </section>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
